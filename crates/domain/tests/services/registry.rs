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
fn tag_create_of_a_new_name_creates_a_child_of_the_repo_with_a_created_event() {
    let r = repo_uid();
    let expected = Tag {
        uid: nth_child(&r, 1),
        name: TagName::parse("name", "latest").unwrap(),
        digest: Digest::parse("digest", &digest()).unwrap(),
        deprecated: false,
        bundles: Vec::new(),
        create_time: ts(T0),
        update_time: ts(T0),
    };
    let mut store = no_registry_writes();
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    tag_lookups(&mut store, vec![None]);
    let written = expected.clone();
    store
        .expect_create_tag()
        .withf(move |t, e| {
            *t == written && e.event_type == grove_domain::events::EventType::TagCreated && e.subject == written.uid
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let tag =
        run(env.services.tags.create(&bound("registry.push", &group_a()), r.as_str(), tag_input("latest", &digest())))
            .unwrap();
    assert_eq!(tag, expected);
}

/// A caller holding exactly `capabilities` on group A.
fn holding(capabilities: &[grove_domain::capability::Capability]) -> grove_domain::authz::Principal {
    grove_domain::authz::Principal::new(
        caller_uid(),
        vec![grove_domain::authz::Grant { group: group_a(), capabilities: capabilities.iter().copied().collect() }],
        grove_domain::capability::CapabilitySet::new(),
    )
}

#[test]
fn tag_create_of_a_taken_name_without_tag_update_is_already_exists_and_writes_nothing() {
    use grove_domain::capability::Capability as C;
    let mut store = no_registry_writes();
    store.expect_create_tag().never();
    store.expect_move_tag().never();
    store.expect_get_repo().times(2).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    tag_lookups(&mut store, vec![Some(stored_tag("latest", &other_digest())); 2]);
    let env = env(store);
    let r = repo_uid();
    let refused =
        Error::AlreadyExists(format!("a tag named \"latest\" already exists in repo {r}; moving it needs tag.update"));
    // The same answer whether or not the caller may list the tag it collides with.
    for caller in [holding(&[C::RepoList, C::TagList, C::TagCreate]), holding(&[C::RepoList, C::TagCreate])] {
        let err = run(env.services.tags.create(&caller, r.as_str(), tag_input("latest", &digest()))).unwrap_err();
        assert_eq!(err, refused);
    }
}

#[test]
fn tag_create_of_a_name_taken_meanwhile_without_tag_update_is_already_exists() {
    use grove_domain::capability::Capability as C;
    let mut store = no_registry_writes();
    store.expect_move_tag().never();
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    tag_lookups(&mut store, vec![None, Some(stored_tag("latest", &other_digest()))]);
    store
        .expect_create_tag()
        .times(1)
        .returning(|t, _| Err(Error::AlreadyExists(format!("a tag named \"{}\" already exists", t.name))));
    let env = env(store);
    let r = repo_uid();
    let caller = holding(&[C::RepoList, C::TagList, C::TagCreate]);
    let err = run(env.services.tags.create(&caller, r.as_str(), tag_input("latest", &digest()))).unwrap_err();
    assert_eq!(
        err,
        Error::AlreadyExists(format!("a tag named \"latest\" already exists in repo {r}; moving it needs tag.update"))
    );
}

#[test]
fn tag_create_of_a_taken_name_with_tag_update_moves_that_tag_with_an_updated_event_naming_its_uid() {
    let mut store = no_registry_writes();
    store.expect_create_tag().never();
    store.expect_move_tag().never();
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    let before = stored_tag("latest", &other_digest());
    tag_lookups(&mut store, vec![Some(before.clone())]);
    let moved = Tag {
        digest: Digest::parse("digest", &digest()).unwrap(),
        deprecated: false,
        bundles: vec!["fips".to_owned()],
        update_time: ts(T0),
        ..before.clone()
    };
    let written = moved.clone();
    store
        .expect_update_tag()
        .withf(move |t, e| {
            *t == written
                && e.event_type == grove_domain::events::EventType::TagUpdated
                && e.subject == written.uid
                && e.group == group_a()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let r = repo_uid();
    let input = TagInput { bundles: Some(vec!["fips".to_owned()]), ..tag_input("latest", &digest()) };
    let tag = run(env.services.tags.create(&bound("registry.push", &group_a()), r.as_str(), input)).unwrap();
    assert_eq!(tag, moved);
    assert_eq!((tag.uid, tag.create_time), (before.uid, before.create_time));
}

#[test]
fn tag_create_of_a_tag_exactly_as_stored_writes_nothing() {
    let mut store = no_registry_writes();
    store.expect_create_tag().never();
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    let same = stored_tag("latest", &digest());
    tag_lookups(&mut store, vec![Some(same.clone())]);
    let env = env(store);
    let r = repo_uid();
    let input =
        TagInput { deprecated: Some(true), bundles: Some(vec!["base".to_owned()]), ..tag_input("latest", &digest()) };
    let tag = run(env.services.tags.create(&bound("owner", &org()), r.as_str(), input)).unwrap();
    assert_eq!(tag, same);
}

#[test]
fn tag_create_of_a_tag_deleted_meanwhile_creates_it_afresh() {
    let mut store = no_registry_writes();
    let gone = stored_tag("latest", &other_digest());
    tag_lookups(&mut store, vec![Some(gone.clone()), None]);
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    let uid = gone.uid.clone();
    store.expect_update_tag().times(1).returning(move |_, _| Err(Error::NotFound(format!("tag {uid} does not exist"))));
    store.expect_create_tag().times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let r = repo_uid();
    let tag =
        run(env.services.tags.create(&bound("owner", &org()), r.as_str(), tag_input("latest", &digest()))).unwrap();
    assert_eq!((tag.uid, tag.digest.to_string()), (nth_child(&r, 1), digest()));
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
    assert_eq!(err, Error::invalid("name", "name is required"));
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

/// A stored tag `name` of the test repo, deprecated and in a bundle, pointing at `digest`.
fn stored_tag(name: &str, digest: &str) -> Tag {
    Tag {
        uid: child(&repo_uid(), "000000000000f001"),
        name: TagName::parse("name", name).expect("valid tag name"),
        digest: Digest::parse("digest", digest).expect("valid digest"),
        deprecated: true,
        bundles: vec!["base".to_owned()],
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

fn other_digest() -> String {
    format!("sha256:{}", "cd".repeat(32))
}

/// Answers tag lookups by name in the test repo with `answers`, one per call, in order.
fn tag_lookups(store: &mut MockStore, answers: Vec<Option<Tag>>) {
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let expected = answers.len();
    store
        .expect_list_tags()
        .withf(|q| {
            q.filter.uidp.children_of.as_ref() == Some(&repo_uid())
                && q.filter.name.as_deref() == Some("latest")
                && q.limit == 1
        })
        .times(expected)
        .returning(move |_| {
            let n = calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(grove_domain::listing::StorePage::capped(answers[n].iter().cloned().collect(), 0))
        });
}

#[test]
fn move_tag_points_an_existing_tag_at_the_new_digest_keeping_its_other_fields() {
    let mut store = no_registry_writes();
    store.expect_create_tag().never();
    let before = stored_tag("latest", &digest());
    tag_lookups(&mut store, vec![Some(before.clone())]);
    let moved =
        Tag { digest: Digest::parse("digest", &other_digest()).unwrap(), update_time: ts(T0), ..before.clone() };
    let (uid, answer) = (before.uid.clone(), moved.clone());
    store
        .expect_move_tag()
        .withf(move |u, d, at, e| {
            *u == uid
                && d.as_str() == other_digest()
                && *at == ts(T0)
                && e.event_type == grove_domain::events::EventType::TagUpdated
                && e.subject == uid
                && e.group == group_a()
        })
        .times(1)
        .returning(move |_, _, _, _| Ok(answer.clone()));
    let env = env(store);
    let r = repo_uid();
    let tag =
        run(env.services.tags.move_tag(&bound("registry.push", &group_a()), r.as_str(), "latest", &other_digest()))
            .unwrap();
    assert_eq!(tag, moved);
    assert!(tag.deprecated);
    assert_eq!(tag.bundles, ["base"]);
}

#[test]
fn move_tag_creates_a_missing_tag_with_a_created_event() {
    let mut store = no_registry_writes();
    store.expect_move_tag().never();
    tag_lookups(&mut store, vec![None]);
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    let r = repo_uid();
    let expected = Tag {
        uid: nth_child(&r, 1),
        name: TagName::parse("name", "latest").unwrap(),
        digest: Digest::parse("digest", &digest()).unwrap(),
        deprecated: false,
        bundles: Vec::new(),
        create_time: ts(T0),
        update_time: ts(T0),
    };
    let written = expected.clone();
    store
        .expect_create_tag()
        .withf(move |t, e| {
            *t == written && e.event_type == grove_domain::events::EventType::TagCreated && e.subject == written.uid
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let tag =
        run(env.services.tags.move_tag(&bound("registry.push", &group_a()), r.as_str(), "latest", &digest())).unwrap();
    assert_eq!(tag, expected);
}

#[test]
fn move_tag_created_by_someone_else_meanwhile_moves_that_tag_instead() {
    let mut store = no_registry_writes();
    let theirs = stored_tag("latest", &other_digest());
    tag_lookups(&mut store, vec![None, Some(theirs.clone())]);
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    store
        .expect_create_tag()
        .times(1)
        .returning(|t, _| Err(Error::AlreadyExists(format!("a tag named \"{}\" already exists", t.name))));
    let moved = Tag { digest: Digest::parse("digest", &digest()).unwrap(), update_time: ts(T0), ..theirs.clone() };
    let (uid, answer) = (theirs.uid.clone(), moved.clone());
    store
        .expect_move_tag()
        .withf(move |u, d, _, e| {
            *u == uid && d.as_str() == digest() && e.event_type.as_str().ends_with("tag.updated.v1")
        })
        .times(1)
        .returning(move |_, _, _, _| Ok(answer.clone()));
    let env = env(store);
    let r = repo_uid();
    let tag =
        run(env.services.tags.move_tag(&bound("registry.push", &group_a()), r.as_str(), "latest", &digest())).unwrap();
    assert_eq!(tag, moved);
}

#[test]
fn move_tag_deleted_by_someone_else_meanwhile_creates_it_afresh() {
    let mut store = no_registry_writes();
    let gone = stored_tag("latest", &other_digest());
    tag_lookups(&mut store, vec![Some(gone.clone()), None]);
    let uid = gone.uid.clone();
    store
        .expect_move_tag()
        .times(1)
        .returning(move |_, _, _, _| Err(Error::NotFound(format!("tag {uid} does not exist"))));
    store.expect_get_repo().times(1).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    store.expect_create_tag().withf(|t, _| !t.deprecated && t.bundles.is_empty()).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let r = repo_uid();
    let tag =
        run(env.services.tags.move_tag(&bound("registry.push", &group_a()), r.as_str(), "latest", &digest())).unwrap();
    assert_eq!((tag.uid, tag.digest.to_string()), (nth_child(&r, 1), digest()));
}

#[test]
fn move_tag_to_the_digest_it_points_at_writes_nothing() {
    let mut store = no_registry_writes();
    store.expect_create_tag().never();
    store.expect_move_tag().never();
    let same = stored_tag("latest", &digest());
    tag_lookups(&mut store, vec![Some(same.clone())]);
    let env = env(store);
    let r = repo_uid();
    let tag =
        run(env.services.tags.move_tag(&bound("registry.push", &group_a()), r.as_str(), "latest", &digest())).unwrap();
    assert_eq!(tag, same);
}

#[test]
fn move_tag_that_keeps_changing_gives_up_unavailable() {
    let mut store = no_registry_writes();
    store.expect_move_tag().never();
    tag_lookups(&mut store, vec![None, None, None, None]);
    store.expect_get_repo().times(4).returning(|uid| Ok(Some(repo(uid, "nginx"))));
    store.expect_create_tag().times(4).returning(|_, _| Err(Error::AlreadyExists("taken".to_owned())));
    let env = env(store);
    let r = repo_uid();
    let err = run(env.services.tags.move_tag(&bound("registry.push", &group_a()), r.as_str(), "latest", &digest()))
        .unwrap_err();
    assert_eq!(err, Error::Unavailable(format!("tag latest of repo {r} kept changing; try again")));
}

#[test]
fn move_tag_needs_tag_update_for_an_existing_tag_and_tag_create_for_a_missing_one() {
    let mut store = no_registry_writes();
    store.expect_create_tag().never();
    store.expect_move_tag().never();
    store.expect_get_repo().never();
    let existing = stored_tag("latest", &other_digest());
    tag_lookups(&mut store, vec![Some(existing.clone()), None]);
    let env = env(store);
    let (r, puller) = (repo_uid(), bound("registry.pull", &group_a()));
    let err = run(env.services.tags.move_tag(&puller, r.as_str(), "latest", &digest())).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks tag.update on {}", existing.uid)));
    let err = run(env.services.tags.move_tag(&puller, r.as_str(), "latest", &digest())).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks tag.create on {r}")));
}

#[test]
fn move_tag_in_a_repo_the_caller_cannot_list_is_not_found_and_bad_input_names_every_field() {
    let mut store = no_registry_writes();
    store.expect_list_tags().never();
    store.expect_create_tag().never();
    store.expect_move_tag().never();
    let env = env(store);
    let r = repo_uid();
    let err = run(env.services.tags.move_tag(&bound("registry.push", &group_b()), r.as_str(), "latest", &digest()))
        .unwrap_err();
    assert_eq!(err, Error::NotFound(format!("repo {r} does not exist")));
    let err = run(env.services.tags.move_tag(&bound("registry.push", &group_a()), "nope", ".x", "md5:1")).unwrap_err();
    let fields: Vec<String> = match err {
        Error::InvalidArgument(v) => v.into_iter().map(|f| f.field).collect(),
        other => panic!("{other:?}"),
    };
    assert_eq!(fields, ["parent", "name", "digest"]);
}
