//! Server configuration: defaults, then `grove.toml` (or `--config FILE`), then `GROVE_*`
//! environment variables (nested keys with `__`), then command-line flags.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};

use crate::http_server::ServerLimits;

/// Everything `grove serve` can be told. Secrets are never logged: see [`Config::summary`].
#[derive(Clone, Serialize, Deserialize)]
pub struct Config {
    /// Address to listen on.
    pub listen: SocketAddr,
    /// The API's public address (the audience of API tokens); default `http://<listen>`.
    pub base_url: Option<String>,
    /// The token service's public address (the issuer of API tokens); default `http://<listen>`.
    pub auth_url: Option<String>,
    /// `ErrorInfo.domain` of every error.
    pub error_domain: String,
    /// Secret the page-token encryption key is derived from; required outside dev mode so
    /// tokens survive restarts and work across nodes.
    pub paging_secret: Option<String>,
    /// PEM file (PKCS#8 P-256) of the active API-token signing key; required outside dev mode.
    pub signing_key: Option<PathBuf>,
    /// PEM files of retired signing keys, still accepted until their tokens expire.
    pub retired_signing_keys: Vec<PathBuf>,
    /// Identity uids allowed to create organizations.
    pub root_identities: Vec<String>,
    /// Development mode: generated keys, a `dev` organization and a printed token.
    pub dev: bool,
    /// Where `--dev` also writes its `export GROVE_TOKEN=…` line.
    pub dev_token_file: Option<PathBuf>,
    /// Where `--dev` keeps its generated signing key and paging secret between restarts;
    /// default `$XDG_DATA_HOME/grove` (or `~/.local/share/grove`).
    pub data_dir: Option<PathBuf>,
    /// `text` or `json` log lines (on standard error).
    pub log_format: String,
    /// PostgreSQL URL; without one the embedded memory store is used. Secret: never logged.
    pub database_url: Option<String>,
    /// Most pooled database connections.
    pub database_pool_size: usize,
    /// Seconds to wait for a database connection.
    pub database_connect_timeout_secs: u64,
    /// Milliseconds a single SQL statement may run.
    pub database_statement_timeout_ms: u64,
    /// Do not apply migrations at start.
    pub no_migrate: bool,
    /// How long an identity's grants are cached, in milliseconds (0 = off). Writes on this
    /// node clear the cache at once; other nodes see grant changes within this time.
    pub grants_cache_ms: i64,
    /// The catalog organization (a uid): its advisories may be read by every caller holding
    /// `advisories.list` anywhere; `grove advisories import` writes there by default.
    pub advisory_catalog: Option<String>,
    /// The token exchange (`[sts]` in `grove.toml`, `GROVE_STS__*` in the environment).
    #[serde(default)]
    pub sts: StsSettings,
    /// People's logins (`[auth]` in `grove.toml`, `GROVE_AUTH__*` in the environment).
    #[serde(default)]
    pub auth: AuthSettings,
    /// Keys that seal stored secrets (`[secrets]` in `grove.toml`).
    #[serde(default)]
    pub secrets: SecretsSettings,
    /// Connection limits of the HTTP server (`[http]` in `grove.toml`, `GROVE_HTTP__*` in the
    /// environment).
    #[serde(default)]
    pub http: HttpSettings,
    /// Event subscriptions and their delivery (`[events]` in `grove.toml`, `GROVE_EVENTS__*`
    /// in the environment).
    #[serde(default)]
    pub events: EventsSettings,
    /// The audit trail (`[audit]` in `grove.toml`, `GROVE_AUDIT__*` in the environment).
    #[serde(default)]
    pub audit: AuditSettings,
    /// How `:checkAccountAssociation` reaches the clouds (`[clouds]` in `grove.toml`,
    /// `GROVE_CLOUDS__*` in the environment).
    #[serde(default)]
    pub clouds: CloudsSettings,
    /// TLS of the listener (`[tls]` in `grove.toml`, `GROVE_TLS__*` in the environment).
    #[serde(default)]
    pub tls: TlsSettings,
    /// The configuration file that was read, if any (set by [`Config::load`], not a key).
    #[serde(skip)]
    pub config_file: Option<PathBuf>,
}

/// TLS on the listening port: with `cert_file` and `key_file` set, the server speaks only
/// HTTPS (HTTP/1.1 and HTTP/2 by ALPN, gRPC over HTTP/2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TlsSettings {
    /// PEM certificate chain, the server's certificate first.
    pub cert_file: Option<PathBuf>,
    /// PEM private key of the certificate.
    pub key_file: Option<PathBuf>,
    /// PEM CA certificates; when set, every client must present a certificate chaining to one.
    pub client_ca_file: Option<PathBuf>,
    /// How often the files are checked for changes, in milliseconds (they are also read
    /// again on `SIGHUP`).
    pub reload_check_ms: u64,
}

impl Default for TlsSettings {
    fn default() -> Self {
        Self { cert_file: None, key_file: None, client_ca_file: None, reload_check_ms: 10_000 }
    }
}

impl TlsSettings {
    /// The files to serve TLS from; `None` when TLS is off.
    ///
    /// # Errors
    /// When only one of `cert_file` and `key_file` is set, or `client_ca_file` without them.
    pub fn files(&self) -> anyhow::Result<Option<crate::tls::TlsFiles>> {
        match (&self.cert_file, &self.key_file) {
            (Some(cert_file), Some(key_file)) => Ok(Some(crate::tls::TlsFiles {
                cert_file: cert_file.clone(),
                key_file: key_file.clone(),
                client_ca_file: self.client_ca_file.clone(),
            })),
            (None, None) if self.client_ca_file.is_some() => {
                anyhow::bail!("tls.client_ca_file needs tls.cert_file and tls.key_file")
            }
            (None, None) => Ok(None),
            (Some(_), None) => anyhow::bail!("tls.cert_file is set but tls.key_file is not; set both"),
            (None, Some(_)) => anyhow::bail!("tls.key_file is set but tls.cert_file is not; set both"),
        }
    }

