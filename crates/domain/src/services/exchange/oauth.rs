//! The server-side login through a confidential client: Grove is the OAuth client of the
//! identity provider (it alone holds the client secret) and an OAuth authorization server
//! toward its own clients (`grove auth login` on a loopback redirect, the web console under
//! `base_url`).
//!
//! `authorize` checks the client's `redirect_uri` (RFC 8252 loopback, or under `base_url`;
//! nothing else is ever redirected to) and its PKCE challenge, and sends the browser to the
//! provider with Grove's callback, a fresh `nonce`, PKCE when the provider enables it, and a
//! `state` that is the whole flow sealed (XChaCha20-Poly1305 under a key derived from a
//! server secret every node shares) with a ten-minute expiry, so that any node can finish the
//! login and nothing is kept between the two requests. The flow is bound to the browser by a
//! random value in a cookie whose hash the sealed state carries: a callback from another
//! browser (login CSRF) is refused without a redirect.
//!
//! `callback` redeems the provider's code with the opened client secret (`client_secret_basic`
//! or `client_secret_post`, as the provider's discovery document allows), verifies the ID token
//! exactly as the exchange does, checks its `nonce`, and performs the same person login
//! (`record_login`). The client gets a Grove authorization code: the login
//! (identity and refresh token), its PKCE challenge and `redirect_uri`, sealed, valid 60 s.
//! `redeem` (`POST /sts/oauth/token`) checks the code, the `redirect_uri` and the PKCE
//! verifier, records the code's hash (single use), and mints the Grove token. A replayed code
//! is refused and revokes the refresh token it carried (RFC 6749 §4.1.2).
//!
//! Errors follow RFC 6749: before the client's `redirect_uri` is known good, or when the flow
//! cannot be trusted (bad state, other browser), they are answered to the browser without a
//! redirect; after that they go back to the client as `error` and `error_description`.

use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest as _, Sha256};

use super::person::ProviderSecret;
use super::{ExchangeError, ExchangeService, Exchanged};
use crate::authz::Restriction;
use crate::error::{Code, Error};
use crate::ports::{ClientAuthMethod, CodeRedemption, OidcClient};
use crate::secrets::SecretKeyring;
use crate::uidp::Uidp;
use crate::xchacha::{self, XChaCha20Poly1305};

/// How long a login may take between `authorize` and `callback`.
pub const FLOW_TTL_SECONDS: i64 = 600;
/// How long a Grove authorization code is accepted.
pub const CODE_TTL_SECONDS: i64 = 60;
/// Grove's callback below `auth_url`.
pub const CALLBACK_PATH: &str = "/sts/oauth/callback";
/// Longest client `state` carried through a login.
const MAX_CLIENT_STATE: usize = 1024;
/// Longest client `redirect_uri`.
const MAX_REDIRECT_URI: usize = 2048;
/// Longest sealed value (state or code) read.
const MAX_SEALED: usize = 8 * 1024;
const STATE_AAD: &[u8] = b"grove server-side login state v1";
const CODE_AAD: &[u8] = b"grove authorization code v1";
const KEY_LABEL: &[u8] = b"grove server-side login key v1";

/// An OAuth 2.0 error code (RFC 6749 §4.1.2.1 and §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OAuthErrorCode {
    /// `invalid_request`.
    InvalidRequest,
    /// `invalid_grant`.
    InvalidGrant,
    /// `unsupported_grant_type`.
    UnsupportedGrantType,
    /// `unsupported_response_type`.
    UnsupportedResponseType,
    /// `access_denied`.
    AccessDenied,
    /// `server_error`.
    ServerError,
    /// `temporarily_unavailable`.
    TemporarilyUnavailable,
}

impl OAuthErrorCode {
    /// The code as the protocol spells it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InvalidRequest => "invalid_request",
            Self::InvalidGrant => "invalid_grant",
            Self::UnsupportedGrantType => "unsupported_grant_type",
            Self::UnsupportedResponseType => "unsupported_response_type",
            Self::AccessDenied => "access_denied",
            Self::ServerError => "server_error",
            Self::TemporarilyUnavailable => "temporarily_unavailable",
        }
    }
}

/// A refused step of the server-side login.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OAuthError {
    /// The error code.
    pub code: OAuthErrorCode,
    /// What the client (or the person at the browser) is told.
    pub description: String,
    /// Where the browser goes with the error (the client's validated `redirect_uri` with
    /// `error`, `error_description` and `state`); `None`: answer it directly.
    pub redirect: Option<String>,
    /// What the operator log says (may name the check that failed; never a secret).
    pub detail: String,
}

