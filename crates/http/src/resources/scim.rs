//! The SCIM token custom methods of identity providers (`POST
//! /iam/v2beta1/identityProviders/{uid}:generateScimToken`, `:regenerateScimToken`,
//! `:revokeScimToken`, `:setScimEnabled`), served through the identity providers' create
//! route, which splits the verb off the path. The body is the request message (`*`); the
//! path's uid wins over one in the body.

use crate::json::Json;
use axum::extract::State;
use axum::response::{IntoResponse as _, Response};
use grove_domain::Error;
use grove_proto::convert::{scim_expiry, scim_overlap};
use grove_proto::iam as pb;

use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, RawBody};
use crate::proto_schema::proto_schema;
use crate::AppState;

proto_schema!(GenerateSchema, "chainguard.platform.iam.v2beta1.GenerateScimTokenRequest", request);
proto_schema!(GenerateResponseSchema, "chainguard.platform.iam.v2beta1.GenerateScimTokenResponse");
proto_schema!(RegenerateSchema, "chainguard.platform.iam.v2beta1.RegenerateScimTokenRequest", request);
proto_schema!(RegenerateResponseSchema, "chainguard.platform.iam.v2beta1.RegenerateScimTokenResponse");
proto_schema!(RevokeSchema, "chainguard.platform.iam.v2beta1.RevokeScimTokenRequest", request);
proto_schema!(RevokeResponseSchema, "chainguard.platform.iam.v2beta1.RevokeScimTokenResponse");
proto_schema!(SetEnabledSchema, "chainguard.platform.iam.v2beta1.SetScimEnabledRequest", request);
proto_schema!(SetEnabledResponseSchema, "chainguard.platform.iam.v2beta1.SetScimEnabledResponse");

/// Serves the SCIM verb `verb` on identity provider `uid`.
pub(crate) async fn dispatch(
    s: AppState,
    caller: Caller,
    uid: &str,
    verb: &str,
    body: RawBody,
) -> Result<Response, ApiError> {
    let path = Path(uid.to_owned());
    Ok(match verb {
        "generateScimToken" => generate(State(s), caller, path, body).await?.into_response(),
        "regenerateScimToken" => regenerate(State(s), caller, path, body).await?.into_response(),
        "revokeScimToken" => revoke(State(s), caller, path, body).await?.into_response(),
        "setScimEnabled" => set_enabled(State(s), caller, path, body).await?.into_response(),
        _ => return Err(Error::NotFound(format!("identity providers have no custom method {verb:?}")).into()),
    })
}

/// Issues the identity provider's first SCIM token (answered once, only its SHA-256 is kept).
#[utoipa::path(post, path = "/iam/v2beta1/identityProviders/{uid}:generateScimToken",
    operation_id = "GenerateScimToken", tag = "identityProviders", request_body = GenerateSchema,
    params(super::ResourceUid),
    responses((status = 200, body = GenerateResponseSchema), crate::openapi::WriteErrors))]
pub async fn generate(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::GenerateScimTokenResponse>, ApiError> {
    let r: pb::GenerateScimTokenRequest = parse_json(&body)?;
    let expiry = scim_expiry(r.expire_time, r.never_expires)?;
    Ok(Json(s.services.scim.generate(&caller, &uid, expiry).await?.into()))
}

/// Replaces the SCIM token; the old one stays valid for the overlap (default 1h, at most 24h).
#[utoipa::path(post, path = "/iam/v2beta1/identityProviders/{uid}:regenerateScimToken",
    operation_id = "RegenerateScimToken", tag = "identityProviders", request_body = RegenerateSchema,
    params(super::ResourceUid),
    responses((status = 200, body = RegenerateResponseSchema), crate::openapi::WriteErrors))]
pub async fn regenerate(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::RegenerateScimTokenResponse>, ApiError> {
    let r: pb::RegenerateScimTokenRequest = parse_json(&body)?;
    let expiry = scim_expiry(r.expire_time, r.never_expires)?;
    let overlap = scim_overlap(r.overlap)?;
    Ok(Json(s.services.scim.regenerate(&caller, &uid, overlap, expiry, &r.etag).await?.into()))
}

/// Revokes the SCIM token and any overlapping one at once.
#[utoipa::path(post, path = "/iam/v2beta1/identityProviders/{uid}:revokeScimToken",
    operation_id = "RevokeScimToken", tag = "identityProviders", request_body = RevokeSchema,
    params(super::ResourceUid),
    responses((status = 200, body = RevokeResponseSchema), crate::openapi::WriteErrors))]
pub async fn revoke(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::RevokeScimTokenResponse>, ApiError> {
    let _: pb::RevokeScimTokenRequest = parse_json(&body)?;
    Ok(Json(s.services.scim.revoke(&caller, &uid).await?.into()))
}

/// Switches SCIM provisioning on (needs two owner bindings on the organization) or off.
#[utoipa::path(post, path = "/iam/v2beta1/identityProviders/{uid}:setScimEnabled",
    operation_id = "SetScimEnabled", tag = "identityProviders", request_body = SetEnabledSchema,
    params(super::ResourceUid),
    responses((status = 200, body = SetEnabledResponseSchema), crate::openapi::WriteErrors))]
pub async fn set_enabled(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::SetScimEnabledResponse>, ApiError> {
    let r: pb::SetScimEnabledRequest = parse_json(&body)?;
    Ok(Json(s.services.scim.set_enabled(&caller, &uid, r.enabled, &r.etag).await?.into()))
}
