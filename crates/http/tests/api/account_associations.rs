//! `/iam/v2beta1/accountAssociations`: exact bodies of create, get, update (mask), list and
//! the idempotent delete; bad input that writes nothing; the service-binding rules; the
//! check (local NOT_READY, FAILED_PRECONDITION where a cloud would be asked); the
//! association going with its group. Who may do what is in the people matrix of
//! `authorization.rs`.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const CREATED: &str = "2026-11-18T11:06:40.000Z";
const TENANT: &str = "0a1b2c3d-0000-4000-8000-00000000000a";
const CLIENT: &str = "0a1b2c3d-0000-4000-8000-00000000000b";

fn path(uid: &str) -> String {
    format!("/iam/v2beta1/accountAssociations/{uid}")
}

fn invalid(field: &str, description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: {field}: {description}"),
        "details": [
            error_info("INVALID_ARGUMENT"),
            { "@type": "type.googleapis.com/google.rpc.BadRequest",
              "fieldViolations": [{ "field": field, "description": description }] },
        ],
    })
}

fn full_body() -> Value {
    json!({
        "name": "acme accounts",
        "description": "prod",
        "amazon": { "account": "123456789012" },
        "google": { "projectId": "acme-prod", "projectNumber": "1234567890" },
        "azure": { "tenantId": TENANT, "clientIds": { "ingester": CLIENT } },
        "github": { "appInstallations": { "42": { "installations": [{ "installationId": "7", "name": "acme" }] } } },
    })
}

