//! Runs a domain [`ListQuery`] as SQL, reproducing `grove_domain::listing::apply_in_memory`.
//!
//! How a list is built: each listed table says where its columns are by implementing
//! [`ListColumns`] (uid, parent, the column of each sort field, and its own filters such as
//! `name`); the generic [`filtered`] and [`paged`] turn a [`ListQuery`] into conditions, a
//! seek, an order, skip and limit on a diesel boxed statement; [`Listing`] holds the page
//! and count statements and runs or explains them. Nothing here knows a table by name.
//!
//! - Hierarchy filters: `descendants_of X` is the primary-key range `uid >= 'X/' AND
//!   uid < 'X0'` (uids are `COLLATE "C"`, and `'0'` follows `'/'`); `children_of X` is
//!   `parent_uid = X` plus that range, so either index can serve it; `ancestors_of X` is
//!   `uid = ANY(<the ancestors of X, computed here>)`; `in_root` is `parent_uid IS NULL`.
//! - Visibility: the caller's scopes are data, not text ([`Visible`]): one array parameter
//!   per depth, tested with a hashed `left(uid, len) IN (SELECT unnest($scopes))`, plus the
//!   primary-key range from the first scope to the end of the last (scopes outside the
//!   hierarchy filter dropped first), and `parent_uid IS NULL` for root-level rows; left out
//!   when the hierarchy filter lies inside a scope ([`ListQuery::filter_is_within_visibility`]),
//!   where it could only repeat the filter. Same statement and plan shape at any number of
//!   scopes (`tests/visibility_plans.rs`). A list of the hierarchy alone joins each scope to
//!   its own uid range instead ([`ScopedPage`], [`ScopedCount`]); a list with a name reads the
//!   uids of that name first, without visibility, and tests the scopes on them here
//!   ([`list`]), so that the scopes are not sent at all.
//! - An organization's page in an order the table has an organization index for (groups by
//!   name): `split_part(uid, '/', 1) = X AND uid <> X` instead of the range, and a literal
//!   `LIMIT` for common page sizes, so that PostgreSQL keeps one generic plan per connection
//!   ([`walks_organization_index`]).
//! - Paging: `ORDER BY <key> <dir>, uid <dir>` and a keyset seek written as the row
//!   comparison `(<key>, uid) > ($key, $uid)` (`<` when descending), which Postgres turns into
//!   one index condition; `OFFSET` only for `skip`, after the seek. The total is a separate
//!   count over filter and visibility, pipelined on the same connection, and bounded
//!   ([`counted`]): it stops after `COUNT_CAP + 1` rows, so a first page costs about what a
//!   later page costs at any size.

use chrono::{DateTime, Utc};
use diesel::expression::{
    is_aggregate, AppearsOnTable, BoxableExpression, Expression, SelectableExpression, ValidGrouping,
};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::methods::{FilterDsl, LimitDsl, OffsetDsl, ThenOrderDsl};
use diesel::sql_types::{Bool, Text, Timestamptz};
use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, IntoSql as _, QueryResult};
use diesel_async::methods::LoadQuery;
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use grove_domain::listing::{
    Direction, ListFilter, ListQuery, Scopes, SortField, SortKey, StorePage, Visibility, COUNT_CAP,
};
use grove_domain::{Error, Result, Uidp};

use crate::error::{internal, unexpected};

/// A condition on rows of query source `QS`.
pub(crate) type Predicate<QS> = Box<dyn BoxableExpression<QS, Pg, SqlType = Bool>>;

/// One term of an `ORDER BY` over `QS`.
pub(crate) type OrderTerm<QS> =
    Box<dyn BoxableExpression<QS, Pg, SqlType = diesel::expression::expression_types::NotSelectable>>;

/// A column (or any expression) of SQL type `ST` over `QS`.
pub(crate) type Column<QS, ST> = Box<dyn BoxableExpression<QS, Pg, SqlType = ST>>;

/// The column a sort field orders by, with the uid as tie-breaker.
pub(crate) enum SortColumn<QS> {
    /// The uid alone.
    Uid,
    /// A text column (the name).
    Text(Column<QS, Text>),
    /// A time column.
    Time(Column<QS, Timestamptz>),
}

/// Where a listed table's columns are inside query source `QS` (the table itself, or a
/// join that contains it), and which of the list filters beyond `uidp.*` it applies.
pub(crate) trait ListColumns<QS> {
    /// The uid.
    fn uid() -> Column<QS, Text>;
    /// `parent_uid = parent`.
    fn parent_is(parent: &Uidp) -> Predicate<QS>;
    /// `parent_uid IS NULL`: a root-level row.
    fn at_root() -> Predicate<QS>;
    /// What `field` orders by.
    fn sort_column(field: SortField) -> SortColumn<QS>;
    /// The table's own filters (`name`, `identity`, …) as conditions.
    fn own_filters(filter: &ListFilter) -> Vec<Predicate<QS>>;
    /// True when the table has an index on `(split_part(uid, '/', 1), <field's column>, uid)`,
    /// so that a page of an organization in `field` order finds its rows by
    /// [`inside_organization`] instead of the primary-key range. False by default.
    fn organization_index_orders(_field: SortField) -> bool {
        false
    }
}

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

/// `uid` lies strictly below `of`: the primary-key range of [`subtree`].
fn below<QS: 'static, C: ListColumns<QS>>(of: &Uidp) -> Predicate<QS> {
    let (lo, hi) = subtree(of);
    Box::new(C::uid().ge(lo).and(C::uid().lt(hi)))
}

