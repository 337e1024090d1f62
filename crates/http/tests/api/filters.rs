//! The list filters of API.md 1.1–1.4 over REST: each one filters (a case that would pass
//! only if it did), a malformed value is `INVALID_ARGUMENT` naming the key, and keys that are
//! no field of the request are ignored. Also the identity fields `company`,
//! `servicePrincipal`, `awsIdentity` and nested update-mask paths of `claimMatch`.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

/// The uids of a list answer's `key` items, sorted, and its `totalCount`.
fn uids(body: &Value, key: &str) -> (Vec<String>, String) {
    let mut uids: Vec<String> =
        body[key].as_array().unwrap().iter().map(|i| i["uid"].as_str().unwrap().to_owned()).collect();
    uids.sort();
    (uids, body["totalCount"].as_str().unwrap().to_owned())
}

async fn list(app: &TestApp, path: &str, key: &str) -> (Vec<String>, String) {
    let r = app.call(Method::GET, path, None).await;
    assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
    uids(&r.body, key)
}

fn sorted(mut uids: Vec<String>) -> Vec<String> {
    uids.sort();
    uids
}

/// The 400 body of one bad field.
fn invalid(field: &str, description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: {field}: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            {"@type": "type.googleapis.com/google.rpc.BadRequest",
             "fieldViolations": [{"field": field, "description": description}]},
        ],
    })
}

/// `org` ⊃ `team` ⊃ `sub`, identities `ci` and `cd` in `org`, and bindings: ci viewer in
/// org, ci viewer in team, cd editor in team, cd editor in sub.
struct Bindings {
    team: String,
    sub: String,
    ci: String,
    cd: String,
    ci_org: String,
    ci_team: String,
    cd_team: String,
    cd_sub: String,
}

async fn bindings(app: &TestApp) -> Bindings {
    let team = app.group(&app.org, "team").await;
    let sub = app.group(&team, "sub").await;
    let ci = app.identity(&app.org, "ci").await;
    let cd = app.identity(&app.org, "cd").await;
    let uid = |b: Value| b["uid"].as_str().unwrap().to_owned();
    let ci_org = uid(app.bind(&app.org, &ci, "viewer").await);
    let ci_team = uid(app.bind(&team, &ci, "viewer").await);
    let cd_team = uid(app.bind(&team, &cd, "editor").await);
    let cd_sub = uid(app.bind(&sub, &cd, "editor").await);
    Bindings { team, sub, ci, cd, ci_org, ci_team, cd_team, cd_sub }
}

#[tokio::test]
async fn role_bindings_group_filter_returns_only_the_bindings_of_that_group() {
    let app = TestApp::new().await;
    let b = bindings(&app).await;
    let path = format!("/iam/v2beta1/roleBindings?group={}", b.team);
    assert_eq!(
        list(&app, &path, "roleBindings").await,
        (sorted(vec![b.ci_team.clone(), b.cd_team.clone()]), "2".into())
    );
    let path = format!("/iam/v2beta1/roleBindings?group={}", b.sub);
    assert_eq!(list(&app, &path, "roleBindings").await, (vec![b.cd_sub.clone()], "1".into()));
    let path = format!("/iam/v2beta1/roleBindings?group={}&identity={}", b.team, b.cd);
    assert_eq!(list(&app, &path, "roleBindings").await, (vec![b.cd_team.clone()], "1".into()));
}

#[tokio::test]
async fn role_bindings_identity_and_role_filters_return_only_matching_bindings() {
    let app = TestApp::new().await;
    let b = bindings(&app).await;
    let path = format!("/iam/v2beta1/roleBindings?identity={}", b.ci);
    assert_eq!(
        list(&app, &path, "roleBindings").await,
        (sorted(vec![b.ci_org.clone(), b.ci_team.clone()]), "2".into())
    );
    let editor = app.role_uid("editor").await;
    let path = format!("/iam/v2beta1/roleBindings?role={editor}");
    assert_eq!(
        list(&app, &path, "roleBindings").await,
        (sorted(vec![b.cd_team.clone(), b.cd_sub.clone()]), "2".into())
    );
}

