//! What one connection is doing, as its watchdog sees it (requests in flight, when it last
//! went quiet, whether a new request head has started to arrive), and the deadline that
//! follows from that.
//!
//! Requests and bytes only update the shared [`Activity`]; nothing wakes the watchdog. It
//! looks again at its deadline, and at least once per header limit ([`expiry`]), which is
//! exact: no change of activity makes a deadline earlier than the next look, because a
//! request head that starts to arrive gets the header limit from its first byte. A
//! notification per request (three on HTTP/1.1: first byte, head read, response done) would
//! re-poll the connection task and re-arm its timer each time.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};

use axum::http::Version;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Instant;

use super::{unparsed, ServerLimits};

/// The state of one connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Activity {
    /// Requests whose head has been read and whose response body is not finished.
    in_flight: usize,
    /// Whether a request has arrived on this connection yet.
    served: bool,
    /// Whether the client speaks HTTP/2 (known from its first request).
    http2: bool,
    /// When the connection was accepted, or when its last request in flight finished.
    quiet_since: Instant,
    /// When the first byte arrived after the connection went quiet.
    head_started: Option<Instant>,
}

/// Why a connection's deadline passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Expiry {
    /// A request head did not arrive in time: close the connection at once.
    Head,
    /// No request was in flight for too long: shut the connection down gracefully, or close
    /// it when that was already asked for.
    Idle,
}

impl Activity {
    fn new(accepted: Instant) -> Self {
        Self { in_flight: 0, served: false, http2: false, quiet_since: accepted, head_started: None }
    }

    /// When the watchdog must act, and why; `None` while a request is in flight.
    /// `closing_since` is when graceful shutdown began: from then on a quiet connection has
    /// the header limit left to finish (an HTTP/2 client must answer the shutdown ping).
    pub(super) fn deadline(&self, limits: &ServerLimits, closing_since: Option<Instant>) -> Option<(Instant, Expiry)> {
        if self.in_flight > 0 {
            return None;
        }
        if !self.served {
            return Some((self.quiet_since + limits.header_read_timeout, Expiry::Head));
        }
        // An HTTP/2 client sends frames while quiet (pings, settings, window updates); only
        // on HTTP/1 does a byte after a quiet spell start the next request head.
        if let Some(started) = self.head_started.filter(|_| !self.http2) {
            return Some((started + limits.header_read_timeout, Expiry::Head));
        }
        Some(match closing_since {
            None => (self.quiet_since + limits.idle_timeout, Expiry::Idle),
            Some(since) => (self.quiet_since.max(since) + limits.header_read_timeout, Expiry::Idle),
        })
    }
}

/// A connection's [`Activity`], shared by its service, its socket, its requests in flight
/// and its watchdog.
#[derive(Debug, Clone)]
pub(super) struct Tracker(Arc<Mutex<Activity>>);

impl Tracker {
    /// A tracker for a connection accepted now.
    pub(super) fn new() -> Self {
        Self(Arc::new(Mutex::new(Activity::new(Instant::now()))))
    }

    fn activity(&self) -> MutexGuard<'_, Activity> {
        // Every update leaves a consistent activity behind, so a poisoned one is still good.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The connection's activity now.
    pub(super) fn snapshot(&self) -> Activity {
        *self.activity()
    }

    /// A request's head has been read: it is in flight until the returned guard drops.
    pub(super) fn begin(&self, version: Version) -> InFlight {
        let mut a = self.activity();
        a.in_flight += 1;
        a.served = true;
        a.http2 |= version == Version::HTTP_2;
        a.head_started = None;
        drop(a);
        InFlight(self.clone())
    }

    /// Whether a request of the connection is in flight.
    fn has_request_in_flight(&self) -> bool {
        self.activity().in_flight > 0
    }

    fn bytes_arrived(&self) {
        let mut a = self.activity();
        if a.in_flight == 0 && a.head_started.is_none() {
            a.head_started = Some(Instant::now());
        }
    }
}

/// One request in flight; it ends when this drops.
#[derive(Debug)]
pub(super) struct InFlight(Tracker);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut a = self.0.activity();
        a.in_flight = a.in_flight.saturating_sub(1);
        if a.in_flight == 0 {
            a.quiet_since = Instant::now();
            a.head_started = None;
        }
    }
}

