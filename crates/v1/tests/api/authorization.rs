//! The authorization matrix through v1: a `viewer` bound in group A reads A's subtree, writes
//! nothing, and sees nothing of a sibling B (which answers as if it did not exist), exactly
//! as through v2.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{id, v1_error, TestApp};

struct World {
    app: TestApp,
    a: String,
    a_child: String,
    b: String,
    viewer: String,
    viewer_token: String,
}

async fn world() -> World {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let a_child = app.group(&a, "a-child").await;
    let b = app.group(&app.org, "b").await;
    app.repo(&a_child, "app").await;
    app.repo(&b, "secret").await;
    app.identity(&b, "b-robot").await;
    let viewer = app.identity(&a, "viewer").await;
    app.bind(&a, &viewer, "viewer").await;
    let viewer_token = app.token_for(&viewer);
    World { app, a, a_child, b, viewer, viewer_token }
}

fn names(list: &serde_json::Value) -> Vec<&str> {
    let mut names: Vec<_> = list["items"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    names
}

#[tokio::test]
async fn viewer_lists_and_gets_its_subtree() {
    let w = world().await;
    let t = &w.viewer_token;
    let groups = w.app.call_as(t, Method::GET, "/iam/v1/groups", None).await;
    assert_eq!(groups.status, StatusCode::OK);
    assert_eq!(names(&groups.body), ["a", "a-child"]);
    for path in [format!("/iam/v1/groups/{}", w.a), format!("/iam/v1/groups/{}", w.a_child)] {
        assert_eq!(w.app.call_as(t, Method::GET, &path, None).await.status, StatusCode::OK, "{path}");
    }
    let repos = w.app.call_as(t, Method::GET, "/registry/v1/repos", None).await;
    assert_eq!(names(&repos.body), ["app"]);
    let identities = w.app.call_as(t, Method::GET, "/iam/v1/identities", None).await;
    assert_eq!(names(&identities.body), ["viewer"]);
    let bindings = w.app.call_as(t, Method::GET, "/iam/v1/rolebindings", None).await;
    assert_eq!(bindings.body["items"].as_array().unwrap().len(), 1);
    assert_eq!(bindings.body["items"][0]["identity"], json!(w.viewer));
    assert_eq!(bindings.body["items"][0]["group"]["id"], json!(w.a));
}

#[tokio::test]
async fn viewer_cannot_create_replace_or_delete_in_its_subtree() {
    let w = world().await;
    let t = &w.viewer_token;
    let create = w.app.call_as(t, Method::POST, &format!("/iam/v1/groups/{}", w.a), Some(json!({"name": "x"}))).await;
    assert_eq!(create.status, StatusCode::FORBIDDEN);
    assert_eq!(create.body, v1_error(7, &format!("Permission denied: the caller lacks groups.create on {}", w.a)));
    let put = w.app.call_as(t, Method::PUT, &format!("/iam/v1/groups/{}", w.a), Some(json!({"name": "a"}))).await;
    assert_eq!(put.status, StatusCode::FORBIDDEN);
    let delete = w.app.call_as(t, Method::DELETE, &format!("/iam/v1/groups/{}", w.a_child), None).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN);
    let repo = w.app.call_as(t, Method::POST, &format!("/registry/v1/repos/{}", w.a), Some(json!({"name": "r"}))).await;
    assert_eq!(repo.status, StatusCode::FORBIDDEN);
    let identity = w
        .app
        .call_as(
            t,
            Method::POST,
            &format!("/iam/v1/identities/{}", w.a),
            Some(json!({"name": "x", "claimMatch": {"issuer": "https://i.example.com", "subject": "x"}})),
        )
        .await;
    assert_eq!(identity.status, StatusCode::FORBIDDEN);
    let org = w.app.call_as(t, Method::POST, "/iam/v1/groups", Some(json!({"name": "mine"}))).await;
    assert_eq!(org.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn viewer_sees_nothing_of_a_sibling_group() {
    let w = world().await;
    let t = &w.viewer_token;
    let get = w.app.call_as(t, Method::GET, &format!("/iam/v1/groups/{}", w.b), None).await;
    assert_eq!(get.status, StatusCode::NOT_FOUND);
    assert_eq!(get.body, v1_error(5, &format!("Not found: group {} does not exist", w.b)));
    let by_id = w.app.call_as(t, Method::GET, &format!("/iam/v1/groups?id={}", w.b), None).await;
    assert_eq!((by_id.status, by_id.body), (StatusCode::OK, json!({ "items": [] })));
    let create = w.app.call_as(t, Method::POST, &format!("/iam/v1/groups/{}", w.b), Some(json!({"name": "x"}))).await;
    assert_eq!(create.status, StatusCode::NOT_FOUND);
    let delete = w.app.call_as(t, Method::DELETE, &format!("/iam/v1/groups/{}", w.b), None).await;
    assert_eq!(delete.status, StatusCode::NOT_FOUND);
    for path in [
        format!("/iam/v1/groups?uidp.descendants_of={}", w.b),
        format!("/registry/v1/repos?uidp.descendants_of={}", w.b),
        format!("/iam/v1/identities?uidp.descendants_of={}", w.b),
        format!("/iam/v1/rolebindings?uidp.descendants_of={}", w.b),
    ] {
        let r = w.app.call_as(t, Method::GET, &path, None).await;
        assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "items": [] })), "{path}");
    }
    let org = w.app.call_as(t, Method::GET, &format!("/iam/v1/groups/{}", w.app.org), None).await;
    assert_eq!(org.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_role_the_caller_may_not_list_is_hydrated_without_its_capabilities() {
    let w = world().await;
    let body = json!({ "name": "puller", "description": "org role", "capabilities": ["repo.list"] });
    let role = id(&w.app.create(&format!("/iam/v1/roles/{}", w.app.org), body).await);
    let robot = w.app.identity(&w.a, "robot").await;
    let binding =
        id(&w.app.create(&format!("/iam/v1/rolebindings/{}", w.a), json!({ "identity": robot, "role": role })).await);
    let as_owner = w.app.get(&format!("/iam/v1/rolebindings?id={binding}")).await;
    assert_eq!(as_owner["items"][0]["role"]["capabilities"], json!(["repo.list"]));
    let r = w.app.call_as(&w.viewer_token, Method::GET, &format!("/iam/v1/rolebindings?id={binding}"), None).await;
    assert_eq!(
        r.body["items"][0]["role"],
        json!({ "id": role, "name": "puller", "description": "org role", "capabilities": [] })
    );
    let direct = w.app.call_as(&w.viewer_token, Method::GET, &format!("/iam/v1/roles/{role}"), None).await;
    assert_eq!(direct.status, StatusCode::NOT_FOUND);
}
