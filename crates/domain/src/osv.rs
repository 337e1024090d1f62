//! OSV records (the Open Source Vulnerability format) as advisories: one advisory per record
//! and affected package, with uids and CGA ids derived from the record id and the package so
//! that importing the same record again finds the same advisory.
//!
//! Mapping: `id` → `legacyAdvisoryId`; `aliases` → `aliases`; the package → artifact and
//! component (name, type from the ecosystem, location from the purl); `published` → a
//! `detection` (manual) event; each distinct `fixed` of the package's ranges → a `fixed` event
//! at `modified` (at least 1 ms after `published`); `withdrawn` → `deleteTime`; `severity` (record or package) → severities,
//! CVSS v3 vectors as their computed base score, v2 and v4 vectors as given. Every imported
//! event is approved and written by the importing author.

use serde::Deserialize;
use sha2::{Digest as _, Sha256};

use crate::cvss::v3_base_score;
use crate::model::{Advisory, AdvisoryEvent, Detection, EventDetail, Fixed, ReviewState, Severity, SeverityType};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// The most advisories one record may produce (affected packages).
pub const MAX_AFFECTED: usize = 1_000;
/// The longest id, alias, package name or version accepted.
pub const MAX_TEXT: usize = 1_024;

/// Why a record cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OsvError(pub String);

fn bad(text: impl Into<String>) -> OsvError {
    OsvError(text.into())
}

#[derive(Debug, Deserialize)]
struct Record {
    id: Option<String>,
    modified: Option<String>,
    published: Option<String>,
    withdrawn: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    severity: Vec<RawSeverity>,
    #[serde(default)]
    affected: Vec<Affected>,
}

#[derive(Debug, Deserialize)]
struct RawSeverity {
    #[serde(rename = "type")]
    kind: String,
    score: String,
}

#[derive(Debug, Deserialize)]
struct Affected {
    package: Option<Package>,
    #[serde(default)]
    ranges: Vec<Range>,
    #[serde(default)]
    severity: Vec<RawSeverity>,
}

#[derive(Debug, Deserialize)]
struct Package {
    ecosystem: String,
    name: String,
    purl: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Range {
    #[serde(default)]
    events: Vec<serde_json::Map<String, serde_json::Value>>,
}

/// The parts of an OSV document: a single record or an array of records.
///
/// # Errors
/// When the bytes are not JSON, or neither an object nor an array of objects.
pub fn split_document(bytes: &[u8]) -> Result<Vec<serde_json::Value>, OsvError> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| bad(format!("not JSON: {e}")))?;
    match value {
        serde_json::Value::Object(_) => Ok(vec![value]),
        serde_json::Value::Array(items) if items.iter().all(serde_json::Value::is_object) => Ok(items),
        _ => Err(bad("not an OSV record: expected a JSON object (or an array of them)")),
    }
}

fn time_field(name: &str, value: &str) -> Result<Timestamp, OsvError> {
    Timestamp::parse_rfc3339(value).map_err(|_| bad(format!("{name} {value:?} is not an RFC 3339 time")))
}

fn text(name: &str, value: &str) -> Result<String, OsvError> {
    if value.is_empty() || value.len() > MAX_TEXT || value.chars().any(char::is_control) {
        return Err(bad(format!("{name} must be 1 to {MAX_TEXT} characters without control characters")));
    }
    Ok(value.to_owned())
}

/// A 16-hex uid segment from `parts`.
fn segment(label: &str, parts: &[&str]) -> String {
    let mut hash = Sha256::new().chain_update(label);
    for p in parts {
        hash.update([0]);
        hash.update(p.as_bytes());
    }
    hex::encode(&hash.finalize()[..8])
}

/// A CGA id (`CGA-xxxx-xxxx-xxxx`) from the key of an advisory, in the alphabet of CGA ids.
#[must_use]
pub fn cga_id(key: &[&str]) -> String {
    const ALPHABET: &[u8] = b"23456789cfghjmpqrvwx";
    let mut hash = Sha256::new().chain_update("cga");
    for p in key {
        hash.update([0]);
        hash.update(p.as_bytes());
    }
    let digest = hash.finalize();
    let chars: Vec<char> =
        digest.iter().take(12).map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()])).collect();
    let group = |i: usize| chars[i * 4..i * 4 + 4].iter().collect::<String>();
    format!("CGA-{}-{}-{}", group(0), group(1), group(2))
}