/// `uid` lies strictly inside organization `root`, written as the equality
/// `split_part(uid, '/', 1) = $root` (and `uid <> $root`) that an index on that expression
/// serves. A page by such an index has one right plan whatever the organization's size, so
/// PostgreSQL keeps its generic plan and plans the statement once per connection; the
/// primary-key range's right plan depends on how much of the table the range holds, so it is
/// planned again at every execution.
fn inside_organization<QS: 'static, C: ListColumns<QS>>(root: &Uidp) -> Predicate<QS> {
    Box::new(OrganizationIs { uid: C::uid(), root: root.to_string() }.and(C::uid().ne(root.to_string())))
}

/// The limits (a common page size plus the row that tells whether another page follows)
/// that a page walking an organization index ([`walks_organization_index`]) writes as
/// literals: PostgreSQL estimates a parameter's limit as a tenth of the rows and would keep
/// planning such a page at every execution. A short list, so that each connection caches at
/// most a few statements per shape of page; other sizes keep the parameter.
const LITERAL_LIMITS: [u64; 6] = [11, 21, 26, 51, 101, 201];

/// True when a page of `query` finds its rows by the table's organization index
/// ([`ListColumns::organization_index_orders`]): the filter is `descendants_of` an organization
/// and nothing else of the hierarchy, the caller sees all of it (no visibility test), and the
/// table has such an index for the order. Its one plan is then right for every organization
/// (an index walk in order that stops at the limit); with another hierarchy filter or a
/// visibility test the right plan depends on the values, and the primary-key range stays.
fn walks_organization_index<QS, C: ListColumns<QS>>(query: &ListQuery) -> bool {
    query.filter.uidp.only_descendants_of().is_some_and(Uidp::is_root)
        && query.filter_is_within_visibility()
        && C::organization_index_orders(query.order.field)
}

/// How the conditions write `descendants_of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Descendants {
    /// The primary-key range ([`below`]): counts, and pages of any other shape.
    InRange,
    /// [`inside_organization`]: a page that walks the table's organization index
    /// ([`walks_organization_index`]).
    InOrganization,
}

/// How the conditions test the caller's visibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VisibilityTest {
    /// In the statement itself: the primary-key range of the scopes and [`Visible`].
    Hashed,
    /// Left to a statement that joins each scope to its rows ([`ScopedCount`]): the rows lie
    /// in the range of the scope being joined ([`InScope`]).
    PerScope,
}

/// Every condition of `query`: hierarchy filters, visibility, then the table's own filters.
fn conditions<QS: 'static, C: ListColumns<QS>>(
    query: &ListQuery,
    descendants: Descendants,
    visibility: VisibilityTest,
) -> Vec<Predicate<QS>> {
    let u = &query.filter.uidp;
    let mut all: Vec<Predicate<QS>> = Vec::new();
    if let Some(d) = &u.descendants_of {
        all.push(match descendants {
            Descendants::InRange => below::<QS, C>(d),
            Descendants::InOrganization => inside_organization::<QS, C>(d),
        });
    }
    if let Some(p) = &u.children_of {
        all.push(C::parent_is(p));
        all.push(below::<QS, C>(p));
    }
    if let Some(a) = &u.ancestors_of {
        all.push(Box::new(C::uid().eq_any(ancestors(a))));
    }
    if u.in_root {
        all.push(C::at_root());
    }
    if !u.ids.is_empty() {
        all.push(Box::new(C::uid().eq_any(uid_strings(&u.ids))));
    }
    // A filter inside a visible scope already keeps every row visible: repeating it would
    // only cost PostgreSQL per-row tests (a third of an owner's page).
    if visibility == VisibilityTest::PerScope {
        all.push(Box::new(InScope { uid: C::uid() }));
    } else if let Some(scopes) = query.visibility.scopes.as_ref().filter(|_| !query.filter_is_within_visibility()) {
        let relevant = relevant_scopes(scopes, query);
        let root_level = query.visibility.root_level;
        // Outside the root level every visible row lies between the first scope and the end
        // of the last: a range on the primary key that narrows the walk (to exactly one
        // subtree for a caller with one scope) whatever the number of scopes.
        if let (false, Some(first), Some(last)) = (root_level, relevant.first(), relevant.last()) {
            all.push(Box::new(C::uid().ge(first.to_string()).and(C::uid().lt(format!("{last}0")))));
        }
        all.push(Box::new(Visible {
            uid: C::uid(),
            by_length: by_length(relevant),
            root: root_level.then(C::at_root),
        }));
    }
    all.extend(C::own_filters(&query.filter));
    all
}

/// The caller's scopes, sorted, when `query` is best answered scope by scope ([`ScopedCount`],
/// [`ScopedPage`]): the caller sees part of what the filter selects, no root-level rows, and
/// the table's own filters are absent. With an own filter (a name) its index finds the few
/// rows that match and [`Visible`] tests them, which costs less than a range scan per scope.
fn per_scope<QS, C: ListColumns<QS>>(query: &ListQuery) -> Option<&[Uidp]> {
    let scopes = query.visibility.scopes.as_ref()?;
    let applies = !query.filter_is_within_visibility()
        && !query.visibility.root_level
        && C::own_filters(&query.filter).is_empty();
    applies.then(|| relevant_scopes(scopes, query))
}

/// The caller's scopes that can hold a row of `query`: those below its `descendants_of` or
/// `children_of` group when it has one (the filter is not inside a scope, else no visibility
/// test is written), a contiguous run of the sorted scopes; all of them otherwise.
fn relevant_scopes<'q>(scopes: &'q Scopes, query: &ListQuery) -> &'q [Uidp] {
    let u = &query.filter.uidp;
    match (&u.descendants_of, &u.children_of) {
        (Some(d), Some(c)) if c.is_descendant_of(d) => scopes.below(c),
        (Some(d), _) => scopes.below(d),
        (None, Some(c)) => scopes.below(c),
        (None, None) => scopes.as_slice(),
    }
}

