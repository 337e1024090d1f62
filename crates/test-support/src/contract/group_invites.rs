//! Group invites: round trips, references that must exist, the `key_id` filter and every
//! order, invites going with their group, and redemption: the binding, the single-use mark
//! and both events in one transaction, revoked and used invites refused with nothing
//! written, and concurrent redemptions of one single-use invite admitting exactly one.

use std::sync::{Arc, Barrier};

use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::error::Error;
use grove_domain::events::{EventRecord, EventType, NewEvent};
use grove_domain::listing::{Direction, ListFilter, ListQuery, Ordering, SortField, Visibility};
use grove_domain::model::{GroupInvite, InviteEmail, RoleBinding};
use grove_domain::ports::Store;
use grove_domain::Uidp;

use super::{all, list, not_found, orders, sorted_uids, uids, walk, Setup};
use crate::ev;
use crate::fixtures::{at, child_uid};

/// An invite to `group` granting `role`, created at `at(created)`, signed by `key_id`.
pub(crate) fn invite(group: &Uidp, name: &str, role: &str, key_id: &str, created: i64) -> GroupInvite {
    GroupInvite {
        uid: child_uid(group, "group invite", name),
        role_uid: Uidp::parse(role).expect("a role uid"),
        email: InviteEmail::parse("email", "dev@acme.example").expect("valid email"),
        expiration_time: at(created + 86_400_000),
        single_use: false,
        key_id: key_id.to_owned(),
        create_time: at(created),
        used_time: None,
    }
}

async fn create(store: &dyn Store, i: &GroupInvite) {
    store.create_group_invite(i, &ev()).await.expect("invite is created");
}

fn revoked(uid: &Uidp) -> Error {
    Error::precondition("INVITE_REVOKED", format!("invite {uid} has been revoked"))
}

fn used(uid: &Uidp) -> Error {
    Error::precondition("INVITE_USED", format!("invite {uid} is single-use and has already been used"))
}

/// An invite round-trips; its group and role must exist; delete removes it once; deleting
/// the group removes its invites.
pub async fn group_invite_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let i = invite(&team.uid, "one", VIEWER, "k1", 10);
    create(&*store, &i).await;
    assert_eq!(store.get_group_invite(&i.uid).await, Ok(Some(i.clone())));

    let missing_group = Uidp::parse(&format!("{}/00000000000000ff", org.uid)).expect("uid");
    let orphan = invite(&missing_group, "orphan", VIEWER, "k1", 11);
    assert_eq!(store.create_group_invite(&orphan, &ev()).await, Err(not_found("group", &missing_group)));
    let missing_role = Uidp::parse(&format!("{}/00000000000000ee", org.uid)).expect("uid");
    let bad_role = invite(&team.uid, "bad role", missing_role.as_str(), "k1", 12);
    assert_eq!(store.create_group_invite(&bad_role, &ev()).await, Err(not_found("role", &missing_role)));
    assert_eq!(store.get_group_invite(&bad_role.uid).await, Ok(None));

    store.delete_group_invite(&i.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_group_invite(&i.uid).await, Ok(None));
    assert_eq!(store.delete_group_invite(&i.uid, &ev()).await, Err(not_found("group invite", &i.uid)));

    let kept = invite(&team.uid, "kept", VIEWER, "k1", 13);
    create(&*store, &kept).await;
    store.delete_group(&team.uid, &ev()).await.expect("a group with invites only is deleted");
    assert_eq!(store.get_group_invite(&kept.uid).await, Ok(None));
}

