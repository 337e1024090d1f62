//! IdentityProviderService and ExternalGroupRoleMappingService: validation naming every bad
//! field, the two capabilities each write needs, the client secret and correlation rule
//! update rules, the default role's reach, a mapping's scope and role, and batch deletes.

use grove_domain::authz::{Grant, Principal};
use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::error::{Error, FieldViolation};
use grove_domain::events::EventType;
use grove_domain::model::{
    ClientSecret, CorrelationRule, ExternalGroupId, ExternalGroupRoleMapping, IdentityProvider, IssuerUrl, Oidc,
    TokenEndpointAuthMethod,
};
use grove_domain::names::{Description, DisplayName};
use grove_domain::services::{IdentityProviderInput, MappingInput, OidcInput, Secret};
use grove_domain::Uidp;

use crate::common::*;

fn oidc_input(secret: &str, pkce: bool) -> OidcInput {
    OidcInput {
        issuer: Some("https://login.example.com".to_owned()),
        client_id: Some("grove".to_owned()),
        client_secret: Some(Secret(secret.to_owned())),
        pkce_enabled: Some(pkce),
        ..OidcInput::default()
    }
}

fn input(secret: &str, pkce: bool) -> IdentityProviderInput {
    IdentityProviderInput {
        name: Some("Acme SSO".to_owned()),
        description: Some("Our login".to_owned()),
        default_role: Some(VIEWER.to_owned()),
        oidc: Some(oidc_input(secret, pkce)),
    }
}

