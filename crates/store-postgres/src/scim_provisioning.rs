//! [`ScimProvisioningStore`] on `scim_users`, `scim_groups` and `scim_group_members` (both go
//! with their identity provider by `ON DELETE CASCADE`; memberships with either side).
//!
//! SCIM filters become one SQL condition ([`FilterSql`]) with bound parameters, so a filtered
//! list costs what the index behind it costs: `userName eq` uses the unique
//! `(identity_provider_uid, lower(user_name))` index, `externalId eq` the
//! `(identity_provider_uid, external_id)` one, `emails.value eq` the GIN index on the
//! lowered addresses, `members.value eq` the membership primary key. Writes compare the
//! version in the `WHERE` clause.

use std::collections::BTreeSet;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::expression::{is_aggregate, ValidGrouping};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Bool, Text};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{
    external_id_taken, group_name_taken, member_missing, user_name_taken, version_mismatch, CompareOp, FilterValue,
    ScimEmail, ScimFilter, ScimGroup, ScimPage, ScimQuery, ScimUser,
};
use grove_domain::ports::ScimProvisioningStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, unexpected, Violation};
use crate::listing::{
    counted, list, paged, sql_count, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::schema::{
    identities, refresh_tokens, scim_group_members as members, scim_groups as groups, scim_users as users,
};
use crate::store::PostgresStore;
use crate::tx::TxError;

/// A `scim_users` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub(crate) struct UserRow {
    uid: String,
    identity_provider_uid: String,
    user_name: String,
    external_id: Option<String>,
    display_name: Option<String>,
    active: bool,
    emails: serde_json::Value,
    email_values: Vec<Option<String>>,
    resource: serde_json::Value,
    identity_uid: Option<String>,
    linked_identity_uid: Option<String>,
    version: i64,
    create_time: DateTime<Utc>,
    update_time: DateTime<Utc>,
}

impl UserRow {
    fn new(u: &ScimUser) -> Self {
        let emails = u
            .emails
            .iter()
            .map(|e| serde_json::json!({ "value": e.value, "type": e.kind, "primary": e.primary }))
            .collect();
        Self {
            uid: u.uid.to_string(),
            identity_provider_uid: u.provider().to_string(),
            user_name: u.user_name.clone(),
            external_id: u.external_id.clone(),
            display_name: u.display_name.clone(),
            active: u.active,
            emails: serde_json::Value::Array(emails),
            email_values: u.emails.iter().map(|e| Some(e.value.to_lowercase())).collect(),
            resource: serde_json::Value::Object(u.resource.clone()),
            identity_uid: u.identity.as_ref().map(ToString::to_string),
            linked_identity_uid: u.linked_identity.as_ref().map(ToString::to_string),
            version: u.version,
            create_time: u.create_time.as_datetime(),
            update_time: u.update_time.as_datetime(),
        }
    }
}

fn stored_uid(what: &str, text: &str) -> Result<Uidp> {
    Uidp::parse(text).map_err(|e| internal(format!("stored {what} {text} is invalid: {e}")))
}

impl TryFrom<UserRow> for ScimUser {
    type Error = Error;

