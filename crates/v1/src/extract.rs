//! Reading version 1 requests: the caller, strict JSON bodies and list filters.
//!
//! Everything malformed becomes `INVALID_ARGUMENT` (400, code 3).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use grove_domain::authz::Principal;
use grove_domain::error::Error;
use grove_domain::listing::ListFilter;
use grove_domain::params::ListParams;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::V1Error;
use crate::V1State;

/// The largest request body accepted (1 MiB).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The authenticated caller of a request, exactly as version 2 authenticates it.
#[derive(Debug)]
pub struct Caller(pub Principal);

impl FromRequestParts<V1State> for Caller {
    type Rejection = V1Error;

    async fn from_request_parts(parts: &mut Parts, state: &V1State) -> Result<Self, V1Error> {
        let header = match parts.headers.get(axum::http::header::AUTHORIZATION) {
            None => None,
            Some(v) => Some(
                v.to_str()
                    .map_err(|_| Error::Unauthenticated("the Authorization header is not valid text".to_owned()))?,
            ),
        };
        let caller = state.services.auth.authenticate(header).await?;
        let request_id = parts.headers.get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
        tracing::Span::current().record("caller", caller.identity().as_str());
        Ok(Self(caller.through(grove_domain::audit::Transport::V1, request_id)))
    }
}

/// A v1 request body type: strict JSON (unknown fields are refused), except that the
/// resource's output-only fields are accepted and ignored, so that a fetched resource can be
/// sent back whole with `PUT`.
pub trait WireBody: DeserializeOwned {
    /// Output-only keys (JSON and proto spellings) dropped before reading.
    const OUTPUT_ONLY: &'static [&'static str];
}

/// A JSON object body read into `T`; an empty body reads as `{}`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: WireBody, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = V1Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, V1Error> {
        let RawBody(bytes) = RawBody::from_request(req, state).await?;
        parse_body(&bytes).map(JsonBody)
    }
}

/// The body's bytes, unread (for a path whose body type depends on a custom verb); one
/// over the size limit is refused as [`JsonBody`] refuses it.
#[derive(Debug)]
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = V1Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, V1Error> {
        Bytes::from_request(req, state).await.map(RawBody).map_err(|_| {
            Error::invalid("body", format!("the request body must be at most {MAX_BODY_BYTES} bytes")).into()
        })
    }
}

/// Parses `bytes` as a JSON object into `T`, dropping `T`'s output-only keys first.
///
/// # Errors
/// `INVALID_ARGUMENT` on `body` for malformed JSON, a body that is not an object, a value
/// of the wrong type, or an unknown field.
pub fn parse_body<T: WireBody>(bytes: &[u8]) -> Result<T, V1Error> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    let value: Value = serde_json::from_slice(bytes).map_err(invalid_body)?;
    let Value::Object(mut object) = value else {
        return Err(Error::invalid("body", "the request body must be a JSON object").into());
    };
    for key in T::OUTPUT_ONLY {
        object.remove(*key);
    }
    serde_json::from_value(Value::Object(object)).map_err(invalid_body)
}

fn invalid_body(e: serde_json::Error) -> V1Error {
    let message = e.to_string();
    let message = message.rfind(" at line ").map_or(message.as_str(), |i| &message[..i]);
    // Where a malformed body breaks is what its author needs to find it.
    let message = if e.is_syntax() || e.is_eof() {
        format!("{message} at line {}, column {}", e.line(), e.column())
    } else {
        message.to_owned()
    };
    Error::invalid("body", message).into()
}

/// The query string, decoded into the domain's [`ListParams`].
#[derive(Debug, Default)]
pub struct Query(ListParams);

impl<S: Send + Sync> FromRequestParts<S> for Query {
    type Rejection = V1Error;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, V1Error> {
        Ok(Self::parse(parts.uri.query().unwrap_or_default()))
    }
}

impl Query {
    /// Decodes a raw query string.
    #[must_use]
    pub fn parse(raw: &str) -> Self {
        Self(ListParams::from_query(raw))
    }

    /// A boolean parameter (`true`/`1` or `false`/`0`; absent is false).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming `key` for any other value.
    pub fn flag(&self, key: &str) -> Result<bool, V1Error> {
        Ok(self.0.flag(key)?)
    }

