//! `grove serve`: builds the application from the configuration and serves HTTP until
//! SIGTERM or ctrl-c, finishing the requests in flight.

use std::future::Future;
use std::sync::Arc;

use anyhow::Context as _;
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, Store, SystemClock};
use grove_domain::secrets::SecretKeyring;
use grove_domain::services::ServerSideLogin;
use grove_domain::services::{BootstrapService, Deps, ExchangeService, RegistryAccessService, Services};
use grove_domain::Uidp;
use grove_store_memory::MemoryStore;
use grove_sts::registry::token::RegistryTokens;
use grove_sts::registry::RegistryAuth;
use grove_sts::{ApiTokens, AwsStsClient, Fetcher, OidcHttpClient, OidcVerifier, SigningKey, StsConfig};

use crate::app::{self, AppConfig};
use crate::config::Config;
use crate::events;
use crate::http_server;
use crate::telemetry::GaugeSource;
use crate::tls::ReloadingTls;

/// How long the token printed by `--dev` lives.
const DEV_TOKEN_HOURS: i64 = 24;
/// Name of the organization `--dev` creates.
pub const DEV_ORG: &str = "dev";
/// Name of the owner identity `--dev` creates.
pub const DEV_IDENTITY: &str = "dev-admin";

pub(crate) fn signing_keys(config: &Config) -> anyhow::Result<(SigningKey, Vec<SigningKey>)> {
    let read = |path: &std::path::Path| -> anyhow::Result<SigningKey> {
        let pem = std::fs::read_to_string(path).with_context(|| format!("reading signing key {}", path.display()))?;
        SigningKey::from_pem(&pem).with_context(|| format!("loading signing key {}", path.display()))
    };
    // `Config::validate_for_serving` has made sure a missing key means dev mode.
    let active = match &config.signing_key {
        Some(path) => read(path)?,
        None => crate::dev_state::signing_key(&config.data_dir())?,
    };
    let retired = config.retired_signing_keys.iter().map(|p| read(p)).collect::<anyhow::Result<_>>()?;
    Ok((active, retired))
}

pub(crate) fn paging_secret(config: &Config) -> anyhow::Result<Vec<u8>> {
    // `Config::validate_for_serving` has checked its length, and that a missing one means dev mode.
    match &config.paging_secret {
        Some(secret) => Ok(secret.as_bytes().to_vec()),
        None => crate::dev_state::paging_secret(&config.data_dir()),
    }
}

/// Runs the server until SIGTERM or ctrl-c.
///
/// # Errors
/// Bad configuration, an unusable address, or a failing dev bootstrap.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let server = Server::build(config).await?;
    let listen = server.config.listen;
    let listener = tokio::net::TcpListener::bind(listen).await.with_context(|| format!("listening on {listen}"))?;
    server.serve(listener, shutdown_signal()).await
}

/// The application built from its configuration, ready to be served.
pub struct Server {
    config: Config,
    app: axum::Router,
    dev_token: Option<String>,
    relay: Option<events::Pending>,
    tls: Option<Arc<ReloadingTls>>,
    audit: grove_domain::services::AuditService,
    /// What `LISTEN`s for the other nodes' notifications (PostgreSQL).
    listener: Option<Listener>,
}

/// Where to listen and what to do on each channel (see [`grove_store_postgres::listen`]).
struct Listener {
    url: String,
    node: String,
    handlers: grove_store_postgres::NotificationHandlers,
}

