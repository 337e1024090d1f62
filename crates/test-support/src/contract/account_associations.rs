//! Account associations: one per group keyed by the group's uid, round trips with every
//! provider section, the idempotent delete, the association going with its group, and the
//! `name`, `group` and hierarchy filters with every order.

use std::collections::BTreeMap;
use std::sync::Arc;

use grove_domain::error::Error;
use grove_domain::listing::{Direction, ListFilter, ListQuery, Ordering, SortField, UidpFilter, Visibility};
use grove_domain::model::{
    AccountAssociation, AccountProviders, AmazonAccount, ChainguardBindings, GitHubApps, GitHubInstallation,
};
use grove_domain::names::{Description, DisplayName};
use grove_domain::ports::Store;
use grove_domain::Uidp;

use super::{all, list, not_found, uids, Setup};
use crate::ev;
use crate::fixtures::at;

fn association(group: &Uidp, name: &str, created: i64) -> AccountAssociation {
    let mut installs = BTreeMap::new();
    installs.insert(42, vec![GitHubInstallation { installation_id: 7, name: "acme".to_owned() }]);
    let mut bindings = BTreeMap::new();
    bindings.insert("INGESTER".to_owned(), group.random_child());
    AccountAssociation {
        uid: group.clone(),
        name: DisplayName::parse("name", name).expect("valid name"),
        description: Description::parse("description", "d").expect("valid description"),
        providers: AccountProviders {
            amazon: Some(AmazonAccount { account: "123456789012".to_owned() }),
            github: Some(GitHubApps { app_installations: installs }),
            chainguard: Some(ChainguardBindings { service_bindings: bindings }),
            ..AccountProviders::default()
        },
        create_time: at(created),
        update_time: at(created),
    }
}

/// An association round-trips; its group must exist; a second one is `ALREADY_EXISTS`;
/// update replaces it; delete is idempotent; deleting the group removes it.
pub async fn account_association_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let a = association(&team.uid, "accounts", 10);
    store.create_account_association(&a, &ev()).await.expect("created");
    assert_eq!(store.get_account_association(&team.uid).await, Ok(Some(a.clone())));
    assert_eq!(
        store.create_account_association(&a, &ev()).await,
        Err(Error::AlreadyExists(format!("account association {} already exists", team.uid)))
    );
    let missing = Uidp::parse(&format!("{}/00000000000000ff", org.uid)).expect("uid");
    assert_eq!(
        store.create_account_association(&association(&missing, "x", 11), &ev()).await,
        Err(not_found("group", &missing))
    );

    let changed = AccountAssociation {
        name: DisplayName::parse("name", "renamed").expect("valid"),
        providers: AccountProviders::default(),
        update_time: at(20),
        ..a.clone()
    };
    store.update_account_association(&changed, &ev()).await.expect("updated");
    assert_eq!(store.get_account_association(&team.uid).await, Ok(Some(changed)));
    assert_eq!(
        store.update_account_association(&association(&org.uid, "x", 12), &ev()).await,
        Err(not_found("account association", &org.uid))
    );

    assert_eq!(store.delete_account_association(&team.uid, &ev()).await, Ok(true));
    assert_eq!(store.delete_account_association(&team.uid, &ev()).await, Ok(false));
    assert_eq!(store.get_account_association(&team.uid).await, Ok(None));

    store.create_account_association(&association(&team.uid, "again", 13), &ev()).await.expect("created");
    store.delete_group(&team.uid, &ev()).await.expect("a group with an association is deleted");
    assert_eq!(store.get_account_association(&team.uid).await, Ok(None));
}

/// `name`, `group` and the hierarchy filters filter; orders by uid and name agree; a
/// caller sees only what its visibility allows.
pub async fn account_associations_filter_and_order(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let a = s.group(Some(&org.uid), "a").await;
    let b = s.group(Some(&org.uid), "b").await;
    let other = s.group(None, "other").await;
    for (g, name, t) in [(&org.uid, "zeta", 1), (&a.uid, "alpha", 2), (&b.uid, "alpha", 3), (&other.uid, "mid", 4)] {
        store.create_account_association(&association(g, name, t), &ev()).await.expect("created");
    }
    let mut by_uid = vec![org.uid.clone(), a.uid.clone(), b.uid.clone(), other.uid.clone()];
    by_uid.sort();
    let everything = list::<AccountAssociation>(&*store, &all(ListFilter::default())).await;
    assert_eq!(uids(&everything.items), by_uid);

    let named = list::<AccountAssociation>(
        &*store,
        &all(ListFilter { name: Some("alpha".to_owned()), ..ListFilter::default() }),
    )
    .await;
    let mut alphas = vec![a.uid.clone(), b.uid.clone()];
    alphas.sort();
    assert_eq!(uids(&named.items), alphas);

    let group =
        list::<AccountAssociation>(&*store, &all(ListFilter { group: Some(b.uid.clone()), ..ListFilter::default() }))
            .await;
    assert_eq!(uids(&group.items), vec![b.uid.clone()]);

    let children = list::<AccountAssociation>(
        &*store,
        &all(ListFilter {
            uidp: UidpFilter { children_of: Some(org.uid.clone()), ..UidpFilter::default() },
            ..ListFilter::default()
        }),
    )
    .await;
    assert_eq!(uids(&children.items), alphas);

    let mut roots = vec![org.uid.clone(), other.uid.clone()];
    roots.sort();
    let in_root = list::<AccountAssociation>(
        &*store,
        &all(ListFilter { uidp: UidpFilter { in_root: true, ..UidpFilter::default() }, ..ListFilter::default() }),
    )
    .await;
    assert_eq!(uids(&in_root.items), roots);

    let mut q = all(ListFilter::default());
    q.order = Ordering { field: SortField::Name, direction: Direction::Desc };
    let by_name = list::<AccountAssociation>(&*store, &q).await;
    assert_eq!(by_name.items[0].uid, org.uid, "zeta first");
    assert_eq!(by_name.items[1].uid, other.uid, "then mid");

    let visible = ListQuery::all(
        ListFilter::default(),
        Visibility { scopes: Some(vec![a.uid.clone()].into()), root_level: false },
        1_000,
    );
    let seen = list::<AccountAssociation>(&*store, &visible).await;
    assert_eq!(uids(&seen.items), vec![a.uid.clone()]);
}
