//! The `grove` command: the server (`grove serve`), its administration commands, and the
//! command-line client (`cli`).

mod cli;

use std::path::PathBuf;

use clap::{CommandFactory as _, Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use grove::config::Config;
use grove::serve;

/// mimalloc instead of glibc's malloc: requests allocate many small, short-lived buffers
/// (rows, JSON, headers), which glibc's arenas serve slowly (see BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Grove: organizations, access control and image registry metadata.
#[derive(Debug, Parser)]
#[command(name = "grove", version = grove::version::LONG, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the API server.
    Serve(ServeArgs),
    /// Apply pending database migrations (or, with --status or --dry-run, only report them).
    Migrate(MigrateArgs),
    /// Administration commands that act on the database directly.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Write advisories (administration path, straight to the database).
    Advisories {
        #[command(subcommand)]
        command: AdvisoriesCommand,
    },
    #[command(flatten)]
    Client(cli::ClientCommand),
    /// Print a shell completion script: `grove completions bash > /etc/bash_completion.d/grove`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (`grove man | man -l -`), or with --out-dir write one page per
    /// command there (`grove.1`, `grove-serve.1`, …).
    Man {
        /// The directory to write every page to.
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
enum AdminCommand {
    /// Create (or find) an organization with an owner identity for an OIDC issuer and subject,
    /// and print their uids as JSON.
    Bootstrap {
        /// The organization's name.
        #[arg(long)]
        org: String,
        /// The OIDC issuer URL of the owner's tokens.
        #[arg(long)]
        issuer: String,
        /// The OIDC subject of the owner's tokens.
        #[arg(long)]
        subject: String,
        /// The owner identity's name.
        #[arg(long, default_value = "owner")]
        identity_name: String,
        /// The audience the owner's tokens carry (default: the server's auth_url).
        #[arg(long)]
        audience: Option<String>,
        /// When the owner identity exists with another issuer, subject or audience, change
        /// it to these (without this, the command refuses and exits non-zero).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Seal every stored client secret under the first key of secrets.key_encryption_keys
    /// (legacy plain ones, and ones under an older key, which must still be configured);
    /// prints the counts as JSON.
    RotateSecrets {
        #[command(flatten)]
        store: StoreArgs,
    },
    /// The event outbox: its backlog, and webhook deliveries given up (dead letters).
    Events {
        #[command(subcommand)]
        command: EventsCommand,
    },
}

#[derive(Debug, Subcommand)]
enum AdvisoriesCommand {
    /// Import OSV records (a JSON file, a zip as published per ecosystem, or a directory of
    /// both); prints a summary as JSON, progress and skipped records on standard error.
    Import {
        /// The file or directory.
        path: PathBuf,
        /// The organization (group uid) the advisories belong to; default `advisory_catalog`.
        #[arg(long)]
        org: Option<String>,
        /// The author of the imported advisories and events.
        #[arg(long, default_value = "osv-import")]
        author: String,
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Import COUNT synthetic OSV records (for scale tests), reporting the rate.
    Generate {
        /// How many records.
        count: u64,
        /// The organization (group uid); default `advisory_catalog`.
        #[arg(long)]
        org: Option<String>,
        /// The author of the generated advisories and events.
        #[arg(long, default_value = "generator")]
        author: String,
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Record a triage event on an advisory; prints the advisory.
    AddEvent {
        /// The advisory's uid.
        advisory: String,
        /// Who recorded the event.
        #[arg(long)]
        author: String,
        /// Who reviewed it.
        #[arg(long, default_value = "")]
        reviewer: String,
        /// pending, approved, request_changes or rejected.
        #[arg(long, default_value = "pending")]
        review_state: String,
        /// The issue it came from.
        #[arg(long)]
        issue: Option<String>,
        /// A JSON file of scanner findings.
        #[arg(long)]
        findings: Option<PathBuf>,
        /// The event type as the API writes it, e.g. '{"fixed": {"fixedVersion": "1.2.3"}}' or
        /// '{"falsePositiveDetermination": {"type": "TYPE_VULNERABLE_CODE_NOT_IN_EXECUTION_PATH", "note": "…"}}';
        /// unknown fields are refused.
        #[arg(long = "event")]
        detail: String,
        #[command(flatten)]
        store: StoreArgs,
    },
}

#[derive(Debug, Subcommand)]
enum EventsCommand {
    /// Print the number of undelivered events and the time of the oldest, as JSON.
    Backlog {
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Print the dead letters, oldest first, one JSON object per line.
    DeadLetters {
        /// Most dead letters printed.
        #[arg(long, default_value_t = 100)]
        limit: usize,
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Deliver a dead letter again; it is deleted when delivered.
    Replay {
        /// The dead letter's id.
        id: String,
        #[command(flatten)]
        store: StoreArgs,
    },
}

/// `grove migrate`.
#[derive(Debug, clap::Args)]
struct MigrateArgs {
    /// Print every migration as applied or pending; change nothing.
    #[arg(long, conflicts_with = "dry_run")]
    status: bool,
    /// Print the migrations that would be applied; change nothing.
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    store: StoreArgs,
}

/// Where the database is.
#[derive(Debug, clap::Args)]
struct StoreArgs {
    /// PostgreSQL URL (or GROVE_DATABASE_URL).
    #[arg(long)]
    database_url: Option<String>,
    /// Configuration file (default ./grove.toml when present).
    #[arg(long)]
    config: Option<PathBuf>,
}

impl StoreArgs {
    fn load(&self) -> anyhow::Result<Config> {
        let mut overrides = serde_json::Map::new();
        if let Some(url) = &self.database_url {
            overrides.insert("database_url".into(), url.clone().into());
        }
        Config::load(self.config.as_deref(), &overrides)
    }
}

#[derive(Debug, clap::Args)]
struct ServeArgs {
    /// Development mode: generated keys, a `dev` organization, and a printed API token.
    #[arg(long)]
    dev: bool,
    /// Address to listen on, HOST:PORT (default 127.0.0.1:8080).
    #[arg(long, value_parser = parse_listen)]
    listen: Option<String>,
    /// Configuration file (default ./grove.toml when present).
    #[arg(long)]
    config: Option<PathBuf>,
    /// In dev mode, also write the `export GROVE_TOKEN=…` line to this file.
    #[arg(long)]
    dev_token_file: Option<PathBuf>,
    /// PostgreSQL URL (or GROVE_DATABASE_URL); without one Grove runs on the in-memory store.
    #[arg(long)]
    database_url: Option<String>,
    /// Do not apply database migrations at start.
    #[arg(long)]
    no_migrate: bool,
    /// Log lines as `text` or `json` (`log_format`).
    #[arg(long, value_parser = ["text", "json"])]
    log_format: Option<String>,
}

impl ServeArgs {
    fn overrides(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        if self.dev {
            map.insert("dev".into(), true.into());
        }
        if let Some(listen) = &self.listen {
            map.insert("listen".into(), listen.clone().into());
        }
        if let Some(path) = &self.dev_token_file {
            map.insert("dev_token_file".into(), path.display().to_string().into());
        }
        if let Some(url) = &self.database_url {
            map.insert("database_url".into(), url.clone().into());
        }
        if self.no_migrate {
            map.insert("no_migrate".into(), true.into());
        }
        if let Some(format) = &self.log_format {
            map.insert("log_format".into(), format.clone().into());
        }
        map
    }
}

/// `--listen`: an IP address and a port.
fn parse_listen(text: &str) -> Result<String, String> {
    match text.parse::<std::net::SocketAddr>() {
        Ok(_) => Ok(text.to_owned()),
        Err(_) if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) => {
            Err(format!("expected HOST:PORT, e.g. 127.0.0.1:{text} or 0.0.0.0:{text}"))
        }
        Err(_) => Err("expected HOST:PORT with an IP address, e.g. 127.0.0.1:8080".to_owned()),
    }
}

fn init_logging(format: &str) {
    let filter = EnvFilter::try_from_env("GROVE_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    // Colours only for a person at a terminal, never in files or log collectors.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi);
    if format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}

/// The client commands, which take `--api` and `-o`.
const CLIENT_COMMANDS: &[&str] = &["auth", "iam", "registry", "events", "api", "version"];

/// `grove --api URL -o json iam groups list` as `grove iam --api URL -o json groups list`:
/// the client's global flags are accepted before the command too (clap only knows them
/// from the command on).
fn hoist_global_flags(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut leading = Vec::new();
    let mut i = 1;
    while let Some(arg) = args.get(i).and_then(|a| a.to_str()) {
        let takes_value = matches!(arg, "--api" | "-o" | "--output");
        let inline =
            arg.starts_with("--api=") || arg.starts_with("--output=") || (arg.starts_with("-o") && arg.len() > 2);
        if takes_value && i + 1 < args.len() {
            leading.extend_from_slice(&args[i..i + 2]);
            i += 2;
        } else if inline {
            leading.push(args[i].clone());
            i += 1;
        } else {
            break;
        }
    }
    let is_client = args.get(i).and_then(|a| a.to_str()).is_some_and(|c| CLIENT_COMMANDS.contains(&c));
    if leading.is_empty() || !is_client {
        return args;
    }
    let mut hoisted = vec![args[0].clone(), args[i].clone()];
    hoisted.extend(leading);
    hoisted.extend_from_slice(&args[i + 1..]);
    hoisted
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse_from(hoist_global_flags(std::env::args_os().collect()));
    match cli.command {
        Command::Client(command) => std::process::exit(cli::run(command)),
        Command::Completions { shell } => Ok(cli::completions::print(shell, &mut Cli::command())?),
        Command::Man { out_dir } => Ok(cli::man::write(Cli::command(), out_dir.as_deref())?),
        Command::Serve(args) => {
            let config = Config::load(args.config.as_deref(), &args.overrides())?;
            init_logging(&config.log_format);
            tokio::runtime::Runtime::new()?.block_on(serve::run(config))
        }
        Command::Migrate(MigrateArgs { status, dry_run, store }) => {
            let config = store.load()?;
            init_logging(&config.log_format);
            let runtime = tokio::runtime::Runtime::new()?;
            match (status, dry_run) {
                (true, _) => runtime.block_on(grove::admin::migrate_report(&config, grove::admin::MigrateMode::Status)),
                (_, true) => runtime.block_on(grove::admin::migrate_report(&config, grove::admin::MigrateMode::DryRun)),
                _ => runtime.block_on(grove::admin::migrate(&config)),
            }
        }
        Command::Admin {
            command: AdminCommand::Bootstrap { org, issuer, subject, identity_name, audience, force, store },
        } => {
            let config = store.load()?;
            init_logging(&config.log_format);
            let request = grove::admin::BootstrapRequest { org, issuer, subject, identity_name, audience, force };
            let made = tokio::runtime::Runtime::new()?.block_on(grove::admin::bootstrap(&config, &request))?;
            println!("{made}");
            Ok(())
        }
        Command::Advisories { command } => {
            let runtime = tokio::runtime::Runtime::new()?;
            let value = match command {
                AdvisoriesCommand::Import { path, org, author, store } => {
                    let config = store.load()?;
                    init_logging(&config.log_format);
                    let report =
                        runtime.block_on(grove::advisories::import_command(&config, org.as_deref(), &author, &path))?;
                    report.to_json()
                }
                AdvisoriesCommand::Generate { count, org, author, store } => {
                    let config = store.load()?;
                    init_logging(&config.log_format);
                    runtime
                        .block_on(grove::advisories::generate_command(&config, org.as_deref(), &author, count))?
                        .to_json()
                }
                AdvisoriesCommand::AddEvent {
                    advisory,
                    author,
                    reviewer,
                    review_state,
                    issue,
                    findings,
                    detail,
                    store,
                } => {
                    let config = store.load()?;
                    init_logging(&config.log_format);
                    let request = grove::advisories::AddEvent {
                        advisory,
                        author,
                        reviewer,
                        review_state,
                        issue,
                        findings,
                        detail,
                    };
                    runtime.block_on(grove::advisories::add_event_command(&config, request))?
                }
            };
            println!("{value}");
            Ok(())
        }
        Command::Admin { command: AdminCommand::RotateSecrets { store } } => {
            let config = store.load()?;
            init_logging(&config.log_format);
            let done = tokio::runtime::Runtime::new()?.block_on(grove::admin::rotate_secrets(&config))?;
            eprintln!(
                "re-encrypted {} client secrets under key-encryption key {} ({} stored in plain text before)",
                done["resealed"],
                done["keyId"].as_str().unwrap_or_default(),
                done["legacyPlain"]
            );
            println!("{done}");
            Ok(())
        }
        Command::Admin { command: AdminCommand::Events { command } } => {
            let runtime = tokio::runtime::Runtime::new()?;
            match command {
                EventsCommand::Backlog { store } => {
                    let config = store.load()?;
                    init_logging(&config.log_format);
                    println!("{}", runtime.block_on(grove::admin::event_backlog(&config))?);
                }
                EventsCommand::DeadLetters { limit, store } => {
                    let config = store.load()?;
                    init_logging(&config.log_format);
                    for letter in runtime.block_on(grove::admin::dead_letters(&config, limit))? {
                        println!("{letter}");
                    }
                }
                EventsCommand::Replay { id, store } => {
                    let config = store.load()?;
                    init_logging(&config.log_format);
                    println!("{}", runtime.block_on(grove::admin::replay_dead_letter(&config, &id))?);
                }
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hoisted(line: &str) -> String {
        let args = line.split(' ').map(std::ffi::OsString::from).collect();
        hoist_global_flags(args).into_iter().map(|a| a.into_string().unwrap()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn global_flags_before_a_client_command_move_after_it() {
        assert_eq!(
            hoisted("grove --api http://x -o json iam groups list"),
            "grove iam --api http://x -o json groups list"
        );
        assert_eq!(
            hoisted("grove --output=yaml -oid registry repos list"),
            "grove registry --output=yaml -oid repos list"
        );
        assert_eq!(hoisted("grove iam --api http://x groups list"), "grove iam --api http://x groups list");
        assert_eq!(
            hoisted("grove --api http://x serve --dev"),
            "grove --api http://x serve --dev",
            "serve has no --api"
        );
        let parsed = Cli::try_parse_from(hoist_global_flags(
            "grove --api http://x -o json iam groups list".split(' ').map(Into::into).collect(),
        ))
        .unwrap();
        let Command::Client(cli::ClientCommand::Iam { global, .. }) = parsed.command else { panic!("{parsed:?}") };
        assert_eq!((global.api.as_deref(), global.output), (Some("http://x"), cli::Output::Json));
    }

    #[test]
    fn the_command_definitions_are_consistent() {
        Cli::command().debug_assert();
    }
}
