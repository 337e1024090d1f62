#![doc = include_str!("../README.md")]

mod client;
mod error;
mod types;

pub use client::{ApiToken, Client, ExchangeOptions, ListOptions, Page, Paginator, Resources};
pub use error::{code_name, ClientError};
pub use types::{
    BoundIdentity, ClaimMatch, Group, GroupInput, Identity, IdentityInput, NamedRef, Repo, RepoInput, Resource, Role,
    RoleBinding, RoleBindingInput, RoleInput, ServerVersion, StaticKeys, Tag, TagInput,
};
