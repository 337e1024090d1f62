//! `/registry/v1/repos` and `/registry/v1/tags`: image metadata in the version 1 shape, with
//! the v1 catalog tier numbering.

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::{CatalogTier, Repo, Tag};
use grove_domain::services::{RepoInput, TagInput};
use grove_domain::Error;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use super::repo_settings::{V1CustomOverlay, V1SyncConfig};
use crate::error::V1Error;
use crate::extract::{Caller, JsonBody, Query, WireBody};
use crate::list::stream;
use crate::V1State;

/// The v1 catalog tiers: domain tier, v1 name, v1 number (1 to 3 are reserved in v1).
const TIERS: [(CatalogTier, &str, i64); 7] = [
    (CatalogTier::Unspecified, "UNKNOWN", 0),
    (CatalogTier::Application, "APPLICATION", 4),
    (CatalogTier::Base, "BASE", 5),
    (CatalogTier::Fips, "FIPS", 6),
    (CatalogTier::Ai, "AI", 7),
    (CatalogTier::Devtools, "DEVTOOLS", 8),
    (CatalogTier::Commercial, "COMMERCIAL", 9),
];

/// The v1 name of a domain catalog tier.
#[must_use]
pub fn tier_name(tier: CatalogTier) -> &'static str {
    TIERS.iter().find(|(t, _, _)| *t == tier).map_or("UNKNOWN", |(_, name, _)| name)
}

/// Reads a v1 catalog tier given by name or by v1 number.
///
/// # Errors
/// `INVALID_ARGUMENT` on `catalogTier` for anything else.
pub fn parse_tier(v: &Value) -> Result<CatalogTier, Error> {
    let found = match v {
        Value::String(s) => TIERS.iter().find(|(_, name, _)| name == s),
        Value::Number(n) => n.as_i64().and_then(|n| TIERS.iter().find(|(_, _, number)| *number == n)),
        _ => None,
    };
    found.map(|(tier, _, _)| *tier).ok_or_else(|| {
        let names: Vec<_> = TIERS.iter().map(|(_, name, _)| *name).collect();
        Error::invalid("catalogTier", format!("catalogTier must be one of {} or its v1 number", names.join(", ")))
    })
}

/// A v1 Repo.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Repo {
    /// The repo's uid.
    pub id: String,
    /// The repository path.
    pub name: String,
    /// The v1 catalog tier name.
    pub catalog_tier: &'static str,
    /// Bundles.
    pub bundles: Vec<String>,
    /// Other names (`image:tag`).
    pub aliases: Vec<String>,
    /// Creation time.
    pub create_time: String,
    /// Active tags.
    pub active_tags: Vec<String>,
    /// Free text.
    pub description: String,
    /// Raw Markdown; a synced repo shows its source's on `GET`.
    pub readme: String,
    /// Where the repo syncs from.
    #[serde(rename = "sync_config", skip_serializing_if = "Option::is_none")]
    pub sync_config: Option<V1SyncConfig>,
    /// Rebuild customizations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_overlay: Option<V1CustomOverlay>,
}

impl From<Repo> for V1Repo {
    fn from(r: Repo) -> Self {
        Self {
            id: r.uid.to_string(),
            name: r.name.to_string(),
            catalog_tier: tier_name(r.catalog_tier),
            bundles: r.bundles,
            aliases: r.aliases,
            create_time: r.create_time.to_string(),
            active_tags: r.active_tags,
            description: r.description.to_string(),
            readme: r.readme,
            sync_config: r.sync_config.map(Into::into),
            custom_overlay: r.custom_overlay.map(Into::into),
        }
    }
}

/// The writable fields of a v1 Repo; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RepoBody {
    /// Required: an OCI repository path.
    pub name: Option<String>,
    /// The v1 tier name or number.
    #[serde(alias = "catalog_tier")]
    pub catalog_tier: Option<Value>,
    /// Bundles.
    pub bundles: Option<Vec<String>>,
    /// Other names (`image:tag`).
    pub aliases: Option<Vec<String>>,
    /// Active tags.
    #[serde(alias = "active_tags")]
    pub active_tags: Option<Vec<String>>,
    /// Free text.
    pub description: Option<String>,
    /// Raw Markdown (changing it needs `repo.internal.admin`); omitted leaves it as it is.
    pub readme: Option<String>,
    /// Where the repo syncs from.
    #[serde(rename = "sync_config", alias = "syncConfig")]
    pub sync_config: Option<V1SyncConfig>,
    /// Rebuild customizations.
    #[serde(alias = "custom_overlay")]
    pub custom_overlay: Option<V1CustomOverlay>,
}

impl WireBody for RepoBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["id", "createTime", "create_time"];
}

impl RepoBody {
    fn create(self) -> Result<RepoInput, V1Error> {
        Ok(RepoInput {
            catalog_tier: self.catalog_tier.as_ref().map(parse_tier).transpose()?,
            name: self.name,
            description: self.description,
            aliases: self.aliases,
            bundles: self.bundles,
            active_tags: self.active_tags,
            sync_config: self.sync_config.map(|c| Some(c.input())),
            custom_overlay: self.custom_overlay.map(|o| Some(o.into())),
            readme: self.readme,
        })
    }

    /// A whole replacement: omitted fields become empty (the tier `UNKNOWN`).
    fn replace(self) -> Result<RepoInput, V1Error> {
        Ok(RepoInput {
            catalog_tier: Some(self.catalog_tier.as_ref().map(parse_tier).transpose()?.unwrap_or_default()),
            name: Some(self.name.unwrap_or_default()),
            description: Some(self.description.unwrap_or_default()),
            aliases: Some(self.aliases.unwrap_or_default()),
            bundles: Some(self.bundles.unwrap_or_default()),
            active_tags: Some(self.active_tags.unwrap_or_default()),
            sync_config: Some(self.sync_config.map(V1SyncConfig::input)),
            custom_overlay: Some(self.custom_overlay.map(Into::into)),
            readme: self.readme,
        })
    }
}

