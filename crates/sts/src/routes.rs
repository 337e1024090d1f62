//! The token service's HTTP surface on `{auth_url}`: `GET`/`POST /sts/exchange`,
//! `POST /sts/exchange_refresh_token`, `POST /sts/revoke` (RFC 7009 revocation of a refresh
//! token and its family), `GET /sts/login_configuration` (the public OAuth settings a person's
//! login starts from), the server-side login through confidential clients
//! (`GET /sts/oauth/authorize`, `GET /sts/oauth/callback`, `POST /sts/oauth/token`: OAuth 2.0
//! with PKCE toward Grove's own clients, errors in RFC 6749's shape), and the discovery
//! document and JWKS that publish Grove's signing keys.
//!
//! Errors are `google.rpc.Status` JSON bodies in the same shape as the API's, built here
//! because transports do not depend on each other.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::error::{Code, Error};
use grove_domain::services::{
    AuthorizeRequest, CallbackRequest, ExchangeRequest, ExchangeService, Exchanged, OAuthError, OAuthErrorCode,
    RefreshRequest, TokenRequest,
};
use serde_json::{json, Value};

use crate::ApiTokens;

/// Largest form body `POST /sts/exchange` reads.
pub const MAX_FORM_BYTES: usize = 64 * 1024;
/// The cookie that binds a server-side login to the browser that started it.
pub const LOGIN_COOKIE: &str = "grove_login";

/// Settings of the token service's routes.
#[derive(Debug, Clone)]
pub struct StsConfig {
    /// The token service's public address: the `iss` of API tokens; routes are mounted under
    /// its path.
    pub auth_url: String,
    /// `ErrorInfo.domain` of every error.
    pub error_domain: String,
}

#[derive(Clone)]
struct StsState {
    exchange: ExchangeService,
    tokens: Arc<ApiTokens>,
    auth_url: Arc<str>,
    error_domain: Arc<str>,
}

/// The token service's routes, nested under the path of `config.auth_url`.
pub fn router(exchange: ExchangeService, tokens: Arc<ApiTokens>, config: &StsConfig) -> Router {
    let state = StsState {
        exchange,
        tokens,
        auth_url: Arc::from(config.auth_url.as_str()),
        error_domain: Arc::from(config.error_domain.as_str()),
    };
    let routes = Router::new()
        .route("/sts/exchange", get(exchange_get).post(exchange_post))
        .route("/sts/exchange_refresh_token", axum::routing::post(refresh_post))
        .route("/sts/revoke", axum::routing::post(revoke_post))
        .route("/sts/login_configuration", get(login_configuration))
        .route("/sts/oauth/authorize", get(oauth_authorize))
        .route("/sts/oauth/callback", get(oauth_callback))
        .route("/sts/oauth/token", axum::routing::post(oauth_token))
        .route("/.well-known/openid-configuration", get(discovery))
        .route("/.well-known/jwks.json", get(jwks))
        .with_state(state);
    let prefix = mount_path(&config.auth_url);
    if prefix.is_empty() {
        routes
    } else {
        Router::new().nest(&prefix, routes)
    }
}

/// The path part of `url` without a trailing slash (empty for a bare origin).
pub(crate) fn mount_path(url: &str) -> String {
    let path = url::Url::parse(url).map(|u| u.path().to_owned()).unwrap_or_default();
    path.trim_end_matches('/').to_owned()
}

