//! Domain errors as gRPC statuses: the same code and message as the REST error, and the
//! same typed details (`ErrorInfo`, then `BadRequest` or `PreconditionFailure`) packed as a
//! `google.rpc.Status` in `grpc-status-details-bin`.

use std::collections::HashMap;

use grove_domain::error::{Code, Error};
use tonic::Status;
use tonic_types::{ErrorDetails, StatusExt};

/// The gRPC code of a domain code ([`Code::number`], the one table).
#[must_use]
pub fn grpc_code(code: Code) -> tonic::Code {
    tonic::Code::from_i32(code.number())
}

/// `error` as a status whose `ErrorInfo` names `domain`. An internal error's detail goes to
/// the log, never to the client.
#[must_use]
pub fn to_status(error: &Error, domain: &str) -> Status {
    if let Error::Internal { detail } = error {
        tracing::error!(%detail, "internal error");
    }
    let mut details = ErrorDetails::new();
    details.set_error_info(error.code().name(), domain, HashMap::new());
    match error {
        Error::InvalidArgument(violations) => {
            for v in violations {
                details.add_bad_request_violation(v.field.clone(), v.description.clone());
            }
        }
        Error::FailedPrecondition(v) => {
            details.add_precondition_failure_violation(v.kind.clone(), String::new(), v.description.clone());
        }
        _ => {}
    }
    Status::with_error_details(grpc_code(error.code()), error.to_string(), details)
}
