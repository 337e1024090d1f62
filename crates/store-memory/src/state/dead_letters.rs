//! Dead letters in memory: listed by the reference paging, and replayed or deleted with the
//! event (and audit entry) of the change.

use grove_domain::events::{DeadLetter, EventData, NewEvent};
use grove_domain::listing::{apply_in_memory, ListQuery, StorePage};
use grove_domain::{Error, Result};

use super::State;

impl State {
    pub(crate) fn list_dead_letter_page(&mut self, query: &ListQuery) -> StorePage<DeadLetter> {
        let matches = |d: &DeadLetter| d.matches(&query.filter);
        let rows: Vec<DeadLetter> = self.outbox().all_dead_letters().cloned().collect();
        apply_in_memory(rows.into_iter(), query, matches)
    }

    pub(crate) fn remove_dead_letter(&mut self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()> {
        if self.outbox().dead_letter(&dead_letter.id).is_none() {
            return Err(gone(dead_letter));
        }
        self.emit(Some(event), EventData::DeadLetter(dead_letter))?;
        self.outbox().delete_dead_letter(&dead_letter.id);
        Ok(())
    }

    pub(crate) fn update_dead_letter(&mut self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()> {
        if self.outbox().dead_letter(&dead_letter.id).is_none() {
            return Err(gone(dead_letter));
        }
        self.emit(Some(event), EventData::DeadLetter(dead_letter))?;
        self.outbox().record_dead_letter(dead_letter);
        Ok(())
    }
}

fn gone(dead_letter: &DeadLetter) -> Error {
    Error::NotFound(format!("dead letter {} does not exist", dead_letter.id))
}
