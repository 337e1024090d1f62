//! `/iam/v2beta1/accountAssociations`: a group's account association (its uid is the
//! group's uid): create, get, update, delete (idempotent), list and
//! `{uid}:checkAccountAssociation`.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::json::Json;
use grove_domain::error::Error;
use grove_domain::params::ListKind;

use super::custom_methods::split_verb;
use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_proto::convert::account_provider_type;
use grove_proto::iam as pb;

proto_schema!(AccountAssociationSchema, "chainguard.platform.iam.v2beta1.AccountAssociation");
proto_schema!(ListAccountAssociationsSchema, "chainguard.platform.iam.v2beta1.ListAccountAssociationsResponse");
proto_schema!(CheckAccountAssociationSchema, "chainguard.platform.iam.v2beta1.CheckAccountAssociationRequest", request);
proto_schema!(CheckAccountAssociationResponseSchema, "chainguard.platform.iam.v2beta1.CheckAccountAssociationResponse");

request_schema!(
    AccountAssociationBody,
    pb::AccountAssociation,
    [("name", super::fields::display_name), ("description", super::fields::description)]
);

impl RestBody for pb::AccountAssociation {}

/// The account association routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/accountAssociations", get(list))
        .route("/iam/v2beta1/accountAssociations/{*uid}", get(get_one).post(create).patch(update).delete(delete))
}

/// Lists the associations the caller may list, by group unless `order_by` says otherwise.
#[utoipa::path(get, path = "/iam/v2beta1/accountAssociations", operation_id = "ListAccountAssociations",
    tag = "accountAssociations", params(super::ListParams),
    responses((status = 200, body = ListAccountAssociationsSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListAccountAssociationsResponse>, ApiError> {
    let (filter, page) = (query.filter(ListKind::Named)?, query.page()?);
    Ok(Json(s.services.account_associations.list(&caller, filter, &page).await?.into()))
}

/// Fetches a group's association (its uid is the group's).
#[utoipa::path(get, path = "/iam/v2beta1/accountAssociations/{uid}", operation_id = "GetAccountAssociation",
    tag = "accountAssociations", params(super::ResourceUid),
    responses((status = 200, body = AccountAssociationSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::AccountAssociation>, ApiError> {
    Ok(Json(s.services.account_associations.get(&caller, &uid).await?.into()))
}

/// Creates the association of the group in the path (one per group).
#[utoipa::path(post, path = "/iam/v2beta1/accountAssociations/{uid}", operation_id = "CreateAccountAssociation",
    tag = "accountAssociations", request_body = AccountAssociationBody, params(super::ParentUid),
    responses((status = 200, body = AccountAssociationSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, ApiError> {
    // The custom method on this path is told apart before the body is read.
    if let Some((uid, verb)) = split_verb(&parent) {
        return match verb {
            "checkAccountAssociation" => {
                Ok(check(State(s), Caller(caller), Path(uid.to_owned()), RawBody(body)).await?.into_response())
            }
            _ => Err(Error::NotFound(format!("account associations have no custom method {verb:?}")).into()),
        };
    }
    let body = ProtoBody::<pb::AccountAssociation>::parse(&body)?;
    let created: pb::AccountAssociation =
        s.services.account_associations.create(&caller, &parent, body.create_input()?).await?.into();
    Ok(Json(created).into_response())
}

/// Checks whether the association's account of one cloud is usable: what can be checked
/// here is, then the cloud is asked to accept a token Grove signs (the server's probe).
/// Served through [`create`], which splits the verb off the path.
#[utoipa::path(post, path = "/iam/v2beta1/accountAssociations/{uid}:checkAccountAssociation",
    operation_id = "CheckAccountAssociation", tag = "accountAssociations",
    request_body = CheckAccountAssociationSchema, params(super::ResourceUid),
    responses((status = 200, body = CheckAccountAssociationResponseSchema), crate::openapi::WriteErrors))]
pub async fn check(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::CheckAccountAssociationResponse>, ApiError> {
    // body "*": the request message; the path sets the uid.
    let request: pb::CheckAccountAssociationRequest = parse_json(&body)?;
    let provider = account_provider_type(request.provider_type)?;
    Ok(Json(s.services.account_associations.check(&caller, &uid, provider).await?.into()))
}

/// Changes an association: the masked fields (a masked section that is absent is cleared),
/// or without a mask the fields present.
#[utoipa::path(patch, path = "/iam/v2beta1/accountAssociations/{uid}", operation_id = "UpdateAccountAssociation",
    tag = "accountAssociations", request_body = AccountAssociationBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = AccountAssociationSchema), crate::openapi::WriteErrors))]
pub async fn update(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::AccountAssociation>,
) -> Result<Json<pb::AccountAssociation>, ApiError> {
    Ok(Json(s.services.account_associations.update(&caller, &uid, body.update_input(&query)?).await?.into()))
}

/// Deletes a group's association; succeeds when it has none.
#[utoipa::path(delete, path = "/iam/v2beta1/accountAssociations/{uid}", operation_id = "DeleteAccountAssociation",
    tag = "accountAssociations", params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.account_associations.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
