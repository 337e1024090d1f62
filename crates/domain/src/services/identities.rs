//! Identity operations and the validation of claim-match, static-key and AWS relationships.

use std::collections::BTreeMap;

use chrono::Duration;

use std::sync::Arc;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::Error;
use crate::error::Result;
use crate::events::EventType;
use crate::grants_cache::GrantsCache;
use crate::listing::{ListFilter, Page, PageRequest, SortField};
use crate::model::{
    AwsIdentity, ClaimMatch, Identity, IdentityMetadata, IdentityMetadataView, Matcher, Relationship, ServicePrincipal,
    StaticKeys,
};
use crate::names::{Company, Description, DisplayName, Pattern};
use crate::text::{check_readable, check_storable};
use crate::time::Timestamp;
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
/// Longest a static-keys identity may stay valid, and its default.
pub const STATIC_KEYS_MAX_DAYS: i64 = 365;
const MAX_CLAIM_TEXT: usize = 1024;
const MAX_JWKS_LEN: usize = 64 * 1024;

/// Identity fields from a client; `None` means "not given" (unchanged on update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IdentityInput {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `company`.
    pub company: Option<String>,
    /// `claimMatch`, `staticKeys`, `awsIdentity` or `servicePrincipal`.
    pub relationship: Option<RelationshipInput>,
}

/// The relationship as the client sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelationshipInput {
    /// `claimMatch`, whole.
    ClaimMatch(ClaimMatchInput),
    /// Some fields of the identity's existing `claimMatch` (update-mask paths such as
    /// `claim_match.subject_pattern`); the others keep their values.
    ClaimMatchFields(ClaimMatchPatch),
    /// `staticKeys`, whole.
    StaticKeys(StaticKeysInput),
    /// Some fields of the identity's existing `staticKeys` (update-mask paths such as
    /// `static_keys.issuer_keys`); the others keep their values.
    StaticKeysFields(StaticKeysPatch),
    /// `awsIdentity`, whole.
    AwsIdentity(AwsIdentityInput),
    /// Some fields of the identity's existing `awsIdentity` (update-mask paths such as
    /// `aws_identity.arn_pattern`); the others keep their values.
    AwsIdentityFields(AwsIdentityPatch),
    /// `servicePrincipal`: the enum name (with or without its `SERVICE_PRINCIPAL_` prefix)
    /// or number, as sent.
    ServicePrincipal(String),
}

/// A field of `claimMatch` an update mask may name on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimMatchField {
    /// `issuer`.
    Issuer,
    /// `issuer_pattern`.
    IssuerPattern,
    /// `subject`.
    Subject,
    /// `subject_pattern`.
    SubjectPattern,
    /// `audience`.
    Audience,
    /// `audience_pattern`.
    AudiencePattern,
    /// `claims`.
    Claims,
    /// `claim_patterns`.
    ClaimPatterns,
}

impl ClaimMatchField {
    /// Every field, in proto order.
    pub const ALL: [Self; 8] = [
        Self::Issuer,
        Self::IssuerPattern,
        Self::Subject,
        Self::SubjectPattern,
        Self::Audience,
        Self::AudiencePattern,
        Self::Claims,
        Self::ClaimPatterns,
    ];

    /// The proto (snake_case) name.
    #[must_use]
    pub const fn proto_name(self) -> &'static str {
        match self {
            Self::Issuer => "issuer",
            Self::IssuerPattern => "issuer_pattern",
            Self::Subject => "subject",
            Self::SubjectPattern => "subject_pattern",
            Self::Audience => "audience",
            Self::AudiencePattern => "audience_pattern",
            Self::Claims => "claims",
            Self::ClaimPatterns => "claim_patterns",
        }
    }

    /// The JSON (lowerCamel) name.
    #[must_use]
    pub const fn json_name(self) -> &'static str {
        match self {
            Self::Issuer => "issuer",
            Self::IssuerPattern => "issuerPattern",
            Self::Subject => "subject",
            Self::SubjectPattern => "subjectPattern",
            Self::Audience => "audience",
            Self::AudiencePattern => "audiencePattern",
            Self::Claims => "claims",
            Self::ClaimPatterns => "claimPatterns",
        }
    }

    /// Looks a field up by its proto name.
    #[must_use]
    pub fn from_proto_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.proto_name() == name)
    }

    /// The field an update-mask path names when it is `claim_match.<field>` (proto or
    /// lowerCamel spelling: `claimMatch.subjectPattern`); `Ok(None)` for any other path.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `update_mask` for a `claim_match.` path that names no field of it.
    pub fn from_mask_path(path: &str) -> Result<Option<Self>> {
        nested_mask_field(path, ("claim_match", "claimMatch"), &Self::ALL, Self::proto_name, Self::json_name)
    }

    /// Splits the `claim_match.<field>` paths off update-mask `paths`: the fields they name,
    /// and the other paths, in order.
    ///
    /// # Errors
    /// As [`Self::from_mask_path`].
    pub fn split_mask<'a>(paths: impl IntoIterator<Item = &'a str>) -> Result<(Vec<Self>, Vec<&'a str>)> {
        let mut fields = Vec::new();
        let mut rest = Vec::new();
        for path in paths {
            match Self::from_mask_path(path)? {
                Some(field) => fields.push(field),
                None => rest.push(path),
            }
        }
        Ok((fields, rest))
    }
}

