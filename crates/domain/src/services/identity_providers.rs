//! Identity provider operations, and the external group role mappings below providers.
//!
//! An identity provider promises role bindings (its `defaultRole` is granted at its group to
//! every person on a first login, a mapping's role at the mapping's scope), so creating or
//! changing one needs `role_bindings.create` besides the provider capability, at the
//! provider's group (a mapping: at its scope). The promised role must also carry no
//! capability the caller lacks there ([`Principal::require_grantable`], the rule every
//! binding path shares), so that neither can hand out more than its author holds. Every
//! update of a provider is checked against its default role, changed or not: a new issuer,
//! client or correlation rule hands that role to other people as surely as a new role does.
//!
//! A given client secret is sealed under the server's key-encryption key
//! ([`crate::secrets`]) before the store sees it, after the caller is authorized; a server
//! without one refuses to keep a secret (`FAILED_PRECONDITION`).

use std::collections::HashMap;
use std::sync::Arc;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::grants_cache::GrantsCache;
use crate::listing::{ListFilter, Page, PageRequest, SortField};
use crate::model::{
    check_scopes, check_short_text, ClientSecret, CorrelationRule, ExternalGroupId, ExternalGroupRoleMapping,
    IdentityProvider, IdentityProviderView, IssuerUrl, MappingsDeleted, Oidc, Role, ScimCredential,
};
use crate::names::{Description, DisplayName};
use crate::secrets::SecretKeyring;
use crate::uidp::Uidp;

use super::group_mappings::revoke_mapping_bindings;
use super::{authorize, checked, not_found, parent_of, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
const MAPPING_SORTABLE: &[SortField] = &[SortField::Uid, SortField::CreateTime];

/// The most mappings one batch delete names.
pub const MAX_BATCH_DELETE: usize = 100;

/// OIDC fields from a client; `None` means "not given" (unchanged on update). On update a
/// given `client_secret` of `""` clears the secret (a public PKCE client); transports give it
/// only when the request names the field explicitly.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OidcInput {
    /// `issuer`.
    pub issuer: Option<String>,
    /// `clientId`.
    pub client_id: Option<String>,
    /// `clientSecret` (never echoed, never logged: this type's `Debug` redacts it).
    pub client_secret: Option<Secret>,
    /// `additionalScopes`.
    pub additional_scopes: Option<Vec<String>>,
    /// `groupsClaim`.
    pub groups_claim: Option<String>,
    /// `correlationRule` as its enum number (0 is `SUB_EQUALS_EXTERNAL_ID`).
    pub correlation_rule: Option<i32>,
    /// `pkceEnabled`.
    pub pkce_enabled: Option<bool>,
}

/// A client secret as a request carries it, before validation; `Debug` redacts it.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_empty() { "Secret(\"\")" } else { "Secret(<redacted>)" })
    }
}

/// Identity provider fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IdentityProviderInput {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `defaultRole` (a role uid).
    pub default_role: Option<String>,
    /// `oidc`; on update only its given fields change.
    pub oidc: Option<OidcInput>,
}

/// The OIDC fields of a request, each validated on its own.
#[derive(Debug, Default)]
struct OidcChange {
    issuer: Option<IssuerUrl>,
    client_id: Option<String>,
    client_secret: Option<Option<ClientSecret>>,
    additional_scopes: Option<Vec<String>>,
    groups_claim: Option<String>,
    correlation_rule: Option<CorrelationRule>,
    pkce_enabled: Option<bool>,
}

impl OidcChange {
    fn parse(v: &mut Violations, input: OidcInput, creating: bool) -> Self {
        let required = |given: Option<String>| if creating { Some(given.unwrap_or_default()) } else { given };
        Self {
            issuer: required(input.issuer).and_then(|s| v.take(IssuerUrl::parse("oidc.issuer", &s))),
            client_id: required(input.client_id).and_then(|s| v.take(check_short_text("oidc.clientId", &s, false))),
            client_secret: input.client_secret.map(|Secret(s)| {
                if s.is_empty() {
                    None
                } else {
                    v.take(ClientSecret::parse("oidc.clientSecret", &s))
                }
            }),
            additional_scopes: input.additional_scopes.and_then(|s| v.take(check_scopes("oidc.additionalScopes", &s))),
            groups_claim: input.groups_claim.and_then(|s| v.take(check_short_text("oidc.groupsClaim", &s, true))),
            correlation_rule: input
                .correlation_rule
                .and_then(|n| v.take(CorrelationRule::from_number("oidc.correlationRule", n))),
            pkce_enabled: input.pkce_enabled,
        }
    }

