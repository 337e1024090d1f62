//! The bench's gRPC load generator: HTTP/2 over cleartext (prior knowledge) written and read
//! by hand, one task per connection driving all the calls its callers multiplex on it.
//!
//! The `h2` crate's client runs each connection in a task of its own and hands every call
//! across to it and back, and it Huffman-codes the 700-byte bearer token into every call's
//! headers (it never indexes `authorization`). That cost the load generator 28–37 µs of CPU a
//! call on the two cores grove runs on. Here a call is one `HEADERS` frame of seven bytes and
//! one `DATA` frame, queued by the connection's own task: the first call's header block enters
//! every header into the server's HPACK table, later calls name them by index. grpc-go (the
//! public SDK's client) and grpc-java do the same, since they index every header they send,
//! `authorization` included.
//!
//! An answer is not decoded, as the HTTP/1.1 client does not parse JSON: a call succeeded when
//! its answer carried a message and then ended with trailers. A failed unary call is answered
//! with trailers alone (gRPC's Trailers-Only form) or reset, and counts as an error.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

use crate::load::Recorder;

const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
const FRAME_HEADER: usize = 9;

/// Frame types (RFC 9113 section 6).
const DATA: u8 = 0x0;
const HEADERS: u8 = 0x1;
const RST_STREAM: u8 = 0x3;
const SETTINGS: u8 = 0x4;
const PING: u8 = 0x6;
const GOAWAY: u8 = 0x7;
const WINDOW_UPDATE: u8 = 0x8;
const CONTINUATION: u8 = 0x9;

/// Frame flags.
const END_STREAM: u8 = 0x1;
const ACK: u8 = 0x1;
const END_HEADERS: u8 = 0x4;
const PADDED: u8 = 0x8;

/// Settings identifiers.
const SETTINGS_HEADER_TABLE_SIZE: u16 = 0x1;
const SETTINGS_ENABLE_PUSH: u16 = 0x2;
const SETTINGS_MAX_CONCURRENT_STREAMS: u16 = 0x3;
const SETTINGS_INITIAL_WINDOW_SIZE: u16 = 0x4;

/// The largest flow-control window; this client opens its receive windows to it.
const MAX_WINDOW: u32 = (1 << 31) - 1;
/// Both sides' flow-control window before any setting or update.
const DEFAULT_WINDOW: i64 = 65_535;
/// The HPACK table size every HTTP/2 peer starts with.
const DEFAULT_TABLE_SIZE: usize = 4096;

/// The two header blocks of one method's calls: the first call's, which enters its headers
/// into the server's HPACK table, and every later call's, which names them by index.
pub struct HeaderBlocks {
    first: Vec<u8>,
    later: Vec<u8>,
    /// The part of the server's HPACK table the blocks rely on; a server that announces a
    /// smaller table cannot be driven.
    table_size: usize,
}

impl HeaderBlocks {
    /// The blocks of a call to `path` (`/package.Service/Method`) at `authority` with
    /// `authorization`.
    pub fn new(path: &str, authority: &str, authorization: &str) -> Self {
        // (static-table index of the name or 0 for a literal name, name, value), in the order
        // they enter the dynamic table; the last entered has index 62.
        let indexed: [(usize, &str, &str); 5] = [
            (4, ":path", path),
            (1, ":authority", authority),
            (31, "content-type", "application/grpc"),
            (0, "te", "trailers"),
            (23, "authorization", authorization),
        ];
        // Which headers the server's table takes (an entry costs its name, its value and 32).
        let mut table_size = 0;
        let fits: Vec<bool> = indexed
            .iter()
            .map(|(_, name, value)| {
                let size = name.len() + value.len() + 32;
                let fits = table_size + size <= DEFAULT_TABLE_SIZE;
                table_size += if fits { size } else { 0 };
                fits
            })
            .collect();
        let entered = fits.iter().filter(|fits| **fits).count();
        // `:method: POST` and `:scheme: http` are in the static table (3 and 6).
        let (mut first, mut later) = (vec![0x83, 0x86], vec![0x83, 0x86]);
        let mut k = 0;
        for ((static_index, name, value), fits) in indexed.into_iter().zip(fits) {
            if fits {
                // A literal with incremental indexing, then the k-th entry entered, which
                // sits at 62 + (entered - 1 - k) once all have been.
                literal(&mut first, 6, 0x40, static_index, name, value);
                integer(&mut later, 7, 0x80, 62 + entered - 1 - k);
                k += 1;
            } else {
                // Too large for the table: a literal without indexing in every block.
                literal(&mut first, 4, 0x00, static_index, name, value);
                literal(&mut later, 4, 0x00, static_index, name, value);
            }
        }
        Self { first, later, table_size }
    }
}

