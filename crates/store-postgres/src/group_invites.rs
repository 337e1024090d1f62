//! [`GroupInviteStore`] on `group_invites` (invites go with their group by `ON DELETE
//! CASCADE`). A redemption locks the invite's row (`SELECT … FOR UPDATE`) in the
//! transaction that inserts the binding and marks a single-use invite used, so of two
//! concurrent redemptions of one single-use invite exactly one commits a binding.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::exists;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{GroupInvite, GroupInviteView, InviteEmail, Registration, Role, RoleBinding};
use grove_domain::ports::GroupInviteStore;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::role_bindings::{binding_write_error, emit_hydrated};
use crate::rows::{nested_parent, RoleBindingRow, RoleRow};
use crate::schema::{group_invites as invites, role_bindings, roles};
use crate::store::PostgresStore;
use crate::tx::TxError;

const INVITE: &str = "group invite";

/// A `group_invites` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = invites, check_for_backend(diesel::pg::Pg))]
pub(crate) struct GroupInviteRow {
    uid: String,
    parent_uid: String,
    role_uid: String,
    email: String,
    expiration_time: DateTime<Utc>,
    single_use: bool,
    key_id: String,
    create_time: DateTime<Utc>,
    used_time: Option<DateTime<Utc>>,
}

impl GroupInviteRow {
    fn new(i: &GroupInvite) -> Result<Self> {
        Ok(Self {
            uid: i.uid.to_string(),
            parent_uid: nested_parent(INVITE, &i.uid)?,
            role_uid: i.role_uid.to_string(),
            email: i.email.as_str().to_owned(),
            expiration_time: i.expiration_time.as_datetime(),
            single_use: i.single_use,
            key_id: i.key_id.clone(),
            create_time: i.create_time.as_datetime(),
            used_time: i.used_time.map(Timestamp::as_datetime),
        })
    }
}

impl TryFrom<GroupInviteRow> for GroupInvite {
    type Error = Error;
    fn try_from(r: GroupInviteRow) -> Result<Self> {
        let uid = |s: &str| Uidp::parse(s).map_err(|e| internal(format!("stored {INVITE} {} is invalid: {e}", r.uid)));
        Ok(Self {
            uid: uid(&r.uid)?,
            role_uid: uid(&r.role_uid)?,
            email: InviteEmail::from_stored(r.email.clone()),
            expiration_time: Timestamp::from_datetime(r.expiration_time),
            single_use: r.single_use,
            key_id: r.key_id.clone(),
            create_time: Timestamp::from_datetime(r.create_time),
            used_time: r.used_time.map(Timestamp::from_datetime),
        })
    }
}

fn invite_violation(v: Violation<'_>, invite: &GroupInvite) -> Option<Error> {
    match v {
        Violation::Unique("group_invites_pkey") => {
            Some(Error::AlreadyExists(format!("{INVITE} {} already exists", invite.uid)))
        }
        Violation::ForeignKey("group_invites_parent_fkey") => Some(group_not_found(&invite.group_uid())),
        _ => None,
    }
}

/// Where lists find the columns of `group_invites`.
pub(crate) struct GroupInviteColumns;

