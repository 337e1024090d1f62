//! Outbox cases: a committed change stores exactly its event, a refused one none, and
//! claims are leases.

use std::sync::Arc;

use grove_domain::events::{EventType, NewEvent};
use grove_domain::ports::{Backlog, Store};
use grove_domain::{Error, Timestamp};

use super::Setup;
use crate::fixtures;

fn at(ms: i64) -> Timestamp {
    Timestamp::from_unix_millis(1_800_000_000_000 + ms).unwrap_or_else(|| unreachable!("representable"))
}

/// A tag upsert stores one `tag.created` event whose data is the tag as stored (the
/// existing uid), in the repo's group; a refused write stores none.
pub async fn a_committed_write_stores_exactly_its_event_and_a_refused_one_none(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = fixtures::repo(&org.uid, "nginx");
    // Setup's own events (ev()) are claimed and delivered first, so only ours remain.
    let setup = store.claim_events(at(0), at(1), 100).await.expect("claim setup events");
    let ids: Vec<_> = setup.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, at(0)).await.expect("deliver setup events");
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);

    let created = NewEvent::new(EventType::RepoCreated, &repo.uid, at(10), renderer.clone());
    store.create_repo(&repo, &created).await.expect("create repo");
    let first = fixtures::tag(&repo.uid, "latest", 'a');
    store.put_tag(&first, &crate::ev()).await.expect("first put");
    let moved = grove_domain::model::Tag { uid: repo.uid.random_child(), ..fixtures::tag(&repo.uid, "latest", 'b') };
    let tag_event = NewEvent::new(EventType::TagCreated, &moved.uid, at(20), renderer.clone());
    let stored = store.put_tag(&moved, &tag_event).await.expect("second put moves the tag");
    assert_eq!(stored.uid, first.uid);

    let refused = NewEvent::new(EventType::RepoCreated, &repo.uid, at(30), renderer.clone());
    let err = store.create_repo(&repo, &refused).await.expect_err("duplicate repo");
    assert!(matches!(err, Error::AlreadyExists(_)), "{err:?}");

    let events = store.claim_events(at(40), at(100), 100).await.expect("claim");
    assert_eq!(events.len(), 3, "{events:?}");
    let (repo_event, tag_record) = (&events[0], &events[2]);
    assert_eq!(repo_event.id, created.id);
    assert_eq!(repo_event.event_type.as_str(), "dev.chainguard.api.platform.registry.repo.created.v1");
    assert_eq!(repo_event.group, org.uid);
    assert_eq!(repo_event.subject, repo.uid);
    assert_eq!(repo_event.time, at(10));
    assert_eq!(repo_event.data, serde_json_string(&grove_proto::registry::Repo::from(repo.clone())));
    assert_eq!(tag_record.id, tag_event.id);
    assert_eq!(tag_record.group, org.uid);
    assert_eq!(tag_record.data, serde_json_string(&grove_proto::registry::Tag::from(stored.clone())));
    assert!(events.iter().all(|e| e.id != refused.id));

    // Leased: a second relay gets nothing until the lease runs out.
    assert_eq!(store.claim_events(at(50), at(100), 100).await.expect("claim again"), Vec::new());
    let oldest = events.iter().map(|e| e.time).min();
    assert_eq!(store.event_backlog().await.expect("backlog"), Backlog { undelivered: 3, oldest });
    let again = store.claim_events(at(101), at(200), 100).await.expect("claim after the lease");
    assert_eq!(again.len(), 3);
    let ids: Vec<_> = again.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, at(150)).await.expect("deliver");
    assert_eq!(store.event_backlog().await.expect("backlog"), Backlog { undelivered: 0, oldest: None });
    assert_eq!(store.prune_events(at(150)).await.expect("prune nothing yet"), setup.len() as u64);
    assert_eq!(store.prune_events(at(151)).await.expect("prune"), 3);
}

