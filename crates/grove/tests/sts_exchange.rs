//! Token exchange over HTTP: a workload's OIDC token from a test issuer on loopback becomes
//! an API token that acts exactly within the identity's bindings; every token that should not
//! be exchanged is refused with the right status and code, and nothing is minted.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use grove_domain::model::{Identity, Relationship, ServicePrincipal, StaticKeys};
use grove_domain::names::{Description, DisplayName};
use grove_domain::{Timestamp, Uidp};
use grove_sts::SigningKey;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Method;
use serde_json::{json, Value};
use sts_support::{now, Options, Reply, Signer, TestGrove, TestIssuer};

const SUBJECT: &str = "repo:acme/app:ref:refs/heads/main";
const DENIED: &str = "Permission denied: the presented token may not assume the requested identity";

/// An organization with groups `a` and `b`, a test issuer, and a workload identity in `a`
/// that the issuer's tokens for [`SUBJECT`] may assume, bound as `viewer` in `a`.
struct World {
    grove: TestGrove,
    issuer: TestIssuer,
    signer: Signer,
    a: String,
    b: String,
    workload: String,
}

async fn world() -> World {
    world_with(Options::default()).await
}

async fn world_with(options: Options) -> World {
    let grove = TestGrove::start(options).await;
    let signer = Signer::es256("es-1");
    let issuer = TestIssuer::start(&[&signer]).await;
    let a = grove.group(&grove.org, "a").await;
    let b = grove.group(&grove.org, "b").await;
    let workload = grove.workload(&a, "deployer", &issuer.url, SUBJECT).await;
    grove.bind(&a, &workload, "viewer").await;
    World { grove, issuer, signer, a, b, workload }
}

impl World {
    fn token(&self) -> String {
        self.signer.sign(&self.claims())
    }

    fn claims(&self) -> Value {
        self.issuer.claims(SUBJECT, &self.grove.url)
    }

    async fn exchange(&self, token: &str) -> Reply {
        self.exchange_for(token, &self.workload).await
    }

    async fn exchange_for(&self, token: &str, identity: &str) -> Reply {
        self.grove.exchange(Some(token), &[("aud", &self.grove.url), ("identity", identity)]).await
    }

    async fn exchanged(&self, params: &[(&str, &str)]) -> String {
        let reply = self.grove.exchange(Some(&self.token()), params).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Asserts the refusal and that the identity was not marked as seen (nothing minted).
    async fn assert_refused(&self, reply: &Reply, status: u16, reason: &str) {
        assert_eq!(reply.status, status, "{}", reply.body);
        assert_eq!(reply.body["details"][0]["reason"], reason, "{}", reply.body);
        assert_eq!(reply.body["code"], code_number(reason));
        assert!(reply.body.get("token").is_none(), "{}", reply.body);
        assert!(
            self.grove.identity(&self.workload).await.get("lastSeenTime").is_none(),
            "the identity was marked seen"
        );
    }

    async fn assert_denied(&self, reply: &Reply) {
        self.assert_refused(reply, 403, "PERMISSION_DENIED").await;
        assert_eq!(reply.body["message"], DENIED);
    }
}

fn code_number(reason: &str) -> i64 {
    match reason {
        "INVALID_ARGUMENT" => 3,
        "PERMISSION_DENIED" => 7,
        "UNAUTHENTICATED" => 16,
        other => panic!("unexpected reason {other}"),
    }
}

fn b64(v: &Value) -> String {
    URL_SAFE_NO_PAD.encode(v.to_string())
}

// --- the happy path -------------------------------------------------------------------------

#[tokio::test]
async fn workload_exchanges_its_oidc_token_and_acts_exactly_within_its_bindings() {
    let w = world().await;
    let reply = w.exchange(&w.token()).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let keys: Vec<&String> = reply.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["token", "expiry"]);
    let expiry = Timestamp::parse_rfc3339(reply.body["expiry"].as_str().unwrap()).unwrap();
    let lifetime = expiry.unix_millis() / 1000 - now();
    assert!((3590..=3600).contains(&lifetime), "lifetime {lifetime}s");
    let token = reply.body["token"].as_str().unwrap();

