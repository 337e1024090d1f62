//! The client against a real Grove over TCP: every resource's create, get, list (paged),
//! update and delete (group invites have no update), the account association check, and
//! server errors read into `ClientError::Api`.

// Helpers outside `#[test]` functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use grove_client::{
    AcceptedTerms, AccountAssociationInput, AccountProvider, AmazonAccount, ClaimMatch, Client, ClientError,
    ClientSecret, ExchangeOptions, GitHubAppInstallations, GitHubApps, GitHubInstallation, GoogleProject, GroupInput,
    GroupInviteInput, IdentityInput, IdentityProvider, IdentityProviderInput, ListOptions, OidcInput, RepoInput,
    RoleBindingInput, RoleInput, ServerVersion, TagInput,
};
use grove_domain::builtin::VIEWER;
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch as DomainClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, Store, SystemClock};
use grove_domain::services::{BootstrapService, Deps, ExchangeService, ExchangeSettings, Services};
use grove_store_memory::MemoryStore;
use grove_sts::{ApiTokens, OidcSettings, OidcVerifier, SigningKey, StsConfig};

struct Server {
    url: String,
    admin: Client,
    org: String,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn server() -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new(clock.now()));
    let tokens =
        Arc::new(ApiTokens::new(SigningKey::generate().unwrap(), Vec::new(), url.clone(), url.clone(), clock.clone()));
    let pager = Arc::new(Pager::new(b"client test paging secret".to_vec(), clock.clone()));
    let deps = Deps {
        store: store.clone(),
        clock: clock.clone(),
        ids: Arc::new(RandomIds),
        pager,
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    };
    let relationship = Relationship::ClaimMatch(DomainClaimMatch {
        issuer: Matcher::Exact("https://issuer.invalid".into()),
        subject: Matcher::Exact("admin".into()),
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    });
    let bootstrap = BootstrapService::new(deps.clone());
    let made = bootstrap.ensure_owned_organization("acme", "admin", "", relationship).await.unwrap();
    let exchange = ExchangeService::new(
        store,
        clock,
        Arc::new(OidcVerifier::new(OidcSettings::default()).unwrap()),
        Arc::new(grove_sts::AwsStsClient::new(grove_sts::DEFAULT_AWS_STS_ENDPOINT, Default::default()).unwrap()),
        tokens.clone(),
        ExchangeSettings::new(url.clone(), url.clone()),
    );
    let sts = grove_sts::router(
        exchange,
        tokens.clone(),
        &StsConfig { auth_url: url.clone(), error_domain: "iam.grove.dev".into() },
    );
    let mut services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
    let keyring =
        grove_domain::secrets::SecretKeyring::new(vec![
            grove_domain::secrets::KeyEncryptionKey::new("test", [42; 32]).unwrap()
        ])
        .unwrap();
    services.identity_providers = services.identity_providers.clone().with_secret_keyring(std::sync::Arc::new(keyring));
    let build = grove_http::BuildInfo { version: "9.9.9".into(), commit: "abc1234".into() };
    let app =
        grove_http::router(services, &grove_http::HttpConfig::default(), sts.merge(grove_http::version_routes(build)));
    let task = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let token = tokens.mint(&made.identity.uid, chrono::Duration::hours(1)).unwrap().token;
    let admin = Client::new(&url).unwrap().with_token(token);
    Server { url, admin, org: made.group.uid.to_string(), task }
}

fn api_reason(e: &ClientError) -> (u16, &str) {
    match e {
        ClientError::Api { status, reason, .. } => (*status, reason),
        other => panic!("expected an API error, got {other:?}"),
    }
}

#[tokio::test]
async fn groups_are_created_listed_across_pages_updated_and_deleted() {
    let s = server().await;
    let groups = s.admin.groups();
    let mut made = Vec::new();
    for name in ["a", "b", "c", "d", "e"] {
        made.push(groups.create(Some(&s.org), &GroupInput::named(name)).await.unwrap());
    }
    let options = ListOptions::default().children_of(&s.org).order_by("name").page_size(2);
    let first = groups.list(&options, None).await.unwrap();
    assert_eq!(first.items.len(), 2);
    assert_eq!(first.total_count, Some(5));
    assert!(first.next_page_token.is_some());

    let all = groups.pages(options.clone()).collect(None).await.unwrap();
    let names: Vec<&str> = all.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c", "d", "e"]);
    let limited = groups.pages(options).collect(Some(3)).await.unwrap();
    assert_eq!(limited.len(), 3);

    let input = GroupInput { description: Some("the first".into()), ..GroupInput::default() };
    let updated = groups.update(&made[0].uid, &input, None).await.unwrap();
    assert_eq!((updated.name.as_str(), updated.description.as_str()), ("a", "the first"));
    assert_eq!(groups.get(&made[0].uid).await.unwrap(), updated);

    groups.delete(&made[0].uid).await.unwrap();
    let gone = groups.get(&made[0].uid).await.unwrap_err();
    assert_eq!(api_reason(&gone), (404, "NOT_FOUND"));
    assert_eq!(gone.code(), Some(5));
}

