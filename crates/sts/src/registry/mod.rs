//! Grove as the token service of an OCI registry (the distribution token-authentication
//! protocol): `GET {auth_url}/registry/token` grants pull/push/delete on repository paths to
//! a caller holding a Grove API token, and `GET {auth_url}/registry/certs.pem` publishes the
//! certificates the registry's `rootcertbundle` trusts; `POST {auth_url}/registry/events`
//! takes the registry's push notifications and keeps Grove's tags on the pushed digests.
//!
//! Credentials come as HTTP Basic with user `_token` and the API token as password, or as a
//! Bearer token. Errors use the protocol's body, `{"errors":[{"code","message","detail"}]}`;
//! a 401 carries `WWW-Authenticate: Bearer realm=…,service=…`.

pub mod notifications;
pub mod scope;
pub mod token;

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use grove_domain::authz::{Authenticator, Principal};
use grove_domain::error::Error;
use grove_domain::ports::ApiTokenVerifier;
use grove_domain::services::{RegistryAccessService, RegistryAction};
use serde_json::json;

use self::scope::{parse_scopes, Scope};
use self::token::{Access, RegistryTokens};

/// The user name of Basic credentials whose password is an API token.
pub const TOKEN_USER: &str = "_token";
/// The longest `service` accepted.
const MAX_SERVICE_LEN: usize = 255;

/// What the registry token routes need.
#[derive(Clone)]
pub struct RegistryAuth {
    /// Turns the caller's API token into a principal.
    pub authenticator: Arc<Authenticator>,
    /// Verifies API tokens (for their expiry, which bounds the registry token's).
    pub verifier: Arc<dyn ApiTokenVerifier>,
    /// Decides access to repository paths.
    pub access: RegistryAccessService,
    /// Signs registry tokens and holds the certificate bundle.
    pub tokens: Arc<RegistryTokens>,
    /// The token service's public address: `iss` of the tokens; routes are mounted under its path.
    pub auth_url: String,
}

#[derive(Clone)]
struct RegistryState {
    auth: RegistryAuth,
    realm: Arc<str>,
}

/// The registry token routes, under the path of `auth.auth_url`.
pub fn router(auth: RegistryAuth) -> Router {
    let realm = format!("{}/registry/token", auth.auth_url.trim_end_matches('/'));
    let prefix = crate::routes::mount_path(&auth.auth_url);
    let state = RegistryState { auth, realm: Arc::from(realm) };
    // Full paths rather than `nest`, so that this router merges with the token service's
    // routes nested under the same prefix.
    Router::new()
        .route(&format!("{prefix}/registry/token"), get(token_endpoint))
        .route(&format!("{prefix}/registry/certs.pem"), get(certificates))
        .route(&format!("{prefix}/registry/events"), post(notifications::receive))
        .with_state(state)
}

/// An error in the protocol's form.
fn protocol_error(status: StatusCode, code: &str, message: &str) -> Response {
    let body = json!({ "errors": [{ "code": code, "message": message, "detail": null }] });
    (status, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

/// A 401 with the challenge that points the client at this endpoint.
fn unauthorized(realm: &str, service: Option<&str>, message: &str) -> Response {
    let mut response = protocol_error(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", message);
    let challenge = match service {
        Some(service) => format!("Bearer realm=\"{realm}\",service=\"{service}\""),
        None => format!("Bearer realm=\"{realm}\""),
    };
    if let Ok(value) = HeaderValue::from_str(&challenge) {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, value);
    }
    response
}

/// The request's parameters: `service` once, `scope` any number of times.
struct Params {
    service: Option<String>,
    scopes: Vec<String>,
}

fn read_params(query: &str) -> Params {
    let mut params = Params { service: None, scopes: Vec::new() };
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "service" if params.service.is_none() => params.service = Some(value.into_owned()),
            "scope" => params.scopes.push(value.into_owned()),
            _ => {}
        }
    }
    params
}

