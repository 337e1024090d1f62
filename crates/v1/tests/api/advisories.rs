//! `/vulnerabilities/v1/advisories`: the v1 shapes over the advisory service, writes only for
//! custom roles with the advisory capabilities (no built-in role has them), reviews only with
//! `advisories.approve`, and the same visibility as v2beta1 (the catalog organization for
//! every reader, an organization's own advisories for its members only).

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{id, v1_error, TestApp, START};

/// Every advisory capability, as dotted names.
const ALL: &[&str] =
    &["advisories.list", "advisories.create", "advisories.update", "advisories.delete", "advisories.approve"];
/// A triager who records events but may not review them.
const CREATOR: &[&str] = &["advisories.list", "advisories.create", "advisories.update"];

/// An identity in `group` bound there to a new custom role holding `capabilities`; its token.
async fn holder(app: &TestApp, group: &str, name: &str, capabilities: &[&str]) -> String {
    holder_as(app, &app.admin_token, group, name, capabilities).await
}

/// As [`holder`], set up by the owner whose token is `owner` (of another organization).
async fn holder_as(app: &TestApp, owner: &str, group: &str, name: &str, capabilities: &[&str]) -> String {
    let ok = |r: crate::common::Reply| {
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        id(&r.body)
    };
    let role = json!({ "name": name, "capabilities": capabilities });
    let role = ok(app.call_as(owner, Method::POST, &format!("/iam/v1/roles/{group}"), Some(role)).await);
    let identity = json!({ "name": name, "claimMatch": { "issuer": crate::common::ISSUER, "subject": name } });
    let identity = ok(app.call_as(owner, Method::POST, &format!("/iam/v1/identities/{group}"), Some(identity)).await);
    let binding = json!({ "identity": identity, "role": role });
    ok(app.call_as(owner, Method::POST, &format!("/iam/v1/rolebindings/{group}"), Some(binding)).await);
    app.token_for(&identity)
}

/// An identity in `group` bound to the built-in role `role`; its token.
async fn built_in(app: &TestApp, group: &str, name: &str, role: &str) -> String {
    let identity = app.identity(group, name).await;
    app.bind(group, &identity, role).await;
    app.token_for(&identity)
}

/// The create body of an advisory in `parent` for package `name`.
fn create_body(parent: &str, name: &str) -> Value {
    json!({
        "parentId": parent,
        "advisory": {
            "artifactType": "apk",
            "artifactName": name,
            "artifactArchitecture": "x86_64",
            "componentName": "openssl",
            "componentLocation": "/usr/lib/libssl.so.3",
            "componentType": "apk",
            "aliases": ["CVE-2026-1234", "GHSA-aaaa-bbbb-cccc"],
            "author": "triager@example.com",
            "legacyAdvisoryID": "GO-2026-0001",
            "events": [{
                "detection": { "scanv1": { "scanner": "grype", "subpackageName": name, "componentName": "openssl" } },
                "author": "scanner@example.com",
                "findings": "eyJtYXRjaGVzIjpbXX0=",
            }],
        },
    })
}

