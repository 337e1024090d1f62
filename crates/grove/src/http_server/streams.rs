//! The HTTP/2 streams of one connection run inside that connection's task, not as tasks of
//! their own.
//!
//! hyper hands every HTTP/2 stream (one gRPC call, say) to its executor. With
//! `TokioExecutor` that is a new task: the call then crosses from the connection's task to
//! the stream's and back for every frame, often between the runtime's two worker threads, and
//! under load those wake-ups cost more than the call itself. An HTTP/1.1 request is served
//! inside its connection's task. [`ConnectionStreams`] gives HTTP/2 the same: hyper's
//! executor ([`StreamSpawner`]) queues each stream, and the connection's task polls the
//! queued streams beside the connection itself.
//!
//! Streams of one connection still run concurrently (they are polled together, as the
//! requests of an HTTP/1.1 pipeline never are); they end with their connection, as an
//! HTTP/1.1 request does when its connection closes.
//!
//! A connection's task runs on one worker thread at a time, so a client that multiplexes
//! many calls on one connection (a gRPC channel does) would get no more than one core. Only
//! [`MAX_INLINE_STREAMS`] streams of a connection run in its task at once; further ones get
//! a task of their own, as before, and the runtime spreads them over its workers.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use futures_util::stream::FuturesUnordered;
use futures_util::StreamExt as _;
use tokio::sync::mpsc;

/// The most streams of one connection that run in the connection's task at once.
pub(super) const MAX_INLINE_STREAMS: usize = 4;

/// A stream's future, as hyper hands it over.
type StreamFuture = Pin<Box<dyn Future<Output = ()> + Send>>;

/// hyper's executor for one connection: queues streams for [`ConnectionStreams`] while fewer
/// than [`MAX_INLINE_STREAMS`] of them run there, and spawns the rest.
#[derive(Clone)]
pub(super) struct StreamSpawner {
    queue: mpsc::UnboundedSender<StreamFuture>,
    /// Streams queued or running in the connection's task.
    inline: Arc<AtomicUsize>,
}

impl<F> hyper::rt::Executor<F> for StreamSpawner
where
    F: Future<Output = ()> + Send + 'static,
{
    fn execute(&self, stream: F) {
        // Only the connection's task hands streams over, so the count cannot rise between
        // this check and the increment.
        if self.inline.load(Ordering::Relaxed) >= MAX_INLINE_STREAMS {
            tokio::spawn(stream);
            return;
        }
        self.inline.fetch_add(1, Ordering::Relaxed);
        let inline = Arc::clone(&self.inline);
        // Fails only once the connection's task has ended, and the stream with it.
        let _ = self.queue.send(Box::pin(async move {
            stream.await;
            inline.fetch_sub(1, Ordering::Relaxed);
        }));
    }
}

/// The streams of one connection, polled by its task.
pub(super) struct ConnectionStreams {
    queued: mpsc::UnboundedReceiver<StreamFuture>,
    running: FuturesUnordered<StreamFuture>,
}

impl ConnectionStreams {
    /// The streams of a new connection, and the executor that hands them over.
    pub(super) fn new() -> (StreamSpawner, Self) {
        let (queue, queued) = mpsc::unbounded_channel();
        let spawner = StreamSpawner { queue, inline: Arc::new(AtomicUsize::new(0)) };
        (spawner, Self { queued, running: FuturesUnordered::new() })
    }

    /// Runs the connection's streams; never resolves (a connection's task stops polling it
    /// when the connection ends).
    pub(super) async fn run(&mut self) {
        loop {
            tokio::select! {
                Some(stream) = self.queued.recv() => self.running.push(stream),
                Some(()) = self.running.next(), if !self.running.is_empty() => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use hyper::rt::Executor as _;

    use super::*;

    #[tokio::test]
    async fn queued_streams_run_concurrently_inside_the_polling_task() {
        let (spawner, mut streams) = ConnectionStreams::new();
        let finished = Arc::new(AtomicUsize::new(0));
        let (release, released) = tokio::sync::watch::channel(false);
        for _ in 0..3 {
            let (finished, mut released) = (Arc::clone(&finished), released.clone());
            spawner.execute(async move {
                let _ = released.wait_for(|go| *go).await;
                finished.fetch_add(1, Ordering::SeqCst);
            });
        }
        let all_finished = async {
            let _ = release.send(true);
            while finished.load(Ordering::SeqCst) < 3 {
                tokio::task::yield_now().await;
            }
        };
        tokio::select! {
            () = streams.run() => unreachable!("run never resolves"),
            () = all_finished => {}
        }
        assert_eq!(finished.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn a_stream_handed_over_after_the_connection_ended_is_dropped_without_running() {
        let (spawner, streams) = ConnectionStreams::new();
        drop(streams);
        let ran = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&ran);
        spawner.execute(async move {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        tokio::task::yield_now().await;
        assert_eq!(ran.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn streams_beyond_the_inline_limit_run_as_tasks_of_their_own() {
        let (spawner, streams) = ConnectionStreams::new();
        let ran = Arc::new(AtomicUsize::new(0));
        let (release, released) = tokio::sync::watch::channel(false);
        for _ in 0..MAX_INLINE_STREAMS + 2 {
            let (ran, mut released) = (Arc::clone(&ran), released.clone());
            spawner.execute(async move {
                let _ = released.wait_for(|go| *go).await;
                ran.fetch_add(1, Ordering::SeqCst);
            });
        }
        // Nobody polls the connection's streams: only the two spawned ones can run.
        let _ = release.send(true);
        tokio::time::timeout(std::time::Duration::from_secs(5), async {
            while ran.load(Ordering::SeqCst) < 2 {
                tokio::task::yield_now().await;
            }
        })
        .await
        .expect("the streams beyond the limit ran on their own");
        tokio::task::yield_now().await;
        assert_eq!(ran.load(Ordering::SeqCst), 2);
        drop(streams);
    }
}