/// Artifact type and component type for an OSV ecosystem (`Go`, `PyPI`, `Alpine:v3.18`, …).
fn types(ecosystem: &str) -> (&'static str, String) {
    let base = ecosystem.split(':').next().unwrap_or(ecosystem);
    match base {
        "Go" => ("library", "go-module".to_owned()),
        "PyPI" => ("library", "python".to_owned()),
        "npm" => ("library", "npm".to_owned()),
        "crates.io" => ("library", "rust-crate".to_owned()),
        "Maven" => ("library", "java-archive".to_owned()),
        "RubyGems" => ("library", "gem".to_owned()),
        "NuGet" => ("library", "dotnet".to_owned()),
        "Packagist" => ("library", "php-composer".to_owned()),
        "Alpine" | "Wolfi" | "Chainguard" => ("apk", "apk".to_owned()),
        "Debian" | "Ubuntu" => ("deb", "deb".to_owned()),
        other => ("library", other.to_lowercase()),
    }
}

fn purl_type(ecosystem: &str) -> String {
    match ecosystem.split(':').next().unwrap_or(ecosystem) {
        "Go" => "golang".to_owned(),
        "PyPI" => "pypi".to_owned(),
        "crates.io" => "cargo".to_owned(),
        "RubyGems" => "gem".to_owned(),
        "Alpine" | "Wolfi" | "Chainguard" => "apk".to_owned(),
        "Debian" | "Ubuntu" => "deb".to_owned(),
        other => other.to_lowercase(),
    }
}

fn severities(raw: &[RawSeverity]) -> Result<Vec<Severity>, OsvError> {
    let mut out: Vec<Severity> = Vec::new();
    for s in raw {
        let severity = match s.kind.as_str() {
            "CVSS_V3" => Severity {
                kind: SeverityType::CvssV3,
                score: v3_base_score(&s.score).map_err(|e| bad(format!("severity {:?}: {e}", s.score)))?,
            },
            "CVSS_V2" => Severity { kind: SeverityType::CvssV2, score: text("severity score", &s.score)? },
            "CVSS_V4" => Severity { kind: SeverityType::CvssV4, score: text("severity score", &s.score)? },
            // Other systems (Ubuntu priorities, …) have no place in the public Severity.
            _ => continue,
        };
        if !out.contains(&severity) {
            out.push(severity);
        }
    }
    Ok(out)
}

