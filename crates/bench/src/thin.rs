//! The thin handler: the least an HTTP API can do for get-by-uid and for a page of groups (a
//! minimal axum route, the same store call, no authentication, no page token, hand-written
//! JSON; a group written with the same fields and bytes as the API's, alone or in a page), so
//! that the report separates what HTTP and PostgreSQL cost from what Grove adds on top.
//!
//! It runs in a process of its own (this binary, started with `--thin-server`), as grove
//! does: served from inside the load generator's process it would share that process's
//! address space, and every switch between client and server would be cheaper than the
//! switches between the load generator and grove it is compared with. Its CPU time per
//! request is then measured the same way as grove's.

use std::io::{BufRead as _, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use anyhow::Context as _;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use grove_domain::listing::{Cursor, SortField, SortKey};
use grove_domain::model::Group;
use grove_domain::ports::GroupStore;
use grove_domain::Uidp;
use grove_proto::wkt::Timestamp;
use grove_store_postgres::{PostgresConfig, PostgresStore};

/// The thin server's process; killed when dropped.
pub struct ThinServer {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl ThinServer {
    /// Starts this binary as the thin server on `database_url` with a pool of `pool`
    /// connections, and waits until it listens.
    ///
    /// # Errors
    /// When the process cannot start or does not report its address.
    pub fn start(database_url: &str, pool: usize) -> anyhow::Result<Self> {
        let mut child = Command::new(std::env::current_exe()?)
            .args(["--thin-server", database_url, "--pool", &pool.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting the thin server")?;
        let mut line = String::new();
        if let Some(stdout) = child.stdout.take() {
            BufReader::new(stdout).read_line(&mut line)?;
        }
        let server = |addr| Self { child, addr };
        match line.trim().parse() {
            Ok(addr) => Ok(server(addr)),
            Err(_) => {
                drop(server(SocketAddr::from(([127, 0, 0, 1], 0))));
                anyhow::bail!("the thin server did not start: {line:?}")
            }
        }
    }

    /// The process id, to measure its CPU time.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ThinServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Serves the thin handler on a free loopback port until killed, on as many runtime workers
/// as grove has, after printing the address it listens on as the first line of stdout.
///
/// # Errors
/// When no port can be bound or the database does not answer.
pub fn serve(database_url: &str, pool: usize) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        let mut config = PostgresConfig::new(database_url);
        config.max_connections = pool;
        let store = PostgresStore::connect(&config).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        println!("{}", listener.local_addr()?);
        let app = Router::new()
            .route("/groups/{*uid}", get(get_group))
            .route("/groups", get(list_groups))
            .with_state(Arc::new(store));
        axum::serve(listener, app).await?;
        Ok(())
    })
}

async fn get_group(State(store): State<Arc<PostgresStore>>, Path(uid): Path<String>) -> Response {
    let Ok(uid) = Uidp::parse(&uid) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    match store.get_group(&uid).await {
        Ok(Some(group)) => {
            let mut body = Vec::with_capacity(512);
            write_group(&mut body, &group);
            ([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// The list the thin server answers: the bench's list query below `org`, by name.
#[derive(serde::Deserialize)]
struct ListParams {
    org: String,
    limit: u64,
    name: Option<String>,
    /// `uid` or `name` (the default).
    order_by: Option<String>,
    /// The cursor of a list by name: the last row's name and uid.
    after_name: Option<String>,
    after_uid: Option<String>,
}

async fn list_groups(State(store): State<Arc<PostgresStore>>, Query(params): Query<ListParams>) -> Response {
    let Ok(org) = Uidp::parse(&params.org) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let order = match params.order_by.as_deref() {
        None | Some("name") => SortField::Name,
        Some("uid") => SortField::Uid,
        Some(_) => return StatusCode::BAD_REQUEST.into_response(),
    };
    let after = match (order, params.after_name, params.after_uid.as_deref().map(Uidp::parse)) {
        (SortField::Name, Some(name), Some(Ok(uid))) => Some(Cursor { key: SortKey::Text(name), uid }),
        (_, None, None) => None,
        _ => return StatusCode::BAD_REQUEST.into_response(),
    };
    match store.list_groups(&crate::list_query(&org, params.name.as_deref(), order, after, params.limit)).await {
        Ok(page) => {
            let mut body = Vec::with_capacity(1024);
            body.extend_from_slice(b"{\"groups\":[");
            for (i, group) in page.items.iter().enumerate() {
                if i > 0 {
                    body.push(b',');
                }
                write_group(&mut body, group);
            }
            body.extend_from_slice(b"],\"skipped\":0}");
            ([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
        }
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// A group as the API writes it (the same fields, zero values included), by hand:
/// strings escaped by `serde_json`, times by grove's own writer.
fn write_group(body: &mut Vec<u8>, group: &Group) {
    let created = Timestamp::from(group.create_time.as_datetime());
    let updated = Timestamp::from(group.update_time.as_datetime());
    body.extend_from_slice(b"{\"uid\":");
    json(body, group.uid.as_str());
    body.extend_from_slice(b",\"name\":");
    json(body, group.name.as_str());
    body.extend_from_slice(b",\"description\":");
    json(body, group.description.as_str());
    body.extend_from_slice(b",\"resourceLimits\":{},\"verified\":");
    json(body, &group.verified);
    body.extend_from_slice(b",\"createTime\":");
    json(body, &created);
    body.extend_from_slice(b",\"updateTime\":");
    json(body, &updated);
    body.extend_from_slice(b",\"kind\":\"ORG_KIND_UNSPECIFIED\",\"status\":\"ORG_STATUS_UNSPECIFIED\"}");
}

/// `value` as JSON at the end of `body`.
fn json(body: &mut Vec<u8>, value: &(impl serde::Serialize + ?Sized)) {
    // Writing into a Vec cannot fail.
    let _ = serde_json::to_writer(body, value);
}
