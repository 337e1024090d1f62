//! Role binding operations; responses are hydrated with identity, group and role.
//!
//! Which identities a binding may name: one the caller can see (`identity.list` at the
//! identity's location), or a root-level identity (a person, who logs in through an identity
//! provider and belongs to no group). Any other uid is answered exactly as a uid that does not
//! exist, so that binding cannot be used to probe or read another tenant's identities. The
//! hydrated identity of a binding is shown in full only under the same rule, and a person's
//! only once they joined the binding's organization (a login through one of its providers, an
//! invite redeemed): binding a person reveals their uid and nothing else, here and in the
//! binding's events. The same rule holds on create, on update (for a newly named identity) and
//! in every transport, since they all call this service.
//!
//! A binding hands its role out, so the caller must hold every capability of the role at the
//! binding's group ([`Principal::require_grantable`]), checked once the group, role and
//! identity are known to exist and before anything is written. An update is checked whatever
//! it changes: pointing the binding at another identity hands the role to someone new, and
//! pointing it at another role hands out that role; a batch is refused whole when any of its
//! requests would escalate.

use std::sync::Arc;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::grants_cache::GrantsCache;
use crate::listing::{ListFilter, Page, PageRequest, SortField};
use crate::model::{BoundIdentity, Role, RoleBinding, RoleBindingView};
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, parent_of, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::CreateTime];

/// Binding fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoleBindingInput {
    /// `identityUid`.
    pub identity_uid: Option<String>,
    /// `roleUid`.
    pub role_uid: Option<String>,
}

/// The most bindings one batch creates (the public API's limit).
pub const MAX_BATCH: usize = 25;

/// One request of a batch create: its parent (empty: the batch's) and its binding.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatchRequest {
    /// `parent`.
    pub parent: String,
    /// `roleBinding`.
    pub binding: RoleBindingInput,
}

/// Role binding operations.
#[derive(Debug, Clone)]
pub struct RoleBindingService {
    deps: Deps,
    grants: Arc<GrantsCache>,
}

impl RoleBindingService {
    pub(crate) fn new(deps: Deps, grants: Arc<GrantsCache>) -> Self {
        Self { deps, grants }
    }