/// The advisories of one OSV record, owned by `org`, with imported events written by
/// `author`. `create_time` and `update_time` are the record's `modified` time; the importer
/// replaces them with its own clock.
///
/// # Errors
/// When the record lacks an id, a valid `modified` time or an affected package, or holds an
/// invalid time, text or CVSS v3 vector.
pub fn advisories(record: serde_json::Value, org: &Uidp, author: &str) -> Result<Vec<Advisory>, OsvError> {
    let record: Record = serde_json::from_value(record).map_err(|e| bad(format!("not an OSV record: {e}")))?;
    let id = text("id", record.id.as_deref().ok_or_else(|| bad("id is missing"))?)?;
    let modified = time_field("modified", record.modified.as_deref().ok_or_else(|| bad("modified is missing"))?)?;
    let published = record.published.as_deref().map(|p| time_field("published", p)).transpose()?.unwrap_or(modified);
    let withdrawn = record.withdrawn.as_deref().map(|w| time_field("withdrawn", w)).transpose()?;
    let mut aliases = Vec::with_capacity(record.aliases.len());
    for a in &record.aliases {
        let a = text("alias", a)?;
        if !aliases.contains(&a) {
            aliases.push(a);
        }
    }
    let shared_severities = severities(&record.severity)?;
    if record.affected.is_empty() {
        return Err(bad("affected is empty: the record names no package"));
    }
    if record.affected.len() > MAX_AFFECTED {
        return Err(bad(format!("affected lists more than {MAX_AFFECTED} packages")));
    }
    let mut out: Vec<Advisory> = Vec::new();
    for affected in &record.affected {
        let package = affected.package.as_ref().ok_or_else(|| bad("an affected entry has no package"))?;
        let ecosystem = text("package ecosystem", &package.ecosystem)?;
        let name = text("package name", &package.name)?;
        let uid_text = format!("{org}/{}", segment("advisory", &[&id, &ecosystem, &name]));
        let uid = Uidp::parse(&uid_text).map_err(|_| bad("cannot derive a uid"))?;
        if out.iter().any(|a| a.uid == uid) {
            // The same package twice (several range entries): its ranges are merged below.
            continue;
        }
        let same_package = record
            .affected
            .iter()
            .filter(|a| a.package.as_ref().is_some_and(|p| p.ecosystem == package.ecosystem && p.name == package.name));
        let mut fixed_versions: Vec<String> = Vec::new();
        let mut package_severities = shared_severities.clone();
        for entry in same_package {
            for range in &entry.ranges {
                for event in &range.events {
                    if let Some(fixed) = event.get("fixed") {
                        let fixed = fixed.as_str().ok_or_else(|| bad("a fixed version is not a string"))?;
                        let fixed = text("fixed version", fixed)?;
                        if !fixed_versions.contains(&fixed) {
                            fixed_versions.push(fixed);
                        }
                    }
                }
            }
            for s in severities(&entry.severity)? {
                if !package_severities.contains(&s) {
                    package_severities.push(s);
                }
            }
        }
        let child = |label: &str, key: &str| {
            Uidp::parse(&format!("{uid}/{}", segment(label, &[key]))).map_err(|_| bad("cannot derive an event uid"))
        };
        let mut events = vec![AdvisoryEvent {
            uid: child("detection", "")?,
            create_time: published,
            findings: Vec::new(),
            author: author.to_owned(),
            reviewer: String::new(),
            review_state: ReviewState::Approved,
            issue: None,
            detail: EventDetail::Detection(Detection::Manual),
        }];
        for fixed in fixed_versions {
            events.push(AdvisoryEvent {
                uid: child("fixed", &fixed)?,
                // A fix follows its detection, also when the record was modified when published.
                create_time: modified.max(published.plus(chrono::Duration::milliseconds(1))),
                findings: Vec::new(),
                author: author.to_owned(),
                reviewer: String::new(),
                review_state: ReviewState::Approved,
                issue: None,
                detail: EventDetail::Fixed(Fixed { fixed_version: fixed, ..Fixed::default() }),
            });
        }
        let (artifact_type, component_type) = types(&ecosystem);
        let location = match &package.purl {
            Some(purl) => text("package purl", purl)?,
            None => format!("pkg:{}/{name}", purl_type(&ecosystem)),
        };
        out.push(Advisory {
            advisory_id: cga_id(&[&id, &ecosystem, &name]),
            uid,
            create_time: modified,
            update_time: modified,
            delete_time: withdrawn,
            author: author.to_owned(),
            artifact_name: name.clone(),
            artifact_type: artifact_type.to_owned(),
            artifact_architecture: "noarch".to_owned(),
            component_name: name.clone(),
            component_location: location,
            component_type,
            origin: name,
            aliases: aliases.clone(),
            events,
            legacy_advisory_id: Some(id.clone()),
            severities: package_severities,
        });
    }
    Ok(out)
}

