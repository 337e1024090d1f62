//! The `grove` application: configuration, assembly of adapters and transports, and the
//! server loop. The `grove` binary is a thin command-line front end over this library.

pub mod admin;
pub mod advisories;
pub mod app;
pub mod config;
pub mod dev_state;
pub mod events;
pub mod http_server;
pub mod serve;
pub mod telemetry;
pub mod tls;
pub mod version;
