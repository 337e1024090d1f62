//! Dead letters over the API: webhook deliveries the relay gave up on, listed, replayed and
//! deleted by the callers who manage the subscription's group.
//!
//! Authorization follows the subscription a dead letter belongs to, at the subscription's
//! group: listing needs `subscriptions.list` there (an unscoped list shows the groups where
//! the caller holds it, and only those); a replay sends an event to the sink again, which is
//! what creating a subscription allows, so it needs `subscriptions.create`; dropping one
//! needs `subscriptions.delete`. A dead letter the caller may not list answers `NOT_FOUND`
//! exactly as an unknown id does. A replay goes to the subscription's current sink, once
//! (the caller waits for the answer, so there are no retries): delivered, the dead letter is
//! deleted; refused, it stays with its attempts, reason and time updated and the call fails
//! with `FAILED_PRECONDITION` (`SINK_REFUSED`), since retrying cannot help until the
//! receiver is fixed. Every replay and delete records its event and audit entry.

use std::sync::Arc;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::{DeadLetter, EventType};
use crate::listing::{ListFilter, Page, PageRequest, SortField, UidpFilter};
use crate::ports::WebhookDelivery;
use crate::uidp::Uidp;

use super::{Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid];

/// Longest dead letter id accepted (stored ids are at most 64 bytes).
const MAX_ID_LEN: usize = 64;

/// The filters of a dead letter list, as a transport read them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeadLetterListInput {
    /// `uidp.descendants_of`: dead letters of subscriptions in this group or below it.
    pub descendants_of: Option<String>,
    /// `uidp.children_of`: dead letters of subscriptions directly in this group.
    pub children_of: Option<String>,
    /// Dead letters of this subscription only.
    pub subscription: Option<String>,
}

/// Dead letter operations.
#[derive(Clone)]
pub struct DeadLetterService {
    deps: Deps,
    delivery: Option<Arc<dyn WebhookDelivery>>,
}

impl std::fmt::Debug for DeadLetterService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeadLetterService").field("delivers", &self.delivery.is_some()).finish_non_exhaustive()
    }
}

