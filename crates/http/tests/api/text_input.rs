//! Text a store could not keep (NUL) or that would mislead a reader (invisible, bidi and
//! compatibility characters) is refused by the domain with the same 400 on every store.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

/// The whole `INVALID_ARGUMENT` body for one violation of `field`.
fn invalid(field: &str, description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: {field}: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            {"@type": "type.googleapis.com/google.rpc.BadRequest",
             "fieldViolations": [{"field": field, "description": description}]}
        ]
    })
}

async fn identity_count(app: &TestApp) -> String {
    app.call(Method::GET, "/iam/v2beta1/identities", None).await.body["totalCount"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_nul_in_the_name_filter_of_every_list_is_invalid_argument_on_name() {
    let app = TestApp::new().await;
    for list in [
        "/iam/v2beta1/groups",
        "/iam/v2beta1/identities",
        "/iam/v2beta1/roles",
        "/registry/v2beta1/repos",
        "/registry/v2beta1/tags",
    ] {
        let r = app.call(Method::GET, &format!("{list}?name=a%00b"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{list}: {}", r.body);
        assert_eq!(r.body, invalid("name", "name must not contain control characters (found U+0000)"), "{list}");
    }
}

#[tokio::test]
async fn a_nul_in_a_subject_pattern_is_invalid_argument_and_creates_nothing() {
    let app = TestApp::new().await;
    let before = identity_count(&app).await;
    let body = json!({
        "name": "ci",
        "claimMatch": {"issuer": "https://issuer.example.com", "subjectPattern": "a\u{0}.*"},
    });
    let r = app.call(Method::POST, &format!("/iam/v2beta1/identities/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body,
        invalid(
            "claimMatch.subjectPattern",
            "claimMatch.subjectPattern must not contain control characters (found U+0000)"
        )
    );
    assert_eq!(identity_count(&app).await, before);
}

#[tokio::test]
async fn a_nul_in_a_claim_pattern_or_a_static_audience_is_invalid_argument() {
    let app = TestApp::new().await;
    let path = format!("/iam/v2beta1/identities/{}", app.org);
    let claim_pattern = json!({
        "name": "ci",
        "claimMatch": {"issuer": "https://issuer.example.com", "subject": "s", "claimPatterns": {"ref": "main\u{0}"}},
    });
    let r = app.call(Method::POST, &path, Some(claim_pattern)).await;
    assert_eq!(
        r.body,
        invalid(
            "claimMatch.claimPatterns.ref",
            "claimMatch.claimPatterns.ref must not contain control characters (found U+0000)"
        )
    );
    let static_audience = json!({
        "name": "laptop",
        "staticKeys": {
            "issuer": "https://issuer.example.com",
            "subject": "s",
            "issuerKeys": r#"{"keys":[{"kty":"EC"}]}"#,
            "audiences": ["aud\u{0}"],
        },
    });
    let r = app.call(Method::POST, &path, Some(static_audience)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body,
        invalid("staticKeys.audiences", "staticKeys.audiences must not contain control characters (found U+0000)")
    );
}

#[tokio::test]
async fn identity_names_that_only_look_like_admin_are_invalid_arguments() {
    let app = TestApp::new().await;
    let before = identity_count(&app).await;
    for (name, description) in [
        ("admin\u{200b}", "name must not contain invisible or formatting characters (found U+200B)"),
        ("\u{202e}admin", "name must not contain invisible or formatting characters (found U+202E)"),
        ("adm\u{ad}in", "name must not contain invisible or formatting characters (found U+00AD)"),
        ("admin\u{fe0f}", "name must not contain invisible or formatting characters (found U+FE0F)"),
        ("ａｄｍｉｎ", "name must be in Unicode normalization form NFKC; its NFKC form is \"admin\""),
    ] {
        let body = json!({"name": name, "claimMatch": {"issuer": "https://issuer.example.com", "subject": "s"}});
        let r = app.call(Method::POST, &format!("/iam/v2beta1/identities/{}", app.org), Some(body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name:?}: {}", r.body);
        assert_eq!(r.body, invalid("name", description), "{name:?}");
    }
    assert_eq!(identity_count(&app).await, before);
}

#[tokio::test]
async fn descriptions_with_bidi_controls_are_invalid_arguments_but_plain_unicode_is_kept() {
    let app = TestApp::new().await;
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/groups/{}", app.org),
            Some(json!({"name": "team", "description": "safe \u{2066}evil\u{2069}"})),
        )
        .await;
    assert_eq!(
        r.body,
        invalid("description", "description must not contain invisible or formatting characters (found U+2066)")
    );
    let kept = app
        .create(
            &format!("/iam/v2beta1/identities/{}", app.org),
            json!({"name": "Zoë Ünal", "description": "ＣＩ ロボット",
                   "claimMatch": {"issuer": "https://issuer.example.com", "subject": "s"}}),
        )
        .await;
    assert_eq!((&kept["name"], &kept["description"]), (&json!("Zoë Ünal"), &json!("ＣＩ ロボット")));
}
