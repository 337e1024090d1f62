//! Lists: uidp and name filters, visibility, ordering with the uid tie-breaker, keyset
//! paging, skip and totals, hydrated binding views and grants.

use crate::ev;
use std::sync::Arc;

use grove_domain::authz::Grant;
use grove_domain::builtin::{BUILT_IN_ROLES, EDITOR, OWNER, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::listing::{
    Cursor, Direction, ListFilter, ListQuery, Ordering, SortField, Sortable, UidpFilter, Visibility, COUNT_CAP,
};
use grove_domain::model::{
    AwsIdentity, BoundIdentity, ClaimMatch, Group, Identity, Matcher, NamedRef, Relationship, RelationshipType, Repo,
    Role, RoleBinding, RoleBindingView, Seen, SeenEmail, ServicePrincipal, StaticKeys, Tag,
};
use grove_domain::names::Pattern;
use grove_domain::ports::Store;
use grove_domain::Uidp;

use super::{
    all, display_name, list, list_uids, named, orders, some, sorted_uids, text, uidp, uids, walk, Listed, Setup,
};
use crate::fixtures::{self, at, child_uid, root_uid, ISSUER};

const EVERY_FIELD: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];
const BINDING_FIELDS: &[SortField] = &[SortField::Uid, SortField::CreateTime];

fn sorted(mut uids: Vec<Uidp>) -> Vec<Uidp> {
    uids.sort();
    uids
}

/// The filter tree: `acme` with `a` (holding `x`, holding `y`) and `b`; `globex` with `a`.
struct Tree {
    acme: Group,
    a: Group,
    b: Group,
    x: Group,
    y: Group,
    globex: Group,
    globex_a: Group,
}

async fn tree(store: &dyn Store) -> Tree {
    let s = Setup(store);
    let acme = s.group(None, "acme").await;
    let a = s.group(Some(&acme.uid), "a").await;
    let b = s.group(Some(&acme.uid), "b").await;
    let x = s.group(Some(&a.uid), "x").await;
    let y = s.group(Some(&x.uid), "y").await;
    let globex = s.group(None, "globex").await;
    let globex_a = s.group(Some(&globex.uid), "a").await;
    Tree { acme, a, b, x, y, globex, globex_a }
}

/// `descendants_of` X returns what lies strictly below X, never X itself.
pub async fn uidp_descendants_of_is_strict(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let s = Setup(&*store);
    let repo_acme = s.repo(&t.acme.uid, "nginx").await;
    let repo_x = s.repo(&t.x.uid, "nginx").await;

    let below = |uid: &Uidp| UidpFilter { descendants_of: some(uid), ..UidpFilter::default() };
    assert_eq!(
        list_uids::<Group>(&*store, uidp(below(&t.acme.uid))).await,
        (sorted(vec![t.a.uid.clone(), t.b.uid.clone(), t.x.uid.clone(), t.y.uid.clone()]), 4)
    );
    assert_eq!(list_uids::<Group>(&*store, uidp(below(&t.y.uid))).await, (vec![], 0));
    assert_eq!(
        list_uids::<Repo>(&*store, uidp(below(&t.acme.uid))).await,
        (sorted(vec![repo_acme.uid.clone(), repo_x.uid.clone()]), 2)
    );
    assert_eq!(list_uids::<Repo>(&*store, uidp(below(&t.a.uid))).await, (vec![repo_x.uid], 1));
    assert_eq!(list_uids::<Group>(&*store, uidp(below(&t.globex.uid))).await, (vec![t.globex_a.uid], 1));
}

/// `children_of` X returns what lies directly below X.
pub async fn uidp_children_of_returns_direct_children(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let s = Setup(&*store);
    let ci = s.identity(&t.acme.uid, "ci").await;
    s.identity(&t.a.uid, "ci").await;

    let children = |uid: &Uidp| UidpFilter { children_of: some(uid), ..UidpFilter::default() };
    assert_eq!(
        list_uids::<Group>(&*store, uidp(children(&t.acme.uid))).await,
        (sorted(vec![t.a.uid.clone(), t.b.uid.clone()]), 2)
    );
    assert_eq!(list_uids::<Group>(&*store, uidp(children(&t.a.uid))).await, (vec![t.x.uid.clone()], 1));
    assert_eq!(list_uids::<Group>(&*store, uidp(children(&t.y.uid))).await, (vec![], 0));
    assert_eq!(list_uids::<Identity>(&*store, uidp(children(&t.acme.uid))).await, (vec![ci.uid], 1));
}

/// `ancestors_of` X returns what lies strictly above X.
pub async fn uidp_ancestors_of_is_strict(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let above = |uid: &Uidp| UidpFilter { ancestors_of: some(uid), ..UidpFilter::default() };
    assert_eq!(
        list_uids::<Group>(&*store, uidp(above(&t.y.uid))).await,
        (sorted(vec![t.acme.uid.clone(), t.a.uid.clone(), t.x.uid.clone()]), 3)
    );
    assert_eq!(list_uids::<Group>(&*store, uidp(above(&t.b.uid))).await, (vec![t.acme.uid.clone()], 1));
    assert_eq!(list_uids::<Group>(&*store, uidp(above(&t.acme.uid))).await, (vec![], 0));
}