async fn create(app: &TestApp, token: &str, parent: &str, name: &str) -> Value {
    let r = app.call_as(token, Method::POST, "/vulnerabilities/v1/advisories", Some(create_body(parent, name))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_else(|| panic!("no {key} in {v}")).to_owned()
}

/// The ids of a v1 advisory list page, in order.
fn listed(body: &Value) -> Vec<String> {
    body["items"].as_array().unwrap_or_else(|| panic!("no items in {body}")).iter().map(id).collect()
}

#[tokio::test]
async fn a_triager_creates_an_advisory_and_reads_it_back_in_the_v1_shape() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let created = create(&app, &triager, &app.org, "nginx").await;
    let uid = id(&created);
    let event = text(&created["events"][0], "id");
    assert!(uid.starts_with(&format!("{}/", app.org)) && event.starts_with(&format!("{uid}/")), "{created}");
    let cga = text(&created, "advisoryId");
    assert!(cga.starts_with("CGA-") && cga.len() == 18, "{cga}");
    let expected = json!({
        "id": uid,
        "artifactType": "apk",
        "artifactName": "nginx",
        "artifactArchitecture": "x86_64",
        "componentName": "openssl",
        "componentLocation": "/usr/lib/libssl.so.3",
        "componentType": "apk",
        "createdAt": START,
        "updatedAt": START,
        "aliases": ["CVE-2026-1234", "GHSA-aaaa-bbbb-cccc"],
        "events": [{
            "id": event,
            "timestamp": START,
            "detection": { "scanv1": {
                "scanner": "grype", "subpackageName": "nginx", "componentId": "", "componentName": "openssl",
                "componentVersion": "", "componentType": "", "componentLocation": "",
            } },
            "findings": "eyJtYXRjaGVzIjpbXX0=",
            "author": "scanner@example.com",
            "reviewer": "",
            "status": "PENDING",
        }],
        "advisoryId": cga,
        "author": "triager@example.com",
        "legacyAdvisoryID": "GO-2026-0001",
    });
    assert_eq!(created, expected);
    assert_eq!(app.get(&format!("/vulnerabilities/v1/advisories/{uid}")).await, expected);
    let list = app.get(&format!("/vulnerabilities/v1/advisories?id={uid}")).await;
    assert_eq!(list, json!({ "id": "", "items": [expected], "nextPageToken": "", "totalCount": "1" }));
    // The same advisory through v2beta1's service, with its origin and no severities.
    let v2 = app
        .services
        .advisories
        .get(&app.services.auth.authenticate(Some(&format!("Bearer {triager}"))).await.unwrap(), &uid)
        .await
        .unwrap();
    assert_eq!((v2.origin.as_str(), v2.severities.len()), ("nginx", 0));
}

