//! `/iam/v2beta1/roleBindings`: identities holding roles in groups, shown hydrated.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::services::RoleBindingInput;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{patch_body, zero_string, Empty};
use crate::error::ApiError;
use crate::extract::{Caller, JsonBody, Mutable, Query, RawBody, WireBody};
use crate::proto_schema::proto_schema;
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(RoleBindingSchema, "chainguard.platform.iam.v2beta1.RoleBinding");
proto_schema!(ListRoleBindingsSchema, "chainguard.platform.iam.v2beta1.ListRoleBindingsResponse");

/// What a binding binds; other fields are accepted and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RoleBindingBody {
    /// The identity to bind.
    #[serde(alias = "identity_uid")]
    #[schema(schema_with = super::fields::uid)]
    pub identity_uid: Option<String>,
    /// The role to grant.
    #[serde(alias = "role_uid")]
    #[schema(schema_with = super::fields::uid)]
    pub role_uid: Option<String>,
}

impl WireBody for RoleBindingBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["uid", "identity", "group", "role", "createTime", "create_time"];
}

impl From<RoleBindingBody> for RoleBindingInput {
    fn from(b: RoleBindingBody) -> Self {
        Self { identity_uid: b.identity_uid, role_uid: b.role_uid }
    }
}

const MUTABLE: &[Mutable] = &[
    Mutable { json: "identityUid", proto: "identity_uid", zero: zero_string },
    Mutable { json: "roleUid", proto: "role_uid", zero: zero_string },
];

/// The role binding routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/roleBindings", get(list))
        .route("/iam/v2beta1/roleBindings/{*uid}", get(get_one).post(create).patch(update).delete(delete))
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
    JsonBody(body): JsonBody<RoleBindingBody>,
) -> Result<Json<pb::RoleBinding>, ApiError> {
    Ok(Json(s.services.role_bindings.create(&caller, &parent, body.into()).await?.into()))
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
    RawBody(body): RawBody,
) -> Result<Json<pb::RoleBinding>, ApiError> {
    let body: RoleBindingBody = patch_body(&body, &query, MUTABLE)?;
    Ok(Json(s.services.role_bindings.update(&caller, &uid, body.into()).await?.into()))
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
