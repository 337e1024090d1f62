//! ScimService on mocks: a `cgscim_` token answered once with only its SHA-256 written, the
//! expiry and overlap rules, the etag every write compares, the two-owner rule, the
//! capabilities (`identity_providers.scim.manage`, and `.list` without which the provider
//! does not exist), the events written; and the SCIM state identity provider reads report
//! (Get in full, List short, from one batch read per page).

use std::sync::{Arc, Mutex};

use grove_domain::authz::{Grant, Principal};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::error::{Error, FieldViolation};
use grove_domain::events::EventType;
use grove_domain::listing::{ListFilter, PageRequest};
use grove_domain::model::{CredentialState, ScimCredential, ScimOutcome, ScimStatus};
use grove_domain::services::{sha256_hex, ScimExpiry};
use grove_domain::Uidp;

use crate::common::*;

const HOUR_MS: i64 = 3_600_000;

fn idp() -> Uidp {
    nth_child(&group_a(), 1)
}

/// One `put_scim_credential` call as the store saw it.
#[derive(Debug, Clone)]
struct Write {
    next: ScimCredential,
    expected_etag: String,
    outcome: ScimOutcome,
    event: (EventType, Uidp),
}

/// A store holding the provider (and `state`, if any) that records every SCIM write.
fn store_with(state: Option<ScimCredential>, owners: usize) -> (MockStore, Arc<Mutex<Vec<Write>>>) {
    let writes = Arc::new(Mutex::new(Vec::new()));
    let mut store = MockStore::new();
    store.expect_get_identity_provider().returning(|uid| Ok((*uid == idp()).then(|| provider(uid))));
    store.expect_get_scim_credential().returning(move |_| Ok(state.clone()));
    store.expect_count_org_owner_bindings().returning(move |_| Ok(owners));
    let seen = writes.clone();
    store.expect_put_scim_credential().returning(move |next, expected, outcome, event| {
        seen.lock().expect("not poisoned").push(Write {
            next: next.clone(),
            expected_etag: expected.to_owned(),
            outcome: outcome.clone(),
            event: (event.event_type, event.subject.clone()),
        });
        Ok(())
    });
    (store, writes)
}

fn writes_of(writes: &Arc<Mutex<Vec<Write>>>) -> Vec<Write> {
    writes.lock().expect("not poisoned").clone()
}

/// A live token issued a day ago, expiring in `expires_in` ms.
fn live(expires_in: i64) -> ScimCredential {
    ScimCredential {
        token_sha256: Some(sha256_hex("cgscim_old")),
        expire_time: Some(ts(T0 + expires_in)),
        etag: "e1".to_owned(),
        update_time: ts(T0 - DAY_MS),
        ..ScimCredential::empty(idp(), ts(T0 - DAY_MS))
    }
}

fn violations(err: Error) -> Vec<(String, String)> {
    match err {
        Error::InvalidArgument(v) => {
            v.into_iter().map(|FieldViolation { field, description }| (field, description)).collect()
        }
        other => panic!("expected INVALID_ARGUMENT, got {other:?}"),
    }
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(f, d)| ((*f).to_owned(), (*d).to_owned())).collect()
}

fn owner() -> Principal {
    bound("owner", &org())
}

