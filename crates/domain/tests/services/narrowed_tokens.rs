//! Tokens narrowed by `cap` or `scopes` do only what their narrowing allows. The
//! self-service writes on the caller's own identity (redeeming an invite, updating its
//! metadata, asking to join an organization) need no capability, so no narrowing covers them:
//! they are refused before anything is read, even when the token's scopes hold the group. The
//! read-only self-service lookups stay open to a narrowed token.

use grove_domain::authz::{Grant, Principal};
use grove_domain::builtin::OWNER;
use grove_domain::capability::CapabilitySet;
use grove_domain::error::Error;
use grove_domain::model::{Group, InviteClaims};
use grove_domain::ports::InviteCodes as _;
use grove_domain::services::IdentityMetadataInput;
use grove_domain::Uidp;

use crate::common::*;

fn refused(action: &str) -> Error {
    Error::PermissionDenied(format!(
        "a token narrowed by cap or scopes cannot {action}; use a token exchanged without cap and scopes"
    ))
}

/// An owner of the organization whose token is narrowed (to anything: what the narrowing
/// kept is irrelevant to these actions).
fn narrowed_owner() -> Principal {
    bound("owner", &org()).narrowed()
}

/// A narrowed caller holding `owner` at group A, the group an invite below is for: the token
/// was exchanged with `scopes` = A.
fn scoped_to_group_a() -> Principal {
    Principal::new(
        caller_uid(),
        vec![Grant { group: group_a(), capabilities: role_capabilities("owner") }],
        CapabilitySet::new(),
    )
    .narrowed()
}

/// A valid code for an invite to group A bound to no email.
fn invite_to_group_a() -> String {
    let claims = InviteClaims {
        invite: nth_child(&group_a(), 7),
        role: Uidp::from_static(OWNER),
        email: String::new(),
        single_use: false,
        expires_at: ts(T0 + DAY_MS),
    };
    TestKeys(grove_domain::ports::MockApiTokenVerifier::new()).sign(&claims).expect("test codes sign").code
}

#[test]
fn a_narrowed_token_cannot_redeem_an_invite_even_to_a_group_inside_its_scopes() {
    // A store with no expectations: any read or write fails the test.
    let env = env(MockStore::new());
    for caller in [narrowed_owner(), scoped_to_group_a()] {
        let err = run(env.services.registration.register(&caller, &invite_to_group_a(), "")).unwrap_err();
        assert_eq!(err, refused("redeem invites"));
        assert_eq!(err.code().number(), 7);
    }
}

#[test]
fn a_narrowed_token_cannot_update_its_identity_metadata() {
    let env = env(MockStore::new());
    let input = IdentityMetadataInput { job_title: Some("owner".to_owned()), ..IdentityMetadataInput::default() };
    let err = run(env.services.identities.update_metadata(&narrowed_owner(), input)).unwrap_err();
    assert_eq!(err, refused("update identity metadata"));
}

#[test]
fn a_narrowed_token_cannot_request_access_to_an_organization() {
    let env = env(MockStore::new());
    let err = run(env.services.groups.request_access(&narrowed_owner(), org().as_str())).unwrap_err();
    assert_eq!(err, refused("request access to an organization"));
}

#[test]
fn a_narrowed_token_may_still_use_the_read_only_self_service_lookups() {
    let verified = Group { verified: true, ..group(&org(), "acme.example") };
    let mut me = identity(&caller_uid(), "dev");
    me.email = "dev@acme.example".to_owned();
    me.email_voucher = grove_domain::model::EmailVoucher::DefaultProvider;
    let mut store = MockStore::new();
    store.expect_get_identity().returning(move |_| Ok(Some(me.clone())));
    let listed = verified.clone();
    store.expect_list_groups().returning(move |_| Ok(store_page(vec![listed.clone()], 1)));
    store.expect_grants_of().returning(|_| Ok(Some(Vec::new())));
    let env = env(store);
    let caller = nobody().narrowed();
    assert_eq!(run(env.services.groups.lookup(&caller)), Ok(verified));
    assert_eq!(run(env.services.groups.check_eligibility(&caller)), Ok(true));
    assert_eq!(
        env.services.identities.lookup(&caller, "https://issuer.example.com", "dev"),
        Ok(Uidp::person("https://issuer.example.com", "dev"))
    );
}
