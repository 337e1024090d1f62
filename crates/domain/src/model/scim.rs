//! The SCIM provisioning credential of an identity provider: whether SCIM is on, the
//! SHA-256 of the current bearer token (the token itself is shown once and never stored),
//! the token that is still honoured during a rotation overlap, and the etag that the
//! lifecycle RPCs check.

use crate::time::Timestamp;
use crate::uidp::Uidp;

/// Prefix of every SCIM bearer token (followed by 64 lowercase hex digits).
pub const SCIM_TOKEN_PREFIX: &str = "cgscim_";

/// The etag of an identity provider whose SCIM state never changed.
pub const INITIAL_SCIM_ETAG: &str = "0";

/// The stored SCIM state of one identity provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimCredential {
    /// The identity provider it belongs to.
    pub identity_provider: Uidp,
    /// Whether SCIM provisioning is switched on.
    pub enabled: bool,
    /// Lowercase hex SHA-256 of the live token; `None` when none was issued or it was
    /// revoked.
    pub token_sha256: Option<String>,
    /// When the live token expires; `None` for a token that never expires.
    pub expire_time: Option<Timestamp>,
    /// SHA-256 of the replaced token that is still honoured until `previous_expire_time`.
    pub previous_token_sha256: Option<String>,
    /// When the replaced token stops being honoured.
    pub previous_expire_time: Option<Timestamp>,
    /// When the tokens were last revoked.
    pub revoke_time: Option<Timestamp>,
    /// Changes with every write; the lifecycle RPCs compare it.
    pub etag: String,
    /// When it last changed.
    pub update_time: Timestamp,
}

/// Lifecycle of the SCIM bearer credential (`IdentityProvider.SCIM.CredentialState`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CredentialState {
    /// No token was ever issued.
    NotIssued = 1,
    /// A token is valid.
    Live = 2,
    /// The token's expiry has passed.
    Expired = 3,
    /// The tokens were revoked and none was issued since.
    Revoked = 4,
    /// A new token is valid and the replaced one is still honoured.
    Rotating = 5,
}

impl ScimCredential {
    /// The SCIM state of an identity provider that never had any.
    #[must_use]
    pub fn empty(identity_provider: Uidp, now: Timestamp) -> Self {
        Self {
            identity_provider,
            enabled: false,
            token_sha256: None,
            expire_time: None,
            previous_token_sha256: None,
            previous_expire_time: None,
            revoke_time: None,
            etag: INITIAL_SCIM_ETAG.to_owned(),
            update_time: now,
        }
    }

    /// The credential's state at `now`.
    #[must_use]
    pub fn state(&self, now: Timestamp) -> CredentialState {
        match &self.token_sha256 {
            None if self.revoke_time.is_some() => CredentialState::Revoked,
            None => CredentialState::NotIssued,
            Some(_) if self.expire_time.is_some_and(|t| t <= now) => CredentialState::Expired,
            Some(_) if self.previous_expire_time.is_some_and(|t| t > now) => CredentialState::Rotating,
            Some(_) => CredentialState::Live,
        }
    }

    /// The expiry of the replaced token while it is still honoured at `now`.
    #[must_use]
    pub fn live_previous_expire_time(&self, now: Timestamp) -> Option<Timestamp> {
        self.previous_expire_time.filter(|t| *t > now && self.previous_token_sha256.is_some())
    }

    /// What reads show of this state at `now`: `detailed` (Get) adds the token's expiry and
    /// the credential state, which lists leave out.
    #[must_use]
    pub fn status(&self, now: Timestamp, detailed: bool) -> ScimStatus {
        ScimStatus {
            enabled: self.enabled,
            endpoint_url: scim_endpoint_path(&self.identity_provider),
            token_expire_time: if detailed { self.expire_time } else { None },
            previous_token_expire_time: self.live_previous_expire_time(now),
            credential_state: detailed.then(|| self.state(now)),
            etag: self.etag.clone(),
        }
    }
}

/// An identity provider's SCIM state as reads show it (`IdentityProvider.scim`, all
/// output only). Never carries a token or its digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimStatus {
    /// Whether provisioning is on.
    pub enabled: bool,
    /// Where SCIM clients send requests.
    pub endpoint_url: String,
    /// When the live token expires (Get only; `None` on lists, for no token or one that
    /// never expires).
    pub token_expire_time: Option<Timestamp>,
    /// Until when the replaced token is still honoured, while it is.
    pub previous_token_expire_time: Option<Timestamp>,
    /// The credential's state (Get only; `None` on lists, shown as `UNSPECIFIED`).
    pub credential_state: Option<CredentialState>,
    /// The etag the lifecycle RPCs compare.
    pub etag: String,
}

/// The SCIM endpoint of identity provider `uid` (a path on this server).
#[must_use]
pub fn scim_endpoint_path(uid: &Uidp) -> String {
    format!("/scim/v2/{uid}")
}

/// What a SCIM lifecycle RPC answers (also its event's data, without any token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScimOutcome {
    /// A token was generated or regenerated.
    Issued(ScimTokenIssued),
    /// The tokens were revoked.
    Revoked(ScimRevoked),
    /// SCIM was switched on or off.
    Enabled(ScimEnabled),
}

/// A newly issued SCIM token (`GenerateScimTokenResponse` / `RegenerateScimTokenResponse`).
#[derive(Clone, PartialEq, Eq)]
pub struct ScimTokenIssued {
    /// The identity provider.
    pub identity_provider: Uidp,
    /// The token, shown once; `None` when rendered for an event.
    pub token: Option<String>,
    /// Where SCIM clients send requests.
    pub endpoint_url: String,
    /// When the token expires; `None` for never.
    pub expire_time: Option<Timestamp>,
    /// The new etag.
    pub etag: String,
    /// Regenerate only: until when the replaced token is honoured (`None` when it stopped at
    /// once).
    pub previous_token_expire_time: Option<Timestamp>,
    /// Regenerate only: the overlap applied, in milliseconds.
    pub requested_overlap_millis: Option<i64>,
}

impl std::fmt::Debug for ScimTokenIssued {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScimTokenIssued")
            .field("identity_provider", &self.identity_provider)
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("expire_time", &self.expire_time)
            .field("etag", &self.etag)
            .finish_non_exhaustive()
    }
}

/// `RevokeScimTokenResponse`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimRevoked {
    /// The identity provider.
    pub identity_provider: Uidp,
    /// The new etag.
    pub etag: String,
    /// Whether SCIM is on (revoking leaves it alone).
    pub enabled: bool,
    /// When the tokens were revoked.
    pub revoke_time: Timestamp,
}

/// `SetScimEnabledResponse`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimEnabled {
    /// The identity provider.
    pub identity_provider: Uidp,
    /// Whether SCIM is on now.
    pub enabled: bool,
    /// The new etag.
    pub etag: String,
}
