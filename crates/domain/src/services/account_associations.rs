//! Account associations (create, read, update, delete, list, check): one per group, its
//! uid the group's uid.
//!
//! Every section is validated here so both stores see only well-formed data. The
//! `chainguard.serviceBindings` rules are version 1's: each key names a platform service
//! principal (`INGESTER`, …) and its value is an identity directly in the group whose
//! relationship is that same service principal. `:checkAccountAssociation` checks locally
//! what can be checked (the section exists, is well formed, its service bindings still
//! hold) and leaves the live credential exchange to a [`CloudAccountProbe`].

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{Direction, ListFilter, Ordering, Page, PageRequest, SortField};
use crate::model::{
    AccountAssociation, AccountProviderType, AccountProviders, AmazonAccount, AzureTenant, ChainguardBindings,
    CheckResult, CheckStatus, GitHubApps, GoogleProject, Relationship, ServicePrincipal,
};
use crate::names::{Description, DisplayName};
use crate::ports::{CloudAccountProbe, NoCloudAccess};
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
const DEFAULT_ORDER: Ordering = Ordering { field: SortField::Uid, direction: Direction::Asc };
const KIND: &str = "account association";

/// Association fields from a client. `None`: not given (Create) or not in the update mask
/// (Update); `Some(None)` for a section: clear it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountAssociationInput {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `amazon`.
    pub amazon: Option<Option<AmazonAccount>>,
    /// `google`.
    pub google: Option<Option<GoogleProject>>,
    /// `chainguard.serviceBindings` (identity uids as given).
    pub chainguard: Option<Option<BTreeMap<String, String>>>,
    /// `azure`.
    pub azure: Option<Option<AzureTenant>>,
    /// `github`.
    pub github: Option<Option<GitHubApps>>,
}

/// Account association operations.
#[derive(Clone)]
pub struct AccountAssociationService {
    deps: Deps,
    probe: Arc<dyn CloudAccountProbe>,
}

impl std::fmt::Debug for AccountAssociationService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountAssociationService").finish_non_exhaustive()
    }
}

