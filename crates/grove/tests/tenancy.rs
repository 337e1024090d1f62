//! Tenancy of people, end to end over HTTP on both stores (issue 39): a second organization
//! `evil`, owned by a workload identity of its own (the attacker), against the organization
//! `acme` (the victim). A login through an organization's provider yields only that
//! provider's person, whatever issuer and client id another provider copies; an email counts
//! for an invite only as far as who vouched for it; binding a person reveals only their uid;
//! refresh tokens die with their provider's issuer or client id and can be revoked.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use grove_domain::builtin::{EDITOR, OWNER, VIEWER};
use grove_domain::Uidp;
use reqwest::Method;
use serde_json::{json, Value};
use sts_support::{Options, Reply, Signer, TestGrove, TestIssuer};

/// The client id of acme's provider, which the attacker copies.
const CLIENT: &str = "app-1";

/// acme (the admin's), its provider `sso` for [`CLIENT`] at the shared issuer with default
/// role viewer, and evil: an organization whose owner is the workload identity `attacker`.
struct World {
    grove: TestGrove,
    issuer: TestIssuer,
    signer: Signer,
    acme_idp: String,
    evil: String,
    attacker: String,
}

impl World {
    async fn new(postgres: bool) -> Self {
        let grove = TestGrove::start(Options { postgres, ..Options::default() }).await;
        let signer = Signer::es256("people");
        let issuer = TestIssuer::start(&[&signer]).await;
        let acme_idp = provider(&grove, &grove.admin_token, &grove.org, &issuer.url, CLIENT).await;
        let evil = grove.create("/iam/v2beta1/groups", json!({ "name": "evil" })).await;
        let workload = grove.workload(&evil, "attacker", &issuer.url, "attacker").await;
        grove.bind(&evil, &workload, "owner").await;
        let mut claims = issuer.claims("attacker", &grove.url);
        claims["email"] = json!("ceo@corp.example");
        claims["email_verified"] = json!(true);
        let reply = grove.exchange(Some(&signer.sign(&claims)), &[("aud", &grove.url), ("identity", &workload)]).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let attacker = reply.body["token"].as_str().unwrap().to_owned();
        Self { grove, issuer, signer, acme_idp, evil, attacker }
    }

    /// An ID token of the shared issuer for `subject`, audience `client`, with `email` verified.
    fn id_token(&self, subject: &str, client: &str, email: &str) -> String {
        let mut claims = self.issuer.claims(subject, client);
        claims["email"] = json!(email);
        claims["email_verified"] = json!(true);
        self.signer.sign(&claims)
    }

    /// Logs `id_token` in through the provider `idp`: the answer of `/sts/exchange`.
    async fn log_in(&self, id_token: &str, idp: &str) -> Reply {
        self.grove.exchange(Some(id_token), &[("aud", &self.grove.url), ("identity_provider", idp)]).await
    }

    /// The uids of the groups `token` may list.
    async fn groups_seen(&self, token: &str) -> Vec<String> {
        let reply = self.grove.call(token, Method::GET, "/iam/v2beta1/groups", None).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.body["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap().to_owned()).collect()
    }

    async fn refresh(&self, refresh_token: &str) -> Reply {
        let response = reqwest::Client::new()
            .post(format!("{}/sts/exchange_refresh_token", self.grove.url))
            .bearer_auth(refresh_token)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(format!("aud={}", self.grove.url))
            .send()
            .await
            .unwrap();
        reply(response).await
    }

    async fn revoke(&self, form: &str) -> Reply {
        let response = reqwest::Client::new()
            .post(format!("{}/sts/revoke", self.grove.url))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form.to_owned())
            .send()
            .await
            .unwrap();
        reply(response).await
    }
}

async fn reply(response: reqwest::Response) -> Reply {
    let status = response.status().as_u16();
    let bytes = response.bytes().await.unwrap();
    Reply { status, body: if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap() } }
}

