//! The client: one API address and token, a handle per collection, paging, and the token
//! exchange.

use std::collections::VecDeque;
use std::marker::PhantomData;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::error::ClientError;
use crate::types::{
    AcceptedTerms, AccountAssociation, AccountCheck, AccountProvider, AuditEntry, DeadLetter, Group, GroupInvite,
    Identity, IdentityProvider, ReplayedDeadLetter, Repo, RepoReadme, Resource, Role, RoleBinding, ServerVersion, Tag,
    TermsAcceptance, Updatable,
};

/// Talks to one Grove API with one token.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base_url: String,
    token: Option<String>,
}

pub(crate) fn checked_url(url: &str) -> Result<String, ClientError> {
    let trimmed = url.trim().trim_end_matches('/');
    match reqwest::Url::parse(trimmed) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => Ok(trimmed.to_owned()),
        _ => Err(ClientError::InvalidUrl(url.to_owned())),
    }
}

fn transport(url: &str, e: &reqwest::Error) -> ClientError {
    ClientError::Transport { url: url.to_owned(), reason: error_chain(e) }
}

/// `e` and every error below it, joined by `: `.
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut reason = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        reason.push_str(": ");
        reason.push_str(&s.to_string());
        source = s.source();
    }
    reason
}

impl Client {
    /// A client of the API at `base_url` (such as `http://127.0.0.1:8080`), without a token.
    ///
    /// # Errors
    /// [`ClientError::InvalidUrl`] unless `base_url` is an `http` or `https` URL.
    pub fn new(base_url: &str) -> Result<Self, ClientError> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(60))
            .user_agent(concat!("grove-client/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| transport(base_url, &e))?;
        Ok(Self { http, base_url: checked_url(base_url)?, token: None })
    }

    /// The same client presenting `token` as `Authorization: Bearer <token>`.
    #[must_use]
    pub fn with_token(mut self, token: impl Into<String>) -> Self {
        self.token = Some(token.into());
        self
    }

    /// The API address (without a trailing slash).
    #[must_use]
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The collection of resource type `R` (as [`Self::groups`] and its siblings do).
    #[must_use]
    pub fn resources<R: Resource>(&self) -> Resources<'_, R> {
        Resources::new(self)
    }

    /// Groups and organizations.
    #[must_use]
    pub fn groups(&self) -> Resources<'_, Group> {
        Resources::new(self)
    }

    /// Identities.
    #[must_use]
    pub fn identities(&self) -> Resources<'_, Identity> {
        Resources::new(self)
    }

    /// Roles.
    #[must_use]
    pub fn roles(&self) -> Resources<'_, Role> {
        Resources::new(self)
    }

    /// Role bindings.
    #[must_use]
    pub fn role_bindings(&self) -> Resources<'_, RoleBinding> {
        Resources::new(self)
    }

    /// Registry repos.
    #[must_use]
    pub fn repos(&self) -> Resources<'_, Repo> {
        Resources::new(self)
    }

    /// Registry tags.
    #[must_use]
    pub fn tags(&self) -> Resources<'_, Tag> {
        Resources::new(self)
    }

    /// Organizations' own identity providers (the client secret goes in, never comes back).
    #[must_use]
    pub fn identity_providers(&self) -> Resources<'_, IdentityProvider> {
        Resources::new(self)
    }

    /// Group invites: create (the answer alone carries the code), get, list, delete; no update.
    #[must_use]
    pub fn group_invites(&self) -> Resources<'_, GroupInvite> {
        Resources::new(self)
    }

    /// Account associations: one per group, whose uid is the group's (create it with the group
    /// as the parent).
    #[must_use]
    pub fn account_associations(&self) -> Resources<'_, AccountAssociation> {
        Resources::new(self)
    }

    /// Checks whether the account of `provider` in the association of group `uid` is usable
    /// (`CheckAccountAssociation`): a check that needs the cloud itself answers
    /// `FAILED_PRECONDITION` rather than a guess.
    ///
    /// # Errors
    /// `NOT_FOUND`, `FAILED_PRECONDITION`, `PERMISSION_DENIED` and the other [`ClientError`]s.
    pub async fn check_account_association(
        &self,
        uid: &str,
        provider: AccountProvider,
    ) -> Result<AccountCheck, ClientError> {
        let path = format!("{}/{uid}:checkAccountAssociation", AccountAssociation::PATH);
        let body = serde_json::json!({ "providerType": provider });
        let value = self.send(reqwest::Method::POST, &path, &[], Some(&body)).await?;
        decode(&path, value)
    }

    /// Records that `group` accepts the documents `document_ids`, as the token's identity
    /// (`AcceptTerms`); a document the group accepted before keeps its first acceptance.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` (no id, more than 32, a bad id), `NOT_FOUND`, `PERMISSION_DENIED`
    /// and the other [`ClientError`]s.
    pub async fn accept_terms(&self, group: &str, document_ids: &[&str]) -> Result<AcceptedTerms, ClientError> {
        let path = format!("{TERMS_PATH}/{group}");
        let body = serde_json::json!({ "documentIds": document_ids });
        let value = self.send(reqwest::Method::POST, &path, &[], Some(&body)).await?;
        decode(&path, value)
    }

    /// One page of the acceptances of `group` and of every group above it
    /// (`ListTermsAcceptances`, oldest first unless `options` orders otherwise).
    ///
    /// # Errors
    /// `NOT_FOUND` and the other [`ClientError`]s.
    pub async fn terms_acceptances(
        &self,
        group: &str,
        options: &ListOptions,
        page_token: Option<&str>,
    ) -> Result<Page<TermsAcceptance>, ClientError> {
        read_page(self, &format!("{TERMS_PATH}/{group}"), "termsAcceptances", options, page_token).await
    }

    /// One page of the audit trail (`ListAuditEntries`, newest first unless `options` orders
    /// otherwise; filters such as `actor`, `type`, `since` and `until` go in as
    /// [`ListOptions::param`]).
    ///
    /// # Errors
    /// `PERMISSION_DENIED` without `audit.list`, and the other [`ClientError`]s.
    pub async fn audit_entries(
        &self,
        options: &ListOptions,
        page_token: Option<&str>,
    ) -> Result<Page<AuditEntry>, ClientError> {
        read_page(self, "/audit/v1alpha1/entries", "entries", options, page_token).await
    }

    /// One page of dead letters (`ListDeadLetters`, in uid order; `uidp.descendants_of`,
    /// `uidp.children_of` and `subscription` go in as [`ListOptions`]).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` and the other [`ClientError`]s.
    pub async fn dead_letters(
        &self,
        options: &ListOptions,
        page_token: Option<&str>,
    ) -> Result<Page<DeadLetter>, ClientError> {
        read_page(self, DEAD_LETTERS_PATH, "deadLetters", options, page_token).await
    }

    /// Delivers dead letter `id` once more to its subscription's sink (`ReplayDeadLetter`);
    /// delivered, it is deleted.
    ///
    /// # Errors
    /// `NOT_FOUND`, `PERMISSION_DENIED` (needs `subscriptions.create`),
    /// `FAILED_PRECONDITION` (`SUBSCRIPTION_GONE`, or `SINK_REFUSED` when the sink failed
    /// again and the dead letter is kept) and the other [`ClientError`]s.
    pub async fn replay_dead_letter(&self, id: &str) -> Result<ReplayedDeadLetter, ClientError> {
        let path = format!("{DEAD_LETTERS_PATH}/{id}:replay");
        let value = self.send::<()>(reqwest::Method::POST, &path, &[], None).await?;
        decode(&path, value)
    }

    /// Deletes dead letter `id` without delivering it (`DeleteDeadLetter`).
    ///
    /// # Errors
    /// `NOT_FOUND`, `PERMISSION_DENIED` (needs `subscriptions.delete`) and the other
    /// [`ClientError`]s.
    pub async fn delete_dead_letter(&self, id: &str) -> Result<(), ClientError> {
        let path = format!("{DEAD_LETTERS_PATH}/{id}");
        self.send::<()>(reqwest::Method::DELETE, &path, &[], None).await.map(|_| ())
    }

    /// The README of repo `uid` (`GetRepoReadme`; a synced repo answers its source's).
    ///
    /// # Errors
    /// `NOT_FOUND` and the other [`ClientError`]s.
    pub async fn repo_readme(&self, uid: &str) -> Result<RepoReadme, ClientError> {
        let path = format!("/registry/v2beta1/repos/{uid}/readme");
        let value = self.send::<()>(reqwest::Method::GET, &path, &[], None).await?;
        decode(&path, value)
    }

    /// Replaces the README of repo `uid` (`UpdateRepoReadme`; needs `repo.update` and
    /// `repo.internal.admin`); an empty `content` clears it.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` (content sanitization would change), `PERMISSION_DENIED`,
    /// `FAILED_PRECONDITION` (a synced repo) and the other [`ClientError`]s.
    pub async fn update_repo_readme(&self, uid: &str, content: &str) -> Result<RepoReadme, ClientError> {
        let path = format!("/registry/v2beta1/repos/{uid}/readme");
        let query = [("update_mask".to_owned(), "content".to_owned())];
        let body = serde_json::json!({ "content": content });
        let value = self.send(reqwest::Method::PATCH, &path, &query, Some(&body)).await?;
        decode(&path, value)
    }

    /// Sends a request to `path` (below the base URL) and reads a JSON answer; an empty
    /// answer reads as `null`.
    ///
    /// # Errors
    /// [`ClientError`] for an error answer, a transport failure or an unreadable body.
    pub async fn send<B: Serialize + ?Sized>(
        &self,
        method: reqwest::Method,
        path: &str,
        query: &[(String, String)],
        body: Option<&B>,
    ) -> Result<Value, ClientError> {
        let url = format!("{}{path}", self.base_url);
        let mut request = self.http.request(method, &url).query(query);
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.map_err(|e| transport(&url, &e))?;
        read_json(&url, response).await
    }

    /// The server's version and commit (`GET /version`, which needs no token).
    ///
    /// # Errors
    /// A transport failure, or `NOT_FOUND` from a server older than `/version`.
    pub async fn server_version(&self) -> Result<ServerVersion, ClientError> {
        let value = self.send::<()>(reqwest::Method::GET, "/version", &[], None).await?;
        decode("/version", value)
    }

    /// Asks the server whether it accepts this client's token, with the cheapest
    /// authenticated call: one root-level (built-in) role, which every valid token may see.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` (HTTP 401) with the server's reason when the token is missing,
    /// expired or not one of its own; a transport failure when there is no answer.
    pub async fn check_token(&self) -> Result<(), ClientError> {
        self.roles().list(&ListOptions::default().in_root().page_size(1), None).await.map(|_| ())
    }

    /// Exchanges `identity_token` (an OIDC token) at `auth_url` for an API token of
    /// `identity`, with this client's base URL as the audience. Retries `UNAVAILABLE`
    /// answers, three attempts in all.
    ///
    /// # Errors
    /// The exchange's refusal as [`ClientError::Api`] (`UNAUTHENTICATED`,
    /// `PERMISSION_DENIED`, `INVALID_ARGUMENT`), or a transport failure.
    pub async fn exchange(
        &self,
        auth_url: &str,
        identity: &str,
        identity_token: &str,
        options: &ExchangeOptions,
    ) -> Result<ApiToken, ClientError> {
        let url = format!("{}/sts/exchange", checked_url(auth_url)?);
        let mut form: Vec<(&str, &str)> = vec![("aud", self.base_url.as_str()), ("identity", identity)];
        form.extend(options.scopes.iter().map(|s| ("scopes", s.as_str())));
        form.extend(options.capabilities.iter().map(|c| ("cap", c.as_str())));
        let body: String =
            form.iter().map(|(k, v)| format!("{k}={}", encode_form_value(v))).collect::<Vec<_>>().join("&");
        let mut attempt = 0;
        loop {
            attempt += 1;
            let result = async {
                let response = self
                    .http
                    .post(&url)
                    .bearer_auth(identity_token)
                    .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .body(body.clone())
                    .send()
                    .await
                    .map_err(|e| transport(&url, &e))?;
                let value = read_json(&url, response).await?;
                serde_json::from_value::<ApiToken>(value)
                    .map_err(|e| ClientError::Decode { url: url.clone(), reason: e.to_string() })
            }
            .await;
            match result {
                Err(e) if e.is_unavailable() && attempt < 3 => {
                    tokio::time::sleep(Duration::from_millis(100 * attempt)).await;
                }
                other => return other,
            }
        }
    }
}

