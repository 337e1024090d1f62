//! The store port contract suite: one `pub async fn <case>(store: Arc<dyn Store>)` per
//! behaviour every store adapter must show, run through [`crate::store_contract_tests!`].
//!
//! Every case expects an empty store (built-in roles only) and asserts exact results:
//! error values with their messages, uid orders and totals. The messages are the ones the
//! memory store's README lists; adapters reproduce them.

mod account_associations;
mod advisories;
mod audit;
mod concurrency;
mod console_sessions;
mod crud;
mod deletes;
mod events;
mod fanout;
mod group_invites;
mod identity_providers;
mod integrity;
mod lists;
mod logins;
mod onboarding;
mod registry;
mod scim;
mod scim_provisioning;
mod terms;

use crate::ev;
use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;

use async_trait::async_trait;
use grove_domain::listing::{
    Cursor, Direction, ListFilter, ListQuery, Ordering, SortField, Sortable, StorePage, UidpFilter, Visibility,
};
use grove_domain::model::{
    Advisory, ExternalGroupRoleMapping, Group, Identity, IdentityProvider, Repo, Role, RoleBindingView, Tag,
    TermsAcceptance,
};
use grove_domain::names::{Description, DisplayName, GroupName, RepoName, TagName};
use grove_domain::ports::Store;
use grove_domain::{Error, Result, Uidp};

pub use account_associations::*;
pub use advisories::*;
pub use audit::*;
pub use concurrency::*;
pub use console_sessions::*;
pub use crud::*;
pub use deletes::*;
pub use events::*;
pub use fanout::*;
pub use group_invites::*;
pub use identity_providers::*;
pub use integrity::*;
pub use lists::*;
pub use logins::*;
pub use onboarding::*;
pub use registry::*;
pub use scim::*;
pub use scim_provisioning::*;
pub use terms::*;

/// What a contract test needs from an adapter: a fresh, empty store, and a way to clean up
/// after it (drop a database, say). `Arc<dyn Store>` is a fixture that needs no cleanup.
#[async_trait]
pub trait StoreFixture: Send + Sized {
    /// The store under test (a handle; the fixture keeps ownership of what backs it).
    fn store(&self) -> Arc<dyn Store>;

    /// Releases what the fixture holds; runs after the case, whether it passed or not.
    async fn cleanup(self) {}
}

impl StoreFixture for Arc<dyn Store> {
    fn store(&self) -> Arc<dyn Store> {
        Arc::clone(self)
    }
}

/// Runs one contract case the way `store_contract_tests!` does: on a fresh multi-threaded
/// tokio runtime with two workers, builds the fixture with `make`, runs `case` on its store
/// as a task, cleans up even when the case panicked, then passes the case's panic on.
///
/// # Panics
/// When the case panics (that is how it fails), or the runtime cannot be built.
pub fn run_case<M, F, C, Fut>(make: M, case: C)
where
    M: Future<Output = F>,
    F: StoreFixture,
    C: FnOnce(Arc<dyn Store>) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("the test runtime starts");
    runtime.block_on(async move {
        let fixture = make.await;
        let outcome = tokio::spawn(case(fixture.store())).await;
        fixture.cleanup().await;
        if let Err(failure) = outcome {
            match failure.try_into_panic() {
                Ok(panic) => std::panic::resume_unwind(panic),
                Err(failure) => panic!("the contract case did not finish: {failure}"),
            }
        }
    });
}

/// A resource a store lists, so paging and ordering checks can be written once.
#[async_trait]
pub(crate) trait Listed: Sortable + Clone + Debug + PartialEq + Send + Sync + 'static {
    /// Runs `query` through the store's list method for this resource.
    async fn list(store: &dyn Store, query: &ListQuery) -> Result<StorePage<Self>>;
}

