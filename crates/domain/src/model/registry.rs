//! Repo settings beyond names and labels (where a repo syncs from, its custom overlay) and
//! the shapes of tag names that tag lists leave out unless asked.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::time::Timestamp;
use crate::uidp::Uidp;

/// Where a repo syncs its images from, and the extra registries it pushes them to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyncConfig {
    /// The source repo, always a uid (names given by clients are resolved on write).
    pub source: Uidp,
    /// Server-set; Grove never sets it.
    #[serde(default)]
    pub unique_tags: bool,
    /// When syncing stops: set when the sync config is first given, 14 days later.
    pub expiration_time: Timestamp,
    /// Extra Google Artifact Registry destination (`REGION-docker.pkg.dev/PROJECT/REPO`).
    #[serde(default)]
    pub google: String,
    /// Extra Amazon ECR destination (`ACCOUNT.dkr.ecr.REGION.amazonaws.com/NAME`).
    #[serde(default)]
    pub amazon: String,
    /// Extra Azure Container Registry destination (`NAME.azurecr.io/REPO`).
    #[serde(default)]
    pub azure: String,
    /// Server-set; Grove never sets it.
    #[serde(default)]
    pub apko_overlay: String,
    /// Server-set; Grove never sets it.
    #[serde(default)]
    pub grace_period: bool,
}

/// A repo's README, a singleton under the repo (its uid is the repo's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepoReadme {
    /// The repo's uid.
    pub uid: Uidp,
    /// Raw Markdown.
    pub content: String,
}

/// A file given by name and content (an APK signing key, a CA certificate).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedContent {
    /// The file name.
    pub name: String,
    /// The PEM text.
    pub content: String,
}

/// A user account the overlay adds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OverlayUser {
    /// Login name (required).
    pub username: String,
    /// Numeric user id.
    pub uid: i32,
    /// Numeric primary group id.
    pub gid: i32,
    /// Primary group name.
    pub group_name: String,
    /// Login shell.
    pub shell: String,
    /// Home directory.
    pub home_dir: String,
}

/// A group account the overlay adds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OverlayGroup {
    /// Group name (required).
    pub groupname: String,
    /// Numeric group id.
    pub gid: i32,
    /// Member user names.
    pub members: Vec<String>,
}

/// Customizations applied when a synced image is rebuilt (custom assembly). Empty parts
/// are absent on the wire.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CustomOverlay {
    /// Extra packages.
    pub packages: Vec<String>,
    /// APK repositories replacing the default ones.
    pub runtime_repositories: Vec<String>,
    /// Extra APK signing keys (PEM RSA public keys).
    pub runtime_keyring: Vec<NamedContent>,
    /// Environment variables (no `CHAINGUARD_` keys).
    pub environment: BTreeMap<String, String>,
    /// Image annotations (no `dev.chainguard.` or `org.opencontainers.` keys).
    pub annotations: BTreeMap<String, String>,
    /// The user the image runs as.
    pub run_as: String,
    /// Extra users.
    pub users: Vec<OverlayUser>,
    /// Extra groups.
    pub groups: Vec<OverlayGroup>,
    /// Extra CA certificates (PEM).
    pub certificates: Vec<NamedContent>,
    /// Packages providing CA certificates.
    pub certificate_providers: Vec<String>,
}

impl CustomOverlay {
    /// True when the image contents part (packages, repositories, keyring) is empty.
    #[must_use]
    pub fn contents_empty(&self) -> bool {
        self.packages.is_empty() && self.runtime_repositories.is_empty() && self.runtime_keyring.is_empty()
    }

    /// True when the accounts part (run-as user, users, groups) is empty.
    #[must_use]
    pub fn accounts_empty(&self) -> bool {
        self.run_as.is_empty() && self.users.is_empty() && self.groups.is_empty()
    }

    /// True when the certificates part is empty.
    #[must_use]
    pub fn certificates_empty(&self) -> bool {
        self.certificates.is_empty() && self.certificate_providers.is_empty()
    }
}

