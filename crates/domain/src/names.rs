//! Validated names, descriptions and registry identifiers ("parse, don't validate").
//!
//! Each type's constructor takes the client's field name so that a failure becomes a
//! `BadRequest` field violation naming exactly that field. The character rules for free text
//! live in [`crate::text`]: identity and role names must be readable and already in NFKC
//! form (refused, never rewritten), descriptions readable; group, repo and tag names and
//! digests follow ASCII patterns that admit no control, invisible or full-width character.

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use crate::error::{Error, Result};
use crate::text;

/// The group name pattern from the contract.
pub const GROUP_NAME_PATTERN: &str = "^[a-z0-9 ._-]{1,}$";
/// Longest accepted group, identity and role name.
pub const MAX_NAME_LEN: usize = 63;
/// Longest accepted description.
pub const MAX_DESCRIPTION_LEN: usize = 512;
/// The longest identity company, in characters.
pub const MAX_COMPANY_LEN: usize = 128;
/// Longest accepted terms document id, in characters.
pub const MAX_DOCUMENT_ID_LEN: usize = 128;
/// Longest accepted repository path.
pub const MAX_REPO_NAME_LEN: usize = 255;
/// The tag name pattern (OCI distribution).
pub const TAG_PATTERN: &str = "^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}$";
/// One component of an OCI repository path (unanchored; a repo name joins them with `/`).
pub const REPO_COMPONENT_PATTERN: &str = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
/// A content digest: `sha256:<64 lowercase hex>` or `sha512:<128 lowercase hex>`.
pub const DIGEST_PATTERN: &str = "^(?:sha256:[0-9a-f]{64}|sha512:[0-9a-f]{128})$";

#[allow(clippy::expect_used)]
fn compile(pattern: &str) -> Regex {
    Regex::new(pattern).expect("built-in pattern compiles")
}

static REPO_COMPONENT: LazyLock<Regex> = LazyLock::new(|| compile(&format!("^{REPO_COMPONENT_PATTERN}$")));
static TAG: LazyLock<Regex> = LazyLock::new(|| compile(TAG_PATTERN));
static DIGEST: LazyLock<Regex> = LazyLock::new(|| compile(DIGEST_PATTERN));

macro_rules! string_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(String);

        impl $name {
            /// The validated text.
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> Self {
                value.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }
    };
}

string_newtype!(
    /// A group name: `^[a-z0-9 ._-]{1,}$`, at most 63 characters.
    GroupName
);
string_newtype!(
    /// An identity or role name: 1 to 63 readable characters in NFKC form ([`text::check_name`]).
    DisplayName
);
string_newtype!(
    /// A description: up to 512 readable characters ([`text::check_readable`]).
    Description
);
string_newtype!(
    /// An identity's company: up to 128 readable characters, empty allowed.
    Company
);
string_newtype!(
    /// The id of a legal document whose terms a group accepts (`tos-2026-01`): 1 to 128
    /// readable characters ([`text::check_readable`]), no leading or trailing space.
    DocumentId
);
string_newtype!(
    /// An OCI repository path such as `team/nginx`.
    RepoName
);
string_newtype!(
    /// An OCI tag such as `latest` or `1.25.3-r0`.
    TagName
);
string_newtype!(
    /// A content digest, `sha256:<64 hex>` or `sha512:<128 hex>`.
    Digest
);

/// A name left empty: required, not a pattern mismatch (the pattern would only puzzle).
fn required(field: &str) -> Error {
    Error::invalid(field, format!("{field} is required"))
}

fn too_long(field: &str, max: usize) -> Error {
    Error::invalid(field, format!("{field} must be at most {max} characters"))
}

impl GroupName {
    /// Validates a group name given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when it does not match the pattern or is too long.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        // GROUP_NAME_PATTERN, checked byte by byte: every row of every group list passes here.
        let allowed = |b: u8| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b' ' | b'.' | b'_' | b'-');
        if s.is_empty() {
            return Err(required(field));
        }
        if !s.bytes().all(allowed) {
            return Err(Error::invalid(field, format!("{field} must match {GROUP_NAME_PATTERN}")));
        }
        // Only ASCII is allowed, so bytes are characters.
        if s.len() > MAX_NAME_LEN {
            return Err(too_long(field, MAX_NAME_LEN));
        }
        Ok(Self(s.to_owned()))
    }
}