fn serde_json_string<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// Dead letters keep a copy of the event, list oldest failure first, are replaced by id
/// (a failed replay), and are deleted once (a delivered replay).
pub async fn dead_letters_are_listed_oldest_first_replaced_by_id_and_deleted_once(store: Arc<dyn Store>) {
    use grove_domain::events::{DeadLetter, EventId, EventRecord, Sink};
    let org = fixtures::root_uid("acme");
    let subscription = grove_domain::Uidp::parse(&format!("{org}/00000000000000aa")).expect("uid");
    let letter = |id: &str, failed_at: i64| DeadLetter {
        id: id.to_owned(),
        uid: DeadLetter::uid_of(&subscription, id),
        event: EventRecord {
            id: EventId::random(),
            event_type: EventType::GroupUpdated,
            time: at(1),
            group: org.clone(),
            subject: org.clone(),
            origin: grove_domain::audit::Origin::new(
                grove_domain::audit::Actor::identity(org.random_child()),
                "req-1",
                grove_domain::audit::Transport::Grpc,
            ),
            data: r#"{"uid":"x","name":"acme"}"#.to_owned(),
        },
        subscription: subscription.clone(),
        sink: Sink::from_stored("https://hooks.example.com/grove"),
        attempts: 7,
        reason: "the sink answered 503 Service Unavailable".to_owned(),
        failed_at: at(failed_at),
    };
    let (late, early) = (letter("b-late", 20), letter("a-early", 10));
    store.record_dead_letter(&late).await.expect("record");
    store.record_dead_letter(&early).await.expect("record");
    assert_eq!(store.list_dead_letters(10).await.expect("list"), vec![early.clone(), late.clone()]);
    assert_eq!(store.list_dead_letters(1).await.expect("list"), vec![early.clone()]);

    let retried = DeadLetter { attempts: 9, reason: "timed out".to_owned(), failed_at: at(30), ..early.clone() };
    store.record_dead_letter(&retried).await.expect("replace");
    assert_eq!(store.list_dead_letters(10).await.expect("list"), vec![late.clone(), retried]);

    assert!(store.delete_dead_letter("a-early").await.expect("delete"));
    assert!(!store.delete_dead_letter("a-early").await.expect("delete again"));
    assert_eq!(store.list_dead_letters(10).await.expect("list"), vec![late]);
}

/// A dead letter of `subscription` with id `id`, for event `subject` of `group`.
fn dead_letter(subscription: &grove_domain::Uidp, id: &str, failed_at: i64) -> grove_domain::events::DeadLetter {
    use grove_domain::events::{DeadLetter, EventId, EventRecord, Sink};
    let group = subscription.parent().unwrap_or_else(|| subscription.clone());
    DeadLetter {
        id: id.to_owned(),
        uid: DeadLetter::uid_of(subscription, id),
        event: EventRecord {
            id: EventId::random(),
            event_type: EventType::GroupUpdated,
            time: at(1),
            group: group.clone(),
            subject: group,
            origin: grove_domain::audit::Origin::system(),
            data: r#"{"name":"acme"}"#.to_owned(),
        },
        subscription: subscription.clone(),
        sink: Sink::from_stored("https://hooks.example.com/grove"),
        attempts: 3,
        reason: "the sink answered 503 Service Unavailable".to_owned(),
        failed_at: at(failed_at),
    }
}

