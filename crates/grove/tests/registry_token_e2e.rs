//! Grove as the token service of a real registry: the `grove` binary (`serve --dev`) decides,
//! Debian's `docker-registry` (CNCF distribution) serves, and `skopeo` pushes an OCI image
//! layout this test writes itself and pulls it back. The identities get their Grove tokens
//! by exchanging identity tokens of a test issuer, as workloads do.
//!
//! The registry tests skip, saying so, when `docker-registry` or `skopeo` is not installed
//! (`.ci/run` installs both), except under CI (`CI=true`), where a missing one fails them: a
//! CI run must not pass without having run them. The protocol checks need only Grove.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod process_support;

mod sts_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use grove_domain::ports::{Clock, SystemClock};
use grove_domain::{Timestamp, Uidp};
use grove_sts::registry::token::{Access, RegistryTokens};
use grove_sts::{ApiTokens, SigningKey};
use process_support::{free_port, Killed, Scratch};
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};
use sts_support::{Signer, TestIssuer};

const SERVICE: &str = "grove-e2e-registry";
const REGISTRY: &str = "docker-registry";
const SKOPEO: &str = "skopeo";

/// `grove serve --dev` with a signing key the test holds, so it can mint expired tokens.
struct Grove {
    url: String,
    admin_token: String,
    key: SigningKey,
    http: reqwest::Client,
    _process: Killed,
}

impl Grove {
    fn start(scratch: &Path) -> Self {
        let key = SigningKey::generate().unwrap();
        let key_file = scratch.join("signing-key.pem");
        std::fs::write(&key_file, key.to_pem()).unwrap();
        let port = free_port();
        let token_file = scratch.join("dev-token");
        let child = Command::new(env!("CARGO_BIN_EXE_grove"))
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--dev-token-file"])
            .arg(&token_file)
            .env("GROVE_SIGNING_KEY", &key_file)
            .env("GROVE_DATA_DIR", scratch.join("grove-data"))
            .env_remove("GROVE_DATABASE_URL")
            .env("GROVE_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let process = Killed(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        let admin_token = loop {
            if let Ok(line) = std::fs::read_to_string(&token_file) {
                if let Some(token) = line.trim().strip_prefix("export GROVE_TOKEN=") {
                    break token.to_owned();
                }
            }
            assert!(Instant::now() < deadline, "grove serve --dev did not start");
            std::thread::sleep(Duration::from_millis(50));
        };
        Self {
            url: format!("http://127.0.0.1:{port}"),
            admin_token,
            key,
            http: reqwest::Client::new(),
            _process: process,
        }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.url)).bearer_auth(&self.admin_token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, path: &str, body: Value) -> String {
        let (status, body) = self.call(reqwest::Method::POST, path, Some(body)).await;
        assert_eq!(status, 200, "{path}: {body}");
        body["uid"].as_str().unwrap().to_owned()
    }

    /// The dev organization's uid.
    async fn org(&self) -> String {
        let (status, body) = self.call(reqwest::Method::GET, "/iam/v2beta1/groups?uidp.in_root=true", None).await;
        assert_eq!(status, 200, "{body}");
        body["groups"][0]["uid"].as_str().unwrap().to_owned()
    }

    /// An identity in `group` that `issuer`'s tokens for `subject` may assume, bound to `role` there.
    async fn workload(&self, group: &str, subject: &str, issuer: &TestIssuer, role: &str) -> String {
        let body = json!({ "name": subject, "claimMatch": { "issuer": issuer.url, "subject": subject } });
        let identity = self.create(&format!("/iam/v2beta1/identities/{group}"), body).await;
        let roles = self.call(reqwest::Method::GET, &format!("/iam/v2beta1/roles?name={role}"), None).await.1;
        let role_uid = roles["roles"][0]["uid"].as_str().unwrap().to_owned();
        let binding = json!({ "identityUid": identity, "roleUid": role_uid });
        self.create(&format!("/iam/v2beta1/roleBindings/{group}"), binding).await;
        identity
    }

    /// A Grove token for `identity`, exchanged from an identity token of `issuer`.
    async fn exchange(&self, issuer: &TestIssuer, signer: &Signer, subject: &str, identity: &str) -> String {
        let token = signer.sign(&issuer.claims(subject, &self.url));
        let response = self
            .http
            .get(format!("{}/sts/exchange", self.url))
            .query(&[("aud", self.url.as_str()), ("identity", identity)])
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned()
    }

    /// A token for `identity` signed with Grove's key that expired a minute ago.
    fn expired_token(&self, identity: &str) -> String {
        let past = Arc::new(PastClock(chrono::Utc::now().timestamp_millis() - 120_000));
        let tokens = ApiTokens::new(self.key.clone(), Vec::new(), self.url.clone(), self.url.clone(), past);
        tokens.mint(&Uidp::parse(identity).unwrap(), chrono::Duration::seconds(60)).unwrap().token
    }

    /// A well-formed token for `identity` signed with a key Grove never had.
    fn forged_token(&self, identity: &str) -> String {
        let now = Arc::new(PastClock(chrono::Utc::now().timestamp_millis()));
        let tokens =
            ApiTokens::new(SigningKey::generate().unwrap(), Vec::new(), self.url.clone(), self.url.clone(), now);
        tokens.mint(&Uidp::parse(identity).unwrap(), chrono::Duration::seconds(300)).unwrap().token
    }

    async fn token_request(&self, query: &[(&str, &str)], authorization: Option<&str>) -> reqwest::Response {
        let mut request = self.http.get(format!("{}/registry/token", self.url)).query(query);
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        request.send().await.unwrap()
    }
}

