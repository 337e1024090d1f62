//! [`RoleBindingStore`] on `role_bindings`, hydrated by one join with identities, groups and
//! roles.

use async_trait::async_trait;
use diesel::dsl::exists;
use diesel::expression::BoxableExpression;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamptz};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use grove_domain::authz::Grant;
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{RoleBinding, RoleBindingView};
use grove_domain::ports::RoleBindingStore;
use grove_domain::{Error, Result, Uidp};

use crate::error::{is_foreign_key_violation, query_error, unexpected, Violation};
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::{render, OutboxWriter};
use crate::rows::{capabilities_from, RoleBindingRow, RoleBindingViewRow};
use crate::schema::{groups, identities, role_bindings, roles, scim_users};
use crate::store::PostgresStore;
use crate::tx::TxError;

/// What a violated constraint means when writing `binding`.
pub(crate) fn binding_violation(v: Violation<'_>, binding: &RoleBinding) -> Option<Error> {
    let group = binding.group_uid();
    match v {
        Violation::Unique("role_bindings_parent_identity_role_key") => Some(Error::AlreadyExists(format!(
            "identity {} already holds role {} in group {group}",
            binding.identity_uid, binding.role_uid
        ))),
        Violation::Unique("role_bindings_pkey") => {
            Some(Error::AlreadyExists(format!("role binding {} already exists", binding.uid)))
        }
        Violation::ForeignKey("role_bindings_parent_fkey") => {
            Some(Error::NotFound(format!("group {group} does not exist")))
        }
        Violation::ForeignKey("role_bindings_identity_fkey") => {
            Some(Error::NotFound(format!("identity {} does not exist", binding.identity_uid)))
        }
        Violation::ForeignKey("role_bindings_role_fkey") => {
            Some(Error::NotFound(format!("role {} does not exist", binding.role_uid)))
        }
        _ => None,
    }
}

/// The error of a failed binding write. A foreign-key violation is answered by looking the
/// references up in a fixed order (the group when `check_group`, then the identity, then the
/// role), because which of several violated keys Postgres reports first is not specified.
pub(crate) async fn binding_write_error(
    conn: &mut AsyncPgConnection,
    err: diesel::result::Error,
    binding: &RoleBinding,
    check_group: bool,
) -> Error {
    if is_foreign_key_violation(&err) {
        let group = binding.group_uid();
        let found = diesel::select((
            exists(groups::table.find(group.as_str())),
            exists(identities::table.find(binding.identity_uid.as_str())),
            exists(roles::table.find(binding.role_uid.as_str())),
        ))
        .get_result::<(bool, bool, bool)>(conn)
        .await;
        match found {
            Ok((false, _, _)) if check_group => return Error::NotFound(format!("group {group} does not exist")),
            Ok((_, false, _)) => return Error::NotFound(format!("identity {} does not exist", binding.identity_uid)),
            Ok((_, _, false)) => return Error::NotFound(format!("role {} does not exist", binding.role_uid)),
            Ok(_) => {}
            Err(e) => return unexpected(e),
        }
    }
    query_error(err, |v| binding_violation(v, binding))
}

/// The bindings joined with their identity, group and role.
macro_rules! view_source {
    () => {
        role_bindings::table
            .inner_join(identities::table.on(identities::uid.eq(role_bindings::identity_uid)))
            .inner_join(groups::table.on(groups::uid.eq(role_bindings::parent_uid)))
            .inner_join(roles::table.on(roles::uid.eq(role_bindings::role_uid)))
    };
}

/// The columns of [`RoleBindingViewRow`], in its field order.
macro_rules! view_columns {
    () => {
        (
            role_bindings::uid,
            role_bindings::create_time,
            identities::uid,
            identities::name,
            identities::description,
            identities::subject,
            identities::issuer,
            identities::email,
            diesel::dsl::sql::<diesel::sql_types::Bool>(
                "(identities.parent_uid IS NOT NULL OR EXISTS (SELECT 1 FROM organization_members m \
                 WHERE m.identity_uid = identities.uid \
                 AND m.organization_uid = split_part(role_bindings.uid, '/', 1)))",
            ),
            groups::uid,
            groups::name,
            groups::description,
            roles::uid,
            roles::name,
            roles::description,
        )
    };
}

