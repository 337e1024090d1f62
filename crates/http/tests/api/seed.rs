//! The contract's team-setup sequence and its two documented error cases.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{error_info, TestApp};

#[tokio::test]
async fn team_setup_sequence_creates_binds_and_cleans_up_in_reverse() {
    let app = TestApp::new().await;
    let group = app
        .create(
            &format!("/iam/v2beta1/groups/{}", app.org),
            json!({"name": "platform", "description": "Platform team"}),
        )
        .await;
    let group_uid = group["uid"].as_str().unwrap();
    assert_eq!(group["name"], "platform");
    assert_eq!(group["resourceLimits"], json!({}));
    assert_eq!(group["verified"], false);
    assert!(group_uid.starts_with(&format!("{}/", app.org)));

    let identity = app
        .create(
            &format!("/iam/v2beta1/identities/{group_uid}"),
            json!({"name": "ci", "claimMatch": {"issuer": "https://token.actions.githubusercontent.com", "subject": "repo:acme/app"}}),
        )
        .await;
    let identity_uid = identity["uid"].as_str().unwrap();

    let roles = app.call(Method::GET, "/iam/v2beta1/roles", None).await;
    assert_eq!(roles.status, StatusCode::OK);
    let viewer = roles.body["roles"].as_array().unwrap().iter().find(|r| r["name"] == "viewer").unwrap().clone();
    assert!(viewer["description"].as_str().unwrap().starts_with("Built-in role"));
    assert!(!viewer["uid"].as_str().unwrap().contains('/'));

    let binding = app
        .create(
            &format!("/iam/v2beta1/roleBindings/{group_uid}"),
            json!({"identityUid": identity_uid, "roleUid": viewer["uid"]}),
        )
        .await;
    let binding_uid = binding["uid"].as_str().unwrap();
    assert_eq!(
        binding,
        json!({
            "uid": binding_uid,
            "identity": {"uid": identity_uid, "name": "ci", "description": "",
                         "subject": "repo:acme/app", "issuer": "https://token.actions.githubusercontent.com",
                         "email": ""},
            "group": {"uid": group_uid, "name": "platform", "description": "Platform team"},
            "role": {"uid": viewer["uid"], "name": "viewer", "description": viewer["description"]},
            "createTime": binding["createTime"],
            "identityUid": identity_uid,
            "roleUid": viewer["uid"],
        })
    );
    assert!(binding.get("updateTime").is_none());

    for path in [
        format!("/iam/v2beta1/roleBindings/{binding_uid}"),
        format!("/iam/v2beta1/identities/{identity_uid}"),
        format!("/iam/v2beta1/groups/{group_uid}"),
    ] {
        let r = app.call(Method::DELETE, &path, None).await;
        assert_eq!((r.status, r.raw.as_slice()), (StatusCode::OK, b"{}".as_slice()), "{path}");
    }
    let gone = app.call(Method::GET, &format!("/iam/v2beta1/groups/{group_uid}"), None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn create_group_with_empty_body_is_invalid_argument_on_name() {
    let app = TestApp::new().await;
    let r =
        app.raw(Method::POST, &format!("/iam/v2beta1/groups/{}", app.org), Some(&app.admin_token), Vec::new()).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        json!({
            "code": 3,
            "message": "Invalid argument: name: name is required",
            "details": [
                error_info("INVALID_ARGUMENT"),
                {"@type": "type.googleapis.com/google.rpc.BadRequest",
                 "fieldViolations": [{"field": "name", "description": "name is required"}]}
            ]
        })
    );
}

#[tokio::test]
async fn create_group_with_non_matching_name_names_only_that_field() {
    let app = TestApp::new().await;
    let r =
        app.call(Method::POST, &format!("/iam/v2beta1/groups/{}", app.org), Some(json!({"name": "Bad Name!"}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["details"][1]["fieldViolations"],
        json!([{"field": "name", "description": "name must match ^[a-z0-9 ._-]{1,}$"}])
    );
}

#[tokio::test]
async fn delete_group_with_child_repo_fails_with_resource_not_empty() {
    let app = TestApp::new().await;
    let group = app.group(&app.org, "team").await;
    app.create(&format!("/registry/v2beta1/repos/{group}"), json!({"name": "nginx"})).await;
    let r = app.call(Method::DELETE, &format!("/iam/v2beta1/groups/{group}"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        json!({
            "code": 9,
            "message": "Precondition failed: cannot delete group with child repos",
            "details": [
                error_info("FAILED_PRECONDITION"),
                {"@type": "type.googleapis.com/google.rpc.PreconditionFailure",
                 "violations": [{"type": "RESOURCE_NOT_EMPTY", "description": "cannot delete group with child repos"}]}
            ]
        })
    );
    let still = app.call(Method::GET, &format!("/iam/v2beta1/groups/{group}"), None).await;
    assert_eq!(still.status, StatusCode::OK);
}

#[tokio::test]
async fn delete_group_with_child_group_names_groups() {
    let app = TestApp::new().await;
    let group = app.group(&app.org, "team").await;
    app.group(&group, "sub").await;
    let r = app.call(Method::DELETE, &format!("/iam/v2beta1/groups/{group}"), None).await;
    assert_eq!(r.body["message"], "Precondition failed: cannot delete group with child groups");
}
