#![doc = include_str!("../README.md")]

pub mod body;
pub mod error;
pub mod extract;
pub mod faces;
pub mod json;
pub mod openapi;
pub mod proto_schema;
pub mod resources;
pub mod router;
pub mod scim;

pub use router::{error_layer, router, routes, version_routes, BuildInfo, HttpConfig};

use grove_domain::services::Services;

/// What every handler can reach. Cloned for every request, so it is one `Arc`.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The domain services.
    pub services: std::sync::Arc<Services>,
}