#[tokio::test]
async fn update_replaces_the_advisorys_own_fields_keeps_its_events_and_its_cga_id() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let created = create(&app, &triager, &app.org, "nginx").await;
    let uid = id(&created);
    app.clock.advance_ms(1_000);
    // A fetched advisory sent back with changes: output-only fields and the events are
    // accepted and ignored; omitted fields reset.
    let mut body = created.clone();
    body["artifactName"] = json!("nginx-mainline");
    body["aliases"] = json!(["CVE-2026-9999"]);
    body["events"] = json!([]);
    for omitted in ["componentName", "componentLocation", "legacyAdvisoryID"] {
        body.as_object_mut().unwrap().remove(omitted);
    }
    let path = format!("/vulnerabilities/v1/advisories/{uid}");
    let r = app.call_as(&triager, Method::PUT, &path, Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let mut expected = created.clone();
    expected["artifactName"] = json!("nginx-mainline");
    expected["aliases"] = json!(["CVE-2026-9999"]);
    expected["componentName"] = json!("");
    expected["componentLocation"] = json!("");
    expected["updatedAt"] = json!("2026-11-18T11:06:41.000Z");
    expected.as_object_mut().unwrap().remove("legacyAdvisoryID");
    assert_eq!(r.body, expected);
    assert_eq!(app.get(&path).await, expected);
    // PATCH replaces too; the CGA id never changes.
    let mut renamed = expected.clone();
    renamed["advisoryId"] = json!("CGA-2222-3333-4444");
    let r = app.call_as(&triager, Method::PATCH, &path, Some(renamed)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let message = format!(
        "Invalid argument: advisoryId: advisoryId is {} and cannot change (to CGA-2222-3333-4444)",
        text(&created, "advisoryId")
    );
    assert_eq!(r.body, v1_error(3, &message));
    // An empty replacement names every required field and changes nothing.
    let r = app.call_as(&triager, Method::PUT, &path, Some(json!({}))).await;
    assert_eq!(
        r.body,
        v1_error(
            3,
            "Invalid argument: author: author is required; artifactName: artifactName is required; artifactType: \
             artifactType is required"
        )
    );
    assert_eq!(app.get(&path).await, expected);
}

#[tokio::test]
async fn delete_withdraws_the_advisory_which_stays_readable_with_deleted_at() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let created = create(&app, &triager, &app.org, "nginx").await;
    let path = format!("/vulnerabilities/v1/advisories/{}", id(&created));
    app.clock.advance_ms(1_000);
    let r = app.call_as(&triager, Method::DELETE, &path, None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let mut expected = created.clone();
    expected["deletedAt"] = json!("2026-11-18T11:06:41.000Z");
    expected["updatedAt"] = json!("2026-11-18T11:06:41.000Z");
    assert_eq!(app.get(&path).await, expected);
    // Withdrawn already: nothing moves.
    app.clock.advance_ms(1_000);
    let r = app.call_as(&triager, Method::DELETE, &path, None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(app.get(&path).await, expected);
    assert_eq!(listed(&app.get("/vulnerabilities/v1/advisories").await), [id(&created)]);
}

#[tokio::test]
async fn events_are_added_and_listed_and_only_approvers_review_them() {
    let app = TestApp::new().await;
    let approver = holder(&app, &app.org, "approve", ALL).await;
    let creator = holder(&app, &app.org, "create", CREATOR).await;
    let created = create(&app, &creator, &app.org, "nginx").await;
    let uid = id(&created);
    let events = format!("/vulnerabilities/v1/advisories/{uid}/events");
    app.clock.advance_ms(1_000);
    let fixed =
        json!({ "advisoryEvent": { "fixed": { "fixedVersion": "1.25.3-r1" }, "author": "creator@example.com" } });
    let r = app.call_as(&creator, Method::POST, &events, Some(fixed)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let event = id(&r.body);
    let added = json!({
        "id": event, "timestamp": "2026-11-18T11:06:41.000Z", "fixed": { "fixedVersion": "1.25.3-r1" },
        "findings": "", "author": "creator@example.com", "reviewer": "", "status": "PENDING",
    });
    assert_eq!(r.body, added);
    let list = app.get(&events).await;
    assert_eq!(list, json!({ "parentId": uid, "items": [created["events"][0], added] }));
    assert_eq!(
        app.get(&format!("/vulnerabilities/v1/advisories/{uid}")).await["updatedAt"],
        json!("2026-11-18T11:06:41.000Z")
    );

    // Recording a review needs advisories.approve, adding one as much as changing one.
    let reviewed = json!({ "advisoryEvent": { "fixed": {}, "author": "creator@example.com", "status": "APPROVED" } });
    let r = app.call_as(&creator, Method::POST, &events, Some(reviewed)).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::FORBIDDEN,
            v1_error(7, &format!("Permission denied: the caller lacks advisories.approve on {uid}"))
        )
    );
    let path = format!("/vulnerabilities/v1/advisory_events/{event}");
    let mut approved = added.clone();
    approved["status"] = json!("APPROVED");
    approved["reviewer"] = json!("lead@example.com");
    let r = app.call_as(&creator, Method::PUT, &path, Some(approved.clone())).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::FORBIDDEN,
            v1_error(7, &format!("Permission denied: the caller lacks advisories.approve on {uid}"))
        )
    );
    app.clock.advance_ms(1_000);
    let r = app.call_as(&approver, Method::PUT, &path, Some(approved.clone())).await;
    assert_eq!((r.status, &r.body), (StatusCode::OK, &approved));
    assert_eq!(app.get(&events).await["items"][1], approved);
    // Approved is final.
    let mut rejected = approved.clone();
    rejected["status"] = json!("REJECTED");
    let r = app.call_as(&approver, Method::PUT, &path, Some(rejected)).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::BAD_REQUEST,
            v1_error(9, &format!("Precondition failed: event {event} is approved and keeps that review state"))
        )
    );
    // The advisory filters see the review.
    let approved_list =
        app.get("/vulnerabilities/v1/advisories?event_statuses=APPROVED&event_types=EVENT_TYPE_FILTER_FIXED").await;
    assert_eq!(listed(&approved_list), [uid]);
}

