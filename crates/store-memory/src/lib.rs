#![doc = include_str!("../README.md")]

mod console_sessions;
mod outbox;
mod state;
mod table;

use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use async_trait::async_trait;
use grove_domain::audit::AuditEntry;
use grove_domain::authz::Grant;
use grove_domain::events::{DeadLetter, EventId, EventRecord, NewEvent, Subscription};
use grove_domain::listing::{ListQuery, StorePage};
use grove_domain::model::{
    AccountAssociation, Advisory, ExternalGroupRoleMapping, Group, GroupAccessRequest, GroupInvite, Identity,
    IdentityMetadata, IdentityMetadataView, IdentityProvider, MappedBinding, Repo, Role, RoleBinding, RoleBindingView,
    ScimGroup, ScimPage, ScimQuery, ScimUser, Seen, Tag, TermsAcceptance, TermsAccepted,
};
use grove_domain::names::Digest;
use grove_domain::ports::{
    AdvisoryStore, AuditStore, Backlog, ExternalGroupRoleMappingStore, GroupInviteStore, GroupStore,
    IdentityProviderStore, IdentityStore, LoginStore, MappingSync, MappingSynced, OnboardingStore, OutboxStore,
    PersonLogin, RefreshTokenRecord, RepoStore, RoleBindingStore, RoleStore, Rotation, StoreHealth, SubscriptionStore,
    TagStore, TermsStore,
};
use grove_domain::secrets::SealedSecret;
use grove_domain::{Result, Timestamp, Uidp};

use crate::state::State;

/// The embedded store: every store port over one in-process state behind one lock.
#[derive(Debug)]
pub struct MemoryStore {
    state: RwLock<State>,
    console: std::sync::Mutex<console_sessions::ConsoleSessions>,
}

impl MemoryStore {
    /// An empty store holding only the built-in roles, stamped with `now`.
    #[must_use]
    pub fn new(now: Timestamp) -> Self {
        Self { state: RwLock::new(State::new(now)), console: console_sessions::empty() }
    }

    /// The same store writing no events (`events.record = false`): changes are made as
    /// always, but the outbox stays empty.
    #[must_use]
    pub fn without_events(self) -> Self {
        self.write().record_events = false;
        self
    }

    // A panic while the lock is held cannot leave half an operation behind: every operation
    // checks everything before its first write, and the writes themselves do not panic. So a
    // poisoned lock still guards consistent data and serving on is the better choice.
    fn read(&self) -> RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, State> {
        self.state.write().unwrap_or_else(PoisonError::into_inner)
    }
}

#[async_trait]
impl GroupStore for MemoryStore {
    async fn create_group(&self, group: &Group, event: &NewEvent) -> Result<()> {
        self.write().create_group(group, Some(event))
    }

    async fn create_organization(&self, group: &Group, owner: &RoleBinding, event: &NewEvent) -> Result<()> {
        self.write().create_organization(group, owner, event)
    }

    async fn create_owned_organization(&self, group: &Group, identity: &Identity, owner: &RoleBinding) -> Result<()> {
        self.write().create_owned_organization(group, identity, owner)
    }

    async fn get_group(&self, uid: &Uidp) -> Result<Option<Group>> {
        Ok(self.read().get_group(uid))
    }

    async fn list_groups(&self, query: &ListQuery) -> Result<StorePage<Group>> {
        Ok(self.read().list_groups(query))
    }

    async fn update_group(&self, group: &Group, event: &NewEvent) -> Result<Group> {
        self.write().update_group(group, event)
    }

    async fn delete_group(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_group(uid, event)
    }
}

#[async_trait]
impl IdentityStore for MemoryStore {
    async fn create_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()> {
        self.write().create_identity(identity, Some(event))
    }

    async fn get_identity(&self, uid: &Uidp) -> Result<Option<Identity>> {
        Ok(self.read().get_identity(uid))
    }

    async fn list_identities(&self, query: &ListQuery) -> Result<StorePage<Identity>> {
        Ok(self.read().list_identities(query))
    }

    async fn update_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()> {
        self.write().update_identity(identity, event)
    }

    async fn record_identity_seen(&self, uid: &Uidp, seen: &Seen) -> Result<()> {
        self.write().record_identity_seen(uid, seen)
    }

    async fn delete_identity(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_identity(uid, event)
    }
}

#[async_trait]
impl RoleStore for MemoryStore {
    async fn create_role(&self, role: &Role, event: &NewEvent) -> Result<()> {
        self.write().create_role(role, event)
    }

