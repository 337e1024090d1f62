//! The command-line client on `grove-client`: `grove auth …` (log in by exchanging an
//! identity token or with a given token, print the current token, check it with the server),
//! `grove iam …` and `grove registry …` (list, get, create, update, delete; names where uids
//! are), `grove audit list` (the audit trail), `grove version` and `grove completions`. Errors end the process with one line on
//! standard error and exit code 1.

mod api;
mod audit;
mod auth;
pub mod completions;
mod events;
mod login;
pub mod man;
mod output;
mod people;
mod resolve;
mod resources;
mod tree;
mod version;

use std::fmt::{self, Display};

use clap::{Subcommand, ValueEnum};
use grove_client::ClientError;

pub use audit::AuditCommand;
pub use auth::AuthCommand;
pub use resources::{IamCommand, RegistryCommand};

/// The client's subcommands, flattened into the `grove` command.
#[derive(Debug, Subcommand)]
pub enum ClientCommand {
    /// Log in, print the current API token, check it with the server, or forget the login.
    Auth {
        #[command(flatten)]
        global: Global,
        #[command(subcommand)]
        command: Box<AuthCommand>,
    },
    /// Groups, identities, roles, role bindings, identity providers, invites, account
    /// associations and terms.
    Iam {
        #[command(flatten)]
        global: Global,
        #[command(subcommand)]
        command: Box<IamCommand>,
    },
    /// Registry repos and tags.
    Registry {
        #[command(flatten)]
        global: Global,
        #[command(subcommand)]
        command: Box<RegistryCommand>,
    },
    /// One raw call to the API with the stored login: `grove api GET /iam/v2beta1/groups`,
    /// `grove api POST /iam/v2beta1/groups/ORG -d '{"name": "eng"}'`.
    Api {
        #[command(flatten)]
        global: Global,
        #[command(flatten)]
        args: api::ApiArgs,
    },
    /// Webhook subscriptions of groups.
    Events {
        #[command(flatten)]
        global: Global,
        #[command(subcommand)]
        command: Box<events::EventsCommand>,
    },
    /// The audit trail: who changed what, when, through which request and transport.
    Audit {
        #[command(flatten)]
        global: Global,
        #[command(subcommand)]
        command: Box<AuditCommand>,
    },
    /// Print this program's version and commit, and the server's when an API is known (`--api`,
    /// `GROVE_API` or the stored login).
    Version {
        #[command(flatten)]
        global: Global,
    },
}

/// Options every client command takes.
#[derive(Debug, Clone, clap::Args)]
pub struct Global {
    /// The API address [default: the one logged in to, else http://127.0.0.1:8080].
    #[arg(long, global = true, env = "GROVE_API", value_name = "URL")]
    pub api: Option<String>,
    /// How results are printed.
    #[arg(short = 'o', long, global = true, value_enum, default_value_t = Output::Table, env = "GROVE_OUTPUT")]
    pub output: Output,
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Output {
    /// Aligned columns.
    Table,
    /// JSON as the API returns it (lists as one array).
    Json,
    /// The same data as YAML.
    Yaml,
    /// Only the uids, one per line.
    Id,
}

/// A failure of a client command, printed as one line.
#[derive(Debug)]
pub enum CliError {
    /// A failure the command describes itself.
    Message(String),
    /// A failed call to the server, as the client reports it.
    Client(ClientError),
}

impl CliError {
    /// An error saying `message`.
    pub fn new(message: impl Display) -> Self {
        Self::Message(message.to_string())
    }
}

impl Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Message(message) => f.write_str(message),
            Self::Client(e) => e.fmt(f),
        }
    }
}

impl From<ClientError> for CliError {
    fn from(e: ClientError) -> Self {
        Self::Client(e)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        Self::new(e)
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        Self::new(e)
    }
}

impl From<serde_norway::Error> for CliError {
    fn from(e: serde_norway::Error) -> Self {
        Self::new(e)
    }
}

/// Runs a client command; returns the process exit code.
#[must_use]
pub fn run(command: ClientCommand) -> i32 {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&CliError::from(e)),
    };
    let result = runtime.block_on(async {
        match command {
            ClientCommand::Auth { global, command } => auth::run(&global, *command).await,
            ClientCommand::Iam { global, command } => {
                resources::run_iam(&global, *command).await.map_err(explain_rejection)
            }
            ClientCommand::Registry { global, command } => {
                resources::run_registry(&global, *command).await.map_err(explain_rejection)
            }
            ClientCommand::Api { global, args } => api::run(&global, args).await.map_err(explain_rejection),
            ClientCommand::Events { global, command } => {
                events::run(&global, *command).await.map_err(explain_rejection)
            }
            ClientCommand::Audit { global, command } => audit::run(&global, *command).await.map_err(explain_rejection),
            ClientCommand::Version { global } => version::run(&global).await,
        }
    });
    match result {
        Ok(()) => 0,
        Err(e) => fail(&e),
    }
}

/// A 401 answer to a resource command says the token is no good: say why, and what to do.
fn explain_rejection(e: CliError) -> CliError {
    match &e {
        CliError::Client(client) => match client.token_rejection() {
            Some(reason) => auth::rejected(reason),
            None => e,
        },
        CliError::Message(_) => e,
    }
}

fn fail(e: &CliError) -> i32 {
    let line: String = e.to_string().split_whitespace().collect::<Vec<_>>().join(" ");
    eprintln!("grove: {line}");
    1
}
