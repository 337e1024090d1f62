//! `/iam/v2beta1/roleBindings`: identities holding roles in groups, shown hydrated.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::{NamedRef, RoleBindingView};
use grove_domain::services::RoleBindingInput;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{list_envelope, patch_body, zero_string};
use crate::error::ApiError;
use crate::extract::{Caller, JsonBody, Mutable, Query, RawBody, WireBody};
use crate::AppState;

/// The bound identity inside a binding.
#[derive(Debug, Serialize, ToSchema)]
pub struct BoundIdentityDto {
    /// Its uid.
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// Its subject (exact value or pattern).
    pub subject: String,
    /// Its issuer (exact value or pattern).
    pub issuer: String,
}

/// A group or role inside a binding.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedRefDto {
    /// Its uid.
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
}

impl From<NamedRef> for NamedRefDto {
    fn from(r: NamedRef) -> Self {
        Self { uid: r.uid.to_string(), name: r.name, description: r.description }
    }
}

/// A role binding, hydrated; it has a `createTime` and no `updateTime`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleBindingDto {
    /// The binding's uid.
    pub uid: String,
    /// The bound identity.
    pub identity: BoundIdentityDto,
    /// The group it grants in.
    pub group: NamedRefDto,
    /// The granted role.
    pub role: NamedRefDto,
    /// Creation time.
    #[schema(format = DateTime)]
    pub create_time: String,
    /// The bound identity's uid.
    pub identity_uid: String,
    /// The granted role's uid.
    pub role_uid: String,
}

impl From<RoleBindingView> for RoleBindingDto {
    fn from(v: RoleBindingView) -> Self {
        Self {
            uid: v.uid.to_string(),
            identity_uid: v.identity.uid.to_string(),
            role_uid: v.role.uid.to_string(),
            identity: BoundIdentityDto {
                uid: v.identity.uid.to_string(),
                name: v.identity.name,
                description: v.identity.description,
                subject: v.identity.subject,
                issuer: v.identity.issuer,
            },
            group: v.group.into(),
            role: v.role.into(),
            create_time: v.create_time.to_string(),
        }
    }
}

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

list_envelope!(RoleBindingList, RoleBindingDto, role_bindings);

/// The role binding routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/roleBindings", get(list))
        .route("/iam/v2beta1/roleBindings/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Lists the bindings the caller may list; filters `identity` and `role` apply too.
#[utoipa::path(get, path = "/iam/v2beta1/roleBindings", operation_id = "ListRoleBindings", tag = "roleBindings",
    params(
        super::ListParams,
        ("identity" = Option<super::Uid>, Query, description = "Only bindings of this identity"),
        ("role" = Option<super::Uid>, Query, description = "Only bindings of this role")
    ),
    responses((status = 200, body = RoleBindingList), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<RoleBindingList>, ApiError> {
    Ok(Json(s.services.role_bindings.list(&caller, query.filter()?, &query.page()?).await?.into()))
}

/// Fetches one binding.
#[utoipa::path(get, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "GetRoleBinding", tag = "roleBindings",
    params(super::ResourceUid), responses((status = 200, body = RoleBindingDto), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<RoleBindingDto>, ApiError> {
    Ok(Json(s.services.role_bindings.get(&caller, &uid).await?.into()))
}

/// Binds an identity to a role in the group in the path.
#[utoipa::path(post, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "CreateRoleBinding", tag = "roleBindings",
    request_body = RoleBindingBody, params(super::ParentUid),
    responses((status = 200, body = RoleBindingDto), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<RoleBindingBody>,
) -> Result<Json<RoleBindingDto>, ApiError> {
    Ok(Json(s.services.role_bindings.create(&caller, &parent, body.into()).await?.into()))
}

/// Points a binding at another identity or role.
#[utoipa::path(patch, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "UpdateRoleBinding",
    tag = "roleBindings", request_body = RoleBindingBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RoleBindingDto), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<RoleBindingDto>, ApiError> {
    let body: RoleBindingBody = patch_body(&body, &query, MUTABLE)?;
    Ok(Json(s.services.role_bindings.update(&caller, &uid, body.into()).await?.into()))
}

/// Deletes a binding (succeeds when it is already gone).
#[utoipa::path(delete, path = "/iam/v2beta1/roleBindings/{uid}", operation_id = "DeleteRoleBinding",
    tag = "roleBindings", params(super::ResourceUid),
    responses((status = 200, description = "Deleted; empty body"), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<(), ApiError> {
    s.services.role_bindings.delete(&caller, &uid).await?;
    Ok(())
}
