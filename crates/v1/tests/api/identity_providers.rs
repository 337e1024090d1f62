//! `/iam/v1/identityProviders`: the v1 shape (never the secret; `scim` on list only),
//! create, list filters, whole replacement that keeps the unseen secret, delete, the SCIM
//! token verbs over the same service as version 2, and who may do what.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{id, ids, v1_error, Reply, TestApp};

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
        },
    })
}

async fn stored_secret(app: &TestApp, uid: &str) -> Option<String> {
    let idp = app.services.store.get_identity_provider(&Uidp::parse(uid).unwrap()).await.unwrap().unwrap();
    idp.oidc.client_secret.as_ref().map(|s| grove_test_support::fixtures::opened_secret(&idp.uid, s))
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
    let mut listed = shown(&uid, "okta", "Single sign-on", VIEWER, "groups");
    listed["scim"] = json!({ "enabled": false, "endpointUrl": format!("/scim/v2/{uid}"),
                             "credentialState": "CREDENTIAL_STATE_UNSPECIFIED", "etag": "0" });
    assert_eq!(by_name, json!({ "items": [listed] }));
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

const IN_ONE_YEAR: &str = "2027-11-18T11:06:40.000Z";
const IN_ONE_HOUR: &str = "2026-11-18T12:06:40.000Z";

async fn scim_verb(app: &TestApp, id: &str, verb: &str, body: Value) -> Reply {
    app.call(Method::POST, &format!("/iam/v1/identityProviders/{id}:{verb}"), Some(body)).await
}

fn token_of(body: &Value) -> String {
    let token = body["token"].as_str().unwrap().to_owned();
    let hex = token.strip_prefix("cgscim_").unwrap();
    assert!(hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    token
}

async fn listed_scim(app: &TestApp, id: &str) -> Value {
    app.get(&format!("/iam/v1/identityProviders?id={id}")).await["items"][0]["scim"].clone()
}

#[tokio::test]
async fn scim_tokens_are_generated_regenerated_and_revoked_in_the_v1_shape() {
    let app = TestApp::new().await;
    let uid = id(&app.create(&format!("/iam/v1/identityProviders/{}", app.org), body("okta")).await);
    let endpoint = format!("/scim/v2/{uid}");

    let r = scim_verb(&app, &uid, "generateScimToken", json!({ "identityProviderId": uid })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let first = token_of(&r.body);
    let etag = r.body["etag"].clone();
    assert_eq!(
        r.body,
        json!({ "token": first, "endpointUrl": endpoint, "expireTime": IN_ONE_YEAR,
                "identityProviderId": uid, "etag": etag })
    );
    let state = app.services.store.get_scim_credential(&Uidp::parse(&uid).unwrap()).await.unwrap().unwrap();
    assert_eq!(state.token_sha256, Some(grove_domain::services::sha256_hex(&first)), "only the digest is kept");
    assert_eq!(
        listed_scim(&app, &uid).await,
        json!({ "enabled": false, "endpointUrl": endpoint, "credentialState": "CREDENTIAL_STATE_UNSPECIFIED",
                "etag": etag })
    );

    let again = scim_verb(&app, &uid, "generateScimToken", json!({})).await;
    assert_eq!(
        (again.status, again.body),
        (
            StatusCode::BAD_REQUEST,
            v1_error(
                9,
                &format!(
                    "Precondition failed: identity provider {uid} already has a SCIM token; regenerate or revoke it"
                )
            )
        )
    );

    let r = scim_verb(&app, &uid, "regenerateScimToken", json!({ "etag": etag, "overlap": "3600s" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let second = token_of(&r.body);
    assert_ne!(second, first);
    assert_eq!(
        r.body,
        json!({ "token": second, "endpointUrl": endpoint, "expireTime": IN_ONE_YEAR, "identityProviderId": uid,
                "etag": r.body["etag"], "previousTokenExpireTime": IN_ONE_HOUR, "requestedOverlap": "3600s" })
    );
    assert_eq!(listed_scim(&app, &uid).await["previousTokenExpireTime"], IN_ONE_HOUR);

    let r = scim_verb(&app, &uid, "revokeScimToken", json!({})).await;
    assert_eq!(
        (r.status, &r.body),
        (
            StatusCode::OK,
            &json!({ "identityProviderId": uid, "etag": r.body["etag"], "enabled": false,
                     "revokeTime": "2026-11-18T11:06:40.000Z" })
        )
    );
    let state = app.services.store.get_scim_credential(&Uidp::parse(&uid).unwrap()).await.unwrap().unwrap();
    assert_eq!((state.token_sha256, state.previous_token_sha256), (None, None));
}

#[tokio::test]
async fn set_scim_enabled_checks_the_etag_and_the_two_owner_rule() {
    let app = TestApp::new().await;
    let uid = id(&app.create(&format!("/iam/v1/identityProviders/{}", app.org), body("okta")).await);
    let r = scim_verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": "0" })).await;
    let description = format!(
        "SCIM can be enabled only when organization {} has at least 2 bindings of role {} (it has 1)",
        app.org,
        grove_domain::builtin::owner_role_uid()
    );
    assert_eq!(
        (r.status, r.body),
        (StatusCode::BAD_REQUEST, v1_error(9, &format!("Precondition failed: {description}")))
    );
    let second = app.identity(&app.org, "second-owner").await;
    app.bind(&app.org, &second, "owner").await;
    let stale = scim_verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": "stale" })).await;
    assert_eq!(
        stale.body,
        v1_error(
            9,
            &format!("Precondition failed: the SCIM state of identity provider {uid} changed; fetch it again and retry with the current etag")
        )
    );
    let on = scim_verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": "0" })).await;
    assert_eq!(
        (on.status, &on.body),
        (StatusCode::OK, &json!({ "identityProviderId": uid, "enabled": true, "etag": on.body["etag"] }))
    );
    assert_eq!(listed_scim(&app, &uid).await["enabled"], true);
}

#[tokio::test]
async fn bad_scim_requests_are_refused_and_change_nothing() {
    let app = TestApp::new().await;
    let uid = id(&app.create(&format!("/iam/v1/identityProviders/{}", app.org), body("okta")).await);
    let other = format!("{}/0123456789abcdef", app.org);
    let cases = [
        ("generateScimToken", json!({ "identityProviderId": other }), "identityProviderId: identityProviderId must be the identity provider in the path"),
        ("generateScimToken", json!({ "expireTime": "next year" }), "expireTime: expireTime must be an RFC 3339 timestamp such as \"2027-01-02T03:04:05Z\""),
        ("generateScimToken", json!({ "expireTime": IN_ONE_YEAR, "neverExpires": true }), "expireTime: give expireTime or neverExpires, not both"),
        ("generateScimToken", json!({ "etag": "0" }), "body: generateScimToken has no field etag"),
        ("regenerateScimToken", json!({ "etag": "0", "overlap": "-1s" }), "overlap: overlap must be a duration such as \"86400s\""),
        ("regenerateScimToken", json!({}), "etag: etag is required"),
        ("setScimEnabled", json!({ "enabled": true }), "etag: etag is required"),
        ("revokeScimToken", json!({ "bogus": 1 }), "body: unknown field `bogus`, expected one of `identityProviderId`, `identity_provider_id`, `expireTime`, `expire_time`, `neverExpires`, `never_expires`, `overlap`, `etag`, `enabled`"),
    ];
    for (verb, body, message) in cases {
        let r = scim_verb(&app, &uid, verb, body.clone()).await;
        assert_eq!(
            (r.status, r.body),
            (StatusCode::BAD_REQUEST, v1_error(3, &format!("Invalid argument: {message}"))),
            "{verb} {body}"
        );
    }
    let r = scim_verb(&app, &uid, "rotateScimToken", json!({})).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, "Not found: identity providers have no custom method \"rotateScimToken\""))
    );
    assert!(app.services.store.get_scim_credential(&Uidp::parse(&uid).unwrap()).await.unwrap().is_none());
}

#[tokio::test]
async fn scim_verbs_need_scim_manage_and_hide_other_organizations() {
    let app = TestApp::new().await;
    let uid = id(&app.create(&format!("/iam/v1/identityProviders/{}", app.org), body("okta")).await);
    let viewer = app.identity(&app.org, "viewer").await;
    app.bind(&app.org, &viewer, "viewer").await;
    let token = app.token_for(&viewer);
    for verb in ["generateScimToken", "regenerateScimToken", "revokeScimToken", "setScimEnabled"] {
        let body =
            if verb == "generateScimToken" || verb == "revokeScimToken" { json!({}) } else { json!({ "etag": "0" }) };
        let r = app.call_as(&token, Method::POST, &format!("/iam/v1/identityProviders/{uid}:{verb}"), Some(body)).await;
        assert_eq!(
            (r.status, r.body),
            (
                StatusCode::FORBIDDEN,
                v1_error(7, &format!("Permission denied: the caller lacks identity_providers.scim.manage on {uid}"))
            ),
            "{verb}"
        );
    }
    let other = app
        .services
        .bootstrap
        .ensure_owned_organization("globex", "other", "", crate::common::claim_match("other"))
        .await
        .unwrap();
    let outsider = app.token_for(other.identity.uid.as_str());
    let r = app
        .call_as(
            &outsider,
            Method::POST,
            &format!("/iam/v1/identityProviders/{uid}:generateScimToken"),
            Some(json!({})),
        )
        .await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, &format!("Not found: identity provider {uid} does not exist")))
    );
    assert!(app.services.store.get_scim_credential(&Uidp::parse(&uid).unwrap()).await.unwrap().is_none());
}
