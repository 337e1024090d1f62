//! Relay wake-ups: [`EventSignal`] wakes this process's relay when one of its writes commits
//! an event and sends one coalesced `NOTIFY` for the relays of other nodes, which receive it
//! with [`forward_event_notifications`] (`LISTEN grove_events` on a connection of its own), so
//! that a relay wakes as soon as an event commits anywhere instead of at its next poll.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use futures_util::StreamExt as _;

use crate::outbox::EVENTS_CHANNEL;
use crate::store::PgPool;

/// The least time between two `NOTIFY`s of one node.
const NOTIFY_INTERVAL: Duration = Duration::from_millis(10);

/// Raised after a write committed events: wakes the local relay at once and sends `NOTIFY`
/// to other nodes, one at a time and at most one per [`NOTIFY_INTERVAL`], however many writes
/// raise it meanwhile.
pub(crate) struct EventSignal {
    local: tokio::sync::Notify,
    /// Raised since the last `NOTIFY` began.
    pending: AtomicBool,
    /// A task is sending `NOTIFY`s.
    notifying: AtomicBool,
    pool: PgPool,
}

impl EventSignal {
    pub(crate) fn new(pool: PgPool) -> Self {
        Self {
            local: tokio::sync::Notify::new(),
            pending: AtomicBool::new(false),
            notifying: AtomicBool::new(false),
            pool,
        }
    }

    /// Wakes the local relay and makes sure a `NOTIFY` follows.
    pub(crate) fn raise(self: &Arc<Self>) {
        self.local.notify_one();
        self.pending.store(true, Ordering::SeqCst);
        if self.notifying.swap(true, Ordering::SeqCst) {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.notifying.store(false, Ordering::SeqCst);
            return;
        };
        let signal = Arc::clone(self);
        runtime.spawn(async move { signal.notify_other_nodes().await });
    }

    /// Sends `NOTIFY` until no raise is pending, then stops (the next raise starts it again).
    async fn notify_other_nodes(&self) {
        loop {
            while self.pending.swap(false, Ordering::SeqCst) {
                let sent = match self.pool.get().await {
                    Ok(mut conn) => {
                        diesel::sql_query(format!("NOTIFY {EVENTS_CHANNEL}")).execute(&mut conn).await.map(drop)
                    }
                    Err(e) => {
                        tracing::debug!(error = %e, "no connection for NOTIFY; other nodes will poll");
                        Ok(())
                    }
                };
                if let Err(e) = sent {
                    tracing::debug!(error = %e, "NOTIFY failed; other nodes will poll");
                }
                // Under a steady stream of writes, one NOTIFY per interval wakes the other
                // nodes as well as one per write would, at a fraction of the cost (each is a
                // round trip and a commit that takes the database's notification lock).
                tokio::time::sleep(NOTIFY_INTERVAL).await;
            }
            self.notifying.store(false, Ordering::SeqCst);
            // A raise between the last swap and the store above saw `notifying` still set.
            if !AtomicBool::load(&self.pending, Ordering::SeqCst) || self.notifying.swap(true, Ordering::SeqCst) {
                return;
            }
        }
    }

    /// Resolves at the next raise (or at once when one happened since the last call).
    pub(crate) async fn raised(&self) {
        self.local.notified().await;
    }
}

/// How long to wait before connecting again after the listening connection failed.
const RECONNECT_DELAY: Duration = Duration::from_secs(2);

/// Calls `wake` once listening starts (events may have committed before) and on every
/// notification on [`EVENTS_CHANNEL`], reconnecting after failures; runs until dropped.
/// The relay polls as well, so a lost connection delays delivery, never loses events.
pub async fn forward_event_notifications(url: String, wake: impl Fn() + Send + Sync) {
    loop {
        match AsyncPgConnection::establish(&url).await {
            Ok(mut conn) => match diesel::sql_query(format!("LISTEN {EVENTS_CHANNEL}")).execute(&mut conn).await {
                Ok(_) => {
                    tracing::debug!(channel = EVENTS_CHANNEL, "listening for events");
                    wake();
                    let mut notifications = std::pin::pin!(conn.notifications_stream());
                    while let Some(notification) = notifications.next().await {
                        match notification {
                            Ok(_) => wake(),
                            Err(e) => {
                                tracing::warn!(error = %e, "the event notification connection failed");
                                break;
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "LISTEN for events failed"),
            },
            Err(e) => tracing::warn!(error = %e, "cannot open the event notification connection"),
        }
        tokio::time::sleep(RECONNECT_DELAY).await;
    }
}
