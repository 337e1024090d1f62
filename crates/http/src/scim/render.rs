//! SCIM resources as JSON: users (the stored resource with the server's attributes), groups,
//! list responses, and the `attributes` / `excludedAttributes` selection.

use grove_domain::model::{
    scim_id, ScimGroup, ScimUser, ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA,
};
use grove_domain::Timestamp;
use serde_json::{json, Map, Value};

fn time(t: Timestamp) -> String {
    t.to_string()
}

fn meta(resource_type: &str, location: String, created: Timestamp, modified: Timestamp, version: i64) -> Value {
    json!({
        "resourceType": resource_type,
        "created": time(created),
        "lastModified": time(modified),
        "location": location,
        "version": format!("W/\"{version}\""),
    })
}

/// A user as SCIM answers it; `base` is the provider's SCIM base URL.
pub(super) fn user(base: &str, u: &ScimUser) -> Value {
    let mut schemas = vec![Value::String(USER_SCHEMA.to_owned())];
    if u.resource.contains_key(ENTERPRISE_USER_SCHEMA) {
        schemas.push(Value::String(ENTERPRISE_USER_SCHEMA.to_owned()));
    }
    let mut out = Map::new();
    out.insert("schemas".into(), Value::Array(schemas));
    out.insert("id".into(), Value::String(u.id().to_owned()));
    out.extend(u.resource.clone());
    let location = format!("{base}/Users/{}", u.id());
    out.insert("meta".into(), meta("User", location, u.create_time, u.update_time, u.version));
    Value::Object(out)
}

/// A group as SCIM answers it, members by `value` and `$ref`.
pub(super) fn group(base: &str, g: &ScimGroup) -> Value {
    let members: Vec<Value> = g
        .members
        .iter()
        .map(|m| json!({ "value": scim_id(m), "$ref": format!("{base}/Users/{}", scim_id(m)) }))
        .collect();
    let mut out = Map::new();
    out.insert("schemas".into(), json!([GROUP_SCHEMA]));
    out.insert("id".into(), Value::String(g.id().to_owned()));
    out.insert("displayName".into(), Value::String(g.display_name.clone()));
    if let Some(x) = &g.external_id {
        out.insert("externalId".into(), Value::String(x.clone()));
    }
    out.insert("members".into(), Value::Array(members));
    let location = format!("{base}/Groups/{}", g.id());
    out.insert("meta".into(), meta("Group", location, g.create_time, g.update_time, g.version));
    Value::Object(out)
}

/// A `ListResponse`.
pub(super) fn list(items: Vec<Value>, total: u64, start_index: Option<i64>) -> Value {
    json!({
        "schemas": [LIST_SCHEMA],
        "totalResults": total,
        "startIndex": start_index.unwrap_or(1).max(1),
        "itemsPerPage": items.len(),
        "Resources": items,
    })
}

/// Which attributes a response shows (RFC 7644 §3.9): `id` and `schemas` always.
#[derive(Debug, Default)]
pub(super) struct Shown {
    only: Option<Vec<String>>,
    except: Vec<String>,
}

/// The top-level attribute an `attributes` entry names (`name.givenName` → `name`, a core
/// schema URN prefix dropped), lowercased.
fn top_level(entry: &str) -> String {
    let entry = entry.trim();
    let lower = entry.to_ascii_lowercase();
    let mut name = lower.as_str();
    for schema in [USER_SCHEMA, GROUP_SCHEMA] {
        if let Some(rest) = name.strip_prefix(&format!("{}:", schema.to_ascii_lowercase())) {
            name = rest;
        }
    }
    if name.starts_with("urn:") {
        return name.to_owned();
    }
    name.split('.').next().unwrap_or_default().to_owned()
}

fn names(list: &str) -> Vec<String> {
    list.split(',').map(top_level).filter(|n| !n.is_empty()).collect()
}

impl Shown {
    pub(super) fn new(attributes: Option<&str>, excluded: Option<&str>) -> Self {
        Self { only: attributes.map(names).filter(|n| !n.is_empty()), except: excluded.map(names).unwrap_or_default() }
    }

    /// `resource` with only the attributes asked for.
    pub(super) fn apply(&self, resource: Value) -> Value {
        let Value::Object(fields) = resource else { return resource };
        let always = |k: &str| k == "id" || k == "schemas";
        let kept = fields
            .into_iter()
            .filter(|(k, _)| {
                let key = k.to_ascii_lowercase();
                always(&key)
                    || (self.only.as_ref().is_none_or(|only| only.contains(&key)) && !self.except.contains(&key))
            })
            .collect();
        Value::Object(kept)
    }
}