fn encode_form_value(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn read_json(url: &str, response: reqwest::Response) -> Result<Value, ClientError> {
    let status = response.status().as_u16();
    let bytes = response.bytes().await.map_err(|e| transport(url, &e))?;
    if !(200..300).contains(&status) {
        return Err(ClientError::from_response(status, &bytes));
    }
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_slice(&bytes).map_err(|e| ClientError::Decode { url: url.to_owned(), reason: e.to_string() })
}

/// What an exchange may narrow the token to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeOptions {
    /// Groups the token is confined to (`scopes`).
    pub scopes: Vec<String>,
    /// Capabilities the token keeps, dotted names (`cap`).
    pub capabilities: Vec<String>,
}

/// An exchanged API token.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ApiToken {
    /// The token.
    pub token: String,
    /// When it expires (RFC 3339).
    #[serde(default)]
    pub expiry: Option<String>,
}

/// Filters, ordering and paging of a list call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListOptions {
    params: Vec<(String, String)>,
    /// Results per request (server default 50, at most 200).
    pub page_size: Option<u32>,
}

impl ListOptions {
    fn with(mut self, key: &str, value: impl Into<String>) -> Self {
        self.params.push((key.to_owned(), value.into()));
        self
    }

    /// Only resources strictly below `uid`.
    #[must_use]
    pub fn descendants_of(self, uid: &str) -> Self {
        self.with("uidp.descendants_of", uid)
    }

