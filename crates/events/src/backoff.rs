//! Exponential backoff with full jitter, bounded in time.

use std::time::Duration;

/// How failed deliveries are retried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The delay before the first retry (before jitter).
    pub initial: Duration,
    /// The longest delay between two attempts.
    pub max: Duration,
    /// No attempt starts later than this after the first one.
    pub give_up_after: Duration,
}

impl RetryPolicy {
    /// The delay after failed attempt number `attempt` (1-based): `initial · 2^(attempt-1)`
    /// capped at `max`, then a uniformly random share of it between half and all of it, so
    /// that receivers recovering from an outage are not hit by every relay at once.
    #[must_use]
    pub fn delay(&self, attempt: u32) -> Duration {
        let base = self.initial.saturating_mul(2u32.saturating_pow(attempt.saturating_sub(1).min(30))).min(self.max);
        base.mul_f64(rand::random::<f64>().mul_add(0.5, 0.5))
    }

    /// Whether another attempt may start after `delay`, `elapsed` after the first one.
    #[must_use]
    pub fn may_retry(&self, elapsed: Duration, delay: Duration) -> bool {
        elapsed + delay <= self.give_up_after
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_from_the_initial_one_up_to_the_cap_with_at_most_half_taken_off() {
        let policy = RetryPolicy {
            initial: Duration::from_millis(100),
            max: Duration::from_millis(1_000),
            give_up_after: Duration::from_secs(60),
        };
        for (attempt, base) in [(1, 100), (2, 200), (3, 400), (4, 800), (5, 1_000), (40, 1_000)] {
            for _ in 0..50 {
                let d = policy.delay(attempt).as_millis();
                assert!((base / 2..=base).contains(&d), "attempt {attempt}: {d} ms not in [{}, {base}]", base / 2);
            }
        }
    }

    #[test]
    fn no_retry_starts_after_the_bound() {
        let policy = RetryPolicy {
            initial: Duration::from_millis(1),
            max: Duration::from_secs(1),
            give_up_after: Duration::from_secs(10),
        };
        assert!(policy.may_retry(Duration::from_secs(9), Duration::from_secs(1)));
        assert!(!policy.may_retry(Duration::from_secs(9), Duration::from_millis(1_001)));
    }
}
