//! `/iam/v2beta1/identities`: principals matched by OIDC tokens.

use axum::extract::State;
use axum::routing::{get, patch};
use axum::Router;

use crate::json::Json;

use grove_domain::model::ServicePrincipal;
use grove_domain::Error;
use serde_json::{Map, Value};

use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody, UniqueKeys};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(IdentitySchema, "chainguard.platform.iam.v2beta1.Identity");
proto_schema!(ListIdentitiesSchema, "chainguard.platform.iam.v2beta1.ListIdentitiesResponse");
proto_schema!(LookupIdentitySchema, "chainguard.platform.iam.v2beta1.LookupIdentityResponse");
proto_schema!(IdentityMetadataSchema, "chainguard.platform.iam.v2beta1.IdentityMetadata");
proto_schema!(UpdateIdentityMetadataSchema, "chainguard.platform.iam.v2beta1.UpdateIdentityMetadataRequest", request);

request_schema!(
    IdentityBody,
    pb::Identity,
    [("name", super::fields::display_name), ("description", super::fields::description),]
);

impl RestBody for pb::IdentityMetadata {}

impl RestBody for pb::Identity {
    /// A service principal may be named as the domain names it (`CATALOG_SYNCER` as well as
    /// `SERVICE_PRINCIPAL_CATALOG_SYNCER` or `3`), and an unknown one is refused in the
    /// domain's words rather than with the whole enum listed.
    fn normalize(object: &mut Map<String, Value>) -> Result<(), Error> {
        for key in ["servicePrincipal", "service_principal"] {
            let Some(value) = object.get_mut(key) else { continue };
            let found = match &*value {
                Value::String(name) => ServicePrincipal::from_name(name.trim()),
                Value::Number(n) => n.as_i64().and_then(ServicePrincipal::from_number),
                _ => continue,
            };
            let Some(found) = found else {
                return Err(Error::invalid(
                    "servicePrincipal",
                    format!("servicePrincipal {} names no service principal", value),
                ));
            };
            *value = Value::from(found.number());
        }
        Ok(())
    }
}

/// The identity routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/identities", get(list))
        .route("/iam/v2beta1/identities:lookupIdentity", get(lookup))
        .route("/iam/v2beta1/identities:updateIdentityMetadata", patch(update_metadata))
        .route("/iam/v2beta1/identities/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Lists the identities the caller may list.
#[utoipa::path(get, path = "/iam/v2beta1/identities", operation_id = "ListIdentities", tag = "identities",
    params(super::ListParams), responses((status = 200, body = ListIdentitiesSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListIdentitiesResponse>, ApiError> {
    Ok(Json(s.services.identities.list(&caller, query.filter(ListKind::Identities)?, &query.page()?).await?.into()))
}

/// The uid of the person `subject` of `issuer`, registered or not yet.
#[utoipa::path(get, path = "/iam/v2beta1/identities:lookupIdentity", operation_id = "LookupIdentity",
    tag = "identities",
    params(
        ("issuer" = String, Query, description = "The OIDC issuer (required)"),
        ("subject" = String, Query, description = "The subject at that issuer (required)"),
    ),
    responses((status = 200, body = LookupIdentitySchema), crate::openapi::ReadErrors))]
pub async fn lookup(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::LookupIdentityResponse>, ApiError> {
    let (issuer, subject) = (query.single("issuer")?.unwrap_or_default(), query.single("subject")?.unwrap_or_default());
    let uid = s.services.identities.lookup(&caller, issuer, subject)?;
    Ok(Json(pb::LookupIdentityResponse { uid: uid.to_string() }))
}

/// Changes the caller's own metadata: the fields `updateMask` names, or without one the
/// fields `identityMetadata` holds; answers the whole metadata.
#[utoipa::path(patch, path = "/iam/v2beta1/identities:updateIdentityMetadata", operation_id = "UpdateIdentityMetadata",
    tag = "identities", request_body = UpdateIdentityMetadataSchema,
    responses((status = 200, body = IdentityMetadataSchema), crate::openapi::WriteErrors))]
pub async fn update_metadata(
    State(s): State<AppState>,
    Caller(caller): Caller,
    RawBody(body): RawBody,
) -> Result<Json<pb::IdentityMetadata>, ApiError> {
    let UniqueKeys(Value::Object(mut request)) = parse_json(&body)? else {
        return Err(Error::invalid("body", "the request body must be a JSON object").into());
    };
    let mut take = |json: &str, proto: &str| request.remove(json).or_else(|| request.remove(proto));
    let metadata = take("identityMetadata", "identity_metadata").filter(|m| !m.is_null());
    let mask = match take("updateMask", "update_mask") {
        None | Some(Value::Null) => None,
        Some(Value::String(mask)) => Some(mask),
        Some(_) => {
            return Err(Error::invalid("updateMask", "updateMask must be a string of comma-separated paths").into())
        }
    };
    if let Some(key) = request.keys().next() {
        let description = format!("unknown field `{key}`, expected `identityMetadata` or `updateMask`");
        return Err(Error::invalid(key.clone(), description).into());
    }
    let metadata = serde_json::to_vec(&metadata.unwrap_or_else(|| Value::Object(Map::new())))
        .map_err(|e| Error::internal(format!("re-encoding a parsed body: {e}")))?;
    let input = ProtoBody::<pb::IdentityMetadata>::parse(&metadata)?.update_input_masked(mask.as_deref())?;
    Ok(Json(s.services.identities.update_metadata(&caller, input).await?.into()))
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
    body: ProtoBody<pb::Identity>,
) -> Result<Json<pb::Identity>, ApiError> {
    Ok(Json(s.services.identities.create(&caller, &parent, body.create_input()?).await?.into()))
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
    body: ProtoBody<pb::Identity>,
) -> Result<Json<pb::Identity>, ApiError> {
    Ok(Json(s.services.identities.update(&caller, &uid, body.update_input(&query)?).await?.into()))
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
