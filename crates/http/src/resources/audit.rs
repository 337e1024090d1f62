//! `GET /audit/v1alpha1/entries` (`grove.audit.v1alpha1.AuditService/ListAuditEntries`): the
//! audit trail, for callers holding `audit.list`.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use grove_domain::services::AuditListInput;
use grove_proto::grove_audit as pb;

use crate::error::ApiError;
use crate::extract::{Caller, Query};
use crate::json::Json;
use crate::proto_schema::proto_schema;
use crate::AppState;

proto_schema!(ListAuditEntriesSchema, "grove.audit.v1alpha1.ListAuditEntriesResponse");

/// The audit route.
pub fn routes() -> Router<AppState> {
    Router::new().route("/audit/v1alpha1/entries", get(list))
}

/// The filters of the query string.
fn input(query: &Query) -> Result<AuditListInput, ApiError> {
    let p = query.params();
    p.given_once(["uidp.descendants_of", "uidp.children_of", "actor", "since", "until"])?;
    Ok(AuditListInput {
        descendants_of: p.get("uidp.descendants_of").map(str::to_owned),
        children_of: p.get("uidp.children_of").map(str::to_owned),
        actor: p.get("actor").map(str::to_owned),
        types: p.all("type").map(str::to_owned).collect(),
        since: p.timestamp("since")?,
        until: p.timestamp("until")?,
    })
}

/// Lists the audit entries of the groups where the caller holds `audit.list` and may list
/// groups, newest first.
#[utoipa::path(get, path = "/audit/v1alpha1/entries", operation_id = "ListAuditEntries",
    tag = "audit",
    params(
        ("uidp.descendants_of" = Option<super::Uid>, Query, description = "Changes in this group and every group below it"),
        ("uidp.children_of" = Option<super::Uid>, Query, description = "Changes directly in this group"),
        ("actor" = Option<String>, Query, description = "Changes by this actor: a uid, or `system`"),
        ("type" = Option<Vec<String>>, Query, style = Form, explode,
            description = "Changes of these event types (repeat the key, or separate them with commas)"),
        ("since" = Option<String>, Query, format = DateTime, description = "Changes at or after this RFC 3339 time"),
        ("until" = Option<String>, Query, format = DateTime, description = "Changes before this RFC 3339 time"),
        ("page_size" = Option<i32>, Query, minimum = 0,
            description = "Results per page: default 50, at most 200 (larger values are lowered to 200)"),
        ("page_token" = Option<String>, Query, description = "`nextPageToken` of the previous page"),
        ("order_by" = Option<String>, Query, description = "`create_time desc` (the default) or `create_time asc`"),
        ("skip" = Option<i32>, Query, minimum = 0, description = "Results to skip"),
    ),
    responses((status = 200, body = ListAuditEntriesSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListAuditEntriesResponse>, ApiError> {
    let (input, page) = (input(&query)?, query.page()?);
    Ok(Json(s.services.audit.list(&caller, input, &page).await?.into()))
}
