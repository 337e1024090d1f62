//! SCIM provisioning: users unique per provider by `userName` (any case) and `externalId`,
//! versioned writes, the same filter results in every store (the memory store evaluates
//! them, PostgreSQL runs them as SQL), group members that must be users of the provider, the
//! group names a person is in, and everything going with the provider.

use std::sync::Arc;

use grove_domain::builtin::VIEWER;
use grove_domain::error::Error;
use grove_domain::model::{FilterTarget, ScimEmail, ScimFilter, ScimGroup, ScimQuery, ScimUser, VERSION_MISMATCH};
use grove_domain::ports::Store;
use grove_domain::Uidp;

use super::identity_providers::provider;
use super::Setup;
use crate::ev;
use crate::fixtures::{at, child_uid};

fn user(idp: &Uidp, name: &str, external: Option<&str>, active: bool, email: (&str, &str)) -> ScimUser {
    let mut resource = serde_json::Map::new();
    resource.insert("userName".into(), name.into());
    ScimUser {
        uid: child_uid(idp, "scim user", name),
        user_name: name.to_owned(),
        external_id: external.map(str::to_owned),
        display_name: None,
        active,
        emails: vec![ScimEmail { value: email.0.to_owned(), kind: Some(email.1.to_owned()), primary: false }],
        resource,
        identity: external.map(|x| Uidp::provider_person(idp, x)),
        linked_identity: None,
        version: 1,
        create_time: at(0),
        update_time: at(0),
    }
}

async fn names(store: &dyn Store, idp: &Uidp, filter: &str) -> (Vec<String>, u64) {
    let filter = ScimFilter::parse_for(filter, FilterTarget::Users).expect("filter parses");
    let page =
        store.list_scim_users(idp, &ScimQuery { filter: Some(filter), offset: 0, count: 100 }).await.expect("list");
    let mut names: Vec<String> = page.items.into_iter().map(|u| u.user_name).collect();
    names.sort();
    (names, page.total)
}

