//! `grove auth`: the stored login (`credentials.json`, mode 0600, in `$GROVE_CONFIG_DIR`, else
//! `$XDG_CONFIG_HOME/grove`, else `~/.config/grove`), the current API token (`GROVE_TOKEN`
//! first, else the stored one, exchanged again from the identity-token file, or renewed with
//! the refresh token of a person's login, when it has expired), and its status as the server
//! sees it. A person's login itself (browser or device flow) is in [`super::login`].

use std::io::Write as _;
use std::path::{Path, PathBuf};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use clap::Subcommand;
use grove_client::{Client, ClientError, ExchangeOptions};
use serde::{Deserialize, Serialize};

use super::{login, output, CliError, Global, Output};

/// The API address used when none is given or stored.
pub const DEFAULT_API: &str = "http://127.0.0.1:8080";
/// A token this close to its expiry counts as expired.
const EXPIRY_MARGIN_SECONDS: i64 = 30;

/// `grove auth` subcommands.
#[derive(Debug, Subcommand)]
pub enum AuthCommand {
    /// Log in as a person through an identity provider (browser, or --device), exchange an
    /// identity token for an API token, or store a given API token; and remember it.
    Login {
        /// The uid of the identity to assume.
        #[arg(long, requires = "identity_token")]
        identity: Option<String>,
        /// A file holding the OIDC token to exchange; read again whenever the API token expires.
        #[arg(long, value_name = "FILE", requires = "identity")]
        identity_token: Option<PathBuf>,
        /// An API token to store as it is (for example the one `grove serve --dev` prints);
        /// `-` reads it from standard input.
        #[arg(long, conflicts_with_all = ["identity", "identity_token"])]
        token: Option<String>,
        /// The token service's address [default: the API address].
        #[arg(long, value_name = "URL")]
        auth_url: Option<String>,
        /// Confine the token to this group (repeatable).
        #[arg(long = "scope", value_name = "GROUP_UID")]
        scopes: Vec<String>,
        /// Keep only this capability, such as `repo.list` (repeatable).
        #[arg(long = "cap", value_name = "CAPABILITY")]
        caps: Vec<String>,
        /// Log in as a person with the device flow (RFC 8628): no browser on this machine.
        #[arg(long, conflicts_with_all = ["identity", "token"])]
        device: bool,
        /// Log in as a person through this organization's identity provider (its uid) instead
        /// of the server's default provider.
        #[arg(long, value_name = "UID", conflicts_with_all = ["identity", "token"])]
        identity_provider: Option<String>,
        /// After logging in, redeem this group invite code (POST /auth/v1/register).
        #[arg(long, value_name = "CODE", conflicts_with_all = ["identity", "token"])]
        invite_code: Option<String>,
    },
    /// Print the current API token, exchanging again when it has expired.
    Token,
    /// Show which token is in use (GROVE_TOKEN or the stored login), for which API, as whom,
    /// until when, and whether the server accepts it; exits 1 unless it is usable.
    Status,
    /// Revoke the stored login's refresh token at the token service (a person's login), then
    /// forget the login. The API token itself stays valid until it expires (within the hour).
    Logout,
}

/// What `grove auth login` remembers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// The API address.
    pub api: String,
    /// The token service's address, for exchanges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_url: Option<String>,
    /// The API token.
    pub token: String,
    /// When it expires (RFC 3339), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry: Option<String>,
    /// The assumed identity, for exchanges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
    /// The OIDC token file, read again for each exchange.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity_token_file: Option<PathBuf>,
    /// Scopes the token was narrowed to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<String>,
    /// Capabilities the token was narrowed to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caps: Vec<String>,
    /// A person's login: the refresh token that renews the API token (single-use; each
    /// renewal stores its successor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// A person's login: the identity provider it went through (empty: the server's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity_provider: Option<String>,
    /// A person's login: the provider's issuer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
}

