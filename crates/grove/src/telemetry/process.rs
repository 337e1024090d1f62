//! The process metrics Prometheus' client libraries export under their standard names
//! (`process_cpu_seconds_total`, `process_resident_memory_bytes`, `process_open_fds`, …),
//! read from `/proc/self` at each scrape. Only on Linux, where `/proc` exists; elsewhere
//! none are registered.

use std::sync::atomic::AtomicU64;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

/// The process instruments, set from `/proc/self` when scraped.
#[derive(Debug)]
pub(super) struct ProcessMetrics {
    cpu_seconds: Counter<f64, AtomicU64>,
    resident_memory: Gauge,
    virtual_memory: Gauge,
    open_fds: Gauge,
    max_fds: Gauge,
    start_time: Gauge<f64, AtomicU64>,
}

impl ProcessMetrics {
    /// Registers the instruments in `registry` (one without the `grove` prefix); `None` where
    /// `/proc/self/stat` cannot be read.
    pub(super) fn register(registry: &mut Registry) -> Option<Self> {
        read_stat()?;
        let metrics = Self {
            cpu_seconds: Counter::default(),
            resident_memory: Gauge::default(),
            virtual_memory: Gauge::default(),
            open_fds: Gauge::default(),
            max_fds: Gauge::default(),
            start_time: Gauge::default(),
        };
        registry.register(
            "process_cpu_seconds",
            "Total user and system CPU time spent in seconds",
            metrics.cpu_seconds.clone(),
        );
        registry.register(
            "process_resident_memory_bytes",
            "Resident memory size in bytes",
            metrics.resident_memory.clone(),
        );
        registry.register(
            "process_virtual_memory_bytes",
            "Virtual memory size in bytes",
            metrics.virtual_memory.clone(),
        );
        registry.register("process_open_fds", "Number of open file descriptors", metrics.open_fds.clone());
        registry.register("process_max_fds", "Maximum number of open file descriptors", metrics.max_fds.clone());
        registry.register(
            "process_start_time_seconds",
            "Start time of the process since unix epoch in seconds",
            metrics.start_time.clone(),
        );
        Some(metrics)
    }

    /// Reads `/proc/self` into the instruments; what cannot be read keeps its last value.
    pub(super) fn update(&self) {
        if let Some(stat) = read_stat() {
            let cpu = stat.cpu_ticks as f64 / stat.ticks_per_second;
            let counted = self.cpu_seconds.get();
            if cpu > counted {
                self.cpu_seconds.inc_by(cpu - counted);
            }
            self.virtual_memory.set(i64::try_from(stat.virtual_bytes).unwrap_or(i64::MAX));
            if let Some(boot) = boot_time() {
                self.start_time.set(boot + stat.start_ticks as f64 / stat.ticks_per_second);
            }
        }
        if let Some(bytes) = resident_bytes() {
            self.resident_memory.set(i64::try_from(bytes).unwrap_or(i64::MAX));
        }
        if let Ok(entries) = std::fs::read_dir("/proc/self/fd") {
            self.open_fds.set(i64::try_from(entries.count()).unwrap_or(i64::MAX));
        }
        if let Some(max) = max_open_files() {
            self.max_fds.set(max);
        }
    }
}

/// What `/proc/self/stat` says of the process.
struct Stat {
    cpu_ticks: u64,
    start_ticks: u64,
    virtual_bytes: u64,
    /// Kernel clock ticks per second (`USER_HZ`, 100 on every Linux architecture in use).
    ticks_per_second: f64,
}

fn read_stat() -> Option<Stat> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces; count after it.
    let after_name = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Fields 3.. of proc(5): utime is 14, stime 15, starttime 22, vsize 23.
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
    Some(Stat {
        cpu_ticks: field(14)? + field(15)?,
        start_ticks: field(22)?,
        virtual_bytes: field(23)?,
        ticks_per_second: 100.0,
    })
}

/// The resident set size in bytes (`VmRSS` of `/proc/self/status`, given in kB).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(kb * 1024)
}

/// When the machine booted, in seconds since the epoch (`btime` of `/proc/stat`).
fn boot_time() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    text.lines().find_map(|l| l.strip_prefix("btime ")).and_then(|v| v.trim().parse::<f64>().ok())
}

/// The soft limit on open files (`/proc/self/limits`).
fn max_open_files() -> Option<i64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..].split_whitespace().next()?.parse().ok()
}
