//! SCIM 2.0 provisioning (RFC 7643/7644): the users and groups an identity provider's SCIM
//! client (Okta, Entra ID, …) pushes into Grove, the resource rules they are held to, SCIM
//! filters ([`filter`]) and PATCH operations ([`patch`]).
//!
//! A provisioned user is the person that logs in through the same provider with the same
//! external id: its [`ScimUser::identity`] is [`Uidp::provider_person`] of the provider and
//! its `externalId`. A user without `externalId` correlates with nobody and cannot log in
//! until one is set (the SCIM `id` is Grove's, never the provider's subject).

pub mod filter;
pub mod patch;

use serde_json::{Map, Value};

use crate::error::{Code, Error};
use crate::time::Timestamp;
use crate::uidp::Uidp;

pub use filter::{CompareOp, FilterTarget, FilterValue, ScimFilter};
pub use patch::{PatchKind, PatchOp};

/// The core User schema.
pub const USER_SCHEMA: &str = "urn:ietf:params:scim:schemas:core:2.0:User";
/// The core Group schema.
pub const GROUP_SCHEMA: &str = "urn:ietf:params:scim:schemas:core:2.0:Group";
/// The enterprise User extension (kept as sent).
pub const ENTERPRISE_USER_SCHEMA: &str = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
/// The error message schema.
pub const ERROR_SCHEMA: &str = "urn:ietf:params:scim:api:messages:2.0:Error";
/// The list response schema.
pub const LIST_SCHEMA: &str = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
/// The PATCH request schema.
pub const PATCH_SCHEMA: &str = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/// Largest stored user resource (its JSON), in bytes.
pub const MAX_RESOURCE_BYTES: usize = 16 * 1024;
/// Longest `userName`, `displayName` or email, in characters.
pub const MAX_TEXT: usize = 256;
/// Longest `externalId` (a login's external id is held to the same limit).
pub const MAX_EXTERNAL_ID: usize = 1024;
/// Most emails of one user.
pub const MAX_EMAILS: usize = 32;
/// Most members one group write may name.
pub const MAX_MEMBERS: usize = 10_000;
/// The page size of a list that asks for none.
pub const DEFAULT_COUNT: u64 = 100;
/// The largest page a list answers (`filter.maxResults`).
pub const MAX_COUNT: u64 = 1000;

/// A SCIM error (RFC 7644 §3.12): the HTTP status, the `scimType` where one applies, and a
/// detail safe to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimError {
    /// The HTTP status.
    pub status: u16,
    /// The `scimType` (`invalidFilter`, `uniqueness`, …).
    pub scim_type: Option<&'static str>,
    /// What went wrong.
    pub detail: String,
}

impl ScimError {
    fn new(status: u16, scim_type: Option<&'static str>, detail: impl Into<String>) -> Self {
        Self { status, scim_type, detail: detail.into() }
    }

    /// 400 `invalidFilter`.
    #[must_use]
    pub fn invalid_filter(detail: impl Into<String>) -> Self {
        Self::new(400, Some("invalidFilter"), detail)
    }

    /// 400 `invalidValue`.
    #[must_use]
    pub fn invalid_value(detail: impl Into<String>) -> Self {
        Self::new(400, Some("invalidValue"), detail)
    }

    /// 400 `invalidSyntax`.
    #[must_use]
    pub fn invalid_syntax(detail: impl Into<String>) -> Self {
        Self::new(400, Some("invalidSyntax"), detail)
    }

    /// 400 `invalidPath`.
    #[must_use]
    pub fn invalid_path(detail: impl Into<String>) -> Self {
        Self::new(400, Some("invalidPath"), detail)
    }

    /// 400 `noTarget`.
    #[must_use]
    pub fn no_target(detail: impl Into<String>) -> Self {
        Self::new(400, Some("noTarget"), detail)
    }

    /// 400 `mutability`.
    #[must_use]
    pub fn mutability(detail: impl Into<String>) -> Self {
        Self::new(400, Some("mutability"), detail)
    }

    /// 409 `uniqueness`.
    #[must_use]
    pub fn uniqueness(detail: impl Into<String>) -> Self {
        Self::new(409, Some("uniqueness"), detail)
    }

