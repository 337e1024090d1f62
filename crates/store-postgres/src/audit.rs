//! [`AuditStore`] on `audit_entries`: entries are inserted with every event (by
//! [`crate::outbox::OutboxWriter`], in the change's own statement or transaction), listed
//! with the shared seek paging, and deleted only by the retention prune. A trigger refuses
//! every `UPDATE`, `TRUNCATE` and `DELETE` except the prune's (migration
//! `2026-12-01-000200_audit_trail`): the prune names its cutoff in the transaction-local
//! setting `grove.audit_prune_before`, and the trigger lets through only rows older than it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use grove_domain::audit::AuditEntry;
use grove_domain::events::{EventId, EventRecord, EventType};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::ports::AuditStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::internal;
use crate::listing::{
    counted, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::stored_origin;
use crate::schema::audit_entries as entries;
use crate::store::PostgresStore;
use crate::tx::TxError;

/// An `audit_entries` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = entries, check_for_backend(diesel::pg::Pg))]
pub(crate) struct AuditEntryRow {
    uid: String,
    parent_uid: String,
    event_id: String,
    time: DateTime<Utc>,
    type_: String,
    subject: String,
    actor: String,
    actor_provider: String,
    request_id: String,
    transport: String,
    data: String,
}

impl TryFrom<AuditEntryRow> for AuditEntry {
    type Error = Error;
    fn try_from(r: AuditEntryRow) -> Result<Self> {
        let uid =
            |s: &str| Uidp::parse(s).map_err(|e| internal(format!("stored audit entry {} is invalid: {e}", r.uid)));
        Ok(Self {
            uid: uid(&r.uid)?,
            event_id: EventId::from_stored(&r.event_id)?,
            time: Timestamp::from_datetime(r.time),
            event_type: EventType::parse(&r.type_)
                .ok_or_else(|| internal(format!("stored audit entry {} has unknown type {}", r.uid, r.type_)))?,
            subject: uid(&r.subject)?,
            origin: stored_origin(&r.event_id, &r.actor, &r.actor_provider, &r.request_id, &r.transport)?,
            data: r.data,
        })
    }
}

/// The uid of `record`'s entry, as text.
pub(crate) fn entry_uid(record: &EventRecord) -> QueryResult<String> {
    record
        .audit_uid()
        .map(|u| u.to_string())
        .map_err(|e| diesel::result::Error::QueryBuilderError(e.to_string().into()))
}

/// Inserts the audit entry of `record` (inside the caller's transaction).
pub(crate) async fn insert_entry(conn: &mut AsyncPgConnection, record: &EventRecord) -> QueryResult<()> {
    let origin = &record.origin;
    let row = AuditEntryRow {
        uid: entry_uid(record)?,
        parent_uid: record.group.to_string(),
        event_id: record.id.to_string(),
        time: record.time.as_datetime(),
        type_: record.event_type.as_str().to_owned(),
        subject: record.subject.to_string(),
        actor: origin.actor.as_text().to_owned(),
        actor_provider: origin.actor.provider().map_or("", Uidp::as_str).to_owned(),
        request_id: origin.request_id.clone(),
        transport: origin.transport.as_str().to_owned(),
        data: record.data.clone(),
    };
    diesel::insert_into(entries::table).values(row).execute(conn).await?;
    Ok(())
}

/// Where lists find the columns of `audit_entries`.
pub(crate) struct AuditColumns;

impl ListColumns<entries::table> for AuditColumns {
    fn uid() -> Column<entries::table, Text> {
        Box::new(entries::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<entries::table> {
        Box::new(entries::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<entries::table> {
        // Every entry lies inside a group.
        Box::new(diesel::dsl::sql::<Bool>("FALSE"))
    }

    fn sort_column(field: SortField) -> SortColumn<entries::table> {
        match field {
            SortField::Uid | SortField::Name => SortColumn::Uid,
            SortField::CreateTime | SortField::UpdateTime => SortColumn::Time(Box::new(entries::time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<entries::table>> {
        let mut own: Vec<Predicate<entries::table>> = Vec::new();
        let Some(audit) = filter.audit.as_deref() else { return own };
        if let Some(actor) = &audit.actor {
            own.push(Box::new(entries::actor.eq(actor.clone())));
        }
        if !audit.types.is_empty() {
            let types: Vec<&'static str> = audit.types.iter().map(|t| t.as_str()).collect();
            own.push(Box::new(entries::type_.eq_any(types)));
        }
        if let Some(since) = audit.since {
            own.push(Box::new(entries::time.ge(since.as_datetime())));
        }
        if let Some(until) = audit.until {
            own.push(Box::new(entries::time.lt(until.as_datetime())));
        }
        own
    }

    fn organization_index_orders(field: SortField) -> bool {
        matches!(field, SortField::CreateTime | SortField::UpdateTime)
    }
}

/// The statements of an audit list.
pub(crate) fn audit_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<AuditEntryRow>, impl CountStatement>> {
    let count = counted::<_, _, AuditColumns>(entries::table.select(entries::uid).into_boxed::<Pg>(), query);
    let (seek, page) =
        paged::<_, _, AuditColumns>(entries::table.select(AuditEntryRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl AuditStore for PostgresStore {
    async fn list_audit_entries(&self, query: &ListQuery) -> Result<StorePage<AuditEntry>> {
        let conn = self.conn().await?;
        audit_listing(query)?.run::<AuditEntryRow, AuditEntry>(&conn).await
    }

    async fn prune_audit_entries(&self, before: Timestamp) -> Result<u64> {
        let cutoff = before.as_datetime();
        let mut conn = self.conn().await?;
        let deleted = conn
            .transaction(async |conn| {
                // Transaction-local: the trigger sees the cutoff only inside this transaction.
                diesel::sql_query("SELECT set_config('grove.audit_prune_before', $1, true)")
                    .bind::<Text, _>(cutoff.to_rfc3339())
                    .execute(conn)
                    .await?;
                let n = diesel::delete(entries::table.filter(entries::time.lt(cutoff))).execute(conn).await?;
                Ok::<_, TxError>(n)
            })
            .await
            .map_err(|e: TxError| e.into_error(|_| None))?;
        Ok(deleted as u64)
    }
}
