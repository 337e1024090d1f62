//! `/iam/v2beta1/identityProviders` and `/iam/v2beta1/externalGroupRoleMappings`: an
//! organization's own login providers and the mappings of their groups to roles.
//!
//! A provider's client secret is write-only: bodies may carry it, answers never do. The SCIM
//! token custom methods (`:generateScimToken`, …) are served by [`super::scim`].

use axum::extract::State;
use axum::response::{IntoResponse as _, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::json::Json;
use grove_domain::params::ListKind;
use serde_json::Value;

use super::custom_methods::split_verb;
use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_proto::iam as pb;

proto_schema!(IdentityProviderSchema, "chainguard.platform.iam.v2beta1.IdentityProvider");
proto_schema!(ListIdentityProvidersSchema, "chainguard.platform.iam.v2beta1.ListIdentityProvidersResponse");
proto_schema!(MappingSchema, "chainguard.platform.iam.v2beta1.ExternalGroupRoleMapping");
proto_schema!(ListMappingsSchema, "chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsResponse");
proto_schema!(
    BatchDeleteMappingsSchema,
    "chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsRequest",
    request
);
proto_schema!(
    BatchDeleteMappingsResponseSchema,
    "chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsResponse"
);

request_schema!(
    IdentityProviderBody,
    pb::IdentityProvider,
    [
        ("name", super::fields::display_name),
        ("description", super::fields::description),
        ("defaultRole", super::fields::uid),
    ]
);

request_schema!(
    MappingBody,
    pb::ExternalGroupRoleMapping,
    [("roleUid", super::fields::uid), ("scope", super::fields::uid)]
);

impl RestBody for pb::IdentityProvider {
    /// Without a mask, an `oidc` object names the OIDC fields it holds (`oidc.clientSecret`
    /// sent as `""` clears the secret; an absent one keeps it), as grpc-gateway infers masks.
    fn present_paths(field: &str, value: &Value) -> Vec<String> {
        match value {
            Value::Object(object) if field == "oidc" && !object.is_empty() => {
                object.keys().map(|k| format!("oidc.{}", grove_domain::params::snake_case(k))).collect()
            }
            _ => vec![field.to_owned()],
        }
    }
}

impl RestBody for pb::ExternalGroupRoleMapping {}

/// The identity provider and mapping routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/identityProviders", get(list))
        .route("/iam/v2beta1/identityProviders/{*uid}", get(get_one).post(create).patch(update).delete(delete))
        .route("/iam/v2beta1/externalGroupRoleMappings", get(list_mappings))
        .route("/iam/v2beta1/externalGroupRoleMappings:batchDelete", post(batch_delete_mappings))
        .route(
            "/iam/v2beta1/externalGroupRoleMappings/{*uid}",
            get(get_mapping).post(create_mapping).delete(delete_mapping),
        )
}

/// Lists the identity providers the caller may list.
#[utoipa::path(get, path = "/iam/v2beta1/identityProviders", operation_id = "ListIdentityProviders",
    tag = "identityProviders", params(super::ListParams),
    responses((status = 200, body = ListIdentityProvidersSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListIdentityProvidersResponse>, ApiError> {
    let page = query.page()?;
    Ok(Json(s.services.identity_providers.list(&caller, query.filter(ListKind::Named)?, &page).await?.into()))
}

/// Fetches one identity provider (never its client secret).
#[utoipa::path(get, path = "/iam/v2beta1/identityProviders/{uid}", operation_id = "GetIdentityProvider",
    tag = "identityProviders", params(super::ResourceUid),
    responses((status = 200, body = IdentityProviderSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
) -> Result<Response, ApiError> {
    if let Some(parent) = uid.strip_suffix("/scimUsers") {
        let list = super::scim_provisioning::list(State(s), Caller(caller), Path(parent.to_owned()), query).await?;
        return Ok(list.into_response());
    }
    Ok(Json(pb::IdentityProvider::from(s.services.identity_providers.get(&caller, &uid).await?)).into_response())
}

/// Creates an identity provider in the group in the path (needs `identity_providers.create`
/// and `role_bindings.create` there).
#[utoipa::path(post, path = "/iam/v2beta1/identityProviders/{uid}", operation_id = "CreateIdentityProvider",
    tag = "identityProviders", request_body = IdentityProviderBody, params(super::ParentUid),
    responses((status = 200, body = IdentityProviderSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, ApiError> {
    // The custom methods on this path are told apart before the body is read.
    if let Some((uid, verb)) = split_verb(&parent) {
        return super::scim::dispatch(s, Caller(caller), uid, verb, RawBody(body)).await;
    }
    let body = ProtoBody::<pb::IdentityProvider>::parse(&body)?;
    let idp: pb::IdentityProvider =
        s.services.identity_providers.create(&caller, &parent, body.create_input()?).await?.into();
    Ok(Json(idp).into_response())
}

/// Changes an identity provider: the masked fields (`oidc.<field>` paths too), or without
/// a mask the fields present.
#[utoipa::path(patch, path = "/iam/v2beta1/identityProviders/{uid}", operation_id = "UpdateIdentityProvider",
    tag = "identityProviders", request_body = IdentityProviderBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = IdentityProviderSchema), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::IdentityProvider>,
) -> Result<Json<pb::IdentityProvider>, ApiError> {
    Ok(Json(s.services.identity_providers.update(&caller, &uid, body.update_input(&query)?).await?.into()))
}

/// Deletes an identity provider and its external group role mappings.
#[utoipa::path(delete, path = "/iam/v2beta1/identityProviders/{uid}", operation_id = "DeleteIdentityProvider",
    tag = "identityProviders", params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.identity_providers.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}

/// Lists the mappings the caller may list; `identity_provider_uid` selects one provider's.
#[utoipa::path(get, path = "/iam/v2beta1/externalGroupRoleMappings", operation_id = "ListExternalGroupRoleMappings",
    tag = "externalGroupRoleMappings",
    params(
        super::ListParams,
        ("identity_provider_uid" = Option<super::Uid>, Query, description = "Only the mappings of this identity provider")
    ),
    responses((status = 200, body = ListMappingsSchema), crate::openapi::ReadErrors))]
