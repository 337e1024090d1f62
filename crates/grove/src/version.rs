//! What this build of Grove is: the crate version and the git commit `build.rs` embedded.

/// The crate version, such as `0.1.0`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The short commit hash, with `-dirty` when built from a changed tree, or `unknown`.
pub const COMMIT: &str = env!("GROVE_GIT_COMMIT");

/// `VERSION (COMMIT)`, as `grove --version` prints it after the name.
pub const LONG: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("GROVE_GIT_COMMIT"), ")");

/// The version and commit as `GET /version` answers them.
#[must_use]
pub fn build_info() -> grove_http::BuildInfo {
    grove_http::BuildInfo { version: VERSION.to_owned(), commit: COMMIT.to_owned() }
}
