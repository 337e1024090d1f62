//! Token exchange: an OIDC token from a workload's issuer, or a signed AWS
//! `GetCallerIdentity` request, becomes a one-hour API token for the identity it is allowed
//! to assume. The claim matching here is pure; fetching issuer keys and checking signatures
//! is the [`IdentityTokenVerifier`] port's job, and asking AWS who signed a request the
//! [`AwsCallerIdentity`] port's.
//!
//! Order of checks, so that nothing is fetched for a token that could never succeed and no
//! answer tells a caller which identity uids exist: arguments (400), token shape, algorithm
//! and times on the unverified claims (401), the identity (403 when missing), the unverified
//! issuer against the identity's issuer matcher (403, before any fetch), the signature (401),
//! then subject, audience and extra claims on the verified claims (403). Every 403 carries
//! the same message.
//!
//! The token's shape picks the path: base64url of an HTTP/1.1 request is an AWS token,
//! anything else is read as a JWT. An AWS token goes: arguments (400), request shape, header
//! rules and date window ([`SignedRequest::check`], 401), its audience and identity headers
//! (403), the identity (403 when missing or not an AWS identity), AWS STS (401 when it
//! refuses, 503 when unreachable), then account, ARN and user id (403).

use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::Duration;
use serde_json::Value;

use crate::authz::{bearer_token, Restriction};
use crate::aws::{aws_identity_accepts, SignedRequest, DEFAULT_STS_HOST};
use crate::capability::{Capability, CapabilitySet};
use crate::error::{Code, Error, Result};
use crate::model::{ClaimMatch, EmailVoucher, Identity, Matcher, Relationship, Seen, SeenEmail, StaticKeys};
use crate::ports::{ApiTokenMinter, AwsCallerIdentity, Clock, IdentityStore, IdentityTokenVerifier, VerifiedClaims};
use crate::time::Timestamp;
use crate::uidp::Uidp;

mod oauth;
mod person;

pub use oauth::{
    check_client_redirect, choose_auth_method, Authorization, AuthorizeRequest, CallbackRequest, OAuthError,
    OAuthErrorCode, ServerSideLogin, TokenRequest, CALLBACK_PATH, CODE_TTL_SECONDS, FLOW_TTL_SECONDS,
};
pub use person::{refresh_token_hash, DefaultProvider, LoginConfiguration, REFRESH_TOKEN_TTL_DAYS};

/// Signature algorithms accepted on third-party tokens; never `none`, never HMAC.
pub const ACCEPTED_ALGORITHMS: &[&str] = &["RS256", "PS256", "ES256", "ES384", "EdDSA"];
/// Clock skew allowed on `exp`, `nbf` and `iat` of third-party tokens, in seconds.
pub const LEEWAY_SECONDS: i64 = 60;
/// Longest third-party token accepted.
pub const MAX_TOKEN_LEN: usize = 16 * 1024;
/// How long an exchanged API token lives.
pub const EXCHANGED_TOKEN_TTL_SECONDS: i64 = 3600;

/// The one message of every refusal to let a token assume an identity, including an identity
/// that does not exist.
pub const DENIED: &str = "the presented token may not assume the requested identity";

/// An exchange request as the transport read it (query string or form); repeated
/// parameters keep every value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeRequest {
    /// `aud`: each must be the API's base URL (comma-separated values are split).
    pub audiences: Vec<String>,
    /// `identity`: the uid of the identity to assume.
    pub identity: Option<String>,
    /// `scopes` and the deprecated `scope`: groups to restrict the token to.
    pub scopes: Vec<String>,
    /// `cap`: capability names to restrict the token to.
    pub capabilities: Vec<String>,
    /// `identity_provider`: the uid of an organization's identity provider a person logs in
    /// through; empty for workloads, or for a person of the server's default provider.
    pub identity_provider: Option<String>,
}

/// `ExchangeRefreshToken`'s parameters (the presented refresh token is the bearer token).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RefreshRequest {
    /// `aud`, as in [`ExchangeRequest::audiences`].
    pub audiences: Vec<String>,
    /// `scopes` and the deprecated `scope`.
    pub scopes: Vec<String>,
    /// `cap`.
    pub capabilities: Vec<String>,
}

/// A successful exchange.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchanged {
    /// The API token.
    pub token: String,
    /// When it expires.
    pub expiry: Timestamp,
    /// The identity it was minted for.
    pub identity: Uidp,
    /// The refresh token handed out with a person's login (never to workloads).
    pub refresh_token: Option<String>,
    /// The identity provider of a person's login (`None` for the default provider and for
    /// workloads).
    pub provider: Option<Uidp>,
}

/// Why an exchange failed: the error the client sees, and a reason for the server log that
/// the client must not see (it would tell which check failed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeError {
    /// What the client is told.
    pub error: Error,
    /// What the operator log says.
    pub detail: String,
}

impl From<Error> for ExchangeError {
    fn from(error: Error) -> Self {
        let detail = match &error {
            Error::Internal { detail } => detail.clone(),
            other => other.to_string(),
        };
        Self { error, detail }
    }
}

impl From<ExchangeError> for Error {
    fn from(e: ExchangeError) -> Self {
        e.error
    }
}

