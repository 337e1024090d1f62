//! SCIM PATCH (RFC 7644 §3.5.2): `add`, `replace` and `remove` operations, with or without
//! a `path` (`attr`, `attr.sub`, `urn:…:attr`, `attr[filter]`, `attr[filter].sub`), applied
//! to a resource's JSON before it is validated again as a whole.
//!
//! Leniencies the common clients need: operation names in any case (Entra ID sends `Add`),
//! path-less values whose keys are paths (`{"name.givenName": "x"}`), a value filter on an
//! element that does not exist yet creates it from the filter's `eq` terms
//! (`emails[type eq "work"].value`), and `remove` of `members` with a value removes just
//! those members.

use serde_json::{Map, Value};

use super::filter::ScimFilter;
use super::{ScimError, PATCH_SCHEMA};

/// Most operations in one PATCH request.
pub const MAX_OPERATIONS: usize = 1000;

/// The three operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchKind {
    /// `add`.
    Add,
    /// `replace`.
    Replace,
    /// `remove`.
    Remove,
}

/// One operation, as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct PatchOp {
    /// What to do.
    pub kind: PatchKind,
    /// Where (`None`: the resource itself).
    pub path: Option<String>,
    /// With what.
    pub value: Option<Value>,
}

/// Attributes no PATCH may name: the server owns them.
const READ_ONLY: &[&str] = &["id", "meta", "groups"];

/// Reads a PatchOp request body.
///
/// # Errors
/// `invalidSyntax` when it is not one (`Operations` missing or malformed, an unknown `op`).
pub fn parse_patch(body: &Value) -> Result<Vec<PatchOp>, ScimError> {
    let fields = body.as_object().ok_or_else(|| syntax("a PATCH body must be a JSON object"))?;
    let get = |name: &str| fields.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v);
    if let Some(schemas) = get("schemas") {
        let named = schemas.as_array().is_some_and(|s| s.iter().any(|s| s.as_str() == Some(PATCH_SCHEMA)));
        if !named {
            return Err(syntax(format!("schemas must name {PATCH_SCHEMA}")));
        }
    }
    let operations =
        get("Operations").and_then(Value::as_array).ok_or_else(|| syntax("a PATCH body needs an Operations array"))?;
    if operations.is_empty() || operations.len() > MAX_OPERATIONS {
        return Err(syntax(format!("a PATCH body has 1 to {MAX_OPERATIONS} operations")));
    }
    operations
        .iter()
        .map(|op| {
            let op = op.as_object().ok_or_else(|| syntax("each operation must be a JSON object"))?;
            let get = |name: &str| op.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v);
            let kind = match get("op").and_then(Value::as_str).map(str::to_ascii_lowercase).as_deref() {
                Some("add") => PatchKind::Add,
                Some("replace") => PatchKind::Replace,
                Some("remove") => PatchKind::Remove,
                Some(other) => return Err(syntax(format!("unknown operation {other:?}"))),
                None => return Err(syntax("each operation needs an op")),
            };
            let path = match get("path") {
                None | Some(Value::Null) => None,
                Some(Value::String(p)) if p.trim().is_empty() => None,
                Some(Value::String(p)) => Some(p.trim().to_owned()),
                Some(_) => return Err(ScimError::invalid_path("path must be a string")),
            };
            let value = get("value").cloned().filter(|v| !v.is_null());
            if kind != PatchKind::Remove && value.is_none() {
                return Err(syntax("add and replace operations need a value"));
            }
            Ok(PatchOp { kind, path, value })
        })
        .collect()
}

fn syntax(detail: impl Into<String>) -> ScimError {
    ScimError::invalid_syntax(detail)
}

/// A parsed path.
#[derive(Debug)]
struct Path {
    /// The extension schema the attribute is in (`None`: the core schema).
    extension: Option<String>,
    attr: String,
    filter: Option<ScimFilter>,
    sub: Option<String>,
}