/// Creates, with `token`, a provider in `group` at `issuer` for `client`, default role viewer.
async fn provider(grove: &TestGrove, token: &str, group: &str, issuer: &str, client: &str) -> String {
    let body = json!({
        "name": format!("sso {client}"),
        "defaultRole": VIEWER,
        "oidc": { "issuer": issuer, "clientId": client, "pkceEnabled": true },
    });
    let reply = grove.call(token, Method::POST, &format!("/iam/v2beta1/identityProviders/{group}"), Some(body)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["uid"].as_str().unwrap().to_owned()
}

/// A hydrated identity that shows its uid and nothing else.
fn uid_only(uid: &str) -> Value {
    json!({ "uid": uid, "name": "", "description": "", "subject": "", "issuer": "", "email": "" })
}

fn subject_of(token: &str) -> String {
    use base64::Engine as _;
    let payload = token.split('.').nth(1).unwrap();
    let claims: Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    claims["sub"].as_str().unwrap().to_owned()
}

fn denied(reply: &Reply) -> (u16, &str) {
    (reply.status, reply.body["message"].as_str().unwrap_or_default())
}

async fn another_organizations_provider_never_yields_the_person(postgres: bool) {
    let w = World::new(postgres).await;
    let alice_id = w.id_token("alice", CLIENT, "alice@acme.example");
    let login = w.log_in(&alice_id, &w.acme_idp).await;
    assert_eq!(login.status, 200, "{}", login.body);
    let alice = subject_of(login.body["token"].as_str().unwrap());
    assert_eq!(alice, Uidp::provider_person(&Uidp::parse(&w.acme_idp).unwrap(), "alice").to_string());
    assert_eq!(w.groups_seen(login.body["token"].as_str().unwrap()).await, vec![w.grove.org.clone()]);

    // The attacker copies acme's issuer and client id into a provider of evil, and exchanges
    // the same ID token through it: a person of evil's provider, who holds nothing in acme.
    let copy = provider(&w.grove, &w.attacker, &w.evil, &w.issuer.url, CLIENT).await;
    let taken = w.log_in(&alice_id, &copy).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let token = taken.body["token"].as_str().unwrap();
    assert_ne!(subject_of(token), alice);
    assert_eq!(w.groups_seen(token).await, vec![w.evil.clone()], "only the attacker's own organization");
    let acme = w.grove.call(token, Method::GET, &format!("/iam/v2beta1/groups/{}", w.grove.org), None).await;
    assert_eq!(acme.status, 404, "{}", acme.body);

    // Alice signing into the attacker's own app gives the attacker the same: not Alice.
    let own = provider(&w.grove, &w.attacker, &w.evil, &w.issuer.url, "evil-app").await;
    let taken = w.log_in(&w.id_token("alice", "evil-app", "alice@acme.example"), &own).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert_ne!(subject_of(taken.body["token"].as_str().unwrap()), alice);
    let refreshed = w.refresh(taken.body["refreshToken"].as_str().unwrap()).await;
    assert_eq!(refreshed.status, 200, "{}", refreshed.body);
    assert_ne!(subject_of(refreshed.body["token"]["token"].as_str().unwrap()), alice);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_organizations_provider_with_the_same_issuer_and_client_never_yields_the_person() {
    another_organizations_provider_never_yields_the_person(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_organizations_provider_with_the_same_issuer_and_client_never_yields_the_person_on_postgres() {
    another_organizations_provider_never_yields_the_person(true).await;
}

async fn emails_count_for_invites_only_as_far_as_who_vouched(postgres: bool) {
    let w = World::new(postgres).await;
    let invite = w
        .grove
        .call(
            &w.grove.admin_token,
            Method::POST,
            &format!("/iam/v2beta1/groupInvites/{}", w.grove.org),
            Some(json!({ "roleUid": EDITOR, "ttl": "3600s", "email": "ceo@corp.example" })),
        )
        .await;
    assert_eq!(invite.status, 200, "{}", invite.body);
    let code = invite.body["code"].as_str().unwrap();
    let register = |token: String| {
        let grove = &w.grove;
        async move { grove.call(&token, Method::POST, "/auth/v1/register", Some(json!({ "code": code }))).await }
    };
    let refused = "Permission denied: the invite is for another email address than the caller's verified email";

    // The attacker's workload token says email_verified for the CEO's address.
    assert_eq!(denied(&register(w.attacker.clone()).await), (403, refused));
    // So does a person of the attacker's own provider.
    let copy = provider(&w.grove, &w.attacker, &w.evil, &w.issuer.url, CLIENT).await;
    let fake = w.log_in(&w.id_token("ceo", CLIENT, "ceo@corp.example"), &copy).await;
    assert_eq!(fake.status, 200, "{}", fake.body);
    assert_eq!(denied(&register(fake.body["token"].as_str().unwrap().to_owned()).await), (403, refused));
    let bindings = w
        .grove
        .call(&w.grove.admin_token, Method::GET, &format!("/iam/v2beta1/roleBindings?group={}", w.grove.org), None)
        .await;
    assert_eq!(bindings.body["totalCount"], "1", "only the admin's binding: {}", bindings.body);

    // A person of acme's own provider with that verified address redeems it.
    let ceo = w.log_in(&w.id_token("ceo", CLIENT, "ceo@corp.example"), &w.acme_idp).await;
    assert_eq!(ceo.status, 200, "{}", ceo.body);
    let joined = register(ceo.body["token"].as_str().unwrap().to_owned()).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(joined.body["group"], w.grove.org.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_email_bound_invite_refuses_addresses_a_workload_or_another_organizations_provider_vouched_for() {
    emails_count_for_invites_only_as_far_as_who_vouched(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_email_bound_invite_refuses_addresses_a_workload_or_another_organizations_provider_vouched_for_on_postgres()
{
    emails_count_for_invites_only_as_far_as_who_vouched(true).await;
}

async fn binding_a_person_reveals_only_the_uid(postgres: bool) {
    let w = World::new(postgres).await;
    let login = w.log_in(&w.id_token("alice", CLIENT, "alice@acme.example"), &w.acme_idp).await;
    assert_eq!(login.status, 200, "{}", login.body);
    let alice = subject_of(login.body["token"].as_str().unwrap());

    // acme, which alice joined, sees who she is.
    let seen = w
        .grove
        .call(&w.grove.admin_token, Method::GET, &format!("/iam/v2beta1/roleBindings?identity={alice}"), None)
        .await;
    assert_eq!(seen.body["roleBindings"][0]["identity"]["email"], "alice@acme.example", "{}", seen.body);

    // The attacker binds her in evil: the answer, the get and the list show her uid only.
    let bound = w
        .grove
        .call(
            &w.attacker,
            Method::POST,
            &format!("/iam/v2beta1/roleBindings/{}", w.evil),
            Some(json!({ "identityUid": alice, "roleUid": OWNER })),
        )
        .await;
    assert_eq!(bound.status, 200, "{}", bound.body);
    assert_eq!(bound.body["identity"], uid_only(&alice), "{}", bound.body);
    let uid = bound.body["uid"].as_str().unwrap();
    let got = w.grove.call(&w.attacker, Method::GET, &format!("/iam/v2beta1/roleBindings/{uid}"), None).await;
    assert_eq!(got.body["identity"], uid_only(&alice), "{}", got.body);
    let listed =
        w.grove.call(&w.attacker, Method::GET, &format!("/iam/v2beta1/roleBindings?group={}", w.evil), None).await;
    let mine: Vec<&Value> =
        listed.body["roleBindings"].as_array().unwrap().iter().filter(|b| b["identityUid"] == alice.as_str()).collect();
    assert_eq!(mine.len(), 1, "{}", listed.body);
    assert_eq!(mine[0]["identity"], uid_only(&alice));
    let direct = w.grove.call(&w.attacker, Method::GET, &format!("/iam/v2beta1/identities/{alice}"), None).await;
    assert_eq!(direct.status, 404, "{}", direct.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binding_a_person_in_another_organization_reveals_only_their_uid() {
    binding_a_person_reveals_only_the_uid(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binding_a_person_in_another_organization_reveals_only_their_uid_on_postgres() {
    binding_a_person_reveals_only_the_uid(true).await;
}

async fn refresh_tokens_follow_their_provider_and_can_be_revoked(postgres: bool) {
    let w = World::new(postgres).await;
    let alice_id = w.id_token("alice", CLIENT, "alice@acme.example");
    let refused = "Unauthenticated: the refresh token is not valid; log in again";

    // Revoked (RFC 7009): refused afterwards; revoking garbage or again still answers 200.
    let login = w.log_in(&alice_id, &w.acme_idp).await;
    let first = login.body["refreshToken"].as_str().unwrap().to_owned();
    let rotated = w.refresh(&first).await;
    assert_eq!(rotated.status, 200, "{}", rotated.body);
    let second = rotated.body["refreshToken"]["token"].as_str().unwrap().to_owned();
    let revoked = w.revoke(&format!("token={first}&token_type_hint=refresh_token")).await;
    assert_eq!((revoked.status, &revoked.body), (200, &json!({})));
    assert_eq!(denied(&w.refresh(&second).await), (401, refused), "the family went with the used token");
    assert_eq!(w.revoke("token=grr_unknown").await.status, 200);
    let missing = w.revoke("").await;
    assert_eq!(
        (missing.status, missing.body["message"].as_str().unwrap()),
        (400, "Invalid argument: token: token is required")
    );

    // A change of the provider's client id ends every refresh token handed out through it.
    let login = w.log_in(&alice_id, &w.acme_idp).await;
    let live = login.body["refreshToken"].as_str().unwrap().to_owned();
    let changed = w
        .grove
        .call(
            &w.grove.admin_token,
            Method::PATCH,
            &format!("/iam/v2beta1/identityProviders/{}", w.acme_idp),
            Some(json!({ "oidc": { "clientId": "app-2" } })),
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(denied(&w.refresh(&live).await), (401, refused));

    // So does deleting the provider.
    let login = w.log_in(&w.id_token("alice", "app-2", "alice@acme.example"), &w.acme_idp).await;
    assert_eq!(login.status, 200, "{}", login.body);
    let live = login.body["refreshToken"].as_str().unwrap().to_owned();
    let deleted = w
        .grove
        .call(&w.grove.admin_token, Method::DELETE, &format!("/iam/v2beta1/identityProviders/{}", w.acme_idp), None)
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(denied(&w.refresh(&live).await), (401, refused));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refresh_tokens_die_with_their_providers_client_id_or_the_provider_and_can_be_revoked() {
    refresh_tokens_follow_their_provider_and_can_be_revoked(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refresh_tokens_die_with_their_providers_client_id_or_the_provider_and_can_be_revoked_on_postgres() {
    refresh_tokens_follow_their_provider_and_can_be_revoked(true).await;
}

/// A SCIM request to acme's provider `idp` with `token`.
async fn scim(w: &World, token: &str, method: Method, rest: &str, body: Option<Value>) -> Reply {
    let mut request = reqwest::Client::new()
        .request(method, format!("{}/scim/v2/{}{rest}", w.grove.url, w.acme_idp))
        .bearer_auth(token)
        .header("content-type", "application/scim+json");
    if let Some(body) = body {
        request = request.body(body.to_string());
    }
    reply(request.send().await.unwrap()).await
}

/// Enables SCIM on acme's provider (with the second owner it needs): the SCIM token.
async fn scim_on(w: &World) -> String {
    let second = w.grove.workload(&w.grove.org, "second-owner", &w.issuer.url, "second-owner").await;
    w.grove.bind(&w.grove.org, &second, "owner").await;
    let verb = |verb: &str, body: Value| {
        let path = format!("/iam/v2beta1/identityProviders/{}:{verb}", w.acme_idp);
        async move { w.grove.call(&w.grove.admin_token, Method::POST, &path, Some(body)).await }
    };
    let generated = verb("generateScimToken", json!({})).await;
    assert_eq!(generated.status, 200, "{}", generated.body);
    let on = verb("setScimEnabled", json!({ "enabled": true, "etag": generated.body["etag"] })).await;
    assert_eq!(on.status, 200, "{}", on.body);
    generated.body["token"].as_str().unwrap().to_owned()
}

async fn scim_deactivation_refuses_logins_and_tokens_until_reactivation(postgres: bool) {
    let w = World::new(postgres).await;
    let scim_token = scim_on(&w).await;
    let alice_id = w.id_token("alice", CLIENT, "alice@acme.example");
    // Provisioning is the source of truth while SCIM is on: an unprovisioned person is refused.
    let refused = w.log_in(&alice_id, &w.acme_idp).await;
    // The reason (not provisioned) goes to the log only, as every refusal's does.
    let refusal = (403, "Permission denied: the presented token may not assume the requested identity");
    assert_eq!(denied(&refused), refusal, "{}", refused.body);
    let created = scim(
        &w,
        &scim_token,
        Method::POST,
        "/Users",
        Some(json!({ "userName": "alice@acme.example", "externalId": "alice", "active": true })),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();

    let login = w.log_in(&alice_id, &w.acme_idp).await;
    assert_eq!(login.status, 200, "{}", login.body);
    let token = login.body["token"].as_str().unwrap().to_owned();
    let refresh = login.body["refresh_token"].as_str().or(login.body["refreshToken"].as_str()).unwrap().to_owned();
    let alice = subject_of(&token);
    assert_eq!(w.groups_seen(&token).await, vec![w.grove.org.clone()]);
    let listed = w
        .grove
        .call(
            &w.grove.admin_token,
            Method::GET,
            &format!("/iam/v2beta1/identityProviders/{}/scimUsers", w.acme_idp),
            None,
        )
        .await;
    assert_eq!(listed.body["scimUsers"][0]["iamIdentityUid"], alice.as_str(), "{}", listed.body);

    // Deactivated: logins refused, the refresh token revoked, the API token dead within the
    // grants cache's TTL (one second).
    let off = json!({ "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
                      "Operations": [{ "op": "replace", "value": { "active": false } }] });
    let patched = scim(&w, &scim_token, Method::PATCH, &format!("/Users/{id}"), Some(off)).await;
    assert_eq!((patched.status, patched.body["active"].clone()), (200, json!(false)), "{}", patched.body);
    let refused = w.log_in(&alice_id, &w.acme_idp).await;
    assert_eq!(denied(&refused), refusal);
    assert_eq!(w.refresh(&refresh).await.status, 401);
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    let stale = w.grove.call(&token, Method::GET, "/iam/v2beta1/groups", None).await;
    assert_eq!(stale.status, 401, "{}", stale.body);

    // Reactivated: she logs in again and holds what she held.
    let on = json!({ "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
                     "Operations": [{ "op": "replace", "path": "active", "value": true }] });
    let patched = scim(&w, &scim_token, Method::PATCH, &format!("/Users/{id}"), Some(on)).await;
    assert_eq!(patched.status, 200, "{}", patched.body);
    let again = w.log_in(&alice_id, &w.acme_idp).await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(w.groups_seen(again.body["token"].as_str().unwrap()).await, vec![w.grove.org.clone()]);

    // Deleted: the person goes with her bindings, and she cannot log in any more.
    let deleted = scim(&w, &scim_token, Method::DELETE, &format!("/Users/{id}"), None).await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(
        w.grove.call(&w.grove.admin_token, Method::GET, &format!("/iam/v2beta1/identities/{alice}"), None).await.status,
        404
    );
    let bindings = w
        .grove
        .call(&w.grove.admin_token, Method::GET, &format!("/iam/v2beta1/roleBindings?identity={alice}"), None)
        .await;
    assert_eq!(bindings.body["roleBindings"], json!([]), "{}", bindings.body);
    assert_eq!(w.log_in(&alice_id, &w.acme_idp).await.status, 403);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deactivated_scim_user_cannot_log_in_or_use_tokens_until_reactivated() {
    scim_deactivation_refuses_logins_and_tokens_until_reactivation(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deactivated_scim_user_cannot_log_in_or_use_tokens_until_reactivated_on_postgres() {
    scim_deactivation_refuses_logins_and_tokens_until_reactivation(true).await;
}
