//! The SCIM discovery endpoints (RFC 7644 §4): `ServiceProviderConfig`, `ResourceTypes` and
//! `Schemas`, describing what this service provider actually does: PATCH, filters (up to
//! [`MAX_COUNT`] results a page), ETags; no bulk, sort or password changes.

use grove_domain::model::{ScimError, GROUP_SCHEMA, LIST_SCHEMA, MAX_COUNT, USER_SCHEMA};
use serde_json::{json, Value};

const SPC_SCHEMA: &str = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE_SCHEMA: &str = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA: &str = "urn:ietf:params:scim:schemas:core:2.0:Schema";

pub(super) fn service_provider_config(base: &str) -> Value {
    json!({
        "schemas": [SPC_SCHEMA],
        "patch": { "supported": true },
        "bulk": { "supported": false, "maxOperations": 0, "maxPayloadSize": 0 },
        "filter": { "supported": true, "maxResults": MAX_COUNT },
        "changePassword": { "supported": false },
        "sort": { "supported": false },
        "etag": { "supported": true },
        "authenticationSchemes": [{
            "type": "oauthbearertoken",
            "name": "SCIM token",
            "description": "The identity provider's SCIM token (generateScimToken) as a bearer token",
            "primary": true,
        }],
        "meta": { "resourceType": "ServiceProviderConfig", "location": format!("{base}/ServiceProviderConfig") },
    })
}

fn resource_type_of(base: &str, name: &str) -> Option<Value> {
    let (endpoint, schema, description) = match name {
        "User" => ("/Users", USER_SCHEMA, "People provisioned by the identity provider"),
        "Group" => ("/Groups", GROUP_SCHEMA, "Groups the identity provider's external group role mappings match"),
        _ => return None,
    };
    Some(json!({
        "schemas": [RESOURCE_TYPE_SCHEMA],
        "id": name,
        "name": name,
        "endpoint": endpoint,
        "description": description,
        "schema": schema,
        "meta": { "resourceType": "ResourceType", "location": format!("{base}/ResourceTypes/{name}") },
    }))
}

pub(super) fn resource_types(base: &str) -> Value {
    let items: Vec<Value> = ["User", "Group"].iter().filter_map(|n| resource_type_of(base, n)).collect();
    json!({ "schemas": [LIST_SCHEMA], "totalResults": items.len(), "startIndex": 1, "itemsPerPage": items.len(), "Resources": items })
}

pub(super) fn resource_type(base: &str, name: &str) -> Result<Value, ScimError> {
    resource_type_of(base, name).ok_or_else(|| ScimError::not_found(format!("ResourceType {name} not found")))
}

/// One attribute definition (RFC 7643 §7).
fn attr(name: &str, kind: &str, multi: bool, required: bool, mutability: &str, uniqueness: &str) -> Value {
    json!({
        "name": name,
        "type": kind,
        "multiValued": multi,
        "description": name,
        "required": required,
        "caseExact": false,
        "mutability": mutability,
        "returned": "default",
        "uniqueness": uniqueness,
    })
}

fn text(name: &str) -> Value {
    attr(name, "string", false, false, "readWrite", "none")
}

fn complex(name: &str, multi: bool, subs: Vec<Value>) -> Value {
    let mut a = attr(name, "complex", multi, false, "readWrite", "none");
    a["subAttributes"] = Value::Array(subs);
    a
}

fn user_schema(base: &str) -> Value {
    let typed = |name: &str| {
        complex(
            name,
            true,
            vec![text("value"), text("type"), attr("primary", "boolean", false, false, "readWrite", "none")],
        )
    };
    json!({
        "schemas": [SCHEMA_SCHEMA],
        "id": USER_SCHEMA,
        "name": "User",
        "description": "A person the identity provider provisions",
        "attributes": [
            attr("userName", "string", false, true, "readWrite", "server"),
            complex("name", false, vec![
                text("formatted"), text("familyName"), text("givenName"), text("middleName"),
                text("honorificPrefix"), text("honorificSuffix"),
            ]),
            text("displayName"),
            text("nickName"),
            text("title"),
            text("userType"),
            text("preferredLanguage"),
            text("locale"),
            text("timezone"),
            attr("active", "boolean", false, false, "readWrite", "none"),
            typed("emails"),
            typed("phoneNumbers"),
        ],
        "meta": { "resourceType": "Schema", "location": format!("{base}/Schemas/{USER_SCHEMA}") },
    })
}

fn group_schema(base: &str) -> Value {
    let mut value = attr("value", "string", false, false, "immutable", "none");
    value["caseExact"] = Value::Bool(true);
    let mut reference = attr("$ref", "reference", false, false, "immutable", "none");
    reference["referenceTypes"] = json!(["User"]);
    json!({
        "schemas": [SCHEMA_SCHEMA],
        "id": GROUP_SCHEMA,
        "name": "Group",
        "description": "A group of provisioned users",
        "attributes": [
            attr("displayName", "string", false, true, "readWrite", "server"),
            complex("members", true, vec![value, reference]),
        ],
        "meta": { "resourceType": "Schema", "location": format!("{base}/Schemas/{GROUP_SCHEMA}") },
    })
}

pub(super) fn schemas(base: &str) -> Value {
    let items = vec![user_schema(base), group_schema(base)];
    json!({ "schemas": [LIST_SCHEMA], "totalResults": items.len(), "startIndex": 1, "itemsPerPage": items.len(), "Resources": items })
}

pub(super) fn schema(base: &str, id: &str) -> Result<Value, ScimError> {
    match id {
        USER_SCHEMA => Ok(user_schema(base)),
        GROUP_SCHEMA => Ok(group_schema(base)),
        _ => Err(ScimError::not_found(format!("Schema {id} not found"))),
    }
}