/// Clashes, versions, and the same filter answers in every store.
pub async fn scim_users_are_unique_versioned_and_filtered_alike(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let idp = provider(&org.uid, "okta", VIEWER, None);
    store.create_identity_provider(&idp, &ev()).await.expect("provider");
    let users = [
        user(&idp.uid, "Alice@Example.com", Some("a1"), true, ("alice@work.example", "work")),
        user(&idp.uid, "bob@example.com", Some("b2"), true, ("bob@home.example", "home")),
        user(&idp.uid, "carol@other.example", Some("c3"), false, ("carol@work.example", "work")),
        user(&idp.uid, "dave@example.com", None, true, ("dave@work.example", "work")),
    ];
    for u in &users {
        store.create_scim_user(u, &ev()).await.expect("user");
    }
    let clash = user(&idp.uid, "ALICE@example.com", Some("z"), true, ("x@x.example", "work"));
    assert_eq!(
        store.create_scim_user(&clash, &ev()).await,
        Err(Error::AlreadyExists(format!(
            "a user with userName \"ALICE@example.com\" already exists in identity provider {}",
            idp.uid
        )))
    );
    let clash = user(&idp.uid, "zed@example.com", Some("b2"), true, ("x@x.example", "work"));
    assert_eq!(
        store.create_scim_user(&clash, &ev()).await,
        Err(Error::AlreadyExists(format!(
            "a user with externalId \"b2\" already exists in identity provider {}",
            idp.uid
        )))
    );
    let cases: &[(&str, &[&str])] = &[
        (r#"userName eq "alice@example.com""#, &["Alice@Example.com"]),
        (r#"externalId eq "A1""#, &[]),
        (r#"userName co "EXAMPLE.COM" and not (userName sw "d")"#, &["Alice@Example.com", "bob@example.com"]),
        (r#"userName ew ".example" or externalId eq "a1""#, &["Alice@Example.com", "carol@other.example"]),
        (r#"emails.value eq "BOB@home.example""#, &["bob@example.com"]),
        (
            r#"emails[type eq "work" and value co "@work"] and active eq true"#,
            &["Alice@Example.com", "dave@example.com"],
        ),
        (r#"emails[type eq "work"].value sw "carol""#, &["carol@other.example"]),
        ("active eq false", &["carol@other.example"]),
        ("externalId pr", &["Alice@Example.com", "bob@example.com", "carol@other.example"]),
        (r#"externalId ne "a1""#, &["bob@example.com", "carol@other.example", "dave@example.com"]),
        (r#"userName gt "b" and userName lt "d""#, &["bob@example.com", "carol@other.example"]),
    ];
    for (filter, expected) in cases {
        let (found, total) = names(&*store, &idp.uid, filter).await;
        assert_eq!(found, *expected, "{filter}");
        assert_eq!(total, expected.len() as u64, "{filter}");
    }
    let page = store.list_scim_users(&idp.uid, &ScimQuery { filter: None, offset: 1, count: 2 }).await.expect("page");
    let mut by_uid: Vec<&ScimUser> = users.iter().collect();
    by_uid.sort_by(|a, b| a.uid.as_str().cmp(b.uid.as_str()));
    assert_eq!(
        (page.total, page.items.iter().map(|u| &u.uid).collect::<Vec<_>>()),
        (4, vec![&by_uid[1].uid, &by_uid[2].uid])
    );

    let next = ScimUser { version: 2, active: false, ..users[0].clone() };
    let refused = store.update_scim_user(&next, 7, &ev()).await.expect_err("a stale version is refused");
    assert!(matches!(&refused, Error::FailedPrecondition(v) if v.kind == VERSION_MISMATCH), "{refused:?}");
    store.update_scim_user(&next, 1, &ev()).await.expect("update");
    assert_eq!(store.get_scim_user(&next.uid).await.expect("get"), Some(next.clone()));
    assert_eq!(store.find_scim_user(&idp.uid, "a1").await.expect("find"), Some(next));
    assert_eq!(store.find_scim_user(&idp.uid, "nobody").await.expect("find"), None);
}

/// Members must be users of the provider; names of a person's groups; cascades.
pub async fn scim_groups_hold_users_of_their_provider_and_go_with_it(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let idp = provider(&org.uid, "okta", VIEWER, None);
    store.create_identity_provider(&idp, &ev()).await.expect("provider");
    let a = user(&idp.uid, "a@example.com", Some("ext-a"), true, ("a@example.com", "work"));
    store.create_scim_user(&a, &ev()).await.expect("user");
    let ghost = child_uid(&idp.uid, "scim user", "ghost");
    let mut group = ScimGroup {
        uid: child_uid(&idp.uid, "scim group", "eng"),
        display_name: "Engineering".to_owned(),
        external_id: None,
        members: vec![ghost.clone()],
        version: 1,
        create_time: at(0),
        update_time: at(0),
    };
    assert_eq!(
        store.create_scim_group(&group, &ev()).await,
        Err(Error::NotFound(format!(
            "member {} is not a user of identity provider {}",
            grove_domain::model::scim_id(&ghost),
            idp.uid
        )))
    );
    assert_eq!(store.get_scim_group(&group.uid).await.expect("get"), None);
    group.members = vec![a.uid.clone()];
    store.create_scim_group(&group, &ev()).await.expect("group");
    assert_eq!(store.get_scim_group(&group.uid).await.expect("get"), Some(group.clone()));
    assert_eq!(store.scim_group_names_of(&idp.uid, "ext-a").await.expect("names"), ["Engineering"]);
    let filter =
        ScimFilter::parse_for(&format!("members.value eq \"{}\"", a.id()), FilterTarget::Groups).expect("filter");
    let found = store
        .list_scim_groups(&idp.uid, &ScimQuery { filter: Some(filter), offset: 0, count: 10 })
        .await
        .expect("list");
    assert_eq!((found.total, found.items), (1, vec![group.clone()]));

    let renamed = ScimGroup { display_name: "Eng".to_owned(), members: Vec::new(), version: 2, ..group.clone() };
    store.update_scim_group(&renamed, 1, &ev()).await.expect("update");
    assert_eq!(store.scim_group_names_of(&idp.uid, "ext-a").await.expect("names"), Vec::<String>::new());
    store.delete_scim_user(&a, 1, &ev(), &ev()).await.expect("delete user");
    assert_eq!(store.get_scim_user(&a.uid).await.expect("get"), None);
    store.delete_identity_provider(&idp.uid, &ev()).await.expect("provider is deleted");
    assert_eq!(store.get_scim_group(&group.uid).await.expect("get"), None);
}
