//! A person's login at the token service: an ID token from an organization's identity
//! provider (`identity_provider=<uid>`) or from the server's default provider (no
//! `identity` and no `identity_provider`) becomes a Grove token for the person's root-level
//! identity, together with a refresh token. The first login through a custom provider
//! also binds the provider's `defaultRole` at the provider's group, and every login through
//! a custom provider applies its external group role mappings to the groups its
//! `groupsClaim` names (see [`crate::services::group_mappings`]).
//!
//! Tenancy: the identity a login yields is owned by the provider it went through. Through an
//! organization's provider it is [`Uidp::provider_person`] of that provider's uid and the
//! external id the correlation rule names, so no other provider (of this organization or
//! another, whatever issuer and client id it is configured with) can ever yield it; through
//! the server's default provider it is the global person, [`Uidp::person`] of the issuer and
//! subject (what LookupIdentity answers). A refresh token is bound to the provider it was
//! handed out through, as configured then: once that provider is deleted or its issuer or
//! client id changes, the token is refused and its family revoked.
//!
//! SCIM: through a provider that provisioned the person (a SCIM user whose `externalId` is
//! the login's external id), a deactivated user is refused (403) and the first login links
//! the user to the identity; while SCIM is enabled on the provider, a person it did not
//! provision is refused too.
//!
//! Refresh tokens are single-use: each use hands out a successor in the same family, and
//! presenting a used one revokes the family (someone else holds a copy).
//!
//! Order of checks: arguments (400), token shape, algorithm and times (401), the provider
//! (403 when missing), the unverified issuer against the provider's (403, before any fetch),
//! the signature (401), then audience and external id (403). Every 403 carries
//! [`super::DENIED`].
//!
//! The exchange and the server-side login (`oauth.rs`) share the verification
//! (`verify_person_token`) and the login itself (`record_login`); only where the ID token
//! comes from differs.

use std::sync::Arc;

use chrono::Duration;
use serde_json::Value;
use sha2::{Digest as _, Sha256};

use super::UnverifiedToken;
use super::{denied, token_email, ExchangeError, ExchangeService, Exchanged, OidcClaims, Parsed, RefreshRequest};
use crate::audit::{Actor, Origin, Transport};
use crate::authz::bearer_token;
use crate::error::{Code, Error, Result};
use crate::events::{EventRenderer, EventType, NewEvent};
use crate::model::{
    ClaimMatch, ClientSecret, CorrelationRule, EmailVoucher, GroupSource, Identity, Matcher, Relationship, RoleBinding,
    Seen,
};
use crate::names::{Company, Description, DisplayName};
use crate::ports::{LoginProvider, PersonLogin, RefreshTokenRecord, Rotation, Store, VerifiedClaims};
use crate::secrets::SealedSecret;
use crate::services::group_mappings::{apply_group_mappings, apply_scim_groups, groups_from_claims, MappedPerson};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// How long a refresh token is accepted after it is handed out (each use hands out a new one).
pub const REFRESH_TOKEN_TTL_DAYS: i64 = 30;
/// The prefix of Grove refresh tokens (so that they are recognisable in a leak scan).
const REFRESH_PREFIX: &str = "grr_";
/// Longest display name taken from a token.
const MAX_PERSON_NAME: usize = 63;

/// The server's own identity provider for people, from configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefaultProvider {
    /// The issuer URL (discovery and JWKS are fetched from it).
    pub issuer: String,
    /// The OAuth client id: the `aud` its ID tokens must carry.
    pub client_id: String,
    /// Scopes asked for beside `openid`.
    pub scopes: Vec<String>,
    /// The client secret of a confidential client (people then log in server-side); `None`
    /// for a public client.
    pub client_secret: Option<ClientSecret>,
    /// Whether a server-side login sends PKCE too.
    pub pkce_enabled: bool,
}

/// What a login needs beside the exchange's ports.
#[derive(Clone)]
pub(super) struct People {
    pub(super) store: Arc<dyn Store>,
    pub(super) events: Arc<dyn EventRenderer>,
    pub(super) default_provider: Option<DefaultProvider>,
}

