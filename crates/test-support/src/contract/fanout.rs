//! Callers with many scopes (issue 41): whatever the number of scopes and however they nest,
//! overlap or lie apart, a list shows exactly the owner's rows that lie at or below one of
//! them, with the same totals, in every order and across pages.

use std::sync::Arc;

use grove_domain::builtin::VIEWER;
use grove_domain::listing::{Direction, ListFilter, ListQuery, Ordering, Scopes, SortField, UidpFilter, Visibility};
use grove_domain::model::{Group, Identity, Repo, Role, RoleBindingView, Tag};
use grove_domain::ports::Store;
use grove_domain::Uidp;

use super::{list, named, uids, walk, Listed, Setup};
use crate::fixtures::{child_uid, root_uid};

/// An organization of `TEAMS` teams of `CHILDREN` groups each, every child holding a repo with
/// a tag, an identity, a custom role and a binding; and a second organization alike but
/// smaller. Names repeat across teams so that a name filter matches in many subtrees.
struct Forest {
    org: Uidp,
    teams: Vec<Uidp>,
    children: Vec<Vec<Uidp>>,
    other: Uidp,
    other_team: Uidp,
}

const TEAMS: usize = 6;
const CHILDREN: usize = 4;

async fn forest(store: &dyn Store) -> Forest {
    let s = Setup(store);
    let org = s.group(None, "fanout").await.uid;
    let other = s.group(None, "elsewhere").await.uid;
    let other_team = s.group(Some(&other), "team-0").await.uid;
    let mut teams = Vec::new();
    let mut children = Vec::new();
    for t in 0..TEAMS {
        let team = s.group(Some(&org), &format!("team-{t}")).await.uid;
        let mut kids = Vec::new();
        for c in 0..CHILDREN {
            let child = s.group(Some(&team), &format!("child-{c}")).await.uid;
            populate(&s, &child, c).await;
            kids.push(child);
        }
        populate(&s, &team, t).await;
        teams.push(team);
        children.push(kids);
    }
    populate(&s, &other_team, 0).await;
    populate(&s, &org, 0).await;
    Forest { org, teams, children, other, other_team }
}

/// One of each listed kind inside `group`.
async fn populate(s: &Setup<'_>, group: &Uidp, n: usize) {
    let repo = s.repo(group, &format!("app-{}", n % 2)).await;
    s.tag(&repo.uid, "latest", char::from(b'a' + u8::try_from(n % 6).unwrap_or(0))).await;
    let identity = s.identity(group, &format!("robot-{}", n % 2)).await;
    s.role(group, &format!("custom-{}", n % 2), &[]).await;
    s.binding(group, &identity.uid, &Uidp::from_static(VIEWER)).await;
}

/// The reference: what the owner lists with `filter` in `order`, kept when some scope holds it
/// (tested row by row here, independently of any store).
async fn owners_rows_within<T: Listed>(
    store: &dyn Store,
    filter: &ListFilter,
    order: Ordering,
    scopes: &[Uidp],
) -> Vec<Uidp> {
    let everything = ListQuery { order, ..ListQuery::all(filter.clone(), Visibility::everything(), 1_000) };
    let owners = list::<T>(store, &everything).await;
    assert!(owners.items.len() < 1_000, "the owner's list fits one page");
    owners
        .items
        .iter()
        .map(|row| row.uid().clone())
        .filter(|uid| scopes.iter().any(|scope| uid.is_self_or_descendant_of(scope)))
        .collect()
}

