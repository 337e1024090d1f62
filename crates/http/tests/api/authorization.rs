//! The authorization matrix: a `viewer` bound in group A reads A's subtree, writes nothing,
//! and sees nothing of a sibling B, not even through another caller's page token; tokens are
//! checked before anything else. The people capabilities (identity providers with their SCIM
//! verbs and external group role mappings, group invites, account associations) and the rest
//! of A's estate (groups, identities, roles, bindings, repos, tags, subscriptions, terms,
//! advisories) have data-driven matrices below: every request once per kind of caller, the
//! owner of a second organization (a workload identity of its own) included, who is refused
//! every one of them and changes nothing.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::common::{error_info, TestApp};

struct World {
    app: TestApp,
    a: String,
    a_child: String,
    b: String,
    viewer_token: String,
}

async fn world() -> World {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let a_child = app.group(&a, "a-child").await;
    let b = app.group(&app.org, "b").await;
    app.create(&format!("/registry/v2beta1/repos/{a_child}"), json!({"name": "app"})).await;
    app.create(&format!("/registry/v2beta1/repos/{b}"), json!({"name": "secret"})).await;
    app.identity(&b, "b-robot").await;
    let viewer = app.identity(&a, "viewer").await;
    app.bind(&a, &viewer, "viewer").await;
    let viewer_token = app.token_for(&viewer);
    World { app, a, a_child, b, viewer_token }
}

