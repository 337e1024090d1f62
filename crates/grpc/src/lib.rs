//! Grove's gRPC transport: the tonic services generated from `grove-proto` over the same
//! domain services as REST, plus server reflection, `grpc.health.v1.Health` and gRPC-Web.
//!
//! [`router`] answers every gRPC request (by content type `application/grpc…`) on the REST
//! port: [`with_rest`] puts the two side by side. The `v2` packages are served by the
//! `v2beta1` implementation (their messages are the same; only the package differs).
//!
//! Each method reads the caller from `authorization: Bearer …` metadata, converts the request
//! with `grove_proto::convert`, calls one service method and converts the answer. Errors are
//! statuses with the REST error's code, message and typed details ([`status`]).

mod account_associations;
mod advisories;
mod audit;
mod context;
mod dead_letters;
mod events;
/// The generated gRPC face (`gen/faces.rs`, written by `cargo xtask proto`): the services
/// whose RPCs are `grove_rpc` functions.
mod faces {
    include!("gen/faces.rs");
}
mod group_invites;
mod iam;
mod identity_providers;
mod registry;
pub mod status;
mod sts;

use std::convert::Infallible;
use std::future::Future as _;
use std::sync::Arc;
use std::task::Poll;

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Uri};
use axum::response::Response;
use axum::routing::future::RouteFuture;
use axum::Router;
use grove_domain::services::Services;
use grove_proto::chainguard::platform as pb;
use tonic::service::Routes;
use tower::Service;

pub use context::Context;

/// Settings of the gRPC transport.
#[derive(Debug, Clone)]
pub struct GrpcConfig {
    /// The `domain` of every `ErrorInfo` (the same as REST's).
    pub error_domain: String,
    /// The token exchange `SecurityTokenService` serves (`UNIMPLEMENTED` without one).
    pub exchange: Option<grove_domain::services::ExchangeService>,
}

impl Default for GrpcConfig {
    fn default() -> Self {
        Self { error_domain: "iam.grove.dev".to_owned(), exchange: None }
    }
}

/// Every service with a hand-written implementation, by full name (`v2beta1`; the `v2`
/// twins of [`VERSIONED`] packages are served by the same implementation). With the
/// generated ones ([`GENERATED`]) they are advertised by reflection and reported `SERVING`
/// by the health service. The token exchange's `SecurityTokenService` joins them when the
/// server runs one ([`GrpcConfig::exchange`]).
pub const IMPLEMENTED: &[&str] = &[
    "chainguard.platform.iam.v2beta1.GroupsService",
    "chainguard.platform.iam.v2beta1.IdentitiesService",
    "chainguard.platform.iam.v2beta1.RolesService",
    "chainguard.platform.iam.v2beta1.RoleBindingsService",
    "chainguard.platform.registry.v2beta1.ReposService",
    "chainguard.platform.registry.v2beta1.TagsService",
    "chainguard.platform.vulnerabilities.v2beta1.AdvisoriesService",
    "chainguard.platform.events.v2beta1.SubscriptionsService",
    "chainguard.platform.iam.v2beta1.IdentityProvidersService",
    "chainguard.platform.iam.v2beta1.ExternalGroupRoleMappingsService",
    "chainguard.platform.iam.v2beta1.GroupInvitesService",
    "chainguard.platform.iam.v2beta1.AccountAssociationsService",
    "grove.iam.v1alpha1.ScimUsersService",
    "grove.audit.v1alpha1.AuditService",
    "grove.events.v1alpha1.DeadLetters",
    "chainguard.platform.auth.Auth",
];

/// Every service whose implementation is generated from the `.proto` files (`gen/faces.rs`,
/// over the `grove_rpc` functions).
pub const GENERATED: &[&str] = faces::SERVICES;

pub use grove_rpc::VERSIONED;

/// The token exchange's service, served when the server runs an exchange.
const STS: &str = "chainguard.platform.oidc.SecurityTokenService";

/// Every service this server implements with `config`, by full name: [`IMPLEMENTED`], their
/// `v2` twins, and the token exchange's when configured.
#[must_use]
pub fn implemented_services(config: &GrpcConfig) -> Vec<String> {
    let mut names: Vec<String> = IMPLEMENTED.iter().chain(GENERATED).map(|s| (*s).to_owned()).collect();
    names.extend(IMPLEMENTED.iter().chain(GENERATED).filter_map(|s| {
        let (package, _) = s.strip_prefix("chainguard.platform.")?.split_once(".v2beta1.")?;
        VERSIONED.contains(&package).then(|| s.replace(".v2beta1.", ".v2."))
    }));
    if config.exchange.is_some() {
        names.push(STS.to_owned());
    }
    names
}

