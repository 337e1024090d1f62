//! The benchmark report: a Markdown section kept in `BENCHMARKS.md`, one per data-set size.

use std::fmt::Write as _;
use std::path::Path;

use grove_store_postgres::ListPlans;

use crate::load::{CpuPerRequest, Stats};

/// One scenario's figures.
pub struct Row {
    /// Its name in [`crate::SCENARIOS`].
    key: &'static str,
    name: String,
    api: Stats,
    sql: Option<Stats>,
    /// The least acceptable API/SQL throughput ratio (0 = no target).
    target: f64,
}

impl Row {
    /// A read measured both through the API and as raw store calls.
    pub fn read(key: &'static str, api: Stats, sql: Stats, target: f64) -> Self {
        Self { key, name: label(key), api, sql: Some(sql), target }
    }

    /// A scenario measured through the API only.
    pub fn write(key: &'static str, api: Stats) -> Self {
        Self { key, name: label(key), api, sql: None, target: 0.0 }
    }

    /// Its name in [`crate::SCENARIOS`].
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// Adds `round`, another measurement of the same scenario, to this one.
    pub fn absorb(&mut self, round: Self) {
        self.api = std::mem::take(&mut self.api).merge(round.api);
        self.sql = match (self.sql.take(), round.sql) {
            (Some(sql), Some(more)) => Some(sql.merge(more)),
            (sql, more) => sql.or(more),
        };
    }

    /// The measured grove's CPU time per request served in the window (none when another
    /// server answered: [`Stats::served_elsewhere`]).
    fn grove_cpu(&self) -> Option<CpuPerRequest> {
        self.api.per_request(self.api.server_cpu?)
    }

    /// The load generator's CPU time per request of the API run.
    fn load_cpu(&self) -> Option<CpuPerRequest> {
        self.api.per_request(self.api.load_cpu?)
    }

    /// PostgreSQL's CPU time per request of the API run.
    fn postgres_cpu(&self) -> Option<CpuPerRequest> {
        self.api.per_request(self.api.postgres_cpu?)
    }

    /// The raw-SQL reference's CPU time per call: its own (the store calls in the load
    /// generator's process) and PostgreSQL's.
    fn sql_cpu(&self) -> Option<(CpuPerRequest, CpuPerRequest)> {
        let sql = self.sql.as_ref()?;
        Some((sql.per_request(sql.load_cpu?)?, sql.per_request(sql.postgres_cpu?)?))
    }

    fn ratio(&self) -> Option<f64> {
        self.sql.as_ref().map(|s| self.api.throughput / s.throughput.max(1e-9))
    }
}

/// `(scenario, figures)` pairs with the scenarios that share their figures (those that use
/// the same SQL reference) named together: `get, thin 1.0 + 2.0 µs`.
fn shared_figures(pairs: impl Iterator<Item = (&'static str, String)>) -> Vec<String> {
    let mut shared: Vec<(Vec<&str>, String)> = Vec::new();
    for (key, figures) in pairs {
        match shared.iter_mut().find(|(_, f)| *f == figures) {
            Some((keys, _)) => keys.push(key),
            None => shared.push((vec![key], figures)),
        }
    }
    shared.into_iter().map(|(keys, figures)| format!("{} {figures}", keys.join(", "))).collect()
}

fn label(key: &str) -> String {
    crate::SCENARIOS.iter().find(|(k, _)| *k == key).map_or(key, |(_, l)| *l).to_owned()
}

fn cpu_json(cpu: CpuPerRequest) -> serde_json::Value {
    serde_json::json!({"user": cpu.user_us, "system": cpu.system_us})
}

fn stats_json(s: &Stats) -> serde_json::Value {
    serde_json::json!({
        "req_per_s": s.throughput,
        "p50_ms": s.p50.as_secs_f64() * 1000.0,
        "p99_ms": s.p99.as_secs_f64() * 1000.0,
        "ok": s.ok,
        "errors": s.errors,
        "first_error": s.first_error,
    })
}

/// The `v1_list` scenario: one v1 list of every group, streamed.
pub struct V1List {
    /// Groups in the answer.
    pub items: u64,
    /// Bytes of the answer.
    pub bytes: u64,
    /// Chunks the body arrived in.
    pub chunks: u64,
    /// Time to the status line (the first page is fetched before it).
    pub first_byte: std::time::Duration,
    /// Time to the last byte.
    pub elapsed: std::time::Duration,
    /// grove's RSS just before the request.
    pub rss_before_kib: u64,
    /// grove's highest RSS sampled (every 50 ms) while the answer streamed.
    pub rss_peak_kib: u64,
}

impl V1List {
    fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "items": self.items,
            "bytes": self.bytes,
            "chunks": self.chunks,
            "first_byte_ms": self.first_byte.as_secs_f64() * 1000.0,
            "seconds": self.elapsed.as_secs_f64(),
            "rss_before_mib": self.rss_before_kib as f64 / 1024.0,
            "rss_peak_mib": self.rss_peak_kib as f64 / 1024.0,
        })
    }
}