fn parse_path(text: &str, core_schema: &str) -> Result<Path, ScimError> {
    let bad = || ScimError::invalid_path(format!("{text:?} is not an attribute path"));
    let (head, filter, tail) = match text.find('[') {
        Some(open) => {
            let close = text.rfind(']').filter(|c| *c > open).ok_or_else(bad)?;
            let inner = ScimFilter::parse(&text[open + 1..close])
                .map_err(|e| ScimError::invalid_path(format!("bad value filter in path {text:?}: {}", e.detail)))?;
            (&text[..open], Some(inner), &text[close + 1..])
        }
        None => (text, None, ""),
    };
    let (extension, attr_text) = if head.len() > 4 && head[..4].eq_ignore_ascii_case("urn:") {
        let cut = head.rfind(':').ok_or_else(bad)?;
        let (urn, attr) = (&head[..cut], &head[cut + 1..]);
        let extension = (!urn.eq_ignore_ascii_case(core_schema)).then(|| urn.to_owned());
        (extension, attr)
    } else {
        (None, head)
    };
    let (attr, mut sub) = match attr_text.split_once('.') {
        Some((a, s)) => (a.to_owned(), Some(s.to_owned())),
        None => (attr_text.to_owned(), None),
    };
    if !tail.is_empty() {
        let s = tail.strip_prefix('.').ok_or_else(bad)?;
        if sub.is_some() || s.is_empty() {
            return Err(bad());
        }
        sub = Some(s.to_owned());
    }
    let name_ok =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '$'));
    if !name_ok(&attr) || sub.as_deref().is_some_and(|s| !name_ok(s)) {
        return Err(bad());
    }
    Ok(Path { extension, attr, filter, sub })
}

fn key_of(map: &Map<String, Value>, name: &str) -> Option<String> {
    map.keys().find(|k| k.eq_ignore_ascii_case(name)).cloned()
}

/// The element as a filter sees it: keys lowercased.
fn element_view(element: &Value) -> Value {
    match element.as_object() {
        Some(fields) => Value::Object(fields.iter().map(|(k, v)| (k.to_ascii_lowercase(), v.clone())).collect()),
        None => Value::Null,
    }
}

/// The fields `filter` pins with `eq` (`type eq "work" and primary eq true`), if that is all
/// it says.
fn eq_terms(filter: &ScimFilter, out: &mut Map<String, Value>) -> bool {
    use super::filter::{CompareOp, FilterValue};
    match filter {
        ScimFilter::And(a, b) => eq_terms(a, out) && eq_terms(b, out),
        ScimFilter::Compare(attr, CompareOp::Eq, value) => {
            let v = match value {
                FilterValue::Str(s) => Value::String(s.clone()),
                FilterValue::Bool(b) => Value::Bool(*b),
                _ => return false,
            };
            out.insert(attr.clone(), v);
            true
        }
        _ => false,
    }
}

/// Applies `ops` in order to `resource`, whose core schema is `core_schema`.
///
/// # Errors
/// `invalidPath`, `noTarget`, `mutability` or `invalidValue` for the first operation that
/// cannot be applied; `resource` is then partly changed and must be dropped.
pub fn apply(resource: &mut Map<String, Value>, ops: &[PatchOp], core_schema: &str) -> Result<(), ScimError> {
    for op in ops {
        match (&op.path, &op.value) {
            (Some(path), value) => {
                let path = parse_path(path, core_schema)?;
                if path.extension.is_none() && READ_ONLY.iter().any(|r| r.eq_ignore_ascii_case(&path.attr)) {
                    return Err(ScimError::mutability(format!("attribute {} is read-only", path.attr)));
                }
                apply_path(resource, &path, op.kind, value.as_ref())?;
            }
            (None, _) if op.kind == PatchKind::Remove => {
                return Err(ScimError::no_target("a remove operation needs a path"));
            }
            (None, Some(Value::Object(fields))) => {
                for (key, value) in fields {
                    let is_urn = key.len() > 4 && key[..4].eq_ignore_ascii_case("urn:");
                    if is_urn && key.eq_ignore_ascii_case(core_schema) {
                        let inner = Value::Object(value.as_object().cloned().unwrap_or_default());
                        apply(resource, &[PatchOp { kind: op.kind, path: None, value: Some(inner) }], core_schema)?;
                        continue;
                    }
                    if is_urn && value.is_object() {
                        // An extension's attributes: each applied within it.
                        for (attr, v) in value.as_object().into_iter().flatten() {
                            let path =
                                Path { extension: Some(key.clone()), attr: attr.clone(), filter: None, sub: None };
                            apply_path(resource, &path, op.kind, Some(v))?;
                        }
                        continue;
                    }
                    let path = parse_path(key, core_schema)?;
                    if path.extension.is_none() && READ_ONLY.iter().any(|r| r.eq_ignore_ascii_case(&path.attr)) {
                        continue; // A resource sent back whole carries them.
                    }
                    if path.attr.eq_ignore_ascii_case("schemas") {
                        continue;
                    }
                    apply_path(resource, &path, op.kind, Some(value))?;
                }
            }
            (None, _) => return Err(ScimError::invalid_value("an operation without a path needs an object value")),
        }
    }
    Ok(())
}

