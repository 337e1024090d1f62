//! Store port of identity providers' SCIM credentials, with the shared contract of
//! [`super::stores`] (the event is written with the change, `data` rendered from the
//! [`ScimOutcome`] without any token).

use async_trait::async_trait;

use crate::error::Result;
use crate::events::NewEvent;
use crate::model::{ScimCredential, ScimOutcome};
use crate::uidp::Uidp;

/// SCIM credentials, one per identity provider (they go with it).
#[async_trait]
pub trait ScimStore: Send + Sync {
    /// Fetches the SCIM state of identity provider `idp` (`None` when it never had any).
    ///
    /// # Errors
    /// Only store failures.
    async fn get_scim_credential(&self, idp: &Uidp) -> Result<Option<ScimCredential>>;

    /// Fetches the SCIM states of those of `idps` that have one, in one read (a page of
    /// identity providers costs one query, not one per row). The order is unspecified.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_scim_credentials(&self, idps: &[Uidp]) -> Result<Vec<ScimCredential>>;

    /// Writes `next` in place of the state whose etag is `expected_etag` (`""`: no state
    /// stored yet), with `event` rendered from `outcome`.
    ///
    /// # Errors
    /// `NOT_FOUND` when the identity provider does not exist; `FAILED_PRECONDITION`
    /// (`ETAG_MISMATCH`) when the stored state changed meanwhile. Nothing is written on error.
    async fn put_scim_credential(
        &self,
        next: &ScimCredential,
        expected_etag: &str,
        outcome: &ScimOutcome,
        event: &NewEvent,
    ) -> Result<()>;

    /// How many bindings of the built-in owner role organization `org` itself holds.
    ///
    /// # Errors
    /// Only store failures.
    async fn count_org_owner_bindings(&self, org: &Uidp) -> Result<usize>;
}
