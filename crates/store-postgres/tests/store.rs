//! The Postgres store's own tests: migrations, schema plans, error mapping against a real
//! server, and list semantics checked against the domain's reference implementation.

// Helpers outside #[test] fns unwrap too: there a failure is the test failing.
#![allow(clippy::unwrap_used)]

use grove_test_support::ev;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use diesel_async::{AsyncConnection as _, RunQueryDsl as _, SimpleAsyncConnection as _};
use grove_domain::builtin::built_in_roles;
use grove_domain::capability::Capability;
use grove_domain::listing::{
    apply_in_memory, Cursor, Direction, ListFilter, ListQuery, Ordering, SortField, Sortable, StorePage, UidpFilter,
    Visibility,
};
use grove_domain::model::{
    CatalogTier, ClaimMatch, Group, Identity, Matcher, Relationship, RelationshipType, Repo, Role, RoleBinding,
    RoleBindingView, Seen, ServicePrincipal, StaticKeys, Tag,
};
use grove_domain::names::{Company, Description, Digest, DisplayName, GroupName, Pattern, RepoName, TagName};
use grove_domain::ports::{
    ExternalGroupRoleMappingStore, GroupStore, IdentityStore, RepoStore, RoleBindingStore, RoleStore, StoreHealth,
    TagStore,
};
use grove_domain::{Code, Error, Timestamp, Uidp};
use grove_store_postgres::testing::TestDatabase;
use grove_store_postgres::{
    built_in_roles_created, run_migrations, ListResource, PostgresConfig, PostgresStore, UNAVAILABLE_MESSAGE,
    UNSTORABLE_TEXT_MESSAGE,
};
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};

fn ts(ms: i64) -> Timestamp {
    Timestamp::from_unix_millis(ms).unwrap()
}

fn group(uid: Uidp, name: &str, time: i64) -> Group {
    Group {
        uid,
        name: GroupName::parse("name", name).unwrap(),
        description: Description::parse("description", &format!("about {name}")).unwrap(),
        verified: false,
        create_time: ts(time),
        update_time: ts(time + 7),
    }
}

fn identity(uid: Uidp, name: &str, time: i64) -> Identity {
    Identity {
        uid,
        name: DisplayName::parse("name", name).unwrap(),
        description: Description::parse("description", "a robot").unwrap(),
        relationship: Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact("https://issuer.example".into()),
            subject: Matcher::Pattern(Pattern::parse("p", "repo:org/.*").unwrap()),
            audience: None,
            claims: BTreeMap::new(),
            claim_patterns: BTreeMap::new(),
        }),
        company: Company::default(),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: String::new(),
        last_seen_time: None,
        create_time: ts(time),
        update_time: ts(time),
    }
}

fn role(uid: Uidp, name: &str, caps: &[Capability]) -> Role {
    Role {
        uid,
        name: DisplayName::parse("name", name).unwrap(),
        description: Description::parse("description", "custom").unwrap(),
        capabilities: caps.iter().copied().collect(),
        create_time: ts(1_000),
        update_time: ts(1_000),
    }
}

fn binding(group: &Uidp, identity: &Uidp, role: &Uidp, time: i64) -> RoleBinding {
    RoleBinding {
        uid: group.random_child(),
        identity_uid: identity.clone(),
        role_uid: role.clone(),
        create_time: ts(time),
    }
}

fn repo(uid: Uidp, name: &str) -> Repo {
    Repo {
        uid,
        name: RepoName::parse("name", name).unwrap(),
        description: Description::default(),
        aliases: vec!["nginx:latest".into()],
        bundles: vec!["base".into(), "fips".into()],
        active_tags: vec![],
        catalog_tier: CatalogTier::Base,
        readme: String::new(),
        sync_config: None,
        custom_overlay: None,
        create_time: ts(2_000),
        update_time: ts(2_000),
    }
}

fn tag(uid: Uidp, name: &str, digest_char: char, time: i64) -> Tag {
    Tag {
        uid,
        name: TagName::parse("name", name).unwrap(),
        digest: Digest::parse("digest", &format!("sha256:{}", digest_char.to_string().repeat(64))).unwrap(),
        deprecated: false,
        bundles: Vec::new(),
        create_time: ts(time),
        update_time: ts(time),
    }
}

fn owner() -> Uidp {
    Uidp::from_static(grove_domain::builtin::OWNER)
}

fn everything(filter: ListFilter) -> ListQuery {
    ListQuery::all(filter, Visibility::everything(), 1_000)
}

async fn database() -> TestDatabase {
    TestDatabase::create().await.expect("a test database (is PostgreSQL running at TEST_DATABASE_URL?)")
}