    /// Whether TLS is on.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.cert_file.is_some() && self.key_file.is_some()
    }
}

/// The clouds account associations are checked against, and what the associated side is
/// called there (README, "Account associations").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CloudsSettings {
    /// Check associations against the clouds; `false` (a server without outbound access):
    /// every check that gets that far fails with `CLOUD_UNREACHABLE`.
    pub probe: bool,
    /// AWS STS, where `AssumeRoleWithWebIdentity` is called.
    pub aws_sts_url: String,
    /// Google STS, where the token exchange is called.
    pub google_sts_url: String,
    /// Microsoft Entra ID's login host, where client assertions are presented.
    pub azure_login_url: String,
    /// The role assumed in an associated AWS account.
    pub aws_role_name: String,
    /// The workload identity pool of an associated Google project.
    pub google_pool: String,
    /// The pool's provider that trusts Grove.
    pub google_provider: String,
    /// Deadline of each request to a cloud, in milliseconds.
    pub timeout_ms: u64,
}

impl Default for CloudsSettings {
    fn default() -> Self {
        let d = grove_sts::CloudSettings::default();
        Self {
            probe: true,
            aws_sts_url: d.aws_sts_url,
            google_sts_url: d.google_sts_url,
            azure_login_url: d.azure_login_url,
            aws_role_name: d.aws_role_name,
            google_pool: d.google_pool,
            google_provider: d.google_provider,
            timeout_ms: u64::try_from(d.timeout.as_millis()).unwrap_or(10_000),
        }
    }
}

impl CloudsSettings {
    /// The probe's settings.
    #[must_use]
    pub fn probe_settings(&self) -> grove_sts::CloudSettings {
        grove_sts::CloudSettings {
            aws_sts_url: self.aws_sts_url.clone(),
            google_sts_url: self.google_sts_url.clone(),
            azure_login_url: self.azure_login_url.clone(),
            aws_role_name: self.aws_role_name.clone(),
            google_pool: self.google_pool.clone(),
            google_provider: self.google_provider.clone(),
            timeout: std::time::Duration::from_millis(self.timeout_ms.max(1)),
        }
    }
}

/// How long the audit trail keeps its entries (apart from the outbox: delivering and pruning
/// events never touches them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AuditSettings {
    /// Entries older than this many days are deleted by the retention prune (at least 1).
    pub retention_days: u32,
    /// How often each node runs the retention prune, in seconds.
    pub prune_interval_seconds: u64,
}

impl Default for AuditSettings {
    fn default() -> Self {
        Self { retention_days: grove_domain::audit::DEFAULT_RETENTION_DAYS, prune_interval_seconds: 3600 }
    }
}

/// Which webhook sinks are accepted, and how the relay delivers events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventsSettings {
    /// Accept sinks on loopback hosts, over plain `http` too; default: only with `--dev`.
    pub allow_loopback_sinks: Option<bool>,
    /// Accept sinks on private-network addresses (RFC 1918, CGNAT, IPv6 unique-local).
    pub allow_private_sinks: bool,
    /// Write an event with every change (the default). Turn it off only where nothing
    /// consumes events: no event is written, and creating a subscription is refused.
    pub record: bool,
    /// Run the relay in this process (every node may: claims are leases).
    pub relay: bool,
    /// How often the relay looks for events when nothing wakes it, in milliseconds.
    pub poll_interval_ms: u64,
    /// Most events one claim takes.
    pub batch_size: usize,
    /// Deadline of one webhook request, in milliseconds.
    pub delivery_timeout_ms: u64,
    /// First retry delay of a failed delivery, in milliseconds; doubled on each retry, with
    /// jitter.
    pub retry_initial_ms: u64,
    /// Longest delay between two retries, in milliseconds.
    pub retry_max_ms: u64,
    /// How long a delivery is retried before it becomes a dead letter, in milliseconds.
    pub retry_for_ms: u64,
    /// How long a relay's claim holds its events unless renewed, in milliseconds: how long
    /// the events of a relay that died wait for another node's relay.
    pub lease_ms: u64,
    /// Lifetime of the token each webhook request carries, in seconds.
    pub token_ttl_seconds: u64,
    /// How long delivered events stay in the outbox before they are pruned, in seconds.
    pub retention_seconds: u64,
    /// How often delivered events are pruned, in seconds.
    pub prune_interval_seconds: u64,
    /// NATS server to publish every event to with JetStream; none = no NATS.
    pub nats_url: Option<String>,
    /// The subject of an event is `<prefix>.<type>`.
    pub nats_subject_prefix: String,
}

impl Default for EventsSettings {
    fn default() -> Self {
        Self {
            allow_loopback_sinks: None,
            allow_private_sinks: false,
            record: true,
            relay: true,
            poll_interval_ms: 1_000,
            batch_size: 100,
            delivery_timeout_ms: 10_000,
            retry_initial_ms: 500,
            retry_max_ms: 60_000,
            retry_for_ms: 600_000,
            lease_ms: 10_000,
            token_ttl_seconds: 300,
            retention_seconds: 7 * 24 * 3600,
            prune_interval_seconds: 3600,
            nats_url: None,
            nats_subject_prefix: "grove.events".to_owned(),
        }
    }
}

