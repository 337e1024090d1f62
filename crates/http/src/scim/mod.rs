//! The SCIM 2.0 service provider (RFC 7644) at `/scim/v2/{identity provider uid}`:
//! `ServiceProviderConfig`, `ResourceTypes`, `Schemas`, `Users` and `Groups`, in SCIM's own
//! JSON (`application/scim+json`, `application/json` accepted) and error format, over
//! [`grove_domain::services::ScimProvisioningService`].
//!
//! Every request carries the provider's SCIM token (`Authorization: Bearer cgscim_…`);
//! anything else is one and the same 401 with `WWW-Authenticate: Bearer`, whichever check
//! failed. Responses carry absolute `meta.location`s under the server's base URL and a weak
//! `ETag` of the resource's version; `If-Match` is honoured on writes.

mod discovery;
mod render;

use axum::body::{to_bytes, Body};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;
use grove_domain::model::{ScimError, ERROR_SCHEMA};
use grove_domain::services::{ScimClient, ScimProvisioningService};
use serde_json::{json, Value};

use crate::extract::MAX_BODY_BYTES;

/// The SCIM media type.
pub const SCIM_JSON: &str = "application/scim+json";

/// What the SCIM routes need.
#[derive(Clone)]
struct ScimState {
    service: ScimProvisioningService,
    base_url: String,
}

/// The SCIM routes, answering with absolute URLs under `base_url`.
pub fn routes(service: ScimProvisioningService, base_url: &str) -> Router {
    let state = ScimState { service, base_url: base_url.trim_end_matches('/').to_owned() };
    Router::new().route("/scim/v2/{*rest}", any(serve)).with_state(state)
}

/// A SCIM error response.
fn error(e: &ScimError) -> Response {
    let mut body = json!({ "schemas": [ERROR_SCHEMA], "status": e.status.to_string(), "detail": e.detail });
    if let Some(t) = e.scim_type {
        body["scimType"] = Value::String(t.to_owned());
    }
    let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = scim_json(status, &body);
    if e.status == 401 {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    }
    response
}

/// `body` as `application/scim+json` with `status`.
fn scim_json(status: StatusCode, body: &Value) -> Response {
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static(SCIM_JSON))], body.to_string()).into_response()
}

/// A single resource with its `ETag`.
fn resource(status: StatusCode, body: &Value) -> Response {
    let mut response = scim_json(status, body);
    if let Some(tag) = body["meta"]["version"].as_str().and_then(|v| HeaderValue::from_str(v).ok()) {
        response.headers_mut().insert(header::ETAG, tag);
    }
    response
}

/// The endpoint a path names: the provider uid, then what follows it.
fn split(rest: &str) -> Option<(&str, Vec<&str>)> {
    let segments: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    let at = segments.iter().position(|s| !s.bytes().all(|b| b.is_ascii_hexdigit()) || s.is_empty())?;
    let provider_len: usize = segments[..at].iter().map(|s| s.len() + 1).sum::<usize>().checked_sub(1)?;
    Some((&rest[..provider_len], segments[at..].to_vec()))
}

/// The query parameters SCIM lists and reads take.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Params {
    filter: Option<String>,
    start_index: Option<String>,
    count: Option<String>,
    attributes: Option<String>,
    excluded_attributes: Option<String>,
}

/// The parameters of a `SearchRequest` body (RFC 7644 §3.4.3), as the query string gives them.
fn search_params(body: &Value) -> Result<Params, ScimError> {
    let fields = body.as_object().ok_or_else(|| ScimError::invalid_syntax("a search body must be a JSON object"))?;
    let get = |name: &str| fields.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v);
    let text = |name: &str| -> Result<Option<String>, ScimError> {
        match get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(Value::Array(items)) => {
                let names: Option<Vec<&str>> = items.iter().map(Value::as_str).collect();
                names
                    .map(|n| Some(n.join(",")))
                    .ok_or_else(|| ScimError::invalid_value(format!("{name} must list strings")))
            }
            Some(_) => Err(ScimError::invalid_value(format!("{name} has the wrong type"))),
        }
    };
    Ok(Params {
        filter: text("filter")?,
        start_index: text("startIndex")?,
        count: text("count")?,
        attributes: text("attributes")?,
        excluded_attributes: text("excludedAttributes")?,
    })
}

