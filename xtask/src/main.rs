//! Developer tasks, run as `cargo xtask <task>`:
//!
//! - `test`: make sure a PostgreSQL is reachable (starting one if needed), then run the whole
//!   test suite (cargo-nextest when installed), the v2 and v1 HTTP suites again on PostgreSQL, and
//!   the doctests. Fails, never skips, when no database can be had.
//! - `proto [--check]`: regenerate `crates/proto/src/gen` from the `.proto` files (pure Rust,
//!   no system `protoc`); `--check` fails when the committed code is stale (CI runs it).
//! - `public-wire <sdk>`: regenerate `crates/proto/public-wire.tsv`, the public definitions'
//!   messages, enums and services (names, numbers, types) that a `grove-proto` test holds
//!   Grove's served descriptors against, from a checkout or bare clone of chainguard-dev/sdk.
//! - `openapi`: regenerate `crates/http/openapi.json` from the handlers.
//! - `bench`: build grove and the benchmark in release mode and run the scale benchmark
//!   against a fresh database, writing `BENCHMARKS.md` (arguments go to `grove-bench`).
//! - `db`: make sure a PostgreSQL is reachable (left running) and print its URL; `db clean` drops the
//!   migrated template and any test databases the suite left on it.
//! - `ha [up | drill]`: build grove and the benchmark (debug) and either bring a pg_auto_failover
//!   formation up on loopback and print the URL to give grove (`up`, until ctrl-c), or run the
//!   failover drill with two grove nodes on it (`drill`, the default; CI runs it through
//!   `.ci/ha.sh`). Needs `pg_autoctl` (Debian's `postgresql-15-auto-failover`); fails without.
//! - `fuzz`: run schemathesis against `grove serve --dev` on the memory store and on a fresh
//!   PostgreSQL database (arguments go to `schemathesis run`); see `fuzz.rs`.
//!
//! A PostgreSQL server a task had to start itself is stopped when the task ends.

mod fuzz;
mod postgres;

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use postgres::{ensure_postgres, redact};

type Result<T> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("test") => test(&args[1..]),
        Some("openapi") => openapi(),
        Some("proto") => proto(&args[1..]),
        Some("public-wire") => public_wire(&args[1..]),
        Some("db") if args.get(1).map(String::as_str) == Some("clean") => {
            ensure_postgres().and_then(|url| postgres::clean(&url))
        }
        Some("db") => ensure_postgres().map(|url| {
            // The caller asked for a server to use: leave one we started running.
            postgres::keep_started();
            println!("{url}");
        }),
        Some("bench") => bench(&args[1..]),
        Some("ha") => ha(&args[1..]),
        Some("fuzz") => fuzz::fuzz(&args[1..]),
        _ => Err("usage: cargo xtask <test [nextest args…] | bench [-- --groups N --clients N --seconds N] \
            | ha [up | drill] | proto [--check] | public-wire <sdk> | openapi | db [clean] | fuzz [schemathesis args…]>"
            .to_owned()),
    };
    postgres::stop_started();
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    // `cargo run` names the manifest directory at run time too; that one wins, because a
    // target directory copied from another checkout holds an xtask built there, whose
    // compile-time path would send every command to the other checkout.
    let manifest_dir =
        env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest_dir.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
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

/// Runs the code generator of `grove-proto`.
fn proto(args: &[String]) -> Result<()> {
    let mut cmd = cargo();
    cmd.args(["run", "--quiet", "-p", "grove-proto-gen", "--"]).args(args);
    run(cmd)
}

/// Regenerates the table of the public definitions from the checkout `args[0]`.
fn public_wire(args: &[String]) -> Result<()> {
    let sdk = args.first().ok_or("usage: cargo xtask public-wire <chainguard-dev/sdk checkout or bare clone>")?;
    // The path is the caller's: relative to where they ran the command, not the workspace.
    let sdk = env::current_dir().map_err(|e| e.to_string())?.join(sdk);
    let mut cmd = cargo();
    cmd.args(["run", "--quiet", "-p", "grove-proto-gen", "--", "public-wire"]).arg(sdk);
    run(cmd)
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
        // The v2 and v1 HTTP suites once more, on PostgreSQL instead of the memory store.
        let mut pg = cargo();
        pg.env("TEST_DATABASE_URL", &url).env("GROVE_TEST_STORE", "postgres").args([
            "nextest",
            "run",
            "-p",
            "grove-http",
            "-p",
            "grove-v1",
            "--test",
            "api",
            "--no-fail-fast",
        ]);
        run(pg)?;
        let mut doc = cargo();
        doc.env("TEST_DATABASE_URL", &url).args(["test", "--workspace", "--doc"]);
        run(doc)?;
    } else {
        let mut cmd = cargo();
        cmd.env("TEST_DATABASE_URL", &url).args(["test", "--workspace"]).args(extra);
        run(cmd)?;
    }
    postgres::report_leftovers(&url);
    Ok(())
}

fn bench(extra: &[String]) -> Result<()> {
    let url = ensure_postgres()?;
    // Two builds, not one of both packages: built alone, `grove` resolves its dependencies'
    // features exactly as `cargo build --release` and `cargo run --release` do (the default
    // member), so all three share one release binary instead of relinking it with fat LTO
    // after each other.
    for package in ["grove", "grove-bench"] {
        let mut build = cargo();
        build.args(["build", "--release", "-p", package]);
        run(build)?;
    }
    let root = workspace_root();
    let release = target_dir().join("release");
    let mut cmd = Command::new(release.join("grove-bench"));
    cmd.current_dir(&root).env("TEST_DATABASE_URL", &url);
    if !extra.iter().any(|a| a == "--grove" || a.starts_with("--grove=")) {
        cmd.arg("--grove").arg(release.join("grove"));
    }
    cmd.args(extra.iter().filter(|a| *a != "--"));
    run(cmd)
}

/// The failover drill or a formation to try (see the module docs).
fn ha(args: &[String]) -> Result<()> {
    let flag = match args.first().map(String::as_str) {
        None | Some("drill") => "--ha-drill",
        Some("up") => "--ha-up",
        Some(other) => return Err(format!("usage: cargo xtask ha [up | drill], not {other:?}")),
    };
    let mut build = cargo();
    build.args(["build", "-p", "grove", "-p", "grove-bench"]);
    run(build)?;
    let debug = target_dir().join("debug");
    let mut cmd = Command::new(debug.join("grove-bench"));
    cmd.current_dir(workspace_root()).arg(flag).arg("--grove").arg(debug.join("grove"));
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
