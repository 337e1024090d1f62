//! The relay over the memory store: sinks whose addresses the policy refuses are never
//! connected to (literal or resolved) and become dead letters, and delivered events are
//! pruned after the retention time; every failed attempt is logged at warn.

#![allow(clippy::unwrap_used)] // helpers outside #[test] fns: a failed unwrap is a failed test

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use grove_domain::events::{EventType, NewEvent, Sink, SinkPolicy, Subscription};
use grove_domain::ports::{Backlog, Clock, Store, SystemClock};
use grove_domain::Uidp;
use grove_events::{DeliveryTokens, Relay, RelaySettings, RetryPolicy};
use grove_store_memory::MemoryStore;
use grove_test_support::fixtures;
use tokio::net::TcpListener;

struct FixedToken;

impl DeliveryTokens for FixedToken {
    fn token(&self, _audience: &str, _subscription: &Uidp, _ttl: Duration) -> Result<String, grove_domain::Error> {
        Ok("token".to_owned())
    }
}

fn settings() -> RelaySettings {
    RelaySettings {
        source: "https://grove.test".to_owned(),
        sink_policy: SinkPolicy::default(),
        poll_interval: Duration::from_millis(20),
        batch_size: 100,
        delivery_timeout: Duration::from_secs(2),
        retry: RetryPolicy {
            initial: Duration::from_millis(10),
            max: Duration::from_millis(20),
            give_up_after: Duration::from_millis(200),
        },
        token_ttl: Duration::from_secs(60),
        lease: Duration::from_secs(10),
        retention: Duration::from_secs(3600),
        prune_interval: Duration::from_secs(3600),
        nats: None,
    }
}

/// A memory store with an organization and a subscription of `sink` on it (two events).
async fn store_with_subscription(sink: &str) -> (Arc<dyn Store>, Uidp) {
    let clock = SystemClock;
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new(clock.now()));
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let org = fixtures::group(None, "acme");
    let created = NewEvent::new(EventType::GroupCreated, &org.uid, clock.now(), renderer.clone());
    store.create_group(&org, &created).await.unwrap();
    let uid = Uidp::parse(&format!("{}/00000000000000aa", org.uid)).unwrap();
    let subscription = Subscription { uid: uid.clone(), sink: Sink::from_stored(sink) };
    let subscribed = NewEvent::new(EventType::SubscriptionCreated, &uid, clock.now(), renderer);
    store.create_subscription(&subscription, &subscribed).await.unwrap();
    (store, uid)
}

/// Asserts nobody connected to `listener` within a moment.
async fn assert_never_connected(listener: &TcpListener) {
    let accepted = tokio::time::timeout(Duration::from_millis(100), listener.accept()).await;
    assert!(accepted.is_err(), "the relay connected to a refused address");
}

#[tokio::test]
async fn a_literal_loopback_sink_is_given_up_at_once_without_connecting_when_loopback_is_not_allowed() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sink = format!("http://{}/hook", listener.local_addr().unwrap());
    let (store, subscription) = store_with_subscription(&sink).await;
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings()).await.unwrap();

    assert_eq!(relay.run_once().await.unwrap(), 2);
    assert_never_connected(&listener).await;
    let letters = store.list_dead_letters(10).await.unwrap();
    let summary: Vec<_> =
        letters.iter().map(|d| (d.subscription.clone(), d.attempts, d.reason.as_str(), d.sink.as_str())).collect();
    let reason = "the sink's address is not allowed";
    assert_eq!(
        summary,
        vec![(subscription.clone(), 1, reason, sink.as_str()), (subscription, 1, reason, sink.as_str())]
    );
    let mut types: Vec<_> = letters.iter().map(|d| d.event.event_type.as_str()).collect();
    types.sort_unstable();
    assert_eq!(types, vec![EventType::SubscriptionCreated.as_str(), EventType::GroupCreated.as_str()]);
    assert_eq!(store.event_backlog().await.unwrap(), Backlog { undelivered: 0, oldest: None });
    assert_eq!(relay.stats().dead_letters.load(Ordering::Relaxed), 2);
}

#[tokio::test]
async fn a_name_resolving_only_to_refused_addresses_is_retried_until_the_bound_then_dead_lettered() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sink = format!("http://localhost:{}/hook", listener.local_addr().unwrap().port());
    let (store, _) = store_with_subscription(&sink).await;
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings()).await.unwrap();

    relay.run_once().await.unwrap();
    assert_never_connected(&listener).await;
    let letters = store.list_dead_letters(10).await.unwrap();
    assert_eq!(letters.len(), 2);
    for letter in &letters {
        assert!(letter.attempts > 1, "retried: {letter:?}");
        assert!(
            letter.reason.contains("localhost resolves only to addresses webhooks may not be delivered to"),
            "{}",
            letter.reason
        );
    }
    let stats = relay.stats();
    let attempts: u32 = letters.iter().map(|d| d.attempts).sum();
    assert_eq!(stats.webhook_attempts.load(Ordering::Relaxed), u64::from(attempts));
    assert_eq!(stats.webhook_failures.load(Ordering::Relaxed), u64::from(attempts));
}

