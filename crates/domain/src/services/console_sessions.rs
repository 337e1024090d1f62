//! Web console sessions over [`ConsoleSessionStore`]: an opaque random cookie value whose
//! SHA-256 keys the stored session, the API and refresh tokens sealed under the server's
//! key-encryption key with that hash in the associated data (so a sealed token copied onto
//! another session's row does not open), idle expiry, a cap on how many sessions are kept,
//! the message shown once on the next page, and provider logins under way.
//!
//! Every node on one store shares the sessions when they share the keyring (configured
//! `secrets.key_encryption_keys`). Without a configured key the sessions are sealed under a
//! key of this process: they work on this node only and end when it restarts.

use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use rand::RngCore as _;
use sha2::{Digest as _, Sha256};

use crate::error::Result;
use crate::ports::{
    Clock, ConsoleSessionChange, ConsoleSessionRecord, ConsoleSessionStore, PendingConsoleLogin, StoredFlash,
};
use crate::secrets::{SealedSecret, SecretKeyring};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// Most sessions kept at once; the one seen least recently goes first when full.
pub const MAX_CONSOLE_SESSIONS: usize = 10_000;
/// Most provider logins under way at once.
pub const MAX_PENDING_CONSOLE_LOGINS: usize = 10_000;
/// How long a provider login may take, in milliseconds.
pub const CONSOLE_LOGIN_TTL_MS: i64 = 10 * 60 * 1000;
/// Default idle time after which a session ends: 30 minutes.
pub const DEFAULT_CONSOLE_IDLE_MS: i64 = 30 * 60 * 1000;
/// Longest a session's last request goes unwritten: a request writes its time only when the
/// stored one is older than this (or 1/30 of the idle time, when shorter), so most requests
/// only read the session. A session thus ends between that much before and its idle time
/// after its last request.
pub const CONSOLE_SEEN_GRANULARITY_MS: i64 = 60 * 1000;

const TOKEN_AAD: &[u8] = b"grove console session api token v1\0";
const REFRESH_AAD: &[u8] = b"grove console session refresh token v1\0";
const INVITE_AAD: &[u8] = b"grove console session invite code v1\0";
const VERIFIER_AAD: &[u8] = b"grove console login pkce verifier v1\0";

/// A message shown once on the next page (the result of a write, or why it was refused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleFlash {
    /// True for a refusal (shown as an alert), false for a confirmation.
    pub error: bool,
    /// The text.
    pub text: String,
    /// An invite code, shown this once.
    pub invite_code: Option<String>,
}

/// A live session, its tokens opened.
#[derive(Clone, PartialEq, Eq)]
pub struct ConsoleSession {
    /// The signed-in identity.
    pub identity: Uidp,
    /// The API token the console acts with; never leaves the server.
    pub token: String,
    /// When the API token expires.
    pub token_expiry: Timestamp,
    /// The refresh token of a person's login.
    pub refresh_token: Option<String>,
    /// The CSRF token every write must carry.
    pub csrf: String,
    /// Its last request as stored (this one's, or one at most a minute older).
    pub last_seen: Timestamp,
    /// The message for this page (taken: the next page will not show it again).
    pub flash: Option<ConsoleFlash>,
    /// How the banner names the signed-in identity, once read.
    pub display: Option<String>,
}

impl std::fmt::Debug for ConsoleSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConsoleSession")
            .field("identity", &self.identity)
            .field("token_expiry", &self.token_expiry)
            .field("last_seen", &self.last_seen)
            .finish_non_exhaustive()
    }
}

/// A random value for a cookie or a form: 32 bytes, base64url.
#[must_use]
pub fn random_console_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The key of a cookie value in the store: its SHA-256, lower-case hex.
#[must_use]
pub fn console_id_hash(cookie_value: &str) -> String {
    hex::encode(Sha256::digest(cookie_value.as_bytes()))
}

fn aad(label: &[u8], id_hash: &str) -> Vec<u8> {
    let mut aad = label.to_vec();
    aad.extend_from_slice(id_hash.as_bytes());
    aad
}

/// Console sessions: start, find (and touch), renew, flash, end; provider logins.
#[derive(Clone)]
pub struct ConsoleSessionService {
    store: Arc<dyn ConsoleSessionStore>,
    clock: Arc<dyn Clock>,
    keyring: Arc<SecretKeyring>,
    idle_ms: i64,
}

