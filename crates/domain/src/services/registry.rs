//! Repo and tag operations.

use std::sync::LazyLock;

use regex::Regex;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{ListFilter, ListQuery, Page, PageRequest, SortField, UidpFilter, Visibility};
use crate::model::{CatalogTier, CustomOverlay, Repo, RepoReadme, SyncConfig, Tag};
use crate::names::{Description, Digest, RepoName, TagName};
use crate::time::Timestamp;
use crate::uidp::Uidp;

use super::repo_settings;
use super::{authorize, checked, not_found, Deps, Violations};

/// How long a new sync config syncs before it expires.
pub const SYNC_LIFETIME_DAYS: i64 = 14;

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
/// The bundles a repo may belong to.
pub const BUNDLES: &[&str] =
    &["application", "base", "byol", "ai", "ai-gpu", "featured", "fips", "commercial", "emeritoss"];
const MAX_LIST_LEN: usize = 100;
/// How often [`TagService::create`] and [`TagService::move_tag`] try before giving up on a
/// tag that keeps changing.
const MOVE_ATTEMPTS: usize = 4;

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
    /// `sync_config`: `Some(None)` removes it.
    pub sync_config: Option<Option<SyncConfigInput>>,
    /// `customOverlay`: `Some(None)` (or an empty overlay) removes it.
    pub custom_overlay: Option<Option<CustomOverlay>>,
    /// The README (the v1 shape carries it inline; v2 has `UpdateRepoReadme`).
    pub readme: Option<String>,
}

/// The client-settable part of a sync config.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncConfigInput {
    /// A repo uid, a catalog name (`chainguard/nginx`) or an image reference without tag
    /// (`cgr.dev/chainguard/nginx`).
    pub source: String,
    /// Extra Artifact Registry destination.
    pub google: String,
    /// Extra ECR destination.
    pub amazon: String,
    /// Extra ACR destination.
    pub azure: String,
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
    /// `bundles`.
    pub bundles: Option<Vec<String>>,
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

fn bundles(v: &mut Violations, b: &[String]) -> Option<Vec<String>> {
    string_list(v, "bundles", b, |s| BUNDLES.contains(&s), &format!("must be one of {}", BUNDLES.join(", ")))
}

/// Checks the settings that need no store: sync destinations, the overlay and the README.
fn settings(v: &mut Violations, input: &RepoInput) {
    if let Some(Some(sync)) = &input.sync_config {
        if sync.source.trim().is_empty() {
            v.add("sync_config.source", "sync_config.source is required");
        }
        repo_settings::destination(v, "sync_config.google", &sync.google);
        repo_settings::destination(v, "sync_config.amazon", &sync.amazon);
        repo_settings::destination(v, "sync_config.azure", &sync.azure);
    }
    if let Some(Some(overlay)) = &input.custom_overlay {
        repo_settings::overlay(v, overlay);
    }
    if let Some(readme) = &input.readme {
        repo_settings::readme(v, "readme", readme);
    }
}

/// An overlay with nothing in it is no overlay.
fn non_empty(overlay: Option<CustomOverlay>) -> Option<CustomOverlay> {
    overlay.filter(|o| *o != CustomOverlay::default())
}

