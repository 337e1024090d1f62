//! `/iam/v1/identities`: `createdAt`/`updatedAt`, `claimMatch`, `static` or `awsIdentity`,
//! replacement.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{id, ids, sorted, v1_error, TestApp, ISSUER, START};

const LATER: &str = "2026-11-18T11:06:40.005Z";

#[tokio::test]
async fn create_identity_answers_the_v1_identity() {
    let app = TestApp::new().await;
    let body = json!({
        "name": "robot",
        "description": "ci",
        "claimMatch": { "issuer": ISSUER, "subjectPattern": "repo:acme/.*" },
    });
    let r = app.call(Method::POST, &format!("/iam/v1/identities/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({
            "id": id(&r.body),
            "name": "robot",
            "description": "ci",
            "createdAt": START,
            "updatedAt": START,
            "claimMatch": { "issuer": ISSUER, "subjectPattern": "repo:acme/.*" },
        })
    );
}

#[tokio::test]
async fn create_identity_with_static_keys_uses_the_v1_static_field() {
    let app = TestApp::new().await;
    let keys = r#"{"keys":[{"kty":"EC","crv":"P-256","x":"x","y":"y"}]}"#;
    let body = json!({
        "name": "legacy",
        "static": { "issuer": "https://old.example.com", "subject": "svc", "issuer_keys": keys,
                    "expiration": "2026-12-01T00:00:00Z" },
    });
    let r = app.call(Method::POST, &format!("/iam/v1/identities/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({
            "id": id(&r.body),
            "name": "legacy",
            "description": "",
            "createdAt": START,
            "updatedAt": START,
            "static": { "issuer": "https://old.example.com", "subject": "svc", "issuerKeys": keys,
                        "expiration": "2026-12-01T00:00:00.000Z" },
        })
    );
}

#[tokio::test]
async fn create_identity_with_an_aws_identity_uses_the_v1_aws_identity_field() {
    let app = TestApp::new().await;
    let aws = json!({ "awsAccount": "123456789012", "arnPattern": "arn:aws:iam::123456789012:role/.*",
                      "userId": "AROAEXAMPLE" });
    let body = json!({ "name": "deployer", "aws_identity": aws });
    let r = app.call(Method::POST, &format!("/iam/v1/identities/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let expected = json!({
        "id": id(&r.body),
        "name": "deployer",
        "description": "",
        "createdAt": START,
        "updatedAt": START,
        "awsIdentity": aws,
    });
    assert_eq!(r.body, expected);
    assert_eq!(app.get(&format!("/iam/v1/identities/{}", id(&r.body))).await, expected);

    let both = json!({ "name": "both", "awsIdentity": aws, "claimMatch": { "issuer": ISSUER, "subject": "s" } });
    let r = app.call(Method::POST, &format!("/iam/v1/identities/{}", app.org), Some(both)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["message"],
        "Invalid argument: claimMatch: give only one of claimMatch, static, awsIdentity and servicePrincipal"
    );
}

#[tokio::test]
async fn list_identities_answers_every_match_under_items_and_filters_by_id() {
    let app = TestApp::new().await;
    let robot = app.identity(&app.org, "robot").await;
    let r = app.get("/iam/v1/identities").await;
    assert_eq!(ids(&r), sorted(vec![app.admin.clone(), robot.clone()]));
    let r = app.get(&format!("/iam/v1/identities?id={robot}")).await;
    assert_eq!(
        r,
        json!({ "items": [{
            "id": robot,
            "name": "robot",
            "description": "",
            "createdAt": START,
            "updatedAt": START,
            "claimMatch": { "issuer": ISSUER, "subject": "robot" },
        }]})
    );
    let team = app.group(&app.org, "team").await;
    let inner = app.identity(&team, "inner").await;
    assert_eq!(ids(&app.get(&format!("/iam/v1/identities?uidp.descendants_of={team}")).await), [inner]);
}

#[tokio::test]
async fn get_identity_by_id_answers_the_v1_identity() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, &format!("/iam/v1/identities/{}", app.admin), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({
            "id": app.admin,
            "name": "admin",
            "description": "",
            "createdAt": START,
            "updatedAt": START,
            "claimMatch": { "issuer": ISSUER, "subject": "admin" },
        })
    );
}

#[tokio::test]
async fn put_identity_replaces_the_whole_identity() {
    let app = TestApp::new().await;
    let body = json!({ "name": "robot", "description": "old", "claimMatch": { "issuer": ISSUER, "subject": "a" } });
    let uid = id(&app.create(&format!("/iam/v1/identities/{}", app.org), body).await);
    app.clock.advance_ms(5);
    let replacement = json!({ "name": "robot2", "claimMatch": { "issuerPattern": "https://.*", "subject": "b" } });
    let r = app.call(Method::PUT, &format!("/iam/v1/identities/{uid}"), Some(replacement)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({
            "id": uid,
            "name": "robot2",
            "description": "",
            "createdAt": START,
            "updatedAt": LATER,
            "claimMatch": { "issuerPattern": "https://.*", "subject": "b" },
        })
    );
}

#[tokio::test]
async fn patch_identity_without_a_relationship_is_refused() {
    let app = TestApp::new().await;
    let uid = app.identity(&app.org, "robot").await;
    let r = app.call(Method::PATCH, &format!("/iam/v1/identities/{uid}"), Some(json!({"name": "robot"}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        v1_error(
            3,
            "Invalid argument: claimMatch.issuer: claimMatch.issuer or claimMatch.issuerPattern is required; \
             claimMatch.subject: claimMatch.subject or claimMatch.subjectPattern is required"
        )
    );
}

#[tokio::test]
async fn delete_identity_answers_an_empty_object() {
    let app = TestApp::new().await;
    let uid = app.identity(&app.org, "robot").await;
    let r = app.call(Method::DELETE, &format!("/iam/v1/identities/{uid}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(app.get(&format!("/iam/v1/identities?id={uid}")).await, json!({ "items": [] }));
}