    fn try_from(r: UserRow) -> Result<Self> {
        let emails = r
            .emails
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .map(|e| ScimEmail {
                        value: e["value"].as_str().unwrap_or_default().to_owned(),
                        kind: e["type"].as_str().map(str::to_owned),
                        primary: e["primary"].as_bool().unwrap_or(false),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let serde_json::Value::Object(resource) = r.resource else {
            return Err(internal(format!("stored SCIM user {} has a resource that is not an object", r.uid)));
        };
        Ok(Self {
            uid: stored_uid("SCIM user", &r.uid)?,
            user_name: r.user_name,
            external_id: r.external_id,
            display_name: r.display_name,
            active: r.active,
            emails,
            resource,
            identity: r.identity_uid.as_deref().map(|i| stored_uid("SCIM user identity", i)).transpose()?,
            linked_identity: r
                .linked_identity_uid
                .as_deref()
                .map(|i| stored_uid("SCIM user identity", i))
                .transpose()?,
            version: r.version,
            create_time: Timestamp::from_datetime(r.create_time),
            update_time: Timestamp::from_datetime(r.update_time),
        })
    }
}

/// A `scim_groups` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = groups, check_for_backend(diesel::pg::Pg))]
struct GroupRow {
    uid: String,
    identity_provider_uid: String,
    display_name: String,
    external_id: Option<String>,
    version: i64,
    create_time: DateTime<Utc>,
    update_time: DateTime<Utc>,
}

impl GroupRow {
    fn new(g: &ScimGroup) -> Self {
        Self {
            uid: g.uid.to_string(),
            identity_provider_uid: g.provider().to_string(),
            display_name: g.display_name.clone(),
            external_id: g.external_id.clone(),
            version: g.version,
            create_time: g.create_time.as_datetime(),
            update_time: g.update_time.as_datetime(),
        }
    }

    fn into_group(self, members: Vec<String>) -> Result<ScimGroup> {
        let mut members = members.iter().map(|m| stored_uid("SCIM member", m)).collect::<Result<Vec<_>>>()?;
        members.sort();
        Ok(ScimGroup {
            uid: stored_uid("SCIM group", &self.uid)?,
            display_name: self.display_name,
            external_id: self.external_id,
            members,
            version: self.version,
            create_time: Timestamp::from_datetime(self.create_time),
            update_time: Timestamp::from_datetime(self.update_time),
        })
    }
}

/// One piece of a [`FilterSql`].
#[derive(Debug, Clone)]
enum Piece {
    Sql(String),
    Text(String),
    Bool(bool),
}

/// A SCIM filter as one SQL condition with bound parameters.
#[derive(Debug, Clone, Default)]
struct FilterSql {
    pieces: Vec<Piece>,
}

impl FilterSql {
    fn sql(&mut self, s: &str) -> &mut Self {
        self.pieces.push(Piece::Sql(s.to_owned()));
        self
    }

    fn text(&mut self, s: &str) -> &mut Self {
        self.pieces.push(Piece::Text(s.to_owned()));
        self
    }

    fn boolean(&mut self, b: bool) -> &mut Self {
        self.pieces.push(Piece::Bool(b));
        self
    }
}

impl Expression for FilterSql {
    type SqlType = Bool;
}

impl<QS> AppearsOnTable<QS> for FilterSql {}

impl<QS> SelectableExpression<QS> for FilterSql {}

impl ValidGrouping<()> for FilterSql {
    type IsAggregate = is_aggregate::No;
}

impl QueryId for FilterSql {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl QueryFragment<Pg> for FilterSql {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        for piece in &self.pieces {
            match piece {
                Piece::Sql(s) => out.push_sql(s),
                Piece::Text(t) => out.push_bind_param::<Text, _>(t)?,
                Piece::Bool(b) => out.push_bind_param::<Bool, _>(b)?,
            }
        }
        Ok(())
    }
}

/// Where an attribute of a filter is read.
#[derive(Debug, Clone, Copy)]
enum Source {
    /// A text expression; `nullable` ones are guarded with `IS NOT NULL`.
    Text { expr: &'static str, exact: bool, nullable: bool },
    /// A boolean expression.
    Bool(&'static str),
    /// Each element `e` of a JSON array of objects (`EXISTS` over `jsonb_array_elements`),
    /// read as the element's own attribute inside a value path.
    Elements { array: &'static str, sub: &'static str },
    /// The members of a group.
    Members,
}

/// The source of canonical attribute `attr` at the top level of a user or group filter.
fn source(attr: &str) -> Option<Source> {
    Some(match attr {
        "id" => Source::Text { expr: "right(uid, 16)", exact: true, nullable: false },
        "username" => Source::Text { expr: "scim_users.user_name", exact: false, nullable: false },
        "externalid" => Source::Text { expr: "external_id", exact: true, nullable: true },
        "displayname" => Source::Text { expr: "display_name", exact: false, nullable: true },
        "active" => Source::Bool("scim_users.active"),
        "emails.value" => Source::Elements { array: "scim_users.emails", sub: "value" },
        "emails.type" => Source::Elements { array: "scim_users.emails", sub: "type" },
        "emails.primary" => Source::Elements { array: "scim_users.emails", sub: "primary" },
        "members.value" => Source::Members,
        _ => return None,
    })
}

fn unsupported(attr: &str) -> Error {
    internal(format!("the domain let through a SCIM filter on {attr}, which the store cannot run"))
}

/// `text` compared by `op` with `value` (the left side's SQL `left`, lowered unless `exact`).
fn text_compare(out: &mut FilterSql, left: &str, exact: bool, nullable: bool, op: CompareOp, value: &str) {
    let l = if exact { left.to_owned() } else { format!("lower({left})") };
    let (open, close) = if exact { ("", "") } else { ("lower(", ")") };
    out.sql("(");
    if nullable {
        out.sql(&format!("{left} IS NOT NULL AND "));
    }
    match op {
        CompareOp::Eq | CompareOp::Ne => out.sql(&format!("{l} = {open}")).text(value).sql(close),
        CompareOp::Co => out.sql(&format!("strpos({l}, {open}")).text(value).sql(&format!("{close}) > 0")),
        CompareOp::Sw => out.sql(&format!("starts_with({l}, {open}")).text(value).sql(&format!("{close})")),
        CompareOp::Ew => {
            out.sql(&format!("right({l}, char_length(")).text(value).sql(&format!(")) = {open}")).text(value).sql(close)
        }
        CompareOp::Gt | CompareOp::Ge | CompareOp::Lt | CompareOp::Le => {
            let sign = match op {
                CompareOp::Gt => ">",
                CompareOp::Ge => ">=",
                CompareOp::Lt => "<",
                _ => "<=",
            };
            out.sql(&format!("{l} COLLATE \"C\" {sign} {open}")).text(value).sql(&format!("{close} COLLATE \"C\""))
        }
    };
    out.sql(")");
}

/// Translates a checked filter. `element` is set inside a value path: the attributes are then
/// the element's (`e->>'value'`).
fn translate(f: &ScimFilter, out: &mut FilterSql, element: bool) -> Result<()> {
    match f {
        ScimFilter::And(a, b) | ScimFilter::Or(a, b) => {
            out.sql("(");
            translate(a, out, element)?;
            out.sql(if matches!(f, ScimFilter::And(..)) { " AND " } else { " OR " });
            translate(b, out, element)?;
            out.sql(")");
        }
        ScimFilter::Not(a) => {
            out.sql("(NOT ");
            translate(a, out, element)?;
            out.sql(")");
        }
        ScimFilter::Compare(attr, CompareOp::Ne, value) => {
            out.sql("(NOT ");
            translate(&ScimFilter::Compare(attr.clone(), CompareOp::Eq, value.clone()), out, element)?;
            out.sql(")");
        }
        ScimFilter::ValuePath(attr, inner) => {
            let array = match attr.as_str() {
                "emails" => "scim_users.emails",
                _ => return Err(unsupported(attr)),
            };
            out.sql(&format!("EXISTS (SELECT 1 FROM jsonb_array_elements({array}) AS e WHERE "));
            translate(inner, out, true)?;
            out.sql(")");
        }
        ScimFilter::Present(attr) => {
            let src = source(attr).ok_or_else(|| unsupported(attr))?;
            match (src, element) {
                (Source::Elements { sub, .. }, true) => {
                    out.sql(&format!("(COALESCE(e->>'{sub}', '') <> '')"));
                }
                (Source::Elements { array, sub }, false) => {
                    out.sql(&format!(
                        "EXISTS (SELECT 1 FROM jsonb_array_elements({array}) AS e WHERE COALESCE(e->>'{sub}', '') <> '')"
                    ));
                }
                (Source::Text { expr, .. }, _) => {
                    out.sql(&format!("(COALESCE({expr}, '') <> '')"));
                }
                (Source::Bool(_), _) => {
                    out.sql("TRUE");
                }
                (Source::Members, _) => {
                    out.sql("EXISTS (SELECT 1 FROM scim_group_members AS m WHERE m.group_uid = scim_groups.uid)");
                }
            }
        }
        ScimFilter::Compare(attr, op, value) => {
            let src = source(attr).ok_or_else(|| unsupported(attr))?;
            let wanted_bool = grove_domain::model::filter::filter_bool(value);
            match (src, value) {
                (Source::Bool(expr), _) => {
                    let want = wanted_bool.ok_or_else(|| unsupported(attr))?;
                    out.sql(&format!("({expr} = ")).boolean(want).sql(")");
                }
                (Source::Elements { sub: "primary", array }, _) => {
                    let want = wanted_bool.ok_or_else(|| unsupported(attr))?;
                    if !element {
                        out.sql(&format!("EXISTS (SELECT 1 FROM jsonb_array_elements({array}) AS e WHERE "));
                    }
                    out.sql("(COALESCE((e->>'primary')::boolean, FALSE) = ").boolean(want).sql(")");
                    if !element {
                        out.sql(")");
                    }
                }
                (Source::Elements { array, sub }, FilterValue::Str(s)) => {
                    if !element && sub == "value" && *op == CompareOp::Eq {
                        // The GIN index of lowered addresses.
                        out.sql("(scim_users.email_values @> ARRAY[lower(").text(s).sql(")]::text[])");
                    } else if element {
                        text_compare(out, &format!("(e->>'{sub}')"), false, true, *op, s);
                    } else {
                        out.sql(&format!("EXISTS (SELECT 1 FROM jsonb_array_elements({array}) AS e WHERE "));
                        text_compare(out, &format!("(e->>'{sub}')"), false, true, *op, s);
                        out.sql(")");
                    }
                }
                (Source::Text { expr, exact, nullable }, FilterValue::Str(s)) => {
                    text_compare(out, expr, exact, nullable, *op, s);
                }
                (Source::Members, FilterValue::Str(s)) if *op == CompareOp::Eq => {
                    // The membership primary key: (group, provider/id).
                    out.sql("EXISTS (SELECT 1 FROM scim_group_members AS m WHERE m.group_uid = scim_groups.uid AND m.user_uid = scim_groups.identity_provider_uid || '/' || ")
                        .text(s)
                        .sql(")");
                }
                (Source::Members, FilterValue::Str(s)) => {
                    out.sql("EXISTS (SELECT 1 FROM scim_group_members AS m WHERE m.group_uid = scim_groups.uid AND ");
                    text_compare(out, "right(m.user_uid, 16)", true, false, *op, s);
                    out.sql(")");
                }
                _ => return Err(unsupported(attr)),
            }
        }
    }
    Ok(())
}

fn filter_sql(f: &ScimFilter) -> Result<FilterSql> {
    let mut out = FilterSql::default();
    translate(f, &mut out, false)?;
    Ok(out)
}

fn user_violation(v: Violation<'_>, user: &ScimUser) -> Option<Error> {
    match v {
        Violation::Unique("scim_users_user_name_key") => Some(user_name_taken(user)),
        Violation::Unique("scim_users_external_id_key") => Some(external_id_taken(user)),
        Violation::Unique("scim_users_pkey") => {
            Some(Error::AlreadyExists(format!("SCIM user {} already exists", user.uid)))
        }
        Violation::ForeignKey("scim_users_idp_fkey") => {
            Some(Error::NotFound(format!("identity provider {} does not exist", user.provider())))
        }
        _ => None,
    }
}

fn group_violation(v: Violation<'_>, group: &ScimGroup) -> Option<Error> {
    match v {
        Violation::Unique("scim_groups_display_name_key") => Some(group_name_taken(group)),
        Violation::Unique("scim_groups_pkey") => {
            Some(Error::AlreadyExists(format!("SCIM group {} already exists", group.uid)))
        }
        Violation::ForeignKey("scim_groups_idp_fkey") => {
            Some(Error::NotFound(format!("identity provider {} does not exist", group.provider())))
        }
        _ => None,
    }
}

/// Where lists find the columns of `scim_users`.
struct UserColumns;

impl ListColumns<users::table> for UserColumns {
    fn uid() -> Column<users::table, Text> {
        Box::new(users::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<users::table> {
        Box::new(users::identity_provider_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<users::table> {
        Box::new(diesel::dsl::sql::<Bool>("FALSE"))
    }

    fn sort_column(field: SortField) -> SortColumn<users::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(users::user_name)),
            SortField::CreateTime => SortColumn::Time(Box::new(users::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(users::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<users::table>> {
        let mut own: Vec<Predicate<users::table>> = Vec::new();
        if let Some(idp) = &filter.identity_provider {
            own.push(Box::new(users::identity_provider_uid.eq(idp.to_string())));
        }
        if let Some(f) = &filter.scim_users {
            if let Some(name) = &f.user_name {
                let mut sql = FilterSql::default();
                sql.sql("lower(scim_users.user_name) = lower(").text(name).sql(")");
                own.push(Box::new(sql));
            }
            if let Some(x) = &f.external_id {
                own.push(Box::new(users::external_id.assume_not_null().eq(x.clone())));
            }
            if let Some(active) = f.active {
                own.push(Box::new(users::active.eq(active)));
            }
        }
        own
    }
}

fn user_listing(query: &ListQuery) -> Result<Listing<impl PageStatement<UserRow>, impl CountStatement>> {
    let count = counted::<_, _, UserColumns>(users::table.select(users::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, UserColumns>(users::table.select(UserRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

/// The members of `group_uids`, as (group, user) pairs.
async fn members_of(conn: &mut AsyncPgConnection, group_uids: &[String]) -> QueryResult<Vec<(String, String)>> {
    members::table
        .filter(members::group_uid.eq_any(group_uids))
        .order_by((members::group_uid, members::user_uid))
        .select((members::group_uid, members::user_uid))
        .load(conn)
        .await
}

/// Fails with [`member_missing`] unless every member of `group` is a user of its provider;
/// holds them against a concurrent delete until the transaction ends.
async fn check_members(conn: &mut AsyncPgConnection, group: &ScimGroup) -> std::result::Result<(), TxError> {
    if group.members.is_empty() {
        return Ok(());
    }
    let wanted: Vec<String> = group.members.iter().map(ToString::to_string).collect();
    let found: BTreeSet<String> = users::table
        .filter(users::uid.eq_any(&wanted))
        .filter(users::identity_provider_uid.eq(group.provider().to_string()))
        .select(users::uid)
        .for_share()
        .load::<String>(conn)
        .await?
        .into_iter()
        .collect();
    match group.members.iter().find(|m| !found.contains(m.as_str())) {
        Some(missing) => Err(TxError::Domain(member_missing(missing))),
        None => Ok(()),
    }
}

/// Fails as a version mismatch when `uid` exists in `table`'s sense (`exists`), else not found.
fn missing_or_changed(exists: bool, kind: &str, uid: &Uidp) -> TxError {
    if exists {
        TxError::Domain(version_mismatch(kind, uid))
    } else {
        TxError::Domain(Error::NotFound(format!("SCIM {kind} {uid} does not exist")))
    }
}

#[async_trait]
impl ScimProvisioningStore for PostgresStore {
    async fn create_scim_user(&self, user: &ScimUser, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = UserRow::new(user);
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::ScimUser(user))?;
            diesel::insert_into(users::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| user_violation(v, user)))
    }

    async fn get_scim_user(&self, uid: &Uidp) -> Result<Option<ScimUser>> {
        let mut conn = self.conn().await?;
        users::table
            .find(uid.as_str())
            .select(UserRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(ScimUser::try_from)
            .transpose()
    }

    async fn find_scim_user(&self, provider: &Uidp, external_id: &str) -> Result<Option<ScimUser>> {
        let mut conn = self.conn().await?;
        users::table
            .filter(users::identity_provider_uid.eq(provider.as_str()))
            .filter(users::external_id.eq(external_id))
            .select(UserRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(ScimUser::try_from)
            .transpose()
    }

    async fn list_scim_users(&self, provider: &Uidp, query: &ScimQuery) -> Result<ScimPage<ScimUser>> {
        let mut conn = self.conn().await?;
        let base = || users::table.filter(users::identity_provider_uid.eq(provider.to_string())).into_boxed::<Pg>();
        let (mut count, mut page) = (base(), base());
        if let Some(f) = &query.filter {
            count = count.filter(filter_sql(f)?);
            page = page.filter(filter_sql(f)?);
        }
        let total: i64 = count.count().get_result(&mut conn).await.map_err(unexpected)?;
        let rows: Vec<UserRow> = if query.count == 0 {
            Vec::new()
        } else {
            page.order_by(users::uid.asc())
                .offset(sql_count(query.offset))
                .limit(sql_count(query.count))
                .select(UserRow::as_select())
                .load(&mut conn)
                .await
                .map_err(unexpected)?
        };
        Ok(ScimPage {
            items: rows.into_iter().map(ScimUser::try_from).collect::<Result<_>>()?,
            total: u64::try_from(total).unwrap_or_default(),
        })
    }

    async fn list_scim_users_page(&self, query: &ListQuery) -> Result<StorePage<ScimUser>> {
        let conn = self.conn().await?;
        list::<UserRow, ScimUser, _, _>(&conn, query, user_listing).await
    }

    async fn update_scim_user(&self, user: &ScimUser, expected_version: i64, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = UserRow::new(user);
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::ScimUser(user))?;
            let updated =
                diesel::update(users::table.find(user.uid.as_str()).filter(users::version.eq(expected_version)))
                    .set((
                        users::user_name.eq(&row.user_name),
                        users::external_id.eq(&row.external_id),
                        users::display_name.eq(&row.display_name),
                        users::active.eq(row.active),
                        users::emails.eq(&row.emails),
                        users::email_values.eq(&row.email_values),
                        users::resource.eq(&row.resource),
                        users::identity_uid.eq(&row.identity_uid),
                        users::linked_identity_uid.eq(&row.linked_identity_uid),
                        users::version.eq(row.version),
                        users::update_time.eq(row.update_time),
                    ))
                    .execute(conn)
                    .await?;
            if updated == 0 {
                let exists: Option<String> =
                    users::table.find(user.uid.as_str()).select(users::uid).first(conn).await.optional()?;
                return Err(missing_or_changed(exists.is_some(), "user", &user.uid));
            }
            if let Some(identity) = user.identity.as_ref().filter(|_| !user.active) {
                diesel::delete(refresh_tokens::table.filter(refresh_tokens::identity_uid.eq(identity.as_str())))
                    .execute(conn)
                    .await?;
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| user_violation(v, user)))
    }

    async fn link_scim_user(&self, uid: &Uidp, identity: &Uidp) -> Result<()> {
        let mut conn = self.conn().await?;
        diesel::update(users::table.find(uid.as_str()))
            .set(users::linked_identity_uid.eq(identity.as_str()))
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn delete_scim_user(
        &self,
        user: &ScimUser,
        expected_version: i64,
        event: &NewEvent,
        identity_event: &NewEvent,
    ) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let identity: Option<Option<String>> =
                diesel::delete(users::table.find(user.uid.as_str()).filter(users::version.eq(expected_version)))
                    .returning(users::identity_uid)
                    .get_result(conn)
                    .await
                    .optional()?;
            let Some(identity) = identity else {
                let exists: Option<String> =
                    users::table.find(user.uid.as_str()).select(users::uid).first(conn).await.optional()?;
                return Err(missing_or_changed(exists.is_some(), "user", &user.uid));
            };
            outbox.insert(conn, &record).await?;
            if let Some(identity) = identity {
                // Its role bindings, refresh tokens and memberships go with it (ON DELETE CASCADE).
                let deleted = diesel::delete(identities::table.find(identity.as_str())).execute(conn).await?;
                if deleted > 0 {
                    let identity_record = render(identity_event, EventData::Empty)?;
                    outbox.insert(conn, &identity_record).await?;
                }
            }
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn create_scim_group(&self, group: &ScimGroup, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = GroupRow::new(group);
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::ScimGroup(group))?;
            diesel::insert_into(groups::table).values(&row).execute(conn).await?;
            check_members(conn, group).await?;
            let pairs: Vec<_> = group
                .members
                .iter()
                .map(|m| (members::group_uid.eq(group.uid.as_str()), members::user_uid.eq(m.as_str())))
                .collect();
            for chunk in pairs.chunks(5000) {
                diesel::insert_into(members::table).values(chunk).execute(conn).await?;
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| group_violation(v, group)))
    }

    async fn get_scim_group(&self, uid: &Uidp) -> Result<Option<ScimGroup>> {
        let mut conn = self.conn().await?;
        let row: Option<GroupRow> = groups::table
            .find(uid.as_str())
            .select(GroupRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        let Some(row) = row else { return Ok(None) };
        let pairs = members_of(&mut conn, std::slice::from_ref(&row.uid)).await.map_err(unexpected)?;
        row.into_group(pairs.into_iter().map(|(_, u)| u).collect()).map(Some)
    }

    async fn list_scim_groups(&self, provider: &Uidp, query: &ScimQuery) -> Result<ScimPage<ScimGroup>> {
        let mut conn = self.conn().await?;
        let base = || groups::table.filter(groups::identity_provider_uid.eq(provider.to_string())).into_boxed::<Pg>();
        let (mut count, mut page) = (base(), base());
        if let Some(f) = &query.filter {
            count = count.filter(filter_sql(f)?);
            page = page.filter(filter_sql(f)?);
        }
        let total: i64 = count.count().get_result(&mut conn).await.map_err(unexpected)?;
        let rows: Vec<GroupRow> = if query.count == 0 {
            Vec::new()
        } else {
            page.order_by(groups::uid.asc())
                .offset(sql_count(query.offset))
                .limit(sql_count(query.count))
                .select(GroupRow::as_select())
                .load(&mut conn)
                .await
                .map_err(unexpected)?
        };
        let uids: Vec<String> = rows.iter().map(|r| r.uid.clone()).collect();
        let mut members: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
        for (group, user) in members_of(&mut conn, &uids).await.map_err(unexpected)? {
            members.entry(group).or_default().push(user);
        }
        let items = rows
            .into_iter()
            .map(|r| {
                let of = members.remove(&r.uid).unwrap_or_default();
                r.into_group(of)
            })
            .collect::<Result<_>>()?;
        Ok(ScimPage { items, total: u64::try_from(total).unwrap_or_default() })
    }

    async fn update_scim_group(&self, group: &ScimGroup, expected_version: i64, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = GroupRow::new(group);
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::ScimGroup(group))?;
            let updated =
                diesel::update(groups::table.find(group.uid.as_str()).filter(groups::version.eq(expected_version)))
                    .set((
                        groups::display_name.eq(&row.display_name),
                        groups::external_id.eq(&row.external_id),
                        groups::version.eq(row.version),
                        groups::update_time.eq(row.update_time),
                    ))
                    .execute(conn)
                    .await?;
            if updated == 0 {
                let exists: Option<String> =
                    groups::table.find(group.uid.as_str()).select(groups::uid).first(conn).await.optional()?;
                return Err(missing_or_changed(exists.is_some(), "group", &group.uid));
            }
            check_members(conn, group).await?;
            let wanted: Vec<String> = group.members.iter().map(ToString::to_string).collect();
            diesel::delete(
                members::table
                    .filter(members::group_uid.eq(group.uid.as_str()))
                    .filter(members::user_uid.ne_all(&wanted)),
            )
            .execute(conn)
            .await?;
            let pairs: Vec<_> = wanted
                .iter()
                .map(|m| (members::group_uid.eq(group.uid.as_str()), members::user_uid.eq(m.as_str())))
                .collect();
            for chunk in pairs.chunks(5000) {
                diesel::insert_into(members::table).values(chunk).on_conflict_do_nothing().execute(conn).await?;
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| group_violation(v, group)))
    }

    async fn delete_scim_group(&self, uid: &Uidp, expected_version: i64, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(groups::table.find(uid.as_str()).filter(groups::version.eq(expected_version)))
                .execute(conn)
                .await?;
            if deleted == 0 {
                let exists: Option<String> =
                    groups::table.find(uid.as_str()).select(groups::uid).first(conn).await.optional()?;
                return Err(missing_or_changed(exists.is_some(), "group", uid));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn scim_group_names_of(&self, provider: &Uidp, external_id: &str) -> Result<Vec<String>> {
        let mut conn = self.conn().await?;
        groups::table
            .inner_join(members::table.on(members::group_uid.eq(groups::uid)))
            .inner_join(users::table.on(users::uid.eq(members::user_uid)))
            .filter(users::identity_provider_uid.eq(provider.as_str()))
            .filter(users::external_id.eq(external_id))
            .order_by(groups::display_name.asc())
            .select(groups::display_name)
            .load(&mut conn)
            .await
            .map_err(unexpected)
    }
}

#[cfg(test)]
mod tests {
    use grove_domain::model::FilterTarget;

    use super::*;

    fn rendered(text: &str, target: FilterTarget) -> String {
        let f = ScimFilter::parse_for(text, target).unwrap();
        filter_sql(&f)
            .unwrap()
            .pieces
            .iter()
            .map(|p| match p {
                Piece::Sql(s) => s.clone(),
                Piece::Text(t) => format!("<{t}>"),
                Piece::Bool(b) => format!("<{b}>"),
            })
            .collect()
    }

    #[test]
    fn indexed_equalities_are_written_as_their_indexes_read_them() {
        assert_eq!(
            rendered(r#"userName eq "Bob""#, FilterTarget::Users),
            "(lower(scim_users.user_name) = lower(<Bob>))"
        );
        assert_eq!(
            rendered(r#"externalId eq "x" and emails eq "A@b""#, FilterTarget::Users),
            "((external_id IS NOT NULL AND external_id = <x>) AND (scim_users.email_values @> ARRAY[lower(<A@b>)]::text[]))"
        );
        assert_eq!(
            rendered(r#"members.value eq "00000000000000aa""#, FilterTarget::Groups),
            "EXISTS (SELECT 1 FROM scim_group_members AS m WHERE m.group_uid = scim_groups.uid AND m.user_uid = scim_groups.identity_provider_uid || '/' || <00000000000000aa>)"
        );
    }
}