/// `key_id` filters by signing key; every order and page walk agrees with the reference.
pub async fn group_invites_filter_order_and_page(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let other = s.group(None, "other").await;
    let mut made = Vec::new();
    for (n, key) in ["k1", "k2", "k1", "k2", "k1"].iter().enumerate() {
        let created = i64::try_from(n).expect("small") * 1000;
        let i = invite(&org.uid, &format!("i{n}"), VIEWER, key, created);
        create(&*store, &i).await;
        made.push(i);
    }
    // Two invites created at the same millisecond: uid breaks the tie.
    let tie = invite(&org.uid, "tie", VIEWER, "k1", 0);
    create(&*store, &tie).await;
    made.push(tie);
    create(&*store, &invite(&other.uid, "elsewhere", VIEWER, "k1", 0)).await;

    let k1 = ListFilter { key_id: Some("k1".to_owned()), ..ListFilter::default() };
    let page = list::<GroupInvite>(&*store, &all(k1.clone())).await;
    let expected: Vec<GroupInvite> = made.iter().filter(|i| i.key_id == "k1").cloned().collect();
    assert_eq!(page.total, 5, "four of acme and one of other");
    let none = ListFilter { key_id: Some("k9".to_owned()), ..ListFilter::default() };
    assert_eq!(list::<GroupInvite>(&*store, &all(none)).await.total, 0);

    let visibility = Visibility { scopes: Some(vec![org.uid.clone()].into()), root_level: false };
    for order in orders(&[SortField::Uid, SortField::CreateTime]) {
        let query = ListQuery { order, ..ListQuery::all(k1.clone(), visibility.clone(), 1_000) };
        let rows = walk::<GroupInvite>(&*store, &query, 2, 4).await;
        assert_eq!(uids(&rows), sorted_uids(&expected, order), "order {order:?}");
    }
    let newest_first = Ordering { field: SortField::CreateTime, direction: Direction::Desc };
    let query = ListQuery { order: newest_first, ..ListQuery::all(ListFilter::default(), visibility, 1_000) };
    let rows = list::<GroupInvite>(&*store, &query).await.items;
    assert_eq!(uids(&rows), sorted_uids(&made, newest_first));
}

async fn pending(store: &dyn Store) -> Vec<EventRecord> {
    store.claim_events(at(2), at(3), 1_000).await.expect("claim")
}

async fn drain(store: &dyn Store) {
    let setup = store.claim_events(at(0), at(1), 1_000).await.expect("claim setup events");
    let ids: Vec<_> = setup.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, at(0)).await.expect("deliver setup events");
}

fn binding(group: &Uidp, identity: &Uidp, role: &Uidp, created: i64) -> RoleBinding {
    RoleBinding {
        uid: child_uid(group, "binding", &format!("{identity} {role}")),
        identity_uid: identity.clone(),
        role_uid: role.clone(),
        create_time: at(created),
    }
}

