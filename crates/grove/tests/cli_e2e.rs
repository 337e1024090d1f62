//! The `grove` command-line client, run as the built binary against `grove serve --dev` in
//! another process: logging in by exchanging an identity token from a test issuer, printing
//! and renewing the token, and every resource command.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
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