#[tokio::test]
async fn delivered_events_are_pruned_once_the_retention_time_has_passed() {
    let clock = SystemClock;
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new(clock.now()));
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    for name in ["acme", "globex", "initech"] {
        let org = fixtures::group(None, name);
        let event = NewEvent::new(EventType::GroupCreated, &org.uid, clock.now(), renderer.clone());
        store.create_group(&org, &event).await.unwrap();
    }
    let settings = RelaySettings { retention: Duration::ZERO, prune_interval: Duration::from_millis(30), ..settings() };
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings).await.unwrap();
    let stats = relay.stats();
    relay.run(tokio::time::sleep(Duration::from_millis(400))).await;

    assert_eq!(stats.events_delivered.load(Ordering::Relaxed), 3);
    assert_eq!(stats.pruned.load(Ordering::Relaxed), 3);
    assert_eq!(stats.backlog.load(Ordering::Relaxed), 0);
    assert_eq!(store.prune_events(clock.now().plus(chrono::Duration::days(1))).await.unwrap(), 0);
}

#[tokio::test]
async fn a_stopping_relay_releases_the_events_it_is_still_delivering() {
    // A receiver that accepts connections and never answers.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sink = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            open.push(stream);
        }
    });
    let (store, _) = store_with_subscription(&sink).await;
    let settings = RelaySettings {
        sink_policy: SinkPolicy { allow_loopback: true, allow_private: false },
        delivery_timeout: Duration::from_secs(30),
        ..settings()
    };
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings).await.unwrap();
    relay.run(tokio::time::sleep(Duration::from_millis(300))).await;

    let now = SystemClock.now();
    let claimed = store.claim_events(now, now.plus(chrono::Duration::minutes(1)), 100).await.unwrap();
    let mut types: Vec<_> = claimed.iter().map(|e| e.event_type.as_str()).collect();
    types.sort_unstable();
    assert_eq!(types, vec![EventType::SubscriptionCreated.as_str(), EventType::GroupCreated.as_str()]);
    assert_eq!(store.list_dead_letters(10).await.unwrap(), Vec::new());
}

#[tokio::test]
async fn a_sink_that_never_answers_holds_back_only_its_own_events() {
    use axum::routing::post;
    // One receiver never answers; the other counts what it acknowledges.
    let hanging = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hanging_sink = format!("http://{}/hook", hanging.local_addr().unwrap());
    tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((stream, _)) = hanging.accept().await {
            open.push(stream);
        }
    });
    let received = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let log = received.clone();
    let app = axum::Router::new().route(
        "/hook",
        post(move |headers: axum::http::HeaderMap| {
            let log = log.clone();
            async move {
                let subject = headers.get("ce-subject").and_then(|v| v.to_str().ok()).unwrap_or_default();
                log.lock().unwrap().push(subject.to_owned());
                axum::http::StatusCode::NO_CONTENT
            }
        }),
    );
    let healthy = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let healthy_sink = format!("http://{}/hook", healthy.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(healthy, app).await.unwrap() });

    let clock = SystemClock;
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new(clock.now()));
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let org = fixtures::group(None, "acme");
    let (slow, fast) = (fixtures::group(Some(&org.uid), "slow"), fixtures::group(Some(&org.uid), "fast"));
    for (group, sink) in [(&org, None), (&slow, Some(&hanging_sink)), (&fast, Some(&healthy_sink))] {
        let event = NewEvent::new(EventType::GroupCreated, &group.uid, clock.now(), renderer.clone());
        store.create_group(group, &event).await.unwrap();
        if let Some(sink) = sink {
            let uid = Uidp::parse(&format!("{}/00000000000000aa", group.uid)).unwrap();
            let event = NewEvent::new(EventType::SubscriptionCreated, &uid, clock.now(), renderer.clone());
            store.create_subscription(&Subscription { uid, sink: Sink::from_stored(sink) }, &event).await.unwrap();
        }
    }
    let settings = RelaySettings {
        sink_policy: SinkPolicy { allow_loopback: true, allow_private: false },
        delivery_timeout: Duration::from_secs(30),
        ..settings()
    };
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings).await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(relay.run(async {
        let _ = stopped.await;
    }));

    // While the slow group's subscription event hangs, the fast group's events keep flowing.
    let mut expected = vec![format!("{}/00000000000000aa", fast.uid)];
    for name in ["one", "two", "three"] {
        let team = fixtures::group(Some(&fast.uid), name);
        let event = NewEvent::new(EventType::GroupCreated, &team.uid, clock.now(), renderer.clone());
        store.create_group(&team, &event).await.unwrap();
        expected.push(team.uid.to_string());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let started = tokio::time::Instant::now();
    while received.lock().unwrap().len() < expected.len() && started.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut got = received.lock().unwrap().clone();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
    assert_eq!(store.event_backlog().await.unwrap().undelivered, 1, "only the hanging delivery is left");
    let _ = stop.send(());
    running.await.unwrap();
}

