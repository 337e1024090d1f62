//! The version 1 error format: `{code, message, details: []}` without typed details
//! (structured errors are a version 2 change), and the status table.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grove_domain::error::{Code, Error};
use serde_json::{json, Value};

/// The HTTP status for a status code ([`Code::http_status`], the same table as version 2).
#[must_use]
pub fn http_status(code: Code) -> StatusCode {
    StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// An error on its way to a version 1 client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum V1Error {
    /// A domain error.
    Domain(Error),
    /// The route exists but not for this method (`UNIMPLEMENTED`, 405).
    MethodNotAllowed(String),
}

impl From<Error> for V1Error {
    fn from(e: Error) -> Self {
        Self::Domain(e)
    }
}

impl V1Error {
    /// The HTTP status this error answers with.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Domain(e) => http_status(e.code()),
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
        }
    }

    /// The `google.rpc.Status` body with an empty `details` array.
    #[must_use]
    pub fn body(&self) -> Value {
        let (code, message) = match self {
            Self::Domain(e) => (e.code().number(), e.to_string()),
            Self::MethodNotAllowed(m) => (12, format!("Unimplemented: {m}")),
        };
        json!({ "code": code, "message": message, "details": [] })
    }
}

impl IntoResponse for V1Error {
    fn into_response(self) -> Response {
        if let Self::Domain(Error::Internal { detail }) = &self {
            tracing::error!(%detail, "internal error (v1)");
        }
        (self.status(), Json(self.body())).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_maps_to_the_same_http_status_as_version_2() {
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
    fn invalid_argument_has_code_3_and_no_details() {
        let err = V1Error::from(Error::invalid("name", "name must match ^[a-z0-9 ._-]{1,}$"));
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            err.body(),
            json!({
                "code": 3,
                "message": "Invalid argument: name: name must match ^[a-z0-9 ._-]{1,}$",
                "details": [],
            })
        );
    }

    #[test]
    fn not_empty_has_code_9_and_no_precondition_failure() {
        let err = V1Error::from(Error::not_empty("cannot delete group with child repos"));
        assert_eq!(
            err.body(),
            json!({ "code": 9, "message": "Precondition failed: cannot delete group with child repos", "details": [] })
        );
    }

    #[test]
    fn internal_errors_never_show_their_detail() {
        let err = V1Error::from(Error::internal("relation \"groups\" does not exist"));
        assert!(!err.body().to_string().contains("relation"));
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn method_not_allowed_is_unimplemented_with_405() {
        let err = V1Error::MethodNotAllowed("PUT is not supported on /iam/v1/groups".into());
        assert_eq!(err.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(
            err.body(),
            json!({ "code": 12, "message": "Unimplemented: PUT is not supported on /iam/v1/groups", "details": [] })
        );
    }
}
