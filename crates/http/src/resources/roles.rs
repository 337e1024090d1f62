//! `/iam/v2beta1/roles`: built-in and custom roles.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::services::RoleInput;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{patch_body, zero_list, zero_string, Empty};
use crate::error::ApiError;
use crate::extract::{Caller, JsonBody, Mutable, Query, RawBody, WireBody};
use crate::proto_schema::proto_schema;
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(RoleSchema, "chainguard.platform.iam.v2beta1.Role");
proto_schema!(ListRolesSchema, "chainguard.platform.iam.v2beta1.ListRolesResponse");

/// The writable fields of a role; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RoleBody {
    /// Required on create.
    #[schema(schema_with = super::fields::display_name)]
    pub name: Option<String>,
    /// Optional free text.
    #[schema(schema_with = super::fields::description)]
    pub description: Option<String>,
    /// At least one on create: enum names (`CAP_REPO_LIST`) or dotted names (`repo.list`).
    #[schema(schema_with = super::fields::capabilities_input)]
    pub capabilities: Option<Vec<String>>,
}

impl WireBody for RoleBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["uid", "createTime", "create_time", "updateTime", "update_time"];
}

impl From<RoleBody> for RoleInput {
    fn from(b: RoleBody) -> Self {
        Self { name: b.name, description: b.description, capabilities: b.capabilities }
    }
}

const MUTABLE: &[Mutable] = &[
    Mutable { json: "name", proto: "name", zero: zero_string },
    Mutable { json: "description", proto: "description", zero: zero_string },
    Mutable { json: "capabilities", proto: "capabilities", zero: zero_list },
];

/// The role routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/roles", get(list))
        .route("/iam/v2beta1/roles/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Lists the built-in roles and the custom roles the caller may list.
#[utoipa::path(get, path = "/iam/v2beta1/roles", operation_id = "ListRoles", tag = "roles", params(super::ListParams),
    responses((status = 200, body = ListRolesSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListRolesResponse>, ApiError> {
    Ok(Json(s.services.roles.list(&caller, query.filter(ListKind::Named)?, &query.page()?).await?.into()))
}

/// Fetches one role.
#[utoipa::path(get, path = "/iam/v2beta1/roles/{uid}", operation_id = "GetRole", tag = "roles",
    params(super::ResourceUid), responses((status = 200, body = RoleSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Role>, ApiError> {
    Ok(Json(s.services.roles.get(&caller, &uid).await?.into()))
}

/// Creates a custom role in the group in the path.
#[utoipa::path(post, path = "/iam/v2beta1/roles/{uid}", operation_id = "CreateRole", tag = "roles",
    request_body = RoleBody, params(super::ParentUid),
    responses((status = 200, body = RoleSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<RoleBody>,
) -> Result<Json<pb::Role>, ApiError> {
    Ok(Json(s.services.roles.create(&caller, &parent, body.into()).await?.into()))
}

/// Changes a custom role.
#[utoipa::path(patch, path = "/iam/v2beta1/roles/{uid}", operation_id = "UpdateRole", tag = "roles",
    request_body = RoleBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RoleSchema), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<pb::Role>, ApiError> {
    let body: RoleBody = patch_body(&body, &query, MUTABLE)?;
    Ok(Json(s.services.roles.update(&caller, &uid, body.into()).await?.into()))
}

/// Deletes a custom role that no binding uses.
#[utoipa::path(delete, path = "/iam/v2beta1/roles/{uid}", operation_id = "DeleteRole", tag = "roles",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.roles.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
