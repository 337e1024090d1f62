//! GroupInviteService and RegistrationService on mocks: validation naming every bad field,
//! the two capabilities a create needs, the code signed with the invite's claims and never
//! stored, and a redemption refused before any store write when the code is garbage,
//! expired or bound to another email, or passed to the store with the binding and events.

use grove_domain::authz::{Grant, Principal};
use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::error::{Error, FieldViolation};
use grove_domain::events::EventType;
use grove_domain::model::{EmailVoucher, InviteClaims, InviteEmail};
use grove_domain::ports::InviteCodes as _;
use grove_domain::services::GroupInviteInput;
use grove_domain::Uidp;

use crate::common::*;

fn input() -> GroupInviteInput {
    GroupInviteInput {
        role_uid: VIEWER.to_owned(),
        email: "dev@acme.example".to_owned(),
        ttl: Some(chrono::Duration::hours(1)),
        single_use: true,
    }
}

fn viewer_role() -> grove_domain::model::Role {
    grove_domain::builtin::built_in_roles(ts(0))
        .into_iter()
        .find(|r| r.uid.as_str() == VIEWER)
        .expect("viewer is built in")
}

#[test]
fn create_signs_the_invites_claims_into_the_code_and_stores_the_invite_without_it() {
    let mut store = MockStore::new();
    store.expect_get_role().returning(|_| Ok(Some(viewer_role())));
    store
        .expect_create_group_invite()
        .withf(|invite, event| {
            invite.uid == nth_child(&group_a(), 1)
                && invite.key_id == TEST_KEY_ID
                && invite.expiration_time == ts(T0 + 3_600_000)
                && invite.single_use
                && invite.used_time.is_none()
                && event.event_type == EventType::GroupInviteCreated
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let view = run(env.services.group_invites.create(&bound("owner", &org()), group_a().as_str(), input())).unwrap();
    let claims =
        TestKeys(grove_domain::ports::MockApiTokenVerifier::new()).verify(view.code.as_deref().unwrap()).unwrap();
    assert_eq!(
        claims,
        InviteClaims {
            invite: nth_child(&group_a(), 1),
            role: Uidp::from_static(VIEWER),
            email: "dev@acme.example".to_owned(),
            single_use: true,
            expires_at: ts(T0 + 3_600_000),
        }
    );
    assert_eq!(view.role, Some(viewer_role()));
}

#[test]
fn create_names_every_bad_field_before_anything_is_read() {
    let mut store = MockStore::new();
    store.expect_get_role().never();
    store.expect_create_group_invite().never();
    let env = env(store);
    let bad = GroupInviteInput { role_uid: String::new(), email: "nope".to_owned(), ttl: None, single_use: false };
    let err = run(env.services.group_invites.create(&bound("owner", &org()), "not-a-uid", bad)).unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            FieldViolation::new(
                "parent",
                "parent must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters",
            ),
            FieldViolation::new("roleUid", "roleUid is required"),
            FieldViolation::new("email", "email must be an email address such as name@example.com"),
            FieldViolation::new("ttl", "ttl is required"),
        ])
    );
}

#[test]
fn create_needs_role_bindings_create_besides_group_invites_create() {
    let mut store = MockStore::new();
    store.expect_create_group_invite().never();
    let env = env(store);
    let err =
        run(env.services.group_invites.create(&bound("editor", &org()), group_a().as_str(), input())).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks group_invites.create on {}", group_a())));
    let invisible = run(env.services.group_invites.create(&bound("owner", &group_b()), group_a().as_str(), input()));
    assert_eq!(invisible.unwrap_err(), Error::NotFound(format!("group {} does not exist", group_a())));
}

fn code(claims: &InviteClaims) -> String {
    TestKeys(grove_domain::ports::MockApiTokenVerifier::new()).sign(claims).expect("test codes sign").code
}

fn claims(email: &str, expires_at: i64) -> InviteClaims {
    InviteClaims {
        invite: nth_child(&group_a(), 7),
        role: Uidp::from_static(OWNER),
        email: email.to_owned(),
        single_use: true,
        expires_at: ts(expires_at),
    }
}

