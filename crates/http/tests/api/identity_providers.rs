//! `/iam/v2beta1/identityProviders` and `/iam/v2beta1/externalGroupRoleMappings`: exact
//! bodies, the write-only client secret, the update rules of the secret and the correlation
//! rule, bad input that writes nothing, mappings with their filter and batch
//! delete. Who may do what is in the people matrix of `authorization.rs`.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::VIEWER;
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const CREATED: &str = "2026-11-18T11:06:40.000Z";

fn provider_body(name: &str, secret: &str) -> Value {
    json!({
        "name": name,
        "description": "Single sign-on",
        "defaultRole": VIEWER,
        "oidc": {
            "issuer": "https://login.example.com",
            "clientId": "grove",
            "clientSecret": secret,
            "additionalScopes": ["email", "groups"],
            "groupsClaim": "groups",
        },
    })
}

fn expected_provider(uid: &str, name: &str, pkce: bool) -> Value {
    json!({
        "uid": uid,
        "name": name,
        "description": "Single sign-on",
        "createTime": CREATED,
        "updateTime": CREATED,
        "defaultRole": VIEWER,
        "oidc": {
            "issuer": "https://login.example.com",
            "clientId": "grove",
            "clientSecret": "",
            "additionalScopes": ["email", "groups"],
            "groupsClaim": "groups",
            "correlationRule": "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID",
            "pkceEnabled": pkce,
        },
    })
}

fn bad_request(violations: Value) -> Value {
    let message = violations
        .as_array()
        .unwrap()
        .iter()
        .map(|v| format!("{}: {}", v["field"].as_str().unwrap(), v["description"].as_str().unwrap()))
        .collect::<Vec<_>>()
        .join("; ");
    json!({
        "code": 3,
        "message": format!("Invalid argument: {message}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            { "@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": violations },
        ],
    })
}

async fn create_provider(app: &TestApp, parent: &str, name: &str) -> String {
    let body = app.create(&format!("/iam/v2beta1/identityProviders/{parent}"), provider_body(name, "s3cr3t")).await;
    body["uid"].as_str().unwrap().to_owned()
}

/// The secret the store holds for `uid` (`None` for a public client).
async fn stored_secret(app: &TestApp, uid: &str) -> Option<String> {
    let idp = app.services.store.get_identity_provider(&Uidp::parse(uid).unwrap()).await.unwrap().unwrap();
    idp.oidc.client_secret.as_ref().map(|s| grove_test_support::fixtures::opened_secret(&idp.uid, s))
}