/// The gRPC routes, twice: as they are for gRPC, and behind the gRPC-Web translation for
/// browsers. [`with_rest`] hands each request to the one its content type asks for, so gRPC
/// calls do not pass through the translation layer.
#[derive(Clone)]
pub struct GrpcRouters {
    /// gRPC (`application/grpc…`).
    pub native: Router,
    /// gRPC-Web (`application/grpc-web…`).
    pub web: Router,
}

impl GrpcRouters {
    /// Both routers with `layer` applied (the binary's telemetry, for example).
    #[must_use]
    pub fn map(self, layer: impl Fn(Router) -> Router) -> Self {
        Self { native: layer(self.native), web: layer(self.web) }
    }
}

/// The gRPC routers: every service of the contract, reflection (v1 and v1alpha) and health,
/// for gRPC and for gRPC-Web.
///
/// # Panics
/// Only if the embedded descriptor set does not decode, which the build's own tests rule out.
pub fn router(services: Arc<Services>, config: &GrpcConfig) -> GrpcRouters {
    use pb::events::v2beta1 as events_pb;
    use pb::iam::v2beta1 as iam_pb;
    use pb::registry::v2beta1 as reg_pb;

    let ctx = Context::new(services, &config.error_domain);
    let (health_reporter, health) = tonic_health::server::health_reporter();
    let implemented = implemented_services(config);
    // Reflection advertises what answers: the implemented services, health and itself; not
    // every service of the descriptor set (without an exchange, the token service's methods
    // would answer only `UNIMPLEMENTED`).
    let reflection = |itself: &str| {
        implemented
            .iter()
            .map(String::as_str)
            .chain(["grpc.health.v1.Health", itself])
            .fold(tonic_reflection::server::Builder::configure(), |builder, name| builder.with_service_name(name))
            .register_encoded_file_descriptor_set(grove_proto::DESCRIPTORS)
            .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
    };
    let reflection_v1 =
        reflection("grpc.reflection.v1.ServerReflection").build_v1().expect("the embedded descriptor set decodes");
    let reflection_v1alpha = reflection("grpc.reflection.v1alpha.ServerReflection")
        .build_v1alpha()
        .expect("the embedded descriptor set decodes");
    report_serving(&health_reporter, &implemented);

    let routes = Routes::new(iam_pb::groups_service_server::GroupsServiceServer::new(iam::Groups(ctx.clone())))
        .add_service(iam_pb::identities_service_server::IdentitiesServiceServer::new(iam::Identities(ctx.clone())))
        .add_service(iam_pb::roles_service_server::RolesServiceServer::new(iam::Roles(ctx.clone())))
        .add_service(iam_pb::role_bindings_service_server::RoleBindingsServiceServer::new(iam::RoleBindings(
            ctx.clone(),
        )))
        .add_service(iam_pb::identity_providers_service_server::IdentityProvidersServiceServer::new(
            identity_providers::IdentityProviders(ctx.clone()),
        ))
        .add_service(iam_pb::external_group_role_mappings_service_server::ExternalGroupRoleMappingsServiceServer::new(
            identity_providers::ExternalGroupRoleMappings(ctx.clone()),
        ))
        .add_service(grove_proto::grove_iam::scim_users_service_server::ScimUsersServiceServer::new(
            identity_providers::ScimUsers(ctx.clone()),
        ))
        .add_service(grove_proto::grove_audit::audit_service_server::AuditServiceServer::new(audit::Audit(ctx.clone())))
        .add_service(grove_proto::grove_events::dead_letters_server::DeadLettersServer::new(dead_letters::DeadLetters(
            ctx.clone(),
        )))
        .add_service(iam_pb::group_invites_service_server::GroupInvitesServiceServer::new(group_invites::GroupInvites(
            ctx.clone(),
        )))
        .add_service(pb::auth::auth_server::AuthServer::new(group_invites::Auth(ctx.clone())))
        .add_service(iam_pb::account_associations_service_server::AccountAssociationsServiceServer::new(
            account_associations::AccountAssociations(ctx.clone()),
        ))
        .add_service(reg_pb::repos_service_server::ReposServiceServer::new(registry::Repos(ctx.clone())))
        .add_service(reg_pb::tags_service_server::TagsServiceServer::new(registry::Tags(ctx.clone())))
        .add_service(pb::vulnerabilities::v2beta1::advisories_service_server::AdvisoriesServiceServer::new(
            advisories::Advisories(ctx.clone()),
        ))
        .add_service(events_pb::subscriptions_service_server::SubscriptionsServiceServer::new(events::Subscriptions(
            ctx.clone(),
        )))
        .add_service(pb::oidc::security_token_service_server::SecurityTokenServiceServer::new(sts::Sts {
            exchange: config.exchange.clone(),
            error_domain: config.error_domain.clone(),
        }))
        .add_service(health)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha);
    let native = faces::add(routes, &faces::Faces(ctx)).into_axum_router();
    GrpcRouters { web: native.clone().layer(tonic_web::GrpcWebLayer::new()), native }
}