/// Scopes grouped by length (a uid's length gives its depth), shortest first, as column
/// values: one array per depth, whatever their number.
fn by_length(scopes: &[Uidp]) -> Vec<(i32, Vec<String>)> {
    let mut groups: std::collections::BTreeMap<usize, Vec<String>> = std::collections::BTreeMap::new();
    for scope in scopes {
        groups.entry(scope.as_str().len()).or_default().push(scope.to_string());
    }
    groups.into_iter().map(|(len, uids)| (i32::try_from(len).unwrap_or(i32::MAX), uids)).collect()
}

/// The visibility test of a caller's scopes, as data rather than one condition per scope:
/// `(left(uid, $len) IN (SELECT unnest($scopes::text[])) OR … OR <root-level rows>)`, one
/// `IN` per length of scope present (a row is visible when its prefix of a scope's length is
/// that scope: itself or an ancestor, as uids are segments of fixed length).
///
/// Each `IN` is an uncorrelated sub-select that PostgreSQL runs once into a hash table
/// ("hashed SubPlan"), so a row costs one hash probe per depth whatever the number of scopes,
/// and the statement and its plan have the same shape for 10 scopes and 100 000. The `OR`
/// keeps PostgreSQL from turning the `IN` into a join whose plan would follow the array's
/// length: the last term is the root-level test, or a `false` parameter.
struct Visible<QS> {
    uid: Column<QS, Text>,
    by_length: Vec<(i32, Vec<String>)>,
    root: Option<Predicate<QS>>,
}

impl<QS> Expression for Visible<QS> {
    type SqlType = Bool;
}

impl<QS> AppearsOnTable<QS> for Visible<QS> {}

impl<QS> SelectableExpression<QS> for Visible<QS> {}

impl<QS> ValidGrouping<()> for Visible<QS> {
    type IsAggregate = is_aggregate::No;
}

impl<QS> QueryId for Visible<QS> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<QS> QueryFragment<Pg> for Visible<QS> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("(");
        for (len, uids) in &self.by_length {
            out.push_sql("left(");
            self.uid.walk_ast(out.reborrow())?;
            out.push_sql(", ");
            out.push_bind_param::<diesel::sql_types::Integer, _>(len)?;
            out.push_sql(") IN (SELECT unnest(");
            out.push_bind_param::<diesel::sql_types::Array<Text>, _>(uids)?;
            out.push_sql(")) OR ");
        }
        match &self.root {
            Some(root) => root.walk_ast(out.reborrow())?,
            None => out.push_bind_param::<Bool, _>(&false)?,
        }
        out.push_sql(")");
        Ok(())
    }
}

/// `statement` restricted to the rows `query` selects (filter and visibility).
fn filtered<S, QS: 'static, C: ListColumns<QS>>(
    statement: S,
    query: &ListQuery,
    descendants: Descendants,
    visibility: VisibilityTest,
) -> S
where
    S: FilterDsl<Predicate<QS>, Output = S>,
{
    conditions::<QS, C>(query, descendants, visibility).into_iter().fold(statement, FilterDsl::filter)
}

/// `statement` as the page `query` asks for: filtered, after the cursor, in order, with
/// skip and limit; and where it starts ([`Seek::Nothing`]: do not run it).
///
/// # Errors
/// `INTERNAL` for a cursor time out of range.
pub(crate) fn paged<S, QS: 'static, C: ListColumns<QS>>(statement: S, query: &ListQuery) -> Result<(Seek, Paged<S>)>
where
    S: FilterDsl<Predicate<QS>, Output = S>
        + ThenOrderDsl<OrderTerm<QS>, Output = S>
        + OffsetDsl<Output = S>
        + LimitDsl<Output = S>,
{
    let asc = query.order.direction == Direction::Asc;
    let sort = C::sort_column(query.order.field);
    let seek = Seek::of(query, KeyKind::of(&sort))?;
    let organization = walks_organization_index::<QS, C>(query);
    let descendants = if organization { Descendants::InOrganization } else { Descendants::InRange };
    // In uid order the scopes' disjoint ranges, visited in order, give the rows in order.
    let scoped = match (&sort, per_scope::<QS, C>(query)) {
        (SortColumn::Uid, Some(scopes)) => Some(ScopedPage::new(scopes, &seek, asc, query)),
        _ => None,
    };
    let visibility = if scoped.is_some() { VisibilityTest::PerScope } else { VisibilityTest::Hashed };
    let mut statement = filtered::<S, QS, C>(statement, query, descendants, visibility);
    let after: Option<Predicate<QS>> = match seek.clone() {
        Seek::Start | Seek::Nothing => None,
        Seek::AfterUid(uid) if asc => Some(Box::new(C::uid().gt(uid))),
        Seek::AfterUid(uid) => Some(Box::new(C::uid().lt(uid))),
        Seek::AfterText(key, uid) => match C::sort_column(query.order.field) {
            SortColumn::Text(column) => {
                Some(Box::new(RowAfter::new(column, C::uid(), Box::new(key.into_sql::<Text>()), uid, asc)))
            }
            _ => return Err(internal("a text cursor for a list whose key is not text")),
        },
        Seek::AfterTime(key, uid) => match C::sort_column(query.order.field) {
            SortColumn::Time(column) => {
                Some(Box::new(RowAfter::new(column, C::uid(), Box::new(key.into_sql::<Timestamptz>()), uid, asc)))
            }
            _ => return Err(internal("a time cursor for a list whose key is not a time")),
        },
    };
    if let Some(after) = after {
        statement = statement.filter(after);
    }
    let mut order: Vec<OrderTerm<QS>> = Vec::with_capacity(2);
    match (sort, asc) {
        (SortColumn::Uid, _) => {}
        (SortColumn::Text(c), true) => order.push(Box::new(c.asc())),
        (SortColumn::Text(c), false) => order.push(Box::new(c.desc())),
        (SortColumn::Time(c), true) => order.push(Box::new(c.asc())),
        (SortColumn::Time(c), false) => order.push(Box::new(c.desc())),
    }
    order.push(if asc { Box::new(C::uid().asc()) } else { Box::new(C::uid().desc()) });
    let statement = order.into_iter().fold(statement, ThenOrderDsl::then_order_by);
    if let Some(scoped) = scoped {
        // Each scope's rows up to what the page can take; skip and limit apply to them all.
        let statement = statement.limit(sql_count(query.skip.saturating_add(query.limit)));
        return Ok((seek, Paged { statement, literal_limit: None, scoped: Some(scoped) }));
    }
    let statement = if query.skip > 0 { statement.offset(sql_count(query.skip)) } else { statement };
    let limit = sql_count(query.limit);
    let page = if organization && LITERAL_LIMITS.contains(&query.limit) {
        Paged { statement, literal_limit: Some(limit), scoped: None }
    } else {
        Paged { statement: statement.limit(limit), literal_limit: None, scoped: None }
    };
    Ok((seek, page))
}