#[tokio::test]
async fn role_bindings_filters_with_a_malformed_uid_are_invalid_argument_naming_the_key() {
    let app = TestApp::new().await;
    for key in ["group", "identity", "role"] {
        let r = app.call(Method::GET, &format!("/iam/v2beta1/roleBindings?{key}=team"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{key}");
        assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], key);
    }
}

#[tokio::test]
async fn identities_relationship_type_filter_returns_only_that_type() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let ci = app.identity(&team, "ci").await;
    let laptop = app
        .create(
            &format!("/iam/v2beta1/identities/{team}"),
            json!({"name": "laptop", "staticKeys": {
                "issuer": "https://issuer.example.com", "subject": "me",
                "issuerKeys": r#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#,
            }}),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let syncer = app
        .create(
            &format!("/iam/v2beta1/identities/{team}"),
            json!({"name": "syncer", "servicePrincipal": "SERVICE_PRINCIPAL_CATALOG_SYNCER"}),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let deployer = app
        .create(
            &format!("/iam/v2beta1/identities/{team}"),
            json!({"name": "deployer", "awsIdentity": {
                "awsAccount": "123456789012", "arn": "arn:aws:iam::123456789012:role/deploy", "userId": "AROAEXAMPLE"}}),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let in_team = format!("/iam/v2beta1/identities?uidp.childrenOf={team}");
    for (kind, expected) in [
        ("RELATIONSHIP_TYPE_CLAIM_MATCH", vec![ci.clone()]),
        ("1", vec![ci.clone()]),
        ("RELATIONSHIP_TYPE_STATIC", vec![laptop.clone()]),
        ("RELATIONSHIP_TYPE_SERVICE_PRINCIPAL", vec![syncer.clone()]),
        ("RELATIONSHIP_TYPE_AWS_IDENTITY", vec![deployer.clone()]),
        ("3", vec![deployer.clone()]),
    ] {
        let total = expected.len().to_string();
        assert_eq!(
            list(&app, &format!("{in_team}&relationship_type={kind}"), "identities").await,
            (expected, total),
            "{kind}"
        );
    }
    let all = (sorted(vec![ci.clone(), laptop, syncer, deployer]), "4".to_owned());
    assert_eq!(
        list(&app, &format!("{in_team}&relationshipType=RELATIONSHIP_TYPE_UNSPECIFIED"), "identities").await,
        all
    );

    let r = app.call(Method::GET, "/iam/v2beta1/identities?relationship_type=STATIC", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        invalid(
            "relationship_type",
            "relationship_type \"STATIC\" is not a relationship type; use one of RELATIONSHIP_TYPE_CLAIM_MATCH, \
             RELATIONSHIP_TYPE_STATIC, RELATIONSHIP_TYPE_AWS_IDENTITY, RELATIONSHIP_TYPE_SERVICE_PRINCIPAL (or its number)"
        )
    );
}

#[tokio::test]
async fn every_uidp_filter_narrows_the_list() {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let b = app.group(&app.org, "b").await;
    let x = app.group(&a, "x").await;
    let y = app.group(&x, "y").await;
    let cases = [
        (format!("uidp.descendants_of={a}"), sorted(vec![x.clone(), y.clone()])),
        (format!("uidp.descendantsOf={}", app.org), sorted(vec![a.clone(), b.clone(), x.clone(), y.clone()])),
        (format!("uidp.children_of={}", app.org), sorted(vec![a.clone(), b.clone()])),
        (format!("uidp.ancestors_of={y}"), sorted(vec![app.org.clone(), a.clone(), x.clone()])),
        ("uidp.in_root=true".to_owned(), vec![app.org.clone()]),
        (format!("uidp.ids={b}&uidp.ids={y}"), sorted(vec![b.clone(), y.clone()])),
        (format!("uidp.ids={b},{y}&uidp.descendants_of={a}"), vec![y.clone()]),
    ];
    for (query, expected) in cases {
        let total = expected.len().to_string();
        assert_eq!(list(&app, &format!("/iam/v2beta1/groups?{query}"), "groups").await, (expected, total), "{query}");
    }
    let r = app.call(Method::GET, "/iam/v2beta1/groups?uidp.children_of=nope", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["details"][1]["fieldViolations"][0]["field"], "uidp.children_of");
}

#[tokio::test]
async fn query_keys_that_are_no_field_of_the_request_are_ignored() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let everything = list(&app, "/iam/v2beta1/groups", "groups").await;
    assert_eq!(everything, (sorted(vec![app.org.clone(), team.clone()]), "2".into()));
    assert_eq!(list(&app, &format!("/iam/v2beta1/groups?parent={team}"), "groups").await, everything);
    // `group` filters role bindings only; on groups it is no field, even when malformed.
    assert_eq!(list(&app, "/iam/v2beta1/groups?group=nope&relationship_type=9", "groups").await, everything);
}

#[tokio::test]
async fn identity_company_and_service_principal_are_stored_and_returned() {
    let app = TestApp::new().await;
    let created = app
        .create(
            &format!("/iam/v2beta1/identities/{}", app.org),
            json!({"name": "syncer", "company": "Acme Corp.", "servicePrincipal": 3}),
        )
        .await;
    let uid = created["uid"].as_str().unwrap();
    assert_eq!(
        (&created["company"], &created["servicePrincipal"], &created["email"], &created["emailUnverified"]),
        (&json!("Acme Corp."), &json!("SERVICE_PRINCIPAL_CATALOG_SYNCER"), &json!(""), &json!(""))
    );
    assert!(created.get("claimMatch").is_none());
    let got = app.call(Method::GET, &format!("/iam/v2beta1/identities/{uid}"), None).await;
    assert_eq!(got.body, created);

    let r =
        app.call(Method::PATCH, &format!("/iam/v2beta1/identities/{uid}"), Some(json!({"company": "Globex"}))).await;
    assert_eq!((r.status, &r.body["company"], &r.body["name"]), (StatusCode::OK, &json!("Globex"), &json!("syncer")));

    let r = app
        .call(
            Method::POST,
            &format!("/iam/v2beta1/identities/{}", app.org),
            Some(json!({"name": "ghost", "servicePrincipal": "SERVICE_PRINCIPAL_JANITOR"})),
        )
        .await;
    assert_eq!(
        r.body,
        invalid("servicePrincipal", "servicePrincipal \"SERVICE_PRINCIPAL_JANITOR\" names no service principal")
    );
}

#[tokio::test]
async fn aws_identity_is_created_got_listed_and_replaced() {
    let app = TestApp::new().await;
    let aws = json!({"awsAccount": "123456789012", "arnPattern": "arn:aws:sts::123456789012:assumed-role/ci/.*",
                     "userId": "AROAEXAMPLE:ci"});
    let created =
        app.create(&format!("/iam/v2beta1/identities/{}", app.org), json!({"name": "ci", "awsIdentity": aws})).await;
    assert_eq!(created["awsIdentity"], aws);
    assert!(created.get("claimMatch").is_none() && created.get("staticKeys").is_none(), "{created}");
    let uid = created["uid"].as_str().unwrap();
    let got = app.call(Method::GET, &format!("/iam/v2beta1/identities/{uid}"), None).await;
    assert_eq!((got.status, &got.body), (StatusCode::OK, &created));
    let listed = app.call(Method::GET, &format!("/iam/v2beta1/identities?uidp.ids={uid}"), None).await;
    assert_eq!(listed.body["identities"], json!([created]));

    let replaced = json!({"awsAccount": "210987654321", "arn": "arn:aws:iam::210987654321:user/dev",
                          "userIdPattern": "AIDA[A-Z0-9]+"});
    let r = app
        .call(Method::PATCH, &format!("/iam/v2beta1/identities/{uid}"), Some(json!({"awsIdentity": replaced})))
        .await;
    assert_eq!((r.status, &r.body["awsIdentity"], &r.body["name"]), (StatusCode::OK, &replaced, &json!("ci")));
}

#[tokio::test]
async fn a_nested_update_mask_path_changes_only_that_aws_identity_field() {
    let app = TestApp::new().await;
    let created = app
        .create(
            &format!("/iam/v2beta1/identities/{}", app.org),
            json!({"name": "ci", "awsIdentity": {"awsAccount": "123456789012",
                   "arn": "arn:aws:iam::123456789012:role/ci", "userId": "AROAEXAMPLE"}}),
        )
        .await;
    let uid = created["uid"].as_str().unwrap();
    for (mask, pattern) in [("awsIdentity.arnPattern", "arn:aws:.*"), ("aws_identity.arn_pattern", "arn:aws:iam::.*")] {
        let r = app
            .call(
                Method::PATCH,
                &format!("/iam/v2beta1/identities/{uid}?update_mask={mask}"),
                // Only the masked field is read; the account in the body is not.
                Some(json!({"awsIdentity": {"awsAccount": "999999999999", "arnPattern": pattern}})),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{mask}: {}", r.body);
        assert_eq!(
            r.body["awsIdentity"],
            json!({"awsAccount": "123456789012", "arnPattern": pattern, "userId": "AROAEXAMPLE"}),
            "{mask}"
        );
    }
    let r = app
        .call(Method::PATCH, &format!("/iam/v2beta1/identities/{uid}?update_mask=awsIdentity.region"), Some(json!({})))
        .await;
    let description = "update_mask path \"aws_identity.region\" is not a field of awsIdentity; use one of \
                       awsIdentity.awsAccount, awsIdentity.arn, awsIdentity.arnPattern, awsIdentity.userId, \
                       awsIdentity.userIdPattern";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("update_mask", description)));
    let ci = app.identity(&app.org, "oidc").await;
    let r = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/identities/{ci}?update_mask=awsIdentity.arn"),
            Some(json!({"awsIdentity": {"arn": "a"}})),
        )
        .await;
    let description = "the identity has no awsIdentity to change fields of; send the whole awsIdentity";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("update_mask", description)));
}

