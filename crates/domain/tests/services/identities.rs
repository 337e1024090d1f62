//! IdentityService: the claim-match and static-key relationship rules, and what is written.

use std::collections::BTreeMap;

use grove_domain::error::{Error, FieldViolation};
use grove_domain::model::{
    ClaimMatch, Identity, IdentityMetadata, IdentityMetadataView, Matcher, Relationship, ServicePrincipal, StaticKeys,
};
use grove_domain::names::{Company, Description, DisplayName, Pattern};
use grove_domain::services::{
    ClaimMatchField, ClaimMatchInput, ClaimMatchPatch, IdentityInput, IdentityMetadataInput, RelationshipInput,
    StaticKeysField, StaticKeysInput, StaticKeysPatch,
};

use crate::common::*;

const ISSUER: &str = "https://token.actions.githubusercontent.com";
const JWKS: &str = r#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#;

fn claim_match(issuer: Option<&str>, subject: Option<&str>) -> ClaimMatchInput {
    ClaimMatchInput {
        issuer: issuer.map(str::to_owned),
        subject: subject.map(str::to_owned),
        ..ClaimMatchInput::default()
    }
}

fn with_claim_match(cm: ClaimMatchInput) -> IdentityInput {
    IdentityInput {
        name: Some("ci".to_owned()),
        description: None,
        company: None,
        relationship: Some(RelationshipInput::ClaimMatch(cm)),
    }
}

fn static_keys(issuer_keys: &str, expiration_time: Option<String>) -> IdentityInput {
    IdentityInput {
        name: Some("laptop".to_owned()),
        description: None,
        company: None,
        relationship: Some(RelationshipInput::StaticKeys(StaticKeysInput {
            issuer: Some("https://issuer.example".to_owned()),
            subject: Some("me".to_owned()),
            issuer_keys: Some(issuer_keys.to_owned()),
            expiration_time,
            audiences: Vec::new(),
        })),
    }
}

fn no_identity_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_identity().never();
    store.expect_update_identity().never();
    store
}

/// Creates in group A as its owner and returns the error.
fn refused(input: IdentityInput) -> Error {
    let env = env(no_identity_writes());
    let a = group_a();
    run(env.services.identities.create(&bound("owner", &a), a.as_str(), input)).expect_err("the identity is refused")
}

fn rfc3339(ms: i64) -> String {
    ts(ms).to_string()
}

#[test]
fn create_without_a_relationship_is_a_violation_on_claim_match() {
    let input = IdentityInput { name: Some("ci".to_owned()), description: None, company: None, relationship: None };
    assert_eq!(
        refused(input),
        Error::invalid(
            "claimMatch",
            "an identity needs exactly one of claimMatch, staticKeys, awsIdentity or servicePrincipal"
        )
    );
}

#[test]
fn create_with_empty_body_names_every_missing_field() {
    assert_eq!(
        refused(IdentityInput::default()),
        Error::InvalidArgument(vec![
            FieldViolation::new("name", "name is required"),
            FieldViolation::new(
                "claimMatch",
                "an identity needs exactly one of claimMatch, staticKeys, awsIdentity or servicePrincipal"
            ),
        ])
    );
}

#[test]
fn create_with_issuer_and_issuer_pattern_is_a_violation_on_claim_match_issuer() {
    let cm = ClaimMatchInput { issuer_pattern: Some("https://.*".to_owned()), ..claim_match(Some(ISSUER), Some("s")) };
    assert_eq!(
        refused(with_claim_match(cm)),
        Error::invalid("claimMatch.issuer", "give only one of claimMatch.issuer and claimMatch.issuerPattern")
    );
}

#[test]
fn create_without_issuer_or_subject_names_both() {
    assert_eq!(
        refused(with_claim_match(claim_match(None, None))),
        Error::InvalidArgument(vec![
            FieldViolation::new("claimMatch.issuer", "claimMatch.issuer or claimMatch.issuerPattern is required"),
            FieldViolation::new("claimMatch.subject", "claimMatch.subject or claimMatch.subjectPattern is required"),
        ])
    );
}

#[test]
fn create_with_an_invalid_subject_pattern_is_a_violation_on_subject_pattern() {
    let cm = ClaimMatchInput { subject_pattern: Some("repo:(acme".to_owned()), ..claim_match(Some(ISSUER), None) };
    assert_eq!(
        refused(with_claim_match(cm)),
        Error::invalid("claimMatch.subjectPattern", "claimMatch.subjectPattern must be a valid regular expression")
    );
}

