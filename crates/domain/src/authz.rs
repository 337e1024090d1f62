//! Authorization: who the caller is and which capabilities they hold where.
//!
//! A binding in group G grants its role's capabilities on G and everything below G.
//! Identities named as root identities in the configuration also hold `groups.create` at
//! the root, which is what creating an organization requires.
//!
//! Nobody hands out more than they hold: every path that promises a role at a group (a
//! binding created, batch created or updated, an identity provider's default role, an
//! external group role mapping, an invite, a custom role's changed capabilities) asks
//! [`Principal::require_grantable`], Kubernetes RBAC's escalation prevention in one place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::audit::{Actor, Origin, Transport};
use crate::builtin::{owner_capabilities, CUSTOM_ROLES_ONLY};
use crate::capability::{Capability, CapabilitySet};
use crate::error::{Error, Result};
use crate::grants_cache::GrantsCache;
use crate::listing::{Scopes, Visibility};
use crate::model::Role;
use crate::ports::ApiTokenVerifier;
use crate::uidp::Uidp;

/// Capabilities held at a group and below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// Where the binding is.
    pub group: Uidp,
    /// What its role grants.
    pub capabilities: CapabilitySet,
}

/// Grants at or below this many are searched one by one: cheaper than hashing a few
/// ancestors for the usual caller with a handful of bindings.
const SCANNED_GRANTS: usize = 16;

/// An identity's grants, indexed once for every request that shares them: the capabilities
/// held at each group (so `can` looks up the target and its ancestors, not every grant), and,
/// built on first use per capability, the collapsed [`Scopes`] a list needing it may show.
/// A caller bound in 100 000 groups costs O(depth) per check and O(n log n) once per
/// grants-cache fill instead of O(n) per check and O(n²) per list.
pub struct Grants {
    list: Vec<Grant>,
    by_group: HashMap<Uidp, CapabilitySet>,
    scopes: Mutex<HashMap<Capability, Scopes>>,
}

impl Grants {
    /// Indexes `list`.
    #[must_use]
    pub fn new(list: Vec<Grant>) -> Self {
        let mut by_group: HashMap<Uidp, CapabilitySet> = HashMap::new();
        if list.len() > SCANNED_GRANTS {
            for grant in &list {
                let held = by_group.entry(grant.group.clone()).or_default();
                *held = held.union(&grant.capabilities);
            }
        }
        Self { list, by_group, scopes: Mutex::new(HashMap::new()) }
    }

    /// The grants, one per binding.
    #[must_use]
    pub fn as_slice(&self) -> &[Grant] {
        &self.list
    }

    /// True when a grant at `target` or above it holds `cap`.
    fn can(&self, cap: Capability, target: &Uidp) -> bool {
        if self.list.len() <= SCANNED_GRANTS {
            return self.list.iter().any(|g| g.capabilities.contains(cap) && target.is_self_or_descendant_of(&g.group));
        }
        target.self_and_ancestors().any(|group| self.by_group.get(&group).is_some_and(|held| held.contains(cap)))
    }

    /// The collapsed groups below which `cap` is held, built once per capability.
    fn scopes(&self, cap: Capability) -> Scopes {
        if let Some(scopes) = self.scopes.lock().unwrap_or_else(PoisonError::into_inner).get(&cap) {
            return scopes.clone();
        }
        let built = Scopes::new(self.list.iter().filter(|g| g.capabilities.contains(cap)).map(|g| g.group.clone()));
        self.scopes.lock().unwrap_or_else(PoisonError::into_inner).entry(cap).or_insert(built).clone()
    }
}

impl From<Vec<Grant>> for Grants {
    fn from(list: Vec<Grant>) -> Self {
        Self::new(list)
    }
}

impl PartialEq for Grants {
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list
    }
}

impl Eq for Grants {}

impl std::fmt::Debug for Grants {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Grants").field("list", &self.list).finish_non_exhaustive()
    }
}

/// An authenticated caller and everything it may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    identity: Uidp,
    grants: Arc<Grants>,
    root: CapabilitySet,
    /// The token was narrowed by `cap` or `scopes` (see [`Restriction`]).
    narrowed: bool,
    /// The request and transport it came through, recorded on every change it makes.
    origin: Origin,
}