/// The shape of a tag name, which decides whether a tag list shows the tag by default.
///
/// - `Referrer`: `sha256-` followed by exactly 64 lowercase hex digits, optionally followed
///   by `.` and a suffix (`sha256-<hex>`, `sha256-<hex>.sig`, `sha256-<hex>.att`): the
///   fallback tags of the OCI referrers API and of cosign.
/// - `Date`: ends in `-20YYMMDD` with a month 01–12 and a day 01–31, after at least one
///   character (`latest-20250131`).
/// - `Epoch`: ends in `-r<N>`, `N` one or more decimal digits, after at least one character
///   (`1.2.3-r0`).
/// - `Plain`: anything else. The shapes are tried in that order, so each tag has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TagShape {
    /// An ordinary tag, always listed.
    Plain,
    /// `sha256-<64 hex>[.suffix]`.
    Referrer,
    /// `*-20YYMMDD`.
    Date,
    /// `*-r<N>`.
    Epoch,
}

impl TagShape {
    /// The shape of tag `name`.
    #[must_use]
    pub fn of(name: &str) -> Self {
        if is_referrer(name) {
            Self::Referrer
        } else if is_date(name) {
            Self::Date
        } else if is_epoch(name) {
            Self::Epoch
        } else {
            Self::Plain
        }
    }

    /// The number a store keeps for the shape.
    #[must_use]
    pub const fn number(self) -> i16 {
        match self {
            Self::Plain => 0,
            Self::Referrer => 1,
            Self::Date => 2,
            Self::Epoch => 3,
        }
    }
}

fn is_referrer(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("sha256-") else { return false };
    let (hex, suffix) = match rest.split_once('.') {
        Some((hex, suffix)) => (hex, Some(suffix)),
        None => (rest, None),
    };
    hex.len() == 64
        && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && suffix.is_none_or(|s| !s.is_empty())
}

fn is_date(name: &str) -> bool {
    let b = name.as_bytes();
    // At least one character, then `-20YYMMDD`.
    if b.len() < 10 {
        return false;
    }
    let date = &b[b.len() - 9..];
    if date[0] != b'-' || !date[1..].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let num = |s: &[u8]| s.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    date[1] == b'2' && date[2] == b'0' && (1..=12).contains(&num(&date[5..7])) && (1..=31).contains(&num(&date[7..9]))
}

