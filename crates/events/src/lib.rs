#![doc = include_str!("../README.md")]

mod backoff;
mod nats;
mod replay;
mod webhook;

use std::collections::{BTreeSet, HashSet};
use std::future::Future;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt as _;
use grove_domain::events::{DeadLetter, EventId, EventRecord, SinkPolicy, Subscription};
use grove_domain::ports::{Clock, Store};
use grove_domain::Uidp;
use tokio::sync::Notify;

pub use backoff::RetryPolicy;
pub use nats::NatsSettings;
pub use replay::WebhookReplayer;
pub use webhook::{CloudEvent, DeliveryTokens};

/// Why the relay could not start or a step failed.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// A store call failed.
    #[error("store: {0}")]
    Store(#[from] grove_domain::Error),
    /// NATS could not be reached or refused a stream or message.
    #[error("nats: {0}")]
    Nats(String),
    /// The HTTP client could not be built.
    #[error("http client: {0}")]
    Http(String),
}

/// How the relay works.
#[derive(Debug, Clone)]
pub struct RelaySettings {
    /// `ce-source` of every event: Grove's public base URL.
    pub source: String,
    /// Which resolved addresses webhooks may be delivered to.
    pub sink_policy: SinkPolicy,
    /// How often to look for events when nothing wakes the relay.
    pub poll_interval: Duration,
    /// Most events one claim takes.
    pub batch_size: usize,
    /// Deadline of one webhook request.
    pub delivery_timeout: Duration,
    /// Retries of failed deliveries.
    pub retry: RetryPolicy,
    /// Lifetime of each webhook request's token.
    pub token_ttl: Duration,
    /// How long a claim holds its events before another relay may take them, unless this
    /// relay renews it (every third of it, while it works on them): how long the events of a
    /// relay that died wait.
    pub lease: Duration,
    /// How long delivered events are kept.
    pub retention: Duration,
    /// How often delivered events are pruned.
    pub prune_interval: Duration,
    /// NATS JetStream publishing, if any.
    pub nats: Option<NatsSettings>,
}

impl RelaySettings {
    /// The default [`RelaySettings::lease`].
    pub const DEFAULT_LEASE: Duration = Duration::from_secs(10);

    /// How long one event's delivery may take in all: every retry, and the last attempt's
    /// timeout twice (webhook and NATS) with a margin. A delivery still unfinished then is
    /// given up and its event released.
    #[must_use]
    pub fn delivery_deadline(&self) -> Duration {
        self.retry.give_up_after + self.delivery_timeout * 2 + DELIVERY_DEADLINE_MARGIN
    }

    /// How often the leases of held events are renewed: three times per lease, so that one
    /// failed renewal (the database failing over) does not yet lose them.
    #[must_use]
    pub fn renew_interval(&self) -> Duration {
        (self.lease / 3).max(Duration::from_millis(1))
    }
}

/// Counters and gauges of the relay, for `/metrics`.
#[derive(Debug, Default)]
pub struct RelayStats {
    /// Events delivered everywhere and marked delivered.
    pub events_delivered: AtomicU64,
    /// Webhook requests sent (every attempt).
    pub webhook_attempts: AtomicU64,
    /// Webhook requests that failed (transport error or non-2xx).
    pub webhook_failures: AtomicU64,
    /// Deliveries given up (dead letters).
    pub dead_letters: AtomicU64,
    /// Messages JetStream acknowledged.
    pub nats_published: AtomicU64,
    /// Undelivered events at the last look.
    pub backlog: AtomicU64,
    /// Age of the oldest undelivered event at the last look, in milliseconds (0: none).
    pub oldest_undelivered_age_ms: AtomicI64,
    /// Delivered events pruned.
    pub pruned: AtomicU64,
}

/// What a replay came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replayed {
    /// Delivered; the dead letter is gone.
    Delivered,
    /// Failed again, for this reason; the dead letter is kept with its new attempts.
    Failed(String),
}

