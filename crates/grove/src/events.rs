//! Wiring of the event relay into `grove serve`: its settings from the configuration, the
//! webhook tokens signed with Grove's API-token key, its gauges in `/metrics`, and its
//! wake-ups (this node's own writes, and Postgres `LISTEN` for the other nodes' writes).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use grove_domain::Uidp;
use grove_events::{DeliveryTokens, NatsSettings, Relay, RelaySettings, RelayStats, RetryPolicy};
use grove_sts::ApiTokens;
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::telemetry::{CounterSource, GaugeSource};

/// Webhook bearer tokens: Grove's own signed JWTs with the sink as audience.
pub struct WebhookTokens(pub Arc<ApiTokens>);

impl DeliveryTokens for WebhookTokens {
    fn token(&self, audience: &str, subscription: &Uidp, ttl: Duration) -> Result<String, grove_domain::Error> {
        let ttl = chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::minutes(5));
        Ok(self.0.mint_for_audience(audience, subscription, ttl)?.token)
    }
}

/// The relay's settings from `[events]`.
#[must_use]
pub fn settings(config: &Config) -> RelaySettings {
    let e = &config.events;
    let ms = |v: u64| Duration::from_millis(v.max(1));
    RelaySettings {
        source: config.base_url(),
        sink_policy: config.sink_policy(),
        poll_interval: ms(e.poll_interval_ms),
        batch_size: e.batch_size.max(1),
        delivery_timeout: ms(e.delivery_timeout_ms),
        retry: RetryPolicy {
            initial: ms(e.retry_initial_ms),
            max: ms(e.retry_max_ms),
            give_up_after: Duration::from_millis(e.retry_for_ms),
        },
        token_ttl: Duration::from_secs(e.token_ttl_seconds.max(1)),
        lease: ms(e.lease_ms),
        retention: Duration::from_secs(e.retention_seconds),
        prune_interval: Duration::from_secs(e.prune_interval_seconds.max(1)),
        nats: e
            .nats_url
            .as_ref()
            .filter(|u| !u.is_empty())
            .map(|url| NatsSettings { url: url.clone(), subject_prefix: e.nats_subject_prefix.clone() }),
    }
}

/// The relay's backlog as `/metrics` gauges.
#[must_use]
pub fn gauges(stats: Arc<RelayStats>) -> GaugeSource {
    Box::new(move || {
        let n = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        vec![
            ("events_backlog", "Events written but not yet delivered", n(stats.backlog.load(Ordering::Relaxed))),
            (
                "events_oldest_undelivered_age_seconds",
                "Age of the oldest undelivered event (0 when none)",
                stats.oldest_undelivered_age_ms.load(Ordering::Relaxed) / 1000,
            ),
        ]
    })
}

/// The relay's running totals for `/metrics`, as counters (`grove_events_delivered_total`, …).
pub fn counters(stats: Arc<RelayStats>) -> CounterSource {
    Box::new(move || {
        let n = |v: &std::sync::atomic::AtomicU64| v.load(Ordering::Relaxed);
        vec![
            ("events_delivered", "Events delivered by this node", n(&stats.events_delivered)),
            ("events_webhook_attempts", "Webhook requests sent by this node", n(&stats.webhook_attempts)),
            ("events_webhook_failures", "Webhook requests that failed on this node", n(&stats.webhook_failures)),
            ("events_dead_letters", "Webhook deliveries given up by this node", n(&stats.dead_letters)),
            ("events_nats_published", "Events JetStream acknowledged", n(&stats.nats_published)),
            ("events_pruned", "Delivered events pruned by this node", n(&stats.pruned)),
        ]
    })
}

/// A running relay and its wake-up task.
pub struct Running {
    stop: tokio::sync::oneshot::Sender<()>,
    relay: JoinHandle<()>,
    wakers: Vec<JoinHandle<()>>,
}

/// A relay built and ready to start with what wakes it.
pub struct Pending {
    /// The relay.
    pub relay: Relay,
    /// The store of this node, whose writes wake the relay at once (PostgreSQL); the other
    /// nodes' writes wake it through the notification listener (`serve`).
    pub postgres: Option<grove_store_postgres::PostgresStore>,
}

impl Pending {
    /// Starts the relay, woken by this node's writes on PostgreSQL (the memory store relies
    /// on polling).
    #[must_use]
    pub fn start(self) -> Running {
        let mut wakers = Vec::new();
        if let Some(store) = self.postgres {
            let waker = self.relay.waker();
            wakers.push(tokio::spawn(async move {
                loop {
                    store.event_committed().await;
                    waker.notify_one();
                }
            }));
        }
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let woken_by = if wakers.is_empty() { "polling" } else { "its own writes, LISTEN and polling" };
        let relay = tokio::spawn(self.relay.run(async {
            let _ = stopped.await;
        }));
        tracing::info!(woken_by, "event relay started");
        Running { stop, relay, wakers }
    }
}

impl Running {
    /// Stops the relay (events in flight stay leased and are delivered again later).
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.relay.await;
        for waker in self.wakers {
            waker.abort();
        }
    }
}