/// What a client needs to log a person in through a provider (nothing secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginConfiguration {
    /// The provider's uid; `None` for the server's default provider.
    pub identity_provider: Option<Uidp>,
    /// Its issuer.
    pub issuer: String,
    /// The public client id to use.
    pub client_id: String,
    /// The scopes to ask for (`openid` first).
    pub scopes: Vec<String>,
    /// True for a confidential client: the login goes through the token service's
    /// `/sts/oauth/authorize` (the client secret never leaves the server); false for a public
    /// client the login flow talks to directly.
    pub server_side: bool,
}

/// The client secret of a provider a login goes through.
#[derive(Debug, Clone)]
pub(super) enum ProviderSecret {
    /// An organization's provider's, as the store keeps it.
    Sealed(SealedSecret),
    /// The default provider's, from the configuration.
    Configured(ClientSecret),
}

/// A provider a login goes through.
pub(super) struct Provider {
    pub(super) uid: Option<Uidp>,
    pub(super) issuer: String,
    pub(super) client_id: String,
    rule: CorrelationRule,
    default_binding: Option<(Uidp, Uidp)>,
    /// The claim naming the person's external groups (organization providers only).
    groups_claim: Option<String>,
    /// The scopes a login asks for (`openid` first).
    pub(super) scopes: Vec<String>,
    /// The client secret of a confidential client.
    pub(super) secret: Option<ProviderSecret>,
    /// Whether a server-side login sends PKCE.
    pub(super) pkce: bool,
}

/// The SHA-256 of a token, lower-case hex: all that is stored of a refresh token.
#[must_use]
pub fn refresh_token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn new_refresh_token() -> String {
    let bytes: [u8; 32] = rand::random();
    format!("{REFRESH_PREFIX}{}", hex::encode(bytes))
}

fn new_family() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

fn scopes_with_openid(extra: &[String]) -> Vec<String> {
    let mut scopes = vec!["openid".to_owned()];
    for scope in extra {
        if !scopes.contains(scope) {
            scopes.push(scope.clone());
        }
    }
    scopes
}

/// The name a new person identity gets: the token's `name`, else its email, else the
/// external id (cut to a storable length), else "person".
fn person_name(raw: &crate::ports::VerifiedClaims, external_id: &str) -> Result<DisplayName> {
    let candidates = ["name", "email"].into_iter().filter_map(|k| raw.get(k).and_then(Value::as_str));
    match candidates.chain(std::iter::once(external_id)).find_map(|text| {
        let cut: String = text.trim().chars().take(MAX_PERSON_NAME).collect();
        DisplayName::parse("name", &cut).ok()
    }) {
        Some(name) => Ok(name),
        None => DisplayName::parse("name", "person"),
    }
}

impl ExchangeService {
    pub(super) fn people(&self) -> std::result::Result<&People, ExchangeError> {
        self.people.as_ref().ok_or_else(|| {
            Error::invalid("identity_provider", "this server does not log people in through identity providers").into()
        })
    }

    /// The public login settings of `identity_provider` (a uid), or of the server's default
    /// provider when it is empty: what `grove auth login` needs to start the OAuth flow.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` when there is no such provider
    /// (or no default one).
    pub async fn login_configuration(&self, identity_provider: Option<&str>) -> Result<LoginConfiguration> {
        let people =
            self.people.as_ref().ok_or_else(|| Error::NotFound("this server has no login providers".into()))?;
        match identity_provider.map(str::trim).filter(|p| !p.is_empty()) {
            None => {
                let d = people
                    .default_provider
                    .as_ref()
                    .ok_or_else(|| Error::NotFound("this server has no default identity provider".into()))?;
                Ok(LoginConfiguration {
                    identity_provider: None,
                    issuer: d.issuer.clone(),
                    client_id: d.client_id.clone(),
                    scopes: scopes_with_openid(&d.scopes),
                    server_side: d.client_secret.is_some(),
                })
            }
            Some(uid) => {
                let uid = Uidp::parse_field("identity_provider", uid)?;
                let missing = || Error::NotFound(format!("identity provider {uid} does not exist"));
                let idp = people.store.get_identity_provider(&uid).await?.ok_or_else(missing)?;
                Ok(LoginConfiguration {
                    identity_provider: Some(idp.uid.clone()),
                    issuer: idp.oidc.issuer.as_str().to_owned(),
                    client_id: idp.oidc.client_id.clone(),
                    scopes: scopes_with_openid(&idp.oidc.additional_scopes),
                    server_side: idp.oidc.client_secret.is_some(),
                })
            }
        }
    }

