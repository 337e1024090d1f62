//! The authorization matrix at service level, for an identity bound as `viewer` on group
//! A: A's subtree is readable, writes in it are `PERMISSION_DENIED`, and everything outside
//! it (sibling B, the organization above) answers `NOT_FOUND` as if it did not exist.

use grove_domain::error::Error;
use grove_domain::listing::{ListFilter, ListQuery, PageRequest, Visibility};
use grove_domain::services::{GroupInput, IdentityInput, RepoInput, RoleBindingInput, RoleInput, TagInput};

use crate::common::*;

fn scoped_to_a() -> Visibility {
    Visibility { scopes: Some(vec![group_a()].into()), root_level: false }
}

/// A store that refuses every write, so any write attempt fails the test.
fn read_only_store() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_group().never();
    store.expect_create_organization().never();
    store.expect_update_group().never();
    store.expect_delete_group().never();
    store.expect_create_identity().never();
    store.expect_update_identity().never();
    store.expect_delete_identity().never();
    store.expect_create_role().never();
    store.expect_update_role().never();
    store.expect_delete_role().never();
    store.expect_create_role_binding().never();
    store.expect_update_role_binding().never();
    store.expect_delete_role_binding().never();
    store.expect_create_repo().never();
    store.expect_update_repo().never();
    store.expect_delete_repo().never();
    store.expect_put_tag().never();
    store.expect_update_tag().never();
    store.expect_delete_tag().never();
    store
}

#[test]
fn viewer_lists_groups_with_visibility_scoped_to_their_group() {
    let a = group_a();
    let rows = vec![group(&a, "a"), group(&child(&a, "0000000000000001"), "a child")];
    let mut store = read_only_store();
    let returned = rows.clone();
    store
        .expect_list_groups()
        .withf(|q: &ListQuery| q.visibility == scoped_to_a() && q.filter == ListFilter::default())
        .times(1)
        .returning(move |_| Ok(store_page(returned.clone(), 2)));
    let env = env(store);
    let page =
        run(env.services.groups.list(&bound("viewer", &a), ListFilter::default(), &PageRequest::default())).unwrap();
    assert_eq!(page.items, rows);
    assert_eq!(page.total_count, Some(2));
    assert_eq!(page.next_page_token, None);
}

#[test]
fn viewer_lists_of_identities_repos_tags_and_bindings_are_scoped_to_their_group() {
    let mut store = read_only_store();
    store
        .expect_list_identities()
        .withf(|q: &ListQuery| q.visibility == scoped_to_a())
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    store
        .expect_list_repos()
        .withf(|q: &ListQuery| q.visibility == scoped_to_a())
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    store
        .expect_list_tags()
        .withf(|q: &ListQuery| q.visibility == scoped_to_a())
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    store
        .expect_list_role_bindings()
        .withf(|q: &ListQuery| q.visibility == scoped_to_a())
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    let env = env(store);
    let (viewer, page) = (bound("viewer", &group_a()), PageRequest::default());
    let s = &env.services;
    run(s.identities.list(&viewer, ListFilter::default(), &page)).unwrap();
    run(s.repos.list(&viewer, ListFilter::default(), &page)).unwrap();
    run(s.tags.list(&viewer, ListFilter::default(), &page)).unwrap();
    run(s.role_bindings.list(&viewer, ListFilter::default(), &page)).unwrap();
}

#[test]
fn viewer_role_list_shows_their_group_and_the_built_in_roles() {
    let mut store = read_only_store();
    store
        .expect_list_roles()
        .withf(|q: &ListQuery| q.visibility == Visibility { scopes: Some(vec![group_a()].into()), root_level: true })
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    let env = env(store);
    run(env.services.roles.list(&bound("viewer", &group_a()), ListFilter::default(), &PageRequest::default())).unwrap();
}

#[test]
fn caller_without_bindings_lists_an_empty_scope_not_everything() {
    let mut store = read_only_store();
    store
        .expect_list_groups()
        .withf(|q: &ListQuery| q.visibility == Visibility { scopes: Some(Vec::new().into()), root_level: false })
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    let env = env(store);
    let page = run(env.services.groups.list(&nobody(), ListFilter::default(), &PageRequest::default())).unwrap();
    assert_eq!(page.items, Vec::new());
    assert_eq!(page.total_count, Some(0));
}

#[test]
fn viewer_gets_their_group_and_its_descendants() {
    let a = group_a();
    let deep = child(&child(&a, "0000000000000001"), "0000000000000002");
    let mut store = read_only_store();
    store.expect_get_group().times(2).returning(|uid| Ok(Some(group(uid, "g"))));
    let repo_uid = child(&a, "0000000000000003");
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    let env = env(store);
    let viewer = bound("viewer", &a);
    assert_eq!(run(env.services.groups.get(&viewer, a.as_str())).unwrap().uid, a);
    assert_eq!(run(env.services.groups.get(&viewer, deep.as_str())).unwrap().uid, deep);
    assert_eq!(run(env.services.repos.get(&viewer, repo_uid.as_str())).unwrap().uid, repo_uid);
}