impl DisplayName {
    /// Validates an identity or role name given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when empty, too long, not readable or not in NFKC form.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        Self::checked(field, s, text::check_name)
    }

    /// A name read back from a store, held only to the rules names were ever written under
    /// (before the readable and NFKC rules), so that older rows stay readable and renamable.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when empty, too long or not one line of text.
    pub fn from_stored(field: &str, s: &str) -> Result<Self> {
        Self::checked(field, s, text::check_one_line)
    }

    fn checked(field: &str, s: &str, characters: fn(&str, &str) -> Result<()>) -> Result<Self> {
        if s.trim().is_empty() {
            return Err(Error::invalid(field, format!("{field} is required")));
        }
        if s.chars().count() > MAX_NAME_LEN {
            return Err(too_long(field, MAX_NAME_LEN));
        }
        characters(field, s)?;
        Ok(Self(s.to_owned()))
    }
}

impl Description {
    /// Validates a description given in `field` (empty is allowed).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when too long or not readable.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        Self::checked(field, s, text::check_readable)
    }

    /// A description read back from a store, held only to the rules descriptions were ever
    /// written under, so that older rows stay readable.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when too long or not one line of text.
    pub fn from_stored(field: &str, s: &str) -> Result<Self> {
        Self::checked(field, s, text::check_one_line)
    }

    fn checked(field: &str, s: &str, characters: fn(&str, &str) -> Result<()>) -> Result<Self> {
        if s.chars().count() > MAX_DESCRIPTION_LEN {
            return Err(too_long(field, MAX_DESCRIPTION_LEN));
        }
        characters(field, s)?;
        Ok(Self(s.to_owned()))
    }

    /// A description known to be valid (built-in roles).
    #[must_use]
    pub(crate) fn from_static(s: &'static str) -> Self {
        Self(s.to_owned())
    }
}

impl Company {
    /// Validates a company given in `field` (empty is allowed).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when too long or not readable.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        Self::checked(field, s, text::check_readable)
    }

    /// A company read back from a store, held to the rules of one line of text.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when too long or not one line of text.
    pub fn from_stored(field: &str, s: &str) -> Result<Self> {
        Self::checked(field, s, text::check_one_line)
    }

    fn checked(field: &str, s: &str, characters: fn(&str, &str) -> Result<()>) -> Result<Self> {
        if s.chars().count() > MAX_COMPANY_LEN {
            return Err(too_long(field, MAX_COMPANY_LEN));
        }
        characters(field, s)?;
        Ok(Self(s.to_owned()))
    }
}

impl DocumentId {
    /// Validates a document id given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when empty, too long, not readable, or padded with spaces.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if s.is_empty() {
            return Err(Error::invalid(field, format!("{field} must not be empty")));
        }
        if s.chars().count() > MAX_DOCUMENT_ID_LEN {
            return Err(too_long(field, MAX_DOCUMENT_ID_LEN));
        }
        text::check_readable(field, s)?;
        if s.trim() != s {
            return Err(Error::invalid(field, format!("{field} must not begin or end with a space")));
        }
        Ok(Self(s.to_owned()))
    }

    /// A document id read back from a store (held to the rules it was written under).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when it breaks them.
    pub fn from_stored(field: &str, s: &str) -> Result<Self> {
        Self::parse(field, s)
    }
}

impl RepoName {
    /// Validates an OCI repository path given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when a component breaks the OCI rules or the path is too long.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if s.len() > MAX_REPO_NAME_LEN {
            return Err(too_long(field, MAX_REPO_NAME_LEN));
        }
        if s.is_empty() {
            return Err(required(field));
        }
        if !s.split('/').all(|c| REPO_COMPONENT.is_match(c)) {
            return Err(Error::invalid(
                field,
                format!("{field} must be lowercase path components [a-z0-9]+ separated by '.', '_', '__' or '-', joined by '/'"),
            ));
        }
        Ok(Self(s.to_owned()))
    }
}

impl TagName {
    /// Validates an OCI tag given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when it does not match the tag pattern.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if s.is_empty() {
            return Err(required(field));
        }
        if !TAG.is_match(s) {
            return Err(Error::invalid(field, format!("{field} must match {TAG_PATTERN}")));
        }
        Ok(Self(s.to_owned()))
    }
}

