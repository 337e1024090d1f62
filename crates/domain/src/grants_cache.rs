//! A short-lived cache of each identity's grants, so that authenticating a request does not
//! cost a store query every time.
//!
//! It is safe to lose: every entry can be rebuilt from the store. On the node that makes a
//! change, every write that can change grants (bindings, roles, identity or group deletes,
//! new organizations) clears it at once and raises a [`GrantsChangedSignal`], through which
//! the other nodes clear theirs ([`GrantsCache::changed_elsewhere`]) within milliseconds;
//! the TTL stays the bound when a signal is lost (a node crashing between its commit and
//! the signal, a listening connection broken by a failover). A generation counter keeps a
//! lookup that raced with a clear from caching stale grants.
//! That an identity does not exist is cached alike, so a deleted identity's tokens cost no
//! more than a live one's.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::authz::Grants;
use crate::error::Result;
use crate::ports::{Clock, GrantsChangedSignal, RoleBindingStore};
use crate::uidp::Uidp;

/// How long grants stay cached unless a local write clears them first.
pub const DEFAULT_GRANTS_TTL_MS: i64 = 1_000;
/// Identities cached at most; the cache is emptied when it would grow past this.
const MAX_ENTRIES: usize = 10_000;

/// Each cached identity's grants (`None`: no such identity), with when they were fetched
/// (unix milliseconds).
type Entries = HashMap<Uidp, (i64, Option<Arc<Grants>>)>;

/// Cached `grants_of` answers.
pub struct GrantsCache {
    store: Arc<dyn RoleBindingStore>,
    clock: Arc<dyn Clock>,
    ttl_ms: AtomicI64,
    generation: AtomicU64,
    entries: Mutex<Entries>,
    signal: std::sync::OnceLock<Arc<dyn GrantsChangedSignal>>,
}

impl std::fmt::Debug for GrantsCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GrantsCache").field("ttl_ms", &self.ttl_ms).finish_non_exhaustive()
    }
}

impl GrantsCache {
    /// A cache over `store` with the default TTL.
    #[must_use]
    pub fn new(store: Arc<dyn RoleBindingStore>, clock: Arc<dyn Clock>) -> Self {
        Self {
            store,
            clock,
            ttl_ms: AtomicI64::new(DEFAULT_GRANTS_TTL_MS),
            generation: AtomicU64::new(0),
            entries: Mutex::new(HashMap::new()),
            signal: std::sync::OnceLock::new(),
        }
    }

    /// Tells other nodes through `signal` whenever a write here clears the cache (set once;
    /// later calls are ignored).
    pub fn signal_changes_with(&self, signal: Arc<dyn GrantsChangedSignal>) {
        let _ = self.signal.set(signal);
    }

