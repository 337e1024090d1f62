//! Administration commands that act on the store directly: `grove migrate`,
//! `grove admin bootstrap`, `grove admin rotate-secrets` and `grove admin events` (backlog,
//! dead letters, replay).

use std::sync::Arc;

use anyhow::Context as _;
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, SystemClock};
use grove_domain::services::{BootstrapService, Deps};
use rand::RngCore;
use serde_json::json;

use crate::config::Config;
use crate::serve::open_store;

fn database(config: &Config, command: &str) -> anyhow::Result<grove_store_postgres::PostgresConfig> {
    config
        .postgres()
        .with_context(|| format!("{command} needs a PostgreSQL URL: pass --database-url or set GROVE_DATABASE_URL"))
}

/// What `grove migrate` reports instead of applying.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MigrateMode {
    /// Print the applied and pending versions; change nothing.
    Status,
    /// Print the versions that would be applied; change nothing.
    DryRun,
}

/// `grove migrate --status` and `--dry-run`: reports without applying anything.
///
/// # Errors
/// When no database is configured or it cannot be reached.
pub async fn migrate_report(config: &Config, mode: MigrateMode) -> anyhow::Result<()> {
    let pg = database(config, "migrate")?;
    let status = grove_store_postgres::migration_status(&pg.url)
        .await
        .with_context(|| format!("reading the migrations of {}", grove_store_postgres::redact_url(&pg.url)))?;
    match mode {
        MigrateMode::Status => {
            for version in &status.applied {
                println!("applied  {version}");
            }
            for version in &status.pending {
                println!("pending  {version}");
            }
            eprintln!("{} applied, {} pending", status.applied.len(), status.pending.len());
        }
        MigrateMode::DryRun => {
            if status.pending.is_empty() {
                eprintln!("the database is up to date; nothing would be applied");
            }
            for version in &status.pending {
                println!("{version}");
            }
            if !status.pending.is_empty() {
                eprintln!("dry run: {} migrations would be applied; nothing was changed", status.pending.len());
            }
        }
    }
    Ok(())
}

/// Applies pending migrations and prints the versions applied, one per line.
///
/// # Errors
/// When no database is configured, it cannot be reached, or a migration fails.
pub async fn migrate(config: &Config) -> anyhow::Result<()> {
    let pg = database(config, "migrate")?;
    let applied = grove_store_postgres::run_migrations(&pg.url)
        .await
        .with_context(|| format!("migrating {}", grove_store_postgres::redact_url(&pg.url)))?;
    if applied.is_empty() {
        eprintln!("the database is up to date");
    }
    for version in applied {
        println!("{version}");
    }
    Ok(())
}

/// What `admin bootstrap` is asked to create.
#[derive(Debug, Clone)]
pub struct BootstrapRequest {
    /// The organization's name.
    pub org: String,
    /// The OIDC issuer of the owner identity.
    pub issuer: String,
    /// The OIDC subject of the owner identity.
    pub subject: String,
    /// The owner identity's name.
    pub identity_name: String,
    /// The audience the owner's tokens must carry; `None`: the server's `auth_url`.
    pub audience: Option<String>,
    /// Give an existing owner identity this issuer, subject and audience instead of refusing.
    pub force: bool,
}

/// Creates (or finds) an organization, an identity matching `issuer` and `subject`, and
/// its `owner` binding; returns `{"group", "identity", "roleBinding"}` uids.
///
/// # Errors
/// When no database is configured, the names are invalid, or the store fails.
pub async fn bootstrap(config: &Config, request: &BootstrapRequest) -> anyhow::Result<serde_json::Value> {
    database(config, "admin bootstrap")?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store = open_store(config, clock.now()).await?;
    let mut secret = vec![0u8; 32];
    rand::thread_rng().fill_bytes(&mut secret);
    let deps = Deps {
        store,
        clock: clock.clone(),
        ids: Arc::new(RandomIds),
        pager: Arc::new(Pager::new(secret, clock)),
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    };
    let relationship = Relationship::ClaimMatch(ClaimMatch {
        issuer: Matcher::Exact(request.issuer.clone()),
        subject: Matcher::Exact(request.subject.clone()),
        audience: request.audience.clone().map(Matcher::Exact),
        claims: Default::default(),
        claim_patterns: Default::default(),
    });
    let service = BootstrapService::new(deps);
    let service = if request.force { service.replacing_relationship() } else { service };
    let made = service
        .ensure_owned_organization(
            &request.org,
            &request.identity_name,
            "Owner created by grove admin bootstrap",
            relationship,
        )
        .await
        .map_err(|e| match e {
            grove_domain::Error::FailedPrecondition(violation) => anyhow::anyhow!(
                "{}; pass --force to make it trust the new issuer, subject and audience",
                violation.description
            ),
            e => anyhow::anyhow!("{e}"),
        })?;
    Ok(json!({
        "group": made.group.uid.to_string(),
        "identity": made.identity.uid.to_string(),
        "roleBinding": made.role_binding.uid.to_string(),
    }))
}

