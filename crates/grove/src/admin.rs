//! Administration commands that act on the store directly: `grove migrate` and
//! `grove admin bootstrap`.

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
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    });
    let made = BootstrapService::new(deps)
        .ensure_owned_organization(
            &request.org,
            &request.identity_name,
            "Owner created by grove admin bootstrap",
            relationship,
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(json!({
        "group": made.group.uid.to_string(),
        "identity": made.identity.uid.to_string(),
        "roleBinding": made.role_binding.uid.to_string(),
    }))
}
