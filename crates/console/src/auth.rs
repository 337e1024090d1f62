//! Signing in and out: `--dev`'s one-click sign-in, the browser login through the default or
//! an organization's identity provider (the console is an OAuth client of
//! `/sts/oauth/authorize` with PKCE, redeeming the code in process), and sign-out.

use axum::extract::{Form, Query};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use grove_domain::authz::Restriction;
use grove_domain::services::TokenRequest;
use serde::Deserialize;
use sha2::{Digest as _, Sha256};

use crate::html::{bare, esc, q};
use crate::session::{self, cookie, expired_cookie, random_token, read_cookie, same_secret};
use crate::{csrf_refused, see_other, set_cookie, State};

/// The console's own redirect target of provider logins.
pub(crate) const CALLBACK: &str = "/console/callback";

/// `GET /console`: the groups when signed in, else the sign-in page.
pub(crate) async fn home(state: State, headers: HeaderMap) -> Response {
    match state.signed_in(&headers).await {
        Ok(_) => see_other("/console/groups"),
        Err(r) => r,
    }
}

/// `?signed_out` after signing out.
#[derive(Debug, Deserialize)]
pub(crate) struct SignInQuery {
    signed_out: Option<String>,
}

/// `GET /console/sign-in`.
pub(crate) async fn sign_in_page(state: State, headers: HeaderMap, Query(query): Query<SignInQuery>) -> Response {
    let cookies = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
    let form_token = read_cookie(cookies, session::SIGN_IN_COOKIE)
        .filter(|t| t.len() == 43)
        .map_or_else(random_token, str::to_owned);
    let mut body = String::new();
    if query.signed_out.is_some() {
        body.push_str(r#"<div class="flash done" role="status"><p>You are signed out.</p></div>"#);
    }
    if state.config.dev_sign_in.is_some() {
        body.push_str(&format!(
            r#"<section aria-labelledby="dev-h"><h2 id="dev-h">Development server</h2><p>This server runs with <code>--dev</code>: sign in as its administrator in one click.</p><form method="post" action="/console/sign-in/dev"><input type="hidden" name="csrf" value="{}"><button type="submit" class="primary">Sign in as dev-admin</button></form></section>"#,
            esc(&form_token)
        ));
    }
    match state.config.exchange.as_ref().and_then(|e| e.default_provider()) {
        Some(_) => body.push_str(
            r#"<section aria-labelledby="default-h"><h2 id="default-h">Your account</h2><p><a class="button" href="/console/sign-in/provider">Sign in with the server's identity provider</a></p></section>"#,
        ),
        None => body.push_str(
            r#"<section aria-labelledby="default-h"><h2 id="default-h">Your account</h2><p>This server has no default identity provider: sign in through your organization's.</p></section>"#,
        ),
    }
    body.push_str(
        r#"<section aria-labelledby="org-h"><h2 id="org-h">Your organization's identity provider</h2><form method="get" action="/console/sign-in/provider"><p><label for="idp">Identity provider</label> <input id="idp" name="identity_provider" required autocomplete="off" spellcheck="false" aria-describedby="idp-help"></p><p id="idp-help" class="help">The uid of the identity provider your administrator gave you.</p><p><button type="submit">Continue</button></p></form></section>"#,
    );
    let mut response = bare(StatusCode::OK, "Sign in to Grove", &body);
    response.headers_mut().insert(
        "content-security-policy",
        axum::http::HeaderValue::from_static(crate::SIGN_IN_CONTENT_SECURITY_POLICY),
    );
    set_cookie(&mut response, &cookie(session::SIGN_IN_COOKIE, &form_token, state.secure));
    response
}

/// The sign-in form.
#[derive(Debug, Deserialize)]
pub(crate) struct CsrfForm {
    csrf: Option<String>,
}

/// `POST /console/sign-in/dev`: a session as `--dev`'s administrator.
pub(crate) async fn dev_sign_in(state: State, headers: HeaderMap, Form(form): Form<CsrfForm>) -> Response {
    let Some(dev) = &state.config.dev_sign_in else {
        return bare(StatusCode::NOT_FOUND, "Not found", "<p>This server does not run in dev mode.</p>");
    };
    let cookies = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
    let expected = read_cookie(cookies, session::SIGN_IN_COOKIE);
    match (expected, form.csrf.as_deref()) {
        (Some(e), Some(given)) if same_secret(e, given) => {}
        _ => return csrf_refused(),
    }
    let minted = match dev.minter.mint(&dev.identity, &Restriction::default(), crate::dev_session_ttl()) {
        Ok(m) => m,
        Err(e) => return crate::html::error_page(&e),
    };
    let id = match state.sessions.start(dev.identity.clone(), &minted.token, minted.expiry, None).await {
        Ok(id) => id,
        Err(e) => return crate::html::error_page(&e),
    };
    let mut response = see_other("/console/groups");
    set_cookie(&mut response, &cookie(session::SESSION_COOKIE, &id, state.secure));
    set_cookie(&mut response, &expired_cookie(session::SIGN_IN_COOKIE, state.secure));
    response
}

/// `?identity_provider=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ProviderQuery {
    identity_provider: Option<String>,
}

