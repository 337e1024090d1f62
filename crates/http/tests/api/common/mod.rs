//! An in-process Grove for HTTP tests: real ES256 tokens, a settable clock, and an
//! organization `acme` owned by the identity `admin`. The store is the memory store, or a
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
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The base and auth URL the test tokens are minted for.
pub const BASE_URL: &str = "http://grove.test";

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
    pub admin: Uidp,
    pub admin_token: String,
    /// The webhook deliveries of dead letter replays.
    pub delivery: Arc<TestDelivery>,
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

/// Webhook deliveries of replays in tests: each is recorded as (event id, sink), and
/// refused with `refusal` when one is set.
#[derive(Debug, Default)]
pub struct TestDelivery {
    pub delivered: std::sync::Mutex<Vec<(String, String)>>,
    pub refusal: std::sync::Mutex<Option<String>>,
}

#[async_trait::async_trait]
impl grove_domain::ports::WebhookDelivery for TestDelivery {
    async fn deliver(
        &self,
        event: &grove_domain::events::EventRecord,
        subscription: &grove_domain::events::Subscription,
    ) -> Result<(), grove_domain::ports::DeliveryFailure> {
        if let Some(reason) = self.refusal.lock().unwrap().clone() {
            return Err(grove_domain::ports::DeliveryFailure { attempts: 1, reason });
        }
        self.delivered.lock().unwrap().push((event.id.to_string(), subscription.sink.as_str().to_owned()));
        Ok(())
    }
}

/// A response: status and parsed JSON (`Value::Null` for an empty body).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Value,
    pub raw: Vec<u8>,
}

impl TestApp {
    pub async fn new() -> Self {
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
        let mut services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
        services.identity_providers =
            services.identity_providers.clone().with_secret_keyring(grove_test_support::fixtures::test_keyring());
        let delivery = Arc::new(TestDelivery::default());
        services.dead_letters = services.dead_letters.clone().with_delivery(delivery.clone());
        let router = grove_http::router(services.clone(), &grove_http::HttpConfig::default(), Router::new());
        let admin_token = tokens.mint(&made.identity.uid, chrono::Duration::days(30)).unwrap().token;
        Self {
            router,
            services,
            tokens,
            clock,
            org: made.group.uid.to_string(),
            admin: made.identity.uid,
            admin_token,
            delivery,
            _database: grove_store_postgres::testing::DatabaseGuard::new(database),
        }
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
        let headers = resp.headers().clone();
        let raw = resp.into_body().collect().await.unwrap().to_bytes().to_vec();
        let body = if raw.is_empty() { Value::Null } else { serde_json::from_slice(&raw).unwrap() };
        Reply { status, headers, body, raw }
    }

    /// A call as `admin`.
    pub async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.call_as(&self.admin_token.clone(), method, path, body).await
    }

    pub async fn call_as(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> Reply {
        let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
        self.raw(method, path, Some(token), bytes).await
    }

    pub async fn create(&self, path: &str, body: Value) -> Value {
        let r = self.call(Method::POST, path, Some(body)).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        r.body
    }

    pub async fn group(&self, parent: &str, name: &str) -> String {
        self.create(&format!("/iam/v2beta1/groups/{parent}"), serde_json::json!({ "name": name })).await["uid"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    pub async fn identity(&self, group: &str, name: &str) -> String {
        let body = serde_json::json!({
            "name": name,
            "claimMatch": { "issuer": "https://issuer.example.com", "subject": name },
        });
        self.create(&format!("/iam/v2beta1/identities/{group}"), body).await["uid"].as_str().unwrap().to_owned()
    }

    pub async fn role_uid(&self, name: &str) -> String {
        let r = self.call(Method::GET, &format!("/iam/v2beta1/roles?name={name}"), None).await;
        r.body["roles"][0]["uid"].as_str().unwrap().to_owned()
    }

    pub async fn bind(&self, group: &str, identity: &str, role: &str) -> Value {
        let role = self.role_uid(role).await;
        self.create(
            &format!("/iam/v2beta1/roleBindings/{group}"),
            serde_json::json!({ "identityUid": identity, "roleUid": role }),
        )
        .await
    }
}

pub fn claim_match(subject: &str) -> Relationship {
    Relationship::ClaimMatch(ClaimMatch {
        issuer: Matcher::Exact("https://issuer.example.com".to_owned()),
        subject: Matcher::Exact(subject.to_owned()),
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    })
}

/// The error body Grove answers with, for comparisons.
pub fn error_info(reason: &str) -> Value {
    serde_json::json!({ "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "iam.grove.dev" })
}

impl TestApp {
    /// Records a dead letter `id` of `subscription` (as the relay would, giving up on the
    /// delivery of a group update of the subscription's group after 3 attempts).
    pub async fn dead_letter(&self, subscription: &str, id: &str) -> grove_domain::events::DeadLetter {
        use grove_domain::audit::{Actor, Origin, Transport};
        use grove_domain::events::{DeadLetter, EventId, EventRecord, EventType, Sink};
        let subscription = Uidp::parse(subscription).unwrap();
        let group = subscription.parent().unwrap();
        let letter = DeadLetter {
            id: id.to_owned(),
            uid: DeadLetter::uid_of(&subscription, id),
            event: EventRecord {
                id: EventId::random(),
                event_type: EventType::GroupUpdated,
                time: self.clock.now(),
                group: group.clone(),
                subject: group,
                origin: Origin::new(Actor::identity(self.admin.clone()), "req-original", Transport::Rest),
                data: r#"{"name":"eng"}"#.to_owned(),
            },
            sink: Sink::from_stored("https://hooks.example.com/old"),
            subscription,
            attempts: 3,
            reason: "the sink answered 503 Service Unavailable".to_owned(),
            failed_at: self.clock.now(),
        };
        self.services.store.record_dead_letter(&letter).await.unwrap();
        letter
    }

    /// A verified organization called `name` (only the store can verify one), owned by
    /// `admin`: its uid.
    pub async fn verified_organization(&self, name: &str) -> String {
        use grove_domain::events::{EventType, NewEvent};
        use grove_domain::model::{Group, RoleBinding};
        let now = self.clock.now();
        let uid = Uidp::random_root();
        let group = Group {
            uid: uid.clone(),
            name: grove_domain::names::GroupName::parse("name", name).unwrap(),
            description: Default::default(),
            verified: true,
            create_time: now,
            update_time: now,
        };
        let owner = RoleBinding {
            uid: uid.random_child(),
            identity_uid: self.admin.clone(),
            role_uid: grove_domain::builtin::owner_role_uid(),
            create_time: now,
        };
        let event =
            NewEvent::new(EventType::GroupCreated, &uid, now, Arc::new(grove_proto::convert::ProtoJsonRenderer));
        self.services.store.create_organization(&group, &owner, &event).await.unwrap();
        self.services.grants.clear();
        uid.to_string()
    }

    /// Records that identity `uid` last exchanged a token carrying `email`, verified or not
    /// (what a token exchange records).
    pub async fn seen_with_email(&self, uid: &str, email: &str, verified: bool) {
        use grove_domain::model::{Seen, SeenEmail};
        let seen = Seen {
            at: self.clock.now(),
            email: Some(SeenEmail {
                address: email.to_owned(),
                verified,
                voucher: grove_domain::model::EmailVoucher::DefaultProvider,
            }),
        };
        self.services.store.record_identity_seen(&Uidp::parse(uid).unwrap(), &seen).await.unwrap();
    }
}
