//! `grove auth login` as a person: the OAuth 2.0 authorization code flow with PKCE (S256)
//! through a loopback redirect on `127.0.0.1:<random port>`, or the device authorization grant
//! (RFC 8628) with `--device`, against an organization's identity provider or the server's
//! default one (their public settings come from `GET {auth_url}/sts/login_configuration`);
//! the ID token is then exchanged at the token service for a Grove token and a refresh token,
//! and refresh tokens are exchanged (and rotated) when the Grove token has expired.
//!
//! A provider with a confidential client (`serverSideLogin`) is logged in through the token
//! service itself, which alone holds the client secret: the same loopback redirect and PKCE,
//! with `{auth_url}/sts/oauth/authorize` as the authorization endpoint and
//! `{auth_url}/sts/oauth/token` as the token endpoint, which answers the Grove tokens.

use std::io::Write as _;
use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest as _, Sha256};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use super::CliError;

/// How long the loopback listener waits for the browser to come back.
const BROWSER_WAIT: Duration = Duration::from_secs(300);
/// Longest request head read from the browser.
const MAX_CALLBACK_BYTES: usize = 16 * 1024;
/// Deadline of each HTTP call.
const HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// The public login settings of a provider (`/sts/login_configuration`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginConfiguration {
    /// The provider's uid; empty for the server's default provider.
    #[serde(default)]
    pub identity_provider: String,
    /// Its issuer.
    pub issuer: String,
    /// The public client id.
    pub client_id: String,
    /// The scopes to ask for.
    #[serde(default)]
    pub scopes: Vec<String>,
    /// True when the client is confidential: the login goes through the token service.
    #[serde(default)]
    pub server_side_login: bool,
}

/// The endpoints of the provider's discovery document that a login uses.
#[derive(Debug, Clone, Deserialize)]
struct Discovery {
    issuer: String,
    authorization_endpoint: Option<String>,
    token_endpoint: String,
    device_authorization_endpoint: Option<String>,
}

/// The Grove tokens a login or a refresh gave.
#[derive(Debug, Clone)]
pub struct Tokens {
    /// The Grove token.
    pub token: String,
    /// Its expiry (RFC 3339), when given.
    pub expiry: Option<String>,
    /// The refresh token.
    pub refresh_token: Option<String>,
}

fn http() -> Result<reqwest::Client, CliError> {
    reqwest::Client::builder()
        .timeout(HTTP_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| CliError::new(format!("building the HTTP client: {e}")))
}

fn random_text(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::RngCore::fill_bytes(&mut rand::thread_rng(), &mut buf);
    URL_SAFE_NO_PAD.encode(buf)
}

