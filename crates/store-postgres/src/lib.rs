#![doc = include_str!("../README.md")]

mod account_associations;
mod advisories;
mod audit;
mod config;
mod console_sessions;
mod dead_letters;
mod error;
mod group_invites;
mod groups;
mod identities;
mod identity_providers;
mod listen;
mod listing;
mod logins;
mod mapped_bindings;
mod migrations;
mod onboarding;
mod outbox;
mod registry;
mod role_bindings;
mod roles;
mod rows;
#[cfg(feature = "testing")]
pub mod scale;
mod scim;
mod scim_provisioning;
mod stale;
#[rustfmt::skip]
mod schema;
mod store;
mod terms;
#[cfg(feature = "testing")]
pub mod testing;
mod tx;

pub use config::{redact_url, PostgresConfig};
pub use error::{UNAVAILABLE_MESSAGE, UNSTORABLE_TEXT_MESSAGE};
pub use listen::{listen, NotificationHandlers, GRANTS_CHANNEL};
pub use migrations::{
    built_in_roles_created, migration_status, run_migrations, MigrationStatus, BUILT_IN_ROLES_CREATED_MILLIS,
    MIGRATIONS,
};
pub use outbox::EVENTS_CHANNEL;
pub use store::{ListPlans, ListResource, PgPool, PostgresStore};