fn apply_path(
    resource: &mut Map<String, Value>,
    path: &Path,
    kind: PatchKind,
    value: Option<&Value>,
) -> Result<(), ScimError> {
    let container = match &path.extension {
        None => resource,
        Some(urn) => {
            let key = key_of(resource, urn).unwrap_or_else(|| urn.clone());
            if kind == PatchKind::Remove && !resource.contains_key(&key) {
                return Ok(());
            }
            let slot = resource.entry(key).or_insert_with(|| Value::Object(Map::new()));
            if !slot.is_object() {
                *slot = Value::Object(Map::new());
            }
            slot.as_object_mut().ok_or_else(|| ScimError::invalid_path(format!("{urn} is not an object")))?
        }
    };
    let key = key_of(container, &path.attr).unwrap_or_else(|| path.attr.clone());
    match (&path.filter, &path.sub) {
        (None, None) => plain(container, key, kind, value),
        (None, Some(sub)) => {
            match kind {
                PatchKind::Remove => {
                    if let Some(Value::Object(obj)) = container.get_mut(&key) {
                        if let Some(k) = key_of(obj, sub) {
                            obj.remove(&k);
                        }
                    }
                }
                PatchKind::Add | PatchKind::Replace => {
                    let slot = container.entry(key.clone()).or_insert_with(|| Value::Object(Map::new()));
                    let Some(obj) = slot.as_object_mut() else {
                        return Err(ScimError::invalid_path(format!("{key} has no sub-attribute {sub}")));
                    };
                    let k = key_of(obj, sub).unwrap_or_else(|| sub.clone());
                    obj.insert(k, value.cloned().unwrap_or(Value::Null));
                }
            }
            Ok(())
        }
        (Some(filter), sub) => filtered(container, key, filter, sub.as_deref(), kind, value),
    }
}

/// An operation on a whole attribute.
fn plain(
    container: &mut Map<String, Value>,
    key: String,
    kind: PatchKind,
    value: Option<&Value>,
) -> Result<(), ScimError> {
    match kind {
        PatchKind::Remove => {
            match (container.get_mut(&key), value) {
                // `remove members` with a value: only the named elements go.
                (Some(Value::Array(elements)), Some(Value::Array(gone))) => {
                    let ids: Vec<&Value> = gone.iter().map(|g| g.get("value").unwrap_or(g)).collect();
                    elements.retain(|e| !ids.contains(&e.get("value").unwrap_or(e)));
                }
                _ => {
                    container.remove(&key);
                }
            }
            Ok(())
        }
        PatchKind::Replace => {
            container.insert(key, value.cloned().unwrap_or(Value::Null));
            Ok(())
        }
        PatchKind::Add => {
            let value = value.cloned().unwrap_or(Value::Null);
            match (container.get_mut(&key), value) {
                (Some(Value::Array(elements)), Value::Array(more)) => {
                    for v in more {
                        if !elements.contains(&v) {
                            elements.push(v);
                        }
                    }
                }
                (Some(Value::Array(elements)), v) => {
                    if !elements.contains(&v) {
                        elements.push(v);
                    }
                }
                (Some(Value::Object(obj)), Value::Object(more)) => {
                    for (k, v) in more {
                        let k = key_of(obj, &k).unwrap_or(k);
                        obj.insert(k, v);
                    }
                }
                (_, v) => {
                    container.insert(key, v);
                }
            }
            Ok(())
        }
    }
}

