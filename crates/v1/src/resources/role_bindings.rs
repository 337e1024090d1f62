//! `/iam/v1/rolebindings`: create and update answer the flat v1 shape
//! `{id, identity, group, role}`; list (and get) answer the hydrated v1 shape with the full
//! v1 Group and Role.

use std::collections::{BTreeMap, BTreeSet};

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::authz::Principal;
use grove_domain::listing::{ListFilter, Page, UidpFilter};
use grove_domain::model::{Group, Role, RoleBindingView};
use grove_domain::services::RoleBindingInput;
use grove_domain::{Result, Uidp};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use super::groups::V1Group;
use super::roles::V1Role;
use crate::error::V1Error;
use crate::extract::{Caller, JsonBody, Query, WireBody};
use crate::list::{every, stream};
use crate::V1State;

/// The flat v1 RoleBinding, as create and update answer it.
#[derive(Debug, Serialize)]
pub struct FlatRoleBinding {
    /// The binding's uid.
    pub id: String,
    /// The bound identity's uid.
    pub identity: String,
    /// The group it grants in (the parent of `id`).
    pub group: String,
    /// The granted role's uid.
    pub role: String,
}

impl From<RoleBindingView> for FlatRoleBinding {
    fn from(v: RoleBindingView) -> Self {
        Self {
            id: v.uid.to_string(),
            identity: v.identity.uid.to_string(),
            group: v.group.uid.to_string(),
            role: v.role.uid.to_string(),
        }
    }
}

/// A v1 RoleBindingList item: the binding with its full group and role.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HydratedRoleBinding {
    /// The binding's uid.
    pub id: String,
    /// The group it grants in.
    pub group: V1Group,
    /// The bound identity's uid.
    pub identity: String,
    /// The granted role, with its capabilities.
    pub role: V1Role,
    /// The identity's email; Grove's identities have none, so it is empty.
    pub email: String,
    /// The identity's issuer (exact value or pattern).
    pub claim_match_issuer: String,
    /// The identity's subject (exact value or pattern).
    pub claim_match_subject: String,
    /// Creation time.
    pub created_at: String,
}

/// The writable fields of a v1 RoleBinding; `group` is accepted and ignored (the group is
/// always the parent of the binding).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleBindingBody {
    /// The identity to bind.
    pub identity: Option<String>,
    /// Deprecated in v1 and ignored.
    pub group: Option<String>,
    /// The role to grant.
    pub role: Option<String>,
}

impl WireBody for RoleBindingBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["id", "createdAt", "created_at"];
}

impl RoleBindingBody {
    fn create(self) -> RoleBindingInput {
        RoleBindingInput { identity_uid: self.identity, role_uid: self.role }
    }

    /// A whole replacement: omitted fields become empty (and are refused by the domain).
    fn replace(self) -> RoleBindingInput {
        RoleBindingInput {
            identity_uid: Some(self.identity.unwrap_or_default()),
            role_uid: Some(self.role.unwrap_or_default()),
        }
    }
}

fn by_ids(ids: Vec<Uidp>) -> ListFilter {
    ListFilter { uidp: UidpFilter { ids, ..UidpFilter::default() }, ..ListFilter::default() }
}

/// Fills in the full v1 Group and Role of each binding, looked up through the group and
/// role services as the caller. A group or role the caller may not list keeps what the
/// binding itself shows (uid, name, description), with no capabilities.
async fn hydrate(s: &V1State, caller: &Principal, views: Vec<RoleBindingView>) -> Result<Vec<HydratedRoleBinding>> {
    if views.is_empty() {
        return Ok(Vec::new());
    }
    let group_ids: BTreeSet<&Uidp> = views.iter().map(|v| &v.group.uid).collect();
    let role_ids: BTreeSet<&Uidp> = views.iter().map(|v| &v.role.uid).collect();
    let group_filter = by_ids(group_ids.into_iter().cloned().collect());
    let role_filter = by_ids(role_ids.into_iter().cloned().collect());
    let groups: BTreeMap<String, Group> = every(|page| {
        let filter = group_filter.clone();
        async move { s.services.groups.list(caller, filter, &page).await }
    })
    .await?
    .into_iter()
    .map(|g| (g.uid.to_string(), g))
    .collect();
    let roles: BTreeMap<String, Role> = every(|page| {
        let filter = role_filter.clone();
        async move { s.services.roles.list(caller, filter, &page).await }
    })
    .await?
    .into_iter()
    .map(|r| (r.uid.to_string(), r))
    .collect();
    Ok(views
        .into_iter()
        .map(|v| {
            let group = match groups.get(v.group.uid.as_str()) {
                Some(g) => V1Group::new(g.clone(), s.limits),
                None => V1Group {
                    id: v.group.uid.to_string(),
                    name: v.group.name,
                    description: v.group.description,
                    resource_limits: s.limits,
                    verified: false,
                },
            };
            let role = match roles.get(v.role.uid.as_str()) {
                Some(r) => V1Role::from(r.clone()),
                None => V1Role {
                    id: v.role.uid.to_string(),
                    name: v.role.name,
                    description: v.role.description,
                    capabilities: Vec::new(),
                },
            };
            HydratedRoleBinding {
                id: v.uid.to_string(),
                group,
                identity: v.identity.uid.to_string(),
                role,
                email: String::new(),
                claim_match_issuer: v.identity.issuer,
                claim_match_subject: v.identity.subject,
                created_at: v.create_time.to_string(),
            }
        })
        .collect())
}

/// The v1 role binding routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/iam/v1/rolebindings", get(list))
        .route("/iam/v1/rolebindings/{*id}", get(get_one).post(create).put(replace).patch(replace).delete(delete))
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = query.filter()?;
    // Hydrated page by page: the groups and roles looked up are those of one page of bindings.
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move {
            let Page { items, next_page_token, total_count, skipped } =
                s.services.role_bindings.list(&caller, filter, &page).await?;
            let items = hydrate(&s, &caller, items).await?;
            Ok(Page { items, next_page_token, total_count, skipped })
        }
    })
    .await
}

async fn get_one(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<HydratedRoleBinding>, V1Error> {
    let view = s.services.role_bindings.get(&caller, &id).await?;
    let mut hydrated = hydrate(&s, &caller, vec![view]).await?;
    hydrated.pop().map(Json).ok_or_else(|| grove_domain::Error::internal("hydrating one binding gave none").into())
}

async fn create(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<RoleBindingBody>,
) -> Result<Json<FlatRoleBinding>, V1Error> {
    Ok(Json(s.services.role_bindings.create(&caller, &parent, body.create()).await?.into()))
}

async fn replace(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<RoleBindingBody>,
) -> Result<Json<FlatRoleBinding>, V1Error> {
    Ok(Json(s.services.role_bindings.update(&caller, &id, body.replace()).await?.into()))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.role_bindings.delete(&caller, &id).await?;
    Ok(empty())
}
