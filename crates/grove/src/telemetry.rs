//! Request telemetry: one log line per request with its request id, and the Prometheus
//! metrics served at `/metrics` (requests and latency per route, token exchanges by outcome,
//! `grove_build_info`, the process' CPU, memory and file descriptors, and whatever gauges and
//! counters the store and the event relay register).
//!
//! The layer runs after routing, so it labels requests by their route template, written
//! `/iam/v2beta1/groups/:uid` (no braces, which simple exposition parsers trip over), never by
//! the raw path: uids in paths would make the number of series grow without bound.

use std::convert::Infallible;
use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{HeaderName, HeaderValue, CONTENT_TYPE};
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use rand::RngCore as _;
use tower::{Layer, Service};
use tracing::instrument::Instrumented;
use tracing::{Instrument as _, Span};

mod process;

/// The header carrying a request's id, accepted from the client or generated.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest client-supplied request id kept; longer or odd ones are replaced.
const MAX_REQUEST_ID_LEN: usize = 128;

/// The route label of requests that matched no route.
const UNMATCHED: &str = "unmatched";

/// The route of the token exchange, whose outcomes are counted on their own.
const EXCHANGE_ROUTE: &str = "/sts/exchange";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: RouteLabel,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: &'static str,
    route: RouteLabel,
}

/// A route template as a label: the router's own shared template (no copy per request),
/// written `:name` for its captures only when the metrics are scraped.
#[derive(Clone, Debug)]
enum RouteLabel {
    Matched(MatchedPath),
    Unmatched,
}

impl RouteLabel {
    fn template(&self) -> &str {
        match self {
            Self::Matched(path) => path.as_str(),
            Self::Unmatched => UNMATCHED,
        }
    }
}

impl PartialEq for RouteLabel {
    fn eq(&self, other: &Self) -> bool {
        self.template() == other.template()
    }
}

impl Eq for RouteLabel {}

impl std::hash::Hash for RouteLabel {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.template().hash(state);
    }
}

impl std::fmt::Display for RouteLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&route_label(self.template()))
    }
}

impl EncodeLabelValue for RouteLabel {
    fn encode(&self, encoder: &mut LabelValueEncoder<'_>) -> std::fmt::Result {
        write!(encoder, "{self}")
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// Gauges a store reports when scraped: (name, help, value) triples.
pub type GaugeSource = Box<dyn Fn() -> Vec<(&'static str, &'static str, i64)> + Send + Sync>;

/// Counters kept elsewhere (running totals that only grow), read when scraped: (name, help,
/// total) triples. Exposed with the `_total` suffix.
pub type CounterSource = Box<dyn Fn() -> Vec<(&'static str, &'static str, u64)> + Send + Sync>;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
    commit: &'static str,
}

/// The metrics registry and the instruments the request layer updates.
pub struct Telemetry {
    registry: Mutex<Registry>,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    exchanges: Family<OutcomeLabels, Counter>,
    in_flight: Gauge,
    gauges: Mutex<Vec<(GaugeSource, Vec<Gauge>)>>,
    counters: Mutex<Vec<(CounterSource, Vec<Counter>)>>,
    /// The `process_*` metrics, unprefixed as every Prometheus client names them.
    process: Mutex<(Registry, Option<process::ProcessMetrics>)>,
}

impl std::fmt::Debug for Telemetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Telemetry").finish_non_exhaustive()
    }
}

impl Default for Telemetry {
    fn default() -> Self {
        Self::new()
    }
}

