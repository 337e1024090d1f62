//! The HTTP server: accepts connections up to a cap, serves HTTP/1.1 and cleartext HTTP/2
//! (prior knowledge) on one port, or both over TLS (chosen by ALPN, [`crate::tls`]), closes
//! connections that are idle or too slow to send a request, and shuts down gracefully.
//!
//! `axum::serve` cannot do this: it builds its own hyper connection builder without a
//! timer, so it has no header, idle or body limits and no connection cap. Here every
//! connection has a watchdog that reads what the connection is doing:
//!
//! - Before its first request a connection gets `header_read_timeout` from being accepted to
//!   finish its TLS handshake (when TLS is on) and deliver a complete request head; later HTTP/1.1 heads get it from their first byte.
//!   Missing it closes the connection at once. (hyper's own `header_read_timeout` is left
//!   off: it also counts the wait for the next request on a kept-alive connection, so it
//!   would cut every HTTP/1.1 keep-alive at the header limit, and hyper-util's HTTP/1-or-2
//!   detection has no timer at all.)
//! - With no request in flight for `idle_timeout`, the connection is shut down gracefully:
//!   HTTP/1.1 closes, HTTP/2 sends GOAWAY. A connection that has not closed once it has been
//!   quiet for `header_read_timeout` after that (an HTTP/2 client that never answers the
//!   shutdown ping) is closed.
//! - A request body must arrive in full within `body_read_timeout` of its head; otherwise the
//!   request is answered `408` (`DEADLINE_EXCEEDED`) and an HTTP/1.1 connection closed.
//! - At `max_connections` open connections the server stops accepting: new clients wait in
//!   the kernel's listen backlog and are served as connections close. A warning is logged
//!   when the cap is reached, at most once every ten seconds.
//!
//! An HTTP/1.1 request head is at most 64 KiB; hyper answers a larger one, a target too long
//! or a head it cannot parse by itself, and those answers leave in the error format too
//! (`unparsed`).

mod activity;
mod body;
mod streams;
mod unparsed;

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body as AxumBody;
use axum::http::{header, HeaderValue, Request, Response, Version};
use axum::response::IntoResponse as _;
use axum::{Json, Router};
use grove_http::error::ApiError;
use hyper::body::{Body as _, Incoming};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tower::ServiceExt as _;

use crate::tls::ReloadingTls;
use activity::{Expiry, Metered, Tracker};
use body::{DeadlineBody, Tracked};
use streams::{ConnectionStreams, StreamSpawner};

/// How long to wait before accepting again after an error such as running out of file
/// descriptors.
const ACCEPT_RETRY: Duration = Duration::from_secs(1);
/// The least time between two warnings that the connection cap was reached.
const FULL_WARNING_INTERVAL: Duration = Duration::from_secs(10);

/// How long the server waits for clients, and how many it serves at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerLimits {
    /// Longest time for a request head to arrive (from accept for the first request, from
    /// its first byte for later HTTP/1.1 ones); also the grace a connection gets to close
    /// once shutdown has begun.
    pub header_read_timeout: Duration,
    /// Longest time a connection stays open with no request in flight.
    pub idle_timeout: Duration,
    /// Longest time a request body may take to arrive, counted from the end of its head.
    pub body_read_timeout: Duration,
    /// Most connections open at once.
    pub max_connections: usize,
    /// Interval of HTTP/2 keep-alive pings; `None` sends none.
    pub h2_ping_interval: Option<Duration>,
    /// How long an HTTP/2 keep-alive ping may go unanswered.
    pub h2_ping_timeout: Duration,
}

/// What every connection task shares.
struct Shared {
    app: Router,
    limits: ServerLimits,
    error_domain: Arc<str>,
    /// TLS of every connection, when on.
    tls: Option<Arc<ReloadingTls>>,
}

/// Serves `app` on `listener` within `limits` until `shutdown` resolves, then stops accepting,
/// lets every connection finish its requests in flight, and returns once all have closed.
/// Errors are rendered with `error_domain`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ServerLimits,
    error_domain: &str,
    shutdown: impl Future<Output = ()>,
) {
    serve_with_tls(listener, app, limits, error_domain, None, shutdown).await;
}

/// [`serve`], with every connection over TLS when `tls` is given: the handshake must finish
/// within the header limit, and a connection that fails it is closed.
pub async fn serve_with_tls(
    listener: TcpListener,
    app: Router,
    limits: ServerLimits,
    error_domain: &str,
    tls: Option<Arc<ReloadingTls>>,
    shutdown: impl Future<Output = ()>,
) {
    let max_connections = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS);
    let shared = Arc::new(Shared { app, limits, error_domain: Arc::from(error_domain), tls });
    let permits = Arc::new(Semaphore::new(max_connections));
    // Each connection holds a receiver: a send starts their graceful shutdown, and the
    // sender sees them all gone once every connection has closed.
    let (stop, stopping) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    let mut warned_full_at: Option<Instant> = None;
    loop {
        let permit = match Arc::clone(&permits).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if warned_full_at.is_none_or(|at| at.elapsed() >= FULL_WARNING_INTERVAL) {
                    tracing::warn!(
                        max_connections,
                        "connection limit reached: new connections wait in the listen backlog until one closes"
                    );
                    warned_full_at = Some(Instant::now());
                }
                tokio::select! {
                    () = &mut shutdown => break,
                    permit = Arc::clone(&permits).acquire_owned() => match permit {
                        Ok(permit) => permit,
                        Err(_) => break,
                    },
                }
            }
        };
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_connection_error(&e) => continue,
                Err(e) => {
                    tracing::error!(error = %e, "accepting a connection failed; trying again in a second");
                    tokio::select! {
                        () = &mut shutdown => break,
                        () = tokio::time::sleep(ACCEPT_RETRY) => continue,
                    }
                }
            },
        };
        // Responses go out as soon as they are written: HTTP/2 writes a response in several
        // frames, and Nagle's algorithm would hold the later ones until the client's delayed
        // ACK (tens of milliseconds per gRPC call).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(%peer, error = %e, "TCP_NODELAY could not be set");
        }
        tokio::spawn(connection(stream, peer, Arc::clone(&shared), stopping.clone(), permit));
    }
    drop(listener);
    drop(stopping);
    // Fails only when no connection is open, and then there is nobody to tell.
    let _ = stop.send(());
    stop.closed().await;
}

