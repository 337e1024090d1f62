//! The SCIM token custom methods of identity providers over REST, on the store under test:
//! exact bodies, the token shown once with only its SHA-256 stored, the etag checks, the
//! overlap, the two-owner rule, events without tokens, and the state that Get (in full) and
//! List (short) report of each provider. Who may call them is in the people matrix of
//! `authorization.rs`.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::VIEWER;
use grove_domain::events::EventType;
use grove_domain::services::sha256_hex;
use grove_domain::{Timestamp, Uidp};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const NOW: &str = "2026-11-18T11:06:40.000Z";
const IN_ONE_YEAR: &str = "2027-11-18T11:06:40.000Z";
const IN_ONE_HOUR: &str = "2026-11-18T12:06:40.000Z";

fn precondition(kind: &str, description: &str) -> Value {
    json!({
        "code": 9,
        "message": format!("Precondition failed: {description}"),
        "details": [
            error_info("FAILED_PRECONDITION"),
            { "@type": "type.googleapis.com/google.rpc.PreconditionFailure",
              "violations": [{ "type": kind, "description": description }] },
        ],
    })
}

fn invalid(field: &str, description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: {field}: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            { "@type": "type.googleapis.com/google.rpc.BadRequest",
              "fieldViolations": [{ "field": field, "description": description }] },
        ],
    })
}

async fn provider(app: &TestApp) -> String {
    let body = json!({
        "name": "okta",
        "defaultRole": VIEWER,
        "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s3cr3t" },
    });
    app.create(&format!("/iam/v2beta1/identityProviders/{}", app.org), body).await["uid"].as_str().unwrap().to_owned()
}

async fn verb(app: &TestApp, uid: &str, verb: &str, body: Value) -> crate::common::Reply {
    app.call(Method::POST, &format!("/iam/v2beta1/identityProviders/{uid}:{verb}"), Some(body)).await
}

fn token_of(body: &Value) -> String {
    let token = body["token"].as_str().unwrap().to_owned();
    let hex = token.strip_prefix("cgscim_").unwrap();
    assert!(hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()), "{token}");
    token
}

async fn stored(app: &TestApp, uid: &str) -> grove_domain::model::ScimCredential {
    app.services.store.get_scim_credential(&Uidp::parse(uid).unwrap()).await.unwrap().unwrap()
}

#[tokio::test]
async fn a_generated_token_is_answered_once_and_only_its_sha256_is_stored() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    let r = verb(&app, &uid, "generateScimToken", json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let token = token_of(&r.body);
    let etag = r.body["etag"].as_str().unwrap().to_owned();
    assert_eq!(
        r.body,
        json!({
            "token": token,
            "endpointUrl": format!("/scim/v2/{uid}"),
            "expireTime": IN_ONE_YEAR,
            "identityProviderUid": uid,
            "etag": etag,
        })
    );
    let state = stored(&app, &uid).await;
    assert_eq!(state.token_sha256.as_deref(), Some(sha256_hex(&token).as_str()));
    assert_eq!(state.etag, etag);
    assert!(!format!("{state:?}").contains(&token), "the token itself is not stored");

    let again = verb(&app, &uid, "generateScimToken", json!({ "neverExpires": true })).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        again.body,
        precondition(
            "SCIM_TOKEN_EXISTS",
            &format!("identity provider {uid} already has a SCIM token; regenerate or revoke it")
        )
    );
    assert_eq!(stored(&app, &uid).await, state, "a refused generate changes nothing");

    let now = Timestamp::from_unix_millis(1_795_000_000_000).unwrap();
    let events = app.services.store.claim_events(now, now, 1_000).await.unwrap();
    let event = events.iter().find(|e| e.event_type == EventType::ScimTokenGenerated).unwrap();
    assert_eq!(event.subject.as_str(), uid);
    let data: Value = serde_json::from_str(&event.data).unwrap();
    assert_eq!(
        data,
        json!({
            "token": "",
            "endpointUrl": format!("/scim/v2/{uid}"),
            "expireTime": IN_ONE_YEAR,
            "identityProviderUid": uid,
            "etag": etag,
        }),
        "the event carries no token"
    );
}

#[tokio::test]
async fn bad_expiries_are_refused_and_write_nothing() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    for (body, description) in [
        (json!({ "expireTime": IN_ONE_YEAR, "neverExpires": true }), "give expireTime or neverExpires, not both"),
        (json!({ "expireTime": "2029-01-01T00:00:00Z" }), "expireTime may be at most 730 days ahead"),
        (json!({ "expireTime": "2026-01-01T00:00:00Z" }), "expireTime must be in the future"),
    ] {
        let r = verb(&app, &uid, "generateScimToken", body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(r.body, invalid("expireTime", description), "{body}");
    }
    let never = verb(&app, &uid, "generateScimToken", json!({ "neverExpires": true })).await;
    assert_eq!(never.status, StatusCode::OK);
    assert_eq!(never.body.get("expireTime"), None, "a token that never expires has no expiry");
}

