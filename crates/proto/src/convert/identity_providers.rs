//! Identity providers and external group role mappings on the wire.
//!
//! Create and Update answer the provider without `scim` (the field is output only and
//! reported by reads); Get answers it in full, List in its short form.
//!
//! An identity provider never leaves as a message with its client secret: the conversion
//! below has no access to it (the domain's `ClientSecret` has no wire form), so every
//! response and every event shows `clientSecret` as `""` (the server sends unset fields as
//! their zero value, like every other field).
//!
//! Update masks: `oidc` replaces the OIDC settings with the given ones, except that an empty
//! `clientSecret` keeps the stored secret and an `UNSPECIFIED` correlation rule keeps the
//! stored rule; `oidc.<field>` paths change only the fields they name, and naming
//! `oidc.client_secret` with an empty value clears the secret (a public PKCE client). A REST
//! PATCH without a mask names `oidc.<field>` for each key of its `oidc` object.

use grove_domain::error::Error;
use grove_domain::model::{ExternalGroupRoleMapping, IdentityProvider, IdentityProviderView, MappingsDeleted};
use grove_domain::services::{IdentityProviderInput, MappingInput, OidcInput, Secret};

use super::{list_response, Selection};
use crate::iam::identity_provider::{Configuration, Oidc};
use crate::iam::{self as pb};
use crate::wkt::FieldMask;

impl From<IdentityProvider> for pb::IdentityProvider {
    fn from(idp: IdentityProvider) -> Self {
        let oidc = Oidc {
            issuer: idp.oidc.issuer.as_str().to_owned(),
            client_id: idp.oidc.client_id,
            // Write-only: never answered.
            client_secret: String::new(),
            additional_scopes: idp.oidc.additional_scopes,
            groups_claim: idp.oidc.groups_claim,
            correlation_rule: idp.oidc.correlation_rule.number(),
            pkce_enabled: idp.oidc.pkce_enabled,
        };
        Self {
            uid: idp.uid.into(),
            name: idp.name.into(),
            description: idp.description.into(),
            create_time: Some(idp.create_time.into()),
            update_time: Some(idp.update_time.into()),
            default_role: idp.default_role.into(),
            // Output only, and only reads report it (see `IdentityProviderView`).
            scim: None,
            configuration: Some(Configuration::Oidc(oidc)),
        }
    }
}

/// What Get and List answer: the provider with its SCIM state.
impl From<IdentityProviderView> for pb::IdentityProvider {
    fn from(v: IdentityProviderView) -> Self {
        Self { scim: Some(v.scim.into()), ..v.provider.into() }
    }
}

list_response!(pb::ListIdentityProvidersResponse, IdentityProviderView, identity_providers);

/// The fields of an identity provider a request may set (`oidc.<field>` paths too).
pub(super) const IDENTITY_PROVIDER_MUTABLE: &[&str] = &["name", "description", "default_role", "oidc"];

/// The fields of the OIDC settings an `oidc.<field>` mask path may name.
const OIDC_FIELDS: &[&str] =
    &["issuer", "client_id", "client_secret", "additional_scopes", "groups_claim", "correlation_rule", "pkce_enabled"];

/// Splits the `oidc.<field>` paths off `mask`.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for an `oidc.` path naming no OIDC field.
fn split_oidc_paths(mask: Option<&FieldMask>) -> Result<(Vec<String>, Option<FieldMask>), Error> {
    let Some(mask) = mask.filter(|m| !m.paths.is_empty()) else { return Ok((Vec::new(), mask.cloned())) };
    let mut nested = Vec::new();
    let mut rest = Vec::new();
    for path in &mask.paths {
        let snake = FieldMask::parse(path).paths.pop().unwrap_or_default();
        match snake.strip_prefix("oidc.") {
            Some(field) if OIDC_FIELDS.contains(&field) => nested.push(field.to_owned()),
            Some(_) => {
                let names: Vec<String> =
                    OIDC_FIELDS.iter().map(|f| FieldMask::lower_camel(&format!("oidc.{f}"))).collect();
                return Err(Error::invalid(
                    "update_mask",
                    format!("update_mask path {:?} is not one of {}", FieldMask::lower_camel(path), names.join(", ")),
                ));
            }
            None => rest.push(path.clone()),
        }
    }
    Ok((nested, Some(FieldMask { paths: rest })))
}

