//! Dead letters: webhook deliveries given up, of the subscriptions the caller may list
//! (optionally one group's subtree), with Replay and Delete for those who may (the dead
//! letter service's rules, as the API applies them).

use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::services::DeadLetterListInput;
use grove_domain::Uidp;
use serde::Deserialize;

use super::{group_options, page_of, top_groups};
use crate::html::{csrf_field, esc, next_link, page, q, time};
use crate::State;

/// `?group=&page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    group: Option<String>,
    page_token: Option<String>,
}

/// Where a write returns: the list, still filtered by `group`.
fn back_to(group: Option<&str>) -> String {
    match group.filter(|g| !g.is_empty()) {
        Some(g) => format!("/console/dead-letters?group={}", q(g)),
        None => "/console/dead-letters".to_owned(),
    }
}

/// `GET /console/dead-letters`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let p = &ctx.principal;
    let tops = top_groups(&state.services, p).await;
    let chosen = query.group.as_deref().filter(|g| !g.is_empty()).and_then(|g| Uidp::parse(g).ok());
    let mut body = format!(
        r#"<h1>Dead letters</h1><p>Deliveries to a subscription's sink that were given up. Replay sends the event once more to the subscription's sink; delivered, the dead letter goes.</p>
<form method="get" action="/console/dead-letters" class="inline" role="search" aria-label="Filter dead letters"><p><label for="d-group">Group</label> <select id="d-group" name="group"><option value="">Every group you can see</option>{}</select> <button type="submit">Show</button></p></form>"#,
        group_options(&tops, chosen.as_ref())
    );
    let input = DeadLetterListInput {
        descendants_of: chosen.as_ref().map(ToString::to_string),
        ..DeadLetterListInput::default()
    };
    let group_field = chosen
        .as_ref()
        .map_or_else(String::new, |g| format!(r#"<input type="hidden" name="group" value="{}">"#, esc(g.as_str())));
    match state.services.dead_letters.list(p, input, &page_of(100, query.page_token.as_deref(), None)).await {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No dead letters.</p>"),
        Ok(found) => {
            body.push_str(
                r#"<table><caption>Dead letters</caption><thead><tr><th scope="col">Dead letter</th><th scope="col">Subscription</th><th scope="col">Sink</th><th scope="col">Event</th><th scope="col">Attempts</th><th scope="col">Failed</th><th scope="col">Reason</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>"#,
            );
            for d in &found.items {
                let group = d.group();
                let mut actions = String::new();
                if p.can(Capability::SubscriptionsCreate, &group) {
                    let _ = write!(
                        actions,
                        r#"<form method="post" action="/console/dead-letters/replay">{csrf}{group_field}<input type="hidden" name="id" value="{id}"><button type="submit" aria-label="Replay dead letter {id}">Replay</button></form>"#,
                        csrf = csrf_field(&ctx),
                        id = esc(&d.id),
                    );
                }
                if p.can(Capability::SubscriptionsDelete, &group) {
                    let _ = write!(
                        actions,
                        r#"<form method="post" action="/console/dead-letters/delete">{csrf}{group_field}<input type="hidden" name="id" value="{id}"><button type="submit" class="danger" aria-label="Delete dead letter {id}">Delete</button></form>"#,
                        csrf = csrf_field(&ctx),
                        id = esc(&d.id),
                    );
                }
                let _ = write!(
                    body,
                    r#"<tr><td><code class="uid">{}</code></td><td><code class="uid">{}</code></td><td>{}</td><td>{}<br><code class="uid">{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
                    esc(&d.id),
                    esc(d.subscription.as_str()),
                    esc(d.sink.as_str()),
                    d.event.event_type.as_str(),
                    esc(d.event.subject.as_str()),
                    d.attempts,
                    time(d.failed_at),
                    esc(&d.reason),
                    actions
                );
            }
            body.push_str("</tbody></table>");
            body.push_str(&next_link(&back_to(query.group.as_deref()), found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<div role="alert" class="flash error"><p>{}</p></div>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Dead letters", "Dead letters", &body)
}

/// The replay and delete forms.
#[derive(Debug, Deserialize)]
pub(crate) struct LetterForm {
    csrf: Option<String>,
    id: String,
    group: Option<String>,
}

/// `POST /console/dead-letters/replay`: ReplayDeadLetter.
pub(crate) async fn replay(state: State, headers: HeaderMap, Form(form): Form<LetterForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.dead_letters.replay(&ctx.principal, &form.id).await;
    let done = match &result {
        Ok(d) => format!("Dead letter {} replayed: delivered to {}, and deleted.", d.id, d.sink),
        Err(_) => String::new(),
    };
    state.after_write(&ctx, result, &done, &back_to(form.group.as_deref())).await
}

/// `POST /console/dead-letters/delete`: DeleteDeadLetter.
pub(crate) async fn delete(state: State, headers: HeaderMap, Form(form): Form<LetterForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.dead_letters.delete(&ctx.principal, &form.id).await;
    state.after_write(&ctx, result, &format!("Dead letter {} deleted.", form.id), &back_to(form.group.as_deref())).await
}