impl std::fmt::Debug for ConsoleSessionService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConsoleSessionService").field("idle_ms", &self.idle_ms).finish_non_exhaustive()
    }
}

impl ConsoleSessionService {
    /// Sessions on `store`, sealed under a key of this process, idle after 30 minutes.
    #[must_use]
    pub fn new(store: Arc<dyn ConsoleSessionStore>, clock: Arc<dyn Clock>) -> Self {
        Self { store, clock, keyring: Arc::new(SecretKeyring::ephemeral()), idle_ms: DEFAULT_CONSOLE_IDLE_MS }
    }

    /// The same service sealing with `keyring` (an empty one keeps the process key).
    #[must_use]
    pub fn with_secret_keyring(mut self, keyring: Arc<SecretKeyring>) -> Self {
        if !keyring.is_empty() {
            self.keyring = keyring;
        }
        self
    }

    /// The same service ending sessions after `idle_ms` without a request.
    #[must_use]
    pub const fn with_idle_ms(mut self, idle_ms: i64) -> Self {
        self.idle_ms = idle_ms;
        self
    }

    /// Milliseconds without a request after which a session ends.
    #[must_use]
    pub const fn idle_ms(&self) -> i64 {
        self.idle_ms
    }

    /// The current time.
    #[must_use]
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    fn before(&self, now: Timestamp, ms: i64) -> Timestamp {
        Timestamp::from_unix_millis(now.unix_millis().saturating_sub(ms)).unwrap_or(now)
    }

    fn seal(&self, label: &[u8], id_hash: &str, text: &str) -> Result<SealedSecret> {
        self.keyring.seal_bytes(&aad(label, id_hash), text.as_bytes())
    }

    fn open(&self, label: &[u8], id_hash: &str, sealed: &SealedSecret) -> Option<String> {
        self.keyring.open_bytes(&aad(label, id_hash), sealed).and_then(|b| String::from_utf8(b).ok())
    }

    /// Starts a session for `identity` acting with `token`; answers the cookie value. Ended
    /// and idle sessions are pruned first; when [`MAX_CONSOLE_SESSIONS`] remain, the one
    /// seen least recently makes room.
    ///
    /// # Errors
    /// Store failures.
    pub async fn start(
        &self,
        identity: Uidp,
        token: &str,
        token_expiry: Timestamp,
        refresh_token: Option<&str>,
    ) -> Result<String> {
        let id = random_console_token();
        let id_hash = console_id_hash(&id);
        let now = self.clock.now();
        self.store
            .prune_console_sessions(self.before(now, self.idle_ms), self.before(now, CONSOLE_LOGIN_TTL_MS))
            .await?;
        let record = ConsoleSessionRecord {
            token: self.seal(TOKEN_AAD, &id_hash, token)?,
            refresh_token: refresh_token.map(|r| self.seal(REFRESH_AAD, &id_hash, r)).transpose()?,
            id_hash,
            identity,
            token_expiry,
            csrf: random_console_token(),
            create_time: now,
            last_seen: now,
            flash: None,
            display: None,
        };
        self.store.create_console_session(&record, MAX_CONSOLE_SESSIONS).await?;
        Ok(id)
    }

    /// How stale a session's stored last request may be before a request writes its own.
    fn granularity_ms(&self) -> i64 {
        (self.idle_ms / 30).clamp(0, CONSOLE_SEEN_GRANULARITY_MS)
    }

    /// The live session of cookie value `id`, marked as seen now (see
    /// [`CONSOLE_SEEN_GRANULARITY_MS`]), with its message taken; an idle one is ended. A session whose tokens do not open here (sealed under a key this
    /// server does not hold, or tampered with) is ended too.
    ///
    /// # Errors
    /// Store failures.
    pub async fn touch(&self, id: &str) -> Result<Option<ConsoleSession>> {
        let id_hash = console_id_hash(id);
        let now = self.clock.now();
        let (idle_since, write_before) = (self.before(now, self.idle_ms - 1), self.before(now, self.granularity_ms()));
        let Some(record) = self.store.touch_console_session(&id_hash, now, idle_since, write_before).await? else {
            return Ok(None);
        };
        let token = self.open(TOKEN_AAD, &id_hash, &record.token);
        let refresh = match &record.refresh_token {
            None => Some(None),
            Some(r) => self.open(REFRESH_AAD, &id_hash, r).map(Some),
        };
        let (Some(token), Some(refresh_token)) = (token, refresh) else {
            self.store.delete_console_session(&id_hash).await?;
            return Ok(None);
        };
        let flash = record.flash.map(|f| ConsoleFlash {
            error: f.error,
            text: f.text,
            invite_code: f.invite_code.and_then(|c| self.open(INVITE_AAD, &id_hash, &c)),
        });
        Ok(Some(ConsoleSession {
            identity: record.identity,
            token,
            token_expiry: record.token_expiry,
            refresh_token,
            csrf: record.csrf,
            last_seen: record.last_seen,
            flash,
            display: record.display,
        }))
    }

