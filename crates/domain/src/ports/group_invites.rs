//! Ports of group invites: their store (with the shared contract of [`super::stores`]) and
//! the signing of invite codes.

use async_trait::async_trait;

use crate::error::Result;
use crate::events::NewEvent;
use crate::listing::{ListQuery, StorePage};
use crate::model::{GroupInvite, InviteClaims, RoleBinding, SignedInviteCode};
use crate::uidp::Uidp;

/// Group invites. The code is never stored: only the invite's fields, and when a
/// single-use invite was used.
#[async_trait]
pub trait GroupInviteStore: Send + Sync {
    /// Inserts an invite below an existing group.
    ///
    /// # Errors
    /// `NOT_FOUND` when the group or the role does not exist.
    async fn create_group_invite(&self, invite: &GroupInvite, event: &NewEvent) -> Result<()>;

    /// Fetches one invite.
    ///
    /// # Errors
    /// Only store failures.
    async fn get_group_invite(&self, uid: &Uidp) -> Result<Option<GroupInvite>>;

    /// Runs a list query over invites (`key_id` filters the signing key; `name` does not
    /// apply).
    ///
    /// # Errors
    /// Only store failures.
    async fn list_group_invites(&self, query: &ListQuery) -> Result<StorePage<GroupInvite>>;

    /// Deletes (revokes) an invite.
    ///
    /// # Errors
    /// `NOT_FOUND` when it does not exist.
    async fn delete_group_invite(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;

    /// Redeems invite `invite` for `binding` (whose parent is the invite's group), all in
    /// one transaction: the invite must still exist; a single-use invite must be unused and
    /// is marked used at `binding.create_time`; the binding is inserted with
    /// `binding_event` and `registered_event` is written with it; the identity becomes a
    /// member of the invite's organization (before the binding is hydrated for its event,
    /// so that the event shows who joined). Two concurrent
    /// redemptions of one single-use invite: exactly one succeeds.
    ///
    /// # Errors
    /// `FAILED_PRECONDITION` (`INVITE_REVOKED`) when the invite no longer exists,
    /// (`INVITE_USED`) when it is single-use and used; `NOT_FOUND` when the identity or the
    /// role no longer exists; `ALREADY_EXISTS` when the identity already holds the role in
    /// the group. Nothing is written on error.
    async fn redeem_group_invite(
        &self,
        invite: &Uidp,
        binding: &RoleBinding,
        binding_event: &NewEvent,
        registered_event: &NewEvent,
    ) -> Result<()>;
}

/// Signs and verifies invite codes, so a code can be checked without reading the store.
pub trait InviteCodes: Send + Sync {
    /// A code carrying `claims`, signed with the active key, and that key's id.
    ///
    /// # Errors
    /// `INTERNAL` when signing fails.
    fn sign(&self, claims: &InviteClaims) -> Result<SignedInviteCode>;

    /// The claims of a code signed by a key this server holds (the active or a retired
    /// one). Expiry is not checked here: the domain checks it against its clock.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `code` for anything else: garbage, a foreign or altered code,
    /// an API token.
    fn verify(&self, code: &str) -> Result<InviteClaims>;
}