/// A redemption writes the binding, marks a single-use invite used and stores both events;
/// a second redemption, a revoked invite and a binding already held are refused with
/// nothing written.
pub async fn redeeming_an_invite_binds_marks_it_used_and_stores_both_events(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let people = s.group(None, "people").await;
    let alice = s.identity(&people.uid, "alice").await;
    let bob = s.identity(&people.uid, "bob").await;
    let once = GroupInvite { single_use: true, ..invite(&team.uid, "once", VIEWER, "k1", 10) };
    create(&*store, &once).await;
    drain(&*store).await;
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let viewer = Uidp::from_static(VIEWER);

    let b = binding(&team.uid, &alice.uid, &viewer, 20);
    let bound = NewEvent::new(EventType::RoleBindingCreated, &b.uid, at(20), renderer.clone());
    let registered = NewEvent::new(EventType::Registered, &b.uid, at(20), renderer.clone());
    store.redeem_group_invite(&once.uid, &b, &bound, &registered).await.expect("first redemption");
    let view = store.get_role_binding(&b.uid).await.expect("get").expect("bound");
    assert_eq!((view.identity.uid.clone(), view.role.uid.clone()), (alice.uid.clone(), viewer.clone()));
    let stored = store.get_group_invite(&once.uid).await.expect("get").expect("kept");
    assert_eq!(stored.used_time, Some(at(20)));
    let events = pending(&*store).await;
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!((events[0].id.clone(), events[1].id.clone()), (bound.id.clone(), registered.id.clone()));
    assert_eq!(events[1].event_type.as_str(), "dev.chainguard.api.auth.registered.v1");
    assert_eq!((&events[1].group, &events[1].subject), (&team.uid, &b.uid));
    let data: serde_json::Value = serde_json::from_str(&events[1].data).expect("JSON");
    assert_eq!(data, serde_json::json!({ "identity": alice.uid.as_str(), "group": team.uid.as_str() }));
    let ids: Vec<_> = events.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, at(2)).await.expect("deliver");

    let again = binding(&team.uid, &bob.uid, &viewer, 30);
    let refused = store.redeem_group_invite(&once.uid, &again, &ev(), &ev()).await;
    assert_eq!(refused, Err(used(&once.uid)));
    assert_eq!(store.get_role_binding(&again.uid).await, Ok(None));

    let many = invite(&team.uid, "many", VIEWER, "k1", 11);
    create(&*store, &many).await;
    store.delete_group_invite(&many.uid, &ev()).await.expect("revoke");
    assert_eq!(store.redeem_group_invite(&many.uid, &again, &ev(), &ev()).await, Err(revoked(&many.uid)));
    assert_eq!(store.get_role_binding(&again.uid).await, Ok(None));

    let open = invite(&team.uid, "open", VIEWER, "k1", 12);
    create(&*store, &open).await;
    let twice = RoleBinding { uid: team.uid.random_child(), ..b.clone() };
    let err = store.redeem_group_invite(&open.uid, &twice, &ev(), &ev()).await.expect_err("already held");
    assert_eq!(
        err,
        Error::AlreadyExists(format!("identity {} already holds role {viewer} in group {}", alice.uid, team.uid))
    );
    let ok = binding(&team.uid, &bob.uid, &viewer, 40);
    store.redeem_group_invite(&open.uid, &ok, &ev(), &ev()).await.expect("a multi-use invite is used again");
    let multi = store.get_group_invite(&open.uid).await.expect("get").expect("kept");
    assert_eq!(multi.used_time, None, "a multi-use invite is never marked used");
    drain(&*store).await;
    let owner = binding(&team.uid, &bob.uid, &Uidp::from_static(OWNER), 50);
    let gone = Uidp::parse(&format!("{}/00000000000000ab", team.uid)).expect("uid");
    assert_eq!(store.redeem_group_invite(&gone, &owner, &ev(), &ev()).await, Err(revoked(&gone)));
    assert_eq!(pending(&*store).await, Vec::new(), "a refused redemption writes no event");
}

/// Sixteen concurrent redemptions of one single-use invite by sixteen identities: exactly
/// one binds; the others are `INVITE_USED` and bind nothing.
pub async fn concurrent_redemptions_of_a_single_use_invite_admit_exactly_one(store: Arc<dyn Store>) {
    const RACERS: usize = 16;
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let people = s.group(None, "people").await;
    let once = GroupInvite { single_use: true, ..invite(&org.uid, "once", VIEWER, "k1", 10) };
    create(&*store, &once).await;
    let viewer = Uidp::from_static(VIEWER);
    let start = Arc::new(Barrier::new(RACERS));
    let mut tasks = Vec::new();
    for i in 0..RACERS {
        let who = s.identity(&people.uid, &format!("racer-{i}")).await;
        let b = binding(&org.uid, &who.uid, &viewer, 20);
        let (store, uid) = (Arc::clone(&store), once.uid.clone());
        tasks.push(super::concurrency::on_own_thread(&start, async move {
            let outcome = store.redeem_group_invite(&uid, &b, &ev(), &ev()).await;
            (b.uid, outcome)
        }));
    }
    let mut winners = Vec::new();
    for task in tasks {
        let (uid, outcome) = task.await.expect("racer finishes");
        match outcome {
            Ok(()) => winners.push(uid),
            Err(e) => assert_eq!(e, used(&once.uid)),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one redemption wins");
    let bindings = list::<grove_domain::model::RoleBindingView>(
        &*store,
        &all(ListFilter { group: Some(org.uid.clone()), ..ListFilter::default() }),
    )
    .await;
    assert_eq!(uids(&bindings.items), winners);
}
