//! `grove iam …` and `grove registry …`: list (following page tokens up to `--limit`), get,
//! create, update (only the flags given change) and delete, for every v2beta1 resource.

use std::path::PathBuf;

use clap::Subcommand;
use grove_client::{
    ClaimMatch, Client, Group, GroupInput, Identity, IdentityInput, ListOptions, Repo, RepoInput, Resource, Role,
    RoleBinding, RoleBindingInput, RoleInput, StaticKeys, Tag, TagInput,
};

use super::auth::client;
use super::output::{print_list, print_one, Row};
use super::{CliError, Global, Output};

/// Filters and paging of `list`.
#[derive(Debug, Clone, clap::Args)]
pub struct ListArgs {
    /// Only direct children of this uid.
    #[arg(long, value_name = "UID")]
    parent: Option<String>,
    /// Only resources anywhere below this uid.
    #[arg(long, value_name = "UID")]
    under: Option<String>,
    /// Only resources named exactly this.
    #[arg(long)]
    name: Option<String>,
    /// `uid`, `name`, `create_time` or `update_time`, optionally followed by ` desc`.
    #[arg(long, value_name = "FIELD")]
    order_by: Option<String>,
    /// Print at most this many (pages are followed until then) [default: all].
    #[arg(long)]
    limit: Option<usize>,
    /// Results per request (the server allows at most 200).
    #[arg(long)]
    page_size: Option<u32>,
}

impl ListArgs {
    fn options(&self) -> ListOptions {
        let mut options = ListOptions::default();
        if let Some(parent) = &self.parent {
            options = options.children_of(parent);
        }
        if let Some(under) = &self.under {
            options = options.descendants_of(under);
        }
        if let Some(name) = &self.name {
            options = options.name(name);
        }
        if let Some(order) = &self.order_by {
            options = options.order_by(order);
        }
        let page_size = self.page_size.or_else(|| self.limit.and_then(|l| u32::try_from(l.min(200)).ok()));
        if let Some(n) = page_size.filter(|n| *n > 0) {
            options = options.page_size(n);
        }
        options
    }
}

/// `grove iam` subcommands.
#[derive(Debug, Subcommand)]
pub enum IamCommand {
    /// Groups and organizations.
    Groups {
        #[command(subcommand)]
        command: GroupsCommand,
    },
    /// Identities (non-human principals assumed by token exchange).
    Identities {
        #[command(subcommand)]
        command: IdentitiesCommand,
    },
    /// Roles (built-in and custom).
    Roles {
        #[command(subcommand)]
        command: RolesCommand,
    },
    /// Role bindings (an identity holding a role in a group).
    RoleBindings {
        #[command(subcommand)]
        command: RoleBindingsCommand,
    },
}

/// `grove registry` subcommands.
#[derive(Debug, Subcommand)]
pub enum RegistryCommand {
    /// Image repositories.
    Repos {
        #[command(subcommand)]
        command: ReposCommand,
    },
    /// Tags of repositories.
    Tags {
        #[command(subcommand)]
        command: TagsCommand,
    },
}

/// `grove iam groups`.
#[derive(Debug, Subcommand)]
pub enum GroupsCommand {
    /// List groups.
    List(ListArgs),
    /// Show a group.
    Get {
        /// The group's uid.
        uid: String,
    },
    /// Create a group in `--parent`, or an organization without it.
    Create {
        /// The name (`^[a-z0-9 ._-]{1,}$`).
        name: String,
        /// The parent group.
        #[arg(long, value_name = "UID")]
        parent: Option<String>,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
    },
    /// Change a group's name or description.
    Update {
        /// The group's uid.
        uid: String,
        /// A new name.
        #[arg(long)]
        name: Option<String>,
        /// A new description.
        #[arg(long)]
        description: Option<String>,
    },
    /// Delete an empty group.
    Delete {
        /// The group's uid.
        uid: String,
    },
}

