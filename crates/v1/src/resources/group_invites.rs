//! `/iam/v1/group_invites`: create (the code answered once), list (`StoredGroupInvite`
//! items, filtered by `group`, `id` and `key_id`) and delete. There is no update.

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::listing::ListFilter;
use grove_domain::model::GroupInviteView;
use grove_domain::services::GroupInviteInput;
use grove_domain::{Error, Uidp};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::roles::V1Role;
use super::{duration, empty};
use crate::error::V1Error;
use crate::extract::{Caller, JsonBody, Query, WireBody};
use crate::list::stream;
use crate::V1State;

/// What a v1 create answers: the invite with its code.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1GroupInvite {
    /// The invite's uid.
    pub id: String,
    /// When the code stops being accepted.
    pub expiration: String,
    /// The id of the key that signed the code.
    pub key_id: String,
    /// The role granted (absent once deleted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<V1Role>,
    /// The code, shown this once.
    pub code: String,
}

/// A listed v1 invite (`StoredGroupInvite`): never the code.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1StoredGroupInvite {
    /// The invite's uid.
    pub id: String,
    /// When the code stops being accepted.
    pub expiration: String,
    /// The id of the key that signed the code.
    pub key_id: String,
    /// The role granted (absent once deleted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<V1Role>,
    /// The only address that may redeem it; empty for anyone.
    pub email: String,
    /// When it was created.
    pub created_at: String,
    /// Whether one redemption uses it up.
    pub single_use: bool,
}

impl From<GroupInviteView> for V1StoredGroupInvite {
    fn from(v: GroupInviteView) -> Self {
        let i = v.invite;
        Self {
            id: i.uid.to_string(),
            expiration: i.expiration_time.to_string(),
            key_id: i.key_id,
            role: v.role.map(Into::into),
            email: i.email.as_str().to_owned(),
            created_at: i.create_time.to_string(),
            single_use: i.single_use,
        }
    }
}

/// The body of a v1 create (`GroupInviteRequest` less the path's `group`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupInviteBody {
    /// A protojson Duration such as `"86400s"`.
    pub ttl: Option<String>,
    /// The role uid.
    pub role: Option<String>,
    /// The only address that may redeem it.
    pub email: Option<String>,
    /// Whether one redemption uses it up.
    #[serde(alias = "singleUse")]
    pub single_use: Option<bool>,
}

impl WireBody for GroupInviteBody {
    const OUTPUT_ONLY: &'static [&'static str] =
        &["id", "expiration", "keyId", "key_id", "code", "createdAt", "created_at"];
}

impl GroupInviteBody {
    fn input(self) -> Result<GroupInviteInput, Error> {
        Ok(GroupInviteInput {
            role_uid: self.role.unwrap_or_default(),
            email: self.email.unwrap_or_default(),
            ttl: self.ttl.filter(|t| !t.is_empty()).map(|t| duration("ttl", &t)).transpose()?,
            single_use: self.single_use.unwrap_or_default(),
        })
    }
}

/// The v1 invite filter: `group` (the invites of that group), exact `id` and `key_id`.
fn invite_filter(query: &Query) -> Result<ListFilter, Error> {
    let mut filter = query.filter()?;
    if let Some(group) = query.get("group").filter(|g| !g.is_empty()) {
        let group = Uidp::parse_field("group", group)?;
        if filter.uidp.children_of.as_ref().is_some_and(|c| *c != group) {
            return Err(Error::invalid("group", "group and uidp.children_of name different groups"));
        }
        filter.uidp.children_of = Some(group);
    }
    filter.key_id = query.get("key_id").or_else(|| query.get("keyId")).filter(|k| !k.is_empty()).map(str::to_owned);
    // Invites have no name: a `name` key is no field of the v1 filter.
    filter.name = None;
    Ok(filter)
}

/// The v1 group invite routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/iam/v1/group_invites", get(list))
        .route("/iam/v1/group_invites/{*id}", axum::routing::post(create).delete(delete))
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = invite_filter(&query)?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.group_invites.list(&caller, filter, &page).await?.map(V1StoredGroupInvite::from)) }
    })
    .await
}

async fn create(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(group): Path<String>,
    JsonBody(body): JsonBody<GroupInviteBody>,
) -> Result<Json<V1GroupInvite>, V1Error> {
    let v = s.services.group_invites.create(&caller, &group, body.input()?).await?;
    Ok(Json(V1GroupInvite {
        id: v.invite.uid.to_string(),
        expiration: v.invite.expiration_time.to_string(),
        key_id: v.invite.key_id,
        role: v.role.map(Into::into),
        code: v.code.unwrap_or_default(),
    }))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.group_invites.delete(&caller, &id).await?;
    Ok(empty())
}
