//! An in-process Grove serving only the v1 routes: real ES256 tokens, a settable clock, and
//! an organization `acme` owned by the identity `admin`. The store is the memory store, or a
//! fresh PostgreSQL database per test when `GROVE_TEST_STORE=postgres` (as `cargo xtask
//! test` runs this suite a second time).

#![allow(dead_code)]

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, Store};
use grove_domain::services::{BootstrapService, Deps, Services};
use grove_domain::{Timestamp, Uidp};
use grove_store_memory::MemoryStore;
use grove_sts::{ApiTokens, SigningKey};
use grove_v1::V1Config;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// The base and auth URL the test tokens are minted for.
pub const BASE_URL: &str = "http://grove.test";
/// What the test clock reads until a test moves it.
pub const START: &str = "2026-11-18T11:06:40.000Z";
/// The issuer of every test identity.
pub const ISSUER: &str = "https://issuer.example.com";
/// The default `resourceLimits` of every v1 group.
pub fn limits() -> Value {
    json!({ "clusters": 10, "idps": 5, "repositories": 1000 })
}

/// A clock tests move by hand.
#[derive(Debug)]
pub struct TestClock(AtomicI64);

impl TestClock {
    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_unix_millis(self.0.load(Ordering::SeqCst)).unwrap()
    }
}

pub struct TestApp {
    pub router: Router,
    pub services: Services,
    pub tokens: Arc<ApiTokens>,
    pub clock: Arc<TestClock>,
    pub org: String,
    pub admin: String,
    pub admin_token: String,
    /// The token of the catalog organization's owner, when the app has a catalog.
    pub catalog_admin_token: Option<String>,
    /// Dropped with the app (the Postgres test database, if any).
    _database: grove_store_postgres::testing::DatabaseGuard,
}

/// The store this run's tests use.
async fn test_store(clock: &TestClock) -> (Arc<dyn Store>, Option<grove_store_postgres::testing::TestDatabase>) {
    match std::env::var("GROVE_TEST_STORE").as_deref() {
        Ok("postgres") => {
            let db = grove_store_postgres::testing::TestDatabase::create().await.unwrap();
            (db.store(), Some(db))
        }
        Ok("memory") | Err(_) => (Arc::new(MemoryStore::new(clock.now())), None),
        Ok(other) => panic!("GROVE_TEST_STORE must be memory or postgres, not {other}"),
    }
}

/// A response: status and parsed JSON (`Value::Null` for an empty body).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
}

impl TestApp {
    pub async fn new() -> Self {
        Self::with_config(&V1Config::default()).await
    }

    pub async fn with_config(config: &V1Config) -> Self {
        Self::build(config, false).await
    }

    /// An app whose advisory catalog is a second organization, `catalog` (its uid is
    /// [`Self::catalog`]).
    pub async fn with_advisory_catalog() -> Self {
        Self::build(&V1Config::default(), true).await
    }

    async fn build(config: &V1Config, with_catalog: bool) -> Self {
        let clock = Arc::new(TestClock(AtomicI64::new(1_795_000_000_000)));
        let (store, database) = test_store(&clock).await;
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
        let bootstrap = BootstrapService::new(deps.clone());
        let made = bootstrap.ensure_owned_organization("acme", "admin", "", claim_match("admin")).await.unwrap();
        let (catalog, catalog_admin_token) = if with_catalog {
            let made =
                bootstrap.ensure_owned_organization("catalog", "curator", "", claim_match("curator")).await.unwrap();
            let token = tokens.mint(&made.identity.uid, chrono::Duration::days(30)).unwrap().token;
            (Some(made.group.uid), Some(token))
        } else {
            (None, None)
        };
        let mut services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
        services.identity_providers =
            services.identity_providers.clone().with_secret_keyring(grove_test_support::fixtures::test_keyring());
        services.advisories = services.advisories.clone().with_catalog(catalog);
        let router = grove_v1::routes(services.clone(), config);
        let admin_token = tokens.mint(&made.identity.uid, chrono::Duration::days(30)).unwrap().token;
        Self {
            router,
            services,
            tokens,
            clock,
            org: made.group.uid.to_string(),
            admin: made.identity.uid.to_string(),
            admin_token,
            catalog_admin_token,
            _database: grove_store_postgres::testing::DatabaseGuard::new(database),
        }
    }