/// The directory of the stored login.
fn config_dir() -> Result<PathBuf, CliError> {
    let non_empty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = non_empty("GROVE_CONFIG_DIR") {
        return Ok(dir);
    }
    if let Some(dir) = non_empty("XDG_CONFIG_HOME") {
        return Ok(dir.join("grove"));
    }
    non_empty("HOME")
        .map(|home| home.join(".config").join("grove"))
        .ok_or_else(|| CliError::new("cannot find a configuration directory: set GROVE_CONFIG_DIR or HOME"))
}

fn credentials_path() -> Result<PathBuf, CliError> {
    Ok(config_dir()?.join("credentials.json"))
}

/// The stored login, if any.
pub fn load() -> Result<Option<Credentials>, CliError> {
    let path = credentials_path()?;
    match std::fs::read(&path) {
        Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
            CliError::new(format!("{} is not a stored login ({e}); run grove auth logout", path.display()))
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(CliError::new(format!("reading {}: {e}", path.display()))),
    }
}

/// Writes the login readable by its owner only: a private file renamed into place.
fn store(credentials: &Credentials) -> Result<PathBuf, CliError> {
    let path = credentials_path()?;
    let dir = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let failed = |what: &str, e: std::io::Error| CliError::new(format!("{what} {}: {e}", dir.display()));
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(&dir).map_err(|e| failed("creating", e))?;
    let temp = dir.join(format!(".credentials.{}.tmp", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&temp).map_err(|e| failed("writing in", e))?;
    let json = serde_json::to_vec_pretty(credentials).map_err(CliError::from)?;
    file.write_all(&json).and_then(|()| file.sync_all()).map_err(|e| failed("writing in", e))?;
    std::fs::rename(&temp, &path).map_err(|e| failed("writing in", e))?;
    Ok(path)
}

/// The `exp` of a JWT, read without checking anything (to know when to exchange again).
fn jwt_expiry(token: &str) -> Option<DateTime<Utc>> {
    let payload = token.split('.').nth(1)?;
    let claims: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    DateTime::from_timestamp(claims.get("exp")?.as_i64()?, 0)
}

/// The `sub` of a JWT, read without checking anything.
fn jwt_subject(token: &str) -> Option<String> {
    let payload = token.split('.').nth(1)?;
    let claims: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    claims.get("sub")?.as_str().map(str::to_owned)
}

impl Credentials {
    fn expiry(&self) -> Option<DateTime<Utc>> {
        self.expiry
            .as_deref()
            .and_then(|e| DateTime::parse_from_rfc3339(e).ok())
            .map(|e| e.with_timezone(&Utc))
            .or_else(|| jwt_expiry(&self.token))
    }

    fn expired(&self) -> bool {
        self.expiry().is_some_and(|e| (e - Utc::now()).num_seconds() < EXPIRY_MARGIN_SECONDS)
    }
}

/// The API token on `input` (`--token -`): its first line, trimmed; an `export
/// GROVE_TOKEN=` prefix (as `grove serve --dev` prints it) is dropped.
fn token_from(input: impl std::io::BufRead) -> Result<String, CliError> {
    let line = input.lines().next().transpose()?.unwrap_or_default();
    let token = line.trim();
    let token = token.strip_prefix("export GROVE_TOKEN=").unwrap_or(token).trim();
    if token.is_empty() {
        return Err(CliError::new("--token -: standard input holds no token"));
    }
    Ok(token.to_owned())
}

fn read_identity_token(path: &Path) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::new(format!("reading the identity token {}: {e}", path.display())))?;
    let token = text.trim();
    if token.is_empty() {
        return Err(CliError::new(format!("the identity token file {} is empty", path.display())));
    }
    Ok(token.to_owned())
}

/// Exchanges the identity token of `credentials` and returns them with the new API token.
async fn exchange(mut credentials: Credentials) -> Result<Credentials, CliError> {
    let (Some(identity), Some(file)) = (credentials.identity.clone(), credentials.identity_token_file.clone()) else {
        return Err(CliError::new("the stored login has no identity token to exchange; run grove auth login"));
    };
    let identity_token = read_identity_token(&file)?;
    let client = Client::new(&credentials.api)?;
    let auth_url = credentials.auth_url.clone().unwrap_or_else(|| credentials.api.clone());
    let options = ExchangeOptions { scopes: credentials.scopes.clone(), capabilities: credentials.caps.clone() };
    // A refusal here is about the identity token, not the API token: keep it a plain message.
    let exchanged = client.exchange(&auth_url, &identity, &identity_token, &options).await.map_err(CliError::new)?;
    credentials.token = exchanged.token;
    credentials.expiry = exchanged.expiry;
    Ok(credentials)
}