    /// Only direct children of `uid`.
    #[must_use]
    pub fn children_of(self, uid: &str) -> Self {
        self.with("uidp.children_of", uid)
    }

    /// Only resources strictly above `uid` (its ancestors).
    #[must_use]
    pub fn ancestors_of(self, uid: &str) -> Self {
        self.with("uidp.ancestors_of", uid)
    }

    /// Only these uids.
    #[must_use]
    pub fn ids<S: AsRef<str>>(self, uids: &[S]) -> Self {
        uids.iter().fold(self, |options, uid| options.with("uidp.ids", uid.as_ref()))
    }

    /// Only root-level resources (organizations, built-in roles).
    #[must_use]
    pub fn in_root(self) -> Self {
        self.with("uidp.in_root", "true")
    }

    /// Only resources named exactly `name`.
    #[must_use]
    pub fn name(self, name: &str) -> Self {
        self.with("name", name)
    }

    /// `uid`, `name`, `create_time` or `update_time`, optionally followed by ` desc`.
    #[must_use]
    pub fn order_by(self, order: &str) -> Self {
        self.with("order_by", order)
    }

    /// Skips the first `n` results.
    #[must_use]
    pub fn skip(self, n: u32) -> Self {
        self.with("skip", n.to_string())
    }

    /// Requests `n` results per page.
    #[must_use]
    pub fn page_size(mut self, n: u32) -> Self {
        self.page_size = Some(n);
        self
    }

