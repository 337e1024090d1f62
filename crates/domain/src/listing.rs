//! List queries: filters, visibility, ordering, keyset cursors and opaque page tokens.
//!
//! The rules live here; transports only read parameters and stores only run the seek query
//! described by [`ListQuery`].

use std::marker::PhantomData;
use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use rand::RngCore as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::error::{Error, Result};
use crate::model::{AdvisoryFilter, RelationshipType};
use crate::ports::Clock;
use crate::uidp::Uidp;
use crate::xchacha::{XChaCha20Poly1305, NONCE_LEN, TAG_LEN};

/// Results per page when the client does not say.
pub const DEFAULT_PAGE_SIZE: u32 = 50;
/// The most results a page holds; larger requests are lowered to this.
pub const MAX_PAGE_SIZE: u32 = 200;
/// The most matches a list counts row by row: a first page costs about what a later page
/// costs at any size because its count stops here. Above it `totalCount` is left out (the
/// public API makes it optional, "for UI pagination"): a console shows "more than 1 000".
/// Plain `descendants_of` group lists are counted exactly from counters instead
/// ([`ListQuery::descendant_total`]).
pub const COUNT_CAP: u64 = 1_000;
/// The most subtrees below a filtered group whose descendant counters a total is read from
/// ([`ListQuery::descendant_total`]): a few array elements, so that the counters' statement
/// keeps one plan; beyond it the total is the capped count, whose plan is the same at any
/// number of scopes.
pub const MAX_COUNTED_SUBTREES: usize = 8;
/// How long a page token stays valid; an older token is `INVALID_ARGUMENT` on `page_token`
/// rather than a silent restart at page one, so a client slower than this cannot loop.
pub const PAGE_TOKEN_LIFETIME_MS: i64 = 3 * 24 * 60 * 60 * 1000;
/// Version 1 tokens were signed JSON; version 2 tokens are encrypted and caller-bound;
/// version 3 tokens write "more than [`COUNT_CAP`]" as `u64::MAX`, since a total above the cap
/// may now be exact ([`StorePage::exact`]); version 4 tokens name the list they page.
const TOKEN_VERSION: u8 = 4;
/// Versions 2 and 3 name no list, so they cannot be bound to one: once authenticated they are
/// refused as expired (they were minted before the upgrade, and a client starts again).
const LISTLESS_TOKEN_VERSIONS: [u8; 2] = [2, 3];
/// How a token writes a total of more than [`COUNT_CAP`] matches that nobody counted exactly.
const ABOVE_CAP: u64 = u64::MAX;
const CALLER_DIGEST_LEN: usize = 16;
const VISIBILITY_DIGEST_LEN: usize = 16;
const FILTER_DIGEST_LEN: usize = 8;

/// Hierarchy filters (`uidp.*`); several combine with AND.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UidpFilter {
    /// Strictly below this uid.
    pub descendants_of: Option<Uidp>,
    /// Directly below this uid.
    pub children_of: Option<Uidp>,
    /// Strictly above this uid.
    pub ancestors_of: Option<Uidp>,
    /// Only single-segment uids.
    pub in_root: bool,
    /// Only these uids (empty means no restriction).
    pub ids: Vec<Uidp>,
}

impl UidpFilter {
    /// True when `uid` passes every filter that is set.
    #[must_use]
    pub fn matches(&self, uid: &Uidp) -> bool {
        self.descendants_of.as_ref().is_none_or(|d| uid.is_descendant_of(d))
            && self.children_of.as_ref().is_none_or(|c| uid.parent().as_ref() == Some(c))
            && self.ancestors_of.as_ref().is_none_or(|a| a.is_descendant_of(uid))
            && (!self.in_root || uid.is_root())
            && (self.ids.is_empty() || self.ids.contains(uid))
    }

    /// The group whose descendants these hierarchy filters select when no other hierarchy
    /// filter is set.
    #[must_use]
    pub fn only_descendants_of(&self) -> Option<&Uidp> {
        // Destructured in full: a new hierarchy filter must decide here whether it narrows.
        let Self { descendants_of, children_of, ancestors_of, in_root, ids } = self;
        let alone = children_of.is_none() && ancestors_of.is_none() && !in_root && ids.is_empty();
        descendants_of.as_ref().filter(|_| alone)
    }
}

/// What a list may return, whatever the client asked for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListFilter {
    /// Hierarchy filters.
    pub uidp: UidpFilter,
    /// Exact name.
    pub name: Option<String>,
    /// Role bindings only: the bound identity.
    pub identity: Option<Uidp>,
    /// Role bindings only: the granted role.
    pub role: Option<Uidp>,
    /// Role bindings only: the group the binding grants in (the binding's parent).
    pub group: Option<Uidp>,
    /// Identities only: the kind of relationship.
    pub relationship_type: Option<RelationshipType>,
    /// Terms acceptances only: those of this group and of every group above it.
    pub terms_of: Option<Uidp>,
    /// External group role mappings only: those of this identity provider (its children).
    pub identity_provider: Option<Uidp>,
    /// Advisories only: their own filters.
    pub advisories: Option<Box<AdvisoryFilter>>,
    /// Group invites only: those whose code the key with this id signed.
    pub key_id: Option<String>,
    /// Tags only: `updated_since`, `digest` and the tag shapes left out.
    pub tag: crate::model::TagFilter,
    /// SCIM users only: `userName`, `externalId` and `active`.
    pub scim_users: Option<crate::model::ScimUserFilter>,
    /// Audit entries only: actor, types and time range.
    pub audit: Option<Box<crate::audit::AuditFilter>>,
    /// Dead letters only: those of this subscription.
    pub subscription: Option<Uidp>,
}

impl ListFilter {
    /// The group whose descendants this filter selects when that is all it selects: the one
    /// filter a store may count from per-group descendant counters.
    #[must_use]
    pub fn only_descendants_of(&self) -> Option<&Uidp> {
        // Destructured in full: a new filter field must decide here whether counters serve it.
        let Self {
            uidp,
            name,
            identity,
            role,
            group,
            relationship_type,
            terms_of,
            identity_provider,
            advisories,
            key_id,
            tag,
            scim_users,
            audit,
            subscription,
        } = self;
        let unfiltered = name.is_none()
            && identity.is_none()
            && role.is_none()
            && group.is_none()
            && relationship_type.is_none()
            && terms_of.is_none()
            && identity_provider.is_none()
            && advisories.is_none()
            && key_id.is_none()
            && *tag == crate::model::TagFilter::default()
            && scim_users.is_none()
            && audit.is_none()
            && subscription.is_none();
        uidp.only_descendants_of().filter(|_| unfiltered)
    }

    /// True when a role binding `uid` of `identity` to `role` passes the hierarchy filters and
    /// `identity`, `role` and `group` (a binding's group is its parent).
    #[must_use]
    pub fn matches_binding(&self, uid: &Uidp, identity: &Uidp, role: &Uidp) -> bool {
        self.uidp.matches(uid)
            && self.identity.as_ref().is_none_or(|i| i == identity)
            && self.role.as_ref().is_none_or(|r| r == role)
            && self.group.as_ref().is_none_or(|g| uid.parent().as_ref() == Some(g))
    }

    /// True when an identity whose relationship is of `kind` passes `relationship_type`.
    #[must_use]
    pub fn matches_relationship(&self, kind: RelationshipType) -> bool {
        self.relationship_type.is_none_or(|wanted| wanted == kind)
    }

    /// True when an acceptance made by `group` passes `terms_of` (it is that group's own or
    /// an ancestor's).
    #[must_use]
    pub fn matches_terms(&self, group: &Uidp) -> bool {
        self.terms_of.as_ref().is_none_or(|of| of.is_self_or_descendant_of(group))
    }

    /// True when a mapping `uid` belongs to the `identity_provider` filtered for.
    #[must_use]
    pub fn matches_identity_provider(&self, uid: &Uidp) -> bool {
        self.identity_provider.as_ref().is_none_or(|idp| uid.parent().as_ref() == Some(idp))
    }

    /// True when an invite whose code `key_id` signed passes the `key_id` filter.
    #[must_use]
    pub fn matches_key_id(&self, key_id: &str) -> bool {
        self.key_id.as_deref().is_none_or(|k| k == key_id)
    }

