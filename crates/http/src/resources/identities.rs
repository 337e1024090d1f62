//! `/iam/v2beta1/identities`: principals matched by OIDC tokens.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::services::{
    ClaimMatchField, ClaimMatchInput, ClaimMatchPatch, IdentityInput, RelationshipInput, StaticKeysInput,
};
use grove_domain::Error;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{patch_body, zero_object, zero_string, Empty};
use crate::error::ApiError;
use crate::extract::{from_object, select_fields, Caller, JsonBody, Mutable, Query, RawBody, WireBody};
use crate::proto_schema::proto_schema;
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(IdentitySchema, "chainguard.platform.iam.v2beta1.Identity");
proto_schema!(ListIdentitiesSchema, "chainguard.platform.iam.v2beta1.ListIdentitiesResponse");

/// Which OIDC tokens may assume the identity: exact values or fully anchored patterns.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClaimMatchDto {
    /// Exact `iss`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// Pattern for `iss`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "issuer_pattern")]
    pub issuer_pattern: Option<String>,
    /// Exact `sub`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// Pattern for `sub`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "subject_pattern")]
    pub subject_pattern: Option<String>,
    /// Exact `aud`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audience: Option<String>,
    /// Pattern for `aud`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "audience_pattern")]
    pub audience_pattern: Option<String>,
    /// Extra claims that must be equal.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub claims: BTreeMap<String, String>,
    /// Extra claims that must match.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", alias = "claim_patterns")]
    pub claim_patterns: BTreeMap<String, String>,
}

/// Stored issuer keys, for issuers without discovery.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StaticKeysDto {
    /// Exact `iss`.
    pub issuer: Option<String>,
    /// Exact `sub`.
    pub subject: Option<String>,
    /// The issuer's JWKS, as JSON text.
    #[serde(alias = "issuer_keys")]
    pub issuer_keys: Option<String>,
    /// When the identity stops being assumable (at most 365 days ahead; the default).
    #[serde(alias = "expiration_time")]
    #[schema(format = DateTime)]
    pub expiration_time: Option<String>,
    /// Accepted audiences (at most one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audiences: Vec<String>,
}

/// A service principal as protojson accepts an enum: its name or its number.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum EnumValue {
    /// `SERVICE_PRINCIPAL_CATALOG_SYNCER`.
    Name(String),
    /// `3`.
    Number(i64),
}

impl EnumValue {
    fn text(self) -> String {
        match self {
            Self::Name(name) => name,
            Self::Number(n) => n.to_string(),
        }
    }
}

/// The writable fields of an identity; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdentityBody {
    /// Required on create.
    #[schema(schema_with = super::fields::display_name)]
    pub name: Option<String>,
    /// Optional free text.
    #[schema(schema_with = super::fields::description)]
    pub description: Option<String>,
    /// Optional free text: the company the identity belongs to.
    pub company: Option<String>,
    /// Exactly one of `claimMatch`, `staticKeys` and `servicePrincipal` on create.
    #[serde(alias = "claim_match")]
    pub claim_match: Option<ClaimMatchDto>,
    /// Exactly one of `claimMatch`, `staticKeys` and `servicePrincipal` on create.
    #[serde(alias = "static_keys")]
    pub static_keys: Option<StaticKeysDto>,
    /// Exactly one of `claimMatch`, `staticKeys` and `servicePrincipal` on create: a
    /// `ServicePrincipal` enum name or number.
    #[serde(alias = "service_principal")]
    #[schema(value_type = Option<String>)]
    pub service_principal: Option<EnumValue>,
}

impl WireBody for IdentityBody {
    const OUTPUT_ONLY: &'static [&'static str] = &[
        "uid",
        "email",
        "emailUnverified",
        "email_unverified",
        "lastSeenTime",
        "last_seen_time",
        "createTime",
        "create_time",
        "updateTime",
        "update_time",
    ];
}

impl From<ClaimMatchDto> for ClaimMatchInput {
    fn from(cm: ClaimMatchDto) -> Self {
        Self {
            issuer: cm.issuer,
            issuer_pattern: cm.issuer_pattern,
            subject: cm.subject,
            subject_pattern: cm.subject_pattern,
            audience: cm.audience,
            audience_pattern: cm.audience_pattern,
            claims: cm.claims,
            claim_patterns: cm.claim_patterns,
        }
    }
}

impl TryFrom<IdentityBody> for IdentityInput {
    type Error = ApiError;

    fn try_from(b: IdentityBody) -> Result<Self, ApiError> {
        let given = [b.claim_match.is_some(), b.static_keys.is_some(), b.service_principal.is_some()];
        if given.into_iter().filter(|g| *g).count() > 1 {
            return Err(
                Error::invalid("claimMatch", "give only one of claimMatch, staticKeys and servicePrincipal").into()
            );
        }
        let relationship = if let Some(cm) = b.claim_match {
            Some(RelationshipInput::ClaimMatch(cm.into()))
        } else if let Some(sk) = b.static_keys {
            Some(RelationshipInput::StaticKeys(StaticKeysInput {
                issuer: sk.issuer,
                subject: sk.subject,
                issuer_keys: sk.issuer_keys,
                expiration_time: sk.expiration_time,
                audiences: sk.audiences,
            }))
        } else {
            b.service_principal.map(|sp| RelationshipInput::ServicePrincipal(sp.text()))
        };
        Ok(Self { name: b.name, description: b.description, company: b.company, relationship })
    }
}

