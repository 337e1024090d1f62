//! The store port of advisories. Bulk writes (`put_advisories`) are the administration path
//! (`grove advisories import`) and record no events; single writes (`create_advisory`,
//! `update_advisory`) follow the shared contract of [`super::stores`]: the event is written
//! with the change, its `data` rendered by [`EventData::of_advisory_write`].

use async_trait::async_trait;

use crate::error::Result;
#[cfg(doc)]
use crate::events::EventData;
use crate::events::NewEvent;
use crate::listing::{ListQuery, StorePage};
use crate::model::Advisory;
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// The precondition type of an [`AdvisoryStore::update_advisory`] that lost a race.
pub const ADVISORY_CHANGED: &str = "ADVISORY_CHANGED";

/// Advisories, children of organizations (or of any group).
#[async_trait]
pub trait AdvisoryStore: Send + Sync {
    /// Fetches one advisory with its events.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_advisory(&self, uid: &Uidp) -> Result<Option<Advisory>>;

    /// Fetches the advisories of `uids` that exist, in uid order.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_advisories(&self, uids: &[Uidp]) -> Result<Vec<Advisory>>;

    /// Runs a list query over advisories (`filter.advisories` holds their own filters).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_advisories(&self, query: &ListQuery) -> Result<StorePage<Advisory>>;

    /// Inserts each advisory, or replaces the stored one of the same uid (events included),
    /// all in one transaction, without events.
    ///
    /// # Errors
    /// `NOT_FOUND` when a parent group does not exist; `ALREADY_EXISTS` when another advisory
    /// of the same group has the same `advisory_id`. Then nothing is written.
    async fn put_advisories(&self, advisories: &[Advisory]) -> Result<()>;

    /// Creates one advisory (with its events).
    ///
    /// # Errors
    /// `NOT_FOUND` (`group <uid> does not exist`) when its group does not exist;
    /// `ALREADY_EXISTS` (`an advisory with id <CGA id> already exists in group <uid>`) when
    /// its group has an advisory of that `advisory_id`, or the uid is taken. Then nothing is
    /// written.
    async fn create_advisory(&self, advisory: &Advisory, event: &NewEvent) -> Result<()>;

    /// Replaces the stored advisory of the same uid (events included) when its update time
    /// is still `expected_update_time`, the version the change was computed from (writers
    /// move the update time forward on every change).
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `FAILED_PRECONDITION` ([`ADVISORY_CHANGED`]) when
    /// it changed since; `ALREADY_EXISTS` as [`Self::create_advisory`]. Then nothing is
    /// written.
    async fn update_advisory(
        &self,
        advisory: &Advisory,
        expected_update_time: Timestamp,
        event: &NewEvent,
    ) -> Result<()>;
}
