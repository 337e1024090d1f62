//! A webhook receiver on loopback for the event-latency scenario: it notes, for every
//! CloudEvent it receives, how long after the event's `ce-time` it arrived.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;

/// The receiver: the latency of each event received, by arrival.
#[derive(Clone, Default)]
pub struct Sink {
    latencies: Arc<Mutex<Vec<Duration>>>,
}

impl Sink {
    /// Serves `POST /hook` on a free loopback port until the process ends.
    ///
    /// # Errors
    /// When no port can be bound.
    pub async fn start() -> anyhow::Result<(Self, SocketAddr)> {
        let sink = Self::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let app = Router::new().route("/hook", post(receive)).with_state(sink.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok((sink, addr))
    }

    /// Events received so far.
    pub fn received(&self) -> usize {
        self.latencies.lock().map_or(0, |l| l.len())
    }

    /// The latencies received so far, and forgets them.
    pub fn take(&self) -> Vec<Duration> {
        self.latencies.lock().map(|mut l| std::mem::take(&mut *l)).unwrap_or_default()
    }
}

async fn receive(State(sink): State<Sink>, headers: HeaderMap) -> StatusCode {
    let sent =
        headers.get("ce-time").and_then(|t| t.to_str().ok()).and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok());
    let Some(sent) = sent else {
        return StatusCode::BAD_REQUEST;
    };
    let latency = (chrono::Utc::now() - sent.with_timezone(&chrono::Utc)).to_std().unwrap_or_default();
    if let Ok(mut l) = sink.latencies.lock() {
        l.push(latency);
    }
    StatusCode::NO_CONTENT
}
