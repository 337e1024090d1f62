//! Connection settings for the Postgres store, and URL redaction for logs.

use std::fmt;
use std::time::Duration;

/// How to reach Postgres and how to bound the pool.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresConfig {
    /// `postgres://user:password@host:port/database?…` (secret: never logged; see [`redact_url`]).
    pub url: String,
    /// Most connections the pool holds.
    pub max_connections: usize,
    /// Longest wait to open a connection, or to get one from a busy pool.
    pub connect_timeout: Duration,
    /// Longest a single statement may run (`SET statement_timeout` on every connection).
    pub statement_timeout: Duration,
    /// Write an event into the outbox with every change (the default). Off only where
    /// nothing consumes events: then no event is written at all.
    pub record_events: bool,
}

impl PostgresConfig {
    /// Default pool size.
    pub const DEFAULT_MAX_CONNECTIONS: usize = 16;
    /// Default connect (and pool wait) timeout.
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
    /// Default statement timeout.
    pub const DEFAULT_STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);

    /// Settings for `url` with the default pool size and timeouts.
    #[must_use]
    pub fn new(url: impl Into<String>) -> Self {
        Self {
            url: url.into(),
            max_connections: Self::DEFAULT_MAX_CONNECTIONS,
            connect_timeout: Self::DEFAULT_CONNECT_TIMEOUT,
            statement_timeout: Self::DEFAULT_STATEMENT_TIMEOUT,
            record_events: true,
        }
    }
}

impl PostgresConfig {
    /// The URL to connect with: [`Self::url`], plus a per-host `connect_timeout` when it names
    /// several hosts (`postgres://u@h1:p1,h2:p2/db?target_session_attrs=read-write`, the form
    /// for a failover formation) and sets none. Without one, a first host that drops packets
    /// (a dead machine, not a refused port) would use up the whole [`Self::connect_timeout`]
    /// and the next host would never be tried; with it, each host gets an equal share, at
    /// least one second (the parameter counts whole seconds).
    #[must_use]
    pub fn connection_url(&self) -> String {
        let Some((_, rest)) = self.url.split_once("://") else {
            return self.url.clone();
        };
        let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
        let hosts = rest[..authority_end].rsplit('@').next().unwrap_or_default().split(',').count();
        let query = rest[authority_end..].split_once('?').map_or("", |(_, q)| q);
        if hosts < 2 || query.split('&').any(|kv| kv.starts_with("connect_timeout=")) {
            return self.url.clone();
        }
        let per_host = (self.connect_timeout.as_secs() / hosts as u64).max(1);
        let separator = if rest[authority_end..].contains('?') { "&" } else { "?" };
        format!("{}{separator}connect_timeout={per_host}", self.url)
    }
}

impl fmt::Debug for PostgresConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PostgresConfig")
            .field("url", &redact_url(&self.url))
            .field("max_connections", &self.max_connections)
            .field("connect_timeout", &self.connect_timeout)
            .field("statement_timeout", &self.statement_timeout)
            .finish()
    }
}

/// `url` with any password replaced by `***`, fit for logs.
///
/// Handles the URL form (`postgres://user:secret@host/db`), a `password=` query parameter,
/// and the key-value form (`host=… password=secret`).
#[must_use]
pub fn redact_url(url: &str) -> String {
    let mut out = match url.split_once("://") {
        Some((scheme, rest)) => {
            let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
            let (authority, tail) = rest.split_at(authority_end);
            let authority = match authority.rsplit_once('@') {
                Some((userinfo, host)) => match userinfo.split_once(':') {
                    Some((user, _password)) => format!("{user}:***@{host}"),
                    None => authority.to_owned(),
                },
                None => authority.to_owned(),
            };
            format!("{scheme}://{authority}{tail}")
        }
        None => url.to_owned(),
    };
    // `password=` as a query parameter or as a key-value pair.
    let mut search_from = 0;
    while let Some(found) = out[search_from..].find("password=") {
        let start = search_from + found + "password=".len();
        let boundary = |c: char| c == '&' || c.is_whitespace();
        let end = out[start..].find(boundary).map_or(out.len(), |e| start + e);
        out.replace_range(start..end, "***");
        search_from = start + 3;
    }
    out
}

/// `url` pointing at database `database` instead (for throwaway test databases).
#[cfg(feature = "testing")]
pub(crate) fn with_database(url: &str, database: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return format!("{url} dbname={database}");
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let query = tail.find('?').map_or("", |q| &tail[q..]);
    format!("{scheme}://{authority}/{database}{query}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_the_password_of_a_url() {
        assert_eq!(redact_url("postgres://grove:s3cr3t@db:5432/grove"), "postgres://grove:***@db:5432/grove");
        assert_eq!(
            redact_url("postgres://grove:p@ss@db/grove?sslmode=disable"),
            "postgres://grove:***@db/grove?sslmode=disable"
        );
        assert_eq!(
            redact_url("postgres://postgres@127.0.0.1:5432/postgres"),
            "postgres://postgres@127.0.0.1:5432/postgres"
        );
        assert_eq!(redact_url("postgres://h/db?user=u&password=secret&x=1"), "postgres://h/db?user=u&password=***&x=1");
        assert_eq!(redact_url("host=h user=u password=secret dbname=d"), "host=h user=u password=*** dbname=d");
    }

    #[test]
    fn a_multi_host_url_gets_a_per_host_connect_timeout_unless_it_sets_one() {
        let config = |url: &str| PostgresConfig::new(url).connection_url();
        assert_eq!(
            config("postgres://grove@h1:5432,h2:5432/grove?target_session_attrs=read-write"),
            "postgres://grove@h1:5432,h2:5432/grove?target_session_attrs=read-write&connect_timeout=2"
        );
        assert_eq!(config("postgres://h1,h2,h3/grove"), "postgres://h1,h2,h3/grove?connect_timeout=1");
        assert_eq!(config("postgres://h1,h2"), "postgres://h1,h2?connect_timeout=2");
        assert_eq!(config("postgres://h1,h2/g?connect_timeout=7"), "postgres://h1,h2/g?connect_timeout=7");
        assert_eq!(config("postgres://grove@h1:5432/grove"), "postgres://grove@h1:5432/grove");
        assert_eq!(config("host=h1,h2 dbname=grove"), "host=h1,h2 dbname=grove");
    }

    #[test]
    fn debug_output_never_shows_the_password() {
        let config = PostgresConfig::new("postgres://grove:s3cr3t@db/grove");
        let shown = format!("{config:?}");
        assert!(!shown.contains("s3cr3t"), "{shown}");
        assert!(shown.contains("grove:***@db"), "{shown}");
    }

    #[cfg(feature = "testing")]
    #[test]
    fn swaps_the_database_of_a_url() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(with_database("postgres://u:p@h?sslmode=disable", "t1"), "postgres://u:p@h/t1?sslmode=disable");
        assert_eq!(with_database("postgres://h/db?x=1", "t1"), "postgres://h/t1?x=1");
    }
}
