//! `/iam/v1/rolebindings`: the flat shape from create and update, the hydrated shape from
//! list and get.

use axum::http::{Method, StatusCode};
use grove_domain::builtin::{EDITOR, OWNER, VIEWER};
use serde_json::{json, Value};

use crate::common::{id, ids, limits, sorted, v1_error, TestApp, ISSUER, START};

fn viewer_role() -> Value {
    json!({
        "id": VIEWER,
        "name": "viewer",
        "description": "Built-in role: read-only access to the group and everything in it, including image pulls.",
        "capabilities": ["groups.list", "group_invites.list", "roles.list", "role_bindings.list", "account_associations.list", "identity.list", "identity_providers.list", "subscriptions.list", "repo.blobs.get",
                         "repo.list", "tag.list", "advisories.list"],
    })
}

#[tokio::test]
async fn create_role_binding_answers_the_flat_shape() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let robot = app.identity(&team, "robot").await;
    let r = app
        .call(Method::POST, &format!("/iam/v1/rolebindings/{team}"), Some(json!({ "identity": robot, "role": VIEWER })))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = id(&r.body);
    assert!(uid.starts_with(&format!("{team}/")), "{uid}");
    assert_eq!(r.body, json!({ "id": uid, "identity": robot, "group": team, "role": VIEWER }));
}

#[tokio::test]
async fn create_role_binding_ignores_the_deprecated_group_field() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let robot = app.identity(&team, "robot").await;
    let body = json!({ "identity": robot, "role": VIEWER, "group": app.org });
    let r = app.call(Method::POST, &format!("/iam/v1/rolebindings/{team}"), Some(body)).await;
    assert_eq!(r.body["group"], json!(team));
}

#[tokio::test]
async fn list_role_bindings_answers_the_hydrated_shape() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let robot = app.identity(&team, "robot").await;
    let binding = app.bind(&team, &robot, "viewer").await;
    let r = app.call(Method::GET, &format!("/iam/v1/rolebindings?uidp.descendants_of={}", app.org), None).await;
    assert_eq!(r.status, StatusCode::OK);
    let admin_binding = app.get(&format!("/iam/v1/rolebindings?uidp.children_of={}", app.org)).await;
    let admin_binding = id(&admin_binding["items"][0]);
    assert_eq!(ids(&r.body), sorted(vec![admin_binding, binding.clone()]));
    let item = r.body["items"].as_array().unwrap().iter().find(|b| b["id"] == json!(binding)).unwrap();
    assert_eq!(
        item,
        &json!({
            "id": binding,
            "group": { "id": team, "name": "team", "description": "", "resourceLimits": limits(), "verified": false },
            "identity": robot,
            "role": viewer_role(),
            "email": "",
            "claimMatchIssuer": ISSUER,
            "claimMatchSubject": "robot",
            "createdAt": START,
        })
    );
}

#[tokio::test]
async fn list_role_bindings_filters_by_id() {
    let app = TestApp::new().await;
    let robot = app.identity(&app.org, "robot").await;
    let binding = app.bind(&app.org, &robot, "viewer").await;
    let r = app.get(&format!("/iam/v1/rolebindings?id={binding}")).await;
    assert_eq!(ids(&r), [binding]);
    assert_eq!(r["items"][0]["role"], viewer_role());
}

#[tokio::test]
async fn get_role_binding_answers_the_hydrated_shape() {
    let app = TestApp::new().await;
    let robot = app.identity(&app.org, "robot").await;
    let binding = app.bind(&app.org, &robot, "viewer").await;
    let r = app.call(Method::GET, &format!("/iam/v1/rolebindings/{binding}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({
            "id": binding,
            "group": { "id": app.org, "name": "acme", "description": "", "resourceLimits": limits(), "verified": false },
            "identity": robot,
            "role": viewer_role(),
            "email": "",
            "claimMatchIssuer": ISSUER,
            "claimMatchSubject": "robot",
            "createdAt": START,
        })
    );
}

