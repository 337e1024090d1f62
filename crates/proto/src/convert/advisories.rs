//! Advisories: the resource out, the list request's filters in (from gRPC messages and from
//! REST query strings, enums by name or number).

use grove_domain::error::Error;
use grove_domain::model::{
    Advisory, AdvisoryEvent, Detection, EventDetail, EventKind, FalsePositiveType, Fixed, ReviewState, ScanV1, Severity,
};
use grove_domain::params::ListParams;
use grove_domain::services::AdvisoryListInput;

use super::list_response;
use crate::vulnerabilities as pb;
use pb::advisory_event as ev;

impl From<Severity> for pb::Severity {
    fn from(s: Severity) -> Self {
        Self { r#type: s.kind.number(), score: s.score }
    }
}

fn detail(d: EventDetail) -> ev::Type {
    match d {
        EventDetail::Detection(how) => ev::Type::Detection(ev::Detection {
            r#type: Some(match how {
                Detection::Nvdapi { cpe_searched, cpe_found } => {
                    ev::detection::Type::Nvdapi(ev::detection::Nvdapi { cpe_searched, cpe_found })
                }
                Detection::Manual => ev::detection::Type::Manual(ev::detection::Manual {}),
                Detection::Scanv1(s) => {
                    let s = *s;
                    ev::detection::Type::Scanv1(ev::detection::ScanV1 {
                        scanner: s.scanner,
                        subpackage: s.subpackage,
                        component_id: s.component_id,
                        component: s.component,
                        component_version: s.component_version,
                        component_type: s.component_type,
                        component_location: s.component_location,
                        artifact_version: s.artifact_version,
                        scanner_version: s.scanner_version,
                        grype_db_built: s.grype_db_built,
                        grype_db_checksum: s.grype_db_checksum,
                    })
                }
            }),
        }),
        EventDetail::Fixed(f) => ev::Type::Fixed(ev::Fixed {
            fixed_version: f.fixed_version,
            note: f.note,
            scanner_version: f.scanner_version,
            grype_db_built: f.grype_db_built,
            grype_db_checksum: f.grype_db_checksum,
        }),
        EventDetail::FalsePositiveDetermination { kind, note } => {
            ev::Type::FalsePositiveDetermination(ev::FalsePositiveDetermination { r#type: kind.number(), note })
        }
        EventDetail::AnalysisNotPlanned { note } => ev::Type::AnalysisNotPlanned(ev::AnalysisNotPlanned { note }),
        EventDetail::FixNotPlanned { note } => ev::Type::FixNotPlanned(ev::FixNotPlanned { note }),
        EventDetail::PendingUpstreamFix { note } => ev::Type::PendingUpstreamFix(ev::PendingUpstreamFix { note }),
        EventDetail::TruePositiveDetermination { note } => {
            ev::Type::TruePositiveDetermination(ev::TruePositiveDetermination { note })
        }
        EventDetail::Patched { patched_versions, note } => ev::Type::Patched(ev::Patched { patched_versions, note }),
    }
}

/// The event detail the API's `type` oneof describes (the inverse of `detail`), for writers
/// that take the API's JSON.
///
/// # Errors
/// `INVALID_ARGUMENT` for a detection without its kind or an unknown false-positive type.
pub fn event_detail(t: ev::Type) -> Result<EventDetail, Error> {
    Ok(match t {
        ev::Type::Detection(d) => EventDetail::Detection(match d.r#type {
            Some(ev::detection::Type::Nvdapi(n)) => {
                Detection::Nvdapi { cpe_searched: n.cpe_searched, cpe_found: n.cpe_found }
            }
            Some(ev::detection::Type::Manual(_)) => Detection::Manual,
            Some(ev::detection::Type::Scanv1(s)) => Detection::Scanv1(Box::new(ScanV1 {
                scanner: s.scanner,
                subpackage: s.subpackage,
                component_id: s.component_id,
                component: s.component,
                component_version: s.component_version,
                component_type: s.component_type,
                component_location: s.component_location,
                artifact_version: s.artifact_version,
                scanner_version: s.scanner_version,
                grype_db_built: s.grype_db_built,
                grype_db_checksum: s.grype_db_checksum,
            })),
            None => return Err(Error::invalid("detection", "detection needs one of nvdapi, manual or scanv1")),
        }),
        ev::Type::Fixed(f) => EventDetail::Fixed(Fixed {
            fixed_version: f.fixed_version,
            note: f.note,
            scanner_version: f.scanner_version,
            grype_db_built: f.grype_db_built,
            grype_db_checksum: f.grype_db_checksum,
        }),
        ev::Type::FalsePositiveDetermination(f) => EventDetail::FalsePositiveDetermination {
            kind: usize::try_from(f.r#type)
                .ok()
                .and_then(|n| FalsePositiveType::ALL.get(n).copied())
                .ok_or_else(|| Error::invalid("falsePositiveDetermination.type", "unknown false positive type"))?,
            note: f.note,
        },
        ev::Type::AnalysisNotPlanned(a) => EventDetail::AnalysisNotPlanned { note: a.note },
        ev::Type::FixNotPlanned(f) => EventDetail::FixNotPlanned { note: f.note },
        ev::Type::PendingUpstreamFix(p) => EventDetail::PendingUpstreamFix { note: p.note },
        ev::Type::TruePositiveDetermination(t) => EventDetail::TruePositiveDetermination { note: t.note },
        ev::Type::Patched(p) => EventDetail::Patched { patched_versions: p.patched_versions, note: p.note },
    })
}

impl From<AdvisoryEvent> for pb::AdvisoryEvent {
    fn from(e: AdvisoryEvent) -> Self {
        Self {
            uid: e.uid.into(),
            create_time: Some(e.create_time.into()),
            findings: e.findings,
            author: e.author,
            reviewer: e.reviewer,
            review_state: i32::from(e.review_state.number()),
            issue: e.issue,
            r#type: Some(detail(e.detail)),
        }
    }
}

impl From<Advisory> for pb::Advisory {
    fn from(a: Advisory) -> Self {
        Self {
            uid: a.uid.into(),
            advisory_id: a.advisory_id,
            create_time: Some(a.create_time.into()),
            update_time: Some(a.update_time.into()),
            delete_time: a.delete_time.map(Into::into),
            author: a.author,
            artifact_name: a.artifact_name,
            artifact_type: a.artifact_type,
            artifact_architecture: a.artifact_architecture,
            component_name: a.component_name,
            component_location: a.component_location,
            component_type: a.component_type,
            aliases: a.aliases,
            events: a.events.into_iter().map(Into::into).collect(),
            legacy_advisory_id: a.legacy_advisory_id,
            severities: a.severities.into_iter().map(Into::into).collect(),
        }
    }
}

list_response!(pb::ListAdvisoriesResponse, Advisory, advisories);

/// The filters of a gRPC list request (its `uidp` and paging go through [`super::ListQuery`]).
#[must_use]
pub fn advisory_list_input(r: &pb::ListAdvisoriesRequest) -> AdvisoryListInput {
    AdvisoryListInput {
        advisory_ids: r.advisory_ids.clone(),
        legacy_advisory_ids: r.legacy_advisory_ids.clone(),
        artifact_names: r.artifact_names.clone(),
        artifact_types: r.artifact_types.clone(),
        artifact_architectures: r.artifact_architectures.clone(),
        component_names: r.component_names.clone(),
        component_types: r.component_types.clone(),
        component_locations: r.component_locations.clone(),
        aliases: r.aliases.clone(),
        origin: r.origin.clone(),
        event_review_states: r.event_review_states.clone(),
        event_authors: r.event_authors.clone(),
        exclude_event_authors: r.exclude_event_authors.clone(),
        event_reviewers: r.event_reviewers.clone(),
        event_types: r.event_types.clone(),
        latest_event_type: r.latest_event_type,
        query: Some(r.query.clone()).filter(|q| !q.is_empty()),
    }
}

fn enum_values(
    params: &ListParams,
    key: &str,
    by_name: impl Fn(&str) -> Option<i32>,
    names: &[&str],
) -> Result<Vec<i32>, Error> {
    params
        .values(key)
        .map(|v| {
            v.parse::<i32>().ok().or_else(|| by_name(v)).ok_or_else(|| {
                Error::invalid(key, format!("{key} {v:?} is not one of {} (or its number)", names.join(", ")))
            })
        })
        .collect()
}

/// The filters of a REST list request: repeated filters by repeating the key (values are not
/// split at commas), enums by name or number.
///
/// # Errors
/// `INVALID_ARGUMENT` naming the key of an unknown enum name, or of `origin`,
/// `latest_event_type` or `query` given more than once.
pub fn advisory_list_input_from_query(params: &ListParams) -> Result<AdvisoryListInput, Error> {
    params.given_once(["origin", "latest_event_type", "query"])?;
    let texts = |key: &str| params.values(key).map(str::to_owned).collect::<Vec<_>>();
    let state_names: Vec<&str> = ReviewState::ALL
        .iter()
        .map(|s| pb::ReviewState::try_from(i32::from(s.number())).map_or("", |p| p.as_str_name()))
        .collect();
    let kind_names: Vec<&str> = EventKind::ALL
        .iter()
        .map(|k| pb::EventTypeFilter::try_from(i32::from(k.number())).map_or("", |p| p.as_str_name()))
        .collect();
    let state = |n: &str| pb::ReviewState::from_str_name(n).map(|s| s as i32);
    let kind = |n: &str| pb::EventTypeFilter::from_str_name(n).map(|k| k as i32);
    let latest = enum_values(params, "latest_event_type", kind, &kind_names)?.last().copied();
    Ok(AdvisoryListInput {
        advisory_ids: texts("advisory_ids"),
        legacy_advisory_ids: texts("legacy_advisory_ids"),
        artifact_names: texts("artifact_names"),
        artifact_types: texts("artifact_types"),
        artifact_architectures: texts("artifact_architectures"),
        component_names: texts("component_names"),
        component_types: texts("component_types"),
        component_locations: texts("component_locations"),
        aliases: texts("aliases"),
        origin: params.get("origin").map(str::to_owned),
        event_review_states: enum_values(params, "event_review_states", state, &state_names)?,
        event_authors: texts("event_authors"),
        exclude_event_authors: texts("exclude_event_authors"),
        event_reviewers: texts("event_reviewers"),
        event_types: enum_values(params, "event_types", kind, &kind_names)?,
        latest_event_type: latest,
        query: params.get("query").map(str::to_owned),
    })
}