/// The stored login with a token that has not expired, exchanging again (and storing the
/// result) when it has.
///
/// # Errors
/// When there is no login, or the token expired and cannot be exchanged again.
pub async fn fresh_credentials() -> Result<Option<Credentials>, CliError> {
    let Some(mut credentials) = load()? else { return Ok(None) };
    if !credentials.expired() {
        return Ok(Some(credentials));
    }
    if let Some(refresh_token) = credentials.refresh_token.clone() {
        let auth_url = credentials.auth_url.clone().unwrap_or_else(|| credentials.api.clone());
        let renewed =
            login::refresh(&auth_url, &credentials.api, &refresh_token, &credentials.scopes, &credentials.caps).await?;
        credentials.token = renewed.token;
        credentials.expiry = renewed.expiry;
        credentials.refresh_token = renewed.refresh_token;
        store(&credentials)?;
        return Ok(Some(credentials));
    }
    if credentials.identity_token_file.is_none() {
        let when = credentials.expiry().map_or_else(String::new, |e| format!(" at {}", e.to_rfc3339()));
        return Err(CliError::new(format!("the stored API token expired{when}; run grove auth login again")));
    }
    let renewed = exchange(credentials).await?;
    store(&renewed)?;
    Ok(Some(renewed))
}

/// The API address of a command: `--api`/`GROVE_API`, else the stored login's, else the default.
pub fn api_url(global: &Global, stored: Option<&Credentials>) -> String {
    global.api.clone().or_else(|| stored.map(|c| c.api.clone())).unwrap_or_else(|| DEFAULT_API.to_owned())
}

fn same_api(a: &str, b: &str) -> bool {
    a.trim_end_matches('/') == b.trim_end_matches('/')
}

