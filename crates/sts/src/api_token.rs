//! Grove's own API tokens: ES256 JWTs minted for an identity and verified against the
//! active and retired signing keys. An exchanged token may carry a narrowing: `cap` (the
//! dotted capability names it keeps) and `scopes` (the group uids it is confined to).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use chrono::Duration;
use grove_domain::authz::Restriction;
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::ports::{ApiTokenMinter, ApiTokenVerifier, Clock, MintedToken, VerifiedToken};
use grove_domain::{Error, Result, Timestamp, Uidp};
use jsonwebtoken::{Algorithm, Header, Validation};
use ring::rand::{SecureRandom as _, SystemRandom};
use serde::{Deserialize, Serialize};

use crate::keys::{SigningKey, VerificationKey};

const INVALID: &str = "invalid API token";
const EXPIRED: &str = "API token expired";

/// How far `nbf` may lie in the future, for replicas whose clocks run slightly behind the
/// minting one. `exp` gets no leeway: a token is dead from its `exp` second on.
const NBF_LEEWAY_MILLIS: i64 = 5_000;

/// Mints API tokens with the active key and verifies them with the active or a retired key.
pub struct ApiTokens {
    active: SigningKey,
    retired: Vec<VerificationKey>,
    issuer: String,
    audience: String,
    clock: Arc<dyn Clock>,
    validation: Validation,
    rng: SystemRandom,
    /// Tokens already verified (with their `nbf` in milliseconds), so repeat use skips the
    /// signature check. Safe to lose; entries are re-checked for `nbf` and expiry on every use.
    verified: Mutex<VerifiedTokens>,
}

/// Verified tokens remembered at most; the cache is emptied when it would grow past this.
const MAX_VERIFIED: usize = 10_000;

/// Verified tokens by their text. Hashed with foldhash (seeded per process) rather than SipHash:
/// every authenticated request hashes its whole token, some 700 bytes, and only tokens whose
/// signature checked out are ever inserted, so no client can choose colliding keys.
type VerifiedTokens = HashMap<String, (i64, VerifiedToken), foldhash::fast::RandomState>;

#[derive(Serialize)]
struct MintClaims<'a> {
    iss: &'a str,
    aud: &'a str,
    sub: &'a str,
    iat: i64,
    nbf: i64,
    exp: i64,
    jti: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cap: Option<Vec<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scopes: Option<Vec<&'a str>>,
}

/// The claims checked here; `iss` and `aud` are checked by jsonwebtoken's [`Validation`].
#[derive(Deserialize)]
struct CheckedClaims {
    sub: String,
    nbf: i64,
    exp: i64,
    #[serde(default)]
    cap: Option<Vec<String>>,
    #[serde(default)]
    scopes: Option<Vec<String>>,
}

