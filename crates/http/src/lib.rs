#![doc = include_str!("../README.md")]

pub mod error;
pub mod extract;
pub mod openapi;
pub mod resources;
pub mod router;

pub use router::{router, HttpConfig};

use grove_domain::services::Services;

/// What every handler can reach.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The domain services.
    pub services: Services,
}
