//! The outbox ([`OutboxStore`]) and [`SubscriptionStore`]: events are inserted by every
//! mutation inside its own transaction ([`OutboxWriter`]) and claimed by relays with
//! `FOR UPDATE SKIP LOCKED`, so that two relays never lease the same event.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;

use async_trait::async_trait;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Text, Timestamptz};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use grove_domain::audit::{Actor, Origin, Transport};
use grove_domain::events::{DeadLetter, EventData, EventId, EventRecord, EventType, NewEvent, Sink, Subscription};
use grove_domain::listing::{apply_in_memory, ListQuery, StorePage};
use grove_domain::ports::{Backlog, OutboxStore, SubscriptionStore};
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, query_error, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listen::EventSignal;
use crate::listing::Explain;
use crate::schema::{event_dead_letters, events, subscriptions};
use crate::store::PostgresStore;
use crate::tx::TxError;

/// The channel `NOTIFY` wakes relays of other nodes on when events commit.
pub const EVENTS_CHANNEL: &str = "grove_events";

#[derive(Insertable)]
#[diesel(table_name = events)]
struct NewEventRow<'a> {
    id: &'a str,
    type_: &'a str,
    time: chrono::DateTime<chrono::Utc>,
    group_uid: &'a str,
    subject: &'a str,
    data: &'a str,
    actor: &'a str,
    actor_provider: &'a str,
    request_id: &'a str,
    transport: &'a str,
}

impl<'a> NewEventRow<'a> {
    fn of(record: &'a EventRecord) -> Self {
        let origin = &record.origin;
        Self {
            id: record.id.as_str(),
            type_: record.event_type.as_str(),
            time: record.time.as_datetime(),
            group_uid: record.group.as_str(),
            subject: record.subject.as_str(),
            data: &record.data,
            actor: origin.actor.as_text(),
            actor_provider: origin.actor.provider().map_or("", Uidp::as_str),
            request_id: &origin.request_id,
            transport: origin.transport.as_str(),
        }
    }
}

/// The claim: leases (`$1`) up to `$3` undelivered events nobody holds at `$2`, oldest first,
/// skipping rows another claim has locked, and returns them with their `seq`.
const CLAIM: &str = "UPDATE events SET leased_until = $1 WHERE id IN ( \
         SELECT id FROM events \
         WHERE delivered IS NULL AND (leased_until IS NULL OR leased_until < $2) \
         ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED) \
     RETURNING seq, id, type AS type_, time, group_uid, subject, data, \
         actor, actor_provider, request_id, transport";

impl PostgresStore {
    /// The plan (`EXPLAIN` lines) of the relay's claim, for the test that it scans no table.
    ///
    /// # Errors
    /// Store failures.
    pub async fn explain_claim(&self) -> Result<Vec<String>> {
        let mut conn = self.conn().await?;
        let now = chrono::Utc::now();
        let claim =
            diesel::sql_query(CLAIM).bind::<Timestamptz, _>(now).bind::<Timestamptz, _>(now).bind::<BigInt, _>(64_i64);
        Explain(claim).load::<String>(&mut conn).await.map_err(unexpected)
    }
}

/// An event as a claim returns it, with its place in the write order.
#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(embed)]
    event: EventRow,
}

#[derive(Queryable, QueryableByName, Selectable)]
#[diesel(table_name = events)]
struct EventRow {
    id: String,
    type_: String,
    time: chrono::DateTime<chrono::Utc>,
    group_uid: String,
    subject: String,
    data: String,
    actor: String,
    actor_provider: String,
    request_id: String,
    transport: String,
}

/// The origin of a stored event or audit entry.
pub(crate) fn stored_origin(
    id: &str,
    actor: &str,
    provider: &str,
    request_id: &str,
    transport: &str,
) -> Result<Origin> {
    Ok(Origin {
        actor: Actor::from_stored(actor, provider)?,
        request_id: request_id.to_owned(),
        transport: Transport::parse(transport)
            .ok_or_else(|| internal(format!("stored event {id} has unknown transport {transport:?}")))?,
    })
}