/// How tokens are matched to an identity, as flags.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RelationshipArgs {
    /// The exact issuer (`iss`) of tokens that may assume the identity.
    #[arg(long)]
    issuer: Option<String>,
    /// A fully anchored pattern for the issuer.
    #[arg(long, conflicts_with = "issuer")]
    issuer_pattern: Option<String>,
    /// The exact subject (`sub`).
    #[arg(long)]
    subject: Option<String>,
    /// A fully anchored pattern for the subject.
    #[arg(long, conflicts_with = "subject")]
    subject_pattern: Option<String>,
    /// The exact audience (`aud`) [default: the token service's address].
    #[arg(long)]
    audience: Option<String>,
    /// A fully anchored pattern for the audience.
    #[arg(long, conflicts_with = "audience")]
    audience_pattern: Option<String>,
    /// A claim that must equal a value (repeatable).
    #[arg(long = "claim", value_name = "KEY=VALUE")]
    claims: Vec<String>,
    /// A claim that must match a pattern (repeatable).
    #[arg(long = "claim-pattern", value_name = "KEY=REGEX")]
    claim_patterns: Vec<String>,
    /// Use stored keys instead of discovery: a file holding the issuer's JWKS.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["issuer_pattern", "subject_pattern", "audience_pattern", "claims", "claim_patterns"])]
    issuer_keys: Option<PathBuf>,
    /// With `--issuer-keys`: when the identity stops being assumable (RFC 3339).
    #[arg(long, requires = "issuer_keys")]
    expiration_time: Option<String>,
}

fn key_values(flag: &str, pairs: &[String]) -> Result<std::collections::BTreeMap<String, String>, CliError> {
    pairs
        .iter()
        .map(|pair| {
            pair.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| CliError::new(format!("--{flag} {pair:?} must be KEY=VALUE")))
        })
        .collect()
}

impl RelationshipArgs {
    /// The `claimMatch` or `staticKeys` the flags describe, if any flag was given.
    fn relationship(&self) -> Result<(Option<ClaimMatch>, Option<StaticKeys>), CliError> {
        if let Some(file) = &self.issuer_keys {
            let keys =
                std::fs::read_to_string(file).map_err(|e| CliError::new(format!("reading {}: {e}", file.display())))?;
            let static_keys = StaticKeys {
                issuer: self.issuer.clone(),
                subject: self.subject.clone(),
                issuer_keys: Some(keys.trim().to_owned()),
                expiration_time: self.expiration_time.clone(),
                audiences: self.audience.iter().cloned().collect(),
            };
            return Ok((None, Some(static_keys)));
        }
        let claim_match = ClaimMatch {
            issuer: self.issuer.clone(),
            issuer_pattern: self.issuer_pattern.clone(),
            subject: self.subject.clone(),
            subject_pattern: self.subject_pattern.clone(),
            audience: self.audience.clone(),
            audience_pattern: self.audience_pattern.clone(),
            claims: key_values("claim", &self.claims)?,
            claim_patterns: key_values("claim-pattern", &self.claim_patterns)?,
        };
        Ok(((claim_match != ClaimMatch::default()).then_some(claim_match), None))
    }
}

/// `grove iam identities`.
#[derive(Debug, Subcommand)]
pub enum IdentitiesCommand {
    /// List identities.
    List(ListArgs),
    /// Show an identity.
    Get {
        /// The identity's uid.
        uid: String,
    },
    /// Create an identity in a group.
    Create {
        /// The name.
        name: String,
        /// The group.
        #[arg(long, value_name = "UID")]
        parent: String,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
        #[command(flatten)]
        relationship: RelationshipArgs,
    },
    /// Change an identity; relationship flags replace the whole `claimMatch` or `staticKeys`.
    Update {
        /// The identity's uid.
        uid: String,
        /// A new name.
        #[arg(long)]
        name: Option<String>,
        /// A new description.
        #[arg(long)]
        description: Option<String>,
        #[command(flatten)]
        relationship: RelationshipArgs,
    },
    /// Delete an identity and its role bindings.
    Delete {
        /// The identity's uid.
        uid: String,
    },
}

/// `grove iam roles`.
#[derive(Debug, Subcommand)]
pub enum RolesCommand {
    /// List roles.
    List(ListArgs),
    /// Show a role.
    Get {
        /// The role's uid.
        uid: String,
    },
    /// Create a custom role in a group.
    Create {
        /// The name.
        name: String,
        /// The group.
        #[arg(long, value_name = "UID")]
        parent: String,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
        /// A capability, such as `repo.list` (repeatable, or comma-separated).
        #[arg(long = "capability", value_delimiter = ',')]
        capabilities: Vec<String>,
    },
    /// Change a custom role.
    Update {
        /// The role's uid.
        uid: String,
        /// A new name.
        #[arg(long)]
        name: Option<String>,
        /// A new description.
        #[arg(long)]
        description: Option<String>,
        /// The new capabilities (repeatable, or comma-separated).
        #[arg(long = "capability", value_delimiter = ',')]
        capabilities: Vec<String>,
    },
    /// Delete a custom role that no binding uses.
    Delete {
        /// The role's uid.
        uid: String,
    },
}

