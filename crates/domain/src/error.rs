//! The domain error type: one enum whose variants are the public status codes of the API.
//!
//! Every layer converts its own failures into [`Error`]; transports map [`Code`] onto their
//! wire status (HTTP status, gRPC code) in exactly one place.

/// The public status codes Grove answers with (gRPC code numbers, AIP-193 reason names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// The request is malformed or a field fails validation.
    InvalidArgument,
    /// The resource does not exist, or the caller may not know that it does.
    NotFound,
    /// A resource with the same identity already exists.
    AlreadyExists,
    /// A quota or rate limit is used up (a repeated request that may be made only once).
    ResourceExhausted,
    /// The caller is authenticated but lacks the capability.
    PermissionDenied,
    /// The system is not in a state that allows the operation.
    FailedPrecondition,
    /// An unexpected server-side failure.
    Internal,
    /// A dependency (the store) is unreachable; retrying may help.
    Unavailable,
    /// No valid credentials were presented.
    Unauthenticated,
}

impl Code {
    /// Every code, in the order of the error table (and of the OpenAPI error responses).
    pub const ALL: [Self; 9] = [
        Self::InvalidArgument,
        Self::FailedPrecondition,
        Self::Unauthenticated,
        Self::PermissionDenied,
        Self::NotFound,
        Self::AlreadyExists,
        Self::ResourceExhausted,
        Self::Internal,
        Self::Unavailable,
    ];

    /// The HTTP status of the code (the standard gRPC-to-HTTP mapping), the one table every
    /// HTTP face (version 2, version 1, the token exchange) answers with.
    #[must_use]
    pub const fn http_status(self) -> u16 {
        match self {
            Self::InvalidArgument | Self::FailedPrecondition => 400,
            Self::Unauthenticated => 401,
            Self::PermissionDenied => 403,
            Self::NotFound => 404,
            Self::AlreadyExists => 409,
            Self::ResourceExhausted => 429,
            Self::Internal => 500,
            Self::Unavailable => 503,
        }
    }

    /// When Grove answers with the code, as the API documentation says.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::InvalidArgument => "a malformed uid, query parameter or body, or a body over 1 MiB",
            Self::FailedPrecondition => "the request breaks a rule, such as deleting a group that is not empty",
            Self::Unauthenticated => "no API token, or one that is malformed, expired or revoked",
            Self::PermissionDenied => "the caller may see the resource but lacks the capability",
            Self::NotFound => {
                "the resource, its parent or a resource it names does not exist, or the caller may not see it"
            }
            Self::AlreadyExists => "a resource with the same name (or binding) already exists there",
            Self::ResourceExhausted => "a request that may be made once was made before",
            Self::Internal => "a server fault; details are logged",
            Self::Unavailable => "the database cannot be reached; retry later",
        }
    }

    /// The gRPC code number.
    #[must_use]
    pub const fn number(self) -> i32 {
        match self {
            Self::InvalidArgument => 3,
            Self::NotFound => 5,
            Self::AlreadyExists => 6,
            Self::ResourceExhausted => 8,
            Self::PermissionDenied => 7,
            Self::FailedPrecondition => 9,
            Self::Internal => 13,
            Self::Unavailable => 14,
            Self::Unauthenticated => 16,
        }
    }

    /// The code name, used as the `ErrorInfo.reason`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::InvalidArgument => "INVALID_ARGUMENT",
            Self::NotFound => "NOT_FOUND",
            Self::AlreadyExists => "ALREADY_EXISTS",
            Self::ResourceExhausted => "RESOURCE_EXHAUSTED",
            Self::PermissionDenied => "PERMISSION_DENIED",
            Self::FailedPrecondition => "FAILED_PRECONDITION",
            Self::Internal => "INTERNAL",
            Self::Unavailable => "UNAVAILABLE",
            Self::Unauthenticated => "UNAUTHENTICATED",
        }
    }

    /// The phrase that starts every message of this code (`"<Phrase>: <text>"`).
    #[must_use]
    pub const fn phrase(self) -> &'static str {
        match self {
            Self::InvalidArgument => "Invalid argument",
            Self::NotFound => "Not found",
            Self::AlreadyExists => "Already exists",
            Self::ResourceExhausted => "Resource exhausted",
            Self::PermissionDenied => "Permission denied",
            Self::FailedPrecondition => "Precondition failed",
            Self::Internal => "Internal error",
            Self::Unavailable => "Unavailable",
            Self::Unauthenticated => "Unauthenticated",
        }
    }
}

/// One field that failed validation (`google.rpc.BadRequest.FieldViolation`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldViolation {
    /// The field path as the client spelled it (`name`, `claimMatch.issuer`, `page_size`).
    pub field: String,
    /// Why the value was refused.
    pub description: String,
}