impl TryFrom<EventRow> for EventRecord {
    type Error = Error;
    fn try_from(r: EventRow) -> Result<Self> {
        let uid = |field: &str, s: &str| {
            Uidp::parse(s).map_err(|e| internal(format!("stored event {} has a bad {field}: {e}", r.id)))
        };
        Ok(Self {
            id: EventId::from_stored(&r.id)?,
            event_type: EventType::parse(&r.type_)
                .ok_or_else(|| internal(format!("stored event {} has unknown type {}", r.id, r.type_)))?,
            time: Timestamp::from_datetime(r.time),
            group: uid("group", &r.group_uid)?,
            subject: uid("subject", &r.subject)?,
            origin: stored_origin(&r.id, &r.actor, &r.actor_provider, &r.request_id, &r.transport)?,
            data: r.data.clone(),
        })
    }
}

/// An `event_dead_letters` row.
#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = event_dead_letters)]
pub(crate) struct DeadLetterRow {
    id: String,
    event_id: String,
    type_: String,
    time: chrono::DateTime<chrono::Utc>,
    group_uid: String,
    subject: String,
    data: String,
    subscription_uid: String,
    sink: String,
    attempts: i32,
    reason: String,
    failed_at: chrono::DateTime<chrono::Utc>,
    actor: String,
    actor_provider: String,
    request_id: String,
    transport: String,
}

impl From<&DeadLetter> for DeadLetterRow {
    fn from(d: &DeadLetter) -> Self {
        Self {
            id: d.id.clone(),
            event_id: d.event.id.to_string(),
            type_: d.event.event_type.as_str().to_owned(),
            time: d.event.time.as_datetime(),
            group_uid: d.event.group.to_string(),
            subject: d.event.subject.to_string(),
            data: d.event.data.clone(),
            subscription_uid: d.subscription.to_string(),
            sink: d.sink.as_str().to_owned(),
            attempts: i32::try_from(d.attempts).unwrap_or(i32::MAX),
            reason: d.reason.clone(),
            failed_at: d.failed_at.as_datetime(),
            actor: d.event.origin.actor.as_text().to_owned(),
            actor_provider: d.event.origin.actor.provider().map_or("", Uidp::as_str).to_owned(),
            request_id: d.event.origin.request_id.clone(),
            transport: d.event.origin.transport.as_str().to_owned(),
        }
    }
}

impl TryFrom<DeadLetterRow> for DeadLetter {
    type Error = Error;
    fn try_from(r: DeadLetterRow) -> Result<Self> {
        let subscription = Uidp::parse(&r.subscription_uid)
            .map_err(|e| internal(format!("dead letter {} has a bad subscription uid: {e}", r.id)))?;
        let event = EventRecord::try_from(EventRow {
            id: r.event_id,
            type_: r.type_,
            time: r.time,
            group_uid: r.group_uid,
            subject: r.subject,
            data: r.data,
            actor: r.actor,
            actor_provider: r.actor_provider,
            request_id: r.request_id,
            transport: r.transport,
        })?;
        Ok(Self {
            uid: DeadLetter::uid_of(&subscription, &r.id),
            id: r.id,
            event,
            subscription,
            sink: Sink::from_stored(&r.sink),
            attempts: u32::try_from(r.attempts).unwrap_or(0),
            reason: r.reason,
            failed_at: Timestamp::from_datetime(r.failed_at),
        })
    }
}

/// Writes a store method's events into the outbox, inside the method's transaction, and wakes
/// the relays once the method is done (when it is dropped).
///
/// The wake-up is sent after the transaction, not as a `NOTIFY` inside it: PostgreSQL
/// serializes the commits of notifying transactions (a database-wide lock held through the
/// commit's WAL flush), which capped concurrent writes at one commit per flush. A wake-up
/// after a rolled-back transaction is harmless: the relay finds nothing new.
pub(crate) struct OutboxWriter {
    signal: Arc<EventSignal>,
    record: bool,
    wrote: AtomicBool,
}

impl OutboxWriter {
    pub(crate) fn new(signal: Arc<EventSignal>, record: bool) -> Self {
        Self { signal, record, wrote: AtomicBool::new(false) }
    }

    /// Inserts `record`'s audit entry and (unless the store records no events, see
    /// [`crate::PostgresConfig::record_events`]) `record` itself on `conn`, inside the
    /// caller's transaction.
    pub(crate) async fn insert(&self, conn: &mut AsyncPgConnection, record: &EventRecord) -> QueryResult<()> {
        crate::audit::insert_entry(conn, record).await?;
        if !self.record {
            return Ok(());
        }
        diesel::insert_into(events::table).values(NewEventRow::of(record)).execute(conn).await?;
        self.wrote.store(true, AtomicOrdering::Relaxed);
        Ok(())
    }

