//! A group's page: its place in the tree, rename and delete, subgroups, and "who has what
//! here" (its role bindings and those inherited from the groups above), with grant and
//! revoke; its identities and the roles defined in it.

use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::error::Error;
use grove_domain::listing::ListFilter;
use grove_domain::model::{Group, Relationship, Role, RoleBindingView};
use grove_domain::services::{GroupInput, RoleBindingInput};
use grove_domain::Uidp;
use serde::Deserialize;

use super::{below, children_of, page_of};
use crate::html::{csrf_field, esc, page, q, refused, time};
use crate::{Ctx, State};

/// Rows of each list on the page.
const ROWS: i64 = 100;

/// `?uid=&tab=`.
#[derive(Debug, Deserialize)]
pub(crate) struct GroupQuery {
    uid: String,
    tab: Option<String>,
}

/// The tabs of a group's page: id and label.
const TABS: &[(&str, &str)] =
    &[("subgroups", "Subgroups"), ("bindings", "Role bindings"), ("identities", "Identities"), ("roles", "Roles")];

/// The kind of an identity's relationship, in words.
pub(crate) fn relationship_kind(r: &Relationship) -> &'static str {
    match r {
        Relationship::ClaimMatch(_) => "Claim match",
        Relationship::StaticKeys(_) => "Static keys",
        Relationship::AwsIdentity(_) => "AWS identity",
        Relationship::ServicePrincipal(_) => "Service principal",
    }
}

/// A role's capabilities as a comma-separated list.
pub(crate) fn capability_list(role: &Role) -> String {
    let names: Vec<&str> = role.capabilities.iter().map(|c| c.dotted_name()).collect();
    names.join(", ")
}

/// The roles usable in `group`: the built-in ones and those defined in it or above it.
pub(crate) async fn usable_roles(state: &crate::Console, ctx: &Ctx, group: &Uidp) -> Vec<Role> {
    let mut roles = Vec::new();
    let built_in = ListFilter {
        uidp: grove_domain::listing::UidpFilter { in_root: true, ..Default::default() },
        ..Default::default()
    };
    if let Ok(p) = state.services.roles.list(&ctx.principal, built_in, &page_of(200, None, Some("name"))).await {
        roles.extend(p.items);
    }
    let mut at = Some(group.clone());
    while let Some(g) = at {
        if let Ok(p) =
            state.services.roles.list(&ctx.principal, children_of(&g), &page_of(200, None, Some("name"))).await
        {
            roles.extend(p.items);
        }
        at = g.parent();
    }
    roles
}