/// The relay: claims events from the outbox and delivers them (see the crate docs).
pub struct Relay {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    settings: RelaySettings,
    webhooks: webhook::WebhookClient,
    nats: Option<nats::Publisher>,
    wake: Arc<Notify>,
    stats: Arc<RelayStats>,
    /// Events claimed and not yet marked delivered: released when the relay stops.
    held: Mutex<HashSet<EventId>>,
    /// Events delivered everywhere and not yet marked so: marked together by
    /// [`Relay::mark_finished`], one statement (and one commit) for all of them.
    finished: Mutex<Vec<EventId>>,
}

impl std::fmt::Debug for Relay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relay").field("settings", &self.settings).finish_non_exhaustive()
    }
}

/// Events in delivery at once on one relay.
const MAX_IN_FLIGHT: usize = 64;

/// What [`RelaySettings::delivery_deadline`] allows beyond the retries and timeouts.
const DELIVERY_DEADLINE_MARGIN: Duration = Duration::from_secs(15);

/// How long finished deliveries wait to be marked delivered together. Marking is a commit,
/// with its WAL flush; marking each claim's events on their own doubled the commits per
/// event (one for the claim, one for the mark). Under load one statement now marks the
/// events of many claims; a crash in between only delivers them again (at least once).
const MARK_INTERVAL: Duration = Duration::from_millis(10);

