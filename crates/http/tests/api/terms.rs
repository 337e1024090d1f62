//! `/iam/v2beta1/terms/{group}`: accepting documents, accepting them again, the list of a
//! group with its ancestors' acceptances and its paging, and bad input that writes nothing.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

/// `createTime` of the test clock's start (2026-11-18T11:06:40.000Z) plus `seconds`.
fn time(seconds: u32) -> String {
    format!("2026-11-18T11:{:02}:{:02}.000Z", 6 + (40 + seconds) / 60, (40 + seconds) % 60)
}

fn acceptance(doc: &str, by: &str, org: &str, seconds: u32) -> Value {
    json!({ "docId": doc, "acceptedBy": by, "orgUid": org, "createTime": time(seconds) })
}

async fn accept(app: &TestApp, group: &str, ids: &[&str]) -> Value {
    app.create(&format!("/iam/v2beta1/terms/{group}"), json!({ "documentIds": ids })).await
}

async fn list(app: &TestApp, group: &str) -> Value {
    let r = app.call(Method::GET, &format!("/iam/v2beta1/terms/{group}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn bad_request(violations: Value) -> Value {
    let message = violations
        .as_array()
        .unwrap()
        .iter()
        .map(|v| format!("{}: {}", v["field"].as_str().unwrap(), v["description"].as_str().unwrap()))
        .collect::<Vec<_>>()
        .join("; ");
    json!({
        "code": 3,
        "message": format!("Invalid argument: {message}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            { "@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": violations },
        ],
    })
}

#[tokio::test]
async fn accept_terms_answers_the_group_and_the_distinct_documents_and_the_list_shows_who_and_when() {
    let app = TestApp::new().await;
    let answer = accept(&app, &app.org, &["tos-2026", "dpa v3", "tos-2026"]).await;
    assert_eq!(answer, json!({ "group": app.org, "documentIds": ["tos-2026", "dpa v3"] }));
    app.clock.advance_ms(5_000);
    accept(&app, &app.org, &["aup"]).await;

    let listed = list(&app, &app.org).await;
    let first_two: Vec<&str> =
        listed["termsAcceptances"].as_array().unwrap()[..2].iter().map(|a| a["docId"].as_str().unwrap()).collect();
    let mut sorted = first_two.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["dpa v3", "tos-2026"], "the two of the first request share its time");
    let admin = app.admin.to_string();
    assert_eq!(
        listed,
        json!({
            "termsAcceptances": [
                acceptance(first_two[0], &admin, &app.org, 0),
                acceptance(first_two[1], &admin, &app.org, 0),
                acceptance("aup", &admin, &app.org, 5),
            ],
            "nextPageToken": "",
            "totalCount": "3",
            "skipped": 0,
        })
    );
}

#[tokio::test]
async fn accepting_an_accepted_document_again_keeps_the_first_acceptance() {
    let app = TestApp::new().await;
    accept(&app, &app.org, &["tos"]).await;
    let other = app.identity(&app.org, "other-owner").await;
    app.bind(&app.org, &other, "owner").await;
    app.clock.advance_ms(3_000);
    let r = app
        .call_as(
            &app.token_for(&other),
            Method::POST,
            &format!("/iam/v2beta1/terms/{}", app.org),
            Some(json!({ "document_ids": ["tos", "aup"] })),
        )
        .await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "group": app.org, "documentIds": ["tos", "aup"] })));
    assert_eq!(
        list(&app, &app.org).await["termsAcceptances"],
        json!([acceptance("tos", app.admin.as_str(), &app.org, 0), acceptance("aup", &other, &app.org, 3)])
    );
}

