//! IdentityProviderService and ExternalGroupRoleMappingService: validation naming every bad
//! field, the two capabilities each write needs, the client secret and correlation rule
//! update rules, the default role's reach, a mapping's scope and role, and batch deletes.

use grove_domain::authz::{Grant, Principal};
use grove_domain::builtin::{OWNER, VIEWER};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::error::{Error, FieldViolation};
use grove_domain::events::EventType;
use grove_domain::model::{
    CorrelationRule, ExternalGroupId, ExternalGroupRoleMapping, IdentityProvider, IssuerUrl, Oidc,
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
            client_secret: secret.map(|s| sealed(&nth_child(&group_a(), 1), s)),
            additional_scopes: Vec::new(),
            groups_claim: String::new(),
            correlation_rule: rule,
            pkce_enabled: false,
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
        ..stored(None, CorrelationRule::SubEqualsExternalId)
    };
    let written = expected.clone();
    let without_secret = |idp: &IdentityProvider| {
        let mut idp = idp.clone();
        idp.oidc.client_secret = None;
        idp
    };
    store
        .expect_create_identity_provider()
        .withf(move |idp, event| {
            without_secret(idp) == written
                && idp.oidc.client_secret.as_ref().map(|s| opened(&idp.uid, s)).as_deref() == Some("s3cr3t")
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
    let sealed_secret = idp.oidc.client_secret.clone().expect("a sealed secret");
    assert!(sealed_secret.as_stored().starts_with("v1:test:"), "sealed under the current key");
    assert!(!sealed_secret.as_stored().contains("s3cr3t"));
    assert_eq!(without_secret(&idp), expected);
    assert!(!format!("{idp:?}").contains("s3cr3t"), "Debug never shows the secret");
}

#[test]
fn a_secret_on_a_server_without_a_key_encryption_key_fails_the_precondition_and_writes_nothing() {
    let mut store = no_writes();
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    store.expect_get_identity_provider().returning(|_| Ok(Some(stored(None, CorrelationRule::SubEqualsExternalId))));
    let mut env = env(store);
    env.services.identity_providers = env
        .services
        .identity_providers
        .clone()
        .with_secret_keyring(std::sync::Arc::new(grove_domain::secrets::SecretKeyring::default()));
    let expected = Error::precondition(
        "KEY_ENCRYPTION_KEY_MISSING",
        "this server has no key-encryption key (secrets.key_encryption_keys), so it cannot keep a client secret; \
         configure one, or use a public client with oidc.pkceEnabled",
    );
    let created = run(env.services.identity_providers.create(
        &bound("owner", &org()),
        group_a().as_str(),
        input("s3cr3t", false),
    ));
    assert_eq!(created, Err(expected.clone()));
    let patch = IdentityProviderInput { oidc: Some(oidc_input("n3w", false)), ..IdentityProviderInput::default() };
    let uid = nth_child(&group_a(), 1);
    let updated = run(env.services.identity_providers.update(&bound("owner", &org()), uid.as_str(), patch));
    assert_eq!(updated, Err(expected));
    // A public client needs no key.
    let mut store = MockStore::new();
    store.expect_get_role().returning(|uid| Ok(Some(role(uid, "viewer", &[Capability::GroupsList]))));
    store.expect_create_identity_provider().times(1).returning(|_, _| Ok(()));
    let mut env = crate::common::env(store);
    env.services.identity_providers = env
        .services
        .identity_providers
        .clone()
        .with_secret_keyring(std::sync::Arc::new(grove_domain::secrets::SecretKeyring::default()));
    let public = IdentityProviderInput {
        oidc: Some(OidcInput { client_secret: None, ..oidc_input("", true) }),
        ..input("", true)
    };
    assert!(run(env.services.identity_providers.create(&bound("owner", &org()), group_a().as_str(), public)).is_ok());
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
    let kept_secret = kept.oidc.client_secret.as_ref().expect("kept");
    assert_eq!(opened(&kept.uid, kept_secret), "old");
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

#[test]
fn rotate_secrets_reseals_legacy_and_old_key_secrets_under_the_current_key_and_leaves_current_ones() {
    use grove_domain::secrets::{KeyEncryptionKey, SealedSecret, SecretKeyring};
    let (a, b, c, d) =
        (nth_child(&group_a(), 1), nth_child(&group_a(), 2), nth_child(&group_a(), 3), nth_child(&group_a(), 4));
    let old = SecretKeyring::new(vec![KeyEncryptionKey::new("old", [1; 32]).unwrap()]).unwrap();
    let secret = |s: &str| grove_domain::model::ClientSecret::parse("s", s).unwrap();
    let under_old = old.seal(&b, &secret("b-secret")).unwrap();
    let legacy = SealedSecret::from_stored("plain:a-secret".to_owned());
    let current = sealed(&c, "c-secret");
    let raced = old.seal(&d, &secret("d-secret")).unwrap();
    let ring = SecretKeyring::new(vec![
        KeyEncryptionKey::new("test", [7; 32]).unwrap(),
        KeyEncryptionKey::new("old", [1; 32]).unwrap(),
    ])
    .unwrap();
    let listed =
        vec![(a.clone(), legacy.clone()), (b.clone(), under_old.clone()), (c, current), (d.clone(), raced.clone())];
    let mut store = MockStore::new();
    store.expect_list_client_secrets().times(1).return_once(move || Ok(listed));
    let (ra, rb) = (a.clone(), b.clone());
    store
        .expect_replace_client_secret()
        .withf(move |uid, was, next| {
            let opened = keyring().open(uid, next).map(|s| s.expose().to_owned());
            next.key_id() == Some("test")
                && ((*uid == ra && *was == legacy && opened.as_deref() == Ok("a-secret"))
                    || (*uid == rb && *was == under_old && opened.as_deref() == Ok("b-secret")))
        })
        .times(2)
        .returning(|_, _, _| Ok(true));
    store.expect_replace_client_secret().withf(move |uid, _, _| *uid == d).times(1).returning(|_, _, _| Ok(false));
    let done = run(grove_domain::services::reseal_client_secrets(&store, &ring)).unwrap();
    assert_eq!(
        done,
        grove_domain::services::Resealed { resealed: 2, legacy_plain: 1, current: 1, changed_meanwhile: 1 }
    );

    // Without the key a secret needs, nothing is written and the answer names the key.
    let mut store = MockStore::new();
    let lost = vec![(b.clone(), ring.seal(&b, &secret("x")).unwrap())];
    store.expect_list_client_secrets().return_once(move || Ok(lost));
    store.expect_replace_client_secret().never();
    let new_only = SecretKeyring::new(vec![KeyEncryptionKey::new("newer", [9; 32]).unwrap()]).unwrap();
    let err = run(grove_domain::services::reseal_client_secrets(&store, &new_only)).unwrap_err();
    assert_eq!(
        err,
        Error::precondition(
            "SECRET_UNREADABLE",
            format!(
                "the client secret of identity provider {b} is sealed under key-encryption key \"test\", which is \
                 not configured"
            )
        )
    );
    let empty = run(grove_domain::services::reseal_client_secrets(&MockStore::new(), &SecretKeyring::default()));
    assert_eq!(empty.unwrap_err(), grove_domain::secrets::no_key_error());
}