/// The index of the first of the sorted, disjoint `scopes` whose range (`[s, s + "0")`) ends
/// after `uid`: those before it hold no row that follows `uid` in uid order.
fn first_scope_after(scopes: &[Uidp], uid: &str) -> usize {
    scopes.partition_point(|s| subtree(s).1.as_str() <= uid)
}

/// A page in uid order of a caller answered scope by scope ([`per_scope`]):
/// `SELECT in_scope.* FROM unnest($scopes) WITH ORDINALITY AS scope(lo, i) CROSS JOIN LATERAL
/// (<page of one scope's range>) AS in_scope ORDER BY scope.i OFFSET $skip LIMIT $limit`.
///
/// The scopes are sorted (reversed for a descending page) and their ranges disjoint, so the
/// rows of scope after scope, each scope's in the page's order, are the page's rows in order;
/// scopes that end before the cursor are left out. PostgreSQL visits the scopes in order
/// through a nested loop and stops at the limit: a page costs its rows and the scopes it
/// passes, however thinly they are spread and however many follow. The order by `scope.i`
/// alone is served by the ordinality of the scan without a sort (checked by
/// `tests/visibility_plans.rs`), which keeps each scope's rows in the order its statement
/// gives them.
pub(crate) struct ScopedPage {
    scopes: Vec<String>,
    skip: i64,
    limit: i64,
}

impl ScopedPage {
    fn new(scopes: &[Uidp], seek: &Seek, ascending: bool, query: &ListQuery) -> Self {
        let scopes = match seek {
            // The rows after `uid` in ascending order lie in the scopes whose range ends
            // after it; in descending order, in those that start before it.
            Seek::AfterUid(uid) if ascending => &scopes[first_scope_after(scopes, uid)..],
            Seek::AfterUid(uid) => &scopes[..scopes.partition_point(|s| s.as_str() < uid.as_str())],
            _ => scopes,
        };
        let mut scopes = uid_strings(scopes);
        if !ascending {
            scopes.reverse();
        }
        Self { scopes, skip: sql_count(query.skip), limit: sql_count(query.limit) }
    }
}

/// A page statement: the boxed select, with its limit bound as a parameter or written as a
/// literal ([`LITERAL_LIMITS`]).
pub(crate) struct Paged<S> {
    statement: S,
    literal_limit: Option<i64>,
    /// Run scope by scope: `statement` is then the page of one scope.
    scoped: Option<ScopedPage>,
}

impl<S> QueryId for Paged<S> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<S: Query> Query for Paged<S> {
    type SqlType = S::SqlType;
}

