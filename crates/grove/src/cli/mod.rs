//! The command-line client on `grove-client`: `grove auth …` (log in by exchanging an
//! identity token or with a given token, print the current token), `grove iam …` and
//! `grove registry …` (list, get, create, update, delete). Errors end the process with one
//! line on standard error and exit code 1.

mod auth;
mod output;
mod resources;

use std::fmt::Display;

use clap::{Subcommand, ValueEnum};

pub use auth::AuthCommand;
pub use resources::{IamCommand, RegistryCommand};

/// The client's subcommands, flattened into the `grove` command.
#[derive(Debug, Subcommand)]
pub enum ClientCommand {
    /// Log in, print the current API token, show or forget the login.
    Auth {
        #[command(flatten)]
        global: Global,
        #[command(subcommand)]
        command: Box<AuthCommand>,
    },
    /// Groups, identities, roles and role bindings.
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
}

/// Options every client command takes.
#[derive(Debug, Clone, clap::Args)]
pub struct Global {
    /// The API address [default: the one logged in to, else http://127.0.0.1:8080].
    #[arg(long, global = true, env = "GROVE_API", value_name = "URL")]
    pub api: Option<String>,
    /// How results are printed.
    #[arg(long, global = true, value_enum, default_value_t = Output::Table, env = "GROVE_OUTPUT")]
    pub output: Output,
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Output {
    /// Aligned columns.
    Table,
    /// JSON as the API returns it (lists as one array).
    Json,
}

/// A failure of a client command, printed as one line.
#[derive(Debug)]
pub struct CliError(String);

impl CliError {
    /// An error saying `message`.
    pub fn new(message: impl Display) -> Self {
        Self(message.to_string())
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        Self(e.to_string())
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
            ClientCommand::Iam { global, command } => resources::run_iam(&global, *command).await,
            ClientCommand::Registry { global, command } => resources::run_registry(&global, *command).await,
        }
    });
    match result {
        Ok(()) => 0,
        Err(e) => fail(&e),
    }
}

fn fail(e: &CliError) -> i32 {
    let line: String = e.0.split_whitespace().collect::<Vec<_>>().join(" ");
    eprintln!("grove: {line}");
    1
}