/// `in_root` returns single-segment uids only: organizations, built-in roles.
pub async fn uidp_in_root_returns_root_rows(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    Setup(&*store).role(&t.acme.uid, "puller", &[]).await;
    let in_root = UidpFilter { in_root: true, ..UidpFilter::default() };
    assert_eq!(
        list_uids::<Group>(&*store, uidp(in_root.clone())).await,
        (sorted(vec![t.acme.uid.clone(), t.globex.uid.clone()]), 2)
    );
    let built_in = sorted(BUILT_IN_ROLES.iter().map(|d| Uidp::from_static(d.uid)).collect());
    assert_eq!(list_uids::<Role>(&*store, uidp(in_root)).await, (built_in, 5));
}

/// `ids` selects exactly the listed uids that exist, each once.
pub async fn uidp_ids_select_exact_uids(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let ids = UidpFilter {
        ids: vec![t.y.uid.clone(), t.acme.uid.clone(), root_uid("missing"), t.y.uid.clone()],
        ..UidpFilter::default()
    };
    assert_eq!(list_uids::<Group>(&*store, uidp(ids)).await, (sorted(vec![t.acme.uid.clone(), t.y.uid.clone()]), 2));
}

/// Several uidp filters combine with AND.
pub async fn uidp_filters_combine_with_and(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let between =
        UidpFilter { descendants_of: some(&t.acme.uid), ancestors_of: some(&t.y.uid), ..UidpFilter::default() };
    assert_eq!(list_uids::<Group>(&*store, uidp(between)).await, (sorted(vec![t.a.uid.clone(), t.x.uid.clone()]), 2));
    let picked = UidpFilter {
        children_of: some(&t.acme.uid),
        ids: vec![t.a.uid.clone(), t.x.uid.clone(), t.globex_a.uid.clone()],
        ..UidpFilter::default()
    };
    assert_eq!(list_uids::<Group>(&*store, uidp(picked)).await, (vec![t.a.uid.clone()], 1));
    let none = UidpFilter { in_root: true, descendants_of: some(&t.acme.uid), ..UidpFilter::default() };
    assert_eq!(list_uids::<Group>(&*store, uidp(none)).await, (vec![], 0));
    let named_a = ListFilter {
        uidp: UidpFilter { descendants_of: some(&t.acme.uid), ..UidpFilter::default() },
        name: Some("a".to_owned()),
        ..ListFilter::default()
    };
    assert_eq!(list_uids::<Group>(&*store, named_a).await, (vec![t.a.uid.clone()], 1));
}

/// `name` matches the whole name exactly, case included, for every named resource.
pub async fn name_filter_is_exact(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme").await;
    let team = s.group(Some(&acme.uid), "team").await;
    s.group(Some(&acme.uid), "team-a").await;
    s.group(Some(&acme.uid), "teams").await;
    let globex = s.group(None, "globex").await;
    let globex_team = s.group(Some(&globex.uid), "team").await;
    assert_eq!(
        list_uids::<Group>(&*store, named("team")).await,
        (sorted(vec![team.uid.clone(), globex_team.uid.clone()]), 2)
    );
    assert_eq!(list_uids::<Group>(&*store, named("tea")).await, (vec![], 0));

    let ci = s.identity(&acme.uid, "ci").await;
    s.identity(&acme.uid, "CI").await;
    s.identity(&acme.uid, "ci bot").await;
    assert_eq!(list_uids::<Identity>(&*store, named("ci")).await, (vec![ci.uid], 1));

    let viewer = s.role(&acme.uid, "viewer", &[]).await;
    s.role(&acme.uid, "viewers", &[]).await;
    assert_eq!(
        list_uids::<Role>(&*store, named("viewer")).await,
        (sorted(vec![viewer.uid.clone(), Uidp::from_static(VIEWER)]), 2)
    );

    let nginx = s.repo(&acme.uid, "nginx").await;
    s.repo(&acme.uid, "nginx/base").await;
    assert_eq!(list_uids::<Repo>(&*store, named("nginx")).await, (vec![nginx.uid.clone()], 1));

    let latest = s.tag(&nginx.uid, "latest", 'a').await;
    s.tag(&nginx.uid, "Latest", 'b').await;
    s.tag(&nginx.uid, "latest-1", 'c').await;
    assert_eq!(list_uids::<Tag>(&*store, named("latest")).await, (vec![latest.uid], 1));
}