/// The provider `nth_child(group_a(), 1)` as stored, with `secret`.
fn stored(secret: Option<&str>, rule: CorrelationRule) -> IdentityProvider {
    IdentityProvider {
        uid: nth_child(&group_a(), 1),
        name: DisplayName::parse("name", "Acme SSO").expect("valid name"),
        description: Description::parse("description", "Our login").expect("valid description"),
        default_role: Uidp::from_static(VIEWER),
        oidc: Oidc {
            issuer: IssuerUrl::parse("issuer", "https://login.example.com").expect("valid issuer"),
            client_id: "grove".to_owned(),
            client_secret: secret.map(|s| ClientSecret::parse("s", s).expect("valid secret")),
            additional_scopes: Vec::new(),
            groups_claim: String::new(),
            correlation_rule: rule,
            pkce_enabled: false,
            token_endpoint_auth_method: TokenEndpointAuthMethod::Discovered,
        },
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

fn no_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_identity_provider().never();
    store.expect_update_identity_provider().never();
    store.expect_create_external_group_role_mapping().never();
    store.expect_delete_external_group_role_mappings().never();
    store
}

fn holding(caps: &[Capability], at: &Uidp) -> Principal {
    Principal::new(
        caller_uid(),
        vec![Grant { group: at.clone(), capabilities: caps.iter().copied().collect::<CapabilitySet>() }],
        CapabilitySet::new(),
    )
}

fn violations(err: Error) -> Vec<(String, String)> {
    match err {
        Error::InvalidArgument(v) => {
            v.into_iter().map(|FieldViolation { field, description }| (field, description)).collect()
        }
        other => panic!("expected INVALID_ARGUMENT, got {other:?}"),
    }
}

#[test]
fn create_stores_the_provider_with_its_secret_and_a_created_event_in_its_group() {
    let mut store = MockStore::new();
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    let expected = IdentityProvider {
        create_time: ts(T0),
        update_time: ts(T0),
        ..stored(Some("s3cr3t"), CorrelationRule::SubEqualsExternalId)
    };
    let written = expected.clone();
    store
        .expect_create_identity_provider()
        .withf(move |idp, event| {
            *idp == written
                && idp.oidc.client_secret.as_ref().map(ClientSecret::expose) == Some("s3cr3t")
                && event.event_type == EventType::IdentityProviderCreated
                && event.group == group_a()
                && event.subject == nth_child(&group_a(), 1)
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let idp = run(env.services.identity_providers.create(
        &bound("owner", &org()),
        group_a().as_str(),
        input("s3cr3t", false),
    ))
    .unwrap();
    assert_eq!(idp, expected);
    assert!(!format!("{idp:?}").contains("s3cr3t"), "Debug never shows the secret");
}

#[test]
fn create_without_secret_or_pkce_is_invalid_argument_and_writes_nothing() {
    let env = env(no_writes());
    let err =
        run(env.services.identity_providers.create(&bound("owner", &org()), group_a().as_str(), input("", false)))
            .unwrap_err();
    assert_eq!(
        violations(err),
        [(
            "oidc.clientSecret".to_owned(),
            "an identity provider needs oidc.clientSecret or oidc.pkceEnabled".to_owned()
        )]
    );
}

#[test]
fn create_names_every_bad_field_at_once() {
    let env = env(no_writes());
    let bad = IdentityProviderInput {
        name: Some(String::new()),
        description: None,
        default_role: None,
        oidc: Some(OidcInput {
            issuer: Some("http://login.example.com".to_owned()),
            client_id: None,
            correlation_rule: Some(7),
            ..OidcInput::default()
        }),
    };
    let err = run(env.services.identity_providers.create(&bound("owner", &org()), "not-a-uid", bad)).unwrap_err();
    let fields: Vec<String> = violations(err).into_iter().map(|(f, _)| f).collect();
    assert_eq!(fields, ["parent", "name", "defaultRole", "oidc.issuer", "oidc.clientId", "oidc.correlationRule"]);
    let err = run(env.services.identity_providers.create(
        &bound("owner", &org()),
        group_a().as_str(),
        IdentityProviderInput { oidc: None, ..input("x", false) },
    ))
    .unwrap_err();
    assert_eq!(violations(err), [("oidc".to_owned(), "oidc is required".to_owned())]);
}

#[test]
fn create_needs_identity_providers_create_and_role_bindings_create_and_hides_other_groups() {
    let env = env(no_writes());
    let create = |caller: Principal| {
        run(env.services.identity_providers.create(&caller, group_a().as_str(), input("s", false))).unwrap_err()
    };
    assert_eq!(
        create(bound("editor", &org())),
        Error::PermissionDenied(format!("the caller lacks identity_providers.create on {}", group_a()))
    );
    let without_bindings = holding(&[Capability::GroupsList, Capability::IdentityProvidersCreate], &org());
    assert_eq!(
        create(without_bindings),
        Error::PermissionDenied(format!("the caller lacks role_bindings.create on {}", group_a()))
    );
    assert_eq!(create(bound("owner", &group_b())), Error::NotFound(format!("group {} does not exist", group_a())));
}

#[test]
fn a_default_role_from_another_group_is_refused_and_a_missing_one_is_not_found() {
    let mut store = no_writes();
    store.expect_get_role().returning(|_| Ok(None));
    let env = env(store);
    let owner = bound("owner", &org());
    let sibling_role = nth_child(&group_b(), 9);
    let err = run(env.services.identity_providers.create(
        &owner,
        group_a().as_str(),
        IdentityProviderInput { default_role: Some(sibling_role.to_string()), ..input("s", false) },
    ))
    .unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "defaultRole",
            "defaultRole must name a built-in role or a role defined in this group or above it"
        )
    );
    let missing = nth_child(&org(), 9);
    let err = run(env.services.identity_providers.create(
        &owner,
        group_a().as_str(),
        IdentityProviderInput { default_role: Some(missing.to_string()), ..input("s", false) },
    ))
    .unwrap_err();
    assert_eq!(err, Error::NotFound(format!("role {missing} does not exist")));
}

/// An update of the stored provider (with `secret`, `rule`) by `patch`; the written provider.
fn updated(
    secret: Option<&'static str>,
    rule: CorrelationRule,
    patch: IdentityProviderInput,
) -> Result<IdentityProvider, Error> {
    let mut store = MockStore::new();
    store.expect_get_identity_provider().returning(move |_| Ok(Some(stored(secret, rule))));
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "r", &[Capability::GroupsList]))));
    store.expect_update_identity_provider().returning(|_, _| Ok(()));
    let env = env(store);
    run(env.services.identity_providers.update(&bound("owner", &org()), nth_child(&group_a(), 1).as_str(), patch))
}

