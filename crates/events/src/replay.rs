//! Replays of dead letters through the API ([`WebhookDelivery`]): one signed attempt to the
//! subscription's current sink, with the relay's client (the same sink policy, headers,
//! token and timeout), while the caller waits.

use std::sync::Arc;

use async_trait::async_trait;
use grove_domain::events::{EventRecord, Subscription};
use grove_domain::ports::{DeliveryFailure, WebhookDelivery};

use crate::webhook::{CloudEvent, DeliveryTokens, WebhookClient};
use crate::{RelayError, RelaySettings, RelayStats};

/// Delivers replayed dead letters as the relay delivers events, in one attempt.
pub struct WebhookReplayer {
    webhooks: WebhookClient,
    source: String,
    stats: Arc<RelayStats>,
}

impl std::fmt::Debug for WebhookReplayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookReplayer").field("source", &self.source).finish_non_exhaustive()
    }
}

impl WebhookReplayer {
    /// A replayer with the relay's `settings` (source, sink policy, timeout, token lifetime)
    /// signing with `tokens`; its attempts count in `stats` (the relay's, for `/metrics`).
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(
        settings: &RelaySettings,
        tokens: Arc<dyn DeliveryTokens>,
        stats: Arc<RelayStats>,
    ) -> Result<Self, RelayError> {
        Ok(Self { webhooks: WebhookClient::new(settings, tokens)?, source: settings.source.clone(), stats })
    }
}

#[async_trait]
impl WebhookDelivery for WebhookReplayer {
    async fn deliver(&self, event: &EventRecord, subscription: &Subscription) -> Result<(), DeliveryFailure> {
        let cloud_event = CloudEvent::new(event, &self.source);
        self.webhooks
            .deliver_once(&cloud_event, subscription, &self.stats)
            .await
            .map_err(|f| DeliveryFailure { attempts: f.attempts, reason: f.reason })
    }
}
