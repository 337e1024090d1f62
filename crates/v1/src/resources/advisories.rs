//! `/vulnerabilities/v1/advisories` (service `Advisories`): list (paged, unlike the other v1
//! lists), create, replace, withdraw, and an advisory's events (list, create, and replace under
//! `/vulnerabilities/v1/advisory_events`), over the same advisory service as v2beta1.

use axum::extract::{Path, State};
use axum::http::{Method, Uri};
use axum::routing::{get, put};
use axum::{Json, Router};
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine as _;
use grove_domain::listing::{ListFilter, Page, PageRequest};
use grove_domain::model::{
    Advisory, AdvisoryEvent, Detection, EventDetail, FalsePositiveType, Fixed, ReviewState, ScanV1,
};
use grove_domain::params::ListParams;
use grove_domain::services::{AdvisoryInput, AdvisoryListInput, EventInput};
use grove_domain::Error;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use crate::error::V1Error;
use crate::extract::{parse_body, Caller, JsonBody, Query, RawBody, WireBody};
use crate::V1State;

/// The v1 `ReviewStatus` names, by number.
const STATUSES: [&str; 5] = ["UNKNOWN", "PENDING", "APPROVED", "REQUEST_CHANGES", "REJECTED"];
/// The v1 `EventTypeFilter` names, by number.
const EVENT_TYPES: [&str; 9] = [
    "EVENT_TYPE_FILTER_UNSPECIFIED",
    "EVENT_TYPE_FILTER_DETECTION",
    "EVENT_TYPE_FILTER_TRUE_POSITIVE_DETERMINATION",
    "EVENT_TYPE_FILTER_FIXED",
    "EVENT_TYPE_FILTER_FALSE_POSITIVE_DETERMINATION",
    "EVENT_TYPE_FILTER_ANALYSIS_NOT_PLANNED",
    "EVENT_TYPE_FILTER_FIX_NOT_PLANNED",
    "EVENT_TYPE_FILTER_PENDING_UPSTREAM_FIX",
    "EVENT_TYPE_FILTER_PATCHED",
];
/// The v1 `OrderBy` names, by number, and the domain order each stands for.
const ORDERS: [(&str, &str); 5] = [
    ("ORDER_BY_UNSPECIFIED", "uid asc"),
    ("ID_ASC", "uid asc"),
    ("ID_DESC", "uid desc"),
    ("CREATED_AT_ASC", "create_time asc"),
    ("CREATED_AT_DESC", "create_time desc"),
];
/// The v1 `FalsePositiveDetermination.Type` names, by number (the domain's order).
const FALSE_POSITIVE_TYPES: [&str; 8] = [
    "UNSPECIFIED",
    "VULNERABILITY_RECORD_ANALYSIS_CONTESTED",
    "COMPONENT_VULNERABILITY_MISMATCH",
    "VULNERABLE_CODE_VERSION_NOT_USED",
    "VULNERABLE_CODE_NOT_INCLUDED_IN_PACKAGE",
    "VULNERABLE_CODE_NOT_IN_EXECUTION_PATH",
    "VULNERABLE_CODE_CANNOT_BE_CONTROLLED_BY_ADVERSARY",
    "INLINE_MITIGATIONS_EXIST",
];

/// Reads a protojson enum given by name or number; `None` for anything else.
fn enum_number(v: &Value, names: &[&str]) -> Option<usize> {
    match v {
        Value::String(s) => names.iter().position(|n| n == s).or_else(|| s.parse().ok()),
        Value::Number(n) => n.as_u64().and_then(|n| usize::try_from(n).ok()),
        _ => None,
    }
    .filter(|n| *n < names.len())
}

fn enum_error(field: &str, names: &[&str]) -> Error {
    Error::invalid(field, format!("{field} must be one of {} or its number", names.join(", ")))
}

