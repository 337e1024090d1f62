//! Event ports: webhook subscriptions, and the outbox the relay drains.

use async_trait::async_trait;

use crate::error::Result;
use crate::events::{DeadLetter, EventId, EventRecord, NewEvent, Subscription};
use crate::listing::{ListQuery, StorePage};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// Webhook subscriptions.
#[async_trait]
pub trait SubscriptionStore: Send + Sync {
    /// Inserts a subscription below an existing group, with its event.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group does not exist; `ALREADY_EXISTS` for a duplicate uid.
    async fn create_subscription(&self, subscription: &Subscription, event: &NewEvent) -> Result<()>;

    /// Fetches one subscription.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_subscription(&self, uid: &Uidp) -> Result<Option<Subscription>>;

    /// Runs a list query over subscriptions (ordered by uid; `name` does not apply).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_subscriptions(&self, query: &ListQuery) -> Result<StorePage<Subscription>>;

    /// The subscriptions directly inside any of `groups`, in uid order: the relay asks once
    /// per claimed batch, for the groups of its events and every group above them.
    ///
    /// # Errors
    /// Only store failures.
    async fn subscriptions_in(&self, groups: &[Uidp]) -> Result<Vec<Subscription>>;

    /// Deletes a subscription, with its event.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn delete_subscription(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
}

/// How far the relay is behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Backlog {
    /// Events written but not yet delivered.
    pub undelivered: u64,
    /// The time of the oldest of them.
    pub oldest: Option<Timestamp>,
}

/// The outbox: events written with their changes, waiting for the relay.
///
/// Claims are leases, so that several relays (one per node) never hold the same event at
/// once and an event whose relay died is claimed again once its lease runs out. Leases are
/// short and renewed while their relay works on them, so that a relay's death delays its
/// events by seconds.
#[async_trait]
pub trait OutboxStore: Send + Sync {
    /// Claims up to `limit` undelivered events that nobody holds (no lease, or a lease
    /// before `now`), in the order they were written, leasing them until `lease_until`.
    ///
    /// # Errors
    /// Only store failures.
    async fn claim_events(&self, now: Timestamp, lease_until: Timestamp, limit: usize) -> Result<Vec<EventRecord>>;

    /// Marks events delivered at `at` (unknown ids are ignored).
    ///
    /// # Errors
    /// Only store failures.
    async fn mark_delivered(&self, ids: &[EventId], at: Timestamp) -> Result<()>;

    /// Extends to `lease_until` the leases of the undelivered events among `ids` (a relay
    /// still working on them); delivered or unknown ids are ignored.
    ///
    /// # Errors
    /// Only store failures.
    async fn renew_leases(&self, ids: &[EventId], lease_until: Timestamp) -> Result<()>;

    /// Ends the leases of the undelivered events among `ids`, so that any relay may claim
    /// them at once (a relay that stops hands back what it still holds).
    ///
    /// # Errors
    /// Only store failures.
    async fn release_events(&self, ids: &[EventId]) -> Result<()>;

    /// Counts the undelivered events and finds the oldest.
    ///
    /// # Errors
    /// Only store failures.
    async fn event_backlog(&self) -> Result<Backlog>;

    /// Deletes events delivered before `before`; returns how many.
    ///
    /// # Errors
    /// Only store failures.
    async fn prune_events(&self, before: Timestamp) -> Result<u64>;

    /// Records (or, for a known id, replaces) a delivery the relay gave up on.
    ///
    /// # Errors
    /// Only store failures.
    async fn record_dead_letter(&self, dead_letter: &DeadLetter) -> Result<()>;

    /// The dead letters, oldest failure first, at most `limit`.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>>;

    /// Deletes a dead letter (after a successful replay); false when there was none.
    ///
    /// # Errors
    /// Only store failures.
    async fn delete_dead_letter(&self, id: &str) -> Result<bool>;

    /// Fetches one dead letter by its id.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_dead_letter(&self, id: &str) -> Result<Option<DeadLetter>>;

    /// Runs a list query over dead letters, in uid order: `uidp.*` and visibility apply to
    /// the dead letter's uid (inside its subscription, so a group's subtree holds the dead
    /// letters of its subscriptions and of theirs); `uidp.children_of` names the group the
    /// subscription is directly in; `filter.subscription` keeps one subscription's.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_dead_letter_page(&self, query: &ListQuery) -> Result<StorePage<DeadLetter>>;

    /// Deletes `dead_letter` (by id) with `event`, whose data is the dead letter as given
    /// (a delete, or a successful replay), in one transaction.
    ///
    /// # Errors
    /// `NOT_FOUND` when it no longer exists.
    async fn remove_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()>;

    /// Replaces an existing dead letter (a failed replay's attempts, reason and time) with
    /// `event`, whose data is the new dead letter, in one transaction.
    ///
    /// # Errors
    /// `NOT_FOUND` when it no longer exists (it is not written back).
    async fn update_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()>;
}

/// A delivery that failed: how many attempts were made and why the last one failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryFailure {
    /// Attempts made.
    pub attempts: u32,
    /// Why the last one failed, such as `the sink answered 503 Service Unavailable`.
    pub reason: String,
}

/// Delivers one event to one webhook subscription now, signed as the relay signs (a bearer
/// token for the sink, the CloudEvent headers): the replay of a dead letter. Implemented
/// outside the domain (`grove-events`), since it is network IO.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait WebhookDelivery: Send + Sync {
    /// Posts `event` to `subscription`'s sink, once (a caller waits for the answer).
    ///
    /// # Errors
    /// [`DeliveryFailure`] when the sink cannot be reached or does not answer 2xx.
    async fn deliver(
        &self,
        event: &EventRecord,
        subscription: &Subscription,
    ) -> std::result::Result<(), DeliveryFailure>;
}
