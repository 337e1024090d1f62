//! The audit trail in memory: entries appended by every write, listed by the reference
//! paging, removed only by the retention prune.

use grove_domain::audit::AuditEntry;
use grove_domain::listing::{apply_in_memory, ListQuery, StorePage};
use grove_domain::Timestamp;

use super::State;

impl State {
    pub(crate) fn list_audit_entries(&self, query: &ListQuery) -> StorePage<AuditEntry> {
        let matches = |e: &AuditEntry| {
            query.filter.uidp.matches(&e.uid) && query.filter.audit.as_deref().is_none_or(|f| f.matches(e))
        };
        let rows = self.audit.iter().filter(|e| query.visibility.allows(&e.uid) && matches(e)).cloned();
        apply_in_memory(rows, query, matches)
    }

    pub(crate) fn prune_audit_entries(&mut self, before: Timestamp) -> u64 {
        let kept = self.audit.len();
        self.audit.retain(|e| e.time >= before);
        (kept - self.audit.len()) as u64
    }
}
