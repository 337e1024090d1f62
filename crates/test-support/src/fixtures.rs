//! Deterministic builders for store rows, and a clock tests control.
//!
//! Uids are derived from what a row is (kind, parent, name), so the same call always builds
//! the same uid, and they spread over the uid order independently of names and creation
//! order. Timestamps come from one process-wide counter that moves one second per built
//! row: later-built rows are strictly newer, so tests can rely on `created_at` order within
//! a test. Override the fields directly where a test needs ties or a specific value.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Mutex, PoisonError};

use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::model::{
    CatalogTier, ClaimMatch, Group, Identity, Matcher, Relationship, Repo, Role, RoleBinding, Tag,
};
use grove_domain::names::{Company, Description, Digest, DisplayName, GroupName, RepoName, TagName};
use grove_domain::ports::Clock;
use grove_domain::{Timestamp, Uidp};
use sha2::{Digest as _, Sha256};

/// The issuer every fixture identity matches exactly.
pub const ISSUER: &str = "https://issuer.example.com";

/// Unix milliseconds of [`base_time`]: 2026-11-18T11:06:40.000Z.
pub const BASE_TIME_MS: i64 = 1_795_000_000_000;

static TICKS: AtomicI64 = AtomicI64::new(1);

/// The fixed instant fixture times count from.
#[must_use]
pub fn base_time() -> Timestamp {
    at(0)
}

/// [`base_time`] plus `offset_ms` milliseconds.
///
/// # Panics
/// When the result is not a representable time (far outside any test's range).
#[must_use]
pub fn at(offset_ms: i64) -> Timestamp {
    Timestamp::from_unix_millis(BASE_TIME_MS + offset_ms).expect("fixture time is representable")
}

/// A time one second after the previous call's, process-wide (strictly increasing).
#[must_use]
pub fn next_time() -> Timestamp {
    at(TICKS.fetch_add(1, Ordering::Relaxed) * 1000)
}

fn hash_hex(parts: &[&str], bytes: usize) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hex::encode(&hasher.finalize()[..bytes])
}

/// The root uid fixtures give an organization called `name`.
///
/// # Panics
/// Never: the hash always has the uid's shape.
#[must_use]
pub fn root_uid(name: &str) -> Uidp {
    Uidp::parse(&hash_hex(&["root", name], 20)).expect("40 hex characters form a root uid")
}

/// The uid fixtures give a `kind` row (`group`, `identity`, …) called `name` below `parent`.
///
/// # Panics
/// Never: the hash always has the segment's shape.
#[must_use]
pub fn child_uid(parent: &Uidp, kind: &str, name: &str) -> Uidp {
    let segment = hash_hex(&[kind, parent.as_str(), name], 8);
    Uidp::parse(&format!("{parent}/{segment}")).expect("a parent uid and 16 hex characters form a uid")
}

fn description(text: &str) -> Description {
    Description::parse("description", text).expect("fixture description is valid")
}

/// A group called `name` below `parent`, or an organization when `parent` is `None`.
///
/// # Panics
/// When `name` is not a valid group name.
#[must_use]
pub fn group(parent: Option<&Uidp>, name: &str) -> Group {
    let now = next_time();
    Group {
        uid: parent.map_or_else(|| root_uid(name), |p| child_uid(p, "group", name)),
        name: GroupName::parse("name", name).expect("fixture group name is valid"),
        description: description(&format!("group {name}")),
        verified: false,
        create_time: now,
        update_time: now,
    }
}

/// An identity called `name` in `group`, matching tokens from [`ISSUER`] whose subject is
/// `name`.
///
/// # Panics
/// When `name` is not a valid identity name.
#[must_use]
pub fn identity(group: &Uidp, name: &str) -> Identity {
    let now = next_time();
    Identity {
        uid: child_uid(group, "identity", name),
        name: DisplayName::parse("name", name).expect("fixture identity name is valid"),
        description: description(&format!("identity {name}")),
        relationship: Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact(ISSUER.to_owned()),
            subject: Matcher::Exact(name.to_owned()),
            audience: None,
            claims: BTreeMap::new(),
            claim_patterns: BTreeMap::new(),
        }),
        company: Company::default(),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: String::new(),
        last_seen_time: None,
        create_time: now,
        update_time: now,
    }
}

/// A custom role called `name` in `group` granting `capabilities`.
///
/// # Panics
/// When `name` is not a valid role name.
#[must_use]
pub fn role(group: &Uidp, name: &str, capabilities: &[Capability]) -> Role {
    let now = next_time();
    Role {
        uid: child_uid(group, "role", name),
        name: DisplayName::parse("name", name).expect("fixture role name is valid"),
        description: description(&format!("role {name}")),
        capabilities: capabilities.iter().copied().collect::<CapabilitySet>(),
        create_time: now,
        update_time: now,
    }
}

/// A binding of `identity` to `role` in `group`.
#[must_use]
pub fn binding(group: &Uidp, identity: &Uidp, role: &Uidp) -> RoleBinding {
    RoleBinding {
        uid: child_uid(group, "binding", &format!("{identity} {role}")),
        identity_uid: identity.clone(),
        role_uid: role.clone(),
        create_time: next_time(),
    }
}

