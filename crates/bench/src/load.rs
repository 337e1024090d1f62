//! Closed-loop load: N clients each issue the next request as soon as the last answered.
//!
//! One loop ([`run_clients`]) does the timing for every transport; a transport is only how a
//! client connects and how it makes one call ([`run_load`] for in-process store calls,
//! [`run_http`] for HTTP/1.1, [`run_grpc`] for gRPC).

use std::future::Future;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::h2c;

/// What one scenario measured.
#[derive(Debug, Clone, Default)]
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
    /// CPU time the served process ([`measure_cpu_of`]) spent during the measuring window,
    /// when one is set.
    pub server_cpu: Option<CpuTime>,
    /// CPU time this process (the load generator) spent in the same window: with grove,
    /// PostgreSQL and the load generator on one machine, a client that costs more leaves the
    /// server less CPU, so two transports' throughputs compare the clients as well.
    pub load_cpu: Option<CpuTime>,
    /// CPU time every PostgreSQL process of this machine spent in the same window
    /// ([`cpu_time_of_named`]): with the served process's and the load generator's, the whole
    /// budget of a request on the shared cores.
    pub postgres_cpu: Option<CpuTime>,
    /// Every successful request's latency, in order, so that rounds can be merged ([`Stats::merge`]).
    pub latencies: Vec<Duration>,
    /// How long the measuring window lasted.
    pub window: Duration,
}

impl Stats {
    /// These figures without the measured server's CPU time: the load went to another server
    /// (the thin handler, a second grove), so that time says nothing about it.
    #[must_use]
    pub fn served_elsewhere(self) -> Self {
        Self { server_cpu: None, ..self }
    }

    /// `cpu` spread over the requests that succeeded in the window.
    #[must_use]
    pub fn per_request(&self, cpu: CpuTime) -> Option<CpuPerRequest> {
        let us = |d: Duration| d.as_secs_f64() * 1e6 / self.ok as f64;
        (self.ok > 0).then(|| CpuPerRequest { user_us: us(cpu.user), system_us: us(cpu.system) })
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
            postgres_cpu: None,
            window: duration,
            latencies,
        }
    }

    /// The figures of this window and `other` together, as if measured in one window as long
    /// as both: requests, errors and CPU times add up, latencies are pooled.
    #[must_use]
    pub fn merge(self, other: Self) -> Self {
        let add = |a: Option<CpuTime>, b: Option<CpuTime>| a.zip(b).map(|(a, b)| a + b);
        let mut latencies = self.latencies;
        latencies.extend(other.latencies);
        Self {
            errors: self.errors + other.errors,
            first_error: self.first_error.or(other.first_error),
            server_cpu: add(self.server_cpu, other.server_cpu),
            load_cpu: add(self.load_cpu, other.load_cpu),
            postgres_cpu: add(self.postgres_cpu, other.postgres_cpu),
            ..Self::from_latencies(latencies, self.window + other.window)
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

/// CPU time kept apart by where it was spent: in the process's own code (user) and in the
/// kernel on its behalf (system: its system calls, and on loopback the TCP stack). The split
/// tells a server that computes too much from one that talks too often.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CpuTime {
    pub user: Duration,
    pub system: Duration,
}

impl CpuTime {
    /// The time spent since `earlier`, a reading of the same processes.
    #[must_use]
    pub fn since(self, earlier: Self) -> Self {
        Self { user: self.user.saturating_sub(earlier.user), system: self.system.saturating_sub(earlier.system) }
    }
}

impl std::ops::Add for CpuTime {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        Self { user: self.user + other.user, system: self.system + other.system }
    }
}

impl std::iter::Sum for CpuTime {
    fn sum<I: Iterator<Item = Self>>(times: I) -> Self {
        times.fold(Self::default(), |sum, t| sum + t)
    }
}

/// A [`CpuTime`] spread over the requests of a window, in µs each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CpuPerRequest {
    pub user_us: f64,
    pub system_us: f64,
}

impl CpuPerRequest {
    /// User plus system time.
    #[must_use]
    pub fn total_us(self) -> f64 {
        self.user_us + self.system_us
    }
}

impl std::fmt::Display for CpuPerRequest {
    /// `user + system` (µs, one decimal).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.1} + {:.1}", self.user_us, self.system_us)
    }
}

/// User and system time of process `pid`, from `/proc/PID/stat` (clock ticks of 10 ms,
/// Linux's `USER_HZ`).
fn cpu_time(pid: u32) -> Option<CpuTime> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces; the fields after it are plain numbers.
    let fields = stat.rsplit_once(')')?.1.split_whitespace().collect::<Vec<_>>();
    let ticks = |field: usize| Some(Duration::from_millis(fields.get(field)?.parse::<u64>().ok()? * 10));
    Some(CpuTime { user: ticks(11)?, system: ticks(12)? })
}

