//! A pg_auto_failover formation on loopback for the failover drill and `cargo xtask ha`: a
//! monitor and two PostgreSQL 15 nodes with synchronous replication, each `pg_autoctl run`
//! in a process group of its own (so that the drill can kill a node whole), in a temporary
//! directory, on free ports, run as the `postgres` user when this process is root (as
//! `pg_autoctl` requires). The monitor is tuned for fast detection (docs/high-availability.md).

use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};

/// Where Debian's PostgreSQL 15 programs live (`pg_ctl`, `postgres`, `pg_basebackup`).
const PG_BIN: &str = "/usr/lib/postgresql/15/bin";

/// The monitor settings that bound detection of a lost primary (milliseconds): a health
/// check every second, a node unreachable after one retry, unhealthy 5 s after its last
/// report, and a primary that does not answer presumed demoted after 5 s.
pub const MONITOR_SETTINGS: &[(&str, &str)] = &[
    ("pgautofailover.health_check_period", "1000"),
    ("pgautofailover.health_check_timeout", "1000"),
    ("pgautofailover.health_check_max_retries", "1"),
    ("pgautofailover.health_check_retry_delay", "500"),
    ("pgautofailover.node_considered_unhealthy_timeout", "5000"),
    ("pgautofailover.primary_demote_timeout", "5000"),
];

/// The data-node setting that lets a promotion proceed at once: a standby whose primary
/// went away waits this long before it looks for WAL again, and a promotion waited for it
/// (5 s by default; the planned switchover took 6.5 s with it, 1.2 s without).
pub const NODE_SETTINGS: &[(&str, &str)] = &[("wal_retrieve_retry_interval", "200ms")];

/// One data node.
pub struct Node {
    /// `node1`, `node2`.
    pub name: String,
    /// Its PostgreSQL port on 127.0.0.1.
    pub port: u16,
    pgdata: PathBuf,
    run: Option<Child>,
}

/// The running formation; stopped (every process group killed) when dropped.
pub struct Formation {
    dir: PathBuf,
    monitor_port: u16,
    monitor: Option<Child>,
    /// The data nodes.
    pub nodes: Vec<Node>,
}

/// A free loopback port.
fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0).unwrap_or(false)
}

