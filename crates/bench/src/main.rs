//! `grove-bench`: the scale benchmark (run it through `cargo xtask bench`).
//!
//! Seeds one organization with a three-level group tree, identities and role bindings in a
//! fresh PostgreSQL database, starts the release `grove` binary on it, drives it over
//! loopback HTTP (and the read scenarios also over gRPC) with a closed-loop load of N
//! concurrent clients, times the same reads as raw store calls and through a thin handler,
//! prints the `EXPLAIN` plans of the list queries (flagging sequential scans), reads grove's
//! peak RSS, and writes `BENCHMARKS.md` (a full run) and, with `--json`, every figure as JSON.
//! `--only get,thin` runs a subset; the scenario names are those of [`SCENARIOS`].

mod advisories;
mod console;
mod failover;
mod fanout;
mod formation;
mod h2c;
mod load;
mod report;
mod scim;
mod sink;
mod thin;
mod tokens;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use clap::Parser;
use grove_domain::listing::{
    Cursor, Direction, ListFilter, ListQuery, Ordering, SortField, SortKey, Sortable, UidpFilter, Visibility,
};
use grove_domain::ports::GroupStore;
use grove_domain::Uidp;
use grove_proto::common::UidpFilter as UidpFilterMessage;
use grove_proto::iam::{GetGroupRequest, ListGroupsRequest};
use grove_store_postgres::scale::{seed_scale, ScaleSpec};
use grove_store_postgres::testing::TestDatabase;
use grove_store_postgres::{ListResource, PostgresConfig, PostgresStore};
use prost::Message as _;
use serde_json::json;

use crate::load::{run_grpc, run_http, run_load};
use crate::report::{Report, Row};

/// Benchmark options.
#[derive(Debug, Parser)]
#[command(name = "grove-bench")]
struct Args {
    /// Groups to seed (three levels deep); identities and role bindings match this count.
    #[arg(long, default_value_t = 100_000)]
    groups: u64,
    /// Concurrent closed-loop clients.
    #[arg(long, default_value_t = 16)]
    clients: usize,
    /// Seconds of load per scenario.
    #[arg(long, default_value_t = 8)]
    seconds: u64,
    /// Page size of the list scenarios.
    #[arg(long, default_value_t = 50)]
    page_size: usize,
    /// The release grove binary.
    #[arg(long, default_value = "target/release/grove")]
    grove: PathBuf,
    /// Where to write the report (appended as a new section at the top of the results).
    #[arg(long, default_value = "BENCHMARKS.md")]
    out: PathBuf,
    /// Grove's (and the SQL side's) connection pool size.
    #[arg(long, default_value_t = 16)]
    pool: usize,
    /// Run only these scenarios (comma-separated names of the list below); `BENCHMARKS.md` is
    /// written only by a run of all of them.
    #[arg(long, value_delimiter = ',', value_parser = scenario_name)]
    only: Vec<String>,
    /// HTTP/2 connections the gRPC scenarios' clients share. A gRPC channel (grpc-go's,
    /// grpc-java's, tonic's) multiplexes its callers' calls over one connection, hence the
    /// default; `--grpc-connections 16` gives each caller its own, as each REST client has.
    #[arg(long, default_value_t = 1)]
    grpc_connections: usize,
    /// Synthetic advisories imported for the advisory scenarios (only when one of them runs).
    #[arg(long, default_value_t = 1_000_000)]
    advisories: u64,
    /// Rounds the read scenarios take turns in: every read and its SQL reference runs once per
    /// round for `seconds / rounds`, and the rounds are added up, so that a slower spell of a
    /// shared machine weighs on every scenario alike rather than on whichever ran during it.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=60))]
    rounds: u32,
    /// Users the `scim_provision` scenario provisions.
    #[arg(long, default_value_t = 10_000)]
    scim_users: u64,
    /// Requests per p50 of the `fanout` scenario (each as the caller and as the owner).
    #[arg(long, default_value_t = 15)]
    fanout_requests: usize,
    /// Requests per p50 of the `console` scenario (each console request and its API call).
    #[arg(long, default_value_t = 200)]
    console_requests: usize,
    /// Also write every figure of the run as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Run the failover drill as a test (pg_auto_failover formation, two grove nodes; see
    /// `failover.rs`): print every check and `N passed, M failed`, and fail when one fails.
    #[arg(long)]
    ha_drill: bool,
    /// Bring the formation up, print the URL to give grove, and keep it until ctrl-c
    /// (`cargo xtask ha up`).
    #[arg(long)]
    ha_up: bool,
    /// Serve the thin handler on this database instead of benchmarking (how the `thin`
    /// scenario starts its server process).
    #[arg(long, hide = true)]
    thin_server: Option<String>,
}

