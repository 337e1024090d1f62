//! Group invites in the memory store, and their redemption (atomic under the store's one
//! lock: the checks, the binding, the single-use mark and both events, or nothing).

use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{apply_in_memory, ListQuery, StorePage};
use grove_domain::model::{GroupInvite, GroupInviteView, Registration, RoleBinding};
use grove_domain::{Error, Result, Uidp};

use super::{duplicate_uid, not_found, State};
use crate::table::Row;

impl Row for GroupInvite {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // Invites have no unique name: a group may hold any number, even alike.
    fn unique_name(&self) -> String {
        self.uid.to_string()
    }
}

/// `FAILED_PRECONDITION` for an invite that no longer exists (both stores say it so).
pub(crate) fn invite_revoked(uid: &Uidp) -> Error {
    Error::precondition("INVITE_REVOKED", format!("invite {uid} has been revoked"))
}

/// `FAILED_PRECONDITION` for a single-use invite already redeemed.
pub(crate) fn invite_used(uid: &Uidp) -> Error {
    Error::precondition("INVITE_USED", format!("invite {uid} is single-use and has already been used"))
}

impl State {
    pub(crate) fn create_group_invite(&mut self, invite: &GroupInvite, event: &NewEvent) -> Result<()> {
        if self.invites.contains(&invite.uid) {
            return Err(duplicate_uid("group invite", &invite.uid));
        }
        self.parent_group(&invite.uid)?;
        let role = self.roles.get(&invite.role_uid).cloned().ok_or_else(|| not_found("role", &invite.role_uid))?;
        let view = GroupInviteView { invite: invite.clone(), role: Some(role), code: None };
        self.emit(Some(event), EventData::GroupInvite(&view))?;
        self.invites.insert(invite.clone());
        Ok(())
    }

    pub(crate) fn get_group_invite(&self, uid: &Uidp) -> Option<GroupInvite> {
        self.invites.get(uid).cloned()
    }

    pub(crate) fn list_group_invites(&self, query: &ListQuery) -> StorePage<GroupInvite> {
        let filter = &query.filter;
        let matches = |i: &GroupInvite| filter.uidp.matches(&i.uid) && filter.matches_key_id(&i.key_id);
        let rows: Vec<GroupInvite> = self
            .invites
            .candidates(&filter.uidp)
            .filter(|i| query.visibility.allows(&i.uid) && matches(i))
            .cloned()
            .collect();
        apply_in_memory(rows.into_iter(), query, matches)
    }

    pub(crate) fn delete_group_invite(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.invites.contains(uid) {
            return Err(not_found("group invite", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.invites.remove(uid);
        Ok(())
    }

    pub(crate) fn redeem_group_invite(
        &mut self,
        uid: &Uidp,
        binding: &RoleBinding,
        binding_event: &NewEvent,
        registered_event: &NewEvent,
    ) -> Result<()> {
        let invite = self.invites.get(uid).cloned().ok_or_else(|| invite_revoked(uid))?;
        if invite.single_use && invite.used_time.is_some() {
            return Err(invite_used(uid));
        }
        if binding.uid.parent().as_ref() != Some(&invite.group_uid()) {
            return Err(Error::internal(format!("binding {} is not in the group of invite {uid}", binding.uid)));
        }
        let events_before = self.outbox.len();
        let member = (uid.root(), binding.identity_uid.clone());
        let new_member = self.members.insert(member.clone());
        if let Err(e) = self.create_role_binding(binding, Some(binding_event)) {
            if new_member {
                self.members.remove(&member);
            }
            return Err(e);
        }
        let registration = Registration {
            identity: binding.identity_uid.clone(),
            group: invite.group_uid(),
            invite: uid.clone(),
            binding: binding.uid.clone(),
        };
        if let Err(e) = self.emit(Some(registered_event), EventData::Registered(&registration)) {
            if new_member {
                self.members.remove(&member);
            }
            self.bindings.remove(&binding.uid);
            self.outbox.truncate(events_before);
            return Err(e);
        }
        if invite.single_use {
            self.invites.replace(GroupInvite { used_time: Some(binding.create_time), ..invite });
        }
        Ok(())
    }
}
