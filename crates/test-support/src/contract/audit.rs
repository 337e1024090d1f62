//! Audit trail cases: every committed write leaves one entry with its origin, a refused one
//! none; entries page newest first under the hierarchy, actor, type and time filters; only
//! the retention prune removes them.

use std::sync::Arc;

use grove_domain::audit::{Actor, AuditFilter, Origin, Transport};
use grove_domain::events::{EventType, NewEvent};
use grove_domain::listing::{Direction, ListFilter, ListQuery, Ordering, SortField, UidpFilter, Visibility};
use grove_domain::ports::Store;
use grove_domain::{Error, Timestamp};

use super::Setup;
use crate::fixtures;

fn at(ms: i64) -> Timestamp {
    Timestamp::from_unix_millis(1_800_000_000_000 + ms).unwrap_or_else(|| unreachable!("representable"))
}

fn newest_first(filter: ListFilter, visibility: Visibility) -> ListQuery {
    ListQuery {
        order: Ordering { field: SortField::CreateTime, direction: Direction::Desc },
        ..ListQuery::all(filter, visibility, 100)
    }
}

/// A repo created over REST by an identity and a tag put by a SCIM client each leave one
/// entry (uid in the event's group, the event's id, type, subject, data and origin); a
/// refused write leaves none; the filters select by group, actor, type and time; the prune
/// removes exactly the entries before its cutoff.
pub async fn every_committed_write_leaves_one_audit_entry_and_only_the_prune_removes_them(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let other = s.group(None, "globex").await;
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let alice = org.uid.random_child();
    let by_alice = Origin::new(Actor::identity(alice.clone()), "req-alice", Transport::Rest);
    let idp = org.uid.random_child();
    let by_scim = Origin::new(Actor::scim(idp.clone()), "req-scim", Transport::Scim);

    let repo = fixtures::repo(&org.uid, "nginx");
    let created = NewEvent::new(EventType::RepoCreated, &repo.uid, at(10), renderer.clone()).by(&by_alice);
    store.create_repo(&repo, &created).await.expect("create repo");
    let tag = fixtures::tag(&repo.uid, "latest", 'a');
    let tagged = NewEvent::new(EventType::TagCreated, &tag.uid, at(20), renderer.clone()).by(&by_scim);
    store.put_tag(&tag, &tagged).await.expect("put tag");
    let refused = NewEvent::new(EventType::RepoCreated, &repo.uid, at(30), renderer.clone()).by(&by_alice);
    let err = store.create_repo(&repo, &refused).await.expect_err("duplicate repo");
    assert!(matches!(err, Error::AlreadyExists(_)), "{err:?}");
    let elsewhere = fixtures::repo(&other.uid, "redis");
    let far = NewEvent::new(EventType::RepoCreated, &elsewhere.uid, at(40), renderer.clone()).by(&by_alice);
    store.create_repo(&elsewhere, &far).await.expect("create repo elsewhere");

    let under_org = |audit: AuditFilter| ListFilter {
        uidp: UidpFilter { descendants_of: Some(org.uid.clone()), ..UidpFilter::default() },
        audit: Some(Box::new(audit)),
        ..ListFilter::default()
    };
    let page = store
        .list_audit_entries(&newest_first(under_org(AuditFilter::default()), Visibility::everything()))
        .await
        .expect("list");
    let tag_entry = tagged
        .record(grove_domain::events::EventData::Tag(&tag))
        .expect("render")
        .audit_entry()
        .expect("an audit entry");
    let repo_entry = created
        .record(grove_domain::events::EventData::Repo(&repo))
        .expect("render")
        .audit_entry()
        .expect("an audit entry");
    assert_eq!(page.items, vec![tag_entry.clone(), repo_entry.clone()]);
    assert_eq!(page.total, 2);
    assert_eq!(repo_entry.uid.parent().as_ref(), Some(&org.uid));
    assert_eq!(repo_entry.event_id, created.id);
    assert_eq!(repo_entry.origin, by_alice);
    assert_eq!(tag_entry.origin.actor.as_text(), idp.as_str());
    assert_eq!(tag_entry.origin.transport, Transport::Scim);

    let select = |audit: AuditFilter| {
        let store = store.clone();
        let query = newest_first(under_org(audit), Visibility::everything());
        async move { store.list_audit_entries(&query).await.expect("list").items }
    };
    let by_actor = AuditFilter { actor: Some(alice.to_string()), ..AuditFilter::default() };
    assert_eq!(select(by_actor).await, vec![repo_entry.clone()]);
    let by_type = AuditFilter { types: vec![EventType::TagCreated, EventType::GroupDeleted], ..AuditFilter::default() };
    assert_eq!(select(by_type).await, vec![tag_entry.clone()]);
    let since = AuditFilter { since: Some(at(20)), ..AuditFilter::default() };
    assert_eq!(select(since).await, vec![tag_entry.clone()]);
    let until = AuditFilter { until: Some(at(20)), ..AuditFilter::default() };
    assert_eq!(select(until).await, vec![repo_entry.clone()]);

    // Visibility: a caller seeing only the other organization sees only its entry.
    let only_other = Visibility { scopes: Some(vec![other.uid.clone()].into()), root_level: false };
    let seen = store.list_audit_entries(&newest_first(ListFilter::default(), only_other)).await.expect("list");
    assert_eq!(seen.items.iter().map(|e| e.subject.clone()).collect::<Vec<_>>(), vec![elsewhere.uid.clone()]);

    // The prune removes what came before its cutoff, and only that.
    let everything_here = |store: Arc<dyn Store>| async move {
        let query = newest_first(ListFilter::default(), Visibility::everything());
        store.list_audit_entries(&query).await.expect("list").items.into_iter().filter(|e| e.time >= at(0)).count()
    };
    assert_eq!(everything_here(store.clone()).await, 3);
    let before_cutoff = 1 + setup_entries_before(&store).await;
    assert_eq!(store.prune_audit_entries(at(20)).await.expect("prune"), before_cutoff);
    assert_eq!(select(AuditFilter::default()).await, vec![tag_entry]);
    assert_eq!(store.prune_audit_entries(at(20)).await.expect("prune again"), 0);
}

/// The entries Setup's own writes left (their events are stamped at the epoch), which the
/// prune removes too.
async fn setup_entries_before(store: &Arc<dyn Store>) -> u64 {
    let query = newest_first(ListFilter::default(), Visibility::everything());
    let all = store.list_audit_entries(&query).await.expect("list").items;
    all.iter().filter(|e| e.time < at(0)).count() as u64
}