impl<S: QueryFragment<Pg>> QueryFragment<Pg> for Paged<S> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        if let Some(scoped) = &self.scoped {
            out.push_sql("SELECT in_scope.* FROM unnest(");
            out.push_bind_param::<diesel::sql_types::Array<Text>, _>(&scoped.scopes)?;
            out.push_sql(") WITH ORDINALITY AS scope(lo, i) CROSS JOIN LATERAL (");
            self.statement.walk_ast(out.reborrow())?;
            out.push_sql(") AS in_scope ORDER BY scope.i OFFSET ");
            out.push_bind_param::<diesel::sql_types::BigInt, _>(&scoped.skip)?;
            out.push_sql(" LIMIT ");
            out.push_bind_param::<diesel::sql_types::BigInt, _>(&scoped.limit)?;
            return Ok(());
        }
        self.statement.walk_ast(out.reborrow())?;
        if let Some(limit) = self.literal_limit {
            out.push_sql(&format!(" LIMIT {limit}"));
        }
        Ok(())
    }
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
    fn of<QS>(column: &SortColumn<QS>) -> Self {
        match column {
            SortColumn::Uid => Self::Uid,
            SortColumn::Text(_) => Self::Text,
            SortColumn::Time(_) => Self::Time,
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

/// The keyset seek `(<key>, <uid>) > ($key, $uid)` (`<` when descending): a row comparison,
/// which Postgres serves with one index condition on a `(key, uid)` index.
struct RowAfter<QS, ST> {
    key: Column<QS, ST>,
    uid: Column<QS, Text>,
    key_value: Column<QS, ST>,
    uid_value: Column<QS, Text>,
    ascending: bool,
}

impl<QS, ST> RowAfter<QS, ST> {
    fn new(
        key: Column<QS, ST>,
        uid: Column<QS, Text>,
        key_value: Column<QS, ST>,
        uid_value: String,
        ascending: bool,
    ) -> Self
    where
        QS: 'static,
    {
        Self { key, uid, key_value, uid_value: Box::new(uid_value.into_sql::<Text>()), ascending }
    }
}

impl<QS, ST> Expression for RowAfter<QS, ST> {
    type SqlType = Bool;
}

impl<QS, ST> AppearsOnTable<QS> for RowAfter<QS, ST> {}

impl<QS, ST> SelectableExpression<QS> for RowAfter<QS, ST> {}

impl<QS, ST> ValidGrouping<()> for RowAfter<QS, ST> {
    type IsAggregate = is_aggregate::No;
}

impl<QS, ST> QueryId for RowAfter<QS, ST> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<QS, ST> QueryFragment<Pg> for RowAfter<QS, ST> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("(");
        self.key.walk_ast(out.reborrow())?;
        out.push_sql(", ");
        self.uid.walk_ast(out.reborrow())?;
        out.push_sql(if self.ascending { ") > (" } else { ") < (" });
        self.key_value.walk_ast(out.reborrow())?;
        out.push_sql(", ");
        self.uid_value.walk_ast(out.reborrow())?;
        out.push_sql(")");
        Ok(())
    }
}

/// `split_part(<uid>, '/', 1) = <root>`: the organization of a uid, written as the expression
/// of the index it is looked up in (the `'/'` and `1` must be literals to match it).
struct OrganizationIs<QS> {
    uid: Column<QS, Text>,
    root: String,
}

impl<QS> Expression for OrganizationIs<QS> {
    type SqlType = Bool;
}

impl<QS> AppearsOnTable<QS> for OrganizationIs<QS> {}

impl<QS> SelectableExpression<QS> for OrganizationIs<QS> {}

impl<QS> ValidGrouping<()> for OrganizationIs<QS> {
    type IsAggregate = is_aggregate::No;
}

impl<QS> QueryId for OrganizationIs<QS> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<QS> QueryFragment<Pg> for OrganizationIs<QS> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("split_part(");
        self.uid.walk_ast(out.reborrow())?;
        out.push_sql(", '/', 1) = ");
        out.push_bind_param::<Text, _>(&self.root)
    }
}

/// The bounded count of the rows `query` selects from `statement` (a boxed select of one
/// column), at most [`COUNT_CAP`] + 1, as [`StorePage::total`] says.
///
/// A caller who sees everything the filter selects, root-level rows, or rows of an own filter
/// (see [`per_scope`]), is counted by
/// `SELECT count(*) FROM (<statement> WHERE … ORDER BY uid LIMIT cap + 1) AS matched`: an
/// index walk in uid order that stops after cap + 1 rows, never a sequential scan whose cost
/// depends on where in the table the matches lie. Any other caller is counted from its
/// scopes ([`ScopedCount`]): each scope joined to the rows of its own uid range, so the cost
/// follows the rows counted and the scopes visited, not the rows that lie between the
/// scopes (a caller bound in every twentieth group walked twenty rows for each one it saw).
pub(crate) fn counted<S, QS: 'static, C: ListColumns<QS>>(statement: S, query: &ListQuery) -> Counted<S>
where
    S: FilterDsl<Predicate<QS>, Output = S> + ThenOrderDsl<OrderTerm<QS>, Output = S> + LimitDsl<Output = S>,
{
    if let Some(scopes) = per_scope::<QS, C>(query) {
        // Shallowest first (stable: in uid order within a depth): a scope nearer the root
        // holds a larger subtree, so the count reaches its cap after fewer scopes.
        let mut scopes = uid_strings(scopes);
        scopes.sort_by_key(String::len);
        let inner =
            filtered::<S, QS, C>(statement, query, Descendants::InRange, VisibilityTest::PerScope).limit(CAPPED_ROWS);
        return Counted::Scoped(ScopedCount { scopes, inner });
    }
    let uid_order: OrderTerm<QS> = Box::new(C::uid().asc());
    Counted::Capped(CappedCount(
        filtered::<S, QS, C>(statement, query, Descendants::InRange, VisibilityTest::Hashed)
            .then_order_by(uid_order)
            .limit(CAPPED_ROWS),
    ))
}

/// The bounded count of a list ([`counted`]).
pub(crate) enum Counted<S> {
    /// Rows walked in uid order.
    Capped(CappedCount<S>),
    /// Rows joined to the caller's scopes.
    Scoped(ScopedCount<S>),
}

impl<S> QueryId for Counted<S> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<S> Query for Counted<S> {
    type SqlType = diesel::sql_types::BigInt;
}

impl<S: QueryFragment<Pg>> QueryFragment<Pg> for Counted<S> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        match self {
            Self::Capped(count) => count.walk_ast(out),
            Self::Scoped(count) => count.walk_ast(out),
        }
    }
}

impl<S> Exactness for Counted<S> {
    fn is_exact(&self) -> bool {
        false
    }
}

impl<S: UidStatement> ReadsRows for Counted<S> {
    type Uids = S;

    fn into_uids(self) -> Option<S> {
        match self {
            Self::Capped(CappedCount(rows)) => Some(rows),
            Self::Scoped(_) => None,
        }
    }
}

