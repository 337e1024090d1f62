//! Embeds the git commit the binary is built from as `GROVE_GIT_COMMIT`: the short hash, with
//! `-dirty` when tracked files differ from it, or `unknown` without git or a repository (a
//! Docker build copies no `.git`). A non-empty `GROVE_GIT_COMMIT` in the build environment
//! wins, for builds that know their commit otherwise.
//!
//! It reruns when HEAD moves (the worktree's `HEAD`, the branch it points to, `packed-refs`),
//! when the index changes, and when this crate's sources change, so the value stays fresh
//! without running git on every build. Edits elsewhere that are neither staged nor in this
//! crate do not refresh `-dirty` until one of those changes.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    Some(text.trim().to_owned())
}

/// Absolute path of `name` inside the git directory (worktree-aware: HEAD and the index are
/// per worktree, refs are shared).
fn git_path(name: &str) -> Option<PathBuf> {
    git(&["rev-parse", "--path-format=absolute", "--git-path", name]).filter(|p| !p.is_empty()).map(PathBuf::from)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-env-changed=GROVE_GIT_COMMIT");
    if let Some(commit) = std::env::var("GROVE_GIT_COMMIT").ok().filter(|c| !c.trim().is_empty()) {
        println!("cargo:rustc-env=GROVE_GIT_COMMIT={}", commit.trim());
        return;
    }
    let commit = match git(&["rev-parse", "--short", "HEAD"]).filter(|h| !h.is_empty()) {
        None => "unknown".to_owned(),
        Some(hash) => {
            // --no-optional-locks: do not refresh (rewrite) the index, which is watched below.
            let status = git(&["--no-optional-locks", "status", "--porcelain", "--untracked-files=no"]);
            let dirty = status.is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{hash}-dirty")
            } else {
                hash
            }
        }
    };
    // Watch only files that exist: cargo reruns the script on every build for a missing one.
    let branch = git(&["symbolic-ref", "-q", "HEAD"]).filter(|r| !r.is_empty());
    let watched = ["HEAD", "packed-refs", "index"].into_iter().map(str::to_owned).chain(branch);
    for path in watched.filter_map(|name| git_path(&name)).filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rustc-env=GROVE_GIT_COMMIT={commit}");
}