/// A clock stopped at a moment.
struct PastClock(i64);

impl Clock for PastClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_unix_millis(self.0).unwrap()
    }
}

fn basic(token: &str) -> String {
    format!("Basic {}", STANDARD.encode(format!("_token:{token}")))
}

fn claims_of(token: &str) -> Value {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(token.split('.').nth(1).unwrap()).unwrap()).unwrap()
}

/// Debian's `docker-registry` with token auth against `grove`, storage in `scratch`.
struct Registry {
    host: String,
    _process: Killed,
}

impl Registry {
    async fn start(scratch: &Path, grove: &Grove) -> Self {
        let bundle = grove.http.get(format!("{}/registry/certs.pem", grove.url)).send().await.unwrap();
        assert_eq!(bundle.status(), 200);
        let bundle_file = scratch.join("grove-certs.pem");
        std::fs::write(&bundle_file, bundle.text().await.unwrap()).unwrap();
        let port = free_port();
        let config = format!(
            "version: 0.1\nlog:\n  level: warn\nstorage:\n  filesystem:\n    rootdirectory: {storage}\n  delete:\n    enabled: true\n\
             http:\n  addr: 127.0.0.1:{port}\nauth:\n  token:\n    realm: {grove}/registry/token\n    service: {SERVICE}\n    \
             issuer: {grove}\n    rootcertbundle: {bundle}\nnotifications:\n  endpoints:\n    - name: grove\n      \
             url: {grove}/registry/events\n      headers:\n        Authorization: [Bearer {webhook_token}]\n      \
             timeout: 2s\n      threshold: 3\n      backoff: 1s\n",
            webhook_token = grove.admin_token,
            storage = scratch.join("registry-storage").display(),
            grove = grove.url,
            bundle = bundle_file.display(),
        );
        let config_file = scratch.join("registry.yml");
        std::fs::write(&config_file, config).unwrap();
        let log = std::fs::File::create(scratch.join("registry.log")).unwrap();
        let child =
            Command::new(REGISTRY).arg("serve").arg(&config_file).stdout(Stdio::null()).stderr(log).spawn().unwrap();
        let process = Killed(child);
        let host = format!("127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(r) = reqwest::get(format!("http://{host}/v2/")).await {
                // Token auth is on: the registry challenges anonymous callers.
                assert_eq!(r.status(), 401);
                let challenge = r.headers()["www-authenticate"].to_str().unwrap().to_owned();
                assert!(challenge.contains(&format!("realm=\"{}/registry/token\"", grove.url)), "{challenge}");
                break;
            }
            assert!(Instant::now() < deadline, "docker-registry did not start");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Self { host, _process: process }
    }
}