    /// Lists the bindings the caller may list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters or a `name` filter; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        filter: ListFilter,
        page: &PageRequest,
    ) -> Result<Page<RoleBindingView>> {
        if filter.name.is_some() {
            return Err(Error::invalid("name", "role bindings have no name; filter by identity, role or uidp"));
        }
        let plan = self.deps.pager.plan(
            page,
            caller.identity(),
            filter,
            caller.visibility(Capability::RoleBindingsList),
            SORTABLE,
        )?;
        let rows = self.deps.store.list_role_bindings(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows).map(|view| shown_to(caller, view)))
    }

    /// Fetches one binding, hydrated.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<RoleBindingView> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::RoleBindingsList, Capability::RoleBindingsList, "role binding", &uid)?;
        self.hydrated(caller, &uid).await
    }

    /// The stored binding as `caller` may see it.
    async fn hydrated(&self, caller: &Principal, uid: &Uidp) -> Result<RoleBindingView> {
        let view = self.deps.store.get_role_binding(uid).await?.ok_or_else(|| not_found("role binding", uid))?;
        Ok(shown_to(caller, view))
    }

    /// Checks that the role exists and is usable in `group` (built in, or defined in the
    /// group or above it) and, when `identity` is given, that the caller may bind it and it
    /// exists (an identity the caller may not bind is reported as missing); returns the role.
    async fn check_references(
        &self,
        caller: &Principal,
        group: &Uidp,
        identity: Option<&Uidp>,
        role: &Uidp,
    ) -> Result<Role> {
        let role_usable = role.is_root() || role.parent().is_some_and(|p| group.is_self_or_descendant_of(&p));
        if !role_usable {
            return Err(Error::invalid(
                "roleUid",
                "roleUid must name a built-in role or a role defined in this group or above it",
            ));
        }
        let found = self.deps.store.get_role(role).await?.ok_or_else(|| not_found("role", role))?;
        if let Some(identity) = identity {
            if !may_see_identity(caller, identity) || self.deps.store.get_identity(identity).await?.is_none() {
                return Err(not_found("identity", identity));
            }
        }
        Ok(found)
    }

    /// Binds an identity to a role in group `parent`; returns the hydrated binding.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT`; `NOT_FOUND` for a missing group, identity or role;
    /// `PERMISSION_DENIED` without `role_bindings.create`, or when the role grants a
    /// capability the caller lacks at the group; `ALREADY_EXISTS` for a duplicate binding.
    pub async fn create(&self, caller: &Principal, parent: &str, input: RoleBindingInput) -> Result<RoleBindingView> {
        let mut v = Violations::default();
        let group = v.take(Uidp::parse_field("parent", parent));
        let identity = v.take(Uidp::parse_field("identityUid", input.identity_uid.as_deref().unwrap_or_default()));
        let role = v.take(Uidp::parse_field("roleUid", input.role_uid.as_deref().unwrap_or_default()));
        v.finish()?;
        let (group, identity_uid, role_uid) = (checked(group)?, checked(identity)?, checked(role)?);
        authorize(caller, Capability::GroupsList, Capability::RoleBindingsCreate, "group", &group)?;
        if self.deps.store.get_group(&group).await?.is_none() {
            return Err(not_found("group", &group));
        }
        let role = self.check_references(caller, &group, Some(&identity_uid), &role_uid).await?;
        caller.require_grantable(&role, &group)?;
        let binding = RoleBinding {
            uid: self.deps.ids.new_child(&group),
            identity_uid,
            role_uid,
            create_time: self.deps.clock.now(),
        };
        let event = self.deps.event(caller.origin(), EventType::RoleBindingCreated, &binding.uid, binding.create_time);
        self.deps.store.create_role_binding(&binding, &event).await?;
        self.grants.clear();
        self.hydrated(caller, &binding.uid).await
    }

    /// Creates up to [`MAX_BATCH`] bindings in `parent`, all or none, answered in request
    /// order. Each request names its parent (empty or `parent`) and its binding; a request
    /// without a role takes `default_role`, and one naming a different role is refused.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` (naming the request: `requests[2].roleBinding.roleUid`) for an
    /// empty or oversized batch, a foreign parent, a missing or conflicting role, or the same
    /// identity and role twice; otherwise as [`Self::create`], and then nothing is written.
    pub async fn batch_create(
        &self,
        caller: &Principal,
        parent: &str,
        requests: Vec<BatchRequest>,
        default_role: &str,
    ) -> Result<Vec<RoleBindingView>> {
        let group = Uidp::parse_field("parent", parent)?;
        if requests.is_empty() || requests.len() > MAX_BATCH {
            return Err(Error::invalid("requests", format!("give 1 to {MAX_BATCH} requests, not {}", requests.len())));
        }
        let default_role =
            (!default_role.is_empty()).then(|| Uidp::parse_field("roleUid", default_role)).transpose()?;
        let mut v = Violations::default();
        let mut pairs = Vec::with_capacity(requests.len());
        for (i, request) in requests.iter().enumerate() {
            let at = |field: &str| format!("requests[{i}].{field}");
            if !request.parent.is_empty() && request.parent != parent {
                v.add(&at("parent"), format!("every request must be in the batch's parent {parent}"));
            }
            let identity = request.binding.identity_uid.as_deref().unwrap_or_default();
            let identity = v.take(Uidp::parse_field(&at("roleBinding.identityUid"), identity));
            let role = match (request.binding.role_uid.as_deref().filter(|r| !r.is_empty()), &default_role) {
                (None, Some(default)) => Some(default.clone()),
                (None, None) => {
                    v.add(&at("roleBinding.roleUid"), "give a role here or the batch's roleUid");
                    None
                }
                (Some(role), default) => {
                    let role = v.take(Uidp::parse_field(&at("roleBinding.roleUid"), role));
                    if let (Some(role), Some(default)) = (&role, default) {
                        if role != default {
                            v.add(&at("roleBinding.roleUid"), format!("differs from the batch's roleUid {default}"));
                        }
                    }
                    role
                }
            };
            if let (Some(identity), Some(role)) = (identity, role) {
                if pairs.contains(&(identity.clone(), role.clone())) {
                    v.add(&at("roleBinding"), "the same identity and role are already in this batch");
                }
                pairs.push((identity, role));
            }
        }
        v.finish()?;
        authorize(caller, Capability::GroupsList, Capability::RoleBindingsCreate, "group", &group)?;
        if self.deps.store.get_group(&group).await?.is_none() {
            return Err(not_found("group", &group));
        }
        // Every reference is checked before any escalation, so that a missing role or
        // identity anywhere in the batch answers as it would alone; nothing is written until
        // every request has passed both.
        let mut roles: Vec<Role> = Vec::new();
        for (identity_uid, role_uid) in &pairs {
            let role = self.check_references(caller, &group, Some(identity_uid), role_uid).await?;
            if !roles.iter().any(|r| r.uid == role.uid) {
                roles.push(role);
            }
        }
        for role in &roles {
            caller.require_grantable(role, &group)?;
        }
        let now = self.deps.clock.now();
        let mut batch = Vec::with_capacity(pairs.len());
        for (identity_uid, role_uid) in pairs {
            let binding =
                RoleBinding { uid: self.deps.ids.new_child(&group), identity_uid, role_uid, create_time: now };
            let event = self.deps.event(caller.origin(), EventType::RoleBindingCreated, &binding.uid, now);
            batch.push((binding, event));
        }
        self.deps.store.create_role_bindings(&batch).await?;
        self.grants.clear();
        let mut views = Vec::with_capacity(batch.len());
        for (binding, _) in &batch {
            views.push(self.hydrated(caller, &binding.uid).await?);
        }
        Ok(views)
    }

    /// Points a binding at another identity or role. The caller must be able to grant the
    /// resulting role at the binding's group whatever changed: a new identity receives the
    /// role as much as a new role is handed out.
    ///
    /// # Errors
    /// As [`Self::create`] (`role_bindings.update` instead of `.create`).
    pub async fn update(&self, caller: &Principal, uid: &str, input: RoleBindingInput) -> Result<RoleBindingView> {
        let uid = Uidp::parse_field("uid", uid)?;
        let mut v = Violations::default();
        let identity = input.identity_uid.as_deref().map(|s| v.take(Uidp::parse_field("identityUid", s)));
        let role = input.role_uid.as_deref().map(|s| v.take(Uidp::parse_field("roleUid", s)));
        v.finish()?;
        authorize(caller, Capability::RoleBindingsList, Capability::RoleBindingsUpdate, "role binding", &uid)?;
        let current = self.deps.store.get_role_binding(&uid).await?.ok_or_else(|| not_found("role binding", &uid))?;
        // Only an identity the request names anew must pass the binding rule; keeping the
        // bound identity (even one the caller cannot see) while changing the role is allowed.
        let new_identity = identity.map(checked).transpose()?.filter(|i| *i != current.identity.uid);
        let binding = RoleBinding {
            uid: uid.clone(),
            identity_uid: new_identity.clone().unwrap_or(current.identity.uid),
            role_uid: role.map(checked).transpose()?.unwrap_or(current.role.uid),
            create_time: current.create_time,
        };
        let group = parent_of(&uid)?;
        let role = self.check_references(caller, &group, new_identity.as_ref(), &binding.role_uid).await?;
        caller.require_grantable(&role, &group)?;
        let event = self.deps.event(caller.origin(), EventType::RoleBindingUpdated, &uid, self.deps.clock.now());
        self.deps.store.update_role_binding(&binding, &event).await?;
        self.grants.clear();
        self.hydrated(caller, &uid).await
    }

    /// Deletes a binding; deleting one that does not exist succeeds.
    ///
    /// # Errors
    /// `NOT_FOUND` when the caller may not see it; `PERMISSION_DENIED`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::RoleBindingsList, Capability::RoleBindingsDelete, "role binding", &uid)?;
        let event = self.deps.event(caller.origin(), EventType::RoleBindingDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_role_binding(&uid, &event).await?;
        self.grants.clear();
        Ok(())
    }
}

/// True when `caller` may name `identity` in a binding: a root-level (person) identity, or
/// one at a place where the caller holds `identity.list`.
fn may_see_identity(caller: &Principal, identity: &Uidp) -> bool {
    identity.is_root() || caller.can(Capability::IdentityList, identity)
}

/// `view` with the bound identity reduced to its uid when the caller may not see its
/// details: an identity of a group where the caller lacks `identity.list`, or a person who
/// has not joined the binding's organization or whom the caller may not list there.
fn shown_to(caller: &Principal, view: RoleBindingView) -> RoleBindingView {
    let identity = &view.identity.uid;
    let visible = if identity.is_root() {
        caller.can(Capability::IdentityList, &view.group.uid)
    } else {
        caller.can(Capability::IdentityList, identity)
    };
    let mut view = view.for_organization();
    if !visible {
        view.identity = BoundIdentity::uid_only(view.identity.uid);
    }
    view
}