/// A repo called `name` in `group`, with no aliases, bundles or active tags.
///
/// # Panics
/// When `name` is not a valid repository path.
#[must_use]
pub fn repo(group: &Uidp, name: &str) -> Repo {
    let now = next_time();
    Repo {
        uid: child_uid(group, "repo", name),
        name: RepoName::parse("name", name).expect("fixture repo name is valid"),
        description: description(&format!("repo {name}")),
        aliases: Vec::new(),
        bundles: Vec::new(),
        active_tags: Vec::new(),
        catalog_tier: CatalogTier::Unspecified,
        readme: String::new(),
        sync_config: None,
        custom_overlay: None,
        create_time: now,
        update_time: now,
    }
}

/// A tag called `name` in `repo`, pointing at [`digest`]`(digest_hex_char)`.
///
/// # Panics
/// When `name` is not a valid tag or `digest_hex_char` is not a lowercase hex digit.
#[must_use]
pub fn tag(repo: &Uidp, name: &str, digest_hex_char: char) -> Tag {
    let now = next_time();
    Tag {
        uid: child_uid(repo, "tag", name),
        name: TagName::parse("name", name).expect("fixture tag name is valid"),
        digest: digest(digest_hex_char),
        deprecated: false,
        bundles: Vec::new(),
        create_time: now,
        update_time: now,
    }
}

/// `sha256:` followed by 64 copies of `hex_char`.
///
/// # Panics
/// When `hex_char` is not a lowercase hex digit.
#[must_use]
pub fn digest(hex_char: char) -> Digest {
    Digest::parse("digest", &format!("sha256:{}", hex_char.to_string().repeat(64))).expect("fixture digest is valid")
}

/// A [`Clock`] that stands still until told otherwise; share it as `Arc<FixedClock>`.
#[derive(Debug)]
pub struct FixedClock {
    now: Mutex<Timestamp>,
}

impl Default for FixedClock {
    fn default() -> Self {
        Self::new(base_time())
    }
}

impl FixedClock {
    /// A clock showing `now`.
    #[must_use]
    pub fn new(now: Timestamp) -> Self {
        Self { now: Mutex::new(now) }
    }

    /// Makes the clock show `now`.
    pub fn set(&self, now: Timestamp) {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner) = now;
    }

    /// Moves the clock forward by `millis` (backward when negative) and returns the new time.
    ///
    /// # Panics
    /// When the result is not a representable time.
    pub fn advance_millis(&self, millis: i64) -> Timestamp {
        let mut now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        *now = Timestamp::from_unix_millis(now.unix_millis() + millis).expect("advanced time is representable");
        *now
    }
}

impl Clock for FixedClock {
    fn now(&self) -> Timestamp {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The key-encryption keys test servers seal client secrets with.
///
/// # Panics
/// Never: the key id is valid.
#[must_use]
pub fn test_keyring() -> std::sync::Arc<grove_domain::secrets::SecretKeyring> {
    use grove_domain::secrets::{KeyEncryptionKey, SecretKeyring};
    let key = KeyEncryptionKey::new("test", [42; 32]).expect("a valid key id");
    std::sync::Arc::new(SecretKeyring::new(vec![key]).expect("one key"))
}

/// The client secret `sealed` for identity provider `uid` under [`test_keyring`].
///
/// # Panics
/// When it does not open under the test keyring.
#[must_use]
pub fn opened_secret(uid: &Uidp, sealed: &grove_domain::secrets::SealedSecret) -> String {
    test_keyring().open(uid, sealed).expect("the secret opens under the test keyring").expose().to_owned()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn builders_are_deterministic_and_nest_uids() {
        let org = group(None, "acme");
        assert_eq!(org.uid, group(None, "acme").uid);
        assert!(org.uid.is_root());
        let team = group(Some(&org.uid), "team");
        assert_eq!(team.uid.parent(), Some(org.uid.clone()));
        let repo = repo(&team.uid, "nginx");
        let tag = tag(&repo.uid, "latest", 'a');
        assert_eq!(tag.uid.parent(), Some(repo.uid.clone()));
        assert_eq!(tag.digest.as_str(), format!("sha256:{}", "a".repeat(64)));
        assert_ne!(identity(&org.uid, "x").uid, role(&org.uid, "x", &[]).uid);
    }

    #[test]
    fn later_fixtures_are_strictly_newer() {
        let first = group(None, "a");
        let second = group(None, "b");
        assert!(second.create_time > first.create_time);
    }

    #[test]
    fn fixed_clock_is_settable_and_advanceable() {
        let clock = Arc::new(FixedClock::default());
        let shared: Arc<dyn Clock> = clock.clone();
        assert_eq!(shared.now(), base_time());
        assert_eq!(clock.advance_millis(1500), at(1500));
        assert_eq!(shared.now(), at(1500));
        clock.set(at(-10));
        assert_eq!(shared.now().to_string(), "2026-11-18T11:06:39.990Z");
    }
}