#[test]
fn viewer_writes_inside_their_group_are_permission_denied() {
    let a = group_a();
    let mut store = read_only_store();
    store.expect_get_group().never();
    let env = env(store);
    let (s, viewer) = (&env.services, bound("viewer", &a));
    let denied = |cap: &str| Error::PermissionDenied(format!("the caller lacks {cap} on {a}"));

    let group_body = GroupInput { name: Some("team".to_owned()), description: None };
    assert_eq!(
        run(s.groups.create(&viewer, Some(a.as_str()), group_body.clone())).unwrap_err(),
        denied("groups.create")
    );
    assert_eq!(run(s.groups.update(&viewer, a.as_str(), group_body)).unwrap_err(), denied("groups.update"));
    assert_eq!(run(s.groups.delete(&viewer, a.as_str())).unwrap_err(), denied("groups.delete"));
    let role_body =
        RoleInput { name: Some("r".to_owned()), description: None, capabilities: Some(vec!["groups.list".to_owned()]) };
    assert_eq!(run(s.roles.create(&viewer, a.as_str(), role_body)).unwrap_err(), denied("roles.create"));
    let repo_body = RepoInput { name: Some("nginx".to_owned()), ..RepoInput::default() };
    assert_eq!(run(s.repos.create(&viewer, a.as_str(), repo_body)).unwrap_err(), denied("repo.create"));
    let binding_body = RoleBindingInput {
        identity_uid: Some(caller_uid().to_string()),
        role_uid: Some(grove_domain::builtin::VIEWER.to_owned()),
    };
    assert_eq!(
        run(s.role_bindings.create(&viewer, a.as_str(), binding_body)).unwrap_err(),
        denied("role_bindings.create")
    );
    assert_eq!(denied("groups.create").code().number(), 7);
}

#[test]
fn viewer_sees_nothing_under_sibling_group_b() {
    let b = group_b();
    let in_b = child(&b, "0000000000000001");
    let mut store = read_only_store();
    store.expect_get_group().never();
    store.expect_get_identity().never();
    store.expect_get_role().never();
    store.expect_get_role_binding().never();
    store.expect_get_repo().never();
    store.expect_get_tag().never();
    let env = env(store);
    let (s, viewer) = (&env.services, bound("viewer", &group_a()));
    let missing = |kind: &str, uid: &grove_domain::Uidp| Error::NotFound(format!("{kind} {uid} does not exist"));

    assert_eq!(run(s.groups.get(&viewer, b.as_str())).unwrap_err(), missing("group", &b));
    assert_eq!(run(s.groups.get(&viewer, in_b.as_str())).unwrap_err(), missing("group", &in_b));
    let group_body = GroupInput { name: Some("team".to_owned()), description: None };
    assert_eq!(run(s.groups.create(&viewer, Some(b.as_str()), group_body.clone())).unwrap_err(), missing("group", &b));
    assert_eq!(run(s.groups.update(&viewer, b.as_str(), group_body)).unwrap_err(), missing("group", &b));
    assert_eq!(run(s.groups.delete(&viewer, b.as_str())).unwrap_err(), missing("group", &b));
    assert_eq!(run(s.identities.get(&viewer, in_b.as_str())).unwrap_err(), missing("identity", &in_b));
    assert_eq!(run(s.identities.delete(&viewer, in_b.as_str())).unwrap_err(), missing("identity", &in_b));
    let identity_body = IdentityInput { name: Some("x".to_owned()), ..IdentityInput::default() };
    assert_eq!(
        run(s.identities.update(&viewer, in_b.as_str(), identity_body)).unwrap_err(),
        missing("identity", &in_b)
    );
    assert_eq!(run(s.roles.get(&viewer, in_b.as_str())).unwrap_err(), missing("role", &in_b));
    assert_eq!(run(s.roles.delete(&viewer, in_b.as_str())).unwrap_err(), missing("role", &in_b));
    assert_eq!(run(s.role_bindings.get(&viewer, in_b.as_str())).unwrap_err(), missing("role binding", &in_b));
    assert_eq!(run(s.role_bindings.delete(&viewer, in_b.as_str())).unwrap_err(), missing("role binding", &in_b));
    assert_eq!(run(s.repos.get(&viewer, in_b.as_str())).unwrap_err(), missing("repo", &in_b));
    assert_eq!(run(s.repos.delete(&viewer, in_b.as_str())).unwrap_err(), missing("repo", &in_b));
    let tag_body = TagInput {
        name: Some("latest".to_owned()),
        digest: Some(format!("sha256:{}", "a".repeat(64))),
        deprecated: None,
        bundles: None,
    };
    assert_eq!(run(s.tags.create(&viewer, in_b.as_str(), tag_body)).unwrap_err(), missing("repo", &in_b));
    let tag_uid = child(&in_b, "0000000000000002");
    assert_eq!(run(s.tags.get(&viewer, tag_uid.as_str())).unwrap_err(), missing("tag", &tag_uid));
}

#[test]
fn viewer_cannot_see_the_organization_above_their_group() {
    let mut store = read_only_store();
    store.expect_get_group().never();
    let env = env(store);
    let o = org();
    let err = run(env.services.groups.get(&bound("viewer", &group_a()), o.as_str())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {o} does not exist")));
}
