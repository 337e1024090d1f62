//! `grove advisories …`: the administration path that writes advisories, straight to the
//! configured store (the public API is read-only): `import` reads OSV records from files,
//! directories and zips; `generate` makes synthetic records for scale tests; `add-event`
//! records a triage event.
//!
//! Imports stream: one file (or zip entry) at a time, advisories written in batches, so
//! memory stays bounded whatever the number of records.

use std::io::{Read as _, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context as _;
use grove_domain::listing::Pager;
use grove_domain::model::{Advisory, EventDetail, ReviewState};
use grove_domain::osv;
use grove_domain::ports::{Clock, RandomIds, Store, SystemClock};
use grove_domain::services::{AdvisoryService, Deps, EventInput, ImportCounts};
use grove_domain::Uidp;
use rand::RngCore as _;
use serde_json::json;

use crate::config::Config;
use crate::serve::open_store;

/// Advisories written per transaction.
pub const BATCH: usize = 500;
/// The largest JSON file (or zip entry) read.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// Records between two progress lines.
const PROGRESS_EVERY: u64 = 10_000;

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Records read and mapped.
    pub records: u64,
    /// Advisories created, updated, unchanged.
    pub counts: ImportCounts,
    /// Records (or files) skipped: where, and why.
    pub skipped: Vec<(String, String)>,
}

impl ImportReport {
    /// The report as the command prints it.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "records": self.records,
            "created": self.counts.created,
            "updated": self.counts.updated,
            "unchanged": self.counts.unchanged,
            "skipped": self.skipped.len(),
        })
    }
}

/// Feeds records into batches and batches into the service, reporting progress.
struct Importer<'a> {
    service: &'a AdvisoryService,
    org: &'a Uidp,
    author: &'a str,
    batch: Vec<Advisory>,
    report: ImportReport,
    progress: &'a mut dyn Write,
    started: Instant,
}