    let get_a = w.grove.call(token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.a), None).await;
    assert_eq!(get_a.status, 200, "{}", get_a.body);
    let listed = w
        .grove
        .call(token, Method::GET, &format!("/iam/v2beta1/groups?uidp.descendants_of={}", w.grove.org), None)
        .await;
    assert_eq!(listed.status, 200);
    let uids: Vec<&str> =
        listed.body["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap()).collect();
    assert_eq!(uids, [w.a.as_str()]);

    let create_in_a = w
        .grove
        .call(token, Method::POST, &format!("/iam/v2beta1/groups/{}", w.a), Some(json!({"name": "child"})))
        .await;
    assert_eq!(create_in_a.status, 403, "{}", create_in_a.body);
    assert_eq!(create_in_a.body["details"][0]["reason"], "PERMISSION_DENIED");
    let get_b = w.grove.call(token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.b), None).await;
    assert_eq!(get_b.status, 404, "outside its bindings a group answers as if it did not exist: {}", get_b.body);

    let seen = w.grove.identity(&w.workload).await["lastSeenTime"].as_str().map(str::to_owned);
    let seen = Timestamp::parse_rfc3339(&seen.expect("lastSeenTime is recorded")).unwrap();
    assert!((seen.unix_millis() / 1000 - now()).abs() <= 5);
}

#[tokio::test]
async fn form_post_exchanges_like_get() {
    let w = world().await;
    let reply = w.grove.exchange_form(&w.token(), &[("aud", &w.grove.url), ("identity", &w.workload)]).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let token = reply.body["token"].as_str().unwrap();
    assert_eq!(w.grove.call(token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.a), None).await.status, 200);
}

#[tokio::test]
async fn tokens_signed_with_each_accepted_algorithm_are_exchanged() {
    let w = world().await;
    let signers = [
        Signer::rsa("rsa-rs256", Algorithm::RS256),
        Signer::rsa("rsa-ps256", Algorithm::PS256),
        Signer::es384("es-384"),
        Signer::ed25519("ed-1"),
    ];
    for signer in &signers {
        w.issuer.publish(signer);
    }
    for signer in signers.iter().chain(std::iter::once(&w.signer)) {
        let reply = w.exchange(&signer.sign(&w.claims())).await;
        assert_eq!(reply.status, 200, "{:?}: {}", signer.alg, reply.body);
    }
}

#[tokio::test]
async fn identity_audience_pattern_and_extra_claims_are_matched() {
    let w = world().await;
    let body = json!({
        "name": "strict",
        "claimMatch": {
            "issuer": w.issuer.url, "subjectPattern": "repo:acme/[a-z]+:ref:refs/heads/main",
            "audiencePattern": "sts\\.grove\\.(test|dev)",
            "claims": {"repository_owner": "acme"}, "claimPatterns": {"workflow": "deploy-.*"},
        },
    });
    let strict = w.grove.create(&format!("/iam/v2beta1/identities/{}", w.a), body).await;
    let mut claims = w.issuer.claims(SUBJECT, "sts.grove.dev");
    claims["repository_owner"] = json!("acme");
    claims["workflow"] = json!("deploy-prod");
    assert_eq!(w.exchange_for(&w.signer.sign(&claims), &strict).await.status, 200);
    for (claim, value) in
        [("workflow", json!("build")), ("repository_owner", json!("evil")), ("aud", json!("sts.grove.com"))]
    {
        let mut spoiled = claims.clone();
        spoiled[claim] = value;
        let reply = w.exchange_for(&w.signer.sign(&spoiled), &strict).await;
        let message = match claim {
            "aud" => format!(
                "{DENIED}: the token's audience [\"sts.grove.com\"] is not the expected audience one matching \
                 \"sts\\\\.grove\\\\.(test|dev)\""
            ),
            _ => DENIED.to_owned(),
        };
        assert_eq!((reply.status, &reply.body["message"]), (403, &json!(message)), "{claim}");
    }
}

