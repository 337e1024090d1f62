//! Store port of web console sessions, shared by every node on one store so that a browser's
//! requests may land on any of them: each session keyed by the SHA-256 of its cookie value
//! (the cookie itself is never stored), its API and refresh tokens sealed before the store
//! sees them, and the provider logins under way (their PKCE verifiers sealed likewise).

use async_trait::async_trait;

#[cfg(any(test, feature = "mock"))]
use mockall::automock;

use crate::error::Result;
use crate::secrets::SealedSecret;
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// A message for the next page of a session, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFlash {
    /// True for a refusal.
    pub error: bool,
    /// The text.
    pub text: String,
    /// An invite code to show once, sealed.
    pub invite_code: Option<SealedSecret>,
}

/// A console session as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleSessionRecord {
    /// SHA-256 of the cookie value, lower-case hex.
    pub id_hash: String,
    /// The signed-in identity.
    pub identity: Uidp,
    /// The API token the console acts with, sealed.
    pub token: SealedSecret,
    /// When the API token expires.
    pub token_expiry: Timestamp,
    /// The refresh token of a person's login, sealed.
    pub refresh_token: Option<SealedSecret>,
    /// The CSRF token every write must carry.
    pub csrf: String,
    /// When the session started.
    pub create_time: Timestamp,
    /// The last request (idle expiry counts from it).
    pub last_seen: Timestamp,
    /// A message for the next page.
    pub flash: Option<StoredFlash>,
    /// How the banner names the signed-in identity, once read.
    pub display: Option<String>,
}

/// A change to a stored session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConsoleSessionChange {
    /// A refreshed API token (and the refresh token that replaced the used one).
    Renew {
        /// The new API token, sealed.
        token: SealedSecret,
        /// When it expires.
        token_expiry: Timestamp,
        /// The next refresh token, sealed.
        refresh_token: Option<SealedSecret>,
    },
    /// The message for the next page (replacing any unread one).
    Flash(StoredFlash),
    /// How the banner names the identity.
    Display(String),
}

/// A provider login under way, bound to a browser by a cookie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingConsoleLogin {
    /// SHA-256 of the binding cookie's value, lower-case hex.
    pub id_hash: String,
    /// The PKCE verifier, sealed.
    pub verifier: SealedSecret,
    /// When it was started.
    pub started: Timestamp,
}

/// Console sessions and the provider logins under way.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait ConsoleSessionStore: Send + Sync {
    /// Stores a new session. When `max` sessions are stored already, first removes the ones
    /// seen least recently until there is room.
    ///
    /// # Errors
    /// Only store failures.
    async fn create_console_session(&self, session: &ConsoleSessionRecord, max: usize) -> Result<()>;

    /// The session of `id_hash` when it was last seen at or after `idle_since`. When it was
    /// last seen before `write_before`, or holds a message, it is marked seen at `now` and its
    /// message taken (the answer carries both; the store no longer holds the message);
    /// otherwise it is answered as stored and nothing is written (so that most requests only
    /// read). A session last seen before `idle_since` is deleted and `None` answered.
    ///
    /// # Errors
    /// Only store failures.
    async fn touch_console_session(
        &self,
        id_hash: &str,
        now: Timestamp,
        idle_since: Timestamp,
        write_before: Timestamp,
    ) -> Result<Option<ConsoleSessionRecord>>;

    /// Applies `change` to the session of `id_hash`; `false` when there is none.
    ///
    /// # Errors
    /// Only store failures.
    async fn change_console_session(&self, id_hash: &str, change: &ConsoleSessionChange) -> Result<bool>;

    /// Deletes the session of `id_hash`; answers it as it was, if there was one.
    ///
    /// # Errors
    /// Only store failures.
    async fn delete_console_session(&self, id_hash: &str) -> Result<Option<ConsoleSessionRecord>>;

    /// Records a provider login under way, unless `max` are under way already (`false`).
    ///
    /// # Errors
    /// Only store failures.
    async fn create_pending_console_login(&self, login: &PendingConsoleLogin, max: usize) -> Result<bool>;

    /// Takes (deletes and answers) the provider login of `id_hash`, once.
    ///
    /// # Errors
    /// Only store failures.
    async fn take_pending_console_login(&self, id_hash: &str) -> Result<Option<PendingConsoleLogin>>;

    /// Deletes the sessions last seen before `idle_since` and the logins started before
    /// `logins_since`; answers how many rows went.
    ///
    /// # Errors
    /// Only store failures.
    async fn prune_console_sessions(&self, idle_since: Timestamp, logins_since: Timestamp) -> Result<u64>;
}
