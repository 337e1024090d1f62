//! The router: resource routes, health probes, the version, the OpenAPI document, and the layer that
//! keeps every answer in the error format (unknown routes, wrong methods, oversized bodies,
//! panics).

use std::convert::Infallible;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::ALLOW;
use axum::http::{HeaderValue, Method, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use grove_domain::services::Services;
use grove_domain::Error;
use serde_json::json;
use tower::{Layer, Service};

use crate::error::{self, ApiError};
use crate::extract::MAX_BODY_BYTES;
use crate::json::Json;
use crate::resources::custom_methods::split_verb;
use crate::{openapi, resources, AppState};

/// Settings of the HTTP transport.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// The `ErrorInfo.domain` of every error.
    pub error_domain: String,
    /// The server's public URL: the SCIM endpoints answer absolute locations under it.
    pub base_url: String,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self { error_domain: "iam.grove.dev".to_owned(), base_url: "http://localhost:8080".to_owned() }
    }
}

/// The v2beta1 API (and its `v2` twins, [`v2_to_v2beta1`]), health probes and
/// `/openapi.json`, with `extra` routes (other transports such as STS or v1) merged in and
/// covered by the same error rendering.
pub fn router(services: Services, config: &HttpConfig, extra: Router) -> Router {
    let routed = routes(services, config, extra).layer(error_layer(config));
    Router::new().fallback_service(tower::service_fn(move |mut request: Request| {
        if let Some(uri) = v2_to_v2beta1(request.uri()) {
            *request.uri_mut() = uri;
        }
        routed.clone().call(request)
    }))
}

/// [`router`]'s routes without its [`error_layer`], for a binary that applies that layer
/// together with its own in one `Router::layer` call: axum boxes each layer of a route, and a
/// request clones every box below the one it enters.
pub fn routes(services: Services, config: &HttpConfig, extra: Router) -> Router {
    let scim = crate::scim::routes(services.scim_provisioning.clone(), &config.base_url);
    let api = Router::new()
        .merge(resources::groups::routes())
        .merge(resources::identities::routes())
        .merge(resources::roles::routes())
        .merge(resources::role_bindings::routes())
        .merge(resources::registry::routes())
        .merge(resources::advisories::routes())
        .merge(resources::subscriptions::routes())
        .merge(resources::identity_providers::routes())
        .merge(resources::group_invites::routes())
        .merge(resources::account_associations::routes())
        .merge(resources::audit::routes())
        .merge(crate::faces::routes())
        .merge(resources::dead_letters::routes())
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/openapi.json", get(openapi_json))
        .with_state(AppState { services: std::sync::Arc::new(services) });
    api.merge(scim).merge(extra).fallback(no_route).method_not_allowed_fallback(wrong_method)
}

/// The layer that keeps every answer of a route in the error format ([`ErrorFormatted`]), with
/// request bodies limited to [`MAX_BODY_BYTES`].
#[must_use]
pub fn error_layer(config: &HttpConfig) -> ErrorLayer {
    ErrorLayer { domain: Arc::from(config.error_domain.as_str()) }
}

/// See [`error_layer`].
#[derive(Debug, Clone)]
pub struct ErrorLayer {
    domain: Arc<str>,
}

impl<S> Layer<S> for ErrorLayer {
    type Service = ErrorFormatted<<DefaultBodyLimit as Layer<S>>::Service>;

    fn layer(&self, inner: S) -> Self::Service {
        ErrorFormatted { inner: DefaultBodyLimit::max(MAX_BODY_BYTES).layer(inner), domain: Arc::clone(&self.domain) }
    }
}

/// What `GET /version` answers: the server's version and the commit it was built from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BuildInfo {
    /// The crate version, such as `0.1.0`.
    pub version: String,
    /// The short commit hash (with `-dirty` for a changed tree), or `unknown`.
    pub commit: String,
}

/// `GET /version`, answering `build` without authentication. The binary that knows its
/// build merges it beside [`router`]'s routes (through `extra`, under the same layers).
pub fn version_routes(build: BuildInfo) -> Router {
    Router::new().route(
        "/version",
        get(move || {
            let body = Json(build.clone());
            async move { body }
        }),
    )
}

async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

async fn readyz(State(s): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    s.services.store.ping().await?;
    Ok(Json(json!({ "status": "ready" })))
}

async fn openapi_json() -> Response {
    ([(axum::http::header::CONTENT_TYPE, "application/json")], openapi::document()).into_response()
}

async fn no_route(method: Method, uri: Uri) -> ApiError {
    ApiError::from(Error::NotFound(format!("no route for {method} {}", uri.path())))
}

/// Every route, in the error format: refuses a custom method under any other method than
/// `POST` ([`custom_method_not_posted`]), answers a handler's panic with `INTERNAL`, and
/// renders every error answer in the error format ([`error::render`]). Requests are logged and
/// counted by the binary's telemetry layer.
#[derive(Debug, Clone)]
pub struct ErrorFormatted<S> {
    inner: S,
    /// The `ErrorInfo.domain` of every error.
    domain: Arc<str>,
}

