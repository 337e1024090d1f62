//! Grove's pure domain: the IAM and registry model, capabilities and built-in roles,
//! authorization, paging, the error type, the ports adapters implement, and the services
//! that transports call.
//!
//! This crate depends on no transport, database or async runtime; a test enforces it.

pub mod address;
pub mod audit;
pub mod authz;
pub mod aws;
pub mod builtin;
pub mod capability;
pub mod cvss;
pub mod error;
pub mod events;
pub mod grants_cache;
pub mod listing;
pub mod model;
pub mod names;
pub mod osv;
pub mod params;
pub mod ports;
pub mod secrets;
pub mod services;
pub mod text;
pub mod time;
pub mod uidp;
pub mod xchacha;

pub use error::{Code, Error, Result};
pub use time::Timestamp;
pub use uidp::Uidp;
