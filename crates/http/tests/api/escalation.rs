//! Nobody hands out more than they hold: a delegate bound to a custom role with binding,
//! provider, invite and role rights, but not the owner's other capabilities, cannot reach
//! `owner` through a binding (created, batch created, repointed or handed to itself), an
//! identity provider's default role, a group mapping or its own role's capabilities. Each
//! refusal is 403 naming every capability it lacks, and nothing is written.

use axum::http::{Method, StatusCode};
use grove_domain::authz::Restriction;
use grove_domain::builtin::{owner_capabilities, OWNER};
use grove_domain::capability::Capability;
use serde_json::{json, Value};

use crate::common::{error_info, TestApp};

/// What the delegate's custom role holds, at the organization.
const DELEGATE: &[&str] = &[
    "groups.list",
    "identity.list",
    "roles.list",
    "roles.update",
    "role_bindings.create",
    "role_bindings.list",
    "role_bindings.update",
    "identity_providers.create",
    "identity_providers.list",
    "identity_providers.update",
    "group_invites.create",
    "group_invites.list",
];

struct Delegation {
    app: TestApp,
    /// Group `a`, below the organization.
    a: String,
    /// The delegate's identity, its token and its custom role.
    delegate: String,
    token: String,
    role: String,
    /// A custom role the delegate holds every capability of.
    reader: String,
    /// An identity in `a`.
    robot: String,
}

async fn delegation() -> Delegation {
    let app = TestApp::new().await;
    let a = app.group(&app.org, "a").await;
    let roles = format!("/iam/v2beta1/roles/{}", app.org);
    let role = app.create(&roles, json!({ "name": "delegate", "capabilities": DELEGATE })).await;
    let reader =
        app.create(&roles, json!({ "name": "reader", "capabilities": ["groups.list", "identity.list"] })).await;
    let delegate = app.identity(&app.org, "delegate").await;
    let role = role["uid"].as_str().unwrap().to_owned();
    app.create(&format!("/iam/v2beta1/roleBindings/{}", app.org), json!({ "identityUid": delegate, "roleUid": role }))
        .await;
    let robot = app.identity(&a, "robot").await;
    let token = app.token_for(&delegate);
    Delegation { a, delegate, token, role, reader: reader["uid"].as_str().unwrap().to_owned(), robot, app }
}

impl Delegation {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> crate::common::Reply {
        self.app.call_as(&self.token, method, path, body).await
    }

    /// The bindings in group `a`, as the organization's owner sees them.
    async fn bindings_in_a(&self) -> Value {
        let path = format!("/iam/v2beta1/roleBindings?uidp.children_of={}", self.a);
        self.app.call(Method::GET, &path, None).await.body
    }
}

/// The 403 for a caller lacking `missing` on `group`, which `role` grants.
fn denied(missing: &[&str], group: &str, role: &str) -> Value {
    json!({
        "code": 7,
        "message": format!("Permission denied: the caller lacks {} on {group}, which role {role} grants", missing.join(", ")),
        "details": [error_info("PERMISSION_DENIED")],
    })
}

/// The owner's capabilities a caller holding only `held` lacks, in capability order.
fn owner_beyond(held: &[&str]) -> Vec<&'static str> {
    owner_capabilities().iter().map(Capability::dotted_name).filter(|c| !held.contains(c)).collect()
}

#[tokio::test]
async fn a_delegate_with_role_bindings_create_cannot_bind_itself_or_anyone_to_owner() {
    let d = delegation().await;
    let before = d.bindings_in_a().await;
    let lacks = owner_beyond(DELEGATE);
    assert_eq!(&lacks[..4], ["groups.create", "groups.update", "groups.delete", "group_invites.delete"]);
    for identity in [&d.delegate, &d.robot] {
        let r = d
            .call(
                Method::POST,
                &format!("/iam/v2beta1/roleBindings/{}", d.a),
                Some(json!({ "identityUid": identity, "roleUid": OWNER })),
            )
            .await;
        assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.a, OWNER)), "{identity}");
    }
    let at_org = d
        .call(
            Method::POST,
            &format!("/iam/v2beta1/roleBindings/{}", d.app.org),
            Some(json!({ "identityUid": d.delegate, "roleUid": OWNER })),
        )
        .await;
    assert_eq!((at_org.status, at_org.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.app.org, OWNER)));
    assert_eq!(d.bindings_in_a().await, before, "nothing was written");
    assert_eq!(before["totalCount"], "0");
}

