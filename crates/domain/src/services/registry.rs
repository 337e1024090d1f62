//! Repo and tag operations.

use std::sync::LazyLock;

use regex::Regex;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::Result;
use crate::events::EventType;
use crate::listing::{ListFilter, Page, PageRequest, SortField};
use crate::model::{CatalogTier, Repo, Tag};
use crate::names::{Description, Digest, RepoName, TagName};
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
/// The bundles a repo may belong to.
pub const BUNDLES: &[&str] =
    &["application", "base", "byol", "ai", "ai-gpu", "featured", "fips", "commercial", "emeritoss"];
const MAX_LIST_LEN: usize = 100;

#[allow(clippy::expect_used)]
static ALIAS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[a-zA-Z0-9_.\-/]*[a-zA-Z0-9_.\-]:[a-zA-Z0-9_.\-]+$").expect("alias pattern compiles")
});

/// Repo fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RepoInput {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `aliases` (`image:tag`).
    pub aliases: Option<Vec<String>>,
    /// `bundles`.
    pub bundles: Option<Vec<String>>,
    /// `activeTags`.
    pub active_tags: Option<Vec<String>>,
    /// `catalogTier`.
    pub catalog_tier: Option<CatalogTier>,
}

/// Tag fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagInput {
    /// `name`.
    pub name: Option<String>,
    /// `digest`.
    pub digest: Option<String>,
    /// `deprecated`.
    pub deprecated: Option<bool>,
}

fn string_list(
    v: &mut Violations,
    field: &str,
    items: &[String],
    ok: impl Fn(&str) -> bool,
    rule: &str,
) -> Option<Vec<String>> {
    if items.len() > MAX_LIST_LEN {
        v.add(field, format!("{field} may hold at most {MAX_LIST_LEN} entries"));
        return None;
    }
    match items.iter().find(|i| !ok(i)) {
        Some(bad) => {
            v.add(field, format!("{field} entry {bad:?} {rule}"));
            None
        }
        None => Some(items.to_vec()),
    }
}

struct RepoFields {
    name: Option<Option<RepoName>>,
    description: Option<Option<Description>>,
    aliases: Option<Option<Vec<String>>>,
    bundles: Option<Option<Vec<String>>>,
    active_tags: Option<Option<Vec<String>>>,
}

fn repo_fields(v: &mut Violations, input: &RepoInput) -> RepoFields {
    RepoFields {
        name: input.name.as_deref().map(|n| v.take(RepoName::parse("name", n))),
        description: input.description.as_deref().map(|d| v.take(Description::parse("description", d))),
        aliases: input
            .aliases
            .as_deref()
            .map(|a| string_list(v, "aliases", a, |s| ALIAS.is_match(s), "must look like image:tag")),
        bundles: input.bundles.as_deref().map(|b| {
            string_list(v, "bundles", b, |s| BUNDLES.contains(&s), &format!("must be one of {}", BUNDLES.join(", ")))
        }),
        active_tags: input.active_tags.as_deref().map(|t| {
            string_list(v, "activeTags", t, |s| TagName::parse("activeTags", s).is_ok(), "is not a valid tag")
        }),
    }
}

/// Repo operations.
#[derive(Debug, Clone)]
pub struct RepoService {
    deps: Deps,
}

impl RepoService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps }
    }

    /// Lists the repos the caller may list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(&self, caller: &Principal, filter: ListFilter, page: &PageRequest) -> Result<Page<Repo>> {
        let plan =
            self.deps.pager.plan(page, caller.identity(), filter, caller.visibility(Capability::RepoList), SORTABLE)?;
        let rows = self.deps.store.list_repos(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one repo.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Repo> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::RepoList, Capability::RepoList, "repo", &uid)?;
        self.deps.store.get_repo(&uid).await?.ok_or_else(|| not_found("repo", &uid))
    }

    /// Creates a repo in group `parent`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT`; `NOT_FOUND`; `PERMISSION_DENIED`; `ALREADY_EXISTS`.
    pub async fn create(&self, caller: &Principal, parent: &str, mut input: RepoInput) -> Result<Repo> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        input.name.get_or_insert_with(String::new);
        let f = repo_fields(&mut v, &input);
        v.finish()?;
        let parent = checked(parent)?;
        authorize(caller, Capability::GroupsList, Capability::RepoCreate, "group", &parent)?;
        let now = self.deps.clock.now();
        let repo = Repo {
            uid: self.deps.ids.new_child(&parent),
            name: checked(f.name.flatten())?,
            description: f.description.flatten().unwrap_or_default(),
            aliases: f.aliases.flatten().unwrap_or_default(),
            bundles: f.bundles.flatten().unwrap_or_default(),
            active_tags: f.active_tags.flatten().unwrap_or_default(),
            catalog_tier: input.catalog_tier.unwrap_or_default(),
            create_time: now,
            update_time: now,
        };
        let event = self.deps.event(EventType::RepoCreated, &repo.uid, repo.create_time);
        self.deps.store.create_repo(&repo, &event).await?;
        Ok(repo)
    }

    /// Changes the given fields of a repo.
    ///
    /// # Errors
    /// As [`Self::create`].
    pub async fn update(&self, caller: &Principal, uid: &str, input: RepoInput) -> Result<Repo> {
        let uid = Uidp::parse_field("uid", uid)?;
        let mut v = Violations::default();
        let f = repo_fields(&mut v, &input);
        v.finish()?;
        authorize(caller, Capability::RepoList, Capability::RepoUpdate, "repo", &uid)?;
        let mut repo = self.deps.store.get_repo(&uid).await?.ok_or_else(|| not_found("repo", &uid))?;
        if let Some(name) = f.name {
            repo.name = checked(name)?;
        }
        if let Some(description) = f.description {
            repo.description = checked(description)?;
        }
        if let Some(aliases) = f.aliases {
            repo.aliases = checked(aliases)?;
        }
        if let Some(bundles) = f.bundles {
            repo.bundles = checked(bundles)?;
        }
        if let Some(active_tags) = f.active_tags {
            repo.active_tags = checked(active_tags)?;
        }
        if let Some(tier) = input.catalog_tier {
            repo.catalog_tier = tier;
        }
        repo.update_time = self.deps.clock.now();
        let event = self.deps.event(EventType::RepoUpdated, &repo.uid, repo.update_time);
        self.deps.store.update_repo(&repo, &event).await?;
        Ok(repo)
    }

    /// Deletes a repo without tags.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`; `FAILED_PRECONDITION` while it has tags.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::RepoList, Capability::RepoDelete, "repo", &uid)?;
        let event = self.deps.event(EventType::RepoDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_repo(&uid, &event).await
    }
}

