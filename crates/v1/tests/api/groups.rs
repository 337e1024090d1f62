//! `/iam/v1/groups`: the v1 Group shape (no timestamps, configured `resourceLimits`),
//! the `items` envelope, and whole-resource replacement.

use axum::http::{Method, StatusCode};
use grove_v1::{ResourceLimits, V1Config};
use serde_json::json;

use crate::common::{id, ids, limits, sorted, v1_error, TestApp};

#[tokio::test]
async fn create_group_in_a_parent_answers_the_v1_group() {
    let app = TestApp::new().await;
    let r = app
        .call(Method::POST, &format!("/iam/v1/groups/{}", app.org), Some(json!({"name": "team", "description": "d"})))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let uid = id(&r.body);
    assert!(uid.starts_with(&format!("{}/", app.org)) && uid.len() == 40 + 17, "{uid}");
    assert_eq!(
        r.body,
        json!({ "id": uid, "name": "team", "description": "d", "resourceLimits": limits(), "verified": false })
    );
}

#[tokio::test]
async fn create_organization_without_a_parent_answers_a_root_group() {
    let app = TestApp::new().await;
    let r = app.call(Method::POST, "/iam/v1/groups", Some(json!({"name": "globex"}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let uid = id(&r.body);
    assert_eq!(uid.len(), 40);
    assert_eq!(
        r.body,
        json!({ "id": uid, "name": "globex", "description": "", "resourceLimits": limits(), "verified": false })
    );
}

#[tokio::test]
async fn list_groups_answers_every_match_under_items() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let nested = app.group(&team, "nested").await;
    let r = app.call(Method::GET, "/iam/v1/groups", None).await;
    assert_eq!(r.status, StatusCode::OK);
    let group = |uid: &str, name: &str| json!({ "id": uid, "name": name, "description": "", "resourceLimits": limits(), "verified": false });
    let mut expected = vec![group(&app.org, "acme"), group(&team, "team"), group(&nested, "nested")];
    expected.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    assert_eq!(r.body, json!({ "items": expected }));
}

#[tokio::test]
async fn list_groups_fetches_past_the_largest_domain_page() {
    let app = TestApp::new().await;
    let mut created = vec![app.org.clone()];
    for n in 0..205 {
        created.push(app.group(&app.org, &format!("g{n}")).await);
    }
    let r = app.get("/iam/v1/groups").await;
    assert_eq!(r.as_object().unwrap().keys().collect::<Vec<_>>(), ["items"]);
    assert_eq!(ids(&r), sorted(created));
}

/// The frames of the body `GET path` answers as `admin`, as the server wrote them.
async fn frames(app: &TestApp, path: &str) -> (StatusCode, Vec<Vec<u8>>) {
    use http_body_util::BodyExt as _;
    use tower::ServiceExt as _;
    let request = axum::http::Request::get(path)
        .header("authorization", format!("Bearer {}", app.admin_token))
        .body(axum::body::Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let mut body = response.into_body();
    let mut frames = Vec::new();
    while let Some(frame) = body.frame().await {
        frames.push(frame.unwrap().into_data().unwrap().to_vec());
    }
    (status, frames)
}

#[tokio::test]
async fn list_groups_past_one_domain_page_is_streamed_a_page_at_a_time_in_the_bytes_of_a_whole_answer() {
    let app = TestApp::new().await;
    let mut created = vec![app.org.clone()];
    for n in 0..205 {
        created.push(app.group(&app.org, &format!("g{n}")).await);
    }
    let (status, frames) = frames(&app, "/iam/v1/groups").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(frames.len(), 2, "206 groups are two domain pages of 200, one chunk each");

    // The same bytes `Json(Items { items })` wrote: each group as its own GET writes it.
    let mut expected = br#"{"items":["#.to_vec();
    for (i, uid) in sorted(created).iter().enumerate() {
        if i > 0 {
            expected.push(b',');
        }
        let (status, one) = self::frames(&app, &format!("/iam/v1/groups/{uid}")).await;
        assert_eq!(status, StatusCode::OK);
        expected.extend(one.concat());
    }
    expected.extend_from_slice(b"]}");
    assert_eq!(String::from_utf8(frames.concat()).unwrap(), String::from_utf8(expected).unwrap());
}

#[tokio::test]
async fn list_groups_filters_by_id_uidp_and_name() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let nested = app.group(&team, "nested").await;
    let other = app.group(&app.org, "other").await;
    assert_eq!(ids(&app.get(&format!("/iam/v1/groups?id={nested}")).await), [nested.as_str()]);
    assert_eq!(
        ids(&app.get(&format!("/iam/v1/groups?id={nested}&id={other}")).await),
        sorted(vec![nested.clone(), other.clone()])
    );
    assert_eq!(ids(&app.get(&format!("/iam/v1/groups?uidp.descendants_of={team}")).await), [nested.as_str()]);
    assert_eq!(
        ids(&app.get(&format!("/iam/v1/groups?uidp.childrenOf={}", app.org)).await),
        sorted(vec![team.clone(), other.clone()])
    );
    assert_eq!(ids(&app.get("/iam/v1/groups?name=nested").await), [nested.as_str()]);
    assert_eq!(ids(&app.get(&format!("/iam/v1/groups?name=nested&uidp.descendants_of={other}")).await).len(), 0);
    assert_eq!(app.get(&format!("/iam/v1/groups?id={team}/0123456789abcdef")).await, json!({ "items": [] }));
}

#[tokio::test]
async fn get_group_by_id_answers_the_v1_group() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, &format!("/iam/v1/groups/{}", app.org), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({ "id": app.org, "name": "acme", "description": "", "resourceLimits": limits(), "verified": false })
    );
}

