//! Registry access on either store: how repository paths resolve to groups and repos, what a
//! caller's bindings grant on them, and the repo a push creates (with its event).

use std::sync::Arc;

use axum::http::Method;
use grove_domain::events::EventType;
use grove_domain::listing::Pager;
use grove_domain::ports::{Clock as _, RandomIds};
use grove_domain::services::{Deps, RegistryAccessService, RegistryAction};
use grove_domain::Timestamp;

use crate::common::TestApp;

fn access(app: &TestApp) -> RegistryAccessService {
    let clock: Arc<dyn grove_domain::ports::Clock> = app.clock.clone();
    RegistryAccessService::new(Deps {
        store: app.services.store.clone(),
        clock: clock.clone(),
        ids: Arc::new(RandomIds),
        pager: Arc::new(Pager::new(b"test paging secret".to_vec(), clock)),
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    })
}

async fn repo(app: &TestApp, group: &str, name: &str) -> String {
    let body = serde_json::json!({ "name": name });
    app.create(&format!("/registry/v2beta1/repos/{group}"), body).await["uid"].as_str().unwrap().to_owned()
}

async fn repos_in(app: &TestApp, group: &str) -> Vec<String> {
    let r = app.call(Method::GET, &format!("/registry/v2beta1/repos?uidp.children_of={group}"), None).await;
    r.body["repos"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect()
}

async fn principal(app: &TestApp, identity: &str) -> grove_domain::authz::Principal {
    let header = format!("Bearer {}", app.token_for(identity));
    app.services.auth.authenticate(Some(&header)).await.unwrap()
}

#[tokio::test]
async fn paths_resolve_through_the_longest_matching_group_path() {
    let app = TestApp::new().await;
    let access = access(&app);
    let team = app.group(&app.org, "team-a").await;
    let sub = app.group(&team, "sub").await;
    let app_repo = repo(&app, &app.org, "app").await;
    let slashed = repo(&app, &app.org, "tools/lint").await;

    let at = |path: &'static str| {
        let access = access.clone();
        async move {
            access
                .resolve(path)
                .await
                .unwrap()
                .map(|r| (r.group.to_string(), r.repo_name, r.repo.map(|x| x.uid.to_string())))
        }
    };
    assert_eq!(at("acme/app").await, Some((app.org.clone(), "app".to_owned(), Some(app_repo))));
    assert_eq!(at("acme/tools/lint").await, Some((app.org.clone(), "tools/lint".to_owned(), Some(slashed))));
    assert_eq!(at("acme/team-a/sub/img").await, Some((sub, "img".to_owned(), None)));
    // The last segment is always the repo, even where a group of that name exists.
    assert_eq!(at("acme/team-a/sub").await, Some((team.clone(), "sub".to_owned(), None)));
    assert_eq!(at("acme/nope/x").await, Some((app.org.clone(), "nope/x".to_owned(), None)));
    assert_eq!(at("nobody/app").await, None);
    assert_eq!(at("acme").await, None);
}

#[tokio::test]
async fn a_push_creates_the_missing_repo_and_grants_what_is_held() {
    let app = TestApp::new().await;
    let access = access(&app);
    let team = app.group(&app.org, "team-a").await;
    let pusher = app.identity(&team, "pusher").await;
    app.bind(&team, &pusher, "registry.push").await;
    let pusher = principal(&app, &pusher).await;
    let all = [RegistryAction::Pull, RegistryAction::Push, RegistryAction::Delete];

    // Pull alone never creates a repo.
    assert_eq!(access.grant(&pusher, "acme/team-a/new", &[RegistryAction::Pull]).await.unwrap(), []);
    assert!(repos_in(&app, &team).await.is_empty());
    // Drain the setup's events, so that the push's own event is the last one written.
    let now = app.clock.now();
    let later = Timestamp::from_unix_millis(now.unix_millis() + 60_000).unwrap();
    app.services.store.claim_events(now, later, 1_000).await.unwrap();
    assert_eq!(access.grant(&pusher, "acme/team-a/new", &all).await.unwrap(), all);
    assert_eq!(repos_in(&app, &team).await, ["new"]);
    let events = app.services.store.claim_events(now, later, 1_000).await.unwrap();
    let created: Vec<_> = events.iter().map(|e| (e.event_type, e.group.to_string())).collect();
    assert_eq!(created, [(EventType::RepoCreated, team.clone())]);
    // A second push finds the repo instead of creating another.
    assert_eq!(
        access.grant(&pusher, "acme/team-a/new", &[RegistryAction::Push]).await.unwrap(),
        [RegistryAction::Push]
    );
    assert_eq!(repos_in(&app, &team).await, ["new"]);
    // Outside its group the pusher gets nothing and creates nothing.
    assert_eq!(access.grant(&pusher, "acme/elsewhere", &all).await.unwrap(), []);
    assert!(!repos_in(&app, &app.org).await.contains(&"elsewhere".to_owned()));
}

