//! The console's pages, one module per resource; each handler signs the caller in, calls
//! the same domain service the API calls, and renders what came back (or the refusal).

pub(crate) mod account_associations;
pub(crate) mod advisories;
pub(crate) mod audit;
pub(crate) mod dead_letters;
pub(crate) mod group;
pub(crate) mod groups;
pub(crate) mod identities;
pub(crate) mod invites;
pub(crate) mod providers;
pub(crate) mod registry;
pub(crate) mod roles;
pub(crate) mod subscriptions;

use grove_domain::authz::Principal;
use grove_domain::capability::Capability;
use grove_domain::listing::{ListFilter, PageRequest, UidpFilter};
use grove_domain::model::Group;
use grove_domain::services::Services;
use grove_domain::Uidp;

/// The form of a write on one resource named by its uid (every delete and revoke): the CSRF
/// token and the uid.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct UidForm {
    /// The session's CSRF token.
    pub(crate) csrf: Option<String>,
    /// The resource.
    pub(crate) uid: String,
}

/// Most top-level groups (the caller's scopes) a page shows.
const MAX_TOP: usize = 200;

/// A page request of `size` items from `token`, sorted by `order`.
pub(crate) fn page_of(size: i64, token: Option<&str>, order: Option<&str>) -> PageRequest {
    PageRequest {
        page_size: Some(size),
        page_token: token.filter(|t| !t.is_empty()).map(str::to_owned),
        order_by: order.map(str::to_owned),
        skip: None,
    }
}

/// The filter for what is directly below `uid`.
pub(crate) fn children_of(uid: &Uidp) -> ListFilter {
    ListFilter { uidp: UidpFilter { children_of: Some(uid.clone()), ..UidpFilter::default() }, ..ListFilter::default() }
}

/// The filter for what is anywhere below `uid`.
pub(crate) fn below(uid: &Uidp) -> ListFilter {
    ListFilter {
        uidp: UidpFilter { descendants_of: Some(uid.clone()), ..UidpFilter::default() },
        ..ListFilter::default()
    }
}

/// The topmost groups the caller may list (the groups of its bindings, none inside
/// another), sorted by name: where the tree and the group pickers start.
pub(crate) async fn top_groups(services: &Services, caller: &Principal) -> Vec<Group> {
    let scopes = caller.scopes(Capability::GroupsList);
    let mut groups = Vec::new();
    for uid in scopes.as_slice().iter().take(MAX_TOP) {
        if let Ok(g) = services.groups.get(caller, uid.as_str()).await {
            groups.push(g);
        }
    }
    groups.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()).then_with(|| a.uid.cmp(&b.uid)));
    groups
}

/// `<option>`s of `groups`, `selected` marked.
pub(crate) fn group_options(groups: &[Group], selected: Option<&Uidp>) -> String {
    use crate::html::esc;
    groups
        .iter()
        .map(|g| {
            let sel = if Some(&g.uid) == selected { " selected" } else { "" };
            format!(r#"<option value="{}"{sel}>{}</option>"#, esc(g.uid.as_str()), esc(g.name.as_str()))
        })
        .collect()
}
