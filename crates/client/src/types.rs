//! The v2beta1 resources as the API shows them, and the inputs that create or change them.
//!
//! Inputs hold only optional fields: on create the server requires what it requires; on
//! update only the fields that are set are sent, so only those change.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A collection of the API: where it lives and what its list calls its items.
pub trait Resource: DeserializeOwned + Send + 'static {
    /// What creates or changes one.
    type Input: Serialize + Sync;
    /// The collection path, such as `/iam/v2beta1/groups`.
    const PATH: &'static str;
    /// The key of the items in a list answer, such as `groups`.
    const LIST_KEY: &'static str;
}

/// A group; a root group is an organization.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    /// Its uid.
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Resource limits (empty in v2).
    #[serde(default)]
    pub resource_limits: serde_json::Map<String, Value>,
    /// Whether the group is verified.
    #[serde(default)]
    pub verified: bool,
    /// Creation time (RFC 3339).
    #[serde(default)]
    pub create_time: String,
    /// Last change (RFC 3339).
    #[serde(default)]
    pub update_time: String,
}

/// Fields of a group to create or change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct GroupInput {
    /// `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

impl GroupInput {
    /// A group called `name`.
    #[must_use]
    pub fn named(name: impl Into<String>) -> Self {
        Self { name: Some(name.into()), ..Self::default() }
    }
}

impl Resource for Group {
    type Input = GroupInput;
    const PATH: &'static str = "/iam/v2beta1/groups";
    const LIST_KEY: &'static str = "groups";
}

/// Which OIDC tokens may assume an identity: exact values or fully anchored patterns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimMatch {
    /// Exact `iss`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// Pattern for `iss`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer_pattern: Option<String>,
    /// Exact `sub`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// Pattern for `sub`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject_pattern: Option<String>,
    /// Exact `aud`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audience: Option<String>,
    /// Pattern for `aud`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audience_pattern: Option<String>,
    /// Extra claims that must be equal.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub claims: BTreeMap<String, String>,
    /// Extra claims that must match.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub claim_patterns: BTreeMap<String, String>,
}

/// Stored issuer keys, for issuers without discovery.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaticKeys {
    /// Exact `iss`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// Exact `sub`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// The issuer's JWKS, as JSON text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer_keys: Option<String>,
    /// When the identity stops being assumable (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_time: Option<String>,
    /// Accepted audiences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audiences: Vec<String>,
}

/// A non-human principal, assumed by exchanging a matching OIDC token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Identity {
    /// Its uid.
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Set for claim-matched identities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_match: Option<ClaimMatch>,
    /// Set for static-key identities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_keys: Option<StaticKeys>,
    /// The last successful token exchange (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_seen_time: Option<String>,
    /// Creation time (RFC 3339).
    #[serde(default)]
    pub create_time: String,
    /// Last change (RFC 3339).
    #[serde(default)]
    pub update_time: String,
}

/// Fields of an identity to create or change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IdentityInput {
    /// `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `claimMatch`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim_match: Option<ClaimMatch>,
    /// `staticKeys`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub static_keys: Option<StaticKeys>,
}

impl Resource for Identity {
    type Input = IdentityInput;
    const PATH: &'static str = "/iam/v2beta1/identities";
    const LIST_KEY: &'static str = "identities";
}

/// A named set of capabilities.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Role {
    /// Its uid (a single segment for built-in roles).
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Capability enum names (`CAP_IAM_GROUPS_LIST`, …).
    #[serde(default)]
    pub capabilities: Vec<String>,
    /// Creation time (RFC 3339).
    #[serde(default)]
    pub create_time: String,
    /// Last change (RFC 3339).
    #[serde(default)]
    pub update_time: String,
}

/// Fields of a role to create or change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RoleInput {
    /// `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `capabilities`: enum names or dotted names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<String>>,
}

impl Resource for Role {
    type Input = RoleInput;
    const PATH: &'static str = "/iam/v2beta1/roles";
    const LIST_KEY: &'static str = "roles";
}

/// A uid, name and description, as a binding shows its group and role.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedRef {
    /// Its uid.
    pub uid: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
}

/// The identity as a binding shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoundIdentity {
    /// Its uid.
    pub uid: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Its subject (value or pattern).
    #[serde(default)]
    pub subject: String,
    /// Its issuer (value or pattern).
    #[serde(default)]
    pub issuer: String,
}

/// An identity holding a role in a group, hydrated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleBinding {
    /// Its uid; its parent is the group.
    pub uid: String,
    /// The bound identity.
    #[serde(default)]
    pub identity: BoundIdentity,
    /// The group it grants in.
    #[serde(default)]
    pub group: NamedRef,
    /// The granted role.
    #[serde(default)]
    pub role: NamedRef,
    /// Creation time (RFC 3339).
    #[serde(default)]
    pub create_time: String,
}

