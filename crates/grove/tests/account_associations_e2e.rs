//! `grove serve` checks account associations against the cloud itself: a dev-mode server
//! whose `[clouds]` point at a fake AWS STS answers `READY` only when the fake, verifying the
//! token with the JWKS it discovers at the server's `auth_url` as AWS would, lets it assume
//! the account's role; and `NOT_READY` with AWS's reason when it does not.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

// Only its scratch directory is used here.
#[allow(dead_code)]
mod process_support;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::State;
use axum::routing::post;
use axum::{Form, Router};
use grove::config::Config;
use grove::serve::Server;
use process_support::Scratch;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

const ACCOUNT: &str = "123456789012";

/// The fake's setting: the issuer it trusts (Grove's `auth_url`) and the one subject it
/// lets assume `chainguard-canary` in [`ACCOUNT`].
#[derive(Clone)]
struct Trust {
    issuer: String,
    subject: std::sync::Arc<std::sync::Mutex<String>>,
}

/// AWS STS's `AssumeRoleWithWebIdentity`, as far as a check goes: the token's keys come
/// from the issuer's discovery document.
async fn assume_role(
    State(trust): State<Trust>,
    Form(p): Form<HashMap<String, String>>,
) -> (axum::http::StatusCode, String) {
    let refuse = |code: &str, message: &str| {
        let body = format!("<ErrorResponse><Error><Type>Sender</Type><Code>{code}</Code><Message>{message}</Message></Error></ErrorResponse>");
        (axum::http::StatusCode::FORBIDDEN, body)
    };
    if p.get("RoleArn").map(String::as_str) != Some(&format!("arn:aws:iam::{ACCOUNT}:role/chainguard-canary")) {
        return refuse("AccessDenied", "no such role");
    }
    let token = p.get("WebIdentityToken").cloned().unwrap_or_default();
    let http = reqwest::Client::new();
    let discovery: Value = http
        .get(format!("{}/.well-known/openid-configuration", trust.issuer))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let jwks: jsonwebtoken::jwk::JwkSet =
        http.get(discovery["jwks_uri"].as_str().unwrap()).send().await.unwrap().json().await.unwrap();
    let kid = jsonwebtoken::decode_header(&token).unwrap().kid.unwrap();
    let key = jsonwebtoken::DecodingKey::from_jwk(jwks.find(&kid).unwrap()).unwrap();
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
    validation.set_issuer(&[&trust.issuer]);
    validation.set_audience(&["sts.amazonaws.com"]);
    let expected = trust.subject.lock().unwrap().clone();
    validation.sub = Some(expected);
    match jsonwebtoken::decode::<Value>(&token, &key, &validation) {
        Ok(_) => (
            axum::http::StatusCode::OK,
            "<AssumeRoleWithWebIdentityResponse><AssumeRoleWithWebIdentityResult><Credentials>\
             <AccessKeyId>ASIAEXAMPLE</AccessKeyId></Credentials></AssumeRoleWithWebIdentityResult>\
             </AssumeRoleWithWebIdentityResponse>"
                .to_owned(),
        ),
        Err(_) => refuse("AccessDenied", "Not authorized to perform sts:AssumeRoleWithWebIdentity"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_answers_ready_when_aws_accepts_the_token_grove_signed_for_the_group() {
    let scratch = Scratch::new();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    let base = format!("http://{addr}");

    let trust = Trust { issuer: base.clone(), subject: Default::default() };
    let fake = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let fake_url = format!("http://{}", fake.local_addr().unwrap());
    let app = Router::new().route("/", post(assume_role)).with_state(trust.clone());
    tokio::spawn(async move { axum::serve(fake, app).await.unwrap() });

    let mut config = Config {
        listen: addr,
        dev: true,
        data_dir: Some(scratch.0.clone()),
        dev_token_file: Some(scratch.0.join("token")),
        ..Config::default()
    };
    config.clouds.aws_sts_url = fake_url;
    let server = Server::build(config).await.unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let served = tokio::spawn(server.serve(listener, async {
        let _ = stopped.await;
    }));
    let token = loop {
        let line = std::fs::read_to_string(scratch.0.join("token")).unwrap_or_default();
        if let Some(token) = line.strip_prefix("export GROVE_TOKEN=").and_then(|t| t.strip_suffix('\n')) {
            break token.to_owned();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let http = reqwest::Client::new();
    let call = |method: reqwest::Method, path: String, body: Value| {
        let request = http.request(method, format!("{base}{path}")).bearer_auth(&token).json(&body);
        async move {
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        }
    };
    let (_, groups) = call(reqwest::Method::GET, "/iam/v2beta1/groups".to_owned(), Value::Null).await;
    let org = groups["groups"][0]["uid"].as_str().unwrap().to_owned();
    let path = format!("/iam/v2beta1/accountAssociations/{org}");
    let (status, created) =
        call(reqwest::Method::POST, path.clone(), json!({"name": "aws", "amazon": {"account": ACCOUNT}})).await;
    assert_eq!(status, 200, "{created}");
    let check = format!("{path}:checkAccountAssociation");
    let body = json!({"providerType": "ACCOUNT_PROVIDER_TYPE_AMAZON"});

    // The account trusts the organization: READY.
    *trust.subject.lock().unwrap() = org.clone();
    let (status, ready) = call(reqwest::Method::POST, check.clone(), body.clone()).await;
    assert_eq!(
        (status, ready),
        (
            200,
            json!({"status": "CHECK_STATUS_READY", "reason": "READY",
                   "message": format!("AWS let Grove assume arn:aws:iam::{ACCOUNT}:role/chainguard-canary")})
        )
    );

    // It trusts another group only: AWS's refusal, as NOT_READY.
    *trust.subject.lock().unwrap() = "someone-else".to_owned();
    let (status, refused) = call(reqwest::Method::POST, check, body).await;
    assert_eq!(
        (status, refused),
        (
            200,
            json!({"status": "CHECK_STATUS_NOT_READY", "reason": "AccessDenied",
                   "message": format!("AWS refused to let Grove assume arn:aws:iam::{ACCOUNT}:role/chainguard-canary: \
                                       Not authorized to perform sts:AssumeRoleWithWebIdentity")})
        )
    );

    let _ = stop.send(());
    served.await.unwrap().unwrap();
}
