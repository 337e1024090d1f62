//! Deletes: refusals while children or users remain, and what goes along with a delete.

use crate::ev;
use std::sync::Arc;

use grove_domain::builtin::{EDITOR, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::listing::ListFilter;
use grove_domain::model::RoleBindingView;
use grove_domain::ports::Store;
use grove_domain::{Error, Uidp};

use super::{list_uids, not_found, Setup};
use crate::fixtures::child_uid;

fn not_empty(kind: &str) -> Error {
    Error::not_empty(format!("cannot delete group with child {kind}"))
}

/// A group with children is not deleted; the error names the first kind present in the
/// order repos, groups, identities, roles. Once empty, it goes.
pub async fn delete_group_names_child_kinds_in_order(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let role = s.role(&team.uid, "puller", &[Capability::RepoList]).await;
    let identity = s.identity(&team.uid, "ci").await;
    let child = s.group(Some(&team.uid), "child").await;
    let repo = s.repo(&team.uid, "nginx").await;
    let binding = s.binding(&team.uid, &identity.uid, &role.uid).await;

    assert_eq!(store.delete_group(&team.uid, &ev()).await, Err(not_empty("repos")));
    store.delete_repo(&repo.uid, &ev()).await.expect("delete repo");
    assert_eq!(store.delete_group(&team.uid, &ev()).await, Err(not_empty("groups")));
    store.delete_group(&child.uid, &ev()).await.expect("delete child group");
    assert_eq!(store.delete_group(&team.uid, &ev()).await, Err(not_empty("identities")));
    store.delete_identity(&identity.uid, &ev()).await.expect("delete identity");
    assert_eq!(store.get_role_binding(&binding.uid).await.expect("get"), None);
    assert_eq!(store.delete_group(&team.uid, &ev()).await, Err(not_empty("roles")));
    store.delete_role(&role.uid, &ev()).await.expect("delete role");

    store.delete_group(&team.uid, &ev()).await.expect("delete the empty group");
    assert_eq!(store.get_group(&team.uid).await.expect("get"), None);
    assert_eq!(store.get_group(&org.uid).await.expect("get"), Some(org));
}

/// Only direct children count: a group whose only child is a group reports `groups` even
/// when repos and identities live further down.
pub async fn delete_group_checks_direct_children_only(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    s.identity(&team.uid, "ci").await;
    s.repo(&team.uid, "nginx").await;

    assert_eq!(store.delete_group(&org.uid, &ev()).await, Err(not_empty("groups")));
    assert_eq!(store.delete_group(&team.uid, &ev()).await, Err(not_empty("repos")));
    assert!(store.get_group(&org.uid).await.expect("get").is_some());
}

/// The role bindings in a group are deleted with it; bindings elsewhere stay.
pub async fn delete_group_removes_its_role_bindings(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let admin = s.identity(&org.uid, "admin").await;
    let in_org = s.binding(&org.uid, &admin.uid, &Uidp::from_static(VIEWER)).await;
    let in_team = s.binding(&team.uid, &admin.uid, &Uidp::from_static(EDITOR)).await;

    store.delete_group(&team.uid, &ev()).await.expect("delete team");

    assert_eq!(store.get_role_binding(&in_team.uid).await.expect("get"), None);
    assert_eq!(list_uids::<RoleBindingView>(&*store, ListFilter::default()).await, (vec![in_org.uid.clone()], 1));
    let grants = store.grants_of(&admin.uid).await.expect("grants").expect("admin exists");
    assert_eq!(grants.iter().map(|g| g.group.clone()).collect::<Vec<_>>(), vec![org.uid.clone()]);
    // Its bindings do not block the delete, and nothing refers to the gone group.
    assert_eq!(store.delete_role_binding(&in_team.uid, &ev()).await, Ok(false));
}

/// Deleting an identity deletes every binding of it, in any group, and nothing else.
pub async fn delete_identity_removes_its_role_bindings(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let cd = s.identity(&org.uid, "cd").await;
    let viewer = Uidp::from_static(VIEWER);
    let ci_org = s.binding(&org.uid, &ci.uid, &viewer).await;
    let ci_team = s.binding(&team.uid, &ci.uid, &viewer).await;
    let cd_org = s.binding(&org.uid, &cd.uid, &viewer).await;

    store.delete_identity(&ci.uid, &ev()).await.expect("delete ci");

    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), None);
    assert_eq!(store.get_role_binding(&ci_org.uid).await.expect("get"), None);
    assert_eq!(store.get_role_binding(&ci_team.uid).await.expect("get"), None);
    assert_eq!(list_uids::<RoleBindingView>(&*store, ListFilter::default()).await, (vec![cd_org.uid.clone()], 1));
    assert_eq!(store.grants_of(&ci.uid).await.expect("grants"), None, "ci no longer exists");
    assert_eq!(store.grants_of(&cd.uid).await.expect("grants").map(|g| g.len()), Some(1));
}

/// A role that a binding uses is not deleted; once unbound it is.
pub async fn delete_role_in_use_fails(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let puller = s.role(&org.uid, "puller", &[Capability::RepoList]).await;
    let binding = s.binding(&team.uid, &ci.uid, &puller.uid).await;

    assert_eq!(
        store.delete_role(&puller.uid, &ev()).await,
        Err(Error::precondition("RESOURCE_IN_USE", "cannot delete role that is bound to identities"))
    );
    assert!(store.get_role(&puller.uid).await.expect("get").is_some());

    assert_eq!(store.delete_role_binding(&binding.uid, &ev()).await, Ok(true));
    store.delete_role(&puller.uid, &ev()).await.expect("delete the unbound role");
    assert_eq!(store.get_role(&puller.uid).await.expect("get"), None);
}

/// A repo with tags is not deleted; once empty it is.
pub async fn delete_repo_with_tags_fails(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let tag = s.tag(&repo.uid, "latest", 'a').await;

    assert_eq!(store.delete_repo(&repo.uid, &ev()).await, Err(Error::not_empty("cannot delete repo with child tags")));
    assert!(store.get_repo(&repo.uid).await.expect("get").is_some());

    store.delete_tag(&tag.uid, &ev()).await.expect("delete tag");
    store.delete_repo(&repo.uid, &ev()).await.expect("delete the empty repo");
    assert_eq!(store.get_repo(&repo.uid).await.expect("get"), None);
}

/// Deleting what is not there is `NOT_FOUND`, except for bindings, which report `false`.
pub async fn deletes_of_missing_rows_are_not_found(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;

    let ghost = child_uid(&org.uid, "group", "ghost");
    assert_eq!(store.delete_group(&ghost, &ev()).await, Err(not_found("group", &ghost)));
    let ghost = child_uid(&org.uid, "identity", "ghost");
    assert_eq!(store.delete_identity(&ghost, &ev()).await, Err(not_found("identity", &ghost)));
    let ghost = child_uid(&org.uid, "role", "ghost");
    assert_eq!(store.delete_role(&ghost, &ev()).await, Err(not_found("role", &ghost)));
    let ghost = child_uid(&org.uid, "binding", "ghost");
    assert_eq!(store.delete_role_binding(&ghost, &ev()).await, Ok(false));
    let ghost = child_uid(&org.uid, "repo", "ghost");
    assert_eq!(store.delete_repo(&ghost, &ev()).await, Err(not_found("repo", &ghost)));
    let ghost = child_uid(&repo.uid, "tag", "ghost");
    assert_eq!(store.delete_tag(&ghost, &ev()).await, Err(not_found("tag", &ghost)));
}
