//! Console sessions: an opaque random id in an `HttpOnly` cookie, the API token it stands
//! for kept on the server, a CSRF token per session, idle and absolute expiry, revocation.
//!
//! The table lives in this process (see the crate README for what that means for several
//! nodes). The map is keyed by the SHA-256 of the cookie value, so that a dump of the table
//! gives no usable cookie.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use grove_domain::ports::Clock;
use grove_domain::{Timestamp, Uidp};
use rand::RngCore as _;
use sha2::{Digest as _, Sha256};

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "grove_console";
/// Name of the cookie that carries the CSRF token of the sign-in form (double submit).
pub const SIGN_IN_COOKIE: &str = "grove_console_sign_in";
/// Name of the cookie that binds a provider login to the browser that started it.
pub const LOGIN_COOKIE: &str = "grove_console_login";
/// Most sessions kept at once; the oldest idle one goes first when full.
const MAX_SESSIONS: usize = 10_000;
/// Most provider logins under way at once.
const MAX_PENDING: usize = 10_000;
/// How long a provider login may take, in milliseconds.
pub const LOGIN_TTL_MS: i64 = 10 * 60 * 1000;

/// A message shown once on the next page (the result of a write, or why it was refused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flash {
    /// True for a refusal (shown as an alert), false for a confirmation.
    pub error: bool,
    /// The text.
    pub text: String,
    /// An invite code, shown this once.
    pub invite_code: Option<String>,
}

/// What a session holds.
#[derive(Debug, Clone)]
pub struct Session {
    /// The signed-in identity.
    pub identity: Uidp,
    /// The API token the console acts with; never leaves the server.
    pub token: String,
    /// When the API token expires (the session ends then unless it can be refreshed).
    pub token_expiry: Timestamp,
    /// The refresh token of a person's login, used when the API token expires.
    pub refresh_token: Option<String>,
    /// The CSRF token every write must carry.
    pub csrf: String,
    /// The last request, for idle expiry.
    pub last_seen: Timestamp,
    /// A message for the next page.
    pub flash: Option<Flash>,
    /// How the banner names the signed-in identity (read once).
    pub display: Option<String>,
}

/// A provider login under way: the PKCE verifier and where it was started from.
#[derive(Debug, Clone)]
pub struct PendingLogin {
    /// The PKCE verifier whose challenge went to `/sts/oauth/authorize`.
    pub verifier: String,
    /// When it was started.
    pub started: Timestamp,
}

/// The session table.
pub struct Sessions {
    clock: Arc<dyn Clock>,
    idle_ms: i64,
    sessions: Mutex<HashMap<[u8; 32], Session>>,
    pending: Mutex<HashMap<[u8; 32], PendingLogin>>,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions").field("idle_ms", &self.idle_ms).finish_non_exhaustive()
    }
}

/// A random value for a cookie or a form: 32 bytes, base64url.
#[must_use]
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

fn key(id: &str) -> [u8; 32] {
    Sha256::digest(id.as_bytes()).into()
}

