//! The server's connection limits, over raw sockets against `grove serve` built in-process
//! (dev mode, memory store): idle sockets, half-sent and trickled request heads, idle
//! keep-alive connections, stalled request bodies, the connection cap, HTTP/2 prior
//! knowledge, and graceful shutdown.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{Request, StatusCode, Version};
use grove::config::{Config, HttpSettings};
use grove::serve::Server;
use http_body_util::{BodyExt as _, Empty};
use hyper::body::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo};
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::{sleep, timeout, Instant};

/// The header limit of these tests.
const HEAD: Duration = Duration::from_millis(300);
/// The idle limit: well above `HEAD + LATE`, so that the two cannot be mistaken.
const IDLE: Duration = Duration::from_millis(3_000);
/// The body limit.
const BODY: Duration = Duration::from_millis(600);
/// How much earlier than its limit a close may be seen (the client starts its clock a
/// little after the server when the server's clock starts on a response).
const EARLY: Duration = Duration::from_millis(200);
/// How much later than its limit a close may come on a busy machine.
const LATE: Duration = Duration::from_millis(1_500);
/// Longest any read in these tests waits.
const CAP: Duration = Duration::from_secs(15);

const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
const H2_SETTINGS: u8 = 0x4;
const H2_PING: u8 = 0x6;
const H2_GOAWAY: u8 = 0x7;
const H2_HEADERS: u8 = 0x1;
const H2_DATA: u8 = 0x0;
const END_STREAM: u8 = 0x1;

fn settings(max_connections: usize) -> HttpSettings {
    HttpSettings {
        header_read_timeout_ms: millis(HEAD),
        idle_timeout_ms: millis(IDLE),
        body_read_timeout_ms: millis(BODY),
        max_connections,
        ..HttpSettings::default()
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap()
}

/// A Grove serving on a loopback port until told to stop.
struct Grove {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    served: JoinHandle<anyhow::Result<()>>,
}

impl Grove {
    async fn start(http: HttpSettings) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let config = Config { listen: addr, dev: true, http, ..Config::default() };
        let server = Server::build(config).await.unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let served = tokio::spawn(server.serve(listener, async {
            let _ = stopped.await;
        }));
        Self { addr, stop: Some(stop), served }
    }

    async fn connect(&self) -> TcpStream {
        TcpStream::connect(self.addr).await.unwrap()
    }
}

/// Reads until the server closes the connection (end of stream or reset); returns what was
/// read and when, measured from `since`.
async fn read_until_closed(stream: &mut (impl AsyncRead + Unpin), since: Instant) -> (Duration, Vec<u8>) {
    let mut read = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match timeout(CAP, stream.read(&mut buf)).await.expect("the server never closed the connection") {
            Ok(0) | Err(_) => return (since.elapsed(), read),
            Ok(n) => read.extend_from_slice(&buf[..n]),
        }
    }
}

fn assert_closed_near(elapsed: Duration, limit: Duration, early: Duration) {
    assert!(elapsed + early >= limit, "closed after {elapsed:?}, before the limit of {limit:?}");
    assert!(elapsed <= limit + LATE, "closed after {elapsed:?}, long after the limit of {limit:?}");
}

/// One HTTP/1.1 response: status, lower-cased headers, body.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

/// Parses the first response in `bytes`, and says how many bytes it took.
fn parse_reply(bytes: &[u8]) -> Option<(Reply, usize)> {
    let head_end = bytes.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = std::str::from_utf8(&bytes[..head_end]).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap();
            (n.trim().to_ascii_lowercase(), v.trim().to_owned())
        })
        .collect();
    let length: usize = headers.iter().find(|(n, _)| n == "content-length").map_or(0, |(_, v)| v.parse().unwrap());
    let body = bytes.get(head_end..head_end + length)?.to_vec();
    Some((Reply { status, headers, body }, head_end + length))
}

/// Reads one whole response.
async fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut read = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        if let Some((reply, _)) = parse_reply(&read) {
            return reply;
        }
        let n = timeout(CAP, stream.read(&mut buf)).await.expect("no response").unwrap();
        assert!(n > 0, "the connection closed before a whole response: {:?}", String::from_utf8_lossy(&read));
        read.extend_from_slice(&buf[..n]);
    }
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: grove.test\r\n\r\n";

async fn get_healthz(stream: &mut TcpStream) -> Reply {
    stream.write_all(HEALTHZ).await.unwrap();
    read_reply(stream).await
}

