//! Runs a domain [`ListQuery`] as SQL, reproducing `grove_domain::listing::apply_in_memory`.
//!
//! - Hierarchy filters: `descendants_of X` is the primary-key range `uid >= 'X/' AND
//!   uid < 'X0'` (uids are `COLLATE "C"`, and `'0'` follows `'/'`); `children_of X` is
//!   `parent_uid = X` plus that range, so either index can serve it; `ancestors_of X` is
//!   `uid = ANY(<the ancestors of X, computed here>)`; `in_root` is `parent_uid IS NULL`.
//! - Visibility: an OR of `uid = S OR <range of S>` per scope, plus `parent_uid IS NULL` for
//!   root-level rows.
//! - Paging: `ORDER BY <key> <dir>, uid <dir>` and a keyset seek written as the row
//!   comparison `(<key>, uid) > ($key, $uid)` (`<` when descending), which Postgres turns into
//!   one index condition; `OFFSET` only for `skip`, after the seek. The total is a separate
//!   `COUNT(*)` over filter and visibility, pipelined on the same connection.

use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::expression::BoxableExpression;
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Bool, Text, Timestamptz};
use diesel::QueryResult;
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use grove_domain::listing::{Direction, ListQuery, SortField, SortKey};
use grove_domain::{Result, Uidp};

use crate::error::{internal, unexpected};

/// The bounds of the uids strictly below `uid`: `[uid + "/", uid + "0")`.
pub(crate) fn subtree(uid: &Uidp) -> (String, String) {
    (format!("{uid}/"), format!("{uid}0"))
}

/// Every strict ancestor of `uid`, nearest first.
pub(crate) fn ancestors(uid: &Uidp) -> Vec<String> {
    std::iter::successors(uid.parent(), Uidp::parent).map(String::from).collect()
}

/// Uids as column values.
pub(crate) fn uid_strings(ids: &[Uidp]) -> Vec<String> {
    ids.iter().map(ToString::to_string).collect()
}

/// A row count or offset as SQL `bigint`.
pub(crate) fn sql_count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The kind of sort key a row has under an order, ranked like the variants of [`SortKey`]
/// (which is how the reference compares a cursor's key with a row's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum KeyKind {
    /// [`SortKey::Uid`].
    Uid,
    /// [`SortKey::Text`].
    Text,
    /// [`SortKey::Time`].
    Time,
}

impl KeyKind {
    /// The key kind of resources with a name and both times.
    pub(crate) fn of_resource(field: SortField) -> Self {
        match field {
            SortField::Uid => Self::Uid,
            SortField::Name => Self::Text,
            SortField::CreateTime | SortField::UpdateTime => Self::Time,
        }
    }

    /// The key kind of role bindings (no name; their only time is the create time).
    pub(crate) fn of_binding(field: SortField) -> Self {
        match field {
            SortField::Uid | SortField::Name => Self::Uid,
            SortField::CreateTime | SortField::UpdateTime => Self::Time,
        }
    }

    fn of_key(key: &SortKey) -> Self {
        match key {
            SortKey::Uid => Self::Uid,
            SortKey::Text(_) => Self::Text,
            SortKey::Time(_) => Self::Time,
        }
    }
}

/// Where a page starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seek {
    /// At the first row.
    Start,
    /// No row can follow the cursor: the page is empty (the total still counts).
    Nothing,
    /// After `(uid)`.
    AfterUid(String),
    /// After `(text key, uid)`.
    AfterText(String, String),
    /// After `(time key, uid)`.
    AfterTime(DateTime<Utc>, String),
}

impl Seek {
    /// The seek for `query`, whose rows have keys of kind `rows`.
    ///
    /// A cursor whose key is of another kind than the rows' compares by kind alone, as
    /// [`SortKey`]'s derived order does: it lies before every row or after every row.
    pub(crate) fn of(query: &ListQuery, rows: KeyKind) -> Result<Self> {
        let Some(cursor) = &query.after else { return Ok(Self::Start) };
        let asc = query.order.direction == Direction::Asc;
        let uid = cursor.uid.to_string();
        let cursor_kind = KeyKind::of_key(&cursor.key);
        if cursor_kind != rows {
            let rows_follow = (cursor_kind < rows) == asc;
            return Ok(if rows_follow { Self::Start } else { Self::Nothing });
        }
        Ok(match &cursor.key {
            SortKey::Uid => Self::AfterUid(uid),
            SortKey::Text(text) => Self::AfterText(text.clone(), uid),
            SortKey::Time(ms) => Self::AfterTime(
                DateTime::from_timestamp_millis(*ms)
                    .ok_or_else(|| internal(format!("cursor time {ms} out of range")))?,
                uid,
            ),
        })
    }
}

