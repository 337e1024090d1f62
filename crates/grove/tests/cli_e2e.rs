//! The `grove` command-line client, run as the built binary against `grove serve --dev` in
//! another process: logging in by exchanging an identity token from a test issuer, printing
//! and renewing the token, checking it with the server, every resource command and output
//! format, names where uids are, the group tree, versions and shell completions.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde_json::{json, Value};
use sts_support::{Signer, TestIssuer};

const SUBJECT: &str = "repo:acme/app:ref:refs/heads/main";

/// A scratch directory removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir =
            std::env::temp_dir().join(format!("grove-cli-{}-{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `grove serve --dev` on a free loopback port.
struct DevServer {
    url: String,
    token: String,
    child: Child,
}

impl Drop for DevServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl DevServer {
    fn start(scratch: &Path) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let token_file = scratch.join("dev-token");
        let child = Command::new(env!("CARGO_BIN_EXE_grove"))
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--dev-token-file"])
            .arg(&token_file)
            .current_dir(scratch)
            .env_remove("GROVE_DATABASE_URL")
            .env("GROVE_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut server = Self { url: format!("http://127.0.0.1:{port}"), token: String::new(), child };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(line) = std::fs::read_to_string(&token_file) {
                if let Some(token) = line.trim().strip_prefix("export GROVE_TOKEN=") {
                    server.token = token.to_owned();
                    break;
                }
            }
            assert!(Instant::now() < deadline, "grove serve --dev did not start");
            assert!(server.child.try_wait().unwrap().is_none(), "grove serve --dev exited");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }
}

/// One run of the CLI.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn ok(self) -> Self {
        assert_eq!(self.code, 0, "stderr: {}", self.stderr);
        self
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("{e}: {}", self.stdout))
    }

    fn uid(&self) -> String {
        self.json()["uid"].as_str().unwrap().to_owned()
    }

    /// Asserts a failure printed as exactly `grove: <line>`.
    fn failed_exactly(&self, line: &str) {
        assert_eq!((self.code, self.stderr.as_str()), (1, format!("grove: {line}\n").as_str()), "{self:?}");
    }

    /// The uid printed by `--output id`.
    fn id(&self) -> String {
        assert_eq!(self.code, 0, "stderr: {}", self.stderr);
        assert_eq!(self.stdout.lines().count(), 1, "{self:?}");
        self.stdout.trim().to_owned()
    }

    /// Asserts a failure printed as exactly one line starting with `grove: `.
    fn failed_with(&self, text: &str) {
        assert_eq!(self.code, 1, "{self:?}");
        assert_eq!(self.stderr.lines().count(), 1, "{self:?}");
        assert!(self.stderr.starts_with("grove: ") && self.stderr.contains(text), "{self:?}");
    }
}

