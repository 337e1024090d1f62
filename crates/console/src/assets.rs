//! The console's static files, embedded in the binary and served with long cache lifetimes
//! under a version derived from their content.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest as _, Sha256};

/// The style sheet.
pub(crate) const CSS: &str = include_str!("../assets/console.css");
/// The script (vanilla, no dependencies).
pub(crate) const JS: &str = include_str!("../assets/console.js");
/// The icon.
pub(crate) const ICON: &str = include_str!("../assets/favicon.svg");

/// A short hash of every asset, put in their URLs so that a new build is fetched at once.
pub(crate) fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut h = Sha256::new();
        for part in [CSS, JS, ICON] {
            h.update(part.as_bytes());
        }
        h.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect()
    })
}

/// `GET /console/static/{file}`.
pub(crate) async fn serve(Path(file): Path<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "console.css" => (CSS, "text/css; charset=utf-8"),
        "console.js" => (JS, "text/javascript; charset=utf-8"),
        "favicon.svg" => (ICON, "image/svg+xml"),
        _ => {
            return (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "Not found\n")
                .into_response()
        }
    };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "public, max-age=31536000, immutable")], body)
        .into_response()
}