#[tokio::test]
async fn a_delegate_may_bind_a_role_whose_every_capability_it_holds() {
    let d = delegation().await;
    let r = d
        .call(
            Method::POST,
            &format!("/iam/v2beta1/roleBindings/{}", d.a),
            Some(json!({ "identityUid": d.robot, "roleUid": d.reader })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        (r.body["identity"]["uid"].as_str(), r.body["role"]["uid"].as_str()),
        (Some(&*d.robot), Some(&*d.reader))
    );
}

#[tokio::test]
async fn a_delegate_cannot_repoint_a_binding_at_owner_nor_take_over_an_owner_binding() {
    let d = delegation().await;
    let bindings = format!("/iam/v2beta1/roleBindings/{}", d.a);
    let reading = d.app.create(&bindings, json!({ "identityUid": d.robot, "roleUid": d.reader })).await;
    let owning = d.app.identity(&d.a, "a-owner").await;
    let owning = d.app.create(&bindings, json!({ "identityUid": owning, "roleUid": OWNER })).await;
    let lacks = owner_beyond(DELEGATE);
    let path = |b: &Value| format!("/iam/v2beta1/roleBindings/{}", b["uid"].as_str().unwrap());

    let r = d.call(Method::PATCH, &path(&reading), Some(json!({ "roleUid": OWNER }))).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.a, OWNER)));
    let r = d.call(Method::PATCH, &path(&owning), Some(json!({ "identityUid": d.delegate }))).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.a, OWNER)), "the owner role kept");
    assert_eq!(d.app.call(Method::GET, &path(&reading), None).await.body, reading, "unchanged");
    assert_eq!(d.app.call(Method::GET, &path(&owning), None).await.body, owning, "unchanged");

    // Handing a role the delegate holds to another identity is within its rights.
    let r = d.call(Method::PATCH, &path(&reading), Some(json!({ "identityUid": d.delegate }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["identity"]["uid"], json!(d.delegate));
}

#[tokio::test]
async fn a_batch_with_one_escalating_request_creates_nothing() {
    let d = delegation().await;
    let body = json!({
        "parent": d.a,
        "requests": [
            { "roleBinding": { "identityUid": d.robot, "roleUid": d.reader } },
            { "roleBinding": { "identityUid": d.delegate, "roleUid": OWNER } },
        ],
    });
    let r = d.call(Method::POST, "/iam/v2beta1/roleBindings:batchCreate", Some(body)).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&owner_beyond(DELEGATE), &d.a, OWNER)));
    assert_eq!(d.bindings_in_a().await["totalCount"], "0", "not even the robot's binding");
}

fn provider(name: &str, default_role: &str) -> Value {
    json!({
        "name": name,
        "defaultRole": default_role,
        "oidc": { "issuer": "https://login.example.com", "clientId": "grove", "clientSecret": "s" },
    })
}

#[tokio::test]
async fn an_identity_providers_default_role_beyond_the_caller_is_refused_on_create_and_update() {
    let d = delegation().await;
    let providers = format!("/iam/v2beta1/identityProviders/{}", d.a);
    let lacks = owner_beyond(DELEGATE);
    let r = d.call(Method::POST, &providers, Some(provider("okta", OWNER))).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.a, OWNER)));
    let listed = format!("/iam/v2beta1/identityProviders?uidp.children_of={}", d.a);
    assert_eq!(d.app.call(Method::GET, &listed, None).await.body["totalCount"], "0", "nothing was created");

    let reading = d.app.create(&providers, provider("reading", &d.reader)).await;
    let owning = d.app.create(&providers, provider("owning", OWNER)).await;
    let path = |p: &Value| format!("/iam/v2beta1/identityProviders/{}", p["uid"].as_str().unwrap());
    let r = d.call(Method::PATCH, &path(&reading), Some(json!({ "defaultRole": OWNER }))).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.a, OWNER)));
    // Pointing a provider that promises owner at another issuer hands owner to its people.
    let elsewhere = json!({ "oidc": { "issuer": "https://attacker.example" } });
    let r = d.call(Method::PATCH, &path(&owning), Some(elsewhere)).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&lacks, &d.a, OWNER)));
    for (before, what) in [(&reading, "reading"), (&owning, "owning")] {
        let now = d.app.call(Method::GET, &path(before), None).await.body;
        assert_eq!(
            (now["defaultRole"].as_str(), now["oidc"]["issuer"].as_str(), now["updateTime"].as_str()),
            (before["defaultRole"].as_str(), before["oidc"]["issuer"].as_str(), before["updateTime"].as_str()),
            "{what}"
        );
    }
    let r = d.call(Method::PATCH, &path(&reading), Some(json!({ "name": "renamed" }))).await;
    assert_eq!((r.status, r.body["name"].as_str()), (StatusCode::OK, Some("renamed")), "its own role's reach");
}