impl OAuthError {
    fn direct(code: OAuthErrorCode, description: impl Into<String>) -> Self {
        let description = description.into();
        Self { code, detail: description.clone(), description, redirect: None }
    }

    fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }
}

/// `GET /sts/oauth/authorize`'s parameters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuthorizeRequest {
    /// `identity_provider`: an organization's provider; empty for the server's default one.
    pub identity_provider: Option<String>,
    /// `redirect_uri`: the client's.
    pub redirect_uri: Option<String>,
    /// `state`: the client's, given back with the code.
    pub state: Option<String>,
    /// `code_challenge`: the client's PKCE challenge.
    pub code_challenge: Option<String>,
    /// `code_challenge_method`: must be `S256`.
    pub code_challenge_method: Option<String>,
    /// `response_type`: `code` when given.
    pub response_type: Option<String>,
}

/// Where `authorize` sends the browser, and the value of the cookie that binds the login
/// to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    /// The provider's authorization URL.
    pub location: String,
    /// The cookie's value (random; the sealed state carries its hash).
    pub browser_binding: String,
}

/// `GET /sts/oauth/callback`'s parameters, and the browser's binding cookie.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallbackRequest {
    /// `code` from the provider.
    pub code: Option<String>,
    /// `state`: the sealed flow.
    pub state: Option<String>,
    /// `error` from the provider.
    pub error: Option<String>,
    /// `error_description` from the provider.
    pub error_description: Option<String>,
    /// The binding cookie's value.
    pub browser_binding: Option<String>,
}

/// `POST /sts/oauth/token`'s form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenRequest {
    /// `grant_type`: `authorization_code`.
    pub grant_type: Option<String>,
    /// `code`: a Grove authorization code.
    pub code: Option<String>,
    /// `redirect_uri`: the one given at `authorize`.
    pub redirect_uri: Option<String>,
    /// `code_verifier`: the client's PKCE verifier.
    pub code_verifier: Option<String>,
}

/// What a server-side login needs beside the exchange: the OAuth client port, the KEKs that
/// open stored client secrets, and the key that seals flow states and Grove codes.
pub struct ServerSideLogin {
    client: Arc<dyn OidcClient>,
    keyring: Arc<SecretKeyring>,
    cipher: XChaCha20Poly1305,
}

impl std::fmt::Debug for ServerSideLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerSideLogin").field("keyring", &self.keyring).finish_non_exhaustive()
    }
}

impl ServerSideLogin {
    /// A login through `client`, opening secrets with `keyring`, sealing its states and codes
    /// under a key derived from `server_secret` (one every node shares, such as the paging
    /// secret: any node then finishes a login another one started).
    #[must_use]
    pub fn new(client: Arc<dyn OidcClient>, keyring: Arc<SecretKeyring>, server_secret: &[u8]) -> Self {
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(server_secret).unwrap_or_else(|_| unreachable!("HMAC takes any key"));
        mac.update(KEY_LABEL);
        let key: [u8; 32] = mac.finalize().into_bytes().into();
        Self { client, keyring, cipher: XChaCha20Poly1305::new(key) }
    }

    fn seal<T: Serialize>(&self, aad: &[u8], value: &T) -> String {
        let json = serde_json::to_vec(value).unwrap_or_default();
        URL_SAFE_NO_PAD.encode(xchacha::seal(&self.cipher, aad, &json))
    }

    fn open<T: for<'de> Deserialize<'de>>(&self, aad: &[u8], text: &str) -> Option<T> {
        if text.len() > MAX_SEALED {
            return None;
        }
        let bytes = URL_SAFE_NO_PAD.decode(text).ok()?;
        serde_json::from_slice(&xchacha::open(&self.cipher, aad, &bytes)?).ok()
    }
}

/// The login between `authorize` and `callback`, sealed into the provider's `state`.
#[derive(Debug, Serialize, Deserialize)]
struct FlowState {
    /// The organization's provider; `None` for the default one.
    p: Option<String>,
    /// The client's `redirect_uri`.
    r: String,
    /// The client's `state`.
    s: Option<String>,
    /// The client's PKCE challenge.
    c: String,
    /// The `nonce` sent to the provider.
    n: String,
    /// The PKCE verifier for the provider, when it enables PKCE.
    v: Option<String>,
    /// SHA-256 (hex) of the browser binding cookie.
    b: String,
    /// Expiry, Unix seconds.
    e: i64,
}

/// A Grove authorization code's content.
#[derive(Debug, Serialize, Deserialize)]
struct GroveCode {
    /// The person's identity.
    i: String,
    /// The refresh token of the login.
    t: String,
    /// The organization's provider; `None` for the default one.
    p: Option<String>,
    /// The client's PKCE challenge.
    c: String,
    /// The client's `redirect_uri`.
    r: String,
    /// Expiry, Unix seconds.
    e: i64,
}