/// User and system time of every process whose command name is `name` (`/proc/PID/comm`)
/// alive now. For `postgres`, the server and its backends: a backend that starts or exits
/// within a window is counted for part of it only, but the pools of grove, the thin server and
/// the SQL reference keep theirs open throughout.
fn cpu_time_of_named(name: &str) -> Option<CpuTime> {
    let processes = std::fs::read_dir("/proc").ok()?;
    let pids = processes.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok());
    let named =
        pids.filter(|pid| std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim_end() == name));
    Some(named.filter_map(cpu_time).sum())
}

/// What the served process, this one and PostgreSQL spent in one measuring window.
#[derive(Debug, Clone, Copy, Default)]
struct WindowCpu {
    server: Option<CpuTime>,
    load: Option<CpuTime>,
    postgres: Option<CpuTime>,
}

/// The CPU times of [`WindowCpu`] between the opening and the closing of the window that
/// begins `WARM_UP` after `start` and lasts `duration`.
async fn window_cpu(start: Instant, duration: Duration) -> WindowCpu {
    let server = Some(SERVER_PID.load(Ordering::Relaxed)).filter(|pid| *pid != 0);
    let read = || (server.and_then(cpu_time), cpu_time(std::process::id()), cpu_time_of_named("postgres"));
    tokio::time::sleep_until((start + WARM_UP).into()).await;
    let opened = read();
    tokio::time::sleep_until((start + WARM_UP + duration).into()).await;
    let closed = read();
    let spent = |opened: Option<CpuTime>, closed: Option<CpuTime>| Some(closed?.since(opened?));
    WindowCpu {
        server: spent(opened.0, closed.0),
        load: spent(opened.1, closed.1),
        postgres: spent(opened.2, closed.2),
    }
}

/// One client's measuring window: requests begun before the warm-up ends are not counted,
/// none begins after the end.
pub struct Recorder {
    measure_from: Instant,
    end: Instant,
    /// The latencies of the requests that succeeded in the window.
    pub latencies: Vec<Duration>,
    /// Requests in the window that failed.
    pub errors: u64,
    /// The first failure.
    pub first_error: Option<String>,
}

impl Recorder {
    pub fn new(start: Instant, duration: Duration) -> Self {
        let measure_from = start + WARM_UP;
        Self { measure_from, end: measure_from + duration, latencies: Vec::new(), errors: 0, first_error: None }
    }

    /// When the next request begins, or `None` once the window has closed.
    pub fn next(&self) -> Option<Instant> {
        Some(Instant::now()).filter(|began| *began < self.end)
    }

