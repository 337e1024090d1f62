//! `/vulnerabilities/v2beta1/advisories`: vulnerability advisories, read-only.

use axum::extract::State;
use axum::routing::get;
use axum::Router;

use crate::json::Json;

use crate::error::ApiError;
use crate::extract::{Caller, Path, Query};
use crate::proto_schema::proto_schema;
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::vulnerabilities as pb;

proto_schema!(AdvisorySchema, "chainguard.platform.vulnerabilities.v2beta1.Advisory");
proto_schema!(ListAdvisoriesSchema, "chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesResponse");

/// The advisory routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/vulnerabilities/v2beta1/advisories", get(list_advisories))
        .route("/vulnerabilities/v2beta1/advisories/{*uid}", get(get_advisory))
}

/// The filters of `ListAdvisories` (repeat a key for several values; keys also in lowerCamel).
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct AdvisoryFilters {
    /// Exact CGA ids.
    #[param(style = Form, explode)]
    advisory_ids: Option<Vec<String>>,
    /// Exact ids of the records the advisories were imported from (OSV ids).
    #[param(style = Form, explode)]
    legacy_advisory_ids: Option<Vec<String>>,
    /// Exact artifact names (ignored when `origin` is given).
    #[param(style = Form, explode)]
    artifact_names: Option<Vec<String>>,
    /// Exact artifact types (`apk`, `library`, …).
    #[param(style = Form, explode)]
    artifact_types: Option<Vec<String>>,
    /// Exact architectures.
    #[param(style = Form, explode)]
    artifact_architectures: Option<Vec<String>>,
    /// Exact component names.
    #[param(style = Form, explode)]
    component_names: Option<Vec<String>>,
    /// Exact component types.
    #[param(style = Form, explode)]
    component_types: Option<Vec<String>>,
    /// Exact component locations.
    #[param(style = Form, explode)]
    component_locations: Option<Vec<String>>,
    /// Has one of these aliases (CVE, GHSA ids).
    #[param(style = Form, explode)]
    aliases: Option<Vec<String>>,
    /// Every advisory of packages with this origin.
    origin: Option<String>,
    /// Has an event in one of these review states (`REVIEW_STATE_APPROVED` or a number).
    #[param(style = Form, explode)]
    event_review_states: Option<Vec<String>>,
    /// Has an event by one of these authors.
    #[param(style = Form, explode)]
    event_authors: Option<Vec<String>>,
    /// Has no event by any of these authors.
    #[param(style = Form, explode)]
    exclude_event_authors: Option<Vec<String>>,
    /// Has an event reviewed by one of these.
    #[param(style = Form, explode)]
    event_reviewers: Option<Vec<String>>,
    /// Has an event of one of these types (`EVENT_TYPE_FILTER_FIXED` or a number).
    #[param(style = Form, explode)]
    event_types: Option<Vec<String>>,
    /// The latest approved event is of this type.
    latest_event_type: Option<String>,
    /// Case-insensitive substring of the artifact name, component name or an alias.
    query: Option<String>,
}

/// Lists the advisories the caller may read.
#[utoipa::path(get, path = "/vulnerabilities/v2beta1/advisories", operation_id = "ListAdvisories",
    tag = "advisories", params(super::ListParams, AdvisoryFilters),
    responses((status = 200, body = ListAdvisoriesSchema), crate::openapi::ReadErrors))]
pub async fn list_advisories(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListAdvisoriesResponse>, ApiError> {
    let filter = query.filter(ListKind::Subscriptions)?;
    let input = grove_proto::convert::advisory_list_input_from_query(query.params())?;
    Ok(Json(s.services.advisories.list(&caller, filter, &input, &query.page()?).await?.into()))
}

/// Fetches one advisory.
#[utoipa::path(get, path = "/vulnerabilities/v2beta1/advisories/{uid}", operation_id = "GetAdvisory",
    tag = "advisories", params(super::ResourceUid),
    responses((status = 200, body = AdvisorySchema), crate::openapi::ReadErrors))]
pub async fn get_advisory(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Advisory>, ApiError> {
    Ok(Json(s.services.advisories.get(&caller, &uid).await?.into()))
}
