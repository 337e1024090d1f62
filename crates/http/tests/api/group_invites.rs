//! `/iam/v2beta1/groupInvites` and `POST /auth/v1/register`: exact bodies, the code shown
//! once, bad input that writes nothing, the `key_id` filter and the default order, every
//! refusal of a redemption (garbage, expired, revoked, used, wrong email) changing nothing,
//! the capabilities an invite's role needs, and register's own token. The rest of who may do
//! what is in the people matrix of `authorization.rs`.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::{OWNER, VIEWER};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const CREATED: &str = "2026-11-18T11:06:40.000Z";
const DAY_LATER: &str = "2026-11-19T11:06:40.000Z";

fn viewer_role() -> Value {
    json!({
        "uid": VIEWER,
        "name": "viewer",
        "description": "Built-in role: read-only access to the group and everything in it, including image pulls.",
    })
}

async fn create_invite(app: &TestApp, group: &str, body: Value) -> Value {
    app.create(&format!("/iam/v2beta1/groupInvites/{group}"), body).await
}

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

/// The visible part of an answer: the role's capabilities are a long list checked apart.
fn without_capabilities(mut invite: Value) -> Value {
    if let Some(role) = invite.get_mut("role").and_then(Value::as_object_mut) {
        role.remove("capabilities");
    }
    invite
}

#[tokio::test]
async fn create_answers_the_code_once_and_get_and_list_never_show_it() {
    let app = TestApp::new().await;
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/groupInvites/{}", app.org),
            Some(json!({ "roleUid": VIEWER, "ttl": "86400s", "email": "dev@acme.example", "singleUse": true })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = r.body["uid"].as_str().unwrap().to_owned();
    assert!(uid.starts_with(&format!("{}/", app.org)));
    let code = r.body["code"].as_str().unwrap().to_owned();
    assert_eq!(code.split('.').count(), 3, "a compact JWS: {code}");
    let key_id = r.body["keyId"].as_str().unwrap().to_owned();
    assert!(!key_id.is_empty());
    let expected = |code: &str| {
        json!({
            "uid": uid,
            "roleUid": VIEWER,
            "role": viewer_role(),
            "email": "dev@acme.example",
            "expirationTime": DAY_LATER,
            "singleUse": true,
            "code": code,
            "keyId": key_id,
            "createTime": CREATED,
        })
    };
    assert_eq!(without_capabilities(r.body.clone()), expected(&code));
    assert_eq!(r.body["role"]["capabilities"].as_array().unwrap().len(), 12, "{}", r.body["role"]);
    assert!(r.body.get("ttl").is_none(), "ttl is input only");

    let got = app.call(Method::GET, &format!("/iam/v2beta1/groupInvites/{uid}"), None).await;
    assert_eq!((got.status, without_capabilities(got.body.clone())), (StatusCode::OK, expected("")));
    let list = app.call(Method::GET, "/iam/v2beta1/groupInvites", None).await;
    assert_eq!(without_capabilities(list.body["groupInvites"][0].clone()), expected(""));
    assert_eq!(list.body["totalCount"], "1");
    assert!(!String::from_utf8_lossy(&list.raw).contains(&code));
}

#[tokio::test]
async fn bad_input_names_every_field_and_writes_nothing() {
    let app = TestApp::new().await;
    let path = format!("/iam/v2beta1/groupInvites/{}", app.org);
    let r = app.call(Method::POST, &path, Some(json!({ "email": "not-an-email" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["details"][1]["fieldViolations"],
        json!([
            { "field": "roleUid", "description": "roleUid is required" },
            { "field": "email", "description": "email must be an email address such as name@example.com" },
            { "field": "ttl", "description": "ttl is required" },
        ])
    );
    let long = app.call(Method::POST, &path, Some(json!({ "roleUid": VIEWER, "ttl": "8640000s" }))).await;
    assert_eq!(long.body, invalid("ttl", "ttl must be at most 90 days"));
    let team = app.group(&app.org, "team").await;
    let other = app.group(&app.org, "other").await;
    let role = app
        .create(&format!("/iam/v2beta1/roles/{other}"), json!({ "name": "r", "capabilities": ["groups.list"] }))
        .await;
    let sibling_role = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/groupInvites/{team}"),
            Some(json!({ "roleUid": role["uid"], "ttl": "60s" })),
        )
        .await;
    assert_eq!(
        sibling_role.body,
        invalid("roleUid", "roleUid must name a built-in role or a role defined in this group or above it")
    );
    let missing = format!("{}/00000000000000ee", app.org);
    let r = app.call(Method::POST, &path, Some(json!({ "roleUid": missing, "ttl": "60s" }))).await;
    assert_eq!(
        (r.status, r.body["message"].clone()),
        (StatusCode::NOT_FOUND, json!(format!("Not found: role {missing} does not exist")))
    );
    let list = app.call(Method::GET, "/iam/v2beta1/groupInvites", None).await;
    assert_eq!(list.body["groupInvites"], json!([]), "nothing was written");
}

#[tokio::test]
async fn list_is_newest_first_and_key_id_really_filters() {
    let app = TestApp::new().await;
    let first = create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "60s" })).await;
    app.clock.advance_ms(1_000);
    let second = create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "60s" })).await;
    let uids = |body: &Value| -> Vec<String> {
        body["groupInvites"].as_array().unwrap().iter().map(|i| i["uid"].as_str().unwrap().to_owned()).collect()
    };
    let all = app.call(Method::GET, "/iam/v2beta1/groupInvites", None).await;
    assert_eq!(uids(&all.body), [second["uid"].as_str().unwrap(), first["uid"].as_str().unwrap()]);
    let oldest = app.call(Method::GET, "/iam/v2beta1/groupInvites?order_by=created_at%20asc", None).await;
    assert_eq!(uids(&oldest.body), [first["uid"].as_str().unwrap(), second["uid"].as_str().unwrap()]);
    let key = first["keyId"].as_str().unwrap();
    let same = app.call(Method::GET, &format!("/iam/v2beta1/groupInvites?keyId={key}"), None).await;
    assert_eq!(same.body["totalCount"], "2");
    let other = app.call(Method::GET, "/iam/v2beta1/groupInvites?key_id=retired-key", None).await;
    assert_eq!((other.body["groupInvites"].clone(), other.body["totalCount"].clone()), (json!([]), json!("0")));
    let by_name = app.call(Method::GET, "/iam/v2beta1/groupInvites?order_by=name", None).await;
    assert_eq!(by_name.status, StatusCode::BAD_REQUEST);
}

