//! Role operations; built-in roles are visible to every caller and never change.
//!
//! Changing a custom role's capabilities hands the new set to everyone bound to it, at the
//! role's group or below, so the caller must be able to grant the changed role at its group
//! ([`Principal::require_grantable`]). Creating a role hands nothing out (binding it is
//! checked), and renaming or describing one changes no grant, so neither is checked.

use std::sync::Arc;

use crate::authz::Principal;
use crate::capability::{Capability, CapabilitySet};
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::grants_cache::GrantsCache;
use crate::listing::{ListFilter, Page, PageRequest, SortField};
use crate::model::Role;
use crate::names::{Description, DisplayName};
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, parent_of, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];

/// Role fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoleInput {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `capabilities`, as enum names (`CAP_IAM_GROUPS_LIST`) or dotted names.
    pub capabilities: Option<Vec<String>>,
}

fn capabilities(v: &mut Violations, names: &[String]) -> Option<CapabilitySet> {
    if names.is_empty() {
        v.add("capabilities", "a role needs at least one capability");
        return None;
    }
    let parsed: Vec<_> = names
        .iter()
        .map(|n| {
            v.take(Capability::parse_field("capabilities", n).and_then(|c| match c.custom_role_refusal() {
                Some(why) => Err(Error::invalid("capabilities", why)),
                None => Ok(c),
            }))
        })
        .collect();
    parsed.into_iter().collect::<Option<CapabilitySet>>()
}

fn built_in_is_immutable(uid: &Uidp) -> Error {
    Error::precondition("BUILT_IN_ROLE", format!("role {uid} is built in and cannot be changed or deleted"))
}

/// Role operations.
#[derive(Debug, Clone)]
pub struct RoleService {
    deps: Deps,
    grants: Arc<GrantsCache>,
}

impl RoleService {
    pub(crate) fn new(deps: Deps, grants: Arc<GrantsCache>) -> Self {
        Self { deps, grants }
    }

    /// Lists the built-in roles and the custom roles the caller may list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(&self, caller: &Principal, filter: ListFilter, page: &PageRequest) -> Result<Page<Role>> {
        let mut visibility = caller.visibility(Capability::RolesList);
        visibility.root_level = true;
        let plan = self.deps.pager.plan(page, caller.identity(), filter, visibility, SORTABLE)?;
        let rows = self.deps.store.list_roles(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one role; built-in roles are visible to every caller.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Role> {
        let uid = Uidp::parse_field("uid", uid)?;
        if !uid.is_root() {
            authorize(caller, Capability::RolesList, Capability::RolesList, "role", &uid)?;
        }
        self.deps.store.get_role(&uid).await?.ok_or_else(|| not_found("role", &uid))
    }

    /// Creates a custom role in group `parent`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` (a role needs a name and at least one capability); `NOT_FOUND`;
    /// `PERMISSION_DENIED`; `ALREADY_EXISTS`.
    pub async fn create(&self, caller: &Principal, parent: &str, input: RoleInput) -> Result<Role> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        let name = v.take(DisplayName::parse("name", input.name.as_deref().unwrap_or_default()));
        let description = v.take(Description::parse("description", input.description.as_deref().unwrap_or_default()));
        let caps = capabilities(&mut v, input.capabilities.as_deref().unwrap_or_default());
        v.finish()?;
        let parent = checked(parent)?;
        authorize(caller, Capability::GroupsList, Capability::RolesCreate, "group", &parent)?;
        let now = self.deps.clock.now();
        let role = Role {
            uid: self.deps.ids.new_child(&parent),
            name: checked(name)?,
            description: checked(description)?,
            capabilities: checked(caps)?,
            create_time: now,
            update_time: now,
        };
        let event = self.deps.event(caller.origin(), EventType::RoleCreated, &role.uid, now);
        self.deps.store.create_role(&role, &event).await?;
        Ok(role)
    }

    /// Changes the given fields of a custom role.
    ///
    /// # Errors
    /// As [`Self::create`]; `FAILED_PRECONDITION` for a built-in role; `PERMISSION_DENIED`
    /// when the capabilities change and the caller lacks one of the new set at the role's
    /// group.
    pub async fn update(&self, caller: &Principal, uid: &str, input: RoleInput) -> Result<Role> {
        let uid = Uidp::parse_field("uid", uid)?;
        let mut v = Violations::default();
        let name = input.name.as_deref().map(|n| v.take(DisplayName::parse("name", n)));
        let description = input.description.as_deref().map(|d| v.take(Description::parse("description", d)));
        let caps = input.capabilities.as_deref().map(|c| capabilities(&mut v, c));
        v.finish()?;
        if uid.is_root() {
            return Err(built_in_is_immutable(&uid));
        }
        authorize(caller, Capability::RolesList, Capability::RolesUpdate, "role", &uid)?;
        let mut role = self.deps.store.get_role(&uid).await?.ok_or_else(|| not_found("role", &uid))?;
        if let Some(name) = name {
            role.name = checked(name)?;
        }
        if let Some(description) = description {
            role.description = checked(description)?;
        }
        if let Some(caps) = caps.map(checked).transpose()? {
            if caps != role.capabilities {
                role.capabilities = caps;
                caller.require_grantable(&role, &parent_of(&uid)?)?;
            }
        }
        role.update_time = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::RoleUpdated, &uid, role.update_time);
        self.deps.store.update_role(&role, &event).await?;
        self.grants.clear();
        Ok(role)
    }

    /// Deletes a custom role that no binding uses.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`; `FAILED_PRECONDITION` for a built-in or bound role.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        if uid.is_root() {
            return Err(built_in_is_immutable(&uid));
        }
        authorize(caller, Capability::RolesList, Capability::RolesDelete, "role", &uid)?;
        let event = self.deps.event(caller.origin(), EventType::RoleDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_role(&uid, &event).await?;
        self.grants.clear();
        Ok(())
    }
}