#[tokio::test]
async fn static_keys_identity_exchanges_with_its_stored_jwks_without_fetching() {
    let w = world().await;
    let issuer = "https://static.issuer.invalid";
    let body = json!({
        "name": "static",
        "staticKeys": {"issuer": issuer, "subject": "ci", "issuerKeys": json!({"keys": [w.signer.jwk]}).to_string()},
    });
    let identity = w.grove.create(&format!("/iam/v2beta1/identities/{}", w.a), body).await;
    let claims = json!({"iss": issuer, "sub": "ci", "aud": w.grove.url, "iat": now(), "exp": now() + 300});
    let reply = w.exchange_for(&w.signer.sign(&claims), &identity).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(w.issuer.discovery_hits(), 0);
}

// --- narrowing ------------------------------------------------------------------------------

#[tokio::test]
async fn token_narrowed_to_a_scope_and_capabilities_can_do_less_than_the_identity() {
    let w = world().await;
    w.grove.bind(&w.grove.org, &w.workload, "editor").await;
    let base = [("aud", w.grove.url.as_str()), ("identity", w.workload.as_str())];
    let full = w.exchanged(&base).await;
    let narrow = w.exchanged(&[base[0], base[1], ("scopes", &w.a), ("cap", "groups.list"), ("cap", "repo.list")]).await;
    let create_repo = |token: String, name: &'static str| {
        let (grove, path) = (&w.grove, format!("/registry/v2beta1/repos/{}", w.a));
        async move { grove.call(&token, Method::POST, &path, Some(json!({ "name": name }))).await.status }
    };
    assert_eq!(create_repo(full.clone(), "by-editor").await, 200);
    assert_eq!(create_repo(narrow.clone(), "by-narrowed").await, 403);
    let get_group = |token: String, group: String| {
        let grove = &w.grove;
        async move { grove.call(&token, Method::GET, &format!("/iam/v2beta1/groups/{group}"), None).await.status }
    };
    assert_eq!(get_group(full.clone(), w.b.clone()).await, 200);
    assert_eq!(get_group(narrow.clone(), w.a.clone()).await, 200);
    assert_eq!(get_group(narrow, w.b.clone()).await, 404, "outside the scope");
}

#[tokio::test]
async fn capabilities_beyond_the_bindings_are_not_granted() {
    let w = world().await;
    let params = [("aud", w.grove.url.as_str()), ("identity", &w.workload), ("cap", "groups.list,groups.create")];
    let token = w.exchanged(&params).await;
    let reply =
        w.grove.call(&token, Method::POST, &format!("/iam/v2beta1/groups/{}", w.a), Some(json!({"name": "x"}))).await;
    assert_eq!(reply.status, 403, "{}", reply.body);
}

#[tokio::test]
async fn unknown_capability_or_malformed_scope_is_invalid_argument() {
    let w = world().await;
    for (param, value) in [("cap", "repo.fly"), ("scopes", "not-a-uid")] {
        let reply = w
            .grove
            .exchange(Some(&w.token()), &[("aud", &w.grove.url), ("identity", &w.workload), (param, value)])
            .await;
        w.assert_refused(&reply, 400, "INVALID_ARGUMENT").await;
        assert_eq!(reply.body["details"][1]["fieldViolations"][0]["field"], param);
    }
}

// --- the negative matrix --------------------------------------------------------------------

#[tokio::test]
async fn token_from_another_issuer_is_denied_before_anything_is_fetched() {
    let w = world().await;
    let stranger = Signer::es256("stranger");
    let other = TestIssuer::start(&[&stranger]).await;
    let token = stranger.sign(&other.claims(SUBJECT, &w.grove.url));
    w.assert_denied(&w.exchange(&token).await).await;
    assert_eq!((other.discovery_hits(), w.issuer.discovery_hits()), (0, 0));
}

