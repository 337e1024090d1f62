//! The OpenAPI 3.1 document, generated from the handlers' annotations, with one error body
//! schema (`Status`) and one reusable response per error status the operations answer.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{IntoResponses, Modify, OpenApi};

use grove_domain::error::Code;
use grove_rpc::Verb;

use crate::error::{Any, Status};
use crate::resources::{
    account_associations, advisories, audit, dead_letters, group_invites, groups, identities, identity_providers,
    registry, role_bindings, roles, scim, scim_provisioning, subscriptions, Uid,
};

/// References to the reusable responses of `statuses`: one per HTTP status of the error
/// table ([`Code::http_status`]), named after its first code.
fn error_refs(statuses: &[u16]) -> BTreeMap<String, RefOr<Response>> {
    error_statuses()
        .into_iter()
        .filter(|(status, _, _)| statuses.contains(status))
        .map(|(status, name, _)| (status.to_string(), RefOr::Ref(Ref::from_response_name(name))))
        .collect()
}

/// Each HTTP status of the error table with the name of its reusable response and when it is
/// answered (`INVALID_ARGUMENT (code 3): …; or FAILED_PRECONDITION (code 9): …`).
fn error_statuses() -> Vec<(u16, String, String)> {
    let mut statuses: Vec<(u16, String, String)> = Vec::new();
    for code in Code::ALL {
        let said = format!("{} (code {}): {}", code.name(), code.number(), code.description());
        match statuses.iter_mut().find(|(status, _, _)| *status == code.http_status()) {
            Some((_, _, description)) => *description = format!("{description}; or {said}"),
            None => statuses.push((code.http_status(), format!("{code:?}"), said)),
        }
    }
    for (_, _, description) in &mut statuses {
        description.push('.');
    }
    statuses
}

/// The errors of an operation that reads or deletes: 400, 401, 403, 404, 500 and 503.
#[derive(Debug)]
pub struct ReadErrors;

impl IntoResponses for ReadErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_refs(&[400, 401, 403, 404, 500, 503])
    }
}

/// The errors of an operation that creates or changes: those of [`ReadErrors`] and 409.
#[derive(Debug)]
pub struct WriteErrors;

impl IntoResponses for WriteErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_refs(&[400, 401, 403, 404, 409, 500, 503])
    }
}

/// The errors of RequestGroupAccess: those of [`WriteErrors`] and 429 for a repeat.
#[derive(Debug)]
pub struct AccessRequestErrors;

impl IntoResponses for AccessRequestErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_refs(&[400, 401, 403, 404, 409, 429, 500, 503])
    }
}

/// Adds the bearer security scheme and the reusable error responses.
struct Components;

impl Modify for Components {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("An ES256 API token from the token exchange (or `grove serve --dev`)."))
                    .build(),
            ),
        );
        for (_, name, description) in error_statuses() {
            let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("Status"))).build();
            let response = ResponseBuilder::new().description(description).content("application/json", content).build();
            components.responses.insert(name, RefOr::T(response));
        }
    }
}

/// The operations that create a resource, and the operations its `uid` feeds: those on the
/// resource itself and the creates of what it can contain. As OpenAPI links they let a
/// client (or a fuzzer's stateful phase) follow a create to real resources.
const LINKS: &[(&str, &[&str])] = &[
    ("CreateOrganization", GROUP_LINKS),
    ("CreateGroup", GROUP_LINKS),
    ("CreateIdentity", &["GetIdentity", "UpdateIdentity", "DeleteIdentity"]),
    ("CreateRole", &["GetRole", "UpdateRole", "DeleteRole"]),
    ("CreateRoleBinding", &["GetRoleBinding", "UpdateRoleBinding", "DeleteRoleBinding"]),
    ("CreateRepo", &["GetRepo", "UpdateRepo", "DeleteRepo", "CreateTag"]),
    ("CreateTag", &["GetTag", "UpdateTag", "DeleteTag"]),
    ("CreateSubscription", &["GetSubscription", "DeleteSubscription"]),
];

const GROUP_LINKS: &[&str] = &[
    "GetGroup",
    "UpdateGroup",
    "DeleteGroup",
    "CreateGroup",
    "CreateIdentity",
    "CreateRole",
    "CreateRoleBinding",
    "CreateRepo",
    "CreateSubscription",
];

/// The body fields a create needs. Creates and updates share a body type whose fields are
/// all optional (an update changes only what it names), so a create's document adds these.
const CREATE_REQUIRES: &[(&str, &[&str])] = &[
    ("CreateOrganization", &["name"]),
    ("CreateGroup", &["name"]),
    ("CreateIdentity", &["name"]),
    ("CreateRole", &["name", "capabilities"]),
    ("CreateRoleBinding", &["identityUid", "roleUid"]),
    ("CreateRepo", &["name"]),
    ("CreateTag", &["name", "digest"]),
    ("CreateSubscription", &["sink"]),
];

