//! Closed-loop load: N clients each issue the next request as soon as the last answered.
//!
//! One loop ([`run_clients`]) does the timing for every transport; a transport is only how a
//! client connects and how it makes one call ([`run_load`] for in-process store calls,
//! [`run_http`] for HTTP/1.1, [`run_grpc`] for gRPC).

use std::future::Future;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
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
    /// CPU time (user + system) the served process ([`measure_cpu_of`]) spent during the
    /// measuring window, when one is set.
    pub server_cpu: Option<Duration>,
    /// CPU time this process (the load generator) spent in the same window: with grove,
    /// PostgreSQL and the load generator on one machine, a client that costs more leaves the
    /// server less CPU, so two transports' throughputs compare the clients as well.
    pub load_cpu: Option<Duration>,
}

impl Stats {
    /// These figures without the measured server's CPU time: the load went to another server
    /// (the thin handler, a second grove), so that time says nothing about it.
    #[must_use]
    pub fn served_elsewhere(self) -> Self {
        Self { server_cpu: None, ..self }
    }

    /// `cpu` spread over the requests that succeeded in the window, in µs.
    #[must_use]
    pub fn per_request_us(&self, cpu: Duration) -> Option<f64> {
        (self.ok > 0).then(|| cpu.as_secs_f64() * 1e6 / self.ok as f64)
    }

    /// Figures of a set of measured latencies over a window of `duration`.
    pub fn from_latencies(mut latencies: Vec<Duration>, duration: Duration) -> Self {
        latencies.sort_unstable();
        let pick = |q: f64| {
            latencies
                .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
                .copied()
                .unwrap_or_default()
        };
        Self {
            ok: latencies.len() as u64,
            errors: 0,
            first_error: None,
            throughput: latencies.len() as f64 / duration.as_secs_f64(),
            p50: pick(0.50),
            p99: pick(0.99),
            server_cpu: None,
            load_cpu: None,
        }
    }
}

const WARM_UP: Duration = Duration::from_millis(750);

/// The process whose CPU time every load run reports ([`Stats::server_cpu`]); 0 for none.
static SERVER_PID: AtomicU32 = AtomicU32::new(0);

/// Makes every later load run report the CPU time of process `pid` (grove, or the thin
/// server while it is measured) over its measuring window. Throughput on a shared machine
/// drifts from run to run; the CPU a request costs the server drifts far less, so it is what
/// compares two builds.
pub fn measure_cpu_of(pid: u32) {
    SERVER_PID.store(pid, Ordering::Relaxed);
}

/// User plus system time of process `pid`, from `/proc/PID/stat` (clock ticks of 10 ms,
/// Linux's `USER_HZ`).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces; the fields after it are plain numbers.
    let fields = stat.rsplit_once(')')?.1.split_whitespace().collect::<Vec<_>>();
    let (utime, stime) = (fields.get(11)?.parse::<u64>().ok()?, fields.get(12)?.parse::<u64>().ok()?);
    Some(Duration::from_millis((utime + stime) * 10))
}

/// The CPU time of the served process and of this one between the opening and the closing of
/// the window that begins `WARM_UP` after `start` and lasts `duration`.
async fn window_cpu(start: Instant, duration: Duration) -> (Option<Duration>, Option<Duration>) {
    let server = Some(SERVER_PID.load(Ordering::Relaxed)).filter(|pid| *pid != 0);
    let read = || (server.and_then(cpu_time), cpu_time(std::process::id()));
    tokio::time::sleep_until((start + WARM_UP).into()).await;
    let opened = read();
    tokio::time::sleep_until((start + WARM_UP + duration).into()).await;
    let closed = read();
    let spent = |opened: Option<Duration>, closed: Option<Duration>| Some(closed?.saturating_sub(opened?));
    (spent(opened.0, closed.0), spent(opened.1, closed.1))
}

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

