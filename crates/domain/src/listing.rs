//! List queries: filters, visibility, ordering, keyset cursors and opaque page tokens.
//!
//! The rules live here; transports only read parameters and stores only run the seek query
//! described by [`ListQuery`].

use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::error::{Error, Result};
use crate::ports::Clock;
use crate::uidp::Uidp;

/// Results per page when the client does not say.
pub const DEFAULT_PAGE_SIZE: u32 = 50;
/// The most results a page holds; larger requests are lowered to this.
pub const MAX_PAGE_SIZE: u32 = 200;
/// How long a page token stays valid; older tokens silently restart the query.
pub const PAGE_TOKEN_LIFETIME_MS: i64 = 3 * 24 * 60 * 60 * 1000;
const TOKEN_VERSION: u8 = 1;
const MAC_LEN: usize = 16;

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
}

impl ListFilter {
    /// A stable digest of the filter, bound into page tokens.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        let u = &self.uidp;
        let opt = |o: &Option<Uidp>| o.as_ref().map_or(String::new(), ToString::to_string);
        let ids: Vec<_> = u.ids.iter().map(Uidp::as_str).collect();
        let canonical = format!(
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
        hex::encode(&Sha256::digest(canonical.as_bytes())[..8])
    }
}

/// Which resources the caller may see in a list: those at or below one of `scopes`
/// (all when `scopes` is `None`), plus root-level ones when `root_level` is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visibility {
    /// Groups whose subtrees are visible; `None` means everything.
    pub scopes: Option<Vec<Uidp>>,
    /// Root-level resources (built-in roles) are visible too.
    pub root_level: bool,
}

impl Visibility {
    /// Everything is visible (system callers).
    #[must_use]
    pub fn everything() -> Self {
        Self { scopes: None, root_level: true }
    }

    /// True when `uid` is visible.
    #[must_use]
    pub fn allows(&self, uid: &Uidp) -> bool {
        (self.root_level && uid.is_root())
            || self.scopes.as_ref().is_none_or(|scopes| scopes.iter().any(|s| uid.is_self_or_descendant_of(s)))
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
        let Some(text) = order_by.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(Self::default());
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

    fn token_text(self) -> String {
        let dir = match self.direction {
            Direction::Asc => "asc",
            Direction::Desc => "desc",
        };
        format!("{} {dir}", self.field.as_str())
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

/// Gives the sort key of a resource for a [`SortField`].
pub trait Sortable {
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
    /// `total` 0: the caller already knows it (the page token carries it).
    pub count_total: bool,
}

impl ListQuery {
    /// A query for every visible row matching `filter`, in uid order (internal callers).
    #[must_use]
    pub fn all(filter: ListFilter, visibility: Visibility, limit: u64) -> Self {
        Self { filter, visibility, order: Ordering::default(), after: None, skip: 0, limit, count_total: true }
    }
}

/// What a store returns for a [`ListQuery`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorePage<T> {
    /// The rows, in order, at most `limit`.
    pub items: Vec<T>,
    /// Every row matching filter and visibility, regardless of cursor and skip (0 when the
    /// query did not ask for the count).
    pub total: u64,
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
    /// Every match of the filter, over all pages.
    pub total_count: u64,
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

#[derive(Serialize, Deserialize)]
struct TokenBody {
    v: u8,
    o: String,
    f: String,
    t: i64,
    k: SortKey,
    u: String,
    /// The total counted with the first page, repeated on every later page.
    #[serde(default)]
    n: Option<u64>,
}

/// Plans list queries from [`PageRequest`]s and turns store pages into [`Page`]s with
/// signed, expiring page tokens.
pub struct Pager {
    secret: Vec<u8>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Pager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pager").finish_non_exhaustive()
    }
}

/// A planned list: the store query plus what is needed to finish the page.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The query to hand to the store.
    pub query: ListQuery,
    page_size: u32,
    known_total: Option<u64>,
}

impl Pager {
    /// A pager that signs tokens with `secret`.
    #[must_use]
    pub fn new(secret: Vec<u8>, clock: Arc<dyn Clock>) -> Self {
        Self { secret, clock }
    }

    fn mac(&self, body: &[u8]) -> Vec<u8> {
        // HMAC accepts keys of any length, so construction cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.secret)
            .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        mac.update(body);
        mac.finalize().into_bytes()[..MAC_LEN].to_vec()
    }

    /// Validates paging parameters and builds the store query for `filter` as seen with
    /// `visibility`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a negative `page_size` or `skip`, an `order_by` outside
    /// `sortable`, or a page token that is forged, corrupt, or issued for another filter or
    /// order. An expired token is not an error: the query restarts from the beginning.
    pub fn plan(
        &self,
        request: &PageRequest,
        filter: ListFilter,
        visibility: Visibility,
        sortable: &[SortField],
    ) -> Result<Plan> {
        let page_size = match request.page_size {
            None | Some(0) => DEFAULT_PAGE_SIZE,
            Some(n) if n < 0 => return Err(Error::invalid("page_size", "page_size must not be negative")),
            Some(n) => u32::try_from(n).unwrap_or(MAX_PAGE_SIZE).min(MAX_PAGE_SIZE),
        };
        let skip = match request.skip {
            None => 0,
            Some(n) => u64::try_from(n).map_err(|_| Error::invalid("skip", "skip must not be negative"))?,
        };
        let order = Ordering::parse(request.order_by.as_deref(), sortable)?;
        let fingerprint = filter.fingerprint();
        let (after, known_total) = match request.page_token.as_deref().filter(|t| !t.is_empty()) {
            None => (None, None),
            Some(token) => match self.open_token(token, order, &fingerprint)? {
                Some((cursor, total)) => (Some(cursor), total),
                None => (None, None),
            },
        };
        let count_total = known_total.is_none();
        Ok(Plan {
            query: ListQuery { filter, visibility, order, after, skip, limit: u64::from(page_size) + 1, count_total },
            page_size,
            known_total,
        })
    }

