#![doc = include_str!("../README.md")]

mod client;
mod error;
#[cfg(feature = "grpc")]
mod grpc;
mod types;

pub use client::{ApiToken, Client, ExchangeOptions, ListOptions, Page, Paginator, Resources};
pub use error::{code_name, ClientError};
#[cfg(feature = "grpc")]
pub use grpc::{Authorized, BearerToken, GrpcClient};
pub use types::{
    AcceptedTerms, BoundIdentity, ClaimMatch, Group, GroupInput, Identity, IdentityInput, NamedRef, Repo, RepoInput,
    RepoReadme, Resource, Role, RoleBinding, RoleBindingInput, RoleInput, ServerVersion, StaticKeys, SyncConfig, Tag,
    TagInput, TermsAcceptance,
};
