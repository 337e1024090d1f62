//! Resource behaviour over HTTP: PATCH semantics, roles, repos, tags, probes and OpenAPI.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::TestApp;

#[tokio::test]
async fn patch_without_mask_changes_only_fields_present() {
    let app = TestApp::new().await;
    let uid = app
        .create(&format!("/iam/v2beta1/groups/{}", app.org), json!({"name": "team", "description": "old"}))
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    app.clock.advance_ms(5);
    let r = app.call(Method::PATCH, &format!("/iam/v2beta1/groups/{uid}"), Some(json!({"description": "new"}))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!((r.body["name"].as_str(), r.body["description"].as_str()), (Some("team"), Some("new")));
    assert_ne!(r.body["updateTime"], r.body["createTime"]);
}

#[tokio::test]
async fn patch_with_mask_changes_only_masked_fields() {
    let app = TestApp::new().await;
    let uid = app
        .create(&format!("/iam/v2beta1/groups/{}", app.org), json!({"name": "team", "description": "old"}))
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/groups/{uid}?updateMask=description"),
            Some(json!({"name": "ignored", "description": "new"})),
        )
        .await;
    assert_eq!((r.body["name"].as_str(), r.body["description"].as_str()), (Some("team"), Some("new")));
    let r = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/groups/{uid}?update_mask=name,description"),
            Some(json!({"name": "renamed"})),
        )
        .await;
    assert_eq!((r.body["name"].as_str(), r.body["description"].as_str()), (Some("renamed"), Some("")));
    let r = app.call(Method::PATCH, &format!("/iam/v2beta1/groups/{uid}?updateMask=verified"), Some(json!({}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "update_mask");
}

#[tokio::test]
async fn built_in_roles_cannot_be_changed_or_deleted() {
    let app = TestApp::new().await;
    let viewer = app.role_uid("viewer").await;
    for method in [Method::PATCH, Method::DELETE] {
        let r =
            app.call(method.clone(), &format!("/iam/v2beta1/roles/{viewer}"), Some(json!({"description": "x"}))).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{method}");
        assert_eq!(
            r.body["message"],
            format!("Precondition failed: role {viewer} is built in and cannot be changed or deleted")
        );
    }
}

#[tokio::test]
async fn custom_roles_round_trip_capabilities_and_refuse_deletion_while_bound() {
    let app = TestApp::new().await;
    let role = app
        .create(
            &format!("/iam/v2beta1/roles/{}", app.org),
            json!({"name": "puller", "capabilities": ["repo.list", "CAP_TAG_LIST"]}),
        )
        .await;
    assert_eq!(role["capabilities"], json!(["CAP_REPO_LIST", "CAP_TAG_LIST"]));
    let uid = role["uid"].as_str().unwrap();
    let robot = app.identity(&app.org, "robot").await;
    app.create(&format!("/iam/v2beta1/roleBindings/{}", app.org), json!({"identityUid": robot, "roleUid": uid})).await;
    let r = app.call(Method::DELETE, &format!("/iam/v2beta1/roles/{uid}"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["code"], 9);
    let r = app.call(Method::POST, &format!("/iam/v2beta1/roles/{}", app.org), Some(json!({"name": "empty"}))).await;
    assert_eq!(
        r.body["details"][1]["fieldViolations"][0],
        json!({"field": "capabilities", "description": "a role needs at least one capability"})
    );
}

#[tokio::test]
async fn repos_and_tags_have_full_crud_and_tag_create_is_an_upsert() {
    let app = TestApp::new().await;
    let repo = app
        .create(
            &format!("/registry/v2beta1/repos/{}", app.org),
            json!({"name": "team/nginx", "catalogTier": "CATALOG_TIER_BASE", "bundles": ["base"]}),
        )
        .await;
    assert_eq!(repo["catalogTier"], "CATALOG_TIER_BASE");
    let repo_uid = repo["uid"].as_str().unwrap();
    let digest_a = format!("sha256:{}", "a".repeat(64));
    let digest_b = format!("sha256:{}", "b".repeat(64));
    let tag =
        app.create(&format!("/registry/v2beta1/tags/{repo_uid}"), json!({"name": "latest", "digest": digest_a})).await;
    let moved =
        app.create(&format!("/registry/v2beta1/tags/{repo_uid}"), json!({"name": "latest", "digest": digest_b})).await;
    assert_eq!((moved["uid"].clone(), moved["digest"].as_str()), (tag["uid"].clone(), Some(digest_b.as_str())));
    let tags = app.call(Method::GET, &format!("/registry/v2beta1/tags?uidp.children_of={repo_uid}"), None).await;
    assert_eq!(tags.body["totalCount"], "1");
    let r = app.call(Method::DELETE, &format!("/registry/v2beta1/repos/{repo_uid}"), None).await;
    assert_eq!(r.body["message"], "Precondition failed: cannot delete repo with child tags");
    let tag_uid = tag["uid"].as_str().unwrap();
    let r =
        app.call(Method::PATCH, &format!("/registry/v2beta1/tags/{tag_uid}"), Some(json!({"deprecated": true}))).await;
    assert_eq!((r.status, r.body["deprecated"].as_bool()), (StatusCode::OK, Some(true)));
    assert_eq!(
        app.call(Method::DELETE, &format!("/registry/v2beta1/tags/{tag_uid}"), None).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.call(Method::DELETE, &format!("/registry/v2beta1/repos/{repo_uid}"), None).await.status,
        StatusCode::OK
    );
    let r = app
        .call(Method::POST, &format!("/registry/v2beta1/repos/{}", app.org), Some(json!({"name": "Bad//Name"})))
        .await;
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "name");
}

#[tokio::test]
async fn creating_an_organization_binds_the_creator_as_owner() {
    let app = TestApp::new().await;
    let org = app.create("/iam/v2beta1/groups", json!({"name": "newco"})).await;
    let uid = org["uid"].as_str().unwrap();
    assert!(!uid.contains('/'));
    let bindings = app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={uid}"), None).await;
    assert_eq!(bindings.body["roleBindings"][0]["role"]["name"], "owner");
    assert_eq!(bindings.body["roleBindings"][0]["identity"]["uid"], app.admin.to_string());
}

#[tokio::test]
async fn health_and_readiness_probes_answer_without_a_token() {
    let app = TestApp::new().await;
    let h = app.raw(Method::GET, "/healthz", None, Vec::new()).await;
    assert_eq!((h.status, h.body.clone()), (StatusCode::OK, json!({"status": "ok"})));
    let r = app.raw(Method::GET, "/readyz", None, Vec::new()).await;
    assert_eq!((r.status, r.body.clone()), (StatusCode::OK, json!({"status": "ready"})));
}

#[tokio::test]
async fn the_served_openapi_document_matches_the_committed_one() {
    let app = TestApp::new().await;
    let served = app.raw(Method::GET, "/openapi.json", None, Vec::new()).await;
    assert_eq!(served.body["openapi"], "3.1.0");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
    let generated = grove_http::openapi::document();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(committed == generated, "crates/http/openapi.json is stale: run `cargo xtask openapi`");
    assert_eq!(served.raw, generated.as_bytes());
}
