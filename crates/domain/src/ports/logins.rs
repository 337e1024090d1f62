//! Store port of person logins: the root-level identity a login through an identity
//! provider registers (with the provider's default-role binding on the first login), and the
//! refresh tokens such a login hands out (kept as SHA-256 hashes, single-use, rotated within a
//! family that a reused token revokes), and the single use of Grove's own authorization codes
//! (the server-side login's, kept as SHA-256 hashes).

use async_trait::async_trait;

use crate::error::Result;
use crate::events::NewEvent;
use crate::model::{Identity, RoleBinding, Seen};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// A refresh token as stored: never the token itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshTokenRecord {
    /// SHA-256 of the token, lower-case hex.
    pub hash: String,
    /// The family: every token rotated from one login shares it.
    pub family: String,
    /// The person it renews tokens for.
    pub identity: Uidp,
    /// The organization's identity provider of the login, as configured then (`None` for the
    /// server's default provider).
    pub provider: Option<LoginProvider>,
    /// When it was handed out.
    pub create_time: Timestamp,
    /// When it stops being accepted.
    pub expire_time: Timestamp,
}

/// The organization's identity provider a refresh token was handed out through, with the
/// issuer and client id it had then: the token renews only while the provider still exists
/// with both unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginProvider {
    /// The provider's uid.
    pub uid: Uidp,
    /// Its issuer when the token was handed out.
    pub issuer: String,
    /// Its client id when the token was handed out.
    pub client_id: String,
}

/// A verified person login, to be recorded in one transaction.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonLogin {
    /// The root-level identity, as created when it does not exist yet.
    pub identity: Identity,
    /// Its `identity.created` event (used only when it is created).
    pub created: NewEvent,
    /// What the login records on an existing identity.
    pub seen: Seen,
    /// The provider's default-role binding and its event, made only when the identity is
    /// created (a first login through a custom provider).
    pub binding: Option<(RoleBinding, NewEvent)>,
    /// The refresh token handed out with the login.
    pub refresh: RefreshTokenRecord,
    /// The organization the login makes the person a member of (that of the organization's
    /// provider it went through; `None` for the default provider), recorded on every login
    /// before the default-role binding is hydrated for its event.
    pub joins: Option<Uidp>,
}

/// What rotating a refresh token found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// The token was live: it is now used, and its successor is stored in its family.
    Rotated {
        /// The person.
        identity: Uidp,
        /// The provider of the original login.
        provider: Option<Uidp>,
    },
    /// No such token (never issued, revoked, or its identity deleted).
    Unknown,
    /// The token had been used already: its whole family is revoked.
    Reused,
    /// The token has expired (it is removed).
    Expired,
    /// The token's provider was deleted, or its issuer or client id changed since the token
    /// was handed out: its whole family is revoked.
    ProviderChanged,
}

/// Person logins and their refresh tokens.
#[async_trait]
pub trait LoginStore: Send + Sync {
    /// In one transaction: creates the person's identity (with its event, and the default-role
    /// binding with its event when given) or records the sighting on the existing one, records
    /// the membership of [`PersonLogin::joins`], and stores the refresh token. Returns the identity as stored and whether it was created.
    ///
    /// # Errors
    /// `NOT_FOUND` when the binding's group or role no longer exists; store failures.
    async fn record_person_login(&self, login: &PersonLogin) -> Result<(Identity, bool)>;

    /// Uses the refresh token whose hash is `hash` at `now`: when it is live, marks it used and
    /// stores `next` (whose identity and provider are replaced by the used token's) in its
    /// family; when it was used before, or its provider is gone or changed
    /// ([`Rotation::ProviderChanged`]), deletes its whole family.
    ///
    /// # Errors
    /// Only store failures.
    async fn rotate_refresh_token(&self, hash: &str, next: &RefreshTokenRecord, now: Timestamp) -> Result<Rotation>;

    /// Revokes the refresh token whose hash is `hash` with its whole family (every token
    /// rotated from the same login). Returns whether there was such a token.
    ///
    /// # Errors
    /// Only store failures.
    async fn revoke_refresh_token(&self, hash: &str) -> Result<bool>;

    /// Records the use of the authorization code whose SHA-256 is `hash` (valid until
    /// `expire_time`); returns `true` the first time and `false` when it was used before
    /// (concurrent uses: exactly one gets `true`). Records whose `expire_time` is before
    /// `now` may be forgotten, since an expired code is refused before it is recorded.
    ///
    /// # Errors
    /// Only store failures.
    async fn use_authorization_code(&self, hash: &str, expire_time: Timestamp, now: Timestamp) -> Result<bool>;
}