/// The field of `message` (`(proto name, JSON name)`) that an update-mask path names when
/// it is `<message>.<field>` in proto or lowerCamel spelling; `Ok(None)` for any other path.
fn nested_mask_field<F: Copy>(
    path: &str,
    message: (&str, &str),
    all: &[F],
    proto_name: fn(F) -> &'static str,
    json_name: fn(F) -> &'static str,
) -> Result<Option<F>> {
    let snake = crate::params::snake_case(path.trim());
    let Some(sub) = snake.strip_prefix(message.0).and_then(|rest| rest.strip_prefix('.')) else { return Ok(None) };
    all.iter().copied().find(|f| proto_name(*f) == sub).map(Some).ok_or_else(|| {
        let names: Vec<String> = all.iter().map(|f| format!("{}.{}", message.1, json_name(*f))).collect();
        Error::invalid(
            "update_mask",
            format!(
                "update_mask path {:?} is not a field of {}; use one of {}",
                path.trim(),
                message.1,
                names.join(", ")
            ),
        )
    })
}

/// A field of `staticKeys` an update mask may name on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaticKeysField {
    /// `issuer`.
    Issuer,
    /// `subject`.
    Subject,
    /// `issuer_keys`.
    IssuerKeys,
    /// `expiration_time`.
    ExpirationTime,
    /// `audiences`.
    Audiences,
}

impl StaticKeysField {
    /// Every field, in proto order.
    pub const ALL: [Self; 5] = [Self::Issuer, Self::Subject, Self::IssuerKeys, Self::ExpirationTime, Self::Audiences];

    /// The proto (snake_case) name.
    #[must_use]
    pub const fn proto_name(self) -> &'static str {
        match self {
            Self::Issuer => "issuer",
            Self::Subject => "subject",
            Self::IssuerKeys => "issuer_keys",
            Self::ExpirationTime => "expiration_time",
            Self::Audiences => "audiences",
        }
    }

    /// The JSON (lowerCamel) name.
    #[must_use]
    pub const fn json_name(self) -> &'static str {
        match self {
            Self::Issuer => "issuer",
            Self::Subject => "subject",
            Self::IssuerKeys => "issuerKeys",
            Self::ExpirationTime => "expirationTime",
            Self::Audiences => "audiences",
        }
    }

    /// The field an update-mask path names when it is `static_keys.<field>` (proto or
    /// lowerCamel spelling: `staticKeys.issuerKeys`); `Ok(None)` for any other path.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `update_mask` for a `static_keys.` path that names no field.
    pub fn from_mask_path(path: &str) -> Result<Option<Self>> {
        nested_mask_field(path, ("static_keys", "staticKeys"), &Self::ALL, Self::proto_name, Self::json_name)
    }
}

/// New values for some fields of a `staticKeys`: the fields in `fields` take their values
/// from `values` (absent there means cleared: an expiration cleared is the default one).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StaticKeysPatch {
    /// The fields to change.
    pub fields: Vec<StaticKeysField>,
    /// Their new values.
    pub values: StaticKeysInput,
}

impl StaticKeysPatch {
    /// `base` with the patched fields changed.
    #[must_use]
    pub fn apply(&self, mut base: StaticKeysInput) -> StaticKeysInput {
        let v = &self.values;
        for field in &self.fields {
            match field {
                StaticKeysField::Issuer => base.issuer.clone_from(&v.issuer),
                StaticKeysField::Subject => base.subject.clone_from(&v.subject),
                StaticKeysField::IssuerKeys => base.issuer_keys.clone_from(&v.issuer_keys),
                StaticKeysField::ExpirationTime => base.expiration_time.clone_from(&v.expiration_time),
                StaticKeysField::Audiences => base.audiences.clone_from(&v.audiences),
            }
        }
        base
    }
}

impl From<&StaticKeys> for StaticKeysInput {
    fn from(sk: &StaticKeys) -> Self {
        Self {
            issuer: Some(sk.issuer.clone()),
            subject: Some(sk.subject.clone()),
            issuer_keys: Some(sk.issuer_keys.clone()),
            expiration_time: Some(sk.expiration_time.to_string()),
            audiences: sk.audiences.clone(),
        }
    }
}

/// A field of `awsIdentity` an update mask may name on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AwsIdentityField {
    /// `aws_account`.
    AwsAccount,
    /// `arn`.
    Arn,
    /// `arn_pattern`.
    ArnPattern,
    /// `user_id`.
    UserId,
    /// `user_id_pattern`.
    UserIdPattern,
}

