//! The SCIM 2.0 service provider at `/scim/v2/{provider}` on the store under test: users and
//! groups created, read, listed with filters and paging, replaced, patched, deactivated and
//! deleted; SCIM error bodies; one 401 for every credential that does not open the endpoint;
//! tenant isolation between providers; and `ListScimUsers` over the same data.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::VIEWER;
use grove_domain::events::EventType;
use grove_domain::ports::Clock as _;
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{error_info, Reply, TestApp};

const NOW: &str = "2026-11-18T11:06:40.000Z";
const USER: &str = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP: &str = "urn:ietf:params:scim:schemas:core:2.0:Group";
const ERROR: &str = "urn:ietf:params:scim:api:messages:2.0:Error";
const LIST: &str = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const PATCH: &str = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/// An identity provider of an organization with SCIM enabled and a token.
struct Scim {
    idp: String,
    token: String,
    /// `/scim/v2/{idp}`.
    path: String,
}

impl Scim {
    fn url(&self, rest: &str) -> String {
        format!("http://localhost:8080{}{rest}", self.path)
    }
}

/// A second owner of `org` (SCIM needs two), then a provider in it with SCIM on.
async fn scim_provider(app: &TestApp, org: &str, token: &str, name: &str) -> Scim {
    let body = json!({
        "name": name,
        "defaultRole": VIEWER,
        "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s3cr3t" },
    });
    let r = app.call_as(token, Method::POST, &format!("/iam/v2beta1/identityProviders/{org}"), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let idp = r.body["uid"].as_str().unwrap().to_owned();
    let r = app
        .call_as(
            token,
            Method::POST,
            &format!("/iam/v2beta1/identityProviders/{idp}:generateScimToken"),
            Some(json!({})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let scim_token = r.body["token"].as_str().unwrap().to_owned();
    let etag = r.body["etag"].as_str().unwrap().to_owned();
    let r = app
        .call_as(
            token,
            Method::POST,
            &format!("/iam/v2beta1/identityProviders/{idp}:setScimEnabled"),
            Some(json!({ "enabled": true, "etag": etag })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    Scim { path: format!("/scim/v2/{idp}"), idp, token: scim_token }
}

async fn setup(app: &TestApp) -> Scim {
    let second = app.identity(&app.org, "second-owner").await;
    app.bind(&app.org, &second, "owner").await;
    scim_provider(app, &app.org.clone(), &app.admin_token.clone(), "okta").await
}

async fn scim(app: &TestApp, s: &Scim, method: Method, rest: &str, body: Option<Value>) -> Reply {
    let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
    app.raw(method, &format!("{}{rest}", s.path), Some(&s.token), bytes).await
}

async fn create_user(app: &TestApp, s: &Scim, body: Value) -> Value {
    let r = scim(app, s, Method::POST, "/Users", Some(body)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

fn scim_error(status: u16, scim_type: Option<&str>, detail: &str) -> Value {
    let mut e = json!({ "schemas": [ERROR], "status": status.to_string(), "detail": detail });
    if let Some(t) = scim_type {
        e["scimType"] = json!(t);
    }
    e
}

fn ids(list: &Value) -> Vec<String> {
    let mut ids: Vec<String> =
        list["Resources"].as_array().unwrap().iter().map(|r| r["userName"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn a_created_user_is_answered_with_its_id_meta_and_etag_and_reads_back_the_same() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let r = scim(
        &app,
        &s,
        Method::POST,
        "/Users",
        Some(json!({
            "schemas": [USER], "userName": "bjensen@example.com", "externalId": "00u1",
            "name": {"givenName": "Barbara", "familyName": "Jensen"}, "active": true,
            "emails": [{"value": "bjensen@example.com", "type": "work", "primary": true}],
            "password": "never stored",
        })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.headers["content-type"], "application/scim+json");
    let id = r.body["id"].as_str().unwrap().to_owned();
    assert!(id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
    let expected = json!({
        "schemas": [USER], "id": id, "userName": "bjensen@example.com", "externalId": "00u1",
        "name": {"givenName": "Barbara", "familyName": "Jensen"}, "active": true,
        "emails": [{"value": "bjensen@example.com", "type": "work", "primary": true}],
        "meta": {
            "resourceType": "User", "created": NOW, "lastModified": NOW,
            "location": s.url(&format!("/Users/{id}")), "version": "W/\"1\"",
        },
    });
    assert_eq!(r.body, expected);
    assert_eq!(r.headers["etag"], "W/\"1\"");
    let got = scim(&app, &s, Method::GET, &format!("/Users/{id}"), None).await;
    assert_eq!((got.status, got.body), (StatusCode::OK, expected));
    let now = app.clock.now();
    let events = app.services.store.claim_events(now, now, 1_000).await.unwrap();
    assert!(events
        .iter()
        .any(|e| e.event_type == EventType::ScimUserCreated && e.subject.as_str() == format!("{}/{id}", s.idp)));
}

#[tokio::test]
async fn filters_select_by_user_name_external_id_emails_and_active_with_paging() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    for (name, external, email, kind, active) in [
        ("Alice@Example.com", "a1", "alice@work.example", "work", true),
        ("bob@example.com", "b2", "bob@home.example", "home", true),
        ("carol@other.example", "c3", "carol@work.example", "work", false),
        ("dave@example.com", "d4", "dave@work.example", "work", true),
    ] {
        create_user(
            &app,
            &s,
            json!({"userName": name, "externalId": external, "active": active,
                   "emails": [{"value": email, "type": kind}]}),
        )
        .await;
    }
    let list = |filter: &'static str| {
        let q = format!("/Users?filter={}", urlencode(filter));
        let (app, s) = (&app, &s);
        async move {
            let r = scim(app, s, Method::GET, &q, None).await;
            assert_eq!(r.status, StatusCode::OK, "{filter}: {}", r.body);
            ids(&r.body)
        }
    };
    assert_eq!(list(r#"userName eq "alice@example.com""#).await, ["Alice@Example.com"]);
    assert_eq!(list(r#"externalId eq "b2""#).await, ["bob@example.com"]);
    assert_eq!(list(r#"externalId eq "B2""#).await, Vec::<String>::new());
    assert_eq!(
        list(r#"userName co "EXAMPLE.COM" and not (userName sw "d")"#).await,
        ["Alice@Example.com", "bob@example.com"]
    );
    assert_eq!(
        list(r#"userName ew ".example" or externalId eq "a1""#).await,
        ["Alice@Example.com", "carol@other.example"]
    );
    assert_eq!(list(r#"emails.value eq "BOB@home.example""#).await, ["bob@example.com"]);
    assert_eq!(
        list(r#"emails[type eq "work" and value co "@work"] and active eq true"#).await,
        ["Alice@Example.com", "dave@example.com"]
    );
    assert_eq!(list("active eq false").await, ["carol@other.example"]);
    assert_eq!(list("displayName pr").await, Vec::<String>::new());
    assert_eq!(list("externalId pr").await.len(), 4);

    let r = scim(&app, &s, Method::GET, "/Users?startIndex=2&count=2", None).await;
    assert_eq!(r.body["schemas"], json!([LIST]));
    assert_eq!(
        (r.body["totalResults"].clone(), r.body["startIndex"].clone(), r.body["itemsPerPage"].clone()),
        (json!(4), json!(2), json!(2))
    );
    let first = scim(&app, &s, Method::GET, "/Users?count=1", None).await;
    let all = scim(&app, &s, Method::GET, "/Users", None).await;
    let names = |v: &Value| v["Resources"].as_array().unwrap().iter().map(|r| r["id"].clone()).collect::<Vec<_>>();
    assert_eq!(names(&r.body), names(&all.body)[1..3].to_vec());
    assert_eq!(names(&first.body), names(&all.body)[..1].to_vec());
    let only_count = scim(&app, &s, Method::GET, "/Users?count=0", None).await;
    assert_eq!((only_count.body["totalResults"].clone(), only_count.body["Resources"].clone()), (json!(4), json!([])));
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn bad_requests_answer_in_the_scim_error_format() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    create_user(&app, &s, json!({"userName": "taken@example.com", "externalId": "x1"})).await;
    let cases = [
        (
            Method::GET,
            "/Users?filter=userName%20eq".to_owned(),
            None,
            scim_error(400, Some("invalidFilter"), "the filter ends where a value was expected"),
        ),
        (
            Method::GET,
            "/Users?filter=password%20eq%20%22x%22".to_owned(),
            None,
            scim_error(400, Some("invalidFilter"), "attribute \"password\" cannot be filtered on"),
        ),
        (
            Method::POST,
            "/Users".to_owned(),
            Some(json!({"userName": "TAKEN@example.com"})),
            scim_error(
                409,
                Some("uniqueness"),
                &format!("a user with userName \"TAKEN@example.com\" already exists in identity provider {}", s.idp),
            ),
        ),
        (
            Method::POST,
            "/Users".to_owned(),
            Some(json!({"userName": "other", "externalId": "x1"})),
            scim_error(
                409,
                Some("uniqueness"),
                &format!("a user with externalId \"x1\" already exists in identity provider {}", s.idp),
            ),
        ),
        (
            Method::POST,
            "/Users".to_owned(),
            Some(json!({"displayName": "no user name"})),
            scim_error(400, Some("invalidValue"), "userName is required"),
        ),
        (
            Method::POST,
            "/Users".to_owned(),
            Some(json!(["not an object"])),
            scim_error(400, Some("invalidSyntax"), "the body must be a JSON object"),
        ),
        (
            Method::GET,
            "/Users/0000000000000000".to_owned(),
            None,
            scim_error(404, None, "User 0000000000000000 not found"),
        ),
        (Method::GET, "/Users/not-an-id".to_owned(), None, scim_error(404, None, "User not-an-id not found")),
        (Method::DELETE, "/Users".to_owned(), None, scim_error(405, None, "DELETE is not supported here")),
    ];
    for (method, path, body, expected) in cases {
        let r = scim(&app, &s, method.clone(), &path, body).await;
        assert_eq!(r.body, expected, "{method} {path}");
        assert_eq!(r.status.as_u16().to_string(), expected["status"].as_str().unwrap(), "{method} {path}");
        assert_eq!(r.headers["content-type"], "application/scim+json");
    }
    let r = app.raw(Method::POST, &format!("{}/Users", s.path), Some(&s.token), b"{not json".to_vec()).await;
    assert_eq!((r.status, r.body["scimType"].clone()), (StatusCode::BAD_REQUEST, json!("invalidSyntax")));
    // Nothing was written by the refused requests.
    let all = scim(&app, &s, Method::GET, "/Users", None).await;
    assert_eq!(all.body["totalResults"], 1);
}

#[tokio::test]
async fn put_replaces_and_if_match_with_another_version_is_412() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let u = create_user(&app, &s, json!({"userName": "u@example.com", "title": "Engineer", "nickName": "u"})).await;
    let id = u["id"].as_str().unwrap();
    let mut req = axum::http::Request::builder()
        .method(Method::PUT)
        .uri(format!("{}/Users/{id}", s.path))
        .header("content-type", "application/scim+json")
        .header("authorization", format!("Bearer {}", s.token))
        .header("if-match", "W/\"7\"");
    let body = serde_json::to_vec(&json!({"userName": "u@example.com", "title": "Manager"})).unwrap();
    let r = tower::ServiceExt::oneshot(app.router.clone(), req.body(axum::body::Body::from(body.clone())).unwrap())
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::PRECONDITION_FAILED);
    req = axum::http::Request::builder()
        .method(Method::PUT)
        .uri(format!("{}/Users/{id}", s.path))
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {}", s.token))
        .header("if-match", "W/\"1\"");
    let r =
        tower::ServiceExt::oneshot(app.router.clone(), req.body(axum::body::Body::from(body)).unwrap()).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let got = scim(&app, &s, Method::GET, &format!("/Users/{id}"), None).await;
    assert_eq!(got.body["title"], "Manager");
    assert_eq!(got.body.get("nickName"), None);
    assert_eq!(got.body["meta"]["version"], "W/\"2\"");
}

#[tokio::test]
async fn patch_deactivates_with_and_without_a_path_and_changes_sub_attributes() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let u = create_user(
        &app,
        &s,
        json!({"userName": "p@example.com", "active": true,
        "emails": [{"value": "p@work.example", "type": "work"}]}),
    )
    .await;
    let id = u["id"].as_str().unwrap();
    let patch = |ops: Value| json!({"schemas": [PATCH], "Operations": ops});
    let r = scim(
        &app,
        &s,
        Method::PATCH,
        &format!("/Users/{id}"),
        Some(patch(json!([{"op": "replace", "value": {"active": false}}]))),
    )
    .await;
    assert_eq!((r.status, r.body["active"].clone()), (StatusCode::OK, json!(false)), "{}", r.body);
    let r = scim(
        &app,
        &s,
        Method::PATCH,
        &format!("/Users/{id}"),
        Some(patch(json!([{"op": "Replace", "path": "active", "value": "True"}]))),
    )
    .await;
    assert_eq!(r.body["active"], true);
    let r = scim(
        &app,
        &s,
        Method::PATCH,
        &format!("/Users/{id}"),
        Some(patch(json!([
            {"op": "add", "path": "name.givenName", "value": "Pat"},
            {"op": "replace", "path": "emails[type eq \"work\"].value", "value": "pat@work.example"},
            {"op": "remove", "path": "emails[type eq \"home\"]"},
        ]))),
    )
    .await;
    assert_eq!(r.body["name"], json!({"givenName": "Pat"}));
    assert_eq!(r.body["emails"], json!([{"value": "pat@work.example", "type": "work"}]));
    assert_eq!(r.body["meta"]["version"], "W/\"4\"");
    let listed = scim(&app, &s, Method::GET, "/Users?filter=emails.value%20eq%20%22pat%40work.example%22", None).await;
    assert_eq!(listed.body["totalResults"], 1);
    let r = scim(
        &app,
        &s,
        Method::PATCH,
        &format!("/Users/{id}"),
        Some(patch(json!([{"op": "replace", "path": "id", "value": "x"}]))),
    )
    .await;
    assert_eq!(r.body, scim_error(400, Some("mutability"), "attribute id is read-only"));
    let r = scim(&app, &s, Method::PATCH, &format!("/Users/{id}"), Some(patch(json!([{"op": "remove"}])))).await;
    assert_eq!(r.body, scim_error(400, Some("noTarget"), "a remove operation needs a path"));
    let now = app.clock.now();
    let types: Vec<EventType> =
        app.services.store.claim_events(now, now, 1_000).await.unwrap().into_iter().map(|e| e.event_type).collect();
    assert!(types.contains(&EventType::ScimUserDeactivated));
    assert!(types.contains(&EventType::ScimUserUpdated));
}

#[tokio::test]
async fn a_deleted_user_is_gone_and_leaves_its_groups() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let u = create_user(&app, &s, json!({"userName": "gone@example.com"})).await;
    let id = u["id"].as_str().unwrap().to_owned();
    let g =
        scim(&app, &s, Method::POST, "/Groups", Some(json!({"displayName": "eng", "members": [{"value": id}]}))).await;
    assert_eq!(g.status, StatusCode::CREATED, "{}", g.body);
    let r = scim(&app, &s, Method::DELETE, &format!("/Users/{id}"), None).await;
    assert_eq!((r.status, r.body.clone()), (StatusCode::NO_CONTENT, Value::Null));
    let r = scim(&app, &s, Method::GET, &format!("/Users/{id}"), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let group = scim(&app, &s, Method::GET, &format!("/Groups/{}", g.body["id"].as_str().unwrap()), None).await;
    assert_eq!(group.body["members"], json!([]));
}

#[tokio::test]
async fn groups_hold_members_that_patch_adds_and_removes_and_filters_find() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let a = create_user(&app, &s, json!({"userName": "a@example.com", "externalId": "ext-a"})).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let b = create_user(&app, &s, json!({"userName": "b@example.com", "externalId": "ext-b"})).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = scim(
        &app,
        &s,
        Method::POST,
        "/Groups",
        Some(json!({"schemas": [GROUP], "displayName": "Engineering", "externalId": "g1", "members": [{"value": a}]})),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let gid = r.body["id"].as_str().unwrap().to_owned();
    assert_eq!(
        r.body,
        json!({"schemas": [GROUP], "id": gid, "displayName": "Engineering", "externalId": "g1",
               "members": [{"value": a, "$ref": s.url(&format!("/Users/{a}"))}],
               "meta": {"resourceType": "Group", "created": NOW, "lastModified": NOW,
                        "location": s.url(&format!("/Groups/{gid}")), "version": "W/\"1\""}})
    );
    let patch = |ops: Value| json!({"schemas": [PATCH], "Operations": ops});
    let r = scim(
        &app,
        &s,
        Method::PATCH,
        &format!("/Groups/{gid}"),
        Some(patch(json!([{"op": "add", "path": "members", "value": [{"value": b}]}]))),
    )
    .await;
    assert_eq!(r.body["members"].as_array().unwrap().len(), 2, "{}", r.body);
    let names = app.services.store.scim_group_names_of(&Uidp::parse(&s.idp).unwrap(), "ext-b").await.unwrap();
    assert_eq!(names, ["Engineering"]);
    let r = scim(&app, &s, Method::GET, &format!("/Groups?filter=members.value%20eq%20%22{b}%22"), None).await;
    assert_eq!(r.body["totalResults"], 1);
    let r = scim(
        &app,
        &s,
        Method::PATCH,
        &format!("/Groups/{gid}"),
        Some(patch(json!([{"op": "remove", "path": format!("members[value eq \"{a}\"]")}]))),
    )
    .await;
    assert_eq!(r.body["members"], json!([{"value": b, "$ref": s.url(&format!("/Users/{b}"))}]));
    let r = scim(&app, &s, Method::PATCH, &format!("/Groups/{gid}"), Some(patch(json!([{"op": "Remove", "path": "members", "value": [{"value": b}]}, {"op": "replace", "value": {"displayName": "Eng"}}])))).await;
    assert_eq!((r.body["members"].clone(), r.body["displayName"].clone()), (json!([]), json!("Eng")));
    let r = scim(&app, &s, Method::GET, "/Groups?filter=displayName%20eq%20%22eng%22", None).await;
    assert_eq!(r.body["totalResults"], 1);
    let r = scim(&app, &s, Method::POST, "/Groups", Some(json!({"displayName": "ENG"}))).await;
    assert_eq!(
        r.body,
        scim_error(
            409,
            Some("uniqueness"),
            &format!("a group with displayName \"ENG\" already exists in identity provider {}", s.idp)
        )
    );
    let r = scim(
        &app,
        &s,
        Method::POST,
        "/Groups",
        Some(json!({"displayName": "x", "members": [{"value": "00000000000000aa"}]})),
    )
    .await;
    assert_eq!(
        r.body,
        scim_error(
            400,
            Some("invalidValue"),
            &format!("member 00000000000000aa is not a user of identity provider {}", s.idp)
        )
    );
    let r = scim(&app, &s, Method::DELETE, &format!("/Groups/{gid}"), None).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = scim(&app, &s, Method::GET, "/Groups", None).await;
    assert_eq!(r.body["totalResults"], 0);
}

#[tokio::test]
async fn every_credential_that_does_not_open_the_endpoint_gets_the_same_401() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let other = scim_provider(&app, &app.org.clone(), &app.admin_token.clone(), "entra").await;
    let refused = scim_error(401, None, "the bearer token does not authorize SCIM requests to this endpoint");
    let check = |path: String, token: Option<String>| {
        let app = &app;
        let refused = refused.clone();
        async move {
            let r = app.raw(Method::GET, &path, token.as_deref(), Vec::new()).await;
            assert_eq!((r.status, r.body), (StatusCode::UNAUTHORIZED, refused), "{path}");
            assert_eq!(r.headers["www-authenticate"], "Bearer");
        }
    };
    let users = format!("{}/Users", s.path);
    check(users.clone(), None).await;
    check(users.clone(), Some("cgscim_".to_owned() + &"0".repeat(64))).await;
    check(users.clone(), Some(app.admin_token.clone())).await;
    check(users.clone(), Some(other.token.clone())).await;
    check(format!("/scim/v2/{}/00000000000000aa/Users", app.org), Some(s.token.clone())).await;
    // Switched off.
    let idp = app.call(Method::GET, &format!("/iam/v2beta1/identityProviders/{}", other.idp), None).await;
    let etag = idp.body["scim"]["etag"].as_str().unwrap().to_owned();
    let off = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identityProviders/{}:setScimEnabled", other.idp),
            Some(json!({"enabled": false, "etag": etag})),
        )
        .await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.body);
    check(format!("{}/Users", other.path), Some(other.token.clone())).await;
    // Expired (a year and a day later), and revoked.
    let r = app
        .call(Method::POST, &format!("/iam/v2beta1/identityProviders/{}:revokeScimToken", s.idp), Some(json!({})))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    check(users.clone(), Some(s.token.clone())).await;
    let fresh = app
        .call(Method::POST, &format!("/iam/v2beta1/identityProviders/{}:generateScimToken", s.idp), Some(json!({})))
        .await;
    let fresh_token = fresh.body["token"].as_str().unwrap().to_owned();
    let ok = app.raw(Method::GET, &users, Some(&fresh_token), Vec::new()).await;
    assert_eq!(ok.status, StatusCode::OK);
    app.clock.advance_ms(366 * 24 * 3600 * 1000);
    check(users, Some(fresh_token)).await;
}

#[tokio::test]
async fn a_provider_token_never_reaches_another_organizations_users() {
    let app = TestApp::new().await;
    let a = setup(&app).await;
    let user = create_user(&app, &a, json!({"userName": "secret@a.example"})).await;
    let id = user["id"].as_str().unwrap();
    // Organization B, its two owners and its provider.
    let b_org = app.create("/iam/v2beta1/groups", json!({"name": "globex"})).await["uid"].as_str().unwrap().to_owned();
    let second = app.identity(&b_org, "globex-second").await;
    app.bind(&b_org, &second, "owner").await;
    let b = scim_provider(&app, &b_org, &app.admin_token.clone(), "okta").await;
    // B's token on A's endpoint: refused; A's user id on B's endpoint: not there.
    let r = app.raw(Method::GET, &format!("{}/Users/{id}", a.path), Some(&b.token), Vec::new()).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = scim(&app, &b, Method::GET, &format!("/Users/{id}"), None).await;
    assert_eq!(r.body, scim_error(404, None, &format!("User {id} not found")));
    for (method, body) in [
        (Method::PUT, Some(json!({"userName": "stolen"}))),
        (
            Method::PATCH,
            Some(json!({"schemas": [PATCH], "Operations": [{"op": "replace", "value": {"active": false}}]})),
        ),
        (Method::DELETE, None),
    ] {
        let r = scim(&app, &b, method.clone(), &format!("/Users/{id}"), body).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{method}");
    }
    let r = scim(&app, &b, Method::GET, "/Users", None).await;
    assert_eq!(r.body["totalResults"], 0);
    let r = scim(&app, &b, Method::POST, "/Groups", Some(json!({"displayName": "steal", "members": [{"value": id}]})))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let still = scim(&app, &a, Method::GET, &format!("/Users/{id}"), None).await;
    assert_eq!(
        (still.body["userName"].clone(), still.body["meta"]["version"].clone()),
        (json!("secret@a.example"), json!("W/\"1\""))
    );
}

#[tokio::test]
async fn list_scim_users_reads_the_directory_with_filters_and_paging() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let u =
        create_user(&app, &s, json!({"userName": "Zed@example.com", "externalId": "z9", "displayName": "Zed"})).await;
    create_user(&app, &s, json!({"userName": "off@example.com", "active": false})).await;
    let path = format!("/iam/v2beta1/identityProviders/{}/scimUsers", s.idp);
    let r = app.call(Method::GET, &format!("{path}?user_name=zed@EXAMPLE.com"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({"scimUsers": [{
            "uid": format!("{}/{}", s.idp, u["id"].as_str().unwrap()), "identityProviderUid": s.idp,
            "userName": "Zed@example.com", "externalId": "z9", "displayName": "Zed", "active": true,
            "iamIdentityUid": "", "createTime": NOW, "updateTime": NOW,
        }], "nextPageToken": "", "totalCount": "1", "skipped": 0})
    );
    let r = app.call(Method::GET, &format!("{path}?active=false"), None).await;
    assert_eq!(r.body["scimUsers"][0]["userName"], "off@example.com");
    let r = app.call(Method::GET, &format!("{path}?page_size=1"), None).await;
    assert_eq!((r.body["scimUsers"].as_array().unwrap().len(), r.body["totalCount"].clone()), (1, json!("2")));
    let next = r.body["nextPageToken"].as_str().unwrap();
    let r2 = app.call(Method::GET, &format!("{path}?page_size=1&page_token={next}"), None).await;
    assert_eq!(r2.body["scimUsers"].as_array().unwrap().len(), 1);
    assert_ne!(r2.body["scimUsers"][0]["uid"], r.body["scimUsers"][0]["uid"]);
    let r = app.call(Method::GET, &format!("{path}?active=maybe"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // A viewer of the organization sees the provider but not its directory.
    let viewer = app.identity(&app.org, "viewer").await;
    app.bind(&app.org, &viewer, "viewer").await;
    let r = app.call_as(&app.token_for(&viewer), Method::GET, &path, None).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(r.body["details"][0], error_info("PERMISSION_DENIED"));
}

#[tokio::test]
async fn the_replaced_token_opens_the_endpoint_during_the_overlap_only() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let idp = app.call(Method::GET, &format!("/iam/v2beta1/identityProviders/{}", s.idp), None).await;
    let etag = idp.body["scim"]["etag"].as_str().unwrap().to_owned();
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identityProviders/{}:regenerateScimToken", s.idp),
            Some(json!({ "etag": etag, "overlap": "600s" })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let fresh = r.body["token"].as_str().unwrap().to_owned();
    let users = format!("{}/Users", s.path);
    for token in [&s.token, &fresh] {
        assert_eq!(app.raw(Method::GET, &users, Some(token), Vec::new()).await.status, StatusCode::OK);
    }
    app.clock.advance_ms(601_000);
    assert_eq!(app.raw(Method::GET, &users, Some(&s.token), Vec::new()).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.raw(Method::GET, &users, Some(&fresh), Vec::new()).await.status, StatusCode::OK);
}
