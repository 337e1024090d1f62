//! Finding, starting and stopping the PostgreSQL server the tests and benchmarks use, and
//! cleaning up the databases the test suite leaves on it.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use crate::{has, run, Result};

/// The server used when `TEST_DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// The migrated template every test database is cloned from (one per migration set). It is
/// kept between runs on purpose: migrating once is what makes a fresh database per test cheap.
const TEMPLATE_PREFIX: &str = "grove_template_";
/// Databases of single tests; each test drops its own, a crashed run leaves some behind.
const TEST_PREFIX: &str = "grove_test_";

/// A server this process started, to be stopped before it exits.
struct Throwaway {
    pg_ctl: PathBuf,
    data: PathBuf,
    dir: PathBuf,
}

static STARTED: Mutex<Option<Throwaway>> = Mutex::new(None);

/// `host`, `port` of a `postgres://user@host:port/db` URL (defaults 127.0.0.1:5432).
pub fn host_port(url: &str) -> (String, String) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split('/').next().unwrap_or_default();
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    match hostport.rsplit_once(':') {
        Some((h, p)) => (h.to_owned(), p.to_owned()),
        None if hostport.is_empty() => ("127.0.0.1".to_owned(), "5432".to_owned()),
        None => (hostport.to_owned(), "5432".to_owned()),
    }
}

