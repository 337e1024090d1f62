//! Registry access: which of `pull`, `push` and `delete` a caller holds on an image
//! repository path, for the token service of an OCI registry.
//!
//! A path `<organization>/<rest>` resolves from the organization of that name down through
//! child groups: each further segment that names a child group of the group reached so far
//! (and is not the last segment) descends into it, so the longest matching group path wins;
//! whatever remains, slashes included, is the repo name inside the group reached. Access is
//! decided by capabilities on the repo (or, for a repo not made yet, its group): the
//! RegistryPull set for `pull`, the RegistryPush set for `push` and `delete`. A push to a
//! repo that does not exist creates it through [`RepoService::create`], event included,
//! when the caller may create repos in that group.

use crate::authz::Principal;
use crate::capability::Capability as C;
use crate::error::{Error, Result};
use crate::listing::{ListFilter, ListQuery, UidpFilter, Visibility};
use crate::model::{Repo, Tag};
use crate::uidp::Uidp;

use super::{Deps, RepoInput, RepoService, TagService};

/// What pulling an image needs (the RegistryPull bundle, as far as Grove has its capabilities).
pub const REGISTRY_PULL_CAPS: &[C] = &[C::RepoBlobsGet, C::GroupsList, C::RepoList, C::TagList];

/// What pushing (or deleting) an image needs: RegistryPull plus repo and tag writes (the
/// RegistryPush bundle without `groups.create`: a push never creates groups here).
pub const REGISTRY_PUSH_CAPS: &[C] = &[
    C::RepoBlobsGet,
    C::GroupsList,
    C::RepoList,
    C::TagList,
    C::RepoCreate,
    C::RepoUpdate,
    C::RepoDelete,
    C::TagCreate,
    C::TagUpdate,
    C::TagDelete,
];

/// Group levels a path may descend at most (a bound on store lookups per scope).
const MAX_DEPTH: usize = 16;

/// An action of the registry's token protocol on a repository.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegistryAction {
    /// Read manifests and blobs.
    Pull,
    /// Write manifests and blobs (and create the repo).
    Push,
    /// Delete manifests and blobs.
    Delete,
}

impl RegistryAction {
    /// The action of a protocol action name; `None` for names Grove never grants.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "pull" => Some(Self::Pull),
            "push" => Some(Self::Push),
            "delete" => Some(Self::Delete),
            _ => None,
        }
    }

    /// The protocol's name of the action.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Pull => "pull",
            Self::Push => "push",
            Self::Delete => "delete",
        }
    }

    /// The capabilities the action needs, every one of them.
    #[must_use]
    pub const fn capabilities(self) -> &'static [C] {
        match self {
            Self::Pull => REGISTRY_PULL_CAPS,
            Self::Push | Self::Delete => REGISTRY_PUSH_CAPS,
        }
    }
}

/// True when `caller` holds every capability `action` needs on `target`.
#[must_use]
pub fn holds(caller: &Principal, action: RegistryAction, target: &Uidp) -> bool {
    action.capabilities().iter().all(|cap| caller.can(*cap, target))
}

/// Where a repository path leads: the group it resolves to, the repo name inside it, and the
/// repo when it exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedPath {
    /// The group the repo is (or would be) in.
    pub group: Uidp,
    /// The repo name inside `group`.
    pub repo_name: String,
    /// The repo, when one of that name exists there.
    pub repo: Option<Repo>,
}

/// Decides registry access (see the module documentation for the rules).
#[derive(Debug, Clone)]
pub struct RegistryAccessService {
    deps: Deps,
    repos: RepoService,
    tags: TagService,
}

impl RegistryAccessService {
    /// The service over `deps`.
    #[must_use]
    pub fn new(deps: Deps) -> Self {
        let repos = RepoService::new(deps.clone());
        let tags = TagService::new(deps.clone());
        Self { deps, repos, tags }
    }

    /// True when `caller` may read the registry's catalog: it lists every repository of every
    /// organization, so only a caller who may list repos at the root gets it.
    #[must_use]
    pub fn may_read_catalog(caller: &Principal) -> bool {
        caller.can_at_root(C::RepoList)
    }