/// Everything one run measured.
pub struct Report {
    groups: u64,
    clients: usize,
    seconds: u64,
    /// Rounds the read scenarios were measured in, alternating (see `--rounds`).
    rounds: u32,
    machine: String,
    seed_secs: f64,
    rows: Vec<Row>,
    /// grove's peak resident set (VmHWM).
    pub peak_rss_kib: Option<u64>,
    /// `EXPLAIN` of each list query.
    pub plans: Vec<(String, ListPlans)>,
    /// Mean cost of an API token check: first sight (signature) and repeat (cached).
    pub token_check: Option<(std::time::Duration, std::time::Duration)>,
    /// The `v1_list` scenario, when it ran.
    pub v1_list: Option<V1List>,
    /// The `scim_provision` scenario, when it ran.
    pub scim: Option<crate::scim::ScimProvision>,
    /// The `fanout` scenario, when it ran.
    pub fanout: Option<crate::fanout::Fanout>,
    /// The `console` scenario, when it ran.
    pub console: Option<crate::console::Console>,
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**missed**"
    }
}

impl Report {
    /// An empty report for a run with these settings.
    pub fn new(groups: u64, clients: usize, seconds: u64, rounds: u32, machine: String, seed_secs: f64) -> Self {
        Self {
            groups,
            clients,
            seconds,
            rounds,
            machine,
            seed_secs,
            rows: Vec::new(),
            peak_rss_kib: None,
            plans: Vec::new(),
            token_check: None,
            v1_list: None,
            scim: None,
            fanout: None,
            console: None,
        }
    }

    /// Adds a scenario.
    pub fn push(&mut self, row: Row) {
        self.rows.push(row);
    }

