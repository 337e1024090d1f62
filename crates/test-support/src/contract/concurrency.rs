//! Races: uniqueness and delete-with-children checks hold under concurrent requests.

use crate::ev;
use std::future::Future;
use std::sync::{Arc, Barrier};

use grove_domain::listing::{ListFilter, UidpFilter};
use grove_domain::model::Group;
use grove_domain::ports::Store;
use grove_domain::{Error, Result, Uidp};
use tokio::task::JoinHandle;

use super::{list_uids, name_taken, not_found, some, Setup};
use crate::fixtures::{self, child_uid};

/// Runs `racer` on a thread of its own, starting when every racer sharing `start` is ready.
///
/// Tasks spawned onto the runtime would not do: a task woken by another often runs on the
/// same worker right after it, so two "concurrent" store calls that never await inside
/// would run one after the other. Blocking-pool threads run truly in parallel.
pub(crate) fn on_own_thread<F>(start: &Arc<Barrier>, racer: F) -> JoinHandle<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let (start, runtime) = (Arc::clone(start), tokio::runtime::Handle::current());
    tokio::task::spawn_blocking(move || {
        start.wait();
        runtime.block_on(racer)
    })
}

/// Sixteen concurrent creates of one group name under one parent: exactly one succeeds, the
/// others are `ALREADY_EXISTS`, and exactly the winner is stored.
pub async fn concurrent_creates_of_one_group_name_admit_exactly_one(store: Arc<dyn Store>) {
    const RACERS: usize = 16;
    let org = Setup(&*store).group(None, "acme").await;
    let start = Arc::new(Barrier::new(RACERS));
    let mut tasks = Vec::new();
    for i in 0..RACERS {
        let group = Group {
            uid: child_uid(&org.uid, "group", &format!("racer-{i}")),
            ..fixtures::group(Some(&org.uid), "contested")
        };
        let store = Arc::clone(&store);
        tasks.push(on_own_thread(&start, async move { (group.uid.clone(), store.create_group(&group, &ev()).await) }));
    }
    let mut winners = Vec::new();
    for task in tasks {
        let (uid, outcome) = task.await.expect("racer finishes");
        match outcome {
            Ok(()) => winners.push(uid),
            Err(e) => assert_eq!(e, name_taken("a group", "contested", "group", &org.uid)),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one create wins");
    let filter = ListFilter {
        uidp: UidpFilter { children_of: some(&org.uid), ..UidpFilter::default() },
        name: Some("contested".to_owned()),
        ..ListFilter::default()
    };
    assert_eq!(list_uids::<Group>(&*store, filter).await, (winners, 1));
}

/// Creates one child of `kind` in `parent`, returning its uid and the outcome.
async fn create_child(store: &dyn Store, parent: &Uidp, kind: usize) -> (Uidp, &'static str, Result<()>) {
    match kind % 4 {
        0 => {
            let repo = fixtures::repo(parent, "nginx");
            (repo.uid.clone(), "repos", store.create_repo(&repo, &ev()).await)
        }
        1 => {
            let group = fixtures::group(Some(parent), "child");
            (group.uid.clone(), "groups", store.create_group(&group, &ev()).await)
        }
        2 => {
            let identity = fixtures::identity(parent, "ci");
            (identity.uid.clone(), "identities", store.create_identity(&identity, &ev()).await)
        }
        _ => {
            let role = fixtures::role(parent, "puller", &[]);
            (role.uid.clone(), "roles", store.create_role(&role, &ev()).await)
        }
    }
}

async fn child_exists(store: &dyn Store, uid: &Uidp, kind: &str) -> bool {
    match kind {
        "repos" => store.get_repo(uid).await.expect("get").is_some(),
        "groups" => store.get_group(uid).await.expect("get").is_some(),
        "identities" => store.get_identity(uid).await.expect("get").is_some(),
        _ => store.get_role(uid).await.expect("get").is_some(),
    }
}

/// Twenty rounds of deleting a group while a child (repo, group, identity or role) is
/// created in it: exactly one of the two succeeds, and no child is ever orphaned.
pub async fn concurrent_delete_group_and_create_child_never_orphan(store: Arc<dyn Store>) {
    let org = Setup(&*store).group(None, "acme").await;
    for round in 0..20 {
        let victim = Setup(&*store).group(Some(&org.uid), &format!("victim-{round}")).await;
        let start = Arc::new(Barrier::new(2));
        let delete = {
            let (store, uid) = (Arc::clone(&store), victim.uid.clone());
            on_own_thread(&start, async move { store.delete_group(&uid, &ev()).await })
        };
        let create = {
            let (store, parent) = (Arc::clone(&store), victim.uid.clone());
            on_own_thread(&start, async move { create_child(&*store, &parent, round).await })
        };
        let deleted = delete.await.expect("delete finishes");
        let (child, kind, created) = create.await.expect("create finishes");
        match (deleted, created) {
            (Ok(()), Err(e)) => {
                assert_eq!(e, not_found("group", &victim.uid), "round {round}");
                assert_eq!(store.get_group(&victim.uid).await.expect("get"), None);
                assert!(!child_exists(&*store, &child, kind).await, "round {round}: no orphan");
            }
            (Err(e), Ok(())) => {
                assert_eq!(e, Error::not_empty(format!("cannot delete group with child {kind}")), "round {round}");
                assert!(store.get_group(&victim.uid).await.expect("get").is_some());
                assert!(child_exists(&*store, &child, kind).await, "round {round}");
            }
            (deleted, created) => {
                panic!("round {round}: exactly one must succeed, got delete {deleted:?} and create {created:?}")
            }
        }
    }
}

/// Writers racing a reader: [`WRITERS`] writers each create [`CREATES`] groups (below
/// `parent`, or below a team of their own that they create there first) and delete
/// [`DELETES`] of them, while a reader lists `filter` twenty times. Returns the group each
/// writer created its groups below, and every total the reader saw.
async fn writers_race_a_reader(
    store: &Arc<dyn Store>,
    parent: &Uidp,
    own_team: bool,
    filter: ListFilter,
) -> (Vec<Uidp>, Vec<u64>) {
    let start = Arc::new(Barrier::new(WRITERS + 1));
    let mut writers = Vec::new();
    for w in 0..WRITERS {
        let (store, parent) = (Arc::clone(store), parent.clone());
        writers.push(on_own_thread(&start, async move {
            let below = if own_team {
                let team = fixtures::group(Some(&parent), &format!("team-{w:02}"));
                store.create_group(&team, &ev()).await.expect("create team");
                team.uid
            } else {
                parent
            };
            let mut made = Vec::new();
            for i in 0..CREATES {
                let group = fixtures::group(Some(&below), &format!("w{w:02}-{i}"));
                store.create_group(&group, &ev()).await.expect("create");
                made.push(group.uid);
            }
            for uid in made.iter().take(DELETES) {
                store.delete_group(uid, &ev()).await.expect("delete");
            }
            below
        }));
    }
    let reader = {
        let store = Arc::clone(store);
        on_own_thread(&start, async move {
            let mut seen = Vec::new();
            for _ in 0..20 {
                seen.push(list_uids::<Group>(&*store, filter.clone()).await.1);
            }
            seen
        })
    };
    let mut parents = Vec::new();
    for writer in writers {
        parents.push(writer.await.expect("writer finishes"));
    }
    (parents, reader.await.expect("reader finishes"))
}

/// How many writers race in [`writers_race_a_reader`].
const WRITERS: usize = 16;
/// Groups each writer creates.
const CREATES: usize = 5;
/// Of which each writer deletes this many.
const DELETES: usize = 2;

fn below(filter: UidpFilter) -> ListFilter {
    ListFilter { uidp: filter, ..ListFilter::default() }
}

/// Totals under concurrent writes (counted rows): writers create and delete groups under one
/// parent while a reader lists its children; no total the reader sees counts more than was
/// ever created, and once the writers are done the total is exactly the rows that remain.
/// (The page and its count are two statements, so mid-race they may differ.)
pub async fn totals_stay_exact_under_concurrent_creates_and_deletes(store: Arc<dyn Store>) {
    let org = Setup(&*store).group(None, "counted").await;
    let children = below(UidpFilter { children_of: some(&org.uid), ..UidpFilter::default() });
    let (_, seen) = writers_race_a_reader(&store, &org.uid, false, children.clone()).await;
    let most = (WRITERS * CREATES) as u64;
    assert!(seen.iter().all(|total| *total <= most), "a total above {most} in {seen:?}");
    let (uids, total) = list_uids::<Group>(&*store, children).await;
    let remaining = WRITERS * (CREATES - DELETES);
    assert_eq!((uids.len(), total), (remaining, remaining as u64));
}

/// Descendant totals (read from per-group counters) under concurrent writes: each writer
/// creates a team in one organization and groups in it while a reader lists the
/// organization's descendants; no total the reader sees counts more than was ever created,
/// and afterwards the organization's and each team's totals are exact.
pub async fn descendant_totals_stay_exact_under_concurrent_creates_and_deletes(store: Arc<dyn Store>) {
    let org = Setup(&*store).group(None, "counted-below").await;
    let descendants = |uid: &Uidp| below(UidpFilter { descendants_of: some(uid), ..UidpFilter::default() });
    let (teams, seen) = writers_race_a_reader(&store, &org.uid, true, descendants(&org.uid)).await;
    let most = (WRITERS * (1 + CREATES)) as u64;
    assert!(seen.iter().all(|total| *total <= most), "a total above {most} in {seen:?}");
    let (uids, total) = list_uids::<Group>(&*store, descendants(&org.uid)).await;
    let remaining = WRITERS * (1 + CREATES - DELETES);
    assert_eq!((uids.len(), total), (remaining, remaining as u64));
    for team in &teams {
        let (uids, total) = list_uids::<Group>(&*store, descendants(team)).await;
        assert_eq!((uids.len(), total), (CREATES - DELETES, (CREATES - DELETES) as u64), "team {team}");
    }
}