fn denied(detail: impl Into<String>) -> ExchangeError {
    ExchangeError { error: Error::PermissionDenied(DENIED.to_owned()), detail: detail.into() }
}

fn unauthenticated(message: &str) -> Error {
    Error::Unauthenticated(message.to_owned())
}

/// The standard claims of a third-party token, read from its payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OidcClaims {
    /// `iss`.
    pub issuer: String,
    /// `sub`.
    pub subject: String,
    /// `aud`, a string or an array of strings.
    pub audiences: Vec<String>,
    /// `exp`, in Unix seconds.
    pub expires: i64,
    /// `nbf`, in Unix seconds.
    pub not_before: Option<i64>,
    /// `iat`, in Unix seconds.
    pub issued_at: Option<i64>,
}

fn numeric_date(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| {
            // NumericDate may carry a fraction; whole seconds are what the checks need.
            #[allow(clippy::cast_possible_truncation)]
            n.as_f64().filter(|f| f.is_finite() && f.abs() < 1e15).map(|f| f.floor() as i64)
        }),
        _ => None,
    }
}

impl OidcClaims {
    /// Reads the standard claims; `iss`, `sub` and `exp` are required.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when one is missing or of the wrong type.
    pub fn from_claims(claims: &VerifiedClaims) -> Result<Self> {
        let malformed = || unauthenticated("the identity token lacks a valid iss, sub, aud or exp claim");
        let text = |key: &str| claims.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
        let audiences = match claims.get("aud") {
            None => Vec::new(),
            Some(Value::String(s)) => vec![s.clone()],
            Some(Value::Array(items)) => {
                items.iter().map(|v| v.as_str().map(str::to_owned)).collect::<Option<Vec<_>>>().ok_or_else(malformed)?
            }
            Some(_) => return Err(malformed()),
        };
        let optional_date = |key: &str| match claims.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => numeric_date(v).map(Some).ok_or_else(malformed),
        };
        Ok(Self {
            issuer: text("iss").ok_or_else(malformed)?,
            subject: text("sub").ok_or_else(malformed)?,
            audiences,
            expires: claims.get("exp").and_then(numeric_date).ok_or_else(malformed)?,
            not_before: optional_date("nbf")?,
            issued_at: optional_date("iat")?,
        })
    }

    /// Checks `exp`, `nbf` and `iat` against `now` with [`LEEWAY_SECONDS`].
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when the token has expired, is not valid yet, or was issued in the future.
    pub fn check_times(&self, now: Timestamp) -> Result<()> {
        let now = now.unix_millis().div_euclid(1000);
        if now >= self.expires.saturating_add(LEEWAY_SECONDS) {
            return Err(unauthenticated("the identity token has expired"));
        }
        if self.not_before.is_some_and(|nbf| nbf > now.saturating_add(LEEWAY_SECONDS)) {
            return Err(unauthenticated("the identity token is not valid yet"));
        }
        if self.issued_at.is_some_and(|iat| iat > now.saturating_add(LEEWAY_SECONDS)) {
            return Err(unauthenticated("the identity token was issued in the future"));
        }
        Ok(())
    }
}

/// A token as presented, before its signature is checked: only good for deciding whether
/// checking it is worth anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnverifiedToken {
    /// The header's `alg`, one of [`ACCEPTED_ALGORITHMS`].
    pub algorithm: String,
    /// The payload's standard claims.
    pub claims: OidcClaims,
}

impl UnverifiedToken {
    /// Reads a compact JWS without checking its signature.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when it is not a three-part JWS of JSON objects, is too long, or is
    /// signed with an algorithm outside [`ACCEPTED_ALGORITHMS`].
    pub fn parse(token: &str) -> Result<Self> {
        let malformed = || unauthenticated("the identity token is not a signed JWT");
        if token.len() > MAX_TOKEN_LEN {
            return Err(unauthenticated("the identity token is too long"));
        }
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed());
        };
        if signature.is_empty() {
            return Err(malformed());
        }
        let object = |part: &str| -> Result<VerifiedClaims> {
            let bytes = URL_SAFE_NO_PAD.decode(part).map_err(|_| malformed())?;
            serde_json::from_slice(&bytes).map_err(|_| malformed())
        };
        let header = object(header)?;
        let algorithm = header.get("alg").and_then(Value::as_str).ok_or_else(malformed)?;
        if !ACCEPTED_ALGORITHMS.contains(&algorithm) {
            return Err(unauthenticated("the identity token is signed with an algorithm that is not accepted"));
        }
        Ok(Self { algorithm: algorithm.to_owned(), claims: OidcClaims::from_claims(&object(payload)?)? })
    }
}

/// A claim value as text: strings as they are, booleans and numbers as JSON writes them.
fn claim_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Bool(_) | Value::Number(_) => Some(v.to_string()),
        _ => None,
    }
}