/// `grove iam role-bindings`.
#[derive(Debug, Subcommand)]
pub enum RoleBindingsCommand {
    /// List role bindings.
    List {
        #[command(flatten)]
        list: ListArgs,
        /// Only bindings of this identity.
        #[arg(long, value_name = "UID")]
        identity: Option<String>,
        /// Only bindings of this role.
        #[arg(long, value_name = "UID")]
        role: Option<String>,
    },
    /// Show a role binding.
    Get {
        /// The binding's uid.
        uid: String,
    },
    /// Bind an identity to a role in a group.
    Create {
        /// The group.
        #[arg(long, value_name = "UID")]
        parent: String,
        /// The identity's uid.
        #[arg(long, value_name = "UID")]
        identity: String,
        /// The role: a uid, or the name of a role visible to you (such as `viewer`).
        #[arg(long)]
        role: String,
    },
    /// Point a binding at another identity or role.
    Update {
        /// The binding's uid.
        uid: String,
        /// The new identity.
        #[arg(long, value_name = "UID")]
        identity: Option<String>,
        /// The new role (uid or name).
        #[arg(long)]
        role: Option<String>,
    },
    /// Delete a role binding.
    Delete {
        /// The binding's uid.
        uid: String,
    },
}

/// Flags of a repo.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RepoFlags {
    /// Free text.
    #[arg(long)]
    description: Option<String>,
    /// `CATALOG_TIER_*` name.
    #[arg(long)]
    catalog_tier: Option<String>,
    /// Another name of the image, `image:tag` (repeatable).
    #[arg(long = "alias")]
    aliases: Vec<String>,
    /// A bundle the repo belongs to (repeatable).
    #[arg(long = "bundle")]
    bundles: Vec<String>,
    /// An active tag (repeatable).
    #[arg(long = "active-tag")]
    active_tags: Vec<String>,
}

impl RepoFlags {
    fn input(&self, name: Option<String>) -> RepoInput {
        let list = |v: &Vec<String>| (!v.is_empty()).then(|| v.clone());
        RepoInput {
            name,
            description: self.description.clone(),
            catalog_tier: self.catalog_tier.clone(),
            bundles: list(&self.bundles),
            aliases: list(&self.aliases),
            active_tags: list(&self.active_tags),
        }
    }
}

/// `grove registry repos`.
#[derive(Debug, Subcommand)]
pub enum ReposCommand {
    /// List repos.
    List(ListArgs),
    /// Show a repo.
    Get {
        /// The repo's uid.
        uid: String,
    },
    /// Create a repo in a group.
    Create {
        /// The repository path, such as `team/nginx`.
        name: String,
        /// The group.
        #[arg(long, value_name = "UID")]
        parent: String,
        #[command(flatten)]
        flags: RepoFlags,
    },
    /// Change a repo.
    Update {
        /// The repo's uid.
        uid: String,
        /// A new repository path.
        #[arg(long)]
        name: Option<String>,
        #[command(flatten)]
        flags: RepoFlags,
    },
    /// Delete a repo without tags.
    Delete {
        /// The repo's uid.
        uid: String,
    },
}

/// `grove registry tags`.
#[derive(Debug, Subcommand)]
pub enum TagsCommand {
    /// List tags (`--parent` is the repo).
    List(ListArgs),
    /// Show a tag.
    Get {
        /// The tag's uid.
        uid: String,
    },
    /// Create a tag in a repo (or move an existing tag of that name).
    Create {
        /// The tag, such as `1.25.3`.
        name: String,
        /// The repo.
        #[arg(long, value_name = "UID")]
        repo: String,
        /// The manifest digest, `sha256:<64 hex>`.
        #[arg(long)]
        digest: String,
        /// Mark it deprecated.
        #[arg(long)]
        deprecated: bool,
    },
    /// Change a tag.
    Update {
        /// The tag's uid.
        uid: String,
        /// A new digest.
        #[arg(long)]
        digest: Option<String>,
        /// Whether it is deprecated.
        #[arg(long, value_name = "BOOL")]
        deprecated: Option<bool>,
    },
    /// Delete a tag.
    Delete {
        /// The tag's uid.
        uid: String,
    },
}

