//! `/registry/v2beta1/repos` and `/registry/v2beta1/tags`: image metadata.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::CatalogTier;
use grove_domain::services::{RepoInput, TagInput};
use grove_domain::Error;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{patch_body, zero_bool, zero_list, zero_string, Empty};
use crate::error::ApiError;
use crate::extract::{Caller, JsonBody, Mutable, Query, RawBody, WireBody};
use crate::proto_schema::proto_schema;
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::registry as pb;

proto_schema!(RepoSchema, "chainguard.platform.registry.v2beta1.Repo");
proto_schema!(TagSchema, "chainguard.platform.registry.v2beta1.Tag");
proto_schema!(ListReposSchema, "chainguard.platform.registry.v2beta1.ListReposResponse");
proto_schema!(ListTagsSchema, "chainguard.platform.registry.v2beta1.ListTagsResponse");

/// The writable fields of a repo; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RepoBody {
    /// Required on create: an OCI repository path.
    #[schema(schema_with = super::fields::repo_name)]
    pub name: Option<String>,
    /// Optional free text.
    #[schema(schema_with = super::fields::description)]
    pub description: Option<String>,
    /// `CATALOG_TIER_*` name or number.
    #[serde(alias = "catalog_tier")]
    #[schema(schema_with = super::fields::catalog_tier_input)]
    pub catalog_tier: Option<Value>,
    /// Bundles.
    pub bundles: Option<Vec<String>>,
    /// Other names (`image:tag`).
    pub aliases: Option<Vec<String>>,
    /// Active tags.
    #[serde(alias = "active_tags")]
    pub active_tags: Option<Vec<String>>,
}

fn catalog_tier(v: &Value) -> Result<CatalogTier, Error> {
    let tier = match v {
        Value::String(s) => CatalogTier::from_enum_name(s),
        Value::Number(n) => n.as_i64().and_then(CatalogTier::from_number),
        _ => None,
    };
    tier.ok_or_else(|| Error::invalid("catalogTier", "catalogTier must be a CATALOG_TIER_* name or its number"))
}

impl WireBody for RepoBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["uid", "createTime", "create_time", "updateTime", "update_time"];
}

impl TryFrom<RepoBody> for RepoInput {
    type Error = ApiError;

    fn try_from(b: RepoBody) -> Result<Self, ApiError> {
        Ok(Self {
            catalog_tier: b.catalog_tier.as_ref().map(catalog_tier).transpose()?,
            name: b.name,
            description: b.description,
            aliases: b.aliases,
            bundles: b.bundles,
            active_tags: b.active_tags,
        })
    }
}

fn zero_tier() -> Value {
    Value::String(CatalogTier::Unspecified.enum_name().to_owned())
}

const REPO_MUTABLE: &[Mutable] = &[
    Mutable { json: "name", proto: "name", zero: zero_string },
    Mutable { json: "description", proto: "description", zero: zero_string },
    Mutable { json: "catalogTier", proto: "catalog_tier", zero: zero_tier },
    Mutable { json: "bundles", proto: "bundles", zero: zero_list },
    Mutable { json: "aliases", proto: "aliases", zero: zero_list },
    Mutable { json: "activeTags", proto: "active_tags", zero: zero_list },
];

/// The writable fields of a tag; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TagBody {
    /// Required on create.
    #[schema(schema_with = super::fields::tag_name)]
    pub name: Option<String>,
    /// Required on create: `sha256:<64 hex>`.
    #[schema(schema_with = super::fields::digest)]
    pub digest: Option<String>,
    /// Whether the tag is deprecated.
    pub deprecated: Option<bool>,
}

impl WireBody for TagBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["uid", "createTime", "create_time", "updateTime", "update_time"];
}

impl From<TagBody> for TagInput {
    fn from(b: TagBody) -> Self {
        Self { name: b.name, digest: b.digest, deprecated: b.deprecated }
    }
}

const TAG_MUTABLE: &[Mutable] = &[
    Mutable { json: "name", proto: "name", zero: zero_string },
    Mutable { json: "digest", proto: "digest", zero: zero_string },
    Mutable { json: "deprecated", proto: "deprecated", zero: zero_bool },
];

/// The repo and tag routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/registry/v2beta1/repos", get(list_repos))
        .route("/registry/v2beta1/repos/{*uid}", get(get_repo).post(create_repo).patch(update_repo).delete(delete_repo))
        .route("/registry/v2beta1/tags", get(list_tags))
        .route("/registry/v2beta1/tags/{*uid}", get(get_tag).post(create_tag).patch(update_tag).delete(delete_tag))
}

