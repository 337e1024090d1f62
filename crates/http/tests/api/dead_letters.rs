//! Dead letters over REST (`/events/v1alpha1/deadletters`): listed under the hierarchy
//! and subscription filters, replayed to the subscription's sink (deleted when delivered,
//! kept and updated when refused) and deleted, each change in the audit trail with who made
//! it; unknown ids are `NOT_FOUND`, unauthenticated calls `UNAUTHENTICATED`.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const LIST: &str = "/events/v1alpha1/deadletters";

/// A subscription of `group` with sink `https://hooks.example.com/<name>`: its uid.
async fn subscription(app: &TestApp, group: &str, name: &str) -> String {
    let body = json!({"sink": format!("https://hooks.example.com/{name}")});
    app.create(&format!("/events/v2beta1/subscriptions/{group}"), body).await["uid"].as_str().unwrap().to_owned()
}

fn precondition(kind: &str, description: &str) -> Value {
    json!({
        "code": 9,
        "message": format!("Precondition failed: {description}"),
        "details": [
            error_info("FAILED_PRECONDITION"),
            { "@type": "type.googleapis.com/google.rpc.PreconditionFailure",
              "violations": [{ "type": kind, "description": description }] },
        ],
    })
}

fn not_found(id: &str) -> Value {
    json!({
        "code": 5,
        "message": format!("Not found: dead letter {id} does not exist"),
        "details": [error_info("NOT_FOUND")],
    })
}