#[tokio::test]
async fn a_nested_update_mask_path_changes_only_that_static_keys_field() {
    let app = TestApp::new().await;
    let jwks = r#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#;
    let created = app
        .create(
            &format!("/iam/v2beta1/identities/{}", app.org),
            json!({"name": "laptop", "staticKeys": {"issuer": "https://issuer.example.com", "subject": "me",
                   "issuerKeys": jwks, "audiences": ["grove"]}}),
        )
        .await;
    let uid = created["uid"].as_str().unwrap();
    for (mask, subject) in [("staticKeys.subject", "you"), ("static_keys.subject", "them")] {
        let r = app
            .call(
                Method::PATCH,
                &format!("/iam/v2beta1/identities/{uid}?update_mask={mask}"),
                // Only the masked field is read; the issuer in the body is not.
                Some(json!({"staticKeys": {"issuer": "https://elsewhere.example", "subject": subject}})),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{mask}: {}", r.body);
        let mut expected = created["staticKeys"].clone();
        expected["subject"] = json!(subject);
        assert_eq!(r.body["staticKeys"], expected, "{mask}");
    }
    let r = app
        .call(Method::PATCH, &format!("/iam/v2beta1/identities/{uid}?update_mask=staticKeys.keys"), Some(json!({})))
        .await;
    let description = "update_mask path \"static_keys.keys\" is not a field of staticKeys; use one of \
                       staticKeys.issuer, staticKeys.subject, staticKeys.issuerKeys, staticKeys.expirationTime, \
                       staticKeys.audiences";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("update_mask", description)));
    let r = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/identities/{uid}?update_mask=staticKeys.subject,awsIdentity.arn"),
            Some(json!({})),
        )
        .await;
    let description = "update_mask may name fields of one of claimMatch, staticKeys and awsIdentity, not of several";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("update_mask", description)));
    let oidc = app.identity(&app.org, "oidc").await;
    let r = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/identities/{oidc}?update_mask=staticKeys.subject"),
            Some(json!({"staticKeys": {"subject": "x"}})),
        )
        .await;
    let description = "the identity has no staticKeys to change fields of; send the whole staticKeys";
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, invalid("update_mask", description)));
}