impl AwsIdentityField {
    /// Every field, in proto order.
    pub const ALL: [Self; 5] = [Self::AwsAccount, Self::Arn, Self::ArnPattern, Self::UserId, Self::UserIdPattern];

    /// The proto (snake_case) name.
    #[must_use]
    pub const fn proto_name(self) -> &'static str {
        match self {
            Self::AwsAccount => "aws_account",
            Self::Arn => "arn",
            Self::ArnPattern => "arn_pattern",
            Self::UserId => "user_id",
            Self::UserIdPattern => "user_id_pattern",
        }
    }

    /// The JSON (lowerCamel) name.
    #[must_use]
    pub const fn json_name(self) -> &'static str {
        match self {
            Self::AwsAccount => "awsAccount",
            Self::Arn => "arn",
            Self::ArnPattern => "arnPattern",
            Self::UserId => "userId",
            Self::UserIdPattern => "userIdPattern",
        }
    }

    /// The field an update-mask path names when it is `aws_identity.<field>` (proto or
    /// lowerCamel spelling: `awsIdentity.arnPattern`); `Ok(None)` for any other path.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `update_mask` for an `aws_identity.` path that names no field.
    pub fn from_mask_path(path: &str) -> Result<Option<Self>> {
        nested_mask_field(path, ("aws_identity", "awsIdentity"), &Self::ALL, Self::proto_name, Self::json_name)
    }
}

/// New values for some fields of an `awsIdentity`, as [`ClaimMatchPatch`] is for
/// `claimMatch`: setting one of a pair (`arn` / `arnPattern`) clears the other.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AwsIdentityPatch {
    /// The fields to change.
    pub fields: Vec<AwsIdentityField>,
    /// Their new values.
    pub values: AwsIdentityInput,
}

impl AwsIdentityPatch {
    /// `base` with the patched fields changed.
    #[must_use]
    pub fn apply(&self, mut base: AwsIdentityInput) -> AwsIdentityInput {
        let v = &self.values;
        for field in &self.fields {
            match field {
                AwsIdentityField::AwsAccount => base.aws_account.clone_from(&v.aws_account),
                AwsIdentityField::Arn => set_one_of_pair(&v.arn, &mut base.arn, &mut base.arn_pattern),
                AwsIdentityField::ArnPattern => set_one_of_pair(&v.arn_pattern, &mut base.arn_pattern, &mut base.arn),
                AwsIdentityField::UserId => set_one_of_pair(&v.user_id, &mut base.user_id, &mut base.user_id_pattern),
                AwsIdentityField::UserIdPattern => {
                    set_one_of_pair(&v.user_id_pattern, &mut base.user_id_pattern, &mut base.user_id);
                }
            }
        }
        base
    }
}

/// Sets `this` to `value`, clearing `other` when a value is set (the other member of a oneof).
fn set_one_of_pair(value: &Option<String>, this: &mut Option<String>, other: &mut Option<String>) {
    this.clone_from(value);
    if value.is_some() {
        *other = None;
    }
}

impl From<&AwsIdentity> for AwsIdentityInput {
    fn from(aws: &AwsIdentity) -> Self {
        let (arn, arn_pattern) = aws.arn.exact_and_pattern();
        let (user_id, user_id_pattern) = aws.user_id.exact_and_pattern();
        Self { aws_account: Some(aws.account.clone()), arn, arn_pattern, user_id, user_id_pattern }
    }
}

/// New values for some fields of a `claimMatch`: the fields in `fields` take their values
/// from `values` (absent there means cleared). Setting one of a pair (`subject` /
/// `subjectPattern`) clears the other, as setting a member of a proto oneof does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimMatchPatch {
    /// The fields to change.
    pub fields: Vec<ClaimMatchField>,
    /// Their new values.
    pub values: ClaimMatchInput,
}

impl ClaimMatchPatch {
    /// `base` with the patched fields changed.
    #[must_use]
    pub fn apply(&self, mut base: ClaimMatchInput) -> ClaimMatchInput {
        let v = &self.values;
        let pair = set_one_of_pair;
        for field in &self.fields {
            match field {
                ClaimMatchField::Issuer => pair(&v.issuer, &mut base.issuer, &mut base.issuer_pattern),
                ClaimMatchField::IssuerPattern => pair(&v.issuer_pattern, &mut base.issuer_pattern, &mut base.issuer),
                ClaimMatchField::Subject => pair(&v.subject, &mut base.subject, &mut base.subject_pattern),
                ClaimMatchField::SubjectPattern => {
                    pair(&v.subject_pattern, &mut base.subject_pattern, &mut base.subject);
                }
                ClaimMatchField::Audience => pair(&v.audience, &mut base.audience, &mut base.audience_pattern),
                ClaimMatchField::AudiencePattern => {
                    pair(&v.audience_pattern, &mut base.audience_pattern, &mut base.audience);
                }
                ClaimMatchField::Claims => base.claims.clone_from(&v.claims),
                ClaimMatchField::ClaimPatterns => base.claim_patterns.clone_from(&v.claim_patterns),
            }
        }
        base
    }
}