#[tokio::test]
async fn viewers_and_every_built_in_role_read_but_never_write() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let created = create(&app, &triager, &app.org, "nginx").await;
    let uid = id(&created);
    let event = text(&created["events"][0], "id");
    let viewer = built_in(&app, &app.org, "viewer", "viewer").await;
    let editor = built_in(&app, &app.org, "editor", "editor").await;
    let org = app.org.clone();
    for token in [&viewer, &editor, &app.admin_token] {
        let list = app.call_as(token, Method::GET, "/vulnerabilities/v1/advisories", None).await;
        assert_eq!((list.status, listed(&list.body)), (StatusCode::OK, vec![uid.clone()]));
        let one = app.call_as(token, Method::GET, &format!("/vulnerabilities/v1/advisories/{uid}"), None).await;
        assert_eq!((one.status, &one.body), (StatusCode::OK, &created));
        let writes = [
            (
                Method::POST,
                "/vulnerabilities/v1/advisories".to_owned(),
                create_body(&org, "curl"),
                format!("advisories.create on {org}"),
            ),
            (
                Method::PUT,
                format!("/vulnerabilities/v1/advisories/{uid}"),
                created.clone(),
                format!("advisories.update on {uid}"),
            ),
            (
                Method::DELETE,
                format!("/vulnerabilities/v1/advisories/{uid}"),
                Value::Null,
                format!("advisories.delete on {uid}"),
            ),
            (
                Method::POST,
                format!("/vulnerabilities/v1/advisories/{uid}/events"),
                json!({ "advisoryEvent": { "fixed": {}, "author": "me" } }),
                format!("advisories.create on {uid}"),
            ),
            (
                Method::PUT,
                format!("/vulnerabilities/v1/advisory_events/{event}"),
                created["events"][0].clone(),
                format!("advisories.update on {uid}"),
            ),
        ];
        for (method, path, body, lacking) in writes {
            let body = (!body.is_null()).then_some(body);
            let r = app.call_as(token, method.clone(), &path, body).await;
            assert_eq!(
                (r.status, r.body),
                (StatusCode::FORBIDDEN, v1_error(7, &format!("Permission denied: the caller lacks {lacking}"))),
                "{method} {path}"
            );
        }
    }
    assert_eq!(app.get(&format!("/vulnerabilities/v1/advisories/{uid}")).await, created);
    assert_eq!(listed(&app.get("/vulnerabilities/v1/advisories").await), [uid]);
}

#[tokio::test]
async fn another_organizations_advisories_are_not_found_and_not_listed() {
    let app = TestApp::new().await;
    let globex = app
        .services
        .bootstrap
        .ensure_owned_organization("globex", "boss", "", crate::common::claim_match("boss"))
        .await
        .unwrap();
    let globex_uid = globex.group.uid.to_string();
    let boss = app.token_for(globex.identity.uid.as_str());
    let globex_triager = holder_as(&app, &boss, &globex_uid, "triage", ALL).await;
    let theirs = create(&app, &globex_triager, &globex_uid, "secret").await;
    let their_uid = id(&theirs);
    let acme_triager = holder(&app, &app.org, "triage", ALL).await;
    let ours = create(&app, &acme_triager, &app.org, "nginx").await;
    let viewer = built_in(&app, &app.org, "viewer", "viewer").await;
    for token in [&viewer, &acme_triager] {
        let list = app.call_as(token, Method::GET, "/vulnerabilities/v1/advisories", None).await;
        assert_eq!(listed(&list.body), [id(&ours)]);
        let by_id =
            app.call_as(token, Method::GET, &format!("/vulnerabilities/v1/advisories?id={their_uid}"), None).await;
        assert_eq!(by_id.body, json!({ "id": "", "items": [], "nextPageToken": "", "totalCount": "0" }));
        let gone = v1_error(5, &format!("Not found: advisory {their_uid} does not exist"));
        for path in [
            format!("/vulnerabilities/v1/advisories/{their_uid}"),
            format!("/vulnerabilities/v1/advisories/{their_uid}/events"),
        ] {
            let r = app.call_as(token, Method::GET, &path, None).await;
            assert_eq!((r.status, &r.body), (StatusCode::NOT_FOUND, &gone), "{path}");
        }
    }
    // Writes into the other organization answer as if it did not exist.
    let path = format!("/vulnerabilities/v1/advisories/{their_uid}");
    let r = app.call_as(&acme_triager, Method::PUT, &path, Some(theirs.clone())).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, &format!("Not found: advisory {their_uid} does not exist")))
    );
    let r = app.call_as(&acme_triager, Method::DELETE, &path, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = app
        .call_as(&acme_triager, Method::POST, "/vulnerabilities/v1/advisories", Some(create_body(&globex_uid, "x")))
        .await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, &format!("Not found: group {globex_uid} does not exist")))
    );
    let r = app.call_as(&globex_triager, Method::GET, &path, None).await;
    assert_eq!((r.status, &r.body), (StatusCode::OK, &theirs));
}