    /// A stable digest of the filter, bound into page tokens.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        hex::encode(self.digest())
    }

    fn digest(&self) -> [u8; FILTER_DIGEST_LEN] {
        let u = &self.uidp;
        let opt = |o: &Option<Uidp>| o.as_ref().map_or(String::new(), ToString::to_string);
        let ids: Vec<_> = u.ids.iter().map(Uidp::as_str).collect();
        let mut canonical = format!(
            "d={}\nc={}\na={}\nr={}\ni={}\nn={:?}\nid={}\nrole={}",
            opt(&u.descendants_of),
            opt(&u.children_of),
            opt(&u.ancestors_of),
            u.in_root,
            ids.join(","),
            self.name,
            opt(&self.identity),
            opt(&self.role),
        );
        // Appended only when set, so tokens issued before these filters existed stay valid.
        if let Some(group) = &self.group {
            canonical.push_str(&format!("\ngroup={group}"));
        }
        if let Some(kind) = self.relationship_type {
            canonical.push_str(&format!("\nrelationship_type={}", kind.as_str()));
        }
        if let Some(of) = &self.terms_of {
            canonical.push_str(&format!("\nterms_of={of}"));
        }
        if let Some(idp) = &self.identity_provider {
            canonical.push_str(&format!("\nidentity_provider={idp}"));
        }
        if let Some(advisories) = &self.advisories {
            canonical.push_str(&format!("\nadvisories={}", advisories.canonical()));
        }
        if let Some(key_id) = &self.key_id {
            canonical.push_str(&format!("\nkey_id={key_id}"));
        }
        if self.tag.is_set() {
            canonical.push_str(&format!("\ntag={}", self.tag.canonical()));
        }
        if let Some(scim_users) = &self.scim_users {
            canonical.push_str(&format!("\nscim_users={}", scim_users.canonical()));
        }
        if let Some(audit) = &self.audit {
            canonical.push_str(&format!("\naudit={}", audit.canonical()));
        }
        if let Some(subscription) = &self.subscription {
            canonical.push_str(&format!("\nsubscription={subscription}"));
        }
        digest("filter", &canonical)
    }
}

/// The groups whose subtrees a caller may see: sorted, without duplicates, and none inside
/// another (a scope covered by a broader one is dropped when the set is built).
///
/// Built once per set of grants and shared ([`Arc`]): a caller bound in 100 000 groups pays
/// the sort once per grants-cache fill, not per request. Because no scope lies inside another,
/// the only scope that can hold a uid is the greatest one not after it, so [`Self::covers`]
/// is a binary search whatever the number of scopes.
#[derive(Clone)]
pub struct Scopes {
    uids: Arc<[Uidp]>,
    digest: [u8; VISIBILITY_DIGEST_LEN],
}

impl Scopes {
    /// The scopes of `uids`, with duplicates and scopes inside others dropped.
    #[must_use]
    pub fn new(uids: impl IntoIterator<Item = Uidp>) -> Self {
        let mut sorted: Vec<Uidp> = uids.into_iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        // In uid order a subtree follows its root without a gap (`[s, s + "0")`), so a scope
        // is covered exactly when it lies inside the last one kept.
        let mut kept: Vec<Uidp> = Vec::with_capacity(sorted.len());
        for uid in sorted {
            if kept.last().is_none_or(|last| !uid.is_descendant_of(last)) {
                kept.push(uid);
            }
        }
        let mut text = String::with_capacity(kept.iter().map(|u| u.as_str().len() + 1).sum());
        for (i, uid) in kept.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(uid.as_str());
        }
        Self { uids: kept.into(), digest: digest("scopes", &text) }
    }

    /// No scope at all.
    #[must_use]
    pub fn none() -> Self {
        Self::new(std::iter::empty())
    }

    /// These scopes and `uid`, collapsed again.
    #[must_use]
    pub fn with(&self, uid: Uidp) -> Self {
        if self.covers(&uid) {
            return self.clone();
        }
        Self::new(self.uids.iter().cloned().chain([uid]))
    }

    /// The scope that holds `uid` (it or one of its ancestors), if any.
    #[must_use]
    pub fn scope_of(&self, uid: &Uidp) -> Option<&Uidp> {
        let after = self.uids.partition_point(|scope| scope <= uid);
        after.checked_sub(1).map(|i| &self.uids[i]).filter(|scope| uid.is_self_or_descendant_of(scope))
    }

    /// True when `uid` is one of the scopes or lies below one.
    #[must_use]
    pub fn covers(&self, uid: &Uidp) -> bool {
        self.scope_of(uid).is_some()
    }

    /// The scopes strictly below `root`, in uid order (a contiguous run of the sorted set).
    #[must_use]
    pub fn below(&self, root: &Uidp) -> &[Uidp] {
        let lo = self.uids.partition_point(|scope| scope <= root);
        let len = self.uids[lo..].partition_point(|scope| scope.is_descendant_of(root));
        &self.uids[lo..lo + len]
    }

    /// The scopes in uid order.
    #[must_use]
    pub fn as_slice(&self) -> &[Uidp] {
        &self.uids
    }
}

impl std::ops::Deref for Scopes {
    type Target = [Uidp];

    fn deref(&self) -> &[Uidp] {
        &self.uids
    }
}

impl From<Vec<Uidp>> for Scopes {
    fn from(uids: Vec<Uidp>) -> Self {
        Self::new(uids)
    }
}

impl FromIterator<Uidp> for Scopes {
    fn from_iter<I: IntoIterator<Item = Uidp>>(uids: I) -> Self {
        Self::new(uids)
    }
}

impl PartialEq for Scopes {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.uids, &other.uids) || self.uids == other.uids
    }
}

impl Eq for Scopes {}

impl std::fmt::Debug for Scopes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const SHOWN: usize = 8;
        let mut list = f.debug_list();
        list.entries(self.uids.iter().take(SHOWN));
        if self.uids.len() > SHOWN {
            list.entry(&format_args!("… {} scopes in all", self.uids.len()));
        }
        list.finish()
    }
}

/// Which resources the caller may see in a list: those at or below one of `scopes`
/// (all when `scopes` is `None`), plus root-level ones when `root_level` is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visibility {
    /// Groups whose subtrees are visible; `None` means everything.
    pub scopes: Option<Scopes>,
    /// Root-level resources (built-in roles) are visible too.
    pub root_level: bool,
}

impl Visibility {
    /// Everything is visible (system callers).
    #[must_use]
    pub fn everything() -> Self {
        Self { scopes: None, root_level: true }
    }

    /// True when `uid` is visible: a binary search in the scopes, whatever their number.
    #[must_use]
    pub fn allows(&self, uid: &Uidp) -> bool {
        (self.root_level && uid.is_root()) || self.scopes.as_ref().is_none_or(|scopes| scopes.covers(uid))
    }

    /// A stable digest of what is visible (the scopes' digest is computed once, when they are
    /// built).
    fn digest(&self) -> [u8; VISIBILITY_DIGEST_LEN] {
        let scopes = self.scopes.as_ref().map_or_else(|| "*".to_owned(), |scopes| hex::encode(scopes.digest));
        digest("visibility", &format!("root_level={}\nscopes={scopes}", self.root_level))
    }
}

/// A field a list can be ordered by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SortField {
    /// The uid (the default).
    Uid,
    /// The name.
    Name,
    /// `created_at` / `create_time`.
    CreateTime,
    /// `updated_at` / `update_time`.
    UpdateTime,
}

impl SortField {
    fn parse(s: &str) -> Option<Self> {
        match s {
            "uid" => Some(Self::Uid),
            "name" => Some(Self::Name),
            "created_at" | "create_time" | "createTime" => Some(Self::CreateTime),
            "updated_at" | "update_time" | "updateTime" => Some(Self::UpdateTime),
            _ => None,
        }
    }

    const fn code(self) -> u8 {
        match self {
            Self::Uid => 0,
            Self::Name => 1,
            Self::CreateTime => 2,
            Self::UpdateTime => 3,
        }
    }

    const fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(Self::Uid),
            1 => Some(Self::Name),
            2 => Some(Self::CreateTime),
            3 => Some(Self::UpdateTime),
            _ => None,
        }
    }

    /// The canonical spelling.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Uid => "uid",
            Self::Name => "name",
            Self::CreateTime => "created_at",
            Self::UpdateTime => "updated_at",
        }
    }
}

/// Ascending or descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Smallest first.
    Asc,
    /// Largest first.
    Desc,
}

