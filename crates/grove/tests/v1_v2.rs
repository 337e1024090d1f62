//! Version 1 and version 2 over one application (`grove::app::router`): a resource created
//! through one version is the same resource through the other, and both answer the same
//! caller the same way.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use grove::app::{router, AppConfig};
use grove_domain::builtin::{EDITOR, VIEWER};
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, Store};
use grove_domain::services::{BootstrapService, Deps, Services};
use grove_domain::{Timestamp, Uidp};
use grove_store_memory::MemoryStore;
use grove_sts::{ApiTokens, SigningKey};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

const BASE_URL: &str = "http://grove.test";
const ISSUER: &str = "https://issuer.example.com";
const DIGEST: &str = "sha256:0000000000000000000000000000000000000000000000000000000000000001";
const DIGEST2: &str = "sha256:0000000000000000000000000000000000000000000000000000000000000002";

#[derive(Debug)]
struct TestClock(AtomicI64);

impl Clock for TestClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_unix_millis(self.0.load(Ordering::SeqCst)).unwrap()
    }
}

struct App {
    router: Router,
    tokens: Arc<ApiTokens>,
    clock: Arc<TestClock>,
    org: String,
    admin_token: String,
}

#[derive(Debug)]
struct Reply {
    status: StatusCode,
    body: Value,
}

impl App {
    async fn new() -> Self {
        let clock = Arc::new(TestClock(AtomicI64::new(1_795_000_000_000)));
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new(clock.now()));
        let tokens = Arc::new(ApiTokens::new(
            SigningKey::generate().unwrap(),
            Vec::new(),
            BASE_URL.to_owned(),
            BASE_URL.to_owned(),
            clock.clone(),
        ));
        let pager = Arc::new(Pager::new(b"test paging secret".to_vec(), clock.clone()));
        let deps = Deps {
            store,
            clock: clock.clone(),
            ids: Arc::new(RandomIds),
            pager,
            events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
        };
        let relationship = Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact(ISSUER.to_owned()),
            subject: Matcher::Exact("admin".to_owned()),
            audience: None,
            claims: Default::default(),
            claim_patterns: Default::default(),
        });
        let bootstrap = BootstrapService::new(deps.clone());
        let made = bootstrap.ensure_owned_organization("acme", "admin", "", relationship).await.unwrap();
        let services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
        let admin_token = tokens.mint(&made.identity.uid, chrono::Duration::days(30)).unwrap().token;
        Self {
            router: router(services, &AppConfig::default()),
            tokens,
            clock,
            org: made.group.uid.to_string(),
            admin_token,
        }
    }

    fn token_for(&self, identity: &str) -> String {
        self.tokens.mint(&Uidp::parse(identity).unwrap(), chrono::Duration::days(30)).unwrap().token
    }

    async fn call_as(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> Reply {
        let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
        let req = Request::builder()
            .method(method)
            .uri(path)
            .header("content-type", "application/json")
            .header("authorization", format!("Bearer {token}"))
            .body(Body::from(bytes))
            .unwrap();
        let resp = self.router.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let raw = resp.into_body().collect().await.unwrap().to_bytes();
        let body = if raw.is_empty() { Value::Null } else { serde_json::from_slice(&raw).unwrap() };
        Reply { status, body }
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.call_as(&self.admin_token.clone(), method, path, body).await
    }

    /// A call as `admin` that must succeed; its body.
    async fn ok(&self, method: Method, path: &str, body: Option<Value>) -> Value {
        let r = self.call(method, path, body).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        r.body
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        self.ok(Method::POST, path, Some(body)).await
    }

    async fn get(&self, path: &str) -> Value {
        self.ok(Method::GET, path, None).await
    }
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_else(|| panic!("no {key} in {v}")).to_owned()
}

fn v1_group(v2: &Value) -> Value {
    json!({
        "id": v2["uid"],
        "name": v2["name"],
        "description": v2["description"],
        "resourceLimits": { "clusters": 10, "idps": 5, "repositories": 1000 },
        "verified": v2["verified"],
    })
}

