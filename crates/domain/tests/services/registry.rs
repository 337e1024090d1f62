//! RepoService and TagService: repo field rules, and tags only inside existing repos.

use grove_domain::error::{Error, FieldViolation};
use grove_domain::model::{CatalogTier, Repo, Tag};
use grove_domain::names::{Description, Digest, RepoName, TagName};
use grove_domain::services::{RepoInput, TagInput};

use crate::common::*;

fn digest() -> String {
    format!("sha256:{}", "ab".repeat(32))
}

fn tag_input(name: &str, digest: &str) -> TagInput {
    TagInput { name: Some(name.to_owned()), digest: Some(digest.to_owned()), deprecated: None, bundles: None }
}

fn repo_uid() -> grove_domain::Uidp {
    child(&group_a(), "000000000000e001")
}

fn no_registry_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_repo().never();
    store.expect_update_repo().never();
    store.expect_delete_repo().never();
    store.expect_put_tag().never();
    store.expect_update_tag().never();
    store.expect_delete_tag().never();
    store
}

#[test]
fn tag_create_on_a_missing_repo_is_not_found_and_writes_nothing() {
    let mut store = no_registry_writes();
    let wanted = repo_uid();
    store.expect_get_repo().withf(move |u| *u == wanted).times(1).returning(|_| Ok(None));
    let env = env(store);
    let r = repo_uid();
    let err =
        run(env.services.tags.create(&bound("owner", &org()), r.as_str(), tag_input("latest", &digest()))).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("repo {r} does not exist")));
}

#[test]
fn tag_create_on_an_organization_uid_is_not_found() {
    let mut store = no_registry_writes();
    store.expect_get_repo().never();
    let env = env(store);
    let o = org();
    let err =
        run(env.services.tags.create(&bound("owner", &o), o.as_str(), tag_input("latest", &digest()))).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("repo {o} does not exist")));
}

#[test]
fn tag_create_with_bad_name_and_digest_names_both_fields() {
    let env = env(no_registry_writes());
    let r = repo_uid();
    let err = run(env.services.tags.create(&bound("owner", &org()), r.as_str(), tag_input(".hidden", "sha256:abc")))
        .unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            FieldViolation::new("name", "name must match ^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}$"),
            FieldViolation::new("digest", "digest must be sha256:<64 lowercase hex> or sha512:<128 lowercase hex>"),
        ])
    );
}

#[test]
fn tag_create_puts_a_child_of_the_repo_and_returns_what_the_store_kept() {
    let r = repo_uid();
    let expected = Tag {
        uid: nth_child(&r, 1),
        name: TagName::parse("name", "1.25").unwrap(),
        digest: Digest::parse("digest", &digest()).unwrap(),
        deprecated: false,
        bundles: Vec::new(),
        create_time: ts(T0),
        update_time: ts(T0),
    };
    // The store answers with the tag it already had under that name (create-or-update).
    let mut kept = expected.clone();
    kept.uid = nth_child(&r, 7);
    kept.create_time = ts(T0 - DAY_MS);
    let mut store = MockStore::new();
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    let (written, answer) = (expected.clone(), kept.clone());
    store.expect_put_tag().withf(move |t, _| *t == written).times(1).returning(move |_, _| Ok(answer.clone()));
    let env = env(store);
    let tag =
        run(env.services.tags.create(&bound("registry.push", &group_a()), r.as_str(), tag_input("1.25", &digest())))
            .unwrap();
    assert_eq!(tag, kept);
}

#[test]
fn tag_create_without_tag_create_is_permission_denied() {
    let mut store = no_registry_writes();
    store.expect_get_repo().never();
    let env = env(store);
    let r = repo_uid();
    let err = run(env.services.tags.create(&bound("viewer", &group_a()), r.as_str(), tag_input("latest", &digest())))
        .unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks tag.create on {r}")));
}

#[test]
fn repo_create_with_a_bad_bundle_and_a_bad_alias_names_both_fields() {
    let env = env(no_registry_writes());
    let a = group_a();
    let body = RepoInput {
        name: Some("nginx".to_owned()),
        aliases: Some(vec!["nginx:latest".to_owned(), "no-tag".to_owned()]),
        bundles: Some(vec!["base".to_owned(), "premium".to_owned()]),
        ..RepoInput::default()
    };
    let err = run(env.services.repos.create(&bound("owner", &a), a.as_str(), body)).unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            FieldViolation::new("aliases", "aliases entry \"no-tag\" must look like image:tag"),
            FieldViolation::new(
                "bundles",
                "bundles entry \"premium\" must be one of application, base, byol, ai, ai-gpu, featured, fips, \
                 commercial, emeritoss"
            ),
        ])
    );
}

#[test]
fn repo_create_without_a_name_is_a_violation_on_name() {
    let env = env(no_registry_writes());
    let a = group_a();
    let err = run(env.services.repos.create(&bound("owner", &a), a.as_str(), RepoInput::default())).unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "name",
            "name must be lowercase path components [a-z0-9]+ separated by '.', '_', '__' or '-', joined by '/'"
        )
    );
}

#[test]
fn repo_create_writes_a_child_of_the_group_with_the_given_fields() {
    let a = group_a();
    let expected = Repo {
        uid: nth_child(&a, 1),
        name: RepoName::parse("name", "team/nginx").unwrap(),
        description: Description::parse("description", "web server").unwrap(),
        aliases: vec!["nginx:latest".to_owned()],
        bundles: vec!["base".to_owned(), "fips".to_owned()],
        active_tags: vec!["1.25".to_owned()],
        catalog_tier: CatalogTier::Base,
        readme: String::new(),
        sync_config: None,
        custom_overlay: None,
        create_time: ts(T0),
        update_time: ts(T0),
    };
    let mut store = MockStore::new();
    let written = expected.clone();
    store.expect_create_repo().withf(move |r, _| *r == written).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let body = RepoInput {
        name: Some("team/nginx".to_owned()),
        description: Some("web server".to_owned()),
        aliases: Some(vec!["nginx:latest".to_owned()]),
        bundles: Some(vec!["base".to_owned(), "fips".to_owned()]),
        active_tags: Some(vec!["1.25".to_owned()]),
        catalog_tier: Some(CatalogTier::Base),
        ..RepoInput::default()
    };
    let created = run(env.services.repos.create(&bound("editor", &a), a.as_str(), body)).unwrap();
    assert_eq!(created, expected);
}

#[test]
fn repo_delete_with_tags_passes_store_failed_precondition_through() {
    let r = repo_uid();
    let not_empty = Error::not_empty("cannot delete repo with child tags");
    let mut store = MockStore::new();
    let returned = not_empty.clone();
    store.expect_delete_repo().times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    assert_eq!(run(env.services.repos.delete(&bound("owner", &org()), r.as_str())).unwrap_err(), not_empty);
}
