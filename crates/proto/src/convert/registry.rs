//! Repos and tags.

use grove_domain::error::Error;
use grove_domain::model::{CatalogTier, Repo, Tag};
use grove_domain::services::{RepoInput, TagInput};

use super::{list_response, Selection};
use crate::registry as pb;

impl From<Repo> for pb::Repo {
    fn from(r: Repo) -> Self {
        Self {
            uid: r.uid.into(),
            name: r.name.into(),
            description: r.description.into(),
            catalog_tier: r.catalog_tier.number(),
            bundles: r.bundles,
            aliases: r.aliases,
            active_tags: r.active_tags,
            sync_config: r.sync_config.map(Into::into),
            custom_overlay: r.custom_overlay.map(Into::into),
            create_time: Some(r.create_time.into()),
            update_time: Some(r.update_time.into()),
        }
    }
}

/// The fields of a repo a request may set.
pub(super) const REPO_MUTABLE: &[&str] =
    &["name", "description", "catalog_tier", "bundles", "aliases", "active_tags", "sync_config", "custom_overlay"];

/// The input a create or update makes of a wire repo.
///
/// # Errors
/// `INVALID_ARGUMENT` for a mask path that is not mutable, or a catalog tier no tier has.
pub fn repo_input(r: pb::Repo, mask: Option<&crate::wkt::FieldMask>) -> Result<RepoInput, Error> {
    let s = Selection::from_mask(mask, REPO_MUTABLE)?;
    let catalog_tier = s
        .pick("catalog_tier", r.catalog_tier)
        .map(|n| {
            CatalogTier::from_number(i64::from(n))
                .ok_or_else(|| Error::invalid("catalog_tier", format!("{n} is not a catalog tier")))
        })
        .transpose()?;
    Ok(RepoInput {
        name: s.pick("name", r.name),
        description: s.pick("description", r.description),
        aliases: s.pick("aliases", r.aliases),
        bundles: s.pick("bundles", r.bundles),
        active_tags: s.pick("active_tags", r.active_tags),
        catalog_tier,
        sync_config: s.pick("sync_config", r.sync_config).map(|c| c.map(super::repo_settings::sync_config_input)),
        custom_overlay: s.pick("custom_overlay", r.custom_overlay).map(|o| o.map(Into::into)),
        readme: None,
    })
}

list_response!(pb::ListReposResponse, Repo, repos);

impl From<Tag> for pb::Tag {
    fn from(t: Tag) -> Self {
        Self {
            uid: t.uid.into(),
            name: t.name.into(),
            digest: t.digest.into(),
            update_time: Some(t.update_time.into()),
            deprecated: t.deprecated,
            bundles: t.bundles,
        }
    }
}

/// The fields of a tag a request may set.
pub(super) const TAG_MUTABLE: &[&str] = &["name", "digest", "deprecated", "bundles"];

/// The input a create (which is create-or-update) makes of a wire tag.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not a mutable field.
pub fn tag_input(t: pb::Tag, mask: Option<&crate::wkt::FieldMask>) -> Result<TagInput, Error> {
    let s = Selection::from_mask(mask, TAG_MUTABLE)?;
    Ok(TagInput {
        name: s.pick("name", t.name),
        digest: s.pick("digest", t.digest),
        deprecated: s.pick("deprecated", t.deprecated),
        bundles: s.pick("bundles", t.bundles),
    })
}

list_response!(pb::ListTagsResponse, Tag, tags);
