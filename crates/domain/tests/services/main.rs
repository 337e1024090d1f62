//! Domain unit tests: every service rule (validation, authorization, paging, errors) run
//! against mockall mocks of the ports. One test binary, one module per service.

mod common;

mod account_associations;
mod advisories;
mod authenticator;
mod authorization;
mod dead_letters;
mod group_invites;
mod groups;
mod identities;
mod identity_providers;
mod narrowed_tokens;
mod paging;
mod registry;
mod role_bindings;
mod roles;
mod scim;
mod subscriptions;
mod terms;
