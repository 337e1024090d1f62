//! Services, one per resource: they validate input, authorize the caller, and call ports.
//!
//! Every method takes the authenticated [`Principal`]. Where a caller may not even list a
//! resource, the answer is `NOT_FOUND` as if it did not exist, so that uids outside the
//! caller's reach reveal nothing; a caller who can see a resource but lacks the capability
//! for the operation gets `PERMISSION_DENIED`.

mod account_associations;
mod advisories;
mod audit;
mod bootstrap;
mod console_sessions;
mod dead_letters;
pub mod exchange;
mod group_invites;
mod group_mappings;
mod groups;
mod identities;
mod identity_providers;
mod registry;
mod registry_access;
mod repo_settings;
mod role_bindings;
mod roles;
mod scim;
mod scim_provisioning;
mod subscriptions;
mod terms;

use std::sync::Arc;

pub use account_associations::{AccountAssociationInput, AccountAssociationService};
pub use advisories::{
    advisory_filter, AdvisoryInput, AdvisoryListInput, AdvisoryService, EventInput, ImportCounts, MAX_ALIASES,
    MAX_EVENTS_PER_CREATE, MAX_FILTER_TEXT, MAX_FILTER_VALUES,
};
pub use audit::{AuditListInput, AuditService};
pub use bootstrap::{BootstrapService, Bootstrapped};
pub use console_sessions::{
    console_id_hash, random_console_token, ConsoleFlash, ConsoleSession, ConsoleSessionService, CONSOLE_LOGIN_TTL_MS,
    CONSOLE_SEEN_GRANULARITY_MS, DEFAULT_CONSOLE_IDLE_MS, MAX_CONSOLE_SESSIONS, MAX_PENDING_CONSOLE_LOGINS,
};
pub use dead_letters::{DeadLetterListInput, DeadLetterService};
pub use exchange::{
    AuthorizeRequest, CallbackRequest, DefaultProvider, ExchangeError, ExchangeRequest, ExchangeService,
    ExchangeSettings, Exchanged, LoginConfiguration, OAuthError, OAuthErrorCode, RefreshRequest, ServerSideLogin,
    TokenRequest,
};
pub use group_invites::{GroupInviteInput, GroupInviteService, RegistrationService, MAX_INVITE_TTL_DAYS};
pub use group_mappings::{groups_from_claims, DEFAULT_GROUPS_CLAIM, MAX_EXTERNAL_GROUPS};
pub use groups::{GroupInput, GroupService};
pub use identities::{
    AwsIdentityField, AwsIdentityInput, AwsIdentityPatch, ClaimMatchField, ClaimMatchInput, ClaimMatchPatch,
    IdentityInput, IdentityMetadataInput, IdentityService, RelationshipInput, StaticKeysField, StaticKeysInput,
    StaticKeysPatch, MAX_METADATA_TEXT, MAX_METADATA_URL,
};
pub use identity_providers::{
    reseal_client_secrets, ExternalGroupRoleMappingService, IdentityProviderInput, IdentityProviderService,
    MappingInput, OidcInput, Resealed, Secret, MAX_BATCH_DELETE,
};
pub use registry::{RepoInput, RepoService, SyncConfigInput, TagInput, TagService, SYNC_LIFETIME_DAYS};
pub use registry_access::{
    holds, RegistryAccessService, RegistryAction, ResolvedPath, REGISTRY_PULL_CAPS, REGISTRY_PUSH_CAPS,
};
pub use repo_settings::{MAX_README_BYTES, RESERVED_ANNOTATION_PREFIXES, RESERVED_ENV_PREFIX};
pub use role_bindings::{BatchRequest, RoleBindingInput, RoleBindingService, MAX_BATCH};
pub use roles::{RoleInput, RoleService};
pub use scim::{
    sha256_hex, ScimExpiry, ScimService, DEFAULT_OVERLAP_MILLIS, DEFAULT_SCIM_TOKEN_DAYS, MAX_OVERLAP_MILLIS,
    MAX_SCIM_TOKEN_DAYS, MIN_OWNERS_FOR_SCIM,
};
pub use scim_provisioning::{ScimClient, ScimProvisioningService};
pub use subscriptions::SubscriptionService;
pub use terms::{TermsService, MAX_DOCUMENTS_PER_REQUEST};

