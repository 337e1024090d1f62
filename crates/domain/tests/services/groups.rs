//! GroupService: name and description validation, organization creation with its owner
//! binding, creation below a parent, partial update, and store errors passed through.

use std::sync::Arc;

use grove_domain::builtin::OWNER;
use grove_domain::error::{Error, FieldViolation};
use grove_domain::model::Group;
use grove_domain::names::{Description, GroupName};
use grove_domain::ports::{MockApiTokenVerifier, MockIdGenerator};
use grove_domain::services::GroupInput;
use grove_domain::Uidp;

use crate::common::*;

fn input(name: &str, description: &str) -> GroupInput {
    GroupInput { name: Some(name.to_owned()), description: Some(description.to_owned()) }
}

fn name_violation() -> FieldViolation {
    FieldViolation::new("name", "name must match ^[a-z0-9 ._-]{1,}$")
}

/// A missing or empty name is required, not a pattern mismatch.
fn name_required() -> FieldViolation {
    FieldViolation::new("name", "name is required")
}

fn no_group_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_group().never();
    store.expect_create_organization().never();
    store.expect_update_group().never();
    store.expect_delete_group().never();
    store
}

#[test]
fn create_with_empty_name_names_only_the_name_field_and_writes_nothing() {
    let env = env(no_group_writes());
    let owner = bound("owner", &org());
    let a = group_a();
    for body in [GroupInput::default(), input("", "")] {
        let err = run(env.services.groups.create(&owner, Some(a.as_str()), body)).unwrap_err();
        assert_eq!(err, Error::InvalidArgument(vec![name_required()]));
        assert_eq!(err.to_string(), "Invalid argument: name: name is required");
    }
}

#[test]
fn create_organization_with_empty_body_names_only_the_name_field() {
    let env = env(no_group_writes());
    let err = run(env.services.groups.create(&root_caller(), None, GroupInput::default())).unwrap_err();
    assert_eq!(err, Error::InvalidArgument(vec![name_required()]));
}

#[test]
fn create_with_bad_name_and_bad_description_reports_both_fields() {
    let env = env(no_group_writes());
    let err = run(env.services.groups.create(
        &bound("owner", &org()),
        Some(group_a().as_str()),
        input("Platform", "line one\nline two"),
    ))
    .unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            name_violation(),
            FieldViolation::new("description", "description must not contain control characters (found U+000A)"),
        ])
    );
}

#[test]
fn create_with_malformed_parent_uid_is_invalid_argument_on_parent() {
    let env = env(no_group_writes());
    let err =
        run(env.services.groups.create(&bound("owner", &org()), Some("not-a-uid"), input("team", ""))).unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "parent",
            "parent must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters"
        )
    );
}

#[test]
fn create_organization_without_root_groups_create_is_permission_denied_and_writes_nothing() {
    let env = env(no_group_writes());
    // Owning an organization grants groups.create inside it, not at the root.
    let err = run(env.services.groups.create(&bound("owner", &org()), None, input("acme", ""))).unwrap_err();
    assert_eq!(err, Error::PermissionDenied("creating an organization needs groups.create at the root".to_owned()));
}