#[tokio::test]
async fn viewer_lists_and_gets_its_subtree() {
    let w = world().await;
    let groups = w.app.call_as(&w.viewer_token, Method::GET, "/iam/v2beta1/groups", None).await;
    assert_eq!(groups.status, StatusCode::OK);
    let mut names: Vec<_> =
        groups.body["groups"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["a", "a-child"]);
    assert_eq!(groups.body["totalCount"], "2");
    for path in [format!("/iam/v2beta1/groups/{}", w.a), format!("/iam/v2beta1/groups/{}", w.a_child)] {
        assert_eq!(w.app.call_as(&w.viewer_token, Method::GET, &path, None).await.status, StatusCode::OK, "{path}");
    }
    let repos = w.app.call_as(&w.viewer_token, Method::GET, "/registry/v2beta1/repos", None).await;
    let repo_names: Vec<_> =
        repos.body["repos"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(repo_names, ["app"]);
    let identities = w.app.call_as(&w.viewer_token, Method::GET, "/iam/v2beta1/identities", None).await;
    let identity_names: Vec<_> =
        identities.body["identities"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(identity_names, ["viewer"]);
}

#[tokio::test]
async fn viewer_cannot_create_update_or_delete_in_its_subtree() {
    let w = world().await;
    let t = &w.viewer_token;
    let create =
        w.app.call_as(t, Method::POST, &format!("/iam/v2beta1/groups/{}", w.a), Some(json!({"name": "x"}))).await;
    assert_eq!(create.status, StatusCode::FORBIDDEN);
    assert_eq!(
        create.body,
        json!({
            "code": 7,
            "message": format!("Permission denied: the caller lacks groups.create on {}", w.a),
            "details": [error_info("PERMISSION_DENIED")],
        })
    );
    let patch = w
        .app
        .call_as(t, Method::PATCH, &format!("/iam/v2beta1/groups/{}", w.a), Some(json!({"description": "x"})))
        .await;
    assert_eq!(patch.status, StatusCode::FORBIDDEN);
    let delete = w.app.call_as(t, Method::DELETE, &format!("/iam/v2beta1/groups/{}", w.a_child), None).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN);
    let repo =
        w.app.call_as(t, Method::POST, &format!("/registry/v2beta1/repos/{}", w.a), Some(json!({"name": "r"}))).await;
    assert_eq!(repo.status, StatusCode::FORBIDDEN);
    let org = w.app.call_as(t, Method::POST, "/iam/v2beta1/groups", Some(json!({"name": "mine"}))).await;
    assert_eq!(org.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn viewer_sees_nothing_of_a_sibling_group() {
    let w = world().await;
    let t = &w.viewer_token;
    let get = w.app.call_as(t, Method::GET, &format!("/iam/v2beta1/groups/{}", w.b), None).await;
    assert_eq!(get.status, StatusCode::NOT_FOUND);
    assert_eq!(get.body["message"], format!("Not found: group {} does not exist", w.b));
    let create =
        w.app.call_as(t, Method::POST, &format!("/iam/v2beta1/groups/{}", w.b), Some(json!({"name": "x"}))).await;
    assert_eq!(create.status, StatusCode::NOT_FOUND);
    let delete = w.app.call_as(t, Method::DELETE, &format!("/iam/v2beta1/groups/{}", w.b), None).await;
    assert_eq!(delete.status, StatusCode::NOT_FOUND);
    let scoped =
        w.app.call_as(t, Method::GET, &format!("/iam/v2beta1/groups?uidp.descendants_of={}", w.app.org), None).await;
    let names: Vec<_> = scoped.body["groups"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert!(!names.contains(&"b"), "{names:?}");
    let in_b =
        w.app.call_as(t, Method::GET, &format!("/registry/v2beta1/repos?uidp.descendants_of={}", w.b), None).await;
    assert_eq!((in_b.body["repos"].as_array().unwrap().len(), in_b.body["totalCount"].as_str()), (0, Some("0")));
    let org = w.app.call_as(t, Method::GET, &format!("/iam/v2beta1/groups/{}", w.app.org), None).await;
    assert_eq!(org.status, StatusCode::NOT_FOUND);
}

/// An owner of A, and the uid of an identity in sibling B that A's owner may not see.
async fn owner_of_a(w: &World) -> (String, String, String) {
    let owner = w.app.identity(&w.a, "a-owner").await;
    w.app.bind(&w.a, &owner, "owner").await;
    let b_robot =
        w.app.call(Method::GET, &format!("/iam/v2beta1/identities?uidp.children_of={}", w.b), None).await.body
            ["identities"][0]["uid"]
            .as_str()
            .unwrap()
            .to_owned();
    (w.app.token_for(&owner), owner, b_robot)
}

#[tokio::test]
async fn an_owner_cannot_bind_a_sibling_groups_identity_which_answers_as_missing() {
    let w = world().await;
    let (t, _, b_robot) = owner_of_a(&w).await;
    let viewer_role = w.app.role_uid("viewer").await;
    let never_existed = format!("{}/00000000000000ff", w.b);
    for identity in [&b_robot, &never_existed] {
        let r = w
            .app
            .call_as(
                &t,
                Method::POST,
                &format!("/iam/v2beta1/roleBindings/{}", w.a),
                Some(json!({"identityUid": identity, "roleUid": viewer_role})),
            )
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{identity}");
        assert_eq!(
            r.body,
            json!({
                "code": 5,
                "message": format!("Not found: identity {identity} does not exist"),
                "details": [error_info("NOT_FOUND")],
            })
        );
    }
    let bindings = w.app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={}", w.a), None).await;
    let bound: Vec<_> =
        bindings.body["roleBindings"].as_array().unwrap().iter().map(|b| b["identityUid"].as_str().unwrap()).collect();
    assert!(!bound.contains(&b_robot.as_str()), "nothing was written: {bound:?}");
}

#[tokio::test]
async fn an_owner_cannot_repoint_a_binding_at_a_sibling_groups_identity() {
    let w = world().await;
    let (t, owner, b_robot) = owner_of_a(&w).await;
    let bindings = w.app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={}", w.a), None).await;
    let own =
        bindings.body["roleBindings"].as_array().unwrap().iter().find(|b| b["identityUid"] == owner.as_str()).unwrap()
            ["uid"]
            .as_str()
            .unwrap()
            .to_owned();
    let r = w
        .app
        .call_as(&t, Method::PATCH, &format!("/iam/v2beta1/roleBindings/{own}"), Some(json!({"identityUid": b_robot})))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body["message"], format!("Not found: identity {b_robot} does not exist"));
    let after = w.app.call(Method::GET, &format!("/iam/v2beta1/roleBindings/{own}"), None).await;
    assert_eq!(after.body["identityUid"], owner.as_str(), "the binding is unchanged");
}

#[tokio::test]
async fn a_binding_to_an_identity_the_caller_cannot_see_shows_only_its_uid() {
    let w = world().await;
    let (t, _, b_robot) = owner_of_a(&w).await;
    // An administrator of the whole organization may bind B's identity in A.
    let made = w.app.bind(&w.a, &b_robot, "viewer").await;
    assert_eq!(made["identity"]["name"], "b-robot", "the administrator sees it in full");
    let uid = made["uid"].as_str().unwrap();
    let redacted = json!({"uid": b_robot, "name": "", "description": "", "subject": "", "issuer": "", "email": ""});
    let got = w.app.call_as(&t, Method::GET, &format!("/iam/v2beta1/roleBindings/{uid}"), None).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.body["identity"], redacted);
    let listed = w.app.call_as(&t, Method::GET, &format!("/iam/v2beta1/roleBindings?identity={b_robot}"), None).await;
    let row = listed.body["roleBindings"].as_array().unwrap().iter().find(|b| b["uid"] == uid).cloned().unwrap();
    assert_eq!(row["identity"], redacted);
    let viewer_role = w.app.role_uid("editor").await;
    let repointed = w
        .app
        .call_as(&t, Method::PATCH, &format!("/iam/v2beta1/roleBindings/{uid}"), Some(json!({"roleUid": viewer_role})))
        .await;
    assert_eq!(repointed.status, StatusCode::OK, "changing only the role keeps the bound identity");
    assert_eq!(repointed.body["identity"], redacted);
}

#[tokio::test]
async fn a_caller_without_bindings_still_sees_built_in_roles() {
    let w = world().await;
    let lonely = w.app.identity(&w.b, "lonely").await;
    let t = w.app.token_for(&lonely);
    let roles = w.app.call_as(&t, Method::GET, "/iam/v2beta1/roles", None).await;
    let names: Vec<_> = roles.body["roles"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 5);
    assert!(names.contains(&"viewer") && names.contains(&"owner"));
    let groups = w.app.call_as(&t, Method::GET, "/iam/v2beta1/groups", None).await;
    assert_eq!(groups.body["totalCount"], "0");
}

#[tokio::test]
async fn missing_malformed_foreign_and_expired_tokens_are_unauthenticated() {
    let w = world().await;
    let foreign = grove_sts::ApiTokens::new(
        grove_sts::SigningKey::generate().unwrap(),
        Vec::new(),
        crate::common::BASE_URL.to_owned(),
        crate::common::BASE_URL.to_owned(),
        w.app.clock.clone(),
    )
    .mint(&w.app.admin, chrono::Duration::hours(1))
    .unwrap()
    .token;
    for token in [None, Some("garbage"), Some(foreign.as_str())] {
        let r = w.app.raw(Method::GET, "/iam/v2beta1/groups", token, Vec::new()).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{token:?}");
        assert_eq!(r.body["code"], 16);
        assert_eq!(r.body["details"], json!([error_info("UNAUTHENTICATED")]));
    }
    let short = w.app.tokens.mint(&w.app.admin, chrono::Duration::hours(1)).unwrap().token;
    w.app.clock.advance_ms(3_600_001);
    let expired = w.app.raw(Method::GET, "/iam/v2beta1/groups", Some(&short), Vec::new()).await;
    assert_eq!(expired.status, StatusCode::UNAUTHORIZED);
    assert_eq!(expired.body["message"], "Unauthenticated: API token expired");
}

#[tokio::test]
async fn a_token_of_a_deleted_identity_is_unauthenticated_from_the_next_request_on() {
    let app = TestApp::new().await;
    let ci = app.identity(&app.org, "ci").await;
    let idle = app.identity(&app.org, "idle").await;
    app.bind(&app.org, &ci, "viewer").await;
    let token = app.token_for(&ci);
    let before = app.call_as(&token, Method::GET, "/iam/v2beta1/groups", None).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.body);
    // An identity without any binding is still someone: it authenticates and sees nothing.
    let nothing = app.call_as(&app.token_for(&idle), Method::GET, "/iam/v2beta1/groups", None).await;
    assert_eq!((nothing.status, &nothing.body["totalCount"]), (StatusCode::OK, &json!("0")));
    let deleted = app.call(Method::DELETE, &format!("/iam/v2beta1/identities/{ci}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    let expected = json!({
        "code": 16,
        "message": format!("Unauthenticated: identity {ci} of this token no longer exists"),
        "details": [error_info("UNAUTHENTICATED")],
    });
    for (method, path) in [
        (Method::GET, "/iam/v2beta1/groups".to_owned()),
        (Method::GET, format!("/iam/v2beta1/groups/{}", app.org)),
        (Method::POST, format!("/iam/v2beta1/groups/{}", app.org)),
    ] {
        let after = app.call_as(&token, method, &path, Some(json!({"name": "x"}))).await;
        assert_eq!((after.status, &after.body), (StatusCode::UNAUTHORIZED, &expected), "{path}");
    }
}

#[tokio::test]
async fn revoking_a_binding_takes_effect_on_the_next_request() {
    let w = world().await;
    let before = w.app.call_as(&w.viewer_token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.a), None).await;
    assert_eq!(before.status, StatusCode::OK);
    let bindings = w.app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={}", w.a), None).await;
    let binding = bindings.body["roleBindings"][0]["uid"].as_str().unwrap().to_owned();
    let deleted = w.app.call(Method::DELETE, &format!("/iam/v2beta1/roleBindings/{binding}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK);
    let after = w.app.call_as(&w.viewer_token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.a), None).await;
    assert_eq!(after.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_token_used_before_still_expires_on_time() {
    let w = world().await;
    let short = w.app.tokens.mint(&w.app.admin, chrono::Duration::hours(1)).unwrap().token;
    let first = w.app.raw(Method::GET, "/iam/v2beta1/groups", Some(&short), Vec::new()).await;
    assert_eq!(first.status, StatusCode::OK);
    w.app.clock.advance_ms(3_600_000);
    let later = w.app.raw(Method::GET, "/iam/v2beta1/groups", Some(&short), Vec::new()).await;
    assert_eq!(later.status, StatusCode::UNAUTHORIZED);
    assert_eq!(later.body["message"], "Unauthenticated: API token expired");
}

/// The error a page token answers when someone other than its caller presents it.
fn page_token_of_another_caller() -> serde_json::Value {
    let description = "page_token was issued to another caller; start again without page_token";
    json!({
        "code": 3,
        "message": format!("Invalid argument: page_token: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            {
                "@type": "type.googleapis.com/google.rpc.BadRequest",
                "fieldViolations": [{ "field": "page_token", "description": description }],
            },
        ],
    })
}

#[tokio::test]
async fn a_viewer_replaying_an_admins_page_token_over_a_sibling_group_is_refused_without_its_total() {
    let w = world().await;
    for i in 0..5 {
        w.app.group(&w.b, &format!("b-{i}")).await;
    }
    for i in 1..5 {
        w.app.identity(&w.b, &format!("b-robot-{i}")).await;
    }
    for (resource, plural) in [("groups", "groups"), ("identities", "identities")] {
        let query = format!("/iam/v2beta1/{resource}?uidp.descendants_of={}&page_size=1", w.b);
        let admin = w.app.call(Method::GET, &query, None).await;
        assert_eq!(admin.status, StatusCode::OK, "{resource}: {}", admin.body);
        assert_eq!(admin.body["totalCount"], "5", "{resource}");
        let token = admin.body["nextPageToken"].as_str().unwrap().to_owned();

        let own = w.app.call_as(&w.viewer_token, Method::GET, &query, None).await;
        assert_eq!((own.body[plural].as_array().unwrap().len(), &own.body["totalCount"]), (0, &json!("0")));

        let replay = w.app.call_as(&w.viewer_token, Method::GET, &format!("{query}&page_token={token}"), None).await;
        assert_eq!(replay.status, StatusCode::BAD_REQUEST, "{resource}");
        assert_eq!(replay.body, page_token_of_another_caller(), "{resource}");
        assert!(replay.body.get("totalCount").is_none(), "{resource}");
        assert!(!String::from_utf8_lossy(&replay.raw).contains("\"5\""), "{resource}: {}", replay.body);
    }
}

#[tokio::test]
async fn a_page_token_followed_after_the_callers_grants_changed_counts_again() {
    let w = world().await;
    for i in 0..5 {
        w.app.group(&w.b, &format!("b-{i}")).await;
    }
    let query = "/iam/v2beta1/groups?page_size=1&order_by=name";
    let first = w.app.call_as(&w.viewer_token, Method::GET, query, None).await;
    assert_eq!((&first.body["groups"][0]["name"], &first.body["totalCount"]), (&json!("a"), &json!("2")));
    let token = first.body["nextPageToken"].as_str().unwrap().to_owned();

    let viewer =
        w.app.call(Method::GET, &format!("/iam/v2beta1/identities?uidp.children_of={}&name=viewer", w.a), None).await;
    let viewer = viewer.body["identities"][0]["uid"].as_str().unwrap().to_owned();
    w.app.bind(&w.b, &viewer, "viewer").await;

    let second = w.app.call_as(&w.viewer_token, Method::GET, &format!("{query}&page_token={token}"), None).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.body);
    assert_eq!(second.body["groups"][0]["name"], "a-child", "the cursor holds");
    assert_eq!(second.body["totalCount"], "8", "a, a-child, b and b's five children");
}

#[tokio::test]
async fn batch_create_role_bindings_follows_the_binding_rules_and_writes_nothing_when_refused() {
    let w = world().await;
    let viewer_role = w.app.role_uid("viewer").await;
    let count = |group: String| {
        let app = &w.app;
        async move {
            let r = app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={group}"), None).await;
            r.body["roleBindings"].as_array().unwrap().len()
        }
    };
    let batch = |parent: &str, identity: &str| json!({"parent": parent, "roleUid": viewer_role, "requests": [{"roleBinding": {"identityUid": identity}}]});
    let (b_before, a_before) = (count(w.b.clone()).await, count(w.a.clone()).await);
    // A viewer of A may not bind in A, and cannot see B at all.
    let viewer_self =
        w.app.call(Method::GET, &format!("/iam/v2beta1/identities?uidp.children_of={}", w.a), None).await.body
            ["identities"][0]["uid"]
            .as_str()
            .unwrap()
            .to_owned();
    let path = "/iam/v2beta1/roleBindings:batchCreate";
    let r = w.app.call_as(&w.viewer_token, Method::POST, path, Some(batch(&w.a, &viewer_self))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(r.body["message"], format!("Permission denied: the caller lacks role_bindings.create on {}", w.a));
    let r = w.app.call_as(&w.viewer_token, Method::POST, path, Some(batch(&w.b, &viewer_self))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(r.body["message"], format!("Not found: group {} does not exist", w.b));
    // An owner of A cannot name B's identity in a batch either: it answers as missing.
    let (owner_token, owner, b_robot) = owner_of_a(&w).await;
    let body = json!({"parent": w.a, "roleUid": viewer_role,
        "requests": [{"roleBinding": {"identityUid": owner}}, {"roleBinding": {"identityUid": b_robot}}]});
    let r = w.app.call_as(&owner_token, Method::POST, path, Some(body)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(r.body["message"], format!("Not found: identity {b_robot} does not exist"));
    assert_eq!(
        (count(w.b.clone()).await, count(w.a.clone()).await),
        (b_before, a_before + 1),
        "only a-owner's own binding"
    );
}

#[tokio::test]
async fn terms_are_accepted_and_listed_by_owners_only_and_never_across_groups_or_organizations() {
    let w = world().await;
    let terms = |group: &str| format!("/iam/v2beta1/terms/{group}");
    let not_found = |group: &str| {
        json!({
            "code": 5,
            "message": format!("Not found: group {group} does not exist"),
            "details": [error_info("NOT_FOUND")],
        })
    };
    let accept_body = || Some(json!({ "documentIds": ["dpa"] }));
    w.app.create(&terms(&w.app.org), json!({ "documentIds": ["tos"] })).await;
    w.app.clock.advance_ms(1_000);

    // A viewer of A may neither list nor accept terms there: it answers as missing.
    for (method, body) in [(Method::GET, None), (Method::POST, accept_body())] {
        let r = w.app.call_as(&w.viewer_token, method.clone(), &terms(&w.a), body).await;
        assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, not_found(&w.a)), "viewer {method}");
    }

    // The owner of A accepts in A and sees the organization's acceptance there, but nothing
    // of sibling B or of the organization itself.
    let (owner_token, owner, _) = owner_of_a(&w).await;
    let r = w.app.call_as(&owner_token, Method::POST, &terms(&w.a), accept_body()).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "group": w.a, "documentIds": ["dpa"] })));
    let r = w.app.call_as(&owner_token, Method::GET, &terms(&w.a), None).await;
    let seen: Vec<(&str, &str)> = r.body["termsAcceptances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["docId"].as_str().unwrap(), a["acceptedBy"].as_str().unwrap()))
        .collect();
    assert_eq!(seen, [("tos", w.app.admin.as_str()), ("dpa", owner.as_str())]);
    for group in [&w.b, &w.app.org] {
        for (method, body) in [(Method::GET, None), (Method::POST, accept_body())] {
            let r = w.app.call_as(&owner_token, method.clone(), &terms(group), body).await;
            assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, not_found(group)), "owner of A, {method} {group}");
        }
    }

    // A caller who may list terms but not accept them is told so.
    w.app
        .create(
            &format!("/iam/v2beta1/roles/{}", w.app.org),
            json!({ "name": "terms-reader", "capabilities": ["CAP_TERMS_LIST"] }),
        )
        .await;
    let reader = w.app.identity(&w.a, "reader").await;
    w.app.bind(&w.a, &reader, "terms-reader").await;
    let reader_token = w.app.token_for(&reader);
    assert_eq!(w.app.call_as(&reader_token, Method::GET, &terms(&w.a), None).await.status, StatusCode::OK);
    let r = w.app.call_as(&reader_token, Method::POST, &terms(&w.a), accept_body()).await;
    assert_eq!(
        (r.status, r.body),
        (
            StatusCode::FORBIDDEN,
            json!({
                "code": 7,
                "message": format!("Permission denied: the caller lacks terms.accept on {}", w.a),
                "details": [error_info("PERMISSION_DENIED")],
            })
        )
    );

    // The owner of another organization sees nothing of this one, and this one's
    // acceptances never show in its own list.
    let globex =
        w.app.create("/iam/v2beta1/groups", json!({ "name": "globex" })).await["uid"].as_str().unwrap().to_owned();
    let globex_owner = w.app.identity(&globex, "globex-owner").await;
    w.app.bind(&globex, &globex_owner, "owner").await;
    let globex_token = w.app.token_for(&globex_owner);
    for group in [&w.app.org, &w.a] {
        for (method, body) in [(Method::GET, None), (Method::POST, accept_body())] {
            let r = w.app.call_as(&globex_token, method.clone(), &terms(group), body).await;
            assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, not_found(group)), "globex owner, {method} {group}");
        }
    }
    let r = w.app.call_as(&globex_token, Method::GET, &terms(&globex), None).await;
    assert_eq!((r.status, &r.body["termsAcceptances"]), (StatusCode::OK, &json!([])));
}

