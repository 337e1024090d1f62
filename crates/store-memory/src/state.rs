//! The whole store state and every operation on it, synchronous: the ports run these under
//! one lock, so each operation (checks included) is atomic.

use std::collections::{BTreeMap, BTreeSet};

use grove_domain::authz::Grant;
use grove_domain::builtin::built_in_roles;
use grove_domain::events::{EventData, NewEvent, Subscription};
use grove_domain::listing::{
    apply_in_memory, apply_in_memory_counting_all, ListFilter, ListQuery, StorePage, UidpFilter,
};
use grove_domain::model::{
    AccountAssociation, Advisory, BoundIdentity, ExternalGroupRoleMapping, Group, GroupAccessRequest, GroupInvite,
    Identity, IdentityMetadata, IdentityMetadataView, IdentityProvider, MappingsDeleted, NamedRef, Repo, Role,
    RoleBinding, RoleBindingView, Seen, Tag, TermsAcceptance, TermsAccepted,
};
use grove_domain::names::Digest;
use grove_domain::secrets::SealedSecret;
use grove_domain::{Error, Result, Timestamp, Uidp};

mod logins;

use crate::outbox::Outbox;
use crate::table::{parent_key, Row, Table};

mod account_associations;
mod audit;
mod dead_letters;
mod invites;
mod mapped_bindings;
mod scim;
mod scim_provisioning;

macro_rules! row_named_by {
    ($($ty:ty),*) => {
        $(
            impl Row for $ty {
                fn uid(&self) -> &Uidp {
                    &self.uid
                }
                fn unique_name(&self) -> String {
                    self.name.to_string()
                }
            }
        )*
    };
}

row_named_by!(Group, Role, Repo, Tag, IdentityProvider);

impl Row for Identity {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // People (root-level identities) have no unique names: two may share a display name.
    fn unique_name(&self) -> String {
        if self.uid.is_root() {
            format!("/{}", self.uid)
        } else {
            self.name.to_string()
        }
    }
}

impl Row for ExternalGroupRoleMapping {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // A provider maps an external group to a role at a scope once; uids hold no spaces.
    fn unique_name(&self) -> String {
        format!("{} {} {}", self.role_uid, self.scope, self.external_group_id)
    }
}

impl Row for Advisory {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // A CGA id names one advisory of its organization.
    fn unique_name(&self) -> String {
        self.advisory_id.clone()
    }
}

impl Row for Subscription {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // Subscriptions have no unique name: any number may post to the same sink.
    fn unique_name(&self) -> String {
        self.uid.to_string()
    }
}

impl Row for TermsAcceptance {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // A group accepts each document once.
    fn unique_name(&self) -> String {
        self.doc_id.to_string()
    }
}

impl Row for GroupAccessRequest {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // An identity asks each organization once.
    fn unique_name(&self) -> String {
        self.identity.to_string()
    }
}

impl Row for RoleBinding {
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    // Uids never contain spaces, so the pair cannot be confused with another pair.
    fn unique_name(&self) -> String {
        format!("{} {}", self.identity_uid, self.role_uid)
    }
}

/// Role bindings plus lookups by identity and by role (for cascades, in-use checks and grants).
#[derive(Debug, Clone, Default)]
struct Bindings {
    table: Table<RoleBinding>,
    by_identity: BTreeSet<(String, String)>,
    by_role: BTreeSet<(String, String)>,
}

fn refs_of<'a>(index: &'a BTreeSet<(String, String)>, target: &Uidp) -> impl Iterator<Item = &'a str> + 'a {
    let target = target.as_str().to_owned();
    index.range((target.clone(), String::new())..).take_while(move |(t, _)| *t == target).map(|(_, b)| b.as_str())
}

impl Bindings {
    fn insert(&mut self, binding: RoleBinding) {
        let uid = binding.uid.to_string();
        self.by_identity.insert((binding.identity_uid.to_string(), uid.clone()));
        self.by_role.insert((binding.role_uid.to_string(), uid));
        self.table.insert(binding);
    }

    fn remove(&mut self, uid: &Uidp) -> Option<RoleBinding> {
        let binding = self.table.remove(uid)?;
        self.by_identity.remove(&(binding.identity_uid.to_string(), uid.to_string()));
        self.by_role.remove(&(binding.role_uid.to_string(), uid.to_string()));
        Some(binding)
    }

    fn of_identity(&self, identity: &Uidp) -> Vec<&RoleBinding> {
        refs_of(&self.by_identity, identity).filter_map(|uid| self.table.get_str(uid)).collect()
    }

    fn role_in_use(&self, role: &Uidp) -> bool {
        refs_of(&self.by_role, role).next().is_some()
    }
}

/// Everything the memory store holds.
#[derive(Debug, Clone)]
pub(crate) struct State {
    groups: Table<Group>,
    identities: Table<Identity>,
    roles: Table<Role>,
    bindings: Bindings,
    repos: Table<Repo>,
    tags: Table<Tag>,
    subscriptions: Table<Subscription>,
    terms: Table<TermsAcceptance>,
    access_requests: Table<GroupAccessRequest>,
    /// Identity metadata by identity uid (`company` lives on the identity itself).
    metadata: BTreeMap<Uidp, IdentityMetadata>,
    identity_providers: Table<IdentityProvider>,
    mappings: Table<ExternalGroupRoleMapping>,
    /// The records of the bindings mappings made (see [`mapped_bindings`]).
    mapped: BTreeSet<grove_domain::model::MappedBinding>,
    /// Refresh tokens of person logins, by hash.
    refresh_tokens: BTreeMap<String, logins::StoredRefresh>,
    /// Used authorization codes of server-side logins: SHA-256 to expiry.
    used_codes: BTreeMap<String, Timestamp>,
    /// The organizations people joined, as (organization, identity) pairs.
    members: std::collections::BTreeSet<(Uidp, Uidp)>,
    advisories: Table<Advisory>,
    /// Group invites (they go with their group).
    invites: Table<GroupInvite>,
    /// SCIM credentials by identity provider uid (they go with their provider).
    scim: BTreeMap<Uidp, grove_domain::model::ScimCredential>,
    /// SCIM-provisioned users by uid (they go with their identity provider).
    scim_users: BTreeMap<Uidp, grove_domain::model::ScimUser>,
    /// SCIM-provisioned groups by uid, with their members (they go with their provider).
    scim_groups: BTreeMap<Uidp, grove_domain::model::ScimGroup>,
    /// Account associations, keyed by their group's uid (they go with their group).
    associations: Table<AccountAssociation>,
    outbox: Outbox,
    /// The audit trail, in the order written: appended by [`Self::emit`], pruned only by
    /// the retention prune.
    audit: Vec<grove_domain::audit::AuditEntry>,
    /// Whether writes add their events to the outbox (`events.record`).
    pub(crate) record_events: bool,
}