impl ListColumns<invites::table> for GroupInviteColumns {
    fn uid() -> Column<invites::table, Text> {
        Box::new(invites::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<invites::table> {
        Box::new(invites::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<invites::table> {
        // Every invite lies inside a group.
        Box::new(diesel::dsl::sql::<Bool>("FALSE"))
    }

    fn sort_column(field: SortField) -> SortColumn<invites::table> {
        match field {
            SortField::Uid | SortField::Name => SortColumn::Uid,
            SortField::CreateTime | SortField::UpdateTime => SortColumn::Time(Box::new(invites::create_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<invites::table>> {
        let mut own: Vec<Predicate<invites::table>> = Vec::new();
        if let Some(key_id) = &filter.key_id {
            own.push(Box::new(invites::key_id.eq(key_id.clone())));
        }
        own
    }
}

/// The statements of an invite list.
pub(crate) fn group_invite_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<GroupInviteRow>, impl CountStatement>> {
    let count = counted::<_, _, GroupInviteColumns>(invites::table.select(invites::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, GroupInviteColumns>(
        invites::table.select(GroupInviteRow::as_select()).into_boxed::<Pg>(),
        query,
    )?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

/// `FAILED_PRECONDITION` for an invite that no longer exists (both stores say it so).
fn invite_revoked(uid: &Uidp) -> Error {
    Error::precondition("INVITE_REVOKED", format!("invite {uid} has been revoked"))
}

/// `FAILED_PRECONDITION` for a single-use invite already redeemed.
fn invite_used(uid: &Uidp) -> Error {
    Error::precondition("INVITE_USED", format!("invite {uid} is single-use and has already been used"))
}

#[async_trait]
impl GroupInviteStore for PostgresStore {
    async fn create_group_invite(&self, invite: &GroupInvite, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = GroupInviteRow::new(invite)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let role = roles::table
                .find(invite.role_uid.as_str())
                .select(RoleRow::as_select())
                .first(conn)
                .await
                .optional()?
                .ok_or_else(|| TxError::Domain(Error::NotFound(format!("role {} does not exist", invite.role_uid))))?;
            let role = Role::try_from(role).map_err(TxError::Domain)?;
            let view = GroupInviteView { invite: invite.clone(), role: Some(role), code: None };
            let record = render(event, EventData::GroupInvite(&view))?;
            diesel::insert_into(invites::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| invite_violation(v, invite)))
    }

    async fn get_group_invite(&self, uid: &Uidp) -> Result<Option<GroupInvite>> {
        let mut conn = self.conn().await?;
        invites::table
            .find(uid.as_str())
            .select(GroupInviteRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(GroupInvite::try_from)
            .transpose()
    }

    async fn list_group_invites(&self, query: &ListQuery) -> Result<StorePage<GroupInvite>> {
        let conn = self.conn().await?;
        list::<GroupInviteRow, GroupInvite, _, _>(&conn, query, group_invite_listing).await
    }

    async fn delete_group_invite(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(invites::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(Error::NotFound(format!("{INVITE} {uid} does not exist"))));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn redeem_group_invite(
        &self,
        uid: &Uidp,
        binding: &RoleBinding,
        binding_event: &NewEvent,
        registered_event: &NewEvent,
    ) -> Result<()> {
        let outbox = self.outbox();
        let row = RoleBindingRow::new(binding)?;
        let mut conn = self.conn().await?;
        let written = conn
            .transaction(async |conn| {
                // The lock: a concurrent redemption of the same invite waits here, then sees
                // the first one's used_time (or its deletion).
                let invite = invites::table
                    .find(uid.as_str())
                    .select(GroupInviteRow::as_select())
                    .for_update()
                    .first(conn)
                    .await
                    .optional()?
                    .ok_or_else(|| TxError::Domain(invite_revoked(uid)))?;
                let invite = GroupInvite::try_from(invite).map_err(TxError::Domain)?;
                if invite.single_use && invite.used_time.is_some() {
                    return Err(TxError::Domain(invite_used(uid)));
                }
                let group = invite.group_uid();
                if binding.uid.parent().as_ref() != Some(&group) {
                    return Err(TxError::Domain(internal(format!(
                        "binding {} is not in the group of invite {uid}",
                        binding.uid
                    ))));
                }
                let taken = diesel::select(exists(
                    role_bindings::table
                        .filter(role_bindings::parent_uid.eq(group.as_str()))
                        .filter(role_bindings::identity_uid.eq(binding.identity_uid.as_str()))
                        .filter(role_bindings::role_uid.eq(binding.role_uid.as_str())),
                ))
                .get_result::<bool>(conn)
                .await?;
                if taken {
                    return Err(TxError::Domain(Error::AlreadyExists(format!(
                        "identity {} already holds role {} in group {group}",
                        binding.identity_uid, binding.role_uid
                    ))));
                }
                diesel::insert_into(role_bindings::table).values(&row).execute(conn).await?;
                crate::logins::join_organization(conn, &group.root(), &binding.identity_uid, binding.create_time)
                    .await?;
                emit_hydrated(conn, &outbox, binding, binding_event).await?;
                let registration = Registration {
                    identity: binding.identity_uid.clone(),
                    group,
                    invite: uid.clone(),
                    binding: binding.uid.clone(),
                };
                let record = render(registered_event, EventData::Registered(&registration))?;
                outbox.insert(conn, &record).await?;
                if invite.single_use {
                    diesel::update(invites::table.find(uid.as_str()))
                        .set(invites::used_time.eq(binding.create_time.as_datetime()))
                        .execute(conn)
                        .await?;
                }
                Ok(())
            })
            .await;
        match written {
            Ok(()) => Ok(()),
            Err(TxError::Db(e)) => Err(binding_write_error(&mut conn, e, binding, true).await),
            Err(TxError::Domain(e)) => Err(e),
        }
    }
}
