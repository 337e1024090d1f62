//! Registry tokens: short-lived ES256 JWTs in the form CNCF distribution verifies, and the
//! self-signed certificates of Grove's signing keys that its `rootcertbundle` trusts.
//!
//! Distribution 2.x verifies a token by its header: an `x5c` chain must lead to a certificate
//! of its `rootcertbundle`, and without one the `kid` must be the libtrust key id of a public
//! key in the bundle (the SHA-256 of the key's DER `SubjectPublicKeyInfo`, cut to 240 bits, in
//! base32 as twelve colon-separated groups of four). Grove's tokens carry both: the active
//! key's certificate as `x5c` and its libtrust id as `kid`. Each signing key gets one
//! certificate; the active key signs, retired keys stay in the bundle so that registries keep
//! trusting tokens signed just before a rotation.

use std::sync::Arc;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use grove_domain::ports::Clock;
use grove_domain::{Error, Result, Timestamp, Uidp};
use jsonwebtoken::{Algorithm, Header};
use ring::rand::{SecureRandom as _, SystemRandom};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::keys::{KeyError, SigningKey};

/// How long a registry token lives at most (never past the API token it was granted for).
pub const REGISTRY_TOKEN_TTL_SECONDS: i64 = 300;

/// The DER of a P-256 `SubjectPublicKeyInfo` up to the uncompressed point: the
/// `id-ecPublicKey` / `prime256v1` algorithm identifier and the BIT STRING header.
const SPKI_P256_PREFIX: &[u8] = &[
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce,
    0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
];

/// One entry of a token's `access` claim: what may be done on one resource.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Access {
    /// `repository` or `registry`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The repository path, or `catalog`.
    pub name: String,
    /// The granted actions (never empty).
    pub actions: Vec<String>,
}

#[derive(Serialize)]
struct Claims<'a> {
    iss: &'a str,
    sub: &'a str,
    aud: &'a str,
    exp: i64,
    nbf: i64,
    iat: i64,
    jti: String,
    access: &'a [Access],
}

/// A signed registry token and its times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistryToken {
    /// The compact JWT.
    pub token: String,
    /// When it was issued.
    pub issued_at: Timestamp,
    /// Its lifetime in seconds (at most [`REGISTRY_TOKEN_TTL_SECONDS`]).
    pub expires_in: i64,
}

/// Signs registry tokens with the active key and publishes every key's certificate.
pub struct RegistryTokens {
    active: SigningKey,
    active_kid: String,
    /// The active key's certificate, for the `x5c` header.
    x5c: Vec<String>,
    bundle: String,
    issuer: String,
    clock: Arc<dyn Clock>,
    rng: SystemRandom,
}

impl RegistryTokens {
    /// Tokens issued by `issuer` (the auth URL) and signed with `active`; the certificate
    /// bundle holds `active` first, then every distinct `retired` key.
    ///
    /// # Errors
    /// [`KeyError::Rejected`] when a certificate cannot be made for a key.
    pub fn new(
        active: SigningKey,
        retired: &[SigningKey],
        issuer: String,
        clock: Arc<dyn Clock>,
    ) -> std::result::Result<Self, KeyError> {
        let active_der = certificate_der(&active)?;
        let mut bundle = pem("CERTIFICATE", &active_der);
        let mut seen = vec![active.kid().to_owned()];
        for key in retired {
            if !seen.iter().any(|k| k == key.kid()) {
                seen.push(key.kid().to_owned());
                bundle.push_str(&pem("CERTIFICATE", &certificate_der(key)?));
            }
        }
        let active_kid = libtrust_key_id(&spki_der(&active));
        let x5c = vec![STANDARD.encode(&active_der)];
        Ok(Self { active, active_kid, x5c, bundle, issuer, clock, rng: SystemRandom::new() })
    }

    /// The PEM bundle of the signing keys' certificates, active key first.
    #[must_use]
    pub fn certificate_bundle(&self) -> &str {
        &self.bundle
    }

    /// The header `kid` of the tokens signed now.
    #[must_use]
    pub fn kid(&self) -> &str {
        &self.active_kid
    }

    /// Signs a token for `subject`, audience `service`, granting `access`, living
    /// [`REGISTRY_TOKEN_TTL_SECONDS`] but never past `not_after` (the credential's expiry).
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when `not_after` leaves less than a second; `INTERNAL` when the
    /// random number generator or signing fails.
    pub fn sign(
        &self,
        subject: &Uidp,
        service: &str,
        access: &[Access],
        not_after: Option<Timestamp>,
    ) -> Result<RegistryToken> {
        let issued_at = self.clock.now();
        let iat = issued_at.unix_millis().div_euclid(1000);
        let limit = not_after.map_or(i64::MAX, |t| t.unix_millis().div_euclid(1000));
        let exp = (iat + REGISTRY_TOKEN_TTL_SECONDS).min(limit);
        if exp <= iat {
            return Err(Error::Unauthenticated("API token expired".to_owned()));
        }
        let mut jti = [0u8; 16];
        self.rng.fill(&mut jti).map_err(|_| Error::internal("system random number generator failed"))?;
        let claims = Claims {
            iss: &self.issuer,
            sub: subject.as_str(),
            aud: service,
            exp,
            nbf: iat,
            iat,
            jti: hex::encode(jti),
            access,
        };
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.active_kid.clone());
        header.x5c = Some(self.x5c.clone());
        let token = jsonwebtoken::encode(&header, &claims, self.active.encoding_key())
            .map_err(|e| Error::internal(format!("signing a registry token failed: {e}")))?;
        Ok(RegistryToken { token, issued_at, expires_in: exp - iat })
    }
}

