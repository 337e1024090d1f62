//! Bulk seeding at benchmark scale (feature `testing`): one organization's tree of groups
//! three levels deep, identities and role bindings, written with set-based SQL in seconds;
//! and the `fanout` benchmark's tree of teams and its callers' bindings in bulk.

use diesel::sql_types::{BigInt, Jsonb, Text};
use diesel_async::{RunQueryDsl as _, SimpleAsyncConnection as _};
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::{Result, Uidp};

use crate::error::{internal, pool_error, unexpected};
use crate::rows::relationship_json;
use crate::PostgresStore;

/// How much to seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScaleSpec {
    /// Groups, spread over three levels below the organization.
    pub groups: u64,
    /// Identities, spread over the second level.
    pub identities: u64,
    /// Role bindings (`viewer`, each identity in its own group), at most one per identity.
    pub role_bindings: u64,
}

/// What was seeded, with samples for driving a load.
#[derive(Debug, Clone, Default)]
pub struct Seeded {
    /// Groups written.
    pub groups: u64,
    /// Identities written.
    pub identities: u64,
    /// Role bindings written.
    pub role_bindings: u64,
    /// The first level below the organization.
    pub level1: Vec<Uidp>,
    /// The second level.
    pub level2: Vec<Uidp>,
    /// Up to 1 000 groups from every level, in random order.
    pub sample_groups: Vec<Uidp>,
    /// The names of up to 1 000 random groups.
    pub sample_names: Vec<String>,
    /// Up to 1 000 identities, in random order.
    pub sample_identities: Vec<Uidp>,
}

#[derive(diesel::QueryableByName)]
struct UidRow {
    #[diesel(sql_type = Text)]
    uid: String,
}

#[derive(diesel::QueryableByName)]
struct NameRow {
    #[diesel(sql_type = Text)]
    name: String,
}

fn uids(rows: Vec<UidRow>) -> Result<Vec<Uidp>> {
    rows.into_iter().map(|r| Uidp::parse(&r.uid).map_err(|_| internal("seeded an invalid uid"))).collect()
}