/// The request path of the `i`-th call of an advisory scenario.
type PathFn = Arc<dyn Fn(usize) -> String + Send + Sync>;
/// The store filter of the `i`-th call of an advisory scenario.
type FilterFn = Arc<dyn Fn(usize) -> grove_domain::model::AdvisoryFilter + Send + Sync>;

/// The order of the name filter's list: the API's default (by uid), since its request names
/// no `order_by`, as a client looking a group up by name would not.
const NAME_FILTER_ORDER: SortField = SortField::Uid;

/// The gRPC methods the gRPC scenarios call.
const GET_GROUP: &str = "/chainguard.platform.iam.v2beta1.GroupsService/GetGroup";
const LIST_GROUPS: &str = "/chainguard.platform.iam.v2beta1.GroupsService/ListGroups";

/// Every scenario, in the order they run: the name `--only` and the JSON use, and the label of
/// the report.
pub const SCENARIOS: &[(&str, &str)] = &[
    ("get", "get group by uid"),
    ("get_grpc", "get group by uid (gRPC)"),
    ("thin", "get group by uid, thin handler (no auth, hand-written JSON)"),
    ("page1", "list page 1 (descendants_of + order_by=name)"),
    ("page1_grpc", "list page 1 (gRPC)"),
    ("page200", "list page 200 (following cursors)"),
    ("thin_page200", "list page 200, thin handler (no auth, no page token, hand-written JSON)"),
    ("name", "list with exact name filter"),
    ("thin_name", "list with exact name filter, thin handler (no auth, hand-written JSON)"),
    ("create_group", "create group"),
    ("create_group_no_events", "create group, events off (`events.record = false`)"),
    ("create_binding", "create role binding"),
    ("exchange", "token exchange (warm JWKS cache)"),
    ("event_latency", "event latency, commit to webhook (4 writers)"),
    ("advisories_filter", "advisories, selective filter (component_names)"),
    ("advisories_query", "advisories, `query` substring"),
    ("advisories_page1", "advisories, list page 1"),
    ("advisories_page200", "advisories, list page 200 (following cursors)"),
    ("v1_list", "v1 list of every group of the organization, streamed (one request, grove's RSS sampled)"),
    ("scim_provision", "SCIM: provision `--scim-users` users with `--clients` clients, then filtered list vs a page"),
    ("fanout", "callers bound in 1 to 100 000 groups against the owner (issue 41; `fanout` module)"),
    ("console", "web console: the tree page and an expansion against the API calls they wrap (issue 45; `console` module)"),
    ("failover", "failover windows (switchover, primary killed) and cross-node revocation on pg_auto_failover (only with --only)"),
];

/// The scenarios that write (or, as the token exchange, create what they use): they run once,
/// for all of `--seconds`, after the rounds of the reads.
const WRITES: &[&str] = &["create_group", "create_group_no_events", "create_binding", "exchange", "event_latency"];

/// The scenarios measured by one request rather than a load: they run last, once.
const ONCE: &[&str] = &["v1_list", "scim_provision", "fanout", "console", "failover"];

fn scenario_name(name: &str) -> Result<String, String> {
    if SCENARIOS.iter().any(|(n, _)| *n == name) {
        Ok(name.to_owned())
    } else {
        let names = SCENARIOS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
        Err(format!("no scenario {name:?}; the scenarios are {names}"))
    }
}

impl Args {
    fn runs(&self, scenario: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|s| s == scenario)
    }
}

struct Grove {
    child: Child,
    base: String,
    token: String,
}

impl Drop for Grove {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_grove(args: &Args, database_url: &str, settings: &[(&str, &str)]) -> anyhow::Result<Grove> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let token_file = std::env::temp_dir().join(format!("grove-bench-token-{port}"));
    let _ = std::fs::remove_file(&token_file);
    let child = Command::new(&args.grove)
        .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--database-url", database_url])
        .arg("--dev-token-file")
        .arg(&token_file)
        .env("GROVE_LOG", "warn")
        .env("GROVE_DATABASE_POOL_SIZE", args.pool.to_string())
        .envs(settings.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("starting {} (build it with cargo build --release -p grove)", args.grove.display()))?;
    let deadline = Instant::now() + Duration::from_secs(60);
    let line = loop {
        if let Ok(line) = std::fs::read_to_string(&token_file) {
            break line;
        }
        if Instant::now() > deadline {
            bail!("grove did not start within a minute");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let token = line.trim().strip_prefix("export GROVE_TOKEN=").context("unexpected token file")?.to_owned();
    Ok(Grove { child, base: format!("http://127.0.0.1:{port}"), token })
}

fn peak_rss_kib(pid: u32) -> Option<u64> {
    status_kib(pid, "VmHWM:")
}

/// grove's resident set now (VmRSS).
fn rss_kib(pid: u32) -> Option<u64> {
    status_kib(pid, "VmRSS:")
}

/// A `kB` figure of `/proc/<pid>/status`.
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix(field)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find_map(|l| l.strip_prefix("model name").map(|m| m.trim_start_matches([' ', '\t', ':']).to_owned()))
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .next()
                .map(|l| l.split_whitespace().nth(1).unwrap_or("0").parse::<u64>().unwrap_or(0) / 1024 / 1024)
        })
        .unwrap_or(0);
    let pg = Command::new("psql")
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    format!("{cpus} cores ({model}), {mem} GiB RAM, {}", pg.unwrap_or_else(|| "PostgreSQL".to_owned()))
}

