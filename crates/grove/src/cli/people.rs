//! `grove iam identity-providers`, `grove iam invites` and `grove iam account-associations`:
//! an organization's own OpenID providers (the client secret read from a flag, a file or
//! standard input, and never printed), invites to a group (the code printed once, on create),
//! and a group's cloud accounts (set, check).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Subcommand, ValueEnum};
use grove_client::{
    AccountAssociation, AccountAssociationInput, AccountProvider, AmazonAccount, AzureTenant, Client, ClientSecret,
    GitHubAppInstallations, GitHubApps, GitHubInstallation, GoogleProject, GroupInvite, GroupInviteInput,
    IdentityProvider, IdentityProviderInput, OidcInput, Role,
};

use super::output::{print_one, serialized};
use super::resolve::{Resolver, Scope};
use super::resources::{
    delete, get, key_value, key_values, list, parent_uid, read_text, GroupArg, InGroupArg, ListArgs,
};
use super::{CliError, Output};

/// The client secret of an identity provider: on the command line, or read from a file.
#[derive(Clone, Default, clap::Args)]
pub struct SecretArgs {
    /// The client secret (other users of this machine may see it in the process list: prefer
    /// --client-secret-file).
    #[arg(long, value_name = "SECRET", conflicts_with = "client_secret_file")]
    client_secret: Option<String>,
    /// Read the client secret from this file (`-` for standard input).
    #[arg(long, value_name = "FILE")]
    client_secret_file: Option<PathBuf>,
}

impl std::fmt::Debug for SecretArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SecretArgs")
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .field("client_secret_file", &self.client_secret_file)
            .finish()
    }
}

impl SecretArgs {
    /// The secret given, if any; one read from a file loses its surrounding whitespace.
    fn secret(&self) -> Result<Option<ClientSecret>, CliError> {
        let secret = match (&self.client_secret, &self.client_secret_file) {
            (Some(secret), _) => secret.clone(),
            (None, Some(file)) => read_text(file)?.trim().to_owned(),
            (None, None) => return Ok(None),
        };
        if secret.is_empty() {
            return Err(CliError::new("the client secret is empty (--clear-client-secret removes a stored one)"));
        }
        Ok(Some(ClientSecret::new(secret)))
    }
}

/// Which claim of the provider's ID token names a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CorrelationRule {
    /// `sub` (CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID).
    Sub,
    /// `oid`, as Microsoft Entra ID issues it (CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID).
    Oid,
}

impl CorrelationRule {
    fn wire(self) -> &'static str {
        match self {
            Self::Sub => "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID",
            Self::Oid => "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID",
        }
    }
}

/// `grove iam identity-providers`.
#[derive(Debug, Subcommand)]
pub enum IdentityProvidersCommand {
    /// List identity providers.
    List(ListArgs),
    /// Show an identity provider (never its client secret).
    Get(InGroupArg),
    /// Create an organization's OpenID provider that its people log in through.
    Create {
        /// The name.
        name: String,
        /// The group it belongs to: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        parent: String,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
        /// The role bound in the group at a person's first login: a uid, or the name of a role
        /// usable in the group (such as `viewer`).
        #[arg(long, value_name = "ROLE")]
        default_role: String,
        /// The provider's issuer URL.
        #[arg(long, value_name = "URL")]
        issuer: String,
        /// The client id registered at the provider.
        #[arg(long)]
        client_id: String,
        #[command(flatten)]
        secret: SecretArgs,
        /// A public client using PKCE (then it needs no client secret).
        #[arg(long)]
        pkce: bool,
        /// A scope asked for beside `openid` (repeatable, or comma-separated).
        #[arg(long = "additional-scope", value_name = "SCOPE", value_delimiter = ',')]
        additional_scopes: Vec<String>,
        /// The ID token claim carrying the person's groups.
        #[arg(long, value_name = "CLAIM")]
        groups_claim: Option<String>,
        /// Which claim names a person [default: sub]; it cannot change later.
        #[arg(long, value_enum)]
        correlation_rule: Option<CorrelationRule>,
    },
    /// Change an identity provider; only the flags given change.
    Update {
        #[command(flatten)]
        target: InGroupArg,
        /// A new name.
        #[arg(long)]
        name: Option<String>,
        /// A new description.
        #[arg(long)]
        description: Option<String>,
        /// A new default role (uid, or the name of a role usable in the provider's group).
        #[arg(long, value_name = "ROLE")]
        default_role: Option<String>,
        /// A new issuer URL.
        #[arg(long, value_name = "URL")]
        issuer: Option<String>,
        /// A new client id.
        #[arg(long)]
        client_id: Option<String>,
        #[command(flatten)]
        secret: SecretArgs,
        /// Remove the stored client secret (a public PKCE client from then on).
        #[arg(long, conflicts_with_all = ["client_secret", "client_secret_file"])]
        clear_client_secret: bool,
        /// Whether the client uses PKCE.
        #[arg(long, value_name = "BOOL")]
        pkce: Option<bool>,
        /// The scopes asked for beside `openid`, replacing the current ones (repeatable, or
        /// comma-separated).
        #[arg(long = "additional-scope", value_name = "SCOPE", value_delimiter = ',')]
        additional_scopes: Vec<String>,
        /// A new groups claim.
        #[arg(long, value_name = "CLAIM")]
        groups_claim: Option<String>,
    },
    /// Delete an identity provider.
    Delete(InGroupArg),
}