    /// Any other query parameter (such as `identity` or `role` for role bindings).
    #[must_use]
    pub fn param(self, key: &str, value: &str) -> Self {
        self.with(key, value)
    }

    fn query(&self, page_token: Option<&str>) -> Vec<(String, String)> {
        let mut query = self.params.clone();
        if let Some(n) = self.page_size {
            query.push(("page_size".to_owned(), n.to_string()));
        }
        if let Some(token) = page_token {
            query.push(("page_token".to_owned(), token.to_owned()));
        }
        query
    }
}

/// One page of a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<R> {
    /// Its items.
    pub items: Vec<R>,
    /// The cursor of the next page; `None` on the last page.
    pub next_page_token: Option<String>,
    /// Every match over all pages.
    pub total_count: Option<u64>,
}

/// A collection of the API.
#[derive(Debug)]
pub struct Resources<'c, R> {
    client: &'c Client,
    kind: PhantomData<fn() -> R>,
}

fn decode<T: DeserializeOwned>(url: &str, value: Value) -> Result<T, ClientError> {
    serde_json::from_value(value).map_err(|e| ClientError::Decode { url: url.to_owned(), reason: e.to_string() })
}

impl<'c, R: Resource> Resources<'c, R> {
    fn new(client: &'c Client) -> Self {
        Self { client, kind: PhantomData }
    }

    /// Fetches one by uid.
    ///
    /// # Errors
    /// `NOT_FOUND` and the other [`ClientError`]s.
    pub async fn get(&self, uid: &str) -> Result<R, ClientError> {
        let path = format!("{}/{uid}", R::PATH);
        let value = self.client.send::<()>(reqwest::Method::GET, &path, &[], None).await?;
        decode(&path, value)
    }

    /// Fetches one page.
    ///
    /// # Errors
    /// [`ClientError`].
    pub async fn list(&self, options: &ListOptions, page_token: Option<&str>) -> Result<Page<R>, ClientError> {
        list_page(self.client, options, page_token).await
    }

    /// Every match, page after page, following `nextPageToken`.
    #[must_use]
    pub fn pages(&self, options: ListOptions) -> Paginator<R> {
        Paginator {
            client: self.client.clone(),
            options,
            buffer: VecDeque::new(),
            next_token: None,
            done: false,
            total_count: None,
        }
    }

    /// Creates one below `parent` (`None` only for organizations).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT`, `ALREADY_EXISTS`, `PERMISSION_DENIED` and the other [`ClientError`]s.
    pub async fn create(&self, parent: Option<&str>, input: &R::Input) -> Result<R, ClientError> {
        let path = parent.map_or_else(|| R::PATH.to_owned(), |p| format!("{}/{p}", R::PATH));
        let value = self.client.send(reqwest::Method::POST, &path, &[], Some(input)).await?;
        decode(&path, value)
    }