/// The S256 code challenge of a PKCE verifier.
fn code_challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// The message of a `google.rpc.Status` or OAuth error body, else the status line.
async fn failure(what: &str, response: reqwest::Response) -> CliError {
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    let detail = serde_json::from_str::<Value>(&text)
        .ok()
        .and_then(|v| {
            v.get("message")
                .or_else(|| v.get("error_description"))
                .or_else(|| v.get("error"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .unwrap_or_else(|| status.to_string());
    CliError::new(format!("{what}: {detail}"))
}

/// `GET {auth_url}/sts/login_configuration`.
///
/// # Errors
/// When the server cannot be asked or knows no such provider.
pub async fn login_configuration(auth_url: &str, provider: Option<&str>) -> Result<LoginConfiguration, CliError> {
    let url = format!("{}/sts/login_configuration", auth_url.trim_end_matches('/'));
    let mut request = http()?.get(&url);
    if let Some(uid) = provider {
        request = request.query(&[("identity_provider", uid)]);
    }
    let response = request.send().await.map_err(|e| CliError::new(format!("asking {url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the server has no login provider to offer", response).await);
    }
    response.json().await.map_err(|e| CliError::new(format!("reading {url}: {e}")))
}

async fn discover(issuer: &str) -> Result<Discovery, CliError> {
    let url = format!("{}/.well-known/openid-configuration", issuer.trim_end_matches('/'));
    let response = http()?.get(&url).send().await.map_err(|e| CliError::new(format!("asking {url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure(&format!("the identity provider's discovery document {url}"), response).await);
    }
    let discovery: Discovery = response.json().await.map_err(|e| CliError::new(format!("reading {url}: {e}")))?;
    if discovery.issuer.trim_end_matches('/') != issuer.trim_end_matches('/') {
        return Err(CliError::new(format!("{url} names another issuer ({})", discovery.issuer)));
    }
    Ok(discovery)
}

/// Opens `url` in a browser when one can be started (`GROVE_BROWSER` names the command;
/// `none` opens nothing); failure is fine, the URL is printed anyway.
fn open_browser(url: &str) {
    let chosen = std::env::var("GROVE_BROWSER").ok().filter(|b| !b.is_empty());
    let command = match chosen.as_deref() {
        Some("none") => return,
        Some(command) => command.to_owned(),
        None if cfg!(target_os = "macos") => "open".to_owned(),
        None if cfg!(windows) => return,
        None => {
            if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
                return;
            }
            "xdg-open".to_owned()
        }
    };
    let _ = std::process::Command::new(command)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

/// The query parameters of the first `GET /callback` the browser sends.
async fn await_callback(listener: tokio::net::TcpListener) -> Result<Vec<(String, String)>, CliError> {
    let deadline = Instant::now() + BROWSER_WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let accepted = tokio::time::timeout(left, listener.accept())
            .await
            .map_err(|_| CliError::new("the login did not come back from the browser in time"))?;
        let Ok((mut stream, _)) = accepted else { continue };
        let mut head = Vec::new();
        let mut buf = [0u8; 2048];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MAX_CALLBACK_BYTES {
            match tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => head.extend_from_slice(&buf[..n]),
                _ => break,
            }
        }
        let text = String::from_utf8_lossy(&head);
        let target = text.lines().next().and_then(|l| l.split(' ').nth(1)).unwrap_or_default().to_owned();
        let (path, query) = target.split_once('?').unwrap_or((target.as_str(), ""));
        if path != "/callback" {
            let _ = stream.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await;
            continue;
        }
        let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
        let ok = params.iter().any(|(k, _)| k == "code");
        let page = if ok {
            "<html><body><p>Logged in to Grove. You can close this window.</p></body></html>"
        } else {
            "<html><body><p>The login failed; see the terminal.</p></body></html>"
        };
        let response = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
            page.len()
        );
        let _ = stream.write_all(response.as_bytes()).await;
        let _ = stream.shutdown().await;
        return Ok(params);
    }
}

/// An OAuth token endpoint answer.
#[derive(Debug, Deserialize)]
struct TokenAnswer {
    id_token: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

fn id_token_of(answer: TokenAnswer) -> Result<String, CliError> {
    answer.id_token.filter(|t| !t.is_empty()).ok_or_else(|| {
        CliError::new("the identity provider answered without an ID token (is the openid scope allowed?)")
    })
}

fn unverified_claim(token: &str, claim: &str) -> Option<Value> {
    let payload = token.split('.').nth(1)?;
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    claims.get(claim).cloned()
}

/// The authorization code flow with PKCE through a loopback redirect; returns the ID token.
///
/// # Errors
/// When the provider refuses, the browser does not come back, or the answer is not a login.
pub async fn browser_flow(config: &LoginConfiguration) -> Result<String, CliError> {
    let discovery = discover(&config.issuer).await?;
    let authorize = discovery
        .authorization_endpoint
        .clone()
        .ok_or_else(|| CliError::new("the identity provider publishes no authorization endpoint"))?;
    let (listener, redirect_uri) = loopback().await?;
    let verifier = random_text(48);
    let state = random_text(24);
    let nonce = random_text(24);
    let mut url = url::Url::parse(&authorize).map_err(|e| CliError::new(format!("{authorize}: {e}")))?;
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", &config.client_id)
        .append_pair("redirect_uri", &redirect_uri)
        .append_pair("scope", &config.scopes.join(" "))
        .append_pair("state", &state)
        .append_pair("nonce", &nonce)
        .append_pair("code_challenge", &code_challenge(&verifier))
        .append_pair("code_challenge_method", "S256");
    let code = browser_round_trip(&url, listener, &state, "the identity provider refused the login").await?;
    let response = http()?
        .post(&discovery.token_endpoint)
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", redirect_uri.as_str()),
            ("client_id", config.client_id.as_str()),
            ("code_verifier", verifier.as_str()),
        ])
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {} for tokens: {e}", discovery.token_endpoint)))?;
    if !response.status().is_success() {
        return Err(failure("the identity provider refused the authorization code", response).await);
    }
    let answer: TokenAnswer =
        response.json().await.map_err(|e| CliError::new(format!("reading the token answer: {e}")))?;
    let id_token = id_token_of(answer)?;
    if unverified_claim(&id_token, "nonce").and_then(|v| v.as_str().map(str::to_owned)).as_deref()
        != Some(nonce.as_str())
    {
        return Err(CliError::new("the ID token does not carry this login's nonce"));
    }
    Ok(id_token)
}

/// A listener on a random loopback port for the browser's redirect, and that redirect URI.
async fn loopback() -> Result<(tokio::net::TcpListener, String), CliError> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| CliError::new(format!("listening on a loopback port for the browser: {e}")))?;
    let port = listener.local_addr().map_err(|e| CliError::new(e.to_string()))?.port();
    Ok((listener, format!("http://127.0.0.1:{port}/callback")))
}