fn not_found(kind: &str, uid: &Uidp) -> Error {
    Error::NotFound(format!("{kind} {uid} does not exist"))
}

fn advisory_changed(uid: &Uidp) -> Error {
    Error::precondition(
        grove_domain::ports::ADVISORY_CHANGED,
        format!("advisory {uid} changed since it was read; read it again and retry"),
    )
}

fn duplicate_uid(kind: &str, uid: &Uidp) -> Error {
    Error::AlreadyExists(format!("{kind} {uid} already exists"))
}

fn name_taken(article_kind: &str, name: &str, container: &str, parent: &str) -> Error {
    Error::AlreadyExists(format!("{article_kind} named \"{name}\" already exists in {container} {parent}"))
}

fn group_name_taken(group: &Group) -> Error {
    match group.uid.parent() {
        Some(parent) => name_taken("a group", group.name.as_str(), "group", parent.as_str()),
        None => Error::AlreadyExists(format!("an organization named \"{}\" already exists", group.name)),
    }
}

/// `RESOURCE_EXHAUSTED`: the identity asked for this organization before (both stores say it
/// in these words).
fn access_requested_before(request: &GroupAccessRequest) -> Error {
    Error::ResourceExhausted(format!(
        "identity {} already asked for access to group {}",
        request.identity,
        request.group_uid()
    ))
}

fn binding_taken(binding: &RoleBinding) -> Error {
    Error::AlreadyExists(format!(
        "identity {} already holds role {} in group {}",
        binding.identity_uid,
        binding.role_uid,
        parent_key(&binding.uid)
    ))
}

fn mapping_taken(mapping: &ExternalGroupRoleMapping) -> Error {
    Error::AlreadyExists(format!(
        "identity provider {} already maps external group \"{}\" to role {} at {}",
        mapping.identity_provider_uid(),
        mapping.external_group_id,
        mapping.role_uid,
        mapping.scope
    ))
}

fn built_in_is_immutable(uid: &Uidp) -> Error {
    Error::precondition("BUILT_IN_ROLE", format!("role {uid} is built in and cannot be changed or deleted"))
}

fn nested_only() -> Error {
    Error::invalid("uid", "uid must name a resource inside a group")
}

fn named(filter: &ListFilter, uid: &Uidp, name: &str) -> bool {
    filter.uidp.matches(uid) && filter.name.as_deref().is_none_or(|wanted| wanted == name)
}

/// The page of `rows` that `query` selects by hierarchy, name and visibility; `count_all`
/// counts every match instead of stopping at the cap.
fn list_named<'a, T>(
    rows: impl Iterator<Item = &'a T>,
    query: &ListQuery,
    name: impl Fn(&T) -> &str,
    count_all: bool,
) -> StorePage<T>
where
    T: grove_domain::listing::Sortable + Clone + 'a,
{
    let matches = |row: &T| named(&query.filter, row.uid(), name(row));
    // Filter before cloning; apply_in_memory checks both again, which is cheap.
    let rows = rows.filter(|row| query.visibility.allows(row.uid()) && matches(row)).cloned();
    if count_all {
        apply_in_memory_counting_all(rows, query, matches)
    } else {
        apply_in_memory(rows, query, matches)
    }
}

impl State {
    /// A state holding only the built-in roles, stamped with `now`.
    pub(crate) fn new(now: Timestamp) -> Self {
        let mut roles = Table::default();
        for role in built_in_roles(now) {
            roles.insert(role);
        }
        Self {
            groups: Table::default(),
            identities: Table::default(),
            roles,
            bindings: Bindings::default(),
            repos: Table::default(),
            tags: Table::default(),
            subscriptions: Table::default(),
            terms: Table::default(),
            access_requests: Table::default(),
            metadata: BTreeMap::new(),
            identity_providers: Table::default(),
            mappings: Table::default(),
            mapped: BTreeSet::new(),
            refresh_tokens: BTreeMap::new(),
            used_codes: BTreeMap::new(),
            members: std::collections::BTreeSet::new(),
            advisories: Table::default(),
            invites: Table::default(),
            scim: BTreeMap::new(),
            scim_users: BTreeMap::new(),
            scim_groups: BTreeMap::new(),
            associations: Table::default(),
            outbox: Outbox::default(),
            audit: Vec::new(),
            record_events: true,
        }
    }

    /// Renders `event` with `data` and appends it to the outbox. Every write calls it after
    /// its last check and before its first change, so a refused change (or a failed
    /// rendering) leaves no event and no change, and a made change always has its event.
    ///
    /// Every event leaves its audit entry, whether or not the outbox records events.
    fn emit(&mut self, event: Option<&NewEvent>, data: EventData<'_>) -> Result<()> {
        if let Some(event) = event {
            let record = event.record(data)?;
            self.audit.push(record.audit_entry()?);
            if self.record_events {
                self.outbox.push(record);
            }
        }
        Ok(())
    }

    /// The outbox (events and their relay state).
    pub(crate) fn outbox(&mut self) -> &mut Outbox {
        &mut self.outbox
    }

    /// The group a nested resource lives in, which must exist.
    fn parent_group(&self, uid: &Uidp) -> Result<Uidp> {
        let parent = uid.parent().ok_or_else(nested_only)?;
        self.require_group(&parent)?;
        Ok(parent)
    }

    fn require_group(&self, uid: &Uidp) -> Result<()> {
        if self.groups.contains(uid) {
            Ok(())
        } else {
            Err(not_found("group", uid))
        }
    }

    fn require_identity_and_role(&self, binding: &RoleBinding) -> Result<()> {
        if !self.identities.contains(&binding.identity_uid) {
            return Err(not_found("identity", &binding.identity_uid));
        }
        if !self.roles.contains(&binding.role_uid) {
            return Err(not_found("role", &binding.role_uid));
        }
        Ok(())
    }

