//! The OpenAPI document tells the truth: the keys lists send, the errors every operation
//! can answer, and the methods each path serves (the same ones `Allow` lists).

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

const METHODS: [&str; 4] = ["get", "post", "patch", "delete"];

fn document() -> Value {
    serde_json::from_str(&grove_http::openapi::document()).unwrap()
}

/// Every (path, method, operation) of the document.
fn operations(doc: &Value) -> Vec<(String, &'static str, Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            if let Some(op) = item.get(method) {
                out.push((path.clone(), method, op.clone()));
            }
        }
    }
    out
}

#[test]
fn list_schemas_name_the_array_key_the_server_sends() {
    let doc = document();
    let lists = [
        ("ListGroupsResponse", "groups", "Group"),
        ("ListIdentitiesResponse", "identities", "Identity"),
        ("ListRolesResponse", "roles", "Role"),
        ("ListRoleBindingsResponse", "roleBindings", "RoleBinding"),
        ("ListReposResponse", "repos", "Repo"),
        ("ListTagsResponse", "tags", "Tag"),
    ];
    for (schema, key, item) in lists {
        let list = &doc["components"]["schemas"][schema];
        assert_eq!(list["required"], json!([key, "nextPageToken", "skipped"]), "{schema}");
        let mut properties: Vec<&str> = list["properties"].as_object().unwrap().keys().map(String::as_str).collect();
        properties.sort_unstable();
        let mut expected = [key, "nextPageToken", "skipped", "totalCount"];
        expected.sort_unstable();
        assert_eq!(properties, expected, "{schema}");
        let item_schema = serde_json::to_value(grove_http::proto_schema::message_schema(&format!(
            "chainguard.platform.{}.v2beta1.{item}",
            if matches!(item, "Repo" | "Tag") { "registry" } else { "iam" }
        )))
        .unwrap();
        assert_eq!(list["properties"][key]["items"], item_schema, "{schema}");
        assert_eq!(list["properties"]["totalCount"]["type"], "string", "{schema}");
        assert_eq!(list["properties"]["nextPageToken"]["type"], "string", "{schema}");
    }
}

#[tokio::test]
async fn the_groups_list_sends_the_key_its_schema_names() {
    let app = TestApp::new().await;
    let r = app.call(Method::GET, "/iam/v2beta1/groups", None).await;
    let keys: Vec<&String> = r.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["groups", "nextPageToken", "totalCount", "skipped"]);
    assert_eq!(r.body["groups"][0]["uid"], app.org.as_str());
}

