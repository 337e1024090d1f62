//! The embedded migrations (`migrations/` at the workspace root) and how to apply them.

use diesel::migration::MigrationSource;
use diesel::{Connection as _, RunQueryDsl as _};
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::AsyncPgConnection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness as _};
use grove_domain::{Result, Timestamp};

use crate::error::{internal, startup_connection_error, unexpected};

/// Every migration, embedded at build time.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

/// The create and update time the seeding migration gives the built-in roles
/// (2026-11-22T00:00:00Z): the seeded rows equal `built_in_roles(BUILT_IN_ROLES_CREATED)`.
pub const BUILT_IN_ROLES_CREATED_MILLIS: i64 = 1_795_305_600_000;

/// [`BUILT_IN_ROLES_CREATED_MILLIS`] as a timestamp.
#[must_use]
pub fn built_in_roles_created() -> Timestamp {
    Timestamp::from_unix_millis(BUILT_IN_ROLES_CREATED_MILLIS).unwrap_or_else(|| unreachable!("a valid constant"))
}

/// Serializes concurrent migration runs (several grove processes starting at once).
const MIGRATION_LOCK: i64 = 0x67_726f_7665_6d69; // "grovemi"

/// Applies every pending migration to the database at `url`; returns the versions applied.
///
/// Runs diesel's synchronous migration harness over diesel-async's connection (no libpq)
/// on a blocking thread, holding a session advisory lock so that concurrent runs wait for
/// each other instead of racing.
///
/// # Errors
/// `UNAVAILABLE` when the database cannot be reached; `INTERNAL` when a migration fails.
pub async fn run_migrations(url: &str) -> Result<Vec<String>> {
    let url = url.to_owned();
    tokio::task::spawn_blocking(move || {
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url)
            .map_err(|e| startup_connection_error(e, &url))?;
        diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
            .execute(&mut conn)
            .map_err(unexpected)?;
        let applied = conn
            .run_pending_migrations(MIGRATIONS)
            .map(|versions| versions.iter().map(ToString::to_string).collect::<Vec<_>>())
            .map_err(|e| internal(format!("a migration failed: {e}")));
        diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
            .execute(&mut conn)
            .map_err(unexpected)?;
        let applied = applied?;
        if !applied.is_empty() {
            tracing::info!(?applied, "applied database migrations");
        }
        Ok(applied)
    })
    .await
    .map_err(|e| internal(format!("the migration task failed: {e}")))?
}

/// Which of the embedded migrations a database has, and which it lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationStatus {
    /// Versions applied, oldest first (including any this build does not know).
    pub applied: Vec<String>,
    /// Versions this build would apply, in order.
    pub pending: Vec<String>,
}

/// The migration status of the database at `url`, changing nothing but diesel's own
/// bookkeeping table, which is created when missing.
///
/// # Errors
/// `UNAVAILABLE` when the database cannot be reached; `INTERNAL` when the bookkeeping
/// cannot be read.
pub async fn migration_status(url: &str) -> Result<MigrationStatus> {
    let url = url.to_owned();
    tokio::task::spawn_blocking(move || {
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url)
            .map_err(|e| startup_connection_error(e, &url))?;
        let mut applied: Vec<String> = conn
            .applied_migrations()
            .map_err(|e| internal(format!("reading the applied migrations failed: {e}")))?
            .iter()
            .map(ToString::to_string)
            .collect();
        applied.sort();
        let known = MigrationSource::<diesel::pg::Pg>::migrations(&MIGRATIONS)
            .map_err(|e| internal(format!("reading the embedded migrations failed: {e}")))?;
        let mut pending: Vec<String> =
            known.iter().map(|m| m.name().version().to_string()).filter(|v| !applied.contains(v)).collect();
        pending.sort();
        Ok(MigrationStatus { applied, pending })
    })
    .await
    .map_err(|e| internal(format!("the migration task failed: {e}")))?
}
