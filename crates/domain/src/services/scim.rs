//! The SCIM token lifecycle of identity providers: generate, regenerate with an overlap,
//! revoke, and the enabled switch.
//!
//! Every RPC needs `identity_providers.scim.manage` on the provider (and
//! `identity_providers.list`, without which the provider is `NOT_FOUND`). A token is
//! `cgscim_` followed by 64 hex digits, answered once; only its SHA-256 is stored.

use chrono::Duration;
use sha2::{Digest as _, Sha256};

use crate::authz::Principal;
use crate::builtin::owner_role_uid;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::model::{
    scim_endpoint_path, ScimCredential, ScimEnabled, ScimOutcome, ScimRevoked, ScimTokenIssued, SCIM_TOKEN_PREFIX,
};
use crate::time::Timestamp;
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

/// The longest a token may live: two years ahead.
pub const MAX_SCIM_TOKEN_DAYS: i64 = 730;
/// How long a token lives when no expiry is asked for.
pub const DEFAULT_SCIM_TOKEN_DAYS: i64 = 365;
/// The overlap of a regeneration when none is given (1 hour).
pub const DEFAULT_OVERLAP_MILLIS: i64 = 3_600_000;
/// The longest overlap (24 hours); longer requests are capped.
pub const MAX_OVERLAP_MILLIS: i64 = 86_400_000;
/// How many owner bindings an organization needs before SCIM may be switched on.
pub const MIN_OWNERS_FOR_SCIM: usize = 2;

const KIND: &str = "identity provider";

/// The expiry fields of a generate or regenerate request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScimExpiry {
    /// `expireTime`.
    pub expire_time: Option<Timestamp>,
    /// `neverExpires`.
    pub never_expires: bool,
}

/// SCIM token operations.
#[derive(Debug, Clone)]
pub struct ScimService {
    deps: Deps,
}

/// A fresh token and its stored digest.
fn new_token() -> (String, String) {
    let bytes: [u8; 32] = rand::random();
    let token = format!("{SCIM_TOKEN_PREFIX}{}", hex::encode(bytes));
    let digest = sha256_hex(&token);
    (token, digest)
}

