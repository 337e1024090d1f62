//! The error format: `google.rpc.Status` JSON with typed AIP-193 details, and the one table
//! that maps status codes to HTTP statuses.
//!
//! Handlers return [`ApiError`]; it travels as a response extension with no body, and
//! [`render`] (run on every answer by the router's one middleware) writes the body with the
//! configured error domain, so every error the router can produce (handlers, extractors,
//! fallbacks) leaves in the same shape.

use crate::json::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use grove_domain::error::{Code, Error};
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

const ERROR_INFO: &str = "type.googleapis.com/google.rpc.ErrorInfo";
const BAD_REQUEST: &str = "type.googleapis.com/google.rpc.BadRequest";
const PRECONDITION_FAILURE: &str = "type.googleapis.com/google.rpc.PreconditionFailure";

/// The HTTP status for a status code ([`Code::http_status`], the one table).
#[must_use]
pub fn http_status(code: Code) -> StatusCode {
    StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// The body of every error: a `google.rpc.Status` in proto3 JSON.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Status {
    /// The `google.rpc.Code` number (3 `INVALID_ARGUMENT`, 5 `NOT_FOUND`, …).
    pub code: i32,
    /// A developer-facing message.
    pub message: String,
    /// Typed details: an `ErrorInfo` first, then a `BadRequest` or `PreconditionFailure`
    /// where one applies.
    #[schema(value_type = Vec<Any>)]
    pub details: Vec<Value>,
}

/// A typed detail of a [`Status`]: a `google.protobuf.Any` in JSON, its type in `@type`
/// beside the message's own fields. Only its schema is used.
#[derive(Debug)]
pub struct Any;

impl utoipa::PartialSchema for Any {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .description(Some("A google.protobuf.Any: `@type` names the message, whose fields sit beside it."))
            .property(
                "@type",
                ObjectBuilder::new().schema_type(Type::String).description(Some(
                    "`type.googleapis.com/google.rpc.ErrorInfo`, `…BadRequest` or `…PreconditionFailure`.",
                )),
            )
            .required("@type")
            .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(true)))
            .into()
    }
}

impl ToSchema for Any {}

/// An error on its way to the client.
#[derive(Debug, Clone)]
pub enum ApiError {
    /// A domain error.
    Domain(Error),
    /// The route exists but not for this method (`UNIMPLEMENTED`, 405).
    MethodNotAllowed(String),
    /// The client did not send its request in time (`DEADLINE_EXCEEDED`, 408).
    RequestTimeout(String),
    /// A method of the public API that Grove does not implement yet (`UNIMPLEMENTED`, 501),
    /// as its gRPC service answers it.
    NotImplemented(String),
}

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        Self::Domain(e)
    }
}

impl ApiError {
    /// The HTTP status this error answers with.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Domain(e) => http_status(e.code()),
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::NotImplemented(_) => StatusCode::NOT_IMPLEMENTED,
        }
    }

    /// The `google.rpc.Status` body, with `domain` in every `ErrorInfo`.
    #[must_use]
    pub fn body(&self, domain: &str) -> Status {
        let (number, reason, message) = match self {
            Self::Domain(e) => (e.code().number(), e.code().name(), e.to_string()),
            Self::MethodNotAllowed(m) => (12, "UNIMPLEMENTED", format!("Unimplemented: {m}")),
            Self::RequestTimeout(m) => (4, "DEADLINE_EXCEEDED", format!("Deadline exceeded: {m}")),
            Self::NotImplemented(m) => (12, "UNIMPLEMENTED", format!("Unimplemented: {m}")),
        };
        let mut details = vec![json!({ "@type": ERROR_INFO, "reason": reason, "domain": domain })];
        match self {
            Self::Domain(Error::InvalidArgument(violations)) => details.push(json!({
                "@type": BAD_REQUEST,
                "fieldViolations": violations
                    .iter()
                    .map(|v| json!({ "field": v.field, "description": v.description }))
                    .collect::<Vec<_>>(),
            })),
            Self::Domain(Error::FailedPrecondition(v)) => details.push(json!({
                "@type": PRECONDITION_FAILURE,
                "violations": [{ "type": v.kind, "description": v.description }],
            })),
            _ => {}
        }
        Status { code: number, message, details }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Domain(Error::Internal { detail }) = &self {
            tracing::error!(%detail, "internal error");
        }
        let mut response = self.status().into_response();
        response.extensions_mut().insert(self);
        response
    }
}

impl ApiError {
    /// The error for a bare status some other layer answered with (an extractor of a merged
    /// router, a body limit), so that it too leaves in the error format.
    #[must_use]
    pub fn from_status(status: StatusCode) -> Self {
        let error = match status {
            StatusCode::PAYLOAD_TOO_LARGE => Error::invalid("body", "the request body is too large"),
            StatusCode::UNAUTHORIZED => Error::Unauthenticated("the request is not authenticated".to_owned()),
            StatusCode::FORBIDDEN => Error::PermissionDenied("the request is not allowed".to_owned()),
            StatusCode::NOT_FOUND => Error::NotFound("no such resource".to_owned()),
            StatusCode::METHOD_NOT_ALLOWED => {
                return Self::MethodNotAllowed("the method is not supported here".to_owned())
            }
            StatusCode::REQUEST_TIMEOUT => {
                return Self::RequestTimeout("the request was not received in time".to_owned())
            }
            StatusCode::CONFLICT => Error::AlreadyExists("the resource already exists".to_owned()),
            StatusCode::SERVICE_UNAVAILABLE => Error::Unavailable("the service is unavailable".to_owned()),
            s if s.is_server_error() => Error::internal(format!("a layer answered {s} without a body")),
            _ => Error::invalid("body", "the request could not be read"),
        };
        Self::Domain(error)
    }
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with(crate::scim::SCIM_JSON))
}

