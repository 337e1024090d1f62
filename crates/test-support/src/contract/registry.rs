//! Contract cases for the registry's richer fields: repo README, sync config and custom
//! overlay round trips, repos found by catalog path, tag bundles, and every tag-list filter.

use std::collections::BTreeMap;
use std::sync::Arc;

use grove_domain::events::{EventType, NewEvent};
use grove_domain::listing::ListFilter;
use grove_domain::model::{CustomOverlay, NamedContent, OverlayGroup, OverlayUser, SyncConfig, Tag, TagFilter};
use grove_domain::ports::Store;
use grove_domain::Error;

use super::{all, Setup};
use crate::{ev, fixtures};

fn names(tags: &[Tag]) -> Vec<&str> {
    let mut names: Vec<&str> = tags.iter().map(|t| t.name.as_str()).collect();
    names.sort_unstable();
    names
}

fn overlay() -> CustomOverlay {
    CustomOverlay {
        packages: vec!["curl".into(), "jq>=1.7".into()],
        runtime_repositories: vec!["https://packages.example.com/os".into()],
        runtime_keyring: vec![NamedContent {
            name: "k.rsa.pub".into(),
            content: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----".into(),
        }],
        environment: BTreeMap::from([("MODE".into(), "prod".into())]),
        annotations: BTreeMap::from([("com.example/team".into(), "web".into())]),
        run_as: "app".into(),
        users: vec![OverlayUser {
            username: "app".into(),
            uid: 1000,
            gid: 1000,
            home_dir: "/home/app".into(),
            ..OverlayUser::default()
        }],
        groups: vec![OverlayGroup { groupname: "app".into(), gid: 1000, members: vec!["app".into()] }],
        certificates: vec![NamedContent {
            name: "ca.pem".into(),
            content: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----".into(),
        }],
        certificate_providers: vec!["ca-certificates".into()],
    }
}

/// A repo's README, sync config and custom overlay are stored, returned, replaced and
/// cleared exactly.
pub async fn repo_readme_sync_config_and_overlay_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let source = s.repo(&org.uid, "nginx").await;
    let mut repo = fixtures::repo(&org.uid, "mirror");
    repo.readme = "# Mirror\n\nSee <https://example.com>.\n".into();
    repo.sync_config = Some(SyncConfig {
        source: source.uid.clone(),
        unique_tags: false,
        expiration_time: fixtures::at(14 * 24 * 3_600_000),
        google: "us-docker.pkg.dev/p/r".into(),
        amazon: String::new(),
        azure: "myregistry.azurecr.io/nginx".into(),
        apko_overlay: String::new(),
        grace_period: false,
    });
    repo.custom_overlay = Some(overlay());
    store.create_repo(&repo, &ev()).await.expect("create");
    assert_eq!(store.get_repo(&repo.uid).await.expect("get"), Some(repo.clone()));
    let listed = store.list_repos(&all(ListFilter::default())).await.expect("list").items;
    assert_eq!(listed.iter().find(|r| r.uid == repo.uid), Some(&repo));

    let mut cleared = repo.clone();
    cleared.readme = String::new();
    cleared.sync_config = None;
    cleared.custom_overlay = None;
    cleared.update_time = fixtures::next_time();
    store.update_repo(&cleared, &ev()).await.expect("update");
    assert_eq!(store.get_repo(&repo.uid).await.expect("get"), Some(cleared));
}

/// Repos are found by organization name and repo name; a repo in a nested group, or in a
/// group that is not an organization, is not found that way.
pub async fn repos_are_found_by_organization_and_name(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let chainguard = s.group(None, "chainguard").await;
    let team = s.group(Some(&chainguard.uid), "team").await;
    let other = s.group(None, "other").await;
    let nginx = s.repo(&chainguard.uid, "nginx").await;
    let nested = s.repo(&chainguard.uid, "tools/jq").await;
    s.repo(&team.uid, "redis").await;
    s.repo(&other.uid, "nginx").await;
    let found = store.find_repos_by_path("chainguard", "nginx").await.expect("find");
    assert_eq!(found, vec![nginx]);
    assert_eq!(store.find_repos_by_path("chainguard", "tools/jq").await.expect("find"), vec![nested]);
    assert_eq!(store.find_repos_by_path("team", "redis").await.expect("find"), vec![]);
    assert_eq!(store.find_repos_by_path("chainguard", "redis").await.expect("find"), vec![]);
    assert_eq!(store.find_repos_by_path("nobody", "nginx").await.expect("find"), vec![]);
}