fn ids(reply: &Value) -> Vec<&str> {
    reply["deadLetters"].as_array().unwrap().iter().map(|d| d["id"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn an_owner_lists_a_dead_letter_with_its_event_attempts_and_reason() {
    let app = TestApp::new().await;
    let sub = subscription(&app, &app.org, "acme").await;
    app.clock.advance_ms(10);
    let letter = app.dead_letter(&sub, "6f1c1f9e-0000-4000-8000-000000000001").await;
    let reply = app.call(Method::GET, LIST, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(
        reply.body,
        json!({
            "deadLetters": [{
                "id": "6f1c1f9e-0000-4000-8000-000000000001",
                "subscription": sub,
                "sink": "https://hooks.example.com/old",
                "eventId": letter.event.id.to_string(),
                "eventType": "dev.chainguard.api.iam.group.updated.v1",
                "eventSubject": app.org,
                "eventGroup": app.org,
                "eventTime": "2026-11-18T11:06:40.010Z",
                "attempts": 3,
                "reason": "the sink answered 503 Service Unavailable",
                "failedTime": "2026-11-18T11:06:40.010Z",
                "data": "{\"name\":\"eng\"}",
                "uid": letter.uid.to_string(),
            }],
            "nextPageToken": "",
            "totalCount": "1",
            "skipped": 0,
        })
    );
}

#[tokio::test]
async fn the_list_filters_by_the_subscriptions_group_subtree_children_and_subscription() {
    let app = TestApp::new().await;
    let eng = app.group(&app.org, "eng").await;
    let in_org = subscription(&app, &app.org, "org").await;
    let in_eng = subscription(&app, &eng, "eng").await;
    app.dead_letter(&in_org, "d-org").await;
    app.dead_letter(&in_eng, "d-eng").await;
    let list = |query: String| {
        let app = &app;
        async move {
            let reply = app.call(Method::GET, &format!("{LIST}?{query}"), None).await;
            assert_eq!(reply.status, StatusCode::OK, "{query}: {}", reply.body);
            let mut found: Vec<String> = ids(&reply.body).into_iter().map(str::to_owned).collect();
            found.sort();
            found
        }
    };
    assert_eq!(list(format!("uidp.descendants_of={}", app.org)).await, ["d-eng", "d-org"]);
    assert_eq!(list(format!("uidp.descendants_of={eng}")).await, ["d-eng"]);
    assert_eq!(list(format!("uidp.children_of={}", app.org)).await, ["d-org"]);
    assert_eq!(list(format!("subscription={in_eng}")).await, ["d-eng"]);
    let bad = app.call(Method::GET, &format!("{LIST}?subscription=nope"), None).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["details"][1]["fieldViolations"][0]["field"], "subscription");
    let paged = app.call(Method::GET, &format!("{LIST}?page_size=1"), None).await;
    assert_eq!((ids(&paged.body).len(), &paged.body["totalCount"]), (1, &json!("2")));
    let token = paged.body["nextPageToken"].as_str().unwrap();
    let next = app.call(Method::GET, &format!("{LIST}?page_size=1&page_token={token}"), None).await;
    assert_eq!(next.status, StatusCode::OK, "{}", next.body);
    assert_eq!(ids(&next.body).len(), 1);
    assert_ne!(ids(&next.body), ids(&paged.body));
}

#[tokio::test]
async fn a_delivered_replay_goes_to_the_current_sink_deletes_the_dead_letter_and_is_audited() {
    let app = TestApp::new().await;
    let sub = subscription(&app, &app.org, "now").await;
    let letter = app.dead_letter(&sub, "d-1").await;
    let reply = app.call(Method::POST, &format!("{LIST}/d-1:replay"), None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!((&reply.body["delivered"], &reply.body["deleted"]), (&json!(true), &json!(true)));
    assert_eq!(reply.body["deadLetter"]["id"], "d-1");
    assert_eq!(reply.body["deadLetter"]["sink"], "https://hooks.example.com/now");
    assert_eq!(
        *app.delivery.delivered.lock().unwrap(),
        vec![(letter.event.id.to_string(), "https://hooks.example.com/now".to_owned())],
        "the event went once, with its own id, to the subscription's sink of today"
    );
    assert_eq!(ids(&app.call(Method::GET, LIST, None).await.body), Vec::<&str>::new());
    let again = app.call(Method::POST, &format!("{LIST}/d-1:replay"), None).await;
    assert_eq!((again.status, again.body), (StatusCode::NOT_FOUND, not_found("d-1")));

    let audit =
        app.call(Method::GET, "/audit/v1alpha1/entries?type=dev.grove.events.dead_letter.replayed.v1", None).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.body);
    let entry = &audit.body["entries"][0];
    assert_eq!(entry["actor"], app.admin.to_string());
    assert_eq!(entry["transport"], "rest");
    assert_eq!(entry["subject"], letter.uid.to_string());
    assert_eq!(entry["group"], app.org);
    let data: Value = serde_json::from_str(entry["data"].as_str().unwrap()).unwrap();
    assert_eq!((&data["id"], &data["subscription"]), (&json!("d-1"), &json!(sub)));
}

#[tokio::test]
async fn a_refused_replay_keeps_the_dead_letter_with_its_new_attempt_and_answers_sink_refused() {
    let app = TestApp::new().await;
    let sub = subscription(&app, &app.org, "down").await;
    app.dead_letter(&sub, "d-1").await;
    app.clock.advance_ms(500);
    *app.delivery.refusal.lock().unwrap() = Some("the sink answered 502 Bad Gateway".to_owned());
    let reply = app.call(Method::POST, &format!("{LIST}/d-1:replay"), None).await;
    assert_eq!(
        (reply.status, reply.body),
        (
            StatusCode::BAD_REQUEST,
            precondition(
                "SINK_REFUSED",
                "the replay of dead letter d-1 to https://hooks.example.com/down failed: the sink answered 502 Bad \
                 Gateway; the dead letter is kept (4 attempts)"
            )
        )
    );
    let kept = app.call(Method::GET, LIST, None).await.body["deadLetters"][0].clone();
    assert_eq!(kept["attempts"], 4);
    assert_eq!(kept["reason"], "the sink answered 502 Bad Gateway");
    assert_eq!(kept["failedTime"], "2026-11-18T11:06:40.500Z");
    let audit =
        app.call(Method::GET, "/audit/v1alpha1/entries?type=dev.grove.events.dead_letter.replay_failed.v1", None).await;
    assert_eq!(audit.body["entries"].as_array().unwrap().len(), 1, "{}", audit.body);
    assert_eq!(audit.body["entries"][0]["actor"], app.admin.to_string());
}

#[tokio::test]
async fn a_replay_after_its_subscription_was_deleted_is_failed_precondition_and_keeps_it() {
    let app = TestApp::new().await;
    let sub = subscription(&app, &app.org, "gone").await;
    app.dead_letter(&sub, "d-1").await;
    let deleted = app.call(Method::DELETE, &format!("/events/v2beta1/subscriptions/{sub}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK);
    let reply = app.call(Method::POST, &format!("{LIST}/d-1:replay"), None).await;
    assert_eq!(
        (reply.status, reply.body),
        (
            StatusCode::BAD_REQUEST,
            precondition(
                "SUBSCRIPTION_GONE",
                &format!("subscription {sub} was deleted, so dead letter d-1 has no sink to go to; delete it instead")
            )
        )
    );
    assert!(app.delivery.delivered.lock().unwrap().is_empty());
    assert_eq!(ids(&app.call(Method::GET, LIST, None).await.body), ["d-1"]);
}

#[tokio::test]
async fn a_delete_drops_the_dead_letter_undelivered_and_is_audited() {
    let app = TestApp::new().await;
    let sub = subscription(&app, &app.org, "x").await;
    let letter = app.dead_letter(&sub, "d-1").await;
    let reply = app.call(Method::DELETE, &format!("{LIST}/d-1"), None).await;
    assert_eq!((reply.status, reply.body), (StatusCode::OK, json!({})));
    assert!(app.delivery.delivered.lock().unwrap().is_empty());
    let again = app.call(Method::DELETE, &format!("{LIST}/d-1"), None).await;
    assert_eq!((again.status, again.body), (StatusCode::NOT_FOUND, not_found("d-1")));
    let audit =
        app.call(Method::GET, "/audit/v1alpha1/entries?type=dev.grove.events.dead_letter.deleted.v1", None).await;
    let entry = &audit.body["entries"][0];
    assert_eq!((&entry["actor"], &entry["subject"]), (&json!(app.admin.to_string()), &json!(letter.uid.to_string())));
}

#[tokio::test]
async fn unknown_ids_are_not_found_other_verbs_too_and_calls_without_a_token_are_unauthenticated() {
    let app = TestApp::new().await;
    for (method, path) in [(Method::POST, format!("{LIST}/nope:replay")), (Method::DELETE, format!("{LIST}/nope"))] {
        let reply = app.call(method.clone(), &path, None).await;
        assert_eq!((reply.status, reply.body), (StatusCode::NOT_FOUND, not_found("nope")), "{method} {path}");
    }
    let verb = app.call(Method::POST, &format!("{LIST}/nope:redeliver"), None).await;
    assert_eq!(verb.status, StatusCode::NOT_FOUND);
    assert_eq!(verb.body["message"], "Not found: dead letters have no custom method \"redeliver\"");
    for (method, path) in [
        (Method::GET, LIST.to_owned()),
        (Method::POST, format!("{LIST}/nope:replay")),
        (Method::DELETE, format!("{LIST}/nope")),
    ] {
        let reply = app.raw(method.clone(), &path, None, Vec::new()).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{method} {path}");
        assert_eq!(
            reply.body,
            json!({
                "code": 16,
                "message": "Unauthenticated: the request has no Authorization header",
                "details": [error_info("UNAUTHENTICATED")],
            }),
            "{method} {path}"
        );
    }
}