#[tokio::test]
async fn aws_identity_needs_a_12_digit_account_an_arn_and_a_user_id() {
    let app = TestApp::new().await;
    let path = format!("/iam/v2beta1/identities/{}", app.org);
    let cases = [
        (
            json!({"awsAccount": "12345678901", "arn": "a", "userId": "u"}),
            "awsIdentity.awsAccount",
            "awsIdentity.awsAccount must be 12 digits",
        ),
        (
            json!({"awsAccount": "12345678901x", "arn": "a", "userId": "u"}),
            "awsIdentity.awsAccount",
            "awsIdentity.awsAccount must be 12 digits",
        ),
        (json!({"arn": "a", "userId": "u"}), "awsIdentity.awsAccount", "awsIdentity.awsAccount is required"),
        (
            json!({"awsAccount": "123456789012", "userId": "u"}),
            "awsIdentity.arn",
            "awsIdentity.arn or awsIdentity.arnPattern is required",
        ),
        (
            json!({"awsAccount": "123456789012", "arn": "a"}),
            "awsIdentity.userId",
            "awsIdentity.userId or awsIdentity.userIdPattern is required",
        ),
        (
            json!({"awsAccount": "123456789012", "arnPattern": "(", "userId": "u"}),
            "awsIdentity.arnPattern",
            "awsIdentity.arnPattern must be a valid regular expression",
        ),
    ];
    for (aws, field, description) in cases {
        let r = app.call(Method::POST, &path, Some(json!({"name": "ci", "awsIdentity": aws}))).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{aws}");
        assert_eq!(r.body, invalid(field, description), "{aws}");
    }
}