/// Runs `grove args…` with its login kept in `config_dir`, `GROVE_TOKEN` set when given, off
/// the async runtime (the test issuer must keep answering meanwhile).
async fn grove(config_dir: &Path, token: Option<&str>, args: &[&str]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
    command.args(args).env("GROVE_CONFIG_DIR", config_dir).env_remove("GROVE_API").env_remove("GROVE_OUTPUT");
    match token {
        Some(token) => command.env("GROVE_TOKEN", token),
        None => command.env_remove("GROVE_TOKEN"),
    };
    let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs `args` as the dev server's owner, asking for JSON, and expects success.
async fn as_admin(dir: &Path, server: &DevServer, mut args: Vec<String>) -> Run {
    args.extend(["--api".to_owned(), server.url.clone(), "--output".to_owned(), "json".to_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    grove(dir, Some(&server.token), &args).await.ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_with_an_identity_token_then_token_prints_a_working_token_renewed_after_expiry() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let signer = Signer::es256("cli-key");
    let issuer = TestIssuer::start(&[&signer]).await;
    let admin_dir = scratch.0.join("admin");
    let admin = |args: &[&str]| as_admin(&admin_dir, &server, args.iter().map(|s| (*s).to_owned()).collect());
    let org = admin(&["iam", "groups", "list", "--limit", "1"]).await.json()[0]["uid"].as_str().unwrap().to_owned();
    let team = admin(&["iam", "groups", "create", "team", "--parent", &org]).await.uid();
    let other = admin(&["iam", "groups", "create", "other", "--parent", &org]).await.uid();
    let identity =
        admin(&["iam", "identities", "create", "ci", "--parent", &team, "--issuer", &issuer.url, "--subject", SUBJECT])
            .await
            .uid();
    admin(&["iam", "role-bindings", "create", "--parent", &team, "--identity", &identity, "--role", "viewer"]).await;

    let token_file = scratch.0.join("oidc-token");
    std::fs::write(&token_file, signer.sign(&issuer.claims(SUBJECT, &server.url))).unwrap();
    let workload_dir = scratch.0.join("workload");
    let token_path = token_file.to_str().unwrap();
    let login = grove(
        &workload_dir,
        None,
        &["auth", "login", "--api", &server.url, "--identity", &identity, "--identity-token", token_path],
    )
    .await
    .ok();
    assert!(login.stderr.contains(&format!("as {identity}")), "{}", login.stderr);
    let credentials = workload_dir.join("credentials.json");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        assert_eq!(std::fs::metadata(&credentials).unwrap().permissions().mode() & 0o777, 0o600);
    }

    let first = grove(&workload_dir, None, &["auth", "token"]).await.ok().stdout.trim().to_owned();
    assert_eq!(first.split('.').count(), 3, "{first}");
    let status = grove(&workload_dir, None, &["auth", "status", "--output", "json"]).await.ok().json();
    assert_eq!((status["identity"].as_str(), status["expired"].as_bool()), (Some(identity.as_str()), Some(false)));

    // The printed token works, within the identity's bindings only.
    let seen = grove(&scratch.0, Some(&first), &["iam", "groups", "get", &team, "--api", &server.url]).await.ok();
    assert!(seen.stdout.contains("team"), "{}", seen.stdout);
    let get_team = grove(&workload_dir, None, &["iam", "groups", "get", &team, "--output", "json"]).await.ok();
    assert_eq!(get_team.json()["name"], "team");
    grove(&workload_dir, None, &["iam", "groups", "create", "sub", "--parent", &team])
        .await
        .failed_with("Permission denied");
    grove(&workload_dir, None, &["iam", "groups", "get", &other]).await.failed_with("Not found");

    // Once the stored token has expired, `auth token` exchanges the identity token again.
    let mut stored: Value = serde_json::from_slice(&std::fs::read(&credentials).unwrap()).unwrap();
    stored["expiry"] = Value::from("2000-01-01T00:00:00Z");
    std::fs::write(&credentials, serde_json::to_vec(&stored).unwrap()).unwrap();
    std::thread::sleep(Duration::from_millis(1_100)); // a new second, so the new token differs
    let renewed = grove(&workload_dir, None, &["auth", "token"]).await.ok().stdout.trim().to_owned();
    assert_ne!(renewed, first);
    let restored: Value = serde_json::from_slice(&std::fs::read(&credentials).unwrap()).unwrap();
    assert_ne!(restored["expiry"], "2000-01-01T00:00:00Z");
    let after = grove(&scratch.0, Some(&renewed), &["iam", "groups", "get", &team, "--api", &server.url]).await;
    after.ok();

    grove(&workload_dir, None, &["auth", "logout"]).await.ok();
    assert!(!credentials.exists());
    grove(&workload_dir, None, &["auth", "token"]).await.failed_with("not logged in");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_with_a_refused_identity_token_fails_with_one_line_and_stores_nothing() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let token_file = scratch.0.join("oidc-token");
    std::fs::write(&token_file, "not-a-jwt").unwrap();
    let identity = format!("{}/0123456789abcdef", "0".repeat(40));
    let dir = scratch.0.join("cfg");
    let run = grove(
        &dir,
        None,
        &[
            "auth",
            "login",
            "--api",
            &server.url,
            "--identity",
            &identity,
            "--identity-token",
            token_file.to_str().unwrap(),
        ],
    )
    .await;
    run.failed_with("Unauthenticated");
    assert!(!dir.join("credentials.json").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resource_commands_create_list_get_update_and_delete_against_a_running_server() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &server.token]).await.ok();
    let run = |args: Vec<String>| {
        let dir = dir.clone();
        async move {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            grove(&dir, None, &args).await
        }
    };
    let json = |args: &[&str]| {
        let mut v: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        v.extend(["--output".to_owned(), "json".to_owned()]);
        run(v)
    };

    let org = json(&["iam", "groups", "list", "--limit", "1"]).await.ok().json()[0]["uid"].as_str().unwrap().to_owned();
    // groups: five children, listed across pages of two, capped by --limit.
    for name in ["g1", "g2", "g3", "g4", "g5"] {
        json(&["iam", "groups", "create", name, "--parent", &org]).await.ok();
    }
    let listed =
        json(&["iam", "groups", "list", "--parent", &org, "--page-size", "2", "--order-by", "name"]).await.ok();
    let names: Vec<String> =
        listed.json().as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["g1", "g2", "g3", "g4", "g5"]);
    let limited = json(&["iam", "groups", "list", "--parent", &org, "--page-size", "2", "--limit", "3"]).await.ok();
    assert_eq!(limited.json().as_array().unwrap().len(), 3);
    let table = run(vec!["iam".into(), "groups".into(), "list".into(), "--parent".into(), org.clone()]).await.ok();
    assert!(table.stdout.starts_with("UID"), "{}", table.stdout);
    assert_eq!(table.stdout.lines().count(), 6);

    let team = json(&["iam", "groups", "create", "team", "--parent", &org, "--description", "first"]).await.ok().uid();
    let updated = json(&["iam", "groups", "update", &team, "--description", "second"]).await.ok().json();
    assert_eq!((updated["name"].as_str(), updated["description"].as_str()), (Some("team"), Some("second")));
    assert_eq!(json(&["iam", "groups", "get", &team]).await.ok().json()["description"], "second");

    // identities, roles and role bindings.
    let identity = json(&[
        "iam",
        "identities",
        "create",
        "deployer",
        "--parent",
        &team,
        "--issuer",
        "https://issuer.example",
        "--subject-pattern",
        "repo:acme/.*",
        "--claim",
        "env=prod",
    ])
    .await
    .ok()
    .json();
    assert_eq!(identity["claimMatch"]["claims"]["env"], "prod");
    let identity = identity["uid"].as_str().unwrap().to_owned();
    let renamed = json(&["iam", "identities", "update", &identity, "--name", "deployer-2"]).await.ok().json();
    assert_eq!(
        (renamed["name"].as_str(), renamed["claimMatch"]["subjectPattern"].as_str()),
        (Some("deployer-2"), Some("repo:acme/.*"))
    );
    let role = json(&["iam", "roles", "create", "lister", "--parent", &team, "--capability", "groups.list,repo.list"])
        .await
        .ok()
        .json();
    assert_eq!(role["capabilities"], serde_json::json!(["CAP_IAM_GROUPS_LIST", "CAP_REPO_LIST"]));
    let role = role["uid"].as_str().unwrap().to_owned();
    json(&["iam", "roles", "update", &role, "--capability", "repo.list"]).await.ok();
    let binding =
        json(&["iam", "role-bindings", "create", "--parent", &team, "--identity", &identity, "--role", &role])
            .await
            .ok();
    let binding = binding.uid();
    let bindings = json(&["iam", "role-bindings", "list", "--identity", &identity]).await.ok().json();
    assert_eq!(bindings.as_array().unwrap().len(), 1);
    json(&["iam", "role-bindings", "list", "--name", "anything"])
        .await
        .failed_exactly("role bindings have no names: filter with --identity, --role, --parent or --under");
    let viewer = json(&["iam", "role-bindings", "update", &binding, "--role", "viewer"]).await.ok().json();
    assert_eq!(viewer["role"]["name"], "viewer");
    json(&["iam", "role-bindings", "delete", &binding]).await.ok();
    json(&["iam", "roles", "delete", &role]).await.ok();
    json(&["iam", "identities", "delete", &identity]).await.ok();

    // repos and tags.
    let repo = json(&["registry", "repos", "create", "team/nginx", "--parent", &team, "--alias", "nginx:latest"])
        .await
        .ok()
        .uid();
    let repo_json = json(&["registry", "repos", "update", &repo, "--description", "web"]).await.ok().json();
    assert_eq!(
        (repo_json["description"].as_str(), repo_json["aliases"][0].as_str()),
        (Some("web"), Some("nginx:latest"))
    );
    let digest = format!("sha256:{}", "b".repeat(64));
    let tag = json(&["registry", "tags", "create", "1.25", "--repo", &repo, "--digest", &digest]).await.ok().uid();
    let deprecated = json(&["registry", "tags", "update", &tag, "--deprecated", "true"]).await.ok().json();
    assert_eq!(deprecated["deprecated"], true);
    assert_eq!(json(&["registry", "tags", "list", "--parent", &repo]).await.ok().json().as_array().unwrap().len(), 1);
    run(vec!["registry".into(), "repos".into(), "delete".into(), repo.clone()]).await.failed_with("cannot delete repo");
    let deleted = run(vec!["registry".into(), "tags".into(), "delete".into(), tag.clone()]).await.ok();
    assert_eq!(deleted.stdout.trim(), format!("deleted {tag}"));
    json(&["registry", "repos", "delete", &repo]).await.ok();
    json(&["registry", "repos", "get", &repo]).await.failed_with("Not found");

    json(&["iam", "groups", "delete", &team]).await.ok();
    json(&["iam", "groups", "create", "Bad Name", "--parent", &org]).await.failed_with("Invalid argument: name");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resource_commands_without_a_login_say_how_to_log_in() {
    let scratch = Scratch::new();
    grove(&scratch.0, None, &["iam", "groups", "list", "--api", "http://127.0.0.1:9"])
        .await
        .failed_with("grove auth login");
    let unreachable = grove(&scratch.0, Some("x.y.z"), &["iam", "groups", "list", "--api", "http://127.0.0.1:9"]).await;
    unreachable.failed_with("could not reach");
}

/// The version and commit this test was built with, which the binary beside it embeds too.
const VERSION: &str = env!("CARGO_PKG_VERSION");
const COMMIT: &str = env!("GROVE_GIT_COMMIT");

/// A claim of a JWT's payload, read without checking anything.
fn claim(token: &str, name: &str) -> Value {
    let payload = URL_SAFE_NO_PAD.decode(token.split('.').nth(1).unwrap()).unwrap();
    serde_json::from_slice::<Value>(&payload).unwrap()[name].clone()
}

/// The expiry of a JWT as `grove auth status` prints it.
fn expiry_of(token: &str) -> String {
    chrono::DateTime::from_timestamp(claim(token, "exp").as_i64().unwrap(), 0).unwrap().to_rfc3339()
}

/// Runs `args` against `server` with the login in `dir` (or `GROVE_TOKEN` when given).
async fn at(dir: &Path, server: &DevServer, token: Option<&str>, args: &[&str]) -> Run {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--api", &server.url]);
    grove(dir, token, &all).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn version_prints_the_crate_version_and_commit_of_the_client_and_of_the_server() {
    let commit_shape = regex_like_commit(COMMIT);
    assert!(commit_shape, "GROVE_GIT_COMMIT is {COMMIT:?}");
    let scratch = Scratch::new();
    let dir = scratch.0.join("cfg");
    let flag = grove(&dir, None, &["--version"]).await.ok();
    assert_eq!(flag.stdout, format!("grove {VERSION} ({COMMIT})\n"));
    let alone = grove(&dir, None, &["version"]).await.ok();
    assert_eq!(alone.stdout, format!("client: {VERSION} ({COMMIT})\n"));

    let server = DevServer::start(&scratch.0);
    let both = grove(&dir, None, &["version", "--api", &server.url]).await.ok();
    assert_eq!(both.stdout, format!("client: {VERSION} ({COMMIT})\nserver: {VERSION} ({COMMIT})\n"));
    let as_json = grove(&dir, None, &["version", "--api", &server.url, "-o", "json"]).await.ok().json();
    assert_eq!(
        as_json,
        json!({"client": {"version": VERSION, "commit": COMMIT},
               "server": {"api": server.url, "version": VERSION, "commit": COMMIT}})
    );
    // A stored login names the server too.
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &server.token]).await.ok();
    assert_eq!(grove(&dir, None, &["version"]).await.ok().stdout, both.stdout);

    let down = grove(&dir, None, &["version", "--api", "http://127.0.0.1:9"]).await.ok();
    let (client_line, server_line) = down.stdout.split_once('\n').unwrap();
    assert_eq!(client_line, format!("client: {VERSION} ({COMMIT})"));
    assert!(
        server_line.starts_with("server: unreachable (could not reach http://127.0.0.1:9/version: "),
        "{server_line}"
    );
}

