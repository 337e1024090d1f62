//! One module per resource: wire types, their conversions, and thin handlers.

pub mod groups;
pub mod identities;
pub mod registry;
pub mod role_bindings;
pub mod roles;

use serde_json::Value;

use crate::error::ApiError;
use crate::extract::{from_object, select_fields, Mutable, Query, WireBody};

/// Reads a PATCH body into `T`, keeping only the fields `updateMask` (or, without one, the
/// body itself) says to change.
pub(crate) fn patch_body<T: WireBody>(body: &[u8], query: &Query, mutable: &[Mutable]) -> Result<T, ApiError> {
    from_object(select_fields::<T>(body, query.get("update_mask"), mutable)?)
}

pub(crate) fn zero_string() -> Value {
    Value::String(String::new())
}

pub(crate) fn zero_list() -> Value {
    Value::Array(Vec::new())
}

pub(crate) fn zero_bool() -> Value {
    Value::Bool(false)
}

pub(crate) fn zero_object() -> Value {
    Value::Object(serde_json::Map::new())
}

/// Generates a list envelope type whose array key is the resource's plural name.
macro_rules! list_envelope {
    ($name:ident, $item:ty, $key:literal) => {
        #[doc = concat!("A page of `", $key, "`.")]
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            #[doc = "The results of this page."]
            #[serde(rename = $key)]
            pub items: Vec<$item>,
            /// Opaque cursor for the next page; absent on the last page.
            #[serde(skip_serializing_if = "Option::is_none")]
            pub next_page_token: Option<String>,
            /// Every match over all pages, as a decimal string.
            pub total_count: String,
            /// Echo of `skip`.
            pub skipped: u64,
        }

        impl<T: Into<$item>> From<grove_domain::listing::Page<T>> for $name {
            fn from(page: grove_domain::listing::Page<T>) -> Self {
                Self {
                    items: page.items.into_iter().map(Into::into).collect(),
                    next_page_token: page.next_page_token,
                    total_count: page.total_count.to_string(),
                    skipped: page.skipped,
                }
            }
        }
    };
}

pub(crate) use list_envelope;

/// Query parameters every list accepts.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ListParams {
    /// Only resources strictly below this uid.
    #[param(rename = "uidp.descendants_of")]
    descendants_of: Option<String>,
    /// Only direct children of this uid.
    #[param(rename = "uidp.children_of")]
    children_of: Option<String>,
    /// Only resources strictly above this uid.
    #[param(rename = "uidp.ancestors_of")]
    ancestors_of: Option<String>,
    /// Only root-level resources.
    #[param(rename = "uidp.in_root")]
    in_root: Option<bool>,
    /// Only these uids (repeatable).
    #[param(rename = "uidp.ids")]
    ids: Option<Vec<String>>,
    /// Exact name.
    name: Option<String>,
    /// Results per page: default 50, at most 200.
    page_size: Option<i32>,
    /// `nextPageToken` of the previous page.
    page_token: Option<String>,
    /// `uid`, `name`, `created_at` or `updated_at`, optionally followed by ` asc` or ` desc`.
    order_by: Option<String>,
    /// Results to skip.
    skip: Option<i32>,
}

/// The optional `updateMask` of a PATCH.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct UpdateParams {
    /// Comma-separated fields to change; without it, the fields present in the body change.
    #[param(rename = "updateMask")]
    update_mask: Option<String>,
}
