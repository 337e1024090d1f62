//! Terms acceptances: one per group and document, listed for a group with its ancestors',
//! in every order and page, gone with their group, and written with their event or not at all.

use std::sync::Arc;

use grove_domain::events::{EventRecord, EventType, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, Visibility};
use grove_domain::model::{TermsAcceptance, TermsAccepted};
use grove_domain::names::DocumentId;
use grove_domain::ports::Store;
use grove_domain::{Timestamp, Uidp};

use super::{all, list, not_found, orders, sorted_uids, uids, walk, Setup};
use crate::ev;
use crate::fixtures::{at, child_uid};

/// An acceptance of `doc` by `group`, made by `by` at `time`.
fn acceptance(group: &Uidp, doc: &str, by: &Uidp, time: Timestamp) -> TermsAcceptance {
    TermsAcceptance {
        uid: group.random_child(),
        doc_id: DocumentId::parse("doc_id", doc).expect("valid document id"),
        accepted_by: by.clone(),
        create_time: time,
    }
}

/// What one `AcceptTerms` call hands the store.
fn accepted(group: &Uidp, docs: &[&str], by: &Uidp, time: Timestamp) -> TermsAccepted {
    TermsAccepted { group: group.clone(), acceptances: docs.iter().map(|d| acceptance(group, d, by, time)).collect() }
}

/// The acceptances of `group` and its ancestors, in the default order (oldest first).
async fn terms_of(store: &dyn Store, group: &Uidp) -> Vec<TermsAcceptance> {
    let query = all(ListFilter { terms_of: Some(group.clone()), ..ListFilter::default() });
    let query = ListQuery { order: by_time(), ..query };
    list::<TermsAcceptance>(store, &query).await.items
}

