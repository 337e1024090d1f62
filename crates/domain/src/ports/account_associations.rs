//! Ports of account associations: their store (with the shared contract of
//! [`super::stores`]) and the probe that would ask a cloud whether an association works.

use async_trait::async_trait;

#[cfg(any(test, feature = "mock"))]
use mockall::automock;

use crate::error::{Error, Result};
use crate::events::NewEvent;
use crate::listing::{ListQuery, StorePage};
use crate::model::{AccountAssociation, AccountProviderType, CheckResult};
use crate::uidp::Uidp;

/// Account associations: at most one per group, keyed by the group's uid; they go with
/// their group.
#[async_trait]
pub trait AccountAssociationStore: Send + Sync {
    /// Inserts the association of an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group does not exist; `ALREADY_EXISTS` when it has one.
    async fn create_account_association(&self, association: &AccountAssociation, event: &NewEvent) -> Result<()>;

    /// Fetches a group's association.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_account_association(&self, uid: &Uidp) -> Result<Option<AccountAssociation>>;

    /// Runs a list query over associations (`name` is exact, `group` the exact group).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_account_associations(&self, query: &ListQuery) -> Result<StorePage<AccountAssociation>>;

    /// Replaces an association's fields (all but uid and create time).
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn update_account_association(&self, association: &AccountAssociation, event: &NewEvent) -> Result<()>;

    /// Deletes a group's association; `Ok(false)` (and no event) when there was none.
    ///
    /// # Errors
    /// Only store failures.
    async fn delete_account_association(&self, uid: &Uidp, event: &NewEvent) -> Result<bool>;
}

/// Asks a cloud provider whether an association's account trusts the platform (a live
/// credential exchange). The domain checks everything it can check locally first.
#[cfg_attr(any(test, feature = "mock"), automock)]
#[async_trait]
pub trait CloudAccountProbe: Send + Sync {
    /// Probes the `provider` account of `association`, which is configured and well formed.
    ///
    /// # Errors
    /// `FAILED_PRECONDITION` when the provider cannot be reached from this server.
    async fn probe(&self, association: &AccountAssociation, provider: AccountProviderType) -> Result<CheckResult>;
}

/// The probe of a server without outbound cloud credentials: it never pretends an account
/// works, it says the check cannot be completed here.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoCloudAccess;

#[async_trait]
impl CloudAccountProbe for NoCloudAccess {
    async fn probe(&self, association: &AccountAssociation, provider: AccountProviderType) -> Result<CheckResult> {
        Err(Error::precondition(
            "CLOUD_UNREACHABLE",
            format!(
                "the {} account of {} is well formed, but this server cannot reach {} to complete the check",
                provider.label(),
                association.uid,
                provider.label()
            ),
        ))
    }
}
