//! `grove events subscriptions create|list|delete`: the webhook subscriptions of groups,
//! over the API (`/events/v2beta1/subscriptions`).

use clap::Subcommand;
use grove_client::{Subscription, SubscriptionInput};

use super::auth::client;
use super::output::print_one;
use super::resolve::Resolver;
use super::resources::{delete, list, ListArgs};
use super::{CliError, Global};

/// `grove events` subcommands.
#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Webhook subscriptions: each posts the events of a group and the groups below it to a sink.
    Subscriptions {
        #[command(subcommand)]
        command: SubscriptionsCommand,
    },
}

/// `grove events subscriptions`.
#[derive(Debug, Subcommand)]
pub enum SubscriptionsCommand {
    /// Subscribe a sink (an https URL) to the events of a group and every group below it.
    Create {
        /// The URL events are posted to, as CloudEvents in binary mode with a bearer token
        /// whose audience is the sink.
        sink: String,
        /// The group: a uid, a name or a path such as acme/eng.
        #[arg(long, value_name = "GROUP")]
        group: String,
    },
    /// List subscriptions (`--parent` the group they are in, `--under` anywhere below it).
    List(ListArgs),
    /// Delete a subscription.
    Delete {
        /// Its uid.
        uid: String,
    },
}

/// Runs an events command.
///
/// # Errors
/// A group that cannot be resolved, or a failed call.
pub async fn run(global: &Global, command: EventsCommand) -> Result<(), CliError> {
    let client = client(global).await?;
    let out = global.output;
    match command {
        EventsCommand::Subscriptions { command } => match command {
            SubscriptionsCommand::Create { sink, group } => {
                let group = Resolver::new(&client).group(&group, None).await?;
                let input = SubscriptionInput { sink: Some(sink) };
                print_one(out, &client.resources::<Subscription>().create(Some(&group), &input).await?)
            }
            SubscriptionsCommand::List(args) => list::<Subscription>(&client, out, &args, None).await,
            SubscriptionsCommand::Delete { uid } => delete::<Subscription>(&client, out, &uid).await,
        },
    }
}
