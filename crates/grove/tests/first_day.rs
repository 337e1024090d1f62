//! A new operator's first day with the real `grove` binary: a missing `--config` file, the
//! configuration file read, `--listen` without a host, the Docker image's start command run
//! as its user with its environment (without Docker), `admin bootstrap` run again with
//! another subject, `migrate --status` and `--dry-run`, and the manual page.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns: a failed unwrap is a failed test

mod process_support;

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use grove_store_postgres::testing::TestDatabase;
use process_support::{free_port, Killed, Scratch};

fn grove(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
    // Errors as an operator sees them: without a backtrace.
    command.args(args).env_remove("GROVE_DATABASE_URL").env("GROVE_LOG", "info").env("RUST_BACKTRACE", "0");
    command
}

fn run(command: &mut Command) -> (i32, String, String) {
    let Output { status, stdout, stderr } = command.stdin(Stdio::null()).output().unwrap();
    (status.code().unwrap_or(-1), String::from_utf8(stdout).unwrap(), String::from_utf8(stderr).unwrap())
}

/// Reads `child`'s standard error until a line contains `wanted` (30 s at most); every line
/// read so far.
fn stderr_until(child: &mut std::process::Child, wanted: &str) -> Vec<String> {
    let stderr = child.stderr.take().unwrap();
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        match received.recv_timeout(Duration::from_millis(200)) {
            Ok(line) => {
                let found = line.contains(wanted);
                seen.push(line);
                if found {
                    return seen;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    panic!("{wanted:?} never logged; saw {seen:#?}");
}

#[test]
fn serve_with_a_config_file_that_does_not_exist_fails_naming_it() {
    let (code, stdout, stderr) = run(&mut grove(&["serve", "--dev", "--config", "/nonexistent/grove.toml"]));
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert_eq!(stderr.trim(), "Error: configuration file /nonexistent/grove.toml does not exist (--config)");
}

#[test]
fn serve_logs_which_configuration_file_it_read() {
    let dir = Scratch::new();
    let config = dir.0.join("grove.toml");
    std::fs::write(&config, format!("listen = \"127.0.0.1:{}\"\ndata_dir = \"{}\"\n", free_port(), dir.0.display()))
        .unwrap();
    let mut child = grove(&["serve", "--dev", "--config"])
        .arg(&config)
        .env("GROVE_LOG_FORMAT", "text")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let seen = stderr_until(&mut child, "serving");
    let _child = Killed(child);
    let read = seen.iter().find(|l| l.contains("configuration file read")).unwrap_or_else(|| panic!("{seen:#?}"));
    assert!(read.contains(&format!("config_file={}", config.display())), "{read}");
}

#[test]
fn listen_without_a_host_says_host_port_not_a_rust_type() {
    let (code, _, stderr) = run(&mut grove(&["serve", "--dev", "--listen", "8080"]));
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(
            "error: invalid value '8080' for '--listen <LISTEN>': expected HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("SocketAddr") && !stderr.contains(".rs"), "{stderr}");
}

/// The final stage of the Dockerfile: its user, environment, working directory, entry point,
/// and the lines that prepare the image.
struct Image {
    user: String,
    env: Vec<(String, String)>,
    workdir: String,
    entrypoint: Vec<String>,
    run: String,
}

fn image() -> Image {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Dockerfile")).unwrap();
    let last_stage = &text[text.rfind("\nFROM ").unwrap()..];
    // Continued lines joined, comments dropped.
    let joined = last_stage.replace("\\\n", " ");
    let mut image =
        Image { user: String::new(), env: Vec::new(), workdir: "/".into(), entrypoint: Vec::new(), run: String::new() };
    for line in joined.lines().map(str::trim).filter(|l| !l.starts_with('#')) {
        let (instruction, rest) = line.split_once(' ').unwrap_or((line, ""));
        match instruction {
            "USER" => image.user = rest.trim().to_owned(),
            "WORKDIR" => image.workdir = rest.trim().to_owned(),
            "ENV" => image.env.extend(rest.split_whitespace().map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                (k.to_owned(), v.to_owned())
            })),
            "ENTRYPOINT" => image.entrypoint = serde_json::from_str(rest).unwrap(),
            "RUN" => image.run.push_str(rest),
            _ => {}
        }
    }
    image
}

/// The `command` docker-compose.yml gives the `grove` service.
fn compose_command() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docker-compose.yml")).unwrap();
    let line = text.lines().find(|l| l.trim_start().starts_with("command:")).unwrap();
    serde_json::from_str(line.split_once(':').unwrap().1.trim()).unwrap()
}

/// The image's user id when the test may switch to it (it runs as root); else its own.
fn image_uid() -> Option<u32> {
    use std::os::unix::fs::MetadataExt as _;
    (std::fs::metadata("/proc/self").unwrap().uid() == 0).then_some(10_001)
}

#[test]
fn the_image_start_command_runs_as_its_user_with_its_environment() {
    let image = image();
    assert_eq!(image.user, "grove");
    let env: std::collections::HashMap<_, _> = image.env.iter().cloned().collect();
    let data_dir = env.get("GROVE_DATA_DIR").expect("the image sets GROVE_DATA_DIR").clone();
    assert_eq!(env.get("HOME"), Some(&data_dir), "the user's home is its data directory");
    assert!(
        image.run.contains(&format!("useradd --system --uid 10001 --home-dir {data_dir} grove"))
            && image.run.contains(&format!("install -d -o grove -g grove -m 0700 {data_dir}")),
        "the image creates {data_dir} for its user: {}",
        image.run
    );

    // The image's filesystem, rooted in a scratch directory: its data directory exists and
    // belongs to the user, as `install -d` leaves it.
    let root = Scratch::new();
    let under_root = |p: &str| -> PathBuf { root.0.join(p.trim_start_matches('/')) };
    let data = under_root(&data_dir);
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(under_root(&image.workdir)).unwrap();
    let uid = image_uid();
    if let Some(uid) = uid {
        std::os::unix::fs::chown(&data, Some(uid), Some(uid)).unwrap();
    }
    std::fs::set_permissions(&data, <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o700))
        .unwrap();

    let port = free_port();
    let mut command = Command::new(env!("CARGO_BIN_EXE_grove"));
    command.env_clear().current_dir(under_root(&image.workdir));
    for (key, value) in &image.env {
        let value = match key.as_str() {
            "HOME" | "GROVE_DATA_DIR" => under_root(value).display().to_string(),
            // The image listens on every address; here on loopback, on a free port.
            "GROVE_LISTEN" => format!("127.0.0.1:{port}"),
            _ => value.clone(),
        };
        command.env(key, value);
    }
    assert_eq!(image.entrypoint, ["grove"]);
    command.args(compose_command());
    if let Some(uid) = uid {
        std::os::unix::process::CommandExt::uid(&mut command, uid);
        std::os::unix::process::CommandExt::gid(&mut command, uid);
    }
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let killed = Killed(child);
    let first_line = std::thread::spawn(move || BufReader::new(stdout).lines().next());
    let deadline = Instant::now() + Duration::from_secs(30);
    while !first_line.is_finished() {
        assert!(Instant::now() < deadline, "grove printed no token within 30 s");
        std::thread::sleep(Duration::from_millis(50));
    }
    let line = first_line.join().unwrap().map(Result::unwrap);
    drop(killed);
    assert!(line.as_deref().is_some_and(|l| l.starts_with("export GROVE_TOKEN=")), "{line:?}");
    assert!(std::fs::read_dir(&data).unwrap().count() > 0, "the dev keys are kept in the data directory");
}

