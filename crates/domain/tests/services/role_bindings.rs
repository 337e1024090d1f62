//! RoleBindingService: the role must be usable in the group, the identity must exist,
//! responses come hydrated from the store, and deleting an absent binding succeeds.

use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::error::{Error, FieldViolation};
use grove_domain::listing::{ListFilter, PageRequest};
use grove_domain::model::RoleBinding;
use grove_domain::services::RoleBindingInput;
use grove_domain::Uidp;

use crate::common::*;

fn input(identity: &Uidp, role: &Uidp) -> RoleBindingInput {
    RoleBindingInput { identity_uid: Some(identity.to_string()), role_uid: Some(role.to_string()) }
}

fn ci_identity() -> Uidp {
    child(&group_a(), "0000000000000d01")
}

fn no_binding_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_role_binding().never();
    store.expect_update_role_binding().never();
    store.expect_delete_role_binding().never();
    store
}

/// A store in which group A exists.
fn store_with_group_a() -> MockStore {
    let mut store = no_binding_writes();
    store.expect_get_group().returning(|uid| Ok(Some(group(uid, "a"))));
    store
}

#[test]
fn create_with_a_role_from_a_sibling_group_is_invalid_on_role_uid() {
    let mut store = store_with_group_a();
    store.expect_get_role().never();
    store.expect_get_identity().never();
    let env = env(store);
    let a = group_a();
    let sibling_role = child(&group_b(), "0000000000000001");
    let err = run(env.services.role_bindings.create(
        &bound("owner", &org()),
        a.as_str(),
        input(&ci_identity(), &sibling_role),
    ))
    .unwrap_err();
    assert_eq!(
        err,
        Error::invalid("roleUid", "roleUid must name a built-in role or a role defined in this group or above it")
    );
}

#[test]
fn create_with_a_role_from_a_child_group_is_invalid_on_role_uid() {
    let mut store = store_with_group_a();
    store.expect_get_role().never();
    let env = env(store);
    let a = group_a();
    let nested_role = child(&child(&a, "0000000000000002"), "0000000000000001");
    let err =
        run(env.services.role_bindings.create(&bound("owner", &a), a.as_str(), input(&ci_identity(), &nested_role)))
            .unwrap_err();
    assert_eq!(err.code(), grove_domain::Code::InvalidArgument);
    assert_eq!(
        err,
        Error::invalid("roleUid", "roleUid must name a built-in role or a role defined in this group or above it")
    );
}

#[test]
fn create_with_a_missing_identity_is_not_found_and_writes_nothing() {
    let mut store = store_with_group_a();
    store.expect_get_role().times(1).returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    let missing = ci_identity();
    let wanted = missing.clone();
    store.expect_get_identity().withf(move |u| *u == wanted).times(1).returning(|_| Ok(None));
    let env = env(store);
    let a = group_a();
    let viewer = Uidp::from_static(VIEWER);
    let err =
        run(env.services.role_bindings.create(&bound("owner", &a), a.as_str(), input(&missing, &viewer))).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {missing} does not exist")));
}

#[test]
fn create_with_a_missing_role_is_not_found() {
    let mut store = store_with_group_a();
    store.expect_get_role().times(1).returning(|_| Ok(None));
    store.expect_get_identity().never();
    let env = env(store);
    let a = group_a();
    let role_in_org = child(&org(), "0000000000000777");
    let err =
        run(env.services.role_bindings.create(&bound("owner", &a), a.as_str(), input(&ci_identity(), &role_in_org)))
            .unwrap_err();
    assert_eq!(err, Error::NotFound(format!("role {role_in_org} does not exist")));
}

#[test]
fn create_in_a_missing_group_is_not_found() {
    let mut store = no_binding_writes();
    store.expect_get_group().times(1).returning(|_| Ok(None));
    store.expect_get_role().never();
    let env = env(store);
    let a = group_a();
    let err = run(env.services.role_bindings.create(
        &bound("owner", &org()),
        a.as_str(),
        input(&ci_identity(), &Uidp::from_static(VIEWER)),
    ))
    .unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {a} does not exist")));
}

#[test]
fn create_without_identity_and_role_names_both_fields() {
    let mut store = no_binding_writes();
    store.expect_get_group().never();
    let env = env(store);
    let a = group_a();
    let err = run(env.services.role_bindings.create(&bound("owner", &a), a.as_str(), RoleBindingInput::default()))
        .unwrap_err();
    let uid_rule = "must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters";
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            FieldViolation::new("identityUid", format!("identityUid {uid_rule}")),
            FieldViolation::new("roleUid", format!("roleUid {uid_rule}")),
        ])
    );
}

