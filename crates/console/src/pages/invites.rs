//! Invites to a group: the list, the form that creates one (role, lifetime, email, single
//! use; its code shown once), and revocation.

use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::services::{GroupInviteInput, MAX_INVITE_TTL_DAYS};
use grove_domain::Uidp;
use serde::Deserialize;

use super::group::{role_capabilities, role_picker, usable_roles};
use super::{children_of, group_options, page_of, top_groups};
use crate::html::{csrf_field, esc, next_link, page, q, time};
use crate::session::Flash;
use crate::{see_other, State};

/// `?group=&page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    group: Option<String>,
    page_token: Option<String>,
}

/// `GET /console/invites`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let p = &ctx.principal;
    let mut body = String::from("<h1>Invites</h1>");
    let tops = top_groups(&state.services, p).await;
    let group =
        query.group.as_deref().and_then(|g| Uidp::parse(g).ok()).or_else(|| tops.first().map(|g| g.uid.clone()));
    let Some(group) = group else {
        body.push_str("<p>You hold no role in any group yet.</p>");
        return page(&ctx, "Invites", "Invites", &body);
    };
    let mut choices = tops.clone();
    if !choices.iter().any(|g| g.uid == group) {
        if let Ok(g) = state.services.groups.get(p, group.as_str()).await {
            choices.insert(0, g);
        }
    }
    let _ = write!(
        body,
        r#"<form method="get" action="/console/invites" class="inline"><p><label for="inv-group">Group</label> <select id="inv-group" name="group">{}</select> <button type="submit">Show</button></p></form>"#,
        group_options(&choices, Some(&group))
    );
    let quid = q(group.as_str());
    if p.can(Capability::GroupInvitesCreate, &group) {
        let roles = usable_roles(&state, &ctx, &group).await;
        let _ = write!(
            body,
            r#"<p><button type="button" class="primary" data-toggle="create-invite" aria-expanded="false" aria-controls="create-invite">Create invite</button></p>
<form id="create-invite" class="panel" method="post" action="/console/invites" hidden>{csrf}<input type="hidden" name="group" value="{uid}">
<p><label for="ci-role">Role</label> {picker}</p>{caps}
<p><label for="ci-ttl">Valid for (days)</label> <input id="ci-ttl" name="ttl_days" type="number" min="1" max="{max}" value="7" required></p>
<p><label for="ci-email">Email (optional: only this verified address may redeem it)</label> <input id="ci-email" name="email" type="email" autocomplete="off"></p>
<p><input id="ci-single" name="single_use" type="checkbox" value="true" checked> <label for="ci-single">Single use</label></p>
<p><button type="submit" class="primary">Create</button></p></form>"#,
            csrf = csrf_field(&ctx),
            uid = esc(group.as_str()),
            picker = role_picker(&roles, "ci-role"),
            caps = role_capabilities(&roles),
            max = MAX_INVITE_TTL_DAYS,
        );
    }
    let may_revoke = p.can(Capability::GroupInvitesDelete, &group);
    let base = format!("/console/invites?group={quid}");
    match state
        .services
        .group_invites
        .list(p, children_of(&group), &page_of(100, query.page_token.as_deref(), None))
        .await
    {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No invites to this group.</p>"),
        Ok(found) => {
            body.push_str(
                r#"<table><caption>Invites to this group</caption><thead><tr><th scope="col">Invite</th><th scope="col">Role</th><th scope="col">Email</th><th scope="col">Expires</th><th scope="col">Use</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>"#,
            );
            for v in &found.items {
                let i = &v.invite;
                let role = v.role.as_ref().map_or_else(|| "(deleted role)".to_owned(), |r| r.name.as_str().to_owned());
                let usage = match (i.single_use, i.used_time) {
                    (true, Some(t)) => format!("Single use, used {}", time(t)),
                    (true, None) => "Single use, unused".to_owned(),
                    (false, _) => "Many uses".to_owned(),
                };
                let revoke = if may_revoke {
                    format!(
                        r#"<form method="post" action="/console/invites/revoke">{}<input type="hidden" name="group" value="{}"><input type="hidden" name="uid" value="{}"><button type="submit" class="danger" aria-label="Revoke invite {}">Revoke</button></form>"#,
                        csrf_field(&ctx),
                        esc(group.as_str()),
                        esc(i.uid.as_str()),
                        esc(i.uid.as_str())
                    )
                } else {
                    String::new()
                };
                let email = i.email.as_str();
                let _ = write!(
                    body,
                    r#"<tr><td><code class="uid">{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
                    esc(i.uid.as_str()),
                    esc(&role),
                    if email.is_empty() { "Anyone with the code".to_owned() } else { esc(email) },
                    time(i.expiration_time),
                    usage,
                    revoke
                );
            }
            body.push_str("</tbody></table>");
            body.push_str(&next_link(&base, found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Invites", "Invites", &body)
}

/// The create form.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateForm {
    csrf: Option<String>,
    group: String,
    role: Option<String>,
    ttl_days: Option<String>,
    email: Option<String>,
    single_use: Option<String>,
}

/// `POST /console/invites`: CreateGroupInvite; the code goes to the next page only.
pub(crate) async fn create(state: State, headers: HeaderMap, Form(form): Form<CreateForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let to = format!("/console/invites?group={}", q(&form.group));
    let ttl = match form.ttl_days.as_deref().map(str::trim).unwrap_or_default().parse::<i64>() {
        Ok(days) if (1..=MAX_INVITE_TTL_DAYS).contains(&days) => Some(chrono::Duration::days(days)),
        _ => {
            let e = grove_domain::error::Error::invalid(
                "ttl",
                format!("Valid for (days) must be a whole number from 1 to {MAX_INVITE_TTL_DAYS}"),
            );
            return state.after_write::<()>(&ctx, Err(e), "", &to).await;
        }
    };
    let input = GroupInviteInput {
        role_uid: form.role.clone().unwrap_or_default(),
        email: form.email.clone().unwrap_or_default().trim().to_owned(),
        ttl,
        single_use: form.single_use.as_deref() == Some("true"),
    };
    match state.services.group_invites.create(&ctx.principal, &form.group, input).await {
        Ok(view) => {
            let flash = Flash {
                error: false,
                text: format!("Invite {} created.", view.invite.uid),
                invite_code: view.code.clone(),
            };
            state.show_next(&ctx, flash).await;
            see_other(&to)
        }
        Err(e) => state.after_write::<()>(&ctx, Err(e), "", &to).await,
    }
}

/// The revoke form.
#[derive(Debug, Deserialize)]
pub(crate) struct RevokeForm {
    csrf: Option<String>,
    group: String,
    uid: String,
}

/// `POST /console/invites/revoke`: DeleteGroupInvite.
pub(crate) async fn revoke(state: State, headers: HeaderMap, Form(form): Form<RevokeForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.group_invites.delete(&ctx.principal, &form.uid).await;
    state
        .after_write(
            &ctx,
            result,
            "Invite revoked: its code is refused from now on.",
            &format!("/console/invites?group={}", q(&form.group)),
        )
        .await
}
