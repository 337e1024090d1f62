//! Account associations on the wire: the resource, its list response, the input a create
//! or update makes of it (with the update mask), and the check request and response.

use grove_domain::error::Error;
use grove_domain::model::{
    AccountAssociation, AccountProviderType, AmazonAccount, AzureTenant, CheckResult, CheckStatus, GitHubApps,
    GitHubInstallation, GoogleProject,
};
use grove_domain::services::AccountAssociationInput;

use super::list_response;
use super::mask::Selection;
use crate::iam as pb;
use crate::iam::account_association as section;
use crate::wkt::FieldMask;

impl From<AccountAssociation> for pb::AccountAssociation {
    fn from(a: AccountAssociation) -> Self {
        let p = a.providers;
        Self {
            uid: a.uid.into(),
            name: a.name.into(),
            description: a.description.into(),
            amazon: p.amazon.map(|x| section::Amazon { account: x.account }),
            google: p.google.map(|x| section::Google { project_id: x.project_id, project_number: x.project_number }),
            chainguard: p.chainguard.map(|x| section::Chainguard {
                service_bindings: x.service_bindings.into_iter().map(|(k, v)| (k, v.to_string())).collect(),
            }),
            azure: p.azure.map(|x| section::Azure { tenant_id: x.tenant_id, client_ids: x.client_ids }),
            create_time: Some(a.create_time.into()),
            update_time: Some(a.update_time.into()),
            github: p.github.map(|x| section::GitHub {
                app_installations: x
                    .app_installations
                    .into_iter()
                    .map(|(app, installs)| {
                        let installations = installs
                            .into_iter()
                            .map(|i| section::GitHubInstallation { installation_id: i.installation_id, name: i.name })
                            .collect();
                        (app, section::GitHubAppInstallations { installations })
                    })
                    .collect(),
            }),
        }
    }
}

list_response!(pb::ListAccountAssociationsResponse, AccountAssociation, account_associations);

/// The fields of an association a request may set.
pub(super) const ACCOUNT_ASSOCIATION_MUTABLE: &[&str] =
    &["name", "description", "amazon", "google", "chainguard", "azure", "github"];

/// The input a create (no mask: the populated fields) or update makes of a wire
/// association; a masked section that is absent clears it.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not mutable.
pub fn account_association_input(
    a: pb::AccountAssociation,
    mask: Option<&FieldMask>,
) -> Result<AccountAssociationInput, Error> {
    let s = Selection::from_mask(mask, ACCOUNT_ASSOCIATION_MUTABLE)?;
    let pick = |path: &str, present: bool| s.has(path, present);
    Ok(AccountAssociationInput {
        name: s.pick("name", a.name),
        description: s.pick("description", a.description),
        amazon: pick("amazon", a.amazon.is_some()).then(|| a.amazon.map(|x| AmazonAccount { account: x.account })),
        google: pick("google", a.google.is_some())
            .then(|| a.google.map(|x| GoogleProject { project_id: x.project_id, project_number: x.project_number })),
        chainguard: pick("chainguard", a.chainguard.is_some()).then(|| a.chainguard.map(|x| x.service_bindings)),
        azure: pick("azure", a.azure.is_some())
            .then(|| a.azure.map(|x| AzureTenant { tenant_id: x.tenant_id, client_ids: x.client_ids })),
        github: pick("github", a.github.is_some()).then(|| {
            a.github.map(|x| GitHubApps {
                app_installations: x
                    .app_installations
                    .into_iter()
                    .map(|(app, installs)| {
                        let list = installs
                            .installations
                            .into_iter()
                            .map(|i| GitHubInstallation { installation_id: i.installation_id, name: i.name })
                            .collect();
                        (app, list)
                    })
                    .collect(),
            })
        }),
    })
}

/// The provider a check request names (`None` for `UNSPECIFIED`).
///
/// # Errors
/// `INVALID_ARGUMENT` on `providerType` for a number outside the enum.
pub fn account_provider_type(number: i32) -> Result<Option<AccountProviderType>, Error> {
    match pb::AccountProviderType::try_from(number) {
        Ok(pb::AccountProviderType::Unspecified) => Ok(None),
        Ok(pb::AccountProviderType::Google) => Ok(Some(AccountProviderType::Google)),
        Ok(pb::AccountProviderType::Amazon) => Ok(Some(AccountProviderType::Amazon)),
        Ok(pb::AccountProviderType::Azure) => Ok(Some(AccountProviderType::Azure)),
        Err(_) => Err(Error::invalid("providerType", format!("providerType {number} is not an AccountProviderType"))),
    }
}

impl From<CheckResult> for pb::CheckAccountAssociationResponse {
    fn from(r: CheckResult) -> Self {
        let status = match r.status {
            CheckStatus::Ready => pb::CheckStatus::Ready,
            CheckStatus::NotReady => pb::CheckStatus::NotReady,
        };
        Self { status: status.into(), reason: r.reason, message: r.message }
    }
}