/// The settings of a connection whose HTTP/2 streams `spawner` hands to the connection's own
/// task: HTTP/1.1 with keep-alive, HTTP/2 with keep-alive pings.
fn builder(limits: &ServerLimits, spawner: StreamSpawner) -> auto::Builder<StreamSpawner> {
    let mut builder = auto::Builder::new(spawner);
    // The watchdog enforces the header limit; see the module documentation.
    builder
        .http1()
        .timer(TokioTimer::new())
        .keep_alive(true)
        .header_read_timeout(None)
        .max_buf_size(unparsed::MAX_REQUEST_HEAD_BYTES)
        .max_headers(unparsed::MAX_HEADER_FIELDS);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(limits.h2_ping_interval)
        .keep_alive_timeout(limits.h2_ping_timeout);
    builder
}

/// Errors of one connection that never reached the server (the client gave up in between);
/// the next accept is unaffected.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    )
}

/// Serves one connection, over TLS when it is on, until it closes, is closed by its
/// watchdog, or has shut down.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    shared: Arc<Shared>,
    stopping: watch::Receiver<()>,
    _permit: OwnedSemaphorePermit,
) {
    // The head's deadline counts from here, the handshake included.
    let tracker = Tracker::new();
    let Some(tls) = &shared.tls else {
        return serve_connection(stream, peer, &shared, tracker, stopping).await;
    };
    let handshake = tls.acceptor().accept(stream);
    match tokio::time::timeout(shared.limits.header_read_timeout, handshake).await {
        Ok(Ok(stream)) => serve_connection(stream, peer, &shared, tracker, stopping).await,
        Ok(Err(e)) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
        Err(_) => tracing::debug!(%peer, "closing a connection whose TLS handshake did not finish in time"),
    }
}

/// Serves HTTP on one connection's byte stream (plain or decrypted).
async fn serve_connection<S>(
    stream: S,
    peer: SocketAddr,
    shared: &Arc<Shared>,
    tracker: Tracker,
    mut stopping: watch::Receiver<()>,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let io = TokioIo::new(Metered::new(stream, tracker.clone(), Arc::clone(&shared.error_domain)));
    let service = {
        let (shared, tracker) = (Arc::clone(shared), tracker.clone());
        hyper::service::service_fn(move |request| respond(Arc::clone(&shared), &tracker, request))
    };
    let (spawner, mut streams) = ConnectionStreams::new();
    let builder = builder(&shared.limits, spawner);
    let mut conn = pin!(builder.serve_connection(io, service));
    let mut closing_since = None;
    loop {
        tokio::select! {
            () = streams.run() => {}
            served = conn.as_mut() => {
                if let Err(e) = served {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                break;
            }
            expiry = activity::expiry(&tracker, &shared.limits, closing_since) => match (expiry, closing_since) {
                (Expiry::Head, _) => {
                    tracing::debug!(%peer, "closing a connection whose request head did not arrive in time");
                    break;
                }
                (Expiry::Idle, None) => {
                    tracing::debug!(%peer, "shutting down an idle connection");
                    conn.as_mut().graceful_shutdown();
                    closing_since = Some(Instant::now());
                }
                (Expiry::Idle, Some(_)) => {
                    tracing::debug!(%peer, "closing a connection that did not finish shutting down");
                    break;
                }
            },
            _ = stopping.changed(), if closing_since.is_none() => {
                conn.as_mut().graceful_shutdown();
                closing_since = Some(Instant::now());
            }
        }
    }
}

/// Answers one request: in flight from here until its response body is finished, with a
/// deadline on its body.
fn respond(
    shared: Arc<Shared>,
    tracker: &Tracker,
    request: Request<Incoming>,
) -> impl Future<Output = Result<Response<Tracked<AxumBody>>, Infallible>> + Send + 'static {
    let in_flight = tracker.begin(request.version());
    let http1 = request.version() < Version::HTTP_2;
    let limit = shared.limits.body_read_timeout;
    // A request whose head says it has no body (most GETs) has nothing to wait for.
    let timed_out = (!request.body().is_end_stream()).then(|| Arc::new(AtomicBool::new(false)));
    let request = request.map(|body| match &timed_out {
        Some(timed_out) => AxumBody::new(DeadlineBody::new(body, limit, Arc::clone(timed_out))),
        None => AxumBody::empty(),
    });
    async move {
        let Ok(response) = shared.app.clone().oneshot(request).await;
        let response = if timed_out.is_some_and(|t| t.load(Ordering::Acquire)) {
            body_too_slow(&shared.error_domain, limit, http1)
        } else {
            response
        };
        Ok(response.map(|body| Tracked::new(body, in_flight)))
    }
}

/// `408` in the error format, whatever the handler made of the failed body. On HTTP/1.1 the
/// connection closes: the rest of the body may still be on its way.
fn body_too_slow(error_domain: &str, limit: Duration, http1: bool) -> Response<AxumBody> {
    let error = ApiError::RequestTimeout(format!("the request body did not arrive within {} ms", limit.as_millis()));
    let mut response = (error.status(), Json(error.body(error_domain))).into_response();
    if http1 {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}
