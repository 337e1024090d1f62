//! Dead letters on the wire (`grove.events.v1alpha1`): dead letters out, list requests in.

use grove_domain::events::DeadLetter;
use grove_domain::services::DeadLetterListInput;

use super::list_response;
use crate::grove_events as pb;

impl From<DeadLetter> for pb::DeadLetter {
    fn from(d: DeadLetter) -> Self {
        Self {
            id: d.id,
            subscription: d.subscription.into(),
            sink: d.sink.as_str().to_owned(),
            event_id: d.event.id.to_string(),
            event_type: d.event.event_type.as_str().to_owned(),
            event_subject: d.event.subject.into(),
            event_group: d.event.group.into(),
            event_time: Some(d.event.time.into()),
            attempts: i32::try_from(d.attempts).unwrap_or(i32::MAX),
            reason: d.reason,
            failed_time: Some(d.failed_at.into()),
            data: d.event.data,
            uid: d.uid.into(),
        }
    }
}

impl From<DeadLetter> for pb::ReplayDeadLetterResponse {
    fn from(d: DeadLetter) -> Self {
        Self { delivered: true, deleted: true, dead_letter: Some(d.into()) }
    }
}

list_response!(pb::ListDeadLettersResponse, DeadLetter, dead_letters);

/// The filters of a `ListDeadLetters` request (empty strings filter nothing).
#[must_use]
pub fn dead_letter_list_input(r: &pb::ListDeadLettersRequest) -> DeadLetterListInput {
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    let uidp = r.uidp.clone().unwrap_or_default();
    DeadLetterListInput {
        descendants_of: text(&uidp.descendants_of),
        children_of: text(&uidp.children_of),
        subscription: text(&r.subscription),
    }
}