impl Importer<'_> {
    async fn record(&mut self, place: &str, record: serde_json::Value) -> anyhow::Result<()> {
        match osv::advisories(record, self.org, self.author) {
            Ok(advisories) => {
                self.report.records += 1;
                self.batch.extend(advisories);
                if self.batch.len() >= BATCH {
                    self.flush().await?;
                }
                if self.report.records.is_multiple_of(PROGRESS_EVERY) {
                    self.progress_line();
                }
            }
            Err(e) => self.skip(place, &e.to_string()),
        }
        Ok(())
    }

    fn skip(&mut self, place: &str, reason: &str) {
        // A progress stream that cannot be written to must not stop the import.
        let _ = writeln!(self.progress, "skipped {place}: {reason}");
        self.report.skipped.push((place.to_owned(), reason.to_owned()));
    }

    fn progress_line(&mut self) {
        let secs = self.started.elapsed().as_secs_f64().max(0.001);
        let c = self.report.counts;
        let _ = writeln!(
            self.progress,
            "{} records ({} created, {} updated, {} unchanged, {} skipped), {:.0} records/s",
            self.report.records,
            c.created,
            c.updated,
            c.unchanged,
            self.report.skipped.len(),
            self.report.records as f64 / secs
        );
    }

    async fn flush(&mut self) -> anyhow::Result<()> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let batch = std::mem::take(&mut self.batch);
        let counts = self.service.import(batch).await.map_err(|e| anyhow::anyhow!("writing advisories: {e}"))?;
        self.report.counts += counts;
        Ok(())
    }

    async fn document(&mut self, place: &str, bytes: &[u8]) -> anyhow::Result<()> {
        match osv::split_document(bytes) {
            Ok(records) => {
                let many = records.len() > 1;
                for (i, record) in records.into_iter().enumerate() {
                    let at = if many { format!("{place}[{i}]") } else { place.to_owned() };
                    self.record(&at, record).await?;
                }
            }
            Err(e) => self.skip(place, &e.to_string()),
        }
        Ok(())
    }

    async fn zip(&mut self, path: &Path) -> anyhow::Result<()> {
        let place = path.display().to_string();
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                self.skip(&place, &format!("cannot open: {e}"));
                return Ok(());
            }
        };
        let mut archive = match zip::ZipArchive::new(file) {
            Ok(a) => a,
            Err(e) => {
                self.skip(&place, &format!("not a zip archive: {e}"));
                return Ok(());
            }
        };
        for i in 0..archive.len() {
            let (name, bytes) = {
                let entry = match archive.by_index(i) {
                    Ok(entry) => entry,
                    Err(e) => {
                        self.skip(&format!("{place}#{i}"), &format!("unreadable zip entry: {e}"));
                        continue;
                    }
                };
                let name = entry.name().to_owned();
                if !entry.is_file() || !name.ends_with(".json") {
                    continue;
                }
                let mut bytes = Vec::new();
                let read = entry.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes);
                (name, read.map(|_| bytes))
            };
            let at = format!("{place}!{name}");
            match bytes {
                Ok(bytes) if bytes.len() as u64 > MAX_FILE_BYTES => {
                    self.skip(&at, &format!("larger than {MAX_FILE_BYTES} bytes"));
                }
                Ok(bytes) => self.document(&at, &bytes).await?,
                Err(e) => self.skip(&at, &format!("cannot read: {e}")),
            }
        }
        Ok(())
    }

    async fn file(&mut self, path: &Path) -> anyhow::Result<()> {
        if path.extension().is_some_and(|e| e == "zip") {
            return self.zip(path).await;
        }
        let place = path.display().to_string();
        let read = std::fs::File::open(path).and_then(|f| {
            let mut bytes = Vec::new();
            f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map(|_| bytes)
        });
        match read {
            Ok(bytes) if bytes.len() as u64 > MAX_FILE_BYTES => {
                self.skip(&place, &format!("larger than {MAX_FILE_BYTES} bytes"));
            }
            Ok(bytes) => self.document(&place, &bytes).await?,
            Err(e) => self.skip(&place, &format!("cannot read: {e}")),
        }
        Ok(())
    }
}