impl std::fmt::Debug for RegistryTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RegistryTokens")
            .field("kid", &self.active_kid)
            .field("issuer", &self.issuer)
            .finish_non_exhaustive()
    }
}

/// The DER `SubjectPublicKeyInfo` of a signing key's public half.
fn spki_der(key: &SigningKey) -> Vec<u8> {
    let mut der = SPKI_P256_PREFIX.to_vec();
    der.extend_from_slice(&key.public_point());
    der
}

/// The libtrust key id of a DER `SubjectPublicKeyInfo`.
#[must_use]
pub fn libtrust_key_id(spki: &[u8]) -> String {
    let digest = Sha256::digest(spki);
    let encoded = base32(&digest[..30]);
    let groups: Vec<&str> = encoded.as_bytes().chunks(4).map(|c| std::str::from_utf8(c).unwrap_or_default()).collect();
    groups.join(":")
}

/// RFC 4648 base32 (upper case, no padding) of `bytes`.
fn base32(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for byte in bytes {
        buffer = (buffer << 8) | u32::from(*byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// A self-signed certificate of `key` in DER: subject `Grove registry token signing key
/// <kid>`, serial from the key id, valid from 1975 to 4096 (the key's trust is ended by
/// removing it from the bundle, not by a date).
fn certificate_der(key: &SigningKey) -> std::result::Result<Vec<u8>, KeyError> {
    let rejected = |e: rcgen::Error| KeyError::Rejected(format!("making the key's certificate: {e}"));
    let pair = rcgen::KeyPair::try_from(key.pkcs8_der()).map_err(rejected)?;
    let mut params = rcgen::CertificateParams::default();
    let mut name = rcgen::DistinguishedName::new();
    name.push(rcgen::DnType::CommonName, format!("Grove registry token signing key {}", key.kid()));
    params.distinguished_name = name;
    let mut serial = Sha256::digest(key.kid().as_bytes())[..16].to_vec();
    serial[0] &= 0x7f; // a positive INTEGER
    params.serial_number = Some(rcgen::SerialNumber::from_slice(&serial));
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Constrained(0));
    params.key_usages = vec![rcgen::KeyUsagePurpose::DigitalSignature, rcgen::KeyUsagePurpose::KeyCertSign];
    let cert = params.self_signed(&pair).map_err(rejected)?;
    Ok(cert.der().to_vec())
}

/// `der` as a PEM block of `label`.
fn pem(label: &str, der: &[u8]) -> String {
    let b64 = STANDARD.encode(der);
    let mut out = format!("-----BEGIN {label}-----\n");
    for line in b64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
        out.push('\n');
    }
    out.push_str(&format!("-----END {label}-----\n"));
    out
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use serde_json::{json, Value};

    use super::*;

    const T0: i64 = 1_795_000_000_000;
    const ISSUER: &str = "https://auth.grove.test";

    struct FixedClock;

    impl Clock for FixedClock {
        fn now(&self) -> Timestamp {
            Timestamp::from_unix_millis(T0).unwrap()
        }
    }

    // The same test-only key as keys.rs; its libtrust id was computed independently with
    // `openssl pkey -pubout -outform DER | sha256sum`, the first 30 bytes in Python's base32.
    const OPENSSL_PKCS8: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg/75i3IMHIXAERRlF
ahm2XGEmwjjUx2cGXm5pohU+1mahRANCAARe2f4/OCwkuhouXRhR+WhQsTFf5rtq
3PWzE7vhFy0TXew9DRSfa/oRJSmYC6wrvPneMX7qrezJLLiUWjCqZxxt
-----END PRIVATE KEY-----
";
    const OPENSSL_SPKI_B64: &str = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEXtn+PzgsJLoaLl0YUfloULExX+a7atz1sxO74RctE13sPQ0Un2v6ESUpmAusK7z53jF+6q3sySy4lFowqmccbQ==";
    const OPENSSL_LIBTRUST_KID: &str = "DECE:UUDC:VNEN:JSOJ:WDAW:CNV6:7SLU:VUJH:7VCC:KL5K:HULV:BBNT";

    fn part(token: &str, n: usize) -> Value {
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(token.split('.').nth(n).unwrap()).unwrap()).unwrap()
    }

    #[test]
    fn the_spki_of_a_key_is_the_one_openssl_writes() {
        let key = SigningKey::from_pem(OPENSSL_PKCS8).unwrap();
        assert_eq!(STANDARD.encode(spki_der(&key)), OPENSSL_SPKI_B64);
    }

    #[test]
    fn the_kid_is_the_libtrust_key_id_of_the_public_key() {
        let key = SigningKey::from_pem(OPENSSL_PKCS8).unwrap();
        let kid = libtrust_key_id(&spki_der(&key));
        assert_eq!(kid, OPENSSL_LIBTRUST_KID);
        assert_eq!(kid.len(), 59);
        assert_eq!(kid.split(':').count(), 12);
    }

    #[test]
    fn base32_matches_rfc4648_vectors() {
        assert_eq!(base32(b""), "");
        assert_eq!(base32(b"f"), "MY");
        assert_eq!(base32(b"fooba"), "MZXW6YTB");
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
    }

    #[test]
    fn a_token_carries_the_claims_distribution_checks() {
        let key = SigningKey::from_pem(OPENSSL_PKCS8).unwrap();
        let tokens = RegistryTokens::new(key, &[], ISSUER.to_owned(), Arc::new(FixedClock)).unwrap();
        let subject = Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        let access = vec![Access { kind: "repository".into(), name: "acme/app".into(), actions: vec!["pull".into()] }];
        let signed = tokens.sign(&subject, "registry.test", &access, None).unwrap();
        assert_eq!(signed.expires_in, 300);
        let header = part(&signed.token, 0);
        let x5c = header["x5c"][0].as_str().unwrap();
        assert_eq!(header, json!({"typ": "JWT", "alg": "ES256", "kid": OPENSSL_LIBTRUST_KID, "x5c": [x5c]}));
        // x5c is the bundle's certificate of the signing key.
        let bundle_body: String = tokens.certificate_bundle().lines().filter(|l| !l.starts_with("-----")).collect();
        assert_eq!(x5c, bundle_body);
        let claims = part(&signed.token, 1);
        let now = T0 / 1000;
        assert_eq!(claims["iss"], ISSUER);
        assert_eq!(claims["aud"], "registry.test");
        assert_eq!(claims["sub"], subject.as_str());
        assert_eq!(
            (claims["iat"].as_i64(), claims["nbf"].as_i64(), claims["exp"].as_i64()),
            (Some(now), Some(now), Some(now + 300))
        );
        assert_eq!(claims["jti"].as_str().unwrap().len(), 32);
        assert_eq!(claims["access"], json!([{"type": "repository", "name": "acme/app", "actions": ["pull"]}]));
        // The signature verifies with the public key, as the registry checks it.
        let decoding = jsonwebtoken::DecodingKey::from_ec_der(&key_point());
        let mut validation = jsonwebtoken::Validation::new(Algorithm::ES256);
        validation.validate_exp = false;
        validation.set_audience(&["registry.test"]);
        jsonwebtoken::decode::<Value>(&signed.token, &decoding, &validation).unwrap();
    }

    #[test]
    fn a_token_never_outlives_the_credential_it_was_granted_for() {
        let tokens =
            RegistryTokens::new(SigningKey::generate().unwrap(), &[], ISSUER.to_owned(), Arc::new(FixedClock)).unwrap();
        let subject = Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        let soon = Timestamp::from_unix_millis(T0 + 42_500).unwrap();
        let signed = tokens.sign(&subject, "registry.test", &[], Some(soon)).unwrap();
        assert_eq!(signed.expires_in, 42);
        assert_eq!(part(&signed.token, 1)["exp"].as_i64(), Some(T0 / 1000 + 42));
        let later = Timestamp::from_unix_millis(T0 + 3_600_000).unwrap();
        assert_eq!(tokens.sign(&subject, "registry.test", &[], Some(later)).unwrap().expires_in, 300);
        let now = Timestamp::from_unix_millis(T0 + 999).unwrap();
        let expired = tokens.sign(&subject, "registry.test", &[], Some(now)).unwrap_err();
        assert_eq!(expired, Error::Unauthenticated("API token expired".to_owned()));
    }

    fn key_point() -> Vec<u8> {
        SigningKey::from_pem(OPENSSL_PKCS8).unwrap().public_point()
    }

    #[test]
    fn the_bundle_holds_one_certificate_per_distinct_key_active_first() {
        let active = SigningKey::generate().unwrap();
        let retired = SigningKey::generate().unwrap();
        let tokens = RegistryTokens::new(
            active.clone(),
            &[retired.clone(), active.clone(), retired],
            ISSUER.to_owned(),
            Arc::new(FixedClock),
        )
        .unwrap();
        let bundle = tokens.certificate_bundle();
        assert_eq!(bundle.matches("-----BEGIN CERTIFICATE-----").count(), 2);
        assert_eq!(bundle.matches("-----END CERTIFICATE-----").count(), 2);
        // The active key's certificate comes first and holds its public key.
        let first: String = bundle.lines().skip(1).take_while(|l| !l.starts_with("-----END")).collect();
        let der = STANDARD.decode(first).unwrap();
        let spki = spki_der(&active);
        assert!(der.windows(spki.len()).any(|w| w == spki.as_slice()));
    }
}