impl Relay {
    /// A relay over `store`, signing webhook requests with `tokens`; connects to NATS when
    /// configured (and creates its stream when missing).
    ///
    /// # Errors
    /// [`RelayError::Nats`] when NATS cannot be reached; [`RelayError::Http`] when the HTTP
    /// client cannot be built.
    pub async fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        tokens: Arc<dyn DeliveryTokens>,
        settings: RelaySettings,
    ) -> Result<Self, RelayError> {
        let webhooks = webhook::WebhookClient::new(&settings, tokens)?;
        let nats = match &settings.nats {
            Some(n) => Some(nats::Publisher::connect(n, settings.delivery_timeout).await?),
            None => None,
        };
        Ok(Self {
            store,
            clock,
            settings,
            webhooks,
            nats,
            wake: Arc::new(Notify::new()),
            stats: Arc::default(),
            held: Mutex::default(),
            finished: Mutex::default(),
        })
    }

    /// Wakes the relay at once (an event committed); cheap, callable from anywhere.
    #[must_use]
    pub fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    /// Its counters and gauges.
    #[must_use]
    pub fn stats(&self) -> Arc<RelayStats> {
        self.stats.clone()
    }

    /// Runs until `shutdown` resolves. Deliveries in flight then are dropped and their
    /// events released, for any relay (this one restarted, or another node) to claim at once.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        let relay = Arc::new(self);
        let mut in_flight = tokio::task::JoinSet::new();
        relay.serve(&mut in_flight, shutdown).await;
        in_flight.shutdown().await;
        relay.mark_finished().await;
        relay.release_held().await;
    }

    /// The loop: keeps up to [`MAX_IN_FLIGHT`] events in delivery and claims more as they
    /// finish, so that a slow or failing sink holds back only its own events, not the outbox.
    /// Each delivery is a task of its own: one that waits (for a pooled connection, say)
    /// never waits on this loop being polled.
    async fn serve(self: &Arc<Self>, in_flight: &mut tokio::task::JoinSet<()>, shutdown: impl Future<Output = ()>) {
        let mut shutdown = std::pin::pin!(shutdown);
        let mut last_prune: Option<tokio::time::Instant> = None;
        // Whether to claim now, and whether the last claim may have left events behind.
        let (mut claim, mut more) = (true, false);
        let mut backlog_read: Option<tokio::time::Instant> = None;
        let mut last_mark = tokio::time::Instant::now();
        let mut renewals = tokio::time::interval(self.settings.renew_interval());
        renewals.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        renewals.reset();
        loop {
            // Every finished delivery makes room: without this the loop would reap one per
            // turn and claim one event at a time, a claim transaction per event.
            while in_flight.try_join_next().is_some() {}
            let finished = self.finished_list().len();
            if finished >= self.settings.batch_size || (finished > 0 && last_mark.elapsed() >= MARK_INTERVAL) {
                last_mark = tokio::time::Instant::now();
                self.mark_finished().await;
            }
            if last_prune.is_none_or(|t| t.elapsed() >= self.settings.prune_interval) {
                last_prune = Some(tokio::time::Instant::now());
                self.prune().await;
            }
            if claim {
                let room = MAX_IN_FLIGHT.saturating_sub(in_flight.len()).min(self.settings.batch_size);
                more = room == 0;
                if room > 0 {
                    let claimed = tokio::select! {
                        () = &mut shutdown => return,
                        claimed = self.claim(room) => claimed,
                    };
                    match claimed {
                        Ok(routed) => {
                            more = routed.len() == room;
                            for (event, subscriptions) in routed {
                                let relay = self.clone();
                                in_flight.spawn(async move { relay.deliver_logged(event, subscriptions).await });
                            }
                        }
                        Err(e) => tracing::warn!(error = %e, "claiming events failed"),
                    }
                    // The backlog is a count over every undelivered event: read it at most
                    // once per poll interval (a gauge scraped every few seconds).
                    if backlog_read.is_none_or(|t| t.elapsed() >= self.settings.poll_interval) {
                        backlog_read = Some(tokio::time::Instant::now());
                        self.refresh_backlog().await;
                    }
                }
            }
            let marks_waiting = !self.finished_list().is_empty();
            claim = tokio::select! {
                () = &mut shutdown => return,
                _ = renewals.tick() => {
                    self.renew_held().await;
                    false
                }
                Some(_) = in_flight.join_next(), if !in_flight.is_empty() => more,
                () = self.wake.notified() => true,
                // Time to mark what finished; nothing new to claim.
                () = tokio::time::sleep(MARK_INTERVAL), if marks_waiting => false,
                () = tokio::time::sleep(self.settings.poll_interval) => true,
            };
        }
    }

    /// Claims one batch and delivers it; returns how many events were claimed.
    ///
    /// # Errors
    /// When the claim fails.
    pub async fn run_once(&self) -> Result<usize, RelayError> {
        let routed = self.claim(self.settings.batch_size).await?;
        let claimed = routed.len();
        futures_util::stream::iter(routed)
            .for_each_concurrent(MAX_IN_FLIGHT, |(event, subscriptions)| self.deliver_logged(event, subscriptions))
            .await;
        self.mark_finished().await;
        Ok(claimed)
    }

    /// Leases up to `limit` events, remembers them as held, and finds the subscriptions each
    /// goes to: those of its group and of every group above it, read for the whole batch in
    /// one store call. When that read fails the events are released for the next claim.
    async fn claim(&self, limit: usize) -> Result<Vec<(EventRecord, Vec<Subscription>)>, RelayError> {
        let now = self.clock.now();
        let events = self.store.claim_events(now, now.plus(self.lease()), limit).await?;
        if events.is_empty() {
            return Ok(Vec::new());
        }
        self.held_set().extend(events.iter().map(|e| e.id.clone()));
        let groups: Vec<Uidp> =
            events.iter().flat_map(|e| e.group.self_and_ancestors()).collect::<BTreeSet<_>>().into_iter().collect();
        let subscriptions = match self.store.subscriptions_in(&groups).await {
            Ok(subscriptions) => subscriptions,
            Err(e) => {
                let ids: Vec<EventId> = events.iter().map(|e| e.id.clone()).collect();
                self.held_set().retain(|id| !ids.contains(id));
                if let Err(release) = self.store.release_events(&ids).await {
                    tracing::warn!(error = %release, "releasing the events failed; they wait for their lease");
                }
                return Err(e.into());
            }
        };
        Ok(events
            .into_iter()
            .map(|event| {
                let to: Vec<Subscription> = subscriptions
                    .iter()
                    .filter(|s| s.uid.parent().is_some_and(|p| event.group.is_self_or_descendant_of(&p)))
                    .cloned()
                    .collect();
                (event, to)
            })
            .collect())
    }

    /// The lease of a claim or a renewal.
    fn lease(&self) -> chrono::Duration {
        chrono::Duration::from_std(self.settings.lease).unwrap_or(chrono::Duration::seconds(10))
    }

    /// Renews the leases of every event this relay holds (in delivery, or delivered and not
    /// yet marked). A failure is logged and the next renewal tries again; should the leases
    /// run out meanwhile, another relay may deliver those events too (at least once).
    async fn renew_held(&self) {
        let ids: Vec<EventId> = self.held_set().iter().cloned().collect();
        if ids.is_empty() {
            return;
        }
        let until = self.clock.now().plus(self.lease());
        if let Err(e) = self.store.renew_leases(&ids, until).await {
            tracing::warn!(events = ids.len(), error = %e, "renewing the leases of events in delivery failed");
        }
    }

    /// [`Self::deliver`], logging a failure (the event stays leased and is retried later).
    /// A delivery still unfinished at [`RelaySettings::delivery_deadline`] is given up and
    /// the event released at once: nothing may hold (and renew) a lease forever.
    async fn deliver_logged(&self, event: EventRecord, subscriptions: Vec<Subscription>) {
        let deadline = self.settings.delivery_deadline();
        match tokio::time::timeout(deadline, self.deliver(&event, &subscriptions)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                // No longer renewed: its lease runs out (a pause before the retry) and any
                // relay claims it again.
                tracing::warn!(event = %event.id, error = %e, "event not delivered; it is retried when its lease ends");
                self.held_set().remove(&event.id);
            }
            Err(_) => {
                tracing::warn!(event = %event.id, ?deadline, "event delivery did not finish in time; released for a retry");
                self.held_set().remove(&event.id);
                if let Err(e) = self.store.release_events(std::slice::from_ref(&event.id)).await {
                    tracing::warn!(event = %event.id, error = %e, "releasing the event failed; it waits for its lease");
                }
            }
        }
    }

    /// Delivers one event to NATS and to the webhooks of `subscriptions`, then lists it to be
    /// marked delivered.
    async fn deliver(&self, event: &EventRecord, subscriptions: &[Subscription]) -> Result<(), RelayError> {
        let cloud_event = &CloudEvent::new(event, &self.settings.source);
        let outcomes = futures_util::future::join_all(subscriptions.iter().map(|s| async move {
            (s, self.webhooks.deliver(cloud_event, s, &self.settings.retry, &self.stats).await)
        }))
        .await;
        for (subscription, outcome) in outcomes {
            if let Err(failure) = outcome {
                let id = EventId::random().to_string();
                let dead = DeadLetter {
                    uid: DeadLetter::uid_of(&subscription.uid, &id),
                    id,
                    event: event.clone(),
                    subscription: subscription.uid.clone(),
                    sink: subscription.sink.clone(),
                    attempts: failure.attempts,
                    reason: failure.reason,
                    failed_at: self.clock.now(),
                };
                self.dead_letter(&dead).await?;
            }
        }
        if let Some(nats) = &self.nats {
            nats.publish(cloud_event, &self.settings.retry, &self.stats).await?;
        }
        self.finished_list().push(event.id.clone());
        Ok(())
    }

    /// Marks every event whose delivery finished since the last call as delivered, in one
    /// statement: a commit per event would cost a WAL flush per event, as much as the write
    /// that made it. On failure they stay leased and are delivered again after the lease
    /// (at least once).
    async fn mark_finished(&self) {
        let ids = std::mem::take(&mut *self.finished_list());
        if ids.is_empty() {
            return;
        }
        match self.store.mark_delivered(&ids, self.clock.now()).await {
            Ok(()) => {
                let mut held = self.held_set();
                for id in &ids {
                    held.remove(id);
                }
                self.stats.events_delivered.fetch_add(ids.len() as u64, Ordering::Relaxed);
            }
            Err(e) => {
                tracing::warn!(events = ids.len(), error = %e, "marking events delivered failed; they are delivered again after their lease")
            }
        }
    }

    fn finished_list(&self) -> std::sync::MutexGuard<'_, Vec<EventId>> {
        // A poisoned list is still a list of ids; marking them is what is left to do.
        self.finished.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn held_set(&self) -> std::sync::MutexGuard<'_, HashSet<EventId>> {
        // A poisoned set is still a set of ids; releasing too many is harmless.
        self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Hands back every event claimed and not delivered.
    async fn release_held(&self) {
        let ids: Vec<EventId> = self.held_set().drain().collect();
        if ids.is_empty() {
            return;
        }
        match self.store.release_events(&ids).await {
            Ok(()) => tracing::info!(events = ids.len(), "released the events in flight for other relays"),
            Err(e) => tracing::warn!(error = %e, "releasing the events in flight failed; they wait for their lease"),
        }
    }

    /// Records a delivery given up; the event still counts as delivered (a replay sends it
    /// again).
    async fn dead_letter(&self, dead: &DeadLetter) -> Result<(), RelayError> {
        self.store.record_dead_letter(dead).await?;
        self.stats.dead_letters.fetch_add(1, Ordering::Relaxed);
        tracing::error!(
            dead_letter = %dead.id,
            event = %dead.event.id,
            event_type = %dead.event.event_type,
            subscription = %dead.subscription,
            sink = %dead.sink,
            attempts = dead.attempts,
            reason = %dead.reason,
            "webhook delivery given up: recorded as a dead letter"
        );
        Ok(())
    }

    /// Delivers a dead letter again (with the same retries as the first time) to its
    /// subscription, which must still exist with the same sink; deletes it when delivered,
    /// else records the new attempts and reason.
    ///
    /// # Errors
    /// `NOT_FOUND` for an unknown dead letter; `FAILED_PRECONDITION` when its subscription
    /// is gone or now names another sink; store failures.
    pub async fn replay(&self, id: &str) -> Result<Replayed, RelayError> {
        let dead = self
            .store
            .get_dead_letter(id)
            .await?
            .ok_or_else(|| grove_domain::Error::NotFound(format!("dead letter {id} does not exist")))?;
        let subscription = self.store.get_subscription(&dead.subscription).await?;
        let Some(subscription) = subscription.filter(|s| s.sink == dead.sink) else {
            return Err(grove_domain::Error::precondition(
                "SUBSCRIPTION_GONE",
                format!("subscription {} no longer exists with sink {}", dead.subscription, dead.sink),
            )
            .into());
        };
        let cloud_event = CloudEvent::new(&dead.event, &self.settings.source);
        match self.webhooks.deliver(&cloud_event, &subscription, &self.settings.retry, &self.stats).await {
            Ok(()) => {
                self.store.delete_dead_letter(id).await?;
                Ok(Replayed::Delivered)
            }
            Err(failure) => {
                let again = DeadLetter {
                    attempts: dead.attempts.saturating_add(failure.attempts),
                    reason: failure.reason.clone(),
                    failed_at: self.clock.now(),
                    ..dead
                };
                self.store.record_dead_letter(&again).await?;
                Ok(Replayed::Failed(failure.reason))
            }
        }
    }

    async fn prune(&self) {
        let retention = chrono::Duration::from_std(self.settings.retention).unwrap_or(chrono::Duration::days(7));
        let before = self.clock.now().plus(-retention);
        match self.store.prune_events(before).await {
            Ok(0) => {}
            Ok(n) => {
                self.stats.pruned.fetch_add(n, Ordering::Relaxed);
                tracing::info!(pruned = n, %before, "pruned delivered events");
            }
            Err(e) => tracing::warn!(error = %e, "pruning delivered events failed"),
        }
    }

    async fn refresh_backlog(&self) {
        match self.store.event_backlog().await {
            Ok(backlog) => {
                self.stats.backlog.store(backlog.undelivered, Ordering::Relaxed);
                let age = backlog.oldest.map_or(0, |t| (self.clock.now().unix_millis() - t.unix_millis()).max(0));
                self.stats.oldest_undelivered_age_ms.store(age, Ordering::Relaxed);
            }
            Err(e) => tracing::warn!(error = %e, "reading the event backlog failed"),
        }
    }
}
