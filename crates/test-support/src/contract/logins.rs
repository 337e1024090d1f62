//! Person logins: the root-level identity created once with its default-role binding and both
//! events in one transaction (a gone role writes nothing), a returning person's sighting, and
//! refresh tokens that rotate once, revoke their family when reused or revoked, expire, go with
//! their identity, and die with their provider or a change of its issuer or client id; and
//! the organizations a login or a redeemed invite makes a person a member of, which decide
//! whether hydrated bindings show the person.

use std::sync::Arc;

use grove_domain::builtin::VIEWER;
use grove_domain::error::Code;
use grove_domain::events::{EventType, NewEvent};
use grove_domain::model::{Identity, RoleBinding, Seen, SeenEmail};
use grove_domain::ports::{LoginProvider, PersonLogin, RefreshTokenRecord, Rotation, Store};
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
        seen: Seen {
            at: at(5_000_000),
            email: email.map(|a| SeenEmail {
                address: a.to_owned(),
                verified: true,
                voucher: grove_domain::model::EmailVoucher::DefaultProvider,
            }),
        },
        binding: binding.map(|b| {
            let e = event(EventType::RoleBindingCreated, &b.uid);
            (b, e)
        }),
        refresh: refresh(hash, &identity.uid, &format!("family-{hash}"), 1_000_000_000),
        joins: None,
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

/// A refresh token handed out through an organization's provider renews while the provider
/// has the issuer and client id it had then; once the client id changes, or the provider is
/// deleted, the token is refused as `ProviderChanged` and its whole family revoked.
pub async fn refresh_tokens_die_with_their_provider_or_its_issuer_or_client_id(store: Arc<dyn Store>) {
    let setup = Setup(&*store);
    let org = setup.group(None, "acme").await;
    let idp = super::identity_providers::provider(&org.uid, "sso", VIEWER, None);
    store.create_identity_provider(&idp, &ev()).await.expect("provider");
    let alice = person("alice");
    let through = |hash: &str, family: &str| RefreshTokenRecord {
        provider: Some(LoginProvider {
            uid: idp.uid.clone(),
            issuer: idp.oidc.issuer.as_str().to_owned(),
            client_id: idp.oidc.client_id.clone(),
        }),
        ..refresh(hash, &alice.uid, family, 1_000_000_000)
    };
    let first = PersonLogin { refresh: through("p1", "fp"), ..login(&alice, None, "unused", None) };
    store.record_person_login(&first).await.expect("login");
    let next = |hash: &str| refresh(hash, &Uidp::person("", ""), "", 1_000_000_000);
    assert_eq!(
        store.rotate_refresh_token("p1", &next("p2"), at(1_000)).await.expect("rotate"),
        Rotation::Rotated { identity: alice.uid.clone(), provider: Some(idp.uid.clone()) }
    );

    let mut changed = idp.clone();
    changed.oidc.client_id = "another-client".to_owned();
    store.update_identity_provider(&changed, &ev()).await.expect("change the client id");
    assert_eq!(
        store.rotate_refresh_token("p2", &next("p3"), at(1_001)).await.expect("rotate"),
        Rotation::ProviderChanged
    );
    assert_eq!(store.rotate_refresh_token("p3", &next("p4"), at(1_002)).await.expect("rotate"), Rotation::Unknown);

    let second = PersonLogin {
        refresh: RefreshTokenRecord {
            provider: Some(LoginProvider {
                uid: idp.uid.clone(),
                issuer: changed.oidc.issuer.as_str().to_owned(),
                client_id: changed.oidc.client_id.clone(),
            }),
            ..through("q1", "fq")
        },
        ..first
    };
    store.record_person_login(&second).await.expect("login after the change");
    store.delete_identity_provider(&idp.uid, &ev()).await.expect("delete the provider");
    assert_eq!(
        store.rotate_refresh_token("q1", &next("q2"), at(1_003)).await.expect("rotate"),
        Rotation::ProviderChanged
    );
}