fn int(name: &str, v: Option<&String>) -> Result<Option<i64>, ScimError> {
    v.map(|s| s.trim().parse::<i64>().map_err(|_| ScimError::invalid_value(format!("{name} must be an integer"))))
        .transpose()
}

/// Reads a JSON body sent as `application/scim+json` or `application/json`.
async fn json_body(headers: &HeaderMap, body: Body) -> Result<Value, ScimError> {
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or(SCIM_JSON);
    let media = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    if media != SCIM_JSON && media != "application/json" {
        return Err(ScimError::invalid_syntax(format!(
            "the body must be {SCIM_JSON} or application/json, not {media}"
        )));
    }
    let bytes = to_bytes(body, MAX_BODY_BYTES)
        .await
        .map_err(|_| ScimError::invalid_syntax(format!("the body must be at most {MAX_BODY_BYTES} bytes")))?;
    serde_json::from_slice(&bytes).map_err(|e| ScimError::invalid_syntax(format!("the body is not JSON: {e}")))
}

async fn serve(
    State(s): State<ScimState>,
    method: Method,
    Path(rest): Path<String>,
    Query(params): Query<Params>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    match dispatch(&s, &method, &rest, &params, &headers, body).await {
        Ok(response) => response,
        Err(e) => error(&e),
    }
}

async fn dispatch(
    s: &ScimState,
    method: &Method,
    rest: &str,
    params: &Params,
    headers: &HeaderMap,
    body: Body,
) -> Result<Response, ScimError> {
    let Some((provider, path)) = split(rest) else { return Err(ScimError::unauthorized()) };
    let authorization = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    let request_id = crate::extract::request_id(headers);
    let client = s.service.authenticate(provider, authorization).await?.in_request(request_id);
    crate::extract::log_caller(client.provider().as_str());
    let base = format!("{}/scim/v2/{}", s.base_url, client.provider());
    let if_match = headers.get(header::IF_MATCH).and_then(|v| v.to_str().ok());
    let shown = render::Shown::new(params.attributes.as_deref(), params.excluded_attributes.as_deref());
    let not_allowed = || ScimError { status: 405, scim_type: None, detail: format!("{method} is not supported here") };
    match (path.as_slice(), method.clone()) {
        (["ServiceProviderConfig"], Method::GET) => {
            Ok(scim_json(StatusCode::OK, &discovery::service_provider_config(&base)))
        }
        (["ResourceTypes"], Method::GET) => Ok(scim_json(StatusCode::OK, &discovery::resource_types(&base))),
        (["ResourceTypes", name], Method::GET) => {
            discovery::resource_type(&base, name).map(|v| scim_json(StatusCode::OK, &v))
        }
        (["Schemas"], Method::GET) => Ok(scim_json(StatusCode::OK, &discovery::schemas(&base))),
        (["Schemas", id], Method::GET) => discovery::schema(&base, id).map(|v| scim_json(StatusCode::OK, &v)),
        ([".search"], Method::POST) => Err(ScimError {
            status: 501,
            scim_type: None,
            detail: "searching several resource types at once is not supported: POST /Users/.search or /Groups/.search"
                .to_owned(),
        }),
        (["Users", ".search"], Method::POST) => {
            let search = search_params(&json_body(headers, body).await?)?;
            let shown = render::Shown::new(search.attributes.as_deref(), search.excluded_attributes.as_deref());
            users_list(s, &client, &base, &search, &shown).await
        }
        (["Groups", ".search"], Method::POST) => {
            let search = search_params(&json_body(headers, body).await?)?;
            let shown = render::Shown::new(search.attributes.as_deref(), search.excluded_attributes.as_deref());
            groups_list(s, &client, &base, &search, &shown).await
        }
        (["Users"], Method::GET) => users_list(s, &client, &base, params, &shown).await,
        (["Users"], Method::POST) => {
            let user = s.service.create_user(&client, &json_body(headers, body).await?).await?;
            Ok(resource(StatusCode::CREATED, &shown.apply(render::user(&base, &user))))
        }
        (["Users", id], Method::GET) => {
            let user = s.service.get_user(&client, id).await?;
            Ok(resource(StatusCode::OK, &shown.apply(render::user(&base, &user))))
        }
        (["Users", id], Method::PUT) => {
            let user = s.service.replace_user(&client, id, &json_body(headers, body).await?, if_match).await?;
            Ok(resource(StatusCode::OK, &shown.apply(render::user(&base, &user))))
        }
        (["Users", id], Method::PATCH) => {
            let user = s.service.patch_user(&client, id, &json_body(headers, body).await?, if_match).await?;
            Ok(resource(StatusCode::OK, &shown.apply(render::user(&base, &user))))
        }
        (["Users", id], Method::DELETE) => {
            s.service.delete_user(&client, id, if_match).await?;
            Ok(StatusCode::NO_CONTENT.into_response())
        }
        (["Groups"], Method::GET) => groups_list(s, &client, &base, params, &shown).await,
        (["Groups"], Method::POST) => {
            let group = s.service.create_group(&client, &json_body(headers, body).await?).await?;
            Ok(resource(StatusCode::CREATED, &shown.apply(render::group(&base, &group))))
        }
        (["Groups", id], Method::GET) => {
            let group = s.service.get_group(&client, id).await?;
            Ok(resource(StatusCode::OK, &shown.apply(render::group(&base, &group))))
        }
        (["Groups", id], Method::PUT) => {
            let group = s.service.replace_group(&client, id, &json_body(headers, body).await?, if_match).await?;
            Ok(resource(StatusCode::OK, &shown.apply(render::group(&base, &group))))
        }
        (["Groups", id], Method::PATCH) => {
            let group = s.service.patch_group(&client, id, &json_body(headers, body).await?, if_match).await?;
            Ok(resource(StatusCode::OK, &shown.apply(render::group(&base, &group))))
        }
        (["Groups", id], Method::DELETE) => {
            s.service.delete_group(&client, id, if_match).await?;
            Ok(StatusCode::NO_CONTENT.into_response())
        }
        (["ServiceProviderConfig" | "ResourceTypes" | "Schemas" | "Users" | "Groups", ..], _) => Err(not_allowed()),
        _ => Err(ScimError::not_found(format!("no SCIM endpoint /{}", path.join("/")))),
    }
}

