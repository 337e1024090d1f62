//! Repos' sync config, custom overlay and README, tags' bundles and every tag-list filter,
//! over REST with exact bodies; and who may write a README (allowed, denied, another
//! organization).

use axum::http::{Method, StatusCode};
use grove_domain::capability::Capability;
use grove_domain::events::{EventType, NewEvent};
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

/// 2026-11-18T11:06:40.000Z, the test clock's start, plus 14 days.
const EXPIRY: &str = "2026-12-02T11:06:40.000Z";
const T0: &str = "2026-11-18T11:06:40.000Z";

fn invalid(violations: &[(&str, &str)]) -> Value {
    let message = violations.iter().map(|(f, d)| format!("{f}: {d}")).collect::<Vec<_>>().join("; ");
    let list: Vec<Value> = violations.iter().map(|(f, d)| json!({"field": f, "description": d})).collect();
    json!({
        "code": 3,
        "message": format!("Invalid argument: {message}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            {"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": list},
        ],
    })
}

fn now(app: &TestApp) -> grove_domain::Timestamp {
    use grove_domain::ports::Clock as _;
    app.clock.now()
}

fn digest(c: char) -> String {
    format!("sha256:{}", c.to_string().repeat(64))
}

/// A source repo `nginx` in the test organization `acme` with inherited fields set, and its uid.
async fn source(app: &TestApp) -> String {
    let body = json!({
        "name": "nginx",
        "description": "web server",
        "catalogTier": "CATALOG_TIER_BASE",
        "bundles": ["base"],
        "aliases": ["nginx:latest"],
        "activeTags": ["1.25"],
    });
    app.create(&format!("/registry/v2beta1/repos/{}", app.org), body).await["uid"].as_str().unwrap().to_owned()
}

/// An identity in `group` bound to a staff role holding `repo.internal.admin` (made in the
/// store: customer roles cannot carry it); its token.
async fn staff(app: &TestApp, group: &str, name: &str) -> String {
    let group = Uidp::parse(group).unwrap();
    let role = grove_test_support::fixtures::role(
        &group,
        name,
        &[Capability::RepoList, Capability::RepoUpdate, Capability::RepoInternalAdmin, Capability::Internal],
    );
    let event = || {
        NewEvent::new(
            EventType::RoleCreated,
            &role.uid,
            now(app),
            std::sync::Arc::new(grove_proto::convert::ProtoJsonRenderer),
        )
    };
    app.services.store.create_role(&role, &event()).await.unwrap();
    let identity = app.identity(group.as_str(), name).await;
    let binding = grove_test_support::fixtures::binding(&group, &Uidp::parse(&identity).unwrap(), &role.uid);
    app.services.store.create_role_binding(&binding, &event()).await.unwrap();
    app.services.grants.clear();
    app.token_for(&identity)
}

#[tokio::test]
async fn a_sync_config_names_its_source_by_catalog_name_and_inherits_its_fields() {
    let app = TestApp::new().await;
    let nginx = source(&app).await;
    let r = app
        .call(
            Method::POST,
            &format!("/registry/v2beta1/repos/{}", app.org),
            Some(json!({"name": "mirror", "sync_config": {"source": "acme/nginx", "azure": "myregistry.azurecr.io/nginx"}})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = r.body["uid"].as_str().unwrap().to_owned();
    let expected = json!({
        "uid": uid,
        "name": "mirror",
        "description": "web server",
        "catalogTier": "CATALOG_TIER_BASE",
        "bundles": ["base"],
        "aliases": ["nginx:latest"],
        "activeTags": ["1.25"],
        "sync_config": {
            "source": nginx,
            "uniqueTags": false,
            "expirationTime": EXPIRY,
            "google": "",
            "amazon": "",
            "azure": "myregistry.azurecr.io/nginx",
            "apkoOverlay": "",
            "gracePeriod": false,
        },
        "createTime": T0,
        "updateTime": T0,
    });
    assert_eq!(strip_nulls(r.body.clone()), expected);
    let got = app.call(Method::GET, &format!("/registry/v2beta1/repos/{uid}"), None).await;
    assert_eq!(strip_nulls(got.body), expected);

    // By image reference and by uid, the same source.
    for (name, given) in [("by-ref", "cgr.dev/acme/nginx".to_owned()), ("by-uid", nginx.clone())] {
        let r = app
            .call(
                Method::POST,
                &format!("/registry/v2beta1/repos/{}", app.org),
                Some(json!({"name": name, "sync_config": {"source": given}})),
            )
            .await;
        assert_eq!(r.body["sync_config"]["source"], nginx.as_str(), "{name}");
    }
}

/// Drops `null` members (unset message fields) so bodies compare on what is set.
fn strip_nulls(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            Value::Object(m.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, strip_nulls(v))).collect())
        }
        other => other,
    }
}

