//! One collection of rows keyed by uid, with the per-parent unique-name index that backs
//! both uniqueness checks and "does this group have direct children" questions.

use std::collections::{BTreeMap, BTreeSet};

use grove_domain::listing::UidpFilter;
use grove_domain::Uidp;

/// A row kept in a [`Table`].
pub(crate) trait Row: Clone {
    /// The row's uid (the primary key).
    fn uid(&self) -> &Uidp;
    /// The key that must be unique among rows with the same parent (the name, or for role
    /// bindings the identity and role pair).
    fn unique_name(&self) -> String;
}

/// The parent uid as an index key; root rows share the empty parent.
pub(crate) fn parent_key(uid: &Uidp) -> String {
    uid.parent().map(String::from).unwrap_or_default()
}

/// Rows by uid plus `(parent, unique name) -> uid`.
#[derive(Debug, Clone)]
pub(crate) struct Table<T> {
    rows: BTreeMap<String, T>,
    names: BTreeMap<(String, String), String>,
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Self { rows: BTreeMap::new(), names: BTreeMap::new() }
    }
}

impl<T: Row> Table<T> {
    /// The row with `uid`.
    pub(crate) fn get(&self, uid: &Uidp) -> Option<&T> {
        self.rows.get(uid.as_str())
    }

    /// The row whose uid is the text `uid`.
    pub(crate) fn get_str(&self, uid: &str) -> Option<&T> {
        self.rows.get(uid)
    }

    /// True when a row has `uid`.
    pub(crate) fn contains(&self, uid: &Uidp) -> bool {
        self.rows.contains_key(uid.as_str())
    }

    /// The uid of the row below `parent` (`""` for root rows) whose unique name is `name`.
    pub(crate) fn uid_by_name(&self, parent: &str, name: &str) -> Option<&str> {
        self.names.get(&(parent.to_owned(), name.to_owned())).map(String::as_str)
    }

    /// True when a row other than `row` (by uid) holds `row`'s unique name in its parent.
    pub(crate) fn name_taken_by_other(&self, row: &T) -> bool {
        self.uid_by_name(&parent_key(row.uid()), &row.unique_name()).is_some_and(|uid| uid != row.uid().as_str())
    }

    /// The uids of the rows whose parent is exactly `parent`, in uid order.
    pub(crate) fn children_of(&self, parent: &Uidp) -> Vec<Uidp> {
        let mut uids: Vec<Uidp> = self.direct_children(parent).map(|row| row.uid().clone()).collect();
        uids.sort();
        uids
    }

    /// True when some row's parent is exactly `parent`.
    pub(crate) fn has_children(&self, parent: &Uidp) -> bool {
        self.direct_children(parent).next().is_some()
    }

    fn direct_children<'a>(&'a self, parent: &Uidp) -> impl Iterator<Item = &'a T> + 'a {
        let parent = parent.as_str().to_owned();
        self.names
            .range((parent.clone(), String::new())..)
            .take_while(move |((p, _), _)| *p == parent)
            .filter_map(|(_, uid)| self.rows.get(uid))
    }

    /// Adds a row whose uid and unique name the caller has checked to be free.
    pub(crate) fn insert(&mut self, row: T) {
        let uid = row.uid().as_str().to_owned();
        self.names.insert((parent_key(row.uid()), row.unique_name()), uid.clone());
        self.rows.insert(uid, row);
    }

    /// Replaces the row with the same uid (whose new unique name the caller has checked).
    pub(crate) fn replace(&mut self, row: T) {
        self.remove(row.uid());
        self.insert(row);
    }

    /// Removes and returns the row with `uid`.
    pub(crate) fn remove(&mut self, uid: &Uidp) -> Option<T> {
        let row = self.rows.remove(uid.as_str())?;
        self.names.remove(&(parent_key(uid), row.unique_name()));
        Some(row)
    }

    /// The rows a uidp filter can possibly select, narrowed through the uid order: exact
    /// lookups for `ids`, the key range `X/`..`X0` for `children_of`/`descendants_of`
    /// (every uid strictly below `X` starts with `X/`, and `'0'` follows `'/'`), all rows
    /// otherwise. Callers still apply the whole filter to what comes back.
    pub(crate) fn candidates<'a>(&'a self, filter: &UidpFilter) -> Box<dyn Iterator<Item = &'a T> + 'a> {
        if !filter.ids.is_empty() {
            let ids: BTreeSet<&str> = filter.ids.iter().map(Uidp::as_str).collect();
            let rows: Vec<&T> = ids.into_iter().filter_map(|id| self.rows.get(id)).collect();
            return Box::new(rows.into_iter());
        }
        match filter.children_of.as_ref().or(filter.descendants_of.as_ref()) {
            Some(below) => {
                let start = format!("{below}/");
                let end = format!("{below}0");
                Box::new(self.rows.range(start..end).map(|(_, row)| row))
            }
            None => Box::new(self.rows.values()),
        }
    }
}

#[cfg(test)]
mod tests {
    use grove_domain::listing::UidpFilter;
    use grove_domain::model::Group;
    use grove_test_support::fixtures;

    use super::*;

    fn table(groups: &[&Group]) -> Table<Group> {
        let mut table = Table::default();
        for group in groups {
            table.insert((*group).clone());
        }
        table
    }

    #[test]
    fn children_are_direct_children_only() {
        let org = fixtures::group(None, "acme");
        let team = fixtures::group(Some(&org.uid), "team");
        let sub = fixtures::group(Some(&team.uid), "sub");
        let table = table(&[&org, &team, &sub]);
        assert_eq!(table.children_of(&org.uid), vec![team.uid.clone()]);
        assert!(table.has_children(&team.uid));
        assert!(!table.has_children(&sub.uid));
    }

    #[test]
    fn candidates_narrow_by_uid_range_and_ids() {
        let org = fixtures::group(None, "acme");
        let team = fixtures::group(Some(&org.uid), "team");
        let other = fixtures::group(None, "globex");
        let table = table(&[&org, &team, &other]);
        let below = UidpFilter { descendants_of: Some(org.uid.clone()), ..UidpFilter::default() };
        let found: Vec<&Uidp> = table.candidates(&below).map(|g| &g.uid).collect();
        assert_eq!(found, vec![&team.uid]);
        let ids =
            UidpFilter { ids: vec![other.uid.clone(), org.uid.clone(), other.uid.clone()], ..UidpFilter::default() };
        assert_eq!(table.candidates(&ids).count(), 2);
        assert_eq!(table.candidates(&UidpFilter::default()).count(), 3);
    }

    #[test]
    fn removing_a_row_frees_its_name() {
        let org = fixtures::group(None, "acme");
        let mut table = table(&[&org]);
        assert_eq!(table.uid_by_name("", "acme"), Some(org.uid.as_str()));
        assert!(table.remove(&org.uid).is_some());
        assert_eq!(table.uid_by_name("", "acme"), None);
        assert!(table.remove(&org.uid).is_none());
    }
}
