//! Capabilities (with the public names and numbers) and sets of them.

use crate::error::{Error, Result};

macro_rules! capabilities {
    ($($variant:ident = $number:literal, $enum_name:literal, $dotted:literal;)*) => {
        /// One permission, with the public enum name, number and dotted name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Capability {
            $(
                #[doc = concat!("`", $dotted, "` (", stringify!($number), ")")]
                $variant,
            )*
        }

        impl Capability {
            /// Every capability Grove knows, in number order.
            pub const ALL: &'static [Capability] = &[$(Capability::$variant),*];

            /// The public enum number.
            #[must_use]
            pub const fn number(self) -> i32 {
                match self { $(Self::$variant => $number),* }
            }

            /// The public enum name (`CAP_IAM_GROUPS_LIST`), used in v2 JSON.
            #[must_use]
            pub const fn enum_name(self) -> &'static str {
                match self { $(Self::$variant => $enum_name),* }
            }

            /// The dotted name (`groups.list`), used by v1 and token requests.
            #[must_use]
            pub const fn dotted_name(self) -> &'static str {
                match self { $(Self::$variant => $dotted),* }
            }
        }
    };
}

capabilities! {
    Internal = 2, "CAP_INTERNAL", "internal";
    GroupsCreate = 101, "CAP_IAM_GROUPS_CREATE", "groups.create";
    GroupsUpdate = 102, "CAP_IAM_GROUPS_UPDATE", "groups.update";
    GroupsList = 103, "CAP_IAM_GROUPS_LIST", "groups.list";
    GroupsDelete = 104, "CAP_IAM_GROUPS_DELETE", "groups.delete";
    GroupInvitesCreate = 201, "CAP_IAM_GROUP_INVITES_CREATE", "group_invites.create";
    GroupInvitesList = 203, "CAP_IAM_GROUP_INVITES_LIST", "group_invites.list";
    GroupInvitesDelete = 204, "CAP_IAM_GROUP_INVITES_DELETE", "group_invites.delete";
    RolesCreate = 301, "CAP_IAM_ROLES_CREATE", "roles.create";
    RolesUpdate = 302, "CAP_IAM_ROLES_UPDATE", "roles.update";
    RolesList = 303, "CAP_IAM_ROLES_LIST", "roles.list";
    RolesDelete = 304, "CAP_IAM_ROLES_DELETE", "roles.delete";
    RoleBindingsCreate = 401, "CAP_IAM_ROLE_BINDINGS_CREATE", "role_bindings.create";
    RoleBindingsUpdate = 402, "CAP_IAM_ROLE_BINDINGS_UPDATE", "role_bindings.update";
    RoleBindingsList = 403, "CAP_IAM_ROLE_BINDINGS_LIST", "role_bindings.list";
    RoleBindingsDelete = 404, "CAP_IAM_ROLE_BINDINGS_DELETE", "role_bindings.delete";
    AccountAssociationsCreate = 701, "CAP_IAM_ACCOUNT_ASSOCIATIONS_CREATE", "account_associations.create";
    AccountAssociationsUpdate = 702, "CAP_IAM_ACCOUNT_ASSOCIATIONS_UPDATE", "account_associations.update";
    AccountAssociationsList = 703, "CAP_IAM_ACCOUNT_ASSOCIATIONS_LIST", "account_associations.list";
    AccountAssociationsDelete = 704, "CAP_IAM_ACCOUNT_ASSOCIATIONS_DELETE", "account_associations.delete";
    IdentityCreate = 901, "CAP_IAM_IDENTITY_CREATE", "identity.create";
    IdentityUpdate = 902, "CAP_IAM_IDENTITY_UPDATE", "identity.update";
    IdentityList = 903, "CAP_IAM_IDENTITY_LIST", "identity.list";
    IdentityDelete = 904, "CAP_IAM_IDENTITY_DELETE", "identity.delete";
    IdentityProvidersCreate = 1301, "CAP_IAM_IDENTITY_PROVIDERS_CREATE", "identity_providers.create";
    IdentityProvidersUpdate = 1302, "CAP_IAM_IDENTITY_PROVIDERS_UPDATE", "identity_providers.update";
    IdentityProvidersList = 1303, "CAP_IAM_IDENTITY_PROVIDERS_LIST", "identity_providers.list";
    IdentityProvidersDelete = 1304, "CAP_IAM_IDENTITY_PROVIDERS_DELETE", "identity_providers.delete";
    ScimManage = 1305, "CAP_IAM_SCIM_MANAGE", "identity_providers.scim.manage";
    SubscriptionsCreate = 1501, "CAP_EVENTS_SUBSCRIPTION_CREATE", "subscriptions.create";
    SubscriptionsUpdate = 1502, "CAP_EVENTS_SUBSCRIPTION_UPDATE", "subscriptions.update";
    SubscriptionsList = 1503, "CAP_EVENTS_SUBSCRIPTION_LIST", "subscriptions.list";
    SubscriptionsDelete = 1504, "CAP_EVENTS_SUBSCRIPTION_DELETE", "subscriptions.delete";
    RepoBlobsGet = 1600, "CAP_REPO_BLOBS_GET", "repo.blobs.get";
    RepoCreate = 1603, "CAP_REPO_CREATE", "repo.create";
    RepoUpdate = 1604, "CAP_REPO_UPDATE", "repo.update";
    RepoList = 1605, "CAP_REPO_LIST", "repo.list";
    RepoDelete = 1606, "CAP_REPO_DELETE", "repo.delete";
    TagCreate = 1611, "CAP_TAG_CREATE", "tag.create";
    TagUpdate = 1612, "CAP_TAG_UPDATE", "tag.update";
    TagList = 1613, "CAP_TAG_LIST", "tag.list";
    TagDelete = 1614, "CAP_TAG_DELETE", "tag.delete";
    AdvisoriesCreate = 1900, "CAP_ADVISORIES_CREATE", "advisories.create";
    AdvisoriesUpdate = 1901, "CAP_ADVISORIES_UPDATE", "advisories.update";
    AdvisoriesList = 1902, "CAP_ADVISORIES_LIST", "advisories.list";
    AdvisoriesDelete = 1903, "CAP_ADVISORIES_DELETE", "advisories.delete";
    AdvisoriesApprove = 1904, "CAP_ADVISORIES_APPROVE", "advisories.approve";
    RepoInternalAdmin = 1617, "CAP_REPO_INTERNAL_ADMIN", "repo.internal.admin";
    TermsAccept = 2201, "CAP_TERMS_ACCEPT", "terms.accept";
    TermsList = 2202, "CAP_TERMS_LIST", "terms.list";
    // Grove's own capabilities (see `is_groves_own`): numbers from GROVES_OWN_NUMBERS, which
    // the public enum never uses; they are kept in Grove's store, never sent in a public
    // enum field.
    AuditList = 1_000_001, "GROVE_CAP_AUDIT_LIST", "audit.list";
}