#[tokio::test]
async fn onboarding_methods_need_no_capability_grant_nothing_and_touch_only_the_caller() {
    let w = world().await;
    let verified = w.app.verified_organization("acme.example").await;
    // A stranger: an identity with a verified email of that domain and no binding at all.
    let stranger = w.app.identity(&w.b, "stranger").await;
    w.app.seen_with_email(&stranger, "stranger@acme.example", true).await;
    let stranger_token = w.app.token_for(&stranger);
    let r = w.app.call_as(&stranger_token, Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
    assert_eq!((r.status, &r.body["group"]["uid"]), (StatusCode::OK, &json!(verified)));
    let ask = format!("/iam/v2beta1/groups/{verified}:requestGroupAccess");
    let r = w.app.call_as(&stranger_token, Method::POST, &ask, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // Asking grants nothing: the organization and its groups stay invisible.
    let get = w.app.call_as(&stranger_token, Method::GET, &format!("/iam/v2beta1/groups/{verified}"), None).await;
    assert_eq!(get.status, StatusCode::NOT_FOUND);
    let listed = w.app.call_as(&stranger_token, Method::GET, "/iam/v2beta1/groups", None).await;
    assert_eq!(listed.body["groups"], json!([]));

    // The viewer of A, whose tokens carried no verified email, may neither ask nor look up,
    // and is not eligible (it is in an organization already).
    let r = w.app.call_as(&w.viewer_token, Method::POST, &ask, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    let r = w.app.call_as(&w.viewer_token, Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    let r = w.app.call_as(&w.viewer_token, Method::GET, "/iam/v2beta1/groups:checkEligibility", None).await;
    assert_eq!(r.body, json!({"eligible": false}), "a viewer of A is in an organization");

    // Metadata is always the caller's own: the viewer's write answers and changes the
    // viewer, and the stranger's metadata stays as it was.
    let path = "/iam/v2beta1/identities:updateIdentityMetadata";
    let mine =
        w.app.call_as(&stranger_token, Method::PATCH, path, Some(json!({"identityMetadata": {"jobTitle": "cto"}})));
    assert_eq!(mine.await.body["jobTitle"], "cto");
    let body = json!({"identityMetadata": {"uid": stranger, "jobTitle": "intern"}});
    let r = w.app.call_as(&w.viewer_token, Method::PATCH, path, Some(body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_ne!(r.body["uid"], json!(stranger));
    assert_eq!(r.body["jobTitle"], "intern");
    let r = w.app.call_as(&stranger_token, Method::PATCH, path, Some(json!({}))).await;
    assert_eq!(r.body["jobTitle"], "cto", "the viewer's write did not reach the stranger");
}

#[tokio::test]
async fn viewer_reads_readmes_in_its_subtree_writes_none_and_sees_none_elsewhere() {
    let w = world().await;
    let t = &w.viewer_token;
    let repos = w.app.call(Method::GET, "/registry/v2beta1/repos", None).await;
    let uid_of = |name: &str| {
        repos.body["repos"].as_array().unwrap().iter().find(|r| r["name"] == name).unwrap()["uid"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (mine, theirs) = (uid_of("app"), uid_of("secret"));
    let read = w.app.call_as(t, Method::GET, &format!("/registry/v2beta1/repos/{mine}/readme"), None).await;
    assert_eq!((read.status, read.body), (StatusCode::OK, json!({"uid": mine, "content": ""})));
    let write = w
        .app
        .call_as(t, Method::PATCH, &format!("/registry/v2beta1/repos/{mine}/readme"), Some(json!({"content": "x"})))
        .await;
    assert_eq!(write.status, StatusCode::FORBIDDEN);
    assert_eq!(write.body["message"], format!("Permission denied: the caller lacks repo.update on {mine}"));
    for method in [Method::GET, Method::PATCH] {
        let body = (method == Method::PATCH).then(|| json!({"content": "x"}));
        let r = w.app.call_as(t, method.clone(), &format!("/registry/v2beta1/repos/{theirs}/readme"), body).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{method}");
        assert_eq!(r.body["message"], format!("Not found: repo {theirs} does not exist"));
    }
}

// ---------------------------------------------------------------------------------------
// People: identity providers (and SCIM), external group role mappings, group invites,
// account associations
// ---------------------------------------------------------------------------------------

/// The tenants and callers of the people matrix. A, its sibling B and the organization
/// `globex` each hold an identity provider, an invite and an account association; A's
/// provider also has an external group role mapping.
struct People {
    app: TestApp,
    a: String,
    idp: String,
    mapping: String,
    invite: String,
    /// The uids each tenant's lists must show, per resource: (A, B, globex).
    idps: [String; 3],
    invites: [String; 3],
    associations: [String; 3],
    owner_of_a: String,
    viewer: String,
    sibling_owner: String,
    other_org_owner: String,
    /// Every people capability at the organization, but not `role_bindings.create`.
    no_bindings: String,
}

fn idp_body(name: &str) -> serde_json::Value {
    json!({
        "name": name,
        "defaultRole": grove_domain::builtin::VIEWER,
        "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s" },
    })
}

fn invite_body() -> serde_json::Value {
    json!({ "roleUid": grove_domain::builtin::VIEWER, "ttl": "3600s" })
}

/// Creates a provider, an invite and an association in `group` as `token`: their uids.
async fn tenant(app: &TestApp, token: &str, group: &str) -> (String, String) {
    let create = |path: String, body: serde_json::Value| async move {
        let r = app.call_as(token, Method::POST, &path, Some(body)).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        r.body["uid"].as_str().unwrap().to_owned()
    };
    let idp = create(format!("/iam/v2beta1/identityProviders/{group}"), idp_body("okta")).await;
    let invite = create(format!("/iam/v2beta1/groupInvites/{group}"), invite_body()).await;
    let association = create(format!("/iam/v2beta1/accountAssociations/{group}"), json!({ "name": "n" })).await;
    assert_eq!(association, group, "an association's uid is its group's");
    (idp, invite)
}

async fn people() -> People {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let b = app.group(&app.org, "b").await;
    let (idp, invite) = tenant(&app, &app.admin_token, &a).await;
    let (idp_b, invite_b) = tenant(&app, &app.admin_token, &b).await;
    let mapping = app
        .create(
            &format!("/iam/v2beta1/externalGroupRoleMappings/{idp}"),
            json!({ "externalGroupId": "eng", "roleUid": grove_domain::builtin::VIEWER }),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let other = app
        .services
        .bootstrap
        .ensure_owned_organization("globex", "other", "", crate::common::claim_match("other"))
        .await
        .unwrap();
    let other_org_owner = app.token_for(other.identity.uid.as_str());
    let globex = other.group.uid.to_string();
    let (idp_g, invite_g) = tenant(&app, &other_org_owner, &globex).await;

    let bound = |group: String, name: &'static str, role: &'static str| {
        let app = &app;
        async move {
            let identity = app.identity(&group, name).await;
            app.bind(&group, &identity, role).await;
            app.token_for(&identity)
        }
    };
    let owner_of_a = bound(a.clone(), "a-owner", "owner").await;
    let viewer = bound(a.clone(), "a-viewer", "viewer").await;
    let sibling_owner = bound(b.clone(), "b-owner", "owner").await;
    let caps = [
        "groups.list",
        "identity_providers.create",
        "identity_providers.update",
        "identity_providers.list",
        "identity_providers.delete",
        "identity_providers.scim.manage",
        "group_invites.create",
        "group_invites.list",
        "group_invites.delete",
        "account_associations.create",
        "account_associations.update",
        "account_associations.list",
        "account_associations.delete",
    ];
    let role = app
        .create(&format!("/iam/v2beta1/roles/{}", app.org), json!({ "name": "people admin", "capabilities": caps }))
        .await;
    let limited = app.identity(&app.org, "people-admin").await;
    app.create(
        &format!("/iam/v2beta1/roleBindings/{}", app.org),
        json!({ "identityUid": limited, "roleUid": role["uid"] }),
    )
    .await;
    People {
        idps: [idp.clone(), idp_b, idp_g],
        invites: [invite.clone(), invite_b, invite_g],
        associations: [a.clone(), b, globex],
        no_bindings: app.token_for(&limited),
        owner_of_a,
        viewer,
        sibling_owner,
        other_org_owner,
        app,
        a,
        idp,
        mapping,
        invite,
    }
}

/// What a viewer of A gets for a row: the answer, the capability it lacks on a uid, or a
/// `NOT_FOUND` for a resource (kind, uid) it may not see.
enum ForViewer {
    Allowed,
    Lacks(&'static str, String),
    Missing(&'static str, String),
}

/// One request on A's people resources: what a viewer of A gets, and the resource an
/// outsider is told does not exist (`kind`, uid).
struct Row {
    method: Method,
    path: String,
    body: Option<serde_json::Value>,
    viewer: ForViewer,
    hidden: (&'static str, String),
}

fn row(
    method: Method,
    path: String,
    body: Option<serde_json::Value>,
    viewer: ForViewer,
    hidden: (&'static str, &str),
) -> Row {
    Row { method, path, body, viewer, hidden: (hidden.0, hidden.1.to_owned()) }
}

/// Every people request on A's resources (the capabilities of API.md 1.5 to 1.8).
fn people_rows(p: &People) -> Vec<Row> {
    use ForViewer::{Allowed, Lacks};
    let (a, idp, mapping, invite) = (p.a.as_str(), p.idp.as_str(), p.mapping.as_str(), p.invite.as_str());
    let idps = |rest: &str| format!("/iam/v2beta1/identityProviders/{rest}");
    let mappings = |rest: &str| format!("/iam/v2beta1/externalGroupRoleMappings/{rest}");
    let invites = |rest: &str| format!("/iam/v2beta1/groupInvites/{rest}");
    let associations = |rest: &str| format!("/iam/v2beta1/accountAssociations/{rest}");
    let (provider, group) = ("identity provider", "group");
    let scim = |verb: &str, body: serde_json::Value| {
        row(
            Method::POST,
            idps(&format!("{idp}:{verb}")),
            Some(body),
            Lacks("identity_providers.scim.manage", idp.to_owned()),
            (provider, idp),
        )
    };
    vec![
        // IdentityProvidersService
        row(Method::GET, idps(idp), None, Allowed, (provider, idp)),
        row(Method::POST, idps(a), Some(idp_body("x")), Lacks("identity_providers.create", a.to_owned()), (group, a)),
        row(
            Method::PATCH,
            idps(idp),
            Some(json!({ "description": "x" })),
            Lacks("identity_providers.update", idp.to_owned()),
            (provider, idp),
        ),
        row(Method::DELETE, idps(idp), None, Lacks("identity_providers.delete", idp.to_owned()), (provider, idp)),
        scim("generateScimToken", json!({})),
        scim("regenerateScimToken", json!({ "etag": "0" })),
        scim("revokeScimToken", json!({})),
        scim("setScimEnabled", json!({ "enabled": false, "etag": "0" })),
        // ScimUsersService
        row(
            Method::GET,
            idps(&format!("{idp}/scimUsers")),
            None,
            Lacks("identity_providers.scim.manage", idp.to_owned()),
            (provider, idp),
        ),
        // ExternalGroupRoleMappingsService
        row(Method::GET, mappings(mapping), None, Allowed, ("external group role mapping", mapping)),
        row(
            Method::POST,
            mappings(idp),
            Some(json!({ "externalGroupId": "x", "roleUid": grove_domain::builtin::VIEWER })),
            Lacks("identity_providers.create", idp.to_owned()),
            (provider, idp),
        ),
        row(
            Method::DELETE,
            mappings(mapping),
            None,
            Lacks("identity_providers.delete", mapping.to_owned()),
            ("external group role mapping", mapping),
        ),
        row(
            Method::POST,
            "/iam/v2beta1/externalGroupRoleMappings:batchDelete".to_owned(),
            Some(json!({ "parent": idp, "names": [mapping] })),
            Lacks("identity_providers.delete", idp.to_owned()),
            (provider, idp),
        ),
        // GroupInvitesService
        row(Method::GET, invites(invite), None, Allowed, ("group invite", invite)),
        row(Method::POST, invites(a), Some(invite_body()), Lacks("group_invites.create", a.to_owned()), (group, a)),
        row(
            Method::DELETE,
            invites(invite),
            None,
            Lacks("group_invites.delete", invite.to_owned()),
            ("group invite", invite),
        ),
        // AccountAssociationsService
        row(Method::GET, associations(a), None, Allowed, ("account association", a)),
        row(
            Method::POST,
            associations(a),
            Some(json!({ "name": "n" })),
            Lacks("account_associations.create", a.to_owned()),
            (group, a),
        ),
        row(
            Method::PATCH,
            associations(a),
            Some(json!({ "name": "x" })),
            Lacks("account_associations.update", a.to_owned()),
            ("account association", a),
        ),
        row(
            Method::DELETE,
            associations(a),
            None,
            Lacks("account_associations.delete", a.to_owned()),
            ("account association", a),
        ),
        row(
            Method::POST,
            associations(&format!("{a}:checkAccountAssociation")),
            Some(json!({ "providerType": "ACCOUNT_PROVIDER_TYPE_GOOGLE" })),
            Allowed,
            ("account association", a),
        ),
    ]
}

fn permission_denied(capability: &str, uid: &str) -> serde_json::Value {
    json!({
        "code": 7,
        "message": format!("Permission denied: the caller lacks {capability} on {uid}"),
        "details": [error_info("PERMISSION_DENIED")],
    })
}

fn not_found(kind: &str, uid: &str) -> serde_json::Value {
    json!({
        "code": 5,
        "message": format!("Not found: {kind} {uid} does not exist"),
        "details": [error_info("NOT_FOUND")],
    })
}

/// What the organization's owner sees of every people resource, SCIM state included: a
/// refused request must leave it as it was.
async fn people_state(app: &TestApp) -> Vec<serde_json::Value> {
    let mut state = Vec::new();
    for path in [
        "/iam/v2beta1/identityProviders",
        "/iam/v2beta1/externalGroupRoleMappings",
        "/iam/v2beta1/groupInvites",
        "/iam/v2beta1/accountAssociations",
    ] {
        let r = app.call(Method::GET, path, None).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        state.push(r.body);
    }
    state
}

/// The uids a people list shows `token`, and the total it counts.
async fn listed(app: &TestApp, token: &str, path: &str, field: &str) -> (Vec<String>, String) {
    let r = app.call_as(token, Method::GET, path, None).await;
    assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
    let mut uids: Vec<String> =
        r.body[field].as_array().unwrap().iter().map(|i| i["uid"].as_str().unwrap().to_owned()).collect();
    uids.sort_unstable();
    (uids, r.body["totalCount"].as_str().unwrap().to_owned())
}

/// The people lists `token` gets: providers, mappings, invites, associations.
async fn people_lists(app: &TestApp, token: &str) -> Vec<(Vec<String>, String)> {
    vec![
        listed(app, token, "/iam/v2beta1/identityProviders", "identityProviders").await,
        listed(app, token, "/iam/v2beta1/externalGroupRoleMappings", "externalGroupRoleMappings").await,
        listed(app, token, "/iam/v2beta1/groupInvites", "groupInvites").await,
        listed(app, token, "/iam/v2beta1/accountAssociations", "accountAssociations").await,
    ]
}

fn one(uid: &str) -> (Vec<String>, String) {
    (vec![uid.to_owned()], "1".to_owned())
}

fn none() -> (Vec<String>, String) {
    (Vec::new(), "0".to_owned())
}

/// Tries every row as `viewer` (a viewer of A) and checks it gets what the row says.
async fn viewer_gets_what_each_row_says(app: &TestApp, viewer: &str, rows: &[Row]) {
    for r in rows {
        let reply = app.call_as(viewer, r.method.clone(), &r.path, r.body.clone()).await;
        let what = format!("{} {}", r.method, r.path);
        match &r.viewer {
            ForViewer::Allowed => assert_eq!(reply.status, StatusCode::OK, "{what}: {}", reply.body),
            ForViewer::Lacks(capability, uid) => assert_eq!(
                (reply.status, reply.body),
                (StatusCode::FORBIDDEN, permission_denied(capability, uid)),
                "{what}"
            ),
            ForViewer::Missing(kind, uid) => {
                assert_eq!((reply.status, reply.body), (StatusCode::NOT_FOUND, not_found(kind, uid)), "{what}");
            }
        }
    }
}

#[tokio::test]
async fn people_a_viewer_reads_its_groups_providers_invites_and_association_and_writes_none() {
    let p = people().await;
    let before = people_state(&p.app).await;
    viewer_gets_what_each_row_says(&p.app, &p.viewer, &people_rows(&p)).await;
    assert_eq!(people_state(&p.app).await, before, "no refused request wrote anything");
    assert_eq!(
        people_lists(&p.app, &p.viewer).await,
        vec![one(&p.idps[0]), one(&p.mapping), one(&p.invites[0]), one(&p.associations[0])]
    );
}

#[tokio::test]
async fn people_a_sibling_groups_owner_and_another_organizations_owner_find_none_of_as_resources() {
    let p = people().await;
    let before = people_state(&p.app).await;
    for (who, token) in [("sibling owner", &p.sibling_owner), ("globex owner", &p.other_org_owner)] {
        for r in people_rows(&p) {
            let reply = p.app.call_as(token, r.method.clone(), &r.path, r.body.clone()).await;
            assert_eq!(
                (reply.status, reply.body),
                (StatusCode::NOT_FOUND, not_found(r.hidden.0, &r.hidden.1)),
                "{who}: {} {}",
                r.method,
                r.path
            );
        }
    }
    assert_eq!(people_state(&p.app).await, before, "no refused request wrote anything");
    // Each lists exactly its own tenant's resources, and counts nothing else.
    assert_eq!(
        people_lists(&p.app, &p.sibling_owner).await,
        vec![one(&p.idps[1]), none(), one(&p.invites[1]), one(&p.associations[1])]
    );
    assert_eq!(
        people_lists(&p.app, &p.other_org_owner).await,
        vec![one(&p.idps[2]), none(), one(&p.invites[2]), one(&p.associations[2])]
    );
}

#[tokio::test]
async fn people_writes_that_promise_role_bindings_also_need_role_bindings_create() {
    let p = people().await;
    let before = people_state(&p.app).await;
    let t = &p.no_bindings;
    let (a, idp) = (p.a.as_str(), p.idp.as_str());
    for (method, path, body, on) in [
        (Method::POST, format!("/iam/v2beta1/identityProviders/{a}"), idp_body("x"), a),
        (Method::PATCH, format!("/iam/v2beta1/identityProviders/{idp}"), json!({ "name": "y" }), idp),
        (
            Method::POST,
            format!("/iam/v2beta1/externalGroupRoleMappings/{idp}"),
            json!({ "externalGroupId": "x", "roleUid": grove_domain::builtin::VIEWER }),
            a,
        ),
        (Method::POST, format!("/iam/v2beta1/groupInvites/{a}"), invite_body(), a),
    ] {
        let reply = p.app.call_as(t, method.clone(), &path, Some(body)).await;
        assert_eq!(
            (reply.status, reply.body),
            (StatusCode::FORBIDDEN, permission_denied("role_bindings.create", on)),
            "{method} {path}"
        );
    }
    assert_eq!(people_state(&p.app).await, before, "nothing was written");
    // The rest of the people capabilities need no binding rights.
    let scim = format!("/iam/v2beta1/identityProviders/{idp}:generateScimToken");
    assert_eq!(p.app.call_as(t, Method::POST, &scim, Some(json!({}))).await.status, StatusCode::OK);
    let delete = format!("/iam/v2beta1/groupInvites/{}", p.invite);
    assert_eq!(p.app.call_as(t, Method::DELETE, &delete, None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn people_an_owner_of_a_manages_every_people_resource_of_a() {
    let p = people().await;
    let t = &p.owner_of_a;
    let (a, idp) = (p.a.clone(), p.idp.clone());
    let call = |method: Method, path: String, body: Option<serde_json::Value>| {
        let p = &p;
        async move {
            let r = p.app.call_as(t, method.clone(), &path, body).await;
            assert_eq!(r.status, StatusCode::OK, "{method} {path}: {}", r.body);
            r.body
        }
    };
    let idps = |rest: &str| format!("/iam/v2beta1/identityProviders/{rest}");
    assert_eq!(call(Method::GET, idps(&idp), None).await["uid"], json!(idp));
    assert_eq!(call(Method::PATCH, idps(&idp), Some(json!({ "description": "sso" }))).await["description"], "sso");
    let second = call(Method::POST, idps(&a), Some(idp_body("entra"))).await["uid"].as_str().unwrap().to_owned();
    let generated = call(Method::POST, idps(&format!("{idp}:generateScimToken")), Some(json!({}))).await;
    let regenerated =
        call(Method::POST, idps(&format!("{idp}:regenerateScimToken")), Some(json!({ "etag": generated["etag"] })))
            .await;
    let revoked = call(Method::POST, idps(&format!("{idp}:revokeScimToken")), Some(json!({}))).await;
    assert_ne!(revoked["etag"], regenerated["etag"]);
    let set = call(
        Method::POST,
        idps(&format!("{idp}:setScimEnabled")),
        Some(json!({ "enabled": false, "etag": revoked["etag"] })),
    )
    .await;
    assert_eq!(set["enabled"], false);

    let mapping = call(
        Method::POST,
        format!("/iam/v2beta1/externalGroupRoleMappings/{idp}"),
        Some(json!({ "externalGroupId": "ops", "roleUid": grove_domain::builtin::VIEWER })),
    )
    .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    call(Method::GET, format!("/iam/v2beta1/externalGroupRoleMappings/{mapping}"), None).await;
    call(Method::DELETE, format!("/iam/v2beta1/externalGroupRoleMappings/{mapping}"), None).await;
    let deleted = call(
        Method::POST,
        "/iam/v2beta1/externalGroupRoleMappings:batchDelete".to_owned(),
        Some(json!({ "parent": idp, "names": [p.mapping] })),
    )
    .await;
    assert_eq!(deleted["externalGroupRoleMappings"][0]["uid"], json!(p.mapping));

    let invite = call(Method::POST, format!("/iam/v2beta1/groupInvites/{a}"), Some(invite_body())).await;
    assert!(invite["code"].as_str().is_some_and(|c| !c.is_empty()), "the code is answered on create");
    call(Method::DELETE, format!("/iam/v2beta1/groupInvites/{}", p.invite), None).await;

    let associations = |rest: &str| format!("/iam/v2beta1/accountAssociations/{rest}");
    assert_eq!(call(Method::PATCH, associations(&a), Some(json!({ "name": "x" }))).await["name"], "x");
    let check = call(
        Method::POST,
        associations(&format!("{a}:checkAccountAssociation")),
        Some(json!({ "providerType": "ACCOUNT_PROVIDER_TYPE_GOOGLE" })),
    )
    .await;
    assert_eq!(check["status"], "CHECK_STATUS_NOT_READY");
    call(Method::DELETE, associations(&a), None).await;
    call(Method::POST, associations(&a), Some(json!({ "name": "again" }))).await;
    call(Method::DELETE, idps(&second), None).await;

    let mut a_idps = vec![idp.clone()];
    a_idps.sort_unstable();
    assert_eq!(
        people_lists(&p.app, t).await,
        vec![(a_idps, "1".to_owned()), none(), one(invite["uid"].as_str().unwrap()), one(&a),],
        "the owner of A lists A's resources only"
    );
}

// ---------------------------------------------------------------------------------------
// The rest of A's estate (groups, identities, roles, bindings, repos, tags, subscriptions,
// terms, advisories), and the second organization: `globex`, owned by a workload identity
// of its own (a claim-match identity of globex bound as `owner` there), tries every request
// of the matrix on the first organization.
// ---------------------------------------------------------------------------------------

const GO_2021_0159: &str = include_str!("../../../grove/tests/testdata/osv/GO-2021-0159.json");

/// A's resources beside the people ones, each made by the organization's owner.
struct Estate {
    org: String,
    a_child: String,
    identity: String,
    role: String,
    binding: String,
    repo: String,
    tag: String,
    subscription: String,
    /// The id of a dead letter of `subscription`.
    dead_letter: String,
    advisory: String,
    /// The second organization and its workload owner's identity.
    globex: String,
    globex_owner: String,
}

async fn estate(p: &People) -> Estate {
    let app = &p.app;
    let a = p.a.as_str();
    let uid = |v: serde_json::Value| v["uid"].as_str().unwrap().to_owned();
    let a_child = app.group(a, "a-child").await;
    let identity = app.identity(a, "a-robot").await;
    let role = uid(app
        .create(&format!("/iam/v2beta1/roles/{a}"), json!({"name": "a-puller", "capabilities": ["repo.list"]}))
        .await);
    let binding = uid(app.bind(a, &identity, "viewer").await);
    let repo = uid(app.create(&format!("/registry/v2beta1/repos/{a}"), json!({"name": "app"})).await);
    let digest = format!("sha256:{}", "a".repeat(64));
    let tag =
        uid(app.create(&format!("/registry/v2beta1/tags/{repo}"), json!({"name": "latest", "digest": digest})).await);
    let subscription = uid(app
        .create(&format!("/events/v2beta1/subscriptions/{a}"), json!({"sink": "https://hooks.example.com/a"}))
        .await);
    let dead_letter = app.dead_letter(&subscription, "0b4c3f8e-5d2a-4e61-9a7b-3c2d1e0f9a8b").await.id;
    app.create(&format!("/iam/v2beta1/terms/{a}"), json!({"documentIds": ["tos"]})).await;
    let group = grove_domain::Uidp::parse(a).unwrap();
    let advisories =
        grove_domain::osv::advisories(serde_json::from_str(GO_2021_0159).unwrap(), &group, "osv-import").unwrap();
    app.services.advisories.import(advisories.clone()).await.unwrap();
    let globex = p.associations[2].clone();
    let owners = app
        .call_as(&p.other_org_owner, Method::GET, &format!("/iam/v2beta1/identities?uidp.children_of={globex}"), None)
        .await;
    let globex_owner = owners.body["identities"][0]["uid"].as_str().unwrap().to_owned();
    assert!(
        owners.body["identities"][0]["claimMatch"].is_object(),
        "globex is owned by a workload identity: {}",
        owners.body
    );
    Estate {
        org: app.org.clone(),
        a_child,
        identity,
        role,
        binding,
        repo,
        tag,
        subscription,
        dead_letter,
        advisory: advisories[0].uid.to_string(),
        globex,
        globex_owner,
    }
}

/// Every other request on A's resources and on the organization itself, with what a viewer
/// of A gets and the resource an outsider is told does not exist.
fn estate_rows(p: &People, e: &Estate) -> Vec<Row> {
    use ForViewer::{Allowed, Lacks, Missing};
    let (a, org) = (p.a.as_str(), e.org.as_str());
    let (child, identity, role, binding) =
        (e.a_child.as_str(), e.identity.as_str(), e.role.as_str(), e.binding.as_str());
    let (repo, tag, subscription, advisory) =
        (e.repo.as_str(), e.tag.as_str(), e.subscription.as_str(), e.advisory.as_str());
    let groups = |rest: &str| format!("/iam/v2beta1/groups/{rest}");
    let identities = |rest: &str| format!("/iam/v2beta1/identities/{rest}");
    let roles = |rest: &str| format!("/iam/v2beta1/roles/{rest}");
    let bindings = |rest: &str| format!("/iam/v2beta1/roleBindings/{rest}");
    let repos = |rest: &str| format!("/registry/v2beta1/repos/{rest}");
    let tags = |rest: &str| format!("/registry/v2beta1/tags/{rest}");
    let subscriptions = |rest: &str| format!("/events/v2beta1/subscriptions/{rest}");
    let lacks = |capability: &'static str, uid: &str| Lacks(capability, uid.to_owned());
    let (g, i, rl, b, r, t, s) = ("group", "identity", "role", "role binding", "repo", "tag", "subscription");
    let claim = json!({"issuer": "https://issuer.example.com", "subject": "x"});
    vec![
        // GroupsService: A, a child of A and the organization itself
        row(Method::GET, groups(a), None, Allowed, (g, a)),
        row(Method::GET, groups(child), None, Allowed, (g, child)),
        row(Method::POST, groups(a), Some(json!({"name": "x"})), lacks("groups.create", a), (g, a)),
        row(Method::PATCH, groups(child), Some(json!({"description": "x"})), lacks("groups.update", child), (g, child)),
        row(Method::DELETE, groups(child), None, lacks("groups.delete", child), (g, child)),
        row(Method::GET, groups(org), None, Missing(g, org.to_owned()), (g, org)),
        row(Method::POST, groups(org), Some(json!({"name": "x"})), Missing(g, org.to_owned()), (g, org)),
        row(Method::PATCH, groups(org), Some(json!({"name": "taken"})), Missing(g, org.to_owned()), (g, org)),
        row(Method::DELETE, groups(org), None, Missing(g, org.to_owned()), (g, org)),
        row(Method::POST, groups(&format!("{org}:requestGroupAccess")), None, Missing(g, org.to_owned()), (g, org)),
        // IdentitiesService
        row(Method::GET, identities(identity), None, Allowed, (i, identity)),
        row(
            Method::POST,
            identities(a),
            Some(json!({"name": "x", "claimMatch": claim})),
            lacks("identity.create", a),
            (g, a),
        ),
        row(
            Method::PATCH,
            identities(identity),
            Some(json!({"description": "x"})),
            lacks("identity.update", identity),
            (i, identity),
        ),
        row(Method::DELETE, identities(identity), None, lacks("identity.delete", identity), (i, identity)),
        // RolesService
        row(Method::GET, roles(role), None, Allowed, (rl, role)),
        row(
            Method::POST,
            roles(a),
            Some(json!({"name": "x", "capabilities": ["repo.list"]})),
            lacks("roles.create", a),
            (g, a),
        ),
        row(Method::PATCH, roles(role), Some(json!({"description": "x"})), lacks("roles.update", role), (rl, role)),
        row(Method::DELETE, roles(role), None, lacks("roles.delete", role), (rl, role)),
        // RoleBindingsService
        row(Method::GET, bindings(binding), None, Allowed, (b, binding)),
        row(
            Method::POST,
            bindings(a),
            Some(json!({"identityUid": identity, "roleUid": grove_domain::builtin::EDITOR})),
            lacks("role_bindings.create", a),
            (g, a),
        ),
        row(
            Method::PATCH,
            bindings(binding),
            Some(json!({"roleUid": grove_domain::builtin::OWNER})),
            lacks("role_bindings.update", binding),
            (b, binding),
        ),
        row(Method::DELETE, bindings(binding), None, lacks("role_bindings.delete", binding), (b, binding)),
        row(
            Method::POST,
            "/iam/v2beta1/roleBindings:batchCreate".to_owned(),
            Some(
                json!({"parent": a, "roleUid": grove_domain::builtin::OWNER, "requests": [{"roleBinding": {"identityUid": identity}}]}),
            ),
            lacks("role_bindings.create", a),
            (g, a),
        ),
        // ReposService, with the README
        row(Method::GET, repos(repo), None, Allowed, (r, repo)),
        row(Method::POST, repos(a), Some(json!({"name": "x"})), lacks("repo.create", a), (g, a)),
        row(Method::PATCH, repos(repo), Some(json!({"description": "x"})), lacks("repo.update", repo), (r, repo)),
        row(Method::DELETE, repos(repo), None, lacks("repo.delete", repo), (r, repo)),
        row(Method::GET, repos(&format!("{repo}/readme")), None, Allowed, (r, repo)),
        row(
            Method::PATCH,
            repos(&format!("{repo}/readme")),
            Some(json!({"content": "x"})),
            lacks("repo.update", repo),
            (r, repo),
        ),
        // TagsService
        row(Method::GET, tags(tag), None, Allowed, (t, tag)),
        row(
            Method::POST,
            tags(repo),
            Some(json!({"name": "latest", "digest": format!("sha256:{}", "b".repeat(64))})),
            lacks("tag.create", repo),
            (r, repo),
        ),
        row(Method::PATCH, tags(tag), Some(json!({"deprecated": true})), lacks("tag.update", tag), (t, tag)),
        row(Method::DELETE, tags(tag), None, lacks("tag.delete", tag), (t, tag)),
        // SubscriptionsService
        row(Method::GET, subscriptions(subscription), None, Allowed, (s, subscription)),
        row(
            Method::POST,
            subscriptions(a),
            Some(json!({"sink": "https://hooks.example.com/x"})),
            lacks("subscriptions.create", a),
            (g, a),
        ),
        row(
            Method::DELETE,
            subscriptions(subscription),
            None,
            lacks("subscriptions.delete", subscription),
            (s, subscription),
        ),
        // The first API's Subscriptions (generated faces)
        row(
            Method::POST,
            format!("/events/v1/subscriptions/{a}"),
            Some(json!({"sink": "https://hooks.example.com/x"})),
            lacks("subscriptions.create", a),
            (g, a),
        ),
        row(
            Method::DELETE,
            format!("/events/v1/subscriptions/{subscription}"),
            None,
            lacks("subscriptions.delete", subscription),
            (s, subscription),
        ),
        // DeadLetters (Grove's own): a replay needs subscriptions.create and a delete
        // subscriptions.delete at the subscription's group; an outsider finds no such id.
        row(
            Method::POST,
            format!("/events/v1alpha1/deadletters/{}:replay", e.dead_letter),
            None,
            lacks("subscriptions.create", a),
            ("dead letter", &e.dead_letter),
        ),
        row(
            Method::DELETE,
            format!("/events/v1alpha1/deadletters/{}", e.dead_letter),
            None,
            lacks("subscriptions.delete", a),
            ("dead letter", &e.dead_letter),
        ),
        // Terms: owners only, hidden from everyone else
        row(Method::GET, format!("/iam/v2beta1/terms/{a}"), None, Missing(g, a.to_owned()), (g, a)),
        row(
            Method::POST,
            format!("/iam/v2beta1/terms/{a}"),
            Some(json!({"documentIds": ["dpa"]})),
            Missing(g, a.to_owned()),
            (g, a),
        ),
        // AdvisoriesService (read only over v2beta1)
        row(
            Method::GET,
            format!("/vulnerabilities/v2beta1/advisories/{advisory}"),
            None,
            Allowed,
            ("advisory", advisory),
        ),
    ]
}

/// What `token` lists of everything, the terms of `groups` included (an outsider's terms
/// reads answer `NOT_FOUND`, which is part of what it sees): a refused request must leave
/// it as it was.
async fn everything_seen_by(app: &TestApp, token: &str, groups: &[&str]) -> Vec<serde_json::Value> {
    let mut seen = Vec::new();
    for path in [
        "/iam/v2beta1/groups",
        "/iam/v2beta1/identities",
        "/iam/v2beta1/roles",
        "/iam/v2beta1/roleBindings",
        "/registry/v2beta1/repos",
        "/registry/v2beta1/tags",
        "/events/v2beta1/subscriptions",
        "/events/v1/subscriptions",
        "/events/v1alpha1/deadletters",
        "/vulnerabilities/v2beta1/advisories",
        "/iam/v2beta1/identityProviders",
        "/iam/v2beta1/externalGroupRoleMappings",
        "/iam/v2beta1/groupInvites",
        "/iam/v2beta1/accountAssociations",
    ] {
        let r = app.call_as(token, Method::GET, &format!("{path}?page_size=200"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        seen.push(r.body);
    }
    for group in groups {
        seen.push(app.call_as(token, Method::GET, &format!("/iam/v2beta1/terms/{group}"), None).await.body);
    }
    seen
}

/// Requests on the second organization's own resources that name a resource of the first:
/// each is refused, as (status, body).
fn cross_rows(
    p: &People,
    e: &Estate,
    globex_binding: &str,
) -> Vec<(Method, String, serde_json::Value, StatusCode, serde_json::Value)> {
    let (globex, identity, role, repo) = (e.globex.as_str(), e.identity.as_str(), e.role.as_str(), e.repo.as_str());
    let bad = |field: &str, description: &str| {
        json!({
            "code": 3,
            "message": format!("Invalid argument: {field}: {description}"),
            "details": [
                error_info("INVALID_ARGUMENT"),
                {"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": field, "description": description}]},
            ],
        })
    };
    let role_rule = |field: &str| {
        bad(field, &format!("{field} must name a built-in role or a role defined in this group or above it"))
    };
    let viewer = grove_domain::builtin::VIEWER;
    vec![
        // Binding the first organization's identity, or with its custom role, in globex.
        (
            Method::POST,
            format!("/iam/v2beta1/roleBindings/{globex}"),
            json!({"identityUid": identity, "roleUid": viewer}),
            StatusCode::NOT_FOUND,
            not_found("identity", identity),
        ),
        (
            Method::POST,
            "/iam/v2beta1/roleBindings:batchCreate".to_owned(),
            json!({"parent": globex, "roleUid": viewer, "requests": [{"roleBinding": {"identityUid": identity}}]}),
            StatusCode::NOT_FOUND,
            not_found("identity", identity),
        ),
        (
            Method::PATCH,
            format!("/iam/v2beta1/roleBindings/{globex_binding}"),
            json!({"identityUid": identity}),
            StatusCode::NOT_FOUND,
            not_found("identity", identity),
        ),
        (
            Method::POST,
            format!("/iam/v2beta1/roleBindings/{globex}"),
            json!({"identityUid": e.globex_owner, "roleUid": role}),
            StatusCode::BAD_REQUEST,
            role_rule("roleUid"),
        ),
        // Handing out the first organization's custom role through a provider or an invite.
        (
            Method::POST,
            format!("/iam/v2beta1/identityProviders/{globex}"),
            json!({"name": "x", "defaultRole": role, "oidc": {"issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s"}}),
            StatusCode::BAD_REQUEST,
            role_rule("defaultRole"),
        ),
        (
            Method::POST,
            format!("/iam/v2beta1/groupInvites/{globex}"),
            json!({"roleUid": role, "ttl": "3600s"}),
            StatusCode::BAD_REQUEST,
            role_rule("roleUid"),
        ),
        // Syncing from the first organization's repo, by uid.
        (
            Method::POST,
            format!("/registry/v2beta1/repos/{globex}"),
            json!({"name": "mirror", "sync_config": {"source": repo}}),
            StatusCode::BAD_REQUEST,
            bad("sync_config.source", &format!("sync_config.source {repo:?} names no repo the caller may pull")),
        ),
        // A service binding naming the first organization's identity.
        (
            Method::POST,
            format!("/iam/v2beta1/accountAssociations/{globex}"),
            json!({"name": "n", "chainguard": {"serviceBindings": {"INGESTER": identity}}}),
            StatusCode::BAD_REQUEST,
            bad(
                "chainguard.serviceBindings[INGESTER]",
                &format!("identity {identity} must be directly in group {globex}"),
            ),
        ),
        // A group mapping of globex's own provider scoped to A, or granting A's custom role.
        (
            Method::POST,
            format!("/iam/v2beta1/externalGroupRoleMappings/{}", p.idps[2]),
            json!({"externalGroupId": "eng", "roleUid": viewer, "scope": p.a}),
            StatusCode::BAD_REQUEST,
            bad("scope", &format!("scope must be the identity provider's group {globex} or a group below it")),
        ),
        (
            Method::POST,
            format!("/iam/v2beta1/externalGroupRoleMappings/{}", p.idps[2]),
            json!({"externalGroupId": "eng", "roleUid": role}),
            StatusCode::BAD_REQUEST,
            bad("roleUid", "roleUid must name a built-in role or a role defined at the scope or above it"),
        ),
    ]
}

#[tokio::test]
async fn estate_a_viewer_reads_as_resources_and_writes_none() {
    let p = people().await;
    let e = estate(&p).await;
    let before = everything_seen_by(&p.app, &p.app.admin_token, &[&p.a, &e.org]).await;
    viewer_gets_what_each_row_says(&p.app, &p.viewer, &estate_rows(&p, &e)).await;
    assert_eq!(everything_seen_by(&p.app, &p.app.admin_token, &[&p.a, &e.org]).await, before, "nothing was written");
}

#[tokio::test]
async fn a_second_organizations_workload_owner_is_refused_every_request_of_the_matrix_and_changes_nothing() {
    let p = people().await;
    let e = estate(&p).await;
    let attacker = p.other_org_owner.clone();
    let groups = [p.a.as_str(), e.org.as_str(), e.globex.as_str()];
    let (admin_before, attacker_before) = (
        everything_seen_by(&p.app, &p.app.admin_token, &groups).await,
        everything_seen_by(&p.app, &attacker, &groups).await,
    );

    let mut rows = people_rows(&p);
    rows.extend(estate_rows(&p, &e));
    for r in &rows {
        let reply = p.app.call_as(&attacker, r.method.clone(), &r.path, r.body.clone()).await;
        assert_eq!(
            (reply.status, reply.body),
            (StatusCode::NOT_FOUND, not_found(r.hidden.0, &r.hidden.1)),
            "{} {}",
            r.method,
            r.path
        );
    }
    let own = p
        .app
        .call_as(&attacker, Method::GET, &format!("/iam/v2beta1/roleBindings?uidp.children_of={}", e.globex), None)
        .await;
    let globex_binding = own.body["roleBindings"][0]["uid"].as_str().unwrap().to_owned();
    for (method, path, body, status, answer) in cross_rows(&p, &e, &globex_binding) {
        let body = (!body.is_null()).then_some(body);
        let reply = p.app.call_as(&attacker, method.clone(), &path, body).await;
        assert_eq!((reply.status, reply.body), (status, answer), "{method} {path}");
    }

    assert_eq!(
        everything_seen_by(&p.app, &p.app.admin_token, &groups).await,
        admin_before,
        "the first organization is unchanged"
    );
    assert_eq!(
        everything_seen_by(&p.app, &attacker, &groups).await,
        attacker_before,
        "nothing was written in globex either"
    );
    // Every list the attacker runs over the first organization is empty, and counts nothing.
    for (path, field) in [
        ("/iam/v2beta1/groups", "groups"),
        ("/iam/v2beta1/identities", "identities"),
        ("/iam/v2beta1/roles", "roles"),
        ("/iam/v2beta1/roleBindings", "roleBindings"),
        ("/registry/v2beta1/repos", "repos"),
        ("/registry/v2beta1/tags", "tags"),
        ("/events/v2beta1/subscriptions", "subscriptions"),
        ("/events/v1alpha1/deadletters", "deadLetters"),
        ("/vulnerabilities/v2beta1/advisories", "advisories"),
        ("/iam/v2beta1/identityProviders", "identityProviders"),
        ("/iam/v2beta1/externalGroupRoleMappings", "externalGroupRoleMappings"),
        ("/iam/v2beta1/groupInvites", "groupInvites"),
        ("/iam/v2beta1/accountAssociations", "accountAssociations"),
    ] {
        let r = p.app.call_as(&attacker, Method::GET, &format!("{path}?uidp.descendants_of={}", e.org), None).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        assert_eq!((&r.body[field], &r.body["totalCount"]), (&json!([]), &json!("0")), "{path}");
    }
}

#[tokio::test]
async fn estate_a_sibling_groups_owner_finds_none_of_as_resources() {
    let p = people().await;
    let e = estate(&p).await;
    let before = everything_seen_by(&p.app, &p.app.admin_token, &[&p.a, &e.org]).await;
    for r in estate_rows(&p, &e) {
        let reply = p.app.call_as(&p.sibling_owner, r.method.clone(), &r.path, r.body.clone()).await;
        assert_eq!(
            (reply.status, reply.body),
            (StatusCode::NOT_FOUND, not_found(r.hidden.0, &r.hidden.1)),
            "{} {}",
            r.method,
            r.path
        );
    }
    assert_eq!(everything_seen_by(&p.app, &p.app.admin_token, &[&p.a, &e.org]).await, before, "nothing was written");
}

#[tokio::test]
async fn people_the_audit_trail_is_read_by_owners_only_and_never_across_groups_or_organizations() {
    let p = people().await;
    let (a, globex) = (&p.a, &p.associations[2]);
    let in_a = format!("/audit/v1alpha1/entries?uidp.descendants_of={a}");
    let uids = |reply: &crate::common::Reply| -> Vec<String> {
        reply.body["entries"].as_array().unwrap().iter().map(|e| e["uid"].as_str().unwrap().to_owned()).collect()
    };
    // An owner of A reads A's entries (the provider, mapping, invite and association made in A).
    let owner = p.app.call_as(&p.owner_of_a, Method::GET, &in_a, None).await;
    assert_eq!(owner.status, StatusCode::OK, "{}", owner.body);
    let seen = uids(&owner);
    assert!(!seen.is_empty() && seen.iter().all(|u| u.starts_with(&format!("{a}/"))), "{seen:?}");
    let unscoped = p.app.call_as(&p.owner_of_a, Method::GET, "/audit/v1alpha1/entries", None).await;
    assert!(uids(&unscoped).iter().all(|u| u.starts_with(&format!("{a}/"))), "{}", unscoped.body);

    // A viewer of A, and a custom role holding every people capability at the organization,
    // hold no audit.list.
    for token in [&p.viewer, &p.no_bindings] {
        let denied = p.app.call_as(token, Method::GET, &in_a, None).await;
        assert_eq!((denied.status, denied.body.clone()), (StatusCode::FORBIDDEN, permission_denied("audit.list", a)));
    }
    // A sibling's owner and another organization's owner are told A does not exist, and see
    // none of its entries unscoped.
    for token in [&p.sibling_owner, &p.other_org_owner] {
        let hidden = p.app.call_as(token, Method::GET, &in_a, None).await;
        assert_eq!((hidden.status, hidden.body.clone()), (StatusCode::NOT_FOUND, not_found("group", a)));
        let all = p.app.call_as(token, Method::GET, "/audit/v1alpha1/entries", None).await;
        assert_eq!(all.status, StatusCode::OK);
        assert!(uids(&all).iter().all(|u| !u.starts_with(&format!("{a}/"))), "{}", all.body);
    }
    let theirs = p.app.call_as(&p.other_org_owner, Method::GET, "/audit/v1alpha1/entries", None).await;
    let theirs = uids(&theirs);
    assert!(!theirs.is_empty() && theirs.iter().all(|u| u.starts_with(&format!("{globex}/"))), "{theirs:?}");
    let by_admin = format!("/audit/v1alpha1/entries?actor={}", p.app.admin);
    let none = p.app.call_as(&p.other_org_owner, Method::GET, &by_admin, None).await;
    assert_eq!(uids(&none), Vec::<String>::new());
}