/// A `service` that can go in a header and a token: printable ASCII without quotes or
/// backslashes, 255 characters at most.
fn valid_service(service: &str) -> bool {
    !service.is_empty()
        && service.len() <= MAX_SERVICE_LEN
        && service.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\')
}

/// The API token of the `Authorization` header: the password of Basic credentials for user
/// `_token`, or a Bearer token.
fn api_token(headers: &HeaderMap) -> Result<String, &'static str> {
    let value = headers.get(header::AUTHORIZATION).ok_or("the request has no credentials")?;
    let value = value.to_str().map_err(|_| "the Authorization header is not valid text")?;
    let (scheme, rest) = value.split_once(' ').ok_or("the Authorization header must be Basic or Bearer")?;
    let rest = rest.trim();
    if scheme.eq_ignore_ascii_case("bearer") && !rest.is_empty() {
        return Ok(rest.to_owned());
    }
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err("the Authorization header must be Basic or Bearer");
    }
    let decoded = STANDARD.decode(rest).map_err(|_| "the Basic credentials are not base64")?;
    let decoded = String::from_utf8(decoded).map_err(|_| "the Basic credentials are not UTF-8")?;
    let (user, password) = decoded.split_once(':').ok_or("the Basic credentials have no password")?;
    if user != TOKEN_USER {
        return Err("the user name must be _token, with a Grove API token as password");
    }
    if password.is_empty() {
        return Err("the password must be a Grove API token");
    }
    Ok(password.to_owned())
}

async fn token_endpoint(State(s): State<RegistryState>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    let params = read_params(query.as_deref().unwrap_or_default());
    let Some(service) = params.service.as_deref().filter(|s| valid_service(s)) else {
        let message =
            "service is required: the registry's service name, printable ASCII without quotes, at most 255 characters";
        return protocol_error(StatusCode::BAD_REQUEST, "UNSUPPORTED", message);
    };
    let scopes = match parse_scopes(params.scopes.iter().map(String::as_str)) {
        Ok(scopes) => scopes,
        Err(e @ scope::ScopeError::InvalidName(_)) => {
            return protocol_error(StatusCode::BAD_REQUEST, "NAME_INVALID", &e.to_string());
        }
        Err(e) => return protocol_error(StatusCode::BAD_REQUEST, "UNSUPPORTED", &e.to_string()),
    };
    let token = match api_token(&headers) {
        Ok(token) => token,
        Err(reason) => return unauthorized(&s.realm, Some(service), reason),
    };
    let authorization = format!("Bearer {token}");
    let caller = match s.auth.authenticator.authenticate(Some(&authorization)).await {
        Ok(caller) => caller,
        Err(Error::Unauthenticated(reason)) => return unauthorized(&s.realm, Some(service), &reason),
        Err(other) => return failure(&other),
    };
    // Verified (and cached) by the authentication just now: only its expiry is read here.
    let not_after = s.auth.verifier.verify(&token).ok().map(|v| v.expires_at);
    let access = match grants(&s.auth.access, &caller, &scopes).await {
        Ok(access) => access,
        Err(e) => return failure(&e),
    };
    match s.auth.tokens.sign(caller.identity(), service, &access, not_after) {
        Ok(signed) => {
            tracing::info!(identity = %caller.identity(), %service, granted = ?access, "registry token issued");
            let body = json!({
                "token": signed.token,
                "access_token": signed.token,
                "expires_in": signed.expires_in,
                "issued_at": signed.issued_at.to_string(),
            });
            ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
        }
        Err(Error::Unauthenticated(reason)) => unauthorized(&s.realm, Some(service), &reason),
        Err(e) => failure(&e),
    }
}