/// The count of the rows visible through a caller's scopes:
/// `SELECT count(*) FROM (SELECT 1 FROM (SELECT unnest($scopes) AS lo) AS scope CROSS JOIN
/// LATERAL (<inner>) AS rows LIMIT cap + 1) AS matched`, where `<inner>` selects the rows of
/// the filter in the uid range of one scope ([`InScope`]), at most cap + 1 of them.
///
/// Scopes never lie inside one another ([`Scopes`]), so their ranges are disjoint and no row
/// is counted twice, in whatever order they come: [`counted`] sends the shallowest first,
/// whose subtrees are the largest, so that the cap is reached after few of them. PostgreSQL
/// runs it as a nested loop of one primary-key range scan per scope that stops at the cap:
/// the same plan for ten scopes and a hundred thousand (`tests/visibility_plans.rs`). The
/// scopes are unnested in the select list (a `ProjectSet`, which yields them one at a time)
/// rather than in `FROM` (a function scan, which would first store every one of them).
pub(crate) struct ScopedCount<S> {
    scopes: Vec<String>,
    inner: S,
}

impl<S> QueryId for ScopedCount<S> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<S: QueryFragment<Pg>> QueryFragment<Pg> for ScopedCount<S> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("SELECT count(*) FROM (SELECT 1 FROM (SELECT unnest(");
        out.push_bind_param::<diesel::sql_types::Array<Text>, _>(&self.scopes)?;
        out.push_sql(") AS lo) AS scope CROSS JOIN LATERAL (");
        self.inner.walk_ast(out.reborrow())?;
        out.push_sql(") AS in_scope LIMIT ");
        out.push_bind_param::<diesel::sql_types::BigInt, _>(&CAPPED_ROWS)?;
        out.push_sql(") AS matched");
        Ok(())
    }
}

/// The rows a bounded count reads: one past the cap.
const CAPPED_ROWS: i64 = COUNT_CAP as i64 + 1;

/// `<uid> >= scope.lo AND <uid> < scope.lo || '0'`: the uid lies in the range of the scope
/// a [`ScopedCount`] joins, which holds the scope itself and everything below it (uids are
/// `COLLATE "C"` and segments have a fixed length, so only `scope.lo` and `scope.lo/…` lie in
/// it), as [`subtree`] does for the rows strictly below a group.
struct InScope<QS> {
    uid: Column<QS, Text>,
}

impl<QS> Expression for InScope<QS> {
    type SqlType = Bool;
}

impl<QS> AppearsOnTable<QS> for InScope<QS> {}

impl<QS> SelectableExpression<QS> for InScope<QS> {}

impl<QS> ValidGrouping<()> for InScope<QS> {
    type IsAggregate = is_aggregate::No;
}

impl<QS> QueryId for InScope<QS> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<QS> QueryFragment<Pg> for InScope<QS> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("(");
        self.uid.walk_ast(out.reborrow())?;
        out.push_sql(" >= scope.lo AND ");
        self.uid.walk_ast(out.reborrow())?;
        out.push_sql(" < scope.lo || '0')");
        Ok(())
    }
}

/// `SELECT count(*) FROM (<inner>) AS matched`.
pub(crate) struct CappedCount<Q>(Q);

impl<Q> QueryId for CappedCount<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q> Query for CappedCount<Q> {
    type SqlType = diesel::sql_types::BigInt;
}

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for CappedCount<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("SELECT count(*) FROM (");
        self.0.walk_ast(out.reborrow())?;
        out.push_sql(") AS matched");
        Ok(())
    }
}

/// Whether a count statement counts exactly at any size ([`StorePage::exact`]) or stops at
/// the cap.
pub(crate) trait Exactness {
    /// True when the statement's total is exact above the cap too.
    fn is_exact(&self) -> bool;
}

/// A count statement that reads the rows it counts, which [`list`] can load as uids instead.
pub(crate) trait ReadsRows {
    /// The statement of those uids.
    type Uids: UidStatement;

    /// The rows a capped count walks in uid order ([`CappedCount`]), at most [`CAPPED_ROWS`]
    /// of them, as a statement of their uids; `None` for a count that joins scopes or reads
    /// counters.
    fn into_uids(self) -> Option<Self::Uids>;
}

impl<Q> Exactness for CappedCount<Q> {
    fn is_exact(&self) -> bool {
        false
    }
}

/// The count statement of a list whose store may answer some queries another way than by
/// counting rows (groups: from their descendant counters).
pub(crate) enum CountBy<R, O> {
    /// The bounded count of matching rows ([`counted`]).
    Capped(R),
    /// The table's own exact count.
    Exact(O),
}

impl<R, O> Exactness for CountBy<R, O> {
    fn is_exact(&self) -> bool {
        matches!(self, Self::Exact(_))
    }
}

impl<R: ReadsRows, O> ReadsRows for CountBy<R, O> {
    type Uids = R::Uids;

    fn into_uids(self) -> Option<R::Uids> {
        match self {
            Self::Capped(rows) => rows.into_uids(),
            Self::Exact(_) => None,
        }
    }
}

impl<R, O> QueryId for CountBy<R, O> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<R, O> Query for CountBy<R, O> {
    type SqlType = diesel::sql_types::BigInt;
}

impl<R: QueryFragment<Pg>, O: QueryFragment<Pg>> QueryFragment<Pg> for CountBy<R, O> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        match self {
            Self::Capped(rows) => rows.walk_ast(out),
            Self::Exact(exact) => exact.walk_ast(out),
        }
    }
}