/// A v1 Advisory.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Advisory {
    /// The advisory's uid.
    pub id: String,
    /// `apk`, `image`, `library`, …
    pub artifact_type: String,
    /// The affected artifact.
    pub artifact_name: String,
    /// `x86_64`, `aarch64`, …
    pub artifact_architecture: String,
    /// The affected component.
    pub component_name: String,
    /// Where the component is.
    pub component_location: String,
    /// `go-module`, `python`, …
    pub component_type: String,
    /// Creation time.
    pub created_at: String,
    /// Last change.
    pub updated_at: String,
    /// When it was withdrawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deleted_at: Option<String>,
    /// CVE, GHSA, … ids.
    pub aliases: Vec<String>,
    /// The events, oldest first.
    pub events: Vec<V1Event>,
    /// The CGA id.
    pub advisory_id: String,
    /// Who wrote it.
    pub author: String,
    /// The id of the record it came from (the JSON name is the public definition's).
    #[serde(rename = "legacyAdvisoryID", skip_serializing_if = "Option::is_none")]
    pub legacy_advisory_id: Option<String>,
}

impl From<Advisory> for V1Advisory {
    fn from(a: Advisory) -> Self {
        Self {
            id: a.uid.to_string(),
            artifact_type: a.artifact_type,
            artifact_name: a.artifact_name,
            artifact_architecture: a.artifact_architecture,
            component_name: a.component_name,
            component_location: a.component_location,
            component_type: a.component_type,
            created_at: a.create_time.to_string(),
            updated_at: a.update_time.to_string(),
            deleted_at: a.delete_time.map(|t| t.to_string()),
            aliases: a.aliases,
            events: a.events.into_iter().map(Into::into).collect(),
            advisory_id: a.advisory_id,
            author: a.author,
            legacy_advisory_id: a.legacy_advisory_id,
        }
    }
}

/// `Detection.NVDAPI`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct V1Nvdapi {
    /// The CPE searched for.
    #[serde(default, alias = "cpe_searched")]
    pub cpe_searched: String,
    /// The CPE found.
    #[serde(default, alias = "cpe_found")]
    pub cpe_found: String,
}

/// `Detection.Manual` (no fields).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct V1Manual {}

/// `Detection.ScanV1`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct V1ScanV1 {
    /// The scanner.
    #[serde(default)]
    pub scanner: String,
    /// The subpackage it was found in.
    #[serde(default, alias = "subpackage_name")]
    pub subpackage_name: String,
    /// The component's id.
    #[serde(default, alias = "component_id")]
    pub component_id: String,
    /// The component.
    #[serde(default, alias = "component_name")]
    pub component_name: String,
    /// Its version.
    #[serde(default, alias = "component_version")]
    pub component_version: String,
    /// Its type.
    #[serde(default, alias = "component_type")]
    pub component_type: String,
    /// Where it is.
    #[serde(default, alias = "component_location")]
    pub component_location: String,
}

/// `AdvisoryEvent.Detection`: exactly one of its members.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct V1Detection {
    /// Through the NVD API.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nvdapi: Option<V1Nvdapi>,
    /// By a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manual: Option<V1Manual>,
    /// By a scanner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scanv1: Option<V1ScanV1>,
}

/// `AdvisoryEvent.Fixed`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct V1Fixed {
    /// The first fixed version.
    #[serde(default, alias = "fixed_version")]
    pub fixed_version: String,
}

/// The events that carry only a note.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct V1Note {
    /// Free text.
    #[serde(default)]
    pub note: String,
}

/// `AdvisoryEvent.FalsePositiveDetermination`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct V1FalsePositive {
    /// The v1 type name (or number on input).
    #[serde(rename = "type", default)]
    pub kind: Value,
    /// Free text.
    #[serde(default)]
    pub note: String,
}

/// `AdvisoryEvent.Patched`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct V1Patched {
    /// The patched versions.
    #[serde(default, alias = "patched_versions")]
    pub patched_versions: Vec<String>,
    /// Free text.
    #[serde(default)]
    pub note: String,
}

