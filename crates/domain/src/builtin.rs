//! The built-in roles Grove ships: root-level, fixed uids, never changed or deleted.

use crate::capability::{Capability as C, CapabilitySet};
use crate::model::Role;
use crate::names::{Description, DisplayName};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// One built-in role's fixed definition.
#[derive(Debug, Clone, Copy)]
pub struct BuiltInRole {
    /// Its fixed single-segment uid.
    pub uid: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Its description (marks it built in).
    pub description: &'static str,
    /// What it grants, as a union of capability groups.
    pub grants: &'static [&'static [C]],
}

const LIST_ALL: &[C] = &[
    C::GroupsList,
    C::GroupInvitesList,
    C::AccountAssociationsList,
    C::RolesList,
    C::RoleBindingsList,
    C::IdentityList,
    C::IdentityProvidersList,
    C::SubscriptionsList,
    C::RepoList,
    C::TagList,
    C::AdvisoriesList,
];
const SUBSCRIPTION_WRITE: &[C] = &[C::SubscriptionsCreate, C::SubscriptionsUpdate, C::SubscriptionsDelete];
const PULL: &[C] = &[C::RepoBlobsGet, C::GroupsList, C::RepoList, C::TagList];
const REPO_WRITE: &[C] = &[C::RepoCreate, C::RepoUpdate, C::RepoDelete];
const TAG_WRITE: &[C] = &[C::TagCreate, C::TagUpdate, C::TagDelete];
/// Reading the audit trail (Grove's own capability: the owner's alone).
const AUDIT: &[C] = &[C::AuditList];
/// Accepting and listing terms (the public OwnerCaps bundle; editor and viewer have neither).
const TERMS: &[C] = &[C::TermsAccept, C::TermsList];
const IAM_WRITE: &[C] = &[
    C::GroupsCreate,
    C::GroupsUpdate,
    C::GroupsDelete,
    C::RolesCreate,
    C::RolesUpdate,
    C::RolesDelete,
    C::RoleBindingsCreate,
    C::RoleBindingsUpdate,
    C::RoleBindingsDelete,
    C::IdentityCreate,
    C::IdentityUpdate,
    C::IdentityDelete,
    C::IdentityProvidersCreate,
    C::IdentityProvidersUpdate,
    C::IdentityProvidersDelete,
    C::ScimManage,
    C::GroupInvitesCreate,
    C::GroupInvitesDelete,
    C::AccountAssociationsCreate,
    C::AccountAssociationsUpdate,
    C::AccountAssociationsDelete,
];

/// The advisory writes: no built-in role grants them (API.md section 3: the owner bundle
/// leaves them out), but custom roles may carry them, for the people who triage advisories.
pub const CUSTOM_ROLES_ONLY: &[C] =
    &[C::AdvisoriesCreate, C::AdvisoriesUpdate, C::AdvisoriesDelete, C::AdvisoriesApprove];

/// True when no built-in role grants `capability`: the advisory writes
/// ([`CUSTOM_ROLES_ONLY`]) and the internal-only capabilities ([`C::is_internal_only`]).
#[must_use]
pub fn no_built_in_role_grants(capability: C) -> bool {
    CUSTOM_ROLES_ONLY.contains(&capability) || capability.is_internal_only()
}

/// Uid of the built-in `owner` role.
pub const OWNER: &str = "00000000000000000000000000000000000000b1";
/// Uid of the built-in `editor` role.
pub const EDITOR: &str = "00000000000000000000000000000000000000b2";
/// Uid of the built-in `viewer` role.
pub const VIEWER: &str = "00000000000000000000000000000000000000b3";
/// Uid of the built-in `registry.pull` role.
pub const REGISTRY_PULL: &str = "00000000000000000000000000000000000000b4";
/// Uid of the built-in `registry.push` role.
pub const REGISTRY_PUSH: &str = "00000000000000000000000000000000000000b5";