#[tokio::test]
async fn token_for_another_subject_is_denied() {
    let w = world().await;
    let token = w.signer.sign(&w.issuer.claims("repo:acme/app:ref:refs/heads/feature", &w.grove.url));
    w.assert_denied(&w.exchange(&token).await).await;
}

#[tokio::test]
async fn token_for_another_audience_is_denied_naming_the_expected_audience() {
    let w = world().await;
    let token = w.signer.sign(&w.issuer.claims(SUBJECT, "https://someone-else.example"));
    let reply = w.exchange(&token).await;
    w.assert_refused(&reply, 403, "PERMISSION_DENIED").await;
    // Issuer and subject matched: the token's holder is told which audience to ask for.
    assert_eq!(
        reply.body["message"],
        format!(
            "{DENIED}: the token's audience [\"https://someone-else.example\"] is not the expected audience \"{}\"",
            w.grove.url
        )
    );
}

#[tokio::test]
async fn expired_token_is_unauthenticated() {
    let w = world().await;
    let mut claims = w.claims();
    claims["iat"] = json!(now() - 900);
    claims["nbf"] = json!(now() - 900);
    claims["exp"] = json!(now() - 61);
    let reply = w.exchange(&w.signer.sign(&claims)).await;
    w.assert_refused(&reply, 401, "UNAUTHENTICATED").await;
    assert_eq!(reply.body["message"], "Unauthenticated: the identity token has expired");
}

#[tokio::test]
async fn token_not_yet_valid_is_unauthenticated() {
    let w = world().await;
    let mut claims = w.claims();
    claims["nbf"] = json!(now() + 300);
    let reply = w.exchange(&w.signer.sign(&claims)).await;
    w.assert_refused(&reply, 401, "UNAUTHENTICATED").await;
    assert_eq!(reply.body["message"], "Unauthenticated: the identity token is not valid yet");
}

#[tokio::test]
async fn unsigned_alg_none_token_is_unauthenticated() {
    let w = world().await;
    let token = format!("{}.{}.", b64(&json!({"alg": "none", "kid": w.signer.kid})), b64(&w.claims()));
    w.assert_refused(&w.exchange(&token).await, 401, "UNAUTHENTICATED").await;
    let with_junk = format!("{}.{}.c2ln", b64(&json!({"alg": "none", "kid": w.signer.kid})), b64(&w.claims()));
    w.assert_refused(&w.exchange(&with_junk).await, 401, "UNAUTHENTICATED").await;
}

#[tokio::test]
async fn hs256_token_keyed_with_the_issuers_public_key_is_unauthenticated() {
    let w = world().await;
    let rsa = Signer::rsa("rsa-rs256", Algorithm::RS256);
    w.issuer.publish(&rsa);
    let secrets = [Signer::rsa_public_der(), rsa.jwk.to_string().into_bytes(), w.signer.jwk.to_string().into_bytes()];
    for (secret, kid) in secrets.iter().zip(["rsa-rs256", "rsa-rs256", "es-1"]) {
        let header = Header { kid: Some(kid.to_owned()), ..Header::new(Algorithm::HS256) };
        let token = jsonwebtoken::encode(&header, &w.claims(), &EncodingKey::from_secret(secret)).unwrap();
        w.assert_refused(&w.exchange(&token).await, 401, "UNAUTHENTICATED").await;
    }
}

#[tokio::test]
async fn token_signed_with_an_unpublished_key_is_unauthenticated() {
    let w = world().await;
    let ghost = Signer::es256("ghost");
    let reply = w.exchange(&ghost.sign(&w.claims())).await;
    w.assert_refused(&reply, 401, "UNAUTHENTICATED").await;
    assert_eq!(
        reply.body["message"],
        "Unauthenticated: the identity token is signed with a key its issuer does not publish"
    );
    // The same stranger key under a published kid fails on the signature instead.
    let impostor = Signer::es256(&w.signer.kid);
    w.assert_refused(&w.exchange(&impostor.sign(&w.claims())).await, 401, "UNAUTHENTICATED").await;
}