impl ApiTokens {
    /// Tokens issued by `issuer` (the auth URL) for `audience` (the base URL), signed with
    /// `active`; `retired` keys (their public halves) still verify tokens they signed.
    #[must_use]
    pub fn new(
        active: SigningKey,
        retired: Vec<SigningKey>,
        issuer: String,
        audience: String,
        clock: Arc<dyn Clock>,
    ) -> Self {
        let mut kept: Vec<VerificationKey> = Vec::with_capacity(retired.len());
        for key in retired {
            if key.kid() != active.kid() && kept.iter().all(|k| k.kid() != key.kid()) {
                kept.push(key.verification_key());
            }
        }
        // Time checks use the injected clock below, so jsonwebtoken's system-clock checks are off.
        let mut validation = Validation::new(Algorithm::ES256);
        validation.validate_exp = false;
        validation.validate_nbf = false;
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "nbf", "iss", "aud", "sub"]);
        validation.set_issuer(&[&issuer]);
        validation.set_audience(&[&audience]);
        Self {
            active,
            retired: kept,
            issuer,
            audience,
            clock,
            validation,
            rng: SystemRandom::new(),
            verified: Mutex::new(HashMap::default()),
        }
    }

    /// Mints a token for `subject` valid from now for `ttl` (`exp` rounds down to a second).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `ttl` when it is under one second or out of range;
    /// `INTERNAL` when the random number generator or signing fails.
    pub fn mint(&self, subject: &Uidp, ttl: Duration) -> Result<MintedToken> {
        self.mint_restricted(subject, &Restriction::default(), ttl)
    }

    /// Mints a token for `subject` that carries `restriction` as its `cap` and `scopes` claims.
    ///
    /// # Errors
    /// As [`Self::mint`].
    pub fn mint_restricted(&self, subject: &Uidp, restriction: &Restriction, ttl: Duration) -> Result<MintedToken> {
        self.sign(&self.audience, subject, restriction, ttl)
    }

    /// Mints a token for another audience: what the event relay sends a webhook (`aud` = the
    /// sink URL, `sub` = the subscription uid). Grove never accepts it, its audience being
    /// another; the receiver verifies it with Grove's JWKS.
    ///
    /// # Errors
    /// As [`Self::mint`].
    pub fn mint_for_audience(&self, audience: &str, subject: &Uidp, ttl: Duration) -> Result<MintedToken> {
        self.sign(audience, subject, &Restriction::default(), ttl)
    }

    fn sign(&self, audience: &str, subject: &Uidp, restriction: &Restriction, ttl: Duration) -> Result<MintedToken> {
        if ttl < Duration::seconds(1) {
            return Err(Error::invalid("ttl", "ttl must be at least one second"));
        }
        let now = self.clock.now();
        let iat = now.unix_millis().div_euclid(1000);
        let exp = now
            .as_datetime()
            .checked_add_signed(ttl)
            .map(|t| t.timestamp())
            .ok_or_else(|| Error::invalid("ttl", "ttl is too long"))?;
        let expiry = seconds_to_timestamp(exp).ok_or_else(|| Error::invalid("ttl", "ttl is too long"))?;
        let mut jti = [0u8; 16];
        self.rng.fill(&mut jti).map_err(|_| Error::internal("system random number generator failed"))?;
        let claims = MintClaims {
            iss: &self.issuer,
            aud: audience,
            sub: subject.as_str(),
            iat,
            nbf: iat,
            exp,
            jti: hex::encode(jti),
            cap: restriction.capabilities.as_ref().map(|caps| caps.iter().map(Capability::dotted_name).collect()),
            scopes: restriction.scopes.as_ref().map(|scopes| scopes.iter().map(Uidp::as_str).collect()),
        };
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.active.kid().to_owned());
        let token = jsonwebtoken::encode(&header, &claims, self.active.encoding_key())
            .map_err(|e| Error::internal(format!("signing an API token failed: {e}")))?;
        Ok(MintedToken { token, expiry })
    }

    /// The public keys as a JWK Set: the active key first, then the retired ones.
    #[must_use]
    pub fn jwks(&self) -> serde_json::Value {
        let keys: Vec<_> = std::iter::once(self.active.public_jwk())
            .chain(self.retired.iter().map(VerificationKey::public_jwk))
            .collect();
        serde_json::json!({ "keys": keys })
    }

    /// The key that signs (API tokens and invite codes).
    pub(crate) fn active_key(&self) -> &SigningKey {
        &self.active
    }

    /// The issuer URL this server signs as.
    pub(crate) fn issuer(&self) -> &str {
        &self.issuer
    }

    pub(crate) fn verification_key(&self, kid: &str) -> Option<&VerificationKey> {
        if kid == self.active.kid() {
            return Some(self.active.public_key());
        }
        self.retired.iter().find(|k| k.kid() == kid)
    }
}