/// Runs `clients` concurrent loops for `duration` (after a short warm-up that is not
/// measured). Each loop first makes its own connection with `connect`, then calls
/// `call(connection, i)` until the window closes; `call` hands the connection back with the
/// outcome, and `i` counts requests across all clients.
pub async fn run_clients<C, Connect, Connecting, Call, Calling>(
    clients: usize,
    duration: Duration,
    connect: Connect,
    call: Call,
) -> Stats
where
    C: Send + 'static,
    Connect: Fn() -> Connecting + Send + Sync + Clone + 'static,
    Connecting: Future<Output = Result<C, String>> + Send,
    Call: Fn(C, usize) -> Calling + Send + Sync + Clone + 'static,
    Calling: Future<Output = (C, Result<(), String>)> + Send,
{
    let counter = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let cpu = tokio::spawn(window_cpu(start, duration));
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (connect, call, counter) = (connect.clone(), call.clone(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut recorder = Recorder::new(start, duration);
            let mut connection = match connect().await {
                Ok(c) => c,
                Err(e) => return recorder.failed(e),
            };
            while let Some(began) = recorder.next() {
                let (returned, outcome) = call(connection, counter.fetch_add(1, Ordering::Relaxed)).await;
                connection = returned;
                recorder.record(began, outcome);
            }
            recorder
        }));
    }
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
    let (server_cpu, load_cpu) = cpu.await.unwrap_or_default();
    Stats { errors, first_error, server_cpu, load_cpu, ..Stats::from_latencies(latencies, duration) }
}

/// Closed-loop calls in this process (the SQL reference): `request(i)` from `clients` loops.
pub async fn run_load<F, Fut>(clients: usize, duration: Duration, request: F) -> Stats
where
    F: Fn(usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    run_clients(
        clients,
        duration,
        || async { Ok(()) },
        move |(), i| {
            let call = request(i);
            async move { ((), call.await) }
        },
    )
    .await
}

/// One HTTP request of a scenario: method, path and query, and an optional JSON body.
pub type HttpRequest = (hyper::Method, String, Option<Vec<u8>>);

type Http1 = hyper::client::conn::http1::SendRequest<http_body_util::Full<hyper::body::Bytes>>;

/// Closed-loop HTTP load: each client owns one keep-alive HTTP/1.1 connection to `addr`
/// and sends `make(i)` with `authorization` (none when empty), so the load generator costs
/// as little as it can.
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
    let connect = move || async move {
        let stream = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        let (sender, connection) = hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|e| e.to_string())?;
        tokio::spawn(connection);
        Ok::<Http1, String>(sender)
    };
    let authorization = Arc::new(authorization);
    let host = addr.to_string();
    run_clients(clients, duration, connect, move |mut sender: Http1, i| {
        let (method, path, body) = make(i);
        let (authorization, host) = (authorization.clone(), host.clone());
        async move {
            let outcome = send_http(&mut sender, method, path, body, &host, &authorization).await;
            (sender, outcome)
        }
    })
    .await
}

async fn send_http(
    sender: &mut Http1,
    method: hyper::Method,
    path: String,
    body: Option<Vec<u8>>,
    host: &str,
    authorization: &str,
) -> Result<(), String> {
    use http_body_util::BodyExt as _;

    let mut request = hyper::Request::builder().method(method).uri(path).header("host", host);
    if !authorization.is_empty() {
        request = request.header("authorization", authorization);
    }
    let request = request
        .header("content-type", "application/json")
        .body(http_body_util::Full::new(hyper::body::Bytes::from(body.unwrap_or_default())))
        .map_err(|e| e.to_string())?;
    let response = sender.send_request(request).await.map_err(|e| e.to_string())?;
    let status = response.status();
    response.into_body().collect().await.map_err(|e| e.to_string())?;
    if status.is_success() {
        Ok(())
    } else {
        Err(format!("HTTP {status}"))
    }
}

/// A gRPC client of the bench: one HTTP/2 connection driven through the `h2` crate itself,
/// with the bearer token. A call writes one pre-framed message and reads the answer's bytes
/// and `grpc-status` without decoding the message, as the HTTP/1.1 client of [`run_http`]
/// reads a body without parsing its JSON: no tower stack, no dispatch channel and no task per
/// request body in between (hyper's HTTP/2 client spawns one for every request that has a
/// body), so that the gRPC and REST figures compare the server, not the load generators.
#[derive(Clone)]
pub struct Grpc {
    send: h2::client::SendRequest<hyper::body::Bytes>,
    origin: Arc<str>,
    authorization: hyper::header::HeaderValue,
}

