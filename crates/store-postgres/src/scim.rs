//! [`ScimStore`] on `identity_provider_scim` (a row goes with its identity provider by
//! `ON DELETE CASCADE`). Writes compare the etag in the `WHERE` clause, so two concurrent
//! lifecycle calls cannot both succeed on the same state.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::builtin::owner_role_uid;
use grove_domain::events::{EventData, NewEvent};
use grove_domain::model::{ScimCredential, ScimOutcome};
use grove_domain::ports::ScimStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, unexpected};
use crate::outbox::render;
use crate::schema::{identity_provider_scim as scim, identity_providers as idps, role_bindings};
use crate::store::PostgresStore;
use crate::tx::TxError;

/// An `identity_provider_scim` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = scim, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
struct ScimRow {
    identity_provider_uid: String,
    enabled: bool,
    token_sha256: Option<String>,
    expire_time: Option<DateTime<Utc>>,
    previous_token_sha256: Option<String>,
    previous_expire_time: Option<DateTime<Utc>>,
    revoke_time: Option<DateTime<Utc>>,
    etag: String,
    update_time: DateTime<Utc>,
}

impl ScimRow {
    fn new(c: &ScimCredential) -> Self {
        Self {
            identity_provider_uid: c.identity_provider.to_string(),
            enabled: c.enabled,
            token_sha256: c.token_sha256.clone(),
            expire_time: c.expire_time.map(Timestamp::as_datetime),
            previous_token_sha256: c.previous_token_sha256.clone(),
            previous_expire_time: c.previous_expire_time.map(Timestamp::as_datetime),
            revoke_time: c.revoke_time.map(Timestamp::as_datetime),
            etag: c.etag.clone(),
            update_time: c.update_time.as_datetime(),
        }
    }
}

impl TryFrom<ScimRow> for ScimCredential {
    type Error = Error;

    fn try_from(r: ScimRow) -> Result<Self> {
        let identity_provider = Uidp::parse(&r.identity_provider_uid)
            .map_err(|e| internal(format!("stored SCIM state {} is invalid: {e}", r.identity_provider_uid)))?;
        Ok(Self {
            identity_provider,
            enabled: r.enabled,
            token_sha256: r.token_sha256,
            expire_time: r.expire_time.map(Timestamp::from_datetime),
            previous_token_sha256: r.previous_token_sha256,
            previous_expire_time: r.previous_expire_time.map(Timestamp::from_datetime),
            revoke_time: r.revoke_time.map(Timestamp::from_datetime),
            etag: r.etag,
            update_time: Timestamp::from_datetime(r.update_time),
        })
    }
}

fn etag_mismatch(uid: &Uidp) -> Error {
    Error::precondition(
        "ETAG_MISMATCH",
        format!("the SCIM state of identity provider {uid} changed; fetch it again and retry with the current etag"),
    )
}

#[async_trait]
impl ScimStore for PostgresStore {
    async fn get_scim_credential(&self, idp: &Uidp) -> Result<Option<ScimCredential>> {
        let mut conn = self.conn().await?;
        scim::table
            .find(idp.as_str())
            .select(ScimRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(ScimCredential::try_from)
            .transpose()
    }

    async fn get_scim_credentials(&self, idps: &[Uidp]) -> Result<Vec<ScimCredential>> {
        let mut conn = self.conn().await?;
        let uids: Vec<&str> = idps.iter().map(Uidp::as_str).collect();
        let rows: Vec<ScimRow> = scim::table
            .filter(scim::identity_provider_uid.eq_any(uids))
            .select(ScimRow::as_select())
            .load(&mut conn)
            .await
            .map_err(unexpected)?;
        rows.into_iter().map(ScimCredential::try_from).collect()
    }

    async fn put_scim_credential(
        &self,
        next: &ScimCredential,
        expected_etag: &str,
        outcome: &ScimOutcome,
        event: &NewEvent,
    ) -> Result<()> {
        let outbox = self.outbox();
        let row = ScimRow::new(next);
        let uid = next.identity_provider.clone();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Scim(outcome))?;
            // Holds the provider against a concurrent delete until the write commits.
            let idp: Option<String> =
                idps::table.find(uid.as_str()).select(idps::uid).for_share().first(conn).await.optional()?;
            if idp.is_none() {
                return Err(TxError::Domain(Error::NotFound(format!("identity provider {uid} does not exist"))));
            }
            let written = if expected_etag.is_empty() {
                diesel::insert_into(scim::table).values(&row).on_conflict_do_nothing().execute(conn).await?
            } else {
                diesel::update(scim::table.find(uid.as_str()).filter(scim::etag.eq(expected_etag)))
                    .set(&row)
                    .execute(conn)
                    .await?
            };
            if written == 0 {
                return Err(TxError::Domain(etag_mismatch(&uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn count_org_owner_bindings(&self, org: &Uidp) -> Result<usize> {
        let mut conn = self.conn().await?;
        let n: i64 = role_bindings::table
            .filter(role_bindings::parent_uid.eq(org.as_str()))
            .filter(role_bindings::role_uid.eq(owner_role_uid().as_str()))
            .count()
            .get_result(&mut conn)
            .await
            .map_err(unexpected)?;
        usize::try_from(n).map_err(|e| internal(format!("owner binding count {n}: {e}")))
    }
}