use crate::authz::{Authenticator, Principal};
use crate::capability::Capability;
use crate::error::{Error, FieldViolation, Result};
use crate::events::{EventRenderer, EventType, NewEvent};
use crate::grants_cache::GrantsCache;
use crate::listing::Pager;
use crate::ports::{ApiTokenVerifier, Clock, IdGenerator, InviteCodes, Store};
use crate::uidp::Uidp;

/// What every service needs: the store, time, uid generation and the pager.
#[derive(Clone)]
pub struct Deps {
    /// All store ports.
    pub store: Arc<dyn Store>,
    /// The clock.
    pub clock: Arc<dyn Clock>,
    /// Uid generation.
    pub ids: Arc<dyn IdGenerator>,
    /// Page planning and tokens.
    pub pager: Arc<Pager>,
    /// Renders event data (the RPC responses) for the outbox.
    pub events: Arc<dyn EventRenderer>,
}

impl Deps {
    /// The event of `event_type` about `subject`, happening at `at`, made by `origin`.
    pub(crate) fn event(
        &self,
        origin: &crate::audit::Origin,
        event_type: EventType,
        subject: &Uidp,
        at: crate::time::Timestamp,
    ) -> NewEvent {
        NewEvent::new(event_type, subject, at, self.events.clone()).by(origin)
    }
}

impl std::fmt::Debug for Deps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deps").finish_non_exhaustive()
    }
}

/// Every service, built once and shared by the transports.
#[derive(Clone)]
pub struct Services {
    /// Authentication of bearer tokens.
    pub auth: Arc<Authenticator>,
    /// Groups.
    pub groups: GroupService,
    /// Identities.
    pub identities: IdentityService,
    /// Roles.
    pub roles: RoleService,
    /// Role bindings.
    pub role_bindings: RoleBindingService,
    /// Repos.
    pub repos: RepoService,
    /// Tags.
    pub tags: TagService,
    /// Event subscriptions.
    pub subscriptions: SubscriptionService,
    /// Dead letters of webhook deliveries.
    pub dead_letters: DeadLetterService,
    /// Terms acceptances.
    pub terms: TermsService,
    /// Identity providers.
    pub identity_providers: IdentityProviderService,
    /// External group role mappings of identity providers.
    pub external_group_role_mappings: ExternalGroupRoleMappingService,
    /// SCIM tokens of identity providers.
    pub scim: ScimService,
    /// SCIM provisioning of identity providers' users and groups.
    pub scim_provisioning: ScimProvisioningService,
    /// Group invites.
    pub group_invites: GroupInviteService,
    /// Account associations.
    pub account_associations: AccountAssociationService,
    /// Redemption of invite codes.
    pub registration: RegistrationService,
    /// Organization bootstrap (system use).
    pub bootstrap: BootstrapService,
    /// Advisories.
    pub advisories: AdvisoryService,
    /// The audit trail.
    pub audit: AuditService,
    /// Web console sessions.
    pub console_sessions: ConsoleSessionService,
    /// The store, for readiness checks.
    pub store: Arc<dyn Store>,
    /// The grants cache behind authentication (its TTL is configurable).
    pub grants: Arc<GrantsCache>,
}