    /// Runs `write` (one `INSERT`, `UPDATE` or `DELETE` of a single resource) and inserts
    /// `record` and its audit entry in the same statement, for each row written
    /// ([`WithEvent`]): one round trip and no explicit transaction, where `BEGIN`, the write,
    /// the event and `COMMIT` took four. Returns the number of rows `write` changed; none
    /// means no event and no entry either.
    pub(crate) async fn write_with_event<W>(
        &self,
        conn: &mut AsyncPgConnection,
        write: W,
        record: &EventRecord,
    ) -> QueryResult<usize>
    where
        W: QueryFragment<Pg> + QueryId + Send,
    {
        let audit_uid = crate::audit::entry_uid(record)?;
        let written = WithEvent::new(write, record, audit_uid, self.record).execute(conn).await?;
        if written > 0 && self.record {
            self.wrote.store(true, AtomicOrdering::Relaxed);
        }
        Ok(written)
    }
}

/// `WITH written AS (<write> RETURNING 1), audited AS (INSERT INTO audit_entries (…) SELECT
/// <entry> FROM written) INSERT INTO events (…) SELECT <record> FROM written`: a write, its
/// audit entry and its event as one statement, atomic without a transaction (without the
/// events, the entry's insert is the main statement). The entry and the event exist exactly
/// when the write changed a row, and a failed write (a unique or foreign key violation)
/// fails the whole statement. PostgreSQL runs a data-modifying `WITH` to completion whether
/// or not the main statement reads it.
struct WithEvent<'a, W> {
    write: W,
    record: &'a EventRecord,
    time: chrono::DateTime<chrono::Utc>,
    audit_uid: String,
    events: bool,
}

impl<'a, W> WithEvent<'a, W> {
    fn new(write: W, record: &'a EventRecord, audit_uid: String, events: bool) -> Self {
        Self { write, record, time: record.time.as_datetime(), audit_uid, events }
    }

    /// The origin columns, in the order both inserts name them.
    fn push_origin<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let origin = &self.record.origin;
        out.push_bind_param::<Text, _>(origin.actor.as_text())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(origin.actor.provider().map_or("", Uidp::as_str))?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&origin.request_id)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(origin.transport.as_str())
    }

    fn push_audit<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "INSERT INTO audit_entries (uid, parent_uid, event_id, time, type, subject, \
             actor, actor_provider, request_id, transport, data) SELECT ",
        );
        out.push_bind_param::<Text, _>(&self.audit_uid)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.group.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.id.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Timestamptz, _>(&self.time)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.event_type.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.subject.as_str())?;
        out.push_sql(", ");
        self.push_origin(out)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&self.record.data)?;
        out.push_sql(" FROM written");
        Ok(())
    }
}

impl<W: QueryFragment<Pg>> QueryFragment<Pg> for WithEvent<'_, W> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("WITH written AS (");
        self.write.walk_ast(out.reborrow())?;
        out.push_sql(" RETURNING 1)");
        if !self.events {
            out.push_sql(" ");
            return self.push_audit(&mut out);
        }
        out.push_sql(", audited AS (");
        self.push_audit(&mut out)?;
        out.push_sql(
            ") INSERT INTO events (id, type, time, group_uid, subject, data, \
             actor, actor_provider, request_id, transport) SELECT ",
        );
        out.push_bind_param::<Text, _>(self.record.id.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.event_type.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Timestamptz, _>(&self.time)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.group.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.record.subject.as_str())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&self.record.data)?;
        out.push_sql(", ");
        self.push_origin(&mut out)?;
        out.push_sql(" FROM written");
        Ok(())
    }
}

impl<W> QueryId for WithEvent<'_, W> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Drop for OutboxWriter {
    fn drop(&mut self) {
        if AtomicBool::load(&self.wrote, AtomicOrdering::Relaxed) {
            self.signal.raise();
        }
    }
}

/// Renders `event` with `data`; a failure is the transaction's failure.
pub(crate) fn render(event: &NewEvent, data: EventData<'_>) -> std::result::Result<EventRecord, TxError> {
    event.record(data).map_err(TxError::Domain)
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = subscriptions)]
struct SubscriptionRow {
    uid: String,
    parent_uid: String,
    sink: String,
}