impl Formation {
    /// Creates and starts the formation in a new directory under `parent`, and waits until
    /// it has a primary and a secondary.
    ///
    /// # Errors
    /// When `pg_autoctl` is missing (install `postgresql-15-auto-failover`), or a step fails.
    pub fn start(parent: &Path) -> anyhow::Result<Self> {
        if !Command::new("pg_autoctl").arg("--version").output().is_ok_and(|o| o.status.success()) {
            bail!("pg_autoctl is not installed: apt-get install -y postgresql-15-auto-failover");
        }
        let dir = parent.join(format!("grove-ha-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        if is_root() {
            let status = Command::new("chown").args(["-R", "postgres:postgres"]).arg(&dir).status()?;
            if !status.success() {
                bail!("chown postgres {} failed", dir.display());
            }
        }
        let mut formation = Self { dir: dir.clone(), monitor_port: free_port()?, monitor: None, nodes: Vec::new() };
        let monitor_data = dir.join("monitor");
        formation.autoctl_ok(&[
            "create",
            "monitor",
            "--pgdata",
            &monitor_data.to_string_lossy(),
            "--pgport",
            &formation.monitor_port.to_string(),
            "--hostname",
            "127.0.0.1",
            "--auth",
            "trust",
            "--no-ssl",
        ])?;
        formation.monitor = Some(formation.spawn_run(&monitor_data, "monitor")?);
        formation.wait_for_sql(formation.monitor_port, "pg_auto_failover")?;
        let tune: Vec<String> = MONITOR_SETTINGS.iter().map(|(k, v)| format!("ALTER SYSTEM SET {k} = '{v}'")).collect();
        formation.psql(formation.monitor_port, "pg_auto_failover", &tune)?;
        formation.psql(formation.monitor_port, "pg_auto_failover", &["SELECT pg_reload_conf()".to_owned()])?;
        for i in 1..=2 {
            let name = format!("node{i}");
            let port = free_port()?;
            let pgdata = dir.join(&name);
            formation.autoctl_ok(&[
                "create",
                "postgres",
                "--pgdata",
                &pgdata.to_string_lossy(),
                "--pgport",
                &port.to_string(),
                "--hostname",
                "127.0.0.1",
                "--name",
                &name,
                "--dbname",
                "grove",
                "--monitor",
                &formation.monitor_url(),
                "--auth",
                "trust",
                "--no-ssl",
            ])?;
            let run = formation.spawn_run(&pgdata, &name)?;
            formation.nodes.push(Node { name, port, pgdata, run: Some(run) });
            formation.wait_until(Duration::from_secs(90), |s| s.iter().filter(|n| n.settled()).count() == i)?;
        }
        let settings: Vec<String> =
            NODE_SETTINGS.iter().map(|(k, v)| format!("ALTER SYSTEM SET {k} = '{v}'")).collect();
        for port in formation.nodes.iter().map(|n| n.port).collect::<Vec<_>>() {
            formation.psql(port, "postgres", &settings)?;
            formation.psql(port, "postgres", &["SELECT pg_reload_conf()".to_owned()])?;
        }
        Ok(formation)
    }

    fn monitor_url(&self) -> String {
        format!("postgres://autoctl_node@127.0.0.1:{}/pg_auto_failover?sslmode=prefer", self.monitor_port)
    }

    /// The URL Grove is given: every node, read-write sessions only.
    #[must_use]
    pub fn grove_url(&self) -> String {
        let hosts: Vec<String> = self.nodes.iter().map(|n| format!("127.0.0.1:{}", n.port)).collect();
        format!("postgres://postgres@{}/grove?target_session_attrs=read-write", hosts.join(","))
    }

    /// `pg_autoctl` with `args`, as the `postgres` user when root, its configuration kept in
    /// the formation's directory.
    fn autoctl(&self, args: &[&str]) -> Command {
        let mut cmd = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--", "pg_autoctl"]);
            c
        } else {
            Command::new("pg_autoctl")
        };
        let path = format!("{PG_BIN}:{}", std::env::var("PATH").unwrap_or_default());
        cmd.args(args)
            .env("PATH", path)
            .env("XDG_CONFIG_HOME", self.dir.join("config"))
            .env("XDG_DATA_HOME", self.dir.join("data"))
            .current_dir(&self.dir);
        cmd
    }

