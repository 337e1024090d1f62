//! The resources Grove stores: groups, identities, roles, role bindings, repos, tags, terms
//! acceptances, requests for access to verified organizations, identities' metadata, identity
//! providers and their external group role mappings.

use std::collections::BTreeMap;

use crate::capability::CapabilitySet;
use crate::names::{Company, Description, Digest, DisplayName, DocumentId, GroupName, Pattern, RepoName, TagName};
use crate::time::Timestamp;
use crate::uidp::Uidp;

mod account_associations;
mod advisories;
mod group_invites;
mod identity_providers;
mod registry;
mod scim;
mod scim_provisioning;

pub use account_associations::*;
pub use advisories::*;
pub use group_invites::*;
pub use identity_providers::*;
pub use registry::*;
pub use scim::*;
pub use scim_provisioning::*;

/// A node of the organization tree; a root group is an organization.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The group's uid; a root uid for an organization.
    pub uid: Uidp,
    /// The group's name, unique among its siblings.
    pub name: GroupName,
    /// Free text.
    pub description: Description,
    /// Server-set; false for every group Grove creates.
    pub verified: bool,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

/// How an OIDC claim value is matched: exactly, or by a fully anchored pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Matcher {
    /// The claim must equal this text.
    Exact(String),
    /// The whole claim must match this expression.
    Pattern(Pattern),
}

impl Matcher {
    /// The `(exact, pattern)` pair wire formats carry (`issuer` / `issuerPattern`), one set.
    #[must_use]
    pub fn exact_and_pattern(&self) -> (Option<String>, Option<String>) {
        match self {
            Self::Exact(s) => (Some(s.clone()), None),
            Self::Pattern(p) => (None, Some(p.as_str().to_owned())),
        }
    }

    /// True when `value` satisfies the matcher.
    #[must_use]
    pub fn matches(&self, value: &str) -> bool {
        match self {
            Self::Exact(expected) => expected == value,
            Self::Pattern(p) => p.matches(value),
        }
    }
}

/// Which OIDC tokens may assume an identity, checked against a discovered issuer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimMatch {
    /// Matches the token's `iss`.
    pub issuer: Matcher,
    /// Matches the token's `sub`.
    pub subject: Matcher,
    /// Matches the token's `aud`; when absent the server's own audience applies.
    pub audience: Option<Matcher>,
    /// Extra claims that must equal these values.
    pub claims: BTreeMap<String, String>,
    /// Extra claims that must match these expressions.
    pub claim_patterns: BTreeMap<String, Pattern>,
}

/// An identity whose issuer publishes no discovery document: its keys are stored here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaticKeys {
    /// Must equal the token's `iss`.
    pub issuer: String,
    /// Must equal the token's `sub`.
    pub subject: String,
    /// The issuer's JWKS document, as JSON text.
    pub issuer_keys: String,
    /// After this time the identity can no longer be assumed.
    pub expiration_time: Timestamp,
    /// Audiences accepted instead of the server's own; empty means the server's own.
    pub audiences: Vec<String>,
}

/// An AWS principal, proven by a signed `GetCallerIdentity` request that AWS STS answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AwsIdentity {
    /// The 12-digit account the caller must belong to (`Account`, matched exactly).
    pub account: String,
    /// Matches the caller's `Arn`.
    pub arn: Matcher,
    /// Matches the caller's `UserId`.
    pub user_id: Matcher,
}

/// One of the platform's own services, as an identity of it (the public
/// `ServicePrincipal` enum, without its `UNSPECIFIED` zero value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ServicePrincipal {
    /// `COSIGNED` (1).
    Cosigned,
    /// `INGESTER` (2).
    Ingester,
    /// `CATALOG_SYNCER` (3).
    CatalogSyncer,
    /// `APKO_BUILDER` (4).
    ApkoBuilder,
    /// `ENTITLEMENT_SYNCER` (5).
    EntitlementSyncer,
    /// `TENANT_SCANNER` (6).
    TenantScanner,
    /// `SEDIMENTOLOGY` (7).
    Sedimentology,
    /// `SKILLUP` (8).
    Skillup,
    /// `MATERIALIZER` (9).
    Materializer,
    /// `MICROFLOW` (10).
    Microflow,
    /// `GUARDENER` (11).
    Guardener,
    /// `MICROVM` (12).
    Microvm,
    /// `SKILLS` (13).
    Skills,
}