impl ApiTokenVerifier for ApiTokens {
    fn verify(&self, token: &str) -> Result<VerifiedToken> {
        let cached = self.verified_cache().get(token).cloned();
        if let Some((not_before, known)) = cached {
            let now = self.clock.now().unix_millis();
            if not_before > now.saturating_add(NBF_LEEWAY_MILLIS) {
                return Err(Error::Unauthenticated(INVALID.to_owned()));
            }
            if known.expires_at.unix_millis() > now {
                return Ok(known);
            }
            self.verified_cache().remove(token);
            return Err(Error::Unauthenticated(EXPIRED.to_owned()));
        }
        let (not_before, verified) = self.verify_uncached(token)?;
        let mut cache = self.verified_cache();
        if cache.len() >= MAX_VERIFIED {
            cache.clear();
        }
        cache.insert(token.to_owned(), (not_before, verified.clone()));
        Ok(verified)
    }
}

impl ApiTokens {
    fn verified_cache(&self) -> std::sync::MutexGuard<'_, VerifiedTokens> {
        self.verified.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The full check: signature by a known key, algorithm, issuer, audience and times;
    /// returns the token's `nbf` in milliseconds too.
    fn verify_uncached(&self, token: &str) -> Result<(i64, VerifiedToken)> {
        let invalid = || Error::Unauthenticated(INVALID.to_owned());
        let header = jsonwebtoken::decode_header(token).map_err(|_| invalid())?;
        if header.alg != Algorithm::ES256 {
            return Err(invalid());
        }
        let key = header.kid.as_deref().and_then(|kid| self.verification_key(kid)).ok_or_else(invalid)?;
        let claims = jsonwebtoken::decode::<CheckedClaims>(token, key.decoding_key(), &self.validation)
            .map_err(|_| invalid())?
            .claims;
        let now = self.clock.now().unix_millis();
        let nbf = claims.nbf.checked_mul(1000).ok_or_else(invalid)?;
        if nbf > now.saturating_add(NBF_LEEWAY_MILLIS) {
            return Err(invalid());
        }
        let expires_at = seconds_to_timestamp(claims.exp).ok_or_else(invalid)?;
        if expires_at.unix_millis() <= now {
            return Err(Error::Unauthenticated(EXPIRED.to_owned()));
        }
        let subject = Uidp::parse(&claims.sub).map_err(|_| invalid())?;
        let capabilities = match claims.cap {
            None => None,
            Some(names) => Some(
                names
                    .iter()
                    .map(|n| Capability::from_name(n))
                    .collect::<Option<CapabilitySet>>()
                    .ok_or_else(invalid)?,
            ),
        };
        let scopes = match claims.scopes {
            None => None,
            Some(uids) => {
                Some(uids.iter().map(|u| Uidp::parse(u)).collect::<Result<Vec<_>, _>>().map_err(|_| invalid())?)
            }
        };
        Ok((nbf, VerifiedToken { subject, expires_at, restriction: Restriction { capabilities, scopes } }))
    }
}

impl ApiTokenMinter for ApiTokens {
    fn mint(&self, subject: &Uidp, restriction: &Restriction, ttl: Duration) -> Result<MintedToken> {
        self.mint_restricted(subject, restriction, ttl)
    }
}

impl fmt::Debug for ApiTokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ApiTokens")
            .field("active", &self.active)
            .field("retired", &self.retired)
            .field("issuer", &self.issuer)
            .field("audience", &self.audience)
            .finish_non_exhaustive()
    }
}

