//! Group operations, including organization creation with its owner binding, and the
//! onboarding helpers that match a caller's verified email domain to a verified
//! organization (LookupGroup, CheckEligibility, RequestGroupAccess).

use std::sync::Arc;

use crate::authz::Principal;
use crate::builtin::owner_role_uid;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::grants_cache::GrantsCache;
use crate::listing::{ListFilter, ListQuery, Ordering, Page, PageRequest, SortField, UidpFilter, Visibility};
use crate::model::{Group, GroupAccessRequest, Identity, RoleBinding};
use crate::names::{Description, GroupName};
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];

/// Group fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupInput {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
}

/// Group operations.
#[derive(Debug, Clone)]
pub struct GroupService {
    deps: Deps,
    grants: Arc<GrantsCache>,
}

impl GroupService {
    pub(crate) fn new(deps: Deps, grants: Arc<GrantsCache>) -> Self {
        Self { deps, grants }
    }

    /// Lists the groups the caller may list, filtered and paged.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(&self, caller: &Principal, filter: ListFilter, page: &PageRequest) -> Result<Page<Group>> {
        let plan = self.deps.pager.plan(
            page,
            caller.identity(),
            filter,
            caller.visibility(Capability::GroupsList),
            SORTABLE,
        )?;
        let rows = self.deps.store.list_groups(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one group.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` when it does not exist or the
    /// caller may not list it.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Group> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::GroupsList, Capability::GroupsList, "group", &uid)?;
        self.deps.store.get_group(&uid).await?.ok_or_else(|| not_found("group", &uid))
    }

    /// Creates a group below `parent`, or an organization when `parent` is `None`; the
    /// creator of an organization is bound as its `owner` in the same transaction.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad fields; `NOT_FOUND` for a parent that does not exist or
    /// is invisible; `PERMISSION_DENIED` without `groups.create`; `ALREADY_EXISTS` on a
    /// sibling name clash.
    pub async fn create(&self, caller: &Principal, parent: Option<&str>, input: GroupInput) -> Result<Group> {
        let mut v = Violations::default();
        let parent = parent.filter(|p| !p.is_empty()).map(|p| v.take(Uidp::parse_field("parent", p)));
        let name = v.take(GroupName::parse("name", input.name.as_deref().unwrap_or_default()));
        let description = v.take(Description::parse("description", input.description.as_deref().unwrap_or_default()));
        v.finish()?;
        let now = self.deps.clock.now();
        let mut group = Group {
            uid: Uidp::random_root(),
            name: checked(name)?,
            description: checked(description)?,
            verified: false,
            create_time: now,
            update_time: now,
        };
        match parent {
            Some(parent) => {
                let parent = checked(parent)?;
                authorize(caller, Capability::GroupsList, Capability::GroupsCreate, "group", &parent)?;
                group.uid = self.deps.ids.new_child(&parent);
                let event = self.deps.event(caller.origin(), EventType::GroupCreated, &group.uid, now);
                self.deps.store.create_group(&group, &event).await?;
            }
            None => {
                if !caller.can_at_root(Capability::GroupsCreate) {
                    return Err(Error::PermissionDenied(
                        "creating an organization needs groups.create at the root".to_owned(),
                    ));
                }
                group.uid = self.deps.ids.new_root();
                let owner = RoleBinding {
                    uid: self.deps.ids.new_child(&group.uid),
                    identity_uid: caller.identity().clone(),
                    role_uid: owner_role_uid(),
                    create_time: now,
                };
                let event = self.deps.event(caller.origin(), EventType::GroupCreated, &group.uid, now);
                self.deps.store.create_organization(&group, &owner, &event).await?;
                self.grants.clear();
            }
        }
        Ok(group)
    }

    /// Changes the given fields of a group; answers the group as stored. Renaming an
    /// organization clears `verified` (the store does it in the write, see
    /// [`crate::ports::GroupStore::update_group`]): verification vouched for the old name.
    ///
    /// # Errors
    /// As [`Self::create`], plus `NOT_FOUND` for a missing group.
    pub async fn update(&self, caller: &Principal, uid: &str, input: GroupInput) -> Result<Group> {
        let uid = Uidp::parse_field("uid", uid)?;
        let mut v = Violations::default();
        let name = input.name.as_deref().map(|n| v.take(GroupName::parse("name", n)));
        let description = input.description.as_deref().map(|d| v.take(Description::parse("description", d)));
        v.finish()?;
        authorize(caller, Capability::GroupsList, Capability::GroupsUpdate, "group", &uid)?;
        let mut group = self.deps.store.get_group(&uid).await?.ok_or_else(|| not_found("group", &uid))?;
        if let Some(name) = name {
            group.name = checked(name)?;
        }
        if let Some(description) = description {
            group.description = checked(description)?;
        }
        group.update_time = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::GroupUpdated, &uid, group.update_time);
        self.deps.store.update_group(&group, &event).await
    }

    /// Deletes a group without children (its role bindings go with it).
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`; `FAILED_PRECONDITION` while it has children.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::GroupsList, Capability::GroupsDelete, "group", &uid)?;
        let event = self.deps.event(caller.origin(), EventType::GroupDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_group(&uid, &event).await?;
        self.grants.clear();
        Ok(())
    }

