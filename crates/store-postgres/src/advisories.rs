//! [`AdvisoryStore`] on `advisories`: one row per advisory, the columns lists filter and
//! order by (maintained from the advisory by every write), the rest as jsonb (see the
//! migration).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::not;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel::upsert::excluded;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{Advisory, AdvisoryEvent, Severity};
use grove_domain::ports::{AdvisoryStore, ADVISORY_CHANGED};
use grove_domain::{Error, Result, Timestamp, Uidp};
use serde::{Deserialize, Serialize};

use crate::error::{internal, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::rows::nested_parent;
use crate::schema::advisories;
use crate::store::PostgresStore;
use crate::tx::TxError;

/// An `advisories` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = advisories, check_for_backend(diesel::pg::Pg))]
pub(crate) struct AdvisoryRow {
    pub uid: String,
    pub parent_uid: String,
    pub advisory_id: String,
    pub legacy_advisory_id: Option<String>,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
    pub artifact_name: String,
    pub component_name: String,
    pub origin: String,
    pub aliases: Vec<Option<String>>,
    pub event_authors: Vec<Option<String>>,
    pub event_reviewers: Vec<Option<String>>,
    pub latest_event_type: Option<i16>,
    pub facets: Vec<Option<String>>,
    pub search: String,
    pub body: serde_json::Value,
}

/// What `body` holds: the advisory's fields that have no column of their own.
#[derive(Debug, Serialize, Deserialize)]
struct Body {
    /// Unix milliseconds.
    delete_time: Option<i64>,
    author: String,
    artifact_type: String,
    artifact_architecture: String,
    component_location: String,
    component_type: String,
    severities: Vec<Severity>,
    events: Vec<AdvisoryEvent>,
}

/// The facet of an exact filter value (see the migration).
pub(crate) fn facet(prefix: &str, value: &str) -> String {
    format!("{prefix}:{value}")
}

fn distinct(values: impl Iterator<Item = String>) -> Vec<Option<String>> {
    let mut v: Vec<String> = values.collect();
    v.sort();
    v.dedup();
    v.into_iter().map(Some).collect()
}

impl AdvisoryRow {
    fn new(a: &Advisory) -> Result<Self> {
        let body = Body {
            delete_time: a.delete_time.map(Timestamp::unix_millis),
            author: a.author.clone(),
            artifact_type: a.artifact_type.clone(),
            artifact_architecture: a.artifact_architecture.clone(),
            component_location: a.component_location.clone(),
            component_type: a.component_type.clone(),
            severities: a.severities.clone(),
            events: a.events.clone(),
        };
        let body =
            serde_json::to_value(&body).map_err(|e| internal(format!("cannot encode advisory {}: {e}", a.uid)))?;
        let facets = [
            facet("at", &a.artifact_type),
            facet("aa", &a.artifact_architecture),
            facet("ct", &a.component_type),
            facet("cl", &a.component_location),
        ]
        .into_iter()
        .chain(a.events.iter().map(|e| facet("rs", &e.review_state.number().to_string())))
        .chain(a.events.iter().map(|e| facet("et", &e.detail.kind().number().to_string())));
        Ok(Self {
            uid: a.uid.to_string(),
            parent_uid: nested_parent("advisory", &a.uid)?,
            advisory_id: a.advisory_id.clone(),
            legacy_advisory_id: a.legacy_advisory_id.clone(),
            create_time: a.create_time.as_datetime(),
            update_time: a.update_time.as_datetime(),
            artifact_name: a.artifact_name.clone(),
            component_name: a.component_name.clone(),
            origin: a.origin.clone(),
            aliases: a.aliases.iter().cloned().map(Some).collect(),
            event_authors: distinct(a.events.iter().map(|e| e.author.clone())),
            event_reviewers: distinct(a.events.iter().filter(|e| !e.reviewer.is_empty()).map(|e| e.reviewer.clone())),
            latest_event_type: a.latest_approved_kind().map(|k| k.number()),
            facets: distinct(facets),
            search: a.search_text(),
            body,
        })
    }
}

impl TryFrom<AdvisoryRow> for Advisory {
    type Error = Error;
    fn try_from(r: AdvisoryRow) -> Result<Self> {
        let corrupt = |why: String| internal(format!("stored advisory {} is invalid: {why}", r.uid));
        let aliases = r
            .aliases
            .iter()
            .map(|a| a.clone().ok_or_else(|| corrupt("NULL alias".into())))
            .collect::<Result<Vec<_>>>()?;
        let body: Body = serde_json::from_value(r.body.clone()).map_err(|e| corrupt(format!("body: {e}")))?;
        let delete_time = body
            .delete_time
            .map(|ms| Timestamp::from_unix_millis(ms).ok_or_else(|| corrupt("delete_time out of range".into())))
            .transpose()?;
        Ok(Self {
            uid: Uidp::parse(&r.uid).map_err(|e| corrupt(e.to_string()))?,
            advisory_id: r.advisory_id,
            create_time: Timestamp::from_datetime(r.create_time),
            update_time: Timestamp::from_datetime(r.update_time),
            delete_time,
            author: body.author,
            artifact_name: r.artifact_name,
            artifact_type: body.artifact_type,
            artifact_architecture: body.artifact_architecture,
            component_name: r.component_name,
            component_location: body.component_location,
            component_type: body.component_type,
            origin: r.origin,
            aliases,
            events: body.events,
            legacy_advisory_id: r.legacy_advisory_id,
            severities: body.severities,
        })
    }
}

fn some<T: Clone>(values: &[T]) -> Vec<Option<T>> {
    values.iter().cloned().map(Some).collect()
}

/// `LIKE` pattern for "contains `text`", with `\`, `%` and `_` escaped.
fn contains_pattern(text: &str) -> String {
    let mut p = String::with_capacity(text.len() + 2);
    p.push('%');
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

/// Where lists find the columns of `advisories`.
pub(crate) struct AdvisoryColumns;

impl ListColumns<advisories::table> for AdvisoryColumns {
    fn uid() -> Column<advisories::table, Text> {
        Box::new(advisories::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<advisories::table> {
        Box::new(advisories::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<advisories::table> {
        // Advisories always live in a group.
        Box::new(advisories::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<advisories::table> {
        match field {
            SortField::Uid | SortField::Name => SortColumn::Uid,
            SortField::CreateTime => SortColumn::Time(Box::new(advisories::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(advisories::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<advisories::table>> {
        use advisories as a;
        let mut own: Vec<Predicate<advisories::table>> = Vec::new();
        let Some(f) = filter.advisories.as_deref() else { return own };
        if !f.advisory_ids.is_empty() {
            own.push(Box::new(a::advisory_id.eq_any(f.advisory_ids.clone())));
        }
        if !f.legacy_advisory_ids.is_empty() {
            own.push(Box::new(a::legacy_advisory_id.eq_any(f.legacy_advisory_ids.clone()).assume_not_null()));
        }
        if !f.effective_artifact_names().is_empty() {
            own.push(Box::new(a::artifact_name.eq_any(f.effective_artifact_names().to_vec())));
        }
        for (prefix, values) in [
            ("at", &f.artifact_types),
            ("aa", &f.artifact_architectures),
            ("ct", &f.component_types),
            ("cl", &f.component_locations),
        ] {
            if !values.is_empty() {
                let facets: Vec<Option<String>> = values.iter().map(|v| Some(facet(prefix, v))).collect();
                own.push(Box::new(a::facets.overlaps_with(facets)));
            }
        }
        if !f.component_names.is_empty() {
            own.push(Box::new(a::component_name.eq_any(f.component_names.clone())));
        }
        if !f.aliases.is_empty() {
            own.push(Box::new(a::aliases.overlaps_with(some(&f.aliases))));
        }
        if let Some(origin) = &f.origin {
            own.push(Box::new(a::origin.eq(origin.clone())));
        }
        if !f.event_review_states.is_empty() {
            let facets: Vec<Option<String>> =
                f.event_review_states.iter().map(|st| Some(facet("rs", &st.number().to_string()))).collect();
            own.push(Box::new(a::facets.overlaps_with(facets)));
        }
        if !f.event_authors.is_empty() {
            own.push(Box::new(a::event_authors.overlaps_with(some(&f.event_authors))));
        }
        if !f.exclude_event_authors.is_empty() {
            own.push(Box::new(not(a::event_authors.overlaps_with(some(&f.exclude_event_authors)))));
        }
        if !f.event_reviewers.is_empty() {
            own.push(Box::new(a::event_reviewers.overlaps_with(some(&f.event_reviewers))));
        }
        if !f.event_types.is_empty() {
            let facets: Vec<Option<String>> =
                f.event_types.iter().map(|k| Some(facet("et", &k.number().to_string()))).collect();
            own.push(Box::new(a::facets.overlaps_with(facets)));
        }
        if let Some(kind) = f.latest_event_type {
            own.push(Box::new(a::latest_event_type.eq(kind.number()).assume_not_null()));
        }
        if let Some(q) = &f.query {
            own.push(Box::new(a::search.like(contains_pattern(q))));
        }
        own
    }
}

/// The statements of an advisory list.
pub(crate) fn advisory_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<AdvisoryRow>, impl CountStatement>> {
    let count = counted::<_, _, AdvisoryColumns>(advisories::table.select(advisories::uid).into_boxed::<Pg>(), query);
    let (seek, page) =
        paged::<_, _, AdvisoryColumns>(advisories::table.select(AdvisoryRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

fn advisory_violation(v: Violation<'_>, rows: &[AdvisoryRow]) -> Option<Error> {
    match v {
        Violation::Unique("advisories_parent_advisory_id_key") => {
            Some(Error::AlreadyExists("an advisory with the same id already exists in its group".to_owned()))
        }
        Violation::ForeignKey("advisories_parent_fkey") => Some(match rows {
            [one] => group_not_found(&one.parent_uid),
            _ => Error::NotFound("the group of an advisory in the batch does not exist".to_owned()),
        }),
        _ => None,
    }
}

/// What a violated constraint means when writing the one advisory `a` (`row`).
fn single_advisory_violation(v: Violation<'_>, a: &Advisory, row: &AdvisoryRow) -> Option<Error> {
    match v {
        Violation::Unique("advisories_parent_advisory_id_key") => Some(Error::AlreadyExists(format!(
            "an advisory with id {} already exists in group {}",
            a.advisory_id, row.parent_uid
        ))),
        Violation::Unique("advisories_pkey") => {
            Some(Error::AlreadyExists(format!("advisory {} already exists", a.uid)))
        }
        Violation::ForeignKey("advisories_parent_fkey") => Some(group_not_found(&row.parent_uid)),
        _ => None,
    }
}

fn not_found_advisory(uid: &Uidp) -> Error {
    Error::NotFound(format!("advisory {uid} does not exist"))
}

fn advisory_changed(uid: &Uidp) -> Error {
    Error::precondition(ADVISORY_CHANGED, format!("advisory {uid} changed since it was read; read it again and retry"))
}

#[async_trait]
impl AdvisoryStore for PostgresStore {
    async fn get_advisory(&self, uid: &Uidp) -> Result<Option<Advisory>> {
        let mut conn = self.conn().await?;
        advisories::table
            .find(uid.as_str())
            .select(AdvisoryRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Advisory::try_from)
            .transpose()
    }

    async fn get_advisories(&self, uids: &[Uidp]) -> Result<Vec<Advisory>> {
        if uids.is_empty() {
            return Ok(Vec::new());
        }
        let mut conn = self.conn().await?;
        let keys: Vec<&str> = uids.iter().map(Uidp::as_str).collect();
        advisories::table
            .filter(advisories::uid.eq_any(keys))
            .order(advisories::uid)
            .select(AdvisoryRow::as_select())
            .load(&mut conn)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(Advisory::try_from)
            .collect()
    }

    async fn list_advisories(&self, query: &ListQuery) -> Result<StorePage<Advisory>> {
        let conn = self.conn().await?;
        list::<AdvisoryRow, Advisory, _, _>(&conn, query, advisory_listing).await
    }

    async fn create_advisory(&self, advisory: &Advisory, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = AdvisoryRow::new(advisory)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::of_advisory_write(advisory, event))?;
            diesel::insert_into(advisories::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| single_advisory_violation(v, advisory, &row)))
    }

    async fn update_advisory(&self, advisory: &Advisory, expected: Timestamp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = AdvisoryRow::new(advisory)?;
        let mut conn = self.conn().await?;
        use advisories as a;
        conn.transaction(async |conn| {
            let record = render(event, EventData::of_advisory_write(advisory, event))?;
            let updated = diesel::update(
                a::table.filter(a::uid.eq(advisory.uid.as_str())).filter(a::update_time.eq(expected.as_datetime())),
            )
            .set((
                a::advisory_id.eq(&row.advisory_id),
                a::legacy_advisory_id.eq(&row.legacy_advisory_id),
                a::update_time.eq(row.update_time),
                a::artifact_name.eq(&row.artifact_name),
                a::component_name.eq(&row.component_name),
                a::origin.eq(&row.origin),
                a::aliases.eq(&row.aliases),
                a::event_authors.eq(&row.event_authors),
                a::event_reviewers.eq(&row.event_reviewers),
                a::latest_event_type.eq(row.latest_event_type),
                a::facets.eq(&row.facets),
                a::search.eq(&row.search),
                a::body.eq(&row.body),
            ))
            .execute(conn)
            .await?;
            if updated == 0 {
                let exists: bool =
                    diesel::select(diesel::dsl::exists(a::table.find(advisory.uid.as_str()))).get_result(conn).await?;
                let why = if exists { advisory_changed(&advisory.uid) } else { not_found_advisory(&advisory.uid) };
                return Err(TxError::Domain(why));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| single_advisory_violation(v, advisory, &row)))
    }

    async fn put_advisories(&self, batch: &[Advisory]) -> Result<()> {
        if batch.is_empty() {
            return Ok(());
        }
        let rows = batch.iter().map(AdvisoryRow::new).collect::<Result<Vec<_>>>()?;
        let mut conn = self.conn().await?;
        use advisories as a;
        conn.transaction(async |conn| {
            // 16 columns a row: 1 000 rows stay far below the 65 535 bind parameters.
            for chunk in rows.chunks(1_000) {
                diesel::insert_into(a::table)
                    .values(chunk)
                    .on_conflict(a::uid)
                    .do_update()
                    .set((
                        a::advisory_id.eq(excluded(a::advisory_id)),
                        a::legacy_advisory_id.eq(excluded(a::legacy_advisory_id)),
                        a::create_time.eq(excluded(a::create_time)),
                        a::update_time.eq(excluded(a::update_time)),
                        a::artifact_name.eq(excluded(a::artifact_name)),
                        a::component_name.eq(excluded(a::component_name)),
                        a::origin.eq(excluded(a::origin)),
                        a::aliases.eq(excluded(a::aliases)),
                        a::event_authors.eq(excluded(a::event_authors)),
                        a::event_reviewers.eq(excluded(a::event_reviewers)),
                        a::latest_event_type.eq(excluded(a::latest_event_type)),
                        a::facets.eq(excluded(a::facets)),
                        a::search.eq(excluded(a::search)),
                        a::body.eq(excluded(a::body)),
                    ))
                    .execute(conn)
                    .await?;
            }
            Ok::<(), TxError>(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| advisory_violation(v, &rows)))
    }
}