/// A tag's bundles are stored; putting the tag again replaces them with the digest and
/// keeps the uid and creation time.
pub async fn tag_bundles_round_trip_and_are_replaced_on_put(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let mut tag = fixtures::tag(&repo.uid, "latest", 'a');
    tag.bundles = vec!["base".into(), "fips".into()];
    assert_eq!(store.put_tag(&tag, &ev()).await.expect("put"), tag);
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), Some(tag.clone()));
    let mut again = fixtures::tag(&repo.uid, "latest", 'b');
    again.bundles = vec!["ai".into()];
    let stored = store.put_tag(&again, &ev()).await.expect("put again");
    let expected = Tag {
        digest: again.digest.clone(),
        bundles: again.bundles.clone(),
        update_time: again.update_time,
        ..tag.clone()
    };
    assert_eq!(stored, expected);
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), Some(expected));
}

/// `create_tag` only creates (a taken name or uid is `ALREADY_EXISTS` and changes nothing;
/// a missing repo is `NOT_FOUND`); `move_tag` changes the digest and update time and keeps
/// every other field, with one `tag.updated` event rendered from the moved tag.
pub async fn create_tag_only_creates_and_move_tag_changes_only_the_digest(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let mut tag = fixtures::tag(&repo.uid, "latest", 'a');
    tag.deprecated = true;
    tag.bundles = vec!["base".into()];
    store.create_tag(&tag, &ev()).await.expect("create");
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), Some(tag.clone()));
    let same_name = Tag { uid: repo.uid.random_child(), ..fixtures::tag(&repo.uid, "latest", 'b') };
    let err = store.create_tag(&same_name, &ev()).await.expect_err("name taken");
    assert!(matches!(err, Error::AlreadyExists(_)), "{err:?}");
    let same_uid = Tag { uid: tag.uid.clone(), ..fixtures::tag(&repo.uid, "stable", 'b') };
    let err = store.create_tag(&same_uid, &ev()).await.expect_err("uid taken");
    assert!(matches!(err, Error::AlreadyExists(_)), "{err:?}");
    let nowhere = fixtures::tag(&org.uid.random_child(), "latest", 'a');
    let err = store.create_tag(&nowhere, &ev()).await.expect_err("no repo");
    assert!(matches!(err, Error::NotFound(_)), "{err:?}");
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), Some(tag.clone()));
    assert_eq!(store.list_tags(&all(ListFilter::default())).await.expect("list").items, [tag.clone()]);

    // Only the move's own event is left after the setup's are delivered.
    let (from, until) = (fixtures::at(-1_000_000), fixtures::at(1_000_000_000));
    let setup = store.claim_events(from, until, 1_000).await.expect("claim setup events");
    let ids: Vec<_> = setup.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, from).await.expect("deliver setup events");
    let at = fixtures::next_time();
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let event = NewEvent::new(EventType::TagUpdated, &tag.uid, at, renderer.clone());
    let moved = store.move_tag(&tag.uid, &fixtures::digest('c'), at, &event).await.expect("move");
    let expected = Tag { digest: fixtures::digest('c'), update_time: at, ..tag.clone() };
    assert_eq!(moved, expected);
    assert_eq!(store.get_tag(&tag.uid).await.expect("get"), Some(expected.clone()));
    let events = store.claim_events(from, until, 1_000).await.expect("claim");
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!((&events[0].id, events[0].event_type, &events[0].subject), (&event.id, EventType::TagUpdated, &tag.uid));
    let data = serde_json::to_string(&grove_proto::registry::Tag::from(expected)).unwrap_or_default();
    assert_eq!(events[0].data, data);

    let missing = repo.uid.random_child();
    let event = NewEvent::new(EventType::TagUpdated, &missing, at, renderer);
    let err = store.move_tag(&missing, &fixtures::digest('d'), at, &event).await.expect_err("no tag");
    assert!(matches!(err, Error::NotFound(_)), "{err:?}");
    assert_eq!(store.claim_events(from, until, 1_000).await.expect("claim"), Vec::new());
}