macro_rules! listed {
    ($($ty:ty => $method:ident),* $(,)?) => {
        $(
            #[async_trait]
            impl Listed for $ty {
                async fn list(store: &dyn Store, query: &ListQuery) -> Result<StorePage<Self>> {
                    store.$method(query).await
                }
            }
        )*
    };
}

listed!(
    Group => list_groups,
    Identity => list_identities,
    Role => list_roles,
    RoleBindingView => list_role_bindings,
    Repo => list_repos,
    Tag => list_tags,
    TermsAcceptance => list_terms_acceptances,
    IdentityProvider => list_identity_providers,
    ExternalGroupRoleMapping => list_external_group_role_mappings,
    Advisory => list_advisories,
    grove_domain::model::GroupInvite => list_group_invites,
    grove_domain::model::AccountAssociation => list_account_associations,
);

/// Every order a resource supports: each field, ascending then descending.
pub(crate) fn orders(fields: &[SortField]) -> Vec<Ordering> {
    fields
        .iter()
        .flat_map(|&field| [Direction::Asc, Direction::Desc].map(|direction| Ordering { field, direction }))
        .collect()
}

/// A query seeing everything, matching `filter`, in uid order, with room for every row.
pub(crate) fn all(filter: ListFilter) -> ListQuery {
    ListQuery::all(filter, Visibility::everything(), 1_000)
}

/// A filter with only the given uidp part.
pub(crate) fn uidp(filter: UidpFilter) -> ListFilter {
    ListFilter { uidp: filter, ..ListFilter::default() }
}

/// A filter on an exact name.
pub(crate) fn named(name: &str) -> ListFilter {
    ListFilter { name: Some(name.to_owned()), ..ListFilter::default() }
}

/// The uids of `rows`, in their order.
pub(crate) fn uids<T: Sortable>(rows: &[T]) -> Vec<Uidp> {
    rows.iter().map(|r| r.uid().clone()).collect()
}

/// The uids of `rows` sorted the way `order` sorts: by sort key, ties by uid, both in the
/// order's direction. Computed independently of any store.
pub(crate) fn sorted_uids<T: Sortable>(rows: &[T], order: Ordering) -> Vec<Uidp> {
    let mut keyed: Vec<_> = rows.iter().map(|r| (r.sort_key(order.field), r.uid().clone())).collect();
    keyed.sort();
    if order.direction == Direction::Desc {
        keyed.reverse();
    }
    keyed.into_iter().map(|(_, uid)| uid).collect()
}

/// Lists with `query` and returns the page.
pub(crate) async fn list<T: Listed>(store: &dyn Store, query: &ListQuery) -> StorePage<T> {
    T::list(store, query).await.expect("the list succeeds")
}

/// The uids and total that `filter` lists, in uid order.
pub(crate) async fn list_uids<T: Listed>(store: &dyn Store, filter: ListFilter) -> (Vec<Uidp>, u64) {
    let page = list::<T>(store, &all(filter)).await;
    (uids(&page.items), page.total)
}

/// Walks every page of `query` (from its start, `limit` rows per page) with keyset cursors
/// built from each page's last row, checking the total on every page; returns all rows.
pub(crate) async fn walk<T: Listed>(store: &dyn Store, query: &ListQuery, limit: u64, expected_total: u64) -> Vec<T> {
    let mut rows = Vec::new();
    let mut after: Option<Cursor> = None;
    loop {
        let page_query = ListQuery { after: after.clone(), skip: 0, limit, ..query.clone() };
        let page = list::<T>(store, &page_query).await;
        assert_eq!(page.total, expected_total, "total on every page, order {:?}", query.order);
        let full = page.items.len() as u64 == limit;
        assert!(page.items.len() as u64 <= limit, "a page never exceeds its limit");
        if let Some(last) = page.items.last() {
            after = Some(Cursor { key: last.sort_key(query.order.field), uid: last.uid().clone() });
        }
        rows.extend(page.items);
        if !full {
            return rows;
        }
        assert!(rows.len() as u64 <= expected_total, "paging must end, order {:?}", query.order);
    }
}