    /// Resolves `path` (slash-separated, at least two segments); `None` when no organization
    /// of its first segment exists.
    ///
    /// # Errors
    /// Store failures.
    pub async fn resolve(&self, path: &str) -> Result<Option<ResolvedPath>> {
        let segments: Vec<&str> = path.split('/').collect();
        let [org_name, rest @ ..] = segments.as_slice() else {
            return Ok(None);
        };
        if rest.is_empty() || segments.iter().any(|s| s.is_empty()) {
            return Ok(None);
        }
        let in_root = UidpFilter { in_root: true, ..UidpFilter::default() };
        let Some(mut group) = self.group_named(in_root, org_name).await? else {
            return Ok(None);
        };
        let mut used = 0;
        while used + 1 < rest.len() && used < MAX_DEPTH {
            let below = UidpFilter { children_of: Some(group.clone()), ..UidpFilter::default() };
            match self.group_named(below, rest[used]).await? {
                Some(child) => {
                    group = child;
                    used += 1;
                }
                None => break,
            }
        }
        let repo_name = rest[used..].join("/");
        let repo = self.repo_named(&group, &repo_name).await?;
        Ok(Some(ResolvedPath { group, repo_name, repo }))
    }

    /// The actions of `wanted` that `caller` holds on the repository at `path`, in the order
    /// asked and without duplicates. Asking for what the caller lacks is not an error: it is
    /// left out. `pull` and `delete` need the repo to exist; `push` creates a missing repo
    /// (the caller needs `repo.create` in its group, which the push set includes).
    ///
    /// # Errors
    /// Store failures.
    pub async fn grant(
        &self,
        caller: &Principal,
        path: &str,
        wanted: &[RegistryAction],
    ) -> Result<Vec<RegistryAction>> {
        let Some(mut resolved) = self.resolve(path).await? else {
            return Ok(Vec::new());
        };
        if wanted.contains(&RegistryAction::Push)
            && resolved.repo.is_none()
            && holds(caller, RegistryAction::Push, &resolved.group)
        {
            resolved.repo = self.create_on_push(caller, &resolved).await?;
        }
        let Some(repo) = &resolved.repo else {
            return Ok(Vec::new());
        };
        let mut granted: Vec<RegistryAction> = Vec::new();
        for action in wanted {
            if !granted.contains(action) && holds(caller, *action, &repo.uid) {
                granted.push(*action);
            }
        }
        Ok(granted)
    }

    /// Records that the registry pushed `digest` as tag `tag` of the repository at `path`:
    /// creates the repo's tag or moves it to the digest, through [`TagService::move_tag`] as
    /// `caller` (its event included), so that a moved tag keeps its deprecation and
    /// bundles. `None` when the path leads to no repo.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad tag or digest; `NOT_FOUND`/`PERMISSION_DENIED` when the
    /// caller may not write tags there; store failures.
    pub async fn record_push(&self, caller: &Principal, path: &str, tag: &str, digest: &str) -> Result<Option<Tag>> {
        let Some(ResolvedPath { repo: Some(repo), .. }) = self.resolve(path).await? else {
            return Ok(None);
        };
        self.tags.move_tag(caller, repo.uid.as_str(), tag, digest).await.map(Some)
    }

    /// Creates the repo a push names; `None` when Grove refuses (a name its rules reject,
    /// a missing capability), so that the push is simply not granted.
    async fn create_on_push(&self, caller: &Principal, resolved: &ResolvedPath) -> Result<Option<Repo>> {
        let input = RepoInput { name: Some(resolved.repo_name.clone()), ..RepoInput::default() };
        match self.repos.create(caller, resolved.group.as_str(), input).await {
            Ok(repo) => Ok(Some(repo)),
            // Another push created it in the meantime.
            Err(Error::AlreadyExists(_)) => self.repo_named(&resolved.group, &resolved.repo_name).await,
            Err(Error::InvalidArgument(_) | Error::PermissionDenied(_) | Error::NotFound(_)) => Ok(None),
            Err(other) => Err(other),
        }
    }

    async fn group_named(&self, uidp: UidpFilter, name: &str) -> Result<Option<Uidp>> {
        let filter = ListFilter { uidp, name: Some(name.to_owned()), ..ListFilter::default() };
        let page = self
            .deps
            .store
            .list_groups(&ListQuery { count_total: false, ..ListQuery::all(filter, Visibility::everything(), 1) })
            .await?;
        Ok(page.items.into_iter().next().map(|g| g.uid))
    }