impl Principal {
    /// A caller with `grants` and, at the root, `root` capabilities.
    #[must_use]
    pub fn new(identity: Uidp, grants: Vec<Grant>, root: CapabilitySet) -> Self {
        Self::sharing(identity, Arc::new(Grants::new(grants)), root)
    }

    /// A caller with `grants` shared with others (the cached grants of its identity).
    #[must_use]
    pub fn sharing(identity: Uidp, grants: Arc<Grants>, root: CapabilitySet) -> Self {
        let origin = Origin { actor: Actor::identity(identity.clone()), ..Origin::system() };
        Self { identity, grants, root, narrowed: false, origin }
    }

    /// The same caller, acting in request `request_id` through `transport` (the transports
    /// call this once they have authenticated the request).
    #[must_use]
    pub fn through(self, transport: Transport, request_id: &str) -> Self {
        let origin = Origin::new(self.origin.actor.clone(), request_id, transport);
        Self { origin, ..self }
    }

    /// Where the caller's changes come from: its identity, request id and transport.
    #[must_use]
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The same caller, marked as holding a token narrowed by `cap` or `scopes`.
    #[must_use]
    pub fn narrowed(self) -> Self {
        Self { narrowed: true, ..self }
    }

    /// True when the caller's token was narrowed by `cap` or `scopes`.
    #[must_use]
    pub fn is_narrowed(&self) -> bool {
        self.narrowed
    }

    /// Succeeds unless the caller's token is narrowed. For the self-service writes on the
    /// caller's own identity (redeeming an invite, updating its metadata, asking to join an
    /// organization): no capability covers them, so no narrowing can include them, and a
    /// narrowed token is a delegation for what its narrowing names, not the identity itself.
    /// `action` completes "a token narrowed by cap or scopes cannot ...".
    ///
    /// # Errors
    /// `PERMISSION_DENIED` naming the action, when the token is narrowed.
    pub fn require_unnarrowed(&self, action: &str) -> Result<()> {
        if self.narrowed {
            Err(Error::PermissionDenied(format!(
                "a token narrowed by cap or scopes cannot {action}; use a token exchanged without cap and scopes"
            )))
        } else {
            Ok(())
        }
    }

    /// The caller's identity uid.
    #[must_use]
    pub fn identity(&self) -> &Uidp {
        &self.identity
    }

    /// True when the caller holds `cap` on `target` (through a binding at or above it).
    #[must_use]
    pub fn can(&self, cap: Capability, target: &Uidp) -> bool {
        self.root.contains(cap) || self.grants.can(cap, target)
    }

    /// True when the caller holds `cap` at the root (above every organization).
    #[must_use]
    pub fn can_at_root(&self, cap: Capability) -> bool {
        self.root.contains(cap)
    }

    /// Succeeds when the caller holds `cap` on `target`.
    ///
    /// # Errors
    /// `PERMISSION_DENIED` naming the missing capability.
    pub fn require(&self, cap: Capability, target: &Uidp) -> Result<()> {
        if self.can(cap, target) {
            Ok(())
        } else {
            Err(Error::PermissionDenied(format!("the caller lacks {} on {target}", cap.dotted_name())))
        }
    }

    /// Succeeds when the caller may hand out `role` at `group`: it holds every capability of
    /// the role there (through a binding at or above `group`, after any narrowing of its
    /// token), so that whoever receives the role gets nothing its giver lacks.
    ///
    /// The advisory writes ([`CUSTOM_ROLES_ONLY`]) are the one allowance: no built-in role
    /// carries them, so nobody would hold them to begin with; a caller holding every
    /// capability of the built-in `owner` role at `group` may hand them out there as well.
    ///
    /// # Errors
    /// `PERMISSION_DENIED` naming every capability the caller lacks (dotted names, in
    /// capability order): `the caller lacks groups.delete, roles.create on <group>, which
    /// role <uid> grants`.
    pub fn require_grantable(&self, role: &Role, group: &Uidp) -> Result<()> {
        // Whether the caller is an owner at `group`: worked out once, and only when needed.
        let owner_here = std::cell::OnceCell::new();
        let is_owner_here = || *owner_here.get_or_init(|| owner_capabilities().iter().all(|o| self.can(o, group)));
        let may_pass_on =
            |cap: Capability| self.can(cap, group) || (CUSTOM_ROLES_ONLY.contains(&cap) && is_owner_here());
        let missing: Vec<&str> =
            role.capabilities.iter().filter(|cap| !may_pass_on(*cap)).map(Capability::dotted_name).collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(Error::PermissionDenied(format!(
            "the caller lacks {} on {group}, which role {} grants",
            missing.join(", "),
            role.uid
        )))
    }