#[tokio::test]
async fn put_group_replaces_the_whole_group_and_clears_an_omitted_description() {
    let app = TestApp::new().await;
    let uid =
        id(&app.create(&format!("/iam/v1/groups/{}", app.org), json!({"name": "team", "description": "old"})).await);
    let r = app.call(Method::PUT, &format!("/iam/v1/groups/{uid}"), Some(json!({"name": "renamed"}))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({ "id": uid, "name": "renamed", "description": "", "resourceLimits": limits(), "verified": false })
    );
}

#[tokio::test]
async fn put_group_accepts_a_fetched_group_sent_back_whole() {
    let app = TestApp::new().await;
    let uid = app.group(&app.org, "team").await;
    let mut group = app.get(&format!("/iam/v1/groups/{uid}")).await;
    group["description"] = json!("now described");
    let r = app.call(Method::PUT, &format!("/iam/v1/groups/{uid}"), Some(group.clone())).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, group);
}

#[tokio::test]
async fn patch_group_also_replaces_so_an_omitted_name_is_refused() {
    let app = TestApp::new().await;
    let uid =
        id(&app.create(&format!("/iam/v1/groups/{}", app.org), json!({"name": "team", "description": "old"})).await);
    let r = app.call(Method::PATCH, &format!("/iam/v1/groups/{uid}"), Some(json!({"name": "team"}))).await;
    assert_eq!((r.status, &r.body["description"]), (StatusCode::OK, &json!("")));
    let r = app.call(Method::PATCH, &format!("/iam/v1/groups/{uid}"), Some(json!({"description": "new"}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(3, "Invalid argument: name: name is required"));
}

#[tokio::test]
async fn delete_group_answers_an_empty_object_and_refuses_a_group_with_children() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    app.repo(&team, "app").await;
    let r = app.call(Method::DELETE, &format!("/iam/v1/groups/{team}"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, v1_error(9, "Precondition failed: cannot delete group with child repos"));
    let empty = app.group(&app.org, "empty").await;
    let r = app.call(Method::DELETE, &format!("/iam/v1/groups/{empty}"), None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call(Method::GET, &format!("/iam/v1/groups/{empty}"), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body, v1_error(5, &format!("Not found: group {empty} does not exist")));
}

#[tokio::test]
async fn resource_limits_come_from_the_configuration() {
    let config = V1Config { resource_limits: ResourceLimits { clusters: 1, idps: 2, repositories: 3 } };
    let app = TestApp::with_config(&config).await;
    let r = app.get(&format!("/iam/v1/groups/{}", app.org)).await;
    assert_eq!(r["resourceLimits"], json!({ "clusters": 1, "idps": 2, "repositories": 3 }));
}

/// A verified organization `acme.example` owned by admin (only the store can verify one),
/// and an identity `dev` whose token carried the verified email `dev@acme.example`: the
/// organization's uid, dev's uid and dev's token.
async fn verified_org_and_developer(app: &TestApp) -> (String, String, String) {
    use grove_domain::events::{EventType, NewEvent};
    use grove_domain::model::{Group, RoleBinding, Seen, SeenEmail};
    use grove_domain::ports::Clock as _;
    use grove_domain::Uidp;
    let now = app.clock.now();
    let uid = Uidp::random_root();
    let group = Group {
        uid: uid.clone(),
        name: grove_domain::names::GroupName::parse("name", "acme.example").unwrap(),
        description: Default::default(),
        verified: true,
        create_time: now,
        update_time: now,
    };
    let owner = RoleBinding {
        uid: uid.random_child(),
        identity_uid: Uidp::parse(&app.admin).unwrap(),
        role_uid: grove_domain::builtin::owner_role_uid(),
        create_time: now,
    };
    let renderer = std::sync::Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let store = &app.services.store;
    store
        .create_organization(&group, &owner, &NewEvent::new(EventType::GroupCreated, &uid, now, renderer))
        .await
        .unwrap();
    app.services.grants.clear();
    let dev = app.identity(&app.org, "dev").await;
    let seen = Seen {
        at: now,
        email: Some(SeenEmail {
            address: "dev@acme.example".to_owned(),
            verified: true,
            voucher: grove_domain::model::EmailVoucher::DefaultProvider,
        }),
    };
    store.record_identity_seen(&Uidp::parse(&dev).unwrap(), &seen).await.unwrap();
    let token = app.token_for(&dev);
    (uid.to_string(), dev, token)
}

#[tokio::test]
async fn lookup_group_answers_the_v1_group_of_the_callers_email_domain_and_404_otherwise() {
    let app = TestApp::new().await;
    let (org, _, token) = verified_org_and_developer(&app).await;
    let r = app.call_as(&token, Method::GET, "/iam/v1/groups:lookupGroup", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body,
        json!({ "group": { "id": org, "name": "acme.example", "description": "", "resourceLimits": limits(),
                           "verified": true } })
    );
    let r = app.call(Method::GET, "/iam/v1/groups:lookupGroup", None).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, "Not found: no verified organization matches the caller's email domain"))
    );
}

