//! Group invites (create, read, revoke, list) and their redemption (the public
//! registration API).
//!
//! An invite promises a role binding, so creating one needs `role_bindings.create` at the
//! group besides `group_invites.create`, and its role must carry no capability its author
//! lacks there ([`Principal::require_grantable`], the rule every binding path shares: an
//! invite cannot hand out more than its author holds). Its code is signed
//! ([`InviteCodes`]) with the invite's uid, role, email, single use and expiry inside, so a
//! forged, altered or expired code is refused without reading the store; the store is read
//! (in the redeeming transaction) only for what a signature cannot say: whether the invite
//! was revoked, and whether a single-use invite was used.

use std::sync::Arc;

use chrono::Duration;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::grants_cache::GrantsCache;
use crate::listing::{Direction, ListFilter, Ordering, Page, PageRequest, SortField};
use crate::model::{GroupInvite, GroupInviteView, InviteClaims, InviteEmail, Registration, Role, RoleBinding};
use crate::ports::InviteCodes;
use crate::uidp::Uidp;

use super::identity_providers::role_usable_in;
use super::{authorize, checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::CreateTime];
const DEFAULT_ORDER: Ordering = Ordering { field: SortField::CreateTime, direction: Direction::Desc };
const KIND: &str = "group invite";

/// The longest lifetime an invite may be given.
pub const MAX_INVITE_TTL_DAYS: i64 = 90;

/// Invite fields from a client.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupInviteInput {
    /// `roleUid`.
    pub role_uid: String,
    /// `email` (empty: anyone holding the code).
    pub email: String,
    /// `ttl`; `None` when not given.
    pub ttl: Option<Duration>,
    /// `singleUse`.
    pub single_use: bool,
}

/// Group invite operations.
#[derive(Clone)]
pub struct GroupInviteService {
    deps: Deps,
    codes: Arc<dyn InviteCodes>,
}

impl std::fmt::Debug for GroupInviteService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupInviteService").finish_non_exhaustive()
    }
}

impl GroupInviteService {
    pub(crate) fn new(deps: Deps, codes: Arc<dyn InviteCodes>) -> Self {
        Self { deps, codes }
    }

    /// Creates an invite to group `parent`; the answer carries its code, the only time the
    /// code is shown.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field (a role not usable in the group included);
    /// `NOT_FOUND` for a group the caller cannot see or a missing role; `PERMISSION_DENIED`
    /// without `group_invites.create` and `role_bindings.create` there, or when the role
    /// grants a capability the caller lacks there.
    pub async fn create(&self, caller: &Principal, parent: &str, input: GroupInviteInput) -> Result<GroupInviteView> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        let role = if input.role_uid.is_empty() {
            v.add("roleUid", "roleUid is required");
            None
        } else {
            v.take(Uidp::parse_field("roleUid", &input.role_uid))
        };
        let email = v.take(InviteEmail::parse("email", &input.email));
        let ttl = match input.ttl {
            None => {
                v.add("ttl", "ttl is required");
                None
            }
            Some(ttl) if ttl < Duration::seconds(1) => {
                v.add("ttl", "ttl must be at least one second");
                None
            }
            Some(ttl) if ttl > Duration::days(MAX_INVITE_TTL_DAYS) => {
                v.add("ttl", format!("ttl must be at most {MAX_INVITE_TTL_DAYS} days"));
                None
            }
            Some(ttl) => Some(ttl),
        };
        if let (Some(parent), Some(role)) = (&parent, &role) {
            if !role_usable_in(role, parent) {
                v.add("roleUid", "roleUid must name a built-in role or a role defined in this group or above it");
            }
        }
        v.finish()?;
        let (parent, role_uid, email, ttl) = (checked(parent)?, checked(role)?, checked(email)?, checked(ttl)?);
        authorize(caller, Capability::GroupsList, Capability::GroupInvitesCreate, "group", &parent)?;
        caller.require(Capability::RoleBindingsCreate, &parent)?;
        let role = self.deps.store.get_role(&role_uid).await?.ok_or_else(|| not_found("role", &role_uid))?;
        caller.require_grantable(&role, &parent)?;
        let now = self.deps.clock.now();
        let uid = self.deps.ids.new_child(&parent);
        let expiration_time = now.plus(ttl);
        let signed = self.codes.sign(&InviteClaims {
            invite: uid.clone(),
            role: role_uid.clone(),
            email: email.as_str().to_owned(),
            single_use: input.single_use,
            expires_at: expiration_time,
        })?;
        let invite = GroupInvite {
            uid,
            role_uid,
            email,
            expiration_time,
            single_use: input.single_use,
            key_id: signed.key_id,
            create_time: now,
            used_time: None,
        };
        let event = self.deps.event(caller.origin(), EventType::GroupInviteCreated, &invite.uid, now);
        self.deps.store.create_group_invite(&invite, &event).await?;
        Ok(GroupInviteView { invite, role: Some(role), code: Some(signed.code) })
    }

    /// Fetches one invite (without its code).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<GroupInviteView> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::GroupInvitesList, Capability::GroupInvitesList, KIND, &uid)?;
        let invite = self.deps.store.get_group_invite(&uid).await?.ok_or_else(|| not_found(KIND, &uid))?;
        let role = self.deps.store.get_role(&invite.role_uid).await?;
        Ok(GroupInviteView { invite, role, code: None })
    }

    /// Lists the invites the caller may list, newest first unless `order_by` says otherwise.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters or a `name` filter; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        filter: ListFilter,
        page: &PageRequest,
    ) -> Result<Page<GroupInviteView>> {
        if filter.name.is_some() {
            return Err(Error::invalid("name", "group invites have no name; filter by key_id or uidp"));
        }
        let visibility = caller.visibility(Capability::GroupInvitesList);
        let plan =
            self.deps.pager.plan_ordered(page, caller.identity(), filter, visibility, SORTABLE, DEFAULT_ORDER)?;
        let rows = self.deps.store.list_group_invites(&plan.query).await?;
        let page = self.deps.pager.finish(&plan, rows);
        let mut roles: Vec<(Uidp, Option<Role>)> = Vec::new();
        for invite in &page.items {
            if !roles.iter().any(|(uid, _)| *uid == invite.role_uid) {
                roles.push((invite.role_uid.clone(), self.deps.store.get_role(&invite.role_uid).await?));
            }
        }
        Ok(page.map(|invite| {
            let role = roles.iter().find(|(uid, _)| *uid == invite.role_uid).and_then(|(_, r)| r.clone());
            GroupInviteView { invite, role, code: None }
        }))
    }

    /// Deletes (revokes) an invite: its code is refused from then on.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`; `PERMISSION_DENIED` without
    /// `group_invites.delete`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::GroupInvitesList, Capability::GroupInvitesDelete, KIND, &uid)?;
        let event = self.deps.event(caller.origin(), EventType::GroupInviteDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_group_invite(&uid, &event).await
    }
}

