//! Schemas of body fields whose rules live in the domain, built from the domain's own
//! constants where it exports them, so that generated requests (and readers of the
//! document) meet the same rules the services apply.

use grove_domain::capability::Capability;
use grove_domain::names::{
    DIGEST_PATTERN, GROUP_NAME_PATTERN, MAX_DESCRIPTION_LEN, MAX_NAME_LEN, MAX_REPO_NAME_LEN, REPO_COMPONENT_PATTERN,
    TAG_PATTERN,
};
use utoipa::openapi::schema::{ArrayBuilder, Object, ObjectBuilder, SchemaType, Type};

use super::UID_PATTERN;

/// The characters the domain counts as printable, as a regex class body: no control
/// characters (Unicode Cc) and no whitespace but the plain space (the domain's rule for
/// names and descriptions, which it does not export).
const PRINTABLE: &str =
    "\\u0000-\\u001f\\u007f-\\u009f\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

fn optional_string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

/// A group's name.
pub(crate) fn group_name() -> Object {
    optional_string()
        .pattern(Some(GROUP_NAME_PATTERN))
        .max_length(Some(MAX_NAME_LEN))
        .description(Some(format!(
            "Required on create: matches `{GROUP_NAME_PATTERN}`, at most {MAX_NAME_LEN} characters."
        )))
        .build()
}

/// The name of an identity or a role: printable text.
pub(crate) fn display_name() -> Object {
    optional_string()
        .pattern(Some(format!("^[^{PRINTABLE}]*[^ {PRINTABLE}][^{PRINTABLE}]*$")))
        .min_length(Some(1))
        .max_length(Some(MAX_NAME_LEN))
        .description(Some(format!("Required on create: 1 to {MAX_NAME_LEN} printable characters.")))
        .build()
}

/// A webhook URL (the domain checks its scheme and host against the server's policy).
pub(crate) fn sink() -> Object {
    optional_string()
        .format(Some(utoipa::openapi::schema::SchemaFormat::Custom("uri".to_owned())))
        .max_length(Some(grove_domain::events::MAX_SINK_LEN))
        .description(Some(format!(
            "Required: an `https://` URL of at most {} bytes, without credentials or fragment, whose host \
             is not a private, link-local or loopback address (plain `http://` to a loopback host only when \
             the server allows it, as in development mode).",
            grove_domain::events::MAX_SINK_LEN
        )))
        .build()
}

/// Free text.
pub(crate) fn description() -> Object {
    optional_string()
        .pattern(Some(format!("^[^{PRINTABLE}]*$")))
        .max_length(Some(MAX_DESCRIPTION_LEN))
        .description(Some(format!(
            "Optional free text: at most {MAX_DESCRIPTION_LEN} characters, no line breaks or control characters."
        )))
        .build()
}

/// An OCI repository path.
pub(crate) fn repo_name() -> Object {
    optional_string()
        .pattern(Some(format!("^{REPO_COMPONENT_PATTERN}(?:/{REPO_COMPONENT_PATTERN})*$")))
        .max_length(Some(MAX_REPO_NAME_LEN))
        .description(Some("Required on create: an OCI repository path (lowercase components joined by `/`)."))
        .build()
}

/// A tag.
pub(crate) fn tag_name() -> Object {
    optional_string()
        .pattern(Some(TAG_PATTERN))
        .description(Some(format!("Required on create: matches `{TAG_PATTERN}`.")))
        .build()
}

/// A digest.
pub(crate) fn digest() -> Object {
    optional_string()
        .pattern(Some(DIGEST_PATTERN))
        .description(Some("Required on create: `sha256:<64 lowercase hex>` or `sha512:<128 lowercase hex>`."))
        .build()
}

/// A uid a body names.
pub(crate) fn uid() -> Object {
    optional_string().pattern(Some(UID_PATTERN)).description(Some("Required on create: a uid.")).build()
}

/// `catalogTier` in a body: a `CATALOG_TIER_*` name, its number, or null.
pub(crate) fn catalog_tier_input() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Integer, Type::Null]))
        .description(Some("A `CATALOG_TIER_*` name or its number."))
        .build()
}

/// A role's capabilities in a body: enum names (`CAP_REPO_LIST`) or dotted names (`repo.list`).
pub(crate) fn capabilities_input() -> utoipa::openapi::schema::Array {
    let names = Capability::ALL.iter().filter(|c| !c.is_built_in_only()).flat_map(|c| [c.enum_name(), c.dotted_name()]);
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(ObjectBuilder::new().schema_type(Type::String).enum_values(Some(names)))
        .min_items(Some(1))
        .description(Some("At least one on create: enum names (`CAP_REPO_LIST`) or dotted names (`repo.list`)."))
        .build()
}
