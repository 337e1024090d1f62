//! Signals between nodes through `LISTEN`/`NOTIFY`, on two stores (two nodes) over one
//! database: a revocation made on one node holds on the other within 100 ms.

#![allow(clippy::unwrap_used)] // helpers outside #[test] fns: a failed unwrap is a failed test

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grove_domain::grants_cache::GrantsCache;
use grove_domain::ports::{GroupStore as _, IdentityStore as _, RoleBindingStore as _, SystemClock};
use grove_store_postgres::testing::TestDatabase;
use grove_store_postgres::{listen, NotificationHandlers, PostgresConfig, PostgresStore};
use grove_test_support::{ev, fixtures};

#[tokio::test]
async fn a_binding_deleted_on_one_node_is_honoured_by_another_within_100_ms() {
    let db = TestDatabase::create().await.unwrap();
    let here = db.store();
    let there = Arc::new(PostgresStore::connect(&PostgresConfig::new(db.url())).await.unwrap());
    let clock = Arc::new(SystemClock);
    let cache_here = GrantsCache::new(here.clone(), clock.clone());
    cache_here.signal_changes_with(here.grants_signal());
    let cache_there = Arc::new(GrantsCache::new(there.clone(), clock));
    // Long enough that only the signal can explain a fresh answer.
    cache_there.set_ttl_ms(60_000);
    let (cleared, cache) = (Arc::new(AtomicUsize::new(0)), cache_there.clone());
    let counter = cleared.clone();
    let listener = tokio::spawn(listen(
        db.url().to_owned(),
        there.node_id().to_owned(),
        NotificationHandlers {
            events: None,
            grants: Some(Box::new(move || {
                counter.fetch_add(1, Ordering::SeqCst);
                cache.changed_elsewhere();
            })),
        },
    ));
    // Listening has started once the handler ran for the (re)connection.
    let started = Instant::now();
    while cleared.load(Ordering::SeqCst) == 0 {
        assert!(started.elapsed() < Duration::from_secs(10), "the listener never started");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    let org = fixtures::group(None, "acme");
    here.create_group(&org, &ev()).await.unwrap();
    let robot = fixtures::identity(&org.uid, "robot");
    here.create_identity(&robot, &ev()).await.unwrap();
    let viewer = grove_domain::Uidp::parse(grove_domain::builtin::VIEWER).unwrap();
    let binding = fixtures::binding(&org.uid, &robot.uid, &viewer);
    here.create_role_binding(&binding, &ev()).await.unwrap();
    cache_here.clear();
    let granted = cache_there.grants_of(&robot.uid).await.unwrap().unwrap();
    assert_eq!(granted.as_slice().len(), 1);

    assert!(here.delete_role_binding(&binding.uid, &ev()).await.unwrap());
    cache_here.clear();
    let revoked = Instant::now();
    loop {
        let grants = cache_there.grants_of(&robot.uid).await.unwrap().unwrap();
        if grants.as_slice().is_empty() {
            break;
        }
        assert!(
            revoked.elapsed() < Duration::from_millis(100),
            "still granted {:?} after the revocation",
            revoked.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }

    listener.abort();
    drop((here, there));
    db.cleanup().await.unwrap();
}