async fn list<R: Resource + Row>(
    client: &Client,
    output: Output,
    options: ListOptions,
    limit: Option<usize>,
) -> Result<(), CliError> {
    let items = client.resources::<R>().pages(options).collect(limit).await?;
    print_list(output, &items)
}

async fn get<R: Resource + Row>(client: &Client, output: Output, uid: &str) -> Result<(), CliError> {
    print_one(output, &client.resources::<R>().get(uid).await?)
}

async fn delete<R: Resource>(client: &Client, output: Output, uid: &str) -> Result<(), CliError> {
    client.resources::<R>().delete(uid).await?;
    if output == Output::Table {
        println!("deleted {uid}");
    }
    Ok(())
}

/// True for text shaped like a uid (40 lowercase hex, then `/` and 16 hex, …).
fn looks_like_uid(s: &str) -> bool {
    let mut parts = s.split('/');
    let hex = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    parts.next().is_some_and(|root| hex(root, 40)) && parts.all(|p| hex(p, 16))
}

/// A role uid, or the uid of the one visible role with that name.
async fn role_uid(client: &Client, role: &str) -> Result<String, CliError> {
    if looks_like_uid(role) {
        return Ok(role.to_owned());
    }
    let found = client.roles().pages(ListOptions::default().name(role)).collect(Some(2)).await?;
    match found.as_slice() {
        [only] => Ok(only.uid.clone()),
        [] => Err(CliError::new(format!("no role named {role:?}; give its uid"))),
        _ => Err(CliError::new(format!("several roles are named {role:?}; give the uid of one"))),
    }
}

/// Runs a `grove iam` subcommand.
pub async fn run_iam(global: &Global, command: IamCommand) -> Result<(), CliError> {
    let client = client(global).await?;
    let out = global.output;
    match command {
        IamCommand::Groups { command } => match command {
            GroupsCommand::List(args) => list::<Group>(&client, out, args.options(), args.limit).await,
            GroupsCommand::Get { uid } => get::<Group>(&client, out, &uid).await,
            GroupsCommand::Create { name, parent, description } => {
                let input = GroupInput { name: Some(name), description };
                print_one(out, &client.groups().create(parent.as_deref(), &input).await?)
            }
            GroupsCommand::Update { uid, name, description } => {
                let input = GroupInput { name, description };
                print_one(out, &client.groups().update(&uid, &input, None).await?)
            }
            GroupsCommand::Delete { uid } => delete::<Group>(&client, out, &uid).await,
        },
        IamCommand::Identities { command } => match command {
            IdentitiesCommand::List(args) => list::<Identity>(&client, out, args.options(), args.limit).await,
            IdentitiesCommand::Get { uid } => get::<Identity>(&client, out, &uid).await,
            IdentitiesCommand::Create { name, parent, description, relationship } => {
                let (claim_match, static_keys) = relationship.relationship()?;
                let input = IdentityInput { name: Some(name), description, claim_match, static_keys };
                print_one(out, &client.identities().create(Some(&parent), &input).await?)
            }
            IdentitiesCommand::Update { uid, name, description, relationship } => {
                let (claim_match, static_keys) = relationship.relationship()?;
                let input = IdentityInput { name, description, claim_match, static_keys };
                print_one(out, &client.identities().update(&uid, &input, None).await?)
            }
            IdentitiesCommand::Delete { uid } => delete::<Identity>(&client, out, &uid).await,
        },
        IamCommand::Roles { command } => match command {
            RolesCommand::List(args) => list::<Role>(&client, out, args.options(), args.limit).await,
            RolesCommand::Get { uid } => get::<Role>(&client, out, &uid).await,
            RolesCommand::Create { name, parent, description, capabilities } => {
                let input = RoleInput { name: Some(name), description, capabilities: Some(capabilities) };
                print_one(out, &client.roles().create(Some(&parent), &input).await?)
            }
            RolesCommand::Update { uid, name, description, capabilities } => {
                let capabilities = (!capabilities.is_empty()).then_some(capabilities);
                let input = RoleInput { name, description, capabilities };
                print_one(out, &client.roles().update(&uid, &input, None).await?)
            }
            RolesCommand::Delete { uid } => delete::<Role>(&client, out, &uid).await,
        },
        IamCommand::RoleBindings { command } => match command {
            RoleBindingsCommand::List { list: args, identity, role } => {
                let mut options = args.options();
                if let Some(identity) = identity {
                    options = options.param("identity", &identity);
                }
                if let Some(role) = role {
                    options = options.param("role", &role_uid(&client, &role).await?);
                }
                list::<RoleBinding>(&client, out, options, args.limit).await
            }
            RoleBindingsCommand::Get { uid } => get::<RoleBinding>(&client, out, &uid).await,
            RoleBindingsCommand::Create { parent, identity, role } => {
                let input =
                    RoleBindingInput { identity_uid: Some(identity), role_uid: Some(role_uid(&client, &role).await?) };
                print_one(out, &client.role_bindings().create(Some(&parent), &input).await?)
            }
            RoleBindingsCommand::Update { uid, identity, role } => {
                let role_uid = match role {
                    Some(role) => Some(role_uid(&client, &role).await?),
                    None => None,
                };
                let input = RoleBindingInput { identity_uid: identity, role_uid };
                print_one(out, &client.role_bindings().update(&uid, &input, None).await?)
            }
            RoleBindingsCommand::Delete { uid } => delete::<RoleBinding>(&client, out, &uid).await,
        },
    }
}