fn by_time() -> grove_domain::listing::Ordering {
    grove_domain::listing::Ordering { field: SortField::CreateTime, direction: grove_domain::listing::Direction::Asc }
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

/// Accepting records one acceptance per new document; documents the group already accepted
/// keep their first acceptance (uid, time, acceptor), and the count says how many were new.
pub async fn terms_are_accepted_once_per_group_and_document(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let (alice, bob) = (child_uid(&org.uid, "identity", "alice"), child_uid(&org.uid, "identity", "bob"));

    let first = accepted(&org.uid, &["tos", "dpa"], &alice, at(10));
    assert_eq!(store.accept_terms(&first, &ev()).await, Ok(2));
    let again = accepted(&org.uid, &["dpa", "aup"], &bob, at(20));
    assert_eq!(store.accept_terms(&again, &ev()).await, Ok(1));
    assert_eq!(store.accept_terms(&again, &ev()).await, Ok(0), "nothing new the second time");

    let expected = vec![first.acceptances[0].clone(), first.acceptances[1].clone(), again.acceptances[1].clone()];
    let mut listed = terms_of(&*store, &org.uid).await;
    listed.sort_by_key(|a| a.doc_id.to_string());
    let mut want = expected;
    want.sort_by_key(|a| a.doc_id.to_string());
    assert_eq!(listed, want);
    let dpa = listed.iter().find(|a| a.doc_id.as_str() == "dpa").expect("dpa listed");
    assert_eq!((&dpa.accepted_by, dpa.create_time), (&alice, at(10)), "the first acceptance stays");
}

/// A group's list holds its own and its ancestors' acceptances, never a child's, a
/// sibling's or another organization's.
pub async fn terms_of_a_group_are_its_own_and_its_ancestors_acceptances(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let sub = s.group(Some(&team.uid), "sub").await;
    let sibling = s.group(Some(&org.uid), "sibling").await;
    let other = s.group(None, "globex").await;
    let by = child_uid(&org.uid, "identity", "alice");
    let mut made = Vec::new();
    for (i, (group, doc)) in
        [(&org, "org-tos"), (&team, "team-dpa"), (&sub, "sub-aup"), (&sibling, "sib-x"), (&other, "globex-tos")]
            .into_iter()
            .enumerate()
    {
        let a = accepted(&group.uid, &[doc], &by, at(100 + i64::try_from(i).unwrap_or(0)));
        store.accept_terms(&a, &ev()).await.expect("accept");
        made.push(a.acceptances[0].clone());
    }
    let names = |rows: Vec<TermsAcceptance>| rows.iter().map(|a| a.doc_id.to_string()).collect::<Vec<_>>();
    assert_eq!(names(terms_of(&*store, &team.uid).await), ["org-tos", "team-dpa"]);
    assert_eq!(names(terms_of(&*store, &sub.uid).await), ["org-tos", "team-dpa", "sub-aup"]);
    assert_eq!(names(terms_of(&*store, &org.uid).await), ["org-tos"]);
    assert_eq!(names(terms_of(&*store, &sibling.uid).await), ["org-tos", "sib-x"]);
    assert_eq!(names(terms_of(&*store, &other.uid).await), ["globex-tos"]);
    let team_rows = terms_of(&*store, &team.uid).await;
    assert_eq!(team_rows[0].org_uid(), org.uid);
    assert_eq!(team_rows[1].group_uid(), team.uid);
    assert_eq!(team_rows, made[..2].to_vec());
}

/// Acceptances order by create time and by uid, both ways, and page with keyset cursors
/// visiting each row once with the total on every page.
pub async fn terms_acceptances_order_and_page(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let by = child_uid(&org.uid, "identity", "alice");
    // Two requests share a time each, so ties are broken by uid.
    for (group, docs, time) in
        [(&org.uid, ["a", "b"], at(30)), (&team.uid, ["c", "d"], at(10)), (&team.uid, ["e", "f"], at(30))]
    {
        store.accept_terms(&accepted(group, &docs, &by, time), &ev()).await.expect("accept");
    }
    let filter = ListFilter { terms_of: Some(team.uid.clone()), ..ListFilter::default() };
    let every = list::<TermsAcceptance>(&*store, &all(filter.clone())).await.items;
    assert_eq!(every.len(), 6);
    for order in orders(&[SortField::CreateTime, SortField::Uid]) {
        let query = ListQuery { order, ..ListQuery::all(filter.clone(), Visibility::everything(), 2) };
        let rows = walk::<TermsAcceptance>(&*store, &query, 2, 6).await;
        assert_eq!(uids(&rows), sorted_uids(&every, order), "{order:?}");
    }
    let page = list::<TermsAcceptance>(&*store, &ListQuery { skip: 4, ..all(filter) }).await;
    assert_eq!((page.items.len(), page.total), (2, 6));
    assert_eq!(uids(&page.items), sorted_uids(&every, grove_domain::listing::Ordering::default())[4..].to_vec());
}

/// Deleting a group deletes its acceptances with it (they do not keep it from going); its
/// ancestors' stay.
pub async fn delete_group_removes_its_terms_acceptances(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let by = child_uid(&org.uid, "identity", "alice");
    store.accept_terms(&accepted(&org.uid, &["tos"], &by, at(1)), &ev()).await.expect("accept at org");
    store.accept_terms(&accepted(&team.uid, &["dpa"], &by, at(2)), &ev()).await.expect("accept at team");

    store.delete_group(&team.uid, &ev()).await.expect("a group with acceptances is deleted");
    let left: Vec<String> = terms_of(&*store, &team.uid).await.iter().map(|a| a.doc_id.to_string()).collect();
    assert_eq!(left, ["tos"]);

    // A new group of the same name starts without acceptances, and may accept again.
    let again = s.group(Some(&org.uid), "team").await;
    assert_eq!(again.uid, team.uid);
    assert_eq!(store.accept_terms(&accepted(&again.uid, &["dpa"], &by, at(3)), &ev()).await, Ok(1));
}

/// An acceptance that records something stores exactly its event (type, group, subject,
/// data as `AcceptTermsResponse`); one that records nothing new stores none; one for a
/// missing group fails with `NOT_FOUND` and writes neither rows nor event.
pub async fn accepting_terms_stores_its_event_only_when_something_is_new(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    drain(&*store).await;
    let by = child_uid(&org.uid, "identity", "alice");
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let event = |group: &Uidp| NewEvent::new(EventType::TermsAccepted, group, at(50), renderer.clone());

    let first = accepted(&team.uid, &["tos", "dpa"], &by, at(50));
    let written = event(&team.uid);
    assert_eq!(store.accept_terms(&first, &written).await, Ok(2));
    let repeated = event(&team.uid);
    assert_eq!(store.accept_terms(&accepted(&team.uid, &["dpa"], &by, at(60)), &repeated).await, Ok(0));

    let missing = child_uid(&org.uid, "group", "gone");
    let refused = event(&missing);
    assert_eq!(
        store.accept_terms(&accepted(&missing, &["tos"], &by, at(70)), &refused).await,
        Err(not_found("group", &missing))
    );
    assert_eq!(terms_of(&*store, &missing).await.len(), 0, "no acceptance of a missing group is written");

    let events = pending(&*store).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let record = &events[0];
    assert_eq!(record.id, written.id);
    assert_eq!(record.event_type.as_str(), "dev.chainguard.api.iam.terms.accepted.v1");
    assert_eq!((&record.group, &record.subject, record.time), (&team.uid, &team.uid, at(50)));
    assert_eq!(record.data, format!(r#"{{"group":"{}","documentIds":["tos","dpa"]}}"#, team.uid));
}
