//! The audit trail over REST (`GET /audit/v1alpha1/entries`): who did what through which
//! request and transport, newest first, filtered and paged; owners only, never across
//! organizations.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::common::{error_info, Reply, TestApp};

const GROUP_CREATED: &str = "dev.chainguard.api.iam.group.created.v1";
const IDENTITY_CREATED: &str = "dev.chainguard.api.iam.identity.created.v1";
const BINDING_CREATED: &str = "dev.chainguard.api.iam.rolebindings.created.v1";

/// A call as `token` in request `request_id`.
async fn call_in(app: &TestApp, token: &str, method: Method, path: &str, body: Option<Value>, id: &str) -> Reply {
    let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {token}"))
        .header("x-request-id", id)
        .body(Body::from(bytes))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    let raw = resp.into_body().collect().await.unwrap().to_bytes().to_vec();
    let body = if raw.is_empty() { Value::Null } else { serde_json::from_slice(&raw).unwrap() };
    Reply { status, headers, body, raw }
}

/// The admin makes a group, an identity in it and a viewer binding, each in its own request:
/// (team, alice, binding).
async fn changes(app: &TestApp) -> (String, String, String) {
    let t = &app.admin_token;
    // After the bootstrap's changes, which all happened at the clock's start.
    app.clock.advance_ms(10);
    let team = call_in(
        app,
        t,
        Method::POST,
        &format!("/iam/v2beta1/groups/{}", app.org),
        Some(json!({"name": "team"})),
        "req-1",
    )
    .await;
    let team = team.body["uid"].as_str().unwrap().to_owned();
    app.clock.advance_ms(10);
    let body = json!({"name": "alice", "claimMatch": {"issuer": "https://issuer.example.com", "subject": "alice"}});
    let alice = call_in(app, t, Method::POST, &format!("/iam/v2beta1/identities/{team}"), Some(body), "req-2").await;
    let alice = alice.body["uid"].as_str().unwrap().to_owned();
    app.clock.advance_ms(10);
    let body = json!({"identityUid": alice, "roleUid": grove_domain::builtin::VIEWER});
    let binding =
        call_in(app, t, Method::POST, &format!("/iam/v2beta1/roleBindings/{team}"), Some(body), "req-3").await;
    assert_eq!(binding.status, StatusCode::OK, "{}", binding.body);
    (team, alice, binding.body["uid"].as_str().unwrap().to_owned())
}

fn entries(reply: &Reply) -> Vec<Value> {
    reply.body["entries"].as_array().cloned().unwrap_or_default()
}

fn field<'a>(entries: &'a [Value], name: &str) -> Vec<&'a str> {
    entries.iter().map(|e| e[name].as_str().unwrap_or_default()).collect()
}