/// `<option>`s of roles, each with its capabilities in its description list below.
pub(crate) fn role_picker(roles: &[Role], id: &str) -> String {
    let mut out = format!(r#"<select id="{id}" name="role" required><option value="">Choose a role</option>"#);
    for r in roles {
        let _ = write!(out, r#"<option value="{}">{}</option>"#, esc(r.uid.as_str()), esc(r.name.as_str()));
    }
    out.push_str("</select>");
    out
}

/// The table of every offered role's capabilities, folded under the picker.
pub(crate) fn role_capabilities(roles: &[Role]) -> String {
    let mut out = String::from(
        r#"<details><summary>Capabilities of each role</summary><table><thead><tr><th scope="col">Role</th><th scope="col">Capabilities</th></tr></thead><tbody>"#,
    );
    for r in roles {
        let _ = write!(
            out,
            r#"<tr><th scope="row">{}</th><td>{}</td></tr>"#,
            esc(r.name.as_str()),
            esc(&capability_list(r))
        );
    }
    out.push_str("</tbody></table></details>");
    out
}

async fn bindings_in(state: &crate::Console, ctx: &Ctx, group: &Uidp) -> Result<Vec<RoleBindingView>, Error> {
    let filter = ListFilter { group: Some(group.clone()), ..ListFilter::default() };
    state.services.role_bindings.list(&ctx.principal, filter, &page_of(200, None, None)).await.map(|p| p.items)
}

fn binding_identity(b: &RoleBindingView) -> String {
    let name = if b.identity.name.is_empty() { b.identity.email.clone() } else { b.identity.name.clone() };
    if name.is_empty() {
        format!("<code>{}</code>", esc(b.identity.uid.as_str()))
    } else {
        format!(r#"{} <code class="uid">{}</code>"#, esc(&name), esc(b.identity.uid.as_str()))
    }
}

/// The page of the group `query` names.
async fn render(state: &crate::Console, ctx: Ctx, query: GroupQuery) -> Response {
    let group = match state.services.groups.get(&ctx.principal, &query.uid).await {
        Ok(g) => g,
        Err(e) => return refused(&ctx, "Groups", "Group", &e),
    };
    let p = &ctx.principal;
    let uid = &group.uid;
    let quid = q(uid.as_str());
    let selected = query.tab.as_deref().filter(|t| TABS.iter().any(|(id, _)| id == t)).unwrap_or("subgroups");
    let mut body = String::new();

    // Where it is.
    let mut trail: Vec<Group> = Vec::new();
    let mut at = uid.parent();
    while let Some(a) = at {
        if let Ok(g) = state.services.groups.get(p, a.as_str()).await {
            trail.push(g);
        }
        at = a.parent();
    }
    body.push_str(r#"<nav aria-label="Breadcrumb" class="crumbs"><ol><li><a href="/console/groups">Groups</a></li>"#);
    for g in trail.iter().rev() {
        let _ =
            write!(body, r#"<li><a href="/console/group?uid={}">{}</a></li>"#, q(g.uid.as_str()), esc(g.name.as_str()));
    }
    let _ = write!(body, r#"<li><span aria-current="page">{}</span></li></ol></nav>"#, esc(group.name.as_str()));
    let _ = write!(body, "<h1>{}</h1>", esc(group.name.as_str()));
    if !group.description.as_str().is_empty() {
        let _ = write!(body, "<p>{}</p>", esc(group.description.as_str()));
    }
    let _ = write!(
        body,
        r#"<p class="meta">Uid <code>{}</code> · created {}</p>"#,
        esc(uid.as_str()),
        time(group.create_time)
    );

    // What the caller may do here.
    let mut actions = String::new();
    if p.can(Capability::GroupsCreate, uid) {
        let _ = write!(
            actions,
            r#"<button type="button" data-toggle="create-subgroup" aria-expanded="false" aria-controls="create-subgroup">Create subgroup</button>"#
        );
    }
    if p.can(Capability::GroupsUpdate, uid) {
        actions.push_str(r#"<button type="button" data-toggle="edit-group" aria-expanded="false" aria-controls="edit-group">Rename</button>"#);
    }
    if p.can(Capability::GroupsDelete, uid) {
        let _ = write!(actions, r#"<a class="button danger" href="/console/group/delete?uid={quid}">Delete group</a>"#);
    }
    if !actions.is_empty() {
        let _ = write!(body, r#"<div class="actions">{actions}</div>"#);
    }
    if p.can(Capability::GroupsCreate, uid) {
        let _ = write!(
            body,
            r#"<form id="create-subgroup" class="panel" method="post" action="/console/groups" hidden>{csrf}<input type="hidden" name="parent" value="{uid}"><input type="hidden" name="back" value="group">
<p><label for="sg-name">Name</label> <input id="sg-name" name="name" required maxlength="255" autocomplete="off"></p>
<p><label for="sg-description">Description</label> <input id="sg-description" name="description" maxlength="1024" autocomplete="off"></p>
<p><button type="submit" class="primary">Create</button></p></form>"#,
            csrf = csrf_field(&ctx),
            uid = esc(uid.as_str())
        );
    }
    if p.can(Capability::GroupsUpdate, uid) {
        let _ = write!(
            body,
            r#"<form id="edit-group" class="panel" method="post" action="/console/group/update" hidden>{csrf}<input type="hidden" name="uid" value="{uid}">
<p><label for="eg-name">Name</label> <input id="eg-name" name="name" required maxlength="255" value="{name}" autocomplete="off"></p>
<p><label for="eg-description">Description</label> <input id="eg-description" name="description" maxlength="1024" value="{description}" autocomplete="off"></p>
<p><button type="submit" class="primary">Save</button></p></form>"#,
            csrf = csrf_field(&ctx),
            uid = esc(uid.as_str()),
            name = esc(group.name.as_str()),
            description = esc(group.description.as_str()),
        );
    }

    // Tabs.
    body.push_str(r#"<div class="tabs"><div role="tablist" aria-label="Group details">"#);
    for (id, label) in TABS {
        let on = *id == selected;
        let _ = write!(
            body,
            r#"<button type="button" role="tab" id="tab-{id}" aria-controls="panel-{id}" aria-selected="{on}" tabindex="{tabindex}">{label}</button>"#,
            tabindex = if on { "0" } else { "-1" }
        );
    }
    body.push_str("</div>");
    let panel = |id: &str, content: &str| {
        let hidden = if id == selected { "" } else { " hidden" };
        format!(
            r#"<div role="tabpanel" id="panel-{id}" aria-labelledby="tab-{id}" tabindex="0"{hidden}>{content}</div>"#
        )
    };

    // Subgroups.
    let mut sub = String::new();
    match state.services.groups.list(p, children_of(uid), &page_of(ROWS, None, Some("name"))).await {
        Ok(found) if found.items.is_empty() => sub.push_str("<p>No subgroups.</p>"),
        Ok(found) => {
            sub.push_str("<ul class=\"plain\">");
            for g in &found.items {
                let _ = write!(
                    sub,
                    r#"<li><a href="/console/group?uid={}">{}</a></li>"#,
                    q(g.uid.as_str()),
                    esc(g.name.as_str())
                );
            }
            sub.push_str("</ul>");
            if found.next_page_token.is_some() {
                sub.push_str(r#"<p>More subgroups: expand this group in the <a href="/console/groups">tree</a>.</p>"#);
            }
        }
        Err(e) => {
            let _ = write!(sub, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    body.push_str(&panel("subgroups", &sub));

    // Role bindings: here, and inherited from above.
    let mut rb = String::new();
    let may_grant = p.can(Capability::RoleBindingsCreate, uid);
    let may_revoke = p.can(Capability::RoleBindingsDelete, uid);
    if may_grant {
        let roles = usable_roles(state, &ctx, uid).await;
        let org = uid.as_str().split('/').next().and_then(|r| Uidp::parse(r).ok()).unwrap_or_else(|| uid.clone());
        let mut suggestions = String::new();
        if let Ok(found) = state.services.identities.list(p, below(&org), &page_of(200, None, Some("name"))).await {
            for i in &found.items {
                let _ =
                    write!(suggestions, r#"<option value="{}">{}</option>"#, esc(i.uid.as_str()), esc(i.name.as_str()));
            }
        }
        let _ = write!(
            rb,
            r#"<p><button type="button" class="primary" data-toggle="grant-role" aria-expanded="false" aria-controls="grant-role">Grant role</button></p>
<form id="grant-role" class="panel" method="post" action="/console/group/grant" hidden>{csrf}<input type="hidden" name="uid" value="{uid}">
<p><label for="gr-identity">Identity</label> <input id="gr-identity" name="identity" list="gr-identities" required autocomplete="off" spellcheck="false" aria-describedby="gr-identity-help"><datalist id="gr-identities">{suggestions}</datalist></p>
<p id="gr-identity-help" class="help">The identity's uid: a workload of this organization (suggested as you type) or a person's uid.</p>
<p><label for="gr-role">Role</label> {picker}</p>{caps}
<p><button type="submit" class="primary">Grant</button></p></form>"#,
            csrf = csrf_field(&ctx),
            uid = esc(uid.as_str()),
            picker = role_picker(&roles, "gr-role"),
            caps = role_capabilities(&roles),
        );
    }
    let mut rows = String::new();
    let mut refusal = None;
    match bindings_in(state, &ctx, uid).await {
        Ok(list) => {
            for b in &list {
                let revoke = if may_revoke {
                    format!(
                        r#"<form method="post" action="/console/group/revoke">{}<input type="hidden" name="uid" value="{}"><input type="hidden" name="binding" value="{}"><button type="submit" class="danger" aria-label="Revoke {} from {}">Revoke</button></form>"#,
                        csrf_field(&ctx),
                        esc(uid.as_str()),
                        esc(b.uid.as_str()),
                        esc(&b.role.name),
                        esc(if b.identity.name.is_empty() { b.identity.uid.as_str() } else { &b.identity.name }),
                    )
                } else {
                    String::new()
                };
                let _ = write!(
                    rows,
                    "<tr><td>{}</td><td>{}</td><td>This group</td><td>{}</td></tr>",
                    binding_identity(b),
                    esc(&b.role.name),
                    revoke
                );
            }
        }
        Err(e) => refusal = Some(e),
    }
    for g in &trail {
        if let Ok(list) = bindings_in(state, &ctx, &g.uid).await {
            for b in &list {
                let _ = write!(
                    rows,
                    r#"<tr class="inherited"><td>{}</td><td>{}</td><td>Inherited from <a href="/console/group?uid={}">{}</a></td><td></td></tr>"#,
                    binding_identity(b),
                    esc(&b.role.name),
                    q(g.uid.as_str()),
                    esc(g.name.as_str())
                );
            }
        }
    }
    if let Some(e) = refusal {
        let _ = write!(rb, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
    } else if rows.is_empty() {
        rb.push_str("<p>No role bindings here or above.</p>");
    } else {
        let _ = write!(
            rb,
            r#"<table><caption>Who has what here</caption><thead><tr><th scope="col">Identity</th><th scope="col">Role</th><th scope="col">Granted in</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>{rows}</tbody></table>"#
        );
    }
    body.push_str(&panel("bindings", &rb));

    // Identities defined here.
    let mut ids = String::new();
    if p.can(Capability::IdentityCreate, uid) {
        let _ = write!(ids, r#"<p><a class="button" href="/console/identities?group={quid}">Create identity</a></p>"#);
    }
    match state.services.identities.list(p, children_of(uid), &page_of(ROWS, None, Some("name"))).await {
        Ok(found) if found.items.is_empty() => ids.push_str("<p>No identities in this group.</p>"),
        Ok(found) => ids.push_str(&super::identities::table(&found.items)),
        Err(e) => {
            let _ = write!(ids, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    body.push_str(&panel("identities", &ids));

    // Roles defined here.
    let mut rl = String::new();
    match state.services.roles.list(p, children_of(uid), &page_of(ROWS, None, Some("name"))).await {
        Ok(found) if found.items.is_empty() => rl.push_str("<p>No custom roles are defined in this group.</p>"),
        Ok(found) => rl.push_str(&super::roles::table(&found.items)),
        Err(e) => {
            let _ = write!(rl, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    body.push_str(&panel("roles", &rl));
    body.push_str("</div>");
    let _ = write!(
        body,
        r#"<ul class="plain"><li><a href="/console/invites?group={quid}">Invites to this group</a></li><li><a href="/console/account-association?uid={quid}">Account association of this group</a></li></ul>"#
    );
    page(&ctx, "Groups", group.name.as_str(), &body)
}

/// `GET /console/group`.
pub(crate) async fn show(state: crate::State, headers: HeaderMap, Query(query): Query<GroupQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    render(&state, ctx, query).await
}

/// The rename form.
#[derive(Debug, Deserialize)]
pub(crate) struct UpdateForm {
    csrf: Option<String>,
    uid: String,
    name: Option<String>,
    description: Option<String>,
}

/// `POST /console/group/update`: UpdateGroup.
pub(crate) async fn update(state: State, headers: HeaderMap, Form(form): Form<UpdateForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let input = GroupInput { name: form.name.clone(), description: form.description.clone() };
    let result = state.services.groups.update(&ctx.principal, &form.uid, input).await;
    state.after_write(&ctx, result, "Group saved.", &format!("/console/group?uid={}", q(&form.uid))).await
}

/// `?uid=` of the confirmation page.
#[derive(Debug, Deserialize)]
pub(crate) struct UidQuery {
    uid: String,
}

/// How many of a kind are directly inside, for the confirmation (`None`: not visible).
fn count<T>(found: Result<grove_domain::listing::Page<T>, Error>) -> Option<String> {
    let page = found.ok()?;
    Some(match page.total_count {
        Some(n) => n.to_string(),
        None if page.items.is_empty() => "0".to_owned(),
        None => "many".to_owned(),
    })
}

/// `GET /console/group/delete`: the confirmation, naming what is inside.
pub(crate) async fn confirm_delete(state: State, headers: HeaderMap, Query(query): Query<UidQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let group = match state.services.groups.get(&ctx.principal, &query.uid).await {
        Ok(g) => g,
        Err(e) => return refused(&ctx, "Groups", "Delete group", &e),
    };
    let p = &ctx.principal;
    let uid = &group.uid;
    let one = page_of(1, None, None);
    let kinds = [
        ("subgroups", count(state.services.groups.list(p, children_of(uid), &one).await)),
        ("identities", count(state.services.identities.list(p, children_of(uid), &one).await)),
        ("custom roles", count(state.services.roles.list(p, children_of(uid), &one).await)),
        ("repositories", count(state.services.repos.list(p, children_of(uid), &one).await)),
        (
            "role bindings",
            count(
                state
                    .services
                    .role_bindings
                    .list(p, ListFilter { group: Some(uid.clone()), ..ListFilter::default() }, &one)
                    .await,
            ),
        ),
    ];
    let mut inside = String::from("<ul>");
    for (kind, n) in &kinds {
        let n = n.as_deref().unwrap_or("an unknown number of (not visible to you)");
        let _ = write!(inside, "<li>{n} {kind}</li>");
    }
    inside.push_str("</ul>");
    let body = format!(
        r#"<h1>Delete group {name}?</h1><p>Group <strong>{name}</strong> (<code>{uid}</code>) holds:</p>{inside}
<p>A group that still holds subgroups, identities, roles or repositories cannot be deleted: delete or move them first. Its role bindings are deleted with it.</p>
<form method="post" action="/console/group/delete">{csrf}<input type="hidden" name="uid" value="{uid}"><button type="submit" class="danger">Delete {name}</button> <a href="/console/group?uid={quid}">Cancel</a></form>"#,
        name = esc(group.name.as_str()),
        uid = esc(uid.as_str()),
        quid = q(uid.as_str()),
        csrf = csrf_field(&ctx),
    );
    page(&ctx, "Groups", &format!("Delete group {}", group.name.as_str()), &body)
}

/// `POST /console/group/delete`: DeleteGroup.
pub(crate) async fn delete(state: State, headers: HeaderMap, Form(form): Form<super::UidForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.groups.delete(&ctx.principal, &form.uid).await;
    let to = match &result {
        Ok(()) => match Uidp::parse(&form.uid).ok().and_then(|u| u.parent()) {
            Some(parent) => format!("/console/group?uid={}", q(parent.as_str())),
            None => "/console/groups".to_owned(),
        },
        Err(_) => format!("/console/group?uid={}", q(&form.uid)),
    };
    state.after_write(&ctx, result, "Group deleted.", &to).await
}

/// The grant form.
#[derive(Debug, Deserialize)]
pub(crate) struct GrantForm {
    csrf: Option<String>,
    uid: String,
    identity: Option<String>,
    role: Option<String>,
}

/// `POST /console/group/grant`: CreateRoleBinding.
pub(crate) async fn grant(state: State, headers: HeaderMap, Form(form): Form<GrantForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let input = RoleBindingInput {
        identity_uid: form.identity.as_deref().map(|s| s.trim().to_owned()),
        role_uid: form.role.clone(),
    };
    let result = state.services.role_bindings.create(&ctx.principal, &form.uid, input).await;
    let done = match &result {
        Ok(b) => format!("Role {} granted.", b.role.name),
        Err(_) => String::new(),
    };
    state.after_write(&ctx, result, &done, &format!("/console/group?uid={}&tab=bindings", q(&form.uid))).await
}

/// The revoke form.
#[derive(Debug, Deserialize)]
pub(crate) struct RevokeForm {
    csrf: Option<String>,
    uid: String,
    binding: String,
}

/// `POST /console/group/revoke`: DeleteRoleBinding.
pub(crate) async fn revoke(state: State, headers: HeaderMap, Form(form): Form<RevokeForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.role_bindings.delete(&ctx.principal, &form.binding).await;
    state
        .after_write(
            &ctx,
            result,
            "Role binding revoked.",
            &format!("/console/group?uid={}&tab=bindings", q(&form.uid)),
        )
        .await
}
