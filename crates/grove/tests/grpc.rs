//! gRPC beside REST on one port, over a real socket, on the memory store and on PostgreSQL:
//! every RPC of the implemented services with exact messages, statuses and error details; the
//! same data and the same errors as REST; page tokens shared between the two; gRPC-Web over
//! HTTP/1.1; reflection and health; a client built from reflected descriptors alone; the `v2`
//! package names; and that every method of every service reflection lists is implemented.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use grove::app::AppConfig;
use grove::config::HttpSettings;
use grove_domain::builtin::{EDITOR, VIEWER};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::listing::Pager;
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds, Store, SystemClock};
use grove_domain::services::{BootstrapService, Deps, Services};
use grove_domain::Uidp;
use grove_proto::chainguard::capabilities::Capability as PbCapability;
use grove_proto::common::UidpFilter;
use grove_proto::events::subscriptions_service_client::SubscriptionsServiceClient;
use grove_proto::iam::account_associations_service_client::AccountAssociationsServiceClient;
use grove_proto::iam::external_group_role_mappings_service_client::ExternalGroupRoleMappingsServiceClient;
use grove_proto::iam::group_invites_service_client::GroupInvitesServiceClient;
use grove_proto::iam::groups_service_client::GroupsServiceClient;
use grove_proto::iam::identities_service_client::IdentitiesServiceClient;
use grove_proto::iam::identity::{
    aws_identity, claim_match, AwsIdentity as PbAwsIdentity, ClaimMatch as PbClaimMatch, Relationship as PbRelationship,
};
use grove_proto::iam::identity_provider::scim::CredentialState as ScimState;
use grove_proto::iam::identity_providers_service_client::IdentityProvidersServiceClient;
use grove_proto::iam::role_bindings_service_client::RoleBindingsServiceClient;
use grove_proto::iam::roles_service_client::RolesServiceClient;
use grove_proto::iam::terms_service_client::TermsServiceClient;
use grove_proto::registry::repos_service_client::ReposServiceClient;
use grove_proto::registry::tags_service_client::TagsServiceClient;
use grove_proto::wkt::FieldMask;
use grove_proto::{events, iam, registry};
use grove_store_memory::MemoryStore;
use grove_store_postgres::testing::TestDatabase;
use grove_sts::{ApiTokens, SigningKey};
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};
use tonic_types::{ErrorDetails, StatusExt as _};

/// The `ErrorInfo.domain` this server is configured with (not the default, so that the test
/// sees the configuration reach both transports).
const DOMAIN: &str = "grpc.grove.test";
const ISSUER: &str = "https://issuer.example.com";
const DIGEST: &str = "sha256:0000000000000000000000000000000000000000000000000000000000000001";
const GROUPS_SERVICE: &str = "chainguard.platform.iam.v2beta1.GroupsService";

// ---------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------

/// Which store the server runs on.
#[derive(Debug, Clone, Copy)]
enum Backend {
    Memory,
    Postgres,
}

/// Grove serving REST and gRPC on one loopback port, with an organization `acme` owned by
/// the identity `admin`.
struct Grove {
    base: String,
    tokens: Arc<ApiTokens>,
    /// The owner's API token.
    admin: String,
    /// The owner's identity uid.
    admin_uid: String,
    /// The organization's uid.
    org: String,
    channel: Channel,
    http: reqwest::Client,
    stop: oneshot::Sender<()>,
    served: JoinHandle<()>,
    db: Option<TestDatabase>,
    /// The store behind the server (for what no RPC may do: verify an organization).
    store: Arc<dyn Store>,
    /// The grants cache, cleared after such a write.
    grants: Arc<grove_domain::grants_cache::GrantsCache>,
}

impl Grove {
    /// Assembles the application as `grove serve` does (its router over the domain services,
    /// less the token service) and serves it with the project's HTTP server (HTTP/1.1 and h2c
    /// on one port) on a fresh loopback socket.
    async fn start(backend: Backend) -> Self {
        let db = match backend {
            Backend::Memory => None,
            Backend::Postgres => Some(TestDatabase::create().await.unwrap()),
        };
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let store: Arc<dyn Store> = match &db {
            None => Arc::new(MemoryStore::new(clock.now())),
            Some(db) => db.store(),
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let tokens = Arc::new(ApiTokens::new(
            SigningKey::generate().unwrap(),
            Vec::new(),
            base.clone(),
            base.clone(),
            clock.clone(),
        ));
        let pager = Arc::new(Pager::new(b"grpc test paging secret".to_vec(), clock.clone()));
        let deps = Deps {
            store: store.clone(),
            clock,
            ids: Arc::new(RandomIds),
            pager,
            events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
        };
        let relationship = Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Exact(ISSUER.to_owned()),
            subject: Matcher::Exact("admin".to_owned()),
            audience: None,
            claims: BTreeMap::default(),
            claim_patterns: BTreeMap::default(),
        });
        let made = BootstrapService::new(deps.clone())
            .ensure_owned_organization("acme", "admin", "", relationship)
            .await
            .unwrap();
        let mut services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
        services.identity_providers =
            services.identity_providers.clone().with_secret_keyring(grove_test_support::fixtures::test_keyring());
        // Replays go to loopback receivers, signed as `grove serve` signs them.
        let relay = grove_events::RelaySettings {
            source: base.clone(),
            sink_policy: grove_domain::events::SinkPolicy { allow_loopback: true, allow_private: false },
            poll_interval: Duration::from_secs(1),
            batch_size: 10,
            delivery_timeout: Duration::from_secs(10),
            retry: grove_events::RetryPolicy {
                initial: Duration::from_millis(100),
                max: Duration::from_secs(1),
                give_up_after: Duration::ZERO,
            },
            token_ttl: Duration::from_secs(60),
            lease: grove_events::RelaySettings::DEFAULT_LEASE,
            retention: Duration::from_secs(3600),
            prune_interval: Duration::from_secs(3600),
            nats: None,
        };
        let replayer = grove_events::WebhookReplayer::new(
            &relay,
            Arc::new(grove::events::WebhookTokens(tokens.clone())),
            Arc::default(),
        )
        .unwrap();
        services.dead_letters = services.dead_letters.clone().with_delivery(Arc::new(replayer));
        let grants = services.grants.clone();
        let admin = tokens.mint(&made.identity.uid, chrono::Duration::hours(1)).unwrap().token;
        let config = AppConfig {
            http: grove_http::HttpConfig { error_domain: DOMAIN.to_owned(), ..Default::default() },
            grpc: grove_grpc::GrpcConfig { error_domain: DOMAIN.to_owned(), exchange: None },
            ..AppConfig::default()
        };
        let app = grove::app::router(services, &config);
        let (stop, stopped) = oneshot::channel::<()>();
        let served =
            tokio::spawn(grove::http_server::serve(listener, app, HttpSettings::default().limits(), DOMAIN, async {
                let _ = stopped.await;
            }));
        // The listener is bound already: connecting needs no wait.
        let channel = Channel::from_shared(base.clone()).unwrap().connect().await.unwrap();
        let http = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
        let admin_uid = made.identity.uid.to_string();
        Self {
            base,
            tokens,
            admin,
            admin_uid,
            org: made.group.uid.to_string(),
            channel,
            http,
            stop,
            served,
            db,
            store,
            grants,
        }
    }

    /// Stops the server, waits for it to finish, and drops the test database.
    async fn finish(self) {
        let Self { channel, http, stop, served, db, store, grants, .. } = self;
        drop((store, grants));
        drop((channel, http));
        let _ = stop.send(());
        let _ = tokio::time::timeout(Duration::from_secs(10), served).await;
        if let Some(db) = db {
            db.cleanup().await.unwrap();
        }
    }

    /// `message` as the owner.
    fn req<T>(&self, message: T) -> Request<T> {
        with_token(&self.admin, message)
    }

    /// An API token of identity `uid`.
    fn token_for(&self, uid: &str) -> String {
        self.tokens.mint(&Uidp::parse(uid).unwrap(), chrono::Duration::hours(1)).unwrap().token
    }

    fn groups(&self) -> GroupsServiceClient<Channel> {
        GroupsServiceClient::new(self.channel.clone())
    }

    fn identities(&self) -> IdentitiesServiceClient<Channel> {
        IdentitiesServiceClient::new(self.channel.clone())
    }

    fn roles(&self) -> RolesServiceClient<Channel> {
        RolesServiceClient::new(self.channel.clone())
    }

    fn bindings(&self) -> RoleBindingsServiceClient<Channel> {
        RoleBindingsServiceClient::new(self.channel.clone())
    }

    fn repos(&self) -> ReposServiceClient<Channel> {
        ReposServiceClient::new(self.channel.clone())
    }

    fn tags(&self) -> TagsServiceClient<Channel> {
        TagsServiceClient::new(self.channel.clone())
    }

    fn terms(&self) -> TermsServiceClient<Channel> {
        TermsServiceClient::new(self.channel.clone())
    }

    /// `group` accepts the documents `ids`, as the owner.
    async fn accept(&self, group: &str, ids: &[&str]) -> iam::AcceptTermsResponse {
        self.terms().accept_terms(self.req(accept_request(group, ids))).await.unwrap().into_inner()
    }

    fn idps(&self) -> IdentityProvidersServiceClient<Channel> {
        IdentityProvidersServiceClient::new(self.channel.clone())
    }

    fn mappings(&self) -> ExternalGroupRoleMappingsServiceClient<Channel> {
        ExternalGroupRoleMappingsServiceClient::new(self.channel.clone())
    }

    /// An identity provider `name` in `parent` with client secret `secret`.
    async fn new_idp(&self, parent: &str, name: &str, secret: &str) -> iam::IdentityProvider {
        let request = iam::CreateIdentityProviderRequest {
            parent: parent.to_owned(),
            identity_provider: Some(idp_input(name, secret)),
        };
        self.idps().create_identity_provider(self.req(request)).await.unwrap().into_inner()
    }

    fn subscriptions(&self) -> SubscriptionsServiceClient<Channel> {
        SubscriptionsServiceClient::new(self.channel.clone())
    }

    /// A subscription of `sink` to the events of `parent`.
    async fn subscribe(&self, parent: &str, sink: &str) -> events::Subscription {
        let subscription = events::Subscription { sink: sink.to_owned(), ..Default::default() };
        let request = events::CreateSubscriptionRequest { parent: parent.to_owned(), subscription: Some(subscription) };
        self.subscriptions().create_subscription(self.req(request)).await.unwrap().into_inner()
    }

    /// A group `name` created under `parent` over gRPC.
    async fn new_group(&self, parent: &str, name: &str) -> iam::Group {
        let group = iam::Group { name: name.to_owned(), description: format!("the {name} team"), ..Default::default() };
        let request = iam::CreateGroupRequest { parent: parent.to_owned(), group: Some(group) };
        self.groups().create_group(self.req(request)).await.unwrap().into_inner()
    }

    /// An identity `name` in `parent`, matching tokens of [`ISSUER`] with subject `name`.
    async fn new_identity(&self, parent: &str, name: &str) -> iam::Identity {
        let request = iam::CreateIdentityRequest { parent: parent.to_owned(), identity: Some(identity_input(name)) };
        self.identities().create_identity(self.req(request)).await.unwrap().into_inner()
    }

    /// A binding of `identity` as `role` in `group`.
    async fn bind(&self, group: &str, identity: &str, role: &str) -> iam::RoleBinding {
        let binding =
            iam::RoleBinding { identity_uid: identity.to_owned(), role_uid: role.to_owned(), ..Default::default() };
        let request = iam::CreateRoleBindingRequest { parent: group.to_owned(), role_binding: Some(binding) };
        self.bindings().create_role_binding(self.req(request)).await.unwrap().into_inner()
    }

    /// A repo `name` in `parent`.
    async fn new_repo(&self, parent: &str, name: &str) -> registry::Repo {
        let request = registry::CreateRepoRequest { parent: parent.to_owned(), repo: Some(repo_input(name)) };
        self.repos().create_repo(self.req(request)).await.unwrap().into_inner()
    }

    /// A tag `name` of `repo` on [`DIGEST`].
    async fn new_tag(&self, repo: &str, name: &str) -> registry::Tag {
        let tag = registry::Tag { name: name.to_owned(), digest: DIGEST.to_owned(), ..Default::default() };
        let request = registry::CreateTagRequest { parent: repo.to_owned(), tag: Some(tag) };
        self.tags().create_tag(self.req(request)).await.unwrap().into_inner()
    }

    /// A REST call with `token` (none: no `Authorization` header): status and JSON body.
    async fn rest_as(
        &self,
        token: Option<&str>,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap() })
    }

    /// A verified organization `name` owned by the admin (only the store can verify one).
    async fn verified_organization(&self, name: &str) -> String {
        use grove_domain::events::{EventType, NewEvent};
        let now = SystemClock.now();
        let uid = Uidp::random_root();
        let group = grove_domain::model::Group {
            uid: uid.clone(),
            name: grove_domain::names::GroupName::parse("name", name).unwrap(),
            description: Default::default(),
            verified: true,
            create_time: now,
            update_time: now,
        };
        let owner = grove_domain::model::RoleBinding {
            uid: uid.random_child(),
            identity_uid: Uidp::parse(&self.admin_uid).unwrap(),
            role_uid: grove_domain::builtin::owner_role_uid(),
            create_time: now,
        };
        let event =
            NewEvent::new(EventType::GroupCreated, &uid, now, Arc::new(grove_proto::convert::ProtoJsonRenderer));
        self.store.create_organization(&group, &owner, &event).await.unwrap();
        self.grants.clear();
        uid.to_string()
    }

    /// Records that identity `uid` exchanged a token with the verified email `email`.
    async fn seen_with_verified_email(&self, uid: &str, email: &str) {
        use grove_domain::model::{Seen, SeenEmail};
        let seen = Seen {
            at: SystemClock.now(),
            email: Some(SeenEmail {
                address: email.to_owned(),
                verified: true,
                voucher: grove_domain::model::EmailVoucher::DefaultProvider,
            }),
        };
        self.store.record_identity_seen(&Uidp::parse(uid).unwrap(), &seen).await.unwrap();
    }

    /// A REST `GET` as the owner that must succeed: its body.
    async fn rest_get(&self, path: &str) -> Value {
        let (status, body) = self.rest_as(Some(&self.admin), reqwest::Method::GET, path, None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }
}

fn with_token<T>(token: &str, message: T) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

fn identity_input(name: &str) -> iam::Identity {
    iam::Identity {
        name: name.to_owned(),
        description: format!("{name} in CI"),
        relationship: Some(PbRelationship::ClaimMatch(PbClaimMatch {
            iss: Some(claim_match::Iss::Issuer(ISSUER.to_owned())),
            sub: Some(claim_match::Sub::Subject(name.to_owned())),
            ..Default::default()
        })),
        ..Default::default()
    }
}

fn repo_input(name: &str) -> registry::Repo {
    registry::Repo {
        name: name.to_owned(),
        description: format!("the {name} image"),
        catalog_tier: registry::CatalogTier::Application.into(),
        bundles: vec!["application".to_owned()],
        aliases: vec![format!("{name}:latest")],
        active_tags: vec!["latest".to_owned()],
        ..Default::default()
    }
}

fn children_of(uid: &str) -> Option<UidpFilter> {
    Some(UidpFilter { children_of: uid.to_owned(), ..Default::default() })
}

fn mask(paths: &[&str]) -> Option<FieldMask> {
    Some(FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() })
}

/// Whether `child` is a uid directly under `parent`.
fn is_child_of(child: &str, parent: &str) -> bool {
    child.strip_prefix(parent).and_then(|rest| rest.strip_prefix('/')).is_some_and(|seg| !seg.contains('/'))
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// The `ErrorInfo.reason` of a code.
fn reason(code: Code) -> &'static str {
    match code {
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Unauthenticated => "UNAUTHENTICATED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        other => panic!("no test expects {other:?}"),
    }
}

/// Asserts that `status` has `code` and `message` and an `ErrorInfo` naming [`DOMAIN`];
/// returns its details.
fn assert_status(status: &Status, code: Code, message: &str) -> ErrorDetails {
    assert_eq!((status.code(), status.message()), (code, message), "{status:?}");
    let details = status.get_error_details();
    let info = details.error_info().unwrap_or_else(|| panic!("no ErrorInfo in {status:?}"));
    assert_eq!((info.reason.as_str(), info.domain.as_str()), (reason(code), DOMAIN));
    assert!(info.metadata.is_empty(), "{info:?}");
    details
}

/// The field violations of a status, as `(field, description)` pairs.
fn field_violations(details: &ErrorDetails) -> Vec<(String, String)> {
    let bad_request = details.bad_request().expect("a BadRequest detail");
    bad_request.field_violations.iter().map(|v| (v.field.clone(), v.description.clone())).collect()
}

/// A status as REST writes errors (`google.rpc.Status` in proto3 JSON, typed details), so
/// that the two transports' errors compare as a whole.
fn status_json(status: &Status) -> Value {
    let d = status.get_error_details();
    let mut details = Vec::new();
    if let Some(info) = d.error_info() {
        details.push(json!({
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            "reason": info.reason,
            "domain": info.domain,
        }));
    }
    if let Some(bad) = d.bad_request() {
        let violations: Vec<Value> =
            bad.field_violations.iter().map(|v| json!({"field": v.field, "description": v.description})).collect();
        details.push(json!({"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": violations}));
    }
    if let Some(failure) = d.precondition_failure() {
        let violations: Vec<Value> = failure
            .violations
            .iter()
            .map(|v| {
                assert_eq!(v.subject, "", "REST has no subject: {v:?}");
                json!({"type": v.r#type, "description": v.description})
            })
            .collect();
        details.push(json!({"@type": "type.googleapis.com/google.rpc.PreconditionFailure", "violations": violations}));
    }
    json!({"code": status.code() as i32, "message": status.message(), "details": details})
}

/// Asserts that gRPC's `status` is the error REST answered with `rest`.
fn assert_same_error(status: &Status, rest: &(u16, Value), http_status: u16) {
    assert_eq!(rest.0, http_status, "{}", rest.1);
    assert_eq!(status_json(status), rest.1, "gRPC {status:?} vs REST {}", rest.1);
}

// ---------------------------------------------------------------------------------------
// REST and gRPC JSON
// ---------------------------------------------------------------------------------------

/// Whether a JSON value is a proto3 default (what protojson may show and REST leave out).
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_i64() == Some(0),
        Value::String(s) => s.is_empty() || s.ends_with("_UNSPECIFIED") || s == "0",
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}

/// Compares REST's JSON of a resource with the protojson of the gRPC message: every field
/// both have must be equal, and a field only one has must hold a zero value (no data may be
/// missing from either). The differences (`path: only in …`) are printed
/// (`cargo nextest run -p grove --test grpc --no-capture -E 'test(same_data)'`).
fn compare_json(what: &str, rest: &Value, grpc: &Value) {
    fn walk(path: &str, rest: &Value, grpc: &Value, out: &mut Vec<String>) {
        match (rest, grpc) {
            (Value::Object(r), Value::Object(g)) => {
                for (k, rv) in r {
                    let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                    match g.get(k) {
                        Some(gv) => walk(&p, rv, gv, out),
                        None => {
                            assert!(is_zero(rv), "{p} = {rv} is only in REST");
                            out.push(format!("{p}: only in REST ({rv})"));
                        }
                    }
                }
                for (k, gv) in g {
                    if !r.contains_key(k) {
                        let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                        assert!(is_zero(gv), "{p} = {gv} is only in gRPC");
                        out.push(format!("{p}: only in gRPC ({gv})"));
                    }
                }
            }
            _ => assert_eq!(rest, grpc, "{path} differs between REST and gRPC"),
        }
    }
    let mut differences = Vec::new();
    walk("", rest, grpc, &mut differences);
    for d in &differences {
        eprintln!("{what}: {d}");
    }
}

// ---------------------------------------------------------------------------------------
// Tests on both stores
// ---------------------------------------------------------------------------------------

/// Runs each named `async fn(&Grove)` once on the memory store (`memory::name`) and once on
/// PostgreSQL (`postgres::name`), each against its own server.
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod memory {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let grove = super::Grove::start(super::Backend::Memory).await;
                    super::$name(&grove).await;
                    grove.finish().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let grove = super::Grove::start(super::Backend::Postgres).await;
                    super::$name(&grove).await;
                    grove.finish().await;
                }
            )*
        }
    };
}

