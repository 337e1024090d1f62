//! [`IdentityProviderStore`] on `identity_providers` and [`ExternalGroupRoleMappingStore`]
//! on `external_group_role_mappings` (a provider's mappings go with it by `ON DELETE
//! CASCADE`, and with their scope group). The client secret column holds what the domain
//! sealed ([`SealedSecret`]); this store never sees a secret in plain text.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{
    CorrelationRule, ExternalGroupId, ExternalGroupRoleMapping, IdentityProvider, IssuerUrl, MappedBinding,
    MappingsDeleted, Oidc,
};
use grove_domain::names::{Description, DisplayName};
use grove_domain::ports::{ExternalGroupRoleMappingStore, IdentityProviderStore, MappingSync, MappingSynced};
use grove_domain::secrets::SealedSecret;
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{internal, unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::rows::nested_parent;
use crate::schema::{external_group_role_mappings as mappings, identity_providers as idps};
use crate::store::PostgresStore;
use crate::tx::TxError;

const IDP: &str = "identity provider";
const MAPPING: &str = "external group role mapping";

fn not_found(kind: &str, uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("{kind} {uid} does not exist"))
}

fn corrupt(what: &str, uid: &str, why: impl std::fmt::Display) -> Error {
    internal(format!("stored {what} {uid} is invalid: {why}"))
}

/// An `identity_providers` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = idps, check_for_backend(diesel::pg::Pg))]
pub(crate) struct IdentityProviderRow {
    uid: String,
    parent_uid: String,
    name: String,
    description: String,
    default_role: String,
    issuer: String,
    client_id: String,
    client_secret: Option<String>,
    additional_scopes: Vec<Option<String>>,
    groups_claim: String,
    correlation_rule: i32,
    pkce_enabled: bool,
    create_time: DateTime<Utc>,
    update_time: DateTime<Utc>,
}

/// The mutable columns of a provider (everything but uid, parent and create time).
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = idps, treat_none_as_null = true)]
struct IdentityProviderChanges {
    name: String,
    description: String,
    default_role: String,
    issuer: String,
    client_id: String,
    client_secret: Option<String>,
    additional_scopes: Vec<Option<String>>,
    groups_claim: String,
    correlation_rule: i32,
    pkce_enabled: bool,
    update_time: DateTime<Utc>,
}

impl IdentityProviderRow {
    fn new(i: &IdentityProvider) -> Result<Self> {
        Ok(Self {
            uid: i.uid.to_string(),
            parent_uid: nested_parent(IDP, &i.uid)?,
            name: i.name.to_string(),
            description: i.description.to_string(),
            default_role: i.default_role.to_string(),
            issuer: i.oidc.issuer.as_str().to_owned(),
            client_id: i.oidc.client_id.clone(),
            client_secret: i.oidc.client_secret.as_ref().map(|s| s.as_stored().to_owned()),
            additional_scopes: i.oidc.additional_scopes.iter().cloned().map(Some).collect(),
            groups_claim: i.oidc.groups_claim.clone(),
            correlation_rule: i.oidc.correlation_rule.number(),
            pkce_enabled: i.oidc.pkce_enabled,
            create_time: i.create_time.as_datetime(),
            update_time: i.update_time.as_datetime(),
        })
    }

    fn changes(self) -> IdentityProviderChanges {
        IdentityProviderChanges {
            name: self.name,
            description: self.description,
            default_role: self.default_role,
            issuer: self.issuer,
            client_id: self.client_id,
            client_secret: self.client_secret,
            additional_scopes: self.additional_scopes,
            groups_claim: self.groups_claim,
            correlation_rule: self.correlation_rule,
            pkce_enabled: self.pkce_enabled,
            update_time: self.update_time,
        }
    }
}

