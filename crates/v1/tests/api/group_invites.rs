//! `/iam/v1/group_invites`: the v1 shapes (the code on create only, `StoredGroupInvite`
//! items), the `group` and `key_id` filters, delete, bad input, and who may do what.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::VIEWER;
use serde_json::{json, Value};

use crate::common::{id, ids, v1_error, TestApp};

const CREATED: &str = "2026-11-18T11:06:40.000Z";
const HOUR_LATER: &str = "2026-11-18T12:06:40.000Z";

fn viewer_id(role: &Value) -> &str {
    role["id"].as_str().unwrap()
}

#[tokio::test]
async fn create_answers_the_code_and_list_answers_stored_invites_without_it() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let body = json!({ "ttl": "3600s", "role": VIEWER, "email": "dev@acme.example", "singleUse": true });
    let r = app.call(Method::POST, &format!("/iam/v1/group_invites/{team}"), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let invite = id(&r.body);
    assert!(invite.starts_with(&format!("{team}/")));
    let code = r.body["code"].as_str().unwrap().to_owned();
    assert_eq!(code.split('.').count(), 3);
    let key_id = r.body["keyId"].as_str().unwrap().to_owned();
    assert_eq!(viewer_id(&r.body["role"]), VIEWER);
    assert_eq!(r.body["role"]["name"], "viewer");
    let mut without_role = r.body.clone();
    without_role.as_object_mut().unwrap().remove("role");
    assert_eq!(without_role, json!({ "id": invite, "expiration": HOUR_LATER, "keyId": key_id, "code": code }));

    let list = app.call(Method::GET, "/iam/v1/group_invites", None).await;
    assert_eq!(list.status, StatusCode::OK);
    let mut item = list.body["items"][0].clone();
    assert_eq!(viewer_id(&item["role"]), VIEWER);
    item.as_object_mut().unwrap().remove("role");
    assert_eq!(
        item,
        json!({
            "id": invite, "expiration": HOUR_LATER, "keyId": key_id, "email": "dev@acme.example",
            "createdAt": CREATED, "singleUse": true,
        })
    );
    assert!(!list.body.to_string().contains(&code), "the code is shown once");
}

#[tokio::test]
async fn list_filters_by_group_id_and_key_id_and_delete_revokes() {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let b = app.group(&app.org, "b").await;
    let body = json!({ "ttl": "3600s", "role": VIEWER });
    let in_a = id(&app.create(&format!("/iam/v1/group_invites/{a}"), body.clone()).await);
    let in_b = app.create(&format!("/iam/v1/group_invites/{b}"), body).await;
    let by_group = app.get(&format!("/iam/v1/group_invites?group={a}")).await;
    assert_eq!(ids(&by_group), vec![in_a.clone()]);
    let by_id = app.get(&format!("/iam/v1/group_invites?id={}", id(&in_b))).await;
    assert_eq!(ids(&by_id), vec![id(&in_b)]);
    let by_key = app.get(&format!("/iam/v1/group_invites?key_id={}", in_b["keyId"].as_str().unwrap())).await;
    assert_eq!(ids(&by_key).len(), 2);
    let other_key = app.get("/iam/v1/group_invites?key_id=another").await;
    assert_eq!(other_key, json!({ "items": [] }));

    let r = app.call(Method::DELETE, &format!("/iam/v1/group_invites/{in_a}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(ids(&app.get(&format!("/iam/v1/group_invites?group={a}")).await), Vec::<String>::new());
    let again = app.call(Method::DELETE, &format!("/iam/v1/group_invites/{in_a}"), None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_input_is_refused_and_a_viewer_may_list_but_not_invite() {
    let app = TestApp::new().await;
    let path = format!("/iam/v1/group_invites/{}", app.org);
    let r = app.call(Method::POST, &path, Some(json!({ "ttl": "an hour", "role": VIEWER }))).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::BAD_REQUEST, v1_error(3, "Invalid argument: ttl: ttl must be a duration such as \"86400s\""))
    );
    let r = app.call(Method::POST, &path, Some(json!({ "role": VIEWER }))).await;
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, v1_error(3, "Invalid argument: ttl: ttl is required")));
    let viewer = app.identity(&app.org, "viewer").await;
    app.bind(&app.org, &viewer, "viewer").await;
    let token = app.token_for(&viewer);
    let listed = app.call_as(&token, Method::GET, "/iam/v1/group_invites", None).await;
    assert_eq!((listed.status, listed.body), (StatusCode::OK, json!({ "items": [] })));
    let denied = app.call_as(&token, Method::POST, &path, Some(json!({ "ttl": "60s", "role": VIEWER }))).await;
    assert_eq!(
        (denied.status, denied.body),
        (
            StatusCode::FORBIDDEN,
            v1_error(7, &format!("Permission denied: the caller lacks group_invites.create on {}", app.org))
        )
    );
}