fn repo_fields(v: &mut Violations, input: &RepoInput) -> RepoFields {
    settings(v, input);
    RepoFields {
        name: input.name.as_deref().map(|n| v.take(RepoName::parse("name", n))),
        description: input.description.as_deref().map(|d| v.take(Description::parse("description", d))),
        aliases: input
            .aliases
            .as_deref()
            .map(|a| string_list(v, "aliases", a, |s| ALIAS.is_match(s), "must look like image:tag")),
        bundles: input.bundles.as_deref().map(|b| bundles(v, b)),
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
        let mut repo = Repo {
            uid: self.deps.ids.new_child(&parent),
            name: checked(f.name.flatten())?,
            description: f.description.flatten().unwrap_or_default(),
            aliases: f.aliases.flatten().unwrap_or_default(),
            bundles: f.bundles.flatten().unwrap_or_default(),
            active_tags: f.active_tags.flatten().unwrap_or_default(),
            catalog_tier: input.catalog_tier.unwrap_or_default(),
            readme: String::new(),
            sync_config: None,
            custom_overlay: None,
            create_time: now,
            update_time: now,
        };
        self.apply_settings(caller, &mut repo, None, &input).await?;
        let event = self.deps.event(caller.origin(), EventType::RepoCreated, &repo.uid, repo.create_time);
        self.deps.store.create_repo(&repo, &event).await?;
        Ok(repo)
    }

    /// Creates a repo in group `parent`, or, when the group holds a repo of that name
    /// already, changes that repo's given fields instead (version 1's CreateRepo without
    /// `prevent_existing`: a name collision updates the existing repo).
    ///
    /// # Errors
    /// As [`Self::create`] and [`Self::update`]; `ALREADY_EXISTS` only when the repo of
    /// that name vanished between the two steps.
    pub async fn create_or_update(&self, caller: &Principal, parent: &str, input: RepoInput) -> Result<Repo> {
        let err = match self.create(caller, parent, input.clone()).await {
            Err(err @ Error::AlreadyExists(_)) => err,
            created => return created,
        };
        let filter = ListFilter {
            uidp: UidpFilter { children_of: Some(Uidp::parse_field("parent", parent)?), ..UidpFilter::default() },
            name: input.name.clone(),
            ..ListFilter::default()
        };
        let page = self.list(caller, filter, &PageRequest::default()).await?;
        match page.items.first() {
            Some(existing) => self.update(caller, existing.uid.as_str(), input).await,
            None => Err(err),
        }
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
        let current = self.deps.store.get_repo(&uid).await?.ok_or_else(|| not_found("repo", &uid))?;
        let mut repo = current.clone();
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
        // One instant for the change: the update time, and a new sync configuration's expiry.
        repo.update_time = self.deps.clock.now();
        self.apply_settings(caller, &mut repo, Some(&current), &input).await?;
        let event = self.deps.event(caller.origin(), EventType::RepoUpdated, &repo.uid, repo.update_time);
        self.deps.store.update_repo(&repo, &event).await?;
        Ok(repo)
    }

    /// Applies the sync config (resolving its source and the inherited fields), the custom
    /// overlay and an inline README to `repo`, whose plain fields and update time already hold
    /// the input and the change's instant (a new sync configuration expires from it);
    /// `current` is the stored repo on update.
    async fn apply_settings(
        &self,
        caller: &Principal,
        repo: &mut Repo,
        current: Option<&Repo>,
        input: &RepoInput,
    ) -> Result<()> {
        let had = current.and_then(|c| c.sync_config.clone());
        let sync = match &input.sync_config {
            None => had.clone(),
            Some(None) => None,
            Some(Some(given)) => {
                let source = self.resolve_source(caller, &repo.uid, &given.source).await?;
                let kept = had.clone();
                Some(SyncConfig {
                    source: source.uid,
                    unique_tags: kept.as_ref().is_some_and(|k| k.unique_tags),
                    expiration_time: kept.as_ref().map_or_else(
                        || repo.update_time.plus(chrono::Duration::days(SYNC_LIFETIME_DAYS)),
                        |k| k.expiration_time,
                    ),
                    google: given.google.clone(),
                    amazon: given.amazon.clone(),
                    azure: given.azure.clone(),
                    apko_overlay: kept.as_ref().map(|k| k.apko_overlay.clone()).unwrap_or_default(),
                    grace_period: kept.as_ref().is_some_and(|k| k.grace_period),
                })
            }
        };
        if let Some(sync) = &sync {
            let source = self.deps.store.get_repo(&sync.source).await?;
            Self::inherit(repo, current, input, source.as_ref(), had.is_none())?;
        }
        repo.sync_config = sync;
        repo.custom_overlay = match &input.custom_overlay {
            None => current.and_then(|c| c.custom_overlay.clone()),
            Some(given) => non_empty(given.clone()),
        };
        if repo.custom_overlay.is_some() && repo.sync_config.is_none() {
            return Err(Error::invalid(
                "custom_overlay",
                "custom_overlay needs custom assembly, which only repos with a sync_config have",
            ));
        }
        if let Some(readme) = &input.readme {
            let stored = current.map(|c| c.readme.as_str()).unwrap_or_default();
            if readme != stored {
                Self::may_write_readme(caller, repo)?;
                repo.readme.clone_from(readme);
            }
        }
        Ok(())
    }

    /// Copies the inherited fields of a synced repo from its source (when the source still
    /// exists); a value the client gave for one of them must equal what it inherits.
    fn inherit(
        repo: &mut Repo,
        current: Option<&Repo>,
        input: &RepoInput,
        source: Option<&Repo>,
        newly_synced: bool,
    ) -> Result<()> {
        // Without a source (deleted since), the stored copies stay and are what must match.
        let from = match (source, current) {
            (Some(s), _) => s,
            (None, Some(c)) => c,
            (None, None) => return Ok(()),
        };
        let mut v = Violations::default();
        let rule = |field: &str| format!("{field} is inherited from the sync source and cannot be changed");
        if input.catalog_tier.is_some_and(|t| t != from.catalog_tier) {
            v.add("catalog_tier", rule("catalog_tier"));
        }
        if input.bundles.as_ref().is_some_and(|b| *b != from.bundles) {
            v.add("bundles", rule("bundles"));
        }
        if input.aliases.as_ref().is_some_and(|a| *a != from.aliases) {
            v.add("aliases", rule("aliases"));
        }
        if input.active_tags.as_ref().is_some_and(|t| *t != from.active_tags) {
            v.add("active_tags", rule("active_tags"));
        }
        v.finish()?;
        repo.catalog_tier = from.catalog_tier;
        repo.bundles.clone_from(&from.bundles);
        repo.aliases.clone_from(&from.aliases);
        repo.active_tags.clone_from(&from.active_tags);
        let described = input.description.as_deref().is_some_and(|d| !d.is_empty());
        if newly_synced && !described && repo.description.as_str().is_empty() {
            repo.description = from.description.clone();
        }
        Ok(())
    }

    /// The repo a sync config names: by uid, by catalog name `ORG/REPO` (an organization's
    /// name, then the repo's name in it) or by image reference `HOST/ORG/REPO`. The caller
    /// must be able to pull it; a source it cannot pull is reported like a missing one.
    async fn resolve_source(&self, caller: &Principal, repo: &Uidp, source: &str) -> Result<Repo> {
        const FIELD: &str = "sync_config.source";
        let source = source.trim();
        let missing = || Error::invalid(FIELD, format!("{FIELD} {source:?} names no repo the caller may pull"));
        let found = if let Ok(uid) = Uidp::parse(source) {
            self.deps.store.get_repo(&uid).await?.into_iter().collect::<Vec<_>>()
        } else {
            let mut parts: Vec<&str> = source.split('/').collect();
            if parts.len() > 2 && (parts[0].contains(['.', ':']) || parts[0] == "localhost") {
                parts.remove(0);
            }
            let shape = || {
                Error::invalid(
                    FIELD,
                    format!(
                        "{FIELD} must be a repo uid, a catalog name such as chainguard/nginx or an image \
                         reference such as cgr.dev/chainguard/nginx (without tag or digest)"
                    ),
                )
            };
            let (org, name) = match parts.split_first() {
                Some((org, rest)) if !rest.is_empty() => (*org, rest.join("/")),
                _ => return Err(shape()),
            };
            if RepoName::parse(FIELD, &name).is_err() || org.is_empty() {
                return Err(shape());
            }
            self.deps.store.find_repos_by_path(org, &name).await?
        };
        let pullable: Vec<Repo> = found.into_iter().filter(|r| caller.can(Capability::RepoBlobsGet, &r.uid)).collect();
        let source = match <[Repo; 1]>::try_from(pullable) {
            Ok([one]) => one,
            Err(many) if many.is_empty() => return Err(missing()),
            Err(_) => {
                return Err(Error::invalid(
                    FIELD,
                    format!(
                    "{FIELD} {source:?} is ambiguous: several organizations of that name have the repo; give its uid"
                ),
                ))
            }
        };
        if source.uid == *repo {
            return Err(Error::invalid(FIELD, "a repo cannot sync from itself"));
        }
        if source.sync_config.is_some() {
            return Err(Error::invalid(
                FIELD,
                format!("repo {} syncs from another repo itself; sync from its source instead", source.uid),
            ));
        }
        Ok(source)
    }

    /// Succeeds when the caller may change `repo`'s README: it holds `repo.internal.admin`
    /// there, and the repo does not take its README from a sync source.
    fn may_write_readme(caller: &Principal, repo: &Repo) -> Result<()> {
        caller.require(Capability::RepoInternalAdmin, &repo.uid)?;
        if repo.sync_config.is_some() {
            return Err(Error::precondition(
                "SYNCED_REPO",
                format!("repo {} takes its README from its sync source", repo.uid),
            ));
        }
        Ok(())
    }

    /// A repo's README; a synced repo shows its source's.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get_readme(&self, caller: &Principal, uid: &str) -> Result<RepoReadme> {
        let repo = self.get(caller, uid).await?;
        let content = match &repo.sync_config {
            Some(sync) => self.deps.store.get_repo(&sync.source).await?.map(|s| s.readme).unwrap_or_default(),
            None => repo.readme,
        };
        Ok(RepoReadme { uid: repo.uid, content })
    }

    /// Replaces a repo's README; needs `repo.update` and `repo.internal.admin` on the repo.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid or a README sanitization would change;
    /// `NOT_FOUND`; `PERMISSION_DENIED`; `FAILED_PRECONDITION` on a synced repo.
    pub async fn update_readme(&self, caller: &Principal, uid: &str, content: &str) -> Result<RepoReadme> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("uid", uid));
        repo_settings::readme(&mut v, "content", content);
        v.finish()?;
        let uid = checked(uid)?;
        authorize(caller, Capability::RepoList, Capability::RepoUpdate, "repo", &uid)?;
        caller.require(Capability::RepoInternalAdmin, &uid)?;
        let mut repo = self.deps.store.get_repo(&uid).await?.ok_or_else(|| not_found("repo", &uid))?;
        Self::may_write_readme(caller, &repo)?;
        content.clone_into(&mut repo.readme);
        repo.update_time = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::RepoUpdated, &repo.uid, repo.update_time);
        self.deps.store.update_repo(&repo, &event).await?;
        Ok(RepoReadme { uid: repo.uid, content: repo.readme })
    }

    /// Deletes a repo without tags.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`; `FAILED_PRECONDITION` while it has tags.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::RepoList, Capability::RepoDelete, "repo", &uid)?;
        let event = self.deps.event(caller.origin(), EventType::RepoDeleted, &uid, self.deps.clock.now());
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

    /// Creates a tag in repo `parent`, or, when the repo has a tag of that name already and
    /// the caller holds `tag.update` on it, moves that tag: it keeps its uid and creation
    /// time and takes the given digest, deprecation and bundles (`TagUpdated` naming its
    /// uid; nothing is written when it has them already). A new tag emits `TagCreated`.
    ///
    /// Without `tag.update` on the existing tag the create is refused with `ALREADY_EXISTS`
    /// and changes nothing: `tag.create` makes tags, it does not repoint them. The answer is
    /// the same whether or not the caller may list that tag (it names no uid), and tells it
    /// only that the name is taken, which any create of a unique name tells.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT`; `NOT_FOUND` for a missing repo; `PERMISSION_DENIED`;
    /// `ALREADY_EXISTS` as above; `UNAVAILABLE` when the tag kept changing under every attempt.
    pub async fn create(&self, caller: &Principal, parent: &str, input: TagInput) -> Result<Tag> {
        let mut v = Violations::default();
        let repo = v.take(Uidp::parse_field("parent", parent));
        let name = v.take(TagName::parse("name", input.name.as_deref().unwrap_or_default()));
        let digest = v.take(Digest::parse("digest", input.digest.as_deref().unwrap_or_default()));
        let bundles = input.bundles.as_deref().map(|b| bundles(&mut v, b));
        v.finish()?;
        let repo = checked(repo)?;
        authorize(caller, Capability::RepoList, Capability::TagCreate, "repo", &repo)?;
        if repo.is_root() || self.deps.store.get_repo(&repo).await?.is_none() {
            return Err(not_found("repo", &repo));
        }
        let (name, digest) = (checked(name)?, checked(digest)?);
        let deprecated = input.deprecated.unwrap_or(false);
        let bundles = bundles.flatten().unwrap_or_default();
        for _ in 0..MOVE_ATTEMPTS {
            let now = self.deps.clock.now();
            if let Some(current) = self.tag_named(&repo, &name).await? {
                if !caller.can(Capability::TagUpdate, &current.uid) {
                    return Err(Error::AlreadyExists(format!(
                        "a tag named \"{name}\" already exists in repo {repo}; moving it needs tag.update"
                    )));
                }
                if current.digest == digest && current.deprecated == deprecated && current.bundles == bundles {
                    return Ok(current);
                }
                let moved =
                    Tag { digest: digest.clone(), deprecated, bundles: bundles.clone(), update_time: now, ..current };
                let event = self.deps.event(caller.origin(), EventType::TagUpdated, &moved.uid, now);
                match self.deps.store.update_tag(&moved, &event).await {
                    // Deleted since it was read: create it afresh.
                    Err(Error::NotFound(_)) => continue,
                    updated => return updated.map(|()| moved),
                }
            }
            let fresh = Tag { deprecated, bundles: bundles.clone(), ..self.new_tag(&repo, &name, &digest, now) };
            // Created by someone else since the lookup: that one decides.
            if let Some(created) = self.create_unless_taken(caller, fresh, now).await? {
                return Ok(created);
            }
        }
        Err(Error::Unavailable(format!("tag {name} of repo {repo} kept changing; try again")))
    }

    /// Points the tag `name` of repo `repo` at `digest`, as a registry push does: an existing
    /// tag keeps its uid, creation time, deprecation and bundles (`TagUpdated`; nothing is
    /// written when it points at `digest` already), a missing one is created (`TagCreated`).
    /// A tag created or deleted by someone else meanwhile makes it try again, as an update or
    /// a create, so two pushes of one tag never fail on each other.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad repo uid, tag or digest; `NOT_FOUND` for a missing repo
    /// (or one the caller may not list); `PERMISSION_DENIED` without `tag.update` (existing
    /// tag) or `tag.create` (missing tag); `UNAVAILABLE` when the tag kept changing under
    /// every attempt.
    pub async fn move_tag(&self, caller: &Principal, repo: &str, name: &str, digest: &str) -> Result<Tag> {
        let mut v = Violations::default();
        let repo = v.take(Uidp::parse_field("parent", repo));
        let name = v.take(TagName::parse("name", name));
        let digest = v.take(Digest::parse("digest", digest));
        v.finish()?;
        let (repo, name, digest) = (checked(repo)?, checked(name)?, checked(digest)?);
        if !caller.can(Capability::RepoList, &repo) {
            return Err(not_found("repo", &repo));
        }
        for _ in 0..MOVE_ATTEMPTS {
            let now = self.deps.clock.now();
            match self.tag_named(&repo, &name).await? {
                Some(tag) => {
                    caller.require(Capability::TagUpdate, &tag.uid)?;
                    if tag.digest == digest {
                        return Ok(tag);
                    }
                    let event = self.deps.event(caller.origin(), EventType::TagUpdated, &tag.uid, now);
                    match self.deps.store.move_tag(&tag.uid, &digest, now, &event).await {
                        // Deleted since it was read: create it afresh.
                        Err(Error::NotFound(_)) => continue,
                        moved => return moved,
                    }
                }
                None => {
                    caller.require(Capability::TagCreate, &repo)?;
                    if repo.is_root() || self.deps.store.get_repo(&repo).await?.is_none() {
                        return Err(not_found("repo", &repo));
                    }
                    // Created by someone else since the lookup: move that one.
                    if let Some(created) =
                        self.create_unless_taken(caller, self.new_tag(&repo, &name, &digest, now), now).await?
                    {
                        return Ok(created);
                    }
                }
            }
        }
        Err(Error::Unavailable(format!("tag {name} of repo {repo} kept changing; try again")))
    }

    /// A new tag `name` of `repo` at `digest`, not deprecated and in no bundle, made at `now`.
    fn new_tag(&self, repo: &Uidp, name: &TagName, digest: &Digest, now: Timestamp) -> Tag {
        Tag {
            uid: self.deps.ids.new_child(repo),
            name: name.clone(),
            digest: digest.clone(),
            deprecated: false,
            bundles: Vec::new(),
            create_time: now,
            update_time: now,
        }
    }

    /// Creates `tag` with its `TagCreated` event; `None` when a tag of its name was created by
    /// someone else since the caller looked (the caller looks again).
    async fn create_unless_taken(&self, caller: &Principal, tag: Tag, now: Timestamp) -> Result<Option<Tag>> {
        let event = self.deps.event(caller.origin(), EventType::TagCreated, &tag.uid, now);
        match self.deps.store.create_tag(&tag, &event).await {
            Err(Error::AlreadyExists(_)) => Ok(None),
            created => created.map(|()| Some(tag)),
        }
    }

    /// The tag `name` of `repo`, if there is one.
    async fn tag_named(&self, repo: &Uidp, name: &TagName) -> Result<Option<Tag>> {
        let filter = ListFilter {
            uidp: UidpFilter { children_of: Some(repo.clone()), ..UidpFilter::default() },
            name: Some(name.to_string()),
            ..ListFilter::default()
        };
        let query = ListQuery { count_total: false, ..ListQuery::all(filter, Visibility::everything(), 1) };
        Ok(self.deps.store.list_tags(&query).await?.items.into_iter().next())
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
        let bundles = input.bundles.as_deref().map(|b| bundles(&mut v, b));
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
        if let Some(bundles) = bundles {
            tag.bundles = checked(bundles)?;
        }
        tag.update_time = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::TagUpdated, &uid, tag.update_time);
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
        let event = self.deps.event(caller.origin(), EventType::TagDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_tag(&uid, &event).await
    }
}
