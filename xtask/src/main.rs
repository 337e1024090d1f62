//! Developer tasks, run as `cargo xtask <task>`:
//!
//! - `test`: make sure a PostgreSQL is reachable (starting one if needed), then run the whole
//!   test suite (cargo-nextest when installed), the v2 HTTP suite again on PostgreSQL, and
//!   the doctests. Fails, never skips, when no database can be had.
//! - `openapi`: regenerate `crates/http/openapi.json` from the handlers.
//! - `bench`: build grove and the benchmark in release mode and run the scale benchmark
//!   against a fresh database, writing `BENCHMARKS.md` (arguments go to `grove-bench`).
//! - `db`: make sure a PostgreSQL is reachable and print its URL.
//! - `fuzz`: run schemathesis against `grove serve --dev` on the memory store and on a fresh
//!   PostgreSQL database (arguments go to `schemathesis run`); see `fuzz.rs`.

mod fuzz;

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

type Result<T> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("test") => test(&args[1..]),
        Some("openapi") => openapi(),
        Some("db") => ensure_postgres().map(|url| println!("{url}")),
        Some("bench") => bench(&args[1..]),
        Some("fuzz") => fuzz::fuzz(&args[1..]),
        _ => Err("usage: cargo xtask <test [nextest args…] | bench [-- --groups N --clients N --seconds N] \
            | openapi | db | fuzz [schemathesis args…]>"
            .to_owned()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Cargo's target directory: `CARGO_TARGET_DIR` when set, else `target/` in the workspace.
fn target_dir() -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => workspace_root().join(dir),
        None => workspace_root().join("target"),
    }
}

fn cargo() -> Command {
    let mut cmd = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cmd.current_dir(workspace_root());
    cmd
}

fn run(mut cmd: Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    let status = cmd.status().map_err(|e| format!("{shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed with {status}"))
    }
}

fn has(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

fn test(extra: &[String]) -> Result<()> {
    let url = ensure_postgres()?;
    eprintln!("xtask: using PostgreSQL at {}", redact(&url));
    let nextest = cargo().args(["nextest", "--version"]).output().is_ok_and(|o| o.status.success());
    if nextest {
        let mut cmd = cargo();
        cmd.env("TEST_DATABASE_URL", &url).args(["nextest", "run", "--workspace", "--no-fail-fast"]).args(extra);
        run(cmd)?;
        // The v2 HTTP suite once more, on PostgreSQL instead of the memory store.
        let mut pg = cargo();
        pg.env("TEST_DATABASE_URL", &url).env("GROVE_TEST_STORE", "postgres").args([
            "nextest",
            "run",
            "-p",
            "grove-http",
            "--test",
            "api",
            "--no-fail-fast",
        ]);
        run(pg)?;
        let mut doc = cargo();
        doc.env("TEST_DATABASE_URL", &url).args(["test", "--workspace", "--doc"]);
        run(doc)
    } else {
        let mut cmd = cargo();
        cmd.env("TEST_DATABASE_URL", &url).args(["test", "--workspace"]).args(extra);
        run(cmd)
    }
}

fn bench(extra: &[String]) -> Result<()> {
    let url = ensure_postgres()?;
    let mut build = cargo();
    build.args(["build", "--release", "-p", "grove", "-p", "grove-bench"]);
    run(build)?;
    let root = workspace_root();
    let mut cmd = Command::new(root.join("target/release/grove-bench"));
    cmd.current_dir(&root).env("TEST_DATABASE_URL", &url).args(extra.iter().filter(|a| *a != "--"));
    run(cmd)
}

fn openapi() -> Result<()> {
    let mut cmd = cargo();
    cmd.env("UPDATE_OPENAPI", "1").args([
        "test",
        "-p",
        "grove-http",
        "--test",
        "api",
        "--",
        "resources::the_served_openapi_document_matches_the_committed_one",
    ]);
    run(cmd)?;
    eprintln!("xtask: wrote crates/http/openapi.json");
    Ok(())
}

/// `host`, `port` of a `postgres://user@host:port/db` URL (defaults 127.0.0.1:5432).
fn host_port(url: &str) -> (String, String) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split('/').next().unwrap_or_default();
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    match hostport.rsplit_once(':') {
        Some((h, p)) => (h.to_owned(), p.to_owned()),
        None if hostport.is_empty() => ("127.0.0.1".to_owned(), "5432".to_owned()),
        None => (hostport.to_owned(), "5432".to_owned()),
    }
}