#[test]
fn create_with_an_invalid_claim_pattern_names_the_claim() {
    let cm = ClaimMatchInput {
        claim_patterns: BTreeMap::from([("ref".to_owned(), "[".to_owned())]),
        ..claim_match(Some(ISSUER), Some("s"))
    };
    assert_eq!(
        refused(with_claim_match(cm)),
        Error::invalid(
            "claimMatch.claimPatterns.ref",
            "claimMatch.claimPatterns.ref must be a valid regular expression"
        )
    );
}

#[test]
fn create_with_an_issuer_that_is_not_an_http_url_is_refused() {
    for issuer in [
        "ftp://issuer.example",
        "issuer.example",
        "https://",
        "https://issuer .example",
        "http://issuer.example",
        "http://10.0.0.1/",
        "http://localhost.evil.example",
    ] {
        assert_eq!(
            refused(with_claim_match(claim_match(Some(issuer), Some("s")))),
            Error::invalid(
                "claimMatch.issuer",
                "claimMatch.issuer must be an https:// URL (http:// only on a loopback host)"
            ),
            "{issuer:?}"
        );
    }
}

#[test]
fn create_with_claim_match_writes_a_child_identity_of_the_group() {
    let a = group_a();
    let expected = Identity {
        uid: nth_child(&a, 1),
        name: DisplayName::parse("name", "ci").unwrap(),
        description: Description::default(),
        relationship: Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact(ISSUER.to_owned()),
            subject: Matcher::Pattern(Pattern::parse("claimMatch.subjectPattern", "repo:acme/.*").unwrap()),
            audience: None,
            claims: BTreeMap::from([("ref".to_owned(), "refs/heads/main".to_owned())]),
            claim_patterns: BTreeMap::new(),
        }),
        company: Default::default(),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: String::new(),
        last_seen_time: None,
        create_time: ts(T0),
        update_time: ts(T0),
    };
    let mut store = MockStore::new();
    let written = expected.clone();
    store.expect_create_identity().withf(move |i, _| *i == written).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let cm = ClaimMatchInput {
        subject_pattern: Some("repo:acme/.*".to_owned()),
        claims: BTreeMap::from([("ref".to_owned(), "refs/heads/main".to_owned())]),
        ..claim_match(Some(ISSUER), None)
    };
    let created = run(env.services.identities.create(&bound("owner", &a), a.as_str(), with_claim_match(cm))).unwrap();
    assert_eq!(created, expected);
}

#[test]
fn create_accepts_an_http_issuer_for_loopback_development() {
    let mut store = MockStore::new();
    store.expect_create_identity().times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let a = group_a();
    let input = with_claim_match(claim_match(Some("http://127.0.0.1:8080"), Some("dev")));
    run(env.services.identities.create(&bound("owner", &a), a.as_str(), input)).unwrap();
}

#[test]
fn create_with_static_keys_expiring_more_than_365_days_ahead_is_refused() {
    let too_late = rfc3339(T0 + 365 * DAY_MS + 1);
    assert_eq!(
        refused(static_keys(JWKS, Some(too_late))),
        Error::invalid(
            "staticKeys.expirationTime",
            "staticKeys.expirationTime must be in the future and at most 365 days away"
        )
    );
}

#[test]
fn create_with_static_keys_expiring_in_the_past_is_refused() {
    assert_eq!(
        refused(static_keys(JWKS, Some(rfc3339(T0)))),
        Error::invalid(
            "staticKeys.expirationTime",
            "staticKeys.expirationTime must be in the future and at most 365 days away"
        )
    );
}

#[test]
fn create_with_static_keys_expiration_that_is_not_rfc3339_is_refused() {
    assert_eq!(
        refused(static_keys(JWKS, Some("next tuesday".to_owned()))),
        Error::invalid("staticKeys.expirationTime", "staticKeys.expirationTime must be an RFC 3339 timestamp")
    );
}

