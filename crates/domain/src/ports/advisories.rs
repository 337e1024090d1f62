//! The store port of advisories. Advisories are written only by the administration path
//! (`grove advisories import`, `grove advisories add-event`), never through the public API.

use async_trait::async_trait;

#[cfg(any(test, feature = "mock"))]
use mockall::automock;

use crate::error::Result;
use crate::listing::{ListQuery, StorePage};
use crate::model::Advisory;
use crate::uidp::Uidp;

/// Advisories, children of organizations (or of any group).
#[cfg_attr(any(test, feature = "mock"), automock)]
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
    /// all in one transaction.
    ///
    /// # Errors
    /// `NOT_FOUND` when a parent group does not exist; `ALREADY_EXISTS` when another advisory
    /// of the same group has the same `advisory_id`. Then nothing is written.
    async fn put_advisories(&self, advisories: &[Advisory]) -> Result<()>;
}
