//! Advisories: what is known about one vulnerability in one component of one artifact, with
//! the history of events (detected, fixed, false positive, …) that triagers record.

use serde::{Deserialize, Serialize};

use crate::time::Timestamp;
use crate::uidp::Uidp;

/// The review state of an event (the public `ReviewState`, numbers included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewState {
    /// Awaiting review.
    Pending,
    /// Approved (terminal).
    Approved,
    /// The reviewer asked for changes.
    RequestChanges,
    /// Rejected (terminal).
    Rejected,
}

impl ReviewState {
    /// Every state, in number order.
    pub const ALL: [Self; 4] = [Self::Pending, Self::Approved, Self::RequestChanges, Self::Rejected];

    /// The public enum number.
    #[must_use]
    pub const fn number(self) -> i16 {
        match self {
            Self::Pending => 1,
            Self::Approved => 2,
            Self::RequestChanges => 3,
            Self::Rejected => 4,
        }
    }

    /// The state of a public enum number; `None` for 0 (unspecified) and unknown numbers.
    #[must_use]
    pub fn from_number(n: i32) -> Option<Self> {
        Self::ALL.into_iter().find(|s| i32::from(s.number()) == n)
    }

    /// The lowercase name used by the command line (`pending`, `approved`, …).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::RequestChanges => "request_changes",
            Self::Rejected => "rejected",
        }
    }
}

/// The kind of an event (numbered as the public `EventTypeFilter`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// `detection`.
    Detection,
    /// `truePositiveDetermination`.
    TruePositiveDetermination,
    /// `fixed`.
    Fixed,
    /// `falsePositiveDetermination`.
    FalsePositiveDetermination,
    /// `analysisNotPlanned`.
    AnalysisNotPlanned,
    /// `fixNotPlanned`.
    FixNotPlanned,
    /// `pendingUpstreamFix`.
    PendingUpstreamFix,
    /// `patched`.
    Patched,
}

impl EventKind {
    /// Every kind, in number order.
    pub const ALL: [Self; 8] = [
        Self::Detection,
        Self::TruePositiveDetermination,
        Self::Fixed,
        Self::FalsePositiveDetermination,
        Self::AnalysisNotPlanned,
        Self::FixNotPlanned,
        Self::PendingUpstreamFix,
        Self::Patched,
    ];

    /// The public `EventTypeFilter` number.
    #[must_use]
    pub const fn number(self) -> i16 {
        match self {
            Self::Detection => 1,
            Self::TruePositiveDetermination => 2,
            Self::Fixed => 3,
            Self::FalsePositiveDetermination => 4,
            Self::AnalysisNotPlanned => 5,
            Self::FixNotPlanned => 6,
            Self::PendingUpstreamFix => 7,
            Self::Patched => 8,
        }
    }

    /// The kind of an `EventTypeFilter` number; `None` for 0 and unknown numbers.
    #[must_use]
    pub fn from_number(n: i32) -> Option<Self> {
        Self::ALL.into_iter().find(|k| i32::from(k.number()) == n)
    }

    /// The snake-case name (`fixed`, `false_positive_determination`, …).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Detection => "detection",
            Self::TruePositiveDetermination => "true_positive_determination",
            Self::Fixed => "fixed",
            Self::FalsePositiveDetermination => "false_positive_determination",
            Self::AnalysisNotPlanned => "analysis_not_planned",
            Self::FixNotPlanned => "fix_not_planned",
            Self::PendingUpstreamFix => "pending_upstream_fix",
            Self::Patched => "patched",
        }
    }
}

/// A scanner's detection (`scanv1`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ScanV1 {
    /// `scanner`.
    pub scanner: String,
    /// `subpackage`.
    pub subpackage: String,
    /// `componentId`.
    pub component_id: String,
    /// `component`.
    pub component: String,
    /// `componentVersion`.
    pub component_version: String,
    /// `componentType`.
    pub component_type: String,
    /// `componentLocation`.
    pub component_location: String,
    /// `artifactVersion`.
    pub artifact_version: String,
    /// `scannerVersion`.
    pub scanner_version: String,
    /// `grypeDbBuilt`.
    pub grype_db_built: String,
    /// `grypeDbChecksum`.
    pub grype_db_checksum: String,
}