#[tokio::test]
async fn a_nested_update_mask_path_changes_only_that_claim_match_field() {
    let app = TestApp::new().await;
    let created = app
        .create(
            &format!("/iam/v2beta1/identities/{}", app.org),
            json!({"name": "ci", "claimMatch": {
                "issuer": "https://token.actions.githubusercontent.com", "subject": "repo:acme/app:ref:refs/heads/main",
                "audience": "grove", "claims": {"repository_owner": "acme"}}}),
        )
        .await;
    let uid = created["uid"].as_str().unwrap();
    for (mask, pattern) in
        [("claimMatch.subjectPattern", "repo:acme/.*"), ("claim_match.subject_pattern", "repo:acme/app:.*")]
    {
        let r = app
            .call(
                Method::PATCH,
                &format!("/iam/v2beta1/identities/{uid}?update_mask={mask}"),
                // Only the masked field is read; the issuer in the body is not.
                Some(json!({"name": "ignored", "claimMatch": {"subjectPattern": pattern, "issuer": "https://evil.example"}})),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{mask}: {}", r.body);
        assert_eq!(
            r.body["claimMatch"],
            json!({"issuer": "https://token.actions.githubusercontent.com", "subjectPattern": pattern,
                   "audience": "grove", "claims": {"repository_owner": "acme"}, "claimPatterns": {}}),
            "{mask}"
        );
        assert_eq!(r.body["name"], "ci");
    }
    let r = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/identities/{uid}?updateMask=claimMatch.subjectPatern"),
            Some(json!({})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["details"][1]["fieldViolations"][0],
        json!({"field": "update_mask", "description": "update_mask path \"claim_match.subject_patern\" is not a field of claimMatch; use one of claimMatch.issuer, claimMatch.issuerPattern, claimMatch.subject, claimMatch.subjectPattern, claimMatch.audience, claimMatch.audiencePattern, claimMatch.claims, claimMatch.claimPatterns"})
    );
}
