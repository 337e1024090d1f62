//! `/iam/v1/account_associations`: the v1 shape (`group` for the uid), create, replace,
//! the `group` and `name` filters, `:check` and the idempotent delete.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::TestApp;

#[tokio::test]
async fn create_replace_list_check_and_delete_in_the_v1_shape() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let path = format!("/iam/v1/account_associations/{team}");
    let body = json!({ "name": "accounts", "amazon": { "account": "123456789012" },
                       "github": { "appInstallations": { "42": { "installations": [{ "installationId": 7 }] } } } });
    let r = app.call(Method::POST, &path, Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({ "group": team, "name": "accounts", "description": "", "amazon": { "account": "123456789012" },
                "github": { "appInstallations": { "42": { "installations": [{ "installationId": "7", "name": "" }] } } } })
    );
    let put = app.call(Method::PUT, &path, Some(json!({ "name": "renamed" }))).await;
    assert_eq!(put.body, json!({ "group": team, "name": "renamed", "description": "" }), "PUT replaces every section");
    let by_group = app.call(Method::GET, &format!("/iam/v1/account_associations?group={team}"), None).await;
    assert_eq!(by_group.body, json!({ "items": [put.body.clone()] }));
    let by_name = app.call(Method::GET, "/iam/v1/account_associations?name=other", None).await;
    assert_eq!(by_name.body, json!({ "items": [] }));
    let check = app.call(Method::POST, &format!("{path}:check"), Some(json!({ "account_type": "GOOGLE" }))).await;
    assert_eq!(
        check.body,
        json!({ "ready": "NotReady", "reason": "NOT_CONFIGURED",
                "message": format!("the association of {team} has no google section") })
    );
    for _ in 0..2 {
        let d = app.call(Method::DELETE, &path, None).await;
        assert_eq!(d.status, StatusCode::OK, "{}", d.body);
    }
}