#[tokio::test]
async fn token_with_a_tampered_signature_or_payload_is_unauthenticated() {
    let w = world().await;
    let token = w.token();
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let flipped = if signature.starts_with('A') { "B" } else { "A" };
    w.assert_refused(&w.exchange(&format!("{signed}.{flipped}{}", &signature[1..])).await, 401, "UNAUTHENTICATED")
        .await;
    let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
    let mut claims = w.claims();
    claims["exp"] = json!(now() + 86_400 * 365);
    parts[1] = b64(&claims);
    w.assert_refused(&w.exchange(&parts.join(".")).await, 401, "UNAUTHENTICATED").await;
}

#[tokio::test]
async fn token_of_one_identity_cannot_assume_another() {
    let w = world().await;
    let other = w.grove.workload(&w.a, "other", &w.issuer.url, "repo:acme/other:ref:refs/heads/main").await;
    w.assert_denied(&w.exchange_for(&w.token(), &other).await).await;
    assert!(w.grove.identity(&other).await.get("lastSeenTime").is_none());
}

#[tokio::test]
async fn identity_that_does_not_exist_is_denied_with_the_same_answer_as_a_mismatch() {
    let w = world().await;
    let missing = Uidp::parse(&w.a).unwrap().random_child().to_string();
    let absent = w.exchange_for(&w.token(), &missing).await;
    w.assert_denied(&absent).await;
    let wrong_subject = w.exchange(&w.signer.sign(&w.issuer.claims("someone-else", &w.grove.url))).await;
    assert_eq!(absent.body, wrong_subject.body);
}

#[tokio::test]
async fn static_keys_past_their_expiration_are_denied() {
    let w = world().await;
    let issuer = "https://static.issuer.invalid";
    let created = Timestamp::from_unix_millis((now() - 7200) * 1000).unwrap();
    let identity = Identity {
        uid: Uidp::parse(&w.a).unwrap().random_child(),
        name: DisplayName::parse("name", "expired-static").unwrap(),
        description: Description::parse("description", "").unwrap(),
        relationship: Relationship::StaticKeys(StaticKeys {
            issuer: issuer.to_owned(),
            subject: "ci".to_owned(),
            issuer_keys: json!({"keys": [w.signer.jwk]}).to_string(),
            expiration_time: Timestamp::from_unix_millis((now() - 60) * 1000).unwrap(),
            audiences: Vec::new(),
        }),
        company: Default::default(),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: String::new(),
        last_seen_time: None,
        create_time: created,
        update_time: created,
    };
    w.grove.store.create_identity(&identity, &ev()).await.unwrap();
    let claims = json!({"iss": issuer, "sub": "ci", "aud": w.grove.url, "iat": now(), "exp": now() + 300});
    w.assert_denied(&w.exchange_for(&w.signer.sign(&claims), identity.uid.as_str()).await).await;
}

#[tokio::test]
async fn audience_other_than_the_base_url_is_invalid_argument() {
    let w = world().await;
    for aud in ["https://elsewhere.example", ""] {
        let reply = w.grove.exchange(Some(&w.token()), &[("aud", aud), ("identity", &w.workload)]).await;
        w.assert_refused(&reply, 400, "INVALID_ARGUMENT").await;
        assert_eq!(reply.body["details"][1]["fieldViolations"][0]["field"], "aud");
    }
    let both =
        w.grove.exchange(Some(&w.token()), &[("aud", &w.grove.url), ("aud", "x"), ("identity", &w.workload)]).await;
    w.assert_refused(&both, 400, "INVALID_ARGUMENT").await;
}

#[tokio::test]
async fn missing_or_malformed_bearer_is_unauthenticated() {
    let w = world().await;
    let params = [("aud", w.grove.url.as_str()), ("identity", w.workload.as_str())];
    w.assert_refused(&w.grove.exchange(None, &params).await, 401, "UNAUTHENTICATED").await;
    w.assert_refused(&w.grove.exchange(Some("not-a-jwt"), &params).await, 401, "UNAUTHENTICATED").await;
}