#[tokio::test]
async fn sync_config_errors_name_their_field_and_change_nothing() {
    let app = TestApp::new().await;
    let nginx = source(&app).await;
    let create = |body: Value| {
        let app = &app;
        async move { app.call(Method::POST, &format!("/registry/v2beta1/repos/{}", app.org), Some(body)).await }
    };
    let missing = create(json!({"name": "m", "sync_config": {"source": "acme/redis"}})).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing.body,
        invalid(&[("sync_config.source", "sync_config.source \"acme/redis\" names no repo the caller may pull")])
    );
    let shape = create(json!({"name": "m", "sync_config": {"source": "nginx"}})).await;
    assert_eq!(
        shape.body,
        invalid(&[(
            "sync_config.source",
            "sync_config.source must be a repo uid, a catalog name such as chainguard/nginx or an image reference \
             such as cgr.dev/chainguard/nginx (without tag or digest)"
        )])
    );
    let required = create(json!({"name": "m", "sync_config": {"google": "docker.io/x"}})).await;
    assert_eq!(
        required.body,
        invalid(&[
            ("sync_config.source", "sync_config.source is required"),
            ("sync_config.google", "sync_config.google must look like us-docker.pkg.dev/PROJECT/REPO"),
        ])
    );
    let changed = create(json!({"name": "m", "bundles": ["fips"], "sync_config": {"source": nginx}})).await;
    assert_eq!(
        changed.body,
        invalid(&[("bundles", "bundles is inherited from the sync source and cannot be changed")])
    );
    let listed = app.call(Method::GET, "/registry/v2beta1/repos", None).await;
    assert_eq!(listed.body["totalCount"], "1", "nothing was created");

    // A synced repo refuses a different inherited value on update, and accepts the same one.
    let mirror = create(json!({"name": "m", "sync_config": {"source": nginx}})).await.body;
    let uid = mirror["uid"].as_str().unwrap();
    let tier = app
        .call(
            Method::PATCH,
            &format!("/registry/v2beta1/repos/{uid}"),
            Some(json!({"catalogTier": "CATALOG_TIER_FIPS"})),
        )
        .await;
    assert_eq!(
        tier.body,
        invalid(&[("catalog_tier", "catalog_tier is inherited from the sync source and cannot be changed")])
    );
    let same =
        app.call(Method::PATCH, &format!("/registry/v2beta1/repos/{uid}"), Some(json!({"bundles": ["base"]}))).await;
    assert_eq!(same.status, StatusCode::OK);
    let itself = app
        .call(Method::PATCH, &format!("/registry/v2beta1/repos/{uid}"), Some(json!({"sync_config": {"source": uid}})))
        .await;
    assert_eq!(itself.body, invalid(&[("sync_config.source", "a repo cannot sync from itself")]));
    // Removing the sync config frees the inherited fields.
    let unsynced = app
        .call(
            Method::PATCH,
            &format!("/registry/v2beta1/repos/{uid}?update_mask=sync_config,bundles"),
            Some(json!({"bundles": ["fips"]})),
        )
        .await;
    assert_eq!((unsynced.status, unsynced.body.get("sync_config").filter(|v| !v.is_null())), (StatusCode::OK, None));
    assert_eq!(unsynced.body["bundles"], json!(["fips"]));
}