on_both_stores!(
    // GroupsService
    create_group_answers_the_new_group_under_its_parent,
    get_group_answers_the_group_as_created,
    list_groups_lists_the_children_in_order_with_paging_fields,
    update_group_with_a_mask_changes_only_the_masked_fields,
    update_group_with_an_unknown_mask_path_is_invalid_argument_on_update_mask,
    delete_group_removes_it,
    delete_group_with_children_fails_with_a_precondition_violation,
    get_group_with_an_invalid_uid_is_invalid_argument_with_a_field_violation,
    create_group_without_a_name_is_invalid_argument_as_rest_answers_it,
    a_missing_or_invalid_bearer_token_is_unauthenticated_as_in_rest,
    a_caller_without_a_binding_gets_not_found_as_in_rest,
    a_viewer_creating_a_group_gets_permission_denied_as_in_rest,
    a_grpc_page_token_continues_the_same_listing_over_rest,
    a_rest_page_token_continues_the_same_listing_over_grpc,
    list_groups_applies_every_uidp_filter,
    // IdentitiesService
    create_identity_answers_the_new_identity,
    get_identity_answers_the_identity_as_created,
    list_identities_lists_the_identities_of_a_group,
    update_identity_with_a_mask_changes_only_the_masked_fields,
    update_identity_with_an_unknown_mask_path_is_invalid_argument_on_update_mask,
    update_identity_with_a_nested_mask_path_changes_only_that_claim_match_field,
    identity_company_and_service_principal_round_trip,
    aws_identity_is_created_got_listed_and_replaced,
    delete_identity_removes_it,
    lookup_identity_answers_the_person_uid_over_grpc_and_rest,
    update_identity_with_a_static_keys_mask_path_changes_only_that_field,
    update_identity_metadata_changes_the_callers_own_fields_as_rest_does,
    lookup_group_and_check_eligibility_answer_by_the_callers_verified_email_domain,
    request_group_access_is_recorded_once_and_refused_as_rest_refuses_it,
    // RolesService
    get_role_answers_a_built_in_role,
    list_roles_filters_by_name,
    create_role_answers_the_new_role_with_its_capabilities,
    update_role_with_a_mask_changes_only_the_masked_fields,
    delete_role_removes_it,
    // RoleBindingsService
    create_role_binding_answers_the_hydrated_binding,
    get_role_binding_answers_the_binding_as_created,
    list_role_bindings_lists_the_bindings_of_a_group,
    update_role_binding_changes_the_role,
    batch_create_role_bindings_creates_all_in_request_order_over_grpc_and_rest,
    batch_create_role_bindings_writes_nothing_when_one_binding_fails,
    batch_create_role_bindings_refuses_a_conflicting_role_naming_the_request,
    delete_role_binding_removes_it,
    // ReposService
    create_repo_answers_the_new_repo,
    get_repo_answers_the_repo_as_created,
    list_repos_filters_by_name,
    update_repo_with_a_mask_changes_only_the_masked_fields,
    delete_repo_removes_it,
    delete_repo_with_tags_fails_with_a_precondition_violation,
    // AdvisoriesService
    get_and_list_advisories_answer_as_rest_does,
    // TagsService
    create_tag_answers_the_new_tag,
    get_tag_answers_the_tag_as_created,
    list_tags_lists_the_tags_of_a_repo,
    list_tags_filters_by_digest_update_time_and_shape,
    create_tag_keeps_bundles_and_replaces_them_on_a_second_create,
    repo_readme_is_read_by_listers_and_written_by_internal_admins_only,
    a_synced_repo_keeps_its_sync_config_and_overlay_over_grpc,
    delete_tag_removes_it,
    // SubscriptionsService
    create_subscription_answers_the_new_subscription_in_its_group,
    get_subscription_answers_the_subscription_as_created,
    list_subscriptions_lists_the_subscriptions_of_a_group,
    delete_subscription_removes_it,
    create_subscription_with_a_plain_http_sink_is_invalid_argument_as_rest_answers_it,
    // TermsService
    accept_terms_answers_the_group_and_the_distinct_documents,
    list_terms_acceptances_lists_the_group_and_its_ancestors_oldest_first_with_paging_fields,
    accept_terms_without_documents_is_invalid_argument_as_rest_answers_it,
    a_viewer_accepting_or_listing_terms_gets_not_found_as_in_rest,
    // IdentityProvidersService
    create_identity_provider_answers_it_without_its_secret_as_rest_does,
    list_identity_providers_filters_by_name,
    update_identity_provider_with_a_client_secret_mask_clears_the_secret,
    update_identity_provider_changing_the_correlation_rule_is_invalid_argument_as_rest_answers_it,
    delete_identity_provider_removes_it,
    a_viewer_creating_an_identity_provider_gets_permission_denied_as_in_rest,
    scim_tokens_are_generated_regenerated_with_an_overlap_and_revoked,
    // ScimUsersService
    scim_users_are_listed_over_grpc_as_over_rest,
    // AuditService
    the_audit_trail_names_the_grpc_caller_request_and_transport_and_refuses_a_viewer,
    // DeadLetters
    dead_letters_are_listed_replayed_to_the_sink_and_deleted_and_a_viewer_may_do_neither,
    // ExternalGroupRoleMappingsService
    mappings_are_created_got_listed_by_provider_and_deleted,
    batch_delete_mappings_answers_the_deleted_ones_as_rest_does,
    // GroupInvitesService and Auth/Register
    group_invites_are_created_with_their_code_once_got_listed_by_key_and_deleted,
    register_redeems_a_single_use_code_once_and_refuses_the_second_as_rest_does,
    // AccountAssociationsService
    account_associations_are_created_updated_with_a_mask_listed_checked_and_deleted,
    // The same data through REST
    a_group_over_rest_is_the_same_data_as_over_grpc,
    an_identity_over_rest_is_the_same_data_as_over_grpc,
    a_role_binding_over_rest_is_the_same_data_as_over_grpc,
    a_repo_over_rest_is_the_same_data_as_over_grpc,
    a_subscription_over_rest_is_the_same_data_as_over_grpc,
    terms_acceptances_over_rest_are_the_same_data_as_over_grpc,
    // Protocol
    grpc_web_over_http1_answers_get_group,
    reflection_v1_lists_every_service_of_the_contract_health_and_itself,
    reflection_v1alpha_lists_every_service_of_the_contract_health_and_itself,
    health_reports_the_server_and_the_implemented_services_serving,
    a_client_built_from_reflected_descriptors_lists_groups,
    the_v2_package_names_answer_like_v2beta1,
    the_v2_rest_paths_answer_like_v2beta1,
    ping_answers_pong_to_anybody_in_every_version_over_grpc_and_rest,
    first_api_subscriptions_are_created_listed_and_deleted_over_grpc_as_over_rest,
    the_grove_client_speaks_grpc_with_its_token,
    every_method_of_every_service_reflection_lists_answers_something_else_than_unimplemented,
    unknown_services_and_methods_answer_unimplemented,
);

// --- DeadLetters -----------------------------------------------------------------------

/// A loopback webhook receiver answering 204: its URL and the `ce-id` of every request.
async fn hook_receiver() -> (String, Arc<std::sync::Mutex<Vec<String>>>) {
    let seen: Arc<std::sync::Mutex<Vec<String>>> = Arc::default();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let record = seen.clone();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |headers: axum::http::HeaderMap| {
            let record = record.clone();
            async move {
                let id = headers.get("ce-id").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
                record.lock().unwrap().push(id);
                axum::http::StatusCode::NO_CONTENT
            }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

async fn dead_letters_are_listed_replayed_to_the_sink_and_deleted_and_a_viewer_may_do_neither(grove: &Grove) {
    use grove_domain::events::{DeadLetter, EventId, EventRecord, EventType, NewEvent, Sink, Subscription};
    use grove_proto::grove_events::dead_letters_client::DeadLettersClient;
    use grove_proto::grove_events::{DeleteDeadLetterRequest, ListDeadLettersRequest, ReplayDeadLetterRequest};

    let (url, received) = hook_receiver().await;
    let org = Uidp::parse(&grove.org).unwrap();
    // A loopback sink, which the subscription API refuses outside dev mode: written directly.
    let subscription = Subscription { uid: org.random_child(), sink: Sink::from_stored(&url) };
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let made = NewEvent::new(EventType::SubscriptionCreated, &subscription.uid, SystemClock.now(), renderer);
    grove.store.create_subscription(&subscription, &made).await.unwrap();
    let letter = |id: &str| DeadLetter {
        id: id.to_owned(),
        uid: DeadLetter::uid_of(&subscription.uid, id),
        event: EventRecord {
            id: EventId::random(),
            event_type: EventType::GroupUpdated,
            time: SystemClock.now(),
            group: org.clone(),
            subject: org.clone(),
            origin: grove_domain::audit::Origin::system(),
            data: "{}".to_owned(),
        },
        subscription: subscription.uid.clone(),
        sink: subscription.sink.clone(),
        attempts: 5,
        reason: "the sink answered 503 Service Unavailable".to_owned(),
        failed_at: SystemClock.now(),
    };
    let (first, second) = (letter("grpc-1"), letter("grpc-2"));
    grove.store.record_dead_letter(&first).await.unwrap();
    grove.store.record_dead_letter(&second).await.unwrap();

    let mut client = DeadLettersClient::new(grove.channel.clone());
    let list = ListDeadLettersRequest { subscription: subscription.uid.to_string(), ..Default::default() };
    let page = client.list_dead_letters(grove.req(list.clone())).await.unwrap().into_inner();
    let mut ids: Vec<&str> = page.dead_letters.iter().map(|d| d.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!((ids, page.total_count), (vec!["grpc-1", "grpc-2"], Some(2)));
    let listed = page.dead_letters.iter().find(|d| d.id == "grpc-1").unwrap();
    assert_eq!(
        (listed.event_id.as_str(), listed.event_type.as_str(), listed.attempts, listed.sink.as_str()),
        (first.event.id.as_str(), "dev.chainguard.api.iam.group.updated.v1", 5, url.as_str())
    );

    // A viewer sees them, and may neither replay nor delete one.
    let viewer = grove.new_identity(&grove.org, "dead-letter-viewer").await;
    grove.bind(&grove.org, &viewer.uid, VIEWER).await;
    let viewer_token = grove.token_for(&viewer.uid);
    let seen = client.list_dead_letters(with_token(&viewer_token, list.clone())).await.unwrap().into_inner();
    assert_eq!(seen.total_count, Some(2));
    let replay = ReplayDeadLetterRequest { id: "grpc-1".to_owned() };
    let error = client.replay_dead_letter(with_token(&viewer_token, replay.clone())).await.unwrap_err();
    assert_status(
        &error,
        Code::PermissionDenied,
        &format!("Permission denied: the caller lacks subscriptions.create on {}", grove.org),
    );
    let delete = DeleteDeadLetterRequest { id: "grpc-2".to_owned() };
    let error = client.delete_dead_letter(with_token(&viewer_token, delete.clone())).await.unwrap_err();
    assert_status(
        &error,
        Code::PermissionDenied,
        &format!("Permission denied: the caller lacks subscriptions.delete on {}", grove.org),
    );
    assert!(received.lock().unwrap().is_empty());

    // The owner replays one (delivered, with the event's own id) and deletes the other.
    let replayed = client.replay_dead_letter(grove.req(replay.clone())).await.unwrap().into_inner();
    assert_eq!((replayed.delivered, replayed.deleted), (true, true));
    assert_eq!(replayed.dead_letter.unwrap().id, "grpc-1");
    assert_eq!(*received.lock().unwrap(), vec![first.event.id.to_string()]);
    client.delete_dead_letter(grove.req(delete)).await.unwrap();
    let page = client.list_dead_letters(grove.req(list)).await.unwrap().into_inner();
    assert_eq!((page.dead_letters.len(), page.total_count), (0, Some(0)));
    let error = client.replay_dead_letter(grove.req(replay)).await.unwrap_err();
    assert_status(&error, Code::NotFound, "Not found: dead letter grpc-1 does not exist");
}

// --- AuditService ----------------------------------------------------------------------

async fn the_audit_trail_names_the_grpc_caller_request_and_transport_and_refuses_a_viewer(grove: &Grove) {
    use grove_proto::grove_audit::audit_service_client::AuditServiceClient;
    use grove_proto::grove_audit::{AuditUidpFilter, ListAuditEntriesRequest};
    const GROUP_CREATED: &str = "dev.chainguard.api.iam.group.created.v1";
    let mut request = with_token(
        &grove.admin,
        iam::CreateGroupRequest {
            parent: grove.org.clone(),
            group: Some(iam::Group { name: "over-grpc".to_owned(), ..Default::default() }),
        },
    );
    request.metadata_mut().insert("x-request-id", "grpc-req-1".parse().unwrap());
    let by_grpc = grove.groups().create_group(request).await.unwrap().into_inner();
    let by_rest = grove
        .http
        .post(format!("{}/iam/v2beta1/groups/{}", grove.base, grove.org))
        .bearer_auth(&grove.admin)
        .json(&json!({ "name": "over-rest" }))
        .send()
        .await
        .unwrap();
    // No id sent: the server made one, answered it, and recorded it.
    let rest_request_id = by_rest.headers()["x-request-id"].to_str().unwrap().to_owned();
    let by_rest: Value = by_rest.json().await.unwrap();

    let list = ListAuditEntriesRequest {
        uidp: Some(AuditUidpFilter { children_of: grove.org.clone(), ..Default::default() }),
        r#type: vec![GROUP_CREATED.to_owned()],
        order_by: "create_time asc".to_owned(),
        ..Default::default()
    };
    let mut audit = AuditServiceClient::new(grove.channel.clone());
    let page = audit.list_audit_entries(with_token(&grove.admin, list.clone())).await.unwrap().into_inner();
    let seen: Vec<_> = page
        .entries
        .iter()
        .map(|e| (e.subject.as_str(), e.actor.as_str(), e.transport.as_str(), e.request_id.as_str(), e.group.as_str()))
        .collect();
    let admin = grove.admin_uid.as_str();
    assert_eq!(
        seen,
        [
            (by_grpc.uid.as_str(), admin, "grpc", "grpc-req-1", grove.org.as_str()),
            (by_rest["uid"].as_str().unwrap(), admin, "rest", rest_request_id.as_str(), grove.org.as_str()),
        ]
    );
    assert_eq!(page.total_count, Some(2));
    assert_eq!(page.entries[0].r#type, GROUP_CREATED);
    let data: Value = serde_json::from_str(&page.entries[0].data).unwrap();
    assert_eq!(data["name"], "over-grpc");

    // The same entries over REST.
    let path = format!(
        "/audit/v1alpha1/entries?uidp.children_of={}&type={GROUP_CREATED}&order_by=create_time%20asc",
        grove.org
    );
    let (status, rest) = grove.rest_as(Some(&grove.admin), reqwest::Method::GET, &path, None).await;
    assert_eq!(status, 200, "{rest}");
    let uids: Vec<&str> = rest["entries"].as_array().unwrap().iter().map(|e| e["uid"].as_str().unwrap()).collect();
    assert_eq!(uids, page.entries.iter().map(|e| e.uid.as_str()).collect::<Vec<_>>());

    // A viewer holds no audit.list.
    let viewer = grove.new_identity(&grove.org, "auditee").await;
    grove.bind(&grove.org, &viewer.uid, VIEWER).await;
    let error = audit.list_audit_entries(with_token(&grove.token_for(&viewer.uid), list)).await.unwrap_err();
    assert_status(
        &error,
        Code::PermissionDenied,
        &format!("Permission denied: the caller lacks audit.list on {}", grove.org),
    );
}

// --- GroupsService ---------------------------------------------------------------------

async fn create_group_answers_the_new_group_under_its_parent(grove: &Grove) {
    let group =
        iam::Group { name: "platform".to_owned(), description: "Platform team".to_owned(), ..Default::default() };
    let created = grove
        .groups()
        .create_group(grove.req(iam::CreateGroupRequest { parent: grove.org.clone(), group: Some(group) }))
        .await
        .unwrap()
        .into_inner();
    assert!(is_child_of(&created.uid, &grove.org), "{}", created.uid);
    assert!(created.create_time.is_some());
    let expected = iam::Group {
        uid: created.uid.clone(),
        name: "platform".to_owned(),
        description: "Platform team".to_owned(),
        resource_limits: BTreeMap::new(),
        verified: false,
        create_time: created.create_time,
        update_time: created.create_time,
        kind: iam::OrgKind::Unspecified.into(),
        status: iam::OrgStatus::Unspecified.into(),
    };
    assert_eq!(created, expected);
}

async fn get_group_answers_the_group_as_created(grove: &Grove) {
    let created = grove.new_group(&grove.org, "platform").await;
    let got = grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: created.uid.clone() })).await.unwrap();
    assert_eq!(got.into_inner(), created);
}

async fn list_groups_lists_the_children_in_order_with_paging_fields(grove: &Grove) {
    let beta = grove.new_group(&grove.org, "beta").await;
    let alpha = grove.new_group(&grove.org, "alpha").await;
    grove.new_group(&alpha.uid, "grandchild").await;
    let request =
        iam::ListGroupsRequest { uidp: children_of(&grove.org), order_by: "name".to_owned(), ..Default::default() };
    let listed = grove.groups().list_groups(grove.req(request)).await.unwrap().into_inner();
    let expected = iam::ListGroupsResponse {
        groups: vec![alpha.clone(), beta],
        next_page_token: String::new(),
        total_count: Some(2),
        skipped: 0,
    };
    assert_eq!(listed, expected);

    let by_name = iam::ListGroupsRequest { name: "alpha".to_owned(), ..Default::default() };
    let listed = grove.groups().list_groups(grove.req(by_name)).await.unwrap().into_inner();
    assert_eq!(listed.groups, vec![alpha]);
}

async fn update_group_with_a_mask_changes_only_the_masked_fields(grove: &Grove) {
    let created = grove.new_group(&grove.org, "platform").await;
    let change = iam::Group {
        uid: created.uid.clone(),
        name: "ignored".to_owned(),
        description: "now the infra team".to_owned(),
        ..Default::default()
    };
    let request = iam::UpdateGroupRequest { group: Some(change), update_mask: mask(&["description"]) };
    let updated = grove.groups().update_group(grove.req(request)).await.unwrap().into_inner();
    let expected = iam::Group {
        description: "now the infra team".to_owned(),
        update_time: updated.update_time,
        ..created.clone()
    };
    assert_eq!(updated, expected);
    assert!(updated.update_time.unwrap().seconds >= created.update_time.unwrap().seconds);
    let got = grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: created.uid })).await.unwrap();
    assert_eq!(got.into_inner(), updated);
}

async fn update_group_with_an_unknown_mask_path_is_invalid_argument_on_update_mask(grove: &Grove) {
    let created = grove.new_group(&grove.org, "platform").await;
    let change = iam::Group { uid: created.uid.clone(), verified: true, ..Default::default() };
    let request = iam::UpdateGroupRequest { group: Some(change), update_mask: mask(&["verified"]) };
    let error = grove.groups().update_group(grove.req(request)).await.unwrap_err();
    let description = r#"update_mask path "verified" is not one of name, description"#;
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: update_mask: {description}"));
    assert_eq!(field_violations(&details), vec![("update_mask".to_owned(), description.to_owned())]);
    let got = grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: created.uid.clone() })).await.unwrap();
    assert_eq!(got.into_inner(), created, "nothing changed");
}

async fn delete_group_removes_it(grove: &Grove) {
    let created = grove.new_group(&grove.org, "platform").await;
    let deleted = grove.groups().delete_group(grove.req(iam::DeleteGroupRequest { uid: created.uid.clone() })).await;
    deleted.unwrap();
    let error =
        grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: created.uid.clone() })).await.unwrap_err();
    let details = assert_status(&error, Code::NotFound, &format!("Not found: group {} does not exist", created.uid));
    assert!(details.bad_request().is_none() && details.precondition_failure().is_none());
    let again = grove.groups().delete_group(grove.req(iam::DeleteGroupRequest { uid: created.uid.clone() })).await;
    assert_eq!(again.unwrap_err().code(), Code::NotFound);
}

async fn delete_group_with_children_fails_with_a_precondition_violation(grove: &Grove) {
    let parent = grove.new_group(&grove.org, "platform").await;
    grove.new_group(&parent.uid, "child").await;
    let error =
        grove.groups().delete_group(grove.req(iam::DeleteGroupRequest { uid: parent.uid.clone() })).await.unwrap_err();
    let details =
        assert_status(&error, Code::FailedPrecondition, "Precondition failed: cannot delete group with child groups");
    let violations = &details.precondition_failure().expect("a PreconditionFailure").violations;
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert_eq!(
        (violations[0].r#type.as_str(), violations[0].subject.as_str(), violations[0].description.as_str()),
        ("RESOURCE_NOT_EMPTY", "", "cannot delete group with child groups")
    );
    let path = format!("/iam/v2beta1/groups/{}", parent.uid);
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::DELETE, &path, None).await;
    assert_same_error(&error, &rest, 400);
}

async fn get_group_with_an_invalid_uid_is_invalid_argument_with_a_field_violation(grove: &Grove) {
    let error =
        grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: "NOT-A-UID".to_owned() })).await.unwrap_err();
    let description =
        "uid must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: uid: {description}"));
    assert_eq!(field_violations(&details), vec![("uid".to_owned(), description.to_owned())]);
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::GET, "/iam/v2beta1/groups/NOT-A-UID", None).await;
    assert_same_error(&error, &rest, 400);
}

async fn create_group_without_a_name_is_invalid_argument_as_rest_answers_it(grove: &Grove) {
    let request = iam::CreateGroupRequest { parent: grove.org.clone(), group: Some(iam::Group::default()) };
    let error = grove.groups().create_group(grove.req(request)).await.unwrap_err();
    let description = "name is required";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: name: {description}"));
    assert_eq!(field_violations(&details), vec![("name".to_owned(), description.to_owned())]);
    let path = format!("/iam/v2beta1/groups/{}", grove.org);
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::POST, &path, Some(json!({}))).await;
    assert_same_error(&error, &rest, 400);
}

async fn a_missing_or_invalid_bearer_token_is_unauthenticated_as_in_rest(grove: &Grove) {
    let path = format!("/iam/v2beta1/groups/{}", grove.org);
    let get = || iam::GetGroupRequest { uid: grove.org.clone() };

    let error = grove.groups().get_group(Request::new(get())).await.unwrap_err();
    let details =
        assert_status(&error, Code::Unauthenticated, "Unauthenticated: the request has no Authorization header");
    assert!(details.bad_request().is_none() && details.precondition_failure().is_none());
    assert_same_error(&error, &grove.rest_as(None, reqwest::Method::GET, &path, None).await, 401);

    let error = grove.groups().get_group(with_token("not-a-token", get())).await.unwrap_err();
    assert_status(&error, Code::Unauthenticated, "Unauthenticated: invalid API token");
    assert_same_error(&error, &grove.rest_as(Some("not-a-token"), reqwest::Method::GET, &path, None).await, 401);

    let mut basic = Request::new(get());
    basic.metadata_mut().insert("authorization", "Basic YWRtaW46YWRtaW4=".parse().unwrap());
    let error = grove.groups().get_group(basic).await.unwrap_err();
    assert_eq!(error.code(), Code::Unauthenticated, "{error:?}");
    assert_status(&error, Code::Unauthenticated, error.message());
    let rest = grove
        .http
        .get(format!("{}{path}", grove.base))
        .header("authorization", "Basic YWRtaW46YWRtaW4=")
        .send()
        .await
        .unwrap();
    assert_same_error(&error, &(rest.status().as_u16(), rest.json().await.unwrap()), 401);
}