/// `^[0-9a-f]{7,}(-dirty)?$` or `unknown`.
fn regex_like_commit(commit: &str) -> bool {
    let hash = commit.strip_suffix("-dirty").unwrap_or(commit);
    commit == "unknown" || (hash.len() >= 7 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_version_endpoint_answers_version_and_commit_without_a_token() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let response = reqwest::get(format!("{}/version", server.url)).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"version": VERSION, "commit": COMMIT}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auth_status_asks_the_server_and_says_valid_rejected_or_expired_and_which_token_is_used() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let credentials = dir.join("credentials.json");
    let sub = claim(&server.token, "sub").as_str().unwrap().to_owned();
    let status = ["auth", "status"];
    grove(&dir, None, &status).await.failed_exactly("not logged in: run grove auth login, or set GROVE_TOKEN");

    // A valid stored login.
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &server.token]).await.ok();
    let valid = grove(&dir, None, &status).await.ok();
    let lines = |token_line: &str, state: &str, token: &str| {
        format!(
            "api:         {}\ntoken:       {token_line}\nidentity:    {sub}\nexpires:     {}\nstatus:      {state}\n",
            server.url,
            expiry_of(token)
        )
    };
    let stored = format!("stored login ({})", credentials.display());
    assert_eq!(valid.stdout, lines(&stored, "valid", &server.token));

    // GROVE_TOKEN takes precedence over the stored login, and says so.
    let from_env = grove(&dir, Some(&server.token), &status).await.ok();
    let env_line = format!("GROVE_TOKEN (it takes precedence over the stored login for {})", server.url);
    assert_eq!(from_env.stdout, lines(&env_line, "valid", &server.token));

    // A token signed by another key: the server rejects it, whoever it claims to be.
    let foreign_key = Signer::es256("foreign");
    let claims = |exp: i64| json!({"sub": sub, "iss": server.url, "aud": server.url, "nbf": 0, "exp": exp});
    let foreign = foreign_key.sign(&claims(sts_support::now() + 3600));
    let rejected = grove(&dir, Some(&foreign), &status).await;
    assert_eq!(rejected.stdout, lines(&env_line, "rejected by the server (invalid API token)", &foreign));
    rejected.failed_exactly(
        "the server rejected the API token in GROVE_TOKEN (invalid API token); set GROVE_TOKEN to a valid token, \
         or unset it to use the stored login",
    );
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &foreign]).await.ok();
    let stored_rejected = grove(&dir, None, &status).await;
    assert_eq!(stored_rejected.stdout, lines(&stored, "rejected by the server (invalid API token)", &foreign));
    stored_rejected
        .failed_exactly("the server rejected the API token (invalid API token); run 'grove auth login' again");
    let as_json = grove(&dir, None, &["auth", "status", "-o", "json"]).await.json();
    assert_eq!(
        (&as_json["source"], &as_json["status"], &as_json["reason"], &as_json["expired"]),
        (&json!("stored"), &json!("rejected"), &json!("invalid API token"), &json!(false))
    );

    // An expired one.
    let expired = foreign_key.sign(&claims(sts_support::now() - 60));
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &expired]).await.ok();
    let stale = grove(&dir, None, &status).await;
    assert_eq!(stale.stdout, lines(&stored, "expired", &expired));
    stale.failed_exactly("the server rejected the API token (invalid API token); run 'grove auth login' again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_401_from_a_resource_command_says_the_server_rejected_the_token_and_what_to_do() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let sub = claim(&server.token, "sub").as_str().unwrap().to_owned();
    let foreign = Signer::es256("foreign")
        .sign(&json!({"sub": sub, "iss": server.url, "aud": server.url, "nbf": 0, "exp": sts_support::now() + 3600}));
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &foreign]).await.ok();
    grove(&dir, None, &["iam", "groups", "list"])
        .await
        .failed_exactly("the server rejected the API token (invalid API token); run 'grove auth login' again");
    grove(&dir, Some(&foreign), &["registry", "repos", "list"]).await.failed_exactly(
        "the server rejected the API token in GROVE_TOKEN (invalid API token); set GROVE_TOKEN to a valid token, \
         or unset it to use the stored login",
    );
    // A valid GROVE_TOKEN wins over the rejected stored login.
    grove(&dir, Some(&server.token), &["iam", "groups", "list", "-o", "id"]).await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn output_id_prints_uids_and_yaml_carries_the_same_data_as_json() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let eng = at(&dir, &server, t, &["iam", "groups", "create", "eng", "--parent", "dev", "-o", "id"]).await.id();
    let ops = at(&dir, &server, t, &["iam", "groups", "create", "ops", "--parent", "dev", "--output", "id"]).await.id();
    let listed = at(&dir, &server, t, &["iam", "groups", "list", "--parent", "dev", "--order-by", "name", "-o", "id"])
        .await
        .ok();
    assert_eq!(listed.stdout, format!("{eng}\n{ops}\n"));

    let digest = format!("sha256:{}", "c".repeat(64));
    at(&dir, &server, t, &["registry", "repos", "create", "team/nginx", "--parent", &eng, "--alias", "nginx:1"])
        .await
        .ok();
    at(&dir, &server, t, &["registry", "tags", "create", "1.25", "--repo", "team/nginx", "--digest", &digest])
        .await
        .ok();
    for args in [
        vec!["iam", "groups", "list"],
        vec!["iam", "groups", "get", "dev/eng"],
        vec!["iam", "roles", "list"],
        vec!["registry", "repos", "get", "team/nginx"],
        vec!["registry", "tags", "list", "--parent", "team/nginx"],
        vec!["iam", "groups", "tree"],
        vec!["version"],
    ] {
        let json = at(&dir, &server, t, &[args.as_slice(), &["-o", "json"]].concat()).await.ok().json();
        let yaml = at(&dir, &server, t, &[args.as_slice(), &["-o", "yaml"]].concat()).await.ok();
        let parsed: Value = serde_norway::from_str(&yaml.stdout).unwrap_or_else(|e| panic!("{e}: {}", yaml.stdout));
        assert_eq!(parsed, json, "{args:?}");
    }
    let deleted = at(&dir, &server, t, &["iam", "groups", "delete", "ops", "--parent", "dev", "-o", "id"]).await;
    assert_eq!(deleted.id(), ops);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn terms_commands_accept_for_a_group_and_list_its_and_its_ancestors_documents() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let eng = at(&dir, &server, t, &["iam", "groups", "create", "eng", "--parent", "dev", "-o", "id"]).await.id();
    let accepted = at(&dir, &server, t, &["iam", "terms", "accept", "dev", "tos", "tos", "-o", "json"]).await.ok();
    let dev = accepted.json()["group"].as_str().unwrap().to_owned();
    assert_eq!(accepted.json(), serde_json::json!({ "group": dev, "documentIds": ["tos"] }));
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let accepted = at(&dir, &server, t, &["iam", "terms", "accept", "dev/eng", "dpa", "-o", "id"]).await;
    assert_eq!(accepted.id(), eng);

    let listed = at(&dir, &server, t, &["iam", "terms", "list", "eng", "--parent", "dev", "-o", "id"]).await.ok();
    assert_eq!(listed.stdout, "tos\ndpa\n");
    let newest = ["iam", "terms", "list", &eng, "--order-by", "create_time desc", "--limit", "1"];
    let table = at(&dir, &server, t, &newest).await.ok();
    assert!(table.stdout.starts_with("DOCUMENT"), "{}", table.stdout);
    assert_eq!(table.stdout.lines().count(), 2, "{}", table.stdout);
    assert!(table.stdout.lines().nth(1).unwrap().starts_with("dpa "), "{}", table.stdout);
    let json = at(&dir, &server, t, &["iam", "terms", "list", "dev", "-o", "json"]).await.ok().json();
    assert_eq!(json.as_array().unwrap().len(), 1);
    assert_eq!((&json[0]["docId"], &json[0]["orgUid"]), (&serde_json::json!("tos"), &serde_json::json!(dev)));

    let refused = at(&dir, &server, t, &["iam", "terms", "accept", "dev", "bad\u{7}id"]).await;
    refused.failed_with("document_ids[0]");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completions_print_a_script_for_bash_zsh_and_fish() {
    let scratch = Scratch::new();
    let bash = grove(&scratch.0, None, &["completions", "bash"]).await.ok();
    assert!(bash.stdout.starts_with("_grove() {"), "{}", &bash.stdout[..bash.stdout.len().min(200)]);
    assert!(bash.stdout.contains("complete -F _grove -o nosort -o bashdefault -o default grove"), "{}", bash.stdout);
    assert!(bash.stdout.contains("grove__subcmd__iam__subcmd__groups__subcmd__tree"), "subcommands are completed");
    let zsh = grove(&scratch.0, None, &["completions", "zsh"]).await.ok();
    assert!(zsh.stdout.starts_with("#compdef grove"), "{}", &zsh.stdout[..zsh.stdout.len().min(200)]);
    let fish = grove(&scratch.0, None, &["completions", "fish"]).await.ok();
    assert!(fish.stdout.contains("complete -c grove"), "{}", &fish.stdout[..fish.stdout.len().min(200)]);
    assert_eq!(grove(&scratch.0, None, &["completions", "tcsh"]).await.code, 2, "an unknown shell is a usage error");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_resolve_to_the_one_visible_match_by_name_path_or_parent_and_fail_clearly_otherwise() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    grove(&dir, None, &["auth", "login", "--api", &server.url, "--token", &server.token]).await.ok();
    let run = |args: &[&str]| {
        let dir = dir.clone();
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        async move { grove(&dir, None, &args.iter().map(String::as_str).collect::<Vec<_>>()).await }
    };
    let dev = run(&["iam", "groups", "get", "dev", "-o", "id"]).await.id();
    let dev_eng = run(&["iam", "groups", "create", "eng", "--parent", "dev", "-o", "id"]).await.id();
    let globex = run(&["iam", "groups", "create", "globex", "-o", "id"]).await.id();
    let globex_eng = run(&["iam", "groups", "create", "eng", "--parent", "globex", "-o", "id"]).await.id();
    let team = run(&["iam", "groups", "create", "team", "--parent", "dev/eng", "-o", "id"]).await.id();
    assert!(team.starts_with(&format!("{dev_eng}/")), "{team}");

    // Unique names, paths, and names within --parent.
    assert_eq!(run(&["iam", "groups", "get", "team", "-o", "id"]).await.id(), team);
    assert_eq!(run(&["iam", "groups", "get", "dev/eng/team", "-o", "id"]).await.id(), team);
    assert_eq!(run(&["iam", "groups", "get", "globex/eng", "-o", "id"]).await.id(), globex_eng);
    assert_eq!(run(&["iam", "groups", "get", "eng", "--parent", "dev", "-o", "id"]).await.id(), dev_eng);
    assert_eq!(run(&["iam", "groups", "get", "eng/team", "--parent", "dev", "-o", "id"]).await.id(), team);
    assert_eq!(run(&["iam", "groups", "get", &globex, "-o", "id"]).await.id(), globex);

    // Missing and ambiguous names.
    run(&["iam", "groups", "get", "nope"]).await.failed_exactly(r#"no group named "nope" is visible to you"#);
    run(&["iam", "groups", "get", "dev/nope"])
        .await
        .failed_exactly(r#"no group named "nope" is visible to you in group "dev""#);
    run(&["iam", "groups", "get", "acme/eng"])
        .await
        .failed_exactly(r#"no organization named "acme" is visible to you"#);
    let mut both = [(dev_eng.clone(), "dev/eng"), (globex_eng.clone(), "globex/eng")];
    both.sort();
    let ambiguous = format!(
        r#"2 groups named "eng" are visible to you: {} ({}), {} ({}); give a uid, a path or --parent"#,
        both[0].0, both[0].1, both[1].0, both[1].1
    );
    run(&["iam", "groups", "get", "eng"]).await.failed_exactly(&ambiguous);
    run(&["iam", "groups", "list", "--parent", "eng"]).await.failed_exactly(&ambiguous);

    // Identities by name within a group given by name; bindings from names.
    let ci = run(&[
        "iam",
        "identities",
        "create",
        "ci",
        "--parent",
        "dev/eng",
        "--issuer",
        "https://i.example",
        "--subject",
        "s",
        "-o",
        "id",
    ])
    .await
    .id();
    let other_ci = run(&[
        "iam",
        "identities",
        "create",
        "ci",
        "--parent",
        "globex",
        "--issuer",
        "https://i.example",
        "--subject",
        "s",
        "-o",
        "id",
    ])
    .await
    .id();
    assert_eq!(run(&["iam", "identities", "get", "ci", "--parent", "dev/eng", "-o", "id"]).await.id(), ci);
    assert_eq!(run(&["iam", "identities", "get", "ci", "--parent", "globex", "-o", "id"]).await.id(), other_ci);
    let mut cis = [(ci.clone(), "dev/eng/ci"), (other_ci.clone(), "globex/ci")];
    cis.sort();
    run(&["iam", "identities", "get", "ci"]).await.failed_exactly(&format!(
        r#"2 identities named "ci" are visible to you: {} ({}), {} ({}); give a uid or --parent"#,
        cis[0].0, cis[0].1, cis[1].0, cis[1].1
    ));
    run(&["iam", "identities", "get", "ci", "--parent", "dev"])
        .await
        .failed_exactly(r#"no identity named "ci" is visible to you in group "dev""#);
    run(&["iam", "roles", "create", "lister", "--parent", "dev/eng", "--capability", "groups.list"]).await.ok();
    let binding = run(&[
        "iam",
        "role-bindings",
        "create",
        "--parent",
        "dev/eng/team",
        "--identity",
        &ci,
        "--role",
        "lister",
        "-o",
        "json",
    ])
    .await
    .ok()
    .json();
    assert_eq!((binding["identity"]["name"].as_str(), binding["role"]["name"].as_str()), (Some("ci"), Some("lister")));
    run(&["iam", "role-bindings", "create", "--parent", "globex", "--identity", &other_ci, "--role", "lister"])
        .await
        .failed_exactly(r#"no role named "lister" usable in group "globex" is visible to you"#);
    let listed = run(&["iam", "role-bindings", "list", "--role", "lister", "-o", "id"]).await.ok();
    assert_eq!(listed.stdout, format!("{}\n", binding["uid"].as_str().unwrap()));
    assert_eq!(dev.len(), 40);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn groups_tree_prints_the_visible_hierarchy_with_names_and_uids() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let dev = at(&dir, &server, t, &["iam", "groups", "get", "dev", "-o", "id"]).await.id();
    let ops = at(&dir, &server, t, &["iam", "groups", "create", "ops", "--parent", "dev", "-o", "id"]).await.id();
    let eng = at(&dir, &server, t, &["iam", "groups", "create", "eng", "--parent", "dev", "-o", "id"]).await.id();
    let web = at(&dir, &server, t, &["iam", "groups", "create", "web", "--parent", "dev/eng", "-o", "id"]).await.id();
    let api = at(&dir, &server, t, &["iam", "groups", "create", "api", "--parent", "dev/eng", "-o", "id"]).await.id();

    let tree = at(&dir, &server, t, &["iam", "groups", "tree"]).await.ok();
    assert_eq!(
        tree.stdout,
        format!("dev ({dev})\n├── eng ({eng})\n│   ├── api ({api})\n│   └── web ({web})\n└── ops ({ops})\n")
    );
    let below = at(&dir, &server, t, &["iam", "groups", "tree", "dev/eng"]).await.ok();
    assert_eq!(below.stdout, format!("eng ({eng})\n├── api ({api})\n└── web ({web})\n"));
    let ids = at(&dir, &server, t, &["iam", "groups", "tree", "-o", "id"]).await.ok();
    assert_eq!(ids.stdout, format!("{dev}\n{eng}\n{api}\n{web}\n{ops}\n"));
    let nested = at(&dir, &server, t, &["iam", "groups", "tree", "eng", "-o", "json"]).await.ok().json();
    assert_eq!(
        nested,
        json!([{"uid": eng, "name": "eng", "children": [
            {"uid": api, "name": "api", "children": []},
            {"uid": web, "name": "web", "children": []},
        ]}])
    );
}

/// Runs `grove args…` against `server` as its owner with `input` on standard input.
async fn with_stdin(dir: &Path, server: &DevServer, args: &[&str], input: &str) -> Run {
    use std::io::Write as _;
    let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
    command
        .args(args)
        .args(["--api", &server.url])
        .env("GROVE_CONFIG_DIR", dir)
        .env("GROVE_TOKEN", &server.token)
        .env_remove("GROVE_API")
        .env_remove("GROVE_OUTPUT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let input = input.to_owned();
    let output = tokio::task::spawn_blocking(move || {
        let mut child = command.spawn().unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identity_provider_commands_take_the_client_secret_from_a_file_or_stdin_and_never_print_it() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let first = "idp-secret-from-a-file-3b9e";
    let second = "idp-secret-from-stdin-77a1";
    let third = "idp-secret-on-the-line-c04d";
    let secret_file = scratch.0.join("client-secret");
    std::fs::write(&secret_file, format!("{first}\n")).unwrap();
    let mut outputs = Vec::new();

    let create = [
        "iam",
        "identity-providers",
        "create",
        "okta",
        "--parent",
        "dev",
        "--default-role",
        "viewer",
        "--issuer",
        "https://login.example.com",
        "--client-id",
        "grove",
        "--client-secret-file",
        secret_file.to_str().unwrap(),
        "--additional-scope",
        "email,groups",
        "--groups-claim",
        "groups",
        "--correlation-rule",
        "oid",
        "-o",
        "json",
    ];
    let created = at(&dir, &server, t, &create).await.ok();
    let idp = created.json();
    let uid = idp["uid"].as_str().unwrap().to_owned();
    assert_eq!(
        (&idp["name"], &idp["defaultRole"], &idp["oidc"]["issuer"], &idp["oidc"]["clientId"]),
        (&json!("okta"), &json!(grove_domain::builtin::VIEWER), &json!("https://login.example.com"), &json!("grove"))
    );
    assert_eq!(idp["oidc"]["additionalScopes"], json!(["email", "groups"]));
    assert_eq!(idp["oidc"]["correlationRule"], "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID");
    assert!(idp["oidc"].get("clientSecret").is_none(), "{idp}");
    outputs.push(created);

    // A name where the uid is; every output format.
    for format in ["table", "json", "yaml", "id"] {
        let got = at(&dir, &server, t, &["iam", "identity-providers", "get", "okta", "-o", format]).await.ok();
        outputs.push(got);
    }
    let table = at(&dir, &server, t, &["iam", "identity-providers", "list"]).await.ok();
    assert!(table.stdout.starts_with("UID"), "{}", table.stdout);
    assert!(table.stdout.contains("https://login.example.com"), "{}", table.stdout);
    outputs.push(table);

    // A new secret from standard input, then one on the command line; the rest stays.
    let rotated = with_stdin(
        &dir,
        &server,
        &["iam", "identity-providers", "update", "okta", "--client-secret-file", "-", "-o", "json"],
        second,
    )
    .await
    .ok();
    assert_eq!(rotated.json()["oidc"]["clientId"], "grove");
    outputs.push(rotated);
    let update =
        ["iam", "identity-providers", "update", &uid, "--client-secret", third, "--pkce", "true", "-o", "json"];
    let on_line = at(&dir, &server, t, &update).await.ok();
    assert_eq!(on_line.json()["oidc"]["pkceEnabled"], true);
    outputs.push(on_line);
    let cleared = at(&dir, &server, t, &["iam", "identity-providers", "update", "okta", "--clear-client-secret"]).await;
    outputs.push(cleared.ok());
    // An empty secret is refused before anything is sent.
    let empty =
        with_stdin(&dir, &server, &["iam", "identity-providers", "update", "okta", "--client-secret-file", "-"], "\n")
            .await;
    empty.failed_exactly("the client secret is empty (--clear-client-secret removes a stored one)");
    outputs.push(empty);

    for run in &outputs {
        for text in [&run.stdout, &run.stderr] {
            for secret in [first, second, third] {
                assert!(!text.contains(secret), "a client secret was printed: {text}");
            }
            assert!(!text.contains("clientSecret"), "{text}");
        }
    }
    let deleted = at(&dir, &server, t, &["iam", "identity-providers", "delete", "okta"]).await.ok();
    assert_eq!(deleted.stdout.trim(), format!("deleted {uid}"));
    at(&dir, &server, t, &["iam", "identity-providers", "get", &uid]).await.failed_with("Not found");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invite_commands_print_the_code_once_list_without_it_and_delete() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let team = at(&dir, &server, t, &["iam", "groups", "create", "team", "--parent", "dev", "-o", "id"]).await.id();
    let create =
        ["iam", "invites", "create", "--parent", "dev/team", "--role", "viewer", "--ttl", "2h", "--single-use"];
    let created = at(&dir, &server, t, &[create.as_slice(), &["-o", "json"]].concat()).await.ok().json();
    let uid = created["uid"].as_str().unwrap().to_owned();
    assert!(uid.starts_with(&format!("{team}/")), "{uid}");
    assert_eq!(created["code"].as_str().unwrap().split('.').count(), 3, "{created}");
    assert_eq!(
        (&created["roleUid"], &created["role"]["name"], &created["singleUse"], &created["email"]),
        (&json!(grove_domain::builtin::VIEWER), &json!("viewer"), &json!(true), &json!(""))
    );
    let expires = chrono::DateTime::parse_from_rfc3339(created["expirationTime"].as_str().unwrap()).unwrap();
    let made = chrono::DateTime::parse_from_rfc3339(created["createTime"].as_str().unwrap()).unwrap();
    assert_eq!(expires - made, chrono::Duration::hours(2));

    // The table of a create ends with the code on a line of its own.
    let bound = ["iam", "invites", "create", "--parent", &team, "--role", "viewer", "--email", "carol@acme.example"];
    let table = at(&dir, &server, t, &bound).await.ok();
    let lines: Vec<&str> = table.stdout.lines().collect();
    assert!(lines[0].starts_with("UID") && lines[1].contains("carol@acme.example"), "{}", table.stdout);
    assert_eq!(lines[3], "The invite code, shown only this once (grove auth login --invite-code CODE):");
    assert_eq!((lines.len(), lines[4].split('.').count()), (5, 3), "{}", table.stdout);
    let code = lines[4].to_owned();

    let listed = at(&dir, &server, t, &["iam", "invites", "list", "--parent", "dev/team", "-o", "json"]).await.ok();
    let items = listed.json();
    assert_eq!(items.as_array().unwrap().len(), 2, "{items}");
    assert!(items.as_array().unwrap().iter().all(|i| i.get("code").is_none()), "{items}");
    assert!(!listed.stdout.contains(&code));
    let got = at(&dir, &server, t, &["iam", "invites", "get", &uid, "-o", "json"]).await.ok().json();
    assert_eq!((&got["uid"], got.get("code")), (&json!(uid), None));
    let key_id = created["keyId"].as_str().unwrap();
    let by_key = at(&dir, &server, t, &["iam", "invites", "list", "--key-id", key_id, "-o", "id"]).await.ok();
    assert_eq!(by_key.stdout.lines().count(), 2, "{}", by_key.stdout);

    at(&dir, &server, t, &["iam", "invites", "list", "--name", "x"])
        .await
        .failed_exactly("invites have no names: filter with --key-id, --parent or --under");
    at(&dir, &server, t, &["iam", "invites", "get", "welcome"]).await.failed_exactly(
        "\"welcome\" is not a uid, and invites have no names: give the invite's uid (see grove iam invites list)",
    );
    let bad_ttl =
        at(&dir, &server, t, &["iam", "invites", "create", "--parent", &team, "--role", "viewer", "--ttl", "2w"]).await;
    assert_eq!(bad_ttl.code, 2, "a usage error: {bad_ttl:?}");
    assert!(bad_ttl.stderr.contains("\"2w\" is not a duration such as 3600s, 90m, 24h or 7d"), "{}", bad_ttl.stderr);
    at(&dir, &server, t, &["iam", "invites", "create", "--parent", &team, "--role", "viewer", "--ttl", "91d"])
        .await
        .failed_exactly("Invalid argument: ttl: ttl must be at most 90 days");

    let deleted = at(&dir, &server, t, &["iam", "invites", "delete", &uid]).await.ok();
    assert_eq!(deleted.stdout.trim(), format!("deleted {uid}"));
    at(&dir, &server, t, &["iam", "invites", "get", &uid]).await.failed_with("Not found");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn account_association_commands_set_sections_check_and_delete_idempotently() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let team = at(&dir, &server, t, &["iam", "groups", "create", "team", "--parent", "dev", "-o", "id"]).await.id();
    let set = |extra: &[&str]| {
        let args: Vec<String> = [&["iam", "account-associations", "set", "dev/team"], extra, &["-o", "json"]]
            .concat()
            .into_iter()
            .map(str::to_owned)
            .collect();
        let (dir, server) = (&dir, &server);
        async move {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            at(dir, server, t, &args).await
        }
    };

    // The first set creates it, named after the group.
    let created = set(&["--amazon-account", "123456789012", "--github-installation", "42=7"]).await.ok().json();
    assert_eq!((&created["uid"], &created["name"]), (&json!(team), &json!("team")));
    assert_eq!(created["amazon"], json!({ "account": "123456789012" }));
    assert_eq!(
        created["github"],
        json!({ "appInstallations": { "42": { "installations": [{ "installationId": "7" }] } } })
    );
    // Later sets change the sections given and keep the others.
    let google = ["--google-project-id", "acme-prod", "--google-project-number", "1234567890", "--description", "prod"];
    let changed = set(&google).await.ok().json();
    assert_eq!(
        (&changed["amazon"]["account"], &changed["google"]["projectId"], &changed["description"]),
        (&json!("123456789012"), &json!("acme-prod"), &json!("prod"))
    );
    let removed = set(&["--remove", "amazon", "--remove", "github"]).await.ok().json();
    assert_eq!((removed.get("amazon"), removed.get("github")), (None, None), "{removed}");
    assert_eq!(removed["google"]["projectNumber"], "1234567890");
    set(&[]).await.failed_exactly("nothing to change: give --name, --description, a section's flags or --remove");
    set(&["--remove", "google", "--google-project-id", "x", "--google-project-number", "1"])
        .await
        .failed_exactly("--remove google and flags of that section contradict");
    set(&["--amazon-account", "12345"]).await.failed_with("amazon.account must be a 12-digit AWS account id");

    let got = at(&dir, &server, t, &["iam", "account-associations", "get", &team, "-o", "json"]).await.ok().json();
    assert_eq!(got, removed);
    let table = at(&dir, &server, t, &["iam", "account-associations", "list"]).await.ok();
    assert_eq!(
        table.stdout,
        format!("GROUP{}NAME  ACCOUNTS\n{team}  team  google:acme-prod\n", " ".repeat(team.len() - 3))
    );

    // Not configured: the answer, and exit 1. Configured: the cloud would be asked, which
    // this server cannot do, and says so.
    let azure =
        at(&dir, &server, t, &["iam", "account-associations", "check", "dev/team", "--provider", "azure"]).await;
    assert_eq!(azure.code, 1, "{azure:?}");
    let message = format!("the association of {team} has no azure section");
    let rows = [["STATUS", "REASON", "MESSAGE"], ["CHECK_STATUS_NOT_READY", "NOT_CONFIGURED", message.as_str()]];
    let expected: String = rows.iter().map(|[s, r, m]| format!("{s:<24}{r:<16}{m}\n")).collect();
    assert_eq!(azure.stdout, expected);
    assert_eq!(azure.stderr, format!("grove: the azure account of {team} is not ready (NOT_CONFIGURED)\n"));
    at(&dir, &server, t, &["iam", "account-associations", "check", &team, "--provider", "google"])
        .await
        .failed_with("Precondition failed");

    for _ in 0..2 {
        let deleted = at(&dir, &server, t, &["iam", "account-associations", "delete", &team]).await.ok();
        assert_eq!(deleted.stdout.trim(), format!("deleted {team}"), "delete is idempotent");
    }
    at(&dir, &server, t, &["iam", "account-associations", "get", &team]).await.failed_with("Not found");
}

/// A server at `127.0.0.1:<port>` that answers every request `404 not found` in plain text,
/// as a web server that is not Grove would.
fn not_grove() -> u16 {
    use std::io::{Read as _, Write as _};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().map_while(Result::ok) {
            let mut head = [0u8; 4096];
            let _ = stream.read(&mut head);
            let _ =
                stream.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found");
        }
    });
    port
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_day_commands_subscriptions_raw_calls_flags_anywhere_token_from_stdin_and_repo_paths() {
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    // The token on standard input, as `grove serve --dev` prints it.
    let login = with_stdin(
        &dir,
        &server,
        &["auth", "login", "--token", "-"],
        &format!("export GROVE_TOKEN={}\n", server.token),
    )
    .await;
    assert_eq!(login.code, 0, "{login:?}");
    let run = |args: &[&str]| {
        let dir = dir.clone();
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        async move { grove(&dir, None, &args.iter().map(String::as_str).collect::<Vec<_>>()).await }
    };
    // Global flags before the command as after it.
    let dev = run(&["-o", "id", "iam", "groups", "get", "dev"]).await.id();
    assert_eq!(run(&["iam", "groups", "get", "dev", "-o", "id"]).await.id(), dev);
    assert_eq!(run(&["--api", &server.url, "--output", "id", "iam", "groups", "get", "dev"]).await.id(), dev);

    // Webhook subscriptions.
    let sink = "http://127.0.0.1:9/hook";
    let created = run(&["events", "subscriptions", "create", sink, "--group", "dev", "-o", "json"]).await.ok().json();
    let subscription = created["uid"].as_str().unwrap().to_owned();
    assert_eq!(created, json!({"uid": subscription, "sink": sink}));
    assert!(subscription.starts_with(&format!("{dev}/")), "{subscription}");
    assert_eq!(run(&["events", "subscriptions", "list", "--parent", "dev", "-o", "id"]).await.id(), subscription);
    let table = run(&["events", "subscriptions", "list"]).await.ok().stdout;
    assert_eq!(
        table.lines().next().map(str::split_whitespace).map(Iterator::collect::<Vec<_>>),
        Some(vec!["UID", "SINK"])
    );
    assert_eq!(
        run(&["events", "subscriptions", "delete", &subscription]).await.ok().stdout,
        format!("deleted {subscription}\n")
    );
    assert_eq!(run(&["events", "subscriptions", "list", "-o", "id"]).await.ok().stdout, "");

    // Raw calls with the stored login.
    let roots = run(&["api", "GET", "/iam/v2beta1/groups?uidp.in_root=true"]).await.ok().json();
    assert_eq!(roots["groups"][0]["name"], "dev");
    let eng =
        run(&["api", "POST", &format!("/iam/v2beta1/groups/{dev}"), "-d", r#"{"name": "eng"}"#]).await.ok().json();
    assert_eq!(eng["name"], "eng");
    run(&["api", "GET", "iam/v2beta1/groups"])
        .await
        .failed_exactly(r#"the path must start with '/', such as /iam/v2beta1/groups (got "iam/v2beta1/groups")"#);
    run(&["api", "POST", &format!("/iam/v2beta1/groups/{dev}"), "-d", "{name"])
        .await
        .failed_with("-d: the body is not JSON");

    // A repo by group path and name; one flag name for a tag's repo.
    let repo = run(&["registry", "repos", "create", "nginx", "--parent", "dev/eng", "-o", "id"]).await.id();
    assert_eq!(run(&["registry", "repos", "get", "dev/eng/nginx", "-o", "id"]).await.id(), repo);
    let digest = format!("sha256:{}", "a".repeat(64));
    let tag = run(&["registry", "tags", "create", "1.0", "--repo", "dev/eng/nginx", "--digest", &digest, "-o", "id"])
        .await
        .id();
    assert_eq!(run(&["registry", "tags", "list", "--repo", "dev/eng/nginx", "-o", "id"]).await.id(), tag);
    assert_eq!(run(&["registry", "tags", "list", "--parent", "dev/eng/nginx", "-o", "id"]).await.id(), tag);
    assert_eq!(run(&["registry", "tags", "get", "1.0", "--repo", "dev/eng/nginx", "-o", "id"]).await.id(), tag);
    run(&["registry", "repos", "get", "dev/eng/nope"]).await.failed_exactly(
        r#"no repo named "dev/eng/nope" is visible to you, nor one at the end of a group path such as "dev/eng""#,
    );

    // An address that is not Grove says so.
    let elsewhere = format!("http://127.0.0.1:{}", not_grove());
    grove(&dir, Some(&server.token), &["iam", "groups", "list", "--api", &elsewhere]).await.failed_exactly(
        "this address is not a Grove API (it answered HTTP 404: not found, without Grove's error body)",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn audit_list_shows_who_changed_what_in_every_output_format_filtered_by_group_actor_type_and_time() {
    const GROUP_CREATED: &str = "dev.chainguard.api.iam.group.created.v1";
    const REPO_CREATED: &str = "dev.chainguard.api.platform.registry.repo.created.v1";
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let eng = at(&dir, &server, t, &["iam", "groups", "create", "eng", "--parent", "dev", "-o", "id"]).await.id();
    let repo = at(&dir, &server, t, &["registry", "repos", "create", "app", "--parent", &eng, "-o", "id"]).await.id();
    let me = at(&dir, &server, t, &["iam", "identities", "list", "--parent", "dev", "-o", "id"]).await.ok();
    let me = me.stdout.trim().to_owned();

    let json =
        at(&dir, &server, t, &["audit", "list", "--group", "dev", "--since", "1h", "-o", "json"]).await.ok().json();
    let entries = json.as_array().unwrap();
    let seen: Vec<(&str, &str, &str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["type"].as_str().unwrap(),
                e["subject"].as_str().unwrap(),
                e["actor"].as_str().unwrap(),
                e["transport"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [(REPO_CREATED, repo.as_str(), me.as_str(), "rest"), (GROUP_CREATED, eng.as_str(), me.as_str(), "rest")]
    );
    assert!(entries.iter().all(|e| e["requestId"].as_str().is_some_and(|id| id.len() == 32)), "{json}");

    let yaml = at(&dir, &server, t, &["audit", "list", "--group", "dev", "-o", "yaml"]).await.ok();
    let parsed: Value = serde_norway::from_str(&yaml.stdout).unwrap();
    assert_eq!(&parsed, &json);
    let ids = at(&dir, &server, t, &["audit", "list", "--type", GROUP_CREATED, "-o", "id"]).await.id();
    assert_eq!(ids, entries[1]["uid"].as_str().unwrap());
    let table =
        at(&dir, &server, t, &["audit", "list", "--actor", &me, "--type", REPO_CREATED, "--type", GROUP_CREATED])
            .await
            .ok();
    let lines: Vec<&str> = table.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", table.stdout);
    assert!(lines[0].starts_with("TIME") && lines[0].contains("ACTOR") && lines[0].contains("TRANSPORT"), "{lines:?}");
    assert!(lines[1].contains(REPO_CREATED) && lines[1].contains(&me), "{lines:?}");

    let none = at(&dir, &server, t, &["audit", "list", "--actor", "system", "-o", "json"]).await.ok().json();
    assert_eq!(none, json!([]));
    let later =
        at(&dir, &server, t, &["audit", "list", "--since", "2099-01-01T00:00:00Z", "-o", "json"]).await.ok().json();
    assert_eq!(later, json!([]));
    let earlier = at(&dir, &server, t, &["audit", "list", "--until", "1h", "-o", "json"]).await.ok().json();
    assert_eq!(earlier, json!([]));

    let bad = at(&dir, &server, t, &["audit", "list", "--since", "yesterday"]).await;
    bad.failed_exactly(
        "--since \"yesterday\" is neither a duration such as 90s, 15m, 1h or 7d nor an RFC 3339 time such as \
         2026-11-29T08:00:00Z",
    );
}

/// A loopback webhook receiver that answers 410 Gone (never retried: a dead letter at once)
/// to the first delivery of each public event and 204 to everything else: a replay (the same
/// `ce-id` again) and Grove's own dead letter events are accepted.
async fn refusing_receiver() -> String {
    use std::collections::HashSet;
    use std::sync::{Arc, Mutex};
    let seen: Arc<Mutex<HashSet<String>>> = Arc::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |headers: axum::http::HeaderMap| {
            let seen = seen.clone();
            async move {
                let header =
                    |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
                let first = seen.lock().unwrap().insert(header("ce-id"));
                if first && !header("ce-type").starts_with("dev.grove.") {
                    axum::http::StatusCode::GONE
                } else {
                    axum::http::StatusCode::NO_CONTENT
                }
            }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// `grove events dead-letters list -o json` until it lists `n`, for at most a minute.
async fn dead_letters_once(dir: &Path, server: &DevServer, n: usize) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let listed = at(dir, server, Some(&server.token), &["events", "dead-letters", "list", "-o", "json"]).await;
        let listed = listed.ok().json();
        if listed.as_array().unwrap().len() >= n || Instant::now() > deadline {
            return listed;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dead_letters_are_listed_in_every_format_replayed_to_the_sink_and_deleted_through_the_api() {
    const SUBSCRIPTION_CREATED: &str = "dev.chainguard.api.events.subscription.created.v1";
    let scratch = Scratch::new();
    let server = DevServer::start(&scratch.0);
    let dir = scratch.0.join("cfg");
    let t = Some(server.token.as_str());
    let sink = refusing_receiver().await;
    let subscription =
        at(&dir, &server, t, &["events", "subscriptions", "create", &sink, "--group", "dev", "-o", "id"]).await.id();

    // The subscription's own created event is refused once: a dead letter.
    let listed = dead_letters_once(&dir, &server, 1).await;
    let letters = listed.as_array().unwrap();
    assert_eq!(letters.len(), 1, "{listed}");
    let letter = &letters[0];
    assert_eq!(
        (&letter["subscription"], &letter["sink"], &letter["eventType"], &letter["eventSubject"]),
        (&json!(subscription), &json!(sink), &json!(SUBSCRIPTION_CREATED), &json!(subscription))
    );
    assert_eq!((&letter["attempts"], &letter["reason"]), (&json!(1), &json!("the sink answered 410 Gone")));
    let id = letter["id"].as_str().unwrap().to_owned();
    let yaml = at(&dir, &server, t, &["events", "dead-letters", "list", "-o", "yaml"]).await.ok();
    assert_eq!(serde_norway::from_str::<Value>(&yaml.stdout).unwrap(), listed);
    let by_subscription =
        at(&dir, &server, t, &["events", "dead-letters", "list", "--subscription", &subscription, "-o", "id"]).await;
    assert_eq!(by_subscription.id(), id);
    let by_group = at(&dir, &server, t, &["events", "dead-letters", "list", "--group", "dev", "-o", "id"]).await;
    assert_eq!(by_group.id(), id);
    let table = at(&dir, &server, t, &["events", "dead-letters", "list"]).await.ok().stdout;
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 2, "{table}");
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["ID", "SUBSCRIPTION", "SINK", "EVENT", "TYPE", "SUBJECT", "ATTEMPTS", "FAILED", "REASON"]
    );
    assert!(lines[1].starts_with(&id) && lines[1].ends_with("the sink answered 410 Gone"), "{table}");

    // A replay sends the same event again, which the receiver now accepts: the dead letter goes.
    let replayed = at(&dir, &server, t, &["events", "dead-letters", "replay", &id]).await.ok();
    assert_eq!(replayed.stdout, format!("replayed {id}: delivered to {sink}; deleted\n"));
    assert_eq!(at(&dir, &server, t, &["events", "dead-letters", "list", "-o", "id"]).await.ok().stdout, "");
    let again = at(&dir, &server, t, &["events", "dead-letters", "replay", &id]).await;
    again.failed_exactly(&format!("Not found: dead letter {id} does not exist"));

    // A group's created event is refused once too; that dead letter is deleted undelivered.
    at(&dir, &server, t, &["iam", "groups", "create", "eng", "--parent", "dev", "-o", "id"]).await.id();
    let listed = dead_letters_once(&dir, &server, 1).await;
    let id = listed[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(listed[0]["eventType"], "dev.chainguard.api.iam.group.created.v1");
    let deleted = at(&dir, &server, t, &["events", "dead-letters", "delete", &id]).await.ok();
    assert_eq!(deleted.stdout, format!("deleted {id}\n"));
    assert_eq!(at(&dir, &server, t, &["events", "dead-letters", "list", "-o", "id"]).await.ok().stdout, "");

    // The audit trail names who replayed and who deleted.
    let audit =
        at(&dir, &server, t, &["audit", "list", "--type", "dev.grove.events.dead_letter.replayed.v1", "-o", "json"])
            .await
            .ok()
            .json();
    assert_eq!(audit.as_array().unwrap().len(), 1, "{audit}");
    assert_eq!(audit[0]["transport"], "rest");
}