impl Telemetry {
    /// A registry with the request, latency and exchange instruments.
    #[must_use]
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("grove");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route and status", requests.clone());
        let latency = Family::<RouteLabels, Histogram>::new_with_constructor(|| {
            Histogram::new(exponential_buckets(0.000_5, 2.0, 16))
        });
        registry.register("http_request_duration_seconds", "Time to answer an HTTP request, by route", latency.clone());
        let exchanges = Family::<OutcomeLabels, Counter>::default();
        registry.register("token_exchanges", "Token exchanges at /sts/exchange, by outcome", exchanges.clone());
        let in_flight = Gauge::default();
        registry.register("http_requests_in_flight", "HTTP requests being answered", in_flight.clone());
        let build = Family::<BuildLabels, Gauge>::default();
        build.get_or_create(&BuildLabels { version: crate::version::VERSION, commit: crate::version::COMMIT }).set(1);
        registry.register("build_info", "The version and commit of this build (always 1)", build);
        let mut process_registry = Registry::default();
        let process = process::ProcessMetrics::register(&mut process_registry);
        Self {
            registry: Mutex::new(registry),
            requests,
            latency,
            exchanges,
            in_flight,
            gauges: Mutex::new(Vec::new()),
            counters: Mutex::new(Vec::new()),
            process: Mutex::new((process_registry, process)),
        }
    }

    /// Registers gauges whose values `source` reads at each scrape (e.g. the database
    /// pool's connections). `source` must always return the same names, in the same order.
    pub fn register_gauges(&self, source: GaugeSource) {
        let (Ok(mut registry), Ok(mut gauges)) = (self.registry.lock(), self.gauges.lock()) else {
            return;
        };
        let instruments = source()
            .into_iter()
            .map(|(name, help, _)| {
                let gauge = Gauge::default();
                registry.register(name, help, gauge.clone());
                gauge
            })
            .collect();
        gauges.push((source, instruments));
    }

    /// Registers counters whose totals `source` reads at each scrape (e.g. the event relay's
    /// deliveries). `source` must always return the same names, in the same order.
    pub fn register_counters(&self, source: CounterSource) {
        let (Ok(mut registry), Ok(mut counters)) = (self.registry.lock(), self.counters.lock()) else {
            return;
        };
        let instruments = source()
            .into_iter()
            .map(|(name, help, _)| {
                let counter = Counter::default();
                registry.register(name, help, counter.clone());
                counter
            })
            .collect();
        counters.push((source, instruments));
    }

    /// The metrics in the Prometheus text format.
    #[must_use]
    pub fn render(&self) -> String {
        if let Ok(gauges) = self.gauges.lock() {
            for (source, instruments) in gauges.iter() {
                for ((_, _, value), gauge) in source().into_iter().zip(instruments) {
                    gauge.set(value);
                }
            }
        }
        if let Ok(counters) = self.counters.lock() {
            for (source, instruments) in counters.iter() {
                for ((_, _, total), counter) in source().into_iter().zip(instruments) {
                    // The source's total only grows; the counter catches up with it.
                    let counted = counter.get();
                    if total > counted {
                        counter.inc_by(total - counted);
                    }
                }
            }
        }
        let mut out = String::new();
        if let Ok(process) = self.process.lock() {
            if let Some(metrics) = &process.1 {
                metrics.update();
                // Writing into a String cannot fail. The registry below ends the exposition.
                let _ = encode(&mut out, &process.0);
                if let Some(body) = out.strip_suffix("# EOF\n") {
                    out = body.to_owned();
                }
            }
        }
        if let Ok(registry) = self.registry.lock() {
            // Writing into a String cannot fail.
            let _ = encode(&mut out, &registry);
        }
        out
    }

    /// Counts one answered request, through `series` (the route's own instruments) when it
    /// holds them.
    fn record(&self, series: &RouteSeries, method: &'static str, route: &RouteLabel, status: u16, seconds: f64) {
        if !series.record(self, method, route, status, seconds) {
            let (latency, requests) = self.series(method, route, status);
            latency.observe(seconds);
            requests.inc();
        }
        if route.template() == EXCHANGE_ROUTE {
            self.exchanges.get_or_create(&OutcomeLabels { outcome: exchange_outcome(status) }).inc();
        }
    }

    /// The latency histogram of (`method`, `route`) and the request counter of (`method`,
    /// `route`, `status`), found or created in their families: handles sharing the series.
    fn series(&self, method: &'static str, route: &RouteLabel, status: u16) -> (Histogram, Counter) {
        let latency = self.latency.get_or_create(&RouteLabels { method, route: route.clone() }).clone();
        let requests = self.requests.get_or_create(&RequestLabels { method, route: route.clone(), status }).clone();
        (latency, requests)
    }
}

/// The most (method, status) pairs a route keeps its own instruments for; further pairs are
/// looked up in the families each time.
const MAX_SERIES_PER_ROUTE: usize = 32;

