//! The cloud probe of `:checkAccountAssociation` against local fakes of AWS STS, Google STS
//! and Entra ID. Each fake checks what Grove sends as the cloud would (the parameters, and
//! the token: its signature against Grove's JWKS, issuer, subject, audience and lifetime)
//! and answers success only when all of it holds, or the cloud's own error otherwise.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Form, Router};
use grove_domain::model::{
    AccountAssociation, AccountProviderType, AccountProviders, AmazonAccount, AzureTenant, CheckResult, CheckStatus,
    GoogleProject,
};
use grove_domain::names::{Description, DisplayName};
use grove_domain::ports::{Clock, CloudAccountProbe, SystemClock};
use grove_domain::{Error, Uidp};
use grove_sts::{ApiTokens, CloudProbe, CloudSettings, FetchPolicy, SigningKey};
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

const ISSUER: &str = "https://auth.grove.test";
const ACCOUNT: &str = "123456789012";
const PROJECT_NUMBER: &str = "987654321098";
const TENANT: &str = "11111111-2222-3333-4444-555555555555";
const CLIENT: &str = "66666666-7777-8888-9999-000000000000";

type Params = HashMap<String, String>;
/// The fake's answer to one request: status, content type, body.
type Answer = (u16, &'static str, String);

/// A fake cloud endpoint: one POST route that records every form and answers with `respond`.
struct Fake {
    base: String,
    seen: Arc<Mutex<Vec<Params>>>,
}

#[derive(Clone)]
struct FakeState {
    seen: Arc<Mutex<Vec<Params>>>,
    respond: Arc<dyn Fn(&Params) -> Answer + Send + Sync>,
}

async fn handle(State(state): State<FakeState>, Form(params): Form<Params>) -> impl IntoResponse {
    let (status, content_type, body) = (state.respond)(&params);
    state.seen.lock().unwrap().push(params);
    (StatusCode::from_u16(status).unwrap(), [("content-type", content_type)], body)
}

impl Fake {
    async fn start(path: &str, respond: impl Fn(&Params) -> Answer + Send + Sync + 'static) -> Self {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let state = FakeState { seen: seen.clone(), respond: Arc::new(respond) };
        let app = Router::new().route(path, post(handle)).with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { base, seen }
    }

    fn requests(&self) -> Vec<Params> {
        self.seen.lock().unwrap().clone()
    }
}

/// Grove's token service as the clouds see it: the signer, and its published keys.
struct Grove {
    tokens: Arc<ApiTokens>,
    jwks: JwkSet,
    group: Uidp,
}

impl Grove {
    fn new() -> Self {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let tokens =
            Arc::new(ApiTokens::new(SigningKey::generate().unwrap(), Vec::new(), ISSUER.into(), ISSUER.into(), clock));
        let jwks = serde_json::from_value(tokens.jwks()).unwrap();
        Self { tokens, jwks, group: Uidp::random_root() }
    }

    /// The probe with every cloud at `base` (the fakes listen on loopback).
    fn probe(&self, aws: &str, google: &str, azure: &str) -> CloudProbe {
        let settings = CloudSettings {
            aws_sts_url: aws.to_owned(),
            google_sts_url: google.to_owned(),
            azure_login_url: azure.to_owned(),
            timeout: Duration::from_millis(500),
            ..CloudSettings::default()
        };
        let policy = FetchPolicy { allow_loopback: true, ..FetchPolicy::default() };
        CloudProbe::new(self.tokens.clone(), settings, policy).unwrap()
    }

    /// The claims of `token` when its signature verifies with Grove's JWKS and its issuer,
    /// subject and `audience` are the expected ones, as a cloud checks them; else why not.
    fn verify(&self, token: &str, audience: &str) -> Result<Value, String> {
        let header = jsonwebtoken::decode_header(token).map_err(|e| e.to_string())?;
        let kid = header.kid.ok_or("no kid")?;
        let jwk = self.jwks.find(&kid).ok_or("unknown kid")?;
        let key = DecodingKey::from_jwk(jwk).map_err(|e| e.to_string())?;
        let mut validation = Validation::new(Algorithm::ES256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[audience]);
        validation.sub = Some(self.group.to_string());
        let claims = jsonwebtoken::decode::<Value>(token, &key, &validation).map_err(|e| e.to_string())?.claims;
        let lifetime = claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap();
        if !(299..=300).contains(&lifetime) {
            return Err(format!("lives {lifetime} s"));
        }
        Ok(claims)
    }

    fn association(&self) -> AccountAssociation {
        let now = SystemClock.now();
        AccountAssociation {
            uid: self.group.clone(),
            name: DisplayName::parse("name", "clouds").unwrap(),
            description: Description::parse("description", "").unwrap(),
            providers: AccountProviders {
                amazon: Some(AmazonAccount { account: ACCOUNT.to_owned() }),
                google: Some(GoogleProject {
                    project_id: "acme-prod".to_owned(),
                    project_number: PROJECT_NUMBER.to_owned(),
                }),
                azure: Some(AzureTenant {
                    tenant_id: TENANT.to_owned(),
                    client_ids: BTreeMap::from([("canary".to_owned(), CLIENT.to_owned())]),
                }),
                ..AccountProviders::default()
            },
            create_time: now,
            update_time: now,
        }
    }
}

fn param<'a>(p: &'a Params, key: &str) -> &'a str {
    p.get(key).map_or("", String::as_str)
}