/// The entry of `table` for the operation `operation`, if it has one.
fn lookup(
    table: &[(&str, &'static [&'static str])],
    operation: &Map<String, Value>,
) -> Option<&'static [&'static str]> {
    let id = operation.get("operationId").and_then(Value::as_str)?;
    table.iter().find(|(source, _)| *source == id).map(|(_, entry)| *entry)
}

/// Every operation object of the document's JSON.
fn operations_mut(doc: &mut Value) -> impl Iterator<Item = &mut Map<String, Value>> {
    doc.get_mut("paths")
        .and_then(Value::as_object_mut)
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .filter_map(Value::as_object_mut)
}

/// Adds [`LINKS`] to the creates' 200 responses and [`CREATE_REQUIRES`] to their bodies.
/// Done on the JSON: utoipa 5 writes a link's `operationId` as `operation_id`, which no
/// reader understands, and has no way to tighten a shared body type for one operation.
fn describe_creates(doc: &mut Value) {
    for operation in operations_mut(doc) {
        if let Some(targets) = lookup(LINKS, operation) {
            let links: Map<String, Value> = targets
                .iter()
                .map(|t| ((*t).to_owned(), json!({ "operationId": t, "parameters": { "uid": "$response.body#/uid" } })))
                .collect();
            if let Some(ok) =
                operation.get_mut("responses").and_then(|r| r.get_mut("200")).and_then(Value::as_object_mut)
            {
                ok.insert("links".to_owned(), Value::Object(links));
            }
        }
        if let Some(fields) = lookup(CREATE_REQUIRES, operation) {
            let not_null: Map<String, Value> =
                fields.iter().map(|f| ((*f).to_owned(), json!({ "not": { "type": "null" } }))).collect();
            if let Some(schema) =
                operation.get_mut("requestBody").and_then(|b| b.pointer_mut("/content/application~1json/schema"))
            {
                *schema = json!({ "allOf": [schema.take(), { "required": fields, "properties": not_null }] });
            }
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Grove API", version = "v2beta1",
        description = "Organization hierarchy, access control and image registry metadata. Every error is a \
            google.rpc.Status (schema `Status`) with AIP-193 details. A method a path does not serve, OPTIONS \
            included, answers 405 with code 12 (UNIMPLEMENTED) and an `Allow` header listing the path's methods."),
    modifiers(&Components),
    security(("bearer" = [])),
    components(schemas(Status, Any, Uid)),
    paths(
        groups::list, groups::lookup, groups::check_eligibility, groups::get_one, groups::create_organization,
        groups::create, groups::request_access, groups::update, groups::delete,
        identities::list, identities::lookup, identities::update_metadata, identities::get_one, identities::create, identities::update, identities::delete,
        roles::list, roles::get_one, roles::create, roles::update, roles::delete,
        role_bindings::list, role_bindings::batch_create, role_bindings::get_one, role_bindings::create, role_bindings::update, role_bindings::delete,
        registry::list_repos, registry::get_repo, registry::create_repo, registry::update_repo, registry::delete_repo,
        registry::get_repo_readme, registry::update_repo_readme,
        registry::list_tags, registry::get_tag, registry::create_tag, registry::update_tag, registry::delete_tag,
        subscriptions::list, subscriptions::get_one, subscriptions::create, subscriptions::delete,
        identity_providers::list, identity_providers::get_one, identity_providers::create,
        identity_providers::update, identity_providers::delete,
        scim::generate, scim::regenerate, scim::revoke, scim::set_enabled,
        scim_provisioning::list,
        identity_providers::list_mappings, identity_providers::batch_delete_mappings, identity_providers::get_mapping,
        identity_providers::create_mapping, identity_providers::delete_mapping,
        advisories::list_advisories, advisories::get_advisory,
        group_invites::list, group_invites::get_one, group_invites::create, group_invites::delete,
        group_invites::register,
        account_associations::list, account_associations::get_one, account_associations::create,
        account_associations::check, account_associations::update, account_associations::delete,
        audit::list,
        dead_letters::list, dead_letters::replay, dead_letters::delete,
    )
)]
struct ApiDoc;

/// Adds the operations of the generated REST face ([`crate::faces::operations`]), with the
/// error responses of their kind: an open read answers only server errors.
fn add_generated(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    for crate::faces::Operation { path, verb, authenticated, mut operation } in crate::faces::operations() {
        let statuses: &[u16] = match (authenticated, verb) {
            (false, _) => &[500, 503],
            (true, Verb::Get | Verb::Delete) => &[400, 401, 403, 404, 500, 503],
            (true, _) => &[400, 401, 403, 404, 409, 500, 503],
        };
        if let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) {
            for (status, reference) in error_refs(statuses) {
                responses.insert(status, serde_json::to_value(reference).unwrap_or_default());
            }
        }
        let item = paths.entry(path).or_insert_with(|| json!({}));
        if let Some(item) = item.as_object_mut() {
            item.insert(verb.as_str().to_lowercase(), operation);
        }
    }
}