/// Writes an OCI image layout with one tiny layer, tagged `v1`.
fn write_oci_layout(dir: &Path, content: &str) {
    let blobs = dir.join("blobs/sha256");
    std::fs::create_dir_all(&blobs).unwrap();
    let put = |bytes: &[u8]| -> (String, usize) {
        let digest = hex_digest(bytes);
        std::fs::write(blobs.join(&digest), bytes).unwrap();
        (format!("sha256:{digest}"), bytes.len())
    };
    let (layer, layer_size) = put(&tar_of("hello.txt", content.as_bytes()));
    let config = json!({
        "architecture": "amd64", "os": "linux", "config": {},
        "rootfs": {"type": "layers", "diff_ids": [layer]},
    });
    let (config_digest, config_size) = put(config.to_string().as_bytes());
    let manifest = json!({
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": config_digest, "size": config_size},
        "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar", "digest": layer, "size": layer_size}],
    });
    let (manifest_digest, manifest_size) = put(manifest.to_string().as_bytes());
    let index = json!({
        "schemaVersion": 2,
        "manifests": [{
            "mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": manifest_digest, "size": manifest_size,
            "annotations": {"org.opencontainers.image.ref.name": "v1"},
        }],
    });
    std::fs::write(dir.join("index.json"), index.to_string()).unwrap();
    std::fs::write(dir.join("oci-layout"), r#"{"imageLayoutVersion":"1.0.0"}"#).unwrap();
}

fn hex_digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A ustar archive holding one regular file.
fn tar_of(name: &str, content: &[u8]) -> Vec<u8> {
    let mut header = [0u8; 512];
    let field = |header: &mut [u8; 512], at: usize, value: &[u8]| header[at..at + value.len()].copy_from_slice(value);
    field(&mut header, 0, name.as_bytes());
    field(&mut header, 100, b"0000644\0");
    field(&mut header, 108, b"0000000\0");
    field(&mut header, 116, b"0000000\0");
    field(&mut header, 124, format!("{:011o}\0", content.len()).as_bytes());
    field(&mut header, 136, b"00000000000\0");
    field(&mut header, 148, b"        ");
    field(&mut header, 156, b"0");
    field(&mut header, 257, b"ustar\0");
    field(&mut header, 263, b"00");
    let sum: u32 = header.iter().map(|b| u32::from(*b)).sum();
    field(&mut header, 148, format!("{sum:06o}\0 ").as_bytes());
    let mut out = header.to_vec();
    out.extend_from_slice(content);
    out.resize(out.len().div_ceil(512) * 512 + 1024, 0);
    out
}

/// `skopeo copy` with `creds` for the registry side.
fn skopeo_copy(scratch: &Path, from: &str, to: &str, creds_flag: &str, token: &str) -> Output {
    Command::new(SKOPEO)
        .args(["--insecure-policy", "copy", "--retry-times", "0"])
        .arg(format!("{creds_flag}=_token:{token}"))
        .args(["--src-tls-verify=false", "--dest-tls-verify=false", from, to])
        .env("HOME", scratch)
        .env("XDG_RUNTIME_DIR", scratch)
        .env("REGISTRY_AUTH_FILE", scratch.join("auth.json"))
        .output()
        .unwrap()
}