/// Every `.json` and `.zip` file at or below `path`, in name order (a file given directly
/// is taken whatever its name).
fn sources(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let meta = std::fs::metadata(path).with_context(|| format!("reading {}", path.display()))?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut pending = vec![path.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                pending.push(p);
            } else if p.extension().is_some_and(|e| e == "json" || e == "zip") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Imports the OSV records at `path` (a JSON file holding a record or an array of records,
/// a zip of such files, or a directory of both) into organization `org`, the imported
/// events written by `author`. Progress and skipped records go to `progress`.
///
/// # Errors
/// When `path` cannot be read as a whole, or the store refuses a batch (a missing
/// organization, an unavailable database). Bad records are skipped, not errors.
pub async fn import_path(
    service: &AdvisoryService,
    org: &Uidp,
    author: &str,
    path: &Path,
    progress: &mut dyn Write,
) -> anyhow::Result<ImportReport> {
    let mut importer = Importer {
        service,
        org,
        author,
        batch: Vec::with_capacity(BATCH),
        report: ImportReport::default(),
        progress,
        started: Instant::now(),
    };
    for file in sources(path)? {
        importer.file(&file).await?;
    }
    importer.flush().await?;
    Ok(importer.report)
}

/// Imports `count` synthetic records (see [`osv::synthetic_record`]) into `org`, streaming.
///
/// # Errors
/// As [`import_path`].
pub async fn generate(
    service: &AdvisoryService,
    org: &Uidp,
    author: &str,
    count: u64,
    progress: &mut dyn Write,
) -> anyhow::Result<ImportReport> {
    let mut importer = Importer {
        service,
        org,
        author,
        batch: Vec::with_capacity(BATCH),
        report: ImportReport::default(),
        progress,
        started: Instant::now(),
    };
    for i in 0..count {
        importer.record(&format!("generated #{i}"), osv::synthetic_record(i)).await?;
    }
    importer.flush().await?;
    Ok(importer.report)
}

/// The advisory service on `store`, for administration commands.
#[must_use]
pub fn service(store: Arc<dyn Store>) -> AdvisoryService {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let mut secret = vec![0u8; 32];
    rand::thread_rng().fill_bytes(&mut secret);
    AdvisoryService::new(Deps {
        store,
        clock: clock.clone(),
        ids: Arc::new(RandomIds),
        pager: Arc::new(Pager::new(secret, clock)),
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    })
}

/// The organization to write to: `--org`, else the configured catalog.
///
/// # Errors
/// When neither is given, or `--org` is not a uid.
pub fn target_org(config: &Config, org: Option<&str>) -> anyhow::Result<Uidp> {
    match org {
        Some(text) => Uidp::parse(text).map_err(|_| anyhow::anyhow!("--org {text:?} is not a group uid")),
        None => config.advisory_catalog()?.ok_or_else(|| {
            anyhow::anyhow!("give --org, or configure advisory_catalog (GROVE_ADVISORY_CATALOG) to import into")
        }),
    }
}

async fn open(config: &Config, command: &str) -> anyhow::Result<AdvisoryService> {
    if config.postgres().is_none() {
        anyhow::bail!("{command} needs a PostgreSQL URL: pass --database-url or set GROVE_DATABASE_URL");
    }
    Ok(service(open_store(config, SystemClock.now()).await?))
}

/// `grove advisories import`.
///
/// # Errors
/// As [`import_path`]; also without a database or organization.
pub async fn import_command(
    config: &Config,
    org: Option<&str>,
    author: &str,
    path: &Path,
) -> anyhow::Result<ImportReport> {
    let org = target_org(config, org)?;
    let service = open(config, "advisories import").await?;
    import_path(&service, &org, author, path, &mut std::io::stderr()).await
}

/// `grove advisories generate`.
///
/// # Errors
/// As [`generate`]; also without a database or organization.
pub async fn generate_command(
    config: &Config,
    org: Option<&str>,
    author: &str,
    count: u64,
) -> anyhow::Result<ImportReport> {
    let org = target_org(config, org)?;
    let service = open(config, "advisories generate").await?;
    let started = Instant::now();
    let report = generate(&service, &org, author, count, &mut std::io::stderr()).await?;
    let secs = started.elapsed().as_secs_f64().max(0.001);
    eprintln!("{} records in {secs:.1} s: {:.0} records/s", report.records, report.records as f64 / secs);
    Ok(report)
}

/// What `grove advisories add-event` records.
#[derive(Debug, Clone)]
pub struct AddEvent {
    /// The advisory's uid.
    pub advisory: String,
    /// Who recorded it.
    pub author: String,
    /// Who reviewed it.
    pub reviewer: String,
    /// `pending`, `approved`, `request_changes` or `rejected`.
    pub review_state: String,
    /// The issue it came from.
    pub issue: Option<String>,
    /// A file of scanner findings (JSON).
    pub findings: Option<PathBuf>,
    /// The event's type and fields as JSON, e.g. `{"fixed": {"fixed_version": "1.2.3"}}`.
    pub detail: String,
}

/// The event type of `--event`, written as the API writes an advisory event's type
/// (`{"fixed": {"fixedVersion": "1.2.3"}}`; protobuf field names are accepted too). Unknown
/// fields are refused, and so are the event's other fields, which have their own flags.
///
/// # Errors
/// JSON that is not such an event, naming what is wrong.
pub fn event_detail(json: &str) -> anyhow::Result<EventDetail> {
    use grove_proto::vulnerabilities::AdvisoryEvent;
    let event: AdvisoryEvent = serde_json::from_str(json).map_err(|e| {
        anyhow::anyhow!(
            "--event: {e}; it must be the event type as the API writes it, e.g. {{\"fixed\": {{\"fixedVersion\": \"1.2.3\"}}}}"
        )
    })?;
    let Some(kind) = event.r#type.clone() else {
        anyhow::bail!(
            "--event names no event type (one of detection, fixed, falsePositiveDetermination, analysisNotPlanned, \
             fixNotPlanned, pendingUpstreamFix, truePositiveDetermination, patched)"
        );
    };
    if event != (AdvisoryEvent { r#type: Some(kind.clone()), ..AdvisoryEvent::default() }) {
        anyhow::bail!(
            "--event holds only the event type; author, reviewer, reviewState, issue and findings have their own flags"
        );
    }
    grove_proto::convert::event_detail(kind).map_err(|e| anyhow::anyhow!("--event: {e}"))
}

/// `grove advisories add-event`: prints the advisory after the change.
///
/// # Errors
/// Bad arguments, a missing advisory, store failures.
pub async fn add_event_command(config: &Config, request: AddEvent) -> anyhow::Result<serde_json::Value> {
    let review_state = ReviewState::ALL
        .into_iter()
        .find(|s| s.as_str() == request.review_state)
        .context("--review-state must be one of pending, approved, request_changes, rejected")?;
    let detail = event_detail(&request.detail)?;
    let findings = match &request.findings {
        Some(path) => std::fs::read(path).with_context(|| format!("reading {}", path.display()))?,
        None => Vec::new(),
    };
    let service = open(config, "advisories add-event").await?;
    let input = EventInput {
        author: request.author,
        reviewer: request.reviewer,
        review_state,
        issue: request.issue,
        findings,
        detail,
    };
    let advisory = service.add_event(&request.advisory, input).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let pb: grove_proto::vulnerabilities::Advisory = advisory.into();
    Ok(serde_json::to_value(pb)?)
}

#[cfg(test)]
mod tests {
    use grove_domain::model::{FalsePositiveType, Fixed};

    use super::*;

    #[test]
    fn add_event_takes_the_api_s_camel_case_json_and_the_proto_names() {
        let fixed = EventDetail::Fixed(Fixed { fixed_version: "1.2.3".into(), ..Fixed::default() });
        assert_eq!(event_detail(r#"{"fixed": {"fixedVersion": "1.2.3"}}"#).unwrap(), fixed);
        assert_eq!(event_detail(r#"{"fixed": {"fixed_version": "1.2.3"}}"#).unwrap(), fixed);
        let json =
            r#"{"falsePositiveDetermination": {"type": "TYPE_VULNERABLE_CODE_NOT_IN_EXECUTION_PATH", "note": "n"}}"#;
        assert_eq!(
            event_detail(json).unwrap(),
            EventDetail::FalsePositiveDetermination {
                kind: FalsePositiveType::VulnerableCodeNotInExecutionPath,
                note: "n".into()
            }
        );
    }

    #[test]
    fn add_event_refuses_unknown_fields_and_fields_with_their_own_flags() {
        let typo = event_detail(r#"{"fixed": {"fixedVersoin": "1.2.3"}}"#).unwrap_err().to_string();
        assert!(typo.starts_with("--event: unknown field `fixedVersoin`, expected one of"), "{typo}");
        let old_form = event_detail(r#"{"false_positive_determination": {"kind": "x"}}"#).unwrap_err().to_string();
        assert!(old_form.starts_with("--event: unknown field `kind`"), "{old_form}");
        assert_eq!(
            event_detail(r#"{"author": "me", "fixed": {"fixedVersion": "1"}}"#).unwrap_err().to_string(),
            "--event holds only the event type; author, reviewer, reviewState, issue and findings have their own flags"
        );
        assert!(event_detail("{}").unwrap_err().to_string().starts_with("--event names no event type"));
    }
}
