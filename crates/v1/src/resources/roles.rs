//! `/iam/v1/roles`: built-in and custom roles, capabilities as dotted names.

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::listing::ListFilter;
use grove_domain::model::Role;
use grove_domain::services::RoleInput;
use grove_domain::{Error, Uidp};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use crate::error::V1Error;
use crate::extract::{Caller, JsonBody, Query, WireBody};
use crate::list::stream;
use crate::V1State;

/// A v1 Role.
#[derive(Debug, Serialize)]
pub struct V1Role {
    /// The role's uid (single segment for built-in roles).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Free text; built-in roles say so.
    pub description: String,
    /// Dotted capability names (`groups.list`), in capability number order.
    pub capabilities: Vec<String>,
}

impl From<Role> for V1Role {
    fn from(r: Role) -> Self {
        Self {
            id: r.uid.to_string(),
            name: r.name.to_string(),
            description: r.description.to_string(),
            capabilities: r.capabilities.iter().map(|c| c.dotted_name().to_owned()).collect(),
        }
    }
}

/// The writable fields of a v1 Role.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleBody {
    /// Required.
    pub name: Option<String>,
    /// Free text.
    pub description: Option<String>,
    /// At least one dotted capability name.
    pub capabilities: Option<Vec<String>>,
}

impl WireBody for RoleBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["id"];
}

impl RoleBody {
    fn create(self) -> RoleInput {
        RoleInput { name: self.name, description: self.description, capabilities: self.capabilities }
    }

    /// A whole replacement: omitted fields become empty.
    fn replace(self) -> RoleInput {
        RoleInput {
            name: Some(self.name.unwrap_or_default()),
            description: Some(self.description.unwrap_or_default()),
            capabilities: Some(self.capabilities.unwrap_or_default()),
        }
    }
}

/// The v1 role filter: the common one plus `parent` (the exact parent group, or `/` for the
/// root, where the built-in roles live).
fn role_filter(query: &Query) -> Result<ListFilter, Error> {
    let mut filter = query.filter()?;
    match query.get("parent") {
        None => {}
        Some("/") => filter.uidp.in_root = true,
        Some(parent) => {
            let parent = Uidp::parse_field("parent", parent)?;
            if filter.uidp.children_of.as_ref().is_some_and(|c| *c != parent) {
                return Err(Error::invalid("parent", "parent and uidp.children_of name different groups"));
            }
            filter.uidp.children_of = Some(parent);
        }
    }
    Ok(filter)
}

/// The v1 role routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/iam/v1/roles", get(list))
        .route("/iam/v1/roles/{*id}", get(get_one).post(create).put(replace).patch(replace).delete(delete))
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = role_filter(&query)?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.roles.list(&caller, filter, &page).await?.map(V1Role::from)) }
    })
    .await
}

async fn get_one(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<V1Role>, V1Error> {
    Ok(Json(s.services.roles.get(&caller, &id).await?.into()))
}

async fn create(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(parent_id): Path<String>,
    JsonBody(body): JsonBody<RoleBody>,
) -> Result<Json<V1Role>, V1Error> {
    Ok(Json(s.services.roles.create(&caller, &parent_id, body.create()).await?.into()))
}

async fn replace(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<RoleBody>,
) -> Result<Json<V1Role>, V1Error> {
    Ok(Json(s.services.roles.update(&caller, &id, body.replace()).await?.into()))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.roles.delete(&caller, &id).await?;
    Ok(empty())
}
