//! Webhook subscription operations (no update: the public API has none).

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::{EventType, Sink, SinkPolicy, Subscription};
use crate::listing::{ListFilter, Page, PageRequest, SortField};
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid];

/// Subscription operations.
#[derive(Debug, Clone)]
pub struct SubscriptionService {
    deps: Deps,
    policy: SinkPolicy,
    events_recorded: bool,
}

impl SubscriptionService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps, policy: SinkPolicy::default(), events_recorded: true }
    }

    /// The same service on a server that records no events (`events.record = false`): a
    /// subscription would never receive anything, so creating one is refused.
    #[must_use]
    pub fn without_events(mut self) -> Self {
        self.events_recorded = false;
        self
    }

    /// The same service accepting the sinks `policy` allows beside public `https://` ones.
    #[must_use]
    pub fn with_policy(mut self, policy: SinkPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// Lists the subscriptions the caller may list, filtered and paged (ordered by uid).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(&self, caller: &Principal, filter: ListFilter, page: &PageRequest) -> Result<Page<Subscription>> {
        let plan = self.deps.pager.plan(
            page,
            caller.identity(),
            filter,
            caller.visibility(Capability::SubscriptionsList),
            SORTABLE,
        )?;
        let rows = self.deps.store.list_subscriptions(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one subscription.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` when it does not exist or the
    /// caller may not list it.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Subscription> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::SubscriptionsList, Capability::SubscriptionsList, "subscription", &uid)?;
        self.deps.store.get_subscription(&uid).await?.ok_or_else(|| not_found("subscription", &uid))
    }

    /// Subscribes `sink` to the events of group `parent` and every group below it.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad parent or a sink the policy refuses; `NOT_FOUND` for a
    /// group that does not exist or is invisible; `PERMISSION_DENIED` without
    /// `subscriptions.create`.
    pub async fn create(&self, caller: &Principal, parent: &str, sink: &str) -> Result<Subscription> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        let sink = v.take(Sink::parse("sink", sink, self.policy));
        v.finish()?;
        let parent = checked(parent)?;
        authorize(caller, Capability::GroupsList, Capability::SubscriptionsCreate, "group", &parent)?;
        if !self.events_recorded {
            return Err(Error::precondition(
                "EVENTS_NOT_RECORDED",
                "this server records no events (events.record = false), so a subscription would receive nothing",
            ));
        }
        let subscription = Subscription { uid: self.deps.ids.new_child(&parent), sink: checked(sink)? };
        let event =
            self.deps.event(caller.origin(), EventType::SubscriptionCreated, &subscription.uid, self.deps.clock.now());
        self.deps.store.create_subscription(&subscription, &event).await?;
        Ok(subscription)
    }

    /// Deletes a subscription.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::SubscriptionsList, Capability::SubscriptionsDelete, "subscription", &uid)?;
        let event = self.deps.event(caller.origin(), EventType::SubscriptionDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_subscription(&uid, &event).await
    }
}
