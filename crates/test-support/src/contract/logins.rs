//! Person logins: the root-level identity created once with its default-role binding and both
//! events in one transaction (a gone role writes nothing), a returning person's sighting, and
//! refresh tokens that rotate once, revoke their family when reused, expire, and go with
//! their identity.

use std::sync::Arc;

use grove_domain::builtin::VIEWER;
use grove_domain::error::Code;
use grove_domain::events::{EventType, NewEvent};
use grove_domain::model::{Identity, RoleBinding, Seen, SeenEmail};
use grove_domain::ports::{PersonLogin, RefreshTokenRecord, Rotation, Store};
use grove_domain::Uidp;

use super::Setup;
use crate::ev;
use crate::fixtures::at;

const ISSUER: &str = "https://login.acme.example";

fn person(subject: &str) -> Identity {
    let mut identity =
        crate::fixtures::identity(&Uidp::parse("0123456789abcdef0123456789abcdef01234567").expect("uid"), subject);
    identity.uid = Uidp::person(ISSUER, subject);
    identity
}

fn refresh(hash: &str, identity: &Uidp, family: &str, expires: i64) -> RefreshTokenRecord {
    RefreshTokenRecord {
        hash: hash.to_owned(),
        family: family.to_owned(),
        identity: identity.clone(),
        provider: None,
        create_time: at(0),
        expire_time: at(expires),
    }
}

fn event(kind: EventType, subject: &Uidp) -> NewEvent {
    let mut e = ev();
    e.event_type = kind;
    e.subject = subject.clone();
    e
}

fn login(identity: &Identity, binding: Option<RoleBinding>, hash: &str, email: Option<&str>) -> PersonLogin {
    PersonLogin {
        identity: identity.clone(),
        created: event(EventType::IdentityCreated, &identity.uid),
        seen: Seen { at: at(5_000_000), email: email.map(|a| SeenEmail { address: a.to_owned(), verified: true }) },
        binding: binding.map(|b| {
            let e = event(EventType::RoleBindingCreated, &b.uid);
            (b, e)
        }),
        refresh: refresh(hash, &identity.uid, &format!("family-{hash}"), 1_000_000_000),
    }
}

/// A first login creates the person and the binding with their events; the next one only
/// records the sighting and binds nothing more; a gone role makes the first login write
/// nothing.
pub async fn a_person_login_creates_the_identity_and_binding_once(store: Arc<dyn Store>) {
    let setup = Setup(&*store);
    let org = setup.group(None, "acme").await;
    store.claim_events(at(0), at(1_000_000_000), 1000).await.expect("claim setup events");
    let alice = person("alice");
    let binding = crate::fixtures::binding(&org.uid, &alice.uid, &Uidp::parse(VIEWER).expect("uid"));
    assert_eq!(store.grants_of(&alice.uid).await, Ok(None), "a person exists from the first login on");
    let (stored, created) =
        store.record_person_login(&login(&alice, Some(binding.clone()), "h1", None)).await.expect("first login");
    assert!(created);
    assert_eq!(stored, alice);
    assert_eq!(store.get_identity(&alice.uid).await.expect("get"), Some(alice.clone()));
    let grants = store.grants_of(&alice.uid).await.expect("grants").expect("alice exists");
    assert_eq!(grants.len(), 1);
    let events = store.claim_events(at(0), at(1_000_000_000), 1000).await.expect("claim");
    let kinds: Vec<EventType> = events.iter().map(|e| e.event_type).collect();
    assert_eq!(kinds, vec![EventType::IdentityCreated, EventType::RoleBindingCreated]);

    let other = crate::fixtures::binding(&org.uid, &alice.uid, &Uidp::parse(VIEWER).expect("uid"));
    let (again, created) = store
        .record_person_login(&login(&alice, Some(other), "h2", Some("alice@acme.example")))
        .await
        .expect("second login");
    assert!(!created);
    assert_eq!(again.email, "alice@acme.example");
    assert_eq!(again.last_seen_time, Some(at(5_000_000)));
    assert_eq!(store.grants_of(&alice.uid).await.expect("grants").map(|g| g.len()), Some(1));
    assert_eq!(store.claim_events(at(0), at(1_000_000_000), 1000).await.expect("claim"), Vec::new());

    let bob = person("bob");
    let gone_role = Uidp::parse(&format!("{}/00000000000000aa", org.uid)).expect("uid");
    let bad = crate::fixtures::binding(&org.uid, &bob.uid, &gone_role);
    let error = store.record_person_login(&login(&bob, Some(bad), "h3", None)).await.expect_err("a gone role");
    assert_eq!(error.code(), Code::NotFound, "{error}");
    assert_eq!(store.get_identity(&bob.uid).await.expect("get"), None);
    assert_eq!(store.claim_events(at(0), at(1_000_000_000), 1000).await.expect("claim"), Vec::new());
    assert_eq!(
        store.rotate_refresh_token("h3", &refresh("h4", &bob.uid, "", 10), at(1)).await.expect("rotate"),
        Rotation::Unknown
    );
}

/// A live refresh token rotates once; presenting it again revokes its successor too; an
/// expired one is refused; tokens go with their identity.
pub async fn refresh_tokens_rotate_once_and_reuse_revokes_the_family(store: Arc<dyn Store>) {
    let alice = person("alice");
    store.record_person_login(&login(&alice, None, "r1", None)).await.expect("login");
    let placeholder = Uidp::person("", "");
    let next = |hash: &str| refresh(hash, &placeholder, "", 2_000);
    assert_eq!(
        store.rotate_refresh_token("r1", &next("r2"), at(1_000)).await.expect("rotate"),
        Rotation::Rotated { identity: alice.uid.clone(), provider: None }
    );
    assert_eq!(store.rotate_refresh_token("nope", &next("x"), at(1_000)).await.expect("rotate"), Rotation::Unknown);
    assert_eq!(store.rotate_refresh_token("r1", &next("r3"), at(1_001)).await.expect("rotate"), Rotation::Reused);
    assert_eq!(store.rotate_refresh_token("r2", &next("r4"), at(1_002)).await.expect("rotate"), Rotation::Unknown);

    store.record_person_login(&login(&alice, None, "s1", None)).await.expect("login again");
    assert_eq!(
        store.rotate_refresh_token("s1", &next("s2"), at(1_000)).await.expect("rotate"),
        Rotation::Rotated { identity: alice.uid.clone(), provider: None }
    );
    // The successor carries the expiry it was given.
    assert_eq!(store.rotate_refresh_token("s2", &next("s3"), at(2_000)).await.expect("rotate"), Rotation::Expired);
    assert_eq!(store.rotate_refresh_token("s2", &next("s3"), at(1_500)).await.expect("rotate"), Rotation::Unknown);

    store.record_person_login(&login(&alice, None, "t1", None)).await.expect("login again");
    store.delete_identity(&alice.uid, &ev()).await.expect("delete");
    assert_eq!(store.rotate_refresh_token("t1", &next("t2"), at(1_000)).await.expect("rotate"), Rotation::Unknown);
}