/// `GROVE_TOKEN`, when set to something.
pub fn env_token() -> Option<String> {
    std::env::var("GROVE_TOKEN").ok().map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// The error for an API token the server refused (HTTP 401) with `reason`, saying what to do:
/// log in again, or fix `GROVE_TOKEN` when that is the token in use.
pub fn rejected(reason: &str) -> CliError {
    if env_token().is_some() {
        CliError::new(format!(
            "the server rejected the API token in GROVE_TOKEN ({reason}); set GROVE_TOKEN to a valid token, \
             or unset it to use the stored login"
        ))
    } else {
        CliError::new(format!("the server rejected the API token ({reason}); run 'grove auth login' again"))
    }
}

/// A client for resource commands: `GROVE_TOKEN` when set, else the stored login's token
/// (renewed when needed) when it is for the same API.
///
/// # Errors
/// When the stored token expired and cannot be renewed, or the address is not a URL.
pub async fn client(global: &Global) -> Result<Client, CliError> {
    if let Some(token) = env_token() {
        let stored = load().ok().flatten();
        return Ok(Client::new(&api_url(global, stored.as_ref()))?.with_token(token));
    }
    let stored = load()?;
    let api = api_url(global, stored.as_ref());
    let client = Client::new(&api)?;
    match stored {
        Some(credentials) if same_api(&credentials.api, &api) => {
            let fresh = fresh_credentials().await?.unwrap_or(credentials);
            Ok(client.with_token(fresh.token))
        }
        _ => Err(CliError::new(format!("not logged in to {api}: run grove auth login, or set GROVE_TOKEN"))),
    }
}

/// What the server made of the token.
enum Verdict {
    /// It answered an authenticated call.
    Valid,
    /// It refused the token, which has expired (by its `exp`, or by the server's word).
    Expired(String),
    /// It refused the token for another reason.
    Rejected(String),
    /// It could not be asked, or answered something else.
    Unchecked(ClientError),
}

impl Verdict {
    fn of(answer: Result<(), ClientError>, expired_locally: bool) -> Self {
        match answer {
            Ok(()) => Self::Valid,
            Err(e) => match e.token_rejection() {
                Some(reason) if expired_locally || reason.contains("expired") => Self::Expired(reason.to_owned()),
                Some(reason) => Self::Rejected(reason.to_owned()),
                None => Self::Unchecked(e),
            },
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Self::Valid => "valid",
            Self::Expired(_) => "expired",
            Self::Rejected(_) => "rejected",
            Self::Unchecked(_) => "unknown",
        }
    }

    fn reason(&self) -> Option<String> {
        match self {
            Self::Valid => None,
            Self::Expired(reason) | Self::Rejected(reason) => Some(reason.clone()),
            Self::Unchecked(e) => Some(e.to_string()),
        }
    }
}

/// `grove auth status`: the token in use, checked with the server.
async fn status(global: &Global) -> Result<(), CliError> {
    let from_env = env_token();
    // With GROVE_TOKEN the stored login is not used, so an unreadable one does not matter.
    let stored = if from_env.is_some() { load().ok().flatten() } else { load()? };
    let (token, api, login) = match (from_env, &stored) {
        (Some(token), _) => (token, api_url(global, stored.as_ref()), None),
        (None, None) => return Err(CliError::new("not logged in: run grove auth login, or set GROVE_TOKEN")),
        (None, Some(credentials)) => {
            if let Some(api) = global.api.as_deref().filter(|api| !same_api(api, &credentials.api)) {
                return Err(CliError::new(format!(
                    "not logged in to {api} (the stored login is for {}): run grove auth login --api {api}",
                    credentials.api
                )));
            }
            (credentials.token.clone(), credentials.api.clone(), Some(credentials))
        }
    };
    let expiry = login.map_or_else(|| jwt_expiry(&token), Credentials::expiry);
    let expired_locally = expiry.is_some_and(|e| (e - Utc::now()).num_seconds() < EXPIRY_MARGIN_SECONDS);
    let renews_from = login.and_then(|c| {
        c.identity_token_file.clone().or_else(|| c.refresh_token.as_ref().map(|_| PathBuf::from("the refresh token")))
    });
    let provider = login.filter(|c| c.refresh_token.is_some() || c.issuer.is_some()).map(|c| {
        let issuer = c.issuer.clone().unwrap_or_default();
        match c.identity_provider.as_deref().filter(|p| !p.is_empty()) {
            Some(uid) => format!("{uid} ({issuer})"),
            None => format!("default ({issuer})"),
        }
    });
    let verdict = Verdict::of(Client::new(&api)?.with_token(token.clone()).check_token().await, expired_locally);
    let identity = jwt_subject(&token);
    let source = match (login, &stored) {
        (Some(_), _) => format!("stored login ({})", credentials_path()?.display()),
        (None, Some(c)) => format!("GROVE_TOKEN (it takes precedence over the stored login for {})", c.api),
        (None, None) => "GROVE_TOKEN".to_owned(),
    };
    let value = serde_json::json!({
        "api": api,
        "source": if login.is_some() { "stored" } else { "GROVE_TOKEN" },
        "identity": identity,
        "expiry": expiry.map(|e| e.to_rfc3339()),
        "status": verdict.name(),
        "reason": verdict.reason(),
        "expired": expired_locally || matches!(verdict, Verdict::Expired(_)),
        "renewable": renews_from.is_some(),
        "authUrl": login.map(|c| c.auth_url.clone().unwrap_or_else(|| c.api.clone())),
        "identityTokenFile": login.and_then(|c| c.identity_token_file.clone()),
        "identityProvider": login.and_then(|c| c.identity_provider.clone()),
        "issuer": login.and_then(|c| c.issuer.clone()),
        "provider": provider,
    });
    match (output::serialized(global.output, &value)?, global.output) {
        (Some(text), _) => print!("{text}"),
        (None, Output::Id) => println!("{}", identity.as_deref().unwrap_or_default()),
        (None, _) => {
            let state = match (&verdict, &renews_from) {
                (Verdict::Valid, _) => "valid".to_owned(),
                (Verdict::Expired(_), Some(file)) => format!("expired (renewed from {} on next use)", file.display()),
                (Verdict::Expired(_), None) => "expired".to_owned(),
                (Verdict::Rejected(reason), _) => format!("rejected by the server ({reason})"),
                (Verdict::Unchecked(e), _) => format!("unknown ({e})"),
            };
            let mut lines = vec![
                ("api:", api.clone()),
                ("token:", source),
                ("identity:", identity.clone().unwrap_or_else(|| "(unknown)".to_owned())),
                ("expires:", expiry.map_or_else(|| "(unknown)".to_owned(), |e| e.to_rfc3339())),
                ("status:", state),
            ];
            if let Some(provider) = &provider {
                lines.insert(3, ("provider:", provider.clone()));
            }
            if let Some(file) = &renews_from {
                lines.push(("renews from:", file.display().to_string()));
            }
            for (label, text) in lines {
                println!("{label:<13}{text}");
            }
        }
    }
    match verdict {
        Verdict::Valid => Ok(()),
        Verdict::Expired(_) if renews_from.is_some() => Ok(()),
        Verdict::Expired(reason) | Verdict::Rejected(reason) => Err(rejected(&reason)),
        Verdict::Unchecked(e) => Err(CliError::new(format!("could not check the API token with the server: {e}"))),
    }
}

/// What `grove auth login` was told for a person's login.
struct PersonLogin {
    device: bool,
    identity_provider: Option<String>,
    invite_code: Option<String>,
    auth_url: Option<String>,
    scopes: Vec<String>,
    caps: Vec<String>,
}

/// A person's login: the provider's settings from the server, the browser or device flow, the
/// exchange, the stored login, and the invite code when one was given.
async fn log_in_person(api: &str, person: PersonLogin) -> Result<(), CliError> {
    let api = api.trim_end_matches('/').to_owned();
    let auth_url = person.auth_url.map_or_else(|| api.clone(), |u| u.trim_end_matches('/').to_owned());
    let provider = person.identity_provider.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let config = login::login_configuration(&auth_url, provider).await?;
    let tokens = if config.server_side_login {
        if person.device {
            return Err(CliError::new(
                "this identity provider's client is confidential: its logins go through the token service in a \
                 browser, so --device cannot be used",
            ));
        }
        let tokens = login::server_side_flow(&auth_url, &config).await?;
        match (&tokens.refresh_token, person.scopes.is_empty() && person.caps.is_empty()) {
            // A restricted token: the login's refresh token renews into one.
            (Some(refresh), false) => login::refresh(&auth_url, &api, refresh, &person.scopes, &person.caps).await?,
            _ => tokens,
        }
    } else {
        let id_token =
            if person.device { login::device_flow(&config).await? } else { login::browser_flow(&config).await? };
        login::exchange_id_token(&auth_url, &api, provider, &id_token, &person.scopes, &person.caps).await?
    };
    let credentials = Credentials {
        api: api.clone(),
        auth_url: Some(auth_url),
        token: tokens.token,
        expiry: tokens.expiry,
        identity: None,
        identity_token_file: None,
        scopes: person.scopes,
        caps: person.caps,
        refresh_token: tokens.refresh_token,
        identity_provider: Some(config.identity_provider.clone()),
        issuer: Some(config.issuer.clone()),
    };
    let path = store(&credentials)?;
    let who = jwt_subject(&credentials.token).unwrap_or_else(|| "an unknown identity".to_owned());
    eprintln!("logged in to {api} as {who}; login stored in {}", path.display());
    if let Some(code) = person.invite_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        let group = login::register(&api, &credentials.token, code).await?;
        eprintln!("joined group {group} with the invite code");
    }
    Ok(())
}

