//! `/registry/v2beta1/repos` and `/registry/v2beta1/tags`: image metadata.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::{CatalogTier, Repo, Tag};
use grove_domain::services::{RepoInput, TagInput};
use grove_domain::Error;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{list_envelope, patch_body, zero_bool, zero_list, zero_string};
use crate::error::ApiError;
use crate::extract::{Caller, JsonBody, Mutable, Query, RawBody, WireBody};
use crate::AppState;

/// A repo as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepoDto {
    /// The repo's uid.
    pub uid: String,
    /// The repository path.
    pub name: String,
    /// Free text.
    pub description: String,
    /// Catalog tier enum name.
    #[schema(schema_with = super::fields::catalog_tier_output)]
    pub catalog_tier: String,
    /// Bundles.
    pub bundles: Vec<String>,
    /// Other names (`image:tag`).
    pub aliases: Vec<String>,
    /// Active tags.
    pub active_tags: Vec<String>,
    /// Creation time.
    #[schema(format = DateTime)]
    pub create_time: String,
    /// Last change.
    #[schema(format = DateTime)]
    pub update_time: String,
}

impl From<Repo> for RepoDto {
    fn from(r: Repo) -> Self {
        Self {
            uid: r.uid.to_string(),
            name: r.name.to_string(),
            description: r.description.to_string(),
            catalog_tier: r.catalog_tier.enum_name().to_owned(),
            bundles: r.bundles,
            aliases: r.aliases,
            active_tags: r.active_tags,
            create_time: r.create_time.to_string(),
            update_time: r.update_time.to_string(),
        }
    }
}

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

list_envelope!(RepoList, RepoDto, repos);

/// A tag as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagDto {
    /// The tag's uid (below its repo's uid).
    pub uid: String,
    /// The tag.
    pub name: String,
    /// The digest it points at.
    pub digest: String,
    /// Whether it is deprecated.
    pub deprecated: bool,
    /// Creation time.
    #[schema(format = DateTime)]
    pub create_time: String,
    /// Last change.
    #[schema(format = DateTime)]
    pub update_time: String,
}

impl From<Tag> for TagDto {
    fn from(t: Tag) -> Self {
        Self {
            uid: t.uid.to_string(),
            name: t.name.to_string(),
            digest: t.digest.to_string(),
            deprecated: t.deprecated,
            create_time: t.create_time.to_string(),
            update_time: t.update_time.to_string(),
        }
    }
}

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

list_envelope!(TagList, TagDto, tags);

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
    params(super::ListParams), responses((status = 200, body = RepoList), crate::openapi::ReadErrors))]
pub async fn list_repos(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<RepoList>, ApiError> {
    Ok(Json(s.services.repos.list(&caller, query.filter()?, &query.page()?).await?.into()))
}

/// Fetches one repo.
#[utoipa::path(get, path = "/registry/v2beta1/repos/{uid}", operation_id = "GetRepo", tag = "repos",
    params(super::ResourceUid), responses((status = 200, body = RepoDto), crate::openapi::ReadErrors))]
pub async fn get_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<RepoDto>, ApiError> {
    Ok(Json(s.services.repos.get(&caller, &uid).await?.into()))
}

/// Creates a repo in the group in the path.
#[utoipa::path(post, path = "/registry/v2beta1/repos/{uid}", operation_id = "CreateRepo", tag = "repos",
    request_body = RepoBody, params(super::ParentUid),
    responses((status = 200, body = RepoDto), crate::openapi::WriteErrors))]
pub async fn create_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<RepoBody>,
) -> Result<Json<RepoDto>, ApiError> {
    Ok(Json(s.services.repos.create(&caller, &parent, body.try_into()?).await?.into()))
}

/// Changes a repo.
#[utoipa::path(patch, path = "/registry/v2beta1/repos/{uid}", operation_id = "UpdateRepo", tag = "repos",
    request_body = RepoBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RepoDto), crate::openapi::WriteErrors))]
pub async fn update_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<RepoDto>, ApiError> {
    let body: RepoBody = patch_body(&body, &query, REPO_MUTABLE)?;
    Ok(Json(s.services.repos.update(&caller, &uid, body.try_into()?).await?.into()))
}

/// Deletes a repo without tags.
#[utoipa::path(delete, path = "/registry/v2beta1/repos/{uid}", operation_id = "DeleteRepo", tag = "repos",
    params(super::ResourceUid),
    responses((status = 200, description = "Deleted; empty body"), crate::openapi::ReadErrors))]
pub async fn delete_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<(), ApiError> {
    s.services.repos.delete(&caller, &uid).await?;
    Ok(())
}

/// Lists the tags the caller may list.
#[utoipa::path(get, path = "/registry/v2beta1/tags", operation_id = "ListTags", tag = "tags", params(super::ListParams),
    responses((status = 200, body = TagList), crate::openapi::ReadErrors))]
pub async fn list_tags(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<TagList>, ApiError> {
    Ok(Json(s.services.tags.list(&caller, query.filter()?, &query.page()?).await?.into()))
}

/// Fetches one tag.
#[utoipa::path(get, path = "/registry/v2beta1/tags/{uid}", operation_id = "GetTag", tag = "tags",
    params(super::ResourceUid), responses((status = 200, body = TagDto), crate::openapi::ReadErrors))]
pub async fn get_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<TagDto>, ApiError> {
    Ok(Json(s.services.tags.get(&caller, &uid).await?.into()))
}

/// Creates a tag in the repo in the path, or moves the repo's tag of that name.
#[utoipa::path(post, path = "/registry/v2beta1/tags/{uid}", operation_id = "CreateTag", tag = "tags",
    request_body = TagBody, params(super::ParentUid),
    responses((status = 200, body = TagDto), crate::openapi::WriteErrors))]
pub async fn create_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    JsonBody(body): JsonBody<TagBody>,
) -> Result<Json<TagDto>, ApiError> {
    Ok(Json(s.services.tags.create(&caller, &parent, body.into()).await?.into()))
}

/// Changes a tag.
#[utoipa::path(patch, path = "/registry/v2beta1/tags/{uid}", operation_id = "UpdateTag", tag = "tags",
    request_body = TagBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = TagDto), crate::openapi::WriteErrors))]
pub async fn update_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    RawBody(body): RawBody,
) -> Result<Json<TagDto>, ApiError> {
    let body: TagBody = patch_body(&body, &query, TAG_MUTABLE)?;
    Ok(Json(s.services.tags.update(&caller, &uid, body.into()).await?.into()))
}

/// Deletes a tag.
#[utoipa::path(delete, path = "/registry/v2beta1/tags/{uid}", operation_id = "DeleteTag", tag = "tags",
    params(super::ResourceUid),
    responses((status = 200, description = "Deleted; empty body"), crate::openapi::ReadErrors))]
pub async fn delete_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<(), ApiError> {
    s.services.tags.delete(&caller, &uid).await?;
    Ok(())
}