/// A server-side failure (store, signing) in the protocol's form.
fn failure(error: &Error) -> Response {
    tracing::error!(?error, "registry token request failed");
    let status = match error {
        Error::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    let code = if status == StatusCode::SERVICE_UNAVAILABLE { "UNAVAILABLE" } else { "UNKNOWN" };
    protocol_error(status, code, "the token service failed; try again")
}

/// The `access` claim: per resource, the asked actions the caller holds; resources with no
/// granted action are left out, repeated resources are merged.
async fn grants(
    access: &RegistryAccessService,
    caller: &Principal,
    scopes: &[Scope],
) -> grove_domain::Result<Vec<Access>> {
    let mut granted: Vec<Access> = Vec::new();
    for scope in scopes {
        let actions: Vec<String> = match scope.kind.as_str() {
            "repository" => {
                let wanted: Vec<RegistryAction> =
                    scope.actions.iter().filter_map(|a| RegistryAction::from_name(a)).collect();
                access.grant(caller, &scope.name, &wanted).await?.iter().map(|a| a.name().to_owned()).collect()
            }
            "registry"
                if scope.name == "catalog"
                    && scope.actions.iter().any(|a| a == "*")
                    && RegistryAccessService::may_read_catalog(caller) =>
            {
                vec!["*".to_owned()]
            }
            _ => Vec::new(),
        };
        if actions.is_empty() {
            continue;
        }
        match granted.iter_mut().find(|a| a.kind == scope.kind && a.name == scope.name) {
            Some(entry) => {
                for action in actions {
                    if !entry.actions.contains(&action) {
                        entry.actions.push(action);
                    }
                }
            }
            None => granted.push(Access { kind: scope.kind.clone(), name: scope.name.clone(), actions }),
        }
    }
    Ok(granted)
}

async fn certificates(State(s): State<RegistryState>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/x-pem-file"), (header::CACHE_CONTROL, "public, max-age=300")],
        s.auth.tokens.certificate_bundle().to_owned(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn basic_credentials_of_the_token_user_and_bearer_tokens_are_read() {
        let basic = format!("Basic {}", STANDARD.encode("_token:abc.def.ghi"));
        assert_eq!(api_token(&headers(&basic)), Ok("abc.def.ghi".to_owned()));
        assert_eq!(api_token(&headers("Bearer abc.def.ghi")), Ok("abc.def.ghi".to_owned()));
        assert_eq!(api_token(&headers("bearer  xyz ")), Ok("xyz".to_owned()));
    }

    #[test]
    fn other_users_empty_passwords_and_odd_schemes_are_refused() {
        assert!(api_token(&HeaderMap::new()).is_err());
        assert!(api_token(&headers(&format!("Basic {}", STANDARD.encode("alice:abc")))).is_err());
        assert!(api_token(&headers(&format!("Basic {}", STANDARD.encode("_token:")))).is_err());
        assert!(api_token(&headers(&format!("Basic {}", STANDARD.encode("_token")))).is_err());
        assert!(api_token(&headers("Basic !!!")).is_err());
        assert!(api_token(&headers("Digest abc")).is_err());
        assert!(api_token(&headers("Bearer")).is_err());
    }

    #[test]
    fn the_first_service_and_every_scope_are_kept() {
        let params =
            read_params("service=reg.test&scope=repository%3Aa%2Fb%3Apull&service=other&scope=x&account=_token");
        assert_eq!(params.service.as_deref(), Some("reg.test"));
        assert_eq!(params.scopes, ["repository:a/b:pull", "x"]);
    }

    #[test]
    fn services_that_cannot_go_in_a_header_are_invalid() {
        assert!(valid_service("registry.example.com"));
        assert!(valid_service("127.0.0.1:5000"));
        for bad in ["", "a b", "a\"b", "a\\b", "é", &"a".repeat(256)] {
            assert!(!valid_service(bad), "{bad:?}");
        }
    }

    #[test]
    fn a_401_challenges_with_the_realm_and_service() {
        let response = unauthorized("https://auth.test/registry/token", Some("reg.test"), "no");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            response.headers()[header::WWW_AUTHENTICATE],
            "Bearer realm=\"https://auth.test/registry/token\",service=\"reg.test\""
        );
    }
}
