//! The benchmark report: a Markdown section kept in `BENCHMARKS.md`, one per data-set size.

use std::fmt::Write as _;
use std::path::Path;

use grove_store_postgres::ListPlans;

use crate::load::Stats;

/// One scenario's figures.
pub struct Row {
    name: String,
    api: Stats,
    sql: Option<Stats>,
    /// The least acceptable API/SQL throughput ratio (0 = no target).
    target: f64,
}

impl Row {
    /// A read measured both through the API and as raw store calls.
    pub fn read(name: &str, api: Stats, sql: Stats, target: f64) -> Self {
        Self { name: name.to_owned(), api, sql: Some(sql), target }
    }

    /// A write measured through the API only.
    pub fn write(name: &str, api: Stats) -> Self {
        Self { name: name.to_owned(), api, sql: None, target: 0.0 }
    }
}

/// Everything one run measured.
pub struct Report {
    groups: u64,
    clients: usize,
    seconds: u64,
    machine: String,
    seed_secs: f64,
    rows: Vec<Row>,
    /// p50 of page 200 over p50 of page 1.
    pub page_ratio: Option<f64>,
    /// grove's peak resident set (VmHWM).
    pub peak_rss_kib: Option<u64>,
    /// `EXPLAIN` of each list query.
    pub plans: Vec<(String, ListPlans)>,
    /// Mean cost of an API token check: first sight (signature) and repeat (cached).
    pub token_check: Option<(std::time::Duration, std::time::Duration)>,
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
    pub fn new(groups: u64, clients: usize, seconds: u64, machine: String, seed_secs: f64) -> Self {
        Self {
            groups,
            clients,
            seconds,
            machine,
            seed_secs,
            rows: Vec::new(),
            page_ratio: None,
            peak_rss_kib: None,
            plans: Vec::new(),
            token_check: None,
        }
    }

    /// Adds a scenario.
    pub fn push(&mut self, row: Row) {
        self.rows.push(row);
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
            "Command: `cargo xtask bench -- --groups {} --clients {} --seconds {}`  \nMachine: {}  \nSeeding took {:.1} s. Each scenario: {} closed-loop clients for {} s after a 0.75 s warm-up; the SQL column runs the same store call through a pool of the same size, in the same run.\n",
            self.groups, self.clients, self.seconds, self.machine, self.seed_secs, self.clients, self.seconds
        );
        let _ = writeln!(
            out,
            "| Scenario | API req/s | API p50 | API p99 | SQL req/s | SQL p50 | SQL p99 | API/SQL | Target | Errors |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|");
        for r in &self.rows {
            let (sql_tp, sql_p50, sql_p99, ratio, target) = match &r.sql {
                Some(s) => {
                    let ratio = r.api.throughput / s.throughput.max(1e-9);
                    let target = if r.target > 0.0 {
                        format!("≥ {:.0}%: {}", r.target * 100.0, verdict(ratio >= r.target))
                    } else {
                        "—".to_owned()
                    };
                    (format!("{:.0}", s.throughput), ms(s.p50), ms(s.p99), format!("{:.0}%", ratio * 100.0), target)
                }
                None => ("—".into(), "—".into(), "—".into(), "—".into(), "—".into()),
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
        if let Some(ratio) = self.page_ratio {
            let _ =
                writeln!(out, "- Page 200 / page 1 (API p50): {ratio:.2}× (target ≤ 1.5×: {})", verdict(ratio <= 1.5));
        }
        if let Some(kib) = self.peak_rss_kib {
            let mib = kib as f64 / 1024.0;
            let _ = writeln!(
                out,
                "- Peak RSS of grove under the load: {mib:.1} MiB (target < 150 MiB: {})",
                verdict(mib < 150.0)
            );
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
