//! Request bodies as the wire messages themselves: protojson read by the generated (pbjson)
//! deserializers, so a field added to a `.proto` is accepted over REST with no code here.
//!
//! What REST adds to protojson, driven by the descriptors:
//! - output-only fields (`google.api.field_behavior = OUTPUT_ONLY`) are accepted and ignored,
//!   so that a fetched resource can be sent back as it is;
//! - a field no request may set is refused when it holds anything but its zero value;
//! - `null` means the zero value (protojson's rule);
//! - a PATCH without `updateMask` changes the fields present in the body (grpc-gateway's rule).

use axum::extract::{FromRequest, Request};
use grove_domain::error::Error;
use grove_proto::convert::Writable;
use grove_proto::wkt::FieldMask;
use prost_reflect::{ExtensionDescriptor, FieldDescriptor, MessageDescriptor, Value as ReflectValue};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::extract::{from_object, parse_json, Query, RawBody, UniqueKeys};
use crate::proto_schema::POOL;

/// `google.api.FieldBehavior.OUTPUT_ONLY`.
pub(crate) const OUTPUT_ONLY: i32 = 3;

/// A resource message a REST body carries, with an optional rewrite of its JSON before it is
/// read (for the few conveniences REST keeps beyond protojson).
pub trait RestBody: Writable + DeserializeOwned {
    /// Rewrites the body object before the protojson reader sees it.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the field when a value cannot be rewritten.
    fn normalize(_object: &mut Map<String, Value>) -> Result<(), Error> {
        Ok(())
    }

    /// The update-mask paths a body key `field` (snake_case) holding `value` names on a PATCH
    /// without a mask: the field itself, unless the message reads nested paths of it.
    fn present_paths(field: &str, _value: &Value) -> Vec<String> {
        vec![field.to_owned()]
    }
}

/// A body read into the message `M`.
#[derive(Debug)]
pub struct ProtoBody<M> {
    message: M,
    /// The mutable top-level fields the body holds (snake_case), for a PATCH without a mask.
    present: Vec<String>,
    /// A field the body sets that no request may set, when there is one.
    not_writable: Option<String>,
}

impl<M: RestBody, S: Send + Sync> FromRequest<S> for ProtoBody<M> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let RawBody(bytes) = RawBody::from_request(req, state).await?;
        Self::parse(&bytes)
    }
}

impl<M: RestBody> ProtoBody<M> {
    /// Reads `bytes` (an empty body reads as `{}`).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `body` for malformed JSON or a non-object, and on the field's
    /// name for an unknown field or a wrong type.
    pub fn parse(bytes: &[u8]) -> Result<Self, ApiError> {
        let UniqueKeys(Value::Object(mut object)) = parse_json(bytes)? else {
            return Err(Error::invalid("body", "the request body must be a JSON object").into());
        };
        let descriptor = POOL.get_message_by_name(&M::full_name());
        let mut present = Vec::new();
        let mut not_writable = None;
        let mut unknown = None;
        object.retain(|key, value| {
            let Some(field) = descriptor.as_ref().and_then(|d| field_named(d, key)) else {
                if !value.is_null() {
                    unknown.get_or_insert_with(|| key.clone());
                }
                return !value.is_null();
            };
            let mutable = M::MUTABLE.contains(&field.name());
            if mutable {
                // protojson: null is the zero value; the key still counts as present.
                present.extend(M::present_paths(field.name(), value));
            }
            if value.is_null() || has_behavior(&field, OUTPUT_ONLY) {
                return false;
            }
            if !mutable && !is_zero(value) && not_writable.is_none() {
                not_writable = Some(key.clone());
            }
            true
        });
        if let Some(key) = unknown {
            let description = format!("unknown field `{key}`, expected {}", one_of(M::MUTABLE));
            return Err(Error::invalid(key, description).into());
        }
        M::normalize(&mut object)?;
        let message = from_object(object)?;
        Ok(Self { message, present, not_writable })
    }

    /// The input of a create: the populated fields.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a field no request may set, or an invalid value.
    pub fn create_input(self) -> Result<M::Input, ApiError> {
        self.refuse_not_writable()?;
        Ok(self.message.into_input(None)?)
    }

    /// The input of an update: the fields `updateMask` names, or without one the fields the
    /// body holds.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a mask path that is not mutable, a field no request may set
    /// (without a mask), an invalid value, or `update_mask` given twice.
    pub fn update_input(self, query: &Query) -> Result<M::Input, ApiError> {
        self.update_input_masked(query.single("update_mask")?)
    }

    /// The input of an update whose `updateMask` travels elsewhere (in a `body: "*"`
    /// request): the fields `mask` names, or without one the fields the body holds.
    ///
    /// # Errors
    /// As [`Self::update_input`].
    pub fn update_input_masked(mut self, mask: Option<&str>) -> Result<M::Input, ApiError> {
        let mask = match mask.map(str::trim).filter(|m| !m.is_empty()) {
            Some(mask) => FieldMask::parse(mask),
            None => {
                self.refuse_not_writable()?;
                // With no mutable key present the mask is empty, which reads as "the populated
                // fields": none, as the body holds no mutable field.
                FieldMask { paths: std::mem::take(&mut self.present) }
            }
        };
        Ok(self.message.into_input(Some(&mask))?)
    }

    fn refuse_not_writable(&self) -> Result<(), ApiError> {
        match &self.not_writable {
            Some(key) => Err(Error::invalid(key.clone(), format!("{key} cannot be set")).into()),
            None => Ok(()),
        }
    }
}

