//! [`GroupStore`] on the `groups` table (organizations are groups without a parent).

use async_trait::async_trait;
use diesel::dsl::exists;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Text};
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{DescendantTotal, ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{Group, Identity, RoleBinding};
use grove_domain::ports::GroupStore;
use grove_domain::{Error, Result, Uidp};

use crate::error::{is_foreign_key_violation, query_error, unexpected, Violation};
use crate::identities::identity_violation;
use crate::listing::{
    counted, list, paged, Column, CountBy, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::role_bindings::{binding_violation, binding_write_error};
use crate::rows::{GroupRow, IdentityRow, RoleBindingRow};
use crate::schema::{groups, identities, identity_providers, repos, role_bindings, roles};
use crate::store::PostgresStore;
use crate::tx::TxError;

pub(crate) fn group_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("group {uid} does not exist"))
}

/// What a violated constraint means when writing `group`.
fn group_violation(v: Violation<'_>, group: &Group) -> Option<Error> {
    match v {
        Violation::Unique("groups_parent_name_key") => Some(Error::AlreadyExists(format!(
            "a group named \"{}\" already exists in group {}",
            group.name,
            group.uid.parent().map(|p| p.to_string()).unwrap_or_default()
        ))),
        Violation::Unique("groups_root_name_key") => {
            Some(Error::AlreadyExists(format!("an organization named \"{}\" already exists", group.name)))
        }
        Violation::Unique("groups_pkey") => Some(Error::AlreadyExists(format!("group {} already exists", group.uid))),
        Violation::ForeignKey("groups_parent_fkey") => group.uid.parent().map(|p| group_not_found(&p)),
        _ => None,
    }
}

/// What a foreign key violated by deleting a group means: a child appeared.
fn child_violation(v: Violation<'_>) -> Option<Error> {
    let kind = match v {
        Violation::ForeignKey("repos_parent_fkey") => "repos",
        Violation::ForeignKey("groups_parent_fkey") => "groups",
        Violation::ForeignKey("identities_parent_fkey") => "identities",
        Violation::ForeignKey("roles_parent_fkey") => "roles",
        Violation::ForeignKey("identity_providers_parent_fkey") => "identity providers",
        Violation::ForeignKey("advisories_parent_fkey") => "advisories",
        _ => return None,
    };
    Some(Error::not_empty(format!("cannot delete group with child {kind}")))
}

/// Where lists find the columns of `groups`.
pub(crate) struct GroupColumns;