/// A v1 AdvisoryEvent, written and read: exactly one member of the `type` oneof. On input
/// `id` and `timestamp` are output-only (accepted and ignored: the path names the event, and
/// the server records when).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct V1Event {
    /// The event's uid (below its advisory's).
    #[serde(default)]
    pub id: Value,
    /// When it was recorded.
    #[serde(default)]
    pub timestamp: Value,
    /// Found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detection: Option<V1Detection>,
    /// Fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed: Option<V1Fixed>,
    /// Not affecting the artifact.
    #[serde(skip_serializing_if = "Option::is_none", alias = "false_positive_determination")]
    pub false_positive_determination: Option<V1FalsePositive>,
    /// No analysis planned.
    #[serde(skip_serializing_if = "Option::is_none", alias = "analysis_not_planned")]
    pub analysis_not_planned: Option<V1Note>,
    /// No fix planned.
    #[serde(skip_serializing_if = "Option::is_none", alias = "fix_not_planned")]
    pub fix_not_planned: Option<V1Note>,
    /// Waiting for upstream.
    #[serde(skip_serializing_if = "Option::is_none", alias = "pending_upstream_fix")]
    pub pending_upstream_fix: Option<V1Note>,
    /// Confirmed.
    #[serde(skip_serializing_if = "Option::is_none", alias = "true_positive_determination")]
    pub true_positive_determination: Option<V1Note>,
    /// Patched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patched: Option<V1Patched>,
    /// Scanner findings (JSON), base64.
    #[serde(default)]
    pub findings: String,
    /// Who recorded it.
    #[serde(default)]
    pub author: String,
    /// Who reviewed it.
    #[serde(default)]
    pub reviewer: String,
    /// The v1 review status name (or number on input; omitted or `UNKNOWN` is `PENDING`).
    #[serde(default)]
    pub status: Value,
    /// The issue it came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<String>,
}

impl WireBody for V1Event {
    const OUTPUT_ONLY: &'static [&'static str] = &["id", "timestamp"];
}

impl From<AdvisoryEvent> for V1Event {
    fn from(e: AdvisoryEvent) -> Self {
        let mut v1 = Self {
            id: Value::from(e.uid.to_string()),
            timestamp: Value::from(e.create_time.to_string()),
            findings: STANDARD.encode(&e.findings),
            author: e.author,
            reviewer: e.reviewer,
            status: Value::from(STATUSES[usize::from(e.review_state.number().unsigned_abs())]),
            issue: e.issue,
            ..Self::default()
        };
        match e.detail {
            EventDetail::Detection(d) => {
                v1.detection = Some(match d {
                    Detection::Nvdapi { cpe_searched, cpe_found } => {
                        V1Detection { nvdapi: Some(V1Nvdapi { cpe_searched, cpe_found }), ..V1Detection::default() }
                    }
                    Detection::Manual => V1Detection { manual: Some(V1Manual {}), ..V1Detection::default() },
                    Detection::Scanv1(s) => V1Detection {
                        scanv1: Some(V1ScanV1 {
                            scanner: s.scanner,
                            subpackage_name: s.subpackage,
                            component_id: s.component_id,
                            component_name: s.component,
                            component_version: s.component_version,
                            component_type: s.component_type,
                            component_location: s.component_location,
                        }),
                        ..V1Detection::default()
                    },
                });
            }
            EventDetail::Fixed(f) => v1.fixed = Some(V1Fixed { fixed_version: f.fixed_version }),
            EventDetail::FalsePositiveDetermination { kind, note } => {
                let name = FALSE_POSITIVE_TYPES[usize::try_from(kind.number()).unwrap_or_default()];
                v1.false_positive_determination = Some(V1FalsePositive { kind: Value::from(name), note });
            }
            EventDetail::AnalysisNotPlanned { note } => v1.analysis_not_planned = Some(V1Note { note }),
            EventDetail::FixNotPlanned { note } => v1.fix_not_planned = Some(V1Note { note }),
            EventDetail::PendingUpstreamFix { note } => v1.pending_upstream_fix = Some(V1Note { note }),
            EventDetail::TruePositiveDetermination { note } => v1.true_positive_determination = Some(V1Note { note }),
            EventDetail::Patched { patched_versions, note } => {
                v1.patched = Some(V1Patched { patched_versions, note });
            }
        }
        v1
    }
}

/// Makes the detail of an event that carries only a note.
type NoteDetail = fn(String) -> EventDetail;

/// The oneof members of an event, for the error that names them.
const EVENT_MEMBERS: &str = "detection, fixed, falsePositiveDetermination, analysisNotPlanned, fixNotPlanned, \
                             pendingUpstreamFix, truePositiveDetermination, patched";