#[test]
fn an_update_that_does_not_give_the_secret_keeps_it_and_an_explicit_empty_secret_clears_it() {
    let kept = updated(
        Some("old"),
        CorrelationRule::SubEqualsExternalId,
        IdentityProviderInput {
            oidc: Some(OidcInput { client_id: Some("new-client".to_owned()), ..OidcInput::default() }),
            ..IdentityProviderInput::default()
        },
    )
    .unwrap();
    assert_eq!(kept.oidc.client_secret.as_ref().map(ClientSecret::expose), Some("old"));
    assert_eq!(kept.oidc.client_id, "new-client");
    assert_eq!(kept.update_time, ts(T0));

    let cleared = updated(
        Some("old"),
        CorrelationRule::SubEqualsExternalId,
        IdentityProviderInput { oidc: Some(oidc_input("", true)), ..IdentityProviderInput::default() },
    )
    .unwrap();
    assert_eq!((cleared.oidc.client_secret, cleared.oidc.pkce_enabled), (None, true));

    let err = updated(
        Some("old"),
        CorrelationRule::SubEqualsExternalId,
        IdentityProviderInput {
            oidc: Some(OidcInput { client_secret: Some(Secret(String::new())), ..OidcInput::default() }),
            ..IdentityProviderInput::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        violations(err),
        [(
            "oidc.clientSecret".to_owned(),
            "an identity provider needs oidc.clientSecret or oidc.pkceEnabled".to_owned()
        )]
    );
}

#[test]
fn restating_the_correlation_rule_is_a_no_op_and_changing_it_is_refused() {
    let restated = |n: i32, current: CorrelationRule| {
        updated(
            Some("s"),
            current,
            IdentityProviderInput {
                oidc: Some(OidcInput { correlation_rule: Some(n), ..OidcInput::default() }),
                ..IdentityProviderInput::default()
            },
        )
    };
    assert_eq!(
        restated(1, CorrelationRule::SubEqualsExternalId).unwrap().oidc.correlation_rule,
        CorrelationRule::SubEqualsExternalId
    );
    assert!(restated(0, CorrelationRule::SubEqualsExternalId).is_ok(), "UNSPECIFIED means SUB_EQUALS_EXTERNAL_ID");
    assert_eq!(
        violations(restated(2, CorrelationRule::SubEqualsExternalId).unwrap_err()),
        [(
            "oidc.correlationRule".to_owned(),
            "oidc.correlationRule is fixed when the identity provider is created and cannot change".to_owned()
        )]
    );
}

#[test]
fn update_needs_role_bindings_create_too() {
    let env = env(no_writes());
    let caller = holding(&[Capability::IdentityProvidersList, Capability::IdentityProvidersUpdate], &org());
    let uid = nth_child(&group_a(), 1);
    let err = run(env.services.identity_providers.update(&caller, uid.as_str(), IdentityProviderInput::default()))
        .unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks role_bindings.create on {uid}")));
}

fn provider_store() -> MockStore {
    let mut store = no_writes();
    store
        .expect_get_identity_provider()
        .returning(|_| Ok(Some(stored(Some("s"), CorrelationRule::SubEqualsExternalId))));
    store.expect_get_group().returning(|uid| Ok(Some(group(uid, "sub"))));
    store
}

fn mapping_input(role: &str, scope: &str) -> MappingInput {
    MappingInput { external_group_id: "engineers".to_owned(), role_uid: role.to_owned(), scope: scope.to_owned() }
}

#[test]
fn a_mapping_defaults_to_the_providers_group_and_is_written_with_its_event() {
    let mut store = MockStore::new();
    store
        .expect_get_identity_provider()
        .returning(|_| Ok(Some(stored(Some("s"), CorrelationRule::SubEqualsExternalId))));
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    let idp = nth_child(&group_a(), 1);
    let expected = ExternalGroupRoleMapping {
        uid: nth_child(&idp, 1),
        external_group_id: ExternalGroupId::parse("g", "engineers").unwrap(),
        role_uid: Uidp::from_static(VIEWER),
        scope: group_a(),
        create_time: ts(T0),
    };
    let written = expected.clone();
    store
        .expect_create_external_group_role_mapping()
        .withf(move |m, event| {
            *m == written && event.event_type == EventType::ExternalGroupRoleMappingCreated && event.group == group_a()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let mapping = run(env.services.external_group_role_mappings.create(
        &bound("owner", &org()),
        idp.as_str(),
        mapping_input(VIEWER, ""),
    ))
    .unwrap();
    assert_eq!(mapping, expected);
    assert_eq!(mapping.identity_provider_uid(), idp);
}

#[test]
fn a_mapping_scope_outside_the_providers_group_is_invalid_argument() {
    let env = env(provider_store());
    let err = run(env.services.external_group_role_mappings.create(
        &bound("owner", &org()),
        nth_child(&group_a(), 1).as_str(),
        mapping_input(VIEWER, group_b().as_str()),
    ))
    .unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "scope",
            format!("scope must be the identity provider's group {} or a group below it", group_a())
        )
    );
}

#[test]
fn a_mapping_cannot_grant_capabilities_its_author_lacks() {
    let mut store = provider_store();
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "owner", &[Capability::GroupsDelete]))));
    let env = env(store);
    let caller = holding(
        &[Capability::IdentityProvidersList, Capability::IdentityProvidersCreate, Capability::RoleBindingsCreate],
        &org(),
    );
    let err = run(env.services.external_group_role_mappings.create(
        &caller,
        nth_child(&group_a(), 1).as_str(),
        mapping_input(OWNER, ""),
    ))
    .unwrap_err();
    assert_eq!(
        err,
        Error::PermissionDenied(format!("the caller lacks groups.delete on {}, which role {OWNER} grants", group_a()))
    );
}

