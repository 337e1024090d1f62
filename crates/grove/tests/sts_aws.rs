//! AWS identities over HTTP, end to end: a workload signs a `GetCallerIdentity` request with
//! SigV4 (a test access key), presents it base64url-encoded as its bearer token, and Grove
//! checks its rules, forwards it to an "AWS STS" on loopback that verifies the signature with
//! the same key and answers the `GetCallerIdentityResponse` XML, then matches account, ARN
//! and user id. Every token that must not be exchanged is refused with its exact error, and
//! nothing is minted.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sts_support::{Options, Reply, TestGrove};

const ACCOUNT: &str = "123456789012";
const ROLE_ARN: &str = "arn:aws:sts::123456789012:assumed-role/deployer/ci-run-42";
const ROLE_USER_ID: &str = "AROAEXAMPLEROLEID:ci-run-42";
const ACCESS_KEY: &str = "AKIDGROVETEST";
const SECRET_KEY: &str = "grove/test/secret/key/not/a/real/one";
const EMPTY_SHA256: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const DENIED: &str = "Permission denied: the presented token may not assume the requested identity";

fn hmac(key: &[u8], data: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
    mac.update(data.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The SigV4 signature of a request to STS in us-east-1 with an empty body.
fn sigv4_signature(
    secret: &str,
    amz_date: &str,
    method: &str,
    path: &str,
    query: &str,
    headers: &[(String, String)],
) -> String {
    let mut canonical_query: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    canonical_query.sort_unstable();
    let canonical_headers: String = headers.iter().map(|(n, v)| format!("{n}:{}\n", v.trim())).collect();
    let signed: Vec<&str> = headers.iter().map(|(n, _)| n.as_str()).collect();
    let canonical_request = format!(
        "{method}\n{path}\n{}\n{canonical_headers}\n{}\n{EMPTY_SHA256}",
        canonical_query.join("&"),
        signed.join(";")
    );
    let date = &amz_date[..8];
    let scope = format!("{date}/us-east-1/sts/aws4_request");
    let string_to_sign =
        format!("AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{}", hex::encode(Sha256::digest(canonical_request.as_bytes())));
    let k_date = hmac(format!("AWS4{secret}").as_bytes(), date);
    let k_region = hmac(&k_date, "us-east-1");
    let k_service = hmac(&k_region, "sts");
    let k_signing = hmac(&k_service, "aws4_request");
    hex::encode(hmac(&k_signing, &string_to_sign))
}

// --- the test's AWS STS -----------------------------------------------------------------------

#[derive(Clone)]
struct AwsState {
    hits: Arc<AtomicUsize>,
    caller: (String, String, String),
}

fn aws_error(code: &str) -> axum::response::Response {
    let body = format!(
        "<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error><Type>Sender</Type>\
         <Code>{code}</Code><Message>refused</Message></Error><RequestId>r</RequestId></ErrorResponse>"
    );
    (StatusCode::FORBIDDEN, [("content-type", "text/xml")], body).into_response()
}

/// Verifies the SigV4 signature exactly as AWS would (with the one test key) and answers
/// the configured caller.
async fn get_caller_identity(
    State(s): State<AwsState>,
    uri: Uri,
    headers: HeaderMap,
    body: String,
) -> axum::response::Response {
    s.hits.fetch_add(1, Ordering::SeqCst);
    let Some(authorization) = headers.get("authorization").and_then(|v| v.to_str().ok()) else {
        return aws_error("MissingAuthenticationToken");
    };
    let field = |key: &str| {
        authorization.split([' ', ',']).find_map(|part| part.strip_prefix(key)).unwrap_or_default().to_owned()
    };
    let (credential, signed_headers, signature) = (field("Credential="), field("SignedHeaders="), field("Signature="));
    if !credential.starts_with(&format!("{ACCESS_KEY}/")) {
        return aws_error("InvalidClientTokenId");
    }
    let amz_date = headers.get("x-amz-date").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let signed: Vec<(String, String)> = signed_headers
        .split(';')
        .map(|name| {
            let values: Vec<&str> = headers.get_all(name).iter().filter_map(|v| v.to_str().ok()).collect();
            (name.to_owned(), values.join(","))
        })
        .collect();
    let expected = sigv4_signature(SECRET_KEY, &amz_date, "POST", uri.path(), uri.query().unwrap_or_default(), &signed);
    if amz_date.len() != 16 || !body.is_empty() || expected != signature {
        return aws_error("SignatureDoesNotMatch");
    }
    let (account, arn, user_id) = &s.caller;
    let xml = format!(
        "<GetCallerIdentityResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\">\n  <GetCallerIdentityResult>\n    \
         <Arn>{arn}</Arn>\n    <UserId>{user_id}</UserId>\n    <Account>{account}</Account>\n  </GetCallerIdentityResult>\n  \
         <ResponseMetadata><RequestId>0</RequestId></ResponseMetadata>\n</GetCallerIdentityResponse>\n"
    );
    (StatusCode::OK, [("content-type", "text/xml")], xml).into_response()
}

/// An AWS STS on `http://127.0.0.1:<port>` whose one key is [`ACCESS_KEY`]/[`SECRET_KEY`].
struct TestAws {
    url: String,
    hits: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestAws {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestAws {
    async fn start(caller: (&str, &str, &str)) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let state = AwsState {
            hits: Arc::new(AtomicUsize::new(0)),
            caller: (caller.0.to_owned(), caller.1.to_owned(), caller.2.to_owned()),
        };
        let hits = state.hits.clone();
        let app = Router::new().route("/", post(get_caller_identity)).with_state(state);
        let task = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { url, hits, task }
    }

    fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }
}

// --- the workload's token ---------------------------------------------------------------------

/// How to build a token; [`Token::new`] gives a valid one.
#[derive(Clone)]
struct Token {
    host: String,
    audience: String,
    identity: String,
    amz_date: String,
    secret: String,
    /// Headers left out of `SignedHeaders` (they are still sent).
    unsigned: Vec<&'static str>,
    /// Headers appended after signing.
    extra: Vec<(&'static str, String)>,
}

fn amz_date(offset_seconds: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::seconds(offset_seconds)).format("%Y%m%dT%H%M%SZ").to_string()
}

impl Token {
    fn new(audience: &str, identity: &str) -> Self {
        Self {
            host: "sts.amazonaws.com".to_owned(),
            audience: audience.to_owned(),
            identity: identity.to_owned(),
            amz_date: amz_date(0),
            secret: SECRET_KEY.to_owned(),
            unsigned: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// The signed request, serialized as Go's `http.Request.Write` does and base64url
    /// encoded with padding.
    fn encode(&self) -> String {
        let headers: BTreeMap<&str, String> = BTreeMap::from([
            ("accept", "application/json".to_owned()),
            ("chainguard-audience", self.audience.clone()),
            ("chainguard-identity", self.identity.clone()),
            ("host", self.host.clone()),
            ("x-amz-date", self.amz_date.clone()),
        ]);
        let signed: Vec<(String, String)> = headers
            .iter()
            .filter(|(n, _)| !self.unsigned.contains(n))
            .map(|(n, v)| ((*n).to_owned(), v.clone()))
            .collect();
        let query = "Action=GetCallerIdentity&Version=2011-06-15";
        let signature = sigv4_signature(&self.secret, &self.amz_date, "POST", "/", query, &signed);
        let names: Vec<&str> = signed.iter().map(|(n, _)| n.as_str()).collect();
        let authorization = format!(
            "AWS4-HMAC-SHA256 Credential={ACCESS_KEY}/{}/us-east-1/sts/aws4_request, SignedHeaders={}, Signature={signature}",
            &self.amz_date[..8],
            names.join(";")
        );
        let mut text = format!(
            "POST /?{query} HTTP/1.1\r\nHost: {}\r\nUser-Agent: Go-http-client/1.1\r\nContent-Length: 0\r\n",
            self.host
        );
        text.push_str("Accept: application/json\r\n");
        text.push_str(&format!("Authorization: {authorization}\r\n"));
        text.push_str(&format!("Chainguard-Audience: {}\r\n", self.audience));
        text.push_str(&format!("Chainguard-Identity: {}\r\n", self.identity));
        text.push_str(&format!("X-Amz-Date: {}\r\n", self.amz_date));
        for (name, value) in &self.extra {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        text.push_str("\r\n");
        URL_SAFE.encode(text)
    }
}

// --- the world --------------------------------------------------------------------------------

/// A Grove forwarding AWS tokens to a [`TestAws`] whose caller is `ROLE_ARN`, a group `a`
/// and an AWS identity in it (exact account and ARN, exact user id) bound as `viewer`.
struct World {
    grove: TestGrove,
    aws: TestAws,
    a: String,
    identity: String,
}

async fn world() -> World {
    world_matching(json!({ "awsAccount": ACCOUNT, "arn": ROLE_ARN, "userId": ROLE_USER_ID })).await
}

async fn world_matching(aws_identity: Value) -> World {
    let aws = TestAws::start((ACCOUNT, ROLE_ARN, ROLE_USER_ID)).await;
    let grove = TestGrove::start(Options { aws_sts_endpoint: Some(aws.url.clone()), ..Options::default() }).await;
    let a = grove.group(&grove.org, "a").await;
    let identity = grove
        .create(&format!("/iam/v2beta1/identities/{a}"), json!({ "name": "deployer", "awsIdentity": aws_identity }))
        .await;
    grove.bind(&a, &identity, "viewer").await;
    World { grove, aws, a, identity }
}

impl World {
    fn token(&self) -> Token {
        Token::new(&self.grove.url, &self.identity)
    }

    async fn exchange(&self, token: &Token) -> Reply {
        self.grove.exchange(Some(&token.encode()), &[("aud", &self.grove.url), ("identity", &self.identity)]).await
    }

    /// Exchanges a valid token and checks that the minted token acts as the identity.
    async fn assert_minted(&self) {
        let reply = self.exchange(&self.token()).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let token = reply.body["token"].as_str().unwrap();
        let group = self.grove.call(token, Method::GET, &format!("/iam/v2beta1/groups/{}", self.a), None).await;
        assert_eq!(group.status, 200, "{}", group.body);
        assert_eq!(group.body["name"], "a");
        let elsewhere =
            self.grove.call(token, Method::GET, &format!("/iam/v2beta1/groups/{}", self.grove.org), None).await;
        assert_eq!(elsewhere.status, 404, "outside its bindings: {}", elsewhere.body);
        assert!(self.grove.identity(&self.identity).await["lastSeenTime"].is_string(), "lastSeenTime recorded");
        assert_eq!(self.aws.hits(), 1);
    }

    /// Asserts the exact refusal, that no token came back and that the identity was not
    /// marked seen; `forwarded` says whether AWS STS was asked.
    async fn assert_refused(&self, reply: &Reply, status: u16, message: &str, forwarded: bool) {
        assert_eq!(reply.status, status, "{}", reply.body);
        let (reason, code) = match status {
            401 => ("UNAUTHENTICATED", 16),
            403 => ("PERMISSION_DENIED", 7),
            503 => ("UNAVAILABLE", 14),
            other => panic!("unexpected status {other}"),
        };
        assert_eq!(reply.body["code"], code, "{}", reply.body);
        assert_eq!(reply.body["message"], message, "{}", reply.body);
        assert_eq!(reply.body["details"][0]["reason"], reason, "{}", reply.body);
        assert!(reply.body.get("token").is_none(), "{}", reply.body);
        assert!(
            self.grove.identity(&self.identity).await.get("lastSeenTime").is_none(),
            "the identity was marked seen"
        );
        assert_eq!(self.aws.hits(), usize::from(forwarded), "AWS STS hits");
    }
}

// --- tokens that are exchanged ----------------------------------------------------------------

#[tokio::test]
async fn exact_account_arn_and_user_id_are_minted_a_token_that_calls_the_api() {
    world().await.assert_minted().await;
}

#[tokio::test]
async fn arn_pattern_is_minted_a_token() {
    let w = world_matching(json!({
        "awsAccount": ACCOUNT, "arnPattern": "arn:aws:sts::123456789012:assumed-role/deployer/.*", "userId": ROLE_USER_ID,
    }))
    .await;
    w.assert_minted().await;
}

#[tokio::test]
async fn user_id_pattern_is_minted_a_token() {
    let w =
        world_matching(json!({ "awsAccount": ACCOUNT, "arn": ROLE_ARN, "userIdPattern": "AROA[A-Z]+:ci-run-[0-9]+" }))
            .await;
    w.assert_minted().await;
}

#[tokio::test]
async fn unpadded_token_is_minted_too() {
    let w = world().await;
    let unpadded = w.token().encode().trim_end_matches('=').to_owned();
    let reply = w.grove.exchange(Some(&unpadded), &[("aud", &w.grove.url), ("identity", &w.identity)]).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
}

// --- tokens refused before AWS is asked -------------------------------------------------------

#[tokio::test]
async fn unsigned_chainguard_audience_is_unauthenticated() {
    let w = world().await;
    let token = Token { unsigned: vec!["chainguard-audience"], ..w.token() };
    let message = "Unauthenticated: the AWS token's signature does not cover the chainguard-audience header";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn unsigned_chainguard_identity_is_unauthenticated() {
    let w = world().await;
    let token = Token { unsigned: vec!["chainguard-identity"], ..w.token() };
    let message = "Unauthenticated: the AWS token's signature does not cover the chainguard-identity header";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn duplicate_x_amz_date_is_unauthenticated() {
    let w = world().await;
    let token = Token { extra: vec![("X-Amz-Date", amz_date(-60))], ..w.token() };
    let message = "Unauthenticated: the AWS token repeats the X-Amz-Date header";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn duplicate_chainguard_identity_is_unauthenticated() {
    let w = world().await;
    let token = Token { extra: vec![("Chainguard-Identity", w.a.clone())], ..w.token() };
    let message = "Unauthenticated: the AWS token repeats the Chainguard-Identity header";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn wrong_audience_is_denied() {
    let w = world().await;
    let token = Token { audience: "https://issuer.enforce.dev".to_owned(), ..w.token() };
    w.assert_refused(&w.exchange(&token).await, 403, DENIED, false).await;
}

#[tokio::test]
async fn token_bound_to_another_identity_is_denied() {
    let w = world().await;
    let other = w
        .grove
        .create(
            &format!("/iam/v2beta1/identities/{}", w.a),
            json!({ "name": "other", "awsIdentity": { "awsAccount": ACCOUNT, "arn": ROLE_ARN, "userId": ROLE_USER_ID } }),
        )
        .await;
    let token = Token { identity: other, ..w.token() };
    w.assert_refused(&w.exchange(&token).await, 403, DENIED, false).await;
}

#[tokio::test]
async fn x_amz_date_16_minutes_old_is_unauthenticated() {
    let w = world().await;
    let token = Token { amz_date: amz_date(-16 * 60), ..w.token() };
    let message = "Unauthenticated: the AWS token has expired (X-Amz-Date is more than 15 minutes old)";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn x_amz_date_6_minutes_ahead_is_unauthenticated() {
    let w = world().await;
    let token = Token { amz_date: amz_date(6 * 60), ..w.token() };
    let message = "Unauthenticated: the AWS token is dated more than 5 minutes in the future";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn wrong_host_is_unauthenticated() {
    let w = world().await;
    let token = Token { host: "sts.us-west-2.amazonaws.com".to_owned(), ..w.token() };
    let message = "Unauthenticated: the AWS token's request is not addressed to the AWS STS host";
    w.assert_refused(&w.exchange(&token).await, 401, message, false).await;
}

#[tokio::test]
async fn aws_token_for_an_oidc_identity_is_denied() {
    let w = world().await;
    let oidc = w.grove.workload(&w.a, "ci", "https://token.actions.githubusercontent.com", "repo:acme/app").await;
    let token = Token { identity: oidc.clone(), ..w.token() };
    let reply = w.grove.exchange(Some(&token.encode()), &[("aud", &w.grove.url), ("identity", &oidc)]).await;
    w.assert_refused(&reply, 403, DENIED, false).await;
}

// --- tokens AWS or the identity refuses -------------------------------------------------------

#[tokio::test]
async fn bad_signature_is_refused_by_aws_and_unauthenticated() {
    let w = world().await;
    let token = Token { secret: "not-the-secret".to_owned(), ..w.token() };
    let message = "Unauthenticated: AWS STS refused the AWS token (its signature, credentials or date)";
    w.assert_refused(&w.exchange(&token).await, 401, message, true).await;
}

#[tokio::test]
async fn account_mismatch_is_denied() {
    let w = world_matching(json!({ "awsAccount": "210987654321", "arn": ROLE_ARN, "userId": ROLE_USER_ID })).await;
    w.assert_refused(&w.exchange(&w.token()).await, 403, DENIED, true).await;
}

#[tokio::test]
async fn arn_mismatch_is_denied() {
    let w = world_matching(json!({
        "awsAccount": ACCOUNT, "arnPattern": "arn:aws:sts::123456789012:assumed-role/admin/.*", "userId": ROLE_USER_ID,
    }))
    .await;
    w.assert_refused(&w.exchange(&w.token()).await, 403, DENIED, true).await;
}

#[tokio::test]
async fn user_id_mismatch_is_denied() {
    let w = world_matching(json!({ "awsAccount": ACCOUNT, "arn": ROLE_ARN, "userIdPattern": "AIDA.*" })).await;
    w.assert_refused(&w.exchange(&w.token()).await, 403, DENIED, true).await;
}

#[tokio::test]
async fn unreachable_aws_sts_is_unavailable() {
    let w = world().await;
    w.aws.task.abort();
    // Let the aborted server's listener close before Grove connects.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let message = "Unavailable: AWS STS could not be asked who signed the AWS token";
    w.assert_refused(&w.exchange(&w.token()).await, 503, message, false).await;
}
