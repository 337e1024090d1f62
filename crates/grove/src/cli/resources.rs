//! `grove iam …` and `grove registry …`: list (following page tokens up to `--limit`), get,
//! create, update (only the flags given change) and delete, for every v2beta1 resource (those
//! of people, identity providers, invites and account associations, in `people`), the group
//! tree, and the terms a group accepted. Every argument that names a resource takes a uid or
//! a name (resolved by `resolve`).

use std::path::{Path, PathBuf};

use clap::Subcommand;
use grove_client::{
    ClaimMatch, Client, Group, GroupInput, Identity, IdentityInput, ListOptions, Repo, RepoInput, Resource, Role,
    RoleBinding, RoleBindingInput, RoleInput, StaticKeys, SyncConfig, Tag, TagInput, TermsAcceptance,
};

use super::auth::client;
use super::output::{print_list, print_one, serialized, Row};
use super::people::{
    run_account_associations, run_identity_providers, run_invites, AccountAssociationsCommand,
    IdentityProvidersCommand, InvitesCommand,
};
use super::resolve::{Resolver, Scope};
use super::tree;
use super::{CliError, Global, Output};

/// Filters and paging of `list`.
#[derive(Debug, Clone, clap::Args)]
pub struct ListArgs {
    /// Only direct children of this group (the repo, for tags): a uid, a name or a group path.
    #[arg(long, value_name = "PARENT")]
    parent: Option<String>,
    /// Only resources anywhere below this group: a uid, a name or a path.
    #[arg(long, value_name = "GROUP")]
    under: Option<String>,
    /// Only resources named exactly this.
    #[arg(long)]
    pub(super) name: Option<String>,
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
    /// The list options, with `--parent` (a group, or a repo for tags) and `--under` resolved.
    pub(super) async fn options<R: Resource>(&self, resolver: Resolver<'_>) -> Result<ListOptions, CliError> {
        let mut options = ListOptions::default();
        if let Some(parent) = &self.parent {
            // Every collection lives in groups except tags, whose parent is a repo.
            let uid =
                if R::PATH == Tag::PATH { resolver.repo(parent).await? } else { resolver.group(parent, None).await? };
            options = options.children_of(&uid);
        }
        if let Some(under) = &self.under {
            options = options.descendants_of(&resolver.group(under, None).await?);
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
        Ok(options)
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
    /// Identity providers: an organization's own OpenID providers that its people log in
    /// through.
    IdentityProviders {
        #[command(subcommand)]
        command: IdentityProvidersCommand,
    },
    /// Group invites: codes that give whoever redeems them a role in a group.
    Invites {
        #[command(subcommand)]
        command: InvitesCommand,
    },
    /// Account associations: a group's cloud accounts (AWS, Google Cloud, Azure, GitHub).
    AccountAssociations {
        #[command(subcommand)]
        command: AccountAssociationsCommand,
    },
    /// Terms: the legal documents a group (or a group above it) accepted.
    Terms {
        #[command(subcommand)]
        command: TermsCommand,
    },
}

/// `grove iam terms`.
#[derive(Debug, Subcommand)]
pub enum TermsCommand {
    /// List the documents the group and every group above it accepted, oldest first.
    List {
        #[command(flatten)]
        group: GroupArg,
        /// `create_time` (the default) or `uid`, optionally followed by ` desc`.
        #[arg(long, value_name = "FIELD")]
        order_by: Option<String>,
        /// Print at most this many (pages are followed until then) [default: all].
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Accept documents for the group, as the identity of your token.
    Accept {
        #[command(flatten)]
        group: GroupArg,
        /// The ids of the accepted documents (1 to 32).
        #[arg(value_name = "DOCUMENT_ID", required = true)]
        documents: Vec<String>,
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

/// A group named on the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct GroupArg {
    /// The group: its uid, its name, or a path of names such as `acme/eng`.
    #[arg(value_name = "GROUP")]
    group: String,
    /// Look the name or path up among the children of this group (uid, name or path).
    #[arg(long, value_name = "GROUP")]
    parent: Option<String>,
}

impl GroupArg {
    pub(super) async fn uid(&self, resolver: Resolver<'_>) -> Result<String, CliError> {
        resolver.group(&self.group, self.parent.as_deref()).await
    }
}

/// `grove iam groups`.
#[derive(Debug, Subcommand)]
pub enum GroupsCommand {
    /// List groups.
    List(ListArgs),
    /// Print the groups you can see as an indented tree, below ROOT when given.
    Tree {
        /// Start here: a uid, a name or a path such as `acme/eng`.
        #[arg(value_name = "ROOT")]
        root: Option<String>,
    },
    /// Show a group.
    Get(GroupArg),
    /// Create a group in `--parent`, or an organization without it.
    Create {
        /// The name (`^[a-z0-9 ._-]{1,}$`).
        name: String,
        /// The parent group: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        parent: Option<String>,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
    },
    /// Change a group's name or description.
    Update {
        #[command(flatten)]
        target: GroupArg,
        /// A new name.
        #[arg(long)]
        name: Option<String>,
        /// A new description.
        #[arg(long)]
        description: Option<String>,
    },
    /// Delete an empty group.
    Delete(GroupArg),
}

/// A resource in a group, named on the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct InGroupArg {
    /// Its uid, or its name.
    #[arg(value_name = "NAME_OR_UID")]
    target: String,
    /// Look the name up in this group only (uid, name or path).
    #[arg(long, value_name = "GROUP")]
    parent: Option<String>,
}

impl InGroupArg {
    pub(super) async fn uid<R: super::resolve::Named>(&self, resolver: Resolver<'_>) -> Result<String, CliError> {
        match &self.parent {
            Some(parent) if !super::resolve::looks_like_uid(&self.target) => {
                let group = resolver.group(parent, None).await?;
                resolver.one::<R>(&self.target, Scope::In { uid: &group, label: parent }).await
            }
            // A repo's name may itself hold slashes; `dev/eng/nginx` may also be group and name.
            _ if R::NOUN == <Repo as super::resolve::Named>::NOUN => resolver.repo(&self.target).await,
            _ => resolver.one::<R>(&self.target, Scope::Visible).await,
        }
    }
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

/// `KEY=VALUE` split at the first `=`.
pub(super) fn key_value<'a>(flag: &str, pair: &'a str) -> Result<(&'a str, &'a str), CliError> {
    pair.split_once('=').ok_or_else(|| CliError::new(format!("--{flag} {pair:?} must be KEY=VALUE")))
}

/// `KEY=VALUE` pairs as a map (a later key replaces an earlier one).
pub(super) fn key_values(flag: &str, pairs: &[String]) -> Result<std::collections::BTreeMap<String, String>, CliError> {
    pairs.iter().map(|pair| key_value(flag, pair).map(|(k, v)| (k.to_owned(), v.to_owned()))).collect()
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
    Get(InGroupArg),
    /// Create an identity in a group.
    Create {
        /// The name.
        name: String,
        /// The group: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        parent: String,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
        #[command(flatten)]
        relationship: RelationshipArgs,
    },
    /// Change an identity; relationship flags replace the whole `claimMatch` or `staticKeys`.
    Update {
        #[command(flatten)]
        target: InGroupArg,
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
    Delete(InGroupArg),
}

/// `grove iam roles`.
#[derive(Debug, Subcommand)]
pub enum RolesCommand {
    /// List roles.
    List(ListArgs),
    /// Show a role.
    Get(InGroupArg),
    /// Create a custom role in a group.
    Create {
        /// The name.
        name: String,
        /// The group: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
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
        #[command(flatten)]
        target: InGroupArg,
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
    Delete(InGroupArg),
}

/// `grove iam role-bindings`.
#[derive(Debug, Subcommand)]
pub enum RoleBindingsCommand {
    /// List role bindings.
    List {
        #[command(flatten)]
        list: ListArgs,
        /// Only bindings of this identity (uid or name).
        #[arg(long, value_name = "IDENTITY")]
        identity: Option<String>,
        /// Only bindings of this role (uid or name).
        #[arg(long, value_name = "ROLE")]
        role: Option<String>,
    },
    /// Show a role binding.
    Get {
        /// The binding's uid.
        uid: String,
    },
    /// Bind an identity to a role in a group.
    Create {
        /// The group: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        parent: String,
        /// The identity: a uid, or the name of one visible to you.
        #[arg(long, value_name = "IDENTITY")]
        identity: String,
        /// The role: a uid, or the name of a role usable in the group (such as `viewer`).
        #[arg(long)]
        role: String,
    },
    /// Point a binding at another identity or role.
    Update {
        /// The binding's uid.
        uid: String,
        /// The new identity (uid or name).
        #[arg(long, value_name = "IDENTITY")]
        identity: Option<String>,
        /// The new role (uid, or the name of a role usable in the binding's group).
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
    /// Sync from this repo: a uid, `ORG/REPO` or `HOST/ORG/REPO`.
    #[arg(long, value_name = "SOURCE")]
    sync_source: Option<String>,
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
            sync_config: self.sync_source.clone().map(|source| SyncConfig { source, ..SyncConfig::default() }),
        }
    }
}

/// `grove registry repos readme`.
#[derive(Debug, Subcommand)]
pub enum ReadmeCommand {
    /// Print a repo's README (raw Markdown; `-o json` for the resource).
    Get(InGroupArg),
    /// Replace a repo's README (needs `repo.internal.admin`); empty content clears it.
    Set {
        #[command(flatten)]
        target: InGroupArg,
        /// Read the Markdown from this file (`-` for standard input).
        #[arg(long, value_name = "PATH", conflicts_with = "content", required_unless_present = "content")]
        file: Option<PathBuf>,
        /// The Markdown itself.
        #[arg(long)]
        content: Option<String>,
    },
}

/// Prints a README: its Markdown as it is, or the resource as JSON or YAML.
fn print_readme(out: Output, readme: &grove_client::RepoReadme) -> Result<(), CliError> {
    match serialized(out, readme)? {
        Some(text) => print!("{text}"),
        None if out == Output::Id => println!("{}", readme.uid),
        None => print!("{}", readme.content),
    }
    Ok(())
}

/// The Markdown a `readme set` gives: `--content`, or the file (`-` is standard input).
fn readme_content(file: Option<PathBuf>, content: Option<String>) -> Result<String, CliError> {
    match (file, content) {
        (_, Some(content)) => Ok(content),
        (Some(path), None) => read_text(&path),
        (None, None) => Err(CliError::new("give --file or --content")),
    }
}

/// The text of the file `path`, or of standard input for `-`.
pub(super) fn read_text(path: &Path) -> Result<String, CliError> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
        return Ok(text);
    }
    std::fs::read_to_string(path).map_err(|e| CliError::new(format!("cannot read {}: {e}", path.display())))
}

/// `grove registry repos`.
#[derive(Debug, Subcommand)]
pub enum ReposCommand {
    /// List repos.
    List(ListArgs),
    /// Show a repo.
    Get(InGroupArg),
    /// Create a repo in a group.
    Create {
        /// The repository path, such as `team/nginx`.
        name: String,
        /// The group: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        parent: String,
        #[command(flatten)]
        flags: RepoFlags,
    },
    /// Change a repo.
    Update {
        #[command(flatten)]
        target: InGroupArg,
        /// A new repository path.
        #[arg(long)]
        name: Option<String>,
        #[command(flatten)]
        flags: RepoFlags,
    },
    /// Delete a repo without tags.
    Delete(InGroupArg),
    /// Read or replace a repo's README.
    Readme {
        #[command(subcommand)]
        command: ReadmeCommand,
    },
}

/// `grove registry tags`.
#[derive(Debug, Subcommand)]
pub enum TagsCommand {
    /// List tags (of one repo with `--repo`).
    List(TagListArgs),
    /// Show a tag.
    Get(TagArg),
    /// Create a tag in a repo (or move an existing tag of that name).
    Create {
        /// The tag, such as `1.25.3`.
        name: String,
        /// The repo: a uid, the name of one visible to you, or a group path and name.
        #[arg(long, visible_alias = "parent", value_name = "REPO")]
        repo: String,
        /// The manifest digest, `sha256:<64 hex>`.
        #[arg(long)]
        digest: String,
        /// Mark it deprecated.
        #[arg(long)]
        deprecated: bool,
        /// A bundle the tag belongs to (repeatable).
        #[arg(long = "bundle")]
        bundles: Vec<String>,
    },
    /// Change a tag.
    Update {
        #[command(flatten)]
        target: TagArg,
        /// A new digest.
        #[arg(long)]
        digest: Option<String>,
        /// Whether it is deprecated.
        #[arg(long, value_name = "BOOL")]
        deprecated: Option<bool>,
    },
    /// Delete a tag.
    Delete(TagArg),
}

/// Filters and paging of `tags list`: [`ListArgs`] with the parent called `--repo`, as in the
/// other tag commands (`--parent` still works).
#[derive(Debug, Clone, clap::Args)]
pub struct TagListArgs {
    /// Only tags of this repo: a uid, a name, or a group path and name (`dev/eng/nginx`).
    #[arg(long, visible_alias = "parent", value_name = "REPO")]
    repo: Option<String>,
    /// Only tags anywhere below this group: a uid, a name or a path.
    #[arg(long, value_name = "GROUP")]
    under: Option<String>,
    /// Only tags named exactly this.
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

impl From<TagListArgs> for ListArgs {
    fn from(a: TagListArgs) -> Self {
        Self {
            parent: a.repo,
            under: a.under,
            name: a.name,
            order_by: a.order_by,
            limit: a.limit,
            page_size: a.page_size,
        }
    }
}

/// A tag named on the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct TagArg {
    /// Its uid, or its name (such as `1.25.3`).
    #[arg(value_name = "TAG")]
    tag: String,
    /// Look the name up in this repo only (uid, name, or group path and name).
    #[arg(long, visible_alias = "parent", value_name = "REPO")]
    repo: Option<String>,
}

impl TagArg {
    async fn uid(&self, resolver: Resolver<'_>) -> Result<String, CliError> {
        match &self.repo {
            Some(repo) if !super::resolve::looks_like_uid(&self.tag) => {
                let repo_uid = resolver.repo(repo).await?;
                resolver.one::<Tag>(&self.tag, Scope::In { uid: &repo_uid, label: repo }).await
            }
            _ => resolver.one::<Tag>(&self.tag, Scope::Visible).await,
        }
    }
}

pub(super) async fn list<R: Resource + Row>(
    client: &Client,
    output: Output,
    args: &ListArgs,
    options: Option<ListOptions>,
) -> Result<(), CliError> {
    let options = match options {
        Some(options) => options,
        None => args.options::<R>(Resolver::new(client)).await?,
    };
    let items = client.resources::<R>().pages(options).collect(args.limit).await?;
    print_list(output, &items)
}

pub(super) async fn get<R: Resource + Row>(client: &Client, output: Output, uid: &str) -> Result<(), CliError> {
    print_one(output, &client.resources::<R>().get(uid).await?)
}

pub(super) async fn delete<R: Resource>(client: &Client, output: Output, uid: &str) -> Result<(), CliError> {
    client.resources::<R>().delete(uid).await?;
    match output {
        Output::Table => println!("deleted {uid}"),
        Output::Id => println!("{uid}"),
        Output::Json | Output::Yaml => {}
    }
    Ok(())
}

/// The uid of the parent of `uid` (a binding's or an identity provider's group).
pub(super) fn parent_uid(uid: &str) -> &str {
    uid.rsplit_once('/').map_or(uid, |(group, _)| group)
}

/// Runs a `grove iam` subcommand.
pub async fn run_iam(global: &Global, command: IamCommand) -> Result<(), CliError> {
    let client = client(global).await?;
    let resolver = Resolver::new(&client);
    let out = global.output;
    match command {
        IamCommand::Groups { command } => match command {
            GroupsCommand::List(args) => list::<Group>(&client, out, &args, None).await,
            GroupsCommand::Tree { root } => {
                let root = match root {
                    Some(root) => Some(resolver.group(&root, None).await?),
                    None => None,
                };
                tree::print(&client, out, root.as_deref()).await
            }
            GroupsCommand::Get(target) => get::<Group>(&client, out, &target.uid(resolver).await?).await,
            GroupsCommand::Create { name, parent, description } => {
                let parent = match parent {
                    Some(parent) => Some(resolver.group(&parent, None).await?),
                    None => None,
                };
                let input = GroupInput { name: Some(name), description };
                print_one(out, &client.groups().create(parent.as_deref(), &input).await?)
            }
            GroupsCommand::Update { target, name, description } => {
                let uid = target.uid(resolver).await?;
                let input = GroupInput { name, description };
                print_one(out, &client.groups().update(&uid, &input, None).await?)
            }
            GroupsCommand::Delete(target) => delete::<Group>(&client, out, &target.uid(resolver).await?).await,
        },
        IamCommand::Identities { command } => match command {
            IdentitiesCommand::List(args) => list::<Identity>(&client, out, &args, None).await,
            IdentitiesCommand::Get(target) => {
                get::<Identity>(&client, out, &target.uid::<Identity>(resolver).await?).await
            }
            IdentitiesCommand::Create { name, parent, description, relationship } => {
                let (claim_match, static_keys) = relationship.relationship()?;
                let parent = resolver.group(&parent, None).await?;
                let input = IdentityInput { name: Some(name), description, claim_match, static_keys };
                print_one(out, &client.identities().create(Some(&parent), &input).await?)
            }
            IdentitiesCommand::Update { target, name, description, relationship } => {
                let (claim_match, static_keys) = relationship.relationship()?;
                let uid = target.uid::<Identity>(resolver).await?;
                let input = IdentityInput { name, description, claim_match, static_keys };
                print_one(out, &client.identities().update(&uid, &input, None).await?)
            }
            IdentitiesCommand::Delete(target) => {
                delete::<Identity>(&client, out, &target.uid::<Identity>(resolver).await?).await
            }
        },
        IamCommand::Roles { command } => match command {
            RolesCommand::List(args) => list::<Role>(&client, out, &args, None).await,
            RolesCommand::Get(target) => get::<Role>(&client, out, &target.uid::<Role>(resolver).await?).await,
            RolesCommand::Create { name, parent, description, capabilities } => {
                let parent = resolver.group(&parent, None).await?;
                let input = RoleInput { name: Some(name), description, capabilities: Some(capabilities) };
                print_one(out, &client.roles().create(Some(&parent), &input).await?)
            }
            RolesCommand::Update { target, name, description, capabilities } => {
                let uid = target.uid::<Role>(resolver).await?;
                let capabilities = (!capabilities.is_empty()).then_some(capabilities);
                let input = RoleInput { name, description, capabilities };
                print_one(out, &client.roles().update(&uid, &input, None).await?)
            }
            RolesCommand::Delete(target) => delete::<Role>(&client, out, &target.uid::<Role>(resolver).await?).await,
        },
        IamCommand::RoleBindings { command } => match command {
            RoleBindingsCommand::List { list: args, identity, role } => {
                // The server ignores keys that are no filter of the list; a silent full list
                // would mislead, so the flag that is none is refused here.
                if args.name.is_some() {
                    return Err(CliError::new(
                        "role bindings have no names: filter with --identity, --role, --parent or --under",
                    ));
                }
                let mut options = args.options::<RoleBinding>(resolver).await?;
                if let Some(identity) = identity {
                    options = options.param("identity", &resolver.one::<Identity>(&identity, Scope::Visible).await?);
                }
                if let Some(role) = role {
                    options = options.param("role", &resolver.one::<Role>(&role, Scope::Visible).await?);
                }
                list::<RoleBinding>(&client, out, &args, Some(options)).await
            }
            RoleBindingsCommand::Get { uid } => get::<RoleBinding>(&client, out, &Resolver::binding(&uid)?).await,
            RoleBindingsCommand::Create { parent, identity, role } => {
                let group = resolver.group(&parent, None).await?;
                let input = RoleBindingInput {
                    identity_uid: Some(resolver.one::<Identity>(&identity, Scope::Visible).await?),
                    role_uid: Some(resolver.one::<Role>(&role, Scope::UsableIn { uid: &group, label: &parent }).await?),
                };
                print_one(out, &client.role_bindings().create(Some(&group), &input).await?)
            }
            RoleBindingsCommand::Update { uid, identity, role } => {
                let uid = Resolver::binding(&uid)?;
                let identity_uid = match identity {
                    Some(identity) => Some(resolver.one::<Identity>(&identity, Scope::Visible).await?),
                    None => None,
                };
                let group = parent_uid(&uid);
                let role_uid = match role {
                    Some(role) => {
                        Some(resolver.one::<Role>(&role, Scope::UsableIn { uid: group, label: group }).await?)
                    }
                    None => None,
                };
                let input = RoleBindingInput { identity_uid, role_uid };
                print_one(out, &client.role_bindings().update(&uid, &input, None).await?)
            }
            RoleBindingsCommand::Delete { uid } => delete::<RoleBinding>(&client, out, &Resolver::binding(&uid)?).await,
        },
        IamCommand::IdentityProviders { command } => run_identity_providers(&client, out, command).await,
        IamCommand::Invites { command } => run_invites(&client, out, command).await,
        IamCommand::AccountAssociations { command } => run_account_associations(&client, out, command).await,
        IamCommand::Terms { command } => match command {
            TermsCommand::List { group, order_by, limit } => {
                let uid = group.uid(resolver).await?;
                print_list(out, &terms_acceptances(&client, &uid, order_by.as_deref(), limit).await?)
            }
            TermsCommand::Accept { group, documents } => {
                let uid = group.uid(resolver).await?;
                let documents: Vec<&str> = documents.iter().map(String::as_str).collect();
                print_one(out, &client.accept_terms(&uid, &documents).await?)
            }
        },
    }
}

/// The acceptances of `group` and the groups above it, page after page, at most `limit`.
async fn terms_acceptances(
    client: &Client,
    group: &str,
    order_by: Option<&str>,
    limit: Option<usize>,
) -> Result<Vec<TermsAcceptance>, CliError> {
    let mut options = ListOptions::default();
    if let Some(order) = order_by {
        options = options.order_by(order);
    }
    let mut items = Vec::new();
    let mut token: Option<String> = None;
    loop {
        let page = client.terms_acceptances(group, &options, token.as_deref()).await?;
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

/// Runs a `grove registry` subcommand.
pub async fn run_registry(global: &Global, command: RegistryCommand) -> Result<(), CliError> {
    let client = client(global).await?;
    let resolver = Resolver::new(&client);
    let out = global.output;
    match command {
        RegistryCommand::Repos { command } => match command {
            ReposCommand::List(args) => list::<Repo>(&client, out, &args, None).await,
            ReposCommand::Get(target) => get::<Repo>(&client, out, &target.uid::<Repo>(resolver).await?).await,
            ReposCommand::Create { name, parent, flags } => {
                let parent = resolver.group(&parent, None).await?;
                print_one(out, &client.repos().create(Some(&parent), &flags.input(Some(name))).await?)
            }
            ReposCommand::Update { target, name, flags } => {
                let uid = target.uid::<Repo>(resolver).await?;
                print_one(out, &client.repos().update(&uid, &flags.input(name), None).await?)
            }
            ReposCommand::Delete(target) => delete::<Repo>(&client, out, &target.uid::<Repo>(resolver).await?).await,
            ReposCommand::Readme { command: ReadmeCommand::Get(target) } => {
                print_readme(out, &client.repo_readme(&target.uid::<Repo>(resolver).await?).await?)
            }
            ReposCommand::Readme { command: ReadmeCommand::Set { target, file, content } } => {
                let uid = target.uid::<Repo>(resolver).await?;
                let content = readme_content(file, content)?;
                print_readme(out, &client.update_repo_readme(&uid, &content).await?)
            }
        },
        RegistryCommand::Tags { command } => match command {
            TagsCommand::List(args) => list::<Tag>(&client, out, &args.into(), None).await,
            TagsCommand::Get(target) => get::<Tag>(&client, out, &target.uid(resolver).await?).await,
            TagsCommand::Create { name, repo, digest, deprecated, bundles } => {
                let repo = resolver.repo(&repo).await?;
                let input = TagInput {
                    name: Some(name),
                    digest: Some(digest),
                    deprecated: Some(deprecated),
                    bundles: (!bundles.is_empty()).then_some(bundles),
                };
                print_one(out, &client.tags().create(Some(&repo), &input).await?)
            }
            TagsCommand::Update { target, digest, deprecated } => {
                let uid = target.uid(resolver).await?;
                let input = TagInput { name: None, digest, deprecated, bundles: None };
                print_one(out, &client.tags().update(&uid, &input, None).await?)
            }
            TagsCommand::Delete(target) => delete::<Tag>(&client, out, &target.uid(resolver).await?).await,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