/// Lists `filter` as a caller with `scopes` in each of `orders`, whole and in pages of
/// three, and compares rows and totals with the owner's rows inside those scopes.
async fn assert_sees_owners_rows<T: Listed>(
    store: &dyn Store,
    filter: &ListFilter,
    scopes: &[Uidp],
    orders: &[Ordering],
    label: &str,
) {
    let visibility = Visibility { scopes: Some(Scopes::new(scopes.iter().cloned())), root_level: false };
    for &order in orders {
        let expected = owners_rows_within::<T>(store, filter, order, scopes).await;
        let query = ListQuery { order, ..ListQuery::all(filter.clone(), visibility.clone(), 1_000) };
        let page = list::<T>(store, &query).await;
        assert_eq!(uids(&page.items), expected, "{label}: rows in order {order:?}");
        assert_eq!(page.total, expected.len() as u64, "{label}: total in order {order:?}");
        let walked = walk::<T>(store, &query, 3, expected.len() as u64).await;
        assert_eq!(uids(&walked), expected, "{label}: pages of three in order {order:?}");
        let skipped = list::<T>(store, &ListQuery { skip: 1, limit: 2, ..query.clone() }).await;
        let after_one: Vec<Uidp> = expected.iter().skip(1).take(2).cloned().collect();
        assert_eq!(uids(&skipped.items), after_one, "{label}: skip one, take two in order {order:?}");
        assert_eq!(skipped.total, expected.len() as u64, "{label}: total beside a skip in order {order:?}");
    }
}

/// Scope sets of every shape over the forest: nested, overlapping, disjoint, across
/// organizations, with groups that do not exist, and thousands of them.
fn scope_sets(f: &Forest) -> Vec<(&'static str, Vec<Uidp>)> {
    let nested = vec![
        f.teams[0].clone(),
        f.children[0][1].clone(),
        child_uid(&f.children[0][2], "group", "deeper"),
        f.children[3][0].clone(),
    ];
    let overlapping = vec![
        f.children[1][0].clone(),
        f.teams[1].clone(),
        f.children[1][0].clone(),
        f.children[2][3].clone(),
        f.children[2][3].clone(),
    ];
    let disjoint: Vec<Uidp> = f
        .children
        .iter()
        .enumerate()
        .map(|(t, kids)| kids[t % CHILDREN].clone())
        .chain([f.other_team.clone()])
        .collect();
    // Thousands of scopes, nearly all of them groups that do not exist (at three depths and
    // in organizations that do not exist), around a few that do.
    let mut many: Vec<Uidp> = (0..3_000)
        .map(|i| match i % 3 {
            0 => child_uid(&f.org, "group", &format!("absent-{i}")),
            1 => child_uid(&f.teams[i % TEAMS], "group", &format!("absent-{i}")),
            _ => root_uid(&format!("absent-{i}")),
        })
        .collect();
    many.extend([f.children[4][2].clone(), f.teams[5].clone(), f.children[5][1].clone(), f.other.clone()]);
    vec![
        ("one child", vec![f.children[2][1].clone()]),
        ("nested", nested),
        ("overlapping", overlapping),
        ("disjoint", disjoint),
        ("thousands", many),
        ("the organization and more", vec![f.org.clone(), f.teams[2].clone(), f.other_team.clone()]),
        ("none that exist", vec![root_uid("absent"), child_uid(&f.org, "group", "absent")]),
    ]
}

fn by(field: SortField, direction: Direction) -> Ordering {
    Ordering { field, direction }
}

