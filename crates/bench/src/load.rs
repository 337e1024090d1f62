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

/// Runs `request(i)` from `clients` concurrent loops for `duration` (after a short warm-up
/// that is not measured); `i` counts requests across all clients.
pub async fn run_load<F, Fut>(clients: usize, duration: Duration, request: F) -> Stats
where
    F: Fn(usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    let counter = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let measure_from = start + WARM_UP;
    let end = measure_from + duration;
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (request, counter) = (request.clone(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let (mut errors, mut first_error) = (0u64, None);
            loop {
                let began = Instant::now();
                if began >= end {
                    break;
                }
                let outcome = request(counter.fetch_add(1, Ordering::Relaxed)).await;
                if began < measure_from {
                    continue;
                }
                match outcome {
                    Ok(()) => latencies.push(began.elapsed()),
                    Err(e) => {
                        errors += 1;
                        first_error.get_or_insert(e);
                    }
                }
            }
            (latencies, errors, first_error)
        }));
    }
    let mut results = Vec::new();
    for task in tasks {
        if let Ok(r) = task.await {
            results.push(r);
        }
    }
    summarize(results, duration)
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
    let measure_from = start + WARM_UP;
    let end = measure_from + duration;
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (make, counter, authorization) = (make.clone(), counter.clone(), authorization.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let (mut errors, mut first_error) = (0u64, None::<String>);
            let stream = match tokio::net::TcpStream::connect(addr).await {
                Ok(s) => s,
                Err(e) => return (latencies, 1, Some(e.to_string())),
            };
            let _ = stream.set_nodelay(true);
            let (mut sender, connection) =
                match hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await {
                    Ok(pair) => pair,
                    Err(e) => return (latencies, 1, Some(e.to_string())),
                };
            tokio::spawn(connection);
            loop {
                let began = Instant::now();
                if began >= end {
                    break;
                }
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
                if began < measure_from {
                    continue;
                }
                match outcome {
                    Ok(()) => latencies.push(began.elapsed()),
                    Err(e) => {
                        errors += 1;
                        first_error.get_or_insert(e);
                    }
                }
            }
            (latencies, errors, first_error)
        }));
    }
    let mut results = Vec::new();
    for task in tasks {
        if let Ok(r) = task.await {
            results.push(r);
        }
    }
    summarize(results, duration)
}

fn summarize(results: Vec<(Vec<Duration>, u64, Option<String>)>, duration: Duration) -> Stats {
    let mut latencies = Vec::new();
    let (mut errors, mut first_error) = (0, None);
    for (l, e, f) in results {
        latencies.extend(l);
        errors += e;
        if first_error.is_none() {
            first_error = f;
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
