//! NATS JetStream publishing: every event on `<prefix>.<type>` with `Nats-Msg-Id` = its id.

use std::sync::atomic::Ordering;
use std::time::Duration;

use async_nats::jetstream;

use crate::backoff::RetryPolicy;
use crate::webhook::CloudEvent;
use crate::{RelayError, RelayStats};

/// Where events are published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NatsSettings {
    /// The server, such as `nats://127.0.0.1:4222`.
    pub url: String,
    /// Subjects are `<prefix>.<event type>`.
    pub subject_prefix: String,
}

impl NatsSettings {
    /// The stream that captures `<prefix>.>`: the prefix upper-cased, dots as `_`.
    #[must_use]
    pub fn stream_name(&self) -> String {
        self.subject_prefix.to_ascii_uppercase().replace(['.', ' ', '*', '>'], "_")
    }
}

/// A JetStream context with its stream in place.
pub(crate) struct Publisher {
    context: jetstream::Context,
    prefix: String,
}

impl Publisher {
    pub(crate) async fn connect(settings: &NatsSettings, timeout: Duration) -> Result<Self, RelayError> {
        let nats = |e: &dyn std::fmt::Display| RelayError::Nats(e.to_string());
        let client = async_nats::ConnectOptions::new()
            .connection_timeout(timeout)
            .connect(settings.url.as_str())
            .await
            .map_err(|e| nats(&e))?;
        let context = jetstream::new(client);
        let config = jetstream::stream::Config {
            name: settings.stream_name(),
            subjects: vec![format!("{}.>", settings.subject_prefix)],
            ..Default::default()
        };
        context.get_or_create_stream(config).await.map_err(|e| nats(&e))?;
        Ok(Self { context, prefix: settings.subject_prefix.clone() })
    }

    /// Publishes `event` and waits for JetStream's acknowledgement, retrying under `retry`.
    pub(crate) async fn publish(
        &self,
        event: &CloudEvent,
        retry: &RetryPolicy,
        stats: &RelayStats,
    ) -> Result<(), RelayError> {
        let subject = format!("{}.{}", self.prefix, event.event_type);
        let started = tokio::time::Instant::now();
        let mut attempt = 1;
        loop {
            let mut message = jetstream::message::PublishMessage::build()
                .payload(event.data.clone().into())
                .message_id(&event.id)
                .header("content-type", "application/json");
            for (name, value) in &event.headers {
                message = message.header(*name, value.as_str());
            }
            let outcome = match self.context.send_publish(subject.clone(), message).await {
                Ok(ack) => ack.await.map(|_| ()).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            match outcome {
                Ok(()) => {
                    stats.nats_published.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                Err(reason) => {
                    let delay = retry.delay(attempt);
                    if !retry.may_retry(started.elapsed(), delay) {
                        return Err(RelayError::Nats(format!("publishing {} failed: {reason}", event.id)));
                    }
                    tokio::time::sleep(delay).await;
                    attempt += 1;
                }
            }
        }
    }
}