/// The built-in roles: viewer reads everything and pulls; editor adds repo writes; owner
/// adds every IAM and registry write; registry.pull and registry.push cover images only.
pub const BUILT_IN_ROLES: &[BuiltInRole] = &[
    BuiltInRole {
        uid: OWNER,
        name: "owner",
        description: "Built-in role: full control of the group and everything in it.",
        grants: &[LIST_ALL, PULL, REPO_WRITE, TAG_WRITE, IAM_WRITE, SUBSCRIPTION_WRITE, TERMS, AUDIT],
    },
    BuiltInRole {
        uid: EDITOR,
        name: "editor",
        description: "Built-in role: read everything and manage repos; no IAM changes.",
        grants: &[LIST_ALL, PULL, REPO_WRITE, SUBSCRIPTION_WRITE],
    },
    BuiltInRole {
        uid: VIEWER,
        name: "viewer",
        description: "Built-in role: read-only access to the group and everything in it, including image pulls.",
        grants: &[LIST_ALL, PULL],
    },
    BuiltInRole {
        uid: REGISTRY_PULL,
        name: "registry.pull",
        description: "Built-in role: pull images and list repos and tags.",
        grants: &[PULL],
    },
    BuiltInRole {
        uid: REGISTRY_PUSH,
        name: "registry.push",
        description: "Built-in role: push images, manage repos and tags, create nested groups.",
        grants: &[PULL, REPO_WRITE, TAG_WRITE, &[C::GroupsCreate]],
    },
];

/// The built-in roles as [`Role`] values, stamped with `created`.
#[must_use]
pub fn built_in_roles(created: Timestamp) -> Vec<Role> {
    BUILT_IN_ROLES
        .iter()
        .map(|def| Role {
            uid: Uidp::from_static(def.uid),
            name: DisplayName::parse("name", def.name).unwrap_or_default(),
            description: Description::from_static(def.description),
            capabilities: def.grants.iter().flat_map(|group| group.iter().copied()).collect::<CapabilitySet>(),
            create_time: created,
            update_time: created,
        })
        .collect()
}

/// The uid of the built-in `owner` role.
#[must_use]
pub fn owner_role_uid() -> Uidp {
    Uidp::from_static(OWNER)
}

/// What the built-in `owner` role grants.
#[must_use]
pub fn owner_capabilities() -> CapabilitySet {
    BUILT_IN_ROLES
        .iter()
        .filter(|def| def.uid == OWNER)
        .flat_map(|def| def.grants.iter().flat_map(|group| group.iter().copied()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_roles_are_root_level_with_valid_uids_and_names() {
        let roles = built_in_roles(Timestamp::from_unix_millis(0).unwrap());
        let names: Vec<_> = roles.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["owner", "editor", "viewer", "registry.pull", "registry.push"]);
        assert!(roles.iter().all(|r| r.is_built_in() && r.description.as_str().starts_with("Built-in role")));
    }

    #[test]
    fn owner_holds_every_capability_and_viewer_only_reads() {
        let roles = built_in_roles(Timestamp::from_unix_millis(0).unwrap());
        assert!(C::ALL.iter().filter(|c| !no_built_in_role_grants(**c)).all(|c| roles[0].capabilities.contains(*c)));
        assert_eq!(owner_capabilities(), roles[0].capabilities);
        assert!(roles
            .iter()
            .all(|r| C::ALL.iter().filter(|c| no_built_in_role_grants(**c)).all(|c| !r.capabilities.contains(*c))));
        let viewer = &roles[2];
        assert!(viewer.capabilities.contains(C::GroupsList));
        assert!(!viewer.capabilities.contains(C::GroupsCreate));
        assert!(viewer.capabilities.iter().all(|c| c.dotted_name().ends_with(".list") || c == C::RepoBlobsGet));
        assert!(viewer.capabilities.contains(C::IdentityProvidersList));
        assert!(!roles[1].capabilities.contains(C::IdentityProvidersCreate), "editor makes no IAM changes");
    }

    #[test]
    fn only_the_owner_accepts_and_lists_terms() {
        let roles = built_in_roles(Timestamp::from_unix_millis(0).unwrap());
        for role in &roles {
            let owner = role.name.as_str() == "owner";
            assert_eq!(role.capabilities.contains(C::TermsAccept), owner, "{}", role.name);
            assert_eq!(role.capabilities.contains(C::TermsList), owner, "{}", role.name);
        }
    }
}
