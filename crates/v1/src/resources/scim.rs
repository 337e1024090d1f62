//! The SCIM token custom methods of v1 identity providers (`POST
//! /iam/v1/identityProviders/{identity_provider_id}:generateScimToken`,
//! `:regenerateScimToken`, `:revokeScimToken`, `:setScimEnabled`) over the same
//! [`grove_domain::services::ScimService`] as version 2, and the `scim` object of a v1
//! IdentityProvider. The body is the request message (`*`); an `identityProviderId` in it
//! must name the provider in the path (as `:check` of account associations wants its
//! `group`). Messages are version 1's: `identityProviderId` where version 2 says
//! `identityProviderUid`.

use axum::response::{IntoResponse, Response};
use axum::Json;
use grove_domain::model::{CredentialState, ScimEnabled, ScimRevoked, ScimStatus, ScimTokenIssued};
use grove_domain::services::ScimExpiry;
use grove_domain::{Error, Timestamp};
use serde::{Deserialize, Serialize};

use super::duration;
use crate::error::V1Error;
use crate::extract::{parse_body, Caller, WireBody};
use crate::V1State;

/// `IdentityProvider.SCIM`: provisioning state, all output only.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Scim {
    enabled: bool,
    endpoint_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    token_expire_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous_token_expire_time: Option<String>,
    credential_state: &'static str,
    etag: String,
}

fn state_name(state: Option<CredentialState>) -> &'static str {
    match state {
        None => "CREDENTIAL_STATE_UNSPECIFIED",
        Some(CredentialState::NotIssued) => "CREDENTIAL_STATE_NOT_ISSUED",
        Some(CredentialState::Live) => "CREDENTIAL_STATE_LIVE",
        Some(CredentialState::Expired) => "CREDENTIAL_STATE_EXPIRED",
        Some(CredentialState::Revoked) => "CREDENTIAL_STATE_REVOKED",
        Some(CredentialState::Rotating) => "CREDENTIAL_STATE_ROTATING",
    }
}

fn time(t: Option<Timestamp>) -> Option<String> {
    t.map(|t| t.to_string())
}

impl From<ScimStatus> for V1Scim {
    fn from(s: ScimStatus) -> Self {
        Self {
            enabled: s.enabled,
            endpoint_url: s.endpoint_url,
            token_expire_time: time(s.token_expire_time),
            previous_token_expire_time: time(s.previous_token_expire_time),
            credential_state: state_name(s.credential_state),
            etag: s.etag,
        }
    }
}

/// The fields of every SCIM request body (each verb reads its own; the others must be
/// absent or zero, as an unknown field of that message would be refused).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ScimBody {
    #[serde(alias = "identity_provider_id")]
    identity_provider_id: Option<String>,
    #[serde(alias = "expire_time")]
    expire_time: Option<String>,
    #[serde(alias = "never_expires")]
    never_expires: Option<bool>,
    overlap: Option<String>,
    etag: Option<String>,
    enabled: Option<bool>,
}

impl WireBody for ScimBody {
    const OUTPUT_ONLY: &'static [&'static str] = &[];
}

impl ScimBody {
    /// Refuses the fields that `verb`'s request message does not have.
    fn only(&self, verb: &str, allowed: &[&str]) -> Result<(), Error> {
        let given = [
            ("expireTime", self.expire_time.is_some()),
            ("neverExpires", self.never_expires.is_some()),
            ("overlap", self.overlap.is_some()),
            ("etag", self.etag.is_some()),
            ("enabled", self.enabled.is_some()),
        ];
        match given.iter().find(|(name, present)| *present && !allowed.contains(name)) {
            Some((name, _)) => Err(Error::invalid("body", format!("{verb} has no field {name}"))),
            None => Ok(()),
        }
    }

    fn expiry(&self) -> Result<ScimExpiry, Error> {
        let expire_time = match self.expire_time.as_deref().filter(|t| !t.is_empty()) {
            Some(t) => Some(Timestamp::parse_rfc3339(t).map_err(|_| {
                Error::invalid(
                    "expireTime",
                    "expireTime must be an RFC 3339 timestamp such as \"2027-01-02T03:04:05Z\"",
                )
            })?),
            None => None,
        };
        Ok(ScimExpiry { expire_time, never_expires: self.never_expires.unwrap_or_default() })
    }