impl From<&ClaimMatch> for ClaimMatchInput {
    fn from(cm: &ClaimMatch) -> Self {
        let (issuer, issuer_pattern) = cm.issuer.exact_and_pattern();
        let (subject, subject_pattern) = cm.subject.exact_and_pattern();
        let (audience, audience_pattern) = cm.audience.as_ref().map(Matcher::exact_and_pattern).unwrap_or_default();
        Self {
            issuer,
            issuer_pattern,
            subject,
            subject_pattern,
            audience,
            audience_pattern,
            claims: cm.claims.clone(),
            claim_patterns: cm.claim_patterns.iter().map(|(k, p)| (k.clone(), p.as_str().to_owned())).collect(),
        }
    }
}

/// `claimMatch` as the client sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimMatchInput {
    /// `issuer`.
    pub issuer: Option<String>,
    /// `issuerPattern`.
    pub issuer_pattern: Option<String>,
    /// `subject`.
    pub subject: Option<String>,
    /// `subjectPattern`.
    pub subject_pattern: Option<String>,
    /// `audience`.
    pub audience: Option<String>,
    /// `audiencePattern`.
    pub audience_pattern: Option<String>,
    /// `claims`.
    pub claims: BTreeMap<String, String>,
    /// `claimPatterns`.
    pub claim_patterns: BTreeMap<String, String>,
}

/// `staticKeys` as the client sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StaticKeysInput {
    /// `issuer`.
    pub issuer: Option<String>,
    /// `subject`.
    pub subject: Option<String>,
    /// `issuerKeys` (a JWKS document as text).
    pub issuer_keys: Option<String>,
    /// `expirationTime` (RFC 3339).
    pub expiration_time: Option<String>,
    /// `audiences`.
    pub audiences: Vec<String>,
}

/// `awsIdentity` as the client sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AwsIdentityInput {
    /// `awsAccount`.
    pub aws_account: Option<String>,
    /// `arn`.
    pub arn: Option<String>,
    /// `arnPattern`.
    pub arn_pattern: Option<String>,
    /// `userId`.
    pub user_id: Option<String>,
    /// `userIdPattern`.
    pub user_id_pattern: Option<String>,
}

fn claim_text(v: &mut Violations, field: &str, s: &str) -> Option<String> {
    if s.is_empty() {
        v.add(field, format!("{field} must not be empty"));
        None
    } else if s.len() > MAX_CLAIM_TEXT {
        v.add(field, format!("{field} must be at most {MAX_CLAIM_TEXT} bytes"));
        None
    } else {
        v.take(check_storable(field, s)).map(|()| s.to_owned())
    }
}

fn matcher(
    v: &mut Violations,
    field: &str,
    exact: Option<&String>,
    pattern: Option<&String>,
    required: bool,
) -> Option<Option<Matcher>> {
    match (exact, pattern) {
        (Some(_), Some(_)) => {
            v.add(field, format!("give only one of {field} and {field}Pattern"));
            None
        }
        (Some(e), None) => claim_text(v, field, e).map(|e| Some(Matcher::Exact(e))),
        (None, Some(p)) => v.take(Pattern::parse(&format!("{field}Pattern"), p)).map(|p| Some(Matcher::Pattern(p))),
        (None, None) if required => {
            v.add(field, format!("{field} or {field}Pattern is required"));
            None
        }
        (None, None) => Some(None),
    }
}

/// `https://…`, or `http://` on a loopback host (local issuers in development and tests).
fn is_issuer_url(s: &str) -> bool {
    if s.contains(char::is_whitespace) {
        return false;
    }
    let host = |rest: &str| rest.split(['/', '?', '#']).next().unwrap_or_default().to_owned();
    if let Some(rest) = s.strip_prefix("https://") {
        return !host(rest).is_empty();
    }
    s.strip_prefix("http://").map(host).is_some_and(|h| {
        let name = h
            .rsplit_once(':')
            .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
            .map_or(h.as_str(), |(name, _)| name);
        matches!(name, "localhost" | "127.0.0.1" | "[::1]")
    })
}

fn claim_match(v: &mut Violations, cm: &ClaimMatchInput) -> Option<ClaimMatch> {
    let issuer = matcher(v, "claimMatch.issuer", cm.issuer.as_ref(), cm.issuer_pattern.as_ref(), true);
    if let Some(Some(Matcher::Exact(iss))) = &issuer {
        if !is_issuer_url(iss) {
            v.add("claimMatch.issuer", "claimMatch.issuer must be an https:// URL (http:// only on a loopback host)");
        }
    }
    let subject = matcher(v, "claimMatch.subject", cm.subject.as_ref(), cm.subject_pattern.as_ref(), true);
    let audience = matcher(v, "claimMatch.audience", cm.audience.as_ref(), cm.audience_pattern.as_ref(), false);
    let mut claims = BTreeMap::new();
    for (k, val) in &cm.claims {
        let field = format!("claimMatch.claims.{k}");
        if let (Some(k), Some(val)) = (claim_text(v, &field, k), claim_text(v, &field, val)) {
            claims.insert(k, val);
        }
    }
    let mut claim_patterns = BTreeMap::new();
    for (k, p) in &cm.claim_patterns {
        let field = format!("claimMatch.claimPatterns.{k}");
        if let (Some(k), Some(p)) = (claim_text(v, &field, k), v.take(Pattern::parse(&field, p))) {
            claim_patterns.insert(k, p);
        }
    }
    Some(ClaimMatch { issuer: issuer??, subject: subject??, audience: audience?, claims, claim_patterns })
}

