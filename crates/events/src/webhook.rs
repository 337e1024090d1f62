//! Webhook delivery: a CloudEvent in HTTP binary mode, signed, to addresses the sink policy
//! allows, retried with backoff, then a dead letter.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use grove_domain::error::error_chain;
use grove_domain::events::{public_or_allowed, EventRecord, SinkPolicy, Subscription};
use grove_domain::Uidp;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::Policy;

use crate::backoff::RetryPolicy;
use crate::{RelayError, RelaySettings, RelayStats};

/// Signs the bearer token of each webhook request.
pub trait DeliveryTokens: Send + Sync {
    /// A token for `audience` (the sink URL) about `subscription`, valid for `ttl`.
    ///
    /// # Errors
    /// When signing fails.
    fn token(&self, audience: &str, subscription: &Uidp, ttl: Duration) -> Result<String, grove_domain::Error>;
}

/// The CloudEvents attributes of an event and its data, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloudEvent {
    /// Every `ce-*` header, in a fixed order.
    pub headers: Vec<(&'static str, String)>,
    /// The event id (also `ce-id`).
    pub id: String,
    /// The event type (also `ce-type`).
    pub event_type: &'static str,
    /// The body: the event's data (`application/json`).
    pub data: String,
}

impl CloudEvent {
    /// The CloudEvent of `event`, with `ce-source` = `source`, and who made the change in the
    /// extension `actor` (an identity or identity provider uid, or `system`) and, when an
    /// identity provider was involved, `actorprovider`.
    #[must_use]
    pub fn new(event: &EventRecord, source: &str) -> Self {
        let mut headers = vec![
            ("ce-specversion", "1.0".to_owned()),
            ("ce-id", event.id.to_string()),
            ("ce-source", source.to_owned()),
            ("ce-type", event.event_type.as_str().to_owned()),
            ("ce-subject", event.subject.to_string()),
            ("ce-time", event.time.to_string()),
            ("ce-group", event.group.to_string()),
            ("ce-actor", event.origin.actor.as_text().to_owned()),
        ];
        if let Some(provider) = event.origin.actor.provider() {
            headers.push(("ce-actorprovider", provider.to_string()));
        }
        Self { headers, id: event.id.to_string(), event_type: event.event_type.as_str(), data: event.data.clone() }
    }
}

/// A delivery given up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    /// Attempts made.
    pub(crate) attempts: u32,
    /// Why the last one failed.
    pub(crate) reason: String,
}

/// What one attempt came to.
enum Attempt {
    Delivered,
    /// Worth retrying: transport errors, 408, 429, 5xx.
    Retry(String, Option<u16>),
    /// Not worth retrying: any other answer, or a refused URL.
    GiveUp(String, Option<u16>),
}

/// Posts CloudEvents to sinks.
pub(crate) struct WebhookClient {
    client: reqwest::Client,
    tokens: Arc<dyn DeliveryTokens>,
    policy: SinkPolicy,
    token_ttl: Duration,
}

impl WebhookClient {
    pub(crate) fn new(settings: &RelaySettings, tokens: Arc<dyn DeliveryTokens>) -> Result<Self, RelayError> {
        let client = reqwest::Client::builder()
            .redirect(Policy::none())
            .connect_timeout(settings.delivery_timeout)
            .timeout(settings.delivery_timeout)
            .no_proxy()
            .user_agent(concat!("grove-events/", env!("CARGO_PKG_VERSION")))
            .dns_resolver(Arc::new(GuardedResolver { policy: settings.sink_policy }))
            .build()
            .map_err(|e| RelayError::Http(e.to_string()))?;
        Ok(Self { client, tokens, policy: settings.sink_policy, token_ttl: settings.token_ttl })
    }