impl Grpc {
    /// Calls the unary method at `path` (`/package.Service/Method`) with `message`; `Ok` when
    /// the server answered `grpc-status: 0`.
    pub async fn unary(&self, path: &str, message: &impl prost::Message) -> Result<(), String> {
        let length = message.encoded_len();
        let mut frame = Vec::with_capacity(5 + length);
        frame.push(0);
        frame.extend_from_slice(&u32::try_from(length).map_err(|e| e.to_string())?.to_be_bytes());
        message.encode(&mut frame).map_err(|e| e.to_string())?;
        let request = hyper::Request::post(format!("{}{path}", self.origin))
            .header(hyper::header::CONTENT_TYPE, "application/grpc")
            .header(hyper::header::TE, "trailers")
            .header(hyper::header::AUTHORIZATION, self.authorization.clone())
            .body(())
            .map_err(|e| e.to_string())?;
        let mut send = self.send.clone().ready().await.map_err(|e| e.to_string())?;
        let (response, mut body) = send.send_request(request, false).map_err(|e| e.to_string())?;
        body.send_data(hyper::body::Bytes::from(frame), true).map_err(|e| e.to_string())?;
        let response = response.await.map_err(|e| e.to_string())?;
        if let Some(status) = response.headers().get("grpc-status") {
            // A trailers-only answer: the call failed before any message.
            return Err(format!("grpc-status {status:?}"));
        }
        let mut body = response.into_body();
        while let Some(chunk) = body.data().await {
            let chunk = chunk.map_err(|e| e.to_string())?;
            let _ = body.flow_control().release_capacity(chunk.len());
        }
        let trailers = body.trailers().await.map_err(|e| e.to_string())?.unwrap_or_default();
        match trailers.get("grpc-status").map(hyper::header::HeaderValue::as_bytes) {
            Some(b"0") => Ok(()),
            other => Err(format!("grpc-status {other:?}")),
        }
    }
}

/// Closed-loop gRPC load: `clients` concurrent callers share `connections` HTTP/2
/// connections ([`Grpc`]), as the callers of one gRPC channel share its connection; each
/// caller runs `call(client, i)`.
pub async fn run_grpc<F, Fut>(
    clients: usize,
    connections: usize,
    duration: Duration,
    addr: std::net::SocketAddr,
    token: &str,
    call: F,
) -> Stats
where
    F: Fn(Grpc, usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    let authorization = format!("Bearer {token}");
    let mut shared = Vec::new();
    for _ in 0..connections.clamp(1, clients.max(1)) {
        match connect_grpc(addr, &authorization).await {
            Ok(client) => shared.push(client),
            Err(e) => return Stats { errors: 1, first_error: Some(e), ..Stats::from_latencies(Vec::new(), duration) },
        }
    }
    let (shared, next) = (Arc::new(shared), Arc::new(AtomicUsize::new(0)));
    let connect = move || {
        let client = shared[next.fetch_add(1, Ordering::Relaxed) % shared.len()].clone();
        async move { Ok::<Grpc, String>(client) }
    };
    run_clients(clients, duration, connect, move |client: Grpc, i| {
        let call = call(client.clone(), i);
        async move { (client, call.await) }
    })
    .await
}

/// One HTTP/2 connection to `addr` carrying `authorization` on every call.
async fn connect_grpc(addr: std::net::SocketAddr, authorization: &str) -> Result<Grpc, String> {
    let stream = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    let (send, connection) = h2::client::handshake(stream).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let mut authorization =
        hyper::header::HeaderValue::from_str(authorization).map_err(|_| "the token is no header value".to_owned())?;
    // Sent once per call and never indexed by the server's table either way (h2 keeps
    // `authorization` values out of it), as tonic marks it.
    authorization.set_sensitive(true);
    Ok(Grpc { send, origin: Arc::from(format!("http://{addr}")), authorization })
}
