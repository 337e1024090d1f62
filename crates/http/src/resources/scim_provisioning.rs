//! `ListScimUsers` (`GET /iam/v2beta1/identityProviders/{parent}/scimUsers`): the users an
//! identity provider's SCIM client provisioned, served through the identity providers' get
//! route, which hands over paths ending in `/scimUsers`. The SCIM protocol itself is
//! [`crate::scim`].

use axum::extract::State;
use grove_domain::model::ScimUserFilter;
use grove_domain::Error;
use grove_proto::grove_iam as pb;

use crate::error::ApiError;
use crate::extract::{Caller, Path, Query};
use crate::json::Json;
use crate::proto_schema::proto_schema;
use crate::AppState;

proto_schema!(ListScimUsersSchema, "grove.iam.v1alpha1.ListScimUsersResponse");

/// The filters of the query string (`user_name`, `external_id`, `active`, or camelCase).
fn filter(query: &Query) -> Result<ScimUserFilter, ApiError> {
    let text = |snake: &str, camel: &str| {
        query.get(snake).or_else(|| query.get(camel)).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
    };
    let active = match query.get("active") {
        None => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => return Err(Error::invalid("active", "active must be true or false").into()),
    };
    Ok(ScimUserFilter {
        user_name: text("user_name", "userName"),
        external_id: text("external_id", "externalId"),
        active,
    })
}

/// Lists the SCIM users of an identity provider, including ones never logged in (needs
/// `identity_providers.scim.manage` on it).
#[utoipa::path(get, path = "/iam/v2beta1/identityProviders/{uid}/scimUsers", operation_id = "ListScimUsers",
    tag = "identityProviders",
    params(
        super::ParentUid, super::ListParams,
        ("user_name" = Option<String>, Query, description = "Exact userName, regardless of case"),
        ("external_id" = Option<String>, Query, description = "Exact externalId"),
        ("active" = Option<bool>, Query, description = "Only active (or only deactivated) users"),
    ),
    responses((status = 200, body = ListScimUsersSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    query: Query,
) -> Result<Json<pb::ListScimUsersResponse>, ApiError> {
    let (filter, page) = (filter(&query)?, query.page()?);
    Ok(Json(s.services.scim_provisioning.list_scim_users(&caller, &parent, filter, &page).await?.into()))
}
