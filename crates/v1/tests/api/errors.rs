//! Errors in the v1 shape: `{code, message, details: []}` with the v2 status mapping.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{v1_error, TestApp, BASE_URL};

#[tokio::test]
async fn malformed_json_is_invalid_argument_on_the_body() {
    let app = TestApp::new().await;
    let r =
        app.raw(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(&app.admin_token), b"{nope".to_vec()).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: body: key must be a string at line 1, column 2"));
}

#[tokio::test]
async fn a_wrong_type_is_invalid_argument() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!({ "name": 5 }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: body: invalid type: integer `5`, expected a string"));
}

#[tokio::test]
async fn an_unknown_field_is_invalid_argument() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!({ "nmae": "x" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: body: unknown field `nmae`, expected `name` or `description`"));
}

#[tokio::test]
async fn a_body_that_is_not_an_object_is_invalid_argument() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!(["team"]))).await;
    assert_eq!(r.body, v1_error(3, "Invalid argument: body: the request body must be a JSON object"));
}

#[tokio::test]
async fn a_body_over_one_mebibyte_is_refused_with_400() {
    let app = TestApp::new().await;
    let big = json!({ "name": "team", "description": "x".repeat(1024 * 1024) });
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(big)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: body: the request body must be at most 1048576 bytes"));
}

#[tokio::test]
async fn an_invalid_name_is_invalid_argument_without_typed_details() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!({}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: name: name is required"));
}

#[tokio::test]
async fn a_malformed_uid_in_the_path_or_a_filter_is_invalid_argument() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, "/iam/v1/groups/not-a-uid", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["code"], 3);
    assert!(r.body["message"].as_str().unwrap().starts_with("Invalid argument: uid:"), "{}", r.body);
    let r = app.call(Method::GET, "/iam/v1/groups?id=nope", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["message"].as_str().unwrap().starts_with("Invalid argument: id:"), "{}", r.body);
    assert_eq!(r.body["details"], json!([]));
}

#[tokio::test]
async fn a_sibling_name_clash_is_already_exists_with_409() {
    let app = TestApp::new().await;
    app.group(&app.org, "team").await;
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!({ "name": "team" }))).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!((r.body["code"].as_i64(), &r.body["details"]), (Some(6), &json!([])));
}

#[tokio::test]
async fn missing_malformed_and_foreign_tokens_are_unauthenticated() {
    let app = TestApp::new().await;
    let foreign = grove_sts::ApiTokens::new(
        grove_sts::SigningKey::generate().unwrap(),
        Vec::new(),
        BASE_URL.to_owned(),
        BASE_URL.to_owned(),
        app.clock.clone(),
    )
    .mint(&grove_domain::Uidp::parse(&app.admin).unwrap(), chrono::Duration::hours(1))
    .unwrap()
    .token;
    for token in [None, Some("garbage"), Some(foreign.as_str())] {
        let r = app.raw(Method::GET, "/iam/v1/groups", token, Vec::new()).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{token:?}");
        assert_eq!((r.body["code"].as_i64(), &r.body["details"]), (Some(16), &json!([])), "{token:?}");
    }
    let r = app.raw(Method::GET, "/registry/v1/repos", None, Vec::new()).await;
    assert_eq!(r.body, v1_error(16, "Unauthenticated: the request has no Authorization header"));
}

#[tokio::test]
async fn an_unknown_v1_path_is_not_found_in_the_v1_shape() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, "/iam/v1/clusters", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body, v1_error(5, "Not found: no route for GET /iam/v1/clusters"));
}

#[tokio::test]
async fn a_wrong_method_is_unimplemented_with_405() {
    let app = TestApp::new().await;
    let r = app.call(Method::PUT, "/iam/v1/groups", Some(json!({}))).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(r.body, v1_error(12, "Unimplemented: PUT is not supported on /iam/v1/groups"));
}

#[tokio::test]
async fn a_nul_in_the_name_filter_of_every_list_is_invalid_argument() {
    let app = TestApp::new().await;
    for list in ["/iam/v1/groups", "/iam/v1/identities", "/iam/v1/roles", "/registry/v1/repos", "/registry/v1/tags"] {
        let r = app.call(Method::GET, &format!("{list}?name=a%00b"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{list}: {}", r.body);
        assert_eq!(
            r.body,
            v1_error(3, "Invalid argument: name: name must not contain control characters (found U+0000)"),
            "{list}"
        );
    }
}

#[tokio::test]
async fn a_token_of_a_deleted_identity_is_unauthenticated() {
    let app = TestApp::new().await;
    let ci = app.identity(&app.org, "ci").await;
    app.bind(&app.org, &ci, "viewer").await;
    let token = app.token_for(&ci);
    assert_eq!(app.call_as(&token, Method::GET, "/iam/v1/groups", None).await.status, StatusCode::OK);
    let deleted = app.call(Method::DELETE, &format!("/iam/v1/identities/{ci}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    let r = app.call_as(&token, Method::GET, "/iam/v1/groups", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.body, v1_error(16, &format!("Unauthenticated: identity {ci} of this token no longer exists")));
}
