//! The [`CloudAccountProbe`] port over HTTPS: `:checkAccountAssociation` asks the cloud
//! itself to accept a token Grove minted for the association, as the platform would when it
//! acts in that account.
//!
//! The token is signed by Grove's API-token key (so the cloud verifies it with Grove's JWKS
//! at `{auth_url}/.well-known/openid-configuration`): `iss` is the auth URL, `sub` the
//! association's group uid, `aud` the cloud's usual audience for federated tokens, and it
//! lives five minutes.
//!
//! - **AWS**: STS `AssumeRoleWithWebIdentity` (Query API) for the role
//!   `arn:aws:iam::<account>:role/<aws_role_name>`, audience `sts.amazonaws.com` (the
//!   default client id of an AWS OIDC provider). READY only on 200 with credentials (which
//!   are dropped at once); otherwise NOT_READY with AWS's error code and message.
//! - **Google**: STS token exchange at `{google_sts_url}/v1/token` for the workload identity
//!   provider `projects/<number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>`,
//!   audience `https://iam.googleapis.com/` + that name (Google's default allowed audience).
//!   READY on 200 with an `access_token`; otherwise NOT_READY with Google's `error` and
//!   `error_description`.
//! - **Azure**: a client-credentials request with the token as client assertion at
//!   `{azure_login_url}/<tenant>/oauth2/v2.0/token`, audience `api://AzureADTokenExchange`
//!   (Entra ID's federated-credential default), once per configured client id (component,
//!   at most [`MAX_AZURE_CLIENTS`]): READY when every client got an `access_token`; otherwise
//!   NOT_READY naming the first component refused, with Entra's `error` and
//!   `error_description`.
//!
//! A cloud that cannot be reached, times out or answers 5xx makes the check fail with
//! `FAILED_PRECONDITION` `CLOUD_UNREACHABLE`; the cause goes to the log only. The role, pool
//! and provider names default to the ones the public account-association Terraform modules
//! create (`chainguard-canary`, `chainguard-pool`, `chainguard-provider`); see docs/iam.md.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use grove_domain::model::{AccountAssociation, AccountProviderType, CheckResult, CheckStatus};
use grove_domain::ports::CloudAccountProbe;
use grove_domain::{Error, Result, Uidp};
use serde_json::Value;

use crate::fetch::{check_url, FetchError, FetchPolicy, Fetcher};
use crate::ApiTokens;

/// The public AWS STS endpoint.
pub const DEFAULT_AWS_STS_URL: &str = "https://sts.amazonaws.com";
/// The public Google STS endpoint.
pub const DEFAULT_GOOGLE_STS_URL: &str = "https://sts.googleapis.com";
/// The public Microsoft Entra ID login endpoint.
pub const DEFAULT_AZURE_LOGIN_URL: &str = "https://login.microsoftonline.com";

/// The audience AWS expects of web identity tokens by default.
pub const AWS_AUDIENCE: &str = "sts.amazonaws.com";
/// The audience Entra ID expects of federated client assertions by default.
pub const AZURE_AUDIENCE: &str = "api://AzureADTokenExchange";
/// What the Azure client asks a token for (any scope proves the assertion was accepted).
pub const AZURE_SCOPE: &str = "https://management.azure.com/.default";

/// How long the minted token lives.
const TOKEN_TTL_SECONDS: i64 = 300;
/// The longest part of a cloud's error message repeated in a check's answer.
const MAX_MESSAGE: usize = 512;
/// The most Azure clients one check presents Grove's token for: a check is one request per
/// client, and an association may name any number of them.
pub const MAX_AZURE_CLIENTS: usize = 16;

/// Where the clouds are and what the association's side is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloudSettings {
    /// AWS STS (scheme, host, optional port).
    pub aws_sts_url: String,
    /// Google STS (scheme, host, optional port).
    pub google_sts_url: String,
    /// Microsoft Entra ID's login host (scheme, host, optional port).
    pub azure_login_url: String,
    /// The IAM role assumed in the associated AWS account.
    pub aws_role_name: String,
    /// The workload identity pool in the associated Google project.
    pub google_pool: String,
    /// The pool's provider that trusts Grove.
    pub google_provider: String,
    /// Deadline of each request to a cloud.
    pub timeout: Duration,
}

impl Default for CloudSettings {
    fn default() -> Self {
        Self {
            aws_sts_url: DEFAULT_AWS_STS_URL.to_owned(),
            google_sts_url: DEFAULT_GOOGLE_STS_URL.to_owned(),
            azure_login_url: DEFAULT_AZURE_LOGIN_URL.to_owned(),
            aws_role_name: "chainguard-canary".to_owned(),
            google_pool: "chainguard-pool".to_owned(),
            google_provider: "chainguard-provider".to_owned(),
            timeout: Duration::from_secs(10),
        }
    }
}

