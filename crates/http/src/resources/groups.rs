//! `/iam/v2beta1/groups`: the organization tree, and the onboarding custom methods
//! (`:lookupGroup`, `:checkEligibility`, `{uid}:requestGroupAccess`).

use axum::extract::State;
use axum::response::{IntoResponse as _, Response};
use axum::routing::get;
use axum::Router;

use crate::json::Json;

use grove_domain::Error;

use super::custom_methods::split_verb;
use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::iam as pb;

proto_schema!(GroupSchema, "chainguard.platform.iam.v2beta1.Group");
proto_schema!(ListGroupsSchema, "chainguard.platform.iam.v2beta1.ListGroupsResponse");
proto_schema!(LookupGroupSchema, "chainguard.platform.iam.v2beta1.LookupGroupResponse");
proto_schema!(CheckEligibilitySchema, "chainguard.platform.iam.v2beta1.CheckEligibilityResponse");
proto_schema!(RequestGroupAccessSchema, "chainguard.platform.iam.v2beta1.RequestGroupAccessRequest", request);
proto_schema!(RequestGroupAccessResponseSchema, "chainguard.platform.iam.v2beta1.RequestGroupAccessResponse");

request_schema!(
    GroupBody,
    pb::Group,
    [("name", super::fields::group_name), ("description", super::fields::description),]
);

impl RestBody for pb::Group {}

/// The group routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/groups", get(list).post(create_organization))
        .route("/iam/v2beta1/groups:lookupGroup", get(lookup))
        .route("/iam/v2beta1/groups:checkEligibility", get(check_eligibility))
        .route("/iam/v2beta1/groups/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Lists the groups the caller may list.
#[utoipa::path(get, path = "/iam/v2beta1/groups", operation_id = "ListGroups", tag = "groups",
    params(super::ListParams), responses((status = 200, body = ListGroupsSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListGroupsResponse>, ApiError> {
    let page = s.services.groups.list(&caller, query.filter(ListKind::Named)?, &query.page()?).await?;
    Ok(Json(page.into()))
}

/// The verified organization named after the caller's verified email domain.
#[utoipa::path(get, path = "/iam/v2beta1/groups:lookupGroup", operation_id = "LookupGroup", tag = "groups",
    responses((status = 200, body = LookupGroupSchema), crate::openapi::ReadErrors))]
pub async fn lookup(
    State(s): State<AppState>,
    Caller(caller): Caller,
) -> Result<Json<pb::LookupGroupResponse>, ApiError> {
    let group = s.services.groups.lookup(&caller).await?;
    Ok(Json(pb::LookupGroupResponse { group: Some(group.into()) }))
}

/// Whether the caller may take the self-serve onboarding path (README, "Decisions").
#[utoipa::path(get, path = "/iam/v2beta1/groups:checkEligibility", operation_id = "CheckEligibility", tag = "groups",
    responses((status = 200, body = CheckEligibilitySchema), crate::openapi::ReadErrors))]
pub async fn check_eligibility(
    State(s): State<AppState>,
    Caller(caller): Caller,
) -> Result<Json<pb::CheckEligibilityResponse>, ApiError> {
    Ok(Json(pb::CheckEligibilityResponse { eligible: s.services.groups.check_eligibility(&caller).await? }))
}

/// Asks the owners of the verified organization in the path to let the caller in (once).
/// Served through [`create`], which splits the verb off the path.
#[utoipa::path(post, path = "/iam/v2beta1/groups/{uid}:requestGroupAccess", operation_id = "RequestGroupAccess",
    tag = "groups", request_body = RequestGroupAccessSchema, params(super::ResourceUid),
    responses((status = 200, body = RequestGroupAccessResponseSchema), crate::openapi::AccessRequestErrors))]
pub async fn request_access(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::RequestGroupAccessResponse>, ApiError> {
    // body "*": the request message less the path's group_uid, which the path sets.
    let _: pb::RequestGroupAccessRequest = parse_json(&body)?;
    s.services.groups.request_access(&caller, &uid).await?;
    Ok(Json(pb::RequestGroupAccessResponse {}))
}

/// Fetches one group by its whole uid.
#[utoipa::path(get, path = "/iam/v2beta1/groups/{uid}", operation_id = "GetGroup", tag = "groups",
    params(super::ResourceUid), responses((status = 200, body = GroupSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Group>, ApiError> {
    Ok(Json(s.services.groups.get(&caller, &uid).await?.into()))
}

/// Creates an organization; the caller becomes its owner.
#[utoipa::path(post, path = "/iam/v2beta1/groups", operation_id = "CreateOrganization", tag = "groups",
    request_body = GroupBody, responses((status = 200, body = GroupSchema), crate::openapi::WriteErrors))]
pub async fn create_organization(
    State(s): State<AppState>,
    Caller(caller): Caller,
    body: ProtoBody<pb::Group>,
) -> Result<Json<pb::Group>, ApiError> {
    Ok(Json(s.services.groups.create(&caller, None, body.create_input()?).await?.into()))
}

/// Creates a group below the parent group in the path.
#[utoipa::path(post, path = "/iam/v2beta1/groups/{uid}", operation_id = "CreateGroup", tag = "groups",
    request_body = GroupBody, params(super::ParentUid),
    responses((status = 200, body = GroupSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, ApiError> {
    // The custom method on this path is told apart before the body is read as a group.
    if let Some((uid, verb)) = split_verb(&parent) {
        return match verb {
            "requestGroupAccess" => {
                Ok(request_access(State(s), Caller(caller), Path(uid.to_owned()), RawBody(body)).await?.into_response())
            }
            _ => Err(Error::NotFound(format!("groups have no custom method {verb:?}")).into()),
        };
    }
    let body = ProtoBody::<pb::Group>::parse(&body)?;
    let group: pb::Group = s.services.groups.create(&caller, Some(&parent), body.create_input()?).await?.into();
    Ok(Json(group).into_response())
}

/// Changes a group: the masked fields, or without a mask the fields present.
#[utoipa::path(patch, path = "/iam/v2beta1/groups/{uid}", operation_id = "UpdateGroup", tag = "groups",
    request_body = GroupBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = GroupSchema), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::Group>,
) -> Result<Json<pb::Group>, ApiError> {
    Ok(Json(s.services.groups.update(&caller, &uid, body.update_input(&query)?).await?.into()))
}

/// Deletes a group that has no children.
#[utoipa::path(delete, path = "/iam/v2beta1/groups/{uid}", operation_id = "DeleteGroup", tag = "groups",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.groups.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