/// Compares two secrets in time independent of where they differ.
#[must_use]
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (Sha256::digest(a.as_bytes()), Sha256::digest(b.as_bytes()));
    a.iter().zip(b.iter()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Sessions {
    /// An empty table whose sessions end after `idle_ms` without a request.
    #[must_use]
    pub fn new(clock: Arc<dyn Clock>, idle_ms: i64) -> Self {
        Self { clock, idle_ms, sessions: Mutex::default(), pending: Mutex::default() }
    }

    /// The current time.
    #[must_use]
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    fn live(&self, session: &Session, now: Timestamp) -> bool {
        now.unix_millis() - session.last_seen.unix_millis() < self.idle_ms
    }

    /// Starts a session for `identity` acting with `token`; returns the cookie value.
    pub fn start(
        &self,
        identity: Uidp,
        token: String,
        token_expiry: Timestamp,
        refresh_token: Option<String>,
    ) -> String {
        let id = random_token();
        let now = self.clock.now();
        let session = Session {
            identity,
            token,
            token_expiry,
            refresh_token,
            csrf: random_token(),
            last_seen: now,
            flash: None,
            display: None,
        };
        let mut map = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= MAX_SESSIONS {
            map.retain(|_, s| now.unix_millis() - s.last_seen.unix_millis() < self.idle_ms);
            if map.len() >= MAX_SESSIONS {
                if let Some(oldest) = map.iter().min_by_key(|(_, s)| s.last_seen).map(|(k, _)| *k) {
                    map.remove(&oldest);
                }
            }
        }
        map.insert(key(&id), session);
        id
    }

    /// The live session of cookie value `id`, marked as seen now; an idle one is ended.
    #[must_use]
    pub fn touch(&self, id: &str) -> Option<Session> {
        let now = self.clock.now();
        let mut map = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        let k = key(id);
        let live = map.get(&k).map(|s| self.live(s, now))?;
        if !live {
            map.remove(&k);
            return None;
        }
        let session = map.get_mut(&k)?;
        session.last_seen = now;
        Some(session.clone())
    }

    /// Replaces the API token of a session (after a refresh).
    pub fn renew(&self, id: &str, token: String, token_expiry: Timestamp, refresh_token: Option<String>) {
        let mut map = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(session) = map.get_mut(&key(id)) {
            session.token = token;
            session.token_expiry = token_expiry;
            session.refresh_token = refresh_token;
        }
    }

    /// Sets the message for the next page.
    pub fn flash(&self, id: &str, flash: Flash) {
        let mut map = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(session) = map.get_mut(&key(id)) {
            session.flash = Some(flash);
        }
    }

    /// Records how the banner names the signed-in identity.
    pub fn set_display(&self, id: &str, display: String) {
        let mut map = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(session) = map.get_mut(&key(id)) {
            session.display = Some(display);
        }
    }

    /// Takes the message for this page.
    #[must_use]
    pub fn take_flash(&self, id: &str) -> Option<Flash> {
        let mut map = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        map.get_mut(&key(id)).and_then(|s| s.flash.take())
    }

    /// Ends a session; returns it (for the refresh token to revoke) if it existed.
    pub fn end(&self, id: &str) -> Option<Session> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner).remove(&key(id))
    }

    /// Records a provider login under way; returns the value of its binding cookie.
    pub fn begin_login(&self, verifier: String) -> String {
        let id = random_token();
        let now = self.clock.now();
        let mut map = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        map.retain(|_, p| now.unix_millis() - p.started.unix_millis() < LOGIN_TTL_MS);
        if map.len() < MAX_PENDING {
            map.insert(key(&id), PendingLogin { verifier, started: now });
        }
        id
    }

    /// Takes the provider login bound to cookie value `id`, once, if it has not expired.
    #[must_use]
    pub fn finish_login(&self, id: &str) -> Option<PendingLogin> {
        let now = self.clock.now();
        let pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner).remove(&key(id))?;
        (now.unix_millis() - pending.started.unix_millis() < LOGIN_TTL_MS).then_some(pending)
    }
}

/// A `Set-Cookie` value: `HttpOnly`, `SameSite=Lax`, path `/console`, `Secure` when asked.
#[must_use]
pub fn cookie(name: &str, value: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={value}; Path=/console; HttpOnly; SameSite=Lax{secure}")
}

/// A `Set-Cookie` value that deletes cookie `name`.
#[must_use]
pub fn expired_cookie(name: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}=; Path=/console; Max-Age=0; HttpOnly; SameSite=Lax{secure}")
}

/// The value of cookie `name` in a `Cookie` header.
#[must_use]
pub fn read_cookie<'a>(header: Option<&'a str>, name: &str) -> Option<&'a str> {
    header?.split(';').filter_map(|pair| pair.trim().split_once('=')).find(|(n, _)| *n == name).map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct At(std::sync::atomic::AtomicI64);
    impl Clock for At {
        fn now(&self) -> Timestamp {
            Timestamp::from_unix_millis(self.0.load(std::sync::atomic::Ordering::SeqCst)).unwrap_or_else(|| panic!())
        }
    }

    #[test]
    fn a_session_ends_after_its_idle_time_and_a_request_before_keeps_it() {
        let clock = Arc::new(At(std::sync::atomic::AtomicI64::new(1_795_000_000_000)));
        let sessions = Sessions::new(clock.clone(), 1000);
        let expiry = clock.now();
        let id = sessions.start(Uidp::random_root(), "t".into(), expiry, None);
        clock.0.fetch_add(999, std::sync::atomic::Ordering::SeqCst);
        assert!(sessions.touch(&id).is_some());
        clock.0.fetch_add(999, std::sync::atomic::Ordering::SeqCst);
        assert!(sessions.touch(&id).is_some());
        clock.0.fetch_add(1000, std::sync::atomic::Ordering::SeqCst);
        assert!(sessions.touch(&id).is_none());
        assert!(sessions.touch(&id).is_none(), "an expired session is gone");
    }

    #[test]
    fn cookies_are_http_only_lax_under_console_and_secure_when_asked() {
        assert_eq!(cookie("a", "b", false), "a=b; Path=/console; HttpOnly; SameSite=Lax");
        assert_eq!(cookie("a", "b", true), "a=b; Path=/console; HttpOnly; SameSite=Lax; Secure");
        assert_eq!(read_cookie(Some("x=1; a=b; c=d"), "a"), Some("b"));
        assert_eq!(read_cookie(Some("x=1"), "a"), None);
    }

    #[test]
    fn secrets_compare_equal_only_when_identical() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", ""));
    }
}