/// How long the HTTP server waits for clients, and how many it serves at once. Every
/// duration is at least 1 ms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HttpSettings {
    /// How long a request head (request line and headers) may take to arrive: from accepting
    /// the connection for the first request, from its first byte for later HTTP/1.1 ones.
    pub header_read_timeout_ms: u64,
    /// How long a connection may stay open with no request in flight before it is closed
    /// (HTTP/1.1 keep-alive and HTTP/2 alike).
    pub idle_timeout_ms: u64,
    /// How long a whole request body may take to arrive, counted from the end of its head;
    /// a late body is answered `408`.
    pub body_read_timeout_ms: u64,
    /// Most connections open at once; further clients wait in the listen backlog.
    pub max_connections: usize,
    /// Interval of HTTP/2 keep-alive pings, in milliseconds; 0 sends none.
    pub h2_ping_interval_ms: u64,
    /// How long an HTTP/2 keep-alive ping may go unanswered before the connection is closed.
    pub h2_ping_timeout_ms: u64,
}

impl Default for HttpSettings {
    fn default() -> Self {
        Self {
            header_read_timeout_ms: 10_000,
            idle_timeout_ms: 60_000,
            body_read_timeout_ms: 30_000,
            max_connections: 1024,
            h2_ping_interval_ms: 30_000,
            h2_ping_timeout_ms: 10_000,
        }
    }
}

impl HttpSettings {
    /// The server's limits.
    #[must_use]
    pub fn limits(&self) -> ServerLimits {
        use std::time::Duration;
        let ms = |v: u64| Duration::from_millis(v.max(1));
        ServerLimits {
            header_read_timeout: ms(self.header_read_timeout_ms),
            idle_timeout: ms(self.idle_timeout_ms),
            body_read_timeout: ms(self.body_read_timeout_ms),
            max_connections: self.max_connections.max(1),
            h2_ping_interval: (self.h2_ping_interval_ms > 0).then(|| ms(self.h2_ping_interval_ms)),
            h2_ping_timeout: ms(self.h2_ping_timeout_ms),
        }
    }
}

/// How people log in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AuthSettings {
    /// The server's own OpenID provider for people (`[auth.default_provider]`): a person's ID
    /// token from it is exchanged without an `identity_provider`.
    pub default_provider: DefaultProviderSettings,
}

/// The server's default OpenID provider; people log in through it only when `issuer` and
/// `client_id` are set. `Debug` never shows the client secret.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DefaultProviderSettings {
    /// The issuer URL (its discovery document and JWKS are fetched under the `sts` policy).
    pub issuer: String,
    /// The OAuth client id logins use; the `aud` of accepted ID tokens.
    pub client_id: String,
    /// Scopes asked for beside `openid`.
    pub scopes: Vec<String>,
    /// The client secret when the client is confidential: people then log in server-side
    /// (`/sts/oauth/authorize`). Secret: never logged.
    pub client_secret: Option<String>,
    /// Whether a server-side login also uses PKCE.
    pub pkce_enabled: bool,
}

impl Default for DefaultProviderSettings {
    fn default() -> Self {
        Self {
            issuer: String::new(),
            client_id: String::new(),
            scopes: vec!["email".to_owned(), "profile".to_owned()],
            client_secret: None,
            pkce_enabled: true,
        }
    }
}

impl std::fmt::Debug for DefaultProviderSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DefaultProviderSettings")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("scopes", &self.scopes)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .field("pkce_enabled", &self.pkce_enabled)
            .finish()
    }
}

/// The key-encryption keys that seal client secrets before they are stored. The first
/// seals; every one opens (rotation: put a new key first, run `grove admin rotate-secrets`,
/// then remove the old one).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SecretsSettings {
    /// The keys, newest first (`[[secrets.key_encryption_keys]]` tables).
    pub key_encryption_keys: Vec<KeyEncryptionKeySettings>,
}

/// One key-encryption key: an id and 32 bytes, given in base64 (`key`) or in a file
/// (`key_file`, base64 text). `Debug` never shows the key.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyEncryptionKeySettings {
    /// Its id, stored next to every secret it seals (`A-Z a-z 0-9 . _ -`, at most 64).
    pub id: String,
    /// The key, base64 (standard or URL-safe) of 32 bytes. Secret: never logged.
    #[serde(default)]
    pub key: Option<String>,
    /// A file holding the key as base64 text.
    #[serde(default)]
    pub key_file: Option<PathBuf>,
}

impl std::fmt::Debug for KeyEncryptionKeySettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyEncryptionKeySettings")
            .field("id", &self.id)
            .field("key", &self.key.as_ref().map(|_| "<redacted>"))
            .field("key_file", &self.key_file)
            .finish()
    }
}