/// Seeds `spec` below the existing organization `org`, then `VACUUM ANALYZE`s, as
/// autovacuum would after a bulk load.
///
/// # Errors
/// Store failures, or a spec whose tree does not fit (`groups` below 3).
pub async fn seed_scale(store: &PostgresStore, org: &Uidp, spec: &ScaleSpec) -> Result<Seeded> {
    if spec.groups < 3 {
        return Err(internal("seed at least three groups"));
    }
    let branching = ((spec.groups as f64).cbrt().round() as i64).max(1);
    let level1 = branching;
    let level2 = branching * branching;
    let remaining = (spec.groups as i64 - level1 - level2).max(0);
    let per_leaf_parent = (remaining + level2 - 1) / level2.max(1);
    let per_identity_parent = (spec.identities as i64 + level2 - 1) / level2.max(1);
    let relationship = relationship_json(&Relationship::ClaimMatch(ClaimMatch {
        issuer: Matcher::Exact("https://issuer.bench.example".to_owned()),
        subject: Matcher::Exact("robot".to_owned()),
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    }))?;
    let org = org.as_str();
    let mut conn = store.pool().get().await.map_err(pool_error)?;
    let conn = &mut *conn;
    conn.batch_execute("SET statement_timeout = 0").await.map_err(unexpected)?;

    diesel::sql_query(
        "INSERT INTO groups (uid, parent_uid, name, description, verified, create_time, update_time) \
         SELECT $1 || '/' || lpad(to_hex(i), 16, '0'), $1, 'team-' || substr(md5('t' || i), 1, 12), '', false, \
                date_trunc('milliseconds', now()) - i * interval '1 ms', date_trunc('milliseconds', now()) - i * interval '1 ms' \
         FROM generate_series(1, $2) AS i",
    )
    .bind::<Text, _>(org)
    .bind::<BigInt, _>(level1)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    diesel::sql_query(
        "INSERT INTO groups (uid, parent_uid, name, description, verified, create_time, update_time) \
         SELECT p.uid || '/' || lpad(to_hex(j), 16, '0'), p.uid, 'sub-' || substr(md5(p.uid || j), 1, 12), '', false, \
                p.create_time - j * interval '1 ms', p.create_time - j * interval '1 ms' \
         FROM groups p CROSS JOIN generate_series(1, $2) AS j \
         WHERE p.parent_uid = $1 AND p.name LIKE 'team-%'",
    )
    .bind::<Text, _>(org)
    .bind::<BigInt, _>(branching)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    diesel::sql_query(
        "INSERT INTO groups (uid, parent_uid, name, description, verified, create_time, update_time) \
         SELECT p.uid || '/' || lpad(to_hex(k), 16, '0'), p.uid, 'leaf-' || substr(md5(p.uid || k), 1, 12), '', false, \
                p.create_time - k * interval '1 ms', p.create_time - k * interval '1 ms' \
         FROM (SELECT g.uid, g.create_time, row_number() OVER (ORDER BY g.uid) AS n FROM groups g \
               WHERE g.parent_uid IN (SELECT uid FROM groups WHERE parent_uid = $1 AND name LIKE 'team-%')) p \
         CROSS JOIN generate_series(1, $2) AS k \
         WHERE (p.n - 1) * $2 + k <= $3",
    )
    .bind::<Text, _>(org)
    .bind::<BigInt, _>(per_leaf_parent)
    .bind::<BigInt, _>(remaining)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    let level2_sql = "SELECT uid FROM groups WHERE parent_uid IN \
                      (SELECT uid FROM groups WHERE parent_uid = $1 AND name LIKE 'team-%') ORDER BY uid";
    diesel::sql_query(format!(
        "INSERT INTO identities (uid, parent_uid, name, description, relationship, relationship_type, issuer, subject, last_seen_time, create_time, update_time) \
         SELECT p.uid || '/' || lpad(to_hex(16777216 + k), 16, '0'), p.uid, 'robot-' || k, '', $2, 'claim_match', \
                'https://issuer.bench.example', 'robot', NULL, date_trunc('milliseconds', now()), date_trunc('milliseconds', now()) \
         FROM (SELECT uid, row_number() OVER (ORDER BY uid) AS n FROM ({level2_sql}) l) p \
         CROSS JOIN generate_series(1, $3) AS k \
         WHERE (p.n - 1) * $3 + k <= $4"
    ))
    .bind::<Text, _>(org)
    .bind::<Jsonb, _>(&relationship)
    .bind::<BigInt, _>(per_identity_parent)
    .bind::<BigInt, _>(spec.identities as i64)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    diesel::sql_query(
        "INSERT INTO role_bindings (uid, parent_uid, identity_uid, role_uid, create_time) \
         SELECT i.parent_uid || '/2' || right(i.uid, 15), i.parent_uid, i.uid, $2, date_trunc('milliseconds', now()) \
         FROM identities i WHERE starts_with(i.uid, $1 || '/') AND i.name LIKE 'robot-%' \
         ORDER BY i.uid LIMIT $3",
    )
    .bind::<Text, _>(org)
    .bind::<Text, _>(grove_domain::builtin::VIEWER)
    .bind::<BigInt, _>(spec.role_bindings as i64)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    // One statement per call: VACUUM refuses to run inside the implicit transaction of a batch.
    for table in ["groups", "identities", "role_bindings"] {
        conn.batch_execute(&format!("VACUUM ANALYZE {table}")).await.map_err(unexpected)?;
    }

    #[derive(diesel::QueryableByName)]
    struct Counts {
        #[diesel(sql_type = BigInt)]
        groups: i64,
        #[diesel(sql_type = BigInt)]
        identities: i64,
        #[diesel(sql_type = BigInt)]
        bindings: i64,
    }
    let counts: Counts = diesel::sql_query(
        "SELECT (SELECT count(*) FROM groups WHERE starts_with(uid, $1 || '/')) AS groups, \
                (SELECT count(*) FROM identities WHERE starts_with(uid, $1 || '/') AND name LIKE 'robot-%') AS identities, \
                (SELECT count(*) FROM role_bindings WHERE starts_with(uid, $1 || '/') AND role_uid = $2) AS bindings",
    )
    .bind::<Text, _>(org)
    .bind::<Text, _>(grove_domain::builtin::VIEWER)
    .get_result(conn)
    .await
    .map_err(unexpected)?;
    let level1_rows: Vec<UidRow> =
        diesel::sql_query("SELECT uid FROM groups WHERE parent_uid = $1 AND name LIKE 'team-%' ORDER BY uid")
            .bind::<Text, _>(org)
            .load(conn)
            .await
            .map_err(unexpected)?;
    let level2_rows: Vec<UidRow> =
        diesel::sql_query(level2_sql).bind::<Text, _>(org).load(conn).await.map_err(unexpected)?;
    let sample_rows: Vec<UidRow> =
        diesel::sql_query("SELECT uid FROM groups WHERE starts_with(uid, $1 || '/') ORDER BY md5(uid) LIMIT 1000")
            .bind::<Text, _>(org)
            .load(conn)
            .await
            .map_err(unexpected)?;
    let names: Vec<NameRow> = diesel::sql_query(
        "SELECT name FROM groups WHERE starts_with(uid, $1 || '/') ORDER BY md5(uid || 'n') LIMIT 1000",
    )
    .bind::<Text, _>(org)
    .load(conn)
    .await
    .map_err(unexpected)?;
    let identity_rows: Vec<UidRow> =
        diesel::sql_query("SELECT uid FROM identities WHERE starts_with(uid, $1 || '/') ORDER BY md5(uid) LIMIT 1000")
            .bind::<Text, _>(org)
            .load(conn)
            .await
            .map_err(unexpected)?;
    Ok(Seeded {
        groups: counts.groups as u64,
        identities: counts.identities as u64,
        role_bindings: counts.bindings as u64,
        level1: uids(level1_rows)?,
        level2: uids(level2_rows)?,
        sample_groups: uids(sample_rows)?,
        sample_names: names.into_iter().map(|n| n.name).collect(),
        sample_identities: uids(identity_rows)?,
    })
}