    /// The settings this change makes of `current` (or of nothing, on create), with the
    /// rules that span fields: the correlation rule never changes, and a client needs a
    /// secret or PKCE. A new secret is not in the settings yet: it comes back beside them,
    /// to be sealed once the caller is authorized ([`SecretChange::seal_into`]).
    fn apply(self, current: Option<&Oidc>) -> Result<(Oidc, SecretChange)> {
        let mut v = Violations::default();
        if let (Some(wanted), Some(current)) = (self.correlation_rule, current) {
            if wanted != current.correlation_rule {
                v.add(
                    "oidc.correlationRule",
                    "oidc.correlationRule is fixed when the identity provider is created and cannot change",
                );
            }
        }
        let issuer = self.issuer.or_else(|| current.map(|c| c.issuer.clone()));
        let client_id = self.client_id.or_else(|| current.map(|c| c.client_id.clone()));
        let oidc = match (issuer, client_id) {
            (Some(issuer), Some(client_id)) => Some(Oidc {
                issuer,
                client_id,
                client_secret: match self.client_secret {
                    Some(_) => None,
                    None => current.and_then(|c| c.client_secret.clone()),
                },
                additional_scopes: self
                    .additional_scopes
                    .unwrap_or_else(|| current.map(|c| c.additional_scopes.clone()).unwrap_or_default()),
                groups_claim: self
                    .groups_claim
                    .unwrap_or_else(|| current.map(|c| c.groups_claim.clone()).unwrap_or_default()),
                correlation_rule: current.map_or(self.correlation_rule.unwrap_or_default(), |c| c.correlation_rule),
                pkce_enabled: self.pkce_enabled.unwrap_or_else(|| current.is_some_and(|c| c.pkce_enabled)),
            }),
            // Create without issuer or client id: already reported as a violation.
            _ => None,
        };
        let secret = SecretChange(self.client_secret);
        if let Some(oidc) = &oidc {
            let has_secret = match &secret.0 {
                Some(given) => given.is_some(),
                None => oidc.client_secret.is_some(),
            };
            if !has_secret && !oidc.pkce_enabled {
                v.add("oidc.clientSecret", "an identity provider needs oidc.clientSecret or oidc.pkceEnabled");
            }
        }
        v.finish()?;
        Ok((checked(oidc)?, secret))
    }
}

/// A request's client secret: `None` leaves the stored one, `Some(None)` clears it,
/// `Some(Some(_))` replaces it.
#[derive(Debug, Default)]
struct SecretChange(Option<Option<ClientSecret>>);

impl SecretChange {
    /// Writes the change into the settings of provider `owner`, sealing a new secret.
    ///
    /// # Errors
    /// `FAILED_PRECONDITION` when a secret is given and the server has no key-encryption key.
    fn seal_into(self, oidc: &mut Oidc, owner: &Uidp, keyring: &SecretKeyring) -> Result<()> {
        match self.0 {
            None => {}
            Some(None) => oidc.client_secret = None,
            Some(Some(secret)) => oidc.client_secret = Some(keyring.seal(owner, &secret)?),
        }
        Ok(())
    }
}

/// Identity provider operations.
#[derive(Debug, Clone)]
pub struct IdentityProviderService {
    deps: Deps,
    keyring: Arc<SecretKeyring>,
    /// Cleared when deleting a provider takes back bindings its mappings made.
    grants: Arc<GrantsCache>,
}

impl IdentityProviderService {
    pub(crate) fn new(deps: Deps, grants: Arc<GrantsCache>) -> Self {
        Self { deps, keyring: Arc::new(SecretKeyring::default()), grants }
    }

