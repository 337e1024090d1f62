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
    AcceptedTerms, AccountAssociation, AccountAssociationInput, AccountCheck, AccountProvider, AmazonAccount,
    AuditEntry, AzureTenant, BoundIdentity, ClaimMatch, ClientSecret, DeadLetter, GitHubAppInstallations, GitHubApps,
    GitHubInstallation, GoogleProject, Group, GroupInput, GroupInvite, GroupInviteInput, GroupInviteRole, Identity,
    IdentityInput, IdentityProvider, IdentityProviderInput, NamedRef, Oidc, OidcInput, ReplayedDeadLetter, Repo,
    RepoInput, RepoReadme, Resource, Role, RoleBinding, RoleBindingInput, RoleInput, Scim, ServerVersion,
    ServiceBindings, StaticKeys, Subscription, SubscriptionInput, SyncConfig, Tag, TagInput, TermsAcceptance,
    Updatable,
};
