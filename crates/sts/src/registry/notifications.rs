//! `POST {auth_url}/registry/events`: the registry's notification webhook. Every `push` of a
//! tagged manifest becomes Grove's tag of that name on the repo, moved to the pushed digest.
//!
//! The registry authenticates with a Grove API token in its endpoint's `Authorization`
//! header, and the tags are written as that token's identity (which needs `tag.create` on
//! the repos). Events Grove cannot record (a path that leads to no repo, a tag or digest it
//! rejects, a repo out of the caller's reach) are skipped and counted, never retried: the
//! answer is `200` as soon as the envelope was read, so the registry does not resend it.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use grove_domain::error::Error;
use serde::Deserialize;
use serde_json::json;

use super::scope::valid_repository_name;
use super::{failure, protocol_error, RegistryState};

/// Largest envelope read.
pub const MAX_ENVELOPE_BYTES: usize = 1024 * 1024;

/// Manifest media types whose pushes name a tag worth recording.
const MANIFEST_TYPES: &[&str] = &[
    "application/vnd.oci.image.manifest.v1+json",
    "application/vnd.oci.image.index.v1+json",
    "application/vnd.docker.distribution.manifest.v2+json",
    "application/vnd.docker.distribution.manifest.list.v2+json",
];

#[derive(Deserialize)]
struct Envelope {
    #[serde(default)]
    events: Vec<Event>,
}

#[derive(Deserialize)]
struct Event {
    #[serde(default)]
    action: String,
    #[serde(default)]
    target: Target,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Target {
    #[serde(default)]
    media_type: String,
    #[serde(default)]
    digest: String,
    #[serde(default)]
    repository: String,
    #[serde(default)]
    tag: String,
}

pub(super) async fn receive(State(s): State<RegistryState>, headers: HeaderMap, body: Bytes) -> Response {
    let authorization = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    let request_id = headers.get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
    let caller = match s.auth.authenticator.authenticate(authorization).await {
        Ok(caller) => {
            tracing::Span::current().record("caller", caller.identity().as_str());
            caller.through(grove_domain::audit::Transport::Registry, request_id)
        }
        Err(Error::Unauthenticated(reason)) => {
            return protocol_error(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", &reason);
        }
        Err(other) => return failure(&other),
    };
    if body.len() > MAX_ENVELOPE_BYTES {
        let message = format!("the envelope must be at most {MAX_ENVELOPE_BYTES} bytes");
        return protocol_error(StatusCode::PAYLOAD_TOO_LARGE, "SIZE_INVALID", &message);
    }
    let envelope: Envelope = match serde_json::from_slice(&body) {
        Ok(envelope) => envelope,
        Err(e) => {
            let message = format!("the body must be a notification envelope {{\"events\": [...]}}: {e}");
            return protocol_error(StatusCode::BAD_REQUEST, "UNSUPPORTED", &message);
        }
    };
    let (mut recorded, mut skipped) = (0u64, 0u64);
    for event in &envelope.events {
        let target = &event.target;
        if event.action != "push" || target.tag.is_empty() || !MANIFEST_TYPES.contains(&target.media_type.as_str()) {
            continue;
        }
        if !valid_repository_name(&target.repository) {
            skipped += 1;
            continue;
        }
        match s.auth.access.record_push(&caller, &target.repository, &target.tag, &target.digest).await {
            Ok(Some(tag)) => {
                recorded += 1;
                tracing::info!(repository = %target.repository, tag = %target.tag, uid = %tag.uid, "registry push recorded");
            }
            Ok(None) => skipped += 1,
            Err(e @ (Error::Internal { .. } | Error::Unavailable(_))) => return failure(&e),
            Err(e) => {
                skipped += 1;
                tracing::info!(repository = %target.repository, tag = %target.tag, reason = %e, "registry push not recorded");
            }
        }
    }
    Json(json!({ "recorded": recorded, "skipped": skipped })).into_response()
}