/// Writes `bytes` one at a time, `every` apart, until the server stops taking them; says how
/// many it wrote.
async fn trickle(mut writer: tokio::net::tcp::OwnedWriteHalf, bytes: &[u8], every: Duration) -> usize {
    for (sent, byte) in bytes.iter().enumerate() {
        if writer.write_all(std::slice::from_ref(byte)).await.is_err() {
            return sent;
        }
        sleep(every).await;
    }
    bytes.len()
}

/// A request head that, a byte every 100 ms, takes far longer than `HEAD` to send.
fn slow_head() -> Vec<u8> {
    format!("GET /healthz HTTP/1.1\r\nHost: grove.test\r\nX-Slow: {}\r\n\r\n", "a".repeat(60)).into_bytes()
}

#[tokio::test]
async fn healthz_answers_200_over_http1_and_keep_alive_serves_again_after_a_pause_longer_than_the_header_limit() {
    let grove = Grove::start(settings(1024)).await;
    let mut stream = grove.connect().await;
    let first = get_healthz(&mut stream).await;
    assert_eq!((first.status, first.json()), (200, json!({ "status": "ok" })));
    sleep(HEAD * 2).await;
    let second = get_healthz(&mut stream).await;
    assert_eq!((second.status, second.json()), (200, json!({ "status": "ok" })));
}

#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed_at_the_header_limit() {
    let grove = Grove::start(settings(1024)).await;
    let since = Instant::now();
    let mut stream = grove.connect().await;
    let (elapsed, read) = read_until_closed(&mut stream, since).await;
    assert_eq!(read, b"");
    assert_closed_near(elapsed, HEAD, Duration::ZERO);
}

#[tokio::test]
async fn a_request_head_that_stops_half_way_is_closed_at_the_header_limit() {
    let grove = Grove::start(settings(1024)).await;
    let since = Instant::now();
    let mut stream = grove.connect().await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: gro").await.unwrap();
    let (elapsed, read) = read_until_closed(&mut stream, since).await;
    assert_eq!(read, b"");
    assert_closed_near(elapsed, HEAD, Duration::ZERO);
}

#[tokio::test]
async fn a_head_trickled_a_byte_at_a_time_within_the_limit_is_still_closed_at_the_header_limit() {
    let grove = Grove::start(settings(1024)).await;
    let since = Instant::now();
    let (mut reader, writer) = grove.connect().await.into_split();
    let trickled = tokio::spawn(async move { trickle(writer, &slow_head(), Duration::from_millis(100)).await });
    let mut read = Vec::new();
    timeout(CAP, reader.read_to_end(&mut read)).await.unwrap().ok();
    let elapsed = since.elapsed();
    assert_eq!(read, b"");
    assert_closed_near(elapsed, HEAD, Duration::ZERO);
    let sent = trickled.await.unwrap();
    assert!((2..slow_head().len()).contains(&sent), "sent {sent} bytes of the head");
}

#[tokio::test]
async fn a_second_head_trickled_on_a_kept_alive_connection_is_closed_at_the_header_limit_from_its_first_byte() {
    let grove = Grove::start(settings(1024)).await;
    let mut stream = grove.connect().await;
    assert_eq!(get_healthz(&mut stream).await.status, 200);
    let (mut reader, writer) = stream.into_split();
    let since = Instant::now();
    let trickled = tokio::spawn(async move { trickle(writer, &slow_head(), Duration::from_millis(100)).await });
    let mut read = Vec::new();
    timeout(CAP, reader.read_to_end(&mut read)).await.unwrap().ok();
    let elapsed = since.elapsed();
    assert_eq!(read, b"");
    assert_closed_near(elapsed, HEAD, Duration::ZERO);
    assert!(elapsed < IDLE, "closed by the idle limit, not the header limit: {elapsed:?}");
    assert!(trickled.await.unwrap() >= 2);
}

#[tokio::test]
async fn an_idle_kept_alive_http1_connection_is_closed_at_the_idle_limit_not_the_header_limit() {
    let grove = Grove::start(settings(1024)).await;
    let mut stream = grove.connect().await;
    assert_eq!(get_healthz(&mut stream).await.status, 200);
    let (elapsed, read) = read_until_closed(&mut stream, Instant::now()).await;
    assert_eq!(read, b"");
    assert_closed_near(elapsed, IDLE, EARLY);
}

const EXCHANGE_HEAD: &str = "POST /sts/exchange HTTP/1.1\r\nHost: grove.test\r\n\
    Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\n";