    /// 404.
    #[must_use]
    pub fn not_found(detail: impl Into<String>) -> Self {
        Self::new(404, None, detail)
    }

    /// 412: the resource's version is not the one `If-Match` named.
    #[must_use]
    pub fn version_mismatch(detail: impl Into<String>) -> Self {
        Self::new(412, None, detail)
    }

    /// 401, the same for every credential that does not open this endpoint.
    #[must_use]
    pub fn unauthorized() -> Self {
        Self::new(401, None, "the bearer token does not authorize SCIM requests to this endpoint")
    }
}

/// The precondition kind of a write whose resource changed since the version it expected.
pub const VERSION_MISMATCH: &str = "VERSION_MISMATCH";

impl From<Error> for ScimError {
    fn from(e: Error) -> Self {
        match (&e, e.code()) {
            (Error::FailedPrecondition(p), _) if p.kind == VERSION_MISMATCH => {
                Self::version_mismatch(p.description.clone())
            }
            (Error::InvalidArgument(v), _) => {
                let text: Vec<String> = v
                    .iter()
                    .map(|v| {
                        if v.field.is_empty() {
                            v.description.clone()
                        } else {
                            format!("{}: {}", v.field, v.description)
                        }
                    })
                    .collect();
                Self::invalid_value(text.join("; "))
            }
            (Error::NotFound(m), _) => Self::not_found(m.clone()),
            (Error::AlreadyExists(m), _) => Self::uniqueness(m.clone()),
            (Error::FailedPrecondition(p), _) => Self::new(400, None, p.description.clone()),
            (_, Code::Unauthenticated) => Self::unauthorized(),
            (Error::PermissionDenied(m), _) => Self::new(403, None, m.clone()),
            (Error::Unavailable(m), _) => Self::new(503, None, m.clone()),
            (Error::ResourceExhausted(m), _) => Self::new(429, None, m.clone()),
            _ => Self::new(500, None, e.to_string()),
        }
    }
}

/// One email of a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimEmail {
    /// The address.
    pub value: String,
    /// `work`, `home`, … as sent.
    pub kind: Option<String>,
    /// Whether it is the primary one.
    pub primary: bool,
}

/// A provisioned user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimUser {
    /// Its uid: its identity provider's uid and the SCIM `id` (16 hex digits).
    pub uid: Uidp,
    /// `userName`, unique per provider regardless of case.
    pub user_name: String,
    /// `externalId`: the provider's id of the person (its `sub` or `oid`), unique per provider.
    pub external_id: Option<String>,
    /// `displayName`.
    pub display_name: Option<String>,
    /// `active`: false once the provider deprovisions the user; its logins and tokens are
    /// then refused.
    pub active: bool,
    /// `emails`.
    pub emails: Vec<ScimEmail>,
    /// The resource as accepted (core attributes normalized, `id`, `meta`, `schemas`,
    /// `password` and `groups` left out), answered back with the server's attributes.
    pub resource: Map<String, Value>,
    /// The person this user is: [`Uidp::provider_person`] of the provider and the external
    /// id; `None` without an external id.
    pub identity: Option<Uidp>,
    /// The identity that logged in as this user; `None` until its first login.
    pub linked_identity: Option<Uidp>,
    /// Grows with every write (the weak ETag `W/"<version>"`).
    pub version: i64,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it last changed.
    pub update_time: Timestamp,
}

/// The SCIM `id` of a user or group uid (its last segment).
#[must_use]
pub fn scim_id(uid: &Uidp) -> &str {
    uid.as_str().rsplit('/').next().unwrap_or_default()
}

/// The uid of SCIM `id` `id` of `provider`, when `id` is one (16 lowercase hex digits).
#[must_use]
pub fn scim_uid(provider: &Uidp, id: &str) -> Option<Uidp> {
    let ok = id.len() == 16 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    ok.then(|| Uidp::parse(&format!("{provider}/{id}")).ok()).flatten()
}

impl ScimUser {
    /// Its identity provider.
    #[must_use]
    pub fn provider(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }

    /// Its SCIM `id`.
    #[must_use]
    pub fn id(&self) -> &str {
        scim_id(&self.uid)
    }

