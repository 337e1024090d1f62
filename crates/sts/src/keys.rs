//! ES256 (ECDSA P-256, SHA-256) signing keys: generation, PEM import and export, JWK form.

use std::fmt;

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use jsonwebtoken::{DecodingKey, EncodingKey};
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, KeyPair as _, ECDSA_P256_SHA256_FIXED_SIGNING};
use sha2::{Digest, Sha256};

/// The DER of a PKCS#8 `PrivateKeyInfo` up to its private key: version 0 and the
/// `id-ecPublicKey` / `prime256v1` algorithm identifier. Wrapping a SEC1 key in it is all
/// the conversion `openssl pkcs8 -topk8` does for P-256.
const PKCS8_P256_PREFIX: &[u8] = &[
    0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
    0xce, 0x3d, 0x03, 0x01, 0x07,
];

/// Why a signing key could not be generated or loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// The system random number generator failed.
    #[error("could not generate an ES256 key: the system random number generator failed")]
    Generate,
    /// The text holds no PEM block.
    #[error("not a PEM-encoded private key")]
    NotPem,
    /// The PEM block is of a kind this loader does not read (encrypted, public, another format).
    #[error(
        "unsupported PEM block \"{0}\": expected an unencrypted PKCS#8 \"PRIVATE KEY\" or SEC1 \
         \"EC PRIVATE KEY\" (convert with `openssl pkcs8 -topk8 -nocrypt`)"
    )]
    UnsupportedPem(String),
    /// The key is malformed or not a P-256 key with its public part included.
    #[error("not a usable ES256 (P-256) private key: {0}")]
    Rejected(String),
}

/// An ES256 key pair that signs API tokens. `Debug` shows only the key id.
#[derive(Clone)]
pub struct SigningKey {
    pkcs8: Vec<u8>,
    encoding: EncodingKey,
    public: VerificationKey,
}

/// The public half of a [`SigningKey`]: verifies tokens and is published in the JWKS.
#[derive(Clone)]
pub struct VerificationKey {
    kid: String,
    x: String,
    y: String,
    decoding: DecodingKey,
}

impl SigningKey {
    /// A fresh random P-256 key pair.
    ///
    /// # Errors
    /// [`KeyError::Generate`] when the system random number generator fails.
    pub fn generate() -> Result<Self, KeyError> {
        let doc = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
            .map_err(|_| KeyError::Generate)?;
        Self::from_pkcs8(doc.as_ref().to_vec())
    }

    /// Loads a PKCS#8 `PRIVATE KEY` or SEC1 `EC PRIVATE KEY` PEM (other blocks, such as
    /// `EC PARAMETERS`, may precede it).
    ///
    /// # Errors
    /// [`KeyError`] when the text is not PEM, holds no supported block, or the key is not P-256.
    pub fn from_pem(pem: &str) -> Result<Self, KeyError> {
        let mut first_label = None;
        for (label, der) in pem_blocks(pem)? {
            match label {
                "PRIVATE KEY" => return Self::from_pkcs8(der),
                "EC PRIVATE KEY" => return Self::from_pkcs8(sec1_to_pkcs8(&der)?),
                "EC PARAMETERS" => {}
                other => {
                    first_label.get_or_insert(other);
                }
            }
        }
        Err(first_label.map_or(KeyError::NotPem, |l| KeyError::UnsupportedPem(l.to_owned())))
    }

    /// The key as a PKCS#8 `PRIVATE KEY` PEM.
    #[must_use]
    pub fn to_pem(&self) -> String {
        let b64 = STANDARD.encode(&self.pkcs8);
        let mut pem = String::from("-----BEGIN PRIVATE KEY-----\n");
        for line in b64.as_bytes().chunks(64) {
            pem.push_str(&String::from_utf8_lossy(line));
            pem.push('\n');
        }
        pem.push_str("-----END PRIVATE KEY-----\n");
        pem
    }

    /// The key id: the RFC 7638 JWK thumbprint of the public key.
    #[must_use]
    pub fn kid(&self) -> &str {
        self.public.kid()
    }

    /// The public key as a JWK (`kty`, `crv`, `x`, `y`, `use`, `alg`, `kid`).
    #[must_use]
    pub fn public_jwk(&self) -> serde_json::Value {
        self.public.public_jwk()
    }