/// Whether a `claimMatch` identity accepts a verified token; `Err` names the failed check
/// (for logs only). `default_audience` applies when the identity sets no audience.
///
/// # Errors
/// The name of the first check that failed.
pub fn claim_match_accepts(
    cm: &ClaimMatch,
    claims: &OidcClaims,
    raw: &VerifiedClaims,
    default_audience: &str,
) -> std::result::Result<(), String> {
    if !cm.issuer.matches(&claims.issuer) {
        return Err(format!("issuer {:?} does not match", claims.issuer));
    }
    if !cm.subject.matches(&claims.subject) {
        return Err(format!("subject {:?} does not match", claims.subject));
    }
    let audience_ok = match &cm.audience {
        Some(m) => claims.audiences.iter().any(|a| m.matches(a)),
        None => claims.audiences.iter().any(|a| a == default_audience),
    };
    if !audience_ok {
        let expected = match &cm.audience {
            Some(Matcher::Exact(a)) => format!("{a:?}"),
            Some(Matcher::Pattern(p)) => format!("one matching {:?}", p.as_str()),
            None => format!("{default_audience:?}"),
        };
        return Err(audience_refused(&claims.audiences, &expected));
    }
    for (key, expected) in &cm.claims {
        if raw.get(key).and_then(claim_text).as_deref() != Some(expected.as_str()) {
            return Err(format!("claim {key:?} does not equal the required value"));
        }
    }
    for (key, pattern) in &cm.claim_patterns {
        if !raw.get(key).and_then(claim_text).is_some_and(|v| pattern.matches(&v)) {
            return Err(format!("claim {key:?} does not match the required pattern"));
        }
    }
    Ok(())
}

/// Whether a `staticKeys` identity accepts a verified token at `now`; `Err` names the failed
/// check (for logs only). `default_audience` applies when the identity lists no audiences.
///
/// # Errors
/// The name of the first check that failed.
pub fn static_keys_accepts(
    sk: &StaticKeys,
    claims: &OidcClaims,
    default_audience: &str,
    now: Timestamp,
) -> std::result::Result<(), String> {
    if now >= sk.expiration_time {
        return Err(format!("the identity's static keys expired at {}", sk.expiration_time));
    }
    if claims.issuer != sk.issuer {
        return Err(format!("issuer {:?} does not match", claims.issuer));
    }
    if claims.subject != sk.subject {
        return Err(format!("subject {:?} does not match", claims.subject));
    }
    let audience_ok = if sk.audiences.is_empty() {
        claims.audiences.iter().any(|a| a == default_audience)
    } else {
        claims.audiences.iter().any(|a| sk.audiences.contains(a))
    };
    if !audience_ok {
        let expected = if sk.audiences.is_empty() {
            format!("{default_audience:?}")
        } else {
            format!("one of {:?}", sk.audiences)
        };
        return Err(audience_refused(&claims.audiences, &expected));
    }
    Ok(())
}

/// The start of a refusal that the caller is told in full: the token's issuer and subject
/// matched, so its holder may learn which audience the identity wants (nothing secret: it
/// is the holder's own token that must be minted for it).
pub const AUDIENCE_REFUSED: &str = "audience:";

/// The reason given when only the audience failed; see [`AUDIENCE_REFUSED`].
fn audience_refused(found: &[String], expected: &str) -> String {
    format!("{AUDIENCE_REFUSED} the token's audience {found:?} is not the expected audience {expected}")
}

/// Where the exchange runs: the API it mints tokens for and its own address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeSettings {
    /// The API's base URL: the only `aud` a client may request.
    pub base_url: String,
    /// The token service's URL: the audience a third-party token must carry when the
    /// identity names none.
    pub auth_url: String,
    /// Lifetime of minted tokens.
    pub ttl: Duration,
    /// The Host an AWS token's request must name.
    pub aws_sts_host: String,
    /// The `Chainguard-Audience` values an AWS token may carry.
    pub aws_audiences: Vec<String>,
}

impl ExchangeSettings {
    /// Settings for `base_url` and `auth_url` with the one-hour lifetime; AWS tokens must
    /// name [`DEFAULT_STS_HOST`] and carry `auth_url` as their audience.
    #[must_use]
    pub fn new(base_url: impl Into<String>, auth_url: impl Into<String>) -> Self {
        let auth_url = auth_url.into();
        Self {
            base_url: base_url.into(),
            aws_audiences: vec![auth_url.clone()],
            auth_url,
            ttl: Duration::seconds(EXCHANGED_TOKEN_TTL_SECONDS),
            aws_sts_host: DEFAULT_STS_HOST.to_owned(),
        }
    }
}

/// What a valid request asks for.
struct Parsed {
    /// The identity to assume; `None` for a person's login.
    identity: Option<Uidp>,
    /// The identity provider of a person's login.
    provider: Option<Uidp>,
    restriction: Restriction,
}

/// Token exchange; a system operation (there is no authenticated caller yet).
#[derive(Clone)]
pub struct ExchangeService {
    identities: Arc<dyn IdentityStore>,
    clock: Arc<dyn Clock>,
    verifier: Arc<dyn IdentityTokenVerifier>,
    aws: Arc<dyn AwsCallerIdentity>,
    minter: Arc<dyn ApiTokenMinter>,
    settings: ExchangeSettings,
    people: Option<person::People>,
    server_side: Option<Arc<ServerSideLogin>>,
}

impl std::fmt::Debug for ExchangeService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExchangeService").field("settings", &self.settings).finish_non_exhaustive()
    }
}

fn trim_slash(s: &str) -> &str {
    s.strip_suffix('/').unwrap_or(s)
}

