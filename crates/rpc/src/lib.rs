//! Grove's RPCs, one transport-neutral async function each: (services, caller, request
//! message) → response message or domain error. The function of `FooService/DoThing` is
//! `grove_rpc::foo::do_thing` (`terms::accept_terms`), or `grove_rpc::v1::foo::do_thing` for
//! a service of the first API, whose packages carry no version (`v1::ping::ping`). A method
//! whose `iam` option is `disabled` takes no caller.
//!
//! Nothing else is written per RPC: `cargo xtask proto` generates, from the `.proto`
//! descriptors and their `google.api.http` bindings, the table [`RPCS`] that the REST face
//! (`grove_http::faces`) routes and documents, and the tonic services of the gRPC face
//! (`grove_grpc`'s `gen/faces.rs`). Both call the same function; REST hands it the message
//! decoded from protojson, never re-encoded as binary protobuf.

pub mod ping;
pub mod terms;
pub mod v1;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use grove_domain::authz::Principal;
use grove_domain::error::Error;
use grove_domain::services::Services;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

include!("gen/table.rs");

/// What a REST call of an RPC answers: the response message as protojson bytes.
pub type Answer = Pin<Box<dyn Future<Output = Result<Vec<u8>, Error>> + Send>>;

/// An RPC whose faces are generated.
#[derive(Debug)]
pub struct Rpc {
    /// The gRPC path, `/package.Service/Method`.
    pub method: &'static str,
    /// The full name of the request message.
    pub input: &'static str,
    /// The full name of the response message.
    pub output: &'static str,
    /// Its `google.api.http` rule and additional bindings.
    pub bindings: &'static [Binding],
    /// Its function, over the request as protojson.
    pub call: Call,
}

/// An RPC's function, taking the request as protojson.
#[derive(Clone, Copy)]
pub enum Call {
    /// A method that needs no caller (`iam` option `disabled`).
    Open(fn(Arc<Services>, Value) -> Answer),
    /// A method of an authenticated caller.
    Authenticated(fn(Arc<Services>, Principal, Value) -> Answer),
    /// A method served by hand-written routes of its own (the token exchange, whose caller
    /// presents an identity provider's token): in the table for the document only.
    Elsewhere,
}

impl std::fmt::Debug for Call {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Open(_) => "Open",
            Self::Authenticated(_) => "Authenticated",
            Self::Elsewhere => "Elsewhere",
        })
    }
}

/// One HTTP binding of an RPC.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// The HTTP method.
    pub verb: Verb,
    /// The path template: literal segments, `{field}` (one segment) and a last `{field=**}`.
    pub path: &'static str,
    /// Where the request body goes.
    pub body: Body,
}

/// The HTTP methods of bindings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// `GET`.
    Get,
    /// `PUT`.
    Put,
    /// `POST`.
    Post,
    /// `DELETE`.
    Delete,
    /// `PATCH`.
    Patch,
}

impl Verb {
    /// The method's name, as HTTP writes it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Get => "GET",
            Self::Put => "PUT",
            Self::Post => "POST",
            Self::Delete => "DELETE",
            Self::Patch => "PATCH",
        }
    }
}

/// Where a binding puts the request body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// No body: the fields not in the path come from the query string.
    None,
    /// The whole request message (`body: "*"`).
    All,
    /// One field of it (`body: "field"`); the others come from the path and the query.
    Field(&'static str),
}

/// The RPC at gRPC path `method`, if its faces are generated.
#[must_use]
pub fn rpc(method: &str) -> Option<&'static Rpc> {
    RPCS.iter().find(|r| r.method == method)
}

/// A request message from its protojson.
///
/// # Errors
/// `INVALID_ARGUMENT` naming the field that does not decode.
pub fn decode<T: DeserializeOwned>(input: Value) -> Result<T, Error> {
    serde_path_to_error::deserialize(input).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "body".to_owned() } else { path };
        Error::invalid(field, e.into_inner().to_string())
    })
}

/// A response message as protojson.
///
/// # Errors
/// `INTERNAL` if it does not serialize, which generated messages always do.
pub fn encode<T: Serialize>(output: &T) -> Result<Vec<u8>, Error> {
    serde_json::to_vec(output).map_err(|e| Error::internal(format!("encoding the answer: {e}")))
}

/// The `v2beta1` twin of a REST path (and query) of a `v2` package (`/iam/v2/groups?…` →
/// `/iam/v2beta1/groups?…`), for the [`VERSIONED`] packages; `None` for any other path.
#[must_use]
pub fn v2beta1_twin(path_and_query: &str) -> Option<String> {
    VERSIONED.iter().find_map(|package| {
        let tail = path_and_query.strip_prefix('/')?.strip_prefix(package)?.strip_prefix("/v2/")?;
        Some(format!("/{package}/v2beta1/{tail}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v2_rest_paths_map_onto_v2beta1_with_their_query() {
        let map = |p: &str| v2beta1_twin(p);
        assert_eq!(
            map("/iam/v2/groups/abc?uidp.in_root=true").as_deref(),
            Some("/iam/v2beta1/groups/abc?uidp.in_root=true")
        );
        assert_eq!(map("/registry/v2/repos").as_deref(), Some("/registry/v2beta1/repos"));
        assert_eq!(map("/vulnerabilities/v2/advisories").as_deref(), Some("/vulnerabilities/v2beta1/advisories"));
        assert_eq!(map("/ping/v2/ping").as_deref(), Some("/ping/v2beta1/ping"));
        assert_eq!(map("/pings/v2/ping"), None);
        assert_eq!(map("/iam/v2beta1/groups"), None);
        assert_eq!(map("/iam/v2"), None);
        assert_eq!(map("/iam/v1/groups"), None);
    }
}