fn random_text(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::RngCore::fill_bytes(&mut rand::thread_rng(), &mut buf);
    URL_SAFE_NO_PAD.encode(buf)
}

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The S256 challenge of a PKCE verifier (RFC 7636 §4.2).
fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// RFC 3986 percent-encoding of everything but unreserved characters.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `base` with `pairs` appended to its query.
fn with_query(base: &str, pairs: &[(&str, &str)]) -> String {
    let mut url = base.to_owned();
    let mut separator = if base.contains('?') { '&' } else { '?' };
    for (key, value) in pairs {
        url.push(separator);
        url.push_str(&escape(key));
        url.push('=');
        url.push_str(&escape(value));
        separator = '&';
    }
    url
}

/// Checks a client's `redirect_uri`: a loopback redirect (RFC 8252 §7.3:
/// `http://127.0.0.1[:port]/…` or `http://[::1][:port]/…`), or a URL below `base_url`
/// (Grove's own pages). No fragment, no credentials, no dot segments, nothing to confuse a
/// parser.
///
/// # Errors
/// Why it is refused.
pub fn check_client_redirect(uri: &str, base_url: &str) -> std::result::Result<(), String> {
    if uri.is_empty() {
        return Err("redirect_uri is required".to_owned());
    }
    if uri.len() > MAX_REDIRECT_URI {
        return Err(format!("redirect_uri must be at most {MAX_REDIRECT_URI} characters"));
    }
    if !uri.bytes().all(|b| b.is_ascii_graphic()) || uri.contains(['#', '\\']) {
        return Err("redirect_uri must be a URL without spaces, control characters, fragment or backslashes".to_owned());
    }
    let path_ok = |rest: &str| {
        let path = rest.split('?').next().unwrap_or_default();
        !path.split('/').any(|segment| segment == "." || segment == "..")
            && !path.to_ascii_lowercase().contains("%2e")
            && !rest.contains('@')
    };
    let ends_authority = |rest: &str| rest.is_empty() || rest.starts_with(['/', '?']);
    for host in ["http://127.0.0.1", "http://[::1]"] {
        if let Some(rest) = uri.strip_prefix(host) {
            let after_port = match rest.strip_prefix(':') {
                Some(port) => {
                    let digits = port.bytes().take_while(u8::is_ascii_digit).count();
                    let valid = (1..=5).contains(&digits) && port[..digits].parse::<u16>().is_ok_and(|p| p > 0);
                    if !valid {
                        return Err("redirect_uri has no valid port".to_owned());
                    }
                    &port[digits..]
                }
                None => rest,
            };
            if ends_authority(after_port) && path_ok(after_port) {
                return Ok(());
            }
            break;
        }
    }
    let base = base_url.trim_end_matches('/');
    if let Some(rest) = uri.strip_prefix(base) {
        if !base.is_empty() && ends_authority(rest) && path_ok(rest) {
            return Ok(());
        }
    }
    Err(format!(
        "redirect_uri must be a loopback redirect (http://127.0.0.1:<port>/… or http://[::1]:<port>/…) or a \
         URL under {base}"
    ))
}

/// How to send the client secret, from the provider's `token_endpoint_auth_methods_supported`:
/// `client_secret_basic` when listed or when there is no list (RFC 8414 §2's default), else
/// `client_secret_post` when listed.
///
/// # Errors
/// Why neither can be used.
pub fn choose_auth_method(supported: Option<&[String]>) -> std::result::Result<ClientAuthMethod, String> {
    let Some(methods) = supported else { return Ok(ClientAuthMethod::ClientSecretBasic) };
    if methods.iter().any(|m| m == "client_secret_basic") {
        Ok(ClientAuthMethod::ClientSecretBasic)
    } else if methods.iter().any(|m| m == "client_secret_post") {
        Ok(ClientAuthMethod::ClientSecretPost)
    } else {
        Err(format!(
            "the identity provider's token endpoint accepts neither client_secret_basic nor client_secret_post \
             (it lists {methods:?})"
        ))
    }
}

