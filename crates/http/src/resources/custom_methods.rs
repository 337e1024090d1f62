//! The public API's custom methods (`…:verb`, API.md 0.1) that Grove does not implement yet.
//! Their routes exist so that a verb is never read as part of a uid or a parent (a
//! `POST …/groups/{uid}:requestGroupAccess` is not a CreateGroup), and they answer
//! `UNIMPLEMENTED` (501) exactly as their gRPC methods do.

use axum::routing::{get, patch};
use axum::Router;

use crate::error::ApiError;
use crate::AppState;

/// The routes of the collection-level custom methods.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/iam/v2beta1/groups:lookupGroup", get(|| not_implemented("LookupGroup")))
        .route("/iam/v2beta1/groups:checkEligibility", get(|| not_implemented("CheckEligibility")))
        .route("/iam/v2beta1/identities:updateIdentityMetadata", patch(|| not_implemented("UpdateIdentityMetadata")))
}

/// The answer of a method the public API has and Grove does not implement yet.
pub(crate) async fn not_implemented(method: &str) -> ApiError {
    ApiError::NotImplemented(format!("{method} is not implemented by this server"))
}

/// A uid path whose last segment carries a custom verb (`<uid>:requestGroupAccess`): the
/// uid and the verb. Uids never hold `:`.
#[must_use]
pub fn split_verb(path: &str) -> Option<(&str, &str)> {
    let last = path.rsplit('/').next().unwrap_or(path);
    last.contains(':').then(|| path.rsplit_once(':')).flatten()
}

#[cfg(test)]
mod tests {
    use super::split_verb;

    #[test]
    fn a_verb_is_split_off_the_last_segment_only() {
        assert_eq!(split_verb("abc/0123:requestGroupAccess"), Some(("abc/0123", "requestGroupAccess")));
        assert_eq!(split_verb("abc/0123"), None);
        assert_eq!(split_verb("a:b/0123"), None);
    }
}
