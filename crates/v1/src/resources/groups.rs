//! `/iam/v1/groups`: the organization tree in the version 1 shape (no timestamps, and
//! `resourceLimits` from the configuration), and the onboarding custom methods
//! (`:lookupGroup`, `:checkEligibility`, `{group_id}:requestGroupAccess`).

use axum::extract::{Path, State};
use axum::response::{IntoResponse as _, Response};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::Group;
use grove_domain::services::GroupInput;
use grove_domain::Error;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use crate::error::V1Error;
use crate::extract::{parse_body, Caller, JsonBody, Query, RawBody, WireBody};
use crate::list::stream;
use crate::{ResourceLimits, V1State};

/// A v1 Group.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Group {
    /// The group's uid.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Free text.
    pub description: String,
    /// The configured per-organization limits.
    pub resource_limits: ResourceLimits,
    /// Server-set; false for groups Grove creates.
    pub verified: bool,
}

impl V1Group {
    /// The v1 view of `g`, showing `limits`.
    #[must_use]
    pub fn new(g: Group, limits: ResourceLimits) -> Self {
        Self {
            id: g.uid.to_string(),
            name: g.name.to_string(),
            description: g.description.to_string(),
            resource_limits: limits,
            verified: g.verified,
        }
    }
}

/// The writable fields of a v1 Group.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupBody {
    /// Required; must match `^[a-z0-9 ._-]{1,}$`.
    pub name: Option<String>,
    /// Free text.
    pub description: Option<String>,
}

impl WireBody for GroupBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["id", "resourceLimits", "resource_limits", "verified"];
}

impl GroupBody {
    fn create(self) -> GroupInput {
        GroupInput { name: self.name, description: self.description }
    }

    /// A whole replacement: omitted fields become empty.
    fn replace(self) -> GroupInput {
        GroupInput {
            name: Some(self.name.unwrap_or_default()),
            description: Some(self.description.unwrap_or_default()),
        }
    }
}

/// The v1 group routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/iam/v1/groups", get(list).post(create_organization))
        .route("/iam/v1/groups:lookupGroup", get(lookup))
        .route("/iam/v1/groups:checkEligibility", get(check_eligibility))
        .route("/iam/v1/groups/{*id}", get(get_one).post(create).put(replace).patch(replace).delete(delete))
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = query.filter()?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.groups.list(&caller, filter, &page).await?.map(|g| V1Group::new(g, s.limits))) }
    })
    .await
}

async fn get_one(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<V1Group>, V1Error> {
    Ok(Json(V1Group::new(s.services.groups.get(&caller, &id).await?, s.limits)))
}

async fn create_organization(
    State(s): State<V1State>,
    Caller(caller): Caller,
    JsonBody(body): JsonBody<GroupBody>,
) -> Result<Json<V1Group>, V1Error> {
    Ok(Json(V1Group::new(s.services.groups.create(&caller, None, body.create()).await?, s.limits)))
}

/// The body of `{group_id}:requestGroupAccess` (`body: "*"`): the path names the group, so
/// the body may repeat it and hold nothing else.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RequestAccessBody {
    #[serde(alias = "group_id", rename = "groupId")]
    _group_id: Option<String>,
}

impl WireBody for RequestAccessBody {
    const OUTPUT_ONLY: &'static [&'static str] = &[];
}

async fn create(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, V1Error> {
    // A custom verb on the last segment (uids hold no `:`) is told apart before the body is
    // read as a group.
    if let Some((group, verb)) = parent.rsplit_once(':').filter(|(_, verb)| !verb.contains('/')) {
        if verb != "requestGroupAccess" {
            return Err(Error::NotFound(format!("groups have no custom method {verb:?}")).into());
        }
        let _: RequestAccessBody = parse_body(&body)?;
        s.services.groups.request_access(&caller, group).await?;
        return Ok(empty().into_response());
    }
    let body: GroupBody = parse_body(&body)?;
    let group = s.services.groups.create(&caller, Some(&parent), body.create()).await?;
    Ok(Json(V1Group::new(group, s.limits)).into_response())
}

/// `{group}`: the verified organization named after the caller's verified email domain.
async fn lookup(State(s): State<V1State>, Caller(caller): Caller) -> Result<Json<Value>, V1Error> {
    let group = V1Group::new(s.services.groups.lookup(&caller).await?, s.limits);
    Ok(Json(serde_json::json!({ "group": group })))
}

/// `{eligible}`: whether the caller may take the self-serve onboarding path.
async fn check_eligibility(State(s): State<V1State>, Caller(caller): Caller) -> Result<Json<Value>, V1Error> {
    Ok(Json(serde_json::json!({ "eligible": s.services.groups.check_eligibility(&caller).await? })))
}

async fn replace(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<GroupBody>,
) -> Result<Json<V1Group>, V1Error> {
    Ok(Json(V1Group::new(s.services.groups.update(&caller, &id, body.replace()).await?, s.limits)))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.groups.delete(&caller, &id).await?;
    Ok(empty())
}