#[tokio::test]
async fn a_custom_overlay_needs_a_synced_repo_and_keeps_to_its_rules() {
    let app = TestApp::new().await;
    let nginx = source(&app).await;
    let plain = app
        .call(
            Method::POST,
            &format!("/registry/v2beta1/repos/{}", app.org),
            Some(json!({"name": "plain", "customOverlay": {"contents": {"packages": ["curl"]}}})),
        )
        .await;
    assert_eq!(
        plain.body,
        invalid(&[(
            "custom_overlay",
            "custom_overlay needs custom assembly, which only repos with a sync_config have"
        )])
    );
    let reserved = app
        .call(
            Method::POST,
            &format!("/registry/v2beta1/repos/{}", app.org),
            Some(json!({"name": "m", "sync_config": {"source": nginx}, "customOverlay": {
                "environment": {"CHAINGUARD_X": "1"},
                "annotations": {"dev.chainguard.package": "x"},
                "accounts": {"users": [{"uid": 5}]},
            }})),
        )
        .await;
    assert_eq!(
        reserved.body,
        invalid(&[
            ("custom_overlay.environment", "\"CHAINGUARD_X\": keys starting CHAINGUARD_ are reserved"),
            ("custom_overlay.annotations", "\"dev.chainguard.package\": keys starting dev.chainguard. are reserved"),
            ("custom_overlay.accounts.users[0].username", "custom_overlay.accounts.users[0].username is required"),
        ])
    );
    let overlay = json!({
        "contents": {"packages": ["curl"], "runtimeRepositories": [], "runtimeKeyring": []},
        "environment": {"MODE": "prod"},
        "annotations": {"com.example/team": "web"},
        "accounts": {"runAs": "app", "users": [{"username": "app", "uid": 1000, "gid": 1000, "groupName": "", "shell": "", "homeDir": ""}], "groups": []},
    });
    let made = app
        .call(
            Method::POST,
            &format!("/registry/v2beta1/repos/{}", app.org),
            Some(json!({"name": "m", "sync_config": {"source": nginx}, "customOverlay": overlay})),
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!(strip_nulls(made.body["customOverlay"].clone()), overlay);
    let uid = made.body["uid"].as_str().unwrap();
    let cleared =
        app.call(Method::PATCH, &format!("/registry/v2beta1/repos/{uid}"), Some(json!({"customOverlay": null}))).await;
    assert_eq!(cleared.status, StatusCode::OK);
    assert!(cleared.body.get("customOverlay").is_none_or(Value::is_null), "{}", cleared.body);
}

#[tokio::test]
async fn readme_writes_need_repo_internal_admin_and_are_checked_for_what_sanitization_strips() {
    let app = TestApp::new().await;
    let nginx = source(&app).await;
    let path = format!("/registry/v2beta1/repos/{nginx}/readme");
    let empty = app.call(Method::GET, &path, None).await;
    assert_eq!((empty.status, empty.body.clone()), (StatusCode::OK, json!({"uid": nginx, "content": ""})));

    // The owner of the organization may update the repo but not its README.
    let denied = app.call(Method::PATCH, &path, Some(json!({"content": "# nginx"}))).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
    assert_eq!(
        denied.body,
        json!({
            "code": 7,
            "message": format!("Permission denied: the caller lacks repo.internal.admin on {nginx}"),
            "details": [error_info("PERMISSION_DENIED")],
        })
    );

    let staff = staff(&app, &app.org, "docs").await;
    let written = app.call_as(&staff, Method::PATCH, &path, Some(json!({"content": "# nginx\n\nFast.\n"}))).await;
    assert_eq!(
        (written.status, written.body.clone()),
        (StatusCode::OK, json!({"uid": nginx, "content": "# nginx\n\nFast.\n"}))
    );
    assert_eq!(app.call(Method::GET, &path, None).await.body["content"], "# nginx\n\nFast.\n");
    let events = app.services.store.claim_events(now(&app), now(&app), 1_000).await.unwrap();
    let readme_event = events.iter().rfind(|e| e.subject.as_str() == nginx).unwrap();
    assert_eq!(readme_event.event_type, EventType::RepoUpdated);

    let script = app.call_as(&staff, Method::PATCH, &path, Some(json!({"content": "<script>x()</script>"}))).await;
    assert_eq!(
        script.body,
        invalid(&[("content", "content may not use the HTML element <script>; sanitization would remove it")])
    );
    let nothing = app.call_as(&staff, Method::PATCH, &path, Some(json!({}))).await;
    assert_eq!(
        nothing.body,
        invalid(&[("content", "content is required; to clear the README send an empty content with an update mask")])
    );
    let clear = app.call_as(&staff, Method::PATCH, &path, Some(json!({"content": ""}))).await;
    assert_eq!(clear.body, json!({"uid": nginx, "content": ""}));

    // A synced repo shows its source's README and refuses its own.
    app.call_as(&staff, Method::PATCH, &path, Some(json!({"content": "from the source"}))).await;
    let mirror = app
        .create(&format!("/registry/v2beta1/repos/{}", app.org), json!({"name": "m", "sync_config": {"source": nginx}}))
        .await;
    let mirror_path = format!("/registry/v2beta1/repos/{}/readme", mirror["uid"].as_str().unwrap());
    assert_eq!(app.call(Method::GET, &mirror_path, None).await.body["content"], "from the source");
    let synced = app.call_as(&staff, Method::PATCH, &mirror_path, Some(json!({"content": "mine"}))).await;
    assert_eq!(synced.status, StatusCode::BAD_REQUEST);
    assert_eq!(synced.body["code"], 9);
}

#[tokio::test]
async fn readme_writes_in_another_organization_are_not_found() {
    let app = TestApp::new().await;
    let nginx = source(&app).await;
    let other = app.create("/iam/v2beta1/groups", json!({"name": "other"})).await["uid"].as_str().unwrap().to_owned();
    let outsider = staff(&app, &other, "outsider").await;
    let path = format!("/registry/v2beta1/repos/{nginx}/readme");
    for method in [Method::GET, Method::PATCH] {
        let body = (method == Method::PATCH).then(|| json!({"content": "x"}));
        let r = app.call_as(&outsider, method.clone(), &path, body).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{method}");
        assert_eq!(r.body["message"], format!("Not found: repo {nginx} does not exist"));
    }
}

#[tokio::test]
async fn tag_bundles_are_kept_and_create_replaces_the_tag_of_that_name() {
    let app = TestApp::new().await;
    let repo = source(&app).await;
    let first = app
        .create(
            &format!("/registry/v2beta1/tags/{repo}"),
            json!({"name": "latest", "digest": digest('a'), "bundles": ["base"]}),
        )
        .await;
    assert_eq!(
        first,
        json!({"uid": first["uid"], "name": "latest", "digest": digest('a'), "updateTime": T0, "deprecated": false, "bundles": ["base"]})
    );
    app.clock.advance_ms(1_000);
    let again = app
        .create(
            &format!("/registry/v2beta1/tags/{repo}"),
            json!({"name": "latest", "digest": digest('b'), "bundles": ["fips", "ai"]}),
        )
        .await;
    assert_eq!(
        again,
        json!({"uid": first["uid"], "name": "latest", "digest": digest('b'), "updateTime": "2026-11-18T11:06:41.000Z", "deprecated": false, "bundles": ["fips", "ai"]})
    );
    let bad = app
        .call(
            Method::POST,
            &format!("/registry/v2beta1/tags/{repo}"),
            Some(json!({"name": "x", "digest": digest('a'), "bundles": ["gold"]})),
        )
        .await;
    assert_eq!(
        bad.body,
        invalid(&[(
            "bundles",
            "bundles entry \"gold\" must be one of application, base, byol, ai, ai-gpu, featured, fips, commercial, emeritoss"
        )])
    );
}

async fn tag_names(app: &TestApp, query: &str) -> Vec<String> {
    let r = app.call(Method::GET, &format!("/registry/v2beta1/tags?{query}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.body);
    let mut names: Vec<String> =
        r.body["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect();
    names.sort();
    assert_eq!(r.body["totalCount"], names.len().to_string(), "{query}");
    names
}

#[tokio::test]
async fn every_tag_list_filter_filters_and_odd_shapes_are_left_out_unless_included() {
    let app = TestApp::new().await;
    let repo = source(&app).await;
    let hex = "0123456789abcdef".repeat(4);
    for (name, d) in [("latest", 'a'), ("1.25-20250131", 'a'), (&format!("sha256-{hex}.sig") as &str, 'b')] {
        app.create(&format!("/registry/v2beta1/tags/{repo}"), json!({"name": name, "digest": digest(d)})).await;
    }
    app.clock.advance_ms(60_000);
    app.create(&format!("/registry/v2beta1/tags/{repo}"), json!({"name": "1.25-r3", "digest": digest('c')})).await;
    app.create(&format!("/registry/v2beta1/tags/{repo}"), json!({"name": "1.25-r", "digest": digest('c')})).await;

    assert_eq!(tag_names(&app, "").await, ["1.25-r", "latest"]);
    assert_eq!(tag_names(&app, "include_epochs=true").await, ["1.25-r", "1.25-r3", "latest"]);
    assert_eq!(tag_names(&app, "includeDates=true").await, ["1.25-20250131", "1.25-r", "latest"]);
    assert_eq!(tag_names(&app, "include_referrers=1").await, ["1.25-r", "latest", &format!("sha256-{hex}.sig")]);
    let all = "include_referrers=true&include_dates=true&include_epochs=true";
    assert_eq!(tag_names(&app, all).await.len(), 5);
    assert_eq!(tag_names(&app, &format!("{all}&digest={}", digest('a'))).await, ["1.25-20250131", "latest"]);
    assert_eq!(tag_names(&app, &format!("digest={}", digest('a'))).await, ["latest"]);
    assert_eq!(tag_names(&app, "updated_since=2026-11-18T11:07:40Z&include_epochs=true").await, ["1.25-r", "1.25-r3"]);
    assert_eq!(tag_names(&app, "updatedSince=2026-11-18T12:07:40%2B01:00").await, ["1.25-r"], "any offset");
    assert_eq!(tag_names(&app, "updated_since=2026-11-18T11:07:40.001Z").await, Vec::<String>::new());
    assert_eq!(tag_names(&app, &format!("name=latest&digest={}", digest('b'))).await, Vec::<String>::new());

    let bad_time = app.call(Method::GET, "/registry/v2beta1/tags?updated_since=yesterday", None).await;
    assert_eq!(
        bad_time.body,
        invalid(&[("updated_since", "updated_since must be an RFC 3339 timestamp such as 2026-01-02T03:04:05Z")])
    );
    let bad_digest = app.call(Method::GET, "/registry/v2beta1/tags?digest=sha256:abc", None).await;
    assert_eq!(bad_digest.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_digest.body["details"][1]["fieldViolations"][0]["field"], "digest");
    let bad_flag = app.call(Method::GET, "/registry/v2beta1/tags?include_dates=maybe", None).await;
    assert_eq!(bad_flag.body, invalid(&[("include_dates", "include_dates must be true or false")]));
}

#[tokio::test]
async fn a_page_token_is_bound_to_the_tag_filters() {
    let app = TestApp::new().await;
    let repo = source(&app).await;
    for name in ["a", "b", "c"] {
        app.create(&format!("/registry/v2beta1/tags/{repo}"), json!({"name": name, "digest": digest('a')})).await;
    }
    let first = app.call(Method::GET, "/registry/v2beta1/tags?page_size=1", None).await;
    let token = first.body["nextPageToken"].as_str().unwrap().to_owned();
    let other = app
        .call(Method::GET, &format!("/registry/v2beta1/tags?page_size=1&include_dates=true&page_token={token}"), None)
        .await;
    assert_eq!(other.status, StatusCode::BAD_REQUEST);
    assert_eq!(other.body["details"][1]["fieldViolations"][0]["field"], "page_token");
}

/// The events written since the last call (claimed, so the next call sees only newer ones):
/// type, subject.
async fn new_events(app: &TestApp) -> Vec<(EventType, String)> {
    let later = grove_domain::Timestamp::from_unix_millis(now(app).unix_millis() + 60_000).unwrap();
    let events = app.services.store.claim_events(now(app), later, 1_000).await.unwrap();
    events.iter().map(|e| (e.event_type, e.subject.to_string())).collect()
}

#[tokio::test]
async fn a_tag_create_of_a_taken_name_needs_tag_update_and_is_otherwise_refused_changing_nothing() {
    let app = TestApp::new().await;
    let repo = source(&app).await;
    let tags = format!("/registry/v2beta1/tags/{repo}");
    let latest = app.create(&tags, json!({"name": "latest", "digest": digest('a'), "bundles": ["base"]})).await;
    let latest_uid = latest["uid"].as_str().unwrap().to_owned();
    let caps = json!(["repo.list", "tag.list", "tag.create"]);
    app.create(&format!("/iam/v2beta1/roles/{}", app.org), json!({"name": "tagger", "capabilities": caps})).await;
    let tagger = app.identity(&app.org, "tagger").await;
    app.bind(&app.org, &tagger, "tagger").await;
    let tagger = app.token_for(&tagger);
    new_events(&app).await;

    app.clock.advance_ms(1_000);
    let refused =
        app.call_as(&tagger, Method::POST, &tags, Some(json!({"name": "latest", "digest": digest('b')}))).await;
    assert_eq!(
        (refused.status, refused.body),
        (
            StatusCode::CONFLICT,
            json!({
                "code": 6,
                "message": format!(
                    "Already exists: a tag named \"latest\" already exists in repo {repo}; moving it needs tag.update"
                ),
                "details": [error_info("ALREADY_EXISTS")],
            })
        )
    );
    assert_eq!(app.call(Method::GET, &format!("/registry/v2beta1/tags/{latest_uid}"), None).await.body, latest);
    assert_eq!(new_events(&app).await, []);

    // A new name is what tag.create is for.
    let v2 = app.call_as(&tagger, Method::POST, &tags, Some(json!({"name": "v2", "digest": digest('b')}))).await;
    assert_eq!(v2.status, StatusCode::OK, "{}", v2.body);
    assert_eq!(new_events(&app).await, [(EventType::TagCreated, v2.body["uid"].as_str().unwrap().to_owned())]);

    // With tag.update (the owner) the create moves the tag: same uid, an updated event naming it.
    let moved = app.create(&tags, json!({"name": "latest", "digest": digest('b'), "deprecated": true})).await;
    assert_eq!(
        moved,
        json!({"uid": latest_uid, "name": "latest", "digest": digest('b'), "updateTime": "2026-11-18T11:06:41.000Z", "deprecated": true, "bundles": []})
    );
    assert_eq!(new_events(&app).await, [(EventType::TagUpdated, latest_uid.clone())]);
    assert_eq!(app.call(Method::GET, &format!("/registry/v2beta1/tags/{latest_uid}"), None).await.body, moved);
    // The same tag again writes nothing.
    app.create(&tags, json!({"name": "latest", "digest": digest('b'), "deprecated": true})).await;
    assert_eq!(new_events(&app).await, []);
}