#[tokio::test]
async fn put_role_binding_replaces_it_and_answers_the_flat_shape() {
    let app = TestApp::new().await;
    let robot = app.identity(&app.org, "robot").await;
    let binding = app.bind(&app.org, &robot, "viewer").await;
    let body = json!({ "identity": robot, "role": EDITOR });
    let r = app.call(Method::PUT, &format!("/iam/v1/rolebindings/{binding}"), Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body, json!({ "id": binding, "identity": robot, "group": app.org, "role": EDITOR }));
    let r = app.call(Method::PATCH, &format!("/iam/v1/rolebindings/{binding}"), Some(json!({ "role": VIEWER }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["code"], 3);
    assert!(r.body["message"].as_str().unwrap().starts_with("Invalid argument: identityUid:"), "{}", r.body);
}

#[tokio::test]
async fn delete_role_binding_answers_an_empty_object() {
    let app = TestApp::new().await;
    let robot = app.identity(&app.org, "robot").await;
    let binding = app.bind(&app.org, &robot, "viewer").await;
    let r = app.call(Method::DELETE, &format!("/iam/v1/rolebindings/{binding}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    assert_eq!(app.get(&format!("/iam/v1/rolebindings?id={binding}")).await, json!({ "items": [] }));
}

#[tokio::test]
async fn a_role_binding_with_a_custom_role_hydrates_its_capabilities() {
    let app = TestApp::new().await;
    let role = id(&app
        .create(&format!("/iam/v1/roles/{}", app.org), json!({ "name": "puller", "capabilities": ["repo.list"] }))
        .await);
    let robot = app.identity(&app.org, "robot").await;
    let binding =
        id(&app.create(&format!("/iam/v1/rolebindings/{}", app.org), json!({ "identity": robot, "role": role })).await);
    let r = app.get(&format!("/iam/v1/rolebindings?id={binding}")).await;
    assert_eq!(
        r["items"][0]["role"],
        json!({ "id": role, "name": "puller", "description": "", "capabilities": ["repo.list"] })
    );
}

#[tokio::test]
async fn a_missing_identity_in_a_binding_is_not_found() {
    let app = TestApp::new().await;
    let ghost = format!("{}/0123456789abcdef", app.org);
    let r = app
        .call(
            Method::POST,
            &format!("/iam/v1/rolebindings/{}", app.org),
            Some(json!({ "identity": ghost, "role": VIEWER })),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body, v1_error(5, &format!("Not found: identity {ghost} does not exist")));
}

#[tokio::test]
async fn an_owner_cannot_bind_or_repoint_to_a_sibling_groups_identity() {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let b = app.group(&app.org, "b").await;
    let owner = app.identity(&a, "a-owner").await;
    let own_binding = app.bind(&a, &owner, "owner").await;
    let b_robot = app.identity(&b, "b-robot").await;
    let t = app.token_for(&owner);
    let missing = format!("Not found: identity {b_robot} does not exist");
    let create = app
        .call_as(
            &t,
            Method::POST,
            &format!("/iam/v1/rolebindings/{a}"),
            Some(json!({ "identity": b_robot, "role": VIEWER })),
        )
        .await;
    assert_eq!((create.status, create.body), (StatusCode::NOT_FOUND, v1_error(5, &missing)));
    let repoint = app
        .call_as(
            &t,
            Method::PUT,
            &format!("/iam/v1/rolebindings/{own_binding}"),
            Some(json!({ "identity": b_robot, "role": EDITOR })),
        )
        .await;
    assert_eq!((repoint.status, repoint.body), (StatusCode::NOT_FOUND, v1_error(5, &missing)));
}

/// A delegate bound at the organization to a custom role with binding and provider rights
/// but not the owner's other capabilities cannot hand out `owner` through v1 either: a
/// binding created or replaced, or an identity provider's default role. Nothing is written.
#[tokio::test]
async fn a_delegate_cannot_hand_out_owner_through_v1_bindings_or_providers() {
    let app = TestApp::new().await;
    let held = [
        "groups.list",
        "identity.list",
        "role_bindings.create",
        "role_bindings.list",
        "role_bindings.update",
        "identity_providers.create",
        "identity_providers.list",
    ];
    let role = id(&app
        .create(&format!("/iam/v1/roles/{}", app.org), json!({ "name": "delegate", "capabilities": held }))
        .await);
    let delegate = app.identity(&app.org, "delegate").await;
    app.create(&format!("/iam/v1/rolebindings/{}", app.org), json!({ "identity": delegate, "role": role })).await;
    let t = app.token_for(&delegate);
    let team = app.group(&app.org, "team").await;
    let robot = app.identity(&team, "robot").await;
    let lacks: Vec<&str> = grove_domain::builtin::owner_capabilities()
        .iter()
        .map(grove_domain::capability::Capability::dotted_name)
        .filter(|c| !held.contains(c))
        .collect();
    let refused = v1_error(
        7,
        &format!("Permission denied: the caller lacks {} on {team}, which role {OWNER} grants", lacks.join(", ")),
    );

    let create = app
        .call_as(
            &t,
            Method::POST,
            &format!("/iam/v1/rolebindings/{team}"),
            Some(json!({ "identity": delegate, "role": OWNER })),
        )
        .await;
    assert_eq!((create.status, create.body), (StatusCode::FORBIDDEN, refused.clone()));
    let binding = app.bind(&team, &robot, "viewer").await;
    let replace = app
        .call_as(
            &t,
            Method::PUT,
            &format!("/iam/v1/rolebindings/{binding}"),
            Some(json!({ "identity": robot, "role": OWNER })),
        )
        .await;
    assert_eq!((replace.status, replace.body), (StatusCode::FORBIDDEN, refused.clone()));
    let provider = json!({
        "name": "okta",
        "defaultRole": OWNER,
        "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s" },
    });
    let idp = app.call_as(&t, Method::POST, &format!("/iam/v1/identityProviders/{team}"), Some(provider)).await;
    assert_eq!((idp.status, idp.body), (StatusCode::FORBIDDEN, refused));

    let bindings = app.get(&format!("/iam/v1/rolebindings?uidp.children_of={team}")).await;
    assert_eq!(ids(&bindings), [binding]);
    assert_eq!(bindings["items"][0]["role"]["id"], json!(VIEWER), "the binding still grants viewer");
    assert_eq!(ids(&app.get("/iam/v1/identityProviders").await), Vec::<String>::new());
}
