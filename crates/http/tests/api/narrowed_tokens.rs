//! Tokens narrowed by `cap` or `scopes` do only what their narrowing allows. The
//! self-service writes on the caller's own identity (redeeming an invite, updating its
//! metadata, asking to join an organization) need no capability, so no narrowing covers them:
//! they answer 403 and change nothing, even when the token's scopes hold the group, while the
//! same identity's unnarrowed token succeeds. The read-only self-service lookups stay open.
//! Subscriptions (version 1) and dead letters obey a narrowing like every other resource.

use axum::http::{Method, StatusCode};
use grove_domain::authz::Restriction;
use grove_domain::builtin::VIEWER;
use grove_domain::capability::Capability;
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

fn refused(action: &str) -> Value {
    json!({
        "code": 7,
        "message": format!(
            "Permission denied: a token narrowed by cap or scopes cannot {action}; \
             use a token exchanged without cap and scopes"
        ),
        "details": [error_info("PERMISSION_DENIED")],
    })
}

/// The three ways to narrow a token: by capability, by scope (`group`), and by both.
fn narrowings(group: &str) -> [Restriction; 3] {
    let caps = || Some([Capability::GroupsList, Capability::RoleBindingsCreate].into_iter().collect());
    let scopes = || Some(vec![Uidp::parse(group).unwrap()]);
    [
        Restriction { capabilities: caps(), scopes: None },
        Restriction { capabilities: None, scopes: scopes() },
        Restriction { capabilities: caps(), scopes: scopes() },
    ]
}

/// A token of `identity` narrowed by `restriction`, as the exchange mints it for `cap` and
/// `scopes`.
fn narrowed_token(app: &TestApp, identity: &str, restriction: &Restriction) -> String {
    let uid = Uidp::parse(identity).unwrap();
    app.tokens.mint_restricted(&uid, restriction, chrono::Duration::hours(1)).unwrap().token
}

#[tokio::test]
async fn a_narrowed_token_cannot_redeem_an_invite_even_to_a_group_inside_its_scopes() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let invite =
        app.create(&format!("/iam/v2beta1/groupInvites/{team}"), json!({ "roleUid": VIEWER, "ttl": "3600s" })).await;
    let code = json!({ "code": invite["code"] });
    let dev = app.identity(&app.org, "dev").await;
    for restriction in narrowings(&team) {
        let token = narrowed_token(&app, &dev, &restriction);
        let r = app.call_as(&token, Method::POST, "/auth/v1/register", Some(code.clone())).await;
        assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, refused("redeem invites")), "{restriction:?}");
    }
    let bindings = app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?identity={dev}"), None).await;
    assert_eq!(bindings.body["totalCount"], "0", "nothing was redeemed");
    let r = app.call_as(&app.token_for(&dev), Method::POST, "/auth/v1/register", Some(code)).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "identity": dev, "group": team })));
}

#[tokio::test]
async fn a_narrowed_token_cannot_update_identity_metadata() {
    let app = TestApp::new().await;
    let dev = app.identity(&app.org, "dev").await;
    app.bind(&app.org, &dev, "owner").await;
    let path = "/iam/v2beta1/identities:updateIdentityMetadata";
    let body = json!({ "identityMetadata": { "jobTitle": "engineer" } });
    for restriction in narrowings(&app.org) {
        let token = narrowed_token(&app, &dev, &restriction);
        let r = app.call_as(&token, Method::PATCH, path, Some(body.clone())).await;
        assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, refused("update identity metadata")), "{restriction:?}");
    }
    let token = app.token_for(&dev);
    let unchanged = app.call_as(&token, Method::PATCH, path, Some(json!({}))).await;
    assert_eq!((unchanged.status, &unchanged.body["jobTitle"]), (StatusCode::OK, &json!("")), "nothing was written");
    let r = app.call_as(&token, Method::PATCH, path, Some(body)).await;
    assert_eq!((r.status, &r.body["jobTitle"]), (StatusCode::OK, &json!("engineer")));
}

#[tokio::test]
async fn a_narrowed_token_cannot_request_access_to_an_organization() {
    let app = TestApp::new().await;
    let org = app.verified_organization("acme.example").await;
    let dev = app.identity(&app.org, "dev").await;
    app.seen_with_email(&dev, "dev@acme.example", true).await;
    let path = format!("/iam/v2beta1/groups/{org}:requestGroupAccess");
    for restriction in narrowings(&org) {
        let token = narrowed_token(&app, &dev, &restriction);
        let r = app.call_as(&token, Method::POST, &path, Some(json!({}))).await;
        assert_eq!(
            (r.status, r.body),
            (StatusCode::FORBIDDEN, refused("request access to an organization")),
            "{restriction:?}"
        );
    }
    // Had a narrowed request been recorded, this one would be a repeat (429).
    let r = app.call_as(&app.token_for(&dev), Method::POST, &path, Some(json!({}))).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
}