#[test]
fn create_with_static_keys_without_expiration_expires_in_365_days() {
    let mut store = MockStore::new();
    store
        .expect_create_identity()
        .withf(|i, _| {
            i.relationship
                == Relationship::StaticKeys(StaticKeys {
                    issuer: "https://issuer.example".to_owned(),
                    subject: "me".to_owned(),
                    issuer_keys: JWKS.to_owned(),
                    expiration_time: ts(T0 + 365 * DAY_MS),
                    audiences: Vec::new(),
                })
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let a = group_a();
    run(env.services.identities.create(&bound("owner", &a), a.as_str(), static_keys(JWKS, None))).unwrap();
}

#[test]
fn create_with_static_keys_expiring_exactly_365_days_ahead_is_accepted() {
    let mut store = MockStore::new();
    store.expect_create_identity().times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let a = group_a();
    let input = static_keys(JWKS, Some(rfc3339(T0 + 365 * DAY_MS)));
    run(env.services.identities.create(&bound("owner", &a), a.as_str(), input)).unwrap();
}

#[test]
fn create_with_issuer_keys_that_are_not_a_jwks_is_refused() {
    for keys in ["", "not json", r#"{"kty":"OKP"}"#, r#"{"keys":[]}"#, r#"{"keys":"x"}"#, "[1,2]"] {
        assert_eq!(
            refused(static_keys(keys, None)),
            Error::invalid(
                "staticKeys.issuerKeys",
                "staticKeys.issuerKeys must be a JWKS document with at least one key"
            ),
            "{keys:?}"
        );
    }
}

#[test]
fn create_without_identity_create_is_permission_denied() {
    let env = env(no_identity_writes());
    let a = group_a();
    let input = with_claim_match(claim_match(Some(ISSUER), Some("s")));
    let err = run(env.services.identities.create(&bound("editor", &a), a.as_str(), input)).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks identity.create on {a}")));
}

#[test]
fn update_changes_only_the_given_fields_and_bumps_update_time() {
    let uid = child(&group_a(), "0000000000000009");
    let stored = identity(&uid, "ci");
    let mut expected = stored.clone();
    expected.description = Description::parse("description", "deploys main").unwrap();
    expected.update_time = ts(T0);
    let mut store = MockStore::new();
    let found = stored.clone();
    store.expect_get_identity().times(1).returning(move |_| Ok(Some(found.clone())));
    let written = expected.clone();
    store.expect_update_identity().withf(move |i, _| *i == written).times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let input = IdentityInput { description: Some("deploys main".to_owned()), ..IdentityInput::default() };
    let updated = run(env.services.identities.update(&bound("owner", &org()), uid.as_str(), input)).unwrap();
    assert_eq!(updated, expected);
}

#[test]
fn delete_passes_store_not_found_through() {
    let uid = child(&group_a(), "0000000000000009");
    let mut store = MockStore::new();
    let missing = Error::NotFound(format!("identity {uid} does not exist"));
    let returned = missing.clone();
    store.expect_delete_identity().times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    assert_eq!(run(env.services.identities.delete(&bound("owner", &org()), uid.as_str())).unwrap_err(), missing);
}

/// Runs an update of the stored `stored` with `input` as group A's owner; the store expects
/// exactly one write of `expected` when it is `Some`, none otherwise.
fn update_of(stored: Identity, input: IdentityInput, expected: Option<Identity>) -> Result<Identity, Error> {
    let uid = stored.uid.clone();
    let mut store = MockStore::new();
    store.expect_get_identity().returning(move |_| Ok(Some(stored.clone())));
    match expected {
        Some(expected) => {
            store.expect_update_identity().withf(move |i, _| *i == expected).times(1).returning(|_, _| Ok(()));
        }
        None => {
            store.expect_update_identity().never();
        }
    }
    let env = env(store);
    run(env.services.identities.update(&bound("owner", &org()), uid.as_str(), input))
}

fn fields(fields: &[ClaimMatchField], values: ClaimMatchInput) -> IdentityInput {
    IdentityInput {
        relationship: Some(RelationshipInput::ClaimMatchFields(ClaimMatchPatch { fields: fields.to_vec(), values })),
        ..IdentityInput::default()
    }
}

#[test]
fn update_of_claim_match_subject_pattern_alone_keeps_issuer_audience_and_claims() {
    let mut stored = identity(&child(&group_a(), "0000000000000009"), "ci");
    if let Relationship::ClaimMatch(cm) = &mut stored.relationship {
        cm.audience = Some(Matcher::Exact("grove".to_owned()));
        cm.claims.insert("ref".to_owned(), "refs/heads/main".to_owned());
    }
    let mut expected = stored.clone();
    if let Relationship::ClaimMatch(cm) = &mut expected.relationship {
        cm.subject = Matcher::Pattern(Pattern::parse("p", "repo:acme/.*").unwrap());
    }
    expected.update_time = ts(T0);
    let values = ClaimMatchInput { subject_pattern: Some("repo:acme/.*".to_owned()), ..ClaimMatchInput::default() };
    let updated = update_of(stored, fields(&[ClaimMatchField::SubjectPattern], values), Some(expected.clone()));
    assert_eq!(updated, Ok(expected));
}

#[test]
fn update_clearing_the_only_subject_field_names_the_missing_subject() {
    let stored = identity(&child(&group_a(), "0000000000000009"), "ci");
    let err = update_of(stored, fields(&[ClaimMatchField::Subject], ClaimMatchInput::default()), None);
    assert_eq!(
        err,
        Err(Error::invalid("claimMatch.subject", "claimMatch.subject or claimMatch.subjectPattern is required"))
    );
}

#[test]
fn update_of_claim_match_fields_of_a_static_keys_identity_is_invalid_on_update_mask() {
    let mut stored = identity(&child(&group_a(), "0000000000000009"), "laptop");
    stored.relationship = Relationship::StaticKeys(StaticKeys {
        issuer: "https://issuer.example".to_owned(),
        subject: "me".to_owned(),
        issuer_keys: JWKS.to_owned(),
        expiration_time: ts(T0 + DAY_MS),
        audiences: Vec::new(),
    });
    let values = ClaimMatchInput { subject: Some("me".to_owned()), ..ClaimMatchInput::default() };
    let err = update_of(stored, fields(&[ClaimMatchField::Subject], values), None);
    assert_eq!(
        err,
        Err(Error::invalid(
            "update_mask",
            "the identity has no claimMatch to change fields of; send the whole claimMatch"
        ))
    );
}

#[test]
fn update_of_company_changes_it_and_an_unreadable_company_is_refused() {
    let stored = identity(&child(&group_a(), "0000000000000009"), "ci");
    let mut expected = stored.clone();
    expected.company = Company::parse("company", "Acme Corp.").unwrap();
    expected.update_time = ts(T0);
    let input = IdentityInput { company: Some("Acme Corp.".to_owned()), ..IdentityInput::default() };
    assert_eq!(update_of(stored.clone(), input, Some(expected.clone())), Ok(expected));
    let input = IdentityInput { company: Some("x".repeat(129)), ..IdentityInput::default() };
    assert_eq!(
        update_of(stored, input, None),
        Err(Error::invalid("company", "company must be at most 128 characters"))
    );
}

#[test]
fn create_with_a_service_principal_by_name_or_number_stores_it() {
    for sent in ["SERVICE_PRINCIPAL_CATALOG_SYNCER", "CATALOG_SYNCER", "3"] {
        let mut store = MockStore::new();
        store
            .expect_create_identity()
            .withf(|i, _| i.relationship == Relationship::ServicePrincipal(ServicePrincipal::CatalogSyncer))
            .times(1)
            .returning(|_, _| Ok(()));
        let env = env(store);
        let a = group_a();
        let input = IdentityInput {
            name: Some("syncer".to_owned()),
            relationship: Some(RelationshipInput::ServicePrincipal(sent.to_owned())),
            ..IdentityInput::default()
        };
        let created = run(env.services.identities.create(&bound("owner", &a), a.as_str(), input)).unwrap();
        assert_eq!(created.relationship, Relationship::ServicePrincipal(ServicePrincipal::CatalogSyncer), "{sent}");
    }
}

#[test]
fn create_with_an_unknown_service_principal_is_refused_naming_it() {
    for sent in ["SERVICE_PRINCIPAL_UNSPECIFIED", "0", "14", "JANITOR"] {
        let input = IdentityInput {
            name: Some("syncer".to_owned()),
            relationship: Some(RelationshipInput::ServicePrincipal(sent.to_owned())),
            ..IdentityInput::default()
        };
        assert_eq!(
            refused(input),
            Error::invalid("servicePrincipal", format!("servicePrincipal {sent:?} names no service principal"))
        );
    }
}

#[test]
fn a_sighting_within_a_minute_of_the_recorded_one_with_no_new_email_changes_nothing() {
    use grove_domain::model::{Seen, SeenEmail, LAST_SEEN_PRECISION_MS};
    use grove_domain::time::Timestamp;
    use grove_domain::Uidp;
    let mut identity = identity(&Uidp::random_root().random_child(), "ci");
    let at = |ms: i64| Timestamp::from_unix_millis(1_795_000_000_000 + ms).expect("in range");
    let seen = |ms: i64, email: Option<(&str, bool)>| Seen {
        at: at(ms),
        email: email.map(|(address, verified)| SeenEmail {
            address: address.to_owned(),
            verified,
            voucher: grove_domain::model::EmailVoucher::DefaultProvider,
        }),
    };
    assert!(identity.is_changed_by(&seen(0, None)), "never seen before");
    identity.record_seen(&seen(0, Some(("ci@acme.dev", true))));

    assert!(!identity.is_changed_by(&seen(LAST_SEEN_PRECISION_MS - 1, None)));
    assert!(!identity.is_changed_by(&seen(LAST_SEEN_PRECISION_MS - 1, Some(("ci@acme.dev", true)))));
    assert!(identity.is_changed_by(&seen(LAST_SEEN_PRECISION_MS, None)), "a minute later");
    assert!(identity.is_changed_by(&seen(1, Some(("ci@acme.dev", false)))), "the same address, now unverified");
    assert!(identity.is_changed_by(&seen(1, Some(("bot@acme.dev", true)))), "another address");
    assert!(!identity.is_changed_by(&seen(-5_000, None)), "a clock a little behind the recorded time");
}

fn static_keys_identity(uid: &grove_domain::Uidp) -> Identity {
    let mut stored = identity(uid, "laptop");
    stored.relationship = Relationship::StaticKeys(StaticKeys {
        issuer: "https://issuer.example".to_owned(),
        subject: "me".to_owned(),
        issuer_keys: JWKS.to_owned(),
        expiration_time: ts(T0 + DAY_MS),
        audiences: vec!["grove".to_owned()],
    });
    stored
}

fn static_fields(fields: &[StaticKeysField], values: StaticKeysInput) -> IdentityInput {
    IdentityInput {
        relationship: Some(RelationshipInput::StaticKeysFields(StaticKeysPatch { fields: fields.to_vec(), values })),
        ..IdentityInput::default()
    }
}

#[test]
fn update_of_static_keys_subject_alone_keeps_issuer_keys_expiration_and_audiences() {
    let stored = static_keys_identity(&child(&group_a(), "0000000000000009"));
    let mut expected = stored.clone();
    if let Relationship::StaticKeys(sk) = &mut expected.relationship {
        sk.subject = "someone-else".to_owned();
    }
    expected.update_time = ts(T0);
    let values = StaticKeysInput { subject: Some("someone-else".to_owned()), ..StaticKeysInput::default() };
    let updated = update_of(stored, static_fields(&[StaticKeysField::Subject], values), Some(expected.clone()));
    assert_eq!(updated, Ok(expected));
}

#[test]
fn update_clearing_static_keys_expiration_sets_the_default_of_365_days_from_now() {
    let stored = static_keys_identity(&child(&group_a(), "0000000000000009"));
    let mut expected = stored.clone();
    if let Relationship::StaticKeys(sk) = &mut expected.relationship {
        sk.expiration_time = ts(T0 + 365 * DAY_MS);
        sk.audiences = Vec::new();
    }
    expected.update_time = ts(T0);
    let cleared =
        static_fields(&[StaticKeysField::ExpirationTime, StaticKeysField::Audiences], StaticKeysInput::default());
    assert_eq!(update_of(stored, cleared, Some(expected.clone())), Ok(expected));
}

#[test]
fn update_of_static_keys_fields_of_a_claim_match_identity_is_invalid_on_update_mask() {
    let stored = identity(&child(&group_a(), "0000000000000009"), "ci");
    let values = StaticKeysInput { subject: Some("me".to_owned()), ..StaticKeysInput::default() };
    let err = update_of(stored, static_fields(&[StaticKeysField::Subject], values), None);
    assert_eq!(
        err,
        Err(Error::invalid(
            "update_mask",
            "the identity has no staticKeys to change fields of; send the whole staticKeys"
        ))
    );
}

#[test]
fn update_of_static_keys_issuer_keys_to_no_jwks_is_refused_and_writes_nothing() {
    let stored = static_keys_identity(&child(&group_a(), "0000000000000009"));
    let values = StaticKeysInput { issuer_keys: Some("{}".to_owned()), ..StaticKeysInput::default() };
    let err = update_of(stored, static_fields(&[StaticKeysField::IssuerKeys], values), None);
    assert_eq!(
        err,
        Err(Error::invalid(
            "staticKeys.issuerKeys",
            "staticKeys.issuerKeys must be a JWKS document with at least one key"
        ))
    );
}

#[test]
fn a_static_keys_mask_path_in_either_spelling_names_its_field_and_an_unknown_one_is_refused() {
    assert_eq!(StaticKeysField::from_mask_path("static_keys.issuer_keys"), Ok(Some(StaticKeysField::IssuerKeys)));
    assert_eq!(StaticKeysField::from_mask_path("staticKeys.expirationTime"), Ok(Some(StaticKeysField::ExpirationTime)));
    assert_eq!(StaticKeysField::from_mask_path("name"), Ok(None));
    assert_eq!(
        StaticKeysField::from_mask_path("static_keys.keys"),
        Err(Error::invalid(
            "update_mask",
            "update_mask path \"static_keys.keys\" is not a field of staticKeys; use one of staticKeys.issuer, \
             staticKeys.subject, staticKeys.issuerKeys, staticKeys.expirationTime, staticKeys.audiences"
        ))
    );
}

// --- UpdateIdentityMetadata ------------------------------------------------------------

/// A store holding `stored` with `metadata`, expecting exactly one metadata write of `expected`
/// (or none).
fn metadata_store(stored: Identity, metadata: IdentityMetadata, expected: Option<IdentityMetadataView>) -> MockStore {
    let mut store = MockStore::new();
    store.expect_get_identity().returning(move |_| Ok(Some(stored.clone())));
    store.expect_get_identity_metadata().returning(move |_| Ok(Some(metadata.clone())));
    match expected {
        Some(expected) => {
            store
                .expect_put_identity_metadata()
                .withf(move |v, e| {
                    *v == expected
                        && e.event_type == grove_domain::events::EventType::IdentityMetadataUpdated
                        && e.subject == expected.uid
                })
                .times(1)
                .returning(|_, _| Ok(()));
        }
        None => {
            store.expect_put_identity_metadata().never();
        }
    }
    store
}

#[test]
fn update_metadata_changes_the_given_fields_of_the_callers_own_identity_and_passes_hubspot_utk_on() {
    let me = caller_uid();
    let stored = identity(&me, "ci");
    let before = IdentityMetadata {
        job_title: "engineer".to_owned(),
        utm_source: "newsletter".to_owned(),
        ..IdentityMetadata::default()
    };
    let mut after = before.clone();
    after.job_title = "staff engineer".to_owned();
    after.company = Company::parse("company", "Acme").unwrap();
    after.updates_opt_in = true;
    let expected = IdentityMetadataView {
        uid: me.clone(),
        name: "ci".to_owned(),
        metadata: after,
        hubspot_utk: "utk-1".to_owned(),
    };
    let env = env(metadata_store(stored, before, Some(expected.clone())));
    let input = IdentityMetadataInput {
        job_title: Some("staff engineer".to_owned()),
        company: Some("Acme".to_owned()),
        updates_opt_in: Some(true),
        hubspot_utk: Some("utk-1".to_owned()),
        ..IdentityMetadataInput::default()
    };
    // A caller with no binding at all may change its own metadata.
    assert_eq!(run(env.services.identities.update_metadata(&nobody(), input)), Ok(expected));
}

#[test]
fn update_metadata_with_unreadable_or_too_long_texts_names_each_field_and_writes_nothing() {
    let env = env(metadata_store(identity(&caller_uid(), "ci"), IdentityMetadata::default(), None));
    let input = IdentityMetadataInput {
        product: Some("a\nb".to_owned()),
        utm_term: Some("x".repeat(257)),
        latest_form_submit_url: Some(format!("https://example.com/{}", "x".repeat(2048))),
        ..IdentityMetadataInput::default()
    };
    assert_eq!(
        run(env.services.identities.update_metadata(&nobody(), input)),
        Err(Error::InvalidArgument(vec![
            FieldViolation::new(
                "identityMetadata.product",
                "identityMetadata.product must not contain control characters (found U+000A)"
            ),
            FieldViolation::new("identityMetadata.utmTerm", "identityMetadata.utmTerm must be at most 256 characters"),
            FieldViolation::new(
                "identityMetadata.latestFormSubmitUrl",
                "identityMetadata.latestFormSubmitUrl must be at most 2048 characters"
            ),
        ]))
    );
}

#[test]
fn update_metadata_of_an_identity_that_no_longer_exists_is_not_found() {
    let mut store = MockStore::new();
    store.expect_get_identity().returning(|_| Ok(None));
    store.expect_put_identity_metadata().never();
    let env = env(store);
    let err = run(env.services.identities.update_metadata(&nobody(), IdentityMetadataInput::default())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("identity {} does not exist", caller_uid())));
}
