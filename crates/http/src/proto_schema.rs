//! OpenAPI schemas of the wire messages, read from `grove-proto`'s descriptor set, so that
//! the document shows exactly the JSON the server writes (protojson of the same messages):
//! lowerCamel names (or a field's own `json_name`), int64 as strings, Timestamps as
//! date-times, FieldMasks as strings, enums by name, maps as objects. Scalars, lists and maps
//! are always sent; message fields, oneof members and `optional` scalars only when set.

use std::borrow::Cow;
use std::sync::LazyLock;

use prost_reflect::{DescriptorPool, FieldDescriptor, Kind, MessageDescriptor};
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type,
};
use utoipa::openapi::RefOr;

/// The descriptor set, decoded once for the document and for reading request bodies.
pub(crate) static POOL: LazyLock<DescriptorPool> =
    LazyLock::new(|| DescriptorPool::decode(grove_proto::DESCRIPTORS).unwrap_or_else(|_| DescriptorPool::new()));

/// The schema of the message `full_name` (an empty object if the descriptor set lacks it,
/// which the document's own test rules out).
#[must_use]
pub fn message_schema(full_name: &str) -> RefOr<Schema> {
    POOL.get_message_by_name(full_name)
        .map_or_else(|| ObjectBuilder::new().into(), |m| message(&m, 0, Side::Response).into())
}

/// The schema of the request message `full_name` sent whole as a body (`body: "*"`):
/// output-only fields left out, nothing required.
#[must_use]
pub fn request_body_schema(full_name: &str) -> RefOr<Schema> {
    POOL.get_message_by_name(full_name)
        .map_or_else(|| ObjectBuilder::new().into(), |m| message(&m, 0, Side::Request).into())
}

/// Nesting deeper than this is written as a free-form object (no message of ours nests so
/// deep; the bound keeps a recursive message from recursing forever).
const MAX_DEPTH: usize = 8;

/// Which side of the wire a schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// What the server writes: every field; scalars, lists and maps always sent.
    Response,
    /// What a request may hold: no output-only fields, nothing required.
    Request,
}

fn message(m: &MessageDescriptor, depth: usize, side: Side) -> Schema {
    object(m, depth, side, |_| true, &[]).into()
}

/// A field's JSON name and the schema of the domain's rules for it.
pub type FieldRule = (&'static str, fn() -> Schema);

/// The object schema of the fields of `m` that `keep` keeps, each as `rules` gives it for its
/// JSON name or else as the descriptor says.
fn object(
    m: &MessageDescriptor,
    depth: usize,
    side: Side,
    keep: impl Fn(&FieldDescriptor) -> bool,
    rules: &[FieldRule],
) -> ObjectBuilder {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    for field in m.fields().filter(|f| keep(f)) {
        if side == Side::Request && crate::body::has_behavior(&field, crate::body::OUTPUT_ONLY) {
            continue;
        }
        let always_sent =
            field.containing_oneof().is_none() && (field.is_list() || field.is_map() || !field.supports_presence());
        if always_sent && side == Side::Response {
            object = object.required(field.json_name());
        }
        let schema = rules
            .iter()
            .find(|(name, _)| *name == field.json_name())
            .map_or_else(|| field_schema(&field, depth, side), |(_, rule)| rule());
        object = object.property(field.json_name(), schema);
    }
    object
}

/// The schema of a request body carrying the message `full_name`: its `mutable` fields
/// (snake_case), none required (a create's required fields are added per operation), and
/// where the domain has rules for a field (a pattern, a length), the schema `rules` gives
/// for its JSON name.
#[must_use]
pub fn request_message_schema(full_name: &str, mutable: &[&str], rules: &[FieldRule]) -> RefOr<Schema> {
    let Some(m) = POOL.get_message_by_name(full_name) else { return ObjectBuilder::new().into() };
    object(&m, 0, Side::Request, |f| mutable.contains(&f.name()), rules)
        .description(Some(format!(
            "The fields of `{}` a request may set. Output-only fields are accepted and ignored (a fetched \
             resource can be sent back); `null` is the zero value; on PATCH without `updateMask` the fields \
             present change.",
            m.name()
        )))
        .into()
}

fn field_schema(field: &FieldDescriptor, depth: usize, side: Side) -> Schema {
    if field.is_map() {
        let Kind::Message(entry) = field.kind() else { return ObjectBuilder::new().into() };
        let value = field_schema(&entry.map_entry_value_field(), depth, side);
        return ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(AdditionalProperties::RefOr(RefOr::T(value))))
            .into();
    }
    let single = kind_schema(&field.kind(), depth, side);
    if field.is_list() {
        ArrayBuilder::new().items(RefOr::T(single)).into()
    } else {
        single
    }
}

