//! One module per resource: thin handlers over the wire messages, and the parameter schemas
//! the OpenAPI document shows.

pub mod account_associations;
pub mod advisories;
pub mod audit;
pub mod custom_methods;
pub mod dead_letters;
mod fields;
pub mod group_invites;
pub mod groups;
pub mod identities;
pub mod identity_providers;
pub mod registry;
pub mod role_bindings;
pub mod roles;
pub mod scim;
pub mod scim_provisioning;
pub mod subscriptions;

/// `google.protobuf.Empty`, which a delete answers: `{}` in JSON.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Empty {}

/// The pattern of every uid, as the domain defines it.
pub use grove_domain::uidp::UID_PATTERN;

/// The schema of a uid (`Uid`), for parameters that take one. Only its schema is used.
#[derive(Debug)]
pub struct Uid;

impl utoipa::PartialSchema for Uid {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .pattern(Some(UID_PATTERN))
            .description(Some("A uid: 40 lowercase hex characters, then any number of `/` and 16 more."))
            .into()
    }
}

impl utoipa::ToSchema for Uid {}

/// Query parameters every list accepts (keys also in lowerCamel: `pageSize`, `uidp.inRoot`).
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ListParams {
    /// Only resources strictly below this uid.
    #[param(rename = "uidp.descendants_of", value_type = Option<Uid>)]
    descendants_of: Option<String>,
    /// Only direct children of this uid.
    #[param(rename = "uidp.children_of", value_type = Option<Uid>)]
    children_of: Option<String>,
    /// Only resources strictly above this uid.
    #[param(rename = "uidp.ancestors_of", value_type = Option<Uid>)]
    ancestors_of: Option<String>,
    /// Only root-level resources (`true` or `false`; also `1` or `0`).
    #[param(rename = "uidp.in_root")]
    in_root: Option<bool>,
    /// Only these uids (repeat the key, or separate them with commas).
    #[param(rename = "uidp.ids", style = Form, explode, value_type = Option<Vec<Uid>>)]
    ids: Option<Vec<String>>,
    /// Exact name.
    name: Option<String>,
    /// Results per page: default 50, at most 200 (larger values are lowered to 200).
    #[param(minimum = 0)]
    page_size: Option<i32>,
    /// `nextPageToken` of the previous page.
    page_token: Option<String>,
    /// `uid`, `name`, `created_at` or `updated_at`, optionally followed by ` asc` or ` desc`.
    order_by: Option<String>,
    /// Results to skip.
    #[param(minimum = 0)]
    skip: Option<i32>,
}

/// The optional `updateMask` of a PATCH.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct UpdateParams {
    /// Comma-separated fields to change (JSON or proto names, `*` for all mutable fields);
    /// without it, the fields present in the body change.
    #[param(rename = "updateMask")]
    update_mask: Option<String>,
}

/// The whole uid of the resource an operation acts on.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct ResourceUid {
    /// The resource's whole uid; its slashes may be sent as they are or as `%2F`.
    #[param(
        pattern = "^[0-9a-f]{40}(/[0-9a-f]{16})*$",
        example = "3f0c2a9d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39/0123456789abcdef"
    )]
    uid: String,
}

/// The uid of the group (for tags, the repo) a create puts the new resource in. It is
/// named `uid` because a create shares its path with the other operations on `{uid}`.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct ParentUid {
    /// The parent's whole uid (a group's; for tags, a repo's; for external group role
    /// mappings, an identity provider's); its slashes may be sent as they are or as `%2F`.
    #[param(
        pattern = "^[0-9a-f]{40}(/[0-9a-f]{16})*$",
        example = "3f0c2a9d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39/0123456789abcdef"
    )]
    uid: String,
}
