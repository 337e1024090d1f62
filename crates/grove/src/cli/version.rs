//! `grove version`: this program's version and commit, and the server's (`GET /version`)
//! when an API address is known.

use grove::version::{COMMIT, VERSION};
use grove_client::{Client, ClientError};

use super::auth::load;
use super::output::serialized;
use super::{CliError, Global};

/// How the server's version reads: `0.1.0 (abc1234)`, or why it is not known.
fn server_line(answer: &Result<grove_client::ServerVersion, ClientError>) -> String {
    match answer {
        Ok(server) => format!("{} ({})", server.version, server.commit),
        Err(e @ ClientError::Transport { .. }) => format!("unreachable ({e})"),
        Err(e) => format!("unknown ({e})"),
    }
}

/// Runs `grove version`: the server is asked when `--api`/`GROVE_API` is given or a login is
/// stored; failing to reach it is reported, not an error.
pub async fn run(global: &Global) -> Result<(), CliError> {
    let api = global.api.clone().or_else(|| load().ok().flatten().map(|c| c.api));
    let server = match &api {
        Some(api) => Some(Client::new(api)?.server_version().await),
        None => None,
    };
    let value = serde_json::json!({
        "client": {"version": VERSION, "commit": COMMIT},
        "server": server.as_ref().map(|answer| match answer {
            Ok(v) => serde_json::json!({"api": api, "version": v.version, "commit": v.commit}),
            Err(e) => serde_json::json!({"api": api, "error": e.to_string()}),
        }),
    });
    match serialized(global.output, &value)? {
        Some(text) => print!("{text}"),
        None => {
            println!("client: {VERSION} ({COMMIT})");
            if let Some(answer) = &server {
                println!("server: {}", server_line(answer));
            }
        }
    }
    Ok(())
}