async fn a_caller_without_a_binding_gets_not_found_as_in_rest(grove: &Grove) {
    let stranger = grove.new_identity(&grove.org, "stranger").await;
    let token = grove.token_for(&stranger.uid);
    let error = grove
        .groups()
        .get_group(with_token(&token, iam::GetGroupRequest { uid: grove.org.clone() }))
        .await
        .unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: group {} does not exist", grove.org));
    let path = format!("/iam/v2beta1/groups/{}", grove.org);
    assert_same_error(&error, &grove.rest_as(Some(&token), reqwest::Method::GET, &path, None).await, 404);

    let listed = grove.groups().list_groups(with_token(&token, iam::ListGroupsRequest::default())).await.unwrap();
    assert_eq!(
        listed.into_inner(),
        iam::ListGroupsResponse { total_count: Some(0), ..Default::default() },
        "lists show only what the caller may list"
    );
}

async fn a_viewer_creating_a_group_gets_permission_denied_as_in_rest(grove: &Grove) {
    let viewer = grove.new_identity(&grove.org, "viewer").await;
    grove.bind(&grove.org, &viewer.uid, VIEWER).await;
    let token = grove.token_for(&viewer.uid);
    let seen = grove.groups().get_group(with_token(&token, iam::GetGroupRequest { uid: grove.org.clone() })).await;
    assert_eq!(seen.unwrap().into_inner().uid, grove.org, "a viewer sees the group");

    let group = iam::Group { name: "sneaky".to_owned(), ..Default::default() };
    let request = iam::CreateGroupRequest { parent: grove.org.clone(), group: Some(group) };
    let error = grove.groups().create_group(with_token(&token, request)).await.unwrap_err();
    let message = format!("Permission denied: the caller lacks groups.create on {}", grove.org);
    assert_status(&error, Code::PermissionDenied, &message);
    let path = format!("/iam/v2beta1/groups/{}", grove.org);
    let rest = grove.rest_as(Some(&token), reqwest::Method::POST, &path, Some(json!({"name": "sneaky"}))).await;
    assert_same_error(&error, &rest, 403);
}

/// Creates `n` groups in the organization: their uids, ordered by name.
async fn some_groups(grove: &Grove, n: usize) -> Vec<String> {
    let mut uids = Vec::new();
    for i in 0..n {
        uids.push(grove.new_group(&grove.org, &format!("team-{i}")).await.uid);
    }
    uids
}

fn rest_page(org: &str, token: &str) -> String {
    let mut url = format!("/iam/v2beta1/groups?uidp.children_of={org}&page_size=2&order_by=name");
    if !token.is_empty() {
        url.push_str("&page_token=");
        url.push_str(&percent_encode(token));
    }
    url
}

fn percent_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn grpc_page(org: &str, token: &str) -> iam::ListGroupsRequest {
    iam::ListGroupsRequest {
        uidp: children_of(org),
        page_size: 2,
        page_token: token.to_owned(),
        order_by: "name".to_owned(),
        ..Default::default()
    }
}

fn uids_of(rest_groups: &Value) -> Vec<String> {
    rest_groups["groups"].as_array().unwrap().iter().map(|g| g["uid"].as_str().unwrap().to_owned()).collect()
}

async fn a_grpc_page_token_continues_the_same_listing_over_rest(grove: &Grove) {
    let all = some_groups(grove, 5).await;
    let first = grove.groups().list_groups(grove.req(grpc_page(&grove.org, ""))).await.unwrap().into_inner();
    assert_eq!(first.groups.iter().map(|g| g.uid.clone()).collect::<Vec<_>>(), all[..2]);
    assert_eq!(first.total_count, Some(5));
    assert!(!first.next_page_token.is_empty());

    let second = grove.rest_get(&rest_page(&grove.org, &first.next_page_token)).await;
    assert_eq!(uids_of(&second), all[2..4], "{second}");
    assert_eq!(second["totalCount"], json!("5"));
    let token = second["nextPageToken"].as_str().unwrap();

    let third = grove.groups().list_groups(grove.req(grpc_page(&grove.org, token))).await.unwrap().into_inner();
    assert_eq!(third.groups.iter().map(|g| g.uid.clone()).collect::<Vec<_>>(), all[4..]);
    assert_eq!((third.next_page_token.as_str(), third.total_count), ("", Some(5)));
}

async fn a_rest_page_token_continues_the_same_listing_over_grpc(grove: &Grove) {
    let all = some_groups(grove, 5).await;
    let first = grove.rest_get(&rest_page(&grove.org, "")).await;
    assert_eq!(uids_of(&first), all[..2], "{first}");
    let token = first["nextPageToken"].as_str().unwrap();

    let second = grove.groups().list_groups(grove.req(grpc_page(&grove.org, token))).await.unwrap().into_inner();
    assert_eq!(second.groups.iter().map(|g| g.uid.clone()).collect::<Vec<_>>(), all[2..4]);
    assert_eq!(second.total_count, Some(5));

    let third = grove.rest_get(&rest_page(&grove.org, &second.next_page_token)).await;
    assert_eq!(uids_of(&third), all[4..], "{third}");
    assert_eq!(third.get("nextPageToken").and_then(Value::as_str).unwrap_or_default(), "");

    // A token is still bound to its caller, whichever transport presents it.
    let other = grove.new_identity(&grove.org, "other").await;
    grove.bind(&grove.org, &other.uid, VIEWER).await;
    let stolen = with_token(&grove.token_for(&other.uid), grpc_page(&grove.org, token));
    let error = grove.groups().list_groups(stolen).await.unwrap_err();
    let description = "page_token was issued to another caller; start again without page_token";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: page_token: {description}"));
    assert_eq!(field_violations(&details), vec![("page_token".to_owned(), description.to_owned())]);
}

// --- IdentitiesService -----------------------------------------------------------------

fn expected_identity(created: &iam::Identity, name: &str) -> iam::Identity {
    iam::Identity {
        uid: created.uid.clone(),
        name: name.to_owned(),
        description: format!("{name} in CI"),
        email: String::new(),
        email_unverified: String::new(),
        company: String::new(),
        last_seen_time: None,
        create_time: created.create_time,
        update_time: created.create_time,
        relationship: Some(PbRelationship::ClaimMatch(PbClaimMatch {
            claims: BTreeMap::new(),
            claim_patterns: BTreeMap::new(),
            iss: Some(claim_match::Iss::Issuer(ISSUER.to_owned())),
            sub: Some(claim_match::Sub::Subject(name.to_owned())),
            aud: None,
        })),
    }
}

async fn create_identity_answers_the_new_identity(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let request = iam::CreateIdentityRequest { parent: group.uid.clone(), identity: Some(identity_input("deployer")) };
    let created = grove.identities().create_identity(grove.req(request)).await.unwrap().into_inner();
    assert!(is_child_of(&created.uid, &group.uid), "{}", created.uid);
    assert!(created.create_time.is_some());
    assert_eq!(created, expected_identity(&created, "deployer"));
}

