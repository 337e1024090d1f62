//! SCIM credentials: a first write needs no stored state, later writes the stored etag
//! (a stale one writes nothing), the provider must exist, the state goes with its provider,
//! owner bindings are counted on the organization itself, and a batch read answers the
//! states of the named providers only.

use std::sync::Arc;

use grove_domain::builtin::{owner_role_uid, VIEWER};
use grove_domain::error::Error;
use grove_domain::model::{ScimCredential, ScimEnabled, ScimOutcome};
use grove_domain::ports::Store;
use grove_domain::Uidp;

use super::identity_providers::provider;
use super::Setup;
use crate::ev;
use crate::fixtures::{at, child_uid};

fn outcome(uid: &Uidp) -> ScimOutcome {
    ScimOutcome::Enabled(ScimEnabled { identity_provider: uid.clone(), enabled: true, etag: "e1".to_owned() })
}

/// Writes compare the etag, need the provider, and the state goes with the provider.
pub async fn scim_credentials_compare_the_etag_and_go_with_their_provider(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let idp = provider(&org.uid, "okta", VIEWER, Some("s3cr3t"));
    store.create_identity_provider(&idp, &ev()).await.expect("provider is created");
    assert_eq!(store.get_scim_credential(&idp.uid).await.expect("get"), None);

    let first = ScimCredential {
        token_sha256: Some("a".repeat(64)),
        expire_time: Some(at(1_000)),
        etag: "e1".to_owned(),
        ..ScimCredential::empty(idp.uid.clone(), at(10))
    };
    store.put_scim_credential(&first, "", &outcome(&idp.uid), &ev()).await.expect("first write");
    assert_eq!(store.get_scim_credential(&idp.uid).await.expect("get"), Some(first.clone()));

    let second = ScimCredential {
        enabled: true,
        previous_token_sha256: first.token_sha256.clone(),
        previous_expire_time: Some(at(500)),
        token_sha256: Some("b".repeat(64)),
        revoke_time: Some(at(20)),
        etag: "e2".to_owned(),
        update_time: at(20),
        ..first.clone()
    };
    for stale in ["", "e0"] {
        let refused = store
            .put_scim_credential(&second, stale, &outcome(&idp.uid), &ev())
            .await
            .expect_err("a stale etag is refused");
        assert!(matches!(&refused, Error::FailedPrecondition(v) if v.kind == "ETAG_MISMATCH"), "{refused:?}");
    }
    assert_eq!(store.get_scim_credential(&idp.uid).await.expect("get"), Some(first));
    store.put_scim_credential(&second, "e1", &outcome(&idp.uid), &ev()).await.expect("second write");
    assert_eq!(store.get_scim_credential(&idp.uid).await.expect("get"), Some(second));

    let ghost = child_uid(&org.uid, "identity provider", "ghost");
    let missing = ScimCredential::empty(ghost.clone(), at(10));
    let error = store
        .put_scim_credential(&missing, "", &outcome(&ghost), &ev())
        .await
        .expect_err("a missing provider is refused");
    assert_eq!(error, Error::NotFound(format!("identity provider {ghost} does not exist")));

    store.delete_identity_provider(&idp.uid, &ev()).await.expect("provider is deleted");
    assert_eq!(store.get_scim_credential(&idp.uid).await.expect("get"), None);
}

/// Only bindings of the built-in owner role on the organization itself count.
pub async fn owner_bindings_are_counted_on_the_organization_itself(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let (ann, bob, cy) =
        (s.identity(&org.uid, "ann").await, s.identity(&org.uid, "bob").await, s.identity(&org.uid, "cy").await);
    assert_eq!(store.count_org_owner_bindings(&org.uid).await.expect("count"), 0);
    s.binding(&org.uid, &ann.uid, &owner_role_uid()).await;
    s.binding(&org.uid, &bob.uid, &Uidp::from_static(VIEWER)).await;
    s.binding(&team.uid, &cy.uid, &owner_role_uid()).await;
    assert_eq!(store.count_org_owner_bindings(&org.uid).await.expect("count"), 1);
    s.binding(&org.uid, &cy.uid, &owner_role_uid()).await;
    assert_eq!(store.count_org_owner_bindings(&org.uid).await.expect("count"), 2);
}

/// A batch read answers the stored states of the named providers only, and nothing for
/// providers without one, for unknown uids or for no uids at all.
pub async fn scim_credentials_are_read_in_one_batch(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let (okta, entra, plain, other) = (
        provider(&org.uid, "okta", VIEWER, Some("s3cr3t")),
        provider(&org.uid, "entra", VIEWER, Some("s3cr3t")),
        provider(&org.uid, "plain", VIEWER, Some("s3cr3t")),
        provider(&org.uid, "other", VIEWER, Some("s3cr3t")),
    );
    for idp in [&okta, &entra, &plain, &other] {
        store.create_identity_provider(idp, &ev()).await.expect("provider is created");
    }
    // Digests are unique: every provider gets a token of its own.
    let state = |uid: &Uidp, etag: &str| ScimCredential {
        token_sha256: Some(etag.repeat(32)),
        expire_time: Some(at(1_000)),
        etag: etag.to_owned(),
        ..ScimCredential::empty(uid.clone(), at(10))
    };
    let (okta_state, entra_state, other_state) =
        (state(&okta.uid, "e1"), state(&entra.uid, "e2"), state(&other.uid, "e3"));
    for c in [&okta_state, &entra_state, &other_state] {
        store.put_scim_credential(c, "", &outcome(&c.identity_provider), &ev()).await.expect("state is written");
    }
    let ghost = child_uid(&org.uid, "identity provider", "ghost");
    let mut got = store
        .get_scim_credentials(&[entra.uid.clone(), plain.uid.clone(), ghost, okta.uid.clone()])
        .await
        .expect("batch read");
    got.sort_by(|a, b| a.etag.cmp(&b.etag));
    assert_eq!(got, vec![okta_state, entra_state]);
    assert_eq!(store.get_scim_credentials(&[]).await.expect("empty batch"), Vec::new());
}