/// Waits until the connection's deadline passes, and says why (see [`Activity::deadline`]).
/// Looks again at the deadline when it comes and at least once per header limit.
pub(super) async fn expiry(tracker: &Tracker, limits: &ServerLimits, closing_since: Option<Instant>) -> Expiry {
    loop {
        let now = Instant::now();
        let next_look = now + limits.header_read_timeout;
        let wake_at = match tracker.snapshot().deadline(limits, closing_since) {
            Some((at, why)) if at <= now => return why,
            Some((at, _)) => at.min(next_look),
            None => next_look,
        };
        tokio::time::sleep_until(wake_at).await;
    }
}

/// A socket that tells its connection's [`Tracker`] when bytes arrive, and writes hyper's own
/// answers to unparsable request heads in the error format ([`unparsed`]).
#[derive(Debug)]
pub(super) struct Metered<S> {
    inner: S,
    tracker: Tracker,
    /// The `ErrorInfo.domain` of a rewritten answer.
    error_domain: Arc<str>,
    /// A rewritten answer still being written, and how much of it is written.
    rewritten: Option<(Vec<u8>, usize)>,
}

impl<S> Metered<S> {
    /// `inner`, reporting to `tracker`, with `error_domain` in rewritten answers.
    pub(super) fn new(inner: S, tracker: Tracker, error_domain: Arc<str>) -> Self {
        Self { inner, tracker, error_domain, rewritten: None }
    }