fn body_timeout_error() -> Value {
    json!({
        "code": 4,
        "message": "Deadline exceeded: the request body did not arrive within 600 ms",
        "details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            "reason": "DEADLINE_EXCEEDED",
            "domain": "iam.grove.dev",
        }],
    })
}

/// The one response in `read`, which must hold nothing after it.
fn only_reply(read: &[u8]) -> Reply {
    let (reply, used) =
        parse_reply(read).unwrap_or_else(|| panic!("no response in {:?}", String::from_utf8_lossy(read)));
    assert_eq!(used, read.len(), "bytes after the response");
    reply
}

#[tokio::test]
async fn a_request_body_that_stops_half_way_is_answered_408_at_the_body_limit_and_the_connection_closed() {
    let grove = Grove::start(settings(1024)).await;
    let mut stream = grove.connect().await;
    stream.write_all(format!("{EXCHANGE_HEAD}grant_type=urn").as_bytes()).await.unwrap();
    let (elapsed, read) = read_until_closed(&mut stream, Instant::now()).await;
    let reply = only_reply(&read);
    assert_eq!((reply.status, reply.header("connection")), (408, Some("close")));
    assert_eq!(reply.json(), body_timeout_error());
    assert_closed_near(elapsed, BODY, Duration::ZERO);
}

#[tokio::test]
async fn a_request_body_trickled_within_the_limit_is_still_answered_408_at_the_body_limit() {
    let grove = Grove::start(settings(1024)).await;
    let (mut reader, mut writer) = grove.connect().await.into_split();
    writer.write_all(EXCHANGE_HEAD.as_bytes()).await.unwrap();
    let since = Instant::now();
    let trickled = tokio::spawn(async move { trickle(writer, &[b'a'; 40], Duration::from_millis(100)).await });
    let mut read = Vec::new();
    timeout(CAP, reader.read_to_end(&mut read)).await.unwrap().ok();
    let elapsed = since.elapsed();
    let reply = only_reply(&read);
    assert_eq!((reply.status, reply.json()), (408, body_timeout_error()));
    assert_closed_near(elapsed, BODY, Duration::ZERO);
    assert!((2..40).contains(&trickled.await.unwrap()));
}

#[tokio::test]
async fn beyond_max_connections_a_client_waits_in_the_backlog_until_a_held_connection_closes() {
    let grove =
        Grove::start(HttpSettings { header_read_timeout_ms: 10_000, idle_timeout_ms: 10_000, ..settings(2) }).await;
    let mut held = [grove.connect().await, grove.connect().await];
    for stream in &mut held {
        assert_eq!(get_healthz(stream).await.status, 200);
    }
    let mut waiting = grove.connect().await;
    waiting.write_all(HEALTHZ).await.unwrap();
    let mut buf = [0u8; 64];
    let early = timeout(Duration::from_millis(700), waiting.read(&mut buf)).await;
    assert!(early.is_err(), "the third connection was answered while two were held: {early:?}");
    let [first, _second] = held;
    drop(first);
    let served =
        timeout(Duration::from_secs(3), read_reply(&mut waiting)).await.expect("not served after a slot freed");
    assert_eq!((served.status, served.json()), (200, json!({ "status": "ok" })));
}