    /// Deletes one.
    ///
    /// # Errors
    /// `NOT_FOUND`, `FAILED_PRECONDITION` (not empty) and the other [`ClientError`]s.
    pub async fn delete(&self, uid: &str) -> Result<(), ClientError> {
        let path = format!("{}/{uid}", R::PATH);
        self.client.send::<()>(reqwest::Method::DELETE, &path, &[], None).await.map(|_| ())
    }
}

impl<R: Updatable> Resources<'_, R> {
    /// Changes the fields set in `input`, or, with `update_mask`, only the fields it names.
    ///
    /// # Errors
    /// `NOT_FOUND`, `INVALID_ARGUMENT` and the other [`ClientError`]s.
    pub async fn update(&self, uid: &str, input: &R::Input, update_mask: Option<&[&str]>) -> Result<R, ClientError> {
        let path = format!("{}/{uid}", R::PATH);
        let query: Vec<(String, String)> =
            update_mask.map(|m| vec![("updateMask".to_owned(), m.join(","))]).unwrap_or_default();
        let value = self.client.send(reqwest::Method::PATCH, &path, &query, Some(input)).await?;
        decode(&path, value)
    }
}

/// Where terms acceptances live (`/iam/v2beta1/terms/{group}`).
const TERMS_PATH: &str = "/iam/v2beta1/terms";
const DEAD_LETTERS_PATH: &str = "/events/v1alpha1/deadletters";

async fn list_page<R: Resource>(
    client: &Client,
    options: &ListOptions,
    page_token: Option<&str>,
) -> Result<Page<R>, ClientError> {
    read_page(client, R::PATH, R::LIST_KEY, options, page_token).await
}

/// One page of the list at `path`, whose items are under `key`.
async fn read_page<T: DeserializeOwned>(
    client: &Client,
    path: &str,
    key: &str,
    options: &ListOptions,
    page_token: Option<&str>,
) -> Result<Page<T>, ClientError> {
    let mut value = client.send::<()>(reqwest::Method::GET, path, &options.query(page_token), None).await?;
    let items = match value.get_mut(key).map(Value::take) {
        None | Some(Value::Null) => Vec::new(),
        Some(items) => decode(path, items)?,
    };
    let next_page_token =
        value.get("nextPageToken").and_then(Value::as_str).filter(|t| !t.is_empty()).map(str::to_owned);
    let total_count = match value.get("totalCount") {
        Some(Value::String(s)) => s.parse().ok(),
        Some(Value::Number(n)) => n.as_u64(),
        _ => None,
    };
    Ok(Page { items, next_page_token, total_count })
}

/// Walks every page of a list: `while let Some(item) = pages.next().await { … }`.
#[derive(Debug)]
pub struct Paginator<R> {
    client: Client,
    options: ListOptions,
    buffer: VecDeque<R>,
    next_token: Option<String>,
    done: bool,
    total_count: Option<u64>,
}

impl<R: Resource> Paginator<R> {
    /// The next item, fetching the next page when needed; `None` after the last one or after
    /// an error.
    pub async fn next(&mut self) -> Option<Result<R, ClientError>> {
        loop {
            if let Some(item) = self.buffer.pop_front() {
                return Some(Ok(item));
            }
            if self.done {
                return None;
            }
            match list_page::<R>(&self.client, &self.options, self.next_token.as_deref()).await {
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Ok(page) => {
                    // A page without items that points back at itself would loop forever.
                    let stuck = page.items.is_empty() && page.next_page_token == self.next_token;
                    self.done = page.next_page_token.is_none() || stuck;
                    self.next_token = page.next_page_token;
                    self.total_count = page.total_count.or(self.total_count);
                    self.buffer.extend(page.items);
                }
            }
        }
    }

    /// Up to `limit` items (all of them with `None`).
    ///
    /// # Errors
    /// The first [`ClientError`] met.
    pub async fn collect(mut self, limit: Option<usize>) -> Result<Vec<R>, ClientError> {
        let mut items = Vec::new();
        while limit.is_none_or(|l| items.len() < l) {
            match self.next().await {
                Some(item) => items.push(item?),
                None => break,
            }
        }
        Ok(items)
    }

    /// The `totalCount` of the last page fetched.
    #[must_use]
    pub fn total_count(&self) -> Option<u64> {
        self.total_count
    }
}
