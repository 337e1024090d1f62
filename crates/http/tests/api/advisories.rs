//! `/vulnerabilities/v2beta1/advisories` (API.md 1.11): the full message, every list filter
//! over REST (repeated keys, enums by name or number), bad filters, and who may read what:
//! the catalog organization's advisories for every holder of `advisories.list`, an
//! organization's own only below its bindings, no writes at all.

use axum::http::{Method, StatusCode};
use axum::Router;
use grove_domain::model::Advisory;
use grove_domain::Uidp;
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const GO_2022_0572: &str = include_str!("../../../grove/tests/testdata/osv/GO-2022-0572.json");
const GO_2022_0569: &str = include_str!("../../../grove/tests/testdata/osv/GO-2022-0569.json");
const GO_2021_0159: &str = include_str!("../../../grove/tests/testdata/osv/GO-2021-0159.json");

struct World {
    app: TestApp,
    catalog: String,
    /// Advisories of the catalog, by (OSV id, package).
    catalog_advisories: Vec<Advisory>,
    /// A group of acme holding its own advisory.
    team: String,
    team_advisory: Advisory,
    /// Another organization's group, with its own advisory.
    globex_advisory: Advisory,
}

async fn import(app: &TestApp, org: &str, record: &str) -> Vec<Advisory> {
    let org = Uidp::parse(org).unwrap();
    let advisories = grove_domain::osv::advisories(serde_json::from_str(record).unwrap(), &org, "osv-import").unwrap();
    app.services.advisories.import(advisories.clone()).await.unwrap();
    let uids: Vec<Uidp> = advisories.iter().map(|a| a.uid.clone()).collect();
    app.services.store.get_advisories(&uids).await.unwrap()
}

async fn world() -> World {
    let mut app = TestApp::new().await;
    let catalog =
        app.create("/iam/v2beta1/groups", json!({"name": "catalog"})).await["uid"].as_str().unwrap().to_owned();
    let globex = app.create("/iam/v2beta1/groups", json!({"name": "globex"})).await["uid"].as_str().unwrap().to_owned();
    let team = app.group(&app.org, "team").await;
    app.services.advisories = app.services.advisories.clone().with_catalog(Some(Uidp::parse(&catalog).unwrap()));
    app.router = grove_http::router(app.services.clone(), &grove_http::HttpConfig::default(), Router::new());
    let mut catalog_advisories = import(&app, &catalog, GO_2022_0572).await;
    catalog_advisories.extend(import(&app, &catalog, GO_2022_0569).await);
    let team_advisory = import(&app, &team, GO_2021_0159).await.remove(0);
    let globex_advisory = import(&app, &globex, GO_2021_0159).await.remove(0);
    World { app, catalog, catalog_advisories, team, team_advisory, globex_advisory }
}

fn uids(body: &Value) -> Vec<String> {
    let mut uids: Vec<String> =
        body["advisories"].as_array().unwrap().iter().map(|a| a["uid"].as_str().unwrap().to_owned()).collect();
    uids.sort();
    uids
}

fn sorted<'a>(advisories: impl IntoIterator<Item = &'a Advisory>) -> Vec<String> {
    let mut uids: Vec<String> = advisories.into_iter().map(|a| a.uid.to_string()).collect();
    uids.sort();
    uids
}

fn find<'a>(w: &'a World, id: &str, package: &str) -> &'a Advisory {
    w.catalog_advisories
        .iter()
        .find(|a| a.legacy_advisory_id.as_deref() == Some(id) && a.artifact_name == package)
        .unwrap()
}