/// Where the numbers of Grove's own capabilities start; every public number is below.
pub const GROVES_OWN_NUMBERS: i32 = 1_000_000;

impl Capability {
    /// True for capabilities only staff roles carry (`internal` and the `internal_only` ones
    /// such as `repo.internal.admin`): no built-in role grants them and custom roles made
    /// through the API cannot carry them.
    #[must_use]
    pub const fn is_internal_only(self) -> bool {
        matches!(self, Self::Internal | Self::RepoInternalAdmin)
    }

    /// True for Grove's own capabilities (`audit.list`): they are not values of the public
    /// `Capability` enum, so they never travel in a public enum field (`Role.capabilities`
    /// leaves them out; v1's dotted strings name them). Only built-in roles grant them:
    /// custom roles cannot carry them, since a role made through the public API could not
    /// show them back. docs/wire.md, "Grove-only capabilities".
    #[must_use]
    pub const fn is_groves_own(self) -> bool {
        self.number() >= GROVES_OWN_NUMBERS
    }

    /// True for capabilities that custom roles cannot carry: the internal-only ones and
    /// Grove's own.
    #[must_use]
    pub const fn is_built_in_only(self) -> bool {
        self.is_internal_only() || self.is_groves_own()
    }

    /// Why a custom role cannot carry this capability, if it cannot (the wording every
    /// transport answers, as an `INVALID_ARGUMENT` on `capabilities`).
    #[must_use]
    pub fn custom_role_refusal(self) -> Option<String> {
        if self.is_internal_only() {
            Some(format!("{} is internal-only: custom roles cannot carry it", self.dotted_name()))
        } else if self.is_groves_own() {
            Some(format!(
                "{} is granted by the built-in owner role only: custom roles cannot carry it",
                self.dotted_name()
            ))
        } else {
            None
        }
    }

    /// Looks a capability up by its enum name or its dotted name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.enum_name() == name || c.dotted_name() == name)
    }

    /// Looks a capability up by its public number.
    #[must_use]
    pub fn from_number(number: i32) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.number() == number)
    }

    /// Parses a client-supplied capability name, as `INVALID_ARGUMENT` on `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when the name is unknown.
    pub fn parse_field(field: &str, name: &str) -> Result<Self> {
        Self::from_name(name).ok_or_else(|| Error::invalid(field, format!("unknown capability {name:?}")))
    }
}