impl Direction {
    const fn code(self) -> u8 {
        match self {
            Self::Asc => 0,
            Self::Desc => 1,
        }
    }

    const fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(Self::Asc),
            1 => Some(Self::Desc),
            _ => None,
        }
    }
}

/// A list order: the field, then the uid as tie-breaker, both in `direction`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ordering {
    /// The sort field.
    pub field: SortField,
    /// The direction of both the field and the uid tie-breaker.
    pub direction: Direction,
}

impl Default for Ordering {
    fn default() -> Self {
        Self { field: SortField::Uid, direction: Direction::Asc }
    }
}

impl Ordering {
    /// Parses `order_by` (`"<field>[ asc| desc]"`), allowing only `allowed` fields.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `order_by` for an unknown or disallowed field or direction.
    pub fn parse(order_by: Option<&str>, allowed: &[SortField]) -> Result<Self> {
        Self::parse_or(order_by, allowed, Self::default())
    }

    /// As [`Self::parse`], with `default` when `order_by` is absent or blank.
    ///
    /// # Errors
    /// As [`Self::parse`].
    pub fn parse_or(order_by: Option<&str>, allowed: &[SortField], default: Self) -> Result<Self> {
        let Some(text) = order_by.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(default);
        };
        let allowed_text = || allowed.iter().map(|f| f.as_str()).collect::<Vec<_>>().join(", ");
        let invalid = || {
            Error::invalid(
                "order_by",
                format!("order_by must be one of {} optionally followed by \" asc\" or \" desc\"", allowed_text()),
            )
        };
        let mut words = text.split_whitespace();
        let field = words.next().and_then(SortField::parse).filter(|f| allowed.contains(f)).ok_or_else(invalid)?;
        let direction = match words.next().map(str::to_ascii_lowercase).as_deref() {
            None | Some("asc") => Direction::Asc,
            Some("desc") => Direction::Desc,
            Some(_) => return Err(invalid()),
        };
        if words.next().is_some() {
            return Err(invalid());
        }
        Ok(Self { field, direction })
    }
}

/// The value of a row's sort field, as the cursor remembers it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SortKey {
    /// Ordering by uid: the uid alone is the key.
    Uid,
    /// A text field (name).
    Text(String),
    /// A time field, in Unix milliseconds.
    Time(i64),
}

/// Which list a page token pages: a token of one list is refused by every other, whatever
/// their filters (the default filter of two lists digests alike).
///
/// The codes are written into tokens: never reuse or renumber one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// Groups.
    Groups,
    /// Identities.
    Identities,
    /// Roles.
    Roles,
    /// Role bindings.
    RoleBindings,
    /// Identity providers.
    IdentityProviders,
    /// External group role mappings of identity providers.
    ExternalGroupRoleMappings,
    /// Group invites.
    GroupInvites,
    /// Account associations.
    AccountAssociations,
    /// Terms acceptances.
    TermsAcceptances,
    /// Registry repos.
    Repos,
    /// Registry tags.
    Tags,
    /// Advisories.
    Advisories,
    /// Event subscriptions.
    Subscriptions,
    /// SCIM users of an identity provider.
    ScimUsers,
    /// Audit entries.
    AuditEntries,
    /// Dead letters (webhook deliveries given up).
    DeadLetters,
}

impl ListKind {
    /// The byte a token writes for this list.
    const fn code(self) -> u8 {
        match self {
            Self::Groups => 1,
            Self::Identities => 2,
            Self::Roles => 3,
            Self::RoleBindings => 4,
            Self::IdentityProviders => 5,
            Self::ExternalGroupRoleMappings => 6,
            Self::GroupInvites => 7,
            Self::AccountAssociations => 8,
            Self::TermsAcceptances => 9,
            Self::Repos => 10,
            Self::Tags => 11,
            Self::Advisories => 12,
            Self::Subscriptions => 13,
            Self::ScimUsers => 14,
            Self::AuditEntries => 15,
            Self::DeadLetters => 16,
        }
    }
}

/// Gives the sort key of a resource for a [`SortField`], and names the list its rows are
/// pages of: the pager binds each page token to that list ([`ListKind`]).
pub trait Sortable {
    /// The list whose rows these are. Each resource is listed by one list, so the row type
    /// names it and no service can pass the wrong one.
    const LIST: ListKind;
    /// The resource's uid (the tie-breaker).
    fn uid(&self) -> &Uidp;
    /// The value of `field` for this resource.
    fn sort_key(&self, field: SortField) -> SortKey;
}

/// The position after which a page starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    /// The last returned row's sort key.
    pub key: SortKey,
    /// The last returned row's uid.
    pub uid: Uidp,
}

impl Cursor {
    /// True when a row with `key`/`uid` comes strictly after the cursor in `direction`.
    #[must_use]
    pub fn precedes(&self, key: &SortKey, uid: &Uidp, direction: Direction) -> bool {
        let row = (key, uid.as_str());
        let cur = (&self.key, self.uid.as_str());
        match direction {
            Direction::Asc => row > cur,
            Direction::Desc => row < cur,
        }
    }
}

/// The seek query a store runs: filter and visibility, order, start after `after`, skip,
/// then at most `limit` rows; plus the count of all rows matching filter and visibility.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery {
    /// What the client asked for.
    pub filter: ListFilter,
    /// What the caller may see.
    pub visibility: Visibility,
    /// The order, with the uid tie-breaker.
    pub order: Ordering,
    /// Start strictly after this position.
    pub after: Option<Cursor>,
    /// Rows to skip after the cursor position.
    pub skip: u64,
    /// Rows to return at most.
    pub limit: u64,
    /// Whether to count every match. When false the store may skip the count and report
    /// `total` 0: the caller already knows it (its page token carries the total counted
    /// under the same visibility).
    pub count_total: bool,
}

impl ListQuery {
    /// A query for every visible row matching `filter`, in uid order (internal callers).
    #[must_use]
    pub fn all(filter: ListFilter, visibility: Visibility, limit: u64) -> Self {
        Self { filter, visibility, order: Ordering::default(), after: None, skip: 0, limit, count_total: true }
    }

    /// True when every row the hierarchy filter can select is visible, so a store need not
    /// test visibility row by row: the caller sees everything, or the filter's
    /// `descendants_of` or `children_of` group lies in (or is) one of the caller's scopes.
    /// An owner listing their own organization is the common case.
    #[must_use]
    pub fn filter_is_within_visibility(&self) -> bool {
        let Some(scopes) = &self.visibility.scopes else { return true };
        let uidp = &self.filter.uidp;
        [&uidp.descendants_of, &uidp.children_of].into_iter().flatten().any(|group| scopes.covers(group))
    }

    /// How a group store counts this query exactly from per-group descendant counters, when
    /// it can: the filter is a plain `uidp.descendants_of` ([`ListFilter::only_descendants_of`]),
    /// and the caller sees either the whole subtree or at most [`MAX_COUNTED_SUBTREES`]
    /// subtrees inside it. A caller who sees more subtrees is counted like any other list, up
    /// to [`COUNT_CAP`]: reading counters costs a lookup per subtree, so a caller bound in
    /// 10 000 groups would pay 10 000 of them for every first page.
    #[must_use]
    pub fn descendant_total(&self) -> Option<DescendantTotal<'_>> {
        let root = self.filter.only_descendants_of()?;
        let Some(scopes) = &self.visibility.scopes else {
            return Some(DescendantTotal::Whole(root));
        };
        if scopes.covers(root) {
            return Some(DescendantTotal::Whole(root));
        }
        // Scopes never lie inside one another, so those below the root are its outermost.
        let below = scopes.below(root);
        (below.len() <= MAX_COUNTED_SUBTREES).then(|| DescendantTotal::Subtrees(below.iter().collect()))
    }
}

/// The exact total of a plain `uidp.descendants_of` group list under the caller's visibility,
/// as sums of per-group descendant counters ([`ListQuery::descendant_total`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DescendantTotal<'a> {
    /// The caller sees every descendant of this group: the total is its counter.
    Whole(&'a Uidp),
    /// The caller sees only these subtrees strictly below the filtered group, none inside
    /// another: the total is, for each, the group itself (if it exists) plus its counter.
    Subtrees(Vec<&'a Uidp>),
}

/// What a store returns for a [`ListQuery`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorePage<T> {
    /// The rows, in order, at most `limit`.
    pub items: Vec<T>,
    /// Every row matching filter and visibility, regardless of cursor and skip, counted up to
    /// [`COUNT_CAP`] + 1 (so a value above the cap means "more than the cap") unless `exact`;
    /// 0 when the query did not ask for the count.
    pub total: u64,
    /// `total` is exact at any size: a group store read it from its descendant counters
    /// ([`ListQuery::descendant_total`]).
    pub exact: bool,
}