    /// The same service sealing client secrets with `keyring` (without one, a request that
    /// gives a secret fails with `FAILED_PRECONDITION`).
    #[must_use]
    pub fn with_secret_keyring(mut self, keyring: Arc<SecretKeyring>) -> Self {
        self.keyring = keyring;
        self
    }

    /// Lists the identity providers the caller may list, each with the short form of its
    /// SCIM state (no token expiry, no credential state), read for the whole page at once.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        filter: ListFilter,
        page: &PageRequest,
    ) -> Result<Page<IdentityProviderView>> {
        let visibility = caller.visibility(Capability::IdentityProvidersList);
        let plan = self.deps.pager.plan(page, caller.identity(), filter, visibility, SORTABLE)?;
        let rows = self.deps.store.list_identity_providers(&plan.query).await?;
        let page = self.deps.pager.finish(&plan, rows);
        let uids: Vec<Uidp> = page.items.iter().map(|i| i.uid.clone()).collect();
        let mut states: HashMap<Uidp, ScimCredential> = if uids.is_empty() {
            HashMap::new()
        } else {
            let stored = self.deps.store.get_scim_credentials(&uids).await?;
            stored.into_iter().map(|c| (c.identity_provider.clone(), c)).collect()
        };
        let now = self.deps.clock.now();
        Ok(page.map(|provider| {
            let state =
                states.remove(&provider.uid).unwrap_or_else(|| ScimCredential::empty(provider.uid.clone(), now));
            IdentityProviderView { scim: state.status(now, false), provider }
        }))
    }

    /// Fetches one identity provider with its SCIM state in full.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<IdentityProviderView> {
        let uid = Uidp::parse_field("uid", uid)?;
        let kind = "identity provider";
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersList, kind, &uid)?;
        let provider = self.deps.store.get_identity_provider(&uid).await?.ok_or_else(|| not_found(kind, &uid))?;
        let now = self.deps.clock.now();
        let state = self.deps.store.get_scim_credential(&uid).await?.unwrap_or_else(|| ScimCredential::empty(uid, now));
        Ok(IdentityProviderView { scim: state.status(now, true), provider })
    }

    /// Checks that `role` exists and can be granted in `group`: built in, or defined in the
    /// group or above it; returns it.
    async fn check_default_role(&self, group: &Uidp, role: &Uidp) -> Result<Role> {
        if !role_usable_in(role, group) {
            return Err(Error::invalid(
                "defaultRole",
                "defaultRole must name a built-in role or a role defined in this group or above it",
            ));
        }
        self.deps.store.get_role(role).await?.ok_or_else(|| not_found("role", role))
    }

    /// Creates an identity provider in group `parent`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field; `NOT_FOUND` for a missing group or default
    /// role; `PERMISSION_DENIED` without `identity_providers.create` and
    /// `role_bindings.create` there, or when the default role grants a capability the caller
    /// lacks there; `ALREADY_EXISTS` on a name clash.
    pub async fn create(
        &self,
        caller: &Principal,
        parent: &str,
        input: IdentityProviderInput,
    ) -> Result<IdentityProvider> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        let name = v.take(DisplayName::parse("name", input.name.as_deref().unwrap_or_default()));
        let description = v.take(Description::parse("description", input.description.as_deref().unwrap_or_default()));
        let default_role = match input.default_role.as_deref().unwrap_or_default() {
            "" => {
                v.add("defaultRole", "defaultRole is required");
                None
            }
            role => v.take(Uidp::parse_field("defaultRole", role)),
        };
        let oidc = match input.oidc {
            Some(oidc) => Some(OidcChange::parse(&mut v, oidc, true)),
            None => {
                v.add("oidc", "oidc is required");
                None
            }
        };
        v.finish()?;
        let (mut oidc, secret) = checked(oidc)?.apply(None)?;
        let parent = checked(parent)?;
        authorize(caller, Capability::GroupsList, Capability::IdentityProvidersCreate, "group", &parent)?;
        caller.require(Capability::RoleBindingsCreate, &parent)?;
        let default_role = checked(default_role)?;
        let role = self.check_default_role(&parent, &default_role).await?;
        caller.require_grantable(&role, &parent)?;
        let now = self.deps.clock.now();
        let uid = self.deps.ids.new_child(&parent);
        secret.seal_into(&mut oidc, &uid, &self.keyring)?;
        let idp = IdentityProvider {
            uid,
            name: checked(name)?,
            description: checked(description)?,
            default_role,
            oidc,
            create_time: now,
            update_time: now,
        };
        let event = self.deps.event(caller.origin(), EventType::IdentityProviderCreated, &idp.uid, now);
        self.deps.store.create_identity_provider(&idp, &event).await?;
        Ok(idp)
    }

    /// Changes the given fields of an identity provider. A given empty client secret clears
    /// it; the correlation rule may be restated but not changed. The caller must be able to
    /// grant the resulting default role at the provider's group, whichever fields change.
    ///
    /// # Errors
    /// As [`Self::create`] (`identity_providers.update` instead of `.create`).
    pub async fn update(
        &self,
        caller: &Principal,
        uid: &str,
        input: IdentityProviderInput,
    ) -> Result<IdentityProvider> {
        let uid = Uidp::parse_field("uid", uid)?;
        let mut v = Violations::default();
        let name = input.name.as_deref().map(|n| v.take(DisplayName::parse("name", n)));
        let description = input.description.as_deref().map(|d| v.take(Description::parse("description", d)));
        let default_role = input.default_role.as_deref().map(|r| v.take(Uidp::parse_field("defaultRole", r)));
        let oidc = input.oidc.map(|o| OidcChange::parse(&mut v, o, false));
        v.finish()?;
        let kind = "identity provider";
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersUpdate, kind, &uid)?;
        caller.require(Capability::RoleBindingsCreate, &uid)?;
        let mut idp = self.deps.store.get_identity_provider(&uid).await?.ok_or_else(|| not_found(kind, &uid))?;
        let mut secret = SecretChange::default();
        if let Some(oidc) = oidc {
            (idp.oidc, secret) = oidc.apply(Some(&idp.oidc))?;
        }
        if let Some(name) = name {
            idp.name = checked(name)?;
        }
        if let Some(description) = description {
            idp.description = checked(description)?;
        }
        let group = parent_of(&uid)?;
        match default_role.map(checked).transpose()? {
            Some(role) if role != idp.default_role => {
                let granted = self.check_default_role(&group, &role).await?;
                caller.require_grantable(&granted, &group)?;
                idp.default_role = role;
            }
            // The role stays but whatever else changes decides who receives it. A default
            // role that no longer exists hands nothing out (a login then fails), so there is
            // nothing to check.
            _ => {
                if let Some(kept) = self.deps.store.get_role(&idp.default_role).await? {
                    caller.require_grantable(&kept, &group)?;
                }
            }
        }
        secret.seal_into(&mut idp.oidc, &uid, &self.keyring)?;
        idp.update_time = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::IdentityProviderUpdated, &uid, idp.update_time);
        self.deps.store.update_identity_provider(&idp, &event).await?;
        Ok(idp)
    }

    /// Deletes an identity provider and its external group role mappings, and the role
    /// bindings those mappings made (see [`super::group_mappings`]).
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        let kind = "identity provider";
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersDelete, kind, &uid)?;
        let now = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::IdentityProviderDeleted, &uid, now);
        self.deps.store.delete_identity_provider(&uid, &event).await?;
        take_back(&self.deps, &self.grants, caller.origin(), now, &uid).await
    }
}