async fn providers(app: &TestApp) -> Value {
    let r = app.call(Method::GET, "/iam/v2beta1/identityProviders", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

#[tokio::test]
async fn create_answers_the_provider_without_its_secret_and_get_and_list_show_the_same() {
    let app = TestApp::new().await;
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identityProviders/{}", app.org),
            Some(provider_body("okta", "s3cr3t")),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = r.body["uid"].as_str().unwrap().to_owned();
    assert!(uid.starts_with(&format!("{}/", app.org)));
    let expected = expected_provider(&uid, "okta", false);
    assert_eq!(r.body, expected);
    assert!(!String::from_utf8_lossy(&r.raw).contains("s3cr3t"));
    assert_eq!(stored_secret(&app, &uid).await.as_deref(), Some("s3cr3t"), "kept for the login flow");

    assert_eq!(r.body.get("scim"), None, "write answers carry no SCIM state");

    // Reads add the SCIM state: Get in full, List without the token expiry and the state.
    let mut got_expected = expected.clone();
    got_expected["scim"] = json!({
        "enabled": false,
        "endpointUrl": format!("/scim/v2/{uid}"),
        "credentialState": "CREDENTIAL_STATE_NOT_ISSUED",
        "etag": "0",
    });
    let got = app.call(Method::GET, &format!("/iam/v2beta1/identityProviders/{uid}"), None).await;
    assert_eq!((got.status, &got.body), (StatusCode::OK, &got_expected));
    let mut listed = expected;
    listed["scim"] = json!({
        "enabled": false,
        "endpointUrl": format!("/scim/v2/{uid}"),
        "credentialState": "CREDENTIAL_STATE_UNSPECIFIED",
        "etag": "0",
    });
    assert_eq!(
        providers(&app).await,
        json!({ "identityProviders": [listed], "nextPageToken": "", "totalCount": "1", "skipped": 0 })
    );
}

#[tokio::test]
async fn list_filters_by_exact_name() {
    let app = TestApp::new().await;
    let okta = create_provider(&app, &app.org, "okta").await;
    create_provider(&app, &app.org, "okta-staging").await;
    let r = app.call(Method::GET, "/iam/v2beta1/identityProviders?name=okta", None).await;
    let uids: Vec<&str> =
        r.body["identityProviders"].as_array().unwrap().iter().map(|i| i["uid"].as_str().unwrap()).collect();
    assert_eq!((uids, &r.body["totalCount"]), (vec![okta.as_str()], &json!("1")));
}

#[tokio::test]
async fn a_patch_without_mask_keeps_an_absent_secret_and_clears_one_sent_empty() {
    let app = TestApp::new().await;
    let uid = create_provider(&app, &app.org, "okta").await;
    let path = format!("/iam/v2beta1/identityProviders/{uid}");
    app.clock.advance_ms(1_000);
    let r = app.call(Method::PATCH, &path, Some(json!({ "oidc": { "clientId": "grove-2" } }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body.get("scim"), None, "write answers carry no SCIM state");
    assert_eq!(r.body["oidc"]["clientId"], "grove-2");
    assert_eq!(r.body["oidc"]["issuer"], "https://login.example.com", "fields not sent stay");
    assert_eq!(r.body["updateTime"], "2026-11-18T11:06:41.000Z");
    assert_eq!(stored_secret(&app, &uid).await.as_deref(), Some("s3cr3t"));

    // Clearing the secret without PKCE leaves the provider unusable: refused, nothing changes.
    let r = app.call(Method::PATCH, &path, Some(json!({ "oidc": { "clientSecret": "" } }))).await;
    let violation = json!([{ "field": "oidc.clientSecret", "description": "an identity provider needs oidc.clientSecret or oidc.pkceEnabled" }]);
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violation)));
    assert_eq!(stored_secret(&app, &uid).await.as_deref(), Some("s3cr3t"));

    let r = app.call(Method::PATCH, &path, Some(json!({ "oidc": { "clientSecret": "", "pkceEnabled": true } }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["oidc"]["pkceEnabled"], true);
    assert_eq!(stored_secret(&app, &uid).await, None, "a public PKCE client now");
}

#[tokio::test]
async fn an_empty_secret_keeps_the_stored_one_unless_the_mask_names_it() {
    let app = TestApp::new().await;
    let uid = create_provider(&app, &app.org, "okta").await;
    let path = format!("/iam/v2beta1/identityProviders/{uid}");
    let mut whole = provider_body("okta", "");
    whole["oidc"]["pkceEnabled"] = json!(true);
    let r = app.call(Method::PATCH, &format!("{path}?update_mask=oidc"), Some(whole.clone())).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(stored_secret(&app, &uid).await.as_deref(), Some("s3cr3t"), "the mask names oidc, not the secret");
    let r = app.call(Method::PATCH, &format!("{path}?update_mask=oidc.client_secret"), Some(whole)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(stored_secret(&app, &uid).await, None);
}

#[tokio::test]
async fn restating_the_correlation_rule_is_a_no_op_and_changing_it_is_invalid_argument() {
    let app = TestApp::new().await;
    let uid = create_provider(&app, &app.org, "okta").await;
    let path = format!("/iam/v2beta1/identityProviders/{uid}");
    let same = json!({ "oidc": { "correlationRule": "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID" } });
    assert_eq!(app.call(Method::PATCH, &path, Some(same)).await.status, StatusCode::OK);
    let other = json!({ "oidc": { "correlationRule": "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID" } });
    let r = app.call(Method::PATCH, &path, Some(other)).await;
    let violation = json!([{
        "field": "oidc.correlationRule",
        "description": "oidc.correlationRule is fixed when the identity provider is created and cannot change",
    }]);
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violation)));
    let got = app.call(Method::GET, &path, None).await;
    assert_eq!(got.body["oidc"]["correlationRule"], "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID");
}

#[tokio::test]
async fn bad_input_is_invalid_argument_naming_every_field_and_writes_nothing() {
    let app = TestApp::new().await;
    let body = json!({
        "name": "",
        "defaultRole": "not-a-uid",
        "oidc": { "issuer": "http://login.example.com", "clientId": "grove" },
    });
    let r = app.call(Method::POST, &format!("/iam/v2beta1/identityProviders/{}", app.org), Some(body)).await;
    let violations = json!([
        { "field": "name", "description": "name is required" },
        { "field": "defaultRole", "description": "defaultRole must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters" },
        { "field": "oidc.issuer", "description": "oidc.issuer must use https:// (plain http only to a loopback host)" },
    ]);
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violations)));
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identityProviders/{}", app.org),
            Some(json!({ "name": "x", "scim": { "enabled": true }, "bogus": 1 })),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "bogus");
    assert_eq!(providers(&app).await["identityProviders"], json!([]), "nothing was written");
}

#[tokio::test]
async fn a_default_role_of_a_sibling_group_is_refused() {
    let app = TestApp::new().await;
    let (a, b) = (app.group(&app.org, "a").await, app.group(&app.org, "b").await);
    let role =
        app.create(&format!("/iam/v2beta1/roles/{b}"), json!({ "name": "r", "capabilities": ["groups.list"] })).await;
    let mut body = provider_body("okta", "s");
    body["defaultRole"] = role["uid"].clone();
    let r = app.call(Method::POST, &format!("/iam/v2beta1/identityProviders/{a}"), Some(body)).await;
    let violation = json!([{
        "field": "defaultRole",
        "description": "defaultRole must name a built-in role or a role defined in this group or above it",
    }]);
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violation)));
}