/// Lowercase hex SHA-256 of `token`, as stored.
#[must_use]
pub fn sha256_hex(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn new_etag() -> String {
    let bytes: [u8; 8] = rand::random();
    hex::encode(bytes)
}

fn etag_mismatch(uid: &Uidp) -> Error {
    Error::precondition(
        "ETAG_MISMATCH",
        format!("the SCIM state of identity provider {uid} changed; fetch it again and retry with the current etag"),
    )
}

impl ScimService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps }
    }

    /// The expiry `expiry` asks for at `now` (`None`: never), validated.
    fn expiry(v: &mut Violations, expiry: &ScimExpiry, now: Timestamp) -> Option<Timestamp> {
        match (expiry.expire_time, expiry.never_expires) {
            (Some(_), true) => {
                v.add("expireTime", "give expireTime or neverExpires, not both");
                None
            }
            (None, true) => None,
            (None, false) => Some(now.plus(Duration::days(DEFAULT_SCIM_TOKEN_DAYS))),
            (Some(t), false) => {
                if t <= now {
                    v.add("expireTime", "expireTime must be in the future");
                } else if t > now.plus(Duration::days(MAX_SCIM_TOKEN_DAYS)) {
                    v.add("expireTime", format!("expireTime may be at most {MAX_SCIM_TOKEN_DAYS} days ahead"));
                }
                Some(t)
            }
        }
    }

    /// Checks the caller and that the provider exists; answers its stored SCIM state.
    async fn load(&self, caller: &Principal, uid: &Uidp) -> Result<Option<ScimCredential>> {
        authorize(caller, Capability::IdentityProvidersList, Capability::ScimManage, KIND, uid)?;
        if self.deps.store.get_identity_provider(uid).await?.is_none() {
            return Err(not_found(KIND, uid));
        }
        self.deps.store.get_scim_credential(uid).await
    }

    /// Issues the first token of an identity provider (or the first after a revocation).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid or a bad expiry; `NOT_FOUND`;
    /// `PERMISSION_DENIED`; `FAILED_PRECONDITION` (`SCIM_TOKEN_EXISTS`) when a token exists.
    pub async fn generate(&self, caller: &Principal, uid: &str, expiry: ScimExpiry) -> Result<ScimTokenIssued> {
        let now = self.deps.clock.now();
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("identityProviderUid", uid));
        let expire_time = Self::expiry(&mut v, &expiry, now);
        v.finish()?;
        let uid = checked(uid)?;
        let stored = self.load(caller, &uid).await?;
        let current = stored.clone().unwrap_or_else(|| ScimCredential::empty(uid.clone(), now));
        if current.token_sha256.is_some() {
            return Err(Error::precondition(
                "SCIM_TOKEN_EXISTS",
                format!("identity provider {uid} already has a SCIM token; regenerate or revoke it"),
            ));
        }
        let (token, digest) = new_token();
        let next = ScimCredential {
            token_sha256: Some(digest),
            expire_time,
            previous_token_sha256: None,
            previous_expire_time: None,
            etag: new_etag(),
            update_time: now,
            ..current
        };
        let issued = ScimTokenIssued {
            identity_provider: uid.clone(),
            token: None,
            endpoint_url: scim_endpoint_path(&uid),
            expire_time,
            etag: next.etag.clone(),
            previous_token_expire_time: None,
            requested_overlap_millis: None,
        };
        let outcome = ScimOutcome::Issued(issued.clone());
        let event = self.deps.event(caller.origin(), EventType::ScimTokenGenerated, &uid, now);
        let expected = stored.map(|s| s.etag).unwrap_or_default();
        self.deps.store.put_scim_credential(&next, &expected, &outcome, &event).await?;
        Ok(ScimTokenIssued { token: Some(token), ..issued })
    }

    /// Replaces the live token; the replaced one stays valid for the overlap (default one
    /// hour, capped at 24 hours, never beyond its own expiry; 0 ends it at once).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid, a missing etag, a negative overlap or a bad
    /// expiry; `NOT_FOUND` also when the provider has no token; `PERMISSION_DENIED`;
    /// `FAILED_PRECONDITION` (`ETAG_MISMATCH`).
    pub async fn regenerate(
        &self,
        caller: &Principal,
        uid: &str,
        overlap_millis: Option<i64>,
        expiry: ScimExpiry,
        etag: &str,
    ) -> Result<ScimTokenIssued> {
        let now = self.deps.clock.now();
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("identityProviderUid", uid));
        let expire_time = Self::expiry(&mut v, &expiry, now);
        if etag.is_empty() {
            v.add("etag", "etag is required");
        }
        let overlap = overlap_millis.unwrap_or(DEFAULT_OVERLAP_MILLIS);
        if overlap < 0 {
            v.add("overlap", "overlap must not be negative");
        }
        v.finish()?;
        let overlap = overlap.min(MAX_OVERLAP_MILLIS);
        let uid = checked(uid)?;
        let current = match self.load(caller, &uid).await? {
            Some(c) if c.token_sha256.is_some() => c,
            _ => return Err(Error::NotFound(format!("identity provider {uid} has no SCIM token to regenerate"))),
        };
        if current.etag != etag {
            return Err(etag_mismatch(&uid));
        }
        let previous_expire_time = (overlap > 0).then(|| {
            let end = now.plus(Duration::milliseconds(overlap));
            current.expire_time.map_or(end, |t| t.min(end))
        });
        let previous_expire_time = previous_expire_time.filter(|t| *t > now);
        let (token, digest) = new_token();
        let expected = current.etag.clone();
        let next = ScimCredential {
            previous_token_sha256: previous_expire_time.and(current.token_sha256.clone()),
            previous_expire_time,
            token_sha256: Some(digest),
            expire_time,
            etag: new_etag(),
            update_time: now,
            ..current
        };
        let issued = ScimTokenIssued {
            identity_provider: uid.clone(),
            token: None,
            endpoint_url: scim_endpoint_path(&uid),
            expire_time,
            etag: next.etag.clone(),
            previous_token_expire_time: previous_expire_time,
            requested_overlap_millis: Some(overlap),
        };
        let outcome = ScimOutcome::Issued(issued.clone());
        let event = self.deps.event(caller.origin(), EventType::ScimTokenRegenerated, &uid, now);
        self.deps.store.put_scim_credential(&next, &expected, &outcome, &event).await?;
        Ok(ScimTokenIssued { token: Some(token), ..issued })
    }

    /// Revokes the live token and any overlapping one at once; the enabled switch stays.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`; `PERMISSION_DENIED`.
    pub async fn revoke(&self, caller: &Principal, uid: &str) -> Result<ScimRevoked> {
        let now = self.deps.clock.now();
        let uid = Uidp::parse_field("identityProviderUid", uid)?;
        let stored = self.load(caller, &uid).await?;
        let expected = stored.as_ref().map(|s| s.etag.clone()).unwrap_or_default();
        let current = stored.unwrap_or_else(|| ScimCredential::empty(uid.clone(), now));
        let next = ScimCredential {
            token_sha256: None,
            expire_time: None,
            previous_token_sha256: None,
            previous_expire_time: None,
            revoke_time: Some(now),
            etag: new_etag(),
            update_time: now,
            ..current
        };
        let revoked = ScimRevoked {
            identity_provider: uid.clone(),
            etag: next.etag.clone(),
            enabled: next.enabled,
            revoke_time: now,
        };
        let outcome = ScimOutcome::Revoked(revoked.clone());
        let event = self.deps.event(caller.origin(), EventType::ScimTokenRevoked, &uid, now);
        self.deps.store.put_scim_credential(&next, &expected, &outcome, &event).await?;
        Ok(revoked)
    }

    /// Switches SCIM provisioning on or off. Switching it on needs at least
    /// [`MIN_OWNERS_FOR_SCIM`] owner bindings on the organization, so that provisioning can
    /// never lock the last owner out.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid or a missing etag; `NOT_FOUND`;
    /// `PERMISSION_DENIED`; `FAILED_PRECONDITION` (`ETAG_MISMATCH`, `TOO_FEW_OWNERS`).
    pub async fn set_enabled(&self, caller: &Principal, uid: &str, enabled: bool, etag: &str) -> Result<ScimEnabled> {
        let now = self.deps.clock.now();
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("identityProviderUid", uid));
        if etag.is_empty() {
            v.add("etag", "etag is required");
        }
        v.finish()?;
        let uid = checked(uid)?;
        let stored = self.load(caller, &uid).await?;
        let expected = stored.as_ref().map(|s| s.etag.clone()).unwrap_or_default();
        let current = stored.unwrap_or_else(|| ScimCredential::empty(uid.clone(), now));
        if current.etag != etag {
            return Err(etag_mismatch(&uid));
        }
        if enabled && !current.enabled {
            let org = uid.root();
            let owners = self.deps.store.count_org_owner_bindings(&org).await?;
            if owners < MIN_OWNERS_FOR_SCIM {
                return Err(Error::precondition(
                    "TOO_FEW_OWNERS",
                    format!(
                        "SCIM can be enabled only when organization {org} has at least {MIN_OWNERS_FOR_SCIM} bindings \
                         of role {} (it has {owners})",
                        owner_role_uid()
                    ),
                ));
            }
        }
        let next = ScimCredential { enabled, etag: new_etag(), update_time: now, ..current };
        let result = ScimEnabled { identity_provider: uid.clone(), enabled, etag: next.etag.clone() };
        let outcome = ScimOutcome::Enabled(result.clone());
        let event = self.deps.event(caller.origin(), EventType::ScimEnabledUpdated, &uid, now);
        self.deps.store.put_scim_credential(&next, &expected, &outcome, &event).await?;
        Ok(result)
    }
}
