//! Ports: the traits through which the domain reaches storage, time, randomness and tokens.
//!
//! Adapters implement them (`grove-store-memory`, `grove-store-postgres`, `grove-sts`);
//! tests use the `Mock*` types generated with the `mock` feature.

mod stores;

pub use stores::*;

use crate::error::Result;
use crate::time::Timestamp;
use crate::uidp::Uidp;

#[cfg(any(test, feature = "mock"))]
use mockall::automock;

/// The source of "now", so tests control time.
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait Clock: Send + Sync {
    /// The current time, truncated to milliseconds.
    fn now(&self) -> Timestamp;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_datetime(chrono::Utc::now())
    }
}

/// The source of new uids, so tests control them.
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait IdGenerator: Send + Sync {
    /// A fresh organization uid.
    fn new_root(&self) -> Uidp;
    /// A fresh uid directly below `parent`.
    fn new_child(&self, parent: &Uidp) -> Uidp;
}

/// Random uids from the thread-local CSPRNG.
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn new_root(&self) -> Uidp {
        Uidp::random_root()
    }
    fn new_child(&self, parent: &Uidp) -> Uidp {
        parent.random_child()
    }
}

/// What a verified API token says about its bearer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedToken {
    /// The identity the token was issued to (`sub`).
    pub subject: Uidp,
    /// When the token stops being valid (`exp`).
    pub expires_at: Timestamp,
}

/// Checks API tokens presented as `Authorization: Bearer <token>`.
#[cfg_attr(any(test, feature = "mock"), automock)]
pub trait ApiTokenVerifier: Send + Sync {
    /// Verifies `token` (signature by a key this server holds, issuer, audience, expiry).
    ///
    /// # Errors
    /// `UNAUTHENTICATED` for any token that is malformed, foreign, expired or badly signed;
    /// the message never reveals which key or check failed beyond a short reason.
    fn verify(&self, token: &str) -> Result<VerifiedToken>;
}