    /// Changes the TTL; 0 turns caching off.
    pub fn set_ttl_ms(&self, ttl_ms: i64) {
        self.ttl_ms.store(ttl_ms.max(0), Ordering::Relaxed);
        self.clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets everything after a write here that may change anyone's grants, and tells the
    /// other nodes.
    pub fn clear(&self) {
        self.forget();
        if let Some(signal) = self.signal.get() {
            signal.grants_changed();
        }
    }

    /// Forgets everything because another node changed grants (or may have: its signal
    /// could have been missed), without telling anyone.
    pub fn changed_elsewhere(&self) {
        self.forget();
    }

    fn forget(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.lock().clear();
    }

    /// The grants of `identity`, from the cache when fresh (shared, not copied, with every
    /// request of the identity); `None` when the identity does not exist.
    ///
    /// # Errors
    /// Store failures.
    pub async fn grants_of(&self, identity: &Uidp) -> Result<Option<Arc<Grants>>> {
        let ttl = self.ttl_ms.load(Ordering::Relaxed);
        let now = self.clock.now().unix_millis();
        if ttl > 0 {
            if let Some((fetched, grants)) = self.lock().get(identity) {
                if now.saturating_sub(*fetched) < ttl {
                    return Ok(grants.clone());
                }
            }
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let grants: Option<Arc<Grants>> = self.store.grants_of(identity).await?.map(|list| Arc::new(Grants::new(list)));
        if ttl > 0 {
            let mut entries = self.lock();
            if self.generation.load(Ordering::SeqCst) == generation {
                if entries.len() >= MAX_ENTRIES {
                    entries.clear();
                }
                entries.insert(identity.clone(), (now, grants.clone()));
            }
        }
        Ok(grants)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicI64;

    use super::*;
    use crate::authz::Grant;
    use crate::capability::{Capability, CapabilitySet};
    use crate::ports::MockRoleBindingStore;
    use crate::time::Timestamp;

    struct Manual(AtomicI64);

    impl Clock for Manual {
        fn now(&self) -> Timestamp {
            Timestamp::from_unix_millis(self.0.load(Ordering::SeqCst)).unwrap()
        }
    }

    fn grant(org: &Uidp) -> Vec<Grant> {
        vec![Grant {
            group: org.clone(),
            capabilities: [Capability::GroupsList].into_iter().collect::<CapabilitySet>(),
        }]
    }

    fn cache(fetches: usize) -> (GrantsCache, Arc<Manual>, Uidp) {
        let org = Uidp::random_root();
        let answer = grant(&org);
        let mut store = MockRoleBindingStore::new();
        store.expect_grants_of().times(fetches).returning(move |_| Ok(Some(answer.clone())));
        let clock = Arc::new(Manual(AtomicI64::new(1_000_000)));
        (GrantsCache::new(Arc::new(store), clock.clone()), clock, org)
    }

    #[test]
    fn fresh_entries_are_served_without_a_store_query() {
        let (cache, _, org) = cache(1);
        let who = org.random_child();
        for _ in 0..3 {
            assert_eq!(
                futures_executor::block_on(cache.grants_of(&who)).unwrap().map(|g| g.as_slice().to_vec()),
                Some(grant(&org))
            );
        }
    }

    #[test]
    fn a_missing_identity_is_cached_as_missing_until_the_ttl_or_a_clear() {
        let mut store = MockRoleBindingStore::new();
        store.expect_grants_of().times(3).returning(|_| Ok(None));
        let clock = Arc::new(Manual(AtomicI64::new(1_000_000)));
        let cache = GrantsCache::new(Arc::new(store), clock.clone());
        let ghost = Uidp::random_root().random_child();
        for _ in 0..3 {
            assert_eq!(futures_executor::block_on(cache.grants_of(&ghost)).unwrap(), None);
        }
        clock.0.fetch_add(DEFAULT_GRANTS_TTL_MS, Ordering::SeqCst);
        assert_eq!(futures_executor::block_on(cache.grants_of(&ghost)).unwrap(), None);
        cache.clear();
        assert_eq!(futures_executor::block_on(cache.grants_of(&ghost)).unwrap(), None);
    }

    #[test]
    fn entries_older_than_the_ttl_are_fetched_again() {
        let (cache, clock, org) = cache(2);
        let who = org.random_child();
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
        clock.0.fetch_add(DEFAULT_GRANTS_TTL_MS, Ordering::SeqCst);
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
    }

    #[test]
    fn clear_forces_the_next_lookup_to_the_store() {
        let (cache, _, org) = cache(2);
        let who = org.random_child();
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
        cache.clear();
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
    }

    #[test]
    fn a_local_clear_signals_the_other_nodes_and_a_clear_from_elsewhere_does_not() {
        let (cache, _, org) = cache(3);
        let mut signal = crate::ports::MockGrantsChangedSignal::new();
        signal.expect_grants_changed().times(1).return_const(());
        cache.signal_changes_with(Arc::new(signal));
        let who = org.random_child();
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
        cache.clear();
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
        cache.changed_elsewhere();
        futures_executor::block_on(cache.grants_of(&who)).unwrap();
    }

    #[test]
    fn a_zero_ttl_turns_caching_off() {
        let (cache, _, org) = cache(3);
        cache.set_ttl_ms(0);
        let who = org.random_child();
        for _ in 0..3 {
            futures_executor::block_on(cache.grants_of(&who)).unwrap();
        }
    }
}