impl Server {
    /// Opens the store, loads or generates keys, runs the dev bootstrap when asked, and
    /// assembles the routes.
    ///
    /// # Errors
    /// Bad configuration (checked before anything is logged), an unreachable database, or a
    /// failing dev bootstrap.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        config.validate_for_serving()?;
        match &config.config_file {
            Some(file) => tracing::info!(config_file = %file.display(), "configuration file read"),
            None => tracing::info!("no configuration file read (no --config and no ./grove.toml)"),
        }
        tracing::info!(config = %config.summary(), "starting grove");
        let tls = config.tls.files()?.map(ReloadingTls::load).transpose()?.map(Arc::new);
        let Assembled { app, dev_token, relay, listener, audit } = assemble(&config).await?;
        Ok(Self { config, app, dev_token, relay, tls, audit, listener })
    }

    /// Serves on `listener` until `shutdown` resolves, then finishes the requests in flight.
    /// In dev mode it first prints (and, when configured, writes) the token.
    ///
    /// # Errors
    /// When the listener's address cannot be read or the dev token file cannot be written.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()>,
    ) -> anyhow::Result<()> {
        let limits = self.config.http.limits();
        tracing::info!(
            address = %listener.local_addr()?,
            tls = self.tls.is_some(),
            client_certificates = self.tls.as_ref().is_some_and(|t| t.requires_client_certificates()),
            max_connections = limits.max_connections,
            header_read_timeout_ms = limits.header_read_timeout.as_millis(),
            idle_timeout_ms = limits.idle_timeout.as_millis(),
            body_read_timeout_ms = limits.body_read_timeout.as_millis(),
            "serving"
        );
        if let Some(token) = &self.dev_token {
            let line = format!("export GROVE_TOKEN={token}");
            if let Some(path) = &self.config.dev_token_file {
                std::fs::write(path, format!("{line}\n")).with_context(|| format!("writing {}", path.display()))?;
            }
            println!("{line}");
        }
        let notifications =
            self.listener.map(|l| tokio::spawn(grove_store_postgres::listen(l.url, l.node, l.handlers)));
        let relay = self.relay.map(|relay| relay.start());
        let reload_check = std::time::Duration::from_millis(self.config.tls.reload_check_ms);
        let watcher = self.tls.clone().map(|tls| tls.watch(reload_check));
        let pruner = tokio::spawn(prune_audit_trail(self.audit, self.config.audit.clone()));
        http_server::serve_with_tls(listener, self.app, limits, &self.config.error_domain, self.tls, shutdown).await;
        pruner.abort();
        if let Some(watcher) = watcher {
            watcher.abort();
        }
        if let Some(relay) = relay {
            relay.stop().await;
        }
        if let Some(notifications) = notifications {
            notifications.abort();
        }
        tracing::info!("stopped");
        Ok(())
    }
}

/// Deletes the audit entries older than `audit.retention_days`, now and then every
/// `audit.prune_interval_seconds`, until aborted. Every node may run it: the deletes are
/// idempotent, and the prune is the one deletion the store's trigger lets through.
async fn prune_audit_trail(audit: grove_domain::services::AuditService, settings: crate::config::AuditSettings) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(settings.prune_interval_seconds.max(1)));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        match audit.prune(settings.retention_days).await {
            Ok(0) => {}
            Ok(pruned) => tracing::info!(pruned, retention_days = settings.retention_days, "pruned the audit trail"),
            Err(e) => tracing::warn!(error = %e, "pruning the audit trail failed; retrying at the next interval"),
        }
    }
}

/// What [`assemble`] builds.
struct Assembled {
    app: axum::Router,
    dev_token: Option<String>,
    relay: Option<events::Pending>,
    listener: Option<Listener>,
    /// The audit trail's service, for its retention prune.
    audit: grove_domain::services::AuditService,
}

