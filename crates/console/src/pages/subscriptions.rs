//! Webhook subscriptions: those of the groups the caller may list (optionally one group's
//! subtree), the form that subscribes a sink to a group, and deletion after a confirmation.

use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::listing::ListFilter;
use grove_domain::Uidp;
use serde::Deserialize;

use super::{below, group_options, page_of, top_groups};
use crate::html::{csrf_field, esc, next_link, page, q, refused};
use crate::State;

/// `?group=&page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    group: Option<String>,
    page_token: Option<String>,
}

/// `GET /console/subscriptions`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let p = &ctx.principal;
    let tops = top_groups(&state.services, p).await;
    let chosen = query.group.as_deref().filter(|g| !g.is_empty()).and_then(|g| Uidp::parse(g).ok());
    let mut body = format!(
        r#"<h1>Subscriptions</h1><p>Each subscription posts the events of its group and every group below it to its sink, as CloudEvents with a bearer token whose audience is the sink.</p>
<form method="get" action="/console/subscriptions" class="inline" role="search" aria-label="Filter subscriptions"><p><label for="s-group">Group</label> <select id="s-group" name="group"><option value="">Every group you can see</option>{}</select> <button type="submit">Show</button></p></form>"#,
        group_options(&tops, chosen.as_ref())
    );
    let creatable: Vec<_> = tops.iter().filter(|g| p.can(Capability::SubscriptionsCreate, &g.uid)).cloned().collect();
    if !creatable.is_empty() {
        let _ = write!(
            body,
            r#"<p><button type="button" class="primary" data-toggle="create-subscription" aria-expanded="false" aria-controls="create-subscription">Create subscription</button></p>
<form id="create-subscription" class="panel" method="post" action="/console/subscriptions" hidden>{csrf}
<p><label for="cs-sink">Sink (an https URL)</label> <input id="cs-sink" name="sink" type="url" required autocomplete="off" spellcheck="false" placeholder="https://hooks.example.com/grove"></p>
<p><label for="cs-group">Group</label> <select id="cs-group" name="group">{groups}</select></p>
<p><button type="submit" class="primary">Create</button></p></form>"#,
            csrf = csrf_field(&ctx),
            groups = group_options(&creatable, chosen.as_ref()),
        );
    }
    let filter = chosen.as_ref().map_or_else(ListFilter::default, below);
    match state.services.subscriptions.list(p, filter, &page_of(100, query.page_token.as_deref(), None)).await {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No subscriptions.</p>"),
        Ok(found) => {
            body.push_str(
                r#"<table><caption>Subscriptions</caption><thead><tr><th scope="col">Subscription</th><th scope="col">Group</th><th scope="col">Sink</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>"#,
            );
            for s in &found.items {
                let delete = if p.can(Capability::SubscriptionsDelete, &s.uid) {
                    format!(
                        r#"<a class="button danger" href="/console/subscriptions/delete?uid={}" aria-label="Delete subscription {}">Delete</a>"#,
                        q(s.uid.as_str()),
                        esc(s.uid.as_str())
                    )
                } else {
                    String::new()
                };
                let _ = write!(
                    body,
                    r#"<tr><td><code class="uid">{}</code></td><td><code class="uid">{}</code></td><td>{}</td><td>{}</td></tr>"#,
                    esc(s.uid.as_str()),
                    esc(s.group_uid().as_str()),
                    esc(s.sink.as_str()),
                    delete
                );
            }
            body.push_str("</tbody></table>");
            let base = chosen.as_ref().map_or_else(
                || "/console/subscriptions".to_owned(),
                |g| format!("/console/subscriptions?group={}", q(g.as_str())),
            );
            body.push_str(&next_link(&base, found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<div role="alert" class="flash error"><p>{}</p></div>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Subscriptions", "Subscriptions", &body)
}

/// The create form.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateForm {
    csrf: Option<String>,
    group: String,
    sink: String,
}

/// `POST /console/subscriptions`: CreateSubscription.
pub(crate) async fn create(state: State, headers: HeaderMap, Form(form): Form<CreateForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.subscriptions.create(&ctx.principal, &form.group, form.sink.trim()).await;
    let done = match &result {
        Ok(s) => format!("Subscription {} created: {} receives the events of the group.", s.uid, s.sink),
        Err(_) => String::new(),
    };
    state.after_write(&ctx, result, &done, &format!("/console/subscriptions?group={}", q(&form.group))).await
}

/// `?uid=`.
#[derive(Debug, Deserialize)]
pub(crate) struct UidQuery {
    uid: String,
}

/// `GET /console/subscriptions/delete`: the confirmation.
pub(crate) async fn confirm_delete(state: State, headers: HeaderMap, Query(query): Query<UidQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let subscription = match state.services.subscriptions.get(&ctx.principal, &query.uid).await {
        Ok(s) => s,
        Err(e) => return refused(&ctx, "Subscriptions", "Delete subscription", &e),
    };
    let body = format!(
        r#"<h1>Delete subscription?</h1><p>Subscription <code>{uid}</code> posts the events of group <code>{group}</code> and the groups below it to <strong>{sink}</strong>. Once deleted, that sink receives nothing more, and its dead letters can no longer be replayed.</p>
<form method="post" action="/console/subscriptions/delete">{csrf}<input type="hidden" name="uid" value="{uid}"><button type="submit" class="danger">Delete subscription</button> <a href="/console/subscriptions">Cancel</a></form>"#,
        uid = esc(subscription.uid.as_str()),
        group = esc(subscription.group_uid().as_str()),
        sink = esc(subscription.sink.as_str()),
        csrf = csrf_field(&ctx),
    );
    page(&ctx, "Subscriptions", "Delete subscription", &body)
}

/// `POST /console/subscriptions/delete`: DeleteSubscription.
pub(crate) async fn delete(state: State, headers: HeaderMap, Form(form): Form<super::UidForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.subscriptions.delete(&ctx.principal, &form.uid).await;
    state.after_write(&ctx, result, &format!("Subscription {} deleted.", form.uid), "/console/subscriptions").await
}