const AWS_OK: &str = r#"<AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleWithWebIdentityResult>
    <Credentials>
      <AccessKeyId>ASIAEXAMPLE</AccessKeyId>
      <SecretAccessKey>secret</SecretAccessKey>
      <SessionToken>session</SessionToken>
      <Expiration>2026-11-28T23:00:00Z</Expiration>
    </Credentials>
  </AssumeRoleWithWebIdentityResult>
</AssumeRoleWithWebIdentityResponse>"#;

fn aws_error(code: &str, message: &str) -> String {
    format!(
        "<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error><Type>Sender</Type>\
         <Code>{code}</Code><Message>{message}</Message></Error><RequestId>r</RequestId></ErrorResponse>"
    )
}

/// AWS STS: credentials only for the expected role, action and a token it can verify.
fn aws(grove: &Arc<Grove>) -> impl Fn(&Params) -> Answer + Send + Sync + 'static {
    let grove = grove.clone();
    move |p| {
        let role = format!("arn:aws:iam::{ACCOUNT}:role/chainguard-canary");
        if param(p, "Action") != "AssumeRoleWithWebIdentity" || param(p, "Version") != "2011-06-15" {
            return (400, "text/xml", aws_error("InvalidAction", "unknown action"));
        }
        if param(p, "RoleArn") != role || param(p, "RoleSessionName").is_empty() {
            return (400, "text/xml", aws_error("ValidationError", "wrong role"));
        }
        match grove.verify(param(p, "WebIdentityToken"), "sts.amazonaws.com") {
            Ok(_) => (200, "text/xml", AWS_OK.to_owned()),
            Err(why) => (400, "text/xml", aws_error("InvalidIdentityToken", &why)),
        }
    }
}

fn google_provider() -> String {
    format!("projects/{PROJECT_NUMBER}/locations/global/workloadIdentityPools/chainguard-pool/providers/chainguard-provider")
}

