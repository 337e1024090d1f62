//! `grove audit list`: the audit trail (who did what, through which request and transport),
//! newest first, filtered by group, actor, event type and time.

use clap::Subcommand;
use grove_client::{AuditEntry, Client, ListOptions};

use super::auth::client;
use super::output::print_list;
use super::resolve::Resolver;
use super::{CliError, Global};

/// `grove audit` subcommands.
#[derive(Debug, Subcommand)]
pub enum AuditCommand {
    /// List audit entries (needs `audit.list`, which the owner role grants), newest first.
    List(AuditListArgs),
}

/// Filters of `grove audit list`.
#[derive(Debug, Clone, clap::Args)]
pub struct AuditListArgs {
    /// Only changes in this group and below it: a uid, a name or a group path.
    #[arg(long, value_name = "GROUP")]
    group: Option<String>,
    /// Only changes by this actor: an identity or identity provider uid, or `system`.
    #[arg(long, value_name = "UID")]
    actor: Option<String>,
    /// Only changes of this event type (repeat for several), such as
    /// dev.chainguard.api.iam.rolebindings.created.v1.
    #[arg(long = "type", value_name = "TYPE")]
    types: Vec<String>,
    /// Only changes since this long ago (`90s`, `15m`, `1h`, `7d`) or this RFC 3339 time.
    #[arg(long, value_name = "WHEN")]
    since: Option<String>,
    /// Only changes before this long ago or this RFC 3339 time.
    #[arg(long, value_name = "WHEN")]
    until: Option<String>,
    /// Oldest first instead of newest first.
    #[arg(long)]
    oldest_first: bool,
    /// Print at most this many (pages are followed until then) [default: all].
    #[arg(long)]
    limit: Option<usize>,
}

/// Runs a `grove audit` subcommand.
pub async fn run(global: &Global, command: AuditCommand) -> Result<(), CliError> {
    let client = client(global).await?;
    match command {
        AuditCommand::List(args) => {
            let options = options(&args, Resolver::new(&client), chrono::Utc::now()).await?;
            print_list(global.output, &entries(&client, &options, args.limit).await?)
        }
    }
}

/// The list options of `args`, times relative to `now`.
async fn options(
    args: &AuditListArgs,
    resolver: Resolver<'_>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<ListOptions, CliError> {
    let mut options = ListOptions::default();
    if let Some(group) = &args.group {
        options = options.descendants_of(&resolver.group(group, None).await?);
    }
    if let Some(actor) = &args.actor {
        options = options.param("actor", actor);
    }
    for t in &args.types {
        options = options.param("type", t);
    }
    if let Some(since) = &args.since {
        options = options.param("since", &when("--since", since, now)?);
    }
    if let Some(until) = &args.until {
        options = options.param("until", &when("--until", until, now)?);
    }
    if args.oldest_first {
        options = options.order_by("create_time asc");
    }
    if let Some(limit) = args.limit.and_then(|l| u32::try_from(l.clamp(1, 200)).ok()) {
        options = options.page_size(limit);
    }
    Ok(options)
}

/// `text` (a duration before `now`, or an RFC 3339 time) as RFC 3339.
fn when(flag: &str, text: &str, now: chrono::DateTime<chrono::Utc>) -> Result<String, CliError> {
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&chrono::Utc).to_rfc3339_opts(chrono::SecondsFormat::Millis, true));
    }
    let invalid = || {
        CliError::new(format!(
            "{flag} {text:?} is neither a duration such as 90s, 15m, 1h or 7d nor an RFC 3339 time such as \
             2026-11-29T08:00:00Z"
        ))
    };
    let split = text.find(|c: char| !c.is_ascii_digit()).ok_or_else(invalid)?;
    let (number, unit) = text.split_at(split);
    let n: i64 = number.parse().map_err(|_| invalid())?;
    let seconds = match unit {
        "s" => n,
        "m" => n.checked_mul(60).ok_or_else(invalid)?,
        "h" => n.checked_mul(3600).ok_or_else(invalid)?,
        "d" => n.checked_mul(86_400).ok_or_else(invalid)?,
        _ => return Err(invalid()),
    };
    let then = chrono::Duration::try_seconds(seconds).and_then(|d| now.checked_sub_signed(d)).ok_or_else(invalid)?;
    Ok(then.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
}

/// The entries of `options`, page after page, at most `limit`.
async fn entries(client: &Client, options: &ListOptions, limit: Option<usize>) -> Result<Vec<AuditEntry>, CliError> {
    let mut items = Vec::new();
    let mut token: Option<String> = None;
    loop {
        let page = client.audit_entries(options, token.as_deref()).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn since_takes_a_duration_before_now_or_an_rfc_3339_time() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-11-29T10:00:00Z").unwrap().with_timezone(&chrono::Utc);
        assert_eq!(when("--since", "1h", now).unwrap(), "2026-11-29T09:00:00.000Z");
        assert_eq!(when("--since", "90s", now).unwrap(), "2026-11-29T09:58:30.000Z");
        assert_eq!(when("--since", "7d", now).unwrap(), "2026-11-22T10:00:00.000Z");
        assert_eq!(when("--since", "2026-11-29T08:00:00+01:00", now).unwrap(), "2026-11-29T07:00:00.000Z");
        let err = when("--since", "yesterday", now).unwrap_err().to_string();
        assert_eq!(
            err,
            "--since \"yesterday\" is neither a duration such as 90s, 15m, 1h or 7d nor an RFC 3339 time such as \
             2026-11-29T08:00:00Z"
        );
        assert!(when("--since", "1w", now).is_err());
        assert!(when("--since", "h", now).is_err());
    }
}