    /// `written` rewritten in the error format when it is hyper's own answer to an
    /// unparsable head (none of the connection's requests in flight).
    fn rewrite(&self, written: &[u8]) -> Option<Vec<u8>> {
        if !unparsed::may_be_hyper_answer(written) || self.tracker.has_request_in_flight() {
            return None;
        }
        unparsed::rewrite(written, &self.error_domain)
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Metered<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.tracker.bytes_arrived();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> Metered<S> {
    /// Writes what is left of a rewritten answer; ready once none is left.
    fn poll_rewritten(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((answer, sent)) = &mut self.rewritten {
            match Pin::new(&mut self.inner).poll_write(cx, &answer[*sent..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    *sent += n;
                    if *sent == answer.len() {
                        self.rewritten = None;
                    }
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Takes `answer` in place of the `len` bytes hyper wrote, and starts writing it; the rest
    /// is written before anything else, at the latest when hyper flushes.
    fn poll_take_rewritten(&mut self, cx: &mut Context<'_>, answer: Vec<u8>, len: usize) -> Poll<io::Result<usize>> {
        self.rewritten = Some((answer, 0));
        match self.poll_rewritten(cx) {
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Ready(Ok(())) | Poll::Pending => Poll::Ready(Ok(len)),
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Metered<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        std::task::ready!(self.poll_rewritten(cx))?;
        if let Some(answer) = self.rewrite(buf) {
            return self.poll_take_rewritten(cx, answer, buf.len());
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        std::task::ready!(self.poll_rewritten(cx))?;
        // hyper writes its own answer as one slice.
        if let Some(first) = bufs.iter().find(|b| !b.is_empty()) {
            if let Some(answer) = self.rewrite(first) {
                if bufs.iter().map(|b| b.len()).sum::<usize>() == first.len() {
                    return self.poll_take_rewritten(cx, answer, first.len());
                }
            }
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_rewritten(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_rewritten(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    const HEAD: Duration = Duration::from_millis(100);
    const IDLE: Duration = Duration::from_millis(1_000);

    fn limits() -> ServerLimits {
        ServerLimits {
            header_read_timeout: HEAD,
            idle_timeout: IDLE,
            body_read_timeout: Duration::from_millis(500),
            max_connections: 4,
            h2_ping_interval: None,
            h2_ping_timeout: Duration::from_millis(100),
        }
    }

    fn after_a_request(t0: Instant, http2: bool) -> Activity {
        Activity { in_flight: 0, served: true, http2, quiet_since: t0, head_started: None }
    }

    #[test]
    fn a_new_connection_must_send_its_first_head_within_the_header_limit_of_being_accepted() {
        let t0 = Instant::now();
        let mut fresh = Activity::new(t0);
        assert_eq!(fresh.deadline(&limits(), None), Some((t0 + HEAD, Expiry::Head)));
        fresh.head_started = Some(t0 + Duration::from_millis(50));
        assert_eq!(fresh.deadline(&limits(), None), Some((t0 + HEAD, Expiry::Head)));
    }

    #[test]
    fn a_request_in_flight_has_no_connection_deadline() {
        let t0 = Instant::now();
        let busy = Activity { in_flight: 1, ..after_a_request(t0, false) };
        assert_eq!(busy.deadline(&limits(), None), None);
        assert_eq!(busy.deadline(&limits(), Some(t0)), None);
    }

    #[test]
    fn a_quiet_connection_after_a_request_gets_the_idle_limit() {
        let t0 = Instant::now();
        assert_eq!(after_a_request(t0, false).deadline(&limits(), None), Some((t0 + IDLE, Expiry::Idle)));
        assert_eq!(after_a_request(t0, true).deadline(&limits(), None), Some((t0 + IDLE, Expiry::Idle)));
    }

    #[test]
    fn on_http1_a_byte_after_a_quiet_spell_starts_the_header_limit_in_place_of_the_idle_limit() {
        let t0 = Instant::now();
        let first_byte = t0 + Duration::from_millis(950);
        let reading = Activity { head_started: Some(first_byte), ..after_a_request(t0, false) };
        assert_eq!(reading.deadline(&limits(), None), Some((first_byte + HEAD, Expiry::Head)));
    }

    #[test]
    fn on_http2_bytes_while_quiet_leave_the_idle_limit_in_force() {
        let t0 = Instant::now();
        let pinged = Activity { head_started: Some(t0 + Duration::from_millis(10)), ..after_a_request(t0, true) };
        assert_eq!(pinged.deadline(&limits(), None), Some((t0 + IDLE, Expiry::Idle)));
    }

    #[test]
    fn once_closing_a_quiet_connection_has_the_header_limit_left_from_the_later_of_quiet_and_closing() {
        let t0 = Instant::now();
        let closing = t0 + Duration::from_millis(300);
        assert_eq!(after_a_request(t0, true).deadline(&limits(), Some(closing)), Some((closing + HEAD, Expiry::Idle)));
        let quiet_later = after_a_request(closing + Duration::from_millis(20), true);
        assert_eq!(
            quiet_later.deadline(&limits(), Some(closing)),
            Some((closing + Duration::from_millis(20) + HEAD, Expiry::Idle))
        );
    }

    #[test]
    fn a_request_ends_when_its_guard_drops_and_the_connection_goes_quiet_then() {
        let tracker = Tracker::new();
        let first = tracker.begin(Version::HTTP_11);
        let second = tracker.begin(Version::HTTP_11);
        drop(first);
        assert_eq!(tracker.snapshot().in_flight, 1);
        let before = Instant::now();
        drop(second);
        let now = tracker.snapshot();
        assert_eq!((now.in_flight, now.served, now.http2, now.head_started), (0, true, false, None));
        assert!(now.quiet_since >= before);
    }

    #[test]
    fn only_the_first_byte_after_going_quiet_marks_a_head_as_started() {
        let tracker = Tracker::new();
        let request = tracker.begin(Version::HTTP_2);
        tracker.bytes_arrived();
        assert_eq!(tracker.snapshot().head_started, None, "bytes of a request in flight start no head");
        drop(request);
        tracker.bytes_arrived();
        let started = tracker.snapshot().head_started;
        assert!(started.is_some());
        tracker.bytes_arrived();
        assert_eq!(tracker.snapshot().head_started, started);
        assert!(tracker.snapshot().http2);
    }

    /// Real time: a deadline met within this margin is on time.
    const LATE: Duration = Duration::from_millis(60);

    #[tokio::test]
    async fn a_head_started_while_the_watchdog_sleeps_expires_one_header_limit_after_its_first_byte() {
        let tracker = Tracker::new();
        drop(tracker.begin(Version::HTTP_11));
        let watchdog = tokio::spawn({
            let tracker = tracker.clone();
            async move {
                let why = expiry(&tracker, &limits(), None).await;
                (why, Instant::now())
            }
        });
        tokio::time::sleep(HEAD * 3 / 2).await;
        let first_byte = Instant::now();
        tracker.bytes_arrived();
        let (why, at) = watchdog.await.unwrap();
        assert_eq!(why, Expiry::Head);
        assert!(at >= first_byte + HEAD && at < first_byte + HEAD + LATE, "{:?}", at - first_byte);
    }

    #[tokio::test]
    async fn a_request_in_flight_holds_the_watchdog_until_the_idle_limit_after_it_ends() {
        let tracker = Tracker::new();
        let request = tracker.begin(Version::HTTP_2);
        let watchdog = tokio::spawn({
            let tracker = tracker.clone();
            async move {
                let why = expiry(&tracker, &limits(), None).await;
                (why, Instant::now())
            }
        });
        tokio::time::sleep(HEAD * 3).await;
        let ended = Instant::now();
        drop(request);
        let (why, at) = watchdog.await.unwrap();
        assert_eq!(why, Expiry::Idle);
        assert!(at >= ended + IDLE && at < ended + IDLE + LATE, "{:?}", at - ended);
    }
}