    /// Delivers `event` to `subscription`, retrying under `retry`.
    ///
    /// # Errors
    /// The attempts made and the last reason, when the delivery is given up: an answer not
    /// worth retrying, or retries that ran out of time.
    pub(crate) async fn deliver(
        &self,
        event: &CloudEvent,
        subscription: &Subscription,
        retry: &RetryPolicy,
        stats: &RelayStats,
    ) -> Result<(), Failure> {
        let started = tokio::time::Instant::now();
        let mut attempts = 1;
        loop {
            stats.webhook_attempts.fetch_add(1, Ordering::Relaxed);
            let (reason, status, give_up) = match self.attempt(event, subscription).await {
                Attempt::Delivered => return Ok(()),
                Attempt::GiveUp(reason, status) => (reason, status, true),
                Attempt::Retry(reason, status) => (reason, status, false),
            };
            stats.webhook_failures.fetch_add(1, Ordering::Relaxed);
            let delay = retry.delay(attempts);
            let retrying = !give_up && retry.may_retry(started.elapsed(), delay);
            // Every failed attempt is an operator's business: the sink may be down or
            // refusing Grove's token.
            tracing::warn!(
                sink = %subscription.sink,
                status = %status.map_or_else(|| "none".to_owned(), |s| s.to_string()),
                attempt = attempts,
                event = %event.id,
                subscription = %subscription.uid,
                %reason,
                retry_in_ms = if retrying { u64::try_from(delay.as_millis()).unwrap_or(u64::MAX) } else { 0 },
                "webhook delivery failed{}",
                if retrying { "; retrying" } else { "; giving up" }
            );
            if !retrying {
                return Err(Failure { attempts, reason });
            }
            tokio::time::sleep(delay).await;
            attempts += 1;
        }
    }

    /// Delivers `event` to `subscription` in one attempt (a replay someone waits for).
    ///
    /// # Errors
    /// The reason, when the attempt fails.
    pub(crate) async fn deliver_once(
        &self,
        event: &CloudEvent,
        subscription: &Subscription,
        stats: &RelayStats,
    ) -> Result<(), Failure> {
        stats.webhook_attempts.fetch_add(1, Ordering::Relaxed);
        let (Attempt::Retry(reason, status) | Attempt::GiveUp(reason, status)) =
            self.attempt(event, subscription).await
        else {
            return Ok(());
        };
        stats.webhook_failures.fetch_add(1, Ordering::Relaxed);
        tracing::warn!(
            sink = %subscription.sink,
            status = %status.map_or_else(|| "none".to_owned(), |s| s.to_string()),
            event = %event.id,
            subscription = %subscription.uid,
            %reason,
            "webhook replay failed"
        );
        Err(Failure { attempts: 1, reason })
    }

    async fn attempt(&self, event: &CloudEvent, subscription: &Subscription) -> Attempt {
        let sink = subscription.sink.as_str();
        let url = match reqwest::Url::parse(sink) {
            Ok(url) => url,
            Err(e) => return Attempt::GiveUp(format!("the sink is not a URL: {e}"), None),
        };
        // Names are checked by the resolver; literal addresses never reach it.
        let literal = match url.host() {
            Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
            Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
            _ => None,
        };
        if literal.is_some_and(|ip| !public_or_allowed(ip, self.policy)) {
            return Attempt::GiveUp("the sink's address is not allowed".to_owned(), None);
        }
        let token = match self.tokens.token(sink, &subscription.uid, self.token_ttl) {
            Ok(token) => token,
            Err(e) => return Attempt::Retry(format!("signing the token failed: {e}"), None),
        };
        let mut request = self
            .client
            .post(url)
            .bearer_auth(token)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(event.data.clone());
        for (name, value) in &event.headers {
            request = request.header(*name, value);
        }
        match request.send().await {
            Ok(response) if response.status().is_success() => Attempt::Delivered,
            Ok(response) => {
                let status = response.status();
                let reason = format!("the sink answered {status}");
                if status.is_server_error() || status.as_u16() == 408 || status.as_u16() == 429 {
                    Attempt::Retry(reason, Some(status.as_u16()))
                } else {
                    Attempt::GiveUp(reason, Some(status.as_u16()))
                }
            }
            Err(e) => Attempt::Retry(error_chain(&e), None),
        }
    }
}

/// Resolves names with the system resolver and keeps only addresses the policy allows, so
/// that a public name cannot point a webhook at an internal service.
struct GuardedResolver {
    policy: SinkPolicy,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let allowed: Vec<SocketAddr> = found.into_iter().filter(|a| public_or_allowed(a.ip(), policy)).collect();
            if allowed.is_empty() {
                let refused: Box<dyn std::error::Error + Send + Sync> =
                    format!("{host} resolves only to addresses webhooks may not be delivered to").into();
                return Err(refused);
            }
            let addrs: Addrs = Box::new(allowed.into_iter());
            Ok(addrs)
        })
    }
}
