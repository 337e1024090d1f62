//! [`RoleStore`] on the `roles` table (built-in roles are root-level rows seeded by a
//! migration).

use async_trait::async_trait;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::Role;
use grove_domain::ports::RoleStore;
use grove_domain::{Error, Result, Uidp};

use crate::error::{query_error, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::rows::RoleRow;
use crate::schema::roles;
use crate::store::PostgresStore;
use crate::tx::TxError;

fn role_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("role {uid} does not exist"))
}

/// Built-in roles (root-level rows) are never written: `FAILED_PRECONDITION` when `uid` is
/// one, `NOT_FOUND` for any other root-level uid, `None` for a custom role's uid.
async fn refuse_built_in(store: &PostgresStore, uid: &Uidp) -> Option<Error> {
    if !uid.is_root() {
        return None;
    }
    Some(match store.get_role(uid).await {
        Ok(Some(_)) => {
            Error::precondition("BUILT_IN_ROLE", format!("role {uid} is built in and cannot be changed or deleted"))
        }
        Ok(None) => role_not_found(uid),
        Err(e) => e,
    })
}

/// What a violated constraint means when writing `role`.
fn role_violation(v: Violation<'_>, role: &Role) -> Option<Error> {
    let parent = role.uid.parent();
    match v {
        Violation::Unique("roles_parent_name_key") => Some(Error::AlreadyExists(format!(
            "a role named \"{}\" already exists in group {}",
            role.name,
            parent.map(|p| p.to_string()).unwrap_or_default()
        ))),
        Violation::Unique("roles_root_name_key") => {
            Some(Error::AlreadyExists(format!("a root-level role named \"{}\" already exists", role.name)))
        }
        Violation::Unique("roles_pkey") => Some(Error::AlreadyExists(format!("role {} already exists", role.uid))),
        Violation::ForeignKey("roles_parent_fkey") => parent.map(|p| group_not_found(&p)),
        _ => None,
    }
}

/// Where lists find the columns of `roles`.
pub(crate) struct RoleColumns;

impl ListColumns<roles::table> for RoleColumns {
    fn uid() -> Column<roles::table, Text> {
        Box::new(roles::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<roles::table> {
        // NULL = X drops a row in WHERE as false would, so the comparison may be non-null.
        Box::new(roles::parent_uid.assume_not_null().eq(parent.to_string()))
    }

    fn at_root() -> Predicate<roles::table> {
        Box::new(roles::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<roles::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(roles::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(roles::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(roles::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<roles::table>> {
        let mut own: Vec<Predicate<roles::table>> = Vec::new();
        if let Some(name) = &filter.name {
            own.push(Box::new(roles::name.eq(name.clone())));
        }
        own
    }
}

/// The statements of a role list.
pub(crate) fn role_listing(query: &ListQuery) -> Result<Listing<impl PageStatement<RoleRow>, impl CountStatement>> {
    let count = counted::<_, _, RoleColumns>(roles::table.select(roles::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, RoleColumns>(roles::table.select(RoleRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl RoleStore for PostgresStore {
    async fn create_role(&self, role: &Role, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        if role.uid.is_root() {
            return Err(Error::invalid("uid", "a role uid must lie inside a group; built-in roles are seeded"));
        }
        let row = RoleRow::from(role);
        let record = event.record(EventData::Role(role))?;
        let mut conn = self.conn().await?;
        outbox
            .write_with_event(&mut conn, diesel::insert_into(roles::table).values(&row), &record)
            .await
            .map_err(|e| query_error(e, |v| role_violation(v, role)))?;
        Ok(())
    }

    async fn get_role(&self, uid: &Uidp) -> Result<Option<Role>> {
        let mut conn = self.conn().await?;
        roles::table
            .find(uid.as_str())
            .select(RoleRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Role::try_from)
            .transpose()
    }

    async fn list_roles(&self, query: &ListQuery) -> Result<StorePage<Role>> {
        let conn = self.conn().await?;
        list::<RoleRow, Role, _, _>(&conn, query, role_listing).await
    }

    async fn update_role(&self, role: &Role, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        if let Some(refused) = refuse_built_in(self, &role.uid).await {
            return Err(refused);
        }
        let changes = RoleRow::from(role).changes();
        let record = event.record(EventData::Role(role))?;
        let mut conn = self.conn().await?;
        let update = diesel::update(roles::table.find(role.uid.as_str())).set(&changes);
        let updated = outbox
            .write_with_event(&mut conn, update, &record)
            .await
            .map_err(|e| query_error(e, |v| role_violation(v, role)))?;
        if updated == 0 {
            return Err(role_not_found(&role.uid));
        }
        Ok(())
    }

    async fn delete_role(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        if let Some(refused) = refuse_built_in(self, uid).await {
            return Err(refused);
        }
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            // role_bindings.role_uid is ON DELETE RESTRICT: a bound role refuses to go.
            let deleted = diesel::delete(roles::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(role_not_found(uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| match v {
                Violation::ForeignKey("role_bindings_role_fkey") => {
                    Some(Error::precondition("RESOURCE_IN_USE", "cannot delete role that is bound to identities"))
                }
                Violation::ForeignKey("identity_providers_default_role_fkey") => Some(Error::precondition(
                    "RESOURCE_IN_USE",
                    "cannot delete role that is the default role of an identity provider",
                )),
                Violation::ForeignKey("external_group_role_mappings_role_fkey") => Some(Error::precondition(
                    "RESOURCE_IN_USE",
                    "cannot delete role that an external group role mapping grants",
                )),
                _ => None,
            })
        })
    }
}
