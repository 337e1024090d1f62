//! DeadLetterService: who may list, replay and delete which dead letters, where a replay
//! goes, and what each outcome leaves behind.

use std::sync::Arc;

use grove_domain::audit::Origin;
use grove_domain::error::Error;
use grove_domain::events::{DeadLetter, EventId, EventRecord, EventType, Sink, Subscription};
use grove_domain::ports::{DeliveryFailure, MockWebhookDelivery};
use grove_domain::services::DeadLetterListInput;
use grove_domain::Code;

use crate::common::*;

/// The subscription in group A whose dead letter the tests replay.
fn subscription() -> Subscription {
    Subscription {
        uid: child(&group_a(), "5555555555555555"),
        sink: Sink::from_stored("https://hooks.example.com/now"),
    }
}

fn letter() -> DeadLetter {
    let subscription = subscription().uid;
    DeadLetter {
        id: "d-1".to_owned(),
        uid: DeadLetter::uid_of(&subscription, "d-1"),
        event: EventRecord {
            id: EventId::random(),
            event_type: EventType::GroupUpdated,
            time: ts(1),
            group: group_a(),
            subject: group_a(),
            origin: Origin::system(),
            data: "{}".to_owned(),
        },
        subscription,
        sink: Sink::from_stored("https://hooks.example.com/then"),
        attempts: 3,
        reason: "the sink answered 503 Service Unavailable".to_owned(),
        failed_at: ts(2),
    }
}

fn store_with_letter() -> MockStore {
    let mut store = MockStore::new();
    store.expect_get_dead_letter().returning(|id| Ok((id == "d-1").then(letter)));
    store
}

#[test]
fn a_dead_letter_of_a_group_the_caller_cannot_list_is_not_found_as_an_unknown_id_is() {
    let mut store = store_with_letter();
    store.expect_remove_dead_letter().never();
    let env = env(store);
    let service = &env.services.dead_letters;
    let outsider = bound("owner", &group_b());
    let hidden = run(service.delete(&outsider, "d-1")).unwrap_err();
    let unknown = run(service.delete(&bound("owner", &group_a()), "d-2")).unwrap_err();
    assert_eq!(hidden, Error::NotFound("dead letter d-1 does not exist".to_owned()));
    assert_eq!(unknown, Error::NotFound("dead letter d-2 does not exist".to_owned()));
    assert_eq!(run(service.replay(&outsider, "d-1")).unwrap_err(), hidden);
}

#[test]
fn a_viewer_may_neither_replay_nor_delete_and_nothing_is_delivered() {
    let mut store = store_with_letter();
    store.expect_remove_dead_letter().never();
    store.expect_update_dead_letter().never();
    let mut delivery = MockWebhookDelivery::new();
    delivery.expect_deliver().never();
    let env = env(store);
    let service = env.services.dead_letters.clone().with_delivery(Arc::new(delivery));
    let viewer = bound("viewer", &group_a());
    assert_eq!(
        run(service.replay(&viewer, "d-1")).unwrap_err(),
        Error::PermissionDenied(format!("the caller lacks subscriptions.create on {}", group_a()))
    );
    assert_eq!(
        run(service.delete(&viewer, "d-1")).unwrap_err(),
        Error::PermissionDenied(format!("the caller lacks subscriptions.delete on {}", group_a()))
    );
}