    /// What filters are evaluated on ([`ScimFilter::matches`]).
    #[must_use]
    pub fn filter_view(&self) -> Value {
        let emails: Vec<Value> = self
            .emails
            .iter()
            .map(|e| {
                let mut m = Map::new();
                m.insert("value".into(), Value::String(e.value.clone()));
                if let Some(kind) = &e.kind {
                    m.insert("type".into(), Value::String(kind.clone()));
                }
                m.insert("primary".into(), Value::Bool(e.primary));
                Value::Object(m)
            })
            .collect();
        let mut view = Map::new();
        view.insert("id".into(), Value::String(self.id().to_owned()));
        view.insert("username".into(), Value::String(self.user_name.clone()));
        if let Some(x) = &self.external_id {
            view.insert("externalid".into(), Value::String(x.clone()));
        }
        if let Some(d) = &self.display_name {
            view.insert("displayname".into(), Value::String(d.clone()));
        }
        view.insert("active".into(), Value::Bool(self.active));
        view.insert("emails".into(), Value::Array(emails));
        Value::Object(view)
    }
}

/// What a user resource sets, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct ScimUserFields {
    /// `userName`.
    pub user_name: String,
    /// `externalId`.
    pub external_id: Option<String>,
    /// `displayName`.
    pub display_name: Option<String>,
    /// `active` (true when absent).
    pub active: bool,
    /// `emails`.
    pub emails: Vec<ScimEmail>,
    /// The resource to store.
    pub resource: Map<String, Value>,
}

/// The attributes of the core User schema, as spelled there; a key in any case is stored
/// in this spelling. The read-only and write-only ones are listed in [`NOT_STORED`].
const USER_ATTRIBUTES: &[&str] = &[
    "userName",
    "name",
    "displayName",
    "nickName",
    "profileUrl",
    "title",
    "userType",
    "preferredLanguage",
    "locale",
    "timezone",
    "active",
    "password",
    "emails",
    "phoneNumbers",
    "ims",
    "photos",
    "addresses",
    "groups",
    "entitlements",
    "roles",
    "x509Certificates",
    "externalId",
    "id",
    "meta",
    "schemas",
];

/// Attributes the server owns or never returns: dropped from what is stored.
const NOT_STORED: &[&str] = &["id", "meta", "schemas", "password", "groups"];

fn text_field(field: &str, v: &Value, max: usize) -> Result<Option<String>, ScimError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => {
            let s = s.trim();
            if s.chars().count() > max {
                return Err(ScimError::invalid_value(format!("{field} is longer than {max} characters")));
            }
            if crate::text::check_storable(field, s).is_err() {
                return Err(ScimError::invalid_value(format!("{field} holds a control character")));
            }
            Ok((!s.is_empty()).then(|| s.to_owned()))
        }
        _ => Err(ScimError::invalid_value(format!("{field} must be a string"))),
    }
}

/// `true`, `false`, or their strings in any case (Entra ID sends `"False"`).
fn bool_field(field: &str, v: &Value) -> Result<Option<bool>, ScimError> {
    match v {
        Value::Null => Ok(None),
        Value::Bool(b) => Ok(Some(*b)),
        Value::String(s) if s.eq_ignore_ascii_case("true") => Ok(Some(true)),
        Value::String(s) if s.eq_ignore_ascii_case("false") => Ok(Some(false)),
        _ => Err(ScimError::invalid_value(format!("{field} must be a boolean"))),
    }
}

/// `resource` with the core attributes' keys in their schema spelling (attribute names are
/// case-insensitive) and the server-owned ones left out.
fn normalized(resource: &Map<String, Value>, known: &[&str]) -> Map<String, Value> {
    let mut out = Map::new();
    for (k, v) in resource {
        let key = known.iter().find(|a| a.eq_ignore_ascii_case(k)).map_or_else(|| k.clone(), |a| (*a).to_owned());
        if NOT_STORED.contains(&key.as_str()) {
            continue;
        }
        out.insert(key, v.clone());
    }
    out
}