/// The OIDC message of a create or an unmasked update: the populated fields (proto3 cannot tell unset from
/// zero), an empty secret and an `UNSPECIFIED` rule meaning "keep".
fn populated_oidc(o: Oidc) -> OidcInput {
    let s = Selection::populated();
    OidcInput {
        issuer: s.pick("issuer", o.issuer),
        client_id: s.pick("client_id", o.client_id),
        client_secret: s.pick("client_secret", o.client_secret).map(Secret),
        additional_scopes: s.pick("additional_scopes", o.additional_scopes),
        groups_claim: s.pick("groups_claim", o.groups_claim),
        correlation_rule: s.pick("correlation_rule", o.correlation_rule),
        pkce_enabled: s.pick("pkce_enabled", o.pkce_enabled),
    }
}

/// The whole OIDC message replacing the stored settings (a mask naming `oidc`), except
/// that an empty secret keeps the stored one and an `UNSPECIFIED` rule keeps the stored rule.
fn replaced_oidc(o: Oidc) -> OidcInput {
    OidcInput {
        issuer: Some(o.issuer),
        client_id: Some(o.client_id),
        client_secret: Some(o.client_secret).filter(|s| !s.is_empty()).map(Secret),
        additional_scopes: Some(o.additional_scopes),
        groups_claim: Some(o.groups_claim),
        correlation_rule: Some(o.correlation_rule).filter(|n| *n != 0),
        pkce_enabled: Some(o.pkce_enabled),
    }
}

/// Exactly the named OIDC fields, with their values (an empty secret clears it).
fn named_oidc(o: Oidc, fields: &[String]) -> OidcInput {
    let named = |f: &str| fields.iter().any(|n| n == f);
    OidcInput {
        issuer: named("issuer").then_some(o.issuer),
        client_id: named("client_id").then_some(o.client_id),
        client_secret: named("client_secret").then_some(Secret(o.client_secret)),
        additional_scopes: named("additional_scopes").then_some(o.additional_scopes),
        groups_claim: named("groups_claim").then_some(o.groups_claim),
        correlation_rule: named("correlation_rule").then_some(o.correlation_rule),
        pkce_enabled: named("pkce_enabled").then_some(o.pkce_enabled),
    }
}

/// The input a create (no mask) or update makes of a wire identity provider.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not mutable.
pub fn identity_provider_input(
    idp: pb::IdentityProvider,
    mask: Option<&FieldMask>,
) -> Result<IdentityProviderInput, Error> {
    let (oidc_fields, rest) = split_oidc_paths(mask)?;
    let s = match &rest {
        Some(m) if m.paths.is_empty() && !oidc_fields.is_empty() => Selection::of_paths(Vec::new()),
        other => Selection::from_mask(other.as_ref(), IDENTITY_PROVIDER_MUTABLE)?,
    };
    let Configuration::Oidc(given) = idp.configuration.unwrap_or(Configuration::Oidc(Oidc::default()));
    let given_populated = given != Oidc::default();
    let masked = rest.as_ref().is_some_and(|m| !m.paths.is_empty());
    let oidc = if s.has("oidc", given_populated) {
        Some(if masked { replaced_oidc(given) } else { populated_oidc(given) })
    } else if oidc_fields.is_empty() {
        None
    } else {
        Some(named_oidc(given, &oidc_fields))
    };
    Ok(IdentityProviderInput {
        name: s.pick("name", idp.name),
        description: s.pick("description", idp.description),
        default_role: s.pick("default_role", idp.default_role),
        oidc,
    })
}