/// Revoking a refresh token (or any token rotated from the same login) removes the whole
/// family; revoking an unknown token reports that nothing was there.
pub async fn revoking_a_refresh_token_revokes_its_family(store: Arc<dyn Store>) {
    let alice = person("alice");
    store.record_person_login(&login(&alice, None, "v1", None)).await.expect("login");
    store.record_person_login(&login(&alice, None, "w1", None)).await.expect("another login");
    let next = |hash: &str| refresh(hash, &Uidp::person("", ""), "", 1_000_000_000);
    store.rotate_refresh_token("v1", &next("v2"), at(1_000)).await.expect("rotate");
    assert!(store.revoke_refresh_token("v1").await.expect("revoke"), "a used token still names its family");
    assert_eq!(store.rotate_refresh_token("v2", &next("v3"), at(1_001)).await.expect("rotate"), Rotation::Unknown);
    assert!(!store.revoke_refresh_token("v2").await.expect("revoke"));
    assert!(!store.revoke_refresh_token("nope").await.expect("revoke"));
    assert_eq!(
        store.rotate_refresh_token("w1", &next("w2"), at(1_002)).await.expect("rotate"),
        Rotation::Rotated { identity: alice.uid.clone(), provider: None },
        "another login's family is untouched"
    );
}

/// A person's bindings show them as joined only in an organization they joined by a login
/// through its provider; a binding elsewhere shows them as not joined; group identities are
/// always joined. Membership goes with the identity.
pub async fn a_login_makes_a_person_a_member_of_the_providers_organization(store: Arc<dyn Store>) {
    let setup = Setup(&*store);
    let org = setup.group(None, "acme").await;
    let other = setup.group(None, "other").await;
    let viewer = Uidp::parse(VIEWER).expect("uid");
    let alice = person("alice");
    let at_org = crate::fixtures::binding(&org.uid, &alice.uid, &viewer);
    let joining = PersonLogin { joins: Some(org.uid.clone()), ..login(&alice, Some(at_org.clone()), "m1", None) };
    store.record_person_login(&joining).await.expect("login");
    let at_other = crate::fixtures::binding(&other.uid, &alice.uid, &viewer);
    store.create_role_binding(&at_other, &ev()).await.expect("bound elsewhere");

    let joined = |uid: &Uidp| {
        let store = Arc::clone(&store);
        let uid = uid.clone();
        async move { store.get_role_binding(&uid).await.expect("get").expect("binding exists").identity.joined }
    };
    assert!(joined(&at_org.uid).await, "joined through the provider's login");
    assert!(!joined(&at_other.uid).await, "bound in an organization the person never joined");
    let ci = setup.identity(&other.uid, "ci").await;
    let ci_binding = crate::fixtures::binding(&other.uid, &ci.uid, &viewer);
    store.create_role_binding(&ci_binding, &ev()).await.expect("bind ci");
    assert!(joined(&ci_binding.uid).await, "an identity of a group is always a member");

    // A second login records nothing twice.
    let again = PersonLogin { binding: None, ..login(&alice, None, "m2", None) };
    store.record_person_login(&PersonLogin { joins: Some(org.uid.clone()), ..again }).await.expect("login again");
    assert!(joined(&at_org.uid).await);
}

/// An authorization code's hash is accepted once; a second use (or a concurrent one) is
/// refused; once a record has expired it may be forgotten, so the same hash recorded again
/// after expiry counts as a first use.
pub async fn an_authorization_code_is_used_once_and_expired_records_are_forgotten(store: Arc<dyn Store>) {
    assert_eq!(store.use_authorization_code("c1", at(1_060), at(1_000)).await, Ok(true));
    assert_eq!(store.use_authorization_code("c1", at(1_060), at(1_001)).await, Ok(false));
    assert_eq!(store.use_authorization_code("c2", at(1_060), at(1_001)).await, Ok(true), "another code");
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.use_authorization_code("c3", at(1_060), at(1_002)).await.expect("use") })
        })
        .collect();
    let mut racing = Vec::new();
    for task in tasks {
        racing.push(task.await.expect("the task finishes"));
    }
    assert_eq!(racing.iter().filter(|first| **first).count(), 1, "{racing:?}");
    assert_eq!(store.use_authorization_code("c1", at(2_060), at(2_000)).await, Ok(true), "forgotten after expiry");
}