/// What [`reseal_client_secrets`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Resealed {
    /// Secrets sealed again under the current key (legacy plain ones included).
    pub resealed: usize,
    /// Of those, secrets that were stored plain before sealing existed.
    pub legacy_plain: usize,
    /// Secrets already sealed under the current key, left as they were.
    pub current: usize,
    /// Secrets changed by someone else while this ran, left to that change.
    pub changed_meanwhile: usize,
}

/// `grove admin rotate-secrets`: seals every stored client secret that is not sealed under
/// `keyring`'s current key (legacy plain ones, and ones sealed under an older key) again
/// under it. System use: no caller, no event (the secrets do not change, only their sealing).
///
/// # Errors
/// `FAILED_PRECONDITION` when the keyring is empty, or a secret does not open (it names the
/// provider and the key id it needs); store failures.
pub async fn reseal_client_secrets(
    store: &dyn crate::ports::IdentityProviderStore,
    keyring: &SecretKeyring,
) -> Result<Resealed> {
    if keyring.is_empty() {
        return Err(crate::secrets::no_key_error());
    }
    let mut done = Resealed::default();
    for (uid, sealed) in store.list_client_secrets().await? {
        if !keyring.needs_resealing(&sealed) {
            done.current += 1;
            continue;
        }
        let secret = keyring.open(&uid, &sealed).map_err(|e| match e {
            Error::Internal { detail } => Error::precondition("SECRET_UNREADABLE", detail),
            other => other,
        })?;
        let next = keyring.seal(&uid, &secret)?;
        if store.replace_client_secret(&uid, &sealed, &next).await? {
            done.resealed += 1;
            done.legacy_plain += usize::from(sealed.is_legacy_plain());
        } else {
            done.changed_meanwhile += 1;
        }
    }
    Ok(done)
}

