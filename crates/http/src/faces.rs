//! The generated REST face: a route for every HTTP binding of [`grove_rpc::RPCS`], whose
//! handler reads the request message from the path, the query string and the body as the
//! binding says (grpc-gateway's rules), calls the RPC's function and answers its protojson.
//! The OpenAPI operations of the same bindings come from [`operations`].
//!
//! - Path variables (`{uid}`, a last `{uid=**}`) set the request field they name.
//! - `body: "*"` reads the whole message from the body; `body: "field"` reads that field.
//! - Every other field comes from the query string, by its proto or JSON name, dotted into
//!   nested messages (`uidp.descendants_of`), repeated by repetition; keys that are no field
//!   are ignored, as grpc-gateway ignores them.

use std::sync::Arc;

use axum::extract::{FromRequest as _, FromRequestParts as _, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{on, MethodFilter};
use axum::Router;
use grove_domain::params::given_twice;
use grove_domain::Error;
use grove_rpc::{Binding, Body, Call, Rpc, Verb};
use prost_reflect::{Kind, MessageDescriptor};
use serde_json::{json, Map, Value};

use crate::body::field_named;
use crate::error::ApiError;
use crate::extract::{parse_json, Caller, Path, RawBody, UniqueKeys};
use crate::proto_schema::POOL;
use crate::AppState;

/// What a route of one binding knows before any request: the RPC, the binding, the request
/// message's descriptor and the fields its path variables set, in order.
struct Route {
    rpc: &'static Rpc,
    binding: &'static Binding,
    input: MessageDescriptor,
    variables: Vec<&'static str>,
}

/// The routes of every generated binding.
///
/// # Panics
/// Only if a request message of the table is missing from the descriptor set, which the
/// generator (it writes both from the same descriptors) rules out.
pub fn routes() -> Router<AppState> {
    let mut router = Router::new();
    for rpc in grove_rpc::RPCS.iter().filter(|r| !matches!(r.call, Call::Elsewhere)) {
        let input = POOL.get_message_by_name(rpc.input).expect("the table's messages are in the descriptor set");
        for binding in rpc.bindings {
            let variables = variables(binding.path).map(|(field, _)| field).collect();
            let route = Arc::new(Route { rpc, binding, input: input.clone(), variables });
            let handler =
                move |State(state): State<AppState>, request: Request| serve(Arc::clone(&route), state, request);
            router = router.route(&axum_path(binding.path), on(filter(binding.verb), handler));
        }
    }
    router
}

/// One segment of a path template.
enum Segment<'a> {
    /// Literal text.
    Literal(&'a str),
    /// `{field}`, or with `rest` the last `{field=**}`, which takes the rest of the path.
    Variable { field: &'a str, rest: bool },
}

/// The segments of a path template (the generator refuses any other form).
fn segments(template: &str) -> impl Iterator<Item = Segment<'_>> {
    template.split('/').map(|segment| match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
        Some(inner) => {
            let (field, pattern) = inner.split_once('=').unwrap_or((inner, "*"));
            Segment::Variable { field, rest: pattern == "**" }
        }
        None => Segment::Literal(segment),
    })
}

/// The fields a template's variables set, in order, each with whether it takes the rest of
/// the path.
fn variables(template: &str) -> impl Iterator<Item = (&str, bool)> {
    segments(template).filter_map(|s| match s {
        Segment::Variable { field, rest } => Some((field, rest)),
        Segment::Literal(_) => None,
    })
}

