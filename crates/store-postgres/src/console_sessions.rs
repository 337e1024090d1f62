//! [`ConsoleSessionStore`] on `console_sessions` and `console_logins`: a request's session
//! is read by its key; when it must be marked seen or its message taken, that is one more
//! statement that locks the row between its read and its write; the cap on sessions is kept
//! in the transaction that adds one.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamptz};
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::ports::{
    ConsoleSessionChange, ConsoleSessionRecord, ConsoleSessionStore, PendingConsoleLogin, StoredFlash,
};
use grove_domain::secrets::SealedSecret;
use grove_domain::{Result, Timestamp, Uidp};

use crate::error::{internal, unexpected};
use crate::schema::{console_logins, console_sessions};
use crate::store::PostgresStore;

/// A `console_sessions` row.
#[derive(Debug, Clone, Queryable, QueryableByName, Selectable, Insertable)]
#[diesel(table_name = console_sessions, check_for_backend(diesel::pg::Pg))]
struct SessionRow {
    id_hash: String,
    identity_uid: String,
    token: String,
    token_expiry: DateTime<Utc>,
    refresh_token: Option<String>,
    csrf: String,
    create_time: DateTime<Utc>,
    last_seen: DateTime<Utc>,
    flash_error: Option<bool>,
    flash_text: Option<String>,
    flash_invite_code: Option<String>,
    display: Option<String>,
}

impl SessionRow {
    fn new(s: &ConsoleSessionRecord) -> Self {
        Self {
            id_hash: s.id_hash.clone(),
            identity_uid: s.identity.to_string(),
            token: s.token.as_stored().to_owned(),
            token_expiry: s.token_expiry.as_datetime(),
            refresh_token: s.refresh_token.as_ref().map(|r| r.as_stored().to_owned()),
            csrf: s.csrf.clone(),
            create_time: s.create_time.as_datetime(),
            last_seen: s.last_seen.as_datetime(),
            flash_error: s.flash.as_ref().map(|f| f.error),
            flash_text: s.flash.as_ref().map(|f| f.text.clone()),
            flash_invite_code: s.flash.as_ref().and_then(|f| f.invite_code.as_ref()).map(|c| c.as_stored().to_owned()),
            display: s.display.clone(),
        }
    }
}

impl TryFrom<SessionRow> for ConsoleSessionRecord {
    type Error = grove_domain::Error;
    fn try_from(r: SessionRow) -> Result<Self> {
        let identity = Uidp::parse(&r.identity_uid)
            .map_err(|_| internal(format!("console_sessions holds a malformed uid {:?}", r.identity_uid)))?;
        let flash = r.flash_text.map(|text| StoredFlash {
            error: r.flash_error.unwrap_or(false),
            text,
            invite_code: r.flash_invite_code.map(SealedSecret::from_stored),
        });
        Ok(Self {
            id_hash: r.id_hash,
            identity,
            token: SealedSecret::from_stored(r.token),
            token_expiry: Timestamp::from_datetime(r.token_expiry),
            refresh_token: r.refresh_token.map(SealedSecret::from_stored),
            csrf: r.csrf,
            create_time: Timestamp::from_datetime(r.create_time),
            last_seen: Timestamp::from_datetime(r.last_seen),
            flash,
            display: r.display,
        })
    }
}

/// Marks a live session seen and takes its message, answering the message as it was: one
/// statement, the row locked between its read and its write.
const TOUCH: &str = "WITH old AS (
    SELECT id_hash, flash_error, flash_text, flash_invite_code FROM console_sessions
    WHERE id_hash = $1 AND last_seen >= $3 FOR UPDATE
)
UPDATE console_sessions s SET last_seen = $2, flash_error = NULL, flash_text = NULL, flash_invite_code = NULL
FROM old WHERE s.id_hash = old.id_hash
RETURNING s.id_hash, s.identity_uid, s.token, s.token_expiry, s.refresh_token, s.csrf, s.create_time, s.last_seen,
    old.flash_error, old.flash_text, old.flash_invite_code, s.display";