/// A person (an identity of another organization, with no binding here) and their token.
async fn person(app: &TestApp, name: &str) -> (String, String) {
    let elsewhere = app
        .services
        .bootstrap
        .ensure_owned_organization(&format!("{name}-home"), name, "", crate::common::claim_match(name))
        .await
        .unwrap();
    let uid = elsewhere.identity.uid.to_string();
    (uid.clone(), app.token_for(&uid))
}

async fn register(app: &TestApp, token: &str, code: &str) -> crate::common::Reply {
    app.call_as(token, Method::POST, "/auth/v1/register", Some(json!({ "code": code }))).await
}

#[tokio::test]
async fn a_redeemed_code_binds_the_caller_at_the_invites_group_and_nothing_else() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    app.group(&app.org, "secret").await;
    let invite = create_invite(&app, &team, json!({ "roleUid": VIEWER, "ttl": "3600s" })).await;
    let (alice, token) = person(&app, "alice").await;
    let r = register(&app, &token, invite["code"].as_str().unwrap()).await;
    assert_eq!((r.status, r.body.clone()), (StatusCode::OK, json!({ "identity": alice, "group": team })));
    let groups =
        app.call_as(&token, Method::GET, &format!("/iam/v2beta1/groups?uidp.descendants_of={}", app.org), None).await;
    let seen: Vec<&str> =
        groups.body["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap()).collect();
    assert_eq!(seen, [team.as_str()], "the team and nothing else of the organization");
    let bindings = app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?identity={alice}"), None).await;
    assert_eq!(bindings.body["roleBindings"][0]["group"]["uid"], team);
    assert_eq!(bindings.body["roleBindings"][0]["role"]["uid"], VIEWER);
}