#[test]
fn generate_answers_a_cgscim_token_once_and_writes_only_its_digest_with_a_generated_event() {
    let (store, writes) = store_with(None, 1);
    let env = crate::common::env(store);
    let issued = run(env.services.scim.generate(&owner(), idp().as_str(), ScimExpiry::default())).unwrap();
    let token = issued.token.clone().unwrap();
    let hex = token.strip_prefix("cgscim_").unwrap();
    assert!(hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "{token}");
    assert_eq!(issued.expire_time, Some(ts(T0 + 365 * DAY_MS)), "one year when no expiry is asked for");
    assert_eq!(issued.endpoint_url, format!("/scim/v2/{}", idp()));

    let [w] = &writes_of(&writes)[..] else { panic!("one write") };
    assert_eq!(w.expected_etag, "", "nothing was stored before");
    assert_eq!(
        w.next,
        ScimCredential {
            token_sha256: Some(sha256_hex(&token)),
            expire_time: Some(ts(T0 + 365 * DAY_MS)),
            etag: issued.etag.clone(),
            ..ScimCredential::empty(idp(), ts(T0))
        }
    );
    assert_ne!(issued.etag, "0", "a write changes the etag");
    assert_eq!(w.event, (EventType::ScimTokenGenerated, idp()));
    match &w.outcome {
        ScimOutcome::Issued(event_data) => assert_eq!(event_data.token, None, "the event never carries the token"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn generate_names_every_bad_field_before_anything_is_read() {
    let mut store = MockStore::new();
    store.expect_get_identity_provider().never();
    store.expect_put_scim_credential().never();
    let env = crate::common::env(store);
    let scim = &env.services.scim;
    let both = ScimExpiry { expire_time: Some(ts(T0 + DAY_MS)), never_expires: true };
    let err = run(scim.generate(&owner(), "nope", both)).unwrap_err();
    assert_eq!(
        violations(err),
        pairs(&[
            (
                "identityProviderUid",
                "identityProviderUid must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters",
            ),
            ("expireTime", "give expireTime or neverExpires, not both"),
        ])
    );
    for (at, description) in
        [(T0, "expireTime must be in the future"), (T0 + 731 * DAY_MS, "expireTime may be at most 730 days ahead")]
    {
        let expiry = ScimExpiry { expire_time: Some(ts(at)), never_expires: false };
        let err = run(scim.generate(&owner(), idp().as_str(), expiry)).unwrap_err();
        assert_eq!(violations(err), pairs(&[("expireTime", description)]));
    }
}

#[test]
fn generate_refuses_while_a_token_exists_and_issues_again_after_a_revocation() {
    let (store, writes) = store_with(Some(live(DAY_MS)), 1);
    let env = crate::common::env(store);
    let err = run(env.services.scim.generate(&owner(), idp().as_str(), ScimExpiry::default())).unwrap_err();
    assert_eq!(
        err,
        Error::precondition(
            "SCIM_TOKEN_EXISTS",
            format!("identity provider {} already has a SCIM token; regenerate or revoke it", idp())
        )
    );
    assert!(writes_of(&writes).is_empty());

    let revoked =
        ScimCredential { token_sha256: None, expire_time: None, revoke_time: Some(ts(T0 - 1)), ..live(DAY_MS) };
    let (store, writes) = store_with(Some(revoked), 1);
    let env = crate::common::env(store);
    let never = ScimExpiry { expire_time: None, never_expires: true };
    let issued = run(env.services.scim.generate(&owner(), idp().as_str(), never)).unwrap();
    assert_eq!(issued.expire_time, None, "a token that never expires");
    let [w] = &writes_of(&writes)[..] else { panic!("one write") };
    assert_eq!(w.expected_etag, "e1", "the write compares the stored etag");
    assert_eq!(w.next.state(ts(T0)), CredentialState::Live);
}

#[test]
fn every_scim_method_needs_scim_manage_and_a_provider_the_caller_may_list() {
    let (store, writes) = store_with(Some(live(DAY_MS)), 2);
    let env = crate::common::env(store);
    let scim = &env.services.scim;
    let uid = idp();
    let manage_only = Principal::new(
        caller_uid(),
        vec![Grant { group: org(), capabilities: [Capability::ScimManage].into_iter().collect::<CapabilitySet>() }],
        CapabilitySet::new(),
    );
    let missing = nth_child(&group_a(), 9);
    let hidden = |uid: &Uidp| Error::NotFound(format!("identity provider {uid} does not exist"));
    for (caller, target, expected) in [
        (
            bound("viewer", &org()),
            &uid,
            Error::PermissionDenied(format!("the caller lacks identity_providers.scim.manage on {uid}")),
        ),
        (bound("owner", &group_b()), &uid, hidden(&uid)),
        (manage_only, &uid, hidden(&uid)),
        (owner(), &missing, hidden(&missing)),
    ] {
        let t = target.as_str();
        assert_eq!(run(scim.generate(&caller, t, ScimExpiry::default())).unwrap_err(), expected, "generate");
        assert_eq!(run(scim.regenerate(&caller, t, None, ScimExpiry::default(), "e1")).unwrap_err(), expected);
        assert_eq!(run(scim.revoke(&caller, t)).unwrap_err(), expected, "revoke");
        assert_eq!(run(scim.set_enabled(&caller, t, true, "e1")).unwrap_err(), expected, "set_enabled");
    }
    assert!(writes_of(&writes).is_empty(), "no refused call wrote");
}

#[test]
fn regenerate_keeps_the_old_token_for_the_overlap_capped_at_a_day_and_never_past_its_expiry() {
    let cases = [
        // (overlap asked, old token expires in, expected previous expiry, expected overlap)
        (None, DAY_MS, Some(T0 + HOUR_MS), 3_600_000),
        (Some(3 * DAY_MS), 30 * DAY_MS, Some(T0 + DAY_MS), 86_400_000),
        (Some(2 * HOUR_MS), HOUR_MS / 2, Some(T0 + HOUR_MS / 2), 7_200_000),
        (Some(0), DAY_MS, None, 0),
    ];
    for (overlap, expires_in, previous, applied) in cases {
        let (store, writes) = store_with(Some(live(expires_in)), 1);
        let env = crate::common::env(store);
        let issued =
            run(env.services.scim.regenerate(&owner(), idp().as_str(), overlap, ScimExpiry::default(), "e1")).unwrap();
        assert_eq!(issued.previous_token_expire_time, previous.map(ts), "{overlap:?}");
        assert_eq!(issued.requested_overlap_millis, Some(applied), "{overlap:?}");
        let [w] = &writes_of(&writes)[..] else { panic!("one write") };
        assert_eq!(w.expected_etag, "e1");
        assert_eq!(w.event, (EventType::ScimTokenRegenerated, idp()));
        assert_eq!(w.next.token_sha256, Some(sha256_hex(issued.token.as_deref().unwrap())));
        let old = previous.map(|_| sha256_hex("cgscim_old"));
        assert_eq!((w.next.previous_token_sha256.clone(), w.next.previous_expire_time), (old, previous.map(ts)));
        let state = if previous.is_some() { CredentialState::Rotating } else { CredentialState::Live };
        assert_eq!(w.next.state(ts(T0)), state, "{overlap:?}");
    }
}

#[test]
fn regenerate_refuses_bad_input_a_stale_etag_and_a_provider_without_a_token() {
    let (store, writes) = store_with(Some(live(DAY_MS)), 1);
    let env = crate::common::env(store);
    let scim = &env.services.scim;
    let err = run(scim.regenerate(&owner(), idp().as_str(), Some(-1), ScimExpiry::default(), "")).unwrap_err();
    assert_eq!(violations(err), pairs(&[("etag", "etag is required"), ("overlap", "overlap must not be negative")]));
    let stale = run(scim.regenerate(&owner(), idp().as_str(), None, ScimExpiry::default(), "e0")).unwrap_err();
    assert_eq!(
        stale,
        Error::precondition(
            "ETAG_MISMATCH",
            format!(
                "the SCIM state of identity provider {} changed; fetch it again and retry with the current etag",
                idp()
            )
        )
    );
    assert!(writes_of(&writes).is_empty());

    let (store, _) = store_with(None, 1);
    let env = crate::common::env(store);
    let err = run(env.services.scim.regenerate(&owner(), idp().as_str(), None, ScimExpiry::default(), "0"));
    assert_eq!(
        err.unwrap_err(),
        Error::NotFound(format!("identity provider {} has no SCIM token to regenerate", idp()))
    );
}

#[test]
fn revoke_drops_both_tokens_at_once_and_leaves_the_switch() {
    let rotating = ScimCredential {
        enabled: true,
        previous_token_sha256: Some(sha256_hex("cgscim_older")),
        previous_expire_time: Some(ts(T0 + HOUR_MS)),
        ..live(DAY_MS)
    };
    let (store, writes) = store_with(Some(rotating), 2);
    let env = crate::common::env(store);
    let revoked = run(env.services.scim.revoke(&owner(), idp().as_str())).unwrap();
    assert_eq!((revoked.enabled, revoked.revoke_time), (true, ts(T0)));
    let [w] = &writes_of(&writes)[..] else { panic!("one write") };
    assert_eq!(w.expected_etag, "e1");
    assert_eq!(w.event, (EventType::ScimTokenRevoked, idp()));
    assert_eq!((&w.next.token_sha256, &w.next.previous_token_sha256, w.next.revoke_time), (&None, &None, Some(ts(T0))));
    assert_eq!(w.next.etag, revoked.etag);
    assert_eq!(w.next.state(ts(T0)), CredentialState::Revoked);
}

#[test]
fn enabling_needs_two_owner_bindings_on_the_organization_and_disabling_none() {
    let (store, writes) = store_with(None, 1);
    let env = crate::common::env(store);
    let scim = &env.services.scim;
    let err = run(scim.set_enabled(&owner(), idp().as_str(), true, "0")).unwrap_err();
    assert_eq!(
        err,
        Error::precondition(
            "TOO_FEW_OWNERS",
            format!(
                "SCIM can be enabled only when organization {} has at least 2 bindings of role {} (it has 1)",
                org(),
                grove_domain::builtin::owner_role_uid()
            )
        )
    );
    assert_eq!(
        violations(run(scim.set_enabled(&owner(), idp().as_str(), true, "")).unwrap_err()),
        pairs(&[("etag", "etag is required")])
    );
    assert!(writes_of(&writes).is_empty());
    let set = run(scim.set_enabled(&owner(), idp().as_str(), false, "0")).unwrap();
    assert!(!set.enabled);
    let [w] = &writes_of(&writes)[..] else { panic!("one write") };
    assert_eq!((w.expected_etag.as_str(), w.event.0), ("", EventType::ScimEnabledUpdated));

    let mut store = MockStore::new();
    store.expect_get_identity_provider().returning(|uid| Ok(Some(provider(uid))));
    store.expect_get_scim_credential().returning(|_| Ok(None));
    store.expect_count_org_owner_bindings().withf(|o| *o == org()).times(1).returning(|_| Ok(2));
    store
        .expect_put_scim_credential()
        .withf(|next, expected, _, event| {
            next.enabled && expected.is_empty() && event.event_type == EventType::ScimEnabledUpdated
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    let env = crate::common::env(store);
    let on = run(env.services.scim.set_enabled(&owner(), idp().as_str(), true, "0")).unwrap();
    assert!(on.enabled);
}

#[test]
fn get_reports_the_scim_state_in_full_and_list_its_short_form_from_one_batch_read() {
    let rotating = ScimCredential {
        enabled: true,
        previous_token_sha256: Some(sha256_hex("cgscim_older")),
        previous_expire_time: Some(ts(T0 + HOUR_MS)),
        ..live(DAY_MS)
    };
    let other = nth_child(&group_a(), 2);
    let mut store = MockStore::new();
    store.expect_get_identity_provider().returning(|uid| Ok(Some(provider(uid))));
    let state = rotating.clone();
    store.expect_get_scim_credential().times(1).returning(move |_| Ok(Some(state.clone())));
    let listed = other.clone();
    store
        .expect_list_identity_providers()
        .times(1)
        .returning(move |_| Ok(store_page(vec![provider(&idp()), provider(&listed)], 2)));
    let batch = rotating.clone();
    let asked = other.clone();
    store
        .expect_get_scim_credentials()
        .withf(move |uids| uids == [idp(), asked.clone()])
        .times(1)
        .returning(move |_| Ok(vec![batch.clone()]));
    let env = crate::common::env(store);
    let viewer = bound("viewer", &org());
    let endpoint = |uid: &Uidp| format!("/scim/v2/{uid}");

    let got = run(env.services.identity_providers.get(&viewer, idp().as_str())).unwrap();
    assert_eq!(
        got.scim,
        ScimStatus {
            enabled: true,
            endpoint_url: endpoint(&idp()),
            token_expire_time: Some(ts(T0 + DAY_MS)),
            previous_token_expire_time: Some(ts(T0 + HOUR_MS)),
            credential_state: Some(CredentialState::Rotating),
            etag: "e1".to_owned(),
        }
    );
    assert_eq!(got.provider, provider(&idp()));

    let page =
        run(env.services.identity_providers.list(&viewer, ListFilter::default(), &PageRequest::default())).unwrap();
    let states: Vec<ScimStatus> = page.items.into_iter().map(|v| v.scim).collect();
    assert_eq!(
        states,
        vec![
            ScimStatus {
                enabled: true,
                endpoint_url: endpoint(&idp()),
                token_expire_time: None,
                previous_token_expire_time: Some(ts(T0 + HOUR_MS)),
                credential_state: None,
                etag: "e1".to_owned(),
            },
            ScimStatus {
                enabled: false,
                endpoint_url: endpoint(&other),
                token_expire_time: None,
                previous_token_expire_time: None,
                credential_state: None,
                etag: "0".to_owned(),
            },
        ]
    );
}

#[test]
fn an_empty_page_of_providers_reads_no_scim_state() {
    let mut store = MockStore::new();
    store.expect_list_identity_providers().returning(|_| Ok(store_page(Vec::new(), 0)));
    store.expect_get_scim_credentials().never();
    let env = crate::common::env(store);
    let page = run(env.services.identity_providers.list(
        &bound("viewer", &org()),
        ListFilter::default(),
        &PageRequest::default(),
    ));
    assert!(page.unwrap().items.is_empty());
}
