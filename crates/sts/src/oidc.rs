//! Signature checks of third-party OIDC tokens: keys from the issuer's discovery document
//! and JWKS (cached per issuer, refetched on an unknown `kid` at most once per interval), or
//! from a JWKS stored on a static-keys identity. Only RS256, PS256, ES256, ES384 and EdDSA
//! are accepted; HMAC keys in a JWKS are ignored; `jku`/`x5u` headers are never followed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use grove_domain::ports::{IdentityTokenVerifier, VerifiedClaims};
use grove_domain::{Error, Result};
use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, Jwk, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

use crate::fetch::{FetchError, FetchPolicy, Fetcher};

const UNKNOWN_KEY: &str = "the identity token is signed with a key its issuer does not publish";
const BAD_SIGNATURE: &str = "the identity token's signature does not verify";
const MALFORMED: &str = "the identity token is not a signed JWT with an accepted algorithm";
const NO_KEYS: &str = "the identity token's issuer could not be reached or publishes no usable keys";

/// How issuer keys are fetched and cached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OidcSettings {
    /// What may be fetched, and how much.
    pub fetch: FetchPolicy,
    /// How long fetched keys are used before they are fetched again.
    pub jwks_ttl: Duration,
    /// The least time between two fetches for one issuer (bounds refetching on unknown
    /// `kid`s and retries against a failing issuer).
    pub refetch_interval: Duration,
    /// How many issuers' keys are kept.
    pub max_issuers: usize,
}

impl Default for OidcSettings {
    fn default() -> Self {
        Self {
            fetch: FetchPolicy::default(),
            jwks_ttl: Duration::from_secs(600),
            refetch_interval: Duration::from_secs(30),
            max_issuers: 256,
        }
    }
}

/// The key shapes that go with each accepted algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyKind {
    Rsa,
    P256,
    P384,
    Ed25519,
}

fn kind_for(alg: Algorithm) -> Option<KeyKind> {
    match alg {
        Algorithm::RS256 | Algorithm::PS256 => Some(KeyKind::Rsa),
        Algorithm::ES256 => Some(KeyKind::P256),
        Algorithm::ES384 => Some(KeyKind::P384),
        Algorithm::EdDSA => Some(KeyKind::Ed25519),
        _ => None,
    }
}

struct Key {
    kid: Option<String>,
    alg: Option<KeyAlgorithm>,
    kind: KeyKind,
    decoding: DecodingKey,
}

/// Why a key set refused a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// No key has the token's `kid` (or, without a `kid`, no key fits).
    UnknownKey,
    /// The token is malformed or uses a refused algorithm.
    Malformed,
    /// A fitting key exists but the signature does not verify with it.
    BadSignature,
}

impl Refusal {
    fn into_error(self) -> Error {
        Error::Unauthenticated(
            match self {
                Self::UnknownKey => UNKNOWN_KEY,
                Self::Malformed => MALFORMED,
                Self::BadSignature => BAD_SIGNATURE,
            }
            .to_owned(),
        )
    }
}

/// The usable signature keys of one JWKS document.
#[derive(Default)]
pub struct KeySet {
    keys: Vec<Key>,
}

impl std::fmt::Debug for KeySet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.keys.iter().map(|k| (&k.kid, k.kind))).finish()
    }
}

