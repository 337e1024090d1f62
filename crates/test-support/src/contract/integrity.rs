//! Integrity on write: unique names, unique uids, existing parents and references, and
//! `NOT_FOUND` for updates of rows that are not there.

use crate::ev;
use std::sync::Arc;

use grove_domain::builtin::{EDITOR, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::listing::UidpFilter;
use grove_domain::model::{Group, Identity, Repo, Role, RoleBinding, Tag};
use grove_domain::ports::Store;
use grove_domain::{Error, Uidp};

use super::{display_name, group_name, list_uids, name_taken, not_found, repo_name, tag_name, uid_taken, uidp, Setup};
use crate::fixtures::{self, child_uid, root_uid};

/// A second group with a sibling's name is `ALREADY_EXISTS`; the same name elsewhere, and
/// a different name, are fine.
pub async fn group_names_are_unique_among_siblings(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme").await;
    let globex = s.group(None, "globex").await;
    let team = s.group(Some(&acme.uid), "team").await;

    let twin = Group { uid: child_uid(&acme.uid, "group", "twin"), ..fixtures::group(Some(&acme.uid), "team") };
    assert_eq!(store.create_group(&twin, &ev()).await, Err(name_taken("a group", "team", "group", &acme.uid)));
    assert_eq!(store.get_group(&twin.uid).await.expect("get"), None);

    s.group(Some(&globex.uid), "team").await;
    s.group(Some(&team.uid), "team").await;
    s.group(Some(&acme.uid), "team2").await;
    let children = uidp(UidpFilter { children_of: Some(acme.uid.clone()), ..UidpFilter::default() });
    assert_eq!(list_uids::<Group>(&*store, children).await.1, 2);
}

/// Organization names are unique among organizations; a nested group may reuse one.
pub async fn organization_names_are_unique(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme").await;
    let twin = Group { uid: root_uid("acme-twin"), ..fixtures::group(None, "acme") };
    assert_eq!(
        store.create_group(&twin, &ev()).await,
        Err(Error::AlreadyExists("an organization named \"acme\" already exists".to_owned()))
    );
    s.group(Some(&acme.uid), "acme").await;
}

/// Identity names are unique within their group, compared exactly.
pub async fn identity_names_are_unique_within_their_group(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    s.identity(&org.uid, "ci").await;

    let twin = Identity { uid: child_uid(&org.uid, "identity", "twin"), ..fixtures::identity(&org.uid, "ci") };
    assert_eq!(store.create_identity(&twin, &ev()).await, Err(name_taken("an identity", "ci", "group", &org.uid)));
    s.identity(&team.uid, "ci").await;
    s.identity(&org.uid, "CI").await;
    s.identity(&org.uid, "ci ").await;
}

/// Custom role names are unique within their group; built-in names are free to reuse.
pub async fn role_names_are_unique_within_their_group(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    s.role(&org.uid, "puller", &[Capability::RepoList]).await;

    let twin = Role { uid: child_uid(&org.uid, "role", "twin"), ..fixtures::role(&org.uid, "puller", &[]) };
    assert_eq!(store.create_role(&twin, &ev()).await, Err(name_taken("a role", "puller", "group", &org.uid)));
    s.role(&team.uid, "puller", &[]).await;
    s.role(&org.uid, "owner", &[]).await;
    s.role(&org.uid, "viewer", &[]).await;
}

/// Repo names are unique within their group.
pub async fn repo_names_are_unique_within_their_group(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    s.repo(&org.uid, "nginx").await;

    let twin = Repo { uid: child_uid(&org.uid, "repo", "twin"), ..fixtures::repo(&org.uid, "nginx") };
    assert_eq!(store.create_repo(&twin, &ev()).await, Err(name_taken("a repo", "nginx", "group", &org.uid)));
    s.repo(&team.uid, "nginx").await;
    s.repo(&org.uid, "nginx/base").await;
}

/// An identity holds a role in a group at most once.
pub async fn role_binding_triples_are_unique(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let viewer = Uidp::from_static(VIEWER);
    s.binding(&org.uid, &ci.uid, &viewer).await;

    let twin =
        RoleBinding { uid: child_uid(&org.uid, "binding", "twin"), ..fixtures::binding(&org.uid, &ci.uid, &viewer) };
    assert_eq!(
        store.create_role_binding(&twin, &ev()).await,
        Err(Error::AlreadyExists(format!("identity {} already holds role {viewer} in group {}", ci.uid, org.uid)))
    );
    s.binding(&team.uid, &ci.uid, &viewer).await;
    s.binding(&org.uid, &ci.uid, &Uidp::from_static(EDITOR)).await;
}

/// Tag names are unique within their repo: a rename onto another tag is `ALREADY_EXISTS`.
pub async fn tag_names_are_unique_within_their_repo(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let nginx = s.repo(&org.uid, "nginx").await;
    let redis = s.repo(&org.uid, "redis").await;
    s.tag(&nginx.uid, "latest", 'a').await;
    let stable = s.tag(&nginx.uid, "stable", 'b').await;
    s.tag(&redis.uid, "latest", 'c').await;

    let renamed = Tag { name: tag_name("latest"), ..stable.clone() };
    assert_eq!(store.update_tag(&renamed, &ev()).await, Err(name_taken("a tag", "latest", "repo", &nginx.uid)));
    assert_eq!(store.get_tag(&stable.uid).await.expect("get"), Some(stable));
}

/// Every update that would give a row a name (or binding pair) another row holds is
/// `ALREADY_EXISTS`; keeping one's own name is fine.
pub async fn updates_reject_name_clashes(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme").await;
    let globex = s.group(None, "globex").await;
    let a = s.group(Some(&acme.uid), "a").await;
    let b = s.group(Some(&acme.uid), "b").await;
    let ci = s.identity(&acme.uid, "ci").await;
    let cd = s.identity(&acme.uid, "cd").await;
    let puller = s.role(&acme.uid, "puller", &[]).await;
    let pusher = s.role(&acme.uid, "pusher", &[]).await;
    let nginx = s.repo(&acme.uid, "nginx").await;
    let redis = s.repo(&acme.uid, "redis").await;
    let viewer = Uidp::from_static(VIEWER);
    s.binding(&acme.uid, &ci.uid, &viewer).await;
    let cd_binding = s.binding(&acme.uid, &cd.uid, &viewer).await;

    let clash = Group { name: group_name("a"), ..b.clone() };
    assert_eq!(store.update_group(&clash, &ev()).await, Err(name_taken("a group", "a", "group", &acme.uid)));
    let clash = Group { name: group_name("acme"), ..globex.clone() };
    assert_eq!(
        store.update_group(&clash, &ev()).await,
        Err(Error::AlreadyExists("an organization named \"acme\" already exists".to_owned()))
    );
    let clash = Identity { name: display_name("ci"), ..cd.clone() };
    assert_eq!(store.update_identity(&clash, &ev()).await, Err(name_taken("an identity", "ci", "group", &acme.uid)));
    let clash = Role { name: display_name("puller"), ..pusher.clone() };
    assert_eq!(store.update_role(&clash, &ev()).await, Err(name_taken("a role", "puller", "group", &acme.uid)));
    let clash = Repo { name: repo_name("nginx"), ..redis.clone() };
    assert_eq!(store.update_repo(&clash, &ev()).await, Err(name_taken("a repo", "nginx", "group", &acme.uid)));
    let clash = RoleBinding { identity_uid: ci.uid.clone(), ..cd_binding.clone() };
    assert_eq!(
        store.update_role_binding(&clash, &ev()).await,
        Err(Error::AlreadyExists(format!("identity {} already holds role {viewer} in group {}", ci.uid, acme.uid)))
    );

    // Unchanged names are no clash with oneself.
    store.update_group(&a, &ev()).await.expect("same group name");
    store.update_group(&acme, &ev()).await.expect("same organization name");
    store.update_identity(&ci, &ev()).await.expect("same identity name");
    store.update_role(&puller, &ev()).await.expect("same role name");
    store.update_repo(&nginx, &ev()).await.expect("same repo name");
    store.update_role_binding(&cd_binding, &ev()).await.expect("same binding pair");
    assert_eq!(store.get_group(&b.uid).await.expect("get"), Some(b));
    assert_eq!(store.get_identity(&cd.uid).await.expect("get"), Some(cd));
}

/// A uid that is already taken is `ALREADY_EXISTS`, whatever the other fields say.
pub async fn duplicate_uids_are_already_exists(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let puller = s.role(&org.uid, "puller", &[]).await;
    let binding = s.binding(&org.uid, &ci.uid, &Uidp::from_static(VIEWER)).await;
    let repo = s.repo(&org.uid, "nginx").await;
    let tag = s.tag(&repo.uid, "latest", 'a').await;

    let dup = Group { name: group_name("other"), ..org.clone() };
    assert_eq!(store.create_group(&dup, &ev()).await, Err(uid_taken("group", &org.uid)));
    let dup = Group { name: group_name("other"), ..team.clone() };
    assert_eq!(store.create_group(&dup, &ev()).await, Err(uid_taken("group", &team.uid)));
    let dup = Identity { name: display_name("other"), ..ci.clone() };
    assert_eq!(store.create_identity(&dup, &ev()).await, Err(uid_taken("identity", &ci.uid)));
    let dup = Role { name: display_name("other"), ..puller.clone() };
    assert_eq!(store.create_role(&dup, &ev()).await, Err(uid_taken("role", &puller.uid)));
    let dup = RoleBinding { role_uid: Uidp::from_static(EDITOR), ..binding.clone() };
    assert_eq!(store.create_role_binding(&dup, &ev()).await, Err(uid_taken("role binding", &binding.uid)));
    let dup = Repo { name: repo_name("other"), ..repo.clone() };
    assert_eq!(store.create_repo(&dup, &ev()).await, Err(uid_taken("repo", &repo.uid)));
    let dup = Tag { name: tag_name("other"), ..tag.clone() };
    assert_eq!(store.put_tag(&dup, &ev()).await, Err(uid_taken("tag", &tag.uid)));
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), Some(tag));
}