#[test]
fn create_writes_the_binding_and_returns_the_hydrated_view_from_the_store() {
    let a = group_a();
    let org_role = role(&child(&org(), "0000000000000777"), "deployer", &[Capability::RepoCreate]);
    let ci = identity(&ci_identity(), "ci");
    let binding_uid = nth_child(&a, 1);
    let view = binding_view(&binding_uid, &ci, &org_role, &group(&a, "a"));

    let mut store = MockStore::new();
    store.expect_get_group().times(1).returning(|uid| Ok(Some(group(uid, "a"))));
    let found_role = org_role.clone();
    store.expect_get_role().times(1).returning(move |_| Ok(Some(found_role.clone())));
    let found_identity = ci.clone();
    store.expect_get_identity().times(1).returning(move |_| Ok(Some(found_identity.clone())));
    let expected = RoleBinding {
        uid: binding_uid.clone(),
        identity_uid: ci.uid.clone(),
        role_uid: org_role.uid.clone(),
        create_time: ts(T0),
    };
    store.expect_create_role_binding().withf(move |b, _| *b == expected).times(1).returning(|_, _| Ok(()));
    let (wanted, hydrated) = (binding_uid.clone(), view.clone());
    store
        .expect_get_role_binding()
        .withf(move |u| *u == wanted)
        .times(1)
        .returning(move |_| Ok(Some(hydrated.clone())));
    let env = env(store);

    let created =
        run(env.services.role_bindings.create(&bound("owner", &a), a.as_str(), input(&ci.uid, &org_role.uid))).unwrap();
    assert_eq!(created, view);
}

#[test]
fn create_duplicate_passes_store_already_exists_through() {
    let mut store = MockStore::new();
    store.expect_get_group().returning(|uid| Ok(Some(group(uid, "a"))));
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    store.expect_get_identity().returning(|uid| Ok(Some(identity(uid, "ci"))));
    store
        .expect_create_role_binding()
        .times(1)
        .returning(|_, _| Err(Error::AlreadyExists("the identity already holds this role in the group".to_owned())));
    store.expect_get_role_binding().never();
    let env = env(store);
    let a = group_a();
    let err = run(env.services.role_bindings.create(
        &bound("owner", &a),
        a.as_str(),
        input(&ci_identity(), &Uidp::from_static(VIEWER)),
    ))
    .unwrap_err();
    assert_eq!(err, Error::AlreadyExists("the identity already holds this role in the group".to_owned()));
}

#[test]
fn delete_of_an_absent_binding_succeeds() {
    let uid = child(&group_a(), "0000000000000001");
    let mut store = MockStore::new();
    let wanted = uid.clone();
    store.expect_delete_role_binding().withf(move |u, _| *u == wanted).times(1).returning(|_, _| Ok(false));
    let env = env(store);
    assert_eq!(run(env.services.role_bindings.delete(&bound("owner", &group_a()), uid.as_str())), Ok(()));
}

#[test]
fn delete_without_role_bindings_delete_is_permission_denied() {
    let env = env(no_binding_writes());
    let uid = child(&group_a(), "0000000000000001");
    let err = run(env.services.role_bindings.delete(&bound("viewer", &group_a()), uid.as_str())).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks role_bindings.delete on {uid}")));
}

#[test]
fn list_with_a_name_filter_is_invalid_on_name() {
    let mut store = MockStore::new();
    store.expect_list_role_bindings().never();
    let env = env(store);
    let filter = ListFilter { name: Some("ci".to_owned()), ..ListFilter::default() };
    let err =
        run(env.services.role_bindings.list(&bound("owner", &org()), filter, &PageRequest::default())).unwrap_err();
    assert_eq!(err, Error::invalid("name", "role bindings have no name; filter by identity, role or uidp"));
}

#[test]
fn create_with_an_identity_outside_the_callers_reach_answers_as_missing_without_looking_it_up() {
    let mut store = store_with_group_a();
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    store.expect_get_identity().never();
    let env = env(store);
    let a = group_a();
    let in_b = child(&group_b(), "0000000000000d02");
    let err = run(env.services.role_bindings.create(
        &bound("owner", &a),
        a.as_str(),
        input(&in_b, &Uidp::from_static(VIEWER)),
    ))
    .unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {in_b} does not exist")));
}

#[test]
fn get_shows_only_the_uid_of_an_identity_the_caller_cannot_list() {
    let a = group_a();
    let in_b = identity(&child(&group_b(), "0000000000000d02"), "b-robot");
    let view =
        binding_view(&nth_child(&a, 1), &in_b, &role(&Uidp::from_static(VIEWER), "viewer", &[]), &group(&a, "a"));
    let mut store = MockStore::new();
    let stored = view.clone();
    store.expect_get_role_binding().times(2).returning(move |_| Ok(Some(stored.clone())));
    let env = env(store);
    let own = run(env.services.role_bindings.get(&bound("owner", &a), view.uid.as_str())).unwrap();
    assert_eq!(own.identity.uid, in_b.uid);
    assert_eq!((own.identity.name.as_str(), own.identity.subject.as_str(), own.identity.issuer.as_str()), ("", "", ""));
    let org_admin = run(env.services.role_bindings.get(&bound("owner", &org()), view.uid.as_str())).unwrap();
    assert_eq!(org_admin, view, "an administrator above both groups sees the identity in full");
}