    async fn get_role(&self, uid: &Uidp) -> Result<Option<Role>> {
        Ok(self.read().get_role(uid))
    }

    async fn list_roles(&self, query: &ListQuery) -> Result<StorePage<Role>> {
        Ok(self.read().list_roles(query))
    }

    async fn update_role(&self, role: &Role, event: &NewEvent) -> Result<()> {
        self.write().update_role(role, event)
    }

    async fn delete_role(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_role(uid, event)
    }
}

#[async_trait]
impl RoleBindingStore for MemoryStore {
    async fn create_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()> {
        self.write().create_role_binding(binding, Some(event))
    }

    async fn create_role_bindings(&self, batch: &[(RoleBinding, NewEvent)]) -> Result<()> {
        self.write().create_role_bindings(batch)
    }

    async fn get_role_binding(&self, uid: &Uidp) -> Result<Option<RoleBindingView>> {
        self.read().get_role_binding(uid)
    }

    async fn list_role_bindings(&self, query: &ListQuery) -> Result<StorePage<RoleBindingView>> {
        self.read().list_role_bindings(query)
    }

    async fn update_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()> {
        self.write().update_role_binding(binding, event)
    }

    async fn delete_role_binding(&self, uid: &Uidp, event: &NewEvent) -> Result<bool> {
        self.write().delete_role_binding(uid, event)
    }

    async fn grants_of(&self, identity: &Uidp) -> Result<Option<Vec<Grant>>> {
        Ok(self.read().grants_of(identity))
    }
}

#[async_trait]
impl RepoStore for MemoryStore {
    async fn create_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()> {
        self.write().create_repo(repo, event)
    }

    async fn get_repo(&self, uid: &Uidp) -> Result<Option<Repo>> {
        Ok(self.read().get_repo(uid))
    }

    async fn find_repos_by_path(&self, org: &str, name: &str) -> Result<Vec<Repo>> {
        Ok(self.read().find_repos_by_path(org, name))
    }

    async fn list_repos(&self, query: &ListQuery) -> Result<StorePage<Repo>> {
        Ok(self.read().list_repos(query))
    }

    async fn update_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()> {
        self.write().update_repo(repo, event)
    }

    async fn delete_repo(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_repo(uid, event)
    }
}

#[async_trait]
impl TagStore for MemoryStore {
    async fn put_tag(&self, tag: &Tag, event: &NewEvent) -> Result<Tag> {
        self.write().put_tag(tag, event)
    }

    async fn get_tag(&self, uid: &Uidp) -> Result<Option<Tag>> {
        Ok(self.read().get_tag(uid))
    }

    async fn list_tags(&self, query: &ListQuery) -> Result<StorePage<Tag>> {
        Ok(self.read().list_tags(query))
    }

    async fn create_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()> {
        self.write().create_tag(tag, event)
    }

    async fn update_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()> {
        self.write().update_tag(tag, event)
    }

    async fn move_tag(&self, uid: &Uidp, digest: &Digest, at: Timestamp, event: &NewEvent) -> Result<Tag> {
        self.write().move_tag(uid, digest, at, event)
    }

    async fn delete_tag(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_tag(uid, event)
    }
}

#[async_trait]
impl SubscriptionStore for MemoryStore {
    async fn create_subscription(&self, subscription: &Subscription, event: &NewEvent) -> Result<()> {
        self.write().create_subscription(subscription, event)
    }

    async fn get_subscription(&self, uid: &Uidp) -> Result<Option<Subscription>> {
        Ok(self.read().get_subscription(uid))
    }

    async fn list_subscriptions(&self, query: &ListQuery) -> Result<StorePage<Subscription>> {
        Ok(self.read().list_subscriptions(query))
    }

    async fn subscriptions_in(&self, groups: &[Uidp]) -> Result<Vec<Subscription>> {
        Ok(self.read().subscriptions_in(groups))
    }

    async fn delete_subscription(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_subscription(uid, event)
    }
}

#[async_trait]
impl TermsStore for MemoryStore {
    async fn accept_terms(&self, accepted: &TermsAccepted, event: &NewEvent) -> Result<usize> {
        self.write().accept_terms(accepted, event)
    }

    async fn list_terms_acceptances(&self, query: &ListQuery) -> Result<StorePage<TermsAcceptance>> {
        Ok(self.read().list_terms_acceptances(query))
    }
}