/// Runs a `grove auth` subcommand.
pub async fn run(global: &Global, command: AuthCommand) -> Result<(), CliError> {
    match command {
        AuthCommand::Login {
            identity,
            identity_token,
            token,
            auth_url,
            scopes,
            caps,
            device,
            identity_provider,
            invite_code,
        } => {
            let api = global.api.clone().unwrap_or_else(|| DEFAULT_API.to_owned());
            Client::new(&api)?;
            // `--token -`: from standard input, so that the token stays out of the shell's
            // history and the process list.
            let token = match token.as_deref() {
                Some("-") => Some(token_from(std::io::stdin().lock())?),
                _ => token,
            };
            if identity.is_none() && token.is_none() {
                let person = PersonLogin { device, identity_provider, invite_code, auth_url, scopes, caps };
                return log_in_person(&api, person).await;
            }
            let credentials = Credentials {
                api: api.trim_end_matches('/').to_owned(),
                auth_url: auth_url.map(|u| u.trim_end_matches('/').to_owned()),
                token: token.clone().unwrap_or_default(),
                expiry: None,
                identity,
                identity_token_file: identity_token.map(|p| std::path::absolute(&p).unwrap_or(p)),
                scopes,
                caps,
                refresh_token: None,
                identity_provider: None,
                issuer: None,
            };
            let credentials = if token.is_some() {
                Credentials { expiry: jwt_expiry(&credentials.token).map(|e| e.to_rfc3339()), ..credentials }
            } else {
                exchange(credentials).await?
            };
            let path = store(&credentials)?;
            let who = jwt_subject(&credentials.token).unwrap_or_else(|| "an unknown identity".to_owned());
            eprintln!("logged in to {} as {who}; login stored in {}", credentials.api, path.display());
            Ok(())
        }
        AuthCommand::Token => match fresh_credentials().await? {
            Some(credentials) => {
                println!("{}", credentials.token);
                Ok(())
            }
            None => Err(CliError::new("not logged in: run grove auth login")),
        },
        AuthCommand::Status => status(global).await,
        AuthCommand::Logout => {
            let path = credentials_path()?;
            if let Some(credentials) = load()? {
                if let (Some(auth_url), Some(refresh_token)) = (&credentials.auth_url, &credentials.refresh_token) {
                    // A login that cannot be revoked is kept, so that the user can try again.
                    login::revoke(auth_url, refresh_token).await?;
                    eprintln!("refresh token revoked at {auth_url}");
                }
            }
            match std::fs::remove_file(&path) {
                Ok(()) => eprintln!("logged out ({} removed)", path.display()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => eprintln!("not logged in"),
                Err(e) => return Err(CliError::new(format!("removing {}: {e}", path.display()))),
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwt(claims: &serde_json::Value) -> String {
        format!("e30.{}.sig", URL_SAFE_NO_PAD.encode(claims.to_string()))
    }

    #[test]
    fn a_token_read_from_standard_input_is_its_first_line_trimmed() {
        assert_eq!(token_from(&b"  abc.def.ghi \nrest"[..]).unwrap(), "abc.def.ghi");
        assert_eq!(token_from(&b"export GROVE_TOKEN=abc.def.ghi\n"[..]).unwrap(), "abc.def.ghi");
        assert_eq!(token_from(&b"\n"[..]).unwrap_err().to_string(), "--token -: standard input holds no token");
        assert_eq!(token_from(&b""[..]).unwrap_err().to_string(), "--token -: standard input holds no token");
    }

    #[test]
    fn expiry_comes_from_the_stored_value_else_from_the_token() {
        let exp = Utc::now().timestamp() + 3600;
        let token = jwt(&serde_json::json!({"sub": "me", "exp": exp}));
        let mut c = Credentials {
            api: DEFAULT_API.into(),
            auth_url: None,
            token,
            expiry: None,
            identity: None,
            identity_token_file: None,
            scopes: Vec::new(),
            caps: Vec::new(),
            refresh_token: None,
            identity_provider: None,
            issuer: None,
        };
        assert_eq!(c.expiry().map(|e| e.timestamp()), Some(exp));
        assert!(!c.expired());
        c.expiry = Some("2001-01-01T00:00:00Z".into());
        assert!(c.expired());
        assert_eq!(jwt_subject(&c.token).as_deref(), Some("me"));
        assert_eq!(jwt_expiry("opaque"), None);
    }

    #[test]
    fn addresses_compare_without_trailing_slashes() {
        assert!(same_api("http://a:1/", "http://a:1"));
        assert!(!same_api("http://a:1", "http://b:1"));
    }
}