#[tokio::test]
async fn a_narrowed_token_may_still_use_the_read_only_self_service_lookups() {
    let app = TestApp::new().await;
    let org = app.verified_organization("acme.example").await;
    let dev = app.identity(&app.org, "dev").await;
    app.seen_with_email(&dev, "dev@acme.example", true).await;
    for restriction in narrowings(&app.org) {
        let token = narrowed_token(&app, &dev, &restriction);
        let lookup = app.call_as(&token, Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
        assert_eq!((lookup.status, &lookup.body["group"]["uid"]), (StatusCode::OK, &json!(org)), "{restriction:?}");
        let eligible = app.call_as(&token, Method::GET, "/iam/v2beta1/groups:checkEligibility", None).await;
        assert_eq!((eligible.status, eligible.body), (StatusCode::OK, json!({ "eligible": true })), "{restriction:?}");
        let person = "/iam/v2beta1/identities:lookupIdentity?issuer=https://issuer.example.com&subject=dev";
        let r = app.call_as(&token, Method::GET, person, None).await;
        assert_eq!(r.status, StatusCode::OK, "{restriction:?}: {}", r.body);
    }
}

/// A `NOT_FOUND` answer for `what` (`group <uid>`).
fn missing(what: &str) -> Value {
    json!({ "code": 5, "message": format!("Not found: {what} does not exist"), "details": [error_info("NOT_FOUND")] })
}

/// A `PERMISSION_DENIED` answer for a capability the caller lacks (`subscriptions.create on <uid>`).
fn lacks(what: &str) -> Value {
    json!({ "code": 7, "message": format!("Permission denied: the caller lacks {what}"), "details": [error_info("PERMISSION_DENIED")] })
}

#[tokio::test]
async fn a_narrowed_token_manages_subscriptions_and_dead_letters_only_inside_its_narrowing() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let sink = json!({ "sink": "https://hooks.example.com/n" });
    let outside = app.create(&format!("/events/v1/subscriptions/{}", app.org), sink.clone()).await;
    let outside = outside["id"].as_str().unwrap().to_owned();
    let letter = app.dead_letter(&outside, "0d6c3f8e-5d2a-4e61-9a7b-3c2d1e0f9a8c").await.id;
    let admin = app.admin.to_string();

    // Scopes: the team only. The organization's subscription and dead letter are not there.
    let scoped = narrowed_token(&app, &admin, &narrowings(&team)[1]);
    let created =
        app.call_as(&scoped, Method::POST, &format!("/events/v1/subscriptions/{team}"), Some(sink.clone())).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let listed = app.call_as(&scoped, Method::GET, "/events/v1/subscriptions", None).await;
    assert_eq!(listed.body, json!({ "items": [created.body] }));
    let r =
        app.call_as(&scoped, Method::POST, &format!("/events/v1/subscriptions/{}", app.org), Some(sink.clone())).await;
    assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, missing(&format!("group {}", app.org))));
    let r = app.call_as(&scoped, Method::DELETE, &format!("/events/v1/subscriptions/{outside}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, missing(&format!("subscription {outside}"))));
    let r = app.call_as(&scoped, Method::DELETE, &format!("/events/v1alpha1/deadletters/{letter}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, missing(&format!("dead letter {letter}"))));

    // Capabilities: groups.list and role_bindings.create only, so no subscription write.
    let capped = narrowed_token(&app, &admin, &narrowings(&team)[0]);
    let r = app.call_as(&capped, Method::POST, &format!("/events/v1/subscriptions/{team}"), Some(sink)).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, lacks(&format!("subscriptions.create on {team}"))));
    let r = app.call_as(&capped, Method::DELETE, &format!("/events/v1/subscriptions/{outside}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, missing(&format!("subscription {outside}"))));

    let all = app.call(Method::GET, "/events/v1/subscriptions", None).await;
    assert_eq!(all.body["items"].as_array().unwrap().len(), 2, "only the team's subscription was added");
    let letters = app.call(Method::GET, "/events/v1alpha1/deadletters", None).await;
    assert_eq!(letters.body["deadLetters"][0]["id"], letter, "the dead letter is still there");
}