#[async_trait]
impl OnboardingStore for MemoryStore {
    async fn request_group_access(&self, request: &GroupAccessRequest, event: &NewEvent) -> Result<()> {
        self.write().request_group_access(request, event)
    }

    async fn get_identity_metadata(&self, uid: &Uidp) -> Result<Option<IdentityMetadata>> {
        Ok(self.read().get_identity_metadata(uid))
    }

    async fn put_identity_metadata(&self, view: &IdentityMetadataView, event: &NewEvent) -> Result<()> {
        self.write().put_identity_metadata(view, event)
    }
}

#[async_trait]
impl LoginStore for MemoryStore {
    async fn record_person_login(&self, login: &PersonLogin) -> Result<(Identity, bool)> {
        self.write().record_person_login(login)
    }

    async fn rotate_refresh_token(&self, hash: &str, next: &RefreshTokenRecord, now: Timestamp) -> Result<Rotation> {
        Ok(self.write().rotate_refresh_token(hash, next, now))
    }

    async fn revoke_refresh_token(&self, hash: &str) -> Result<bool> {
        Ok(self.write().revoke_refresh_token(hash))
    }

    async fn use_authorization_code(&self, hash: &str, expire_time: Timestamp, now: Timestamp) -> Result<bool> {
        Ok(self.write().use_authorization_code(hash, expire_time, now))
    }
}

#[async_trait]
impl IdentityProviderStore for MemoryStore {
    async fn create_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()> {
        self.write().create_identity_provider(idp, event)
    }

    async fn get_identity_provider(&self, uid: &Uidp) -> Result<Option<IdentityProvider>> {
        Ok(self.read().get_identity_provider(uid))
    }

    async fn list_identity_providers(&self, query: &ListQuery) -> Result<StorePage<IdentityProvider>> {
        Ok(self.read().list_identity_providers(query))
    }

    async fn update_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()> {
        self.write().update_identity_provider(idp, event)
    }

    async fn delete_identity_provider(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_identity_provider(uid, event)
    }

    async fn list_client_secrets(&self) -> Result<Vec<(Uidp, SealedSecret)>> {
        Ok(self.read().list_client_secrets())
    }

    async fn replace_client_secret(&self, uid: &Uidp, current: &SealedSecret, next: &SealedSecret) -> Result<bool> {
        Ok(self.write().replace_client_secret(uid, current, next))
    }
}

#[async_trait]
impl ExternalGroupRoleMappingStore for MemoryStore {
    async fn create_external_group_role_mapping(
        &self,
        mapping: &ExternalGroupRoleMapping,
        event: &NewEvent,
    ) -> Result<()> {
        self.write().create_external_group_role_mapping(mapping, event)
    }

    async fn get_external_group_role_mapping(&self, uid: &Uidp) -> Result<Option<ExternalGroupRoleMapping>> {
        Ok(self.read().get_external_group_role_mapping(uid))
    }

    async fn list_external_group_role_mappings(
        &self,
        query: &ListQuery,
    ) -> Result<StorePage<ExternalGroupRoleMapping>> {
        Ok(self.read().list_external_group_role_mappings(query))
    }

    async fn delete_external_group_role_mapping(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_external_group_role_mapping(uid, event)
    }

    async fn delete_external_group_role_mappings(
        &self,
        parent: &Uidp,
        uids: &[Uidp],
        event: &NewEvent,
    ) -> Result<Vec<ExternalGroupRoleMapping>> {
        self.write().delete_external_group_role_mappings(parent, uids, event)
    }

    async fn mappings_for_groups(&self, provider: &Uidp, groups: &[String]) -> Result<Vec<ExternalGroupRoleMapping>> {
        Ok(self.read().mappings_for_groups(provider, groups))
    }

    async fn mapped_bindings(&self, identity: &Uidp, provider: &Uidp) -> Result<Vec<MappedBinding>> {
        Ok(self.read().mapped_bindings(identity, provider))
    }

    async fn mapped_bindings_under(&self, mapping: &Uidp) -> Result<Vec<MappedBinding>> {
        Ok(self.read().mapped_bindings_under(mapping))
    }

    async fn sync_mapped_bindings(&self, sync: &MappingSync) -> Result<MappingSynced> {
        self.write().sync_mapped_bindings(sync)
    }
}

#[async_trait]
impl AdvisoryStore for MemoryStore {
    async fn get_advisory(&self, uid: &Uidp) -> Result<Option<Advisory>> {
        Ok(self.read().get_advisory(uid))
    }

