//! People logging in, end to end against a real OpenID provider: the npm package
//! `oidc-provider` (pinned, installed with `npm install` under the target directory and kept
//! there) run by `tests/oidc/provider.mjs`, the real `grove serve --dev` with that provider as
//! its default, and the real `grove` CLI. The test plays the user at the provider's login,
//! consent and device pages over HTTP (keeping cookies, posting the forms). An invite code
//! given to `grove auth login` joins its group once; a used single-use code is refused.
//! Confidential clients (`client_secret_basic` and `client_secret_post`, with and without
//! PKCE) log in server-side through `/sts/oauth/…`; their secrets are stored sealed, and
//! `grove admin rotate-secrets` moves them to a new key-encryption key.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod process_support;

use std::collections::BTreeMap;
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use process_support::{free_port, Killed, Scratch};
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

/// The pinned `oidc-provider` release.
const OIDC_PROVIDER_VERSION: &str = "9.13.3";
/// The built-in viewer role.
const VIEWER: &str = "00000000000000000000000000000000000000b3";
/// The one message of every refused identity.
const DENIED: &str = "the presented token may not assume the requested identity";

/// `node_modules` with the pinned `oidc-provider`, installed from the npm registry on first use
/// (into a staging directory renamed into place, so parallel test processes never see half
/// an install).
fn oidc_provider_modules() -> PathBuf {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("oidc-provider-{OIDC_PROVIDER_VERSION}"));
    let modules = base.join("node_modules");
    if modules.join("oidc-provider").join("package.json").exists() {
        return modules;
    }
    let staging = base.with_extension(format!("staging-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).unwrap();
    std::fs::write(staging.join("package.json"), "{\"private\": true}\n").unwrap();
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"])
        .arg(format!("oidc-provider@{OIDC_PROVIDER_VERSION}"))
        .current_dir(&staging)
        .stdout(Stdio::null())
        .status()
        .expect("npm must be installed to run the login tests");
    assert!(status.success(), "npm install oidc-provider@{OIDC_PROVIDER_VERSION} failed");
    if std::fs::rename(&staging, &base).is_err() {
        // Another test process installed it first.
        let _ = std::fs::remove_dir_all(&staging);
    }
    assert!(modules.join("oidc-provider").join("package.json").exists());
    modules
}

/// The OpenID provider of `tests/oidc/provider.mjs`.
struct Provider {
    issuer: String,
    _child: Killed,
}

impl Provider {
    fn start() -> Self {
        Self::start_accepting(None)
    }

    /// The provider whose token endpoint accepts only the client auth `methods`
    /// (comma-separated), or its defaults.
    fn start_accepting(methods: Option<&str>) -> Self {
        let modules = oidc_provider_modules();
        let port = free_port();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oidc/provider.mjs");
        let mut child = Command::new("node")
            .arg(&script)
            .arg(port.to_string())
            .args(methods)
            .env("NODE_PATH", &modules)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node must be installed to run the login tests");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let issuer = line.trim().strip_prefix("ready ").unwrap_or_else(|| panic!("provider said {line:?}")).to_owned();
        Self { issuer, _child: Killed(child) }
    }
}

/// `grove serve --dev` with the provider as its default login provider; its log is kept.
struct Server {
    url: String,
    token: String,
    log: PathBuf,
    _child: Killed,
}

impl Server {
    fn start(scratch: &Path, provider: &Provider) -> Self {
        Self::start_on(scratch, provider, None)
    }

    /// The server on the memory store, or on the PostgreSQL database `database`.
    fn start_on(scratch: &Path, provider: &Provider, database: Option<&str>) -> Self {
        Self::start_with(scratch, provider, database, "grove-cli")
    }

    /// The server whose default provider's client id is `client_id`.
    fn start_with(scratch: &Path, provider: &Provider, database: Option<&str>, client_id: &str) -> Self {
        let port = free_port();
        let token_file = scratch.join("dev-token");
        // A restarted server writes it again; the old one's must not pass for it.
        let _ = std::fs::remove_file(&token_file);
        let log = scratch.join("server.log");
        let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
        command.env_remove("GROVE_DATABASE_URL");
        if let Some(url) = database {
            command.env("GROVE_DATABASE_URL", url);
        }
        let child = command
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--dev-token-file"])
            .arg(&token_file)
            .current_dir(scratch)
            .env("GROVE_DATA_DIR", scratch.join("data"))
            .env("GROVE_LOG", "debug")
            .env("GROVE_AUTH__DEFAULT_PROVIDER__ISSUER", &provider.issuer)
            .env("GROVE_AUTH__DEFAULT_PROVIDER__CLIENT_ID", client_id)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut child = Killed(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        let token = loop {
            if let Ok(line) = std::fs::read_to_string(&token_file) {
                if let Some(token) = line.trim().strip_prefix("export GROVE_TOKEN=") {
                    break token.to_owned();
                }
            }
            assert!(Instant::now() < deadline, "grove serve --dev did not start");
            assert!(child.0.try_wait().unwrap().is_none(), "grove serve --dev exited");
            std::thread::sleep(Duration::from_millis(50));
        };
        Self { url: format!("http://127.0.0.1:{port}"), token, log, _child: child }
    }

    /// The server on the memory store with the provider's confidential `client_secret_basic`
    /// client as its default provider.
    fn start_confidential(scratch: &Path, provider: &Provider) -> Self {
        std::fs::write(
            scratch.join("grove.toml"),
            "[auth.default_provider]\nclient_secret = \"basic-client-secret\"\n",
        )
        .unwrap();
        Self::start_with(scratch, provider, None, "grove-confidential-basic")
    }

    async fn call(&self, method: reqwest::Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = reqwest::Client::new().request(method, format!("{}{path}", self.url)).bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    /// A form POST to the token service with `bearer`.
    async fn sts(&self, path: &str, bearer: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let response = reqwest::Client::new()
            .post(format!("{}{path}", self.url))
            .bearer_auth(bearer)
            .form(form)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap())
    }

    async fn dev_org(&self) -> String {
        let (status, body) = self.call(reqwest::Method::GET, "/iam/v2beta1/groups", &self.token, None).await;
        assert_eq!(status, 200, "{body}");
        body["groups"][0]["uid"].as_str().unwrap().to_owned()
    }
}

/// The uid of the person `subject` of `issuer` (what LookupIdentity answers).
fn person_uid(issuer: &str, subject: &str) -> String {
    let digest = Sha256::new().chain_update(issuer).chain_update([0u8]).chain_update(subject).finalize();
    hex::encode(&digest[..20])
}

/// The uid of the person `subject` of the organization's provider `provider`: keyed by the
/// provider, never by its issuer, so that no other provider can yield it.
fn provider_person_uid(provider: &str, subject: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"grove provider person\0")
        .chain_update(provider)
        .chain_update([0u8])
        .chain_update(subject)
        .finalize();
    hex::encode(&digest[..20])
}

fn jwt_claims(token: &str) -> Value {
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(token.split('.').nth(1).unwrap()).unwrap()).unwrap()
}

