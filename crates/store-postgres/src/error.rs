//! The one place where database, pool and connection failures become domain errors.
//!
//! Unique and foreign-key violations mean something only to the operation that hit them, so
//! each call site says what a violated constraint means ([`Violation`]); everything else is
//! mapped here alike: a lost or unreachable database is `UNAVAILABLE` with a fixed message,
//! anything unexpected is `INTERNAL` whose detail goes to the log and never to a client.

use diesel::result::{ConnectionError, DatabaseErrorKind, Error as DieselError};
use diesel_async::pooled_connection::deadpool::PoolError;
use diesel_async::pooled_connection::PoolError as ManagerError;
use grove_domain::Error;

/// The message of every `UNAVAILABLE` this store returns.
pub const UNAVAILABLE_MESSAGE: &str = "the database is unavailable";

/// Server messages that mean the server this connection reaches went away, is going away, or
/// is not (or no longer) the read-write primary: SQLSTATE 57P01 to 57P04 (an administrator's
/// shutdown, a crash of another backend, a server starting or stopping, a standby that
/// accepts no connections) and 40001 from a conflict with recovery. A failover manager
/// causes exactly these. The connection is dropped and so is every other connection opened
/// before (see [`crate::stale`]): they reach the same server. diesel does not expose the
/// SQLSTATE of these, only the text, which the server sends in English unless `lc_messages`
/// says otherwise.
const SERVER_GONE_MESSAGES: &[&str] = &[
    "terminating connection due to administrator command",
    "terminating connection due to conflict with recovery",
    "terminating connection because of crash of another server process",
    "terminating connection due to unexpected postmaster exit",
    "the database system is shutting down",
    "the database system is starting up",
    "the database system is in recovery mode",
    "the database system is not yet accepting connections",
    "the database system is not accepting connections",
    "canceling statement due to conflict with recovery",
    "connection closed",
];

/// Server messages of a busy or slow database (SQLSTATE 53300, 57014 for a statement
/// timeout, 40P01, 55P03): a retry may cure them, and the connection stays usable.
const TRANSIENT_MESSAGES: &[&str] = &[
    "terminating connection due to idle-session timeout",
    "sorry, too many clients already",
    "remaining connection slots are reserved",
    "canceling statement due to statement timeout",
    "canceling statement due to lock timeout",
    "deadlock detected",
];

/// Server messages that mean a value held text PostgreSQL cannot store: a NUL in a `text`
/// parameter (SQLSTATE 22021) or a `\u0000` escape in `jsonb` (22P05). The domain refuses such
/// text before any store call; should a path miss it, the client still gets a 400, not a 500.
const UNSTORABLE_TEXT_MESSAGES: &[&str] =
    &["invalid byte sequence for encoding", "unsupported Unicode escape sequence"];

/// The description of the `INVALID_ARGUMENT` for text the database cannot store.
pub const UNSTORABLE_TEXT_MESSAGE: &str = "text must not contain the NUL character (U+0000)";