    // ---- groups ----

    fn check_new_group(&self, group: &Group) -> Result<()> {
        if self.groups.contains(&group.uid) {
            return Err(duplicate_uid("group", &group.uid));
        }
        if let Some(parent) = group.uid.parent() {
            self.require_group(&parent)?;
        }
        if self.groups.name_taken_by_other(group) {
            return Err(group_name_taken(group));
        }
        Ok(())
    }

    pub(crate) fn create_group(&mut self, group: &Group, event: Option<&NewEvent>) -> Result<()> {
        self.check_new_group(group)?;
        self.emit(event, EventData::Group(group))?;
        self.groups.insert(group.clone());
        Ok(())
    }

    pub(crate) fn create_organization(&mut self, group: &Group, owner: &RoleBinding, event: &NewEvent) -> Result<()> {
        if !group.uid.is_root() {
            return Err(Error::invalid("uid", "an organization's uid must be a root uid"));
        }
        if owner.uid.parent().as_ref() != Some(&group.uid) {
            return Err(Error::invalid("uid", "the owner binding must be directly inside the organization"));
        }
        self.check_new_group(group)?;
        if self.bindings.table.contains(&owner.uid) {
            return Err(duplicate_uid("role binding", &owner.uid));
        }
        self.require_identity_and_role(owner)?;
        self.emit(Some(event), EventData::Group(group))?;
        self.groups.insert(group.clone());
        self.bindings.insert(owner.clone());
        Ok(())
    }

    pub(crate) fn create_owned_organization(
        &mut self,
        group: &Group,
        identity: &Identity,
        owner: &RoleBinding,
    ) -> Result<()> {
        if !group.uid.is_root() {
            return Err(Error::invalid("uid", "an organization's uid must be a root uid"));
        }
        if identity.uid.parent().as_ref() != Some(&group.uid) || owner.identity_uid != identity.uid {
            return Err(Error::invalid("uid", "the owner identity must be directly inside the organization and bound"));
        }
        // One lock is held throughout; undo the earlier inserts if a later one is refused.
        self.create_group(group, None)?;
        if let Err(e) = self.create_identity(identity, None) {
            self.groups.remove(&group.uid);
            return Err(e);
        }
        if let Err(e) = self.create_organization_binding(group, owner) {
            self.identities.remove(&identity.uid);
            self.groups.remove(&group.uid);
            return Err(e);
        }
        Ok(())
    }

    fn create_organization_binding(&mut self, group: &Group, owner: &RoleBinding) -> Result<()> {
        if owner.uid.parent().as_ref() != Some(&group.uid) {
            return Err(Error::invalid("uid", "the owner binding must be directly inside the organization"));
        }
        self.create_role_binding(owner, None)
    }

    pub(crate) fn get_group(&self, uid: &Uidp) -> Option<Group> {
        self.groups.get(uid).cloned()
    }

    /// As the PostgreSQL store does with its descendant counters, a plain `descendants_of`
    /// list is counted exactly at any size; every other list stops at the cap.
    pub(crate) fn list_groups(&self, query: &ListQuery) -> StorePage<Group> {
        let count_all = query.count_total && query.descendant_total().is_some();
        list_named(self.groups.candidates(&query.filter.uidp), query, |g| g.name.as_str(), count_all)
    }

    pub(crate) fn update_group(&mut self, group: &Group, event: &NewEvent) -> Result<Group> {
        let current = self.groups.get(&group.uid).ok_or_else(|| not_found("group", &group.uid))?;
        if self.groups.name_taken_by_other(group) {
            return Err(group_name_taken(group));
        }
        // The stored flag, never the caller's copy; another name is no longer vouched for.
        let verified = current.verified && current.name == group.name;
        let updated = Group { create_time: current.create_time, verified, ..group.clone() };
        self.emit(Some(event), EventData::Group(&updated))?;
        self.groups.replace(updated.clone());
        Ok(updated)
    }

    pub(crate) fn delete_group(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.groups.contains(uid) {
            return Err(not_found("group", uid));
        }
        let kind = if self.repos.has_children(uid) {
            Some("repos")
        } else if self.groups.has_children(uid) {
            Some("groups")
        } else if self.identities.has_children(uid) {
            Some("identities")
        } else if self.roles.has_children(uid) {
            Some("roles")
        } else if self.identity_providers.has_children(uid) {
            Some("identity providers")
        } else if self.advisories.has_children(uid) {
            Some("advisories")
        } else {
            None
        };
        if let Some(kind) = kind {
            return Err(Error::not_empty(format!("cannot delete group with child {kind}")));
        }
        self.emit(Some(event), EventData::Empty)?;
        for uid in self.subscriptions.children_of(uid) {
            self.subscriptions.remove(&uid);
        }
        for uid in self.terms.children_of(uid) {
            self.terms.remove(&uid);
        }
        for uid in self.access_requests.children_of(uid) {
            self.access_requests.remove(&uid);
        }
        for uid in self.invites.children_of(uid) {
            self.invites.remove(&uid);
        }
        self.associations.remove(uid);
        for mapping in self.mappings_where(&uid.root(), |m| &m.scope == uid) {
            self.mappings.remove(&mapping);
        }
        for binding in self.bindings.table.children_of(uid) {
            self.bindings.remove(&binding);
        }
        self.members.retain(|(organization, _)| organization != uid);
        self.groups.remove(uid);
        Ok(())
    }

    // ---- identities ----

    fn identity_name_taken(identity: &Identity) -> Error {
        name_taken("an identity", identity.name.as_str(), "group", &parent_key(&identity.uid))
    }

    pub(crate) fn create_identity(&mut self, identity: &Identity, event: Option<&NewEvent>) -> Result<()> {
        if self.identities.contains(&identity.uid) {
            return Err(duplicate_uid("identity", &identity.uid));
        }
        self.parent_group(&identity.uid)?;
        if self.identities.name_taken_by_other(identity) {
            return Err(Self::identity_name_taken(identity));
        }
        self.emit(event, EventData::Identity(identity))?;
        self.identities.insert(identity.clone());
        Ok(())
    }

    pub(crate) fn get_identity(&self, uid: &Uidp) -> Option<Identity> {
        self.identities.get(uid).cloned()
    }

