//! Closed-loop load: N clients each issue the next request as soon as the last answered.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one scenario measured.
#[derive(Debug, Clone)]
pub struct Stats {
    /// Requests that succeeded.
    pub ok: u64,
    /// Requests that failed.
    pub errors: u64,
    /// The first failure, for the report.
    pub first_error: Option<String>,
    /// Successful requests per second.
    pub throughput: f64,
    /// Median latency.
    pub p50: Duration,
    /// 99th percentile latency.
    pub p99: Duration,
}

const WARM_UP: Duration = Duration::from_millis(750);

/// One client's measuring window: requests begun before the warm-up ends are not counted,
/// none begins after the end.
struct Recorder {
    measure_from: Instant,
    end: Instant,
    latencies: Vec<Duration>,
    errors: u64,
    first_error: Option<String>,
}

impl Recorder {
    fn new(start: Instant, duration: Duration) -> Self {
        let measure_from = start + WARM_UP;
        Self { measure_from, end: measure_from + duration, latencies: Vec::new(), errors: 0, first_error: None }
    }

    /// When the next request begins, or `None` once the window has closed.
    fn next(&self) -> Option<Instant> {
        Some(Instant::now()).filter(|began| *began < self.end)
    }

    fn record(&mut self, began: Instant, outcome: Result<(), String>) {
        if began < self.measure_from {
            return;
        }
        match outcome {
            Ok(()) => self.latencies.push(began.elapsed()),
            Err(e) => {
                self.errors += 1;
                self.first_error.get_or_insert(e);
            }
        }
    }

    fn failed(mut self, error: String) -> Self {
        self.errors += 1;
        self.first_error.get_or_insert(error);
        self
    }
}

/// Runs `request(i)` from `clients` concurrent loops for `duration` (after a short warm-up
/// that is not measured); `i` counts requests across all clients.
pub async fn run_load<F, Fut>(clients: usize, duration: Duration, request: F) -> Stats
where
    F: Fn(usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    let counter = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (request, counter) = (request.clone(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut recorder = Recorder::new(start, duration);
            while let Some(began) = recorder.next() {
                let outcome = request(counter.fetch_add(1, Ordering::Relaxed)).await;
                recorder.record(began, outcome);
            }
            recorder
        }));
    }
    summarize(tasks, duration).await
}

/// One HTTP request of a scenario: method, path and query, and an optional JSON body.
pub type HttpRequest = (hyper::Method, String, Option<Vec<u8>>);

/// Closed-loop HTTP load: each client owns one keep-alive HTTP/1.1 connection to `addr`
/// and sends `make(i)` with `authorization`, so the load generator costs as little as it can.
pub async fn run_http<F>(
    clients: usize,
    duration: Duration,
    addr: std::net::SocketAddr,
    authorization: String,
    make: F,
) -> Stats
where
    F: Fn(usize) -> HttpRequest + Send + Sync + Clone + 'static,
{
    use http_body_util::{BodyExt as _, Full};
    use hyper::body::Bytes;

    let counter = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (make, counter, authorization) = (make.clone(), counter.clone(), authorization.clone());
        tasks.push(tokio::spawn(async move {
            let mut recorder = Recorder::new(start, duration);
            let stream = match tokio::net::TcpStream::connect(addr).await {
                Ok(s) => s,
                Err(e) => return recorder.failed(e.to_string()),
            };
            let _ = stream.set_nodelay(true);
            let (mut sender, connection) =
                match hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await {
                    Ok(pair) => pair,
                    Err(e) => return recorder.failed(e.to_string()),
                };
            tokio::spawn(connection);
            while let Some(began) = recorder.next() {
                let (method, path, body) = make(counter.fetch_add(1, Ordering::Relaxed));
                let request = hyper::Request::builder()
                    .method(method)
                    .uri(path)
                    .header("host", addr.to_string())
                    .header("authorization", &authorization)
                    .header("content-type", "application/json")
                    .body(Full::new(Bytes::from(body.unwrap_or_default())));
                let outcome = match request {
                    Err(e) => Err(e.to_string()),
                    Ok(request) => match sender.send_request(request).await {
                        Err(e) => Err(e.to_string()),
                        Ok(response) => {
                            let status = response.status();
                            let drained = response.into_body().collect().await.map_err(|e| e.to_string());
                            match drained {
                                Ok(_) if status.is_success() => Ok(()),
                                Ok(_) => Err(format!("HTTP {status}")),
                                Err(e) => Err(e),
                            }
                        }
                    },
                };
                recorder.record(began, outcome);
            }
            recorder
        }));
    }
    summarize(tasks, duration).await
}

/// Closed-loop gRPC load: each client owns one HTTP/2 connection (a [`GrpcClient`] with
/// the token) and runs `call(client, i)`.
///
/// [`GrpcClient`]: grove_client::GrpcClient
pub async fn run_grpc<F, Fut>(clients: usize, duration: Duration, base: &str, token: &str, call: F) -> Stats
where
    F: Fn(grove_client::GrpcClient, usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    let counter = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (call, counter, base, token) = (call.clone(), counter.clone(), base.to_owned(), token.to_owned());
        tasks.push(tokio::spawn(async move {
            let mut recorder = Recorder::new(start, duration);
            let client = match grove_client::GrpcClient::connect(&base).await.and_then(|c| c.with_token(&token)) {
                Ok(c) => c,
                Err(e) => return recorder.failed(e.to_string()),
            };
            while let Some(began) = recorder.next() {
                let outcome = call(client.clone(), counter.fetch_add(1, Ordering::Relaxed)).await;
                recorder.record(began, outcome);
            }
            recorder
        }));
    }
    summarize(tasks, duration).await
}

/// Joins the clients and sums their windows into [`Stats`].
async fn summarize(tasks: Vec<tokio::task::JoinHandle<Recorder>>, duration: Duration) -> Stats {
    let mut latencies = Vec::new();
    let (mut errors, mut first_error) = (0, None);
    for task in tasks {
        if let Ok(r) = task.await {
            latencies.extend(r.latencies);
            errors += r.errors;
            if first_error.is_none() {
                first_error = r.first_error;
            }
        }
    }
    latencies.sort_unstable();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    Stats {
        ok: latencies.len() as u64,
        errors,
        first_error,
        throughput: latencies.len() as f64 / duration.as_secs_f64(),
        p50: pick(0.50),
        p99: pick(0.99),
    }
}