    /// The public half, which can verify but not sign.
    #[must_use]
    pub fn verification_key(&self) -> VerificationKey {
        self.public.clone()
    }

    pub(crate) fn public_key(&self) -> &VerificationKey {
        &self.public
    }

    pub(crate) fn encoding_key(&self) -> &EncodingKey {
        &self.encoding
    }

    /// The public key as an uncompressed SEC1 point (`04 || x || y`).
    pub(crate) fn public_point(&self) -> Vec<u8> {
        let mut point = vec![0x04];
        for coordinate in [&self.public.x, &self.public.y] {
            point.extend(URL_SAFE_NO_PAD.decode(coordinate).unwrap_or_default());
        }
        point
    }

    /// The key as PKCS#8 DER (for the registry module's certificates).
    pub(crate) fn pkcs8_der(&self) -> &[u8] {
        &self.pkcs8
    }

    fn from_pkcs8(pkcs8: Vec<u8>) -> Result<Self, KeyError> {
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &pkcs8, &SystemRandom::new())
            .map_err(|e| KeyError::Rejected(e.to_string()))?;
        let point = pair.public_key().as_ref();
        let (x, y) = match point {
            [0x04, xy @ ..] if xy.len() == 64 => xy.split_at(32),
            _ => return Err(KeyError::Rejected("unexpected public key encoding".to_owned())),
        };
        let (x, y) = (URL_SAFE_NO_PAD.encode(x), URL_SAFE_NO_PAD.encode(y));
        let thumbprint_input = format!(r#"{{"crv":"P-256","kty":"EC","x":"{x}","y":"{y}"}}"#);
        let kid = URL_SAFE_NO_PAD.encode(Sha256::digest(thumbprint_input.as_bytes()));
        // jsonwebtoken hands these bytes to ring as they are: the uncompressed point, not DER.
        let decoding = DecodingKey::from_ec_der(point);
        let encoding = EncodingKey::from_ec_der(&pkcs8);
        Ok(Self { pkcs8, encoding, public: VerificationKey { kid, x, y, decoding } })
    }
}

impl fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SigningKey").field("kid", &self.kid()).finish_non_exhaustive()
    }
}

impl VerificationKey {
    /// The key id: the RFC 7638 JWK thumbprint of the public key.
    #[must_use]
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The public key as a JWK (`kty`, `crv`, `x`, `y`, `use`, `alg`, `kid`).
    #[must_use]
    pub fn public_jwk(&self) -> serde_json::Value {
        serde_json::json!({
            "kty": "EC", "crv": "P-256", "x": self.x, "y": self.y,
            "use": "sig", "alg": "ES256", "kid": self.kid,
        })
    }

    pub(crate) fn decoding_key(&self) -> &DecodingKey {
        &self.decoding
    }
}

impl fmt::Debug for VerificationKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VerificationKey").field("kid", &self.kid).finish_non_exhaustive()
    }
}

/// Every `-----BEGIN <label>-----` block in `pem`, decoded.
fn pem_blocks(pem: &str) -> Result<Vec<(&str, Vec<u8>)>, KeyError> {
    let mut blocks = Vec::new();
    let mut lines = pem.lines().map(str::trim);
    while let Some(line) = lines.next() {
        let Some(label) = line.strip_prefix("-----BEGIN ").and_then(|l| l.strip_suffix("-----")) else {
            continue;
        };
        let end = format!("-----END {label}-----");
        let body: String = lines.by_ref().take_while(|l| *l != end).collect();
        blocks.push((label, STANDARD.decode(body).map_err(|_| KeyError::NotPem)?));
    }
    Ok(blocks)
}

/// Wraps a SEC1 `ECPrivateKey` in a PKCS#8 `PrivateKeyInfo` for P-256; ring checks the curve.
fn sec1_to_pkcs8(sec1: &[u8]) -> Result<Vec<u8>, KeyError> {
    let too_long = || KeyError::Rejected("key too long".to_owned());
    let mut info = PKCS8_P256_PREFIX.to_vec();
    info.extend(der_tlv(0x04, sec1).ok_or_else(too_long)?);
    der_tlv(0x30, &info).ok_or_else(too_long)
}