#[tokio::test]
async fn migrations_seed_exactly_the_built_in_roles() {
    let db = database().await;
    let store = db.store();
    let page = store
        .list_roles(&everything(ListFilter {
            uidp: UidpFilter { in_root: true, ..Default::default() },
            ..Default::default()
        }))
        .await
        .unwrap();
    let mut expected = built_in_roles(built_in_roles_created());
    expected.sort_by(|a, b| a.uid.cmp(&b.uid));
    assert_eq!(page.items, expected);
    assert_eq!(page.total, 5);
    for role in &expected {
        assert_eq!(store.get_role(&role.uid).await.unwrap().as_ref(), Some(role));
    }
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn running_migrations_again_applies_nothing() {
    let db = database().await;
    assert_eq!(run_migrations(db.url()).await.unwrap(), Vec::<String>::new());
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn every_connection_gets_the_configured_statement_timeout() {
    let db = database().await;
    let mut config = PostgresConfig::new(db.url());
    config.statement_timeout = Duration::from_millis(1_234);
    let store = PostgresStore::connect(&config).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    #[derive(diesel::QueryableByName)]
    struct Setting {
        #[diesel(sql_type = diesel::sql_types::Text)]
        statement_timeout: String,
    }
    let setting: Setting = diesel::sql_query("SHOW statement_timeout").get_result(&mut conn).await.unwrap();
    assert_eq!(setting.statement_timeout, "1234ms");
    drop(conn);
    store.pool().close();
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn an_unreachable_database_is_unavailable() {
    let mut config = PostgresConfig::new("postgres://grove:secret@127.0.0.1:1/grove");
    config.connect_timeout = Duration::from_millis(500);
    let unavailable = Error::Unavailable(UNAVAILABLE_MESSAGE.to_owned());
    // Requests answer without internal detail ...
    let store = PostgresStore::connect_lazy(&config).unwrap();
    assert_eq!(store.ping().await.unwrap_err(), unavailable);
    assert_eq!(store.get_group(&Uidp::random_root()).await.unwrap_err(), unavailable);
    assert_eq!(store.list_groups(&everything(ListFilter::default())).await.unwrap_err(), unavailable);
    // ... while start-up tells the operator why.
    for err in [PostgresStore::connect(&config).await.unwrap_err(), run_migrations(&config.url).await.unwrap_err()] {
        let Error::Unavailable(message) = err else { panic!("{err:?}") };
        assert_eq!(
            message,
            "cannot connect to the database: connection refused by 127.0.0.1:1 (is PostgreSQL running and listening \
             there?) (error connecting to server)"
        );
        assert!(!message.contains("secret"), "{message}");
    }
}

#[tokio::test]
async fn connecting_to_a_missing_database_names_it_at_start_up() {
    let url = format!("{}_does_not_exist", grove_store_postgres::testing::test_server_url());
    let expected = "cannot connect to the database: database \"postgres_does_not_exist\" does not exist";
    let connect = PostgresStore::connect(&PostgresConfig::new(url.clone())).await.unwrap_err();
    assert_eq!(connect, Error::Unavailable(expected.to_owned()));
    assert_eq!(run_migrations(&url).await.unwrap_err(), Error::Unavailable(expected.to_owned()));
}

#[tokio::test]
async fn a_dropped_database_connection_is_unavailable_not_internal() {
    let db = database().await;
    let store = db.store();
    store.ping().await.unwrap();
    // Kill this database's backends from outside, as a server restart would.
    let mut admin = PostgresStore::connect(&PostgresConfig::new(grove_store_postgres::testing::test_server_url()))
        .await
        .unwrap()
        .pool()
        .get()
        .await
        .unwrap();
    admin
        .batch_execute(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{}' AND pid <> pg_backend_pid()",
            db.name()
        ))
        .await
        .unwrap();
    // Uses of a killed connection may fail, always as UNAVAILABLE, and the pool recovers on
    // its own: a connection the server closed is dropped instead of being handed out again.
    let mut recovered = false;
    for _ in 0..3 {
        match store.get_group(&Uidp::random_root()).await {
            Ok(found) => {
                assert_eq!(found, None);
                recovered = true;
                break;
            }
            Err(e) => assert_eq!(e, Error::Unavailable(UNAVAILABLE_MESSAGE.to_owned())),
        }
    }
    assert!(recovered, "the store serves again without a restart");
    db.cleanup().await.unwrap();
}

#[derive(diesel::QueryableByName)]
struct TimeText {
    #[diesel(sql_type = diesel::sql_types::Text)]
    text: String,
}

#[tokio::test]
async fn group_times_read_back_as_written_and_postgres_holds_the_same_instant() {
    let db = database().await;
    let store = db.store();
    // Before 1970 and before 2000 (PostgreSQL's epoch), the epochs themselves, and now.
    let times = [
        (-86_400_001_i64, "1969-12-30 23:59:59.999+00"),
        (-1, "1969-12-31 23:59:59.999+00"),
        (0, "1970-01-01 00:00:00+00"),
        (946_684_799_999, "1999-12-31 23:59:59.999+00"),
        (946_684_800_000, "2000-01-01 00:00:00+00"),
        (1_795_305_600_123, "2026-11-22 00:00:00.123+00"),
    ];
    let mut conn = store.pool().get().await.unwrap();
    conn.batch_execute("SET TIME ZONE 'UTC'").await.unwrap();
    for (ms, text) in times {
        let mut written = group(Uidp::random_root(), &format!("at {}", ms.unsigned_abs()), ms);
        written.update_time = ts(ms);
        store.create_group(&written, &ev()).await.unwrap();
        let read = store.get_group(&written.uid).await.unwrap().unwrap();
        assert_eq!((read.create_time, read.update_time), (ts(ms), ts(ms)), "{ms}");
        let stored: TimeText = diesel::sql_query("SELECT create_time::text AS text FROM groups WHERE uid = $1")
            .bind::<diesel::sql_types::Text, _>(written.uid.as_str())
            .get_result(&mut conn)
            .await
            .unwrap();
        assert_eq!(stored.text, text, "{ms}");
    }
    drop(conn);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn an_organizations_pages_by_name_are_planned_once_per_connection() {
    let db = database().await;
    let mut config = PostgresConfig::new(db.url());
    config.max_connections = 1;
    let store = PostgresStore::connect(&config).await.unwrap();
    let (big, small) = (Uidp::random_root(), Uidp::random_root());
    store.create_group(&group(big.clone(), "big", 1), &ev()).await.unwrap();
    store.create_group(&group(small.clone(), "small", 1), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    conn.batch_execute(&format!(
        "INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{big}/' || lpad(to_hex(i), 16, '0'), '{big}', 'group ' || md5(i::text), '', now(), now()
         FROM generate_series(1, 5000) AS i;
         INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{small}/' || lpad(to_hex(i), 16, '0'), '{small}', 'group ' || md5(i::text), '', now(), now()
         FROM generate_series(1, 3) AS i;"
    ))
    .await
    .unwrap();
    conn.batch_execute("ANALYZE groups").await.unwrap();
    drop(conn);
    let page_of = |org: &Uidp| ListQuery {
        filter: ListFilter {
            uidp: UidpFilter { descendants_of: Some(org.clone()), ..Default::default() },
            ..Default::default()
        },
        visibility: Visibility { scopes: Some(vec![org.clone()].into()), root_level: false },
        order: Ordering { field: SortField::Name, direction: Direction::Asc },
        after: None,
        skip: 0,
        limit: 51,
        count_total: false,
    };
    for _ in 0..6 {
        assert_eq!(store.list_groups(&page_of(&big)).await.unwrap().items.len(), 51);
        assert_eq!(store.list_groups(&page_of(&small)).await.unwrap().items.len(), 3);
    }
    let mut conn = store.pool().get().await.unwrap();
    let statements = diesel::sql_query(
        "SELECT name, generic_plans, custom_plans FROM pg_prepared_statements
         WHERE statement LIKE '%split_part(%' AND statement NOT LIKE '%pg_prepared_statements%'",
    )
    .load::<PlanCounts>(&mut *conn)
    .await
    .unwrap();
    let counts: Vec<(i64, i64)> = statements.iter().map(|p| (p.generic_plans, p.custom_plans)).collect();
    // PostgreSQL plans a statement five times before it compares its generic plan.
    assert_eq!(counts, vec![(7, 5)], "one statement, planned generically from the sixth execution on");
    // The generic plan (its conditions name parameters) walks the small organization's few
    // index entries, not the whole name index.
    let plan: Vec<String> =
        diesel::sql_query(format!("EXPLAIN EXECUTE \"{}\"('{small}', '{small}')", statements[0].name))
            .load::<PlanLine>(&mut *conn)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.line)
            .collect();
    let plan = plan.join("\n");
    assert!(plan.contains("Index Scan using groups_organization_name_uid_idx"), "{plan}");
    assert!(plan.contains("= $1") && !plan.contains("Sort"), "{plan}");
    db.cleanup().await.unwrap();
}

#[derive(diesel::QueryableByName)]
struct PlanCounts {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    generic_plans: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    custom_plans: i64,
}

#[derive(diesel::QueryableByName)]
struct PlanLine {
    #[diesel(sql_type = diesel::sql_types::Text, column_name = "QUERY PLAN")]
    line: String,
}

#[tokio::test]
async fn descendants_by_name_uses_indexes_on_twenty_thousand_groups() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "org", 1), &ev()).await.unwrap();
    let other = Uidp::random_root();
    store.create_group(&group(other.clone(), "other", 1), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    conn.batch_execute(&format!(
        "INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{org}/' || lpad(to_hex(i), 16, '0'), '{org}', 'group ' || md5(i::text), '',
                now() - i * interval '1 second', now()
         FROM generate_series(1, 20000) AS i;
         INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{other}/' || lpad(to_hex(i), 16, '0'), '{other}', 'group ' || md5(i::text), '',
                now() - i * interval '1 second', now()
         FROM generate_series(1, 500) AS i;"
    ))
    .await
    .unwrap();
    conn.batch_execute("VACUUM ANALYZE groups").await.unwrap();
    drop(conn);

    let descendants = ListFilter {
        uidp: UidpFilter { descendants_of: Some(org.clone()), ..Default::default() },
        ..Default::default()
    };
    let by_name = |after: Option<Cursor>| ListQuery {
        filter: descendants.clone(),
        visibility: Visibility::everything(),
        order: Ordering { field: SortField::Name, direction: Direction::Asc },
        after,
        skip: 0,
        limit: 51,
        count_total: true,
    };
    let first = store.list_groups(&by_name(None)).await.unwrap();
    assert_eq!((first.total, first.exact), (20_000, true), "read from the descendant counters, the bulk insert too");
    assert_eq!(first.items.len(), 51);
    let last = first.items.last().unwrap();
    let cursor = Cursor { key: last.sort_key(SortField::Name), uid: last.uid.clone() };

    let mut queries = vec![by_name(None), by_name(Some(cursor.clone()))];
    let mut desc = by_name(Some(cursor));
    desc.order.direction = Direction::Desc;
    queries.push(desc);
    let mut scoped = by_name(None);
    scoped.visibility = Visibility { scopes: Some(vec![org.clone()].into()), root_level: false };
    queries.push(scoped);
    let mut named = by_name(None);
    named.filter.name = Some(first.items[3].name.to_string());
    queries.push(named);
    let mut children = by_name(None);
    children.filter.uidp = UidpFilter { children_of: Some(other.clone()), ..Default::default() };
    queries.push(children);
    let mut created = by_name(None);
    created.order.field = SortField::CreateTime;
    queries.push(created);
    let unscoped = store.explain_list(ListResource::Groups, &queries[0]).await.unwrap();
    let owner = store.explain_list(ListResource::Groups, &queries[3]).await.unwrap();
    assert_eq!(owner.page, unscoped.page, "a scope around the filter adds no visibility test to the page");
    for query in &queries {
        let plans = store.explain_list(ListResource::Groups, query).await.unwrap();
        assert!(
            !plans.has_seq_scan(),
            "{query:?}\npage:\n{}\ncount:\n{}",
            plans.page.join("\n"),
            plans.count.join("\n")
        );
    }
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn binding_and_identity_filters_use_indexes_on_many_rows() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "org", 1), &ev()).await.unwrap();
    let team = org.random_child();
    store.create_group(&group(team.clone(), "team", 1), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    // 200 groups x 100 identities: 20 000 bindings, 200 of them viewer; 20 000 identities of two kinds;
    // 20 000 more groups elsewhere, and 20 000 people who joined that other organization, so that
    // no table of the join (or of the membership a person's binding looks up) is small enough to
    // read whole.
    let other = Uidp::random_root();
    store.create_group(&group(other.clone(), "other", 1), &ev()).await.unwrap();
    conn.batch_execute(&format!(
        "INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{org}/' || lpad(to_hex(i), 16, '0'), '{org}', 'g' || i, '', now(), now()
         FROM generate_series(1, 200) AS i;
         INSERT INTO groups (uid, parent_uid, name, description, create_time, update_time)
         SELECT '{other}/' || lpad(to_hex(i), 16, '0'), '{other}', 'g' || i, '', now(), now()
         FROM generate_series(1, 20000) AS i;
         INSERT INTO identities (uid, parent_uid, name, description, relationship, relationship_type, issuer,
                                 subject, create_time, update_time)
         SELECT '{team}/' || lpad(to_hex(i), 16, '0'), '{team}', 'robot ' || i, '',
                CASE WHEN i % 50 = 0 THEN '{{\"servicePrincipal\": \"INGESTER\"}}'::jsonb
                     ELSE '{{\"claimMatch\": {{}}}}'::jsonb END,
                CASE WHEN i % 50 = 0 THEN 'service_principal' ELSE 'claim_match' END,
                'https://issuer.example', 'robot', now(), now()
         FROM generate_series(1, 20000) AS i;
         INSERT INTO role_bindings (uid, parent_uid, identity_uid, role_uid, create_time)
         SELECT g.uid || '/' || lpad(to_hex(i), 16, '0'), g.uid, '{team}/' || lpad(to_hex(i), 16, '0'),
                CASE WHEN i = 1 THEN '{viewer}' ELSE '{editor}' END, now()
         FROM groups g CROSS JOIN generate_series(1, 100) AS i WHERE g.parent_uid = '{org}';
         INSERT INTO identities (uid, parent_uid, name, description, relationship, relationship_type, issuer,
                                 subject, create_time, update_time)
         SELECT 'ab' || lpad(to_hex(i), 38, '0'), NULL, 'person ' || i, '', '{{\"claimMatch\": {{}}}}'::jsonb,
                'claim_match', 'https://issuer.example', 'person ' || i, now(), now()
         FROM generate_series(1, 20000) AS i;
         INSERT INTO organization_members (organization_uid, identity_uid, create_time)
         SELECT '{other}', 'ab' || lpad(to_hex(i), 38, '0'), now() FROM generate_series(1, 20000) AS i;",
        viewer = grove_domain::builtin::VIEWER,
        editor = grove_domain::builtin::EDITOR,
    ))
    .await
    .unwrap();
    // One statement per call: VACUUM refuses to run inside the implicit transaction of a batch.
    for table in ["groups", "identities", "role_bindings", "organization_members"] {
        conn.batch_execute(&format!("VACUUM ANALYZE {table}")).await.unwrap();
    }
    drop(conn);

    let some_group = Uidp::parse(&format!("{org}/{:016x}", 7)).unwrap();
    let some_identity = Uidp::parse(&format!("{team}/{:016x}", 7)).unwrap();
    let query = |filter: ListFilter, field: SortField| ListQuery {
        order: Ordering { field, direction: Direction::Asc },
        ..ListQuery::all(filter, Visibility::everything(), 51)
    };
    let bindings = [
        ListFilter { group: Some(some_group.clone()), ..ListFilter::default() },
        ListFilter { identity: Some(some_identity.clone()), ..ListFilter::default() },
        ListFilter { role: Some(Uidp::from_static(grove_domain::builtin::VIEWER)), ..ListFilter::default() },
        ListFilter { group: Some(some_group), identity: Some(some_identity), ..ListFilter::default() },
    ];
    for filter in bindings {
        for field in [SortField::Uid, SortField::CreateTime] {
            let q = query(filter.clone(), field);
            let plans = store.explain_list(ListResource::RoleBindings, &q).await.unwrap();
            assert!(
                !plans.has_seq_scan(),
                "{q:?}\npage:\n{}\ncount:\n{}",
                plans.page.join("\n"),
                plans.count.join("\n")
            );
        }
    }
    for kind in [RelationshipType::ServicePrincipal, RelationshipType::Static] {
        let q = query(ListFilter { relationship_type: Some(kind), ..ListFilter::default() }, SortField::Uid);
        let plans = store.explain_list(ListResource::Identities, &q).await.unwrap();
        assert!(!plans.has_seq_scan(), "{q:?}\npage:\n{}\ncount:\n{}", plans.page.join("\n"), plans.count.join("\n"));
    }
    let listed = store
        .list_identities(&query(
            ListFilter { relationship_type: Some(RelationshipType::ServicePrincipal), ..ListFilter::default() },
            SortField::Uid,
        ))
        .await
        .unwrap();
    assert_eq!(listed.total, 400);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn group_invite_lists_use_indexes_on_many_rows() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "org", 1), &ev()).await.unwrap();
    let other = Uidp::random_root();
    store.create_group(&group(other.clone(), "other", 1), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    // 20 000 invites elsewhere signed by two keys, 200 in the organization.
    conn.batch_execute(&format!(
        "INSERT INTO group_invites (uid, parent_uid, role_uid, email, expiration_time, single_use, key_id, create_time)
         SELECT p || '/' || lpad(to_hex(i), 16, '0'), p, '{viewer}', '', now() + interval '1 day', false,
                'key-' || (i % 2), now() - i * interval '1 second'
         FROM (VALUES ('{other}', 20000), ('{org}', 200)) AS g(p, n), generate_series(1, n) AS i;",
        viewer = grove_domain::builtin::VIEWER,
    ))
    .await
    .unwrap();
    conn.batch_execute("VACUUM ANALYZE group_invites").await.unwrap();
    drop(conn);
    let below_org = ListFilter {
        uidp: UidpFilter { descendants_of: Some(org.clone()), ..Default::default() },
        ..ListFilter::default()
    };
    let by_key = ListFilter { key_id: Some("key-1".into()), ..ListFilter::default() };
    for filter in [ListFilter::default(), below_org, by_key] {
        for field in [SortField::Uid, SortField::CreateTime] {
            for direction in [Direction::Asc, Direction::Desc] {
                let q = ListQuery {
                    order: Ordering { field, direction },
                    ..ListQuery::all(
                        filter.clone(),
                        Visibility { scopes: Some(vec![org.clone()].into()), root_level: false },
                        51,
                    )
                };
                let plans = store.explain_list(ListResource::GroupInvites, &q).await.unwrap();
                assert!(
                    !plans.has_seq_scan(),
                    "{q:?}\npage:\n{}\ncount:\n{}",
                    plans.page.join("\n"),
                    plans.count.join("\n")
                );
            }
        }
    }
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn the_tag_digest_filter_is_served_by_an_index_on_many_rows() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "org", 1), &ev()).await.unwrap();
    let other = Uidp::random_root();
    store.create_group(&group(other.clone(), "other", 1), &ev()).await.unwrap();
    let mut repos = Vec::new();
    for (i, parent) in [&org, &other].into_iter().cycle().take(20).enumerate() {
        let r = repo(parent.random_child(), &format!("image-{i}"));
        store.create_repo(&r, &ev()).await.unwrap();
        repos.push(r.uid.to_string());
    }
    let shared = format!("sha256:{}", "d".repeat(64));
    let mut conn = store.pool().get().await.unwrap();
    // 20 000 tags with a digest each, spread over the 20 repos, and one tag in every repo
    // pointing at the same manifest (as after one image is pushed under many names).
    conn.batch_execute(&format!(
        "INSERT INTO tags (uid, parent_uid, name, digest, create_time, update_time)
         SELECT r.p || '/' || lpad(to_hex(i), 16, '0'), r.p, 'v' || i, 'sha256:' || lpad(to_hex(i), 64, '0'),
                now() - i * interval '1 second', now() - (i % 97) * interval '1 second'
         FROM unnest(ARRAY['{all}']) WITH ORDINALITY AS r(p, n), generate_series(1, 1000) AS s(j),
              LATERAL (SELECT (r.n - 1) * 1000 + s.j AS i) AS k;
         INSERT INTO tags (uid, parent_uid, name, digest, create_time, update_time)
         SELECT p || '/ffffffffffffffff', p, 'latest', '{shared}', now(), now() FROM unnest(ARRAY['{all}']) AS r(p);",
        all = repos.join("','"),
    ))
    .await
    .unwrap();
    conn.batch_execute("VACUUM ANALYZE tags").await.unwrap();
    drop(conn);
    let digest = Digest::parse("digest", &shared).unwrap();
    let by_digest = ListFilter {
        tag: grove_domain::model::TagFilter { digest: Some(shared.clone()), ..Default::default() },
        ..ListFilter::default()
    };
    let visibilities =
        [Visibility::everything(), Visibility { scopes: Some(vec![org.clone()].into()), root_level: false }];
    for visibility in visibilities {
        for field in [SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime] {
            for direction in [Direction::Asc, Direction::Desc] {
                let q = ListQuery {
                    order: Ordering { field, direction },
                    ..ListQuery::all(by_digest.clone(), visibility.clone(), 51)
                };
                let plans = store.explain_list(ListResource::Tags, &q).await.unwrap();
                let shown = format!("{q:?}\npage:\n{}\ncount:\n{}", plans.page.join("\n"), plans.count.join("\n"));
                assert!(!plans.has_seq_scan(), "{shown}");
                for plan in [&plans.page, &plans.count] {
                    assert!(plan.iter().any(|line| line.contains("tags_digest_uid_idx")), "{shown}");
                }
            }
        }
    }
    // The filter filters: the one shared digest, in every repo or in the organization's.
    let all = store.list_tags(&ListQuery::all(by_digest.clone(), Visibility::everything(), 100)).await.unwrap();
    assert_eq!(all.total, 20);
    assert!(all.items.iter().all(|t| t.digest == digest && t.name.as_str() == "latest"));
    let mine = ListQuery::all(by_digest, Visibility { scopes: Some(vec![org.clone()].into()), root_level: false }, 100);
    assert_eq!(store.list_tags(&mine).await.unwrap().total, 10);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn identity_provider_and_mapping_lists_use_indexes_on_many_rows() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "org", 1), &ev()).await.unwrap();
    let other = Uidp::random_root();
    store.create_group(&group(other.clone(), "other", 1), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    // 20 000 providers elsewhere and 200 in the organization; 20 000 mappings of one provider
    // and 100 of another, so that no table is small enough to read whole.
    conn.batch_execute(&format!(
        "INSERT INTO identity_providers (uid, parent_uid, name, default_role, issuer, client_id, client_secret,
                                         correlation_rule, pkce_enabled, create_time, update_time)
         SELECT p || '/' || lpad(to_hex(i), 16, '0'), p, 'idp ' || md5(i::text), '{viewer}',
                'https://login.example.com', 'grove', 'secret', 1, false,
                now() - i * interval '1 second', now()
         FROM (VALUES ('{other}', 20000), ('{org}', 200)) AS g(p, n), generate_series(1, n) AS i;
         INSERT INTO external_group_role_mappings (uid, parent_uid, external_group_id, role_uid, scope, create_time)
         SELECT idp || '/' || lpad(to_hex(i), 16, '0'), idp, 'group ' || i, '{viewer}', g, now()
         FROM (VALUES ('{other}/0000000000000001', '{other}', 20000), ('{org}/0000000000000001', '{org}', 100))
              AS m(idp, g, n), generate_series(1, n) AS i;",
        viewer = grove_domain::builtin::VIEWER,
    ))
    .await
    .unwrap();
    for table in ["identity_providers", "external_group_role_mappings"] {
        conn.batch_execute(&format!("VACUUM ANALYZE {table}")).await.unwrap();
    }
    drop(conn);

    let query = |filter: ListFilter, field: SortField| ListQuery {
        order: Ordering { field, direction: Direction::Asc },
        ..ListQuery::all(filter, Visibility { scopes: Some(vec![org.clone()].into()), root_level: false }, 51)
    };
    let below_org = ListFilter {
        uidp: UidpFilter { descendants_of: Some(org.clone()), ..Default::default() },
        ..ListFilter::default()
    };
    for filter in
        [ListFilter::default(), below_org.clone(), ListFilter { name: Some("idp x".into()), ..ListFilter::default() }]
    {
        for field in [SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime] {
            let q = query(filter.clone(), field);
            let plans = store.explain_list(ListResource::IdentityProviders, &q).await.unwrap();
            assert!(
                !plans.has_seq_scan(),
                "{q:?}\npage:\n{}\ncount:\n{}",
                plans.page.join("\n"),
                plans.count.join("\n")
            );
        }
    }
    let of_idp =
        |idp: String| ListFilter { identity_provider: Some(Uidp::parse(&idp).unwrap()), ..ListFilter::default() };
    for filter in [
        ListFilter::default(),
        below_org,
        of_idp(format!("{org}/0000000000000001")),
        of_idp(format!("{other}/0000000000000001")),
    ] {
        for field in [SortField::Uid, SortField::CreateTime] {
            let mut q = query(filter.clone(), field);
            if filter.identity_provider.is_some() {
                q.visibility = Visibility::everything();
            }
            let plans = store.explain_list(ListResource::ExternalGroupRoleMappings, &q).await.unwrap();
            assert!(
                !plans.has_seq_scan(),
                "{q:?}\npage:\n{}\ncount:\n{}",
                plans.page.join("\n"),
                plans.count.join("\n")
            );
        }
    }
    let listed = store
        .list_external_group_role_mappings(&ListQuery::all(
            of_idp(format!("{org}/0000000000000001")),
            Visibility::everything(),
            51,
        ))
        .await
        .unwrap();
    assert_eq!((listed.items.len(), listed.total), (51, 100), "the filter selects that provider's mappings only");
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn writes_map_constraint_violations_to_domain_errors() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "acme", 1), &ev()).await.unwrap();

    // Missing parents.
    let missing = org.random_child();
    let err = store.create_group(&group(missing.random_child(), "team", 1), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {missing} does not exist")));
    let err = store.create_identity(&identity(missing.random_child(), "bot", 1), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {missing} does not exist")));
    let err =
        store.create_role(&role(missing.random_child(), "r", &[Capability::GroupsList]), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {missing} does not exist")));
    let err = store.create_repo(&repo(missing.random_child(), "nginx"), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {missing} does not exist")));
    let err = store.put_tag(&tag(missing.random_child(), "latest", 'a', 1), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("repo {missing} does not exist")));

    // Uniqueness.
    let team = org.random_child();
    store.create_group(&group(team.clone(), "team", 1), &ev()).await.unwrap();
    let err = store.create_group(&group(org.random_child(), "team", 1), &ev()).await.unwrap_err();
    assert_eq!(err, Error::AlreadyExists(format!("a group named \"team\" already exists in group {org}")));
    let err = store.create_group(&group(Uidp::random_root(), "acme", 1), &ev()).await.unwrap_err();
    assert_eq!(err, Error::AlreadyExists("an organization named \"acme\" already exists".into()));
    // The same name elsewhere is fine.
    store.create_group(&group(team.random_child(), "team", 1), &ev()).await.unwrap();

    let bot = identity(org.random_child(), "bot", 1);
    store.create_identity(&bot, &ev()).await.unwrap();
    let err = store.create_identity(&identity(org.random_child(), "bot", 1), &ev()).await.unwrap_err();
    assert_eq!(err.code(), Code::AlreadyExists);

    // Bindings: missing identity or role, then duplicates.
    let ghost = org.random_child();
    let err = store.create_role_binding(&binding(&org, &ghost, &owner(), 5), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {ghost} does not exist")));
    let err = store.create_role_binding(&binding(&org, &bot.uid, &ghost, 5), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("role {ghost} does not exist")));
    let err = store.create_role_binding(&binding(&missing, &bot.uid, &owner(), 5), &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {missing} does not exist")));
    store.create_role_binding(&binding(&org, &bot.uid, &owner(), 5), &ev()).await.unwrap();
    let err = store.create_role_binding(&binding(&org, &bot.uid, &owner(), 6), &ev()).await.unwrap_err();
    assert_eq!(
        err,
        Error::AlreadyExists(format!("identity {} already holds role {} in group {org}", bot.uid, owner()))
    );

    // Updates of missing rows.
    let err = store.update_group(&group(org.random_child(), "x", 1), &ev()).await.unwrap_err();
    assert_eq!(err.code(), Code::NotFound);
    let err = store.update_group(&group(team.clone(), "acme-sibling", 1), &ev()).await;
    assert!(err.is_ok());
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn text_with_a_nul_that_reaches_the_store_is_invalid_argument_not_internal() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "acme", 1), &ev()).await.unwrap();
    let refused = Error::invalid("", UNSTORABLE_TEXT_MESSAGE);

    // A text parameter (the name filter), on every list that takes one.
    let by_name = everything(ListFilter { name: Some("a\0b".into()), ..Default::default() });
    assert_eq!(store.list_groups(&by_name).await.unwrap_err(), refused);
    assert_eq!(store.list_identities(&by_name).await.unwrap_err(), refused);
    assert_eq!(store.list_roles(&by_name).await.unwrap_err(), refused);
    assert_eq!(store.list_repos(&by_name).await.unwrap_err(), refused);
    assert_eq!(store.list_tags(&by_name).await.unwrap_err(), refused);

    // A jsonb value (the relationship), on create and update.
    let mut bot = identity(org.random_child(), "bot", 1);
    store.create_identity(&bot, &ev()).await.unwrap();
    if let Relationship::ClaimMatch(cm) = &mut bot.relationship {
        cm.claims.insert("team".into(), "a\0b".into());
    }
    assert_eq!(store.update_identity(&bot, &ev()).await.unwrap_err(), refused);
    bot.uid = org.random_child();
    assert_eq!(store.create_identity(&bot, &ev()).await.unwrap_err(), refused);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn names_descriptions_and_patterns_stored_before_the_stricter_rules_still_load() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "acme", 1), &ev()).await.unwrap();
    let mut older = identity(org.random_child(), "bot", 1);
    older.name = DisplayName::from_stored("name", "ａｄｍｉｎ\u{200b}").unwrap();
    older.description = Description::from_stored("description", "\u{202e}txt.exe").unwrap();
    if let Relationship::ClaimMatch(cm) = &mut older.relationship {
        cm.subject = Matcher::Pattern(Pattern::from_stored("p", "repo:a\tb").unwrap());
    }
    store.create_identity(&older, &ev()).await.unwrap();
    assert_eq!(store.get_identity(&older.uid).await.unwrap(), Some(older.clone()));
    let listed = store.list_identities(&everything(ListFilter::default())).await.unwrap();
    assert_eq!(listed.items, [older]);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn create_organization_writes_group_and_owner_binding_or_nothing() {
    let db = database().await;
    let store = db.store();
    let home = Uidp::random_root();
    store.create_group(&group(home.clone(), "home", 1), &ev()).await.unwrap();
    let me = identity(home.random_child(), "me", 1);
    store.create_identity(&me, &ev()).await.unwrap();

    let org = Uidp::random_root();
    let grant = binding(&org, &me.uid, &owner(), 9);
    store.create_organization(&group(org.clone(), "acme", 9), &grant, &ev()).await.unwrap();
    let view = store.get_role_binding(&grant.uid).await.unwrap().unwrap();
    assert_eq!(view.group.name, "acme");
    assert_eq!(view.role.name, "owner");
    assert_eq!(view.identity.issuer, "https://issuer.example");
    assert_eq!(view.identity.subject, "repo:org/.*");

    // An unknown identity leaves nothing behind.
    let org2 = Uidp::random_root();
    let ghost = home.random_child();
    let err =
        store.create_organization(&group(org2.clone(), "beta", 9), &binding(&org2, &ghost, &owner(), 9), &ev()).await;
    assert_eq!(err.unwrap_err(), Error::NotFound(format!("identity {ghost} does not exist")));
    assert_eq!(store.get_group(&org2).await.unwrap(), None);

    let (clash, grant2) = (group(Uidp::random_root(), "acme", 9), binding(&org2, &me.uid, &owner(), 9));
    assert_eq!(store.create_organization(&clash, &grant2, &ev()).await.unwrap_err().code(), Code::AlreadyExists);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn deletes_refuse_while_children_exist_and_cascade_bindings() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "acme", 1), &ev()).await.unwrap();
    let team = org.random_child();
    store.create_group(&group(team.clone(), "team", 1), &ev()).await.unwrap();

    let err = store.delete_group(&org.random_child(), &ev()).await.unwrap_err();
    assert_eq!(err.code(), Code::NotFound);

    let r = repo(team.random_child(), "nginx");
    store.create_repo(&r, &ev()).await.unwrap();
    let sub = team.random_child();
    store.create_group(&group(sub.clone(), "sub", 1), &ev()).await.unwrap();
    let bot = identity(team.random_child(), "bot", 1);
    store.create_identity(&bot, &ev()).await.unwrap();
    let custom = role(team.random_child(), "custom", &[Capability::RepoList]);
    store.create_role(&custom, &ev()).await.unwrap();
    let b = binding(&team, &bot.uid, &custom.uid, 3);
    store.create_role_binding(&b, &ev()).await.unwrap();

    // Children are named in the order repos, groups, identities, roles.
    let t = tag(r.uid.random_child(), "latest", 'a', 1);
    store.put_tag(&t, &ev()).await.unwrap();
    assert_eq!(
        store.delete_repo(&r.uid, &ev()).await.unwrap_err(),
        Error::not_empty("cannot delete repo with child tags")
    );
    assert_eq!(
        store.delete_group(&team, &ev()).await.unwrap_err(),
        Error::not_empty("cannot delete group with child repos")
    );
    store.delete_tag(&t.uid, &ev()).await.unwrap();
    store.delete_repo(&r.uid, &ev()).await.unwrap();
    assert_eq!(
        store.delete_group(&team, &ev()).await.unwrap_err(),
        Error::not_empty("cannot delete group with child groups")
    );
    store.delete_group(&sub, &ev()).await.unwrap();
    let err = store.delete_role(&custom.uid, &ev()).await.unwrap_err();
    assert_eq!(err, Error::precondition("RESOURCE_IN_USE", "cannot delete role that is bound to identities"));
    assert_eq!(
        store.delete_group(&team, &ev()).await.unwrap_err(),
        Error::not_empty("cannot delete group with child identities")
    );
    // Deleting the identity deletes its bindings, which frees the role.
    store.delete_identity(&bot.uid, &ev()).await.unwrap();
    assert_eq!(store.get_role_binding(&b.uid).await.unwrap(), None);
    assert_eq!(
        store.delete_group(&team, &ev()).await.unwrap_err(),
        Error::not_empty("cannot delete group with child roles")
    );
    store.delete_role(&custom.uid, &ev()).await.unwrap();

    // A group's bindings go with it.
    let elsewhere = identity(org.random_child(), "elsewhere", 1);
    store.create_identity(&elsewhere, &ev()).await.unwrap();
    let in_team = binding(&team, &elsewhere.uid, &owner(), 4);
    store.create_role_binding(&in_team, &ev()).await.unwrap();
    store.delete_group(&team, &ev()).await.unwrap();
    assert_eq!(store.get_role_binding(&in_team.uid).await.unwrap(), None);
    assert!(store.delete_role_binding(&in_team.uid, &ev()).await.is_ok_and(|existed| !existed));
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn concurrent_child_creation_never_orphans_a_deleted_group() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "acme", 1), &ev()).await.unwrap();
    for round in 0..20 {
        let target = org.random_child();
        store.create_group(&group(target.clone(), &format!("target {round}"), 1), &ev()).await.unwrap();
        let creators: Vec<_> = (0..4)
            .map(|i| {
                let store = Arc::clone(&store);
                let child = group(target.random_child(), &format!("child {i}"), 1);
                tokio::spawn(async move { store.create_group(&child, &ev()).await })
            })
            .collect();
        let deleter = {
            let store = Arc::clone(&store);
            let target = target.clone();
            tokio::spawn(async move { store.delete_group(&target, &ev()).await })
        };
        for creator in creators {
            match creator.await.unwrap() {
                Ok(()) => {}
                Err(e) => assert_eq!(e, Error::NotFound(format!("group {target} does not exist"))),
            }
        }
        match deleter.await.unwrap() {
            Ok(()) => {}
            Err(e) => assert_eq!(e, Error::not_empty("cannot delete group with child groups")),
        }
        let deleted = store.get_group(&target).await.unwrap().is_none();
        let children = store
            .list_groups(&everything(ListFilter {
                uidp: UidpFilter { children_of: Some(target.clone()), ..Default::default() },
                ..Default::default()
            }))
            .await
            .unwrap();
        assert!(!(deleted && children.total > 0), "orphans below {target}");
    }
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn resources_round_trip_exactly() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    let g = group(org.clone(), "acme", 1_795_000_000_123);
    store.create_group(&g, &ev()).await.unwrap();
    assert_eq!(store.get_group(&org).await.unwrap(), Some(g.clone()));

    let mut claim = identity(org.random_child(), "CI Deployer (prod)", 5);
    if let Relationship::ClaimMatch(cm) = &mut claim.relationship {
        cm.audience = Some(Matcher::Pattern(Pattern::parse("p", "aud-[0-9]+").unwrap()));
        cm.claims.insert("email".into(), "ci@example.com".into());
        cm.claim_patterns.insert("ref".into(), Pattern::parse("p", "refs/heads/(main|dev)").unwrap());
    }
    claim.last_seen_time = Some(ts(1_795_000_000_999));
    store.create_identity(&claim, &ev()).await.unwrap();
    assert_eq!(store.get_identity(&claim.uid).await.unwrap(), Some(claim.clone()));

    let mut keyed = identity(org.random_child(), "static", 6);
    keyed.relationship = Relationship::StaticKeys(StaticKeys {
        issuer: "https://static.example".into(),
        subject: "robot".into(),
        issuer_keys: r#"{"keys":[{"kty":"EC","crv":"P-256","x":"a","y":"b"}]}"#.into(),
        expiration_time: ts(1_900_000_000_001),
        audiences: vec!["one".into(), "two".into()],
    });
    store.create_identity(&keyed, &ev()).await.unwrap();
    assert_eq!(store.get_identity(&keyed.uid).await.unwrap(), Some(keyed.clone()));
    keyed.name = DisplayName::parse("name", "renamed").unwrap();
    keyed.last_seen_time = Some(ts(1_900_000_000_002));
    keyed.update_time = ts(99);
    store.update_identity(&keyed, &ev()).await.unwrap();
    assert_eq!(store.get_identity(&keyed.uid).await.unwrap(), Some(keyed.clone()));

    // Recording a token exchange touches last_seen_time only.
    store.record_identity_seen(&claim.uid, &Seen { at: ts(1_800_000_000_000), email: None }).await.unwrap();
    let seen = Identity { last_seen_time: Some(ts(1_800_000_000_000)), ..claim.clone() };
    assert_eq!(store.get_identity(&claim.uid).await.unwrap(), Some(seen));
    let ghost = org.random_child();
    let err = store.record_identity_seen(&ghost, &Seen { at: ts(1), email: None }).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {ghost} does not exist")));

    // Built-in roles are never written.
    let viewer = Uidp::from_static(grove_domain::builtin::VIEWER);
    let built_in =
        Error::precondition("BUILT_IN_ROLE", format!("role {viewer} is built in and cannot be changed or deleted"));
    assert_eq!(store.delete_role(&viewer, &ev()).await.unwrap_err(), built_in);
    let viewer_role = store.get_role(&viewer).await.unwrap().unwrap();
    assert_eq!(store.update_role(&viewer_role, &ev()).await.unwrap_err(), built_in);

    let custom = role(org.random_child(), "pusher", &[Capability::TagCreate, Capability::RepoList]);
    store.create_role(&custom, &ev()).await.unwrap();
    assert_eq!(store.get_role(&custom.uid).await.unwrap(), Some(custom.clone()));

    let r = repo(org.random_child(), "team/nginx");
    store.create_repo(&r, &ev()).await.unwrap();
    assert_eq!(store.get_repo(&r.uid).await.unwrap(), Some(r.clone()));

    let b = binding(&org, &claim.uid, &custom.uid, 77);
    store.create_role_binding(&b, &ev()).await.unwrap();
    let view = store.get_role_binding(&b.uid).await.unwrap().unwrap();
    assert_eq!(view.uid, b.uid);
    assert_eq!(view.create_time, b.create_time);
    assert_eq!((view.identity.uid.clone(), view.identity.name.as_str()), (claim.uid.clone(), "CI Deployer (prod)"));
    assert_eq!(
        (view.group.uid.clone(), view.group.name.as_str(), view.group.description.as_str()),
        (org.clone(), "acme", "about acme")
    );
    assert_eq!((view.role.uid.clone(), view.role.name.as_str()), (custom.uid.clone(), "pusher"));
    let grants = store.grants_of(&claim.uid).await.unwrap().unwrap();
    assert_eq!(grants.len(), 1);
    assert_eq!(grants[0].group, org);
    assert_eq!(grants[0].capabilities, custom.capabilities);

    // Rebinding to a built-in role.
    let rebound = RoleBinding { role_uid: owner(), ..b.clone() };
    store.update_role_binding(&rebound, &ev()).await.unwrap();
    assert_eq!(store.get_role_binding(&b.uid).await.unwrap().unwrap().role.name, "owner");
    let ghost = org.random_child();
    let err =
        store.update_role_binding(&RoleBinding { identity_uid: ghost.clone(), ..rebound }, &ev()).await.unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {ghost} does not exist")));
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn put_tag_upserts_by_name_keeping_uid_and_create_time() {
    let db = database().await;
    let store = db.store();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "acme", 1), &ev()).await.unwrap();
    let r = repo(org.random_child(), "nginx");
    store.create_repo(&r, &ev()).await.unwrap();
    let first = tag(r.uid.random_child(), "latest", 'a', 100);
    assert_eq!(store.put_tag(&first, &ev()).await.unwrap(), first);
    let mut again = tag(r.uid.random_child(), "latest", 'b', 200);
    again.deprecated = true;
    let stored = store.put_tag(&again, &ev()).await.unwrap();
    assert_eq!(stored, Tag { uid: first.uid.clone(), create_time: first.create_time, ..again });
    assert_eq!(store.get_tag(&first.uid).await.unwrap(), Some(stored));

    let other = tag(r.uid.random_child(), "stable", 'c', 300);
    store.put_tag(&other, &ev()).await.unwrap();
    let clash = Tag { name: TagName::parse("name", "latest").unwrap(), ..other.clone() };
    assert_eq!(store.update_tag(&clash, &ev()).await.unwrap_err().code(), Code::AlreadyExists);
    assert_eq!(store.delete_tag(&r.uid.random_child(), &ev()).await.unwrap_err().code(), Code::NotFound);
    db.cleanup().await.unwrap();
}