/// A PKCE code challenge or verifier: 43 to 128 of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
fn pkce_text(text: &str) -> bool {
    (43..=128).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

fn given(v: Option<&String>) -> Option<&str> {
    v.map(String::as_str).map(str::trim).filter(|s| !s.is_empty())
}

impl ExchangeService {
    fn server_side_login(&self) -> std::result::Result<&ServerSideLogin, OAuthError> {
        self.server_side.as_deref().ok_or_else(|| {
            OAuthError::direct(OAuthErrorCode::InvalidRequest, "this server does not log people in server-side")
        })
    }

    /// The browser's error redirect to a client whose `redirect_uri` was checked.
    fn to_client(redirect_uri: &str, state: Option<&str>, code: OAuthErrorCode, description: &str) -> OAuthError {
        let mut pairs = vec![("error", code.as_str()), ("error_description", description)];
        if let Some(state) = state {
            pairs.push(("state", state));
        }
        OAuthError {
            code,
            description: description.to_owned(),
            redirect: Some(with_query(redirect_uri, &pairs)),
            detail: description.to_owned(),
        }
    }

    /// `GET /sts/oauth/authorize`: checks the client's request and returns where the browser
    /// goes (the provider) with the cookie that binds the login to it.
    ///
    /// # Errors
    /// A bad or missing `redirect_uri` directly; anything else as a redirect to the client:
    /// `invalid_request` (PKCE, provider unknown or public), `unsupported_response_type`,
    /// `temporarily_unavailable` (the provider's discovery document), `server_error` (the
    /// provider's token endpoint takes no client secret).
    pub async fn authorize(&self, request: &AuthorizeRequest) -> std::result::Result<Authorization, OAuthError> {
        let login = self.server_side_login()?;
        let redirect_uri = given(request.redirect_uri.as_ref()).unwrap_or_default();
        check_client_redirect(redirect_uri, &self.settings.base_url)
            .map_err(|why| OAuthError::direct(OAuthErrorCode::InvalidRequest, why))?;
        let state = request.state.as_deref().filter(|s| !s.is_empty());
        if state.is_some_and(|s| s.len() > MAX_CLIENT_STATE) {
            return Err(Self::to_client(
                redirect_uri,
                None,
                OAuthErrorCode::InvalidRequest,
                &format!("state must be at most {MAX_CLIENT_STATE} characters"),
            ));
        }
        let fail = |code: OAuthErrorCode, description: &str| Self::to_client(redirect_uri, state, code, description);
        if given(request.response_type.as_ref()).is_some_and(|t| t != "code") {
            return Err(fail(OAuthErrorCode::UnsupportedResponseType, "response_type must be code"));
        }
        if given(request.code_challenge_method.as_ref()) != Some("S256") {
            return Err(fail(OAuthErrorCode::InvalidRequest, "code_challenge_method must be S256 (PKCE is required)"));
        }
        let challenge = given(request.code_challenge.as_ref()).unwrap_or_default();
        if !pkce_text(challenge) {
            return Err(fail(
                OAuthErrorCode::InvalidRequest,
                "code_challenge must be the S256 challenge of a PKCE verifier (43 base64url characters)",
            ));
        }
        let provider_uid = match given(request.identity_provider.as_ref()) {
            None => None,
            Some(text) => match Uidp::parse(text) {
                Ok(uid) if !uid.is_root() => Some(uid),
                _ => {
                    return Err(fail(
                        OAuthErrorCode::InvalidRequest,
                        "identity_provider must be the uid of an identity provider",
                    ))
                }
            },
        };
        let people = self.people().map_err(|e| fail(OAuthErrorCode::InvalidRequest, &e.error.to_string()))?;
        let provider = match self.provider(people, provider_uid.as_ref()).await {
            Ok(p) => p,
            Err(e) if e.error.code() == Code::PermissionDenied => {
                let uid = provider_uid.map(|u| u.to_string()).unwrap_or_default();
                return Err(fail(OAuthErrorCode::InvalidRequest, &format!("identity provider {uid} does not exist")));
            }
            Err(e) if e.error.code() == Code::InvalidArgument => {
                return Err(fail(OAuthErrorCode::InvalidRequest, "this server has no default identity provider"));
            }
            Err(e) => return Err(fail(OAuthErrorCode::ServerError, "the login could not start").with_detail(e.detail)),
        };
        if provider.secret.is_none() {
            return Err(fail(
                OAuthErrorCode::InvalidRequest,
                "this identity provider has a public client: log in at the provider with PKCE and exchange its ID \
                 token at /sts/exchange",
            ));
        }
        let endpoints = login.client.endpoints(&provider.issuer).await.map_err(|e| {
            fail(OAuthErrorCode::TemporarilyUnavailable, "the identity provider cannot be reached")
                .with_detail(format!("{e:?}"))
        })?;
        choose_auth_method(endpoints.token_endpoint_auth_methods.as_deref())
            .map_err(|why| fail(OAuthErrorCode::ServerError, &why))?;
        let browser_binding = random_text(32);
        let nonce = random_text(24);
        let verifier = provider.pkce.then(|| random_text(48));
        let now = self.clock.now().unix_millis().div_euclid(1000);
        let flow = FlowState {
            p: provider.uid.as_ref().map(ToString::to_string),
            r: redirect_uri.to_owned(),
            s: state.map(str::to_owned),
            c: challenge.to_owned(),
            n: nonce.clone(),
            v: verifier.clone(),
            b: sha256_hex(&browser_binding),
            e: now + FLOW_TTL_SECONDS,
        };
        let sealed = login.seal(STATE_AAD, &flow);
        let callback = format!("{}{CALLBACK_PATH}", self.settings.auth_url.trim_end_matches('/'));
        let scope = provider.scopes.join(" ");
        let challenge_for_provider = verifier.as_deref().map(s256);
        let mut pairs = vec![
            ("response_type", "code"),
            ("client_id", provider.client_id.as_str()),
            ("redirect_uri", callback.as_str()),
            ("scope", scope.as_str()),
            ("state", sealed.as_str()),
            ("nonce", nonce.as_str()),
        ];
        if let Some(challenge) = &challenge_for_provider {
            pairs.push(("code_challenge", challenge));
            pairs.push(("code_challenge_method", "S256"));
        }
        Ok(Authorization { location: with_query(&endpoints.authorization_endpoint, &pairs), browser_binding })
    }

    /// `GET /sts/oauth/callback`: finishes the login the sealed `state` describes, in the
    /// browser that started it, and returns where the browser goes: the client's
    /// `redirect_uri` with a Grove authorization code and the client's `state`.
    ///
    /// # Errors
    /// A missing, forged or expired state, or a browser without the login's cookie, directly
    /// (`invalid_request`, `access_denied`); anything else as a redirect to the client:
    /// `access_denied` (the provider refused, the code or ID token did not pass),
    /// `temporarily_unavailable`, `server_error`.
    pub async fn callback(&self, request: &CallbackRequest) -> std::result::Result<String, OAuthError> {
        let login = self.server_side_login()?;
        let now = self.clock.now().unix_millis().div_euclid(1000);
        let flow: FlowState = given(request.state.as_ref())
            .and_then(|text| login.open(STATE_AAD, text))
            .filter(|flow: &FlowState| now < flow.e)
            .ok_or_else(|| {
                OAuthError::direct(
                    OAuthErrorCode::InvalidRequest,
                    "the login's state is missing, invalid or expired; start the login again",
                )
            })?;
        let binding_ok = request.browser_binding.as_deref().is_some_and(|b| sha256_hex(b) == flow.b);
        if !binding_ok {
            return Err(OAuthError::direct(
                OAuthErrorCode::AccessDenied,
                "this login was not started in this browser; start the login again",
            ));
        }
        let fail =
            |code: OAuthErrorCode, description: &str| Self::to_client(&flow.r, flow.s.as_deref(), code, description);
        if let Some(error) = given(request.error.as_ref()) {
            let description = given(request.error_description.as_ref()).unwrap_or_default();
            return Err(fail(OAuthErrorCode::AccessDenied, "the identity provider refused the login")
                .with_detail(format!("the provider answered {error}: {description}")));
        }
        let Some(code) = given(request.code.as_ref()) else {
            return Err(fail(OAuthErrorCode::InvalidRequest, "the identity provider sent no authorization code"));
        };
        let denied = |detail: String| fail(OAuthErrorCode::AccessDenied, "the login was refused").with_detail(detail);
        let from_exchange = |e: ExchangeError| match e.error.code() {
            Code::Unavailable => fail(OAuthErrorCode::TemporarilyUnavailable, "the login could not be completed now")
                .with_detail(e.detail),
            Code::Internal => fail(OAuthErrorCode::ServerError, "the login failed").with_detail(e.detail),
            _ => denied(e.detail),
        };
        let people = self.people().map_err(from_exchange)?;
        let provider_uid = match flow.p.as_deref().map(Uidp::parse).transpose() {
            Ok(uid) => uid,
            Err(_) => return Err(denied("the sealed state names no identity provider uid".to_owned())),
        };
        let provider = self.provider(people, provider_uid.as_ref()).await.map_err(from_exchange)?;
        let secret = match (&provider.secret, &provider.uid) {
            (Some(ProviderSecret::Sealed(sealed)), Some(uid)) => login
                .keyring
                .open(uid, sealed)
                .map_err(|e| fail(OAuthErrorCode::ServerError, "the login failed").with_detail(format!("{e:?}")))?,
            (Some(ProviderSecret::Configured(secret)), _) => secret.clone(),
            _ => return Err(denied("the identity provider has no client secret any more".to_owned())),
        };
        let endpoints = login.client.endpoints(&provider.issuer).await.map_err(|e| {
            fail(OAuthErrorCode::TemporarilyUnavailable, "the identity provider cannot be reached")
                .with_detail(format!("{e:?}"))
        })?;
        let auth_method = choose_auth_method(endpoints.token_endpoint_auth_methods.as_deref())
            .map_err(|why| fail(OAuthErrorCode::ServerError, &why))?;
        let redemption = CodeRedemption {
            token_endpoint: endpoints.token_endpoint.clone(),
            code: code.to_owned(),
            redirect_uri: format!("{}{CALLBACK_PATH}", self.settings.auth_url.trim_end_matches('/')),
            code_verifier: flow.v.clone(),
            client_id: provider.client_id.clone(),
            client_secret: secret,
            auth_method,
        };
        let id_token = login.client.redeem_code(&redemption).await.map_err(|e| match e.code() {
            Code::Unavailable => {
                fail(OAuthErrorCode::TemporarilyUnavailable, "the identity provider cannot be reached")
                    .with_detail(e.to_string())
            }
            _ => denied(format!("the token endpoint refused the code: {e}")),
        })?;
        let (raw, claims) = self.verify_person_token(&id_token, &provider).await.map_err(from_exchange)?;
        if raw.get("nonce").and_then(Value::as_str) != Some(flow.n.as_str()) {
            return Err(denied("the ID token does not carry this login's nonce".to_owned()));
        }
        let (identity, refresh_token) =
            self.record_login(people, &provider, &raw, &claims).await.map_err(from_exchange)?;
        let grove_code = login.seal(
            CODE_AAD,
            &GroveCode {
                i: identity.to_string(),
                t: refresh_token,
                p: provider.uid.as_ref().map(ToString::to_string),
                c: flow.c.clone(),
                r: flow.r.clone(),
                e: now + CODE_TTL_SECONDS,
            },
        );
        let mut pairs = vec![("code", grove_code.as_str())];
        if let Some(state) = &flow.s {
            pairs.push(("state", state));
        }
        Ok(with_query(&flow.r, &pairs))
    }

    /// `POST /sts/oauth/token` (`grant_type=authorization_code`): redeems a Grove
    /// authorization code with the `redirect_uri` and PKCE verifier of its login, once, for
    /// a Grove token and the login's refresh token.
    ///
    /// # Errors
    /// `unsupported_grant_type`; `invalid_request` for a missing parameter; `invalid_grant`
    /// for a code that is forged, expired, for another `redirect_uri` or verifier, or used
    /// before (which also revokes the refresh token it carried); `server_error`.
    pub async fn redeem(&self, request: &TokenRequest) -> std::result::Result<Exchanged, OAuthError> {
        let login = self.server_side_login()?;
        let direct = OAuthError::direct;
        match given(request.grant_type.as_ref()) {
            Some("authorization_code") => {}
            None => return Err(direct(OAuthErrorCode::InvalidRequest, "grant_type is required")),
            Some(_) => {
                return Err(direct(OAuthErrorCode::UnsupportedGrantType, "grant_type must be authorization_code"))
            }
        }
        let (Some(code), Some(redirect_uri), Some(verifier)) =
            (given(request.code.as_ref()), given(request.redirect_uri.as_ref()), given(request.code_verifier.as_ref()))
        else {
            return Err(direct(OAuthErrorCode::InvalidRequest, "code, redirect_uri and code_verifier are required"));
        };
        let invalid = |detail: &str| {
            direct(OAuthErrorCode::InvalidGrant, "the authorization code is invalid, expired or used")
                .with_detail(detail)
        };
        let now = self.clock.now();
        let Some(grant) = login.open::<GroveCode>(CODE_AAD, code) else {
            return Err(invalid("the code does not open"));
        };
        if now.unix_millis().div_euclid(1000) >= grant.e {
            return Err(invalid("the code expired"));
        }
        if grant.r != redirect_uri {
            return Err(invalid("the code was issued to another redirect_uri"));
        }
        if !pkce_text(verifier) || s256(verifier) != grant.c {
            return Err(invalid("the code_verifier does not match the code_challenge"));
        }
        let people = self
            .people()
            .map_err(|e| direct(OAuthErrorCode::ServerError, "the code could not be redeemed").with_detail(e.detail))?;
        let expire = crate::time::Timestamp::from_unix_millis(grant.e.saturating_mul(1000))
            .ok_or_else(|| invalid("the code's expiry is not a time"))?;
        let server_error =
            |e: Error| direct(OAuthErrorCode::ServerError, "the code could not be redeemed").with_detail(e.to_string());
        let first = people.store.use_authorization_code(&sha256_hex(code), expire, now).await.map_err(server_error)?;
        if !first {
            people.store.revoke_refresh_token(&super::refresh_token_hash(&grant.t)).await.map_err(server_error)?;
            return Err(invalid("the code was used before: the refresh token it carried is revoked"));
        }
        let identity = Uidp::parse(&grant.i).map_err(|_| invalid("the code names no identity uid"))?;
        let provider =
            grant.p.as_deref().map(Uidp::parse).transpose().map_err(|_| invalid("the code names no provider uid"))?;
        let minted = self.minter.mint(&identity, &Restriction::default(), self.settings.ttl).map_err(server_error)?;
        Ok(Exchanged { token: minted.token, expiry: minted.expiry, identity, refresh_token: Some(grant.t), provider })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://grove.example/console-base";

    #[test]
    fn loopback_and_own_redirects_pass_and_everything_else_is_refused() {
        for ok in [
            "http://127.0.0.1:49152/callback",
            "http://127.0.0.1/callback",
            "http://[::1]:8080/cb?x=1",
            "http://127.0.0.1:1",
            "https://grove.example/console-base/console/callback",
            "https://grove.example/console-base",
            "https://grove.example/console-base?next=1",
        ] {
            assert_eq!(check_client_redirect(ok, BASE), Ok(()), "{ok}");
        }
        for bad in [
            "",
            "https://evil.example/callback",
            "http://localhost:8080/callback",
            "http://127.0.0.1.evil.example/callback",
            "http://127.0.0.1:80@evil.example/callback",
            "http://127.0.0.1:99999/callback",
            "http://127.0.0.1:0/callback",
            "https://127.0.0.1:8080/callback",
            "http://127.0.0.2:8080/callback",
            "http://[::1]:8080/cb#frag",
            "https://grove.example/console-basement",
            "https://grove.example.evil.example/",
            "https://grove.example/console-base@evil.example/",
            "https://grove.example/console-base/../other",
            "https://grove.example/console-base/%2e%2e/other",
            "https://grove.example/console-base\\@evil",
            "https://grove.example/other",
            "http://grove.example/console-base/cb",
            "javascript:alert(1)",
            "http://127.0.0.1:8080/a b",
        ] {
            assert!(check_client_redirect(bad, BASE).is_err(), "{bad}");
        }
        assert_eq!(
            check_client_redirect("https://evil.example/", "https://grove.example/"),
            Err("redirect_uri must be a loopback redirect (http://127.0.0.1:<port>/… or http://[::1]:<port>/…) or \
                 a URL under https://grove.example"
                .to_owned())
        );
    }

    #[test]
    fn basic_is_chosen_when_listed_or_unlisted_post_otherwise_and_neither_is_refused() {
        let list = |m: &[&str]| m.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(choose_auth_method(None), Ok(ClientAuthMethod::ClientSecretBasic));
        assert_eq!(
            choose_auth_method(Some(&list(&["client_secret_post", "client_secret_basic"]))),
            Ok(ClientAuthMethod::ClientSecretBasic)
        );
        assert_eq!(
            choose_auth_method(Some(&list(&["none", "client_secret_post"]))),
            Ok(ClientAuthMethod::ClientSecretPost)
        );
        let refused = choose_auth_method(Some(&list(&["private_key_jwt"]))).unwrap_err();
        assert!(refused.contains("neither client_secret_basic nor client_secret_post"), "{refused}");
    }

    #[test]
    fn queries_are_appended_percent_encoded() {
        assert_eq!(
            with_query("https://a.example/auth", &[("x", "a b&c"), ("y", "é")]),
            "https://a.example/auth?x=a%20b%26c&y=%C3%A9"
        );
        assert_eq!(with_query("https://a.example/auth?tenant=1", &[("x", "1")]), "https://a.example/auth?tenant=1&x=1");
        assert_eq!(s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    }

    const NOW: i64 = 1_795_000_000;

    /// An exchange with the server-side login over mocks that must not be asked anything.
    fn service() -> ExchangeService {
        use crate::ports::{
            MockApiTokenMinter, MockAwsCallerIdentity, MockClock, MockIdentityStore, MockIdentityTokenVerifier,
        };
        let mut clock = MockClock::new();
        clock.expect_now().return_const(crate::time::Timestamp::from_unix_millis(NOW * 1000).unwrap());
        ExchangeService::new(
            Arc::new(MockIdentityStore::new()),
            Arc::new(clock),
            Arc::new(MockIdentityTokenVerifier::new()),
            Arc::new(MockAwsCallerIdentity::new()),
            Arc::new(MockApiTokenMinter::new()),
            super::super::ExchangeSettings::new("https://grove.example", "https://grove.example"),
        )
        .with_server_side_login(login())
    }

    fn login() -> ServerSideLogin {
        let client: Arc<dyn OidcClient> = Arc::new(crate::ports::MockOidcClient::new());
        ServerSideLogin::new(client, Arc::new(SecretKeyring::default()), b"the paging secret")
    }

    fn code(expires: i64, challenge: &str) -> String {
        let grant = GroveCode {
            i: "0123456789abcdef0123456789abcdef01234567".into(),
            t: "grr_x".into(),
            p: None,
            c: challenge.into(),
            r: "http://127.0.0.1:5000/cb".into(),
            e: expires,
        };
        login().seal(CODE_AAD, &grant)
    }

    fn run<T>(f: impl std::future::Future<Output = T>) -> T {
        futures_executor::block_on(f)
    }

    #[test]
    fn a_code_is_refused_when_expired_for_another_redirect_or_verifier_before_the_store_is_asked() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        let challenge = s256(verifier);
        let request = |code: String, redirect: &str, verifier: &str| TokenRequest {
            grant_type: Some("authorization_code".into()),
            code: Some(code),
            redirect_uri: Some(redirect.into()),
            code_verifier: Some(verifier.into()),
        };
        let refused = |r: TokenRequest| {
            let e = run(service().redeem(&r)).unwrap_err();
            (e.code, e.description, e.redirect, e.detail)
        };
        let invalid = |detail: &str| {
            (
                OAuthErrorCode::InvalidGrant,
                "the authorization code is invalid, expired or used".to_owned(),
                None,
                detail.to_owned(),
            )
        };
        let redirect = "http://127.0.0.1:5000/cb";
        assert_eq!(refused(request(code(NOW, &challenge), redirect, verifier)), invalid("the code expired"));
        assert_eq!(
            refused(request(code(NOW + 60, &challenge), "http://127.0.0.1:5001/cb", verifier)),
            invalid("the code was issued to another redirect_uri")
        );
        assert_eq!(
            refused(request(code(NOW + 60, &challenge), redirect, &"a".repeat(43))),
            invalid("the code_verifier does not match the code_challenge")
        );
        assert_eq!(refused(request("garbage".into(), redirect, verifier)), invalid("the code does not open"));
        let wrong_grant = TokenRequest { grant_type: Some("password".into()), ..TokenRequest::default() };
        assert_eq!(run(service().redeem(&wrong_grant)).unwrap_err().code, OAuthErrorCode::UnsupportedGrantType);
        let missing = TokenRequest { grant_type: Some("authorization_code".into()), ..TokenRequest::default() };
        assert_eq!(
            run(service().redeem(&missing)).unwrap_err().description,
            "code, redirect_uri and code_verifier are required"
        );
    }

    #[test]
    fn authorize_answers_a_bad_redirect_directly_and_sends_other_errors_back_to_the_client() {
        let refused = run(service().authorize(&AuthorizeRequest {
            redirect_uri: Some("https://evil.example/cb".into()),
            ..AuthorizeRequest::default()
        }))
        .unwrap_err();
        assert_eq!((refused.code, refused.redirect), (OAuthErrorCode::InvalidRequest, None));
        let no_pkce = run(service().authorize(&AuthorizeRequest {
            redirect_uri: Some("http://127.0.0.1:5000/cb?x=1".into()),
            state: Some("s t".into()),
            ..AuthorizeRequest::default()
        }))
        .unwrap_err();
        assert_eq!(
            no_pkce.redirect.as_deref(),
            Some(
                "http://127.0.0.1:5000/cb?x=1&error=invalid_request&error_description=code_challenge_method%20must%20\
                 be%20S256%20%28PKCE%20is%20required%29&state=s%20t"
            )
        );
    }

    #[test]
    fn sealed_states_open_only_under_their_key_and_purpose() {
        let client: Arc<dyn OidcClient> = Arc::new(crate::ports::MockOidcClient::new());
        let login = ServerSideLogin::new(client.clone(), Arc::new(SecretKeyring::default()), b"paging secret one");
        let other = ServerSideLogin::new(client, Arc::new(SecretKeyring::default()), b"paging secret two");
        let code = GroveCode { i: "i".into(), t: "t".into(), p: None, c: "c".into(), r: "r".into(), e: 1 };
        let sealed = login.seal(CODE_AAD, &code);
        assert_eq!(login.open::<GroveCode>(CODE_AAD, &sealed).map(|c| c.t), Some("t".to_owned()));
        assert!(login.open::<GroveCode>(STATE_AAD, &sealed).is_none(), "a code is no state");
        assert!(other.open::<GroveCode>(CODE_AAD, &sealed).is_none(), "another server secret");
        assert!(login.open::<GroveCode>(CODE_AAD, "not-base64!").is_none());
    }
}