/// Dead letters list in uid order (by subscription) under the hierarchy filters on their
/// subscription (`children_of` names the subscription's group), the `subscription` filter,
/// the caller's visibility and seek paging; they are fetched by id; a replay's update and
/// a delete write the change with its event and audit entry (the dead letter as data), and
/// either refuses a dead letter that is gone with `NOT_FOUND`.
pub async fn dead_letters_list_by_subscription_and_visibility_and_change_with_their_audit_entry(store: Arc<dyn Store>) {
    use grove_domain::audit::{Actor, AuditFilter, Origin, Transport};
    use grove_domain::events::DeadLetter;
    use grove_domain::listing::{Cursor, ListFilter, ListQuery, Scopes, SortKey, UidpFilter, Visibility};

    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let eng = s.group(Some(&org.uid), "eng").await;
    let other = s.group(None, "globex").await;
    let in_org = grove_domain::Uidp::parse(&format!("{}/00000000000000aa", org.uid)).expect("uid");
    let in_eng = grove_domain::Uidp::parse(&format!("{}/00000000000000bb", eng.uid)).expect("uid");
    let elsewhere = grove_domain::Uidp::parse(&format!("{}/00000000000000cc", other.uid)).expect("uid");
    let letters = [
        dead_letter(&in_org, "d-org", 10),
        dead_letter(&in_eng, "d-eng-1", 20),
        dead_letter(&in_eng, "d-eng-2", 30),
        dead_letter(&elsewhere, "d-globex", 40),
    ];
    for letter in &letters {
        store.record_dead_letter(letter).await.expect("record");
    }
    let sorted = |mut v: Vec<DeadLetter>| {
        v.sort_by(|a, b| a.uid.cmp(&b.uid));
        v
    };
    let list = |filter: ListFilter, visibility: Visibility| {
        let store = store.clone();
        async move { store.list_dead_letter_page(&ListQuery::all(filter, visibility, 100)).await.expect("list") }
    };
    let uidp = |descendants_of: Option<&grove_domain::Uidp>, children_of: Option<&grove_domain::Uidp>| ListFilter {
        uidp: UidpFilter {
            descendants_of: descendants_of.cloned(),
            children_of: children_of.cloned(),
            ..UidpFilter::default()
        },
        ..ListFilter::default()
    };

    let all = list(ListFilter::default(), Visibility::everything()).await;
    assert_eq!(all.items, sorted(letters.to_vec()));
    assert_eq!(all.total, 4);
    let under_org = list(uidp(Some(&org.uid), None), Visibility::everything()).await;
    assert_eq!(under_org.items, sorted(letters[..3].to_vec()));
    assert_eq!(under_org.total, 3);
    let in_org_only = list(uidp(None, Some(&org.uid)), Visibility::everything()).await;
    assert_eq!(in_org_only.items, vec![letters[0].clone()]);
    let in_eng_only = list(uidp(None, Some(&eng.uid)), Visibility::everything()).await;
    assert_eq!(in_eng_only.items, sorted(letters[1..3].to_vec()));
    let of_subscription = ListFilter { subscription: Some(in_org.clone()), ..ListFilter::default() };
    assert_eq!(list(of_subscription, Visibility::everything()).await.items, vec![letters[0].clone()]);
    let eng_only = Visibility { scopes: Some(Scopes::new([eng.uid.clone()])), root_level: false };
    let seen = list(ListFilter::default(), eng_only.clone()).await;
    assert_eq!((seen.items, seen.total), (sorted(letters[1..3].to_vec()), 2));
    assert_eq!(list(uidp(None, Some(&org.uid)), eng_only).await.items, Vec::new());

    // Seek paging: the page after the first of eng's two starts at the second.
    let first = sorted(letters[1..3].to_vec());
    let next = ListQuery {
        after: Some(Cursor { key: SortKey::Uid, uid: first[0].uid.clone() }),
        limit: 1,
        ..ListQuery::all(uidp(Some(&eng.uid), None), Visibility::everything(), 1)
    };
    let page = store.list_dead_letter_page(&next).await.expect("next page");
    assert_eq!(page.items, vec![first[1].clone()]);
    assert_eq!(page.total, 2);

    assert_eq!(store.get_dead_letter("d-org").await.expect("get"), Some(letters[0].clone()));
    assert_eq!(store.get_dead_letter("d-unknown").await.expect("get unknown"), None);

    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let alice = org.uid.random_child();
    let by_alice = Origin::new(Actor::identity(alice.clone()), "req-replay", Transport::Rest);
    let failed = DeadLetter {
        attempts: 4,
        reason: "the sink answered 500 Internal Server Error".to_owned(),
        failed_at: at(50),
        ..letters[1].clone()
    };
    let failed_event =
        NewEvent::new(EventType::DeadLetterReplayFailed, &failed.uid, at(50), renderer.clone()).by(&by_alice);
    store.update_dead_letter(&failed, &failed_event).await.expect("update");
    assert_eq!(store.get_dead_letter("d-eng-1").await.expect("get"), Some(failed.clone()));
    let deleted_event =
        NewEvent::new(EventType::DeadLetterDeleted, &letters[0].uid, at(60), renderer.clone()).by(&by_alice);
    store.remove_dead_letter(&letters[0], &deleted_event).await.expect("remove");
    assert_eq!(store.get_dead_letter("d-org").await.expect("get removed"), None);

    let again = NewEvent::new(EventType::DeadLetterDeleted, &letters[0].uid, at(70), renderer.clone());
    let err = store.remove_dead_letter(&letters[0], &again).await.expect_err("removed twice");
    assert_eq!(err, Error::NotFound("dead letter d-org does not exist".to_owned()));
    let err = store.update_dead_letter(&letters[0], &again).await.expect_err("update of a removed one");
    assert_eq!(err, Error::NotFound("dead letter d-org does not exist".to_owned()));

    let by_alice_filter = ListFilter {
        audit: Some(Box::new(AuditFilter { actor: Some(alice.to_string()), ..AuditFilter::default() })),
        ..ListFilter::default()
    };
    let entries = store
        .list_audit_entries(&ListQuery::all(by_alice_filter, Visibility::everything(), 100))
        .await
        .expect("audit entries")
        .items;
    let mut seen: Vec<_> =
        entries.iter().map(|e| (e.event_type, e.subject.clone(), e.origin.clone(), e.data.clone())).collect();
    seen.sort_by_key(|(t, ..)| t.as_str());
    let data = |d: &DeadLetter| serde_json_string(&grove_proto::grove_events::DeadLetter::from(d.clone()));
    assert_eq!(
        seen,
        vec![
            (EventType::DeadLetterDeleted, letters[0].uid.clone(), by_alice.clone(), data(&letters[0])),
            (EventType::DeadLetterReplayFailed, failed.uid.clone(), by_alice.clone(), data(&failed)),
        ]
    );
    assert!(entries.iter().all(|e| e.group() == org.uid || e.group() == eng.uid), "{entries:?}");
}

