//! Advisory reads for API callers, the writes of advisory triagers, and the administration
//! writes (import, `add-event`).
//!
//! Where advisories live: every advisory is a child of a group (normally an organization).
//! The configured catalog organization holds the advisories everyone shares: any caller who
//! holds `advisories.list` anywhere may read them. An organization's own advisories are read
//! like any other resource, with `advisories.list` at or above them.
//!
//! Writes through the API (version 1's Create, Update, Delete, CreateAdvisoryEvent and
//! UpdateAdvisoryEvent) need `advisories.create`, `update` or `delete` where the advisory
//! lives, and `advisories.approve` to record or change a review; no built-in role grants
//! any of them (custom roles do). Each emits its event. Delete withdraws the advisory (sets
//! its delete time), as an import of a withdrawn record does. Every change moves the update
//! time forward by at least a millisecond, and the store writes a change only over the
//! version it was computed from, so concurrent writers never lose each other's events.
//! The administration path (`grove advisories import|add-event`) acts without a caller.

use std::sync::LazyLock;

use regex::Regex;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{ListFilter, Page, PageRequest, SortField, Visibility};
use crate::model::{Advisory, AdvisoryEvent, AdvisoryFilter, EventDetail, EventKind, ReviewState};
use crate::ports::ADVISORY_CHANGED;
use crate::time::Timestamp;
use crate::uidp::Uidp;

use super::{checked, not_found, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::Uid, SortField::CreateTime, SortField::UpdateTime];
/// The most values one repeated filter may hold.
pub const MAX_FILTER_VALUES: usize = 100;
/// The longest filter value, `query` included.
pub const MAX_FILTER_TEXT: usize = 256;
/// The longest author, reviewer, issue or note of an event.
pub const MAX_EVENT_TEXT: usize = 1_024;
/// The largest `findings` of an event.
pub const MAX_FINDINGS: usize = 1 << 20;
/// The most aliases an advisory may have.
pub const MAX_ALIASES: usize = 100;
/// The most events one create may carry.
pub const MAX_EVENTS_PER_CREATE: usize = 100;
/// How often a write is computed again after losing a race with another writer.
const WRITE_ATTEMPTS: usize = 4;

#[allow(clippy::expect_used)]
static CGA_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^CGA-[23456789cfghjmpqrvwx]{4}-[23456789cfghjmpqrvwx]{4}-[23456789cfghjmpqrvwx]{4}$")
        .expect("CGA id pattern compiles")
});

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

/// An advisory's own fields as a writer gives them. On create, `None` is empty (and a fresh
/// `advisory_id` is made); on update, `None` keeps the stored value. Severities and the
/// origin are not written through the API (the import sets them; a created advisory is its
/// own origin).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdvisoryInput {
    /// The CGA id (`CGA-xxxx-xxxx-xxxx`); it never changes once the advisory exists.
    pub advisory_id: Option<String>,
    /// Who wrote it (required).
    pub author: Option<String>,
    /// The affected artifact (required).
    pub artifact_name: Option<String>,
    /// `apk`, `image`, `library`, … (required).
    pub artifact_type: Option<String>,
    /// `x86_64`, `aarch64`, …
    pub artifact_architecture: Option<String>,
    /// The affected component.
    pub component_name: Option<String>,
    /// Where the component is.
    pub component_location: Option<String>,
    /// `go-module`, `python`, …
    pub component_type: Option<String>,
    /// CVE, GHSA, … ids.
    pub aliases: Option<Vec<String>>,
    /// The id of the record it came from; `Some(None)` removes it.
    pub legacy_advisory_id: Option<Option<String>>,
}

/// One text field: required ones non-blank, all at most [`MAX_EVENT_TEXT`] bytes without
/// control characters.
fn text(v: &mut Violations, field: &str, s: &str, required: bool) {
    if required && s.trim().is_empty() {
        v.add(field, format!("{field} is required"));
    }
    if s.len() > MAX_EVENT_TEXT || s.chars().any(char::is_control) {
        v.add(field, format!("{field} must be at most {MAX_EVENT_TEXT} bytes without control characters"));
    }
}

