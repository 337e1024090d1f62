//! Signals between nodes through PostgreSQL `NOTIFY`: [`EventSignal`] wakes this process's
//! relay when one of its writes commits an event and sends one coalesced `NOTIFY` for the
//! relays of other nodes, so that a relay wakes as soon as an event commits anywhere instead
//! of at its next poll; [`GrantsSignal`] tells the other nodes to drop their cached grants
//! after a write that may change them. Both are received by [`listen`] (`LISTEN` on a
//! connection of its own).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use diesel::sql_types::Text;
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _, SimpleAsyncConnection as _};
use futures_util::StreamExt as _;
use grove_domain::ports::GrantsChangedSignal;

use crate::outbox::EVENTS_CHANNEL;
use crate::store::PgPool;

/// The least time between two `NOTIFY`s of one node on one channel.
const NOTIFY_INTERVAL: Duration = Duration::from_millis(10);

/// The channel on which a node tells the others that grants changed; the payload is the
/// sender's [`PostgresStore::node_id`](crate::PostgresStore::node_id).
pub const GRANTS_CHANNEL: &str = "grove_grants";

/// Sends `NOTIFY <channel>, '<payload>'` after a raise, one at a time and at most one per
/// [`NOTIFY_INTERVAL`], however many raises come meanwhile: under a steady stream of writes
/// one `NOTIFY` per interval wakes the other nodes as well as one per write would, at a
/// fraction of the cost (each is a round trip and a commit that takes the database's
/// notification lock).
struct Notifier {
    channel: &'static str,
    payload: String,
    /// Raised since the last `NOTIFY` began.
    pending: AtomicBool,
    /// A task is sending `NOTIFY`s.
    notifying: AtomicBool,
    pool: PgPool,
}

impl Notifier {
    fn new(pool: PgPool, channel: &'static str, payload: String) -> Self {
        Self { channel, payload, pending: AtomicBool::new(false), notifying: AtomicBool::new(false), pool }
    }

    /// Makes sure a `NOTIFY` follows.
    fn raise(self: &Arc<Self>) {
        self.pending.store(true, Ordering::SeqCst);
        if self.notifying.swap(true, Ordering::SeqCst) {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.notifying.store(false, Ordering::SeqCst);
            return;
        };
        let notifier = Arc::clone(self);
        runtime.spawn(async move { notifier.notify_other_nodes().await });
    }

    /// Sends `NOTIFY` until no raise is pending, then stops (the next raise starts it again).
    async fn notify_other_nodes(&self) {
        loop {
            while self.pending.swap(false, Ordering::SeqCst) {
                let sent = match self.pool.get().await {
                    Ok(mut conn) => diesel::sql_query("SELECT pg_notify($1, $2)")
                        .bind::<Text, _>(self.channel)
                        .bind::<Text, _>(&self.payload)
                        .execute(&mut conn)
                        .await
                        .map(drop),
                    Err(e) => {
                        tracing::debug!(channel = self.channel, error = %e, "no connection for NOTIFY; other nodes rely on polling or expiry");
                        Ok(())
                    }
                };
                if let Err(e) = sent {
                    tracing::debug!(channel = self.channel, error = %e, "NOTIFY failed; other nodes rely on polling or expiry");
                }
                tokio::time::sleep(NOTIFY_INTERVAL).await;
            }
            self.notifying.store(false, Ordering::SeqCst);
            // A raise between the last swap and the store above saw `notifying` still set.
            if !AtomicBool::load(&self.pending, Ordering::SeqCst) || self.notifying.swap(true, Ordering::SeqCst) {
                return;
            }
        }
    }
}

/// Raised after a write committed events: wakes the local relay at once and sends a
/// coalesced `NOTIFY` on [`EVENTS_CHANNEL`] for the relays of other nodes.
pub(crate) struct EventSignal {
    local: tokio::sync::Notify,
    notifier: Arc<Notifier>,
}

impl EventSignal {
    pub(crate) fn new(pool: PgPool) -> Self {
        Self {
            local: tokio::sync::Notify::new(),
            notifier: Arc::new(Notifier::new(pool, EVENTS_CHANNEL, String::new())),
        }
    }

