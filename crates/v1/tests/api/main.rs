//! In-process HTTP tests of the version 1 facade: request in, exact status and JSON out.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

mod common;

mod account_associations;
mod advisories;
mod authorization;
mod errors;
mod group_invites;
mod groups;
mod identities;
mod identity_providers;
mod registry;
mod role_bindings;
mod roles;