fn is_epoch(name: &str) -> bool {
    let Some(at) = name.rfind("-r") else { return false };
    let digits = &name[at + 2..];
    at > 0 && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Tag-list filters beyond name and hierarchy. The default filters nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagFilter {
    /// Only tags updated at or after this instant.
    pub updated_since: Option<Timestamp>,
    /// Only tags pointing at this digest.
    pub digest: Option<String>,
    /// Leave out referrer-shaped tags.
    pub exclude_referrers: bool,
    /// Leave out date-shaped tags.
    pub exclude_dates: bool,
    /// Leave out epoch-shaped tags.
    pub exclude_epochs: bool,
}

impl TagFilter {
    /// The shapes this filter leaves out.
    #[must_use]
    pub fn excluded_shapes(&self) -> Vec<TagShape> {
        [
            (self.exclude_referrers, TagShape::Referrer),
            (self.exclude_dates, TagShape::Date),
            (self.exclude_epochs, TagShape::Epoch),
        ]
        .into_iter()
        .filter_map(|(on, shape)| on.then_some(shape))
        .collect()
    }

    /// True when a tag named `name` at `digest`, last updated at `updated`, passes.
    #[must_use]
    pub fn matches(&self, name: &str, digest: &str, updated: Timestamp) -> bool {
        self.updated_since.is_none_or(|since| updated >= since)
            && self.digest.as_deref().is_none_or(|d| d == digest)
            && !self.excluded_shapes().contains(&TagShape::of(name))
    }

    /// True when the filter filters anything.
    #[must_use]
    pub fn is_set(&self) -> bool {
        *self != Self::default()
    }

    /// The canonical text of the filter, bound into page tokens.
    #[must_use]
    pub fn canonical(&self) -> String {
        format!(
            "since={}\ndigest={}\nexclude={}{}{}",
            self.updated_since.map(|t| t.unix_millis().to_string()).unwrap_or_default(),
            self.digest.as_deref().unwrap_or_default(),
            u8::from(self.exclude_referrers),
            u8::from(self.exclude_dates),
            u8::from(self.exclude_epochs),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEX: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    #[test]
    fn referrer_tags_are_sha256_dash_and_exactly_64_lowercase_hex_with_an_optional_suffix() {
        assert_eq!(TagShape::of(&format!("sha256-{HEX}")), TagShape::Referrer);
        assert_eq!(TagShape::of(&format!("sha256-{HEX}.sig")), TagShape::Referrer);
        assert_eq!(TagShape::of(&format!("sha256-{HEX}.att")), TagShape::Referrer);
        assert_eq!(TagShape::of(&format!("sha256-{HEX}.")), TagShape::Plain);
        assert_eq!(TagShape::of(&format!("sha256-{}", &HEX[1..])), TagShape::Plain);
        assert_eq!(TagShape::of(&format!("sha256-{}", HEX.to_uppercase())), TagShape::Plain);
        assert_eq!(TagShape::of("sha256-abc"), TagShape::Plain);
        assert_eq!(TagShape::of(&format!("x-sha256-{HEX}")), TagShape::Plain);
    }

    #[test]
    fn date_tags_end_in_a_dash_and_a_plausible_20yymmdd() {
        assert_eq!(TagShape::of("latest-20250131"), TagShape::Date);
        assert_eq!(TagShape::of("1.25-20991231"), TagShape::Date);
        assert_eq!(TagShape::of("x-20250001"), TagShape::Plain, "month 00");
        assert_eq!(TagShape::of("x-20251301"), TagShape::Plain, "month 13");
        assert_eq!(TagShape::of("x-20250100"), TagShape::Plain, "day 00");
        assert_eq!(TagShape::of("x-20250132"), TagShape::Plain, "day 32");
        assert_eq!(TagShape::of("x-19991231"), TagShape::Plain, "not 20yy");
        assert_eq!(TagShape::of("-20250131"), TagShape::Plain, "nothing before the dash");
        assert_eq!(TagShape::of("x-202501311"), TagShape::Plain, "nine digits");
        assert_eq!(TagShape::of("x20250131"), TagShape::Plain, "no dash");
    }

    #[test]
    fn epoch_tags_end_in_dash_r_and_digits() {
        assert_eq!(TagShape::of("1.2.3-r0"), TagShape::Epoch);
        assert_eq!(TagShape::of("latest-r12"), TagShape::Epoch);
        assert_eq!(TagShape::of("1.2.3-r"), TagShape::Plain);
        assert_eq!(TagShape::of("1.2.3-r1a"), TagShape::Plain);
        assert_eq!(TagShape::of("-r1"), TagShape::Plain);
        assert_eq!(TagShape::of("1.2.3-R1"), TagShape::Plain);
        assert_eq!(TagShape::of("1.2-r3-20250131"), TagShape::Date, "the last suffix decides");
    }

    #[test]
    fn a_default_filter_keeps_every_shape() {
        let t = Timestamp::from_unix_millis(0).unwrap();
        let all = TagFilter::default();
        for name in ["latest", "x-20250131", "x-r1", &format!("sha256-{HEX}")] {
            assert!(all.matches(name, "d", t), "{name}");
        }
        let plain_only = TagFilter { exclude_referrers: true, exclude_dates: true, exclude_epochs: true, ..all };
        assert!(plain_only.matches("latest", "d", t));
        assert!(!plain_only.matches("x-r1", "d", t));
    }
}