/// A page statement that loads rows of type `Row` on a shared (pipelining) connection.
pub(crate) trait PageStatement<Row>:
    for<'c> LoadQuery<'static, &'c AsyncPgConnection, Row> + QueryFragment<Pg> + Send + 'static
{
}

impl<S, Row> PageStatement<Row> for S where
    S: for<'c> LoadQuery<'static, &'c AsyncPgConnection, Row> + QueryFragment<Pg> + Send + 'static
{
}

/// A count statement, run on a shared (pipelining) connection.
pub(crate) trait CountStatement:
    for<'c> LoadQuery<'static, &'c AsyncPgConnection, i64> + QueryFragment<Pg> + Exactness + ReadsRows + Send + 'static
{
}

impl<S> CountStatement for S where
    S: for<'c> LoadQuery<'static, &'c AsyncPgConnection, i64>
        + QueryFragment<Pg>
        + Exactness
        + ReadsRows
        + Send
        + 'static
{
}

/// A statement of uids, run on a shared (pipelining) connection.
pub(crate) trait UidStatement:
    for<'c> LoadQuery<'static, &'c AsyncPgConnection, String> + QueryFragment<Pg> + Send + 'static
{
}

impl<S> UidStatement for S where
    S: for<'c> LoadQuery<'static, &'c AsyncPgConnection, String> + QueryFragment<Pg> + Send + 'static
{
}

/// The scopes a first attempt at a list sends ([`list`]): one more than the rows a count
/// reads, so that a caller whose every scope holds a row (a group list) is answered by it.
const FIRST_SCOPES: usize = COUNT_CAP as usize + 1;

/// Runs the list `build` makes of `query` on `conn`.
///
/// A caller with more than [`FIRST_SCOPES`] scopes that can hold a row, listed in ascending
/// uid order with only hierarchy filters, is first answered from its first scopes alone: their
/// rows come before every row of the later scopes, so a full page from them is the page, and
/// a count past the cap from them is the count. Only when either falls short is the list run
/// again with every scope. A caller bound in 10 000 groups so sends a thousand scopes, not ten
/// thousand, and PostgreSQL reads, unnests and joins a tenth of them.
///
/// A caller who sees part of what a name filter selects is answered from the rows of that
/// name instead ([`visible_candidates`]): their uids are read first without any visibility
/// test (the name's index finds them), the caller's scopes are tested on them here, and the
/// page is the list of the visible ones by uid. The scopes are never sent, so a caller bound
/// in 10 000 groups pays what a caller bound in one does.
///
/// # Errors
/// As [`Listing::run`]; `INTERNAL` for a stored uid that is not a uid path.
pub(crate) async fn list<Row, Item, P, C>(
    conn: &AsyncPgConnection,
    query: &ListQuery,
    build: fn(&ListQuery) -> Result<Listing<P, C>>,
) -> Result<StorePage<Item>>
where
    P: PageStatement<Row>,
    C: CountStatement,
    Row: Send + 'static,
    Item: TryFrom<Row, Error = Error>,
{
    if let Some(unseen) = candidates_query(query) {
        if let Some(uids) = build(&unseen)?.count.into_uids() {
            let found = uids.load::<String>(&mut &*conn).await.map_err(unexpected)?;
            if let Some(visible) = visible_candidates(query, found)? {
                return list_visible::<Row, Item, P, C>(conn, query, visible, build).await;
            }
        }
    }
    if let Some(first) = first_scopes(query) {
        let page = build(&first)?.run::<Row, Item>(conn).await?;
        let rows_complete = page.items.len() as u64 >= query.limit;
        let total_complete = !query.count_total || page.exact || page.total > COUNT_CAP;
        if rows_complete && total_complete {
            return Ok(page);
        }
    }
    build(query)?.run::<Row, Item>(conn).await
}

/// `query` without visibility, cursor and skip (so that its count statement reads the uids
/// of every row its filter selects, in uid order), when [`list`] reads those first: the
/// filter names a row (`name`, unique among siblings and indexed with the uid by every table
/// that filters on it), there are scopes, and the hierarchy filter does not lie inside one.
fn candidates_query(query: &ListQuery) -> Option<ListQuery> {
    let applies =
        query.filter.name.is_some() && query.visibility.scopes.is_some() && !query.filter_is_within_visibility();
    applies.then(|| ListQuery {
        visibility: Visibility::everything(),
        after: None,
        skip: 0,
        count_total: true,
        ..query.clone()
    })
}

/// Of `found` (the uids of every row `query`'s filter selects, read by its count statement
/// without visibility), those the caller sees, in uid order; `None` when `found` reached
/// [`CAPPED_ROWS`], so that it may be missing rows and the list runs as it would without it.
///
/// # Errors
/// `INTERNAL` for a stored uid that is not a uid path.
fn visible_candidates(query: &ListQuery, found: Vec<String>) -> Result<Option<Vec<Uidp>>> {
    if found.len() as u64 > COUNT_CAP {
        return Ok(None);
    }
    let mut visible = Vec::new();
    for uid in found {
        let uid = Uidp::parse(&uid).map_err(|_| internal(format!("stored uid {uid:?} is not a uid path")))?;
        if query.visibility.allows(&uid) {
            visible.push(uid);
        }
    }
    Ok(Some(visible))
}