/// How long an invite's code works: a number and a unit, `s`, `m`, `h` or `d`.
fn parse_ttl(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?} is not a duration such as 3600s, 90m, 24h or 7d");
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let number: u64 = number.parse().map_err(|_| bad())?;
    let unit = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3_600,
        "d" => 86_400,
        _ => return Err(bad()),
    };
    number.checked_mul(unit).map(Duration::from_secs).ok_or_else(bad)
}

/// `grove iam invites`.
#[derive(Debug, Subcommand)]
pub enum InvitesCommand {
    /// List invites, newest first.
    List {
        #[command(flatten)]
        list: ListArgs,
        /// Only the invites whose code the key with this id signed.
        #[arg(long)]
        key_id: Option<String>,
    },
    /// Show an invite (never its code).
    Get {
        /// The invite's uid.
        uid: String,
    },
    /// Invite people to a group: prints the code, shown only this once, which a person
    /// redeems with `grove auth login --invite-code CODE`.
    Create {
        /// The group: a uid, a name or a path.
        #[arg(long, value_name = "GROUP")]
        parent: String,
        /// The role granted: a uid, or the name of a role usable in the group (such as `viewer`).
        #[arg(long)]
        role: String,
        /// How long the code works (`s`, `m`, `h` or `d`; at most 90 days).
        #[arg(long, value_name = "DURATION", default_value = "7d", value_parser = parse_ttl)]
        ttl: Duration,
        /// Only the person with this verified email may redeem it.
        #[arg(long)]
        email: Option<String>,
        /// The code works once only.
        #[arg(long)]
        single_use: bool,
    },
    /// Delete (revoke) an invite: its code is refused from then on.
    Delete {
        /// The invite's uid.
        uid: String,
    },
}

/// A section of an account association.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Section {
    /// The AWS account.
    Amazon,
    /// The Google Cloud project.
    Google,
    /// The Azure tenant.
    Azure,
    /// The GitHub app installations.
    Github,
    /// The service bindings.
    Chainguard,
}

impl Section {
    fn path(self) -> &'static str {
        match self {
            Self::Amazon => "amazon",
            Self::Google => "google",
            Self::Azure => "azure",
            Self::Github => "github",
            Self::Chainguard => "chainguard",
        }
    }
}

/// A cloud whose account a check asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Cloud {
    /// AWS.
    Amazon,
    /// Google Cloud.
    Google,
    /// Azure.
    Azure,
}

impl Cloud {
    fn name(self) -> &'static str {
        match self {
            Self::Amazon => "amazon",
            Self::Google => "google",
            Self::Azure => "azure",
        }
    }

    fn provider(self) -> AccountProvider {
        match self {
            Self::Amazon => AccountProvider::Amazon,
            Self::Google => AccountProvider::Google,
            Self::Azure => AccountProvider::Azure,
        }
    }
}