#[tokio::test]
async fn regenerating_keeps_the_old_token_for_the_overlap_and_checks_the_etag() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    let never = verb(&app, &uid, "regenerateScimToken", json!({ "etag": "0" })).await;
    assert_eq!(never.status, StatusCode::NOT_FOUND);
    assert_eq!(never.body["message"], format!("Not found: identity provider {uid} has no SCIM token to regenerate"));

    let first = verb(&app, &uid, "generateScimToken", json!({})).await.body;
    let old = token_of(&first);
    let stale = verb(&app, &uid, "regenerateScimToken", json!({ "etag": "stale" })).await;
    assert_eq!(stale.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        stale.body,
        precondition(
            "ETAG_MISMATCH",
            &format!(
                "the SCIM state of identity provider {uid} changed; fetch it again and retry with the current etag"
            )
        )
    );
    let missing = verb(&app, &uid, "regenerateScimToken", json!({})).await;
    assert_eq!(missing.body, invalid("etag", "etag is required"));

    let r = verb(&app, &uid, "regenerateScimToken", json!({ "etag": first["etag"] })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let new = token_of(&r.body);
    assert_ne!(new, old);
    assert_eq!(
        r.body,
        json!({
            "token": new,
            "endpointUrl": format!("/scim/v2/{uid}"),
            "expireTime": IN_ONE_YEAR,
            "identityProviderUid": uid,
            "etag": r.body["etag"],
            "previousTokenExpireTime": IN_ONE_HOUR,
            "requestedOverlap": "3600s",
        })
    );
    let state = stored(&app, &uid).await;
    assert_eq!(state.previous_token_sha256.as_deref(), Some(sha256_hex(&old).as_str()));
    assert_eq!(state.token_sha256.as_deref(), Some(sha256_hex(&new).as_str()));

    let capped = verb(&app, &uid, "regenerateScimToken", json!({ "etag": r.body["etag"], "overlap": "172800s" })).await;
    assert_eq!(capped.body["requestedOverlap"], "86400s");
    assert_eq!(capped.body["previousTokenExpireTime"], "2026-11-19T11:06:40.000Z");
    let at_once =
        verb(&app, &uid, "regenerateScimToken", json!({ "etag": capped.body["etag"], "overlap": "0s" })).await;
    assert_eq!(at_once.body["requestedOverlap"], "0s");
    assert_eq!(at_once.body.get("previousTokenExpireTime"), None);
    assert_eq!(stored(&app, &uid).await.previous_token_sha256, None);
}

#[tokio::test]
async fn revoking_kills_both_tokens_and_leaves_the_switch() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    let first = verb(&app, &uid, "generateScimToken", json!({})).await.body;
    verb(&app, &uid, "regenerateScimToken", json!({ "etag": first["etag"] })).await;
    let r = verb(&app, &uid, "revokeScimToken", json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({ "identityProviderUid": uid, "etag": r.body["etag"], "enabled": false, "revokeTime": NOW })
    );
    let state = stored(&app, &uid).await;
    assert_eq!((state.token_sha256, state.previous_token_sha256), (None, None));
    assert_eq!(state.etag, r.body["etag"].as_str().unwrap());
    let regenerate = verb(&app, &uid, "regenerateScimToken", json!({ "etag": r.body["etag"] })).await;
    assert_eq!(regenerate.status, StatusCode::NOT_FOUND);
    assert_eq!(verb(&app, &uid, "generateScimToken", json!({})).await.status, StatusCode::OK);
}

#[tokio::test]
async fn enabling_scim_needs_two_owners_and_the_current_etag() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    let r = verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": "0" })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let description = format!(
        "SCIM can be enabled only when organization {} has at least 2 bindings of role {} (it has 1)",
        app.org,
        grove_domain::builtin::owner_role_uid()
    );
    assert_eq!(r.body, precondition("TOO_FEW_OWNERS", &description));
    assert!(app.services.store.get_scim_credential(&Uidp::parse(&uid).unwrap()).await.unwrap().is_none());

    let second = app.identity(&app.org, "second-owner").await;
    app.bind(&app.org, &second, "owner").await;
    let stale = verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": "1" })).await;
    assert_eq!(stale.body["details"][1]["violations"][0]["type"], "ETAG_MISMATCH");
    let on = verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": "0" })).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    assert_eq!(on.body, json!({ "identityProviderUid": uid, "enabled": true, "etag": on.body["etag"] }));
    let revoked = verb(&app, &uid, "revokeScimToken", json!({})).await;
    assert_eq!(revoked.body["enabled"], true, "revoking leaves SCIM on");
    let off = verb(&app, &uid, "setScimEnabled", json!({ "enabled": false, "etag": revoked.body["etag"] })).await;
    assert_eq!(off.body, json!({ "identityProviderUid": uid, "enabled": false, "etag": off.body["etag"] }));
}

