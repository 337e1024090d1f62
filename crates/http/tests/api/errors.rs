//! Malformed input of every kind gets a 4xx in the error format and changes nothing.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{error_info, TestApp};

async fn group_count(app: &TestApp) -> String {
    app.call(Method::GET, "/iam/v2beta1/groups", None).await.body["totalCount"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn malformed_bodies_are_invalid_arguments_and_write_nothing() {
    let app = TestApp::new().await;
    let before = group_count(&app).await;
    let path = format!("/iam/v2beta1/groups/{}", app.org);
    let cases: Vec<(Vec<u8>, &str, &str)> = vec![
        (b"{not json".to_vec(), "body", "key must be a string at line 1, column 2"),
        (b"{\n  \"name\": \"ok\",\n}".to_vec(), "body", "trailing comma at line 3, column 1"),
        (b"[1,2]".to_vec(), "body", "the request body must be a JSON object"),
        (br#"{"name": 5}"#.to_vec(), "name", "invalid type: integer `5`, expected a string"),
        (
            br#"{"name": "ok", "colour": "red"}"#.to_vec(),
            "colour",
            "unknown field `colour`, expected `name` or `description`",
        ),
        (vec![b' '; 2 * 1024 * 1024], "body", "the request body must be at most 1048576 bytes"),
        (vec![0xff, 0xfe], "body", "expected value at line 1, column 1"),
        (br#"{"name": "ok", "name": "other"}"#.to_vec(), "body", "duplicate field `name`"),
        (
            br#"{"name": "ok", "description": "d", "description": "e"}"#.to_vec(),
            "body",
            "duplicate field `description`",
        ),
    ];
    for (body, field, description) in cases {
        let r = app.raw(Method::POST, &path, Some(&app.admin_token), body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{field}: {}", r.body);
        assert_eq!(r.body["code"], 3);
        assert_eq!(r.body["details"][0], error_info("INVALID_ARGUMENT"));
        assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], field);
        assert_eq!(r.body["details"][1]["fieldViolations"][0]["description"], description);
    }
    assert_eq!(group_count(&app).await, before);
}

#[tokio::test]
async fn bad_uids_in_paths_are_invalid_arguments() {
    let app = TestApp::new().await;
    for path in [
        "/iam/v2beta1/groups/not-a-uid",
        "/iam/v2beta1/groups/../../etc/passwd",
        "/iam/v2beta1/identities/ABCDEF",
        "/registry/v2beta1/repos/0123",
    ] {
        let r = app.call(Method::GET, path, None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "uid", "{path}");
    }
    let r = app.call(Method::POST, "/iam/v2beta1/groups/xyz", Some(json!({"name": "ok"}))).await;
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "parent");
}

#[tokio::test]
async fn a_path_that_is_not_utf8_once_percent_decoded_is_an_invalid_argument_on_path() {
    let app = TestApp::new().await;
    let description = "the path must be valid UTF-8 once percent-decoded";
    for (method, path) in [
        (Method::GET, "/iam/v2beta1/groups/%ff%fe".to_owned()),
        (Method::DELETE, format!("/iam/v2beta1/groups/{}%c3", app.org)),
        (Method::GET, "/registry/v2beta1/repos/%80".to_owned()),
    ] {
        let r = app.call(method, &path, None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(
            r.body,
            json!({
                "code": 3,
                "message": format!("Invalid argument: path: {description}"),
                "details": [
                    error_info("INVALID_ARGUMENT"),
                    {
                        "@type": "type.googleapis.com/google.rpc.BadRequest",
                        "fieldViolations": [{ "field": "path", "description": description }],
                    },
                ],
            }),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_list_key_that_takes_one_value_given_twice_is_an_invalid_argument_on_that_key() {
    let app = TestApp::new().await;
    let org = &app.org;
    for (query, key) in [
        ("name=a&name=b".to_owned(), "name"),
        ("pageSize=5&page_size=6".to_owned(), "page_size"),
        (format!("uidp.descendants_of={org}&uidp.descendantsOf={org}"), "uidp.descendants_of"),
    ] {
        let r = app.call(Method::GET, &format!("/iam/v2beta1/groups?{query}"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}");
        let description = format!("{key} is given more than once; it takes one value");
        assert_eq!(r.body["message"], format!("Invalid argument: {key}: {description}"), "{query}");
        assert_eq!(r.body["details"][1]["fieldViolations"], json!([{ "field": key, "description": description }]));
    }
    let r = app.call(Method::GET, &format!("/iam/v2beta1/groups?uidp.ids={org}&uidp.ids={org}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "uidp.ids repeats: {}", r.body);
}

#[tokio::test]
async fn create_under_a_missing_parent_is_not_found() {
    let app = TestApp::new().await;
    let missing = format!("{}/0123456789abcdef", app.org);
    let r = app.call(Method::POST, &format!("/iam/v2beta1/groups/{missing}"), Some(json!({"name": "x"}))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body["message"], format!("Not found: group {missing} does not exist"));
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identities/{missing}"),
            Some(json!({"name": "x", "claimMatch": {"issuer": "https://i.example", "subject": "s"}})),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn duplicate_sibling_names_are_already_exists() {
    let app = TestApp::new().await;
    app.group(&app.org, "twin").await;
    let r = app.call(Method::POST, &format!("/iam/v2beta1/groups/{}", app.org), Some(json!({"name": "twin"}))).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.body["code"], 6);
    assert_eq!(r.body["details"], json!([error_info("ALREADY_EXISTS")]));
}

#[tokio::test]
async fn unknown_routes_and_methods_answer_in_the_error_format() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, "/iam/v2beta1/nothing", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body["message"], "Not found: no route for GET /iam/v2beta1/nothing");
    let r = app.call(Method::PUT, "/iam/v2beta1/groups", None).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        r.body,
        json!({"code": 12, "message": "Unimplemented: PUT is not supported on /iam/v2beta1/groups",
               "details": [error_info("UNIMPLEMENTED")]})
    );
}

#[tokio::test]
async fn identity_validation_names_every_bad_field() {
    let app = TestApp::new().await;
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identities/{}", app.org),
            Some(json!({"name": "", "claimMatch": {"issuer": "ftp://x", "subjectPattern": "("}})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let fields: Vec<_> = r.body["details"][1]["fieldViolations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["name", "claimMatch.issuer", "claimMatch.subjectPattern"]);
}

#[tokio::test]
async fn bare_error_statuses_from_merged_routers_are_rendered_in_the_error_format() {
    use axum::routing::post;
    let extra = axum::Router::new()
        .route("/extra/plain", post(|| async { (StatusCode::PAYLOAD_TOO_LARGE, "too big") }))
        .route("/extra/json", post(|| async { (StatusCode::CONFLICT, axum::Json(json!({"own": "shape"}))) }));
    let app = TestApp::new().await;
    let router = grove_http::router(app.services.clone(), &grove_http::HttpConfig::default(), extra);
    let send = |path: &'static str| {
        let router = router.clone();
        async move {
            let req = axum::http::Request::builder().method("POST").uri(path).body(axum::body::Body::empty()).unwrap();
            let resp = tower::ServiceExt::oneshot(router, req).await.unwrap();
            let status = resp.status();
            let bytes = http_body_util::BodyExt::collect(resp.into_body()).await.unwrap().to_bytes();
            (status, serde_json::from_slice::<serde_json::Value>(&bytes).unwrap())
        }
    };
    let (status, body) = send("/extra/plain").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Invalid argument: body: the request body is too large");
    assert_eq!(body["details"][0], error_info("INVALID_ARGUMENT"));
    let (status, body) = send("/extra/json").await;
    assert_eq!((status, body), (StatusCode::CONFLICT, json!({"own": "shape"})));
}

#[tokio::test]
async fn a_panicking_handler_is_an_internal_error_in_the_error_format_and_the_router_serves_on() {
    use axum::routing::get;
    let extra = axum::Router::new().route(
        "/extra/panics",
        get(|| async {
            if std::hint::black_box(true) {
                panic!("relation \"groups\" does not exist");
            }
        }),
    );
    let app = TestApp::new().await;
    let router = grove_http::router(app.services.clone(), &grove_http::HttpConfig::default(), extra);
    let send = |path: &'static str| {
        let router = router.clone();
        async move {
            let req = axum::http::Request::builder().uri(path).body(axum::body::Body::empty()).unwrap();
            let resp = tower::ServiceExt::oneshot(router, req).await.unwrap();
            let status = resp.status();
            let bytes = http_body_util::BodyExt::collect(resp.into_body()).await.unwrap().to_bytes();
            (status, serde_json::from_slice::<serde_json::Value>(&bytes).unwrap())
        }
    };
    for _ in 0..2 {
        let (status, body) = send("/extra/panics").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body["code"], 13);
        assert_eq!(body["details"], json!([error_info("INTERNAL")]));
        assert!(!body.to_string().contains("relation"), "the panic's message is not shown: {body}");
    }
    assert_eq!(send("/healthz").await, (StatusCode::OK, json!({"status": "ok"})));
}

#[tokio::test]
async fn custom_methods_are_split_off_the_path_and_never_read_as_a_create() {
    let app = TestApp::new().await;
    let before = group_count(&app).await;
    // The owner has no verified email: each method answers as itself, and writes no group.
    let cases = [
        (Method::POST, format!("/iam/v2beta1/groups/{}:requestGroupAccess", app.org), StatusCode::NOT_FOUND),
        (Method::GET, "/iam/v2beta1/groups:lookupGroup".to_owned(), StatusCode::NOT_FOUND),
        (Method::GET, "/iam/v2beta1/groups:checkEligibility".to_owned(), StatusCode::OK),
        (Method::PATCH, "/iam/v2beta1/identities:updateIdentityMetadata".to_owned(), StatusCode::OK),
    ];
    for (method, path, status) in cases {
        let r = app.raw(method, &path, Some(&app.admin_token), b"{}".to_vec()).await;
        assert_eq!(r.status, status, "{path}: {}", r.body);
    }
    let path = format!("/iam/v2beta1/groups/{}:frobnicate", app.org);
    let r = app.raw(Method::POST, &path, Some(&app.admin_token), b"{}".to_vec()).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(r.body["message"], "Not found: groups have no custom method \"frobnicate\"");
    assert_eq!(group_count(&app).await, before);
}