fn v1_identity(v2: &Value) -> Value {
    // v2 sends every field of the message, empty maps included (protojson with unpopulated
    // fields); v1's claimMatch leaves out the empty ones.
    let mut claim_match = v2["claimMatch"].clone();
    if let Some(object) = claim_match.as_object_mut() {
        object.retain(|_, v| v.as_object().is_none_or(|m| !m.is_empty()));
    }
    json!({
        "id": v2["uid"],
        "name": v2["name"],
        "description": v2["description"],
        "createdAt": v2["createTime"],
        "updatedAt": v2["updateTime"],
        "claimMatch": claim_match,
    })
}

fn v1_role(v2: &Value) -> Value {
    let dotted: Vec<_> = v2["capabilities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| grove_domain::capability::Capability::from_name(c.as_str().unwrap()).unwrap().dotted_name())
        .collect();
    json!({ "id": v2["uid"], "name": v2["name"], "description": v2["description"], "capabilities": dotted })
}

fn v1_repo(v2: &Value, tier: &str) -> Value {
    json!({
        "id": v2["uid"],
        "name": v2["name"],
        "catalogTier": tier,
        "bundles": v2["bundles"],
        "aliases": v2["aliases"],
        "createTime": v2["createTime"],
        "activeTags": v2["activeTags"],
        "description": v2["description"],
        // v2 serves the README as its own resource; these repos have none.
        "readme": "",
    })
}

fn v1_tag(v2: &Value) -> Value {
    json!({
        "id": v2["uid"],
        "name": v2["name"],
        "digest": v2["digest"],
        "lastUpdated": v2["updateTime"],
        "deprecated": v2["deprecated"],
        "bundles": v2["bundles"],
    })
}

#[tokio::test]
async fn a_group_created_through_v1_is_the_same_group_through_v2() {
    let app = App::new().await;
    let v1 = app.post(&format!("/iam/v1/groups/{}", app.org), json!({ "name": "team", "description": "d" })).await;
    let v2 = app.get(&format!("/iam/v2beta1/groups/{}", text(&v1, "id"))).await;
    assert_eq!(v1, v1_group(&v2));
    assert_eq!(v2["resourceLimits"], json!({}));
}

#[tokio::test]
async fn a_group_created_through_v2_is_the_same_group_through_v1() {
    let app = App::new().await;
    let v2 = app.post(&format!("/iam/v2beta1/groups/{}", app.org), json!({ "name": "team", "description": "d" })).await;
    let uid = text(&v2, "uid");
    assert_eq!(app.get(&format!("/iam/v1/groups/{uid}")).await, v1_group(&v2));
    assert_eq!(app.get(&format!("/iam/v1/groups?id={uid}")).await, json!({ "items": [v1_group(&v2)] }));
}

#[tokio::test]
async fn an_organization_created_through_v1_is_owned_through_v2() {
    let app = App::new().await;
    let org = text(&app.post("/iam/v1/groups", json!({ "name": "globex" })).await, "id");
    let bindings = app.get(&format!("/iam/v2beta1/roleBindings?uidp.children_of={org}")).await;
    assert_eq!(bindings["roleBindings"][0]["role"]["name"], "owner");
    assert_eq!(bindings["roleBindings"][0]["group"]["uid"], json!(org));
}

#[tokio::test]
async fn a_group_replaced_through_v1_and_patched_through_v2_is_one_group() {
    let app = App::new().await;
    let uid = text(
        &app.post(&format!("/iam/v1/groups/{}", app.org), json!({ "name": "team", "description": "old" })).await,
        "id",
    );
    app.clock.0.fetch_add(5, Ordering::SeqCst);
    app.ok(Method::PUT, &format!("/iam/v1/groups/{uid}"), Some(json!({ "name": "renamed" }))).await;
    let v2 = app.get(&format!("/iam/v2beta1/groups/{uid}")).await;
    assert_eq!((v2["name"].as_str(), v2["description"].as_str()), (Some("renamed"), Some("")));
    assert_eq!(v2["updateTime"], "2026-11-18T11:06:40.005Z");
    app.ok(Method::PATCH, &format!("/iam/v2beta1/groups/{uid}"), Some(json!({ "description": "via v2" }))).await;
    let v1 = app.get(&format!("/iam/v1/groups/{uid}")).await;
    assert_eq!((v1["name"].as_str(), v1["description"].as_str()), (Some("renamed"), Some("via v2")));
}

#[tokio::test]
async fn an_identity_is_the_same_identity_through_both_versions() {
    let app = App::new().await;
    let body = json!({ "name": "robot", "description": "ci", "claimMatch": { "issuer": ISSUER, "subject": "r" } });
    let v1 = app.post(&format!("/iam/v1/identities/{}", app.org), body.clone()).await;
    let v2 = app.get(&format!("/iam/v2beta1/identities/{}", text(&v1, "id"))).await;
    assert_eq!(v1, v1_identity(&v2));
    let body = json!({ "name": "other", "claimMatch": { "issuerPattern": "https://.*", "subject": "o" } });
    let v2 = app.post(&format!("/iam/v2beta1/identities/{}", app.org), body).await;
    let v1 = app.get(&format!("/iam/v1/identities?id={}", text(&v2, "uid"))).await;
    assert_eq!(v1, json!({ "items": [v1_identity(&v2)] }));
}

#[tokio::test]
async fn a_role_is_the_same_role_through_both_versions_with_dotted_and_enum_capabilities() {
    let app = App::new().await;
    let body = json!({ "name": "puller", "capabilities": ["repo.list", "tag.list"] });
    let v1 = app.post(&format!("/iam/v1/roles/{}", app.org), body).await;
    let v2 = app.get(&format!("/iam/v2beta1/roles/{}", text(&v1, "id"))).await;
    assert_eq!(v2["capabilities"], json!(["CAP_REPO_LIST", "CAP_TAG_LIST"]));
    assert_eq!(v1, v1_role(&v2));
    let body = json!({ "name": "lister", "capabilities": ["CAP_IAM_GROUPS_LIST"] });
    let v2 = app.post(&format!("/iam/v2beta1/roles/{}", app.org), body).await;
    let v1 = app.get(&format!("/iam/v1/roles/{}", text(&v2, "uid"))).await;
    assert_eq!(v1["capabilities"], json!(["groups.list"]));
    assert_eq!(v1, v1_role(&v2));
    let builtin = app.get(&format!("/iam/v2beta1/roles/{VIEWER}")).await;
    assert_eq!(app.get(&format!("/iam/v1/roles/{VIEWER}")).await, v1_role(&builtin));
}

#[tokio::test]
async fn a_role_binding_created_through_v1_is_the_same_binding_through_v2() {
    let app = App::new().await;
    let robot = text(
        &app.post(
            &format!("/iam/v1/identities/{}", app.org),
            json!({ "name": "robot", "claimMatch": { "issuer": ISSUER, "subject": "robot" } }),
        )
        .await,
        "id",
    );
    let flat =
        app.post(&format!("/iam/v1/rolebindings/{}", app.org), json!({ "identity": robot, "role": VIEWER })).await;
    let v2 = app.get(&format!("/iam/v2beta1/roleBindings/{}", text(&flat, "id"))).await;
    assert_eq!(
        flat,
        json!({ "id": v2["uid"], "identity": v2["identity"]["uid"], "group": v2["group"]["uid"], "role": v2["role"]["uid"] })
    );
    let hydrated = app.get(&format!("/iam/v1/rolebindings?id={}", text(&flat, "id"))).await;
    let item = &hydrated["items"][0];
    assert_eq!(item["createdAt"], v2["createTime"]);
    assert_eq!(item["claimMatchIssuer"], v2["identity"]["issuer"]);
    assert_eq!(item["claimMatchSubject"], v2["identity"]["subject"]);
    assert_eq!(item["group"], v1_group(&app.get(&format!("/iam/v2beta1/groups/{}", app.org)).await));
    assert_eq!(item["role"], v1_role(&app.get(&format!("/iam/v2beta1/roles/{VIEWER}")).await));
}

#[tokio::test]
async fn a_role_binding_created_through_v2_and_replaced_through_v1_is_one_binding() {
    let app = App::new().await;
    let robot = text(
        &app.post(
            &format!("/iam/v2beta1/identities/{}", app.org),
            json!({ "name": "robot", "claimMatch": { "issuer": ISSUER, "subject": "robot" } }),
        )
        .await,
        "uid",
    );
    let v2 = app
        .post(&format!("/iam/v2beta1/roleBindings/{}", app.org), json!({ "identityUid": robot, "roleUid": VIEWER }))
        .await;
    let uid = text(&v2, "uid");
    let v1 = app.get(&format!("/iam/v1/rolebindings/{uid}")).await;
    assert_eq!(
        (text(&v1, "id"), text(&v1, "identity"), &v1["createdAt"]),
        (uid.clone(), robot.clone(), &v2["createTime"])
    );
    let flat = app
        .ok(Method::PUT, &format!("/iam/v1/rolebindings/{uid}"), Some(json!({ "identity": robot, "role": EDITOR })))
        .await;
    assert_eq!(flat, json!({ "id": uid, "identity": robot, "group": app.org, "role": EDITOR }));
    assert_eq!(app.get(&format!("/iam/v2beta1/roleBindings/{uid}")).await["role"]["name"], "editor");
}

#[tokio::test]
async fn a_repo_is_the_same_repo_through_both_versions_with_each_versions_catalog_tier() {
    let app = App::new().await;
    let body = json!({ "name": "apps/nginx", "catalogTier": "BASE", "bundles": ["base"], "aliases": ["nginx:1"],
                       "activeTags": ["1"], "description": "web" });
    let v1 = app.post(&format!("/registry/v1/repos/{}", app.org), body).await;
    let v2 = app.get(&format!("/registry/v2beta1/repos/{}", text(&v1, "id"))).await;
    assert_eq!(v2["catalogTier"], "CATALOG_TIER_BASE");
    assert_eq!(v1, v1_repo(&v2, "BASE"));
    let v2 = app
        .post(
            &format!("/registry/v2beta1/repos/{}", app.org),
            json!({ "name": "tools", "catalogTier": "CATALOG_TIER_DEVTOOLS" }),
        )
        .await;
    let v1 = app.get(&format!("/registry/v1/repos?id={}", text(&v2, "uid"))).await;
    assert_eq!(v1, json!({ "items": [v1_repo(&v2, "DEVTOOLS")] }));
}

#[tokio::test]
async fn a_tag_is_the_same_tag_through_both_versions() {
    let app = App::new().await;
    let repo = text(&app.post(&format!("/registry/v1/repos/{}", app.org), json!({ "name": "app" })).await, "id");
    let v1 = app.post(&format!("/registry/v1/tags/{repo}"), json!({ "name": "latest", "digest": DIGEST })).await;
    let v2 = app.get(&format!("/registry/v2beta1/tags/{}", text(&v1, "id"))).await;
    assert_eq!(v1, v1_tag(&v2));
    let v2 = app
        .post(&format!("/registry/v2beta1/tags/{repo}"), json!({ "name": "v2", "digest": DIGEST2, "deprecated": true }))
        .await;
    let v1 = app.get(&format!("/registry/v1/tags?id={}", text(&v2, "uid"))).await;
    assert_eq!(v1, json!({ "items": [v1_tag(&v2)] }));
}

/// The v1 shape of a v2beta1 advisory whose events are manual detections and fixes.
fn v1_advisory(v2: &Value) -> Value {
    let events: Vec<Value> = v2["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let mut v1 = json!({
                "id": e["uid"],
                "timestamp": e["createTime"],
                "findings": e["findings"],
                "author": e["author"],
                "reviewer": e["reviewer"],
                "status": text(e, "reviewState").strip_prefix("REVIEW_STATE_").unwrap(),
            });
            if e.get("fixed").is_some() {
                v1["fixed"] = json!({ "fixedVersion": e["fixed"]["fixedVersion"] });
            } else {
                v1["detection"] = e["detection"].clone();
            }
            v1
        })
        .collect();
    json!({
        "id": v2["uid"],
        "artifactType": v2["artifactType"],
        "artifactName": v2["artifactName"],
        "artifactArchitecture": v2["artifactArchitecture"],
        "componentName": v2["componentName"],
        "componentLocation": v2["componentLocation"],
        "componentType": v2["componentType"],
        "createdAt": v2["createTime"],
        "updatedAt": v2["updateTime"],
        "aliases": v2["aliases"],
        "events": events,
        "advisoryId": v2["advisoryId"],
        "author": v2["author"],
        "legacyAdvisoryID": v2["legacyAdvisoryId"],
    })
}