fn redact(url: &str) -> String {
    match (url.split_once("://"), url.rfind('@')) {
        (Some((scheme, rest)), Some(_)) => {
            let (userinfo, tail) = rest.rsplit_once('@').unwrap_or(("", rest));
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}@{tail}")
        }
        _ => url.to_owned(),
    }
}

fn reachable(url: &str) -> bool {
    let (host, port) = host_port(url);
    if has("pg_isready") {
        return Command::new("pg_isready")
            .args(["-q", "-h", &host, "-p", &port, "-t", "3"])
            .status()
            .is_ok_and(|s| s.success());
    }
    format!("{host}:{port}")
        .parse::<std::net::SocketAddr>()
        .is_ok_and(|a| std::net::TcpStream::connect_timeout(&a, Duration::from_secs(3)).is_ok())
}

fn wait_until_reachable(url: &str) -> bool {
    (0..60).any(|_| {
        if reachable(url) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(500));
        false
    })
}

/// Finds a reachable PostgreSQL (from `TEST_DATABASE_URL` or the default), or starts one:
/// the machine's cluster via `pg_ctlcluster`, else a throwaway `initdb` in a temp directory.
fn ensure_postgres() -> Result<String> {
    let url = env::var("TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_owned());
    if reachable(&url) {
        return Ok(url);
    }
    eprintln!("xtask: no PostgreSQL at {}; starting one", redact(&url));
    if let Some(version) = std::fs::read_dir("/etc/postgresql").ok().and_then(|d| d.flatten().next()) {
        let version = version.file_name().to_string_lossy().into_owned();
        let _ = Command::new("pg_ctlcluster").args(["--skip-systemctl-redirect", &version, "main", "start"]).status();
        if wait_until_reachable(&url) {
            return Ok(url);
        }
    }
    start_throwaway()
}

fn postgres_bin_dir() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|p| p.join("initdb").exists())
        .collect();
    dirs.sort();
    dirs.pop()
}

fn start_throwaway() -> Result<String> {
    let bin = postgres_bin_dir().ok_or("no PostgreSQL server binaries under /usr/lib/postgresql")?;
    let dir = env::temp_dir().join(format!("grove-pg-{}", std::process::id()));
    let data = dir.join("data");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let port = "55432";
    let as_postgres = |program: &Path, args: &[&str]| -> Command {
        // initdb refuses to run as root; use the postgres account when we are root.
        let is_root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0"));
        if is_root {
            let _ = Command::new("chown").args(["-R", "postgres", &dir.display().to_string()]).status();
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(program).args(args);
            cmd
        } else {
            let mut cmd = Command::new(program);
            cmd.args(args);
            cmd
        }
    };
    let data_s = data.display().to_string();
    run(as_postgres(&bin.join("initdb"), &["-D", &data_s, "-U", "postgres", "--auth=trust", "-E", "UTF8"]))?;
    let log = dir.join("log").display().to_string();
    let opts = format!("-p {port} -k {} -c listen_addresses=127.0.0.1", dir.display());
    run(as_postgres(&bin.join("pg_ctl"), &["-D", &data_s, "-l", &log, "-o", &opts, "-w", "start"]))?;
    let url = format!("postgres://postgres@127.0.0.1:{port}/postgres");
    if wait_until_reachable(&url) {
        Ok(url)
    } else {
        Err(format!("started PostgreSQL in {} but it does not answer", dir.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_port_reads_urls_with_and_without_credentials() {
        assert_eq!(host_port("postgres://postgres@127.0.0.1:5432/postgres"), ("127.0.0.1".into(), "5432".into()));
        assert_eq!(host_port("postgres://u:p@db:6000/x"), ("db".into(), "6000".into()));
        assert_eq!(host_port("postgres://db/x"), ("db".into(), "5432".into()));
    }

    #[test]
    fn redact_hides_passwords() {
        assert_eq!(redact("postgres://u:secret@db:5432/x"), "postgres://u@db:5432/x");
        assert_eq!(redact("postgres://db/x"), "postgres://db/x");
    }
}
