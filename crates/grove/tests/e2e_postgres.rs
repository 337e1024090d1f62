//! End to end on PostgreSQL: the real `grove` binary driven over HTTP. Data survives a
//! restart; a database outage answers 503 in the error format and heals without a restart;
//! racing "delete group" against "create child" never orphans a child or answers 5xx; two
//! nodes on one database share web console sessions.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns: a failed unwrap is a failed test

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use grove_store_postgres::testing::TestDatabase;
use serde_json::{json, Value};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A temporary directory of one test, removed when the test ends (passed or failed).
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("grove-e2e-{tag}-{}-{}", std::process::id(), free_port()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `grove serve --dev` on a database.
struct Grove {
    child: Child,
    base: String,
    token: String,
    http: reqwest::Client,
}

impl Grove {
    async fn start(database_url: &str, dir: &Path) -> Self {
        Self::start_on(database_url, dir, free_port()).await
    }

    /// Starts on `port` (a restarted server keeps its address, which its tokens name).
    async fn start_on(database_url: &str, dir: &Path, port: u16) -> Self {
        Self::launch(database_url, dir, port, None).await
    }

    /// Starts on `port` answering as `base_url`: one of several nodes behind a balancer.
    async fn start_behind(database_url: &str, dir: &Path, port: u16, base_url: &str) -> Self {
        Self::launch(database_url, dir, port, Some(base_url)).await
    }

    async fn launch(database_url: &str, dir: &Path, port: u16, base_url: Option<&str>) -> Self {
        let token_file = dir.join(format!("token-{port}"));
        let _ = std::fs::remove_file(&token_file);
        let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
        if let Some(base_url) = base_url {
            command.env("GROVE_BASE_URL", base_url).env("GROVE_AUTH_URL", base_url);
        }
        let child = command
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--database-url", database_url])
            .arg("--dev-token-file")
            .arg(&token_file)
            .env("GROVE_LOG", "warn")
            .env("GROVE_DATA_DIR", dir.join("data"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        let line = loop {
            if let Ok(line) = std::fs::read_to_string(&token_file) {
                break line;
            }
            assert!(Instant::now() < deadline, "grove did not start");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let token = line.trim().strip_prefix("export GROVE_TOKEN=").unwrap().to_owned();
        let http = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
        Self { child, base: format!("http://127.0.0.1:{port}"), token, http }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.token);
        if let Some(body) = body {
            req = req.json(&body);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        (status, if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap() })
    }

    async fn dev_org(&self) -> String {
        let (_, body) = self.call(reqwest::Method::GET, "/iam/v2beta1/groups?name=dev&uidp.in_root=true", None).await;
        body["groups"][0]["uid"].as_str().unwrap().to_owned()
    }

    /// SIGTERM, then wait for the graceful exit.
    fn stop(mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "grove did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Grove {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn data_survives_a_restart_of_grove() {
    let db = TestDatabase::create().await.unwrap();
    let dir = Scratch::new("restart");
    let grove = Grove::start(db.url(), &dir).await;
    let org = grove.dev_org().await;
    let (status, group) =
        grove.call(reqwest::Method::POST, &format!("/iam/v2beta1/groups/{org}"), Some(json!({"name": "kept"}))).await;
    assert_eq!(status, 200, "{group}");
    let (_, first_page) = grove.call(reqwest::Method::GET, "/iam/v2beta1/groups?page_size=1", None).await;
    let page_token = first_page["nextPageToken"].as_str().unwrap().to_owned();
    let old_token = grove.token.clone();
    let port: u16 = grove.base.rsplit(':').next().unwrap().parse().unwrap();
    grove.stop();

    let mut again = Grove::start_on(db.url(), &dir, port).await;
    assert_eq!(again.dev_org().await, org, "--dev reuses the organization it made before");
    let uid = group["uid"].as_str().unwrap();
    let (status, fetched) = again.call(reqwest::Method::GET, &format!("/iam/v2beta1/groups/{uid}"), None).await;
    assert_eq!((status, fetched), (200, group.clone()));
    // The dev signing key and paging secret are kept in the data directory: what the first
    // server handed out still works.
    again.token = old_token;
    let (status, fetched) = again.call(reqwest::Method::GET, &format!("/iam/v2beta1/groups/{uid}"), None).await;
    assert_eq!((status, fetched), (200, group), "the API token from before the restart is still valid");
    let (status, second_page) = again
        .call(reqwest::Method::GET, &format!("/iam/v2beta1/groups?page_size=1&page_token={page_token}"), None)
        .await;
    assert_eq!(status, 200, "the page token from before the restart still works: {second_page}");
    again.stop();
    db.cleanup().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_delete_group_against_create_child_never_orphans_or_fails_with_5xx() {
    let db = TestDatabase::create().await.unwrap();
    let dir = Scratch::new("race");
    let grove = std::sync::Arc::new(Grove::start(db.url(), &dir).await);
    let org = grove.dev_org().await;
    for round in 0..8 {
        let (_, parent) = grove
            .call(
                reqwest::Method::POST,
                &format!("/iam/v2beta1/groups/{org}"),
                Some(json!({"name": format!("p{round}")})),
            )
            .await;
        let parent = parent["uid"].as_str().unwrap().to_owned();
        let mut tasks = Vec::new();
        for i in 0..12 {
            let (g, p) = (grove.clone(), parent.clone());
            tasks.push(tokio::spawn(async move {
                if i == 6 {
                    ("delete", g.call(reqwest::Method::DELETE, &format!("/iam/v2beta1/groups/{p}"), None).await)
                } else {
                    let body = json!({"name": format!("c{i}")});
                    ("create", g.call(reqwest::Method::POST, &format!("/iam/v2beta1/groups/{p}"), Some(body)).await)
                }
            }));
        }
        let mut deleted = false;
        let mut created = 0;
        for t in tasks {
            let (kind, (status, body)) = t.await.unwrap();
            assert!(status < 500, "round {round}: {kind} answered {status}: {body}");
            match (kind, status) {
                ("delete", 200) => deleted = true,
                ("delete", _) => {
                    assert_eq!(body["message"], "Precondition failed: cannot delete group with child groups")
                }
                ("create", 200) => created += 1,
                ("create", _) => assert_eq!(status, 404, "{body}"),
                _ => unreachable!(),
            }
        }
        let (status, children) =
            grove.call(reqwest::Method::GET, &format!("/iam/v2beta1/groups?uidp.descendants_of={parent}"), None).await;
        assert_eq!(status, 200);
        let listed = children["totalCount"].as_str().unwrap().parse::<usize>().unwrap();
        if deleted {
            assert_eq!((created, listed), (0, 0), "round {round}: children outlived their deleted parent");
        } else {
            assert_eq!(listed, created, "round {round}");
        }
    }
    std::sync::Arc::into_inner(grove).unwrap().stop();
    db.cleanup().await.unwrap();
}

/// A PostgreSQL cluster of this test's own, so that it can be stopped and started.
struct PrivatePostgres {
    bin: PathBuf,
    data: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl PrivatePostgres {
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(path);
            cmd
        } else {
            Command::new(path)
        }
    }

    fn init(dir: &Path) -> Self {
        let mut bins: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL server binaries under /usr/lib/postgresql")
            .flatten()
            .map(|e| e.path().join("bin"))
            .filter(|p| p.join("initdb").exists())
            .collect();
        bins.sort();
        let as_postgres = Command::new("id").arg("-u").output().unwrap().stdout.starts_with(b"0");
        if as_postgres {
            assert!(Command::new("chown").args(["-R", "postgres"]).arg(dir).status().unwrap().success());
        }
        let pg = Self { bin: bins.pop().unwrap(), data: dir.join("data"), port: free_port(), as_postgres };
        let status = pg
            .command("initdb")
            .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "-D"])
            .arg(&pg.data)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "initdb failed");
        pg
    }

    fn start(&self) {
        let opts = format!("-p {} -c listen_addresses=127.0.0.1 -k {}", self.port, self.data.display());
        let log = self.data.join("server.log");
        let status = self
            .command("pg_ctl")
            .args(["-w", "-D"])
            .arg(&self.data)
            .arg("-l")
            .arg(&log)
            .args(["-o", &opts, "start"])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "pg_ctl start failed");
    }

    fn stop(&self) {
        let status = self
            .command("pg_ctl")
            .args(["-w", "-m", "fast", "-D"])
            .arg(&self.data)
            .arg("stop")
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "pg_ctl stop failed");
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = self.command("pg_ctl").args(["-m", "immediate", "-D"]).arg(&self.data).arg("stop").output();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_outage_answers_503_and_heals_without_a_restart() {
    let dir = Scratch::new("outage");
    let pg = PrivatePostgres::init(&dir);
    pg.start();
    let grove = Grove::start(&pg.url(), &dir).await;
    let org = grove.dev_org().await;
    assert_eq!(grove.call(reqwest::Method::GET, "/readyz", None).await.0, 200);

    pg.stop();
    let (status, body) = grove.call(reqwest::Method::GET, &format!("/iam/v2beta1/groups/{org}"), None).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], 14);
    assert_eq!(body["details"][0]["reason"], "UNAVAILABLE");
    let text = body.to_string();
    assert!(!text.contains("connection") && !text.contains("refused") && !text.contains("127.0.0.1"), "{text}");
    let (status, ready) = grove.call(reqwest::Method::GET, "/readyz", None).await;
    assert_eq!((status, ready["code"].as_i64()), (503, Some(14)));

    pg.start();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, _) = grove.call(reqwest::Method::GET, &format!("/iam/v2beta1/groups/{org}"), None).await;
        if status == 200 {
            break;
        }
        assert_eq!(status, 503);
        assert!(Instant::now() < deadline, "grove did not recover after the database came back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(grove.call(reqwest::Method::GET, "/readyz", None).await.0, 200);
    grove.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_requests_and_show_the_database_pool() {
    let db = TestDatabase::create().await.unwrap();
    let dir = Scratch::new("metrics");
    let grove = Grove::start(db.url(), &dir).await;
    grove.dev_org().await;
    let text = reqwest::get(format!("{}/metrics", grove.base)).await.unwrap().text().await.unwrap();
    let scrape = prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap();
    let gauge = |name: &str| {
        scrape.samples.iter().find(|s| s.metric == name).map(|s| match s.value {
            prometheus_parse::Value::Gauge(v) => v,
            ref other => panic!("{name} is not a gauge: {other:?}"),
        })
    };
    assert_eq!(gauge("grove_db_pool_max_connections"), Some(16.0));
    assert_eq!(gauge("grove_db_pool_waiting"), Some(0.0));
    assert!(gauge("grove_db_pool_connections_idle").unwrap() >= 1.0, "{text}");
    assert!(gauge("grove_db_pool_connections_in_use").is_some(), "{text}");
    let groups = scrape
        .samples
        .iter()
        .find(|s| s.metric == "grove_http_requests_total" && s.labels.get("route") == Some("/iam/v2beta1/groups"))
        .unwrap_or_else(|| panic!("no count for the groups list: {text}"));
    assert_eq!((groups.labels.get("status"), groups.labels.get("method")), (Some("200"), Some("GET")));
    grove.stop();
    db.cleanup().await.unwrap();
}

/// The `name=value` of cookie `name` among an answer's `Set-Cookie` headers.
fn set_cookie(answer: &reqwest::Response, name: &str) -> String {
    let prefix = format!("{name}=");
    let header = answer
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name} cookie"));
    header.split(';').next().unwrap().to_owned()
}