/// Validates a User resource (POST, PUT, or the result of a PATCH).
///
/// # Errors
/// `invalidValue` naming the first bad attribute (`userName` is required), or a resource
/// over [`MAX_RESOURCE_BYTES`].
pub fn parse_user(resource: &Map<String, Value>) -> Result<ScimUserFields, ScimError> {
    let mut resource = normalized(resource, USER_ATTRIBUTES);
    let user_name = text_field("userName", resource.get("userName").unwrap_or(&Value::Null), MAX_TEXT)?
        .ok_or_else(|| ScimError::invalid_value("userName is required"))?;
    let external_id = text_field("externalId", resource.get("externalId").unwrap_or(&Value::Null), MAX_EXTERNAL_ID)?;
    let display_name = text_field("displayName", resource.get("displayName").unwrap_or(&Value::Null), MAX_TEXT)?;
    let active = bool_field("active", resource.get("active").unwrap_or(&Value::Null))?.unwrap_or(true);
    let mut emails = Vec::new();
    match resource.get("emails").unwrap_or(&Value::Null) {
        Value::Null => {}
        Value::Array(items) => {
            if items.len() > MAX_EMAILS {
                return Err(ScimError::invalid_value(format!("a user has at most {MAX_EMAILS} emails")));
            }
            for item in items {
                let Some(fields) = item.as_object() else {
                    return Err(ScimError::invalid_value("each of emails must be an object"));
                };
                let get = |name: &str| {
                    fields.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map_or(&Value::Null, |(_, v)| v)
                };
                let Some(value) = text_field("emails.value", get("value"), MAX_TEXT)? else {
                    return Err(ScimError::invalid_value("each of emails needs a value"));
                };
                let kind = text_field("emails.type", get("type"), MAX_TEXT)?;
                let primary = bool_field("emails.primary", get("primary"))?.unwrap_or(false);
                emails.push(ScimEmail { value, kind, primary });
            }
        }
        _ => return Err(ScimError::invalid_value("emails must be an array")),
    }
    if emails.iter().filter(|e| e.primary).count() > 1 {
        return Err(ScimError::invalid_value("at most one of emails may be primary"));
    }
    resource.insert("userName".into(), Value::String(user_name.clone()));
    // Kept only as sent: a user whose `active` was never set (or was removed) is active.
    if resource.get("active").is_some_and(|a| !a.is_null()) {
        resource.insert("active".into(), Value::Bool(active));
    } else {
        resource.remove("active");
    }
    match &external_id {
        Some(x) => resource.insert("externalId".into(), Value::String(x.clone())),
        None => resource.remove("externalId"),
    };
    match &display_name {
        Some(d) => resource.insert("displayName".into(), Value::String(d.clone())),
        None => resource.remove("displayName"),
    };
    let size = serde_json::to_vec(&resource).map_or(usize::MAX, |b| b.len());
    if size > MAX_RESOURCE_BYTES {
        return Err(ScimError::invalid_value(format!(
            "the user resource is {size} bytes long; at most {MAX_RESOURCE_BYTES} are kept"
        )));
    }
    Ok(ScimUserFields { user_name, external_id, display_name, active, emails, resource })
}

/// A provisioned group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimGroup {
    /// Its uid: its identity provider's uid and the SCIM `id`.
    pub uid: Uidp,
    /// `displayName`: what external group role mappings match (their external group id).
    pub display_name: String,
    /// `externalId`.
    pub external_id: Option<String>,
    /// The uids of its member users (of the same provider), sorted.
    pub members: Vec<Uidp>,
    /// Grows with every write.
    pub version: i64,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it last changed.
    pub update_time: Timestamp,
}

impl ScimGroup {
    /// Its identity provider.
    #[must_use]
    pub fn provider(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }

    /// Its SCIM `id`.
    #[must_use]
    pub fn id(&self) -> &str {
        scim_id(&self.uid)
    }

    /// What filters are evaluated on.
    #[must_use]
    pub fn filter_view(&self) -> Value {
        let members: Vec<Value> = self.members.iter().map(|m| serde_json::json!({ "value": scim_id(m) })).collect();
        let mut view = Map::new();
        view.insert("id".into(), Value::String(self.id().to_owned()));
        view.insert("displayname".into(), Value::String(self.display_name.clone()));
        if let Some(x) = &self.external_id {
            view.insert("externalid".into(), Value::String(x.clone()));
        }
        view.insert("members".into(), Value::Array(members));
        Value::Object(view)
    }

