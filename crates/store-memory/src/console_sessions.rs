//! [`ConsoleSessionStore`] in this process: sessions and provider logins under their own
//! lock (a console request does not wait for the data's lock, nor the data for it).

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use async_trait::async_trait;
use grove_domain::ports::{ConsoleSessionChange, ConsoleSessionRecord, ConsoleSessionStore, PendingConsoleLogin};
use grove_domain::{Result, Timestamp};

use crate::MemoryStore;

/// The sessions and the logins under way, each keyed by its hash.
#[derive(Debug, Default)]
pub(crate) struct ConsoleSessions {
    sessions: HashMap<String, ConsoleSessionRecord>,
    logins: HashMap<String, PendingConsoleLogin>,
}

impl MemoryStore {
    fn console(&self) -> std::sync::MutexGuard<'_, ConsoleSessions> {
        self.console.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A new lock around empty tables.
pub(crate) fn empty() -> Mutex<ConsoleSessions> {
    Mutex::default()
}

#[async_trait]
impl ConsoleSessionStore for MemoryStore {
    async fn create_console_session(&self, session: &ConsoleSessionRecord, max: usize) -> Result<()> {
        let mut c = self.console();
        while c.sessions.len() >= max.max(1) {
            let Some(oldest) =
                c.sessions.values().min_by_key(|s| (s.last_seen, s.id_hash.clone())).map(|s| s.id_hash.clone())
            else {
                break;
            };
            c.sessions.remove(&oldest);
        }
        c.sessions.insert(session.id_hash.clone(), session.clone());
        Ok(())
    }

    async fn touch_console_session(
        &self,
        id_hash: &str,
        now: Timestamp,
        idle_since: Timestamp,
        write_before: Timestamp,
    ) -> Result<Option<ConsoleSessionRecord>> {
        let mut c = self.console();
        let Some(session) = c.sessions.get_mut(id_hash) else { return Ok(None) };
        if session.last_seen < idle_since {
            c.sessions.remove(id_hash);
            return Ok(None);
        }
        if session.last_seen >= write_before && session.flash.is_none() {
            return Ok(Some(session.clone()));
        }
        session.last_seen = now;
        let answer = session.clone();
        session.flash = None;
        Ok(Some(answer))
    }

    async fn change_console_session(&self, id_hash: &str, change: &ConsoleSessionChange) -> Result<bool> {
        let mut c = self.console();
        let Some(session) = c.sessions.get_mut(id_hash) else { return Ok(false) };
        match change {
            ConsoleSessionChange::Renew { token, token_expiry, refresh_token } => {
                session.token = token.clone();
                session.token_expiry = *token_expiry;
                session.refresh_token = refresh_token.clone();
            }
            ConsoleSessionChange::Flash(flash) => session.flash = Some(flash.clone()),
            ConsoleSessionChange::Display(display) => session.display = Some(display.clone()),
        }
        Ok(true)
    }

    async fn delete_console_session(&self, id_hash: &str) -> Result<Option<ConsoleSessionRecord>> {
        Ok(self.console().sessions.remove(id_hash))
    }

    async fn create_pending_console_login(&self, login: &PendingConsoleLogin, max: usize) -> Result<bool> {
        let mut c = self.console();
        if c.logins.len() >= max {
            return Ok(false);
        }
        c.logins.insert(login.id_hash.clone(), login.clone());
        Ok(true)
    }

    async fn take_pending_console_login(&self, id_hash: &str) -> Result<Option<PendingConsoleLogin>> {
        Ok(self.console().logins.remove(id_hash))
    }

    async fn prune_console_sessions(&self, idle_since: Timestamp, logins_since: Timestamp) -> Result<u64> {
        let mut c = self.console();
        let before = c.sessions.len() + c.logins.len();
        c.sessions.retain(|_, s| s.last_seen >= idle_since);
        c.logins.retain(|_, l| l.started >= logins_since);
        Ok(u64::try_from(before - c.sessions.len() - c.logins.len()).unwrap_or(u64::MAX))
    }
}