    /// The advisory catalog organization, when the app has one.
    pub fn catalog(&self) -> Option<String> {
        self.services.advisories.catalog().map(ToString::to_string)
    }

    pub fn token_for(&self, identity: &str) -> String {
        self.tokens.mint(&Uidp::parse(identity).unwrap(), chrono::Duration::days(30)).unwrap().token
    }

    pub async fn raw(&self, method: Method, path: &str, token: Option<&str>, body: Vec<u8>) -> Reply {
        let mut req = Request::builder().method(method).uri(path).header("content-type", "application/json");
        if let Some(token) = token {
            req = req.header("authorization", format!("Bearer {token}"));
        }
        let resp = self.router.clone().oneshot(req.body(Body::from(body)).unwrap()).await.unwrap();
        let status = resp.status();
        let raw = resp.into_body().collect().await.unwrap().to_bytes().to_vec();
        let body = if raw.is_empty() { Value::Null } else { serde_json::from_slice(&raw).unwrap() };
        Reply { status, body }
    }

    /// A call as `admin`.
    pub async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.call_as(&self.admin_token.clone(), method, path, body).await
    }

    pub async fn call_as(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> Reply {
        let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
        self.raw(method, path, Some(token), bytes).await
    }

    /// A `POST` as `admin` that must succeed; its body.
    pub async fn create(&self, path: &str, body: Value) -> Value {
        let r = self.call(Method::POST, path, Some(body)).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        r.body
    }

    /// A `GET` as `admin` that must succeed; its body.
    pub async fn get(&self, path: &str) -> Value {
        let r = self.call(Method::GET, path, None).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        r.body
    }

    pub async fn group(&self, parent: &str, name: &str) -> String {
        id(&self.create(&format!("/iam/v1/groups/{parent}"), json!({ "name": name })).await)
    }

    pub async fn identity(&self, group: &str, name: &str) -> String {
        let body = json!({ "name": name, "claimMatch": { "issuer": ISSUER, "subject": name } });
        id(&self.create(&format!("/iam/v1/identities/{group}"), body).await)
    }

    pub async fn role_id(&self, name: &str) -> String {
        id(&self.get(&format!("/iam/v1/roles?name={name}")).await["items"][0])
    }

    /// Binds `identity` to the role named `role` in `group`; the binding's id.
    pub async fn bind(&self, group: &str, identity: &str, role: &str) -> String {
        let role = self.role_id(role).await;
        id(&self.create(&format!("/iam/v1/rolebindings/{group}"), json!({ "identity": identity, "role": role })).await)
    }

    pub async fn repo(&self, group: &str, name: &str) -> String {
        id(&self.create(&format!("/registry/v1/repos/{group}"), json!({ "name": name })).await)
    }
}

/// The `id` of a v1 resource.
pub fn id(v: &Value) -> String {
    v["id"].as_str().unwrap_or_else(|| panic!("no id in {v}")).to_owned()
}

/// The `id`s of a v1 list, in order.
pub fn ids(list: &Value) -> Vec<String> {
    list["items"].as_array().unwrap_or_else(|| panic!("no items in {list}")).iter().map(id).collect()
}

/// `ids`, sorted (v1 lists come in uid order).
pub fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

/// The v1 error body.
pub fn v1_error(code: i32, message: &str) -> Value {
    json!({ "code": code, "message": message, "details": [] })
}

pub fn claim_match(subject: &str) -> Relationship {
    Relationship::ClaimMatch(ClaimMatch {
        issuer: Matcher::Exact(ISSUER.to_owned()),
        subject: Matcher::Exact(subject.to_owned()),
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    })
}