/// Bindings filter by identity and role (AND-ed with uidp); `name` does not apply to them.
pub async fn role_binding_filters_by_identity_and_role(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let cd = s.identity(&org.uid, "cd").await;
    let (viewer, editor) = (Uidp::from_static(VIEWER), Uidp::from_static(EDITOR));
    let ci_org_viewer = s.binding(&org.uid, &ci.uid, &viewer).await.uid;
    let cd_org_viewer = s.binding(&org.uid, &cd.uid, &viewer).await.uid;
    let ci_team_editor = s.binding(&team.uid, &ci.uid, &editor).await.uid;
    let ci_team_viewer = s.binding(&team.uid, &ci.uid, &viewer).await.uid;

    let by = |identity: Option<&Uidp>, role: Option<&Uidp>| ListFilter {
        identity: identity.cloned(),
        role: role.cloned(),
        ..ListFilter::default()
    };
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, by(Some(&ci.uid), None)).await,
        (sorted(vec![ci_org_viewer.clone(), ci_team_editor.clone(), ci_team_viewer.clone()]), 3)
    );
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, by(None, Some(&viewer))).await,
        (sorted(vec![ci_org_viewer.clone(), cd_org_viewer.clone(), ci_team_viewer.clone()]), 3)
    );
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, by(Some(&ci.uid), Some(&viewer))).await,
        (sorted(vec![ci_org_viewer.clone(), ci_team_viewer.clone()]), 2)
    );
    let in_team = ListFilter {
        uidp: UidpFilter { children_of: some(&team.uid), ..UidpFilter::default() },
        role: Some(viewer.clone()),
        ..ListFilter::default()
    };
    assert_eq!(list_uids::<RoleBindingView>(&*store, in_team).await, (vec![ci_team_viewer.clone()], 1));
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, named("anything")).await,
        (sorted(vec![ci_org_viewer, cd_org_viewer, ci_team_editor, ci_team_viewer]), 4)
    );
}

/// `group` selects the bindings that grant in that group (their parent) and no others, not
/// even those of groups below it; it combines with `identity` and `role` by AND.
pub async fn role_binding_filter_by_group_returns_that_groups_bindings_only(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let sub = s.group(Some(&team.uid), "sub").await;
    let ci = s.identity(&org.uid, "ci").await;
    let cd = s.identity(&org.uid, "cd").await;
    let (viewer, editor) = (Uidp::from_static(VIEWER), Uidp::from_static(EDITOR));
    s.binding(&org.uid, &ci.uid, &viewer).await;
    let ci_team_viewer = s.binding(&team.uid, &ci.uid, &viewer).await.uid;
    let cd_team_editor = s.binding(&team.uid, &cd.uid, &editor).await.uid;
    s.binding(&sub.uid, &cd.uid, &editor).await;

    let in_group = |group: &Uidp| ListFilter { group: some(group), ..ListFilter::default() };
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, in_group(&team.uid)).await,
        (sorted(vec![ci_team_viewer.clone(), cd_team_editor.clone()]), 2)
    );
    let (in_org, total) = list_uids::<RoleBindingView>(&*store, in_group(&org.uid)).await;
    assert_eq!((in_org.len(), total), (1, 1));
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, ListFilter { identity: some(&cd.uid), ..in_group(&team.uid) }).await,
        (vec![cd_team_editor.clone()], 1)
    );
    assert_eq!(
        list_uids::<RoleBindingView>(&*store, ListFilter { role: some(&viewer), ..in_group(&team.uid) }).await,
        (vec![ci_team_viewer], 1)
    );
    let empty = s.group(Some(&org.uid), "empty").await;
    assert_eq!(list_uids::<RoleBindingView>(&*store, in_group(&empty.uid)).await, (vec![], 0));
}

/// `relationship_type` selects the identities whose relationship is of that kind, and only
/// those.
pub async fn identity_filter_by_relationship_type_returns_that_type_only(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let cd = s.identity(&team.uid, "cd").await;
    let mut legacy = fixtures::identity(&org.uid, "legacy");
    legacy.relationship = Relationship::StaticKeys(StaticKeys {
        issuer: "https://legacy.example.com".to_owned(),
        subject: "svc".to_owned(),
        issuer_keys: r#"{"keys":[]}"#.to_owned(),
        expiration_time: at(1_000_000),
        audiences: vec![],
    });
    store.create_identity(&legacy, &ev()).await.expect("create legacy");
    let mut syncer = fixtures::identity(&team.uid, "syncer");
    syncer.relationship = Relationship::ServicePrincipal(ServicePrincipal::CatalogSyncer);
    store.create_identity(&syncer, &ev()).await.expect("create syncer");
    let mut deployer = fixtures::identity(&team.uid, "deployer");
    deployer.relationship = Relationship::AwsIdentity(AwsIdentity {
        account: "123456789012".to_owned(),
        arn: Matcher::Exact("arn:aws:iam::123456789012:role/deploy".to_owned()),
        user_id: Matcher::Exact("AROAEXAMPLE".to_owned()),
    });
    store.create_identity(&deployer, &ev()).await.expect("create deployer");

    let of_type = |kind: RelationshipType| ListFilter { relationship_type: Some(kind), ..ListFilter::default() };
    assert_eq!(
        list_uids::<Identity>(&*store, of_type(RelationshipType::ClaimMatch)).await,
        (sorted(vec![ci.uid.clone(), cd.uid.clone()]), 2)
    );
    assert_eq!(list_uids::<Identity>(&*store, of_type(RelationshipType::Static)).await, (vec![legacy.uid.clone()], 1));
    assert_eq!(
        list_uids::<Identity>(&*store, of_type(RelationshipType::ServicePrincipal)).await,
        (vec![syncer.uid.clone()], 1)
    );
    assert_eq!(
        list_uids::<Identity>(&*store, of_type(RelationshipType::AwsIdentity)).await,
        (vec![deployer.uid.clone()], 1)
    );
    let in_team = ListFilter {
        uidp: UidpFilter { children_of: some(&team.uid), ..UidpFilter::default() },
        ..of_type(RelationshipType::ClaimMatch)
    };
    assert_eq!(list_uids::<Identity>(&*store, in_team).await, (vec![cd.uid], 1));
}