impl DeadLetterService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps, delivery: None }
    }

    /// The same service replaying through `delivery` (without one, a replay is refused with
    /// `FAILED_PRECONDITION`: the server was built without webhook delivery).
    #[must_use]
    pub fn with_delivery(mut self, delivery: Arc<dyn WebhookDelivery>) -> Self {
        self.delivery = Some(delivery);
        self
    }

    /// Lists the dead letters of the subscriptions the caller may list, in uid order (by
    /// subscription), filtered and paged. Filters on groups or subscriptions the caller may
    /// not list find nothing, as for every other list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed filter or bad paging; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        input: DeadLetterListInput,
        page: &PageRequest,
    ) -> Result<Page<DeadLetter>> {
        let mut v = Violations::default();
        let parse = |v: &mut Violations, field: &str, text: &Option<String>| {
            text.as_deref().map(str::trim).filter(|t| !t.is_empty()).and_then(|t| v.take(Uidp::parse_field(field, t)))
        };
        let descendants_of = parse(&mut v, "uidp.descendants_of", &input.descendants_of);
        let children_of = parse(&mut v, "uidp.children_of", &input.children_of);
        let subscription = parse(&mut v, "subscription", &input.subscription);
        if subscription.as_ref().is_some_and(Uidp::is_root) {
            v.add("subscription", "subscription must name a subscription inside a group");
        }
        v.finish()?;
        let filter = ListFilter {
            uidp: UidpFilter { descendants_of, children_of, ..UidpFilter::default() },
            subscription,
            ..ListFilter::default()
        };
        let plan = self.deps.pager.plan(
            page,
            caller.identity(),
            filter,
            caller.visibility(Capability::SubscriptionsList),
            SORTABLE,
        )?;
        let rows = self.deps.store.list_dead_letter_page(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one dead letter the caller may list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for an empty or overlong id; `NOT_FOUND` when it does not exist or
    /// the caller may not list its subscription (the same answer).
    pub async fn get(&self, caller: &Principal, id: &str) -> Result<DeadLetter> {
        let id = id.trim();
        if id.is_empty() {
            return Err(Error::invalid("id", "id is required"));
        }
        if id.len() > MAX_ID_LEN || !id.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Error::invalid("id", format!("id must be at most {MAX_ID_LEN} printable ASCII characters")));
        }
        let missing = || Error::NotFound(format!("dead letter {id} does not exist"));
        let letter = self.deps.store.get_dead_letter(id).await?.ok_or_else(missing)?;
        if !caller.can(Capability::SubscriptionsList, &letter.uid) {
            return Err(missing());
        }
        Ok(letter)
    }

    /// Delivers a dead letter's event once more, to its subscription's current sink, signed
    /// as the relay signs. Delivered, the dead letter is deleted and returned as it was.
    ///
    /// # Errors
    /// `NOT_FOUND` as [`Self::get`]; `PERMISSION_DENIED` without `subscriptions.create` on
    /// the subscription's group; `FAILED_PRECONDITION` `SUBSCRIPTION_GONE` when the
    /// subscription was deleted, `WEBHOOKS_NOT_DELIVERED` on a server without delivery, and
    /// `SINK_REFUSED` when the sink failed (the dead letter is kept, updated); store failures.
    pub async fn replay(&self, caller: &Principal, id: &str) -> Result<DeadLetter> {
        let letter = self.get(caller, id).await?;
        caller.require(Capability::SubscriptionsCreate, &letter.group())?;
        let Some(delivery) = &self.delivery else {
            return Err(Error::precondition(
                "WEBHOOKS_NOT_DELIVERED",
                "this server was started without webhook delivery, so it cannot replay a dead letter",
            ));
        };
        let Some(subscription) = self.deps.store.get_subscription(&letter.subscription).await? else {
            return Err(Error::precondition(
                "SUBSCRIPTION_GONE",
                format!(
                    "subscription {} was deleted, so dead letter {} has no sink to go to; delete it instead",
                    letter.subscription, letter.id
                ),
            ));
        };
        let now = self.deps.clock.now();
        match delivery.deliver(&letter.event, &subscription).await {
            Ok(()) => {
                let replayed = DeadLetter { sink: subscription.sink, ..letter };
                let event = self.deps.event(caller.origin(), EventType::DeadLetterReplayed, &replayed.uid, now);
                self.deps.store.remove_dead_letter(&replayed, &event).await?;
                Ok(replayed)
            }
            Err(failure) => {
                let again = DeadLetter {
                    sink: subscription.sink,
                    attempts: letter.attempts.saturating_add(failure.attempts),
                    reason: failure.reason,
                    failed_at: now,
                    ..letter
                };
                let event = self.deps.event(caller.origin(), EventType::DeadLetterReplayFailed, &again.uid, now);
                self.deps.store.update_dead_letter(&again, &event).await?;
                Err(Error::precondition(
                    "SINK_REFUSED",
                    format!(
                        "the replay of dead letter {} to {} failed: {}; the dead letter is kept ({} attempts)",
                        again.id, again.sink, again.reason, again.attempts
                    ),
                ))
            }
        }
    }

    /// Deletes a dead letter without delivering it.
    ///
    /// # Errors
    /// `NOT_FOUND` as [`Self::get`]; `PERMISSION_DENIED` without `subscriptions.delete` on
    /// the subscription's group; store failures.
    pub async fn delete(&self, caller: &Principal, id: &str) -> Result<()> {
        let letter = self.get(caller, id).await?;
        caller.require(Capability::SubscriptionsDelete, &letter.group())?;
        let event = self.deps.event(caller.origin(), EventType::DeadLetterDeleted, &letter.uid, self.deps.clock.now());
        self.deps.store.remove_dead_letter(&letter, &event).await
    }
}
