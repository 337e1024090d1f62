//! Onboarding: requests for access to an organization (once per organization and identity,
//! gone with the organization, written with their event or not at all) and identity metadata
//! (read as defaults until written, `company` shared with the identity, gone with it).

use std::sync::Arc;

use grove_domain::events::{EventRecord, EventType, NewEvent};
use grove_domain::model::{GroupAccessRequest, IdentityMetadata, IdentityMetadataView};
use grove_domain::names::Company;
use grove_domain::ports::Store;
use grove_domain::{Error, Timestamp, Uidp};

use super::{not_found, Setup};
use crate::ev;
use crate::fixtures::{at, child_uid};

/// A request by `identity` for `org`, made at `time`.
fn request(org: &Uidp, identity: &Uidp, time: Timestamp) -> GroupAccessRequest {
    GroupAccessRequest {
        uid: org.random_child(),
        identity: identity.clone(),
        email: "dev@acme.example".to_owned(),
        create_time: time,
    }
}

fn asked_before(identity: &Uidp, org: &Uidp) -> Error {
    Error::ResourceExhausted(format!("identity {identity} already asked for access to group {org}"))
}

/// Setup's events claimed and delivered, so that a case sees only the events it causes.
async fn drain(store: &dyn Store) {
    let setup = store.claim_events(at(0), at(1), 1_000).await.expect("claim setup events");
    let ids: Vec<_> = setup.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, at(0)).await.expect("deliver setup events");
}

async fn pending(store: &dyn Store) -> Vec<EventRecord> {
    store.claim_events(at(2), at(3), 1_000).await.expect("claim")
}

/// An identity asks each organization once: a repeat (with a fresh uid) is
/// `RESOURCE_EXHAUSTED`; another identity, or another organization, may ask; a missing
/// organization is `NOT_FOUND`.
pub async fn group_access_is_requested_once_per_organization_and_identity(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme.example").await;
    let globex = s.group(None, "globex.example").await;
    let (alice, bob) = (child_uid(&globex.uid, "identity", "alice"), child_uid(&globex.uid, "identity", "bob"));

    assert_eq!(store.request_group_access(&request(&acme.uid, &alice, at(1)), &ev()).await, Ok(()));
    assert_eq!(
        store.request_group_access(&request(&acme.uid, &alice, at(2)), &ev()).await,
        Err(asked_before(&alice, &acme.uid))
    );
    assert_eq!(store.request_group_access(&request(&acme.uid, &bob, at(3)), &ev()).await, Ok(()));
    assert_eq!(store.request_group_access(&request(&globex.uid, &alice, at(4)), &ev()).await, Ok(()));
    let missing = crate::fixtures::root_uid("initech.example");
    assert_eq!(
        store.request_group_access(&request(&missing, &alice, at(5)), &ev()).await,
        Err(not_found("group", &missing))
    );
}

/// Access requests never keep an organization from being deleted, and go with it: a new
/// organization of the same uid may be asked again by the same identity.
pub async fn delete_group_removes_its_access_requests(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme.example").await;
    let alice = child_uid(&crate::fixtures::root_uid("elsewhere"), "identity", "alice");
    store.request_group_access(&request(&acme.uid, &alice, at(1)), &ev()).await.expect("first request");

    store.delete_group(&acme.uid, &ev()).await.expect("an organization with access requests is deleted");
    let again = s.group(None, "acme.example").await;
    assert_eq!(again.uid, acme.uid);
    assert_eq!(store.request_group_access(&request(&again.uid, &alice, at(2)), &ev()).await, Ok(()));
}

/// A recorded request stores exactly its event (type, group, subject, data as
/// `GroupAccessRequest`); a repeated or refused one stores none.
pub async fn requesting_group_access_stores_its_event_and_a_refused_request_none(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme.example").await;
    drain(&*store).await;
    let alice = child_uid(&acme.uid, "identity", "alice");
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let event = |subject: &Uidp| NewEvent::new(EventType::GroupAccessRequested, subject, at(50), renderer.clone());

    let first = request(&acme.uid, &alice, at(50));
    let written = event(&first.uid);
    store.request_group_access(&first, &written).await.expect("recorded");
    let repeat = request(&acme.uid, &alice, at(60));
    assert_eq!(store.request_group_access(&repeat, &event(&repeat.uid)).await, Err(asked_before(&alice, &acme.uid)));
    let missing = crate::fixtures::root_uid("initech.example");
    let refused = request(&missing, &alice, at(70));
    assert!(store.request_group_access(&refused, &event(&refused.uid)).await.is_err());

    let events = pending(&*store).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let record = &events[0];
    assert_eq!(record.id, written.id);
    assert_eq!(record.event_type.as_str(), "dev.chainguard.api.iam.group.access_requested.v1");
    assert_eq!((&record.group, &record.subject, record.time), (&acme.uid, &first.uid, at(50)));
    assert_eq!(
        record.data,
        format!(
            r#"{{"uid":"{}","groupUid":"{}","identityUid":"{alice}","email":"dev@acme.example","createTime":"{}"}}"#,
            first.uid,
            acme.uid,
            at(50)
        )
    );
}