#[test]
fn a_mapping_needs_role_bindings_create_at_its_scope() {
    let env = env(provider_store());
    let caller = holding(&[Capability::IdentityProvidersList, Capability::IdentityProvidersCreate], &org());
    let err = run(env.services.external_group_role_mappings.create(
        &caller,
        nth_child(&group_a(), 1).as_str(),
        mapping_input(VIEWER, ""),
    ))
    .unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks role_bindings.create on {}", group_a())));
}

#[test]
fn a_batch_delete_naming_another_providers_mapping_is_invalid_argument_and_deletes_nothing() {
    let env = env(no_writes());
    let idp = nth_child(&group_a(), 1);
    let foreign = nth_child(&nth_child(&group_a(), 2), 1);
    let names = vec![nth_child(&idp, 1).to_string(), foreign.to_string()];
    let err =
        run(env.services.external_group_role_mappings.batch_delete(&bound("owner", &org()), idp.as_str(), &names))
            .unwrap_err();
    assert_eq!(
        violations(err),
        [("names[1]".to_owned(), format!("names[1] is not a mapping of identity provider {idp}"))]
    );
    let err = run(env.services.external_group_role_mappings.batch_delete(&bound("owner", &org()), idp.as_str(), &[]))
        .unwrap_err();
    assert_eq!(violations(err), [("names".to_owned(), "give 1 to 100 names, not 0".to_owned())]);
}

#[test]
fn a_viewer_sees_providers_but_cannot_delete_them() {
    let mut store = MockStore::new();
    store
        .expect_get_identity_provider()
        .returning(|_| Ok(Some(stored(Some("s"), CorrelationRule::SubEqualsExternalId))));
    store.expect_get_scim_credential().returning(|_| Ok(None));
    store.expect_delete_identity_provider().never();
    let env = env(store);
    let uid = nth_child(&group_a(), 1);
    let viewer = bound("viewer", &org());
    assert!(run(env.services.identity_providers.get(&viewer, uid.as_str())).is_ok());
    assert_eq!(
        run(env.services.identity_providers.delete(&viewer, uid.as_str())).unwrap_err(),
        Error::PermissionDenied(format!("the caller lacks identity_providers.delete on {uid}"))
    );
    assert_eq!(
        run(env.services.identity_providers.get(&bound("viewer", &group_b()), uid.as_str())).unwrap_err(),
        Error::NotFound(format!("identity provider {uid} does not exist"))
    );
}