/// The reference: every row, filtered by the domain's own rules.
fn reference<T: Sortable + Clone>(rows: &[T], query: &ListQuery, name: impl Fn(&T) -> Option<String>) -> StorePage<T> {
    apply_in_memory(rows.iter().cloned(), query, |r| {
        query.filter.uidp.matches(r.uid()) && query.filter.name.as_ref().is_none_or(|n| name(r).as_ref() == Some(n))
    })
}

/// As [`reference`] for groups, whose plain `descendants_of` totals are exact (counters).
fn group_reference(groups: &[Group], query: &ListQuery) -> StorePage<Group> {
    let page = reference(groups, query, |g: &Group| Some(g.name.to_string()));
    StorePage { exact: query.count_total && query.descendant_total().is_some(), ..page }
}

fn random_query(rng: &mut StdRng, uids: &[Uidp], names: &[&str], fields: &[SortField]) -> ListQuery {
    let pick = |rng: &mut StdRng| uids[rng.gen_range(0..uids.len())].clone();
    let mut uidp = UidpFilter::default();
    match rng.gen_range(0..9) {
        0 => uidp.descendants_of = Some(pick(rng)),
        1 => uidp.children_of = Some(pick(rng)),
        2 => uidp.ancestors_of = Some(pick(rng)),
        3 => uidp.in_root = true,
        4 => uidp.ids = (0..rng.gen_range(1..6)).map(|_| pick(rng)).collect(),
        5 => {
            uidp.descendants_of = Some(pick(rng));
            uidp.children_of = Some(pick(rng));
        }
        _ => {}
    }
    let name = (rng.gen_range(0..4) == 0).then(|| names[rng.gen_range(0..names.len())].to_owned());
    let visibility = match rng.gen_range(0..4) {
        0 => Visibility::everything(),
        1 => Visibility { scopes: Some(vec![].into()), root_level: rng.gen_bool(0.5) },
        _ => Visibility {
            scopes: Some((0..rng.gen_range(1..4)).map(|_| pick(rng)).collect()),
            root_level: rng.gen_bool(0.5),
        },
    };
    let order = Ordering {
        field: fields[rng.gen_range(0..fields.len())],
        direction: if rng.gen_bool(0.5) { Direction::Asc } else { Direction::Desc },
    };
    ListQuery {
        filter: ListFilter { uidp, name, ..Default::default() },
        visibility,
        order,
        after: None,
        skip: rng.gen_range(0..3),
        limit: rng.gen_range(1..12),
        count_total: true,
    }
}

