//! UID paths: the slash-separated identifiers that place every resource in the group tree.
//!
//! A root (organization, built-in role) is 40 lowercase hex characters; each nested
//! resource appends `/` and 16 lowercase hex characters to its parent's uid.

use std::fmt;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::error::Error;

/// The shape of every uid as a regular expression, for documents such as OpenAPI; parsing
/// itself ([`Uidp::parse`]) needs no regex.
pub const UID_PATTERN: &str = "^[0-9a-f]{40}(/[0-9a-f]{16})*$";

const ROOT_LEN: usize = 40;
const SEGMENT_LEN: usize = 16;

/// A parsed, valid UID path.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Uidp(String);

/// Why a string is not a UID path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters")]
pub struct UidpError;

/// Whether every byte is a lowercase hex digit. Looks at every byte (no early exit), which
/// lets the compiler check several at once: a list reads a uid from every row.
fn all_lower_hex(bytes: &[u8]) -> bool {
    bytes.iter().fold(true, |ok, &b| ok & matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Whether `s` is `^[0-9a-f]{40}(/[0-9a-f]{16})*$`.
fn is_uidp(s: &str) -> bool {
    let Some((root, below)) = s.as_bytes().split_at_checked(ROOT_LEN) else {
        return false;
    };
    below.len() % (SEGMENT_LEN + 1) == 0
        && all_lower_hex(root)
        && below.chunks_exact(SEGMENT_LEN + 1).all(|segment| segment[0] == b'/' && all_lower_hex(&segment[1..]))
}

impl Uidp {
    /// Parses `s` strictly against `^[0-9a-f]{40}(/[0-9a-f]{16})*$`.
    ///
    /// # Errors
    /// [`UidpError`] when `s` has any other shape.
    pub fn parse(s: &str) -> Result<Self, UidpError> {
        Self::try_from(s.to_owned())
    }

    /// Parses a uid that arrived in the request field `field`, as an `INVALID_ARGUMENT`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming `field` when `s` is not a uid.
    pub fn parse_field(field: &str, s: &str) -> Result<Self, Error> {
        Self::parse(s).map_err(|e| Error::invalid(field, format!("{field} {e}")))
    }

    /// A fresh random root uid (20 random bytes).
    #[must_use]
    pub fn random_root() -> Self {
        let mut bytes = [0u8; ROOT_LEN / 2];
        rand::thread_rng().fill_bytes(&mut bytes);
        Self(hex::encode(bytes))
    }

    /// The root-level uid of the person `subject` of the OIDC issuer `issuer`: the first 20
    /// bytes of SHA-256 over `issuer`, a NUL, and `subject`. Deterministic, so that
    /// LookupIdentity can name a person before their first login (bindings may be made ahead)
    /// and the login that registers them creates exactly that uid.
    #[must_use]
    pub fn person(issuer: &str, subject: &str) -> Self {
        use sha2::{Digest as _, Sha256};
        let digest = Sha256::new().chain_update(issuer).chain_update([0u8]).chain_update(subject).finalize();
        Self(hex::encode(&digest[..ROOT_LEN / 2]))
    }

    /// The root-level uid of the person `external_id` of the organization's identity provider
    /// `provider`: the first 20 bytes of SHA-256 over a label, the provider's uid and the
    /// external id, NUL-separated. It depends on the provider, not on its issuer or client id,
    /// so that no other provider (even one of another organization configured with the same
    /// issuer and client id) can ever yield this person; and the label keeps it apart from
    /// every [`Self::person`] uid (an issuer is a URL, which holds no NUL).
    #[must_use]
    pub fn provider_person(provider: &Uidp, external_id: &str) -> Self {
        use sha2::{Digest as _, Sha256};
        let digest = Sha256::new()
            .chain_update(b"grove provider person\0")
            .chain_update(provider.as_str())
            .chain_update([0u8])
            .chain_update(external_id)
            .finalize();
        Self(hex::encode(&digest[..ROOT_LEN / 2]))
    }

    /// The child of `self` named by `label`: the first 8 bytes of the SHA-256 of `label`
    /// (deterministic, for resources whose own id is not a uid segment).
    #[must_use]
    pub fn hashed_child(&self, label: &str) -> Self {
        use sha2::{Digest as _, Sha256};
        let digest = Sha256::digest(label.as_bytes());
        Self(format!("{}/{}", self.0, hex::encode(&digest[..SEGMENT_LEN / 2])))
    }

    /// A fresh random child of `self` (8 random bytes).
    #[must_use]
    pub fn random_child(&self) -> Self {
        let mut bytes = [0u8; SEGMENT_LEN / 2];
        rand::thread_rng().fill_bytes(&mut bytes);
        Self(format!("{}/{}", self.0, hex::encode(bytes)))
    }

    /// The uid as a string.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The parent uid, or `None` for a root.
    #[must_use]
    pub fn parent(&self) -> Option<Self> {
        self.0.rsplit_once('/').map(|(parent, _)| Self(parent.to_owned()))
    }

    /// This uid, then its parent, and so on up to its organization.
    pub fn self_and_ancestors(&self) -> impl Iterator<Item = Self> {
        std::iter::successors(Some(self.clone()), Self::parent)
    }

    /// The organization (first segment) this uid belongs to.
    #[must_use]
    pub fn root(&self) -> Self {
        Self(self.0[..ROOT_LEN].to_owned())
    }

    /// True for a single-segment uid (organizations, built-in roles).
    #[must_use]
    pub fn is_root(&self) -> bool {
        self.0.len() == ROOT_LEN
    }

    /// Number of segments (1 for a root).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.0.bytes().filter(|b| *b == b'/').count() + 1
    }

    /// True when `self` lies strictly below `ancestor`.
    #[must_use]
    pub fn is_descendant_of(&self, ancestor: &Self) -> bool {
        self.0.len() > ancestor.0.len()
            && self.0.starts_with(&ancestor.0)
            && self.0.as_bytes()[ancestor.0.len()] == b'/'
    }

    /// True when `self` is `other` or lies below it.
    #[must_use]
    pub fn is_self_or_descendant_of(&self, other: &Self) -> bool {
        self == other || self.is_descendant_of(other)
    }

    /// Builds a uid from a string known to be valid (test fixtures, fixed built-in uids).
    ///
    /// # Panics
    /// When `s` is not a uid; only for constants checked by tests.
    #[must_use]
    #[allow(clippy::expect_used)]
    pub fn from_static(s: &'static str) -> Self {
        Self::parse(s).expect("static uid must be valid")
    }
}

impl fmt::Display for Uidp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Uidp {
    type Error = UidpError;
    /// As [`Uidp::parse`], keeping `s` rather than copying it.
    fn try_from(s: String) -> Result<Self, UidpError> {
        if !is_uidp(&s) {
            return Err(UidpError);
        }
        Ok(Self(s))
    }
}

impl From<Uidp> for String {
    fn from(u: Uidp) -> Self {
        u.0
    }
}

impl AsRef<str> for Uidp {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = "0123456789abcdef0123456789abcdef01234567";

    #[test]
    fn self_and_ancestors_runs_from_the_uid_up_to_its_organization() {
        let org = Uidp::from_static(ROOT);
        let child = org.random_child();
        let grandchild = child.random_child();
        assert_eq!(grandchild.self_and_ancestors().collect::<Vec<_>>(), vec![grandchild.clone(), child, org.clone()]);
        assert_eq!(org.self_and_ancestors().collect::<Vec<_>>(), vec![org]);
    }

    #[test]
    fn a_person_uid_is_a_root_uid_fixed_by_issuer_and_subject() {
        let uid = Uidp::person("https://issuer.example", "alice");
        assert!(uid.is_root());
        assert_eq!(uid, Uidp::parse(uid.as_str()).unwrap());
        assert_eq!(uid, Uidp::person("https://issuer.example", "alice"));
        assert_ne!(uid, Uidp::person("https://issuer.example", "bob"));
        // The separator keeps ("ab", "c") and ("a", "bc") apart.
        assert_ne!(Uidp::person("ab", "c"), Uidp::person("a", "bc"));
    }

    #[test]
    fn a_provider_person_uid_depends_on_the_provider_and_never_equals_a_person_uid() {
        let (a, b) = (Uidp::random_root().random_child(), Uidp::random_root().random_child());
        let uid = Uidp::provider_person(&a, "alice");
        assert!(uid.is_root());
        assert_eq!(uid, Uidp::provider_person(&a, "alice"));
        assert_ne!(uid, Uidp::provider_person(&b, "alice"), "another provider yields another person");
        assert_ne!(uid, Uidp::provider_person(&a, "bob"));
        assert_ne!(uid, Uidp::person(a.as_str(), "alice"));
    }

    #[test]
    fn the_published_pattern_accepts_exactly_what_parse_accepts() {
        let pattern = regex::Regex::new(UID_PATTERN).unwrap();
        let samples = [
            ROOT.to_owned(),
            format!("{ROOT}/0123456789abcdef"),
            format!("{ROOT}/0123456789abcdef/fedcba9876543210"),
            format!("{ROOT}/"),
            format!("{ROOT}/0123456789ABCDEF"),
            format!("{ROOT}/0123456789abcde"),
            ROOT[1..].to_owned(),
            String::new(),
            format!("{ROOT}\n"),
        ];
        for s in samples {
            assert_eq!(pattern.is_match(&s), Uidp::parse(&s).is_ok(), "{s:?}");
        }
    }

    #[test]
    fn parse_agrees_with_the_pattern_on_every_one_character_change_and_every_truncation() {
        let pattern = regex::Regex::new(UID_PATTERN).unwrap();
        let uid = format!("{ROOT}/0123456789abcdef/fedcba9876543210");
        let mut samples: Vec<String> = (0..=uid.len()).map(|len| uid[..len].to_owned()).collect();
        for at in 0..uid.len() {
            for c in (0u8..0x80).map(char::from).chain(['é']) {
                let mut changed = uid.clone();
                changed.replace_range(at..=at, c.encode_utf8(&mut [0; 4]));
                samples.push(changed);
            }
            samples.push(format!("{}/{}", &uid[..at], &uid[at..]));
        }
        for s in samples {
            let expected = pattern.is_match(&s);
            assert_eq!(Uidp::parse(&s).is_ok(), expected, "{s:?}");
            assert_eq!(Uidp::try_from(s.clone()).map(String::from), if expected { Ok(s) } else { Err(UidpError) });
        }
    }

    #[test]
    fn parses_root_and_nested_uids() {
        assert!(Uidp::parse(ROOT).is_ok());
        assert!(Uidp::parse(&format!("{ROOT}/0123456789abcdef")).is_ok());
        assert!(Uidp::parse(&format!("{ROOT}/0123456789abcdef/fedcba9876543210")).is_ok());
    }

    #[test]
    fn rejects_malformed_uids() {
        for bad in [
            "",
            "/",
            "abc",
            &ROOT.to_uppercase(),
            &format!("{ROOT}/"),
            &format!("{ROOT}/0123"),
            &format!("{ROOT}//0123456789abcdef"),
            &format!("/{ROOT}"),
            &format!("{ROOT}/0123456789abcdeg"),
            &format!("{ROOT} "),
            "../etc/passwd",
        ] {
            assert_eq!(Uidp::parse(bad), Err(UidpError), "{bad:?}");
        }
    }

    #[test]
    fn hierarchy_helpers_agree() {
        let org = Uidp::from_static(ROOT);
        let child = org.random_child();
        let grandchild = child.random_child();
        assert_eq!(child.parent(), Some(org.clone()));
        assert_eq!(org.parent(), None);
        assert!(grandchild.is_descendant_of(&org));
        assert!(!org.is_descendant_of(&org));
        assert!(org.is_self_or_descendant_of(&org));
        assert_eq!(grandchild.root(), org);
        assert_eq!(grandchild.depth(), 3);
        let sibling_prefix = Uidp::parse(&format!("{}0", &ROOT[..39])).unwrap();
        assert!(!sibling_prefix.is_descendant_of(&org));
    }

    #[test]
    fn random_uids_are_valid() {
        let root = Uidp::random_root();
        assert!(Uidp::parse(root.as_str()).is_ok());
        assert!(Uidp::parse(root.random_child().as_str()).is_ok());
    }
}
