#![doc = include_str!("../README.md")]

pub mod account_associations;
mod api_token;
pub mod aws;
pub mod fetch;
mod invite_code;
mod keys;
pub mod oidc;
pub mod oidc_client;
pub mod registry;
pub mod routes;

pub use account_associations::{CloudProbe, CloudProbeError, CloudSettings};
pub use api_token::ApiTokens;
pub use aws::{AwsStsClient, AwsStsClientError, DEFAULT_AWS_STS_ENDPOINT};
pub use fetch::{FetchPolicy, Fetcher};
pub use grove_domain::ports::MintedToken;
pub use keys::{KeyError, SigningKey, VerificationKey};
pub use oidc::{KeySet, OidcSettings, OidcVerifier};
pub use oidc_client::OidcHttpClient;
pub use routes::{router, StsConfig};