    pub(super) async fn provider(
        &self,
        people: &People,
        uid: Option<&Uidp>,
    ) -> std::result::Result<Provider, ExchangeError> {
        match uid {
            Some(uid) => {
                let Some(idp) = people.store.get_identity_provider(uid).await? else {
                    return Err(denied(format!("identity provider {uid} does not exist")));
                };
                Ok(Provider {
                    uid: Some(idp.uid.clone()),
                    issuer: idp.oidc.issuer.as_str().to_owned(),
                    client_id: idp.oidc.client_id.clone(),
                    rule: idp.oidc.correlation_rule,
                    default_binding: Some((idp.group_uid(), idp.default_role.clone())),
                    groups_claim: Some(idp.oidc.groups_claim.clone()),
                    scopes: scopes_with_openid(&idp.oidc.additional_scopes),
                    secret: idp.oidc.client_secret.clone().map(ProviderSecret::Sealed),
                    pkce: idp.oidc.pkce_enabled,
                })
            }
            None => {
                let d = people
                    .default_provider
                    .as_ref()
                    .ok_or_else(|| ExchangeError::from(Error::invalid("identity", "identity is required")))?;
                Ok(Provider {
                    uid: None,
                    issuer: d.issuer.clone(),
                    client_id: d.client_id.clone(),
                    rule: CorrelationRule::SubEqualsExternalId,
                    default_binding: None,
                    groups_claim: None,
                    scopes: scopes_with_openid(&d.scopes),
                    secret: d.client_secret.clone().map(ProviderSecret::Configured),
                    pkce: d.pkce_enabled,
                })
            }
        }
    }

    fn refresh_record(
        &self,
        identity: &Uidp,
        provider: Option<LoginProvider>,
        family: String,
        now: Timestamp,
    ) -> (String, RefreshTokenRecord) {
        let token = new_refresh_token();
        let expire_time = Timestamp::from_datetime(now.as_datetime() + Duration::days(REFRESH_TOKEN_TTL_DAYS));
        let record = RefreshTokenRecord {
            hash: refresh_token_hash(&token),
            family,
            identity: identity.clone(),
            provider,
            create_time: now,
            expire_time,
        };
        (token, record)
    }

    /// The SCIM user a login through organization provider `owner` with `external_id` is,
    /// when the provider provisioned one. A deactivated user is refused; so is a person the
    /// provider did not provision while SCIM is enabled on it (provisioning is then the
    /// source of truth of who may log in).
    async fn provisioned(
        people: &People,
        owner: &Uidp,
        external_id: &str,
    ) -> std::result::Result<Option<crate::model::ScimUser>, ExchangeError> {
        match people.store.find_scim_user(owner, external_id).await? {
            Some(user) if !user.active => {
                Err(denied("the identity provider deprovisioned this user (SCIM active is false)"))
            }
            Some(user) => Ok(Some(user)),
            None => {
                let enabled = people.store.get_scim_credential(owner).await?.is_some_and(|c| c.enabled);
                if enabled {
                    Err(denied(
                        "SCIM provisioning is on for this identity provider and it has not provisioned this user",
                    ))
                } else {
                    Ok(None)
                }
            }
        }
    }

