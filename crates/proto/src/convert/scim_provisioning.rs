//! SCIM-provisioned users on the wire (`ScimUser`, `ListScimUsersResponse`), and the event
//! data of SCIM groups (which have no message of their own).

use grove_domain::model::{scim_id, ScimGroup, ScimUser, ScimUserFilter};

use super::list_response;
use crate::grove_iam as pb;

impl From<ScimUser> for pb::ScimUser {
    fn from(u: ScimUser) -> Self {
        let provider = u.provider();
        Self {
            uid: u.uid.into(),
            identity_provider_uid: provider.into(),
            user_name: u.user_name,
            external_id: u.external_id.unwrap_or_default(),
            display_name: u.display_name.unwrap_or_default(),
            active: u.active,
            iam_identity_uid: u.linked_identity.map(Into::into).unwrap_or_default(),
            create_time: Some(u.create_time.into()),
            update_time: Some(u.update_time.into()),
        }
    }
}

list_response!(pb::ListScimUsersResponse, ScimUser, scim_users);

/// The filters of a `ListScimUsers` request (empty strings filter nothing).
#[must_use]
pub fn scim_user_filter(r: &pb::ListScimUsersRequest) -> ScimUserFilter {
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    ScimUserFilter { user_name: text(&r.user_name), external_id: text(&r.external_id), active: r.active }
}

/// A SCIM group as event data: `{uid, identityProviderUid, displayName, externalId, members}`
/// (members by SCIM id).
#[must_use]
pub fn scim_group_json(g: &ScimGroup) -> serde_json::Value {
    serde_json::json!({
        "uid": g.uid.as_str(),
        "identityProviderUid": g.provider().as_str(),
        "displayName": g.display_name,
        "externalId": g.external_id.clone().unwrap_or_default(),
        "members": g.members.iter().map(scim_id).collect::<Vec<_>>(),
    })
}
