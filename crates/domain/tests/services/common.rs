//! Shared fixtures: one mock of every store port, a settable clock, predictable uids,
//! callers bound to built-in roles, and sample resources.

use std::future::Future;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use grove_domain::authz::{Grant, Principal};
use grove_domain::builtin::built_in_roles;
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::events::{DeadLetter, EventData, EventId, EventRecord, EventRenderer, NewEvent, Subscription};
use grove_domain::listing::{ListQuery, Pager, StorePage};
use grove_domain::model::{
    Advisory, BoundIdentity, ClaimMatch, ExternalGroupRoleMapping, Group, GroupAccessRequest, GroupInvite, Identity,
    IdentityMetadata, IdentityMetadataView, IdentityProvider, InviteClaims, Matcher, NamedRef, Relationship, Repo,
    Role, RoleBinding, RoleBindingView, Seen, SignedInviteCode, Tag, TermsAcceptance, TermsAccepted,
};
use grove_domain::names::{Description, Digest, DisplayName, GroupName, RepoName};
use grove_domain::ports::{
    AdvisoryStore, ApiTokenVerifier, Backlog, Clock, ExternalGroupRoleMappingStore, GroupInviteStore, GroupStore,
    IdGenerator, IdentityProviderStore, IdentityStore, InviteCodes, MockApiTokenVerifier, OnboardingStore, OutboxStore,
    RepoStore, RoleBindingStore, RoleStore, StoreHealth, SubscriptionStore, TagStore, TermsStore, VerifiedToken,
};
use grove_domain::services::{Deps, Services};
use grove_domain::{Result, Timestamp, Uidp};