/// Tag operations; a tag's parent is its repo.
#[derive(Debug, Clone)]
pub struct TagService {
    deps: Deps,
}

impl TagService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps }
    }

    /// Lists the tags the caller may list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(&self, caller: &Principal, filter: ListFilter, page: &PageRequest) -> Result<Page<Tag>> {
        let plan =
            self.deps.pager.plan(page, caller.identity(), filter, caller.visibility(Capability::TagList), SORTABLE)?;
        let rows = self.deps.store.list_tags(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one tag.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Tag> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::TagList, Capability::TagList, "tag", &uid)?;
        self.deps.store.get_tag(&uid).await?.ok_or_else(|| not_found("tag", &uid))
    }

    /// Creates a tag in repo `parent`, or moves the repo's tag of that name to the new
    /// digest (create-or-update).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT`; `NOT_FOUND` for a missing repo; `PERMISSION_DENIED`.
    pub async fn create(&self, caller: &Principal, parent: &str, input: TagInput) -> Result<Tag> {
        let mut v = Violations::default();
        let repo = v.take(Uidp::parse_field("parent", parent));
        let name = v.take(TagName::parse("name", input.name.as_deref().unwrap_or_default()));
        let digest = v.take(Digest::parse("digest", input.digest.as_deref().unwrap_or_default()));
        v.finish()?;
        let repo = checked(repo)?;
        authorize(caller, Capability::RepoList, Capability::TagCreate, "repo", &repo)?;
        if repo.is_root() || self.deps.store.get_repo(&repo).await?.is_none() {
            return Err(not_found("repo", &repo));
        }
        let now = self.deps.clock.now();
        let tag = Tag {
            uid: self.deps.ids.new_child(&repo),
            name: checked(name)?,
            digest: checked(digest)?,
            deprecated: input.deprecated.unwrap_or(false),
            create_time: now,
            update_time: now,
        };
        let event = self.deps.event(EventType::TagCreated, &tag.uid, now);
        self.deps.store.put_tag(&tag, &event).await
    }

    /// Changes the given fields of a tag.
    ///
    /// # Errors
    /// As [`Self::create`]; `ALREADY_EXISTS` when renamed onto another tag.
    pub async fn update(&self, caller: &Principal, uid: &str, input: TagInput) -> Result<Tag> {
        let uid = Uidp::parse_field("uid", uid)?;
        let mut v = Violations::default();
        let name = input.name.as_deref().map(|n| v.take(TagName::parse("name", n)));
        let digest = input.digest.as_deref().map(|d| v.take(Digest::parse("digest", d)));
        v.finish()?;
        authorize(caller, Capability::TagList, Capability::TagUpdate, "tag", &uid)?;
        let mut tag = self.deps.store.get_tag(&uid).await?.ok_or_else(|| not_found("tag", &uid))?;
        if let Some(name) = name {
            tag.name = checked(name)?;
        }
        if let Some(digest) = digest {
            tag.digest = checked(digest)?;
        }
        if let Some(deprecated) = input.deprecated {
            tag.deprecated = deprecated;
        }
        tag.update_time = self.deps.clock.now();
        let event = self.deps.event(EventType::TagUpdated, &uid, tag.update_time);
        self.deps.store.update_tag(&tag, &event).await?;
        Ok(tag)
    }

    /// Deletes a tag.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::TagList, Capability::TagDelete, "tag", &uid)?;
        let event = self.deps.event(EventType::TagDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_tag(&uid, &event).await
    }
}
