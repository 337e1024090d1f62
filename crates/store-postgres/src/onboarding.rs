//! [`OnboardingStore`] on the `group_access_requests` and `identity_metadata` tables: one
//! access request per (organization, identity), refused again by its unique key; one
//! metadata row per identity, upserted, with `company` kept in the identity's own column.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::model::{GroupAccessRequest, IdentityMetadata, IdentityMetadataView};
use grove_domain::names::Company;
use grove_domain::ports::OnboardingStore;
use grove_domain::{Error, Result, Uidp};

use crate::error::{internal, unexpected, Violation};
use crate::groups::group_not_found;
use crate::outbox::render;
use crate::schema::{group_access_requests, identities, identity_metadata};
use crate::store::PostgresStore;
use crate::tx::TxError;

/// A `group_access_requests` row.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = group_access_requests, check_for_backend(diesel::pg::Pg))]
struct AccessRequestRow {
    uid: String,
    parent_uid: String,
    identity_uid: String,
    email: String,
    create_time: DateTime<Utc>,
}

impl AccessRequestRow {
    fn new(r: &GroupAccessRequest) -> Result<Self> {
        let parent = r.uid.parent().ok_or_else(|| Error::invalid("uid", "uid must name a resource inside a group"))?;
        Ok(Self {
            uid: r.uid.to_string(),
            parent_uid: parent.to_string(),
            identity_uid: r.identity.to_string(),
            email: r.email.clone(),
            create_time: r.create_time.as_datetime(),
        })
    }
}

/// An `identity_metadata` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = identity_metadata, check_for_backend(diesel::pg::Pg))]
struct MetadataRow {
    identity_uid: String,
    updates_opt_in: bool,
    product: String,
    job_title: String,
    utm_campaign: String,
    utm_content: String,
    utm_medium: String,
    utm_source: String,
    utm_term: String,
    latest_form_submit_url: String,
    latest_internal_referring_url: String,
    self_serve: bool,
}

impl MetadataRow {
    fn new(uid: &Uidp, m: &IdentityMetadata) -> Self {
        Self {
            identity_uid: uid.to_string(),
            updates_opt_in: m.updates_opt_in,
            product: m.product.clone(),
            job_title: m.job_title.clone(),
            utm_campaign: m.utm_campaign.clone(),
            utm_content: m.utm_content.clone(),
            utm_medium: m.utm_medium.clone(),
            utm_source: m.utm_source.clone(),
            utm_term: m.utm_term.clone(),
            latest_form_submit_url: m.latest_form_submit_url.clone(),
            latest_internal_referring_url: m.latest_internal_referring_url.clone(),
            self_serve: m.self_serve,
        }
    }

    /// The metadata this row and the identity's `company` make.
    fn into_metadata(self, company: Company) -> IdentityMetadata {
        IdentityMetadata {
            company,
            updates_opt_in: self.updates_opt_in,
            product: self.product,
            job_title: self.job_title,
            utm_campaign: self.utm_campaign,
            utm_content: self.utm_content,
            utm_medium: self.utm_medium,
            utm_source: self.utm_source,
            utm_term: self.utm_term,
            latest_form_submit_url: self.latest_form_submit_url,
            latest_internal_referring_url: self.latest_internal_referring_url,
            self_serve: self.self_serve,
        }
    }
}

fn identity_not_found(uid: &Uidp) -> Error {
    Error::NotFound(format!("identity {uid} does not exist"))
}

#[async_trait]
impl OnboardingStore for PostgresStore {
    async fn request_group_access(&self, request: &GroupAccessRequest, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = AccessRequestRow::new(request)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::GroupAccessRequested(request))?;
            diesel::insert_into(group_access_requests::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| match v {
                Violation::ForeignKey("group_access_requests_parent_fkey") => Some(group_not_found(&row.parent_uid)),
                Violation::Unique("group_access_requests_parent_identity_key") => Some(Error::ResourceExhausted(
                    format!("identity {} already asked for access to group {}", row.identity_uid, row.parent_uid),
                )),
                Violation::Unique("group_access_requests_pkey") => {
                    Some(Error::AlreadyExists(format!("group access request {} already exists", row.uid)))
                }
                _ => None,
            })
        })
    }

    async fn get_identity_metadata(&self, uid: &Uidp) -> Result<Option<IdentityMetadata>> {
        let mut conn = self.conn().await?;
        let company: Option<String> = identities::table
            .find(uid.as_str())
            .select(identities::company)
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        let Some(company) = company else { return Ok(None) };
        let company = Company::from_stored("company", &company)
            .map_err(|e| internal(format!("stored company of identity {uid} is invalid: {e}")))?;
        let row: Option<MetadataRow> = identity_metadata::table
            .find(uid.as_str())
            .select(MetadataRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?;
        Ok(Some(match row {
            Some(row) => row.into_metadata(company),
            None => IdentityMetadata { company, ..IdentityMetadata::default() },
        }))
    }

    async fn put_identity_metadata(&self, view: &IdentityMetadataView, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = MetadataRow::new(&view.uid, &view.metadata);
        let uid = view.uid.as_str();
        let company = view.metadata.company.as_str();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::IdentityMetadata(view))?;
            // Only company and update_time of the identity, and only when the company changes.
            let current: Option<String> =
                identities::table.find(uid).select(identities::company).for_update().first(conn).await.optional()?;
            let Some(current) = current else { return Err(TxError::Domain(identity_not_found(&view.uid))) };
            if current != company {
                diesel::update(identities::table.find(uid))
                    .set((identities::company.eq(company), identities::update_time.eq(event.time.as_datetime())))
                    .execute(conn)
                    .await?;
            }
            diesel::insert_into(identity_metadata::table)
                .values(&row)
                .on_conflict(identity_metadata::identity_uid)
                .do_update()
                .set(&row)
                .execute(conn)
                .await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| match v {
                Violation::ForeignKey("identity_metadata_identity_fkey") => Some(identity_not_found(&view.uid)),
                _ => None,
            })
        })
    }
}