    /// The groups below which the caller holds `cap`, sorted, none inside another; built once
    /// per capability for the grants the caller shares with its other requests.
    #[must_use]
    pub fn scopes(&self, cap: Capability) -> Scopes {
        self.grants.scopes(cap)
    }

    /// What an unscoped list needing `cap` may show this caller.
    #[must_use]
    pub fn visibility(&self, cap: Capability) -> Visibility {
        if self.root.contains(cap) {
            Visibility::everything()
        } else {
            Visibility { scopes: Some(self.scopes(cap)), root_level: false }
        }
    }
}

/// What an exchanged token may still do: never more than its identity's bindings grant, and
/// less when the exchange asked for fewer capabilities or fewer groups.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Restriction {
    /// When set, only these capabilities are kept from every grant.
    pub capabilities: Option<CapabilitySet>,
    /// When set, grants only reach inside these groups (each group and everything below it).
    pub scopes: Option<Vec<Uidp>>,
}

impl Restriction {
    /// True when the token is not narrowed at all.
    #[must_use]
    pub fn is_unrestricted(&self) -> bool {
        self.capabilities.is_none() && self.scopes.is_none()
    }

    /// Narrows `grants` and the `root` capabilities.
    ///
    /// A grant at G and a scope S overlap in the subtree of whichever is deeper: a binding
    /// above the scope applies at the scope, a binding inside it stays where it is, any other
    /// binding is dropped. A token restricted to scopes holds nothing at the root.
    #[must_use]
    pub fn apply(&self, grants: Vec<Grant>, root: CapabilitySet) -> (Vec<Grant>, CapabilitySet) {
        let narrow = |caps: &CapabilitySet| match &self.capabilities {
            Some(only) => caps.intersection(only),
            None => caps.clone(),
        };
        let mut kept: Vec<Grant> = Vec::new();
        for grant in grants {
            let capabilities = narrow(&grant.capabilities);
            if capabilities.is_empty() {
                continue;
            }
            let Some(scopes) = &self.scopes else {
                kept.push(Grant { group: grant.group, capabilities });
                continue;
            };
            for scope in scopes {
                let group = if scope.is_self_or_descendant_of(&grant.group) {
                    scope
                } else if grant.group.is_descendant_of(scope) {
                    &grant.group
                } else {
                    continue;
                };
                let narrowed = Grant { group: group.clone(), capabilities: capabilities.clone() };
                if !kept.contains(&narrowed) {
                    kept.push(narrowed);
                }
            }
        }
        let root = if self.scopes.is_some() { CapabilitySet::new() } else { narrow(&root) };
        (kept, root)
    }
}

/// The token of an `Authorization: Bearer <token>` header value.
///
/// # Errors
/// `UNAUTHENTICATED` when the header is missing, is not `Bearer <token>`, or the token is empty.
pub fn bearer_token(authorization: Option<&str>) -> Result<&str> {
    let header =
        authorization.ok_or_else(|| Error::Unauthenticated("the request has no Authorization header".to_owned()))?;
    header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| Error::Unauthenticated("the Authorization header must be \"Bearer <token>\"".to_owned()))
}

/// Turns a bearer token into a [`Principal`].
pub struct Authenticator {
    verifier: Arc<dyn ApiTokenVerifier>,
    grants: Arc<GrantsCache>,
    root_identities: Vec<Uidp>,
}

impl std::fmt::Debug for Authenticator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Authenticator").field("root_identities", &self.root_identities).finish_non_exhaustive()
    }
}

impl Authenticator {
    /// An authenticator; `root_identities` may create organizations.
    #[must_use]
    pub fn new(verifier: Arc<dyn ApiTokenVerifier>, grants: Arc<GrantsCache>, root_identities: Vec<Uidp>) -> Self {
        Self { verifier, grants, root_identities }
    }