#[test]
fn create_organization_binds_the_creator_as_owner_in_one_store_call() {
    let new_org = Uidp::from_static(NEW_ORG);
    let binding_uid = child(&new_org, "0000000000000b1d");
    let mut ids = MockIdGenerator::new();
    ids.expect_new_root().times(1).return_const(new_org.clone());
    let parent = new_org.clone();
    ids.expect_new_child().withf(move |p| *p == parent).times(1).return_const(binding_uid.clone());

    let mut store = MockStore::new();
    store.expect_create_group().never();
    let (org_uid, b_uid) = (new_org.clone(), binding_uid.clone());
    store
        .expect_create_organization()
        .withf(move |g, b, _| {
            g.uid == org_uid
                && g.uid.is_root()
                && g.name.as_str() == "acme"
                && g.description.as_str() == "the acme company"
                && !g.verified
                && g.create_time == ts(T0)
                && g.update_time == ts(T0)
                && b.uid == b_uid
                && b.group_uid() == org_uid
                && b.role_uid == Uidp::from_static(OWNER)
                && b.identity_uid == caller_uid()
                && b.create_time == ts(T0)
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    let env = env_with(store, Arc::new(ids), MockApiTokenVerifier::new(), Vec::new());

    let created = run(env.services.groups.create(&root_caller(), None, input("acme", "the acme company"))).unwrap();
    assert_eq!(
        created,
        Group {
            uid: new_org,
            name: GroupName::parse("name", "acme").unwrap(),
            description: Description::parse("description", "the acme company").unwrap(),
            verified: false,
            create_time: ts(T0),
            update_time: ts(T0),
        }
    );
}

#[test]
fn create_organization_passes_store_already_exists_through() {
    let mut store = MockStore::new();
    store
        .expect_create_organization()
        .times(1)
        .returning(|_, _, _| Err(Error::AlreadyExists("organization acme already exists".to_owned())));
    let env = env(store);
    let err = run(env.services.groups.create(&root_caller(), None, input("acme", ""))).unwrap_err();
    assert_eq!(err, Error::AlreadyExists("organization acme already exists".to_owned()));
}

#[test]
fn create_below_a_parent_the_caller_cannot_see_is_not_found() {
    let env = env(no_group_writes());
    let b = group_b();
    let err =
        run(env.services.groups.create(&bound("owner", &group_a()), Some(b.as_str()), input("team", ""))).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {b} does not exist")));
}

#[test]
fn create_below_a_visible_parent_without_groups_create_is_permission_denied() {
    let env = env(no_group_writes());
    let a = group_a();
    let err = run(env.services.groups.create(&bound("viewer", &a), Some(a.as_str()), input("team", ""))).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks groups.create on {a}")));
    assert_eq!(err.code().number(), 7);
}

#[test]
fn create_below_a_parent_writes_a_child_uid_stamped_with_now() {
    let a = group_a();
    let expected = Group {
        uid: nth_child(&a, 1),
        name: GroupName::parse("name", "team").unwrap(),
        description: Description::parse("description", "the team").unwrap(),
        verified: false,
        create_time: ts(T0),
        update_time: ts(T0),
    };
    let mut store = MockStore::new();
    store.expect_create_organization().never();
    let written = expected.clone();
    store.expect_create_group().withf(move |g, _| *g == written).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let created =
        run(env.services.groups.create(&bound("owner", &a), Some(a.as_str()), input("team", "the team"))).unwrap();
    assert_eq!(created, expected);
}

#[test]
fn create_below_a_missing_parent_passes_store_not_found_through() {
    let a = group_a();
    let mut store = MockStore::new();
    let missing = Error::NotFound(format!("group {a} does not exist"));
    let returned = missing.clone();
    store.expect_create_group().times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    let err =
        run(env.services.groups.create(&bound("owner", &org()), Some(a.as_str()), input("team", ""))).unwrap_err();
    assert_eq!(err, missing);
}

#[test]
fn update_changes_only_the_given_fields_and_bumps_update_time() {
    let a = group_a();
    let mut stored = group(&a, "old name");
    stored.description = Description::parse("description", "keep me").unwrap();
    let mut expected = stored.clone();
    expected.name = GroupName::parse("name", "new name").unwrap();
    expected.update_time = ts(T0 + 5_000);

    let mut store = MockStore::new();
    let (uid, found) = (a.clone(), stored.clone());
    store.expect_get_group().withf(move |u| *u == uid).times(1).returning(move |_| Ok(Some(found.clone())));
    let written = expected.clone();
    store.expect_update_group().withf(move |g, _| *g == written).times(1).returning(|g, _| Ok(g.clone()));
    let env = env(store);
    env.clock.advance(5_000);

    let body = GroupInput { name: Some("new name".to_owned()), description: None };
    let updated = run(env.services.groups.update(&bound("owner", &a), a.as_str(), body)).unwrap();
    assert_eq!(updated, expected);
    assert_eq!(updated.create_time, stored.create_time);
}

#[test]
fn update_with_a_bad_name_is_invalid_argument_and_reads_nothing() {
    let mut store = no_group_writes();
    store.expect_get_group().never();
    let env = env(store);
    let a = group_a();
    let body = GroupInput { name: Some("UPPER".to_owned()), description: None };
    let err = run(env.services.groups.update(&bound("owner", &a), a.as_str(), body)).unwrap_err();
    assert_eq!(err, Error::InvalidArgument(vec![name_violation()]));
}

#[test]
fn update_of_a_missing_group_is_not_found() {
    let mut store = no_group_writes();
    store.expect_get_group().times(1).returning(|_| Ok(None));
    let env = env(store);
    let a = group_a();
    let body = GroupInput { name: None, description: Some("x".to_owned()) };
    let err = run(env.services.groups.update(&bound("owner", &a), a.as_str(), body)).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {a} does not exist")));
}

#[test]
fn update_without_groups_update_is_permission_denied() {
    let mut store = no_group_writes();
    store.expect_get_group().never();
    let env = env(store);
    let a = group_a();
    let body = GroupInput { name: Some("new".to_owned()), description: None };
    let err = run(env.services.groups.update(&bound("viewer", &a), a.as_str(), body)).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks groups.update on {a}")));
}

#[test]
fn delete_passes_store_failed_precondition_through_unchanged() {
    let a = group_a();
    let not_empty = Error::not_empty("cannot delete group with child repos");
    let mut store = MockStore::new();
    let (uid, returned) = (a.clone(), not_empty.clone());
    store.expect_delete_group().withf(move |u, _| *u == uid).times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    let err = run(env.services.groups.delete(&bound("owner", &org()), a.as_str())).unwrap_err();
    assert_eq!(err, not_empty);
    assert_eq!(err.to_string(), "Precondition failed: cannot delete group with child repos");
}

#[test]
fn delete_without_groups_delete_is_permission_denied_and_deletes_nothing() {
    let env = env(no_group_writes());
    let a = group_a();
    let err = run(env.services.groups.delete(&bound("editor", &a), a.as_str())).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks groups.delete on {a}")));
}

#[test]
fn delete_of_a_permitted_group_calls_the_store_once() {
    let a = group_a();
    let mut store = MockStore::new();
    let uid = a.clone();
    store.expect_delete_group().withf(move |u, _| *u == uid).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    run(env.services.groups.delete(&bound("owner", &a), a.as_str())).unwrap();
}

#[test]
fn get_with_a_malformed_uid_is_invalid_argument_on_uid() {
    let mut store = MockStore::new();
    store.expect_get_group().never();
    let env = env(store);
    let err = run(env.services.groups.get(&bound("owner", &org()), "ABC")).unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "uid",
            "uid must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters"
        )
    );
}

