//! A caller's scopes are data, not statement text (issue 41): the plans of a list for a
//! caller with 10 scopes and one with 10 000 have the same shape (page and count). A list of
//! the hierarchy alone joins each scope to its own uid range (a nested loop over the scope
//! array, stopping at the limit). A list with a name first reads the uids of that name without
//! any scope (its index finds them), tests the scopes on them in the store, and pages through
//! the visible ones by uid; when the name has too many rows for that, visibility is a hashed
//! sub-select on the rows the name's index finds. None writes one condition per scope.

// Helpers outside #[test] fns unwrap too: there a failure is the test failing.
#![allow(clippy::unwrap_used)]

use diesel_async::SimpleAsyncConnection as _;
use grove_domain::listing::{
    Cursor, Direction, ListFilter, ListQuery, Ordering, Scopes, SortField, SortKey, UidpFilter, Visibility, COUNT_CAP,
    MAX_COUNTED_SUBTREES,
};
use grove_domain::model::Group;
use grove_domain::names::{Description, GroupName};
use grove_domain::ports::GroupStore;
use grove_domain::{Timestamp, Uidp};
use grove_store_postgres::testing::TestDatabase;
use grove_store_postgres::{ListPlans, ListResource, PostgresStore};
use grove_test_support::ev;

const TEAMS: usize = 200;
const CHILDREN: usize = 100;

fn group(uid: Uidp, name: &str) -> Group {
    let at = Timestamp::from_unix_millis(1_000).unwrap();
    Group {
        uid,
        name: GroupName::parse("name", name).unwrap(),
        description: Description::default(),
        verified: false,
        create_time: at,
        update_time: at,
    }
}