    /// The person path of [`Self::exchange`]: no `identity` was requested.
    pub(super) async fn log_in_person(
        &self,
        token: &str,
        parsed: Parsed,
    ) -> std::result::Result<Exchanged, ExchangeError> {
        let people = self.people()?.clone();
        let unverified = UnverifiedToken::parse(token)?;
        unverified.claims.check_times(self.clock.now())?;
        let provider = self.provider(&people, parsed.provider.as_ref()).await?;
        let (raw, claims) = self.verify_person_token(token, &provider).await?;
        let (identity, refresh_token) = self.record_login(&people, &provider, &raw, &claims).await?;
        let minted = self.minter.mint(&identity, &parsed.restriction, self.settings.ttl)?;
        Ok(Exchanged {
            token: minted.token,
            expiry: minted.expiry,
            identity,
            refresh_token: Some(refresh_token),
            provider: provider.uid,
        })
    }

    /// Verifies a person's ID token from `provider`: shape, algorithm and times, issuer
    /// (before any fetch), signature, times again and audience (the provider's client id).
    /// Returns its claims.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` for a malformed, expired or badly signed token; `PERMISSION_DENIED`
    /// ([`super::DENIED`]) for another issuer or audience.
    pub(super) async fn verify_person_token(
        &self,
        token: &str,
        provider: &Provider,
    ) -> std::result::Result<(VerifiedClaims, OidcClaims), ExchangeError> {
        let unverified = UnverifiedToken::parse(token)?;
        let now = self.clock.now();
        unverified.claims.check_times(now)?;
        let issuer = &unverified.claims.issuer;
        if issuer.trim_end_matches('/') != provider.issuer.trim_end_matches('/') {
            return Err(denied(format!("issuer {issuer:?} is not the login provider's {:?}", provider.issuer)));
        }
        let raw = self.verifier.verify_discovered(token, &provider.issuer).await?;
        let claims = OidcClaims::from_claims(&raw)?;
        claims.check_times(now)?;
        if !claims.audiences.contains(&provider.client_id) {
            return Err(denied(format!("audience {:?} is not the provider's client id", claims.audiences)));
        }
        Ok((raw, claims))
    }