/// An HPACK integer with a `prefix`-bit prefix after the `flags` bits (RFC 7541 5.1).
fn integer(out: &mut Vec<u8>, prefix: u32, flags: u8, mut value: usize) {
    let max = (1usize << prefix) - 1;
    if value < max {
        // Fits in the prefix, hence in a byte.
        out.push(flags | value as u8);
        return;
    }
    out.push(flags | max as u8);
    value -= max;
    while value >= 128 {
        out.push((value % 128) as u8 | 0x80);
        value /= 128;
    }
    out.push(value as u8);
}

/// A header field as a literal (RFC 7541 6.2): the name by its static-table index, or
/// spelled out when that is 0, then the value.
fn literal(out: &mut Vec<u8>, prefix: u32, flags: u8, static_index: usize, name: &str, value: &str) {
    integer(out, prefix, flags, static_index);
    if static_index == 0 {
        string(out, name);
    }
    string(out, value);
}

/// An HPACK string literal, not Huffman-coded (RFC 7541 5.2).
fn string(out: &mut Vec<u8>, value: &str) {
    integer(out, 7, 0x00, value.len());
    out.extend_from_slice(value.as_bytes());
}

/// One call in flight.
struct InFlight {
    began: Instant,
    /// A `DATA` frame with a message has arrived.
    answered: bool,
}

/// One HTTP/2 connection and its calls, driven by a single task.
struct Connection {
    stream: TcpStream,
    /// Frames to write, written by [`Connection::flush`].
    out: Vec<u8>,
    /// Bytes read and not yet parsed into whole frames.
    input: Vec<u8>,
    next_stream: u32,
    /// What the server still accepts on the connection (`DATA` payload bytes).
    send_window: i64,
    /// `DATA` payload bytes received since the receive window was last topped up.
    received: u32,
    max_streams: usize,
    in_flight: HashMap<u32, InFlight>,
    /// A header block whose `CONTINUATION` frames are still due: its stream and whether it
    /// ends that stream.
    continuing: Option<(u32, bool)>,
    /// Whether the first call's header block (entering the headers) has been written.
    indexed: bool,
}

impl Connection {
    async fn open(addr: std::net::SocketAddr) -> Result<Self, String> {
        let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        let mut connection = Self {
            stream,
            out: Vec::with_capacity(4096),
            input: Vec::with_capacity(16 * 1024),
            next_stream: 1,
            send_window: DEFAULT_WINDOW,
            received: 0,
            max_streams: usize::MAX,
            in_flight: HashMap::new(),
            continuing: None,
            indexed: false,
        };
        connection.out.extend_from_slice(PREFACE);
        let mut settings = Vec::new();
        for (id, value) in [(SETTINGS_ENABLE_PUSH, 0), (SETTINGS_INITIAL_WINDOW_SIZE, MAX_WINDOW)] {
            settings.extend_from_slice(&id.to_be_bytes());
            settings.extend_from_slice(&value.to_be_bytes());
        }
        connection.frame(SETTINGS, 0, 0, &settings);
        connection.frame(WINDOW_UPDATE, 0, 0, &(MAX_WINDOW - DEFAULT_WINDOW as u32).to_be_bytes());
        connection.flush().await?;
        Ok(connection)
    }

    fn frame(&mut self, kind: u8, flags: u8, stream: u32, payload: &[u8]) {
        self.frame_head(payload.len(), kind, flags, stream);
        self.out.extend_from_slice(payload);
    }

    /// The nine-byte head of a frame whose `length` bytes of payload the caller writes next.
    fn frame_head(&mut self, length: usize, kind: u8, flags: u8, stream: u32) {
        self.out.extend_from_slice(&(length as u32).to_be_bytes()[1..]);
        self.out.extend_from_slice(&[kind, flags]);
        self.out.extend_from_slice(&stream.to_be_bytes());
    }

    /// Whether a call of `message` may start now: a stream is free and the server's window
    /// takes its `DATA`.
    fn can_start(&self, message: usize) -> bool {
        self.in_flight.len() < self.max_streams && self.send_window >= (5 + message) as i64
    }