#[tokio::test]
async fn the_catalog_is_read_by_every_reader_and_written_only_by_its_own_triagers() {
    let app = TestApp::with_advisory_catalog().await;
    let catalog = app.catalog().unwrap();
    let curator = holder_as(&app, app.catalog_admin_token.as_deref().unwrap(), &catalog, "curate", ALL).await;
    let shared = create(&app, &curator, &catalog, "openssl").await;
    let viewer = built_in(&app, &app.org, "viewer", "viewer").await;
    let acme_triager = holder(&app, &app.org, "triage", ALL).await;
    for token in [&viewer, &acme_triager] {
        let list = app.call_as(token, Method::GET, "/vulnerabilities/v1/advisories", None).await;
        assert_eq!(listed(&list.body), [id(&shared)]);
        let r = app.call_as(token, Method::GET, &format!("/vulnerabilities/v1/advisories/{}", id(&shared)), None).await;
        assert_eq!((r.status, &r.body), (StatusCode::OK, &shared));
    }
    // Readable, so a write without the capability there is denied rather than not found.
    let path = format!("/vulnerabilities/v1/advisories/{}", id(&shared));
    let r = app.call_as(&acme_triager, Method::PUT, &path, Some(shared.clone())).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::FORBIDDEN,
            v1_error(7, &format!("Permission denied: the caller lacks advisories.update on {}", id(&shared)))
        )
    );
}

#[tokio::test]
async fn lists_filter_order_and_page_with_the_v1_filter_names() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let a = create(&app, &triager, &app.org, "nginx").await;
    let mut body = create_body(&app.org, "curl");
    body["advisory"]["aliases"] = json!(["CVE-2026-7777"]);
    body["advisory"]["artifactArchitecture"] = json!("aarch64");
    let r = app.call_as(&triager, Method::POST, "/vulnerabilities/v1/advisories", Some(body)).await;
    let b = r.body;
    let mut body = create_body(&app.org, "busybox");
    body["advisory"]["events"] = json!([{ "fixed": { "fixedVersion": "1.36" }, "author": "lead@example.com", "reviewer": "lead@example.com", "status": "APPROVED" }]);
    let r = app.call_as(&triager, Method::POST, "/vulnerabilities/v1/advisories", Some(body)).await;
    let c = r.body;
    let mut all = vec![id(&a), id(&b), id(&c)];
    all.sort();
    let cases = [
        (format!("advisory_id={}", text(&b, "advisoryId")), vec![id(&b)]),
        ("artifact_name=nginx".to_owned(), vec![id(&a)]),
        ("artifactArchitecture=aarch64".to_owned(), vec![id(&b)]),
        ("artifact_type=apk&component_name=openssl&component_type=apk".to_owned(), all.clone()),
        ("aliases=CVE-2026-7777&aliases=CVE-0".to_owned(), vec![id(&b)]),
        ("event_statuses=APPROVED".to_owned(), vec![id(&c)]),
        ("event_statuses=1".to_owned(), {
            let mut v = vec![id(&a), id(&b)];
            v.sort();
            v
        }),
        ("event_types=EVENT_TYPE_FILTER_FIXED".to_owned(), vec![id(&c)]),
        ("event_author=lead@example.com".to_owned(), vec![id(&c)]),
        ("event_reviewer=lead@example.com".to_owned(), vec![id(&c)]),
        ("exclude_event_author=scanner@example.com".to_owned(), vec![id(&c)]),
        (format!("uidp.children_of={}", app.org), all.clone()),
        ("order_by=ID_DESC".to_owned(), all.iter().rev().cloned().collect()),
        ("orderBy=CREATED_AT_ASC".to_owned(), all.clone()),
    ];
    for (query, expected) in cases {
        let list = app.get(&format!("/vulnerabilities/v1/advisories?{query}")).await;
        assert_eq!(listed(&list), expected, "{query}");
    }
    // Pages of one, following the tokens.
    let mut seen = Vec::new();
    let mut token = String::new();
    loop {
        let page = app.get(&format!("/vulnerabilities/v1/advisories?page_size=1&page_token={token}")).await;
        assert_eq!(page["totalCount"], json!("3"));
        seen.extend(listed(&page));
        token = text(&page, "nextPageToken");
        if token.is_empty() {
            break;
        }
    }
    assert_eq!(seen, all);
    let bad = [
        ("artifact_namespace=wolfi", "Invalid argument: artifact_namespace: artifact_namespace is not supported: advisories carry no namespace (the field was removed from Advisory)"),
        ("event_statuses=DONE", "Invalid argument: event_statuses: event_statuses must be one of UNKNOWN, PENDING, APPROVED, REQUEST_CHANGES, REJECTED or its number"),
        ("order_by=name", "Invalid argument: order_by: order_by must be one of ORDER_BY_UNSPECIFIED, ID_ASC, ID_DESC, CREATED_AT_ASC, CREATED_AT_DESC or its number"),
        ("id=nope", "Invalid argument: id: id must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters"),
    ];
    for (query, message) in bad {
        let r = app.call(Method::GET, &format!("/vulnerabilities/v1/advisories?{query}"), None).await;
        assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, v1_error(3, message)), "{query}");
    }
}