fn seconds_to_timestamp(secs: i64) -> Option<Timestamp> {
    Timestamp::from_unix_millis(secs.checked_mul(1000)?)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicI64, Ordering};

    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use jsonwebtoken::EncodingKey;
    use serde_json::{json, Value};

    use super::*;

    const ISSUER: &str = "https://auth.grove.test";
    const AUDIENCE: &str = "https://grove.test";
    const SUBJECT: &str = "0123456789abcdef0123456789abcdef01234567/0123456789abcdef";
    const T0: i64 = 1_795_000_000_000;

    struct TestClock(AtomicI64);

    impl Clock for TestClock {
        fn now(&self) -> Timestamp {
            Timestamp::from_unix_millis(self.0.load(Ordering::SeqCst)).unwrap()
        }
    }

    fn clock() -> Arc<TestClock> {
        Arc::new(TestClock(AtomicI64::new(T0)))
    }

    fn api_tokens(clock: &Arc<TestClock>, active: &SigningKey, retired: &[SigningKey]) -> ApiTokens {
        let (iss, aud) = (ISSUER.to_owned(), AUDIENCE.to_owned());
        ApiTokens::new(active.clone(), retired.to_vec(), iss, aud, clock.clone())
    }

    fn subject() -> Uidp {
        Uidp::from_static(SUBJECT)
    }

    fn invalid() -> Error {
        Error::Unauthenticated("invalid API token".to_owned())
    }

    /// Valid claims for an hour from `T0`, to be spoiled one at a time.
    fn claims() -> Value {
        let now = T0 / 1000;
        json!({"iss": ISSUER, "aud": AUDIENCE, "sub": SUBJECT, "iat": now, "nbf": now, "exp": now + 3600})
    }

    fn es256(key: &SigningKey, claims: &Value) -> String {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(key.kid().to_owned());
        jsonwebtoken::encode(&header, claims, key.encoding_key()).unwrap()
    }

    fn b64json(v: &Value) -> String {
        URL_SAFE_NO_PAD.encode(v.to_string())
    }

    fn decode_part(part: &str) -> Value {
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).unwrap()).unwrap()
    }

    #[test]
    fn minted_token_verifies_to_its_subject_and_expiry() {
        let tokens = api_tokens(&clock(), &SigningKey::generate().unwrap(), &[]);
        let minted = tokens.mint(&subject(), Duration::hours(1)).unwrap();
        let expires_at = Timestamp::from_unix_millis(T0 + 3_600_000).unwrap();
        assert_eq!(minted.expiry, expires_at);
        assert_eq!(tokens.verify(&minted.token), Ok(VerifiedToken::new(subject(), expires_at)));
    }

    #[test]
    fn restricted_token_carries_cap_and_scopes_claims_that_verify_back() {
        let tokens = api_tokens(&clock(), &SigningKey::generate().unwrap(), &[]);
        let scope = subject().parent().unwrap();
        let restriction = Restriction {
            capabilities: Some([Capability::RepoList, Capability::GroupsList].into_iter().collect()),
            scopes: Some(vec![scope.clone()]),
        };
        let minted = tokens.mint_restricted(&subject(), &restriction, Duration::hours(1)).unwrap();
        let claims = decode_part(minted.token.split('.').nth(1).unwrap());
        assert_eq!(claims["cap"], json!(["groups.list", "repo.list"]));
        assert_eq!(claims["scopes"], json!([scope.as_str()]));
        assert_eq!(tokens.verify(&minted.token).unwrap().restriction, restriction);
        let plain = decode_part(tokens.mint(&subject(), Duration::hours(1)).unwrap().token.split('.').nth(1).unwrap());
        assert!(plain.get("cap").is_none() && plain.get("scopes").is_none());
    }

    #[test]
    fn token_with_an_unknown_capability_or_a_bad_scope_is_rejected() {
        let key = SigningKey::generate().unwrap();
        let tokens = api_tokens(&clock(), &key, &[]);
        for (claim, value) in
            [("cap", json!(["repo.fly"])), ("scopes", json!(["not-a-uid"])), ("cap", json!("repo.list"))]
        {
            let mut claims = claims();
            claims[claim] = value;
            assert_eq!(tokens.verify(&es256(&key, &claims)), Err(invalid()), "{claims}");
        }
    }

    #[test]
    fn minted_token_carries_es256_header_and_standard_claims() {
        let key = SigningKey::generate().unwrap();
        let minted = api_tokens(&clock(), &key, &[]).mint(&subject(), Duration::minutes(5)).unwrap();
        let parts: Vec<&str> = minted.token.split('.').collect();
        assert_eq!(parts.len(), 3);
        assert_eq!(decode_part(parts[0]), json!({"alg": "ES256", "typ": "JWT", "kid": key.kid()}));
        let mut claims = decode_part(parts[1]);
        let jti = claims.as_object_mut().unwrap().remove("jti").unwrap();
        let jti = jti.as_str().unwrap();
        assert!(jti.len() == 32 && jti.bytes().all(|b| b.is_ascii_hexdigit()), "{jti}");
        let now = T0 / 1000;
        assert_eq!(
            claims,
            json!({"iss": ISSUER, "aud": AUDIENCE, "sub": SUBJECT, "iat": now, "nbf": now, "exp": now + 300})
        );
    }

    #[test]
    fn token_is_rejected_as_expired_from_its_exp_second_on() {
        let clock = clock();
        let tokens = api_tokens(&clock, &SigningKey::generate().unwrap(), &[]);
        let minted = tokens.mint(&subject(), Duration::seconds(60)).unwrap();
        clock.0.store(T0 + 59_999, Ordering::SeqCst);
        assert!(tokens.verify(&minted.token).is_ok());
        clock.0.store(T0 + 60_000, Ordering::SeqCst);
        let expired = Error::Unauthenticated("API token expired".to_owned());
        assert_eq!(tokens.verify(&minted.token), Err(expired));
    }

    #[test]
    fn token_used_before_nbf_beyond_five_seconds_leeway_is_rejected() {
        let clock = clock();
        let tokens = api_tokens(&clock, &SigningKey::generate().unwrap(), &[]);
        let minted = tokens.mint(&subject(), Duration::hours(1)).unwrap();
        clock.0.store(T0 - 5_000, Ordering::SeqCst);
        assert!(tokens.verify(&minted.token).is_ok());
        clock.0.store(T0 - 5_001, Ordering::SeqCst);
        assert_eq!(tokens.verify(&minted.token), Err(invalid()));
    }

    #[test]
    fn audience_may_be_an_array_containing_ours() {
        let key = SigningKey::generate().unwrap();
        let mut claims = claims();
        claims["aud"] = json!(["https://other.test", AUDIENCE]);
        let verified = api_tokens(&clock(), &key, &[]).verify(&es256(&key, &claims));
        assert_eq!(verified.unwrap().subject, subject());
    }

    #[test]
    fn token_with_a_wrong_or_missing_claim_is_rejected() {
        let key = SigningKey::generate().unwrap();
        let tokens = api_tokens(&clock(), &key, &[]);
        let spoiled = [
            ("aud", json!("https://other.test")),
            ("aud", json!(["https://other.test"])),
            ("iss", json!("https://evil.test")),
            ("sub", json!("alice")),
            ("exp", json!("tomorrow")),
        ];
        for (claim, value) in spoiled {
            let mut claims = claims();
            claims[claim] = value;
            assert_eq!(tokens.verify(&es256(&key, &claims)), Err(invalid()), "{claims}");
        }
        for claim in ["iss", "aud", "sub", "nbf", "exp"] {
            let mut claims = claims();
            claims.as_object_mut().unwrap().remove(claim);
            assert_eq!(tokens.verify(&es256(&key, &claims)), Err(invalid()), "{claims}");
        }
    }

    #[test]
    fn tampered_payload_is_rejected() {
        let key = SigningKey::generate().unwrap();
        let token = es256(&key, &claims());
        let parts: Vec<&str> = token.split('.').collect();
        let mut claims = claims();
        claims["sub"] = json!("fedcba9876543210fedcba9876543210fedcba98");
        let forged = format!("{}.{}.{}", parts[0], b64json(&claims), parts[2]);
        assert_eq!(api_tokens(&clock(), &key, &[]).verify(&forged), Err(invalid()));
    }

    #[test]
    fn tampered_signature_is_rejected() {
        let key = SigningKey::generate().unwrap();
        let token = es256(&key, &claims());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let flipped = if signature.starts_with('A') { "B" } else { "A" };
        let forged = format!("{signed}.{flipped}{}", &signature[1..]);
        assert_eq!(api_tokens(&clock(), &key, &[]).verify(&forged), Err(invalid()));
    }

    #[test]
    fn unsigned_alg_none_token_is_rejected() {
        let key = SigningKey::generate().unwrap();
        let header = json!({"alg": "none", "typ": "JWT", "kid": key.kid()});
        let token = format!("{}.{}.", b64json(&header), b64json(&claims()));
        assert_eq!(api_tokens(&clock(), &key, &[]).verify(&token), Err(invalid()));
    }

    #[test]
    fn hs256_token_is_rejected_even_when_keyed_with_our_public_key() {
        let key = SigningKey::generate().unwrap();
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(key.kid().to_owned());
        for secret in [b"some shared secret".to_vec(), key.public_jwk().to_string().into_bytes()] {
            let token = jsonwebtoken::encode(&header, &claims(), &EncodingKey::from_secret(&secret));
            let verified = api_tokens(&clock(), &key, &[]).verify(&token.unwrap());
            assert_eq!(verified, Err(invalid()));
        }
    }

    #[test]
    fn token_signed_by_an_unknown_key_is_rejected_even_under_our_kid() {
        let (ours, stranger) = (SigningKey::generate().unwrap(), SigningKey::generate().unwrap());
        let tokens = api_tokens(&clock(), &ours, &[]);
        let token = es256(&stranger, &claims());
        assert_eq!(tokens.verify(&token), Err(invalid()));
        let (_, rest) = token.split_once('.').unwrap();
        let header = json!({"alg": "ES256", "typ": "JWT", "kid": ours.kid()});
        assert_eq!(tokens.verify(&format!("{}.{rest}", b64json(&header))), Err(invalid()));
    }

    #[test]
    fn retired_key_still_verifies_but_a_dropped_key_does_not() {
        let (old, new) = (SigningKey::generate().unwrap(), SigningKey::generate().unwrap());
        let minted = api_tokens(&clock(), &old, &[]).mint(&subject(), Duration::hours(1)).unwrap();
        let rotated = api_tokens(&clock(), &new, std::slice::from_ref(&old));
        assert_eq!(rotated.verify(&minted.token).unwrap().subject, subject());
        assert_eq!(api_tokens(&clock(), &new, &[]).verify(&minted.token), Err(invalid()));
    }

    #[test]
    fn jwks_lists_the_active_key_then_retired_keys_once_each() {
        let keys: Vec<SigningKey> = (0..3).map(|_| SigningKey::generate().unwrap()).collect();
        let [active, old1, old2] = [&keys[0], &keys[1], &keys[2]];
        let retired = [old1.clone(), active.clone(), old2.clone(), old1.clone()];
        assert_eq!(
            api_tokens(&clock(), active, &retired).jwks(),
            json!({"keys": [active.public_jwk(), old1.public_jwk(), old2.public_jwk()]})
        );
    }

    #[test]
    fn ttl_under_one_second_is_refused() {
        let tokens = api_tokens(&clock(), &SigningKey::generate().unwrap(), &[]);
        assert_eq!(
            tokens.mint(&subject(), Duration::milliseconds(999)),
            Err(Error::invalid("ttl", "ttl must be at least one second"))
        );
    }

    #[test]
    fn malformed_token_is_rejected() {
        let tokens = api_tokens(&clock(), &SigningKey::generate().unwrap(), &[]);
        for token in ["", "abc", "a.b.c", "...", "Bearer x.y.z"] {
            assert_eq!(tokens.verify(token), Err(invalid()), "{token:?}");
        }
    }
}