impl KeyEncryptionKeySettings {
    /// The key this entry configures.
    ///
    /// # Errors
    /// When both or neither of `key` and `key_file` are given, the file cannot be read, or
    /// the text is not base64 of 32 bytes, or the id is not a valid key id.
    pub fn load(&self) -> anyhow::Result<grove_domain::secrets::KeyEncryptionKey> {
        use anyhow::Context as _;
        use base64::Engine as _;
        let id = &self.id;
        let text = match (&self.key, &self.key_file) {
            (Some(key), None) => key.clone(),
            (None, Some(path)) => std::fs::read_to_string(path)
                .with_context(|| format!("reading key-encryption key {id:?} from {}", path.display()))?,
            _ => anyhow::bail!("key-encryption key {id:?} needs exactly one of key and key_file"),
        };
        let text = text.trim();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text)
            .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')))
            .map_err(|_| anyhow::anyhow!("key-encryption key {id:?} is not base64"))?;
        let key: [u8; 32] = bytes
            .try_into()
            .map_err(|b: Vec<u8>| anyhow::anyhow!("key-encryption key {id:?} is {} bytes; it must be 32", b.len()))?;
        grove_domain::secrets::KeyEncryptionKey::new(id, key).map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// How the token exchange reaches OIDC issuers and AWS STS.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StsSettings {
    /// Allow issuers on loopback addresses, over plain `http` too; default: only with `--dev`.
    pub allow_loopback_issuers: Option<bool>,
    /// Allow issuers on private-network addresses (RFC 1918, CGNAT, IPv6 unique-local).
    pub allow_private_issuers: bool,
    /// Deadline of each fetch of an issuer document, in milliseconds.
    pub fetch_timeout_ms: u64,
    /// Largest issuer document read, in bytes.
    pub max_issuer_response_bytes: usize,
    /// How long an issuer's keys are used before they are fetched again, in seconds.
    pub jwks_cache_seconds: u64,
    /// The least time between two fetches of one issuer's keys (an unknown `kid` triggers at
    /// most one refetch per interval), in seconds.
    pub jwks_refetch_interval_seconds: u64,
    /// Where AWS tokens (signed `GetCallerIdentity` requests) are sent to be verified.
    pub aws_sts_endpoint: String,
    /// The `Host` an AWS token's signed request must name.
    pub aws_sts_host: String,
    /// The `Chainguard-Audience` values AWS tokens may carry; empty means `[auth_url]`.
    pub aws_audiences: Vec<String>,
}

impl Default for StsSettings {
    fn default() -> Self {
        Self {
            allow_loopback_issuers: None,
            allow_private_issuers: false,
            fetch_timeout_ms: 5_000,
            max_issuer_response_bytes: 256 * 1024,
            jwks_cache_seconds: 600,
            jwks_refetch_interval_seconds: 30,
            aws_sts_endpoint: grove_sts::DEFAULT_AWS_STS_ENDPOINT.to_owned(),
            aws_sts_host: grove_domain::aws::DEFAULT_STS_HOST.to_owned(),
            aws_audiences: Vec::new(),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            base_url: None,
            auth_url: None,
            error_domain: "iam.grove.dev".to_owned(),
            paging_secret: None,
            signing_key: None,
            retired_signing_keys: Vec::new(),
            root_identities: Vec::new(),
            dev: false,
            dev_token_file: None,
            data_dir: None,
            log_format: "text".to_owned(),
            database_url: None,
            database_pool_size: 16,
            database_connect_timeout_secs: 5,
            database_statement_timeout_ms: 30_000,
            no_migrate: false,
            grants_cache_ms: grove_domain::grants_cache::DEFAULT_GRANTS_TTL_MS,
            advisory_catalog: None,
            sts: StsSettings::default(),
            auth: AuthSettings::default(),
            secrets: SecretsSettings::default(),
            http: HttpSettings::default(),
            events: EventsSettings::default(),
            audit: AuditSettings::default(),
            clouds: CloudsSettings::default(),
            tls: TlsSettings::default(),
            config_file: None,
        }
    }
}

impl Config {
    /// The configured advisory catalog organization.
    ///
    /// # Errors
    /// When `advisory_catalog` is set but not an organization uid.
    pub fn advisory_catalog(&self) -> anyhow::Result<Option<grove_domain::Uidp>> {
        let Some(text) = self.advisory_catalog.as_deref().filter(|t| !t.is_empty()) else { return Ok(None) };
        match grove_domain::Uidp::parse(text) {
            Ok(uid) if uid.is_root() => Ok(Some(uid)),
            _ => anyhow::bail!("advisory_catalog {text:?} is not an organization uid (40 lowercase hex characters)"),
        }
    }

    /// Reads the layered configuration; `overrides` are the command-line flags given.
    ///
    /// # Errors
    /// When a file or variable holds a value of the wrong type.
    /// Also when the file holds a key Grove does not know (a typo must not silently fall
    /// back to a default), naming the key and the closest valid one.
    pub fn load(file: Option<&Path>, overrides: &serde_json::Map<String, serde_json::Value>) -> anyhow::Result<Self> {
        let file = match file {
            Some(path) if !path.is_file() => {
                anyhow::bail!("configuration file {} does not exist (--config)", path.display())
            }
            Some(path) => Some(path.to_path_buf()),
            None => Some(PathBuf::from("grove.toml")).filter(|p| p.is_file()),
        };
        let mut figment = Figment::from(Serialized::defaults(Self::default()));
        if let Some(file) = &file {
            reject_unknown_keys(file)?;
            figment = figment.merge(Toml::file_exact(file));
        }
        let mut config: Self = figment
            .merge(Env::prefixed("GROVE_").split("__").ignore(&["token"]))
            .merge(Serialized::defaults(overrides))
            .extract()
            .map_err(describe_errors)?;
        config.config_file = file;
        Ok(config)
    }

    /// The API's public address.
    #[must_use]
    pub fn base_url(&self) -> String {
        self.base_url.clone().unwrap_or_else(|| format!("{}://{}", self.scheme(), self.listen))
    }

    /// The data directory (see [`crate::dev_state::data_dir`]).
    #[must_use]
    pub fn data_dir(&self) -> PathBuf {
        crate::dev_state::data_dir(self.data_dir.as_deref())
    }