impl TryFrom<SubscriptionRow> for Subscription {
    type Error = Error;
    fn try_from(r: SubscriptionRow) -> Result<Self> {
        let uid = Uidp::parse(&r.uid).map_err(|e| internal(format!("stored subscription uid {}: {e}", r.uid)))?;
        Ok(Self { uid, sink: Sink::from_stored(&r.sink) })
    }
}

fn subscription_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("subscription {uid} does not exist"))
}

#[async_trait]
impl SubscriptionStore for PostgresStore {
    async fn create_subscription(&self, subscription: &Subscription, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let parent = subscription
            .uid
            .parent()
            .ok_or_else(|| Error::invalid("uid", "uid must name a resource inside a group"))?;
        let row = SubscriptionRow {
            uid: subscription.uid.to_string(),
            parent_uid: parent.to_string(),
            sink: subscription.sink.as_str().to_owned(),
        };
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Subscription(subscription))?;
            diesel::insert_into(subscriptions::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| match v {
                Violation::ForeignKey("subscriptions_parent_fkey") => Some(group_not_found(&parent)),
                Violation::Unique("subscriptions_pkey") => {
                    Some(Error::AlreadyExists(format!("subscription {} already exists", subscription.uid)))
                }
                _ => None,
            })
        })
    }

    async fn get_subscription(&self, uid: &Uidp) -> Result<Option<Subscription>> {
        let mut conn = self.conn().await?;
        subscriptions::table
            .find(uid.as_str())
            .select(SubscriptionRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Subscription::try_from)
            .transpose()
    }

    async fn list_subscriptions(&self, query: &ListQuery) -> Result<StorePage<Subscription>> {
        // Subscriptions are few per organization: read the candidates under the filter's
        // root and let the domain's reference implementation page them.
        let mut conn = self.conn().await?;
        let mut q = subscriptions::table.select(SubscriptionRow::as_select()).order(subscriptions::uid).into_boxed();
        if let Some(root) = query.filter.uidp.descendants_of.as_ref().or(query.filter.uidp.children_of.as_ref()) {
            let (lo, hi) = (format!("{root}/"), format!("{root}0"));
            q = q.filter(subscriptions::uid.ge(lo).and(subscriptions::uid.lt(hi)));
        }
        let rows = q.load(&mut conn).await.map_err(unexpected)?;
        let items = rows
            .into_iter()
            .map(Subscription::try_from)
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .filter(|s| query.visibility.allows(&s.uid) && query.filter.uidp.matches(&s.uid));
        Ok(apply_in_memory(items, query, |s: &Subscription| query.filter.uidp.matches(&s.uid)))
    }

    async fn subscriptions_in(&self, groups: &[Uidp]) -> Result<Vec<Subscription>> {
        let parents: Vec<&str> = groups.iter().map(Uidp::as_str).collect();
        let mut conn = self.conn().await?;
        subscriptions::table
            .filter(subscriptions::parent_uid.eq_any(parents))
            .order(subscriptions::uid)
            .select(SubscriptionRow::as_select())
            .load(&mut conn)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(Subscription::try_from)
            .collect()
    }

    async fn delete_subscription(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(subscriptions::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(subscription_not_found(uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }
}

#[async_trait]
impl OutboxStore for PostgresStore {
    async fn claim_events(&self, now: Timestamp, lease_until: Timestamp, limit: usize) -> Result<Vec<EventRecord>> {
        let mut conn = self.conn().await?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let (now, lease_until) = (now.as_datetime(), lease_until.as_datetime());
        // One statement, so one round trip and one commit. SKIP LOCKED: a relay never waits
        // for, nor takes, the rows another is claiming. The claimed rows are found again by
        // `id`, the primary key (`seq` is indexed for undelivered rows only).
        let mut claimed: Vec<ClaimedRow> = diesel::sql_query(CLAIM)
            .bind::<Timestamptz, _>(lease_until)
            .bind::<Timestamptz, _>(now)
            .bind::<BigInt, _>(limit)
            .load(&mut conn)
            .await
            .map_err(unexpected)?;
        // RETURNING follows no order: put the batch back in write order.
        claimed.sort_unstable_by_key(|claimed| claimed.seq);
        claimed.into_iter().map(|claimed| EventRecord::try_from(claimed.event)).collect()
    }

    async fn mark_delivered(&self, ids: &[EventId], at: Timestamp) -> Result<()> {
        let ids: Vec<&str> = ids.iter().map(EventId::as_str).collect();
        let mut conn = self.conn().await?;
        diesel::update(events::table.filter(events::id.eq_any(ids)))
            .set((
                events::delivered.eq(Some(at.as_datetime())),
                events::leased_until.eq(None::<chrono::DateTime<chrono::Utc>>),
            ))
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn renew_leases(&self, ids: &[EventId], lease_until: Timestamp) -> Result<()> {
        let ids: Vec<&str> = ids.iter().map(EventId::as_str).collect();
        let mut conn = self.conn().await?;
        diesel::update(events::table.filter(events::id.eq_any(ids)).filter(events::delivered.is_null()))
            .set(events::leased_until.eq(Some(lease_until.as_datetime())))
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn release_events(&self, ids: &[EventId]) -> Result<()> {
        let ids: Vec<&str> = ids.iter().map(EventId::as_str).collect();
        let mut conn = self.conn().await?;
        diesel::update(events::table.filter(events::id.eq_any(ids)).filter(events::delivered.is_null()))
            .set(events::leased_until.eq(None::<chrono::DateTime<chrono::Utc>>))
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn event_backlog(&self) -> Result<Backlog> {
        let mut conn = self.conn().await?;
        let (count, oldest): (i64, Option<chrono::DateTime<chrono::Utc>>) = events::table
            .filter(events::delivered.is_null())
            .select((diesel::dsl::count_star(), diesel::dsl::min(events::time)))
            .first(&mut conn)
            .await
            .map_err(unexpected)?;
        Ok(Backlog { undelivered: u64::try_from(count).unwrap_or(0), oldest: oldest.map(Timestamp::from_datetime) })
    }

    async fn prune_events(&self, before: Timestamp) -> Result<u64> {
        let mut conn = self.conn().await?;
        let n = diesel::delete(events::table.filter(events::delivered.lt(before.as_datetime())))
            .execute(&mut conn)
            .await
            .map_err(|e| query_error(e, |_| None))?;
        Ok(n as u64)
    }

    async fn record_dead_letter(&self, dead_letter: &DeadLetter) -> Result<()> {
        let row = DeadLetterRow::from(dead_letter);
        let mut conn = self.conn().await?;
        diesel::insert_into(event_dead_letters::table)
            .values(&row)
            .on_conflict(event_dead_letters::id)
            .do_update()
            .set(&row)
            .execute(&mut conn)
            .await
            .map_err(|e| query_error(e, |_| None))?;
        Ok(())
    }

    async fn list_dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>> {
        let mut conn = self.conn().await?;
        event_dead_letters::table
            .order((event_dead_letters::failed_at, event_dead_letters::id))
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select(DeadLetterRow::as_select())
            .load(&mut conn)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(DeadLetter::try_from)
            .collect()
    }

    async fn delete_dead_letter(&self, id: &str) -> Result<bool> {
        let mut conn = self.conn().await?;
        let n = diesel::delete(event_dead_letters::table.find(id)).execute(&mut conn).await.map_err(unexpected)?;
        Ok(n > 0)
    }

    async fn get_dead_letter(&self, id: &str) -> Result<Option<DeadLetter>> {
        let mut conn = self.conn().await?;
        event_dead_letters::table
            .find(id)
            .select(DeadLetterRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(DeadLetter::try_from)
            .transpose()
    }

    async fn list_dead_letter_page(&self, query: &ListQuery) -> Result<StorePage<DeadLetter>> {
        let conn = self.conn().await?;
        crate::listing::list::<DeadLetterRow, DeadLetter, _, _>(&conn, query, crate::dead_letters::dead_letter_listing)
            .await
    }

    async fn remove_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::DeadLetter(dead_letter))?;
            let deleted = diesel::delete(event_dead_letters::table.find(&dead_letter.id)).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(dead_letter_not_found(dead_letter)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn update_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()> {
        let row = DeadLetterRow::from(dead_letter);
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::DeadLetter(dead_letter))?;
            let updated =
                diesel::update(event_dead_letters::table.find(&dead_letter.id)).set(&row).execute(conn).await?;
            if updated == 0 {
                return Err(TxError::Domain(dead_letter_not_found(dead_letter)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }
}

fn dead_letter_not_found(dead_letter: &DeadLetter) -> Error {
    Error::NotFound(format!("dead letter {} does not exist", dead_letter.id))
}