/// Takes back the bindings that mapping `uid` (or every mapping of provider `uid`) made, and
/// forgets cached grants when any went.
async fn take_back(
    deps: &Deps,
    grants: &GrantsCache,
    origin: &crate::audit::Origin,
    now: crate::time::Timestamp,
    uid: &Uidp,
) -> Result<()> {
    let taken = revoke_mapping_bindings(deps.store.as_ref(), &deps.events, origin, now, uid).await?;
    if !taken.deleted.is_empty() {
        grants.clear();
    }
    Ok(())
}

/// True when `role` can be granted in `group`: built in, or defined in the group or above.
pub(super) fn role_usable_in(role: &Uidp, group: &Uidp) -> bool {
    role.is_root() || role.parent().is_some_and(|p| group.is_self_or_descendant_of(&p))
}

/// Mapping fields from a client.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MappingInput {
    /// `externalGroupId`.
    pub external_group_id: String,
    /// `roleUid`.
    pub role_uid: String,
    /// `scope` (a group uid); empty means the identity provider's group.
    pub scope: String,
}

/// External group role mapping operations.
#[derive(Debug, Clone)]
pub struct ExternalGroupRoleMappingService {
    deps: Deps,
    /// Cleared when deleting a mapping takes back bindings it made.
    grants: Arc<GrantsCache>,
}

const MAPPING: &str = "external group role mapping";

impl ExternalGroupRoleMappingService {
    pub(crate) fn new(deps: Deps, grants: Arc<GrantsCache>) -> Self {
        Self { deps, grants }
    }