    /// The verified organization named after the caller's verified email domain (the part
    /// after the last `@`, in lower case): what a person signing up looks for to ask to
    /// join their company's organization. The caller need not see the organization.
    ///
    /// # Errors
    /// `NOT_FOUND` (one message for every case) when the caller's identity is unknown, has
    /// no verified email, or no verified organization has that name.
    pub async fn lookup(&self, caller: &Principal) -> Result<Group> {
        let no_match = || Error::NotFound("no verified organization matches the caller's email domain".to_owned());
        let identity = self.deps.store.get_identity(caller.identity()).await?.ok_or_else(no_match)?;
        let domain = email_domain(&identity).ok_or_else(no_match)?;
        self.verified_organization(&domain).await?.ok_or_else(no_match)
    }

    /// Whether the caller may take the self-serve onboarding path (Grove's rule, README
    /// "Decisions"): its identity exists, has a verified email whose domain could name an
    /// organization, and holds no role binding in any group yet (whatever its token is
    /// restricted to). Whether an organization of that domain exists is LookupGroup's answer.
    ///
    /// # Errors
    /// Only store failures; every other case answers `false`.
    pub async fn check_eligibility(&self, caller: &Principal) -> Result<bool> {
        let Some(identity) = self.deps.store.get_identity(caller.identity()).await? else { return Ok(false) };
        if email_domain(&identity).is_none() {
            return Ok(false);
        }
        // `None`: the identity went away after it was read.
        Ok(self.deps.store.grants_of(&identity.uid).await?.is_some_and(|grants| grants.is_empty()))
    }

    /// Records the caller's request to join the verified organization `group_uid`, which
    /// must be named after the caller's verified email domain, and announces it with a
    /// `group.access_requested` event to the organization's subscribers. The caller need not
    /// see the organization.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` (one message, as for a missing
    /// group) for every other refusal: no such group, not an organization, not verified,
    /// not the caller's email domain, or the caller already holds a binding in it;
    /// `RESOURCE_EXHAUSTED` when the caller asked for this organization before;
    /// `PERMISSION_DENIED` for a token narrowed by `cap` or `scopes`.
    pub async fn request_access(&self, caller: &Principal, group_uid: &str) -> Result<()> {
        caller.require_unnarrowed("request access to an organization")?;
        let org = Uidp::parse_field("group_uid", group_uid)?;
        let refused = || not_found("group", &org);
        if !org.is_root() {
            return Err(refused());
        }
        let identity = self.deps.store.get_identity(caller.identity()).await?.ok_or_else(refused)?;
        let domain = email_domain(&identity).ok_or_else(refused)?;
        let group = self.deps.store.get_group(&org).await?.filter(|g| g.verified && g.name == domain);
        group.ok_or_else(refused)?;
        let grants = self.deps.store.grants_of(&identity.uid).await?.ok_or_else(refused)?;
        if grants.iter().any(|g| g.group.root() == org) {
            return Err(refused());
        }
        let now = self.deps.clock.now();
        let request = GroupAccessRequest {
            uid: self.deps.ids.new_child(&org),
            identity: identity.uid.clone(),
            email: identity.email.clone(),
            create_time: now,
        };
        let event = self.deps.event(caller.origin(), EventType::GroupAccessRequested, &request.uid, now);
        self.deps.store.request_group_access(&request, &event).await.map_err(|e| match e {
            // The organization went away after it was read.
            Error::NotFound(_) => refused(),
            other => other,
        })
    }

    /// The verified organization called `name`, if there is one.
    async fn verified_organization(&self, name: &GroupName) -> Result<Option<Group>> {
        let filter = ListFilter {
            uidp: UidpFilter { in_root: true, ..UidpFilter::default() },
            name: Some(name.to_string()),
            ..ListFilter::default()
        };
        let query = ListQuery {
            filter,
            visibility: Visibility::everything(),
            order: Ordering::default(),
            after: None,
            skip: 0,
            limit: 1,
            count_total: false,
        };
        Ok(self.deps.store.list_groups(&query).await?.items.into_iter().find(|g| g.verified))
    }
}

/// The domain of an identity's verified email as the name of an organization would be
/// written (lower case), when it has one that could be such a name and the operator's
/// default provider vouched for it: an address from a workload's token or from an
/// organization's own provider says nothing about membership in another organization.
fn email_domain(identity: &Identity) -> Option<GroupName> {
    if !identity.email_voucher.vouches_everywhere() {
        return None;
    }
    let (local, domain) = identity.email.rsplit_once('@')?;
    if local.is_empty() || !domain.contains('.') {
        return None;
    }
    GroupName::parse("email", &domain.to_ascii_lowercase()).ok()
}