    /// Queues a unary call of `message` (an encoded protobuf message) begun at `began`.
    fn start(&mut self, headers: &HeaderBlocks, message: &[u8], began: Instant) {
        let stream = self.next_stream;
        self.next_stream += 2;
        let block = if self.indexed { &headers.later } else { &headers.first };
        self.indexed = true;
        self.frame(HEADERS, END_HEADERS, stream, block);
        // One gRPC message: uncompressed, its length, its bytes.
        self.frame_head(5 + message.len(), DATA, END_STREAM, stream);
        self.out.push(0);
        self.out.extend_from_slice(&(message.len() as u32).to_be_bytes());
        self.out.extend_from_slice(message);
        self.send_window -= (5 + message.len()) as i64;
        self.in_flight.insert(stream, InFlight { began, answered: false });
    }

    async fn flush(&mut self) -> Result<(), String> {
        if !self.out.is_empty() {
            self.stream.write_all(&self.out).await.map_err(|e| e.to_string())?;
            self.out.clear();
        }
        Ok(())
    }

    /// Reads once and handles every whole frame read; each call that ended goes to `ended`.
    async fn read(
        &mut self,
        headers: &HeaderBlocks,
        mut ended: impl FnMut(InFlight, Result<(), String>),
    ) -> Result<(), String> {
        self.input.reserve(16 * 1024);
        if self.stream.read_buf(&mut self.input).await.map_err(|e| e.to_string())? == 0 {
            return Err("the server closed the connection".to_owned());
        }
        // Out of `self` while its frames are handled, which may queue frames on `self`.
        let mut input = std::mem::take(&mut self.input);
        let mut at = 0;
        let mut handled = Ok(());
        while handled.is_ok() && input.len() - at >= FRAME_HEADER {
            let head = &input[at..at + FRAME_HEADER];
            let length = u32::from_be_bytes([0, head[0], head[1], head[2]]) as usize;
            if input.len() - at < FRAME_HEADER + length {
                break;
            }
            let (kind, flags) = (head[3], head[4]);
            let stream = u32::from_be_bytes([head[5], head[6], head[7], head[8]]) & 0x7fff_ffff;
            let payload = &input[at + FRAME_HEADER..at + FRAME_HEADER + length];
            at += FRAME_HEADER + length;
            handled = self.handle(kind, flags, stream, payload, headers, &mut ended);
        }
        input.drain(..at);
        self.input = input;
        handled?;
        if self.received > MAX_WINDOW / 2 {
            let increment = std::mem::take(&mut self.received);
            self.frame(WINDOW_UPDATE, 0, 0, &increment.to_be_bytes());
        }
        Ok(())
    }

    fn handle(
        &mut self,
        kind: u8,
        flags: u8,
        stream: u32,
        payload: &[u8],
        headers: &HeaderBlocks,
        ended: &mut impl FnMut(InFlight, Result<(), String>),
    ) -> Result<(), String> {
        let mut end = |this: &mut Self, outcome: Result<(), String>| {
            if let Some(call) = this.in_flight.remove(&stream) {
                let outcome = if outcome.is_ok() && !call.answered { Err("no message".to_owned()) } else { outcome };
                ended(call, outcome);
            }
        };
        match kind {
            DATA => {
                self.received += payload.len() as u32;
                let padding =
                    if flags & PADDED != 0 { 1 + usize::from(payload.first().copied().unwrap_or(0)) } else { 0 };
                if payload.len() >= padding + 5 {
                    if let Some(call) = self.in_flight.get_mut(&stream) {
                        call.answered = true;
                    }
                }
                if flags & END_STREAM != 0 {
                    end(self, Err("an answer without trailers".to_owned()));
                }
            }
            HEADERS | CONTINUATION => {
                let (stream_ends, complete) = match (kind, self.continuing) {
                    (HEADERS, _) => (flags & END_STREAM != 0, flags & END_HEADERS != 0),
                    (_, Some((_, stream_ends))) => (stream_ends, flags & END_HEADERS != 0),
                    _ => return Err("a CONTINUATION frame out of place".to_owned()),
                };
                self.continuing = (!complete).then_some((stream, stream_ends));
                if complete && stream_ends {
                    end(self, Ok(()));
                }
            }
            RST_STREAM => {
                let code = payload.get(..4).map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]));
                end(self, Err(format!("stream reset with error code {code:?}")));
            }
            SETTINGS if flags & ACK == 0 => {
                for setting in payload.chunks_exact(6) {
                    let id = u16::from_be_bytes([setting[0], setting[1]]);
                    let value = u32::from_be_bytes([setting[2], setting[3], setting[4], setting[5]]) as usize;
                    match id {
                        SETTINGS_MAX_CONCURRENT_STREAMS => self.max_streams = value,
                        SETTINGS_HEADER_TABLE_SIZE if value < headers.table_size => {
                            return Err(format!("the server's HPACK table ({value} bytes) is too small"));
                        }
                        _ => {}
                    }
                }
                self.frame(SETTINGS, ACK, 0, &[]);
            }
            PING if flags & ACK == 0 => self.frame(PING, ACK, 0, payload),
            GOAWAY => return Err("the server sent GOAWAY".to_owned()),
            WINDOW_UPDATE if stream == 0 => {
                let increment = payload.get(..4).map_or(0, |c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]));
                self.send_window += i64::from(increment & 0x7fff_ffff);
            }
            _ => {}
        }
        Ok(())
    }
}