impl AdvisoryInput {
    /// Checks the given fields; `creating` makes the required ones required when omitted.
    fn check(&self, v: &mut Violations, creating: bool) {
        let required =
            [("author", &self.author), ("artifactName", &self.artifact_name), ("artifactType", &self.artifact_type)];
        for (field, value) in required {
            match value {
                Some(s) => text(v, field, s, true),
                None if creating => v.add(field, format!("{field} is required")),
                None => {}
            }
        }
        let optional = [
            ("artifactArchitecture", &self.artifact_architecture),
            ("componentName", &self.component_name),
            ("componentLocation", &self.component_location),
            ("componentType", &self.component_type),
        ];
        for (field, value) in optional {
            if let Some(s) = value {
                text(v, field, s, false);
            }
        }
        if let Some(Some(legacy)) = &self.legacy_advisory_id {
            text(v, "legacyAdvisoryId", legacy, false);
        }
        if let Some(id) = self.advisory_id.as_deref().filter(|id| !id.is_empty()) {
            if !CGA_ID.is_match(id) {
                v.add("advisoryId", "advisoryId must look like CGA-xxxx-xxxx-xxxx (letters 23456789cfghjmpqrvwx)");
            }
        }
        if let Some(aliases) = &self.aliases {
            if aliases.len() > MAX_ALIASES {
                v.add("aliases", format!("aliases may hold at most {MAX_ALIASES} values"));
            }
            for (i, alias) in aliases.iter().enumerate() {
                if alias.is_empty() || alias.len() > MAX_FILTER_TEXT || alias.chars().any(char::is_control) {
                    v.add(
                        "aliases",
                        format!("each alias must be 1 to {MAX_FILTER_TEXT} bytes without control characters"),
                    );
                    break;
                }
                if aliases[..i].contains(alias) {
                    v.add("aliases", format!("alias {alias} is given twice"));
                    break;
                }
            }
        }
    }

    /// Writes the given fields into `a`; an artifact rename carries along an origin that was
    /// the artifact itself.
    fn apply(self, a: &mut Advisory) {
        if let Some(name) = self.artifact_name {
            if a.origin == a.artifact_name {
                a.origin.clone_from(&name);
            }
            a.artifact_name = name;
        }
        let fields = [
            (self.author, &mut a.author),
            (self.artifact_type, &mut a.artifact_type),
            (self.artifact_architecture, &mut a.artifact_architecture),
            (self.component_name, &mut a.component_name),
            (self.component_location, &mut a.component_location),
            (self.component_type, &mut a.component_type),
        ];
        for (given, stored) in fields {
            if let Some(value) = given {
                *stored = value;
            }
        }
        if let Some(aliases) = self.aliases {
            a.aliases = aliases;
        }
        if let Some(legacy) = self.legacy_advisory_id {
            a.legacy_advisory_id = legacy.filter(|l| !l.is_empty());
        }
    }
}

/// A triage event as a writer records it.
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

impl EventInput {
    /// Checks the event's fields, naming them below `prefix` (`""` or `events[2].`).
    fn check(&self, v: &mut Violations, prefix: &str) {
        text(v, &format!("{prefix}author"), &self.author, true);
        text(v, &format!("{prefix}reviewer"), &self.reviewer, false);
        if let Some(issue) = &self.issue {
            text(v, &format!("{prefix}issue"), issue, false);
        }
        let findings = format!("{prefix}findings");
        if self.findings.len() > MAX_FINDINGS {
            v.add(&findings, format!("{findings} may be at most {MAX_FINDINGS} bytes"));
        } else if !self.findings.is_empty() && serde_json::from_slice::<serde_json::Value>(&self.findings).is_err() {
            v.add(&findings, format!("{findings} must be JSON"));
        }
    }

    /// True when the event records a review: a state other than pending, or a reviewer.
    fn is_reviewed(&self) -> bool {
        self.review_state != ReviewState::Pending || !self.reviewer.is_empty()
    }

    /// The event, with its uid and time.
    fn into_event(self, uid: Uidp, at: Timestamp) -> AdvisoryEvent {
        AdvisoryEvent {
            uid,
            create_time: at,
            findings: self.findings,
            author: self.author,
            reviewer: self.reviewer,
            review_state: self.review_state,
            issue: self.issue,
            detail: self.detail,
        }
    }
}