/// Sends the browser to `url` and waits on `listener` for it to come back: the authorization
/// code, once the returned `state` is this login's. A returned `error` is `refused (error:
/// description)`.
async fn browser_round_trip(
    url: &url::Url,
    listener: tokio::net::TcpListener,
    state: &str,
    refused: &str,
) -> Result<String, CliError> {
    eprintln!("Opening your browser to log in. If it does not open, visit:\n\n  {url}\n");
    let _ = std::io::stderr().flush();
    open_browser(url.as_str());
    let params = await_callback(listener).await?;
    let get = |key: &str| params.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    if let Some(error) = get("error") {
        let description = get("error_description").map(|d| format!(": {d}")).unwrap_or_default();
        return Err(CliError::new(format!("{refused} ({error}{description})")));
    }
    if get("state").as_deref() != Some(state) {
        return Err(CliError::new("the browser came back with another login's state; try again"));
    }
    get("code").ok_or_else(|| CliError::new("the browser came back without an authorization code"))
}

/// The server-side login of a confidential client: the browser goes to
/// `{auth_url}/sts/oauth/authorize` (which sends it on to the provider), comes back to the
/// loopback listener with a Grove authorization code, which is redeemed with the PKCE verifier
/// at `{auth_url}/sts/oauth/token` for the Grove tokens.
///
/// # Errors
/// When the token service or the provider refuses, or the browser does not come back.
pub async fn server_side_flow(auth_url: &str, config: &LoginConfiguration) -> Result<Tokens, CliError> {
    let (listener, redirect_uri) = loopback().await?;
    let verifier = random_text(48);
    let state = random_text(24);
    let authorize = format!("{}/sts/oauth/authorize", auth_url.trim_end_matches('/'));
    let mut url = url::Url::parse(&authorize).map_err(|e| CliError::new(format!("{authorize}: {e}")))?;
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("identity_provider", &config.identity_provider)
        .append_pair("redirect_uri", &redirect_uri)
        .append_pair("state", &state)
        .append_pair("code_challenge", &code_challenge(&verifier))
        .append_pair("code_challenge_method", "S256");
    let code = browser_round_trip(&url, listener, &state, "the login was refused").await?;
    let token_url = format!("{}/sts/oauth/token", auth_url.trim_end_matches('/'));
    let response = http()?
        .post(&token_url)
        .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form_body(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", redirect_uri.as_str()),
            ("code_verifier", verifier.as_str()),
        ]))
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {token_url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the token service refused the login", response).await);
    }
    let body: Value = response.json().await.map_err(|e| CliError::new(format!("reading {token_url}: {e}")))?;
    let text = |v: Option<&Value>| v.and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    Ok(Tokens {
        token: text(body.get("token")).ok_or_else(|| CliError::new("the token service answered without a token"))?,
        expiry: text(body.get("expiry")),
        refresh_token: text(body.get("refreshToken")),
    })
}