/// Marks every implemented service (and the server, `""`) `SERVING`.
fn report_serving(reporter: &tonic_health::server::HealthReporter, implemented: &[String]) {
    let statuses = async move {
        for name in implemented.iter().map(String::as_str).chain([""]) {
            reporter.set_service_status(name, tonic_health::ServingStatus::Serving).await;
        }
    };
    // The reporter's API is async only because of its lock; a lock nobody else holds yet is
    // taken on the first poll, so one poll with a no-op waker completes it.
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    if std::pin::pin!(statuses).poll(&mut cx).is_pending() {
        tracing::warn!("gRPC health statuses could not be set");
    }
}

/// What a request speaks, by its content type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// `application/grpc…`.
    Grpc,
    /// `application/grpc-web…` (also `-web-text`).
    GrpcWeb,
    /// Anything else: REST.
    Rest,
}

/// The transport `request` speaks (by its content type).
#[must_use]
pub fn transport(request: &Request<Body>) -> Transport {
    let content_type = request.headers().get(header::CONTENT_TYPE).map(HeaderValue::as_bytes).unwrap_or_default();
    match content_type.strip_prefix(b"application/grpc") {
        Some(rest) if rest.starts_with(b"-web") => Transport::GrpcWeb,
        Some(_) => Transport::Grpc,
        None => Transport::Rest,
    }
}

/// `/chainguard.platform.iam.v2.GroupsService/GetGroup` → the `v2beta1` path; other paths
/// unchanged.
fn v2_to_v2beta1(uri: &Uri) -> Option<Uri> {
    let path = uri.path();
    let rest = path.strip_prefix("/chainguard.platform.")?;
    let (package, tail) = rest.split_once(".v2.")?;
    if !VERSIONED.contains(&package) {
        return None;
    }
    format!("/chainguard.platform.{package}.v2beta1.{tail}").parse().ok()
}

/// A REST request's `v2` path as its `v2beta1` twin ([`grove_rpc::v2beta1_twin`]).
fn rest_v2_to_v2beta1(uri: &Uri) -> Option<Uri> {
    grove_rpc::v2beta1_twin(uri.path_and_query()?.as_str())?.parse().ok()
}

/// One router answering gRPC requests with `grpc` and everything else with `rest`. The
/// public API's `v2` packages and paths are served by the same `v2beta1` implementation (they
/// are identical but for the version): such requests are rewritten before they are routed.
///
/// The choice is made in front of the routers, not as a layer on each REST route: axum boxes
/// every layer of a route, and a request clones each box below the one it enters, so each
/// layer on the routes costs every request several allocations. Every request is routed by
/// the router of its transport alone.
pub fn with_rest(rest: Router, grpc: GrpcRouters) -> Router {
    Router::new().fallback_service(ByTransport { transports: Arc::new(Transports { rest, grpc }) })
}

/// Where each request goes.
struct Transports {
    /// The REST router, also for `v2` paths rewritten to `v2beta1`.
    rest: Router,
    grpc: GrpcRouters,
}

/// Hands REST requests to the REST router, and gRPC and gRPC-Web requests to theirs, with
/// `v2` paths rewritten to `v2beta1`.
#[derive(Clone)]
struct ByTransport {
    transports: Arc<Transports>,
}

impl Service<Request<Body>> for ByTransport {
    type Response = Response;
    type Error = Infallible;
    type Future = RouteFuture<Infallible>;

    fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, mut request: Request<Body>) -> Self::Future {
        let transports = &self.transports;
        let (rewritten, router) = match transport(&request) {
            Transport::Rest => (rest_v2_to_v2beta1(request.uri()), &transports.rest),
            Transport::Grpc => (v2_to_v2beta1(request.uri()), &transports.grpc.native),
            Transport::GrpcWeb => (v2_to_v2beta1(request.uri()), &transports.grpc.web),
        };
        if let Some(uri) = rewritten {
            *request.uri_mut() = uri;
        }
        router.clone().call(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v2_method_paths_map_onto_v2beta1_and_nothing_else_does() {
        let map = |p: &str| v2_to_v2beta1(&p.parse().unwrap()).map(|u| u.path().to_owned());
        assert_eq!(
            map("/chainguard.platform.iam.v2.GroupsService/GetGroup").as_deref(),
            Some("/chainguard.platform.iam.v2beta1.GroupsService/GetGroup")
        );
        assert_eq!(
            map("/chainguard.platform.registry.v2.TagsService/ListTags").as_deref(),
            Some("/chainguard.platform.registry.v2beta1.TagsService/ListTags")
        );
        assert_eq!(map("/chainguard.platform.iam.v2beta1.GroupsService/GetGroup"), None);
        assert_eq!(map("/chainguard.platform.oidc.v2.SecurityTokenService/Exchange"), None);
        assert_eq!(map("/grpc.health.v1.Health/Check"), None);
    }
}