/// A template with each variable written by `variable(position, field, rest)`.
fn rewrite(template: &str, mut variable: impl FnMut(usize, &str, bool) -> String) -> String {
    let mut n = 0;
    segments(template)
        .map(|segment| match segment {
            Segment::Literal(text) => text.to_owned(),
            Segment::Variable { field, rest } => {
                n += 1;
                variable(n - 1, field, rest)
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// `/iam/v2beta1/roles/{uid=**}` → `/iam/v2beta1/roles/{*v0}`. Captures are named by
/// position, never by field: two methods on one path may name its variable differently
/// (`{parent_id=**}` to create, `{id=**}` to delete), and axum routes a path once.
fn axum_path(template: &str) -> String {
    rewrite(template, |n, _, rest| format!("{{{}v{n}}}", if rest { "*" } else { "" }))
}

const fn filter(verb: Verb) -> MethodFilter {
    match verb {
        Verb::Get => MethodFilter::GET,
        Verb::Put => MethodFilter::PUT,
        Verb::Post => MethodFilter::POST,
        Verb::Delete => MethodFilter::DELETE,
        Verb::Patch => MethodFilter::PATCH,
    }
}

/// Answers one request of a route: the caller first (as every route authenticates before it
/// reads), then the message, then the call.
async fn serve(route: Arc<Route>, state: AppState, request: Request) -> Response {
    match answer(&route, state, request).await {
        Ok(bytes) => ([(CONTENT_TYPE, "application/json")], bytes).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn answer(route: &Route, state: AppState, request: Request) -> Result<Vec<u8>, ApiError> {
    let rpc = route.rpc;
    let (mut parts, body) = request.into_parts();
    let caller = match rpc.call {
        Call::Open(_) | Call::Elsewhere => None,
        Call::Authenticated(_) => Some(Caller::from_request_parts(&mut parts, &state).await?.0),
    };
    let Path(captures) = Path::<Vec<(String, String)>>::from_request_parts(&mut parts, &state).await?;
    // The captures in the order of the template's variables, named by their fields.
    let variables: Vec<(&str, String)> =
        route.variables.iter().copied().zip(captures.into_iter().map(|(_, value)| value)).collect();
    let query = parts.uri.query().unwrap_or_default().to_owned();
    let RawBody(bytes) = RawBody::from_request(Request::from_parts(parts, body), &state).await?;
    let input = message(&route.input, route.binding, &variables, &query, &bytes)?;
    let services = Arc::clone(&state.services);
    Ok(match (rpc.call, caller) {
        (Call::Open(call), _) => call(services, input).await?,
        (Call::Authenticated(call), Some(caller)) => call(services, caller, input).await?,
        (Call::Authenticated(_), None) => return Err(Error::internal("no caller for an authenticated method").into()),
        (Call::Elsewhere, _) => return Err(Error::internal(format!("{} is not routed here", rpc.method)).into()),
    })
}

/// The request message as protojson, from the body, the path variables and the query.
fn message(
    descriptor: &MessageDescriptor,
    binding: &Binding,
    variables: &[(&str, String)],
    query: &str,
    body: &[u8],
) -> Result<Value, ApiError> {
    let mut object = match binding.body {
        Body::None => Map::new(),
        Body::All => match parse_json::<UniqueKeys>(body)?.0 {
            Value::Object(object) => object,
            _ => return Err(Error::invalid("body", "the request body must be a JSON object").into()),
        },
        Body::Field(field) => {
            let UniqueKeys(value) = parse_json(body)?;
            Map::from_iter([(field.to_owned(), value)])
        }
    };
    if binding.body != Body::All {
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            if !value.is_empty() {
                set_query(&mut object, descriptor, "", &key, &value)?;
            }
        }
    }
    // The path wins over the same field in the body (grpc-gateway's rule), under either name.
    for &(name, ref value) in variables {
        let json_name =
            descriptor.get_field_by_name(name).map_or_else(|| name.to_owned(), |f| f.json_name().to_owned());
        object.remove(name);
        object.insert(json_name, Value::String(value.clone()));
    }
    Ok(Value::Object(object))
}

/// Sets the field a query key names (`uidp.descendants_of`, `pageSize`), typed by the
/// descriptor; a key that names no field is ignored, a field that takes one value refuses a
/// second.
fn set_query(
    object: &mut Map<String, Value>,
    descriptor: &MessageDescriptor,
    prefix: &str,
    key: &str,
    value: &str,
) -> Result<(), Error> {
    let (head, rest) = key.split_once('.').map_or((key, None), |(h, r)| (h, Some(r)));
    let Some(field) = field_named(descriptor, head) else {
        tracing::debug!(key, "ignoring a query parameter that is no field of the request");
        return Ok(());
    };
    let slot = object.entry(field.json_name().to_owned());
    match (field.kind(), rest) {
        (Kind::Message(nested), Some(rest)) if !field.is_list() && !field.is_map() => {
            let slot = slot.or_insert_with(|| json!({}));
            let Value::Object(inner) = slot else { return Ok(()) };
            set_query(inner, &nested, &format!("{prefix}{}.", field.name()), rest, value)
        }
        (_, Some(_)) => Ok(()),
        (kind, None) => {
            let name = &format!("{prefix}{}", field.name());
            let scalar = match kind {
                Kind::Bool => match value {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ => return Err(Error::invalid(name, format!("{name} must be true or false"))),
                },
                Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => match value.parse::<i64>() {
                    // Beyond the field's range reads as its end: a page size of 10^12 is the
                    // largest page, as the hand-written routes read it.
                    Ok(n) => Value::from(n.clamp(i64::from(i32::MIN), i64::from(i32::MAX))),
                    Err(_) => return Err(Error::invalid(name, format!("{name} must be an integer"))),
                },
                Kind::Int64
                | Kind::Sint64
                | Kind::Sfixed64
                | Kind::Uint32
                | Kind::Uint64
                | Kind::Fixed32
                | Kind::Fixed64 => match value.parse::<i128>() {
                    Ok(_) => Value::String(value.to_owned()),
                    Err(_) => return Err(Error::invalid(name, format!("{name} must be an integer"))),
                },
                _ => Value::String(value.to_owned()),
            };
            if field.is_list() {
                match slot.or_insert_with(|| json!([])) {
                    Value::Array(items) => items.push(scalar),
                    other => *other = json!([scalar]),
                }
            } else {
                match slot {
                    serde_json::map::Entry::Occupied(_) => return Err(given_twice(name)),
                    serde_json::map::Entry::Vacant(slot) => {
                        slot.insert(scalar);
                    }
                }
            }
            Ok(())
        }
    }
}

/// One OpenAPI operation of a generated binding.
#[derive(Debug)]
pub struct Operation {
    /// The path, with `{field}` for every variable.
    pub path: String,
    /// The HTTP method.
    pub verb: Verb,
    /// Whether the method needs a caller.
    pub authenticated: bool,
    /// The operation object, without its error responses.
    pub operation: Value,
}

/// The OpenAPI operations of every generated binding. A `v2beta1` method's operation is
/// named after the method (`Ping`); another version's after the method and the version of
/// its path (`Ping_v1`).
#[must_use]
pub fn operations() -> Vec<Operation> {
    let mut out = Vec::new();
    for rpc in grove_rpc::RPCS {
        let (service, name) = rpc.method.trim_start_matches('/').split_once('/').unwrap_or_default();
        let service = service.rsplit('.').next().unwrap_or(service);
        let tag = service.strip_suffix("Service").unwrap_or(service).to_lowercase();
        for binding in rpc.bindings {
            let version = binding.path.split('/').nth(2).unwrap_or_default();
            let id = if version == "v2beta1" { name.to_owned() } else { format!("{name}_{version}") };
            let mut parameters: Vec<Value> = doc_variables(binding.path)
                .map(|(name, schema)| json!({ "name": name, "in": "path", "required": true, "schema": schema }))
                .collect();
            if binding.body != Body::All {
                parameters.extend(query_parameters(rpc.input, binding));
            }
            let mut ok = serde_json::to_value(crate::proto_schema::message_schema(rpc.output)).unwrap_or_default();
            if matches!(rpc.call, Call::Elsewhere) {
                // Hand-written answers leave out the fields they have no value for.
                drop_required(&mut ok);
            }
            let mut operation = json!({
                "tags": [tag],
                "operationId": id,
                "responses": { "200": { "description": "", "content": { "application/json": { "schema": ok } } } },
            });
            if !parameters.is_empty() {
                operation["parameters"] = Value::Array(parameters);
            }
            match binding.body {
                Body::None => {}
                Body::All => {
                    operation["requestBody"] = body_schema(crate::proto_schema::request_body_schema(rpc.input))
                }
                Body::Field(field) => {
                    let schema = POOL
                        .get_message_by_name(rpc.input)
                        .and_then(|m| m.get_field_by_name(field))
                        .and_then(|f| f.kind().as_message().map(|m| m.full_name().to_owned()))
                        .map(|name| crate::proto_schema::request_body_schema(&name));
                    operation["requestBody"] =
                        body_schema(schema.unwrap_or_else(|| utoipa::openapi::schema::ObjectBuilder::new().into()));
                }
            }
            let authenticated = !matches!(rpc.call, Call::Open(_));
            if !authenticated {
                operation["security"] = json!([]);
            }
            out.push(Operation { path: doc_path(binding.path), verb: binding.verb, authenticated, operation });
        }
    }
    out
}

/// `schema` with no field required, at any depth.
fn drop_required(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            object.remove("required");
            object.values_mut().for_each(drop_required);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_required),
        _ => {}
    }
}

fn body_schema(schema: impl serde::Serialize) -> Value {
    json!({ "required": true, "content": { "application/json": { "schema": schema } } })
}

/// The name the document gives a variable: a whole uid (`{group=**}`) is `uid`, as every
/// path parameter of the document that holds a uid; any other keeps its field's name.
fn doc_name(field: &str, rest: bool) -> &str {
    if rest {
        "uid"
    } else {
        field
    }
}

/// A template as the document writes it ([`doc_name`]).
fn doc_path(template: &str) -> String {
    rewrite(template, |_, field, rest| format!("{{{}}}", doc_name(field, rest)))
}

/// The path parameters of a template as the document names them ([`doc_name`]), with their
/// schemas: a uid's pattern, or a plain string.
fn doc_variables(template: &str) -> impl Iterator<Item = (&str, Value)> {
    variables(template).map(|(field, rest)| {
        let schema = if rest {
            json!({ "type": "string", "pattern": crate::resources::UID_PATTERN })
        } else {
            json!({ "type": "string" })
        };
        (doc_name(field, rest), schema)
    })
}

/// The query parameters of a binding whose body is not the whole message: the request's
/// fields (and one level of nested ones, such as `uidp.descendants_of`) that neither the
/// path nor the body holds.
fn query_parameters(input: &str, binding: &Binding) -> Vec<Value> {
    let Some(message) = POOL.get_message_by_name(input) else { return Vec::new() };
    let in_path: Vec<&str> = variables(binding.path).map(|(field, _)| field).collect();
    let in_body = match binding.body {
        Body::Field(field) => Some(field),
        Body::None | Body::All => None,
    };
    let mut out = Vec::new();
    for field in message.fields().filter(|f| !in_path.contains(&f.name()) && in_body != Some(f.name())) {
        match field.kind() {
            Kind::Message(nested)
                if !field.is_list() && !field.is_map() && !nested.full_name().starts_with("google.") =>
            {
                for inner in nested.fields() {
                    let schema = query_schema(&inner.kind(), inner.is_list());
                    out.push(json!({ "name": format!("{}.{}", field.name(), inner.name()), "in": "query", "schema": schema }));
                }
            }
            kind => {
                out.push(json!({ "name": field.name(), "in": "query", "schema": query_schema(&kind, field.is_list()) }))
            }
        }
    }
    out
}

/// The schema of a query parameter of `kind` (repeated by repetition when `list`).
fn query_schema(kind: &Kind, list: bool) -> Value {
    let one = match kind {
        Kind::Bool => json!({ "type": "boolean" }),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => json!({ "type": "integer", "format": "int32" }),
        Kind::Enum(e) => {
            json!({ "type": "string", "enum": e.values().map(|v| v.name().to_owned()).collect::<Vec<_>>() })
        }
        _ => json!({ "type": "string" }),
    };
    if list {
        json!({ "type": "array", "items": one })
    } else {
        one
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(message: &str, raw: &str) -> Result<Value, Error> {
        let descriptor = POOL.get_message_by_name(message).unwrap();
        let mut object = Map::new();
        for (key, value) in form_urlencoded::parse(raw.as_bytes()) {
            set_query(&mut object, &descriptor, "", &key, &value)?;
        }
        Ok(Value::Object(object))
    }

    #[test]
    fn templates_become_axum_paths() {
        assert_eq!(axum_path("/iam/v2beta1/terms/{group=**}"), "/iam/v2beta1/terms/{*v0}");
        assert_eq!(axum_path("/auth/v1/delete/{id=*}"), "/auth/v1/delete/{v0}");
        assert_eq!(axum_path("/a/{x}/b/{y=**}"), "/a/{v0}/b/{*v1}");
        assert_eq!(axum_path("/ping/v1/ping"), "/ping/v1/ping");
        assert_eq!(doc_path("/iam/v2beta1/terms/{group=**}"), "/iam/v2beta1/terms/{uid}");
    }

    #[test]
    fn query_keys_are_typed_by_the_request_and_nested_by_dots() {
        let list = "chainguard.platform.iam.v2beta1.ListGroupsRequest";
        let read = query(list, "uidp.descendants_of=abc&pageSize=7&uidp.ids=a&uidp.ids=b&unknown=1&uidp.in_root=true");
        assert_eq!(
            read.unwrap(),
            json!({ "uidp": { "descendantsOf": "abc", "ids": ["a", "b"], "inRoot": true }, "pageSize": 7 })
        );
    }

    #[test]
    fn bad_query_values_and_repeated_single_keys_are_invalid_arguments_on_the_field() {
        let list = "chainguard.platform.iam.v2beta1.ListGroupsRequest";
        assert_eq!(
            query(list, "page_size=ten").unwrap_err(),
            Error::invalid("page_size", "page_size must be an integer")
        );
        assert_eq!(
            query(list, "uidp.in_root=yes").unwrap_err(),
            Error::invalid("uidp.in_root", "uidp.in_root must be true or false")
        );
        assert_eq!(query(list, "page_size=1&pageSize=2").unwrap_err(), given_twice("page_size"));
        assert_eq!(query(list, "page_size=99999999999").unwrap()["pageSize"], json!(i32::MAX));
    }
}