impl V1Event {
    /// The event as the domain takes it, `field` naming it in errors (`""`, `events[0].`).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for no or several members of the `type` oneof (or of a
    /// detection's), findings that are not base64, or an unknown status or type.
    fn input(self, field: &str) -> Result<EventInput, Error> {
        let mut details = Vec::new();
        if let Some(d) = self.detection {
            let mut found = Vec::new();
            if let Some(n) = d.nvdapi {
                found.push(Detection::Nvdapi { cpe_searched: n.cpe_searched, cpe_found: n.cpe_found });
            }
            if d.manual.is_some() {
                found.push(Detection::Manual);
            }
            if let Some(s) = d.scanv1 {
                found.push(Detection::Scanv1(Box::new(ScanV1 {
                    scanner: s.scanner,
                    subpackage: s.subpackage_name,
                    component_id: s.component_id,
                    component: s.component_name,
                    component_version: s.component_version,
                    component_type: s.component_type,
                    component_location: s.component_location,
                    ..ScanV1::default()
                })));
            }
            let [one] = <[Detection; 1]>::try_from(found).map_err(|_| {
                Error::invalid(format!("{field}detection"), "a detection has exactly one of nvdapi, manual, scanv1")
            })?;
            details.push(EventDetail::Detection(one));
        }
        if let Some(f) = self.fixed {
            details.push(EventDetail::Fixed(Fixed { fixed_version: f.fixed_version, ..Fixed::default() }));
        }
        if let Some(f) = self.false_positive_determination {
            let kind_field = format!("{field}falsePositiveDetermination.type");
            let kind = match &f.kind {
                Value::Null => Some(0),
                other => enum_number(other, &FALSE_POSITIVE_TYPES),
            }
            .map(|n| FalsePositiveType::ALL[n])
            .ok_or_else(|| enum_error(&kind_field, &FALSE_POSITIVE_TYPES))?;
            details.push(EventDetail::FalsePositiveDetermination { kind, note: f.note });
        }
        let notes: [(Option<V1Note>, NoteDetail); 4] = [
            (self.analysis_not_planned, |note| EventDetail::AnalysisNotPlanned { note }),
            (self.fix_not_planned, |note| EventDetail::FixNotPlanned { note }),
            (self.pending_upstream_fix, |note| EventDetail::PendingUpstreamFix { note }),
            (self.true_positive_determination, |note| EventDetail::TruePositiveDetermination { note }),
        ];
        for (given, make) in notes {
            if let Some(n) = given {
                details.push(make(n.note));
            }
        }
        if let Some(p) = self.patched {
            details.push(EventDetail::Patched { patched_versions: p.patched_versions, note: p.note });
        }
        let [detail] = <[EventDetail; 1]>::try_from(details).map_err(|_| {
            Error::invalid(format!("{field}type"), format!("an event has exactly one of {EVENT_MEMBERS}"))
        })?;
        let findings = if self.findings.is_empty() {
            Vec::new()
        } else {
            [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
                .iter()
                .find_map(|engine| engine.decode(&self.findings).ok())
                .ok_or_else(|| Error::invalid(format!("{field}findings"), "findings must be base64 (JSON bytes)"))?
        };
        let review_state = match &self.status {
            Value::Null => Some(0),
            other => enum_number(other, &STATUSES),
        }
        .map(|n| ReviewState::from_number(i32::try_from(n).unwrap_or_default()).unwrap_or(ReviewState::Pending))
        .ok_or_else(|| enum_error(&format!("{field}status"), &STATUSES))?;
        Ok(EventInput {
            author: self.author,
            reviewer: self.reviewer,
            review_state,
            issue: self.issue,
            findings,
            detail,
        })
    }
}

/// `input` in place of `stored`, keeping the fields of `stored`'s detail that version 1
/// cannot express (a fix's note and scanner data, a scan's artifact and scanner data) when
/// the kind of event stays the same.
fn keep_unexpressed(mut input: EventInput, stored: &AdvisoryEvent) -> EventInput {
    match (&mut input.detail, &stored.detail) {
        (EventDetail::Fixed(new), EventDetail::Fixed(old)) => {
            *new = Fixed { fixed_version: std::mem::take(&mut new.fixed_version), ..old.clone() };
        }
        (EventDetail::Detection(Detection::Scanv1(new)), EventDetail::Detection(Detection::Scanv1(old))) => {
            new.artifact_version.clone_from(&old.artifact_version);
            new.scanner_version.clone_from(&old.scanner_version);
            new.grype_db_built.clone_from(&old.grype_db_built);
            new.grype_db_checksum.clone_from(&old.grype_db_checksum);
        }
        _ => {}
    }
    input
}

/// The writable fields of a v1 Advisory (create's `advisory`, and Update's body). Output-only
/// fields are accepted and ignored, and so are `events` on Update: events change through
/// their own RPCs.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdvisoryBody {
    /// Output-only.
    #[serde(default)]
    pub id: IgnoredAny,
    /// Output-only.
    #[serde(default, alias = "created_at")]
    pub created_at: IgnoredAny,
    /// Output-only.
    #[serde(default, alias = "updated_at")]
    pub updated_at: IgnoredAny,
    /// Output-only.
    #[serde(default, alias = "deleted_at")]
    pub deleted_at: IgnoredAny,
    /// `apk`, `image`, `library`, …
    #[serde(alias = "artifact_type")]
    pub artifact_type: Option<String>,
    /// The affected artifact.
    #[serde(alias = "artifact_name")]
    pub artifact_name: Option<String>,
    /// `x86_64`, `aarch64`, …
    #[serde(alias = "artifact_architecture")]
    pub artifact_architecture: Option<String>,
    /// The affected component.
    #[serde(alias = "component_name")]
    pub component_name: Option<String>,
    /// Where the component is.
    #[serde(alias = "component_location")]
    pub component_location: Option<String>,
    /// `go-module`, `python`, …
    #[serde(alias = "component_type")]
    pub component_type: Option<String>,
    /// CVE, GHSA, … ids.
    pub aliases: Option<Vec<String>>,
    /// The first events (create only; read there).
    pub events: Option<Value>,
    /// The CGA id; made when omitted; never changed.
    #[serde(alias = "advisory_id")]
    pub advisory_id: Option<String>,
    /// Who wrote it.
    pub author: Option<String>,
    /// The id of the record it came from.
    #[serde(rename = "legacyAdvisoryID", alias = "legacyAdvisoryId", alias = "legacy_advisory_id")]
    pub legacy_advisory_id: Option<String>,
}