impl From<ExternalGroupRoleMapping> for pb::ExternalGroupRoleMapping {
    fn from(m: ExternalGroupRoleMapping) -> Self {
        Self {
            identity_provider_uid: m.identity_provider_uid().to_string(),
            uid: m.uid.into(),
            external_group_id: m.external_group_id.to_string(),
            role_uid: m.role_uid.into(),
            scope: m.scope.into(),
            create_time: Some(m.create_time.into()),
        }
    }
}

list_response!(pb::ListExternalGroupRoleMappingsResponse, ExternalGroupRoleMapping, external_group_role_mappings);

impl From<MappingsDeleted> for pb::BatchDeleteExternalGroupRoleMappingsResponse {
    fn from(d: MappingsDeleted) -> Self {
        Self { parent: d.parent.into(), external_group_role_mappings: d.mappings.into_iter().map(Into::into).collect() }
    }
}

/// The fields of a mapping a create request may set (mappings have no update).
pub(super) const MAPPING_MUTABLE: &[&str] = &["external_group_id", "role_uid", "scope"];

/// The input a create request makes of a wire mapping.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not one of its fields.
pub fn mapping_input(m: pb::ExternalGroupRoleMapping, mask: Option<&FieldMask>) -> Result<MappingInput, Error> {
    Selection::from_mask(mask, MAPPING_MUTABLE)?;
    Ok(MappingInput { external_group_id: m.external_group_id, role_uid: m.role_uid, scope: m.scope })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wire(secret: &str) -> pb::IdentityProvider {
        pb::IdentityProvider {
            name: "sso".into(),
            configuration: Some(Configuration::Oidc(Oidc {
                issuer: "https://login.example.com".into(),
                client_secret: secret.into(),
                ..Oidc::default()
            })),
            ..pb::IdentityProvider::default()
        }
    }

    #[test]
    fn an_empty_secret_in_the_whole_oidc_keeps_it_and_a_named_empty_secret_clears_it() {
        let whole = identity_provider_input(wire(""), Some(&FieldMask::parse("oidc"))).unwrap();
        let oidc = whole.oidc.unwrap();
        assert_eq!((oidc.client_secret, oidc.issuer.as_deref()), (None, Some("https://login.example.com")));
        let named = identity_provider_input(wire(""), Some(&FieldMask::parse("oidc.clientSecret"))).unwrap();
        assert_eq!(named.name, None);
        let oidc = named.oidc.unwrap();
        assert_eq!((oidc.client_secret, oidc.issuer), (Some(Secret(String::new())), None));
    }

    #[test]
    fn an_oidc_path_naming_no_field_is_refused() {
        let err = identity_provider_input(wire(""), Some(&FieldMask::parse("oidc.secret"))).unwrap_err();
        assert!(err.to_string().contains("update_mask path \"oidc.secret\" is not one of oidc.issuer"), "{err}");
    }

    #[test]
    fn a_provider_on_the_wire_never_carries_its_secret() {
        use grove_domain::model::{CorrelationRule, IssuerUrl};
        use grove_domain::secrets::SealedSecret;
        let uid = grove_domain::Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        let idp = IdentityProvider {
            uid: uid.clone(),
            name: grove_domain::names::DisplayName::parse("name", "sso").unwrap(),
            description: grove_domain::names::Description::default(),
            default_role: uid.root(),
            oidc: grove_domain::model::Oidc {
                issuer: IssuerUrl::parse("issuer", "https://login.example.com").unwrap(),
                client_id: "grove".into(),
                client_secret: Some(SealedSecret::from_stored("plain:hunter2".to_owned())),
                additional_scopes: vec![],
                groups_claim: String::new(),
                correlation_rule: CorrelationRule::SubEqualsExternalId,
                pkce_enabled: false,
            },
            create_time: grove_domain::Timestamp::from_unix_millis(0).unwrap(),
            update_time: grove_domain::Timestamp::from_unix_millis(0).unwrap(),
        };
        let json = serde_json::to_string(&pb::IdentityProvider::from(idp)).unwrap();
        assert!(!json.contains("hunter2"), "{json}");
        assert!(json.contains("\"clientSecret\":\"\""), "always empty, as every unset field is sent: {json}");
    }
}