impl ServicePrincipal {
    /// Every service principal, in number order.
    pub const ALL: [Self; 13] = [
        Self::Cosigned,
        Self::Ingester,
        Self::CatalogSyncer,
        Self::ApkoBuilder,
        Self::EntitlementSyncer,
        Self::TenantScanner,
        Self::Sedimentology,
        Self::Skillup,
        Self::Materializer,
        Self::Microflow,
        Self::Guardener,
        Self::Microvm,
        Self::Skills,
    ];

    /// The public enum number (1 to 13).
    #[must_use]
    pub fn number(self) -> i32 {
        match self {
            Self::Cosigned => 1,
            Self::Ingester => 2,
            Self::CatalogSyncer => 3,
            Self::ApkoBuilder => 4,
            Self::EntitlementSyncer => 5,
            Self::TenantScanner => 6,
            Self::Sedimentology => 7,
            Self::Skillup => 8,
            Self::Materializer => 9,
            Self::Microflow => 10,
            Self::Guardener => 11,
            Self::Microvm => 12,
            Self::Skills => 13,
        }
    }

    /// The name without prefix (`CATALOG_SYNCER`), as version 1 spells it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Cosigned => "COSIGNED",
            Self::Ingester => "INGESTER",
            Self::CatalogSyncer => "CATALOG_SYNCER",
            Self::ApkoBuilder => "APKO_BUILDER",
            Self::EntitlementSyncer => "ENTITLEMENT_SYNCER",
            Self::TenantScanner => "TENANT_SCANNER",
            Self::Sedimentology => "SEDIMENTOLOGY",
            Self::Skillup => "SKILLUP",
            Self::Materializer => "MATERIALIZER",
            Self::Microflow => "MICROFLOW",
            Self::Guardener => "GUARDENER",
            Self::Microvm => "MICROVM",
            Self::Skills => "SKILLS",
        }
    }

    /// Looks a service principal up by number; `None` for 0 and unknown numbers.
    #[must_use]
    pub fn from_number(n: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|s| i64::from(s.number()) == n)
    }

    /// Looks a service principal up by name, with or without the `SERVICE_PRINCIPAL_` prefix.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        let bare = name.strip_prefix("SERVICE_PRINCIPAL_").unwrap_or(name);
        Self::ALL.into_iter().find(|s| s.name() == bare)
    }
}

/// How tokens are matched to an identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Relationship {
    /// Discovered issuer, claims matched.
    ClaimMatch(ClaimMatch),
    /// Stored keys, exact issuer and subject.
    StaticKeys(StaticKeys),
    /// An AWS principal, checked by AWS STS.
    AwsIdentity(AwsIdentity),
    /// One of the platform's own services; no third-party token can assume it.
    ServicePrincipal(ServicePrincipal),
}

/// The kinds of [`Relationship`], as the `relationship_type` list filter names them (the
/// public `RelationshipType` enum without `UNSPECIFIED`, which means "any").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelationshipType {
    /// `RELATIONSHIP_TYPE_CLAIM_MATCH` (1).
    ClaimMatch,
    /// `RELATIONSHIP_TYPE_STATIC` (2).
    Static,
    /// `RELATIONSHIP_TYPE_AWS_IDENTITY` (3).
    AwsIdentity,
    /// `RELATIONSHIP_TYPE_SERVICE_PRINCIPAL` (4).
    ServicePrincipal,
}

impl RelationshipType {
    /// Every type, in number order.
    pub const ALL: [Self; 4] = [Self::ClaimMatch, Self::Static, Self::AwsIdentity, Self::ServicePrincipal];