#[test]
fn a_person_is_shown_in_full_only_where_they_joined_the_bindings_organization() {
    let a = group_a();
    let mut alice = identity(&org(), "alice");
    alice.uid = Uidp::provider_person(&nth_child(&org(), 9), "alice");
    alice.email = "alice@acme.example".to_owned();
    let view =
        binding_view(&nth_child(&a, 1), &alice, &role(&Uidp::from_static(VIEWER), "viewer", &[]), &group(&a, "a"));
    assert!(view.identity.joined, "binding_view builds a member's view");
    let stranger = grove_domain::model::RoleBindingView {
        identity: grove_domain::model::BoundIdentity { joined: false, ..view.identity.clone() },
        ..view.clone()
    };
    let mut store = MockStore::new();
    let (member, not_member) = (view.clone(), stranger.clone());
    let mut answers = vec![not_member, member].into_iter();
    store.expect_get_role_binding().times(2).returning(move |_| Ok(answers.next()));
    let env = env(store);
    let owner = bound("owner", &org());
    let hidden = run(env.services.role_bindings.get(&owner, view.uid.as_str())).unwrap();
    assert_eq!(hidden.identity, grove_domain::model::BoundIdentity::uid_only(alice.uid.clone()));
    let shown = run(env.services.role_bindings.get(&owner, view.uid.as_str())).unwrap();
    assert_eq!(shown, view, "a member is shown in full to a caller who may list identities there");
}

/// A caller bound at the organization to a custom role holding only `capabilities`.
fn custom(capabilities: &[Capability]) -> grove_domain::authz::Principal {
    grove_domain::authz::Principal::new(
        caller_uid(),
        vec![grove_domain::authz::Grant { group: org(), capabilities: capabilities.iter().copied().collect() }],
        grove_domain::capability::CapabilitySet::new(),
    )
}

/// A binder: may create bindings and see identities of the organization, nothing more.
const BINDER: &[Capability] = &[Capability::GroupsList, Capability::RoleBindingsCreate, Capability::IdentityList];

#[test]
fn a_custom_role_with_role_bindings_create_cannot_bind_its_holder_to_owner() {
    let mut store = store_with_group_a();
    store.expect_get_role().returning(|_| Ok(Some(owner_role())));
    store.expect_get_identity().returning(|uid| Ok(Some(identity(uid, "me"))));
    store.expect_create_role_bindings().never();
    let env = env(store);
    let a = group_a();
    let err = run(env.services.role_bindings.create(
        &custom(BINDER),
        a.as_str(),
        input(&caller_uid(), &Uidp::from_static(OWNER)),
    ))
    .unwrap_err();
    assert_eq!(err, lacks_owner(BINDER, &a));
    assert!(
        matches!(&err, Error::PermissionDenied(m) if m.starts_with("the caller lacks groups.create, groups.update, groups.delete, group_invites.create,")),
        "{err:?}"
    );
    let person = Uidp::random_root();
    let err =
        run(env.services.role_bindings.create(&custom(BINDER), a.as_str(), input(&person, &Uidp::from_static(OWNER))))
            .unwrap_err();
    assert_eq!(err, lacks_owner(BINDER, &a), "nor anyone else");
}

#[test]
fn a_binding_is_refused_naming_every_capability_of_the_role_the_caller_lacks() {
    let deployer = role(
        &child(&org(), "0000000000000777"),
        "deployer",
        &[Capability::TagDelete, Capability::RepoList, Capability::RepoDelete],
    );
    let mut store = store_with_group_a();
    let found = deployer.clone();
    store.expect_get_role().returning(move |_| Ok(Some(found.clone())));
    store.expect_get_identity().returning(|uid| Ok(Some(identity(uid, "ci"))));
    let env = env(store);
    let a = group_a();
    let mut held = BINDER.to_vec();
    held.push(Capability::RepoList);
    let err = run(env.services.role_bindings.create(&custom(&held), a.as_str(), input(&ci_identity(), &deployer.uid)))
        .unwrap_err();
    assert_eq!(
        err,
        Error::PermissionDenied(format!(
            "the caller lacks repo.delete, tag.delete on {a}, which role {} grants",
            deployer.uid
        ))
    );
}