    /// Every parameter, for lists with filters of their own.
    #[must_use]
    pub fn params(&self) -> &ListParams {
        &self.0
    }

    /// The last non-empty value of `key` (an empty value is the zero value: no filter).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key)
    }

    /// The v1 list filter: exact `id` (repeatable or comma-separated, also `uidp.ids`),
    /// `uidp.descendants_of`, `uidp.children_of`, `uidp.ancestors_of`, `uidp.in_root`, and
    /// exact `name`. Unknown keys are ignored, as the v1 gateway ignores them.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the key of a malformed uid or flag, or of a `name` with a
    /// control character.
    pub fn filter(&self) -> Result<ListFilter, Error> {
        Ok(ListFilter {
            uidp: self.0.uidp_filter(&["id", "uidp.ids"])?,
            name: self.0.text("name")?,
            ..ListFilter::default()
        })
    }

    /// The v1 TagFilter: [`Self::filter`] plus `updated_since`, `digest` and the
    /// `exclude_referrers`, `exclude_dates` and `exclude_epochs` flags (v1 lists every
    /// shape unless told to leave one out; v2 is the other way round).
    ///
    /// # Errors
    /// As [`Self::filter`]; also for a malformed timestamp or digest.
    pub fn tag_filter(&self) -> Result<ListFilter, Error> {
        Ok(ListFilter {
            tag: grove_domain::model::TagFilter {
                updated_since: self.0.timestamp("updated_since")?,
                digest: self.0.digest("digest")?,
                exclude_referrers: self.0.flag("exclude_referrers")?,
                exclude_dates: self.0.flag("exclude_dates")?,
                exclude_epochs: self.0.flag("exclude_epochs")?,
            },
            ..self.filter()?
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Named {
        name: Option<String>,
    }

    impl WireBody for Named {
        const OUTPUT_ONLY: &'static [&'static str] = &["id"];
    }

    fn invalid(err: V1Error) -> String {
        match err {
            V1Error::Domain(e @ Error::InvalidArgument(_)) => e.to_string(),
            other => panic!("not INVALID_ARGUMENT: {other:?}"),
        }
    }

    #[test]
    fn output_only_fields_are_dropped_and_unknown_fields_refused() {
        assert_eq!(parse_body::<Named>(br#"{"id":"x","name":"n"}"#).unwrap().name.as_deref(), Some("n"));
        assert_eq!(
            invalid(parse_body::<Named>(br#"{"nmae":"x"}"#).unwrap_err()),
            "Invalid argument: body: unknown field `nmae`, expected `name`"
        );
    }

    #[test]
    fn malformed_json_and_wrong_types_are_invalid_body() {
        assert_eq!(
            invalid(parse_body::<Named>(br#"{"name": 5}"#).unwrap_err()),
            "Invalid argument: body: invalid type: integer `5`, expected a string"
        );
        assert!(invalid(parse_body::<Named>(b"{nope").unwrap_err()).starts_with("Invalid argument: body: key must"));
        assert_eq!(
            invalid(parse_body::<Named>(b"[]").unwrap_err()),
            "Invalid argument: body: the request body must be a JSON object"
        );
        assert!(parse_body::<Named>(b"  ").unwrap().name.is_none());
    }

    #[test]
    fn id_filters_accept_repeats_commas_and_camel_case_uidp_keys() {
        let a = "0123456789abcdef0123456789abcdef01234567";
        let q = Query::parse(&format!("id={a}&id={a}/0123456789abcdef,{a}/fedcba9876543210&uidp.childrenOf={a}&name="));
        let f = q.filter().unwrap();
        assert_eq!(f.uidp.ids.len(), 3);
        assert_eq!(f.uidp.children_of.as_ref().map(grove_domain::Uidp::as_str), Some(a));
        assert_eq!(f.name, None);
    }

    #[test]
    fn malformed_uid_in_a_filter_names_the_key() {
        let err = Query::parse("uidp.descendants_of=nope").filter().unwrap_err();
        assert_eq!(err.code(), grove_domain::Code::InvalidArgument);
        assert!(err.to_string().starts_with("Invalid argument: uidp.descendants_of:"), "{err}");
    }
}