impl ListColumns<groups::table> for GroupColumns {
    fn uid() -> Column<groups::table, Text> {
        Box::new(groups::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<groups::table> {
        // NULL = X drops a row in WHERE as false would, so the comparison may be non-null.
        Box::new(groups::parent_uid.assume_not_null().eq(parent.to_string()))
    }

    fn at_root() -> Predicate<groups::table> {
        Box::new(groups::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<groups::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(groups::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(groups::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(groups::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<groups::table>> {
        filter.name.iter().map(|name| -> Predicate<groups::table> { Box::new(groups::name.eq(name.clone())) }).collect()
    }

    fn organization_index_orders(field: SortField) -> bool {
        // groups_organization_name_uid_idx (migration groups_organization_name_index).
        field == SortField::Name
    }
}

/// The statements of a group list. A plain `descendants_of` list is counted exactly from the
/// descendant counters (migration `group_descendant_counts`); every other list by its
/// bounded count.
pub(crate) fn group_listing(query: &ListQuery) -> Result<Listing<impl PageStatement<GroupRow>, impl CountStatement>> {
    let count = match query.descendant_total() {
        Some(total) => CountBy::Exact(DescendantCount::of(&total)),
        None => {
            CountBy::Capped(counted::<_, _, GroupColumns>(groups::table.select(groups::uid).into_boxed::<Pg>(), query))
        }
    };
    let (seek, page) =
        paged::<_, _, GroupColumns>(groups::table.select(GroupRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

/// The exact total of a [`DescendantTotal`], from at most eight counter rows per subtree.
pub(crate) enum DescendantCount {
    /// `SELECT <the group's counters>`, with the uid as a plain text parameter: its generic
    /// plan is every custom plan, so PostgreSQL plans it once per connection. The array form
    /// below is planned again at every execution, which made this count cost more than twice
    /// as much (`pgbench -M prepared`).
    Whole(String),
    /// `SELECT <the counters of the subtrees> + <how many of their roots exist>`.
    Subtrees(Vec<String>),
}

impl DescendantCount {
    fn of(total: &DescendantTotal<'_>) -> Self {
        match total {
            DescendantTotal::Whole(root) => Self::Whole(root.to_string()),
            DescendantTotal::Subtrees(roots) => Self::Subtrees(roots.iter().map(ToString::to_string).collect()),
        }
    }
}

impl QueryId for DescendantCount {
    type QueryId = ();
    // Two statements, so prepared statements are cached by their text.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for DescendantCount {
    type SqlType = BigInt;
}

impl QueryFragment<Pg> for DescendantCount {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        match self {
            Self::Whole(root) => {
                out.push_sql(
                    "SELECT coalesce(sum(descendants), 0)::bigint FROM group_descendant_counts WHERE ancestor_uid = ",
                );
                out.push_bind_param::<Text, _>(root)?;
            }
            Self::Subtrees(roots) => {
                out.push_sql(
                    "SELECT (SELECT coalesce(sum(descendants), 0) FROM group_descendant_counts \
                     WHERE ancestor_uid = ANY(",
                );
                out.push_bind_param::<Array<Text>, _>(roots)?;
                out.push_sql("))::bigint + (SELECT count(*) FROM groups WHERE uid = ANY(");
                out.push_bind_param::<Array<Text>, _>(roots)?;
                out.push_sql("))");
            }
        }
        Ok(())
    }
}

#[async_trait]
impl GroupStore for PostgresStore {
    async fn create_group(&self, group: &Group, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = GroupRow::from(group);
        let record = event.record(EventData::Group(group))?;
        let mut conn = self.conn().await?;
        outbox
            .write_with_event(&mut conn, diesel::insert_into(groups::table).values(&row), &record)
            .await
            .map_err(|e| query_error(e, |v| group_violation(v, group)))?;
        Ok(())
    }

    async fn create_organization(&self, group: &Group, owner: &RoleBinding, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let group_row = GroupRow::from(group);
        let binding_row = RoleBindingRow::new(owner)?;
        let record = event.record(EventData::Group(group))?;
        let mut conn = self.conn().await?;
        let written = conn
            .transaction(async |conn| {
                diesel::insert_into(groups::table).values(&group_row).execute(conn).await?;
                diesel::insert_into(role_bindings::table).values(&binding_row).execute(conn).await?;
                outbox.insert(conn, &record).await?;
                Ok::<_, diesel::result::Error>(())
            })
            .await;
        match written {
            Ok(()) => Ok(()),
            // The group was rolled back with the binding: only identity and role can be missing.
            Err(e) if is_foreign_key_violation(&e) => Err(binding_write_error(&mut conn, e, owner, false).await),
            Err(e) => Err(query_error(e, |v| group_violation(v, group).or_else(|| binding_violation(v, owner)))),
        }
    }

    async fn create_owned_organization(&self, group: &Group, identity: &Identity, owner: &RoleBinding) -> Result<()> {
        if !group.uid.is_root() {
            return Err(Error::invalid("uid", "an organization's uid must be a root uid"));
        }
        let inside = |uid: &Uidp| uid.parent().as_ref() == Some(&group.uid);
        if !inside(&identity.uid) || !inside(&owner.uid) || owner.identity_uid != identity.uid {
            return Err(Error::invalid("uid", "the owner identity must be directly inside the organization and bound"));
        }
        let group_row = GroupRow::from(group);
        let identity_row = IdentityRow::new(identity)?;
        let binding_row = RoleBindingRow::new(owner)?;
        let mut conn = self.conn().await?;
        let written = conn
            .transaction(async |conn| {
                diesel::insert_into(groups::table).values(&group_row).execute(conn).await?;
                diesel::insert_into(identities::table).values(&identity_row).execute(conn).await?;
                diesel::insert_into(role_bindings::table).values(&binding_row).execute(conn).await?;
                Ok::<_, diesel::result::Error>(())
            })
            .await;
        match written {
            Ok(()) => Ok(()),
            // The group and identity are written in this transaction: only the role can be missing.
            Err(e) if is_foreign_key_violation(&e) => {
                Err(Error::NotFound(format!("role {} does not exist", owner.role_uid)))
            }
            Err(e) => Err(query_error(e, |v| {
                group_violation(v, group)
                    .or_else(|| identity_violation(v, identity, &identity_row))
                    .or_else(|| binding_violation(v, owner))
            })),
        }
    }

    async fn get_group(&self, uid: &Uidp) -> Result<Option<Group>> {
        let mut conn = self.conn().await?;
        groups::table
            .find(uid.as_str())
            .select(GroupRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Group::try_from)
            .transpose()
    }

    async fn list_groups(&self, query: &ListQuery) -> Result<StorePage<Group>> {
        let conn = self.conn().await?;
        list::<GroupRow, Group, _, _>(&conn, query, group_listing).await
    }

    async fn update_group(&self, group: &Group, event: &NewEvent) -> Result<Group> {
        let outbox = self.outbox();
        let name = group.name.as_str();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            // `verified` on the right reads the row as it is before this statement: the stored
            // flag is kept only while the name stays, whatever the caller read earlier.
            let stored = diesel::update(groups::table.find(group.uid.as_str()))
                .set((
                    groups::name.eq(name),
                    groups::description.eq(group.description.as_str()),
                    groups::update_time.eq(group.update_time.as_datetime()),
                    groups::verified.eq(groups::verified.and(groups::name.eq(name))),
                ))
                .returning(GroupRow::as_returning())
                .get_result(conn)
                .await
                .optional()?
                .ok_or_else(|| TxError::Domain(group_not_found(&group.uid)))?;
            let stored = Group::try_from(stored).map_err(TxError::Domain)?;
            outbox.insert(conn, &render(event, EventData::Group(&stored))?).await?;
            Ok(stored)
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| group_violation(v, group)))
    }

    async fn delete_group(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let record = event.record(EventData::Empty)?;
        let uid = uid.as_str();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            // Row lock first: a concurrent child insert holds (or waits for) a key-share lock
            // on this row for its foreign-key check, so the child checks below see every
            // child committed before us, and children inserted after us fail their check.
            let found =
                groups::table.find(uid).select(groups::uid).for_update().first::<String>(conn).await.optional()?;
            if found.is_none() {
                return Err(TxError::Domain(group_not_found(&uid)));
            }
            let (has_repos, has_groups, has_identities, has_roles, has_idps) = diesel::select((
                exists(repos::table.filter(repos::parent_uid.eq(uid))),
                exists(groups::table.filter(groups::parent_uid.eq(uid))),
                exists(identities::table.filter(identities::parent_uid.eq(uid))),
                exists(roles::table.filter(roles::parent_uid.eq(uid))),
                exists(identity_providers::table.filter(identity_providers::parent_uid.eq(uid))),
            ))
            .get_result::<(bool, bool, bool, bool, bool)>(conn)
            .await?;
            let child = [
                (has_repos, "repos"),
                (has_groups, "groups"),
                (has_identities, "identities"),
                (has_roles, "roles"),
                (has_idps, "identity providers"),
            ]
            .into_iter()
            .find_map(|(present, kind)| present.then_some(kind));
            if let Some(kind) = child {
                return Err(TxError::Domain(Error::not_empty(format!("cannot delete group with child {kind}"))));
            }
            // The group's role bindings go with it (ON DELETE CASCADE), in this statement.
            diesel::delete(groups::table.find(uid)).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(child_violation))
    }
}