async fn get_identity_answers_the_identity_as_created(grove: &Grove) {
    let created = grove.new_identity(&grove.org, "deployer").await;
    let request = iam::GetIdentityRequest { uid: created.uid.clone() };
    let got = grove.identities().get_identity(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(got, created);
}

async fn list_identities_lists_the_identities_of_a_group(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let b = grove.new_identity(&group.uid, "builder").await;
    let a = grove.new_identity(&group.uid, "auditor").await;
    grove.new_identity(&grove.org, "elsewhere").await;
    let request =
        iam::ListIdentitiesRequest { uidp: children_of(&group.uid), order_by: "name".to_owned(), ..Default::default() };
    let listed = grove.identities().list_identities(grove.req(request)).await.unwrap().into_inner();
    let expected = iam::ListIdentitiesResponse {
        identities: vec![a.clone(), b.clone()],
        next_page_token: String::new(),
        total_count: Some(2),
        skipped: 0,
    };
    assert_eq!(listed, expected);

    let syncer = iam::Identity {
        name: "syncer".to_owned(),
        relationship: Some(PbRelationship::ServicePrincipal(iam::ServicePrincipal::CatalogSyncer.into())),
        ..Default::default()
    };
    let request = iam::CreateIdentityRequest { parent: group.uid.clone(), identity: Some(syncer) };
    let syncer = grove.identities().create_identity(grove.req(request)).await.unwrap().into_inner();
    let of_type = |kind: iam::RelationshipType| iam::ListIdentitiesRequest {
        uidp: children_of(&group.uid),
        relationship_type: kind.into(),
        order_by: "name".to_owned(),
        ..Default::default()
    };
    for (kind, expected) in [
        (iam::RelationshipType::ClaimMatch, vec![a.clone(), b.clone()]),
        (iam::RelationshipType::ServicePrincipal, vec![syncer.clone()]),
        (iam::RelationshipType::Static, vec![]),
        (iam::RelationshipType::Unspecified, vec![a, b, syncer]),
    ] {
        let listed = grove.identities().list_identities(grove.req(of_type(kind))).await.unwrap().into_inner();
        let total = Some(expected.len() as i64);
        assert_eq!((listed.identities, listed.total_count), (expected, total), "{kind:?}");
    }

    let unknown = iam::ListIdentitiesRequest { relationship_type: 9, ..Default::default() };
    let error = grove.identities().list_identities(grove.req(unknown)).await.unwrap_err();
    let description = "relationship_type \"9\" is not a relationship type; use one of RELATIONSHIP_TYPE_CLAIM_MATCH, \
                       RELATIONSHIP_TYPE_STATIC, RELATIONSHIP_TYPE_AWS_IDENTITY, RELATIONSHIP_TYPE_SERVICE_PRINCIPAL \
                       (or its number)";
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: relationship_type: {description}"));
    assert_eq!(field_violations(&details), vec![("relationship_type".to_owned(), description.to_owned())]);
}

async fn identity_company_and_service_principal_round_trip(grove: &Grove) {
    let syncer = iam::Identity {
        name: "syncer".to_owned(),
        company: "Acme Corp.".to_owned(),
        relationship: Some(PbRelationship::ServicePrincipal(iam::ServicePrincipal::Skills.into())),
        ..Default::default()
    };
    let request = iam::CreateIdentityRequest { parent: grove.org.clone(), identity: Some(syncer) };
    let created = grove.identities().create_identity(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(
        (created.company.as_str(), created.relationship.clone()),
        ("Acme Corp.", Some(PbRelationship::ServicePrincipal(iam::ServicePrincipal::Skills.into())))
    );
    let got = grove.identities().get_identity(grove.req(iam::GetIdentityRequest { uid: created.uid.clone() })).await;
    assert_eq!(got.unwrap().into_inner(), created);

    let change = iam::Identity { uid: created.uid.clone(), company: "Globex".to_owned(), ..Default::default() };
    let request = iam::UpdateIdentityRequest { identity: Some(change), update_mask: mask(&["company"]) };
    let updated = grove.identities().update_identity(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(updated, iam::Identity { company: "Globex".to_owned(), update_time: updated.update_time, ..created });
}

async fn aws_identity_is_created_got_listed_and_replaced(grove: &Grove) {
    let aws = PbAwsIdentity {
        aws_account: "123456789012".to_owned(),
        aws_arn: Some(aws_identity::AwsArn::ArnPattern("arn:aws:sts::123456789012:assumed-role/ci/.*".to_owned())),
        aws_user_id: Some(aws_identity::AwsUserId::UserId("AROAEXAMPLE:ci".to_owned())),
    };
    let input = iam::Identity {
        name: "deployer".to_owned(),
        relationship: Some(PbRelationship::AwsIdentity(aws.clone())),
        ..Default::default()
    };
    let request = iam::CreateIdentityRequest { parent: grove.org.clone(), identity: Some(input) };
    let created = grove.identities().create_identity(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(created.relationship, Some(PbRelationship::AwsIdentity(aws)));
    let got = grove.identities().get_identity(grove.req(iam::GetIdentityRequest { uid: created.uid.clone() })).await;
    assert_eq!(got.unwrap().into_inner(), created);
    let request = iam::ListIdentitiesRequest {
        relationship_type: iam::RelationshipType::AwsIdentity.into(),
        ..Default::default()
    };
    let listed = grove.identities().list_identities(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(listed.identities, vec![created.clone()]);

    let replaced = PbAwsIdentity {
        aws_account: "210987654321".to_owned(),
        aws_arn: Some(aws_identity::AwsArn::Arn("arn:aws:iam::210987654321:user/dev".to_owned())),
        aws_user_id: Some(aws_identity::AwsUserId::UserIdPattern("AIDA[A-Z0-9]+".to_owned())),
    };
    let change = iam::Identity {
        uid: created.uid.clone(),
        relationship: Some(PbRelationship::AwsIdentity(replaced.clone())),
        ..Default::default()
    };
    let request = iam::UpdateIdentityRequest { identity: Some(change), update_mask: mask(&["aws_identity"]) };
    let updated = grove.identities().update_identity(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(
        updated,
        iam::Identity {
            relationship: Some(PbRelationship::AwsIdentity(replaced)),
            update_time: updated.update_time,
            ..created
        }
    );

    let bad = iam::Identity {
        name: "bad".to_owned(),
        relationship: Some(PbRelationship::AwsIdentity(PbAwsIdentity {
            aws_account: "1234".to_owned(),
            ..Default::default()
        })),
        ..Default::default()
    };
    let request = iam::CreateIdentityRequest { parent: grove.org.clone(), identity: Some(bad) };
    let error = grove.identities().create_identity(grove.req(request)).await.unwrap_err();
    let details = assert_status(
        &error,
        Code::InvalidArgument,
        "Invalid argument: awsIdentity.awsAccount: awsIdentity.awsAccount must be 12 digits; awsIdentity.arn: \
         awsIdentity.arn or awsIdentity.arnPattern is required; awsIdentity.userId: awsIdentity.userId or \
         awsIdentity.userIdPattern is required",
    );
    assert_eq!(
        field_violations(&details),
        vec![
            ("awsIdentity.awsAccount".to_owned(), "awsIdentity.awsAccount must be 12 digits".to_owned()),
            ("awsIdentity.arn".to_owned(), "awsIdentity.arn or awsIdentity.arnPattern is required".to_owned()),
            ("awsIdentity.userId".to_owned(), "awsIdentity.userId or awsIdentity.userIdPattern is required".to_owned()),
        ]
    );
}

async fn update_identity_with_a_nested_mask_path_changes_only_that_claim_match_field(grove: &Grove) {
    let mut input = identity_input("deployer");
    if let Some(PbRelationship::ClaimMatch(cm)) = &mut input.relationship {
        cm.aud = Some(claim_match::Aud::Audience("grove".to_owned()));
    }
    let request = iam::CreateIdentityRequest { parent: grove.org.clone(), identity: Some(input) };
    let created = grove.identities().create_identity(grove.req(request)).await.unwrap().into_inner();
    for (path, pattern) in [("claim_match.subject_pattern", "repo:acme/.*"), ("claimMatch.subjectPattern", "repo:.*")] {
        let change = iam::Identity {
            uid: created.uid.clone(),
            name: "ignored".to_owned(),
            relationship: Some(PbRelationship::ClaimMatch(PbClaimMatch {
                iss: Some(claim_match::Iss::Issuer("https://evil.example".to_owned())),
                sub: Some(claim_match::Sub::SubjectPattern(pattern.to_owned())),
                ..Default::default()
            })),
            ..Default::default()
        };
        let request = iam::UpdateIdentityRequest { identity: Some(change), update_mask: mask(&[path]) };
        let updated = grove.identities().update_identity(grove.req(request)).await.unwrap().into_inner();
        let mut expected = created.clone();
        if let Some(PbRelationship::ClaimMatch(cm)) = &mut expected.relationship {
            cm.sub = Some(claim_match::Sub::SubjectPattern(pattern.to_owned()));
        }
        expected.update_time = updated.update_time;
        assert_eq!(updated, expected, "{path}");
    }
    let change = iam::Identity { uid: created.uid.clone(), ..Default::default() };
    let request = iam::UpdateIdentityRequest { identity: Some(change), update_mask: mask(&["claim_match.subjects"]) };
    let error = grove.identities().update_identity(grove.req(request)).await.unwrap_err();
    let description = "update_mask path \"claim_match.subjects\" is not a field of claimMatch; use one of \
                       claimMatch.issuer, claimMatch.issuerPattern, claimMatch.subject, claimMatch.subjectPattern, \
                       claimMatch.audience, claimMatch.audiencePattern, claimMatch.claims, claimMatch.claimPatterns";
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: update_mask: {description}"));
    assert_eq!(field_violations(&details), vec![("update_mask".to_owned(), description.to_owned())]);
}

async fn list_groups_applies_every_uidp_filter(grove: &Grove) {
    let a = grove.new_group(&grove.org, "a").await.uid;
    let b = grove.new_group(&grove.org, "b").await.uid;
    let x = grove.new_group(&a, "x").await.uid;
    let y = grove.new_group(&x, "y").await.uid;
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    let cases = [
        (UidpFilter { descendants_of: a.clone(), ..Default::default() }, sorted(vec![x.clone(), y.clone()])),
        (UidpFilter { children_of: grove.org.clone(), ..Default::default() }, sorted(vec![a.clone(), b.clone()])),
        (
            UidpFilter { ancestors_of: y.clone(), ..Default::default() },
            sorted(vec![grove.org.clone(), a.clone(), x.clone()]),
        ),
        (UidpFilter { in_root: true, ..Default::default() }, vec![grove.org.clone()]),
        (UidpFilter { ids: vec![b.clone(), y.clone()], ..Default::default() }, sorted(vec![b.clone(), y.clone()])),
    ];
    for (filter, expected) in cases {
        let request = iam::ListGroupsRequest { uidp: Some(filter.clone()), ..Default::default() };
        let listed = grove.groups().list_groups(grove.req(request)).await.unwrap().into_inner();
        let uids: Vec<String> = listed.groups.into_iter().map(|g| g.uid).collect();
        assert_eq!((uids, listed.total_count), (expected.clone(), Some(expected.len() as i64)), "{filter:?}");
    }
    let bad = iam::ListGroupsRequest { uidp: children_of("nope"), ..Default::default() };
    let error = grove.groups().list_groups(grove.req(bad)).await.unwrap_err();
    let description = format!("uidp.children_of {}", grove_domain::uidp::UidpError);
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: uidp.children_of: {description}"));
    assert_eq!(field_violations(&details), vec![("uidp.children_of".to_owned(), description)]);
}

async fn update_identity_with_a_mask_changes_only_the_masked_fields(grove: &Grove) {
    let created = grove.new_identity(&grove.org, "deployer").await;
    let change = iam::Identity {
        uid: created.uid.clone(),
        name: "ignored".to_owned(),
        description: "deploys on release".to_owned(),
        ..identity_input("ignored")
    };
    let request = iam::UpdateIdentityRequest { identity: Some(change), update_mask: mask(&["description"]) };
    let updated = grove.identities().update_identity(grove.req(request)).await.unwrap().into_inner();
    let expected = iam::Identity {
        description: "deploys on release".to_owned(),
        update_time: updated.update_time,
        ..created.clone()
    };
    assert_eq!(updated, expected);

    let rematch = iam::Identity { uid: created.uid.clone(), ..identity_input("renamed-subject") };
    let request = iam::UpdateIdentityRequest { identity: Some(rematch), update_mask: mask(&["claimMatch"]) };
    let updated = grove.identities().update_identity(grove.req(request)).await.unwrap().into_inner();
    let Some(PbRelationship::ClaimMatch(cm)) = &updated.relationship else { panic!("{updated:?}") };
    assert_eq!(cm.sub, Some(claim_match::Sub::Subject("renamed-subject".to_owned())), "lowerCamel mask paths work too");
    assert_eq!((updated.name.as_str(), updated.description.as_str()), ("deployer", "deploys on release"));
    let got = grove.identities().get_identity(grove.req(iam::GetIdentityRequest { uid: created.uid })).await.unwrap();
    assert_eq!(got.into_inner(), updated);
}

async fn update_identity_with_an_unknown_mask_path_is_invalid_argument_on_update_mask(grove: &Grove) {
    let created = grove.new_identity(&grove.org, "deployer").await;
    let change = iam::Identity { uid: created.uid.clone(), email: "a@example.com".to_owned(), ..Default::default() };
    let request = iam::UpdateIdentityRequest { identity: Some(change), update_mask: mask(&["email"]) };
    let error = grove.identities().update_identity(grove.req(request)).await.unwrap_err();
    let description = r#"update_mask path "email" is not one of name, description, company, claimMatch, staticKeys, awsIdentity, servicePrincipal"#;
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: update_mask: {description}"));
    assert_eq!(field_violations(&details), vec![("update_mask".to_owned(), description.to_owned())]);
}

async fn delete_identity_removes_it(grove: &Grove) {
    let created = grove.new_identity(&grove.org, "deployer").await;
    let request = iam::DeleteIdentityRequest { uid: created.uid.clone() };
    grove.identities().delete_identity(grove.req(request)).await.unwrap();
    let request = iam::GetIdentityRequest { uid: created.uid.clone() };
    let error = grove.identities().get_identity(grove.req(request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: identity {} does not exist", created.uid));
}

async fn lookup_identity_answers_the_person_uid_over_grpc_and_rest(grove: &Grove) {
    let ask = |issuer: &str, subject: &str| iam::LookupIdentityRequest {
        issuer: issuer.to_owned(),
        subject: subject.to_owned(),
    };
    let alice = grove.identities().lookup_identity(grove.req(ask(ISSUER, "alice"))).await.unwrap().into_inner();
    let expected = grove_domain::Uidp::person(ISSUER, "alice");
    assert_eq!(alice.uid, expected.as_str());
    assert!(expected.is_root());
    let again = grove.identities().lookup_identity(grove.req(ask(ISSUER, "alice"))).await.unwrap().into_inner();
    assert_eq!(again, alice, "the same person has the same uid");
    let bob = grove.identities().lookup_identity(grove.req(ask(ISSUER, "bob"))).await.unwrap().into_inner();
    assert_ne!(bob, alice);

    let path = format!("/iam/v2beta1/identities:lookupIdentity?issuer={}&subject=alice", ISSUER.replace(':', "%3A"));
    assert_eq!(grove.rest_get(&path).await, json!({"uid": alice.uid}));

    let error = grove.identities().lookup_identity(grove.req(ask(ISSUER, ""))).await.unwrap_err();
    let details = assert_status(&error, Code::InvalidArgument, "Invalid argument: subject: subject is required");
    assert_eq!(field_violations(&details), vec![("subject".to_owned(), "subject is required".to_owned())]);
    let (status, body) = grove
        .rest_as(None, reqwest::Method::GET, "/iam/v2beta1/identities:lookupIdentity?issuer=x&subject=y", None)
        .await;
    assert_eq!((status, &body["code"]), (401, &json!(16)), "{body}");
}

async fn update_identity_with_a_static_keys_mask_path_changes_only_that_field(grove: &Grove) {
    use grove_proto::iam::identity::StaticKeys as PbStaticKeys;
    let jwks = r#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#;
    let keys = |subject: &str, issuer: &str| PbStaticKeys {
        issuer: issuer.to_owned(),
        subject: subject.to_owned(),
        issuer_keys: jwks.to_owned(),
        audiences: vec!["grove".to_owned()],
        ..Default::default()
    };
    let identity = iam::Identity {
        name: "laptop".to_owned(),
        relationship: Some(PbRelationship::StaticKeys(keys("me", ISSUER))),
        ..Default::default()
    };
    let request = iam::CreateIdentityRequest { parent: grove.org.clone(), identity: Some(identity) };
    let created = grove.identities().create_identity(grove.req(request)).await.unwrap().into_inner();
    let sent = iam::Identity {
        uid: created.uid.clone(),
        relationship: Some(PbRelationship::StaticKeys(keys("you", "https://elsewhere.example"))),
        ..Default::default()
    };
    let request =
        iam::UpdateIdentityRequest { identity: Some(sent.clone()), update_mask: mask(&["static_keys.subject"]) };
    let updated = grove.identities().update_identity(grove.req(request)).await.unwrap().into_inner();
    let Some(PbRelationship::StaticKeys(before)) = created.relationship else { panic!("{created:?}") };
    assert_eq!(
        updated.relationship,
        Some(PbRelationship::StaticKeys(PbStaticKeys { subject: "you".to_owned(), ..before }))
    );

    let request = iam::UpdateIdentityRequest { identity: Some(sent), update_mask: mask(&["staticKeys.keys"]) };
    let error = grove.identities().update_identity(grove.req(request)).await.unwrap_err();
    let description =
        "update_mask path \"staticKeys.keys\" is not a field of staticKeys; use one of staticKeys.issuer, \
                       staticKeys.subject, staticKeys.issuerKeys, staticKeys.expirationTime, staticKeys.audiences";
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: update_mask: {description}"));
    assert_eq!(field_violations(&details), vec![("update_mask".to_owned(), description.to_owned())]);
}

async fn update_identity_metadata_changes_the_callers_own_fields_as_rest_does(grove: &Grove) {
    let dev = grove.new_identity(&grove.org, "dev").await;
    let token = grove.token_for(&dev.uid);
    let sent = iam::IdentityMetadata {
        job_title: "engineer".to_owned(),
        company: "Acme".to_owned(),
        hubspot_utk: "utk-1".to_owned(),
        self_serve: true,
        ..Default::default()
    };
    let request = iam::UpdateIdentityMetadataRequest { identity_metadata: Some(sent.clone()), update_mask: None };
    let answer = grove.identities().update_identity_metadata(with_token(&token, request)).await.unwrap().into_inner();
    let expected = iam::IdentityMetadata { uid: dev.uid.clone(), name: "dev".to_owned(), ..sent };
    assert_eq!(answer, expected);
    let got = grove.identities().get_identity(grove.req(iam::GetIdentityRequest { uid: dev.uid.clone() })).await;
    assert_eq!(got.unwrap().into_inner().company, "Acme", "company is the identity's own");

    // A mask selects fields even at their zero value; hubspotUtk is never stored.
    let request = iam::UpdateIdentityMetadataRequest {
        identity_metadata: Some(iam::IdentityMetadata { product: "images".to_owned(), ..Default::default() }),
        update_mask: mask(&["product", "self_serve"]),
    };
    let answer = grove.identities().update_identity_metadata(with_token(&token, request)).await.unwrap().into_inner();
    let expected = iam::IdentityMetadata {
        uid: dev.uid.clone(),
        name: "dev".to_owned(),
        job_title: "engineer".to_owned(),
        company: "Acme".to_owned(),
        product: "images".to_owned(),
        ..Default::default()
    };
    assert_eq!(answer, expected);
    let (status, rest) = grove
        .rest_as(
            Some(&token),
            reqwest::Method::PATCH,
            "/iam/v2beta1/identities:updateIdentityMetadata",
            Some(json!({})),
        )
        .await;
    assert_eq!((status, rest), (200, serde_json::to_value(&expected).unwrap()), "REST answers the same metadata");

    let request = iam::UpdateIdentityMetadataRequest { identity_metadata: None, update_mask: mask(&["uid"]) };
    let error = grove.identities().update_identity_metadata(with_token(&token, request)).await.unwrap_err();
    let rest = grove
        .rest_as(
            Some(&token),
            reqwest::Method::PATCH,
            "/iam/v2beta1/identities:updateIdentityMetadata",
            Some(json!({"updateMask": "uid"})),
        )
        .await;
    assert_same_error(&error, &rest, 400);
    assert_eq!(field_violations(&error.get_error_details())[0].0, "update_mask");
}

async fn lookup_group_and_check_eligibility_answer_by_the_callers_verified_email_domain(grove: &Grove) {
    let verified = grove.verified_organization("acme.example").await;
    let dev = grove.new_identity(&grove.org, "dev").await;
    grove.seen_with_verified_email(&dev.uid, "dev@acme.example").await;
    let token = grove.token_for(&dev.uid);

    let found = grove.groups().lookup_group(with_token(&token, iam::LookupGroupRequest {})).await.unwrap().into_inner();
    let group = found.group.unwrap();
    assert_eq!((group.uid.as_str(), group.name.as_str(), group.verified), (verified.as_str(), "acme.example", true));
    let rest = grove.rest_as(Some(&token), reqwest::Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
    assert_eq!(rest.0, 200);
    compare_json("LookupGroup", &rest.1["group"], &serde_json::to_value(&group).unwrap());

    let eligible = grove.groups().check_eligibility(with_token(&token, iam::CheckEligibilityRequest {})).await;
    assert!(eligible.unwrap().into_inner().eligible);
    let owner = grove.groups().check_eligibility(grove.req(iam::CheckEligibilityRequest {})).await;
    assert!(!owner.unwrap().into_inner().eligible, "the owner has no email and holds bindings");

    let error = grove.groups().lookup_group(grove.req(iam::LookupGroupRequest {})).await.unwrap_err();
    assert_status(&error, Code::NotFound, "Not found: no verified organization matches the caller's email domain");
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::GET, "/iam/v2beta1/groups:lookupGroup", None).await;
    assert_same_error(&error, &rest, 404);
}

async fn request_group_access_is_recorded_once_and_refused_as_rest_refuses_it(grove: &Grove) {
    let verified = grove.verified_organization("acme.example").await;
    let dev = grove.new_identity(&grove.org, "dev").await;
    grove.seen_with_verified_email(&dev.uid, "dev@acme.example").await;
    let token = grove.token_for(&dev.uid);
    let ask = |group: &str| iam::RequestGroupAccessRequest { group_uid: group.to_owned() };

    let answer = grove.groups().request_group_access(with_token(&token, ask(&verified))).await.unwrap().into_inner();
    assert_eq!(answer, iam::RequestGroupAccessResponse {});
    let error = grove.groups().request_group_access(with_token(&token, ask(&verified))).await.unwrap_err();
    let message = format!("Resource exhausted: identity {} already asked for access to group {verified}", dev.uid);
    assert_status(&error, Code::ResourceExhausted, &message);
    let path = format!("/iam/v2beta1/groups/{verified}:requestGroupAccess");
    let rest = grove.rest_as(Some(&token), reqwest::Method::POST, &path, Some(json!({}))).await;
    assert_same_error(&error, &rest, 429);

    // The unverified organization: NOT_FOUND as for a missing group, on both transports.
    let error = grove.groups().request_group_access(with_token(&token, ask(&grove.org))).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: group {} does not exist", grove.org));
    let path = format!("/iam/v2beta1/groups/{}:requestGroupAccess", grove.org);
    let rest = grove.rest_as(Some(&token), reqwest::Method::POST, &path, None).await;
    assert_same_error(&error, &rest, 404);

    let error = grove.groups().request_group_access(with_token(&token, ask("acme"))).await.unwrap_err();
    let details = assert_status(&error, Code::InvalidArgument, error.message());
    assert_eq!(field_violations(&details)[0].0, "group_uid");
}

// --- RolesService ----------------------------------------------------------------------

/// Capability numbers in the order the domain keeps them.
fn capability_numbers(names: &[&str]) -> Vec<i32> {
    let set: CapabilitySet = names.iter().map(|n| Capability::from_name(n).unwrap()).collect();
    set.iter().map(Capability::number).collect()
}

async fn get_role_answers_a_built_in_role(grove: &Grove) {
    let got = grove.roles().get_role(grove.req(iam::GetRoleRequest { uid: VIEWER.to_owned() })).await.unwrap();
    let got = got.into_inner();
    let builtin = grove_domain::builtin::BUILT_IN_ROLES.iter().find(|r| r.uid == VIEWER).unwrap();
    let caps: CapabilitySet = builtin.grants.iter().flat_map(|g| g.iter().copied()).collect();
    let expected = iam::Role {
        uid: VIEWER.to_owned(),
        name: "viewer".to_owned(),
        description: builtin.description.to_owned(),
        capabilities: caps.iter().map(Capability::number).collect(),
        create_time: got.create_time,
        update_time: got.update_time,
    };
    assert_eq!(got, expected);
    assert!(got.create_time.is_some() && got.update_time.is_some());
    assert!(got.capabilities.contains(&(PbCapability::CapIamGroupsList as i32)));
}

async fn list_roles_filters_by_name(grove: &Grove) {
    let request = iam::ListRolesRequest { name: "editor".to_owned(), ..Default::default() };
    let listed = grove.roles().list_roles(grove.req(request)).await.unwrap().into_inner();
    let editor = grove.roles().get_role(grove.req(iam::GetRoleRequest { uid: EDITOR.to_owned() })).await.unwrap();
    let expected = iam::ListRolesResponse {
        roles: vec![editor.into_inner()],
        next_page_token: String::new(),
        total_count: Some(1),
        skipped: 0,
    };
    assert_eq!(listed, expected);

    let all = grove.roles().list_roles(grove.req(iam::ListRolesRequest::default())).await.unwrap().into_inner();
    let mut names: Vec<_> = all.roles.iter().map(|r| r.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["editor", "owner", "registry.pull", "registry.push", "viewer"]);
}

fn role_input(name: &str) -> iam::Role {
    iam::Role {
        name: name.to_owned(),
        description: "reads groups and repos".to_owned(),
        capabilities: vec![PbCapability::CapRepoList as i32, PbCapability::CapIamGroupsList as i32],
        ..Default::default()
    }
}

async fn new_role(grove: &Grove, name: &str) -> iam::Role {
    let request = iam::CreateRoleRequest { parent: grove.org.clone(), role: Some(role_input(name)) };
    grove.roles().create_role(grove.req(request)).await.unwrap().into_inner()
}

async fn create_role_answers_the_new_role_with_its_capabilities(grove: &Grove) {
    let request = iam::CreateRoleRequest { parent: grove.org.clone(), role: Some(role_input("auditor")) };
    let created = grove.roles().create_role(grove.req(request)).await.unwrap().into_inner();
    assert!(is_child_of(&created.uid, &grove.org), "{}", created.uid);
    let expected = iam::Role {
        uid: created.uid.clone(),
        name: "auditor".to_owned(),
        description: "reads groups and repos".to_owned(),
        capabilities: capability_numbers(&["CAP_REPO_LIST", "CAP_IAM_GROUPS_LIST"]),
        create_time: created.create_time,
        update_time: created.create_time,
    };
    assert!(created.create_time.is_some());
    assert_eq!(created, expected);
    let got = grove.roles().get_role(grove.req(iam::GetRoleRequest { uid: created.uid.clone() })).await.unwrap();
    assert_eq!(got.into_inner(), created);
}

async fn update_role_with_a_mask_changes_only_the_masked_fields(grove: &Grove) {
    let created = new_role(grove, "auditor").await;
    let change = iam::Role {
        uid: created.uid.clone(),
        name: "ignored".to_owned(),
        capabilities: vec![PbCapability::CapTagList as i32],
        ..Default::default()
    };
    let request = iam::UpdateRoleRequest { role: Some(change), update_mask: mask(&["capabilities"]) };
    let updated = grove.roles().update_role(grove.req(request)).await.unwrap().into_inner();
    let expected = iam::Role {
        capabilities: vec![PbCapability::CapTagList as i32],
        update_time: updated.update_time,
        ..created.clone()
    };
    assert_eq!(updated, expected);

    let builtin = iam::Role { uid: VIEWER.to_owned(), description: "mine now".to_owned(), ..Default::default() };
    let request = iam::UpdateRoleRequest { role: Some(builtin), update_mask: mask(&["description"]) };
    let error = grove.roles().update_role(grove.req(request)).await.unwrap_err();
    let description = format!("role {VIEWER} is built in and cannot be changed or deleted");
    let details = assert_status(&error, Code::FailedPrecondition, &format!("Precondition failed: {description}"));
    let violations = &details.precondition_failure().expect("a PreconditionFailure").violations;
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert_eq!((violations[0].r#type.as_str(), violations[0].description.as_str()), ("BUILT_IN_ROLE", &*description));
    let path = format!("/iam/v2beta1/roles/{VIEWER}");
    let rest =
        grove.rest_as(Some(&grove.admin), reqwest::Method::PATCH, &path, Some(json!({"description": "mine now"})));
    assert_same_error(&error, &rest.await, 400);
}

async fn delete_role_removes_it(grove: &Grove) {
    let created = new_role(grove, "auditor").await;
    grove.roles().delete_role(grove.req(iam::DeleteRoleRequest { uid: created.uid.clone() })).await.unwrap();
    let error = grove.roles().get_role(grove.req(iam::GetRoleRequest { uid: created.uid.clone() })).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: role {} does not exist", created.uid));
}

// --- RoleBindingsService ---------------------------------------------------------------

async fn create_role_binding_answers_the_hydrated_binding(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let identity = grove.new_identity(&grove.org, "deployer").await;
    let binding =
        iam::RoleBinding { identity_uid: identity.uid.clone(), role_uid: VIEWER.to_owned(), ..Default::default() };
    let request = iam::CreateRoleBindingRequest { parent: group.uid.clone(), role_binding: Some(binding) };
    let created = grove.bindings().create_role_binding(grove.req(request)).await.unwrap().into_inner();
    assert!(is_child_of(&created.uid, &group.uid), "{}", created.uid);
    assert!(created.create_time.is_some());
    let viewer = grove_domain::builtin::BUILT_IN_ROLES.iter().find(|r| r.uid == VIEWER).unwrap();
    let expected = iam::RoleBinding {
        uid: created.uid.clone(),
        identity: Some(iam::RoleBindingIdentity {
            uid: identity.uid.clone(),
            name: "deployer".to_owned(),
            description: "deployer in CI".to_owned(),
            subject: "deployer".to_owned(),
            issuer: ISSUER.to_owned(),
            email: String::new(),
        }),
        group: Some(iam::RoleBindingGroup {
            uid: group.uid.clone(),
            name: "platform".to_owned(),
            description: "the platform team".to_owned(),
        }),
        role: Some(iam::RoleBindingRole {
            uid: VIEWER.to_owned(),
            name: "viewer".to_owned(),
            description: viewer.description.to_owned(),
        }),
        create_time: created.create_time,
        identity_uid: identity.uid,
        role_uid: VIEWER.to_owned(),
    };
    assert_eq!(created, expected);
}

fn batch(parent: &str, identities: &[&str], role: &str, default_role: &str) -> iam::BatchCreateRoleBindingsRequest {
    let requests = identities
        .iter()
        .map(|identity| iam::CreateRoleBindingRequest {
            parent: String::new(),
            role_binding: Some(iam::RoleBinding {
                identity_uid: (*identity).to_owned(),
                role_uid: role.to_owned(),
                ..Default::default()
            }),
        })
        .collect();
    iam::BatchCreateRoleBindingsRequest { parent: parent.to_owned(), requests, role_uid: default_role.to_owned() }
}

async fn bindings_in(grove: &Grove, group: &str) -> Vec<iam::RoleBinding> {
    let request = iam::ListRoleBindingsRequest { uidp: children_of(group), ..Default::default() };
    grove.bindings().list_role_bindings(grove.req(request)).await.unwrap().into_inner().role_bindings
}

async fn batch_create_role_bindings_creates_all_in_request_order_over_grpc_and_rest(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let a = grove.new_identity(&grove.org, "a").await;
    let b = grove.new_identity(&grove.org, "b").await;
    let request = batch(&group.uid, &[&b.uid, &a.uid], "", VIEWER);
    let created = grove.bindings().batch_create_role_bindings(grove.req(request)).await.unwrap().into_inner();
    let identities: Vec<&str> = created.role_bindings.iter().map(|r| r.identity_uid.as_str()).collect();
    assert_eq!(identities, [b.uid.as_str(), a.uid.as_str()]);
    assert!(created.role_bindings.iter().all(|r| r.role_uid == VIEWER && is_child_of(&r.uid, &group.uid)));
    let mut listed = bindings_in(grove, &group.uid).await;
    let mut expected = created.role_bindings.clone();
    listed.sort_by(|x, y| x.uid.cmp(&y.uid));
    expected.sort_by(|x, y| x.uid.cmp(&y.uid));
    assert_eq!(listed, expected);

    let c = grove.new_identity(&grove.org, "c").await;
    let body = json!({"parent": group.uid, "requests": [{"roleBinding": {"identityUid": c.uid, "roleUid": VIEWER}}]});
    let (status, answer) = grove
        .rest_as(Some(&grove.admin), reqwest::Method::POST, "/iam/v2beta1/roleBindings:batchCreate", Some(body))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["roleBindings"][0]["identityUid"], c.uid.as_str());
    assert_eq!(answer["roleBindings"][0]["identity"]["name"], "c");
    assert_eq!(bindings_in(grove, &group.uid).await.len(), 3);
}

async fn batch_create_role_bindings_writes_nothing_when_one_binding_fails(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let a = grove.new_identity(&grove.org, "a").await;
    let missing = format!("{}/{}", grove.org, "0123456789abcdef");
    let request = batch(&group.uid, &[&a.uid, &missing], VIEWER, "");
    let error = grove.bindings().batch_create_role_bindings(grove.req(request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: identity {missing} does not exist"));
    assert_eq!(bindings_in(grove, &group.uid).await, vec![]);

    // The same identity and role twice is refused before anything is written.
    grove.bind(&group.uid, &a.uid, VIEWER).await;
    let b = grove.new_identity(&grove.org, "b").await;
    let request = batch(&group.uid, &[&b.uid, &a.uid], VIEWER, "");
    let error = grove.bindings().batch_create_role_bindings(grove.req(request)).await.unwrap_err();
    assert_eq!(error.code(), Code::AlreadyExists, "{error:?}");
    assert_eq!(bindings_in(grove, &group.uid).await.len(), 1, "b was not bound either");
}

async fn batch_create_role_bindings_refuses_a_conflicting_role_naming_the_request(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let a = grove.new_identity(&grove.org, "a").await;
    let mut request = batch(&group.uid, &[&a.uid, &a.uid], "", VIEWER);
    request.requests[1].role_binding.as_mut().unwrap().role_uid = EDITOR.to_owned();
    let error = grove.bindings().batch_create_role_bindings(grove.req(request)).await.unwrap_err();
    let description = format!("differs from the batch's roleUid {VIEWER}");
    let details = assert_status(
        &error,
        Code::InvalidArgument,
        &format!("Invalid argument: requests[1].roleBinding.roleUid: {description}"),
    );
    assert_eq!(field_violations(&details), vec![("requests[1].roleBinding.roleUid".to_owned(), description)]);

    let too_many: Vec<String> = (0..26).map(|_| a.uid.clone()).collect();
    let refs: Vec<&str> = too_many.iter().map(String::as_str).collect();
    let error =
        grove.bindings().batch_create_role_bindings(grove.req(batch(&group.uid, &refs, VIEWER, ""))).await.unwrap_err();
    assert_status(&error, Code::InvalidArgument, "Invalid argument: requests: give 1 to 25 requests, not 26");
    assert_eq!(bindings_in(grove, &group.uid).await, vec![]);
}

async fn get_role_binding_answers_the_binding_as_created(grove: &Grove) {
    let identity = grove.new_identity(&grove.org, "deployer").await;
    let created = grove.bind(&grove.org, &identity.uid, VIEWER).await;
    let request = iam::GetRoleBindingRequest { uid: created.uid.clone() };
    let got = grove.bindings().get_role_binding(grove.req(request)).await.unwrap();
    assert_eq!(got.into_inner(), created);
}

async fn list_role_bindings_lists_the_bindings_of_a_group(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let deployer = grove.new_identity(&grove.org, "deployer").await;
    let auditor = grove.new_identity(&grove.org, "auditor").await;
    let first = grove.bind(&group.uid, &deployer.uid, VIEWER).await;
    let second = grove.bind(&group.uid, &auditor.uid, EDITOR).await;
    grove.bind(&grove.org, &deployer.uid, VIEWER).await;

    let request = iam::ListRoleBindingsRequest {
        group: group.uid.clone(),
        order_by: "created_at".to_owned(),
        ..Default::default()
    };
    let listed = grove.bindings().list_role_bindings(grove.req(request)).await.unwrap().into_inner();
    let mut expected = vec![first.clone(), second.clone()];
    let mut got = listed.role_bindings.clone();
    expected.sort_by(|a, b| a.uid.cmp(&b.uid));
    got.sort_by(|a, b| a.uid.cmp(&b.uid));
    assert_eq!(got, expected);
    assert_eq!((listed.next_page_token.as_str(), listed.total_count, listed.skipped), ("", Some(2), 0));

    let by_role =
        iam::ListRoleBindingsRequest { group: group.uid.clone(), role: EDITOR.to_owned(), ..Default::default() };
    let listed = grove.bindings().list_role_bindings(grove.req(by_role)).await.unwrap().into_inner();
    assert_eq!(listed.role_bindings, vec![second]);

    let by_identity = iam::ListRoleBindingsRequest {
        identity: deployer.uid.clone(),
        order_by: "uid".to_owned(),
        ..Default::default()
    };
    let listed = grove.bindings().list_role_bindings(grove.req(by_identity)).await.unwrap().into_inner();
    assert_eq!(listed.total_count, Some(2), "the deployer's bindings in the group and in the organization");

    // Filters combine with AND: the group's bindings are not children of the organization.
    let both =
        iam::ListRoleBindingsRequest { group: group.uid.clone(), uidp: children_of(&grove.org), ..Default::default() };
    let listed = grove.bindings().list_role_bindings(grove.req(both)).await.unwrap().into_inner();
    assert_eq!((listed.role_bindings, listed.total_count), (vec![], Some(0)));

    let malformed = iam::ListRoleBindingsRequest { group: "platform".to_owned(), ..Default::default() };
    let error = grove.bindings().list_role_bindings(grove.req(malformed)).await.unwrap_err();
    let description = format!("group {}", grove_domain::uidp::UidpError);
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: group: {description}"));
    assert_eq!(field_violations(&details), vec![("group".to_owned(), description)]);
}

async fn update_role_binding_changes_the_role(grove: &Grove) {
    let identity = grove.new_identity(&grove.org, "deployer").await;
    let created = grove.bind(&grove.org, &identity.uid, VIEWER).await;
    let change = iam::RoleBinding { uid: created.uid.clone(), role_uid: EDITOR.to_owned(), ..Default::default() };
    let request = iam::UpdateRoleBindingRequest { role_binding: Some(change), update_mask: mask(&["role_uid"]) };
    let updated = grove.bindings().update_role_binding(grove.req(request)).await.unwrap().into_inner();
    let editor = grove_domain::builtin::BUILT_IN_ROLES.iter().find(|r| r.uid == EDITOR).unwrap();
    let expected = iam::RoleBinding {
        role: Some(iam::RoleBindingRole {
            uid: EDITOR.to_owned(),
            name: "editor".to_owned(),
            description: editor.description.to_owned(),
        }),
        role_uid: EDITOR.to_owned(),
        ..created.clone()
    };
    assert_eq!(updated, expected);
    let request = iam::GetRoleBindingRequest { uid: created.uid.clone() };
    assert_eq!(grove.bindings().get_role_binding(grove.req(request)).await.unwrap().into_inner(), updated);

    let bad = iam::RoleBinding { uid: created.uid.clone(), ..Default::default() };
    let request = iam::UpdateRoleBindingRequest { role_binding: Some(bad), update_mask: mask(&["group"]) };
    let error = grove.bindings().update_role_binding(grove.req(request)).await.unwrap_err();
    let description = r#"update_mask path "group" is not one of identityUid, roleUid"#;
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: update_mask: {description}"));
    assert_eq!(field_violations(&details), vec![("update_mask".to_owned(), description.to_owned())]);
}

async fn delete_role_binding_removes_it(grove: &Grove) {
    let identity = grove.new_identity(&grove.org, "deployer").await;
    let created = grove.bind(&grove.org, &identity.uid, VIEWER).await;
    let request = iam::DeleteRoleBindingRequest { uid: created.uid.clone() };
    grove.bindings().delete_role_binding(grove.req(request)).await.unwrap();
    let request = iam::GetRoleBindingRequest { uid: created.uid.clone() };
    let error = grove.bindings().get_role_binding(grove.req(request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: role binding {} does not exist", created.uid));
}

// --- ReposService ----------------------------------------------------------------------

fn expected_repo(created: &registry::Repo, name: &str) -> registry::Repo {
    registry::Repo {
        uid: created.uid.clone(),
        name: name.to_owned(),
        description: format!("the {name} image"),
        catalog_tier: registry::CatalogTier::Application.into(),
        bundles: vec!["application".to_owned()],
        aliases: vec![format!("{name}:latest")],
        active_tags: vec!["latest".to_owned()],
        sync_config: None,
        custom_overlay: None,
        create_time: created.create_time,
        update_time: created.create_time,
    }
}

async fn create_repo_answers_the_new_repo(grove: &Grove) {
    let request = registry::CreateRepoRequest { parent: grove.org.clone(), repo: Some(repo_input("nginx")) };
    let created = grove.repos().create_repo(grove.req(request)).await.unwrap().into_inner();
    assert!(is_child_of(&created.uid, &grove.org), "{}", created.uid);
    assert!(created.create_time.is_some());
    assert_eq!(created, expected_repo(&created, "nginx"));

    let bad_tier = registry::Repo { catalog_tier: 99, ..repo_input("other") };
    let request = registry::CreateRepoRequest { parent: grove.org.clone(), repo: Some(bad_tier) };
    let error = grove.repos().create_repo(grove.req(request)).await.unwrap_err();
    let details =
        assert_status(&error, Code::InvalidArgument, "Invalid argument: catalog_tier: 99 is not a catalog tier");
    assert_eq!(field_violations(&details), vec![("catalog_tier".to_owned(), "99 is not a catalog tier".to_owned())]);
}

async fn get_repo_answers_the_repo_as_created(grove: &Grove) {
    let created = grove.new_repo(&grove.org, "nginx").await;
    let got = grove.repos().get_repo(grove.req(registry::GetRepoRequest { uid: created.uid.clone() })).await.unwrap();
    assert_eq!(got.into_inner(), created);
}

async fn get_and_list_advisories_answer_as_rest_does(grove: &Grove) {
    use grove_proto::vulnerabilities as vuln;
    use vuln::advisories_service_client::AdvisoriesServiceClient;

    let org = Uidp::parse(&grove.org).unwrap();
    let record = include_str!("testdata/osv/GO-2022-0569.json");
    let advisories = grove_domain::osv::advisories(serde_json::from_str(record).unwrap(), &org, "osv-import").unwrap();
    grove.store.put_advisories(&advisories).await.unwrap();
    let mut client = AdvisoriesServiceClient::new(grove.channel.clone());
    let v2 = advisories.iter().find(|a| a.artifact_name.ends_with("/v2")).unwrap();
    let got = client
        .get_advisory(grove.req(vuln::GetAdvisoryRequest { uid: v2.uid.to_string() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(got, vuln::Advisory::from(v2.clone()));
    let rest: serde_json::Value = grove
        .http
        .get(format!("{}/vulnerabilities/v2beta1/advisories/{}", grove.base, v2.uid))
        .bearer_auth(&grove.admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(rest, serde_json::to_value(&got).unwrap());
    let request = vuln::ListAdvisoriesRequest {
        artifact_names: vec![v2.artifact_name.clone()],
        latest_event_type: Some(vuln::EventTypeFilter::Fixed as i32),
        ..Default::default()
    };
    let listed = client.list_advisories(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(
        listed,
        vuln::ListAdvisoriesResponse {
            advisories: vec![got],
            next_page_token: String::new(),
            total_count: Some(1),
            skipped: 0,
        }
    );
    let bad = vuln::ListAdvisoriesRequest { event_types: vec![42], ..Default::default() };
    let error = client.list_advisories(grove.req(bad)).await.unwrap_err();
    let details = assert_status(
        &error,
        Code::InvalidArgument,
        "Invalid argument: event_types: event_types value 42 is not a valid (specified) value",
    );
    assert_eq!(
        field_violations(&details),
        [("event_types".to_owned(), "event_types value 42 is not a valid (specified) value".to_owned())]
    );
}

async fn list_repos_filters_by_name(grove: &Grove) {
    let nginx = grove.new_repo(&grove.org, "nginx").await;
    let python = grove.new_repo(&grove.org, "python").await;
    let request = registry::ListReposRequest { name: Some("nginx".to_owned()), ..Default::default() };
    let listed = grove.repos().list_repos(grove.req(request)).await.unwrap().into_inner();
    let expected = registry::ListReposResponse {
        repos: vec![nginx.clone()],
        next_page_token: String::new(),
        total_count: Some(1),
        skipped: 0,
    };
    assert_eq!(listed, expected);

    let request = registry::ListReposRequest {
        uidp: children_of(&grove.org),
        order_by: "name desc".to_owned(),
        ..Default::default()
    };
    let listed = grove.repos().list_repos(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(listed.repos, vec![python, nginx]);
}

async fn update_repo_with_a_mask_changes_only_the_masked_fields(grove: &Grove) {
    let created = grove.new_repo(&grove.org, "nginx").await;
    let change = registry::Repo {
        uid: created.uid.clone(),
        description: "the web server".to_owned(),
        catalog_tier: registry::CatalogTier::Base.into(),
        ..Default::default()
    };
    let request =
        registry::UpdateRepoRequest { repo: Some(change), update_mask: mask(&["description", "catalog_tier"]) };
    let updated = grove.repos().update_repo(grove.req(request)).await.unwrap().into_inner();
    let expected = registry::Repo {
        description: "the web server".to_owned(),
        catalog_tier: registry::CatalogTier::Base.into(),
        update_time: updated.update_time,
        ..created.clone()
    };
    assert_eq!(updated, expected, "unmasked empty lists are left alone");

    let change = registry::Repo { uid: created.uid.clone(), ..Default::default() };
    let request = registry::UpdateRepoRequest { repo: Some(change), update_mask: mask(&["createTime"]) };
    let error = grove.repos().update_repo(grove.req(request)).await.unwrap_err();
    let description = r#"update_mask path "createTime" is not one of name, description, catalogTier, bundles, aliases, activeTags, syncConfig, customOverlay"#;
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: update_mask: {description}"));
    assert_eq!(field_violations(&details), vec![("update_mask".to_owned(), description.to_owned())]);
}

async fn delete_repo_removes_it(grove: &Grove) {
    let created = grove.new_repo(&grove.org, "nginx").await;
    grove.repos().delete_repo(grove.req(registry::DeleteRepoRequest { uid: created.uid.clone() })).await.unwrap();
    let request = registry::GetRepoRequest { uid: created.uid.clone() };
    let error = grove.repos().get_repo(grove.req(request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: repo {} does not exist", created.uid));
}

async fn delete_repo_with_tags_fails_with_a_precondition_violation(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    grove.new_tag(&repo.uid, "1.25").await;
    let request = registry::DeleteRepoRequest { uid: repo.uid.clone() };
    let error = grove.repos().delete_repo(grove.req(request)).await.unwrap_err();
    let details =
        assert_status(&error, Code::FailedPrecondition, "Precondition failed: cannot delete repo with child tags");
    let violations = &details.precondition_failure().expect("a PreconditionFailure").violations;
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert_eq!(
        (violations[0].r#type.as_str(), violations[0].subject.as_str(), violations[0].description.as_str()),
        ("RESOURCE_NOT_EMPTY", "", "cannot delete repo with child tags")
    );
    let path = format!("/registry/v2beta1/repos/{}", repo.uid);
    assert_same_error(&error, &grove.rest_as(Some(&grove.admin), reqwest::Method::DELETE, &path, None).await, 400);
}

// --- TagsService -----------------------------------------------------------------------

async fn create_tag_answers_the_new_tag(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let tag = registry::Tag { name: "1.25".to_owned(), digest: DIGEST.to_owned(), ..Default::default() };
    let request = registry::CreateTagRequest { parent: repo.uid.clone(), tag: Some(tag) };
    let created = grove.tags().create_tag(grove.req(request)).await.unwrap().into_inner();
    assert!(is_child_of(&created.uid, &repo.uid), "{}", created.uid);
    assert!(created.update_time.is_some());
    let expected = registry::Tag {
        uid: created.uid.clone(),
        name: "1.25".to_owned(),
        digest: DIGEST.to_owned(),
        update_time: created.update_time,
        deprecated: false,
        bundles: Vec::new(),
    };
    assert_eq!(created, expected);

    let bad = registry::Tag { name: "1.26".to_owned(), digest: "sha256:nope".to_owned(), ..Default::default() };
    let request = registry::CreateTagRequest { parent: repo.uid.clone(), tag: Some(bad) };
    let error = grove.tags().create_tag(grove.req(request)).await.unwrap_err();
    let description = "digest must be sha256:<64 lowercase hex> or sha512:<128 lowercase hex>";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: digest: {description}"));
    assert_eq!(field_violations(&details), vec![("digest".to_owned(), description.to_owned())]);
}

async fn get_tag_answers_the_tag_as_created(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let created = grove.new_tag(&repo.uid, "1.25").await;
    let got = grove.tags().get_tag(grove.req(registry::GetTagRequest { uid: created.uid.clone() })).await.unwrap();
    assert_eq!(got.into_inner(), created);
}

async fn list_tags_lists_the_tags_of_a_repo(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let other = grove.new_repo(&grove.org, "python").await;
    let old = grove.new_tag(&repo.uid, "1.24").await;
    let new = grove.new_tag(&repo.uid, "1.25").await;
    grove.new_tag(&other.uid, "3.12").await;
    let request =
        registry::ListTagsRequest { uidp: children_of(&repo.uid), order_by: "name".to_owned(), ..Default::default() };
    let listed = grove.tags().list_tags(grove.req(request)).await.unwrap().into_inner();
    let expected = registry::ListTagsResponse {
        tags: vec![old, new],
        next_page_token: String::new(),
        total_count: Some(2),
        skipped: 0,
    };
    assert_eq!(listed, expected);
}

/// The names a tag list answers, sorted.
async fn listed_tag_names(grove: &Grove, request: registry::ListTagsRequest) -> Vec<String> {
    let listed = grove.tags().list_tags(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(listed.total_count, Some(listed.tags.len() as i64));
    let mut names: Vec<String> = listed.tags.into_iter().map(|t| t.name).collect();
    names.sort();
    names
}

async fn list_tags_filters_by_digest_update_time_and_shape(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let hex = "0123456789abcdef".repeat(4);
    let other_digest = format!("sha256:{}", "e".repeat(64));
    for name in ["latest", "1.25-20250131", "1.25-r3", &format!("sha256-{hex}")] {
        grove.new_tag(&repo.uid, name).await;
    }
    let moved = registry::Tag { name: "edge".to_owned(), digest: other_digest.clone(), ..Default::default() };
    let request = registry::CreateTagRequest { parent: repo.uid.clone(), tag: Some(moved) };
    let edge = grove.tags().create_tag(grove.req(request)).await.unwrap().into_inner();
    let all = |r: registry::ListTagsRequest| registry::ListTagsRequest { uidp: children_of(&repo.uid), ..r };

    assert_eq!(listed_tag_names(grove, all(Default::default())).await, ["edge", "latest"]);
    let every = registry::ListTagsRequest {
        include_referrers: true,
        include_dates: true,
        include_epochs: true,
        ..Default::default()
    };
    assert_eq!(listed_tag_names(grove, all(every.clone())).await.len(), 5);
    let epochs = registry::ListTagsRequest { include_epochs: true, ..Default::default() };
    assert_eq!(listed_tag_names(grove, all(epochs)).await, ["1.25-r3", "edge", "latest"]);
    let by_digest = registry::ListTagsRequest { digest: other_digest, ..every.clone() };
    assert_eq!(listed_tag_names(grove, all(by_digest)).await, ["edge"]);
    let since = registry::ListTagsRequest { updated_since: edge.update_time, ..every.clone() };
    assert!(listed_tag_names(grove, all(since)).await.contains(&"edge".to_owned()));
    let future = grove_proto::wkt::Timestamp { seconds: 4_000_000_000, nanos: 0 };
    let none = registry::ListTagsRequest { updated_since: Some(future), ..every };
    assert_eq!(listed_tag_names(grove, all(none)).await, Vec::<String>::new());

    let bad = registry::ListTagsRequest { digest: "sha256:nope".to_owned(), ..Default::default() };
    let error = grove.tags().list_tags(grove.req(bad)).await.unwrap_err();
    let description = "digest must be sha256:<64 lowercase hex> or sha512:<128 lowercase hex>";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: digest: {description}"));
    assert_eq!(field_violations(&details), vec![("digest".to_owned(), description.to_owned())]);
}

async fn create_tag_keeps_bundles_and_replaces_them_on_a_second_create(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let tag = |bundles: &[&str]| registry::Tag {
        name: "latest".to_owned(),
        digest: DIGEST.to_owned(),
        bundles: bundles.iter().map(|b| (*b).to_owned()).collect(),
        ..Default::default()
    };
    let request = registry::CreateTagRequest { parent: repo.uid.clone(), tag: Some(tag(&["base"])) };
    let first = grove.tags().create_tag(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(first.bundles, ["base"]);
    let request = registry::CreateTagRequest { parent: repo.uid.clone(), tag: Some(tag(&["fips", "ai"])) };
    let second = grove.tags().create_tag(grove.req(request)).await.unwrap().into_inner();
    assert_eq!((second.uid, second.bundles), (first.uid, vec!["fips".to_owned(), "ai".to_owned()]));
}

/// An identity in the organization bound to a staff role with `repo.internal.admin` (made
/// in the store; customer roles cannot carry it): its token.
async fn staff_token(grove: &Grove) -> String {
    use grove_domain::events::{EventType, NewEvent};
    use grove_domain::model::{Role, RoleBinding};
    let org = Uidp::parse(&grove.org).unwrap();
    let now = grove_domain::Timestamp::from_unix_millis(1_795_000_000_000).unwrap();
    let caps = [Capability::RepoList, Capability::RepoUpdate, Capability::RepoInternalAdmin, Capability::Internal];
    let role = Role {
        uid: org.random_child(),
        name: grove_domain::names::DisplayName::parse("name", "docs staff").unwrap(),
        description: grove_domain::names::Description::default(),
        capabilities: caps.into_iter().collect::<CapabilitySet>(),
        create_time: now,
        update_time: now,
    };
    let event =
        || NewEvent::new(EventType::RoleCreated, &role.uid, now, Arc::new(grove_proto::convert::ProtoJsonRenderer));
    grove.store.create_role(&role, &event()).await.unwrap();
    let identity = grove.new_identity(&grove.org, "docs").await;
    let binding = RoleBinding {
        uid: org.random_child(),
        identity_uid: Uidp::parse(&identity.uid).unwrap(),
        role_uid: role.uid.clone(),
        create_time: now,
    };
    grove.store.create_role_binding(&binding, &event()).await.unwrap();
    grove.grants.clear();
    grove.token_for(&identity.uid)
}

async fn repo_readme_is_read_by_listers_and_written_by_internal_admins_only(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let get = registry::GetRepoReadmeRequest { uid: repo.uid.clone() };
    let empty = grove.repos().get_repo_readme(grove.req(get.clone())).await.unwrap().into_inner();
    assert_eq!(empty, registry::RepoReadme { uid: repo.uid.clone(), content: String::new() });

    let update = registry::UpdateRepoReadmeRequest {
        repo_readme: Some(registry::RepoReadme { uid: repo.uid.clone(), content: "# nginx\n".to_owned() }),
        update_mask: None,
    };
    let denied = grove.repos().update_repo_readme(grove.req(update.clone())).await.unwrap_err();
    assert_status(
        &denied,
        Code::PermissionDenied,
        &format!("Permission denied: the caller lacks repo.internal.admin on {}", repo.uid),
    );
    let staff = staff_token(grove).await;
    let written = grove.repos().update_repo_readme(with_token(&staff, update)).await.unwrap().into_inner();
    assert_eq!(written, registry::RepoReadme { uid: repo.uid.clone(), content: "# nginx\n".to_owned() });
    assert_eq!(grove.repos().get_repo_readme(grove.req(get)).await.unwrap().into_inner(), written);

    let clear = registry::UpdateRepoReadmeRequest {
        repo_readme: Some(registry::RepoReadme { uid: repo.uid.clone(), content: String::new() }),
        update_mask: Some(FieldMask { paths: vec!["content".to_owned()] }),
    };
    let cleared = grove.repos().update_repo_readme(with_token(&staff, clear)).await.unwrap().into_inner();
    assert_eq!(cleared.content, "");
    let bad = registry::UpdateRepoReadmeRequest {
        repo_readme: Some(registry::RepoReadme { uid: repo.uid.clone(), content: "<iframe>".to_owned() }),
        update_mask: None,
    };
    let error = grove.repos().update_repo_readme(with_token(&staff, bad)).await.unwrap_err();
    let description = "content may not use the HTML element <iframe>; sanitization would remove it";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: content: {description}"));
    assert_eq!(field_violations(&details), vec![("content".to_owned(), description.to_owned())]);
}

async fn a_synced_repo_keeps_its_sync_config_and_overlay_over_grpc(grove: &Grove) {
    let source = grove.new_repo(&grove.org, "nginx").await;
    let mirror = registry::Repo {
        name: "mirror".to_owned(),
        sync_config: Some(registry::SyncConfig { source: source.uid.clone(), ..Default::default() }),
        custom_overlay: Some(registry::CustomOverlay {
            environment: BTreeMap::from([("MODE".to_owned(), "prod".to_owned())]),
            ..Default::default()
        }),
        ..Default::default()
    };
    let request = registry::CreateRepoRequest { parent: grove.org.clone(), repo: Some(mirror) };
    let created = grove.repos().create_repo(grove.req(request)).await.unwrap().into_inner();
    let sync = created.sync_config.clone().unwrap();
    assert_eq!(sync.source, source.uid);
    assert_eq!(
        sync.expiration_time.unwrap().seconds - created.create_time.unwrap().seconds,
        14 * 24 * 3600,
        "expires 14 days after it was set"
    );
    assert_eq!((created.bundles.clone(), created.catalog_tier), (source.bundles.clone(), source.catalog_tier));
    assert_eq!(created.description, source.description, "the source's description by default");
    assert_eq!(created.custom_overlay.clone().unwrap().environment["MODE"], "prod");
    let got = grove.repos().get_repo(grove.req(registry::GetRepoRequest { uid: created.uid.clone() })).await.unwrap();
    assert_eq!(got.into_inner(), created);

    let change = registry::UpdateRepoRequest {
        repo: Some(registry::Repo { uid: created.uid.clone(), bundles: vec!["fips".to_owned()], ..Default::default() }),
        update_mask: Some(FieldMask { paths: vec!["bundles".to_owned()] }),
    };
    let error = grove.repos().update_repo(grove.req(change)).await.unwrap_err();
    let description = "bundles is inherited from the sync source and cannot be changed";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: bundles: {description}"));
    assert_eq!(field_violations(&details), vec![("bundles".to_owned(), description.to_owned())]);
}

async fn delete_tag_removes_it(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let created = grove.new_tag(&repo.uid, "1.25").await;
    grove.tags().delete_tag(grove.req(registry::DeleteTagRequest { uid: created.uid.clone() })).await.unwrap();
    let error =
        grove.tags().get_tag(grove.req(registry::GetTagRequest { uid: created.uid.clone() })).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: tag {} does not exist", created.uid));
    grove.repos().delete_repo(grove.req(registry::DeleteRepoRequest { uid: repo.uid })).await.unwrap();
}

// --- SubscriptionsService --------------------------------------------------------------

const SINK: &str = "https://hooks.example.com/grove";

async fn create_subscription_answers_the_new_subscription_in_its_group(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let created = grove.subscribe(&group.uid, SINK).await;
    assert!(is_child_of(&created.uid, &group.uid), "{} under {}", created.uid, group.uid);
    assert_eq!(created, events::Subscription { uid: created.uid.clone(), sink: SINK.to_owned() });
}

async fn get_subscription_answers_the_subscription_as_created(grove: &Grove) {
    let created = grove.subscribe(&grove.org, SINK).await;
    let request = events::GetSubscriptionRequest { uid: created.uid.clone() };
    let got = grove.subscriptions().get_subscription(grove.req(request)).await.unwrap();
    assert_eq!(got.into_inner(), created);
}

async fn list_subscriptions_lists_the_subscriptions_of_a_group(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let mut expected = vec![
        grove.subscribe(&group.uid, SINK).await,
        grove.subscribe(&group.uid, "https://audit.example.com/in").await,
    ];
    grove.subscribe(&grove.org, SINK).await;
    expected.sort_by(|a, b| a.uid.cmp(&b.uid));
    let request = events::ListSubscriptionsRequest { uidp: children_of(&group.uid), ..Default::default() };
    let listed = grove.subscriptions().list_subscriptions(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(
        listed,
        events::ListSubscriptionsResponse {
            subscriptions: expected,
            next_page_token: String::new(),
            total_count: Some(2),
            skipped: 0
        }
    );
}

async fn delete_subscription_removes_it(grove: &Grove) {
    let created = grove.subscribe(&grove.org, SINK).await;
    let request = events::DeleteSubscriptionRequest { uid: created.uid.clone() };
    grove.subscriptions().delete_subscription(grove.req(request)).await.unwrap();
    let request = events::GetSubscriptionRequest { uid: created.uid.clone() };
    let error = grove.subscriptions().get_subscription(grove.req(request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: subscription {} does not exist", created.uid));
}

async fn create_subscription_with_a_plain_http_sink_is_invalid_argument_as_rest_answers_it(grove: &Grove) {
    let sink = "http://hooks.example.com/grove";
    let subscription = events::Subscription { sink: sink.to_owned(), ..Default::default() };
    let request = events::CreateSubscriptionRequest { parent: grove.org.clone(), subscription: Some(subscription) };
    let error = grove.subscriptions().create_subscription(grove.req(request)).await.unwrap_err();
    let description = "sink must use https:// (plain http only to a loopback host in development mode)";
    let details = assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: sink: {description}"));
    assert_eq!(field_violations(&details), vec![("sink".to_owned(), description.to_owned())]);
    let path = format!("/events/v2beta1/subscriptions/{}", grove.org);
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::POST, &path, Some(json!({ "sink": sink }))).await;
    assert_same_error(&error, &rest, 400);
}

// --- TermsService ----------------------------------------------------------------------

fn accept_request(group: &str, ids: &[&str]) -> iam::AcceptTermsRequest {
    iam::AcceptTermsRequest { group: group.to_owned(), document_ids: ids.iter().map(|s| (*s).to_owned()).collect() }
}

fn list_terms_request(group: &str, page_size: i32, page_token: &str) -> iam::ListTermsAcceptancesRequest {
    iam::ListTermsAcceptancesRequest {
        group: group.to_owned(),
        page_size,
        page_token: page_token.to_owned(),
        ..Default::default()
    }
}

async fn accept_terms_answers_the_group_and_the_distinct_documents(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let answer = grove.accept(&group.uid, &["tos-2026", "dpa", "tos-2026"]).await;
    let expected = vec!["tos-2026".to_owned(), "dpa".to_owned()];
    assert_eq!(answer, iam::AcceptTermsResponse { group: group.uid.clone(), document_ids: expected });
    let again = grove.accept(&group.uid, &["dpa"]).await;
    assert_eq!(again.document_ids, ["dpa"], "accepting again answers the request too");
    let listed = grove.terms().list_terms_acceptances(grove.req(list_terms_request(&group.uid, 0, ""))).await;
    assert_eq!(listed.unwrap().into_inner().total_count, Some(2), "one acceptance per document");
}

async fn list_terms_acceptances_lists_the_group_and_its_ancestors_oldest_first_with_paging_fields(grove: &Grove) {
    let team = grove.new_group(&grove.org, "team").await;
    let sub = grove.new_group(&team.uid, "sub").await;
    for (group, doc) in [(&grove.org, "org-tos"), (&team.uid, "team-dpa"), (&sub.uid, "sub-aup")] {
        grove.accept(group, &[doc]).await;
        // Distinct creation times, so that the default order (oldest first) is known.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let first = grove
        .terms()
        .list_terms_acceptances(grove.req(list_terms_request(&team.uid, 1, "")))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(first.terms_acceptances.len(), 1);
    let acceptance = &first.terms_acceptances[0];
    assert_eq!(
        (acceptance.doc_id.as_str(), acceptance.accepted_by.as_str(), acceptance.org_uid.as_str()),
        ("org-tos", grove.admin_uid.as_str(), grove.org.as_str())
    );
    assert!(acceptance.create_time.is_some());
    assert_eq!((first.total_count, first.skipped), (Some(2), 0));
    assert!(!first.next_page_token.is_empty());
    let request = list_terms_request(&team.uid, 1, &first.next_page_token);
    let second = grove.terms().list_terms_acceptances(grove.req(request)).await.unwrap().into_inner();
    let docs: Vec<&str> = second.terms_acceptances.iter().map(|a| a.doc_id.as_str()).collect();
    assert_eq!((docs, second.next_page_token.as_str(), second.total_count), (vec!["team-dpa"], "", Some(2)));
}

async fn accept_terms_without_documents_is_invalid_argument_as_rest_answers_it(grove: &Grove) {
    let error = grove.terms().accept_terms(grove.req(accept_request(&grove.org, &[]))).await.unwrap_err();
    let description = "document_ids must name at least one document";
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: document_ids: {description}"));
    assert_eq!(field_violations(&details), vec![("document_ids".to_owned(), description.to_owned())]);
    let path = format!("/iam/v2beta1/terms/{}", grove.org);
    let rest =
        grove.rest_as(Some(&grove.admin), reqwest::Method::POST, &path, Some(json!({ "documentIds": [] }))).await;
    assert_same_error(&error, &rest, 400);
    let listed = grove.terms().list_terms_acceptances(grove.req(list_terms_request(&grove.org, 0, ""))).await;
    assert_eq!(listed.unwrap().into_inner().terms_acceptances, vec![], "nothing was written");
}

async fn a_viewer_accepting_or_listing_terms_gets_not_found_as_in_rest(grove: &Grove) {
    let viewer = grove.new_identity(&grove.org, "viewer").await;
    grove.bind(&grove.org, &viewer.uid, VIEWER).await;
    let token = grove.token_for(&viewer.uid);
    let message = format!("Not found: group {} does not exist", grove.org);
    let path = format!("/iam/v2beta1/terms/{}", grove.org);

    let error = grove.terms().accept_terms(with_token(&token, accept_request(&grove.org, &["tos"]))).await.unwrap_err();
    assert_status(&error, Code::NotFound, &message);
    let rest = grove.rest_as(Some(&token), reqwest::Method::POST, &path, Some(json!({ "documentIds": ["tos"] }))).await;
    assert_same_error(&error, &rest, 404);

    let request = list_terms_request(&grove.org, 0, "");
    let error = grove.terms().list_terms_acceptances(with_token(&token, request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &message);
    assert_same_error(&error, &grove.rest_as(Some(&token), reqwest::Method::GET, &path, None).await, 404);
}

// --- IdentityProvidersService ---------------------------------------------------------

fn idp_input(name: &str, secret: &str) -> iam::IdentityProvider {
    use iam::identity_provider::{Configuration, Oidc};
    iam::IdentityProvider {
        name: name.to_owned(),
        default_role: VIEWER.to_owned(),
        configuration: Some(Configuration::Oidc(Oidc {
            issuer: "https://login.example.com".to_owned(),
            client_id: "grove".to_owned(),
            client_secret: secret.to_owned(),
            pkce_enabled: secret.is_empty(),
            ..Oidc::default()
        })),
        ..Default::default()
    }
}

fn oidc_of(idp: &iam::IdentityProvider) -> &iam::identity_provider::Oidc {
    let Some(iam::identity_provider::Configuration::Oidc(oidc)) = &idp.configuration else { panic!("{idp:?}") };
    oidc
}

/// The secret the store keeps for `uid` (only the store holds it; the wire never shows it).
async fn kept_secret(grove: &Grove, uid: &str) -> Option<String> {
    let idp = grove.store.get_identity_provider(&Uidp::parse(uid).unwrap()).await.unwrap().unwrap();
    idp.oidc.client_secret.as_ref().map(|s| grove_test_support::fixtures::opened_secret(&idp.uid, s))
}

async fn create_identity_provider_answers_it_without_its_secret_as_rest_does(grove: &Grove) {
    let created = grove.new_idp(&grove.org, "okta", "s3cr3t").await;
    assert!(is_child_of(&created.uid, &grove.org));
    assert_eq!((created.name.as_str(), created.default_role.as_str()), ("okta", VIEWER));
    assert_eq!(oidc_of(&created).client_secret, "", "never answered");
    assert_eq!(oidc_of(&created).correlation_rule, 1, "UNSPECIFIED is stored as SUB_EQUALS_EXTERNAL_ID");
    let got = grove
        .idps()
        .get_identity_provider(grove.req(iam::GetIdentityProviderRequest { uid: created.uid.clone() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(created.scim, None, "write answers carry no SCIM state");
    assert_eq!(
        got,
        iam::IdentityProvider { scim: Some(scim_state(&created.uid, ScimState::NotIssued, "0")), ..created.clone() }
    );
    let rest = grove.rest_get(&format!("/iam/v2beta1/identityProviders/{}", created.uid)).await;
    compare_json("identity provider", &rest, &serde_json::to_value(&got).unwrap());
    assert!(!rest.to_string().contains("s3cr3t"));
    assert_eq!(kept_secret(grove, &created.uid).await.as_deref(), Some("s3cr3t"));
}

async fn list_identity_providers_filters_by_name(grove: &Grove) {
    let okta = grove.new_idp(&grove.org, "okta", "s").await;
    grove.new_idp(&grove.org, "entra", "s").await;
    let request = iam::ListIdentityProvidersRequest { name: "okta".to_owned(), ..Default::default() };
    let page = grove.idps().list_identity_providers(grove.req(request)).await.unwrap().into_inner();
    let scim = scim_state(&okta.uid, ScimState::Unspecified, "0");
    assert_eq!(page.identity_providers, vec![iam::IdentityProvider { scim: Some(scim), ..okta }]);
    assert_eq!((page.total_count, page.next_page_token.as_str()), (Some(1), ""));
}

/// The `scim` object of a provider without a token: `Unspecified` is a list's short form.
fn scim_state(uid: &str, state: ScimState, etag: &str) -> iam::identity_provider::Scim {
    iam::identity_provider::Scim {
        enabled: false,
        endpoint_url: format!("/scim/v2/{uid}"),
        token_expire_time: None,
        previous_token_expire_time: None,
        credential_state: state as i32,
        etag: etag.to_owned(),
    }
}

async fn update_identity_provider_with_a_client_secret_mask_clears_the_secret(grove: &Grove) {
    let created = grove.new_idp(&grove.org, "okta", "s3cr3t").await;
    let mut changed = idp_input("okta sso", "");
    changed.uid = created.uid.clone();
    let request = iam::UpdateIdentityProviderRequest {
        identity_provider: Some(changed.clone()),
        update_mask: mask(&["name", "oidc.pkce_enabled"]),
    };
    let updated = grove.idps().update_identity_provider(grove.req(request)).await.unwrap().into_inner();
    assert_eq!((updated.name.as_str(), oidc_of(&updated).pkce_enabled), ("okta sso", true));
    assert_eq!(kept_secret(grove, &created.uid).await.as_deref(), Some("s3cr3t"), "not named: kept");
    let request = iam::UpdateIdentityProviderRequest {
        identity_provider: Some(changed),
        update_mask: mask(&["oidc.client_secret"]),
    };
    grove.idps().update_identity_provider(grove.req(request)).await.unwrap();
    assert_eq!(kept_secret(grove, &created.uid).await, None, "named with an empty value: cleared");
}

async fn update_identity_provider_changing_the_correlation_rule_is_invalid_argument_as_rest_answers_it(grove: &Grove) {
    let created = grove.new_idp(&grove.org, "okta", "s").await;
    let mut changed = idp_input("okta", "");
    changed.uid = created.uid.clone();
    if let Some(iam::identity_provider::Configuration::Oidc(oidc)) = changed.configuration.as_mut() {
        oidc.correlation_rule = 2;
    }
    let request = iam::UpdateIdentityProviderRequest {
        identity_provider: Some(changed),
        update_mask: mask(&["oidc.correlation_rule"]),
    };
    let error = grove.idps().update_identity_provider(grove.req(request)).await.unwrap_err();
    let description = "oidc.correlationRule is fixed when the identity provider is created and cannot change";
    let details =
        assert_status(&error, Code::InvalidArgument, &format!("Invalid argument: oidc.correlationRule: {description}"));
    assert_eq!(field_violations(&details), vec![("oidc.correlationRule".to_owned(), description.to_owned())]);
    let rest = grove
        .rest_as(
            Some(&grove.admin),
            reqwest::Method::PATCH,
            &format!("/iam/v2beta1/identityProviders/{}", created.uid),
            Some(json!({ "oidc": { "correlationRule": "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID" } })),
        )
        .await;
    assert_same_error(&error, &rest, 400);
}

async fn delete_identity_provider_removes_it(grove: &Grove) {
    let created = grove.new_idp(&grove.org, "okta", "s").await;
    let request = iam::DeleteIdentityProviderRequest { uid: created.uid.clone() };
    grove.idps().delete_identity_provider(grove.req(request)).await.unwrap();
    let error = grove
        .idps()
        .get_identity_provider(grove.req(iam::GetIdentityProviderRequest { uid: created.uid.clone() }))
        .await
        .unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: identity provider {} does not exist", created.uid));
}

async fn a_viewer_creating_an_identity_provider_gets_permission_denied_as_in_rest(grove: &Grove) {
    let viewer = grove.new_identity(&grove.org, "viewer").await;
    grove.bind(&grove.org, &viewer.uid, VIEWER).await;
    let token = grove.token_for(&viewer.uid);
    let request = iam::CreateIdentityProviderRequest {
        parent: grove.org.clone(),
        identity_provider: Some(idp_input("okta", "s")),
    };
    let error = grove.idps().create_identity_provider(with_token(&token, request)).await.unwrap_err();
    assert_status(
        &error,
        Code::PermissionDenied,
        &format!("Permission denied: the caller lacks identity_providers.create on {}", grove.org),
    );
    let rest = grove
        .rest_as(
            Some(&token),
            reqwest::Method::POST,
            &format!("/iam/v2beta1/identityProviders/{}", grove.org),
            Some(serde_json::to_value(idp_input("okta", "s")).unwrap()),
        )
        .await;
    assert_same_error(&error, &rest, 403);
    let page = grove.idps().list_identity_providers(grove.req(Default::default())).await.unwrap().into_inner();
    assert_eq!(page.identity_providers, vec![], "nothing was written");
}

// --- AccountAssociationsService ---------------------------------------------------------

async fn account_associations_are_created_updated_with_a_mask_listed_checked_and_deleted(grove: &Grove) {
    let mut client = AccountAssociationsServiceClient::new(grove.channel.clone());
    let amazon = iam::account_association::Amazon { account: "123456789012".to_owned() };
    let association =
        iam::AccountAssociation { name: "accounts".to_owned(), amazon: Some(amazon), ..Default::default() };
    let request =
        iam::CreateAccountAssociationRequest { parent: grove.org.clone(), account_association: Some(association) };
    let created = client.create_account_association(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(created.uid, grove.org, "the association's uid is its group's");
    assert_eq!(created.amazon.as_ref().map(|a| a.account.as_str()), Some("123456789012"));

    let change = iam::AccountAssociation { uid: grove.org.clone(), name: "renamed".to_owned(), ..Default::default() };
    let mask = grove_proto::wkt::FieldMask { paths: vec!["name".to_owned()] };
    let update = iam::UpdateAccountAssociationRequest { account_association: Some(change), update_mask: Some(mask) };
    let updated = client.update_account_association(grove.req(update)).await.unwrap().into_inner();
    let expected =
        iam::AccountAssociation { name: "renamed".to_owned(), update_time: updated.update_time, ..created.clone() };
    assert_eq!(updated, expected);

    let by_name = iam::ListAccountAssociationsRequest { name: "renamed".to_owned(), ..Default::default() };
    let listed = client.list_account_associations(grove.req(by_name)).await.unwrap().into_inner();
    assert_eq!(listed.account_associations, vec![updated.clone()]);
    let path = format!("/iam/v2beta1/accountAssociations/{}", grove.org);
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::GET, &path, None).await;
    assert_eq!(rest.1, serde_json::to_value(&updated).unwrap(), "the same data over REST");

    let google = iam::CheckAccountAssociationRequest {
        uid: grove.org.clone(),
        provider_type: iam::AccountProviderType::Google.into(),
    };
    let not_ready = client.check_account_association(grove.req(google)).await.unwrap().into_inner();
    assert_eq!(not_ready.status, i32::from(iam::CheckStatus::NotReady));
    assert_eq!(not_ready.reason, "NOT_CONFIGURED");
    let amazon = iam::CheckAccountAssociationRequest {
        uid: grove.org.clone(),
        provider_type: iam::AccountProviderType::Amazon.into(),
    };
    let unreachable = client.check_account_association(grove.req(amazon)).await.unwrap_err();
    assert_eq!(unreachable.code(), Code::FailedPrecondition, "{unreachable:?}");

    for _ in 0..2 {
        let delete = iam::DeleteAccountAssociationRequest { uid: grove.org.clone() };
        client.delete_account_association(grove.req(delete)).await.expect("delete is idempotent");
    }
    let gone =
        client.get_account_association(grove.req(iam::GetAccountAssociationRequest { uid: grove.org.clone() })).await;
    assert_eq!(gone.unwrap_err().code(), Code::NotFound);
}

// --- GroupInvitesService and Auth/Register ---------------------------------------------

fn invites(grove: &Grove) -> GroupInvitesServiceClient<Channel> {
    GroupInvitesServiceClient::new(grove.channel.clone())
}

async fn new_invite(grove: &Grove, single_use: bool) -> iam::GroupInvite {
    // One hour (the Duration type is the one grove-proto's messages use).
    let mut ttl = iam::GroupInvite::default().ttl.unwrap_or_default();
    ttl.seconds = 3600;
    let invite = iam::GroupInvite { role_uid: VIEWER.to_owned(), ttl: Some(ttl), single_use, ..Default::default() };
    let request = iam::CreateGroupInviteRequest { parent: grove.org.clone(), group_invite: Some(invite) };
    invites(grove).create_group_invite(grove.req(request)).await.unwrap().into_inner()
}

async fn group_invites_are_created_with_their_code_once_got_listed_by_key_and_deleted(grove: &Grove) {
    let created = new_invite(grove, true).await;
    assert!(is_child_of(&created.uid, &grove.org), "{}", created.uid);
    assert_eq!(created.code.split('.').count(), 3, "{}", created.code);
    assert!(!created.key_id.is_empty());
    assert_eq!(created.role.as_ref().map(|r| r.uid.as_str()), Some(VIEWER));
    assert_eq!(created.ttl, None, "ttl is input only");
    let expiry = created.expiration_time.unwrap();
    assert_eq!(expiry.seconds - created.create_time.unwrap().seconds, 3600);
    let without_code = iam::GroupInvite { code: String::new(), ..created.clone() };
    let mut client = invites(grove);
    let got = client.get_group_invite(grove.req(iam::GetGroupInviteRequest { uid: created.uid.clone() })).await;
    assert_eq!(got.unwrap().into_inner(), without_code);
    let by_key = iam::ListGroupInvitesRequest { key_id: created.key_id.clone(), ..Default::default() };
    let listed = invites(grove).list_group_invites(grove.req(by_key)).await.unwrap().into_inner();
    let expected = iam::ListGroupInvitesResponse {
        group_invites: vec![without_code.clone()],
        next_page_token: String::new(),
        total_count: Some(1),
        skipped: 0,
    };
    assert_eq!(listed, expected);
    let other_key = iam::ListGroupInvitesRequest { key_id: "another-key".to_owned(), ..Default::default() };
    let none = invites(grove).list_group_invites(grove.req(other_key)).await.unwrap().into_inner();
    assert_eq!(none.group_invites, vec![]);
    let path = format!("/iam/v2beta1/groupInvites/{}", created.uid);
    let rest = grove.rest_as(Some(&grove.admin), reqwest::Method::GET, &path, None).await;
    assert_eq!(rest.1, serde_json::to_value(&without_code).unwrap(), "the same data over REST");
    invites(grove)
        .delete_group_invite(grove.req(iam::DeleteGroupInviteRequest { uid: created.uid.clone() }))
        .await
        .unwrap();
    let gone = client.get_group_invite(grove.req(iam::GetGroupInviteRequest { uid: created.uid.clone() })).await;
    assert_status(
        &gone.unwrap_err(),
        Code::NotFound,
        &format!("Not found: group invite {} does not exist", created.uid),
    );
}

async fn register_redeems_a_single_use_code_once_and_refuses_the_second_as_rest_does(grove: &Grove) {
    use grove_proto::auth;
    let invite = new_invite(grove, true).await;
    let home = grove.new_group(&grove.org, "home").await;
    let alice = grove.new_identity(&home.uid, "alice").await;
    let bob = grove.new_identity(&home.uid, "bob").await;
    let mut client = auth::auth_client::AuthClient::new(grove.channel.clone());
    let request = |code: &str| auth::RegistrationRequest { code: code.to_owned(), identity_id: String::new() };
    let session = client.register(with_token(&grove.token_for(&alice.uid), request(&invite.code))).await.unwrap();
    assert_eq!(session.into_inner(), auth::Session { identity: alice.uid.clone(), group: grove.org.clone() });
    let bob_token = grove.token_for(&bob.uid);
    let error = client.register(with_token(&bob_token, request(&invite.code))).await.unwrap_err();
    let description = format!("invite {} is single-use and has already been used", invite.uid);
    assert_status(&error, Code::FailedPrecondition, &format!("Precondition failed: {description}"));
    let rest = grove
        .rest_as(Some(&bob_token), reqwest::Method::POST, "/auth/v1/register", Some(json!({ "code": invite.code })))
        .await;
    assert_same_error(&error, &rest, 400);
    let garbage = client.register(with_token(&bob_token, request("garbage"))).await.unwrap_err();
    assert_status(&garbage, Code::InvalidArgument, "Invalid argument: code: code is not a valid invite code");
}

async fn scim_tokens_are_generated_regenerated_with_an_overlap_and_revoked(grove: &Grove) {
    let idp = grove.new_idp(&grove.org, "scim-okta", "s").await;
    let uid = idp.uid.clone();
    let request = iam::GenerateScimTokenRequest { identity_provider_uid: uid.clone(), ..Default::default() };
    let generated = grove.idps().generate_scim_token(grove.req(request.clone())).await.unwrap().into_inner();
    assert!(generated.token.starts_with("cgscim_") && generated.token.len() == 7 + 64, "{}", generated.token);
    assert_eq!(generated.identity_provider_uid, uid);
    assert_eq!(generated.endpoint_url, format!("/scim/v2/{uid}"));
    assert!(generated.expire_time.is_some());
    let got = grove
        .idps()
        .get_identity_provider(grove.req(iam::GetIdentityProviderRequest { uid: uid.clone() }))
        .await
        .unwrap()
        .into_inner();
    let live = iam::identity_provider::Scim {
        token_expire_time: generated.expire_time,
        ..scim_state(&uid, ScimState::Live, &generated.etag)
    };
    assert_eq!(got.scim, Some(live), "Get reports the token's expiry and state");
    let listed = grove.idps().list_identity_providers(grove.req(Default::default())).await.unwrap().into_inner();
    let row = listed.identity_providers.iter().find(|i| i.uid == uid).unwrap();
    assert_eq!(row.scim, Some(scim_state(&uid, ScimState::Unspecified, &generated.etag)), "List: the short form");
    let again = grove.idps().generate_scim_token(grove.req(request)).await.unwrap_err();
    let description = format!("identity provider {uid} already has a SCIM token; regenerate or revoke it");
    assert_status(&again, Code::FailedPrecondition, &format!("Precondition failed: {description}"));

    let both = iam::GenerateScimTokenRequest {
        identity_provider_uid: uid.clone(),
        expire_time: generated.expire_time,
        never_expires: true,
    };
    let error = grove.idps().generate_scim_token(grove.req(both)).await.unwrap_err();
    assert_status(
        &error,
        Code::InvalidArgument,
        "Invalid argument: expireTime: give expireTime or neverExpires, not both",
    );

    let stale = iam::RegenerateScimTokenRequest {
        identity_provider_uid: uid.clone(),
        etag: "stale".to_owned(),
        ..Default::default()
    };
    let error = grove.idps().regenerate_scim_token(grove.req(stale)).await.unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition);
    // Ten minutes (the Duration type is the one grove-proto's messages use).
    let mut overlap = iam::RegenerateScimTokenRequest::default().overlap.unwrap_or_default();
    overlap.seconds = 600;
    let regenerate = iam::RegenerateScimTokenRequest {
        identity_provider_uid: uid.clone(),
        etag: generated.etag.clone(),
        overlap: Some(overlap),
        ..Default::default()
    };
    let regenerated = grove.idps().regenerate_scim_token(grove.req(regenerate)).await.unwrap().into_inner();
    assert_ne!(regenerated.token, generated.token);
    assert_eq!(regenerated.requested_overlap, Some(overlap));
    assert!(regenerated.previous_token_expire_time.is_some());

    let enable = iam::SetScimEnabledRequest {
        identity_provider_uid: uid.clone(),
        enabled: true,
        etag: regenerated.etag.clone(),
    };
    let error = grove.idps().set_scim_enabled(grove.req(enable)).await.unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition);

    let revoke = iam::RevokeScimTokenRequest { identity_provider_uid: uid.clone() };
    let revoked = grove.idps().revoke_scim_token(grove.req(revoke)).await.unwrap().into_inner();
    assert_eq!(revoked.identity_provider_uid, uid);
    assert!(!revoked.enabled);
    assert!(revoked.revoke_time.is_some());
    assert_ne!(revoked.etag, regenerated.etag);
    let path = format!("/iam/v2beta1/identityProviders/{uid}:regenerateScimToken");
    let rest =
        grove.rest_as(Some(&grove.admin), reqwest::Method::POST, &path, Some(json!({ "etag": revoked.etag }))).await;
    assert_eq!(rest.0, 404, "{:?}", rest.1);
}

// --- ExternalGroupRoleMappingsService --------------------------------------------------

fn mapping_request(idp: &str, group_id: &str) -> iam::CreateExternalGroupRoleMappingRequest {
    iam::CreateExternalGroupRoleMappingRequest {
        parent: idp.to_owned(),
        external_group_role_mapping: Some(iam::ExternalGroupRoleMapping {
            external_group_id: group_id.to_owned(),
            role_uid: VIEWER.to_owned(),
            ..Default::default()
        }),
    }
}

async fn scim_users_are_listed_over_grpc_as_over_rest(grove: &Grove) {
    use grove_proto::grove_iam::scim_users_service_client::ScimUsersServiceClient;
    let idp = grove.new_idp(&grove.org, "scim", "s").await;
    let provider = Uidp::parse(&idp.uid).unwrap();
    let now = SystemClock.now();
    let user = grove_domain::model::ScimUser {
        uid: provider.random_child(),
        user_name: "Zed@example.com".to_owned(),
        external_id: Some("z9".to_owned()),
        display_name: None,
        active: false,
        emails: Vec::new(),
        resource: serde_json::Map::new(),
        identity: Some(Uidp::provider_person(&provider, "z9")),
        linked_identity: None,
        version: 1,
        create_time: now,
        update_time: now,
    };
    let event = grove_domain::events::NewEvent::new(
        grove_domain::events::EventType::ScimUserCreated,
        &user.uid,
        now,
        Arc::new(grove_proto::convert::ProtoJsonRenderer),
    );
    grove.store.create_scim_user(&user, &event).await.unwrap();
    let mut client = ScimUsersServiceClient::new(grove.channel.clone());
    let request = grove_proto::grove_iam::ListScimUsersRequest {
        parent: idp.uid.clone(),
        user_name: "zed@EXAMPLE.com".to_owned(),
        active: Some(false),
        ..Default::default()
    };
    let page = client.list_scim_users(grove.req(request)).await.unwrap().into_inner();
    assert_eq!(page.total_count, Some(1));
    assert_eq!(page.scim_users[0].uid, user.uid.as_str());
    assert_eq!((page.scim_users[0].external_id.as_str(), page.scim_users[0].active), ("z9", false));
    let rest = grove.rest_get(&format!("/iam/v2beta1/identityProviders/{}/scimUsers?active=false", idp.uid)).await;
    assert_eq!(rest["scimUsers"], json!([serde_json::to_value(&page.scim_users[0]).unwrap()]));
    let request = grove_proto::grove_iam::ListScimUsersRequest {
        parent: idp.uid.clone(),
        active: Some(true),
        ..Default::default()
    };
    let none = client.list_scim_users(grove.req(request)).await.unwrap().into_inner();
    assert_eq!((none.scim_users, none.total_count), (Vec::new(), Some(0)));
    let request = grove_proto::grove_iam::ListScimUsersRequest { parent: "not-a-uid".to_owned(), ..Default::default() };
    let error = client.list_scim_users(grove.req(request)).await.unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
}

async fn mappings_are_created_got_listed_by_provider_and_deleted(grove: &Grove) {
    let (okta, entra) = (grove.new_idp(&grove.org, "okta", "s").await, grove.new_idp(&grove.org, "entra", "s").await);
    let created =
        grove.mappings().create_external_group_role_mapping(grove.req(mapping_request(&okta.uid, "eng"))).await;
    let created = created.unwrap().into_inner();
    assert!(is_child_of(&created.uid, &okta.uid));
    assert_eq!(
        (created.identity_provider_uid.as_str(), created.external_group_id.as_str(), created.scope.as_str()),
        (okta.uid.as_str(), "eng", grove.org.as_str())
    );
    grove.mappings().create_external_group_role_mapping(grove.req(mapping_request(&entra.uid, "eng"))).await.unwrap();
    let got = grove
        .mappings()
        .get_external_group_role_mapping(
            grove.req(iam::GetExternalGroupRoleMappingRequest { uid: created.uid.clone() }),
        )
        .await
        .unwrap()
        .into_inner();
    assert_eq!(got, created);
    let request =
        iam::ListExternalGroupRoleMappingsRequest { identity_provider_uid: okta.uid.clone(), ..Default::default() };
    let page = grove.mappings().list_external_group_role_mappings(grove.req(request)).await.unwrap().into_inner();
    assert_eq!((page.external_group_role_mappings, page.total_count), (vec![created.clone()], Some(1)));
    let rest =
        grove.rest_get(&format!("/iam/v2beta1/externalGroupRoleMappings?identity_provider_uid={}", okta.uid)).await;
    assert_eq!(rest["externalGroupRoleMappings"], json!([serde_json::to_value(&created).unwrap()]));
    let request = iam::DeleteExternalGroupRoleMappingRequest { uid: created.uid.clone() };
    grove.mappings().delete_external_group_role_mapping(grove.req(request)).await.unwrap();
    let error = grove
        .mappings()
        .get_external_group_role_mapping(
            grove.req(iam::GetExternalGroupRoleMappingRequest { uid: created.uid.clone() }),
        )
        .await
        .unwrap_err();
    assert_status(
        &error,
        Code::NotFound,
        &format!("Not found: external group role mapping {} does not exist", created.uid),
    );
}

async fn batch_delete_mappings_answers_the_deleted_ones_as_rest_does(grove: &Grove) {
    let idp = grove.new_idp(&grove.org, "okta", "s").await;
    let mut made = Vec::new();
    for id in ["a", "b", "c"] {
        let m = grove.mappings().create_external_group_role_mapping(grove.req(mapping_request(&idp.uid, id))).await;
        made.push(m.unwrap().into_inner());
    }
    let request = iam::BatchDeleteExternalGroupRoleMappingsRequest {
        parent: idp.uid.clone(),
        names: vec![made[1].uid.clone(), made[0].uid.clone()],
    };
    let deleted = grove.mappings().batch_delete_external_group_role_mappings(grove.req(request)).await.unwrap();
    assert_eq!(
        deleted.into_inner(),
        iam::BatchDeleteExternalGroupRoleMappingsResponse {
            parent: idp.uid.clone(),
            external_group_role_mappings: vec![made[1].clone(), made[0].clone()],
        }
    );
    let rest = grove
        .rest_as(
            Some(&grove.admin),
            reqwest::Method::POST,
            "/iam/v2beta1/externalGroupRoleMappings:batchDelete",
            Some(json!({ "parent": idp.uid, "names": [made[2].uid] })),
        )
        .await;
    assert_eq!(rest.0, 200, "{}", rest.1);
    assert_eq!(rest.1["externalGroupRoleMappings"], json!([serde_json::to_value(&made[2]).unwrap()]));
    let error = grove
        .mappings()
        .batch_delete_external_group_role_mappings(
            grove.req(iam::BatchDeleteExternalGroupRoleMappingsRequest { parent: idp.uid.clone(), names: vec![] }),
        )
        .await
        .unwrap_err();
    assert_status(&error, Code::InvalidArgument, "Invalid argument: names: give 1 to 100 names, not 0");
}

// --- The same data through REST --------------------------------------------------------

async fn a_group_over_rest_is_the_same_data_as_over_grpc(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let rest = grove.rest_get(&format!("/iam/v2beta1/groups/{}", group.uid)).await;
    let grpc = grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: group.uid })).await.unwrap();
    compare_json("group", &rest, &serde_json::to_value(grpc.into_inner()).unwrap());
}

async fn an_identity_over_rest_is_the_same_data_as_over_grpc(grove: &Grove) {
    let identity = grove.new_identity(&grove.org, "deployer").await;
    let rest = grove.rest_get(&format!("/iam/v2beta1/identities/{}", identity.uid)).await;
    let request = iam::GetIdentityRequest { uid: identity.uid };
    let grpc = grove.identities().get_identity(grove.req(request)).await.unwrap();
    compare_json("identity", &rest, &serde_json::to_value(grpc.into_inner()).unwrap());
}

async fn a_role_binding_over_rest_is_the_same_data_as_over_grpc(grove: &Grove) {
    let identity = grove.new_identity(&grove.org, "deployer").await;
    let binding = grove.bind(&grove.org, &identity.uid, VIEWER).await;
    let rest = grove.rest_get(&format!("/iam/v2beta1/roleBindings/{}", binding.uid)).await;
    let request = iam::GetRoleBindingRequest { uid: binding.uid };
    let grpc = grove.bindings().get_role_binding(grove.req(request)).await.unwrap();
    compare_json("role binding", &rest, &serde_json::to_value(grpc.into_inner()).unwrap());
}

async fn a_repo_over_rest_is_the_same_data_as_over_grpc(grove: &Grove) {
    let repo = grove.new_repo(&grove.org, "nginx").await;
    let rest = grove.rest_get(&format!("/registry/v2beta1/repos/{}", repo.uid)).await;
    let grpc = grove.repos().get_repo(grove.req(registry::GetRepoRequest { uid: repo.uid })).await.unwrap();
    compare_json("repo", &rest, &serde_json::to_value(grpc.into_inner()).unwrap());
}

async fn a_subscription_over_rest_is_the_same_data_as_over_grpc(grove: &Grove) {
    let created = grove.subscribe(&grove.org, SINK).await;
    let rest = grove.rest_get(&format!("/events/v2beta1/subscriptions/{}", created.uid)).await;
    let request = events::GetSubscriptionRequest { uid: created.uid };
    let grpc = grove.subscriptions().get_subscription(grove.req(request)).await.unwrap();
    compare_json("subscription", &rest, &serde_json::to_value(grpc.into_inner()).unwrap());
}

async fn terms_acceptances_over_rest_are_the_same_data_as_over_grpc(grove: &Grove) {
    grove.accept(&grove.org, &["tos", "dpa"]).await;
    let rest = grove.rest_get(&format!("/iam/v2beta1/terms/{}", grove.org)).await;
    let grpc = grove.terms().list_terms_acceptances(grove.req(list_terms_request(&grove.org, 0, ""))).await.unwrap();
    compare_json("terms acceptances", &rest, &serde_json::to_value(grpc.into_inner()).unwrap());
}

// --- Protocol --------------------------------------------------------------------------

/// A gRPC(-Web) length-prefixed frame: flag, big-endian length, payload.
fn frame(flag: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![flag];
    out.extend_from_slice(&u32::try_from(payload.len()).unwrap().to_be_bytes());
    out.extend_from_slice(payload);
    out
}

/// Splits a gRPC-Web body into `(flag, payload)` frames.
fn frames(mut body: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    while !body.is_empty() {
        assert!(body.len() >= 5, "a truncated frame header: {body:?}");
        let len = usize::try_from(u32::from_be_bytes(body[1..5].try_into().unwrap())).unwrap();
        out.push((body[0], body[5..5 + len].to_vec()));
        body = &body[5 + len..];
    }
    out
}

async fn grpc_web_over_http1_answers_get_group(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let body = frame(0, &iam::GetGroupRequest { uid: group.uid.clone() }.encode_to_vec());
    let response = grove
        .http
        .post(format!("{}/{GROUPS_SERVICE}/GetGroup", grove.base))
        .header("content-type", "application/grpc-web+proto")
        .header("x-grpc-web", "1")
        .bearer_auth(&grove.admin)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!((response.version(), response.status().as_u16()), (reqwest::Version::HTTP_11, 200));
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert_eq!(content_type, "application/grpc-web+proto");
    let received = frames(&response.bytes().await.unwrap());
    assert_eq!(received.len(), 2, "a data frame and a trailer frame: {received:?}");
    assert_eq!(received[0].0, 0, "the first frame is data");
    assert_eq!(iam::Group::decode(received[0].1.as_slice()).unwrap(), group);
    assert_eq!(received[1].0, 0x80, "the last frame is the trailers");
    let trailers = String::from_utf8(received[1].1.clone()).unwrap();
    let trailers: BTreeMap<String, String> = trailers
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (k, v) = l.split_once(':').unwrap();
            (k.trim().to_ascii_lowercase(), v.trim().to_owned())
        })
        .collect();
    assert_eq!(trailers.get("grpc-status").map(String::as_str), Some("0"), "{trailers:?}");

    // An error, with its details, comes back the same way as over HTTP/2.
    let body = frame(0, &iam::GetGroupRequest { uid: "NOT-A-UID".to_owned() }.encode_to_vec());
    let response = grove
        .http
        .post(format!("{}/{GROUPS_SERVICE}/GetGroup", grove.base))
        .header("content-type", "application/grpc-web+proto")
        .bearer_auth(&grove.admin)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let headers = response.headers().clone();
    let body = response.bytes().await.unwrap();
    // A "trailers-only" answer: no frames, the status (with its details) in the headers.
    assert_eq!(frames(&body), vec![], "{headers:?}");
    let status = Status::from_header_map(&headers).expect("a status in the headers");
    let over_h2 = grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: "NOT-A-UID".to_owned() })).await;
    assert_eq!(status_json(&status), status_json(&over_h2.unwrap_err()), "the same error, details and all");
}

/// Every service of the contract, in `v2beta1` and its `v2` twins, Grove's own, and health.
/// The images, overlays and overlay bindings of the public API are not served (nothing of
/// them is built), nor is the token service without a token exchange (this server runs none).
fn contract_services() -> Vec<String> {
    let v2beta1 = [
        "chainguard.platform.iam.v2beta1.AccountAssociationsService",
        "chainguard.platform.iam.v2beta1.ExternalGroupRoleMappingsService",
        "chainguard.platform.iam.v2beta1.GroupInvitesService",
        "chainguard.platform.iam.v2beta1.GroupsService",
        "chainguard.platform.iam.v2beta1.IdentitiesService",
        "chainguard.platform.iam.v2beta1.IdentityProvidersService",
        "chainguard.platform.iam.v2beta1.RoleBindingsService",
        "chainguard.platform.iam.v2beta1.RolesService",
        "chainguard.platform.iam.v2beta1.TermsService",
        "chainguard.platform.registry.v2beta1.ReposService",
        "chainguard.platform.registry.v2beta1.TagsService",
        "chainguard.platform.vulnerabilities.v2beta1.AdvisoriesService",
        "chainguard.platform.events.v2beta1.SubscriptionsService",
        "chainguard.platform.ping.v2beta1.PingService",
    ];
    let mut names: Vec<String> = v2beta1.iter().map(|s| (*s).to_owned()).collect();
    names.extend(v2beta1.iter().map(|s| s.replace(".v2beta1.", ".v2.")));
    names.push("chainguard.platform.ping.PingService".to_owned());
    names.push("chainguard.platform.events.Subscriptions".to_owned());
    names.push("chainguard.platform.auth.Auth".to_owned());
    names.push("grove.iam.v1alpha1.ScimUsersService".to_owned());
    names.push("grove.audit.v1alpha1.AuditService".to_owned());
    names.push("grove.events.v1alpha1.DeadLetters".to_owned());
    names.push("grpc.health.v1.Health".to_owned());
    names
}

/// The services reflection lists: `grpc.reflection.v1` or, with `alpha`, `v1alpha`.
async fn listed_services(grove: &Grove, alpha: bool) -> Vec<String> {
    let mut names: Vec<String> = if alpha {
        use tonic_reflection::pb::v1alpha::server_reflection_client::ServerReflectionClient;
        use tonic_reflection::pb::v1alpha::server_reflection_request::MessageRequest;
        use tonic_reflection::pb::v1alpha::server_reflection_response::MessageResponse;
        use tonic_reflection::pb::v1alpha::ServerReflectionRequest;

        let request = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::ListServices(String::new())),
        };
        let mut client = ServerReflectionClient::new(grove.channel.clone());
        let mut answers =
            client.server_reflection_info(futures_util::stream::iter([request])).await.unwrap().into_inner();
        let answer = answers.message().await.unwrap().expect("one answer");
        let Some(MessageResponse::ListServicesResponse(list)) = answer.message_response else { panic!("{answer:?}") };
        list.service.into_iter().map(|s| s.name).collect()
    } else {
        use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
        use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
        use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;
        use tonic_reflection::pb::v1::ServerReflectionRequest;

        let request = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::ListServices(String::new())),
        };
        let mut client = ServerReflectionClient::new(grove.channel.clone());
        let mut answers =
            client.server_reflection_info(futures_util::stream::iter([request])).await.unwrap().into_inner();
        let answer = answers.message().await.unwrap().expect("one answer");
        let Some(MessageResponse::ListServicesResponse(list)) = answer.message_response else { panic!("{answer:?}") };
        list.service.into_iter().map(|s| s.name).collect()
    };
    names.sort();
    names
}

/// Asserts `listed` is exactly the contract's services, health, and `reflection`.
fn assert_lists_the_contract(listed: &[String], reflection: &str) {
    let contract = contract_services();
    assert_eq!(
        contract.len(),
        35,
        "14 in v2beta1, 14 v2 twins, auth, ping and subscriptions in version 1, Grove's SCIM users, audit and dead \
         letters, and health"
    );
    let missing: Vec<_> = contract.iter().filter(|s| !listed.contains(s)).collect();
    assert!(missing.is_empty(), "not listed: {missing:?}; listed: {listed:?}");
    let mut expected = contract;
    expected.push(reflection.to_owned());
    expected.sort();
    assert_eq!(listed, expected);
}

// Each reflection version lists itself, not the other (tonic's default): a client finds the
// one it speaks either way.
async fn reflection_v1_lists_every_service_of_the_contract_health_and_itself(grove: &Grove) {
    assert_lists_the_contract(&listed_services(grove, false).await, "grpc.reflection.v1.ServerReflection");
}

async fn reflection_v1alpha_lists_every_service_of_the_contract_health_and_itself(grove: &Grove) {
    assert_lists_the_contract(&listed_services(grove, true).await, "grpc.reflection.v1alpha.ServerReflection");
}

async fn health_reports_the_server_and_the_implemented_services_serving(grove: &Grove) {
    use tonic_health::pb::health_check_response::ServingStatus;
    use tonic_health::pb::health_client::HealthClient;
    use tonic_health::pb::HealthCheckRequest;

    let mut health = HealthClient::new(grove.channel.clone());
    let v2 = "chainguard.platform.iam.v2.GroupsService";
    for service in ["", GROUPS_SERVICE, v2].into_iter().chain(grove_grpc::IMPLEMENTED.iter().copied()) {
        let answer = health.check(HealthCheckRequest { service: service.to_owned() }).await.unwrap().into_inner();
        assert_eq!(answer.status, ServingStatus::Serving as i32, "{service:?}");
    }
    for unserved in [
        "chainguard.platform.registry.v2beta1.ImagesService",
        // This server runs no token exchange.
        "chainguard.platform.oidc.SecurityTokenService",
    ] {
        let request = HealthCheckRequest { service: unserved.to_owned() };
        assert_eq!(health.check(request).await.unwrap_err().code(), Code::NotFound, "{unserved}");
    }
}

/// Encodes and decodes `DynamicMessage`s of one response type: a codec that knows nothing
/// of Grove's generated code.
#[derive(Debug, Clone)]
struct DynamicCodec {
    response: MessageDescriptor,
}

#[derive(Debug)]
struct DynamicEncoder;

#[derive(Debug)]
struct DynamicDecoder(MessageDescriptor);

impl Codec for DynamicCodec {
    type Encode = DynamicMessage;
    type Decode = DynamicMessage;
    type Encoder = DynamicEncoder;
    type Decoder = DynamicDecoder;

    fn encoder(&mut self) -> DynamicEncoder {
        DynamicEncoder
    }

    fn decoder(&mut self) -> DynamicDecoder {
        DynamicDecoder(self.response.clone())
    }
}

impl Encoder for DynamicEncoder {
    type Item = DynamicMessage;
    type Error = Status;

    fn encode(&mut self, item: DynamicMessage, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.encode(dst).map_err(|e| Status::internal(e.to_string()))
    }
}

impl Decoder for DynamicDecoder {
    type Item = DynamicMessage;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<DynamicMessage>, Status> {
        DynamicMessage::decode(self.0.clone(), src).map(Some).map_err(|e| Status::internal(e.to_string()))
    }
}

/// The files reflection answers for `symbol` (the file defining it and every import).
async fn reflected_pool(grove: &Grove, symbol: &str) -> DescriptorPool {
    use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;
    use tonic_reflection::pb::v1::ServerReflectionRequest;

    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::FileContainingSymbol(symbol.to_owned())),
    };
    let mut client = ServerReflectionClient::new(grove.channel.clone());
    let mut answers = client.server_reflection_info(futures_util::stream::iter([request])).await.unwrap().into_inner();
    let answer = answers.message().await.unwrap().expect("one answer");
    let Some(MessageResponse::FileDescriptorResponse(files)) = answer.message_response else { panic!("{answer:?}") };
    let mut files: Vec<prost_types::FileDescriptorProto> = files
        .file_descriptor_proto
        .iter()
        .map(|bytes| prost_types::FileDescriptorProto::decode(bytes.as_slice()).unwrap())
        .collect();
    // Like any reflection client, fetch the imports the server did not send along, by name.
    let mut wanted: Vec<String> = files.iter().flat_map(|f| f.dependency.clone()).collect();
    while let Some(name) = wanted.pop() {
        if files.iter().any(|f| f.name() == name) {
            continue;
        }
        let request = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::FileByFilename(name)),
        };
        let mut answers =
            client.server_reflection_info(futures_util::stream::iter([request])).await.unwrap().into_inner();
        let answer = answers.message().await.unwrap().expect("one answer");
        let Some(MessageResponse::FileDescriptorResponse(found)) = answer.message_response else {
            panic!("{answer:?}")
        };
        for bytes in &found.file_descriptor_proto {
            let file = prost_types::FileDescriptorProto::decode(bytes.as_slice()).unwrap();
            wanted.extend(file.dependency.iter().cloned());
            files.push(file);
        }
    }
    let mut pool = DescriptorPool::new();
    pool.add_file_descriptor_protos(files).unwrap();
    pool
}

async fn a_client_built_from_reflected_descriptors_lists_groups(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let pool = reflected_pool(grove, GROUPS_SERVICE).await;
    let service = pool.get_service_by_name(GROUPS_SERVICE).expect("the service is described");
    let method = service.methods().find(|m| m.name() == "ListGroups").expect("ListGroups is described");
    assert_eq!(method.input().full_name(), "chainguard.platform.iam.v2beta1.ListGroupsRequest");

    // The request is built from protojson against the reflected descriptor.
    let request = DynamicMessage::deserialize(method.input(), json!({"uidp": {"childrenOf": grove.org}})).unwrap();
    let mut grpc = tonic::client::Grpc::new(grove.channel.clone());
    grpc.ready().await.unwrap();
    let path = PathAndQuery::try_from(format!("/{}/{}", service.full_name(), method.name())).unwrap();
    let codec = DynamicCodec { response: method.output() };
    let response = grpc.unary(grove.req(request), path, codec).await.unwrap().into_inner();

    let listed = serde_json::to_value(&response).unwrap();
    let groups = listed["groups"].as_array().unwrap_or_else(|| panic!("{listed}"));
    assert_eq!(groups.len(), 1, "{listed}");
    assert_eq!((&groups[0]["name"], &groups[0]["uid"]), (&json!("platform"), &json!(group.uid)));
    assert_eq!(listed["totalCount"], json!("1"));
    // The same bytes decode as the generated message would: nothing is lost on the way.
    let generated = iam::ListGroupsResponse::decode(response.encode_to_vec().as_slice()).unwrap();
    assert_eq!(generated.groups, vec![group]);
}

async fn the_v2_package_names_answer_like_v2beta1(grove: &Grove) {
    let group = grove.new_group(&grove.org, "platform").await;
    let mut grpc = tonic::client::Grpc::new(grove.channel.clone());
    grpc.ready().await.unwrap();
    let codec = tonic_prost::ProstCodec::<iam::GetGroupRequest, iam::Group>::default();
    let path = PathAndQuery::from_static("/chainguard.platform.iam.v2.GroupsService/GetGroup");
    let got = grpc.unary(grove.req(iam::GetGroupRequest { uid: group.uid.clone() }), path.clone(), codec.clone()).await;
    assert_eq!(got.unwrap().into_inner(), group);

    grpc.ready().await.unwrap();
    let error =
        grpc.unary(grove.req(iam::GetGroupRequest { uid: "NOT-A-UID".to_owned() }), path, codec).await.unwrap_err();
    let beta = grove.groups().get_group(grove.req(iam::GetGroupRequest { uid: "NOT-A-UID".to_owned() })).await;
    assert_eq!(status_json(&error), status_json(&beta.unwrap_err()), "errors are the same too");

    let repo = grove.new_repo(&grove.org, "nginx").await;
    grpc.ready().await.unwrap();
    let codec = tonic_prost::ProstCodec::<registry::GetRepoRequest, registry::Repo>::default();
    let path = PathAndQuery::from_static("/chainguard.platform.registry.v2.ReposService/GetRepo");
    let got = grpc.unary(grove.req(registry::GetRepoRequest { uid: repo.uid.clone() }), path, codec).await;
    assert_eq!(got.unwrap().into_inner(), repo);
}

async fn the_v2_rest_paths_answer_like_v2beta1(grove: &Grove) {
    let admin = Some(grove.admin.as_str());
    let (status, created) = grove
        .rest_as(admin, reqwest::Method::POST, &format!("/iam/v2/groups/{}", grove.org), Some(json!({"name": "v2"})))
        .await;
    assert_eq!(status, 200, "{created}");
    let uid = created["uid"].as_str().unwrap();
    assert_eq!(grove.rest_get(&format!("/iam/v2/groups/{uid}")).await, created);
    assert_eq!(grove.rest_get(&format!("/iam/v2beta1/groups/{uid}")).await, created);
    let listed = grove.rest_get(&format!("/iam/v2/groups?uidp.children_of={}", grove.org)).await;
    assert_eq!(listed["groups"], json!([created]));

    let repo = grove.new_repo(&grove.org, "nginx").await;
    let got = grove.rest_get(&format!("/registry/v2/repos/{}", repo.uid)).await;
    assert_eq!(got["name"], "nginx");
    let (status, error) = grove.rest_as(admin, reqwest::Method::GET, "/iam/v2/groups/NOT-A-UID", None).await;
    let (beta_status, beta) = grove.rest_as(admin, reqwest::Method::GET, "/iam/v2beta1/groups/NOT-A-UID", None).await;
    assert_eq!((status, error), (beta_status, beta), "errors are the same too");
    let subscriptions = grove.rest_get("/events/v2/subscriptions").await;
    assert_eq!(subscriptions, grove.rest_get("/events/v2beta1/subscriptions").await);
}

// --- PingService (generated faces) ------------------------------------------------------

async fn ping_answers_pong_to_anybody_in_every_version_over_grpc_and_rest(grove: &Grove) {
    use grove_proto::chainguard::platform::ping;

    let mut v1 = ping::ping_service_client::PingServiceClient::new(grove.channel.clone());
    let answer = v1.ping(ping::PingRequest {}).await.unwrap().into_inner();
    assert_eq!(answer, ping::Response { response: "pong".to_owned() });
    let mut beta = ping::v2beta1::ping_service_client::PingServiceClient::new(grove.channel.clone());
    let answer = beta.ping(with_token("not-a-token", ping::v2beta1::PingRequest {})).await.unwrap().into_inner();
    assert_eq!(answer, ping::v2beta1::PingResponse { response: "pong".to_owned() });

    let mut grpc = tonic::client::Grpc::new(grove.channel.clone());
    grpc.ready().await.unwrap();
    let codec = tonic_prost::ProstCodec::<ping::v2beta1::PingRequest, ping::v2beta1::PingResponse>::default();
    let path = PathAndQuery::from_static("/chainguard.platform.ping.v2.PingService/Ping");
    let got = grpc.unary(Request::new(ping::v2beta1::PingRequest {}), path, codec).await.unwrap();
    assert_eq!(got.into_inner().response, "pong");

    for path in ["/ping/v1/ping", "/ping/v2beta1/ping", "/ping/v2/ping"] {
        let answer = grove.rest_as(None, reqwest::Method::GET, path, None).await;
        assert_eq!(answer, (200, json!({ "response": "pong" })), "{path}");
    }
}

async fn first_api_subscriptions_are_created_listed_and_deleted_over_grpc_as_over_rest(grove: &Grove) {
    use grove_proto::chainguard::platform::events as v1;

    let mut client = v1::subscriptions_client::SubscriptionsClient::new(grove.channel.clone());
    let subscription = v1::Subscription { id: String::new(), sink: "https://hooks.example.com/v1".to_owned() };
    let request = v1::CreateSubscriptionRequest { parent_id: grove.org.clone(), subscription: Some(subscription) };
    let created = client.create(grove.req(request)).await.unwrap().into_inner();
    assert!(created.id.starts_with(&format!("{}/", grove.org)), "{}", created.id);
    assert_eq!(created.sink, "https://hooks.example.com/v1");

    let filter = v1::SubscriptionFilter { id: created.id.clone(), uidp: None };
    let listed = client.list(grove.req(filter)).await.unwrap().into_inner();
    assert_eq!(listed.items, std::slice::from_ref(&created));
    let rest = grove.rest_get(&format!("/events/v1/subscriptions?id={}", created.id)).await;
    assert_eq!(rest, json!({ "items": [{ "id": created.id, "sink": created.sink }] }));

    let request = v1::DeleteSubscriptionRequest { id: created.id.clone() };
    client.delete(grove.req(request.clone())).await.unwrap();
    let error = client.delete(grove.req(request)).await.unwrap_err();
    assert_status(&error, Code::NotFound, &format!("Not found: subscription {} does not exist", created.id));
    let bad = v1::CreateSubscriptionRequest { parent_id: "NOT-A-UID".to_owned(), subscription: None };
    let error = client.create(grove.req(bad)).await.unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument, "{error:?}");
    assert_eq!(field_violations(&error.get_error_details())[0].0, "parent_id");
}

async fn the_grove_client_speaks_grpc_with_its_token(grove: &Grove) {
    let client = grove_client::GrpcClient::connect(&grove.base).await.unwrap().with_token(&grove.admin).unwrap();
    let group = iam::Group { name: "via-client".to_owned(), ..Default::default() };
    let request = iam::CreateGroupRequest { parent: grove.org.clone(), group: Some(group) };
    let created = client.groups().create_group(request).await.unwrap().into_inner();
    let got = client.groups().get_group(iam::GetGroupRequest { uid: created.uid.clone() }).await.unwrap();
    assert_eq!(got.into_inner(), created);
    let repo = client
        .repos()
        .create_repo(registry::CreateRepoRequest { parent: created.uid.clone(), repo: Some(repo_input("nginx")) })
        .await
        .unwrap()
        .into_inner();
    let listed = client
        .repos()
        .list_repos(registry::ListReposRequest { uidp: children_of(&created.uid), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(listed.repos, vec![repo]);
    let accepted = client.terms().accept_terms(accept_request(&created.uid, &["tos"])).await.unwrap().into_inner();
    assert_eq!(accepted.document_ids, ["tos"]);

    let anonymous = grove_client::GrpcClient::connect(&grove.base).await.unwrap();
    let error = anonymous.groups().get_group(iam::GetGroupRequest { uid: created.uid }).await.unwrap_err();
    assert_eq!(error.code(), tonic::Code::Unauthenticated);
    assert!(matches!(
        grove_client::GrpcClient::connect("ftp://example.invalid").await,
        Err(grove_client::ClientError::InvalidUrl(_))
    ));
}

/// The code `method` of `service` answers to an empty request from the owner: unary methods
/// as such, streaming ones with a stream of one empty message.
async fn call_with_an_empty_request(grove: &Grove, service: &str, method: &prost_reflect::MethodDescriptor) -> Code {
    let mut grpc = tonic::client::Grpc::new(grove.channel.clone());
    grpc.ready().await.unwrap();
    let path = PathAndQuery::try_from(format!("/{service}/{}", method.name())).unwrap();
    let codec = DynamicCodec { response: method.output() };
    let empty = DynamicMessage::new(method.input());
    let outcome = if method.is_client_streaming() || method.is_server_streaming() {
        let request = grove.req(futures_util::stream::iter([empty]));
        match grpc.streaming(request, path, codec).await {
            Ok(mut answers) => match answers.get_mut().message().await {
                Ok(_) => Ok(()),
                Err(status) => Err(status),
            },
            Err(status) => Err(status),
        }
    } else {
        grpc.unary(grove.req(empty), path, codec).await.map(drop)
    };
    outcome.err().map_or(Code::Ok, |status| status.code())
}

async fn every_method_of_every_service_reflection_lists_answers_something_else_than_unimplemented(grove: &Grove) {
    let listed = listed_services(grove, false).await;
    let mut calls = 0;
    for service in &listed {
        let pool = reflected_pool(grove, service).await;
        let described = pool.get_service_by_name(service).unwrap_or_else(|| panic!("{service} is described"));
        assert!(described.methods().len() > 0, "{service} has methods");
        for method in described.methods() {
            let code = call_with_an_empty_request(grove, service, &method).await;
            assert_ne!(code, Code::Unimplemented, "{service}/{} answers UNIMPLEMENTED", method.name());
            calls += 1;
        }
    }
    // Every listed service was asked: the contract's, health's and reflection's methods.
    assert!(calls > 100, "{calls} methods called");
}

async fn unknown_services_and_methods_answer_unimplemented(grove: &Grove) {
    let mut grpc = tonic::client::Grpc::new(grove.channel.clone());
    for path in [
        "/chainguard.platform.registry.v2.ImagesService/GetSize",
        "/chainguard.platform.registry.v2beta1.OverlaysService/ListOverlays",
        "/chainguard.platform.iam.v2beta1.GroupsService/NoSuchMethod",
        "/no.such.Service/Method",
    ] {
        grpc.ready().await.unwrap();
        let codec = tonic_prost::ProstCodec::<iam::LookupGroupRequest, iam::LookupGroupResponse>::default();
        let error = grpc.unary(grove.req(iam::LookupGroupRequest {}), PathAndQuery::from_static(path), codec).await;
        assert_eq!(error.unwrap_err().code(), Code::Unimplemented, "{path}");
    }
}

// --- The document against the descriptors ----------------------------------------------

/// Every `(METHOD, path)` the `google.api.http` bindings of `services` give, in the
/// document's spelling (a whole-uid variable, `{group=**}`, is `{uid}`), and the paths a last
/// `**` matching no segment gives (`POST /iam/v2beta1/groups` is CreateGroup without a
/// parent), which a document may list.
type Bindings = std::collections::BTreeSet<(String, String)>;

fn bindings_of(services: &[String]) -> (Bindings, Bindings) {
    let pool = DescriptorPool::decode(grove_proto::DESCRIPTORS).unwrap();
    let http = pool.get_extension_by_name("google.api.http").unwrap();
    let (mut out, mut bare_paths) = (Bindings::new(), Bindings::new());
    for name in services {
        let service = pool.get_service_by_name(name).unwrap_or_else(|| panic!("{name} is not in the descriptors"));
        for method in service.methods() {
            let options = method.options();
            if !options.has_extension(&http) {
                continue;
            }
            let rule = options.get_extension(&http);
            let rule = rule.as_message().unwrap();
            let mut rules = vec![rule.clone()];
            if let Some(prost_reflect::Value::List(more)) = rule.get_field_by_name("additional_bindings").as_deref() {
                rules.extend(more.iter().map(|m| m.as_message().unwrap().clone()));
            }
            for rule in rules {
                for verb in ["get", "put", "post", "delete", "patch"] {
                    if let Some(path) = rule.get_field_by_name(verb).filter(|_| rule.has_field_by_name(verb)) {
                        let path = path.as_str().unwrap().split('/').map(|segment| {
                            match segment.split_once('=').filter(|(head, _)| head.starts_with('{')) {
                                // `{group=**}` or `{uid=**}:verb`: the document's `{uid}`, verb kept.
                                Some((_, rest)) => format!("{{uid}}{}", rest.trim_start_matches("**}")),
                                None => segment.to_owned(),
                            }
                        });
                        let path = path.collect::<Vec<_>>().join("/");
                        if let Some(bare) = path.strip_suffix("/{uid}") {
                            bare_paths.insert((verb.to_uppercase(), bare.to_owned()));
                        }
                        out.insert((verb.to_uppercase(), path));
                    }
                }
            }
        }
    }
    (out, bare_paths)
}

#[test]
fn the_document_lists_every_binding_of_every_served_service_and_nothing_else() {
    let mut served = grove_grpc::implemented_services(&grove_grpc::GrpcConfig::default());
    served.push("chainguard.platform.oidc.SecurityTokenService".to_owned());
    let (mut expected, bare) = bindings_of(&served);
    let doc: Value = serde_json::from_str(&grove_http::openapi::document()).unwrap();
    let mut documented = std::collections::BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for verb in ["get", "put", "post", "delete", "patch"] {
            if item.get(verb).is_some() {
                documented.insert((verb.to_uppercase(), path.clone()));
            }
        }
    }
    // Tags have an update (the contract's "Create/Get/List/Update/Delete" of the registry) that
    // the public definitions lack: a REST route of Grove's own.
    for path in ["/registry/v2beta1/tags/{uid}", "/registry/v2/tags/{uid}"] {
        expected.insert(("PATCH".to_owned(), path.to_owned()));
    }
    let missing: Vec<_> = expected.difference(&documented).collect();
    // The routes that are no RPC: probes, the build, the document, metrics, token discovery.
    let service = ["/healthz", "/readyz", "/version", "/openapi.json", "/metrics", "/.well-known/"];
    let extra: Vec<_> = documented
        .difference(&expected)
        .filter(|b| !bare.contains(b) && !service.iter().any(|s| b.1.starts_with(s)))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "not documented: {missing:#?}\ndocumented but no binding: {extra:#?}"
    );
}