impl KeySet {
    /// The signature keys of a JWKS document; keys of other types, for encryption, or that
    /// do not parse are skipped.
    #[must_use]
    pub fn from_jwks(doc: &serde_json::Map<String, Value>) -> Self {
        let entries = doc.get("keys").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        let keys = entries
            .iter()
            .filter_map(|entry| serde_json::from_value::<Jwk>(entry.clone()).ok())
            .filter(|jwk| !matches!(jwk.common.public_key_use, Some(PublicKeyUse::Encryption | PublicKeyUse::Other(_))))
            .filter_map(|jwk| {
                let kind = match &jwk.algorithm {
                    AlgorithmParameters::RSA(_) => KeyKind::Rsa,
                    AlgorithmParameters::EllipticCurve(ec) => match ec.curve {
                        EllipticCurve::P256 => KeyKind::P256,
                        EllipticCurve::P384 => KeyKind::P384,
                        _ => return None,
                    },
                    AlgorithmParameters::OctetKeyPair(okp) if okp.curve == EllipticCurve::Ed25519 => KeyKind::Ed25519,
                    _ => return None,
                };
                let decoding = DecodingKey::from_jwk(&jwk).ok()?;
                Some(Key { kid: jwk.common.key_id.clone(), alg: jwk.common.key_algorithm, kind, decoding })
            })
            .collect();
        Self { keys }
    }

    /// How many usable keys the set holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when no key is usable.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    fn verify(&self, token: &str) -> std::result::Result<VerifiedClaims, Refusal> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| Refusal::Malformed)?;
        let kind = kind_for(header.alg).ok_or(Refusal::Malformed)?;
        let named: Vec<&Key> = match &header.kid {
            Some(kid) => self.keys.iter().filter(|k| k.kid.as_deref() == Some(kid.as_str())).collect(),
            None => self.keys.iter().collect(),
        };
        let fitting: Vec<&Key> = named
            .into_iter()
            .filter(|k| k.kind == kind && k.alg.is_none_or(|a| key_algorithm_is(a, header.alg)))
            .collect();
        if fitting.is_empty() {
            return Err(Refusal::UnknownKey);
        }
        let mut validation = Validation::new(header.alg);
        validation.validate_exp = false;
        validation.validate_nbf = false;
        validation.validate_aud = false;
        validation.required_spec_claims.clear();
        validation.leeway = 0;
        fitting
            .iter()
            .find_map(|k| jsonwebtoken::decode::<VerifiedClaims>(token, &k.decoding, &validation).ok())
            .map(|data| data.claims)
            .ok_or(Refusal::BadSignature)
    }
}

fn key_algorithm_is(key: KeyAlgorithm, alg: Algorithm) -> bool {
    matches!(
        (key, alg),
        (KeyAlgorithm::RS256, Algorithm::RS256)
            | (KeyAlgorithm::PS256, Algorithm::PS256)
            | (KeyAlgorithm::ES256, Algorithm::ES256)
            | (KeyAlgorithm::ES384, Algorithm::ES384)
            | (KeyAlgorithm::EdDSA, Algorithm::EdDSA)
    )
}

#[derive(Default)]
struct IssuerState {
    keys: Option<Arc<KeySet>>,
    fetched_at: Option<Instant>,
    attempted_at: Option<Instant>,
}

/// Verifies third-party tokens; implements [`IdentityTokenVerifier`].
pub struct OidcVerifier {
    fetcher: Fetcher,
    settings: OidcSettings,
    issuers: Mutex<HashMap<String, Arc<tokio::sync::Mutex<IssuerState>>>>,
}

impl std::fmt::Debug for OidcVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcVerifier").field("settings", &self.settings).finish_non_exhaustive()
    }
}

