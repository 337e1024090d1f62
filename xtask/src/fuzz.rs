//! `cargo xtask fuzz`: schemathesis against a running `grove serve --dev`, once on the
//! memory store and once on a fresh PostgreSQL database, checking that the served OpenAPI
//! document tells the truth (no 5xx, no undocumented status, content type or body shape)
//! and that the server is alive and has not grown past a memory bound afterwards.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use std::{env, fs};

use crate::{cargo, ensure_postgres, redact, run, target_dir, Result};

/// The schemathesis release the venv holds (a current one that installs on Python 3.11).
const SCHEMATHESIS_VERSION: &str = "4.32.5";

/// What every response is checked for.
const CHECKS: &str = "not_a_server_error,status_code_conformance,content_type_conformance,\
    response_schema_conformance,unsupported_method,allow_header_conformance";

/// Test cases per operation and phase: about a minute per store on two cores.
const MAX_EXAMPLES: &str = "25";

/// The seed unless one is given, so that a CI run is repeatable.
const DEFAULT_SEED: &str = "1";

/// How much the server's resident memory may grow over one run. A run of about 3 000
/// requests grows it by 2 to 4 MiB (the memory store's data, allocator slack); a leak of
/// some 20 KiB per request would pass this bound.
const RSS_GROWTH_LIMIT_KIB: u64 = 64 * 1024;

/// Which store a run uses.
#[derive(Debug, Clone, Copy)]
enum Store {
    Memory,
    Postgres,
}

/// The stores a fuzz run covers, in order.
const STORES: [Store; 2] = [Store::Memory, Store::Postgres];

impl Store {
    fn name(self) -> &'static str {
        match self {
            Self::Memory => "memory",
            Self::Postgres => "postgres",
        }
    }
}

/// Runs the fuzzer on both stores; `extra` goes to `schemathesis run` (for example
/// `--seed 7` or `--max-examples 100`).
pub fn fuzz(extra: &[String]) -> Result<()> {
    let started = Instant::now();
    let schemathesis = ensure_schemathesis()?;
    let grove = build_grove()?;
    let mut failures = Vec::new();
    for store in STORES {
        let began = Instant::now();
        let outcome = fuzz_store(store, &grove, &schemathesis, extra);
        eprintln!("xtask: fuzz on {}: {} in {:.0?}", store.name(), verdict(&outcome), began.elapsed());
        if let Err(e) = outcome {
            failures.push(format!("{}: {e}", store.name()));
        }
    }
    let _ = fs::remove_file(&grove);
    eprintln!("xtask: fuzz wall time {:.0?}", started.elapsed());
    // One line per run in the plain form CI reads, so that schemathesis's own closing line
    // (pytest-like, without a pass count) is not taken for the summary.
    println!("fuzz: {} passed, {} failed", STORES.len() - failures.len(), failures.len());
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("fuzzing failed:\n  {}", failures.join("\n  ")))
    }
}

fn verdict(outcome: &Result<()>) -> &'static str {
    if outcome.is_ok() {
        "passed"
    } else {
        "FAILED"
    }
}

/// The schemathesis executable in `target/fuzz-venv`, creating the venv and installing the
/// pinned release only when it is not there yet.
fn ensure_schemathesis() -> Result<PathBuf> {
    let venv = target_dir().join("fuzz-venv");
    let bin = venv.join("bin").join("schemathesis");
    let installed = Command::new(&bin)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains(SCHEMATHESIS_VERSION));
    if installed {
        return Ok(bin);
    }
    eprintln!("xtask: installing schemathesis {SCHEMATHESIS_VERSION} into {}", venv.display());
    let mut create = Command::new("python3");
    create.args(["-m", "venv", "--clear"]).arg(&venv);
    run(create)?;
    let mut install = Command::new(venv.join("bin").join("pip"));
    install.args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        &format!("schemathesis=={SCHEMATHESIS_VERSION}"),
    ]);
    run(install)?;
    Ok(bin)
}