/// One page as the browser got it.
#[derive(Debug)]
struct Page {
    url: String,
    status: u16,
    location: Option<String>,
    body: String,
}

/// A form on a page.
#[derive(Debug, Clone)]
struct Form {
    action: String,
    inputs: Vec<(String, String)>,
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(tag[start..end].replace("&amp;", "&").replace("&#34;", "\"").replace("&quot;", "\""))
}

fn forms(html: &str) -> Vec<Form> {
    html.split("<form")
        .skip(1)
        .map(|chunk| {
            let body = chunk.split("</form>").next().unwrap();
            let head = &body[..body.find('>').unwrap()];
            let inputs = body
                .split("<input")
                .skip(1)
                .filter_map(|tag| {
                    let tag = format!(" {}", &tag[..tag.find('>').unwrap_or(tag.len())]);
                    Some((attribute(&tag, "name")?, attribute(&tag, "value").unwrap_or_default()))
                })
                .collect();
            Form { action: attribute(&format!(" {head}"), "action").unwrap_or_default(), inputs }
        })
        .collect()
}

/// A browser: keeps cookies, follows nothing by itself.
struct Browser {
    http: reqwest::Client,
    cookies: Mutex<BTreeMap<String, String>>,
}

impl Browser {
    fn new() -> Self {
        let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Self { http, cookies: Mutex::new(BTreeMap::new()) }
    }

    async fn send(&self, url: &str, form: Option<&[(String, String)]>) -> Page {
        let cookie =
            self.cookies.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
        let mut request = match form {
            Some(form) => self.http.post(url).form(form),
            None => self.http.get(url),
        };
        if !cookie.is_empty() {
            request = request.header(reqwest::header::COOKIE, cookie);
        }
        let response = request.send().await.unwrap();
        for set in response.headers().get_all(reqwest::header::SET_COOKIE) {
            let pair = set.to_str().unwrap().split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            let mut cookies = self.cookies.lock().unwrap();
            if value.is_empty() {
                cookies.remove(name);
            } else {
                cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        let base = url::Url::parse(url).unwrap();
        let location = response
            .headers()
            .get(reqwest::header::LOCATION)
            .map(|l| base.join(l.to_str().unwrap()).unwrap().to_string());
        let status = response.status().as_u16();
        Page { url: url.to_owned(), status, location, body: response.text().await.unwrap() }
    }

    /// Plays the user from `url` on: follows redirects, enters the user code (device flow),
    /// signs in as `user`, consents, until a redirect to `stop` (returned) or the device
    /// flow's success page (`None`).
    async fn log_in(
        &self,
        url: &str,
        user: &str,
        password: &str,
        user_code: Option<&str>,
        stop: &str,
    ) -> Option<String> {
        let mut page = self.send(url, None).await;
        for _ in 0..30 {
            if let Some(location) = page.location.clone() {
                if location.starts_with(stop) {
                    return Some(location);
                }
                page = self.send(&location, None).await;
                continue;
            }
            assert_eq!(page.status, 200, "{} answered {}: {}", page.url, page.status, page.body);
            if page.body.contains("Device logged in") {
                return None;
            }
            let forms = forms(&page.body);
            let form = forms
                .iter()
                .find(|f| !f.action.ends_with("/abort"))
                .unwrap_or_else(|| panic!("no form on {}: {}", page.url, page.body))
                .clone();
            let mut inputs = form.inputs.clone();
            for (name, value) in &mut inputs {
                match name.as_str() {
                    "login" => user.clone_into(value),
                    "password" => password.clone_into(value),
                    "user_code" if value.is_empty() => user_code.unwrap().clone_into(value),
                    _ => {}
                }
            }
            let action = url::Url::parse(&page.url).unwrap().join(&form.action).unwrap().to_string();
            page = self.send(&action, Some(&inputs)).await;
        }
        panic!("the login did not finish: {page:?}");
    }
}

/// The authorization code flow with PKCE played by the test itself for `client_id`: the ID
/// token the provider issues.
async fn id_token(provider: &Provider, client_id: &str, user: &str, password: &str) -> String {
    let verifier = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let redirect = "http://127.0.0.1:9/callback";
    let mut url = url::Url::parse(&format!("{}/auth", provider.issuer)).unwrap();
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", client_id)
        .append_pair("redirect_uri", redirect)
        .append_pair("scope", "openid email profile")
        .append_pair("state", "s")
        .append_pair("nonce", "n")
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256");
    let back = Browser::new().log_in(url.as_str(), user, password, None, "http://127.0.0.1:9/").await.unwrap();
    let code = url::Url::parse(&back).unwrap().query_pairs().find(|(k, _)| k == "code").unwrap().1.into_owned();
    let answer: Value = reqwest::Client::new()
        .post(format!("{}/token", provider.issuer))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", redirect),
            ("client_id", client_id),
            ("code_verifier", &verifier),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    answer["id_token"].as_str().unwrap_or_else(|| panic!("{answer}")).to_owned()
}

/// `grove` started with its standard error read line by line as it comes.
struct Cli {
    child: Killed,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Cli {
    fn start(config_dir: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grove"))
            .args(args)
            .env("GROVE_CONFIG_DIR", config_dir)
            .env("GROVE_BROWSER", "none")
            .env_remove("GROVE_TOKEN")
            .env_remove("GROVE_API")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(std::result::Result::ok) {
                let _ = send.send(line);
            }
        });
        Self { child: Killed(child), lines, seen: Vec::new() }
    }

    /// The first line (trimmed) after the one containing `marker`... or containing it.
    fn line_with(&mut self, marker: &str) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no {marker:?} in {:?}", self.seen));
            self.seen.push(line.clone());
            if line.contains(marker) {
                return line.trim().to_owned();
            }
        }
    }

    async fn finish(mut self) -> (i32, String) {
        let status = tokio::task::spawn_blocking(move || {
            let status = self.child.0.wait().unwrap();
            self.seen.extend(self.lines.iter());
            (status.code().unwrap_or(-1), self.seen.join("\n"))
        });
        status.await.unwrap()
    }
}

