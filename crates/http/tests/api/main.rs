//! In-process HTTP tests of the v2beta1 API: request in, exact status and JSON out.

#![allow(clippy::unwrap_used)] // helpers outside #[test] fns: a failed unwrap is a failed test

mod common;

mod account_associations;
mod advisories;
mod audit;
mod authorization;
mod dead_letters;
mod errors;
mod escalation;
mod filters;
mod group_invites;
mod identity_providers;
mod narrowed_tokens;
mod onboarding;
mod openapi;
mod paging;
mod ping;
mod registry;
mod registry_access;
mod resources;
mod scim;
mod scim_provisioning;
mod seed;
mod subscriptions;
mod terms;
mod text_input;