/// `Some(uid)` cloned, for filter fields.
pub(crate) fn some(uid: &Uidp) -> Option<Uidp> {
    Some(uid.clone())
}

/// A valid group name.
pub(crate) fn group_name(name: &str) -> GroupName {
    GroupName::parse("name", name).expect("valid group name")
}

/// A valid identity or role name.
pub(crate) fn display_name(name: &str) -> DisplayName {
    DisplayName::parse("name", name).expect("valid name")
}

/// A valid description.
pub(crate) fn text(description: &str) -> Description {
    Description::parse("description", description).expect("valid description")
}

/// A valid repository path.
pub(crate) fn repo_name(name: &str) -> RepoName {
    RepoName::parse("name", name).expect("valid repo name")
}

/// A valid tag name.
pub(crate) fn tag_name(name: &str) -> TagName {
    TagName::parse("name", name).expect("valid tag name")
}

/// `NOT_FOUND` as stores word it: `<kind> <uid> does not exist`.
pub(crate) fn not_found(kind: &str, uid: &Uidp) -> Error {
    Error::NotFound(format!("{kind} {uid} does not exist"))
}

/// `ALREADY_EXISTS` for a taken uid: `<kind> <uid> already exists`.
pub(crate) fn uid_taken(kind: &str, uid: &Uidp) -> Error {
    Error::AlreadyExists(format!("{kind} {uid} already exists"))
}

/// `ALREADY_EXISTS` for a taken name: `<a kind> named "<name>" already exists in <container> <uid>`.
pub(crate) fn name_taken(a_kind: &str, name: &str, container: &str, parent: &Uidp) -> Error {
    Error::AlreadyExists(format!("{a_kind} named \"{name}\" already exists in {container} {parent}"))
}

/// Runs the creation methods on a store that the cases use to set up trees.
pub(crate) struct Setup<'a>(pub(crate) &'a dyn Store);

impl Setup<'_> {
    /// Creates a group (or organization) that must not fail.
    pub(crate) async fn group(&self, parent: Option<&Uidp>, name: &str) -> Group {
        let group = crate::fixtures::group(parent, name);
        self.0.create_group(&group, &ev()).await.expect("fixture group is created");
        group
    }

    /// Creates an identity that must not fail.
    pub(crate) async fn identity(&self, group: &Uidp, name: &str) -> Identity {
        let identity = crate::fixtures::identity(group, name);
        self.0.create_identity(&identity, &ev()).await.expect("fixture identity is created");
        identity
    }

    /// Creates a custom role that must not fail.
    pub(crate) async fn role(&self, group: &Uidp, name: &str, caps: &[grove_domain::capability::Capability]) -> Role {
        let role = crate::fixtures::role(group, name, caps);
        self.0.create_role(&role, &ev()).await.expect("fixture role is created");
        role
    }

    /// Creates a binding that must not fail.
    pub(crate) async fn binding(&self, group: &Uidp, identity: &Uidp, role: &Uidp) -> grove_domain::model::RoleBinding {
        let binding = crate::fixtures::binding(group, identity, role);
        self.0.create_role_binding(&binding, &ev()).await.expect("fixture binding is created");
        binding
    }

    /// Creates a repo that must not fail.
    pub(crate) async fn repo(&self, group: &Uidp, name: &str) -> Repo {
        let repo = crate::fixtures::repo(group, name);
        self.0.create_repo(&repo, &ev()).await.expect("fixture repo is created");
        repo
    }

    /// Puts a new tag that must not fail.
    pub(crate) async fn tag(&self, repo: &Uidp, name: &str, digest: char) -> Tag {
        let tag = crate::fixtures::tag(repo, name, digest);
        let stored = self.0.put_tag(&tag, &ev()).await.expect("fixture tag is put");
        assert_eq!(stored, tag, "a new tag is stored as given");
        tag
    }
}
