#![doc = include_str!("../README.md")]

pub mod error;
pub mod extract;
pub mod list;
pub mod resources;

use axum::extract::DefaultBodyLimit;
use axum::http::{Method, Uri};
use axum::routing::any;
use axum::Router;
use grove_domain::services::Services;
use grove_domain::Error;
use serde::{Deserialize, Serialize};

use crate::error::V1Error;
use crate::extract::MAX_BODY_BYTES;

/// Settings of the version 1 facade.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct V1Config {
    /// The per-organization limits every v1 Group shows in `resourceLimits`.
    pub resource_limits: ResourceLimits,
}

/// The integers a v1 Group shows in `resourceLimits`. Grove shows them for version 1 clients
/// and does not enforce them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ResourceLimits {
    /// Clusters an organization may register (default 10).
    pub clusters: i32,
    /// Identity providers an organization may configure (default 5).
    pub idps: i32,
    /// Repositories an organization may hold (default 1000).
    pub repositories: i32,
}

impl Default for ResourceLimits {
    fn default() -> Self {
        Self { clusters: 10, idps: 5, repositories: 1000 }
    }
}

/// What every v1 handler can reach. Cloned for every request, so the services sit behind
/// one `Arc`.
#[derive(Debug, Clone)]
pub struct V1State {
    /// The domain services (the same ones the v2 transport calls).
    pub services: std::sync::Arc<Services>,
    /// What groups show in `resourceLimits`.
    pub limits: ResourceLimits,
}

/// The `/iam/v1/…`, `/registry/v1/…` and `/vulnerabilities/v1/…` routes over `services`, with
/// state applied, ready to be merged beside the v2 router. Every answer, including unknown v1
/// paths, wrong methods and oversized bodies, is in the v1 shape.
pub fn routes(services: Services, config: &V1Config) -> Router {
    Router::new()
        .merge(resources::groups::routes())
        .merge(resources::identities::routes())
        .merge(resources::roles::routes())
        .merge(resources::role_bindings::routes())
        .merge(resources::registry::routes())
        .merge(resources::group_invites::routes())
        .merge(resources::account_associations::routes())
        .merge(resources::identity_providers::routes())
        .merge(resources::advisories::routes())
        .route("/iam/v1/{*rest}", any(no_route))
        .route("/registry/v1/{*rest}", any(no_route))
        .route("/vulnerabilities/v1/{*rest}", any(no_route))
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(V1State { services: std::sync::Arc::new(services), limits: config.resource_limits })
}

async fn no_route(method: Method, uri: Uri) -> V1Error {
    V1Error::from(Error::NotFound(format!("no route for {method} {}", uri.path())))
}

async fn wrong_method(method: Method, uri: Uri) -> V1Error {
    V1Error::MethodNotAllowed(format!("{method} is not supported on {}", uri.path()))
}
