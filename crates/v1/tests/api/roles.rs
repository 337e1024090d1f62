//! `/iam/v1/roles`: dotted capability names in and out, the `parent` filter, replacement.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::VIEWER;
use serde_json::json;

use crate::common::{id, ids, v1_error, TestApp};

const VIEWER_CAPABILITIES: [&str; 12] = [
    "groups.list",
    "group_invites.list",
    "roles.list",
    "role_bindings.list",
    "account_associations.list",
    "identity.list",
    "identity_providers.list",
    "subscriptions.list",
    "repo.blobs.get",
    "repo.list",
    "tag.list",
    "advisories.list",
];

#[tokio::test]
async fn get_built_in_role_answers_dotted_capabilities() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, &format!("/iam/v1/roles/{VIEWER}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({
            "id": VIEWER,
            "name": "viewer",
            "description": "Built-in role: read-only access to the group and everything in it, including image pulls.",
            "capabilities": VIEWER_CAPABILITIES,
        })
    );
}

#[tokio::test]
async fn create_role_takes_and_answers_dotted_capabilities() {
    let app = TestApp::new().await;
    let body = json!({ "name": "puller", "description": "pulls", "capabilities": ["tag.list", "repo.list"] });
    let r = app.call(Method::POST, &format!("/iam/v1/roles/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({ "id": id(&r.body), "name": "puller", "description": "pulls", "capabilities": ["repo.list", "tag.list"] })
    );
}

#[tokio::test]
async fn list_roles_answers_built_in_and_custom_roles_and_filters_by_parent() {
    let app = TestApp::new().await;
    let custom = id(&app
        .create(&format!("/iam/v1/roles/{}", app.org), json!({ "name": "puller", "capabilities": ["repo.list"] }))
        .await);
    let all = app.get("/iam/v1/roles").await;
    let names: Vec<_> = all["items"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["owner", "editor", "viewer", "registry.pull", "registry.push", "puller"]);
    assert_eq!(
        all["items"][5],
        json!({ "id": custom, "name": "puller", "description": "", "capabilities": ["repo.list"] })
    );
    assert_eq!(ids(&app.get(&format!("/iam/v1/roles?parent={}", app.org)).await), [custom.as_str()]);
    assert_eq!(app.get("/iam/v1/roles?parent=/").await["items"].as_array().unwrap().len(), 5);
    assert_eq!(ids(&app.get("/iam/v1/roles?name=viewer").await), [VIEWER]);
    assert_eq!(ids(&app.get(&format!("/iam/v1/roles?id={custom}")).await), [custom]);
}

#[tokio::test]
async fn put_role_replaces_the_whole_role() {
    let app = TestApp::new().await;
    let body = json!({ "name": "puller", "description": "old", "capabilities": ["repo.list", "tag.list"] });
    let uid = id(&app.create(&format!("/iam/v1/roles/{}", app.org), body).await);
    let r = app
        .call(
            Method::PUT,
            &format!("/iam/v1/roles/{uid}"),
            Some(json!({ "name": "lister", "capabilities": ["groups.list"] })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, json!({ "id": uid, "name": "lister", "description": "", "capabilities": ["groups.list"] }));
    let r = app.call(Method::PATCH, &format!("/iam/v1/roles/{uid}"), Some(json!({ "name": "lister" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: capabilities: a role needs at least one capability"));
}

#[tokio::test]
async fn built_in_roles_cannot_be_replaced_or_deleted() {
    let app = TestApp::new().await;
    for method in [Method::PUT, Method::DELETE] {
        let body = json!({ "name": "viewer", "capabilities": ["groups.list"] });
        let r = app.call(method.clone(), &format!("/iam/v1/roles/{VIEWER}"), Some(body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{method}");
        assert_eq!(
            r.body,
            v1_error(9, &format!("Precondition failed: role {VIEWER} is built in and cannot be changed or deleted"))
        );
    }
}

#[tokio::test]
async fn delete_role_answers_an_empty_object() {
    let app = TestApp::new().await;
    let uid = id(&app
        .create(&format!("/iam/v1/roles/{}", app.org), json!({ "name": "puller", "capabilities": ["repo.list"] }))
        .await);
    let r = app.call(Method::DELETE, &format!("/iam/v1/roles/{uid}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(app.get(&format!("/iam/v1/roles?id={uid}")).await, json!({ "items": [] }));
}