/// The instruments of one route (one [`Tracked`] service), kept beside the families so that
/// a request updates them without hashing its labels: the route's template, fixed by its
/// first request, and the latency histogram and request counter of each method and status
/// seen on it. Each handle shares its value with its family's series.
#[derive(Debug, Default)]
struct RouteSeries {
    route: OnceLock<RouteLabel>,
    by_method_and_status: Mutex<Vec<(&'static str, u16, Histogram, Counter)>>,
}

impl RouteSeries {
    /// Records the request on this route's own instruments; false when they cannot serve it
    /// (another route, or too many pairs already).
    fn record(
        &self,
        telemetry: &Telemetry,
        method: &'static str,
        route: &RouteLabel,
        status: u16,
        seconds: f64,
    ) -> bool {
        if self.route.get_or_init(|| route.clone()) != route {
            return false;
        }
        let Ok(mut series) = self.by_method_and_status.lock() else {
            return false;
        };
        let found = series.iter().position(|(m, s, _, _)| *m == method && *s == status);
        let index = match found {
            Some(index) => index,
            None if series.len() < MAX_SERIES_PER_ROUTE => {
                let (latency, requests) = telemetry.series(method, route, status);
                series.push((method, status, latency, requests));
                series.len() - 1
            }
            None => return false,
        };
        let (_, _, latency, requests) = &series[index];
        latency.observe(seconds);
        requests.inc();
        true
    }
}

/// The outcome of a token exchange, from its status.
fn exchange_outcome(status: u16) -> &'static str {
    match status {
        200..=299 => "issued",
        400 => "invalid_request",
        401 => "unauthenticated",
        403 => "denied",
        503 => "unavailable",
        _ => "error",
    }
}

/// The method as a label: one of the standard methods, else `other`, so that a client
/// sending made-up methods cannot grow the number of series.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "other",
    }
}

/// The client's request id when it is short printable ASCII, else a new random one.
fn request_id(request: &Request) -> HeaderValue {
    let given = request.headers().get(&REQUEST_ID).filter(|v| {
        let bytes = v.as_bytes();
        !bytes.is_empty() && bytes.len() <= MAX_REQUEST_ID_LEN && bytes.iter().all(|b| b.is_ascii_graphic())
    });
    let mut id = given.cloned().unwrap_or_else(|| {
        let mut raw = [0u8; 16];
        rand::thread_rng().fill_bytes(&mut raw);
        let mut text = [0u8; 32];
        // Both slices are sized for each other, so this cannot fail.
        let _ = hex::encode_to_slice(raw, &mut text);
        HeaderValue::from_bytes(&text).unwrap_or_else(|_| HeaderValue::from_static("invalid"))
    });
    // Each id is used once: HTTP/2 (gRPC) would otherwise add every one to its header
    // compression table, evicting the headers that do repeat on the connection.
    id.set_sensitive(true);
    id
}

/// A route template with its captures written `:name` (`{*uid}` and `{uid}` alike).
fn route_label(template: &str) -> String {
    let mut label = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        label.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else { break };
        label.push(':');
        label.push_str(rest[open + 1..open + close].trim_start_matches('*'));
        rest = &rest[open + close + 1..];
    }
    label.push_str(rest);
    label
}

/// A route whose requests are logged (one line each) and counted, and whose answers carry
/// their request id in `x-request-id`. A service of its own rather than `from_fn`, which boxes
/// its route again and every request's future.
#[derive(Debug, Clone)]
pub struct Tracked<S> {
    inner: S,
    telemetry: Arc<Telemetry>,
    series: Arc<RouteSeries>,
}

impl<S> Service<Request> for Tracked<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = TrackedResponse<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let started = Instant::now();
        let id = request_id(&request);
        // The handlers read the id here too, to record it with the changes they make.
        request.headers_mut().insert(REQUEST_ID, id.clone());
        let method = request.method().clone();
        let route =
            request.extensions().get::<MatchedPath>().map_or(RouteLabel::Unmatched, |m| RouteLabel::Matched(m.clone()));
        // `caller` is filled in once the request is authenticated (the transports' extractors
        // record the identity, or a SCIM client's identity provider), so the request's log
        // line names who made it.
        let span = tracing::info_span!(
            "request",
            request_id = id.to_str().unwrap_or_default(),
            caller = tracing::field::Empty
        );
        let in_flight = InFlight::new(&self.telemetry);
        let inner = self.inner.call(request).instrument(span.clone());
        let series = Arc::clone(&self.series);
        TrackedResponse { inner, in_flight, series, started, id: Some(id), method, route, span }
    }
}