#[tokio::test]
async fn an_advisory_written_through_v1_is_the_same_advisory_through_v2() {
    let app = App::new().await;
    let caps = ["advisories.list", "advisories.create", "advisories.update"];
    let role = text(
        &app.post(&format!("/iam/v1/roles/{}", app.org), json!({ "name": "triage", "capabilities": caps })).await,
        "id",
    );
    let body = json!({ "name": "triager", "claimMatch": { "issuer": ISSUER, "subject": "triager" } });
    let triager = text(&app.post(&format!("/iam/v1/identities/{}", app.org), body).await, "id");
    app.post(&format!("/iam/v1/rolebindings/{}", app.org), json!({ "identity": triager, "role": role })).await;
    let token = app.token_for(&triager);
    let advisory = json!({
        "artifactType": "apk", "artifactName": "nginx", "artifactArchitecture": "x86_64", "componentName": "openssl",
        "componentLocation": "/usr/lib", "componentType": "apk", "aliases": ["CVE-2026-1"], "author": "me@example.com",
        "legacyAdvisoryID": "GO-2026-1", "events": [{ "detection": { "manual": {} }, "author": "me@example.com" }],
    });
    let r = app
        .call_as(
            &token,
            Method::POST,
            "/vulnerabilities/v1/advisories",
            Some(json!({ "parentId": app.org, "advisory": advisory })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = text(&r.body, "id");
    let fixed = json!({ "advisoryEvent": { "fixed": { "fixedVersion": "1.2" }, "author": "me@example.com" } });
    let r =
        app.call_as(&token, Method::POST, &format!("/vulnerabilities/v1/advisories/{uid}/events"), Some(fixed)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v1 = app.get(&format!("/vulnerabilities/v1/advisories/{uid}")).await;
    let v2 = app.get(&format!("/vulnerabilities/v2beta1/advisories/{uid}")).await;
    assert_eq!(v1, v1_advisory(&v2));
    assert_eq!(v2["severities"], json!([]));
    assert_eq!(
        v2["events"][1]["fixed"],
        json!({ "fixedVersion": "1.2", "note": "", "scannerVersion": "", "grypeDbBuilt": "", "grypeDbChecksum": "" })
    );
    let listed = app.get(&format!("/vulnerabilities/v2beta1/advisories?uidp.ids={uid}")).await;
    assert_eq!(listed["advisories"], json!([v2]));
}

#[tokio::test]
async fn a_resource_deleted_through_one_version_is_gone_from_the_other() {
    let app = App::new().await;
    let v1_made = text(&app.post(&format!("/iam/v1/groups/{}", app.org), json!({ "name": "one" })).await, "id");
    let v2_made = text(&app.post(&format!("/iam/v2beta1/groups/{}", app.org), json!({ "name": "two" })).await, "uid");
    app.ok(Method::DELETE, &format!("/iam/v1/groups/{v2_made}"), None).await;
    app.ok(Method::DELETE, &format!("/iam/v2beta1/groups/{v1_made}"), None).await;
    for uid in [&v1_made, &v2_made] {
        assert_eq!(app.call(Method::GET, &format!("/iam/v1/groups/{uid}"), None).await.status, StatusCode::NOT_FOUND);
        assert_eq!(
            app.call(Method::GET, &format!("/iam/v2beta1/groups/{uid}"), None).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test]
async fn both_versions_authorize_the_same_caller_the_same_way() {
    let app = App::new().await;
    let a = text(&app.post(&format!("/iam/v1/groups/{}", app.org), json!({ "name": "a" })).await, "id");
    let b = text(&app.post(&format!("/iam/v1/groups/{}", app.org), json!({ "name": "b" })).await, "id");
    app.post(&format!("/iam/v1/groups/{a}"), json!({ "name": "a-child" })).await;
    let viewer = text(
        &app.post(
            &format!("/iam/v1/identities/{a}"),
            json!({ "name": "viewer", "claimMatch": { "issuer": ISSUER, "subject": "viewer" } }),
        )
        .await,
        "id",
    );
    app.post(&format!("/iam/v1/rolebindings/{a}"), json!({ "identity": viewer, "role": VIEWER })).await;
    let t = app.token_for(&viewer);
    let v1 = app.call_as(&t, Method::GET, "/iam/v1/groups", None).await.body;
    let v2 = app.call_as(&t, Method::GET, "/iam/v2beta1/groups", None).await.body;
    let v1_ids: Vec<_> = v1["items"].as_array().unwrap().iter().map(|g| text(g, "id")).collect();
    let v2_ids: Vec<_> = v2["groups"].as_array().unwrap().iter().map(|g| text(g, "uid")).collect();
    assert_eq!((v1_ids.len(), &v1_ids), (2, &v2_ids));
    for (v1_path, v2_path, method, body) in [
        (format!("/iam/v1/groups/{b}"), format!("/iam/v2beta1/groups/{b}"), Method::GET, None),
        (format!("/iam/v1/groups/{a}"), format!("/iam/v2beta1/groups/{a}"), Method::POST, Some(json!({ "name": "x" }))),
        (format!("/iam/v1/groups/{b}"), format!("/iam/v2beta1/groups/{b}"), Method::DELETE, None),
        ("/iam/v1/groups".to_owned(), "/iam/v2beta1/groups".to_owned(), Method::POST, Some(json!({ "name": "m" }))),
    ] {
        let one = app.call_as(&t, method.clone(), &v1_path, body.clone()).await;
        let two = app.call_as(&t, method.clone(), &v2_path, body).await;
        assert_eq!(one.status, two.status, "{method} {v1_path}");
        assert_eq!(
            (&one.body["code"], &one.body["message"]),
            (&two.body["code"], &two.body["message"]),
            "{method} {v1_path}"
        );
        assert_eq!(one.body["details"], json!([]));
    }
}

#[tokio::test]
async fn v1_errors_carry_the_v2_code_and_message_without_details() {
    let app = App::new().await;
    let one = app.call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!({}))).await;
    let two = app.call(Method::POST, &format!("/iam/v2beta1/groups/{}", app.org), Some(json!({}))).await;
    assert_eq!((one.status, two.status), (StatusCode::BAD_REQUEST, StatusCode::BAD_REQUEST));
    assert_eq!(one.body, json!({ "code": two.body["code"], "message": two.body["message"], "details": [] }));
    assert_eq!(two.body["details"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn unknown_v1_paths_and_wrong_methods_answer_in_the_v1_shape_inside_the_app() {
    let app = App::new().await;
    let r = app.call(Method::GET, "/registry/v1/manifests", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(
        r.body,
        json!({ "code": 5, "message": "Not found: no route for GET /registry/v1/manifests", "details": [] })
    );
    let r = app.call(Method::DELETE, "/iam/v1/roles", None).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        r.body,
        json!({ "code": 12, "message": "Unimplemented: DELETE is not supported on /iam/v1/roles", "details": [] })
    );
    let v2 = app.call(Method::DELETE, "/iam/v2beta1/roles", None).await;
    assert_eq!(v2.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(v2.body["details"][0]["reason"], "UNIMPLEMENTED");
}
