//! `/iam/v1/identityProviders` (camel case, as the public v1 path is): create, list
//! (filtered by `id`, `name` and `uidp.*`), whole replacement by `PUT` (or `PATCH`) and
//! delete, in the v1 shape (`id`, `defaultRole`, `oidc`, and on list `scim` in its short
//! form, as version 2's List shows it). The client secret is write-only: answered as `""`; a
//! replacement that leaves it out (or empty) keeps the stored one, since no client can send
//! back a secret it is never shown. The SCIM verbs (`{id}:generateScimToken`, …) are served
//! by [`super::scim`] on the create route.

use axum::extract::{Path, State};
use axum::response::{IntoResponse as _, Response};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::{CorrelationRule, IdentityProvider, IdentityProviderView};
use grove_domain::services::{IdentityProviderInput, OidcInput, Secret};
use grove_domain::Error;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use super::scim::V1Scim;
use crate::error::V1Error;
use crate::extract::{parse_body, Caller, JsonBody, Query, RawBody, WireBody};
use crate::list::stream;
use crate::V1State;

const CORRELATION_RULES: [&str; 3] = [
    "CORRELATION_RULE_UNSPECIFIED",
    "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID",
    "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID",
];

/// The OIDC settings as v1 shows them (the secret always `""`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Oidc {
    issuer: String,
    client_id: String,
    client_secret: String,
    additional_scopes: Vec<String>,
    groups_claim: String,
    correlation_rule: &'static str,
    pkce_enabled: bool,
}

/// A v1 IdentityProvider.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1IdentityProvider {
    id: String,
    name: String,
    description: String,
    default_role: String,
    oidc: V1Oidc,
    /// Output only: reported by reads (List), absent from write answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    scim: Option<V1Scim>,
}

fn enum_name(names: &[&'static str; 3], n: i32) -> &'static str {
    usize::try_from(n).ok().and_then(|i| names.get(i)).copied().unwrap_or(names[0])
}

impl From<IdentityProvider> for V1IdentityProvider {
    fn from(i: IdentityProvider) -> Self {
        let rule: CorrelationRule = i.oidc.correlation_rule;
        Self {
            id: i.uid.to_string(),
            name: i.name.to_string(),
            description: i.description.to_string(),
            default_role: i.default_role.to_string(),
            oidc: V1Oidc {
                issuer: i.oidc.issuer.as_str().to_owned(),
                client_id: i.oidc.client_id,
                // Write-only: never answered.
                client_secret: String::new(),
                additional_scopes: i.oidc.additional_scopes,
                groups_claim: i.oidc.groups_claim,
                correlation_rule: enum_name(&CORRELATION_RULES, rule.number()),
                pkce_enabled: i.oidc.pkce_enabled,
            },
            scim: None,
        }
    }
}

impl From<IdentityProviderView> for V1IdentityProvider {
    fn from(v: IdentityProviderView) -> Self {
        Self { scim: Some(v.scim.into()), ..v.provider.into() }
    }
}

/// A v1 enum value: its name or its number.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum EnumValue {
    /// By name.
    Name(String),
    /// By number.
    Number(i32),
}

impl EnumValue {
    fn number(&self, field: &str, names: &[&'static str; 3]) -> Result<i32, Error> {
        match self {
            Self::Number(n) => Ok(*n),
            Self::Name(name) => {
                names.iter().position(|n| n == name).and_then(|i| i32::try_from(i).ok()).ok_or_else(|| {
                    Error::invalid(field, format!("{field} {name:?} is not one of {}", names.join(", ")))
                })
            }
        }
    }
}

/// The writable OIDC fields of a v1 body.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OidcBody {
    issuer: Option<String>,
    #[serde(alias = "client_id")]
    client_id: Option<String>,
    #[serde(alias = "client_secret")]
    client_secret: Option<String>,
    #[serde(alias = "additional_scopes")]
    additional_scopes: Option<Vec<String>>,
    #[serde(alias = "groups_claim")]
    groups_claim: Option<String>,
    #[serde(alias = "correlation_rule")]
    correlation_rule: Option<EnumValue>,
    #[serde(alias = "pkce_enabled")]
    pkce_enabled: Option<bool>,
}

/// The writable fields of a v1 IdentityProvider.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct IdentityProviderBody {
    name: Option<String>,
    description: Option<String>,
    #[serde(alias = "default_role")]
    default_role: Option<String>,
    oidc: Option<OidcBody>,
}

impl WireBody for IdentityProviderBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["id", "scim"];
}

impl OidcBody {
    /// The input: on create the given fields; on a replacement every field (omitted ones
    /// reset) except the secret and the correlation rule, which an omitted value keeps.
    fn input(self, replacing: bool) -> Result<OidcInput, Error> {
        let reset = |given: Option<String>| if replacing { Some(given.unwrap_or_default()) } else { given };
        Ok(OidcInput {
            issuer: reset(self.issuer),
            client_id: reset(self.client_id),
            client_secret: self.client_secret.filter(|s| !s.is_empty()).map(Secret),
            additional_scopes: if replacing {
                Some(self.additional_scopes.unwrap_or_default())
            } else {
                self.additional_scopes
            },
            groups_claim: reset(self.groups_claim),
            correlation_rule: self
                .correlation_rule
                .map(|r| r.number("oidc.correlationRule", &CORRELATION_RULES))
                .transpose()?
                .filter(|n| !replacing || *n != 0),
            pkce_enabled: if replacing { Some(self.pkce_enabled.unwrap_or_default()) } else { self.pkce_enabled },
        })
    }
}

impl IdentityProviderBody {
    fn create(self) -> Result<IdentityProviderInput, Error> {
        Ok(IdentityProviderInput {
            name: self.name,
            description: self.description,
            default_role: self.default_role,
            oidc: self.oidc.map(|o| o.input(false)).transpose()?,
        })
    }

    fn replace(self) -> Result<IdentityProviderInput, Error> {
        Ok(IdentityProviderInput {
            name: Some(self.name.unwrap_or_default()),
            description: Some(self.description.unwrap_or_default()),
            default_role: Some(self.default_role.unwrap_or_default()),
            oidc: Some(self.oidc.unwrap_or_default().input(true)?),
        })
    }
}

/// The v1 identity provider routes.
pub fn routes() -> Router<V1State> {
    Router::new().route("/iam/v1/identityProviders", get(list)).route(
        "/iam/v1/identityProviders/{*id}",
        axum::routing::post(create).put(replace).patch(replace).delete(delete),
    )
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = query.filter()?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.identity_providers.list(&caller, filter, &page).await?.map(V1IdentityProvider::from)) }
    })
    .await
}

async fn create(
    State(s): State<V1State>,
    caller: Caller,
    Path(parent_id): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, V1Error> {
    // `{identity_provider_id}:<verb>`: a SCIM method, told apart before the body is read.
    if let Some((id, verb)) = parent_id.rsplit_once(':').filter(|(_, v)| !v.contains('/')) {
        return super::scim::dispatch(&s, caller, id, verb, &body).await;
    }
    let body: IdentityProviderBody = parse_body(&body)?;
    let created = s.services.identity_providers.create(&caller.0, &parent_id, body.create()?).await?;
    Ok(Json(V1IdentityProvider::from(created)).into_response())
}

async fn replace(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<IdentityProviderBody>,
) -> Result<Json<V1IdentityProvider>, V1Error> {
    Ok(Json(s.services.identity_providers.update(&caller, &id, body.replace()?).await?.into()))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.identity_providers.delete(&caller, &id).await?;
    Ok(empty())
}
