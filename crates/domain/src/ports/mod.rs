//! Ports: the traits through which the domain reaches storage, time, randomness and tokens.
//!
//! Adapters implement them (`grove-store-memory`, `grove-store-postgres`, `grove-sts`);
//! tests use the `Mock*` types generated with the `mock` feature.

mod account_associations;
mod advisories;
mod audit;
mod console_sessions;
mod events;
mod group_invites;
mod identity_providers;
mod logins;
mod scim;
mod scim_provisioning;
mod stores;

pub use account_associations::*;
pub use advisories::*;
pub use audit::*;
pub use console_sessions::*;
pub use events::*;
pub use group_invites::*;
pub use identity_providers::*;
pub use logins::*;
pub use scim::*;
pub use scim_provisioning::*;
pub use stores::*;

use crate::authz::Restriction;
use crate::aws::{AwsCaller, SignedRequest};
use crate::error::Result;
use crate::time::Timestamp;
use crate::uidp::Uidp;

use async_trait::async_trait;
#[cfg(any(test, feature = "mock"))]
use mockall::automock;

/// Tells the other nodes that grants may have changed, so that they drop their cached
/// grants at once instead of when the cache's time runs out (PostgreSQL: `NOTIFY`).
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait GrantsChangedSignal: Send + Sync {
    /// Called after a write that may change anyone's grants committed; must not block (the
    /// signal is sent in the background, coalesced, at most once per a few milliseconds).
    fn grants_changed(&self);
}

/// The source of "now", so tests control time.
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait Clock: Send + Sync {
    /// The current time, truncated to milliseconds.
    fn now(&self) -> Timestamp;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_datetime(chrono::Utc::now())
    }
}

/// The source of new uids, so tests control them.
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait IdGenerator: Send + Sync {
    /// A fresh organization uid.
    fn new_root(&self) -> Uidp;
    /// A fresh uid directly below `parent`.
    fn new_child(&self, parent: &Uidp) -> Uidp;
}

/// Random uids from the thread-local CSPRNG.
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn new_root(&self) -> Uidp {
        Uidp::random_root()
    }
    fn new_child(&self, parent: &Uidp) -> Uidp {
        parent.random_child()
    }
}

/// What a verified API token says about its bearer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedToken {
    /// The identity the token was issued to (`sub`).
    pub subject: Uidp,
    /// When the token stops being valid (`exp`).
    pub expires_at: Timestamp,
    /// The narrowing the token was exchanged with (its `cap` and `scopes` claims).
    pub restriction: Restriction,
}

impl VerifiedToken {
    /// A token for `subject` until `expires_at`, not narrowed.
    #[must_use]
    pub fn new(subject: Uidp, expires_at: Timestamp) -> Self {
        Self { subject, expires_at, restriction: Restriction::default() }
    }
}

/// A freshly minted API token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MintedToken {
    /// The compact JWT.
    pub token: String,
    /// When it expires: its `exp`, so whole seconds.
    pub expiry: Timestamp,
}

/// Mints API tokens (the token service's signing half).
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait ApiTokenMinter: Send + Sync {
    /// A token for `subject`, narrowed by `restriction`, valid from now for `ttl`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a `ttl` under one second; `INTERNAL` when signing fails.
    fn mint(&self, subject: &Uidp, restriction: &Restriction, ttl: chrono::Duration) -> Result<MintedToken>;
}

/// The payload of a third-party token whose signature has been checked (claims untouched).
pub type VerifiedClaims = serde_json::Map<String, serde_json::Value>;