    /// The token issuer's public address.
    #[must_use]
    pub fn auth_url(&self) -> String {
        self.auth_url.clone().unwrap_or_else(|| format!("{}://{}", self.scheme(), self.listen))
    }

    /// `https` when the listener speaks TLS, else `http`.
    fn scheme(&self) -> &'static str {
        if self.tls.enabled() {
            "https"
        } else {
            "http"
        }
    }

    /// How the token exchange fetches issuer keys: loopback issuers only in dev mode unless
    /// configured otherwise.
    #[must_use]
    pub fn oidc_settings(&self) -> grove_sts::OidcSettings {
        use std::time::Duration;
        let sts = &self.sts;
        grove_sts::OidcSettings {
            fetch: grove_sts::FetchPolicy {
                allow_loopback: sts.allow_loopback_issuers.unwrap_or(self.dev),
                allow_private_networks: sts.allow_private_issuers,
                timeout: Duration::from_millis(sts.fetch_timeout_ms.max(1)),
                max_response_bytes: sts.max_issuer_response_bytes,
            },
            jwks_ttl: Duration::from_secs(sts.jwks_cache_seconds),
            refetch_interval: Duration::from_secs(sts.jwks_refetch_interval_seconds),
            ..grove_sts::OidcSettings::default()
        }
    }

    /// The server's default identity provider for people, when `issuer` and `client_id` are
    /// both set.
    #[must_use]
    pub fn default_provider(&self) -> Option<grove_domain::services::DefaultProvider> {
        let d = &self.auth.default_provider;
        (!d.issuer.trim().is_empty() && !d.client_id.trim().is_empty()).then(|| {
            grove_domain::services::DefaultProvider {
                issuer: d.issuer.trim().to_owned(),
                client_id: d.client_id.trim().to_owned(),
                scopes: d.scopes.clone(),
                client_secret: d
                    .client_secret
                    .as_deref()
                    .filter(|s| !s.is_empty())
                    .map(|s| grove_domain::model::ClientSecret::from_stored(s.to_owned())),
                pkce_enabled: d.pkce_enabled,
            }
        })
    }

    /// The keys that seal client secrets: the configured ones; with none configured, in dev
    /// mode the generated dev key kept in the data directory, else none (a secret then cannot
    /// be kept).
    ///
    /// # Errors
    /// When a configured key cannot be loaded, two share an id, or the dev key cannot be
    /// read or created.
    pub fn secret_keyring(&self) -> anyhow::Result<grove_domain::secrets::SecretKeyring> {
        let configured = &self.secrets.key_encryption_keys;
        let keys = if configured.is_empty() && self.dev {
            vec![crate::dev_state::key_encryption_key(&self.data_dir())?]
        } else {
            configured.iter().map(KeyEncryptionKeySettings::load).collect::<anyhow::Result<Vec<_>>>()?
        };
        grove_domain::secrets::SecretKeyring::new(keys).map_err(|e| anyhow::anyhow!("secrets.key_encryption_keys: {e}"))
    }

    /// The exchange's settings: the API and issuer addresses, and what AWS tokens must name.
    #[must_use]
    pub fn exchange_settings(&self) -> grove_domain::services::ExchangeSettings {
        let mut settings = grove_domain::services::ExchangeSettings::new(self.base_url(), self.auth_url());
        settings.aws_sts_host.clone_from(&self.sts.aws_sts_host);
        if !self.sts.aws_audiences.is_empty() {
            settings.aws_audiences.clone_from(&self.sts.aws_audiences);
        }
        settings
    }

    /// Which webhook sinks subscriptions may name: loopback ones only in dev mode unless
    /// configured otherwise.
    #[must_use]
    pub fn sink_policy(&self) -> grove_domain::events::SinkPolicy {
        grove_domain::events::SinkPolicy {
            allow_loopback: self.events.allow_loopback_sinks.unwrap_or(self.dev),
            allow_private: self.events.allow_private_sinks,
        }
    }

    /// The Postgres settings, when a database URL is configured.
    #[must_use]
    pub fn postgres(&self) -> Option<grove_store_postgres::PostgresConfig> {
        let url = self.database_url.as_ref().filter(|u| !u.is_empty())?;
        let mut pg = grove_store_postgres::PostgresConfig::new(url.clone());
        pg.max_connections = self.database_pool_size.max(1);
        pg.connect_timeout = std::time::Duration::from_secs(self.database_connect_timeout_secs.max(1));
        pg.statement_timeout = std::time::Duration::from_millis(self.database_statement_timeout_ms.max(1));
        pg.record_events = self.events.record;
        Some(pg)
    }

    /// Checks what `grove serve` needs beyond well-typed values, so that nothing is logged or
    /// started with a configuration that cannot serve.
    ///
    /// # Errors
    /// Outside dev mode: no signing key, or no paging secret; a paging secret shorter than 16
    /// characters.
    pub fn validate_for_serving(&self) -> anyhow::Result<()> {
        self.tls.files()?;
        if self.audit.retention_days == 0 {
            anyhow::bail!("audit.retention_days must be at least 1 (the default is 400)");
        }
        if self.signing_key.is_none() && !self.dev {
            anyhow::bail!("signing_key is required (a PKCS#8 P-256 PEM file); or run with --dev");
        }
        match &self.paging_secret {
            Some(secret) if secret.len() < 16 => anyhow::bail!("paging_secret must be at least 16 characters"),
            None if !self.dev => anyhow::bail!("paging_secret is required outside --dev (at least 16 characters)"),
            _ => Ok(()),
        }
    }

    /// A one-line description that is safe to log (no secrets).
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "listen={} base_url={} auth_url={} error_domain={} dev={} store={} signing_key={} paging_secret={} \
             key_encryption_keys={}",
            self.listen,
            self.base_url(),
            self.auth_url(),
            self.error_domain,
            self.dev,
            self.database_url.as_deref().map_or("memory".to_owned(), grove_store_postgres::redact_url),
            self.signing_key.as_ref().map_or_else(|| unset_or_generated(self.dev), |p| p.display().to_string()),
            if self.paging_secret.is_some() { "configured".to_owned() } else { unset_or_generated(self.dev) },
            match self.secrets.key_encryption_keys.as_slice() {
                [] => unset_or_generated(self.dev),
                keys => keys.iter().map(|k| k.id.as_str()).collect::<Vec<_>>().join(","),
            },
        )
    }
}