fn static_keys(v: &mut Violations, sk: &StaticKeysInput, now: Timestamp) -> Option<StaticKeys> {
    let issuer = claim_text(v, "staticKeys.issuer", sk.issuer.as_deref().unwrap_or_default());
    let subject = claim_text(v, "staticKeys.subject", sk.subject.as_deref().unwrap_or_default());
    let keys_text = sk.issuer_keys.as_deref().unwrap_or_default();
    // Valid JSON holds no raw NUL (an escaped `\u0000` stays six characters of text), so a
    // document that parses is storable as it is.
    let keys_ok = keys_text.len() <= MAX_JWKS_LEN
        && serde_json::from_str::<serde_json::Value>(keys_text)
            .ok()
            .and_then(|doc| doc.get("keys").and_then(|k| k.as_array()).map(|keys| !keys.is_empty()))
            .unwrap_or(false);
    if !keys_ok {
        v.add("staticKeys.issuerKeys", "staticKeys.issuerKeys must be a JWKS document with at least one key");
    }
    let max = now.plus(Duration::days(STATIC_KEYS_MAX_DAYS));
    let expiration = match sk.expiration_time.as_deref() {
        None | Some("") => Some(max),
        Some(text) => match Timestamp::parse_rfc3339(text) {
            Ok(t) if t > now && t <= max => Some(t),
            Ok(_) => {
                v.add(
                    "staticKeys.expirationTime",
                    "staticKeys.expirationTime must be in the future and at most 365 days away",
                );
                None
            }
            Err(_) => {
                v.add("staticKeys.expirationTime", "staticKeys.expirationTime must be an RFC 3339 timestamp");
                None
            }
        },
    };
    if sk.audiences.len() > 1 || sk.audiences.iter().any(String::is_empty) {
        v.add("staticKeys.audiences", "staticKeys.audiences must hold at most one non-empty audience");
    } else if let Some(audience) = sk.audiences.first() {
        v.take(check_storable("staticKeys.audiences", audience));
    }
    Some(StaticKeys {
        issuer: issuer?,
        subject: subject?,
        issuer_keys: keys_ok.then(|| keys_text.to_owned())?,
        expiration_time: expiration?,
        audiences: sk.audiences.clone(),
    })
}

/// True for the 12 ASCII digits of an AWS account id.
fn is_aws_account(s: &str) -> bool {
    s.len() == 12 && s.bytes().all(|b| b.is_ascii_digit())
}

fn aws_identity(v: &mut Violations, aws: &AwsIdentityInput) -> Option<AwsIdentity> {
    let account = match aws.aws_account.as_deref().unwrap_or_default() {
        "" => {
            v.add("awsIdentity.awsAccount", "awsIdentity.awsAccount is required");
            None
        }
        a if is_aws_account(a) => Some(a.to_owned()),
        _ => {
            v.add("awsIdentity.awsAccount", "awsIdentity.awsAccount must be 12 digits");
            None
        }
    };
    let arn = matcher(v, "awsIdentity.arn", aws.arn.as_ref(), aws.arn_pattern.as_ref(), true);
    let user_id = matcher(v, "awsIdentity.userId", aws.user_id.as_ref(), aws.user_id_pattern.as_ref(), true);
    Some(AwsIdentity { account: account?, arn: arn??, user_id: user_id?? })
}

fn service_principal(v: &mut Violations, sent: &str) -> Option<ServicePrincipal> {
    let sent = sent.trim();
    let found = match sent.parse::<i64>() {
        Ok(n) => ServicePrincipal::from_number(n),
        Err(_) => ServicePrincipal::from_name(sent),
    };
    if found.is_none() {
        v.add("servicePrincipal", format!("servicePrincipal {sent:?} names no service principal"));
    }
    found
}

