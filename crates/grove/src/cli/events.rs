//! `grove events subscriptions create|list|delete`: the webhook subscriptions of groups,
//! over the API (`/events/v2beta1/subscriptions`); `grove events dead-letters
//! list|replay|delete`: the deliveries given up (`/events/v1alpha1/deadletters`).

use clap::Subcommand;
use grove_client::{Client, DeadLetter, ListOptions, Subscription, SubscriptionInput};

use super::auth::client;
use super::output::{print_list, print_one};
use super::resolve::Resolver;
use super::resources::{delete, list, ListArgs};
use super::Output;
use super::{CliError, Global};

/// `grove events` subcommands.
#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Webhook subscriptions: each posts the events of a group and the groups below it to a sink.
    Subscriptions {
        #[command(subcommand)]
        command: SubscriptionsCommand,
    },
    /// Dead letters: webhook deliveries given up, to list, replay or delete.
    DeadLetters {
        #[command(subcommand)]
        command: DeadLettersCommand,
    },
}

/// `grove events dead-letters`.
#[derive(Debug, Subcommand)]
pub enum DeadLettersCommand {
    /// List the dead letters of the subscriptions you may list (needs `subscriptions.list`).
    List {
        /// Only those of subscriptions in this group or below it: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        group: Option<String>,
        /// Only those of this subscription (its uid).
        #[arg(long, value_name = "UID")]
        subscription: Option<String>,
        /// Print at most this many (pages are followed until then) [default: all].
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Deliver a dead letter again to its subscription's sink, once; delivered, it is
    /// deleted (needs `subscriptions.create`).
    Replay {
        /// Its id.
        id: String,
    },
    /// Delete a dead letter without delivering it (needs `subscriptions.delete`).
    Delete {
        /// Its id.
        id: String,
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
        EventsCommand::DeadLetters { command } => match command {
            DeadLettersCommand::List { group, subscription, limit } => {
                let mut options = ListOptions::default();
                if let Some(group) = group {
                    options = options.descendants_of(&Resolver::new(&client).group(&group, None).await?);
                }
                if let Some(subscription) = subscription {
                    options = options.param("subscription", &subscription);
                }
                if let Some(size) = limit.and_then(|l| u32::try_from(l.clamp(1, 200)).ok()) {
                    options = options.page_size(size);
                }
                print_list(out, &dead_letters(&client, &options, limit).await?)
            }
            DeadLettersCommand::Replay { id } => {
                let replayed = client.replay_dead_letter(&id).await?;
                match out {
                    Output::Table => println!("replayed {id}: delivered to {}; deleted", replayed.dead_letter.sink),
                    Output::Id => println!("{id}"),
                    Output::Json | Output::Yaml => {
                        print!("{}", super::output::serialized(out, &replayed)?.unwrap_or_default());
                    }
                }
                Ok(())
            }
            DeadLettersCommand::Delete { id } => {
                client.delete_dead_letter(&id).await?;
                match out {
                    Output::Table => println!("deleted {id}"),
                    Output::Id => println!("{id}"),
                    Output::Json | Output::Yaml => {}
                }
                Ok(())
            }
        },
    }
}

/// The dead letters of `options`, page after page, at most `limit`.
async fn dead_letters(
    client: &Client,
    options: &ListOptions,
    limit: Option<usize>,
) -> Result<Vec<DeadLetter>, CliError> {
    let mut items = Vec::new();
    let mut token: Option<String> = None;
    loop {
        let page = client.dead_letters(options, token.as_deref()).await?;
        items.extend(page.items);
        if let Some(limit) = limit.filter(|l| items.len() >= *l) {
            items.truncate(limit);
            return Ok(items);
        }
        match page.next_page_token {
            Some(next) => token = Some(next),
            None => return Ok(items),
        }
    }
}