#[tokio::test]
async fn identities_roles_and_bindings_round_trip() {
    let s = server().await;
    let team = s.admin.groups().create(Some(&s.org), &GroupInput::named("team")).await.unwrap();
    let input = IdentityInput {
        name: Some("deployer".into()),
        claim_match: Some(ClaimMatch {
            issuer: Some("https://token.actions.githubusercontent.com".into()),
            subject_pattern: Some("repo:acme/.*".into()),
            ..ClaimMatch::default()
        }),
        ..IdentityInput::default()
    };
    let identity = s.admin.identities().create(Some(&team.uid), &input).await.unwrap();
    assert_eq!(identity.claim_match.as_ref().unwrap().subject_pattern.as_deref(), Some("repo:acme/.*"));

    let role_input = RoleInput {
        name: Some("lister".into()),
        capabilities: Some(vec!["groups.list".into(), "repo.list".into()]),
        ..RoleInput::default()
    };
    let role = s.admin.roles().create(Some(&team.uid), &role_input).await.unwrap();
    assert_eq!(role.capabilities, ["CAP_IAM_GROUPS_LIST", "CAP_REPO_LIST"]);
    let viewer = s.admin.roles().pages(ListOptions::default().name("viewer")).collect(None).await.unwrap();
    assert_eq!(viewer.len(), 1);

    let binding_input = RoleBindingInput { identity_uid: Some(identity.uid.clone()), role_uid: Some(role.uid.clone()) };
    let binding = s.admin.role_bindings().create(Some(&team.uid), &binding_input).await.unwrap();
    assert_eq!((binding.identity.uid.as_str(), binding.role.name.as_str()), (identity.uid.as_str(), "lister"));
    let listed = s
        .admin
        .role_bindings()
        .pages(ListOptions::default().param("identity", &identity.uid))
        .collect(None)
        .await
        .unwrap();
    assert_eq!(listed, std::slice::from_ref(&binding));

    s.admin.role_bindings().delete(&binding.uid).await.unwrap();
    s.admin.roles().delete(&role.uid).await.unwrap();
    s.admin.identities().delete(&identity.uid).await.unwrap();
    s.admin.groups().delete(&team.uid).await.unwrap();
}

#[tokio::test]
async fn repos_and_tags_round_trip() {
    let s = server().await;
    let repo_input = RepoInput { name: Some("team/nginx".into()), ..RepoInput::default() };
    let repo = s.admin.repos().create(Some(&s.org), &repo_input).await.unwrap();
    let digest = format!("sha256:{}", "a".repeat(64));
    let tag_input = TagInput {
        name: Some("1.25".into()),
        digest: Some(digest.clone()),
        deprecated: None,
        bundles: Some(vec!["base".into()]),
    };
    let tag = s.admin.tags().create(Some(&repo.uid), &tag_input).await.unwrap();
    assert_eq!((tag.digest.as_str(), tag.bundles.clone()), (digest.as_str(), vec!["base".to_owned()]));
    let readme = s.admin.repo_readme(&repo.uid).await.unwrap();
    assert_eq!(readme, grove_client::RepoReadme { uid: repo.uid.clone(), content: String::new() });
    let denied = s.admin.update_repo_readme(&repo.uid, "# nginx").await.unwrap_err();
    assert_eq!(api_reason(&denied), (403, "PERMISSION_DENIED"), "an owner lacks repo.internal.admin");
    let mirror_input = RepoInput {
        name: Some("mirror".into()),
        sync_config: Some(grove_client::SyncConfig { source: repo.uid.clone(), ..Default::default() }),
        ..RepoInput::default()
    };
    let mirror = s.admin.repos().create(Some(&s.org), &mirror_input).await.unwrap();
    assert_eq!(mirror.sync_config.map(|c| c.source), Some(repo.uid.clone()));
    s.admin.repos().delete(&mirror.uid).await.unwrap();
    let deprecate = TagInput { deprecated: Some(true), ..TagInput::default() };
    assert!(s.admin.tags().update(&tag.uid, &deprecate, None).await.unwrap().deprecated);
    let tags = s.admin.tags().pages(ListOptions::default().children_of(&repo.uid)).collect(None).await.unwrap();
    assert_eq!(tags.len(), 1);

    let busy = s.admin.repos().delete(&repo.uid).await.unwrap_err();
    assert_eq!(api_reason(&busy), (400, "FAILED_PRECONDITION"));
    s.admin.tags().delete(&tag.uid).await.unwrap();
    s.admin.repos().delete(&repo.uid).await.unwrap();
}