/// How a vulnerability was detected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detection {
    /// Through the NVD API.
    Nvdapi {
        /// `cpeSearched`.
        cpe_searched: String,
        /// `cpeFound`.
        cpe_found: String,
    },
    /// By a person.
    Manual,
    /// By a scanner.
    Scanv1(Box<ScanV1>),
}

/// A fix, from this version on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Fixed {
    /// `fixedVersion`.
    pub fixed_version: String,
    /// `note`.
    pub note: String,
    /// `scannerVersion`.
    pub scanner_version: String,
    /// `grypeDbBuilt`.
    pub grype_db_built: String,
    /// `grypeDbChecksum`.
    pub grype_db_checksum: String,
}

/// Why a detection is a false positive (the public enum, numbers included).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FalsePositiveType {
    /// Not given.
    #[default]
    Unspecified,
    /// The vulnerability record's analysis is contested.
    VulnerabilityRecordAnalysisContested,
    /// The component does not match the vulnerability.
    ComponentVulnerabilityMismatch,
    /// The vulnerable version is not used.
    VulnerableCodeVersionNotUsed,
    /// The vulnerable code is not in the package.
    VulnerableCodeNotIncludedInPackage,
    /// The vulnerable code is not on an execution path.
    VulnerableCodeNotInExecutionPath,
    /// An adversary cannot control the vulnerable code.
    VulnerableCodeCannotBeControlledByAdversary,
    /// Mitigations exist inline.
    InlineMitigationsExist,
}

impl FalsePositiveType {
    /// Every type, in number order.
    pub const ALL: [Self; 8] = [
        Self::Unspecified,
        Self::VulnerabilityRecordAnalysisContested,
        Self::ComponentVulnerabilityMismatch,
        Self::VulnerableCodeVersionNotUsed,
        Self::VulnerableCodeNotIncludedInPackage,
        Self::VulnerableCodeNotInExecutionPath,
        Self::VulnerableCodeCannotBeControlledByAdversary,
        Self::InlineMitigationsExist,
    ];

    /// The public enum number.
    #[must_use]
    pub fn number(self) -> i32 {
        Self::ALL.iter().position(|t| *t == self).and_then(|p| i32::try_from(p).ok()).unwrap_or_default()
    }
}

/// What an event says happened (the public `type` oneof).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventDetail {
    /// Found.
    Detection(Detection),
    /// Fixed.
    Fixed(Fixed),
    /// Not affecting the artifact.
    FalsePositiveDetermination {
        /// Why.
        kind: FalsePositiveType,
        /// Free text.
        note: String,
    },
    /// No analysis planned.
    AnalysisNotPlanned {
        /// Free text.
        note: String,
    },
    /// No fix planned.
    FixNotPlanned {
        /// Free text.
        note: String,
    },
    /// Waiting for upstream.
    PendingUpstreamFix {
        /// Free text.
        note: String,
    },
    /// Confirmed.
    TruePositiveDetermination {
        /// Free text.
        note: String,
    },
    /// Patched in these versions.
    Patched {
        /// The patched versions.
        patched_versions: Vec<String>,
        /// Free text.
        note: String,
    },
}

impl EventDetail {
    /// The kind of this detail.
    #[must_use]
    pub const fn kind(&self) -> EventKind {
        match self {
            Self::Detection(_) => EventKind::Detection,
            Self::Fixed(_) => EventKind::Fixed,
            Self::FalsePositiveDetermination { .. } => EventKind::FalsePositiveDetermination,
            Self::AnalysisNotPlanned { .. } => EventKind::AnalysisNotPlanned,
            Self::FixNotPlanned { .. } => EventKind::FixNotPlanned,
            Self::PendingUpstreamFix { .. } => EventKind::PendingUpstreamFix,
            Self::TruePositiveDetermination { .. } => EventKind::TruePositiveDetermination,
            Self::Patched { .. } => EventKind::Patched,
        }
    }
}

/// One step of an advisory's life; its uid is a child of the advisory's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvisoryEvent {
    /// `<advisory uid>/<16 hex>`.
    pub uid: Uidp,
    /// When it happened, in Unix milliseconds (kept as a number so it round-trips exactly).
    #[serde(with = "millis")]
    pub create_time: Timestamp,
    /// Scanner findings (JSON), as given.
    #[serde(default, with = "base64_bytes")]
    pub findings: Vec<u8>,
    /// Who recorded it.
    pub author: String,
    /// Who reviewed it (empty when nobody did).
    #[serde(default)]
    pub reviewer: String,
    /// Its review state.
    pub review_state: ReviewState,
    /// The issue it came from.
    #[serde(default)]
    pub issue: Option<String>,
    /// What happened.
    pub detail: EventDetail,
}

