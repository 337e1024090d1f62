//! `/iam/v2beta1/groupInvites` (create, get, delete, list; invites have no update) and
//! `POST /auth/v1/register`, where a person redeems an invite code with their Grove token.
//!
//! The code is in the answer to a create only; Get and List never show it.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;

use crate::json::Json;
use grove_domain::params::ListKind;

use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_proto::auth as auth_pb;
use grove_proto::iam as pb;

proto_schema!(GroupInviteSchema, "chainguard.platform.iam.v2beta1.GroupInvite");
proto_schema!(ListGroupInvitesSchema, "chainguard.platform.iam.v2beta1.ListGroupInvitesResponse");
proto_schema!(RegistrationRequestSchema, "chainguard.platform.auth.RegistrationRequest", request);
proto_schema!(SessionSchema, "chainguard.platform.auth.Session");

request_schema!(GroupInviteBody, pb::GroupInvite, [("roleUid", super::fields::uid)]);

impl RestBody for pb::GroupInvite {}

/// The group invite routes and the registration endpoint.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/groupInvites", get(list))
        .route("/iam/v2beta1/groupInvites/{*uid}", get(get_one).post(create).delete(delete))
        .route("/auth/v1/register", post(register))
}

/// Lists the invites the caller may list, newest first by default (`key_id` selects those
/// one key signed).
#[utoipa::path(get, path = "/iam/v2beta1/groupInvites", operation_id = "ListGroupInvites",
    tag = "groupInvites",
    params(
        super::ListParams,
        ("key_id" = Option<String>, Query, description = "Only the invites whose code the key with this id signed")
    ),
    responses((status = 200, body = ListGroupInvitesSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListGroupInvitesResponse>, ApiError> {
    let (filter, page) = (query.filter(ListKind::GroupInvites)?, query.page()?);
    Ok(Json(s.services.group_invites.list(&caller, filter, &page).await?.into()))
}

/// Fetches one invite (never its code).
#[utoipa::path(get, path = "/iam/v2beta1/groupInvites/{uid}", operation_id = "GetGroupInvite",
    tag = "groupInvites", params(super::ResourceUid),
    responses((status = 200, body = GroupInviteSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::GroupInvite>, ApiError> {
    Ok(Json(s.services.group_invites.get(&caller, &uid).await?.into()))
}

/// Creates an invite to the group in the path (needs `group_invites.create` and
/// `role_bindings.create` there); the answer carries the code, shown only this once.
#[utoipa::path(post, path = "/iam/v2beta1/groupInvites/{uid}", operation_id = "CreateGroupInvite",
    tag = "groupInvites", request_body = GroupInviteBody, params(super::ParentUid),
    responses((status = 200, body = GroupInviteSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    body: ProtoBody<pb::GroupInvite>,
) -> Result<Json<pb::GroupInvite>, ApiError> {
    Ok(Json(s.services.group_invites.create(&caller, &parent, body.create_input()?).await?.into()))
}

/// Deletes (revokes) an invite: its code is refused from then on.
#[utoipa::path(delete, path = "/iam/v2beta1/groupInvites/{uid}", operation_id = "DeleteGroupInvite",
    tag = "groupInvites", params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.group_invites.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}

/// Redeems an invite code for the caller (a person, by their Grove token): the caller gets
/// the invite's role at the invite's group.
#[utoipa::path(post, path = "/auth/v1/register", operation_id = "Register", tag = "auth",
    request_body = RegistrationRequestSchema,
    responses((status = 200, body = SessionSchema), crate::openapi::WriteErrors))]
pub async fn register(
    State(s): State<AppState>,
    Caller(caller): Caller,
    RawBody(body): RawBody,
) -> Result<Json<auth_pb::Session>, ApiError> {
    let request: auth_pb::RegistrationRequest = parse_json(&body)?;
    let joined = s.services.registration.register(&caller, &request.code, &request.identity_id).await?;
    Ok(Json(auth_pb::Session { identity: joined.identity.to_string(), group: joined.group.to_string() }))
}