impl TryFrom<IdentityProviderRow> for IdentityProvider {
    type Error = Error;
    fn try_from(r: IdentityProviderRow) -> Result<Self> {
        let bad = |e: Error| corrupt(IDP, &r.uid, e);
        let additional_scopes = r
            .additional_scopes
            .iter()
            .map(|s| s.clone().ok_or_else(|| corrupt(IDP, &r.uid, "a NULL scope")))
            .collect::<Result<Vec<_>>>()?;
        Ok(Self {
            uid: Uidp::parse(&r.uid).map_err(|e| corrupt(IDP, &r.uid, e))?,
            name: DisplayName::from_stored("name", &r.name).map_err(bad)?,
            description: Description::from_stored("description", &r.description).map_err(bad)?,
            default_role: Uidp::parse(&r.default_role).map_err(|e| corrupt(IDP, &r.uid, e))?,
            oidc: Oidc {
                issuer: IssuerUrl::from_stored(r.issuer.clone()),
                client_id: r.client_id.clone(),
                client_secret: r.client_secret.clone().map(SealedSecret::from_stored),
                additional_scopes,
                groups_claim: r.groups_claim.clone(),
                correlation_rule: CorrelationRule::from_number("correlation_rule", r.correlation_rule).map_err(bad)?,
                pkce_enabled: r.pkce_enabled,
            },
            create_time: Timestamp::from_datetime(r.create_time),
            update_time: Timestamp::from_datetime(r.update_time),
        })
    }
}

/// What a violated constraint means when writing `idp`.
fn idp_violation(v: Violation<'_>, idp: &IdentityProvider) -> Option<Error> {
    match v {
        Violation::Unique("identity_providers_parent_name_key") => Some(Error::AlreadyExists(format!(
            "an identity provider named \"{}\" already exists in group {}",
            idp.name,
            idp.group_uid()
        ))),
        Violation::Unique("identity_providers_pkey") => {
            Some(Error::AlreadyExists(format!("identity provider {} already exists", idp.uid)))
        }
        Violation::ForeignKey("identity_providers_parent_fkey") => Some(group_not_found(&idp.group_uid())),
        Violation::ForeignKey("identity_providers_default_role_fkey") => Some(not_found("role", &idp.default_role)),
        _ => None,
    }
}

/// Where lists find the columns of `identity_providers`.
pub(crate) struct IdentityProviderColumns;