    /// The public enum name.
    #[must_use]
    pub const fn enum_name(self) -> &'static str {
        match self {
            Self::ClaimMatch => "RELATIONSHIP_TYPE_CLAIM_MATCH",
            Self::Static => "RELATIONSHIP_TYPE_STATIC",
            Self::AwsIdentity => "RELATIONSHIP_TYPE_AWS_IDENTITY",
            Self::ServicePrincipal => "RELATIONSHIP_TYPE_SERVICE_PRINCIPAL",
        }
    }

    /// The public enum number.
    #[must_use]
    pub const fn number(self) -> i32 {
        match self {
            Self::ClaimMatch => 1,
            Self::Static => 2,
            Self::AwsIdentity => 3,
            Self::ServicePrincipal => 4,
        }
    }

    /// A short stable spelling (`claim_match`, `static_keys`, …) for stores and digests.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::ClaimMatch => "claim_match",
            Self::Static => "static_keys",
            Self::AwsIdentity => "aws_identity",
            Self::ServicePrincipal => "service_principal",
        }
    }

    /// Looks a type up by enum name or by number; `Ok(None)` for the `UNSPECIFIED` value
    /// (name or `0`), which means "every type".
    ///
    /// # Errors
    /// The value, unchanged, when it names no type.
    pub fn parse(value: &str) -> std::result::Result<Option<Self>, String> {
        let value = value.trim();
        if value == "RELATIONSHIP_TYPE_UNSPECIFIED" || value == "0" {
            return Ok(None);
        }
        let found = match value.parse::<i64>() {
            Ok(n) => Self::ALL.into_iter().find(|t| i64::from(t.number()) == n),
            Err(_) => Self::ALL.into_iter().find(|t| t.enum_name() == value),
        };
        found.map(Some).ok_or_else(|| value.to_owned())
    }
}

impl Relationship {
    /// The issuer text shown in hydrated role bindings (the exact issuer, or the pattern;
    /// empty for a service principal and an AWS identity, which have no OIDC issuer).
    #[must_use]
    pub fn issuer_text(&self) -> &str {
        match self {
            Self::ClaimMatch(cm) => matcher_text(&cm.issuer),
            Self::StaticKeys(sk) => &sk.issuer,
            Self::AwsIdentity(_) | Self::ServicePrincipal(_) => "",
        }
    }

    /// The subject text shown in hydrated role bindings (empty for a service principal and
    /// an AWS identity).
    #[must_use]
    pub fn subject_text(&self) -> &str {
        match self {
            Self::ClaimMatch(cm) => matcher_text(&cm.subject),
            Self::StaticKeys(sk) => &sk.subject,
            Self::AwsIdentity(_) | Self::ServicePrincipal(_) => "",
        }
    }

    /// Which kind of relationship this is.
    #[must_use]
    pub const fn relationship_type(&self) -> RelationshipType {
        match self {
            Self::ClaimMatch(_) => RelationshipType::ClaimMatch,
            Self::StaticKeys(_) => RelationshipType::Static,
            Self::AwsIdentity(_) => RelationshipType::AwsIdentity,
            Self::ServicePrincipal(_) => RelationshipType::ServicePrincipal,
        }
    }
}

fn matcher_text(m: &Matcher) -> &str {
    match m {
        Matcher::Exact(s) => s,
        Matcher::Pattern(p) => p.as_str(),
    }
}

/// A non-human principal, assumed by presenting a matching OIDC token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// `<group uid>/<16 hex>`.
    pub uid: Uidp,
    /// The identity's name, unique within its group.
    pub name: DisplayName,
    /// Free text.
    pub description: Description,
    /// How tokens are matched to it.
    pub relationship: Relationship,
    /// The company it belongs to, as a client set it (free text, may be empty).
    pub company: Company,
    /// The verified email of the last exchanged token that carried one (server-set).
    pub email: String,
    /// Who vouched for `email`, which says what it may be trusted for.
    pub email_voucher: EmailVoucher,
    /// The unverified email of the last exchanged token that carried one (server-set).
    pub email_unverified: String,
    /// The last successful token exchange.
    pub last_seen_time: Option<Timestamp>,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

/// Who vouched for an identity's verified email, which bounds what the address is trusted
/// for: a token's `email_verified` is only as good as its issuer's authority over the
/// address, and a tenant can configure any issuer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EmailVoucher {
    /// A workload's token, from an issuer an organization configured: the address is shown
    /// and trusted for nothing.
    #[default]
    Workload,
    /// The operator's default identity provider: trusted for every invite, and for
    /// LookupGroup, CheckEligibility and RequestGroupAccess.
    DefaultProvider,
    /// An organization's identity provider (its uid): trusted for that organization's
    /// invites only.
    Provider(Uidp),
}

/// How [`EmailVoucher::DefaultProvider`] is stored.
const DEFAULT_PROVIDER_VOUCHER: &str = "default";

