//! Group invite codes: ES256 JWTs signed with the same keys as API tokens, but with their
//! own type (`typ: grove-invite+jwt`) and audience, so that neither can stand in for the
//! other. The payload carries everything needed to refuse a code without reading the
//! store: the invite's uid (whose parent is the group), its role, email, single use, and
//! expiry (`exp`). The header's `kid` is the invite's `keyId`.

use grove_domain::model::{InviteClaims, SignedInviteCode};
use grove_domain::ports::InviteCodes;
use grove_domain::{Error, Result, Timestamp, Uidp};
use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::api_token::ApiTokens;

/// The JWT `typ` of invite codes.
const INVITE_TYP: &str = "grove-invite+jwt";
/// The audience of invite codes: never an API URL, so an API token is never an invite
/// code and an invite code never an API token.
const INVITE_AUDIENCE: &str = "urn:grove:group-invite";

#[derive(Serialize, Deserialize)]
struct InvitePayload {
    iss: String,
    aud: String,
    /// The invite's uid.
    sub: String,
    /// Expiry in Unix milliseconds (`exp` is whole seconds, the invite's expiry is not).
    exp_ms: i64,
    exp: i64,
    role: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    email: String,
    #[serde(default)]
    single_use: bool,
}

fn invalid() -> Error {
    Error::invalid("code", "code is not a valid invite code")
}

impl InviteCodes for ApiTokens {
    fn sign(&self, claims: &InviteClaims) -> Result<SignedInviteCode> {
        let key = self.active_key();
        let exp_ms = claims.expires_at.unix_millis();
        let payload = InvitePayload {
            iss: self.issuer().to_owned(),
            aud: INVITE_AUDIENCE.to_owned(),
            sub: claims.invite.to_string(),
            exp_ms,
            exp: exp_ms.div_euclid(1000) + i64::from(exp_ms.rem_euclid(1000) != 0),
            role: claims.role.to_string(),
            email: claims.email.clone(),
            single_use: claims.single_use,
        };
        let mut header = Header::new(Algorithm::ES256);
        header.typ = Some(INVITE_TYP.to_owned());
        header.kid = Some(key.kid().to_owned());
        let code = jsonwebtoken::encode(&header, &payload, key.encoding_key())
            .map_err(|e| Error::internal(format!("signing an invite code failed: {e}")))?;
        Ok(SignedInviteCode { code, key_id: key.kid().to_owned() })
    }

    fn verify(&self, code: &str) -> Result<InviteClaims> {
        let header = jsonwebtoken::decode_header(code).map_err(|_| invalid())?;
        if header.alg != Algorithm::ES256 || header.typ.as_deref() != Some(INVITE_TYP) {
            return Err(invalid());
        }
        let key = header.kid.as_deref().and_then(|kid| self.verification_key(kid)).ok_or_else(invalid)?;
        let mut validation = Validation::new(Algorithm::ES256);
        // Expiry is the domain's check, against its clock, with its own error.
        validation.validate_exp = false;
        validation.validate_nbf = false;
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.set_issuer(&[self.issuer()]);
        validation.set_audience(&[INVITE_AUDIENCE]);
        let payload =
            jsonwebtoken::decode::<InvitePayload>(code, key.decoding_key(), &validation).map_err(|_| invalid())?.claims;
        let invite = Uidp::parse(&payload.sub).map_err(|_| invalid())?;
        if invite.is_root() {
            return Err(invalid());
        }
        Ok(InviteClaims {
            invite,
            role: Uidp::parse(&payload.role).map_err(|_| invalid())?,
            email: payload.email,
            single_use: payload.single_use,
            expires_at: Timestamp::from_unix_millis(payload.exp_ms).ok_or_else(invalid)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use grove_domain::ports::{ApiTokenVerifier, SystemClock};

    use super::*;
    use crate::keys::SigningKey;

    const ISSUER: &str = "https://auth.grove.test";

    fn tokens(key: SigningKey, retired: Vec<SigningKey>) -> ApiTokens {
        ApiTokens::new(key, retired, ISSUER.to_owned(), "https://grove.test".to_owned(), Arc::new(SystemClock))
    }

    fn claims() -> InviteClaims {
        let group = Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        InviteClaims {
            invite: group.random_child(),
            role: Uidp::parse("00000000000000000000000000000000000000b3").unwrap(),
            email: "dev@acme.example".to_owned(),
            single_use: true,
            expires_at: Timestamp::from_unix_millis(1_795_000_000_123).unwrap(),
        }
    }

    #[test]
    fn a_signed_code_verifies_to_its_claims_and_names_the_key() {
        let key = SigningKey::generate().unwrap();
        let kid = key.kid().to_owned();
        let t = tokens(key, Vec::new());
        let c = claims();
        let signed = InviteCodes::sign(&t, &c).unwrap();
        assert_eq!(signed.key_id, kid);
        assert_eq!(InviteCodes::verify(&t, &signed.code).unwrap(), c);
    }

    #[test]
    fn codes_of_a_retired_key_still_verify_and_foreign_or_altered_codes_do_not() {
        let old = SigningKey::generate().unwrap();
        let c = claims();
        let signed = InviteCodes::sign(&tokens(old.clone(), Vec::new()), &c).unwrap();
        let rotated = tokens(SigningKey::generate().unwrap(), vec![old]);
        assert_eq!(InviteCodes::verify(&rotated, &signed.code).unwrap(), c);
        let foreign = tokens(SigningKey::generate().unwrap(), Vec::new());
        assert_eq!(InviteCodes::verify(&foreign, &signed.code).unwrap_err(), invalid());
        let (head, sig) = signed.code.rsplit_once('.').unwrap();
        let mut sig = sig.to_owned();
        let first = sig.remove(0);
        let altered = format!("{head}.{}{sig}", if first == 'A' { 'B' } else { 'A' });
        assert_eq!(InviteCodes::verify(&rotated, &altered).unwrap_err(), invalid());
        assert_eq!(InviteCodes::verify(&rotated, "garbage").unwrap_err(), invalid());
    }

    #[test]
    fn an_api_token_is_no_invite_code_and_an_invite_code_no_api_token() {
        let t = tokens(SigningKey::generate().unwrap(), Vec::new());
        let api = t.mint(&claims().invite, chrono::Duration::hours(1)).unwrap();
        assert_eq!(InviteCodes::verify(&t, &api.token).unwrap_err(), invalid());
        let code = InviteCodes::sign(&t, &claims()).unwrap().code;
        assert_eq!(ApiTokenVerifier::verify(&t, &code).unwrap_err().code(), grove_domain::Code::Unauthenticated);
    }
}