/// What a binding binds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleBindingInput {
    /// `identityUid`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity_uid: Option<String>,
    /// `roleUid`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role_uid: Option<String>,
}

impl Resource for RoleBinding {
    type Input = RoleBindingInput;
    const PATH: &'static str = "/iam/v2beta1/roleBindings";
    const LIST_KEY: &'static str = "roleBindings";
}

/// An image repository's metadata.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Repo {
    /// Its uid.
    pub uid: String,
    /// The repository path.
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// `CATALOG_TIER_*`.
    #[serde(default)]
    pub catalog_tier: String,
    /// Bundles.
    #[serde(default)]
    pub bundles: Vec<String>,
    /// Other names (`image:tag`).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Active tags.
    #[serde(default)]
    pub active_tags: Vec<String>,
    /// Where the repo syncs from (JSON key `sync_config`, snake case).
    #[serde(rename = "sync_config", default, skip_serializing_if = "Option::is_none")]
    pub sync_config: Option<SyncConfig>,
    /// Rebuild customizations, as the server sends them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_overlay: Option<serde_json::Value>,
    /// Creation time (RFC 3339).
    #[serde(default)]
    pub create_time: String,
    /// Last change (RFC 3339).
    #[serde(default)]
    pub update_time: String,
}

/// Where a repo syncs from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncConfig {
    /// The source: a repo uid, or on input also `ORG/REPO` or `HOST/ORG/REPO`.
    pub source: String,
    /// When syncing stops (RFC 3339; set by the server).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub expiration_time: String,
    /// Extra Artifact Registry destination.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub google: String,
    /// Extra ECR destination.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub amazon: String,
    /// Extra ACR destination.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub azure: String,
}

/// A repo's README.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoReadme {
    /// The repo's uid.
    #[serde(default)]
    pub uid: String,
    /// Raw Markdown.
    #[serde(default)]
    pub content: String,
}

/// Fields of a repo to create or change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RepoInput {
    /// `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `catalogTier`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catalog_tier: Option<String>,
    /// `bundles`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundles: Option<Vec<String>>,
    /// `aliases`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aliases: Option<Vec<String>>,
    /// `activeTags`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_tags: Option<Vec<String>>,
    /// `sync_config`.
    #[serde(rename = "sync_config", skip_serializing_if = "Option::is_none")]
    pub sync_config: Option<SyncConfig>,
}

impl Resource for Repo {
    type Input = RepoInput;
    const PATH: &'static str = "/registry/v2beta1/repos";
    const LIST_KEY: &'static str = "repos";
}

/// A tag of a repo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tag {
    /// Its uid; its parent is the repo.
    pub uid: String,
    /// The tag.
    pub name: String,
    /// The manifest digest.
    #[serde(default)]
    pub digest: String,
    /// Whether it is deprecated.
    #[serde(default)]
    pub deprecated: bool,
    /// Bundles.
    #[serde(default)]
    pub bundles: Vec<String>,
    /// Creation time (RFC 3339).
    #[serde(default)]
    pub create_time: String,
    /// Last change (RFC 3339).
    #[serde(default)]
    pub update_time: String,
}

/// Fields of a tag to create or change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TagInput {
    /// `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `digest`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// `deprecated`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<bool>,
    /// `bundles`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundles: Option<Vec<String>>,
}

impl Resource for Tag {
    type Input = TagInput;
    const PATH: &'static str = "/registry/v2beta1/tags";
    const LIST_KEY: &'static str = "tags";
}

/// What `AcceptTerms` answers: the group and the distinct documents of the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AcceptedTerms {
    /// The accepting group.
    pub group: String,
    /// The documents, in request order, without duplicates.
    #[serde(default)]
    pub document_ids: Vec<String>,
}

/// One document a group (or a group above it) accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TermsAcceptance {
    /// The accepted document.
    pub doc_id: String,
    /// The uid of the identity that accepted.
    #[serde(default)]
    pub accepted_by: String,
    /// The organization of the accepting group.
    #[serde(default)]
    pub org_uid: String,
    /// When it was accepted (RFC 3339).
    #[serde(default)]
    pub create_time: String,
}

/// What `GET /version` answers: the server's version and the commit it was built from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerVersion {
    /// The crate version, such as `0.1.0`.
    pub version: String,
    /// The short commit hash, with `-dirty` when built from a changed tree, or `unknown`.
    pub commit: String,
}
