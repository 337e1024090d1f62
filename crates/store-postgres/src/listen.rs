//! `LISTEN grove_events` on a connection of its own, so that a relay wakes as soon as an
//! event commits anywhere (any node) instead of at its next poll.

use std::time::Duration;

use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use futures_util::StreamExt as _;

use crate::outbox::EVENTS_CHANNEL;

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
