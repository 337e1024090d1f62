//! Advisory reads for API callers, and the administration writes (import, triage events).
//!
//! Where advisories live: every advisory is a child of a group (normally an organization).
//! The configured catalog organization holds the advisories everyone shares: any caller who
//! holds `advisories.list` anywhere may read them. An organization's own advisories are read
//! like any other resource, with `advisories.list` at or above them. Writes never go through
//! the public API (it is read-only); they are the administration path of
//! `grove advisories import` and `grove advisories add-event`.

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::listing::{ListFilter, Page, PageRequest, SortField, Visibility};
use crate::model::{Advisory, AdvisoryEvent, AdvisoryFilter, EventDetail, EventKind, ReviewState};
use crate::uidp::Uidp;

use super::{authorize, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::CreateTime, SortField::UpdateTime];
/// The most values one repeated filter may hold.
pub const MAX_FILTER_VALUES: usize = 100;
/// The longest filter value, `query` included.
pub const MAX_FILTER_TEXT: usize = 256;
/// The longest author, reviewer, issue or note of an event.
pub const MAX_EVENT_TEXT: usize = 1_024;
/// The largest `findings` of an event.
pub const MAX_FINDINGS: usize = 1 << 20;

/// The list filters exactly as the client sent them (enums as their public numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdvisoryListInput {
    /// `advisory_ids`.
    pub advisory_ids: Vec<String>,
    /// `legacy_advisory_ids`.
    pub legacy_advisory_ids: Vec<String>,
    /// `artifact_names`.
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
    /// `aliases`.
    pub aliases: Vec<String>,
    /// `origin`.
    pub origin: Option<String>,
    /// `event_review_states` (numbers).
    pub event_review_states: Vec<i32>,
    /// `event_authors`.
    pub event_authors: Vec<String>,
    /// `exclude_event_authors`.
    pub exclude_event_authors: Vec<String>,
    /// `event_reviewers`.
    pub event_reviewers: Vec<String>,
    /// `event_types` (numbers).
    pub event_types: Vec<i32>,
    /// `latest_event_type` (number; 0 means unset).
    pub latest_event_type: Option<i32>,
    /// `query`.
    pub query: Option<String>,
}

fn texts(v: &mut Violations, field: &str, values: &[String]) -> Vec<String> {
    if values.len() > MAX_FILTER_VALUES {
        v.add(field, format!("{field} may hold at most {MAX_FILTER_VALUES} values"));
    }
    if values.iter().any(|s| s.len() > MAX_FILTER_TEXT || s.chars().any(char::is_control)) {
        v.add(field, format!("each {field} value may be at most {MAX_FILTER_TEXT} bytes, without control characters"));
    }
    let mut out = values.to_vec();
    out.sort();
    out.dedup();
    out
}

