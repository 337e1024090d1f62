//! Identity providers (an organization's own OIDC login) and the mappings from the groups
//! their tokens name to roles.
//!
//! The client secret is write-only: a request's secret lives in [`ClientSecret`], which
//! neither prints (its `Debug` shows `<redacted>`), nor serializes, nor converts to any wire
//! message; the service seals it ([`crate::secrets`]) before a store sees it, so a provider
//! holds a [`SealedSecret`], opened only for the token request of a server-side login.

use std::fmt;

use crate::error::{Error, Result};
use crate::names::{Description, DisplayName};
use crate::secrets::SealedSecret;
use crate::text;
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// Longest accepted issuer URL.
pub const MAX_ISSUER_LEN: usize = 1024;
/// Longest accepted client id, groups claim and scope.
pub const MAX_CLIENT_ID_LEN: usize = 255;
/// Longest accepted client secret.
pub const MAX_CLIENT_SECRET_LEN: usize = 1024;
/// The most additional scopes a provider may request.
pub const MAX_ADDITIONAL_SCOPES: usize = 32;
/// Longest accepted external group id.
pub const MAX_EXTERNAL_GROUP_ID_LEN: usize = 255;

/// An OIDC client secret. Never shown: `Debug` prints `<redacted>`, and there is no
/// `Display`, `Serialize` or wire conversion.
#[derive(Clone, PartialEq, Eq)]
pub struct ClientSecret(String);

impl ClientSecret {
    /// Validates a secret given in `field` (the message never repeats the value).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when empty, too long or holding a control character.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if s.is_empty() {
            return Err(Error::invalid(field, format!("{field} must not be empty")));
        }
        if s.chars().count() > MAX_CLIENT_SECRET_LEN {
            return Err(Error::invalid(field, format!("{field} must be at most {MAX_CLIENT_SECRET_LEN} characters")));
        }
        if s.chars().any(char::is_control) {
            return Err(Error::invalid(field, format!("{field} must not contain control characters")));
        }
        Ok(Self(s.to_owned()))
    }

    /// A secret opened from its sealed form.
    #[must_use]
    pub fn from_stored(s: String) -> Self {
        Self(s)
    }

    /// The secret itself: only for sealing and for the token request of a login.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ClientSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ClientSecret(<redacted>)")
    }
}

/// How a login is linked to a SCIM-provisioned user (fixed at creation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CorrelationRule {
    /// `CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID` (1), also what `UNSPECIFIED` (0) means.
    #[default]
    SubEqualsExternalId,
    /// `CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID` (2).
    OidEqualsExternalId,
}

impl CorrelationRule {
    /// The public enum number.
    #[must_use]
    pub const fn number(self) -> i32 {
        match self {
            Self::SubEqualsExternalId => 1,
            Self::OidEqualsExternalId => 2,
        }
    }

    /// The rule of a public enum number; 0 (`UNSPECIFIED`) is `SUB_EQUALS_EXTERNAL_ID`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `field` for any other number.
    pub fn from_number(field: &str, n: i32) -> Result<Self> {
        match n {
            0 | 1 => Ok(Self::SubEqualsExternalId),
            2 => Ok(Self::OidEqualsExternalId),
            _ => Err(Error::invalid(field, format!("{field} {n} is not a correlation rule"))),
        }
    }
}

/// An OIDC issuer URL: `https://host[:port][/path]`, or `http://` to a loopback host (a
/// provider on the same machine, for development and tests). No credentials, query or
/// fragment.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IssuerUrl(String);

impl IssuerUrl {
    /// Validates an issuer given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the rule it breaks.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        let bad = |why: &str| Error::invalid(field, format!("{field} {why}"));
        if s.is_empty() {
            return Err(bad("is required"));
        }
        if s.len() > MAX_ISSUER_LEN {
            return Err(bad(&format!("must be at most {MAX_ISSUER_LEN} characters")));
        }
        if !s.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(bad("must be an ASCII URL without spaces or control characters"));
        }
        let (scheme, rest) = s.split_once("://").ok_or_else(|| bad("must be an absolute https:// URL"))?;
        if rest.contains(['?', '#']) {
            return Err(bad("must not have a query or fragment"));
        }
        let authority = rest.split('/').next().unwrap_or_default();
        if authority.contains('@') {
            return Err(bad("must not carry credentials"));
        }
        let host = match authority.strip_prefix('[') {
            Some(v6) => v6.split(']').next().unwrap_or_default(),
            None => authority.split(':').next().unwrap_or_default(),
        };
        if host.is_empty() {
            return Err(bad("must name a host"));
        }
        let loopback =
            host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
        match scheme {
            "https" => Ok(Self(s.to_owned())),
            "http" if loopback => Ok(Self(s.to_owned())),
            _ => Err(bad("must use https:// (plain http only to a loopback host)")),
        }
    }

    /// An issuer read back from a store (checked when it was written).
    #[must_use]
    pub fn from_stored(s: String) -> Self {
        Self(s)
    }

    /// The URL text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Checks a short token-like text (client id, groups claim): readable, no surrounding
