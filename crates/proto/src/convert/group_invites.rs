//! Group invites on the wire. The code appears only in the answer to CreateGroupInvite: a
//! view without one (Get, List, events) leaves `code` empty; `ttl` is input only and never
//! answered.

use grove_domain::error::Error;
use grove_domain::model::{GroupInviteView, Role};
use grove_domain::services::GroupInviteInput;

use super::list_response;
use crate::iam as pb;

impl From<Role> for pb::GroupInviteRole {
    fn from(r: Role) -> Self {
        Self {
            uid: r.uid.into(),
            name: r.name.into(),
            description: r.description.into(),
            capabilities: r.capabilities.iter().filter(|c| !c.is_groves_own()).map(|c| c.number()).collect(),
        }
    }
}

impl From<GroupInviteView> for pb::GroupInvite {
    fn from(v: GroupInviteView) -> Self {
        let i = v.invite;
        Self {
            uid: i.uid.into(),
            role_uid: i.role_uid.into(),
            role: v.role.map(Into::into),
            email: i.email.as_str().to_owned(),
            ttl: None,
            expiration_time: Some(i.expiration_time.into()),
            single_use: i.single_use,
            code: v.code.unwrap_or_default(),
            key_id: i.key_id,
            create_time: Some(i.create_time.into()),
        }
    }
}

list_response!(pb::ListGroupInvitesResponse, GroupInviteView, group_invites);

/// The longest `ttl` a request may carry before it is turned into a duration at all.
const MAX_TTL_SECONDS: i64 = 100 * 365 * 24 * 3600;

/// The fields of an invite a request may set (invites have no update).
pub(super) const GROUP_INVITE_MUTABLE: &[&str] = &["role_uid", "email", "ttl", "single_use"];

/// The input of CreateGroupInvite (the output-only fields are ignored; there is no update,
/// so no mask applies).
///
/// # Errors
/// `INVALID_ARGUMENT` on `ttl` for a negative or out-of-range duration.
pub fn group_invite_input(
    i: pb::GroupInvite,
    _mask: Option<&crate::wkt::FieldMask>,
) -> Result<GroupInviteInput, Error> {
    let ttl = match i.ttl {
        None => None,
        Some(d) => {
            if d.seconds < 0 || d.nanos < 0 || d.seconds > MAX_TTL_SECONDS {
                return Err(Error::invalid("ttl", "ttl must be a positive duration such as \"86400s\""));
            }
            Some(chrono::Duration::seconds(d.seconds) + chrono::Duration::nanoseconds(i64::from(d.nanos)))
        }
    };
    Ok(GroupInviteInput { role_uid: i.role_uid, email: i.email, ttl, single_use: i.single_use })
}
