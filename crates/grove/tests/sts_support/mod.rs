//! Shared by the token-exchange tests: an OIDC issuer on loopback whose keys the test makes
//! (RSA from a test-only PEM, P-256, P-384 and Ed25519 generated per run), and a Grove served
//! over TCP with its token service wired exactly as `grove serve` wires it.

// Test helpers: any failure here is a test failure, so unwrapping is the point.
#![allow(dead_code, clippy::unwrap_used)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use grove::app::{router_with, AppConfig};
use grove::config::{Config, StsSettings};
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, Store, SystemClock};
use grove_domain::services::{BootstrapService, Deps, Services};
use grove_store_memory::MemoryStore;
use grove_sts::{ApiTokens, SigningKey};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use ring::rand::SystemRandom;
use ring::signature::{
    EcdsaKeyPair, Ed25519KeyPair, KeyPair as _, RsaKeyPair, ECDSA_P256_SHA256_FIXED_SIGNING,
    ECDSA_P384_SHA384_FIXED_SIGNING,
};
use serde_json::{json, Value};

/// A 2048-bit RSA key made with `openssl genrsa` for these tests only (ring cannot generate
/// RSA keys); the EC and Ed25519 keys are generated on every run.
const RSA_TEST_KEY: &str = include_str!("rsa_test_key.pem");

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// A signing key of the test issuer and its public JWK.
pub struct Signer {
    pub kid: String,
    pub alg: Algorithm,
    key: EncodingKey,
    pub jwk: Value,
}

impl Signer {
    fn pem_der(pem: &str) -> Vec<u8> {
        let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
        STANDARD.decode(body).unwrap()
    }

    /// The test RSA key, for `RS256` or `PS256`.
    pub fn rsa(kid: &str, alg: Algorithm) -> Self {
        let der = Self::pem_der(RSA_TEST_KEY);
        let pair = RsaKeyPair::from_der(&der).unwrap();
        let public = ring::rsa::PublicKeyComponents::<Vec<u8>>::from(pair.public());
        let alg_name = format!("{alg:?}");
        let jwk = json!({"kty": "RSA", "kid": kid, "alg": alg_name, "use": "sig",
                         "n": URL_SAFE_NO_PAD.encode(&public.n), "e": URL_SAFE_NO_PAD.encode(&public.e)});
        Self { kid: kid.to_owned(), alg, key: EncodingKey::from_rsa_der(&der), jwk }
    }

    /// The DER of the RSA public key, as an attacker might use it as an HMAC secret.
    pub fn rsa_public_der() -> Vec<u8> {
        let der = Self::pem_der(RSA_TEST_KEY);
        RsaKeyPair::from_der(&der).unwrap().public().as_ref().to_vec()
    }

    /// A fresh P-256 key for `ES256`.
    pub fn es256(kid: &str) -> Self {
        Self::ec(kid, &ECDSA_P256_SHA256_FIXED_SIGNING, "P-256", 32, Algorithm::ES256)
    }

    /// A fresh P-384 key for `ES384`.
    pub fn es384(kid: &str) -> Self {
        Self::ec(kid, &ECDSA_P384_SHA384_FIXED_SIGNING, "P-384", 48, Algorithm::ES384)
    }

    fn ec(
        kid: &str,
        alg: &'static ring::signature::EcdsaSigningAlgorithm,
        crv: &str,
        len: usize,
        algorithm: Algorithm,
    ) -> Self {
        let rng = SystemRandom::new();
        let doc = EcdsaKeyPair::generate_pkcs8(alg, &rng).unwrap();
        let pair = EcdsaKeyPair::from_pkcs8(alg, doc.as_ref(), &rng).unwrap();
        let point = &pair.public_key().as_ref()[1..];
        let jwk = json!({"kty": "EC", "crv": crv, "kid": kid, "use": "sig",
                         "x": URL_SAFE_NO_PAD.encode(&point[..len]), "y": URL_SAFE_NO_PAD.encode(&point[len..])});
        Self { kid: kid.to_owned(), alg: algorithm, key: EncodingKey::from_ec_der(doc.as_ref()), jwk }
    }

    /// A fresh Ed25519 key for `EdDSA`.
    pub fn ed25519(kid: &str) -> Self {
        let doc = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new()).unwrap();
        let pair = Ed25519KeyPair::from_pkcs8(doc.as_ref()).unwrap();
        let jwk = json!({"kty": "OKP", "crv": "Ed25519", "kid": kid, "use": "sig",
                         "x": URL_SAFE_NO_PAD.encode(pair.public_key().as_ref())});
        Self { kid: kid.to_owned(), alg: Algorithm::EdDSA, key: EncodingKey::from_ed_der(doc.as_ref()), jwk }
    }

    /// `claims` signed with this key, `kid` in the header.
    pub fn sign(&self, claims: &Value) -> String {
        let mut header = Header::new(self.alg);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.key).unwrap()
    }
}

