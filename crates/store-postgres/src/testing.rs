//! Throwaway databases for tests and benchmarks (feature `testing`).
//!
//! Each [`TestDatabase`] is a fresh database cloned from a template that was migrated once
//! per migration fingerprint. Template creation and cloning are serialized across processes
//! (nextest runs each test in its own) with a Postgres advisory lock. The server comes from
//! `TEST_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`), which must
//! name a role allowed to create databases.

use std::sync::Arc;

use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _, SimpleAsyncConnection as _};
use grove_domain::Result;
use rand::RngCore as _;

use crate::config::with_database;
use crate::error::{connection_error, internal, unexpected};
use crate::{run_migrations, PostgresConfig, PostgresStore};

/// The server tests use when `TEST_DATABASE_URL` is not set.
pub const DEFAULT_TEST_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// Serializes template creation and cloning across test processes.
const TEMPLATE_LOCK: i64 = 0x67_726f_7665_7470; // "grovetp"

const TEMPLATE_PREFIX: &str = "grove_template_";

const TEST_PREFIX: &str = "grove_test_";

/// Test databases older than this are left over from runs that died before cleaning up.
const ABANDONED_AFTER_SECS: u64 = 6 * 60 * 60;

fn unix_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The template name for the migrations this crate embeds: the build script's fingerprint of
/// every migration file, hashed with the names of the migrations actually embedded, so that a
/// binary whose embedded set lags its fingerprint (builds of several checkouts sharing one
/// target directory) never reuses, or builds, a template under another set's name.
fn template_name() -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let names = diesel::migration::MigrationSource::<diesel::pg::Pg>::migrations(&crate::migrations::MIGRATIONS)
        .map(|all| all.iter().map(|m| m.name().to_string()).collect::<Vec<_>>())
        .unwrap_or_default();
    for byte in env!("GROVE_MIGRATIONS_FINGERPRINT").bytes().chain(names.iter().flat_map(|n| n.bytes().chain([0]))) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{TEMPLATE_PREFIX}{hash:016x}")
}

/// The server URL tests run against.
#[must_use]
pub fn test_server_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_TEST_DATABASE_URL.to_owned())
}

/// A migrated database of its own, dropped by [`TestDatabase::cleanup`].
pub struct TestDatabase {
    name: String,
    url: String,
    server_url: String,
    store: Arc<PostgresStore>,
}

impl std::fmt::Debug for TestDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestDatabase").field("name", &self.name).finish_non_exhaustive()
    }
}

async fn database_exists(conn: &mut AsyncPgConnection, name: &str) -> Result<bool> {
    use diesel::sql_types::{BigInt, Text};
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let count: Count = diesel::sql_query("SELECT count(*) AS n FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(name)
        .get_result(conn)
        .await
        .map_err(unexpected)?;
    Ok(count.n > 0)
}

/// Databases whose name starts with `prefix`.
async fn databases_named(conn: &mut AsyncPgConnection, prefix: &str) -> Result<Vec<String>> {
    use diesel::sql_types::Text;
    #[derive(diesel::QueryableByName)]
    struct Name {
        #[diesel(sql_type = Text)]
        datname: String,
    }
    let names: Vec<Name> = diesel::sql_query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)")
        .bind::<Text, _>(prefix)
        .load(conn)
        .await
        .map_err(unexpected)?;
    Ok(names.into_iter().map(|n| n.datname).collect())
}

async fn drop_database(conn: &mut AsyncPgConnection, name: &str) -> Result<()> {
    conn.batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await.map_err(unexpected)
}

impl TestDatabase {
    /// Creates a fresh, migrated database with the default pool settings.
    ///
    /// # Errors
    /// Store failures (the server is unreachable, or the role may not create databases).
    pub async fn create() -> Result<Self> {
        let server_url = test_server_url();
        let mut admin = AsyncPgConnection::establish(&server_url).await.map_err(connection_error)?;
        let name = {
            let mut bytes = [0u8; 8];
            rand::thread_rng().fill_bytes(&mut bytes);
            // The creation time in the name lets later runs drop databases a dead run left.
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("{TEST_PREFIX}{}_{hex}", unix_secs())
        };
        admin.batch_execute(&format!("SELECT pg_advisory_lock({TEMPLATE_LOCK})")).await.map_err(unexpected)?;
        let created = Self::clone_template(&mut admin, &server_url, &name).await;
        admin.batch_execute(&format!("SELECT pg_advisory_unlock({TEMPLATE_LOCK})")).await.map_err(unexpected)?;
        created?;
        let url = with_database(&server_url, &name);
        let mut config = PostgresConfig::new(url.clone());
        config.max_connections = 8;
        let store = Arc::new(PostgresStore::connect(&config).await?);
        Ok(Self { name, url, server_url, store })
    }

    /// Under the template lock: makes sure the template exists, then clones it as `name`.
    async fn clone_template(admin: &mut AsyncPgConnection, server_url: &str, name: &str) -> Result<()> {
        let template = template_name();
        let now = unix_secs();
        for leftover in databases_named(admin, TEST_PREFIX).await? {
            let created = leftover.strip_prefix(TEST_PREFIX).and_then(|rest| rest.split('_').next());
            if created.and_then(|secs| secs.parse::<u64>().ok()).is_some_and(|secs| secs + ABANDONED_AFTER_SECS < now) {
                drop_database(admin, &leftover).await?;
            }
        }
        if !database_exists(admin, &template).await? {
            for stale in databases_named(admin, TEMPLATE_PREFIX).await? {
                if stale != template {
                    drop_database(admin, &stale).await?;
                }
            }
            // Migrated under a temporary name and renamed when complete, so a crash midway
            // never leaves a half-migrated template behind.
            let building = format!("{template}_building");
            drop_database(admin, &building).await?;
            admin.batch_execute(&format!("CREATE DATABASE \"{building}\"")).await.map_err(unexpected)?;
            run_migrations(&with_database(server_url, &building)).await?;
            admin
                .batch_execute(&format!("ALTER DATABASE \"{building}\" RENAME TO \"{template}\""))
                .await
                .map_err(unexpected)?;
        }
        admin.batch_execute(&format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\"")).await.map_err(unexpected)
    }

    /// The store on this database.
    #[must_use]
    pub fn store(&self) -> Arc<PostgresStore> {
        Arc::clone(&self.store)
    }

    /// The URL of this database (secret-free for the default test server).
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The database name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Closes the pool and drops the database, ending any connection still open to it.
    ///
    /// # Errors
    /// Store failures.
    pub async fn cleanup(self) -> Result<()> {
        self.store.pool().close();
        drop(self.store);
        let mut admin = AsyncPgConnection::establish(&self.server_url).await.map_err(connection_error)?;
        admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name))
            .await
            .map_err(|e| internal(format!("cannot drop test database {}: {e}", self.name)))
    }
}

/// A test fixture's database, dropped with the fixture: for owners that have no async place
/// to call [`TestDatabase::cleanup`] (their `Drop`). Empty when the fixture runs on another
/// store.
#[derive(Debug, Default)]
pub struct DatabaseGuard(Option<TestDatabase>);

impl DatabaseGuard {
    /// Guards `database`, if any.
    #[must_use]
    pub fn new(database: Option<TestDatabase>) -> Self {
        Self(database)
    }
}

impl Drop for DatabaseGuard {
    fn drop(&mut self) {
        if let Some(db) = self.0.take() {
            // Dropping the database needs async I/O; do it on a runtime of its own.
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
                if let Ok(runtime) = runtime {
                    let _ = runtime.block_on(db.cleanup());
                }
            })
            .join();
        }
    }
}
