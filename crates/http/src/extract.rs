//! Reading requests: the caller, path parameters, JSON bodies, list parameters and update
//! masks.
//!
//! Everything malformed becomes an `INVALID_ARGUMENT` naming the offending field.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use grove_domain::audit::Transport;
use grove_domain::authz::Principal;
use grove_domain::error::Error;
use grove_domain::listing::{ListFilter, PageRequest};
use grove_domain::params::{ListKind, ListParams};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::AppState;

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The authenticated caller of a request.
#[derive(Debug)]
pub struct Caller(pub Principal);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let header = match parts.headers.get(axum::http::header::AUTHORIZATION) {
            None => None,
            Some(v) => Some(
                v.to_str()
                    .map_err(|_| Error::Unauthenticated("the Authorization header is not valid text".to_owned()))?,
            ),
        };
        let caller = state.services.auth.authenticate(header).await?;
        log_caller(caller.identity().as_str());
        Ok(Self(caller.through(Transport::Rest, request_id(&parts.headers))))
    }
}

/// The request's `x-request-id` (the server's telemetry sets one on every request that came
/// without), empty when there is none.
#[must_use]
pub fn request_id(headers: &axum::http::HeaderMap) -> &str {
    headers.get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default()
}

/// Names the caller in the request's log line (the `caller` field of the request span).
pub fn log_caller(caller: &str) {
    tracing::Span::current().record("caller", caller);
}

/// A route's path parameters, read as axum's `Path` reads them, with a path that is not valid
/// UTF-8 once percent-decoded refused as an `INVALID_ARGUMENT` on `path`.
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        use axum::extract::path::ErrorKind;
        use axum::extract::rejection::PathRejection;
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(params)) => Ok(Self(params)),
            Err(PathRejection::FailedToDeserializePathParams(e)) => Err(ApiError::from(match e.kind() {
                ErrorKind::InvalidUtf8InPathParam { .. } => {
                    Error::invalid("path", "the path must be valid UTF-8 once percent-decoded")
                }
                _ => Error::invalid("path", e.body_text()),
            })),
            Err(e) => Err(ApiError::from(Error::internal(format!("the route has no path parameters: {e}")))),
        }
    }
}

/// The raw request body, refused in the error format when larger than [`MAX_BODY_BYTES`].
#[derive(Debug)]
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Bytes::from_request(req, state).await.map(RawBody).map_err(|_| {
            ApiError::from(Error::invalid("body", format!("the request body must be at most {MAX_BODY_BYTES} bytes")))
        })
    }
}

/// Reads `T` from a JSON object, naming the field that failed.
pub(crate) fn from_object<T: DeserializeOwned>(object: Map<String, Value>) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(Value::Object(object)).map_err(|e| {
        let field = e.path().to_string();
        let field = if field == "." { "body".to_owned() } else { field };
        ApiError::from(Error::invalid(field, strip_position(&e.into_inner().to_string())))
    })
}

/// Parses `bytes` as JSON into `T`, naming the field that failed.
///
/// # Errors
/// `INVALID_ARGUMENT` on `body` for malformed JSON (with the line and column where it
/// breaks), or on the field path for a wrong type or unknown field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let malformed = inner.is_syntax() || inner.is_eof();
        let field = if path == "." || malformed { "body".to_owned() } else { path };
        let description = strip_position(&inner.to_string());
        // Where a malformed body breaks is what its author needs to find it.
        let description = if malformed {
            format!("{description} at line {}, column {}", inner.line(), inner.column())
        } else {
            description
        };
        ApiError::from(Error::invalid(field, description))
    })
}

/// A JSON value read with every object's keys checked to be distinct: protojson refuses a
/// field given twice (`{"name": "a", "name": "b"}`), where `serde_json::Value` would quietly
/// keep the last.
#[derive(Debug)]
pub struct UniqueKeys(pub Value);

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueKeysVisitor).map(UniqueKeys)
    }
}

struct UniqueKeysVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueKeysVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(UniqueKeys(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
            }
            let UniqueKeys(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

/// The query string, decoded into the domain's [`ListParams`].
#[derive(Debug, Default)]
pub struct Query(ListParams);

impl<S: Send + Sync> FromRequestParts<S> for Query {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        Ok(Self::parse(parts.uri.query().unwrap_or_default()))
    }
}

impl Query {
    /// Decodes a raw query string.
    #[must_use]
    pub fn parse(raw: &str) -> Self {
        Self(ListParams::from_query(raw))
    }

    /// The last non-empty value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key)
    }

    /// The value of `key`, a field that takes one value.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` when it is given more than once.
    pub fn single(&self, key: &str) -> Result<Option<&str>, ApiError> {
        self.0.given_once([key])?;
        Ok(self.0.get(key))
    }

    /// Every decoded parameter.
    #[must_use]
    pub fn params(&self) -> &ListParams {
        &self.0
    }

    /// The paging parameters.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when `page_size` or `skip` is not an integer.
    pub fn page(&self) -> Result<PageRequest, Error> {
        self.0.page_request()
    }

    /// The filter of a `kind` list: `uidp.*` and the list's own filters. Keys that are no
    /// field of the list request are ignored, as grpc-gateway ignores them, and logged at
    /// debug level, since a client who sends one (`?parent=X`) believes it filtered.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the key of a malformed uid, flag or enum value, or of a
    /// `name` with a control character.
    pub fn filter(&self, kind: ListKind) -> Result<ListFilter, Error> {
        let unknown = self.0.unknown_keys(kind);
        if !unknown.is_empty() {
            tracing::debug!(?kind, ?unknown, "ignoring query parameters that are not fields of the list request");
        }
        self.0.list_filter(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_keys_accept_camel_case_and_an_empty_value_is_no_value() {
        let q = Query::parse("pageSize=&uidp.descendantsOf=&order_by=name%20desc&page_size=7");
        assert_eq!(q.get("page_size"), Some("7"));
        assert_eq!(q.get("order_by"), Some("name desc"));
        assert_eq!(q.page().unwrap().page_size, Some(7));
    }

    #[test]
    fn non_integer_page_size_is_invalid() {
        let err = Query::parse("page_size=ten").page().unwrap_err();
        assert_eq!(err, Error::invalid("page_size", "page_size must be an integer"));
    }

    #[test]
    fn wrong_json_type_names_the_field() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Body {
            name: Option<String>,
        }
        let ApiError::Domain(Error::InvalidArgument(v)) = parse_json::<Body>(br#"{"name": 5}"#).unwrap_err() else {
            panic!("wrong error")
        };
        assert_eq!(v[0].field, "name");
        assert_eq!(v[0].description, "invalid type: integer `5`, expected a string");
        let ApiError::Domain(Error::InvalidArgument(v)) = parse_json::<Body>(b"{nope").unwrap_err() else {
            panic!("wrong error")
        };
        assert_eq!(v[0].field, "body");
    }
}
