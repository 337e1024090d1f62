//! The answers hyper writes by itself, before any route sees a request, to an HTTP/1.1 request
//! head it cannot parse (`400`), whose target is too long (`414`) or whose head is too large
//! (`431`): bare statuses with no body. [`rewrite`] turns such an answer, as it leaves for the
//! socket, into the same status with a body in the API's error format, so that no answer of the
//! server leaves without one.
//!
//! hyper's own answers are told apart by their shape: one of those three statuses,
//! `content-length: 0` and no `content-type`, written while no request of the connection is in
//! flight. Every answer of a route carries a JSON body and its `content-type`.

use grove_domain::Error;
use grove_http::error::ApiError;

/// The largest HTTP/1.1 request head served (request line and header fields together): 64 KiB,
/// ample for the largest bearer tokens, and a bound on what parsing a head costs (hyper scans
/// the head again after each read, so a head's cost grows with its square). A larger head is
/// answered `431`.
pub(super) const MAX_REQUEST_HEAD_BYTES: usize = 64 * 1024;

/// The most header fields an HTTP/1.1 request head may carry; more are answered `431`.
pub(super) const MAX_HEADER_FIELDS: usize = 100;

/// The statuses hyper answers an unparsable head with.
const STATUSES: [&[u8]; 3] = [b"400", b"414", b"431"];

/// Whether `written` may be hyper's own answer to an unparsable head: a cheap look at its
/// status line, before the connection's activity is asked whether a request is in flight.
pub(super) fn may_be_hyper_answer(written: &[u8]) -> bool {
    written.strip_prefix(b"HTTP/1.1 ").is_some_and(|rest| STATUSES.iter().any(|status| rest.starts_with(status)))
}

/// `written`, hyper's own answer to an unparsable request head, with a body in the error format
/// (with `domain` in its `ErrorInfo`); `None` when `written` is not such an answer whole.
pub(super) fn rewrite(written: &[u8], domain: &str) -> Option<Vec<u8>> {
    if !may_be_hyper_answer(written) {
        return None;
    }
    let head = &written[..find(written, b"\r\n\r\n")? + 4];
    if head.len() != written.len() || find(head, b"\r\ncontent-type:").is_some() {
        return None;
    }
    let no_body = b"\r\ncontent-length: 0\r\n";
    let at = find(head, no_body)?;
    let error = match &head[9..12] {
        b"414" => Error::invalid("uri", "the request target is too long"),
        b"431" => Error::invalid(
            "headers",
            format!(
                "the request head is larger than {} KiB or has more than {MAX_HEADER_FIELDS} header fields",
                MAX_REQUEST_HEAD_BYTES / 1024
            ),
        ),
        _ => Error::invalid(
            "request",
            "the request head is not valid HTTP/1.1 (its method, target, version or a header field)",
        ),
    };
    let body = serde_json::to_vec(&ApiError::from(error).body(domain)).ok()?;
    let mut answer = Vec::with_capacity(head.len() + body.len() + 64);
    answer.extend_from_slice(&head[..at]);
    answer.extend_from_slice(b"\r\ncontent-type: application/json\r\ncontent-length: ");
    answer.extend_from_slice(body.len().to_string().as_bytes());
    answer.extend_from_slice(b"\r\n");
    answer.extend_from_slice(&head[at + no_body.len()..]);
    answer.extend_from_slice(&body);
    Some(answer)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    const HYPER_431: &[u8] = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: Sat, 28 Nov 2026 15:14:27 GMT\r\n\r\n";

    fn split(answer: &[u8]) -> (String, Value) {
        let end = find(answer, b"\r\n\r\n").unwrap() + 4;
        (String::from_utf8(answer[..end].to_vec()).unwrap(), serde_json::from_slice(&answer[end..]).unwrap())
    }

    fn error(field: &str, description: &str) -> Value {
        json!({
            "code": 3,
            "message": format!("Invalid argument: {field}: {description}"),
            "details": [
                { "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_ARGUMENT", "domain": "iam.example" },
                { "@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{ "field": field, "description": description }] },
            ],
        })
    }

    #[test]
    fn a_head_too_large_keeps_its_status_close_and_date_and_gains_a_json_body() {
        let (head, body) = split(&rewrite(HYPER_431, "iam.example").unwrap());
        let length = serde_json::to_vec(&body).unwrap().len();
        assert_eq!(
            head,
            format!(
                "HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {length}\r\ndate: Sat, 28 Nov 2026 15:14:27 GMT\r\n\r\n"
            )
        );
        assert_eq!(body, error("headers", "the request head is larger than 64 KiB or has more than 100 header fields"));
    }

    #[test]
    fn a_malformed_head_and_a_target_too_long_say_which() {
        let bare = |status: &str| format!("HTTP/1.1 {status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
        let (head, body) = split(&rewrite(bare("400 Bad Request").as_bytes(), "iam.example").unwrap());
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: application/json\r\n"));
        assert_eq!(
            body,
            error("request", "the request head is not valid HTTP/1.1 (its method, target, version or a header field)")
        );
        let (head, body) = split(&rewrite(bare("414 URI Too Long").as_bytes(), "iam.example").unwrap());
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"));
        assert_eq!(body, error("uri", "the request target is too long"));
    }

    #[test]
    fn answers_of_routes_and_other_statuses_pass_unchanged() {
        let routed = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(rewrite(routed, "d"), None, "a route's answer has a content-type");
        let with_body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(rewrite(with_body, "d"), None);
        let not_found = b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n";
        assert!(!may_be_hyper_answer(not_found));
        assert_eq!(rewrite(not_found, "d"), None);
        assert!(!may_be_hyper_answer(b"HTTP/1.1 200 OK\r\n"));
        assert!(!may_be_hyper_answer(b"\x00\x00\x12\x04\x00\x00\x00\x00\x00"), "an HTTP/2 frame");
        assert_eq!(
            rewrite(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n", "d"),
            None,
            "a head cut short"
        );
    }
}
