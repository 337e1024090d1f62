//! The resource messages a request writes, each with the fields a request may set and the
//! domain input it becomes, so that every transport (gRPC and REST) reads writes the same way.

use grove_domain::error::Error;
use grove_domain::services::{
    AccountAssociationInput, GroupInput, GroupInviteInput, IdentityInput, IdentityMetadataInput, IdentityProviderInput,
    MappingInput, RepoInput, RoleBindingInput, RoleInput, TagInput,
};

use crate::wkt::FieldMask;
use crate::{events as pb_events, iam as pb_iam, registry as pb_registry};

/// A resource message that create and update requests carry.
pub trait Writable: prost::Name + Default + Sized {
    /// The domain input it becomes.
    type Input;
    /// The snake_case paths a request may set (an update mask names these).
    const MUTABLE: &'static [&'static str];

    /// The input a create (no mask: the populated fields) or update (the masked ones) makes.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a mask path that is not mutable, or a value no input can hold.
    fn into_input(self, mask: Option<&FieldMask>) -> Result<Self::Input, Error>;
}

macro_rules! writable {
    ($($message:ty => $input:ty, $mutable:path, $convert:path;)*) => {$(
        impl Writable for $message {
            type Input = $input;
            const MUTABLE: &'static [&'static str] = $mutable;

            fn into_input(self, mask: Option<&FieldMask>) -> Result<$input, Error> {
                $convert(self, mask)
            }
        }
    )*};
}

writable! {
    pb_iam::Group => GroupInput, super::iam::GROUP_MUTABLE, super::iam::group_input;
    pb_iam::Identity => IdentityInput, super::iam::IDENTITY_MUTABLE, super::iam::identity_input;
    pb_iam::IdentityMetadata => IdentityMetadataInput, super::iam::IDENTITY_METADATA_MUTABLE, super::iam::identity_metadata_input;
    pb_iam::Role => RoleInput, super::iam::ROLE_MUTABLE, super::iam::role_input;
    pb_iam::RoleBinding => RoleBindingInput, super::iam::ROLE_BINDING_MUTABLE, super::iam::role_binding_input;
    pb_registry::Repo => RepoInput, super::registry::REPO_MUTABLE, super::registry::repo_input;
    pb_registry::Tag => TagInput, super::registry::TAG_MUTABLE, super::registry::tag_input;
    pb_registry::RepoReadme => String, super::repo_settings::README_MUTABLE, super::repo_settings::readme_input;
    pb_iam::IdentityProvider => IdentityProviderInput, super::identity_providers::IDENTITY_PROVIDER_MUTABLE,
        super::identity_providers::identity_provider_input;
    pb_iam::ExternalGroupRoleMapping => MappingInput, super::identity_providers::MAPPING_MUTABLE,
        super::identity_providers::mapping_input;
    pb_events::Subscription => String, super::events::SUBSCRIPTION_MUTABLE, super::events::subscription_input;
    pb_iam::GroupInvite => GroupInviteInput, super::group_invites::GROUP_INVITE_MUTABLE,
        super::group_invites::group_invite_input;
    pb_iam::AccountAssociation => AccountAssociationInput, super::account_associations::ACCOUNT_ASSOCIATION_MUTABLE,
        super::account_associations::account_association_input;
}