/// A provider administrator without the owner's other capabilities.
const PROVIDER_ADMIN: &[Capability] = &[
    Capability::GroupsList,
    Capability::IdentityProvidersList,
    Capability::IdentityProvidersCreate,
    Capability::IdentityProvidersUpdate,
    Capability::RoleBindingsCreate,
];

#[test]
fn a_default_role_beyond_the_caller_is_refused_on_create_and_nothing_is_written() {
    let mut store = no_writes();
    store.expect_get_role().returning(|_| Ok(Some(owner_role())));
    let env = env(store);
    let err = run(env.services.identity_providers.create(
        &holding(PROVIDER_ADMIN, &org()),
        group_a().as_str(),
        IdentityProviderInput { default_role: Some(OWNER.to_owned()), ..input("s", false) },
    ))
    .unwrap_err();
    assert_eq!(err, lacks_owner(PROVIDER_ADMIN, &group_a()));
}

#[test]
fn a_default_role_the_caller_holds_is_accepted_on_create() {
    let mut store = MockStore::new();
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    store.expect_create_identity_provider().times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let idp = run(env.services.identity_providers.create(
        &holding(PROVIDER_ADMIN, &org()),
        group_a().as_str(),
        input("s", false),
    ))
    .unwrap();
    assert_eq!(idp.default_role, Uidp::from_static(VIEWER));
}

#[test]
fn an_update_to_a_default_role_beyond_the_caller_is_refused_and_nothing_is_written() {
    let mut store = no_writes();
    store
        .expect_get_identity_provider()
        .returning(|_| Ok(Some(stored(Some("s"), CorrelationRule::SubEqualsExternalId))));
    store.expect_get_role().returning(|_| Ok(Some(owner_role())));
    let env = env(store);
    let err = run(env.services.identity_providers.update(
        &holding(PROVIDER_ADMIN, &org()),
        nth_child(&group_a(), 1).as_str(),
        IdentityProviderInput { default_role: Some(OWNER.to_owned()), ..IdentityProviderInput::default() },
    ))
    .unwrap_err();
    assert_eq!(err, lacks_owner(PROVIDER_ADMIN, &group_a()));
}

#[test]
fn an_update_of_a_provider_that_promises_owner_needs_owner_even_when_the_role_stays() {
    let mut store = no_writes();
    store.expect_get_identity_provider().returning(|_| {
        Ok(Some(IdentityProvider {
            default_role: Uidp::from_static(OWNER),
            ..stored(Some("s"), CorrelationRule::SubEqualsExternalId)
        }))
    });
    store.expect_get_role().returning(|_| Ok(Some(owner_role())));
    let env = env(store);
    let to_my_issuer = IdentityProviderInput {
        oidc: Some(OidcInput { issuer: Some("https://attacker.example".to_owned()), ..OidcInput::default() }),
        ..IdentityProviderInput::default()
    };
    let err = run(env.services.identity_providers.update(
        &holding(PROVIDER_ADMIN, &org()),
        nth_child(&group_a(), 1).as_str(),
        to_my_issuer,
    ))
    .unwrap_err();
    assert_eq!(err, lacks_owner(PROVIDER_ADMIN, &group_a()));
}

#[test]
fn a_mapping_to_owner_is_refused_naming_every_capability_its_author_lacks() {
    let mut store = provider_store();
    store.expect_get_role().returning(|_| Ok(Some(owner_role())));
    let env = env(store);
    let err = run(env.services.external_group_role_mappings.create(
        &holding(PROVIDER_ADMIN, &org()),
        nth_child(&group_a(), 1).as_str(),
        mapping_input(OWNER, ""),
    ))
    .unwrap_err();
    assert_eq!(err, lacks_owner(PROVIDER_ADMIN, &group_a()));
}