#[tokio::test]
async fn a_recorded_push_moves_a_deprecated_tag_keeping_its_deprecation_and_bundles_with_an_updated_event() {
    let app = TestApp::new().await;
    let access = access(&app);
    let team = app.group(&app.org, "team-a").await;
    let repo_uid = repo(&app, &team, "app").await;
    let pusher = app.identity(&team, "pusher").await;
    app.bind(&team, &pusher, "registry.push").await;
    let pusher = principal(&app, &pusher).await;
    let (first, second) = (format!("sha256:{}", "a".repeat(64)), format!("sha256:{}", "b".repeat(64)));
    let body = serde_json::json!({ "name": "v1", "digest": first, "deprecated": true, "bundles": ["base", "fips"] });
    let tag = app.create(&format!("/registry/v2beta1/tags/{repo_uid}"), body).await;
    let tag_uid = tag["uid"].as_str().unwrap().to_owned();
    let now = app.clock.now();
    let later = Timestamp::from_unix_millis(now.unix_millis() + 60_000).unwrap();
    app.services.store.claim_events(now, later, 1_000).await.unwrap();

    app.clock.advance_ms(1_000);
    let moved = access.record_push(&pusher, "acme/team-a/app", "v1", &second).await.unwrap().unwrap();
    assert_eq!(moved.uid.as_str(), tag_uid);
    let r = app.call(Method::GET, &format!("/registry/v2beta1/tags/{tag_uid}"), None).await;
    assert_eq!(
        r.body,
        serde_json::json!({
            "uid": tag_uid, "name": "v1", "digest": second, "updateTime": "2026-11-18T11:06:41.000Z",
            "deprecated": true, "bundles": ["base", "fips"],
        })
    );
    let events = app.services.store.claim_events(now, later, 1_000).await.unwrap();
    let seen: Vec<_> = events.iter().map(|e| (e.event_type, e.group.to_string(), e.subject.to_string())).collect();
    assert_eq!(seen, [(EventType::TagUpdated, team.clone(), tag_uid.clone())]);
    let data: serde_json::Value = serde_json::from_str(&events[0].data).unwrap();
    assert_eq!(data, r.body);

    // The same digest again changes nothing and records no event.
    app.clock.advance_ms(1_000);
    let again = access.record_push(&pusher, "acme/team-a/app", "v1", &second).await.unwrap().unwrap();
    assert_eq!(again, moved);
    assert_eq!(app.call(Method::GET, &format!("/registry/v2beta1/tags/{tag_uid}"), None).await.body, r.body);
    assert_eq!(app.services.store.claim_events(now, later, 1_000).await.unwrap(), Vec::new());
}

#[tokio::test]
async fn a_puller_pulls_existing_repos_only_and_never_creates_one() {
    let app = TestApp::new().await;
    let access = access(&app);
    let team = app.group(&app.org, "team-a").await;
    let other = app.group(&app.org, "team-b").await;
    repo(&app, &team, "app").await;
    repo(&app, &other, "app").await;
    let puller = app.identity(&team, "puller").await;
    app.bind(&team, &puller, "registry.pull").await;
    let puller = principal(&app, &puller).await;
    let asked = [RegistryAction::Push, RegistryAction::Pull, RegistryAction::Pull];
    assert_eq!(access.grant(&puller, "acme/team-a/app", &asked).await.unwrap(), [RegistryAction::Pull]);
    assert_eq!(access.grant(&puller, "acme/team-b/app", &asked).await.unwrap(), []);
    assert_eq!(access.grant(&puller, "acme/team-a/fresh", &asked).await.unwrap(), []);
    assert_eq!(repos_in(&app, &team).await, ["app"]);
}

#[tokio::test]
async fn a_recorded_push_creates_the_tag_then_moves_it_for_callers_who_may_write_tags() {
    let app = TestApp::new().await;
    let access = access(&app);
    let team = app.group(&app.org, "team-a").await;
    let repo_uid = repo(&app, &team, "app").await;
    let pusher = app.identity(&team, "pusher").await;
    app.bind(&team, &pusher, "registry.push").await;
    let puller = app.identity(&team, "puller").await;
    app.bind(&team, &puller, "registry.pull").await;
    let (pusher, puller) = (principal(&app, &pusher).await, principal(&app, &puller).await);
    let first = format!("sha256:{}", "a".repeat(64));
    let second = format!("sha256:{}", "b".repeat(64));

    let tag = access.record_push(&pusher, "acme/team-a/app", "v1", &first).await.unwrap().unwrap();
    assert!(tag.uid.as_str().starts_with(&repo_uid));
    let moved = access.record_push(&pusher, "acme/team-a/app", "v1", &second).await.unwrap().unwrap();
    assert_eq!((moved.uid, moved.digest.as_str()), (tag.uid, second.as_str()));
    let r = app.call(Method::GET, &format!("/registry/v2beta1/tags?uidp.children_of={repo_uid}"), None).await;
    assert_eq!(r.body["tags"].as_array().unwrap().len(), 1);

    // No repo at the path: nothing recorded; a bad digest or a caller without tag writes: refused.
    assert_eq!(access.record_push(&pusher, "acme/team-a/none", "v1", &first).await.unwrap(), None);
    let bad = access.record_push(&pusher, "acme/team-a/app", "v1", "md5:abc").await.unwrap_err();
    assert_eq!(bad.code(), grove_domain::error::Code::InvalidArgument);
    let denied = access.record_push(&puller, "acme/team-a/app", "v2", &first).await.unwrap_err();
    assert_eq!(denied.code(), grove_domain::error::Code::PermissionDenied);
}