#[derive(Clone, Default)]
struct IssuerState {
    url: Arc<Mutex<String>>,
    discovery_issuer: Arc<Mutex<Option<String>>>,
    keys: Arc<Mutex<Vec<Value>>>,
    discovery_hits: Arc<AtomicUsize>,
    jwks_hits: Arc<AtomicUsize>,
}

/// An OIDC issuer on `http://127.0.0.1:<port>`: discovery at the usual place, JWKS at `/jwks`.
pub struct TestIssuer {
    pub url: String,
    state: IssuerState,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestIssuer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn discovery(State(s): State<IssuerState>) -> Json<Value> {
    s.discovery_hits.fetch_add(1, Ordering::SeqCst);
    let url = s.url.lock().unwrap().clone();
    let issuer = s.discovery_issuer.lock().unwrap().clone().unwrap_or_else(|| url.clone());
    Json(
        json!({"issuer": issuer, "jwks_uri": format!("{url}/jwks"), "id_token_signing_alg_values_supported": ["RS256"]}),
    )
}

async fn jwks(State(s): State<IssuerState>) -> Json<Value> {
    s.jwks_hits.fetch_add(1, Ordering::SeqCst);
    Json(json!({ "keys": s.keys.lock().unwrap().clone() }))
}

impl TestIssuer {
    /// Starts an issuer publishing `signers`.
    pub async fn start(signers: &[&Signer]) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let state = IssuerState::default();
        *state.url.lock().unwrap() = url.clone();
        *state.keys.lock().unwrap() = signers.iter().map(|s| s.jwk.clone()).collect();
        let app = Router::new()
            .route("/.well-known/openid-configuration", get(discovery))
            .route("/jwks", get(jwks))
            .with_state(state.clone());
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self { url, state, task }
    }

    /// Adds a key to the published JWKS.
    pub fn publish(&self, signer: &Signer) {
        self.state.keys.lock().unwrap().push(signer.jwk.clone());
    }

    /// Makes the discovery document name another issuer.
    pub fn claim_to_be(&self, issuer: &str) {
        *self.state.discovery_issuer.lock().unwrap() = Some(issuer.to_owned());
    }

    /// How often discovery was fetched.
    pub fn discovery_hits(&self) -> usize {
        self.state.discovery_hits.load(Ordering::SeqCst)
    }

    /// How often the JWKS was fetched.
    pub fn jwks_hits(&self) -> usize {
        self.state.jwks_hits.load(Ordering::SeqCst)
    }

    /// Valid claims from this issuer for `sub`, audience `aud`, for ten minutes from now.
    pub fn claims(&self, sub: &str, aud: &str) -> Value {
        let now = now();
        json!({"iss": self.url, "sub": sub, "aud": aud, "iat": now, "nbf": now, "exp": now + 600})
    }
}

/// How to start a [`TestGrove`].
pub struct Options {
    pub allow_loopback_issuers: bool,
    pub refetch_interval_seconds: u64,
    pub active_key: SigningKey,
    pub retired_keys: Vec<SigningKey>,
    /// Where AWS tokens are forwarded (`sts.aws_sts_endpoint`); the default otherwise.
    pub aws_sts_endpoint: Option<String>,
    /// Run on a fresh PostgreSQL database (`TEST_DATABASE_URL`) instead of the memory store.
    pub postgres: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            allow_loopback_issuers: true,
            refetch_interval_seconds: 30,
            active_key: SigningKey::generate().unwrap(),
            retired_keys: Vec::new(),
            aws_sts_endpoint: None,
            postgres: false,
        }
    }
}

/// A response: status and JSON body (`Null` when empty).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

/// Grove on `http://127.0.0.1:<port>` (base URL and auth URL alike), memory store (or a fresh
/// PostgreSQL database), an organization `acme` owned by `admin`.
pub struct TestGrove {
    pub url: String,
    pub store: Arc<dyn Store>,
    pub tokens: Arc<ApiTokens>,
    pub org: String,
    pub admin_token: String,
    http: reqwest::Client,
    task: tokio::task::JoinHandle<()>,
    /// The PostgreSQL test database, dropped with the server.
    _database: grove_store_postgres::testing::DatabaseGuard,
}