    async fn get_advisories(&self, uids: &[Uidp]) -> Result<Vec<Advisory>> {
        Ok(self.read().get_advisories(uids))
    }

    async fn list_advisories(&self, query: &ListQuery) -> Result<StorePage<Advisory>> {
        Ok(self.read().list_advisories(query))
    }

    async fn put_advisories(&self, advisories: &[Advisory]) -> Result<()> {
        self.write().put_advisories(advisories)
    }

    async fn create_advisory(&self, advisory: &Advisory, event: &NewEvent) -> Result<()> {
        self.write().create_advisory(advisory, event)
    }

    async fn update_advisory(&self, advisory: &Advisory, expected: Timestamp, event: &NewEvent) -> Result<()> {
        self.write().update_advisory(advisory, expected, event)
    }
}

#[async_trait]
impl GroupInviteStore for MemoryStore {
    async fn create_group_invite(&self, invite: &GroupInvite, event: &NewEvent) -> Result<()> {
        self.write().create_group_invite(invite, event)
    }

    async fn get_group_invite(&self, uid: &Uidp) -> Result<Option<GroupInvite>> {
        Ok(self.read().get_group_invite(uid))
    }

    async fn list_group_invites(&self, query: &ListQuery) -> Result<StorePage<GroupInvite>> {
        Ok(self.read().list_group_invites(query))
    }

    async fn delete_group_invite(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        self.write().delete_group_invite(uid, event)
    }

    async fn redeem_group_invite(
        &self,
        invite: &Uidp,
        binding: &RoleBinding,
        binding_event: &NewEvent,
        registered_event: &NewEvent,
    ) -> Result<()> {
        self.write().redeem_group_invite(invite, binding, binding_event, registered_event)
    }
}

#[async_trait]
impl grove_domain::ports::ScimStore for MemoryStore {
    async fn get_scim_credential(&self, idp: &Uidp) -> Result<Option<grove_domain::model::ScimCredential>> {
        Ok(self.read().get_scim_credential(idp))
    }

    async fn get_scim_credentials(&self, idps: &[Uidp]) -> Result<Vec<grove_domain::model::ScimCredential>> {
        let state = self.read();
        Ok(idps.iter().filter_map(|idp| state.get_scim_credential(idp)).collect())
    }

    async fn put_scim_credential(
        &self,
        next: &grove_domain::model::ScimCredential,
        expected_etag: &str,
        outcome: &grove_domain::model::ScimOutcome,
        event: &NewEvent,
    ) -> Result<()> {
        self.write().put_scim_credential(next, expected_etag, outcome, event)
    }

    async fn count_org_owner_bindings(&self, org: &Uidp) -> Result<usize> {
        Ok(self.read().count_org_owner_bindings(org))
    }
}

#[async_trait]
impl grove_domain::ports::ScimProvisioningStore for MemoryStore {
    async fn create_scim_user(&self, user: &ScimUser, event: &NewEvent) -> Result<()> {
        self.write().create_scim_user(user, event)
    }

    async fn get_scim_user(&self, uid: &Uidp) -> Result<Option<ScimUser>> {
        Ok(self.read().get_scim_user(uid))
    }

    async fn find_scim_user(&self, provider: &Uidp, external_id: &str) -> Result<Option<ScimUser>> {
        Ok(self.read().find_scim_user(provider, external_id))
    }

    async fn list_scim_users(&self, provider: &Uidp, query: &ScimQuery) -> Result<ScimPage<ScimUser>> {
        Ok(self.read().list_scim_users(provider, query))
    }

    async fn list_scim_users_page(&self, query: &ListQuery) -> Result<StorePage<ScimUser>> {
        Ok(self.read().list_scim_users_page(query))
    }

    async fn update_scim_user(&self, user: &ScimUser, expected_version: i64, event: &NewEvent) -> Result<()> {
        self.write().update_scim_user(user, expected_version, event)
    }

    async fn link_scim_user(&self, uid: &Uidp, identity: &Uidp) -> Result<()> {
        self.write().link_scim_user(uid, identity);
        Ok(())
    }

    async fn delete_scim_user(
        &self,
        user: &ScimUser,
        expected_version: i64,
        event: &NewEvent,
        identity_event: &NewEvent,
    ) -> Result<()> {
        self.write().delete_scim_user(user, expected_version, event, identity_event)
    }

    async fn create_scim_group(&self, group: &ScimGroup, event: &NewEvent) -> Result<()> {
        self.write().create_scim_group(group, event)
    }