#[tokio::test]
async fn a_group_lists_its_own_and_its_ancestors_acceptances_page_by_page() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let sub = app.group(&team, "sub").await;
    let sibling = app.group(&app.org, "sibling").await;
    for (group, doc) in [(&app.org, "org-tos"), (&team, "team-dpa"), (&sub, "sub-aup"), (&sibling, "sibling-x")] {
        app.clock.advance_ms(1_000);
        accept(&app, group, &[doc]).await;
    }
    let admin = app.admin.to_string();
    let page1 = app.call(Method::GET, &format!("/iam/v2beta1/terms/{team}?page_size=1"), None).await;
    assert_eq!(page1.status, StatusCode::OK);
    assert_eq!(page1.body["termsAcceptances"], json!([acceptance("org-tos", &admin, &app.org, 1)]));
    assert_eq!((&page1.body["totalCount"], &page1.body["skipped"]), (&json!("2"), &json!(0)));
    let token = page1.body["nextPageToken"].as_str().unwrap();
    assert!(!token.is_empty());
    let page2 = app.call(Method::GET, &format!("/iam/v2beta1/terms/{team}?pageSize=1&pageToken={token}"), None).await;
    assert_eq!(
        page2.body,
        json!({
            "termsAcceptances": [acceptance("team-dpa", &admin, &app.org, 2)],
            "nextPageToken": "",
            "totalCount": "2",
            "skipped": 0,
        })
    );
    let newest_first =
        app.call(Method::GET, &format!("/iam/v2beta1/terms/{sub}?order_by=create_time%20desc"), None).await;
    let docs: Vec<String> = newest_first.body["termsAcceptances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["docId"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(docs, ["sub-aup", "team-dpa", "org-tos"]);
    let r = app.call(Method::GET, &format!("/iam/v2beta1/terms/{team}?order_by=name"), None).await;
    assert_eq!(
        r.body,
        bad_request(json!([{
            "field": "order_by",
            "description": "order_by must be one of created_at, uid optionally followed by \" asc\" or \" desc\"",
        }]))
    );
}

#[tokio::test]
async fn bad_document_ids_and_unknown_fields_are_invalid_argument_and_write_nothing() {
    let app = TestApp::new().await;
    let path = format!("/iam/v2beta1/terms/{}", app.org);
    let many: Vec<String> = (0..33).map(|i| format!("doc-{i}")).collect();
    for (body, violations) in [
        (
            json!({ "documentIds": [] }),
            json!([{ "field": "document_ids", "description": "document_ids must name at least one document" }]),
        ),
        (
            json!({}),
            json!([{ "field": "document_ids", "description": "document_ids must name at least one document" }]),
        ),
        (
            json!({ "documentIds": many }),
            json!([{ "field": "document_ids", "description": "document_ids must name at most 32 documents" }]),
        ),
        (
            json!({ "documentIds": ["tos", "line\nbreak", "x".repeat(129)] }),
            json!([
                { "field": "document_ids[1]", "description": "document_ids[1] must not contain control characters (found U+000A)" },
                { "field": "document_ids[2]", "description": "document_ids[2] must be at most 128 characters" },
            ]),
        ),
    ] {
        let r = app.call(Method::POST, &path, Some(body.clone())).await;
        assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, bad_request(violations)), "{body}");
    }
    let r = app.call(Method::POST, &path, Some(json!({ "documentIds": ["tos"], "acceptAll": true }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["details"][0], error_info("INVALID_ARGUMENT"));
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "acceptAll", "{}", r.body);
    let r = app.call(Method::POST, &path, Some(json!({ "documentIds": "tos" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(list(&app, &app.org).await["termsAcceptances"], json!([]), "nothing was written");
}

#[tokio::test]
async fn terms_of_a_group_that_does_not_exist_or_a_malformed_uid_answer_404_and_400() {
    let app = TestApp::new().await;
    let missing = format!("{}/00000000000000ff", app.org);
    for method in [Method::GET, Method::POST] {
        let body = (method == Method::POST).then(|| json!({ "documentIds": ["tos"] }));
        let r = app.call(method.clone(), &format!("/iam/v2beta1/terms/{missing}"), body.clone()).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{method}");
        assert_eq!(
            r.body,
            json!({
                "code": 5,
                "message": format!("Not found: group {missing} does not exist"),
                "details": [error_info("NOT_FOUND")],
            }),
            "{method}"
        );
        let r = app.call(method.clone(), "/iam/v2beta1/terms/NOT-A-UID", body).await;
        assert_eq!(
            (r.status, &r.body["details"][1]["fieldViolations"][0]["field"]),
            (StatusCode::BAD_REQUEST, &json!("group"))
        );
    }
}