/// A v1 Tag.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Tag {
    /// The tag's uid (below its repo's uid).
    pub id: String,
    /// The tag.
    pub name: String,
    /// The digest it points at.
    pub digest: String,
    /// Last change.
    pub last_updated: String,
    /// Whether it is deprecated.
    pub deprecated: bool,
    /// Bundles.
    pub bundles: Vec<String>,
}

impl From<Tag> for V1Tag {
    fn from(t: Tag) -> Self {
        Self {
            id: t.uid.to_string(),
            name: t.name.to_string(),
            digest: t.digest.to_string(),
            last_updated: t.update_time.to_string(),
            deprecated: t.deprecated,
            bundles: t.bundles,
        }
    }
}

/// The writable fields of a v1 Tag; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagBody {
    /// Required.
    pub name: Option<String>,
    /// Required: `sha256:<64 hex>`.
    pub digest: Option<String>,
    /// Whether the tag is deprecated.
    pub deprecated: Option<bool>,
    /// Bundles.
    pub bundles: Option<Vec<String>>,
}

impl WireBody for TagBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["id", "lastUpdated", "last_updated"];
}

impl TagBody {
    fn create(self) -> TagInput {
        TagInput { name: self.name, digest: self.digest, deprecated: self.deprecated, bundles: self.bundles }
    }

    /// A whole replacement: omitted fields become empty (or false).
    fn replace(self) -> TagInput {
        TagInput {
            name: Some(self.name.unwrap_or_default()),
            digest: Some(self.digest.unwrap_or_default()),
            deprecated: Some(self.deprecated.unwrap_or_default()),
            bundles: Some(self.bundles.unwrap_or_default()),
        }
    }
}

/// The v1 repo and tag routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/registry/v1/repos", get(list_repos))
        .route(
            "/registry/v1/repos/{*id}",
            get(get_repo).post(create_repo).put(replace_repo).patch(replace_repo).delete(delete_repo),
        )
        .route("/registry/v1/tags", get(list_tags))
        .route(
            "/registry/v1/tags/{*id}",
            get(get_tag).post(create_tag).put(replace_tag).patch(replace_tag).delete(delete_tag),
        )
}

async fn list_repos(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = query.filter()?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.repos.list(&caller, filter, &page).await?.map(V1Repo::from)) }
    })
    .await
}

async fn get_repo(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<V1Repo>, V1Error> {
    let repo = s.services.repos.get(&caller, &id).await?;
    let synced = repo.sync_config.is_some();
    let mut v1 = V1Repo::from(repo);
    if synced {
        v1.readme = s.services.repos.get_readme(&caller, &id).await?.content;
    }
    Ok(Json(v1))
}

/// CreateRepo: the body is the repo; without `?prevent_existing=true` a repo of the same
/// name in the group is replaced by it instead (version 1's upsert; the body is a whole repo).
async fn create_repo(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(parent_id): Path<String>,
    query: Query,
    JsonBody(body): JsonBody<RepoBody>,
) -> Result<Json<V1Repo>, V1Error> {
    let repos = &s.services.repos;
    let repo = if query.flag("prevent_existing")? {
        repos.create(&caller, &parent_id, body.create()?).await?
    } else {
        repos.create_or_update(&caller, &parent_id, body.replace()?).await?
    };
    Ok(Json(repo.into()))
}

async fn replace_repo(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<RepoBody>,
) -> Result<Json<V1Repo>, V1Error> {
    Ok(Json(s.services.repos.update(&caller, &id, body.replace()?).await?.into()))
}

async fn delete_repo(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.repos.delete(&caller, &id).await?;
    Ok(empty())
}

async fn list_tags(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = query.tag_filter()?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.tags.list(&caller, filter, &page).await?.map(V1Tag::from)) }
    })
    .await
}

async fn get_tag(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<V1Tag>, V1Error> {
    Ok(Json(s.services.tags.get(&caller, &id).await?.into()))
}

async fn create_tag(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(repo_id): Path<String>,
    JsonBody(body): JsonBody<TagBody>,
) -> Result<Json<V1Tag>, V1Error> {
    Ok(Json(s.services.tags.create(&caller, &repo_id, body.create()).await?.into()))
}

async fn replace_tag(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TagBody>,
) -> Result<Json<V1Tag>, V1Error> {
    Ok(Json(s.services.tags.update(&caller, &id, body.replace()).await?.into()))
}

async fn delete_tag(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.tags.delete(&caller, &id).await?;
    Ok(empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_domain_tier_has_a_v1_name_and_number_that_read_back() {
        for tier in CatalogTier::ALL {
            let name = tier_name(tier);
            assert_eq!(parse_tier(&json!(name)).unwrap(), tier);
        }
        assert_eq!(parse_tier(&json!(4)).unwrap(), CatalogTier::Application);
        assert_eq!(parse_tier(&json!(9)).unwrap(), CatalogTier::Commercial);
        assert_eq!(tier_name(CatalogTier::Unspecified), "UNKNOWN");
    }

    #[test]
    fn v2_numbers_and_names_are_not_v1_tiers() {
        for v in [json!(1), json!(2), json!("CATALOG_TIER_BASE"), json!(true)] {
            assert_eq!(
                parse_tier(&v).unwrap_err().to_string(),
                "Invalid argument: catalogTier: catalogTier must be one of UNKNOWN, APPLICATION, BASE, FIPS, AI, \
                 DEVTOOLS, COMMERCIAL or its v1 number",
                "{v}"
            );
        }
    }
}
