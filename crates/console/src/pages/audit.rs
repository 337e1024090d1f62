//! The audit trail: who changed what, through which transport, newest first, filtered by
//! group, actor and change type (the audit service's ListAuditEntries, as the API serves it).

use std::fmt::Write as _;

use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::events::EventType;
use grove_domain::services::AuditListInput;
use grove_domain::Uidp;
use serde::Deserialize;

use super::{group_options, page_of, top_groups};
use crate::html::{esc, next_link, page, q, time};
use crate::State;

/// The filters (empty: not filtered).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct FilterQuery {
    group: Option<String>,
    actor: Option<String>,
    #[serde(rename = "type")]
    event_type: Option<String>,
    page_token: Option<String>,
}

fn given(v: Option<&String>) -> Option<String> {
    v.map(|s| s.trim()).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// `GET /console/audit`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<FilterQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let tops = top_groups(&state.services, &ctx.principal).await;
    let chosen = given(query.group.as_ref()).and_then(|g| Uidp::parse(&g).ok());
    let mut types = String::from(r#"<option value="">Every change</option>"#);
    for t in EventType::ALL {
        let sel = if query.event_type.as_deref() == Some(t.as_str()) { " selected" } else { "" };
        let _ = write!(types, r#"<option value="{0}"{sel}>{0}</option>"#, t.as_str());
    }
    let mut body = format!(
        r#"<h1>Audit</h1><form method="get" action="/console/audit" class="filters" role="search" aria-label="Filter the audit trail">
<p><label for="a-group">Group</label> <select id="a-group" name="group"><option value="">Every group you may audit</option>{groups}</select></p>
<p><label for="a-actor">Actor (a uid, or system)</label> <input id="a-actor" name="actor" value="{actor}" autocomplete="off" spellcheck="false"></p>
<p><label for="a-type">Change</label> <select id="a-type" name="type">{types}</select></p>
<p><button type="submit">Filter</button> <a href="/console/audit">Clear</a></p></form>"#,
        groups = group_options(&tops, chosen.as_ref()),
        actor = esc(query.actor.as_deref().unwrap_or_default()),
    );
    let input = AuditListInput {
        descendants_of: chosen.as_ref().map(ToString::to_string),
        actor: given(query.actor.as_ref()),
        types: given(query.event_type.as_ref()).into_iter().collect(),
        ..AuditListInput::default()
    };
    let found =
        state.services.audit.list(&ctx.principal, input, &page_of(100, query.page_token.as_deref(), None)).await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No changes match.</p>"),
        Ok(found) => {
            body.push_str(
                r#"<table><caption>Changes, newest first</caption><thead><tr><th scope="col">Time</th><th scope="col">Change</th><th scope="col">Subject</th><th scope="col">Actor</th><th scope="col">Through</th><th scope="col">Request</th></tr></thead><tbody>"#,
            );
            for e in &found.items {
                let _ = write!(
                    body,
                    r#"<tr><td>{}</td><td>{}</td><td><code class="uid">{}</code></td><td><code class="uid">{}</code></td><td>{}</td><td><code class="uid">{}</code></td></tr>"#,
                    time(e.time),
                    e.event_type.as_str(),
                    esc(e.subject.as_str()),
                    esc(e.origin.actor.as_text()),
                    e.origin.transport.as_str(),
                    esc(&e.origin.request_id)
                );
            }
            body.push_str("</tbody></table>");
            let mut base = String::from("/console/audit?");
            for (k, v) in [("group", &query.group), ("actor", &query.actor), ("type", &query.event_type)] {
                if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
                    let _ = write!(base, "{k}={}&", q(v));
                }
            }
            body.push_str(&next_link(base.trim_end_matches(['&', '?']), found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<div role="alert" class="flash error"><p>{}</p></div>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Audit", "Audit", &body)
}