impl WireBody for AdvisoryBody {
    const OUTPUT_ONLY: &'static [&'static str] = &[];
}

impl AdvisoryBody {
    /// The advisory's fields, every one given (omitted ones as empty: a whole replacement),
    /// except the CGA id, which only a given one checks.
    fn input(self) -> AdvisoryInput {
        AdvisoryInput {
            advisory_id: self.advisory_id,
            author: Some(self.author.unwrap_or_default()),
            artifact_name: Some(self.artifact_name.unwrap_or_default()),
            artifact_type: Some(self.artifact_type.unwrap_or_default()),
            artifact_architecture: Some(self.artifact_architecture.unwrap_or_default()),
            component_name: Some(self.component_name.unwrap_or_default()),
            component_location: Some(self.component_location.unwrap_or_default()),
            component_type: Some(self.component_type.unwrap_or_default()),
            aliases: Some(self.aliases.unwrap_or_default()),
            legacy_advisory_id: Some(self.legacy_advisory_id),
        }
    }
}

/// The body of a v1 create (`CreateAdvisoryRequest`).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateBody {
    /// The group to create the advisory in.
    #[serde(alias = "parent_id")]
    pub parent_id: Option<String>,
    /// The advisory.
    pub advisory: Option<AdvisoryBody>,
}

impl WireBody for CreateBody {
    const OUTPUT_ONLY: &'static [&'static str] = &[];
}

/// The body of a v1 CreateAdvisoryEvent (`{advisoryEvent}`; the parent is the path's).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateEventBody {
    /// The event.
    #[serde(alias = "advisory_event")]
    pub advisory_event: Option<V1Event>,
}

impl WireBody for CreateEventBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["parentId", "parent_id"];
}

/// A page of a v1 list (`AdvisoriesList`): unlike the other v1 lists, advisories page.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1AdvisoriesList {
    /// The group the list is of (always empty: a list may span groups).
    pub id: String,
    /// This page.
    pub items: Vec<V1Advisory>,
    /// The token of the next page; empty on the last.
    pub next_page_token: String,
    /// Every match, when counted (an int64: a JSON string).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_count: Option<String>,
}

