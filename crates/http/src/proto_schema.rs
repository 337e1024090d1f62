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

static POOL: LazyLock<DescriptorPool> =
    LazyLock::new(|| DescriptorPool::decode(grove_proto::DESCRIPTORS).unwrap_or_else(|_| DescriptorPool::new()));

/// The schema of the message `full_name` (an empty object if the descriptor set lacks it,
/// which the document's own test rules out).
#[must_use]
pub fn message_schema(full_name: &str) -> RefOr<Schema> {
    POOL.get_message_by_name(full_name).map_or_else(|| ObjectBuilder::new().into(), |m| message(&m, 0).into())
}

/// Nesting deeper than this is written as a free-form object (no message of ours nests so
/// deep; the bound keeps a recursive message from recursing forever).
const MAX_DEPTH: usize = 8;

fn message(m: &MessageDescriptor, depth: usize) -> Schema {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    for field in m.fields() {
        let always_sent =
            field.containing_oneof().is_none() && (field.is_list() || field.is_map() || !field.supports_presence());
        if always_sent {
            object = object.required(field.json_name());
        }
        object = object.property(field.json_name(), field_schema(&field, depth));
    }
    object.into()
}

fn field_schema(field: &FieldDescriptor, depth: usize) -> Schema {
    if field.is_map() {
        let Kind::Message(entry) = field.kind() else { return ObjectBuilder::new().into() };
        let value = field_schema(&entry.map_entry_value_field(), depth);
        return ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(AdditionalProperties::RefOr(RefOr::T(value))))
            .into();
    }
    let single = kind_schema(&field.kind(), depth);
    if field.is_list() {
        ArrayBuilder::new().items(RefOr::T(single)).into()
    } else {
        single
    }
}

fn string(format: Option<KnownFormat>, pattern: Option<&str>) -> Schema {
    ObjectBuilder::new().schema_type(Type::String).format(format.map(SchemaFormat::KnownFormat)).pattern(pattern).into()
}

fn kind_schema(kind: &Kind, depth: usize) -> Schema {
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
            _ => message(m, depth + 1),
        },
    }
}

/// The component name of a message: its simple name (`Group`, `ListGroupsResponse`).
#[must_use]
pub fn component_name(full_name: &'static str) -> Cow<'static, str> {
    Cow::Borrowed(full_name.rsplit('.').next().unwrap_or(full_name))
}

/// Declares a type whose OpenAPI schema is the message `$full`, read from the descriptors.
macro_rules! proto_schema {
    ($ty:ident, $full:literal) => {
        #[doc = concat!("The OpenAPI schema of `", $full, "` (from the descriptor set).")]
        #[derive(Debug)]
        pub struct $ty;

        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::proto_schema::message_schema($full)
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
