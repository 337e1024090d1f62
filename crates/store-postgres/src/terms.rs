//! [`TermsStore`] on the `terms_acceptances` table: one row per (group, document), written
//! with `ON CONFLICT DO NOTHING` so that a document accepted again keeps its first row.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{TermsAcceptance, TermsAccepted};
use grove_domain::names::DocumentId;
use grove_domain::ports::TermsStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::schema::terms_acceptances;
use crate::store::PostgresStore;
use crate::tx::TxError;

/// A `terms_acceptances` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = terms_acceptances, check_for_backend(diesel::pg::Pg))]
pub(crate) struct TermsAcceptanceRow {
    uid: String,
    parent_uid: String,
    doc_id: String,
    accepted_by: String,
    create_time: DateTime<Utc>,
}

impl TermsAcceptanceRow {
    fn new(group: &Uidp, a: &TermsAcceptance) -> Result<Self> {
        if a.uid.parent().as_ref() != Some(group) {
            return Err(Error::invalid("uid", "every acceptance must lie directly inside the accepting group"));
        }
        Ok(Self {
            uid: a.uid.to_string(),
            parent_uid: group.to_string(),
            doc_id: a.doc_id.to_string(),
            accepted_by: a.accepted_by.to_string(),
            create_time: a.create_time.as_datetime(),
        })
    }
}

impl TryFrom<TermsAcceptanceRow> for TermsAcceptance {
    type Error = Error;
    fn try_from(r: TermsAcceptanceRow) -> Result<Self> {
        let corrupt = |why: String| internal(format!("stored terms acceptance {} is invalid: {why}", r.uid));
        Ok(Self {
            uid: Uidp::parse(&r.uid).map_err(|e| corrupt(e.to_string()))?,
            doc_id: DocumentId::from_stored("doc_id", &r.doc_id).map_err(|e| corrupt(e.to_string()))?,
            accepted_by: Uidp::parse(&r.accepted_by).map_err(|e| corrupt(e.to_string()))?,
            create_time: Timestamp::from_datetime(r.create_time),
        })
    }
}

/// Where lists find the columns of `terms_acceptances`.
pub(crate) struct TermsColumns;

impl ListColumns<terms_acceptances::table> for TermsColumns {
    fn uid() -> Column<terms_acceptances::table, Text> {
        Box::new(terms_acceptances::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<terms_acceptances::table> {
        Box::new(terms_acceptances::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<terms_acceptances::table> {
        // Every acceptance lies inside a group; none is root-level.
        Box::new(diesel::dsl::sql::<diesel::sql_types::Bool>("FALSE"))
    }

    fn sort_column(field: SortField) -> SortColumn<terms_acceptances::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(terms_acceptances::doc_id)),
            SortField::CreateTime | SortField::UpdateTime => SortColumn::Time(Box::new(terms_acceptances::create_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<terms_acceptances::table>> {
        let mut own: Vec<Predicate<terms_acceptances::table>> = Vec::new();
        if let Some(of) = &filter.terms_of {
            // The group itself and every group above it.
            let groups: Vec<String> = std::iter::successors(Some(of.clone()), Uidp::parent).map(String::from).collect();
            own.push(Box::new(terms_acceptances::parent_uid.eq_any(groups)));
        }
        own
    }
}

/// The statements of a terms acceptance list.
pub(crate) fn terms_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<TermsAcceptanceRow>, impl CountStatement>> {
    let count = counted::<_, _, TermsColumns>(
        terms_acceptances::table.select(terms_acceptances::uid).into_boxed::<Pg>(),
        query,
    );
    let (seek, page) = paged::<_, _, TermsColumns>(
        terms_acceptances::table.select(TermsAcceptanceRow::as_select()).into_boxed::<Pg>(),
        query,
    )?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl TermsStore for PostgresStore {
    async fn accept_terms(&self, accepted: &TermsAccepted, event: &NewEvent) -> Result<usize> {
        let outbox = self.outbox();
        let rows = accepted
            .acceptances
            .iter()
            .map(|a| TermsAcceptanceRow::new(&accepted.group, a))
            .collect::<Result<Vec<_>>>()?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let inserted = diesel::insert_into(terms_acceptances::table)
                .values(&rows)
                .on_conflict((terms_acceptances::parent_uid, terms_acceptances::doc_id))
                .do_nothing()
                .execute(conn)
                .await?;
            if inserted > 0 {
                let record = render(event, EventData::TermsAccepted(accepted))?;
                outbox.insert(conn, &record).await?;
            }
            Ok(inserted)
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| match v {
                Violation::ForeignKey("terms_acceptances_parent_fkey") => Some(group_not_found(&accepted.group)),
                Violation::Unique("terms_acceptances_pkey") => {
                    Some(Error::AlreadyExists("a terms acceptance uid is already taken".to_owned()))
                }
                _ => None,
            })
        })
    }

    async fn list_terms_acceptances(&self, query: &ListQuery) -> Result<StorePage<TermsAcceptance>> {
        let conn = self.conn().await?;
        list::<TermsAcceptanceRow, TermsAcceptance, _, _>(&conn, query, terms_listing).await
    }
}