/// Builds grove and copies the binary aside, so that another build sharing the target
/// directory cannot replace it while it runs.
fn build_grove() -> Result<PathBuf> {
    let mut build = cargo();
    build.args(["build", "--quiet", "-p", "grove"]);
    run(build)?;
    let dir = target_dir().join("fuzz");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let copy = dir.join(format!("grove-{}", std::process::id()));
    fs::copy(target_dir().join("debug").join("grove"), &copy).map_err(|e| format!("copying grove: {e}"))?;
    Ok(copy)
}

fn fuzz_store(store: Store, grove: &Path, schemathesis: &Path, extra: &[String]) -> Result<()> {
    let scratch = Scratch::new(store)?;
    let database = match store {
        Store::Memory => None,
        Store::Postgres => Some(Database::create(&ensure_postgres()?)?),
    };
    let server = Server::start(grove, &scratch.0, database.as_ref().map(|d| d.url.as_str()))?;
    let rss_before = server.rss_kib()?;
    let outcome = run_schemathesis(schemathesis, &scratch.0, server.port, &server.token, extra);
    let health = http_status(server.port, "/healthz");
    let rss_after = server.rss_kib();
    drop(server);
    drop(database);
    outcome?;
    match health {
        Ok(200) => {}
        Ok(status) => return Err(format!("/healthz answered {status} after the run")),
        Err(e) => return Err(format!("the server did not answer /healthz after the run: {e}")),
    }
    let rss_after = rss_after?;
    let growth = rss_after.saturating_sub(rss_before);
    eprintln!("xtask: server RSS {rss_before} KiB before, {rss_after} KiB after (+{growth} KiB)");
    if growth > RSS_GROWTH_LIMIT_KIB {
        return Err(format!("server RSS grew by {growth} KiB, more than {RSS_GROWTH_LIMIT_KIB} KiB"));
    }
    Ok(())
}