impl From<Page<Advisory>> for V1AdvisoriesList {
    fn from(p: Page<Advisory>) -> Self {
        Self {
            id: String::new(),
            items: p.items.into_iter().map(Into::into).collect(),
            next_page_token: p.next_page_token.unwrap_or_default(),
            total_count: p.total_count.map(|n| n.to_string()),
        }
    }
}

/// The events of an advisory (`AdvisoryEventList`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1EventList {
    /// The advisory's uid.
    pub parent_id: String,
    /// Its events, oldest first.
    pub items: Vec<V1Event>,
}

/// The v1 `AdvisoryFilter`, read from the query string.
///
/// # Errors
/// `INVALID_ARGUMENT` naming the key of a malformed uid, an unknown enum, a `page_size`
/// that is not an integer, or an `artifact_namespace` (advisories have none).
fn advisory_query(params: &ListParams) -> Result<(ListFilter, AdvisoryListInput, PageRequest), Error> {
    let one = |key: &str| params.get(key).map(|v| vec![v.to_owned()]).unwrap_or_default();
    let enums = |key: &str, names: &[&str]| -> Result<Vec<i32>, Error> {
        params
            .values(key)
            .map(|v| {
                enum_number(&Value::from(v), names)
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or_else(|| enum_error(key, names))
            })
            .collect()
    };
    if params.get("artifact_namespace").is_some() {
        return Err(Error::invalid(
            "artifact_namespace",
            "artifact_namespace is not supported: advisories carry no namespace (the field was removed from Advisory)",
        ));
    }
    let order_by = match params.get("order_by") {
        None => None,
        Some(v) => Some(
            enum_number(&Value::from(v), &ORDERS.map(|(name, _)| name))
                .map(|n| ORDERS[n].1.to_owned())
                .ok_or_else(|| enum_error("order_by", &ORDERS.map(|(name, _)| name)))?,
        ),
    };
    let filter = ListFilter { uidp: params.uidp_filter(&["id", "uidp.ids"])?, ..ListFilter::default() };
    let input = AdvisoryListInput {
        advisory_ids: one("advisory_id"),
        artifact_names: one("artifact_name"),
        artifact_types: one("artifact_type"),
        artifact_architectures: one("artifact_architecture"),
        component_names: one("component_name"),
        component_types: one("component_type"),
        aliases: params.values("aliases").map(str::to_owned).collect(),
        event_review_states: enums("event_statuses", &STATUSES)?,
        event_authors: one("event_author"),
        exclude_event_authors: one("exclude_event_author"),
        event_reviewers: one("event_reviewer"),
        event_types: enums("event_types", &EVENT_TYPES)?,
        ..AdvisoryListInput::default()
    };
    let page = PageRequest {
        page_size: params.integer("page_size")?,
        page_token: params.get("page_token").map(str::to_owned),
        order_by,
        skip: None,
    };
    Ok((filter, input, page))
}

/// The v1 advisory routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/vulnerabilities/v1/advisories", get(list_advisories).post(create_advisory))
        .route(
            "/vulnerabilities/v1/advisories/{*id}",
            get(get_at).post(post_at).put(put_at).patch(put_at).delete(delete_at),
        )
        .route("/vulnerabilities/v1/advisory_events/{*id}", put(update_event).patch(update_event))
}

/// The advisory uid of a path below `/vulnerabilities/v1/advisories/` that names its
/// events (`<uid>/events`); `None` for a path that names the advisory itself.
fn events_of(path: &str) -> Option<&str> {
    path.strip_suffix("/events")
}

fn wrong_method(method: &Method, uri: &Uri) -> V1Error {
    V1Error::MethodNotAllowed(format!("{method} is not supported on {}", uri.path()))
}

