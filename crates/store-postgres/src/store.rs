//! [`PostgresStore`]: the connection pool, connection setup, health and list plans.

use std::sync::Arc;

use deadpool::managed::{Hook, HookError};
use diesel::ConnectionError;
use diesel_async::pooled_connection::deadpool::{Object, Pool};
use diesel_async::pooled_connection::{AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, SimpleAsyncConnection as _};
use futures_util::FutureExt as _;
use grove_domain::listing::ListQuery;
use grove_domain::ports::{GrantsChangedSignal, StoreHealth};
use grove_domain::{Error, Result};

use crate::config::{redact_url, PostgresConfig};
use crate::error::{internal, pool_error, startup_connection_error, unavailable};
use crate::listen::{EventSignal, GrantsSignal};
use crate::listing::explain;
use crate::outbox::OutboxWriter;

/// The connection pool the store runs on.
pub type PgPool = Pool<AsyncPgConnection>;

/// Every store port on PostgreSQL. Cheap to clone: clones share one pool.
#[derive(Clone)]
pub struct PostgresStore {
    pool: PgPool,
    events: Arc<EventSignal>,
    grants: Arc<GrantsSignal>,
    node: String,
    record_events: bool,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore").field("pool", &self.pool.status()).finish()
    }
}

/// A list a store can explain (see [`PostgresStore::explain_list`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListResource {
    /// `list_groups`.
    Groups,
    /// `list_identities`.
    Identities,
    /// `list_roles`.
    Roles,
    /// `list_role_bindings`.
    RoleBindings,
    /// `list_repos`.
    Repos,
    /// `list_tags`.
    Tags,
    /// `list_identity_providers`.
    IdentityProviders,
    /// `list_external_group_role_mappings`.
    ExternalGroupRoleMappings,
    /// `list_advisories`.
    Advisories,
    /// `list_group_invites`.
    GroupInvites,
}

/// The `EXPLAIN` output of the two statements a list runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPlans {
    /// The page query (filter, seek, order, skip, limit).
    pub page: Vec<String>,
    /// The total count query (filter and visibility).
    pub count: Vec<String>,
    /// The query of the uids a name's list reads before its page, to test the caller's scopes
    /// on them (empty when the list reads none).
    pub candidates: Vec<String>,
}

impl ListPlans {
    /// True when either plan reads a whole table (`Seq Scan`).
    #[must_use]
    pub fn has_seq_scan(&self) -> bool {
        self.page.iter().chain(&self.count).chain(&self.candidates).any(|line| line.contains("Seq Scan"))
    }
}

impl PostgresStore {
    /// Builds the pool and checks that the database answers.
    ///
    /// # Errors
    /// `UNAVAILABLE` when the database cannot be reached within the connect timeout, with the
    /// server's reason (database missing, authentication failed, …);
    /// `INTERNAL` for an invalid URL or pool settings.
    pub async fn connect(config: &PostgresConfig) -> Result<Self> {
        // One direct connection first: the pool would only say "unavailable", and whoever
        // starts Grove needs the reason.
        let first =
            tokio::time::timeout(config.connect_timeout, AsyncPgConnection::establish(&config.connection_url()))
                .await
                .map_err(|_| {
                    Error::Unavailable(format!(
                        "cannot connect to the database: no answer within {} ms",
                        config.connect_timeout.as_millis()
                    ))
                })?
                .map_err(|e| startup_connection_error(e, &config.url))?;
        drop(first);
        let store = Self::connect_lazy(config)?;
        store.ping().await?;
        tracing::info!(url = %redact_url(&config.url), max_connections = config.max_connections, "connected to postgres");
        Ok(store)
    }