/// A synthetic OSV record, number `i` of a generated set: packages repeat every 50 000
/// records (so a component name selects about 20 advisories of 1 000 000), every other
/// record has a fix, every tenth is withdrawn, ecosystems rotate.
#[must_use]
pub fn synthetic_record(i: u64) -> serde_json::Value {
    const ECOSYSTEMS: [&str; 4] = ["Go", "PyPI", "npm", "Wolfi"];
    let ecosystem = ECOSYSTEMS[(i % 4) as usize];
    let package = format!("example.com/pkg-{:05}", i % 50_000);
    let day = 1 + i % 28;
    let mut events = vec![serde_json::json!({"introduced": "0"})];
    if i.is_multiple_of(2) {
        events.push(serde_json::json!({"fixed": format!("1.{}.{}", i % 7, i % 13)}));
    }
    let mut record = serde_json::json!({
        "id": format!("GEN-{i:09}"),
        "published": format!("2024-01-{day:02}T00:00:00Z"),
        "modified": format!("2024-02-{day:02}T00:00:00Z"),
        "aliases": [format!("CVE-2099-{i}"), format!("GHSA-gen{:05}-{:04}", i / 10_000, i % 10_000)],
        "affected": [{"package": {"ecosystem": ecosystem, "name": package},
                      "ranges": [{"type": "SEMVER", "events": events}]}],
    });
    if i.is_multiple_of(3) {
        record["severity"] =
            serde_json::json!([{"type": "CVSS_V3", "score": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"}]);
    }
    if i % 10 == 9 {
        record["withdrawn"] = serde_json::json!("2024-03-01T00:00:00Z");
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    fn org() -> Uidp {
        Uidp::from_static("0123456789abcdef0123456789abcdef01234567")
    }

    #[test]
    fn a_record_with_two_packages_gives_two_advisories_with_fixed_events_and_scores() {
        // Constructed for this test (the shipped fixture has no severities).
        let record = serde_json::json!({
            "id": "GO-2099-0001", "published": "2023-01-01T00:00:00Z", "modified": "2023-02-01T00:00:00Z",
            "aliases": ["CVE-2099-1", "CVE-2099-1"],
            "severity": [{"type": "CVSS_V3", "score": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"}],
            "affected": [
                {"package": {"ecosystem": "Go", "name": "example.com/a"},
                 "ranges": [{"type": "SEMVER", "events": [{"introduced": "0"}, {"fixed": "1.2.3"}]}]},
                {"package": {"ecosystem": "PyPI", "name": "b", "purl": "pkg:pypi/b"},
                 "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}]}],
                 "severity": [{"type": "CVSS_V2", "score": "AV:N/AC:L/Au:N/C:P/I:P/A:P"}]}
            ]
        });
        let got = advisories(record, &org(), "importer").unwrap();
        assert_eq!(got.len(), 2);
        let a = &got[0];
        assert_eq!(a.legacy_advisory_id.as_deref(), Some("GO-2099-0001"));
        assert_eq!(a.aliases, vec!["CVE-2099-1".to_owned()]);
        assert_eq!((a.artifact_type.as_str(), a.component_type.as_str()), ("library", "go-module"));
        assert_eq!(a.component_location, "pkg:golang/example.com/a");
        assert_eq!(a.severities, vec![Severity { kind: SeverityType::CvssV3, score: "9.8".into() }]);
        assert_eq!(a.events.len(), 2);
        assert_eq!(a.events[1].detail, EventDetail::Fixed(Fixed { fixed_version: "1.2.3".into(), ..Fixed::default() }));
        assert_eq!(a.events[1].uid.parent().as_ref(), Some(&a.uid));
        assert_eq!(a.latest_approved_kind(), Some(crate::model::EventKind::Fixed));
        let b = &got[1];
        assert_eq!(b.component_location, "pkg:pypi/b");
        assert_eq!(b.events.len(), 1);
        assert_eq!(b.severities.len(), 2);
        assert!(a.advisory_id.starts_with("CGA-") && a.advisory_id.len() == 18);
        assert_ne!(a.advisory_id, b.advisory_id);
    }

    #[test]
    fn the_same_record_maps_to_the_same_uids_and_ids() {
        let record = serde_json::json!({"id": "X-1", "modified": "2023-02-01T00:00:00Z",
            "affected": [{"package": {"ecosystem": "Go", "name": "m"}}]});
        let a = advisories(record.clone(), &org(), "i").unwrap();
        let b = advisories(record, &org(), "i").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn broken_records_are_refused_with_the_reason() {
        let cases = [
            (serde_json::json!({"modified": "2023-02-01T00:00:00Z"}), "id is missing"),
            (serde_json::json!({"id": "X", "affected": []}), "modified is missing"),
            (serde_json::json!({"id": "X", "modified": "yesterday"}), "modified \"yesterday\" is not an RFC 3339 time"),
            (
                serde_json::json!({"id": "X", "modified": "2023-02-01T00:00:00Z", "affected": []}),
                "affected is empty: the record names no package",
            ),
            (
                serde_json::json!({"id": "X", "modified": "2023-02-01T00:00:00Z",
                    "severity": [{"type": "CVSS_V3", "score": "CVSS:3.1/AV:N"}],
                    "affected": [{"package": {"ecosystem": "Go", "name": "m"}}]}),
                "severity \"CVSS:3.1/AV:N\": not a CVSS v3 vector: AC is missing",
            ),
        ];
        for (record, reason) in cases {
            assert_eq!(advisories(record, &org(), "i").unwrap_err().to_string(), reason);
        }
        assert!(split_document(b"{").unwrap_err().0.starts_with("not JSON"));
        assert!(split_document(b"[1]").is_err());
    }
}
