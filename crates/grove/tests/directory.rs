//! Directory features end to end over HTTP on both stores (issue 40): external group role
//! mappings applied at every login through an organization's provider, from the groups claim
//! it names, and from the SCIM groups the provider provisions; bindings made by hand are never
//! touched; deleting a mapping takes its bindings back at once.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

mod sts_support;

use grove_domain::builtin::{EDITOR, VIEWER};
use reqwest::Method;
use serde_json::{json, Value};
use sts_support::{Options, Signer, TestGrove, TestIssuer};

const CLIENT: &str = "directory-app";

struct World {
    grove: TestGrove,
    issuer: TestIssuer,
    signer: Signer,
    idp: String,
}

impl World {
    /// acme with a provider whose groups claim is `groups_claim` (empty: the default).
    async fn new(postgres: bool, groups_claim: &str) -> Self {
        let grove = TestGrove::start(Options { postgres, ..Options::default() }).await;
        let signer = Signer::es256("people");
        let issuer = TestIssuer::start(&[&signer]).await;
        let body = json!({
            "name": "sso",
            "defaultRole": VIEWER,
            "oidc": { "issuer": issuer.url, "clientId": CLIENT, "pkceEnabled": true, "groupsClaim": groups_claim },
        });
        let idp = grove.create(&format!("/iam/v2beta1/identityProviders/{}", grove.org), body).await;
        Self { grove, issuer, signer, idp }
    }

    async fn map(&self, external_group: &str, role: &str, scope: &str) -> String {
        let body = json!({ "externalGroupId": external_group, "roleUid": role, "scope": scope });
        self.grove.create(&format!("/iam/v2beta1/externalGroupRoleMappings/{}", self.idp), body).await
    }

    /// Logs alice in with `claims` added to her ID token: her uid.
    async fn log_in(&self, claims: Value) -> String {
        let mut token = self.issuer.claims("alice", CLIENT);
        for (k, v) in claims.as_object().unwrap() {
            token[k] = v.clone();
        }
        let params = [("aud", self.grove.url.as_str()), ("identity_provider", self.idp.as_str())];
        let reply = self.grove.exchange(Some(&self.signer.sign(&token)), &params).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.body["identity"].as_str().map_or_else(|| subject_of(reply.body["token"].as_str().unwrap()), str::to_owned)
    }

    /// Switches SCIM on for the provider (with the second owner it needs): the SCIM token.
    async fn scim_on(&self) -> String {
        let second = self.grove.workload(&self.grove.org, "second-owner", &self.issuer.url, "second-owner").await;
        self.grove.bind(&self.grove.org, &second, "owner").await;
        let verb = |verb: &str, body: Value| {
            let path = format!("/iam/v2beta1/identityProviders/{}:{verb}", self.idp);
            async move { self.grove.call(&self.grove.admin_token, Method::POST, &path, Some(body)).await }
        };
        let generated = verb("generateScimToken", json!({})).await;
        assert_eq!(generated.status, 200, "{}", generated.body);
        let on = verb("setScimEnabled", json!({ "enabled": true, "etag": generated.body["etag"] })).await;
        assert_eq!(on.status, 200, "{}", on.body);
        generated.body["token"].as_str().unwrap().to_owned()
    }

    /// A SCIM request to the provider: status and body.
    async fn scim(&self, token: &str, method: Method, rest: &str, body: Value) -> (u16, Value) {
        let response = reqwest::Client::new()
            .request(method, format!("{}/scim/v2/{}{rest}", self.grove.url, self.idp))
            .bearer_auth(token)
            .header("content-type", "application/scim+json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// alice's bindings as (group, role) pairs, sorted.
    async fn bindings(&self, person: &str) -> Vec<(String, String)> {
        let path = format!("/iam/v2beta1/roleBindings?identity={person}&uidp.descendants_of={}", self.grove.org);
        let reply = self.grove.call(&self.grove.admin_token, Method::GET, &path, None).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let mut pairs: Vec<(String, String)> = reply.body["roleBindings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let uid = b["uid"].as_str().unwrap();
                (uid[..uid.rfind('/').unwrap()].to_owned(), b["role"]["uid"].as_str().unwrap().to_owned())
            })
            .collect();
        pairs.sort();
        pairs
    }
}

fn subject_of(token: &str) -> String {
    use base64::Engine as _;
    let payload = token.split('.').nth(1).unwrap();
    let claims: Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    claims["sub"].as_str().unwrap().to_owned()
}

fn now() -> grove_domain::Timestamp {
    grove_domain::Timestamp::from_unix_millis(sts_support::now() * 1000).unwrap()
}

fn sorted(mut pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    pairs.sort();
    pairs
}

fn pair(group: &str, role: &str) -> (String, String) {
    (group.to_owned(), role.to_owned())
}

async fn a_login_gains_and_loses_mapped_bindings_and_never_touches_those_made_by_hand(postgres: bool) {
    let w = World::new(postgres, "").await;
    let org = w.grove.org.clone();
    let eng = w.grove.group(&org, "eng").await;
    let ops = w.grove.group(&org, "ops").await;
    let eng_editor = w.map("engineering", EDITOR, &eng).await;
    w.map("operations", VIEWER, &ops).await;

    // First login in engineering: the default role at the organization and the mapped editor.
    let alice = w.log_in(json!({ "groups": ["engineering", "unmapped"] })).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&eng, EDITOR)]));

    // An administrator binds alice as viewer in ops by hand.
    w.grove.bind(&ops, &alice, "viewer").await;

    // She moves to operations: the editor binding goes; ops' mapping finds the hand-made
    // binding and leaves it the administrator's.
    w.log_in(json!({ "groups": ["operations"] })).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&ops, VIEWER)]));

    // In no group: the hand-made binding stays (and the default role's).
    w.log_in(json!({ "groups": [] })).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&ops, VIEWER)]));

    // Back in engineering (the claim may be one string), then the mapping is deleted: the
    // binding it made goes at once, without waiting for her next login.
    w.log_in(json!({ "groups": "engineering" })).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&eng, EDITOR), pair(&ops, VIEWER)]));
    let deleted = w
        .grove
        .call(
            &w.grove.admin_token,
            Method::DELETE,
            &format!("/iam/v2beta1/externalGroupRoleMappings/{eng_editor}"),
            None,
        )
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&ops, VIEWER)]));

    // Each binding the mappings added or removed has its event, in order.
    let types: Vec<String> = w
        .grove
        .store
        .claim_events(now(), now(), 1_000)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.event_type.as_str().contains("rolebindings"))
        .map(|e| format!("{} {}", e.event_type.as_str().rsplit('.').nth(1).unwrap(), e.subject.parent().unwrap()))
        .collect();
    assert_eq!(
        types,
        [
            format!("created {org}"),
            format!("created {eng}"),
            format!("created {ops}"),
            format!("deleted {eng}"),
            format!("created {eng}"),
            format!("deleted {eng}"),
        ]
    );
}