/// figment's errors named by the key as written in `grove.toml` (`database_pool_size`, not
/// `default.database_pool_size`), with where the value came from and what was expected.
fn describe_errors(errors: figment::Error) -> anyhow::Error {
    let lines: Vec<String> = errors
        .into_iter()
        .map(|e| {
            let key = e.path.join(".");
            let from = e.metadata.as_ref().map_or_else(String::new, |m| match &m.source {
                Some(source) => format!(" (from {source})"),
                None => format!(" (from {})", m.name),
            });
            let problem = match &e.kind {
                figment::error::Kind::InvalidType(actual, expected) => {
                    format!("expected {}, found {actual}", plain_type(expected))
                }
                kind => kind.to_string(),
            };
            if key.is_empty() {
                format!("{problem}{from}")
            } else if key == "listen" {
                format!("listen: expected HOST:PORT with an IP address, e.g. 127.0.0.1:8080{from}")
            } else {
                format!("configuration key {key}: {problem}{from}")
            }
        })
        .collect();
    anyhow::anyhow!(lines.join("; "))
}

/// serde's name of an expected type, in words.
fn plain_type(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number (0 or more)".to_owned(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        "a boolean" | "bool" => "true or false".to_owned(),
        other => other.to_owned(),
    }
}

/// What the summary says of a secret that was not configured.
fn unset_or_generated(dev: bool) -> String {
    if dev { "generated" } else { "unset" }.to_owned()
}

/// Every key `Config` reads, dotted for nested tables (`sts.fetch_timeout_ms`).
fn known_keys() -> Vec<String> {
    fn walk(prefix: &str, value: &serde_json::Value, out: &mut Vec<String>) {
        if let serde_json::Value::Object(map) = value {
            for (key, inner) in map {
                let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                out.push(path.clone());
                walk(&path, inner, out);
            }
        }
    }
    let mut keys = Vec::new();
    walk("", &serde_json::to_value(Config::default()).unwrap_or_default(), &mut keys);
    keys
}

/// Fails on the first key of the TOML file at `path` (if it exists) that `Config` does not
/// read. Environment variables are not checked: `GROVE_*` also names client settings
/// (`GROVE_TOKEN`, `GROVE_LOG`, …).
fn reject_unknown_keys(path: &Path) -> anyhow::Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let dict = Figment::from(Toml::file_exact(path)).extract::<figment::value::Dict>().map_err(describe_errors)?;
    let known = known_keys();
    let mut pending: Vec<(String, figment::value::Value)> = dict.into_iter().collect();
    while let Some((key, value)) = pending.pop() {
        if !known.contains(&key) {
            let hint = closest(&key, &known).map(|k| format!("; did you mean `{k}`?")).unwrap_or_default();
            anyhow::bail!("unknown configuration key `{key}` in {}{hint}", path.display());
        }
        if let figment::value::Value::Dict(_, inner) = value {
            pending.extend(inner.into_iter().map(|(k, v)| (format!("{key}.{k}"), v)));
        }
    }
    Ok(())
}

