#![doc = include_str!("../README.md")]

mod assets;
mod auth;
mod html;
mod pages;
pub mod session;

use std::sync::Arc;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use grove_domain::audit::Transport;
use grove_domain::authz::Principal;
use grove_domain::error::{Code, Error};
use grove_domain::ports::ApiTokenMinter;
use grove_domain::services::{ConsoleSessionService, ExchangeService, RefreshRequest, Services};
use grove_domain::Uidp;

use crate::session::Flash;

/// The Content-Security-Policy of every console answer: scripts, styles and images from the
/// console's own origin only (no inline script or style), no frames, forms posted only here.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
     connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The policy of the sign-in page: [`CONTENT_SECURITY_POLICY`], except that its forms may end
/// at an identity provider (the login form's redirects lead there): `https` ones, and `http`
/// on 127.0.0.1 as issuers may be in dev mode and tests (CSP has no way to name `[::1]`).
pub const SIGN_IN_CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src \
     'self'; connect-src 'self'; form-action 'self' https: http://127.0.0.1:*; frame-ancestors 'none'; base-uri 'none'";

/// The body of the answer to a write without a valid CSRF token (status 403).
pub const CSRF_REFUSAL: &str =
    "Permission denied: the form is out of date or was not sent by this console (CSRF check failed). Reload the page \
     and try again.\n";

/// Default idle time after which a session ends: 30 minutes.
pub const DEFAULT_IDLE_MS: i64 = grove_domain::services::DEFAULT_CONSOLE_IDLE_MS;

/// How long the API token of a dev sign-in lives (the session cannot outlive it).
const DEV_SESSION_HOURS: i64 = 8;

/// `--dev`'s one-click sign-in as the development administrator.
#[derive(Clone)]
pub struct DevSignIn {
    /// The identity the button signs in as.
    pub identity: Uidp,
    /// Mints its API token.
    pub minter: Arc<dyn ApiTokenMinter>,
}

/// What the console needs besides the services.
#[derive(Clone)]
pub struct ConsoleConfig {
    /// The API's public address: the console's login redirect is under it, and a `https`
    /// address marks the cookies `Secure`.
    pub base_url: String,
    /// The token service's public address (`/sts/oauth/authorize` is under it).
    pub auth_url: String,
    /// Milliseconds without a request after which a session ends.
    pub idle_ms: i64,
    /// The one-click sign-in of `--dev`; `None` outside dev mode.
    pub dev_sign_in: Option<DevSignIn>,
    /// The token exchange: sign-in through identity providers and token refresh.
    pub exchange: Option<ExchangeService>,
}

impl std::fmt::Debug for ConsoleConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConsoleConfig")
            .field("base_url", &self.base_url)
            .field("auth_url", &self.auth_url)
            .field("idle_ms", &self.idle_ms)
            .field("dev", &self.dev_sign_in.is_some())
            .finish_non_exhaustive()
    }
}

/// The console's shared state.
pub(crate) struct Console {
    pub(crate) services: Services,
    pub(crate) config: ConsoleConfig,
    pub(crate) sessions: ConsoleSessionService,
    pub(crate) secure: bool,
}

pub(crate) type State = axum::extract::State<Arc<Console>>;