#[tokio::test]
async fn a_login_gains_and_loses_mapped_bindings_and_never_touches_those_made_by_hand_in_memory() {
    a_login_gains_and_loses_mapped_bindings_and_never_touches_those_made_by_hand(false).await;
}

#[tokio::test]
async fn a_login_gains_and_loses_mapped_bindings_and_never_touches_those_made_by_hand_on_postgres() {
    a_login_gains_and_loses_mapped_bindings_and_never_touches_those_made_by_hand(true).await;
}

async fn a_custom_groups_claim_is_read_and_a_malformed_one_refuses_the_login(postgres: bool) {
    let w = World::new(postgres, "realm_access.roles").await;
    let org = w.grove.org.clone();
    w.map("admins", EDITOR, &org).await;
    let alice = w.log_in(json!({ "groups": ["admins"], "realm_access": { "roles": ["admins"] } })).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, EDITOR), pair(&org, VIEWER)]));

    let mut token = w.issuer.claims("alice", CLIENT);
    token["realm_access"] = json!({ "roles": { "admins": true } });
    let params = [("aud", w.grove.url.as_str()), ("identity_provider", w.idp.as_str())];
    let reply = w.grove.exchange(Some(&w.signer.sign(&token)), &params).await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    assert_eq!(
        w.bindings(&alice).await,
        sorted(vec![pair(&org, EDITOR), pair(&org, VIEWER)]),
        "a refused login changes nothing"
    );
}

#[tokio::test]
async fn a_custom_groups_claim_is_read_and_a_malformed_one_refuses_the_login_in_memory() {
    a_custom_groups_claim_is_read_and_a_malformed_one_refuses_the_login(false).await;
}

#[tokio::test]
async fn a_custom_groups_claim_is_read_and_a_malformed_one_refuses_the_login_on_postgres() {
    a_custom_groups_claim_is_read_and_a_malformed_one_refuses_the_login(true).await;
}

async fn scim_group_membership_feeds_the_same_mappings(postgres: bool) {
    let w = World::new(postgres, "").await;
    let org = w.grove.org.clone();
    let eng = w.grove.group(&org, "eng").await;
    w.map("engineering", EDITOR, &eng).await;
    let token = w.scim_on().await;
    let user = json!({ "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
        "userName": "alice@acme.example", "externalId": "alice" });
    let (status, created) = w.scim(&token, Method::POST, "/Users", user).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();

    // A group the provider provisions before alice's first login: the login applies it.
    let group = json!({ "schemas": ["urn:ietf:params:scim:schemas:core:2.0:Group"],
        "displayName": "engineering", "members": [{ "value": id }] });
    let (status, group) = w.scim(&token, Method::POST, "/Groups", group).await;
    assert_eq!(status, 201, "{group}");
    let group_id = group["id"].as_str().unwrap().to_owned();
    let alice = w.log_in(json!({})).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&eng, EDITOR)]));

    // Her ID token names no groups, but SCIM still does: the binding stays.
    w.log_in(json!({ "groups": [] })).await;
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&eng, EDITOR)]));

    // The provider removes her from the group: the binding goes at once, no login needed.
    let remove = json!({ "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "remove", "path": format!("members[value eq \"{id}\"]") }] });
    let (status, body) = w.scim(&token, Method::PATCH, &format!("/Groups/{group_id}"), remove).await;
    assert!(status == 200 || status == 204, "{status} {body}");
    assert_eq!(w.bindings(&alice).await, vec![pair(&org, VIEWER)]);

    // Added back: the binding returns; the group deleted: it goes again.
    let add = json!({ "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "add", "path": "members", "value": [{ "value": id }] }] });
    let (status, body) = w.scim(&token, Method::PATCH, &format!("/Groups/{group_id}"), add).await;
    assert!(status == 200 || status == 204, "{status} {body}");
    assert_eq!(w.bindings(&alice).await, sorted(vec![pair(&org, VIEWER), pair(&eng, EDITOR)]));
    let (status, body) = w.scim(&token, Method::DELETE, &format!("/Groups/{group_id}"), Value::Null).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(w.bindings(&alice).await, vec![pair(&org, VIEWER)]);
}

#[tokio::test]
async fn scim_group_membership_feeds_the_same_mappings_in_memory() {
    scim_group_membership_feeds_the_same_mappings(false).await;
}

#[tokio::test]
async fn scim_group_membership_feeds_the_same_mappings_on_postgres() {
    scim_group_membership_feeds_the_same_mappings(true).await;
}