#[tokio::test]
async fn bad_bodies_are_invalid_argument_and_write_nothing() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let post = |body: Value| {
        let (app, triager) = (&app, &triager);
        async move { app.call_as(triager, Method::POST, "/vulnerabilities/v1/advisories", Some(body)).await }
    };
    let r = post(json!({ "parentId": app.org, "advisory": { "artifactName": "x" } })).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::BAD_REQUEST,
            v1_error(3, "Invalid argument: author: author is required; artifactType: artifactType is required")
        )
    );
    let r = post(json!({ "parentId": app.org, "advisory": { "severity": "high" } })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body["message"].as_str().unwrap().starts_with("Invalid argument: body: unknown field `severity`"),
        "{}",
        r.body
    );
    let mut two_types = create_body(&app.org, "x");
    two_types["advisory"]["events"][0]["fixed"] = json!({});
    let r = post(two_types).await;
    assert_eq!(
        r.body,
        v1_error(
            3,
            "Invalid argument: events[0].type: an event has exactly one of detection, fixed, falsePositiveDetermination, \
             analysisNotPlanned, fixNotPlanned, pendingUpstreamFix, truePositiveDetermination, patched"
        )
    );
    let mut not_json = create_body(&app.org, "x");
    not_json["advisory"]["events"][0]["findings"] = json!("bm90IGpzb24=");
    let r = post(not_json).await;
    assert_eq!(r.body, v1_error(3, "Invalid argument: events[0].findings: events[0].findings must be JSON"));
    let r = post(json!({ "advisory": create_body(&app.org, "x")["advisory"] })).await;
    assert_eq!(
        r.body,
        v1_error(3, "Invalid argument: parent: parent must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters")
    );
    assert_eq!(listed(&app.get("/vulnerabilities/v1/advisories").await), Vec::<String>::new());
}

#[tokio::test]
async fn unknown_advisory_paths_and_wrong_methods_answer_in_the_v1_shape() {
    let app = TestApp::new().await;
    let triager = holder(&app, &app.org, "triage", ALL).await;
    let uid = id(&create(&app, &triager, &app.org, "nginx").await);
    let r = app.call(Method::POST, &format!("/vulnerabilities/v1/advisories/{uid}"), Some(json!({}))).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            v1_error(12, &format!("Unimplemented: POST is not supported on /vulnerabilities/v1/advisories/{uid}"))
        )
    );
    let r = app.call(Method::DELETE, &format!("/vulnerabilities/v1/advisories/{uid}/events"), None).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    let r = app.call(Method::GET, "/vulnerabilities/v1/documents", None).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, "Not found: no route for GET /vulnerabilities/v1/documents"))
    );
}