/// The sections of an account association, as flags.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct AccountFlags {
    /// The 12-digit AWS account id.
    #[arg(long, value_name = "ACCOUNT_ID")]
    amazon_account: Option<String>,
    /// The Google Cloud project id.
    #[arg(long, value_name = "ID", requires = "google_project_number")]
    google_project_id: Option<String>,
    /// The Google Cloud project number.
    #[arg(long, value_name = "NUMBER", requires = "google_project_id")]
    google_project_number: Option<String>,
    /// The Azure tenant id.
    #[arg(long, value_name = "UUID", requires = "azure_client_ids")]
    azure_tenant_id: Option<String>,
    /// The Azure client id of a component (repeatable).
    #[arg(long = "azure-client-id", value_name = "COMPONENT=CLIENT_ID", requires = "azure_tenant_id")]
    azure_client_ids: Vec<String>,
    /// A GitHub app installation (repeatable).
    #[arg(long = "github-installation", value_name = "APP_ID=INSTALLATION_ID")]
    github_installations: Vec<String>,
}

impl AccountFlags {
    /// The sections the flags give, and the update-mask paths of those sections.
    fn sections(&self) -> Result<(AccountAssociationInput, Vec<Section>), CliError> {
        let mut input = AccountAssociationInput::default();
        let mut given = Vec::new();
        if let Some(account) = &self.amazon_account {
            input.amazon = Some(AmazonAccount { account: account.clone() });
            given.push(Section::Amazon);
        }
        if let (Some(project_id), Some(project_number)) = (&self.google_project_id, &self.google_project_number) {
            input.google =
                Some(GoogleProject { project_id: project_id.clone(), project_number: project_number.clone() });
            given.push(Section::Google);
        }
        if let Some(tenant_id) = &self.azure_tenant_id {
            let client_ids = key_values("azure-client-id", &self.azure_client_ids)?;
            input.azure = Some(AzureTenant { tenant_id: tenant_id.clone(), client_ids });
            given.push(Section::Azure);
        }
        if !self.github_installations.is_empty() {
            let mut apps = GitHubApps::default();
            // An app may have several installations: the pairs are read one by one, not as a map.
            for pair in &self.github_installations {
                let (app, installation) = key_value("github-installation", pair)?;
                let number = |what: &str, text: &str| {
                    text.parse::<i64>().map_err(|_| {
                        CliError::new(format!("--github-installation {app}={installation}: {what} must be a number"))
                    })
                };
                let app_id = number("the app id", app)?;
                let installation_id = number("the installation id", installation)?;
                apps.app_installations
                    .entry(app_id)
                    .or_insert_with(GitHubAppInstallations::default)
                    .installations
                    .push(GitHubInstallation { installation_id, name: String::new() });
            }
            input.github = Some(apps);
            given.push(Section::Github);
        }
        Ok((input, given))
    }
}

/// `grove iam account-associations`.
#[derive(Debug, Subcommand)]
pub enum AccountAssociationsCommand {
    /// List the account associations you can see (by group).
    List(ListArgs),
    /// Show a group's account association.
    Get(GroupArg),
    /// Create a group's account association, or change it: each section given replaces that
    /// whole section, the others stay.
    Set {
        #[command(flatten)]
        group: GroupArg,
        /// The name [default on create: the group's name].
        #[arg(long)]
        name: Option<String>,
        /// Free text.
        #[arg(long)]
        description: Option<String>,
        #[command(flatten)]
        accounts: AccountFlags,
        /// Remove this section (repeatable).
        #[arg(long, value_enum, value_name = "SECTION")]
        remove: Vec<Section>,
    },
    /// Delete a group's account association (succeeds when it has none).
    Delete(GroupArg),
    /// Check whether the group's account at a cloud is usable; exits 1 unless it is ready.
    Check {
        #[command(flatten)]
        group: GroupArg,
        /// The cloud.
        #[arg(long, value_enum)]
        provider: Cloud,
    },
}