/// An ordered set of capabilities: one bit per capability, in declaration (number) order,
/// so that checking, copying and intersecting a set never allocates. Every request's
/// authorization clones and probes these.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct CapabilitySet(u128);

// One bit per capability.
const _: () = assert!(Capability::ALL.len() <= 128);

impl CapabilitySet {
    /// An empty set.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    const fn bit(cap: Capability) -> u128 {
        1 << (cap as u32)
    }

    /// True when `cap` is in the set.
    #[must_use]
    pub fn contains(&self, cap: Capability) -> bool {
        self.0 & Self::bit(cap) != 0
    }

    /// Adds `cap`.
    pub fn insert(&mut self, cap: Capability) {
        self.0 |= Self::bit(cap);
    }

    /// True when the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The capabilities in number order.
    pub fn iter(&self) -> impl Iterator<Item = Capability> + '_ {
        Capability::ALL.iter().copied().filter(|cap| self.contains(*cap))
    }

    /// The capabilities in both sets.
    #[must_use]
    pub fn intersection(&self, other: &Self) -> Self {
        Self(self.0 & other.0)
    }

    /// The capabilities in either set.
    #[must_use]
    pub fn union(&self, other: &Self) -> Self {
        Self(self.0 | other.0)
    }
}

impl std::fmt::Debug for CapabilitySet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Capability> for CapabilitySet {
    fn from_iter<I: IntoIterator<Item = Capability>>(iter: I) -> Self {
        let mut set = Self::new();
        for cap in iter {
            set.insert(cap);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn names_and_numbers_are_the_public_ones() {
        assert_eq!(Capability::GroupsList.number(), 103);
        assert_eq!(Capability::GroupsList.enum_name(), "CAP_IAM_GROUPS_LIST");
        assert_eq!(Capability::IdentityCreate.dotted_name(), "identity.create");
        assert_eq!(Capability::from_name("tag.list"), Some(Capability::TagList));
        assert_eq!(Capability::from_name("CAP_REPO_CREATE"), Some(Capability::RepoCreate));
        assert_eq!(Capability::from_number(404), Some(Capability::RoleBindingsDelete));
        assert_eq!(Capability::from_name("registry.pull"), None);
        assert_eq!(Capability::TermsAccept.number(), 2201);
        assert_eq!(Capability::from_name("terms.list"), Some(Capability::TermsList));
        assert_eq!(Capability::TermsList.enum_name(), "CAP_TERMS_LIST");
        assert_eq!(Capability::from_number(1303), Some(Capability::IdentityProvidersList));
        assert_eq!(Capability::ScimManage.dotted_name(), "identity_providers.scim.manage");
        assert_eq!(Capability::from_name("identity_providers.create"), Some(Capability::IdentityProvidersCreate));
    }

    #[test]
    fn a_set_holds_exactly_what_was_inserted_in_number_order() {
        let set: CapabilitySet =
            [Capability::TermsAccept, Capability::GroupsList, Capability::TermsAccept].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Capability::GroupsList, Capability::TermsAccept]);
        assert!(set.contains(Capability::GroupsList) && !set.contains(Capability::GroupsCreate));
        let all: CapabilitySet = Capability::ALL.iter().copied().collect();
        assert_eq!(all.iter().collect::<Vec<_>>(), Capability::ALL);
        assert_eq!(all.intersection(&set), set);
        assert!(CapabilitySet::new().is_empty() && !set.is_empty());
        assert_eq!(format!("{set:?}"), "{GroupsList, TermsAccept}");
    }

    #[test]
    fn groves_own_capabilities_are_numbered_apart_and_only_built_in_roles_grant_them() {
        let own: Vec<_> = Capability::ALL.iter().filter(|c| c.is_groves_own()).collect();
        assert_eq!(own, [&Capability::AuditList]);
        assert_eq!(Capability::from_name("audit.list"), Some(Capability::AuditList));
        assert!(Capability::AuditList.is_built_in_only());
        assert!(!Capability::GroupsList.is_groves_own());
        assert!(Capability::ALL.iter().filter(|c| !c.is_groves_own()).all(|c| c.number() < GROVES_OWN_NUMBERS));
    }

    #[test]
    fn numbers_and_names_are_unique() {
        let mut numbers: Vec<_> = Capability::ALL.iter().map(|c| c.number()).collect();
        numbers.dedup();
        assert_eq!(numbers.len(), Capability::ALL.len());
        let names: BTreeSet<_> = Capability::ALL.iter().map(|c| c.dotted_name()).collect();
        assert_eq!(names.len(), Capability::ALL.len());
    }
}
