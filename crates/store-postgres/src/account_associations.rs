//! [`AccountAssociationStore`] on `account_associations`: one row per group, keyed by the
//! group's uid (the association goes with its group by `ON DELETE CASCADE`); the provider
//! sections are one `jsonb` document the domain validated.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{AccountAssociation, AccountProviders};
use grove_domain::names::{Description, DisplayName};
use grove_domain::ports::AccountAssociationStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::schema::account_associations as assoc;
use crate::store::PostgresStore;
use crate::tx::TxError;

const KIND: &str = "account association";

/// An `account_associations` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = assoc, check_for_backend(diesel::pg::Pg))]
pub(crate) struct AccountAssociationRow {
    uid: String,
    parent_uid: Option<String>,
    name: String,
    description: String,
    providers: serde_json::Value,
    create_time: DateTime<Utc>,
    update_time: DateTime<Utc>,
}

impl AccountAssociationRow {
    fn new(a: &AccountAssociation) -> Result<Self> {
        Ok(Self {
            uid: a.uid.to_string(),
            parent_uid: a.uid.parent().map(|p| p.to_string()),
            name: a.name.to_string(),
            description: a.description.to_string(),
            providers: serde_json::to_value(&a.providers)
                .map_err(|e| internal(format!("{KIND} {} cannot be serialized: {e}", a.uid)))?,
            create_time: a.create_time.as_datetime(),
            update_time: a.update_time.as_datetime(),
        })
    }
}

impl TryFrom<AccountAssociationRow> for AccountAssociation {
    type Error = Error;
    fn try_from(r: AccountAssociationRow) -> Result<Self> {
        let bad = |e: &dyn std::fmt::Display| internal(format!("stored {KIND} {} is invalid: {e}", r.uid));
        Ok(Self {
            uid: Uidp::parse(&r.uid).map_err(|e| bad(&e))?,
            name: DisplayName::from_stored("name", &r.name).map_err(|e| bad(&e))?,
            description: Description::from_stored("description", &r.description).map_err(|e| bad(&e))?,
            providers: serde_json::from_value::<AccountProviders>(r.providers.clone()).map_err(|e| bad(&e))?,
            create_time: Timestamp::from_datetime(r.create_time),
            update_time: Timestamp::from_datetime(r.update_time),
        })
    }
}

fn violation(v: Violation<'_>, a: &AccountAssociation) -> Option<Error> {
    match v {
        Violation::Unique("account_associations_pkey") => {
            Some(Error::AlreadyExists(format!("{KIND} {} already exists", a.uid)))
        }
        Violation::ForeignKey("account_associations_group_fkey") => Some(group_not_found(&a.uid)),
        _ => None,
    }
}

/// Where lists find the columns of `account_associations`.
pub(crate) struct AccountAssociationColumns;

impl ListColumns<assoc::table> for AccountAssociationColumns {
    fn uid() -> Column<assoc::table, Text> {
        Box::new(assoc::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<assoc::table> {
        // NULL = X drops a row in WHERE as false would, so the comparison may be non-null.
        Box::new(assoc::parent_uid.assume_not_null().eq(parent.to_string()))
    }

    fn at_root() -> Predicate<assoc::table> {
        Box::new(assoc::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<assoc::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(assoc::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(assoc::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(assoc::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<assoc::table>> {
        let mut own: Vec<Predicate<assoc::table>> = Vec::new();
        if let Some(name) = &filter.name {
            own.push(Box::new(assoc::name.eq(name.clone())));
        }
        if let Some(group) = &filter.group {
            own.push(Box::new(assoc::uid.eq(group.to_string())));
        }
        own
    }
}

/// The statements of an association list.
pub(crate) fn account_association_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<AccountAssociationRow>, impl CountStatement>> {
    let count = counted::<_, _, AccountAssociationColumns>(assoc::table.select(assoc::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, AccountAssociationColumns>(
        assoc::table.select(AccountAssociationRow::as_select()).into_boxed::<Pg>(),
        query,
    )?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl AccountAssociationStore for PostgresStore {
    async fn create_account_association(&self, association: &AccountAssociation, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = AccountAssociationRow::new(association)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::AccountAssociation(association))?;
            diesel::insert_into(assoc::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| violation(v, association)))
    }

    async fn get_account_association(&self, uid: &Uidp) -> Result<Option<AccountAssociation>> {
        let mut conn = self.conn().await?;
        assoc::table
            .find(uid.as_str())
            .select(AccountAssociationRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(AccountAssociation::try_from)
            .transpose()
    }

    async fn list_account_associations(&self, query: &ListQuery) -> Result<StorePage<AccountAssociation>> {
        let conn = self.conn().await?;
        list::<AccountAssociationRow, AccountAssociation, _, _>(&conn, query, account_association_listing).await
    }

    async fn update_account_association(&self, association: &AccountAssociation, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = AccountAssociationRow::new(association)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let updated = diesel::update(assoc::table.find(association.uid.as_str()))
                .set((
                    assoc::name.eq(&row.name),
                    assoc::description.eq(&row.description),
                    assoc::providers.eq(&row.providers),
                    assoc::update_time.eq(row.update_time),
                ))
                .returning(AccountAssociationRow::as_returning())
                .get_result(conn)
                .await
                .optional()?;
            let Some(stored) = updated else {
                return Err(TxError::Domain(Error::NotFound(format!("{KIND} {} does not exist", association.uid))));
            };
            // The event shows the stored association (its create time as stored).
            let stored = AccountAssociation::try_from(stored).map_err(TxError::Domain)?;
            let record = render(event, EventData::AccountAssociation(&stored))?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| violation(v, association)))
    }

    async fn delete_account_association(&self, uid: &Uidp, event: &NewEvent) -> Result<bool> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(assoc::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Ok(false);
            }
            outbox.insert(conn, &record).await?;
            Ok(true)
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }
}
