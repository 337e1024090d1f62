//! Group invites end to end, on the built `grove` binary (`grove serve --dev` in another
//! process): the owner creates invites, people who logged in by exchanging an identity token
//! from a test issuer redeem them with `POST /auth/v1/register`, and then see the invited
//! group and nothing else; a single-use invite redeemed twice, an expired invite and an
//! email-bound invite presented by another email are refused and change nothing.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sts_support::{Signer, TestIssuer};

/// `grove serve --dev` on a free loopback port, its owner's token, and a scratch directory.
struct DevServer {
    url: String,
    token: String,
    child: Child,
    dir: PathBuf,
    http: reqwest::Client,
}

impl Drop for DevServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl DevServer {
    fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let dir = std::env::temp_dir().join(format!("grove-invites-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let token_file = dir.join("dev-token");
        let child = Command::new(env!("CARGO_BIN_EXE_grove"))
            .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--dev-token-file"])
            .arg(&token_file)
            .current_dir(&dir)
            .env_remove("GROVE_DATABASE_URL")
            .env("GROVE_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let http = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
        let mut server =
            Self { url: format!("http://127.0.0.1:{port}"), token: String::new(), child, dir: dir.clone(), http };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(line) = std::fs::read_to_string(&token_file) {
                if let Some(token) = line.trim().strip_prefix("export GROVE_TOKEN=") {
                    server.token = token.to_owned();
                    break;
                }
            }
            assert!(Instant::now() < deadline, "grove serve --dev did not start");
            assert!(server.child.try_wait().unwrap().is_none(), "grove serve --dev exited");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// A call with `token`: status and JSON body.
    async fn call(&self, token: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.url)).bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let bytes = response.bytes().await.unwrap();
        (status, if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap() })
    }

    /// A call as the owner that must succeed: its body.
    async fn owner(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let (status, body) = self.call(&self.token.clone(), method, path, body).await;
        assert_eq!(status, 200, "{path}: {body}");
        body
    }

    /// The API token of a person: an identity in `home` that tokens of `issuer` for `subject`
    /// assume, logged in once with `email` (verified) in its identity token.
    async fn person(
        &self,
        issuer: &TestIssuer,
        signer: &Signer,
        home: &str,
        subject: &str,
        email: &str,
    ) -> (String, String) {
        let identity = self
            .owner(
                reqwest::Method::POST,
                &format!("/iam/v2beta1/identities/{home}"),
                Some(json!({ "name": subject, "claimMatch": { "issuer": issuer.url, "subject": subject } })),
            )
            .await["uid"]
            .as_str()
            .unwrap()
            .to_owned();
        let mut claims = issuer.claims(subject, &self.url);
        claims["email"] = json!(email);
        claims["email_verified"] = json!(true);
        let response = self
            .http
            .get(format!("{}/sts/exchange", self.url))
            .query(&[("aud", self.url.as_str()), ("identity", identity.as_str())])
            .bearer_auth(signer.sign(&claims))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        let body: Value = response.json().await.unwrap();
        (identity, body["token"].as_str().unwrap().to_owned())
    }

    async fn invite(&self, group: &str, body: Value) -> Value {
        self.owner(reqwest::Method::POST, &format!("/iam/v2beta1/groupInvites/{group}"), Some(body)).await
    }

    async fn register(&self, token: &str, code: &str) -> (u16, Value) {
        self.call(token, reqwest::Method::POST, "/auth/v1/register", Some(json!({ "code": code }))).await
    }

    /// The uids of the groups `token` may list.
    async fn groups_seen(&self, token: &str) -> Vec<String> {
        let (status, body) = self.call(token, reqwest::Method::GET, "/iam/v2beta1/groups", None).await;
        assert_eq!(status, 200, "{body}");
        body["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap().to_owned()).collect()
    }
}

fn refusal(body: &Value) -> (&str, &str) {
    (body["details"][0]["reason"].as_str().unwrap_or_default(), body["message"].as_str().unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invited_people_join_the_group_once_and_refused_codes_change_nothing() {
    let server = DevServer::start();
    let signer = Signer::es256("people-key");
    let issuer = TestIssuer::start(&[&signer]).await;
    let org = server.owner(reqwest::Method::GET, "/iam/v2beta1/groups?uidp.in_root=true", None).await["groups"][0]
        ["uid"]
        .as_str()
        .unwrap()
        .to_owned();
    let create = |name: &'static str| {
        let server = &server;
        let org = org.clone();
        async move {
            server
                .owner(reqwest::Method::POST, &format!("/iam/v2beta1/groups/{org}"), Some(json!({ "name": name })))
                .await["uid"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let team = create("team").await;
    create("secret").await;
    let people = create("people").await;
    let (alice, alice_token) = server.person(&issuer, &signer, &people, "alice", "alice@acme.example").await;
    let (_, bob_token) = server.person(&issuer, &signer, &people, "bob", "bob@acme.example").await;
    assert_eq!(server.groups_seen(&alice_token).await, Vec::<String>::new(), "no binding yet");

    // An owner's single-use invite: the first person joins, the second is refused.
    let once = server
        .invite(&team, json!({ "roleUid": grove_domain::builtin::VIEWER, "ttl": "3600s", "singleUse": true }))
        .await;
    let code = once["code"].as_str().unwrap();
    let (status, session) = server.register(&alice_token, code).await;
    assert_eq!((status, session), (200, json!({ "identity": alice, "group": team })));
    assert_eq!(server.groups_seen(&alice_token).await, vec![team.clone()], "the team and nothing else");
    let (status, refused) = server.register(&bob_token, code).await;
    let uid = once["uid"].as_str().unwrap();
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refusal(&refused),
        (
            "FAILED_PRECONDITION",
            format!("Precondition failed: invite {uid} is single-use and has already been used").as_str()
        )
    );
    assert_eq!(server.groups_seen(&bob_token).await, Vec::<String>::new(), "bob joined nothing");

    // An expired invite.
    let short = server.invite(&team, json!({ "roleUid": grove_domain::builtin::VIEWER, "ttl": "1s" })).await;
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let (status, refused) = server.register(&bob_token, short["code"].as_str().unwrap()).await;
    assert_eq!(status, 400, "{refused}");
    let expired_at = short["expirationTime"].as_str().unwrap();
    assert_eq!(
        refusal(&refused),
        ("FAILED_PRECONDITION", format!("Precondition failed: the invite expired at {expired_at}").as_str())
    );

    // An invite bound to carol's email, presented by bob.
    let bound = server
        .invite(
            &team,
            json!({ "roleUid": grove_domain::builtin::VIEWER, "ttl": "3600s", "email": "carol@acme.example" }),
        )
        .await;
    let (status, refused) = server.register(&bob_token, bound["code"].as_str().unwrap()).await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(
        refusal(&refused),
        (
            "PERMISSION_DENIED",
            "Permission denied: the invite is for another email address than the caller's verified email"
        )
    );
    assert_eq!(server.groups_seen(&bob_token).await, Vec::<String>::new(), "bob still joined nothing");

    // Garbage is no code.
    let (status, refused) = server.register(&bob_token, "garbage").await;
    assert_eq!((status, refusal(&refused).0), (400, "INVALID_ARGUMENT"));
    let bindings = server.owner(reqwest::Method::GET, &format!("/iam/v2beta1/roleBindings?group={team}"), None).await;
    assert_eq!(bindings["totalCount"], "1", "only alice's binding: {bindings}");
}