    pub fn record(&mut self, began: Instant, outcome: Result<(), String>) {
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

    pub fn failed(mut self, error: String) -> Self {
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
    gather(tasks, cpu, duration).await
}

/// The figures of the loops `tasks` over a window of `duration`, with the CPU times `cpu`
/// measured over it.
async fn gather(
    tasks: Vec<tokio::task::JoinHandle<Recorder>>,
    cpu: tokio::task::JoinHandle<WindowCpu>,
    duration: Duration,
) -> Stats {
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
    let cpu = cpu.await.unwrap_or_default();
    Stats {
        errors,
        first_error,
        server_cpu: cpu.server,
        load_cpu: cpu.load,
        postgres_cpu: cpu.postgres,
        ..Stats::from_latencies(latencies, duration)
    }
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

/// Closed-loop HTTP load: each client owns one keep-alive HTTP/1.1 connection to `addr`
/// ([`Http1`]) and sends `make(i)` with `authorization` (none when empty).
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
    let mut head = format!("host: {addr}\r\ncontent-type: application/json\r\n");
    if !authorization.is_empty() {
        head.push_str(&format!("authorization: {authorization}\r\n"));
    }
    let head: Arc<str> = Arc::from(head);
    let connect = move || {
        let head = head.clone();
        async move { Http1::connect(addr, head).await }
    };
    run_clients(clients, duration, connect, move |mut connection: Http1, i| {
        let (method, path, body) = make(i);
        async move {
            let outcome = connection.send(&method, &path, body.as_deref()).await;
            (connection, outcome)
        }
    })
    .await
}

/// One keep-alive HTTP/1.1 connection of the bench, written and read by hand in the caller's
/// own task: a request is one `write` of bytes laid out ahead, an answer is read until its
/// `content-length` is complete and never parsed further, as `wrk` does. hyper's client runs
/// each connection in a task of its own and hands every request and answer across, which
/// cost the load generator about 35 µs of CPU a request, taken from the same two cores as
/// grove's.
pub struct Http1 {
    addr: std::net::SocketAddr,
    /// The header lines every request carries (host, content type, authorization).
    head: Arc<str>,
    /// `None` after a failure, until the next request connects again.
    stream: Option<tokio::net::TcpStream>,
    request: Vec<u8>,
    response: Vec<u8>,
}

impl Http1 {
    async fn connect(addr: std::net::SocketAddr, head: Arc<str>) -> Result<Self, String> {
        let mut connection = Self { addr, head, stream: None, request: Vec::new(), response: Vec::new() };
        connection.stream().await?;
        Ok(connection)
    }

    async fn stream(&mut self) -> Result<&mut tokio::net::TcpStream, String> {
        if self.stream.is_none() {
            let stream = tokio::net::TcpStream::connect(self.addr).await.map_err(|e| e.to_string())?;
            let _ = stream.set_nodelay(true);
            self.stream = Some(stream);
        }
        self.stream.as_mut().ok_or_else(|| "no connection".to_owned())
    }

    /// Sends one request and reads its answer; `Ok` for a 2xx status. After a failure the
    /// connection is dropped (its state is unknown) and the next request opens another.
    async fn send(&mut self, method: &hyper::Method, path: &str, body: Option<&[u8]>) -> Result<(), String> {
        use std::io::Write as _;

        let body = body.unwrap_or_default();
        self.request.clear();
        let _ = write!(self.request, "{method} {path} HTTP/1.1\r\n{}content-length: {}\r\n\r\n", self.head, body.len());
        self.request.extend_from_slice(body);
        let (mut request, mut response) = (std::mem::take(&mut self.request), std::mem::take(&mut self.response));
        let outcome = match self.stream().await {
            Ok(stream) => exchange(stream, &request, &mut response).await,
            Err(e) => Err(e),
        };
        request.clear();
        (self.request, self.response) = (request, response);
        match outcome {
            Ok(status) if (200..300).contains(&status) => Ok(()),
            Ok(status) => Err(format!("HTTP {status}")),
            Err(e) => {
                self.stream = None;
                Err(e)
            }
        }
    }
}

/// Writes `request` and reads one answer into `buffer`; its status.
async fn exchange(stream: &mut tokio::net::TcpStream, request: &[u8], buffer: &mut Vec<u8>) -> Result<u16, String> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    stream.write_all(request).await.map_err(|e| e.to_string())?;
    buffer.clear();
    let (status, end) = loop {
        buffer.reserve(4096);
        if stream.read_buf(buffer).await.map_err(|e| e.to_string())? == 0 {
            return Err("the server closed the connection".to_owned());
        }
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut response = httparse::Response::new(&mut headers);
        match response.parse(buffer) {
            Ok(httparse::Status::Partial) => {}
            Ok(httparse::Status::Complete(head)) => {
                let length = response
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case("content-length"))
                    .and_then(|h| std::str::from_utf8(h.value).ok()?.parse::<usize>().ok())
                    .ok_or("an answer without content-length (the bench reads no chunked bodies)")?;
                break (response.code.unwrap_or_default(), head + length);
            }
            Err(e) => return Err(format!("unreadable answer: {e}")),
        }
    };
    while buffer.len() < end {
        buffer.reserve(end - buffer.len());
        if stream.read_buf(buffer).await.map_err(|e| e.to_string())? == 0 {
            return Err("the server closed the connection mid-body".to_owned());
        }
    }
    if buffer.len() > end {
        return Err("bytes after the answer".to_owned());
    }
    Ok(status)
}