async fn scim_of_get(app: &TestApp, uid: &str) -> Value {
    // A token minted now: the test moves the clock past the fixture token's life.
    let token = app.token_for(app.admin.as_str());
    let r = app.call_as(&token, Method::GET, &format!("/iam/v2beta1/identityProviders/{uid}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["scim"].clone()
}

/// The `scim` objects of the listed providers, by uid.
async fn scim_of_list(app: &TestApp) -> Vec<(String, Value)> {
    let r = app.call(Method::GET, "/iam/v2beta1/identityProviders?order_by=name", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["identityProviders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["uid"].as_str().unwrap().to_owned(), i["scim"].clone()))
        .collect()
}

#[tokio::test]
async fn get_reports_each_credential_state_and_list_the_short_form_of_every_row() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    let entra = app
        .create(
            &format!("/iam/v2beta1/identityProviders/{}", app.org),
            json!({ "name": "entra", "defaultRole": VIEWER,
                    "oidc": { "issuer": "https://login.example.com", "clientId": "e", "pkceEnabled": true } }),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let endpoint = format!("/scim/v2/{uid}");

    let first = verb(&app, &uid, "generateScimToken", json!({})).await.body;
    assert_eq!(
        scim_of_get(&app, &uid).await,
        json!({ "enabled": false, "endpointUrl": endpoint, "tokenExpireTime": IN_ONE_YEAR,
                "credentialState": "CREDENTIAL_STATE_LIVE", "etag": first["etag"] })
    );

    let second = verb(&app, &uid, "regenerateScimToken", json!({ "etag": first["etag"] })).await.body;
    assert_eq!(
        scim_of_get(&app, &uid).await,
        json!({ "enabled": false, "endpointUrl": endpoint, "tokenExpireTime": IN_ONE_YEAR,
                "previousTokenExpireTime": IN_ONE_HOUR, "credentialState": "CREDENTIAL_STATE_ROTATING",
                "etag": second["etag"] })
    );
    // List: one row with a state, one without; no token expiry and no credential state.
    assert_eq!(
        scim_of_list(&app).await,
        vec![
            (
                entra.clone(),
                json!({ "enabled": false, "endpointUrl": format!("/scim/v2/{entra}"),
                        "credentialState": "CREDENTIAL_STATE_UNSPECIFIED", "etag": "0" })
            ),
            (
                uid.clone(),
                json!({ "enabled": false, "endpointUrl": endpoint, "previousTokenExpireTime": IN_ONE_HOUR,
                        "credentialState": "CREDENTIAL_STATE_UNSPECIFIED", "etag": second["etag"] })
            ),
        ]
    );

    // Past the overlap the old token is no longer reported; past the expiry the token is.
    app.clock.advance_ms(2 * 3_600_000);
    assert_eq!(scim_of_get(&app, &uid).await["credentialState"], "CREDENTIAL_STATE_LIVE");
    assert_eq!(scim_of_get(&app, &uid).await.get("previousTokenExpireTime"), None);
    app.clock.advance_ms(366 * 24 * 3_600_000);
    assert_eq!(scim_of_get(&app, &uid).await["credentialState"], "CREDENTIAL_STATE_EXPIRED");

    let token = app.token_for(app.admin.as_str());
    let path = format!("/iam/v2beta1/identityProviders/{uid}:revokeScimToken");
    let revoked = app.call_as(&token, Method::POST, &path, Some(json!({}))).await.body;
    assert_eq!(
        scim_of_get(&app, &uid).await,
        json!({ "enabled": false, "endpointUrl": endpoint, "credentialState": "CREDENTIAL_STATE_REVOKED",
                "etag": revoked["etag"] })
    );
}

#[tokio::test]
async fn the_etag_a_get_reports_is_the_one_the_lifecycle_methods_accept() {
    let app = TestApp::new().await;
    let uid = provider(&app).await;
    let second = app.identity(&app.org, "second-owner").await;
    app.bind(&app.org, &second, "owner").await;
    let etag = scim_of_get(&app, &uid).await["etag"].clone();
    let on = verb(&app, &uid, "setScimEnabled", json!({ "enabled": true, "etag": etag })).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let scim = scim_of_get(&app, &uid).await;
    assert_eq!((&scim["enabled"], &scim["etag"]), (&json!(true), &on.body["etag"]));
    assert_eq!(scim["credentialState"], "CREDENTIAL_STATE_NOT_ISSUED", "enabling needs no token");
}