#[tokio::test]
async fn delete_answers_empty_and_the_provider_is_gone() {
    let app = TestApp::new().await;
    let uid = create_provider(&app, &app.org, "okta").await;
    let path = format!("/iam/v2beta1/identityProviders/{uid}");
    let r = app.call(Method::DELETE, &path, None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call(Method::GET, &path, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body["message"], format!("Not found: identity provider {uid} does not exist"));
}

#[tokio::test]
async fn a_group_with_a_provider_cannot_be_deleted() {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    create_provider(&app, &a, "okta").await;
    let r = app.call(Method::DELETE, &format!("/iam/v2beta1/groups/{a}"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["message"], "Precondition failed: cannot delete group with child identity providers");
}

async fn create_mapping(app: &TestApp, idp: &str, group_id: &str, scope: &str) -> Value {
    app.create(
        &format!("/iam/v2beta1/externalGroupRoleMappings/{idp}"),
        json!({ "externalGroupId": group_id, "roleUid": VIEWER, "scope": scope }),
    )
    .await
}

#[tokio::test]
async fn a_mapping_is_created_got_listed_by_provider_and_deleted() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let (okta, entra) = (create_provider(&app, &app.org, "okta").await, create_provider(&app, &app.org, "entra").await);
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/externalGroupRoleMappings/{okta}"),
            Some(json!({ "externalGroupId": "engineers", "roleUid": VIEWER, "scope": team })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = r.body["uid"].as_str().unwrap().to_owned();
    let expected = json!({
        "uid": uid,
        "identityProviderUid": okta,
        "externalGroupId": "engineers",
        "roleUid": VIEWER,
        "scope": team,
        "createTime": CREATED,
    });
    assert_eq!(r.body, expected);
    let defaulted = create_mapping(&app, &entra, "engineers", "").await;
    assert_eq!(defaulted["scope"], app.org.as_str(), "the scope defaults to the provider's group");

    let got = app.call(Method::GET, &format!("/iam/v2beta1/externalGroupRoleMappings/{uid}"), None).await;
    assert_eq!((got.status, &got.body), (StatusCode::OK, &expected));
    let listed = app
        .call(Method::GET, &format!("/iam/v2beta1/externalGroupRoleMappings?identity_provider_uid={okta}"), None)
        .await;
    assert_eq!(
        listed.body,
        json!({ "externalGroupRoleMappings": [expected], "nextPageToken": "", "totalCount": "1", "skipped": 0 })
    );
    let every = app.call(Method::GET, "/iam/v2beta1/externalGroupRoleMappings", None).await;
    assert_eq!(every.body["totalCount"], "2");

    let r = app.call(Method::DELETE, &format!("/iam/v2beta1/externalGroupRoleMappings/{uid}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call(Method::GET, &format!("/iam/v2beta1/externalGroupRoleMappings/{uid}"), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_mapping_scope_outside_the_providers_group_is_invalid_argument_and_writes_nothing() {
    let app = TestApp::new().await;
    let (a, b) = (app.group(&app.org, "a").await, app.group(&app.org, "b").await);
    let idp = create_provider(&app, &a, "okta").await;
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/externalGroupRoleMappings/{idp}"),
            Some(json!({ "externalGroupId": "eng", "roleUid": VIEWER, "scope": b })),
        )
        .await;
    let violation = json!([{ "field": "scope", "description": format!("scope must be the identity provider's group {a} or a group below it") }]);
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violation)));
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/externalGroupRoleMappings/{idp}"),
            Some(json!({ "externalGroupId": "", "roleUid": "x" })),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let fields: Vec<&str> = r.body["details"][1]["fieldViolations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["externalGroupId", "roleUid"]);
    let every = app.call(Method::GET, "/iam/v2beta1/externalGroupRoleMappings", None).await;
    assert_eq!(every.body["externalGroupRoleMappings"], json!([]));
}

#[tokio::test]
async fn batch_delete_answers_what_it_deleted_and_refuses_another_providers_mapping() {
    let app = TestApp::new().await;
    let (okta, entra) = (create_provider(&app, &app.org, "okta").await, create_provider(&app, &app.org, "entra").await);
    let a = create_mapping(&app, &okta, "a", "").await;
    let b = create_mapping(&app, &okta, "b", "").await;
    let foreign = create_mapping(&app, &entra, "a", "").await;
    let path = "/iam/v2beta1/externalGroupRoleMappings:batchDelete";

    let r = app.call(Method::POST, path, Some(json!({ "parent": okta, "names": [a["uid"], foreign["uid"]] }))).await;
    let violation = json!([{ "field": "names[1]", "description": format!("names[1] is not a mapping of identity provider {okta}") }]);
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violation)));

    let missing = format!("{okta}/0123456789abcdef");
    let r = app.call(Method::POST, path, Some(json!({ "parent": okta, "names": [b["uid"], missing, a["uid"]] }))).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "parent": okta, "externalGroupRoleMappings": [b, a] })));
    let left = app.call(Method::GET, "/iam/v2beta1/externalGroupRoleMappings", None).await;
    assert_eq!(left.body["externalGroupRoleMappings"], json!([foreign]));
}