/// An operation on the elements of multi-valued `key` that `filter` selects.
fn filtered(
    container: &mut Map<String, Value>,
    key: String,
    filter: &ScimFilter,
    sub: Option<&str>,
    kind: PatchKind,
    value: Option<&Value>,
) -> Result<(), ScimError> {
    let elements = match container.get_mut(&key) {
        Some(Value::Array(elements)) => elements,
        Some(_) => return Err(ScimError::invalid_path(format!("{key} is not multi-valued"))),
        None if kind == PatchKind::Remove => return Ok(()),
        None => {
            container.insert(key.clone(), Value::Array(Vec::new()));
            match container.get_mut(&key) {
                Some(Value::Array(elements)) => elements,
                _ => return Err(ScimError::invalid_path(format!("{key} is not multi-valued"))),
            }
        }
    };
    let hits: Vec<usize> =
        elements.iter().enumerate().filter(|(_, e)| filter.matches(&element_view(e))).map(|(i, _)| i).collect();
    match (kind, sub) {
        (PatchKind::Remove, None) => {
            let mut i = 0;
            elements.retain(|_| {
                let keep = !hits.contains(&i);
                i += 1;
                keep
            });
        }
        (PatchKind::Remove, Some(sub)) => {
            for i in hits {
                if let Some(obj) = elements[i].as_object_mut() {
                    if let Some(k) = key_of(obj, sub) {
                        obj.remove(&k);
                    }
                }
            }
        }
        (_, _) if hits.is_empty() => {
            // Nothing matches: create the element the filter describes.
            let mut element = Map::new();
            if !eq_terms(filter, &mut element) {
                return Err(ScimError::no_target(format!("no element of {key} matches the path's filter")));
            }
            match (sub, value) {
                (Some(sub), Some(v)) => {
                    element.insert(sub.to_owned(), v.clone());
                }
                (None, Some(Value::Object(fields))) => element.extend(fields.clone()),
                _ => return Err(ScimError::invalid_value(format!("the value for {key} must be an object"))),
            }
            elements.push(Value::Object(element));
        }
        (_, Some(sub)) => {
            for i in hits {
                if let Some(obj) = elements[i].as_object_mut() {
                    let k = key_of(obj, sub).unwrap_or_else(|| sub.to_owned());
                    obj.insert(k, value.cloned().unwrap_or(Value::Null));
                }
            }
        }
        (_, None) => {
            let Some(Value::Object(fields)) = value else {
                return Err(ScimError::invalid_value(format!("the value for {key} must be an object")));
            };
            for i in hits {
                if let Some(obj) = elements[i].as_object_mut() {
                    for (k, v) in fields {
                        let k = key_of(obj, k).unwrap_or_else(|| k.clone());
                        obj.insert(k, v.clone());
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::USER_SCHEMA;
    use super::*;

    fn patched(resource: Value, ops: Value) -> Result<Value, ScimError> {
        let mut r = resource.as_object().unwrap().clone();
        let ops = parse_patch(&json!({"schemas": [PATCH_SCHEMA], "Operations": ops}))?;
        apply(&mut r, &ops, USER_SCHEMA)?;
        Ok(Value::Object(r))
    }

    #[test]
    fn deactivation_works_with_and_without_a_path() {
        let user = json!({"userName": "a", "active": true});
        assert_eq!(
            patched(user.clone(), json!([{"op": "replace", "value": {"active": false}}])).unwrap()["active"],
            false
        );
        assert_eq!(
            patched(user.clone(), json!([{"op": "Replace", "path": "active", "value": "False"}])).unwrap()["active"],
            "False"
        );
        assert_eq!(
            patched(
                user,
                json!([{"op": "replace", "path": "urn:ietf:params:scim:schemas:core:2.0:User:active", "value": false}])
            )
            .unwrap()["active"],
            false
        );
    }

    #[test]
    fn sub_attributes_value_filters_and_extensions_are_reached() {
        let user = json!({"userName": "a", "emails": [{"value": "a@w.example", "type": "work"}]});
        let r = patched(
            user,
            json!([
                {"op": "replace", "path": "name.givenName", "value": "Ann"},
                {"op": "replace", "path": "emails[type eq \"work\"].value", "value": "ann@w.example"},
                {"op": "add", "path": "emails[type eq \"home\"].value", "value": "ann@h.example"},
                {"op": "add", "value": {"name.familyName": "Lee", "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": {"department": "R&D"}}},
                {"op": "add", "path": "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber", "value": "7"},
            ]),
        )
        .unwrap();
        assert_eq!(
            r,
            json!({"userName": "a", "name": {"givenName": "Ann", "familyName": "Lee"},
                   "emails": [{"value": "ann@w.example", "type": "work"}, {"type": "home", "value": "ann@h.example"}],
                   "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": {"department": "R&D", "employeeNumber": "7"}})
        );
    }

    #[test]
    fn members_are_added_and_removed_by_value_filter_or_by_value() {
        let group = json!({"displayName": "g", "members": [{"value": "1"}, {"value": "2"}]});
        let r = patched(
            group,
            json!([
                {"op": "add", "path": "members", "value": [{"value": "3"}, {"value": "1"}]},
                {"op": "remove", "path": "members[value eq \"2\"]"},
                {"op": "Remove", "path": "members", "value": [{"value": "3"}]},
            ]),
        )
        .unwrap();
        assert_eq!(r["members"], json!([{"value": "1"}]));
    }

    #[test]
    fn refused_operations_name_their_scim_type() {
        let user = json!({"userName": "a"});
        let e = |ops: Value| patched(user.clone(), ops).unwrap_err();
        assert_eq!(e(json!([{"op": "remove"}])).scim_type, Some("noTarget"));
        assert_eq!(e(json!([{"op": "replace", "path": "id", "value": "x"}])).scim_type, Some("mutability"));
        assert_eq!(e(json!([{"op": "replace", "path": "a..b", "value": "x"}])).scim_type, Some("invalidPath"));
        assert_eq!(e(json!([{"op": "move", "path": "a", "value": "x"}])).scim_type, Some("invalidSyntax"));
        assert_eq!(e(json!([{"op": "add", "path": "userName"}])).scim_type, Some("invalidSyntax"));
        assert_eq!(
            e(json!([{"op": "replace", "path": "emails[type co \"w\"].value", "value": "x"}])).scim_type,
            Some("noTarget")
        );
    }
}