impl<S> Service<Request> for ErrorFormatted<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Rendered<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let domain = Arc::clone(&self.domain);
        if let Some(refused) = custom_method_not_posted(&request)
            .or_else(|| scim_users_not_read(&request))
            .or_else(|| dead_letter_only_deleted(&request))
        {
            return Rendered { inner: None, answered: Some(refused), domain };
        }
        match catch_unwind(AssertUnwindSafe(|| self.inner.call(request))) {
            Ok(inner) => Rendered { inner: Some(inner), answered: None, domain },
            Err(_) => Rendered { inner: None, answered: Some(panicked()), domain },
        }
    }
}

pin_project_lite::pin_project! {
    /// The answer of an [`ErrorFormatted`] route, rendered in the error format.
    pub struct Rendered<F> {
        #[pin]
        inner: Option<F>,
        // Answered without the route (a refused method, a panic).
        answered: Option<Response>,
        domain: Arc<str>,
    }
}

impl<F: Future<Output = Result<Response, Infallible>>> Future for Rendered<F> {
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        let response = match this.inner.as_mut().as_pin_mut() {
            // Answered without the route; nothing is left only when polled after completing.
            None => this.answered.take().unwrap_or_else(panicked),
            Some(inner) => match catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
                Ok(Poll::Pending) => return Poll::Pending,
                Ok(Poll::Ready(Ok(response))) => response,
                Err(_) => panicked(),
            },
        };
        // The route's future is done, or panicked and must not be polled again.
        this.inner.set(None);
        Poll::Ready(Ok(error::render(this.domain, response)))
    }
}

/// A request of a `v2` path of a versioned package with the path of its `v2beta1` twin
/// ([`grove_rpc::v2beta1_twin`]); applied before routing, by [`router`] and by a binary that
/// routes REST itself (`grove_grpc::with_rest`).
#[must_use]
pub fn v2_to_v2beta1(uri: &Uri) -> Option<Uri> {
    grove_rpc::v2beta1_twin(uri.path_and_query()?.as_str())?.parse().ok()
}

/// The answer to a request whose handler panicked.
fn panicked() -> Response {
    ApiError::from(Error::internal("handler panicked")).into_response()
}

/// A custom method on one resource (`…/{uid}:verb`, API.md 0.1) is a `POST`: any other method
/// on such a path (`OPTIONS` too) is `405` with `Allow: POST`, never a read, change or delete
/// of a uid that holds a verb. A uid segment is hex (a dead letter's id, a UUID, hex and
/// `-`); collection-level verbs (`groups:lookupGroup`) are routes of their own and pass.
fn custom_method_not_posted(request: &Request) -> Option<Response> {
    if request.method() == Method::POST {
        return None;
    }
    let on_one_resource = split_verb(request.uri().path()).is_some_and(|(uid, _)| {
        let segment = uid.rsplit('/').next().unwrap_or_default();
        !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-')
    });
    if !on_one_resource {
        return None;
    }
    let mut response = method_not_allowed(request.method(), request.uri()).into_response();
    response.headers_mut().insert(ALLOW, HeaderValue::from_static("POST"));
    Some(response)
}

/// `…/deadletters/{id}` without a verb is DeleteDeadLetter alone: its route also takes the
/// `POST` of `{id}:replay`, which must not make a plain id postable.
fn dead_letter_only_deleted(request: &Request) -> Option<Response> {
    let path = request.uri().path();
    let id = path.strip_prefix("/events/v1alpha1/deadletters/")?;
    if id.is_empty() || id.contains(['/', ':']) || request.method() == Method::DELETE {
        return None;
    }
    let mut response = method_not_allowed(request.method(), request.uri()).into_response();
    response.headers_mut().insert(ALLOW, HeaderValue::from_static("DELETE"));
    Some(response)
}

/// `…/identityProviders/{uid}/scimUsers` (ListScimUsers) is read only: it shares the
/// identity providers' catch-all route, whose other methods must not take it for a uid.
fn scim_users_not_read(request: &Request) -> Option<Response> {
    let path = request.uri().path();
    let nested = path.starts_with("/iam/v2beta1/identityProviders/") && path.ends_with("/scimUsers");
    if !nested || matches!(*request.method(), Method::GET | Method::HEAD) {
        return None;
    }
    let mut response = method_not_allowed(request.method(), request.uri()).into_response();
    response.headers_mut().insert(ALLOW, HeaderValue::from_static("GET,HEAD"));
    Some(response)
}

async fn wrong_method(method: Method, uri: Uri) -> ApiError {
    method_not_allowed(&method, &uri)
}

fn method_not_allowed(method: &Method, uri: &Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!("{method} is not supported on {}", uri.path()))
}
