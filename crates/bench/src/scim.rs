//! The `scim_provision` scenario: an identity provider with SCIM on, `--scim-users` users
//! provisioned through `POST /scim/v2/{provider}/Users` by `--clients` concurrent clients (as
//! an identity provider's first sync does), then the latency of a filtered SCIM list (an
//! indexed `userName eq`, and an unindexed `userName co`) against an ordinary list page
//! (`ListScimUsers`, page size 50) of the same directory.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use serde_json::{json, Value};

/// What the scenario measured.
pub struct ScimProvision {
    /// Users provisioned.
    pub users: u64,
    /// Concurrent clients that provisioned them.
    pub clients: usize,
    /// Time to provision them all.
    pub elapsed: Duration,
    /// Median of `GET /Users?filter=userName eq "…"`.
    pub filter_eq_p50: Duration,
    /// Median of `GET /Users?filter=userName co "…"`.
    pub filter_co_p50: Duration,
    /// Median of a `ListScimUsers` page of 50.
    pub page_p50: Duration,
}

impl ScimProvision {
    /// The figures as JSON.
    pub fn to_json(&self) -> Value {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        json!({
            "users": self.users,
            "clients": self.clients,
            "seconds": self.elapsed.as_secs_f64(),
            "users_per_second": self.users as f64 / self.elapsed.as_secs_f64(),
            "filter_eq_p50_ms": ms(self.filter_eq_p50),
            "filter_co_p50_ms": ms(self.filter_co_p50),
            "page_p50_ms": ms(self.page_p50),
        })
    }
}

async fn send(request: reqwest::RequestBuilder) -> anyhow::Result<Value> {
    let response = request.send().await?;
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "{status}: {body}");
    Ok(body)
}

/// The median time of `n` sequential GETs of `url` with `auth`.
async fn median(http: &reqwest::Client, url: &str, auth: &str, n: usize) -> anyhow::Result<Duration> {
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let started = Instant::now();
        send(http.get(url).header("authorization", auth)).await?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok(times[n / 2])
}

/// Runs the scenario against grove at `base`, as the owner whose `auth` header is given, in
/// organization `org`.
pub async fn provision(
    http: &reqwest::Client,
    base: &str,
    auth: &str,
    org: &str,
    users: u64,
    clients: usize,
) -> anyhow::Result<ScimProvision> {
    let api = |path: String| format!("{base}{path}");
    // SCIM needs two owners.
    let second = send(http.post(api(format!("/iam/v2beta1/identities/{org}"))).header("authorization", auth).json(
        &json!({"name": "bench-scim-owner", "claimMatch": {"issuer": "https://bench.invalid", "subject": "owner"}}),
    ))
    .await?;
    let owner = grove_domain::builtin::OWNER;
    send(
        http.post(api(format!("/iam/v2beta1/roleBindings/{org}")))
            .header("authorization", auth)
            .json(&json!({"identityUid": second["uid"], "roleUid": owner})),
    )
    .await?;
    let idp = send(
        http.post(api(format!("/iam/v2beta1/identityProviders/{org}")))
            .header("authorization", auth)
            .json(&json!({"name": "bench-scim", "defaultRole": grove_domain::builtin::VIEWER,
                "oidc": {"issuer": "https://bench.invalid", "clientId": "bench", "clientSecret": "s"}})),
    )
    .await?;
    let idp = idp["uid"].as_str().context("no identity provider uid")?.to_owned();
    let issued = send(
        http.post(api(format!("/iam/v2beta1/identityProviders/{idp}:generateScimToken")))
            .header("authorization", auth)
            .json(&json!({})),
    )
    .await?;
    send(
        http.post(api(format!("/iam/v2beta1/identityProviders/{idp}:setScimEnabled")))
            .header("authorization", auth)
            .json(&json!({"enabled": true, "etag": issued["etag"]})),
    )
    .await?;
    let scim_auth = format!("Bearer {}", issued["token"].as_str().context("no SCIM token")?);
    let users_url = api(format!("/scim/v2/{idp}/Users"));

    let next = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (http, next, url, scim_auth) = (http.clone(), next.clone(), users_url.clone(), scim_auth.clone());
        tasks.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= users {
                    return anyhow::Ok(());
                }
                let body = json!({
                    "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
                    "userName": format!("user-{i}@bench.example"),
                    "externalId": format!("00u{i:08}"),
                    "name": {"givenName": "User", "familyName": format!("{i}")},
                    "emails": [{"value": format!("user-{i}@bench.example"), "type": "work", "primary": true}],
                    "active": true,
                });
                let request =
                    http.post(&url).header("authorization", &scim_auth).header("content-type", "application/scim+json");
                send(request.body(body.to_string())).await.with_context(|| format!("provisioning user {i}"))?;
            }
        }));
    }
    for task in tasks {
        task.await??;
    }
    let elapsed = started.elapsed();

    let filter = |f: &str| format!("{users_url}?filter={}", urlencode(f));
    let middle = users / 2;
    let filter_eq_p50 =
        median(http, &filter(&format!("userName eq \"user-{middle}@bench.example\"")), &scim_auth, 200).await?;
    let filter_co_p50 = median(http, &filter(&format!("userName co \"-{middle}@\"")), &scim_auth, 50).await?;
    let page = api(format!("/iam/v2beta1/identityProviders/{idp}/scimUsers?page_size=50"));
    let page_p50 = median(http, &page, auth, 200).await?;
    Ok(ScimProvision { users, clients, elapsed, filter_eq_p50, filter_co_p50, page_p50 })
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