#[test]
fn register_refuses_garbage_expired_and_other_email_codes_without_writing() {
    let mut store = MockStore::new();
    store.expect_redeem_group_invite().never();
    let mut me = identity(&caller_uid(), "caller");
    me.email = "dev@acme.example".to_owned();
    store.expect_get_identity().returning(move |_| Ok(Some(me.clone())));
    let env = env(store);
    let caller = nobody();
    let reg = &env.services.registration;
    assert_eq!(
        run(reg.register(&caller, "garbage", "")).unwrap_err(),
        Error::invalid("code", "code is not a valid invite code")
    );
    assert_eq!(
        run(reg.register(&caller, " ", "")).unwrap_err(),
        Error::invalid("code", "code is required: the invite code to redeem")
    );
    let expired = code(&claims("", T0));
    assert_eq!(
        run(reg.register(&caller, &expired, "")).unwrap_err(),
        Error::precondition("INVITE_EXPIRED", format!("the invite expired at {}", ts(T0)))
    );
    let other = code(&claims("someone@acme.example", T0 + 1));
    assert_eq!(
        run(reg.register(&caller, &other, "")).unwrap_err(),
        Error::PermissionDenied("the invite is for another email address than the caller's verified email".to_owned())
    );
    let not_me = run(reg.register(&caller, &other, group_b().as_str())).unwrap_err();
    assert_eq!(not_me, Error::invalid("identity_id", "identity_id must be the caller's own identity"));
}

#[test]
fn register_hands_the_store_the_binding_at_the_invites_group_and_both_events() {
    let mut store = MockStore::new();
    let mut me = identity(&caller_uid(), "caller");
    me.email = "Dev@Acme.example".to_owned();
    me.email_voucher = EmailVoucher::DefaultProvider;
    store.expect_get_identity().returning(move |_| Ok(Some(me.clone())));
    store
        .expect_redeem_group_invite()
        .withf(|invite, binding, bound, registered| {
            *invite == nth_child(&group_a(), 7)
                && binding.uid.parent() == Some(group_a())
                && binding.identity_uid == caller_uid()
                && binding.role_uid == Uidp::from_static(OWNER)
                && bound.event_type == EventType::RoleBindingCreated
                && registered.event_type == EventType::Registered
                && registered.group == group_a()
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    let env = env(store);
    let joined =
        run(env.services.registration.register(&nobody(), &code(&claims("dev@acme.example", T0 + 1)), "")).unwrap();
    assert_eq!((joined.identity, joined.group), (caller_uid(), group_a()));
    assert!(InviteEmail::parse("email", "dev@acme.example").unwrap().admits("DEV@acme.example"));
}

#[test]
fn an_email_bound_invite_trusts_only_the_default_provider_or_a_provider_of_its_own_organization() {
    let own_provider = group_a().root().random_child();
    let foreign_provider = Uidp::random_root().random_child();
    let cases = [
        (EmailVoucher::Workload, false),
        (EmailVoucher::Provider(foreign_provider), false),
        (EmailVoucher::Provider(own_provider), true),
        (EmailVoucher::DefaultProvider, true),
    ];
    for (voucher, admitted) in cases {
        let mut store = MockStore::new();
        let mut me = identity(&caller_uid(), "caller");
        me.email = "ceo@corp.example".to_owned();
        me.email_voucher = voucher.clone();
        store.expect_get_identity().returning(move |_| Ok(Some(me.clone())));
        store.expect_redeem_group_invite().times(usize::from(admitted)).returning(|_, _, _, _| Ok(()));
        let env = env(store);
        let answer = run(env.services.registration.register(&nobody(), &code(&claims("ceo@corp.example", T0 + 1)), ""));
        if admitted {
            assert!(answer.is_ok(), "{voucher:?}: {answer:?}");
        } else {
            assert_eq!(
                answer.unwrap_err(),
                Error::PermissionDenied(
                    "the invite is for another email address than the caller's verified email".to_owned()
                ),
                "{voucher:?}"
            );
        }
    }
}

#[test]
fn an_invite_to_a_role_beyond_its_author_is_refused_naming_every_capability_it_lacks() {
    let mut store = MockStore::new();
    let owner = role(&Uidp::from_static(OWNER), "owner", &role_capabilities("owner").iter().collect::<Vec<_>>());
    store.expect_get_role().returning(move |_| Ok(Some(owner.clone())));
    store.expect_create_group_invite().never();
    let env = env(store);
    let held = [Capability::GroupsList, Capability::GroupInvitesCreate, Capability::RoleBindingsCreate];
    let inviter = Principal::new(
        caller_uid(),
        vec![Grant { group: org(), capabilities: held.iter().copied().collect() }],
        CapabilitySet::new(),
    );
    let err = run(env.services.group_invites.create(
        &inviter,
        group_a().as_str(),
        GroupInviteInput { role_uid: OWNER.to_owned(), ..input() },
    ))
    .unwrap_err();
    let missing: Vec<&str> =
        role_capabilities("owner").iter().filter(|c| !held.contains(c)).map(Capability::dotted_name).collect();
    assert!(missing.len() > 1 && missing[..3] == ["groups.create", "groups.update", "groups.delete"], "{missing:?}");
    assert_eq!(
        err,
        Error::PermissionDenied(format!(
            "the caller lacks {} on {}, which role {OWNER} grants",
            missing.join(", "),
            group_a()
        ))
    );
}
