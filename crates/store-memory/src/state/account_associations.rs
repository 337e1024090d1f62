//! Account associations in the memory store: at most one per group, keyed by the group's
//! uid, removed with their group.

use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{apply_in_memory, ListQuery, StorePage};
use grove_domain::model::AccountAssociation;
use grove_domain::{Result, Uidp};

use super::{duplicate_uid, not_found, State};
use crate::table::Row;

const KIND: &str = "account association";

impl Row for AccountAssociation {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // Names need not be unique: the uid is the only key.
    fn unique_name(&self) -> String {
        self.uid.to_string()
    }
}

impl State {
    pub(crate) fn create_account_association(
        &mut self,
        association: &AccountAssociation,
        event: &NewEvent,
    ) -> Result<()> {
        if !self.groups.contains(&association.uid) {
            return Err(not_found("group", &association.uid));
        }
        if self.associations.contains(&association.uid) {
            return Err(duplicate_uid(KIND, &association.uid));
        }
        self.emit(Some(event), EventData::AccountAssociation(association))?;
        self.associations.insert(association.clone());
        Ok(())
    }

    pub(crate) fn get_account_association(&self, uid: &Uidp) -> Option<AccountAssociation> {
        self.associations.get(uid).cloned()
    }

    pub(crate) fn list_account_associations(&self, query: &ListQuery) -> StorePage<AccountAssociation> {
        let filter = &query.filter;
        let matches = |a: &AccountAssociation| {
            filter.uidp.matches(&a.uid)
                && filter.name.as_deref().is_none_or(|n| a.name.as_str() == n)
                && filter.group.as_ref().is_none_or(|g| *g == a.uid)
        };
        let rows: Vec<AccountAssociation> = self
            .associations
            .candidates(&filter.uidp)
            .filter(|a| query.visibility.allows(&a.uid) && matches(a))
            .cloned()
            .collect();
        apply_in_memory(rows.into_iter(), query, matches)
    }

    pub(crate) fn update_account_association(
        &mut self,
        association: &AccountAssociation,
        event: &NewEvent,
    ) -> Result<()> {
        if !self.associations.contains(&association.uid) {
            return Err(not_found(KIND, &association.uid));
        }
        self.emit(Some(event), EventData::AccountAssociation(association))?;
        self.associations.replace(association.clone());
        Ok(())
    }

    pub(crate) fn delete_account_association(&mut self, uid: &Uidp, event: &NewEvent) -> Result<bool> {
        if !self.associations.contains(uid) {
            return Ok(false);
        }
        self.emit(Some(event), EventData::Empty)?;
        self.associations.remove(uid);
        Ok(true)
    }
}