/// Google STS: an access token only for the expected provider and a token it can verify.
fn google(grove: &Arc<Grove>) -> impl Fn(&Params) -> Answer + Send + Sync + 'static {
    let grove = grove.clone();
    move |p| {
        let error =
            |e: &str, d: &str| (400, "application/json", format!(r#"{{"error":"{e}","error_description":"{d}"}}"#));
        if param(p, "grant_type") != "urn:ietf:params:oauth:grant-type:token-exchange"
            || param(p, "subject_token_type") != "urn:ietf:params:oauth:token-type:jwt"
            || param(p, "requested_token_type") != "urn:ietf:params:oauth:token-type:access_token"
        {
            return error("invalid_request", "bad grant");
        }
        if param(p, "audience") != format!("//iam.googleapis.com/{}", google_provider()) {
            return error("invalid_target", "The target service indicated by the audience parameters is invalid.");
        }
        match grove.verify(param(p, "subject_token"), &format!("https://iam.googleapis.com/{}", google_provider())) {
            Ok(_) => (
                200,
                "application/json",
                r#"{"access_token":"ya29.x","token_type":"Bearer","expires_in":3599}"#.to_owned(),
            ),
            Err(why) => error("invalid_grant", &why),
        }
    }
}

/// Entra ID: an access token only for the expected client and a token it can verify.
fn azure(grove: &Arc<Grove>) -> impl Fn(&Params) -> Answer + Send + Sync + 'static {
    let grove = grove.clone();
    move |p| {
        let error =
            |e: &str, d: &str| (400, "application/json", format!(r#"{{"error":"{e}","error_description":"{d}"}}"#));
        if param(p, "grant_type") != "client_credentials"
            || param(p, "client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
            || param(p, "scope") != "https://management.azure.com/.default"
        {
            return error("invalid_request", "bad request");
        }
        if param(p, "client_id") != CLIENT {
            return error("unauthorized_client", "AADSTS700016: Application not found in the directory.");
        }
        match grove.verify(param(p, "client_assertion"), "api://AzureADTokenExchange") {
            Ok(_) => (
                200,
                "application/json",
                r#"{"token_type":"Bearer","expires_in":3599,"access_token":"eyJ0"}"#.to_owned(),
            ),
            Err(why) => error("invalid_client", &why),
        }
    }
}

/// A fake of every cloud at the paths the probe uses.
struct Clouds {
    aws: Fake,
    google: Fake,
    azure: Fake,
}

impl Clouds {
    async fn start(grove: &Arc<Grove>) -> Self {
        Self {
            aws: Fake::start("/", aws(grove)).await,
            google: Fake::start("/v1/token", google(grove)).await,
            azure: Fake::start(&format!("/{TENANT}/oauth2/v2.0/token"), azure(grove)).await,
        }
    }

    fn probe(&self, grove: &Grove) -> CloudProbe {
        grove.probe(&self.aws.base, &self.google.base, &self.azure.base)
    }
}

fn ready(message: &str) -> CheckResult {
    CheckResult { status: CheckStatus::Ready, reason: "READY".to_owned(), message: message.to_owned() }
}

#[tokio::test]
async fn aws_answers_ready_when_sts_lets_grove_assume_the_role_with_its_token() {
    let grove = Arc::new(Grove::new());
    let clouds = Clouds::start(&grove).await;
    let result = clouds.probe(&grove).probe(&grove.association(), AccountProviderType::Amazon).await.unwrap();
    assert_eq!(result, ready(&format!("AWS let Grove assume arn:aws:iam::{ACCOUNT}:role/chainguard-canary")));
    let sent = clouds.aws.requests();
    assert_eq!(sent.len(), 1);
    assert_eq!(param(&sent[0], "DurationSeconds"), "900");
    let claims = grove.verify(param(&sent[0], "WebIdentityToken"), "sts.amazonaws.com").unwrap();
    assert_eq!(claims["sub"], grove.group.as_str());
}

#[tokio::test]
async fn google_answers_ready_when_sts_exchanges_grove_token_for_an_access_token() {
    let grove = Arc::new(Grove::new());
    let clouds = Clouds::start(&grove).await;
    let result = clouds.probe(&grove).probe(&grove.association(), AccountProviderType::Google).await.unwrap();
    assert_eq!(result, ready(&format!("Google accepted Grove for {}", google_provider())));
    assert_eq!(clouds.google.requests().len(), 1);
    assert_eq!(param(&clouds.google.requests()[0], "scope"), "https://www.googleapis.com/auth/cloud-platform");
}

#[tokio::test]
async fn azure_answers_ready_when_entra_accepts_grove_token_as_every_clients_assertion() {
    let grove = Arc::new(Grove::new());
    let clouds = Clouds::start(&grove).await;
    let result = clouds.probe(&grove).probe(&grove.association(), AccountProviderType::Azure).await.unwrap();
    assert_eq!(result, ready(&format!("Entra ID accepted Grove for every client of tenant {TENANT}")));
    assert_eq!(clouds.azure.requests().len(), 1);
}

#[tokio::test]
async fn a_token_for_another_group_is_refused_and_answered_not_ready_with_the_clouds_reason() {
    // The clouds trust the association's group; a token for another subject must not pass.
    let grove = Arc::new(Grove::new());
    let clouds = Clouds::start(&grove).await;
    let mut other = grove.association();
    other.uid = Uidp::random_root();
    let probe = clouds.probe(&grove);

    let aws = probe.probe(&other, AccountProviderType::Amazon).await.unwrap();
    assert_eq!(aws.status, CheckStatus::NotReady);
    assert_eq!(aws.reason, "InvalidIdentityToken");
    assert!(
        aws.message
            .starts_with(&format!("AWS refused to let Grove assume arn:aws:iam::{ACCOUNT}:role/chainguard-canary: ")),
        "{aws:?}"
    );
    let google = probe.probe(&other, AccountProviderType::Google).await.unwrap();
    assert_eq!((google.status, google.reason.as_str()), (CheckStatus::NotReady, "invalid_grant"));
    let azure = probe.probe(&other, AccountProviderType::Azure).await.unwrap();
    assert_eq!((azure.status, azure.reason.as_str()), (CheckStatus::NotReady, "invalid_client"));
}

#[tokio::test]
async fn a_refusing_cloud_is_not_ready_with_its_own_code_and_message() {
    let grove = Arc::new(Grove::new());
    let clouds = Clouds::start(&grove).await;
    let probe = clouds.probe(&grove);
    let mut association = grove.association();
    association.providers.amazon = Some(AmazonAccount { account: "210987654321".to_owned() });
    association.providers.google.as_mut().unwrap().project_number = "1".to_owned();
    association.providers.azure.as_mut().unwrap().client_ids =
        BTreeMap::from([("canary".to_owned(), "00000000-0000-0000-0000-000000000001".to_owned())]);

    let aws = probe.probe(&association, AccountProviderType::Amazon).await.unwrap();
    assert_eq!(
        aws,
        CheckResult {
            status: CheckStatus::NotReady,
            reason: "ValidationError".to_owned(),
            message: "AWS refused to let Grove assume arn:aws:iam::210987654321:role/chainguard-canary: wrong role"
                .to_owned(),
        }
    );
    let google = probe.probe(&association, AccountProviderType::Google).await.unwrap();
    assert_eq!(google.reason, "invalid_target");
    assert_eq!(
        google.message,
        "Google refused Grove for projects/1/locations/global/workloadIdentityPools/chainguard-pool/providers/\
         chainguard-provider: The target service indicated by the audience parameters is invalid."
    );
    let azure = probe.probe(&association, AccountProviderType::Azure).await.unwrap();
    assert_eq!(
        azure,
        CheckResult {
            status: CheckStatus::NotReady,
            reason: "unauthorized_client".to_owned(),
            message: format!(
                "Entra ID refused Grove as canary (client 00000000-0000-0000-0000-000000000001) in tenant {TENANT}: \
                 AADSTS700016: Application not found in the directory."
            ),
        }
    );
}

fn unreachable(cloud: &str) -> Error {
    Error::precondition(
        "CLOUD_UNREACHABLE",
        format!("{cloud} could not be reached to check the association; try again later"),
    )
}

#[tokio::test]
async fn an_unreachable_cloud_fails_the_precondition_without_saying_why() {
    let grove = Arc::new(Grove::new());
    // A port nothing listens on (bound, then closed).
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let probe = grove.probe(&closed, &closed, &closed);
    let association = grove.association();
    for (provider, cloud) in [
        (AccountProviderType::Amazon, "amazon"),
        (AccountProviderType::Google, "google"),
        (AccountProviderType::Azure, "azure"),
    ] {
        assert_eq!(probe.probe(&association, provider).await.unwrap_err(), unreachable(cloud));
    }
}

#[tokio::test]
async fn a_cloud_that_times_out_or_fails_with_a_server_error_fails_the_precondition() {
    let grove = Arc::new(Grove::new());
    // A server that accepts connections and never answers: the 500 ms deadline ends it.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_base = format!("http://{}", silent.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            held.push(socket);
        }
    });
    let failing =
        Fake::start("/v1/token", |_| (503, "text/plain", "internal trace id 42 on host sts-7".to_owned())).await;
    let probe = grove.probe(&silent_base, &failing.base, &silent_base);
    let association = grove.association();
    let started = std::time::Instant::now();
    assert_eq!(probe.probe(&association, AccountProviderType::Amazon).await.unwrap_err(), unreachable("amazon"));
    assert!(started.elapsed() < Duration::from_secs(5), "the deadline holds: {:?}", started.elapsed());
    assert_eq!(probe.probe(&association, AccountProviderType::Google).await.unwrap_err(), unreachable("google"));
    assert_eq!(failing.requests().len(), 1);
}

