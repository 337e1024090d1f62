//! Grove's wire contract, generated from the `.proto` files under `proto/` by
//! `cargo xtask proto` (see `crates/proto-gen`): prost messages with protojson (`serde`),
//! tonic servers and clients, and the encoded descriptor set for reflection, REST routing
//! and OpenAPI.
//!
//! The package modules mirror the proto packages; [`iam`], [`registry`] and [`common`] name
//! the ones transports use most. The public API's messages live in the `chainguard`
//! packages, with only the public fields and enum values (`tests/public_wire.rs` holds them
//! to the public definitions); what Grove keeps beyond them lives in its own `grove`
//! packages, [`grove_iam`], [`grove_audit`] and [`grove_events`] (docs/wire.md).

#![allow(unreachable_pub, clippy::doc_markdown)]

pub mod convert;
pub mod wkt;

include!("gen/_tree.rs");

pub use chainguard::platform::auth;
pub use chainguard::platform::common;
pub use chainguard::platform::events::v2beta1 as events;
pub use chainguard::platform::iam::v2beta1 as iam;
pub use chainguard::platform::registry::v2beta1 as registry;
pub use chainguard::platform::vulnerabilities::v2beta1 as vulnerabilities;
pub use grove::audit::v1alpha1 as grove_audit;
pub use grove::events::v1alpha1 as grove_events;
pub use grove::iam::v1alpha1 as grove_iam;

/// The encoded `FileDescriptorSet` of every file, with options and source comments, and the
/// `v2` packages beside `v2beta1`.
pub const DESCRIPTORS: &[u8] = include_bytes!("gen/descriptors.bin");
