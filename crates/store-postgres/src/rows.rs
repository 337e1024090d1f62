//! Private row types of each table and their conversions to and from the domain model.
//!
//! Reading a row back re-validates it through the domain constructors, so a row that no
//! domain value could have produced surfaces as an `INTERNAL` error, never as a bad value.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::model::{
    AwsIdentity, BoundIdentity, CatalogTier, ClaimMatch, EmailVoucher, Group, Identity, Matcher, NamedRef,
    Relationship, Repo, Role, RoleBinding, RoleBindingView, ServicePrincipal, StaticKeys, Tag, TagShape,
};
use grove_domain::names::{Company, Description, Digest, DisplayName, GroupName, Pattern, RepoName, TagName};
use grove_domain::{Error, Result, Timestamp, Uidp};
use serde::{Deserialize, Serialize};

use crate::error::internal;
use crate::schema::{groups, identities, repos, role_bindings, roles, tags};

fn corrupt(what: &str, uid: &str, why: impl std::fmt::Display) -> Error {
    internal(format!("stored {what} {uid} is invalid: {why}"))
}

/// A stored uid, taken over without a copy (a list reads one from every row).
fn uid(what: &str, s: String) -> Result<Uidp> {
    Uidp::try_from(s).map_err(|e| internal(format!("a stored {what} uid is invalid: {e}")))
}

fn time(t: DateTime<Utc>) -> Timestamp {
    Timestamp::from_datetime(t)
}

/// Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch.
const PG_EPOCH_UNIX_MICROS: i64 = 946_684_800_000_000;

/// A `timestamptz` column as Grove's millisecond [`Timestamp`], read and written as the
/// microseconds PostgreSQL sends. chrono's own column type reaches the same value through
/// calendar arithmetic (a date plus a duration) that cost a list about 300 instructions per
/// time of every row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
#[diesel(sql_type = diesel::sql_types::Timestamptz)]
pub(crate) struct StoredTime(pub Timestamp);

impl diesel::deserialize::FromSql<diesel::sql_types::Timestamptz, diesel::pg::Pg> for StoredTime {
    fn from_sql(value: diesel::pg::PgValue<'_>) -> diesel::deserialize::Result<Self> {
        let micros: [u8; 8] = value.as_bytes().try_into().map_err(|_| "a timestamptz is eight bytes")?;
        i64::from_be_bytes(micros)
            .checked_add(PG_EPOCH_UNIX_MICROS)
            .and_then(|unix_micros| Timestamp::from_unix_millis(unix_micros.div_euclid(1000)))
            .map(Self)
            .ok_or_else(|| "a timestamptz outside the times Grove keeps".into())
    }
}

impl diesel::serialize::ToSql<diesel::sql_types::Timestamptz, diesel::pg::Pg> for StoredTime {
    fn to_sql<'b>(&'b self, out: &mut diesel::serialize::Output<'b, '_, diesel::pg::Pg>) -> diesel::serialize::Result {
        use std::io::Write as _;
        let micros = self
            .0
            .unix_millis()
            .checked_mul(1000)
            .and_then(|unix_micros| unix_micros.checked_sub(PG_EPOCH_UNIX_MICROS))
            .ok_or("a timestamp outside PostgreSQL's range")?;
        out.write_all(&micros.to_be_bytes())?;
        Ok(diesel::serialize::IsNull::No)
    }
}

/// The parent column value of a uid (NULL at the root).
pub(crate) fn parent_of(uid: &Uidp) -> Option<String> {
    uid.parent().map(String::from)
}

/// The parent column value of a nested uid.
pub(crate) fn nested_parent(what: &str, uid: &Uidp) -> Result<String> {
    parent_of(uid).ok_or_else(|| Error::invalid("uid", format!("a {what} uid must lie inside a group")))
}

fn strings(what: &str, row_uid: &str, values: Vec<Option<String>>) -> Result<Vec<String>> {
    values.into_iter().map(|v| v.ok_or_else(|| corrupt(what, row_uid, "NULL array element"))).collect()
}