/// Runs `grove iam identity-providers`.
pub async fn run_identity_providers(
    client: &Client,
    out: Output,
    command: IdentityProvidersCommand,
) -> Result<(), CliError> {
    let resolver = Resolver::new(client);
    match command {
        IdentityProvidersCommand::List(args) => list::<IdentityProvider>(client, out, &args, None).await,
        IdentityProvidersCommand::Get(target) => {
            get::<IdentityProvider>(client, out, &target.uid::<IdentityProvider>(resolver).await?).await
        }
        IdentityProvidersCommand::Create {
            name,
            parent,
            description,
            default_role,
            issuer,
            client_id,
            secret,
            pkce,
            additional_scopes,
            groups_claim,
            correlation_rule,
        } => {
            let client_secret = secret.secret()?;
            let group = resolver.group(&parent, None).await?;
            let default_role =
                resolver.one::<Role>(&default_role, Scope::UsableIn { uid: &group, label: &parent }).await?;
            let input = IdentityProviderInput {
                name: Some(name),
                description,
                default_role: Some(default_role),
                oidc: Some(OidcInput {
                    issuer: Some(issuer),
                    client_id: Some(client_id),
                    client_secret,
                    additional_scopes: (!additional_scopes.is_empty()).then_some(additional_scopes),
                    groups_claim,
                    correlation_rule: correlation_rule.map(|r| r.wire().to_owned()),
                    pkce_enabled: pkce.then_some(true),
                }),
            };
            print_one(out, &client.identity_providers().create(Some(&group), &input).await?)
        }
        IdentityProvidersCommand::Update {
            target,
            name,
            description,
            default_role,
            issuer,
            client_id,
            secret,
            clear_client_secret,
            pkce,
            additional_scopes,
            groups_claim,
        } => {
            let client_secret =
                if clear_client_secret { Some(ClientSecret::new(String::new())) } else { secret.secret()? };
            let uid = target.uid::<IdentityProvider>(resolver).await?;
            let default_role = match default_role {
                Some(role) => {
                    let group = parent_uid(&uid);
                    Some(resolver.one::<Role>(&role, Scope::UsableIn { uid: group, label: group }).await?)
                }
                None => None,
            };
            let oidc = OidcInput {
                issuer,
                client_id,
                client_secret,
                additional_scopes: (!additional_scopes.is_empty()).then_some(additional_scopes),
                groups_claim,
                correlation_rule: None,
                pkce_enabled: pkce,
            };
            let input = IdentityProviderInput {
                name,
                description,
                default_role,
                oidc: (oidc != OidcInput::default()).then_some(oidc),
            };
            print_one(out, &client.identity_providers().update(&uid, &input, None).await?)
        }
        IdentityProvidersCommand::Delete(target) => {
            delete::<IdentityProvider>(client, out, &target.uid::<IdentityProvider>(resolver).await?).await
        }
    }
}

/// Prints a new invite; the table is followed by the code, which nothing shows again.
fn print_created_invite(out: Output, invite: &GroupInvite) -> Result<(), CliError> {
    match serialized(out, invite)? {
        Some(text) => print!("{text}"),
        None if out == Output::Id => println!("{}", invite.uid),
        None => {
            print_one(out, invite)?;
            println!("\nThe invite code, shown only this once (grove auth login --invite-code CODE):");
            println!("{}", invite.code);
        }
    }
    Ok(())
}

/// Runs `grove iam invites`.
pub async fn run_invites(client: &Client, out: Output, command: InvitesCommand) -> Result<(), CliError> {
    let resolver = Resolver::new(client);
    match command {
        InvitesCommand::List { list: args, key_id } => {
            // The server ignores keys that are no filter of the list; a silent full list would
            // mislead, so the flag that is none is refused here.
            if args.name.is_some() {
                return Err(CliError::new("invites have no names: filter with --key-id, --parent or --under"));
            }
            let mut options = args.options::<GroupInvite>(resolver).await?;
            if let Some(key_id) = key_id {
                options = options.param("key_id", &key_id);
            }
            list::<GroupInvite>(client, out, &args, Some(options)).await
        }
        InvitesCommand::Get { uid } => get::<GroupInvite>(client, out, &Resolver::invite(&uid)?).await,
        InvitesCommand::Create { parent, role, ttl, email, single_use } => {
            let group = resolver.group(&parent, None).await?;
            let input = GroupInviteInput {
                role_uid: Some(resolver.one::<Role>(&role, Scope::UsableIn { uid: &group, label: &parent }).await?),
                email,
                ttl: Some(ttl),
                single_use: single_use.then_some(true),
            };
            print_created_invite(out, &client.group_invites().create(Some(&group), &input).await?)
        }
        InvitesCommand::Delete { uid } => delete::<GroupInvite>(client, out, &Resolver::invite(&uid)?).await,
    }
}