fn comparison(asc: bool) -> &'static str {
    if asc {
        ">"
    } else {
        "<"
    }
}

/// `(<key column>, <uid column>) > ($key, $uid)` (or `<`), for text keys.
pub(crate) fn after_text<QS>(
    key_column: &str,
    uid_column: &str,
    asc: bool,
    key: String,
    uid: String,
) -> Box<dyn BoxableExpression<QS, Pg, SqlType = Bool>> {
    Box::new(
        sql::<Bool>(&format!("({key_column}, {uid_column}) {} (", comparison(asc)))
            .bind::<Text, _>(key)
            .sql(", ")
            .bind::<Text, _>(uid)
            .sql(")"),
    )
}

/// `(<key column>, <uid column>) > ($key, $uid)` (or `<`), for time keys.
pub(crate) fn after_time<QS>(
    key_column: &str,
    uid_column: &str,
    asc: bool,
    key: DateTime<Utc>,
    uid: String,
) -> Box<dyn BoxableExpression<QS, Pg, SqlType = Bool>> {
    Box::new(
        sql::<Bool>(&format!("({key_column}, {uid_column}) {} (", comparison(asc)))
            .bind::<Timestamptz, _>(key)
            .sql(", ")
            .bind::<Text, _>(uid)
            .sql(")"),
    )
}

/// Applies the hierarchy filters and the visibility of `$q` to the boxed query `$boxed`,
/// whose uid and parent columns are `$t::uid` and `$t::parent_uid` over query source `$qs`.
macro_rules! where_uidp_and_visible {
    ($boxed:expr, $t:ident, $qs:ty, $q:expr) => {{
        use crate::schema::$t as c;
        use diesel::expression::BoxableExpression;
        use diesel::pg::Pg;
        use diesel::sql_types::Bool;
        use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, IntoSql as _, QueryDsl as _};
        let q: &grove_domain::listing::ListQuery = $q;
        let u = &q.filter.uidp;
        let mut boxed = $boxed;
        if let Some(d) = &u.descendants_of {
            let (lo, hi) = crate::listing::subtree(d);
            boxed = boxed.filter(c::uid.ge(lo).and(c::uid.lt(hi)));
        }
        if let Some(p) = &u.children_of {
            let (lo, hi) = crate::listing::subtree(p);
            boxed = boxed.filter(c::parent_uid.eq(p.to_string())).filter(c::uid.ge(lo).and(c::uid.lt(hi)));
        }
        if let Some(a) = &u.ancestors_of {
            boxed = boxed.filter(c::uid.eq_any(crate::listing::ancestors(a)));
        }
        if u.in_root {
            boxed = boxed.filter(c::parent_uid.is_null());
        }
        if !u.ids.is_empty() {
            boxed = boxed.filter(c::uid.eq_any(crate::listing::uid_strings(&u.ids)));
        }
        if let Some(scopes) = &q.visibility.scopes {
            let mut visible: Box<dyn BoxableExpression<$qs, Pg, SqlType = Bool>> = Box::new(false.into_sql::<Bool>());
            for s in scopes {
                let (lo, hi) = crate::listing::subtree(s);
                visible = Box::new(visible.or(c::uid.eq(s.to_string()).or(c::uid.ge(lo).and(c::uid.lt(hi)))));
            }
            if q.visibility.root_level {
                visible = Box::new(visible.or(c::parent_uid.is_null()));
            }
            boxed = boxed.filter(visible);
        }
        boxed
    }};
}
pub(crate) use where_uidp_and_visible;

/// The filters of a list over a resource table `$t` (hierarchy, visibility and `name`).
macro_rules! where_resource {
    ($boxed:expr, $t:ident, $q:expr) => {{
        use diesel::{ExpressionMethods as _, QueryDsl as _};
        let q: &grove_domain::listing::ListQuery = $q;
        let mut boxed = crate::listing::where_uidp_and_visible!($boxed, $t, crate::schema::$t::table, q);
        if let Some(name) = &q.filter.name {
            boxed = boxed.filter(crate::schema::$t::name.eq(name.clone()));
        }
        boxed
    }};
}
pub(crate) use where_resource;

