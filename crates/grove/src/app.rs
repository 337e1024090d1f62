//! Assembly of the application: the transports merged onto one router over one set of
//! services. `serve` and the end-to-end tests both build it here.

use std::sync::Arc;

use axum::Router;
use grove_domain::services::Services;
use tower::ServiceBuilder;

use crate::telemetry::{self, Telemetry, TrackLayer};

/// Settings the transports need.
#[derive(Debug, Clone, Default)]
pub struct AppConfig {
    /// Request logging and the metrics served at `/metrics`.
    pub telemetry: Arc<Telemetry>,
    /// The v2beta1 transport's settings.
    pub http: grove_http::HttpConfig,
    /// The version 1 facade's settings.
    pub v1: grove_v1::V1Config,
    /// The gRPC transport's settings.
    pub grpc: grove_grpc::GrpcConfig,
    /// The web console's routes (HTML: outside the API's error layer), when served.
    pub console: Option<Router>,
}

/// Every route Grove serves, over `services`: v2beta1 REST, the version 1 facade beside it,
/// `GET /version`, and gRPC (by content type) on the same port.
pub fn router(services: Services, config: &AppConfig) -> Router {
    router_with(services, config, Router::new())
}

/// [`router`] with `extra` routes (the token service's) merged in under the same layers,
/// every request (REST and gRPC) logged and counted, and `/metrics` served.
pub fn router_with(services: Services, config: &AppConfig, extra: Router) -> Router {
    let grpc = grove_grpc::router(Arc::new(services.clone()), &config.grpc);
    let extra = grove_v1::routes(services.clone(), &config.v1)
        .merge(grove_http::version_routes(crate::version::build_info()))
        .merge(telemetry::metrics_route(config.telemetry.clone()))
        .merge(extra);
    // One layer, so that each route is boxed once for both.
    let layers = ServiceBuilder::new()
        .layer(TrackLayer::new(config.telemetry.clone()))
        .layer(grove_http::error_layer(&config.http));
    let mut rest = grove_http::routes(services, &config.http, extra).layer(layers);
    if let Some(console) = &config.console {
        rest = rest.merge(console.clone().layer(TrackLayer::new(config.telemetry.clone())));
    }
    let grpc = grpc.map(|routes| telemetry::track(routes, config.telemetry.clone()));
    grove_grpc::with_rest(rest, grpc)
}