#[tokio::test]
async fn get_advisory_answers_the_full_message() {
    let w = world().await;
    let a = find(&w, "GO-2022-0572", "github.com/beego/beego/v2");
    let r = w.app.call(Method::GET, &format!("/vulnerabilities/v2beta1/advisories/{}", a.uid), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({
            "uid": a.uid.to_string(),
            "advisoryId": a.advisory_id,
            "createTime": "2026-11-18T11:06:40.000Z",
            "updateTime": "2026-11-18T11:06:40.000Z",
            "author": "osv-import",
            "artifactName": "github.com/beego/beego/v2",
            "artifactType": "library",
            "artifactArchitecture": "noarch",
            "componentName": "github.com/beego/beego/v2",
            "componentLocation": "pkg:golang/github.com/beego/beego/v2",
            "componentType": "go-module",
            "aliases": ["CVE-2021-30080", "GHSA-28r6-jm5h-mrgg"],
            "events": [
                {
                    "uid": a.events[0].uid.to_string(),
                    "createTime": "2022-08-22T17:56:17.000Z",
                    "findings": "",
                    "author": "osv-import",
                    "reviewer": "",
                    "reviewState": "REVIEW_STATE_APPROVED",
                    "detection": {"manual": {}},
                },
                {
                    "uid": a.events[1].uid.to_string(),
                    "createTime": "2022-08-23T19:54:38.000Z",
                    "findings": "",
                    "author": "osv-import",
                    "reviewer": "",
                    "reviewState": "REVIEW_STATE_APPROVED",
                    "fixed": {"fixedVersion": "2.0.3", "note": "", "scannerVersion": "", "grypeDbBuilt": "", "grypeDbChecksum": ""},
                },
            ],
            "legacyAdvisoryId": "GO-2022-0572",
            "severities": [],
        })
    );
    assert!(a.events.iter().all(|e| e.uid.parent().as_ref() == Some(&a.uid)));
}