/// The routes over the configured store, the dev token when in dev mode, the event relay
/// unless it is turned off, on PostgreSQL the listener for the other nodes' signals
/// (events to deliver, grants changed), and the audit trail's service.
async fn assemble(config: &Config) -> anyhow::Result<Assembled> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let OpenedStore { store, gauges: pool_gauges, postgres } = open_store_with_gauges(config, clock.now()).await?;
    let telemetry = Arc::new(crate::telemetry::Telemetry::new());
    if let Some(gauges) = pool_gauges {
        telemetry.register_gauges(gauges);
    }
    let (active, retired) = signing_keys(config)?;
    let registry_tokens = RegistryTokens::new(active.clone(), &retired, config.auth_url(), clock.clone())
        .context("making the certificates of the signing keys")?;
    let tokens = Arc::new(ApiTokens::new(active, retired, config.auth_url(), config.base_url(), clock.clone()));
    let pager = Arc::new(Pager::new(paging_secret(config)?, clock.clone()));
    let mut root_identities = config
        .root_identities
        .iter()
        .map(|u| Uidp::parse(u).with_context(|| format!("root_identities entry {u:?} is not a uid")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let deps = Deps {
        store,
        clock,
        ids: Arc::new(RandomIds),
        pager,
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    };

    let mut dev_token = None;
    let mut dev_identity = None;
    if config.dev {
        // The dev identity trusts this server's own address, which `--listen` may change.
        let bootstrap = BootstrapService::new(deps.clone()).replacing_relationship();
        let relationship = Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact(config.auth_url()),
            subject: Matcher::Exact(DEV_IDENTITY.to_owned()),
            audience: None,
            claims: Default::default(),
            claim_patterns: Default::default(),
        });
        let made = bootstrap
            .ensure_owned_organization(
                DEV_ORG,
                DEV_IDENTITY,
                "Development administrator created by grove serve --dev",
                relationship,
            )
            .await
            .context("creating the dev organization")?;
        root_identities.push(made.identity.uid.clone());
        let minted = tokens.mint(&made.identity.uid, chrono::Duration::hours(DEV_TOKEN_HOURS))?;
        tracing::info!(org = %made.group.uid, identity = %made.identity.uid, expiry = %minted.expiry, "dev mode: organization and owner identity ready");
        dev_token = Some(minted.token);
        dev_identity = Some(made.identity.uid.clone());
    }

    let relay = if config.events.relay {
        let signer = Arc::new(events::WebhookTokens(tokens.clone()));
        let relay = grove_events::Relay::new(deps.store.clone(), deps.clock.clone(), signer, events::settings(config))
            .await
            .context("starting the event relay")?;
        telemetry.register_gauges(events::gauges(relay.stats()));
        telemetry.register_counters(events::counters(relay.stats()));
        Some(events::Pending { relay, postgres: postgres.clone() })
    } else {
        tracing::info!("the event relay is off on this node (events.relay = false)");
        None
    };
    let keyring = Arc::new(config.secret_keyring()?);
    if keyring.is_empty() {
        tracing::warn!(
            "no key-encryption key is configured (secrets.key_encryption_keys): identity providers cannot keep a \
             client secret, and console sessions are sealed under a key of this process (they work on this node \
             only and end when it restarts)"
        );
    }
    let (sts, exchange) = token_service_and_exchange(config, &deps, tokens.clone(), keyring.clone())?;
    let registry_access = RegistryAccessService::new(deps.clone());
    let verifier: Arc<dyn grove_domain::ports::ApiTokenVerifier> = tokens.clone();
    let tokens_for_probe = tokens.clone();
    let console_minter: Arc<dyn grove_domain::ports::ApiTokenMinter> = tokens.clone();
    let mut services = Services::new(deps, tokens, root_identities);
    let sts = sts.merge(grove_sts::registry::router(RegistryAuth {
        authenticator: services.auth.clone(),
        verifier: verifier.clone(),
        access: registry_access,
        tokens: Arc::new(registry_tokens),
        auth_url: config.auth_url(),
    }));
    services.identity_providers = services.identity_providers.clone().with_secret_keyring(keyring.clone());
    services.console_sessions = services.console_sessions.clone().with_secret_keyring(keyring);
    services.subscriptions = services.subscriptions.clone().with_policy(config.sink_policy());
    if !config.events.record {
        tracing::info!("this server records no events (events.record = false)");
        services.subscriptions = services.subscriptions.clone().without_events();
    }
    services.account_associations =
        services.account_associations.clone().with_probe(cloud_probe(config, &tokens_for_probe)?);
    // Replays through the API sign and send as the relay does, counted in its metrics.
    let stats = relay.as_ref().map_or_else(Default::default, |pending| pending.relay.stats());
    let replayer = grove_events::WebhookReplayer::new(
        &events::settings(config),
        Arc::new(events::WebhookTokens(tokens_for_probe.clone())),
        stats,
    )
    .context("making the webhook client for replays")?;
    services.dead_letters = services.dead_letters.clone().with_delivery(Arc::new(replayer));
    services.grants.set_ttl_ms(config.grants_cache_ms);
    let listener = match (&postgres, config.postgres()) {
        (Some(store), Some(pg)) => {
            services.grants.signal_changes_with(store.grants_signal());
            let grants = services.grants.clone();
            let events = relay.as_ref().map(|pending| {
                let waker = pending.relay.waker();
                Box::new(move || waker.notify_one()) as Box<dyn Fn() + Send + Sync>
            });
            Some(Listener {
                url: pg.connection_url(),
                node: store.node_id().to_owned(),
                handlers: grove_store_postgres::NotificationHandlers {
                    events,
                    grants: Some(Box::new(move || grants.changed_elsewhere())),
                },
            })
        }
        _ => None,
    };
    services.advisories = services.advisories.clone().with_catalog(config.advisory_catalog()?);
    let console = grove_console::routes(
        services.clone(),
        grove_console::ConsoleConfig {
            base_url: config.base_url(),
            auth_url: config.auth_url(),
            idle_ms: grove_console::DEFAULT_IDLE_MS,
            dev_sign_in: dev_identity
                .map(|identity| grove_console::DevSignIn { identity, minter: console_minter.clone() }),
            exchange: Some(exchange.clone()),
        },
    );
    let app_config = AppConfig {
        console: Some(console),
        http: grove_http::HttpConfig { error_domain: config.error_domain.clone(), base_url: config.base_url() },
        grpc: grove_grpc::GrpcConfig { error_domain: config.error_domain.clone(), exchange: Some(exchange) },
        telemetry,
        ..AppConfig::default()
    };
    let audit = services.audit.clone();
    Ok(Assembled { app: app::router_with(services, &app_config, sts), dev_token, relay, listener, audit })
}

