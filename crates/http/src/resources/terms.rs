//! `/iam/v2beta1/terms/{group}`: the legal documents a group accepts, and those it and its
//! ancestors accepted.

use axum::extract::State;
use axum::routing::get;
use axum::Router;

use crate::json::Json;

use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, Query, RawBody};
use crate::proto_schema::proto_schema;
use crate::AppState;
use grove_proto::iam as pb;

proto_schema!(AcceptTermsBodySchema, "chainguard.platform.iam.v2beta1.AcceptTermsRequest", request);
proto_schema!(AcceptTermsResponseSchema, "chainguard.platform.iam.v2beta1.AcceptTermsResponse");
proto_schema!(ListTermsAcceptancesSchema, "chainguard.platform.iam.v2beta1.ListTermsAcceptancesResponse");

/// The terms routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/iam/v2beta1/terms/{*group}", get(list).post(accept))
}

/// The group a terms operation acts on (the request's `group`; named `uid` like every path
/// parameter of the document).
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct TermsGroup {
    /// The group's whole uid; its slashes may be sent as they are or as `%2F`.
    #[param(
        pattern = "^[0-9a-f]{40}(/[0-9a-f]{16})*$",
        example = "3f0c2a9d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39/0123456789abcdef"
    )]
    uid: String,
}

/// The query parameters of the acceptance list (it has no filters).
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct TermsListParams {
    /// Results per page: default 50, at most 200 (larger values are lowered to 200).
    #[param(minimum = 0)]
    page_size: Option<i32>,
    /// `nextPageToken` of the previous page.
    page_token: Option<String>,
    /// `created_at` (the default, oldest first) or `uid`, optionally followed by ` asc` or ` desc`.
    order_by: Option<String>,
    /// Results to skip.
    #[param(minimum = 0)]
    skip: Option<i32>,
}

/// Records, as the calling identity, that the group accepts the documents (1 to 32 ids;
/// accepting an accepted document again keeps its first acceptance). Answers the group and
/// the distinct documents of the request.
#[utoipa::path(post, path = "/iam/v2beta1/terms/{uid}", operation_id = "AcceptTerms", tag = "terms",
    request_body = AcceptTermsBodySchema, params(TermsGroup),
    responses((status = 200, body = AcceptTermsResponseSchema), crate::openapi::WriteErrors))]
pub async fn accept(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(group): Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<pb::AcceptTermsResponse>, ApiError> {
    // body `*`: the whole request; the path's group wins over one in the body (grpc-gateway's rule).
    let request: pb::AcceptTermsRequest = parse_json(&body)?;
    Ok(Json(s.services.terms.accept(&caller, &group, &request.document_ids).await?.into()))
}

/// Lists the acceptances of the group and of every group above it, oldest first.
#[utoipa::path(get, path = "/iam/v2beta1/terms/{uid}", operation_id = "ListTermsAcceptances", tag = "terms",
    params(TermsGroup, TermsListParams),
    responses((status = 200, body = ListTermsAcceptancesSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(group): Path<String>,
    query: Query,
) -> Result<Json<pb::ListTermsAcceptancesResponse>, ApiError> {
    Ok(Json(s.services.terms.list(&caller, &group, &query.page()?).await?.into()))
}