    fn row(&self, key: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.key == key)
    }

    /// Ratios between scenarios of this run: (what, value, target verdict).
    fn comparisons(&self) -> Vec<(&'static str, f64, Option<bool>)> {
        let mut out = Vec::new();
        let tp = |key: &str| self.row(key).map(|r| r.api.throughput);
        let p50 = |key: &str| self.row(key).map(|r| r.api.p50.as_secs_f64());
        if let (Some(api), Some(thin)) = (tp("get"), tp("thin")) {
            out.push((
                "get by uid, API / thin handler (throughput)",
                api / thin.max(1e-9),
                Some(api / thin.max(1e-9) >= 0.9),
            ));
        }
        for (what, api, thin) in [
            ("list page 200, API / thin handler (throughput)", "page200", "thin_page200"),
            ("list with exact name filter, API / thin handler (throughput)", "name", "thin_name"),
        ] {
            if let (Some(api), Some(thin)) = (tp(api), tp(thin)) {
                out.push((what, api / thin.max(1e-9), None));
            }
        }
        if let (Some(grpc), Some(rest)) = (tp("get_grpc"), tp("get")) {
            out.push(("get by uid, gRPC / REST (throughput)", grpc / rest.max(1e-9), Some(grpc >= rest)));
        }
        if let (Some(p1), Some(get)) = (p50("page1"), p50("get")) {
            out.push(("page 1 p50 / get-by-uid p50", p1 / get.max(1e-9), Some(p1 <= 3.0 * get)));
        }
        if let (Some(p200), Some(p1)) = (p50("page200"), p50("page1")) {
            out.push(("page 200 p50 / page 1 p50", p200 / p1.max(1e-9), Some(p200 <= 1.5 * p1)));
        }
        if let (Some(on), Some(off)) = (tp("create_group"), tp("create_group_no_events")) {
            let cost = 1.0 - on / off.max(1e-9);
            out.push(("cost of the events outbox on create group (1 − on/off)", cost, Some(cost < 0.25)));
        }
        out
    }

    /// Every figure of the run, for scripts.
    pub fn to_json(&self) -> serde_json::Value {
        let scenarios = self
            .rows
            .iter()
            .map(|r| {
                let (grove_cpu, load_cpu, postgres_cpu, sql_cpu) =
                    (r.grove_cpu(), r.load_cpu(), r.postgres_cpu(), r.sql_cpu());
                serde_json::json!({
                    "name": r.key,
                    "label": r.name,
                    "api": stats_json(&r.api),
                    "sql": r.sql.as_ref().map(stats_json),
                    "api_over_sql": r.ratio(),
                    "target_api_over_sql": (r.target > 0.0).then_some(r.target),
                    "grove_cpu_us_per_request": grove_cpu.map(CpuPerRequest::total_us),
                    "load_generator_cpu_us_per_request": load_cpu.map(CpuPerRequest::total_us),
                    "postgres_cpu_us_per_request": postgres_cpu.map(CpuPerRequest::total_us),
                    "sql_client_cpu_us_per_request": sql_cpu.map(|(client, _)| client.total_us()),
                    "sql_postgres_cpu_us_per_request": sql_cpu.map(|(_, postgres)| postgres.total_us()),
                    "cpu_us_per_request_user_system": {
                        "grove": grove_cpu.map(cpu_json),
                        "load_generator": load_cpu.map(cpu_json),
                        "postgres": postgres_cpu.map(cpu_json),
                        "sql_client": sql_cpu.map(|(client, _)| cpu_json(client)),
                        "sql_postgres": sql_cpu.map(|(_, postgres)| cpu_json(postgres)),
                    },
                })
            })
            .collect::<Vec<_>>();
        let comparisons = self
            .comparisons()
            .into_iter()
            .map(|(what, value, met)| serde_json::json!({"what": what, "value": value, "target_met": met}))
            .collect::<Vec<_>>();
        serde_json::json!({
            "groups": self.groups,
            "clients": self.clients,
            "seconds": self.seconds,
            "rounds": self.rounds,
            "machine": self.machine,
            "seed_seconds": self.seed_secs,
            "scenarios": scenarios,
            "comparisons": comparisons,
            "peak_rss_mib": self.peak_rss_kib.map(|k| k as f64 / 1024.0),
            "v1_list": self.v1_list.as_ref().map(V1List::to_json),
            "scim_provision": self.scim.as_ref().map(crate::scim::ScimProvision::to_json),
            "fanout": self.fanout.as_ref().map(crate::fanout::Fanout::to_json),
            "console": self.console.as_ref().map(crate::console::Console::to_json),
            "sequential_scans": self.plans.iter().filter(|(_, p)| p.has_seq_scan()).map(|(l, _)| l.clone()).collect::<Vec<_>>(),
        })
    }

    fn start_marker(&self) -> String {
        format!("<!-- bench groups={} start -->", self.groups)
    }

    fn end_marker(&self) -> String {
        format!("<!-- bench groups={} end -->", self.groups)
    }

    /// The Markdown section.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.start_marker());
        let _ = writeln!(out, "## {} groups, {} identities, {} role bindings\n", self.groups, self.groups, self.groups);
        let _ = writeln!(
            out,
            "Command: `cargo xtask bench -- --groups {} --clients {} --seconds {} --rounds {}`  \nMachine: {}  \nSeeding took {:.1} s. Each scenario: {} closed-loop clients for {} s; the SQL column runs the same store call through a pool of the same size, in the same run. The reads (every scenario with a SQL column) take turns in {} rounds of {:.1} s each, every round after a 0.75 s warm-up, so that a slower spell of the machine falls on all of them; the writes run once, for the whole time, after them.\n",
            self.groups,
            self.clients,
            self.seconds,
            self.rounds,
            self.machine,
            self.seed_secs,
            self.clients,
            self.seconds,
            self.rounds,
            self.seconds as f64 / f64::from(self.rounds),
        );
        let _ = writeln!(
            out,
            "| Scenario | API req/s | API p50 | API p99 | SQL req/s | SQL p50 | SQL p99 | API/SQL | Target | Errors |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|");
        for r in &self.rows {
            let (sql_tp, sql_p50, sql_p99, ratio, target) = match (&r.sql, r.ratio()) {
                (Some(s), Some(ratio)) => {
                    let target = if r.target > 0.0 {
                        format!("≥ {:.0}%: {}", r.target * 100.0, verdict(ratio >= r.target))
                    } else {
                        "—".to_owned()
                    };
                    (format!("{:.0}", s.throughput), ms(s.p50), ms(s.p99), format!("{:.0}%", ratio * 100.0), target)
                }
                _ => ("—".into(), "—".into(), "—".into(), "—".into(), "—".into()),
            };
            let errors = r.api.errors + r.sql.as_ref().map_or(0, |s| s.errors);
            let requests = r.api.ok + r.sql.as_ref().map_or(0, |s| s.ok);
            let _ = writeln!(
                out,
                "| {} | {:.0} | {} | {} | {sql_tp} | {sql_p50} | {sql_p99} | {ratio} | {target} | {requests} ({errors}) |",
                r.name,
                r.api.throughput,
                ms(r.api.p50),
                ms(r.api.p99)
            );
        }
        for r in &self.rows {
            if let Some(e) = r.api.first_error.as_ref().or(r.sql.as_ref().and_then(|s| s.first_error.as_ref())) {
                let _ = writeln!(out, "\nFirst error in \"{}\": `{e}`", r.name);
            }
        }
        let _ = writeln!(out);
        for (what, value, met) in self.comparisons() {
            let met = met.map_or(String::new(), |m| format!(" (target: {})", verdict(m)));
            let _ = writeln!(out, "- {what}: {value:.2}{met}");
        }
        let per_request = |figure: fn(&Row) -> Option<CpuPerRequest>| {
            self.rows.iter().filter_map(|r| figure(r).map(|cpu| format!("{} {cpu} µs", r.key))).collect::<Vec<_>>()
        };
        for (whose, figures) in [
            ("grove's", per_request(Row::grove_cpu)),
            ("the load generator's", per_request(Row::load_cpu)),
            ("PostgreSQL's", per_request(Row::postgres_cpu)),
        ] {
            if !figures.is_empty() {
                let _ = writeln!(
                    out,
                    "- {whose} CPU time (user + system) per request in the measuring window: {}",
                    figures.join(", ")
                );
            }
        }
        let sql = shared_figures(
            self.rows
                .iter()
                .filter_map(|r| r.sql_cpu().map(|(client, postgres)| (r.key, format!("{client} and {postgres} µs")))),
        );
        if !sql.is_empty() {
            let _ = writeln!(
                out,
                "- the SQL reference's CPU time (user + system) per call, the store call in the load generator's process and PostgreSQL's: {}",
                sql.join("; ")
            );
        }
        if let Some(kib) = self.peak_rss_kib {
            let mib = kib as f64 / 1024.0;
            let _ = writeln!(
                out,
                "- Peak RSS of grove under the load: {mib:.1} MiB (target < 150 MiB: {})",
                verdict(mib < 150.0)
            );
        }
        if let Some(v1) = &self.v1_list {
            let mib = |kib: u64| kib as f64 / 1024.0;
            let _ = writeln!(
                out,
                "- v1 list of every group (`GET /iam/v1/groups`, streamed a domain page of 200 at a time): {} groups, {:.1} MiB in {} chunks, first byte after {}, last after {:.1} s; grove's RSS {:.1} MiB before, at most {:.1} MiB while it streamed (+{:.1} MiB)",
                v1.items,
                mib(v1.bytes / 1024),
                v1.chunks,
                ms(v1.first_byte),
                v1.elapsed.as_secs_f64(),
                mib(v1.rss_before_kib),
                mib(v1.rss_peak_kib),
                mib(v1.rss_peak_kib.saturating_sub(v1.rss_before_kib)),
            );
        }
        if let Some(scim) = &self.scim {
            let secs = scim.elapsed.as_secs_f64();
            let _ = writeln!(
                out,
                "- SCIM provisioning: {} users through `POST /Users` by {} clients in {secs:.1} s ({:.0} users/s; target for 10 000: < 60 s: {}); `userName eq` filter p50 {}, `userName co` filter p50 {}, a `ListScimUsers` page of 50 p50 {}",
                scim.users,
                scim.clients,
                scim.users as f64 / secs,
                verdict(secs * 10_000.0 / (scim.users.max(1) as f64) < 60.0),
                ms(scim.filter_eq_p50),
                ms(scim.filter_co_p50),
                ms(scim.page_p50),
            );
        }
        if let Some(fanout) = &self.fanout {
            let _ = writeln!(out, "\n{}", fanout.render());
        }
        if let Some(console) = &self.console {
            let _ = writeln!(out, "\n{}", console.render());
        }
        if let Some((first, repeat)) = self.token_check {
            let _ = writeln!(
                out,
                "- API token check on a request: {:.1} µs the first time a token is seen (ES256 signature), {:.2} µs for a token already verified (cached until it expires), measured in process over 2 000 tokens",
                first.as_secs_f64() * 1e6,
                repeat.as_secs_f64() * 1e6
            );
        }
        let seq = self.plans.iter().filter(|(_, p)| p.has_seq_scan()).map(|(l, _)| l.as_str()).collect::<Vec<_>>();
        let _ = writeln!(
            out,
            "- Sequential scans in list plans: {}",
            if seq.is_empty() { "none (target met)".to_owned() } else { format!("**{}**", seq.join(", ")) }
        );
        let _ = writeln!(out, "\n<details><summary>EXPLAIN plans of the list queries</summary>\n");
        for (label, plans) in &self.plans {
            let flag = if plans.has_seq_scan() { " — SEQUENTIAL SCAN" } else { "" };
            let _ = writeln!(out, "**{label}{flag}**, page query:\n\n```\n{}\n```\n", plans.page.join("\n"));
            let _ = writeln!(out, "count query:\n\n```\n{}\n```\n", plans.count.join("\n"));
            if !plans.candidates.is_empty() {
                let _ = writeln!(out, "candidates query:\n\n```\n{}\n```\n", plans.candidates.join("\n"));
            }
        }
        let _ = writeln!(out, "</details>\n{}", self.end_marker());
        out
    }
}

