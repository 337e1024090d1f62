//! JSON response bodies, serialized in one pass into a plain buffer.
//!
//! `axum::Json` writes through `BytesMut`'s `BufMut` from a 128-byte start; a page of groups
//! (about 15 KiB) then spends its time in small checked writes and in copies as the buffer
//! grows. Here [`writer`] writes serde_json's bytes into a `Vec` that starts at
//! [`INITIAL_CAPACITY`], which holds a single resource, or a page of 50 groups, without growing.

pub mod writer;

use axum::body::Body;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use grove_domain::Error;
use serde::Serialize;

use crate::error::ApiError;

/// Room for a page of 50 groups three levels deep (16.7 KiB with its page token); larger
/// pages grow from here by doubling. Growing such a page from 1 KiB copied it four times
/// (about 10 000 of the page's 800 000 instructions, by callgrind); a single resource touches
/// only the bytes it writes.
const INITIAL_CAPACITY: usize = 20 * 1024;

/// A response whose body is `T` as JSON (`application/json`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(INITIAL_CAPACITY);
        match writer::write(&mut body, &self.0) {
            Ok(()) => {
                // Built directly: `(headers, Vec<u8>)` sets `application/octet-stream` first and
                // then replaces it.
                let mut response = Response::new(Body::from(body));
                response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
                response
            }
            Err(e) => ApiError::from(Error::internal(format!("serializing a response: {e}"))).into_response(),
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::body::to_bytes;

    use super::*;

    #[tokio::test]
    async fn a_body_is_its_json_with_the_json_content_type() {
        let response = Json(serde_json::json!({"groups": [{"uid": "a\"b"}], "totalCount": "3"})).into_response();
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()[CONTENT_TYPE], "application/json");
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert_eq!(&body[..], br#"{"groups":[{"uid":"a\"b"}],"totalCount":"3"}"#);
    }

    #[tokio::test]
    async fn a_value_that_cannot_be_serialized_is_an_internal_error() {
        let mut keys_not_strings = std::collections::BTreeMap::new();
        keys_not_strings.insert(vec![1u8], 1);
        let response = Json(keys_not_strings).into_response();
        assert_eq!(response.status(), 500);
    }
}
