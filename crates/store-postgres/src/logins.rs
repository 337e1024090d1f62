//! [`LoginStore`] on `identities`, `role_bindings` and `refresh_tokens`: a person's login in
//! one transaction, and single-use refresh tokens rotated under a row lock.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::EventData;
use grove_domain::model::Identity;
use grove_domain::ports::{LoginProvider, LoginStore, PersonLogin, RefreshTokenRecord, Rotation};
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::Violation;
use crate::identities::identity_violation;
use crate::outbox::render;
use crate::role_bindings::{binding_violation, emit_hydrated};
use crate::rows::{IdentityRow, RoleBindingRow};
use crate::schema::{
    identities, identity_providers, organization_members, refresh_tokens, role_bindings, used_authorization_codes,
};
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
    provider_issuer: String,
    provider_client_id: String,
}

impl RefreshRow {
    fn new(r: &RefreshTokenRecord) -> Self {
        Self {
            token_hash: r.hash.clone(),
            family: r.family.clone(),
            identity_uid: r.identity.to_string(),
            provider: r.provider.as_ref().map(|p| p.uid.to_string()).unwrap_or_default(),
            create_time: r.create_time.as_datetime(),
            expire_time: r.expire_time.as_datetime(),
            used_time: None,
            provider_issuer: r.provider.as_ref().map(|p| p.issuer.clone()).unwrap_or_default(),
            provider_client_id: r.provider.as_ref().map(|p| p.client_id.clone()).unwrap_or_default(),
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
                if let Some(organization) = &login.joins {
                    join_organization(conn, organization, &login.identity.uid, login.seen.at).await?;
                }
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
                                        identities::email_voucher.eq(email.stored_voucher().as_stored()),
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
                (Violation::ForeignKey(name), _) if name.starts_with("organization_members_") => {
                    Some(Error::NotFound(format!("the login provider's organization ({name}) is gone")))
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
                revoke_family(conn, &found.family).await?;
                return Ok(Rotation::Reused);
            }
            let provider = if found.provider.is_empty() {
                None
            } else {
                let current: Option<(String, String)> = identity_providers::table
                    .find(&found.provider)
                    .select((identity_providers::issuer, identity_providers::client_id))
                    .for_share()
                    .first(conn)
                    .await
                    .optional()?;
                if current.as_ref().is_none_or(|(issuer, client_id)| {
                    *issuer != found.provider_issuer || *client_id != found.provider_client_id
                }) {
                    revoke_family(conn, &found.family).await?;
                    return Ok(Rotation::ProviderChanged);
                }
                Some(LoginProvider {
                    uid: stored_uid(&found.provider)?,
                    issuer: found.provider_issuer.clone(),
                    client_id: found.provider_client_id.clone(),
                })
            };
            if now_dt >= found.expire_time {
                diesel::delete(refresh_tokens::table.find(hash)).execute(conn).await?;
                return Ok(Rotation::Expired);
            }
            diesel::update(refresh_tokens::table.find(hash))
                .set(refresh_tokens::used_time.eq(Some(now_dt)))
                .execute(conn)
                .await?;
            let identity = stored_uid(&found.identity_uid)?;
            let successor = RefreshTokenRecord {
                family: found.family.clone(),
                identity: identity.clone(),
                provider: provider.clone(),
                ..next
            };
            diesel::insert_into(refresh_tokens::table).values(RefreshRow::new(&successor)).execute(conn).await?;
            Ok(Rotation::Rotated { identity, provider: provider.map(|p| p.uid) })
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn revoke_refresh_token(&self, hash: &str) -> Result<bool> {
        let mut conn = self.conn().await?;
        let family: Option<String> = refresh_tokens::table
            .find(hash)
            .select(refresh_tokens::family)
            .first(&mut conn)
            .await
            .optional()
            .map_err(crate::error::unexpected)?;
        let Some(family) = family else { return Ok(false) };
        revoke_family(&mut conn, &family).await.map_err(crate::error::unexpected)?;
        Ok(true)
    }

    async fn use_authorization_code(&self, hash: &str, expire_time: Timestamp, now: Timestamp) -> Result<bool> {
        let mut conn = self.conn().await?;
        // Forgetting expired codes first keeps the table as small as the codes live; an
        // expired code is refused before it gets here.
        diesel::delete(
            used_authorization_codes::table.filter(used_authorization_codes::expire_time.lt(now.as_datetime())),
        )
        .execute(&mut conn)
        .await
        .map_err(crate::error::unexpected)?;
        let inserted = diesel::insert_into(used_authorization_codes::table)
            .values((
                used_authorization_codes::code_hash.eq(hash),
                used_authorization_codes::expire_time.eq(expire_time.as_datetime()),
            ))
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .await
            .map_err(crate::error::unexpected)?;
        Ok(inserted == 1)
    }
}

/// Records that `identity` joined `organization` at `at` (once; a later join keeps the first time).
pub(crate) async fn join_organization(
    conn: &mut diesel_async::AsyncPgConnection,
    organization: &Uidp,
    identity: &Uidp,
    at: Timestamp,
) -> QueryResult<usize> {
    diesel::insert_into(organization_members::table)
        .values((
            organization_members::organization_uid.eq(organization.as_str()),
            organization_members::identity_uid.eq(identity.as_str()),
            organization_members::create_time.eq(at.as_datetime()),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
}

/// Deletes every refresh token of `family`.
async fn revoke_family(conn: &mut diesel_async::AsyncPgConnection, family: &str) -> QueryResult<usize> {
    diesel::delete(refresh_tokens::table.filter(refresh_tokens::family.eq(family))).execute(conn).await
}
