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
pub mod scim;

use axum::Json;
use grove_domain::Error;
use serde_json::{Map, Value};

/// What a v1 delete answers: `google.protobuf.Empty`, written `{}`.
pub(crate) fn empty() -> Json<Value> {
    Json(Value::Object(Map::new()))
}

/// A protojson Duration (`"<seconds>[.<fraction>]s"`, seconds not negative).
pub(crate) fn duration(field: &str, text: &str) -> Result<chrono::Duration, Error> {
    let bad = || Error::invalid(field, format!("{field} must be a duration such as \"86400s\""));
    let number = text.strip_suffix('s').ok_or_else(bad)?;
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || fraction.len() > 9 {
        return Err(bad());
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let seconds: i64 = whole.parse().map_err(|_| bad())?;
    let nanos: i64 = if fraction.is_empty() { 0 } else { format!("{fraction:0<9}").parse().map_err(|_| bad())? };
    chrono::Duration::try_seconds(seconds).map(|d| d + chrono::Duration::nanoseconds(nanos)).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_protojson_seconds() {
        assert_eq!(duration("ttl", "86400s"), Ok(chrono::Duration::days(1)));
        assert_eq!(duration("ttl", "1.5s"), Ok(chrono::Duration::milliseconds(1_500)));
        for bad in ["86400", "-1s", "s", "1.s5", "1.0000000001s", "1e3s"] {
            assert_eq!(
                duration("ttl", bad),
                Err(Error::invalid("ttl", "ttl must be a duration such as \"86400s\"")),
                "{bad:?}"
            );
        }
    }
}
