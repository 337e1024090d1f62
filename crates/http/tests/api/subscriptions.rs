//! `/events/v2beta1/subscriptions` (and the first API's `/events/v1/subscriptions`): create,
//! get, list and delete over REST, the sink rules, and what a viewer may do.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{error_info, TestApp};

const SINK: &str = "https://hooks.example.com/grove";

#[tokio::test]
async fn create_subscription_answers_the_subscription_in_the_group_and_get_answers_it_again() {
    let app = TestApp::new().await;
    let group = app.group(&app.org, "platform").await;
    let created = app.create(&format!("/events/v2beta1/subscriptions/{group}"), json!({ "sink": SINK })).await;
    let uid = created["uid"].as_str().unwrap();
    assert_eq!(uid.len(), group.len() + 17, "{uid}");
    assert!(uid.starts_with(&format!("{group}/")), "{uid}");
    assert_eq!(created, json!({ "uid": uid, "sink": SINK }));
    let got = app.call(Method::GET, &format!("/events/v2beta1/subscriptions/{uid}"), None).await;
    assert_eq!((got.status, got.body), (StatusCode::OK, created));
}

#[tokio::test]
async fn list_subscriptions_lists_a_groups_subscriptions_in_uid_order_with_a_total() {
    let app = TestApp::new().await;
    let group = app.group(&app.org, "platform").await;
    let path = format!("/events/v2beta1/subscriptions/{group}");
    let mut expected = vec![
        app.create(&path, json!({ "sink": SINK })).await,
        app.create(&path, json!({ "sink": "https://audit.example.com/in" })).await,
    ];
    app.create(&format!("/events/v2beta1/subscriptions/{}", app.org), json!({ "sink": SINK })).await;
    expected.sort_by(|a, b| a["uid"].as_str().cmp(&b["uid"].as_str()));
    let r = app.call(Method::GET, &format!("/events/v2beta1/subscriptions?uidp.children_of={group}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, json!({ "subscriptions": expected, "nextPageToken": "", "totalCount": "2", "skipped": 0 }));
    let r = app.call(Method::GET, "/events/v2beta1/subscriptions?name=x", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["details"][1]["fieldViolations"][0],
        json!({ "field": "name", "description": "subscriptions have no name to filter by" })
    );
}

#[tokio::test]
async fn delete_subscription_answers_empty_and_the_subscription_is_gone() {
    let app = TestApp::new().await;
    let created = app.create(&format!("/events/v2beta1/subscriptions/{}", app.org), json!({ "sink": SINK })).await;
    let path = format!("/events/v2beta1/subscriptions/{}", created["uid"].as_str().unwrap());
    let r = app.call(Method::DELETE, &path, None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call(Method::GET, &path, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(
        r.body["message"],
        format!("Not found: subscription {} does not exist", created["uid"].as_str().unwrap())
    );
    assert_eq!(r.body["details"][0], error_info("NOT_FOUND"));
}

#[tokio::test]
async fn sinks_that_are_not_public_https_urls_are_refused_on_the_sink_field() {
    let app = TestApp::new().await;
    let path = format!("/events/v2beta1/subscriptions/{}", app.org);
    for (sink, description) in [
        (
            "http://hooks.example.com/",
            "sink must use https:// (plain http only to a loopback host in development mode)",
        ),
        ("https://10.0.0.8/hook", "sink must not point at a private, link-local or reserved address"),
        ("https://127.0.0.1/hook", "sink must not point at a loopback address"),
        // IPv6 forms that reach an IPv4 address are judged by that address.
        ("https://[64:ff9b::7f00:1]/hook", "sink must not point at a loopback address"),
        ("https://[::ffff:127.0.0.1]/hook", "sink must not point at a loopback address"),
        ("https://[64:ff9b::a00:1]/hook", "sink must not point at a private, link-local or reserved address"),
        ("https://[2002:a00:1::]/hook", "sink must not point at a private, link-local or reserved address"),
        ("https://[2002:a9fe:a9fe::1]/hook", "sink must not point at a private, link-local or reserved address"),
        (
            "https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/hook",
            "sink must not point at a private, link-local or reserved address",
        ),
        ("https://[::10.0.0.1]/hook", "sink must not point at a private, link-local or reserved address"),
        ("https://[fec0::1]/hook", "sink must not point at a private, link-local or reserved address"),
        ("", "sink is required"),
    ] {
        let r = app.call(Method::POST, &path, Some(json!({ "sink": sink }))).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{sink}");
        assert_eq!(
            r.body["details"][1]["fieldViolations"],
            json!([{ "field": "sink", "description": description }]),
            "{sink}"
        );
    }
    let r = app.call(Method::POST, &path, Some(json!({ "sink": SINK, "filter": "x" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "filter");
}

#[tokio::test]
async fn a_viewer_lists_subscriptions_but_cannot_create_or_delete_them() {
    let app = TestApp::new().await;
    let created = app.create(&format!("/events/v2beta1/subscriptions/{}", app.org), json!({ "sink": SINK })).await;
    let viewer = app.identity(&app.org, "viewer").await;
    app.bind(&app.org, &viewer, "viewer").await;
    let token = app.token_for(&viewer);
    let r = app.call_as(&token, Method::GET, "/events/v2beta1/subscriptions", None).await;
    assert_eq!(r.body["subscriptions"], json!([created]));
    let r = app
        .call_as(
            &token,
            Method::POST,
            &format!("/events/v2beta1/subscriptions/{}", app.org),
            Some(json!({ "sink": SINK })),
        )
        .await;
    assert_eq!((r.status, r.body["code"].as_i64()), (StatusCode::FORBIDDEN, Some(7)));
    let path = format!("/events/v2beta1/subscriptions/{}", created["uid"].as_str().unwrap());
    let r = app.call_as(&token, Method::DELETE, &path, None).await;
    assert_eq!((r.status, r.body["code"].as_i64()), (StatusCode::FORBIDDEN, Some(7)));
}

#[tokio::test]
async fn the_first_apis_subscriptions_create_list_whole_and_delete_with_its_own_names() {
    let app = TestApp::new().await;
    let group = app.group(&app.org, "platform").await;
    let created = app.create(&format!("/events/v1/subscriptions/{group}"), json!({ "sink": SINK })).await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert!(id.starts_with(&format!("{group}/")), "{id}");
    assert_eq!(created, json!({ "id": id, "sink": SINK }));
    let v2 = app.call(Method::GET, &format!("/events/v2beta1/subscriptions/{id}"), None).await;
    assert_eq!(v2.body, json!({ "uid": id, "sink": SINK }), "one subscription, two shapes");
    let other = app.create(&format!("/events/v1/subscriptions/{}", app.org), json!({ "sink": SINK })).await;

    let all = app.call(Method::GET, "/events/v1/subscriptions", None).await;
    let mut expected = vec![created.clone(), other.clone()];
    expected.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    assert_eq!((all.status, all.body), (StatusCode::OK, json!({ "items": expected })));
    let below = app.call(Method::GET, &format!("/events/v1/subscriptions?uidp.children_of={group}"), None).await;
    assert_eq!(below.body, json!({ "items": [created] }));
    let one =
        app.call(Method::GET, &format!("/events/v1/subscriptions?id={}", other["id"].as_str().unwrap()), None).await;
    assert_eq!(one.body, json!({ "items": [other] }));

    let r = app.call(Method::DELETE, &format!("/events/v1/subscriptions/{id}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call(Method::DELETE, &format!("/events/v1/subscriptions/{id}"), None).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::NOT_FOUND,
            json!({ "code": 5, "message": format!("Not found: subscription {id} does not exist"),
                    "details": [error_info("NOT_FOUND")] })
        )
    );
}

#[tokio::test]
async fn the_first_apis_subscriptions_name_its_own_fields_in_errors_and_write_nothing() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, "/events/v1/subscriptions/NOT-A-UID", Some(json!({ "sink": SINK }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "parent_id", "{}", r.body);
    let r = app.call(Method::POST, &format!("/events/v1/subscriptions/{}", app.org), Some(json!({ "sink": 5 }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "subscription.sink", "{}", r.body);
    let r = app.call(Method::DELETE, "/events/v1/subscriptions/NOT-A-UID", None).await;
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "id", "{}", r.body);
    let all = app.call(Method::GET, "/events/v1/subscriptions", None).await;
    assert_eq!(all.body, json!({ "items": [] }));
}
