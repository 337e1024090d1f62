//! Events end to end: `grove serve` (built as the binary builds it) relays every event of a
//! scripted session to a loopback webhook receiver that verifies each request's JWT against
//! Grove's JWKS, while the receiver answers 500 for a while (retries), and to NATS
//! JetStream; two servers with relays on one PostgreSQL database deliver each event once.

#![allow(clippy::unwrap_used)] // helpers outside #[test] fns: a failed unwrap is a failed test

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use grove::config::Config;
use grove::serve::Server;
use grove_store_postgres::testing::TestDatabase;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How long the test waits for every event to arrive.
const DEADLINE: Duration = Duration::from_secs(60);

/// One request the receiver got.
#[derive(Debug, Clone)]
struct Received {
    id: String,
    event_type: String,
    subject: String,
    group: String,
    body: Value,
    /// The CloudEvents extension `actor` (`ce-actor`): who made the change.
    actor: String,
    /// Whether the receiver acknowledged it (2xx).
    acknowledged: bool,
}

/// A webhook receiver on loopback that answers 500 to its first `failures` requests.
#[derive(Clone)]
struct Receiver {
    received: Arc<Mutex<Vec<Received>>>,
    failures_left: Arc<Mutex<u32>>,
    /// What a failing answer is: 500 (retried) or a 4xx (given up at once).
    failure_status: StatusCode,
    /// Grove's JWKS and issuer, and this receiver's URL (the expected audience).
    verify: Arc<Mutex<Option<(jsonwebtoken::jwk::JwkSet, String, String)>>>,
    /// While set, requests are held unanswered; once released they are refused (503), as a
    /// receiver that lost them would.
    stall: Arc<std::sync::atomic::AtomicBool>,
    /// Requests that arrived while stalled.
    stalled: Arc<std::sync::atomic::AtomicUsize>,
}