/// Log lines written while it is held, as text.
#[derive(Clone, Default)]
struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap().lines().map(str::to_owned).collect()
    }
}

#[tokio::test]
async fn each_failed_delivery_is_logged_at_warn_with_sink_status_and_attempt() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sink = format!("http://{}/hook", listener.local_addr().unwrap());
    // Each event is answered 503 the first time (retried), then 404 (given up).
    let seen = Arc::new(std::sync::Mutex::new(std::collections::HashSet::new()));
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |headers: axum::http::HeaderMap| async move {
            let id = headers.get("ce-id").unwrap().to_str().unwrap().to_owned();
            if seen.lock().unwrap().insert(id) {
                axum::http::StatusCode::SERVICE_UNAVAILABLE
            } else {
                axum::http::StatusCode::NOT_FOUND
            }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, app).await });
    let (store, subscription) = store_with_subscription(&sink).await;
    let mut relay_settings = settings();
    relay_settings.sink_policy = SinkPolicy { allow_loopback: true, allow_private: false };
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), relay_settings).await.unwrap();

    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_max_level(tracing::Level::WARN)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    relay.run_once().await.unwrap();

    let mut warnings: Vec<String> = captured.lines().into_iter().filter(|l| l.contains(" WARN ")).collect();
    warnings.sort_by_key(|l| l.contains("giving up"));
    assert_eq!(warnings.len(), 4, "{warnings:#?}");
    for (line, status, attempt, outcome) in [
        (&warnings[0], 503, 1, "retrying"),
        (&warnings[1], 503, 1, "retrying"),
        (&warnings[2], 404, 2, "giving up"),
        (&warnings[3], 404, 2, "giving up"),
    ] {
        assert!(line.contains(&format!("webhook delivery failed; {outcome}")), "{line}");
        assert!(line.contains(&format!("sink={sink} status={status} attempt={attempt} ")), "{line}");
        assert!(line.contains(&format!("subscription={subscription}")), "{line}");
    }
    assert_eq!(store.list_dead_letters(10).await.unwrap().len(), 2);
}

/// A receiver that accepts connections and never answers; its `http://…/hook` address.
async fn hanging_sink() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sink = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            open.push(stream);
        }
    });
    sink
}

#[tokio::test]
async fn a_working_relay_renews_its_short_leases_so_no_other_relay_takes_its_events() {
    let (store, _) = store_with_subscription(&hanging_sink().await).await;
    let settings = RelaySettings {
        sink_policy: SinkPolicy { allow_loopback: true, allow_private: false },
        delivery_timeout: Duration::from_secs(30),
        lease: Duration::from_millis(300),
        ..settings()
    };
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings).await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(relay.run(async {
        let _ = stopped.await;
    }));

    // Four leases long: another relay's claim finds nothing free all along.
    for _ in 0..12 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = SystemClock.now();
        let taken = store.claim_events(now, now.plus(chrono::Duration::minutes(1)), 100).await.unwrap();
        assert_eq!(taken, Vec::new(), "another relay took events still in delivery");
    }
    let _ = stop.send(());
    running.await.unwrap();
}

#[tokio::test]
async fn the_events_of_a_relay_that_died_are_claimed_by_another_once_its_short_lease_ends() {
    let (store, _) = store_with_subscription(&hanging_sink().await).await;
    let settings = RelaySettings {
        sink_policy: SinkPolicy { allow_loopback: true, allow_private: false },
        delivery_timeout: Duration::from_secs(30),
        lease: Duration::from_millis(300),
        ..settings()
    };
    let relay = Relay::new(store.clone(), Arc::new(SystemClock), Arc::new(FixedToken), settings).await.unwrap();
    // The relay claims, then dies: its task is aborted, with no release.
    let running = tokio::spawn(relay.run(std::future::pending()));
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(store.event_backlog().await.unwrap().undelivered, 2);
    let now = SystemClock.now();
    assert_eq!(store.claim_events(now, now, 100).await.unwrap(), Vec::new(), "claimed by the relay");
    running.abort();
    let died = tokio::time::Instant::now();

    let taken = loop {
        let now = SystemClock.now();
        let taken = store.claim_events(now, now.plus(chrono::Duration::minutes(1)), 100).await.unwrap();
        if !taken.is_empty() || died.elapsed() > Duration::from_secs(5) {
            break taken;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let mut types: Vec<_> = taken.iter().map(|e| e.event_type.as_str()).collect();
    types.sort_unstable();
    assert_eq!(types, vec![EventType::SubscriptionCreated.as_str(), EventType::GroupCreated.as_str()]);
    assert!(died.elapsed() < Duration::from_millis(600), "taken {:?} after the relay died", died.elapsed());
}