/// Writes the JSON body of an [`ApiError`] response, using the error `domain`; any other
/// error response that is not already JSON is rendered from its status.
pub fn render(domain: &str, mut response: Response) -> Response {
    if response.extensions().get::<ApiError>().is_none()
        && (response.status().is_client_error() || response.status().is_server_error())
        && !is_json(&response)
    {
        let error = ApiError::from_status(response.status());
        *response.status_mut() = error.status();
        response.extensions_mut().insert(error);
    }
    if let Some(error) = response.extensions_mut().remove::<ApiError>() {
        let status = response.status();
        let mut rendered = (status, Json(error.body(domain))).into_response();
        rendered
            .headers_mut()
            .extend(response.headers().iter().filter(|(k, _)| *k == "allow").map(|(k, v)| (k.clone(), v.clone())));
        return rendered;
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_maps_to_its_http_status() {
        let table = [
            (Code::InvalidArgument, 400),
            (Code::FailedPrecondition, 400),
            (Code::Unauthenticated, 401),
            (Code::PermissionDenied, 403),
            (Code::NotFound, 404),
            (Code::AlreadyExists, 409),
            (Code::ResourceExhausted, 429),
            (Code::Internal, 500),
            (Code::Unavailable, 503),
        ];
        for (code, status) in table {
            assert_eq!(http_status(code).as_u16(), status, "{code:?}");
        }
    }

    #[test]
    fn invalid_argument_carries_error_info_and_bad_request() {
        let err = ApiError::from(Error::invalid("name", "name must match ^[a-z0-9 ._-]{1,}$"));
        assert_eq!(
            json!(err.body("iam.grove.dev")),
            json!({
                "code": 3,
                "message": "Invalid argument: name: name must match ^[a-z0-9 ._-]{1,}$",
                "details": [
                    { "@type": ERROR_INFO, "reason": "INVALID_ARGUMENT", "domain": "iam.grove.dev" },
                    { "@type": BAD_REQUEST, "fieldViolations": [
                        { "field": "name", "description": "name must match ^[a-z0-9 ._-]{1,}$" }
                    ]}
                ]
            })
        );
    }

    #[test]
    fn not_empty_carries_precondition_failure() {
        let err = ApiError::from(Error::not_empty("cannot delete group with child repos"));
        assert_eq!(
            json!(err.body("d")),
            json!({
                "code": 9,
                "message": "Precondition failed: cannot delete group with child repos",
                "details": [
                    { "@type": ERROR_INFO, "reason": "FAILED_PRECONDITION", "domain": "d" },
                    { "@type": PRECONDITION_FAILURE, "violations": [
                        { "type": "RESOURCE_NOT_EMPTY", "description": "cannot delete group with child repos" }
                    ]}
                ]
            })
        );
    }

    #[test]
    fn internal_errors_never_show_their_detail() {
        let err = ApiError::from(Error::internal("relation \"groups\" does not exist"));
        let body = json!(err.body("d")).to_string();
        assert!(!body.contains("relation"));
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn bare_statuses_map_to_their_codes() {
        let cases = [
            (StatusCode::PAYLOAD_TOO_LARGE, 400, 3),
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, 400, 3),
            (StatusCode::UNPROCESSABLE_ENTITY, 400, 3),
            (StatusCode::NOT_FOUND, 404, 5),
            (StatusCode::METHOD_NOT_ALLOWED, 405, 12),
            (StatusCode::REQUEST_TIMEOUT, 408, 4),
            (StatusCode::BAD_GATEWAY, 500, 13),
        ];
        for (status, http, code) in cases {
            let err = ApiError::from_status(status);
            assert_eq!((err.status().as_u16(), err.body("d").code), (http, code), "{status}");
        }
    }

    #[test]
    fn request_timeout_is_deadline_exceeded_with_status_408() {
        let err = ApiError::RequestTimeout("the request body did not arrive within 30000 ms".into());
        assert_eq!(err.status(), StatusCode::REQUEST_TIMEOUT);
        assert_eq!(
            serde_json::to_value(err.body("d")).unwrap(),
            json!({
                "code": 4,
                "message": "Deadline exceeded: the request body did not arrive within 30000 ms",
                "details": [{ "@type": ERROR_INFO, "reason": "DEADLINE_EXCEEDED", "domain": "d" }]
            })
        );
    }

    #[test]
    fn method_not_allowed_is_unimplemented() {
        let err = ApiError::MethodNotAllowed("PUT is not supported on /iam/v2beta1/groups".into());
        assert_eq!(err.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(err.body("d").code, 12);
        assert_eq!(err.body("d").details[0]["reason"], "UNIMPLEMENTED");
    }
}
