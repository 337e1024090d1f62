//! The v1 shapes of a repo's sync config and custom overlay (JSON key `sync_config` is
//! snake case in v1 too; the overlay has the same fields as in v2).

use std::collections::BTreeMap;

use grove_domain::model::{CustomOverlay, NamedContent, OverlayGroup, OverlayUser, SyncConfig};
use grove_domain::services::SyncConfigInput;
use serde::{Deserialize, Serialize};

/// A v1 SyncConfig (`expiration`, not `expirationTime`; `syncApks` is deprecated and false).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct V1SyncConfig {
    /// A repo uid, catalog name or image reference on input; always a uid on output.
    pub source: String,
    /// Output only.
    #[serde(alias = "unique_tags")]
    pub unique_tags: bool,
    /// Output only: when syncing stops.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expiration: Option<String>,
    /// Extra Artifact Registry destination.
    pub google: String,
    /// Extra ECR destination.
    pub amazon: String,
    /// Extra ACR destination.
    pub azure: String,
    /// Deprecated; always false.
    #[serde(alias = "sync_apks")]
    pub sync_apks: bool,
    /// Output only.
    #[serde(alias = "apko_overlay")]
    pub apko_overlay: String,
    /// Output only.
    #[serde(alias = "grace_period")]
    pub grace_period: bool,
}

impl From<SyncConfig> for V1SyncConfig {
    fn from(s: SyncConfig) -> Self {
        Self {
            source: s.source.to_string(),
            unique_tags: s.unique_tags,
            expiration: Some(s.expiration_time.to_string()),
            google: s.google,
            amazon: s.amazon,
            azure: s.azure,
            sync_apks: false,
            apko_overlay: s.apko_overlay,
            grace_period: s.grace_period,
        }
    }
}

impl V1SyncConfig {
    /// What a client may set (output-only fields are ignored).
    pub fn input(self) -> SyncConfigInput {
        SyncConfigInput { source: self.source, google: self.google, amazon: self.amazon, azure: self.azure }
    }
}

/// A file by name and content.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct V1NamedContent {
    /// File name.
    pub name: String,
    /// PEM text.
    pub content: String,
}

/// Packages, repositories and keys.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct V1Contents {
    /// Extra packages.
    pub packages: Vec<String>,
    /// Replacement APK repositories.
    #[serde(alias = "runtime_repositories")]
    pub runtime_repositories: Vec<String>,
    /// Extra APK keys.
    #[serde(alias = "runtime_keyring")]
    pub runtime_keyring: Vec<V1NamedContent>,
}

/// A user.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct V1User {
    /// Login name.
    pub username: String,
    /// User id.
    pub uid: i32,
    /// Group id.
    pub gid: i32,
    /// Primary group.
    #[serde(alias = "group_name")]
    pub group_name: String,
    /// Shell.
    pub shell: String,
    /// Home directory.
    #[serde(alias = "home_dir")]
    pub home_dir: String,
}

/// A group.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct V1Group {
    /// Group name.
    pub groupname: String,
    /// Group id.
    pub gid: i32,
    /// Members.
    pub members: Vec<String>,
}

/// Users and groups.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct V1Accounts {
    /// Run-as user.
    #[serde(alias = "run_as")]
    pub run_as: String,
    /// Users.
    pub users: Vec<V1User>,
    /// Groups.
    pub groups: Vec<V1Group>,
}

/// CA certificates.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct V1Certificates {
    /// PEM certificates.
    pub additional: Vec<V1NamedContent>,
    /// Certificate packages.
    pub providers: Vec<String>,
}

/// A v1 CustomOverlay.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct V1CustomOverlay {
    /// Contents.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contents: Option<V1Contents>,
    /// Environment.
    pub environment: BTreeMap<String, String>,
    /// Annotations.
    pub annotations: BTreeMap<String, String>,
    /// Accounts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accounts: Option<V1Accounts>,
    /// Certificates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificates: Option<V1Certificates>,
}

fn named(n: NamedContent) -> V1NamedContent {
    V1NamedContent { name: n.name, content: n.content }
}

fn domain_named(n: V1NamedContent) -> NamedContent {
    NamedContent { name: n.name, content: n.content }
}

impl From<CustomOverlay> for V1CustomOverlay {
    fn from(o: CustomOverlay) -> Self {
        let contents = (!o.contents_empty()).then_some(());
        let accounts = (!o.accounts_empty()).then_some(());
        let certificates = (!o.certificates_empty()).then_some(());
        Self {
            contents: contents.map(|()| V1Contents {
                packages: o.packages,
                runtime_repositories: o.runtime_repositories,
                runtime_keyring: o.runtime_keyring.into_iter().map(named).collect(),
            }),
            environment: o.environment,
            annotations: o.annotations,
            accounts: accounts.map(|()| V1Accounts {
                run_as: o.run_as,
                users: o
                    .users
                    .into_iter()
                    .map(|u| V1User {
                        username: u.username,
                        uid: u.uid,
                        gid: u.gid,
                        group_name: u.group_name,
                        shell: u.shell,
                        home_dir: u.home_dir,
                    })
                    .collect(),
                groups: o
                    .groups
                    .into_iter()
                    .map(|g| V1Group { groupname: g.groupname, gid: g.gid, members: g.members })
                    .collect(),
            }),
            certificates: certificates.map(|()| V1Certificates {
                additional: o.certificates.into_iter().map(named).collect(),
                providers: o.certificate_providers,
            }),
        }
    }
}

impl From<V1CustomOverlay> for CustomOverlay {
    fn from(o: V1CustomOverlay) -> Self {
        let contents = o.contents.unwrap_or_default();
        let accounts = o.accounts.unwrap_or_default();
        let certificates = o.certificates.unwrap_or_default();
        Self {
            packages: contents.packages,
            runtime_repositories: contents.runtime_repositories,
            runtime_keyring: contents.runtime_keyring.into_iter().map(domain_named).collect(),
            environment: o.environment,
            annotations: o.annotations,
            run_as: accounts.run_as,
            users: accounts
                .users
                .into_iter()
                .map(|u| OverlayUser {
                    username: u.username,
                    uid: u.uid,
                    gid: u.gid,
                    group_name: u.group_name,
                    shell: u.shell,
                    home_dir: u.home_dir,
                })
                .collect(),
            groups: accounts
                .groups
                .into_iter()
                .map(|g| OverlayGroup { groupname: g.groupname, gid: g.gid, members: g.members })
                .collect(),
            certificates: certificates.additional.into_iter().map(domain_named).collect(),
            certificate_providers: certificates.providers,
        }
    }
}