/// What checks account associations against the clouds: tokens signed by Grove's key,
/// sent under the issuers' fetch policy (loopback only in dev mode unless configured); or,
/// with `clouds.probe = false`, nothing (every such check fails with `CLOUD_UNREACHABLE`).
///
/// # Errors
/// When the fetch policy refuses a configured cloud endpoint.
pub fn cloud_probe(
    config: &Config,
    tokens: &Arc<ApiTokens>,
) -> anyhow::Result<Arc<dyn grove_domain::ports::CloudAccountProbe>> {
    if !config.clouds.probe {
        tracing::info!("account associations are not checked against the clouds (clouds.probe = false)");
        return Ok(Arc::new(grove_domain::ports::NoCloudAccess));
    }
    let probe =
        grove_sts::CloudProbe::new(tokens.clone(), config.clouds.probe_settings(), config.oidc_settings().fetch)
            .context("building the cloud probe (clouds.*_url)")?;
    Ok(Arc::new(probe))
}

/// The token service's routes: exchange, discovery document and JWKS on `auth_url`.
///
/// # Errors
/// When the HTTP client for issuer documents cannot be built, or the fetch policy refuses
/// the AWS STS endpoint.
pub fn token_service(config: &Config, deps: &Deps, tokens: Arc<ApiTokens>) -> anyhow::Result<axum::Router> {
    let keyring = Arc::new(config.secret_keyring()?);
    Ok(token_service_and_exchange(config, deps, tokens, keyring)?.0)
}

