//! The `console` scenario (issue 45: "a page at 100 000 groups answers within 2× the API call
//! it wraps"): signed in with `--dev`'s button, the tree page's first load (`/console/groups`:
//! the caller's topmost groups, one GetGroup each; here the organization) against GetGroup of
//! the organization, and expanding the organization in the tree (`/console/groups/children`,
//! one ListGroups page of 100 children by name) against that ListGroups. The console request
//! and its API call alternate, one connection, so that both see the same machine.

use std::time::{Duration, Instant};

use anyhow::Context as _;
use serde_json::{json, Value};

/// One console request against the API call it wraps.
pub struct Pair {
    /// What the console request is.
    pub page: &'static str,
    /// What the API call is.
    pub call: &'static str,
    /// Median of the console request.
    pub console_p50: Duration,
    /// Median of the API call.
    pub api_p50: Duration,
    /// Bytes of the console answer.
    pub console_bytes: usize,
}

impl Pair {
    /// Console over API.
    pub fn ratio(&self) -> f64 {
        self.console_p50.as_secs_f64() / self.api_p50.as_secs_f64().max(1e-9)
    }
}

/// What the scenario measured.
pub struct Console {
    /// Requests per median.
    pub requests: usize,
    /// The tree page, then the expansion.
    pub pairs: Vec<Pair>,
}

/// The target of issue 45.
pub const TARGET_RATIO: f64 = 2.0;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl Console {
    /// The figures as JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "requests_per_p50": self.requests,
            "target_ratio": TARGET_RATIO,
            "pairs": self.pairs.iter().map(|p| json!({
                "page": p.page,
                "call": p.call,
                "console_p50_ms": ms(p.console_p50),
                "api_p50_ms": ms(p.api_p50),
                "ratio": p.ratio(),
                "console_bytes": p.console_bytes,
                "meets_target": p.ratio() <= TARGET_RATIO,
            })).collect::<Vec<_>>(),
        })
    }

    /// The report's section.
    pub fn render(&self) -> String {
        let mut out = format!(
            "### Console pages against the API calls they wrap\n\nMedians of {} requests each, alternating, one \
             connection; target: at most {TARGET_RATIO}× the API call.\n\n| Console request | p50 | API call it wraps \
             | p50 | ratio |\n|---|---:|---|---:|---:|\n",
            self.requests
        );
        for p in &self.pairs {
            out.push_str(&format!(
                "| {} | {:.2} ms | {} | {:.2} ms | {:.2} ({}) |\n",
                p.page,
                ms(p.console_p50),
                p.call,
                ms(p.api_p50),
                p.ratio(),
                if p.ratio() <= TARGET_RATIO { "met" } else { "**missed**" }
            ));
        }
        out
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// The `name=value` of cookie `name` in a response's `Set-Cookie` headers.
fn cookie(response: &reqwest::Response, name: &str) -> anyhow::Result<String> {
    let prefix = format!("{name}=");
    response
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with(&prefix))
        .and_then(|c| c.split(';').next())
        .map(str::to_owned)
        .with_context(|| format!("no {name} cookie"))
}

/// Signs in with `--dev`'s button; answers the session cookie (`name=value`).
async fn sign_in(http: &reqwest::Client, base: &str) -> anyhow::Result<String> {
    let page = http.get(format!("{base}/console/sign-in")).send().await?;
    let form_cookie = cookie(&page, "grove_console_sign_in")?;
    let body = page.text().await?;
    let marker = r#"name="csrf" value=""#;
    let at = body.find(marker).context("the sign-in page has no dev sign-in form (is grove in --dev?)")?;
    let csrf = body[at + marker.len()..].split('"').next().unwrap_or_default().to_owned();
    let signed = http
        .post(format!("{base}/console/sign-in/dev"))
        .header(reqwest::header::COOKIE, form_cookie)
        .form(&[("csrf", csrf)])
        .send()
        .await?;
    anyhow::ensure!(signed.status() == reqwest::StatusCode::SEE_OTHER, "dev sign-in answered {}", signed.status());
    cookie(&signed, "grove_console")
}

/// One GET; answers its time and body length, failing unless it is `200`.
async fn get(http: &reqwest::Client, url: &str, header: (&str, &str)) -> anyhow::Result<(Duration, usize)> {
    let started = Instant::now();
    let response = http.get(url).header(header.0, header.1).send().await?;
    let status = response.status();
    let body = response.bytes().await?;
    let elapsed = started.elapsed();
    anyhow::ensure!(status == reqwest::StatusCode::OK, "GET {url}: {status}");
    Ok((elapsed, body.len()))
}

/// Runs the scenario against grove at `base` (in `--dev`), `auth` the dev token's header value.
///
/// # Errors
/// When signing in or a request fails.
pub async fn run(base: &str, auth: &str, org: &str, requests: usize) -> anyhow::Result<Console> {
    // Redirects are the answers under test, not to be followed; one connection.
    let http =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).pool_max_idle_per_host(1).build()?;
    let session = sign_in(&http, base).await?;
    let cases: [(&'static str, String, &'static str, String); 2] = [
        (
            "Tree page, first load (`/console/groups`)",
            format!("{base}/console/groups"),
            "GetGroup of the organization (the caller's one scope)",
            format!("{base}/iam/v2beta1/groups/{org}"),
        ),
        (
            "Expanding the organization (`/console/groups/children`, 100 by name)",
            format!("{base}/console/groups/children?parent={org}&level=2"),
            "ListGroups, children of the organization, 100 by name",
            format!("{base}/iam/v2beta1/groups?uidp.children_of={org}&page_size=100&order_by=name"),
        ),
    ];
    let mut pairs = Vec::new();
    for (page, page_url, call, call_url) in cases {
        // Warm both (the session's banner name, the grants cache, the connection).
        for _ in 0..3 {
            get(&http, &page_url, ("cookie", &session)).await?;
            get(&http, &call_url, ("authorization", auth)).await?;
        }
        let (mut console, mut api, mut bytes) = (Vec::new(), Vec::new(), 0);
        for _ in 0..requests {
            let (t, n) = get(&http, &page_url, ("cookie", &session)).await?;
            console.push(t);
            bytes = n;
            api.push(get(&http, &call_url, ("authorization", auth)).await?.0);
        }
        pairs.push(Pair { page, call, console_p50: median(console), api_p50: median(api), console_bytes: bytes });
    }
    Ok(Console { requests, pairs })
}