const HEADER: &str =
    "# Benchmarks\n\nProduced by `cargo xtask bench` (the `grove-bench` crate): it seeds one organization \
in a fresh PostgreSQL database (a tree of groups three levels deep, as many identities and role bindings), starts the \
release `grove` binary with `--dev` on it, and drives it over loopback HTTP. Grove, PostgreSQL and the load generator \
share the machine, so absolute figures are modest; the ratios are what the targets are about. Each section below is \
the latest run for that data-set size.\n\n";

/// Replaces this run's section of `path` (or adds it), keeping the other sizes' sections.
///
/// # Errors
/// When the file cannot be written.
pub fn write(path: &Path, section: &str) -> anyhow::Result<()> {
    let existing = std::fs::read_to_string(path).unwrap_or_default();
    let start = section.lines().next().unwrap_or_default();
    let end = section.trim_end().lines().last().unwrap_or_default();
    let mut body = if existing.starts_with("# Benchmarks") { existing } else { HEADER.to_owned() };
    match (body.find(start), body.find(end)) {
        (Some(s), Some(e)) if e > s => body.replace_range(s..e + end.len(), section.trim_end()),
        _ => {
            body.push_str(section);
            body.push('\n');
        }
    }
    std::fs::write(path, body)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenarios_sharing_an_sql_reference_are_named_together_once() {
        let pairs = [("get", "a"), ("page1", "b"), ("get_grpc", "a"), ("thin", "a"), ("name", "c"), ("thin_name", "c")];
        assert_eq!(
            shared_figures(pairs.into_iter().map(|(k, f)| (k, f.to_owned()))),
            ["get, get_grpc, thin a", "page1 b", "name, thin_name c"]
        );
    }
}
