//! `grove-bench`: the scale benchmark (run it through `cargo xtask bench`).
//!
//! Seeds one organization with a three-level group tree, identities and role bindings in a
//! fresh PostgreSQL database, starts the release `grove` binary on it, drives it over
//! loopback HTTP (and the read scenarios also over gRPC) with a closed-loop load of N concurrent clients, times the same reads as
//! raw store calls through a pool of the same size, prints the `EXPLAIN` plans of the list
//! queries (flagging sequential scans), reads grove's peak RSS, and writes `BENCHMARKS.md`.

mod load;
mod report;
mod tokens;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use clap::Parser;
use grove_domain::listing::{
    Cursor, Direction, ListFilter, ListQuery, Ordering, SortField, Sortable, UidpFilter, Visibility,
};
use grove_domain::ports::GroupStore;
use grove_domain::Uidp;
use grove_proto::common::UidpFilter as UidpFilterMessage;
use grove_proto::iam::{GetGroupRequest, ListGroupsRequest};
use grove_store_postgres::scale::{seed_scale, ScaleSpec};
use grove_store_postgres::testing::TestDatabase;
use grove_store_postgres::{ListResource, PostgresConfig, PostgresStore};
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

fn start_grove(args: &Args, database_url: &str) -> anyhow::Result<Grove> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let token_file = std::env::temp_dir().join(format!("grove-bench-token-{port}"));
    let _ = std::fs::remove_file(&token_file);
    let child = Command::new(&args.grove)
        .args(["serve", "--dev", "--listen", &format!("127.0.0.1:{port}"), "--database-url", database_url])
        .arg("--dev-token-file")
        .arg(&token_file)
        .env("GROVE_LOG", "warn")
        .env("GROVE_DATABASE_POOL_SIZE", args.pool.to_string())
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
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
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