    async fn get_scim_group(&self, uid: &Uidp) -> Result<Option<ScimGroup>> {
        Ok(self.read().get_scim_group(uid))
    }

    async fn list_scim_groups(&self, provider: &Uidp, query: &ScimQuery) -> Result<ScimPage<ScimGroup>> {
        Ok(self.read().list_scim_groups(provider, query))
    }

    async fn update_scim_group(&self, group: &ScimGroup, expected_version: i64, event: &NewEvent) -> Result<()> {
        self.write().update_scim_group(group, expected_version, event)
    }

    async fn delete_scim_group(&self, uid: &Uidp, expected_version: i64, event: &NewEvent) -> Result<()> {
        self.write().delete_scim_group(uid, expected_version, event)
    }

    async fn scim_group_names_of(&self, provider: &Uidp, external_id: &str) -> Result<Vec<String>> {
        Ok(self.read().scim_group_names_of(provider, external_id))
    }
}

#[async_trait]
impl grove_domain::ports::AccountAssociationStore for MemoryStore {
    async fn create_account_association(&self, association: &AccountAssociation, event: &NewEvent) -> Result<()> {
        self.write().create_account_association(association, event)
    }

    async fn get_account_association(&self, uid: &Uidp) -> Result<Option<AccountAssociation>> {
        Ok(self.read().get_account_association(uid))
    }

    async fn list_account_associations(&self, query: &ListQuery) -> Result<StorePage<AccountAssociation>> {
        Ok(self.read().list_account_associations(query))
    }

    async fn update_account_association(&self, association: &AccountAssociation, event: &NewEvent) -> Result<()> {
        self.write().update_account_association(association, event)
    }

    async fn delete_account_association(&self, uid: &Uidp, event: &NewEvent) -> Result<bool> {
        self.write().delete_account_association(uid, event)
    }
}

#[async_trait]
impl OutboxStore for MemoryStore {
    async fn claim_events(&self, now: Timestamp, lease_until: Timestamp, limit: usize) -> Result<Vec<EventRecord>> {
        Ok(self.write().outbox().claim(now, lease_until, limit))
    }

    async fn mark_delivered(&self, ids: &[EventId], at: Timestamp) -> Result<()> {
        self.write().outbox().mark_delivered(ids, at);
        Ok(())
    }

    async fn renew_leases(&self, ids: &[EventId], lease_until: Timestamp) -> Result<()> {
        self.write().outbox().renew(ids, lease_until);
        Ok(())
    }

    async fn release_events(&self, ids: &[EventId]) -> Result<()> {
        self.write().outbox().release(ids);
        Ok(())
    }

    async fn event_backlog(&self) -> Result<Backlog> {
        Ok(self.write().outbox().backlog())
    }

    async fn prune_events(&self, before: Timestamp) -> Result<u64> {
        Ok(self.write().outbox().prune(before))
    }

    async fn record_dead_letter(&self, dead_letter: &DeadLetter) -> Result<()> {
        self.write().outbox().record_dead_letter(dead_letter);
        Ok(())
    }

    async fn list_dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>> {
        Ok(self.write().outbox().dead_letters(limit))
    }

    async fn delete_dead_letter(&self, id: &str) -> Result<bool> {
        Ok(self.write().outbox().delete_dead_letter(id))
    }

    async fn get_dead_letter(&self, id: &str) -> Result<Option<DeadLetter>> {
        Ok(self.write().outbox().dead_letter(id).cloned())
    }

    async fn list_dead_letter_page(&self, query: &ListQuery) -> Result<StorePage<DeadLetter>> {
        Ok(self.write().list_dead_letter_page(query))
    }

    async fn remove_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()> {
        self.write().remove_dead_letter(dead_letter, event)
    }

    async fn update_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()> {
        self.write().update_dead_letter(dead_letter, event)
    }
}

#[async_trait]
impl AuditStore for MemoryStore {
    async fn list_audit_entries(&self, query: &ListQuery) -> Result<StorePage<AuditEntry>> {
        Ok(self.read().list_audit_entries(query))
    }

    async fn prune_audit_entries(&self, before: Timestamp) -> Result<u64> {
        Ok(self.write().prune_audit_entries(before))
    }
}

#[async_trait]
impl StoreHealth for MemoryStore {
    async fn ping(&self) -> Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use grove_domain::builtin::{built_in_roles, owner_role_uid};
    use grove_domain::listing::{ListFilter, ListQuery, Visibility};
    use grove_domain::{Code, Error};
    use grove_test_support::{ev, fixtures};