/// Adds the `v2` twin of every path of a versioned package (`/iam/v2/groups` beside
/// `/iam/v2beta1/groups`, [`grove_rpc::VERSIONED`]): the same operations, named with `_v2`,
/// their links to the twins' operations. Grove's own methods that live under those paths
/// (`ListScimUsers`) belong to no `v2` package and get no twin.
fn add_v2_twins(doc: &mut Value) {
    let own: Vec<String> = crate::proto_schema::POOL
        .services()
        .filter(|s| s.package_name().starts_with("grove."))
        .flat_map(|s| s.methods().map(|m| m.name().to_owned()).collect::<Vec<_>>())
        .collect();
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    let twins: Vec<(String, Value)> = paths
        .iter()
        .filter_map(|(path, item)| {
            let (package, tail) = path.strip_prefix('/')?.split_once("/v2beta1/")?;
            let mut item = item.as_object()?.clone();
            item.retain(|_, op| !op["operationId"].as_str().is_some_and(|id| own.iter().any(|o| o == id)));
            (grove_rpc::VERSIONED.contains(&package) && !item.is_empty()).then(|| {
                for operation in item.values_mut() {
                    rename_v2(operation);
                }
                (format!("/{package}/v2/{tail}"), Value::Object(item))
            })
        })
        .collect();
    paths.extend(twins);
}

/// Appends `_v2` to an operation's id and to the ids its links name.
fn rename_v2(operation: &mut Value) {
    if let Some(Value::String(id)) = operation.get_mut("operationId") {
        id.push_str("_v2");
    }
    let links = operation.pointer_mut("/responses/200/links").and_then(Value::as_object_mut);
    for link in links.into_iter().flat_map(|l| l.values_mut()) {
        if let Some(Value::String(id)) = link.get_mut("operationId") {
            id.push_str("_v2");
        }
    }
}

/// The routes that are no RPC: probes, the build, this document, the metrics, and the token
/// service's discovery document and keys, each `(path, tag, operationId, description, 200
/// content type, 200 schema)`. Open to anybody.
const SERVICE_ROUTES: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "/healthz",
        "service",
        "Healthz",
        "Liveness: the process answers.",
        "application/json",
        r#"{"type":"object","required":["status"],"properties":{"status":{"type":"string","enum":["ok"]}}}"#,
    ),
    (
        "/readyz",
        "service",
        "Readyz",
        "Readiness: the store answers (503 while it does not).",
        "application/json",
        r#"{"type":"object","required":["status"],"properties":{"status":{"type":"string","enum":["ready"]}}}"#,
    ),
    (
        "/version",
        "service",
        "Version",
        "The server's version and the commit it was built from.",
        "application/json",
        r#"{"type":"object","required":["version","commit"],"properties":{"version":{"type":"string"},"commit":{"type":"string"}}}"#,
    ),
    ("/openapi.json", "service", "OpenApi", "This document.", "application/json", r#"{"type":"object"}"#),
    (
        "/metrics",
        "service",
        "Metrics",
        "Prometheus metrics (text exposition format).",
        "text/plain",
        r#"{"type":"string"}"#,
    ),
    (
        "/.well-known/openid-configuration",
        "sts",
        "OpenIdConfiguration",
        "The token service's discovery document: issuer, keys, endpoints.",
        "application/json",
        r#"{"type":"object","required":["issuer","jwks_uri"],"properties":{"issuer":{"type":"string"},"jwks_uri":{"type":"string"}}}"#,
    ),
    (
        "/.well-known/jwks.json",
        "sts",
        "Jwks",
        "The public keys that verify Grove's API tokens.",
        "application/json",
        r#"{"type":"object","required":["keys"],"properties":{"keys":{"type":"array","items":{"type":"object"}}}}"#,
    ),
];

/// Adds [`SERVICE_ROUTES`] and the server the document describes (the one serving it).
fn add_service_routes(doc: &mut Value) {
    doc["servers"] = json!([{ "url": "/", "description": "The server that serves this document" }]);
    let errors = serde_json::to_value(error_refs(&[500, 503])).unwrap_or_default();
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    for (path, tag, id, description, content_type, schema) in SERVICE_ROUTES {
        let schema: Value = serde_json::from_str(schema).unwrap_or_default();
        let mut responses =
            json!({ "200": { "description": description, "content": { *content_type: { "schema": schema } } } });
        if let (Some(responses), Some(errors)) = (responses.as_object_mut(), errors.as_object()) {
            responses.extend(errors.clone());
        }
        let operation =
            json!({ "tags": [tag], "operationId": id, "summary": description, "security": [], "responses": responses });
        paths.insert((*path).to_owned(), json!({ "get": operation }));
    }
}

/// The OpenAPI document as pretty JSON (what `/openapi.json` serves and the repo keeps).
#[must_use]
pub fn document() -> String {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    add_generated(&mut doc);
    describe_creates(&mut doc);
    add_v2_twins(&mut doc);
    add_service_routes(&mut doc);
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "{}".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_errors_add_only_conflict_to_read_errors() {
        let read: Vec<String> = ReadErrors::responses().into_keys().collect();
        let write: Vec<String> = WriteErrors::responses().into_keys().collect();
        assert_eq!(read, ["400", "401", "403", "404", "500", "503"]);
        assert_eq!(write, ["400", "401", "403", "404", "409", "500", "503"]);
    }
}