/// The writable fields as serde words its "expected" list: `` `a` ``, `` `a` or `b` ``,
/// `` one of `a`, `b`, `c` ``.
fn one_of(paths: &[&str]) -> String {
    let names: Vec<String> = paths.iter().map(|p| format!("`{}`", FieldMask::lower_camel(p))).collect();
    match names.as_slice() {
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        _ => format!("one of {}", names.join(", ")),
    }
}

/// The field of `message` that `key` names, by its JSON name or its proto name.
pub(crate) fn field_named(message: &MessageDescriptor, key: &str) -> Option<FieldDescriptor> {
    message.get_field_by_json_name(key).or_else(|| message.get_field_by_name(key))
}

fn field_behavior() -> Option<ExtensionDescriptor> {
    POOL.get_extension_by_name("google.api.field_behavior")
}

/// Whether `field` carries the `google.api.field_behavior` value `behavior`.
pub(crate) fn has_behavior(field: &FieldDescriptor, behavior: i32) -> bool {
    let Some(extension) = field_behavior() else { return false };
    let options = field.options();
    if !options.has_extension(&extension) {
        return false;
    }
    match options.get_extension(&extension).as_ref() {
        ReflectValue::List(values) => values.iter().any(|v| v.as_enum_number() == Some(behavior)),
        ReflectValue::EnumNumber(n) => *n == behavior,
        _ => false,
    }
}

/// Whether `value` is a protojson zero value (which leaves a field unset).
fn is_zero(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty() || s == "0" || s.ends_with("_UNSPECIFIED"),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grove_proto::iam::{Group, Role};
    use prost::Name as _;

    fn invalid(err: ApiError) -> (String, String) {
        let ApiError::Domain(Error::InvalidArgument(v)) = err else { panic!("not INVALID_ARGUMENT: {err:?}") };
        (v[0].field.clone(), v[0].description.clone())
    }

    #[test]
    fn output_only_fields_are_ignored_and_both_name_forms_read() {
        let body = ProtoBody::<Group>::parse(
            br#"{"uid":"x","createTime":"2020-01-01T00:00:00Z","resource_limits":{"a":1},"name":"n","description":"d"}"#,
        )
        .unwrap();
        assert_eq!(body.present, ["name", "description"]);
        let input = body.create_input().unwrap();
        assert_eq!((input.name.as_deref(), input.description.as_deref()), (Some("n"), Some("d")));
    }

    #[test]
    fn a_patch_without_mask_changes_the_fields_present_even_to_zero() {
        let input =
            ProtoBody::<Group>::parse(br#"{"description":""}"#).unwrap().update_input(&Query::default()).unwrap();
        assert_eq!((input.name, input.description.as_deref()), (None, Some("")));
        let input =
            ProtoBody::<Group>::parse(br#"{"description":null}"#).unwrap().update_input(&Query::default()).unwrap();
        assert_eq!(input.description.as_deref(), Some(""));
    }

    #[test]
    fn a_patch_with_mask_changes_only_the_masked_fields() {
        let input = ProtoBody::<Group>::parse(br#"{"name":"n","description":"d"}"#)
            .unwrap()
            .update_input(&Query::parse("updateMask=description"))
            .unwrap();
        assert_eq!((input.name, input.description.as_deref()), (None, Some("d")));
    }

    #[test]
    fn a_patch_with_two_masks_is_refused_rather_than_one_dropped() {
        let refused = ProtoBody::<Group>::parse(br#"{"name":"n","description":"d"}"#)
            .unwrap()
            .update_input(&Query::parse("updateMask=name&update_mask=description"))
            .unwrap_err();
        assert_eq!(
            invalid(refused),
            ("update_mask".to_owned(), "update_mask is given more than once; it takes one value".to_owned())
        );
    }

    #[test]
    fn unknown_fields_and_wrong_types_name_the_field() {
        let (field, description) = invalid(ProtoBody::<Group>::parse(br#"{"nmae":"x"}"#).unwrap_err());
        assert_eq!(field, "nmae");
        assert_eq!(description, "unknown field `nmae`, expected `name` or `description`");
        let (field, _) = invalid(ProtoBody::<Group>::parse(br#"{"name":5}"#).unwrap_err());
        assert_eq!(field, "name");
        assert_eq!(invalid(ProtoBody::<Group>::parse(b"[1]").unwrap_err()).0, "body");
    }

    #[test]
    fn a_field_no_request_sets_is_refused_unless_zero() {
        let err = ProtoBody::<Group>::parse(br#"{"name":"n","verified":true}"#).unwrap().create_input().unwrap_err();
        assert_eq!(invalid(err), ("verified".to_owned(), "verified cannot be set".to_owned()));
        let ok = ProtoBody::<Group>::parse(br#"{"name":"n","verified":false,"kind":"ORG_KIND_UNSPECIFIED"}"#);
        assert!(ok.unwrap().create_input().is_ok());
    }

    #[test]
    fn field_behaviors_are_read_from_the_descriptors() {
        let role = POOL.get_message_by_name(&Role::full_name()).unwrap();
        assert!(has_behavior(&role.get_field_by_name("uid").unwrap(), OUTPUT_ONLY));
        assert!(!has_behavior(&role.get_field_by_name("name").unwrap(), OUTPUT_ONLY));
    }
}
