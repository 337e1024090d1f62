//! Store ports, one per resource, with the semantics every adapter must reproduce.
//!
//! Shared contract: uids are assigned by the domain before `create`; every mutating method
//! takes the [`NewEvent`] that describes it and, when (and only when) the change commits,
//! stores its [`crate::events::EventRecord`] in the same transaction, with `data` rendered
//! from the value written (`EventData::Empty` for deletes); `list` runs the
//! [`ListQuery`] exactly as [`crate::listing::apply_in_memory`] defines it; a store failure
//! that a retry may cure is `UNAVAILABLE`, anything else unexpected is `INTERNAL`.

use async_trait::async_trait;

#[cfg(any(test, feature = "mock"))]
use mockall::automock;

use crate::authz::Grant;
use crate::error::Result;
use crate::events::NewEvent;
use crate::listing::{ListQuery, StorePage};
use crate::model::{
    Group, GroupAccessRequest, Identity, IdentityMetadata, IdentityMetadataView, Repo, Role, RoleBinding,
    RoleBindingView, Seen, Tag, TermsAcceptance, TermsAccepted,
};
use crate::names::Digest;
use crate::time::Timestamp;
use crate::uidp::Uidp;

use super::GroupInviteStore;
use super::{AdvisoryStore, ExternalGroupRoleMappingStore, IdentityProviderStore, OutboxStore, SubscriptionStore};

/// Groups and organizations.
#[async_trait]
pub trait GroupStore: Send + Sync {
    /// Inserts a group below an existing parent.
    ///
    /// # Errors
    /// `NOT_FOUND` when the parent group does not exist; `ALREADY_EXISTS` when a sibling
    /// has the same name.
    async fn create_group(&self, group: &Group, event: &NewEvent) -> Result<()>;

    /// Inserts an organization and its owner binding in one transaction.
    ///
    /// # Errors
    /// `ALREADY_EXISTS` when an organization has the same name; `NOT_FOUND` when the
    /// binding's identity or role does not exist. Nothing is written on error.
    async fn create_organization(&self, group: &Group, owner: &RoleBinding, event: &NewEvent) -> Result<()>;

    /// Inserts an organization, an owner identity directly inside it, and that identity's
    /// owner binding on it, in one transaction (what `grove admin bootstrap` needs).
    ///
    /// # Errors
    /// `ALREADY_EXISTS` when an organization has the same name; `NOT_FOUND` when the
    /// binding's role does not exist; `INVALID_ARGUMENT` when the identity or binding is not
    /// directly inside the organization or the binding is not the identity's. Nothing is
    /// written on error.
    async fn create_owned_organization(&self, group: &Group, identity: &Identity, owner: &RoleBinding) -> Result<()>;

    /// Fetches one group.
    ///
    /// # Errors
    /// Only store failures; a missing group is `Ok(None)`.
    async fn get_group(&self, uid: &Uidp) -> Result<Option<Group>>;

    /// Runs a list query over groups (`name` filters the group name).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_groups(&self, query: &ListQuery) -> Result<StorePage<Group>>;

    /// Writes a group's name, description and update time, in one statement; returns the
    /// stored group, which `event` is rendered from. `group.verified` is not written: the
    /// stored flag stays as it is, and is cleared when the stored name differs from the new
    /// one (a verified organization vouched for its name, not for the next one), so that a
    /// flag read before the change is never written back.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `ALREADY_EXISTS` on a sibling name clash.
    async fn update_group(&self, group: &Group, event: &NewEvent) -> Result<Group>;

    /// Deletes a group that holds no repos, groups, identities or roles; the role
    /// bindings, subscriptions and terms acceptances in it are deleted with it, in the same
    /// transaction.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `FAILED_PRECONDITION` (`RESOURCE_NOT_EMPTY`,
    /// message `cannot delete group with child <kind>`) naming the first kind found in the
    /// order repos, groups, identities, roles, identity providers. External group role
    /// mappings whose scope is the group go with it.
    async fn delete_group(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
}

/// Identities.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait IdentityStore: Send + Sync {
    /// Inserts an identity below an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group does not exist; `ALREADY_EXISTS` when the group has an
    /// identity of the same name.
    async fn create_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()>;

    /// Fetches one identity.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_identity(&self, uid: &Uidp) -> Result<Option<Identity>>;

    /// Runs a list query over identities.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_identities(&self, query: &ListQuery) -> Result<StorePage<Identity>>;

    /// Replaces an identity's mutable fields (including `last_seen_time`).
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `ALREADY_EXISTS` on a name clash.
    async fn update_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()>;