impl EmailVoucher {
    /// The stored form: empty for a workload, `default`, or the provider's uid.
    #[must_use]
    pub fn as_stored(&self) -> &str {
        match self {
            Self::Workload => "",
            Self::DefaultProvider => DEFAULT_PROVIDER_VOUCHER,
            Self::Provider(uid) => uid.as_str(),
        }
    }

    /// Reads [`Self::as_stored`]'s form back.
    ///
    /// # Errors
    /// `INTERNAL` for text that is none of the three forms.
    pub fn from_stored(stored: &str) -> crate::error::Result<Self> {
        match stored {
            "" => Ok(Self::Workload),
            DEFAULT_PROVIDER_VOUCHER => Ok(Self::DefaultProvider),
            uid => Uidp::parse(uid)
                .map(Self::Provider)
                .map_err(|_| crate::error::Error::internal(format!("stored email voucher {uid:?} is invalid"))),
        }
    }

    /// True when the address may bind an invite of `organization`: vouched for by the
    /// default provider or by a provider of that organization.
    #[must_use]
    pub fn vouches_for_invites_of(&self, organization: &Uidp) -> bool {
        match self {
            Self::Workload => false,
            Self::DefaultProvider => true,
            Self::Provider(provider) => provider.is_descendant_of(organization),
        }
    }

    /// True when the address may be trusted across organizations (LookupGroup,
    /// CheckEligibility, RequestGroupAccess): only the default provider vouches so far.
    #[must_use]
    pub fn vouches_everywhere(&self) -> bool {
        *self == Self::DefaultProvider
    }
}

/// The email claim of a token exchanged for an identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenEmail {
    /// The `email` claim.
    pub address: String,
    /// The `email_verified` claim (`true` or `"true"`).
    pub verified: bool,
    /// Who issued the token, as far as trusting the address goes.
    pub voucher: EmailVoucher,
}

impl SeenEmail {
    /// The voucher stored beside the identity's `email` once this email is recorded: its
    /// own when verified, none ([`EmailVoucher::Workload`]) when the verified email is
    /// cleared.
    #[must_use]
    pub fn stored_voucher(&self) -> EmailVoucher {
        if self.verified {
            self.voucher.clone()
        } else {
            EmailVoucher::Workload
        }
    }

    /// The identity's `(email, email_unverified)` once this email is recorded: the address
    /// in the field its verification names, the other field cleared.
    #[must_use]
    pub fn fields(&self) -> (&str, &str) {
        if self.verified {
            (&self.address, "")
        } else {
            ("", &self.address)
        }
    }
}

/// What a successful token exchange records about the identity it assumed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// When: the identity's new `last_seen_time`.
    pub at: Timestamp,
    /// The token's email, if it carried one: it replaces `email` (when verified) or
    /// `email_unverified` (when not), and clears the other; without one both stay.
    pub email: Option<SeenEmail>,
}

/// How precisely `lastSeenTime` is kept: a sighting within this long of the recorded one,
/// carrying no new email, writes nothing, so that a fleet of workloads exchanging one
/// identity's tokens does not turn every exchange into a database write.
pub const LAST_SEEN_PRECISION_MS: i64 = 60_000;

impl Identity {
    /// Whether recording `seen` would change what is stored: a `lastSeenTime` older than
    /// [`LAST_SEEN_PRECISION_MS`] (or none), or a token email other than the one kept.
    #[must_use]
    pub fn is_changed_by(&self, seen: &Seen) -> bool {
        let stale = self
            .last_seen_time
            .is_none_or(|at| seen.at.unix_millis().saturating_sub(at.unix_millis()) >= LAST_SEEN_PRECISION_MS);
        let new_email = seen.email.as_ref().is_some_and(|e| {
            e.fields() != (&self.email, &self.email_unverified) || e.stored_voucher() != self.email_voucher
        });
        stale || new_email
    }

    /// Records a sighting as [`Seen`] describes.
    pub fn record_seen(&mut self, seen: &Seen) {
        self.last_seen_time = Some(seen.at);
        if let Some(email) = &seen.email {
            let (verified, unverified) = email.fields();
            self.email = verified.to_owned();
            self.email_unverified = unverified.to_owned();
            self.email_voucher = email.stored_voucher();
        }
    }
}