impl ListColumns<idps::table> for IdentityProviderColumns {
    fn uid() -> Column<idps::table, Text> {
        Box::new(idps::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<idps::table> {
        Box::new(idps::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<idps::table> {
        // Every provider lies inside a group; none is root-level.
        Box::new(diesel::dsl::sql::<Bool>("FALSE"))
    }

    fn sort_column(field: SortField) -> SortColumn<idps::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(idps::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(idps::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(idps::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<idps::table>> {
        let mut own: Vec<Predicate<idps::table>> = Vec::new();
        if let Some(name) = &filter.name {
            own.push(Box::new(idps::name.eq(name.clone())));
        }
        own
    }
}

/// The statements of an identity provider list.
pub(crate) fn identity_provider_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<IdentityProviderRow>, impl CountStatement>> {
    let count = counted::<_, _, IdentityProviderColumns>(idps::table.select(idps::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, IdentityProviderColumns>(
        idps::table.select(IdentityProviderRow::as_select()).into_boxed::<Pg>(),
        query,
    )?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl IdentityProviderStore for PostgresStore {
    async fn create_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = IdentityProviderRow::new(idp)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::IdentityProvider(idp))?;
            diesel::insert_into(idps::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| idp_violation(v, idp)))
    }

    async fn get_identity_provider(&self, uid: &Uidp) -> Result<Option<IdentityProvider>> {
        let mut conn = self.conn().await?;
        idps::table
            .find(uid.as_str())
            .select(IdentityProviderRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(IdentityProvider::try_from)
            .transpose()
    }

    async fn list_identity_providers(&self, query: &ListQuery) -> Result<StorePage<IdentityProvider>> {
        let conn = self.conn().await?;
        list::<IdentityProviderRow, IdentityProvider, _, _>(&conn, query, identity_provider_listing).await
    }

    async fn update_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let changes = IdentityProviderRow::new(idp)?.changes();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let updated = diesel::update(idps::table.find(idp.uid.as_str()))
                .set(&changes)
                .returning(IdentityProviderRow::as_returning())
                .get_result(conn)
                .await
                .optional()?;
            let Some(row) = updated else {
                return Err(TxError::Domain(not_found(IDP, &idp.uid)));
            };
            // The event shows the stored provider (its create time as stored).
            let stored = IdentityProvider::try_from(row).map_err(TxError::Domain)?;
            let record = render(event, EventData::IdentityProvider(&stored))?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| idp_violation(v, idp)))
    }

    async fn delete_identity_provider(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            // Its mappings go with it (ON DELETE CASCADE), in this statement.
            let deleted = diesel::delete(idps::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(not_found(IDP, uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn list_client_secrets(&self) -> Result<Vec<(Uidp, SealedSecret)>> {
        let mut conn = self.conn().await?;
        let rows: Vec<(String, Option<String>)> = idps::table
            .filter(idps::client_secret.is_not_null())
            .order(idps::uid)
            .select((idps::uid, idps::client_secret))
            .load(&mut conn)
            .await
            .map_err(unexpected)?;
        rows.into_iter()
            .filter_map(|(uid, secret)| secret.map(|s| (uid, s)))
            .map(|(uid, secret)| {
                let parsed = Uidp::parse(&uid).map_err(|e| corrupt(IDP, &uid, e))?;
                Ok((parsed, SealedSecret::from_stored(secret)))
            })
            .collect()
    }

    async fn replace_client_secret(&self, uid: &Uidp, current: &SealedSecret, next: &SealedSecret) -> Result<bool> {
        let mut conn = self.conn().await?;
        let replaced =
            diesel::update(idps::table.find(uid.as_str()).filter(idps::client_secret.eq(current.as_stored())))
                .set(idps::client_secret.eq(next.as_stored()))
                .execute(&mut conn)
                .await
                .map_err(unexpected)?;
        Ok(replaced == 1)
    }
}

/// An `external_group_role_mappings` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = mappings, check_for_backend(diesel::pg::Pg))]
pub(crate) struct MappingRow {
    uid: String,
    parent_uid: String,
    external_group_id: String,
    role_uid: String,
    scope: String,
    create_time: DateTime<Utc>,
}

impl MappingRow {
    fn new(m: &ExternalGroupRoleMapping) -> Result<Self> {
        Ok(Self {
            uid: m.uid.to_string(),
            parent_uid: nested_parent(MAPPING, &m.uid)?,
            external_group_id: m.external_group_id.to_string(),
            role_uid: m.role_uid.to_string(),
            scope: m.scope.to_string(),
            create_time: m.create_time.as_datetime(),
        })
    }
}

impl TryFrom<MappingRow> for ExternalGroupRoleMapping {
    type Error = Error;
    fn try_from(r: MappingRow) -> Result<Self> {
        let uid = |s: &str| Uidp::parse(s).map_err(|e| corrupt(MAPPING, &r.uid, e));
        Ok(Self {
            uid: uid(&r.uid)?,
            external_group_id: ExternalGroupId::parse("external_group_id", &r.external_group_id)
                .map_err(|e| corrupt(MAPPING, &r.uid, e))?,
            role_uid: uid(&r.role_uid)?,
            scope: uid(&r.scope)?,
            create_time: Timestamp::from_datetime(r.create_time),
        })
    }
}

fn mapping_violation(v: Violation<'_>, m: &ExternalGroupRoleMapping) -> Option<Error> {
    match v {
        Violation::Unique("external_group_role_mappings_mapping_key") => Some(Error::AlreadyExists(format!(
            "identity provider {} already maps external group \"{}\" to role {} at {}",
            m.identity_provider_uid(),
            m.external_group_id,
            m.role_uid,
            m.scope
        ))),
        Violation::Unique("external_group_role_mappings_pkey") => {
            Some(Error::AlreadyExists(format!("{MAPPING} {} already exists", m.uid)))
        }
        Violation::ForeignKey("external_group_role_mappings_parent_fkey") => {
            Some(not_found(IDP, &m.identity_provider_uid()))
        }
        Violation::ForeignKey("external_group_role_mappings_role_fkey") => Some(not_found("role", &m.role_uid)),
        Violation::ForeignKey("external_group_role_mappings_scope_fkey") => Some(group_not_found(&m.scope)),
        _ => None,
    }
}

/// Where lists find the columns of `external_group_role_mappings`.
pub(crate) struct MappingColumns;

impl ListColumns<mappings::table> for MappingColumns {
    fn uid() -> Column<mappings::table, Text> {
        Box::new(mappings::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<mappings::table> {
        Box::new(mappings::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<mappings::table> {
        Box::new(diesel::dsl::sql::<Bool>("FALSE"))
    }

    fn sort_column(field: SortField) -> SortColumn<mappings::table> {
        match field {
            SortField::Uid | SortField::Name => SortColumn::Uid,
            SortField::CreateTime | SortField::UpdateTime => SortColumn::Time(Box::new(mappings::create_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<mappings::table>> {
        let mut own: Vec<Predicate<mappings::table>> = Vec::new();
        if let Some(idp) = &filter.identity_provider {
            own.push(Box::new(mappings::parent_uid.eq(idp.to_string())));
        }
        own
    }
}

/// The statements of a mapping list.
pub(crate) fn mapping_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<MappingRow>, impl CountStatement>> {
    let count = counted::<_, _, MappingColumns>(mappings::table.select(mappings::uid).into_boxed::<Pg>(), query);
    let (seek, page) =
        paged::<_, _, MappingColumns>(mappings::table.select(MappingRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl ExternalGroupRoleMappingStore for PostgresStore {
    async fn create_external_group_role_mapping(
        &self,
        mapping: &ExternalGroupRoleMapping,
        event: &NewEvent,
    ) -> Result<()> {
        let outbox = self.outbox();
        let row = MappingRow::new(mapping)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::ExternalGroupRoleMapping(mapping))?;
            diesel::insert_into(mappings::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| mapping_violation(v, mapping)))
    }

    async fn get_external_group_role_mapping(&self, uid: &Uidp) -> Result<Option<ExternalGroupRoleMapping>> {
        let mut conn = self.conn().await?;
        mappings::table
            .find(uid.as_str())
            .select(MappingRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(ExternalGroupRoleMapping::try_from)
            .transpose()
    }

    async fn list_external_group_role_mappings(
        &self,
        query: &ListQuery,
    ) -> Result<StorePage<ExternalGroupRoleMapping>> {
        let conn = self.conn().await?;
        list::<MappingRow, ExternalGroupRoleMapping, _, _>(&conn, query, mapping_listing).await
    }

    async fn delete_external_group_role_mapping(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(mappings::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(not_found(MAPPING, uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn delete_external_group_role_mappings(
        &self,
        parent: &Uidp,
        uids: &[Uidp],
        event: &NewEvent,
    ) -> Result<Vec<ExternalGroupRoleMapping>> {
        if let Some(foreign) = uids.iter().find(|uid| uid.parent().as_ref() != Some(parent)) {
            return Err(Error::invalid("names", format!("{foreign} is not a mapping of identity provider {parent}")));
        }
        let wanted: Vec<String> = uids.iter().map(ToString::to_string).collect();
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let rows: Vec<MappingRow> = diesel::delete(
                mappings::table.filter(mappings::parent_uid.eq(parent.as_str())).filter(mappings::uid.eq_any(&wanted)),
            )
            .returning(MappingRow::as_returning())
            .get_results(conn)
            .await?;
            let mut deleted = rows
                .into_iter()
                .map(ExternalGroupRoleMapping::try_from)
                .collect::<Result<Vec<_>>>()
                .map_err(TxError::Domain)?;
            // In request order.
            deleted.sort_by_key(|m| uids.iter().position(|u| *u == m.uid));
            if deleted.is_empty() {
                return Ok(deleted);
            }
            let done = MappingsDeleted { parent: parent.clone(), mappings: deleted };
            let record = render(event, EventData::MappingsDeleted(&done))?;
            outbox.insert(conn, &record).await?;
            Ok(done.mappings)
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn mappings_for_groups(&self, provider: &Uidp, groups: &[String]) -> Result<Vec<ExternalGroupRoleMapping>> {
        self.find_mappings_for_groups(provider, groups).await
    }

    async fn mapped_bindings(&self, identity: &Uidp, provider: &Uidp) -> Result<Vec<MappedBinding>> {
        self.find_mapped_bindings(identity, provider).await
    }

    async fn mapped_bindings_under(&self, mapping: &Uidp) -> Result<Vec<MappedBinding>> {
        self.find_mapped_bindings_under(mapping).await
    }

    async fn sync_mapped_bindings(&self, sync: &MappingSync) -> Result<MappingSynced> {
        self.apply_mapping_sync(sync).await
    }
}
