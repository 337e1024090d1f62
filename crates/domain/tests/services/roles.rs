//! RoleService: built-in roles are immutable and visible to everyone; custom roles need a
//! name and known capabilities.

use grove_domain::builtin::{built_in_roles, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::error::{Error, FieldViolation};
use grove_domain::listing::{ListFilter, ListQuery, PageRequest, Visibility};
use grove_domain::model::Role;
use grove_domain::names::{Description, DisplayName};
use grove_domain::services::RoleInput;
use grove_domain::Uidp;

use crate::common::*;

fn input(capabilities: Option<&[&str]>) -> RoleInput {
    RoleInput {
        name: Some("deployer".to_owned()),
        description: None,
        capabilities: capabilities.map(|c| c.iter().map(|s| (*s).to_owned()).collect()),
    }
}

fn no_role_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_role().never();
    store.expect_update_role().never();
    store.expect_delete_role().never();
    store
}

fn built_in_error(uid: &str) -> Error {
    Error::precondition("BUILT_IN_ROLE", format!("role {uid} is built in and cannot be changed or deleted"))
}

#[test]
fn update_of_a_built_in_role_is_failed_precondition_built_in_role() {
    let mut store = no_role_writes();
    store.expect_get_role().never();
    let env = env(store);
    let body = RoleInput { description: Some("mine now".to_owned()), ..RoleInput::default() };
    let err = run(env.services.roles.update(&root_caller(), VIEWER, body)).unwrap_err();
    assert_eq!(err, built_in_error(VIEWER));
    assert_eq!(err.code().number(), 9);
}

#[test]
fn delete_of_a_built_in_role_is_failed_precondition_built_in_role() {
    let env = env(no_role_writes());
    let err = run(env.services.roles.delete(&bound("owner", &org()), VIEWER)).unwrap_err();
    assert_eq!(err, built_in_error(VIEWER));
}

#[test]
fn create_without_capabilities_is_a_violation_on_capabilities() {
    let env = env(no_role_writes());
    let a = group_a();
    for caps in [None, Some(&[][..])] {
        let err = run(env.services.roles.create(&bound("owner", &a), a.as_str(), input(caps))).unwrap_err();
        assert_eq!(err, Error::invalid("capabilities", "a role needs at least one capability"), "{caps:?}");
    }
}

#[test]
fn create_with_an_unknown_capability_is_a_violation_on_capabilities() {
    let env = env(no_role_writes());
    let a = group_a();
    let body = input(Some(&["groups.list", "registry.pull"]));
    let err = run(env.services.roles.create(&bound("owner", &a), a.as_str(), body)).unwrap_err();
    assert_eq!(err, Error::invalid("capabilities", "unknown capability \"registry.pull\""));
}

#[test]
fn create_without_a_name_names_name_and_capabilities() {
    let env = env(no_role_writes());
    let a = group_a();
    let err = run(env.services.roles.create(&bound("owner", &a), a.as_str(), RoleInput::default())).unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            FieldViolation::new("name", "name is required"),
            FieldViolation::new("capabilities", "a role needs at least one capability"),
        ])
    );
}

#[test]
fn create_accepts_enum_and_dotted_capability_names() {
    let a = group_a();
    let expected = Role {
        uid: nth_child(&a, 1),
        name: DisplayName::parse("name", "deployer").unwrap(),
        description: Description::default(),
        capabilities: [Capability::GroupsList, Capability::RepoCreate].into_iter().collect(),
        create_time: ts(T0),
        update_time: ts(T0),
    };
    let mut store = MockStore::new();
    let written = expected.clone();
    store.expect_create_role().withf(move |r, _| *r == written).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let body = input(Some(&["CAP_IAM_GROUPS_LIST", "repo.create", "groups.list"]));
    let created = run(env.services.roles.create(&bound("owner", &a), a.as_str(), body)).unwrap();
    assert_eq!(created, expected);
}

#[test]
fn create_without_roles_create_is_permission_denied() {
    let env = env(no_role_writes());
    let a = group_a();
    let err =
        run(env.services.roles.create(&bound("editor", &a), a.as_str(), input(Some(&["groups.list"])))).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks roles.create on {a}")));
}

#[test]
fn get_of_a_built_in_role_is_allowed_for_a_caller_without_grants() {
    let viewer = built_in_roles(ts(0)).into_iter().find(|r| r.name.as_str() == "viewer").unwrap();
    let mut store = MockStore::new();
    let returned = viewer.clone();
    store
        .expect_get_role()
        .withf(|uid| *uid == Uidp::from_static(VIEWER))
        .times(1)
        .returning(move |_| Ok(Some(returned.clone())));
    let env = env(store);
    assert_eq!(run(env.services.roles.get(&nobody(), VIEWER)).unwrap(), viewer);
}