/// Pages through `query` with cursors built from each page's last row, as the pager does.
async fn walk<T, F, Fut>(query: &ListQuery, list: F) -> Vec<StorePage<T>>
where
    T: Sortable + Clone,
    F: Fn(ListQuery) -> Fut,
    Fut: std::future::Future<Output = grove_domain::Result<StorePage<T>>>,
{
    let mut pages = Vec::new();
    let mut q = query.clone();
    for _ in 0..40 {
        let page = list(q.clone()).await.unwrap();
        let last = page.items.last().cloned();
        pages.push(page);
        let Some(last) = last else { break };
        q.after = Some(Cursor { key: last.sort_key(q.order.field), uid: last.uid().clone() });
    }
    pages
}

/// Every page of `query` from the store equals the reference's, cursor after cursor.
async fn assert_groups_match_the_reference(store: &Arc<PostgresStore>, groups: &[Group], query: &ListQuery) {
    let got = walk(query, |q| {
        let store = Arc::clone(store);
        async move { store.list_groups(&q).await }
    })
    .await;
    let want = walk(query, |q| {
        let page = group_reference(groups, &q);
        async move { Ok(page) }
    })
    .await;
    assert_eq!(got, want, "groups {query:?}");
}

#[tokio::test]
async fn lists_match_the_reference_semantics_on_random_queries() {
    let db = database().await;
    let store = db.store();
    let mut rng = StdRng::seed_from_u64(0x67_726f_7665);
    let names = ["alpha", "beta", "gamma", "delta", "a b", "z", "beta.2", "_x"];
    let times = [10, 20, 20, 30, 40];

    // Two organizations, three levels, names and times with ties.
    let mut groups = Vec::new();
    for org_name in ["acme", "beta"] {
        let org = group(Uidp::random_root(), org_name, times[rng.gen_range(0..times.len())]);
        groups.push(org.clone());
        let mut level = vec![org.uid.clone()];
        for _ in 0..2 {
            let mut next = Vec::new();
            for parent in &level {
                let mut used = std::collections::HashSet::new();
                for _ in 0..rng.gen_range(1..5) {
                    let name = names[rng.gen_range(0..names.len())];
                    if !used.insert(name) {
                        continue;
                    }
                    let g = group(parent.random_child(), name, times[rng.gen_range(0..times.len())]);
                    next.push(g.uid.clone());
                    groups.push(g);
                }
            }
            level = next;
        }
    }
    for g in &groups {
        store.create_group(g, &ev()).await.unwrap();
    }
    let group_uids: Vec<Uidp> = groups.iter().map(|g| g.uid.clone()).collect();

    // Identities, custom roles and bindings spread over the tree.
    let mut identities = Vec::new();
    let mut roles = built_in_roles(built_in_roles_created());
    let mut bindings = Vec::new();
    for (i, g) in groups.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
        let mut who = identity(g.uid.random_child(), names[i % names.len()], times[i % times.len()]);
        if i % 3 == 0 {
            who.relationship = Relationship::ServicePrincipal(ServicePrincipal::Ingester);
        }
        store.create_identity(&who, &ev()).await.unwrap();
        identities.push(who);
        let custom = role(g.uid.random_child(), names[(i + 3) % names.len()], &[Capability::GroupsList]);
        store.create_role(&custom, &ev()).await.unwrap();
        roles.push(custom);
    }
    for (i, g) in groups.iter().enumerate() {
        for (j, who) in identities.iter().enumerate().filter(|(j, _)| (i + j) % 3 == 0) {
            let r = &roles[(i + j) % 5];
            let b = binding(&g.uid, &who.uid, &r.uid, times[(i * j) % times.len()]);
            store.create_role_binding(&b, &ev()).await.unwrap();
            bindings.push(b);
        }
    }
    let mut views = Vec::new();
    for b in &bindings {
        views.push(store.get_role_binding(&b.uid).await.unwrap().unwrap());
    }
    let mut all_uids = group_uids.clone();
    all_uids.extend(identities.iter().map(|i| i.uid.clone()));
    all_uids.extend(roles.iter().map(|r| r.uid.clone()));

    let resource_fields = [SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
    for _ in 0..300 {
        let query = random_query(&mut rng, &group_uids, &names, &resource_fields);
        assert_groups_match_the_reference(&store, &groups, &query).await;
    }
    // Pages of a whole organization by name walk the organization index, with literal limits
    // for common page sizes: the same rows, in every direction, size, skip and visibility.
    let orgs: Vec<&Uidp> = group_uids.iter().filter(|uid| uid.is_root()).collect();
    for _ in 0..60 {
        let org = orgs[rng.gen_range(0..orgs.len())].clone();
        let mut query = random_query(&mut rng, &group_uids, &names, &[SortField::Name]);
        query.filter.uidp = UidpFilter { descendants_of: Some(org.clone()), ..Default::default() };
        query.limit = [2, 5, 11, 21, 26][rng.gen_range(0..5)];
        if rng.gen_bool(0.5) {
            query.visibility = Visibility { scopes: Some(vec![org.clone()].into()), root_level: false };
        }
        assert_groups_match_the_reference(&store, &groups, &query).await;
    }
    for _ in 0..150 {
        let query = random_query(&mut rng, &all_uids, &names, &resource_fields);
        let got = walk(&query, |q| {
            let store = Arc::clone(&store);
            async move { store.list_roles(&q).await }
        })
        .await;
        let want = walk(&query, |q| {
            let roles = roles.clone();
            async move { Ok(reference(&roles, &q, |r: &Role| Some(r.name.to_string()))) }
        })
        .await;
        assert_eq!(got, want, "roles {query:?}");
        let mut query = query;
        query.filter.relationship_type = match rng.gen_range(0..4) {
            0 => Some(RelationshipType::ClaimMatch),
            1 => Some(RelationshipType::ServicePrincipal),
            _ => None,
        };
        let got = walk(&query, |q| {
            let store = Arc::clone(&store);
            async move { store.list_identities(&q).await }
        })
        .await;
        let want = walk(&query, |q| {
            let identities: Vec<Identity> = identities
                .iter()
                .filter(|i| q.filter.matches_relationship(i.relationship.relationship_type()))
                .cloned()
                .collect();
            async move { Ok(reference(&identities, &q, |i: &Identity| Some(i.name.to_string()))) }
        })
        .await;
        assert_eq!(got, want, "identities {query:?}");
    }
    let binding_fields = resource_fields;
    for _ in 0..200 {
        let mut query = random_query(&mut rng, &all_uids, &names, &binding_fields);
        query.filter.name = None;
        if rng.gen_bool(0.3) {
            query.filter.identity = Some(identities[rng.gen_range(0..identities.len())].uid.clone());
        }
        if rng.gen_bool(0.3) {
            query.filter.role = Some(roles[rng.gen_range(0..roles.len())].uid.clone());
        }
        if rng.gen_bool(0.3) {
            query.filter.group = Some(group_uids[rng.gen_range(0..group_uids.len())].clone());
        }
        let got = walk(&query, |q| {
            let store = Arc::clone(&store);
            async move { store.list_role_bindings(&q).await }
        })
        .await;
        let want = walk(&query, |q| {
            let views = views.clone();
            async move {
                Ok(apply_in_memory(views.iter().cloned(), &q, |v: &RoleBindingView| {
                    q.filter.matches_binding(&v.uid, &v.identity.uid, &v.role.uid)
                }))
            }
        })
        .await;
        assert_eq!(got, want, "bindings {query:?}");
    }
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn a_list_that_does_not_ask_for_the_count_skips_it_and_returns_the_same_rows() {
    let db = database().await;
    let store = db.store();
    let now = Timestamp::from_unix_millis(1_795_000_000_000).unwrap();
    let org = Group {
        uid: Uidp::random_root(),
        name: GroupName::parse("name", "counted").unwrap(),
        description: Description::default(),
        verified: false,
        create_time: now,
        update_time: now,
    };
    store.create_group(&org, &ev()).await.unwrap();
    for i in 0..5 {
        let child = Group {
            uid: org.uid.random_child(),
            name: GroupName::parse("name", &format!("c{i}")).unwrap(),
            ..org.clone()
        };
        store.create_group(&child, &ev()).await.unwrap();
    }
    let counted = ListQuery::all(
        ListFilter {
            uidp: UidpFilter { children_of: Some(org.uid.clone()), ..UidpFilter::default() },
            ..ListFilter::default()
        },
        Visibility::everything(),
        3,
    );
    let uncounted = ListQuery { count_total: false, ..counted.clone() };
    let with_total = store.list_groups(&counted).await.unwrap();
    let without = store.list_groups(&uncounted).await.unwrap();
    assert_eq!((with_total.total, without.total), (5, 0));
    assert_eq!(with_total.items, without.items);
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn a_committed_event_wakes_this_store_at_once_and_other_nodes_by_notify() {
    let db = database().await;
    let store = db.store();
    let other_node = tokio::sync::Notify::new();
    let other_node = Arc::new(other_node);
    let woken = other_node.clone();
    let listener = tokio::spawn(grove_store_postgres::listen(
        db.url().to_owned(),
        String::new(),
        grove_store_postgres::NotificationHandlers { events: Some(Box::new(move || woken.notify_one())), grants: None },
    ));
    // The listener wakes once when it starts listening.
    tokio::time::timeout(Duration::from_secs(10), other_node.notified()).await.expect("LISTEN started");

    store.create_group(&group(Uidp::random_root(), "acme", 1), &ev()).await.unwrap();
    tokio::time::timeout(Duration::from_secs(5), store.event_committed()).await.expect("this node woken");
    tokio::time::timeout(Duration::from_secs(5), other_node.notified()).await.expect("other nodes notified");

    // A refused write commits nothing and raises nothing.
    let clash = store.create_group(&group(Uidp::random_root(), "acme", 1), &ev()).await;
    assert_eq!(clash.unwrap_err().code(), Code::AlreadyExists);
    assert!(tokio::time::timeout(Duration::from_millis(300), store.event_committed()).await.is_err());
    listener.abort();
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn a_store_that_records_no_events_makes_changes_without_outbox_rows() {
    use grove_domain::ports::OutboxStore as _;
    let db = database().await;
    let mut config = PostgresConfig::new(db.url());
    config.record_events = false;
    let store = PostgresStore::connect(&config).await.unwrap();
    let org = Uidp::random_root();
    store.create_group(&group(org.clone(), "quiet", 1), &ev()).await.unwrap();
    assert_eq!(store.get_group(&org).await.unwrap().map(|g| g.uid), Some(org.clone()));
    assert_eq!(store.event_backlog().await.unwrap().undelivered, 0);
    assert!(tokio::time::timeout(Duration::from_millis(300), store.event_committed()).await.is_err());
    // The same database through a recording store: the event is there.
    db.store().create_group(&group(Uidp::random_root(), "loud", 1), &ev()).await.unwrap();
    assert_eq!(store.event_backlog().await.unwrap().undelivered, 1);
    store.pool().close();
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn the_relays_claim_scans_no_table_among_many_delivered_events() {
    let db = database().await;
    let mut conn = diesel_async::AsyncPgConnection::establish(db.url()).await.unwrap();
    conn.batch_execute(
        "INSERT INTO events (id, type, time, group_uid, subject, data, delivered) \
         SELECT gen_random_uuid()::text, 't', now(), 'g', 's', repeat('x', 300), now() \
         FROM generate_series(1, 20000); \
         INSERT INTO events (id, type, time, group_uid, subject, data) \
         SELECT gen_random_uuid()::text, 't', now(), 'g', 's', '{}' FROM generate_series(1, 100); \
         ANALYZE events",
    )
    .await
    .unwrap();
    let plan = db.store().explain_claim().await.unwrap();
    assert!(plan.iter().all(|line| !line.contains("Seq Scan")), "{plan:#?}");
    assert!(plan.iter().any(|line| line.contains("events_pkey")), "{plan:#?}");
    db.cleanup().await.unwrap();
}

#[tokio::test]
async fn the_audit_trail_refuses_update_delete_and_truncate_and_lets_only_the_prune_delete_old_entries() {
    use grove_domain::ports::AuditStore as _;
    let db = database().await;
    let store = db.store();
    // ev() is stamped at the epoch: its entry is old.
    store.create_group(&group(Uidp::random_root(), "acme", 1), &ev()).await.unwrap();
    let mut conn = store.pool().get().await.unwrap();
    for sql in [
        "UPDATE audit_entries SET actor = 'someone-else'",
        "DELETE FROM audit_entries",
        "TRUNCATE audit_entries",
        // A cutoff older than the entry lets nothing through.
        "BEGIN; SELECT set_config('grove.audit_prune_before', '1960-01-01T00:00:00Z', true); \
         DELETE FROM audit_entries; COMMIT",
    ] {
        let err = conn.batch_execute(sql).await.unwrap_err().to_string();
        assert!(err.contains("audit entries are append-only:"), "{sql}: {err}");
        let _ = conn.batch_execute("ROLLBACK").await;
    }
    // The setting was transaction-local: outside it, deletes are refused again.
    let err = conn.batch_execute("DELETE FROM audit_entries").await.unwrap_err().to_string();
    assert_eq!(err, "audit entries are append-only: DELETE on audit_entries is refused");
    drop(conn);
    assert_eq!(store.prune_audit_entries(ts(1)).await.unwrap(), 1);
    assert_eq!(store.prune_audit_entries(ts(1)).await.unwrap(), 0);
    db.cleanup().await.unwrap();
}
