//! `/registry/v1/repos` and `/registry/v1/tags`: the v1 Repo (`createTime`, v1 catalog
//! tiers) and Tag (`lastUpdated`) shapes.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{id, ids, sorted, v1_error, TestApp, START};

const DIGEST: &str = "sha256:0000000000000000000000000000000000000000000000000000000000000001";
const DIGEST2: &str = "sha256:0000000000000000000000000000000000000000000000000000000000000002";
const LATER: &str = "2026-11-18T11:06:40.005Z";

#[tokio::test]
async fn create_repo_answers_the_v1_repo_with_a_v1_catalog_tier() {
    let app = TestApp::new().await;
    let body = json!({
        "name": "apps/nginx",
        "catalogTier": "BASE",
        "bundles": ["base"],
        "aliases": ["nginx:latest"],
        "activeTags": ["1.27"],
        "description": "web server",
    });
    let r = app.call(Method::POST, &format!("/registry/v1/repos/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({
            "id": id(&r.body),
            "name": "apps/nginx",
            "catalogTier": "BASE",
            "bundles": ["base"],
            "aliases": ["nginx:latest"],
            "createTime": START,
            "activeTags": ["1.27"],
            "description": "web server", "readme": "",
        })
    );
}

#[tokio::test]
async fn create_repo_with_a_taken_name_replaces_that_repo_unless_prevent_existing_is_set() {
    let app = TestApp::new().await;
    let path = format!("/registry/v1/repos/{}", app.org);
    let first = app.create(&path, json!({ "name": "app", "description": "old", "bundles": ["base"] })).await;
    let r = app.call(Method::POST, &path, Some(json!({ "name": "app", "catalogTier": "AI" }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({
            "id": id(&first), "name": "app", "catalogTier": "AI", "bundles": [], "aliases": [], "createTime": START,
            "activeTags": [], "description": "", "readme": "",
        })
    );
    assert_eq!(ids(&app.get("/registry/v1/repos").await), vec![id(&first)]);

    let r = app.call(Method::POST, &format!("{path}?prevent_existing=true"), Some(json!({ "name": "app" }))).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert_eq!(r.body["code"], 6);
    let r = app.call(Method::POST, &format!("{path}?prevent_existing=maybe"), Some(json!({ "name": "app" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: prevent_existing: prevent_existing must be true or false"));
    assert_eq!(app.get(&format!("/registry/v1/repos/{}", id(&first))).await["catalogTier"], "AI");
}

#[tokio::test]
async fn create_repo_reads_the_catalog_tier_by_v1_number() {
    let app = TestApp::new().await;
    let body = json!({ "name": "fips-app", "catalog_tier": 6 });
    let r = app.call(Method::POST, &format!("/registry/v1/repos/{}", app.org), Some(body)).await;
    assert_eq!(r.body["catalogTier"], "FIPS");
    let r = app
        .call(Method::POST, &format!("/registry/v1/repos/{}", app.org), Some(json!({ "name": "x", "catalogTier": 2 })))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        v1_error(
            3,
            "Invalid argument: catalogTier: catalogTier must be one of UNKNOWN, APPLICATION, BASE, FIPS, AI, DEVTOOLS, \
             COMMERCIAL or its v1 number"
        )
    );
}

#[tokio::test]
async fn list_repos_answers_every_match_under_items_and_filters_by_name_and_id() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let a = app.repo(&app.org, "a").await;
    let b = app.repo(&team, "b").await;
    assert_eq!(ids(&app.get("/registry/v1/repos").await), sorted(vec![a.clone(), b.clone()]));
    assert_eq!(ids(&app.get(&format!("/registry/v1/repos?uidp.descendants_of={team}")).await), [b.as_str()]);
    assert_eq!(
        app.get("/registry/v1/repos?name=a").await,
        json!({ "items": [{
            "id": a, "name": "a", "catalogTier": "UNKNOWN", "bundles": [], "aliases": [], "createTime": START,
            "activeTags": [], "description": "", "readme": "",
        }]})
    );
    assert_eq!(ids(&app.get(&format!("/registry/v1/repos?id={b}")).await), [b]);
}

#[tokio::test]
async fn get_repo_by_id_answers_the_v1_repo() {
    let app = TestApp::new().await;
    let uid = app.repo(&app.org, "app").await;
    let r = app.call(Method::GET, &format!("/registry/v1/repos/{uid}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({
            "id": uid, "name": "app", "catalogTier": "UNKNOWN", "bundles": [], "aliases": [], "createTime": START,
            "activeTags": [], "description": "", "readme": "",
        })
    );
}

#[tokio::test]
async fn put_repo_replaces_the_whole_repo() {
    let app = TestApp::new().await;
    let body = json!({ "name": "app", "catalogTier": "AI", "bundles": ["ai"], "description": "old" });
    let uid = id(&app.create(&format!("/registry/v1/repos/{}", app.org), body).await);
    let r = app.call(Method::PUT, &format!("/registry/v1/repos/{uid}"), Some(json!({ "name": "app2" }))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({
            "id": uid, "name": "app2", "catalogTier": "UNKNOWN", "bundles": [], "aliases": [], "createTime": START,
            "activeTags": [], "description": "", "readme": "",
        })
    );
}

#[tokio::test]
async fn delete_repo_answers_an_empty_object() {
    let app = TestApp::new().await;
    let uid = app.repo(&app.org, "app").await;
    let r = app.call(Method::DELETE, &format!("/registry/v1/repos/{uid}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(app.get("/registry/v1/repos").await, json!({ "items": [] }));
}

#[tokio::test]
async fn create_tag_in_a_repo_answers_the_v1_tag() {
    let app = TestApp::new().await;
    let repo = app.repo(&app.org, "app").await;
    let r = app
        .call(Method::POST, &format!("/registry/v1/tags/{repo}"), Some(json!({ "name": "latest", "digest": DIGEST })))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = id(&r.body);
    assert!(uid.starts_with(&format!("{repo}/")));
    assert_eq!(
        r.body,
        json!({ "id": uid, "name": "latest", "digest": DIGEST, "lastUpdated": START, "deprecated": false, "bundles": [] })
    );
}

#[tokio::test]
async fn list_tags_answers_every_match_under_items_and_filters_by_repo_and_name() {
    let app = TestApp::new().await;
    let repo = app.repo(&app.org, "app").await;
    let other = app.repo(&app.org, "other").await;
    let latest =
        id(&app.create(&format!("/registry/v1/tags/{repo}"), json!({ "name": "latest", "digest": DIGEST })).await);
    let v1 = id(&app.create(&format!("/registry/v1/tags/{repo}"), json!({ "name": "v1", "digest": DIGEST2 })).await);
    let elsewhere =
        id(&app.create(&format!("/registry/v1/tags/{other}"), json!({ "name": "latest", "digest": DIGEST })).await);
    assert_eq!(ids(&app.get("/registry/v1/tags").await), sorted(vec![latest.clone(), v1.clone(), elsewhere]));
    assert_eq!(
        ids(&app.get(&format!("/registry/v1/tags?uidp.children_of={repo}")).await),
        sorted(vec![latest, v1.clone()])
    );
    assert_eq!(
        app.get(&format!("/registry/v1/tags?uidp.children_of={repo}&name=v1")).await,
        json!({ "items": [{ "id": v1, "name": "v1", "digest": DIGEST2, "lastUpdated": START, "deprecated": false, "bundles": [] }] })
    );
}

#[tokio::test]
async fn get_tag_by_id_answers_the_v1_tag() {
    let app = TestApp::new().await;
    let repo = app.repo(&app.org, "app").await;
    let uid =
        id(&app.create(&format!("/registry/v1/tags/{repo}"), json!({ "name": "latest", "digest": DIGEST })).await);
    let r = app.call(Method::GET, &format!("/registry/v1/tags/{uid}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({ "id": uid, "name": "latest", "digest": DIGEST, "lastUpdated": START, "deprecated": false, "bundles": [] })
    );
}

#[tokio::test]
async fn put_tag_replaces_the_whole_tag_and_moves_last_updated() {
    let app = TestApp::new().await;
    let repo = app.repo(&app.org, "app").await;
    let body = json!({ "name": "latest", "digest": DIGEST, "deprecated": true });
    let uid = id(&app.create(&format!("/registry/v1/tags/{repo}"), body).await);
    app.clock.advance_ms(5);
    let r = app
        .call(Method::PUT, &format!("/registry/v1/tags/{uid}"), Some(json!({ "name": "latest", "digest": DIGEST2 })))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({ "id": uid, "name": "latest", "digest": DIGEST2, "lastUpdated": LATER, "deprecated": false, "bundles": [] })
    );
}

#[tokio::test]
async fn delete_tag_answers_an_empty_object() {
    let app = TestApp::new().await;
    let repo = app.repo(&app.org, "app").await;
    let uid =
        id(&app.create(&format!("/registry/v1/tags/{repo}"), json!({ "name": "latest", "digest": DIGEST })).await);
    let r = app.call(Method::DELETE, &format!("/registry/v1/tags/{uid}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(app.get("/registry/v1/tags").await, json!({ "items": [] }));
}

#[tokio::test]
async fn v1_tag_lists_leave_out_referrer_date_and_epoch_tags_only_when_asked() {
    let app = TestApp::new().await;
    let repo =
        app.call(Method::POST, &format!("/registry/v1/repos/{}", app.org), Some(json!({ "name": "nginx" }))).await;
    let repo = id(&repo.body);
    let hex = "0123456789abcdef".repeat(4);
    let referrer = format!("sha256-{hex}.att");
    for (name, digest) in
        [("latest", DIGEST), ("1.0-20250101", DIGEST), ("1.0-r2", DIGEST2), (referrer.as_str(), DIGEST2)]
    {
        let body = json!({ "name": name, "digest": digest, "bundles": ["base"] });
        let r = app.call(Method::POST, &format!("/registry/v1/tags/{repo}"), Some(body)).await;
        assert_eq!((r.status, r.body["bundles"].clone()), (StatusCode::OK, json!(["base"])), "{}", r.body);
    }
    let names = |query: &'static str| {
        let app = &app;
        async move {
            let r = app.call(Method::GET, &format!("/registry/v1/tags?{query}"), None).await;
            assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.body);
            let mut names: Vec<String> =
                r.body["items"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect();
            names.sort();
            names
        }
    };
    assert_eq!(names("").await.len(), 4, "v1 lists every shape by default");
    assert_eq!(names("exclude_referrers=true&exclude_dates=true&exclude_epochs=true").await, ["latest"]);
    assert_eq!(names("exclude_epochs=true").await, ["1.0-20250101", "latest", referrer.as_str()]);
    assert_eq!(
        names("digest=sha256:0000000000000000000000000000000000000000000000000000000000000002").await,
        ["1.0-r2", referrer.as_str()]
    );
    assert_eq!(names("updated_since=2099-01-01T00:00:00Z").await, Vec::<String>::new());
    let bad = app.call(Method::GET, "/registry/v1/tags?updated_since=soon", None).await;
    assert_eq!(
        bad.body,
        v1_error(
            3,
            "Invalid argument: updated_since: updated_since must be an RFC 3339 timestamp such as 2026-01-02T03:04:05Z"
        )
    );
}

#[tokio::test]
async fn v1_repos_carry_sync_config_overlay_and_readme_and_readme_writes_need_internal_admin() {
    let app = TestApp::new().await;
    let source =
        app.call(Method::POST, &format!("/registry/v1/repos/{}", app.org), Some(json!({ "name": "nginx" }))).await;
    let source = id(&source.body);
    let body = json!({
        "name": "mirror",
        "sync_config": { "source": "acme/nginx" },
        "customOverlay": { "environment": { "MODE": "prod" } },
    });
    let r = app.call(Method::POST, &format!("/registry/v1/repos/{}", app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body["sync_config"],
        json!({
            "source": source,
            "uniqueTags": false,
            "expiration": "2026-12-02T11:06:40.000Z",
            "google": "",
            "amazon": "",
            "azure": "",
            "syncApks": false,
            "apkoOverlay": "",
            "gracePeriod": false,
        })
    );
    assert_eq!(r.body["customOverlay"], json!({ "environment": { "MODE": "prod" }, "annotations": {} }));
    let readme = app
        .call(
            Method::PUT,
            &format!("/registry/v1/repos/{source}"),
            Some(json!({ "name": "nginx", "readme": "# nginx" })),
        )
        .await;
    assert_eq!(readme.status, StatusCode::FORBIDDEN);
    assert_eq!(
        readme.body,
        v1_error(7, &format!("Permission denied: the caller lacks repo.internal.admin on {source}"))
    );
}