async fn list_advisories(
    State(s): State<V1State>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<V1AdvisoriesList>, V1Error> {
    let (filter, input, page) = advisory_query(query.params())?;
    Ok(Json(s.services.advisories.list(&caller, filter, &input, &page).await?.into()))
}

async fn create_advisory(
    State(s): State<V1State>,
    Caller(caller): Caller,
    JsonBody(body): JsonBody<CreateBody>,
) -> Result<Json<V1Advisory>, V1Error> {
    let mut advisory = body.advisory.unwrap_or_default();
    let events = match advisory.events.take() {
        None | Some(Value::Null) => Vec::new(),
        Some(events) => serde_json::from_value::<Vec<V1Event>>(events)
            .map_err(|e| Error::invalid("advisory.events", e.to_string()))?
            .into_iter()
            .enumerate()
            .map(|(i, e)| e.input(&format!("events[{i}].")))
            .collect::<Result<Vec<_>, _>>()?,
    };
    let parent = body.parent_id.unwrap_or_default();
    Ok(Json(s.services.advisories.create(&caller, &parent, advisory.input(), events).await?.into()))
}

/// `GET …/{id}` (one advisory) and `GET …/{parent_id}/events` (ListAdvisoryEvents).
async fn get_at(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(path): Path<String>,
) -> Result<Json<Value>, V1Error> {
    let advisories = &s.services.advisories;
    let body = match events_of(&path) {
        Some(parent) => {
            let events = advisories.list_events(&caller, parent).await?;
            serde_json::to_value(V1EventList {
                parent_id: parent.to_owned(),
                items: events.into_iter().map(Into::into).collect(),
            })
        }
        None => serde_json::to_value(V1Advisory::from(advisories.get(&caller, &path).await?)),
    };
    Ok(Json(body.map_err(|e| Error::internal(format!("cannot encode a v1 advisory: {e}")))?))
}

/// `POST …/{parent_id}/events` (CreateAdvisoryEvent); any other `POST` below an advisory is
/// not a route.
async fn post_at(
    State(s): State<V1State>,
    Caller(caller): Caller,
    method: Method,
    uri: Uri,
    Path(path): Path<String>,
    RawBody(bytes): RawBody,
) -> Result<Json<V1Event>, V1Error> {
    let Some(parent) = events_of(&path) else { return Err(wrong_method(&method, &uri)) };
    let body: CreateEventBody = parse_body(&bytes)?;
    let input = body.advisory_event.unwrap_or_default().input("advisoryEvent.")?;
    Ok(Json(s.services.advisories.create_event(&caller, parent, input).await?.into()))
}

/// `PUT` (or `PATCH`) `…/{id}`: Update, a whole replacement of the advisory's own fields.
async fn put_at(
    State(s): State<V1State>,
    Caller(caller): Caller,
    method: Method,
    uri: Uri,
    Path(path): Path<String>,
    RawBody(bytes): RawBody,
) -> Result<Json<V1Advisory>, V1Error> {
    if events_of(&path).is_some() {
        return Err(wrong_method(&method, &uri));
    }
    let body: AdvisoryBody = parse_body(&bytes)?;
    Ok(Json(s.services.advisories.update(&caller, &path, body.input()).await?.into()))
}

/// `DELETE …/{id}`: withdraws the advisory; answers `{}`.
async fn delete_at(
    State(s): State<V1State>,
    Caller(caller): Caller,
    method: Method,
    uri: Uri,
    Path(path): Path<String>,
) -> Result<Json<Value>, V1Error> {
    if events_of(&path).is_some() {
        return Err(wrong_method(&method, &uri));
    }
    s.services.advisories.delete(&caller, &path).await?;
    Ok(empty())
}

/// `PUT` (or `PATCH`) `/vulnerabilities/v1/advisory_events/{id}`: UpdateAdvisoryEvent, a
/// whole replacement of the event (its id and time stay).
async fn update_event(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<V1Event>,
) -> Result<Json<V1Event>, V1Error> {
    let input = body.input("")?;
    let event = s.services.advisories.update_event(&caller, &id, move |stored| keep_unexpressed(input.clone(), stored));
    Ok(Json(event.await?.into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn event(v: Value) -> Result<EventInput, Error> {
        serde_json::from_value::<V1Event>(v).unwrap().input("")
    }

    #[test]
    fn an_event_has_exactly_one_type_and_a_detection_exactly_one_kind() {
        let two = event(json!({"fixed": {"fixedVersion": "1"}, "patched": {}, "author": "a"})).unwrap_err();
        assert_eq!(two.to_string(), format!("Invalid argument: type: an event has exactly one of {EVENT_MEMBERS}"));
        assert!(event(json!({"author": "a"})).is_err());
        let both = event(json!({"detection": {"manual": {}, "nvdapi": {}}})).unwrap_err();
        assert_eq!(
            both.to_string(),
            "Invalid argument: detection: a detection has exactly one of nvdapi, manual, scanv1"
        );
    }

    #[test]
    fn statuses_and_false_positive_types_go_by_name_or_number_and_unknown_is_pending() {
        let fp = |t: Value| json!({"falsePositiveDetermination": {"type": t, "note": "n"}, "status": "APPROVED"});
        let by_name = event(fp(json!("VULNERABLE_CODE_NOT_IN_EXECUTION_PATH"))).unwrap();
        assert_eq!(by_name, event(fp(json!(5))).unwrap());
        assert_eq!(by_name.review_state, ReviewState::Approved);
        assert_eq!(
            by_name.detail,
            EventDetail::FalsePositiveDetermination {
                kind: FalsePositiveType::VulnerableCodeNotInExecutionPath,
                note: "n".into()
            }
        );
        let unknown = event(json!({"fixed": {}, "status": "UNKNOWN"})).unwrap();
        assert_eq!(unknown.review_state, ReviewState::Pending);
        let bad = event(json!({"fixed": {}, "status": "DONE"})).unwrap_err();
        assert_eq!(
            bad.to_string(),
            "Invalid argument: status: status must be one of UNKNOWN, PENDING, APPROVED, REQUEST_CHANGES, REJECTED or \
             its number"
        );
    }

    #[test]
    fn every_domain_event_reads_back_from_its_v1_shape_but_what_v1_cannot_say() {
        let details = [
            EventDetail::Detection(Detection::Nvdapi { cpe_searched: "a".into(), cpe_found: "b".into() }),
            EventDetail::Detection(Detection::Manual),
            EventDetail::Fixed(Fixed { fixed_version: "1.2".into(), ..Fixed::default() }),
            EventDetail::AnalysisNotPlanned { note: "x".into() },
            EventDetail::FixNotPlanned { note: "x".into() },
            EventDetail::PendingUpstreamFix { note: "x".into() },
            EventDetail::TruePositiveDetermination { note: "x".into() },
            EventDetail::Patched { patched_versions: vec!["1.2-r1".into()], note: "x".into() },
        ];
        for (n, detail) in details.into_iter().enumerate() {
            let e = AdvisoryEvent {
                uid: grove_domain::Uidp::parse(&format!("0123456789abcdef0123456789abcdef01234567/{n:016x}")).unwrap(),
                create_time: grove_domain::Timestamp::from_unix_millis(0).unwrap(),
                findings: br#"{"a":1}"#.to_vec(),
                author: "me".into(),
                reviewer: "you".into(),
                review_state: ReviewState::RequestChanges,
                issue: Some("i".into()),
                detail,
            };
            let v1 = serde_json::to_value(V1Event::from(e.clone())).unwrap();
            let back = serde_json::from_value::<V1Event>(v1).unwrap().input("").unwrap();
            assert_eq!(back.detail, e.detail);
            assert_eq!((back.findings, back.review_state, back.issue), (e.findings, e.review_state, e.issue));
        }
    }

    #[test]
    fn a_replaced_fix_keeps_the_note_and_scanner_data_version_1_cannot_send() {
        let stored = AdvisoryEvent {
            uid: grove_domain::Uidp::parse("0123456789abcdef0123456789abcdef01234567/0000000000000001").unwrap(),
            create_time: grove_domain::Timestamp::from_unix_millis(0).unwrap(),
            findings: Vec::new(),
            author: "me".into(),
            reviewer: String::new(),
            review_state: ReviewState::Pending,
            issue: None,
            detail: EventDetail::Fixed(Fixed {
                fixed_version: "1.0".into(),
                note: "from OSV".into(),
                scanner_version: "0.70".into(),
                ..Fixed::default()
            }),
        };
        let input = event(json!({"fixed": {"fixedVersion": "1.1"}, "author": "me"})).unwrap();
        assert_eq!(
            keep_unexpressed(input, &stored).detail,
            EventDetail::Fixed(Fixed {
                fixed_version: "1.1".into(),
                note: "from OSV".into(),
                scanner_version: "0.70".into(),
                ..Fixed::default()
            })
        );
    }
}