/// An identity's metadata reads as defaults (with its company) until written; a write keeps
/// every field, sets the identity's company (and `update_time` only when the company
/// changes), and stores its event; a missing identity has none and cannot be written.
pub async fn identity_metadata_round_trips_with_the_company_on_the_identity(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let alice = s.identity(&org.uid, "alice").await;
    drain(&*store).await;
    assert_eq!(store.get_identity_metadata(&alice.uid).await, Ok(Some(IdentityMetadata::default())));

    let metadata = IdentityMetadata {
        company: Company::parse("company", "Acme Corp.").expect("valid company"),
        updates_opt_in: true,
        product: "images".to_owned(),
        job_title: "engineer".to_owned(),
        utm_campaign: "c".to_owned(),
        utm_content: "co".to_owned(),
        utm_medium: "m".to_owned(),
        utm_source: "s".to_owned(),
        utm_term: "t".to_owned(),
        latest_form_submit_url: "https://acme.example/form".to_owned(),
        latest_internal_referring_url: "https://acme.example/ref".to_owned(),
        self_serve: true,
    };
    let view = IdentityMetadataView {
        uid: alice.uid.clone(),
        name: "alice".to_owned(),
        metadata: metadata.clone(),
        hubspot_utk: "utk-1".to_owned(),
    };
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let event = |time: Timestamp| NewEvent::new(EventType::IdentityMetadataUpdated, &alice.uid, time, renderer.clone());
    let written = event(at(100));
    store.put_identity_metadata(&view, &written).await.expect("metadata stored");
    assert_eq!(store.get_identity_metadata(&alice.uid).await, Ok(Some(metadata.clone())));
    let identity = store.get_identity(&alice.uid).await.expect("read").expect("still there");
    assert_eq!((identity.company.as_str(), identity.update_time), ("Acme Corp.", at(100)));
    let mut expected = alice.clone();
    expected.company = identity.company.clone();
    expected.update_time = at(100);
    assert_eq!(identity, expected, "nothing else of the identity changes");

    // The same company again leaves update_time alone.
    let later = IdentityMetadataView {
        metadata: IdentityMetadata { job_title: "staff engineer".to_owned(), ..metadata.clone() },
        ..view.clone()
    };
    store.put_identity_metadata(&later, &event(at(200))).await.expect("metadata stored again");
    let identity = store.get_identity(&alice.uid).await.expect("read").expect("still there");
    assert_eq!(identity.update_time, at(100));
    assert_eq!(
        store.get_identity_metadata(&alice.uid).await.expect("read").map(|m| m.job_title),
        Some("staff engineer".to_owned())
    );

    let ghost = child_uid(&org.uid, "identity", "ghost");
    assert_eq!(store.get_identity_metadata(&ghost).await, Ok(None));
    let ghost_view = IdentityMetadataView { uid: ghost.clone(), ..view.clone() };
    assert_eq!(store.put_identity_metadata(&ghost_view, &event(at(300))).await, Err(not_found("identity", &ghost)));

    let events = pending(&*store).await;
    assert_eq!(events.len(), 2, "one event per stored write: {events:?}");
    let record = &events[0];
    assert_eq!(record.id, written.id);
    assert_eq!(record.event_type.as_str(), "dev.chainguard.api.iam.identity.metadata.updated.v1");
    assert_eq!((&record.group, &record.subject), (&org.uid, &alice.uid));
    let data: serde_json::Value = serde_json::from_str(&record.data).expect("the data is JSON");
    assert_eq!(
        (&data["company"], &data["hubspotUtk"]),
        (&serde_json::json!("Acme Corp."), &serde_json::json!("utk-1"))
    );
}

/// An identity's metadata goes with it: a new identity of the same uid starts from defaults.
pub async fn delete_identity_removes_its_metadata(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let alice = s.identity(&org.uid, "alice").await;
    let metadata = IdentityMetadata { job_title: "engineer".to_owned(), ..IdentityMetadata::default() };
    let view =
        IdentityMetadataView { uid: alice.uid.clone(), name: "alice".to_owned(), metadata, hubspot_utk: String::new() };
    store.put_identity_metadata(&view, &ev()).await.expect("metadata stored");

    store.delete_identity(&alice.uid, &ev()).await.expect("an identity with metadata is deleted");
    assert_eq!(store.get_identity_metadata(&alice.uid).await, Ok(None));
    let again = s.identity(&org.uid, "alice").await;
    assert_eq!(again.uid, alice.uid);
    assert_eq!(store.get_identity_metadata(&again.uid).await, Ok(Some(IdentityMetadata::default())));
}