#[test]
fn an_endpoint_the_fetch_policy_refuses_is_a_configuration_error() {
    let grove = Grove::new();
    let settings = CloudSettings { aws_sts_url: "http://127.0.0.1:9".to_owned(), ..CloudSettings::default() };
    let error = CloudProbe::new(grove.tokens.clone(), settings, FetchPolicy::default()).unwrap_err();
    assert!(error.to_string().contains("http://127.0.0.1:9"), "{error}");
}

#[tokio::test]
async fn an_association_with_more_azure_clients_than_a_check_asks_for_is_not_ready_without_a_request() {
    let grove = Arc::new(Grove::new());
    let clouds = Clouds::start(&grove).await;
    let mut association = grove.association();
    let clients = (0..=grove_sts::account_associations::MAX_AZURE_CLIENTS)
        .map(|n| (format!("component-{n}"), format!("00000000-0000-0000-0000-{n:012}")))
        .collect();
    association.providers.azure.as_mut().unwrap().client_ids = clients;
    let result = clouds.probe(&grove).probe(&association, AccountProviderType::Azure).await.unwrap();
    assert_eq!(
        result,
        CheckResult {
            status: CheckStatus::NotReady,
            reason: "TOO_MANY_CLIENTS".to_owned(),
            message: "the association names 17 Azure clients; a check asks Entra ID for at most 16".to_owned(),
        }
    );
    assert!(clouds.azure.requests().is_empty());
}