/// `GET /console/sign-in/provider`: to `/sts/oauth/authorize` with PKCE, the login bound to
/// this browser by a cookie whose value is also the OAuth `state`.
pub(crate) async fn provider_sign_in(state: State, Query(query): Query<ProviderQuery>) -> Response {
    if state.config.exchange.is_none() {
        return bare(StatusCode::NOT_FOUND, "Sign-in unavailable", "<p>This server logs no people in.</p>");
    }
    let verifier = random_token();
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let binding = match state.sessions.begin_login(&verifier).await {
        Ok(b) => b,
        Err(e) => return crate::html::error_page(&e),
    };
    let redirect = format!("{}{CALLBACK}", state.config.base_url.trim_end_matches('/'));
    let mut location = format!(
        "{}/sts/oauth/authorize?response_type=code&redirect_uri={}&state={}&code_challenge={}&code_challenge_method=S256",
        state.config.auth_url.trim_end_matches('/'),
        q(&redirect),
        q(&binding),
        q(&challenge)
    );
    if let Some(idp) = query.identity_provider.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        location.push_str("&identity_provider=");
        location.push_str(&q(idp));
    }
    let mut response = see_other(&location);
    set_cookie(&mut response, &cookie(session::LOGIN_COOKIE, &binding, state.secure));
    response
}

/// The redirect back from `/sts/oauth/authorize`.
#[derive(Debug, Deserialize)]
pub(crate) struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

/// `GET /console/callback`: checks the state against this browser's cookie, redeems the
/// code with the PKCE verifier and starts the session.
pub(crate) async fn callback(state: State, headers: HeaderMap, Query(query): Query<CallbackQuery>) -> Response {
    let failed = |text: &str| {
        let mut r = bare(
            StatusCode::BAD_REQUEST,
            "Sign-in failed",
            &format!(
                r#"<div role="alert" class="flash error"><p>{}</p></div><p><a href="/console/sign-in">Try again</a></p>"#,
                esc(text)
            ),
        );
        set_cookie(&mut r, &expired_cookie(session::LOGIN_COOKIE, state.secure));
        r
    };
    if let Some(error) = &query.error {
        return failed(&format!("{error}: {}", query.error_description.as_deref().unwrap_or_default()));
    }
    let cookies = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
    let binding = read_cookie(cookies, session::LOGIN_COOKIE);
    let verifier = match (binding, query.state.as_deref()) {
        (Some(b), Some(s)) if same_secret(b, s) => match state.sessions.finish_login(b).await {
            Ok(v) => v,
            Err(e) => return failed(&e.to_string()),
        },
        _ => None,
    };
    let Some(verifier) = verifier else {
        return failed("This sign-in was not started in this browser, or took longer than ten minutes.");
    };
    let Some(exchange) = &state.config.exchange else {
        return failed("This server logs no people in.");
    };
    let request = TokenRequest {
        grant_type: Some("authorization_code".to_owned()),
        code: query.code.clone(),
        redirect_uri: Some(format!("{}{CALLBACK}", state.config.base_url.trim_end_matches('/'))),
        code_verifier: Some(verifier),
    };
    let exchanged = match exchange.redeem(&request).await {
        Ok(x) => x,
        Err(e) => return failed(&e.description),
    };
    let started = state
        .sessions
        .start(exchanged.identity, &exchanged.token, exchanged.expiry, exchanged.refresh_token.as_deref())
        .await;
    let id = match started {
        Ok(id) => id,
        Err(e) => return failed(&e.to_string()),
    };
    let mut response = see_other("/console/groups");
    set_cookie(&mut response, &cookie(session::SESSION_COOKIE, &id, state.secure));
    set_cookie(&mut response, &expired_cookie(session::LOGIN_COOKIE, state.secure));
    response
}

/// `POST /console/sign-out`: ends the session and revokes the refresh token of its login.
pub(crate) async fn sign_out(state: State, headers: HeaderMap, Form(form): Form<CsrfForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(ctx) => ctx,
        Err(r) => return r,
    };
    let refresh = match state.sessions.end(&ctx.session_id).await {
        Ok(refresh) => refresh,
        Err(e) => return crate::html::error_page(&e),
    };
    if let (Some(refresh), Some(exchange)) = (refresh, &state.config.exchange) {
        if let Err(e) = exchange.revoke_refresh_token(&refresh).await {
            tracing::warn!(error = %e, "console sign-out: the refresh token could not be revoked");
        }
    }
    let mut response = see_other("/console/sign-in?signed_out=1");
    set_cookie(&mut response, &expired_cookie(session::SESSION_COOKIE, state.secure));
    response
}
