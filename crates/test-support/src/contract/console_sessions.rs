//! Console session cases: a session is found and touched with its message taken once (and
//! read without a write while its last request is recent and it holds no message),
//! changed (renewed tokens, a message, the banner name) and deleted once; an idle one is
//! gone when touched and pruned; a full table drops the session seen least recently; a
//! provider login is taken once, and not kept past the cap.

use std::sync::Arc;

use grove_domain::ports::{ConsoleSessionChange, ConsoleSessionRecord, PendingConsoleLogin, Store, StoredFlash};
use grove_domain::secrets::SealedSecret;
use grove_domain::Uidp;

use crate::fixtures::at;

fn sealed(s: &str) -> SealedSecret {
    SealedSecret::from_stored(format!("v1:k1:{s}"))
}

fn session(id_hash: &str, last_seen: i64) -> ConsoleSessionRecord {
    ConsoleSessionRecord {
        id_hash: id_hash.to_owned(),
        identity: Uidp::parse("0123456789abcdef0123456789abcdef01234567").expect("uid"),
        token: sealed("token"),
        token_expiry: at(3_600_000),
        refresh_token: Some(sealed("refresh")),
        csrf: "csrf-token".to_owned(),
        create_time: at(0),
        last_seen: at(last_seen),
        flash: None,
        display: None,
    }
}

/// A stored session comes back as stored when touched, its last request now the touch's time
/// (unless it was seen after the touch's write bound: then nothing is written); a message set
/// on it comes back on the next touch only (which writes whatever the bound); renewing
/// replaces both tokens and the expiry; the banner name stays; deleting answers the session
/// once.
pub async fn console_sessions_are_touched_changed_and_deleted_once(store: Arc<dyn Store>) {
    let stored = session("a1", 0);
    store.create_console_session(&stored, 10).await.expect("create");
    let touched = store.touch_console_session("a1", at(1_000), at(0), at(1_000)).await.expect("touch");
    assert_eq!(touched, Some(ConsoleSessionRecord { last_seen: at(1_000), ..stored.clone() }));
    assert_eq!(
        store.touch_console_session("b2", at(1_000), at(0), at(1_000)).await.expect("touch"),
        None,
        "unknown hash"
    );
    let read = store.touch_console_session("a1", at(1_500), at(0), at(500)).await.expect("touch");
    assert_eq!(
        read,
        Some(ConsoleSessionRecord { last_seen: at(1_000), ..stored.clone() }),
        "seen recently: not written"
    );

    let flash = StoredFlash { error: true, text: "Permission denied".to_owned(), invite_code: Some(sealed("code")) };
    assert!(store.change_console_session("a1", &ConsoleSessionChange::Flash(flash.clone())).await.expect("flash"));
    let renew = ConsoleSessionChange::Renew { token: sealed("t2"), token_expiry: at(7_200_000), refresh_token: None };
    assert!(store.change_console_session("a1", &renew).await.expect("renew"));
    let display = ConsoleSessionChange::Display("Ada".to_owned());
    assert!(store.change_console_session("a1", &display).await.expect("display"));
    assert!(!store.change_console_session("b2", &display).await.expect("display"), "no such session");

    let expected = ConsoleSessionRecord {
        token: sealed("t2"),
        token_expiry: at(7_200_000),
        refresh_token: None,
        last_seen: at(2_000),
        flash: Some(flash),
        display: Some("Ada".to_owned()),
        ..stored.clone()
    };
    let touched = store.touch_console_session("a1", at(2_000), at(1_000), at(0)).await.expect("touch");
    assert_eq!(touched, Some(expected.clone()), "a message is taken even when the session was seen recently");
    let again = store.touch_console_session("a1", at(3_000), at(2_000), at(3_000)).await.expect("touch");
    assert_eq!(again, Some(ConsoleSessionRecord { flash: None, last_seen: at(3_000), ..expected.clone() }), "taken");

    let deleted = store.delete_console_session("a1").await.expect("delete");
    assert_eq!(deleted, Some(ConsoleSessionRecord { flash: None, last_seen: at(3_000), ..expected }));
    assert_eq!(store.delete_console_session("a1").await.expect("delete"), None);
    assert_eq!(store.touch_console_session("a1", at(4_000), at(0), at(4_000)).await.expect("touch"), None);
}