/// The relationship `r` makes, on top of `current` (the identity's relationship when
/// updating, which only [`RelationshipInput::ClaimMatchFields`],
/// [`RelationshipInput::StaticKeysFields`] and [`RelationshipInput::AwsIdentityFields`] read).
fn relationship(
    v: &mut Violations,
    r: &RelationshipInput,
    current: Option<&Relationship>,
    now: Timestamp,
) -> Option<Relationship> {
    match r {
        RelationshipInput::ClaimMatch(cm) => claim_match(v, cm).map(Relationship::ClaimMatch),
        RelationshipInput::ClaimMatchFields(patch) => {
            let base = match current {
                None => ClaimMatchInput::default(),
                Some(Relationship::ClaimMatch(cm)) => ClaimMatchInput::from(cm),
                Some(_) => {
                    v.add(
                        "update_mask",
                        "the identity has no claimMatch to change fields of; send the whole claimMatch",
                    );
                    return None;
                }
            };
            claim_match(v, &patch.apply(base)).map(Relationship::ClaimMatch)
        }
        RelationshipInput::StaticKeys(sk) => static_keys(v, sk, now).map(Relationship::StaticKeys),
        RelationshipInput::StaticKeysFields(patch) => {
            let base = match current {
                None => StaticKeysInput::default(),
                Some(Relationship::StaticKeys(sk)) => StaticKeysInput::from(sk),
                Some(_) => {
                    v.add(
                        "update_mask",
                        "the identity has no staticKeys to change fields of; send the whole staticKeys",
                    );
                    return None;
                }
            };
            static_keys(v, &patch.apply(base), now).map(Relationship::StaticKeys)
        }
        RelationshipInput::AwsIdentity(aws) => aws_identity(v, aws).map(Relationship::AwsIdentity),
        RelationshipInput::AwsIdentityFields(patch) => {
            let base = match current {
                None => AwsIdentityInput::default(),
                Some(Relationship::AwsIdentity(aws)) => AwsIdentityInput::from(aws),
                Some(_) => {
                    v.add(
                        "update_mask",
                        "the identity has no awsIdentity to change fields of; send the whole awsIdentity",
                    );
                    return None;
                }
            };
            aws_identity(v, &patch.apply(base)).map(Relationship::AwsIdentity)
        }
        RelationshipInput::ServicePrincipal(sp) => service_principal(v, sp).map(Relationship::ServicePrincipal),
    }
}

/// IdentityMetadata fields from a client; `None` means "not given" (unchanged). Texts are
/// as sent; the service checks them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IdentityMetadataInput {
    /// `company` (the identity's own company).
    pub company: Option<String>,
    /// `updatesOptIn`.
    pub updates_opt_in: Option<bool>,
    /// `product`.
    pub product: Option<String>,
    /// `jobTitle`.
    pub job_title: Option<String>,
    /// `utmCampaign`.
    pub utm_campaign: Option<String>,
    /// `utmContent`.
    pub utm_content: Option<String>,
    /// `utmMedium`.
    pub utm_medium: Option<String>,
    /// `utmSource`.
    pub utm_source: Option<String>,
    /// `utmTerm`.
    pub utm_term: Option<String>,
    /// `latestFormSubmitUrl`.
    pub latest_form_submit_url: Option<String>,
    /// `latestInternalReferringUrl`.
    pub latest_internal_referring_url: Option<String>,
    /// `hubspotUtk`: passed on in the answer and the event, never stored.
    pub hubspot_utk: Option<String>,
    /// `selfServe`.
    pub self_serve: Option<bool>,
}

/// The longest text of an IdentityMetadata field (the two URLs excepted), in characters.
pub const MAX_METADATA_TEXT: usize = 256;
/// The longest `latestFormSubmitUrl` or `latestInternalReferringUrl`, in characters.
pub const MAX_METADATA_URL: usize = 2048;

/// `text` when it is readable and at most `max` characters, recorded as a violation of
/// `identityMetadata.<field>` otherwise.
fn metadata_text(v: &mut Violations, field: &str, text: &str, max: usize) -> Option<String> {
    let field = format!("identityMetadata.{field}");
    if text.chars().count() > max {
        v.add(&field, format!("{field} must be at most {max} characters"));
        return None;
    }
    v.take(check_readable(&field, text)).map(|()| text.to_owned())
}

/// The longest `issuer` or `subject` LookupIdentity reads.
pub const MAX_CLAIM_LEN: usize = 1024;

/// Identity operations.
#[derive(Debug, Clone)]
pub struct IdentityService {
    deps: Deps,
    grants: Arc<GrantsCache>,
}

impl IdentityService {
    pub(crate) fn new(deps: Deps, grants: Arc<GrantsCache>) -> Self {
        Self { deps, grants }
    }