    /// Builds the pool without connecting; connections open on first use.
    ///
    /// # Errors
    /// `INTERNAL` for invalid pool settings.
    pub fn connect_lazy(config: &PostgresConfig) -> Result<Self> {
        let connect_timeout = config.connect_timeout;
        // `SET` takes no bind parameters; the value is a number we format ourselves.
        let session = format!(
            "SET statement_timeout = {}; SET random_page_cost = 1.1",
            config.statement_timeout.as_millis().max(1)
        );
        let session = Arc::new(session);
        let mut manager_config = ManagerConfig::<AsyncPgConnection>::default();
        // Broken connections are dropped by the pool (`is_broken`); a verifying round trip
        // on every checkout would cost more than the rare retry it saves.
        manager_config.recycling_method = RecyclingMethod::Fast;
        manager_config.custom_setup = Box::new(move |url| {
            let session = Arc::clone(&session);
            let url = url.to_owned();
            async move {
                let mut conn = tokio::time::timeout(connect_timeout, AsyncPgConnection::establish(&url))
                    .await
                    .map_err(|_| ConnectionError::BadConnection("timed out connecting to postgres".to_owned()))??;
                conn.batch_execute(&session).await.map_err(ConnectionError::CouldntSetupConfiguration)?;
                Ok(conn)
            }
            .boxed()
        });
        let manager = AsyncDieselConnectionManager::new_with_config(config.connection_url(), manager_config);
        let pool = Pool::builder(manager)
            // After a sign of a failover, connections opened before it are dropped here,
            // at checkout, and the pool opens new ones (see `crate::stale`).
            .pre_recycle(Hook::sync_fn(|_, metrics| {
                if crate::stale::is_stale(metrics.created) {
                    Err(HookError::message("opened before the server went away or became read-only"))
                } else {
                    Ok(())
                }
            }))
            .max_size(config.max_connections.max(1))
            .wait_timeout(Some(connect_timeout))
            .create_timeout(Some(connect_timeout))
            .recycle_timeout(Some(connect_timeout))
            .runtime(deadpool::Runtime::Tokio1)
            .build()
            .map_err(|e| internal(format!("cannot build the connection pool: {e}")))?;
        let events = Arc::new(EventSignal::new(pool.clone()));
        // Identifies this store's own grants notifications, which its listener skips.
        let node = format!("{:016x}", rand_node_id());
        let grants = Arc::new(GrantsSignal::new(pool.clone(), node.clone()));
        Ok(Self { pool, events, grants, node, record_events: config.record_events })
    }

    /// The outbox writer of one store method (see [`OutboxWriter`]).
    pub(crate) fn outbox(&self) -> OutboxWriter {
        OutboxWriter::new(self.events.clone(), self.record_events)
    }

    /// Resolves when a write of this store has committed an event since the last call (or
    /// at the next one): how the relay of this process wakes at once.
    pub async fn event_committed(&self) {
        self.events.raised().await;
    }

    /// What tells the other nodes that grants changed (`NOTIFY` on
    /// [`GRANTS_CHANNEL`](crate::GRANTS_CHANNEL)); hand it to the grants cache.
    #[must_use]
    pub fn grants_signal(&self) -> Arc<dyn GrantsChangedSignal> {
        self.grants.clone()
    }

    /// This store's id in its grants notifications: what [`crate::listen`] skips.
    #[must_use]
    pub fn node_id(&self) -> &str {
        &self.node
    }

    /// The pool (for tools that time raw SQL through the same connections).
    #[must_use]
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// A pooled connection.
    pub(crate) async fn conn(&self) -> Result<Object<AsyncPgConnection>> {
        self.pool.get().await.map_err(pool_error)
    }

    /// The plans Postgres chooses for the statements `query` runs on `resource`.
    ///
    /// # Errors
    /// Store failures.
    pub async fn explain_list(&self, resource: ListResource, query: &ListQuery) -> Result<ListPlans> {
        let conn = self.conn().await?;
        let (page, count, candidates) = match resource {
            ListResource::Groups => explain(&conn, query, crate::groups::group_listing).await?,
            ListResource::Identities => explain(&conn, query, crate::identities::identity_listing).await?,
            ListResource::Roles => explain(&conn, query, crate::roles::role_listing).await?,
            ListResource::Repos => explain(&conn, query, crate::registry::repo_listing).await?,
            ListResource::Tags => explain(&conn, query, crate::registry::tag_listing).await?,
            ListResource::RoleBindings => explain(&conn, query, crate::role_bindings::binding_listing).await?,
            ListResource::IdentityProviders => {
                explain(&conn, query, crate::identity_providers::identity_provider_listing).await?
            }
            ListResource::GroupInvites => explain(&conn, query, crate::group_invites::group_invite_listing).await?,
            ListResource::ExternalGroupRoleMappings => {
                explain(&conn, query, crate::identity_providers::mapping_listing).await?
            }
            ListResource::Advisories => explain(&conn, query, crate::advisories::advisory_listing).await?,
        };
        Ok(ListPlans { page, count, candidates })
    }
}

/// A random id, unique among the nodes of a deployment for all practical purposes (the
/// crate's `rand` is only for tests; a hash of fresh process state is enough here).
fn rand_node_id() -> u64 {
    use std::hash::{BuildHasher as _, Hasher as _};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher
        .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    hasher.write_u32(std::process::id());
    hasher.finish()
}

#[async_trait::async_trait]
impl StoreHealth for PostgresStore {
    async fn ping(&self) -> Result<()> {
        let mut conn = self.conn().await?;
        conn.batch_execute("SELECT 1").await.map_err(|e| {
            tracing::warn!(error = %e, "postgres ping failed");
            unavailable()
        })
    }
}