/// A session last seen before the idle bound is answered `None` and deleted (a later touch
/// with an older bound finds nothing); the prune deletes exactly the sessions seen before
/// its bound and the logins started before its own, and counts them.
pub async fn idle_console_sessions_are_gone_when_touched_and_pruned(store: Arc<dyn Store>) {
    store.create_console_session(&session("idle", 0), 10).await.expect("create");
    assert_eq!(store.touch_console_session("idle", at(5_000), at(1), at(5_000)).await.expect("touch"), None);
    assert_eq!(
        store.touch_console_session("idle", at(5_000), at(0), at(5_000)).await.expect("touch"),
        None,
        "it was deleted"
    );

    for (hash, seen) in [("s1", 100), ("s2", 200), ("s3", 300)] {
        store.create_console_session(&session(hash, seen), 10).await.expect("create");
    }
    for (hash, started) in [("l1", 100), ("l2", 300)] {
        let login = PendingConsoleLogin { id_hash: hash.to_owned(), verifier: sealed("v"), started: at(started) };
        assert!(store.create_pending_console_login(&login, 10).await.expect("login"));
    }
    assert_eq!(store.prune_console_sessions(at(200), at(300)).await.expect("prune"), 2);
    assert_eq!(store.touch_console_session("s1", at(400), at(0), at(400)).await.expect("touch"), None);
    assert!(store.touch_console_session("s2", at(400), at(0), at(400)).await.expect("touch").is_some());
    assert!(store.touch_console_session("s3", at(400), at(0), at(400)).await.expect("touch").is_some());
    assert_eq!(store.take_pending_console_login("l1").await.expect("take"), None);
    assert!(store.take_pending_console_login("l2").await.expect("take").is_some());
    assert_eq!(store.prune_console_sessions(at(0), at(0)).await.expect("prune"), 0);
}

/// With `max` sessions stored, a new one replaces the one seen least recently (a touch
/// counts as being seen); the others stay.
pub async fn a_full_console_session_table_drops_the_least_recently_seen(store: Arc<dyn Store>) {
    store.create_console_session(&session("old", 100), 2).await.expect("create");
    store.create_console_session(&session("mid", 200), 2).await.expect("create");
    assert!(store.touch_console_session("old", at(300), at(0), at(300)).await.expect("touch").is_some());
    store.create_console_session(&session("new", 400), 2).await.expect("create");
    assert_eq!(
        store.touch_console_session("mid", at(500), at(0), at(500)).await.expect("touch"),
        None,
        "seen least recently"
    );
    assert!(store.touch_console_session("old", at(500), at(0), at(500)).await.expect("touch").is_some());
    assert!(store.touch_console_session("new", at(500), at(0), at(500)).await.expect("touch").is_some());
}

/// A provider login is taken once, as stored; none is kept while `max` are under way.
pub async fn pending_console_logins_are_taken_once_and_capped(store: Arc<dyn Store>) {
    let login = PendingConsoleLogin { id_hash: "p1".to_owned(), verifier: sealed("verifier"), started: at(10) };
    assert!(store.create_pending_console_login(&login, 2).await.expect("create"));
    assert_eq!(store.take_pending_console_login("p1").await.expect("take"), Some(login.clone()));
    assert_eq!(store.take_pending_console_login("p1").await.expect("take"), None, "once");

    assert!(store.create_pending_console_login(&login, 2).await.expect("create"));
    let second = PendingConsoleLogin { id_hash: "p2".to_owned(), ..login.clone() };
    assert!(store.create_pending_console_login(&second, 2).await.expect("create"));
    let third = PendingConsoleLogin { id_hash: "p3".to_owned(), ..login };
    assert!(!store.create_pending_console_login(&third, 2).await.expect("create"), "two under way already");
    assert_eq!(store.take_pending_console_login("p3").await.expect("take"), None);
}