/// spaces, at most [`MAX_CLIENT_ID_LEN`] characters; empty only when `may_be_empty`.
///
/// # Errors
/// `INVALID_ARGUMENT` on `field`.
pub fn check_short_text(field: &str, s: &str, may_be_empty: bool) -> Result<String> {
    if s.is_empty() {
        if may_be_empty {
            return Ok(String::new());
        }
        return Err(Error::invalid(field, format!("{field} is required")));
    }
    if s.chars().count() > MAX_CLIENT_ID_LEN {
        return Err(Error::invalid(field, format!("{field} must be at most {MAX_CLIENT_ID_LEN} characters")));
    }
    text::check_readable(field, s)?;
    if s.trim() != s {
        return Err(Error::invalid(field, format!("{field} must not begin or end with a space")));
    }
    Ok(s.to_owned())
}

/// Checks OAuth scope names (RFC 6749 `scope-token`: printable ASCII without space, `"` or
/// `\`), at most [`MAX_ADDITIONAL_SCOPES`], without duplicates.
///
/// # Errors
/// `INVALID_ARGUMENT` on `field`.
pub fn check_scopes(field: &str, scopes: &[String]) -> Result<Vec<String>> {
    if scopes.len() > MAX_ADDITIONAL_SCOPES {
        return Err(Error::invalid(field, format!("{field} may hold at most {MAX_ADDITIONAL_SCOPES} scopes")));
    }
    let mut out: Vec<String> = Vec::with_capacity(scopes.len());
    for scope in scopes {
        let valid = !scope.is_empty()
            && scope.len() <= MAX_CLIENT_ID_LEN
            && scope.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\');
        if !valid {
            return Err(Error::invalid(
                field,
                format!("{field} must be scope names of printable ASCII without spaces, quotes or backslashes"),
            ));
        }
        if out.contains(scope) {
            return Err(Error::invalid(field, format!("{field} names {scope:?} twice")));
        }
        out.push(scope.clone());
    }
    Ok(out)
}

/// An identity provider's OIDC client settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oidc {
    /// The provider's issuer (its discovery document lives below it).
    pub issuer: IssuerUrl,
    /// Grove's client id at the provider.
    pub client_id: String,
    /// The client secret, sealed; `None` for a public client using PKCE. A provider with a
    /// secret is a confidential client: people log in through it server-side.
    pub client_secret: Option<SealedSecret>,
    /// Scopes requested besides `openid`.
    pub additional_scopes: Vec<String>,
    /// The claim carrying group memberships; empty skips group extraction.
    pub groups_claim: String,
    /// How a login is linked to a provisioned user; fixed at creation.
    pub correlation_rule: CorrelationRule,
    /// Whether logins use PKCE.
    pub pkce_enabled: bool,
}

/// An organization's own login provider, living in a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityProvider {
    /// `<group uid>/<16 hex>`.
    pub uid: Uidp,
    /// Its name, unique within its group.
    pub name: DisplayName,
    /// Free text.
    pub description: Description,
    /// The role granted (at the provider's group) to a person on the first login.
    pub default_role: Uidp,
    /// The OIDC client settings.
    pub oidc: Oidc,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

impl IdentityProvider {
    /// The group it lives in.
    #[must_use]
    pub fn group_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

/// An identity provider as Get and List answer it: with its SCIM state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityProviderView {
    /// The provider.
    pub provider: IdentityProvider,
    /// Its SCIM state at the time of the read.
    pub scim: super::ScimStatus,
}

/// An upstream group id as a provider's groups claim names it: 1 to 255 readable
/// characters, no surrounding spaces.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExternalGroupId(String);

impl ExternalGroupId {
    /// Validates an external group id given in `field`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when empty, too long, not readable or padded with spaces.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if s.chars().count() > MAX_EXTERNAL_GROUP_ID_LEN {
            return Err(Error::invalid(
                field,
                format!("{field} must be at most {MAX_EXTERNAL_GROUP_ID_LEN} characters"),
            ));
        }
        check_short_text(field, s, false).map(Self)
    }

    /// The id text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ExternalGroupId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Members of an upstream group who log in through an identity provider get a role at a