impl<T> StorePage<T> {
    /// A page whose total stops at [`COUNT_CAP`] + 1.
    #[must_use]
    pub fn capped(items: Vec<T>, total: u64) -> Self {
        Self { items, total, exact: false }
    }

    /// The total as a page reports it.
    fn counted(&self) -> Total {
        if self.exact || self.total <= COUNT_CAP {
            Total::Exact(self.total)
        } else {
            Total::AboveCap
        }
    }
}

/// How many rows a list matches, as the first page learned it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Total {
    /// Exactly this many.
    Exact(u64),
    /// More than [`COUNT_CAP`]; `totalCount` is left out.
    AboveCap,
}

impl Total {
    /// The total as a token writes it.
    fn encode(self) -> u64 {
        match self {
            Self::Exact(n) => n,
            Self::AboveCap => ABOVE_CAP,
        }
    }

    /// The total a token wrote.
    fn decode(written: u64) -> Self {
        if written == ABOVE_CAP {
            Self::AboveCap
        } else {
            Self::Exact(written)
        }
    }
}

/// Paging parameters exactly as the client sent them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageRequest {
    /// `page_size`.
    pub page_size: Option<i64>,
    /// `page_token`.
    pub page_token: Option<String>,
    /// `order_by`.
    pub order_by: Option<String>,
    /// `skip`.
    pub skip: Option<i64>,
}

/// One page of results, ready for the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    /// The results.
    pub items: Vec<T>,
    /// The token for the next page; `None` on the last page.
    pub next_page_token: Option<String>,
    /// Every match of the filter, over all pages; `None` when there are more than
    /// [`COUNT_CAP`] and the store counted only up to the cap ([`StorePage::exact`]).
    pub total_count: Option<u64>,
    /// Echo of `skip`.
    pub skipped: u64,
}

impl<T> Page<T> {
    /// Converts every item, keeping the paging fields.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            next_page_token: self.next_page_token,
            total_count: self.total_count,
            skipped: self.skipped,
        }
    }
}

/// What a page token holds once opened: who it was issued to, for which list and query, where
/// the next page starts, and the total counted under that caller's visibility.
///
/// Encoded as fixed-width fields, then the cursor: list code (1 byte), caller digest (16 bytes), visibility
/// digest (16), filter digest (8), sort field (1), direction (1), issue time in Unix
/// milliseconds (8, big-endian), total (8, big-endian), sort key (a tag byte: 0 uid alone,
/// 1 text with a 4-byte length, 2 time with 8 bytes of Unix milliseconds), and the cursor
/// uid in the remaining bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TokenBody {
    list: u8,
    caller: [u8; CALLER_DIGEST_LEN],
    visibility: [u8; VISIBILITY_DIGEST_LEN],
    filter: [u8; FILTER_DIGEST_LEN],
    order: Ordering,
    issued_at: i64,
    total: Total,
    key: SortKey,
    uid: Uidp,
}

impl TokenBody {
    /// The length of the body's encoding ([`Self::encode_into`]).
    fn encoded_len(&self) -> usize {
        let key = match &self.key {
            SortKey::Uid => 0,
            SortKey::Text(text) => 4 + text.len(),
            SortKey::Time(_) => 8,
        };
        1 + CALLER_DIGEST_LEN
            + VISIBILITY_DIGEST_LEN
            + FILTER_DIGEST_LEN
            + 2
            + 8
            + 8
            + 1
            + key
            + self.uid.as_str().len()
    }

    #[cfg(test)]
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.encoded_len());
        self.encode_into(&mut out);
        out
    }

    /// Appends the body's encoding to `out`.
    fn encode_into(&self, out: &mut Vec<u8>) {
        out.push(self.list);
        out.extend_from_slice(&self.caller);
        out.extend_from_slice(&self.visibility);
        out.extend_from_slice(&self.filter);
        out.push(self.order.field.code());
        out.push(self.order.direction.code());
        out.extend_from_slice(&self.issued_at.to_be_bytes());
        out.extend_from_slice(&self.total.encode().to_be_bytes());
        match &self.key {
            SortKey::Uid => out.push(0),
            SortKey::Text(text) => {
                out.push(1);
                // Sort keys are names, far below 4 GiB; a longer one would only fail to open.
                out.extend_from_slice(&u32::try_from(text.len()).unwrap_or(u32::MAX).to_be_bytes());
                out.extend_from_slice(text.as_bytes());
            }
            SortKey::Time(millis) => {
                out.push(2);
                out.extend_from_slice(&millis.to_be_bytes());
            }
        }
        out.extend_from_slice(self.uid.as_str().as_bytes());
    }

    fn decode(bytes: &[u8]) -> Option<Self> {
        let mut r = Reader(bytes);
        let [list] = r.array()?;
        let caller = r.array()?;
        let visibility = r.array()?;
        let filter = r.array()?;
        let [field] = r.array()?;
        let [direction] = r.array()?;
        let order = Ordering { field: SortField::from_code(field)?, direction: Direction::from_code(direction)? };
        let issued_at = i64::from_be_bytes(r.array()?);
        let total = Total::decode(u64::from_be_bytes(r.array()?));
        let key = match r.array()? {
            [0] => SortKey::Uid,
            [1] => {
                let len = usize::try_from(u32::from_be_bytes(r.array()?)).ok()?;
                SortKey::Text(std::str::from_utf8(r.take(len)?).ok()?.to_owned())
            }
            [2] => SortKey::Time(i64::from_be_bytes(r.array()?)),
            _ => return None,
        };
        let uid = Uidp::parse(std::str::from_utf8(r.0).ok()?).ok()?;
        Some(Self { list, caller, visibility, filter, order, issued_at, total, key, uid })
    }
}

/// Reads fields off the front of a byte string.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }

    fn take(&mut self, len: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(len)?;
        self.0 = rest;
        Some(head)
    }
}

/// The first `N` bytes of SHA-256 over `label`, a zero byte and `text`.
fn digest<const N: usize>(label: &str, text: &str) -> [u8; N] {
    let hash = Sha256::new().chain_update(label).chain_update([0]).chain_update(text).finalize();
    let mut out = [0u8; N];
    out.iter_mut().zip(hash).for_each(|(o, h)| *o = h);
    out
}

/// Which caller a token was issued to, without naming it.
fn caller_digest(caller: &Uidp) -> [u8; CALLER_DIGEST_LEN] {
    digest("caller", caller.as_str())
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    // HMAC accepts keys of any length, so construction cannot fail.
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// The token encryption key: HKDF-SHA256 (RFC 5869) of the paging secret, one output block.
fn token_key(secret: &[u8]) -> [u8; 32] {
    let prk = hmac_sha256(b"grove page token", secret);
    hmac_sha256(&prk, b"page token encryption key v2\x01")
}

fn not_issued_here() -> Error {
    Error::invalid("page_token", "page_token is not a token this server issued")
}

fn expired() -> Error {
    Error::invalid("page_token", "page_token has expired; start again without it")
}

/// What [`Pager::unseal`] found.
enum Unsealed {
    /// A current token's body.
    Body(TokenBody),
    /// A token this server sealed before tokens named their list.
    Listless,
}

/// Plans list queries from [`PageRequest`]s and turns store pages into [`Page`]s with
/// expiring page tokens, encrypted and bound to the caller they were issued to.
pub struct Pager {
    cipher: XChaCha20Poly1305,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Pager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pager").finish_non_exhaustive()
    }
}

/// A planned list of `T` rows: the store query plus what is needed to finish the page. The
/// row type is inferred from the store page handed to [`Pager::finish`], and names the list
/// the page token is bound to ([`Sortable::LIST`]).
pub struct Plan<T> {
    /// The query to hand to the store.
    pub query: ListQuery,
    page_size: u32,
    caller: Uidp,
    known_total: Option<Total>,
    /// The digests of the caller, filter and visibility, when opening a page token needed
    /// them already (each is a SHA-256 of a string built for it), for the next token. A
    /// first page that fits whole needs none of them.
    digests: Option<QueryDigests>,
    rows: PhantomData<fn() -> T>,
}