fn is_reviewed(e: &AdvisoryEvent) -> bool {
    e.review_state != ReviewState::Pending || !e.reviewer.is_empty()
}

/// Events in time order; events of one instant keep the order they were added in.
fn sort_events(events: &mut [AdvisoryEvent]) {
    events.sort_by_key(|e| e.create_time);
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
            *scopes = scopes.with(catalog.clone());
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

    /// True when `caller` may read advisories at `uid` (an advisory, or the group it is in).
    fn readable(&self, caller: &Principal, uid: &Uidp) -> bool {
        let in_catalog = self.catalog.as_ref().is_some_and(|c| uid.is_self_or_descendant_of(c));
        (in_catalog && self.reads_catalog(caller)) || caller.can(Capability::AdvisoriesList, uid)
    }

    /// Requires `needed` at `uid`, answering `NOT_FOUND` (as `kind`) when the caller may not
    /// even read advisories there (nor list the group, for a group).
    fn authorize(&self, caller: &Principal, needed: Capability, kind: &str, uid: &Uidp) -> Result<()> {
        let visible = caller.can(needed, uid)
            || self.readable(caller, uid)
            || (kind == "group" && caller.can(Capability::GroupsList, uid));
        if !visible {
            return Err(not_found(kind, uid));
        }
        caller.require(needed, uid)
    }

    /// Fetches one advisory.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND` (also when the caller may not read it).
    pub async fn get(&self, caller: &Principal, uid: &str) -> Result<Advisory> {
        let uid = Uidp::parse_field("uid", uid)?;
        if !self.readable(caller, &uid) {
            return Err(not_found("advisory", &uid));
        }
        self.deps.store.get_advisory(&uid).await?.ok_or_else(|| not_found("advisory", &uid))
    }

    /// Creates an advisory in group `parent` with its first `events` (oldest first), as
    /// `caller`: `advisories.create` there, and `advisories.approve` when an event records a
    /// review. Without an `advisory_id` it gets a fresh one. `AdvisoryCreated`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field; `NOT_FOUND` for a missing group (or one the
    /// caller may not see); `PERMISSION_DENIED`; `ALREADY_EXISTS` for a CGA id the group has.
    pub async fn create(
        &self,
        caller: &Principal,
        parent: &str,
        input: AdvisoryInput,
        events: Vec<EventInput>,
    ) -> Result<Advisory> {
        let mut v = Violations::default();
        let parent = v.take(Uidp::parse_field("parent", parent));
        input.check(&mut v, true);
        if events.len() > MAX_EVENTS_PER_CREATE {
            v.add("events", format!("events may hold at most {MAX_EVENTS_PER_CREATE} values"));
        }
        for (i, e) in events.iter().enumerate() {
            e.check(&mut v, &format!("events[{i}]."));
        }
        v.finish()?;
        let parent = checked(parent)?;
        self.authorize(caller, Capability::AdvisoriesCreate, "group", &parent)?;
        if events.iter().any(EventInput::is_reviewed) {
            caller.require(Capability::AdvisoriesApprove, &parent)?;
        }
        let now = self.deps.clock.now();
        let uid = self.deps.ids.new_child(&parent);
        let advisory_id = match input.advisory_id.clone().filter(|id| !id.is_empty()) {
            Some(id) => id,
            None => crate::osv::cga_id(&["api", uid.as_str()]),
        };
        let mut advisory = Advisory {
            uid: uid.clone(),
            advisory_id,
            create_time: now,
            update_time: now,
            delete_time: None,
            author: String::new(),
            artifact_name: String::new(),
            artifact_type: String::new(),
            artifact_architecture: String::new(),
            component_name: String::new(),
            component_location: String::new(),
            component_type: String::new(),
            origin: String::new(),
            aliases: Vec::new(),
            events: Vec::new(),
            legacy_advisory_id: None,
            severities: Vec::new(),
        };
        input.apply(&mut advisory);
        advisory.events = events.into_iter().map(|e| e.into_event(self.deps.ids.new_child(&uid), now)).collect();
        let event = self.deps.event(caller.origin(), EventType::AdvisoryCreated, &uid, now);
        self.deps.store.create_advisory(&advisory, &event).await?;
        Ok(advisory)
    }

    /// Changes the given fields of an advisory (its events stay as they are), as `caller`
    /// with `advisories.update`. `AdvisoryUpdated`; nothing is written when nothing changes.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming every bad field (also a different `advisory_id`);
    /// `NOT_FOUND`; `PERMISSION_DENIED`; `UNAVAILABLE` when it kept changing meanwhile.
    pub async fn update(&self, caller: &Principal, uid: &str, input: AdvisoryInput) -> Result<Advisory> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("uid", uid));
        input.check(&mut v, false);
        v.finish()?;
        let uid = checked(uid)?;
        self.authorize(caller, Capability::AdvisoriesUpdate, "advisory", &uid)?;
        self.write(caller.origin(), &uid, EventType::AdvisoryUpdated, &uid, |a| {
            if let Some(id) = input.advisory_id.as_deref().filter(|id| !id.is_empty() && *id != a.advisory_id) {
                return Err(Error::invalid(
                    "advisoryId",
                    format!("advisoryId is {} and cannot change (to {id})", a.advisory_id),
                ));
            }
            input.clone().apply(a);
            Ok(())
        })
        .await
    }

    /// Withdraws an advisory (sets its delete time; it stays readable, as a withdrawn
    /// imported record does), as `caller` with `advisories.delete`. `AdvisoryDeleted`;
    /// withdrawing a withdrawn advisory changes nothing.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid; `NOT_FOUND`; `PERMISSION_DENIED`;
    /// `UNAVAILABLE` when it kept changing meanwhile.
    pub async fn delete(&self, caller: &Principal, uid: &str) -> Result<Advisory> {
        let uid = Uidp::parse_field("uid", uid)?;
        self.authorize(caller, Capability::AdvisoriesDelete, "advisory", &uid)?;
        let now = self.deps.clock.now();
        self.write(caller.origin(), &uid, EventType::AdvisoryDeleted, &uid, |a| {
            if a.delete_time.is_none() {
                a.delete_time = Some(now);
            }
            Ok(())
        })
        .await
    }

    /// Adds a triage event to an advisory as `caller`: `advisories.create` there, and
    /// `advisories.approve` when the event records a review. `AdvisoryEventCreated`.
    ///
    /// # Errors
    /// As [`Self::add_event`]; `PERMISSION_DENIED`.
    pub async fn create_event(&self, caller: &Principal, advisory: &str, input: EventInput) -> Result<AdvisoryEvent> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("parent", advisory));
        input.check(&mut v, "");
        v.finish()?;
        let uid = checked(uid)?;
        self.authorize(caller, Capability::AdvisoriesCreate, "advisory", &uid)?;
        if input.is_reviewed() {
            caller.require(Capability::AdvisoriesApprove, &uid)?;
        }
        let (written, event) = self.append_event(caller.origin(), &uid, input).await?;
        written.events.into_iter().find(|e| e.uid == event).ok_or_else(|| not_found("advisory event", &event))
    }

    /// Lists the events of an advisory, oldest first.
    ///
    /// # Errors
    /// As [`Self::get`].
    pub async fn list_events(&self, caller: &Principal, advisory: &str) -> Result<Vec<AdvisoryEvent>> {
        Ok(self.get(caller, advisory).await?.events)
    }

    /// Replaces an event of an advisory (its uid and time stay) with what `replace` makes of
    /// the stored event, as `caller` with `advisories.update`; recording a review, or
    /// touching an event that has one, also needs `advisories.approve`. An approved or
    /// rejected event keeps its review state. `AdvisoryEventUpdated`; nothing is written
    /// when nothing changes.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad uid or event; `NOT_FOUND` for a missing event (or one
    /// the caller may not read); `PERMISSION_DENIED`; `FAILED_PRECONDITION`
    /// (`REVIEW_STATE_TERMINAL`) for a state change of an approved or rejected event;
    /// `UNAVAILABLE` when the advisory kept changing meanwhile.
    pub async fn update_event<F>(&self, caller: &Principal, uid: &str, replace: F) -> Result<AdvisoryEvent>
    where
        F: Fn(&AdvisoryEvent) -> EventInput + Send + Sync,
    {
        let uid = Uidp::parse_field("id", uid)?;
        let advisory = uid.parent().filter(|a| !a.is_root()).ok_or_else(|| not_found("advisory event", &uid))?;
        if !caller.can(Capability::AdvisoriesUpdate, &advisory) && !self.readable(caller, &advisory) {
            return Err(not_found("advisory event", &uid));
        }
        caller.require(Capability::AdvisoriesUpdate, &advisory)?;
        let written = self
            .write(caller.origin(), &advisory, EventType::AdvisoryEventUpdated, &uid, |a| {
                let stored =
                    a.events.iter_mut().find(|e| e.uid == uid).ok_or_else(|| not_found("advisory event", &uid))?;
                let input = replace(stored);
                let mut v = Violations::default();
                input.check(&mut v, "");
                v.finish()?;
                if is_reviewed(stored) || input.is_reviewed() {
                    caller.require(Capability::AdvisoriesApprove, &advisory)?;
                }
                let terminal = matches!(stored.review_state, ReviewState::Approved | ReviewState::Rejected);
                if terminal && input.review_state != stored.review_state {
                    return Err(Error::precondition(
                        "REVIEW_STATE_TERMINAL",
                        format!("event {uid} is {} and keeps that review state", stored.review_state.as_str()),
                    ));
                }
                *stored = input.into_event(uid.clone(), stored.create_time);
                Ok(())
            })
            .await?;
        written.events.into_iter().find(|e| e.uid == uid).ok_or_else(|| not_found("advisory event", &uid))
    }

    /// Appends `input` to the events of advisory `uid`, timed now; the advisory as written
    /// and the new event's uid.
    async fn append_event(
        &self,
        origin: &crate::audit::Origin,
        uid: &Uidp,
        input: EventInput,
    ) -> Result<(Advisory, Uidp)> {
        let event_uid = self.deps.ids.new_child(uid);
        let written = self
            .write(origin, uid, EventType::AdvisoryEventCreated, &event_uid, |a| {
                a.events.push(input.clone().into_event(event_uid.clone(), self.deps.clock.now()));
                sort_events(&mut a.events);
                Ok(())
            })
            .await?;
        Ok((written, event_uid))
    }

    /// Reads advisory `uid`, applies `change`, and writes the result over the version it was
    /// read at, with an event of `event_type` about `subject`; computes it again when another
    /// writer came first. A change that changes nothing writes nothing.
    async fn write<F>(
        &self,
        origin: &crate::audit::Origin,
        uid: &Uidp,
        event_type: EventType,
        subject: &Uidp,
        change: F,
    ) -> Result<Advisory>
    where
        F: Fn(&mut Advisory) -> Result<()> + Send + Sync,
    {
        for _ in 0..WRITE_ATTEMPTS {
            let stored = self.deps.store.get_advisory(uid).await?.ok_or_else(|| not_found("advisory", uid))?;
            let mut next = stored.clone();
            change(&mut next)?;
            if next == stored {
                return Ok(stored);
            }
            // Strictly later than the version it replaces, so that the time is a version.
            let after = Timestamp::from_unix_millis(stored.update_time.unix_millis().saturating_add(1));
            next.update_time = after.map_or(self.deps.clock.now(), |after| after.max(self.deps.clock.now()));
            let event = self.deps.event(origin, event_type, subject, next.update_time);
            match self.deps.store.update_advisory(&next, stored.update_time, &event).await {
                Err(Error::FailedPrecondition(p)) if p.kind == ADVISORY_CHANGED => {}
                Err(e) => return Err(e),
                Ok(()) => return Ok(next),
            }
        }
        Err(Error::Unavailable(format!("advisory {uid} kept changing; try again")))
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

    /// Adds a triage event to an advisory (administration path; no caller check), and
    /// answers the advisory after the change. `AdvisoryEventCreated`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad uid, empty author, over-long text or findings that are
    /// not JSON; `NOT_FOUND` when the advisory does not exist; `UNAVAILABLE` when it kept
    /// changing meanwhile.
    pub async fn add_event(&self, advisory: &str, input: EventInput) -> Result<Advisory> {
        let mut v = Violations::default();
        let uid = v.take(Uidp::parse_field("advisory", advisory));
        input.check(&mut v, "");
        v.finish()?;
        let uid = checked(uid)?;
        Ok(self.append_event(&crate::audit::Origin::system(), &uid, input).await?.0)
    }
}