    /// Lists the mappings the caller may list (`identity_providers.list`).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters or a `name` filter; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        filter: ListFilter,
        page: &PageRequest,
    ) -> Result<Page<ExternalGroupRoleMapping>> {
        let visibility = caller.visibility(Capability::IdentityProvidersList);
        let plan = self.deps.pager.plan(page, caller.identity(), filter, visibility, MAPPING_SORTABLE)?;
        let rows = self.deps.store.list_external_group_role_mappings(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one mapping.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<ExternalGroupRoleMapping> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersList, MAPPING, &uid)?;
        self.deps.store.get_external_group_role_mapping(&uid).await?.ok_or_else(|| not_found(MAPPING, &uid))
    }

    /// Maps an external group of identity provider `parent` to a role at a scope.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field, a scope outside the provider's group, or a
    /// role not usable at the scope; `NOT_FOUND` for a missing provider, role or scope;
    /// `PERMISSION_DENIED` without `identity_providers.create` on the provider,
    /// `role_bindings.create` at the scope, or a capability of the role there;
    /// `ALREADY_EXISTS` for the same group, role and scope twice.
    pub async fn create(
        &self,
        caller: &Principal,
        parent: &str,
        input: MappingInput,
    ) -> Result<ExternalGroupRoleMapping> {
        let mut v = Violations::default();
        let idp = v.take(Uidp::parse_field("parent", parent));
        let group_id = v.take(ExternalGroupId::parse("externalGroupId", &input.external_group_id));
        let role = v.take(Uidp::parse_field("roleUid", &input.role_uid));
        let scope = (!input.scope.is_empty()).then(|| v.take(Uidp::parse_field("scope", &input.scope)));
        v.finish()?;
        let (idp, role) = (checked(idp)?, checked(role)?);
        let kind = "identity provider";
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersCreate, kind, &idp)?;
        let provider = self.deps.store.get_identity_provider(&idp).await?.ok_or_else(|| not_found(kind, &idp))?;
        let group = provider.group_uid();
        let scope = match scope {
            Some(scope) => checked(scope)?,
            None => group.clone(),
        };
        if !scope.is_self_or_descendant_of(&group) {
            return Err(Error::invalid(
                "scope",
                format!("scope must be the identity provider's group {group} or a group below it"),
            ));
        }
        if !role_usable_in(&role, &scope) {
            return Err(Error::invalid(
                "roleUid",
                "roleUid must name a built-in role or a role defined at the scope or above it",
            ));
        }
        caller.require(Capability::RoleBindingsCreate, &scope)?;
        if scope != group && self.deps.store.get_group(&scope).await?.is_none() {
            return Err(not_found("group", &scope));
        }
        let granted = self.deps.store.get_role(&role).await?.ok_or_else(|| not_found("role", &role))?;
        caller.require_grantable(&granted, &scope)?;
        let mapping = ExternalGroupRoleMapping {
            uid: self.deps.ids.new_child(&idp),
            external_group_id: checked(group_id)?,
            role_uid: role,
            scope,
            create_time: self.deps.clock.now(),
        };
        let event = self.deps.event(
            caller.origin(),
            EventType::ExternalGroupRoleMappingCreated,
            &mapping.uid,
            mapping.create_time,
        );
        self.deps.store.create_external_group_role_mapping(&mapping, &event).await?;
        Ok(mapping)
    }

    /// Deletes one mapping.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED` without `identity_providers.delete`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersDelete, MAPPING, &uid)?;
        let now = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::ExternalGroupRoleMappingDeleted, &uid, now);
        self.deps.store.delete_external_group_role_mapping(&uid, &event).await?;
        take_back(&self.deps, &self.grants, caller.origin(), now, &uid).await
    }

    /// Deletes up to [`MAX_BATCH_DELETE`] mappings of identity provider `parent` at once and
    /// answers those that existed, in request order; missing ones are skipped.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for no names, too many, a malformed uid, or a uid that is not a
    /// mapping of `parent` (then nothing is deleted); `NOT_FOUND` when the caller may not
    /// see the provider; `PERMISSION_DENIED` without `identity_providers.delete`.
    pub async fn batch_delete(&self, caller: &Principal, parent: &str, names: &[String]) -> Result<MappingsDeleted> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        if names.is_empty() || names.len() > MAX_BATCH_DELETE {
            v.add("names", format!("give 1 to {MAX_BATCH_DELETE} names, not {}", names.len()));
        }
        let mut uids: Vec<Uidp> = Vec::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            let field = format!("names[{i}]");
            if let Some(uid) = v.take(Uidp::parse_field(&field, name)) {
                if let Some(parent) = &parent {
                    if uid.parent().as_ref() != Some(parent) {
                        v.add(&field, format!("{field} is not a mapping of identity provider {parent}"));
                    }
                }
                if !uids.contains(&uid) {
                    uids.push(uid);
                }
            }
        }
        v.finish()?;
        let parent = checked(parent)?;
        let kind = "identity provider";
        authorize(caller, Capability::IdentityProvidersList, Capability::IdentityProvidersDelete, kind, &parent)?;
        let now = self.deps.clock.now();
        let event = self.deps.event(caller.origin(), EventType::ExternalGroupRoleMappingsBatchDeleted, &parent, now);
        let mappings = self.deps.store.delete_external_group_role_mappings(&parent, &uids, &event).await?;
        for mapping in &mappings {
            take_back(&self.deps, &self.grants, caller.origin(), now, &mapping.uid).await?;
        }
        Ok(MappingsDeleted { parent, mappings })
    }
}