/// A severity scoring system (the public `Severity.Type`, numbers included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeverityType {
    /// CVSS version 2.
    CvssV2,
    /// CVSS version 3.x.
    CvssV3,
    /// CVSS version 4.
    CvssV4,
}

impl SeverityType {
    /// The public enum number.
    #[must_use]
    pub const fn number(self) -> i32 {
        match self {
            Self::CvssV2 => 1,
            Self::CvssV3 => 2,
            Self::CvssV4 => 3,
        }
    }
}

/// One severity of the vulnerability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Severity {
    /// The scoring system.
    pub kind: SeverityType,
    /// The score: for CVSS v3 the computed base score (`"9.8"`), otherwise the vector.
    pub score: String,
}

/// An advisory, a child of the organization that owns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advisory {
    /// `<organization uid>/<16 hex>`.
    pub uid: Uidp,
    /// The CGA id (`CGA-xxxx-xxxx-xxxx`), unique within the organization.
    pub advisory_id: String,
    /// When it was created.
    pub create_time: Timestamp,
    /// When it last changed.
    pub update_time: Timestamp,
    /// When it was withdrawn.
    pub delete_time: Option<Timestamp>,
    /// Who wrote it.
    pub author: String,
    /// The affected artifact (package or image).
    pub artifact_name: String,
    /// `apk`, `image`, `library`, …
    pub artifact_type: String,
    /// `x86_64`, `aarch64`, `noarch`, …
    pub artifact_architecture: String,
    /// The affected component.
    pub component_name: String,
    /// Where the component is (a purl or a path).
    pub component_location: String,
    /// `go-module`, `python`, …
    pub component_type: String,
    /// The origin package of the artifact (subpackages share their origin's); not on the wire,
    /// used by the `origin` filter.
    pub origin: String,
    /// CVE, GHSA, … ids.
    pub aliases: Vec<String>,
    /// The events, oldest first.
    pub events: Vec<AdvisoryEvent>,
    /// The id of the record it was imported from (an OSV id such as `GO-2022-0001`).
    pub legacy_advisory_id: Option<String>,
    /// Severity scores.
    pub severities: Vec<Severity>,
}

impl Advisory {
    /// The kind of the most recent approved event (latest `create_time`, then uid).
    #[must_use]
    pub fn latest_approved_kind(&self) -> Option<EventKind> {
        self.events
            .iter()
            .filter(|e| e.review_state == ReviewState::Approved)
            .max_by(|a, b| a.create_time.cmp(&b.create_time).then_with(|| a.uid.cmp(&b.uid)))
            .map(|e| e.detail.kind())
    }

    /// What the `query` filter searches: artifact name, component name and aliases,
    /// lowercased, separated by newlines (which no searched value holds).
    #[must_use]
    pub fn search_text(&self) -> String {
        let mut parts = vec![self.artifact_name.to_lowercase(), self.component_name.to_lowercase()];
        parts.extend(self.aliases.iter().map(|a| a.to_lowercase()));
        parts.join("\n")
    }
}

/// The list filters of advisories; repeated filters match any of their values, filters
/// combine with AND, empty means "no restriction".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdvisoryFilter {
    /// `advisory_ids`.
    pub advisory_ids: Vec<String>,
    /// `legacy_advisory_ids`.
    pub legacy_advisory_ids: Vec<String>,
    /// `artifact_names` (ignored when `origin` is set).
    pub artifact_names: Vec<String>,
    /// `artifact_types`.
    pub artifact_types: Vec<String>,
    /// `artifact_architectures`.
    pub artifact_architectures: Vec<String>,
    /// `component_names`.
    pub component_names: Vec<String>,
    /// `component_types`.
    pub component_types: Vec<String>,
    /// `component_locations`.
    pub component_locations: Vec<String>,
    /// `aliases`: has at least one of them.
    pub aliases: Vec<String>,
    /// `origin`.
    pub origin: Option<String>,
    /// `event_review_states`: has an event in one of them.
    pub event_review_states: Vec<ReviewState>,
    /// `event_authors`: has an event by one of them.
    pub event_authors: Vec<String>,
    /// `exclude_event_authors`: has no event by any of them.
    pub exclude_event_authors: Vec<String>,
    /// `event_reviewers`: has an event reviewed by one of them.
    pub event_reviewers: Vec<String>,
    /// `event_types`: has an event of one of them.
    pub event_types: Vec<EventKind>,
    /// `latest_event_type`: the latest approved event is of this kind.
    pub latest_event_type: Option<EventKind>,
    /// `query`, lowercased: a substring of the artifact name, component name or an alias.
    pub query: Option<String>,
}