/// The value of the first hidden `csrf` field of a page.
fn csrf_of(page: &str) -> String {
    let marker = r#"name="csrf" value=""#;
    let at = page.find(marker).unwrap() + marker.len();
    page[at..].split('"').next().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_console_session_started_on_one_node_serves_on_another_and_signing_out_there_ends_it_everywhere() {
    use diesel_async::RunQueryDsl as _;
    use sha2::Digest as _;
    let db = TestDatabase::create().await.unwrap();
    let dir = Scratch::new("console");
    let (port_a, port_b) = (free_port(), free_port());
    let shared = format!("http://127.0.0.1:{port_a}");
    let a = Grove::start_behind(db.url(), &dir, port_a, &shared).await;
    let b = Grove::start_behind(db.url(), &dir, port_b, &shared).await;
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();

    // Sign in on node A.
    let page = browser.get(format!("{}/console/sign-in", a.base)).send().await.unwrap();
    let form_cookie = set_cookie(&page, "grove_console_sign_in");
    let csrf = csrf_of(&page.text().await.unwrap());
    let signed = browser
        .post(format!("{}/console/sign-in/dev", a.base))
        .header(reqwest::header::COOKIE, &form_cookie)
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(signed.status(), 303);
    assert_eq!(signed.headers()[reqwest::header::LOCATION], "/console/groups");
    let session = set_cookie(&signed, "grove_console");

    // The database holds the cookie's SHA-256 and the tokens sealed, never either in clear.
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id_hash: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        token: String,
    }
    let store = db.store();
    let mut conn = store.pool().get().await.unwrap();
    let rows: Vec<Row> =
        diesel::sql_query("SELECT id_hash, token FROM console_sessions").load(&mut conn).await.unwrap();
    let cookie_value = session.strip_prefix("grove_console=").unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].id_hash, hex::encode(sha2::Sha256::digest(cookie_value.as_bytes())));
    assert!(rows[0].token.starts_with("v1:"), "sealed: {}", rows[0].token);
    assert!(!rows[0].token.contains("eyJ"), "no JWT in clear: {}", rows[0].token);

    // Node B serves the session, and a write there leaves its message for node A's next page.
    let groups = browser
        .get(format!("{}/console/groups", b.base))
        .header(reqwest::header::COOKIE, &session)
        .send()
        .await
        .unwrap();
    assert_eq!(groups.status(), 200);
    let body = groups.text().await.unwrap();
    assert!(body.contains("Signed in as <strong>dev-admin</strong>"), "{body}");
    let org = a.dev_org().await;
    let form = [("csrf", csrf_of(&body)), ("parent", org), ("name", "from-b".to_owned())];
    let created = browser
        .post(format!("{}/console/groups", b.base))
        .header(reqwest::header::COOKIE, &session)
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 303);
    let on_a = browser
        .get(format!("{}/console/groups", a.base))
        .header(reqwest::header::COOKIE, &session)
        .send()
        .await
        .unwrap();
    assert_eq!(on_a.status(), 200);
    assert!(
        on_a.text().await.unwrap().contains(r#"<div class="flash done" role="status"><p>Group from-b created.</p>"#),
        "node A shows the message of node B's write"
    );

    // Signing out on node B ends the session on node A too.
    let page = browser
        .get(format!("{}/console/groups", b.base))
        .header(reqwest::header::COOKIE, &session)
        .send()
        .await
        .unwrap();
    let csrf = csrf_of(&page.text().await.unwrap());
    let out = browser
        .post(format!("{}/console/sign-out", b.base))
        .header(reqwest::header::COOKIE, &session)
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(out.headers()[reqwest::header::LOCATION], "/console/sign-in?signed_out=1");
    let after = browser
        .get(format!("{}/console/groups", a.base))
        .header(reqwest::header::COOKIE, &session)
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), 303);
    assert_eq!(after.headers()[reqwest::header::LOCATION], "/console/sign-in");
    let left: Vec<Row> =
        diesel::sql_query("SELECT id_hash, token FROM console_sessions").load(&mut conn).await.unwrap();
    assert!(left.is_empty(), "sign-out deleted the row");
    drop(conn);
    a.stop();
    b.stop();
    db.cleanup().await.unwrap();
}