impl ExchangeService {
    /// An exchange over these ports.
    #[must_use]
    pub fn new(
        identities: Arc<dyn IdentityStore>,
        clock: Arc<dyn Clock>,
        verifier: Arc<dyn IdentityTokenVerifier>,
        aws: Arc<dyn AwsCallerIdentity>,
        minter: Arc<dyn ApiTokenMinter>,
        settings: ExchangeSettings,
    ) -> Self {
        Self { identities, clock, verifier, aws, minter, settings, people: None, server_side: None }
    }

    /// The same exchange, also logging people in through identity providers (and the
    /// server's `default_provider`, when configured) and renewing their tokens with refresh
    /// tokens, over `store`.
    #[must_use]
    pub fn with_people(
        mut self,
        store: Arc<dyn crate::ports::Store>,
        events: Arc<dyn crate::events::EventRenderer>,
        default_provider: Option<DefaultProvider>,
    ) -> Self {
        self.people = Some(person::People { store, events, default_provider });
        self
    }

    /// The same exchange, also logging people in server-side through confidential clients
    /// (`/sts/oauth/…`) with `login`.
    #[must_use]
    pub fn with_server_side_login(mut self, login: ServerSideLogin) -> Self {
        self.server_side = Some(Arc::new(login));
        self
    }

    /// The server's default identity provider, when people may log in through one.
    #[must_use]
    pub fn default_provider(&self) -> Option<&DefaultProvider> {
        self.people.as_ref().and_then(|p| p.default_provider.as_ref())
    }

    /// The settings in force.
    #[must_use]
    pub fn settings(&self) -> &ExchangeSettings {
        &self.settings
    }

