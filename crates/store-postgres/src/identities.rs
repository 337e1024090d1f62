//! [`IdentityStore`] on the `identities` table.

use async_trait::async_trait;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{Identity, Seen};
use grove_domain::ports::IdentityStore;
use grove_domain::{Error, Result, Uidp};

use crate::error::{query_error, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::rows::IdentityRow;
use crate::schema::identities;
use crate::store::PostgresStore;

fn identity_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("identity {uid} does not exist"))
}

/// What a violated constraint means when writing `identity`.
pub(crate) fn identity_violation(v: Violation<'_>, identity: &Identity, row: &IdentityRow) -> Option<Error> {
    match v {
        Violation::Unique("identities_parent_name_key") => Some(Error::AlreadyExists(format!(
            "an identity named \"{}\" already exists in group {}",
            identity.name,
            row.parent_uid.as_deref().unwrap_or_default()
        ))),
        Violation::Unique("identities_pkey") => {
            Some(Error::AlreadyExists(format!("identity {} already exists", identity.uid)))
        }
        Violation::ForeignKey("identities_parent_fkey") => {
            Some(group_not_found(&row.parent_uid.as_deref().unwrap_or_default()))
        }
        _ => None,
    }
}

/// Where lists find the columns of `identities`.
pub(crate) struct IdentityColumns;

impl ListColumns<identities::table> for IdentityColumns {
    fn uid() -> Column<identities::table, Text> {
        Box::new(identities::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<identities::table> {
        Box::new(identities::parent_uid.eq(parent.to_string()).assume_not_null())
    }

    fn at_root() -> Predicate<identities::table> {
        Box::new(identities::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<identities::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(identities::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(identities::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(identities::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<identities::table>> {
        let mut own: Vec<Predicate<identities::table>> = Vec::new();
        if let Some(name) = &filter.name {
            own.push(Box::new(identities::name.eq(name.clone())));
        }
        if let Some(kind) = filter.relationship_type {
            own.push(Box::new(identities::relationship_type.eq(kind.as_str())));
        }
        own
    }
}

/// The statements of an identity list.
pub(crate) fn identity_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<IdentityRow>, impl CountStatement>> {
    let count = counted::<_, _, IdentityColumns>(identities::table.select(identities::uid).into_boxed::<Pg>(), query);
    let (seek, page) =
        paged::<_, _, IdentityColumns>(identities::table.select(IdentityRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl IdentityStore for PostgresStore {
    async fn create_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = IdentityRow::new(identity)?;
        let record = event.record(EventData::Identity(identity))?;
        let mut conn = self.conn().await?;
        outbox
            .write_with_event(&mut conn, diesel::insert_into(identities::table).values(&row), &record)
            .await
            .map_err(|e| query_error(e, |v| identity_violation(v, identity, &row)))?;
        Ok(())
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
        list::<IdentityRow, Identity, _, _>(&conn, query, identity_listing).await
    }

    async fn update_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = IdentityRow::new(identity)?;
        let record = event.record(EventData::Identity(identity))?;
        let mut conn = self.conn().await?;
        let update = diesel::update(identities::table.find(identity.uid.as_str())).set(row.clone().changes());
        let updated = outbox
            .write_with_event(&mut conn, update, &record)
            .await
            .map_err(|e| query_error(e, |v| identity_violation(v, identity, &row)))?;
        if updated == 0 {
            return Err(identity_not_found(&identity.uid));
        }
        Ok(())
    }

    async fn record_identity_seen(&self, uid: &Uidp, seen: &Seen) -> Result<()> {
        let mut conn = self.conn().await?;
        // Only what an exchange learns, so that a concurrent edit of the identity is never undone.
        let at = identities::last_seen_time.eq(Some(seen.at.as_datetime()));
        let target = diesel::update(identities::table.find(uid.as_str()));
        let updated = match &seen.email {
            None => target.set(at).execute(&mut conn).await,
            Some(email) => {
                let (verified, unverified) = email.fields();
                target
                    .set((
                        at,
                        identities::email.eq(verified),
                        identities::email_unverified.eq(unverified),
                        identities::email_voucher.eq(email.stored_voucher().as_stored()),
                    ))
                    .execute(&mut conn)
                    .await
            }
        }
        .map_err(unexpected)?;
        if updated == 0 {
            return Err(identity_not_found(uid));
        }
        Ok(())
    }

    async fn delete_identity(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let record = event.record(EventData::Empty)?;
        let mut conn = self.conn().await?;
        // The identity's role bindings, in any group, go with it (ON DELETE CASCADE).
        let delete = diesel::delete(identities::table.find(uid.as_str()));
        let deleted = outbox.write_with_event(&mut conn, delete, &record).await.map_err(unexpected)?;
        if deleted == 0 {
            return Err(identity_not_found(uid));
        }
        Ok(())
    }
}
