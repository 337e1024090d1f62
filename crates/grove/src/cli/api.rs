//! `grove api METHOD PATH [-d BODY]`: one raw call to the API with the stored login (as
//! `gh api` does), printing the JSON answer. For the calls the other commands do not cover.

use grove_client::Client;
use serde_json::Value;

use super::auth::client;
use super::{CliError, Global, Output};

/// What `grove api` is asked to send.
#[derive(Debug, Clone, clap::Args)]
pub struct ApiArgs {
    /// The HTTP method: GET, POST, PATCH, PUT or DELETE.
    #[arg(value_parser = ["GET", "POST", "PATCH", "PUT", "DELETE", "get", "post", "patch", "put", "delete"])]
    method: String,
    /// The path, with its query string: `/iam/v2beta1/groups?uidp.in_root=true`.
    path: String,
    /// The JSON body; `@FILE` reads it from a file, `-` from standard input.
    #[arg(short = 'd', long = "data", value_name = "BODY")]
    data: Option<String>,
}

/// Sends the call and prints the answer (JSON, or YAML with `-o yaml`).
///
/// # Errors
/// A path that does not start with `/`, a body that is not JSON, or a failed call.
pub async fn run(global: &Global, args: ApiArgs) -> Result<(), CliError> {
    let client = client(global).await?;
    let answer = call(&client, &args).await?;
    match global.output {
        Output::Yaml => print!("{}", serde_norway::to_string(&answer)?),
        Output::Table | Output::Json | Output::Id => {
            if !answer.is_null() {
                println!("{}", serde_json::to_string_pretty(&answer)?);
            }
        }
    }
    Ok(())
}

async fn call(client: &Client, args: &ApiArgs) -> Result<Value, CliError> {
    if !args.path.starts_with('/') {
        return Err(CliError::new(format!(
            "the path must start with '/', such as /iam/v2beta1/groups (got {:?})",
            args.path
        )));
    }
    let (path, query) = args.path.split_once('?').unwrap_or((&args.path, ""));
    let query: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let body = match args.data.as_deref() {
        None => None,
        Some(text) => Some(body(text)?),
    };
    let method = reqwest::Method::from_bytes(args.method.to_ascii_uppercase().as_bytes())
        .map_err(|_| CliError::new(format!("{:?} is not an HTTP method", args.method)))?;
    Ok(client.send(method, path, &query, body.as_ref()).await?)
}

/// The JSON of `-d`: given inline, from `@FILE`, or from standard input (`-`).
fn body(arg: &str) -> Result<Value, CliError> {
    let text = match arg {
        "-" => std::io::read_to_string(std::io::stdin().lock())?,
        _ if arg.starts_with('@') => std::fs::read_to_string(&arg[1..])
            .map_err(|e| CliError::new(format!("reading the body from {}: {e}", &arg[1..])))?,
        _ => arg.to_owned(),
    };
    serde_json::from_str(&text).map_err(|e| CliError::new(format!("-d: the body is not JSON: {e}")))
}