impl AccountAssociationService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps, probe: Arc::new(NoCloudAccess) }
    }

    /// The same service asking `probe` for the live part of a check.
    #[must_use]
    pub fn with_probe(mut self, probe: Arc<dyn CloudAccountProbe>) -> Self {
        self.probe = probe;
        self
    }

    /// Creates the association of group `parent`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field; `NOT_FOUND` for a group the caller cannot
    /// see; `PERMISSION_DENIED` without `account_associations.create`; `ALREADY_EXISTS` when
    /// the group has one.
    pub async fn create(
        &self,
        caller: &Principal,
        parent: &str,
        input: AccountAssociationInput,
    ) -> Result<AccountAssociation> {
        let mut v = Violations::default();
        let group = v.take(Uidp::parse_field("parent", parent));
        let name = match input.name.as_deref() {
            None | Some("") => {
                v.add("name", "name is required");
                None
            }
            Some(n) => v.take(DisplayName::parse("name", n)),
        };
        let description = v.take(Description::parse("description", input.description.as_deref().unwrap_or("")));
        let sections = Sections::parse(&mut v, input);
        v.finish()?;
        let (group, name, description) = (checked(group)?, checked(name)?, checked(description)?);
        authorize(caller, Capability::GroupsList, Capability::AccountAssociationsCreate, "group", &group)?;
        let mut providers = AccountProviders::default();
        sections.apply(&mut providers);
        self.check_bindings(caller, &group, &providers).await?;
        let now = self.deps.clock.now();
        let association =
            AccountAssociation { uid: group, name, description, providers, create_time: now, update_time: now };
        let event = self.deps.event(caller.origin(), EventType::AccountAssociationCreated, &association.uid, now);
        self.deps.store.create_account_association(&association, &event).await?;
        Ok(association)
    }

    /// Fetches a group's association.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<AccountAssociation> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::AccountAssociationsList, Capability::AccountAssociationsList, KIND, &uid)?;
        self.deps.store.get_account_association(&uid).await?.ok_or_else(|| not_found(KIND, &uid))
    }

    /// Changes the given fields of an association.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field (an empty name included); `NOT_FOUND`;
    /// `PERMISSION_DENIED` without `account_associations.update`.
    pub async fn update(
        &self,
        caller: &Principal,
        uid: &str,
        input: AccountAssociationInput,
    ) -> Result<AccountAssociation> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("uid", uid));
        let name = input.name.as_deref().map(|n| v.take(DisplayName::parse("name", n)));
        let description = input.description.as_deref().map(|d| v.take(Description::parse("description", d)));
        let sections = Sections::parse(&mut v, input);
        v.finish()?;
        let uid = checked(uid)?;
        authorize(caller, Capability::AccountAssociationsList, Capability::AccountAssociationsUpdate, KIND, &uid)?;
        let mut association =
            self.deps.store.get_account_association(&uid).await?.ok_or_else(|| not_found(KIND, &uid))?;
        if let Some(name) = name {
            association.name = checked(name)?;
        }
        if let Some(description) = description {
            association.description = checked(description)?;
        }
        let bindings_changed = sections.chainguard.is_some();
        sections.apply(&mut association.providers);
        if bindings_changed {
            self.check_bindings(caller, &uid, &association.providers).await?;
        }
        association.update_time = self.deps.clock.now();
        let event =
            self.deps.event(caller.origin(), EventType::AccountAssociationUpdated, &uid, association.update_time);
        self.deps.store.update_account_association(&association, &event).await?;
        Ok(association)
    }

    /// Deletes a group's association; succeeds (emitting nothing) when it has none.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` for a group the caller cannot
    /// see; `PERMISSION_DENIED` without `account_associations.delete`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::AccountAssociationsList, Capability::AccountAssociationsDelete, KIND, &uid)?;
        let event = self.deps.event(caller.origin(), EventType::AccountAssociationDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_account_association(&uid, &event).await?;
        Ok(())
    }

    /// Lists the associations the caller may list, by group unless `order_by` says
    /// otherwise (`group` is accepted as the name of that order).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        filter: ListFilter,
        page: &PageRequest,
    ) -> Result<Page<AccountAssociation>> {
        let mut page = page.clone();
        page.order_by = page.order_by.map(|o| group_as_uid(&o));
        let visibility = caller.visibility(Capability::AccountAssociationsList);
        let plan =
            self.deps.pager.plan_ordered(&page, caller.identity(), filter, visibility, SORTABLE, DEFAULT_ORDER)?;
        let rows = self.deps.store.list_account_associations(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Checks whether the association's `provider` account is usable: locally, that the
    /// section exists and its service bindings still hold (else `NOT_READY` with the
    /// reason); then the live exchange through the probe.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid or a missing provider type; `NOT_FOUND`;
    /// `FAILED_PRECONDITION` (`CLOUD_UNREACHABLE`) when the provider cannot be reached.
    pub async fn check(
        &self,
        caller: &Principal,
        uid: &str,
        provider: Option<AccountProviderType>,
    ) -> Result<CheckResult> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("uid", uid));
        if provider.is_none() {
            v.add("providerType", "providerType is required: ACCOUNT_PROVIDER_TYPE_GOOGLE, _AMAZON or _AZURE");
        }
        v.finish()?;
        let (uid, provider) = (checked(uid)?, checked(provider)?);
        authorize(caller, Capability::AccountAssociationsList, Capability::AccountAssociationsList, KIND, &uid)?;
        let association = self.deps.store.get_account_association(&uid).await?.ok_or_else(|| not_found(KIND, &uid))?;
        let configured = match provider {
            AccountProviderType::Google => association.providers.google.is_some(),
            AccountProviderType::Amazon => association.providers.amazon.is_some(),
            AccountProviderType::Azure => association.providers.azure.is_some(),
        };
        if !configured {
            return Ok(CheckResult {
                status: CheckStatus::NotReady,
                reason: "NOT_CONFIGURED".to_owned(),
                message: format!("the association of {uid} has no {} section", provider.label()),
            });
        }
        if let Err(Error::InvalidArgument(violations)) = self.check_bindings(caller, &uid, &association.providers).await
        {
            let message = violations.iter().map(|f| f.description.clone()).collect::<Vec<_>>().join("; ");
            return Ok(CheckResult {
                status: CheckStatus::NotReady,
                reason: "SERVICE_BINDING_INVALID".to_owned(),
                message,
            });
        }
        self.probe.probe(&association, provider).await
    }

    /// Every service binding names an identity directly in `group` acting as that service.
    ///
    /// To a caller without `identity.list` on the identity, a missing identity and one that
    /// is no such service principal get one answer: it may not learn which identities exist
    /// in the group, or what they are, from the error.
    async fn check_bindings(&self, caller: &Principal, group: &Uidp, providers: &AccountProviders) -> Result<()> {
        let Some(chainguard) = &providers.chainguard else { return Ok(()) };
        let mut v = Violations::default();
        for (key, identity_uid) in &chainguard.service_bindings {
            let field = format!("chainguard.serviceBindings[{key}]");
            let principal = ServicePrincipal::from_name(key);
            if identity_uid.parent().as_ref() != Some(group) {
                v.add(&field, format!("identity {identity_uid} must be directly in group {group}"));
                continue;
            }
            let found = self.deps.store.get_identity(identity_uid).await?;
            let acting =
                found.map(|i| matches!(i.relationship, Relationship::ServicePrincipal(sp) if Some(sp) == principal));
            let description = match acting {
                Some(true) => continue,
                _ if !caller.can(Capability::IdentityList, identity_uid) => {
                    format!("identity {identity_uid} does not exist or is not a service principal of kind {key}")
                }
                None => format!("identity {identity_uid} does not exist"),
                Some(false) => format!("identity {identity_uid} is not a service principal of kind {key}"),
            };
            v.add(&field, description);
        }
        v.finish()
    }
}

/// `group` is the uid of an association: `"group desc"` orders as `"uid desc"`.
fn group_as_uid(order_by: &str) -> String {
    let trimmed = order_by.trim_start();
    match trimmed.strip_prefix("group") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => format!("uid{rest}"),
        _ => order_by.to_owned(),
    }
}