/// Runs a `grove registry` subcommand.
pub async fn run_registry(global: &Global, command: RegistryCommand) -> Result<(), CliError> {
    let client = client(global).await?;
    let out = global.output;
    match command {
        RegistryCommand::Repos { command } => match command {
            ReposCommand::List(args) => list::<Repo>(&client, out, args.options(), args.limit).await,
            ReposCommand::Get { uid } => get::<Repo>(&client, out, &uid).await,
            ReposCommand::Create { name, parent, flags } => {
                print_one(out, &client.repos().create(Some(&parent), &flags.input(Some(name))).await?)
            }
            ReposCommand::Update { uid, name, flags } => {
                print_one(out, &client.repos().update(&uid, &flags.input(name), None).await?)
            }
            ReposCommand::Delete { uid } => delete::<Repo>(&client, out, &uid).await,
        },
        RegistryCommand::Tags { command } => match command {
            TagsCommand::List(args) => list::<Tag>(&client, out, args.options(), args.limit).await,
            TagsCommand::Get { uid } => get::<Tag>(&client, out, &uid).await,
            TagsCommand::Create { name, repo, digest, deprecated } => {
                let input = TagInput { name: Some(name), digest: Some(digest), deprecated: Some(deprecated) };
                print_one(out, &client.tags().create(Some(&repo), &input).await?)
            }
            TagsCommand::Update { uid, digest, deprecated } => {
                let input = TagInput { name: None, digest, deprecated };
                print_one(out, &client.tags().update(&uid, &input, None).await?)
            }
            TagsCommand::Delete { uid } => delete::<Tag>(&client, out, &uid).await,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uids_are_told_from_names() {
        assert!(looks_like_uid(&"a".repeat(40)));
        assert!(looks_like_uid(&format!("{}/{}", "0".repeat(40), "f".repeat(16))));
        assert!(!looks_like_uid("viewer"));
        assert!(!looks_like_uid(&"A".repeat(40)));
    }

    #[test]
    fn relationship_flags_make_a_claim_match_or_static_keys_or_nothing() {
        let none = RelationshipArgs::default().relationship().unwrap();
        assert_eq!(none, (None, None));
        let args = RelationshipArgs {
            issuer: Some("https://i".into()),
            subject_pattern: Some("repo:.*".into()),
            claims: vec!["env=prod".into()],
            ..RelationshipArgs::default()
        };
        let (cm, sk) = args.relationship().unwrap();
        let cm = cm.unwrap();
        assert_eq!((cm.issuer.as_deref(), cm.subject_pattern.as_deref()), (Some("https://i"), Some("repo:.*")));
        assert_eq!(cm.claims.get("env").map(String::as_str), Some("prod"));
        assert!(sk.is_none());
        let bad = RelationshipArgs { claims: vec!["novalue".into()], ..RelationshipArgs::default() };
        assert!(bad.relationship().is_err());
    }
}