/// [`token_service`] opening client secrets with `keyring`, and the exchange behind it
/// (which gRPC's `SecurityTokenService` serves too). The server-side login seals its states
/// and codes under a key derived from the paging secret, which every node shares.
///
/// # Errors
/// As [`token_service`].
pub fn token_service_and_exchange(
    config: &Config,
    deps: &Deps,
    tokens: Arc<ApiTokens>,
    keyring: Arc<SecretKeyring>,
) -> anyhow::Result<(axum::Router, ExchangeService)> {
    let oidc = config.oidc_settings();
    let client = OidcHttpClient::new(Fetcher::new(oidc.fetch.clone()).context("building the OAuth client")?);
    let server_side = ServerSideLogin::new(Arc::new(client), keyring, &paging_secret(config)?);
    let aws = AwsStsClient::new(&config.sts.aws_sts_endpoint, oidc.fetch.clone())
        .context("building the AWS STS client (sts.aws_sts_endpoint)")?;
    let verifier = OidcVerifier::new(oidc).context("building the OIDC issuer client")?;
    let exchange = ExchangeService::new(
        deps.store.clone(),
        deps.clock.clone(),
        Arc::new(verifier),
        Arc::new(aws),
        tokens.clone(),
        config.exchange_settings(),
    )
    .with_people(deps.store.clone(), deps.events.clone(), config.default_provider())
    .with_server_side_login(server_side);
    let sts_config = StsConfig { auth_url: config.auth_url(), error_domain: config.error_domain.clone() };
    Ok((grove_sts::router(exchange.clone(), tokens, &sts_config), exchange))
}

/// The configured store: Postgres when a database URL is set (migrated first unless told
/// not to), else the embedded memory store. Says which at start.
///
/// # Errors
/// When the database cannot be reached or a migration fails.
pub async fn open_store(config: &Config, now: grove_domain::Timestamp) -> anyhow::Result<Arc<dyn Store>> {
    Ok(open_store_with_gauges(config, now).await?.store)
}

/// The store `grove serve` runs on, and what it offers beside the ports.
struct OpenedStore {
    store: Arc<dyn Store>,
    /// The database pool's gauges for `/metrics` (PostgreSQL).
    gauges: Option<GaugeSource>,
    /// The same store as PostgreSQL, for the relay's wake-ups.
    postgres: Option<grove_store_postgres::PostgresStore>,
}

/// [`open_store`], with the gauges of the database pool for `/metrics` on PostgreSQL.
async fn open_store_with_gauges(config: &Config, now: grove_domain::Timestamp) -> anyhow::Result<OpenedStore> {
    let Some(pg) = config.postgres() else {
        tracing::info!(store = "memory", "using the embedded in-memory store; data lasts until the process exits");
        let store = if config.events.record { MemoryStore::new(now) } else { MemoryStore::new(now).without_events() };
        return Ok(OpenedStore { store: Arc::new(store), gauges: None, postgres: None });
    };
    let url = grove_store_postgres::redact_url(&pg.url);
    if config.no_migrate {
        tracing::info!("not applying migrations (--no-migrate)");
    } else {
        grove_store_postgres::run_migrations(&pg.connection_url()).await.with_context(|| format!("migrating {url}"))?;
    }
    let store =
        grove_store_postgres::PostgresStore::connect(&pg).await.with_context(|| format!("connecting to {url}"))?;
    tracing::info!(store = "postgres", database = %url, pool = pg.max_connections, "using PostgreSQL");
    let pool = store.pool().clone();
    let gauges: GaugeSource = Box::new(move || {
        let status = pool.status();
        let in_use = status.size.saturating_sub(status.available);
        let as_gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        vec![
            ("db_pool_connections_in_use", "Pooled database connections serving a request", as_gauge(in_use)),
            ("db_pool_connections_idle", "Pooled database connections open and idle", as_gauge(status.available)),
            ("db_pool_waiting", "Requests waiting for a database connection", as_gauge(status.waiting)),
            ("db_pool_max_connections", "Most pooled database connections", as_gauge(status.max_size)),
        ]
    });
    Ok(OpenedStore { store: Arc::new(store.clone()), gauges: Some(gauges), postgres: Some(store) })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
