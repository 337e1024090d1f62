//! `/ping/v1/ping` and `/ping/v2beta1/ping`: served by the generated REST face, to anybody,
//! and refused in the error format for any other method.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{error_info, TestApp};

#[tokio::test]
async fn ping_answers_pong_without_a_token_under_both_versions() {
    let app = TestApp::new().await;
    for path in ["/ping/v1/ping", "/ping/v2beta1/ping"] {
        let r = app.raw(Method::GET, path, None, Vec::new()).await;
        assert_eq!((r.status, &r.body), (StatusCode::OK, &json!({ "response": "pong" })), "{path}");
        assert_eq!(r.headers["content-type"], "application/json", "{path}");
    }
}

#[tokio::test]
async fn ping_ignores_a_bad_token_and_query_keys_it_does_not_have() {
    let app = TestApp::new().await;
    let r = app.raw(Method::GET, "/ping/v2beta1/ping?verbose=true", Some("not-a-token"), Vec::new()).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "response": "pong" })));
}

#[tokio::test]
async fn ping_refuses_other_methods_with_405_and_allow() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, "/ping/v2beta1/ping", Some(json!({}))).await;
    assert_eq!((r.status, r.headers["allow"].to_str().unwrap()), (StatusCode::METHOD_NOT_ALLOWED, "GET,HEAD"));
    assert_eq!(
        r.body,
        json!({ "code": 12, "message": "Unimplemented: POST is not supported on /ping/v2beta1/ping",
                "details": [error_info("UNIMPLEMENTED")] })
    );
}

#[test]
fn the_document_describes_ping_as_open_with_only_server_errors() {
    let doc: serde_json::Value = serde_json::from_str(&grove_http::openapi::document()).unwrap();
    for (path, id) in [("/ping/v1/ping", "Ping_v1"), ("/ping/v2beta1/ping", "Ping")] {
        let op = &doc["paths"][path]["get"];
        assert_eq!(op["operationId"], id, "{path}");
        assert_eq!(op["security"], json!([]), "{path}");
        let statuses: Vec<&String> = op["responses"].as_object().unwrap().keys().collect();
        assert_eq!(statuses, ["200", "500", "503"], "{path}");
        assert_eq!(
            op["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["response"]["type"],
            "string"
        );
    }
}