fn push(scratch: &Path, registry: &Registry, layout: &Path, path: &str, token: &str) -> Output {
    let from = format!("oci:{}:v1", layout.display());
    skopeo_copy(scratch, &from, &format!("docker://{}/{path}:v1", registry.host), "--dest-creds", token)
}

fn pull(scratch: &Path, registry: &Registry, path: &str, token: &str, into: &str) -> Output {
    let to = format!("oci:{}:v1", scratch.join(into).display());
    skopeo_copy(scratch, &format!("docker://{}/{path}:v1", registry.host), &to, "--src-creds", token)
}

#[track_caller]
fn succeeded(output: &Output, what: &str) {
    assert!(output.status.success(), "{what} failed: {}", String::from_utf8_lossy(&output.stderr));
}

#[track_caller]
fn refused(output: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{what} succeeded but should be refused");
    assert!(
        ["denied", "unauthorized", "authentication required", "401", "403"]
            .iter()
            .any(|s| stderr.to_lowercase().contains(s)),
        "{what} failed for another reason: {stderr}"
    );
}

/// Where `name` is on `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|dir| dir.join(name)).find(|path| path.is_file())
}

/// True when the `CI` variable says this is a CI run (`true` in any case, or `1`, as CI
/// services set it).
fn is_ci(value: Option<&str>) -> bool {
    value.is_some_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// True, after saying so, when `docker-registry` or `skopeo` is missing and the registry
/// tests skip.
///
/// # Panics
/// When one is missing under CI, which must run these tests rather than pass without them.
fn registry_binaries_missing() -> bool {
    let missing: Vec<&str> = [REGISTRY, SKOPEO].into_iter().filter(|name| on_path(name).is_none()).collect();
    if missing.is_empty() {
        return false;
    }
    let what = format!("{} not installed (apt-get install docker-registry skopeo)", missing.join(" and "));
    assert!(
        !is_ci(std::env::var("CI").ok().as_deref()),
        "{what}: under CI=true the registry end-to-end test fails rather than skips; .ci/run installs them"
    );
    eprintln!("SKIPPED: {what}; .ci/run installs them");
    true
}

#[test]
fn ci_is_told_by_the_ci_variable_as_ci_services_set_it() {
    for (value, ci) in [
        (Some("true"), true),
        (Some("TRUE"), true),
        (Some("1"), true),
        (Some("false"), false),
        (Some(""), false),
        (None, false),
    ] {
        assert_eq!(is_ci(value), ci, "CI={value:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stock_registry_lets_grove_decide_who_pulls_and_pushes() {
    if registry_binaries_missing() {
        return;
    }
    let scratch = Scratch::new();
    let grove = Grove::start(&scratch.0);
    let signer = Signer::es256("regtoken-key");
    let issuer = TestIssuer::start(&[&signer]).await;
    let org = grove.org().await;
    let team_a = grove.create(&format!("/iam/v2beta1/groups/{org}"), json!({"name": "team-a"})).await;
    let team_b = grove.create(&format!("/iam/v2beta1/groups/{org}"), json!({"name": "team-b"})).await;
    let puller = grove.workload(&org, "puller", &issuer, "registry.pull").await;
    let pusher = grove.workload(&team_a, "pusher", &issuer, "registry.push").await;
    let puller_token = grove.exchange(&issuer, &signer, "puller", &puller).await;
    let pusher_token = grove.exchange(&issuer, &signer, "pusher", &pusher).await;
    let registry = Registry::start(&scratch.0, &grove).await;
    let layout = scratch.0.join("layout");
    write_oci_layout(&layout, "hello from grove\n");

    // Push rights in team-a: pushing to a new repo there creates it in Grove, then pulls back.
    succeeded(&push(&scratch.0, &registry, &layout, "dev/team-a/app", &pusher_token), "push to team-a");
    let (status, repos) =
        grove.call(reqwest::Method::GET, &format!("/registry/v2beta1/repos?uidp.children_of={team_a}"), None).await;
    assert_eq!(status, 200, "{repos}");
    let names: Vec<&str> = repos["repos"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["app"]);
    succeeded(&pull(&scratch.0, &registry, "dev/team-a/app", &pusher_token, "pushed-back"), "pusher pulls team-a");

    // The pull role at the organization pulls the image, byte for byte, and cannot push.
    succeeded(&pull(&scratch.0, &registry, "dev/team-a/app", &puller_token, "pulled"), "puller pulls");
    // The registry may hold the layer compressed, but the image config (which names the
    // uncompressed layer's digest) comes back byte for byte.
    let blob = |digest: &str| {
        std::fs::read(scratch.0.join("pulled/blobs/sha256").join(digest.trim_start_matches("sha256:"))).unwrap()
    };
    let pulled_index: Value =
        serde_json::from_slice(&std::fs::read(scratch.0.join("pulled/index.json")).unwrap()).unwrap();
    assert_eq!(pulled_index["manifests"].as_array().unwrap().len(), 1);
    let manifest: Value =
        serde_json::from_slice(&blob(pulled_index["manifests"][0]["digest"].as_str().unwrap())).unwrap();
    let config: Value = serde_json::from_slice(&blob(manifest["config"]["digest"].as_str().unwrap())).unwrap();
    let layer = tar_of("hello.txt", b"hello from grove\n");
    assert_eq!(config["rootfs"]["diff_ids"], json!([format!("sha256:{}", hex_digest(&layer))]));
    refused(&push(&scratch.0, &registry, &layout, "dev/team-a/app", &puller_token), "puller pushes");

    // The registry checks Grove's signature and audience itself: the same grant signed by
    // another key, or made out for another service, is refused.
    let tags = |token: String| {
        let url = format!("http://{}/v2/dev/team-a/app/tags/list", registry.host);
        async move { reqwest::Client::new().get(url).bearer_auth(token).send().await.unwrap() }
    };
    let scope = "repository:dev/team-a/app:pull";
    let granted = grove.token_request(&[("service", SERVICE), ("scope", scope)], Some(&basic(&puller_token))).await;
    let registry_token = granted.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
    let listed = tags(registry_token).await;
    assert_eq!(listed.status(), 200);
    assert_eq!(listed.json::<Value>().await.unwrap()["tags"], json!(["v1"]));
    let elsewhere = grove.token_request(&[("service", "another"), ("scope", scope)], Some(&basic(&puller_token))).await;
    let elsewhere = elsewhere.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
    assert_eq!(tags(elsewhere).await.status(), 401, "a token for another service");
    let impostor =
        RegistryTokens::new(SigningKey::generate().unwrap(), &[], grove.url.clone(), Arc::new(SystemClock)).unwrap();
    let access = [Access { kind: "repository".into(), name: "dev/team-a/app".into(), actions: vec!["pull".into()] }];
    let forged_grant = impostor.sign(&Uidp::parse(&puller).unwrap(), SERVICE, &access, None).unwrap().token;
    assert_eq!(tags(forged_grant).await.status(), 401, "a registry token signed by another key");

    // The registry's push notification moved Grove's tag v1 of the repo to the pushed digest.
    let granted = grove.token_request(&[("service", SERVICE), ("scope", scope)], Some(&basic(&puller_token))).await;
    let registry_token = granted.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
    let manifest = reqwest::Client::new()
        .head(format!("http://{}/v2/dev/team-a/app/manifests/v1", registry.host))
        .bearer_auth(registry_token)
        .header(
            "accept",
            "application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(manifest.status(), 200);
    let pushed_digest = manifest.headers()["docker-content-digest"].to_str().unwrap().to_owned();
    let app_uid = repos["repos"][0]["uid"].as_str().unwrap().to_owned();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, tags) =
            grove.call(reqwest::Method::GET, &format!("/registry/v2beta1/tags?uidp.children_of={app_uid}"), None).await;
        assert_eq!(status, 200, "{tags}");
        let found: Vec<(&str, &str)> = tags["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["name"].as_str().unwrap(), t["digest"].as_str().unwrap()))
            .collect();
        if !found.is_empty() {
            assert_eq!(found, [("v1", pushed_digest.as_str())]);
            break;
        }
        assert!(Instant::now() < deadline, "the registry's push notification never reached Grove");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    refused(&push(&scratch.0, &registry, &layout, "dev/team-a/other", &puller_token), "puller pushes a new repo");

    // Team-b's repo (pushed by the organization's owner) is out of the pusher's reach.
    succeeded(&push(&scratch.0, &registry, &layout, "dev/team-b/secret", &grove.admin_token), "owner pushes to team-b");
    refused(&pull(&scratch.0, &registry, "dev/team-b/secret", &pusher_token, "stolen"), "pusher pulls team-b");
    refused(&push(&scratch.0, &registry, &layout, "dev/team-b/mine", &pusher_token), "pusher pushes to team-b");
    let (_, b_repos) =
        grove.call(reqwest::Method::GET, &format!("/registry/v2beta1/repos?uidp.children_of={team_b}"), None).await;
    let b_names: Vec<&str> = b_repos["repos"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(b_names, ["secret"], "a refused push creates no repo");

    // Expired and forged Grove tokens get nothing.
    let expired = grove.expired_token(&pusher);
    let forged = grove.forged_token(&pusher);
    for (what, token) in [("expired", &expired), ("forged", &forged)] {
        refused(&pull(&scratch.0, &registry, "dev/team-a/app", token, "nothing"), &format!("{what} pull"));
        refused(&push(&scratch.0, &registry, &layout, "dev/team-a/app", token), &format!("{what} push"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_endpoint_speaks_the_protocol() {
    let scratch = Scratch::new();
    let grove = Grove::start(&scratch.0);
    let signer = Signer::es256("regtoken-key");
    let issuer = TestIssuer::start(&[&signer]).await;
    let org = grove.org().await;
    let team_a = grove.create(&format!("/iam/v2beta1/groups/{org}"), json!({"name": "team-a"})).await;
    let puller = grove.workload(&team_a, "puller", &issuer, "registry.pull").await;
    let token = grove.exchange(&issuer, &signer, "puller", &puller).await;
    let realm = format!("{}/registry/token", grove.url);
    let challenge = format!("Bearer realm=\"{realm}\",service=\"{SERVICE}\"");

    // No, expired and forged credentials: 401 with the challenge and the protocol's body.
    let pull_scope = ("scope", "repository:dev/team-a/app:pull");
    for authorization in [
        None,
        Some(basic(&grove.expired_token(&puller))),
        Some(basic(&grove.forged_token(&puller))),
        Some(format!("Basic {}", STANDARD.encode(format!("someone:{token}")))),
        Some("Bearer not-a-jwt".to_owned()),
    ] {
        let response = grove.token_request(&[("service", SERVICE), pull_scope], authorization.as_deref()).await;
        assert_eq!(response.status(), 401, "{authorization:?}");
        assert_eq!(response.headers()["www-authenticate"].to_str().unwrap(), challenge);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["errors"][0]["code"], "UNAUTHORIZED", "{body}");
    }

    // Malformed scopes: 400 in the protocol's form, whoever asks.
    for (scope, code) in [
        ("repository:dev/team-a/app", "UNSUPPORTED"),
        ("repository:dev/team-a/app:", "UNSUPPORTED"),
        ("repository:Dev/App:pull", "NAME_INVALID"),
        ("repository:dev//app:pull", "NAME_INVALID"),
    ] {
        let response = grove.token_request(&[("service", SERVICE), ("scope", scope)], Some(&basic(&token))).await;
        assert_eq!(response.status(), 400, "{scope}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["errors"][0]["code"], code, "{scope}: {body}");
    }
    let response = grove.token_request(&[pull_scope], Some(&basic(&token))).await;
    assert_eq!(response.status(), 400, "a request without service");

    // A repo that does not exist yet: pull is not granted, and a puller's push creates nothing.
    let response = grove
        .token_request(&[("service", SERVICE), ("scope", "repository:dev/team-a/app:pull,push")], Some(&basic(&token)))
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(claims_of(body["token"].as_str().unwrap())["access"], json!([]));

    // Once the repo exists, asking for more than is held grants the part that is held.
    let repo = grove.create(&format!("/registry/v2beta1/repos/{team_a}"), json!({"name": "app"})).await;
    assert!(repo.starts_with(&team_a));
    let response = grove
        .token_request(
            &[
                ("service", SERVICE),
                ("scope", "repository:dev/team-a/app:pull,push,delete"),
                ("scope", "registry:catalog:* repository:dev/elsewhere/x:pull"),
            ],
            Some(&format!("Bearer {token}")),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["expires_in"], 300);
    assert_eq!(body["access_token"], body["token"]);
    let claims = claims_of(body["token"].as_str().unwrap());
    assert_eq!(claims["access"], json!([{"type": "repository", "name": "dev/team-a/app", "actions": ["pull"]}]));
    assert_eq!((claims["iss"].as_str(), claims["aud"].as_str()), (Some(grove.url.as_str()), Some(SERVICE)));
    assert_eq!(claims["sub"], puller);
    assert_eq!(claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(), 300);

    // The notification webhook: credentials required, an envelope required; pushes of
    // tagged manifests are recorded, everything else is skipped or ignored.
    let events = |authorization: Option<String>, body: String| {
        let mut request = grove.http.post(format!("{}/registry/events", grove.url)).body(body);
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        async move { request.send().await.unwrap() }
    };
    assert_eq!(events(None, "{}".into()).await.status(), 401);
    assert_eq!(events(Some(format!("Bearer {}", grove.forged_token(&puller))), "{}".into()).await.status(), 401);
    let admin = Some(format!("Bearer {}", grove.admin_token));
    let bad = events(admin.clone(), "not json".into()).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(bad.json::<Value>().await.unwrap()["errors"][0]["code"], "UNSUPPORTED");
    let digest = format!("sha256:{}", "c".repeat(64));
    let manifest = "application/vnd.oci.image.manifest.v1+json";
    let envelope = json!({"events": [
        {"action": "push", "target": {"mediaType": manifest, "digest": digest, "repository": "dev/team-a/app", "tag": "v9"}},
        {"action": "push", "target": {"mediaType": manifest, "digest": digest, "repository": "dev/team-a/none", "tag": "v9"}},
        {"action": "push", "target": {"mediaType": manifest, "digest": digest, "repository": "Bad//Name", "tag": "v9"}},
        {"action": "pull", "target": {"mediaType": manifest, "digest": digest, "repository": "dev/team-a/app", "tag": "v8"}},
        {"action": "push", "target": {"mediaType": "application/octet-stream", "digest": digest, "repository": "dev/team-a/app"}},
    ]});
    let answered = events(admin.clone(), envelope.to_string()).await;
    assert_eq!(answered.status(), 200);
    assert_eq!(answered.json::<Value>().await.unwrap(), json!({"recorded": 1, "skipped": 2}));
    let (_, tags) =
        grove.call(reqwest::Method::GET, &format!("/registry/v2beta1/tags?uidp.children_of={repo}"), None).await;
    assert_eq!(tags["tags"][0]["name"], "v9");
    assert_eq!(tags["tags"][0]["digest"], json!(digest));

    // The certificate bundle names the signing key.
    let bundle = grove.http.get(format!("{}/registry/certs.pem", grove.url)).send().await.unwrap();
    assert_eq!(bundle.status(), 200);
    let text = bundle.text().await.unwrap();
    assert_eq!(text.matches("-----BEGIN CERTIFICATE-----").count(), 1, "{text}");
}