/// Seeds the `fanout` benchmark's tree below the existing group `parent`: `teams` teams
/// (`team-<i>`) of `children` groups each (`group-<j>`, so a name repeats in every team), then
/// `VACUUM ANALYZE`s. Returns every group written (teams and their children) in uid order.
///
/// # Errors
/// Store failures.
pub async fn seed_fanout_tree(store: &PostgresStore, parent: &Uidp, teams: i64, children: i64) -> Result<Vec<Uidp>> {
    let mut conn = store.pool().get().await.map_err(pool_error)?;
    let conn = &mut *conn;
    conn.batch_execute("SET statement_timeout = 0").await.map_err(unexpected)?;
    diesel::sql_query(
        "INSERT INTO groups (uid, parent_uid, name, description, verified, create_time, update_time) \
         SELECT $1 || '/' || lpad(to_hex(t), 16, '0'), $1, 'team-' || t, '', false, \
                date_trunc('milliseconds', now()), date_trunc('milliseconds', now()) \
         FROM generate_series(1, $2) AS t",
    )
    .bind::<Text, _>(parent.as_str())
    .bind::<BigInt, _>(teams)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    diesel::sql_query(
        "INSERT INTO groups (uid, parent_uid, name, description, verified, create_time, update_time) \
         SELECT p.uid || '/' || lpad(to_hex(c), 16, '0'), p.uid, 'group-' || c, '', false, \
                p.create_time - c * interval '1 ms', p.create_time - c * interval '1 ms' \
         FROM groups p CROSS JOIN generate_series(1, $2) AS c WHERE p.parent_uid = $1",
    )
    .bind::<Text, _>(parent.as_str())
    .bind::<BigInt, _>(children)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    conn.batch_execute("VACUUM ANALYZE groups").await.map_err(unexpected)?;
    let rows: Vec<UidRow> = diesel::sql_query("SELECT uid FROM groups WHERE starts_with(uid, $1 || '/') ORDER BY uid")
        .bind::<Text, _>(parent.as_str())
        .load(conn)
        .await
        .map_err(unexpected)?;
    uids(rows)
}

/// Binds `identity` once per `(group, role)` pair in one statement (the `fanout` benchmark's
/// callers with up to 100 000 bindings), then `VACUUM ANALYZE`s; returns the bindings written.
///
/// # Errors
/// Store failures, such as a pair bound already.
pub async fn bind_in_bulk(store: &PostgresStore, identity: &Uidp, pairs: &[(Uidp, Uidp)]) -> Result<u64> {
    let groups: Vec<&str> = pairs.iter().map(|(g, _)| g.as_str()).collect();
    let roles: Vec<&str> = pairs.iter().map(|(_, r)| r.as_str()).collect();
    let mut conn = store.pool().get().await.map_err(pool_error)?;
    let conn = &mut *conn;
    let written = diesel::sql_query(
        "INSERT INTO role_bindings (uid, parent_uid, identity_uid, role_uid, create_time) \
         SELECT b.g || '/' || substr(md5($1 || '/' || b.r || '/' || b.g), 1, 16), b.g, $1, b.r, \
                date_trunc('milliseconds', now()) \
         FROM unnest($2::text[], $3::text[]) AS b(g, r)",
    )
    .bind::<Text, _>(identity.as_str())
    .bind::<diesel::sql_types::Array<Text>, _>(&groups)
    .bind::<diesel::sql_types::Array<Text>, _>(&roles)
    .execute(conn)
    .await
    .map_err(unexpected)?;
    conn.batch_execute("VACUUM ANALYZE role_bindings").await.map_err(unexpected)?;
    Ok(written as u64)
}