/// A constraint violation, named by its constraint, for the operation to interpret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Violation<'a> {
    /// A unique index or primary key (constraint name).
    Unique(&'a str),
    /// A foreign key (constraint name), on insert or update of the referencing row, or on
    /// delete of a referenced row under `ON DELETE RESTRICT`.
    ForeignKey(&'a str),
}

/// `UNAVAILABLE`: the database cannot be reached; a retry may cure it.
pub(crate) fn unavailable() -> Error {
    Error::Unavailable(UNAVAILABLE_MESSAGE.to_owned())
}

/// `UNAVAILABLE` for a sign that the server went away or is read-only (a failover): the
/// pool stops handing out the connections it opened so far, and the next checkouts connect
/// again, which a multi-host URL with `target_session_attrs=read-write` sends to the new
/// primary.
fn server_gone(detail: &str) -> Error {
    if crate::stale::mark_connections_stale() {
        tracing::warn!(detail, "the database server went away or became read-only: reconnecting");
    }
    unavailable()
}

/// `INTERNAL` with `detail` for the log.
pub(crate) fn internal(detail: impl Into<String>) -> Error {
    let detail = detail.into();
    tracing::error!(%detail, "postgres store failure");
    Error::internal(detail)
}

/// Maps a query error; `meaning` turns the constraint violations the operation expects into
/// domain errors and answers `None` for the rest, which are internal errors.
pub(crate) fn query_error(err: DieselError, meaning: impl FnOnce(Violation<'_>) -> Option<Error>) -> Error {
    // The commit failed and so did the rollback: the connection is gone unless the commit's
    // own error says otherwise. Whether the transaction committed is unknown, as for any
    // write whose answer was lost: the client sees UNAVAILABLE and may retry.
    if let DieselError::RollbackErrorOnCommit { commit_error, .. } = err {
        return match query_error(*commit_error, meaning) {
            Error::Internal { .. } => server_gone("a commit and its rollback failed"),
            mapped => mapped,
        };
    }
    match &err {
        DieselError::DatabaseError(kind, info) => {
            let constraint = info.constraint_name().unwrap_or_default();
            let mapped = match kind {
                DatabaseErrorKind::UniqueViolation => meaning(Violation::Unique(constraint)),
                DatabaseErrorKind::ForeignKeyViolation => meaning(Violation::ForeignKey(constraint)),
                // 25006: a write on a server that is (no longer) the primary, or that a failover
                // manager made read-only while it promotes another.
                DatabaseErrorKind::ClosedConnection
                | DatabaseErrorKind::UnableToSendCommand
                | DatabaseErrorKind::ReadOnlyTransaction => Some(server_gone(info.message())),
                DatabaseErrorKind::SerializationFailure => Some(unavailable()),
                _ if SERVER_GONE_MESSAGES.iter().any(|m| info.message().starts_with(m)) => {
                    Some(server_gone(info.message()))
                }
                _ if TRANSIENT_MESSAGES.iter().any(|m| info.message().starts_with(m)) => Some(unavailable()),
                _ if UNSTORABLE_TEXT_MESSAGES.iter().any(|m| info.message().starts_with(m)) => {
                    tracing::warn!(message = info.message(), "text the domain let through was refused by postgres");
                    Some(Error::invalid("", UNSTORABLE_TEXT_MESSAGE))
                }
                _ => None,
            };
            mapped.unwrap_or_else(|| {
                internal(format!(
                    "database error {kind:?} on {}: {}",
                    info.constraint_name().or(info.table_name()).unwrap_or("-"),
                    info.message()
                ))
            })
        }
        DieselError::BrokenTransactionManager => {
            tracing::warn!("postgres connection left in a broken transaction state");
            unavailable()
        }
        other => internal(format!("database query failed: {other}")),
    }
}

/// True when `err` is a foreign-key violation (whose meaning may need a follow-up query).
pub(crate) fn is_foreign_key_violation(err: &DieselError) -> bool {
    matches!(err, DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _))
}

/// Maps a query error for an operation that expects no constraint violation.
pub(crate) fn unexpected(err: DieselError) -> Error {
    query_error(err, |_| None)
}

/// Maps a failure to check a connection out of the pool.
pub(crate) fn pool_error(err: PoolError) -> Error {
    match err {
        PoolError::Timeout(kind) => {
            tracing::warn!(?kind, "timed out waiting for a postgres connection");
            unavailable()
        }
        PoolError::Backend(ManagerError::ConnectionError(e)) => connection_error(e),
        PoolError::Backend(ManagerError::QueryError(e)) => {
            tracing::warn!(error = %e, "postgres connection failed its health check");
            unavailable()
        }
        PoolError::Closed => unavailable(),
        PoolError::PostCreateHook(e) => {
            tracing::warn!(error = %e, "postgres connection setup failed");
            unavailable()
        }
        PoolError::NoRuntimeSpecified => internal("the connection pool has no async runtime"),
    }
}

/// Maps a failure to establish a connection: a bad URL is a configuration error, the rest
/// means the database cannot be reached.
pub(crate) fn connection_error(err: ConnectionError) -> Error {
    match err {
        // The URL may hold a password, so the parser's message is not repeated.
        ConnectionError::InvalidConnectionUrl(_) => internal("the database URL is not a valid connection string"),
        other => {
            tracing::warn!(error = %other, "cannot connect to postgres");
            unavailable()
        }
    }
}

/// A connection failure at start-up (migrations, the first connection), with its cause: an
/// operator reads it, not an API client, so "database x does not exist" or "password
/// authentication failed" is exactly what they need. Passwords never appear: the server's
/// messages do not repeat them, and the URL parser's message is not used.
pub(crate) fn startup_connection_error(err: ConnectionError, url: &str) -> Error {
    match err {
        ConnectionError::InvalidConnectionUrl(_) => internal(
            "the database URL is not a valid connection string (expected postgres://user[:password]@host[:port]/database)",
        ),
        other => Error::Unavailable(format!("cannot connect to the database: {}", explain(other.to_string().trim(), url))),
    }
}

/// The cause of a failed connection in words an operator acts on: authentication, TLS,
/// timeout, or (when the driver says only "error connecting to server") what a plain TCP
/// connection to the URL's host and port finds: refused, no answer, or no such host.
fn explain(message: &str, url: &str) -> String {
    let lower = message.to_ascii_lowercase();
    let cause = if lower.contains("password authentication failed")
        || lower.contains("authentication failed")
        || lower.contains("no pg_hba.conf entry")
        || lower.contains("password missing")
        || lower.contains("role") && lower.contains("does not exist")
    {
        "authentication failed"
    } else if lower.contains("tls") || lower.contains("ssl") {
        "TLS failed"
    } else if lower.contains("timeout") || lower.contains("timed out") {
        "timeout"
    } else if lower.starts_with("error connecting to server") {
        return match probe(url) {
            Some(found) => format!("{found} ({message})"),
            None => message.to_owned(),
        };
    } else {
        return message.to_owned();
    };
    format!("{cause}: {message}")
}

/// How long [`probe`] waits for the database's port.
const PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

/// What a TCP connection to the host and port of `url` finds, when it fails.
fn probe(url: &str) -> Option<String> {
    use std::net::ToSocketAddrs as _;
    let (host, port) = host_and_port(url)?;
    let target = format!("{host}:{port}");
    let addrs = match (host.trim_start_matches('[').trim_end_matches(']'), port).to_socket_addrs() {
        Ok(addrs) => addrs.collect::<Vec<_>>(),
        Err(e) => return Some(format!("the host {host} cannot be resolved: {e}")),
    };
    let mut outcome = None;
    for addr in addrs {
        match std::net::TcpStream::connect_timeout(&addr, PROBE_TIMEOUT) {
            Ok(_) => return None,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                outcome = Some(format!("connection refused by {target} (is PostgreSQL running and listening there?)"));
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                outcome = Some(format!("timeout: no answer from {target} within {} s", PROBE_TIMEOUT.as_secs()));
            }
            Err(e) => outcome = Some(format!("{target} cannot be reached: {e}")),
        }
    }
    outcome
}