/// A named set of capabilities; built-in roles live at the root, custom roles in a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Role {
    /// A single-segment uid for built-in roles, `<group uid>/<16 hex>` for custom ones.
    pub uid: Uidp,
    /// The role's name, unique within its group.
    pub name: DisplayName,
    /// Free text; built-in roles say they are built in.
    pub description: Description,
    /// What a binding of this role grants.
    pub capabilities: CapabilitySet,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

impl Role {
    /// True for the root-level roles Grove ships, which cannot be changed or deleted.
    #[must_use]
    pub fn is_built_in(&self) -> bool {
        self.uid.is_root()
    }
}

/// One identity holding one role in one group (the binding's parent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleBinding {
    /// `<group uid>/<16 hex>`; the group is the parent.
    pub uid: Uidp,
    /// The bound identity.
    pub identity_uid: Uidp,
    /// The granted role.
    pub role_uid: Uidp,
    /// When it was created.
    pub create_time: Timestamp,
}

impl RoleBinding {
    /// The group the binding grants in.
    #[must_use]
    pub fn group_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

/// The identity as shown inside a hydrated role binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoundIdentity {
    /// The identity's uid.
    pub uid: Uidp,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// Its subject (exact value or pattern).
    pub subject: String,
    /// Its issuer (exact value or pattern).
    pub issuer: String,
    /// Its verified email (empty when none is known).
    pub email: String,
    /// Whether the identity is a member of the binding's organization: always for an identity
    /// of a group; for a person (a root-level identity), once they joined it by logging in
    /// through one of its providers or redeeming one of its invites.
    pub joined: bool,
}

impl BoundIdentity {
    /// Only the uid, every detail blank: what is shown of an identity the viewer may not see.
    #[must_use]
    pub fn uid_only(uid: Uidp) -> Self {
        Self {
            uid,
            name: String::new(),
            description: String::new(),
            subject: String::new(),
            issuer: String::new(),
            email: String::new(),
            joined: false,
        }
    }
}

/// A uid, name and description, as shown for the group and role of a hydrated binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRef {
    /// The referenced uid.
    pub uid: Uidp,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
}

/// A role binding with its identity, group and role filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleBindingView {
    /// The binding's uid.
    pub uid: Uidp,
    /// The bound identity.
    pub identity: BoundIdentity,
    /// The group it grants in.
    pub group: NamedRef,
    /// The granted role.
    pub role: NamedRef,
    /// When it was created.
    pub create_time: Timestamp,
}

impl RoleBindingView {
    /// The view as the binding's organization may see it: a person who has not joined the
    /// organization is shown by uid only, so that binding someone (anyone may bind a person,
    /// to grant them access ahead of their first login) never reveals who they are.
    #[must_use]
    pub fn for_organization(mut self) -> Self {
        if self.identity.uid.is_root() && !self.identity.joined {
            self.identity = BoundIdentity::uid_only(self.identity.uid);
        }
        self
    }
}

/// The catalog tier of a repo (v2beta1 numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CatalogTier {
    /// Not set.
    #[default]
    Unspecified,
    /// An application image.
    Application,
    /// A base image.
    Base,
    /// A FIPS image.
    Fips,
    /// An AI image.
    Ai,
    /// A developer-tools image.
    Devtools,
    /// A commercial image.
    Commercial,
}

impl CatalogTier {
    /// Every tier, in number order.
    pub const ALL: [Self; 7] =
        [Self::Unspecified, Self::Application, Self::Base, Self::Fips, Self::Ai, Self::Devtools, Self::Commercial];

    /// The public enum name (`CATALOG_TIER_BASE`).
    #[must_use]
    pub const fn enum_name(self) -> &'static str {
        match self {
            Self::Unspecified => "CATALOG_TIER_UNSPECIFIED",
            Self::Application => "CATALOG_TIER_APPLICATION",
            Self::Base => "CATALOG_TIER_BASE",
            Self::Fips => "CATALOG_TIER_FIPS",
            Self::Ai => "CATALOG_TIER_AI",
            Self::Devtools => "CATALOG_TIER_DEVTOOLS",
            Self::Commercial => "CATALOG_TIER_COMMERCIAL",
        }
    }

    /// The v2beta1 enum number.
    #[must_use]
    pub const fn number(self) -> i32 {
        match self {
            Self::Unspecified => 0,
            Self::Application => 1,
            Self::Base => 2,
            Self::Fips => 3,
            Self::Ai => 4,
            Self::Devtools => 5,
            Self::Commercial => 6,
        }
    }

    /// Looks a tier up by enum name.
    #[must_use]
    pub fn from_enum_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.enum_name() == name)
    }

    /// Looks a tier up by number.
    #[must_use]
    pub fn from_number(n: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|t| i64::from(t.number()) == n)
    }
}

