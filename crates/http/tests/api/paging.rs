//! Paging: cursors keep the order without duplicates or gaps; skip, totals, sizes, expiry,
//! tampering, ordering, and tokens bound to their list.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

/// Creates `n` groups under a fresh parent with shuffled names, one millisecond apart.
async fn groups(app: &TestApp, n: usize) -> (String, Vec<Value>) {
    let parent = app.group(&app.org, "parent").await;
    let mut made = Vec::new();
    for i in 0..n {
        app.clock.advance_ms(1);
        let name = format!("g{:03}", (i * 37) % n);
        made.push(app.create(&format!("/iam/v2beta1/groups/{parent}"), serde_json::json!({ "name": name })).await);
    }
    (parent, made)
}

async fn walk(app: &TestApp, query: &str) -> (Vec<String>, Vec<String>) {
    let mut uids = Vec::new();
    let mut totals = Vec::new();
    let mut token = String::new();
    loop {
        let r = app.call(Method::GET, &format!("/iam/v2beta1/groups?{query}&page_token={token}"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        uids.extend(r.body["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap().to_owned()));
        totals.push(r.body["totalCount"].as_str().unwrap().to_owned());
        match r.body.get("nextPageToken").and_then(Value::as_str) {
            Some(next) if !next.is_empty() => token = next.to_owned(),
            _ => return (uids, totals),
        }
    }
}

fn sorted_uids(made: &[Value], key: impl Fn(&Value) -> String, desc: bool) -> Vec<String> {
    let mut rows: Vec<(String, String)> =
        made.iter().map(|g| (key(g), g["uid"].as_str().unwrap().to_owned())).collect();
    rows.sort();
    if desc {
        rows.reverse();
    }
    rows.into_iter().map(|(_, uid)| uid).collect()
}

#[tokio::test]
async fn following_cursors_keeps_name_order_without_duplicates_or_gaps() {
    let app = TestApp::new().await;
    let (parent, made) = groups(&app, 45).await;
    let (uids, totals) = walk(&app, &format!("uidp.children_of={parent}&page_size=7&order_by=name")).await;
    assert_eq!(uids, sorted_uids(&made, |g| g["name"].as_str().unwrap().to_owned(), false));
    assert_eq!(totals.len(), 7);
    assert!(totals.iter().all(|t| t == "45"));
}

#[tokio::test]
async fn name_desc_and_created_at_desc_orders_hold_across_pages() {
    let app = TestApp::new().await;
    let (parent, made) = groups(&app, 30).await;
    let (by_name, _) = walk(&app, &format!("uidp.children_of={parent}&page_size=4&order_by=name%20desc")).await;
    assert_eq!(by_name, sorted_uids(&made, |g| g["name"].as_str().unwrap().to_owned(), true));
    let (by_created, _) =
        walk(&app, &format!("uidp.children_of={parent}&page_size=4&order_by=created_at%20desc")).await;
    assert_eq!(by_created, sorted_uids(&made, |g| g["createTime"].as_str().unwrap().to_owned(), true));
    let (by_uid, _) = walk(&app, &format!("uidp.children_of={parent}&page_size=9")).await;
    assert_eq!(by_uid, sorted_uids(&made, |g| g["uid"].as_str().unwrap().to_owned(), false));
}

#[tokio::test]
async fn skip_starts_after_the_first_n_results_and_is_echoed() {
    let app = TestApp::new().await;
    let (parent, made) = groups(&app, 12).await;
    let r = app
        .call(
            Method::GET,
            &format!("/iam/v2beta1/groups?uidp.children_of={parent}&order_by=name&skip=10&page_size=5"),
            None,
        )
        .await;
    let expected = sorted_uids(&made, |g| g["name"].as_str().unwrap().to_owned(), false);
    let got: Vec<_> = r.body["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap()).collect();
    assert_eq!(got, expected[10..].iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(r.body["skipped"], 10);
    assert_eq!(r.body["totalCount"], "12");
    assert_eq!(r.body["nextPageToken"], "", "an empty token marks the last page");
}

#[tokio::test]
async fn page_size_defaults_to_50_and_is_capped_at_200() {
    let app = TestApp::new().await;
    let (parent, _) = groups(&app, 205).await;
    let r = app.call(Method::GET, &format!("/iam/v2beta1/groups?uidp.children_of={parent}"), None).await;
    assert_eq!(r.body["groups"].as_array().unwrap().len(), 50);
    assert!(r.body["nextPageToken"].as_str().is_some_and(|t| !t.is_empty()));
    let r = app.call(Method::GET, &format!("/iam/v2beta1/groups?uidp.children_of={parent}&page_size=500"), None).await;
    assert_eq!(r.body["groups"].as_array().unwrap().len(), 200);
    assert_eq!(r.body["totalCount"], "205");
}

/// The 400 body of a refused `page_token`.
fn invalid_page_token(description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: page_token: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            {"@type": "type.googleapis.com/google.rpc.BadRequest",
             "fieldViolations": [{"field": "page_token", "description": description}]},
        ],
    })
}

#[tokio::test]
async fn an_expired_page_token_is_invalid_argument_rather_than_a_restart_from_the_beginning() {
    let app = TestApp::new().await;
    let (parent, _) = groups(&app, 6).await;
    let base = format!("/iam/v2beta1/groups?uidp.children_of={parent}&page_size=2&order_by=name");
    let first = app.call(Method::GET, &base, None).await;
    let token = first.body["nextPageToken"].as_str().unwrap().to_owned();
    let second = app.call(Method::GET, &format!("{base}&page_token={token}"), None).await;
    assert_ne!(second.body["groups"], first.body["groups"]);
    app.clock.advance_ms(3 * 24 * 3600 * 1000 + 1);
    let expired = app.call(Method::GET, &format!("{base}&page_token={token}"), None).await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST, "{}", expired.body);
    assert_eq!(expired.body, invalid_page_token("page_token has expired; start again without it"));
    let again = app.call(Method::GET, &base, None).await;
    assert_eq!(again.body["groups"], first.body["groups"], "starting again without the token works");
}

#[tokio::test]
async fn a_groups_page_token_presented_to_the_identities_list_is_invalid_argument() {
    let app = TestApp::new().await;
    let (parent, _) = groups(&app, 3).await;
    for name in ["ci", "cd"] {
        app.identity(&parent, name).await;
    }
    let query = format!("uidp.children_of={parent}&page_size=1");
    let first = app.call(Method::GET, &format!("/iam/v2beta1/groups?{query}"), None).await;
    assert_eq!(first.body["totalCount"], "3");
    let token = first.body["nextPageToken"].as_str().unwrap().to_owned();

    let r = app.call(Method::GET, &format!("/iam/v2beta1/identities?{query}&page_token={token}"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body, invalid_page_token("page_token was issued for another list; start again without page_token"));
    let roles = app.call(Method::GET, &format!("/iam/v2beta1/roles?page_size=1&page_token={token}"), None).await;
    assert_eq!(roles.status, StatusCode::BAD_REQUEST, "{}", roles.body);

    let own = app.call(Method::GET, &format!("/iam/v2beta1/identities?{query}"), None).await;
    assert_eq!(own.body["totalCount"], "2", "the identities list counts its own rows");
    let groups_again = app.call(Method::GET, &format!("/iam/v2beta1/groups?{query}&page_token={token}"), None).await;
    assert_eq!(groups_again.status, StatusCode::OK, "the token still pages its own list: {}", groups_again.body);
}

#[tokio::test]
async fn a_tampered_page_token_is_invalid_argument() {
    let app = TestApp::new().await;
    let (parent, _) = groups(&app, 3).await;
    let base = format!("/iam/v2beta1/groups?uidp.children_of={parent}&page_size=1");
    let token = app.call(Method::GET, &base, None).await.body["nextPageToken"].as_str().unwrap().to_owned();
    let mut chars: Vec<char> = token.chars().collect();
    chars[3] = if chars[3] == 'A' { 'B' } else { 'A' };
    let tampered: String = chars.into_iter().collect();
    let r = app.call(Method::GET, &format!("{base}&page_token={tampered}"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["code"], 3);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "page_token");
    let other_order = app.call(Method::GET, &format!("{base}&order_by=name&page_token={token}"), None).await;
    assert_eq!(other_order.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        other_order.body["message"],
        "Invalid argument: page_token: page_token was issued for a different filter or order_by; repeat the original query parameters"
    );
}

#[tokio::test]
async fn bad_paging_parameters_are_invalid_arguments_naming_the_parameter() {
    let app = TestApp::new().await;
    for (query, field) in [
        ("page_size=-1", "page_size"),
        ("skip=-5", "skip"),
        ("page_size=ten", "page_size"),
        ("order_by=colour", "order_by"),
        ("order_by=name%20sideways", "order_by"),
        ("uidp.descendants_of=not-a-uid", "uidp.descendants_of"),
    ] {
        let r = app.call(Method::GET, &format!("/iam/v2beta1/groups?{query}"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], field, "{query}");
    }
}

#[tokio::test]
async fn a_plain_descendants_list_reports_its_exact_total_above_the_cap_on_every_page_and_other_lists_leave_it_out() {
    let app = TestApp::new().await;
    let parent = app.group(&app.org, "crowded").await;
    for i in 0..1_003 {
        app.group(&parent, &format!("g{i:04}")).await;
    }
    let (uids, totals) = walk(&app, &format!("uidp.descendants_of={parent}&page_size=200&order_by=name")).await;
    assert_eq!(uids.len(), 1_003);
    assert_eq!(totals, vec!["1003"; 6], "counted exactly, carried by every page token");

    let org_wide =
        app.call(Method::GET, &format!("/iam/v2beta1/groups?uidp.descendants_of={}&page_size=1", app.org), None).await;
    assert_eq!(org_wide.body["totalCount"], "1004", "the parent and its children");

    let children =
        app.call(Method::GET, &format!("/iam/v2beta1/groups?uidp.children_of={parent}&page_size=5"), None).await;
    assert_eq!(children.status, StatusCode::OK, "{}", children.body);
    assert_eq!(children.body["groups"].as_array().unwrap().len(), 5);
    assert!(children.body.get("totalCount").is_none(), "more than the cap, counted only up to it: {}", children.body);
}