#[tokio::test]
async fn an_owner_reads_who_did_what_newest_first_with_request_id_and_transport() {
    let app = TestApp::new().await;
    let (team, alice, binding) = changes(&app).await;
    let path = format!("/audit/v1alpha1/entries?uidp.descendants_of={}", app.org);
    let reply = app.call(Method::GET, &path, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let all = entries(&reply);
    // The three changes, newest first (bootstrapping an organization writes no event).
    assert_eq!(field(&all, "type"), [BINDING_CREATED, IDENTITY_CREATED, GROUP_CREATED]);
    assert_eq!(reply.body["totalCount"], "3");
    let newest = &all[0];
    assert_eq!(newest["subject"], binding);
    assert_eq!(newest["group"], team);
    assert_eq!(newest["actor"], app.admin.as_str());
    assert_eq!(newest["requestId"], "req-3");
    assert_eq!(newest["transport"], "rest");
    assert_eq!(newest["uid"].as_str().unwrap().rsplit_once('/').unwrap().0, team);
    assert_eq!(newest["time"], "2026-11-18T11:06:40.030Z");
    assert_eq!(newest["actorProvider"], "");
    let data: Value = serde_json::from_str(newest["data"].as_str().unwrap()).unwrap();
    assert_eq!(
        (data["uid"].as_str(), data["identity"]["uid"].as_str()),
        (Some(binding.as_str()), Some(alice.as_str()))
    );
    assert_eq!(field(&all, "requestId"), ["req-3", "req-2", "req-1"]);
    assert_eq!(all[2]["subject"], team);
    assert_eq!(all[2]["group"], app.org);

    let types = |query: &str| {
        let app = &app;
        let path = format!("/audit/v1alpha1/entries?{query}");
        async move {
            let reply = app.call(Method::GET, &path, None).await;
            assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.body);
            entries(&reply).iter().map(|e| e["type"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
        }
    };
    assert_eq!(types(&format!("actor={}", app.admin)).await, [BINDING_CREATED, IDENTITY_CREATED, GROUP_CREATED]);
    assert_eq!(types("actor=system").await, Vec::<String>::new());
    assert_eq!(types(&format!("type={BINDING_CREATED}")).await, [BINDING_CREATED]);
    assert_eq!(
        types(&format!("type={BINDING_CREATED}&type={GROUP_CREATED}&actor={}", app.admin)).await,
        [BINDING_CREATED, GROUP_CREATED]
    );
    assert_eq!(types(&format!("uidp.children_of={team}")).await, [BINDING_CREATED, IDENTITY_CREATED]);
    assert_eq!(types("since=2026-11-18T11:06:40.020Z").await, [BINDING_CREATED, IDENTITY_CREATED]);
    assert_eq!(types("since=2026-11-18T11:06:40.020Z&until=2026-11-18T11:06:40.030Z").await, [IDENTITY_CREATED]);
    assert_eq!(
        types(&format!("order_by=create_time%20asc&actor={}", app.admin)).await,
        [GROUP_CREATED, IDENTITY_CREATED, BINDING_CREATED]
    );

    // Paged as every list: a token for the next page, the total on each.
    let first = app.call(Method::GET, "/audit/v1alpha1/entries?page_size=2", None).await;
    assert_eq!((entries(&first).len(), &first.body["totalCount"]), (2, &json!("3")));
    let token = first.body["nextPageToken"].as_str().unwrap();
    let second = app.call(Method::GET, &format!("/audit/v1alpha1/entries?page_size=2&page_token={token}"), None).await;
    assert_eq!(entries(&second).len(), 1);
    let mut paged: Vec<String> =
        entries(&first).iter().chain(&entries(&second)).map(|e| e["uid"].as_str().unwrap().to_owned()).collect();
    paged.dedup();
    assert_eq!(paged, field(&all, "uid"));
    assert_eq!(second.body["nextPageToken"], "");
}

#[tokio::test]
async fn a_viewer_cannot_read_the_audit_trail() {
    let app = TestApp::new().await;
    let (team, alice, _) = changes(&app).await;
    let viewer = app.token_for(&alice);
    let denied = |message: String| json!({ "code": 7, "message": format!("Permission denied: {message}"), "details": [error_info("PERMISSION_DENIED")] });
    let all = app.call_as(&viewer, Method::GET, "/audit/v1alpha1/entries", None).await;
    assert_eq!(all.status, StatusCode::FORBIDDEN);
    assert_eq!(all.body, denied("the caller lacks audit.list on every group it may list".to_owned()));
    let in_team =
        app.call_as(&viewer, Method::GET, &format!("/audit/v1alpha1/entries?uidp.descendants_of={team}"), None).await;
    assert_eq!(in_team.status, StatusCode::FORBIDDEN);
    assert_eq!(in_team.body, denied(format!("the caller lacks audit.list on {team}")));
    let above =
        app.call_as(&viewer, Method::GET, &format!("/audit/v1alpha1/entries?uidp.children_of={}", app.org), None).await;
    assert_eq!(above.status, StatusCode::NOT_FOUND);
    assert_eq!(above.body["message"], format!("Not found: group {} does not exist", app.org));
}

#[tokio::test]
async fn an_owner_of_another_organization_sees_none_of_it() {
    let app = TestApp::new().await;
    changes(&app).await;
    let other = app
        .services
        .bootstrap
        .ensure_owned_organization("globex", "other", "", crate::common::claim_match("other"))
        .await
        .unwrap();
    let globex = other.group.uid.to_string();
    let owner = app.token_for(other.identity.uid.as_str());
    app.clock.advance_ms(10);
    let made =
        app.call_as(&owner, Method::POST, &format!("/iam/v2beta1/groups/{globex}"), Some(json!({"name": "g"}))).await;
    assert_eq!(made.status, StatusCode::OK);
    let reply = app.call_as(&owner, Method::GET, "/audit/v1alpha1/entries", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    let seen = entries(&reply);
    assert_eq!(seen.len(), 1, "{}", reply.body);
    assert!(seen.iter().all(|e| e["uid"].as_str().unwrap().starts_with(&format!("{globex}/"))), "{}", reply.body);
    assert_eq!(seen[0]["actor"], other.identity.uid.as_str());
    let acme = app
        .call_as(&owner, Method::GET, &format!("/audit/v1alpha1/entries?uidp.descendants_of={}", app.org), None)
        .await;
    assert_eq!(acme.status, StatusCode::NOT_FOUND);
    assert_eq!(acme.body["message"], format!("Not found: group {} does not exist", app.org));
    let by_admin =
        app.call_as(&owner, Method::GET, &format!("/audit/v1alpha1/entries?actor={}", app.admin), None).await;
    assert_eq!((by_admin.status, entries(&by_admin).len()), (StatusCode::OK, 0));
}

#[tokio::test]
async fn audit_list_is_the_owners_alone_and_no_custom_role_carries_it() {
    let app = TestApp::new().await;
    let refused = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/roles/{}", app.org),
            Some(json!({"name": "auditor", "capabilities": ["groups.list", "audit.list"]})),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.body["details"][1]["fieldViolations"],
        json!([{
            "field": "capabilities",
            "description": "audit.list is granted by the built-in owner role only: custom roles cannot carry it"
        }])
    );
    // The owner role's public capabilities leave Grove's own out.
    let owner = app.call(Method::GET, &format!("/iam/v2beta1/roles/{}", grove_domain::builtin::OWNER), None).await;
    let caps: Vec<&str> = owner.body["capabilities"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(caps.contains(&"CAP_IAM_GROUPS_LIST") && !caps.iter().any(|c| c.contains("AUDIT")), "{caps:?}");
}

#[tokio::test]
async fn malformed_audit_filters_are_invalid_arguments_naming_each_field() {
    let app = TestApp::new().await;
    let reply = app
        .call(
            Method::GET,
            "/audit/v1alpha1/entries?actor=nobody&type=dev.example.nothing.v1\
             &since=2026-11-20T00:00:00Z&until=2026-11-19T00:00:00Z",
            None,
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reply.body["details"][1]["fieldViolations"],
        json!([
            { "field": "actor", "description": "actor must be a uid or \"system\", not \"nobody\"" },
            { "field": "type", "description": "unknown event type \"dev.example.nothing.v1\"" },
            { "field": "until", "description": "until must be after since" },
        ])
    );
    let since = app.call(Method::GET, "/audit/v1alpha1/entries?since=yesterday", None).await;
    assert_eq!(since.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        since.body["details"][1]["fieldViolations"][0]["description"],
        "since must be an RFC 3339 timestamp such as 2026-01-02T03:04:05Z"
    );
}
