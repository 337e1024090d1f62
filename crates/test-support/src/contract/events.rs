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