impl Digest {
    /// Validates a digest given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` unless it is `sha256:<64 hex>` or `sha512:<128 hex>`.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if !DIGEST.is_match(s) {
            return Err(Error::invalid(
                field,
                format!("{field} must be sha256:<64 lowercase hex> or sha512:<128 lowercase hex>"),
            ));
        }
        Ok(Self(s.to_owned()))
    }
}

/// A regular expression from a client, matched fully anchored.
#[derive(Debug, Clone)]
pub struct Pattern {
    source: String,
    anchored: Regex,
}

impl Pattern {
    /// Longest accepted pattern source.
    pub const MAX_LEN: usize = 1024;

    /// Compiles `s` given in `field`, anchored at both ends, with a bounded program size.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when it is empty, too long, holds a control character or is not a
    /// valid expression.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        Self::compiled(field, s, text::check_storable)
    }

    /// A pattern read back from a store, held only to the rules patterns were ever written
    /// under (before control characters were refused), so that older rows stay readable.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when it is empty, too long or not a valid expression.
    pub fn from_stored(field: &str, s: &str) -> Result<Self> {
        Self::compiled(field, s, |_, _| Ok(()))
    }

    fn compiled(field: &str, s: &str, characters: fn(&str, &str) -> Result<()>) -> Result<Self> {
        if s.is_empty() {
            return Err(Error::invalid(field, format!("{field} must not be empty")));
        }
        if s.len() > Self::MAX_LEN {
            return Err(too_long(field, Self::MAX_LEN));
        }
        characters(field, s)?;
        let anchored = regex::RegexBuilder::new(&format!("^(?:{s})$"))
            .size_limit(1 << 20)
            .build()
            .map_err(|_| Error::invalid(field, format!("{field} must be a valid regular expression")))?;
        Ok(Self { source: s.to_owned(), anchored })
    }

    /// The expression as the client wrote it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// True when the whole of `s` matches.
    #[must_use]
    pub fn matches(&self, s: &str) -> bool {
        self.anchored.is_match(s)
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for Pattern {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_name_accepts_exactly_what_the_contract_pattern_matches() {
        let pattern = Regex::new(GROUP_NAME_PATTERN).unwrap();
        let samples =
            (0u32..0x300).filter_map(char::from_u32).flat_map(|c| [c.to_string(), format!("a{c}b"), format!("{c}\n")]);
        for sample in samples.chain(["", "\n", "a\n", "ok name", "ok_name-1.2"].map(str::to_owned)) {
            assert_eq!(GroupName::parse("name", &sample).is_ok(), pattern.is_match(&sample), "{sample:?}");
        }
    }

    #[test]
    fn an_empty_name_is_said_to_be_required_not_a_pattern_mismatch() {
        for err in [
            GroupName::parse("name", "").unwrap_err(),
            RepoName::parse("name", "").unwrap_err(),
            TagName::parse("name", "").unwrap_err(),
        ] {
            assert_eq!(err.to_string(), "Invalid argument: name: name is required");
        }
    }

    #[test]
    fn group_name_follows_the_contract_pattern() {
        assert!(GroupName::parse("name", "platform team.v2_a-b").is_ok());
        let err = GroupName::parse("name", "Upper").unwrap_err();
        assert_eq!(err.to_string(), "Invalid argument: name: name must match ^[a-z0-9 ._-]{1,}$");
        assert!(GroupName::parse("name", "Upper").is_err());
        assert!(GroupName::parse("name", &"a".repeat(63)).is_ok());
        assert_eq!(
            GroupName::parse("name", &"a".repeat(64)).unwrap_err().to_string(),
            "Invalid argument: name: name must be at most 63 characters"
        );
    }

    #[test]
    fn display_names_are_printable_and_bounded() {
        assert!(DisplayName::parse("name", "CI Deployer (prod)").is_ok());
        assert!(DisplayName::parse("name", "").is_err());
        assert!(DisplayName::parse("name", "a\nb").is_err());
        assert!(DisplayName::parse("name", &"é".repeat(63)).is_ok());
    }

    #[test]
    fn descriptions_allow_empty_and_spaces_only() {
        assert!(Description::parse("description", "").is_ok());
        assert!(Description::parse("description", "a b c").is_ok());
        assert!(Description::parse("description", "tab\there").is_err());
        assert!(Description::parse("description", &"x".repeat(513)).is_err());
    }

    #[test]
    fn repo_names_follow_oci_rules() {
        for ok in ["nginx", "team/nginx", "a.b/c__d/e--f", "x1_y2"] {
            assert!(RepoName::parse("name", ok).is_ok(), "{ok}");
        }
        for bad in ["", "Nginx", "/nginx", "nginx/", "a//b", "-a", "a_", "a___b"] {
            assert!(RepoName::parse("name", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tags_and_digests_are_checked() {
        assert!(TagName::parse("name", "1.25.3-r0").is_ok());
        assert!(TagName::parse("name", ".hidden").is_err());
        assert!(Digest::parse("digest", &format!("sha256:{}", "a".repeat(64))).is_ok());
        assert!(Digest::parse("digest", "sha256:abc").is_err());
    }

    #[test]
    fn a_nul_is_refused_in_every_kind_of_name_description_digest_and_pattern() {
        let message = |r: Result<()>| r.unwrap_err().to_string();
        let nul = "Invalid argument: name: name must not contain control characters (found U+0000)";
        assert_eq!(message(DisplayName::parse("name", "a\0b").map(drop)), nul);
        assert_eq!(
            message(Description::parse("description", "a\0b").map(drop)),
            "Invalid argument: description: description must not contain control characters (found U+0000)"
        );
        assert_eq!(
            message(Pattern::parse("subjectPattern", "a\0.*").map(drop)),
            "Invalid argument: subjectPattern: subjectPattern must not contain control characters (found U+0000)"
        );
        assert!(GroupName::parse("name", "a\0b").is_err());
        assert!(RepoName::parse("name", "a\0b").is_err());
        assert!(TagName::parse("name", "a\0b").is_err());
        assert!(Digest::parse("digest", &format!("sha256:{}\0", "a".repeat(63))).is_err());
    }

    #[test]
    fn confusable_names_are_refused_and_plain_ones_kept() {
        for confusable in ["admin\u{200b}", "\u{202e}admin", "ａｄｍｉｎ", "adm\u{ad}in", "\u{feff}admin"] {
            assert!(DisplayName::parse("name", confusable).is_err(), "{confusable:?}");
            assert!(GroupName::parse("name", confusable).is_err(), "{confusable:?}");
            assert!(RepoName::parse("name", confusable).is_err(), "{confusable:?}");
            assert!(TagName::parse("name", confusable).is_err(), "{confusable:?}");
        }
        assert_eq!(
            DisplayName::parse("name", "ａｄｍｉｎ").unwrap_err().to_string(),
            "Invalid argument: name: name must be in Unicode normalization form NFKC; its NFKC form is \"admin\""
        );
        assert_eq!(
            Description::parse("description", "\u{202e}txt.exe").unwrap_err().to_string(),
            "Invalid argument: description: description must not contain invisible or formatting characters (found U+202E)"
        );
        for plain in ["admin", "CI Deployer (prod)", "Zoë Ünal", "ロボット"] {
            assert_eq!(DisplayName::parse("name", plain).unwrap().as_str(), plain);
        }
        assert_eq!(Description::parse("description", "ＣＩ ロボット").unwrap().as_str(), "ＣＩ ロボット");
    }

    #[test]
    fn names_descriptions_and_patterns_stored_before_the_stricter_rules_still_load() {
        for older in ["admin\u{200b}", "ａｄｍｉｎ", "\u{202e}admin"] {
            assert_eq!(DisplayName::from_stored("name", older).unwrap().as_str(), older);
            assert_eq!(Description::from_stored("description", older).unwrap().as_str(), older);
        }
        assert_eq!(Pattern::from_stored("p", "a\tb").unwrap().as_str(), "a\tb");
        assert!(Pattern::parse("p", "a\tb").is_err());
        assert!(DisplayName::from_stored("name", "a\nb").is_err());
        assert!(DisplayName::from_stored("name", " ").is_err());
        assert!(Description::from_stored("description", &"x".repeat(513)).is_err());
    }

    #[test]
    fn patterns_match_fully_anchored() {
        let p = Pattern::parse("subjectPattern", "repo:org/.*").unwrap();
        assert!(p.matches("repo:org/app"));
        assert!(!p.matches("xrepo:org/app"));
        let alt = Pattern::parse("p", "a|b").unwrap();
        assert!(!alt.matches("ab"));
        assert!(Pattern::parse("p", "(").is_err());
    }
}