/// Why a [`CloudProbe`] could not be built.
#[derive(Debug, thiserror::Error)]
pub enum CloudProbeError {
    /// An endpoint is not a URL the fetch policy allows.
    #[error(transparent)]
    Endpoint(#[from] FetchError),
    /// The HTTP client could not be built.
    #[error("building the cloud probe's HTTP client: {0}")]
    Client(#[from] reqwest::Error),
}

/// Probes associated cloud accounts with tokens signed by `tokens`; implements
/// [`CloudAccountProbe`].
pub struct CloudProbe {
    tokens: Arc<ApiTokens>,
    fetcher: Fetcher,
    settings: CloudSettings,
}

impl std::fmt::Debug for CloudProbe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CloudProbe").field("settings", &self.settings).finish_non_exhaustive()
    }
}

impl CloudProbe {
    /// A probe sending to the endpoints of `settings` under `policy` (whose timeout is
    /// replaced by the settings' one).
    ///
    /// # Errors
    /// When `policy` refuses an endpoint or the HTTP client cannot be built.
    pub fn new(
        tokens: Arc<ApiTokens>,
        mut settings: CloudSettings,
        mut policy: FetchPolicy,
    ) -> std::result::Result<Self, CloudProbeError> {
        for url in [&mut settings.aws_sts_url, &mut settings.google_sts_url, &mut settings.azure_login_url] {
            check_url(url, &policy)?;
            *url = url.trim_end_matches('/').to_owned();
        }
        policy.timeout = settings.timeout;
        Ok(Self { tokens, fetcher: Fetcher::new(policy)?, settings })
    }

    /// A five-minute token for `audience` whose subject is the association's group.
    fn token(&self, audience: &str, group: &Uidp) -> Result<String> {
        Ok(self.tokens.mint_for_audience(audience, group, chrono::Duration::seconds(TOKEN_TTL_SECONDS))?.token)
    }

    /// POSTs `form` to `url`; `CLOUD_UNREACHABLE` (cause logged) when no answer comes, or a
    /// 5xx one.
    async fn post(&self, provider: AccountProviderType, url: &str, form: &[(&str, &str)]) -> Result<(u16, Vec<u8>)> {
        let unreachable = || {
            let cloud = provider.label();
            Error::precondition(
                "CLOUD_UNREACHABLE",
                format!("{cloud} could not be reached to check the association; try again later"),
            )
        };
        let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        match self.fetcher.post_form(url, reqwest::header::HeaderMap::new(), body).await {
            Ok((status, body)) if status < 500 => Ok((status, body)),
            Ok((status, _)) => {
                tracing::warn!(%url, status, "a cloud answered a check with a server error");
                Err(unreachable())
            }
            Err(e) => {
                tracing::warn!(error = %e, "a cloud could not be reached for a check");
                Err(unreachable())
            }
        }
    }

    async fn probe_amazon(&self, group: &Uidp, account: &str) -> Result<CheckResult> {
        let role = format!("arn:aws:iam::{account}:role/{}", self.settings.aws_role_name);
        let token = self.token(AWS_AUDIENCE, group)?;
        let form = [
            ("Action", "AssumeRoleWithWebIdentity"),
            ("Version", "2011-06-15"),
            ("RoleArn", role.as_str()),
            ("RoleSessionName", "grove-association-check"),
            ("DurationSeconds", "900"),
            ("WebIdentityToken", token.as_str()),
        ];
        let url = format!("{}/", self.settings.aws_sts_url);
        let (status, body) = self.post(AccountProviderType::Amazon, &url, &form).await?;
        let text = String::from_utf8_lossy(&body);
        let credentials = crate::aws::element(&text, "Credentials")
            .and_then(|c| crate::aws::element(c, "AccessKeyId"))
            .is_some_and(|id| !id.is_empty());
        if status == 200 && credentials {
            return Ok(ready(format!("AWS let Grove assume {role}")));
        }
        let error = crate::aws::element(&text, "Error");
        let field = |name| error.and_then(|e| crate::aws::element(e, name)).map(crate::aws::unescape);
        Ok(not_ready(
            field("Code").unwrap_or_else(|| format!("HTTP_{status}")),
            format!("AWS refused to let Grove assume {role}: {}", field("Message").unwrap_or_default()),
        ))
    }

