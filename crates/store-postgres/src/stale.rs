//! Which pooled connections may still be handed out after a sign of a failover.
//!
//! A connection that reports that its server went away, or that refuses a write because the
//! server is read-only, says the same of every connection opened before it: they all reach
//! the server that was the primary. The error mapping (`crate::error`) marks the moment;
//! the pool's `pre_recycle` hook (`crate::store`) then drops, at checkout, every connection
//! opened before it, and the pool opens new ones, which a multi-host URL with
//! `target_session_attrs=read-write` sends to whichever server is the primary now. Without
//! this, a connection to a server made read-only would be handed out again and again, each
//! write on it refused.
//!
//! The mark is process-wide because error mapping sees the error, not the pool. Pools of
//! other databases in the same process (tests) only reconnect once: harmless.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Nanoseconds after [`origin`] before which connections are stale (0: none is).
static STALE_BEFORE: AtomicU64 = AtomicU64::new(0);

/// How soon after one mark another one is logged (a failover raises many at once).
const LOG_INTERVAL: Duration = Duration::from_secs(1);

fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

fn nanos_since_origin(at: Instant) -> u64 {
    u64::try_from(at.saturating_duration_since(origin()).as_nanos()).unwrap_or(u64::MAX)
}

/// Marks every connection opened until now as stale; true when this is the first mark
/// within [`LOG_INTERVAL`] (worth a log line).
pub(crate) fn mark_connections_stale() -> bool {
    // Nanoseconds since the origin are at least 1 once it is set, so 0 stays "never".
    let _ = origin();
    let now = nanos_since_origin(Instant::now()).max(1);
    let before = STALE_BEFORE.fetch_max(now, Ordering::SeqCst);
    before == 0 || now.saturating_sub(before) >= u64::try_from(LOG_INTERVAL.as_nanos()).unwrap_or(u64::MAX)
}

/// True when a connection opened at `created` was opened before the last mark.
pub(crate) fn is_stale(created: Instant) -> bool {
    let before = STALE_BEFORE.load(Ordering::SeqCst);
    before != 0 && nanos_since_origin(created) < before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_opened_before_a_mark_are_stale_and_later_ones_are_not() {
        let _ = origin();
        let old = Instant::now();
        std::thread::sleep(Duration::from_millis(2));
        mark_connections_stale();
        std::thread::sleep(Duration::from_millis(2));
        let new = Instant::now();
        assert!(is_stale(old));
        assert!(!is_stale(new));
    }
}