#[tokio::test]
async fn every_refused_redemption_says_why_and_changes_nothing() {
    let app = TestApp::new().await;
    let (bob, bob_token) = person(&app, "bob").await;
    let (carol, carol_token) = person(&app, "carol").await;
    let bindings = || async {
        app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={}", app.org), None).await.body
            ["totalCount"]
            .clone()
    };
    let before = bindings().await;

    let garbage = register(&app, &bob_token, "not-a-code").await;
    assert_eq!(garbage.body, invalid("code", "code is not a valid invite code"));
    let empty = register(&app, &bob_token, "").await;
    assert_eq!(empty.body, invalid("code", "code is required: the invite code to redeem"));
    let other = app
        .call_as(&bob_token, Method::POST, "/auth/v1/register", Some(json!({ "code": "x", "identityId": carol })))
        .await;
    assert_eq!(other.body, invalid("identity_id", "identity_id must be the caller's own identity"));

    let once = create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "3600s", "singleUse": true })).await;
    let code = once["code"].as_str().unwrap();
    assert_eq!(register(&app, &bob_token, code).await.status, StatusCode::OK);
    let again = register(&app, &carol_token, code).await;
    let uid = once["uid"].as_str().unwrap();
    assert_eq!(
        again.body,
        precondition("INVITE_USED", &format!("invite {uid} is single-use and has already been used"))
    );

    let short = create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "60s" })).await;
    app.clock.advance_ms(60_000);
    let expired = register(&app, &carol_token, short["code"].as_str().unwrap()).await;
    assert_eq!(
        expired.body,
        precondition("INVITE_EXPIRED", &format!("the invite expired at {}", short["expirationTime"].as_str().unwrap()))
    );

    let revoked = create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "3600s" })).await;
    let revoked_uid = revoked["uid"].as_str().unwrap();
    let deleted = app.call(Method::DELETE, &format!("/iam/v2beta1/groupInvites/{revoked_uid}"), None).await;
    assert_eq!((deleted.status, deleted.body), (StatusCode::OK, json!({})));
    let refused = register(&app, &carol_token, revoked["code"].as_str().unwrap()).await;
    assert_eq!(refused.body, precondition("INVITE_REVOKED", &format!("invite {revoked_uid} has been revoked")));

    let bound =
        create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "3600s", "email": "carol@acme.example" }))
            .await;
    let bound_code = bound["code"].as_str().unwrap();
    app.seen_with_email(&carol, "mallory@acme.example", true).await;
    let wrong = register(&app, &carol_token, bound_code).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(
        wrong.body["message"],
        "Permission denied: the invite is for another email address than the caller's verified email"
    );
    app.seen_with_email(&carol, "carol@acme.example", false).await;
    assert_eq!(
        register(&app, &carol_token, bound_code).await.status,
        StatusCode::FORBIDDEN,
        "an unverified email does not count"
    );
    assert_eq!(
        bindings().await,
        json!((before.as_str().unwrap().parse::<u64>().unwrap() + 1).to_string()),
        "only bob's redemption bound"
    );

    app.seen_with_email(&carol, "Carol@Acme.example", true).await;
    let right = register(&app, &carol_token, bound_code).await;
    assert_eq!((right.status, right.body), (StatusCode::OK, json!({ "identity": carol, "group": app.org })));
    let twice = register(&app, &carol_token, bound_code).await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.body);
    let _ = bob;
}

/// Binding rights alone are not enough: an invite hands out its role, so its creator must
/// hold every capability of that role at the group (role_bindings.create itself is in the
/// people matrix of `authorization.rs`).
#[tokio::test]
async fn authorization_creating_an_invite_needs_every_capability_of_its_role_and_names_all_it_lacks() {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let caps = ["group_invites.create", "group_invites.list", "role_bindings.create", "groups.list"];
    let role =
        app.create(&format!("/iam/v2beta1/roles/{}", app.org), json!({ "name": "binder", "capabilities": caps })).await;
    let binder = app.identity(&app.org, "binder").await;
    app.create(
        &format!("/iam/v2beta1/roleBindings/{}", app.org),
        json!({ "identityUid": binder, "roleUid": role["uid"] }),
    )
    .await;
    let token = app.token_for(&binder);
    let owner = json!({ "roleUid": OWNER, "ttl": "60s" });
    let escalate = app.call_as(&token, Method::POST, &format!("/iam/v2beta1/groupInvites/{a}"), Some(owner)).await;
    let lacks: Vec<&str> = grove_domain::builtin::owner_capabilities()
        .iter()
        .map(grove_domain::capability::Capability::dotted_name)
        .filter(|c| !caps.contains(c))
        .collect();
    assert_eq!(
        (escalate.status, escalate.body),
        (
            StatusCode::FORBIDDEN,
            json!({
                "code": 7,
                "message": format!(
                    "Permission denied: the caller lacks {} on {a}, which role {OWNER} grants",
                    lacks.join(", ")
                ),
                "details": [crate::common::error_info("PERMISSION_DENIED")],
            })
        )
    );
    let list = app.call(Method::GET, "/iam/v2beta1/groupInvites", None).await;
    assert_eq!(list.body["totalCount"], "0", "nothing was created");
}

#[tokio::test]
async fn authorization_register_needs_the_callers_own_token() {
    let app = TestApp::new().await;
    let invite = create_invite(&app, &app.org, json!({ "roleUid": VIEWER, "ttl": "3600s" })).await;
    let body = serde_json::to_vec(&json!({ "code": invite["code"] })).unwrap();
    let r = app.raw(Method::POST, "/auth/v1/register", None, body).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.body["message"], "Unauthenticated: the request has no Authorization header");
    let bindings = app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?group={}", app.org), None).await;
    assert_eq!(bindings.body["totalCount"], "1", "only the owner's binding");
}
