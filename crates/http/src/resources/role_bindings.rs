//! `/iam/v2beta1/roleBindings`: identities holding roles in groups, shown hydrated.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;

use crate::json::Json;

use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(RoleBindingSchema, "chainguard.platform.iam.v2beta1.RoleBinding");
proto_schema!(ListRoleBindingsSchema, "chainguard.platform.iam.v2beta1.ListRoleBindingsResponse");
proto_schema!(BatchCreateRoleBindingsSchema, "chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsRequest", request);
proto_schema!(BatchCreateRoleBindingsResponseSchema, "chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsResponse");

request_schema!(
    RoleBindingBody,
    pb::RoleBinding,
    [("identityUid", super::fields::uid), ("roleUid", super::fields::uid),]
);

impl RestBody for pb::RoleBinding {}

/// The role binding routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/roleBindings", get(list))
        .route("/iam/v2beta1/roleBindings:batchCreate", post(batch_create))
        .route("/iam/v2beta1/roleBindings/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Creates up to 25 bindings in one group, all or none, answered in request order.
#[utoipa::path(post, path = "/iam/v2beta1/roleBindings:batchCreate", operation_id = "BatchCreateRoleBindings",
    tag = "roleBindings", request_body = BatchCreateRoleBindingsSchema,
    responses((status = 200, body = BatchCreateRoleBindingsResponseSchema), crate::openapi::WriteErrors))]
pub async fn batch_create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    RawBody(body): RawBody,
) -> Result<Json<pb::BatchCreateRoleBindingsResponse>, ApiError> {
    let request: pb::BatchCreateRoleBindingsRequest = parse_json(&body)?;
    let (parent, requests, role) = grove_proto::convert::batch_create_role_bindings(request)?;
    Ok(Json(s.services.role_bindings.batch_create(&caller, &parent, requests, &role).await?.into()))
}

/// Lists the bindings the caller may list; filters `identity`, `group` and `role` apply too.
#[utoipa::path(get, path = "/iam/v2beta1/roleBindings", operation_id = "ListRoleBindings", tag = "roleBindings",
    params(
        super::ListParams,
        ("identity" = Option<super::Uid>, Query, description = "Only bindings of this identity"),
        ("group" = Option<super::Uid>, Query, description = "Only bindings that grant in this group (not below it)"),
        ("role" = Option<super::Uid>, Query, description = "Only bindings of this role")
    ),
    responses((status = 200, body = ListRoleBindingsSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListRoleBindingsResponse>, ApiError> {
    Ok(Json(
        s.services.role_bindings.list(&caller, query.filter(ListKind::RoleBindings)?, &query.page()?).await?.into(),
    ))
}

/// Fetches one binding.
#[utoipa::path(get, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "GetRoleBinding", tag = "roleBindings",
    params(super::ResourceUid), responses((status = 200, body = RoleBindingSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::RoleBinding>, ApiError> {
    Ok(Json(s.services.role_bindings.get(&caller, &uid).await?.into()))
}

/// Binds an identity to a role in the group in the path.
#[utoipa::path(post, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "CreateRoleBinding", tag = "roleBindings",
    request_body = RoleBindingBody, params(super::ParentUid),
    responses((status = 200, body = RoleBindingSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    body: ProtoBody<pb::RoleBinding>,
) -> Result<Json<pb::RoleBinding>, ApiError> {
    Ok(Json(s.services.role_bindings.create(&caller, &parent, body.create_input()?).await?.into()))
}

/// Points a binding at another identity or role.
#[utoipa::path(patch, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "UpdateRoleBinding",
    tag = "roleBindings", request_body = RoleBindingBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RoleBindingSchema), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::RoleBinding>,
) -> Result<Json<pb::RoleBinding>, ApiError> {
    Ok(Json(s.services.role_bindings.update(&caller, &uid, body.update_input(&query)?).await?.into()))
}

/// Deletes a binding (succeeds when it is already gone).
#[utoipa::path(delete, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "DeleteRoleBinding",
    tag = "roleBindings", params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.role_bindings.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
