//! Reading the audit trail: entries of the groups where the caller holds `audit.list` and
//! may list groups, newest first, filtered by group, actor, type and time.

use crate::audit::{AuditEntry, AuditFilter, SYSTEM_ACTOR};
use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{Direction, ListFilter, Ordering, Page, PageRequest, Scopes, SortField, UidpFilter, Visibility};
use crate::time::Timestamp;
use crate::uidp::Uidp;

use super::{authorize, Deps, Violations};

const SORTABLE: &[SortField] = &[SortField::CreateTime];

/// Newest first.
const DEFAULT_ORDER: Ordering = Ordering { field: SortField::CreateTime, direction: Direction::Desc };

/// The filters of an audit list, as a transport read them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditListInput {
    /// `uidp.descendants_of`: changes in this group and every group below it.
    pub descendants_of: Option<String>,
    /// `uidp.children_of`: changes directly in this group.
    pub children_of: Option<String>,
    /// Changes by this actor (a uid, or `system`).
    pub actor: Option<String>,
    /// Changes of these event types (repeatable; none: every type).
    pub types: Vec<String>,
    /// Changes at or after this time.
    pub since: Option<Timestamp>,
    /// Changes before this time.
    pub until: Option<Timestamp>,
}

/// The audit trail.
#[derive(Debug, Clone)]
pub struct AuditService {
    deps: Deps,
}

impl AuditService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps }
    }

    /// Lists the entries the caller may read, newest first (or `order_by=create_time asc`).
    ///
    /// A group filter needs `groups.list` on the group (else `NOT_FOUND`, as if it did not
    /// exist) and `audit.list` there (else `PERMISSION_DENIED`); without one, a caller that
    /// holds `audit.list` nowhere is refused with `PERMISSION_DENIED`, and any other sees the
    /// entries of the groups where it holds both.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed group, actor, type or time range, or bad paging;
    /// `NOT_FOUND`; `PERMISSION_DENIED`; store failures.
    pub async fn list(
        &self,
        caller: &Principal,
        input: AuditListInput,
        page: &PageRequest,
    ) -> Result<Page<AuditEntry>> {
        let mut v = Violations::default();
        let parse_group = |v: &mut Violations, field: &str, text: &Option<String>| {
            text.as_deref().map(str::trim).filter(|t| !t.is_empty()).and_then(|t| v.take(Uidp::parse_field(field, t)))
        };
        let descendants_of = parse_group(&mut v, "uidp.descendants_of", &input.descendants_of);
        let children_of = parse_group(&mut v, "uidp.children_of", &input.children_of);
        let actor = match input.actor.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(SYSTEM_ACTOR) => Some(SYSTEM_ACTOR.to_owned()),
            Some(uid) => v.take(Uidp::parse(uid).map(|u| u.to_string()).map_err(|_| {
                Error::invalid("actor", format!("actor must be a uid or \"{SYSTEM_ACTOR}\", not {uid:?}"))
            })),
        };
        let mut types = Vec::new();
        for text in input.types.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
            match EventType::parse(text) {
                Some(t) if !types.contains(&t) => types.push(t),
                Some(_) => {}
                None => v.add("type", format!("unknown event type {text:?}")),
            }
        }
        if let (Some(since), Some(until)) = (input.since, input.until) {
            if until <= since {
                v.add("until", "until must be after since");
            }
        }
        v.finish()?;
        for group in descendants_of.iter().chain(&children_of) {
            authorize(caller, Capability::GroupsList, Capability::AuditList, "group", group)?;
        }
        let visibility = readable(caller);
        if descendants_of.is_none() && children_of.is_none() && visibility.scopes.as_ref().is_some_and(|s| s.is_empty())
        {
            return Err(Error::PermissionDenied(format!(
                "the caller lacks {} on every group it may list",
                Capability::AuditList.dotted_name()
            )));
        }
        let filter = ListFilter {
            uidp: UidpFilter { descendants_of, children_of, ..UidpFilter::default() },
            audit: Some(Box::new(AuditFilter { actor, types, since: input.since, until: input.until })),
            ..ListFilter::default()
        };
        let plan =
            self.deps.pager.plan_ordered(page, caller.identity(), filter, visibility, SORTABLE, DEFAULT_ORDER)?;
        let rows = self.deps.store.list_audit_entries(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }

    /// Deletes the entries older than `retention_days` days (the retention prune, which the
    /// server runs on its own; no caller can delete an entry).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a retention of 0 days; store failures.
    pub async fn prune(&self, retention_days: u32) -> Result<u64> {
        if retention_days == 0 {
            return Err(Error::invalid("audit.retention_days", "audit.retention_days must be at least 1"));
        }
        let before = self.deps.clock.now().plus(-chrono::Duration::days(i64::from(retention_days)));
        self.deps.store.prune_audit_entries(before).await
    }
}

/// Where the caller may read entries: the groups where it holds `audit.list` and may list
/// groups (a token narrowed to `cap=audit.list` alone reads nothing).
fn readable(caller: &Principal) -> Visibility {
    let audit = caller.visibility(Capability::AuditList).scopes;
    let groups = caller.visibility(Capability::GroupsList).scopes;
    let scopes = match (audit, groups) {
        (None, None) => return Visibility { scopes: None, root_level: false },
        (None, Some(only)) | (Some(only), None) => only,
        (Some(audit), Some(groups)) => Scopes::new(audit.iter().flat_map(|scope| {
            if groups.covers(scope) {
                vec![scope.clone()]
            } else {
                groups.below(scope).to_vec()
            }
        })),
    };
    Visibility { scopes: Some(scopes), root_level: false }
}