/// A DER tag-length-value; `None` past 64 KiB, far beyond any EC key.
fn der_tlv(tag: u8, content: &[u8]) -> Option<Vec<u8>> {
    let mut out = match u16::try_from(content.len()).ok()?.to_be_bytes() {
        [0, len] if len < 0x80 => vec![tag, len],
        [0, len] => vec![tag, 0x81, len],
        [hi, lo] => vec![tag, 0x82, hi, lo],
    };
    out.extend_from_slice(content);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Test-only keys made with `openssl ecparam -name prime256v1 -genkey -noout` and
    // `openssl pkcs8 -topk8 -nocrypt`; the kid was computed independently (Python hashlib).
    const OPENSSL_SEC1: &str = "-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIP++YtyDByFwBEUZRWoZtlxhJsI41MdnBl5uaaIVPtZmoAoGCCqGSM49
AwEHoUQDQgAEXtn+PzgsJLoaLl0YUfloULExX+a7atz1sxO74RctE13sPQ0Un2v6
ESUpmAusK7z53jF+6q3sySy4lFowqmccbQ==
-----END EC PRIVATE KEY-----
";
    const OPENSSL_PKCS8: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg/75i3IMHIXAERRlF
ahm2XGEmwjjUx2cGXm5pohU+1mahRANCAARe2f4/OCwkuhouXRhR+WhQsTFf5rtq
3PWzE7vhFy0TXew9DRSfa/oRJSmYC6wrvPneMX7qrezJLLiUWjCqZxxt
-----END PRIVATE KEY-----
";
    const OPENSSL_KID: &str = "XRRurrLWJsGiVXbl-IEzmgIcjZd56UY-CAqMfKIrDxA";

    #[test]
    fn pem_round_trip_keeps_the_kid() {
        let key = SigningKey::generate().unwrap();
        let pem = key.to_pem();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
        assert_eq!(SigningKey::from_pem(&pem).unwrap().kid(), key.kid());
    }

    #[test]
    fn openssl_pkcs8_and_sec1_pems_load_with_the_rfc7638_thumbprint_as_kid() {
        assert_eq!(SigningKey::from_pem(OPENSSL_PKCS8).unwrap().kid(), OPENSSL_KID);
        assert_eq!(SigningKey::from_pem(OPENSSL_SEC1).unwrap().kid(), OPENSSL_KID);
        let with_params =
            format!("-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n{OPENSSL_SEC1}");
        assert_eq!(SigningKey::from_pem(&with_params).unwrap().kid(), OPENSSL_KID);
    }

    #[test]
    fn public_jwk_has_exactly_the_es256_fields() {
        let jwk = SigningKey::from_pem(OPENSSL_PKCS8).unwrap().public_jwk();
        assert_eq!(
            jwk,
            serde_json::json!({
                "kty": "EC", "crv": "P-256",
                "x": "Xtn-PzgsJLoaLl0YUfloULExX-a7atz1sxO74RctE10",
                "y": "7D0NFJ9r-hElKZgLrCu8-d4xfuqt7MksuJRaMKpnHG0",
                "use": "sig", "alg": "ES256", "kid": OPENSSL_KID,
            })
        );
    }

    #[test]
    fn garbage_and_unsupported_pems_are_rejected_with_a_key_error() {
        assert_eq!(SigningKey::from_pem("hello").unwrap_err(), KeyError::NotPem);
        assert_eq!(
            SigningKey::from_pem("-----BEGIN PRIVATE KEY-----\n!!!\n-----END PRIVATE KEY-----\n").unwrap_err(),
            KeyError::NotPem
        );
        assert!(matches!(
            SigningKey::from_pem("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"),
            Err(KeyError::Rejected(_))
        ));
        let err =
            SigningKey::from_pem("-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n")
                .unwrap_err();
        assert_eq!(err, KeyError::UnsupportedPem("ENCRYPTED PRIVATE KEY".to_owned()));
        assert!(err.to_string().contains("openssl pkcs8 -topk8 -nocrypt"));
    }

    #[test]
    fn debug_shows_the_kid_but_no_key_material() {
        let key = SigningKey::from_pem(OPENSSL_PKCS8).unwrap();
        let debug = format!("{key:?}");
        assert_eq!(debug, format!("SigningKey {{ kid: \"{OPENSSL_KID}\", .. }}"));
        let body: String = OPENSSL_PKCS8.lines().filter(|l| !l.starts_with("-----")).collect();
        assert!(!debug.contains(&body[..20]));
    }
}