fn stored_login(config_dir: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(config_dir.join("credentials.json")).unwrap()).unwrap()
}

async fn grove(config_dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
    command.args(args).env("GROVE_CONFIG_DIR", config_dir).env_remove("GROVE_TOKEN").env_remove("GROVE_API");
    let out = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_login_with_pkce_through_the_default_provider_gives_a_working_grove_token() {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start(&scratch.0, &provider);
    let home = scratch.0.join("alice");
    let mut cli = Cli::start(&home, &["auth", "login", "--api", &server.url]);
    let url = cli.line_with("/auth?");
    assert!(url.starts_with(&format!("{}/auth?", provider.issuer)), "{url}");
    let query: BTreeMap<String, String> = url::Url::parse(&url).unwrap().query_pairs().into_owned().collect();
    assert_eq!(query["client_id"], "grove-cli");
    assert_eq!(query["code_challenge_method"], "S256");
    assert_eq!(query["scope"], "openid email profile");
    let redirect = query["redirect_uri"].clone();
    assert!(redirect.starts_with("http://127.0.0.1:") && redirect.ends_with("/callback"), "{redirect}");

    let back = Browser::new().log_in(&url, "alice", "alice-password", None, &redirect).await.unwrap();
    let answer = reqwest::get(&back).await.unwrap();
    assert_eq!(answer.status(), 200);
    assert!(answer.text().await.unwrap().contains("Logged in to Grove"));
    let (code, stderr) = cli.finish().await;
    assert_eq!(code, 0, "{stderr}");

    let alice = person_uid(&provider.issuer, "alice");
    let login = stored_login(&home);
    let token = login["token"].as_str().unwrap();
    assert_eq!(jwt_claims(token)["sub"], alice);
    assert!(login["refresh_token"].as_str().unwrap().starts_with("grr_"));
    assert_eq!(login["issuer"], provider.issuer.as_str());
    assert_eq!(login["identity_provider"], "");
    // A person without bindings is accepted and sees no group.
    let (status, body) = server.call(reqwest::Method::GET, "/iam/v2beta1/groups", token, None).await;
    assert_eq!((status, body), (200, json!({"groups": [], "nextPageToken": "", "totalCount": "0", "skipped": 0})));

    let (code, out, err) = grove(&home, &["auth", "status", "--output", "json"]).await;
    assert_eq!(code, 0, "{err}");
    let status: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(status["identity"], alice.as_str());
    assert_eq!(status["status"], "valid");
    assert_eq!(status["renewable"], true);
    assert_eq!(status["provider"], format!("default ({})", provider.issuer));
    assert!(status["expiry"].as_str().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn device_login_polls_until_the_user_approves_at_the_verification_page() {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start(&scratch.0, &provider);
    let home = scratch.0.join("bob");
    let mut cli = Cli::start(&home, &["auth", "login", "--device", "--api", &server.url]);
    let uri = cli.line_with(&format!("{}/device", provider.issuer));
    let code_line = cli.line_with("enter the code:");
    let user_code = code_line.rsplit(' ').next().unwrap().to_owned();
    assert_eq!(Browser::new().log_in(&uri, "bob", "bob-password", Some(&user_code), "http://never/").await, None);
    let (code, stderr) = cli.finish().await;
    assert_eq!(code, 0, "{stderr}");
    let bob = person_uid(&provider.issuer, "bob");
    let token = stored_login(&home)["token"].as_str().unwrap().to_owned();
    assert_eq!(jwt_claims(&token)["sub"], bob);
    let (status, body) = server.call(reqwest::Method::GET, "/iam/v2beta1/groups", &token, None).await;
    assert_eq!((status, body), (200, json!({"groups": [], "nextPageToken": "", "totalCount": "0", "skipped": 0})));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refresh_token_rotates_and_a_used_one_revokes_its_family() {
    refresh_rotation(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refresh_token_rotates_and_a_used_one_revokes_its_family_on_postgres() {
    let db = grove_store_postgres::testing::TestDatabase::create().await.unwrap();
    refresh_rotation(Some(db.url())).await;
    db.cleanup().await.unwrap();
}

async fn refresh_rotation(database: Option<&str>) {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start_on(&scratch.0, &provider, database);
    let id = id_token(&provider, "grove-cli", "alice", "alice-password").await;
    let (status, first) = server.sts("/sts/exchange", &id, &[("aud", &server.url)]).await;
    assert_eq!(status, 200, "{first}");
    let refresh1 = first["refreshToken"].as_str().unwrap().to_owned();

    let (status, pair) = server.sts("/sts/exchange_refresh_token", &refresh1, &[("aud", &server.url)]).await;
    assert_eq!(status, 200, "{pair}");
    let token = pair["token"]["token"].as_str().unwrap();
    assert_eq!(jwt_claims(token)["sub"], person_uid(&provider.issuer, "alice"));
    let refresh2 = pair["refreshToken"]["token"].as_str().unwrap().to_owned();
    assert_ne!(refresh1, refresh2);
    let (status, _) = server.call(reqwest::Method::GET, "/iam/v2beta1/groups", token, None).await;
    assert_eq!(status, 200);

    let refused = json!({
        "code": 16,
        "message": "Unauthenticated: the refresh token is not valid; log in again",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNAUTHENTICATED", "domain": "iam.grove.dev"}],
    });
    // The used token is refused, and its reuse revokes the successor too.
    let again = server.sts("/sts/exchange_refresh_token", &refresh1, &[("aud", &server.url)]).await;
    assert_eq!(again, (401, refused.clone()));
    let successor = server.sts("/sts/exchange_refresh_token", &refresh2, &[("aud", &server.url)]).await;
    assert_eq!(successor, (401, refused.clone()));
    // An ID token is no refresh token.
    assert_eq!(server.sts("/sts/exchange_refresh_token", &id, &[("aud", &server.url)]).await, (401, refused));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_renews_an_expired_token_with_the_refresh_token_transparently_and_logout_revokes_it() {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start(&scratch.0, &provider);
    let id = id_token(&provider, "grove-cli", "alice", "alice-password").await;
    let (status, first) = server.sts("/sts/exchange", &id, &[("aud", &server.url)]).await;
    assert_eq!(status, 200, "{first}");
    let home = scratch.0.join("alice");
    std::fs::create_dir_all(&home).unwrap();
    let stored = json!({
        "api": server.url, "auth_url": server.url, "token": first["token"], "expiry": "2001-01-01T00:00:00Z",
        "refresh_token": first["refreshToken"], "identity_provider": "", "issuer": provider.issuer,
    });
    std::fs::write(home.join("credentials.json"), stored.to_string()).unwrap();
    let (code, out, err) = grove(&home, &["auth", "token"]).await;
    assert_eq!(code, 0, "{err}");
    let renewed = stored_login(&home);
    assert_eq!(out.trim(), renewed["token"].as_str().unwrap());
    assert_ne!(renewed["refresh_token"], first["refreshToken"]);
    assert!(renewed["refresh_token"].as_str().unwrap().starts_with("grr_"));
    assert_ne!(renewed["expiry"], "2001-01-01T00:00:00Z");
    let (status, _) = server.call(reqwest::Method::GET, "/iam/v2beta1/groups", out.trim(), None).await;
    assert_eq!(status, 200);

    // Logging out revokes the stored refresh token at the server before forgetting it.
    let kept = renewed["refresh_token"].as_str().unwrap().to_owned();
    let (code, _, err) = grove(&home, &["auth", "logout"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("refresh token revoked"), "{err}");
    assert!(!home.join("credentials.json").exists());
    let (status, body) = server.sts("/sts/exchange_refresh_token", &kept, &[("aud", &server.url)]).await;
    assert_eq!(status, 401, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_id_token_for_another_client_or_an_unknown_provider_is_refused() {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start(&scratch.0, &provider);
    let id = id_token(&provider, "other-app", "alice", "alice-password").await;
    assert_eq!(jwt_claims(&id)["aud"], "other-app");
    let refused = server.sts("/sts/exchange", &id, &[("aud", &server.url)]).await;
    let body = json!({
        "code": 7,
        "message": format!("Permission denied: {DENIED}"),
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "PERMISSION_DENIED", "domain": "iam.grove.dev"}],
    });
    assert_eq!(refused, (403, body.clone()));

    // A provider that does not exist is refused like a token it would not accept; asking for
    // an identity as well as a provider is a bad request.
    let good = id_token(&provider, "grove-cli", "alice", "alice-password").await;
    let org = server.dev_org().await;
    let missing = format!("{org}/0123456789abcdef");
    let refused = server.sts("/sts/exchange", &good, &[("aud", &server.url), ("identity_provider", &missing)]).await;
    assert_eq!(refused, (403, body));
    let both = server
        .sts("/sts/exchange", &good, &[("aud", &server.url), ("identity_provider", &missing), ("identity", &org)])
        .await;
    assert_eq!(both.0, 400, "{}", both.1);
    assert_eq!(
        both.1["details"][1]["fieldViolations"],
        json!([{"field": "identity", "description": "identity must be empty when identity_provider is given"}])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_login_through_an_organizations_provider_binds_its_default_role_and_no_secret_leaks() {
    first_login_through_an_organizations_provider(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_login_through_an_organizations_provider_binds_its_default_role_on_postgres() {
    let db = grove_store_postgres::testing::TestDatabase::create().await.unwrap();
    first_login_through_an_organizations_provider(Some(db.url())).await;
    db.cleanup().await.unwrap();
}

async fn first_login_through_an_organizations_provider(database: Option<&str>) {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start_on(&scratch.0, &provider, database);
    let org = server.dev_org().await;
    // Created with a wrong secret, then given the right one: the login works only if the
    // update's secret is the one used.
    let secret = "idp-client-secret-7f3a9c2e";
    let created = server
        .call(
            reqwest::Method::POST,
            &format!("/iam/v2beta1/identityProviders/{org}"),
            &server.token,
            Some(json!({
                "name": "acme-sso",
                "defaultRole": VIEWER,
                "oidc": {
                    "issuer": provider.issuer, "clientId": "grove-confidential-basic", "clientSecret": secret,
                    "pkceEnabled": true, "additionalScopes": ["email", "profile"],
                },
            })),
        )
        .await;
    assert_eq!(created.0, 200, "{}", created.1);
    let idp = created.1["uid"].as_str().unwrap().to_owned();
    let second_secret = "basic-client-secret";
    let updated = server
        .call(
            reqwest::Method::PATCH,
            &format!("/iam/v2beta1/identityProviders/{idp}"),
            &server.token,
            Some(json!({"oidc": {"clientSecret": second_secret}})),
        )
        .await;
    assert_eq!(updated.0, 200, "{}", updated.1);

    let config: Value = reqwest::get(format!("{}/sts/login_configuration?identity_provider={idp}", server.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        config,
        json!({"identityProvider": idp, "issuer": provider.issuer, "clientId": "grove-confidential-basic",
               "scopes": ["openid", "email", "profile"], "serverSideLogin": true})
    );
    let missing =
        reqwest::get(format!("{}/sts/login_configuration?identity_provider={org}/0123456789abcdef", server.url))
            .await
            .unwrap();
    assert_eq!(missing.status(), 404);

    let home = scratch.0.join("alice");
    let mut cli = Cli::start(&home, &["auth", "login", "--api", &server.url, "--identity-provider", &idp]);
    let url = cli.line_with("/sts/oauth/authorize?");
    assert!(url.starts_with(&format!("{}/sts/oauth/authorize?", server.url)), "the server-side login: {url}");
    let redirect: String =
        url::Url::parse(&url).unwrap().query_pairs().find(|(k, _)| k == "redirect_uri").unwrap().1.into_owned();
    let back = Browser::new().log_in(&url, "alice", "alice-password", None, &redirect).await.unwrap();
    assert_eq!(reqwest::get(&back).await.unwrap().status(), 200);
    let (code, stderr) = cli.finish().await;
    assert_eq!(code, 0, "{stderr}");
    let alice = provider_person_uid(&idp, "alice");
    assert_ne!(alice, person_uid(&provider.issuer, "alice"), "not the default provider's person");
    let token = stored_login(&home)["token"].as_str().unwrap().to_owned();
    assert_eq!(jwt_claims(&token)["sub"], alice);

    // The default role at the provider's group: alice sees the organization now.
    let bindings_of_alice = format!("/iam/v2beta1/roleBindings?identity={alice}");
    let (status, bindings) = server.call(reqwest::Method::GET, &bindings_of_alice, &server.token, None).await;
    assert_eq!(status, 200, "{bindings}");
    let items = bindings["roleBindings"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{bindings}");
    // The verified email and the name of the ID token are the new identity's.
    assert_eq!(
        (&items[0]["identityUid"], &items[0]["roleUid"], &items[0]["group"]["uid"]),
        (&json!(alice), &json!(VIEWER), &json!(org))
    );
    assert_eq!(
        (&items[0]["identity"]["email"], &items[0]["identity"]["name"], &items[0]["identity"]["issuer"]),
        (&json!("alice@acme.example"), &json!("Alice Example"), &json!(provider.issuer))
    );
    let (status, groups) = server.call(reqwest::Method::GET, "/iam/v2beta1/groups", &token, None).await;
    assert_eq!(status, 200);
    assert_eq!(groups["groups"][0]["uid"], org.as_str());

    // A second login binds nothing more.
    let (verifier, challenge) = pkce();
    let back = server_side_code(&server, &Browser::new(), &idp, &challenge, "again").await;
    assert_eq!(redeem(&server, &back["code"], &verifier).await.0, 200);
    let (_, bindings) = server.call(reqwest::Method::GET, &bindings_of_alice, &server.token, None).await;
    assert_eq!(bindings["roleBindings"].as_array().unwrap().len(), 1, "{bindings}");

    // Neither secret is in any answer or log line.
    let (_, got) =
        server.call(reqwest::Method::GET, &format!("/iam/v2beta1/identityProviders/{idp}"), &server.token, None).await;
    for text in [created.1.to_string(), updated.1.to_string(), got.to_string(), config.to_string()] {
        assert!(!text.contains(secret) && !text.contains(second_secret), "{text}");
    }
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(log.contains("person logged in"), "the log was captured");
    assert!(!log.contains(secret) && !log.contains(second_secret), "a client secret is in the server log");
    assert!(!stderr.contains(secret) && !stderr.contains(second_secret));
}

/// A gRPC request carrying `token` as its bearer.
fn with_bearer<T>(token: &str, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_exchange_and_exchange_refresh_token_rotate_like_rest() {
    use grove_proto::chainguard::platform::oidc as sts;
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start(&scratch.0, &provider);
    let id = id_token(&provider, "grove-cli", "alice", "alice-password").await;
    let channel = tonic::transport::Endpoint::from_shared(server.url.clone()).unwrap().connect().await.unwrap();
    let mut client = sts::security_token_service_client::SecurityTokenServiceClient::new(channel);
    let exchanged = client
        .exchange(with_bearer(&id, sts::ExchangeRequest { aud: vec![server.url.clone()], ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(jwt_claims(&exchanged.token)["sub"], person_uid(&provider.issuer, "alice"));
    assert!(exchanged.expiry.is_some());
    let refresh = sts::ExchangeRefreshTokenRequest { aud: vec![server.url.clone()], ..Default::default() };
    let pair = client
        .exchange_refresh_token(with_bearer(&exchanged.refresh_token, refresh.clone()))
        .await
        .unwrap()
        .into_inner();
    let next = pair.refresh_token.unwrap().token;
    assert!(next.starts_with("grr_") && next != exchanged.refresh_token);
    assert!(!pair.token.unwrap().token.is_empty());
    let reused = client.exchange_refresh_token(with_bearer(&exchanged.refresh_token, refresh)).await.unwrap_err();
    assert_eq!(
        (reused.code(), reused.message()),
        (tonic::Code::Unauthenticated, "Unauthenticated: the refresh token is not valid; log in again")
    );
}

/// Runs `grove args… --api <server>` as the dev server's owner (`GROVE_TOKEN`).
async fn as_owner(server: &Server, args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
    command
        .args(args)
        .args(["--api", &server.url])
        .env("GROVE_CONFIG_DIR", server.log.with_file_name("owner"))
        .env("GROVE_TOKEN", &server.token)
        .env_remove("GROVE_API")
        .env_remove("GROVE_OUTPUT");
    let out = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invite_code_given_at_login_joins_the_group_once_and_a_reused_single_use_code_is_refused() {
    invite_code_at_login(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invite_code_given_at_login_joins_the_group_once_on_postgres() {
    let db = grove_store_postgres::testing::TestDatabase::create().await.unwrap();
    invite_code_at_login(Some(db.url())).await;
    db.cleanup().await.unwrap();
}

async fn invite_code_at_login(database: Option<&str>) {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start_on(&scratch.0, &provider, database);
    // The owner makes two groups and invites to one of them, with the CLI.
    let mut groups = Vec::new();
    for name in ["team", "secret"] {
        let (code, out, err) =
            as_owner(&server, &["iam", "groups", "create", name, "--parent", "dev", "-o", "id"]).await;
        assert_eq!(code, 0, "{err}");
        groups.push(out.trim().to_owned());
    }
    let team = groups[0].clone();
    let invite = ["iam", "invites", "create", "--parent", "dev/team", "--role", "viewer", "--single-use", "-o", "json"];
    let (code, out, err) = as_owner(&server, &invite).await;
    assert_eq!(code, 0, "{err}");
    let invite: Value = serde_json::from_str(&out).unwrap();
    let invite_code = invite["code"].as_str().unwrap().to_owned();

    // Alice logs in on a machine without a browser and redeems the code.
    let alice_home = scratch.0.join("alice");
    let login = ["auth", "login", "--device", "--api", &server.url, "--invite-code", &invite_code];
    let mut cli = Cli::start(&alice_home, &login);
    let uri = cli.line_with(&format!("{}/device", provider.issuer));
    let user_code = cli.line_with("enter the code:").rsplit(' ').next().unwrap().to_owned();
    assert_eq!(Browser::new().log_in(&uri, "alice", "alice-password", Some(&user_code), "http://never/").await, None);
    let (code, stderr) = cli.finish().await;
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains(&format!("joined group {team} with the invite code")), "{stderr}");

    // She sees the invite's group, and nothing else, as a viewer there.
    let (code, out, err) = grove(&alice_home, &["iam", "groups", "list", "-o", "id"]).await;
    assert_eq!((code, out), (0, format!("{team}\n")), "{err}");
    let alice = person_uid(&provider.issuer, "alice");
    let (code, out, err) =
        as_owner(&server, &["iam", "role-bindings", "list", "--identity", &alice, "-o", "json"]).await;
    assert_eq!(code, 0, "{err}");
    let bindings: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(bindings.as_array().unwrap().len(), 1, "{bindings}");
    assert_eq!((&bindings[0]["group"]["uid"], &bindings[0]["role"]["name"]), (&json!(team), &json!("viewer")));

    // Bob logs in through the browser with the same single-use code: the login works, the
    // code is refused, the command says so and exits 1, and bob joined nothing.
    let bob_home = scratch.0.join("bob");
    let mut cli = Cli::start(&bob_home, &["auth", "login", "--api", &server.url, "--invite-code", &invite_code]);
    let url = cli.line_with("/auth?");
    let redirect: String =
        url::Url::parse(&url).unwrap().query_pairs().find(|(k, _)| k == "redirect_uri").unwrap().1.into_owned();
    let back = Browser::new().log_in(&url, "bob", "bob-password", None, &redirect).await.unwrap();
    assert_eq!(reqwest::get(&back).await.unwrap().status(), 200);
    let (code, stderr) = cli.finish().await;
    assert_eq!(code, 1, "{stderr}");
    let invite_uid = invite["uid"].as_str().unwrap();
    let refusal = format!(
        "grove: the invite code was refused: Precondition failed: invite {invite_uid} is single-use and has already \
         been used"
    );
    assert_eq!(stderr.lines().last(), Some(refusal.as_str()), "{stderr}");
    let bob = person_uid(&provider.issuer, "bob");
    assert!(stderr.contains(&format!("logged in to {} as {bob}", server.url)), "{stderr}");
    let (code, out, err) = grove(&bob_home, &["iam", "groups", "list", "-o", "json"]).await;
    assert_eq!((code, out.trim()), (0, "[]"), "{err}");
    let (_, out, _) = as_owner(&server, &["iam", "role-bindings", "list", "--identity", &bob, "-o", "json"]).await;
    assert_eq!(out.trim(), "[]");
}

/// A client's PKCE verifier and its S256 challenge.
fn pkce() -> (String, String) {
    let verifier = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

/// Where the test's own client (a loopback app) wants the browser back.
const CLIENT_REDIRECT: &str = "http://127.0.0.1:9/client/callback";

/// `GET /sts/oauth/authorize` for provider `idp` with the test client's redirect.
fn authorize_url(server: &Server, idp: &str, redirect: &str, state: &str, challenge: &str) -> String {
    let mut url = url::Url::parse(&format!("{}/sts/oauth/authorize", server.url)).unwrap();
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("identity_provider", idp)
        .append_pair("redirect_uri", redirect)
        .append_pair("state", state)
        .append_pair("code_challenge", challenge)
        .append_pair("code_challenge_method", "S256");
    url.to_string()
}

fn query_of(url: &str) -> BTreeMap<String, String> {
    url::Url::parse(url).unwrap().query_pairs().into_owned().collect()
}

/// Plays alice through the server-side login of `idp` in `browser` until the browser is sent
/// back to the test client; the query it comes back with.
async fn server_side_code(
    server: &Server,
    browser: &Browser,
    idp: &str,
    challenge: &str,
    state: &str,
) -> BTreeMap<String, String> {
    let url = authorize_url(server, idp, CLIENT_REDIRECT, state, challenge);
    let back = browser.log_in(&url, "alice", "alice-password", None, CLIENT_REDIRECT).await.unwrap();
    query_of(&back)
}

/// `POST /sts/oauth/token` with a Grove code and its verifier.
async fn redeem(server: &Server, code: &str, verifier: &str) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{}/sts/oauth/token", server.url))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", CLIENT_REDIRECT),
            ("code_verifier", verifier),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers().get("cache-control").unwrap(), "no-store");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// Creates an identity provider in `org` and returns its uid.
async fn create_provider(server: &Server, org: &str, name: &str, oidc: Value) -> String {
    let (status, body) = server
        .call(
            reqwest::Method::POST,
            &format!("/iam/v2beta1/identityProviders/{org}"),
            &server.token,
            Some(json!({ "name": name, "defaultRole": VIEWER, "oidc": oidc })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["uid"].as_str().unwrap().to_owned()
}

/// The client secret column of every identity provider, read with SQL.
async fn stored_secret_column(db: &grove_store_postgres::testing::TestDatabase) -> BTreeMap<String, Option<String>> {
    use diesel_async::RunQueryDsl as _;
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        uid: String,
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
        client_secret: Option<String>,
    }
    let store = db.store();
    let mut conn = store.pool().get().await.unwrap();
    let rows: Vec<Row> =
        diesel::sql_query("SELECT uid, client_secret FROM identity_providers").load(&mut conn).await.unwrap();
    rows.into_iter().map(|r| (r.uid, r.client_secret)).collect()
}

async fn run_sql(db: &grove_store_postgres::testing::TestDatabase, sql: &str) {
    use diesel_async::RunQueryDsl as _;
    let store = db.store();
    let mut conn = store.pool().get().await.unwrap();
    diesel::sql_query(sql).execute(&mut conn).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confidential_clients_log_in_server_side_with_basic_or_post_with_and_without_pkce() {
    confidential_clients(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confidential_clients_log_in_server_side_on_postgres_with_secrets_sealed_and_rotated() {
    let db = grove_store_postgres::testing::TestDatabase::create().await.unwrap();
    confidential_clients(Some(&db)).await;
    db.cleanup().await.unwrap();
}

async fn confidential_clients(db: Option<&grove_store_postgres::testing::TestDatabase>) {
    let scratch = Scratch::new();
    let basic = Provider::start();
    let post = Provider::start_accepting(Some("client_secret_post,none"));
    let mut server = Server::start_on(&scratch.0, &basic, db.map(grove_store_postgres::testing::TestDatabase::url));
    let org = server.dev_org().await;
    let callback = format!("{}/sts/oauth/callback", server.url);
    let cases = [
        ("basic-pkce", &basic, "grove-confidential-basic", "basic-client-secret", true),
        ("basic-plain", &basic, "grove-confidential-basic", "basic-client-secret", false),
        ("post-pkce", &post, "grove-confidential-post", "post-client-secret", true),
        ("post-plain", &post, "grove-confidential-post", "post-client-secret", false),
    ];
    let mut idps = Vec::new();
    for (name, provider, client, secret, with_pkce) in cases {
        let oidc =
            json!({"issuer": provider.issuer, "clientId": client, "clientSecret": secret, "pkceEnabled": with_pkce});
        let idp = create_provider(&server, &org, name, oidc).await;
        let config: Value = reqwest::get(format!("{}/sts/login_configuration?identity_provider={idp}", server.url))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            config,
            json!({"identityProvider": idp, "issuer": provider.issuer, "clientId": client, "scopes": ["openid"],
                   "serverSideLogin": true})
        );

        // Authorize sends the browser to the provider with Grove's callback, a nonce, a sealed
        // state and PKCE as the provider says, and binds the login to the browser.
        let (verifier, challenge) = pkce();
        let started =
            Browser::new().send(&authorize_url(&server, &idp, CLIENT_REDIRECT, "st-1", &challenge), None).await;
        assert_eq!(started.status, 302, "{}", started.body);
        let to_provider = started.location.unwrap();
        assert!(to_provider.starts_with(&format!("{}/auth?", provider.issuer)), "{to_provider}");
        let sent = query_of(&to_provider);
        assert_eq!((sent["client_id"].as_str(), sent["redirect_uri"].as_str()), (client, callback.as_str()));
        assert_eq!(sent["response_type"], "code");
        assert!(sent["nonce"].len() >= 32 && sent["state"].len() > 100, "{sent:?}");
        assert_eq!(sent.contains_key("code_challenge"), with_pkce, "{name}: {sent:?}");
        assert!(!to_provider.contains(secret) && !to_provider.contains(&challenge), "{to_provider}");

        // The whole login: the provider's pages, the callback, the client's redirect.
        let back = server_side_code(&server, &Browser::new(), &idp, &challenge, "st-2").await;
        assert_eq!(back.keys().collect::<Vec<_>>(), ["code", "state"], "{name}: {back:?}");
        assert_eq!(back["state"], "st-2");
        let (status, tokens) = redeem(&server, &back["code"], &verifier).await;
        assert_eq!(status, 200, "{name}: {tokens}");
        let fields: Vec<&String> = tokens.as_object().unwrap().keys().collect();
        assert_eq!(fields, ["token", "expiry", "refreshToken"], "the JSON of /sts/exchange");
        let token = tokens["token"].as_str().unwrap();
        assert_eq!(jwt_claims(token)["sub"], provider_person_uid(&idp, "alice"), "{name}");
        assert!(tokens["refreshToken"].as_str().unwrap().starts_with("grr_"));
        // The person's first login bound the provider's default role: alice sees the org.
        let (status, groups) = server.call(reqwest::Method::GET, "/iam/v2beta1/groups", token, None).await;
        assert_eq!((status, &groups["groups"][0]["uid"]), (200, &json!(org)), "{groups}");
        idps.push(idp);
    }

    // The discovery document names the endpoints; the login cookie is HttpOnly, SameSite=Lax
    // and scoped to the OAuth routes (no Secure: this auth_url is plain http).
    let discovery: Value =
        reqwest::get(format!("{}/.well-known/openid-configuration", server.url)).await.unwrap().json().await.unwrap();
    assert_eq!(discovery["authorization_endpoint"], format!("{}/sts/oauth/authorize", server.url));
    assert_eq!(discovery["token_endpoint"], format!("{}/sts/oauth/token", server.url));
    assert_eq!(discovery["code_challenge_methods_supported"], json!(["S256"]));
    let (_, challenge) = pkce();
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let started =
        no_redirects.get(authorize_url(&server, &idps[0], CLIENT_REDIRECT, "st", &challenge)).send().await.unwrap();
    let cookie = started.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    assert!(cookie.starts_with("grove_login="), "{cookie}");
    assert!(cookie.ends_with("; Path=/sts/oauth; Max-Age=600; HttpOnly; SameSite=Lax"), "{cookie}");

    let invalid_grant =
        json!({"error": "invalid_grant", "error_description": "the authorization code is invalid, expired or used"});
    // A replayed code is refused and revokes the refresh token the first use handed out.
    let (verifier, challenge) = pkce();
    let back = server_side_code(&server, &Browser::new(), &idps[0], &challenge, "st").await;
    let (status, first) = redeem(&server, &back["code"], &verifier).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(redeem(&server, &back["code"], &verifier).await, (400, invalid_grant.clone()));
    let refresh = first["refreshToken"].as_str().unwrap();
    let (status, body) = server.sts("/sts/exchange_refresh_token", refresh, &[("aud", &server.url)]).await;
    assert_eq!(status, 401, "the replay revoked the first use's refresh token: {body}");

    // Another client's verifier does not redeem the code; its own still does.
    let back = server_side_code(&server, &Browser::new(), &idps[2], &challenge, "st").await;
    let (other_verifier, _) = pkce();
    assert_eq!(redeem(&server, &back["code"], &other_verifier).await, (400, invalid_grant.clone()));
    assert_eq!(redeem(&server, &back["code"], &verifier).await.0, 200);

    // The provider's redirect back is refused without a redirect in another browser (login
    // CSRF), and with a state that is not Grove's.
    let started = Browser::new();
    let to_grove = started
        .log_in(
            &authorize_url(&server, &idps[1], CLIENT_REDIRECT, "st", &challenge),
            "alice",
            "alice-password",
            None,
            &callback,
        )
        .await
        .unwrap();
    let elsewhere = Browser::new().send(&to_grove, None).await;
    assert_eq!((elsewhere.status, elsewhere.location), (400, None));
    assert_eq!(
        serde_json::from_str::<Value>(&elsewhere.body).unwrap(),
        json!({"error": "access_denied", "error_description": "this login was not started in this browser; start the login again"})
    );
    let mut forged = url::Url::parse(&to_grove).unwrap();
    let pairs: Vec<(String, String)> = forged.query_pairs().into_owned().collect();
    forged.query_pairs_mut().clear();
    for (k, v) in pairs {
        let v = if k == "state" { format!("{}x", &v[..v.len() - 1]) } else { v };
        forged.query_pairs_mut().append_pair(&k, &v);
    }
    let tampered = started.send(forged.as_str(), None).await;
    assert_eq!((tampered.status, tampered.location), (400, None));
    assert_eq!(
        serde_json::from_str::<Value>(&tampered.body).unwrap(),
        json!({"error": "invalid_request", "error_description": "the login's state is missing, invalid or expired; start the login again"})
    );

    // A redirect_uri that is neither loopback nor Grove's own is answered, never redirected to.
    for evil in ["https://evil.example/callback", "http://127.0.0.1.evil.example/cb", "http://localhost:9/cb"] {
        let refused = Browser::new().send(&authorize_url(&server, &idps[0], evil, "st", &challenge), None).await;
        assert_eq!((refused.status, refused.location.clone()), (400, None), "{evil}");
        let body: Value = serde_json::from_str(&refused.body).unwrap();
        assert_eq!(body["error"], "invalid_request", "{evil}");
        assert!(body["error_description"].as_str().unwrap().starts_with("redirect_uri must be a loopback redirect"));
    }
    // Once the redirect_uri is good, errors go back to the client with its state.
    let unknown = format!("{org}/0123456789abcdef");
    let refused =
        Browser::new().send(&authorize_url(&server, &unknown, CLIENT_REDIRECT, "st-9", &challenge), None).await;
    assert_eq!(refused.status, 302);
    let to_client = refused.location.unwrap();
    assert!(to_client.starts_with(CLIENT_REDIRECT), "{to_client}");
    let error = query_of(&to_client);
    assert_eq!(
        (error["error"].as_str(), error["error_description"].as_str(), error["state"].as_str()),
        ("invalid_request", format!("identity provider {unknown} does not exist").as_str(), "st-9")
    );
    let log = std::fs::read_to_string(&server.log).unwrap();
    for secret in ["basic-client-secret", "post-client-secret"] {
        assert!(!log.contains(secret), "a client secret is in the server log");
    }

    let Some(db) = db else { return };
    // In the database every secret is sealed under the dev key: neither secret is there.
    let column = stored_secret_column(db).await;
    assert_eq!(column.len(), 4);
    for (uid, stored) in &column {
        let stored = stored.as_deref().unwrap();
        assert!(stored.starts_with("v1:dev:"), "{uid}: {stored}");
        assert!(!stored.contains("client-secret"), "{uid}: {stored}");
    }
    // A row stored before sealing existed, as the migration marks it.
    run_sql(
        db,
        &format!("UPDATE identity_providers SET client_secret = 'plain:basic-client-secret' WHERE uid = '{}'", idps[1]),
    )
    .await;

    // Rotation: a new key first, the dev key after it; rotate-secrets seals all four under it.
    let dev_key = std::fs::read_to_string(scratch.0.join("data/dev-key-encryption-key")).unwrap();
    let new_key = base64::engine::general_purpose::STANDARD.encode([7u8; 32]);
    let keys = |with_old: bool| {
        let mut toml = format!("[[secrets.key_encryption_keys]]\nid = \"new\"\nkey = \"{new_key}\"\n");
        if with_old {
            toml.push_str(&format!("\n[[secrets.key_encryption_keys]]\nid = \"dev\"\nkey = \"{}\"\n", dev_key.trim()));
        }
        std::fs::write(scratch.0.join("grove.toml"), toml).unwrap();
    };
    let rotate = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
        command.args(["admin", "rotate-secrets"]).current_dir(&scratch.0).env("GROVE_DATABASE_URL", db.url());
        async move {
            let out = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
            (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
        }
    };
    keys(true);
    let (code, out, err) = rotate().await;
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        serde_json::from_str::<Value>(&out).unwrap(),
        json!({"resealed": 4, "legacyPlain": 1, "alreadyCurrent": 0, "changedMeanwhile": 0, "keyId": "new"})
    );
    assert!(
        err.contains("re-encrypted 4 client secrets under key-encryption key new (1 stored in plain text before)"),
        "{err}"
    );
    for (uid, stored) in stored_secret_column(db).await {
        assert!(stored.as_deref().unwrap().starts_with("v1:new:"), "{uid}: {stored:?}");
    }
    let (code, out, err) = rotate().await;
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        serde_json::from_str::<Value>(&out).unwrap(),
        json!({"resealed": 0, "legacyPlain": 0, "alreadyCurrent": 4, "changedMeanwhile": 0, "keyId": "new"})
    );

    // With the old key removed, a restarted server still opens every secret: the formerly
    // plain one logs alice in.
    keys(false);
    drop(server);
    server = Server::start_on(&scratch.0, &basic, Some(db.url()));
    let (verifier, challenge) = pkce();
    let back = server_side_code(&server, &Browser::new(), &idps[1], &challenge, "after").await;
    let (status, tokens) = redeem(&server, &back["code"], &verifier).await;
    assert_eq!(status, 200, "{tokens}");
    assert_eq!(jwt_claims(tokens["token"].as_str().unwrap())["sub"], provider_person_uid(&idps[1], "alice"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confidential_default_provider_logs_the_cli_in_server_side() {
    let scratch = Scratch::new();
    let provider = Provider::start();
    let server = Server::start_confidential(&scratch.0, &provider);
    let home = scratch.0.join("alice");
    let mut cli = Cli::start(&home, &["auth", "login", "--api", &server.url]);
    let url = cli.line_with("/sts/oauth/authorize?");
    let query = query_of(&url);
    assert_eq!(query["identity_provider"], "");
    let redirect = query["redirect_uri"].clone();
    assert!(redirect.starts_with("http://127.0.0.1:") && redirect.ends_with("/callback"), "{redirect}");
    let back = Browser::new().log_in(&url, "alice", "alice-password", None, &redirect).await.unwrap();
    let answer = reqwest::get(&back).await.unwrap();
    assert_eq!(answer.status(), 200);
    let (code, stderr) = cli.finish().await;
    assert_eq!(code, 0, "{stderr}");
    let login = stored_login(&home);
    assert_eq!(jwt_claims(login["token"].as_str().unwrap())["sub"], person_uid(&provider.issuer, "alice"));
    assert!(login["refresh_token"].as_str().unwrap().starts_with("grr_"));
    // --device cannot log in through a confidential client.
    let (code, _, err) = grove(&scratch.0.join("bob"), &["auth", "login", "--device", "--api", &server.url]).await;
    assert_eq!(code, 1);
    assert!(err.contains("confidential: its logins go through the token service in a browser"), "{err}");
}