/// The host and port of a `postgres://user:password@host:port/database?…` URL (5432 when
/// none is given); `None` for URLs without a host (Unix sockets).
fn host_and_port(url: &str) -> Option<(String, u16)> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?']).next()?;
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host_port.is_empty() {
        return None;
    }
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) if !port.contains(']') => (host, port.parse().ok()?),
        _ => (host_port, 5432),
    };
    Some((host.to_owned(), port))
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::result::DatabaseErrorInformation;

    #[test]
    fn a_refused_database_connection_says_refused_with_the_host_and_port() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        drop(listener);
        let url = format!("postgres://grove:secret@127.0.0.1:{port}/grove");
        let error = startup_connection_error(ConnectionError::BadConnection("error connecting to server".into()), &url);
        assert_eq!(
            error,
            Error::Unavailable(format!(
                "cannot connect to the database: connection refused by 127.0.0.1:{port} (is PostgreSQL running and \
                 listening there?) (error connecting to server)"
            ))
        );
    }

    #[test]
    fn database_connection_failures_name_their_cause() {
        let url = "postgres://grove@db.invalid/grove";
        let cases = [
            (
                "db error: FATAL: password authentication failed for user \"grove\"",
                "authentication failed: db error: FATAL: password authentication failed for user \"grove\"",
            ),
            (
                "error performing TLS handshake: server does not support TLS",
                "TLS failed: error performing TLS handshake: server does not support TLS",
            ),
            ("timeout waiting for server", "timeout: timeout waiting for server"),
        ];
        for (driver, said) in cases {
            let error = startup_connection_error(ConnectionError::BadConnection(driver.into()), url);
            assert_eq!(error, Error::Unavailable(format!("cannot connect to the database: {said}")));
        }
        let unresolved =
            startup_connection_error(ConnectionError::BadConnection("error connecting to server".into()), url);
        let Error::Unavailable(message) = unresolved else { panic!("{unresolved:?}") };
        assert!(
            message.starts_with("cannot connect to the database: the host db.invalid cannot be resolved"),
            "{message}"
        );
    }

    #[test]
    fn host_and_port_are_read_from_database_urls() {
        assert_eq!(host_and_port("postgres://u:p@db:6432/x?sslmode=require"), Some(("db".to_owned(), 6432)));
        assert_eq!(host_and_port("postgresql://db/x"), Some(("db".to_owned(), 5432)));
        assert_eq!(host_and_port("postgres://u@[::1]:5433/x"), Some(("[::1]".to_owned(), 5433)));
        assert_eq!(host_and_port("postgres:///x?host=/run/postgresql"), None);
    }

    use grove_domain::Code;

    struct Info {
        message: &'static str,
        constraint: Option<&'static str>,
    }

    impl DatabaseErrorInformation for Info {
        fn message(&self) -> &str {
            self.message
        }
        fn details(&self) -> Option<&str> {
            None
        }
        fn hint(&self) -> Option<&str> {
            None
        }
        fn table_name(&self) -> Option<&str> {
            Some("groups")
        }
        fn column_name(&self) -> Option<&str> {
            None
        }
        fn constraint_name(&self) -> Option<&str> {
            self.constraint
        }
        fn statement_position(&self) -> Option<i32> {
            None
        }
    }

    fn db(kind: DatabaseErrorKind, message: &'static str, constraint: Option<&'static str>) -> DieselError {
        DieselError::DatabaseError(kind, Box::new(Info { message, constraint }))
    }

    fn already_exists(v: Violation<'_>) -> Option<Error> {
        match v {
            Violation::Unique("groups_parent_name_key") => Some(Error::AlreadyExists("a group named x exists".into())),
            Violation::ForeignKey("groups_parent_fkey") => Some(Error::NotFound("group p does not exist".into())),
            _ => None,
        }
    }

    #[test]
    fn unique_violation_becomes_what_the_operation_says() {
        let err = query_error(
            db(DatabaseErrorKind::UniqueViolation, "duplicate key value", Some("groups_parent_name_key")),
            already_exists,
        );
        assert_eq!(err, Error::AlreadyExists("a group named x exists".into()));
    }

    #[test]
    fn foreign_key_violation_becomes_what_the_operation_says() {
        let err = query_error(
            db(DatabaseErrorKind::ForeignKeyViolation, "insert violates foreign key", Some("groups_parent_fkey")),
            already_exists,
        );
        assert_eq!(err, Error::NotFound("group p does not exist".into()));
    }

    #[test]
    fn foreign_key_violation_can_mean_a_failed_precondition() {
        let err = query_error(
            db(DatabaseErrorKind::ForeignKeyViolation, "delete violates foreign key", Some("role_bindings_role_fkey")),
            |_| Some(Error::precondition("RESOURCE_IN_USE", "cannot delete role that is bound to identities")),
        );
        assert_eq!(err.code(), Code::FailedPrecondition);
        assert_eq!(err.to_string(), "Precondition failed: cannot delete role that is bound to identities");
    }

    #[test]
    fn a_violation_the_operation_does_not_expect_is_internal_without_sql_text() {
        let err = query_error(
            db(DatabaseErrorKind::UniqueViolation, "duplicate key value violates \"tags_pkey\"", Some("tags_pkey")),
            already_exists,
        );
        assert_eq!(err.code(), Code::Internal);
        assert_eq!(err.to_string(), "Internal error: the server could not complete the request");
        let Error::Internal { detail } = err else { unreachable!() };
        assert!(detail.contains("tags_pkey"), "{detail}");
    }

    #[test]
    fn lost_connections_are_unavailable() {
        for err in [
            db(DatabaseErrorKind::ClosedConnection, "server closed the connection unexpectedly", None),
            db(DatabaseErrorKind::UnableToSendCommand, "connection closed", None),
            db(DatabaseErrorKind::Unknown, "terminating connection due to administrator command", None),
            db(DatabaseErrorKind::Unknown, "the database system is shutting down", None),
            db(DatabaseErrorKind::Unknown, "canceling statement due to statement timeout", None),
            db(DatabaseErrorKind::SerializationFailure, "could not serialize access", None),
            db(DatabaseErrorKind::Unknown, "deadlock detected", None),
            db(
                DatabaseErrorKind::Unknown,
                "remaining connection slots are reserved for roles with the SUPERUSER attribute",
                None,
            ),
            DieselError::BrokenTransactionManager,
        ] {
            let mapped = unexpected(err);
            assert_eq!(mapped, Error::Unavailable("the database is unavailable".into()));
            assert_eq!(mapped.to_string(), "Unavailable: the database is unavailable");
        }
    }

    #[test]
    fn a_write_on_a_read_only_server_is_unavailable_and_retires_the_open_connections() {
        let opened = std::time::Instant::now();
        std::thread::sleep(std::time::Duration::from_millis(1));
        let err = unexpected(db(
            DatabaseErrorKind::ReadOnlyTransaction,
            "cannot execute INSERT in a read-only transaction",
            None,
        ));
        assert_eq!(err, Error::Unavailable("the database is unavailable".into()));
        assert!(crate::stale::is_stale(opened), "connections opened before stay in the pool");
    }

    #[test]
    fn a_server_going_away_during_a_failover_is_unavailable_never_internal() {
        for message in [
            "terminating connection due to administrator command",
            "terminating connection because of crash of another server process",
            "the database system is not accepting connections",
            "the database system is shutting down",
        ] {
            assert_eq!(
                unexpected(db(DatabaseErrorKind::Unknown, message, None)),
                Error::Unavailable("the database is unavailable".into()),
                "{message}"
            );
        }
    }

    #[test]
    fn a_commit_lost_with_its_connection_is_unavailable() {
        let err = DieselError::RollbackErrorOnCommit {
            rollback_error: Box::new(db(DatabaseErrorKind::ClosedConnection, "connection closed", None)),
            commit_error: Box::new(db(DatabaseErrorKind::UnableToSendCommand, "connection closed", None)),
        };
        assert_eq!(unexpected(err), Error::Unavailable("the database is unavailable".into()));
        let unknown = DieselError::RollbackErrorOnCommit {
            rollback_error: Box::new(DieselError::BrokenTransactionManager),
            commit_error: Box::new(DieselError::NotFound),
        };
        assert_eq!(unexpected(unknown), Error::Unavailable("the database is unavailable".into()));
    }

    #[test]
    fn a_deferred_violation_at_commit_keeps_its_meaning() {
        let err = DieselError::RollbackErrorOnCommit {
            rollback_error: Box::new(DieselError::BrokenTransactionManager),
            commit_error: Box::new(db(
                DatabaseErrorKind::UniqueViolation,
                "duplicate key value",
                Some("groups_parent_name_key"),
            )),
        };
        assert_eq!(query_error(err, already_exists), Error::AlreadyExists("a group named x exists".into()));
    }

    #[test]
    fn text_the_database_cannot_store_is_invalid_argument() {
        for message in ["invalid byte sequence for encoding \"UTF8\": 0x00", "unsupported Unicode escape sequence"] {
            assert_eq!(
                unexpected(db(DatabaseErrorKind::Unknown, message, None)),
                Error::invalid("", UNSTORABLE_TEXT_MESSAGE)
            );
        }
    }

    #[test]
    fn other_database_errors_are_internal_and_hide_the_detail() {
        let err = unexpected(db(DatabaseErrorKind::Unknown, "relation \"groups\" does not exist", None));
        assert_eq!(err.code(), Code::Internal);
        assert!(!err.to_string().contains("relation"));
        let err = unexpected(DieselError::NotFound);
        assert_eq!(err.code(), Code::Internal);
    }

    #[test]
    fn pool_timeouts_and_closed_pools_are_unavailable() {
        for err in [
            PoolError::Timeout(deadpool::managed::TimeoutType::Wait),
            PoolError::Timeout(deadpool::managed::TimeoutType::Create),
            PoolError::Closed,
            PoolError::Backend(ManagerError::ConnectionError(ConnectionError::BadConnection(
                "connection refused".into(),
            ))),
            PoolError::Backend(ManagerError::QueryError(DieselError::BrokenTransactionManager)),
        ] {
            assert_eq!(pool_error(err), Error::Unavailable("the database is unavailable".into()));
        }
    }

    #[test]
    fn a_pool_without_runtime_is_internal() {
        assert_eq!(pool_error(PoolError::NoRuntimeSpecified).code(), Code::Internal);
    }

    #[test]
    fn an_invalid_url_is_internal_and_does_not_repeat_the_url() {
        let err = connection_error(ConnectionError::InvalidConnectionUrl("postgres://u:secret@h/db".into()));
        let Error::Internal { detail } = err else { panic!("expected internal") };
        assert!(!detail.contains("secret"));
    }

    #[test]
    fn connection_refused_is_unavailable() {
        let err = connection_error(ConnectionError::BadConnection("Connection refused (os error 111)".into()));
        assert_eq!(err, Error::Unavailable("the database is unavailable".into()));
    }
}