#[tokio::test]
async fn identity_providers_round_trip_and_the_client_secret_never_comes_back() {
    let s = server().await;
    let secret = "idp-secret-0c7e51";
    let input = IdentityProviderInput {
        name: Some("okta".into()),
        description: Some("single sign-on".into()),
        default_role: Some(VIEWER.into()),
        oidc: Some(OidcInput {
            issuer: Some("https://login.example.com".into()),
            client_id: Some("grove".into()),
            client_secret: Some(ClientSecret::new(secret)),
            additional_scopes: Some(vec!["email".into()]),
            ..OidcInput::default()
        }),
    };
    let providers = s.admin.identity_providers();
    let created = providers.create(Some(&s.org), &input).await.unwrap();
    assert!(created.uid.starts_with(&format!("{}/", s.org)), "{}", created.uid);
    assert_eq!((created.name.as_str(), created.default_role.as_str()), ("okta", VIEWER));
    let oidc = created.oidc.clone().unwrap();
    assert_eq!(
        (oidc.issuer.as_str(), oidc.client_id.as_str(), oidc.additional_scopes.clone()),
        ("https://login.example.com", "grove", vec!["email".to_owned()])
    );
    assert_eq!(oidc.correlation_rule, "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID");
    // Create answers without the SCIM state; Get reports it (no token issued yet).
    assert_eq!(created.scim, None);
    let got = providers.get(&created.uid).await.unwrap();
    let scim = got.scim.clone().expect("Get reports the SCIM state");
    assert_eq!(
        (scim.enabled, scim.credential_state.as_str(), scim.etag.as_str()),
        (false, "CREDENTIAL_STATE_NOT_ISSUED", "0")
    );
    assert_eq!(IdentityProvider { scim: None, ..got }, created);

    // A new secret alone: everything else stays, and the answer still carries no secret.
    let rotate = IdentityProviderInput {
        oidc: Some(OidcInput { client_secret: Some(ClientSecret::new("rotated-9d2f")), ..OidcInput::default() }),
        ..IdentityProviderInput::default()
    };
    let rotated = providers.update(&created.uid, &rotate, None).await.unwrap();
    assert_eq!(rotated.oidc.as_ref().map(|o| o.client_id.as_str()), Some("grove"));
    let raw = s
        .admin
        .send::<()>(reqwest::Method::GET, &format!("/iam/v2beta1/identityProviders/{}", created.uid), &[], None)
        .await
        .unwrap();
    assert_eq!(raw["oidc"]["clientSecret"], "", "the server writes the field empty");
    for text in [format!("{created:?}"), format!("{rotated:?}"), serde_json::to_string(&rotated).unwrap()] {
        assert!(!text.contains(secret) && !text.contains("rotated-9d2f") && !text.contains("clientSecret"), "{text}");
    }

    let listed = providers.pages(ListOptions::default().name("okta")).collect(None).await.unwrap();
    assert_eq!(listed.into_iter().map(|p| p.uid).collect::<Vec<_>>(), [created.uid.as_str()]);
    providers.delete(&created.uid).await.unwrap();
    assert_eq!(api_reason(&providers.get(&created.uid).await.unwrap_err()), (404, "NOT_FOUND"));
}