/// `updated_since` (inclusive), `digest` and the shape exclusions each filter, and combine
/// with each other and with `name` by AND.
pub async fn tag_list_filters_filter(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let hex = "0123456789abcdef".repeat(4);
    let plain = s.tag(&repo.uid, "latest", 'a').await;
    s.tag(&repo.uid, &format!("sha256-{hex}"), 'b').await;
    s.tag(&repo.uid, &format!("sha256-{hex}.sig"), 'b').await;
    s.tag(&repo.uid, "1.25-20250131", 'a').await;
    let epoch = s.tag(&repo.uid, "1.25-r3", 'c').await;
    s.tag(&repo.uid, "1.25-r", 'c').await;
    let query = |tag: TagFilter| all(ListFilter { tag, ..ListFilter::default() });
    let list = |tag: TagFilter| {
        let store = Arc::clone(&store);
        async move { store.list_tags(&query(tag)).await.expect("list").items }
    };

    let every = list(TagFilter::default()).await;
    assert_eq!(every.len(), 6);
    let plain_only =
        TagFilter { exclude_referrers: true, exclude_dates: true, exclude_epochs: true, ..TagFilter::default() };
    assert_eq!(names(&list(plain_only.clone()).await), ["1.25-r", "latest"]);
    let no_referrers = TagFilter { exclude_referrers: true, ..TagFilter::default() };
    assert_eq!(names(&list(no_referrers).await), ["1.25-20250131", "1.25-r", "1.25-r3", "latest"]);
    let no_dates = TagFilter { exclude_dates: true, ..TagFilter::default() };
    assert_eq!(names(&list(no_dates).await).len(), 5);
    let no_epochs = TagFilter { exclude_epochs: true, ..TagFilter::default() };
    assert!(!names(&list(no_epochs).await).contains(&"1.25-r3"));

    let by_digest = TagFilter { digest: Some(plain.digest.to_string()), ..TagFilter::default() };
    assert_eq!(names(&list(by_digest.clone()).await), ["1.25-20250131", "latest"]);
    let digest_plain = TagFilter { digest: Some(plain.digest.to_string()), ..plain_only.clone() };
    assert_eq!(names(&list(digest_plain).await), ["latest"]);
    let nothing = TagFilter { digest: Some(fixtures::digest('f').to_string()), ..TagFilter::default() };
    assert_eq!(list(nothing).await, vec![]);

    let since_epoch = TagFilter { updated_since: Some(epoch.update_time), ..TagFilter::default() };
    assert_eq!(names(&list(since_epoch).await), ["1.25-r", "1.25-r3"], "inclusive of the instant itself");
    let after_all = TagFilter { updated_since: Some(fixtures::at(1_000_000_000)), ..TagFilter::default() };
    assert_eq!(list(after_all).await, vec![]);

    let named = all(ListFilter { name: Some("latest".into()), tag: by_digest, ..ListFilter::default() });
    assert_eq!(names(&store.list_tags(&named).await.expect("list").items), ["latest"]);
    let counted = store.list_tags(&query(plain_only)).await.expect("list");
    assert_eq!(counted.total, 2, "totals count what the filter keeps");
}

/// A tag renamed into or out of a shape is filtered by its new name.
pub async fn tag_shape_follows_a_rename(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let tag = s.tag(&repo.uid, "1.0-r1", 'a').await;
    let hide_epochs =
        all(ListFilter { tag: TagFilter { exclude_epochs: true, ..TagFilter::default() }, ..ListFilter::default() });
    assert_eq!(store.list_tags(&hide_epochs).await.expect("list").items, vec![]);
    let renamed = Tag {
        name: grove_domain::names::TagName::parse("name", "1.0").expect("tag"),
        update_time: fixtures::next_time(),
        ..tag
    };
    store.update_tag(&renamed, &ev()).await.expect("rename");
    assert_eq!(store.list_tags(&hide_epochs).await.expect("list").items, vec![renamed]);
}
