//! A repo's sync config, custom overlay and README between the domain and the wire.

use grove_domain::error::Error;
use grove_domain::model::{CustomOverlay, NamedContent, OverlayGroup, OverlayUser, RepoReadme, SyncConfig};
use grove_domain::services::SyncConfigInput;

use crate::registry as pb;
use pb::custom_overlay::{accounts, certificates, image_contents, Accounts, Certificates, ImageContents};

impl From<SyncConfig> for pb::SyncConfig {
    fn from(s: SyncConfig) -> Self {
        Self {
            source: s.source.into(),
            unique_tags: s.unique_tags,
            expiration_time: Some(s.expiration_time.into()),
            google: s.google,
            amazon: s.amazon,
            azure: s.azure,
            apko_overlay: s.apko_overlay,
            grace_period: s.grace_period,
        }
    }
}

/// The client-settable part of a wire sync config (output-only fields are ignored).
#[must_use]
pub fn sync_config_input(s: pb::SyncConfig) -> SyncConfigInput {
    SyncConfigInput { source: s.source, google: s.google, amazon: s.amazon, azure: s.azure }
}

impl From<CustomOverlay> for pb::CustomOverlay {
    fn from(o: CustomOverlay) -> Self {
        let contents = (!o.contents_empty()).then(|| ImageContents {
            packages: o.packages.clone(),
            runtime_repositories: o.runtime_repositories.clone(),
            runtime_keyring: o
                .runtime_keyring
                .iter()
                .map(|k| image_contents::RuntimeKeyringEntry { name: k.name.clone(), content: k.content.clone() })
                .collect(),
        });
        let accounts = (!o.accounts_empty()).then(|| Accounts {
            run_as: o.run_as.clone(),
            users: o
                .users
                .iter()
                .map(|u| accounts::User {
                    username: u.username.clone(),
                    uid: u.uid,
                    gid: u.gid,
                    group_name: u.group_name.clone(),
                    shell: u.shell.clone(),
                    home_dir: u.home_dir.clone(),
                })
                .collect(),
            groups: o
                .groups
                .iter()
                .map(|g| accounts::Group { groupname: g.groupname.clone(), gid: g.gid, members: g.members.clone() })
                .collect(),
        });
        let certificates = (!o.certificates_empty()).then(|| Certificates {
            additional: o
                .certificates
                .iter()
                .map(|c| certificates::AdditionalEntry { name: c.name.clone(), content: c.content.clone() })
                .collect(),
            providers: o.certificate_providers.clone(),
        });
        Self { contents, environment: o.environment, annotations: o.annotations, accounts, certificates }
    }
}

impl From<pb::CustomOverlay> for CustomOverlay {
    fn from(o: pb::CustomOverlay) -> Self {
        let contents = o.contents.unwrap_or_default();
        let accounts = o.accounts.unwrap_or_default();
        let certificates = o.certificates.unwrap_or_default();
        Self {
            packages: contents.packages,
            runtime_repositories: contents.runtime_repositories,
            runtime_keyring: contents
                .runtime_keyring
                .into_iter()
                .map(|k| NamedContent { name: k.name, content: k.content })
                .collect(),
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
            certificates: certificates
                .additional
                .into_iter()
                .map(|c| NamedContent { name: c.name, content: c.content })
                .collect(),
            certificate_providers: certificates.providers,
        }
    }
}

/// The fields of a README a request may set.
pub(super) const README_MUTABLE: &[&str] = &["content"];

/// The new content an `UpdateRepoReadme` carries: `content` when the mask names it (or,
/// without a mask, when it is not empty).
///
/// # Errors
/// `INVALID_ARGUMENT` for a mask path other than `content`, or when no content is given
/// (clearing takes an explicit `content` in the mask or the JSON body).
pub fn readme_input(r: pb::RepoReadme, mask: Option<&crate::wkt::FieldMask>) -> Result<String, Error> {
    let s = super::Selection::from_mask(mask, README_MUTABLE)?;
    s.pick("content", r.content).ok_or_else(|| {
        Error::invalid("content", "content is required; to clear the README send an empty content with an update mask")
    })
}

impl From<RepoReadme> for pb::RepoReadme {
    fn from(r: RepoReadme) -> Self {
        Self { uid: r.uid.to_string(), content: r.content }
    }
}