/// A device authorization answer (RFC 8628 section 3.2).
#[derive(Debug, Deserialize)]
struct DeviceAuthorization {
    device_code: String,
    user_code: String,
    verification_uri: String,
    verification_uri_complete: Option<String>,
    expires_in: u64,
    interval: Option<u64>,
}

/// The device authorization grant: prints where to go and the code, polls; returns the ID token.
///
/// # Errors
/// When the provider refuses, the user denies, or the code expires.
pub async fn device_flow(config: &LoginConfiguration) -> Result<String, CliError> {
    let discovery = discover(&config.issuer).await?;
    let endpoint = discovery
        .device_authorization_endpoint
        .clone()
        .ok_or_else(|| CliError::new("the identity provider does not offer device logins"))?;
    let client = http()?;
    let response = client
        .post(&endpoint)
        .form(&[("client_id", config.client_id.as_str()), ("scope", config.scopes.join(" ").as_str())])
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {endpoint}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the identity provider refused the device login", response).await);
    }
    let device: DeviceAuthorization =
        response.json().await.map_err(|e| CliError::new(format!("reading the device answer: {e}")))?;
    eprintln!("To log in, visit:\n\n  {}\n\nand enter the code: {}\n", device.verification_uri, device.user_code);
    if let Some(complete) = &device.verification_uri_complete {
        eprintln!("(or open {complete})\n");
    }
    let _ = std::io::stderr().flush();
    let mut interval = Duration::from_secs(device.interval.unwrap_or(5).max(1));
    let deadline = Instant::now() + Duration::from_secs(device.expires_in.max(1));
    loop {
        tokio::time::sleep(interval).await;
        if Instant::now() >= deadline {
            return Err(CliError::new("the device code expired before the login was approved; try again"));
        }
        let response = client
            .post(&discovery.token_endpoint)
            .form(&[
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
                ("device_code", device.device_code.as_str()),
                ("client_id", config.client_id.as_str()),
            ])
            .send()
            .await
            .map_err(|e| CliError::new(format!("asking {} for tokens: {e}", discovery.token_endpoint)))?;
        let ok = response.status().is_success();
        let answer: TokenAnswer =
            response.json().await.map_err(|e| CliError::new(format!("reading the token answer: {e}")))?;
        if ok {
            return id_token_of(answer);
        }
        match answer.error.as_deref() {
            Some("authorization_pending") => {}
            Some("slow_down") => interval += Duration::from_secs(5),
            Some("expired_token") => {
                return Err(CliError::new("the device code expired before the login was approved; try again"))
            }
            Some("access_denied") => return Err(CliError::new("the login was denied at the identity provider")),
            other => {
                let description = answer.error_description.map(|d| format!(": {d}")).unwrap_or_default();
                return Err(CliError::new(format!(
                    "the identity provider refused the device login ({}{description})",
                    other.unwrap_or("no error code")
                )));
            }
        }
    }
}

fn form_body(pairs: &[(&str, &str)]) -> String {
    let mut form = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        form.append_pair(k, v);
    }
    form.finish()
}