    /// The login of a person whose ID token from `provider` was verified: creates their
    /// identity (with the provider's default-role binding) on the first login, records the
    /// sighting otherwise, and hands out a refresh token. Returns the identity and the
    /// refresh token; the caller mints the Grove token.
    ///
    /// # Errors
    /// `PERMISSION_DENIED` ([`super::DENIED`]) when the token lacks the external id the
    /// correlation rule needs or it cannot be stored, or the provider's default role or
    /// group is gone; store failures.
    pub(super) async fn record_login(
        &self,
        people: &People,
        provider: &Provider,
        raw: &VerifiedClaims,
        claims: &OidcClaims,
    ) -> std::result::Result<(Uidp, String), ExchangeError> {
        let now = self.clock.now();
        let external_id = match provider.rule {
            CorrelationRule::SubEqualsExternalId => claims.subject.clone(),
            CorrelationRule::OidEqualsExternalId => {
                raw.get("oid").and_then(Value::as_str).filter(|o| !o.is_empty()).map(str::to_owned).ok_or_else(
                    || denied("the ID token has no oid claim, which the provider's correlation rule needs"),
                )?
            }
        };
        if external_id.len() > 1024 || crate::text::check_storable("sub", &external_id).is_err() {
            return Err(denied("the ID token's external id cannot be stored"));
        }
        let groups = match &provider.groups_claim {
            Some(claim) => Some(groups_from_claims(raw, claim).map_err(denied)?),
            None => None,
        };
        let provisioned = match &provider.uid {
            Some(owner) => Self::provisioned(people, owner, &external_id).await?,
            None => None,
        };
        let uid = match &provider.uid {
            Some(owner) => Uidp::provider_person(owner, &external_id),
            None => Uidp::person(&provider.issuer, &external_id),
        };
        let mut claim_equals = std::collections::BTreeMap::new();
        if provider.rule == CorrelationRule::OidEqualsExternalId {
            claim_equals.insert("oid".to_owned(), external_id.clone());
        }
        let voucher = provider.uid.clone().map_or(EmailVoucher::DefaultProvider, EmailVoucher::Provider);
        let seen = Seen { at: now, email: token_email(raw, &voucher) };
        let mut identity = Identity {
            uid: uid.clone(),
            name: person_name(raw, &external_id)?,
            description: Description::parse("description", "").map_err(ExchangeError::from)?,
            relationship: Relationship::ClaimMatch(ClaimMatch {
                issuer: Matcher::Exact(provider.issuer.clone()),
                subject: Matcher::Exact(claims.subject.clone()),
                audience: Some(Matcher::Exact(provider.client_id.clone())),
                claims: claim_equals,
                claim_patterns: std::collections::BTreeMap::new(),
            }),
            company: Company::parse("company", "").map_err(ExchangeError::from)?,
            email: String::new(),
            email_voucher: EmailVoucher::Workload,
            email_unverified: String::new(),
            last_seen_time: None,
            create_time: now,
            update_time: now,
        };
        identity.record_seen(&seen);
        let origin = Origin::new(Actor::login(provider.uid.clone()), "", Transport::Login);
        let created = NewEvent::new(EventType::IdentityCreated, &uid, now, people.events.clone()).by(&origin);
        let binding = provider.default_binding.as_ref().map(|(group, role)| {
            let binding = RoleBinding {
                uid: group.random_child(),
                identity_uid: uid.clone(),
                role_uid: role.clone(),
                create_time: now,
            };
            let event =
                NewEvent::new(EventType::RoleBindingCreated, &binding.uid, now, people.events.clone()).by(&origin);
            (binding, event)
        });
        let issuing = provider.uid.as_ref().map(|owner| LoginProvider {
            uid: owner.clone(),
            issuer: provider.issuer.clone(),
            client_id: provider.client_id.clone(),
        });
        let (refresh_token, refresh) = self.refresh_record(&uid, issuing, new_family(), now);
        let joins = provider.uid.as_ref().map(Uidp::root);
        let login = PersonLogin { identity, created, seen, binding, refresh, joins };
        let (identity, _first) = match people.store.record_person_login(&login).await {
            Ok(done) => done,
            Err(e) if e.code() == Code::NotFound => {
                return Err(denied(format!("the login provider's default role or group is gone: {e}")));
            }
            Err(e) => return Err(e.into()),
        };
        if let Some(user) = provisioned.as_ref().filter(|u| u.linked_identity.as_ref() != Some(&identity.uid)) {
            people.store.link_scim_user(&user.uid, &identity.uid).await?;
        }
        if let Some(owner) = &provider.uid {
            let store = people.store.as_ref();
            if let Some(groups) = &groups {
                apply_group_mappings(
                    store,
                    &people.events,
                    &origin,
                    now,
                    MappedPerson { provider: owner, identity: &identity.uid },
                    GroupSource::Login,
                    groups,
                )
                .await?;
            }
            if provisioned.is_some() {
                apply_scim_groups(store, &people.events, &origin, now, owner, &identity.uid, &external_id).await?;
            }
        }
        Ok((identity.uid, refresh_token))
    }