fn visible(scopes: &[&Uidp], root_level: bool) -> Visibility {
    Visibility { scopes: Some(scopes.iter().map(|u| (*u).clone()).collect()), root_level }
}

async fn visible_uids<T: Listed>(store: &dyn Store, visibility: Visibility) -> (Vec<Uidp>, u64) {
    let page = list::<T>(store, &ListQuery { visibility, ..all(ListFilter::default()) }).await;
    (uids(&page.items), page.total)
}

/// A list shows each scope and what lies below it; siblings and ancestors stay hidden, and
/// no scopes show nothing.
pub async fn visibility_shows_scopes_and_below_only(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let s = Setup(&*store);
    let repo_a = s.repo(&t.a.uid, "nginx").await;
    let repo_y = s.repo(&t.y.uid, "nginx").await;
    s.repo(&t.b.uid, "nginx").await;
    s.repo(&t.acme.uid, "nginx").await;

    assert_eq!(
        visible_uids::<Group>(&*store, visible(&[&t.a.uid], false)).await,
        (sorted(vec![t.a.uid.clone(), t.x.uid.clone(), t.y.uid.clone()]), 3)
    );
    assert_eq!(
        visible_uids::<Group>(&*store, visible(&[&t.x.uid, &t.b.uid], false)).await,
        (sorted(vec![t.b.uid.clone(), t.x.uid.clone(), t.y.uid.clone()]), 3)
    );
    assert_eq!(
        visible_uids::<Repo>(&*store, visible(&[&t.a.uid], false)).await,
        (sorted(vec![repo_a.uid, repo_y.uid]), 2)
    );
    assert_eq!(visible_uids::<Group>(&*store, visible(&[], false)).await, (vec![], 0));
    assert_eq!(visible_uids::<Group>(&*store, visible(&[&t.globex.uid], false)).await.1, 2);
}

/// `root_level` adds root-level rows (the built-in roles) to what the scopes show.
pub async fn visibility_root_level_adds_built_in_roles(store: Arc<dyn Store>) {
    let t = tree(&*store).await;
    let s = Setup(&*store);
    let in_a = s.role(&t.a.uid, "puller", &[]).await;
    s.role(&t.acme.uid, "puller", &[]).await;
    s.role(&t.globex.uid, "puller", &[]).await;
    let built_in: Vec<Uidp> = BUILT_IN_ROLES.iter().map(|d| Uidp::from_static(d.uid)).collect();

    let mut expected = built_in.clone();
    expected.push(in_a.uid.clone());
    assert_eq!(visible_uids::<Role>(&*store, visible(&[&t.a.uid], true)).await, (sorted(expected), 6));
    assert_eq!(visible_uids::<Role>(&*store, visible(&[&t.a.uid], false)).await, (vec![in_a.uid], 1));
    assert_eq!(visible_uids::<Role>(&*store, visible(&[], true)).await, (sorted(built_in), 5));
    assert_eq!(visible_uids::<Role>(&*store, Visibility { scopes: None, root_level: false }).await.1, 8);
}

/// Lists `filter` in every order of `fields` and compares with `rows` sorted independently.
async fn assert_every_order<T: Listed>(store: &dyn Store, filter: ListFilter, rows: &[T], fields: &[SortField]) {
    for order in orders(fields) {
        let page = list::<T>(store, &ListQuery { order, ..all(filter.clone()) }).await;
        assert_eq!(uids(&page.items), sorted_uids(rows, order), "order {order:?}");
        assert_eq!(page.total, rows.len() as u64, "order {order:?}");
    }
}

/// Two organizations with twelve children each: names repeat across the organizations,
/// creation and update times repeat in patterns unrelated to names and uids.
async fn many_groups(store: &dyn Store) -> Vec<Group> {
    let mut rows = Vec::new();
    for (o, org_name) in ["orders", "invoices"].into_iter().enumerate() {
        let mut org = fixtures::group(None, org_name);
        org.create_time = at(o as i64 * 7_000);
        org.update_time = at(50_000);
        store.create_group(&org, &ev()).await.expect("create org");
        for i in 0..12_i64 {
            let mut group = fixtures::group(Some(&org.uid), &format!("n{:02}", (i * 5) % 12));
            group.create_time = at((i % 4) * 1_000);
            group.update_time = at(((i * 7 + o as i64) % 5) * 1_000);
            store.create_group(&group, &ev()).await.expect("create group");
            rows.push(group);
        }
        rows.push(org);
    }
    rows
}

/// Groups order by uid, name, `created_at` and `updated_at`, both ways, ties broken by uid
/// in the same direction.
pub async fn groups_order_by_every_field(store: Arc<dyn Store>) {
    let rows = many_groups(&*store).await;
    assert_every_order(&*store, ListFilter::default(), &rows, EVERY_FIELD).await;
}

