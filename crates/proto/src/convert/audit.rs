//! The audit trail on the wire (`grove.audit.v1alpha1`): entries out, list requests in.

use grove_domain::audit::AuditEntry;
use grove_domain::error::Error;
use grove_domain::services::AuditListInput;

use super::list_response;
use super::scim::timestamp_in;
use crate::grove_audit as pb;

impl From<AuditEntry> for pb::AuditEntry {
    fn from(e: AuditEntry) -> Self {
        let group = e.group();
        Self {
            uid: e.uid.into(),
            event_id: e.event_id.to_string(),
            time: Some(e.time.into()),
            r#type: e.event_type.as_str().to_owned(),
            subject: e.subject.into(),
            group: group.into(),
            actor: e.origin.actor.as_text().to_owned(),
            actor_provider: e.origin.actor.provider().map(ToString::to_string).unwrap_or_default(),
            request_id: e.origin.request_id,
            transport: e.origin.transport.as_str().to_owned(),
            data: e.data,
        }
    }
}

list_response!(pb::ListAuditEntriesResponse, AuditEntry, entries);

/// The filters of a `ListAuditEntries` request (empty strings filter nothing).
///
/// # Errors
/// `INVALID_ARGUMENT` on `since` or `until` for an unrepresentable timestamp.
pub fn audit_list_input(r: &pb::ListAuditEntriesRequest) -> Result<AuditListInput, Error> {
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    let uidp = r.uidp.clone().unwrap_or_default();
    Ok(AuditListInput {
        descendants_of: text(&uidp.descendants_of),
        children_of: text(&uidp.children_of),
        actor: text(&r.actor),
        types: r.r#type.clone(),
        since: timestamp_in("since", r.since)?,
        until: timestamp_in("until", r.until)?,
    })
}