#[tokio::test]
async fn a_group_invite_shows_its_code_on_create_only_and_is_listed_and_deleted() {
    let s = server().await;
    let team = s.admin.groups().create(Some(&s.org), &GroupInput::named("team")).await.unwrap();
    let invites = s.admin.group_invites();
    let input = GroupInviteInput {
        role_uid: Some(VIEWER.into()),
        email: Some("dev@acme.example".into()),
        ttl: Some(std::time::Duration::from_secs(3_600)),
        single_use: Some(true),
    };
    let created = invites.create(Some(&team.uid), &input).await.unwrap();
    assert_eq!(created.code.split('.').count(), 3, "a compact JWS: {}", created.code);
    assert_eq!((created.role_uid.as_str(), created.single_use), (VIEWER, true));
    assert_eq!(created.role.as_ref().map(|r| r.name.as_str()), Some("viewer"));
    assert!(!created.key_id.is_empty() && !created.expiration_time.is_empty());

    let got = invites.get(&created.uid).await.unwrap();
    assert_eq!(got.code, "", "get never shows the code");
    assert_eq!(got, grove_client::GroupInvite { code: String::new(), ..created.clone() });
    let listed = invites.pages(ListOptions::default().children_of(&team.uid)).collect(None).await.unwrap();
    assert_eq!(listed, [got]);
    let by_key = ListOptions::default().param("key_id", "no-such-key");
    assert_eq!(invites.pages(by_key).collect(None).await.unwrap(), []);

    let missing_ttl = GroupInviteInput { ttl: None, ..input };
    let refused = invites.create(Some(&team.uid), &missing_ttl).await.unwrap_err();
    assert_eq!(api_reason(&refused), (400, "INVALID_ARGUMENT"));
    invites.delete(&created.uid).await.unwrap();
    assert_eq!(api_reason(&invites.get(&created.uid).await.unwrap_err()), (404, "NOT_FOUND"));
}

#[tokio::test]
async fn an_account_association_is_created_changed_by_mask_checked_and_deleted_idempotently() {
    let s = server().await;
    let team = s.admin.groups().create(Some(&s.org), &GroupInput::named("team")).await.unwrap();
    let associations = s.admin.account_associations();
    let github = GitHubApps {
        app_installations: [(
            42,
            GitHubAppInstallations {
                installations: vec![GitHubInstallation { installation_id: 7, name: "acme".into() }],
            },
        )]
        .into(),
    };
    let input = AccountAssociationInput {
        name: Some("acme accounts".into()),
        amazon: Some(AmazonAccount { account: "123456789012".into() }),
        google: Some(GoogleProject { project_id: "acme-prod".into(), project_number: "1234567890".into() }),
        github: Some(github.clone()),
        ..AccountAssociationInput::default()
    };
    let created = associations.create(Some(&team.uid), &input).await.unwrap();
    assert_eq!(created.uid, team.uid, "its uid is the group's");
    assert_eq!(created.github.as_ref(), Some(&github));
    assert_eq!(associations.get(&team.uid).await.unwrap(), created);

    // The mask names google, which the input leaves out: the section is removed.
    let change = AccountAssociationInput { description: Some("prod".into()), ..AccountAssociationInput::default() };
    let changed = associations.update(&team.uid, &change, Some(&["description", "google"])).await.unwrap();
    assert_eq!((changed.description.as_str(), changed.google.as_ref()), ("prod", None));
    assert_eq!(changed.amazon, created.amazon);

    let check = s.admin.check_account_association(&team.uid, AccountProvider::Google).await.unwrap();
    assert_eq!((check.is_ready(), check.reason.as_str()), (false, "NOT_CONFIGURED"));
    let live = s.admin.check_account_association(&team.uid, AccountProvider::Amazon).await.unwrap_err();
    assert_eq!(api_reason(&live), (400, "FAILED_PRECONDITION"), "no fake READY without the cloud");

    let listed = associations.pages(ListOptions::default()).collect(None).await.unwrap();
    assert_eq!(listed, [changed]);
    associations.delete(&team.uid).await.unwrap();
    associations.delete(&team.uid).await.unwrap();
    assert_eq!(api_reason(&associations.get(&team.uid).await.unwrap_err()), (404, "NOT_FOUND"));
}

#[tokio::test]
async fn terms_are_accepted_and_listed_with_the_ancestors_acceptances_page_by_page() {
    let s = server().await;
    let team = s.admin.groups().create(Some(&s.org), &GroupInput::named("team")).await.unwrap();
    let accepted = s.admin.accept_terms(&s.org, &["tos", "tos"]).await.unwrap();
    assert_eq!(accepted, AcceptedTerms { group: s.org.clone(), document_ids: vec!["tos".into()] });
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    s.admin.accept_terms(&team.uid, &["dpa"]).await.unwrap();

    let options = ListOptions::default().page_size(1);
    let first = s.admin.terms_acceptances(&team.uid, &options, None).await.unwrap();
    assert_eq!((first.items.len(), first.total_count), (1, Some(2)));
    assert_eq!((first.items[0].doc_id.as_str(), first.items[0].org_uid.as_str()), ("tos", s.org.as_str()));
    let second = s.admin.terms_acceptances(&team.uid, &options, first.next_page_token.as_deref()).await.unwrap();
    assert_eq!((second.items[0].doc_id.as_str(), second.next_page_token), ("dpa", None));

    let err = s.admin.accept_terms(&team.uid, &[]).await.unwrap_err();
    assert_eq!(api_reason(&err), (400, "INVALID_ARGUMENT"));
}