/// The URL without its password, for messages.
pub fn redact(url: &str) -> String {
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
/// the machine's Debian cluster via `pg_ctlcluster` when there is one, else a throwaway
/// `initdb` in a temporary directory, which [`stop_started`] stops again.
pub fn ensure_postgres() -> Result<String> {
    let url = env::var("TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_owned());
    if reachable(&url) {
        return Ok(url);
    }
    if STARTED.lock().map_err(|e| e.to_string())?.is_some() {
        return Ok(throwaway_url());
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

/// The directory holding `initdb` and `pg_ctl`: `PG_BIN` when set, else the newest
/// Debian (`/usr/lib/postgresql/*/bin`) or RPM (`/usr/pgsql-*/bin`) install, else `PATH`
/// (Homebrew, Nix, source builds).
fn postgres_bin_dir() -> Option<PathBuf> {
    if let Some(dir) = env::var_os("PG_BIN").map(PathBuf::from).filter(|d| d.join("initdb").exists()) {
        return Some(dir);
    }
    let versioned = |parent: &str, prefix: &str| -> Vec<PathBuf> {
        std::fs::read_dir(parent)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
            .map(|e| e.path().join("bin"))
            .filter(|p| p.join("initdb").exists())
            .collect()
    };
    let mut dirs = versioned("/usr/lib/postgresql", "");
    dirs.extend(versioned("/usr", "pgsql-"));
    // Version directories sort by their number; compare numerically so 10 beats 9.
    dirs.sort_by_key(|d| {
        let version =
            d.parent().and_then(Path::file_name).map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        version.trim_start_matches("pgsql-").split('.').next().and_then(|n| n.parse::<u32>().ok()).unwrap_or(0)
    });
    if let Some(dir) = dirs.pop() {
        return Some(dir);
    }
    env::var_os("PATH")
        .map(|path| env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .find(|d| d.join("initdb").exists() && d.join("pg_ctl").exists())
}

const THROWAWAY_PORT: &str = "55432";

fn throwaway_url() -> String {
    format!("postgres://postgres@127.0.0.1:{THROWAWAY_PORT}/postgres")
}

fn start_throwaway() -> Result<String> {
    let bin = postgres_bin_dir().ok_or(
        "no PostgreSQL server binaries found (looked at PG_BIN, /usr/lib/postgresql/*/bin, /usr/pgsql-*/bin and PATH); \
         install the PostgreSQL server or set TEST_DATABASE_URL",
    )?;
    let dir = env::temp_dir().join(format!("grove-pg-{}", std::process::id()));
    let data = dir.join("data");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let data_s = data.display().to_string();
    run(as_postgres(&dir, &bin.join("initdb"), &["-D", &data_s, "-U", "postgres", "--auth=trust", "-E", "UTF8"]))?;
    let log = dir.join("log").display().to_string();
    let opts = format!("-p {THROWAWAY_PORT} -k {} -c listen_addresses=127.0.0.1", dir.display());
    run(as_postgres(&dir, &bin.join("pg_ctl"), &["-D", &data_s, "-l", &log, "-o", &opts, "-w", "start"]))?;
    *STARTED.lock().map_err(|e| e.to_string())? =
        Some(Throwaway { pg_ctl: bin.join("pg_ctl"), data, dir: dir.clone() });
    let url = throwaway_url();
    if wait_until_reachable(&url) {
        eprintln!("xtask: started a throwaway PostgreSQL in {}; it is stopped when this task ends", dir.display());
        Ok(url)
    } else {
        Err(format!("started PostgreSQL in {} but it does not answer", dir.display()))
    }
}

/// `program args…`, as the `postgres` account when we are root (initdb refuses root).
fn as_postgres(dir: &Path, program: &Path, args: &[&str]) -> Command {
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
}

/// Leaves the throwaway server this process started running, and says how to stop it.
pub fn keep_started() {
    if let Some(started) = STARTED.lock().ok().and_then(|mut s| s.take()) {
        eprintln!(
            "xtask: the throwaway PostgreSQL keeps running; stop it with `{} -D {} stop`",
            started.pg_ctl.display(),
            started.data.display()
        );
    }
}

/// Stops the throwaway server this process started, if any, and removes its directory.
pub fn stop_started() {
    let Some(started) = STARTED.lock().ok().and_then(|mut s| s.take()) else {
        return;
    };
    let data = started.data.display().to_string();
    let stopped = as_postgres(&started.dir, &started.pg_ctl, &["-D", &data, "-m", "fast", "-w", "stop"]).status();
    match stopped {
        Ok(s) if s.success() => {
            let _ = std::fs::remove_dir_all(&started.dir);
            eprintln!("xtask: stopped the throwaway PostgreSQL and removed {}", started.dir.display());
        }
        _ => eprintln!("xtask: could not stop the throwaway PostgreSQL in {}", started.dir.display()),
    }
}

/// The Grove databases on the server at `url`: (templates, test databases).
fn grove_databases(url: &str) -> Result<(Vec<String>, Vec<String>)> {
    if !has("psql") {
        return Err("psql is needed to list databases".to_owned());
    }
    let out = Command::new("psql")
        .args([url, "-XAtc", "SELECT datname FROM pg_database ORDER BY 1"])
        .output()
        .map_err(|e| format!("psql: {e}"))?;
    if !out.status.success() {
        return Err(format!("psql: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    let names: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect();
    let of = |prefix: &str| names.iter().filter(|n| n.starts_with(prefix)).cloned().collect::<Vec<_>>();
    Ok((of(TEMPLATE_PREFIX), of(TEST_PREFIX)))
}

/// Says which Grove databases a test run leaves on the server, and how to remove them.
pub fn report_leftovers(url: &str) {
    match grove_databases(url) {
        Ok((templates, tests)) if !templates.is_empty() || !tests.is_empty() => eprintln!(
            "xtask: kept on {}: {} migrated template(s) ({}) that make the next run faster{}; \
             `cargo xtask db clean` drops them",
            redact(url),
            templates.len(),
            templates.join(", "),
            if tests.is_empty() {
                String::new()
            } else {
                format!(", and {} test database(s) of crashed tests", tests.len())
            },
        ),
        Ok(_) => {}
        Err(e) => eprintln!("xtask: could not list leftover databases: {e}"),
    }
}

/// Drops every Grove template and test database on the server at `url`.
pub fn clean(url: &str) -> Result<()> {
    let (templates, tests) = grove_databases(url)?;
    for name in templates.iter().chain(&tests) {
        let mut cmd = Command::new("psql");
        cmd.args([url, "-XAtqc", &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")]);
        run(cmd)?;
        eprintln!("xtask: dropped {name}");
    }
    Ok(())
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
