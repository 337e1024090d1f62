//! [`IdentityStore`] on the `identities` table.

use async_trait::async_trait;
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListQuery, StorePage};
use grove_domain::model::Identity;
use grove_domain::ports::IdentityStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{list_resource, run_listing};
use crate::outbox::{insert_event, render};
use crate::rows::IdentityRow;
use crate::schema::identities;
use crate::store::PostgresStore;
use crate::tx::TxError;

fn identity_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("identity {uid} does not exist"))
}

/// What a violated constraint means when writing `identity`.
pub(crate) fn identity_violation(v: Violation<'_>, identity: &Identity, row: &IdentityRow) -> Option<Error> {
    match v {
        Violation::Unique("identities_parent_name_key") => Some(Error::AlreadyExists(format!(
            "an identity named \"{}\" already exists in group {}",
            identity.name, row.parent_uid
        ))),
        Violation::Unique("identities_pkey") => {
            Some(Error::AlreadyExists(format!("identity {} already exists", identity.uid)))
        }
        Violation::ForeignKey("identities_parent_fkey") => Some(group_not_found(&row.parent_uid)),
        _ => None,
    }
}

#[async_trait]
impl IdentityStore for PostgresStore {
    async fn create_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()> {
        let row = IdentityRow::new(identity)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Identity(identity))?;
            diesel::insert_into(identities::table).values(&row).execute(conn).await?;
            insert_event(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| identity_violation(v, identity, &row)))
    }

    async fn get_identity(&self, uid: &Uidp) -> Result<Option<Identity>> {
        let mut conn = self.conn().await?;
        identities::table
            .find(uid.as_str())
            .select(IdentityRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Identity::try_from)
            .transpose()
    }

    async fn list_identities(&self, query: &ListQuery) -> Result<StorePage<Identity>> {
        let conn = self.conn().await?;
        run_listing!(list_resource!(&conn, identities, IdentityRow, query), IdentityRow, Identity)
    }

    async fn update_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()> {
        let row = IdentityRow::new(identity)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Identity(identity))?;
            let updated = diesel::update(identities::table.find(identity.uid.as_str()))
                .set(row.clone().changes())
                .execute(conn)
                .await?;
            if updated == 0 {
                return Err(TxError::Domain(identity_not_found(&identity.uid)));
            }
            insert_event(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| identity_violation(v, identity, &row)))
    }

    async fn record_identity_seen(&self, uid: &Uidp, at: Timestamp) -> Result<()> {
        let mut conn = self.conn().await?;
        // One column only, so that a concurrent edit of the identity is never undone.
        let updated = diesel::update(identities::table.find(uid.as_str()))
            .set(identities::last_seen_time.eq(Some(at.as_datetime())))
            .execute(&mut conn)
            .await
            .map_err(unexpected)?;
        if updated == 0 {
            return Err(identity_not_found(uid));
        }
        Ok(())
    }

    async fn delete_identity(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            // The identity's role bindings, in any group, go with it (ON DELETE CASCADE).
            let deleted = diesel::delete(identities::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(identity_not_found(uid)));
            }
            insert_event(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }
}