/// One request counted in `http_requests_in_flight` until this drops: when its answer is
/// ready, or when the client went away first.
struct InFlight(Arc<Telemetry>);

impl InFlight {
    fn new(telemetry: &Arc<Telemetry>) -> Self {
        telemetry.in_flight.inc();
        Self(Arc::clone(telemetry))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.dec();
    }
}

pin_project_lite::pin_project! {
    /// The answer of a [`Tracked`] route, logged and counted once it is ready.
    pub struct TrackedResponse<F> {
        #[pin]
        inner: Instrumented<F>,
        in_flight: InFlight,
        series: Arc<RouteSeries>,
        started: Instant,
        // Taken when the answer is ready.
        id: Option<HeaderValue>,
        method: Method,
        route: RouteLabel,
        span: Span,
    }
}

impl<F: Future<Output = Result<Response, Infallible>>> Future for TrackedResponse<F> {
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Poll::Ready(Ok(mut response)) = this.inner.poll(cx) else {
            return Poll::Pending;
        };
        let elapsed = this.started.elapsed();
        let status = response.status().as_u16();
        let telemetry = &this.in_flight.0;
        telemetry.record(this.series, method_label(this.method), this.route, status, elapsed.as_secs_f64());
        let latency_ms = elapsed.as_secs_f64() * 1000.0;
        let (method, route) = (&*this.method, &*this.route);
        this.span.in_scope(|| {
            if status >= 500 {
                tracing::warn!(%method, %route, status, latency_ms, "request");
            } else {
                tracing::info!(%method, %route, status, latency_ms, "request");
            }
        });
        if let Some(id) = this.id.take() {
            response.headers_mut().insert(REQUEST_ID, id);
        }
        Poll::Ready(Ok(response))
    }
}