/// Runs a list over resource table `$t` whose rows load as `$row` and convert to the domain
/// type: the page (seek, order, skip, limit) and the total, pipelined on `$conn`.
macro_rules! list_resource {
    ($conn:expr, $t:ident, $row:ty, $q:expr) => {{
        use crate::schema::$t as c;
        use diesel::{ExpressionMethods as _, QueryDsl as _, SelectableHelper as _};
        use grove_domain::listing::{Direction, SortField};
        let q: &grove_domain::listing::ListQuery = $q;
        let conn: &diesel_async::AsyncPgConnection = $conn;
        let seek = crate::listing::Seek::of(q, crate::listing::KeyKind::of_resource(q.order.field))?;
        let count = crate::listing::where_resource!(c::table.into_boxed(), $t, q).count();
        let mut page = crate::listing::where_resource!(c::table.select(<$row>::as_select()).into_boxed(), $t, q);
        let asc = q.order.direction == Direction::Asc;
        let uid_column = concat!(stringify!($t), ".uid");
        let time_column = match q.order.field {
            SortField::UpdateTime => concat!(stringify!($t), ".update_time"),
            _ => concat!(stringify!($t), ".create_time"),
        };
        page = match seek.clone() {
            crate::listing::Seek::Start | crate::listing::Seek::Nothing => page,
            crate::listing::Seek::AfterUid(uid) if asc => page.filter(c::uid.gt(uid)),
            crate::listing::Seek::AfterUid(uid) => page.filter(c::uid.lt(uid)),
            crate::listing::Seek::AfterText(key, uid) => {
                page.filter(crate::listing::after_text(concat!(stringify!($t), ".name"), uid_column, asc, key, uid))
            }
            crate::listing::Seek::AfterTime(key, uid) => {
                page.filter(crate::listing::after_time(time_column, uid_column, asc, key, uid))
            }
        };
        page = match (q.order.field, asc) {
            (SortField::Uid, true) => page.order_by(c::uid.asc()),
            (SortField::Uid, false) => page.order_by(c::uid.desc()),
            (SortField::Name, true) => page.order_by((c::name.asc(), c::uid.asc())),
            (SortField::Name, false) => page.order_by((c::name.desc(), c::uid.desc())),
            (SortField::CreateTime, true) => page.order_by((c::create_time.asc(), c::uid.asc())),
            (SortField::CreateTime, false) => page.order_by((c::create_time.desc(), c::uid.desc())),
            (SortField::UpdateTime, true) => page.order_by((c::update_time.asc(), c::uid.asc())),
            (SortField::UpdateTime, false) => page.order_by((c::update_time.desc(), c::uid.desc())),
        };
        let page = page.offset(crate::listing::sql_count(q.skip)).limit(crate::listing::sql_count(q.limit));
        crate::listing::Listing { seek, page, count, count_total: q.count_total, conn }
    }};
}
pub(crate) use list_resource;

/// A planned list: the page query and the count query, ready to run or to explain.
pub(crate) struct Listing<'c, P, C> {
    pub seek: Seek,
    pub page: P,
    pub count: C,
    /// Run the count statement (else the caller knows the total and 0 is reported).
    pub count_total: bool,
    pub conn: &'c AsyncPgConnection,
}

/// Runs a [`Listing`]: the page and the count, pipelined on one connection; rows of type
/// `$row` convert to the domain type `$ty` with `TryFrom`. Evaluates to `Result<StorePage<$ty>>`.
macro_rules! run_listing {
    ($listing:expr, $row:ty, $ty:ty) => {{
        use diesel_async::RunQueryDsl as _;
        let crate::listing::Listing { seek, page, count, count_total, conn } = $listing;
        let counted = async {
            if count_total {
                count.get_result::<i64>(&mut &*conn).await
            } else {
                Ok(0)
            }
        };
        let loaded = async {
            if seek == crate::listing::Seek::Nothing {
                Ok(Vec::new())
            } else {
                page.load::<$row>(&mut &*conn).await
            }
        };
        match futures_util::future::try_join(loaded, counted).await {
            Ok((rows, total)) => {
                rows.into_iter().map(<$ty>::try_from).collect::<grove_domain::Result<Vec<$ty>>>().map(|items| {
                    grove_domain::listing::StorePage { items, total: u64::try_from(total).unwrap_or_default() }
                })
            }
            Err(e) => Err(crate::error::unexpected(e)),
        }
    }};
}
pub(crate) use run_listing;