    fn autoctl_ok(&self, args: &[&str]) -> anyhow::Result<String> {
        let out = self.autoctl(args).output().with_context(|| format!("running pg_autoctl {args:?}"))?;
        if !out.status.success() {
            bail!("pg_autoctl {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// `pg_autoctl run` for `pgdata`, in a process group of its own, logging to `<name>.log`.
    fn spawn_run(&self, pgdata: &Path, name: &str) -> anyhow::Result<Child> {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(self.dir.join(format!("{name}.log")))?;
        let child = self
            .autoctl(&["run", "--pgdata", &pgdata.to_string_lossy()])
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .process_group(0)
            .spawn()
            .context("starting pg_autoctl run")?;
        Ok(child)
    }

    fn psql(&self, port: u16, db: &str, statements: &[String]) -> anyhow::Result<String> {
        let mut cmd = Command::new(format!("{PG_BIN}/psql"));
        cmd.args(["-h", "127.0.0.1", "-p", &port.to_string(), "-U", "postgres", "-d", db, "-qAtX"]);
        for s in statements {
            cmd.args(["-c", s]);
        }
        let out = cmd.output().context("running psql")?;
        if !out.status.success() {
            bail!("psql on port {port}: {}", String::from_utf8_lossy(&out.stderr));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn wait_for_sql(&self, port: u16, db: &str) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.psql(port, db, &["SELECT 1".to_owned()]).is_err() {
            if Instant::now() > deadline {
                bail!("PostgreSQL on port {port} did not answer within a minute");
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        Ok(())
    }

    /// The monitor's view of the data nodes.
    ///
    /// # Errors
    /// When `pg_autoctl show state` fails.
    pub fn state(&self) -> anyhow::Result<Vec<NodeState>> {
        let monitor = self.dir.join("monitor");
        let out = self.autoctl_ok(&["show", "state", "--json", "--pgdata", &monitor.to_string_lossy()])?;
        serde_json::from_str(&out).with_context(|| format!("reading pg_autoctl show state: {out}"))
    }

    /// Waits until `done` holds for the monitor's state.
    ///
    /// # Errors
    /// When it does not within `within`.
    pub fn wait_until(&self, within: Duration, done: impl Fn(&[NodeState]) -> bool) -> anyhow::Result<()> {
        let deadline = Instant::now() + within;
        loop {
            let state = self.state().unwrap_or_default();
            if done(&state) {
                return Ok(());
            }
            if Instant::now() > deadline {
                bail!("the formation did not settle within {within:?}: {state:?}");
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// The node the monitor has as primary.
    ///
    /// # Errors
    /// When there is none.
    pub fn primary(&self) -> anyhow::Result<usize> {
        let state = self.state()?;
        let primary = state.iter().find(|n| n.current_group_state == "primary").context("no primary")?;
        self.nodes.iter().position(|n| n.name == primary.nodename).context("unknown primary")
    }

    /// `pg_autoctl perform switchover` (waits until it is done).
    ///
    /// # Errors
    /// When it fails.
    pub fn switchover(&self) -> anyhow::Result<()> {
        let monitor = self.dir.join("monitor");
        self.autoctl_ok(&["perform", "switchover", "--pgdata", &monitor.to_string_lossy()]).map(drop)
    }

    /// Kills node `i` whole, as a machine that dies: its `pg_autoctl` process group (the
    /// keeper and the postmaster) and the postmaster's children, which lead groups of their
    /// own, all with SIGKILL.
    ///
    /// # Errors
    /// When the node is not running.
    pub fn kill(&mut self, i: usize) -> anyhow::Result<()> {
        let node = &mut self.nodes[i];
        let mut run = node.run.take().context("the node is not running")?;
        let postmaster = std::fs::read_to_string(node.pgdata.join("postmaster.pid"))
            .ok()
            .and_then(|p| p.lines().next().map(str::to_owned));
        let children: Vec<String> = postmaster
            .as_ref()
            .and_then(|pid| Command::new("pgrep").args(["-P", pid]).output().ok())
            .map(|o| String::from_utf8_lossy(&o.stdout).split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default();
        let group = format!("-{}", run.id());
        Command::new("kill").args(["-KILL", "--", &group]).args(&children).status()?;
        let _ = run.wait();
        Ok(())
    }

    /// Starts node `i` again (after [`Formation::kill`]).
    ///
    /// # Errors
    /// When `pg_autoctl run` cannot start.
    pub fn restart(&mut self, i: usize) -> anyhow::Result<()> {
        let (pgdata, name) = (self.nodes[i].pgdata.clone(), self.nodes[i].name.clone());
        let run = self.spawn_run(&pgdata, &name)?;
        self.nodes[i].run = Some(run);
        Ok(())
    }
}

impl Drop for Formation {
    fn drop(&mut self) {
        let runs = self.nodes.iter_mut().filter_map(|n| n.run.take()).chain(self.monitor.take());
        for mut run in runs {
            // The group: pg_autoctl stops its PostgreSQL on SIGTERM.
            let _ = Command::new("kill").args(["-TERM", "--", &format!("-{}", run.id())]).status();
            let deadline = Instant::now() + Duration::from_secs(20);
            while run.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", run.id())]).status();
            let _ = run.wait();
        }
        if std::env::var_os("GROVE_HA_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// One node as the monitor sees it (`pg_autoctl show state --json`).
#[derive(Debug, Clone, serde::Deserialize)]
pub struct NodeState {
    /// Its name.
    pub nodename: String,
    /// The state it reported.
    pub current_group_state: String,
    /// The state the monitor assigned.
    pub assigned_group_state: String,
}

impl NodeState {
    /// Primary or secondary, and where the monitor wants it.
    #[must_use]
    pub fn settled(&self) -> bool {
        matches!(self.current_group_state.as_str(), "primary" | "secondary" | "single")
            && self.current_group_state == self.assigned_group_state
    }
}
