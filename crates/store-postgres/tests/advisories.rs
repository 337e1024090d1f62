//! Advisory lists on many rows: every selective filter is served by an index (no sequential
//! scan of `advisories`), in uid order and in time orders, on the page and on the count.

#![allow(clippy::unwrap_used)]

use diesel_async::SimpleAsyncConnection as _;
use grove_domain::listing::{Direction, ListFilter, ListQuery, Ordering, SortField, Visibility};
use grove_domain::model::{AdvisoryFilter, EventKind};
use grove_domain::ports::{AdvisoryStore as _, GroupStore as _};
use grove_domain::Uidp;
use grove_store_postgres::testing::TestDatabase;
use grove_store_postgres::ListResource;
use grove_test_support::{ev, fixtures};

const ROWS: u32 = 20_000;

#[tokio::test]
async fn selective_advisory_filters_use_indexes_on_many_rows() {
    let db = TestDatabase::create().await.expect("a test database (is PostgreSQL running at TEST_DATABASE_URL?)");
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&fixtures::group(None, "catalog"), &ev()).await.unwrap();
    let catalog = fixtures::group(None, "catalog").uid;
    let mut group = fixtures::group(None, "org");
    group.uid = org.clone();
    store.create_group(&group, &ev()).await.unwrap();
    // Rows as the store writes them: packages repeat every 1 000 rows, one row in 1 000 has
    // a latest approved `patched` event, the rest `detection`.
    let insert = format!(
        "INSERT INTO advisories (uid, parent_uid, advisory_id, legacy_advisory_id, create_time, update_time,
            artifact_name, component_name, origin, aliases, event_authors, event_reviewers, latest_event_type,
            facets, search, body)
         SELECT '{org}/' || lpad(to_hex(i), 16, '0'), '{org}', 'CGA-' || i, 'GO-' || i,
            now() - i * interval '1 second', now() - (i % 97) * interval '1 second',
            'pkg-' || (i % 1000), 'pkg-' || (i % 1000) || '-lib', 'pkg-' || (i % 1000),
            ARRAY['CVE-2024-' || i, 'GHSA-' || i], ARRAY['importer', 'triager-' || (i % 500)], ARRAY['lead-' || (i % 500)],
            CASE WHEN i % 1000 = 7 THEN 8 ELSE 1 END,
            ARRAY['at:apk', 'aa:x86_64', 'ct:go-module', 'cl:/usr/lib/pkg-' || (i % 1000), 'rs:2', 'et:1'],
            'pkg-' || (i % 1000) || E'\\npkg-' || (i % 1000) || E'-lib\\ncve-2024-' || i || E'\\nghsa-' || i,
            jsonb_build_object('delete_time', null, 'author', 'importer', 'artifact_type', 'apk',
                'artifact_architecture', 'x86_64', 'component_location', '/usr/lib/pkg-' || (i % 1000),
                'component_type', 'go-module', 'severities', '[]'::jsonb, 'events', '[]'::jsonb)
         FROM generate_series(1, {ROWS}) AS i"
    );
    let mut conn = store.pool().get().await.unwrap();
    conn.batch_execute(&insert).await.unwrap();
    conn.batch_execute("VACUUM ANALYZE advisories").await.unwrap();
    drop(conn);

    let v = |x: &str| vec![x.to_owned()];
    let selective = [
        AdvisoryFilter { advisory_ids: v("CGA-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { legacy_advisory_ids: v("GO-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { artifact_names: v("pkg-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { component_names: v("pkg-17-lib"), ..AdvisoryFilter::default() },
        AdvisoryFilter { component_locations: v("/usr/lib/pkg-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { origin: Some("pkg-17".into()), ..AdvisoryFilter::default() },
        AdvisoryFilter { aliases: v("CVE-2024-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { event_authors: v("triager-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { event_reviewers: v("lead-17"), ..AdvisoryFilter::default() },
        AdvisoryFilter { latest_event_type: Some(EventKind::Patched), ..AdvisoryFilter::default() },
        AdvisoryFilter { query: Some("cve-2024-1234".into()), ..AdvisoryFilter::default() },
        AdvisoryFilter { query: Some("kg-17-li".into()), ..AdvisoryFilter::default() },
    ];
    let visible = Visibility { scopes: Some(vec![org.clone(), catalog.clone()].into()), root_level: false };
    for f in selective {
        for field in [SortField::Uid, SortField::CreateTime, SortField::UpdateTime] {
            let q = ListQuery {
                order: Ordering { field, direction: Direction::Asc },
                ..ListQuery::all(
                    ListFilter { advisories: Some(Box::new(f.clone())), ..ListFilter::default() },
                    visible.clone(),
                    51,
                )
            };
            let plans = store.explain_list(ListResource::Advisories, &q).await.unwrap();
            assert!(
                !plans.has_seq_scan(),
                "{f:?} {field:?}\npage:\n{}\ncount:\n{}",
                plans.page.join("\n"),
                plans.count.join("\n")
            );
        }
    }
    // The filters filter: 20 rows of 20 000 per package, one alias each.
    let by_package = ListQuery::all(
        ListFilter {
            advisories: Some(Box::new(AdvisoryFilter {
                component_names: v("pkg-17-lib"),
                ..AdvisoryFilter::default()
            })),
            ..ListFilter::default()
        },
        visible.clone(),
        100,
    );
    assert_eq!(store.list_advisories(&by_package).await.unwrap().total, u64::from(ROWS / 1000));
    let by_query = ListQuery::all(
        ListFilter {
            advisories: Some(Box::new(AdvisoryFilter {
                query: Some("cve-2024-1234".into()),
                ..AdvisoryFilter::default()
            })),
            ..ListFilter::default()
        },
        visible,
        100,
    );
    // cve-2024-1234 and cve-2024-12340 … 12349.
    assert_eq!(store.list_advisories(&by_query).await.unwrap().total, 11);
    db.cleanup().await.unwrap();
}