/// The error body of a request head hyper could not take, for `field` and `description`.
fn unparsed_head_error(field: &str, description: &str) -> Value {
    json!({
        "code": 3,
        "message": format!("Invalid argument: {field}: {description}"),
        "details": [
            { "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_ARGUMENT", "domain": "iam.grove.dev" },
            { "@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{ "field": field, "description": description }] },
        ],
    })
}

/// Sends `head` whole (the server may stop reading it half way) and returns the one answer
/// read before the server closed the connection.
async fn answer_to_head(grove: &Grove, head: Vec<u8>) -> Reply {
    let (mut reader, mut writer) = grove.connect().await.into_split();
    let sent = tokio::spawn(async move {
        let _ = writer.write_all(&head).await;
        writer
    });
    let (_, read) = read_until_closed(&mut reader, Instant::now()).await;
    drop(sent.await.unwrap());
    only_reply(&read)
}

const HEAD_TOO_LARGE: &str = "the request head is larger than 64 KiB or has more than 100 header fields";

#[tokio::test]
async fn a_request_head_over_64_kib_is_answered_431_in_the_error_format_and_the_connection_closed() {
    let grove = Grove::start(settings(1024)).await;
    let head = format!("GET /healthz HTTP/1.1\r\nHost: grove.test\r\nX-Pad: {}\r\n\r\n", "a".repeat(70 * 1024));
    let reply = answer_to_head(&grove, head.into_bytes()).await;
    assert_eq!(
        (reply.status, reply.header("connection"), reply.header("content-type")),
        (431, Some("close"), Some("application/json"))
    );
    assert_eq!(reply.json(), unparsed_head_error("headers", HEAD_TOO_LARGE));
}

#[tokio::test]
async fn a_request_head_just_under_64_kib_is_served() {
    let grove = Grove::start(settings(1024)).await;
    let mut stream = grove.connect().await;
    let head = format!("GET /healthz HTTP/1.1\r\nHost: grove.test\r\nX-Pad: {}\r\n\r\n", "a".repeat(63 * 1024));
    stream.write_all(head.as_bytes()).await.unwrap();
    let reply = read_reply(&mut stream).await;
    assert_eq!((reply.status, reply.json()), (200, json!({ "status": "ok" })));
}

#[tokio::test]
async fn a_request_head_with_more_than_100_header_fields_is_answered_431_in_the_error_format() {
    let grove = Grove::start(settings(1024)).await;
    let fields: String = (0..101).map(|i| format!("X-Field-{i}: a\r\n")).collect();
    let head = format!("GET /healthz HTTP/1.1\r\nHost: grove.test\r\n{fields}\r\n");
    let reply = answer_to_head(&grove, head.into_bytes()).await;
    assert_eq!((reply.status, reply.header("connection")), (431, Some("close")));
    assert_eq!(reply.json(), unparsed_head_error("headers", HEAD_TOO_LARGE));
}

#[tokio::test]
async fn a_request_head_that_is_not_http_is_answered_400_in_the_error_format_and_the_next_connection_is_served() {
    let grove = Grove::start(settings(1024)).await;
    let bad_target = b"GET /iam/v2beta1/groups/\xff\xfe HTTP/1.1\r\nHost: grove.test\r\n\r\n".to_vec();
    let bad_header = b"GET /healthz HTTP/1.1\r\nHost: grove.test\r\nBad Header: a\r\n\r\n".to_vec();
    for head in [bad_target, bad_header] {
        let reply = answer_to_head(&grove, head).await;
        assert_eq!((reply.status, reply.header("connection")), (400, Some("close")));
        assert_eq!(
            reply.json(),
            unparsed_head_error(
                "request",
                "the request head is not valid HTTP/1.1 (its method, target, version or a header field)"
            )
        );
    }
    let mut stream = grove.connect().await;
    assert_eq!(get_healthz(&mut stream).await.status, 200);
}

/// Reads one HTTP/2 frame: type, flags, stream id, payload; `None` once the server closed.
async fn read_frame(stream: &mut TcpStream) -> Option<(u8, u8, u32, Vec<u8>)> {
    let mut header = [0u8; 9];
    match timeout(CAP, stream.read_exact(&mut header)).await.expect("the server never closed the connection") {
        Ok(_) => {}
        Err(_) => return None,
    }
    let length = usize::from(header[0]) << 16 | usize::from(header[1]) << 8 | usize::from(header[2]);
    let stream_id = u32::from_be_bytes([header[5], header[6], header[7], header[8]]) & 0x7fff_ffff;
    let mut payload = vec![0u8; length];
    stream.read_exact(&mut payload).await.ok()?;
    Some((header[3], header[4], stream_id, payload))
}

fn frame(kind: u8, flags: u8, stream_id: u32, payload: &[u8]) -> Vec<u8> {
    let length = u32::try_from(payload.len()).unwrap().to_be_bytes();
    let mut bytes = vec![length[1], length[2], length[3], kind, flags];
    bytes.extend_from_slice(&stream_id.to_be_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

#[tokio::test]
async fn an_http2_connection_that_sends_only_its_preface_is_closed_at_the_header_limit() {
    let grove = Grove::start(settings(1024)).await;
    let since = Instant::now();
    let mut stream = grove.connect().await;
    stream.write_all(&[H2_PREFACE, &frame(H2_SETTINGS, 0, 0, &[])].concat()).await.unwrap();
    let (elapsed, _) = read_until_closed(&mut stream, since).await;
    assert_closed_near(elapsed, HEAD, Duration::ZERO);
}

#[tokio::test]
async fn an_idle_http2_connection_gets_goaway_and_is_closed_at_the_idle_limit() {
    let grove = Grove::start(settings(1024)).await;
    let io = TokioIo::new(grove.connect().await);
    let (mut sender, connection) = hyper::client::conn::http2::handshake(TokioExecutor::new(), io).await.unwrap();
    let connection = tokio::spawn(connection);
    let request = Request::get(format!("http://{}/healthz", grove.addr)).body(Empty::<Bytes>::new()).unwrap();
    let response = sender.send_request(request).await.unwrap();
    assert_eq!((response.status(), response.version()), (StatusCode::OK, Version::HTTP_2));
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let since = Instant::now();
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap(), json!({ "status": "ok" }));
    timeout(CAP, connection).await.expect("the server never closed the connection").unwrap().unwrap();
    assert_closed_near(since.elapsed(), IDLE, EARLY);
    assert!(sender.is_closed());
}

/// `GET /healthz` as an HPACK block: `:method GET`, `:scheme http` (indexed), `:path` and
/// `:authority` (literal, not indexed).
fn healthz_header_block() -> Vec<u8> {
    let mut block = vec![0x82, 0x86, 0x04, 8];
    block.extend_from_slice(b"/healthz");
    block.extend_from_slice(&[0x01, 10]);
    block.extend_from_slice(b"grove.test");
    block
}

#[tokio::test]
async fn an_http2_client_that_never_answers_the_shutdown_ping_is_closed_a_header_limit_after_goaway() {
    let grove = Grove::start(settings(1024)).await;
    let mut stream = grove.connect().await;
    let opening =
        [H2_PREFACE, &frame(H2_SETTINGS, 0, 0, &[]), &frame(H2_HEADERS, 0x4 | END_STREAM, 1, &healthz_header_block())]
            .concat();
    stream.write_all(&opening).await.unwrap();
    let mut status = None;
    loop {
        let (kind, flags, stream_id, payload) = read_frame(&mut stream).await.expect("closed before the response");
        match (kind, stream_id) {
            (H2_SETTINGS, 0) if flags & 0x1 == 0 => stream.write_all(&frame(H2_SETTINGS, 0x1, 0, &[])).await.unwrap(),
            // `:status: 200` is entry 8 of the static table.
            (H2_HEADERS, 1) => status = payload.first().copied(),
            (H2_DATA, 1) if flags & END_STREAM != 0 => break,
            _ => {}
        }
    }
    assert_eq!(status, Some(0x88));
    let since = Instant::now();
    let mut seen = Vec::new();
    while let Some((kind, flags, _, _)) = read_frame(&mut stream).await {
        if matches!(kind, H2_GOAWAY | H2_PING) {
            seen.push((kind, flags, since.elapsed()));
        }
    }
    let elapsed = since.elapsed();
    assert_eq!(seen.iter().map(|(k, f, _)| (*k, *f)).collect::<Vec<_>>(), [(H2_GOAWAY, 0), (H2_PING, 0)]);
    assert_closed_near(seen[0].2, IDLE, EARLY);
    assert_closed_near(elapsed, IDLE + HEAD, EARLY);
}

#[tokio::test]
async fn shutdown_stops_accepting_finishes_the_request_in_flight_and_then_returns() {
    let mut grove = Grove::start(HttpSettings { body_read_timeout_ms: 10_000, ..settings(1024) }).await;
    let mut stream = grove.connect().await;
    stream.write_all(format!("{EXCHANGE_HEAD}identity=").as_bytes()).await.unwrap();
    sleep(Duration::from_millis(100)).await;
    grove.stop.take().unwrap().send(()).unwrap();
    sleep(Duration::from_millis(200)).await;
    let refused = TcpStream::connect(grove.addr).await.map(|_| ()).map_err(|e| e.kind());
    assert_eq!(refused, Err(std::io::ErrorKind::ConnectionRefused));
    assert!(!grove.served.is_finished(), "stopped before the request in flight was answered");
    stream.write_all(&[b'a'; 31]).await.unwrap();
    let (_, read) = read_until_closed(&mut stream, Instant::now()).await;
    let reply = only_reply(&read);
    assert_eq!(reply.status, 400);
    // The identity sent after shutdown began reached the handler: it is malformed, not missing.
    let body = reply.json();
    assert_eq!(body["code"], 3);
    assert_eq!(
        body["details"][1]["fieldViolations"][1],
        json!({
            "field": "identity",
            "description": "identity must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters",
        })
    );
    timeout(Duration::from_secs(3), &mut grove.served).await.expect("serve did not return").unwrap().unwrap();
}