async fn users_list(
    s: &ScimState,
    client: &ScimClient,
    base: &str,
    params: &Params,
    shown: &render::Shown,
) -> Result<Response, ScimError> {
    let start = int("startIndex", params.start_index.as_ref())?;
    let count = int("count", params.count.as_ref())?;
    let page = s.service.list_users(client, params.filter.as_deref(), start, count).await?;
    let items = page.items.iter().map(|u| shown.apply(render::user(base, u))).collect();
    Ok(scim_json(StatusCode::OK, &render::list(items, page.total, start)))
}

async fn groups_list(
    s: &ScimState,
    client: &ScimClient,
    base: &str,
    params: &Params,
    shown: &render::Shown,
) -> Result<Response, ScimError> {
    let start = int("startIndex", params.start_index.as_ref())?;
    let count = int("count", params.count.as_ref())?;
    let page = s.service.list_groups(client, params.filter.as_deref(), start, count).await?;
    let items = page.items.iter().map(|g| shown.apply(render::group(base, g))).collect();
    Ok(scim_json(StatusCode::OK, &render::list(items, page.total, start)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_provider_uid_is_every_hex_segment_before_the_endpoint() {
        let org = "0123456789abcdef0123456789abcdef01234567";
        assert_eq!(
            split(&format!("{org}/00000000000000aa/Users/00000000000000bb")),
            Some((format!("{org}/00000000000000aa").as_str(), vec!["Users", "00000000000000bb"]))
        );
        assert_eq!(split(&format!("{org}/00000000000000aa/Users/")).unwrap().1, vec!["Users"]);
        assert_eq!(split("Users"), None);
        assert_eq!(split(org), None);
    }
}
