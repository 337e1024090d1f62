//! Grove's security token service: ES256 signing keys and the API tokens Grove mints and
//! verifies itself, with their JWKS.

mod api_token;
mod keys;

pub use api_token::{ApiTokens, MintedToken};
pub use keys::{KeyError, SigningKey, VerificationKey};