/// Creating anything below a group that does not exist is `NOT_FOUND` naming that group.
pub async fn create_under_missing_group_is_not_found(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;
    let ghost = child_uid(&org.uid, "group", "ghost");
    let no_org = root_uid("nowhere");

    let missing = not_found("group", &ghost);
    assert_eq!(store.create_group(&fixtures::group(Some(&ghost), "team"), &ev()).await, Err(missing.clone()));
    assert_eq!(store.create_identity(&fixtures::identity(&ghost, "ci"), &ev()).await, Err(missing.clone()));
    assert_eq!(store.create_role(&fixtures::role(&ghost, "puller", &[]), &ev()).await, Err(missing.clone()));
    assert_eq!(store.create_repo(&fixtures::repo(&ghost, "nginx"), &ev()).await, Err(missing.clone()));
    let binding = fixtures::binding(&ghost, &ci.uid, &Uidp::from_static(VIEWER));
    assert_eq!(store.create_role_binding(&binding, &ev()).await, Err(missing));
    assert_eq!(
        store.create_group(&fixtures::group(Some(&no_org), "team"), &ev()).await,
        Err(not_found("group", &no_org))
    );
    let below = uidp(UidpFilter { descendants_of: Some(org.uid.clone()), ..UidpFilter::default() });
    assert_eq!(list_uids::<Group>(&*store, below).await, (vec![], 0));
}

