//! One module per resource: the v1 wire types, their conversions to and from the domain,
//! and short handlers (extract, convert, call the service, convert back).

pub mod account_associations;
pub mod advisories;
pub mod group_invites;
pub mod groups;
pub mod identities;
pub mod identity_providers;
pub mod registry;
pub mod repo_settings;
pub mod role_bindings;
pub mod roles;

use axum::Json;
use serde_json::{Map, Value};

/// What a v1 delete answers: `google.protobuf.Empty`, written `{}`.
pub(crate) fn empty() -> Json<Value> {
    Json(Value::Object(Map::new()))
}
