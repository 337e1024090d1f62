//! The in-memory outbox: events in the order they were written, with their relay state.

use grove_domain::events::{DeadLetter, EventId, EventRecord};
use grove_domain::ports::Backlog;
use grove_domain::Timestamp;

/// One outbox entry.
#[derive(Debug, Clone)]
struct Entry {
    record: EventRecord,
    leased_until: Option<Timestamp>,
    delivered: Option<Timestamp>,
}

/// Events in write order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Outbox {
    entries: Vec<Entry>,
    /// Deliveries the relay gave up on, by id.
    dead_letters: Vec<DeadLetter>,
}

impl Outbox {
    /// Records a dead letter, replacing one with the same id.
    pub(crate) fn record_dead_letter(&mut self, dead_letter: &DeadLetter) {
        self.dead_letters.retain(|d| d.id != dead_letter.id);
        self.dead_letters.push(dead_letter.clone());
    }

    /// The dead letters, oldest failure first (then by id), at most `limit`.
    pub(crate) fn dead_letters(&self, limit: usize) -> Vec<DeadLetter> {
        let mut all = self.dead_letters.clone();
        all.sort_by(|a, b| (a.failed_at, &a.id).cmp(&(b.failed_at, &b.id)));
        all.truncate(limit);
        all
    }

    /// The dead letter with this id.
    pub(crate) fn dead_letter(&self, id: &str) -> Option<&DeadLetter> {
        self.dead_letters.iter().find(|d| d.id == id)
    }

    /// Every dead letter, in no order.
    pub(crate) fn all_dead_letters(&self) -> impl Iterator<Item = &DeadLetter> {
        self.dead_letters.iter()
    }

    /// Deletes a dead letter; false when there was none.
    pub(crate) fn delete_dead_letter(&mut self, id: &str) -> bool {
        let before = self.dead_letters.len();
        self.dead_letters.retain(|d| d.id != id);
        self.dead_letters.len() < before
    }

    /// Appends a freshly written event.
    pub(crate) fn push(&mut self, record: EventRecord) {
        self.entries.push(Entry { record, leased_until: None, delivered: None });
    }

    /// How many events it holds.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets the events after the first `len` (those of a write that failed midway).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
    }

    /// Leases up to `limit` free undelivered events until `lease_until`.
    pub(crate) fn claim(&mut self, now: Timestamp, lease_until: Timestamp, limit: usize) -> Vec<EventRecord> {
        self.entries
            .iter_mut()
            .filter(|e| e.delivered.is_none() && e.leased_until.is_none_or(|l| l < now))
            .take(limit)
            .map(|e| {
                e.leased_until = Some(lease_until);
                e.record.clone()
            })
            .collect()
    }

    /// Marks `ids` delivered at `at`.
    pub(crate) fn mark_delivered(&mut self, ids: &[EventId], at: Timestamp) {
        for e in self.entries.iter_mut().filter(|e| ids.contains(&e.record.id)) {
            e.delivered = Some(at);
            e.leased_until = None;
        }
    }

    /// Extends the leases of the undelivered events among `ids` to `lease_until`.
    pub(crate) fn renew(&mut self, ids: &[EventId], lease_until: Timestamp) {
        for e in self.entries.iter_mut().filter(|e| e.delivered.is_none() && ids.contains(&e.record.id)) {
            e.leased_until = Some(lease_until);
        }
    }

    /// Ends the leases of the undelivered events among `ids`.
    pub(crate) fn release(&mut self, ids: &[EventId]) {
        for e in self.entries.iter_mut().filter(|e| e.delivered.is_none() && ids.contains(&e.record.id)) {
            e.leased_until = None;
        }
    }

    /// How many are undelivered, and the oldest of them.
    pub(crate) fn backlog(&self) -> Backlog {
        let mut undelivered = self.entries.iter().filter(|e| e.delivered.is_none());
        let oldest = undelivered.clone().map(|e| e.record.time).min();
        Backlog { undelivered: undelivered.by_ref().count() as u64, oldest }
    }

    /// Drops events delivered before `before`.
    pub(crate) fn prune(&mut self, before: Timestamp) -> u64 {
        let len = self.entries.len();
        self.entries.retain(|e| e.delivered.is_none_or(|d| d >= before));
        (len - self.entries.len()) as u64
    }
}