/// Putting a tag into a repo that does not exist is `NOT_FOUND` naming the repo.
pub async fn put_tag_in_missing_repo_is_not_found(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ghost = child_uid(&org.uid, "repo", "ghost");
    let tag = fixtures::tag(&ghost, "latest", 'a');
    assert_eq!(store.put_tag(&tag, &ev()).await, Err(not_found("repo", &ghost)));
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), None);
}

/// A binding's identity and role must exist, on create and on update.
pub async fn role_bindings_require_existing_identity_and_role(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;
    let ghost_identity = child_uid(&org.uid, "identity", "ghost");
    let ghost_role = child_uid(&org.uid, "role", "ghost");
    let viewer = Uidp::from_static(VIEWER);

    let binding = fixtures::binding(&org.uid, &ghost_identity, &viewer);
    assert_eq!(store.create_role_binding(&binding, &ev()).await, Err(not_found("identity", &ghost_identity)));
    let binding = fixtures::binding(&org.uid, &ci.uid, &ghost_role);
    assert_eq!(store.create_role_binding(&binding, &ev()).await, Err(not_found("role", &ghost_role)));

    let binding = s.binding(&org.uid, &ci.uid, &viewer).await;
    let before = store.get_role_binding(&binding.uid).await.expect("get");
    let repoint = RoleBinding { identity_uid: ghost_identity.clone(), ..binding.clone() };
    assert_eq!(store.update_role_binding(&repoint, &ev()).await, Err(not_found("identity", &ghost_identity)));
    let repoint = RoleBinding { role_uid: ghost_role.clone(), ..binding.clone() };
    assert_eq!(store.update_role_binding(&repoint, &ev()).await, Err(not_found("role", &ghost_role)));
    assert_eq!(store.get_role_binding(&binding.uid).await.expect("get"), before);
}

/// Updating a row that does not exist is `NOT_FOUND` and creates nothing.
pub async fn updates_of_missing_rows_are_not_found(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;
    let repo = s.repo(&org.uid, "nginx").await;

    let group = fixtures::group(Some(&org.uid), "ghost");
    assert_eq!(store.update_group(&group, &ev()).await, Err(not_found("group", &group.uid)));
    assert_eq!(store.get_group(&group.uid).await.expect("get"), None);
    let identity = fixtures::identity(&org.uid, "ghost");
    assert_eq!(store.update_identity(&identity, &ev()).await, Err(not_found("identity", &identity.uid)));
    let role = fixtures::role(&org.uid, "ghost", &[]);
    assert_eq!(store.update_role(&role, &ev()).await, Err(not_found("role", &role.uid)));
    let binding = fixtures::binding(&org.uid, &ci.uid, &Uidp::from_static(VIEWER));
    assert_eq!(store.update_role_binding(&binding, &ev()).await, Err(not_found("role binding", &binding.uid)));
    assert_eq!(store.get_role_binding(&binding.uid).await.expect("get"), None);
    let ghost_repo = fixtures::repo(&org.uid, "ghost");
    assert_eq!(store.update_repo(&ghost_repo, &ev()).await, Err(not_found("repo", &ghost_repo.uid)));
    let tag = fixtures::tag(&repo.uid, "ghost", 'a');
    assert_eq!(store.update_tag(&tag, &ev()).await, Err(not_found("tag", &tag.uid)));
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), None);
}