    /// Sets only `last_seen_time`, and `email` / `email_unverified` when `seen` carries an
    /// email, of an identity (after a successful token exchange), as
    /// [`Identity::record_seen`] does, with an update of those columns only so that a
    /// concurrent edit is never undone. This is no API mutation: it emits no event.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn record_identity_seen(&self, uid: &Uidp, seen: &Seen) -> Result<()>;

    /// Deletes an identity together with every role binding of it.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn delete_identity(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
}

/// Roles (built-in roles are present in every store and never written).
#[async_trait]
pub trait RoleStore: Send + Sync {
    /// Inserts a custom role below an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group does not exist; `ALREADY_EXISTS` on a name clash.
    async fn create_role(&self, role: &Role, event: &NewEvent) -> Result<()>;

    /// Fetches one role, built-in or custom.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_role(&self, uid: &Uidp) -> Result<Option<Role>>;

    /// Runs a list query over roles.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_roles(&self, query: &ListQuery) -> Result<StorePage<Role>>;

    /// Replaces a custom role's mutable fields.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `ALREADY_EXISTS` on a name clash.
    async fn update_role(&self, role: &Role, event: &NewEvent) -> Result<()>;

    /// Deletes a custom role that no binding uses.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `FAILED_PRECONDITION` (`RESOURCE_IN_USE`) while
    /// a binding uses it (`cannot delete role that is bound to identities`), an identity
    /// provider names it as its default role (`… that is the default role of an identity
    /// provider`) or an external group role mapping grants it (`… that an external group
    /// role mapping grants`).
    async fn delete_role(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
}

/// Role bindings and the grants they add up to.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait RoleBindingStore: Send + Sync {
    /// Inserts a binding below an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group, identity or role does not exist; `ALREADY_EXISTS` when
    /// the same identity already holds the same role in the group.
    async fn create_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()>;

    /// Inserts several bindings, each with its event, all or none.
    ///
    /// # Errors
    /// As [`Self::create_role_binding`] for the first binding that cannot be written; then
    /// nothing is written.
    async fn create_role_bindings(&self, batch: &[(RoleBinding, NewEvent)]) -> Result<()>;

    /// Fetches one binding, hydrated.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_role_binding(&self, uid: &Uidp) -> Result<Option<RoleBindingView>>;

    /// Runs a list query over bindings (`identity` and `role` filters apply; `name` does not).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_role_bindings(&self, query: &ListQuery) -> Result<StorePage<RoleBindingView>>;

    /// Points a binding at another identity or role.
    ///
    /// # Errors
    /// `NOT_FOUND` when the binding, identity or role does not exist; `ALREADY_EXISTS` on a
    /// duplicate.
    async fn update_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()>;

    /// Deletes a binding; returns whether it existed.
    ///
    /// # Errors
    /// Only store failures.
    async fn delete_role_binding(&self, uid: &Uidp, event: &NewEvent) -> Result<bool>;

    /// Every (group, capabilities) pair the identity's bindings grant; `None` when the
    /// identity does not exist (so that its tokens can be refused), in one read.
    ///
    /// # Errors
    /// Only store failures.
    async fn grants_of(&self, identity: &Uidp) -> Result<Option<Vec<Grant>>>;
}

/// Repos.
#[async_trait]
pub trait RepoStore: Send + Sync {
    /// Inserts a repo below an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group does not exist; `ALREADY_EXISTS` on a name clash.
    async fn create_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()>;

    /// Fetches one repo.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_repo(&self, uid: &Uidp) -> Result<Option<Repo>>;

    /// The repos named `name` directly in an organization (a root group) named `org`.
    ///
    /// # Errors
    /// Only store failures.
    async fn find_repos_by_path(&self, org: &str, name: &str) -> Result<Vec<Repo>>;

    /// Runs a list query over repos.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_repos(&self, query: &ListQuery) -> Result<StorePage<Repo>>;

    /// Replaces a repo's mutable fields.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `ALREADY_EXISTS` on a name clash.
    async fn update_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()>;

    /// Deletes a repo without tags.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `FAILED_PRECONDITION` (`RESOURCE_NOT_EMPTY`,
    /// `cannot delete repo with child tags`) while it has tags.
    async fn delete_repo(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
}

/// Tags.
#[async_trait]
pub trait TagStore: Send + Sync {
    /// Creates the tag, or, when its repo already has a tag of that name, updates that
    /// tag's digest and deprecation; returns the stored tag. No service calls it: an upsert
    /// cannot tell a create from a move, which need different capabilities, so CreateTag
    /// looks the name up and uses [`Self::create_tag`] or [`Self::update_tag`].
    ///
    /// # Errors
    /// `NOT_FOUND` when the repo does not exist.
    async fn put_tag(&self, tag: &Tag, event: &NewEvent) -> Result<Tag>;

    /// Fetches one tag.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_tag(&self, uid: &Uidp) -> Result<Option<Tag>>;

