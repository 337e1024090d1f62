//! Store ports of identity providers, their external group role mappings and the bindings
//! those mappings made for people, with the
//! shared contract of [`super::stores`] (events written with the change, lists as
//! [`crate::listing::apply_in_memory`] defines them).

use async_trait::async_trait;

use crate::error::Result;
use crate::events::NewEvent;
use crate::listing::{ListQuery, StorePage};
use crate::model::{ExternalGroupRoleMapping, GroupSource, IdentityProvider, MappedBinding, RoleBinding};
use crate::secrets::SealedSecret;
use crate::uidp::Uidp;

/// Identity providers. Client secrets come and go sealed ([`SealedSecret`]): a store never
/// sees one in plain text.
#[async_trait]
pub trait IdentityProviderStore: Send + Sync {
    /// Inserts an identity provider below an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group or the default role does not exist; `ALREADY_EXISTS` when
    /// the group has an identity provider of the same name.
    async fn create_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()>;

    /// Fetches one identity provider.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_identity_provider(&self, uid: &Uidp) -> Result<Option<IdentityProvider>>;

    /// Runs a list query over identity providers (`name` filters the name).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_identity_providers(&self, query: &ListQuery) -> Result<StorePage<IdentityProvider>>;

    /// Replaces an identity provider's mutable fields (the client secret included, exactly
    /// as given).
    ///
    /// # Errors
    /// `NOT_FOUND` when it or the default role does not exist; `ALREADY_EXISTS` on a name
    /// clash.
    async fn update_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()>;

    /// Deletes an identity provider together with its external group role mappings.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn delete_identity_provider(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;

    /// Every stored client secret with its provider's uid, in uid order (what
    /// `grove admin rotate-secrets` seals again).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_client_secrets(&self) -> Result<Vec<(Uidp, SealedSecret)>>;

    /// Replaces provider `uid`'s client secret by `next` if it still is `current`, touching
    /// nothing else (no update time, no event: the secret is the same, only its sealing
    /// changed). Returns whether it was replaced; a secret changed or removed meanwhile is
    /// left alone.
    ///
    /// # Errors
    /// Only store failures.
    async fn replace_client_secret(&self, uid: &Uidp, current: &SealedSecret, next: &SealedSecret) -> Result<bool>;
}

/// External group role mappings, children of their identity provider.
#[async_trait]
pub trait ExternalGroupRoleMappingStore: Send + Sync {
    /// Inserts a mapping below an existing identity provider.
    ///
    /// # Errors
    /// `NOT_FOUND` when the identity provider, the role or the scope group does not exist;
    /// `ALREADY_EXISTS` when the provider already maps the same external group to the same
    /// role at the same scope.
    async fn create_external_group_role_mapping(
        &self,
        mapping: &ExternalGroupRoleMapping,
        event: &NewEvent,
    ) -> Result<()>;

    /// Fetches one mapping.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_external_group_role_mapping(&self, uid: &Uidp) -> Result<Option<ExternalGroupRoleMapping>>;

    /// Runs a list query over mappings (`identity_provider` selects one provider's).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_external_group_role_mappings(&self, query: &ListQuery)
        -> Result<StorePage<ExternalGroupRoleMapping>>;

    /// Deletes a mapping.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn delete_external_group_role_mapping(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;

    /// Deletes those of `uids` that exist (every one a child of `parent`) and returns them,
    /// in the order of `uids`. The event, rendered from what was deleted, is written in the
    /// same transaction only when at least one was; with none nothing is written.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when a uid is not a child of `parent`; then nothing is deleted.
    async fn delete_external_group_role_mappings(
        &self,
        parent: &Uidp,
        uids: &[Uidp],
        event: &NewEvent,
    ) -> Result<Vec<ExternalGroupRoleMapping>>;

    /// The mappings of identity provider `provider` whose external group is one of `groups`.
    ///
    /// # Errors
    /// Only store failures.
    async fn mappings_for_groups(&self, provider: &Uidp, groups: &[String]) -> Result<Vec<ExternalGroupRoleMapping>>;

    /// The records of the bindings that mappings of `provider` made for `identity`, from
    /// every source, whose bindings still exist.
    ///
    /// # Errors
    /// Only store failures.
    async fn mapped_bindings(&self, identity: &Uidp, provider: &Uidp) -> Result<Vec<MappedBinding>>;

    /// The records of the bindings that mapping `mapping` made, for every person, or those of
    /// every mapping below `mapping` when it is an identity provider's uid.
    ///
    /// # Errors
    /// Only store failures.
    async fn mapped_bindings_under(&self, mapping: &Uidp) -> Result<Vec<MappedBinding>>;

    /// Applies one reconciliation of a person's mapped bindings in one transaction; see
    /// [`MappingSync`] for what each part does. Answers what changed.
    ///
    /// # Errors
    /// `NOT_FOUND` when the person, a role or a scope group is gone; then nothing changes.
    async fn sync_mapped_bindings(&self, sync: &MappingSync) -> Result<MappingSynced>;
}

/// A binding a mapping asks for, with the binding and event to write when none exists.
#[derive(Debug, Clone)]
pub struct MappedGrant {
    /// The mapping asking.
    pub mapping_uid: Uidp,
    /// The binding to create (fresh uid at the mapping's scope, its role, the person) when
    /// the person has no binding of that role at that scope.
    pub binding: RoleBinding,
    /// Its `role_binding.created` event, written only when the binding is created.
    pub event: NewEvent,
}

/// A mapped binding a source no longer asks for, with the event of the binding's deletion.
#[derive(Debug, Clone)]
pub struct MappedRevoke {
    /// The record to drop.
    pub record: MappedBinding,
    /// The binding's `role_binding.deleted` event, written only when the binding is deleted.
    pub event: NewEvent,
}

/// One reconciliation of the bindings that mappings made for a person from one source.
///
/// For each grant: when the person has no binding of the role at the scope, the binding is
/// created (with its event) and recorded as the mapping's; when such a binding exists and
/// some mapping record holds it, the mapping's record is added to it; when one exists that no
/// mapping made (it was made by hand, or by the provider's default role), nothing is written
/// and it stays the administrator's. For each revoke: the record is dropped, and the binding
/// is deleted (with its event) once no record holds it any more.
#[derive(Debug, Clone)]
pub struct MappingSync {
    /// The person.
    pub identity: Uidp,
    /// The source whose records these are.
    pub source: GroupSource,
    /// The bindings asked for that the source has no record of yet.
    pub grants: Vec<MappedGrant>,
    /// The records of bindings the source no longer asks for.
    pub revokes: Vec<MappedRevoke>,
}

/// What a [`MappingSync`] changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MappingSynced {
    /// The bindings created.
    pub created: Vec<Uidp>,
    /// The bindings deleted.
    pub deleted: Vec<Uidp>,
}