    /// Wakes the local relay and makes sure a `NOTIFY` follows.
    pub(crate) fn raise(self: &Arc<Self>) {
        self.local.notify_one();
        self.notifier.raise();
    }

    /// Resolves at the next raise (or at once when one happened since the last call).
    pub(crate) async fn raised(&self) {
        self.local.notified().await;
    }
}

/// Tells the other nodes that grants changed: a coalesced `NOTIFY` on [`GRANTS_CHANNEL`]
/// with this node's id, sent after the write committed (a `NOTIFY` inside every transaction
/// that changes grants would serialize their commits; a node that dies between its commit
/// and the signal leaves the others to their cache's expiry).
pub(crate) struct GrantsSignal(Arc<Notifier>);

impl GrantsSignal {
    pub(crate) fn new(pool: PgPool, node: String) -> Self {
        Self(Arc::new(Notifier::new(pool, GRANTS_CHANNEL, node)))
    }
}

impl GrantsChangedSignal for GrantsSignal {
    fn grants_changed(&self) {
        self.0.raise();
    }
}

/// How long to wait before connecting again after the listening connection failed: short,
/// since a failover breaks it and the new primary is up within seconds.
const RECONNECT_DELAY: Duration = Duration::from_millis(250);

/// What to do on the notifications of each channel [`listen`] subscribes to.
#[derive(Default)]
pub struct NotificationHandlers {
    /// Events committed on some node ([`EVENTS_CHANNEL`]): wake the relay.
    pub events: Option<Box<dyn Fn() + Send + Sync>>,
    /// Another node changed grants ([`GRANTS_CHANNEL`]): clear the grants cache.
    pub grants: Option<Box<dyn Fn() + Send + Sync>>,
}

impl NotificationHandlers {
    /// Every handler: when listening (re)starts, since notifications may have been missed
    /// while no connection listened (events committed, grants changed).
    fn all(&self) {
        for handler in [&self.events, &self.grants].into_iter().flatten() {
            handler();
        }
    }
}

/// Listens on one connection of its own (`LISTEN` on the channels that have a handler) and
/// calls the handlers, ignoring this node's own grants notifications (`node`); reconnects
/// after a failure (a failover breaks the connection: a multi-host URL with
/// `target_session_attrs=read-write` finds the new primary, where `NOTIFY`s are sent) and
/// then calls every handler. Runs until dropped. Relays poll and grants expire as well, so a
/// lost connection delays, never loses, an event or a revocation.
pub async fn listen(url: String, node: String, handlers: NotificationHandlers) {
    let channels: Vec<&str> =
        [(EVENTS_CHANNEL, handlers.events.is_some()), (GRANTS_CHANNEL, handlers.grants.is_some())]
            .into_iter()
            .filter_map(|(channel, handled)| handled.then_some(channel))
            .collect();
    if channels.is_empty() {
        return;
    }
    let statement = channels.iter().map(|c| format!("LISTEN {c};")).collect::<String>();
    let mut failures = 0_u32;
    loop {
        match AsyncPgConnection::establish(&url).await {
            Ok(mut conn) => match conn.batch_execute(&statement).await {
                Ok(()) => {
                    tracing::debug!(?channels, "listening for notifications");
                    failures = 0;
                    handlers.all();
                    let mut notifications = std::pin::pin!(conn.notifications_stream());
                    while let Some(notification) = notifications.next().await {
                        match notification {
                            Ok(n) if n.channel == EVENTS_CHANNEL => handlers.events.iter().for_each(|h| h()),
                            Ok(n) if n.channel == GRANTS_CHANNEL && n.payload != node => {
                                handlers.grants.iter().for_each(|h| h());
                            }
                            Ok(_) => {}
                            Err(e) => {
                                tracing::warn!(error = %e, "the notification connection failed");
                                break;
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "LISTEN failed"),
            },
            Err(e) if failures == 0 => tracing::warn!(error = %e, "cannot open the notification connection"),
            Err(e) => tracing::debug!(error = %e, failures, "cannot open the notification connection"),
        }
        failures = failures.saturating_add(1);
        tokio::time::sleep(RECONNECT_DELAY).await;
    }
}