    /// Runs a list query over tags.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_tags(&self, query: &ListQuery) -> Result<StorePage<Tag>>;

    /// Creates the tag, and only creates it (unlike [`Self::put_tag`]).
    ///
    /// # Errors
    /// `NOT_FOUND` when the repo does not exist; `ALREADY_EXISTS` when the repo already has
    /// a tag of that name (or the uid is taken). Then nothing is written.
    async fn create_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()>;

    /// Replaces a tag's mutable fields.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `ALREADY_EXISTS` on a name clash.
    async fn update_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()>;

    /// Points tag `uid` at `digest` and sets its update time to `at`, leaving every other
    /// field as stored (in one statement, so that a concurrent change of another field is
    /// kept); returns the stored tag, which `event` is rendered from.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn move_tag(&self, uid: &Uidp, digest: &Digest, at: Timestamp, event: &NewEvent) -> Result<Tag>;

    /// Deletes a tag.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn delete_tag(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
}

/// Terms acceptances: which legal documents each group accepted.
#[async_trait]
pub trait TermsStore: Send + Sync {
    /// Records the acceptances of `accepted.group` whose document that group has not
    /// accepted yet (an accepted document keeps its first acceptance, uid, time and
    /// acceptor) and returns how many were new. The event is written, in the same
    /// transaction, only when at least one was; with none new nothing is written.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group does not exist; then nothing is written.
    async fn accept_terms(&self, accepted: &TermsAccepted, event: &NewEvent) -> Result<usize>;

    /// Runs a list query over terms acceptances (`terms_of` selects a group's own and its
    /// ancestors' acceptances; `name` and the binding filters do not apply).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_terms_acceptances(&self, query: &ListQuery) -> Result<StorePage<TermsAcceptance>>;
}

/// Onboarding: requests for access to verified organizations, and the metadata identities
/// give about themselves.
#[async_trait]
pub trait OnboardingStore: Send + Sync {
    /// Records a request for access to its organization (the parent of `request.uid`), with
    /// its event in the same transaction. An identity asks each organization once; the
    /// request goes with the organization.
    ///
    /// # Errors
    /// `NOT_FOUND` when the organization does not exist; `RESOURCE_EXHAUSTED` when
    /// `request.identity` already asked for it. Nothing is written on error.
    async fn request_group_access(&self, request: &GroupAccessRequest, event: &NewEvent) -> Result<()>;

    /// The metadata identity `uid` gave (all empty when it never gave any); `None` when the
    /// identity does not exist.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_identity_metadata(&self, uid: &Uidp) -> Result<Option<IdentityMetadata>>;

    /// Stores `view.metadata` for identity `view.uid`, its `company` as the identity's own
    /// (with `update_time` set to `event.time` when the company changes), with the event
    /// rendered from `view`; only those columns of the identity are written, so a
    /// concurrent edit of its other fields is never undone. The metadata goes with the
    /// identity.
    ///
    /// # Errors
    /// `NOT_FOUND` when the identity does not exist; then nothing is written.
    async fn put_identity_metadata(&self, view: &IdentityMetadataView, event: &NewEvent) -> Result<()>;
}

/// Whether the store can serve requests (for readiness probes).
#[async_trait]
pub trait StoreHealth: Send + Sync {
    /// Succeeds when the store answers.
    ///
    /// # Errors
    /// `UNAVAILABLE` when it does not.
    async fn ping(&self) -> Result<()>;
}

/// Every store port, as one object (adapters implement all of them on one type).
pub trait Store:
    GroupStore
    + IdentityStore
    + RoleStore
    + RoleBindingStore
    + RepoStore
    + TagStore
    + SubscriptionStore
    + TermsStore
    + OnboardingStore
    + IdentityProviderStore
    + ExternalGroupRoleMappingStore
    + super::LoginStore
    + AdvisoryStore
    + GroupInviteStore
    + super::ScimStore
    + super::ScimProvisioningStore
    + super::AccountAssociationStore
    + OutboxStore
    + super::AuditStore
    + super::ConsoleSessionStore
    + StoreHealth
{
}

impl<T> Store for T where
    T: GroupStore
        + IdentityStore
        + RoleStore
        + RoleBindingStore
        + RepoStore
        + TagStore
        + SubscriptionStore
        + TermsStore
        + OnboardingStore
        + IdentityProviderStore
        + ExternalGroupRoleMappingStore
        + super::LoginStore
        + AdvisoryStore
        + GroupInviteStore
        + super::ScimStore
        + super::ScimProvisioningStore
        + super::AccountAssociationStore
        + OutboxStore
        + super::AuditStore
        + super::ConsoleSessionStore
        + StoreHealth
{
}