    /// The cursor and carried total of a valid token; `None` when it expired (restart).
    fn open_token(&self, token: &str, order: Ordering, fingerprint: &str) -> Result<Option<(Cursor, Option<u64>)>> {
        let invalid = || Error::invalid("page_token", "page_token is not a token this server issued");
        let (body_b64, mac_b64) = token.split_once('.').ok_or_else(invalid)?;
        let body = URL_SAFE_NO_PAD.decode(body_b64).map_err(|_| invalid())?;
        let mac = URL_SAFE_NO_PAD.decode(mac_b64).map_err(|_| invalid())?;
        if !constant_time_eq(&self.mac(&body), &mac) {
            return Err(invalid());
        }
        let body: TokenBody = serde_json::from_slice(&body).map_err(|_| invalid())?;
        if body.v != TOKEN_VERSION {
            return Err(invalid());
        }
        if body.o != order.token_text() || body.f != fingerprint {
            return Err(Error::invalid(
                "page_token",
                "page_token was issued for a different filter or order_by; repeat the original query parameters",
            ));
        }
        if self.clock.now().unix_millis().saturating_sub(body.t) > PAGE_TOKEN_LIFETIME_MS {
            return Ok(None);
        }
        let uid = Uidp::parse(&body.u).map_err(|_| invalid())?;
        Ok(Some((Cursor { key: body.k, uid }, body.n)))
    }

    /// Turns the store's answer to `plan.query` into a page, minting the next token when
    /// more rows follow. The total is counted with the first page and carried by the tokens,
    /// so later pages repeat it instead of counting again.
    #[must_use]
    pub fn finish<T: Sortable>(&self, plan: &Plan, mut page: StorePage<T>) -> Page<T> {
        let total = plan.known_total.unwrap_or(page.total);
        let more = page.items.len() > plan.page_size as usize;
        page.items.truncate(plan.page_size as usize);
        let next_page_token = match page.items.last() {
            Some(last) if more => Some(self.seal(&TokenBody {
                v: TOKEN_VERSION,
                o: plan.query.order.token_text(),
                f: plan.query.filter.fingerprint(),
                t: self.clock.now().unix_millis(),
                k: last.sort_key(plan.query.order.field),
                u: last.uid().to_string(),
                n: Some(total),
            })),
            _ => None,
        };
        Page { items: page.items, next_page_token, total_count: total, skipped: plan.query.skip }
    }

    fn seal(&self, body: &TokenBody) -> String {
        let json = serde_json::to_vec(body).unwrap_or_default();
        format!("{}.{}", URL_SAFE_NO_PAD.encode(&json), URL_SAFE_NO_PAD.encode(self.mac(&json)))
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Keeps the rows of `rows` that the query selects, in order, with skip and limit applied,
/// and counts all matches: the reference semantics every store must reproduce.
pub fn apply_in_memory<T: Sortable + Clone>(
    rows: impl Iterator<Item = T>,
    query: &ListQuery,
    matches: impl Fn(&T) -> bool,
) -> StorePage<T> {
    let field = query.order.field;
    let mut selected: Vec<(SortKey, T)> =
        rows.filter(|r| query.visibility.allows(r.uid()) && matches(r)).map(|r| (r.sort_key(field), r)).collect();
    let total = selected.len() as u64;
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
    StorePage { items, total }
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
    struct Row(Uidp);

    impl Sortable for Row {
        fn uid(&self) -> &Uidp {
            &self.0
        }
        fn sort_key(&self, _: SortField) -> SortKey {
            SortKey::Uid
        }
    }

    fn first_page(pager: &Pager, rows: usize, total: u64) -> (Plan, Page<Row>) {
        let request = PageRequest { page_size: Some(2), ..PageRequest::default() };
        let plan = pager.plan(&request, ListFilter::default(), Visibility::everything(), &[SortField::Uid]).unwrap();
        let items = (0..rows).map(|_| Row(Uidp::random_root())).collect();
        let page = pager.finish(&plan, StorePage { items, total });
        (plan, page)
    }

    #[test]
    fn the_first_page_counts_and_its_token_carries_the_total_to_later_pages() {
        let pager = Pager::new(b"secret".to_vec(), Arc::new(Manual(AtomicI64::new(1_000))));
        let (plan, page) = first_page(&pager, 3, 45);
        assert!(plan.query.count_total);
        assert_eq!(page.total_count, 45);
        let request = PageRequest { page_size: Some(2), page_token: page.next_page_token, ..PageRequest::default() };
        let next = pager.plan(&request, ListFilter::default(), Visibility::everything(), &[SortField::Uid]).unwrap();
        assert!(!next.query.count_total, "a followed page does not count again");
        let later = pager.finish(&next, StorePage { items: vec![Row(Uidp::random_root())], total: 0 });
        assert_eq!(later.total_count, 45);
    }

    #[test]
    fn an_expired_token_restarts_and_counts_again() {
        let clock = Arc::new(Manual(AtomicI64::new(1_000)));
        let pager = Pager::new(b"secret".to_vec(), clock.clone());
        let (_, page) = first_page(&pager, 3, 45);
        clock.0.fetch_add(PAGE_TOKEN_LIFETIME_MS + 1, AtomicOrdering::SeqCst);
        let request = PageRequest { page_size: Some(2), page_token: page.next_page_token, ..PageRequest::default() };
        let restarted =
            pager.plan(&request, ListFilter::default(), Visibility::everything(), &[SortField::Uid]).unwrap();
        assert_eq!((restarted.query.after, restarted.query.count_total), (None, true));
    }
}