#[tokio::test]
async fn create_get_update_list_and_delete_show_exact_bodies() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let created = app.create(&path(&team), full_body()).await;
    let mut expected = full_body();
    expected["uid"] = json!(team);
    expected["createTime"] = json!(CREATED);
    expected["updateTime"] = json!(CREATED);
    assert_eq!(created, expected);
    let got = app.call(Method::GET, &path(&team), None).await;
    assert_eq!((got.status, got.body), (StatusCode::OK, expected.clone()));

    let again = app.call(Method::POST, &path(&team), Some(json!({ "name": "twice" }))).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);

    let updated = app
        .call(
            Method::PATCH,
            &format!("{}?update_mask=name,google", path(&team)),
            Some(json!({ "name": "renamed", "description": "ignored, not masked" })),
        )
        .await;
    let mut after = expected.clone();
    after["name"] = json!("renamed");
    after.as_object_mut().unwrap().remove("google");
    assert_eq!((updated.status, updated.body), (StatusCode::OK, after.clone()));

    let org_assoc = app.create(&path(&app.org), json!({ "name": "org" })).await;
    let list = app.call(Method::GET, "/iam/v2beta1/accountAssociations", None).await;
    assert_eq!(list.body["accountAssociations"], json!([org_assoc, after]), "group asc");
    assert_eq!(list.body["totalCount"], "2");
    let desc = app.call(Method::GET, "/iam/v2beta1/accountAssociations?order_by=group%20desc", None).await;
    assert_eq!(desc.body["accountAssociations"][0]["uid"], json!(team));
    let by_name = app.call(Method::GET, "/iam/v2beta1/accountAssociations?name=org", None).await;
    assert_eq!(by_name.body["accountAssociations"], json!([org_assoc]));
    let children =
        app.call(Method::GET, &format!("/iam/v2beta1/accountAssociations?uidp.children_of={}", app.org), None).await;
    assert_eq!(children.body["accountAssociations"][0]["uid"], json!(team));
    assert_eq!(children.body["accountAssociations"].as_array().unwrap().len(), 1);

    let deleted = app.call(Method::DELETE, &path(&team), None).await;
    assert_eq!((deleted.status, deleted.body), (StatusCode::OK, json!({})));
    let twice = app.call(Method::DELETE, &path(&team), None).await;
    assert_eq!((twice.status, twice.body), (StatusCode::OK, json!({})), "delete is idempotent");
    let gone = app.call(Method::GET, &path(&team), None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_input_names_every_field_and_writes_nothing() {
    let app = TestApp::new().await;
    let body = json!({
        "amazon": { "account": "12345" },
        "google": { "projectId": "Bad_Id" , "projectNumber": "x" },
        "azure": { "tenantId": "nope", "clientIds": {} },
    });
    let r = app.call(Method::POST, &path(&app.org), Some(body)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["details"][1]["fieldViolations"],
        json!([
            { "field": "name", "description": "name is required" },
            { "field": "amazon.account", "description": "amazon.account must be a 12-digit AWS account id" },
            { "field": "google.projectId", "description": "google.projectId must be a Google Cloud project id: 6 to 30 lowercase letters, digits or hyphens, starting with a letter" },
            { "field": "google.projectNumber", "description": "google.projectNumber must be the project's decimal number" },
            { "field": "azure.tenantId", "description": "azure.tenantId must be a UUID" },
            { "field": "azure.clientIds", "description": "azure.clientIds is required: component name to Azure client id" },
        ])
    );
    let unknown = app
        .call(
            Method::POST,
            &path(&app.org),
            Some(json!({ "name": "n", "chainguard": { "serviceBindings": { "NOPE": app.org } } })),
        )
        .await;
    assert_eq!(
        unknown.body,
        invalid("chainguard.serviceBindings[NOPE]", "NOPE is not a service principal name such as INGESTER")
    );
    let list = app.call(Method::GET, "/iam/v2beta1/accountAssociations", None).await;
    assert_eq!(list.body["accountAssociations"], json!([]), "nothing was written");
}

#[tokio::test]
async fn service_bindings_must_name_a_matching_service_principal_directly_in_the_group() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let sp = app
        .create(
            &format!("/iam/v2beta1/identities/{team}"),
            json!({ "name": "ingester", "servicePrincipal": "SERVICE_PRINCIPAL_INGESTER" }),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let person = app.identity(&team, "person").await;
    let bind = |key: &str, uid: &str| json!({ "name": "n", "chainguard": { "serviceBindings": { key: uid } } });
    let wrong_kind = app.call(Method::POST, &path(&team), Some(bind("INGESTER", &person))).await;
    assert_eq!(
        wrong_kind.body,
        invalid(
            "chainguard.serviceBindings[INGESTER]",
            &format!("identity {person} is not a service principal of kind INGESTER")
        )
    );
    let wrong_principal = app.call(Method::POST, &path(&team), Some(bind("COSIGNED", &sp))).await;
    assert_eq!(
        wrong_principal.body,
        invalid(
            "chainguard.serviceBindings[COSIGNED]",
            &format!("identity {sp} is not a service principal of kind COSIGNED")
        )
    );
    let elsewhere = app.call(Method::POST, &path(&app.org), Some(bind("INGESTER", &sp))).await;
    assert_eq!(
        elsewhere.body,
        invalid(
            "chainguard.serviceBindings[INGESTER]",
            &format!("identity {sp} must be directly in group {}", app.org)
        )
    );
    let ok = app.create(&path(&team), bind("INGESTER", &sp)).await;
    assert_eq!(ok["chainguard"], json!({ "serviceBindings": { "INGESTER": sp } }));
}

#[tokio::test]
async fn check_says_not_ready_locally_and_failed_precondition_where_a_cloud_must_be_asked() {
    let app = TestApp::new().await;
    app.create(&path(&app.org), json!({ "name": "n", "amazon": { "account": "123456789012" } })).await;
    let app = &app;
    let check = |provider: &str| {
        let p = format!("{}:checkAccountAssociation", path(&app.org));
        let body = json!({ "providerType": provider });
        async move { app.call(Method::POST, &p, Some(body)).await }
    };
    let google = check("ACCOUNT_PROVIDER_TYPE_GOOGLE").await;
    assert_eq!(
        (google.status, google.body),
        (
            StatusCode::OK,
            json!({ "status": "CHECK_STATUS_NOT_READY", "reason": "NOT_CONFIGURED",
                    "message": format!("the association of {} has no google section", app.org) })
        )
    );
    let amazon = check("ACCOUNT_PROVIDER_TYPE_AMAZON").await;
    assert_eq!(amazon.status, StatusCode::BAD_REQUEST, "{}", amazon.body);
    assert_eq!(amazon.body["code"], 9);
    assert_eq!(amazon.body["details"][1]["violations"][0]["type"], "CLOUD_UNREACHABLE");
    let missing = check("ACCOUNT_PROVIDER_TYPE_UNSPECIFIED").await;
    assert_eq!(
        missing.body,
        invalid("providerType", "providerType is required: ACCOUNT_PROVIDER_TYPE_GOOGLE, _AMAZON or _AZURE")
    );
}

#[tokio::test]
async fn deleting_a_group_deletes_its_association() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    app.create(&path(&team), json!({ "name": "n" })).await;
    let r = app.call(Method::DELETE, &format!("/iam/v2beta1/groups/{team}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let list = app.call(Method::GET, "/iam/v2beta1/accountAssociations", None).await;
    assert_eq!(list.body["accountAssociations"], json!([]));
}

/// A body as text, to compare answers byte for byte and show them readably.
fn text(raw: &[u8]) -> &str {
    std::str::from_utf8(raw).unwrap()
}

#[tokio::test]
async fn without_identity_list_a_missing_identity_and_a_wrong_one_answer_byte_for_byte_alike() {
    let app = TestApp::new().await;
    let team = app.group(&app.org, "team").await;
    let caps = json!([
        "groups.list",
        "account_associations.create",
        "account_associations.update",
        "account_associations.list"
    ]);
    app.create(&format!("/iam/v2beta1/roles/{}", app.org), json!({ "name": "clouds", "capabilities": caps })).await;
    let clouds = app.identity(&app.org, "clouds").await;
    app.bind(&team, &clouds, "clouds").await;
    let clouds = app.token_for(&clouds);
    let person = app.identity(&team, "person").await;
    let body = json!({ "name": "n", "chainguard": { "serviceBindings": { "INGESTER": person } } });

    let wrong = app.call_as(&clouds, Method::POST, &path(&team), Some(body.clone())).await;
    let deleted = app.call(Method::DELETE, &format!("/iam/v2beta1/identities/{person}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    let missing = app.call_as(&clouds, Method::POST, &path(&team), Some(body.clone())).await;
    assert_eq!((wrong.status, text(&wrong.raw)), (missing.status, text(&missing.raw)));
    assert_eq!(
        (missing.status, missing.body),
        (
            StatusCode::BAD_REQUEST,
            invalid(
                "chainguard.serviceBindings[INGESTER]",
                &format!("identity {person} does not exist or is not a service principal of kind INGESTER"),
            )
        )
    );
    // The owner, who may list the group's identities, is told which.
    let owners = app.call(Method::POST, &path(&team), Some(body)).await;
    assert_eq!(
        owners.body,
        invalid("chainguard.serviceBindings[INGESTER]", &format!("identity {person} does not exist"))
    );

    // The check of a stored association whose service principal changed kind, then went.
    let sp = app
        .create(
            &format!("/iam/v2beta1/identities/{team}"),
            json!({ "name": "ingester", "servicePrincipal": "SERVICE_PRINCIPAL_INGESTER" }),
        )
        .await["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let association = json!({
        "name": "n",
        "amazon": { "account": "123456789012" },
        "chainguard": { "serviceBindings": { "INGESTER": sp } },
    });
    app.create(&path(&team), association).await;
    let check = || async {
        let body = json!({ "providerType": "ACCOUNT_PROVIDER_TYPE_AMAZON" });
        app.call_as(&clouds, Method::POST, &format!("{}:checkAccountAssociation", path(&team)), Some(body)).await
    };
    let changed = app
        .call(
            Method::PATCH,
            &format!("/iam/v2beta1/identities/{sp}"),
            Some(json!({ "servicePrincipal": "SERVICE_PRINCIPAL_COSIGNED" })),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let wrong = check().await;
    app.call(Method::DELETE, &format!("/iam/v2beta1/identities/{sp}"), None).await;
    let missing = check().await;
    assert_eq!((wrong.status, text(&wrong.raw)), (missing.status, text(&missing.raw)));
    assert_eq!(
        (missing.status, missing.body),
        (
            StatusCode::OK,
            json!({ "status": "CHECK_STATUS_NOT_READY", "reason": "SERVICE_BINDING_INVALID",
                    "message": format!("identity {sp} does not exist or is not a service principal of kind INGESTER") })
        )
    );
}