/// A released lease frees its undelivered events for the next claim at once; delivered
/// events stay delivered.
pub async fn released_events_are_claimed_again_at_once_and_delivered_ones_stay_delivered(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    s.group(None, "acme").await;
    s.group(None, "globex").await;
    let claimed = store.claim_events(at(0), at(1_000), 100).await.expect("claim");
    assert_eq!(claimed.len(), 2);
    assert_eq!(store.claim_events(at(1), at(1_000), 100).await.expect("claim while leased"), Vec::new());
    store.mark_delivered(std::slice::from_ref(&claimed[0].id), at(2)).await.expect("deliver the first");
    let ids: Vec<_> = claimed.iter().map(|e| e.id.clone()).collect();
    store.release_events(&ids).await.expect("release");
    assert_eq!(store.claim_events(at(3), at(1_000), 100).await.expect("claim again"), vec![claimed[1].clone()]);
    assert_eq!(store.event_backlog().await.expect("backlog").undelivered, 1);
}

/// A renewed lease holds its undelivered events until its new end; a delivered event stays
/// delivered whatever is renewed.
pub async fn renewed_leases_hold_their_undelivered_events_until_the_new_end(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    s.group(None, "acme").await;
    s.group(None, "globex").await;
    let claimed = store.claim_events(at(0), at(100), 100).await.expect("claim");
    assert_eq!(claimed.len(), 2);
    store.mark_delivered(std::slice::from_ref(&claimed[0].id), at(10)).await.expect("deliver the first");
    let ids: Vec<_> = claimed.iter().map(|e| e.id.clone()).collect();
    store.renew_leases(&ids, at(300)).await.expect("renew");
    assert_eq!(store.claim_events(at(200), at(1_000), 100).await.expect("claim after the first end"), Vec::new());
    assert_eq!(
        store.claim_events(at(301), at(1_000), 100).await.expect("claim after the new end"),
        vec![claimed[1].clone()]
    );
    assert_eq!(store.event_backlog().await.expect("backlog").undelivered, 1);
}

/// `subscriptions_in` finds the subscriptions directly inside the groups asked for, in uid
/// order, once each however often a group is named, and none of other groups.
pub async fn subscriptions_in_finds_those_directly_inside_the_groups_named(store: Arc<dyn Store>) {
    use grove_domain::events::{Sink, Subscription};
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let other = s.group(None, "globex").await;
    let subscribe = |group: &grove_domain::Uidp| Subscription {
        uid: group.random_child(),
        sink: Sink::from_stored("https://hooks.example.com/grove"),
    };
    let (at_org, at_team, at_other) = (subscribe(&org.uid), subscribe(&team.uid), subscribe(&other.uid));
    for subscription in [&at_org, &at_team, &at_other] {
        store.create_subscription(subscription, &crate::ev()).await.expect("subscribe");
    }

    let mut both = vec![at_org.clone(), at_team.clone()];
    both.sort_by(|a, b| a.uid.cmp(&b.uid));
    let asked = [team.uid.clone(), org.uid.clone(), org.uid.clone()];
    assert_eq!(store.subscriptions_in(&asked).await.expect("both levels"), both);
    assert_eq!(store.subscriptions_in(std::slice::from_ref(&team.uid)).await.expect("team"), vec![at_team]);
    let below = team.uid.random_child();
    assert_eq!(store.subscriptions_in(&[below]).await.expect("none below"), Vec::new());
    assert_eq!(store.subscriptions_in(&[]).await.expect("nothing asked"), Vec::new());
}