/// The page of `query` among the rows `visible` names (those of its filter that the caller
/// sees, fewer than the cap): the same statement with `uid = ANY(<visible>)` in place of the
/// visibility test, so that order, cursor, skip and limit apply as they always do; the total
/// is their number, a capped count's (never exact).
///
/// # Errors
/// As [`Listing::run`].
async fn list_visible<Row, Item, P, C>(
    conn: &AsyncPgConnection,
    query: &ListQuery,
    visible: Vec<Uidp>,
    build: fn(&ListQuery) -> Result<Listing<P, C>>,
) -> Result<StorePage<Item>>
where
    P: PageStatement<Row>,
    C: CountStatement,
    Row: Send + 'static,
    Item: TryFrom<Row, Error = Error>,
{
    let total = if query.count_total { visible.len() as u64 } else { 0 };
    if visible.is_empty() {
        return Ok(StorePage { items: Vec::new(), total, exact: false });
    }
    let mut among = query.clone();
    among.filter.uidp.ids = visible;
    among.visibility = Visibility::everything();
    let mut listing = build(&among)?;
    listing.count_total = false;
    let page = listing.run::<Row, Item>(conn).await?;
    Ok(StorePage { items: page.items, total, exact: false })
}

/// `query` restricted to its first [`FIRST_SCOPES`] relevant scopes, when [`list`] may try
/// those first: ascending uid order, no skip, hierarchy filters alone (a name's few rows may
/// lie in any scope), and more relevant scopes than that.
fn first_scopes(query: &ListQuery) -> Option<ListQuery> {
    let scopes = query.visibility.scopes.as_ref()?;
    let hierarchy_only = ListFilter { uidp: query.filter.uidp.clone(), ..ListFilter::default() } == query.filter;
    let tried = query.order.field == SortField::Uid
        && query.order.direction == Direction::Asc
        && query.skip == 0
        && hierarchy_only
        && !query.visibility.root_level
        && !query.filter_is_within_visibility();
    let relevant = relevant_scopes(scopes, query);
    // A followed page that is not counted needs no scope that ends before its cursor.
    let start = match &query.after {
        Some(cursor) if !query.count_total && cursor.key == SortKey::Uid => {
            first_scope_after(relevant, cursor.uid.as_str())
        }
        _ => 0,
    };
    if !tried || relevant.len() - start <= FIRST_SCOPES {
        return None;
    }
    let mut first = query.clone();
    first.visibility.scopes = Some(Scopes::new(relevant[start..start + FIRST_SCOPES].iter().cloned()));
    Some(first)
}

/// A planned list: the page statement and the count statement, ready to run or explain.
pub(crate) struct Listing<P, C> {
    /// Where the page starts; [`Seek::Nothing`] skips the page statement.
    pub seek: Seek,
    /// The page.
    pub page: P,
    /// The total over filter and visibility.
    pub count: C,
    /// Run the count statement (else the caller knows the total and 0 is reported).
    pub count_total: bool,
}

impl<P, C: CountStatement> Listing<P, C> {
    /// Runs the page and the count, pipelined on `conn`; rows convert to `Item`.
    pub(crate) async fn run<Row, Item>(self, conn: &AsyncPgConnection) -> Result<StorePage<Item>>
    where
        P: PageStatement<Row>,
        Row: Send + 'static,
        Item: TryFrom<Row, Error = Error>,
    {
        let Self { seek, page, count, count_total } = self;
        let exact = count_total && count.is_exact();
        let counted = async {
            if count_total {
                count.get_result::<i64>(&mut &*conn).await
            } else {
                Ok(0)
            }
        };
        let loaded = async {
            if seek == Seek::Nothing {
                Ok(Vec::new())
            } else {
                page.load::<Row>(&mut &*conn).await
            }
        };
        let (rows, total) = futures_util::future::try_join(loaded, counted).await.map_err(unexpected)?;
        let items = rows.into_iter().map(Item::try_from).collect::<Result<Vec<Item>>>()?;
        Ok(StorePage { items, total: u64::try_from(total).unwrap_or_default(), exact })
    }
}

impl<P, C> Listing<P, C>
where
    P: QueryFragment<Pg> + Send + 'static,
    C: QueryFragment<Pg> + Send + 'static,
{
    /// The plans (`EXPLAIN` lines) of the page statement and the count statement.
    pub(crate) async fn explain(self, conn: &AsyncPgConnection) -> Result<(Vec<String>, Vec<String>)> {
        let page = Explain(self.page).load::<String>(&mut &*conn).await.map_err(unexpected)?;
        let count = Explain(self.count).load::<String>(&mut &*conn).await.map_err(unexpected)?;
        Ok((page, count))
    }
}

/// The plans (`EXPLAIN` lines) of the statements [`list`] runs for `query`: the page, the
/// count, and the candidates a name's list reads first ([`candidates_query`]; empty when it
/// reads none).
///
/// # Errors
/// As [`Listing::run`].
pub(crate) async fn explain<P, C>(
    conn: &AsyncPgConnection,
    query: &ListQuery,
    build: fn(&ListQuery) -> Result<Listing<P, C>>,
) -> Result<(Vec<String>, Vec<String>, Vec<String>)>
where
    P: QueryFragment<Pg> + Send + 'static,
    C: CountStatement,
{
    let candidates = match candidates_query(query).map(|unseen| build(&unseen)).transpose()? {
        Some(listing) => match listing.count.into_uids() {
            Some(uids) => Explain(uids).load::<String>(&mut &*conn).await.map_err(unexpected)?,
            None => Vec::new(),
        },
        None => Vec::new(),
    };
    let (page, count) = build(query)?.explain(conn).await?;
    Ok((page, count, candidates))
}

/// `EXPLAIN <query>`, with the query's own bind parameters.
pub(crate) struct Explain<Q>(pub(crate) Q);

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
    use grove_domain::listing::{Cursor, Ordering};

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