impl OidcVerifier {
    /// A verifier with an empty cache.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(settings: OidcSettings) -> std::result::Result<Self, reqwest::Error> {
        Ok(Self { fetcher: Fetcher::new(settings.fetch.clone())?, settings, issuers: Mutex::new(HashMap::new()) })
    }

    fn slot(&self, issuer: &str) -> Arc<tokio::sync::Mutex<IssuerState>> {
        let mut issuers = self.issuers.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !issuers.contains_key(issuer) && issuers.len() >= self.settings.max_issuers.max(1) {
            // Losing a cache entry only costs a fetch, so any one will do.
            if let Some(evicted) = issuers.keys().next().cloned() {
                issuers.remove(&evicted);
            }
        }
        issuers.entry(issuer.to_owned()).or_default().clone()
    }

    fn may_fetch(&self, state: &IssuerState, now: Instant) -> bool {
        state.attempted_at.is_none_or(|t| now.duration_since(t) >= self.settings.refetch_interval)
    }

    /// Fetches discovery and JWKS; on failure keeps whatever keys were there.
    async fn refresh(&self, state: &mut IssuerState, issuer: &str) {
        state.attempted_at = Some(Instant::now());
        match self.fetch_keys(issuer).await {
            Ok(keys) => {
                tracing::debug!(%issuer, keys = keys.len(), "fetched issuer keys");
                state.keys = Some(Arc::new(keys));
                state.fetched_at = Some(Instant::now());
            }
            Err(e) => tracing::warn!(%issuer, error = %e, "could not fetch issuer keys"),
        }
    }

    async fn fetch_keys(&self, issuer: &str) -> std::result::Result<KeySet, FetchError> {
        let discovery_url = format!("{}/.well-known/openid-configuration", issuer.trim_end_matches('/'));
        let discovery = self.fetcher.get_json(&discovery_url).await?;
        let refused = |reason| FetchError::RefusedUrl { url: discovery_url.clone(), reason };
        if discovery.get("issuer").and_then(Value::as_str) != Some(issuer) {
            return Err(refused("the discovery document names another issuer"));
        }
        let jwks_uri = discovery.get("jwks_uri").and_then(Value::as_str).ok_or_else(|| refused("no jwks_uri"))?;
        let jwks = self.fetcher.get_json(jwks_uri).await?;
        Ok(KeySet::from_jwks(&jwks))
    }
}

#[async_trait]
impl IdentityTokenVerifier for OidcVerifier {
    async fn verify_discovered(&self, token: &str, issuer: &str) -> Result<VerifiedClaims> {
        // Refuse before fetching anything for a token no key could verify.
        let header = jsonwebtoken::decode_header(token).map_err(|_| Refusal::Malformed.into_error())?;
        kind_for(header.alg).ok_or_else(|| Refusal::Malformed.into_error())?;
        let no_keys = || Error::Unauthenticated(NO_KEYS.to_owned());
        let slot = self.slot(issuer);
        // The lock covers fetching only; signatures are checked outside it.
        let keys = {
            let mut state = slot.lock().await;
            let now = Instant::now();
            let stale = state.fetched_at.is_none_or(|t| now.duration_since(t) >= self.settings.jwks_ttl);
            if stale && self.may_fetch(&state, now) {
                self.refresh(&mut state, issuer).await;
            }
            state.keys.clone().ok_or_else(no_keys)?
        };
        match keys.verify(token) {
            Err(Refusal::UnknownKey) => {
                let keys = {
                    let mut state = slot.lock().await;
                    // Another request may have refreshed the keys while this one checked.
                    let refreshed = state.keys.as_ref().is_some_and(|k| !Arc::ptr_eq(k, &keys));
                    if !refreshed && self.may_fetch(&state, Instant::now()) {
                        self.refresh(&mut state, issuer).await;
                    }
                    state.keys.clone().ok_or_else(no_keys)?
                };
                keys.verify(token).map_err(Refusal::into_error)
            }
            other => other.map_err(Refusal::into_error),
        }
    }

    fn verify_with_jwks(&self, token: &str, jwks: &str) -> Result<VerifiedClaims> {
        let doc: serde_json::Map<String, Value> = serde_json::from_str(jwks)
            .map_err(|_| Error::internal("a static-keys identity holds a JWKS that is not a JSON object"))?;
        KeySet::from_jwks(&doc).verify(token).map_err(Refusal::into_error)
    }
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use jsonwebtoken::{EncodingKey, Header};
    use ring::rand::SystemRandom;
    use ring::signature::{EcdsaKeyPair, Ed25519KeyPair, KeyPair as _, ECDSA_P256_SHA256_FIXED_SIGNING};
    use serde_json::json;

    use super::*;