/// An image repository's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repo {
    /// `<group uid>/<16 hex>`.
    pub uid: Uidp,
    /// The repository path, unique within its group.
    pub name: RepoName,
    /// Free text.
    pub description: Description,
    /// Other names the image is known by (`image:tag`).
    pub aliases: Vec<String>,
    /// Bundles the repo belongs to.
    pub bundles: Vec<String>,
    /// Tags promoted as active.
    pub active_tags: Vec<String>,
    /// The catalog tier.
    pub catalog_tier: CatalogTier,
    /// Raw Markdown (empty when none); synced repos show their source's instead.
    pub readme: String,
    /// Where the repo syncs from, if it does.
    pub sync_config: Option<SyncConfig>,
    /// Rebuild customizations (only on synced repos).
    pub custom_overlay: Option<CustomOverlay>,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

/// A tag of a repo, pointing at a digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// `<repo uid>/<16 hex>`.
    pub uid: Uidp,
    /// The tag, unique within its repo.
    pub name: TagName,
    /// The manifest digest it points at.
    pub digest: Digest,
    /// Whether the tag is deprecated.
    pub deprecated: bool,
    /// Bundles the tag belongs to.
    pub bundles: Vec<String>,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it was last changed.
    pub update_time: Timestamp,
}

/// One legal document a group accepted: which, by whom and when. A group accepts a document
/// once; accepting it again keeps this first acceptance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsAcceptance {
    /// `<group uid>/<16 hex>`: an internal uid for paging (the wire shows none); the group
    /// that accepted is its parent.
    pub uid: Uidp,
    /// The accepted document.
    pub doc_id: DocumentId,
    /// The identity that accepted (the subject of its API token).
    pub accepted_by: Uidp,
    /// When it was accepted.
    pub create_time: Timestamp,
}

impl TermsAcceptance {
    /// The group that accepted.
    #[must_use]
    pub fn group_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }

    /// The organization of that group.
    #[must_use]
    pub fn org_uid(&self) -> Uidp {
        self.uid.root()
    }
}

/// What one `AcceptTerms` call records: a group's acceptance of one or more documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsAccepted {
    /// The accepting group.
    pub group: Uidp,
    /// One acceptance per distinct document, in the order of the request.
    pub acceptances: Vec<TermsAcceptance>,
}

impl TermsAccepted {
    /// The accepted documents, in the order of the request, without duplicates.
    pub fn document_ids(&self) -> impl Iterator<Item = &DocumentId> {
        self.acceptances.iter().map(|a| &a.doc_id)
    }
}

/// A caller's request to join a verified organization (RequestGroupAccess): one per
/// organization and identity, kept until the organization is deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupAccessRequest {
    /// `<organization uid>/<16 hex>`: the organization asked for is its parent.
    pub uid: Uidp,
    /// The identity that asked (the subject of its API token).
    pub identity: Uidp,
    /// The verified email whose domain matched the organization's name.
    pub email: String,
    /// When it was asked.
    pub create_time: Timestamp,
}

impl GroupAccessRequest {
    /// The organization asked for.
    #[must_use]
    pub fn group_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

/// Profile and onboarding details an identity gives about itself (UpdateIdentityMetadata).
/// `company` is the identity's own `company`; the rest is kept beside the identity. Every
/// text is free text a client set (empty when never set).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IdentityMetadata {
    /// `company`.
    pub company: Company,
    /// `updates_opt_in`.
    pub updates_opt_in: bool,
    /// `product`.
    pub product: String,
    /// `job_title`.
    pub job_title: String,
    /// `utm_campaign`.
    pub utm_campaign: String,
    /// `utm_content`.
    pub utm_content: String,
    /// `utm_medium`.
    pub utm_medium: String,
    /// `utm_source`.
    pub utm_source: String,
    /// `utm_term`.
    pub utm_term: String,
    /// `latest_form_submit_url`.
    pub latest_form_submit_url: String,
    /// `latest_internal_referring_url`.
    pub latest_internal_referring_url: String,
    /// `self_serve`.
    pub self_serve: bool,
}