    async fn probe_google(&self, group: &Uidp, project_number: &str) -> Result<CheckResult> {
        let provider = format!(
            "projects/{project_number}/locations/global/workloadIdentityPools/{}/providers/{}",
            self.settings.google_pool, self.settings.google_provider
        );
        let token = self.token(&format!("https://iam.googleapis.com/{provider}"), group)?;
        let audience = format!("//iam.googleapis.com/{provider}");
        let form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"),
            ("audience", audience.as_str()),
            ("scope", "https://www.googleapis.com/auth/cloud-platform"),
            ("requested_token_type", "urn:ietf:params:oauth:token-type:access_token"),
            ("subject_token_type", "urn:ietf:params:oauth:token-type:jwt"),
            ("subject_token", token.as_str()),
        ];
        let url = format!("{}/v1/token", self.settings.google_sts_url);
        let (status, body) = self.post(AccountProviderType::Google, &url, &form).await?;
        Ok(match oauth_answer(status, &body) {
            Ok(()) => ready(format!("Google accepted Grove for {provider}")),
            Err((reason, description)) => {
                not_ready(reason, format!("Google refused Grove for {provider}: {description}"))
            }
        })
    }

    async fn probe_azure(&self, group: &Uidp, tenant: &str, clients: &[(&String, &String)]) -> Result<CheckResult> {
        if clients.len() > MAX_AZURE_CLIENTS {
            return Ok(not_ready(
                "TOO_MANY_CLIENTS".to_owned(),
                format!(
                    "the association names {} Azure clients; a check asks Entra ID for at most {MAX_AZURE_CLIENTS}",
                    clients.len()
                ),
            ));
        }
        let url = format!("{}/{tenant}/oauth2/v2.0/token", self.settings.azure_login_url);
        for (component, client_id) in clients {
            let token = self.token(AZURE_AUDIENCE, group)?;
            let form = [
                ("grant_type", "client_credentials"),
                ("client_id", client_id.as_str()),
                ("scope", AZURE_SCOPE),
                ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
                ("client_assertion", token.as_str()),
            ];
            let (status, body) = self.post(AccountProviderType::Azure, &url, &form).await?;
            if let Err((reason, description)) = oauth_answer(status, &body) {
                return Ok(not_ready(
                    reason,
                    format!(
                        "Entra ID refused Grove as {component} (client {client_id}) in tenant {tenant}: {description}"
                    ),
                ));
            }
        }
        Ok(ready(format!("Entra ID accepted Grove for every client of tenant {tenant}")))
    }
}

#[async_trait]
impl CloudAccountProbe for CloudProbe {
    async fn probe(&self, association: &AccountAssociation, provider: AccountProviderType) -> Result<CheckResult> {
        let group = &association.uid;
        let providers = &association.providers;
        let missing = || {
            Ok(not_ready(
                "NOT_CONFIGURED".to_owned(),
                format!("the association of {group} has no {} section", provider.label()),
            ))
        };
        match provider {
            AccountProviderType::Amazon => match &providers.amazon {
                Some(a) => self.probe_amazon(group, &a.account).await,
                None => missing(),
            },
            AccountProviderType::Google => match &providers.google {
                Some(g) => self.probe_google(group, &g.project_number).await,
                None => missing(),
            },
            AccountProviderType::Azure => match &providers.azure {
                Some(a) if !a.client_ids.is_empty() => {
                    let clients: Vec<_> = a.client_ids.iter().collect();
                    self.probe_azure(group, &a.tenant_id, &clients).await
                }
                _ => missing(),
            },
        }
    }
}

fn ready(message: String) -> CheckResult {
    CheckResult { status: CheckStatus::Ready, reason: "READY".to_owned(), message }
}

fn not_ready(reason: String, message: String) -> CheckResult {
    CheckResult {
        status: CheckStatus::NotReady,
        reason: printable(&reason, 64),
        message: printable(&message, MAX_MESSAGE),
    }
}

/// `text` without control characters, cut to `max` characters.
fn printable(text: &str, max: usize) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(max).collect::<String>().trim().to_owned()
}

/// An OAuth token endpoint's answer: `Ok` on 200 with an `access_token`, else its `error`
/// and `error_description` (RFC 6749 §5.2).
fn oauth_answer(status: u16, body: &[u8]) -> std::result::Result<(), (String, String)> {
    let doc: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let token = doc["access_token"].as_str().is_some_and(|t| !t.is_empty());
    if status == 200 && token {
        return Ok(());
    }
    let reason =
        doc["error"].as_str().filter(|e| !e.is_empty()).map_or_else(|| format!("HTTP_{status}"), str::to_owned);
    let description = doc["error_description"].as_str().unwrap_or_default().to_owned();
    Err((reason, description))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oauth_error_yields_its_code_and_description_and_a_token_is_success() {
        assert_eq!(oauth_answer(200, br#"{"access_token":"x","token_type":"Bearer"}"#), Ok(()));
        assert_eq!(
            oauth_answer(400, br#"{"error":"invalid_grant","error_description":"The audience does not match."}"#),
            Err(("invalid_grant".to_owned(), "The audience does not match.".to_owned()))
        );
        assert_eq!(oauth_answer(200, b"{}"), Err(("HTTP_200".to_owned(), String::new())));
        assert_eq!(oauth_answer(403, b"<html>"), Err(("HTTP_403".to_owned(), String::new())));
    }

    #[test]
    fn a_clouds_text_is_kept_printable_and_short() {
        assert_eq!(printable("a\nb\u{7}c", 10), "a b c");
        assert_eq!(printable(&"x".repeat(600), MAX_MESSAGE).len(), MAX_MESSAGE);
    }
}