/// Drives `callers` closed-loop callers over one connection to `addr` until `recorder`'s
/// window closes: each caller starts its next call (`message(i)`, `i` counted across all
/// connections) as soon as its last one ended.
pub async fn drive<F>(
    addr: std::net::SocketAddr,
    headers: Arc<HeaderBlocks>,
    callers: usize,
    counter: Arc<AtomicUsize>,
    message: F,
    mut recorder: Recorder,
) -> Recorder
where
    F: Fn(usize) -> Vec<u8>,
{
    let mut connection = match Connection::open(addr).await {
        Ok(c) => c,
        Err(e) => return recorder.failed(e),
    };
    let mut idle = callers.max(1);
    let mut pending: Option<Vec<u8>> = None;
    loop {
        while idle > 0 {
            let Some(began) = recorder.next() else { break };
            let message = pending.take().unwrap_or_else(|| message(counter.fetch_add(1, Ordering::Relaxed)));
            if !connection.can_start(message.len()) {
                pending = Some(message);
                break;
            }
            connection.start(&headers, &message, began);
            idle -= 1;
        }
        if connection.in_flight.is_empty() && recorder.next().is_none() {
            return recorder;
        }
        let outcome = match connection.flush().await {
            Ok(()) => {
                connection
                    .read(&headers, |call, outcome| {
                        recorder.record(call.began, outcome);
                        idle += 1;
                    })
                    .await
            }
            Err(e) => Err(e),
        };
        if let Err(e) = outcome {
            return recorder.failed(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::sync::Mutex;
    use std::time::Duration;

    use http_body_util::StreamBody;
    use hyper::body::{Bytes, Frame, Incoming};

    use super::*;

    #[test]
    fn the_first_call_enters_every_header_and_later_calls_name_them_by_index() {
        let blocks = HeaderBlocks::new("/a.B/C", "h:1", "Bearer t");
        let mut first = vec![0x83, 0x86, 0x44, 6];
        first.extend_from_slice(b"/a.B/C");
        first.extend_from_slice(&[0x41, 3]);
        first.extend_from_slice(b"h:1");
        first.extend_from_slice(&[0x5f, 16]);
        first.extend_from_slice(b"application/grpc");
        first.extend_from_slice(&[0x40, 2]);
        first.extend_from_slice(b"te");
        first.push(8);
        first.extend_from_slice(b"trailers");
        first.extend_from_slice(&[0x57, 8]);
        first.extend_from_slice(b"Bearer t");
        assert_eq!(blocks.first, first);
        assert_eq!(blocks.later, [0x83, 0x86, 0xc2, 0xc1, 0xc0, 0xbf, 0xbe]);
        assert_eq!(blocks.table_size, (5 + 6 + 32) + (10 + 3 + 32) + (12 + 16 + 32) + (2 + 8 + 32) + (13 + 8 + 32));
    }

    #[test]
    fn a_token_too_large_for_the_table_is_sent_unindexed_in_every_block() {
        let token = format!("Bearer {}", "x".repeat(5000));
        let blocks = HeaderBlocks::new("/a.B/C", "h:1", &token);
        // Name index 23 in a 4-bit prefix (15 + 8), then a length of 5007 in a 7-bit prefix
        // (127 + 4880 = 127 + 16 + 38 × 128).
        let mut unindexed = vec![0x0f, 0x08, 0x7f, 0x90, 0x26];
        unindexed.extend_from_slice(token.as_bytes());
        let mut later = vec![0x83, 0x86, 0xc1, 0xc0, 0xbf, 0xbe];
        later.extend_from_slice(&unindexed);
        assert_eq!(blocks.later, later);
        assert!(blocks.first.ends_with(&unindexed));
    }

    /// Every call an HTTP/2 server (hyper's) decoded: path, authorization, te, content type.
    type Seen = Arc<Mutex<Vec<[String; 4]>>>;

    /// A gRPC-shaped server on loopback: each call is answered with one message and
    /// `grpc-status: 0`, or with trailers alone when its message is empty.
    async fn server() -> (std::net::SocketAddr, Seen) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let (addr, seen) = (listener.local_addr().expect("address"), Seen::default());
        let calls = seen.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let calls = calls.clone();
                let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                    let calls = calls.clone();
                    async move {
                        use http_body_util::BodyExt as _;
                        let header = |name: &str| {
                            request
                                .headers()
                                .get(name)
                                .map(|v| v.to_str().unwrap_or("?").to_owned())
                                .unwrap_or_default()
                        };
                        let call = [
                            request.uri().path().to_owned(),
                            header("authorization"),
                            header("te"),
                            header("content-type"),
                        ];
                        calls.lock().expect("calls").push(call);
                        let body = request.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
                        let mut trailers = hyper::HeaderMap::new();
                        trailers.insert("grpc-status", hyper::header::HeaderValue::from_static("0"));
                        let frames: Vec<Result<Frame<Bytes>, Infallible>> = if body.len() > 5 {
                            vec![Ok(Frame::data(body)), Ok(Frame::trailers(trailers))]
                        } else {
                            trailers.insert("grpc-status", hyper::header::HeaderValue::from_static("3"));
                            vec![Ok(Frame::trailers(trailers))]
                        };
                        let response = hyper::Response::builder()
                            .header("content-type", "application/grpc")
                            .body(StreamBody::new(futures_util::stream::iter(frames)))
                            .expect("response");
                        Ok::<_, Infallible>(response)
                    }
                });
                tokio::spawn(
                    hyper::server::conn::http2::Builder::new(hyper_util::rt::TokioExecutor::new())
                        .serve_connection(hyper_util::rt::TokioIo::new(socket), service),
                );
            }
        });
        (addr, seen)
    }

    async fn run(message: fn(usize) -> Vec<u8>) -> (Recorder, Seen) {
        let (addr, seen) = server().await;
        let headers = Arc::new(HeaderBlocks::new("/a.B/C", &addr.to_string(), "Bearer secret"));
        // No warm-up: the window opens now (Recorder counts from start + 750 ms).
        let start = Instant::now() - Duration::from_millis(750);
        let recorder = Recorder::new(start, Duration::from_millis(300));
        let recorder = drive(addr, headers, 3, Arc::new(AtomicUsize::new(0)), message, recorder).await;
        (recorder, seen)
    }

    #[tokio::test]
    async fn callers_multiplexed_on_one_connection_send_their_headers_intact_on_every_call() {
        let (recorder, seen) = run(|i| format!("call {i}").into_bytes()).await;
        assert_eq!((recorder.errors, recorder.first_error), (0, None));
        let seen = seen.lock().expect("calls").clone();
        assert!(seen.len() > 3, "only {} calls", seen.len());
        // Within one call of each caller's last: every answered call was recorded.
        assert!(
            seen.len() - recorder.latencies.len() <= 3,
            "{} calls, {} recorded",
            seen.len(),
            recorder.latencies.len()
        );
        let expected = ["/a.B/C", "Bearer secret", "trailers", "application/grpc"].map(str::to_owned);
        assert!(seen.iter().all(|call| *call == expected), "{seen:?}");
    }

    #[tokio::test]
    async fn a_call_answered_with_trailers_alone_is_an_error() {
        let (recorder, _) = run(|_| Vec::new()).await;
        assert!(recorder.latencies.is_empty());
        assert!(recorder.errors > 0);
        assert_eq!(recorder.first_error.as_deref(), Some("no message"));
    }
}