/// Explains a [`Listing`]: evaluates to `Result<(page plan, count plan)>`.
macro_rules! explain_listing {
    ($listing:expr) => {{
        let crate::listing::Listing { page, count, conn, .. } = $listing;
        crate::listing::explain(conn, page, count).await
    }};
}
pub(crate) use explain_listing;

/// The plans (`EXPLAIN` lines) of a page query and a count query.
pub(crate) async fn explain<P, C>(conn: &AsyncPgConnection, page: P, count: C) -> Result<(Vec<String>, Vec<String>)>
where
    P: QueryFragment<Pg> + Send + 'static,
    C: QueryFragment<Pg> + Send + 'static,
{
    let page = Explain(page).load::<String>(&mut &*conn).await.map_err(unexpected)?;
    let count = Explain(count).load::<String>(&mut &*conn).await.map_err(unexpected)?;
    Ok((page, count))
}

/// `EXPLAIN <query>`, with the query's own bind parameters.
struct Explain<Q>(Q);

impl<Q> QueryId for Explain<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q> Query for Explain<Q> {
    type SqlType = Text;
}

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for Explain<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.unsafe_to_cache_prepared();
        out.push_sql("EXPLAIN ");
        self.0.walk_ast(out.reborrow())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grove_domain::listing::{Cursor, ListFilter, Ordering, Visibility};

    fn query(field: SortField, direction: Direction, key: SortKey) -> ListQuery {
        ListQuery {
            filter: ListFilter::default(),
            visibility: Visibility::everything(),
            order: Ordering { field, direction },
            after: Some(Cursor { key, uid: Uidp::random_root() }),
            skip: 0,
            limit: 10,
            count_total: true,
        }
    }

    #[test]
    fn subtree_is_the_range_between_slash_and_zero() {
        let org = Uidp::from_static("0123456789abcdef0123456789abcdef01234567");
        let (lo, hi) = subtree(&org);
        assert_eq!(lo, "0123456789abcdef0123456789abcdef01234567/");
        assert_eq!(hi, "0123456789abcdef0123456789abcdef012345670");
        let child = org.random_child();
        assert!(lo.as_str() <= child.as_str() && child.as_str() < hi.as_str());
    }

    #[test]
    fn ancestors_run_from_the_parent_to_the_root() {
        let org = Uidp::random_root();
        let a = org.random_child();
        let b = a.random_child();
        assert_eq!(ancestors(&b), vec![a.to_string(), org.to_string()]);
        assert!(ancestors(&org).is_empty());
    }

    #[test]
    fn a_cursor_of_the_same_kind_seeks_after_its_key() {
        let q = query(SortField::Name, Direction::Asc, SortKey::Text("b".into()));
        let uid = q.after.as_ref().unwrap().uid.to_string();
        assert_eq!(Seek::of(&q, KeyKind::Text).unwrap(), Seek::AfterText("b".into(), uid));
        let q = query(SortField::CreateTime, Direction::Desc, SortKey::Time(1_000));
        let Seek::AfterTime(t, _) = Seek::of(&q, KeyKind::Time).unwrap() else { panic!() };
        assert_eq!(t.timestamp_millis(), 1_000);
    }

    #[test]
    fn a_cursor_of_another_kind_compares_by_kind_like_sort_key() {
        // SortKey::Uid < Text < Time: a Uid cursor lies before every named row.
        let q = query(SortField::Name, Direction::Asc, SortKey::Uid);
        assert_eq!(Seek::of(&q, KeyKind::Text).unwrap(), Seek::Start);
        let q = query(SortField::Name, Direction::Desc, SortKey::Uid);
        assert_eq!(Seek::of(&q, KeyKind::Text).unwrap(), Seek::Nothing);
        let q = query(SortField::Name, Direction::Asc, SortKey::Time(5));
        assert_eq!(Seek::of(&q, KeyKind::Text).unwrap(), Seek::Nothing);
        let q = query(SortField::Name, Direction::Desc, SortKey::Time(5));
        assert_eq!(Seek::of(&q, KeyKind::Text).unwrap(), Seek::Start);
    }
}