impl Drop for TestGrove {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestGrove {
    pub async fn start(options: Options) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr: SocketAddr = listener.local_addr().unwrap();
        let url = format!("http://{addr}");
        let config = Config {
            listen: addr,
            sts: StsSettings {
                allow_loopback_issuers: Some(options.allow_loopback_issuers),
                jwks_refetch_interval_seconds: options.refetch_interval_seconds,
                fetch_timeout_ms: 2_000,
                aws_sts_endpoint: options.aws_sts_endpoint.unwrap_or_else(|| StsSettings::default().aws_sts_endpoint),
                ..StsSettings::default()
            },
            ..Config::default()
        };
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let (store, database): (Arc<dyn Store>, _) = if options.postgres {
            let db = grove_store_postgres::testing::TestDatabase::create().await.unwrap();
            (db.store() as Arc<dyn Store>, Some(db))
        } else {
            (Arc::new(MemoryStore::new(clock.now())), None)
        };
        let tokens = Arc::new(ApiTokens::new(
            options.active_key,
            options.retired_keys,
            config.auth_url(),
            config.base_url(),
            clock.clone(),
        ));
        let pager = Arc::new(Pager::new(b"sts test paging secret".to_vec(), clock.clone()));
        let deps = Deps {
            store: store.clone(),
            clock,
            ids: Arc::new(RandomIds),
            pager,
            events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
        };
        let bootstrap = BootstrapService::new(deps.clone());
        let admin = Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact("https://issuer.invalid".to_owned()),
            subject: Matcher::Exact("admin".to_owned()),
            audience: None,
            claims: Default::default(),
            claim_patterns: Default::default(),
        });
        let made = bootstrap.ensure_owned_organization("acme", "admin", "", admin).await.unwrap();
        let admin_token = tokens.mint(&made.identity.uid, chrono::Duration::hours(1)).unwrap().token;
        let sts = grove::serve::token_service(&config, &deps, tokens.clone()).unwrap();
        let services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
        let app = router_with(services, &AppConfig::default(), sts);
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self {
            url,
            store,
            tokens,
            org: made.group.uid.to_string(),
            admin_token,
            http: reqwest::Client::new(),
            task,
            _database: grove_store_postgres::testing::DatabaseGuard::new(database),
        }
    }

    async fn reply(response: reqwest::Response) -> Reply {
        let status = response.status().as_u16();
        let bytes = response.bytes().await.unwrap();
        let body = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap() };
        Reply { status, body }
    }

    /// `GET /sts/exchange` with `params`, presenting `bearer`.
    pub async fn exchange(&self, bearer: Option<&str>, params: &[(&str, &str)]) -> Reply {
        let mut request = self.http.get(format!("{}/sts/exchange", self.url)).query(params);
        if let Some(token) = bearer {
            request = request.bearer_auth(token);
        }
        Self::reply(request.send().await.unwrap()).await
    }

    /// `POST /sts/exchange` with `params` as a form, presenting `bearer`.
    pub async fn exchange_form(&self, bearer: &str, params: &[(&str, &str)]) -> Reply {
        let body: String = form_encode(params);
        let request = self
            .http
            .post(format!("{}/sts/exchange", self.url))
            .header("content-type", "application/x-www-form-urlencoded")
            .bearer_auth(bearer)
            .body(body);
        Self::reply(request.send().await.unwrap()).await
    }

    /// An API call with `token`.
    pub async fn call(&self, token: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Reply {
        let mut request = self.http.request(method, format!("{}{path}", self.url)).bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        Self::reply(request.send().await.unwrap()).await
    }

    /// A GET without credentials.
    pub async fn get_public(&self, path: &str) -> Reply {
        Self::reply(self.http.get(format!("{}{path}", self.url)).send().await.unwrap()).await
    }

    /// Creates, as admin, and returns the `uid` of the result.
    pub async fn create(&self, path: &str, body: Value) -> String {
        let r = self.call(&self.admin_token, reqwest::Method::POST, path, Some(body)).await;
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        r.body["uid"].as_str().unwrap().to_owned()
    }

    pub async fn group(&self, parent: &str, name: &str) -> String {
        self.create(&format!("/iam/v2beta1/groups/{parent}"), json!({ "name": name })).await
    }

    /// An identity in `group` that `issuer`'s tokens for `subject` may assume.
    pub async fn workload(&self, group: &str, name: &str, issuer: &str, subject: &str) -> String {
        let body = json!({ "name": name, "claimMatch": { "issuer": issuer, "subject": subject } });
        self.create(&format!("/iam/v2beta1/identities/{group}"), body).await
    }

    /// Binds `identity` to the built-in role `role` in `group`.
    pub async fn bind(&self, group: &str, identity: &str, role: &str) {
        let roles =
            self.call(&self.admin_token, reqwest::Method::GET, &format!("/iam/v2beta1/roles?name={role}"), None).await;
        let role_uid = roles.body["roles"][0]["uid"].as_str().unwrap().to_owned();
        self.create(
            &format!("/iam/v2beta1/roleBindings/{group}"),
            json!({ "identityUid": identity, "roleUid": role_uid }),
        )
        .await;
    }

    /// The identity as admin sees it.
    pub async fn identity(&self, uid: &str) -> Value {
        self.call(&self.admin_token, reqwest::Method::GET, &format!("/iam/v2beta1/identities/{uid}"), None).await.body
    }
}

fn form_encode(params: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for (k, v) in params {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(&url_encode(k));
        out.push('=');
        out.push_str(&url_encode(v));
    }
    out
}

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