    /// Replaces the API token of a session (after a refresh).
    ///
    /// # Errors
    /// Store failures.
    pub async fn renew(
        &self,
        id: &str,
        token: &str,
        token_expiry: Timestamp,
        refresh_token: Option<&str>,
    ) -> Result<()> {
        let id_hash = console_id_hash(id);
        let change = ConsoleSessionChange::Renew {
            token: self.seal(TOKEN_AAD, &id_hash, token)?,
            token_expiry,
            refresh_token: refresh_token.map(|r| self.seal(REFRESH_AAD, &id_hash, r)).transpose()?,
        };
        self.store.change_console_session(&id_hash, &change).await?;
        Ok(())
    }

    /// Sets the message for the next page.
    ///
    /// # Errors
    /// Store failures.
    pub async fn flash(&self, id: &str, flash: ConsoleFlash) -> Result<()> {
        let id_hash = console_id_hash(id);
        let stored = StoredFlash {
            error: flash.error,
            text: flash.text,
            invite_code: flash.invite_code.map(|c| self.seal(INVITE_AAD, &id_hash, &c)).transpose()?,
        };
        self.store.change_console_session(&id_hash, &ConsoleSessionChange::Flash(stored)).await?;
        Ok(())
    }

    /// Records how the banner names the signed-in identity.
    ///
    /// # Errors
    /// Store failures.
    pub async fn set_display(&self, id: &str, display: String) -> Result<()> {
        self.store.change_console_session(&console_id_hash(id), &ConsoleSessionChange::Display(display)).await?;
        Ok(())
    }

    /// Ends a session; answers its refresh token (to revoke) when it had one that opens.
    ///
    /// # Errors
    /// Store failures.
    pub async fn end(&self, id: &str) -> Result<Option<String>> {
        let id_hash = console_id_hash(id);
        let ended = self.store.delete_console_session(&id_hash).await?;
        Ok(ended.and_then(|r| r.refresh_token).and_then(|r| self.open(REFRESH_AAD, &id_hash, &r)))
    }

    /// Records a provider login under way; answers the value of its binding cookie (when
    /// [`MAX_PENDING_CONSOLE_LOGINS`] are under way, the login is not kept and its callback
    /// will be refused).
    ///
    /// # Errors
    /// Store failures.
    pub async fn begin_login(&self, verifier: &str) -> Result<String> {
        let id = random_console_token();
        let id_hash = console_id_hash(&id);
        let now = self.clock.now();
        self.store
            .prune_console_sessions(self.before(now, self.idle_ms), self.before(now, CONSOLE_LOGIN_TTL_MS))
            .await?;
        let login =
            PendingConsoleLogin { verifier: self.seal(VERIFIER_AAD, &id_hash, verifier)?, id_hash, started: now };
        self.store.create_pending_console_login(&login, MAX_PENDING_CONSOLE_LOGINS).await?;
        Ok(id)
    }

    /// Takes the PKCE verifier of the provider login bound to cookie value `id`, once, if it
    /// has not expired.
    ///
    /// # Errors
    /// Store failures.
    pub async fn finish_login(&self, id: &str) -> Result<Option<String>> {
        let id_hash = console_id_hash(id);
        let now = self.clock.now();
        let Some(login) = self.store.take_pending_console_login(&id_hash).await? else { return Ok(None) };
        if now.unix_millis() - login.started.unix_millis() >= CONSOLE_LOGIN_TTL_MS {
            return Ok(None);
        }
        Ok(self.open(VERIFIER_AAD, &id_hash, &login.verifier))
    }
}
