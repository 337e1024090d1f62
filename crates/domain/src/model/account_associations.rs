//! Account associations: a group's links to its cloud accounts (AWS, Google Cloud, Azure,
//! GitHub apps) and the bindings of platform services to its service-principal identities.
//! A group has at most one; its uid is the group's uid.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::names::{Description, DisplayName};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// A group's account association, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountAssociation {
    /// The group's own uid (one association per group).
    pub uid: Uidp,
    /// Its name.
    pub name: DisplayName,
    /// Free text.
    pub description: Description,
    /// The linked accounts.
    pub providers: AccountProviders,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

/// The accounts an association links, each optional (validated by the service).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountProviders {
    /// An AWS account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amazon: Option<AmazonAccount>,
    /// A Google Cloud project.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google: Option<GoogleProject>,
    /// Platform services bound to the group's service-principal identities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chainguard: Option<ChainguardBindings>,
    /// An Azure tenant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure: Option<AzureTenant>,
    /// GitHub app installations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub github: Option<GitHubApps>,
}

/// `amazon`: the AWS account id (12 digits).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmazonAccount {
    /// `account`.
    pub account: String,
}

/// `google`: the project id and number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoogleProject {
    /// `projectId`.
    pub project_id: String,
    /// `projectNumber`.
    pub project_number: String,
}

/// `chainguard`: service-principal name (`INGESTER`, …) to the identity it acts as.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainguardBindings {
    /// `serviceBindings`.
    pub service_bindings: BTreeMap<String, Uidp>,
}

/// `azure`: the tenant and the client id of each component.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AzureTenant {
    /// `tenantId` (a UUID).
    pub tenant_id: String,
    /// `clientIds`: component name to Azure client id (a UUID).
    pub client_ids: BTreeMap<String, String>,
}

/// `github`: app id to its installations.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GitHubApps {
    /// `appInstallations`.
    pub app_installations: BTreeMap<i64, Vec<GitHubInstallation>>,
}

/// One installation of a GitHub app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GitHubInstallation {
    /// `installationId` (positive).
    pub installation_id: i64,
    /// `name` (free text).
    #[serde(default)]
    pub name: String,
}

/// The clouds `:checkAccountAssociation` can be asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountProviderType {
    /// `ACCOUNT_PROVIDER_TYPE_GOOGLE` (1).
    Google,
    /// `ACCOUNT_PROVIDER_TYPE_AMAZON` (2).
    Amazon,
    /// `ACCOUNT_PROVIDER_TYPE_AZURE` (3).
    Azure,
}

impl AccountProviderType {
    /// The section of an association this provider reads (`google`, `amazon`, `azure`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Google => "google",
            Self::Amazon => "amazon",
            Self::Azure => "azure",
        }
    }
}

/// The outcome of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckStatus {
    /// `CHECK_STATUS_READY` (1).
    Ready,
    /// `CHECK_STATUS_NOT_READY` (2).
    NotReady,
}

/// What `:checkAccountAssociation` answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckResult {
    /// Ready or not.
    pub status: CheckStatus,
    /// A short reason code.
    pub reason: String,
    /// Detail.
    pub message: String,
}
