//! The bodies the server passes through: a request body that must arrive in full before its
//! deadline, and a response body that keeps its request in flight until it is sent.

use std::error::Error as StdError;
use std::fmt;
use std::future::Future as _;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

use super::activity::InFlight;

type BoxError = Box<dyn StdError + Send + Sync>;

/// The error a request body yields once its deadline has passed.
#[derive(Debug)]
pub(super) struct BodyTimedOut;

impl fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the request body did not arrive in time")
    }
}

impl StdError for BodyTimedOut {}

/// A request body that fails with [`BodyTimedOut`] when it has not ended by its deadline, and
/// records in `timed_out` that it did. The deadline covers the whole body, not each read, so a
/// client trickling a byte at a time cannot hold the request open.
pub(super) struct DeadlineBody<B> {
    inner: B,
    deadline: Instant,
    /// Started the first time the body has to wait, so bodies read at once cost no timer.
    sleep: Option<Pin<Box<Sleep>>>,
    timed_out: Arc<AtomicBool>,
}

impl<B> DeadlineBody<B> {
    /// `inner`, which must end within `limit` from now.
    pub(super) fn new(inner: B, limit: Duration, timed_out: Arc<AtomicBool>) -> Self {
        Self { inner, deadline: Instant::now() + limit, sleep: None, timed_out }
    }
}

impl<B> Body for DeadlineBody<B>
where
    B: Body<Data = Bytes> + Unpin,
    B::Error: Into<BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let deadline = this.deadline;
        let sleep = this.sleep.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if sleep.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        this.timed_out.store(true, Ordering::Release);
        Poll::Ready(Some(Err(Box::new(BodyTimedOut))))
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A response body that holds its request's [`InFlight`] until it is finished or dropped.
pub(super) struct Tracked<B> {
    inner: B,
    _in_flight: InFlight,
}

impl<B> Tracked<B> {
    /// `inner`, keeping `in_flight` alive as long as it lives.
    pub(super) fn new(inner: B, in_flight: InFlight) -> Self {
        Self { inner, _in_flight: in_flight }
    }
}

impl<B: Body + Unpin> Body for Tracked<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use http_body_util::{BodyExt as _, Full};

    use super::*;

    /// A body whose next frame never comes.
    struct Stalled;

    impl Body for Stalled {
        type Data = Bytes;
        type Error = Infallible;

        fn poll_frame(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
            Poll::Pending
        }
    }

    #[tokio::test]
    async fn a_stalled_body_fails_at_its_deadline_and_says_so() {
        let timed_out = Arc::new(AtomicBool::new(false));
        let start = Instant::now();
        let error = DeadlineBody::new(Stalled, Duration::from_millis(50), timed_out.clone()).collect().await.err();
        assert_eq!(error.map(|e| e.to_string()), Some("the request body did not arrive in time".to_owned()));
        assert!(start.elapsed() >= Duration::from_millis(50));
        assert!(timed_out.load(Ordering::Acquire));
    }

    #[tokio::test]
    async fn a_body_that_arrives_in_time_is_passed_through_untouched() {
        let timed_out = Arc::new(AtomicBool::new(false));
        let body = DeadlineBody::new(
            Full::new(Bytes::from_static(b"grant_type=x")),
            Duration::from_millis(50),
            timed_out.clone(),
        );
        let bytes = body.collect().await.map(|c| c.to_bytes()).ok();
        assert_eq!(bytes, Some(Bytes::from_static(b"grant_type=x")));
        assert!(!timed_out.load(Ordering::Acquire));
    }
}