    /// The group as a resource a PATCH applies to (members by `value` only).
    #[must_use]
    pub fn patchable(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("displayName".into(), Value::String(self.display_name.clone()));
        if let Some(x) = &self.external_id {
            m.insert("externalId".into(), Value::String(x.clone()));
        }
        let members: Vec<Value> = self.members.iter().map(|u| serde_json::json!({ "value": scim_id(u) })).collect();
        m.insert("members".into(), Value::Array(members));
        m
    }
}

/// What a group resource sets, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimGroupFields {
    /// `displayName`.
    pub display_name: String,
    /// `externalId`.
    pub external_id: Option<String>,
    /// The SCIM ids of its members, sorted and without duplicates.
    pub member_ids: Vec<String>,
}

/// Validates a Group resource (POST, PUT, or the result of a PATCH).
///
/// # Errors
/// `invalidValue` naming the first bad attribute (`displayName` is required; members are
/// objects whose `value` is a user id).
pub fn parse_group(resource: &Map<String, Value>) -> Result<ScimGroupFields, ScimError> {
    let get = |name: &str| resource.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map_or(&Value::Null, |(_, v)| v);
    let display_name = text_field("displayName", get("displayName"), MAX_TEXT)?
        .ok_or_else(|| ScimError::invalid_value("displayName is required"))?;
    let external_id = text_field("externalId", get("externalId"), MAX_EXTERNAL_ID)?;
    let mut member_ids = Vec::new();
    match get("members") {
        Value::Null => {}
        Value::Array(items) => {
            if items.len() > MAX_MEMBERS {
                return Err(ScimError::invalid_value(format!("a group write names at most {MAX_MEMBERS} members")));
            }
            for item in items {
                let value = item
                    .as_object()
                    .and_then(|m| m.iter().find(|(k, _)| k.eq_ignore_ascii_case("value")))
                    .and_then(|(_, v)| v.as_str())
                    .ok_or_else(|| ScimError::invalid_value("each of members must be an object with a string value"))?;
                member_ids.push(value.to_owned());
            }
        }
        _ => return Err(ScimError::invalid_value("members must be an array")),
    }
    member_ids.sort();
    member_ids.dedup();
    Ok(ScimGroupFields { display_name, external_id, member_ids })
}

/// `ALREADY_EXISTS`: the provider has another user of `user`'s `userName` (both stores say
/// it in these words).
#[must_use]
pub fn user_name_taken(user: &ScimUser) -> Error {
    Error::AlreadyExists(format!(
        "a user with userName \"{}\" already exists in identity provider {}",
        user.user_name,
        user.provider()
    ))
}

/// `ALREADY_EXISTS`: the provider has another user of `user`'s `externalId`.
#[must_use]
pub fn external_id_taken(user: &ScimUser) -> Error {
    Error::AlreadyExists(format!(
        "a user with externalId \"{}\" already exists in identity provider {}",
        user.external_id.as_deref().unwrap_or_default(),
        user.provider()
    ))
}

/// `ALREADY_EXISTS`: the provider has another group of `group`'s `displayName`.
#[must_use]
pub fn group_name_taken(group: &ScimGroup) -> Error {
    Error::AlreadyExists(format!(
        "a group with displayName \"{}\" already exists in identity provider {}",
        group.display_name,
        group.provider()
    ))
}

/// `NOT_FOUND`: a group names a member that is not a user of its provider.
#[must_use]
pub fn member_missing(member: &Uidp) -> Error {
    Error::NotFound(format!(
        "member {} is not a user of identity provider {}",
        scim_id(member),
        member.parent().map(|p| p.to_string()).unwrap_or_default()
    ))
}

/// `FAILED_PRECONDITION` (`VERSION_MISMATCH`): SCIM `kind` `uid` changed since it was read.
#[must_use]
pub fn version_mismatch(kind: &str, uid: &Uidp) -> Error {
    Error::precondition(VERSION_MISMATCH, format!("SCIM {kind} {uid} changed since it was read"))
}

/// What a SCIM list asks a store for.
#[derive(Debug, Clone, PartialEq)]
pub struct ScimQuery {
    /// The filter, checked for the resource type.
    pub filter: Option<ScimFilter>,
    /// Matches to skip (`startIndex` − 1).
    pub offset: u64,
    /// Matches to return at most.
    pub count: u64,
}