/// Lists the repos the caller may list.
#[utoipa::path(get, path = "/registry/v2beta1/repos", operation_id = "ListRepos", tag = "repos",
    params(super::ListParams), responses((status = 200, body = ListReposSchema), crate::openapi::ReadErrors))]
pub async fn list_repos(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListReposResponse>, ApiError> {
    Ok(Json(s.services.repos.list(&caller, query.filter(ListKind::Named)?, &query.page()?).await?.into()))
}

/// Fetches one repo.
#[utoipa::path(get, path = "/registry/v2beta1/repos/{uid}", operation_id = "GetRepo", tag = "repos",
    params(super::ResourceUid), responses((status = 200, body = RepoSchema), crate::openapi::ReadErrors))]
pub async fn get_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Repo>, ApiError> {
    Ok(Json(s.services.repos.get(&caller, &uid).await?.into()))
}

/// Creates a repo in the group in the path.
#[utoipa::path(post, path = "/registry/v2beta1/repos/{uid}", operation_id = "CreateRepo", tag = "repos",
    request_body = RepoBody, params(super::ParentUid),
    responses((status = 200, body = RepoSchema), crate::openapi::WriteErrors))]
pub async fn create_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<RepoBody>,
) -> Result<Json<pb::Repo>, ApiError> {
    Ok(Json(s.services.repos.create(&caller, &parent, body.try_into()?).await?.into()))
}

/// Changes a repo.
#[utoipa::path(patch, path = "/registry/v2beta1/repos/{uid}", operation_id = "UpdateRepo", tag = "repos",
    request_body = RepoBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RepoSchema), crate::openapi::WriteErrors))]
pub async fn update_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<pb::Repo>, ApiError> {
    let body: RepoBody = patch_body(&body, &query, REPO_MUTABLE)?;
    Ok(Json(s.services.repos.update(&caller, &uid, body.try_into()?).await?.into()))
}

/// Deletes a repo without tags.
#[utoipa::path(delete, path = "/registry/v2beta1/repos/{uid}", operation_id = "DeleteRepo", tag = "repos",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.repos.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}

/// Lists the tags the caller may list.
#[utoipa::path(get, path = "/registry/v2beta1/tags", operation_id = "ListTags", tag = "tags", params(super::ListParams),
    responses((status = 200, body = ListTagsSchema), crate::openapi::ReadErrors))]
pub async fn list_tags(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListTagsResponse>, ApiError> {
    Ok(Json(s.services.tags.list(&caller, query.filter(ListKind::Named)?, &query.page()?).await?.into()))
}

/// Fetches one tag.
#[utoipa::path(get, path = "/registry/v2beta1/tags/{uid}", operation_id = "GetTag", tag = "tags",
    params(super::ResourceUid), responses((status = 200, body = TagSchema), crate::openapi::ReadErrors))]
pub async fn get_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Tag>, ApiError> {
    Ok(Json(s.services.tags.get(&caller, &uid).await?.into()))
}

/// Creates a tag in the repo in the path, or moves the repo's tag of that name.
#[utoipa::path(post, path = "/registry/v2beta1/tags/{uid}", operation_id = "CreateTag", tag = "tags",
    request_body = TagBody, params(super::ParentUid),
    responses((status = 200, body = TagSchema), crate::openapi::WriteErrors))]
pub async fn create_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<TagBody>,
) -> Result<Json<pb::Tag>, ApiError> {
    Ok(Json(s.services.tags.create(&caller, &parent, body.into()).await?.into()))
}

/// Changes a tag.
#[utoipa::path(patch, path = "/registry/v2beta1/tags/{uid}", operation_id = "UpdateTag", tag = "tags",
    request_body = TagBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = TagSchema), crate::openapi::WriteErrors))]
pub async fn update_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<pb::Tag>, ApiError> {
    let body: TagBody = patch_body(&body, &query, TAG_MUTABLE)?;
    Ok(Json(s.services.tags.update(&caller, &uid, body.into()).await?.into()))
}

/// Deletes a tag.
#[utoipa::path(delete, path = "/registry/v2beta1/tags/{uid}", operation_id = "DeleteTag", tag = "tags",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.tags.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