#[tokio::test]
async fn a_group_mapping_to_a_role_beyond_the_caller_is_refused() {
    let d = delegation().await;
    let idp = d.app.create(&format!("/iam/v2beta1/identityProviders/{}", d.a), provider("okta", &d.reader)).await;
    let mappings = format!("/iam/v2beta1/externalGroupRoleMappings/{}", idp["uid"].as_str().unwrap());
    let r = d.call(Method::POST, &mappings, Some(json!({ "externalGroupId": "eng", "roleUid": OWNER }))).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&owner_beyond(DELEGATE), &d.a, OWNER)));
    let listed = d.app.call(Method::GET, "/iam/v2beta1/externalGroupRoleMappings", None).await;
    assert_eq!(listed.body["totalCount"], "0", "nothing was created");
    let r = d.call(Method::POST, &mappings, Some(json!({ "externalGroupId": "eng", "roleUid": d.reader }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn a_delegate_cannot_add_capabilities_it_lacks_to_its_own_role() {
    let d = delegation().await;
    let path = format!("/iam/v2beta1/roles/{}", d.role);
    let before = d.app.call(Method::GET, &path, None).await.body;
    let mut more: Vec<&str> = DELEGATE.to_vec();
    more.extend(["groups.delete", "role_bindings.delete"]);
    let r = d.call(Method::PATCH, &path, Some(json!({ "capabilities": more }))).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::FORBIDDEN, denied(&["groups.delete", "role_bindings.delete"], &d.app.org, &d.role))
    );
    assert_eq!(d.app.call(Method::GET, &path, None).await.body, before, "unchanged");
}

#[tokio::test]
async fn a_narrowed_owner_token_grants_only_what_its_narrowing_kept() {
    let d = delegation().await;
    let held = ["groups.list", "identity.list", "role_bindings.create"];
    let narrowed = Restriction {
        capabilities: Some(held.iter().map(|c| Capability::from_name(c).unwrap()).collect()),
        scopes: None,
    };
    let token = d.app.tokens.mint_restricted(&d.app.admin, &narrowed, chrono::Duration::hours(1)).unwrap().token;
    let bindings = format!("/iam/v2beta1/roleBindings/{}", d.a);
    let r =
        d.app.call_as(&token, Method::POST, &bindings, Some(json!({ "identityUid": d.robot, "roleUid": OWNER }))).await;
    assert_eq!((r.status, r.body), (StatusCode::FORBIDDEN, denied(&owner_beyond(&held), &d.a, OWNER)));
    let r = d
        .app
        .call_as(&token, Method::POST, &bindings, Some(json!({ "identityUid": d.robot, "roleUid": d.reader })))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// No built-in role carries the advisory writes, so only an owner of the group (or a holder)
/// may hand them out; a delegate without them may not.
#[tokio::test]
async fn advisory_writes_are_handed_out_by_owners_and_holders_only() {
    let d = delegation().await;
    let triage = d
        .app
        .create(
            &format!("/iam/v2beta1/roles/{}", d.app.org),
            json!({ "name": "triage", "capabilities": ["advisories.list", "advisories.create"] }),
        )
        .await;
    let triage = triage["uid"].as_str().unwrap();
    let bindings = format!("/iam/v2beta1/roleBindings/{}", d.a);
    let r = d.call(Method::POST, &bindings, Some(json!({ "identityUid": d.robot, "roleUid": triage }))).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::FORBIDDEN, denied(&["advisories.create", "advisories.list"], &d.a, triage))
    );
    let r = d.app.call(Method::POST, &bindings, Some(json!({ "identityUid": d.robot, "roleUid": triage }))).await;
    assert_eq!(r.status, StatusCode::OK, "the organization's owner may: {}", r.body);
}
