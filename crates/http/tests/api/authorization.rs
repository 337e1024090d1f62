//! The authorization matrix: a `viewer` bound in group A reads A's subtree, writes nothing,
//! and sees nothing of a sibling B, not even through another caller's page token; tokens are
//! checked before anything else.

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

/// `identity_providers.scim.manage`: an owner bound in A may generate a SCIM token for a
/// provider in A; a viewer in A may not (403); a provider in sibling B is invisible to the
/// viewer (404). Nothing is written by the refused calls.
#[tokio::test]
async fn scim_manage_is_the_owners_in_the_subtree_and_nothing_of_a_sibling() {
    let w = world().await;
    let provider = |group: &str| {
        (
            format!("/iam/v2beta1/identityProviders/{group}"),
            json!({
                "name": "okta",
                "defaultRole": grove_domain::builtin::VIEWER,
                "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s" },
            }),
        )
    };
    let (path, body) = provider(&w.a);
    let in_a = w.app.create(&path, body).await["uid"].as_str().unwrap().to_owned();
    let (path, body) = provider(&w.b);
    let in_b = w.app.create(&path, body).await["uid"].as_str().unwrap().to_owned();
    let generate = |uid: &str| format!("/iam/v2beta1/identityProviders/{uid}:generateScimToken");

    let denied = w.app.call_as(&w.viewer_token, Method::POST, &generate(&in_a), Some(json!({}))).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN, "{}", denied.body);
    let hidden = w.app.call_as(&w.viewer_token, Method::POST, &generate(&in_b), Some(json!({}))).await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{}", hidden.body);
    assert_eq!(hidden.body["message"], format!("Not found: identity provider {in_b} does not exist"));

    let owner = w.app.identity(&w.a, "a-owner").await;
    w.app.bind(&w.a, &owner, "owner").await;
    let allowed = w.app.call_as(&w.app.token_for(&owner), Method::POST, &generate(&in_a), Some(json!({}))).await;
    assert_eq!(allowed.status, StatusCode::OK, "{}", allowed.body);
    for uid in [&in_a, &in_b] {
        let state = w.app.services.store.get_scim_credential(&grove_domain::Uidp::parse(uid).unwrap()).await.unwrap();
        assert_eq!(state.is_some(), uid == &in_a, "only the allowed call wrote");
    }
}