/// Closed-loop gRPC load: `clients` callers of the unary method at `path` share
/// `connections` HTTP/2 connections with `token`, as the callers of one gRPC channel share its
/// connection; each connection is driven by one task ([`h2c::drive`]), and a caller's call
/// `i` sends `message(i)` (an encoded protobuf message).
pub async fn run_grpc<F>(
    clients: usize,
    connections: usize,
    duration: Duration,
    addr: std::net::SocketAddr,
    token: &str,
    path: &str,
    message: F,
) -> Stats
where
    F: Fn(usize) -> Vec<u8> + Send + Sync + Clone + 'static,
{
    let headers = Arc::new(h2c::HeaderBlocks::new(path, &addr.to_string(), &format!("Bearer {token}")));
    let (clients, connections) = (clients.max(1), connections.clamp(1, clients.max(1)));
    let counter = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let cpu = tokio::spawn(window_cpu(start, duration));
    let tasks = (0..connections)
        .map(|c| {
            // The callers spread evenly: the first `clients % connections` take one more.
            let callers = clients / connections + usize::from(c < clients % connections);
            let drive = h2c::drive(
                addr,
                headers.clone(),
                callers,
                counter.clone(),
                message.clone(),
                Recorder::new(start, duration),
            );
            tokio::spawn(drive)
        })
        .collect();
    gather(tasks, cpu, duration).await
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use hyper::body::{Bytes, Incoming};

    use super::*;

    /// An HTTP/1.1 server (hyper's) answering `/ok` with 200 and anything else with 404, each
    /// echoing the request's authorization and body.
    async fn server() -> std::net::SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let service = hyper::service::service_fn(|request: hyper::Request<Incoming>| async move {
                    use http_body_util::BodyExt as _;
                    let status = if request.uri().path() == "/ok" { 200 } else { 404 };
                    let authorization = request.headers().get("authorization").cloned();
                    let mut body =
                        request.into_body().collect().await.map(|b| b.to_bytes().to_vec()).unwrap_or_default();
                    body.extend_from_slice(authorization.as_ref().map_or(&b""[..], |a| a.as_bytes()));
                    let response =
                        hyper::Response::builder().status(status).body(http_body_util::Full::new(Bytes::from(body)));
                    Ok::<_, Infallible>(response.expect("response"))
                });
                tokio::spawn(
                    hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(socket), service),
                );
            }
        });
        addr
    }

    #[test]
    fn cpu_time_is_spread_over_the_requests_with_user_and_system_kept_apart() {
        let ms = Duration::from_millis;
        let window = |ok: u64, user: u64, system: u64| Stats {
            server_cpu: Some(CpuTime { user: ms(user), system: ms(system) }),
            ..Stats::from_latencies(vec![ms(1); usize::try_from(ok).unwrap()], Duration::from_secs(1))
        };
        let one = window(4, 8, 4);
        let per_request = one.per_request(one.server_cpu.unwrap()).unwrap();
        assert_eq!(per_request, CpuPerRequest { user_us: 2000.0, system_us: 1000.0 });
        assert_eq!(per_request.total_us(), 3000.0);
        assert_eq!(per_request.to_string(), "2000.0 + 1000.0");

        let both = one.merge(window(6, 2, 16));
        assert_eq!(both.server_cpu, Some(CpuTime { user: ms(10), system: ms(20) }));
        assert_eq!(
            both.per_request(both.server_cpu.unwrap()),
            Some(CpuPerRequest { user_us: 1000.0, system_us: 2000.0 })
        );
        assert_eq!(Stats::default().per_request(CpuTime::default()), None, "no request answered");
        assert_eq!(
            CpuTime { user: ms(5), system: ms(1) }.since(CpuTime { user: ms(2), system: ms(3) }),
            CpuTime { user: ms(3), system: Duration::ZERO },
            "a reading never goes below zero"
        );
    }

    #[test]
    fn processes_are_counted_by_command_name_whole() {
        // Busy until this process has used a tenth of a second of CPU, however loaded the machine.
        let (started, mut x) = (Instant::now(), 0u64);
        while cpu_time(std::process::id()).unwrap().user < Duration::from_millis(100) {
            assert!(started.elapsed() < Duration::from_secs(30), "no CPU time was counted");
            for _ in 0..100_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
        }
        let comm = std::fs::read_to_string(format!("/proc/{}/comm", std::process::id())).unwrap();
        let (own, named) = (cpu_time(std::process::id()).unwrap(), cpu_time_of_named(comm.trim_end()).unwrap());
        assert!(own.user >= Duration::from_millis(100), "{own:?}");
        assert!(named.user >= own.user && named.system >= own.system, "{named:?} < {own:?}");
        assert_eq!(cpu_time_of_named("no process has this name"), Some(CpuTime::default()));
    }

    #[tokio::test]
    async fn a_keep_alive_connection_reads_each_answer_whole_and_reports_its_status() {
        let addr = server().await;
        let mut connection =
            Http1::connect(addr, Arc::from("host: bench\r\nauthorization: Bearer t\r\n")).await.expect("connect");
        for _ in 0..3 {
            assert_eq!(connection.send(&hyper::Method::POST, "/ok", Some(&b"x".repeat(10_000))).await, Ok(()));
            assert_eq!(
                connection.response.len()
                    - connection.response.windows(4).position(|w| w == b"\r\n\r\n").expect("head")
                    - 4,
                10_008
            );
            assert_eq!(connection.send(&hyper::Method::GET, "/missing", None).await, Err("HTTP 404".to_owned()));
            assert!(connection.response.ends_with(b"\r\n\r\nBearer t"));
        }
    }
}