/// A `groups` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = groups, check_for_backend(diesel::pg::Pg))]
pub(crate) struct GroupRow {
    pub uid: String,
    pub parent_uid: Option<String>,
    pub name: String,
    pub description: String,
    pub verified: bool,
    pub create_time: StoredTime,
    pub update_time: StoredTime,
}

impl From<&Group> for GroupRow {
    fn from(g: &Group) -> Self {
        Self {
            uid: g.uid.to_string(),
            parent_uid: parent_of(&g.uid),
            name: g.name.to_string(),
            description: g.description.to_string(),
            verified: g.verified,
            create_time: StoredTime(g.create_time),
            update_time: StoredTime(g.update_time),
        }
    }
}

impl TryFrom<GroupRow> for Group {
    type Error = Error;
    fn try_from(r: GroupRow) -> Result<Self> {
        Ok(Self {
            name: GroupName::parse("name", &r.name).map_err(|e| corrupt("group", &r.uid, e))?,
            description: Description::from_stored("description", &r.description)
                .map_err(|e| corrupt("group", &r.uid, e))?,
            verified: r.verified,
            create_time: r.create_time.0,
            update_time: r.update_time.0,
            uid: uid("group", r.uid)?,
        })
    }
}

/// An `identities` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = identities, check_for_backend(diesel::pg::Pg))]
pub(crate) struct IdentityRow {
    pub uid: String,
    /// `None` for a person (a root-level identity).
    pub parent_uid: Option<String>,
    pub name: String,
    pub description: String,
    pub relationship: serde_json::Value,
    pub issuer: String,
    pub subject: String,
    pub last_seen_time: Option<DateTime<Utc>>,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
    pub company: String,
    pub email: String,
    pub email_unverified: String,
    /// Derived from `relationship` on every write: what the `relationship_type` filter reads.
    pub relationship_type: String,
    /// Who vouched for `email` ([`grove_domain::model::EmailVoucher::as_stored`]).
    pub email_voucher: String,
}

/// The mutable columns of an identity.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = identities, treat_none_as_null = true)]
pub(crate) struct IdentityChanges {
    pub name: String,
    pub description: String,
    pub relationship: serde_json::Value,
    pub issuer: String,
    pub subject: String,
    pub last_seen_time: Option<DateTime<Utc>>,
    pub update_time: DateTime<Utc>,
    pub company: String,
    pub email: String,
    pub email_unverified: String,
    pub relationship_type: String,
    pub email_voucher: String,
}

impl IdentityRow {
    pub(crate) fn new(i: &Identity) -> Result<Self> {
        Ok(Self {
            uid: i.uid.to_string(),
            parent_uid: parent_of(&i.uid),
            name: i.name.to_string(),
            description: i.description.to_string(),
            relationship: relationship_json(&i.relationship)?,
            issuer: i.relationship.issuer_text().to_owned(),
            subject: i.relationship.subject_text().to_owned(),
            last_seen_time: i.last_seen_time.map(Timestamp::as_datetime),
            create_time: i.create_time.as_datetime(),
            update_time: i.update_time.as_datetime(),
            company: i.company.to_string(),
            email: i.email.clone(),
            email_unverified: i.email_unverified.clone(),
            relationship_type: i.relationship.relationship_type().as_str().to_owned(),
            email_voucher: i.email_voucher.as_stored().to_owned(),
        })
    }

    pub(crate) fn changes(self) -> IdentityChanges {
        IdentityChanges {
            name: self.name,
            description: self.description,
            relationship: self.relationship,
            issuer: self.issuer,
            subject: self.subject,
            last_seen_time: self.last_seen_time,
            update_time: self.update_time,
            company: self.company,
            email: self.email,
            email_unverified: self.email_unverified,
            relationship_type: self.relationship_type,
            email_voucher: self.email_voucher,
        }
    }
}