    fn p256() -> (EncodingKey, Value) {
        let doc = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new()).unwrap();
        let pair =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, doc.as_ref(), &SystemRandom::new()).unwrap();
        let point = &pair.public_key().as_ref()[1..];
        let jwk = json!({"kty": "EC", "crv": "P-256", "kid": "ec", "x": URL_SAFE_NO_PAD.encode(&point[..32]),
                         "y": URL_SAFE_NO_PAD.encode(&point[32..])});
        (EncodingKey::from_ec_der(doc.as_ref()), jwk)
    }

    fn ed25519() -> (EncodingKey, Value) {
        let doc = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new()).unwrap();
        let pair = Ed25519KeyPair::from_pkcs8(doc.as_ref()).unwrap();
        let jwk = json!({"kty": "OKP", "crv": "Ed25519", "kid": "ed",
                         "x": URL_SAFE_NO_PAD.encode(pair.public_key().as_ref())});
        (EncodingKey::from_ed_der(doc.as_ref()), jwk)
    }

    fn set(keys: &[&Value]) -> KeySet {
        let doc = json!({ "keys": keys });
        KeySet::from_jwks(doc.as_object().unwrap())
    }

    fn sign(alg: Algorithm, kid: Option<&str>, key: &EncodingKey) -> String {
        let mut header = Header::new(alg);
        header.kid = kid.map(str::to_owned);
        jsonwebtoken::encode(&header, &json!({"iss": "https://i.example", "sub": "s", "exp": 1}), key).unwrap()
    }

    #[test]
    fn ec_and_ed25519_tokens_verify_with_their_keys_with_or_without_kid() {
        let ((ec, ec_jwk), (ed, ed_jwk)) = (p256(), ed25519());
        let keys = set(&[&ec_jwk, &ed_jwk]);
        assert_eq!(keys.len(), 2);
        assert_eq!(keys.verify(&sign(Algorithm::ES256, Some("ec"), &ec)).unwrap()["sub"], "s");
        assert_eq!(keys.verify(&sign(Algorithm::EdDSA, Some("ed"), &ed)).unwrap()["sub"], "s");
        assert!(keys.verify(&sign(Algorithm::EdDSA, None, &ed)).is_ok());
        assert_eq!(keys.verify(&sign(Algorithm::ES256, Some("ed"), &ec)).unwrap_err(), Refusal::UnknownKey);
        assert_eq!(keys.verify(&sign(Algorithm::ES256, Some("nope"), &ec)).unwrap_err(), Refusal::UnknownKey);
    }

    #[test]
    fn a_key_of_another_holder_under_a_known_kid_fails_the_signature() {
        let ((_, jwk), (stranger, _)) = (p256(), p256());
        assert_eq!(
            set(&[&jwk]).verify(&sign(Algorithm::ES256, Some("ec"), &stranger)).unwrap_err(),
            Refusal::BadSignature
        );
    }

    #[test]
    fn hmac_keys_encryption_keys_and_unsupported_curves_are_ignored() {
        let (_, mut enc) = p256();
        enc["use"] = json!("enc");
        let oct = json!({"kty": "oct", "k": "c2VjcmV0", "kid": "h"});
        let p521 = json!({"kty": "EC", "crv": "P-521", "x": "AA", "y": "AA"});
        assert!(set(&[&enc, &oct, &p521, &json!({"kty": "weird"})]).is_empty());
        let hs = jsonwebtoken::encode(
            &Header { kid: Some("h".into()), ..Header::new(Algorithm::HS256) },
            &json!({"sub": "s"}),
            &EncodingKey::from_secret(b"secret"),
        )
        .unwrap();
        assert_eq!(set(&[&oct]).verify(&hs).unwrap_err(), Refusal::Malformed);
    }

    #[test]
    fn a_key_pinned_to_another_algorithm_is_not_used() {
        let (ec, mut jwk) = p256();
        jwk["alg"] = json!("ES384");
        assert_eq!(set(&[&jwk]).verify(&sign(Algorithm::ES256, Some("ec"), &ec)).unwrap_err(), Refusal::UnknownKey);
    }
}
