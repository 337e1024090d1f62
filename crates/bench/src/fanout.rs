//! The `fanout` scenario (issue 41): what a list costs a caller bound in N groups, against
//! the owner's cost for the same request in the same run.
//!
//! Below the dev organization it seeds a group `fanout` holding 200 teams of 100 groups
//! (20 200 groups, as the issue measured). For each N it creates a workload identity of a
//! loopback issuer, binds it as `viewer` in N groups spread evenly over the teams (N = 100 000
//! needs more bindings than groups: there every group is bound with each built-in role in
//! turn), exchanges a token for it (timed), then makes each request `requests` times as that
//! caller and as the owner, alternating, and reports both p50s and their ratio: page 1 below
//! `fanout`, a 200-row page, an exact-name filter, and a get by uid. Every answer must be a
//! 200; a 5xx anywhere is reported (and fails the run's targets).

use std::time::{Duration, Instant};

use anyhow::Context as _;
use grove_domain::builtin::{EDITOR, OWNER, REGISTRY_PULL, REGISTRY_PUSH, VIEWER};
use grove_domain::Uidp;
use grove_store_postgres::scale::{bind_in_bulk, seed_fanout_tree};
use grove_store_postgres::PostgresStore;
use serde_json::json;

use crate::tokens::Issuer;

/// The numbers of bindings the scenario measures.
pub const SIZES: [usize; 5] = [1, 100, 1_000, 10_000, 100_000];
/// The sizes the targets apply to (ratios against the owner); 100 000 must only
/// answer without a 5xx.
const TARGET_SIZES: [usize; 4] = [1, 100, 1_000, 10_000];
/// Lists within this many times the owner's p50.
const LIST_TARGET: f64 = 3.0;
/// A get by uid within this many times the owner's p50.
const GET_TARGET: f64 = 2.0;
const TEAMS: i64 = 200;
const CHILDREN: i64 = 100;

/// The requests each caller makes.
const REQUESTS: [&str; 4] = ["page1", "page200", "name", "get"];

/// One request's p50 for a caller and for the owner.
#[derive(Debug, Clone)]
pub struct Pair {
    /// Which request ([`REQUESTS`]).
    pub request: &'static str,
    /// The caller's p50.
    pub caller: Duration,
    /// The owner's p50 in the same run, alternating with the caller's.
    pub owner: Duration,
}

impl Pair {
    fn ratio(&self) -> f64 {
        self.caller.as_secs_f64() / self.owner.as_secs_f64().max(1e-9)
    }

    fn target(&self) -> f64 {
        if self.request == "get" {
            GET_TARGET
        } else {
            LIST_TARGET
        }
    }
}

/// What one caller measured.
#[derive(Debug, Clone)]
pub struct Caller {
    /// Its bindings.
    pub bindings: usize,
    /// The p50 of its token exchange.
    pub exchange: Duration,
    /// Each request's p50, beside the owner's.
    pub pairs: Vec<Pair>,
    /// Answers that were not 200, with the first one's status and body.
    pub failures: u64,
    /// Of those, answers 500 and above.
    pub server_errors: u64,
    /// The first failure.
    pub first_failure: Option<String>,
    /// Rows of its first page below `fanout` and of its 200-row page.
    pub rows: (usize, usize),
}

