//! Token figures: a loopback OIDC issuer for the exchange scenario, and the cost of the API
//! token check measured in process.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::routing::get;
use axum::{Json, Router};
use grove_domain::ports::{ApiTokenVerifier, Clock, SystemClock};
use grove_domain::Uidp;
use grove_sts::{ApiTokens, SigningKey};
use serde_json::json;

/// An OIDC issuer on loopback: discovery and JWKS, and tokens it signs (ES256).
pub struct Issuer {
    /// Its `iss` (`http://127.0.0.1:<port>`).
    pub url: String,
    key: SigningKey,
}

impl Issuer {
    /// Serves discovery and JWKS on a free loopback port until the process ends.
    ///
    /// # Errors
    /// When no key can be made or no port bound.
    pub async fn start() -> anyhow::Result<Self> {
        let key = SigningKey::generate().map_err(|e| anyhow::anyhow!("{e}"))?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}", listener.local_addr()?);
        let discovery = json!({ "issuer": url, "jwks_uri": format!("{url}/jwks") });
        let jwks = json!({ "keys": [key.public_jwk()] });
        let app = Router::new()
            .route("/.well-known/openid-configuration", get(move || async move { Json(discovery.clone()) }))
            .route("/jwks", get(move || async move { Json(jwks.clone()) }));
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok(Self { url, key })
    }

    /// A one-hour token for `subject` with audience `audience`.
    ///
    /// # Errors
    /// When signing fails.
    pub fn token(&self, subject: &str, audience: &str) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims =
            json!({ "iss": self.url, "sub": subject, "aud": audience, "iat": now, "nbf": now, "exp": now + 3600 });
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
        header.kid = Some(self.key.kid().to_owned());
        let key = jsonwebtoken::EncodingKey::from_ec_pem(self.key.to_pem().as_bytes())?;
        Ok(jsonwebtoken::encode(&header, &claims, &key)?)
    }
}

/// What checking an API token costs: a first check (signature) and a repeat (cached).
pub struct CheckCost {
    /// Mean time of a first check, with the ES256 signature verified.
    pub first: Duration,
    /// Mean time of a repeat check of a token already verified.
    pub repeat: Duration,
}

/// Measures [`CheckCost`] with `n` distinct tokens.
///
/// # Errors
/// When minting or verifying fails.
pub fn check_cost(n: usize) -> anyhow::Result<CheckCost> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let key = SigningKey::generate().map_err(|e| anyhow::anyhow!("{e}"))?;
    let tokens = ApiTokens::new(key, Vec::new(), "http://auth.bench".into(), "http://api.bench".into(), clock);
    let subject = Uidp::random_root().random_child();
    let minted = (0..n)
        .map(|_| tokens.mint(&subject, chrono::Duration::hours(1)).map(|m| m.token))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let started = Instant::now();
    for t in &minted {
        tokens.verify(t).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let first = started.elapsed() / n as u32;
    let started = Instant::now();
    for t in &minted {
        tokens.verify(t).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let repeat = started.elapsed() / n as u32;
    Ok(CheckCost { first, repeat })
}
