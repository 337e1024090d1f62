//! The Authenticator: `Bearer` tokens only, verifier errors pass through, grants come from
//! the store, configured root identities may create organizations, a token whose identity
//! no longer exists is refused, and a token narrowed by `cap` or `scopes` gives a caller
//! marked as narrowed.

use std::sync::Arc;

use grove_domain::authz::{Grant, Principal, Restriction};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::error::Error;
use grove_domain::ports::{MockApiTokenVerifier, VerifiedToken};

use crate::common::*;

fn verifier_for(token: &'static str) -> MockApiTokenVerifier {
    let mut verifier = MockApiTokenVerifier::new();
    verifier
        .expect_verify()
        .withf(move |t| t == token)
        .times(1)
        .returning(|_| Ok(VerifiedToken::new(caller_uid(), ts(T0 + 3_600_000))));
    verifier
}

fn viewer_grant() -> Grant {
    Grant { group: group_a(), capabilities: role_capabilities("viewer") }
}

fn store_with_grants() -> MockStore {
    let mut store = MockStore::new();
    store.expect_grants_of().withf(|id| *id == caller_uid()).times(1).returning(|_| Ok(Some(vec![viewer_grant()])));
    store
}

fn untouched() -> (MockStore, MockApiTokenVerifier) {
    let mut store = MockStore::new();
    store.expect_grants_of().never();
    let mut verifier = MockApiTokenVerifier::new();
    verifier.expect_verify().never();
    (store, verifier)
}

#[test]
fn missing_authorization_header_is_unauthenticated() {
    let (store, verifier) = untouched();
    let env = env_with(store, Arc::new(SeqIds::default()), verifier, Vec::new());
    let err = run(env.services.auth.authenticate(None)).unwrap_err();
    assert_eq!(err, Error::Unauthenticated("the request has no Authorization header".to_owned()));
    assert_eq!(err.code().number(), 16);
}

#[test]
fn non_bearer_or_empty_bearer_header_is_unauthenticated() {
    let (store, verifier) = untouched();
    let env = env_with(store, Arc::new(SeqIds::default()), verifier, Vec::new());
    for header in ["Basic x", "Bearer", "Bearer ", "Bearer    ", "Token abc", ""] {
        let err = run(env.services.auth.authenticate(Some(header))).unwrap_err();
        assert_eq!(
            err,
            Error::Unauthenticated("the Authorization header must be \"Bearer <token>\"".to_owned()),
            "{header:?}"
        );
    }
}

#[test]
fn verifier_error_passes_through_and_loads_no_grants() {
    let mut store = MockStore::new();
    store.expect_grants_of().never();
    let mut verifier = MockApiTokenVerifier::new();
    verifier.expect_verify().times(1).returning(|_| Err(Error::Unauthenticated("the token has expired".to_owned())));
    let env = env_with(store, Arc::new(SeqIds::default()), verifier, Vec::new());
    let err = run(env.services.auth.authenticate(Some("Bearer stale"))).unwrap_err();
    assert_eq!(err, Error::Unauthenticated("the token has expired".to_owned()));
}

#[test]
fn bearer_token_is_verified_and_the_callers_grants_are_loaded() {
    let env = env_with(store_with_grants(), Arc::new(SeqIds::default()), verifier_for("tok.en"), Vec::new());
    let principal = run(env.services.auth.authenticate(Some("Bearer tok.en"))).unwrap();
    assert_eq!(principal, Principal::new(caller_uid(), vec![viewer_grant()], CapabilitySet::new()));
    assert!(!principal.can_at_root(Capability::GroupsCreate));
}

#[test]
fn lowercase_bearer_scheme_is_accepted() {
    let env = env_with(store_with_grants(), Arc::new(SeqIds::default()), verifier_for("abc"), Vec::new());
    let principal = run(env.services.auth.authenticate(Some("bearer abc"))).unwrap();
    assert_eq!(principal.identity(), &caller_uid());
}

#[test]
fn root_identity_gets_groups_create_at_the_root() {
    let env =
        env_with(store_with_grants(), Arc::new(SeqIds::default()), verifier_for("root-token"), vec![caller_uid()]);
    let principal = run(env.services.auth.authenticate(Some("Bearer root-token"))).unwrap();
    assert_eq!(
        principal,
        Principal::new(caller_uid(), vec![viewer_grant()], [Capability::GroupsCreate].into_iter().collect())
    );
    assert!(principal.can_at_root(Capability::GroupsCreate));
    assert!(!principal.can_at_root(Capability::GroupsDelete));
}

#[test]
fn store_failure_while_loading_grants_passes_through() {
    let mut store = MockStore::new();
    store.expect_grants_of().times(1).returning(|_| Err(Error::Unavailable("the store is unreachable".to_owned())));
    let env = env_with(store, Arc::new(SeqIds::default()), verifier_for("tok"), Vec::new());
    let err = run(env.services.auth.authenticate(Some("Bearer tok"))).unwrap_err();
    assert_eq!(err, Error::Unavailable("the store is unreachable".to_owned()));
}

#[test]
fn a_token_of_an_identity_that_no_longer_exists_is_unauthenticated_and_that_answer_is_cached() {
    let mut store = MockStore::new();
    store.expect_grants_of().withf(|id| *id == caller_uid()).times(1).returning(|_| Ok(None));
    let mut verifier = MockApiTokenVerifier::new();
    verifier.expect_verify().times(2).returning(|_| Ok(VerifiedToken::new(caller_uid(), ts(T0 + 3_600_000))));
    let env = env_with(store, Arc::new(SeqIds::default()), verifier, vec![caller_uid()]);
    for _ in 0..2 {
        let err = run(env.services.auth.authenticate(Some("Bearer orphan"))).unwrap_err();
        assert_eq!(err, Error::Unauthenticated(format!("identity {} of this token no longer exists", caller_uid())));
        assert_eq!(err.code().number(), 16);
    }
}

#[test]
fn a_token_narrowed_by_cap_or_scopes_gives_a_narrowed_caller_and_an_unnarrowed_one_does_not() {
    let viewer = role_capabilities("viewer");
    let narrowings = [
        Restriction { capabilities: Some([Capability::GroupsList].into_iter().collect()), scopes: None },
        Restriction { capabilities: None, scopes: Some(vec![group_a()]) },
        // A narrowing that keeps every capability the binding grants is a narrowing still.
        Restriction { capabilities: Some(viewer.clone()), scopes: Some(vec![group_a()]) },
    ];
    for restriction in narrowings {
        let mut verifier = MockApiTokenVerifier::new();
        let given = restriction.clone();
        verifier.expect_verify().times(1).returning(move |_| {
            Ok(VerifiedToken { restriction: given.clone(), ..VerifiedToken::new(caller_uid(), ts(T0 + 3_600_000)) })
        });
        let env = env_with(store_with_grants(), Arc::new(SeqIds::default()), verifier, Vec::new());
        let principal = run(env.services.auth.authenticate(Some("Bearer narrow"))).unwrap();
        assert!(principal.is_narrowed(), "{restriction:?}");
        assert!(principal.can(Capability::GroupsList, &group_a()), "{restriction:?}");
    }
    let env = env_with(store_with_grants(), Arc::new(SeqIds::default()), verifier_for("wide"), Vec::new());
    let principal = run(env.services.auth.authenticate(Some("Bearer wide"))).unwrap();
    assert!(!principal.is_narrowed());
    assert_eq!(
        principal,
        Principal::new(caller_uid(), vec![Grant { group: group_a(), capabilities: viewer }], CapabilitySet::new())
    );
}
