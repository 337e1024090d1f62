//! `/iam/v2beta1/roles`: built-in and custom roles.

use axum::extract::State;
use axum::routing::get;
use axum::Router;

use crate::json::Json;
use grove_domain::capability::Capability;
use grove_domain::Error;
use serde_json::{Map, Value};

use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{Caller, Path, Query};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(RoleSchema, "chainguard.platform.iam.v2beta1.Role");
proto_schema!(ListRolesSchema, "chainguard.platform.iam.v2beta1.ListRolesResponse");

request_schema!(
    RoleBody,
    pb::Role,
    [
        ("name", super::fields::display_name),
        ("description", super::fields::description),
        ("capabilities", super::fields::capabilities_input),
    ]
);

impl RestBody for pb::Role {
    /// Capabilities may also be written by their dotted names (`repo.list`), as v1 and the
    /// CLI write them.
    fn normalize(object: &mut Map<String, Value>) -> Result<(), Error> {
        let Some(Value::Array(names)) = object.get_mut("capabilities") else { return Ok(()) };
        for name in names.iter_mut() {
            if let Value::String(text) = name {
                let cap = Capability::parse_field("capabilities", text)?;
                // Grove's own capabilities have no value in the public enum: refuse them here
                // with the domain's words rather than as an unknown enum value.
                if let (true, Some(why)) = (cap.is_groves_own(), cap.custom_role_refusal()) {
                    return Err(Error::invalid("capabilities", why));
                }
                *text = cap.enum_name().to_owned();
            }
        }
        Ok(())
    }
}

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
    body: ProtoBody<pb::Role>,
) -> Result<Json<pb::Role>, ApiError> {
    Ok(Json(s.services.roles.create(&caller, &parent, body.create_input()?).await?.into()))
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
    body: ProtoBody<pb::Role>,
) -> Result<Json<pb::Role>, ApiError> {
    Ok(Json(s.services.roles.update(&caller, &uid, body.update_input(&query)?).await?.into()))
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