/// Redemption of invite codes (`POST /auth/v1/register`).
#[derive(Clone)]
pub struct RegistrationService {
    deps: Deps,
    codes: Arc<dyn InviteCodes>,
    grants: Arc<GrantsCache>,
}

impl std::fmt::Debug for RegistrationService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RegistrationService").finish_non_exhaustive()
    }
}

impl RegistrationService {
    pub(crate) fn new(deps: Deps, codes: Arc<dyn InviteCodes>, grants: Arc<GrantsCache>) -> Self {
        Self { deps, codes, grants }
    }

    /// Redeems `code` for the caller (the identity its token names; a person logging in
    /// has a root-level one): the caller gets the invite's role at the invite's group.
    /// `identity_id`, when given, must be the caller.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `code` when it is missing or not a code this server signed
    /// (garbage, altered, foreign), on `identity_id` when it is not the caller;
    /// `FAILED_PRECONDITION` when the invite expired (`INVITE_EXPIRED`), was revoked
    /// (`INVITE_REVOKED`) or is single-use and used (`INVITE_USED`); `PERMISSION_DENIED` when the invite is bound to an email
    /// that is not the caller's verified email, as vouched for by the default provider or a
    /// provider of the invite's organization; `NOT_FOUND` when the caller's identity or
    /// the invite's role no longer exists; `ALREADY_EXISTS` when the caller already holds
    /// the role there; `PERMISSION_DENIED` for a token narrowed by `cap` or `scopes`, even
    /// to the invite's group (joining changes what every token of the identity may do).
    /// Nothing changes on error.
    pub async fn register(&self, caller: &Principal, code: &str, identity_id: &str) -> Result<Registration> {
        caller.require_unnarrowed("redeem invites")?;
        if !identity_id.is_empty() {
            let given = Uidp::parse_field("identity_id", identity_id)?;
            if given != *caller.identity() {
                return Err(Error::invalid("identity_id", "identity_id must be the caller's own identity"));
            }
        }
        let code = code.trim();
        if code.is_empty() {
            return Err(Error::invalid("code", "code is required: the invite code to redeem"));
        }
        let claims = self.codes.verify(code)?;
        let now = self.deps.clock.now();
        if claims.expires_at <= now {
            return Err(Error::precondition("INVITE_EXPIRED", format!("the invite expired at {}", claims.expires_at)));
        }
        let me = caller.identity();
        let identity = self.deps.store.get_identity(me).await?.ok_or_else(|| not_found("identity", me))?;
        // The caller's verified email counts only as far as who vouched for it: the default
        // provider, or a provider of the invite's own organization; never a workload's token.
        let organization = claims.invite.root();
        let vouched =
            if identity.email_voucher.vouches_for_invites_of(&organization) { identity.email.as_str() } else { "" };
        if !InviteEmail::from_stored(claims.email.clone()).admits(vouched) {
            return Err(Error::PermissionDenied(
                "the invite is for another email address than the caller's verified email".to_owned(),
            ));
        }
        let group = claims.invite.parent().ok_or_else(|| Error::invalid("code", "the code names no group"))?;
        let binding = RoleBinding {
            uid: self.deps.ids.new_child(&group),
            identity_uid: me.clone(),
            role_uid: claims.role,
            create_time: now,
        };
        let binding_event = self.deps.event(caller.origin(), EventType::RoleBindingCreated, &binding.uid, now);
        let registered_event = self.deps.event(caller.origin(), EventType::Registered, &binding.uid, now);
        self.deps.store.redeem_group_invite(&claims.invite, &binding, &binding_event, &registered_event).await?;
        self.grants.clear();
        Ok(Registration { identity: me.clone(), group, invite: claims.invite, binding: binding.uid })
    }
}