/// Checks the signatures of third-party OIDC tokens presented for exchange.
///
/// Only the signature (with an accepted algorithm: RS256, PS256, ES256, ES384, EdDSA) is the
/// verifier's business; times, issuer, subject, audience and claims are checked by the
/// domain on the claims it returns.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait IdentityTokenVerifier: Send + Sync {
    /// Verifies `token` with the keys `issuer` publishes: its OIDC discovery document (whose
    /// `issuer` must equal `issuer`), then its JWKS, cached and refetched (boundedly) when
    /// the token names an unknown key.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when the signature does not verify, the key is unknown, or the
    /// issuer's documents cannot be fetched or used (refused address, timeout, bad JSON).
    async fn verify_discovered(&self, token: &str, issuer: &str) -> Result<VerifiedClaims>;

    /// Verifies `token` with a stored JWKS document, fetching nothing.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when the signature does not verify or no stored key fits.
    fn verify_with_jwks(&self, token: &str, jwks: &str) -> Result<VerifiedClaims>;
}

/// The OAuth endpoints an OpenID provider's discovery document names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderEndpoints {
    /// `authorization_endpoint`.
    pub authorization_endpoint: String,
    /// `token_endpoint`.
    pub token_endpoint: String,
    /// `token_endpoint_auth_methods_supported`; `None` when the document has no such list
    /// (RFC 8414 §2: then `client_secret_basic` is the one).
    pub token_endpoint_auth_methods: Option<Vec<String>>,
}

/// How a confidential client proves itself at a token endpoint (RFC 6749 §2.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientAuthMethod {
    /// HTTP Basic with the form-urlencoded client id and secret.
    ClientSecretBasic,
    /// `client_id` and `client_secret` in the form body.
    ClientSecretPost,
}

/// An authorization code to redeem at a provider's token endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeRedemption {
    /// The provider's token endpoint.
    pub token_endpoint: String,
    /// The code the provider gave.
    pub code: String,
    /// The `redirect_uri` the code was asked for with.
    pub redirect_uri: String,
    /// The PKCE verifier, when the login used PKCE.
    pub code_verifier: Option<String>,
    /// The client id.
    pub client_id: String,
    /// The client secret (its `Debug` is redacted).
    pub client_secret: crate::model::ClientSecret,
    /// How to send it.
    pub auth_method: ClientAuthMethod,
}

/// Grove as an OAuth client of an OpenID provider: what a server-side login asks of it.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait OidcClient: Send + Sync {
    /// The OAuth endpoints of `issuer`'s discovery document (whose `issuer` must equal it).
    ///
    /// # Errors
    /// `UNAVAILABLE` when the document cannot be fetched or used (refused address, timeout,
    /// bad JSON, another issuer, an endpoint missing).
    async fn endpoints(&self, issuer: &str) -> Result<ProviderEndpoints>;

    /// Redeems an authorization code; returns the ID token the provider answers.
    ///
    /// # Errors
    /// `PERMISSION_DENIED` when the provider refuses the code or the client (its OAuth error
    /// code in the message) or answers without an ID token; `UNAVAILABLE` when it cannot be
    /// reached.
    async fn redeem_code(&self, redemption: &CodeRedemption) -> Result<String>;
}

/// Asks AWS STS who signed a `GetCallerIdentity` request presented as an AWS token.
///
/// The domain has checked the request's shape, binding headers and date; only AWS can
/// check the signature, which it does by answering the request.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait AwsCallerIdentity: Send + Sync {
    /// Sends `request` (its path, query and headers, no body) to AWS STS and reads the
    /// `GetCallerIdentityResult` of the answer.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when AWS refuses the request (bad signature, unknown or expired
    /// credentials: any 4xx answer); `UNAVAILABLE` when AWS cannot be reached, times out,
    /// answers 5xx, or answers something that is not a `GetCallerIdentityResponse`.
    async fn get_caller_identity(&self, request: &SignedRequest) -> Result<AwsCaller>;
}

/// Checks API tokens presented as `Authorization: Bearer <token>`.
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait ApiTokenVerifier: Send + Sync {
    /// Verifies `token` (signature by a key this server holds, issuer, audience, expiry).
    ///
    /// # Errors
    /// `UNAUTHENTICATED` for any token that is malformed, foreign, expired or badly signed;
    /// the message never reveals which key or check failed beyond a short reason.
    fn verify(&self, token: &str) -> Result<VerifiedToken>;
}