    /// Lists the identities the caller may list.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad paging parameters; store failures.
    pub async fn list(&self, caller: &Principal, filter: ListFilter, page: &PageRequest) -> Result<Page<Identity>> {
        let plan = self.deps.pager.plan(
            page,
            caller.identity(),
            filter,
            caller.visibility(Capability::IdentityList),
            SORTABLE,
        )?;
        let rows = self.deps.store.list_identities(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// The uid of the person `subject` of `issuer`: the root-level identity a login through
    /// the server's default provider at that issuer registers, whether or not it exists yet
    /// ([`Uidp::person`]). A login through an organization's provider yields that provider's
    /// own person instead ([`Uidp::provider_person`]), which this does not name. Any
    /// authenticated caller may ask; the answer reveals nothing the two inputs do not fix.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming `issuer` or `subject` when empty, longer than
    /// `MAX_CLAIM_LEN` (1 024) bytes, or holding a control character.
    pub fn lookup(&self, _caller: &Principal, issuer: &str, subject: &str) -> Result<Uidp> {
        let mut v = Violations::default();
        for (field, value) in [("issuer", issuer), ("subject", subject)] {
            if value.is_empty() {
                v.add(field, format!("{field} is required"));
            } else if value.len() > MAX_CLAIM_LEN {
                v.add(field, format!("{field} must be at most {MAX_CLAIM_LEN} bytes"));
            } else {
                v.take(crate::text::check_storable(field, value));
            }
        }
        v.finish()?;
        Ok(Uidp::person(issuer, subject))
    }

    /// Fetches one identity.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`.
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Identity> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::IdentityList, Capability::IdentityList, "identity", &uid)?;
        self.deps.store.get_identity(&uid).await?.ok_or_else(|| not_found("identity", &uid))
    }

    /// Creates an identity in group `parent`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT`; `NOT_FOUND` for a missing group; `PERMISSION_DENIED`;
    /// `ALREADY_EXISTS` on a name clash in the group.
    pub async fn create(&self, caller: &Principal, parent: &str, input: IdentityInput) -> Result<Identity> {
        let now = self.deps.clock.now();
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        let name = v.take(DisplayName::parse("name", input.name.as_deref().unwrap_or_default()));
        let description = v.take(Description::parse("description", input.description.as_deref().unwrap_or_default()));
        let company = v.take(Company::parse("company", input.company.as_deref().unwrap_or_default()));
        let relationship = match &input.relationship {
            Some(r) => relationship(&mut v, r, None, now),
            None => {
                v.add(
                    "claimMatch",
                    "an identity needs exactly one of claimMatch, staticKeys, awsIdentity or servicePrincipal",
                );
                None
            }
        };
        v.finish()?;
        let parent = checked(parent)?;
        authorize(caller, Capability::GroupsList, Capability::IdentityCreate, "group", &parent)?;
        let identity = Identity {
            uid: self.deps.ids.new_child(&parent),
            name: checked(name)?,
            description: checked(description)?,
            relationship: checked(relationship)?,
            company: checked(company)?,
            email: String::new(),
            email_voucher: crate::model::EmailVoucher::Workload,
            email_unverified: String::new(),
            last_seen_time: None,
            create_time: now,
            update_time: now,
        };
        let event = self.deps.event(caller.origin(), EventType::IdentityCreated, &identity.uid, now);
        self.deps.store.create_identity(&identity, &event).await?;
        Ok(identity)
    }

    /// Changes the given fields of an identity.
    ///
    /// # Errors
    /// As [`Self::create`].
    pub async fn update(&self, caller: &Principal, uid: &str, input: IdentityInput) -> Result<Identity> {
        let uid = Uidp::parse_field("uid", uid)?;
        let now = self.deps.clock.now();
        let mut v = Violations::default();
        let name = input.name.as_deref().map(|n| v.take(DisplayName::parse("name", n)));
        let description = input.description.as_deref().map(|d| v.take(Description::parse("description", d)));
        let company = input.company.as_deref().map(|c| v.take(Company::parse("company", c)));
        // Whole relationships are checked now; changed fields of one once it is read.
        let is_fields = |r: &RelationshipInput| {
            matches!(
                r,
                RelationshipInput::ClaimMatchFields(_)
                    | RelationshipInput::StaticKeysFields(_)
                    | RelationshipInput::AwsIdentityFields(_)
            )
        };
        let whole = input.relationship.as_ref().filter(|r| !is_fields(r));
        let replaced = whole.map(|r| relationship(&mut v, r, None, now));
        v.finish()?;
        authorize(caller, Capability::IdentityList, Capability::IdentityUpdate, "identity", &uid)?;
        let mut identity = self.deps.store.get_identity(&uid).await?.ok_or_else(|| not_found("identity", &uid))?;
        if let Some(name) = name {
            identity.name = checked(name)?;
        }
        if let Some(description) = description {
            identity.description = checked(description)?;
        }
        if let Some(company) = company {
            identity.company = checked(company)?;
        }
        if let Some(replaced) = replaced {
            identity.relationship = checked(replaced)?;
        }
        if let Some(fields) = input.relationship.as_ref().filter(|r| is_fields(r)) {
            let mut v = Violations::default();
            let changed = relationship(&mut v, fields, Some(&identity.relationship), now);
            v.finish()?;
            identity.relationship = changed.ok_or_else(|| Error::internal("relationship fields without a result"))?;
        }
        identity.update_time = now;
        let event = self.deps.event(caller.origin(), EventType::IdentityUpdated, &uid, now);
        self.deps.store.update_identity(&identity, &event).await?;
        Ok(identity)
    }