/// The console's routes under `/console`, to be merged beside the API's (outside the API's
/// error layer: these answers are HTML). Sessions are kept by `services.console_sessions`
/// (in the store, sealed with its keyring), ending after `config.idle_ms` without a request.
pub fn routes(services: Services, config: ConsoleConfig) -> Router {
    let secure = config.base_url.starts_with("https://");
    let sessions = services.console_sessions.clone().with_idle_ms(config.idle_ms);
    let console = Arc::new(Console { services, config, sessions, secure });
    Router::new()
        .route("/console", get(auth::home))
        .route("/console/", get(auth::home))
        .route("/console/static/{file}", get(assets::serve))
        .route("/console/sign-in", get(auth::sign_in_page))
        .route("/console/sign-in/dev", post(auth::dev_sign_in))
        .route("/console/sign-in/provider", get(auth::provider_sign_in))
        .route("/console/callback", get(auth::callback))
        .route("/console/sign-out", post(auth::sign_out))
        .route("/console/groups", get(pages::groups::tree_page).post(pages::groups::create))
        .route("/console/groups/children", get(pages::groups::children))
        .route("/console/group", get(pages::group::show))
        .route("/console/group/update", post(pages::group::update))
        .route("/console/group/delete", get(pages::group::confirm_delete).post(pages::group::delete))
        .route("/console/group/grant", post(pages::group::grant))
        .route("/console/group/revoke", post(pages::group::revoke))
        .route("/console/identities", get(pages::identities::show).post(pages::identities::create))
        .route("/console/roles", get(pages::roles::show))
        .route("/console/invites", get(pages::invites::show).post(pages::invites::create))
        .route("/console/invites/revoke", post(pages::invites::revoke))
        .route("/console/identity-providers", get(pages::providers::show))
        .route("/console/account-associations", get(pages::account_associations::list))
        .route(
            "/console/account-association",
            get(pages::account_associations::show).post(pages::account_associations::save),
        )
        .route(
            "/console/account-association/delete",
            get(pages::account_associations::confirm_delete).post(pages::account_associations::delete),
        )
        .route("/console/repositories", get(pages::registry::repos_page))
        .route("/console/repository", get(pages::registry::repo_page))
        .route("/console/advisories", get(pages::advisories::show))
        .route("/console/audit", get(pages::audit::show))
        .route("/console/subscriptions", get(pages::subscriptions::show).post(pages::subscriptions::create))
        .route(
            "/console/subscriptions/delete",
            get(pages::subscriptions::confirm_delete).post(pages::subscriptions::delete),
        )
        .route("/console/dead-letters", get(pages::dead_letters::show))
        .route("/console/dead-letters/replay", post(pages::dead_letters::replay))
        .route("/console/dead-letters/delete", post(pages::dead_letters::delete))
        .layer(axum::middleware::map_response(secure_headers))
        .with_state(console)
}