/// scope. Immutable: a change is a delete and a create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalGroupRoleMapping {
    /// `<identity provider uid>/<16 hex>`: the provider is the parent.
    pub uid: Uidp,
    /// The upstream group (a value of the provider's groups claim).
    pub external_group_id: ExternalGroupId,
    /// The role granted.
    pub role_uid: Uidp,
    /// The group the role is granted at: the provider's group or a group below it.
    pub scope: Uidp,
    /// When it was created.
    pub create_time: Timestamp,
}

impl ExternalGroupRoleMapping {
    /// The identity provider it belongs to.
    #[must_use]
    pub fn identity_provider_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

/// Where the external groups of a person that the mappings are applied to were read.
/// Each source keeps its own record of the bindings it made, so that a login's groups claim
/// and SCIM group membership never undo each other's grants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupSource {
    /// The groups claim of an ID token at a login through the provider.
    Login,
    /// The provider's SCIM groups the person is a member of.
    Scim,
}

impl GroupSource {
    /// The stored number.
    #[must_use]
    pub const fn number(self) -> i16 {
        match self {
            Self::Login => 1,
            Self::Scim => 2,
        }
    }

    /// The source of a stored number.
    #[must_use]
    pub const fn from_number(n: i16) -> Option<Self> {
        match n {
            1 => Some(Self::Login),
            2 => Some(Self::Scim),
            _ => None,
        }
    }
}

/// Grove's record that an external group role mapping made (or shares) a role binding of a
/// person, from one [`GroupSource`]. Only bindings with such a record are ever removed by
/// the mappings: a binding made by hand has none. The record goes with its binding.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MappedBinding {
    /// The role binding.
    pub binding_uid: Uidp,
    /// The mapping that asked for it (it may have been deleted since).
    pub mapping_uid: Uidp,
    /// The person it binds.
    pub identity_uid: Uidp,
    /// Which of the person's external groups asked for it.
    pub source: GroupSource,
}

impl MappedBinding {
    /// The identity provider of its mapping.
    #[must_use]
    pub fn identity_provider_uid(&self) -> Uidp {
        self.mapping_uid.parent().unwrap_or_else(|| self.mapping_uid.clone())
    }
}

/// What one `BatchDeleteExternalGroupRoleMappings` removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappingsDeleted {
    /// The identity provider.
    pub parent: Uidp,
    /// The mappings deleted, in request order.
    pub mappings: Vec<ExternalGroupRoleMapping>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_secret_never_prints() {
        let secret = ClientSecret::parse("oidc.clientSecret", "s3cr3t-value").unwrap();
        assert_eq!(format!("{secret:?}"), "ClientSecret(<redacted>)");
        let err = ClientSecret::parse("oidc.clientSecret", "bad\nsecret").unwrap_err();
        assert!(!err.to_string().contains("bad"), "{err}");
    }

    #[test]
    fn issuers_are_https_or_loopback_http() {
        for ok in ["https://login.example.com", "https://a.example/tenant/v2.0", "http://127.0.0.1:5556/dex"] {
            assert!(IssuerUrl::parse("oidc.issuer", ok).is_ok(), "{ok}");
        }
        for (bad, why) in [
            ("", "oidc.issuer is required"),
            ("login.example.com", "oidc.issuer must be an absolute https:// URL"),
            ("http://login.example.com", "oidc.issuer must use https:// (plain http only to a loopback host)"),
            ("https://u:p@login.example.com", "oidc.issuer must not carry credentials"),
            ("https://login.example.com/?a=b", "oidc.issuer must not have a query or fragment"),
            ("https:///path", "oidc.issuer must name a host"),
        ] {
            assert_eq!(
                IssuerUrl::parse("oidc.issuer", bad).unwrap_err().to_string(),
                format!("Invalid argument: oidc.issuer: {why}"),
                "{bad}"
            );
        }
    }

    #[test]
    fn correlation_rule_zero_means_sub_and_unknown_numbers_are_refused() {
        assert_eq!(CorrelationRule::from_number("r", 0), Ok(CorrelationRule::SubEqualsExternalId));
        assert_eq!(CorrelationRule::from_number("r", 2), Ok(CorrelationRule::OidEqualsExternalId));
        assert!(CorrelationRule::from_number("r", 3).is_err());
    }

    #[test]
    fn scopes_are_scope_tokens_without_duplicates() {
        assert_eq!(check_scopes("s", &["email".into(), "groups".into()]).unwrap(), ["email", "groups"]);
        assert!(check_scopes("s", &["two words".into()]).is_err());
        assert!(check_scopes("s", &["email".into(), "email".into()]).is_err());
        assert!(check_scopes("s", &[String::new()]).is_err());
    }
}