/// Exchanges a person's ID token at `{auth_url}/sts/exchange`.
///
/// # Errors
/// When the token service refuses.
pub async fn exchange_id_token(
    auth_url: &str,
    api: &str,
    provider: Option<&str>,
    id_token: &str,
    scopes: &[String],
    caps: &[String],
) -> Result<Tokens, CliError> {
    let url = format!("{}/sts/exchange", auth_url.trim_end_matches('/'));
    let mut pairs = vec![("aud", api)];
    if let Some(p) = provider {
        pairs.push(("identity_provider", p));
    }
    pairs.extend(scopes.iter().map(|s| ("scopes", s.as_str())));
    pairs.extend(caps.iter().map(|c| ("cap", c.as_str())));
    let response = http()?
        .post(&url)
        .bearer_auth(id_token)
        .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form_body(&pairs))
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the token service refused the login", response).await);
    }
    let body: Value = response.json().await.map_err(|e| CliError::new(format!("reading {url}: {e}")))?;
    let text = |v: Option<&Value>| v.and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    Ok(Tokens {
        token: text(body.get("token")).ok_or_else(|| CliError::new("the token service answered without a token"))?,
        expiry: text(body.get("expiry")),
        refresh_token: text(body.get("refreshToken")),
    })
}

/// Exchanges a refresh token at `{auth_url}/sts/exchange_refresh_token`: a new Grove token and
/// the next refresh token (the presented one is used up).
///
/// # Errors
/// When the token service refuses (the refresh token is unknown, expired or was used).
pub async fn refresh(
    auth_url: &str,
    api: &str,
    refresh_token: &str,
    scopes: &[String],
    caps: &[String],
) -> Result<Tokens, CliError> {
    let url = format!("{}/sts/exchange_refresh_token", auth_url.trim_end_matches('/'));
    let mut pairs = vec![("aud", api)];
    pairs.extend(scopes.iter().map(|s| ("scopes", s.as_str())));
    pairs.extend(caps.iter().map(|c| ("cap", c.as_str())));
    let response = http()?
        .post(&url)
        .bearer_auth(refresh_token)
        .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form_body(&pairs))
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the token service refused the refresh token; run grove auth login again", response).await);
    }
    let body: Value = response.json().await.map_err(|e| CliError::new(format!("reading {url}: {e}")))?;
    let text = |v: Option<&Value>| v.and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    Ok(Tokens {
        token: text(body.pointer("/token/token"))
            .ok_or_else(|| CliError::new("the token service answered without a token"))?,
        expiry: text(body.pointer("/token/expiry")),
        refresh_token: text(body.pointer("/refreshToken/token")),
    })
}

/// Revokes a refresh token and its family at `{auth_url}/sts/revoke` (RFC 7009).
///
/// # Errors
/// When the token service cannot be reached or refuses the request.
pub async fn revoke(auth_url: &str, refresh_token: &str) -> Result<(), CliError> {
    let url = format!("{}/sts/revoke", auth_url.trim_end_matches('/'));
    let response = http()?
        .post(&url)
        .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form_body(&[("token", refresh_token), ("token_type_hint", "refresh_token")]))
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the token service did not revoke the refresh token", response).await);
    }
    Ok(())
}

/// `POST {api}/auth/v1/register` with the Grove token and an invite code (the public
/// `RegistrationRequest` shape); returns the joined group.
///
/// # Errors
/// When the server refuses the code.
pub async fn register(api: &str, token: &str, code: &str) -> Result<String, CliError> {
    let url = format!("{}/auth/v1/register", api.trim_end_matches('/'));
    let response = http()?
        .post(&url)
        .bearer_auth(token)
        .json(&serde_json::json!({ "code": code }))
        .send()
        .await
        .map_err(|e| CliError::new(format!("asking {url}: {e}")))?;
    if !response.status().is_success() {
        return Err(failure("the invite code was refused", response).await);
    }
    let body: Value = response.json().await.map_err(|e| CliError::new(format!("reading {url}: {e}")))?;
    Ok(body.get("group").and_then(Value::as_str).unwrap_or_default().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_challenge_is_the_rfc_7636_s256_of_the_verifier() {
        // RFC 7636 appendix B.
        assert_eq!(
            code_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        assert_ne!(random_text(32), random_text(32));
        assert_eq!(random_text(48).len(), 64);
    }
}
