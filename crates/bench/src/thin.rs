//! The thin handler: the least an HTTP API can do for get-by-uid (a minimal axum route, the
//! same store call, no authentication, hand-written JSON), so that the report separates what
//! HTTP and PostgreSQL cost from what Grove adds on top.
//!
//! It runs on a runtime of its own with as many workers as grove has, so that it does not share
//! the load generator's.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use grove_domain::ports::GroupStore;
use grove_domain::Uidp;
use grove_store_postgres::{PostgresConfig, PostgresStore};

/// Starts the thin server on a free loopback port, with its own pool of `pool` connections.
///
/// # Errors
/// When no port can be bound or the database does not answer.
pub fn start(database_url: &str, pool: usize) -> anyhow::Result<SocketAddr> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let mut config = PostgresConfig::new(database_url);
    config.max_connections = pool;
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
            Ok(r) => r,
            Err(e) => return drop(ready_tx.send(Err(e.to_string()))),
        };
        runtime.block_on(async move {
            let started = async {
                let store = PostgresStore::connect(&config).await.map_err(|e| e.to_string())?;
                let listener = tokio::net::TcpListener::from_std(listener).map_err(|e| e.to_string())?;
                Ok::<_, String>((Arc::new(store), listener))
            };
            match started.await {
                Ok((store, listener)) => {
                    let _ = ready_tx.send(Ok(()));
                    let app = Router::new().route("/groups/{*uid}", get(get_group)).with_state(store);
                    let _ = axum::serve(listener, app).await;
                }
                Err(e) => drop(ready_tx.send(Err(e))),
            }
        });
    });
    ready_rx.recv()?.map_err(|e| anyhow::anyhow!("starting the thin handler: {e}"))?;
    Ok(addr)
}

async fn get_group(State(store): State<Arc<PostgresStore>>, Path(uid): Path<String>) -> Response {
    let Ok(uid) = Uidp::parse(&uid) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    match store.get_group(&uid).await {
        Ok(Some(group)) => {
            let body = format!(
                r#"{{"uid":"{}","name":{},"description":{}}}"#,
                group.uid,
                serde_json::Value::from(group.name.as_str()),
                serde_json::Value::from(group.description.as_str()),
            );
            ([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}