async fn receive(State(r): State<Receiver>, headers: HeaderMap, body: String) -> StatusCode {
    use std::sync::atomic::Ordering::SeqCst;
    if r.stall.load(SeqCst) {
        r.stalled.fetch_add(1, SeqCst);
        while r.stall.load(SeqCst) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (jwks, issuer, audience) = r.verify.lock().unwrap().clone().expect("the test set the JWKS");
    let token = header("authorization").strip_prefix("Bearer ").unwrap_or_default().to_owned();
    let kid = jsonwebtoken::decode_header(&token).unwrap().kid.unwrap();
    let key =
        jsonwebtoken::DecodingKey::from_jwk(jwks.find(&kid).expect("the token's key is in Grove's JWKS")).unwrap();
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
    validation.set_issuer(&[issuer]);
    validation.set_audience(&[audience]);
    let claims = jsonwebtoken::decode::<Value>(&token, &key, &validation).expect("a valid token").claims;
    assert_eq!(header("content-type"), "application/json");
    assert_eq!(header("ce-specversion"), "1.0");
    assert!(claims["sub"].as_str().unwrap().starts_with(&header("ce-group")[..40]), "{claims}");
    let acknowledged = {
        let mut left = r.failures_left.lock().unwrap();
        if *left > 0 {
            *left -= 1;
            false
        } else {
            true
        }
    };
    r.received.lock().unwrap().push(Received {
        id: header("ce-id"),
        event_type: header("ce-type"),
        subject: header("ce-subject"),
        group: header("ce-group"),
        body: serde_json::from_str(&body).unwrap(),
        actor: header("ce-actor"),
        acknowledged,
    });
    if acknowledged {
        StatusCode::NO_CONTENT
    } else {
        r.failure_status
    }
}

impl Receiver {
    async fn start(failures: u32) -> (Self, String) {
        Self::failing_with(failures, StatusCode::INTERNAL_SERVER_ERROR).await
    }

    async fn failing_with(failures: u32, failure_status: StatusCode) -> (Self, String) {
        let receiver = Self {
            received: Arc::default(),
            failures_left: Arc::new(Mutex::new(failures)),
            failure_status,
            verify: Arc::default(),
            stall: Arc::default(),
            stalled: Arc::default(),
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let app = Router::new().route("/hook", post(receive)).with_state(receiver.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (receiver, url)
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

/// The public address every node shares (as behind a load balancer): the tokens' issuer.
const PUBLIC_URL: &str = "http://grove.e2e.test";

/// The configuration of a dev-mode node on `addr` with fast relay settings, publishing to
/// NATS under `nats_prefix` when given.
fn config(addr: SocketAddr, data_dir: &Path, database_url: Option<&str>, nats_prefix: Option<&str>) -> Config {
    let mut config = Config {
        listen: addr,
        dev: true,
        data_dir: Some(data_dir.to_path_buf()),
        dev_token_file: Some(data_dir.join(format!("token-{}", addr.port()))),
        database_url: database_url.map(str::to_owned),
        base_url: Some(PUBLIC_URL.to_owned()),
        auth_url: Some(PUBLIC_URL.to_owned()),
        ..Config::default()
    };
    config.events.poll_interval_ms = 200;
    config.events.retry_initial_ms = 50;
    config.events.retry_max_ms = 200;
    if let Some(prefix) = nats_prefix {
        config.events.nats_url = Some("nats://127.0.0.1:4222".to_owned());
        config.events.nats_subject_prefix = prefix.to_owned();
    }
    config
}

/// A Grove in dev mode on a loopback port with fast relay settings.
struct Grove {
    base: String,
    addr: SocketAddr,
    token: String,
    stop: oneshot::Sender<()>,
    served: JoinHandle<anyhow::Result<()>>,
}

impl Grove {
    async fn start(data_dir: &Path, database_url: Option<&str>, nats_prefix: Option<&str>) -> Self {
        Self::start_with(data_dir, database_url, nats_prefix, true).await
    }

    /// [`Self::start`], with the relay on or off.
    async fn start_with(data_dir: &Path, database_url: Option<&str>, nats_prefix: Option<&str>, relay: bool) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr: SocketAddr = listener.local_addr().unwrap();
        let mut config = config(addr, data_dir, database_url, nats_prefix);
        config.events.relay = relay;
        let token_file = config.dev_token_file.clone().unwrap();
        let server = Server::build(config).await.unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let served = tokio::spawn(server.serve(listener, async {
            let _ = stopped.await;
        }));
        let token = loop {
            // Read until the whole line is there (the file may be caught while written).
            let line = std::fs::read_to_string(&token_file).unwrap_or_default();
            if let Some(token) = line.strip_prefix("export GROVE_TOKEN=").and_then(|t| t.strip_suffix('\n')) {
                break token.to_owned();
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        Self { base: format!("http://{addr}"), addr, token, stop, served }
    }

    async fn stop(self) {
        let _ = self.stop.send(());
        self.served.await.unwrap().unwrap();
    }
}

/// A node the scripted session can call: an in-process [`Grove`] or a `grove` process.
trait Api: Sync {
    fn base(&self) -> &str;
    fn token(&self) -> &str;
}

impl Api for Grove {
    fn base(&self) -> &str {
        &self.base
    }
    fn token(&self) -> &str {
        &self.token
    }
}

/// `method path` with `body` on `api`, asserting success; the answer's JSON.
async fn call(api: &dyn Api, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
    let mut request = reqwest::Client::new().request(method, format!("{}{path}", api.base())).bearer_auth(api.token());
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    assert!(response.status().is_success(), "{path}: {}", response.status());
    response.json().await.unwrap()
}

/// A scripted session over REST against `groves` in turn: returns `(type, subject)` of
/// every change it makes, in order.
async fn session(groves: &[&dyn Api], sink: &str) -> Vec<(String, String)> {
    session_round(groves, sink, 0).await
}

/// Round `round` of the session: round 0 also subscribes `sink`; each round names its own
/// groups.
async fn session_round(groves: &[&dyn Api], sink: &str, round: usize) -> Vec<(String, String)> {
    use reqwest::Method;
    let g = |i: usize| groves[i % groves.len()];
    let org = call(g(0), Method::GET, "/iam/v2beta1/groups?name=dev&uidp.in_root=true", None).await["groups"][0]["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let t = |s: &str| format!("dev.chainguard.api.{s}.v1");
    let mut changes = Vec::new();
    if round == 0 {
        let sub =
            call(g(0), Method::POST, &format!("/events/v2beta1/subscriptions/{org}"), Some(json!({ "sink": sink })))
                .await;
        changes.push((t("events.subscription.created"), sub["uid"].as_str().unwrap().to_owned()));
    }
    for i in 0..4 {
        let group = call(
            g(i),
            Method::POST,
            &format!("/iam/v2beta1/groups/{org}"),
            Some(json!({ "name": format!("team-{round}-{i}") })),
        )
        .await;
        let group = group["uid"].as_str().unwrap().to_owned();
        changes.push((t("iam.group.created"), group.clone()));
        let repo =
            call(g(i + 1), Method::POST, &format!("/registry/v2beta1/repos/{group}"), Some(json!({ "name": "app" })))
                .await;
        let repo = repo["uid"].as_str().unwrap().to_owned();
        changes.push((t("platform.registry.repo.created"), repo.clone()));
        call(
            g(i),
            Method::PATCH,
            &format!("/iam/v2beta1/groups/{group}"),
            Some(json!({ "description": format!("team {i}") })),
        )
        .await;
        changes.push((t("iam.group.updated"), group.clone()));
        call(g(i + 1), Method::DELETE, &format!("/registry/v2beta1/repos/{repo}"), None).await;
        changes.push((t("platform.registry.repo.deleted"), repo));
    }
    changes
}

/// Waits until the receiver acknowledged one delivery of each of `expected` changes;
/// asserts each event was acknowledged exactly once and carries the right group; returns
/// the ids.
async fn assert_each_acknowledged_once(receiver: &Receiver, expected: &[(String, String)]) -> BTreeSet<String> {
    let started = tokio::time::Instant::now();
    loop {
        let received = receiver.received();
        let acknowledged: Vec<&Received> = received.iter().filter(|r| r.acknowledged).collect();
        if acknowledged.len() >= expected.len() || started.elapsed() > DEADLINE {
            let mut per_id: BTreeMap<&str, usize> = BTreeMap::new();
            for r in &acknowledged {
                *per_id.entry(&r.id).or_default() += 1;
            }
            assert!(per_id.values().all(|n| *n == 1), "an event was delivered twice: {per_id:?}");
            let mut got: Vec<(String, String)> =
                acknowledged.iter().map(|r| (r.event_type.clone(), r.subject.clone())).collect();
            let mut want = expected.to_vec();
            got.sort();
            want.sort();
            assert_eq!(got, want);
            // Every change of the session was made with the dev owner's token: each event
            // names that identity as its actor.
            let actors: BTreeSet<&str> = acknowledged.iter().map(|r| r.actor.as_str()).collect();
            assert_eq!(actors.len(), 1, "{actors:?}");
            assert!(actors.iter().all(|a| grove_domain::Uidp::parse(a).is_ok()), "{actors:?}");
            for r in &acknowledged {
                let group = r.subject.rsplit_once('/').map_or(r.subject.as_str(), |(parent, _)| parent);
                assert_eq!(r.group, group, "{r:?}");
                if r.event_type.ends_with("deleted.v1") {
                    assert_eq!(r.body, json!({}));
                } else {
                    assert_eq!(r.body["uid"], r.subject.as_str(), "{r:?}");
                }
            }
            // Nothing more arrives: another second brings no further acknowledged delivery.
            tokio::time::sleep(Duration::from_secs(1)).await;
            assert_eq!(receiver.received().iter().filter(|r| r.acknowledged).count(), expected.len());
            return per_id.keys().map(|id| (*id).to_owned()).collect();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The `Nats-Msg-Id`s of every message on `prefix.>` in the stream the relay created.
async fn jetstream_ids(prefix: &str, expected: usize) -> BTreeSet<String> {
    use async_nats::jetstream::consumer::pull::Config as PullConfig;
    use futures_util::StreamExt as _;
    let client = async_nats::connect("nats://127.0.0.1:4222").await.unwrap();
    let js = async_nats::jetstream::new(client);
    let stream_name = prefix.to_ascii_uppercase().replace('.', "_");
    let stream = js.get_stream(&stream_name).await.unwrap();
    let consumer = stream.create_consumer(PullConfig::default()).await.unwrap();
    let mut messages =
        consumer.fetch().max_messages(expected + 10).expires(Duration::from_secs(2)).messages().await.unwrap();
    let mut ids = BTreeSet::new();
    let mut count = 0;
    while let Some(message) = messages.next().await {
        let message = message.unwrap();
        let headers = message.headers.clone().unwrap();
        ids.insert(headers.get("Nats-Msg-Id").unwrap().as_str().to_owned());
        // The actor travels as a header too: the identity that made the change.
        let actor = headers.get("ce-actor").expect("a ce-actor header").as_str();
        assert!(grove_domain::Uidp::parse(actor).is_ok(), "ce-actor {actor:?}");
        count += 1;
        message.ack().await.unwrap();
    }
    assert_eq!(count, ids.len(), "JetStream kept one message per event id");
    js.delete_stream(&stream_name).await.unwrap();
    ids
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grove-events-e2e-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_relays_on_one_database_deliver_every_event_once_to_a_failing_then_healthy_webhook_and_to_jetstream() {
    let db = TestDatabase::create().await.unwrap();
    let dir = temp_dir();
    let prefix = format!("grove_e2e_{}", rand::random::<u32>());
    let (receiver, sink) = Receiver::start(5).await;
    let a = Grove::start(&dir, Some(db.url()), Some(&prefix)).await;
    let b = Grove::start(&dir, Some(db.url()), Some(&prefix)).await;
    let jwks: jsonwebtoken::jwk::JwkSet =
        reqwest::get(format!("{}/.well-known/jwks.json", a.base)).await.unwrap().json().await.unwrap();
    *receiver.verify.lock().unwrap() = Some((jwks, PUBLIC_URL.to_owned(), sink.clone()));

    let expected = session(&[&a, &b], &sink).await;
    assert_eq!(expected.len(), 17);
    let ids = assert_each_acknowledged_once(&receiver, &expected).await;
    let failed = receiver.received().iter().filter(|r| !r.acknowledged).count();
    assert_eq!(failed, 5, "the first five requests were answered 500 and retried");
    assert_eq!(jetstream_ids(&prefix, expected.len()).await, ids);

    a.stop().await;
    b.stop().await;
    db.cleanup().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn on_the_memory_store_every_event_reaches_the_webhook_once_and_jetstream() {
    let dir = temp_dir();
    let prefix = format!("grove_e2e_{}", rand::random::<u32>());
    let (receiver, sink) = Receiver::start(2).await;
    let grove = Grove::start(&dir, None, Some(&prefix)).await;
    let jwks: jsonwebtoken::jwk::JwkSet =
        reqwest::get(format!("{}/.well-known/jwks.json", grove.base)).await.unwrap().json().await.unwrap();
    *receiver.verify.lock().unwrap() = Some((jwks, PUBLIC_URL.to_owned(), sink.clone()));

    let expected = session(&[&grove], &sink).await;
    let ids = assert_each_acknowledged_once(&receiver, &expected).await;
    assert_eq!(jetstream_ids(&prefix, expected.len()).await, ids);
    grove.stop().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_refused_delivery_becomes_a_dead_letter_that_an_admin_lists_and_replays_once_the_receiver_accepts() {
    let db = TestDatabase::create().await.unwrap();
    let dir = temp_dir();
    let (receiver, sink) = Receiver::failing_with(1, StatusCode::GONE).await;
    let grove = Grove::start(&dir, Some(db.url()), None).await;
    let jwks: jsonwebtoken::jwk::JwkSet =
        reqwest::get(format!("{}/.well-known/jwks.json", grove.base)).await.unwrap().json().await.unwrap();
    *receiver.verify.lock().unwrap() = Some((jwks, PUBLIC_URL.to_owned(), sink.clone()));
    let org = call(&grove, reqwest::Method::GET, "/iam/v2beta1/groups?name=dev&uidp.in_root=true", None).await
        ["groups"][0]["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let subscription = call(
        &grove,
        reqwest::Method::POST,
        &format!("/events/v2beta1/subscriptions/{org}"),
        Some(json!({ "sink": sink })),
    )
    .await;
    let admin = config(grove.addr, &dir, Some(db.url()), None);

    // A 410 is not retried: one attempt, then a dead letter.
    let started = tokio::time::Instant::now();
    let letters = loop {
        let letters = grove::admin::dead_letters(&admin, 10).await.unwrap();
        if !letters.is_empty() || started.elapsed() > DEADLINE {
            break letters;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let refused = receiver.received();
    assert_eq!(refused.len(), 1);
    let letter = &letters[0];
    assert_eq!(letters.len(), 1);
    assert_eq!(
        (&letter["eventId"], &letter["type"], &letter["subject"], &letter["subscription"], &letter["sink"]),
        (
            &json!(refused[0].id),
            &json!("dev.chainguard.api.events.subscription.created.v1"),
            &subscription["uid"],
            &subscription["uid"],
            &json!(sink)
        )
    );
    assert_eq!((&letter["attempts"], &letter["reason"]), (&json!(1), &json!("the sink answered 410 Gone")));
    // The event counts as delivered once its dead letter is recorded: the backlog empties.
    let metrics = loop {
        let metrics = reqwest::get(format!("{}/metrics", grove.base)).await.unwrap().text().await.unwrap();
        if metrics.lines().any(|l| l == "grove_events_backlog 0") || started.elapsed() > DEADLINE {
            break metrics;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(metrics.lines().any(|l| l == "grove_events_backlog 0"), "{metrics}");
    assert!(metrics.lines().any(|l| l == "grove_events_oldest_undelivered_age_seconds 0"), "{metrics}");
    assert!(metrics.lines().any(|l| l == "grove_events_dead_letters_total 1"), "{metrics}");

    let id = letter["id"].as_str().unwrap();
    let replayed = grove::admin::replay_dead_letter(&admin, id).await.unwrap();
    assert_eq!(replayed, json!({ "id": id, "delivered": true }));
    let received = receiver.received();
    assert_eq!(received.len(), 2);
    assert_eq!((received[1].id.as_str(), received[1].acknowledged), (refused[0].id.as_str(), true));
    assert_eq!(grove::admin::dead_letters(&admin, 10).await.unwrap(), Vec::<Value>::new());
    let again = grove::admin::replay_dead_letter(&admin, id).await.unwrap_err().to_string();
    assert_eq!(again, format!("store: Not found: dead letter {id} does not exist"));

    grove.stop().await;
    db.cleanup().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn events_written_while_no_relay_runs_are_delivered_once_when_a_relay_starts_and_after_it_restarts() {
    let db = TestDatabase::create().await.unwrap();
    let dir = temp_dir();
    let (receiver, sink) = Receiver::start(3).await;
    // The API node runs no relay: its events wait in the outbox.
    let api = Grove::start_with(&dir, Some(db.url()), None, false).await;
    let jwks: jsonwebtoken::jwk::JwkSet =
        reqwest::get(format!("{}/.well-known/jwks.json", api.base)).await.unwrap().json().await.unwrap();
    *receiver.verify.lock().unwrap() = Some((jwks, PUBLIC_URL.to_owned(), sink.clone()));

    let mut expected = session_round(&[&api], &sink, 0).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(receiver.received().len(), 0, "nothing is delivered without a relay");
    let relay = Grove::start(&dir, Some(db.url()), None).await;
    assert_each_acknowledged_once(&receiver, &expected).await;

    // The relay node stops; more changes are made; it starts again and catches up.
    relay.stop().await;
    expected.extend(session_round(&[&api], &sink, 1).await);
    let restarted = Grove::start(&dir, Some(db.url()), None).await;
    assert_each_acknowledged_once(&receiver, &expected).await;

    restarted.stop().await;
    api.stop().await;
    db.cleanup().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

/// `grove serve --dev` as a process of the built binary, on PostgreSQL, with fast relay
/// settings (leases of 3 + 2 × 3 + 30 = 39 s); killed when dropped.
struct Process {
    child: std::process::Child,
    base: String,
    token: String,
}

impl Api for Process {
    fn base(&self) -> &str {
        &self.base
    }
    fn token(&self) -> &str {
        &self.token
    }
}

impl Process {
    async fn start(dir: &Path, database_url: &str, nats_prefix: &str) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let token_file = dir.join(format!("token-{port}"));
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_grove"))
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--database-url", database_url])
            .arg("--dev-token-file")
            .arg(&token_file)
            .env("GROVE_LOG", "warn")
            .env("GROVE_DATA_DIR", dir.join("data"))
            .env("GROVE_BASE_URL", PUBLIC_URL)
            .env("GROVE_AUTH_URL", PUBLIC_URL)
            .env("GROVE_EVENTS__POLL_INTERVAL_MS", "200")
            .env("GROVE_EVENTS__RETRY_INITIAL_MS", "50")
            .env("GROVE_EVENTS__RETRY_MAX_MS", "200")
            .env("GROVE_EVENTS__RETRY_FOR_MS", "3000")
            .env("GROVE_EVENTS__DELIVERY_TIMEOUT_MS", "3000")
            .env("GROVE_EVENTS__NATS_URL", "nats://127.0.0.1:4222")
            .env("GROVE_EVENTS__NATS_SUBJECT_PREFIX", nats_prefix)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = tokio::time::Instant::now();
        let token = loop {
            let line = std::fs::read_to_string(&token_file).unwrap_or_default();
            if let Some(token) = line.strip_prefix("export GROVE_TOKEN=").and_then(|t| t.strip_suffix('\n')) {
                break token.to_owned();
            }
            assert!(started.elapsed() < Duration::from_secs(30), "grove did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        Self { child, base: format!("http://127.0.0.1:{port}"), token }
    }

    /// SIGKILL: no graceful stop, no lease released.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_grove_process_killed_mid_delivery_loses_no_event_the_next_process_delivers_each_once_after_the_lease() {
    use std::sync::atomic::Ordering::SeqCst;
    let db = TestDatabase::create().await.unwrap();
    let dir = temp_dir();
    let prefix = format!("grove_e2e_{}", rand::random::<u32>());
    let (receiver, sink) = Receiver::start(0).await;
    receiver.stall.store(true, SeqCst);
    let first = Process::start(&dir, db.url(), &prefix).await;
    let jwks: jsonwebtoken::jwk::JwkSet =
        reqwest::get(format!("{}/.well-known/jwks.json", first.base)).await.unwrap().json().await.unwrap();
    *receiver.verify.lock().unwrap() = Some((jwks, PUBLIC_URL.to_owned(), sink.clone()));

    let mut expected = session(&[&first], &sink).await;
    let started = tokio::time::Instant::now();
    while receiver.stalled.load(SeqCst) == 0 {
        assert!(started.elapsed() < Duration::from_secs(10), "no delivery began");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Deliveries are in flight and unanswered: the process dies without releasing anything.
    first.kill();
    assert!(receiver.received().iter().all(|r| !r.acknowledged), "nothing was acknowledged before the kill");
    // The receiver comes back failing: its next five requests are answered 500.
    *receiver.failures_left.lock().unwrap() = 5;
    receiver.stall.store(false, SeqCst);

    // A new process (same data directory, so the same signing key) finds the events leased,
    // delivers every one once the dead process's leases run out, retrying the 500s; its own
    // writes are delivered as well.
    let second = Process::start(&dir, db.url(), &prefix).await;
    expected.extend(session_round(&[&second], &sink, 1).await);
    let ids = assert_each_acknowledged_once(&receiver, &expected).await;
    let failed = receiver.received().iter().filter(|r| !r.acknowledged).count();
    assert_eq!(failed, 5, "the five requests answered 500 were retried");
    // JetStream holds each event once, whether the first process published it before it died
    // or the second did (the stream deduplicates by Nats-Msg-Id).
    assert_eq!(jetstream_ids(&prefix, expected.len()).await, ids);
    drop(second);
    db.cleanup().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}