impl TryFrom<IdentityRow> for Identity {
    type Error = Error;
    fn try_from(r: IdentityRow) -> Result<Self> {
        let bad = |e: Error| corrupt("identity", &r.uid, e);
        Ok(Self {
            name: DisplayName::from_stored("name", &r.name).map_err(bad)?,
            description: Description::from_stored("description", &r.description).map_err(bad)?,
            relationship: relationship_from_json(&r.uid, r.relationship.clone())?,
            company: Company::from_stored("company", &r.company).map_err(bad)?,
            email: r.email,
            email_voucher: EmailVoucher::from_stored(&r.email_voucher).map_err(bad)?,
            email_unverified: r.email_unverified,
            last_seen_time: r.last_seen_time.map(time),
            create_time: time(r.create_time),
            update_time: time(r.update_time),
            uid: uid("identity", r.uid)?,
        })
    }
}

/// How a relationship is stored in `identities.relationship` (JSONB): exactly one of
/// `claimMatch`, `staticKeys`, `awsIdentity` or `servicePrincipal` (its unprefixed enum
/// name); times as Unix milliseconds.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
enum RelationshipJson {
    ClaimMatch(ClaimMatchJson),
    StaticKeys(StaticKeysJson),
    AwsIdentity(AwsIdentityJson),
    ServicePrincipal(String),
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
enum MatcherJson {
    Exact(String),
    Pattern(String),
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ClaimMatchJson {
    issuer: MatcherJson,
    subject: MatcherJson,
    audience: Option<MatcherJson>,
    claims: BTreeMap<String, String>,
    claim_patterns: BTreeMap<String, String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct StaticKeysJson {
    issuer: String,
    subject: String,
    issuer_keys: String,
    expiration_time: i64,
    audiences: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AwsIdentityJson {
    account: String,
    arn: MatcherJson,
    user_id: MatcherJson,
}

fn matcher_json(m: &Matcher) -> MatcherJson {
    match m {
        Matcher::Exact(s) => MatcherJson::Exact(s.clone()),
        Matcher::Pattern(p) => MatcherJson::Pattern(p.as_str().to_owned()),
    }
}

pub(crate) fn relationship_json(r: &Relationship) -> Result<serde_json::Value> {
    let json = match r {
        Relationship::ClaimMatch(cm) => RelationshipJson::ClaimMatch(ClaimMatchJson {
            issuer: matcher_json(&cm.issuer),
            subject: matcher_json(&cm.subject),
            audience: cm.audience.as_ref().map(matcher_json),
            claims: cm.claims.clone(),
            claim_patterns: cm.claim_patterns.iter().map(|(k, p)| (k.clone(), p.as_str().to_owned())).collect(),
        }),
        Relationship::StaticKeys(sk) => RelationshipJson::StaticKeys(StaticKeysJson {
            issuer: sk.issuer.clone(),
            subject: sk.subject.clone(),
            issuer_keys: sk.issuer_keys.clone(),
            expiration_time: sk.expiration_time.unix_millis(),
            audiences: sk.audiences.clone(),
        }),
        Relationship::AwsIdentity(aws) => RelationshipJson::AwsIdentity(AwsIdentityJson {
            account: aws.account.clone(),
            arn: matcher_json(&aws.arn),
            user_id: matcher_json(&aws.user_id),
        }),
        Relationship::ServicePrincipal(sp) => RelationshipJson::ServicePrincipal(sp.name().to_owned()),
    };
    serde_json::to_value(json).map_err(|e| internal(format!("cannot encode an identity relationship: {e}")))
}

fn relationship_from_json(row_uid: &str, value: serde_json::Value) -> Result<Relationship> {
    let bad = |why: String| corrupt("identity", row_uid, why);
    let pattern = |s: &str| Pattern::from_stored("pattern", s).map_err(|e| bad(e.to_string()));
    let matcher = |m: MatcherJson| match m {
        MatcherJson::Exact(s) => Ok(Matcher::Exact(s)),
        MatcherJson::Pattern(s) => pattern(&s).map(Matcher::Pattern),
    };
    let json: RelationshipJson = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
    Ok(match json {
        RelationshipJson::ClaimMatch(cm) => Relationship::ClaimMatch(ClaimMatch {
            issuer: matcher(cm.issuer)?,
            subject: matcher(cm.subject)?,
            audience: cm.audience.map(matcher).transpose()?,
            claims: cm.claims,
            claim_patterns: cm
                .claim_patterns
                .into_iter()
                .map(|(k, p)| pattern(&p).map(|p| (k, p)))
                .collect::<Result<_>>()?,
        }),
        RelationshipJson::StaticKeys(sk) => Relationship::StaticKeys(StaticKeys {
            expiration_time: Timestamp::from_unix_millis(sk.expiration_time)
                .ok_or_else(|| bad("expiration time out of range".to_owned()))?,
            issuer: sk.issuer,
            subject: sk.subject,
            issuer_keys: sk.issuer_keys,
            audiences: sk.audiences,
        }),
        RelationshipJson::AwsIdentity(aws) => Relationship::AwsIdentity(AwsIdentity {
            account: aws.account,
            arn: matcher(aws.arn)?,
            user_id: matcher(aws.user_id)?,
        }),
        RelationshipJson::ServicePrincipal(name) => Relationship::ServicePrincipal(
            ServicePrincipal::from_name(&name).ok_or_else(|| bad(format!("unknown service principal {name:?}")))?,
        ),
    })
}

/// A `roles` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = roles, check_for_backend(diesel::pg::Pg))]
pub(crate) struct RoleRow {
    pub uid: String,
    pub parent_uid: Option<String>,
    pub name: String,
    pub description: String,
    pub capabilities: Vec<Option<i32>>,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
}

/// The mutable columns of a role.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = roles)]
pub(crate) struct RoleChanges {
    pub name: String,
    pub description: String,
    pub capabilities: Vec<Option<i32>>,
    pub update_time: DateTime<Utc>,
}

/// Capability numbers as stored: ascending, no duplicates.
pub(crate) fn capability_numbers(caps: &CapabilitySet) -> Vec<Option<i32>> {
    caps.iter().map(|c| Some(c.number())).collect()
}

/// Capabilities from stored numbers; `what`/`row_uid` name the row for the error.
pub(crate) fn capabilities_from(what: &str, row_uid: &str, numbers: &[Option<i32>]) -> Result<CapabilitySet> {
    numbers
        .iter()
        .map(|n| {
            n.and_then(Capability::from_number)
                .ok_or_else(|| corrupt(what, row_uid, format!("unknown capability number {n:?}")))
        })
        .collect()
}

impl From<&Role> for RoleRow {
    fn from(r: &Role) -> Self {
        Self {
            uid: r.uid.to_string(),
            parent_uid: parent_of(&r.uid),
            name: r.name.to_string(),
            description: r.description.to_string(),
            capabilities: capability_numbers(&r.capabilities),
            create_time: r.create_time.as_datetime(),
            update_time: r.update_time.as_datetime(),
        }
    }
}

impl RoleRow {
    pub(crate) fn changes(self) -> RoleChanges {
        RoleChanges {
            name: self.name,
            description: self.description,
            capabilities: self.capabilities,
            update_time: self.update_time,
        }
    }
}

impl TryFrom<RoleRow> for Role {
    type Error = Error;
    fn try_from(r: RoleRow) -> Result<Self> {
        let bad = |e: Error| corrupt("role", &r.uid, e);
        Ok(Self {
            name: DisplayName::from_stored("name", &r.name).map_err(bad)?,
            description: Description::from_stored("description", &r.description).map_err(bad)?,
            capabilities: capabilities_from("role", &r.uid, &r.capabilities)?,
            create_time: time(r.create_time),
            update_time: time(r.update_time),
            uid: uid("role", r.uid)?,
        })
    }
}

/// A `role_bindings` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = role_bindings, check_for_backend(diesel::pg::Pg))]
pub(crate) struct RoleBindingRow {
    pub uid: String,
    pub parent_uid: String,
    pub identity_uid: String,
    pub role_uid: String,
    pub create_time: DateTime<Utc>,
}

impl RoleBindingRow {
    pub(crate) fn new(b: &RoleBinding) -> Result<Self> {
        Ok(Self {
            uid: b.uid.to_string(),
            parent_uid: nested_parent("role binding", &b.uid)?,
            identity_uid: b.identity_uid.to_string(),
            role_uid: b.role_uid.to_string(),
            create_time: b.create_time.as_datetime(),
        })
    }
}

/// A role binding joined with its identity, group and role (positional: see
/// `role_bindings::view_columns`).
#[derive(Debug, Clone, Queryable)]
pub(crate) struct RoleBindingViewRow {
    pub uid: String,
    pub create_time: DateTime<Utc>,
    pub identity_uid: String,
    pub identity_name: String,
    pub identity_description: String,
    pub identity_subject: String,
    pub identity_issuer: String,
    pub identity_email: String,
    /// Whether the identity is a member of the binding's organization (see
    /// [`BoundIdentity::joined`]).
    pub identity_joined: bool,
    pub group_uid: String,
    pub group_name: String,
    pub group_description: String,
    pub role_uid: String,
    pub role_name: String,
    pub role_description: String,
}

impl TryFrom<RoleBindingViewRow> for RoleBindingView {
    type Error = Error;
    fn try_from(r: RoleBindingViewRow) -> Result<Self> {
        Ok(Self {
            uid: uid("role binding", r.uid)?,
            identity: BoundIdentity {
                uid: uid("identity", r.identity_uid)?,
                name: r.identity_name,
                description: r.identity_description,
                subject: r.identity_subject,
                issuer: r.identity_issuer,
                email: r.identity_email,
                joined: r.identity_joined,
            },
            group: NamedRef { uid: uid("group", r.group_uid)?, name: r.group_name, description: r.group_description },
            role: NamedRef { uid: uid("role", r.role_uid)?, name: r.role_name, description: r.role_description },
            create_time: time(r.create_time),
        })
    }
}

/// A `repos` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = repos, check_for_backend(diesel::pg::Pg))]
pub(crate) struct RepoRow {
    pub uid: String,
    pub parent_uid: String,
    pub name: String,
    pub description: String,
    pub aliases: Vec<Option<String>>,
    pub bundles: Vec<Option<String>>,
    pub active_tags: Vec<Option<String>>,
    pub catalog_tier: i32,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
    pub readme: String,
    pub sync_config: Option<serde_json::Value>,
    pub custom_overlay: Option<serde_json::Value>,
}

/// The mutable columns of a repo.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = repos)]
pub(crate) struct RepoChanges {
    pub name: String,
    pub description: String,
    pub aliases: Vec<Option<String>>,
    pub bundles: Vec<Option<String>>,
    pub active_tags: Vec<Option<String>>,
    pub catalog_tier: i32,
    pub update_time: DateTime<Utc>,
    pub readme: String,
    // Written as SQL NULL when the repo has none (not left unchanged).
    #[diesel(treat_none_as_null = true)]
    pub sync_config: Option<serde_json::Value>,
    #[diesel(treat_none_as_null = true)]
    pub custom_overlay: Option<serde_json::Value>,
}

fn to_json<T: Serialize>(what: &str, value: Option<&T>) -> Result<Option<serde_json::Value>> {
    value
        .map(|v| serde_json::to_value(v).map_err(|e| internal(format!("cannot encode a repo's {what}: {e}"))))
        .transpose()
}

fn from_json<T: for<'de> Deserialize<'de>>(
    what: &str,
    row_uid: &str,
    value: Option<serde_json::Value>,
) -> Result<Option<T>> {
    value.map(|v| serde_json::from_value(v).map_err(|e| corrupt(what, row_uid, e))).transpose()
}

fn some_strings(values: &[String]) -> Vec<Option<String>> {
    values.iter().cloned().map(Some).collect()
}

impl RepoRow {
    pub(crate) fn new(r: &Repo) -> Result<Self> {
        Ok(Self {
            uid: r.uid.to_string(),
            parent_uid: nested_parent("repo", &r.uid)?,
            name: r.name.to_string(),
            description: r.description.to_string(),
            aliases: some_strings(&r.aliases),
            bundles: some_strings(&r.bundles),
            active_tags: some_strings(&r.active_tags),
            catalog_tier: r.catalog_tier.number(),
            create_time: r.create_time.as_datetime(),
            update_time: r.update_time.as_datetime(),
            readme: r.readme.clone(),
            sync_config: to_json("sync config", r.sync_config.as_ref())?,
            custom_overlay: to_json("custom overlay", r.custom_overlay.as_ref())?,
        })
    }

    pub(crate) fn changes(self) -> RepoChanges {
        RepoChanges {
            name: self.name,
            description: self.description,
            aliases: self.aliases,
            bundles: self.bundles,
            active_tags: self.active_tags,
            catalog_tier: self.catalog_tier,
            update_time: self.update_time,
            readme: self.readme,
            sync_config: self.sync_config,
            custom_overlay: self.custom_overlay,
        }
    }
}

impl TryFrom<RepoRow> for Repo {
    type Error = Error;
    fn try_from(r: RepoRow) -> Result<Self> {
        let bad = |e: Error| corrupt("repo", &r.uid, e);
        Ok(Self {
            name: RepoName::parse("name", &r.name).map_err(bad)?,
            description: Description::from_stored("description", &r.description).map_err(bad)?,
            aliases: strings("repo", &r.uid, r.aliases.clone())?,
            bundles: strings("repo", &r.uid, r.bundles.clone())?,
            active_tags: strings("repo", &r.uid, r.active_tags.clone())?,
            catalog_tier: CatalogTier::from_number(i64::from(r.catalog_tier))
                .ok_or_else(|| corrupt("repo", &r.uid, format!("unknown catalog tier {}", r.catalog_tier)))?,
            sync_config: from_json("repo", &r.uid, r.sync_config.clone())?,
            custom_overlay: from_json("repo", &r.uid, r.custom_overlay.clone())?,
            readme: r.readme.clone(),
            create_time: time(r.create_time),
            update_time: time(r.update_time),
            uid: uid("repo", r.uid)?,
        })
    }
}

/// A `tags` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = tags, check_for_backend(diesel::pg::Pg))]
pub(crate) struct TagRow {
    pub uid: String,
    pub parent_uid: String,
    pub name: String,
    pub digest: String,
    pub deprecated: bool,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
    pub bundles: Vec<Option<String>>,
    pub shape: i16,
}

/// The mutable columns of a tag.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = tags)]
pub(crate) struct TagChanges {
    pub name: String,
    pub digest: String,
    pub deprecated: bool,
    pub update_time: DateTime<Utc>,
    pub bundles: Vec<Option<String>>,
    pub shape: i16,
}

impl TagRow {
    pub(crate) fn new(t: &Tag) -> Result<Self> {
        Ok(Self {
            uid: t.uid.to_string(),
            parent_uid: nested_parent("tag", &t.uid)?,
            name: t.name.to_string(),
            digest: t.digest.to_string(),
            deprecated: t.deprecated,
            create_time: t.create_time.as_datetime(),
            update_time: t.update_time.as_datetime(),
            bundles: some_strings(&t.bundles),
            shape: TagShape::of(t.name.as_str()).number(),
        })
    }

    pub(crate) fn changes(self) -> TagChanges {
        TagChanges {
            name: self.name,
            digest: self.digest,
            deprecated: self.deprecated,
            update_time: self.update_time,
            bundles: self.bundles,
            shape: self.shape,
        }
    }
}

impl TryFrom<TagRow> for Tag {
    type Error = Error;
    fn try_from(r: TagRow) -> Result<Self> {
        let bad = |e: Error| corrupt("tag", &r.uid, e);
        Ok(Self {
            name: TagName::parse("name", &r.name).map_err(bad)?,
            digest: Digest::parse("digest", &r.digest).map_err(bad)?,
            deprecated: r.deprecated,
            bundles: strings("tag", &r.uid, r.bundles.clone())?,
            create_time: time(r.create_time),
            update_time: time(r.update_time),
            uid: uid("tag", r.uid)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(s: &str) -> Pattern {
        Pattern::parse("p", s).unwrap()
    }

    #[test]
    fn claim_match_relationships_round_trip_exactly() {
        let rel = Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact("https://issuer.example".into()),
            subject: Matcher::Pattern(pattern("repo:org/.*")),
            audience: Some(Matcher::Pattern(pattern("aud-[0-9]+"))),
            claims: BTreeMap::from([("email".into(), "a@b.c".into()), ("team".into(), "x".into())]),
            claim_patterns: BTreeMap::from([("ref".into(), pattern("refs/heads/(main|dev)"))]),
        });
        let json = relationship_json(&rel).unwrap();
        assert_eq!(relationship_from_json("u", json).unwrap(), rel);
    }

    #[test]
    fn static_key_relationships_round_trip_exactly() {
        let rel = Relationship::StaticKeys(StaticKeys {
            issuer: "https://static.example".into(),
            subject: "robot".into(),
            issuer_keys: r#"{"keys":[{"kty":"EC"}]}"#.into(),
            expiration_time: Timestamp::from_unix_millis(1_795_000_000_123).unwrap(),
            audiences: vec!["a".into(), "b".into()],
        });
        let json = relationship_json(&rel).unwrap();
        assert_eq!(json["staticKeys"]["expirationTime"], 1_795_000_000_123_i64);
        assert_eq!(relationship_from_json("u", json).unwrap(), rel);
    }

    #[test]
    fn aws_identity_relationships_round_trip_exactly() {
        let rel = Relationship::AwsIdentity(AwsIdentity {
            account: "123456789012".into(),
            arn: Matcher::Pattern(pattern("arn:aws:sts::123456789012:assumed-role/ci/.*")),
            user_id: Matcher::Exact("AROAEXAMPLE:run".into()),
        });
        let json = relationship_json(&rel).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"awsIdentity": {"account": "123456789012",
                "arn": {"pattern": "arn:aws:sts::123456789012:assumed-role/ci/.*"},
                "userId": {"exact": "AROAEXAMPLE:run"}}})
        );
        assert_eq!(relationship_from_json("u", json).unwrap(), rel);
    }

    #[test]
    fn an_unreadable_relationship_is_internal() {
        let err = relationship_from_json("u", serde_json::json!({"other": {}})).unwrap_err();
        assert_eq!(err.code(), grove_domain::Code::Internal);
        let err = relationship_from_json(
            "u",
            serde_json::json!({"claimMatch": {"issuer": {"pattern": "("}, "subject": {"exact": "s"},
                "audience": null, "claims": {}, "claimPatterns": {}}}),
        )
        .unwrap_err();
        assert_eq!(err.code(), grove_domain::Code::Internal);
    }

    #[test]
    fn capabilities_are_stored_as_their_public_numbers() {
        let caps: CapabilitySet = [Capability::TagList, Capability::GroupsCreate].into_iter().collect();
        let numbers = capability_numbers(&caps);
        assert_eq!(numbers, vec![Some(101), Some(1613)]);
        assert_eq!(capabilities_from("role", "u", &numbers).unwrap(), caps);
        assert!(capabilities_from("role", "u", &[Some(7)]).is_err());
        assert!(capabilities_from("role", "u", &[None]).is_err());
    }
}