mockall::mock! {
    pub Store {}

    #[async_trait]
    impl GroupStore for Store {
        async fn create_group(&self, group: &Group, event: &NewEvent) -> Result<()>;
        async fn create_organization(&self, group: &Group, owner: &RoleBinding, event: &NewEvent) -> Result<()>;
        async fn create_owned_organization(&self, group: &Group, identity: &Identity, owner: &RoleBinding) -> Result<()>;
        async fn get_group(&self, uid: &Uidp) -> Result<Option<Group>>;
        async fn list_groups(&self, query: &ListQuery) -> Result<StorePage<Group>>;
        async fn update_group(&self, group: &Group, event: &NewEvent) -> Result<Group>;
        async fn delete_group(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl IdentityStore for Store {
        async fn create_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()>;
        async fn get_identity(&self, uid: &Uidp) -> Result<Option<Identity>>;
        async fn list_identities(&self, query: &ListQuery) -> Result<StorePage<Identity>>;
        async fn update_identity(&self, identity: &Identity, event: &NewEvent) -> Result<()>;
        async fn record_identity_seen(&self, uid: &Uidp, seen: &Seen) -> Result<()>;
        async fn delete_identity(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl RoleStore for Store {
        async fn create_role(&self, role: &Role, event: &NewEvent) -> Result<()>;
        async fn get_role(&self, uid: &Uidp) -> Result<Option<Role>>;
        async fn list_roles(&self, query: &ListQuery) -> Result<StorePage<Role>>;
        async fn update_role(&self, role: &Role, event: &NewEvent) -> Result<()>;
        async fn delete_role(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl RoleBindingStore for Store {
        async fn create_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()>;
        async fn create_role_bindings(&self, batch: &[(RoleBinding, NewEvent)]) -> Result<()>;
        async fn get_role_binding(&self, uid: &Uidp) -> Result<Option<RoleBindingView>>;
        async fn list_role_bindings(&self, query: &ListQuery) -> Result<StorePage<RoleBindingView>>;
        async fn update_role_binding(&self, binding: &RoleBinding, event: &NewEvent) -> Result<()>;
        async fn delete_role_binding(&self, uid: &Uidp, event: &NewEvent) -> Result<bool>;
        async fn grants_of(&self, identity: &Uidp) -> Result<Option<Vec<Grant>>>;
    }

    #[async_trait]
    impl RepoStore for Store {
        async fn create_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()>;
        async fn get_repo(&self, uid: &Uidp) -> Result<Option<Repo>>;
        async fn find_repos_by_path(&self, org: &str, name: &str) -> Result<Vec<Repo>>;
        async fn list_repos(&self, query: &ListQuery) -> Result<StorePage<Repo>>;
        async fn update_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()>;
        async fn delete_repo(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl TagStore for Store {
        async fn put_tag(&self, tag: &Tag, event: &NewEvent) -> Result<Tag>;
        async fn get_tag(&self, uid: &Uidp) -> Result<Option<Tag>>;
        async fn list_tags(&self, query: &ListQuery) -> Result<StorePage<Tag>>;
        async fn create_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()>;
        async fn update_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()>;
        async fn move_tag(&self, uid: &Uidp, digest: &Digest, at: Timestamp, event: &NewEvent) -> Result<Tag>;
        async fn delete_tag(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl SubscriptionStore for Store {
        async fn create_subscription(&self, subscription: &Subscription, event: &NewEvent) -> Result<()>;
        async fn get_subscription(&self, uid: &Uidp) -> Result<Option<Subscription>>;
        async fn list_subscriptions(&self, query: &ListQuery) -> Result<StorePage<Subscription>>;
        async fn subscriptions_in(&self, groups: &[Uidp]) -> Result<Vec<Subscription>>;
        async fn delete_subscription(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl TermsStore for Store {
        async fn accept_terms(&self, accepted: &TermsAccepted, event: &NewEvent) -> Result<usize>;
        async fn list_terms_acceptances(&self, query: &ListQuery) -> Result<StorePage<TermsAcceptance>>;
    }

    #[async_trait]
    impl OnboardingStore for Store {
        async fn request_group_access(&self, request: &GroupAccessRequest, event: &NewEvent) -> Result<()>;
        async fn get_identity_metadata(&self, uid: &Uidp) -> Result<Option<IdentityMetadata>>;
        async fn put_identity_metadata(&self, view: &IdentityMetadataView, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl AdvisoryStore for Store {
        async fn get_advisory(&self, uid: &Uidp) -> Result<Option<Advisory>>;
        async fn get_advisories(&self, uids: &[Uidp]) -> Result<Vec<Advisory>>;
        async fn list_advisories(&self, query: &ListQuery) -> Result<StorePage<Advisory>>;
        async fn put_advisories(&self, advisories: &[Advisory]) -> Result<()>;
        async fn create_advisory(&self, advisory: &Advisory, event: &NewEvent) -> Result<()>;
        async fn update_advisory(&self, advisory: &Advisory, expected_update_time: Timestamp, event: &NewEvent)
            -> Result<()>;
    }

    #[async_trait]
    impl IdentityProviderStore for Store {
        async fn create_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()>;
        async fn get_identity_provider(&self, uid: &Uidp) -> Result<Option<IdentityProvider>>;
        async fn list_identity_providers(&self, query: &ListQuery) -> Result<StorePage<IdentityProvider>>;
        async fn update_identity_provider(&self, idp: &IdentityProvider, event: &NewEvent) -> Result<()>;
        async fn delete_identity_provider(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
        async fn list_client_secrets(&self) -> Result<Vec<(Uidp, grove_domain::secrets::SealedSecret)>>;
        async fn replace_client_secret(
            &self,
            uid: &Uidp,
            current: &grove_domain::secrets::SealedSecret,
            next: &grove_domain::secrets::SealedSecret,
        ) -> Result<bool>;
    }

    #[async_trait]
    impl ExternalGroupRoleMappingStore for Store {
        async fn create_external_group_role_mapping(&self, mapping: &ExternalGroupRoleMapping, event: &NewEvent) -> Result<()>;
        async fn get_external_group_role_mapping(&self, uid: &Uidp) -> Result<Option<ExternalGroupRoleMapping>>;
        async fn list_external_group_role_mappings(&self, query: &ListQuery) -> Result<StorePage<ExternalGroupRoleMapping>>;
        async fn delete_external_group_role_mapping(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
        async fn delete_external_group_role_mappings(&self, parent: &Uidp, uids: &[Uidp], event: &NewEvent) -> Result<Vec<ExternalGroupRoleMapping>>;
        async fn mappings_for_groups(&self, provider: &Uidp, groups: &[String]) -> Result<Vec<ExternalGroupRoleMapping>>;
        async fn mapped_bindings(&self, identity: &Uidp, provider: &Uidp) -> Result<Vec<grove_domain::model::MappedBinding>>;
        async fn mapped_bindings_under(&self, mapping: &Uidp) -> Result<Vec<grove_domain::model::MappedBinding>>;
        async fn sync_mapped_bindings(&self, sync: &grove_domain::ports::MappingSync) -> Result<grove_domain::ports::MappingSynced>;
    }

    #[async_trait]
    impl grove_domain::ports::LoginStore for Store {
        async fn record_person_login(&self, login: &grove_domain::ports::PersonLogin) -> Result<(Identity, bool)>;
        async fn rotate_refresh_token(&self, hash: &str, next: &grove_domain::ports::RefreshTokenRecord, now: Timestamp) -> Result<grove_domain::ports::Rotation>;
        async fn revoke_refresh_token(&self, hash: &str) -> Result<bool>;
        async fn use_authorization_code(&self, hash: &str, expire_time: Timestamp, now: Timestamp) -> Result<bool>;
    }

    #[async_trait]
    impl GroupInviteStore for Store {
        async fn create_group_invite(&self, invite: &GroupInvite, event: &NewEvent) -> Result<()>;
        async fn get_group_invite(&self, uid: &Uidp) -> Result<Option<GroupInvite>>;
        async fn list_group_invites(&self, query: &ListQuery) -> Result<StorePage<GroupInvite>>;
        async fn delete_group_invite(&self, uid: &Uidp, event: &NewEvent) -> Result<()>;
        async fn redeem_group_invite(&self, invite: &Uidp, binding: &RoleBinding, binding_event: &NewEvent, registered_event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl grove_domain::ports::ScimStore for Store {
        async fn get_scim_credential(&self, idp: &Uidp) -> Result<Option<grove_domain::model::ScimCredential>>;
        async fn get_scim_credentials(&self, idps: &[Uidp]) -> Result<Vec<grove_domain::model::ScimCredential>>;
        async fn put_scim_credential(&self, next: &grove_domain::model::ScimCredential, expected_etag: &str, outcome: &grove_domain::model::ScimOutcome, event: &NewEvent) -> Result<()>;
        async fn count_org_owner_bindings(&self, org: &Uidp) -> Result<usize>;
    }

    #[async_trait]
    impl grove_domain::ports::ScimProvisioningStore for Store {
        async fn create_scim_user(&self, user: &grove_domain::model::ScimUser, event: &NewEvent) -> Result<()>;
        async fn get_scim_user(&self, uid: &Uidp) -> Result<Option<grove_domain::model::ScimUser>>;
        async fn find_scim_user(&self, provider: &Uidp, external_id: &str) -> Result<Option<grove_domain::model::ScimUser>>;
        async fn list_scim_users(&self, provider: &Uidp, query: &grove_domain::model::ScimQuery) -> Result<grove_domain::model::ScimPage<grove_domain::model::ScimUser>>;
        async fn list_scim_users_page(&self, query: &grove_domain::listing::ListQuery) -> Result<grove_domain::listing::StorePage<grove_domain::model::ScimUser>>;
        async fn update_scim_user(&self, user: &grove_domain::model::ScimUser, expected_version: i64, event: &NewEvent) -> Result<()>;
        async fn link_scim_user(&self, uid: &Uidp, identity: &Uidp) -> Result<()>;
        async fn delete_scim_user(&self, user: &grove_domain::model::ScimUser, expected_version: i64, event: &NewEvent, identity_event: &NewEvent) -> Result<()>;
        async fn create_scim_group(&self, group: &grove_domain::model::ScimGroup, event: &NewEvent) -> Result<()>;
        async fn get_scim_group(&self, uid: &Uidp) -> Result<Option<grove_domain::model::ScimGroup>>;
        async fn list_scim_groups(&self, provider: &Uidp, query: &grove_domain::model::ScimQuery) -> Result<grove_domain::model::ScimPage<grove_domain::model::ScimGroup>>;
        async fn update_scim_group(&self, group: &grove_domain::model::ScimGroup, expected_version: i64, event: &NewEvent) -> Result<()>;
        async fn delete_scim_group(&self, uid: &Uidp, expected_version: i64, event: &NewEvent) -> Result<()>;
        async fn scim_group_names_of(&self, provider: &Uidp, external_id: &str) -> Result<Vec<String>>;
    }

    #[async_trait]
    impl grove_domain::ports::AccountAssociationStore for Store {
        async fn create_account_association(&self, association: &grove_domain::model::AccountAssociation, event: &NewEvent) -> Result<()>;
        async fn get_account_association(&self, uid: &Uidp) -> Result<Option<grove_domain::model::AccountAssociation>>;
        async fn list_account_associations(&self, query: &ListQuery) -> Result<StorePage<grove_domain::model::AccountAssociation>>;
        async fn update_account_association(&self, association: &grove_domain::model::AccountAssociation, event: &NewEvent) -> Result<()>;
        async fn delete_account_association(&self, uid: &Uidp, event: &NewEvent) -> Result<bool>;
    }

    #[async_trait]
    impl OutboxStore for Store {
        async fn claim_events(&self, now: Timestamp, lease_until: Timestamp, limit: usize) -> Result<Vec<EventRecord>>;
        async fn mark_delivered(&self, ids: &[EventId], at: Timestamp) -> Result<()>;
        async fn renew_leases(&self, ids: &[EventId], lease_until: Timestamp) -> Result<()>;
        async fn release_events(&self, ids: &[EventId]) -> Result<()>;
        async fn event_backlog(&self) -> Result<Backlog>;
        async fn prune_events(&self, before: Timestamp) -> Result<u64>;
        async fn record_dead_letter(&self, dead_letter: &DeadLetter) -> Result<()>;
        async fn list_dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>>;
        async fn delete_dead_letter(&self, id: &str) -> Result<bool>;
        async fn get_dead_letter(&self, id: &str) -> Result<Option<DeadLetter>>;
        async fn list_dead_letter_page(&self, query: &ListQuery) -> Result<StorePage<DeadLetter>>;
        async fn remove_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()>;
        async fn update_dead_letter(&self, dead_letter: &DeadLetter, event: &NewEvent) -> Result<()>;
    }

    #[async_trait]
    impl grove_domain::ports::AuditStore for Store {
        async fn list_audit_entries(&self, query: &ListQuery) -> Result<StorePage<grove_domain::audit::AuditEntry>>;
        async fn prune_audit_entries(&self, before: Timestamp) -> Result<u64>;
    }

    #[async_trait]
    impl grove_domain::ports::ConsoleSessionStore for Store {
        async fn create_console_session(&self, session: &grove_domain::ports::ConsoleSessionRecord, max: usize) -> Result<()>;
        async fn touch_console_session(&self, id_hash: &str, now: Timestamp, idle_since: Timestamp, write_before: Timestamp) -> Result<Option<grove_domain::ports::ConsoleSessionRecord>>;
        async fn change_console_session(&self, id_hash: &str, change: &grove_domain::ports::ConsoleSessionChange) -> Result<bool>;
        async fn delete_console_session(&self, id_hash: &str) -> Result<Option<grove_domain::ports::ConsoleSessionRecord>>;
        async fn create_pending_console_login(&self, login: &grove_domain::ports::PendingConsoleLogin, max: usize) -> Result<bool>;
        async fn take_pending_console_login(&self, id_hash: &str) -> Result<Option<grove_domain::ports::PendingConsoleLogin>>;
        async fn prune_console_sessions(&self, idle_since: Timestamp, logins_since: Timestamp) -> Result<u64>;
    }

    #[async_trait]
    impl StoreHealth for Store {
        async fn ping(&self) -> Result<()>;
    }
}

/// Renders event data as the kind of value only (the real renderer lives in `grove-proto`).
#[derive(Debug)]
pub struct KindRenderer;

impl EventRenderer for KindRenderer {
    fn render(&self, data: EventData<'_>) -> Result<String> {
        let kind = match data {
            EventData::Group(_) => "group",
            EventData::Scim(_) => "scim",
            EventData::ScimUser(_) => "scim user",
            EventData::ScimGroup(_) => "scim group",
            EventData::Identity(_) => "identity",
            EventData::Role(_) => "role",
            EventData::RoleBinding(_) => "role binding",
            EventData::Repo(_) => "repo",
            EventData::Tag(_) => "tag",
            EventData::Subscription(_) => "subscription",
            EventData::TermsAccepted(_) => "terms accepted",
            EventData::GroupAccessRequested(_) => "group access requested",
            EventData::IdentityMetadata(_) => "identity metadata",
            EventData::IdentityProvider(_) => "identity provider",
            EventData::ExternalGroupRoleMapping(_) => "external group role mapping",
            EventData::MappingsDeleted(_) => "mappings deleted",
            EventData::GroupInvite(_) => "group invite",
            EventData::AccountAssociation(_) => "account association",
            EventData::Advisory(_) => "advisory",
            EventData::AdvisoryEvent(_) => "advisory event",
            EventData::Registered(_) => "registered",
            EventData::DeadLetter(_) => "dead letter",
            EventData::Empty => "empty",
        };
        Ok(kind.to_owned())
    }
}

/// Runs a service call to completion; the domain needs no runtime of its own.
pub fn run<F: Future>(f: F) -> F::Output {
    futures_executor::block_on(f)
}

/// The instant every test starts at (2026-11-18T11:06:40.000Z).
pub const T0: i64 = 1_795_000_000_000;
/// One day in milliseconds.
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The timestamp `ms` milliseconds after the epoch.
pub fn ts(ms: i64) -> Timestamp {
    Timestamp::from_unix_millis(ms).expect("test timestamps are representable")
}

/// A clock that stands still until a test moves it.
#[derive(Debug)]
pub struct TestClock(AtomicI64);

impl TestClock {
    /// A clock showing `ms`.
    pub fn at(ms: i64) -> Arc<Self> {
        Arc::new(Self(AtomicI64::new(ms)))
    }

    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn now(&self) -> Timestamp {
        ts(self.0.load(Ordering::SeqCst))
    }
}

/// The root uid every new organization gets from [`SeqIds`].
pub const NEW_ORG: &str = "feedfeedfeedfeedfeedfeedfeedfeedfeedfeed";

/// Predictable uids: children are numbered 1, 2, … in creation order.
#[derive(Debug, Default)]
pub struct SeqIds(AtomicU64);

impl IdGenerator for SeqIds {
    fn new_root(&self) -> Uidp {
        Uidp::from_static(NEW_ORG)
    }
    fn new_child(&self, parent: &Uidp) -> Uidp {
        let n = self.0.fetch_add(1, Ordering::SeqCst) + 1;
        nth_child(parent, n)
    }
}

/// The uid [`SeqIds`] gives the `n`th child it creates.
pub fn nth_child(parent: &Uidp, n: u64) -> Uidp {
    Uidp::parse(&format!("{parent}/{n:016x}")).expect("a child of a uid is a uid")
}

/// The organization the tests work in.
pub fn org() -> Uidp {
    Uidp::from_static("0123456789abcdef0123456789abcdef01234567")
}

/// `parent` + `/` + `segment` (16 hex characters).
pub fn child(parent: &Uidp, segment: &str) -> Uidp {
    Uidp::parse(&format!("{parent}/{segment}")).expect("segment is 16 hex characters")
}

/// Group A, directly below the organization.
pub fn group_a() -> Uidp {
    child(&org(), "aaaaaaaaaaaaaaaa")
}

/// Group B, A's sibling.
pub fn group_b() -> Uidp {
    child(&org(), "bbbbbbbbbbbbbbbb")
}

/// The identity every test caller authenticates as.
pub fn caller_uid() -> Uidp {
    child(&org(), "cccccccccccccccc")
}

/// The capabilities of the built-in role called `name`.
pub fn role_capabilities(name: &str) -> CapabilitySet {
    built_in_roles(ts(0))
        .into_iter()
        .find(|r| r.name.as_str() == name)
        .unwrap_or_else(|| panic!("no built-in role {name}"))
        .capabilities
}

/// A caller bound to the built-in role `role` on `group`, and nothing else.
pub fn bound(role: &str, group: &Uidp) -> Principal {
    Principal::new(
        caller_uid(),
        vec![Grant { group: group.clone(), capabilities: role_capabilities(role) }],
        CapabilitySet::new(),
    )
}

/// A caller with no bindings at all.
pub fn nobody() -> Principal {
    Principal::new(caller_uid(), Vec::new(), CapabilitySet::new())
}

/// A root identity: no bindings, `groups.create` at the root.
pub fn root_caller() -> Principal {
    Principal::new(caller_uid(), Vec::new(), [Capability::GroupsCreate].into_iter().collect())
}

/// The paging secret the test services sign tokens with.
pub const PAGING_SECRET: &[u8] = b"grove test paging secret";

/// The services under test, with the clock that drives them.
pub struct Env {
    /// Every service, wired onto the mock store.
    pub services: Services,
    /// The clock behind the services and the pager.
    pub clock: Arc<TestClock>,
}

/// Services over `store`, with [`SeqIds`], a clock at [`T0`] and no token verification.
pub fn env(store: MockStore) -> Env {
    env_with(store, Arc::new(SeqIds::default()), MockApiTokenVerifier::new(), Vec::new())
}

/// Services over `store` with the given uid source, token verifier and root identities.
pub fn env_with(
    store: MockStore,
    ids: Arc<dyn IdGenerator>,
    verifier: MockApiTokenVerifier,
    root_identities: Vec<Uidp>,
) -> Env {
    let clock = TestClock::at(T0);
    let pager = Arc::new(Pager::new(PAGING_SECRET.to_vec(), clock.clone()));
    let deps = Deps { store: Arc::new(store), clock: clock.clone(), ids, pager, events: Arc::new(KindRenderer) };
    let mut services = Services::new(deps, Arc::new(TestKeys(verifier)), root_identities);
    services.identity_providers = services.identity_providers.clone().with_secret_keyring(keyring());
    Env { services, clock }
}

/// The key-encryption keys the services under test seal client secrets with.
pub fn keyring() -> Arc<grove_domain::secrets::SecretKeyring> {
    use grove_domain::secrets::{KeyEncryptionKey, SecretKeyring};
    Arc::new(SecretKeyring::new(vec![KeyEncryptionKey::new("test", [7; 32]).expect("a key")]).expect("a keyring"))
}

/// `secret` sealed for provider `uid` as the services under test seal it.
pub fn sealed(uid: &Uidp, secret: &str) -> grove_domain::secrets::SealedSecret {
    let secret = grove_domain::model::ClientSecret::parse("clientSecret", secret).expect("valid secret");
    keyring().seal(uid, &secret).expect("sealed")
}

/// The secret of a sealed client secret of provider `uid`.
pub fn opened(uid: &Uidp, sealed: &grove_domain::secrets::SealedSecret) -> String {
    keyring().open(uid, sealed).expect("opens").expose().to_owned()
}

/// The token verifier of a test, and invite codes that are their claims in plain text
/// (`test-code|invite|role|email|single_use|expiry ms`): the domain's use of the port is
/// under test here, not the signature (grove-sts tests that).
pub struct TestKeys(pub MockApiTokenVerifier);

impl ApiTokenVerifier for TestKeys {
    fn verify(&self, token: &str) -> Result<VerifiedToken> {
        self.0.verify(token)
    }
}

/// The key id of [`TestKeys`] codes.
pub const TEST_KEY_ID: &str = "test-key";

impl InviteCodes for TestKeys {
    fn sign(&self, c: &InviteClaims) -> Result<SignedInviteCode> {
        let code =
            format!("test-code|{}|{}|{}|{}|{}", c.invite, c.role, c.email, c.single_use, c.expires_at.unix_millis());
        Ok(SignedInviteCode { code, key_id: TEST_KEY_ID.to_owned() })
    }

    fn verify(&self, code: &str) -> Result<InviteClaims> {
        let invalid = || grove_domain::Error::invalid("code", "code is not a valid invite code");
        let parts: Vec<&str> = code.split('|').collect();
        let ["test-code", invite, role, email, single_use, expiry] = parts[..] else { return Err(invalid()) };
        Ok(InviteClaims {
            invite: Uidp::parse(invite).map_err(|_| invalid())?,
            role: Uidp::parse(role).map_err(|_| invalid())?,
            email: email.to_owned(),
            single_use: single_use == "true",
            expires_at: Timestamp::from_unix_millis(expiry.parse().map_err(|_| invalid())?).ok_or_else(invalid)?,
        })
    }
}

/// A stored group.
pub fn group(uid: &Uidp, name: &str) -> Group {
    Group {
        uid: uid.clone(),
        name: GroupName::parse("name", name).expect("valid group name"),
        description: Description::default(),
        verified: false,
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

/// A stored claim-match identity.
pub fn identity(uid: &Uidp, name: &str) -> Identity {
    Identity {
        uid: uid.clone(),
        name: DisplayName::parse("name", name).expect("valid identity name"),
        description: Description::default(),
        relationship: Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact("https://token.actions.githubusercontent.com".to_owned()),
            subject: Matcher::Exact("repo:acme/app:ref:refs/heads/main".to_owned()),
            audience: None,
            claims: Default::default(),
            claim_patterns: Default::default(),
        }),
        company: Default::default(),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: String::new(),
        last_seen_time: None,
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

/// A stored role granting `capabilities`.
pub fn role(uid: &Uidp, name: &str, capabilities: &[Capability]) -> Role {
    Role {
        uid: uid.clone(),
        name: DisplayName::parse("name", name).expect("valid role name"),
        description: Description::default(),
        capabilities: capabilities.iter().copied().collect(),
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

/// A stored repo.
pub fn repo(uid: &Uidp, name: &str) -> Repo {
    Repo {
        uid: uid.clone(),
        name: RepoName::parse("name", name).expect("valid repo name"),
        description: Description::default(),
        aliases: Vec::new(),
        bundles: Vec::new(),
        active_tags: Vec::new(),
        catalog_tier: Default::default(),
        readme: String::new(),
        sync_config: None,
        custom_overlay: None,
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

/// A hydrated binding as a store returns it.
pub fn binding_view(uid: &Uidp, identity: &Identity, role: &Role, group: &Group) -> RoleBindingView {
    RoleBindingView {
        uid: uid.clone(),
        identity: BoundIdentity {
            uid: identity.uid.clone(),
            name: identity.name.to_string(),
            description: identity.description.to_string(),
            subject: identity.relationship.subject_text().to_owned(),
            issuer: identity.relationship.issuer_text().to_owned(),
            email: identity.email.clone(),
            joined: true,
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
        create_time: ts(T0),
    }
}

/// A store page holding `items`, out of `total` matches.
pub fn store_page<T>(items: Vec<T>, total: u64) -> StorePage<T> {
    StorePage::capped(items, total)
}

/// A stored identity provider: a confidential OIDC client of `https://login.example.com`
/// whose default role is the built-in viewer.
pub fn provider(uid: &Uidp) -> IdentityProvider {
    use grove_domain::model::{CorrelationRule, IssuerUrl, Oidc};
    IdentityProvider {
        uid: uid.clone(),
        name: DisplayName::parse("name", "okta").expect("valid name"),
        description: Description::default(),
        default_role: Uidp::from_static(grove_domain::builtin::VIEWER),
        oidc: Oidc {
            issuer: IssuerUrl::parse("issuer", "https://login.example.com").expect("valid issuer"),
            client_id: "grove".to_owned(),
            // A fixed stored form (sealing picks a fresh nonce each time), so that two reads of
            // the fixture compare equal.
            client_secret: Some(grove_domain::secrets::SealedSecret::from_stored("plain:s3cr3t".to_owned())),
            additional_scopes: Vec::new(),
            groups_claim: String::new(),
            correlation_rule: CorrelationRule::SubEqualsExternalId,
            pkce_enabled: false,
        },
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

/// The built-in owner role as the store holds it.
pub fn owner_role() -> Role {
    role(
        &Uidp::from_static(grove_domain::builtin::OWNER),
        "owner",
        &role_capabilities("owner").iter().collect::<Vec<_>>(),
    )
}

/// The refusal for a caller holding only `held` who hands out the owner role at `group`.
pub fn lacks_owner(held: &[Capability], group: &Uidp) -> grove_domain::error::Error {
    let missing: Vec<&str> =
        role_capabilities("owner").iter().filter(|c| !held.contains(c)).map(Capability::dotted_name).collect();
    grove_domain::error::Error::PermissionDenied(format!(
        "the caller lacks {} on {group}, which role {} grants",
        missing.join(", "),
        grove_domain::builtin::OWNER
    ))
}