    /// Verifies the `Authorization` header value and loads the caller's grants, narrowed by
    /// whatever [`Restriction`] the token carries (and then marked [`Principal::narrowed`]).
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when the header is missing, is not `Bearer <token>`, the token
    /// fails verification, or the token's identity no longer exists (a token outlives a
    /// delete by up to its lifetime; the grants cache answers that too, so another node may
    /// accept it for up to the cache's TTL); store failures as they come.
    pub async fn authenticate(&self, authorization: Option<&str>) -> Result<Principal> {
        let token = bearer_token(authorization)?;
        let verified = self.verifier.verify(token)?;
        let Some(grants) = self.grants.grants_of(&verified.subject).await? else {
            return Err(Error::Unauthenticated(format!(
                "identity {} of this token no longer exists",
                verified.subject
            )));
        };
        let root = if self.root_identities.contains(&verified.subject) {
            [Capability::GroupsCreate].into_iter().collect()
        } else {
            CapabilitySet::new()
        };
        if verified.restriction.is_unrestricted() {
            return Ok(Principal::sharing(verified.subject, grants, root));
        }
        let (grants, root) = verified.restriction.apply(grants.as_slice().to_vec(), root);
        Ok(Principal::new(verified.subject, grants, root).narrowed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(list: &[Capability]) -> CapabilitySet {
        list.iter().copied().collect()
    }

    #[test]
    fn a_binding_grants_on_its_group_and_below_only() {
        let org = Uidp::random_root();
        let a = org.random_child();
        let b = org.random_child();
        let p = Principal::new(
            Uidp::random_root().random_child(),
            vec![Grant { group: a.clone(), capabilities: caps(&[Capability::GroupsList]) }],
            CapabilitySet::new(),
        );
        assert!(p.can(Capability::GroupsList, &a));
        assert!(p.can(Capability::GroupsList, &a.random_child().random_child()));
        assert!(!p.can(Capability::GroupsList, &org));
        assert!(!p.can(Capability::GroupsList, &b));
        assert!(!p.can(Capability::GroupsCreate, &a));
        assert_eq!(
            p.require(Capability::GroupsCreate, &a).unwrap_err(),
            Error::PermissionDenied(format!("the caller lacks groups.create on {a}"))
        );
    }

    #[test]
    fn restriction_to_capabilities_keeps_only_those_present_in_the_grant() {
        let org = Uidp::random_root();
        let grants =
            vec![Grant { group: org.clone(), capabilities: caps(&[Capability::RepoList, Capability::RepoCreate]) }];
        let only =
            Restriction { capabilities: Some(caps(&[Capability::RepoList, Capability::TagDelete])), scopes: None };
        let (kept, root) = only.apply(grants, caps(&[Capability::GroupsCreate]));
        assert_eq!(kept, vec![Grant { group: org, capabilities: caps(&[Capability::RepoList]) }]);
        assert!(root.is_empty());
    }

    #[test]
    fn restriction_to_scopes_moves_grants_above_down_and_drops_grants_elsewhere() {
        let org = Uidp::random_root();
        let (a, b) = (org.random_child(), org.random_child());
        let a_deep = a.random_child();
        let viewer = caps(&[Capability::GroupsList]);
        let grants = vec![
            Grant { group: org.clone(), capabilities: viewer.clone() },
            Grant { group: a_deep.clone(), capabilities: caps(&[Capability::RepoCreate]) },
            Grant { group: b.clone(), capabilities: caps(&[Capability::TagList]) },
        ];
        let scoped = Restriction { capabilities: None, scopes: Some(vec![a.clone()]) };
        let (kept, root) = scoped.apply(grants, caps(&[Capability::GroupsCreate]));
        assert_eq!(
            kept,
            vec![
                Grant { group: a.clone(), capabilities: viewer },
                Grant { group: a_deep, capabilities: caps(&[Capability::RepoCreate]) },
            ]
        );
        assert!(root.is_empty(), "a scoped token cannot act at the root");
        let p = Principal::new(Uidp::random_root(), kept, root);
        assert!(p.can(Capability::GroupsList, &a) && !p.can(Capability::GroupsList, &org));
        assert!(!p.can(Capability::TagList, &b));
    }

    #[test]
    fn no_restriction_changes_nothing() {
        let org = Uidp::random_root();
        let grants = vec![Grant { group: org, capabilities: caps(&[Capability::RepoList]) }];
        let root = caps(&[Capability::GroupsCreate]);
        assert!(Restriction::default().is_unrestricted());
        assert_eq!(Restriction::default().apply(grants.clone(), root.clone()), (grants, root));
    }

    #[test]
    fn bearer_token_needs_the_bearer_scheme_and_a_token() {
        assert_eq!(bearer_token(Some("Bearer abc")), Ok("abc"));
        assert_eq!(bearer_token(Some("bearer  abc ")), Ok("abc"));
        for bad in [None, Some("Basic abc"), Some("Bearer "), Some("abc")] {
            assert_eq!(bearer_token(bad).unwrap_err().code(), crate::error::Code::Unauthenticated, "{bad:?}");
        }
    }

    fn role_granting(uid: &Uidp, list: &[Capability]) -> Role {
        let at = crate::time::Timestamp::from_unix_millis(0).unwrap();
        Role {
            uid: uid.clone(),
            name: crate::names::DisplayName::parse("name", "r").unwrap(),
            description: crate::names::Description::default(),
            capabilities: caps(list),
            create_time: at,
            update_time: at,
        }
    }

    fn holding(group: &Uidp, list: &[Capability]) -> Principal {
        Principal::new(
            Uidp::random_root(),
            vec![Grant { group: group.clone(), capabilities: caps(list) }],
            CapabilitySet::new(),
        )
    }

    #[test]
    fn a_role_is_grantable_where_the_caller_holds_every_capability_of_it() {
        let org = Uidp::random_root();
        let a = org.random_child();
        let role = role_granting(&org.random_child(), &[Capability::RepoList, Capability::RepoCreate]);
        let p = holding(&a, &[Capability::RepoList, Capability::RepoCreate, Capability::TagList]);
        assert_eq!(p.require_grantable(&role, &a), Ok(()));
        assert_eq!(p.require_grantable(&role, &a.random_child()), Ok(()), "a binding reaches below its group");
        assert_eq!(
            p.require_grantable(&role, &org).unwrap_err(),
            Error::PermissionDenied(format!(
                "the caller lacks repo.create, repo.list on {org}, which role {} grants",
                role.uid
            )),
            "holding the role below a group is not holding it at the group"
        );
    }

    #[test]
    fn refusal_names_every_missing_capability_in_capability_order() {
        let org = Uidp::random_root();
        let role = role_granting(
            &org.random_child(),
            &[
                Capability::RoleBindingsDelete,
                Capability::GroupsList,
                Capability::GroupsDelete,
                Capability::GroupsCreate,
            ],
        );
        let binder = holding(&org, &[Capability::RoleBindingsCreate, Capability::GroupsList]);
        assert_eq!(
            binder.require_grantable(&role, &org).unwrap_err(),
            Error::PermissionDenied(format!(
                "the caller lacks groups.create, groups.delete, role_bindings.delete on {org}, which role {} grants",
                role.uid
            ))
        );
    }

    #[test]
    fn a_narrowed_token_grants_only_what_its_narrowing_kept() {
        let org = Uidp::random_root();
        let (grants, root) = Restriction { capabilities: Some(caps(&[Capability::RepoList])), scopes: None }
            .apply(vec![Grant { group: org.clone(), capabilities: owner_capabilities() }], CapabilitySet::new());
        let narrowed = Principal::new(Uidp::random_root(), grants, root);
        let role = role_granting(&org.random_child(), &[Capability::RepoList, Capability::RepoDelete]);
        assert_eq!(
            narrowed.require_grantable(&role, &org).unwrap_err(),
            Error::PermissionDenied(format!("the caller lacks repo.delete on {org}, which role {} grants", role.uid))
        );
        let reader = role_granting(&org.random_child(), &[Capability::RepoList]);
        assert_eq!(narrowed.require_grantable(&reader, &org), Ok(()));
    }

    #[test]
    fn advisory_writes_are_grantable_by_their_holders_and_by_an_owner_of_the_group() {
        let org = Uidp::random_root();
        let a = org.random_child();
        let triage = role_granting(&org.random_child(), &[Capability::AdvisoriesList, Capability::AdvisoriesCreate]);
        let owner_of_a = Principal::new(
            Uidp::random_root(),
            vec![Grant { group: a.clone(), capabilities: owner_capabilities() }],
            CapabilitySet::new(),
        );
        assert!(!owner_of_a.can(Capability::AdvisoriesCreate, &a), "the owner role does not carry it");
        assert_eq!(owner_of_a.require_grantable(&triage, &a), Ok(()));
        assert_eq!(
            owner_of_a.require_grantable(&triage, &org).unwrap_err(),
            Error::PermissionDenied(format!(
                "the caller lacks advisories.create, advisories.list on {org}, which role {} grants",
                triage.uid
            ))
        );
        let almost_owner = owner_capabilities().iter().filter(|c| *c != Capability::TermsAccept).collect();
        let binder = Principal::new(
            Uidp::random_root(),
            vec![Grant { group: org.clone(), capabilities: almost_owner }],
            CapabilitySet::new(),
        );
        assert_eq!(
            binder.require_grantable(&triage, &a).unwrap_err(),
            Error::PermissionDenied(format!(
                "the caller lacks advisories.create on {a}, which role {} grants",
                triage.uid
            )),
            "short of one owner capability, the allowance does not apply"
        );
        let triager = holding(&org, &[Capability::AdvisoriesList, Capability::AdvisoriesCreate]);
        assert_eq!(triager.require_grantable(&triage, &a), Ok(()), "a holder passes on what it holds");
    }

    #[test]
    fn a_caller_with_many_grants_is_checked_through_the_index_like_a_scan() {
        let org = Uidp::random_root();
        let teams: Vec<Uidp> = (0..50).map(|_| org.random_child()).collect();
        let mut grants: Vec<Grant> = teams
            .iter()
            .enumerate()
            .map(|(i, t)| Grant {
                group: if i % 2 == 0 { t.clone() } else { t.random_child() },
                capabilities: caps(if i % 3 == 0 { &[Capability::RepoList] } else { &[Capability::GroupsList] }),
            })
            .collect();
        grants.push(Grant { group: teams[1].clone(), capabilities: caps(&[Capability::TagList]) });
        let p = Principal::new(Uidp::random_root(), grants.clone(), CapabilitySet::new());
        let scan = |cap: Capability, target: &Uidp| {
            grants.iter().any(|g| g.capabilities.contains(cap) && target.is_self_or_descendant_of(&g.group))
        };
        let targets: Vec<Uidp> = teams
            .iter()
            .flat_map(|t| [t.clone(), t.random_child(), t.random_child().random_child()])
            .chain(grants.iter().map(|g| g.group.random_child()))
            .chain([org.clone()])
            .collect();
        for cap in [Capability::RepoList, Capability::GroupsList, Capability::TagList, Capability::GroupsDelete] {
            for target in &targets {
                assert_eq!(p.can(cap, target), scan(cap, target), "{cap:?} on {target}");
            }
            let scopes = p.scopes(cap);
            assert!(scopes.iter().all(|s| grants.iter().any(|g| &g.group == s && g.capabilities.contains(cap))));
            assert_eq!(p.scopes(cap), scopes, "built once, the same each time");
        }
        assert_eq!(p.scopes(Capability::TagList).as_slice(), [teams[1].clone()]);
    }

    #[test]
    fn scopes_drop_groups_nested_in_other_scopes() {
        let org = Uidp::random_root();
        let a = org.random_child();
        let p = Principal::new(
            Uidp::random_root(),
            vec![
                Grant { group: a.random_child(), capabilities: caps(&[Capability::RepoList]) },
                Grant { group: a.clone(), capabilities: caps(&[Capability::RepoList]) },
                Grant { group: org.clone(), capabilities: caps(&[Capability::TagList]) },
            ],
            CapabilitySet::new(),
        );
        assert_eq!(p.scopes(Capability::RepoList).as_slice(), [a]);
        assert!(p.scopes(Capability::GroupsList).is_empty());
    }
}