/// What UpdateIdentityMetadata answers and announces: the identity it is about, its stored
/// metadata, and the HubSpot user token of the request, which is passed on and never stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityMetadataView {
    /// The identity's uid.
    pub uid: Uidp,
    /// The identity's name.
    pub name: String,
    /// The stored metadata.
    pub metadata: IdentityMetadata,
    /// `hubspot_utk` of the request (empty when none was given).
    pub hubspot_utk: String,
}

mod sorting {
    //! How each resource answers [`Sortable`] for keyset paging.

    use super::{
        AccountAssociation, Advisory, ExternalGroupRoleMapping, Group, GroupInvite, Identity, IdentityProvider, Repo,
        Role, RoleBindingView, ScimUser, Tag, TermsAcceptance,
    };
    use crate::listing::{ListKind, SortField, SortKey, Sortable};
    use crate::uidp::Uidp;

    macro_rules! sortable {
        ($ty:ty, $list:ident, $name:ident, $update:ident) => {
            impl Sortable for $ty {
                const LIST: ListKind = ListKind::$list;
                fn uid(&self) -> &Uidp {
                    &self.uid
                }
                fn sort_key(&self, field: SortField) -> SortKey {
                    match field {
                        SortField::Uid => SortKey::Uid,
                        SortField::Name => SortKey::Text(self.$name.to_string()),
                        SortField::CreateTime => SortKey::Time(self.create_time.unix_millis()),
                        SortField::UpdateTime => SortKey::Time(self.$update.unix_millis()),
                    }
                }
            }
        };
    }

    sortable!(Group, Groups, name, update_time);
    sortable!(Identity, Identities, name, update_time);
    sortable!(Role, Roles, name, update_time);
    sortable!(Repo, Repos, name, update_time);
    sortable!(Tag, Tags, name, update_time);
    sortable!(IdentityProvider, IdentityProviders, name, update_time);
    sortable!(AccountAssociation, AccountAssociations, name, update_time);
    sortable!(ScimUser, ScimUsers, user_name, update_time);

    impl Sortable for Advisory {
        const LIST: ListKind = ListKind::Advisories;
        fn uid(&self) -> &Uidp {
            &self.uid
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            match field {
                SortField::CreateTime => SortKey::Time(self.create_time.unix_millis()),
                SortField::UpdateTime => SortKey::Time(self.update_time.unix_millis()),
                SortField::Uid | SortField::Name => SortKey::Uid,
            }
        }
    }

    impl Sortable for ExternalGroupRoleMapping {
        const LIST: ListKind = ListKind::ExternalGroupRoleMappings;
        fn uid(&self) -> &Uidp {
            &self.uid
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            match field {
                SortField::CreateTime | SortField::UpdateTime => SortKey::Time(self.create_time.unix_millis()),
                SortField::Uid | SortField::Name => SortKey::Uid,
            }
        }
    }

    impl Sortable for GroupInvite {
        const LIST: ListKind = ListKind::GroupInvites;
        fn uid(&self) -> &Uidp {
            &self.uid
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            match field {
                SortField::CreateTime | SortField::UpdateTime => SortKey::Time(self.create_time.unix_millis()),
                SortField::Uid | SortField::Name => SortKey::Uid,
            }
        }
    }

    impl Sortable for RoleBindingView {
        const LIST: ListKind = ListKind::RoleBindings;
        fn uid(&self) -> &Uidp {
            &self.uid
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            match field {
                SortField::CreateTime | SortField::UpdateTime => SortKey::Time(self.create_time.unix_millis()),
                SortField::Uid | SortField::Name => SortKey::Uid,
            }
        }
    }

    impl Sortable for TermsAcceptance {
        const LIST: ListKind = ListKind::TermsAcceptances;
        fn uid(&self) -> &Uidp {
            &self.uid
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            match field {
                SortField::CreateTime | SortField::UpdateTime => SortKey::Time(self.create_time.unix_millis()),
                SortField::Name => SortKey::Text(self.doc_id.to_string()),
                SortField::Uid => SortKey::Uid,
            }
        }
    }
}