/// Runs `grove iam account-associations`.
pub async fn run_account_associations(
    client: &Client,
    out: Output,
    command: AccountAssociationsCommand,
) -> Result<(), CliError> {
    let resolver = Resolver::new(client);
    match command {
        AccountAssociationsCommand::List(args) => list::<AccountAssociation>(client, out, &args, None).await,
        AccountAssociationsCommand::Get(group) => {
            get::<AccountAssociation>(client, out, &group.uid(resolver).await?).await
        }
        AccountAssociationsCommand::Set { group, name, description, accounts, remove } => {
            let (mut input, given) = accounts.sections()?;
            if let Some(both) = remove.iter().find(|s| given.contains(s)) {
                return Err(CliError::new(format!("--remove {} and flags of that section contradict", both.path())));
            }
            let uid = group.uid(resolver).await?;
            let mut mask: Vec<&str> = Vec::new();
            if name.is_some() {
                mask.push("name");
            }
            if description.is_some() {
                mask.push("description");
            }
            mask.extend(given.iter().chain(&remove).map(|s| s.path()));
            input.name = name;
            input.description = description;
            let associations = client.account_associations();
            let association = match associations.get(&uid).await {
                Ok(_) if mask.is_empty() => {
                    return Err(CliError::new(
                        "nothing to change: give --name, --description, a section's flags or --remove",
                    ))
                }
                Ok(_) => associations.update(&uid, &input, Some(&mask)).await?,
                Err(e) if e.reason() == "NOT_FOUND" => {
                    if input.name.is_none() {
                        input.name = Some(client.groups().get(&uid).await?.name);
                    }
                    associations.create(Some(&uid), &input).await?
                }
                Err(e) => return Err(e.into()),
            };
            print_one(out, &association)
        }
        AccountAssociationsCommand::Delete(group) => {
            delete::<AccountAssociation>(client, out, &group.uid(resolver).await?).await
        }
        AccountAssociationsCommand::Check { group, provider } => {
            let uid = group.uid(resolver).await?;
            let check = client.check_account_association(&uid, provider.provider()).await?;
            print_one(out, &check)?;
            if check.is_ready() {
                Ok(())
            } else {
                let cloud = provider.name();
                Err(CliError::new(format!("the {cloud} account of {uid} is not ready ({})", check.reason)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ttl_is_a_number_and_one_unit() {
        assert_eq!(parse_ttl("3600s"), Ok(Duration::from_secs(3_600)));
        assert_eq!(parse_ttl("90m"), Ok(Duration::from_secs(5_400)));
        assert_eq!(parse_ttl("24h"), Ok(Duration::from_secs(86_400)));
        assert_eq!(parse_ttl("7d"), Ok(Duration::from_secs(604_800)));
        for bad in ["", "7", "d", "1.5h", "7w", "-1d", "1h30m"] {
            assert_eq!(parse_ttl(bad), Err(format!("{bad:?} is not a duration such as 3600s, 90m, 24h or 7d")));
        }
    }

    #[test]
    fn a_secret_comes_from_the_flag_or_a_trimmed_file_and_debug_hides_it() {
        let dir = std::env::temp_dir().join(format!("grove-secret-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("secret");
        std::fs::write(&file, "from-file\n").unwrap();
        let from_file = SecretArgs { client_secret: None, client_secret_file: Some(file.clone()) };
        assert_eq!(from_file.secret().unwrap(), Some(ClientSecret::new("from-file")));
        let flag = SecretArgs { client_secret: Some("on-the-line".into()), client_secret_file: None };
        assert_eq!(flag.secret().unwrap(), Some(ClientSecret::new("on-the-line")));
        assert!(!format!("{flag:?}").contains("on-the-line"), "{flag:?}");
        assert_eq!(SecretArgs::default().secret().unwrap(), None);
        std::fs::write(&file, " \n").unwrap();
        let empty = from_file.secret().unwrap_err().to_string();
        assert_eq!(empty, "the client secret is empty (--clear-client-secret removes a stored one)");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn account_flags_give_whole_sections_and_their_mask_paths() {
        let flags = AccountFlags {
            amazon_account: Some("123456789012".into()),
            github_installations: vec!["42=7".into(), "42=8".into()],
            ..AccountFlags::default()
        };
        let (input, given) = flags.sections().unwrap();
        assert_eq!(given, [Section::Amazon, Section::Github]);
        assert_eq!(
            serde_json::to_value(&input).unwrap(),
            serde_json::json!({
                "amazon": { "account": "123456789012" },
                "github": { "appInstallations": { "42": { "installations": [
                    { "installationId": "7" }, { "installationId": "8" }
                ] } } },
            })
        );
        let bad = AccountFlags { github_installations: vec!["app=7".into()], ..AccountFlags::default() };
        assert_eq!(bad.sections().unwrap_err().to_string(), "--github-installation app=7: the app id must be a number");
    }
}