// Written out rather than derived: a derive would ask the row type to be `Debug` and `Clone`
// too, though a plan holds no row.
impl<T> std::fmt::Debug for Plan<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plan")
            .field("list", &std::any::type_name::<T>())
            .field("query", &self.query)
            .field("page_size", &self.page_size)
            .field("known_total", &self.known_total)
            .finish_non_exhaustive()
    }
}

impl<T> Clone for Plan<T> {
    fn clone(&self) -> Self {
        Self {
            query: self.query.clone(),
            page_size: self.page_size,
            caller: self.caller.clone(),
            known_total: self.known_total,
            digests: self.digests,
            rows: PhantomData,
        }
    }
}

/// The digests of a query's caller, filter and visibility, as page tokens carry them.
#[derive(Debug, Clone, Copy)]
struct QueryDigests {
    caller: [u8; CALLER_DIGEST_LEN],
    filter: [u8; FILTER_DIGEST_LEN],
    visibility: [u8; VISIBILITY_DIGEST_LEN],
}

impl QueryDigests {
    fn of(caller: &Uidp, query: &ListQuery) -> Self {
        Self { caller: caller_digest(caller), filter: query.filter.digest(), visibility: query.visibility.digest() }
    }
}

impl Pager {
    /// A pager whose tokens are encrypted under a key derived from `secret`.
    #[must_use]
    pub fn new(secret: Vec<u8>, clock: Arc<dyn Clock>) -> Self {
        Self { cipher: XChaCha20Poly1305::new(token_key(&secret)), clock }
    }

    /// Validates paging parameters and builds the store query for `filter` as `caller` sees
    /// it with `visibility`.
    ///
    /// A token's total is reused only when `caller` presents it with the visibility it was
    /// counted under; when the caller's grants changed since, the cursor holds and the store
    /// counts again.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a negative `page_size` or `skip`, an `order_by` outside
    /// `sortable`, or a page token that is forged, corrupt, issued to another caller, for
    /// another list (`T`'s, [`Sortable::LIST`]) or for another filter or order, or expired
    /// (older than [`PAGE_TOKEN_LIFETIME_MS`]).
    pub fn plan<T: Sortable>(
        &self,
        request: &PageRequest,
        caller: &Uidp,
        filter: ListFilter,
        visibility: Visibility,
        sortable: &[SortField],
    ) -> Result<Plan<T>> {
        self.plan_ordered(request, caller, filter, visibility, sortable, Ordering::default())
    }

    /// As [`Self::plan`] for a resource whose default order is `default` rather than `uid asc`.
    ///
    /// # Errors
    /// As [`Self::plan`].
    pub fn plan_ordered<T: Sortable>(
        &self,
        request: &PageRequest,
        caller: &Uidp,
        filter: ListFilter,
        visibility: Visibility,
        sortable: &[SortField],
        default: Ordering,
    ) -> Result<Plan<T>> {
        let page_size = match request.page_size {
            None | Some(0) => DEFAULT_PAGE_SIZE,
            Some(n) if n < 0 => return Err(Error::invalid("page_size", "page_size must not be negative")),
            Some(n) => u32::try_from(n).unwrap_or(MAX_PAGE_SIZE).min(MAX_PAGE_SIZE),
        };
        let skip = match request.skip {
            None => 0,
            Some(n) => u64::try_from(n).map_err(|_| Error::invalid("skip", "skip must not be negative"))?,
        };
        let order = Ordering::parse_or(request.order_by.as_deref(), sortable, default)?;
        let mut query = ListQuery {
            filter,
            visibility,
            order,
            after: None,
            skip,
            limit: u64::from(page_size) + 1,
            count_total: true,
        };
        let (mut known_total, mut digests) = (None, None);
        if let Some(token) = request.page_token.as_deref().filter(|t| !t.is_empty()) {
            let opened = QueryDigests::of(caller, &query);
            let (cursor, total) = self.open_token(token, T::LIST, order, opened)?;
            query.after = Some(cursor);
            known_total = total;
            digests = Some(opened);
        }
        query.count_total = known_total.is_none();
        Ok(Plan { query, page_size, caller: caller.clone(), known_total, digests, rows: PhantomData })
    }

    /// The cursor of a valid token of `list`, with its total when it was counted under the
    /// same visibility. Checked in this order, so the answer names the first thing to fix:
    /// sealed here, issued to this caller, for this list, for this filter and order, not
    /// expired.
    fn open_token(
        &self,
        token: &str,
        list: ListKind,
        order: Ordering,
        digests: QueryDigests,
    ) -> Result<(Cursor, Option<Total>)> {
        let body = match self.unseal(token).ok_or_else(not_issued_here)? {
            Unsealed::Body(body) => body,
            Unsealed::Listless => return Err(expired()),
        };
        if body.caller != digests.caller {
            return Err(Error::invalid(
                "page_token",
                "page_token was issued to another caller; start again without page_token",
            ));
        }
        if body.list != list.code() {
            return Err(Error::invalid(
                "page_token",
                "page_token was issued for another list; start again without page_token",
            ));
        }
        if body.order != order || body.filter != digests.filter {
            return Err(Error::invalid(
                "page_token",
                "page_token was issued for a different filter or order_by; repeat the original query parameters",
            ));
        }
        // An expired token is refused rather than restarted: a restart would hand a client
        // that pages slower than the lifetime page one again, and it would loop for ever.
        if self.clock.now().unix_millis().saturating_sub(body.issued_at) > PAGE_TOKEN_LIFETIME_MS {
            return Err(expired());
        }
        let total = (body.visibility == digests.visibility).then_some(body.total);
        Ok((Cursor { key: body.key, uid: body.uid }, total))
    }

    /// Turns the store's answer to `plan.query` into a page, minting the next token when
    /// more rows follow. The total is counted with the first page and carried by the tokens,
    /// so later pages of the same caller with the same visibility repeat it instead of
    /// counting again.
    #[must_use]
    pub fn finish<T: Sortable>(&self, plan: &Plan<T>, mut page: StorePage<T>) -> Page<T> {
        let total = plan.known_total.unwrap_or_else(|| page.counted());
        let more = page.items.len() > plan.page_size as usize;
        page.items.truncate(plan.page_size as usize);
        let next_page_token = match page.items.last() {
            Some(last) if more => Some(self.seal(&{
                let digests = plan.digests.unwrap_or_else(|| QueryDigests::of(&plan.caller, &plan.query));
                TokenBody {
                    list: T::LIST.code(),
                    caller: digests.caller,
                    visibility: digests.visibility,
                    filter: digests.filter,
                    order: plan.query.order,
                    issued_at: self.clock.now().unix_millis(),
                    total,
                    key: last.sort_key(plan.query.order.field),
                    uid: last.uid().clone(),
                }
            })),
            _ => None,
        };
        let total_count = match total {
            Total::Exact(n) => Some(n),
            Total::AboveCap => None,
        };
        Page { items: page.items, next_page_token, total_count, skipped: plan.query.skip }
    }

    /// `base64url(version ‖ nonce ‖ XChaCha20-Poly1305(body))`, the version authenticated too.
    fn seal(&self, body: &TokenBody) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::thread_rng().fill_bytes(&mut nonce);
        let mut sealed = Vec::with_capacity(1 + NONCE_LEN + body.encoded_len() + TAG_LEN);
        sealed.push(TOKEN_VERSION);
        sealed.extend_from_slice(&nonce);
        body.encode_into(&mut sealed);
        let tag = self.cipher.seal_in_place(&nonce, &[TOKEN_VERSION], &mut sealed[1 + NONCE_LEN..]);
        sealed.extend_from_slice(&tag);
        URL_SAFE_NO_PAD.encode(sealed)
    }

    /// What a token this pager sealed holds; `None` for anything else.
    fn unseal(&self, token: &str) -> Option<Unsealed> {
        let mut sealed = URL_SAFE_NO_PAD.decode(token).ok()?;
        let (&mut version, rest) = sealed.split_first_mut()?;
        if version != TOKEN_VERSION && !LISTLESS_TOKEN_VERSIONS.contains(&version) {
            return None;
        }
        let (nonce, ciphertext) = rest.split_first_chunk_mut::<NONCE_LEN>()?;
        let body = self.cipher.open_in_place(nonce, &[version], ciphertext)?;
        if version == TOKEN_VERSION {
            TokenBody::decode(body).map(Unsealed::Body)
        } else {
            Some(Unsealed::Listless)
        }
    }
}