#[tokio::test]
async fn issuer_whose_discovery_names_another_issuer_is_unauthenticated() {
    let w = world().await;
    w.issuer.claim_to_be("https://evil.example");
    w.assert_refused(&w.exchange(&w.token()).await, 401, "UNAUTHENTICATED").await;
    assert_eq!(w.issuer.jwks_hits(), 0, "keys are not fetched from an issuer that misnames itself");
}

#[tokio::test]
async fn loopback_issuers_are_refused_unless_the_server_allows_them() {
    let w = world_with(Options { allow_loopback_issuers: false, ..Options::default() }).await;
    w.assert_refused(&w.exchange(&w.token()).await, 401, "UNAUTHENTICATED").await;
    assert_eq!(w.issuer.discovery_hits(), 0);
}

// --- the JWKS cache -------------------------------------------------------------------------

#[tokio::test]
async fn unknown_kid_refetches_keys_at_most_once_per_interval() {
    let w = world_with(Options { refetch_interval_seconds: 3, ..Options::default() }).await;
    assert_eq!(w.exchange(&w.token()).await.status, 200);
    assert_eq!(w.exchange(&w.token()).await.status, 200);
    assert_eq!((w.issuer.discovery_hits(), w.issuer.jwks_hits()), (1, 1), "keys are cached");

    let rotated = Signer::es256("es-2");
    w.issuer.publish(&rotated);
    let early = w.exchange(&rotated.sign(&w.claims())).await;
    assert_eq!(early.status, 401, "no refetch within the interval of the last fetch: {}", early.body);
    assert_eq!(w.issuer.jwks_hits(), 1);

    tokio::time::sleep(Duration::from_millis(3_200)).await;
    let late = w.exchange(&rotated.sign(&w.claims())).await;
    assert_eq!(late.status, 200, "an unknown kid refetches once the interval has passed: {}", late.body);
    assert_eq!(w.issuer.jwks_hits(), 2);

    for _ in 0..5 {
        let ghost = Signer::es256("ghost");
        assert_eq!(w.exchange(&ghost.sign(&w.claims())).await.status, 401);
    }
    assert_eq!(w.issuer.jwks_hits(), 2, "a burst of unknown kids costs no further fetches");
}

// --- Grove's published keys -----------------------------------------------------------------

#[tokio::test]
async fn grove_publishes_its_discovery_document_and_active_and_retired_keys() {
    let (active, retired) = (SigningKey::generate().unwrap(), SigningKey::generate().unwrap());
    let options = Options { active_key: active.clone(), retired_keys: vec![retired.clone()], ..Options::default() };
    let w = world_with(options).await;
    let discovery = w.grove.get_public("/.well-known/openid-configuration").await;
    assert_eq!(discovery.status, 200);
    assert_eq!(discovery.body["issuer"], w.grove.url);
    assert_eq!(discovery.body["jwks_uri"], format!("{}/.well-known/jwks.json", w.grove.url));
    let jwks = w.grove.get_public("/.well-known/jwks.json").await;
    assert_eq!(jwks.body, json!({"keys": [active.public_jwk(), retired.public_jwk()]}));

    // An exchanged token verifies with the published key, as any relying party would check it.
    let token = w.exchanged(&[("aud", &w.grove.url), ("identity", &w.workload)]).await;
    let jwk: jsonwebtoken::jwk::Jwk = serde_json::from_value(jwks.body["keys"][0].clone()).unwrap();
    let mut validation = jsonwebtoken::Validation::new(Algorithm::ES256);
    validation.set_issuer(&[&w.grove.url]);
    validation.set_audience(&[&w.grove.url]);
    let data = jsonwebtoken::decode::<Value>(&token, &jsonwebtoken::DecodingKey::from_jwk(&jwk).unwrap(), &validation)
        .unwrap();
    assert_eq!(data.claims["sub"], w.workload);

    // A token signed by the retired key still works until it expires.
    let old = grove_sts::ApiTokens::new(
        retired,
        Vec::new(),
        w.grove.url.clone(),
        w.grove.url.clone(),
        std::sync::Arc::new(grove_domain::ports::SystemClock),
    );
    let admin = subject_of(&w.grove.admin_token);
    let old_token = old.mint(&Uidp::parse(&admin).unwrap(), chrono::Duration::minutes(5)).unwrap().token;
    let reply = w.grove.call(&old_token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.grove.org), None).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
}