impl Services {
    /// Wires every service onto `deps`; `keys` verifies API tokens and signs invite codes;
    /// `root_identities` may create organizations.
    #[must_use]
    pub fn new<K>(deps: Deps, keys: Arc<K>, root_identities: Vec<Uidp>) -> Self
    where
        K: ApiTokenVerifier + InviteCodes + 'static,
    {
        let verifier: Arc<dyn ApiTokenVerifier> = keys.clone();
        let codes: Arc<dyn InviteCodes> = keys;
        let grants = Arc::new(GrantsCache::new(deps.store.clone(), deps.clock.clone()));
        let registration = RegistrationService::new(deps.clone(), codes.clone(), grants.clone());
        Self {
            auth: Arc::new(Authenticator::new(verifier, grants.clone(), root_identities)),
            groups: GroupService::new(deps.clone(), grants.clone()),
            identities: IdentityService::new(deps.clone(), grants.clone()),
            roles: RoleService::new(deps.clone(), grants.clone()),
            role_bindings: RoleBindingService::new(deps.clone(), grants.clone()),
            scim_provisioning: ScimProvisioningService::new(deps.clone(), grants.clone()),
            repos: RepoService::new(deps.clone()),
            tags: TagService::new(deps.clone()),
            subscriptions: SubscriptionService::new(deps.clone()),
            dead_letters: DeadLetterService::new(deps.clone()),
            terms: TermsService::new(deps.clone()),
            identity_providers: IdentityProviderService::new(deps.clone(), grants.clone()),
            external_group_role_mappings: ExternalGroupRoleMappingService::new(deps.clone(), grants.clone()),
            scim: ScimService::new(deps.clone()),
            group_invites: GroupInviteService::new(deps.clone(), codes),
            account_associations: AccountAssociationService::new(deps.clone()),
            registration,
            bootstrap: BootstrapService::new(deps.clone()),
            advisories: AdvisoryService::new(deps.clone()),
            audit: AuditService::new(deps.clone()),
            console_sessions: ConsoleSessionService::new(deps.store.clone(), deps.clock.clone()),
            grants,
            store: deps.store,
        }
    }
}

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Services").field("auth", &self.auth).finish_non_exhaustive()
    }
}

/// Collects field violations so that one response names every bad field.
#[derive(Debug, Default)]
pub(crate) struct Violations(Vec<FieldViolation>);

impl Violations {
    /// Keeps the value, or records the violations and returns `None`.
    pub(crate) fn take<T>(&mut self, r: Result<T>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(Error::InvalidArgument(v)) => {
                self.0.extend(v);
                None
            }
            Err(other) => {
                self.0.push(FieldViolation::new("", other.to_string()));
                None
            }
        }
    }

    /// Records one violation.
    pub(crate) fn add(&mut self, field: &str, description: impl Into<String>) {
        self.0.push(FieldViolation::new(field, description));
    }

    /// `INVALID_ARGUMENT` with everything recorded, if anything was.
    pub(crate) fn finish(self) -> Result<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(Error::InvalidArgument(self.0))
        }
    }
}

/// A value that passed validation, for use after [`Violations::finish`] succeeded.
pub(crate) fn checked<T>(v: Option<T>) -> Result<T> {
    v.ok_or_else(|| Error::internal("validated value missing after successful validation"))
}

/// `NOT_FOUND` for a resource of `kind` (also answered when the caller may not see it).
pub(crate) fn not_found(kind: &str, uid: &Uidp) -> Error {
    Error::NotFound(format!("{kind} {uid} does not exist"))
}

/// Requires `needed` on `uid`, answering `NOT_FOUND` when the caller cannot even `list` it.
pub(crate) fn authorize(
    caller: &Principal,
    list: Capability,
    needed: Capability,
    kind: &str,
    uid: &Uidp,
) -> Result<()> {
    if !caller.can(list, uid) {
        return Err(not_found(kind, uid));
    }
    caller.require(needed, uid)
}

/// The parent group of a nested resource.
pub(crate) fn parent_of(uid: &Uidp) -> Result<Uidp> {
    uid.parent().ok_or_else(|| Error::invalid("uid", "uid must name a resource inside a group"))
}