#[tokio::test]
async fn server_errors_keep_code_message_and_details() {
    let s = server().await;
    let err = s.admin.groups().create(Some(&s.org), &GroupInput::named("Not Valid")).await.unwrap_err();
    let ClientError::Api { status, code, reason, message, details } = &err else { panic!("{err:?}") };
    assert_eq!((*status, *code, reason.as_str()), (400, 3, "INVALID_ARGUMENT"));
    assert!(message.starts_with("Invalid argument: name:"), "{message}");
    assert_eq!(details[1]["fieldViolations"][0]["field"], "name");
    assert_eq!(err.to_string(), *message);

    let anonymous = Client::new(&s.url).unwrap();
    assert_eq!(api_reason(&anonymous.groups().get(&s.org).await.unwrap_err()), (401, "UNAUTHENTICATED"));
}

#[tokio::test]
async fn exchange_refusals_are_api_errors() {
    let s = server().await;
    let err = s.admin.exchange(&s.url, "0123", "not-a-jwt", &ExchangeOptions::default()).await.unwrap_err();
    assert_eq!(api_reason(&err), (400, "INVALID_ARGUMENT"));
    let identity = format!("{}/0123456789abcdef", s.org);
    let err = s.admin.exchange(&s.url, &identity, "not-a-jwt", &ExchangeOptions::default()).await.unwrap_err();
    assert_eq!(api_reason(&err), (401, "UNAUTHENTICATED"));
}

#[tokio::test]
async fn the_server_version_needs_no_token_and_check_token_reports_why_a_token_is_refused() {
    let s = server().await;
    let anonymous = Client::new(&s.url).unwrap();
    assert_eq!(
        anonymous.server_version().await.unwrap(),
        ServerVersion { version: "9.9.9".into(), commit: "abc1234".into() }
    );
    s.admin.check_token().await.unwrap();
    let missing = anonymous.check_token().await.unwrap_err();
    assert_eq!(missing.token_rejection(), Some("the request has no Authorization header"));
    let forged = anonymous.with_token("e30.e30.c2ln").check_token().await.unwrap_err();
    assert_eq!(forged.token_rejection(), Some("invalid API token"));
}

#[tokio::test]
async fn ids_and_ancestors_filters_pick_groups_by_uid_and_by_descendant() {
    let s = server().await;
    let groups = s.admin.groups();
    let team = groups.create(Some(&s.org), &GroupInput::named("team")).await.unwrap();
    let sub = groups.create(Some(&team.uid), &GroupInput::named("sub")).await.unwrap();
    let picked = groups.pages(ListOptions::default().ids(&[&s.org, &sub.uid]).order_by("uid")).collect(None).await;
    let mut expected = vec![s.org.clone(), sub.uid.clone()];
    expected.sort();
    assert_eq!(picked.unwrap().into_iter().map(|g| g.uid).collect::<Vec<_>>(), expected);
    let above = groups.pages(ListOptions::default().ancestors_of(&sub.uid).order_by("uid")).collect(None).await;
    assert_eq!(above.unwrap().into_iter().map(|g| g.name).collect::<Vec<_>>(), ["acme", "team"]);
}

#[tokio::test]
async fn unreachable_server_and_bad_addresses_are_reported_as_such() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let client = Client::new(&format!("http://127.0.0.1:{port}")).unwrap();
    let err = client.groups().get("x").await.unwrap_err();
    assert!(matches!(err, ClientError::Transport { .. }), "{err:?}");
    assert_eq!(err.reason(), "UNAVAILABLE");
    assert!(matches!(client.server_version().await, Err(ClientError::Transport { .. })));
    assert!(matches!(Client::new("ftp://x"), Err(ClientError::InvalidUrl(_))));
    assert!(matches!(Client::new("not a url"), Err(ClientError::InvalidUrl(_))));
}