/// The HTTP status of a code ([`Code::http_status`], the one table).
fn http_status(code: Code) -> StatusCode {
    StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// An error as a `google.rpc.Status` response.
fn error_response(error: &Error, domain: &str) -> Response {
    let code = error.code();
    let mut details = vec![json!({
        "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": code.name(), "domain": domain,
    })];
    if let Error::InvalidArgument(violations) = error {
        details.push(json!({
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations": violations.iter().map(|v| json!({"field": v.field, "description": v.description})).collect::<Vec<_>>(),
        }));
    }
    let body = json!({ "code": code.number(), "message": error.to_string(), "details": details });
    let mut response = (http_status(code), Json(body)).into_response();
    if code == Code::Unauthenticated {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    }
    response
}

/// Collects exchange parameters from `application/x-www-form-urlencoded` text.
///
/// # Errors
/// `INVALID_ARGUMENT` on `identity` or `identity_provider` given twice (in one text, or in
/// the query and the body): which was meant cannot be told.
fn read_params(request: &mut ExchangeRequest, encoded: &[u8]) -> Result<(), Error> {
    for (key, value) in form_urlencoded::parse(encoded) {
        match key.as_ref() {
            "aud" => request.audiences.push(value.into_owned()),
            "identity" => set_once(&mut request.identity, "identity", value.into_owned())?,
            "scopes" | "scope" => request.scopes.push(value.into_owned()),
            "cap" => request.capabilities.push(value.into_owned()),
            "identity_provider" => set_once(&mut request.identity_provider, "identity_provider", value.into_owned())?,
            _ => {}
        }
    }
    Ok(())
}

fn set_once(slot: &mut Option<String>, key: &str, value: String) -> Result<(), Error> {
    if slot.is_some() {
        return Err(grove_domain::params::given_twice(key));
    }
    *slot = Some(value);
    Ok(())
}

async fn exchange_get(State(s): State<StsState>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    let mut request = ExchangeRequest::default();
    if let Err(error) = read_params(&mut request, query.unwrap_or_default().as_bytes()) {
        return error_response(&error, &s.error_domain);
    }
    run_exchange(&s, &headers, &request).await
}

/// Checks that a POST body is a form of acceptable size.
fn check_form(headers: &HeaderMap, body: &Bytes) -> Result<(), Error> {
    let form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/x-www-form-urlencoded"));
    if !body.is_empty() && !form {
        return Err(Error::invalid("body", "the request body must be application/x-www-form-urlencoded"));
    }
    if body.len() > MAX_FORM_BYTES {
        return Err(Error::invalid("body", format!("the request body must be at most {MAX_FORM_BYTES} bytes")));
    }
    Ok(())
}

/// The `Authorization` header as text; `Err` when it is not.
fn authorization(headers: &HeaderMap) -> Result<Option<&str>, Error> {
    match headers.get(header::AUTHORIZATION).map(HeaderValue::to_str) {
        None => Ok(None),
        Some(Ok(v)) => Ok(Some(v)),
        Some(Err(_)) => Err(Error::Unauthenticated("the Authorization header is not valid text".to_owned())),
    }
}

/// A RawToken in JSON: `token`, `refreshToken` (person logins only), `expiry`.
fn raw_token(exchanged: &Exchanged) -> Value {
    let mut body = json!({ "token": exchanged.token, "expiry": exchanged.expiry.to_string() });
    if let Some(refresh) = &exchanged.refresh_token {
        body["refreshToken"] = json!(refresh);
    }
    body
}

async fn exchange_post(
    State(s): State<StsState>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Response {
    if let Err(error) = check_form(&headers, &body) {
        return error_response(&error, &s.error_domain);
    }
    let mut request = ExchangeRequest::default();
    let read =
        read_params(&mut request, query.unwrap_or_default().as_bytes()).and_then(|()| read_params(&mut request, &body));
    if let Err(error) = read {
        return error_response(&error, &s.error_domain);
    }
    run_exchange(&s, &headers, &request).await
}

async fn run_exchange(s: &StsState, headers: &HeaderMap, request: &ExchangeRequest) -> Response {
    let authorization = match authorization(headers) {
        Ok(v) => v,
        Err(error) => return error_response(&error, &s.error_domain),
    };
    match s.exchange.exchange(authorization, request).await {
        Ok(exchanged) => {
            match &exchanged.refresh_token {
                None => tracing::info!(identity = %exchanged.identity, expiry = %exchanged.expiry, "token exchanged"),
                Some(_) => tracing::info!(
                    identity = %exchanged.identity, provider = ?exchanged.provider.as_ref().map(ToString::to_string),
                    expiry = %exchanged.expiry, "person logged in"
                ),
            }
            ([(header::CACHE_CONTROL, "no-store")], Json(raw_token(&exchanged))).into_response()
        }
        Err(failure) => {
            let identity = request.identity.as_deref().unwrap_or_default();
            match failure.error.code() {
                Code::Internal | Code::Unavailable => {
                    tracing::error!(%identity, detail = %failure.detail, "token exchange failed");
                }
                _ => tracing::info!(%identity, reason = %failure.detail, "token exchange refused"),
            }
            error_response(&failure.error, &s.error_domain)
        }
    }
}

async fn refresh_post(
    State(s): State<StsState>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Response {
    if let Err(error) = check_form(&headers, &body) {
        return error_response(&error, &s.error_domain);
    }
    let mut request = RefreshRequest::default();
    for encoded in [query.unwrap_or_default().as_bytes(), &body[..]] {
        for (key, value) in form_urlencoded::parse(encoded) {
            match key.as_ref() {
                "aud" => request.audiences.push(value.into_owned()),
                "scopes" | "scope" => request.scopes.push(value.into_owned()),
                "cap" => request.capabilities.push(value.into_owned()),
                _ => {}
            }
        }
    }
    let authorization = match authorization(&headers) {
        Ok(v) => v,
        Err(error) => return error_response(&error, &s.error_domain),
    };
    match s.exchange.exchange_refresh_token(authorization, &request).await {
        Ok(exchanged) => {
            tracing::info!(identity = %exchanged.identity, expiry = %exchanged.expiry, "refresh token exchanged");
            let refresh = exchanged.refresh_token.clone().unwrap_or_default();
            let body = json!({
                "token": { "token": exchanged.token, "expiry": exchanged.expiry.to_string() },
                "refreshToken": { "token": refresh },
            });
            ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
        }
        Err(failure) => {
            match failure.error.code() {
                Code::Internal | Code::Unavailable => {
                    tracing::error!(detail = %failure.detail, "refresh token exchange failed");
                }
                _ => tracing::info!(reason = %failure.detail, "refresh token exchange refused"),
            }
            error_response(&failure.error, &s.error_domain)
        }
    }
}

/// `POST /sts/revoke` (RFC 7009): the form's `token` (a refresh token) is revoked with every
/// token rotated from the same login. `token_type_hint` may be given and is ignored (only
/// refresh tokens are revocable; API tokens expire within the hour). As the RFC asks, an
/// unknown or already revoked token answers `200` too, so the answer tells nothing; a
/// request without `token` is `400`. Holding the refresh token is what authorizes revoking it.
async fn revoke_post(State(s): State<StsState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(error) = check_form(&headers, &body) {
        return error_response(&error, &s.error_domain);
    }
    let mut token: Option<String> = None;
    for (key, value) in form_urlencoded::parse(&body) {
        if key == "token" {
            if let Err(error) = set_once(&mut token, "token", value.into_owned()) {
                return error_response(&error, &s.error_domain);
            }
        }
    }
    match s.exchange.revoke_refresh_token(token.as_deref().unwrap_or_default()).await {
        Ok(()) => {
            tracing::info!("refresh token revocation requested");
            ([(header::CACHE_CONTROL, "no-store")], Json(json!({}))).into_response()
        }
        Err(error) => {
            if matches!(error.code(), Code::Internal | Code::Unavailable) {
                tracing::error!(%error, "refresh token revocation failed");
            }
            error_response(&error, &s.error_domain)
        }
    }
}

/// `GET /sts/login_configuration[?identity_provider=UID]`: the issuer, public client id and
/// scopes a person's login goes through (an organization's provider, else the server's
/// default one). Unauthenticated: none of it is secret (the client secret never leaves the
/// store).
async fn login_configuration(State(s): State<StsState>, RawQuery(query): RawQuery) -> Response {
    let mut provider = None;
    for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        if key == "identity_provider" {
            provider = Some(value.into_owned());
        }
    }
    match s.exchange.login_configuration(provider.as_deref()).await {
        Ok(c) => {
            let body = json!({
                "identityProvider": c.identity_provider.map(|u| u.to_string()).unwrap_or_default(),
                "issuer": c.issuer,
                "clientId": c.client_id,
                "scopes": c.scopes,
                "serverSideLogin": c.server_side,
            });
            ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
        }
        Err(error) => error_response(&error, &s.error_domain),
    }
}

async fn discovery(State(s): State<StsState>) -> Response {
    let base = s.auth_url.trim_end_matches('/');
    let doc: Value = json!({
        "issuer": &*s.auth_url,
        "jwks_uri": format!("{base}/.well-known/jwks.json"),
        "revocation_endpoint": format!("{base}/sts/revoke"),
        "authorization_endpoint": format!("{base}/sts/oauth/authorize"),
        "token_endpoint": format!("{base}/sts/oauth/token"),
        "grant_types_supported": ["authorization_code"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "response_types_supported": ["code", "id_token"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["ES256"],
        "claims_supported": ["iss", "sub", "aud", "exp", "iat", "nbf", "jti", "cap", "scopes"],
    });
    ([(header::CACHE_CONTROL, "public, max-age=300")], Json(doc)).into_response()
}

/// Every value of each parameter of a query or form.
fn params(encoded: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(encoded).into_owned().collect()
}

/// The one value of `key`; `Err` when it is given more than once (RFC 6749 §3.1).
fn single(params: &[(String, String)], key: &str) -> Result<Option<String>, OAuthError> {
    let mut values = params.iter().filter(|(k, _)| k == key).map(|(_, v)| v.clone());
    let first = values.next();
    if values.next().is_some() {
        return Err(OAuthError {
            code: OAuthErrorCode::InvalidRequest,
            description: format!("{key} is given more than once"),
            redirect: None,
            detail: format!("{key} is given more than once"),
        });
    }
    Ok(first)
}

/// The login cookie's attributes: scoped to the OAuth routes, HttpOnly, SameSite=Lax (the
/// provider's redirect back is a top-level GET, which Lax lets through), Secure over https.
fn cookie_attributes(s: &StsState, max_age: i64) -> String {
    let path = format!("{}/sts/oauth", mount_path(&s.auth_url));
    let secure = if s.auth_url.starts_with("https://") { "; Secure" } else { "" };
    format!("Path={path}; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}")
}

/// A refused OAuth step: the redirect to the client when it carries one, else the error as
/// JSON (`400`, `500` for `server_error`, `503` for `temporarily_unavailable`). Logged with
/// its detail.
fn oauth_error(failure: &OAuthError, step: &str, extra: Option<(header::HeaderName, String)>) -> Response {
    match failure.code {
        OAuthErrorCode::ServerError => {
            tracing::error!(step, error = failure.code.as_str(), detail = %failure.detail, "server-side login failed");
        }
        _ => tracing::info!(step, error = failure.code.as_str(), reason = %failure.detail, "server-side login refused"),
    }
    let mut response = match &failure.redirect {
        Some(location) => (StatusCode::FOUND, [(header::LOCATION, location.clone())]).into_response(),
        None => {
            let status = match failure.code {
                OAuthErrorCode::ServerError => StatusCode::INTERNAL_SERVER_ERROR,
                OAuthErrorCode::TemporarilyUnavailable => StatusCode::SERVICE_UNAVAILABLE,
                _ => StatusCode::BAD_REQUEST,
            };
            let body = json!({ "error": failure.code.as_str(), "error_description": failure.description });
            (status, Json(body)).into_response()
        }
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some((name, value)) = extra {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.append(name, value);
        }
    }
    response
}

/// `GET /sts/oauth/authorize`: the start of a server-side login (see
/// [`ExchangeService::authorize`]). Sends the browser to the provider with the login cookie.
async fn oauth_authorize(State(s): State<StsState>, RawQuery(query): RawQuery) -> Response {
    let query = params(query.unwrap_or_default().as_bytes());
    let read = || -> Result<AuthorizeRequest, OAuthError> {
        Ok(AuthorizeRequest {
            identity_provider: single(&query, "identity_provider")?,
            redirect_uri: single(&query, "redirect_uri")?,
            state: single(&query, "state")?,
            code_challenge: single(&query, "code_challenge")?,
            code_challenge_method: single(&query, "code_challenge_method")?,
            response_type: single(&query, "response_type")?,
        })
    };
    let request = match read() {
        Ok(r) => r,
        Err(failure) => return oauth_error(&failure, "authorize", None),
    };
    match s.exchange.authorize(&request).await {
        Ok(authorization) => {
            let cookie = format!("{LOGIN_COOKIE}={}; {}", authorization.browser_binding, cookie_attributes(&s, 600));
            tracing::info!(
                provider = request.identity_provider.as_deref().unwrap_or_default(),
                "server-side login started"
            );
            (
                StatusCode::FOUND,
                [
                    (header::LOCATION, authorization.location),
                    (header::SET_COOKIE, cookie),
                    (header::CACHE_CONTROL, "no-store".to_owned()),
                ],
            )
                .into_response()
        }
        Err(failure) => oauth_error(&failure, "authorize", None),
    }
}

/// The value of cookie `name` in the request's `Cookie` headers.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
}

/// `GET /sts/oauth/callback`: the provider's redirect back (see
/// [`ExchangeService::callback`]); sends the browser to the client with a Grove code, and
/// clears the login cookie either way.
async fn oauth_callback(State(s): State<StsState>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    let query = params(query.unwrap_or_default().as_bytes());
    let clear = (header::SET_COOKIE, format!("{LOGIN_COOKIE}=; {}", cookie_attributes(&s, 0)));
    let read = || -> Result<CallbackRequest, OAuthError> {
        Ok(CallbackRequest {
            code: single(&query, "code")?,
            state: single(&query, "state")?,
            error: single(&query, "error")?,
            error_description: single(&query, "error_description")?,
            browser_binding: cookie(&headers, LOGIN_COOKIE),
        })
    };
    let request = match read() {
        Ok(r) => r,
        Err(failure) => return oauth_error(&failure, "callback", Some(clear)),
    };
    match s.exchange.callback(&request).await {
        Ok(location) => {
            tracing::info!("server-side login completed: person logged in");
            (StatusCode::FOUND, [(header::LOCATION, location), clear, (header::CACHE_CONTROL, "no-store".to_owned())])
                .into_response()
        }
        Err(failure) => oauth_error(&failure, "callback", Some(clear)),
    }
}

/// `POST /sts/oauth/token` (`application/x-www-form-urlencoded`): a Grove authorization code
/// for a Grove token and refresh token, in the JSON shape of `/sts/exchange`.
async fn oauth_token(State(s): State<StsState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(error) = check_form(&headers, &body) {
        let failure = OAuthError {
            code: OAuthErrorCode::InvalidRequest,
            description: error.to_string(),
            redirect: None,
            detail: error.to_string(),
        };
        return oauth_error(&failure, "token", None);
    }
    let form = params(&body);
    let read = || -> Result<TokenRequest, OAuthError> {
        Ok(TokenRequest {
            grant_type: single(&form, "grant_type")?,
            code: single(&form, "code")?,
            redirect_uri: single(&form, "redirect_uri")?,
            code_verifier: single(&form, "code_verifier")?,
        })
    };
    let request = match read() {
        Ok(r) => r,
        Err(failure) => return oauth_error(&failure, "token", None),
    };
    match s.exchange.redeem(&request).await {
        Ok(exchanged) => {
            tracing::info!(
                identity = %exchanged.identity, provider = ?exchanged.provider.as_ref().map(ToString::to_string),
                expiry = %exchanged.expiry, "person logged in"
            );
            ([(header::CACHE_CONTROL, "no-store")], Json(raw_token(&exchanged))).into_response()
        }
        Err(failure) => oauth_error(&failure, "token", None),
    }
}

async fn jwks(State(s): State<StsState>) -> Response {
    ([(header::CACHE_CONTROL, "public, max-age=300")], Json(s.tokens.jwks())).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_mount_under_the_auth_url_path() {
        assert_eq!(mount_path("https://auth.grove.test"), "");
        assert_eq!(mount_path("https://auth.grove.test/"), "");
        assert_eq!(mount_path("https://grove.test/auth/"), "/auth");
        assert_eq!(mount_path("http://127.0.0.1:8080/a/b"), "/a/b");
    }

    #[test]
    fn repeated_and_deprecated_parameters_are_all_kept() {
        let mut request = ExchangeRequest::default();
        read_params(
            &mut request,
            b"aud=https%3A%2F%2Fg.test&aud=x&identity=u&scope=a&scopes=b&cap=repo.list&cap=tag.list&other=1",
        )
        .unwrap();
        assert_eq!(request.audiences, ["https://g.test", "x"]);
        assert_eq!(request.identity.as_deref(), Some("u"));
        assert_eq!(request.scopes, ["a", "b"]);
        assert_eq!(request.capabilities, ["repo.list", "tag.list"]);
    }

    #[test]
    fn an_identity_or_provider_given_twice_is_refused_even_across_query_and_body() {
        let twice = |key: &str| Error::invalid(key, format!("{key} is given more than once; it takes one value"));
        let mut request = ExchangeRequest::default();
        assert_eq!(read_params(&mut request, b"identity=a&identity=b"), Err(twice("identity")));
        let mut request = ExchangeRequest::default();
        read_params(&mut request, b"identity_provider=p").unwrap();
        assert_eq!(read_params(&mut request, b"identity_provider=q"), Err(twice("identity_provider")));
    }

    #[test]
    fn every_code_maps_to_its_http_status() {
        assert_eq!(http_status(Code::InvalidArgument), StatusCode::BAD_REQUEST);
        assert_eq!(http_status(Code::Unauthenticated), StatusCode::UNAUTHORIZED);
        assert_eq!(http_status(Code::PermissionDenied), StatusCode::FORBIDDEN);
        assert_eq!(http_status(Code::Unavailable), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(http_status(Code::Internal), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