impl FieldViolation {
    /// A violation of `field` described by `description`.
    pub fn new(field: impl Into<String>, description: impl Into<String>) -> Self {
        Self { field: field.into(), description: description.into() }
    }
}

/// A failed precondition (`google.rpc.PreconditionFailure.Violation`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreconditionViolation {
    /// The violation type, such as `RESOURCE_NOT_EMPTY`.
    pub kind: String,
    /// What failed; also the tail of the error message.
    pub description: String,
}

/// Every failure a domain operation can report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// One or more fields failed validation.
    #[error("Invalid argument: {}", join_violations(.0))]
    InvalidArgument(Vec<FieldViolation>),
    /// The operation is not allowed in the current state.
    #[error("Precondition failed: {}", .0.description)]
    FailedPrecondition(PreconditionViolation),
    /// The named resource does not exist (or is invisible to the caller).
    #[error("Not found: {0}")]
    NotFound(String),
    /// The resource already exists.
    #[error("Already exists: {0}")]
    AlreadyExists(String),
    /// A limit is used up: the request was made already and may not be repeated.
    #[error("Resource exhausted: {0}")]
    ResourceExhausted(String),
    /// The caller lacks a capability.
    #[error("Permission denied: {0}")]
    PermissionDenied(String),
    /// The caller presented no valid credentials.
    #[error("Unauthenticated: {0}")]
    Unauthenticated(String),
    /// A dependency is unreachable. The text is safe to show.
    #[error("Unavailable: {0}")]
    Unavailable(String),
    /// An unexpected failure. The detail is for logs only and never shown to clients.
    #[error("Internal error: the server could not complete the request")]
    Internal {
        /// What went wrong, for the server log.
        detail: String,
    },
}

fn join_violations(violations: &[FieldViolation]) -> String {
    let text = |v: &FieldViolation| {
        if v.field.is_empty() {
            v.description.clone()
        } else {
            format!("{}: {}", v.field, v.description)
        }
    };
    violations.iter().map(text).collect::<Vec<_>>().join("; ")
}

impl Error {
    /// A single-field validation failure.
    pub fn invalid(field: impl Into<String>, description: impl Into<String>) -> Self {
        Self::InvalidArgument(vec![FieldViolation::new(field, description)])
    }

    /// A delete refused because the resource still has children.
    pub fn not_empty(description: impl Into<String>) -> Self {
        Self::FailedPrecondition(PreconditionViolation {
            kind: "RESOURCE_NOT_EMPTY".to_owned(),
            description: description.into(),
        })
    }

    /// A failed precondition of the given type.
    pub fn precondition(kind: impl Into<String>, description: impl Into<String>) -> Self {
        Self::FailedPrecondition(PreconditionViolation { kind: kind.into(), description: description.into() })
    }

    /// An internal failure whose detail is logged, never shown.
    pub fn internal(detail: impl Into<String>) -> Self {
        Self::Internal { detail: detail.into() }
    }

    /// The status code of this error.
    #[must_use]
    pub const fn code(&self) -> Code {
        match self {
            Self::InvalidArgument(_) => Code::InvalidArgument,
            Self::FailedPrecondition(_) => Code::FailedPrecondition,
            Self::NotFound(_) => Code::NotFound,
            Self::AlreadyExists(_) => Code::AlreadyExists,
            Self::ResourceExhausted(_) => Code::ResourceExhausted,
            Self::PermissionDenied(_) => Code::PermissionDenied,
            Self::Unauthenticated(_) => Code::Unauthenticated,
            Self::Unavailable(_) => Code::Unavailable,
            Self::Internal { .. } => Code::Internal,
        }
    }
}

/// Result with the domain [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `e` and every error below it (its `source` chain), joined by `: `, for messages that
/// should say why a connection or fetch failed.
#[must_use]
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_argument_message_names_field_and_reason() {
        let err = Error::invalid("name", "name must match ^[a-z0-9 ._-]{1,}$");
        assert_eq!(err.to_string(), "Invalid argument: name: name must match ^[a-z0-9 ._-]{1,}$");
        assert_eq!(err.code().number(), 3);
    }

    #[test]
    fn a_violation_without_a_field_reads_as_its_description_alone() {
        let err = Error::invalid("", "text must not contain the NUL character (U+0000)");
        assert_eq!(err.to_string(), "Invalid argument: text must not contain the NUL character (U+0000)");
    }

    #[test]
    fn not_empty_is_failed_precondition_with_resource_not_empty() {
        let err = Error::not_empty("cannot delete group with child repos");
        assert_eq!(err.to_string(), "Precondition failed: cannot delete group with child repos");
        assert_eq!(err.code().number(), 9);
        assert_eq!(err.code().name(), "FAILED_PRECONDITION");
    }

    #[test]
    fn internal_message_hides_detail() {
        let err = Error::internal("connection reset by peer at 10.0.0.3");
        assert!(!err.to_string().contains("10.0.0.3"));
    }
}