pub async fn list_mappings(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListExternalGroupRoleMappingsResponse>, ApiError> {
    let (filter, page) = (query.filter(ListKind::ExternalGroupRoleMappings)?, query.page()?);
    Ok(Json(s.services.external_group_role_mappings.list(&caller, filter, &page).await?.into()))
}

/// Fetches one mapping.
#[utoipa::path(get, path = "/iam/v2beta1/externalGroupRoleMappings/{uid}",
    operation_id = "GetExternalGroupRoleMapping", tag = "externalGroupRoleMappings", params(super::ResourceUid),
    responses((status = 200, body = MappingSchema), crate::openapi::ReadErrors))]
pub async fn get_mapping(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::ExternalGroupRoleMapping>, ApiError> {
    Ok(Json(s.services.external_group_role_mappings.get(&caller, &uid).await?.into()))
}

/// Maps an external group of the identity provider in the path to a role at a scope (the
/// provider's group when none is given).
#[utoipa::path(post, path = "/iam/v2beta1/externalGroupRoleMappings/{uid}",
    operation_id = "CreateExternalGroupRoleMapping", tag = "externalGroupRoleMappings", request_body = MappingBody,
    params(super::ParentUid),
    responses((status = 200, body = MappingSchema), crate::openapi::WriteErrors))]
pub async fn create_mapping(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    body: ProtoBody<pb::ExternalGroupRoleMapping>,
) -> Result<Json<pb::ExternalGroupRoleMapping>, ApiError> {
    Ok(Json(s.services.external_group_role_mappings.create(&caller, &parent, body.create_input()?).await?.into()))
}

/// Deletes one mapping.
#[utoipa::path(delete, path = "/iam/v2beta1/externalGroupRoleMappings/{uid}",
    operation_id = "DeleteExternalGroupRoleMapping", tag = "externalGroupRoleMappings", params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete_mapping(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.external_group_role_mappings.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}

/// Deletes the named mappings of one identity provider (1 to 100; missing ones are skipped)
/// and answers those deleted.
#[utoipa::path(post, path = "/iam/v2beta1/externalGroupRoleMappings:batchDelete",
    operation_id = "BatchDeleteExternalGroupRoleMappings", tag = "externalGroupRoleMappings",
    request_body = BatchDeleteMappingsSchema,
    responses((status = 200, body = BatchDeleteMappingsResponseSchema), crate::openapi::WriteErrors))]
pub async fn batch_delete_mappings(
    State(s): State<AppState>,
    Caller(caller): Caller,
    RawBody(body): RawBody,
) -> Result<Json<pb::BatchDeleteExternalGroupRoleMappingsResponse>, ApiError> {
    let request: pb::BatchDeleteExternalGroupRoleMappingsRequest = parse_json(&body)?;
    let deleted =
        s.services.external_group_role_mappings.batch_delete(&caller, &request.parent, &request.names).await?;
    Ok(Json(deleted.into()))
}
