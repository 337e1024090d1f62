//! SCIM token lifecycle messages: the requests' expiry and overlap fields in, the outcomes
//! (and an identity provider's SCIM state) out.

use grove_domain::error::Error;
use grove_domain::model::{CredentialState, ScimEnabled, ScimRevoked, ScimStatus, ScimTokenIssued};
use grove_domain::services::ScimExpiry;

use crate::iam as pb;
use crate::iam::identity_provider::scim::CredentialState as PbState;
use crate::iam::identity_provider::Scim;
use crate::wkt::Timestamp;

/// The longest duration (in seconds) read before it is capped: anything longer is capped
/// by the domain anyway.
const MAX_DURATION_SECONDS: i64 = 100 * 365 * 24 * 3600;

pub(crate) fn timestamp_in(field: &str, t: Option<Timestamp>) -> Result<Option<grove_domain::Timestamp>, Error> {
    t.map(|t| {
        let ms = t.seconds.checked_mul(1000).and_then(|s| s.checked_add(i64::from(t.nanos / 1_000_000)));
        ms.filter(|_| (0..1_000_000_000).contains(&t.nanos))
            .and_then(grove_domain::Timestamp::from_unix_millis)
            .ok_or_else(|| Error::invalid(field, format!("{field} is not a valid timestamp")))
    })
    .transpose()
}

/// The expiry fields of a generate or regenerate request.
///
/// # Errors
/// `INVALID_ARGUMENT` on `expireTime` for an unrepresentable timestamp.
pub fn scim_expiry(expire_time: Option<Timestamp>, never_expires: bool) -> Result<ScimExpiry, Error> {
    Ok(ScimExpiry { expire_time: timestamp_in("expireTime", expire_time)?, never_expires })
}

/// The `overlap` of a regenerate request in milliseconds (`None`: not given).
///
/// # Errors
/// `INVALID_ARGUMENT` on `overlap` for a negative or malformed duration.
pub fn scim_overlap(overlap: Option<pbjson_types::Duration>) -> Result<Option<i64>, Error> {
    overlap
        .map(|d| {
            if d.seconds < 0 || d.nanos < 0 || d.nanos >= 1_000_000_000 {
                return Err(Error::invalid("overlap", "overlap must be a non-negative duration such as \"3600s\""));
            }
            Ok(d.seconds.min(MAX_DURATION_SECONDS) * 1000 + i64::from(d.nanos / 1_000_000))
        })
        .transpose()
}

fn duration_out(ms: i64) -> pbjson_types::Duration {
    pbjson_types::Duration {
        seconds: ms.div_euclid(1000),
        nanos: i32::try_from(ms.rem_euclid(1000) * 1_000_000).unwrap_or(0),
    }
}

impl From<ScimTokenIssued> for pb::GenerateScimTokenResponse {
    fn from(i: ScimTokenIssued) -> Self {
        Self {
            token: i.token.unwrap_or_default(),
            endpoint_url: i.endpoint_url,
            expire_time: i.expire_time.map(Into::into),
            identity_provider_uid: i.identity_provider.into(),
            etag: i.etag,
        }
    }
}

impl From<ScimTokenIssued> for pb::RegenerateScimTokenResponse {
    fn from(i: ScimTokenIssued) -> Self {
        Self {
            token: i.token.unwrap_or_default(),
            endpoint_url: i.endpoint_url,
            expire_time: i.expire_time.map(Into::into),
            identity_provider_uid: i.identity_provider.into(),
            etag: i.etag,
            previous_token_expire_time: i.previous_token_expire_time.map(Into::into),
            requested_overlap: i.requested_overlap_millis.map(duration_out),
        }
    }
}

impl From<ScimRevoked> for pb::RevokeScimTokenResponse {
    fn from(r: ScimRevoked) -> Self {
        Self {
            identity_provider_uid: r.identity_provider.into(),
            etag: r.etag,
            enabled: r.enabled,
            revoke_time: Some(r.revoke_time.into()),
        }
    }
}

impl From<ScimEnabled> for pb::SetScimEnabledResponse {
    fn from(e: ScimEnabled) -> Self {
        Self { identity_provider_uid: e.identity_provider.to_string(), enabled: e.enabled, etag: e.etag }
    }
}

impl From<CredentialState> for PbState {
    fn from(state: CredentialState) -> Self {
        match state {
            CredentialState::NotIssued => Self::NotIssued,
            CredentialState::Live => Self::Live,
            CredentialState::Expired => Self::Expired,
            CredentialState::Revoked => Self::Revoked,
            CredentialState::Rotating => Self::Rotating,
        }
    }
}

/// An identity provider's SCIM object; a list's short form shows the credential state as
/// `UNSPECIFIED` and no token expiry.
impl From<ScimStatus> for Scim {
    fn from(s: ScimStatus) -> Self {
        Self {
            enabled: s.enabled,
            endpoint_url: s.endpoint_url,
            token_expire_time: s.token_expire_time.map(Into::into),
            previous_token_expire_time: s.previous_token_expire_time.map(Into::into),
            credential_state: s.credential_state.map_or(PbState::Unspecified, PbState::from) as i32,
            etag: s.etag,
        }
    }
}
