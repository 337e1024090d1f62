//! The audit trail's port: reading entries and pruning them after their retention.
//!
//! Entries are written by the other ports, with the event of each change (every store
//! method that takes a `NewEvent` writes its entry in the same transaction); this port has
//! no way to write, change or delete one entry.

use async_trait::async_trait;

use crate::audit::AuditEntry;
use crate::error::Result;
use crate::listing::{ListQuery, StorePage};
use crate::time::Timestamp;

/// The audit trail.
#[async_trait]
pub trait AuditStore: Send + Sync {
    /// Runs a list query over the entries (`filter.audit` and `uidp.*` on the entry uid,
    /// which lies in the event's group; ordered by time, then uid).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_audit_entries(&self, query: &ListQuery) -> Result<StorePage<AuditEntry>>;

    /// Deletes the entries of changes made before `before` (the retention prune, the one
    /// deletion an entry ever sees); returns how many.
    ///
    /// # Errors
    /// Only store failures.
    async fn prune_audit_entries(&self, before: Timestamp) -> Result<u64>;
}
