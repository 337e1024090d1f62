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