#[test]
fn every_operation_documents_its_error_statuses_with_the_status_schema() {
    let doc = document();
    let ops = operations(&doc);
    assert_eq!(ops.len(), 164);
    for (path, method, op) in &ops {
        let writes = *method == "post" || *method == "patch";
        let open = op["security"] == json!([]);
        let mut expected = vec!["200", "400", "401", "403", "404", "500", "503"];
        if open {
            expected = vec!["200", "500", "503"];
        } else if writes {
            expected.insert(5, "409");
        }
        if path.ends_with(":requestGroupAccess") {
            expected.insert(6, "429");
        }
        let statuses: Vec<&String> = op["responses"].as_object().unwrap().keys().collect();
        assert_eq!(statuses, expected, "{method} {path}");
        for status in &expected[1..] {
            let reference = op["responses"][status]["$ref"].as_str().unwrap();
            let name = reference.strip_prefix("#/components/responses/").unwrap();
            let response = &doc["components"]["responses"][name];
            assert_eq!(
                response["content"],
                json!({"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}),
                "{method} {path} {status}"
            );
        }
    }
    let status = &doc["components"]["schemas"]["Status"];
    assert_eq!(status["required"], json!(["code", "message", "details"]));
    assert_eq!(status["properties"]["code"]["type"], "integer");
    assert_eq!(status["properties"]["message"]["type"], "string");
    assert_eq!(status["properties"]["details"]["items"], json!({"$ref": "#/components/schemas/Any"}));
    let any = &doc["components"]["schemas"]["Any"];
    assert_eq!((&any["required"], &any["properties"]["@type"]["type"]), (&json!(["@type"]), &json!("string")));
}

#[test]
fn every_uid_parameter_has_the_uid_pattern_and_bodies_refuse_unknown_fields() {
    let doc = document();
    for (path, method, op) in operations(&doc) {
        for param in op["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "path") {
            if path.starts_with("/events/v1alpha1/deadletters/") {
                // A dead letter is named by its id, a UUID, not by a uid.
                assert_eq!(param["name"], "id", "{method} {path}");
                continue;
            }
            assert_eq!(param["name"], "uid", "{method} {path}");
            assert_eq!(param["schema"]["pattern"], grove_http::resources::UID_PATTERN, "{method} {path}");
        }
        let body = &op["requestBody"]["content"]["application/json"]["schema"];
        if let Some(reference) = body["$ref"].as_str().or(body["allOf"][0]["$ref"].as_str()) {
            let name = reference.strip_prefix("#/components/schemas/").unwrap();
            assert_eq!(doc["components"]["schemas"][name]["additionalProperties"], false, "{name}");
        }
    }
    let ids = &doc["paths"]["/iam/v2beta1/groups"]["get"]["parameters"][4];
    assert_eq!(
        (&ids["name"], &ids["schema"]["items"]),
        (&json!("uidp.ids"), &json!({"$ref": "#/components/schemas/Uid"}))
    );
    assert_eq!(doc["components"]["schemas"]["Uid"]["pattern"], grove_http::resources::UID_PATTERN);
}

#[test]
fn creates_require_what_the_services_require_and_updates_require_nothing() {
    let doc = document();
    let body = |path: &str, method: &str| {
        doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"].clone()
    };
    assert_eq!(
        body("/iam/v2beta1/groups/{uid}", "post"),
        json!({"allOf": [{"$ref": "#/components/schemas/GroupBody"},
                         {"required": ["name"], "properties": {"name": {"not": {"type": "null"}}}}]})
    );
    assert_eq!(body("/registry/v2beta1/tags/{uid}", "post")["allOf"][1]["required"], json!(["name", "digest"]));
    assert_eq!(body("/iam/v2beta1/groups/{uid}", "patch"), json!({"$ref": "#/components/schemas/GroupBody"}));
    assert_eq!(doc["components"]["schemas"]["GroupBody"].get("required"), None);
}

#[test]
fn creates_link_their_uid_to_the_operations_it_feeds() {
    let doc = document();
    let links = &doc["paths"]["/registry/v2beta1/repos/{uid}"]["post"]["responses"]["200"]["links"];
    let names: Vec<&String> = links.as_object().unwrap().keys().collect();
    assert_eq!(names, ["GetRepo", "UpdateRepo", "DeleteRepo", "CreateTag"]);
    assert_eq!(links["CreateTag"], json!({"operationId": "CreateTag", "parameters": {"uid": "$response.body#/uid"}}));
}

#[tokio::test]
async fn allow_lists_exactly_the_documented_methods_of_every_path() {
    let app = TestApp::new().await;
    let doc = document();
    // The token service's routes are grove-sts's and `/version` and `/metrics` the binary's,
    // which this router does not merge.
    let elsewhere = |path: &str| ["/sts/", "/.well-known/", "/version", "/metrics"].iter().any(|p| path.starts_with(p));
    for (path, item) in doc["paths"].as_object().unwrap().iter().filter(|(path, _)| !elsewhere(path)) {
        let mut documented: Vec<String> =
            METHODS.iter().filter(|m| item.get(**m).is_some()).map(|m| m.to_uppercase()).collect();
        if documented.iter().any(|m| m == "GET") {
            documented.push("HEAD".to_owned());
        }
        documented.sort();
        let concrete = path.replace("{uid}", &app.org).replace("{id}", "0b4c3f8e-5d2a-4e61-9a7b-3c2d1e0f9a8b");
        let r = app.call(Method::OPTIONS, &concrete, None).await;
        assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
        let mut allowed: Vec<String> =
            r.headers["allow"].to_str().unwrap().split(',').map(|m| m.trim().to_owned()).collect();
        allowed.sort();
        assert_eq!(allowed, documented, "{path}");
    }
}

#[tokio::test]
async fn options_and_unsupported_methods_answer_405_with_allow_and_the_error_body() {
    let app = TestApp::new().await;
    let cases = [
        (Method::OPTIONS, "/iam/v2beta1/groups".to_owned(), "GET,HEAD,POST"),
        (Method::PUT, format!("/iam/v2beta1/groups/{}", app.org), "GET,HEAD,POST,PATCH,DELETE"),
        (Method::DELETE, "/registry/v2beta1/tags".to_owned(), "GET,HEAD"),
        (Method::TRACE, "/openapi.json".to_owned(), "GET,HEAD"),
        (Method::PATCH, format!("/iam/v2beta1/groups/{}:requestGroupAccess", app.org), "POST"),
        (Method::GET, format!("/iam/v2beta1/groups/{}:requestGroupAccess", app.org), "POST"),
        (Method::OPTIONS, format!("/iam/v2beta1/groups/{}:requestGroupAccess", app.org), "POST"),
        (Method::DELETE, format!("/iam/v2beta1/identityProviders/{}/0123456789abcdef:setScimEnabled", app.org), "POST"),
    ];
    for (method, path, allow) in cases {
        let r = app.call(method.clone(), &path, None).await;
        assert_eq!((r.status, r.headers["allow"].to_str().unwrap()), (StatusCode::METHOD_NOT_ALLOWED, allow), "{path}");
        assert_eq!(r.headers["content-type"], "application/json");
        assert_eq!(
            r.body,
            json!({"code": 12, "message": format!("Unimplemented: {method} is not supported on {path}"),
                   "details": [error_info("UNIMPLEMENTED")]})
        );
    }
}

#[tokio::test]
async fn options_on_a_merged_router_answers_405_with_its_methods_in_the_error_format() {
    let extra = axum::Router::new().route("/extra/exchange", axum::routing::get(|| async {}).post(|| async {}));
    let app = TestApp::new().await;
    let router = grove_http::router(app.services.clone(), &grove_http::HttpConfig::default(), extra);
    let request = axum::http::Request::builder()
        .method("OPTIONS")
        .uri("/extra/exchange")
        .body(axum::body::Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(router, request).await.unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(response.headers()["allow"], "GET,HEAD,POST");
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    assert_eq!(
        serde_json::from_slice::<Value>(&bytes).unwrap(),
        json!({"code": 12, "message": "Unimplemented: OPTIONS is not supported on /extra/exchange",
               "details": [error_info("UNIMPLEMENTED")]})
    );
}