#[tokio::test]
async fn every_list_filter_filters_over_rest() {
    let w = world().await;
    let beego = "github.com/beego/beego";
    let beego2 = "github.com/beego/beego/v2";
    let all_catalog: Vec<String> = sorted(&w.catalog_advisories);
    let cases: Vec<(String, Vec<String>)> = vec![
        (format!("uidp.children_of={}", w.catalog), all_catalog.clone()),
        (format!("artifact_names={beego}&artifactNames={beego2}"), all_catalog.clone()),
        (
            format!("artifact_names={beego2}"),
            sorted([find(&w, "GO-2022-0572", beego2), find(&w, "GO-2022-0569", beego2)]),
        ),
        (
            format!("origin={beego}&artifact_names={beego2}"),
            sorted([find(&w, "GO-2022-0572", beego), find(&w, "GO-2022-0569", beego)]),
        ),
        (
            "legacy_advisory_ids=GO-2022-0569".to_owned(),
            sorted([find(&w, "GO-2022-0569", beego), find(&w, "GO-2022-0569", beego2)]),
        ),
        (
            format!("advisory_ids={}", find(&w, "GO-2022-0569", beego).advisory_id),
            sorted([find(&w, "GO-2022-0569", beego)]),
        ),
        ("aliases=GHSA-95f9-94vc-665h&aliases=CVE-2015-5739".to_owned(), {
            let mut v = sorted([
                find(&w, "GO-2022-0569", beego),
                find(&w, "GO-2022-0569", beego2),
                &w.team_advisory,
                &w.globex_advisory,
            ]);
            v.sort();
            v
        }),
        (
            "artifact_types=library&artifact_architectures=noarch&component_types=go-module&uidp.descendants_of="
                .to_owned()
                + &w.catalog,
            all_catalog.clone(),
        ),
        (
            format!("component_names={beego2}&component_locations=pkg:golang/{beego2}"),
            sorted([find(&w, "GO-2022-0572", beego2), find(&w, "GO-2022-0569", beego2)]),
        ),
        // GO-2022-0572 has no fix for beego: its latest approved event is the detection.
        (
            format!("latest_event_type=EVENT_TYPE_FILTER_DETECTION&uidp.descendants_of={}", w.catalog),
            sorted([find(&w, "GO-2022-0572", beego)]),
        ),
        (
            format!("event_types=3&uidp.descendants_of={}", w.catalog),
            sorted(w.catalog_advisories.iter().filter(|a| a.events.len() == 2)),
        ),
        ("event_review_states=REVIEW_STATE_PENDING".to_owned(), vec![]),
        ("event_authors=osv-import&exclude_event_authors=osv-import".to_owned(), vec![]),
        ("event_reviewers=nobody".to_owned(), vec![]),
        ("query=BEEGO/V2".to_owned(), sorted([find(&w, "GO-2022-0572", beego2), find(&w, "GO-2022-0569", beego2)])),
        ("query=cve-2015-574".to_owned(), sorted([&w.team_advisory, &w.globex_advisory])),
    ];
    for (query, expected) in cases {
        let r = w.app.call(Method::GET, &format!("/vulnerabilities/v2beta1/advisories?{query}"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.body);
        assert_eq!(uids(&r.body), expected, "{query}");
        assert_eq!(r.body["totalCount"], expected.len().to_string(), "{query}");
    }
}

#[tokio::test]
async fn bad_advisory_filters_are_invalid_argument_naming_the_key() {
    let w = world().await;
    for (query, field, description) in [
        (
            "event_types=EVENT_TYPE_FILTER_NOPE",
            "event_types",
            "event_types \"EVENT_TYPE_FILTER_NOPE\" is not one of EVENT_TYPE_FILTER_DETECTION, \
             EVENT_TYPE_FILTER_TRUE_POSITIVE_DETERMINATION, EVENT_TYPE_FILTER_FIXED, \
             EVENT_TYPE_FILTER_FALSE_POSITIVE_DETERMINATION, EVENT_TYPE_FILTER_ANALYSIS_NOT_PLANNED, \
             EVENT_TYPE_FILTER_FIX_NOT_PLANNED, EVENT_TYPE_FILTER_PENDING_UPSTREAM_FIX, EVENT_TYPE_FILTER_PATCHED \
             (or its number)",
        ),
        (
            "event_review_states=0",
            "event_review_states",
            "event_review_states value 0 is not a valid (specified) value",
        ),
        ("latest_event_type=9", "latest_event_type", "latest_event_type 9 is not a valid value"),
        ("aliases=a%00b", "aliases", "each aliases value may be at most 256 bytes, without control characters"),
        (
            "order_by=name",
            "order_by",
            "order_by must be one of uid, created_at, updated_at optionally followed by \" asc\" or \" desc\"",
        ),
        ("query=ssl&query=tls", "query", "query is given more than once; it takes one value"),
        ("origin=a&origin=b", "origin", "origin is given more than once; it takes one value"),
    ] {
        let r = w.app.call(Method::GET, &format!("/vulnerabilities/v2beta1/advisories?{query}"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(
            r.body,
            json!({
                "code": 3,
                "message": format!("Invalid argument: {field}: {description}"),
                "details": [
                    error_info("INVALID_ARGUMENT"),
                    {"@type": "type.googleapis.com/google.rpc.BadRequest",
                     "fieldViolations": [{"field": field, "description": description}]},
                ],
            }),
            "{query}"
        );
    }
    let r = w.app.call(Method::GET, "/vulnerabilities/v2beta1/advisories/not-a-uid", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn advisories_page_in_every_order() {
    let w = world().await;
    for order in ["uid", "uid desc", "created_at", "updated_at desc"] {
        let mut seen = Vec::new();
        let mut token = String::new();
        loop {
            let path = format!(
                "/vulnerabilities/v2beta1/advisories?page_size=2&order_by={}&page_token={token}",
                order.replace(' ', "+")
            );
            let r = w.app.call(Method::GET, &path, None).await;
            assert_eq!(r.status, StatusCode::OK, "{order}: {}", r.body);
            assert_eq!(r.body["totalCount"], "6");
            seen.extend(r.body["advisories"].as_array().unwrap().iter().map(|a| a["uid"].as_str().unwrap().to_owned()));
            token = r.body["nextPageToken"].as_str().unwrap().to_owned();
            if token.is_empty() {
                break;
            }
        }
        let mut expected: Vec<String> =
            sorted(w.catalog_advisories.iter().chain([&w.team_advisory, &w.globex_advisory]));
        if order == "uid desc" {
            expected.reverse();
        }
        if order == "uid" || order == "uid desc" {
            assert_eq!(seen, expected, "{order}");
        } else {
            seen.sort();
            assert_eq!(
                seen,
                sorted(w.catalog_advisories.iter().chain([&w.team_advisory, &w.globex_advisory])),
                "{order}"
            );
        }
    }
}

/// Authorization matrix of advisories: allowed, denied, cross-organization.
#[tokio::test]
async fn a_viewer_reads_the_catalog_and_its_own_organizations_advisories_only() {
    let w = world().await;
    let viewer = w.app.identity(&w.team, "viewer").await;
    w.app.bind(&w.team, &viewer, "viewer").await;
    let t = w.app.token_for(&viewer);
    let list = w.app.call_as(&t, Method::GET, "/vulnerabilities/v2beta1/advisories", None).await;
    assert_eq!(list.status, StatusCode::OK);
    let expected = sorted(w.catalog_advisories.iter().chain([&w.team_advisory]));
    assert_eq!(uids(&list.body), expected);
    // The count covers what the caller may read, nothing of globex.
    assert_eq!(list.body["totalCount"], expected.len().to_string());
    let get = |uid: String| {
        let t = t.clone();
        let app = &w.app;
        async move { app.call_as(&t, Method::GET, &format!("/vulnerabilities/v2beta1/advisories/{uid}"), None).await }
    };
    assert_eq!(get(w.catalog_advisories[0].uid.to_string()).await.status, StatusCode::OK);
    assert_eq!(get(w.team_advisory.uid.to_string()).await.status, StatusCode::OK);
    let foreign = get(w.globex_advisory.uid.to_string()).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(
        foreign.body,
        json!({
            "code": 5,
            "message": format!("Not found: advisory {} does not exist", w.globex_advisory.uid),
            "details": [error_info("NOT_FOUND")],
        })
    );
    // A filter naming another organization's advisory finds nothing, and says nothing of it.
    let probe = w.app.call_as(&t, Method::GET, "/vulnerabilities/v2beta1/advisories?query=cve-2015-5740", None).await;
    assert_eq!(uids(&probe.body), vec![w.team_advisory.uid.to_string()]);
    assert_eq!(probe.body["totalCount"], "1");
    // No write path over the API: a POST is not a method of the path.
    let post = w
        .app
        .call_as(
            &w.app.admin_token,
            Method::POST,
            &format!("/vulnerabilities/v2beta1/advisories/{}", w.catalog),
            Some(json!({})),
        )
        .await;
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_caller_without_advisories_list_sees_no_advisory_not_even_the_catalog() {
    let w = world().await;
    // A role with groups.list only.
    let role = w
        .app
        .create(
            &format!("/iam/v2beta1/roles/{}", w.app.org),
            json!({"name": "lister", "capabilities": ["CAP_IAM_GROUPS_LIST"]}),
        )
        .await;
    let who = w.app.identity(&w.team, "lister").await;
    w.app
        .create(&format!("/iam/v2beta1/roleBindings/{}", w.team), json!({"identityUid": who, "roleUid": role["uid"]}))
        .await;
    let t = w.app.token_for(&who);
    let list = w.app.call_as(&t, Method::GET, "/vulnerabilities/v2beta1/advisories", None).await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.body["advisories"], json!([]));
    assert_eq!(list.body["totalCount"], "0");
    for uid in [w.catalog_advisories[0].uid.to_string(), w.team_advisory.uid.to_string()] {
        let r = w.app.call_as(&t, Method::GET, &format!("/vulnerabilities/v2beta1/advisories/{uid}"), None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uid}");
    }
}