#[test]
fn get_of_a_visible_group_the_store_lacks_is_not_found() {
    let mut store = MockStore::new();
    store.expect_get_group().times(1).returning(|_| Ok(None));
    let env = env(store);
    let a = group_a();
    let err = run(env.services.groups.get(&bound("viewer", &org()), a.as_str())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {a} does not exist")));
}

#[test]
fn create_below_a_parent_hands_the_store_one_group_created_event_in_the_parent() {
    let a = group_a();
    let child = nth_child(&a, 1);
    let mut store = MockStore::new();
    let (want_group, want_subject) = (a.clone(), child.clone());
    store
        .expect_create_group()
        .withf(move |_, e| {
            e.event_type == grove_domain::events::EventType::GroupCreated
                && e.group == want_group
                && e.subject == want_subject
                && e.time == ts(T0)
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    run(env.services.groups.create(&bound("owner", &a), Some(a.as_str()), input("team", ""))).unwrap();
}

#[test]
fn update_hands_the_store_a_group_updated_event_about_the_group_in_its_parent() {
    let a = group_a();
    let mut store = MockStore::new();
    let stored = group(&a, "acme");
    store.expect_get_group().returning(move |_| Ok(Some(stored.clone())));
    let (want_group, want_subject) = (a.parent().unwrap(), a.clone());
    store
        .expect_update_group()
        .withf(move |_, e| {
            e.event_type.as_str() == "dev.chainguard.api.iam.group.updated.v1"
                && e.group == want_group
                && e.subject == want_subject
        })
        .times(1)
        .returning(|g, _| Ok(g.clone()));
    let env = env(store);
    run(env.services.groups.update(&bound("owner", &a), a.as_str(), input("renamed", ""))).unwrap();
}

#[test]
fn renaming_a_verified_organization_answers_it_as_the_store_kept_it_unverified() {
    let o = org();
    let mut verified = group(&o, "acme.example");
    verified.verified = true;
    let mut store = MockStore::new();
    let found = verified.clone();
    store.expect_get_group().times(1).returning(move |_| Ok(Some(found.clone())));
    // The store clears the flag on a rename (its contract); the service answers what it kept,
    // not its own copy read before the write.
    store
        .expect_update_group()
        .withf(|g, _| g.name.as_str() == "evil.example")
        .times(1)
        .returning(|g, _| Ok(grove_domain::model::Group { verified: false, ..g.clone() }));
    let env = env(store);
    let renamed = run(env.services.groups.update(&bound("owner", &o), o.as_str(), input("evil.example", ""))).unwrap();
    assert_eq!((renamed.name.as_str(), renamed.verified), ("evil.example", false));
}

// --- LookupGroup, CheckEligibility, RequestGroupAccess ----------------------------------

/// The caller's identity with the verified email `email`.
fn caller_with_email(email: &str) -> grove_domain::model::Identity {
    caller_with_email_vouched_by(email, grove_domain::model::EmailVoucher::DefaultProvider)
}

/// The caller with `email` as its verified email, vouched for by `voucher`.
fn caller_with_email_vouched_by(
    email: &str,
    voucher: grove_domain::model::EmailVoucher,
) -> grove_domain::model::Identity {
    let mut me = identity(&caller_uid(), "me");
    me.email = email.to_owned();
    me.email_voucher = voucher;
    me
}

#[test]
fn an_email_only_a_workload_or_an_organizations_provider_vouched_for_does_not_onboard() {
    use grove_domain::model::EmailVoucher;
    let provider = org().random_child().random_child();
    for voucher in [EmailVoucher::Workload, EmailVoucher::Provider(provider)] {
        let me = caller_with_email_vouched_by("ceo@acme.example", voucher.clone());
        let orgs = vec![organization(&org(), "acme.example", true)];
        let env = env(onboarding_store(Some(me.clone()), orgs.clone(), Vec::new()));
        assert_eq!(run(env.services.groups.check_eligibility(&nobody())), Ok(false), "{voucher:?}");
        assert_eq!(
            run(env.services.groups.lookup(&nobody())),
            Err(Error::NotFound("no verified organization matches the caller's email domain".to_owned())),
            "{voucher:?}"
        );
        let refused = run(env.services.groups.request_access(&nobody(), org().as_str())).unwrap_err();
        assert_eq!(refused.code(), grove_domain::error::Code::NotFound, "{voucher:?}");
    }
}

/// An organization called `name`, verified or not.
fn organization(uid: &Uidp, name: &str, verified: bool) -> Group {
    Group { verified, ..group(uid, name) }
}

/// A store where the caller is `me`, `orgs` are the organizations, and the caller holds
/// `grants`; no access request is written unless a test expects one.
fn onboarding_store(
    me: Option<grove_domain::model::Identity>,
    orgs: Vec<Group>,
    grants: Vec<grove_domain::authz::Grant>,
) -> MockStore {
    let mut store = MockStore::new();
    store.expect_get_identity().returning(move |_| Ok(me.clone()));
    let by_uid = orgs.clone();
    store.expect_get_group().returning(move |uid| Ok(by_uid.iter().find(|g| &g.uid == uid).cloned()));
    store.expect_list_groups().returning(move |q| {
        let rows: Vec<Group> = orgs
            .iter()
            .filter(|g| q.filter.name.as_deref() == Some(g.name.as_str()) && g.uid.is_root())
            .cloned()
            .collect();
        Ok(grove_domain::listing::StorePage::capped(rows, 0))
    });
    store.expect_grants_of().returning(move |_| Ok(Some(grants.clone())));
    store
}

fn not_matched() -> Error {
    Error::NotFound("no verified organization matches the caller's email domain".to_owned())
}

#[test]
fn lookup_answers_the_verified_organization_named_after_the_callers_email_domain_in_lower_case() {
    let acme = organization(&org(), "acme.example", true);
    let env = env(onboarding_store(Some(caller_with_email("dev@Acme.Example")), vec![acme.clone()], Vec::new()));
    assert_eq!(run(env.services.groups.lookup(&nobody())), Ok(acme));
}

#[test]
fn lookup_collapses_every_failure_into_one_not_found() {
    let unverified = organization(&org(), "acme.example", false);
    let cases = [
        (None, vec![organization(&org(), "acme.example", true)]),
        (Some(caller_with_email("")), vec![organization(&org(), "acme.example", true)]),
        (Some(caller_with_email("dev@acme.example")), vec![unverified]),
        (Some(caller_with_email("dev@other.example")), vec![organization(&org(), "acme.example", true)]),
        (Some(caller_with_email("dev@Not A Domain!")), Vec::new()),
    ];
    for (me, orgs) in cases {
        let env = env(onboarding_store(me.clone(), orgs, Vec::new()));
        assert_eq!(run(env.services.groups.lookup(&nobody())), Err(not_matched()), "{me:?}");
    }
}

#[test]
fn a_caller_with_a_verified_email_and_no_binding_anywhere_is_eligible_and_no_one_else() {
    let no_grants = Vec::new();
    let a_grant = vec![grove_domain::authz::Grant { group: group_a(), capabilities: role_capabilities("viewer") }];
    let cases = [
        (Some(caller_with_email("dev@acme.example")), no_grants.clone(), true),
        (Some(caller_with_email("dev@acme.example")), a_grant, false),
        (Some(caller_with_email("")), no_grants.clone(), false),
        (Some(caller_with_email("dev@localhost")), no_grants.clone(), false),
        (None, no_grants, false),
    ];
    for (me, grants, eligible) in cases {
        let env = env(onboarding_store(me.clone(), Vec::new(), grants));
        assert_eq!(run(env.services.groups.check_eligibility(&nobody())), Ok(eligible), "{me:?}");
    }
}

#[test]
fn request_access_records_who_asked_with_the_matching_email_and_announces_it() {
    let mut store = onboarding_store(
        Some(caller_with_email("dev@acme.example")),
        vec![organization(&org(), "acme.example", true)],
        Vec::new(),
    );
    let expected = grove_domain::model::GroupAccessRequest {
        uid: nth_child(&org(), 1),
        identity: caller_uid(),
        email: "dev@acme.example".to_owned(),
        create_time: ts(T0),
    };
    store
        .expect_request_group_access()
        .withf(move |r, e| {
            *r == expected
                && e.event_type == grove_domain::events::EventType::GroupAccessRequested
                && e.group == org()
                && e.subject == expected.uid
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    assert_eq!(run(env.services.groups.request_access(&nobody(), org().as_str())), Ok(()));
}

#[test]
fn request_access_answers_not_found_for_every_refusal_and_writes_nothing() {
    let verified = || vec![organization(&org(), "acme.example", true)];
    let member = vec![grove_domain::authz::Grant { group: group_a(), capabilities: role_capabilities("viewer") }];
    let cases = [
        ("no such group", Some(caller_with_email("dev@acme.example")), Vec::new(), Vec::new(), org()),
        ("a folder", Some(caller_with_email("dev@acme.example")), verified(), Vec::new(), group_a()),
        (
            "not verified",
            Some(caller_with_email("dev@acme.example")),
            vec![organization(&org(), "acme.example", false)],
            Vec::new(),
            org(),
        ),
        ("another domain", Some(caller_with_email("dev@globex.example")), verified(), Vec::new(), org()),
        ("no verified email", Some(caller_with_email("")), verified(), Vec::new(), org()),
        ("no identity", None, verified(), Vec::new(), org()),
        ("already a member", Some(caller_with_email("dev@acme.example")), verified(), member, org()),
    ];
    for (why, me, orgs, grants, target) in cases {
        let mut store = onboarding_store(me, orgs, grants);
        store.expect_request_group_access().never();
        let env = env(store);
        assert_eq!(
            run(env.services.groups.request_access(&nobody(), target.as_str())),
            Err(Error::NotFound(format!("group {target} does not exist"))),
            "{why}"
        );
    }
}

#[test]
fn request_access_with_a_malformed_uid_is_invalid_argument_on_group_uid() {
    let env = env(no_group_writes());
    let err = run(env.services.groups.request_access(&nobody(), "acme")).unwrap_err();
    assert_eq!(err.code(), grove_domain::error::Code::InvalidArgument);
    let Error::InvalidArgument(violations) = err else { unreachable!() };
    assert_eq!(violations[0].field, "group_uid");
}

#[test]
fn a_repeated_request_passes_the_stores_resource_exhausted_through() {
    let mut store = onboarding_store(
        Some(caller_with_email("dev@acme.example")),
        vec![organization(&org(), "acme.example", true)],
        Vec::new(),
    );
    let repeat =
        Error::ResourceExhausted(format!("identity {} already asked for access to group {}", caller_uid(), org()));
    let returned = repeat.clone();
    store.expect_request_group_access().times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    assert_eq!(run(env.services.groups.request_access(&nobody(), org().as_str())), Err(repeat));
}