/// Adds the security headers to every console answer.
async fn secure_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    if !h.contains_key("content-security-policy") {
        h.insert("content-security-policy", HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert("referrer-policy", HeaderValue::from_static("same-origin"));
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert("cross-origin-opener-policy", HeaderValue::from_static("same-origin"));
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// A signed-in request: the caller as the API would authenticate it, and its session.
pub(crate) struct Ctx {
    pub(crate) principal: Principal,
    pub(crate) session_id: String,
    pub(crate) csrf: String,
    pub(crate) identity: Uidp,
    /// The identity's name (or email, or uid) for the banner.
    pub(crate) display: String,
    pub(crate) flash: Option<Flash>,
}

impl Console {
    /// The signed-in caller of `headers`, or the redirect to the sign-in page.
    pub(crate) async fn signed_in(&self, headers: &HeaderMap) -> Result<Ctx, Response> {
        let cookie = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
        let to_sign_in = || {
            let mut r = see_other("/console/sign-in");
            if cookie.is_some() {
                set_cookie(&mut r, &session::expired_cookie(session::SESSION_COOKIE, self.secure));
            }
            r
        };
        let Some(id) = session::read_cookie(cookie, session::SESSION_COOKIE) else {
            return Err(to_sign_in());
        };
        let mut s = match self.sessions.touch(id).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(to_sign_in()),
            Err(e) => return Err(html::error_page(&e)),
        };
        // Refresh a minute before the token expires, so that no request fails half-way.
        if self.sessions.now().unix_millis() + 60_000 >= s.token_expiry.unix_millis() {
            let refreshed = match (&s.refresh_token, &self.config.exchange) {
                (Some(refresh), Some(exchange)) => {
                    let request =
                        RefreshRequest { audiences: vec![self.config.base_url.clone()], ..RefreshRequest::default() };
                    exchange.exchange_refresh_token(Some(&format!("Bearer {refresh}")), &request).await.ok()
                }
                _ => None,
            };
            let Some(new) = refreshed else {
                self.end_quietly(id).await;
                return Err(to_sign_in());
            };
            if let Err(e) = self.sessions.renew(id, &new.token, new.expiry, new.refresh_token.as_deref()).await {
                return Err(html::error_page(&e));
            }
            s.token = new.token;
        }
        match self.services.auth.authenticate(Some(&format!("Bearer {}", s.token))).await {
            Ok(principal) => {
                let request_id = headers.get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
                let principal = principal.through(Transport::Console, request_id);
                let display = match s.display {
                    Some(d) => d,
                    None => {
                        let d = match self.services.identities.get(&principal, s.identity.as_str()).await {
                            Ok(i) if !i.name.as_str().is_empty() => i.name.as_str().to_owned(),
                            Ok(i) if !i.email.is_empty() => i.email,
                            _ => s.identity.to_string(),
                        };
                        if let Err(e) = self.sessions.set_display(id, d.clone()).await {
                            tracing::warn!(error = %e, "console: the banner name could not be kept in the session");
                        }
                        d
                    }
                };
                Ok(Ctx {
                    principal,
                    session_id: id.to_owned(),
                    csrf: s.csrf,
                    identity: s.identity,
                    display,
                    flash: s.flash,
                })
            }
            Err(Error::Unauthenticated(_)) => {
                self.end_quietly(id).await;
                Err(to_sign_in())
            }
            Err(e) => Err(html::error_page(&e)),
        }
    }

    /// Ends a session whose token no longer serves (its refresh token is not revoked: it
    /// failed or there was none).
    async fn end_quietly(&self, id: &str) {
        if let Err(e) = self.sessions.end(id).await {
            tracing::warn!(error = %e, "console: a session could not be ended");
        }
    }

    /// The signed-in caller of a write: [`Self::signed_in`] and its CSRF token checked
    /// against the form's `csrf` field.
    pub(crate) async fn writer(&self, headers: &HeaderMap, form_csrf: Option<&str>) -> Result<Ctx, Response> {
        let ctx = self.signed_in(headers).await?;
        match form_csrf {
            Some(given) if session::same_secret(given, &ctx.csrf) => Ok(ctx),
            _ => Err(csrf_refused()),
        }
    }

    /// Stores the outcome of a write for the next page and redirects there.
    pub(crate) async fn after_write<T>(&self, ctx: &Ctx, result: Result<T, Error>, done: &str, to: &str) -> Response {
        let flash = match result {
            Ok(_) => Flash { error: false, text: done.to_owned(), invite_code: None },
            Err(e) => Flash { error: true, text: e.to_string(), invite_code: None },
        };
        self.show_next(ctx, flash).await;
        see_other(to)
    }

    /// Keeps `flash` for the next page (a store failure loses only the message: logged).
    pub(crate) async fn show_next(&self, ctx: &Ctx, flash: Flash) {
        if let Err(e) = self.sessions.flash(&ctx.session_id, flash).await {
            tracing::warn!(error = %e, "console: the message for the next page could not be kept");
        }
    }
}

/// `403` with [`CSRF_REFUSAL`].
pub(crate) fn csrf_refused() -> Response {
    (StatusCode::FORBIDDEN, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], CSRF_REFUSAL).into_response()
}

/// `303 See Other` to `location` (a path of the console).
pub(crate) fn see_other(location: &str) -> Response {
    let mut r = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(location) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    r
}

/// Appends a `Set-Cookie` header.
pub(crate) fn set_cookie(response: &mut Response, value: &str) {
    if let Ok(v) = HeaderValue::from_str(value) {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// The HTTP status the console answers a refused service call with (the API's table).
pub(crate) const fn status_of(code: Code) -> StatusCode {
    match code {
        Code::InvalidArgument | Code::FailedPrecondition => StatusCode::BAD_REQUEST,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::AlreadyExists => StatusCode::CONFLICT,
        Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
        Code::PermissionDenied => StatusCode::FORBIDDEN,
        Code::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::Unauthenticated => StatusCode::UNAUTHORIZED,
    }
}

/// The dev sign-in's token lifetime.
pub(crate) fn dev_session_ttl() -> chrono::Duration {
    chrono::Duration::hours(DEV_SESSION_HOURS)
}
