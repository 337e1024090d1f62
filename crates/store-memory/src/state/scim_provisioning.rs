//! SCIM-provisioned users and groups on the memory state
//! ([`grove_domain::ports::ScimProvisioningStore`]). Filters are evaluated with the domain's
//! evaluator over each resource's filter view.

use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{apply_in_memory, ListQuery, StorePage};
use grove_domain::model::{
    external_id_taken, group_name_taken, member_missing, user_name_taken, version_mismatch, ScimGroup, ScimPage,
    ScimQuery, ScimUser,
};
use grove_domain::{Error, Result, Uidp};

use super::{not_found, State};

fn page<T: Clone>(rows: Vec<&T>, query: &ScimQuery) -> ScimPage<T> {
    let total = rows.len() as u64;
    let items = rows
        .into_iter()
        .skip(usize::try_from(query.offset).unwrap_or(usize::MAX))
        .take(usize::try_from(query.count).unwrap_or(usize::MAX))
        .cloned()
        .collect();
    ScimPage { items, total }
}

impl State {
    fn scim_users_of<'a>(&'a self, provider: &'a Uidp) -> impl Iterator<Item = &'a ScimUser> + 'a {
        self.scim_users.values().filter(move |u| u.uid.parent().as_ref() == Some(provider))
    }

    fn check_user_unique(&self, user: &ScimUser) -> Result<()> {
        let provider = user.provider();
        let name = user.user_name.to_lowercase();
        for other in self.scim_users_of(&provider).filter(|o| o.uid != user.uid) {
            if other.user_name.to_lowercase() == name {
                return Err(user_name_taken(user));
            }
            if user.external_id.is_some() && other.external_id == user.external_id {
                return Err(external_id_taken(user));
            }
        }
        Ok(())
    }

    pub(crate) fn create_scim_user(&mut self, user: &ScimUser, event: &NewEvent) -> Result<()> {
        let provider = user.provider();
        if !self.identity_providers.contains(&provider) {
            return Err(not_found("identity provider", &provider));
        }
        if self.scim_users.contains_key(&user.uid) || self.scim_groups.contains_key(&user.uid) {
            return Err(Error::AlreadyExists(format!("SCIM user {} already exists", user.uid)));
        }
        self.check_user_unique(user)?;
        self.emit(Some(event), EventData::ScimUser(user))?;
        self.scim_users.insert(user.uid.clone(), user.clone());
        Ok(())
    }

    pub(crate) fn get_scim_user(&self, uid: &Uidp) -> Option<ScimUser> {
        self.scim_users.get(uid).cloned()
    }

    pub(crate) fn find_scim_user(&self, provider: &Uidp, external_id: &str) -> Option<ScimUser> {
        self.scim_users_of(provider).find(|u| u.external_id.as_deref() == Some(external_id)).cloned()
    }

    pub(crate) fn list_scim_users(&self, provider: &Uidp, query: &ScimQuery) -> ScimPage<ScimUser> {
        let rows: Vec<&ScimUser> = self
            .scim_users_of(provider)
            .filter(|u| query.filter.as_ref().is_none_or(|f| f.matches(&u.filter_view())))
            .collect();
        page(rows, query)
    }

    pub(crate) fn list_scim_users_page(&self, query: &ListQuery) -> StorePage<ScimUser> {
        let filter = &query.filter;
        let rows = self.scim_users.values().filter(|u| {
            filter.uidp.matches(&u.uid)
                && filter.matches_identity_provider(&u.uid)
                && filter.scim_users.as_ref().is_none_or(|f| f.matches(u))
        });
        apply_in_memory(rows.cloned(), query, |_| true)
    }

    pub(crate) fn update_scim_user(&mut self, user: &ScimUser, expected_version: i64, event: &NewEvent) -> Result<()> {
        let stored = self.scim_users.get(&user.uid).ok_or_else(|| not_found("SCIM user", &user.uid))?;
        if stored.version != expected_version {
            return Err(version_mismatch("user", &user.uid));
        }
        self.check_user_unique(user)?;
        self.emit(Some(event), EventData::ScimUser(user))?;
        if let Some(identity) = user.identity.as_ref().filter(|_| !user.active) {
            self.forget_refresh_tokens(identity);
        }
        self.scim_users.insert(user.uid.clone(), user.clone());
        Ok(())
    }

    pub(crate) fn link_scim_user(&mut self, uid: &Uidp, identity: &Uidp) {
        if let Some(user) = self.scim_users.get_mut(uid) {
            user.linked_identity = Some(identity.clone());
        }
    }

    pub(crate) fn delete_scim_user(
        &mut self,
        user: &ScimUser,
        expected_version: i64,
        event: &NewEvent,
        identity_event: &NewEvent,
    ) -> Result<()> {
        let stored = self.scim_users.get(&user.uid).ok_or_else(|| not_found("SCIM user", &user.uid))?;
        if stored.version != expected_version {
            return Err(version_mismatch("user", &user.uid));
        }
        let identity = stored.identity.clone();
        self.emit(Some(event), EventData::Empty)?;
        if let Some(identity) = identity.filter(|i| self.identities.contains(i)) {
            self.delete_identity(&identity, identity_event)?;
        }
        for group in self.scim_groups.values_mut() {
            group.members.retain(|m| *m != user.uid);
        }
        self.scim_users.remove(&user.uid);
        Ok(())
    }

    fn check_group(&self, group: &ScimGroup) -> Result<()> {
        let provider = group.provider();
        let name = group.display_name.to_lowercase();
        let clash = self.scim_groups.values().any(|o| {
            o.uid != group.uid && o.uid.parent().as_ref() == Some(&provider) && o.display_name.to_lowercase() == name
        });
        if clash {
            return Err(group_name_taken(group));
        }
        match group.members.iter().find(|m| !self.scim_users.contains_key(*m)) {
            Some(missing) => Err(member_missing(missing)),
            None => Ok(()),
        }
    }

    pub(crate) fn create_scim_group(&mut self, group: &ScimGroup, event: &NewEvent) -> Result<()> {
        let provider = group.provider();
        if !self.identity_providers.contains(&provider) {
            return Err(not_found("identity provider", &provider));
        }
        if self.scim_groups.contains_key(&group.uid) || self.scim_users.contains_key(&group.uid) {
            return Err(Error::AlreadyExists(format!("SCIM group {} already exists", group.uid)));
        }
        self.check_group(group)?;
        self.emit(Some(event), EventData::ScimGroup(group))?;
        self.scim_groups.insert(group.uid.clone(), group.clone());
        Ok(())
    }

    pub(crate) fn get_scim_group(&self, uid: &Uidp) -> Option<ScimGroup> {
        self.scim_groups.get(uid).cloned()
    }

    pub(crate) fn list_scim_groups(&self, provider: &Uidp, query: &ScimQuery) -> ScimPage<ScimGroup> {
        let rows: Vec<&ScimGroup> = self
            .scim_groups
            .values()
            .filter(|g| g.uid.parent().as_ref() == Some(provider))
            .filter(|g| query.filter.as_ref().is_none_or(|f| f.matches(&g.filter_view())))
            .collect();
        page(rows, query)
    }

    pub(crate) fn update_scim_group(
        &mut self,
        group: &ScimGroup,
        expected_version: i64,
        event: &NewEvent,
    ) -> Result<()> {
        let stored = self.scim_groups.get(&group.uid).ok_or_else(|| not_found("SCIM group", &group.uid))?;
        if stored.version != expected_version {
            return Err(version_mismatch("group", &group.uid));
        }
        self.check_group(group)?;
        self.emit(Some(event), EventData::ScimGroup(group))?;
        self.scim_groups.insert(group.uid.clone(), group.clone());
        Ok(())
    }

    pub(crate) fn delete_scim_group(&mut self, uid: &Uidp, expected_version: i64, event: &NewEvent) -> Result<()> {
        let stored = self.scim_groups.get(uid).ok_or_else(|| not_found("SCIM group", uid))?;
        if stored.version != expected_version {
            return Err(version_mismatch("group", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.scim_groups.remove(uid);
        Ok(())
    }

    pub(crate) fn scim_group_names_of(&self, provider: &Uidp, external_id: &str) -> Vec<String> {
        let Some(user) = self.find_scim_user(provider, external_id) else { return Vec::new() };
        let mut names: Vec<String> = self
            .scim_groups
            .values()
            .filter(|g| g.members.contains(&user.uid))
            .map(|g| g.display_name.clone())
            .collect();
        names.sort();
        names
    }

    /// True when `identity` is a provisioned user its provider deactivated: its grants are
    /// then refused like those of an identity that does not exist.
    pub(crate) fn is_deactivated_person(&self, identity: &Uidp) -> bool {
        identity.is_root() && self.scim_users.values().any(|u| !u.active && u.identity.as_ref() == Some(identity))
    }

    /// Drops the users and groups of a deleted identity provider.
    pub(crate) fn forget_scim_directory(&mut self, provider: &Uidp) {
        self.scim_users.retain(|uid, _| uid.parent().as_ref() != Some(provider));
        self.scim_groups.retain(|uid, _| uid.parent().as_ref() != Some(provider));
    }
}