/// The whole scenario.
#[derive(Debug, Clone)]
pub struct Fanout {
    /// Requests per p50.
    pub requests: usize,
    /// Groups below `fanout`.
    pub groups: usize,
    /// One entry per N.
    pub callers: Vec<Caller>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn p50(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Runs the scenario against grove at `base`, the owner holding `owner_auth`.
///
/// # Errors
/// When seeding, creating an identity or exchanging a token fails outright.
pub async fn run(
    http: &reqwest::Client,
    base: &str,
    owner_auth: &str,
    org: &Uidp,
    store: &PostgresStore,
    requests: usize,
) -> anyhow::Result<Fanout> {
    let parent: serde_json::Value = http
        .post(format!("{base}/iam/v2beta1/groups/{org}"))
        .header("authorization", owner_auth)
        .json(&json!({"name": "fanout"}))
        .send()
        .await?
        .json()
        .await?;
    let parent = Uidp::parse(parent["uid"].as_str().context("creating the fanout group")?)?;
    let started = Instant::now();
    let groups = seed_fanout_tree(store, &parent, TEAMS, CHILDREN).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    eprintln!("fanout: seeded {} groups in {:.1} s", groups.len(), started.elapsed().as_secs_f64());
    let issuer = Issuer::start().await?;
    let roles = [VIEWER, EDITOR, OWNER, REGISTRY_PULL, REGISTRY_PUSH].map(Uidp::from_static);
    let mut callers = Vec::new();
    for n in SIZES {
        let subject = format!("fanout-{n}");
        let identity: serde_json::Value = http
            .post(format!("{base}/iam/v2beta1/identities/{org}"))
            .header("authorization", owner_auth)
            .json(&json!({"name": subject, "claimMatch": {"issuer": issuer.url, "subject": subject}}))
            .send()
            .await?
            .json()
            .await?;
        let identity = Uidp::parse(identity["uid"].as_str().context("creating a fanout identity")?)?;
        // Spread over the teams: every `step`-th group; past one per group, each group again
        // with the next built-in role.
        let step = (groups.len() / n).max(1);
        let pairs: Vec<(Uidp, Uidp)> = (0..n)
            .map(|i| {
                let (round, at) = ((i * step) / groups.len(), (i * step) % groups.len());
                (groups[at].clone(), roles[round % roles.len()].clone())
            })
            .collect();
        let bound = bind_in_bulk(store, &identity, &pairs).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        eprintln!("fanout: bound {subject} {bound} times");
        let oidc = issuer.token(&subject, base)?;
        let mut exchanges = Vec::new();
        let mut token = String::new();
        for _ in 0..requests.min(5) {
            let began = Instant::now();
            let answer = http
                .get(format!("{base}/sts/exchange?aud={base}&identity={identity}"))
                .header("authorization", format!("Bearer {oidc}"))
                .send()
                .await?;
            exchanges.push(began.elapsed());
            let status = answer.status();
            let body: serde_json::Value = answer.json().await.unwrap_or_default();
            token =
                body["token"].as_str().with_context(|| format!("exchange for {subject}: {status} {body}"))?.to_owned();
        }
        let caller_auth = format!("Bearer {token}");
        // A group the caller sees, for the get: the first one it is bound in.
        let visible = &pairs[0].0;
        let paths = [
            format!("/iam/v2beta1/groups?uidp.descendants_of={parent}&page_size=50"),
            format!("/iam/v2beta1/groups?uidp.descendants_of={parent}&page_size=200"),
            format!("/iam/v2beta1/groups?uidp.descendants_of={parent}&name=group-7&page_size=50"),
            format!("/iam/v2beta1/groups/{visible}"),
        ];
        let mut caller = Caller {
            bindings: n,
            exchange: p50(exchanges),
            pairs: Vec::new(),
            failures: 0,
            server_errors: 0,
            first_failure: None,
            rows: (0, 0),
        };
        for (request, path) in REQUESTS.iter().zip(&paths) {
            let (mut mine, mut owners) = (Vec::new(), Vec::new());
            // One warm-up each, then alternate, so that a slower spell weighs on both.
            for i in 0..=requests {
                for (auth, times) in [(&caller_auth, &mut mine), (&owner_auth.to_owned(), &mut owners)] {
                    let began = Instant::now();
                    let answer =
                        http.get(format!("{base}{path}")).header("authorization", auth.as_str()).send().await?;
                    let status = answer.status();
                    let body = answer.bytes().await?;
                    let took = began.elapsed();
                    if status.is_success() {
                        if i > 0 {
                            times.push(took);
                        }
                        if auth == &caller_auth && i == 0 && request.starts_with("page") {
                            let rows = serde_json::from_slice::<serde_json::Value>(&body)
                                .ok()
                                .and_then(|v| v["groups"].as_array().map(Vec::len))
                                .unwrap_or(0);
                            if *request == "page1" {
                                caller.rows.0 = rows;
                            } else {
                                caller.rows.1 = rows;
                            }
                        }
                    } else {
                        caller.failures += 1;
                        if status.is_server_error() {
                            caller.server_errors += 1;
                        }
                        caller.first_failure.get_or_insert_with(|| {
                            format!("{request}: {status} {}", String::from_utf8_lossy(&body[..body.len().min(300)]))
                        });
                    }
                }
            }
            caller.pairs.push(Pair { request, caller: p50(mine), owner: p50(owners) });
        }
        eprintln!(
            "fanout: N = {n}: {}",
            caller
                .pairs
                .iter()
                .map(|p| format!("{} {:.2}/{:.2} ms", p.request, ms(p.caller), ms(p.owner)))
                .collect::<Vec<_>>()
                .join(", ")
        );
        callers.push(caller);
    }
    Ok(Fanout { requests, groups: groups.len(), callers })
}

impl Fanout {
    /// True when every target holds: no failure at any N, and the ratios within bounds for
    /// the target sizes.
    #[must_use]
    pub fn meets_targets(&self) -> bool {
        self.callers.iter().all(|c| {
            c.failures == 0 && (!TARGET_SIZES.contains(&c.bindings) || c.pairs.iter().all(|p| p.ratio() <= p.target()))
        })
    }

    /// The figures as JSON.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "requests_per_p50": self.requests,
            "groups": self.groups,
            "meets_targets": self.meets_targets(),
            "callers": self.callers.iter().map(|c| json!({
                "bindings": c.bindings,
                "exchange_p50_ms": ms(c.exchange),
                "failures": c.failures,
                "server_errors": c.server_errors,
                "first_failure": c.first_failure,
                "page1_rows": c.rows.0,
                "page200_rows": c.rows.1,
                "requests": c.pairs.iter().map(|p| json!({
                    "request": p.request,
                    "caller_p50_ms": ms(p.caller),
                    "owner_p50_ms": ms(p.owner),
                    "ratio": p.ratio(),
                    "target": TARGET_SIZES.contains(&c.bindings).then(|| p.target()),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }

    /// The Markdown table of the report: p50s in milliseconds, caller / owner.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = format!(
            "### Callers bound in N groups (`fanout`; {} groups, p50 of {} requests each, caller against owner in the same run)\n\n\
             | N bindings | page 1 | 200-row page | exact name | get by uid | exchange | non-200 |\n\
             |---:|---:|---:|---:|---:|---:|---:|\n",
            self.groups, self.requests
        );
        for c in &self.callers {
            let cells: Vec<String> = c
                .pairs
                .iter()
                .map(|p| format!("{:.2} ms / {:.2} ({:.2}×)", ms(p.caller), ms(p.owner), p.ratio()))
                .collect();
            out.push_str(&format!(
                "| {} | {} | {:.2} ms | {} |\n",
                c.bindings,
                cells.join(" | "),
                ms(c.exchange),
                c.failures
            ));
        }
        out.push_str(&format!(
            "\nTargets (N ≤ 10 000: lists ≤ {LIST_TARGET}× the owner, get ≤ {GET_TARGET}×; no 5xx up to 100 000): {}\n",
            if self.meets_targets() { "met" } else { "**missed**" }
        ));
        if let Some(failure) = self.callers.iter().find_map(|c| c.first_failure.as_ref()) {
            out.push_str(&format!("\nFirst failure: {failure}\n"));
        }
        out
    }
}
