//! [`LoginStore`] on `identities`, `role_bindings` and `refresh_tokens`: a person's login in
//! one transaction, and single-use refresh tokens rotated under a row lock.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::EventData;
use grove_domain::model::Identity;
use grove_domain::ports::{LoginStore, PersonLogin, RefreshTokenRecord, Rotation};
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::Violation;
use crate::identities::identity_violation;
use crate::outbox::render;
use crate::role_bindings::{binding_violation, emit_hydrated};
use crate::rows::{IdentityRow, RoleBindingRow};
use crate::schema::{identities, refresh_tokens, role_bindings};
use crate::store::PostgresStore;
use crate::tx::TxError;

/// A `refresh_tokens` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = refresh_tokens, check_for_backend(diesel::pg::Pg))]
struct RefreshRow {
    token_hash: String,
    family: String,
    identity_uid: String,
    provider: String,
    create_time: DateTime<Utc>,
    expire_time: DateTime<Utc>,
    used_time: Option<DateTime<Utc>>,
}

impl RefreshRow {
    fn new(r: &RefreshTokenRecord) -> Self {
        Self {
            token_hash: r.hash.clone(),
            family: r.family.clone(),
            identity_uid: r.identity.to_string(),
            provider: r.provider.as_ref().map(ToString::to_string).unwrap_or_default(),
            create_time: r.create_time.as_datetime(),
            expire_time: r.expire_time.as_datetime(),
            used_time: None,
        }
    }
}

fn stored_uid(s: &str) -> std::result::Result<Uidp, TxError> {
    Uidp::parse(s).map_err(|_| TxError::Domain(Error::internal(format!("refresh_tokens holds a malformed uid {s:?}"))))
}

#[async_trait]
impl LoginStore for PostgresStore {
    async fn record_person_login(&self, login: &PersonLogin) -> Result<(Identity, bool)> {
        let outbox = self.outbox();
        let row = IdentityRow::new(&login.identity)?;
        let binding_row = login.binding.as_ref().map(|(b, _)| RoleBindingRow::new(b)).transpose()?;
        let refresh = RefreshRow::new(&login.refresh);
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction(async |conn| {
                let inserted = diesel::insert_into(identities::table)
                    .values(&row)
                    .on_conflict(identities::uid)
                    .do_nothing()
                    .execute(conn)
                    .await?;
                let created = inserted == 1;
                if created {
                    let record = render(&login.created, EventData::Identity(&login.identity))?;
                    outbox.insert(conn, &record).await?;
                    if let (Some((binding, event)), Some(binding_row)) = (&login.binding, &binding_row) {
                        diesel::insert_into(role_bindings::table).values(binding_row).execute(conn).await?;
                        emit_hydrated(conn, &outbox, binding, event).await?;
                    }
                } else {
                    let existing: IdentityRow = identities::table
                        .find(login.identity.uid.as_str())
                        .select(IdentityRow::as_select())
                        .for_update()
                        .first(conn)
                        .await?;
                    let existing = Identity::try_from(existing).map_err(TxError::Domain)?;
                    if existing.is_changed_by(&login.seen) {
                        let at = identities::last_seen_time.eq(Some(login.seen.at.as_datetime()));
                        let target = diesel::update(identities::table.find(login.identity.uid.as_str()));
                        match &login.seen.email {
                            None => target.set(at).execute(conn).await?,
                            Some(email) => {
                                let (verified, unverified) = email.fields();
                                target
                                    .set((
                                        at,
                                        identities::email.eq(verified),
                                        identities::email_unverified.eq(unverified),
                                    ))
                                    .execute(conn)
                                    .await?
                            }
                        };
                    }
                }
                diesel::insert_into(refresh_tokens::table).values(&refresh).execute(conn).await?;
                let stored: IdentityRow = identities::table
                    .find(login.identity.uid.as_str())
                    .select(IdentityRow::as_select())
                    .first(conn)
                    .await?;
                Ok((Identity::try_from(stored).map_err(TxError::Domain)?, created))
            })
            .await;
        outcome.map_err(|e: TxError| {
            e.into_error(|v| match (v, &login.binding) {
                (Violation::ForeignKey(name), Some((binding, _))) if name.starts_with("role_bindings_") => {
                    binding_violation(v, binding)
                        .or_else(|| Some(Error::NotFound(format!("the binding's group or role ({name}) is gone"))))
                }
                _ => identity_violation(v, &login.identity, &row),
            })
        })
    }

    async fn rotate_refresh_token(&self, hash: &str, next: &RefreshTokenRecord, now: Timestamp) -> Result<Rotation> {
        let mut conn = self.conn().await?;
        let now_dt = now.as_datetime();
        let next = next.clone();
        conn.transaction(async |conn| {
            let found: Option<RefreshRow> = refresh_tokens::table
                .find(hash)
                .select(RefreshRow::as_select())
                .for_update()
                .first(conn)
                .await
                .optional()?;
            let Some(found) = found else { return Ok(Rotation::Unknown) };
            if found.used_time.is_some() {
                diesel::delete(refresh_tokens::table.filter(refresh_tokens::family.eq(&found.family)))
                    .execute(conn)
                    .await?;
                return Ok(Rotation::Reused);
            }
            if now_dt >= found.expire_time {
                diesel::delete(refresh_tokens::table.find(hash)).execute(conn).await?;
                return Ok(Rotation::Expired);
            }
            diesel::update(refresh_tokens::table.find(hash))
                .set(refresh_tokens::used_time.eq(Some(now_dt)))
                .execute(conn)
                .await?;
            let identity = stored_uid(&found.identity_uid)?;
            let provider = if found.provider.is_empty() { None } else { Some(stored_uid(&found.provider)?) };
            let successor = RefreshTokenRecord {
                family: found.family.clone(),
                identity: identity.clone(),
                provider: provider.clone(),
                ..next
            };
            diesel::insert_into(refresh_tokens::table).values(RefreshRow::new(&successor)).execute(conn).await?;
            Ok(Rotation::Rotated { identity, provider })
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }
}