/// Identities order by every field, names by bytes (`"A" < "B" < "_" < "a"`).
pub async fn identities_order_by_every_field(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut rows = Vec::new();
    for (g, group_name) in ["one", "two"].into_iter().enumerate() {
        let group = s.group(Some(&org.uid), group_name).await;
        for (i, name) in ["b", "B", "a", "_", "A", "a b"].into_iter().enumerate() {
            let mut identity = fixtures::identity(&group.uid, name);
            identity.create_time = at((i as i64 % 3) * 1_000);
            identity.update_time = at(((i + g) as i64 % 2) * 1_000);
            store.create_identity(&identity, &ev()).await.expect("create identity");
            rows.push(identity);
        }
    }
    assert_every_order(&*store, ListFilter::default(), &rows, EVERY_FIELD).await;

    let one = child_uid(&org.uid, "group", "one");
    let in_one = uidp(UidpFilter { children_of: some(&one), ..UidpFilter::default() });
    let by_name = Ordering { field: SortField::Name, direction: Direction::Asc };
    let page = list::<Identity>(&*store, &ListQuery { order: by_name, ..all(in_one) }).await;
    let names: Vec<&str> = page.items.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["A", "B", "_", "a", "a b", "b"]);
}

/// Custom roles order by every field.
pub async fn roles_order_by_every_field(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut rows = Vec::new();
    for (g, group_name) in ["one", "two"].into_iter().enumerate() {
        let group = s.group(Some(&org.uid), group_name).await;
        for (i, name) in ["puller", "Pusher", "admin", "owner", "zeta"].into_iter().enumerate() {
            let mut role = fixtures::role(&group.uid, name, &[Capability::RepoList]);
            role.create_time = at(((i + g) as i64 % 3) * 1_000);
            role.update_time = at((i as i64 % 2) * 1_000);
            store.create_role(&role, &ev()).await.expect("create role");
            rows.push(role);
        }
    }
    let below = uidp(UidpFilter { descendants_of: some(&org.uid), ..UidpFilter::default() });
    assert_every_order(&*store, below, &rows, EVERY_FIELD).await;
}

/// Repos order by every field, paths by bytes (`-` < `/` < `_`).
pub async fn repos_order_by_every_field(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut rows = Vec::new();
    for (g, group_name) in ["one", "two"].into_iter().enumerate() {
        let group = s.group(Some(&org.uid), group_name).await;
        for (i, name) in ["a-b", "a/b", "a_b", "ab", "a", "b/c"].into_iter().enumerate() {
            let mut repo = fixtures::repo(&group.uid, name);
            repo.create_time = at((i as i64 % 2) * 1_000);
            repo.update_time = at(((i + g) as i64 % 3) * 1_000);
            store.create_repo(&repo, &ev()).await.expect("create repo");
            rows.push(repo);
        }
    }
    assert_every_order(&*store, ListFilter::default(), &rows, EVERY_FIELD).await;
}

/// Tags order by every field.
pub async fn tags_order_by_every_field(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut rows = Vec::new();
    for (r, repo_name) in ["nginx", "redis"].into_iter().enumerate() {
        let repo = s.repo(&org.uid, repo_name).await;
        for (i, name) in ["latest", "Latest", "1.0", "1.0.1", "v2", "_x"].into_iter().enumerate() {
            let mut tag = fixtures::tag(&repo.uid, name, 'a');
            tag.create_time = at(((i + r) as i64 % 3) * 1_000);
            tag.update_time = at((i as i64 % 2) * 1_000);
            assert_eq!(store.put_tag(&tag, &ev()).await.as_ref(), Ok(&tag));
            rows.push(tag);
        }
    }
    assert_every_order(&*store, ListFilter::default(), &rows, EVERY_FIELD).await;
}