    /// Changes the given fields of the caller's own metadata (its identity is the subject of
    /// its token) and answers the whole metadata, with the request's `hubspotUtk` passed on
    /// (never stored). `company` is the identity's own company. Any authenticated caller
    /// whose token is not narrowed may change its own metadata, and only its own.
    ///
    /// # Errors
    /// `PERMISSION_DENIED` for a token narrowed by `cap` or `scopes`; `INVALID_ARGUMENT`
    /// naming `identityMetadata.<field>` for a text that is too long or not readable;
    /// `NOT_FOUND` when the caller's identity does not exist (deleted while the request ran).
    pub async fn update_metadata(
        &self,
        caller: &Principal,
        input: IdentityMetadataInput,
    ) -> Result<IdentityMetadataView> {
        caller.require_unnarrowed("update identity metadata")?;
        let mut v = Violations::default();
        let company = input.company.as_deref().map(|c| v.take(Company::parse("identityMetadata.company", c)));
        let mut text = |field: &str, value: Option<&String>, max: usize| {
            value.map(|value| metadata_text(&mut v, field, value, max))
        };
        let product = text("product", input.product.as_ref(), MAX_METADATA_TEXT);
        let job_title = text("jobTitle", input.job_title.as_ref(), MAX_METADATA_TEXT);
        let utm_campaign = text("utmCampaign", input.utm_campaign.as_ref(), MAX_METADATA_TEXT);
        let utm_content = text("utmContent", input.utm_content.as_ref(), MAX_METADATA_TEXT);
        let utm_medium = text("utmMedium", input.utm_medium.as_ref(), MAX_METADATA_TEXT);
        let utm_source = text("utmSource", input.utm_source.as_ref(), MAX_METADATA_TEXT);
        let utm_term = text("utmTerm", input.utm_term.as_ref(), MAX_METADATA_TEXT);
        let form_url = text("latestFormSubmitUrl", input.latest_form_submit_url.as_ref(), MAX_METADATA_URL);
        let referring_url =
            text("latestInternalReferringUrl", input.latest_internal_referring_url.as_ref(), MAX_METADATA_URL);
        let hubspot_utk = text("hubspotUtk", input.hubspot_utk.as_ref(), MAX_METADATA_TEXT);
        v.finish()?;
        let uid = caller.identity().clone();
        let identity = self.deps.store.get_identity(&uid).await?.ok_or_else(|| not_found("identity", &uid))?;
        let mut metadata: IdentityMetadata =
            self.deps.store.get_identity_metadata(&uid).await?.ok_or_else(|| not_found("identity", &uid))?;
        if let Some(company) = company {
            metadata.company = checked(company)?;
        }
        for (slot, value) in [
            (&mut metadata.product, product),
            (&mut metadata.job_title, job_title),
            (&mut metadata.utm_campaign, utm_campaign),
            (&mut metadata.utm_content, utm_content),
            (&mut metadata.utm_medium, utm_medium),
            (&mut metadata.utm_source, utm_source),
            (&mut metadata.utm_term, utm_term),
            (&mut metadata.latest_form_submit_url, form_url),
            (&mut metadata.latest_internal_referring_url, referring_url),
        ] {
            if let Some(value) = value {
                *slot = checked(value)?;
            }
        }
        if let Some(opt_in) = input.updates_opt_in {
            metadata.updates_opt_in = opt_in;
        }
        if let Some(self_serve) = input.self_serve {
            metadata.self_serve = self_serve;
        }
        let view = IdentityMetadataView {
            uid: uid.clone(),
            name: identity.name.to_string(),
            metadata,
            hubspot_utk: hubspot_utk.map(checked).transpose()?.unwrap_or_default(),
        };
        let event = self.deps.event(caller.origin(), EventType::IdentityMetadataUpdated, &uid, self.deps.clock.now());
        self.deps.store.put_identity_metadata(&view, &event).await?;
        Ok(view)
    }

    /// Deletes an identity and its role bindings.
    ///
    /// # Errors
    /// `NOT_FOUND`; `PERMISSION_DENIED`.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<()> {
        let uid = Uidp::parse_field("uid", uid)?;
        authorize(caller, Capability::IdentityList, Capability::IdentityDelete, "identity", &uid)?;
        let event = self.deps.event(caller.origin(), EventType::IdentityDeleted, &uid, self.deps.clock.now());
        self.deps.store.delete_identity(&uid, &event).await?;
        self.grants.clear();
        Ok(())
    }
}

#[cfg(test)]
mod issuer_url_tests {
    #[test]
    fn loopback_http_only() {
        for s in ["http://issuer.example", "http://10.0.0.1/", "http://localhost.evil.example", "ftp://x", "https://"] {
            assert!(!super::is_issuer_url(s), "{s}");
        }
        for s in ["https://issuer.example", "http://127.0.0.1:8080", "http://localhost/x", "http://[::1]:9"] {
            assert!(super::is_issuer_url(s), "{s}");
        }
    }
}