#[async_trait]
impl ConsoleSessionStore for PostgresStore {
    async fn create_console_session(&self, session: &ConsoleSessionRecord, max: usize) -> Result<()> {
        let row = SessionRow::new(session);
        let max = i64::try_from(max.max(1)).unwrap_or(i64::MAX);
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let count: i64 = console_sessions::table.count().get_result(conn).await?;
            if count >= max {
                let oldest: Vec<String> = console_sessions::table
                    .select(console_sessions::id_hash)
                    .order((console_sessions::last_seen.asc(), console_sessions::id_hash.asc()))
                    .limit(count - max + 1)
                    .load(conn)
                    .await?;
                diesel::delete(console_sessions::table.filter(console_sessions::id_hash.eq_any(oldest)))
                    .execute(conn)
                    .await?;
            }
            diesel::insert_into(console_sessions::table).values(&row).execute(conn).await?;
            Ok::<_, diesel::result::Error>(())
        })
        .await
        .map_err(unexpected)
    }

    async fn touch_console_session(
        &self,
        id_hash: &str,
        now: Timestamp,
        idle_since: Timestamp,
        write_before: Timestamp,
    ) -> Result<Option<ConsoleSessionRecord>> {
        let mut conn = self.conn().await?;
        let found: Option<SessionRow> = console_sessions::table
            .find(id_hash)
            .select(SessionRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        let Some(found) = found else { return Ok(None) };
        if found.last_seen < idle_since.as_datetime() {
            diesel::delete(
                console_sessions::table
                    .filter(console_sessions::id_hash.eq(id_hash))
                    .filter(console_sessions::last_seen.lt(idle_since.as_datetime())),
            )
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
            return Ok(None);
        }
        if found.last_seen >= write_before.as_datetime() && found.flash_text.is_none() {
            return Ok(Some(found.try_into()?));
        }
        // The message is taken from what the locked update saw, not from the read above: of
        // two requests racing, one shows it.
        let touched: Option<SessionRow> = diesel::sql_query(TOUCH)
            .bind::<Text, _>(id_hash)
            .bind::<Timestamptz, _>(now.as_datetime())
            .bind::<Timestamptz, _>(idle_since.as_datetime())
            .get_result(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        touched.map(ConsoleSessionRecord::try_from).transpose()
    }

    async fn change_console_session(&self, id_hash: &str, change: &ConsoleSessionChange) -> Result<bool> {
        let mut conn = self.conn().await?;
        let target = diesel::update(console_sessions::table.find(id_hash));
        let changed = match change {
            ConsoleSessionChange::Renew { token, token_expiry, refresh_token } => {
                target
                    .set((
                        console_sessions::token.eq(token.as_stored()),
                        console_sessions::token_expiry.eq(token_expiry.as_datetime()),
                        console_sessions::refresh_token.eq(refresh_token.as_ref().map(SealedSecret::as_stored)),
                    ))
                    .execute(&mut conn)
                    .await
            }
            ConsoleSessionChange::Flash(flash) => {
                target
                    .set((
                        console_sessions::flash_error.eq(Some(flash.error)),
                        console_sessions::flash_text.eq(Some(flash.text.as_str())),
                        console_sessions::flash_invite_code.eq(flash.invite_code.as_ref().map(SealedSecret::as_stored)),
                    ))
                    .execute(&mut conn)
                    .await
            }
            ConsoleSessionChange::Display(display) => {
                target.set(console_sessions::display.eq(Some(display.as_str()))).execute(&mut conn).await
            }
        }
        .map_err(unexpected)?;
        Ok(changed == 1)
    }

    async fn delete_console_session(&self, id_hash: &str) -> Result<Option<ConsoleSessionRecord>> {
        let mut conn = self.conn().await?;
        let deleted: Option<SessionRow> = diesel::delete(console_sessions::table.find(id_hash))
            .returning(SessionRow::as_returning())
            .get_result(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        deleted.map(ConsoleSessionRecord::try_from).transpose()
    }

    async fn create_pending_console_login(&self, login: &PendingConsoleLogin, max: usize) -> Result<bool> {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        let mut conn = self.conn().await?;
        let under_way: i64 = console_logins::table.count().get_result(&mut conn).await.map_err(unexpected)?;
        if under_way >= max {
            return Ok(false);
        }
        let inserted = diesel::insert_into(console_logins::table)
            .values((
                console_logins::id_hash.eq(&login.id_hash),
                console_logins::verifier.eq(login.verifier.as_stored()),
                console_logins::started.eq(login.started.as_datetime()),
            ))
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
        Ok(inserted == 1)
    }

    async fn take_pending_console_login(&self, id_hash: &str) -> Result<Option<PendingConsoleLogin>> {
        let mut conn = self.conn().await?;
        let taken: Option<(String, String, DateTime<Utc>)> = diesel::delete(console_logins::table.find(id_hash))
            .returning((console_logins::id_hash, console_logins::verifier, console_logins::started))
            .get_result(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        Ok(taken.map(|(id_hash, verifier, started)| PendingConsoleLogin {
            id_hash,
            verifier: SealedSecret::from_stored(verifier),
            started: Timestamp::from_datetime(started),
        }))
    }

    async fn prune_console_sessions(&self, idle_since: Timestamp, logins_since: Timestamp) -> Result<u64> {
        let mut conn = self.conn().await?;
        let sessions =
            diesel::delete(console_sessions::table.filter(console_sessions::last_seen.lt(idle_since.as_datetime())))
                .execute(&mut conn)
                .await
                .map_err(unexpected)?;
        let logins =
            diesel::delete(console_logins::table.filter(console_logins::started.lt(logins_since.as_datetime())))
                .execute(&mut conn)
                .await
                .map_err(unexpected)?;
        Ok(u64::try_from(sessions + logins).unwrap_or(u64::MAX))
    }
}