fn string(format: Option<KnownFormat>, pattern: Option<&str>) -> Schema {
    ObjectBuilder::new().schema_type(Type::String).format(format.map(SchemaFormat::KnownFormat)).pattern(pattern).into()
}

fn kind_schema(kind: &Kind, depth: usize, side: Side) -> Schema {
    match kind {
        Kind::Bool => ObjectBuilder::new().schema_type(Type::Boolean).into(),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .into(),
        Kind::Uint32 | Kind::Fixed32 => ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)).into(),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => string(Some(KnownFormat::Int64), Some("^-?[0-9]+$")),
        Kind::Uint64 | Kind::Fixed64 => string(None, Some("^[0-9]+$")),
        Kind::Float | Kind::Double => ObjectBuilder::new().schema_type(Type::Number).into(),
        Kind::String => string(None, None),
        Kind::Bytes => string(Some(KnownFormat::Byte), None),
        Kind::Enum(e) => ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(e.values().map(|v| v.name().to_owned())))
            .into(),
        Kind::Message(m) => match m.full_name() {
            "google.protobuf.Timestamp" => string(Some(KnownFormat::DateTime), None),
            "google.protobuf.FieldMask" | "google.protobuf.Duration" => string(None, None),
            "google.protobuf.Empty" => ObjectBuilder::new().schema_type(Type::Object).into(),
            _ if depth >= MAX_DEPTH => ObjectBuilder::new().schema_type(Type::Object).into(),
            _ => message(m, depth + 1, side),
        },
    }
}

/// The component name of a message: its simple name (`Group`, `ListGroupsResponse`).
#[must_use]
pub fn component_name(full_name: &'static str) -> Cow<'static, str> {
    Cow::Borrowed(full_name.rsplit('.').next().unwrap_or(full_name))
}

/// Declares a type whose OpenAPI schema is the message `$full`, read from the descriptors:
/// as the server writes it, or with `request` as a request sends it whole (`body: "*"`).
macro_rules! proto_schema {
    ($ty:ident, $full:literal) => {
        $crate::proto_schema::proto_schema!(@ $ty, $full, message_schema, "");
    };
    ($ty:ident, $full:literal, request) => {
        $crate::proto_schema::proto_schema!(@ $ty, $full, request_body_schema, " request body");
    };
    (@ $ty:ident, $full:literal, $schema:ident, $what:literal) => {
        #[doc = concat!("The OpenAPI schema of `", $full, "`", $what, " (from the descriptor set).")]
        #[derive(Debug)]
        pub struct $ty;

        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::proto_schema::$schema($full)
            }
        }

        impl utoipa::ToSchema for $ty {
            fn name() -> std::borrow::Cow<'static, str> {
                $crate::proto_schema::component_name($full)
            }
        }
    };
}
pub(crate) use proto_schema;

/// Declares a type whose OpenAPI schema is a request body carrying the message `$message`
/// (a [`grove_proto::convert::Writable`]): its mutable fields, with the domain's `rules`.
macro_rules! request_schema {
    ($ty:ident, $message:ty, [$(($json:literal, $rule:path)),* $(,)?]) => {
        #[doc = concat!("The OpenAPI schema of a `", stringify!($message), "` request body.")]
        #[derive(Debug)]
        pub struct $ty;

        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use grove_proto::convert::Writable as _;
                use prost::Name as _;
                $crate::proto_schema::request_message_schema(
                    &<$message>::full_name(),
                    <$message>::MUTABLE,
                    &[$(($json, (|| $rule().into()) as fn() -> utoipa::openapi::schema::Schema)),*],
                )
            }
        }

        impl utoipa::ToSchema for $ty {}
    };
}
pub(crate) use request_schema;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_the_document_names_is_in_the_descriptor_set() {
        for name in [
            "chainguard.platform.iam.v2beta1.Group",
            "chainguard.platform.iam.v2beta1.ListRoleBindingsResponse",
            "chainguard.platform.registry.v2beta1.Tag",
        ] {
            assert!(POOL.get_message_by_name(name).is_some(), "{name}");
        }
    }

    #[test]
    fn a_schema_follows_protojson() {
        let schema =
            serde_json::to_value(message_schema("chainguard.platform.iam.v2beta1.ListGroupsResponse")).unwrap();
        assert_eq!(schema["required"], serde_json::json!(["groups", "nextPageToken", "skipped"]));
        assert_eq!(schema["properties"]["totalCount"]["type"], "string");
        assert_eq!(schema["properties"]["groups"]["items"]["properties"]["createTime"]["format"], "date-time");
        let repo = serde_json::to_value(message_schema("chainguard.platform.registry.v2beta1.Repo")).unwrap();
        assert!(repo["properties"].get("sync_config").is_some(), "json_name is kept");
    }
}