/// The validated provider sections of an input.
struct Sections {
    amazon: Option<Option<AmazonAccount>>,
    google: Option<Option<GoogleProject>>,
    chainguard: Option<Option<ChainguardBindings>>,
    azure: Option<Option<AzureTenant>>,
    github: Option<Option<GitHubApps>>,
}

impl Sections {
    fn parse(v: &mut Violations, input: AccountAssociationInput) -> Self {
        Self {
            amazon: input.amazon.map(|a| a.filter(|a| check_amazon(v, a))),
            google: input.google.map(|g| g.filter(|g| check_google(v, g))),
            chainguard: input.chainguard.map(|c| c.and_then(|c| parse_bindings(v, c))),
            azure: input.azure.map(|a| a.filter(|a| check_azure(v, a))),
            github: input.github.map(|g| g.filter(|g| check_github(v, g))),
        }
    }

    fn apply(self, providers: &mut AccountProviders) {
        if let Some(amazon) = self.amazon {
            providers.amazon = amazon;
        }
        if let Some(google) = self.google {
            providers.google = google;
        }
        if let Some(chainguard) = self.chainguard {
            providers.chainguard = chainguard;
        }
        if let Some(azure) = self.azure {
            providers.azure = azure;
        }
        if let Some(github) = self.github {
            providers.github = github;
        }
    }
}

fn check_amazon(v: &mut Violations, a: &AmazonAccount) -> bool {
    let ok = a.account.len() == 12 && a.account.bytes().all(|b| b.is_ascii_digit());
    if !ok {
        v.add("amazon.account", "amazon.account must be a 12-digit AWS account id");
    }
    ok
}

fn check_google(v: &mut Violations, g: &GoogleProject) -> bool {
    let mut ok = true;
    let id = g.project_id.as_bytes();
    let id_ok = (6..=30).contains(&id.len())
        && id[0].is_ascii_lowercase()
        && id.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && id.last() != Some(&b'-');
    if !id_ok {
        v.add(
            "google.projectId",
            "google.projectId must be a Google Cloud project id: 6 to 30 lowercase letters, digits or hyphens, starting with a letter",
        );
        ok = false;
    }
    let number_ok = !g.project_number.is_empty()
        && g.project_number.len() <= 20
        && g.project_number.bytes().all(|b| b.is_ascii_digit());
    if !number_ok {
        v.add("google.projectNumber", "google.projectNumber must be the project's decimal number");
        ok = false;
    }
    ok
}

fn is_uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12]) && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn check_azure(v: &mut Violations, a: &AzureTenant) -> bool {
    let mut ok = true;
    if !is_uuid(&a.tenant_id) {
        v.add("azure.tenantId", "azure.tenantId must be a UUID");
        ok = false;
    }
    if a.client_ids.is_empty() {
        v.add("azure.clientIds", "azure.clientIds is required: component name to Azure client id");
        ok = false;
    }
    for (component, client) in &a.client_ids {
        if component.trim().is_empty() || component.chars().any(char::is_control) || component.len() > 100 {
            v.add("azure.clientIds", "azure.clientIds keys must be component names of 1 to 100 printable characters");
            ok = false;
        }
        if !is_uuid(client) {
            v.add(&format!("azure.clientIds[{component}]"), "an Azure client id must be a UUID");
            ok = false;
        }
    }
    ok
}

fn check_github(v: &mut Violations, g: &GitHubApps) -> bool {
    let mut ok = true;
    for (app, installs) in &g.app_installations {
        if *app <= 0 {
            v.add("github.appInstallations", format!("github app id {app} must be positive"));
            ok = false;
        }
        for install in installs {
            if install.installation_id <= 0 {
                v.add(
                    &format!("github.appInstallations[{app}].installations.installationId"),
                    "installationId is required and must be positive",
                );
                ok = false;
            }
            if install.name.chars().any(char::is_control) || install.name.chars().count() > 200 {
                v.add(
                    &format!("github.appInstallations[{app}].installations.name"),
                    "an installation name must be at most 200 printable characters",
                );
                ok = false;
            }
        }
    }
    ok
}

fn parse_bindings(v: &mut Violations, bindings: BTreeMap<String, String>) -> Option<ChainguardBindings> {
    let mut out = ChainguardBindings::default();
    let mut ok = true;
    if bindings.is_empty() {
        v.add("chainguard.serviceBindings", "chainguard.serviceBindings is required: service principal to identity");
        return None;
    }
    for (key, identity) in bindings {
        let field = format!("chainguard.serviceBindings[{key}]");
        if ServicePrincipal::from_name(&key).is_none() || key.starts_with("SERVICE_PRINCIPAL_") {
            v.add(&field, format!("{key} is not a service principal name such as INGESTER"));
            ok = false;
            continue;
        }
        match v.take(Uidp::parse_field(&field, &identity)) {
            Some(uid) => {
                out.service_bindings.insert(key, uid);
            }
            None => ok = false,
        }
    }
    ok.then_some(out)
}