fn enums<T: Ord>(v: &mut Violations, field: &str, values: &[i32], parse: impl Fn(i32) -> Option<T>) -> Vec<T> {
    if values.len() > MAX_FILTER_VALUES {
        v.add(field, format!("{field} may hold at most {MAX_FILTER_VALUES} values"));
    }
    let mut out = Vec::new();
    for n in values {
        match parse(*n) {
            Some(x) => out.push(x),
            None => v.add(field, format!("{field} value {n} is not a valid (specified) value")),
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Parses the list filters.
///
/// # Errors
/// `INVALID_ARGUMENT` naming every bad filter.
pub fn advisory_filter(input: &AdvisoryListInput) -> Result<AdvisoryFilter> {
    let mut v = Violations::default();
    let one = |v: &mut Violations, field: &str, s: &Option<String>| {
        let s = s.as_deref().filter(|s| !s.is_empty())?;
        if s.len() > MAX_FILTER_TEXT || s.chars().any(char::is_control) {
            v.add(field, format!("{field} may be at most {MAX_FILTER_TEXT} bytes, without control characters"));
        }
        Some(s.to_owned())
    };
    let filter = AdvisoryFilter {
        advisory_ids: texts(&mut v, "advisory_ids", &input.advisory_ids),
        legacy_advisory_ids: texts(&mut v, "legacy_advisory_ids", &input.legacy_advisory_ids),
        artifact_names: texts(&mut v, "artifact_names", &input.artifact_names),
        artifact_types: texts(&mut v, "artifact_types", &input.artifact_types),
        artifact_architectures: texts(&mut v, "artifact_architectures", &input.artifact_architectures),
        component_names: texts(&mut v, "component_names", &input.component_names),
        component_types: texts(&mut v, "component_types", &input.component_types),
        component_locations: texts(&mut v, "component_locations", &input.component_locations),
        aliases: texts(&mut v, "aliases", &input.aliases),
        origin: one(&mut v, "origin", &input.origin),
        event_review_states: enums(&mut v, "event_review_states", &input.event_review_states, ReviewState::from_number),
        event_authors: texts(&mut v, "event_authors", &input.event_authors),
        exclude_event_authors: texts(&mut v, "exclude_event_authors", &input.exclude_event_authors),
        event_reviewers: texts(&mut v, "event_reviewers", &input.event_reviewers),
        event_types: enums(&mut v, "event_types", &input.event_types, EventKind::from_number),
        latest_event_type: match input.latest_event_type {
            None | Some(0) => None,
            Some(n) => {
                let kind = EventKind::from_number(n);
                if kind.is_none() {
                    v.add("latest_event_type", format!("latest_event_type {n} is not a valid value"));
                }
                kind
            }
        },
        query: one(&mut v, "query", &input.query).map(|q| q.to_lowercase()),
    };
    v.finish()?;
    Ok(filter)
}

/// A triage event as an administrator records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventInput {
    /// Who recorded it.
    pub author: String,
    /// Who reviewed it (may be empty).
    pub reviewer: String,
    /// Its review state.
    pub review_state: ReviewState,
    /// The issue it came from.
    pub issue: Option<String>,
    /// Scanner findings, JSON (may be empty).
    pub findings: Vec<u8>,
    /// What happened.
    pub detail: EventDetail,
}

/// What an import batch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ImportCounts {
    /// Advisories that did not exist.
    pub created: u64,
    /// Advisories that changed.
    pub updated: u64,
    /// Advisories that were already exactly so.
    pub unchanged: u64,
}

impl std::ops::AddAssign for ImportCounts {
    fn add_assign(&mut self, o: Self) {
        self.created += o.created;
        self.updated += o.updated;
        self.unchanged += o.unchanged;
    }
}

/// Advisory operations.
#[derive(Debug, Clone)]
pub struct AdvisoryService {
    deps: Deps,
    catalog: Option<Uidp>,
}

impl AdvisoryService {
    /// The service on `deps`, without a catalog organization.
    #[must_use]
    pub fn new(deps: Deps) -> Self {
        Self { deps, catalog: None }
    }

    /// The same service, sharing the advisories of `catalog` with every advisory reader.
    #[must_use]
    pub fn with_catalog(mut self, catalog: Option<Uidp>) -> Self {
        self.catalog = catalog;
        self
    }

    /// The catalog organization, when one is configured.
    #[must_use]
    pub fn catalog(&self) -> Option<&Uidp> {
        self.catalog.as_ref()
    }

    fn reads_catalog(&self, caller: &Principal) -> bool {
        self.catalog.is_some()
            && (caller.can_at_root(Capability::AdvisoriesList) || !caller.scopes(Capability::AdvisoriesList).is_empty())
    }

    fn visibility(&self, caller: &Principal) -> Visibility {
        let mut visibility = caller.visibility(Capability::AdvisoriesList);
        if let (Some(catalog), true, Some(scopes)) =
            (&self.catalog, self.reads_catalog(caller), visibility.scopes.as_mut())
        {
            if !scopes.iter().any(|s| catalog.is_self_or_descendant_of(s)) {
                scopes.retain(|s| !s.is_descendant_of(catalog));
                scopes.push(catalog.clone());
            }
        }
        visibility
    }

    /// Lists the advisories the caller may read: its organizations' own and the catalog's.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad filters or paging parameters; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        mut filter: ListFilter,
        input: &AdvisoryListInput,
        page: &PageRequest,
    ) -> Result<Page<Advisory>> {
        filter.advisories = Some(Box::new(advisory_filter(input)?));
        let plan = self.deps.pager.plan(page, caller.identity(), filter, self.visibility(caller), SORTABLE)?;
        let rows = self.deps.store.list_advisories(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Fetches one advisory.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` (also when the caller may not read it).
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Advisory> {
        let uid = Uidp::parse_field("uid", uid)?;
        let in_catalog = self.catalog.as_ref().is_some_and(|c| uid.is_descendant_of(c));
        if !(in_catalog && self.reads_catalog(caller)) {
            authorize(caller, Capability::AdvisoriesList, Capability::AdvisoriesList, "advisory", &uid)?;
        }
        self.deps.store.get_advisory(&uid).await?.ok_or_else(|| not_found("advisory", &uid))
    }

    /// Stores a batch of imported advisories (children of existing groups), keeping the
    /// uid, creation time and every event written by someone other than the importer
    /// (`author` of each advisory) of those that exist; advisories that would not change are
    /// not written at all.
    ///
    /// # Errors
    /// `NOT_FOUND` when a parent group does not exist; `ALREADY_EXISTS` on a CGA id clash;
    /// store failures. Then nothing of the batch is written.
    pub async fn import(&self, batch: Vec<Advisory>) -> Result<ImportCounts> {
        let mut incoming: Vec<Advisory> = Vec::with_capacity(batch.len());
        for a in batch {
            // A later copy of the same advisory in one batch wins.
            match incoming.iter_mut().find(|b| b.uid == a.uid) {
                Some(slot) => *slot = a,
                None => incoming.push(a),
            }
        }
        let uids: Vec<Uidp> = incoming.iter().map(|a| a.uid.clone()).collect();
        let existing = self.deps.store.get_advisories(&uids).await?;
        let now = self.deps.clock.now();
        let mut counts = ImportCounts::default();
        let mut writes = Vec::new();
        for mut a in incoming {
            a.events.sort_by(|x, y| x.create_time.cmp(&y.create_time).then_with(|| x.uid.cmp(&y.uid)));
            match existing.iter().find(|e| e.uid == a.uid) {
                Some(old) => {
                    let mut events: Vec<AdvisoryEvent> =
                        old.events.iter().filter(|e| e.author != a.author).cloned().collect();
                    events.append(&mut a.events);
                    events.sort_by(|x, y| x.create_time.cmp(&y.create_time).then_with(|| x.uid.cmp(&y.uid)));
                    a.events = events;
                    a.create_time = old.create_time;
                    a.update_time = old.update_time;
                    if a == *old {
                        counts.unchanged += 1;
                        continue;
                    }
                    a.update_time = now;
                    counts.updated += 1;
                }
                None => {
                    a.create_time = now;
                    a.update_time = now;
                    counts.created += 1;
                }
            }
            writes.push(a);
        }
        if !writes.is_empty() {
            self.deps.store.put_advisories(&writes).await?;
        }
        Ok(counts)
    }

    /// Adds a triage event to an advisory (administration path; no caller check).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad uid, empty author, over-long text or findings that are
    /// not JSON; `NOT_FOUND` when the advisory does not exist.
    pub async fn add_event(&self, advisory: &str, input: EventInput) -> Result<Advisory> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("advisory", advisory));
        let text = |v: &mut Violations, field: &str, s: &str, required: bool| {
            if required && s.trim().is_empty() {
                v.add(field, format!("{field} is required"));
            }
            if s.len() > MAX_EVENT_TEXT || s.chars().any(char::is_control) {
                v.add(field, format!("{field} must be at most {MAX_EVENT_TEXT} bytes without control characters"));
            }
        };
        text(&mut v, "author", &input.author, true);
        text(&mut v, "reviewer", &input.reviewer, false);
        if let Some(issue) = &input.issue {
            text(&mut v, "issue", issue, false);
        }
        if input.findings.len() > MAX_FINDINGS {
            v.add("findings", format!("findings may be at most {MAX_FINDINGS} bytes"));
        } else if !input.findings.is_empty() && serde_json::from_slice::<serde_json::Value>(&input.findings).is_err() {
            v.add("findings", "findings must be JSON");
        }
        v.finish()?;
        let uid = uid.ok_or_else(|| Error::internal("validated uid missing"))?;
        let mut advisory = self.deps.store.get_advisory(&uid).await?.ok_or_else(|| not_found("advisory", &uid))?;
        let now = self.deps.clock.now();
        advisory.events.push(AdvisoryEvent {
            uid: self.deps.ids.new_child(&uid),
            create_time: now,
            findings: input.findings,
            author: input.author,
            reviewer: input.reviewer,
            review_state: input.review_state,
            issue: input.issue,
            detail: input.detail,
        });
        advisory.events.sort_by(|x, y| x.create_time.cmp(&y.create_time).then_with(|| x.uid.cmp(&y.uid)));
        advisory.update_time = now;
        self.deps.store.put_advisories(std::slice::from_ref(&advisory)).await?;
        Ok(advisory)
    }
}