/// The known key nearest to `key` by edit distance, when it is near enough to be a typo.
fn closest<'a>(key: &str, known: &'a [String]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(key, k), k))
        .filter(|(d, k)| *d <= 3.max(k.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.as_str())
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_file_and_defaults() {
        let mut flags = serde_json::Map::new();
        flags.insert("listen".into(), "127.0.0.1:9999".into());
        let c = Config::load(None, &flags).unwrap();
        assert_eq!(c.listen.port(), 9999);
        assert_eq!(c.base_url(), "http://127.0.0.1:9999");
        assert_eq!(c.error_domain, "iam.grove.dev");
        assert_eq!(c.config_file, None);
    }

    #[test]
    fn a_config_file_named_but_missing_fails_naming_it() {
        let error = Config::load(Some(Path::new("/nonexistent/grove.toml")), &serde_json::Map::new()).err().unwrap();
        assert_eq!(error.to_string(), "configuration file /nonexistent/grove.toml does not exist (--config)");
    }

    /// A scratch `grove.toml` holding `text`, removed at the end.
    struct TomlFile(PathBuf);

    impl TomlFile {
        fn new(name: &str, text: &str) -> Self {
            let path = std::env::temp_dir().join(format!("grove-config-{}-{name}.toml", std::process::id()));
            std::fs::write(&path, text).unwrap();
            Self(path)
        }
    }

    impl Drop for TomlFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn the_config_file_read_is_recorded_and_tls_makes_the_urls_https() {
        let file =
            TomlFile::new("read", "listen = \"127.0.0.1:8443\"\n[tls]\ncert_file = \"c.pem\"\nkey_file = \"k.pem\"\n");
        let c = Config::load(Some(&file.0), &serde_json::Map::new()).unwrap();
        assert_eq!(c.config_file.as_deref(), Some(file.0.as_path()));
        assert_eq!(c.base_url(), "https://127.0.0.1:8443");
        assert_eq!(c.auth_url(), "https://127.0.0.1:8443");
    }

    #[test]
    fn a_wrong_type_in_the_config_file_names_the_key_as_written() {
        let file = TomlFile::new("wrong-type", "database_pool_size = \"many\"\n");
        let error = Config::load(Some(&file.0), &serde_json::Map::new()).err().unwrap().to_string();
        assert_eq!(
            error,
            format!(
                "configuration key database_pool_size: expected a whole number (0 or more), found string \"many\" \
                 (from {})",
                file.0.display()
            )
        );
        let nested = TomlFile::new("nested", "[http]\nmax_connections = true\n");
        let error = Config::load(Some(&nested.0), &serde_json::Map::new()).err().unwrap().to_string();
        assert!(
            error.starts_with(
                "configuration key http.max_connections: expected a whole number (0 or more), found bool true"
            ),
            "{error}"
        );
    }

    #[test]
    fn a_listen_address_without_a_host_says_host_port() {
        let mut flags = serde_json::Map::new();
        flags.insert("listen".into(), "8080".into());
        let error = Config::load(None, &flags).err().unwrap().to_string();
        assert!(error.starts_with("listen: expected HOST:PORT with an IP address, e.g. 127.0.0.1:8080"), "{error}");
    }

    #[test]
    fn loopback_issuers_follow_dev_mode_unless_set() {
        let dev = Config { dev: true, ..Config::default() };
        assert!(dev.oidc_settings().fetch.allow_loopback);
        assert!(!Config::default().oidc_settings().fetch.allow_loopback);
        let mut strict_dev = dev.clone();
        strict_dev.sts.allow_loopback_issuers = Some(false);
        assert!(!strict_dev.oidc_settings().fetch.allow_loopback);
    }

    #[test]
    fn loopback_sinks_follow_dev_mode_unless_set_and_private_ones_need_the_flag() {
        use grove_domain::events::SinkPolicy;
        let dev = Config { dev: true, ..Config::default() };
        assert_eq!(dev.sink_policy(), SinkPolicy { allow_loopback: true, allow_private: false });
        assert_eq!(Config::default().sink_policy(), SinkPolicy { allow_loopback: false, allow_private: false });
        let mut open = Config::default();
        open.events.allow_loopback_sinks = Some(true);
        open.events.allow_private_sinks = true;
        assert_eq!(open.sink_policy(), SinkPolicy { allow_loopback: true, allow_private: true });
    }

    #[test]
    fn aws_exchange_settings_default_to_the_public_sts_and_the_auth_url() {
        let mut c = Config { auth_url: Some("https://auth.grove.test".into()), ..Config::default() };
        assert_eq!(c.sts.aws_sts_endpoint, "https://sts.amazonaws.com");
        let settings = c.exchange_settings();
        assert_eq!(settings.aws_sts_host, "sts.amazonaws.com");
        assert_eq!(settings.aws_audiences, ["https://auth.grove.test"]);
        c.sts.aws_sts_host = "sts.example.test".into();
        c.sts.aws_audiences = vec!["https://a.test".into(), "https://b.test".into()];
        let settings = c.exchange_settings();
        assert_eq!(settings.aws_sts_host, "sts.example.test");
        assert_eq!(settings.aws_audiences, ["https://a.test", "https://b.test"]);
    }

    #[test]
    fn sts_settings_read_from_nested_keys() {
        let mut flags = serde_json::Map::new();
        flags.insert("sts".into(), serde_json::json!({ "jwks_refetch_interval_seconds": 5 }));
        let c = Config::load(None, &flags).unwrap();
        assert_eq!(c.sts.jwks_refetch_interval_seconds, 5);
        assert_eq!(c.sts.fetch_timeout_ms, 5_000);
    }

    fn file_with(text: &str) -> (PathBuf, impl Drop) {
        struct Remove(PathBuf);
        impl Drop for Remove {
            fn drop(&mut self) {
                let _ = std::fs::remove_file(&self.0);
            }
        }
        let path = std::env::temp_dir().join(format!("grove-config-test-{}.toml", rand::random::<u64>()));
        std::fs::write(&path, text).unwrap();
        (path.clone(), Remove(path))
    }

    #[test]
    fn a_misspelt_key_in_the_file_is_rejected_with_the_closest_valid_one() {
        let (path, _cleanup) = file_with("databse_url = \"postgres://db/grove\"\n");
        let err = Config::load(Some(&path), &serde_json::Map::new()).err().unwrap().to_string();
        assert_eq!(
            err,
            format!("unknown configuration key `databse_url` in {}; did you mean `database_url`?", path.display())
        );
    }

    #[test]
    fn a_misspelt_nested_key_is_rejected_and_a_far_one_has_no_hint() {
        let (path, _cleanup) = file_with("[sts]\nfetch_timout_ms = 10\n");
        let err = Config::load(Some(&path), &serde_json::Map::new()).err().unwrap().to_string();
        assert!(err.starts_with("unknown configuration key `sts.fetch_timout_ms`"), "{err}");
        assert!(err.ends_with("did you mean `sts.fetch_timeout_ms`?"), "{err}");
        // (`colour` would be near `clouds`.)
        let (path, _cleanup) = file_with("zebra_stripes = \"blue\"\n");
        let err = Config::load(Some(&path), &serde_json::Map::new()).err().unwrap().to_string();
        assert_eq!(err, format!("unknown configuration key `zebra_stripes` in {}", path.display()));
    }

    #[test]
    fn the_example_file_names_every_key_and_loads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/grove.example.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        let c = Config::load(Some(&path), &serde_json::Map::new()).unwrap();
        assert_eq!(c.http.max_connections, 1024);
        let missing: Vec<_> = known_keys()
            .into_iter()
            .filter(|key| {
                let leaf = key.rsplit('.').next().unwrap_or(key);
                !text.lines().any(|l| l.trim_start_matches("# ").starts_with(&format!("{leaf} =")))
                    && !text.contains(&format!("[{key}]"))
            })
            .collect();
        assert!(missing.is_empty(), "docs/grove.example.toml lacks {missing:?}");
    }

    #[test]
    fn key_encryption_keys_load_from_the_file_in_order_and_bad_ones_are_refused_by_name() {
        let (key_file, _cleanup_key) = file_with("  BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=\n");
        let toml = format!(
            "[[secrets.key_encryption_keys]]\nid = \"new\"\nkey = \"{}\"\n\
             [[secrets.key_encryption_keys]]\nid = \"old\"\nkey_file = \"{}\"\n",
            "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
            key_file.display()
        );
        let (path, _cleanup) = file_with(&toml);
        let c = Config::load(Some(&path), &serde_json::Map::new()).unwrap();
        let ring = c.secret_keyring().unwrap();
        assert_eq!(ring.current_id(), Some("new"));
        assert!(!c.summary().contains("AQEBAQ"), "{}", c.summary());
        assert!(c.summary().ends_with("key_encryption_keys=new,old"), "{}", c.summary());
        assert!(!format!("{:?}", c.secrets).contains("AQEBAQ"));

        let bad = |entry: KeyEncryptionKeySettings| {
            let c = Config { secrets: SecretsSettings { key_encryption_keys: vec![entry] }, ..Config::default() };
            c.secret_keyring().unwrap_err().to_string()
        };
        let entry =
            |key: Option<&str>| KeyEncryptionKeySettings { id: "k".into(), key: key.map(Into::into), key_file: None };
        assert_eq!(bad(entry(Some("c2hvcnQ="))), "key-encryption key \"k\" is 5 bytes; it must be 32");
        assert_eq!(bad(entry(Some("not base64!"))), "key-encryption key \"k\" is not base64");
        assert_eq!(bad(entry(None)), "key-encryption key \"k\" needs exactly one of key and key_file");
        assert!(Config::default().secret_keyring().unwrap().is_empty(), "no key outside dev mode unless configured");
    }

    #[test]
    fn a_file_of_known_keys_loads() {
        let (path, _cleanup) = file_with("listen = \"127.0.0.1:7000\"\n[sts]\nfetch_timeout_ms = 10\n");
        let c = Config::load(Some(&path), &serde_json::Map::new()).unwrap();
        assert_eq!((c.listen.port(), c.sts.fetch_timeout_ms), (7000, 10));
    }

    #[test]
    fn serving_without_keys_outside_dev_mode_is_refused_before_anything_is_logged() {
        let err = Config::default().validate_for_serving().unwrap_err().to_string();
        assert_eq!(err, "signing_key is required (a PKCS#8 P-256 PEM file); or run with --dev");
        assert!(Config::default().summary().contains("signing_key=unset paging_secret=unset"));
        let dev = Config { dev: true, ..Config::default() };
        assert_eq!(dev.validate_for_serving().ok(), Some(()));
        assert!(dev.summary().contains("signing_key=generated paging_secret=generated"));
    }

    #[test]
    fn http_settings_read_from_nested_keys_and_keep_other_defaults() {
        let mut flags = serde_json::Map::new();
        flags.insert("http".into(), serde_json::json!({ "max_connections": 8, "idle_timeout_ms": 500 }));
        let c = Config::load(None, &flags).unwrap();
        assert_eq!(
            c.http,
            HttpSettings {
                header_read_timeout_ms: 10_000,
                idle_timeout_ms: 500,
                body_read_timeout_ms: 30_000,
                max_connections: 8,
                h2_ping_interval_ms: 30_000,
                h2_ping_timeout_ms: 10_000,
            }
        );
    }

    #[test]
    fn http_limits_are_at_least_one_and_a_zero_ping_interval_sends_no_pings() {
        use std::time::Duration;
        let zero = HttpSettings {
            header_read_timeout_ms: 0,
            idle_timeout_ms: 0,
            body_read_timeout_ms: 0,
            max_connections: 0,
            h2_ping_interval_ms: 0,
            h2_ping_timeout_ms: 0,
        };
        let one = Duration::from_millis(1);
        assert_eq!(
            zero.limits(),
            ServerLimits {
                header_read_timeout: one,
                idle_timeout: one,
                body_read_timeout: one,
                max_connections: 1,
                h2_ping_interval: None,
                h2_ping_timeout: one,
            }
        );
    }

    #[test]
    fn summary_never_shows_secrets() {
        let c = Config {
            paging_secret: Some("hunter2".into()),
            database_url: Some("postgres://grove:s3cret@db:5432/grove".into()),
            ..Config::default()
        };
        let summary = c.summary();
        assert!(!summary.contains("hunter2") && !summary.contains("s3cret"), "{summary}");
        assert!(summary.contains("db:5432/grove"), "{summary}");
    }
}