#[test]
fn a_delivered_replay_goes_to_the_current_sink_and_removes_the_dead_letter_with_its_event() {
    let mut store = store_with_letter();
    store.expect_get_subscription().returning(|_| Ok(Some(subscription())));
    store
        .expect_remove_dead_letter()
        .withf(|d, e| {
            d.sink.as_str() == "https://hooks.example.com/now"
                && e.event_type == EventType::DeadLetterReplayed
                && e.subject == d.uid
                && e.group == group_a()
                && e.origin.actor.as_text() == caller_uid().as_str()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let mut delivery = MockWebhookDelivery::new();
    delivery
        .expect_deliver()
        .withf(|_, s| s.sink.as_str() == "https://hooks.example.com/now")
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let service = env.services.dead_letters.clone().with_delivery(Arc::new(delivery));
    let replayed = run(service.replay(&bound("editor", &group_a()), "d-1")).unwrap();
    assert_eq!(
        (replayed.id.as_str(), replayed.sink.as_str(), replayed.attempts),
        ("d-1", "https://hooks.example.com/now", 3)
    );
}

#[test]
fn a_refused_replay_keeps_the_dead_letter_with_the_new_attempts_and_answers_sink_refused() {
    let mut store = store_with_letter();
    store.expect_get_subscription().returning(|_| Ok(Some(subscription())));
    store.expect_remove_dead_letter().never();
    store
        .expect_update_dead_letter()
        .withf(|d, e| {
            d.attempts == 4
                && d.reason == "the sink answered 500 Internal Server Error"
                && d.failed_at == ts(T0)
                && e.event_type == EventType::DeadLetterReplayFailed
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let mut delivery = MockWebhookDelivery::new();
    delivery.expect_deliver().times(1).returning(|_, _| {
        Err(DeliveryFailure { attempts: 1, reason: "the sink answered 500 Internal Server Error".to_owned() })
    });
    let env = env(store);
    let service = env.services.dead_letters.clone().with_delivery(Arc::new(delivery));
    assert_eq!(
        run(service.replay(&bound("owner", &group_a()), "d-1")).unwrap_err(),
        Error::precondition(
            "SINK_REFUSED",
            "the replay of dead letter d-1 to https://hooks.example.com/now failed: the sink answered 500 Internal \
             Server Error; the dead letter is kept (4 attempts)"
        )
    );
}

#[test]
fn a_replay_whose_subscription_is_gone_or_without_delivery_is_a_failed_precondition() {
    let mut store = store_with_letter();
    store.expect_get_subscription().returning(|_| Ok(None));
    let mut delivery = MockWebhookDelivery::new();
    delivery.expect_deliver().never();
    let env = env(store);
    let owner = bound("owner", &group_a());
    let without = run(env.services.dead_letters.replay(&owner, "d-1")).unwrap_err();
    assert_eq!(without.code(), Code::FailedPrecondition);
    assert!(without.to_string().contains("without webhook delivery"), "{without}");
    let service = env.services.dead_letters.clone().with_delivery(Arc::new(delivery));
    assert_eq!(
        run(service.replay(&owner, "d-1")).unwrap_err(),
        Error::precondition(
            "SUBSCRIPTION_GONE",
            format!(
                "subscription {} was deleted, so dead letter d-1 has no sink to go to; delete it instead",
                subscription().uid
            )
        )
    );
}

#[test]
fn the_list_sees_only_where_the_caller_lists_subscriptions_and_checks_its_filters() {
    let listed = letter();
    let answer = listed.clone();
    let mut store = MockStore::new();
    store
        .expect_list_dead_letter_page()
        .withf(|q| {
            q.visibility.allows(&letter().uid)
                && !q.visibility.allows(&child(&group_b(), "5555555555555555"))
                && q.filter.subscription == Some(subscription().uid)
        })
        .times(1)
        .returning(move |_| Ok(store_page(vec![answer.clone()], 1)));
    let env = env(store);
    let input = DeadLetterListInput { subscription: Some(subscription().uid.to_string()), ..Default::default() };
    let page = run(env.services.dead_letters.list(&bound("viewer", &group_a()), input, &Default::default())).unwrap();
    assert_eq!((page.items, page.total_count), (vec![listed], Some(1)));
    let bad = DeadLetterListInput {
        subscription: Some(org().to_string()),
        children_of: Some("x".to_owned()),
        ..Default::default()
    };
    let err = run(env.services.dead_letters.list(&bound("viewer", &group_a()), bad, &Default::default())).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    let Error::InvalidArgument(violations) = err else { unreachable!() };
    let fields: Vec<&str> = violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["uidp.children_of", "subscription"]);
}