fn any_of(wanted: &[String], value: &str) -> bool {
    wanted.is_empty() || wanted.iter().any(|w| w == value)
}

impl AdvisoryFilter {
    /// The artifact names to match: none when `origin` is set (it replaces them).
    #[must_use]
    pub fn effective_artifact_names(&self) -> &[String] {
        if self.origin.is_some() {
            &[]
        } else {
            &self.artifact_names
        }
    }

    /// True when `a` passes every filter that is set.
    #[must_use]
    pub fn matches(&self, a: &Advisory) -> bool {
        let events = &a.events;
        any_of(&self.advisory_ids, &a.advisory_id)
            && (self.legacy_advisory_ids.is_empty()
                || a.legacy_advisory_id.as_deref().is_some_and(|l| any_of(&self.legacy_advisory_ids, l)))
            && any_of(self.effective_artifact_names(), &a.artifact_name)
            && any_of(&self.artifact_types, &a.artifact_type)
            && any_of(&self.artifact_architectures, &a.artifact_architecture)
            && any_of(&self.component_names, &a.component_name)
            && any_of(&self.component_types, &a.component_type)
            && any_of(&self.component_locations, &a.component_location)
            && (self.aliases.is_empty() || a.aliases.iter().any(|x| self.aliases.contains(x)))
            && self.origin.as_ref().is_none_or(|o| *o == a.origin)
            && (self.event_review_states.is_empty()
                || events.iter().any(|e| self.event_review_states.contains(&e.review_state)))
            && (self.event_authors.is_empty() || events.iter().any(|e| self.event_authors.contains(&e.author)))
            && !events.iter().any(|e| self.exclude_event_authors.contains(&e.author))
            && (self.event_reviewers.is_empty()
                || events.iter().any(|e| !e.reviewer.is_empty() && self.event_reviewers.contains(&e.reviewer)))
            && (self.event_types.is_empty() || events.iter().any(|e| self.event_types.contains(&e.detail.kind())))
            && self.latest_event_type.is_none_or(|k| a.latest_approved_kind() == Some(k))
            && self.query.as_ref().is_none_or(|q| a.search_text().contains(q.as_str()))
    }

    /// A canonical text of the filter, for page-token fingerprints.
    #[must_use]
    pub fn canonical(&self) -> String {
        let list = |v: &[String]| v.join("\u{1f}");
        let states: Vec<String> = self.event_review_states.iter().map(|s| s.number().to_string()).collect();
        let kinds: Vec<String> = self.event_types.iter().map(|k| k.number().to_string()).collect();
        format!(
            "ids={}\nlegacy={}\nan={}\nat={}\naa={}\ncn={}\nct={}\ncl={}\nal={}\no={:?}\nrs={}\nea={}\nxa={}\ner={}\net={}\nlt={:?}\nq={:?}",
            list(&self.advisory_ids),
            list(&self.legacy_advisory_ids),
            list(&self.artifact_names),
            list(&self.artifact_types),
            list(&self.artifact_architectures),
            list(&self.component_names),
            list(&self.component_types),
            list(&self.component_locations),
            list(&self.aliases),
            self.origin,
            states.join(","),
            list(&self.event_authors),
            list(&self.exclude_event_authors),
            list(&self.event_reviewers),
            kinds.join(","),
            self.latest_event_type.map(EventKind::number),
            self.query,
        )
    }
}

/// Timestamps as Unix milliseconds.
mod millis {
    use serde::{Deserialize as _, Deserializer, Serializer};

    use crate::time::Timestamp;

    pub(super) fn serialize<S: Serializer>(t: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(t.unix_millis())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
        let ms = i64::deserialize(d)?;
        Timestamp::from_unix_millis(ms).ok_or_else(|| serde::de::Error::custom("timestamp out of range"))
    }
}

/// Bytes as standard base64.
mod base64_bytes {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine as _;
    use serde::{Deserialize as _, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(b))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        STANDARD.decode(text).map_err(serde::de::Error::custom)
    }
}