/// Groups, identities, roles, bindings, repos and tags: a caller with many scopes lists
/// exactly the owner's rows inside them, unfiltered, below the organization, below a team,
/// by name, and as children of a team.
pub async fn many_scopes_list_exactly_the_owners_rows_inside_them(store: Arc<dyn Store>) {
    let f = forest(&*store).await;
    let below = |uid: &Uidp| ListFilter {
        uidp: UidpFilter { descendants_of: Some(uid.clone()), ..UidpFilter::default() },
        ..ListFilter::default()
    };
    let children = |uid: &Uidp| ListFilter {
        uidp: UidpFilter { children_of: Some(uid.clone()), ..UidpFilter::default() },
        ..ListFilter::default()
    };
    let filters: Vec<(&str, ListFilter)> = vec![
        ("unfiltered", ListFilter::default()),
        ("below the organization", below(&f.org)),
        ("below team 1", below(&f.teams[1])),
        ("children of team 0", children(&f.teams[0])),
    ];
    let uid_orders = [by(SortField::Uid, Direction::Asc), by(SortField::Uid, Direction::Desc)];
    let named_orders = [by(SortField::Uid, Direction::Asc), by(SortField::Name, Direction::Desc)];
    for (set, scopes) in scope_sets(&f) {
        for (what, filter) in &filters {
            let label = format!("{set} scopes, {what}");
            assert_sees_owners_rows::<Group>(&*store, filter, &scopes, &named_orders, &label).await;
            assert_sees_owners_rows::<Identity>(&*store, filter, &scopes, &named_orders, &label).await;
            assert_sees_owners_rows::<Role>(&*store, filter, &scopes, &uid_orders, &label).await;
            assert_sees_owners_rows::<RoleBindingView>(&*store, filter, &scopes, &uid_orders, &label).await;
            assert_sees_owners_rows::<Repo>(&*store, filter, &scopes, &named_orders, &label).await;
            assert_sees_owners_rows::<Tag>(&*store, filter, &scopes, &uid_orders, &label).await;
        }
        // A name: its few rows are read first and the scopes tested on them.
        let label = format!("{set} scopes, by name");
        assert_sees_owners_rows::<Group>(&*store, &named("child-1"), &scopes, &uid_orders, &label).await;
        assert_sees_owners_rows::<Group>(&*store, &named("child-1"), &scopes, &named_orders, &label).await;
        assert_sees_owners_rows::<Repo>(&*store, &named("app-1"), &scopes, &uid_orders, &label).await;
        assert_sees_owners_rows::<Identity>(&*store, &named("robot-1"), &scopes, &named_orders, &label).await;
        assert_sees_owners_rows::<Role>(&*store, &named("custom-0"), &scopes, &uid_orders, &label).await;
        let label = format!("{set} scopes, by name below the organization");
        let named_below = ListFilter { name: Some("child-2".to_owned()), ..below(&f.org) };
        assert_sees_owners_rows::<Group>(&*store, &named_below, &scopes, &named_orders, &label).await;
        let label = format!("{set} scopes, a name nobody has");
        assert_sees_owners_rows::<Group>(&*store, &named("nobody"), &scopes, &uid_orders, &label).await;
    }
}

/// Root-level rows (the built-in roles) stay visible beside thousands of scopes, and the
/// caller's own roles are the owner's inside the scopes.
pub async fn many_scopes_with_root_level_add_the_built_in_roles(store: Arc<dyn Store>) {
    let f = forest(&*store).await;
    let mut scopes: Vec<Uidp> = (0..2_000).map(|i| child_uid(&f.teams[i % TEAMS], "group", &format!("x{i}"))).collect();
    scopes.push(f.children[3][3].clone());
    scopes.push(f.teams[4].clone());
    let visibility = Visibility { scopes: Some(Scopes::new(scopes.iter().cloned())), root_level: true };
    let everything =
        list::<Role>(&*store, &ListQuery::all(ListFilter::default(), Visibility::everything(), 1_000)).await;
    let expected: Vec<Uidp> = everything
        .items
        .iter()
        .map(|role| role.uid.clone())
        .filter(|uid| uid.is_root() || scopes.iter().any(|scope| uid.is_self_or_descendant_of(scope)))
        .collect();
    let page = list::<Role>(&*store, &ListQuery::all(ListFilter::default(), visibility.clone(), 1_000)).await;
    assert_eq!(uids(&page.items), expected);
    assert_eq!(page.total, expected.len() as u64);
    assert_eq!(expected.iter().filter(|uid| !uid.is_root()).count(), 1 + (CHILDREN + 1), "child 3.3 and team 4's");

    // By name: a built-in role's name and a custom role's, read first and tested here.
    let viewer = Uidp::from_static(VIEWER);
    let builtin_name = everything.items.iter().find(|role| role.uid == viewer).map(|role| role.name.to_string());
    for name in [builtin_name.unwrap_or_default(), "custom-1".to_owned()] {
        let filter = named(&name);
        let owners = list::<Role>(&*store, &ListQuery::all(filter.clone(), Visibility::everything(), 1_000)).await;
        let expected: Vec<Uidp> = owners
            .items
            .iter()
            .map(|role| role.uid.clone())
            .filter(|uid| uid.is_root() || scopes.iter().any(|scope| uid.is_self_or_descendant_of(scope)))
            .collect();
        assert!(!expected.is_empty(), "{name}: some role of that name is visible");
        let page = list::<Role>(&*store, &ListQuery::all(filter, visibility.clone(), 1_000)).await;
        assert_eq!(uids(&page.items), expected, "{name}");
        assert_eq!(page.total, expected.len() as u64, "{name}");
    }
}