/// The store query of a list of `org`'s groups in `order`, as the API makes it.
fn list_query(org: &Uidp, name: Option<&str>, order: SortField, after: Option<Cursor>, limit: u64) -> ListQuery {
    ListQuery {
        filter: ListFilter {
            uidp: UidpFilter { descendants_of: Some(org.clone()), ..UidpFilter::default() },
            name: name.map(str::to_owned),
            ..ListFilter::default()
        },
        visibility: Visibility { scopes: Some(vec![org.clone()].into()), root_level: false },
        order: Ordering { field: order, direction: Direction::Asc },
        // As the API does: the first page counts, a page reached by a cursor repeats the total.
        count_total: after.is_none(),
        after,
        skip: 0,
        limit,
    }
}

/// The store cursor of page 200 of `org`'s groups by name (rows 199 × page_size + 1 …),
/// found by walking the store.
async fn page200_cursor(store: &PostgresStore, org: &Uidp, page_size: u64) -> anyhow::Result<Cursor> {
    let mut after = None;
    for _ in 0..199 {
        let page = store
            .list_groups(&list_query(org, None, SortField::Name, after.clone(), page_size))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let last = page.items.last().context("fewer than 200 pages of groups")?;
        after = Some(Cursor { key: last.sort_key(SortField::Name), uid: last.uid().clone() });
    }
    after.context("no cursor")
}

/// Prints the `fanout` scenario run alone, and writes its JSON when asked.
fn write_fanout(args: &Args, fanout: &fanout::Fanout) -> anyhow::Result<()> {
    println!("{}", fanout.render());
    if let Some(path) = &args.json {
        let json = json!({ "machine": machine(), "fanout": fanout.to_json() });
        std::fs::write(path, serde_json::to_string_pretty(&json)?)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// grove's allocator: the raw store calls and the thin handler run in this process, and compared
/// with grove they must not pay for a slower `malloc` than grove does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if let Some(database_url) = &args.thin_server {
        return thin::serve(database_url, args.pool);
    }
    if args.ha_up {
        let formation = formation::Formation::start(&std::env::temp_dir())?;
        println!("GROVE_DATABASE_URL={}", formation.grove_url());
        eprintln!("the formation runs until ctrl-c");
        tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(async {
            let _ = tokio::signal::ctrl_c().await;
        });
        drop(formation);
        return Ok(());
    }
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?.block_on(run(&args))
}

async fn run(args: &Args) -> anyhow::Result<()> {
    if args.ha_drill || args.only.iter().any(|s| s == "failover") {
        if args.only.len() > 1 {
            bail!("the failover scenario runs alone (--only failover)");
        }
        let drill = failover::run(&args.grove, &std::env::temp_dir()).await?;
        println!("{}", drill.render());
        if let Some(path) = &args.json {
            let json = json!({
                "machine": machine(),
                "failover": {
                    "planned_ms": drill.planned.as_millis() as u64,
                    "unplanned_ms": drill.unplanned.as_millis() as u64,
                    "revocation_ms": drill.revocation.as_secs_f64() * 1000.0,
                    "acknowledged": drill.acknowledged,
                    "refused": drill.refused,
                }
            });
            std::fs::write(path, serde_json::to_string_pretty(&json)?)?;
        }
        if args.ha_drill && !drill.passed() {
            bail!("the failover drill failed");
        }
        return Ok(());
    }
    let db = TestDatabase::create().await.map_err(|e| anyhow::anyhow!("creating the bench database: {e}"))?;
    let outcome = bench(args, db.url()).await;
    db.cleanup().await.map_err(|e| anyhow::anyhow!("dropping the bench database: {e}"))?;
    outcome
}

/// What every scenario shares: the running grove, the seeded data and the store.
struct Bench<'a> {
    args: &'a Args,
    url: &'a str,
    grove: Grove,
    addr: std::net::SocketAddr,
    auth: String,
    http: reqwest::Client,
    org: Uidp,
    store: Arc<PostgresStore>,
    seeded: grove_store_postgres::scale::Seeded,
    secs: Duration,
    page_size: u64,
    /// The store cursor of page 200 of the organization's groups by name, found once after
    /// seeding for the plans and every page-200 scenario.
    page200: Cursor,
    /// The raw store calls of each read ([`Read`]), measured once and shared by the scenarios
    /// that make that read (REST, gRPC, thin handler).
    sql: std::collections::HashMap<Read, load::Stats>,
}