#[tokio::test]
async fn check_eligibility_answers_whether_the_caller_has_a_verified_email_and_no_binding() {
    let app = TestApp::new().await;
    let (_, _, token) = verified_org_and_developer(&app).await;
    let r = app.call_as(&token, Method::GET, "/iam/v1/groups:checkEligibility", None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "eligible": true })));
    let r = app.call(Method::GET, "/iam/v1/groups:checkEligibility", None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({ "eligible": false })));
}

#[tokio::test]
async fn request_group_access_answers_empty_once_then_429_and_never_creates_a_group() {
    let app = TestApp::new().await;
    let (org, dev, token) = verified_org_and_developer(&app).await;
    let before = app.get("/iam/v1/groups").await["items"].as_array().unwrap().len();
    let path = format!("/iam/v1/groups/{org}:requestGroupAccess");
    let r = app.call_as(&token, Method::POST, &path, None).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!({})));
    let r = app.call_as(&token, Method::POST, &path, Some(json!({ "groupId": org }))).await;
    let message = format!("Resource exhausted: identity {dev} already asked for access to group {org}");
    assert_eq!((r.status, r.body), (StatusCode::TOO_MANY_REQUESTS, v1_error(8, &message)));
    let r = app.call_as(&token, Method::POST, &format!("/iam/v1/groups/{}:requestGroupAccess", app.org), None).await;
    let message = format!("Not found: group {} does not exist", app.org);
    assert_eq!((r.status, r.body), (StatusCode::NOT_FOUND, v1_error(5, &message)));
    let r = app.call_as(&token, Method::POST, &path, Some(json!({ "name": "x" }))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let r = app.call(Method::POST, &format!("/iam/v1/groups/{org}:frobnicate"), Some(json!({ "name": "x" }))).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::NOT_FOUND, v1_error(5, "Not found: groups have no custom method \"frobnicate\""))
    );
    assert_eq!(app.get("/iam/v1/groups").await["items"].as_array().unwrap().len(), before, "no group was created");
}