/// 200 teams of 100 groups below `org`, as the issue measured; the children's uids.
async fn seed(store: &PostgresStore, org: &Uidp) -> Vec<Uidp> {
    store.create_group(&group(org.clone(), "org"), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    conn.batch_execute(&format!(
        "INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{org}/' || lpad(to_hex(t), 16, '0'), '{org}', 'team-' || t, '', now(), now()
         FROM generate_series(1, {TEAMS}) AS t;
         INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{org}/' || lpad(to_hex(t), 16, '0') || '/' || lpad(to_hex(c), 16, '0'),
                '{org}/' || lpad(to_hex(t), 16, '0'), 'group-' || c, '', now() - c * interval '1 second', now()
         FROM generate_series(1, {TEAMS}) AS t, generate_series(1, {CHILDREN}) AS c;"
    ))
    .await
    .unwrap();
    // Alone: VACUUM refuses to run inside the implicit transaction of a batch.
    conn.batch_execute("VACUUM ANALYZE groups").await.unwrap();
    (1..=TEAMS)
        .flat_map(|t| (1..=CHILDREN).map(move |c| Uidp::parse(&format!("{org}/{t:016x}/{c:016x}")).unwrap()))
        .collect()
}

/// `n` of `children`, spread evenly over every team.
fn spread(children: &[Uidp], n: usize) -> Scopes {
    let step = children.len() / n;
    children.iter().step_by(step).take(n).cloned().collect()
}

/// A plan's shape: its nodes and the kinds of their conditions, without costs, row counts,
/// or the values PostgreSQL prints into conditions.
fn shape(plan: &[String]) -> Vec<String> {
    plan.iter()
        .map(|line| {
            let line = line.split("  (cost=").next().unwrap_or(line);
            match line.find(": ") {
                Some(colon) => line[..colon].to_owned(),
                None => line.to_owned(),
            }
        })
        .collect()
}

/// A list whose plans are compared: what it is, its filter, order, cursor and limit, and
/// whether its page is joined scope by scope.
type Shape = (&'static str, ListFilter, Ordering, Option<Cursor>, u64, bool);

fn plans_text(plans: &ListPlans) -> String {
    format!(
        "page:\n{}\ncount:\n{}\ncandidates:\n{}",
        plans.page.join("\n"),
        plans.count.join("\n"),
        plans.candidates.join("\n")
    )
}

#[tokio::test]
async fn ten_scopes_and_ten_thousand_have_the_same_plan_shape_on_twenty_thousand_groups() {
    let db = TestDatabase::create().await.expect("a test database (is PostgreSQL running at TEST_DATABASE_URL?)");
    let store = db.store();
    let org = Uidp::random_root();
    let children = seed(&store, &org).await;
    let below_org = ListFilter {
        uidp: UidpFilter { descendants_of: Some(org.clone()), ..UidpFilter::default() },
        ..ListFilter::default()
    };
    let cursor = Cursor { key: SortKey::Uid, uid: children[CHILDREN * 3].clone() };
    let by_name = Ordering { field: SortField::Name, direction: Direction::Asc };
    let uid_desc = Ordering { field: SortField::Uid, direction: Direction::Desc };
    let name_filter = ListFilter { name: Some("group-7".to_owned()), ..below_org.clone() };
    let shapes: Vec<Shape> = vec![
        ("page 1 below the organization", below_org.clone(), Ordering::default(), None, 51, true),
        ("a 200-row page after a cursor", below_org.clone(), Ordering::default(), Some(cursor.clone()), 201, true),
        ("a page in descending uid order after a cursor", below_org.clone(), uid_desc, Some(cursor), 51, true),
        ("page 1 by name", below_org.clone(), by_name, None, 51, false),
        ("an exact name", name_filter, Ordering::default(), None, 51, false),
        ("unfiltered", ListFilter::default(), Ordering::default(), None, 51, true),
    ];
    for (what, filter, order, after, limit, page_per_scope) in shapes {
        let query = |n: usize| ListQuery {
            filter: filter.clone(),
            visibility: Visibility { scopes: Some(spread(&children, n)), root_level: false },
            order,
            after: after.clone(),
            skip: 0,
            limit,
            count_total: true,
        };
        let few = store.explain_list(ListResource::Groups, &query(10)).await.unwrap();
        let many = store.explain_list(ListResource::Groups, &query(10_000)).await.unwrap();
        assert_eq!(
            shape(&few.page),
            shape(&many.page),
            "{what}: page\n{}\n---\n{}",
            plans_text(&few),
            plans_text(&many)
        );
        assert_eq!(
            shape(&few.count),
            shape(&many.count),
            "{what}: count\n{}\n---\n{}",
            plans_text(&few),
            plans_text(&many)
        );
        assert_eq!(
            shape(&few.candidates),
            shape(&many.candidates),
            "{what}: candidates\n{}\n---\n{}",
            plans_text(&few),
            plans_text(&many)
        );
        let count_per_scope = filter.name.is_none();
        for plans in [&few, &many] {
            let candidates = plans.candidates.join("\n");
            if filter.name.is_some() {
                assert!(
                    candidates.contains("Index Only Scan using groups_name_uid_idx"),
                    "{what}: the name's candidates come from its index\n{}",
                    plans_text(plans)
                );
                assert!(!candidates.contains("SubPlan"), "{what}: candidates test no scope\n{}", plans_text(plans));
            } else {
                assert!(candidates.is_empty(), "{what}: no candidates without a name\n{}", plans_text(plans));
            }
            let text = plans_text(plans);
            let (page, count) = (plans.page.join("\n"), plans.count.join("\n"));
            // The page scans the scopes with their ordinality (its order); the count, in any
            // order, yields them one at a time from the select list.
            for (statement, per_scope, scan) in
                [(&page, page_per_scope, "Function Scan on unnest scope"), (&count, count_per_scope, "ProjectSet")]
            {
                if per_scope {
                    assert!(
                        statement.contains("Nested Loop") && statement.contains(scan),
                        "{what}: each scope joined to its range\n{text}"
                    );
                    assert!(!statement.contains("Sort"), "{what}: no sort\n{text}");
                } else {
                    assert!(
                        statement.contains("hashed SubPlan"),
                        "{what}: visibility is one hashed sub-select\n{text}"
                    );
                }
            }
            assert!(!plans.has_seq_scan(), "{what}: no sequential scan\n{text}");
            assert!(!text.contains(" OR ((uid"), "{what}: no condition per scope\n{text}");
        }
    }

    // The page among a name's visible candidates: their uids in place of the scopes, found
    // through the name's index for ten of them and a thousand.
    let among = |n: usize| ListQuery {
        filter: ListFilter {
            name: Some("group-7".to_owned()),
            uidp: UidpFilter {
                descendants_of: Some(org.clone()),
                ids: spread(&children, n).iter().cloned().collect(),
                ..UidpFilter::default()
            },
            ..ListFilter::default()
        },
        ..ListQuery::all(ListFilter::default(), Visibility::everything(), 51)
    };
    for n in [10, 1_000] {
        let plans = store.explain_list(ListResource::Groups, &among(n)).await.unwrap();
        let page = shape(&plans.page).join("\n");
        assert!(page.contains("Index Scan using groups_name_uid_idx"), "{n} visible: by the name's index\n{page}");
        assert!(!plans.has_seq_scan(), "{n} visible: no sequential scan\n{page}");
        assert!(plans.candidates.is_empty(), "everything visible: no candidates\n{page}");
    }

    // A caller who sees at most MAX_COUNTED_SUBTREES subtrees below the filter is counted
    // exactly from the descendant counters instead: a statement of its own, with one plan too.
    let counted = |n: usize| {
        ListQuery::all(below_org.clone(), Visibility { scopes: Some(spread(&children, n)), root_level: false }, 51)
    };
    let two = store.explain_list(ListResource::Groups, &counted(2)).await.unwrap();
    let most = store.explain_list(ListResource::Groups, &counted(MAX_COUNTED_SUBTREES)).await.unwrap();
    assert_eq!(shape(&two.count), shape(&most.count), "counters\n{}\n---\n{}", plans_text(&two), plans_text(&most));
    assert!(plans_text(&two).contains("group_descendant_counts"), "{}", plans_text(&two));
    assert_eq!(shape(&two.page), shape(&most.page));

    // And the caller with 10 000 scopes lists: the statement PostgreSQL refused before.
    let many =
        ListQuery::all(below_org, Visibility { scopes: Some(spread(&children, 10_000)), root_level: false }, 200);
    let page = store.list_groups(&many).await.unwrap();
    assert_eq!((page.items.len(), page.total, page.exact), (200, COUNT_CAP + 1, false), "more than the cap");
    db.cleanup().await.unwrap();
}
