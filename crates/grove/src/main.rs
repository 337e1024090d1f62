//! The `grove` command: the server (`grove serve`) and its administration commands.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use grove::config::Config;
use grove::serve;

/// Grove: organizations, access control and image registry metadata.
#[derive(Debug, Parser)]
#[command(name = "grove", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the API server.
    Serve(ServeArgs),
}

#[derive(Debug, clap::Args)]
struct ServeArgs {
    /// Development mode: generated keys, a `dev` organization, and a printed API token.
    #[arg(long)]
    dev: bool,
    /// Address to listen on (default 127.0.0.1:8080).
    #[arg(long)]
    listen: Option<String>,
    /// Configuration file (default ./grove.toml when present).
    #[arg(long)]
    config: Option<PathBuf>,
    /// In dev mode, also write the `export GROVE_TOKEN=…` line to this file.
    #[arg(long)]
    dev_token_file: Option<PathBuf>,
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
        map
    }
}

fn init_logging(format: &str) {
    let filter = EnvFilter::try_from_env("GROVE_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => {
            let config = Config::load(args.config.as_deref(), &args.overrides())?;
            init_logging(&config.log_format);
            tokio::runtime::Runtime::new()?.block_on(serve::run(config))
        }
    }
}