/// Keeps the rows of `rows` that the query selects, in order, with skip and limit applied,
/// and counts all matches: the reference semantics every store must reproduce.
pub fn apply_in_memory<T: Sortable + Clone>(
    rows: impl Iterator<Item = T>,
    query: &ListQuery,
    matches: impl Fn(&T) -> bool,
) -> StorePage<T> {
    select_in_memory(rows, query, matches, false)
}

/// As [`apply_in_memory`], but `total` counts every match at any size ([`StorePage::exact`]):
/// what a group store reports for a plain `descendants_of` list ([`ListQuery::descendant_total`]).
pub fn apply_in_memory_counting_all<T: Sortable + Clone>(
    rows: impl Iterator<Item = T>,
    query: &ListQuery,
    matches: impl Fn(&T) -> bool,
) -> StorePage<T> {
    select_in_memory(rows, query, matches, true)
}

fn select_in_memory<T: Sortable + Clone>(
    rows: impl Iterator<Item = T>,
    query: &ListQuery,
    matches: impl Fn(&T) -> bool,
    exact: bool,
) -> StorePage<T> {
    let field = query.order.field;
    let mut selected: Vec<(SortKey, T)> =
        rows.filter(|r| query.visibility.allows(r.uid()) && matches(r)).map(|r| (r.sort_key(field), r)).collect();
    let matched = selected.len() as u64;
    selected.sort_by(|(ka, a), (kb, b)| {
        let ord = ka.cmp(kb).then_with(|| a.uid().as_str().cmp(b.uid().as_str()));
        match query.order.direction {
            Direction::Asc => ord,
            Direction::Desc => ord.reverse(),
        }
    });
    let items = selected
        .into_iter()
        .filter(|(k, r)| query.after.as_ref().is_none_or(|c| c.precedes(k, r.uid(), query.order.direction)))
        .skip(usize::try_from(query.skip).unwrap_or(usize::MAX))
        .take(usize::try_from(query.limit).unwrap_or(usize::MAX))
        .map(|(_, r)| r)
        .collect();
    if exact {
        StorePage { items, total: matched, exact }
    } else {
        StorePage::capped(items, matched.min(COUNT_CAP + 1))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicI64, Ordering as AtomicOrdering};

    use super::*;

    struct Manual(AtomicI64);

    impl Clock for Manual {
        fn now(&self) -> crate::time::Timestamp {
            crate::time::Timestamp::from_unix_millis(self.0.load(AtomicOrdering::SeqCst)).unwrap()
        }
    }

    #[derive(Clone)]
    struct Row {
        uid: Uidp,
        name: String,
    }

    impl Sortable for Row {
        const LIST: ListKind = ListKind::Groups;
        fn uid(&self) -> &Uidp {
            &self.uid
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            match field {
                SortField::Name => SortKey::Text(self.name.clone()),
                _ => SortKey::Uid,
            }
        }
    }

    /// A row of another list, sorting as [`Row`] does.
    #[derive(Clone)]
    struct OtherRow(Row);

    impl Sortable for OtherRow {
        const LIST: ListKind = ListKind::Identities;
        fn uid(&self) -> &Uidp {
            self.0.uid()
        }
        fn sort_key(&self, field: SortField) -> SortKey {
            self.0.sort_key(field)
        }
    }

    fn row(name: &str) -> Row {
        Row { uid: Uidp::random_root().random_child(), name: name.to_owned() }
    }

    fn pager() -> (Pager, Arc<Manual>) {
        let clock = Arc::new(Manual(AtomicI64::new(1_000)));
        (Pager::new(b"secret".to_vec(), clock.clone()), clock)
    }

    fn request(token: Option<String>) -> PageRequest {
        PageRequest { page_size: Some(2), page_token: token, order_by: Some("name".to_owned()), skip: None }
    }

    fn plan(pager: &Pager, caller: &Uidp, visibility: Visibility, token: Option<String>) -> Result<Plan<Row>> {
        pager.plan(&request(token), caller, ListFilter::default(), visibility, &[SortField::Uid, SortField::Name])
    }

    /// Page one for `caller`, whose store answer holds `rows` rows out of `total`.
    fn first_page(pager: &Pager, caller: &Uidp, visibility: Visibility, rows: &[Row], total: u64) -> Page<Row> {
        let plan = plan(pager, caller, visibility, None).unwrap();
        assert!(plan.query.count_total);
        pager.finish(&plan, StorePage::capped(rows.to_vec(), total))
    }

    fn three_rows() -> Vec<Row> {
        vec![row("alpha"), row("bravo"), row("charlie")]
    }

    fn only(scope: &Uidp) -> Visibility {
        Visibility { scopes: Some(vec![scope.clone()].into()), root_level: false }
    }

    #[test]
    fn the_first_page_counts_and_its_token_carries_the_total_to_later_pages() {
        let (pager, _) = pager();
        let caller = Uidp::random_root().random_child();
        let page = first_page(&pager, &caller, Visibility::everything(), &three_rows(), 45);
        assert_eq!(page.total_count, Some(45));
        let next = plan(&pager, &caller, Visibility::everything(), page.next_page_token).unwrap();
        assert!(!next.query.count_total, "a followed page does not count again");
        let later = pager.finish(&next, StorePage::capped(vec![row("delta")], 0));
        assert_eq!(later.total_count, Some(45));
    }

    #[test]
    fn a_count_at_the_cap_is_exact_and_one_above_it_leaves_the_total_out_on_every_page() {
        let (pager, _) = pager();
        let caller = Uidp::random_root().random_child();
        let exact = first_page(&pager, &caller, Visibility::everything(), &three_rows(), COUNT_CAP);
        assert_eq!(exact.total_count, Some(COUNT_CAP));
        let above = first_page(&pager, &caller, Visibility::everything(), &three_rows(), COUNT_CAP + 1);
        assert_eq!(above.total_count, None);
        let next = plan(&pager, &caller, Visibility::everything(), above.next_page_token).unwrap();
        assert!(!next.query.count_total, "a followed page does not count again");
        let later = pager.finish(&next, StorePage::capped(vec![row("delta")], 0));
        assert_eq!(later.total_count, None);
    }

    #[test]
    fn an_exact_total_above_the_cap_is_reported_on_every_page() {
        let (pager, _) = pager();
        let caller = Uidp::random_root().random_child();
        let plan_one = plan(&pager, &caller, Visibility::everything(), None).unwrap();
        let first = pager.finish(&plan_one, StorePage { items: three_rows(), total: COUNT_CAP + 1, exact: true });
        assert_eq!(first.total_count, Some(COUNT_CAP + 1), "counted exactly, so reported even at one above the cap");
        let next = plan(&pager, &caller, Visibility::everything(), first.next_page_token).unwrap();
        let later = pager.finish(&next, StorePage::capped(vec![row("delta")], 0));
        assert_eq!(later.total_count, Some(COUNT_CAP + 1));
    }

    #[test]
    fn a_total_above_the_cap_round_trips_as_exact_or_as_more_than_the_cap() {
        assert_eq!(Total::decode(Total::Exact(COUNT_CAP + 1).encode()), Total::Exact(COUNT_CAP + 1));
        assert_eq!(Total::decode(Total::AboveCap.encode()), Total::AboveCap);
    }

    /// A token sealed by `pager` under `version` around `body`, as an older server sealed it.
    fn sealed_as(pager: &Pager, version: u8, body: &[u8]) -> String {
        let nonce = [7u8; NONCE_LEN];
        let mut sealed = vec![version];
        sealed.extend_from_slice(&nonce);
        sealed.extend_from_slice(body);
        let tag = pager.cipher.seal_in_place(&nonce, &[version], &mut sealed[1 + NONCE_LEN..]);
        sealed.extend_from_slice(&tag);
        URL_SAFE_NO_PAD.encode(sealed)
    }

    #[test]
    fn a_version_2_or_3_token_names_no_list_and_is_refused_as_expired() {
        let (pager, clock) = pager();
        let caller = Uidp::random_root().random_child();
        let body = TokenBody {
            list: ListKind::Groups.code(),
            caller: caller_digest(&caller),
            visibility: Visibility::everything().digest(),
            filter: ListFilter::default().digest(),
            order: Ordering { field: SortField::Name, direction: Direction::Asc },
            issued_at: clock.now().unix_millis(),
            total: Total::Exact(3),
            key: SortKey::Text("bravo".to_owned()),
            uid: Uidp::random_root().random_child(),
        };
        // A version 3 body is a version 4 body without its leading list byte.
        let listless = &body.encode()[1..];
        for version in LISTLESS_TOKEN_VERSIONS {
            let token = sealed_as(&pager, version, listless);
            assert_eq!(plan(&pager, &caller, Visibility::everything(), Some(token)).unwrap_err(), expired());
        }
        let unknown = sealed_as(&pager, TOKEN_VERSION + 1, listless);
        assert_eq!(plan(&pager, &caller, Visibility::everything(), Some(unknown)).unwrap_err(), not_issued_here());
        let current = sealed_as(&pager, TOKEN_VERSION, &body.encode());
        let next = plan(&pager, &caller, Visibility::everything(), Some(current)).unwrap();
        assert_eq!(next.query.after.map(|c| c.uid), Some(body.uid), "the same body with its list opens");
    }

    #[test]
    fn a_token_of_another_list_is_invalid_argument_on_page_token_even_with_the_same_filter() {
        let (pager, _) = pager();
        let caller = Uidp::random_root().random_child();
        let token = first_page(&pager, &caller, Visibility::everything(), &three_rows(), 45).next_page_token;
        let other: Result<Plan<OtherRow>> = pager.plan(
            &request(token.clone()),
            &caller,
            ListFilter::default(),
            Visibility::everything(),
            &[SortField::Uid, SortField::Name],
        );
        assert_eq!(
            other.unwrap_err(),
            Error::invalid("page_token", "page_token was issued for another list; start again without page_token")
        );
        assert!(plan(&pager, &caller, Visibility::everything(), token).is_ok(), "its own list still takes it");
    }

    fn descendants_of(root: &Uidp, scopes: Option<Vec<Uidp>>) -> ListQuery {
        let filter = ListFilter {
            uidp: UidpFilter { descendants_of: Some(root.clone()), ..UidpFilter::default() },
            ..ListFilter::default()
        };
        ListQuery::all(filter, Visibility { scopes: scopes.map(Scopes::from), root_level: true }, 10)
    }

    #[test]
    fn a_caller_who_sees_the_whole_subtree_is_counted_from_its_root() {
        let org = Uidp::random_root();
        let team = org.random_child();
        for scopes in
            [None, Some(vec![org.clone()]), Some(vec![team.clone()]), Some(vec![team.random_child(), org.clone()])]
        {
            let query = descendants_of(&team, scopes.clone());
            assert_eq!(query.descendant_total(), Some(DescendantTotal::Whole(&team)), "scopes {scopes:?}");
        }
    }

    #[test]
    fn a_caller_who_sees_parts_of_the_subtree_is_counted_by_its_outermost_scopes_below_it() {
        let org = Uidp::random_root();
        let (a, b) = (org.random_child(), org.random_child());
        let (a1, elsewhere) = (a.random_child(), Uidp::random_root());
        let query = descendants_of(&org, Some(vec![a1.clone(), b.clone(), a.clone(), elsewhere, b.clone()]));
        let mut expected = vec![&a, &b];
        expected.sort_unstable();
        assert_eq!(query.descendant_total(), Some(DescendantTotal::Subtrees(expected)));
    }

    #[test]
    fn a_caller_who_sees_many_subtrees_is_counted_up_to_the_cap_instead() {
        let org = Uidp::random_root();
        let teams: Vec<Uidp> = (0..=MAX_COUNTED_SUBTREES).map(|_| org.random_child()).collect();
        let few = descendants_of(&org, Some(teams[..MAX_COUNTED_SUBTREES].to_vec()));
        assert!(
            matches!(few.descendant_total(), Some(DescendantTotal::Subtrees(s)) if s.len() == MAX_COUNTED_SUBTREES)
        );
        assert_eq!(descendants_of(&org, Some(teams.clone())).descendant_total(), None);
        let inside = descendants_of(&teams[0], Some(teams.clone()));
        assert_eq!(inside.descendant_total(), Some(DescendantTotal::Whole(&teams[0])), "whatever the other scopes");
    }

    #[test]
    fn a_filter_inside_a_visible_scope_needs_no_visibility_test() {
        let org = Uidp::random_root();
        let (team, other) = (org.random_child(), org.random_child());
        let within = [
            descendants_of(&team, None),
            descendants_of(&team, Some(vec![team.clone()])),
            descendants_of(&team, Some(vec![other.clone(), org.clone()])),
        ];
        for query in &within {
            assert!(query.filter_is_within_visibility(), "{:?}", query.visibility);
        }
        let mut children = ListQuery::all(ListFilter::default(), only(&team), 10);
        children.filter.uidp.children_of = Some(team.random_child());
        assert!(children.filter_is_within_visibility(), "children_of a group inside the scope");

        let outside = [
            descendants_of(&org, Some(vec![team.clone()])),
            descendants_of(&team, Some(vec![other.clone()])),
            descendants_of(&team, Some(vec![])),
            ListQuery::all(ListFilter::default(), only(&org), 10),
        ];
        for query in &outside {
            assert!(!query.filter_is_within_visibility(), "{:?} of {:?}", query.visibility, query.filter.uidp);
        }
        let mut ancestors = ListQuery::all(ListFilter::default(), only(&org), 10);
        ancestors.filter.uidp.ancestors_of = Some(team.random_child());
        assert!(!ancestors.filter_is_within_visibility(), "ancestors reach above the scope");
    }

    #[test]
    fn any_filter_besides_descendants_of_is_not_counted_from_counters() {
        let org = Uidp::random_root();
        let mut named = descendants_of(&org, None);
        named.filter.name = Some("platform".to_owned());
        let mut children = descendants_of(&org, None);
        children.filter.uidp.children_of = Some(org.clone());
        let plain = ListQuery::all(ListFilter::default(), Visibility::everything(), 10);
        assert_eq!([&named, &children, &plain].map(ListQuery::descendant_total), [None, None, None]);
    }

    #[test]
    fn the_reference_semantics_count_up_to_one_above_the_cap() {
        let rows = (0..COUNT_CAP + 50).map(|i| row(&format!("r{i:05}"))).collect::<Vec<_>>();
        let query = ListQuery::all(ListFilter::default(), Visibility::everything(), 10);
        let page = apply_in_memory(rows.into_iter(), &query, |_| true);
        assert_eq!((page.items.len(), page.total), (10, COUNT_CAP + 1));
    }

    #[test]
    fn an_expired_token_is_invalid_argument_on_page_token_rather_than_a_restart() {
        let (pager, clock) = pager();
        let caller = Uidp::random_root().random_child();
        let page = first_page(&pager, &caller, Visibility::everything(), &three_rows(), 45);
        clock.0.fetch_add(PAGE_TOKEN_LIFETIME_MS + 1, AtomicOrdering::SeqCst);
        let err = plan(&pager, &caller, Visibility::everything(), page.next_page_token).unwrap_err();
        assert_eq!(err, Error::invalid("page_token", "page_token has expired; start again without it"));
    }

    #[test]
    fn a_token_replayed_by_another_caller_is_invalid_argument_on_page_token() {
        let (pager, clock) = pager();
        let org = Uidp::random_root();
        let (admin, viewer) = (org.random_child(), org.random_child());
        let token = first_page(&pager, &admin, Visibility::everything(), &three_rows(), 5).next_page_token;
        let expected =
            Error::invalid("page_token", "page_token was issued to another caller; start again without page_token");
        for visibility in [Visibility::everything(), only(&org.random_child())] {
            let err = plan(&pager, &viewer, visibility.clone(), token.clone()).unwrap_err();
            assert_eq!(err, expected, "{visibility:?}");
        }
        clock.0.fetch_add(PAGE_TOKEN_LIFETIME_MS + 1, AtomicOrdering::SeqCst);
        let err = plan(&pager, &viewer, Visibility::everything(), token).unwrap_err();
        assert_eq!(err, expected, "an expired token of another caller is told it is another caller's");
    }

    #[test]
    fn a_changed_visibility_of_the_same_caller_keeps_the_cursor_and_counts_again() {
        let (pager, _) = pager();
        let org = Uidp::random_root();
        let caller = org.random_child();
        let rows = three_rows();
        let token = first_page(&pager, &caller, only(&org), &rows, 5).next_page_token;

        let narrowed = plan(&pager, &caller, only(&org.random_child()), token.clone()).unwrap();
        assert_eq!(
            narrowed.query.after,
            Some(Cursor { key: SortKey::Text("bravo".to_owned()), uid: rows[1].uid.clone() })
        );
        assert!(narrowed.query.count_total, "a total counted under other grants is not reused");
        let page = pager.finish(&narrowed, StorePage::capped(vec![row("delta")], 1));
        assert_eq!(page.total_count, Some(1));

        let same = plan(&pager, &caller, only(&org), token).unwrap();
        assert!(!same.query.count_total, "unchanged grants reuse the total");
    }

    #[test]
    fn the_token_shows_neither_the_cursor_uid_nor_its_name_in_clear() {
        let (pager, _) = pager();
        let caller = Uidp::random_root().random_child();
        let rows = vec![row("alpha"), row("distinctive-name"), row("charlie")];
        let token = first_page(&pager, &caller, Visibility::everything(), &rows, 3).next_page_token.unwrap();
        let bytes = URL_SAFE_NO_PAD.decode(&token).unwrap();
        for secret in [rows[1].uid.as_str(), "distinctive-name", caller.as_str()] {
            assert!(!token.contains(secret), "{secret} in {token}");
            assert!(!bytes.windows(secret.len()).any(|w| w == secret.as_bytes()), "{secret} in the decoded token");
        }
        let next = plan(&pager, &caller, Visibility::everything(), Some(token)).unwrap();
        assert_eq!(next.query.after.map(|c| c.uid), Some(rows[1].uid.clone()));
    }

    #[test]
    fn a_token_with_any_byte_changed_is_invalid_argument_on_page_token() {
        let (pager, _) = pager();
        let caller = Uidp::random_root().random_child();
        let token = first_page(&pager, &caller, Visibility::everything(), &three_rows(), 3).next_page_token.unwrap();
        let bytes = URL_SAFE_NO_PAD.decode(&token).unwrap();
        for i in 0..bytes.len() {
            let mut tampered = bytes.clone();
            tampered[i] ^= 0x01;
            let err =
                plan(&pager, &caller, Visibility::everything(), Some(URL_SAFE_NO_PAD.encode(tampered))).unwrap_err();
            assert_eq!(err, not_issued_here(), "flipped byte {i}");
        }
        let truncated = URL_SAFE_NO_PAD.encode(&bytes[..bytes.len() - 1]);
        assert_eq!(plan(&pager, &caller, Visibility::everything(), Some(truncated)).unwrap_err(), not_issued_here());
    }

    #[test]
    fn a_version_1_token_is_invalid_argument_on_page_token() {
        let (pager, _) = pager();
        let body = br#"{"v":1,"o":"name asc","f":"0000000000000000","t":1000,"k":{"Text":"a"},"u":"x","n":5}"#;
        let v1 = format!("{}.{}", URL_SAFE_NO_PAD.encode(body), URL_SAFE_NO_PAD.encode([0u8; 16]));
        let err = plan(&pager, &Uidp::random_root(), Visibility::everything(), Some(v1)).unwrap_err();
        assert_eq!(err, not_issued_here());
    }

    #[test]
    fn the_token_body_round_trips_every_sort_key() {
        for key in
            [SortKey::Uid, SortKey::Text("émigré ünïcode".to_owned()), SortKey::Text(String::new()), SortKey::Time(-42)]
        {
            let body = TokenBody {
                list: ListKind::Subscriptions.code(),
                caller: [1; CALLER_DIGEST_LEN],
                visibility: [2; VISIBILITY_DIGEST_LEN],
                filter: [3; FILTER_DIGEST_LEN],
                order: Ordering { field: SortField::UpdateTime, direction: Direction::Desc },
                issued_at: i64::MIN,
                total: Total::AboveCap,
                key,
                uid: Uidp::random_root().random_child().random_child(),
            };
            let encoded = body.encode();
            assert_eq!(encoded.len(), body.encoded_len());
            assert_eq!(TokenBody::decode(&encoded), Some(body.clone()));
            assert_eq!(TokenBody::decode(&encoded[..encoded.len() - 1]), None, "a cut uid does not parse");
        }
    }

    #[test]
    fn scopes_drop_duplicates_and_scopes_inside_others_and_keep_uid_order() {
        let org = Uidp::random_root();
        let (a, b) = (org.random_child(), org.random_child());
        let (a1, b1) = (a.random_child(), b.random_child());
        let elsewhere = Uidp::random_root();
        let scopes = Scopes::new([a1.clone(), b1.clone(), a.clone(), elsewhere.clone(), b1.clone(), a1.random_child()]);
        let mut expected = vec![a.clone(), b1.clone(), elsewhere.clone()];
        expected.sort();
        assert_eq!(scopes.as_slice(), expected.as_slice());
        assert_eq!(Scopes::new([org.clone(), a.clone(), b1.clone()]).as_slice(), std::slice::from_ref(&org));
        assert!(Scopes::none().is_empty());
    }

    #[test]
    fn scopes_cover_exactly_themselves_and_what_lies_below_them() {
        let org = Uidp::random_root();
        let (a, b) = (org.random_child(), org.random_child());
        let a_deep = a.random_child().random_child();
        let scopes = Scopes::new([a.clone(), b.random_child(), Uidp::random_root()]);
        for (uid, covered) in [
            (&a, true),
            (&a_deep, true),
            (&org, false),
            (&b, false),
            (&scopes[1].clone(), true),
            (&scopes[1].random_child(), true),
            (&b.random_child(), false),
        ] {
            assert_eq!(scopes.covers(uid), covered, "{uid}");
            let brute = scopes.iter().any(|s| uid.is_self_or_descendant_of(s));
            assert_eq!(scopes.covers(uid), brute, "{uid} against a scan");
        }
        assert_eq!(scopes.scope_of(&a_deep), Some(&a));
    }

    #[test]
    fn scopes_below_a_group_are_those_strictly_inside_it() {
        let org = Uidp::random_root();
        let (a, b) = (org.random_child(), org.random_child());
        let (a1, a2) = (a.random_child(), a.random_child());
        let scopes = Scopes::new([a1.clone(), a2.clone(), b.clone(), Uidp::random_root()]);
        let mut inside_a = vec![a1, a2];
        inside_a.sort();
        assert_eq!(scopes.below(&a), inside_a.as_slice());
        assert_eq!(scopes.below(&b), &[] as &[Uidp], "a scope is not below itself");
        assert_eq!(scopes.below(&org).len(), 3);
    }

    #[test]
    fn a_hundred_thousand_scopes_collapse_and_answer_quickly() {
        let org = Uidp::random_root();
        let teams: Vec<Uidp> = (0..1_000).map(|_| org.random_child()).collect();
        let mut uids: Vec<Uidp> = teams.iter().flat_map(|t| (0..99).map(|_| t.random_child())).collect();
        uids.extend(teams.iter().step_by(2).cloned());
        let scopes = Scopes::new(uids.clone());
        // Half the teams are scopes themselves and swallow their 99 children.
        assert_eq!(scopes.len(), 500 + 500 * 99);
        for uid in uids.iter().step_by(97) {
            assert!(scopes.covers(uid));
        }
        assert!(!scopes.covers(&org));
        let visibility = Visibility { scopes: Some(scopes), root_level: false };
        assert!(visibility.allows(&teams[0].random_child().random_child()));
        assert!(!visibility.allows(&teams[1]));
    }

    #[test]
    fn the_visibility_digest_ignores_the_order_of_scopes_but_not_their_set() {
        let org = Uidp::random_root();
        let (a, b) = (org.random_child(), org.random_child());
        let ab = Visibility { scopes: Some(vec![a.clone(), b.clone()].into()), root_level: false };
        let ba = Visibility { scopes: Some(vec![b, a.clone()].into()), root_level: false };
        assert_eq!(ab.digest(), ba.digest());
        assert_ne!(ab.digest(), only(&a).digest());
        assert_ne!(only(&a).digest(), Visibility { root_level: true, ..only(&a) }.digest());
        assert_ne!(
            Visibility::everything().digest(),
            Visibility { scopes: Some(Scopes::none()), root_level: true }.digest()
        );
    }
}