/// Where lists find the columns of `role_bindings`, in the table alone (the count) and in
/// the join with identities, groups and roles (the page).
pub(crate) struct BindingColumns;

impl<QS: 'static> ListColumns<QS> for BindingColumns
where
    role_bindings::uid: BoxableExpression<QS, Pg, SqlType = Text>,
    role_bindings::parent_uid: BoxableExpression<QS, Pg, SqlType = Text>,
    role_bindings::identity_uid: BoxableExpression<QS, Pg, SqlType = Text>,
    role_bindings::role_uid: BoxableExpression<QS, Pg, SqlType = Text>,
    role_bindings::create_time: BoxableExpression<QS, Pg, SqlType = Timestamptz>,
{
    fn uid() -> Column<QS, Text> {
        Box::new(role_bindings::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<QS> {
        Box::new(role_bindings::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<QS> {
        Box::new(role_bindings::parent_uid.is_null())
    }

    /// Bindings have no name and no update time: `name` orders by uid, `update_time` by
    /// the create time.
    fn sort_column(field: SortField) -> SortColumn<QS> {
        match field {
            SortField::Uid | SortField::Name => SortColumn::Uid,
            SortField::CreateTime | SortField::UpdateTime => SortColumn::Time(Box::new(role_bindings::create_time)),
        }
    }

    /// `identity`, `group` (the binding's parent) and `role`; `name` never applies.
    fn own_filters(filter: &ListFilter) -> Vec<Predicate<QS>> {
        let mut own: Vec<Predicate<QS>> = Vec::new();
        if let Some(identity) = &filter.identity {
            own.push(Box::new(role_bindings::identity_uid.eq(identity.to_string())));
        }
        if let Some(group) = &filter.group {
            own.push(Box::new(role_bindings::parent_uid.eq(group.to_string())));
        }
        if let Some(role) = &filter.role {
            own.push(Box::new(role_bindings::role_uid.eq(role.to_string())));
        }
        own
    }
}

/// Writes `event` for `binding` as just written, hydrated like the RPC answers it.
pub(crate) async fn emit_hydrated(
    conn: &mut AsyncPgConnection,
    outbox: &OutboxWriter,
    binding: &RoleBinding,
    event: &NewEvent,
) -> std::result::Result<(), TxError> {
    let row = view_source!()
        .filter(role_bindings::uid.eq(binding.uid.as_str()))
        .select(view_columns!())
        .first::<RoleBindingViewRow>(conn)
        .await?;
    let view = RoleBindingView::try_from(row).map_err(TxError::Domain)?;
    let record = render(event, EventData::RoleBinding(&view))?;
    outbox.insert(conn, &record).await?;
    Ok(())
}

/// The statements of a binding list: the hydrated page by one join, and the count over
/// `role_bindings` alone (the foreign keys make the join drop no binding).
pub(crate) fn binding_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<RoleBindingViewRow>, impl CountStatement>> {
    let count =
        counted::<_, _, BindingColumns>(role_bindings::table.select(role_bindings::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, BindingColumns>(view_source!().select(view_columns!()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl RoleBindingStore for PostgresStore {
    async fn create_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()> {
        self.create_role_bindings(&[(binding.clone(), event.clone())]).await
    }

    async fn create_role_bindings(&self, batch: &[(RoleBinding, NewEvent)]) -> Result<()> {
        let rows = batch.iter().map(|(b, _)| RoleBindingRow::new(b)).collect::<Result<Vec<_>>>()?;
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        // Which binding the transaction was writing when it failed, to name it in the error.
        let failed_at = std::sync::atomic::AtomicUsize::new(0);
        let written = conn
            .transaction(async |conn| {
                for (i, (row, (binding, event))) in rows.iter().zip(batch).enumerate() {
                    failed_at.store(i, std::sync::atomic::Ordering::Relaxed);
                    diesel::insert_into(role_bindings::table).values(row).execute(conn).await?;
                    emit_hydrated(conn, &outbox, binding, event).await?;
                }
                Ok(())
            })
            .await;
        match written {
            Ok(()) => Ok(()),
            Err(TxError::Db(e)) => Err(binding_write_error(&mut conn, e, &batch[failed_at.into_inner()].0, true).await),
            Err(TxError::Domain(e)) => Err(e),
        }
    }

    async fn get_role_binding(&self, uid: &Uidp) -> Result<Option<RoleBindingView>> {
        let mut conn = self.conn().await?;
        view_source!()
            .filter(role_bindings::uid.eq(uid.as_str()))
            .select(view_columns!())
            .first::<RoleBindingViewRow>(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(RoleBindingView::try_from)
            .transpose()
    }

    async fn list_role_bindings(&self, query: &ListQuery) -> Result<StorePage<RoleBindingView>> {
        let conn = self.conn().await?;
        list::<RoleBindingViewRow, RoleBindingView, _, _>(&conn, query, binding_listing).await
    }

    async fn update_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        let written = conn
            .transaction(async |conn| {
                let updated = diesel::update(role_bindings::table.find(binding.uid.as_str()))
                    .set((
                        role_bindings::identity_uid.eq(binding.identity_uid.as_str()),
                        role_bindings::role_uid.eq(binding.role_uid.as_str()),
                    ))
                    .execute(conn)
                    .await?;
                if updated == 0 {
                    return Err(TxError::Domain(Error::NotFound(format!(
                        "role binding {} does not exist",
                        binding.uid
                    ))));
                }
                emit_hydrated(conn, &outbox, binding, event).await
            })
            .await;
        match written {
            Ok(()) => Ok(()),
            Err(TxError::Db(e)) => Err(binding_write_error(&mut conn, e, binding, false).await),
            Err(TxError::Domain(e)) => Err(e),
        }
    }

    async fn delete_role_binding(&self, uid: &Uidp, event: &NewEvent) -> Result<bool> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(role_bindings::table.find(uid.as_str())).execute(conn).await?;
            // A binding that was already gone is no change: no event.
            if deleted > 0 {
                outbox.insert(conn, &record).await?;
            }
            Ok(deleted > 0)
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn grants_of(&self, identity: &Uidp) -> Result<Option<Vec<Grant>>> {
        let mut conn = self.conn().await?;
        // One round trip: a row per binding of the identity (with its role), one row of
        // NULLs for an identity without bindings, and no row for an identity that does not
        // exist.
        let rows = identities::table
            .left_join(role_bindings::table.on(role_bindings::identity_uid.eq(identities::uid)))
            .left_join(roles::table.on(roles::uid.eq(role_bindings::role_uid)))
            .filter(identities::uid.eq(identity.as_str()))
            // A person whose provider deactivated its SCIM user has no grants, as if absent.
            .filter(diesel::dsl::not(diesel::dsl::exists(
                scim_users::table
                    .filter(scim_users::identity_uid.eq(identity.as_str()))
                    .filter(scim_users::active.eq(false)),
            )))
            .order_by(role_bindings::uid.asc())
            .select((role_bindings::parent_uid.nullable(), roles::uid.nullable(), roles::capabilities.nullable()))
            .load::<(Option<String>, Option<String>, Option<Vec<Option<i32>>>)>(&mut conn)
            .await
            .map_err(unexpected)?;
        if rows.is_empty() {
            return Ok(None);
        }
        rows.into_iter()
            .filter_map(|row| match row {
                (Some(group), Some(role), Some(capabilities)) => Some((group, role, capabilities)),
                // The identity has no binding (or, as in the inner join this replaces, a
                // binding whose role is gone, which the foreign key forbids).
                _ => None,
            })
            .map(|(group, role, capabilities)| {
                Ok(Grant {
                    group: Uidp::parse(&group)
                        .map_err(|e| crate::error::internal(format!("stored binding group {group} is invalid: {e}")))?,
                    capabilities: capabilities_from("role", &role, &capabilities)?,
                })
            })
            .collect::<Result<Vec<_>>>()
            .map(Some)
    }
}