    fn parse(&self, request: &ExchangeRequest) -> Result<Parsed> {
        let mut violations = Vec::new();
        let mut provider_violation = None;
        let provider = match request.identity_provider.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(uid) => match Uidp::parse_field("identity_provider", uid) {
                Ok(uid) if uid.is_root() => {
                    provider_violation =
                        Some("identity_provider must name an identity provider inside a group".to_owned());
                    None
                }
                Ok(uid) => Some(uid),
                Err(e) => {
                    provider_violation = Some(field_description(e));
                    None
                }
            },
        };
        let person_login = request.identity.as_deref().is_none_or(|i| i.trim().is_empty())
            && (provider.is_some() || provider_violation.is_some() || self.default_provider().is_some());
        self.check_audiences(&request.audiences, &mut violations);
        let identity = match request.identity.as_deref().map(str::trim) {
            None | Some("") if person_login => None,
            None | Some("") => {
                violations.push(("identity", "identity is required".to_owned()));
                None
            }
            Some(_) if provider.is_some() => {
                violations.push(("identity", "identity must be empty when identity_provider is given".to_owned()));
                None
            }
            Some(uid) => match Uidp::parse_field("identity", uid) {
                Ok(uid) => Some(uid),
                Err(e) => {
                    violations.push(("identity", field_description(e)));
                    None
                }
            },
        };
        if let Some(description) = provider_violation {
            violations.push(("identity_provider", description));
        }
        let restriction = Self::restriction(&request.scopes, &request.capabilities, &mut violations);
        if !violations.is_empty() {
            return Err(Error::InvalidArgument(
                violations.into_iter().map(|(f, d)| crate::error::FieldViolation::new(f, d)).collect(),
            ));
        }
        if identity.is_none() && !person_login {
            return Err(Error::internal("identity missing after validation"));
        }
        Ok(Parsed { identity, provider, restriction })
    }

    /// Checks `aud` (each must be the API's base URL).
    fn check_audiences(&self, audiences: &[String], violations: &mut Vec<(&'static str, String)>) {
        let audiences: Vec<&str> =
            audiences.iter().flat_map(|a| a.split(',')).map(str::trim).filter(|a| !a.is_empty()).collect();
        if audiences.is_empty() {
            violations.push(("aud", format!("aud is required and must be {}", self.settings.base_url)));
        } else if let Some(other) = audiences.iter().find(|a| trim_slash(a) != trim_slash(&self.settings.base_url)) {
            violations.push(("aud", format!("aud {other:?} is not this API; it must be {}", self.settings.base_url)));
        }
    }

    /// The restriction `scopes` and `cap` ask for.
    fn restriction(
        requested_scopes: &[String],
        requested_caps: &[String],
        violations: &mut Vec<(&'static str, String)>,
    ) -> Restriction {
        let mut scopes: Vec<Uidp> = Vec::new();
        for scope in requested_scopes.iter().flat_map(|s| s.split(',')).map(str::trim).filter(|s| !s.is_empty()) {
            match Uidp::parse_field("scopes", scope) {
                Ok(uid) if !scopes.contains(&uid) => scopes.push(uid),
                Ok(_) => {}
                Err(e) => violations.push(("scopes", field_description(e))),
            }
        }
        let mut capabilities = CapabilitySet::new();
        let mut any_capability = false;
        for name in requested_caps.iter().flat_map(|c| c.split(',')).map(str::trim).filter(|c| !c.is_empty()) {
            any_capability = true;
            match Capability::parse_field("cap", name) {
                Ok(cap) => capabilities.insert(cap),
                Err(e) => violations.push(("cap", field_description(e))),
            }
        }
        Restriction {
            capabilities: any_capability.then_some(capabilities),
            scopes: (!scopes.is_empty()).then_some(scopes),
        }
    }

    /// Exchanges the OIDC or AWS token of `authorization` (`Bearer <token>`) for an API
    /// token of the requested identity, records the identity's `lastSeenTime` (to the minute,
    /// see [`crate::model::LAST_SEEN_PRECISION_MS`]) and an OIDC token's email (see
    /// [`Seen`]), and returns the token. Service-principal identities are never assumed.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad `aud`, `identity`, `scopes`, `cap` or `identity_provider`;
    /// `UNAUTHENTICATED` for a missing, malformed, expired or unverifiable token;
    /// `PERMISSION_DENIED` ([`DENIED`]) when the identity does not exist or does not accept
    /// the token; `UNAVAILABLE` when AWS STS cannot be asked; store failures as they come.
    /// No token is minted on any failure.
    pub async fn exchange(
        &self,
        authorization: Option<&str>,
        request: &ExchangeRequest,
    ) -> std::result::Result<Exchanged, ExchangeError> {
        let parsed = self.parse(request)?;
        let token = bearer_token(authorization)?;
        let Some(wanted) = parsed.identity.clone() else {
            return self.log_in_person(token, parsed).await;
        };
        if SignedRequest::looks_like_aws_token(token) {
            return self.exchange_aws(token, wanted, parsed).await;
        }
        let unverified = UnverifiedToken::parse(token)?;
        let now = self.clock.now();
        unverified.claims.check_times(now)?;
        let Some(identity) = self.identities.get_identity(&wanted).await? else {
            return Err(denied(format!("identity {wanted} does not exist")));
        };
        let issuer = &unverified.claims.issuer;
        let raw = match &identity.relationship {
            Relationship::ClaimMatch(cm) => {
                if !cm.issuer.matches(issuer) {
                    return Err(denied(format!("issuer {issuer:?} does not match identity {}", identity.uid)));
                }
                self.verifier.verify_discovered(token, issuer).await?
            }
            Relationship::StaticKeys(sk) => {
                if sk.issuer != *issuer {
                    return Err(denied(format!("issuer {issuer:?} does not match identity {}", identity.uid)));
                }
                if now >= sk.expiration_time {
                    return Err(denied(format!("static keys of identity {} expired", identity.uid)));
                }
                self.verifier.verify_with_jwks(token, &sk.issuer_keys)?
            }
            Relationship::AwsIdentity(_) => {
                return Err(denied(format!(
                    "identity {} is an AWS identity, which only AWS tokens assume",
                    identity.uid
                )));
            }
            Relationship::ServicePrincipal(sp) => {
                return Err(denied(format!(
                    "identity {} is the service principal {}, which no third-party token assumes",
                    identity.uid,
                    sp.name()
                )));
            }
        };
        let claims = OidcClaims::from_claims(&raw)?;
        claims.check_times(now)?;
        let accepted = match &identity.relationship {
            Relationship::ClaimMatch(cm) => claim_match_accepts(cm, &claims, &raw, &self.settings.auth_url),
            Relationship::StaticKeys(sk) => static_keys_accepts(sk, &claims, &self.settings.auth_url, now),
            Relationship::AwsIdentity(_) | Relationship::ServicePrincipal(_) => {
                Err("only OIDC relationships accept OIDC tokens".to_owned())
            }
        };
        accepted.map_err(|reason| match reason.strip_prefix(AUDIENCE_REFUSED) {
            Some(told) => ExchangeError {
                error: Error::PermissionDenied(format!("{DENIED}:{told}")),
                detail: format!("identity {}: {reason}", identity.uid),
            },
            None => denied(format!("identity {}: {reason}", identity.uid)),
        })?;
        let email = token_email(&raw, &EmailVoucher::Workload);
        self.admit(&identity, &Seen { at: now, email }, &parsed.restriction).await
    }

    /// The AWS path of [`Self::exchange`]: `token` is a signed `GetCallerIdentity` request.
    async fn exchange_aws(
        &self,
        token: &str,
        wanted: Uidp,
        parsed: Parsed,
    ) -> std::result::Result<Exchanged, ExchangeError> {
        let now = self.clock.now();
        let host = &self.settings.aws_sts_host;
        let signed = SignedRequest::parse(token, host)?;
        let binding = signed.check(host, now)?;
        if !self.settings.aws_audiences.iter().any(|a| trim_slash(a) == trim_slash(&binding.audience)) {
            return Err(denied(format!("the AWS token's audience {:?} is not an allowed audience", binding.audience)));
        }
        if binding.identity != wanted.as_str() {
            return Err(denied(format!("the AWS token is bound to identity {:?}, not {wanted}", binding.identity)));
        }
        let Some(identity) = self.identities.get_identity(&wanted).await? else {
            return Err(denied(format!("identity {wanted} does not exist")));
        };
        let Relationship::AwsIdentity(aws) = &identity.relationship else {
            return Err(denied(format!("identity {} is not an AWS identity", identity.uid)));
        };
        let caller = self.aws.get_caller_identity(&signed).await?;
        aws_identity_accepts(aws, &caller).map_err(|reason| denied(format!("identity {}: {reason}", identity.uid)))?;
        self.admit(&identity, &Seen { at: now, email: None }, &parsed.restriction).await
    }

    /// Records the sighting (when it changes what is stored, see [`Identity::is_changed_by`])
    /// and mints the token: the last steps of every successful exchange.
    async fn admit(
        &self,
        identity: &Identity,
        seen: &Seen,
        restriction: &Restriction,
    ) -> std::result::Result<Exchanged, ExchangeError> {
        let uid = identity.uid.clone();
        if identity.is_changed_by(seen) {
            match self.identities.record_identity_seen(&uid, seen).await {
                Ok(()) => {}
                Err(e) if e.code() == Code::NotFound => {
                    return Err(denied(format!("identity {uid} was deleted during the exchange")))
                }
                Err(e) => return Err(e.into()),
            }
        }
        let minted = self.minter.mint(&uid, restriction, self.settings.ttl)?;
        Ok(Exchanged { token: minted.token, expiry: minted.expiry, identity: uid, refresh_token: None, provider: None })
    }
}

/// The longest email recorded from a token (RFC 5321 allows 254 in a path; some allow more).
const MAX_EMAIL_LEN: usize = 320;

/// The `email` and `email_verified` claims of a verified token, when `email` is text a
/// store can hold (anything else is no email at all), vouched for by `voucher`: the token's
/// issuer as far as trusting the address goes.
#[must_use]
pub fn token_email(raw: &VerifiedClaims, voucher: &EmailVoucher) -> Option<SeenEmail> {
    let address = raw.get("email").and_then(Value::as_str).map(str::trim).filter(|e| !e.is_empty())?;
    if address.len() > MAX_EMAIL_LEN || crate::text::check_storable("email", address).is_err() {
        return None;
    }
    let verified = match raw.get("email_verified") {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "true",
        _ => false,
    };
    Some(SeenEmail { address: address.to_owned(), verified, voucher: voucher.clone() })
}

fn field_description(e: Error) -> String {
    match e {
        Error::InvalidArgument(mut v) if !v.is_empty() => v.remove(0).description,
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::json;

    use super::*;
    use crate::model::Matcher;
    use crate::names::Pattern;

    const ISS: &str = "https://issuer.example";
    const AUTH: &str = "https://auth.grove.test";
    const T: i64 = 1_795_000_000;

    fn b64(v: &Value) -> String {
        URL_SAFE_NO_PAD.encode(v.to_string())
    }

    fn jws(alg: &str, payload: &Value) -> String {
        format!("{}.{}.c2ln", b64(&json!({"alg": alg, "kid": "k"})), b64(payload))
    }

    fn payload() -> Value {
        json!({"iss": ISS, "sub": "repo:acme/app:ref:main", "aud": AUTH, "exp": T + 300, "iat": T, "nbf": T,
               "repository_owner": "acme", "run_attempt": 2, "protected": true})
    }

    fn map(v: Value) -> VerifiedClaims {
        match v {
            Value::Object(m) => m,
            _ => unreachable!(),
        }
    }

    fn at(secs: i64) -> Timestamp {
        Timestamp::from_unix_millis(secs * 1000).unwrap()
    }

    fn cm() -> ClaimMatch {
        ClaimMatch {
            issuer: Matcher::Exact(ISS.to_owned()),
            subject: Matcher::Pattern(Pattern::parse("p", "repo:acme/.*").unwrap()),
            audience: None,
            claims: BTreeMap::new(),
            claim_patterns: BTreeMap::new(),
        }
    }

    #[test]
    fn accepted_algorithms_parse_and_others_are_refused() {
        for alg in ACCEPTED_ALGORITHMS {
            assert_eq!(UnverifiedToken::parse(&jws(alg, &payload())).unwrap().algorithm, *alg);
        }
        for alg in ["none", "HS256", "HS512", "RS384", ""] {
            let err = UnverifiedToken::parse(&jws(alg, &payload())).unwrap_err();
            assert_eq!(err.code(), Code::Unauthenticated, "{alg}");
        }
        let unsigned = format!("{}.{}.", b64(&json!({"alg": "ES256"})), b64(&payload()));
        assert!(UnverifiedToken::parse(&unsigned).is_err());
        for junk in ["", "a.b", "a.b.c.d", "x.y.z"] {
            assert!(UnverifiedToken::parse(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn times_allow_sixty_seconds_of_skew_and_no_more() {
        let claims = OidcClaims::from_claims(&map(payload())).unwrap();
        assert!(claims.check_times(at(T + 300 + 59)).is_ok());
        assert_eq!(
            claims.check_times(at(T + 300 + 60)),
            Err(Error::Unauthenticated("the identity token has expired".into()))
        );
        assert!(claims.check_times(at(T - 60)).is_ok());
        assert_eq!(
            claims.check_times(at(T - 61)),
            Err(Error::Unauthenticated("the identity token is not valid yet".into()))
        );
        let mut future = payload();
        future["nbf"] = Value::Null;
        future["iat"] = json!(T + 61);
        let err = OidcClaims::from_claims(&map(future)).unwrap().check_times(at(T)).unwrap_err();
        assert_eq!(err, Error::Unauthenticated("the identity token was issued in the future".into()));
    }

    #[test]
    fn exp_iss_and_sub_are_required() {
        for key in ["exp", "iss", "sub"] {
            let mut p = payload();
            p.as_object_mut().unwrap().remove(key);
            assert!(OidcClaims::from_claims(&map(p)).is_err(), "{key}");
        }
    }

    #[test]
    fn claim_match_checks_subject_pattern_audience_and_extra_claims() {
        let raw = map(payload());
        let claims = OidcClaims::from_claims(&raw).unwrap();
        assert_eq!(claim_match_accepts(&cm(), &claims, &raw, AUTH), Ok(()));
        assert_eq!(
            claim_match_accepts(&cm(), &claims, &raw, "https://other.test"),
            Err(format!(
                "audience: the token's audience {:?} is not the expected audience \"https://other.test\"",
                claims.audiences
            )),
            "the holder of a token whose issuer and subject match is told the audience to ask for"
        );

        let mut with_claims = cm();
        with_claims.claims.insert("repository_owner".into(), "acme".into());
        with_claims.claims.insert("run_attempt".into(), "2".into());
        with_claims.claims.insert("protected".into(), "true".into());
        with_claims.claim_patterns.insert("sub".into(), Pattern::parse("p", "repo:acme/app:.*").unwrap());
        assert_eq!(claim_match_accepts(&with_claims, &claims, &raw, AUTH), Ok(()));
        with_claims.claims.insert("repository_owner".into(), "evil".into());
        assert!(claim_match_accepts(&with_claims, &claims, &raw, AUTH).is_err());

        let mut missing = cm();
        missing.claim_patterns.insert("environment".into(), Pattern::parse("p", ".*").unwrap());
        assert!(claim_match_accepts(&missing, &claims, &raw, AUTH).is_err());

        let mut aud = cm();
        aud.audience = Some(Matcher::Pattern(Pattern::parse("p", "https://auth\\.grove\\..*").unwrap()));
        assert_eq!(claim_match_accepts(&aud, &claims, &raw, "unused"), Ok(()));
        aud.audience = Some(Matcher::Exact("sts.example".into()));
        assert!(claim_match_accepts(&aud, &claims, &raw, AUTH).is_err());

        let mut subject = cm();
        subject.subject = Matcher::Pattern(Pattern::parse("p", "repo:acme").unwrap());
        assert!(claim_match_accepts(&subject, &claims, &raw, AUTH).is_err(), "patterns are fully anchored");
    }

    #[test]
    fn the_token_email_is_verified_only_when_email_verified_is_true() {
        let email = |extra: Value| {
            let mut p = payload();
            p.as_object_mut().unwrap().extend(map(extra));
            token_email(&map(p), &EmailVoucher::DefaultProvider)
        };
        let seen = |verified| {
            Some(SeenEmail { address: "dev@acme.example".to_owned(), verified, voucher: EmailVoucher::DefaultProvider })
        };
        assert_eq!(email(json!({"email": "dev@acme.example", "email_verified": true})), seen(true));
        assert_eq!(email(json!({"email": "dev@acme.example", "email_verified": "true"})), seen(true));
        assert_eq!(email(json!({"email": "dev@acme.example", "email_verified": false})), seen(false));
        assert_eq!(email(json!({"email": "dev@acme.example"})), seen(false));
        assert_eq!(email(json!({})), None);
        assert_eq!(email(json!({"email": ""})), None);
        assert_eq!(email(json!({"email": 7})), None);
        assert_eq!(email(json!({"email": "a\u{0}b@acme.example", "email_verified": true})), None, "unstorable");
        assert_eq!(email(json!({"email": format!("{}@acme.example", "a".repeat(320))})), None, "too long");
    }

    #[test]
    fn static_keys_need_exact_issuer_subject_an_audience_and_time_left() {
        let sk = StaticKeys {
            issuer: ISS.into(),
            subject: "repo:acme/app:ref:main".into(),
            issuer_keys: "{}".into(),
            expiration_time: at(T + 10),
            audiences: Vec::new(),
        };
        let claims = OidcClaims::from_claims(&map(payload())).unwrap();
        assert_eq!(static_keys_accepts(&sk, &claims, AUTH, at(T)), Ok(()));
        assert!(static_keys_accepts(&sk, &claims, AUTH, at(T + 10)).is_err());
        assert!(static_keys_accepts(&sk, &claims, "https://elsewhere", at(T)).is_err());
        let listed = StaticKeys { audiences: vec![AUTH.into()], ..sk.clone() };
        assert_eq!(static_keys_accepts(&listed, &claims, "https://elsewhere", at(T)), Ok(()));
        let other_subject = StaticKeys { subject: "repo:acme/app".into(), ..sk };
        assert!(static_keys_accepts(&other_subject, &claims, AUTH, at(T)).is_err());
    }

    mod aws_path {
        //! The AWS path of the exchange over mocked ports: what is asked, in which order,
        //! and that nothing is minted on a refusal.

        use std::sync::Arc;

        use base64::engine::general_purpose::URL_SAFE;

        use super::*;
        use crate::aws::AwsCaller;
        use crate::model::{AwsIdentity, Identity, Matcher};
        use crate::names::{Company, Description, DisplayName};
        use crate::ports::{
            MintedToken, MockApiTokenMinter, MockAwsCallerIdentity, MockClock, MockIdentityStore,
            MockIdentityTokenVerifier,
        };

        const UID: &str = "0123456789abcdef0123456789abcdef01234567/0123456789abcdef";
        const ARN: &str = "arn:aws:sts::123456789012:assumed-role/ci/run";
        const SIG: &str = "0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e";

        fn now() -> Timestamp {
            Timestamp::parse_rfc3339("2026-11-24T12:00:00Z").unwrap()
        }

        fn token(identity: &str) -> String {
            let text = format!(
                "POST /?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.1\r\nHost: sts.amazonaws.com\r\n\
                 Authorization: AWS4-HMAC-SHA256 Credential=AKID/20261124/us-east-1/sts/aws4_request, \
                 SignedHeaders=chainguard-audience;chainguard-identity;host;x-amz-date, Signature={SIG}\r\n\
                 Chainguard-Audience: {AUTH}\r\nChainguard-Identity: {identity}\r\nX-Amz-Date: 20261124T115900Z\r\n\r\n"
            );
            URL_SAFE.encode(text)
        }

        fn identity() -> Identity {
            Identity {
                uid: Uidp::parse(UID).unwrap(),
                name: DisplayName::parse("name", "deployer").unwrap(),
                description: Description::parse("description", "").unwrap(),
                relationship: Relationship::AwsIdentity(AwsIdentity {
                    account: "123456789012".into(),
                    arn: Matcher::Exact(ARN.into()),
                    user_id: Matcher::Exact("AROAEXAMPLE:run".into()),
                }),
                company: Company::parse("company", "").unwrap(),
                email: String::new(),
                email_voucher: crate::model::EmailVoucher::Workload,
                email_unverified: String::new(),
                last_seen_time: None,
                create_time: now(),
                update_time: now(),
            }
        }

        fn service(
            store: MockIdentityStore,
            aws: MockAwsCallerIdentity,
            minter: MockApiTokenMinter,
        ) -> ExchangeService {
            let mut clock = MockClock::new();
            clock.expect_now().return_const(now());
            ExchangeService::new(
                Arc::new(store),
                Arc::new(clock),
                Arc::new(MockIdentityTokenVerifier::new()),
                Arc::new(aws),
                Arc::new(minter),
                ExchangeSettings::new("https://api.grove.test", AUTH),
            )
        }

        fn request() -> ExchangeRequest {
            ExchangeRequest {
                audiences: vec!["https://api.grove.test".into()],
                identity: Some(UID.into()),
                ..ExchangeRequest::default()
            }
        }

        fn caller(arn: &str) -> AwsCaller {
            AwsCaller { account: "123456789012".into(), arn: arn.into(), user_id: "AROAEXAMPLE:run".into() }
        }

        #[test]
        fn an_accepted_aws_token_is_recorded_seen_without_an_email_and_minted() {
            let mut store = MockIdentityStore::new();
            store.expect_get_identity().times(1).returning(|_| Ok(Some(identity())));
            store
                .expect_record_identity_seen()
                .withf(|uid, seen| uid.as_str() == UID && *seen == Seen { at: now(), email: None })
                .times(1)
                .returning(|_, _| Ok(()));
            let mut aws = MockAwsCallerIdentity::new();
            aws.expect_get_caller_identity()
                .withf(|r| r.header("chainguard-identity") == Some(UID))
                .times(1)
                .returning(|_| Ok(caller(ARN)));
            let mut minter = MockApiTokenMinter::new();
            minter.expect_mint().times(1).returning(|_, _, _| Ok(MintedToken { token: "t".into(), expiry: now() }));
            let bearer = format!("Bearer {}", token(UID));
            let exchanged = futures_executor::block_on(service(store, aws, minter).exchange(Some(&bearer), &request()));
            assert_eq!(exchanged.unwrap().token, "t");
        }

        #[test]
        fn a_token_bound_to_another_identity_asks_neither_the_store_nor_aws() {
            let other = "0123456789abcdef0123456789abcdef01234567/fedcba9876543210";
            let bearer = format!("Bearer {}", token(other));
            let refused = futures_executor::block_on(
                service(MockIdentityStore::new(), MockAwsCallerIdentity::new(), MockApiTokenMinter::new())
                    .exchange(Some(&bearer), &request()),
            )
            .unwrap_err();
            assert_eq!(refused.error, Error::PermissionDenied(DENIED.into()));
        }

        #[test]
        fn aws_refusals_pass_through_and_mismatches_are_denied_and_nothing_is_minted() {
            for (answer, expected) in [
                (Err(Error::Unauthenticated("AWS said no".into())), Error::Unauthenticated("AWS said no".into())),
                (Err(Error::Unavailable("down".into())), Error::Unavailable("down".into())),
                (
                    Ok(caller("arn:aws:sts::123456789012:assumed-role/admin/run")),
                    Error::PermissionDenied(DENIED.into()),
                ),
            ] {
                let mut store = MockIdentityStore::new();
                store.expect_get_identity().returning(|_| Ok(Some(identity())));
                let mut aws = MockAwsCallerIdentity::new();
                aws.expect_get_caller_identity().times(1).return_once(move |_| answer);
                let bearer = format!("Bearer {}", token(UID));
                let refused = futures_executor::block_on(
                    service(store, aws, MockApiTokenMinter::new()).exchange(Some(&bearer), &request()),
                )
                .unwrap_err();
                assert_eq!(refused.error, expected);
            }
        }
    }
}
