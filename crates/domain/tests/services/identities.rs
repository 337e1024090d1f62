//! IdentityService: the claim-match and static-key relationship rules, and what is written.

use std::collections::BTreeMap;

use grove_domain::error::{Error, FieldViolation};
use grove_domain::model::{ClaimMatch, Identity, Matcher, Relationship, StaticKeys};
use grove_domain::names::{Description, DisplayName, Pattern};
use grove_domain::services::{ClaimMatchInput, IdentityInput, RelationshipInput, StaticKeysInput};

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
        relationship: Some(RelationshipInput::ClaimMatch(cm)),
    }
}

fn static_keys(issuer_keys: &str, expiration_time: Option<String>) -> IdentityInput {
    IdentityInput {
        name: Some("laptop".to_owned()),
        description: None,
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
    let input = IdentityInput { name: Some("ci".to_owned()), description: None, relationship: None };
    assert_eq!(
        refused(input),
        Error::invalid("claimMatch", "an identity needs exactly one of claimMatch or staticKeys")
    );
}

#[test]
fn create_with_empty_body_names_every_missing_field() {
    assert_eq!(
        refused(IdentityInput::default()),
        Error::InvalidArgument(vec![
            FieldViolation::new("name", "name is required"),
            FieldViolation::new("claimMatch", "an identity needs exactly one of claimMatch or staticKeys"),
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