    /// `ExchangeRefreshToken`: the refresh token of `authorization` (`Bearer <token>`), if it
    /// is live, is used up and exchanged for a new Grove token and a new refresh token (the
    /// returned [`Exchanged::refresh_token`]). A refresh token that was used before revokes
    /// every token rotated from the same login.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad `aud`, `scopes` or `cap`; `UNAUTHENTICATED` for a missing,
    /// unknown, expired or reused refresh token; store failures as they come.
    pub async fn exchange_refresh_token(
        &self,
        authorization: Option<&str>,
        request: &RefreshRequest,
    ) -> std::result::Result<Exchanged, ExchangeError> {
        let mut violations = Vec::new();
        self.check_audiences(&request.audiences, &mut violations);
        let restriction = Self::restriction(&request.scopes, &request.capabilities, &mut violations);
        if !violations.is_empty() {
            return Err(Error::InvalidArgument(
                violations.into_iter().map(|(f, d)| crate::error::FieldViolation::new(f, d)).collect(),
            )
            .into());
        }
        let token = bearer_token(authorization)?;
        let people = self.people()?.clone();
        let refused = |detail: &str| ExchangeError {
            error: Error::Unauthenticated("the refresh token is not valid; log in again".to_owned()),
            detail: detail.to_owned(),
        };
        if !token.starts_with(REFRESH_PREFIX) {
            return Err(refused("the presented token is not a Grove refresh token"));
        }
        let now = self.clock.now();
        // The successor's identity and provider are the used token's (the store fills them in).
        let placeholder = Uidp::person("", "");
        let (next_token, next) = self.refresh_record(&placeholder, None, String::new(), now);
        let (identity, provider) =
            match people.store.rotate_refresh_token(&refresh_token_hash(token), &next, now).await? {
                Rotation::Rotated { identity, provider } => (identity, provider),
                Rotation::Unknown => return Err(refused("unknown or revoked refresh token")),
                Rotation::Expired => return Err(refused("expired refresh token")),
                Rotation::Reused => {
                    return Err(refused("a used refresh token was presented again: its family is revoked"))
                }
                Rotation::ProviderChanged => {
                    return Err(refused(
                        "the refresh token's identity provider was deleted or its issuer or client id changed: \
                         its family is revoked",
                    ))
                }
            };
        let minted = self.minter.mint(&identity, &restriction, self.settings.ttl)?;
        Ok(Exchanged {
            token: minted.token,
            expiry: minted.expiry,
            identity,
            refresh_token: Some(next_token),
            provider,
        })
    }

    /// Revokes a refresh token and every token rotated from the same login (RFC 7009). As
    /// the RFC asks, a token that is unknown, already revoked or not a Grove refresh token is
    /// no error: the answer does not tell whether it existed. API tokens are not revocable
    /// here; they expire within the hour.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when `token` is empty; `INVALID_ARGUMENT` when this server logs no
    /// people in; store failures.
    pub async fn revoke_refresh_token(&self, token: &str) -> Result<()> {
        let token = token.trim();
        if token.is_empty() {
            return Err(Error::invalid("token", "token is required"));
        }
        let people = self.people().map_err(|e| e.error)?;
        if token.starts_with(REFRESH_PREFIX) {
            people.store.revoke_refresh_token(&refresh_token_hash(token)).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn claims(v: Value) -> crate::ports::VerifiedClaims {
        match v {
            Value::Object(m) => m,
            _ => unreachable!(),
        }
    }

    #[test]
    fn refresh_tokens_are_prefixed_random_and_stored_as_their_sha256() {
        let (a, b) = (new_refresh_token(), new_refresh_token());
        assert!(a.starts_with(REFRESH_PREFIX) && a.len() == REFRESH_PREFIX.len() + 64);
        assert_ne!(a, b);
        assert_eq!(refresh_token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_ne!(new_family(), new_family());
    }

    #[test]
    fn openid_is_asked_first_and_once() {
        assert_eq!(scopes_with_openid(&[]), ["openid"]);
        assert_eq!(
            scopes_with_openid(&["email".into(), "openid".into(), "email".into(), "groups".into()]),
            ["openid", "email", "groups"]
        );
    }

    #[test]
    fn a_new_person_is_named_after_the_name_else_the_email_else_the_external_id() {
        let named = claims(json!({"name": "Alice Example", "email": "alice@acme.example"}));
        assert_eq!(person_name(&named, "sub-1").unwrap().as_str(), "Alice Example");
        let emailed = claims(json!({"name": "  ", "email": "alice@acme.example"}));
        assert_eq!(person_name(&emailed, "sub-1").unwrap().as_str(), "alice@acme.example");
        assert_eq!(person_name(&claims(json!({})), "sub-1").unwrap().as_str(), "sub-1");
        let long = "x".repeat(200);
        assert_eq!(person_name(&claims(json!({"name": long})), "s").unwrap().as_str().chars().count(), MAX_PERSON_NAME);
        assert_eq!(person_name(&claims(json!({"name": "\u{0}"})), "\u{1}").unwrap().as_str(), "person");
    }
}