/// `admin bootstrap` against `db` with these extra arguments.
fn bootstrap(db: &TestDatabase, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["admin", "bootstrap", "--org", "acme", "--issuer", "https://issuer.example", "--database-url"];
    args.push(db.url());
    args.extend_from_slice(extra);
    run(grove(&args).env("GROVE_LOG", "warn"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bootstrap_again_with_another_subject_refuses_unless_forced() {
    let db = TestDatabase::create().await.unwrap();
    let (code, first, stderr) = bootstrap(&db, &["--subject", "alice"]);
    assert_eq!(code, 0, "{stderr}");
    let first: serde_json::Value = serde_json::from_str(&first).unwrap();

    let (code, again, _) = bootstrap(&db, &["--subject", "alice"]);
    assert_eq!((code, serde_json::from_str::<serde_json::Value>(&again).unwrap()), (0, first.clone()), "a rerun finds");

    let (code, stdout, stderr) = bootstrap(&db, &["--subject", "bob"]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    let identity = first["identity"].as_str().unwrap();
    let group = first["group"].as_str().unwrap();
    assert_eq!(
        stderr.trim(),
        format!(
            "Error: organization {group} already has the owner identity \"owner\" ({identity}) for issuer \
             \"https://issuer.example\", subject \"alice\", not issuer \"https://issuer.example\", subject \"bob\"; it \
             was left unchanged; pass --force to make it trust the new issuer, subject and audience"
        )
    );

    let (code, forced, stderr) =
        bootstrap(&db, &["--subject", "bob", "--audience", "https://grove.example", "--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&forced).unwrap(), first, "the same identity, changed");
    let stored = db.store();
    let uid = grove_domain::Uidp::parse(identity).unwrap();
    let changed = grove_domain::ports::IdentityStore::get_identity(&*stored, &uid).await.unwrap().unwrap();
    let grove_domain::model::Relationship::ClaimMatch(cm) = changed.relationship else { panic!("{changed:?}") };
    use grove_domain::model::Matcher;
    assert_eq!(
        (cm.subject, cm.audience),
        (Matcher::Exact("bob".into()), Some(Matcher::Exact("https://grove.example".into())))
    );
    db.cleanup().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_status_and_dry_run_report_without_applying() {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _, SimpleAsyncConnection as _};
    let db = TestDatabase::create().await.unwrap();
    let mut versions: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.split('_').next().map(|v| v.replace('-', "")))
        .filter(|v| v.chars().all(|c| c.is_ascii_digit()) && !v.is_empty())
        .collect();
    versions.sort();
    let latest = versions.last().unwrap().clone();
    // The newest migration forgotten, as on a database one release behind.
    let mut conn = diesel_async::AsyncPgConnection::establish(db.url()).await.unwrap();
    diesel::sql_query("DELETE FROM __diesel_schema_migrations WHERE version = $1")
        .bind::<diesel::sql_types::Text, _>(&latest)
        .execute(&mut conn)
        .await
        .unwrap();

    let (code, stdout, stderr) = run(&mut grove(&["migrate", "--status", "--database-url", db.url()]));
    assert_eq!(code, 0, "{stderr}");
    let mut expected: Vec<String> = versions[..versions.len() - 1].iter().map(|v| format!("applied  {v}")).collect();
    expected.push(format!("pending  {latest}"));
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
    assert!(stderr.contains(&format!("{} applied, 1 pending", versions.len() - 1)), "{stderr}");

    let (code, stdout, stderr) = run(&mut grove(&["migrate", "--dry-run", "--database-url", db.url()]));
    assert_eq!((code, stdout.trim()), (0, latest.as_str()), "{stderr}");
    assert!(stderr.contains("dry run: 1 migrations would be applied; nothing was changed"), "{stderr}");
    conn.batch_execute("SELECT 1").await.unwrap();
    let (_, still, _) = run(&mut grove(&["migrate", "--status", "--database-url", db.url()]));
    assert!(still.contains(&format!("pending  {latest}")), "the dry run applied nothing: {still}");
    drop(conn);
    db.cleanup().await.unwrap();
}

#[test]
fn grove_man_prints_a_manual_page_and_writes_one_per_command() {
    let (code, page, _) = run(&mut grove(&["man"]));
    assert_eq!(code, 0);
    assert!(page.starts_with(".ie \\n(.g .ds Aq \\(aq"), "{}", &page[..page.len().min(200)]);
    assert!(page.contains(".TH grove 1"), "{page}");
    for command in ["serve", "migrate", "completions", "man"] {
        assert!(page.contains(&format!("grove\\-{command}(1)")), "{command} listed");
    }
    let dir = Scratch::new();
    let (code, listed, _) = run(grove(&["man", "--out-dir"]).arg(&dir.0));
    assert_eq!(code, 0);
    for file in ["grove.1", "grove-serve.1", "grove-migrate.1", "grove-admin-bootstrap.1"] {
        assert!(listed.lines().any(|l| l == dir.0.join(file).display().to_string()), "{file} in {listed}");
        assert!(dir.0.join(file).is_file());
    }
}