    pub(crate) fn list_identities(&self, query: &ListQuery) -> StorePage<Identity> {
        let of_type = |i: &&Identity| query.filter.matches_relationship(i.relationship.relationship_type());
        list_named(self.identities.candidates(&query.filter.uidp).filter(of_type), query, |i| i.name.as_str(), false)
    }

    pub(crate) fn update_identity(&mut self, identity: &Identity, event: &NewEvent) -> Result<()> {
        let current = self.identities.get(&identity.uid).ok_or_else(|| not_found("identity", &identity.uid))?;
        if self.identities.name_taken_by_other(identity) {
            return Err(Self::identity_name_taken(identity));
        }
        let updated = Identity { create_time: current.create_time, ..identity.clone() };
        self.emit(Some(event), EventData::Identity(&updated))?;
        self.identities.replace(updated);
        Ok(())
    }

    pub(crate) fn record_identity_seen(&mut self, uid: &Uidp, seen: &Seen) -> Result<()> {
        let mut identity = self.identities.get(uid).ok_or_else(|| not_found("identity", uid))?.clone();
        identity.record_seen(seen);
        self.identities.replace(identity);
        Ok(())
    }

    pub(crate) fn delete_identity(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.identities.contains(uid) {
            return Err(not_found("identity", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        let bindings: Vec<Uidp> = self.bindings.of_identity(uid).into_iter().map(|b| b.uid.clone()).collect();
        for binding in bindings {
            self.bindings.remove(&binding);
        }
        self.metadata.remove(uid);
        self.forget_refresh_tokens(uid);
        self.members.retain(|(_, identity)| identity != uid);
        self.identities.remove(uid);
        Ok(())
    }

    // ---- roles ----

    fn role_name_taken(role: &Role) -> Error {
        name_taken("a role", role.name.as_str(), "group", &parent_key(&role.uid))
    }

    pub(crate) fn create_role(&mut self, role: &Role, event: &NewEvent) -> Result<()> {
        if self.roles.contains(&role.uid) {
            return Err(duplicate_uid("role", &role.uid));
        }
        self.parent_group(&role.uid)?;
        if self.roles.name_taken_by_other(role) {
            return Err(Self::role_name_taken(role));
        }
        self.emit(Some(event), EventData::Role(role))?;
        self.roles.insert(role.clone());
        Ok(())
    }

    pub(crate) fn get_role(&self, uid: &Uidp) -> Option<Role> {
        self.roles.get(uid).cloned()
    }

    pub(crate) fn list_roles(&self, query: &ListQuery) -> StorePage<Role> {
        list_named(self.roles.candidates(&query.filter.uidp), query, |r| r.name.as_str(), false)
    }

    pub(crate) fn update_role(&mut self, role: &Role, event: &NewEvent) -> Result<()> {
        let current = self.roles.get(&role.uid).ok_or_else(|| not_found("role", &role.uid))?;
        if current.is_built_in() {
            return Err(built_in_is_immutable(&role.uid));
        }
        if self.roles.name_taken_by_other(role) {
            return Err(Self::role_name_taken(role));
        }
        let updated = Role { create_time: current.create_time, ..role.clone() };
        self.emit(Some(event), EventData::Role(&updated))?;
        self.roles.replace(updated);
        Ok(())
    }

    pub(crate) fn delete_role(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let role = self.roles.get(uid).ok_or_else(|| not_found("role", uid))?;
        if role.is_built_in() {
            return Err(built_in_is_immutable(uid));
        }
        if self.bindings.role_in_use(uid) {
            return Err(Error::precondition("RESOURCE_IN_USE", "cannot delete role that is bound to identities"));
        }
        let in_org = UidpFilter { descendants_of: Some(uid.root()), ..UidpFilter::default() };
        if self.identity_providers.candidates(&in_org).any(|idp| &idp.default_role == uid) {
            return Err(Error::precondition(
                "RESOURCE_IN_USE",
                "cannot delete role that is the default role of an identity provider",
            ));
        }
        if !self.mappings_where(&uid.root(), |m| &m.role_uid == uid).is_empty() {
            return Err(Error::precondition(
                "RESOURCE_IN_USE",
                "cannot delete role that an external group role mapping grants",
            ));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.roles.remove(uid);
        Ok(())
    }

    // ---- role bindings ----

    fn hydrate(&self, binding: &RoleBinding) -> Result<RoleBindingView> {
        // Creation and every delete keep these references alive; a miss is a broken invariant.
        let broken = |what: &str, uid: &Uidp| {
            Error::internal(format!("role binding {} refers to missing {what} {uid}", binding.uid))
        };
        let group_uid = binding.group_uid();
        let identity =
            self.identities.get(&binding.identity_uid).ok_or_else(|| broken("identity", &binding.identity_uid))?;
        let group = self.groups.get(&group_uid).ok_or_else(|| broken("group", &group_uid))?;
        let role = self.roles.get(&binding.role_uid).ok_or_else(|| broken("role", &binding.role_uid))?;
        Ok(RoleBindingView {
            uid: binding.uid.clone(),
            identity: BoundIdentity {
                uid: identity.uid.clone(),
                name: identity.name.to_string(),
                description: identity.description.to_string(),
                subject: identity.relationship.subject_text().to_owned(),
                issuer: identity.relationship.issuer_text().to_owned(),
                email: identity.email.clone(),
                joined: !identity.uid.is_root() || self.members.contains(&(group_uid.root(), identity.uid.clone())),
            },
            group: NamedRef {
                uid: group.uid.clone(),
                name: group.name.to_string(),
                description: group.description.to_string(),
            },
            role: NamedRef {
                uid: role.uid.clone(),
                name: role.name.to_string(),
                description: role.description.to_string(),
            },
            create_time: binding.create_time,
        })
    }

    pub(crate) fn create_role_binding(&mut self, binding: &RoleBinding, event: Option<&NewEvent>) -> Result<()> {
        if self.bindings.table.contains(&binding.uid) {
            return Err(duplicate_uid("role binding", &binding.uid));
        }
        self.parent_group(&binding.uid)?;
        self.require_identity_and_role(binding)?;
        if self.bindings.table.name_taken_by_other(binding) {
            return Err(binding_taken(binding));
        }
        if event.is_some() {
            let view = self.hydrate(binding)?;
            self.emit(event, EventData::RoleBinding(&view))?;
        }
        self.bindings.insert(binding.clone());
        Ok(())
    }

    /// All or none: a failure removes the bindings and events this batch wrote.
    pub(crate) fn create_role_bindings(&mut self, batch: &[(RoleBinding, NewEvent)]) -> Result<()> {
        let events_before = self.outbox.len();
        for (done, (binding, event)) in batch.iter().enumerate() {
            if let Err(e) = self.create_role_binding(binding, Some(event)) {
                for (written, _) in &batch[..done] {
                    self.bindings.remove(&written.uid);
                }
                self.outbox.truncate(events_before);
                return Err(e);
            }
        }
        Ok(())
    }

    pub(crate) fn get_role_binding(&self, uid: &Uidp) -> Result<Option<RoleBindingView>> {
        self.bindings.table.get(uid).map(|b| self.hydrate(b)).transpose()
    }

    pub(crate) fn list_role_bindings(&self, query: &ListQuery) -> Result<StorePage<RoleBindingView>> {
        let filter = &query.filter;
        let wanted = |uid: &Uidp, identity: &Uidp, role: &Uidp| filter.matches_binding(uid, identity, role);
        let views = self
            .bindings
            .table
            .candidates(&filter.uidp)
            .filter(|b| query.visibility.allows(&b.uid) && wanted(&b.uid, &b.identity_uid, &b.role_uid))
            .map(|b| self.hydrate(b))
            .collect::<Result<Vec<_>>>()?;
        Ok(apply_in_memory(views.into_iter(), query, |v| wanted(&v.uid, &v.identity.uid, &v.role.uid)))
    }

    pub(crate) fn update_role_binding(&mut self, binding: &RoleBinding, event: &NewEvent) -> Result<()> {
        let current = self.bindings.table.get(&binding.uid).ok_or_else(|| not_found("role binding", &binding.uid))?;
        let updated = RoleBinding { create_time: current.create_time, ..binding.clone() };
        self.require_identity_and_role(&updated)?;
        if self.bindings.table.name_taken_by_other(&updated) {
            return Err(binding_taken(&updated));
        }
        let view = self.hydrate(&updated)?;
        self.emit(Some(event), EventData::RoleBinding(&view))?;
        self.bindings.remove(&updated.uid);
        self.bindings.insert(updated);
        Ok(())
    }

    /// Deletes a binding; a binding that is already gone is no change and emits nothing.
    pub(crate) fn delete_role_binding(&mut self, uid: &Uidp, event: &NewEvent) -> Result<bool> {
        if !self.bindings.table.contains(uid) {
            return Ok(false);
        }
        self.emit(Some(event), EventData::Empty)?;
        Ok(self.bindings.remove(uid).is_some())
    }

    /// `None` when the identity does not exist.
    pub(crate) fn grants_of(&self, identity: &Uidp) -> Option<Vec<Grant>> {
        if !self.identities.contains(identity) || self.is_deactivated_person(identity) {
            return None;
        }
        let grants = self
            .bindings
            .of_identity(identity)
            .into_iter()
            .filter_map(|b| {
                let role = self.roles.get(&b.role_uid)?;
                Some(Grant { group: b.group_uid(), capabilities: role.capabilities.clone() })
            })
            .collect();
        Some(grants)
    }

    // ---- repos ----

    fn repo_name_taken(repo: &Repo) -> Error {
        name_taken("a repo", repo.name.as_str(), "group", &parent_key(&repo.uid))
    }

    pub(crate) fn create_repo(&mut self, repo: &Repo, event: &NewEvent) -> Result<()> {
        if self.repos.contains(&repo.uid) {
            return Err(duplicate_uid("repo", &repo.uid));
        }
        self.parent_group(&repo.uid)?;
        if self.repos.name_taken_by_other(repo) {
            return Err(Self::repo_name_taken(repo));
        }
        self.emit(Some(event), EventData::Repo(repo))?;
        self.repos.insert(repo.clone());
        Ok(())
    }

    pub(crate) fn get_repo(&self, uid: &Uidp) -> Option<Repo> {
        self.repos.get(uid).cloned()
    }

    pub(crate) fn find_repos_by_path(&self, org: &str, name: &str) -> Vec<Repo> {
        let Some(org) = self.groups.uid_by_name("", org) else { return Vec::new() };
        self.repos.uid_by_name(org, name).and_then(|uid| self.repos.get_str(uid)).cloned().into_iter().collect()
    }

    pub(crate) fn list_repos(&self, query: &ListQuery) -> StorePage<Repo> {
        list_named(self.repos.candidates(&query.filter.uidp), query, |r| r.name.as_str(), false)
    }

    pub(crate) fn update_repo(&mut self, repo: &Repo, event: &NewEvent) -> Result<()> {
        let current = self.repos.get(&repo.uid).ok_or_else(|| not_found("repo", &repo.uid))?;
        if self.repos.name_taken_by_other(repo) {
            return Err(Self::repo_name_taken(repo));
        }
        let updated = Repo { create_time: current.create_time, ..repo.clone() };
        self.emit(Some(event), EventData::Repo(&updated))?;
        self.repos.replace(updated);
        Ok(())
    }

    pub(crate) fn delete_repo(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.repos.contains(uid) {
            return Err(not_found("repo", uid));
        }
        if self.tags.has_children(uid) {
            return Err(Error::not_empty("cannot delete repo with child tags"));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.repos.remove(uid);
        Ok(())
    }

    // ---- tags ----

    fn tag_name_taken(tag: &Tag) -> Error {
        name_taken("a tag", tag.name.as_str(), "repo", &parent_key(&tag.uid))
    }

    pub(crate) fn put_tag(&mut self, tag: &Tag, event: &NewEvent) -> Result<Tag> {
        let repo = tag.uid.parent().ok_or_else(|| Error::invalid("uid", "uid must name a tag inside a repo"))?;
        if !self.repos.contains(&repo) {
            return Err(not_found("repo", &repo));
        }
        let existing = self.tags.uid_by_name(repo.as_str(), tag.name.as_str()).and_then(|uid| self.tags.get_str(uid));
        let stored = match existing {
            Some(current) => Tag {
                digest: tag.digest.clone(),
                deprecated: tag.deprecated,
                bundles: tag.bundles.clone(),
                update_time: tag.update_time,
                ..current.clone()
            },
            None if self.tags.contains(&tag.uid) => return Err(duplicate_uid("tag", &tag.uid)),
            None => tag.clone(),
        };
        self.emit(Some(event), EventData::Tag(&stored))?;
        self.tags.replace(stored.clone());
        Ok(stored)
    }

    pub(crate) fn get_tag(&self, uid: &Uidp) -> Option<Tag> {
        self.tags.get(uid).cloned()
    }

    pub(crate) fn list_tags(&self, query: &ListQuery) -> StorePage<Tag> {
        let f = &query.filter;
        let matches = |t: &Tag| {
            named(f, &t.uid, t.name.as_str()) && f.tag.matches(t.name.as_str(), t.digest.as_str(), t.update_time)
        };
        let rows = self.tags.candidates(&f.uidp).filter(|t| query.visibility.allows(&t.uid) && matches(t)).cloned();
        apply_in_memory(rows, query, matches)
    }

    pub(crate) fn update_tag(&mut self, tag: &Tag, event: &NewEvent) -> Result<()> {
        let current = self.tags.get(&tag.uid).ok_or_else(|| not_found("tag", &tag.uid))?;
        if self.tags.name_taken_by_other(tag) {
            return Err(Self::tag_name_taken(tag));
        }
        let updated = Tag { create_time: current.create_time, ..tag.clone() };
        self.emit(Some(event), EventData::Tag(&updated))?;
        self.tags.replace(updated);
        Ok(())
    }

    pub(crate) fn create_tag(&mut self, tag: &Tag, event: &NewEvent) -> Result<()> {
        let repo = tag.uid.parent().ok_or_else(|| Error::invalid("uid", "uid must name a tag inside a repo"))?;
        if !self.repos.contains(&repo) {
            return Err(not_found("repo", &repo));
        }
        if self.tags.contains(&tag.uid) {
            return Err(duplicate_uid("tag", &tag.uid));
        }
        if self.tags.uid_by_name(repo.as_str(), tag.name.as_str()).is_some() {
            return Err(Self::tag_name_taken(tag));
        }
        self.emit(Some(event), EventData::Tag(tag))?;
        self.tags.insert(tag.clone());
        Ok(())
    }

    pub(crate) fn move_tag(&mut self, uid: &Uidp, digest: &Digest, at: Timestamp, event: &NewEvent) -> Result<Tag> {
        let current = self.tags.get(uid).ok_or_else(|| not_found("tag", uid))?;
        let moved = Tag { digest: digest.clone(), update_time: at, ..current.clone() };
        self.emit(Some(event), EventData::Tag(&moved))?;
        self.tags.replace(moved.clone());
        Ok(moved)
    }

    pub(crate) fn delete_tag(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.tags.contains(uid) {
            return Err(not_found("tag", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.tags.remove(uid);
        Ok(())
    }

    // ---- subscriptions ----

    pub(crate) fn create_subscription(&mut self, subscription: &Subscription, event: &NewEvent) -> Result<()> {
        if self.subscriptions.contains(&subscription.uid) {
            return Err(duplicate_uid("subscription", &subscription.uid));
        }
        self.parent_group(&subscription.uid)?;
        self.emit(Some(event), EventData::Subscription(subscription))?;
        self.subscriptions.insert(subscription.clone());
        Ok(())
    }

    pub(crate) fn get_subscription(&self, uid: &Uidp) -> Option<Subscription> {
        self.subscriptions.get(uid).cloned()
    }

    pub(crate) fn list_subscriptions(&self, query: &ListQuery) -> StorePage<Subscription> {
        let matches = |s: &Subscription| query.filter.uidp.matches(&s.uid);
        let rows = self
            .subscriptions
            .candidates(&query.filter.uidp)
            .filter(|s| query.visibility.allows(&s.uid) && matches(s))
            .cloned();
        apply_in_memory(rows, query, matches)
    }

    pub(crate) fn subscriptions_in(&self, groups: &[Uidp]) -> Vec<Subscription> {
        let mut found: Vec<Subscription> = groups
            .iter()
            .flat_map(|group| self.subscriptions.children_of(group))
            .filter_map(|uid| self.subscriptions.get(&uid).cloned())
            .collect();
        found.sort_by(|a, b| a.uid.cmp(&b.uid));
        found.dedup_by(|a, b| a.uid == b.uid);
        found
    }

    pub(crate) fn delete_subscription(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.subscriptions.contains(uid) {
            return Err(not_found("subscription", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.subscriptions.remove(uid);
        Ok(())
    }

    // ---- terms ----

    pub(crate) fn accept_terms(&mut self, accepted: &TermsAccepted, event: &NewEvent) -> Result<usize> {
        self.require_group(&accepted.group)?;
        if accepted.acceptances.iter().any(|a| a.uid.parent().as_ref() != Some(&accepted.group)) {
            return Err(Error::invalid("uid", "every acceptance must lie directly inside the accepting group"));
        }
        let group = accepted.group.to_string();
        let mut new: Vec<&TermsAcceptance> = Vec::new();
        for a in &accepted.acceptances {
            let taken =
                self.terms.uid_by_name(&group, a.doc_id.as_str()).is_some() || new.iter().any(|n| n.doc_id == a.doc_id);
            if !taken {
                if self.terms.contains(&a.uid) {
                    return Err(duplicate_uid("terms acceptance", &a.uid));
                }
                new.push(a);
            }
        }
        if new.is_empty() {
            return Ok(0);
        }
        self.emit(Some(event), EventData::TermsAccepted(accepted))?;
        let count = new.len();
        let rows: Vec<TermsAcceptance> = new.into_iter().cloned().collect();
        for a in rows {
            self.terms.insert(a);
        }
        Ok(count)
    }

    pub(crate) fn list_terms_acceptances(&self, query: &ListQuery) -> StorePage<TermsAcceptance> {
        let filter = &query.filter;
        let matches = |a: &TermsAcceptance| filter.uidp.matches(&a.uid) && filter.matches_terms(&a.group_uid());
        let rows: Vec<TermsAcceptance> = match &filter.terms_of {
            // Only the rows of the group and its ancestors can match.
            Some(of) => std::iter::successors(Some(of.clone()), Uidp::parent)
                .flat_map(|group| self.terms.children_of(&group))
                .filter_map(|uid| self.terms.get(&uid).cloned())
                .collect(),
            None => self.terms.candidates(&filter.uidp).cloned().collect(),
        };
        apply_in_memory(rows.into_iter().filter(|a| query.visibility.allows(&a.uid) && matches(a)), query, matches)
    }
    // ---- onboarding ----

    pub(crate) fn request_group_access(&mut self, request: &GroupAccessRequest, event: &NewEvent) -> Result<()> {
        let group = request.uid.parent().ok_or_else(nested_only)?;
        self.require_group(&group)?;
        if self.access_requests.uid_by_name(group.as_str(), request.identity.as_str()).is_some() {
            return Err(access_requested_before(request));
        }
        if self.access_requests.contains(&request.uid) {
            return Err(duplicate_uid("group access request", &request.uid));
        }
        self.emit(Some(event), EventData::GroupAccessRequested(request))?;
        self.access_requests.insert(request.clone());
        Ok(())
    }

    pub(crate) fn get_identity_metadata(&self, uid: &Uidp) -> Option<IdentityMetadata> {
        let identity = self.identities.get(uid)?;
        let stored = self.metadata.get(uid).cloned().unwrap_or_default();
        Some(IdentityMetadata { company: identity.company.clone(), ..stored })
    }

    pub(crate) fn put_identity_metadata(&mut self, view: &IdentityMetadataView, event: &NewEvent) -> Result<()> {
        let mut identity = self.identities.get(&view.uid).ok_or_else(|| not_found("identity", &view.uid))?.clone();
        self.emit(Some(event), EventData::IdentityMetadata(view))?;
        if identity.company != view.metadata.company {
            identity.company = view.metadata.company.clone();
            identity.update_time = event.time;
            self.identities.replace(identity);
        }
        self.metadata.insert(view.uid.clone(), view.metadata.clone());
        Ok(())
    }

    // ---- identity providers ----

    fn identity_provider_name_taken(idp: &IdentityProvider) -> Error {
        name_taken("an identity provider", idp.name.as_str(), "group", &parent_key(&idp.uid))
    }

    fn require_role(&self, uid: &Uidp) -> Result<()> {
        if self.roles.contains(uid) {
            Ok(())
        } else {
            Err(not_found("role", uid))
        }
    }

    pub(crate) fn create_identity_provider(&mut self, idp: &IdentityProvider, event: &NewEvent) -> Result<()> {
        if self.identity_providers.contains(&idp.uid) {
            return Err(duplicate_uid("identity provider", &idp.uid));
        }
        self.parent_group(&idp.uid)?;
        self.require_role(&idp.default_role)?;
        if self.identity_providers.name_taken_by_other(idp) {
            return Err(Self::identity_provider_name_taken(idp));
        }
        self.emit(Some(event), EventData::IdentityProvider(idp))?;
        self.identity_providers.insert(idp.clone());
        Ok(())
    }

    pub(crate) fn get_identity_provider(&self, uid: &Uidp) -> Option<IdentityProvider> {
        self.identity_providers.get(uid).cloned()
    }

    pub(crate) fn list_identity_providers(&self, query: &ListQuery) -> StorePage<IdentityProvider> {
        list_named(self.identity_providers.candidates(&query.filter.uidp), query, |i| i.name.as_str(), false)
    }

    pub(crate) fn update_identity_provider(&mut self, idp: &IdentityProvider, event: &NewEvent) -> Result<()> {
        let current = self.identity_providers.get(&idp.uid).ok_or_else(|| not_found("identity provider", &idp.uid))?;
        let updated = IdentityProvider { create_time: current.create_time, ..idp.clone() };
        self.require_role(&updated.default_role)?;
        if self.identity_providers.name_taken_by_other(&updated) {
            return Err(Self::identity_provider_name_taken(&updated));
        }
        self.emit(Some(event), EventData::IdentityProvider(&updated))?;
        self.identity_providers.replace(updated);
        Ok(())
    }

    /// [`grove_domain::ports::IdentityProviderStore::list_client_secrets`].
    pub(crate) fn list_client_secrets(&self) -> Vec<(Uidp, SealedSecret)> {
        self.identity_providers
            .candidates(&grove_domain::listing::UidpFilter::default())
            .filter_map(|idp| idp.oidc.client_secret.clone().map(|s| (idp.uid.clone(), s)))
            .collect()
    }

    /// [`grove_domain::ports::IdentityProviderStore::replace_client_secret`].
    pub(crate) fn replace_client_secret(&mut self, uid: &Uidp, current: &SealedSecret, next: &SealedSecret) -> bool {
        let Some(idp) = self.identity_providers.get(uid) else { return false };
        if idp.oidc.client_secret.as_ref() != Some(current) {
            return false;
        }
        let mut replaced = idp.clone();
        replaced.oidc.client_secret = Some(next.clone());
        self.identity_providers.replace(replaced);
        true
    }

    pub(crate) fn delete_identity_provider(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.identity_providers.contains(uid) {
            return Err(not_found("identity provider", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        for mapping in self.mappings.children_of(uid) {
            self.mappings.remove(&mapping);
        }
        self.identity_providers.remove(uid);
        self.scim.remove(uid);
        self.forget_scim_directory(uid);
        Ok(())
    }

    // ---- external group role mappings ----

    /// The uids of the mappings in organization `org` that `wanted` selects.
    fn mappings_where(&self, org: &Uidp, wanted: impl Fn(&ExternalGroupRoleMapping) -> bool) -> Vec<Uidp> {
        let in_org = UidpFilter { descendants_of: Some(org.clone()), ..UidpFilter::default() };
        self.mappings.candidates(&in_org).filter(|m| wanted(m)).map(|m| m.uid.clone()).collect()
    }

    pub(crate) fn create_external_group_role_mapping(
        &mut self,
        mapping: &ExternalGroupRoleMapping,
        event: &NewEvent,
    ) -> Result<()> {
        if self.mappings.contains(&mapping.uid) {
            return Err(duplicate_uid("external group role mapping", &mapping.uid));
        }
        let idp = mapping.identity_provider_uid();
        if !self.identity_providers.contains(&idp) {
            return Err(not_found("identity provider", &idp));
        }
        self.require_role(&mapping.role_uid)?;
        self.require_group(&mapping.scope)?;
        if self.mappings.name_taken_by_other(mapping) {
            return Err(mapping_taken(mapping));
        }
        self.emit(Some(event), EventData::ExternalGroupRoleMapping(mapping))?;
        self.mappings.insert(mapping.clone());
        Ok(())
    }

    pub(crate) fn get_external_group_role_mapping(&self, uid: &Uidp) -> Option<ExternalGroupRoleMapping> {
        self.mappings.get(uid).cloned()
    }

    pub(crate) fn list_external_group_role_mappings(&self, query: &ListQuery) -> StorePage<ExternalGroupRoleMapping> {
        let filter = &query.filter;
        let matches =
            |m: &ExternalGroupRoleMapping| filter.uidp.matches(&m.uid) && filter.matches_identity_provider(&m.uid);
        let candidates: Box<dyn Iterator<Item = &ExternalGroupRoleMapping>> = match &filter.identity_provider {
            Some(idp) => Box::new(self.mappings.children_of(idp).into_iter().filter_map(|uid| self.mappings.get(&uid))),
            None => self.mappings.candidates(&filter.uidp),
        };
        let rows: Vec<ExternalGroupRoleMapping> =
            candidates.filter(|m| query.visibility.allows(&m.uid) && matches(m)).cloned().collect();
        apply_in_memory(rows.into_iter(), query, matches)
    }

    pub(crate) fn delete_external_group_role_mapping(&mut self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        if !self.mappings.contains(uid) {
            return Err(not_found("external group role mapping", uid));
        }
        self.emit(Some(event), EventData::Empty)?;
        self.mappings.remove(uid);
        Ok(())
    }

    pub(crate) fn delete_external_group_role_mappings(
        &mut self,
        parent: &Uidp,
        uids: &[Uidp],
        event: &NewEvent,
    ) -> Result<Vec<ExternalGroupRoleMapping>> {
        if let Some(foreign) = uids.iter().find(|uid| uid.parent().as_ref() != Some(parent)) {
            return Err(Error::invalid("names", format!("{foreign} is not a mapping of identity provider {parent}")));
        }
        let mut found: Vec<ExternalGroupRoleMapping> = Vec::new();
        for uid in uids {
            if let Some(m) = self.mappings.get(uid) {
                if !found.iter().any(|f| f.uid == m.uid) {
                    found.push(m.clone());
                }
            }
        }
        if found.is_empty() {
            return Ok(found);
        }
        let deleted = MappingsDeleted { parent: parent.clone(), mappings: found };
        self.emit(Some(event), EventData::MappingsDeleted(&deleted))?;
        for m in &deleted.mappings {
            self.mappings.remove(&m.uid);
        }
        Ok(deleted.mappings)
    }

    // ---- advisories ----

    pub(crate) fn get_advisory(&self, uid: &Uidp) -> Option<Advisory> {
        self.advisories.get(uid).cloned()
    }

    pub(crate) fn get_advisories(&self, uids: &[Uidp]) -> Vec<Advisory> {
        let mut found: Vec<Advisory> = uids.iter().filter_map(|uid| self.advisories.get(uid).cloned()).collect();
        found.sort_by(|a, b| a.uid.cmp(&b.uid));
        found.dedup_by(|a, b| a.uid == b.uid);
        found
    }

    pub(crate) fn list_advisories(&self, query: &ListQuery) -> StorePage<Advisory> {
        let matches = |a: &Advisory| {
            query.filter.uidp.matches(&a.uid) && query.filter.advisories.as_ref().is_none_or(|f| f.matches(a))
        };
        let rows = self
            .advisories
            .candidates(&query.filter.uidp)
            .filter(|a| query.visibility.allows(&a.uid) && matches(a))
            .cloned();
        apply_in_memory(rows, query, matches)
    }

    /// The advisory of `a`'s group with `a`'s CGA id, other than `a` itself.
    fn advisory_id_taken(&self, a: &Advisory) -> Option<Error> {
        let holder = self.advisories.uid_by_name(&parent_key(&a.uid), &a.advisory_id)?;
        (holder != a.uid.as_str()).then(|| {
            Error::AlreadyExists(format!(
                "an advisory with id {} already exists in group {}",
                a.advisory_id,
                parent_key(&a.uid)
            ))
        })
    }

    pub(crate) fn create_advisory(&mut self, advisory: &Advisory, event: &NewEvent) -> Result<()> {
        self.parent_group(&advisory.uid)?;
        if self.advisories.contains(&advisory.uid) {
            return Err(duplicate_uid("advisory", &advisory.uid));
        }
        if let Some(taken) = self.advisory_id_taken(advisory) {
            return Err(taken);
        }
        self.emit(Some(event), EventData::of_advisory_write(advisory, event))?;
        self.advisories.insert(advisory.clone());
        Ok(())
    }

    pub(crate) fn update_advisory(&mut self, advisory: &Advisory, expected: Timestamp, event: &NewEvent) -> Result<()> {
        let stored = self.advisories.get(&advisory.uid).ok_or_else(|| not_found("advisory", &advisory.uid))?;
        if stored.update_time != expected {
            return Err(advisory_changed(&advisory.uid));
        }
        if let Some(taken) = self.advisory_id_taken(advisory) {
            return Err(taken);
        }
        self.emit(Some(event), EventData::of_advisory_write(advisory, event))?;
        self.advisories.remove(&advisory.uid);
        self.advisories.insert(advisory.clone());
        Ok(())
    }

    pub(crate) fn put_advisories(&mut self, advisories: &[Advisory]) -> Result<()> {
        // Check everything first: a failing batch writes nothing.
        let taken = |a: &Advisory| {
            Error::AlreadyExists(format!(
                "an advisory with id {} already exists in group {}",
                a.advisory_id,
                parent_key(&a.uid)
            ))
        };
        for (i, a) in advisories.iter().enumerate() {
            self.parent_group(&a.uid)?;
            let holder = self.advisories.uid_by_name(&parent_key(&a.uid), &a.advisory_id);
            if holder.is_some_and(|h| h != a.uid.as_str() && !advisories.iter().any(|b| b.uid.as_str() == h)) {
                return Err(taken(a));
            }
            if advisories[..i]
                .iter()
                .any(|b| b.uid != a.uid && b.advisory_id == a.advisory_id && parent_key(&b.uid) == parent_key(&a.uid))
            {
                return Err(taken(a));
            }
        }
        for a in advisories {
            self.advisories.remove(&a.uid);
            self.advisories.insert(a.clone());
        }
        Ok(())
    }
}
