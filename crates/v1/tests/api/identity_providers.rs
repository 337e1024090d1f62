//! `/iam/v1/identityProviders`: the v1 shape (never the secret), create, list filters,
//! whole replacement that keeps the unseen secret, delete, and who may do what.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::model::ClientSecret;
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{id, ids, v1_error, TestApp};

fn body(name: &str) -> Value {
    json!({
        "name": name,
        "description": "Single sign-on",
        "defaultRole": VIEWER,
        "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s3cr3t",
                  "additionalScopes": ["email"], "groupsClaim": "groups" },
    })
}

fn shown(uid: &str, name: &str, description: &str, role: &str, groups_claim: &str) -> Value {
    json!({
        "id": uid,
        "name": name,
        "description": description,
        "defaultRole": role,
        "oidc": {
            "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "",
            "additionalScopes": if groups_claim.is_empty() { json!([]) } else { json!(["email"]) },
            "groupsClaim": groups_claim,
            "correlationRule": "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID", "pkceEnabled": false,
            "tokenEndpointAuthMethod": "TOKEN_ENDPOINT_AUTH_METHOD_UNSPECIFIED",
        },
    })
}

async fn stored_secret(app: &TestApp, uid: &str) -> Option<String> {
    let idp = app.services.store.get_identity_provider(&Uidp::parse(uid).unwrap()).await.unwrap().unwrap();
    idp.oidc.client_secret.as_ref().map(ClientSecret::expose).map(str::to_owned)
}

#[tokio::test]
async fn create_list_replace_and_delete_in_the_v1_shape_without_the_secret() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, &format!("/iam/v1/identityProviders/{}", app.org), Some(body("okta"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = id(&r.body);
    assert_eq!(r.body, shown(&uid, "okta", "Single sign-on", VIEWER, "groups"));
    assert!(!r.body.to_string().contains("s3cr3t"));
    app.create(&format!("/iam/v1/identityProviders/{}", app.org), body("azure")).await;
    let by_name = app.get("/iam/v1/identityProviders?name=okta").await;
    assert_eq!(by_name, json!({ "items": [shown(&uid, "okta", "Single sign-on", VIEWER, "groups")] }));
    let by_id = app.get(&format!("/iam/v1/identityProviders?id={uid}")).await;
    assert_eq!(ids(&by_id), vec![uid.clone()]);

    // A whole replacement: omitted fields reset, the unseen secret is kept.
    let replacement = json!({ "name": "okta prod", "defaultRole": OWNER,
                               "oidc": { "issuer": "https://login.example.com", "clientId": "grove" } });
    let r = app.call(Method::PUT, &format!("/iam/v1/identityProviders/{uid}"), Some(replacement)).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, shown(&uid, "okta prod", "", OWNER, "")));
    assert_eq!(stored_secret(&app, &uid).await.as_deref(), Some("s3cr3t"));

    let r = app.call(Method::DELETE, &format!("/iam/v1/identityProviders/{uid}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(ids(&app.get(&format!("/iam/v1/identityProviders?id={uid}")).await), Vec::<String>::new());
}

#[tokio::test]
async fn bad_input_is_refused_and_a_viewer_lists_but_writes_nothing() {
    let app = TestApp::new().await;
    let path = format!("/iam/v1/identityProviders/{}", app.org);
    let mut bad = body("okta");
    bad["oidc"]["correlationRule"] = json!("CORRELATION_RULE_BY_MAGIC");
    let r = app.call(Method::POST, &path, Some(bad)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        v1_error(3, "Invalid argument: oidc.correlationRule: oidc.correlationRule \"CORRELATION_RULE_BY_MAGIC\" is not one of CORRELATION_RULE_UNSPECIFIED, CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID, CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID")
    );
    let viewer = app.identity(&app.org, "viewer").await;
    app.bind(&app.org, &viewer, "viewer").await;
    let token = app.token_for(&viewer);
    let created = app.create(&path, body("okta")).await;
    let listed = app.call_as(&token, Method::GET, "/iam/v1/identityProviders", None).await;
    assert_eq!(ids(&listed.body), vec![id(&created)]);
    let denied = app.call_as(&token, Method::POST, &path, Some(body("azure"))).await;
    assert_eq!(
        (denied.status, denied.body),
        (
            StatusCode::FORBIDDEN,
            v1_error(7, &format!("Permission denied: the caller lacks identity_providers.create on {}", app.org))
        )
    );
}
