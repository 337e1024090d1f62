//! Authorization: who the caller is and which capabilities they hold where.
//!
//! A binding in group G grants its role's capabilities on G and everything below G.
//! Identities named as root identities in the configuration also hold `groups.create` at
//! the root, which is what creating an organization requires.

use std::sync::Arc;

use crate::capability::{Capability, CapabilitySet};
use crate::error::{Error, Result};
use crate::listing::Visibility;
use crate::ports::{ApiTokenVerifier, RoleBindingStore};
use crate::uidp::Uidp;

/// Capabilities held at a group and below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// Where the binding is.
    pub group: Uidp,
    /// What its role grants.
    pub capabilities: CapabilitySet,
}

/// An authenticated caller and everything it may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    identity: Uidp,
    grants: Vec<Grant>,
    root: CapabilitySet,
}

impl Principal {
    /// A caller with `grants` and, at the root, `root` capabilities.
    #[must_use]
    pub fn new(identity: Uidp, grants: Vec<Grant>, root: CapabilitySet) -> Self {
        Self { identity, grants, root }
    }

    /// The caller's identity uid.
    #[must_use]
    pub fn identity(&self) -> &Uidp {
        &self.identity
    }

    /// True when the caller holds `cap` on `target` (through a binding at or above it).
    #[must_use]
    pub fn can(&self, cap: Capability, target: &Uidp) -> bool {
        self.root.contains(cap)
            || self.grants.iter().any(|g| g.capabilities.contains(cap) && target.is_self_or_descendant_of(&g.group))
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

    /// The groups below which the caller holds `cap`, without nested duplicates.
    #[must_use]
    pub fn scopes(&self, cap: Capability) -> Vec<Uidp> {
        let mut groups: Vec<&Uidp> =
            self.grants.iter().filter(|g| g.capabilities.contains(cap)).map(|g| &g.group).collect();
        groups.sort();
        groups.dedup();
        groups.iter().filter(|g| !groups.iter().any(|o| g.is_descendant_of(o))).map(|g| (*g).clone()).collect()
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

/// Turns a bearer token into a [`Principal`].
pub struct Authenticator {
    verifier: Arc<dyn ApiTokenVerifier>,
    bindings: Arc<dyn RoleBindingStore>,
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
    pub fn new(
        verifier: Arc<dyn ApiTokenVerifier>,
        bindings: Arc<dyn RoleBindingStore>,
        root_identities: Vec<Uidp>,
    ) -> Self {
        Self { verifier, bindings, root_identities }
    }

    /// Verifies the `Authorization` header value and loads the caller's grants.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when the header is missing, is not `Bearer <token>`, or the token
    /// fails verification; store failures as they come.
    pub async fn authenticate(&self, authorization: Option<&str>) -> Result<Principal> {
        let header = authorization
            .ok_or_else(|| Error::Unauthenticated("the request has no Authorization header".to_owned()))?;
        let token = header
            .strip_prefix("Bearer ")
            .or_else(|| header.strip_prefix("bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| Error::Unauthenticated("the Authorization header must be \"Bearer <token>\"".to_owned()))?;
        let verified = self.verifier.verify(token)?;
        let grants = self.bindings.grants_of(&verified.subject).await?;
        let root = if self.root_identities.contains(&verified.subject) {
            [Capability::GroupsCreate].into_iter().collect()
        } else {
            CapabilitySet::new()
        };
        Ok(Principal::new(verified.subject, grants, root))
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
        assert_eq!(p.scopes(Capability::RepoList), vec![a]);
        assert_eq!(p.scopes(Capability::GroupsList), Vec::<Uidp>::new());
    }
}
