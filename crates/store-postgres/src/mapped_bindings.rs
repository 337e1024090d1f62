//! The role bindings that external group role mappings made for people
//! (`mapped_role_bindings`): the mapped-binding part of
//! [`grove_domain::ports::ExternalGroupRoleMappingStore`]. A record goes with its binding
//! (foreign key cascade); a sync runs in one transaction.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use grove_domain::events::EventData;
use grove_domain::model::{ExternalGroupRoleMapping, GroupSource, MappedBinding};
use grove_domain::ports::{MappingSync, MappingSynced};
use grove_domain::{Error, Result, Uidp};

use crate::error::{internal, unexpected, Violation};
use crate::identity_providers::MappingRow;
use crate::outbox::render;
use crate::role_bindings::emit_hydrated;
use crate::rows::RoleBindingRow;
use crate::schema::{
    external_group_role_mappings as mappings, identities, mapped_role_bindings as mapped, role_bindings,
};
use crate::store::PostgresStore;
use crate::tx::TxError;

type Row = (String, String, String, i16);

fn record(row: Row) -> Result<MappedBinding> {
    let (binding_uid, mapping_uid, identity_uid, source) = row;
    let parse = |s: &str| Uidp::parse(s).map_err(|e| internal(format!("mapped binding {binding_uid}: {e}")));
    Ok(MappedBinding {
        binding_uid: parse(&binding_uid)?,
        mapping_uid: parse(&mapping_uid)?,
        identity_uid: parse(&identity_uid)?,
        source: GroupSource::from_number(source)
            .ok_or_else(|| internal(format!("mapped binding {binding_uid}: source {source}")))?,
    })
}

macro_rules! record_columns {
    () => {
        (mapped::binding_uid, mapped::mapping_uid, mapped::identity_uid, mapped::source)
    };
}

impl PostgresStore {
    pub(crate) async fn find_mappings_for_groups(
        &self,
        provider: &Uidp,
        groups: &[String],
    ) -> Result<Vec<ExternalGroupRoleMapping>> {
        let mut conn = self.conn().await?;
        let rows: Vec<MappingRow> = mappings::table
            .filter(mappings::parent_uid.eq(provider.as_str()))
            .filter(mappings::external_group_id.eq_any(groups))
            .order_by(mappings::uid.asc())
            .select(MappingRow::as_select())
            .load(&mut conn)
            .await
            .map_err(unexpected)?;
        rows.into_iter().map(ExternalGroupRoleMapping::try_from).collect()
    }

    pub(crate) async fn find_mapped_bindings(&self, identity: &Uidp, provider: &Uidp) -> Result<Vec<MappedBinding>> {
        let of_person = mapped::table.filter(mapped::identity_uid.eq(identity.to_string())).into_boxed::<Pg>();
        self.load_records(of_person.filter(mapped::provider_uid.eq(provider.to_string()))).await
    }

    pub(crate) async fn find_mapped_bindings_under(&self, mapping: &Uidp) -> Result<Vec<MappedBinding>> {
        let uid = mapping.to_string();
        let under = mapped::mapping_uid.eq(uid.clone()).or(mapped::provider_uid.eq(uid));
        self.load_records(mapped::table.filter(under).into_boxed::<Pg>()).await
    }

    /// The records `query` selects, in key order.
    async fn load_records(&self, query: mapped::BoxedQuery<'_, Pg>) -> Result<Vec<MappedBinding>> {
        let mut conn = self.conn().await?;
        let rows: Vec<Row> = query
            .order_by((mapped::binding_uid.asc(), mapped::mapping_uid.asc(), mapped::source.asc()))
            .select(record_columns!())
            .load(&mut conn)
            .await
            .map_err(unexpected)?;
        rows.into_iter().map(record).collect()
    }

    pub(crate) async fn apply_mapping_sync(&self, sync: &MappingSync) -> Result<MappingSynced> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            // The person's row, locked: concurrent syncs of one person take turns.
            let found: Option<String> = identities::table
                .find(sync.identity.as_str())
                .select(identities::uid)
                .for_update()
                .first(conn)
                .await
                .optional()?;
            if found.is_none() {
                return Err(TxError::Domain(Error::NotFound(format!("identity {} does not exist", sync.identity))));
            }
            let mut done = MappingSynced::default();
            for grant in &sync.grants {
                let binding = &grant.binding;
                let existing: Option<String> = role_bindings::table
                    .filter(role_bindings::identity_uid.eq(binding.identity_uid.as_str()))
                    .filter(role_bindings::role_uid.eq(binding.role_uid.as_str()))
                    .filter(
                        role_bindings::parent_uid.eq(binding.uid.parent().map(|p| p.to_string()).unwrap_or_default()),
                    )
                    .select(role_bindings::uid)
                    .first(conn)
                    .await
                    .optional()?;
                let binding_uid = match existing {
                    Some(uid) => {
                        if !held(conn, &uid).await? {
                            // Made by hand (or by the provider's default role): the administrator's.
                            continue;
                        }
                        uid
                    }
                    None => {
                        let row = RoleBindingRow::new(binding).map_err(TxError::Domain)?;
                        diesel::insert_into(role_bindings::table).values(&row).execute(conn).await?;
                        emit_hydrated(conn, &outbox, binding, &grant.event).await?;
                        done.created.push(binding.uid.clone());
                        binding.uid.to_string()
                    }
                };
                let provider = grant.mapping_uid.parent().map(|p| p.to_string()).unwrap_or_default();
                diesel::insert_into(mapped::table)
                    .values((
                        mapped::binding_uid.eq(&binding_uid),
                        mapped::mapping_uid.eq(grant.mapping_uid.as_str()),
                        mapped::provider_uid.eq(&provider),
                        mapped::identity_uid.eq(sync.identity.as_str()),
                        mapped::source.eq(sync.source.number()),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .await?;
            }
            for revoke in &sync.revokes {
                let r = &revoke.record;
                let binding_uid = r.binding_uid.as_str();
                diesel::delete(mapped::table.find((binding_uid, r.mapping_uid.as_str(), r.source.number())))
                    .execute(conn)
                    .await?;
                if held(conn, binding_uid).await? {
                    continue;
                }
                let deleted = diesel::delete(role_bindings::table.find(binding_uid)).execute(conn).await?;
                if deleted > 0 {
                    outbox.insert(conn, &render(&revoke.event, EventData::Empty)?).await?;
                    done.deleted.push(r.binding_uid.clone());
                }
            }
            Ok(done)
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| match v {
                Violation::ForeignKey(_) => {
                    Some(Error::NotFound("a mapped role or scope group no longer exists".to_owned()))
                }
                Violation::Unique(_) => None,
            })
        })
    }
}

/// Whether some mapping record holds binding `uid`.
async fn held(conn: &mut AsyncPgConnection, uid: &str) -> std::result::Result<bool, TxError> {
    let n: i64 = mapped::table.filter(mapped::binding_uid.eq(uid)).count().get_result(conn).await?;
    Ok(n > 0)
}