/// `service_principal` named in a mask but absent from the body: the enum's zero value.
fn zero_enum() -> serde_json::Value {
    serde_json::Value::from(0)
}

const MUTABLE: &[Mutable] = &[
    Mutable { json: "name", proto: "name", zero: zero_string },
    Mutable { json: "description", proto: "description", zero: zero_string },
    Mutable { json: "company", proto: "company", zero: zero_string },
    Mutable { json: "claimMatch", proto: "claim_match", zero: zero_object },
    Mutable { json: "staticKeys", proto: "static_keys", zero: zero_object },
    Mutable { json: "servicePrincipal", proto: "service_principal", zero: zero_enum },
];

/// The update an `update_mask` with `claimMatch.<field>` paths makes: the other paths go
/// through [`patch_body`]'s rules, and the named claim-match fields take their values from
/// the body's `claimMatch` (absent ones are cleared), keeping the identity's other ones.
fn update_input(body: &[u8], query: &Query) -> Result<IdentityInput, ApiError> {
    let mask = query.get("update_mask").unwrap_or_default();
    let (fields, rest) = ClaimMatchField::split_mask(mask.split(',').filter(|p| !p.trim().is_empty()))?;
    if fields.is_empty() {
        return patch_body::<IdentityBody>(body, query, MUTABLE)?.try_into();
    }
    let selected = if rest.is_empty() {
        IdentityBody::default()
    } else {
        from_object(select_fields::<IdentityBody>(body, Some(&rest.join(",")), MUTABLE)?)?
    };
    // The body's claimMatch, read with the same strict rules as a whole one.
    let whole: IdentityBody = from_object(select_fields::<IdentityBody>(body, Some("claimMatch"), MUTABLE)?)?;
    let values: ClaimMatchInput = whole.claim_match.unwrap_or_default().into();
    let mut input: IdentityInput = selected.try_into()?;
    if !matches!(input.relationship, Some(RelationshipInput::ClaimMatch(_))) {
        input.relationship = Some(RelationshipInput::ClaimMatchFields(ClaimMatchPatch { fields, values }));
    }
    Ok(input)
}

/// The identity routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/identities", get(list))
        .route("/iam/v2beta1/identities/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Lists the identities the caller may list.
#[utoipa::path(get, path = "/iam/v2beta1/identities", operation_id = "ListIdentities", tag = "identities",
    params(
        super::ListParams,
        ("relationship_type" = Option<String>, Query,
            description = "Only identities of this relationship type: a `RelationshipType` name \
                (`RELATIONSHIP_TYPE_CLAIM_MATCH`, `RELATIONSHIP_TYPE_STATIC`, `RELATIONSHIP_TYPE_AWS_IDENTITY`, \
                `RELATIONSHIP_TYPE_SERVICE_PRINCIPAL`) or number; `RELATIONSHIP_TYPE_UNSPECIFIED` means all")
    ),
    responses((status = 200, body = ListIdentitiesSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListIdentitiesResponse>, ApiError> {
    Ok(Json(s.services.identities.list(&caller, query.filter(ListKind::Identities)?, &query.page()?).await?.into()))
}

/// Fetches one identity.
#[utoipa::path(get, path = "/iam/v2beta1/identities/{uid}", operation_id = "GetIdentity", tag = "identities",
    params(super::ResourceUid), responses((status = 200, body = IdentitySchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Identity>, ApiError> {
    Ok(Json(s.services.identities.get(&caller, &uid).await?.into()))
}

/// Creates an identity in the group in the path.
#[utoipa::path(post, path = "/iam/v2beta1/identities/{uid}", operation_id = "CreateIdentity", tag = "identities",
    request_body = IdentityBody, params(super::ParentUid),
    responses((status = 200, body = IdentitySchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<IdentityBody>,
) -> Result<Json<pb::Identity>, ApiError> {
    Ok(Json(s.services.identities.create(&caller, &parent, body.try_into()?).await?.into()))
}

/// Changes an identity.
#[utoipa::path(patch, path = "/iam/v2beta1/identities/{uid}", operation_id = "UpdateIdentity", tag = "identities",
    request_body = IdentityBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = IdentitySchema), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<pb::Identity>, ApiError> {
    let input = update_input(&body, &query)?;
    Ok(Json(s.services.identities.update(&caller, &uid, input).await?.into()))
}

/// Deletes an identity and its role bindings.
#[utoipa::path(delete, path = "/iam/v2beta1/identities/{uid}", operation_id = "DeleteIdentity", tag = "identities",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.identities.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
