//! The onboarding custom methods over REST: LookupGroup, CheckEligibility and
//! RequestGroupAccess (the verified organization of the caller's verified email domain), and
//! UpdateIdentityMetadata (the caller's own metadata, by mask or by the keys present).

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

fn not_found(message: &str) -> Value {
    json!({ "code": 5, "message": format!("Not found: {message}"), "details": [error_info("NOT_FOUND")] })
}

fn invalid(field: &str, description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: {field}: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            {"@type": "type.googleapis.com/google.rpc.BadRequest",
             "fieldViolations": [{"field": field, "description": description}]},
        ],
    })
}

const NO_MATCH: &str = "no verified organization matches the caller's email domain";

/// An app with the verified organization `acme.example`, and an identity `dev` (in the
/// unverified organization `acme`) whose token carried the verified email `email`: the
/// organization's uid, dev's uid and dev's token.
async fn with_developer(email: &str, verified: bool) -> (TestApp, String, String, String) {
    let app = TestApp::new().await;
    let verified_org = app.verified_organization("acme.example").await;
    let dev = app.identity(&app.org, "dev").await;
    app.seen_with_email(&dev, email, verified).await;
    let token = app.token_for(&dev);
    (app, verified_org, dev, token)
}

#[tokio::test]
async fn lookup_group_answers_the_verified_organization_of_the_callers_email_domain() {
    let (app, org, _, token) = with_developer("dev@Acme.Example", true).await;
    let r = app.call_as(&token, Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let group = app.call(Method::GET, &format!("/iam/v2beta1/groups/{org}"), None).await.body;
    assert_eq!(r.body, json!({ "group": group }));
    assert_eq!((&r.body["group"]["verified"], &r.body["group"]["name"]), (&json!(true), &json!("acme.example")));
    // The caller cannot otherwise see the organization.
    let get = app.call_as(&token, Method::GET, &format!("/iam/v2beta1/groups/{org}"), None).await;
    assert_eq!(get.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn lookup_group_answers_one_not_found_for_an_unverified_email_another_domain_or_no_email() {
    let (app, _, _, unverified) = with_developer("dev@acme.example", false).await;
    let other = app.identity(&app.org, "other").await;
    app.seen_with_email(&other, "dev@globex.example", true).await;
    // `acme` exists but is not verified.
    let plain = app.identity(&app.org, "plain").await;
    app.seen_with_email(&plain, "dev@acme", true).await;
    for token in [unverified, app.token_for(&other), app.token_for(&plain), app.admin_token.clone()] {
        let r = app.call_as(&token, Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
        assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, not_found(NO_MATCH)));
    }
}

/// The data of the last `group.updated` event written so far.
async fn last_group_update(app: &TestApp) -> Value {
    use grove_domain::ports::Clock as _;
    let now = app.clock.now();
    let later = grove_domain::Timestamp::from_unix_millis(now.unix_millis() + 60_000).unwrap();
    let events = app.services.store.claim_events(now, later, 1_000).await.unwrap();
    let updated = events.iter().rfind(|e| e.event_type == grove_domain::events::EventType::GroupUpdated).unwrap();
    serde_json::from_str(&updated.data).unwrap()
}

#[tokio::test]
async fn renaming_a_verified_organization_clears_verified_for_good_and_other_changes_keep_it() {
    let (app, org, _, token) = with_developer("dev@acme.example", true).await;
    let path = format!("/iam/v2beta1/groups/{org}");
    let described = app.call(Method::PATCH, &path, Some(json!({"description": "ours"}))).await;
    assert_eq!(described.status, StatusCode::OK, "{}", described.body);
    assert_eq!((&described.body["verified"], &described.body["description"]), (&json!(true), &json!("ours")));
    assert_eq!(app.call(Method::GET, &path, None).await.body, described.body);

    let renamed = app.call(Method::PATCH, &path, Some(json!({"name": "evil.example"}))).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!((&renamed.body["verified"], &renamed.body["name"]), (&json!(false), &json!("evil.example")));
    assert_eq!(app.call(Method::GET, &path, None).await.body, renamed.body);
    assert_eq!(last_group_update(&app).await, renamed.body);

    // The old name back is not the verified organization again.
    let back = app.call(Method::PATCH, &path, Some(json!({"name": "acme.example"}))).await;
    assert_eq!((back.status, &back.body["verified"]), (StatusCode::OK, &json!(false)));
    let lookup = app.call_as(&token, Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
    assert_eq!((lookup.status, lookup.body), (StatusCode::NOT_FOUND, not_found(NO_MATCH)));
}

#[tokio::test]
async fn check_eligibility_is_true_for_a_verified_email_and_no_binding_only() {
    let (app, _, dev, token) = with_developer("dev@acme.example", true).await;
    let eligible = |token: String| {
        let app = &app;
        async move {
            let r = app.call_as(&token, Method::GET, "/iam/v2beta1/groups:checkEligibility", None).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            r.body
        }
    };
    assert_eq!(eligible(token.clone()).await, json!({ "eligible": true }));
    let unverified = app.identity(&app.org, "unverified").await;
    app.seen_with_email(&unverified, "dev@acme.example", false).await;
    assert_eq!(eligible(app.token_for(&unverified)).await, json!({ "eligible": false }));
    assert_eq!(eligible(app.admin_token.clone()).await, json!({ "eligible": false }), "no email, and an owner");
    app.bind(&app.org, &dev, "viewer").await;
    assert_eq!(eligible(token).await, json!({ "eligible": false }), "dev is now in an organization");
}

#[tokio::test]
async fn request_group_access_is_recorded_once_and_a_repeat_is_429() {
    let (app, org, dev, token) = with_developer("dev@acme.example", true).await;
    let path = format!("/iam/v2beta1/groups/{org}:requestGroupAccess");
    let r = app.call_as(&token, Method::POST, &path, Some(json!({}))).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call_as(&token, Method::POST, &path, Some(json!({ "groupUid": org }))).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        r.body,
        json!({
            "code": 8,
            "message": format!("Resource exhausted: identity {dev} already asked for access to group {org}"),
            "details": [error_info("RESOURCE_EXHAUSTED")],
        })
    );
    // Another person of the same domain may ask too.
    let colleague = app.identity(&app.org, "colleague").await;
    app.seen_with_email(&colleague, "colleague@acme.example", true).await;
    let r = app.call_as(&app.token_for(&colleague), Method::POST, &path, None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
}

#[tokio::test]
async fn request_group_access_answers_not_found_for_every_refusal() {
    let (app, org, dev, token) = with_developer("dev@acme.example", true).await;
    let ask = |token: String, group: String| {
        let app = &app;
        async move {
            app.call_as(&token, Method::POST, &format!("/iam/v2beta1/groups/{group}:requestGroupAccess"), None).await
        }
    };
    let missing = format!("{}ffff", &org[..36]);
    let folder = app.group(&org, "team").await;
    let globex = app.identity(&app.org, "globex").await;
    app.seen_with_email(&globex, "dev@globex.example", true).await;
    let unverified_email = app.identity(&app.org, "unverified").await;
    app.seen_with_email(&unverified_email, "dev@acme.example", false).await;
    let cases = [
        ("no such group", token.clone(), missing.clone()),
        ("a folder", token.clone(), folder.clone()),
        ("an unverified organization", token.clone(), app.org.clone()),
        ("another domain", app.token_for(&globex), org.clone()),
        ("an unverified email", app.token_for(&unverified_email), org.clone()),
        ("no email, already an owner", app.admin_token.clone(), org.clone()),
    ];
    for (why, token, group) in cases {
        let r = ask(token, group.clone()).await;
        assert_eq!(
            (r.status, r.body),
            (StatusCode::NOT_FOUND, not_found(&format!("group {group} does not exist"))),
            "{why}"
        );
    }
    // A member of the organization has access already.
    app.bind(&folder, &dev, "viewer").await;
    let r = ask(token, org.clone()).await;
    assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, not_found(&format!("group {org} does not exist"))));
}

#[tokio::test]
async fn request_group_access_refuses_a_malformed_uid_and_unknown_body_fields() {
    let (app, org, _, token) = with_developer("dev@acme.example", true).await;
    let r = app.call_as(&token, Method::POST, "/iam/v2beta1/groups/acme:requestGroupAccess", None).await;
    let description =
        "group_uid must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("group_uid", description)));
    let path = format!("/iam/v2beta1/groups/{org}:requestGroupAccess");
    let r = app.call_as(&token, Method::POST, &path, Some(json!({ "reason": "please" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "reason");
    // Nothing was recorded: the first real request succeeds.
    let r = app.call_as(&token, Method::POST, &path, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// The whole IdentityMetadata JSON of `uid` called `name` with `fields` set.
fn metadata(uid: &str, name: &str, fields: Value) -> Value {
    let mut all = json!({
        "uid": uid, "name": name, "givenName": "", "familyName": "", "company": "", "updatesOptIn": false,
        "product": "", "jobTitle": "", "utmCampaign": "", "utmContent": "", "utmMedium": "", "utmSource": "",
        "utmTerm": "", "latestFormSubmitUrl": "", "latestInternalReferringUrl": "", "hubspotUtk": "",
        "selfServe": false,
    });
    for (k, v) in fields.as_object().unwrap() {
        all[k] = v.clone();
    }
    all
}

#[tokio::test]
async fn update_identity_metadata_changes_the_callers_own_fields_present_or_masked() {
    let (app, _, dev, token) = with_developer("dev@acme.example", true).await;
    let path = "/iam/v2beta1/identities:updateIdentityMetadata";
    let body = json!({ "identityMetadata": {
        "jobTitle": "engineer", "company": "Acme", "hubspotUtk": "utk-1", "utm_source": "newsletter",
        "updatesOptIn": true, "uid": "ignored: output only" } });
    let r = app.call_as(&token, Method::PATCH, path, Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let expected = metadata(
        &dev,
        "dev",
        json!({"jobTitle": "engineer", "company": "Acme", "hubspotUtk": "utk-1", "utmSource": "newsletter",
               "updatesOptIn": true}),
    );
    assert_eq!(r.body, expected);
    let identity = app.call(Method::GET, &format!("/iam/v2beta1/identities/{dev}"), None).await.body;
    assert_eq!(identity["company"], "Acme", "company is the identity's own");

    // With a mask only the masked fields change; hubspotUtk was never stored.
    let body = json!({ "identityMetadata": { "product": "images", "jobTitle": "not this" }, "updateMask": "product" });
    let r = app.call_as(&token, Method::PATCH, path, Some(body)).await;
    let expected = metadata(
        &dev,
        "dev",
        json!({"jobTitle": "engineer", "company": "Acme", "product": "images", "utmSource": "newsletter",
               "updatesOptIn": true}),
    );
    assert_eq!((r.status, r.body), (StatusCode::OK, expected));

    // Without a mask a key present clears its field, even at its zero value.
    let body = json!({ "identity_metadata": { "jobTitle": "", "updatesOptIn": false } });
    let r = app.call_as(&token, Method::PATCH, path, Some(body)).await;
    let expected = metadata(&dev, "dev", json!({"company": "Acme", "product": "images", "utmSource": "newsletter"}));
    assert_eq!((r.status, r.body), (StatusCode::OK, expected));

    // The owner's metadata is its own, untouched by dev's.
    let r = app.call(Method::PATCH, path, Some(json!({}))).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, metadata(app.admin.as_str(), "admin", json!({}))));
}

#[tokio::test]
async fn update_identity_metadata_refuses_unknown_mask_paths_and_fields_and_writes_nothing() {
    let (app, _, dev, token) = with_developer("dev@acme.example", true).await;
    let path = "/iam/v2beta1/identities:updateIdentityMetadata";
    let r = app
        .call_as(
            &token,
            Method::PATCH,
            path,
            Some(json!({"identityMetadata": {"jobTitle": "x"}, "updateMask": "givenName"})),
        )
        .await;
    let description = "update_mask path \"givenName\" is not one of company, updatesOptIn, product, jobTitle, \
                       utmCampaign, utmContent, utmMedium, utmSource, utmTerm, latestFormSubmitUrl, \
                       latestInternalReferringUrl, hubspotUtk, selfServe";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("update_mask", description)));
    let r = app.call_as(&token, Method::PATCH, path, Some(json!({"metadata": {}}))).await;
    let description = "unknown field `metadata`, expected `identityMetadata` or `updateMask`";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("metadata", description)));
    let r = app.call_as(&token, Method::PATCH, path, Some(json!({"identityMetadata": {"title": "x"}}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "title");
    let r =
        app.call_as(&token, Method::PATCH, path, Some(json!({"identityMetadata": {"product": "a\u{0007}b"}}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "identityMetadata.product");
    let r = app.call_as(&token, Method::PATCH, path, Some(json!({}))).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, metadata(&dev, "dev", json!({}))), "nothing was written");
    let r = app.raw(Method::PATCH, path, None, b"{}".to_vec()).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}