#[test]
fn a_caller_holding_every_capability_of_a_role_may_bind_it() {
    let a = group_a();
    let puller = role(&child(&org(), "0000000000000778"), "puller", &[Capability::GroupsList, Capability::RepoList]);
    let ci = identity(&ci_identity(), "ci");
    let view = binding_view(&nth_child(&a, 1), &ci, &puller, &group(&a, "a"));
    let mut store = MockStore::new();
    store.expect_get_group().returning(|uid| Ok(Some(group(uid, "a"))));
    let found = puller.clone();
    store.expect_get_role().returning(move |_| Ok(Some(found.clone())));
    let found = ci.clone();
    store.expect_get_identity().returning(move |_| Ok(Some(found.clone())));
    store.expect_create_role_binding().times(1).returning(|_, _| Ok(()));
    let hydrated = view.clone();
    store.expect_get_role_binding().returning(move |_| Ok(Some(hydrated.clone())));
    let env = env(store);
    let mut held = BINDER.to_vec();
    held.push(Capability::RepoList);
    let created =
        run(env.services.role_bindings.create(&custom(&held), a.as_str(), input(&ci.uid, &puller.uid))).unwrap();
    assert_eq!(created, view);
}

#[test]
fn an_escalating_binding_to_a_missing_identity_is_not_found_first() {
    let mut store = store_with_group_a();
    store.expect_get_role().returning(|_| Ok(Some(owner_role())));
    store.expect_get_identity().returning(|_| Ok(None));
    let env = env(store);
    let a = group_a();
    let err = run(env.services.role_bindings.create(
        &custom(BINDER),
        a.as_str(),
        input(&ci_identity(), &Uidp::from_static(OWNER)),
    ))
    .unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {} does not exist", ci_identity())));
}

#[test]
fn a_batch_with_one_escalating_request_writes_nothing() {
    let puller = role(&child(&org(), "0000000000000778"), "puller", &[Capability::GroupsList]);
    let mut store = store_with_group_a();
    let found = puller.clone();
    store
        .expect_get_role()
        .returning(move |uid| Ok(Some(if uid.as_str() == OWNER { owner_role() } else { found.clone() })));
    store.expect_get_identity().returning(|uid| Ok(Some(identity(uid, "ci"))));
    store.expect_create_role_bindings().never();
    store.expect_get_role_binding().never();
    let env = env(store);
    let a = group_a();
    let requests = vec![
        grove_domain::services::BatchRequest { parent: String::new(), binding: input(&ci_identity(), &puller.uid) },
        grove_domain::services::BatchRequest {
            parent: a.to_string(),
            binding: input(&caller_uid(), &Uidp::from_static(OWNER)),
        },
    ];
    let err = run(env.services.role_bindings.batch_create(&custom(BINDER), a.as_str(), requests, "")).unwrap_err();
    assert_eq!(err, lacks_owner(BINDER, &a));
}

/// A store holding binding `nth_child(group_a(), 1)` of `bound_role` to the CI identity.
fn store_with_binding(bound_role: grove_domain::model::Role) -> MockStore {
    let a = group_a();
    let ci = identity(&ci_identity(), "ci");
    let view = binding_view(&nth_child(&a, 1), &ci, &bound_role, &group(&a, "a"));
    let mut store = no_binding_writes();
    store.expect_get_role_binding().returning(move |_| Ok(Some(view.clone())));
    store.expect_get_role().returning(|uid| {
        Ok(Some(if uid.as_str() == OWNER { owner_role() } else { role(uid, "viewer", &[Capability::GroupsList]) }))
    });
    store.expect_get_identity().returning(|uid| Ok(Some(identity(uid, "someone"))));
    store
}

/// An updater: may list and update bindings and see identities of the organization.
const UPDATER: &[Capability] =
    &[Capability::GroupsList, Capability::RoleBindingsList, Capability::RoleBindingsUpdate, Capability::IdentityList];

#[test]
fn update_cannot_repoint_a_binding_at_owner() {
    let env = env(store_with_binding(role(&Uidp::from_static(VIEWER), "viewer", &[Capability::GroupsList])));
    let uid = nth_child(&group_a(), 1);
    let repoint = RoleBindingInput { identity_uid: None, role_uid: Some(OWNER.to_owned()) };
    let err = run(env.services.role_bindings.update(&custom(UPDATER), uid.as_str(), repoint)).unwrap_err();
    assert_eq!(err, lacks_owner(UPDATER, &group_a()));
}

#[test]
fn update_cannot_hand_a_kept_owner_binding_to_another_identity() {
    let env = env(store_with_binding(owner_role()));
    let uid = nth_child(&group_a(), 1);
    let to_me = RoleBindingInput { identity_uid: Some(caller_uid().to_string()), role_uid: None };
    let err = run(env.services.role_bindings.update(&custom(UPDATER), uid.as_str(), to_me)).unwrap_err();
    assert_eq!(err, lacks_owner(UPDATER, &group_a()));
}