    use super::*;

    fn store() -> MemoryStore {
        MemoryStore::new(fixtures::at(-60_000))
    }

    fn everything() -> ListQuery {
        ListQuery::all(ListFilter::default(), Visibility::everything(), 100)
    }

    #[tokio::test]
    async fn new_store_holds_only_the_built_in_roles_stamped_with_now() {
        let store = store();
        let roles = store.list_roles(&everything()).await.unwrap();
        let mut expected = built_in_roles(fixtures::at(-60_000));
        expected.sort_by(|a, b| a.uid.cmp(&b.uid));
        assert_eq!(roles.items, expected);
        assert_eq!(store.list_groups(&everything()).await.unwrap().total, 0);
    }

    #[tokio::test]
    async fn a_store_without_events_makes_changes_but_writes_no_event() {
        use grove_domain::ports::OutboxStore as _;
        let store = store().without_events();
        let org = fixtures::group(None, "quiet");
        store.create_group(&org, &ev()).await.unwrap();
        assert_eq!(store.get_group(&org.uid).await.unwrap(), Some(org));
        assert_eq!(store.event_backlog().await.unwrap().undelivered, 0);
    }

    #[tokio::test]
    async fn nested_resources_with_root_uids_are_invalid_arguments() {
        let store = store();
        let org = fixtures::group(None, "acme");
        store.create_group(&org, &ev()).await.unwrap();
        let mut identity = fixtures::identity(&org.uid, "ci");
        identity.uid = fixtures::root_uid("not-nested");
        let err = store.create_identity(&identity, &ev()).await.unwrap_err();
        assert_eq!(err, Error::invalid("uid", "uid must name a resource inside a group"));
        let mut repo = fixtures::repo(&org.uid, "nginx");
        repo.uid = fixtures::root_uid("not-nested");
        assert_eq!(store.create_repo(&repo, &ev()).await.unwrap_err().code(), Code::InvalidArgument);
    }

    #[tokio::test]
    async fn create_organization_checks_the_shape_of_its_uids() {
        let store = store();
        let home = fixtures::group(None, "home");
        store.create_group(&home, &ev()).await.unwrap();
        let admin = fixtures::identity(&home.uid, "admin");
        store.create_identity(&admin, &ev()).await.unwrap();

        let nested = fixtures::group(Some(&home.uid), "nested");
        let owner = fixtures::binding(&nested.uid, &admin.uid, &owner_role_uid());
        let err = store.create_organization(&nested, &owner, &ev()).await.unwrap_err();
        assert_eq!(err, Error::invalid("uid", "an organization's uid must be a root uid"));

        let org = fixtures::group(None, "acme");
        let elsewhere = fixtures::binding(&home.uid, &admin.uid, &owner_role_uid());
        let err = store.create_organization(&org, &elsewhere, &ev()).await.unwrap_err();
        assert_eq!(err, Error::invalid("uid", "the owner binding must be directly inside the organization"));
        assert_eq!(store.get_group(&org.uid).await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_renamed_row_frees_its_old_name() {
        let store = store();
        let org = fixtures::group(None, "acme");
        store.create_group(&org, &ev()).await.unwrap();
        let team = fixtures::group(Some(&org.uid), "team");
        store.create_group(&team, &ev()).await.unwrap();
        let mut renamed = team.clone();
        renamed.name = grove_domain::names::GroupName::parse("name", "platform").unwrap();
        store.update_group(&renamed, &ev()).await.unwrap();
        let mut team_again = fixtures::group(Some(&org.uid), "team");
        team_again.uid = fixtures::child_uid(&org.uid, "group", "team again");
        store.create_group(&team_again, &ev()).await.unwrap();
        let clash = fixtures::group(Some(&org.uid), "platform");
        assert_eq!(store.create_group(&clash, &ev()).await.unwrap_err().code(), Code::AlreadyExists);
    }

    #[tokio::test]
    async fn a_panic_while_holding_the_lock_does_not_take_the_store_down() {
        let store = Arc::new(store());
        let holder = Arc::clone(&store);
        let panicked = std::thread::spawn(move || {
            let _guard = holder.write();
            panic!("panic while holding the lock");
        })
        .join();
        assert!(panicked.is_err());
        assert!(store.state.is_poisoned());
        store.create_group(&fixtures::group(None, "acme"), &ev()).await.unwrap();
        assert_eq!(store.list_groups(&everything()).await.unwrap().total, 1);
        assert_eq!(store.ping().await, Ok(()));
    }
}