/// Seals every stored client secret under the first configured key-encryption key: legacy
/// plain ones, and ones sealed under an older key (which must still be configured).
/// Returns `{"resealed", "legacyPlain", "alreadyCurrent", "changedMeanwhile", "keyId"}`.
///
/// # Errors
/// When no database or no key-encryption key is configured, a secret's key is missing, or
/// the store fails.
pub async fn rotate_secrets(config: &Config) -> anyhow::Result<serde_json::Value> {
    database(config, "admin rotate-secrets")?;
    if config.secrets.key_encryption_keys.is_empty() {
        anyhow::bail!(
            "admin rotate-secrets needs secrets.key_encryption_keys (the new key first, the old ones after it)"
        );
    }
    let keyring = config.secret_keyring()?;
    let store = open_store(config, SystemClock.now()).await?;
    let done =
        grove_domain::services::reseal_client_secrets(&*store, &keyring).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(json!({
        "resealed": done.resealed,
        "legacyPlain": done.legacy_plain,
        "alreadyCurrent": done.current,
        "changedMeanwhile": done.changed_meanwhile,
        "keyId": keyring.current_id().unwrap_or_default(),
    }))
}

/// The outbox backlog: `{"undelivered": N, "oldestUndelivered": time or null}`.
///
/// # Errors
/// When no database is configured or the store fails.
pub async fn event_backlog(config: &Config) -> anyhow::Result<serde_json::Value> {
    database(config, "admin events backlog")?;
    let store = open_store(config, SystemClock.now()).await?;
    let backlog = store.event_backlog().await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(json!({
        "undelivered": backlog.undelivered,
        "oldestUndelivered": backlog.oldest.map(|t| t.to_string()),
    }))
}

/// The dead letters, oldest failure first, at most `limit`, one JSON object each.
///
/// # Errors
/// When no database is configured or the store fails.
pub async fn dead_letters(config: &Config, limit: usize) -> anyhow::Result<Vec<serde_json::Value>> {
    database(config, "admin events dead-letters")?;
    let store = open_store(config, SystemClock.now()).await?;
    let letters = store.list_dead_letters(limit).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(letters
        .into_iter()
        .map(|d| {
            json!({
                "id": d.id,
                "eventId": d.event.id.to_string(),
                "type": d.event.event_type.as_str(),
                "subject": d.event.subject.to_string(),
                "group": d.event.group.to_string(),
                "time": d.event.time.to_string(),
                "subscription": d.subscription.to_string(),
                "sink": d.sink.as_str(),
                "attempts": d.attempts,
                "reason": d.reason,
                "failedAt": d.failed_at.to_string(),
            })
        })
        .collect())
}

/// Delivers dead letter `id` again, signed with the configured key, with the configured
/// retries; `{"id", "delivered": true}` or `{"id", "delivered": false, "reason"}`.
///
/// # Errors
/// When no database is configured, the keys cannot be read, the dead letter does not exist
/// or its subscription is gone, or the store fails.
pub async fn replay_dead_letter(config: &Config, id: &str) -> anyhow::Result<serde_json::Value> {
    database(config, "admin events replay")?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store = open_store(config, clock.now()).await?;
    let (active, retired) = crate::serve::signing_keys(config)?;
    let tokens =
        Arc::new(grove_sts::ApiTokens::new(active, retired, config.auth_url(), config.base_url(), clock.clone()));
    let mut settings = crate::events::settings(config);
    settings.nats = None;
    let relay =
        grove_events::Relay::new(store, clock, Arc::new(crate::events::WebhookTokens(tokens)), settings).await?;
    Ok(match relay.replay(id).await? {
        grove_events::Replayed::Delivered => json!({ "id": id, "delivered": true }),
        grove_events::Replayed::Failed(reason) => json!({ "id": id, "delivered": false, "reason": reason }),
    })
}