fn list_query(org: &Uidp, name: Option<&str>, after: Option<Cursor>, limit: u64) -> ListQuery {
    ListQuery {
        filter: ListFilter {
            uidp: UidpFilter { descendants_of: Some(org.clone()), ..UidpFilter::default() },
            name: name.map(str::to_owned),
            ..ListFilter::default()
        },
        visibility: Visibility { scopes: Some(vec![org.clone()]), root_level: false },
        order: Ordering { field: SortField::Name, direction: Direction::Asc },
        // As the API does: the first page counts, a page reached by a cursor repeats the total.
        count_total: after.is_none(),
        after,
        skip: 0,
        limit,
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let db = TestDatabase::create().await.map_err(|e| anyhow::anyhow!("creating the bench database: {e}"))?;
    let outcome = bench(&args, db.url()).await;
    db.cleanup().await.map_err(|e| anyhow::anyhow!("dropping the bench database: {e}"))?;
    outcome
}

async fn bench(args: &Args, url: &str) -> anyhow::Result<()> {
    let grove = start_grove(args, url)?;
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
    let spec = ScaleSpec { groups: args.groups, identities: args.groups, role_bindings: args.groups };
    let started = Instant::now();
    let seeded = seed_scale(&store, &org, &spec).await.map_err(|e| anyhow::anyhow!("seeding: {e:?}"))?;
    let seed_secs = started.elapsed().as_secs_f64();
    eprintln!(
        "seeded {} groups, {} identities, {} role bindings in {seed_secs:.1} s",
        seeded.groups, seeded.identities, seeded.role_bindings
    );

    // The cursor of page 200 (rows 199 × page_size + 1 …), found by walking the store.
    let page_size = args.page_size as u64;
    let mut after = None;
    for _ in 0..199 {
        let page = store
            .list_groups(&list_query(&org, None, after.clone(), page_size))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let last = page.items.last().context("fewer than 200 pages of groups")?;
        after = Some(Cursor { key: last.sort_key(SortField::Name), uid: last.uid().clone() });
    }
    let page200_cursor = after.context("no cursor")?;
    // Plans right after the load and VACUUM ANALYZE, before the write scenarios add rows.
    let mut plans_seen = Vec::new();
    for (label, query) in [
        ("page 1", list_query(&org, None, None, page_size + 1)),
        ("page 200", list_query(&org, None, Some(page200_cursor.clone()), page_size + 1)),
        ("name filter", list_query(&org, seeded.sample_names.first().map(String::as_str), None, page_size + 1)),
    ] {
        let plans = store.explain_list(ListResource::Groups, &query).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        plans_seen.push((label.to_owned(), plans));
    }
    let mut token = String::new();
    let list_path = format!("/iam/v2beta1/groups?uidp.descendants_of={org}&order_by=name&page_size={page_size}");
    for _ in 0..199 {
        let page: serde_json::Value = http
            .get(format!("{}{list_path}&page_token={token}", grove.base))
            .header("authorization", &auth)
            .send()
            .await?
            .json()
            .await?;
        token = page["nextPageToken"].as_str().context("ran out of pages")?.to_owned();
    }

    let mut report = Report::new(args.groups, args.clients, args.seconds, machine(), seed_secs);
    report.plans = plans_seen;
    let secs = Duration::from_secs(args.seconds);
    let sample = Arc::new(seeded.sample_groups.clone());
    let names = Arc::new(seeded.sample_names.clone());

    // Reads: API, then the same reads straight through the store.
    let addr: std::net::SocketAddr = grove.base.trim_start_matches("http://").parse()?;
    let get = |path: String| (hyper::Method::GET, path, None);
    let get_sample = sample.clone();
    let get_api = run_http(args.clients, secs, addr, auth.clone(), move |i| {
        get(format!("/iam/v2beta1/groups/{}", get_sample[i % get_sample.len()]))
    })
    .await;
    let get_store = store.clone();
    let get_sample = sample.clone();
    let get_sql = run_load(args.clients, secs, move |i| {
        let (s, uid) = (get_store.clone(), get_sample[i % get_sample.len()].clone());
        async move { s.get_group(&uid).await.map(|_| ()).map_err(|e| e.to_string()) }
    })
    .await;
    report.push(Row::read("get group by uid", get_api, get_sql.clone(), 0.5));

    let get_sample = sample.clone();
    let get_grpc = run_grpc(args.clients, secs, &grove.base, &grove.token, move |client, i| {
        let uid = get_sample[i % get_sample.len()].to_string();
        async move { client.groups().get_group(GetGroupRequest { uid }).await.map(|_| ()).map_err(|e| e.to_string()) }
    })
    .await;
    report.push(Row::read("get group by uid (gRPC)", get_grpc, get_sql, 0.5));

    let p1 = list_path.clone();
    let page1_api = run_http(args.clients, secs, addr, auth.clone(), move |_| get(p1.clone())).await;
    let (s1, o1) = (store.clone(), org.clone());
    let page1_sql = run_load(args.clients, secs, move |_| {
        let (s, q) = (s1.clone(), list_query(&o1, None, None, page_size + 1));
        async move { s.list_groups(&q).await.map(|_| ()).map_err(|e| e.to_string()) }
    })
    .await;
    let page1_p50 = page1_api.p50;
    report.push(Row::read("list page 1 (descendants_of + order_by=name)", page1_api, page1_sql.clone(), 0.4));

    let o1 = org.to_string();
    let page1_grpc = run_grpc(args.clients, secs, &grove.base, &grove.token, move |client, _| {
        let request = ListGroupsRequest {
            uidp: Some(UidpFilterMessage { descendants_of: o1.clone(), ..UidpFilterMessage::default() }),
            order_by: "name".to_owned(),
            page_size: i32::try_from(page_size).unwrap_or(i32::MAX),
            ..ListGroupsRequest::default()
        };
        async move { client.groups().list_groups(request).await.map(|_| ()).map_err(|e| e.to_string()) }
    })
    .await;
    report.push(Row::read("list page 1 (gRPC)", page1_grpc, page1_sql, 0.4));

    let p200 = format!("{list_path}&page_token={token}");
    let page200_api = run_http(args.clients, secs, addr, auth.clone(), move |_| get(p200.clone())).await;
    let (s2, o2, c2) = (store.clone(), org.clone(), page200_cursor.clone());
    let page200_sql = run_load(args.clients, secs, move |_| {
        let (s, q) = (s2.clone(), list_query(&o2, None, Some(c2.clone()), page_size + 1));
        async move { s.list_groups(&q).await.map(|_| ()).map_err(|e| e.to_string()) }
    })
    .await;
    report.page_ratio = Some(page200_api.p50.as_secs_f64() / page1_p50.as_secs_f64().max(1e-9));
    report.push(Row::read("list page 200 (following cursors)", page200_api, page200_sql, 0.4));

    let (o3, n3) = (org.clone(), names.clone());
    let name_api = run_http(args.clients, secs, addr, auth.clone(), move |i| {
        get(format!("/iam/v2beta1/groups?uidp.descendants_of={o3}&name={}", n3[i % n3.len()]))
    })
    .await;
    let (s4, o4, n4) = (store.clone(), org.clone(), names.clone());
    let name_sql = run_load(args.clients, secs, move |i| {
        let (s, q) = (s4.clone(), list_query(&o4, Some(&n4[i % n4.len()]), None, page_size + 1));
        async move { s.list_groups(&q).await.map(|_| ()).map_err(|e| e.to_string()) }
    })
    .await;
    report.push(Row::read("list with exact name filter", name_api, name_sql, 0.0));

    // Writes: API only.
    let parents = Arc::new(seeded.level1.clone());
    let create_group = run_http(args.clients, secs, addr, auth.clone(), move |i| {
        let body = json!({"name": format!("bench-{i}")}).to_string().into_bytes();
        (hyper::Method::POST, format!("/iam/v2beta1/groups/{}", parents[i % parents.len()]), Some(body))
    })
    .await;
    report.push(Row::write("create group", create_group));

    let editor: serde_json::Value = http
        .get(format!("{}/iam/v2beta1/roles?name=editor", grove.base))
        .header("authorization", &auth)
        .send()
        .await?
        .json()
        .await?;
    let editor = editor["roles"][0]["uid"].as_str().context("no editor role")?.to_owned();
    let (groups, identities) = (Arc::new(seeded.level2.clone()), Arc::new(seeded.sample_identities.clone()));
    let create_binding = run_http(args.clients, secs, addr, auth.clone(), move |i| {
        let body = json!({"identityUid": identities[(i / groups.len()) % identities.len()], "roleUid": editor});
        (
            hyper::Method::POST,
            format!("/iam/v2beta1/roleBindings/{}", groups[i % groups.len()]),
            Some(body.to_string().into_bytes()),
        )
    })
    .await;
    report.push(Row::write("create role binding", create_binding));

    // Token exchange with a warm JWKS cache: a workload identity of a loopback issuer.
    let issuer = tokens::Issuer::start().await?;
    let identity: serde_json::Value = http
        .post(format!("{}/iam/v2beta1/identities/{org}", grove.base))
        .header("authorization", &auth)
        .json(&json!({"name": "bench-workload", "claimMatch": {"issuer": issuer.url, "subject": "bench-workload"}}))
        .send()
        .await?
        .json()
        .await?;
    let identity = identity["uid"].as_str().context("creating the workload identity")?.to_owned();
    let oidc = issuer.token("bench-workload", &grove.base)?;
    let exchange_path = format!("/sts/exchange?aud={}&identity={identity}", grove.base);
    let exchange =
        run_http(args.clients, secs, addr, format!("Bearer {oidc}"), move |_| get(exchange_path.clone())).await;
    report.push(Row::write("token exchange (warm JWKS cache)", exchange));
    let cost = tokens::check_cost(2_000)?;
    report.token_check = Some((cost.first, cost.repeat));

    report.peak_rss_kib = peak_rss_kib(grove.child.id());
    drop(grove);
    let text = report.render();
    println!("{text}");
    report::write(&args.out, &text)?;
    eprintln!("wrote {}", args.out.display());
    Ok(())
}