    fn overlap_millis(&self) -> Result<Option<i64>, Error> {
        self.overlap
            .as_deref()
            .filter(|o| !o.is_empty())
            .map(|o| duration("overlap", o).map(|d| d.num_milliseconds()))
            .transpose()
    }
}

/// `GenerateScimTokenResponse` / `RegenerateScimTokenResponse` (the token shown once).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct V1TokenIssued {
    token: String,
    endpoint_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    expire_time: Option<String>,
    identity_provider_id: String,
    etag: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous_token_expire_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    requested_overlap: Option<String>,
}

/// A protojson Duration of `ms` milliseconds (`"3600s"`, `"1.500s"`).
fn duration_text(ms: i64) -> String {
    let (seconds, millis) = (ms.div_euclid(1000), ms.rem_euclid(1000));
    if millis == 0 {
        format!("{seconds}s")
    } else {
        format!("{seconds}.{millis:03}s")
    }
}

impl From<ScimTokenIssued> for V1TokenIssued {
    fn from(i: ScimTokenIssued) -> Self {
        Self {
            token: i.token.unwrap_or_default(),
            endpoint_url: i.endpoint_url,
            expire_time: time(i.expire_time),
            identity_provider_id: i.identity_provider.to_string(),
            etag: i.etag,
            previous_token_expire_time: time(i.previous_token_expire_time),
            requested_overlap: i.requested_overlap_millis.map(duration_text),
        }
    }
}

/// `RevokeScimTokenResponse`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct V1Revoked {
    identity_provider_id: String,
    etag: String,
    enabled: bool,
    revoke_time: String,
}

impl From<ScimRevoked> for V1Revoked {
    fn from(r: ScimRevoked) -> Self {
        Self {
            identity_provider_id: r.identity_provider.to_string(),
            etag: r.etag,
            enabled: r.enabled,
            revoke_time: r.revoke_time.to_string(),
        }
    }
}

/// `SetScimEnabledResponse`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct V1Enabled {
    identity_provider_id: String,
    enabled: bool,
    etag: String,
}

impl From<ScimEnabled> for V1Enabled {
    fn from(e: ScimEnabled) -> Self {
        Self { identity_provider_id: e.identity_provider.to_string(), enabled: e.enabled, etag: e.etag }
    }
}

/// Serves the SCIM verb `verb` on identity provider `id`.
pub(crate) async fn dispatch(
    s: &V1State,
    Caller(caller): Caller,
    id: &str,
    verb: &str,
    body: &[u8],
) -> Result<Response, V1Error> {
    let r: ScimBody = parse_body(body)?;
    if r.identity_provider_id.as_deref().is_some_and(|given| !given.is_empty() && given != id) {
        return Err(Error::invalid(
            "identityProviderId",
            "identityProviderId must be the identity provider in the path",
        )
        .into());
    }
    let scim = &s.services.scim;
    Ok(match verb {
        "generateScimToken" => {
            r.only(verb, &["expireTime", "neverExpires"])?;
            let issued = scim.generate(&caller, id, r.expiry()?).await?;
            Json(V1TokenIssued::from(issued)).into_response()
        }
        "regenerateScimToken" => {
            r.only(verb, &["expireTime", "neverExpires", "overlap", "etag"])?;
            let (expiry, overlap) = (r.expiry()?, r.overlap_millis()?);
            let issued = scim.regenerate(&caller, id, overlap, expiry, r.etag.as_deref().unwrap_or_default()).await?;
            Json(V1TokenIssued::from(issued)).into_response()
        }
        "revokeScimToken" => {
            r.only(verb, &[])?;
            Json(V1Revoked::from(scim.revoke(&caller, id).await?)).into_response()
        }
        "setScimEnabled" => {
            r.only(verb, &["enabled", "etag"])?;
            let set = scim
                .set_enabled(&caller, id, r.enabled.unwrap_or_default(), r.etag.as_deref().unwrap_or_default())
                .await?;
            Json(V1Enabled::from(set)).into_response()
        }
        _ => return Err(Error::NotFound(format!("identity providers have no custom method {verb:?}")).into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlaps_are_written_as_protojson_durations() {
        assert_eq!(duration_text(3_600_000), "3600s");
        assert_eq!(duration_text(1_500), "1.500s");
        assert_eq!(duration_text(0), "0s");
    }
}