    async fn repo_named(&self, group: &Uidp, name: &str) -> Result<Option<Repo>> {
        let uidp = UidpFilter { children_of: Some(group.clone()), ..UidpFilter::default() };
        let filter = ListFilter { uidp, name: Some(name.to_owned()), ..ListFilter::default() };
        let page = self
            .deps
            .store
            .list_repos(&ListQuery { count_total: false, ..ListQuery::all(filter, Visibility::everything(), 1) })
            .await?;
        Ok(page.items.into_iter().next())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::authz::Grant;
    use crate::builtin::BUILT_IN_ROLES;
    use crate::capability::CapabilitySet;

    const ORG: &str = "0123456789abcdef0123456789abcdef01234567";

    fn role(name: &str) -> CapabilitySet {
        let def = BUILT_IN_ROLES.iter().find(|r| r.name == name).unwrap();
        def.grants.iter().flat_map(|g| g.iter().copied()).collect()
    }

    fn caller(group: &str, capabilities: CapabilitySet) -> Principal {
        let me = Uidp::parse(&format!("{ORG}/00000000000000aa")).unwrap();
        Principal::new(me, vec![Grant { group: Uidp::parse(group).unwrap(), capabilities }], CapabilitySet::new())
    }

    fn uid(s: &str) -> Uidp {
        Uidp::parse(s).unwrap()
    }

    #[test]
    fn the_pull_role_pulls_but_does_not_push_or_delete() {
        let repo = uid(&format!("{ORG}/0000000000000001"));
        let puller = caller(ORG, role("registry.pull"));
        assert!(holds(&puller, RegistryAction::Pull, &repo));
        assert!(!holds(&puller, RegistryAction::Push, &repo));
        assert!(!holds(&puller, RegistryAction::Delete, &repo));
    }

    #[test]
    fn the_push_role_and_owner_push_while_viewer_and_editor_only_pull() {
        let repo = uid(&format!("{ORG}/0000000000000001"));
        for name in ["registry.push", "owner"] {
            let pusher = caller(ORG, role(name));
            assert!(holds(&pusher, RegistryAction::Push, &repo), "{name}");
            assert!(holds(&pusher, RegistryAction::Pull, &repo), "{name}");
        }
        for name in ["viewer", "editor"] {
            let reader = caller(ORG, role(name));
            assert!(holds(&reader, RegistryAction::Pull, &repo), "{name}");
            assert!(!holds(&reader, RegistryAction::Push, &repo), "{name}");
        }
    }

    #[test]
    fn a_binding_in_one_group_reaches_its_descendants_only() {
        let team_a = format!("{ORG}/00000000000000a1");
        let pusher = caller(&team_a, role("registry.push"));
        assert!(holds(&pusher, RegistryAction::Push, &uid(&format!("{team_a}/0000000000000001"))));
        assert!(holds(&pusher, RegistryAction::Pull, &uid(&format!("{team_a}/00000000000000b1/0000000000000001"))));
        let team_b_repo = uid(&format!("{ORG}/00000000000000b2/0000000000000001"));
        assert!(!holds(&pusher, RegistryAction::Pull, &team_b_repo));
        assert!(!holds(&pusher, RegistryAction::Push, &uid(&format!("{ORG}/0000000000000001"))));
    }

    #[test]
    fn a_role_missing_one_pull_capability_does_not_pull() {
        let repo = uid(&format!("{ORG}/0000000000000001"));
        let mut caps = role("registry.pull");
        caps = caps.intersection(&[C::GroupsList, C::RepoList, C::TagList].into_iter().collect());
        assert!(!holds(&caller(ORG, caps), RegistryAction::Pull, &repo));
    }

    #[test]
    fn action_names_round_trip_and_unknown_names_are_not_actions() {
        for action in [RegistryAction::Pull, RegistryAction::Push, RegistryAction::Delete] {
            assert_eq!(RegistryAction::from_name(action.name()), Some(action));
        }
        assert_eq!(RegistryAction::from_name("*"), None);
        assert_eq!(RegistryAction::from_name("PULL"), None);
    }

    #[test]
    fn only_root_repo_listing_reads_the_catalog() {
        let owner = caller(ORG, role("owner"));
        assert!(!RegistryAccessService::may_read_catalog(&owner));
        let root = Principal::new(uid(ORG), Vec::new(), [C::RepoList].into_iter().collect());
        assert!(RegistryAccessService::may_read_catalog(&root));
    }
}
