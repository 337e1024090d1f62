//! Store port of SCIM provisioning: the users and groups identity providers' SCIM clients
//! write, with the shared contract of [`super::stores`] (each write's event in the same
//! transaction). Users and groups go with their identity provider.

use async_trait::async_trait;

use crate::error::Result;
use crate::events::NewEvent;
use crate::listing::{ListQuery, StorePage};
use crate::model::{ScimGroup, ScimPage, ScimQuery, ScimUser};
use crate::uidp::Uidp;

/// SCIM users and groups of identity providers.
#[async_trait]
pub trait ScimProvisioningStore: Send + Sync {
    /// Inserts a user.
    ///
    /// # Errors
    /// `NOT_FOUND` when its identity provider does not exist; `ALREADY_EXISTS` when the
    /// provider has a user of the same `userName` (regardless of case) or `externalId`.
    async fn create_scim_user(&self, user: &ScimUser, event: &NewEvent) -> Result<()>;

    /// Fetches one user.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_scim_user(&self, uid: &Uidp) -> Result<Option<ScimUser>>;

    /// The user of `provider` whose `externalId` is `external_id`.
    ///
    /// # Errors
    /// Only store failures.
    async fn find_scim_user(&self, provider: &Uidp, external_id: &str) -> Result<Option<ScimUser>>;

    /// The users of `provider` that `query` selects, in uid order, with the count of all
    /// matches. The filter runs in the store (indexed where the store can).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_scim_users(&self, provider: &Uidp, query: &ScimQuery) -> Result<ScimPage<ScimUser>>;

    /// Runs a list query over users (`ListScimUsers`): `identity_provider` selects the
    /// provider, `scim_users` the filters.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_scim_users_page(&self, query: &ListQuery) -> Result<StorePage<ScimUser>>;

    /// Replaces the user whose stored version is `expected_version` with `user` (whose
    /// version is the next). When `user.active` is false, every refresh token of
    /// `user.identity` is deleted in the same transaction.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist; `FAILED_PRECONDITION` (`VERSION_MISMATCH`) when its
    /// version differs; `ALREADY_EXISTS` as for create.
    async fn update_scim_user(&self, user: &ScimUser, expected_version: i64, event: &NewEvent) -> Result<()>;

    /// Records that `identity` logged in as user `uid` (no event: no API change).
    ///
    /// # Errors
    /// Only store failures; a user deleted meanwhile is no error.
    async fn link_scim_user(&self, uid: &Uidp, identity: &Uidp) -> Result<()>;

    /// Deletes the user whose version is `expected_version` with its memberships, and the
    /// identity it is (`user.identity`: its role bindings, refresh tokens and memberships
    /// with it, `identity_event` written when it existed).
    ///
    /// # Errors
    /// `NOT_FOUND`; `FAILED_PRECONDITION` (`VERSION_MISMATCH`).
    async fn delete_scim_user(
        &self,
        user: &ScimUser,
        expected_version: i64,
        event: &NewEvent,
        identity_event: &NewEvent,
    ) -> Result<()>;

    /// Inserts a group with its members.
    ///
    /// # Errors
    /// `NOT_FOUND` when its identity provider or a member user does not exist;
    /// `ALREADY_EXISTS` when the provider has a group of the same `displayName` (regardless
    /// of case).
    async fn create_scim_group(&self, group: &ScimGroup, event: &NewEvent) -> Result<()>;

    /// Fetches one group with its members.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_scim_group(&self, uid: &Uidp) -> Result<Option<ScimGroup>>;

    /// The groups of `provider` that `query` selects, in uid order, with the count of all
    /// matches.
    ///
    /// # Errors
    /// Only store failures.
    async fn list_scim_groups(&self, provider: &Uidp, query: &ScimQuery) -> Result<ScimPage<ScimGroup>>;

    /// Replaces the group whose version is `expected_version` (members included).
    ///
    /// # Errors
    /// As [`Self::create_scim_group`]; `NOT_FOUND` when it does not exist;
    /// `FAILED_PRECONDITION` (`VERSION_MISMATCH`).
    async fn update_scim_group(&self, group: &ScimGroup, expected_version: i64, event: &NewEvent) -> Result<()>;

    /// Deletes the group whose version is `expected_version`.
    ///
    /// # Errors
    /// `NOT_FOUND`; `FAILED_PRECONDITION` (`VERSION_MISMATCH`).
    async fn delete_scim_group(&self, uid: &Uidp, expected_version: i64, event: &NewEvent) -> Result<()>;

    /// The `displayName`s of the groups of `provider` that its user with `externalId`
    /// `external_id` is a member of, sorted: the external groups that the provider's
    /// external group role mappings match for that person.
    ///
    /// # Errors
    /// Only store failures.
    async fn scim_group_names_of(&self, provider: &Uidp, external_id: &str) -> Result<Vec<String>>;
}