/// The reads the scenarios make, each timed once as raw store calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Read {
    /// A group by uid.
    Get,
    /// Page 1 of the organization's groups by name.
    Page1,
    /// Page 200 of the same list.
    Page200,
    /// The organization's groups with an exact name.
    Name,
}

async fn bench(args: &Args, url: &str) -> anyhow::Result<()> {
    let grove = start_grove(args, url, &[])?;
    load::measure_cpu_of(grove.child.id());
    let http = reqwest::Client::builder().pool_max_idle_per_host(args.clients).build()?;
    let auth = format!("Bearer {}", grove.token);
    let orgs: serde_json::Value = http
        .get(format!("{}/iam/v2beta1/groups?name=dev&uidp.in_root=true", grove.base))
        .header("authorization", &auth)
        .send()
        .await?
        .json()
        .await?;
    let org = Uidp::parse(orgs["groups"][0]["uid"].as_str().context("no dev organization")?)?;

    let mut pg = PostgresConfig::new(url);
    pg.max_connections = args.pool;
    let store = Arc::new(PostgresStore::connect(&pg).await.map_err(|e| anyhow::anyhow!("{e}"))?);
    if args.only == ["fanout"] {
        // The scenario seeds its own tree: no need for the scale seed and its page-200 cursor.
        let fanout = fanout::run(&http, &grove.base, &auth, &org, &store, args.fanout_requests).await?;
        return write_fanout(args, &fanout);
    }
    let spec = ScaleSpec { groups: args.groups, identities: args.groups, role_bindings: args.groups };
    let started = Instant::now();
    let seeded = seed_scale(&store, &org, &spec).await.map_err(|e| anyhow::anyhow!("seeding: {e:?}"))?;
    let seed_secs = started.elapsed().as_secs_f64();
    eprintln!(
        "seeded {} groups, {} identities, {} role bindings in {seed_secs:.1} s",
        seeded.groups, seeded.identities, seeded.role_bindings
    );
    let addr = grove.base.trim_start_matches("http://").parse()?;
    let page200 = page200_cursor(&store, &org, args.page_size as u64).await?;
    let mut bench = Bench {
        args,
        url,
        grove,
        addr,
        auth,
        http,
        org,
        store,
        seeded,
        secs: Duration::from_secs(args.seconds),
        page_size: args.page_size as u64,
        page200,
        sql: std::collections::HashMap::new(),
    };
    let mut report = Report::new(args.groups, args.clients, args.seconds, args.rounds, machine(), seed_secs);
    report.plans = bench.plans().await?;
    if SCENARIOS.iter().any(|(name, _)| name.starts_with("advisories_") && args.runs(name)) {
        let rate = advisories::seed(&bench.store, &bench.org, args.advisories).await?;
        eprintln!("imported {} synthetic advisories at {rate:.0} records/s", args.advisories);
        report.plans.extend(advisories::plans(&bench.store, &bench.org, bench.page_size).await?);
    }
    let (reads, writes): (Vec<&'static str>, Vec<&'static str>) = SCENARIOS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| args.runs(name) && !ONCE.contains(name))
        .partition(|name| !WRITES.contains(name));
    let mut rows: Vec<report::Row> = Vec::new();
    bench.secs = Duration::from_secs_f64(args.seconds as f64 / f64::from(args.rounds));
    for round in 1..=args.rounds {
        // Each round times its own SQL references, beside its own API runs.
        bench.sql.clear();
        for name in &reads {
            eprintln!("running {name} (round {round} of {})", args.rounds);
            let row = bench.run(name).await?;
            match rows.iter_mut().find(|r| r.key() == row.key()) {
                Some(earlier) => earlier.absorb(row),
                None => rows.push(row),
            }
        }
    }
    bench.secs = Duration::from_secs(args.seconds);
    for name in &writes {
        eprintln!("running {name}");
        rows.push(bench.run(name).await?);
    }
    if args.runs("v1_list") {
        eprintln!("running v1_list");
        report.v1_list = Some(bench.v1_list().await?);
    }
    if args.runs("scim_provision") {
        eprintln!("running scim_provision");
        let org = bench.org.to_string();
        report.scim = Some(
            scim::provision(&bench.http, &bench.grove.base, &bench.auth, &org, args.scim_users, args.clients).await?,
        );
    }
    if args.runs("fanout") {
        eprintln!("running fanout");
        let b = &bench;
        report.fanout =
            Some(fanout::run(&b.http, &b.grove.base, &b.auth, &b.org, &b.store, args.fanout_requests).await?);
    }
    if args.runs("console") {
        eprintln!("running console");
        let b = &bench;
        report.console = Some(console::run(&b.grove.base, &b.auth, b.org.as_str(), args.console_requests).await?);
    }
    rows.sort_by_key(|row| SCENARIOS.iter().position(|(name, _)| *name == row.key()));
    for row in rows {
        report.push(row);
    }
    if args.only.is_empty() {
        let cost = tokens::check_cost(2_000)?;
        report.token_check = Some((cost.first, cost.repeat));
    }
    report.peak_rss_kib = peak_rss_kib(bench.grove.child.id());
    drop(bench);
    let text = report.render();
    println!("{text}");
    if let Some(path) = &args.json {
        std::fs::write(path, serde_json::to_string_pretty(&report.to_json())?)?;
        eprintln!("wrote {}", path.display());
    }
    if args.only.is_empty() {
        report::write(&args.out, &text)?;
        eprintln!("wrote {}", args.out.display());
    }
    Ok(())
}