#[test]
fn get_of_an_unknown_root_role_is_not_found() {
    let mut store = MockStore::new();
    store.expect_get_role().times(1).returning(|_| Ok(None));
    let env = env(store);
    let uid = "00000000000000000000000000000000000000ff";
    let err = run(env.services.roles.get(&nobody(), uid)).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("role {uid} does not exist")));
}

#[test]
fn get_of_a_custom_role_outside_the_callers_groups_is_not_found() {
    let mut store = MockStore::new();
    store.expect_get_role().never();
    let env = env(store);
    let uid = child(&group_b(), "0000000000000001");
    let err = run(env.services.roles.get(&bound("viewer", &group_a()), uid.as_str())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("role {uid} does not exist")));
}

#[test]
fn list_for_a_caller_without_grants_shows_only_built_in_roles() {
    let mut store = MockStore::new();
    store
        .expect_list_roles()
        .withf(|q: &ListQuery| q.visibility == Visibility { scopes: Some(Vec::new().into()), root_level: true })
        .times(1)
        .returning(|_| Ok(store_page(built_in_roles(ts(0)), 5)));
    let env = env(store);
    let page = run(env.services.roles.list(&nobody(), ListFilter::default(), &PageRequest::default())).unwrap();
    assert_eq!(page.items, built_in_roles(ts(0)));
    assert_eq!(page.total_count, Some(5));
}

#[test]
fn update_of_a_custom_role_replaces_capabilities_and_bumps_update_time() {
    let uid = child(&group_a(), "0000000000000001");
    let stored = role(&uid, "deployer", &[Capability::RepoList]);
    let mut expected = stored.clone();
    expected.capabilities = [Capability::TagList].into_iter().collect();
    expected.update_time = ts(T0);
    let mut store = MockStore::new();
    let found = stored.clone();
    store.expect_get_role().times(1).returning(move |_| Ok(Some(found.clone())));
    let written = expected.clone();
    store.expect_update_role().withf(move |r, _| *r == written).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let body = RoleInput { capabilities: Some(vec!["tag.list".to_owned()]), ..RoleInput::default() };
    let updated = run(env.services.roles.update(&bound("owner", &group_a()), uid.as_str(), body)).unwrap();
    assert_eq!(updated, expected);
}

#[test]
fn delete_of_a_bound_role_passes_store_failed_precondition_through() {
    let uid = child(&group_a(), "0000000000000001");
    let in_use = Error::precondition("RESOURCE_IN_USE", "role is used by 2 role bindings");
    let mut store = MockStore::new();
    let returned = in_use.clone();
    store.expect_delete_role().times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    assert_eq!(run(env.services.roles.delete(&bound("owner", &org()), uid.as_str())).unwrap_err(), in_use);
}

/// A role editor: may list and update roles in the organization, and holds `extra` too.
fn role_editor(extra: &[Capability]) -> grove_domain::authz::Principal {
    let mut held = vec![Capability::GroupsList, Capability::RolesList, Capability::RolesUpdate];
    held.extend_from_slice(extra);
    grove_domain::authz::Principal::new(
        caller_uid(),
        vec![grove_domain::authz::Grant { group: org(), capabilities: held.into_iter().collect() }],
        grove_domain::capability::CapabilitySet::new(),
    )
}

#[test]
fn adding_capabilities_the_caller_lacks_to_a_role_is_refused_and_nothing_is_written() {
    let uid = child(&group_a(), "0000000000000001");
    let stored = role(&uid, "editors", &[Capability::RolesUpdate]);
    let mut store = no_role_writes();
    store.expect_get_role().returning(move |_| Ok(Some(stored.clone())));
    let env = env(store);
    let body = RoleInput {
        capabilities: Some(vec![
            "roles.update".to_owned(),
            "groups.delete".to_owned(),
            "role_bindings.create".to_owned(),
        ]),
        ..RoleInput::default()
    };
    let err = run(env.services.roles.update(&role_editor(&[]), uid.as_str(), body)).unwrap_err();
    assert_eq!(
        err,
        Error::PermissionDenied(format!(
            "the caller lacks groups.delete, role_bindings.create on {}, which role {uid} grants",
            group_a()
        ))
    );
}

#[test]
fn renaming_a_role_or_giving_it_capabilities_the_caller_holds_is_allowed() {
    let uid = child(&group_a(), "0000000000000001");
    let stored = role(&uid, "deployers", &[Capability::RepoList, Capability::RepoDelete]);
    let mut store = MockStore::new();
    store.expect_get_role().returning(move |_| Ok(Some(stored.clone())));
    store.expect_update_role().times(2).returning(|_, _| Ok(()));
    let env = env(store);
    let rename = RoleInput { name: Some("pushers".to_owned()), ..RoleInput::default() };
    assert!(run(env.services.roles.update(&role_editor(&[]), uid.as_str(), rename)).is_ok(), "no grant changes");
    let held = RoleInput { capabilities: Some(vec!["repo.list".to_owned()]), ..RoleInput::default() };
    assert!(run(env.services.roles.update(&role_editor(&[Capability::RepoList]), uid.as_str(), held)).is_ok());
}