/// Bindings, each identity holding every listed role in each of two groups, with
/// repeating creation times.
async fn many_bindings(store: &dyn Store) -> Vec<RoleBindingView> {
    let s = Setup(store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let mut identities = Vec::new();
    for name in ["ci", "cd", "ops"] {
        identities.push(s.identity(&org.uid, name).await);
    }
    let roles = [OWNER, EDITOR, VIEWER].map(Uidp::from_static);
    let mut views = Vec::new();
    let mut i = 0_i64;
    for group in [&org, &team] {
        for identity in &identities {
            for role in &roles {
                let mut binding = fixtures::binding(&group.uid, &identity.uid, role);
                binding.create_time = at((i % 4) * 1_000);
                i += 1;
                store.create_role_binding(&binding, &ev()).await.expect("create binding");
                let view = store.get_role_binding(&binding.uid).await.expect("get").expect("binding exists");
                assert_eq!(view.create_time, binding.create_time);
                views.push(view);
            }
        }
    }
    views
}

/// Bindings order by uid and `created_at`, both ways, and page through with cursors.
pub async fn role_bindings_order_and_page(store: Arc<dyn Store>) {
    let rows = many_bindings(&*store).await;
    assert_eq!(rows.len(), 18);
    assert_every_order(&*store, ListFilter::default(), &rows, BINDING_FIELDS).await;
    for order in orders(BINDING_FIELDS) {
        let walked = walk::<RoleBindingView>(&*store, &ListQuery { order, ..all(ListFilter::default()) }, 5, 18).await;
        assert_eq!(uids(&walked), sorted_uids(&rows, order), "order {order:?}");
    }
}

/// Walking pages of 7 with `after` cursors built from each page's last row yields every
/// row exactly once, in order, for every field and direction.
pub async fn keyset_paging_visits_every_row_once(store: Arc<dyn Store>) {
    let rows = many_groups(&*store).await;
    assert_eq!(rows.len(), 26);
    for order in orders(EVERY_FIELD) {
        let walked = walk::<Group>(&*store, &ListQuery { order, ..all(ListFilter::default()) }, 7, 26).await;
        assert_eq!(uids(&walked), sorted_uids(&rows, order), "order {order:?}");
    }
}

fn cursor_at<T: Sortable>(row: &T, field: SortField) -> Cursor {
    Cursor { key: row.sort_key(field), uid: row.uid().clone() }
}

/// `skip` counts from the cursor position (or the start), before `limit` applies.
pub async fn skip_counts_from_the_cursor(store: Arc<dyn Store>) {
    let rows = many_groups(&*store).await;
    for order in [
        Ordering { field: SortField::Name, direction: Direction::Asc },
        Ordering { field: SortField::CreateTime, direction: Direction::Desc },
    ] {
        let expected = sorted_uids(&rows, order);
        let full = list::<Group>(&*store, &ListQuery { order, ..all(ListFilter::default()) }).await.items;
        let query = |after: Option<Cursor>, skip: u64, limit: u64| ListQuery {
            order,
            after,
            skip,
            limit,
            ..all(ListFilter::default())
        };

        let page = list::<Group>(&*store, &query(Some(cursor_at(&full[4], order.field)), 3, 5)).await;
        assert_eq!((uids(&page.items), page.total), (expected[8..13].to_vec(), 26), "order {order:?}");
        let page = list::<Group>(&*store, &query(None, 20, 10)).await;
        assert_eq!((uids(&page.items), page.total), (expected[20..].to_vec(), 26), "order {order:?}");
        let page = list::<Group>(&*store, &query(Some(cursor_at(&full[20], order.field)), 10, 10)).await;
        assert_eq!((uids(&page.items), page.total), (vec![], 26), "order {order:?}");
    }
}

/// A plain `descendants_of` list is counted exactly at any size (groups keep descendant
/// counters), under every visibility; any other filter counts up to one above the cap.
pub async fn plain_descendant_totals_are_exact_and_other_totals_stop_one_above_the_cap(store: Arc<dyn Store>) {
    let org = fixtures::group(None, "crowded");
    store.create_group(&org, &ev()).await.expect("org");
    let cap = usize::try_from(COUNT_CAP).expect("small cap");
    let mut made = Vec::new();
    for i in 0..cap + 4 {
        let group = fixtures::group(Some(&org.uid), &format!("g{i:05}"));
        store.create_group(&group, &ev()).await.expect("group");
        made.push(group);
    }
    let nested = fixtures::group(Some(&made[1].uid), "nested");
    store.create_group(&nested, &ev()).await.expect("nested");
    let below = all(uidp(UidpFilter { descendants_of: some(&org.uid), ..UidpFilter::default() }));
    let page = list::<Group>(&*store, &ListQuery { limit: 3, ..below.clone() }).await;
    assert_eq!((page.items.len(), page.total, page.exact), (3, COUNT_CAP + 5, true));

    let children = all(uidp(UidpFilter { children_of: some(&org.uid), ..UidpFilter::default() }));
    let page = list::<Group>(&*store, &ListQuery { limit: 3, ..children }).await;
    assert_eq!((page.items.len(), page.total, page.exact), (3, COUNT_CAP + 1, false));
    let exact = ListFilter { name: Some("g00007".to_owned()), ..below.filter.clone() };
    assert_eq!(list::<Group>(&*store, &all(exact)).await.total, 1);

    let unknown = child_uid(&org.uid, "group", "never-created");
    let scopes = vec![made[1].uid.clone(), nested.uid.clone(), made[2].uid.clone(), unknown, root_uid("other")];
    let partial =
        ListQuery { visibility: Visibility { scopes: Some(scopes.into()), root_level: true }, ..below.clone() };
    let page = list::<Group>(&*store, &partial).await;
    let mut seen = uids(&page.items);
    seen.sort();
    let mut visible = vec![made[1].uid.clone(), nested.uid.clone(), made[2].uid.clone()];
    visible.sort();
    assert_eq!((seen, page.total, page.exact), (visible, 3, true));
    let of_one = all(uidp(UidpFilter { descendants_of: some(&made[1].uid), ..UidpFilter::default() }));
    assert_eq!(list::<Group>(&*store, &of_one).await.total, 1);

    store.delete_group(&nested.uid, &ev()).await.expect("delete nested");
    store.delete_group(&made[3].uid, &ev()).await.expect("delete one");
    assert_eq!(list::<Group>(&*store, &below).await.total, COUNT_CAP + 3);
    assert_eq!(list::<Group>(&*store, &of_one).await.total, 0);
}

/// `total` counts every row matching filter and visibility, whatever the cursor, skip and
/// limit.
pub async fn total_ignores_cursor_skip_and_limit(store: Arc<dyn Store>) {
    assert_eq!(many_groups(&*store).await.len(), 26);
    let orders_org = fixtures::root_uid("orders");
    let filter = uidp(UidpFilter { children_of: some(&orders_org), ..UidpFilter::default() });
    let base = all(filter);
    let full = list::<Group>(&*store, &base).await;
    assert_eq!(full.items.len(), 12);
    assert_eq!(full.total, 12);
    let last = full.items.last().expect("rows exist");

    for (after, skip, limit) in [
        (None, 0, 1),
        (None, 0, 0),
        (None, 50, 10),
        (Some(cursor_at(last, SortField::Uid)), 0, 10),
        (Some(cursor_at(&full.items[3], SortField::Uid)), 2, 3),
    ] {
        let page = list::<Group>(&*store, &ListQuery { after: after.clone(), skip, limit, ..base.clone() }).await;
        assert_eq!(page.total, 12, "after {after:?}, skip {skip}, limit {limit}");
        assert!(page.items.len() as u64 <= limit);
    }
    let hidden = ListQuery { visibility: visible(&[&full.items[0].uid], false), ..base };
    assert_eq!(list::<Group>(&*store, &hidden).await.total, 1);
}

/// A cursor is a position, not a row: deleting the row it came from, or the row after it,
/// neither repeats nor skips anything.
pub async fn cursor_survives_deletion_of_its_row(store: Arc<dyn Store>) {
    let rows = many_groups(&*store).await;
    let order = Ordering { field: SortField::CreateTime, direction: Direction::Desc };
    let expected = sorted_uids(&rows, order);
    let query = ListQuery { order, limit: 7, ..all(ListFilter::default()) };

    let first = list::<Group>(&*store, &query).await;
    assert_eq!(uids(&first.items), expected[..7].to_vec());
    let after = Some(cursor_at(first.items.last().expect("a full page"), order.field));
    for uid in &expected[6..8] {
        assert!(!uid.is_root(), "the 7th and 8th rows of this order are leaf groups");
        store.delete_group(uid, &ev()).await.expect("delete leaf group");
    }
    let second = list::<Group>(&*store, &ListQuery { after, limit: 100, ..query }).await;
    assert_eq!((uids(&second.items), second.total), (expected[8..].to_vec(), 24));
}

/// Bindings come back hydrated with the current identity, group and role, by get and by
/// list alike.
pub async fn role_binding_views_are_hydrated(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let ci = s.identity(&org.uid, "ci").await;
    let verified = SeenEmail {
        address: "ci@acme.example".to_owned(),
        verified: true,
        voucher: grove_domain::model::EmailVoucher::DefaultProvider,
    };
    store.record_identity_seen(&ci.uid, &Seen { at: at(5_000), email: Some(verified) }).await.expect("seen");
    let mut deployer = fixtures::identity(&org.uid, "deployer");
    deployer.relationship = Relationship::ClaimMatch(ClaimMatch {
        issuer: Matcher::Pattern(Pattern::parse("issuer", r"https://.*\.example\.com").expect("pattern")),
        subject: Matcher::Pattern(Pattern::parse("subject", "repo:acme/.*").expect("pattern")),
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    });
    store.create_identity(&deployer, &ev()).await.expect("create deployer");
    let mut legacy = fixtures::identity(&org.uid, "legacy");
    legacy.relationship = Relationship::StaticKeys(StaticKeys {
        issuer: "https://legacy.example.com".to_owned(),
        subject: "svc".to_owned(),
        issuer_keys: r#"{"keys":[]}"#.to_owned(),
        expiration_time: at(1_000_000),
        audiences: vec![],
    });
    store.create_identity(&legacy, &ev()).await.expect("create legacy");
    let puller = s.role(&org.uid, "puller", &[Capability::RepoList]).await;
    let viewer = store.get_role(&Uidp::from_static(VIEWER)).await.expect("get").expect("viewer exists");

    let b_ci = s.binding(&team.uid, &ci.uid, &viewer.uid).await;
    let b_deployer = s.binding(&team.uid, &deployer.uid, &puller.uid).await;
    let b_legacy = s.binding(&org.uid, &legacy.uid, &Uidp::from_static(OWNER)).await;

    let team_ref = NamedRef { uid: team.uid.clone(), name: "team".to_owned(), description: "group team".to_owned() };
    let view = |b: &RoleBinding, identity: BoundIdentity, group: &NamedRef, role: NamedRef| RoleBindingView {
        uid: b.uid.clone(),
        identity,
        group: group.clone(),
        role,
        create_time: b.create_time,
    };
    let expected_ci = view(
        &b_ci,
        BoundIdentity {
            uid: ci.uid.clone(),
            name: "ci".to_owned(),
            description: "identity ci".to_owned(),
            subject: "ci".to_owned(),
            issuer: ISSUER.to_owned(),
            email: "ci@acme.example".to_owned(),
            joined: true,
        },
        &team_ref,
        NamedRef { uid: viewer.uid.clone(), name: "viewer".to_owned(), description: viewer.description.to_string() },
    );
    let expected_deployer = view(
        &b_deployer,
        BoundIdentity {
            uid: deployer.uid.clone(),
            name: "deployer".to_owned(),
            description: "identity deployer".to_owned(),
            subject: "repo:acme/.*".to_owned(),
            issuer: r"https://.*\.example\.com".to_owned(),
            email: String::new(),
            joined: true,
        },
        &team_ref,
        NamedRef { uid: puller.uid.clone(), name: "puller".to_owned(), description: "role puller".to_owned() },
    );
    let owner = store.get_role(&Uidp::from_static(OWNER)).await.expect("get").expect("owner exists");
    let expected_legacy = view(
        &b_legacy,
        BoundIdentity {
            uid: legacy.uid.clone(),
            name: "legacy".to_owned(),
            description: "identity legacy".to_owned(),
            subject: "svc".to_owned(),
            issuer: "https://legacy.example.com".to_owned(),
            email: String::new(),
            joined: true,
        },
        &NamedRef { uid: org.uid.clone(), name: "acme".to_owned(), description: "group acme".to_owned() },
        NamedRef { uid: owner.uid.clone(), name: "owner".to_owned(), description: owner.description.to_string() },
    );

    for expected in [&expected_ci, &expected_deployer, &expected_legacy] {
        assert_eq!(store.get_role_binding(&expected.uid).await.expect("get").as_ref(), Some(expected));
    }
    let in_team = uidp(UidpFilter { children_of: some(&team.uid), ..UidpFilter::default() });
    let mut expected_team = vec![expected_ci.clone(), expected_deployer.clone()];
    expected_team.sort_by(|a, b| a.uid.cmp(&b.uid));
    let page = list::<RoleBindingView>(&*store, &all(in_team.clone())).await;
    assert_eq!((page.items, page.total), (expected_team, 2));

    // Views are joined when read: renames show up in existing bindings.
    let renamed = Identity { name: display_name("ci-renamed"), description: text("renamed"), ..ci.clone() };
    store.update_identity(&renamed, &ev()).await.expect("rename identity");
    let team_renamed = Group { description: text("the team"), ..team.clone() };
    store.update_group(&team_renamed, &ev()).await.expect("describe team");
    let repuller = Role { name: display_name("puller2"), ..puller.clone() };
    store.update_role(&repuller, &ev()).await.expect("rename role");
    let view = store.get_role_binding(&b_ci.uid).await.expect("get").expect("binding exists");
    assert_eq!((view.identity.name.as_str(), view.identity.description.as_str()), ("ci-renamed", "renamed"));
    assert_eq!(view.group.description, "the team");
    let page = list::<RoleBindingView>(&*store, &all(in_team)).await;
    let deployer_view = page.items.iter().find(|v| v.uid == b_deployer.uid).expect("listed");
    assert_eq!(deployer_view.role.name, "puller2");
}

/// `grants_of` has one grant per binding of the identity: the binding's group and the
/// role's current capabilities, in binding uid order; no grants for an identity without
/// bindings, and `None` for an identity that does not exist (never did, or was deleted).
pub async fn grants_of_reports_each_binding(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let acme = s.group(None, "acme").await;
    let team = s.group(Some(&acme.uid), "team").await;
    let globex = s.group(None, "globex").await;
    let ci = s.identity(&acme.uid, "ci").await;
    let idle = s.identity(&acme.uid, "idle").await;
    let pusher = s.role(&acme.uid, "pusher", &[Capability::RepoList, Capability::RepoCreate]).await;
    let viewer = store.get_role(&Uidp::from_static(VIEWER)).await.expect("get").expect("viewer exists");
    let editor = store.get_role(&Uidp::from_static(EDITOR)).await.expect("get").expect("editor exists");

    let mut bindings = [
        (s.binding(&acme.uid, &ci.uid, &viewer.uid).await, viewer.capabilities.clone()),
        (s.binding(&team.uid, &ci.uid, &pusher.uid).await, pusher.capabilities.clone()),
        (s.binding(&globex.uid, &ci.uid, &editor.uid).await, editor.capabilities.clone()),
    ];
    bindings.sort_by(|a, b| a.0.uid.cmp(&b.0.uid));
    let expected: Vec<Grant> =
        bindings.iter().map(|(b, caps)| Grant { group: b.group_uid(), capabilities: caps.clone() }).collect();
    assert_eq!(store.grants_of(&ci.uid).await, Ok(Some(expected)));
    assert_eq!(store.grants_of(&idle.uid).await, Ok(Some(vec![])));
    assert_eq!(store.grants_of(&child_uid(&acme.uid, "identity", "ghost")).await, Ok(None));
    store.delete_identity(&idle.uid, &ev()).await.expect("delete idle");
    assert_eq!(store.grants_of(&idle.uid).await, Ok(None));

    let narrowed = Role { capabilities: [Capability::TagList].into_iter().collect(), ..pusher.clone() };
    store.update_role(&narrowed, &ev()).await.expect("narrow role");
    let grants = store.grants_of(&ci.uid).await.expect("grants").expect("ci exists");
    let team_grant = grants.iter().find(|g| g.group == team.uid).expect("team grant");
    assert_eq!(team_grant.capabilities, narrowed.capabilities);
}