impl Bench<'_> {
    /// The `EXPLAIN` plans of the list queries, right after the load and `VACUUM ANALYZE`,
    /// before the write scenarios add rows.
    async fn plans(&self) -> anyhow::Result<Vec<(String, grove_store_postgres::ListPlans)>> {
        let first_name = self.seeded.sample_names.first().map(String::as_str);
        let mut plans_seen = Vec::new();
        for (label, query) in [
            ("page 1", list_query(&self.org, None, SortField::Name, None, self.page_size + 1)),
            ("page 200", list_query(&self.org, None, SortField::Name, Some(self.page200.clone()), self.page_size + 1)),
            ("name filter", list_query(&self.org, first_name, NAME_FILTER_ORDER, None, self.page_size + 1)),
        ] {
            let plans =
                self.store.explain_list(ListResource::Groups, &query).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            plans_seen.push((label.to_owned(), plans));
        }
        Ok(plans_seen)
    }

    fn list_path(&self) -> String {
        format!("/iam/v2beta1/groups?uidp.descendants_of={}&order_by=name&page_size={}", self.org, self.page_size)
    }

    /// The API's page token of page 200, found by following `nextPageToken`.
    async fn page200_token(&self) -> anyhow::Result<String> {
        let mut token = String::new();
        for _ in 0..199 {
            let page: serde_json::Value = self
                .http
                .get(format!("{}{}&page_token={token}", self.grove.base, self.list_path()))
                .header("authorization", &self.auth)
                .send()
                .await?
                .json()
                .await?;
            token = page["nextPageToken"].as_str().context("ran out of pages")?.to_owned();
        }
        Ok(token)
    }

    /// The raw store calls of `read`, timed the first time a scenario asks.
    async fn sql(&mut self, read: Read) -> anyhow::Result<load::Stats> {
        if let Some(stats) = self.sql.get(&read) {
            return Ok(stats.clone());
        }
        let (clients, store) = (self.args.clients, self.store.clone());
        let list = |query: Arc<dyn Fn(usize) -> ListQuery + Send + Sync>| {
            run_load(clients, self.secs, move |i| {
                let (s, q) = (store.clone(), query(i));
                async move { s.list_groups(&q).await.map(|_| ()).map_err(|e| e.to_string()) }
            })
        };
        let (org, limit) = (self.org.clone(), self.page_size + 1);
        let stats = match read {
            Read::Get => {
                let (store, sample) = (self.store.clone(), Arc::new(self.seeded.sample_groups.clone()));
                run_load(clients, self.secs, move |i| {
                    let (s, uid) = (store.clone(), sample[i % sample.len()].clone());
                    async move { s.get_group(&uid).await.map(|_| ()).map_err(|e| e.to_string()) }
                })
                .await
            }
            Read::Page1 => list(Arc::new(move |_| list_query(&org, None, SortField::Name, None, limit))).await,
            Read::Page200 => {
                let cursor = self.page200.clone();
                list(Arc::new(move |_| list_query(&org, None, SortField::Name, Some(cursor.clone()), limit))).await
            }
            Read::Name => {
                let names = Arc::new(self.seeded.sample_names.clone());
                list(Arc::new(move |i| list_query(&org, Some(&names[i % names.len()]), NAME_FILTER_ORDER, None, limit)))
                    .await
            }
        };
        self.sql.insert(read, stats.clone());
        Ok(stats)
    }

    /// Closed-loop GETs of `path(i)` through a thin server of its own (its CPU measured while
    /// it serves), on this run's database.
    async fn thin(
        &self,
        path: impl Fn(usize) -> String + Send + Sync + Clone + 'static,
    ) -> anyhow::Result<load::Stats> {
        let thin = thin::ThinServer::start(self.url, self.args.pool)?;
        load::measure_cpu_of(thin.pid());
        let stats = self.get(thin.addr, "", path).await;
        load::measure_cpu_of(self.grove.child.id());
        Ok(stats)
    }

    /// Closed-loop GETs of `path(i)` against `addr` with `authorization` (none when empty).
    async fn get(
        &self,
        addr: std::net::SocketAddr,
        authorization: &str,
        path: impl Fn(usize) -> String + Send + Sync + Clone + 'static,
    ) -> load::Stats {
        run_http(self.args.clients, self.secs, addr, authorization.to_owned(), move |i| {
            (hyper::Method::GET, path(i), None)
        })
        .await
    }

    /// Creates groups named after `scenario` (so that no two scenarios' names collide) for
    /// the scenario's time.
    async fn create_groups(
        &self,
        addr: std::net::SocketAddr,
        auth: &str,
        clients: usize,
        scenario: &str,
    ) -> load::Stats {
        let parents = Arc::new(self.seeded.level1.clone());
        let prefix = format!("bench-{scenario}-{}", addr.port()).replace('_', "-");
        run_http(clients, self.secs, addr, auth.to_owned(), move |i| {
            let body = json!({"name": format!("{prefix}-{i}")}).to_string().into_bytes();
            (hyper::Method::POST, format!("/iam/v2beta1/groups/{}", parents[i % parents.len()]), Some(body))
        })
        .await
    }

    /// Runs one scenario of [`SCENARIOS`].
    async fn run(&mut self, name: &'static str) -> anyhow::Result<Row> {
        let clients = self.args.clients;
        let sample = Arc::new(self.seeded.sample_groups.clone());
        let row = match name {
            "get" => {
                let api = self
                    .get(self.addr, &self.auth, move |i| format!("/iam/v2beta1/groups/{}", sample[i % sample.len()]))
                    .await;
                Row::read(name, api, self.sql(Read::Get).await?, 0.6)
            }
            "get_grpc" => {
                let api = run_grpc(
                    clients,
                    self.args.grpc_connections,
                    self.secs,
                    self.addr,
                    &self.grove.token,
                    GET_GROUP,
                    move |i| GetGroupRequest { uid: sample[i % sample.len()].to_string() }.encode_to_vec(),
                )
                .await;
                Row::read(name, api, self.sql(Read::Get).await?, 0.6)
            }
            "thin" => {
                let api = self.thin(move |i| format!("/groups/{}", sample[i % sample.len()])).await?;
                Row::read(name, api, self.sql(Read::Get).await?, 0.0)
            }
            "page1" => {
                let path = self.list_path();
                let api = self.get(self.addr, &self.auth, move |_| path.clone()).await;
                Row::read(name, api, self.sql(Read::Page1).await?, 0.4)
            }
            "page1_grpc" => {
                let (org, page_size) = (self.org.to_string(), i32::try_from(self.page_size).unwrap_or(i32::MAX));
                let api = run_grpc(
                    clients,
                    self.args.grpc_connections,
                    self.secs,
                    self.addr,
                    &self.grove.token,
                    LIST_GROUPS,
                    move |_| {
                        ListGroupsRequest {
                            uidp: Some(UidpFilterMessage {
                                descendants_of: org.clone(),
                                ..UidpFilterMessage::default()
                            }),
                            order_by: "name".to_owned(),
                            page_size,
                            ..ListGroupsRequest::default()
                        }
                        .encode_to_vec()
                    },
                )
                .await;
                Row::read(name, api, self.sql(Read::Page1).await?, 0.4)
            }
            "page200" => {
                let path = format!("{}&page_token={}", self.list_path(), self.page200_token().await?);
                let api = self.get(self.addr, &self.auth, move |_| path.clone()).await;
                Row::read(name, api, self.sql(Read::Page200).await?, 0.75)
            }
            "thin_page200" => {
                let cursor = &self.page200;
                let SortKey::Text(after_name) = &cursor.key else { bail!("a name-ordered cursor has a name") };
                let path = format!(
                    "/groups?org={}&limit={}&after_name={after_name}&after_uid={}",
                    self.org,
                    self.page_size + 1,
                    cursor.uid
                );
                let api = self.thin(move |_| path.clone()).await?;
                Row::read(name, api, self.sql(Read::Page200).await?, 0.0)
            }
            "name" => {
                let (org, names) = (self.org.clone(), Arc::new(self.seeded.sample_names.clone()));
                let page_size = self.page_size;
                let api = self
                    .get(self.addr, &self.auth, move |i| {
                        format!(
                            "/iam/v2beta1/groups?uidp.descendants_of={org}&name={}&page_size={page_size}",
                            names[i % names.len()]
                        )
                    })
                    .await;
                Row::read(name, api, self.sql(Read::Name).await?, 0.65)
            }
            "thin_name" => {
                let (org, limit, names) =
                    (self.org.clone(), self.page_size + 1, Arc::new(self.seeded.sample_names.clone()));
                let api = self
                    .thin(move |i| {
                        format!("/groups?org={org}&limit={limit}&order_by=uid&name={}", names[i % names.len()])
                    })
                    .await?;
                Row::read(name, api, self.sql(Read::Name).await?, 0.0)
            }
            "create_group" => Row::write(name, self.create_groups(self.addr, &self.auth, clients, name).await),
            "create_group_no_events" => {
                // No relay either: this node writes no events, and one it claimed from the main node
                // would wait out its lease once this node stops.
                let quiet = start_grove(
                    self.args,
                    self.url,
                    &[("GROVE_EVENTS__RECORD", "false"), ("GROVE_EVENTS__RELAY", "false")],
                )?;
                let addr = quiet.base.trim_start_matches("http://").parse()?;
                let auth = format!("Bearer {}", quiet.token);
                Row::write(name, self.create_groups(addr, &auth, clients, name).await.served_elsewhere())
            }
            "create_binding" => Row::write(name, self.create_bindings().await?),
            "exchange" => Row::write(name, self.exchange().await?),
            "event_latency" => Row::write(name, self.event_latency().await?),
            "advisories_filter" | "advisories_query" | "advisories_page1" | "advisories_page200" => {
                self.advisory_scenario(name).await?
            }
            other => bail!("no scenario {other}"),
        };
        Ok(row)
    }

    /// One `GET /iam/v1/groups` of the whole organization, read as it streams and dropped
    /// chunk by chunk, with grove's resident set sampled before and all along: v1 lists are
    /// streamed a domain page at a time, so it should stay flat whatever the size.
    async fn v1_list(&self) -> anyhow::Result<report::V1List> {
        /// What each v1 group of the answer writes once.
        const MARK: &[u8] = b"\"resourceLimits\":";
        let pid = self.grove.child.id();
        let before = rss_kib(pid).context("reading grove's RSS")?;
        let started = Instant::now();
        let mut response = self
            .http
            .get(format!("{}/iam/v1/groups", self.grove.base))
            .header("authorization", &self.auth)
            .send()
            .await?
            .error_for_status()?;
        let first_byte = started.elapsed();
        let (mut bytes, mut items, mut chunks, mut peak) = (0u64, 0u64, 0u64, before);
        let mut last_sample = Instant::now();
        // The end of the previous chunk, so that a mark split across two chunks is counted.
        let mut carry: Vec<u8> = Vec::new();
        while let Some(chunk) = response.chunk().await? {
            bytes += chunk.len() as u64;
            chunks += 1;
            carry.extend_from_slice(&chunk);
            items += carry.windows(MARK.len()).filter(|w| *w == MARK).count() as u64;
            carry.drain(..carry.len().saturating_sub(MARK.len() - 1));
            if last_sample.elapsed() >= Duration::from_millis(50) {
                peak = peak.max(rss_kib(pid).unwrap_or(0));
                last_sample = Instant::now();
            }
        }
        peak = peak.max(rss_kib(pid).unwrap_or(0));
        Ok(report::V1List {
            items,
            bytes,
            chunks,
            first_byte,
            elapsed: started.elapsed(),
            rss_before_kib: before,
            rss_peak_kib: peak,
        })
    }

    /// One advisory list scenario: the API against the same query as a raw store call.
    async fn advisory_scenario(&self, name: &'static str) -> anyhow::Result<Row> {
        use grove_domain::model::AdvisoryFilter;
        use grove_domain::ports::AdvisoryStore as _;

        let base = format!("/vulnerabilities/v2beta1/advisories?page_size={}", self.page_size);
        let (store, org, limit) = (self.store.clone(), self.org.clone(), self.page_size + 1);
        let mut after = None;
        let (path, filter): (PathFn, FilterFn) = match name {
            "advisories_filter" => (
                Arc::new(move |i| format!("{base}&component_names={}", advisories::selective_component(i))),
                Arc::new(|i| AdvisoryFilter {
                    component_names: vec![advisories::selective_component(i)],
                    ..AdvisoryFilter::default()
                }),
            ),
            "advisories_query" => (
                Arc::new(move |i| format!("{base}&query={}", advisories::substring(i))),
                Arc::new(|i| AdvisoryFilter { query: Some(advisories::substring(i)), ..AdvisoryFilter::default() }),
            ),
            "advisories_page1" => (Arc::new(move |_| base.clone()), Arc::new(|_| AdvisoryFilter::default())),
            _ => {
                let mut token = String::new();
                for _ in 0..199 {
                    let page: serde_json::Value = self
                        .http
                        .get(format!("{}{base}&page_token={token}", self.grove.base))
                        .header("authorization", &self.auth)
                        .send()
                        .await?
                        .json()
                        .await?;
                    token = page["nextPageToken"].as_str().context("ran out of advisory pages")?.to_owned();
                }
                after = Some(advisories::page200_cursor(&self.store, &self.org, self.page_size).await?);
                let path = format!("{base}&page_token={token}");
                (Arc::new(move |_| path.clone()), Arc::new(|_| AdvisoryFilter::default()))
            }
        };
        let api = self.get(self.addr, &self.auth, move |i| path(i)).await;
        let sql = run_load(self.args.clients, self.secs, move |i| {
            let (s, q) = (store.clone(), advisories::query(&org, filter(i), after.clone(), limit));
            async move { s.list_advisories(&q).await.map(|_| ()).map_err(|e| e.to_string()) }
        })
        .await;
        Ok(Row::read(name, api, sql, 0.4))
    }

    async fn create_bindings(&self) -> anyhow::Result<load::Stats> {
        let editor: serde_json::Value = self
            .http
            .get(format!("{}/iam/v2beta1/roles?name=editor", self.grove.base))
            .header("authorization", &self.auth)
            .send()
            .await?
            .json()
            .await?;
        let editor = editor["roles"][0]["uid"].as_str().context("no editor role")?.to_owned();
        let groups = Arc::new(self.seeded.level2.clone());
        let identities = Arc::new(self.seeded.sample_identities.clone());
        Ok(run_http(self.args.clients, self.secs, self.addr, self.auth.clone(), move |i| {
            let body = json!({"identityUid": identities[(i / groups.len()) % identities.len()], "roleUid": editor});
            (
                hyper::Method::POST,
                format!("/iam/v2beta1/roleBindings/{}", groups[i % groups.len()]),
                Some(body.to_string().into_bytes()),
            )
        })
        .await)
    }

    /// Token exchange with a warm JWKS cache: a workload identity of a loopback issuer.
    async fn exchange(&self) -> anyhow::Result<load::Stats> {
        let issuer = tokens::Issuer::start().await?;
        let identity: serde_json::Value = self
            .http
            .post(format!("{}/iam/v2beta1/identities/{}", self.grove.base, self.org))
            .header("authorization", &self.auth)
            .json(&json!({"name": "bench-workload", "claimMatch": {"issuer": issuer.url, "subject": "bench-workload"}}))
            .send()
            .await?
            .json()
            .await?;
        let identity = identity["uid"].as_str().context("creating the workload identity")?.to_owned();
        let oidc = issuer.token("bench-workload", &self.grove.base)?;
        let path = format!("/sts/exchange?aud={}&identity={identity}", self.grove.base);
        Ok(self.get(self.addr, &format!("Bearer {oidc}"), move |_| path.clone()).await)
    }

    /// Waits (up to two minutes) until the relay has caught up with the events of the earlier
    /// write scenarios (`grove_events_backlog` is 0), so that the latency measured is that of
    /// a relay keeping up, not of a queue left by other scenarios.
    async fn wait_for_empty_outbox(&self) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let metrics = self.http.get(format!("{}/metrics", self.grove.base)).send().await?.text().await?;
            let backlog = metrics
                .lines()
                .find_map(|l| l.strip_prefix("grove_events_backlog "))
                .and_then(|v| v.trim().parse::<f64>().ok());
            match backlog {
                Some(b) if b < 0.5 => return Ok(()),
                _ if Instant::now() > deadline => bail!("the event backlog did not drain in two minutes: {backlog:?}"),
                _ => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
    }

    /// How long after its commit an event reaches a webhook: a subscription to a local
    /// receiver, 4 clients creating groups, then every event awaited (up to 60 s).
    async fn event_latency(&self) -> anyhow::Result<load::Stats> {
        let (sink, sink_addr) = sink::Sink::start().await?;
        let subscription: serde_json::Value = self
            .http
            .post(format!("{}/events/v2beta1/subscriptions/{}", self.grove.base, self.org))
            .header("authorization", &self.auth)
            .json(&json!({"sink": format!("http://{sink_addr}/hook")}))
            .send()
            .await?
            .json()
            .await?;
        let subscription = subscription["uid"].as_str().context("creating the subscription")?.to_owned();
        self.wait_for_empty_outbox().await?;
        let writes = self.create_groups(self.addr, &self.auth, 4, "event_latency").await;
        // Every write the load made, warm-up included, has an event on its way.
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut last = (0, Instant::now());
        while Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let received = sink.received();
            if received != last.0 {
                last = (received, Instant::now());
            } else if last.1.elapsed() > Duration::from_secs(2) {
                break;
            }
        }
        self.http
            .delete(format!("{}/events/v2beta1/subscriptions/{subscription}", self.grove.base))
            .header("authorization", &self.auth)
            .send()
            .await?;
        let stats = load::Stats::from_latencies(sink.take(), self.secs);
        Ok(load::Stats { errors: writes.errors, first_error: writes.first_error, ..stats })
    }
}