/// The `sub` of a token, read without any check (test-only).
fn subject_of(token: &str) -> String {
    let payload = token.split('.').nth(1).unwrap();
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    claims["sub"].as_str().unwrap().to_owned()
}

/// An event for a direct store write (this suite does not inspect events).
fn ev() -> grove_domain::events::NewEvent {
    let subject = grove_domain::Uidp::parse("00000000000000000000000000000000000000e0").unwrap();
    grove_domain::events::NewEvent::new(
        grove_domain::events::EventType::IdentityCreated,
        &subject,
        grove_domain::Timestamp::from_unix_millis(0).unwrap(),
        std::sync::Arc::new(grove_proto::convert::ProtoJsonRenderer),
    )
}

#[tokio::test]
async fn an_exchanged_token_email_is_recorded_and_shown_on_the_identity_and_its_bindings() {
    let w = world().await;
    let mut claims = w.claims();
    claims["email"] = json!("ci@acme.example");
    claims["email_verified"] = json!(true);
    let reply = w.exchange(&w.signer.sign(&claims)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let identity = w.grove.identity(&w.workload).await;
    assert_eq!((identity["email"].as_str(), identity["emailUnverified"].as_str()), (Some("ci@acme.example"), Some("")));
    let bindings = w
        .grove
        .call(&w.grove.admin_token, Method::GET, &format!("/iam/v2beta1/roleBindings?identity={}", w.workload), None)
        .await;
    assert_eq!(bindings.status, 200, "{}", bindings.body);
    let emails: Vec<&Value> =
        bindings.body["roleBindings"].as_array().unwrap().iter().map(|b| &b["identity"]["email"]).collect();
    assert!(!emails.is_empty());
    assert!(emails.iter().all(|e| *e == "ci@acme.example"), "{emails:?}");

    claims["email"] = json!("someone@else.example");
    claims["email_verified"] = json!(false);
    assert_eq!(w.exchange(&w.signer.sign(&claims)).await.status, 200);
    let identity = w.grove.identity(&w.workload).await;
    assert_eq!(
        (identity["email"].as_str(), identity["emailUnverified"].as_str()),
        (Some(""), Some("someone@else.example"))
    );
}

#[tokio::test]
async fn a_service_principal_identity_is_never_assumed_by_exchange() {
    let w = world().await;
    let created = Timestamp::from_unix_millis(now() * 1000).unwrap();
    let identity = Identity {
        uid: Uidp::parse(&w.a).unwrap().random_child(),
        name: DisplayName::parse("name", "syncer").unwrap(),
        description: Description::parse("description", "").unwrap(),
        relationship: Relationship::ServicePrincipal(ServicePrincipal::CatalogSyncer),
        company: Default::default(),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: String::new(),
        last_seen_time: None,
        create_time: created,
        update_time: created,
    };
    w.grove.store.create_identity(&identity, &ev()).await.unwrap();
    let reply = w.exchange_for(&w.token(), identity.uid.as_str()).await;
    w.assert_denied(&reply).await;
    assert!(w.grove.identity(identity.uid.as_str()).await.get("lastSeenTime").is_none());
}

#[tokio::test]
async fn a_second_exchange_within_the_minute_keeps_the_recorded_last_seen_time() {
    let w = world().await;
    assert_eq!(w.exchange(&w.token()).await.status, 200);
    let first = w.grove.identity(&w.workload).await["lastSeenTime"].clone();
    assert!(first.is_string(), "the first exchange records lastSeenTime");
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    assert_eq!(w.exchange(&w.token()).await.status, 200);
    assert_eq!(w.grove.identity(&w.workload).await["lastSeenTime"], first, "kept to the minute, not rewritten");
}