/// A page of a SCIM list.
#[derive(Debug, Clone, PartialEq)]
pub struct ScimPage<T> {
    /// The resources, in uid order.
    pub items: Vec<T>,
    /// Every match of the filter.
    pub total: u64,
}

/// `ListScimUsers` filters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScimUserFilter {
    /// `userName`, exact regardless of case.
    pub user_name: Option<String>,
    /// `externalId`, exact.
    pub external_id: Option<String>,
    /// `active`.
    pub active: Option<bool>,
}

impl ScimUserFilter {
    /// True when `user` passes.
    #[must_use]
    pub fn matches(&self, user: &ScimUser) -> bool {
        self.user_name.as_ref().is_none_or(|n| n.to_lowercase() == user.user_name.to_lowercase())
            && self.external_id.as_ref().is_none_or(|x| user.external_id.as_ref() == Some(x))
            && self.active.is_none_or(|a| a == user.active)
    }

    /// A canonical text for page-token digests.
    #[must_use]
    pub fn canonical(&self) -> String {
        format!(
            "user_name={:?}\nexternal_id={:?}\nactive={:?}",
            self.user_name.as_ref().map(|n| n.to_lowercase()),
            self.external_id,
            self.active
        )
    }
}

/// Parses `If-Match` against `version`: `*`, or a list of (weak or strong) ETags one of
/// which is `"<version>"`.
#[must_use]
pub fn if_match_allows(if_match: &str, version: i64) -> bool {
    let wanted = format!("\"{version}\"");
    if_match.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == wanted)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn a_user_keeps_what_it_was_sent_in_schema_spelling_without_server_owned_attributes() {
        let fields = parse_user(&obj(json!({
            "schemas": [USER_SCHEMA], "id": "x", "USERNAME": " bjensen ", "Active": "False",
            "password": "secret", "name": {"givenName": "Barbara"}, "emails": [{"value": "b@x.example", "primary": true}],
            ENTERPRISE_USER_SCHEMA: {"department": "R&D"},
        })))
        .unwrap();
        assert_eq!(fields.user_name, "bjensen");
        assert!(!fields.active);
        assert_eq!(fields.emails, vec![ScimEmail { value: "b@x.example".into(), kind: None, primary: true }]);
        assert_eq!(
            Value::Object(fields.resource),
            json!({"userName": "bjensen", "active": false, "name": {"givenName": "Barbara"},
                   "emails": [{"value": "b@x.example", "primary": true}], ENTERPRISE_USER_SCHEMA: {"department": "R&D"}})
        );
    }

    #[test]
    fn bad_users_are_invalid_values() {
        let e = |v: Value| parse_user(&obj(v)).unwrap_err();
        assert_eq!(e(json!({})), ScimError::invalid_value("userName is required"));
        assert_eq!(e(json!({"userName": 5})), ScimError::invalid_value("userName must be a string"));
        assert_eq!(e(json!({"userName": "a", "active": "yes"})), ScimError::invalid_value("active must be a boolean"));
        let big = json!({"userName": "a", "title": "x".repeat(MAX_RESOURCE_BYTES)});
        let size = serde_json::to_vec(&big).unwrap().len();
        assert_eq!(
            e(big).detail,
            format!("the user resource is {size} bytes long; at most {MAX_RESOURCE_BYTES} are kept")
        );
    }

    #[test]
    fn if_match_takes_weak_strong_and_star() {
        assert!(if_match_allows("W/\"3\"", 3));
        assert!(if_match_allows("\"1\", W/\"3\"", 3));
        assert!(if_match_allows("*", 3));
        assert!(!if_match_allows("W/\"2\"", 3));
    }

    #[test]
    fn ids_are_sixteen_lowercase_hex_digits_below_the_provider() {
        let p = Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        assert_eq!(scim_uid(&p, "00000000000000aa").unwrap().as_str(), format!("{p}/00000000000000aa"));
        assert!(scim_uid(&p, "00000000000000AA").is_none());
        assert!(scim_uid(&p, "../x").is_none());
    }
}