fn run_schemathesis(bin: &Path, dir: &Path, port: u16, token: &str, extra: &[String]) -> Result<()> {
    let mut cmd = Command::new(bin);
    cmd.current_dir(dir)
        .env("NO_COLOR", "1")
        .args(["run", &format!("http://127.0.0.1:{port}/openapi.json")])
        .args(["--header", &format!("Authorization: Bearer {token}")])
        .args(["--checks", CHECKS, "--request-timeout", "10", "--generation-database", "none", "--no-color"])
        .args(["--wait-for-schema", "30"]);
    if !extra.iter().any(|a| a == "--max-examples" || a == "-n" || a.starts_with("--max-examples=")) {
        cmd.args(["--max-examples", MAX_EXAMPLES]);
    }
    if !extra.iter().any(|a| a == "--seed" || a.starts_with("--seed=")) {
        cmd.args(["--seed", DEFAULT_SEED]);
    }
    cmd.args(extra).stdout(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| format!("running {}: {e}", bin.display()))?;
    let mut reproductions = Vec::new();
    if let Some(out) = child.stdout.take() {
        let mut in_reproduction = false;
        for line in BufReader::new(out).lines().map_while(std::result::Result::ok) {
            println!("{line}");
            let trimmed = line.trim();
            if trimmed.starts_with("Reproduce with") {
                in_reproduction = true;
            } else if in_reproduction && trimmed.starts_with("curl ") {
                reproductions.push(trimmed.to_owned());
            } else if in_reproduction && !trimmed.is_empty() {
                in_reproduction = false;
            }
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if status.success() {
        return Ok(());
    }
    if !reproductions.is_empty() {
        eprintln!("xtask: reproduce the failures with (add -H 'Authorization: Bearer <token>'):");
        for line in &reproductions {
            eprintln!("    {line}");
        }
    }
    Err(format!("schemathesis failed with {status}"))
}

/// A scratch directory (token file, server log, schemathesis's working directory),
/// removed afterwards.
struct Scratch(PathBuf);

impl Scratch {
    fn new(store: Store) -> Result<Self> {
        let dir = env::temp_dir().join(format!("grove-fuzz-{}-{}", std::process::id(), store.name()));
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Self(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A fresh PostgreSQL database, dropped afterwards.
struct Database {
    admin_url: String,
    name: String,
    url: String,
}

impl Database {
    fn create(admin_url: &str) -> Result<Self> {
        let name = format!("grove_fuzz_{}", std::process::id());
        let url = with_database(admin_url, &name);
        let db = Self { admin_url: admin_url.to_owned(), name, url };
        db.psql(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", db.name))?;
        db.psql(&format!("CREATE DATABASE {}", db.name))?;
        eprintln!("xtask: fuzzing on database {}", redact(&db.url));
        Ok(db)
    }

    fn psql(&self, sql: &str) -> Result<()> {
        let mut cmd = Command::new("psql");
        cmd.args([
            "-X",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            &self.admin_url,
            "-c",
            "SET client_min_messages = warning",
            "-c",
            sql,
        ]);
        run(cmd)
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        if let Err(e) = self.psql(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)) {
            eprintln!("xtask: could not drop {}: {e}", self.name);
        }
    }
}

/// `url` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let authority_end = base[scheme_end..].find('/').map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..authority_end]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// A `grove serve --dev` child process on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    token: String,
    log: PathBuf,
}

impl Server {
    fn start(grove: &Path, dir: &Path, database_url: Option<&str>) -> Result<Self> {
        let port = free_port()?;
        let token_file = dir.join("token");
        let log = dir.join("grove.log");
        let log_file = fs::File::create(&log).map_err(|e| e.to_string())?;
        let mut cmd = Command::new(grove);
        // Only the flags below configure it: no grove.toml from the working directory, no
        // GROVE_* variables from the environment.
        cmd.current_dir(dir);
        for (key, _) in env::vars_os() {
            if key.to_string_lossy().starts_with("GROVE_") {
                cmd.env_remove(key);
            }
        }
        cmd.env("GROVE_LOG", "warn")
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--dev-token-file"])
            .arg(&token_file)
            .stdout(Stdio::null())
            .stderr(log_file);
        if let Some(url) = database_url {
            cmd.args(["--database-url", url]);
        }
        let child = cmd.spawn().map_err(|e| format!("starting {}: {e}", grove.display()))?;
        let mut server = Self { child, port, token: String::new(), log };
        server.token = server.wait_ready(&token_file)?;
        Ok(server)
    }

    /// Waits until the token file is written and `/healthz` answers 200.
    fn wait_ready(&mut self, token_file: &Path) -> Result<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("grove exited with {status} at start:\n{}", self.log_tail()));
            }
            let token = fs::read_to_string(token_file).ok().and_then(|line| {
                line.trim().strip_prefix("export GROVE_TOKEN=").map(str::to_owned).filter(|t| !t.is_empty())
            });
            if let Some(token) = token {
                if http_status(self.port, "/healthz").is_ok_and(|s| s == 200) {
                    return Ok(token);
                }
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        Err(format!("grove did not become ready within 60 s:\n{}", self.log_tail()))
    }

    /// The resident set size of the server process.
    fn rss_kib(&self) -> Result<u64> {
        let path = format!("/proc/{}/status", self.child.id());
        let status = fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .ok_or_else(|| format!("no VmRSS in {path}"))
    }

    fn log_tail(&self) -> String {
        let log = fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM first, so that it closes its database connections; SIGKILL if it lingers.
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("finding a free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

/// The status of `GET path` on the loopback server (HTTP/1.1, no client library needed).
fn http_status(port: u16, path: &str) -> Result<u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).map_err(|e| e.to_string())?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n")
        .map_err(|e| e.to_string())?;
    let mut response = String::new();
    stream.read_to_string(&mut response).map_err(|e| e.to_string())?;
    response
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("not an HTTP response: {:?}", response.lines().next()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_database_replaces_only_the_database_name() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/postgres", "grove_fuzz_1"),
            "postgres://postgres@127.0.0.1:5432/grove_fuzz_1"
        );
        assert_eq!(with_database("postgres://u:p@db/x?sslmode=disable", "f"), "postgres://u:p@db/f?sslmode=disable");
        assert_eq!(with_database("postgres://db:6000", "f"), "postgres://db:6000/f");
    }
}
