//! The one error type of the client: the server's `google.rpc.Status` answers, and the
//! failures of getting an answer at all.

use serde_json::Value;

/// Everything a call can fail with.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ClientError {
    /// The server answered with an error (`google.rpc.Status`).
    #[error("{message}")]
    Api {
        /// The HTTP status.
        status: u16,
        /// The gRPC code number (`7` for `PERMISSION_DENIED`, …).
        code: i32,
        /// The code's name (`PERMISSION_DENIED`, …).
        reason: String,
        /// The server's message, such as `Permission denied: the caller lacks …`.
        message: String,
        /// The typed details (`ErrorInfo`, `BadRequest`, …) as sent.
        details: Vec<Value>,
    },
    /// The server could not be reached, or the connection failed mid-way.
    #[error("could not reach {url}: {reason}")]
    Transport {
        /// The URL requested.
        url: String,
        /// What failed.
        reason: String,
    },
    /// The server answered with something this client cannot read.
    #[error("unexpected answer from {url}: {reason}")]
    Decode {
        /// The URL requested.
        url: String,
        /// What was wrong with it.
        reason: String,
    },
    /// An address given to the client is not a usable `http`/`https` URL.
    #[error("{0:?} is not an http:// or https:// URL")]
    InvalidUrl(String),
    /// A token given to the client cannot be sent (it is not visible ASCII).
    #[error("the token is not valid header text")]
    InvalidToken,
}

impl ClientError {
    /// The gRPC code of a server answer.
    #[must_use]
    pub fn code(&self) -> Option<i32> {
        match self {
            Self::Api { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// The code name of a server answer (`NOT_FOUND`, …), `UNAVAILABLE` for a transport
    /// failure, `UNKNOWN` otherwise.
    #[must_use]
    pub fn reason(&self) -> &str {
        match self {
            Self::Api { reason, .. } => reason,
            Self::Transport { .. } => "UNAVAILABLE",
            Self::Decode { .. } | Self::InvalidUrl(_) | Self::InvalidToken => "UNKNOWN",
        }
    }

    /// Why the server refused the token itself (HTTP 401, `UNAUTHENTICATED`: missing,
    /// expired, or not signed by it), as its message without the leading `Unauthenticated: `;
    /// `None` for every other error.
    #[must_use]
    pub fn token_rejection(&self) -> Option<&str> {
        match self {
            Self::Api { status: 401, message, .. } => {
                Some(message.strip_prefix("Unauthenticated: ").unwrap_or(message))
            }
            _ => None,
        }
    }

    /// True when retrying may help (`UNAVAILABLE`).
    #[must_use]
    pub fn is_unavailable(&self) -> bool {
        self.code() == Some(14)
    }

    /// The error of a non-2xx answer: its `google.rpc.Status` body, or, when the body is not
    /// one, the code the HTTP status stands for.
    pub(crate) fn from_response(status: u16, body: &[u8]) -> Self {
        let parsed: Option<serde_json::Map<String, Value>> = serde_json::from_slice(body).ok();
        if let Some(status_body) = parsed {
            if let (Some(code), Some(message)) = (
                status_body.get("code").and_then(Value::as_i64).and_then(|c| i32::try_from(c).ok()),
                status_body.get("message").and_then(Value::as_str),
            ) {
                let details = status_body.get("details").and_then(Value::as_array).cloned().unwrap_or_default();
                return Self::Api {
                    status,
                    code,
                    reason: code_name(code).to_owned(),
                    message: message.to_owned(),
                    details,
                };
            }
        }
        let code = code_for_http_status(status);
        let text = String::from_utf8_lossy(body);
        let snippet: String = text.trim().chars().take(200).collect();
        let mut message =
            if snippet.is_empty() { format!("HTTP {status}") } else { format!("HTTP {status}: {snippet}") };
        // Grove answers every unknown path with its own error body; a bare 404 comes from
        // something else at that address.
        if status == 404 {
            message = format!("this address is not a Grove API (it answered {message}, without Grove's error body)");
        }
        Self::Api { status, code, reason: code_name(code).to_owned(), message, details: Vec::new() }
    }
}

/// The name of a gRPC code number.
#[must_use]
pub fn code_name(code: i32) -> &'static str {
    match code {
        0 => "OK",
        1 => "CANCELLED",
        3 => "INVALID_ARGUMENT",
        4 => "DEADLINE_EXCEEDED",
        5 => "NOT_FOUND",
        6 => "ALREADY_EXISTS",
        7 => "PERMISSION_DENIED",
        8 => "RESOURCE_EXHAUSTED",
        9 => "FAILED_PRECONDITION",
        10 => "ABORTED",
        11 => "OUT_OF_RANGE",
        12 => "UNIMPLEMENTED",
        13 => "INTERNAL",
        14 => "UNAVAILABLE",
        15 => "DATA_LOSS",
        16 => "UNAUTHENTICATED",
        _ => "UNKNOWN",
    }
}

/// The gRPC code an HTTP status stands for when the body says nothing.
fn code_for_http_status(status: u16) -> i32 {
    match status {
        400 => 3,
        401 => 16,
        403 => 7,
        404 => 5,
        409 => 6,
        429 => 8,
        501 => 12,
        502 | 503 => 14,
        504 => 4,
        500..=599 => 13,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_bodies_become_api_errors_with_their_code_name() {
        let body = br#"{"code":7,"message":"Permission denied: no","details":[{"@type":"x"}]}"#;
        let err = ClientError::from_response(403, body);
        assert_eq!(err.to_string(), "Permission denied: no");
        assert_eq!((err.code(), err.reason()), (Some(7), "PERMISSION_DENIED"));
        assert!(matches!(err, ClientError::Api { ref details, .. } if details.len() == 1));
    }

    #[test]
    fn a_401_is_a_token_rejection_whose_reason_drops_the_code_name() {
        let err = ClientError::from_response(401, br#"{"code":16,"message":"Unauthenticated: API token expired"}"#);
        assert_eq!(err.token_rejection(), Some("API token expired"));
        assert_eq!(ClientError::from_response(401, b"").token_rejection(), Some("HTTP 401"));
        let denied = ClientError::from_response(403, br#"{"code":7,"message":"Permission denied: no"}"#);
        assert_eq!(denied.token_rejection(), None);
    }

    #[test]
    fn other_bodies_fall_back_to_the_http_status() {
        let err = ClientError::from_response(503, b"upstream down");
        assert!(err.is_unavailable());
        assert_eq!(err.to_string(), "HTTP 503: upstream down");
        assert_eq!(ClientError::from_response(504, b"").reason(), "DEADLINE_EXCEEDED");
        assert_eq!(ClientError::from_response(418, b"").reason(), "UNKNOWN");
    }

    #[test]
    fn a_404_without_grove_s_error_body_says_the_address_is_not_a_grove_api() {
        let err = ClientError::from_response(404, b"<h1>Not Found</h1>");
        assert_eq!(
            err.to_string(),
            "this address is not a Grove API (it answered HTTP 404: <h1>Not Found</h1>, without Grove's error body)"
        );
        assert_eq!(err.reason(), "NOT_FOUND");
        let grove = ClientError::from_response(404, br#"{"code":5,"message":"Not found: no such group"}"#);
        assert_eq!(grove.to_string(), "Not found: no such group");
    }
}