async fn metrics(State(telemetry): State<Arc<Telemetry>>) -> Response {
    ([(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], telemetry.render()).into_response()
}

/// The layer that logs and counts a route's requests, for composing with other layers into
/// one `Router::layer` call (see [`track`]).
#[derive(Debug, Clone)]
pub struct TrackLayer(Arc<Telemetry>);

impl TrackLayer {
    /// Requests recorded in `telemetry`.
    #[must_use]
    pub fn new(telemetry: Arc<Telemetry>) -> Self {
        Self(telemetry)
    }
}

impl<S> Layer<S> for TrackLayer {
    type Service = Tracked<S>;

    fn layer(&self, inner: S) -> Tracked<S> {
        Tracked { inner, telemetry: Arc::clone(&self.0), series: Arc::new(RouteSeries::default()) }
    }
}

/// `router`'s requests logged and counted (no `/metrics` route added).
pub fn track(router: Router, telemetry: Arc<Telemetry>) -> Router {
    router.layer(TrackLayer::new(telemetry))
}

/// `GET /metrics`, the Prometheus text of `telemetry`.
pub fn metrics_route(telemetry: Arc<Telemetry>) -> Router {
    Router::new().route("/metrics", get(metrics)).with_state(telemetry)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use axum::body::Body;
    use axum::http::StatusCode;
    use http_body_util::BodyExt as _;
    use tower::ServiceExt as _;

    use super::*;

    fn app(telemetry: Arc<Telemetry>) -> Router {
        let routes = Router::new()
            .route("/iam/v2beta1/groups/{*uid}", get(|| async { "group" }))
            .route(EXCHANGE_ROUTE, get(|| async { StatusCode::FORBIDDEN }))
            .route("/never", get(std::future::pending::<()>));
        track(routes.merge(metrics_route(telemetry.clone())), telemetry)
    }

    async fn send(router: &Router, path: &str, request_id: Option<&str>) -> Response {
        let mut request = Request::builder().uri(path);
        if let Some(id) = request_id {
            request = request.header(REQUEST_ID, id);
        }
        router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap()
    }

    async fn scrape(router: &Router) -> prometheus_parse::Scrape {
        let response = send(router, "/metrics", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[CONTENT_TYPE], "text/plain; version=0.0.4; charset=utf-8");
        let text = String::from_utf8(response.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
        prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap()
    }

    fn value(scrape: &prometheus_parse::Scrape, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        scrape.samples.iter().find(|s| s.metric == name && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v))).map(
            |s| match s.value {
                prometheus_parse::Value::Counter(v) | prometheus_parse::Value::Gauge(v) => v,
                prometheus_parse::Value::Untyped(v) => v,
                _ => f64::NAN,
            },
        )
    }

    #[tokio::test]
    async fn requests_are_counted_by_route_template_and_status_and_scraped_as_prometheus_text() {
        let telemetry = Arc::new(Telemetry::new());
        let router = app(telemetry.clone());
        let uid = "0123456789abcdef0123456789abcdef01234567";
        for _ in 0..2 {
            assert_eq!(send(&router, &format!("/iam/v2beta1/groups/{uid}"), None).await.status(), StatusCode::OK);
        }
        assert_eq!(send(&router, "/nowhere", None).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(send(&router, EXCHANGE_ROUTE, None).await.status(), StatusCode::FORBIDDEN);
        let source: GaugeSource = Box::new(|| vec![("db_pool_idle", "Idle pooled connections", 3)]);
        telemetry.register_gauges(source);

        let scrape = scrape(&router).await;
        let groups = [("method", "GET"), ("route", "/iam/v2beta1/groups/:uid"), ("status", "200")];
        assert_eq!(value(&scrape, "grove_http_requests_total", &groups), Some(2.0));
        assert_eq!(
            value(&scrape, "grove_http_requests_total", &[("route", "unmatched"), ("status", "404")]),
            Some(1.0)
        );
        assert_eq!(value(&scrape, "grove_token_exchanges_total", &[("outcome", "denied")]), Some(1.0));
        assert_eq!(value(&scrape, "grove_db_pool_idle", &[]), Some(3.0));
        let histogram = scrape
            .samples
            .iter()
            .find(|s| s.metric == "grove_http_request_duration_seconds" && s.labels.get("route") == Some(groups[1].1))
            .unwrap();
        match &histogram.value {
            prometheus_parse::Value::Histogram(buckets) => {
                assert_eq!(buckets.last().map(|b| b.count), Some(2.0), "both requests fall in the +Inf bucket");
            }
            other => panic!("expected a histogram, got {other:?}"),
        }
        assert!(
            !scrape.samples.iter().any(|s| s.labels.values().any(|v| v.contains(uid))),
            "no series is labelled with a uid"
        );
    }

    #[tokio::test]
    async fn each_method_and_status_of_a_route_has_its_own_series_and_one_service_at_two_templates_counts_both() {
        let telemetry = Arc::new(Telemetry::new());
        let by_query = |uri: axum::http::Uri| async move {
            if uri.query() == Some("missing") {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::OK
            }
        };
        let items = Router::new().route("/items/{id}", get(by_query).delete(|| async { StatusCode::NO_CONTENT }));
        // One tracked service mounted at two templates: its own series are those of the first
        // template seen, and the second is counted through the families.
        let shared = track(Router::new().route("/one", get(|| async { "one" })), telemetry.clone());
        let router = track(items.merge(metrics_route(telemetry.clone())), telemetry)
            .nest("/a", shared.clone())
            .nest("/b", shared);
        let call = |method: Method, path: &'static str| {
            let router = router.clone();
            async move {
                let request = Request::builder().method(method).uri(path).body(Body::empty()).unwrap();
                router.oneshot(request).await.unwrap().status()
            }
        };
        for _ in 0..3 {
            assert_eq!(call(Method::GET, "/items/1").await, StatusCode::OK);
        }
        for _ in 0..2 {
            assert_eq!(call(Method::GET, "/items/1?missing").await, StatusCode::NOT_FOUND);
        }
        assert_eq!(call(Method::DELETE, "/items/1").await, StatusCode::NO_CONTENT);
        assert_eq!(call(Method::GET, "/a/one").await, StatusCode::OK);
        for _ in 0..2 {
            assert_eq!(call(Method::GET, "/b/one").await, StatusCode::OK);
        }

        let scrape = scrape(&router).await;
        let requests = |method: &str, route: &str, status: &str| {
            value(&scrape, "grove_http_requests_total", &[("method", method), ("route", route), ("status", status)])
        };
        assert_eq!(requests("GET", "/items/:id", "200"), Some(3.0));
        assert_eq!(requests("GET", "/items/:id", "404"), Some(2.0));
        assert_eq!(requests("DELETE", "/items/:id", "204"), Some(1.0));
        assert_eq!(requests("GET", "/a/one", "200"), Some(1.0));
        assert_eq!(requests("GET", "/b/one", "200"), Some(2.0));
        let latency_count = |method: &str, route: &str| {
            scrape
                .samples
                .iter()
                .find(|s| {
                    s.metric == "grove_http_request_duration_seconds"
                        && s.labels.get("method") == Some(method)
                        && s.labels.get("route") == Some(route)
                })
                .map(|s| match &s.value {
                    prometheus_parse::Value::Histogram(buckets) => buckets.last().map_or(0.0, |b| b.count),
                    _ => f64::NAN,
                })
        };
        assert_eq!(latency_count("GET", "/items/:id"), Some(5.0), "both statuses share the route's histogram");
        assert_eq!(latency_count("DELETE", "/items/:id"), Some(1.0));
        assert_eq!(latency_count("GET", "/b/one"), Some(2.0));
    }

    #[test]
    fn route_labels_write_captures_without_braces() {
        assert_eq!(route_label("/iam/v2beta1/groups/{*uid}"), "/iam/v2beta1/groups/:uid");
        assert_eq!(route_label("/a/{x}/b/{*y}"), "/a/:x/b/:y");
        assert_eq!(route_label("/healthz"), "/healthz");
    }

    #[tokio::test]
    async fn a_clients_request_id_is_echoed_and_a_missing_or_odd_one_is_generated() {
        let router = app(Arc::new(Telemetry::new()));
        let given = send(&router, "/metrics", Some("trace-42")).await;
        assert_eq!(given.headers()[REQUEST_ID], "trace-42");
        for odd in [None, Some("has space"), Some(&*"x".repeat(MAX_REQUEST_ID_LEN + 1))] {
            let generated = send(&router, "/metrics", odd).await;
            let id = generated.headers()[REQUEST_ID].to_str().unwrap().to_owned();
            assert_eq!(id.len(), 32, "{odd:?} -> {id}");
            assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        }
    }

    #[tokio::test]
    async fn a_request_abandoned_by_its_client_leaves_the_in_flight_gauge() {
        let telemetry = Arc::new(Telemetry::new());
        let router = app(telemetry.clone());
        let abandoned = tokio::time::timeout(std::time::Duration::from_millis(20), send(&router, "/never", None)).await;
        assert!(abandoned.is_err(), "the request never finishes");
        assert_eq!(telemetry.in_flight.get(), 0);
        // A scrape counts itself.
        assert_eq!(value(&scrape(&router).await, "grove_http_requests_in_flight", &[]), Some(1.0));
    }

    #[tokio::test]
    async fn metrics_show_the_build_the_process_and_outside_totals_as_counters() {
        let telemetry = Arc::new(Telemetry::new());
        let router = app(telemetry.clone());
        let total = Arc::new(std::sync::atomic::AtomicU64::new(3));
        let source = total.clone();
        telemetry.register_counters(Box::new(move || {
            vec![("events_delivered", "Delivered", source.load(std::sync::atomic::Ordering::Relaxed))]
        }));

        assert!(telemetry.render().contains("# TYPE grove_events_delivered counter\n"));
        let first = scrape(&router).await;
        let build = [("version", crate::version::VERSION), ("commit", crate::version::COMMIT)];
        assert_eq!(value(&first, "grove_build_info", &build), Some(1.0));
        assert_eq!(value(&first, "grove_events_delivered_total", &[]), Some(3.0));
        assert!(value(&first, "process_cpu_seconds_total", &[]).is_some_and(|v| v >= 0.0));
        for name in
            ["process_resident_memory_bytes", "process_virtual_memory_bytes", "process_open_fds", "process_max_fds"]
        {
            assert!(value(&first, name, &[]).is_some_and(|v| v > 0.0), "{name} in {:?}", first.samples);
        }
        assert!(value(&first, "process_start_time_seconds", &[]).is_some_and(|v| v > 1.7e9));

        total.store(5, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(value(&scrape(&router).await, "grove_events_delivered_total", &[]), Some(5.0));
    }
}
