//! The organization tree: the caller's topmost groups, children loaded on demand (one page
//! of the API's ListGroups per expansion), and the form that creates a group.

use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::model::Group;
use grove_domain::services::GroupInput;
use grove_domain::Uidp;
use serde::Deserialize;

use super::{children_of, group_options, page_of, top_groups};
use crate::html::{csrf_field, esc, html_response, page, q};
use crate::State;

/// Children fetched per expansion.
const CHILDREN_PAGE: i64 = 100;

/// Deepest level a tree item is indented to (deeper ones keep that indentation).
const MAX_LEVEL: u32 = 12;

/// One tree item at `level` (1 for the top), collapsed, its children fetched when it is
/// expanded. The tree is flat (`aria-level`), so that an item's name is its own text only.
pub(crate) fn tree_item(g: &Group, level: u32) -> String {
    format!(
        r#"<li role="treeitem" aria-level="{level}" aria-expanded="false" data-uid="{uid}" data-href="/console/group?uid={quid}" tabindex="-1"><span class="twisty" aria-hidden="true"></span><span class="label">{name}</span></li>"#,
        name = esc(g.name.as_str()),
        uid = esc(g.uid.as_str()),
        quid = q(g.uid.as_str()),
    )
}

/// `GET /console/groups`.
pub(crate) async fn tree_page(state: State, headers: HeaderMap) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let tops = top_groups(&state.services, &ctx.principal).await;
    let creatable: Vec<Group> =
        tops.iter().filter(|g| ctx.principal.can(Capability::GroupsCreate, &g.uid)).cloned().collect();
    let may_create_org = ctx.principal.can_at_root(Capability::GroupsCreate);
    let mut body = String::from(r#"<h1>Groups</h1>"#);
    if may_create_org || !creatable.is_empty() {
        let org_option = if may_create_org { r#"<option value="">None: a new organization</option>"# } else { "" };
        let _ = write!(
            body,
            r#"<p><button type="button" class="primary" data-toggle="create-group" aria-expanded="false" aria-controls="create-group">Create group</button></p>
<form id="create-group" class="panel" method="post" action="/console/groups" hidden>{csrf}
<p><label for="cg-parent">Parent</label> <select id="cg-parent" name="parent">{options}{org_option}</select></p>
<p><label for="cg-name">Name</label> <input id="cg-name" name="name" required maxlength="255" autocomplete="off"></p>
<p><label for="cg-description">Description</label> <input id="cg-description" name="description" maxlength="1024" autocomplete="off"></p>
<p><button type="submit" class="primary">Create</button></p></form>"#,
            csrf = csrf_field(&ctx),
            options = group_options(&creatable, None),
        );
        body.push_str(r#"<p class="help">Subgroups deeper in the tree are created from their parent's page.</p>"#);
    }
    if tops.is_empty() {
        body.push_str(r#"<p>You hold no role in any group yet.</p>"#);
    } else {
        body.push_str(
            r#"<p id="tree-help" class="help">Arrow keys move through the tree, Right expands, Left collapses, Enter opens the group.</p><ul role="tree" aria-label="Groups" aria-describedby="tree-help" class="tree">"#,
        );
        for g in &tops {
            body.push_str(&tree_item(g, 1));
        }
        body.push_str("</ul>");
    }
    page(&ctx, "Groups", "Groups", &body)
}

/// `?parent=&page_token=&level=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ChildrenQuery {
    parent: String,
    page_token: Option<String>,
    /// The level of the children (the parent's plus one).
    level: Option<u32>,
}

/// `GET /console/groups/children`: one page of a group's children as tree items (an HTML
/// fragment the script inserts), with a "More groups" item when there are more.
pub(crate) async fn children(state: State, headers: HeaderMap, Query(query): Query<ChildrenQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let parent = match Uidp::parse_field("parent", &query.parent) {
        Ok(p) => p,
        Err(e) => return html_response(crate::status_of(e.code()), esc(&e.to_string())),
    };
    let page = page_of(CHILDREN_PAGE, query.page_token.as_deref(), Some("name"));
    match state.services.groups.list(&ctx.principal, children_of(&parent), &page).await {
        Ok(found) => {
            let level = query.level.unwrap_or(2).clamp(2, MAX_LEVEL);
            let mut out = String::new();
            for g in &found.items {
                out.push_str(&tree_item(g, level));
            }
            if let Some(token) = &found.next_page_token {
                let _ = write!(
                    out,
                    r#"<li role="treeitem" class="more" aria-level="{level}" data-parent="{}" data-token="{}" tabindex="-1"><span class="label">More groups…</span></li>"#,
                    esc(parent.as_str()),
                    esc(token)
                );
            }
            html_response(StatusCode::OK, out)
        }
        Err(e) => html_response(crate::status_of(e.code()), esc(&e.to_string())),
    }
}

/// The create form.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateForm {
    csrf: Option<String>,
    parent: Option<String>,
    name: Option<String>,
    description: Option<String>,
    /// Where to go afterwards: `group` for the parent's page.
    back: Option<String>,
}

/// `POST /console/groups`: CreateGroup.
pub(crate) async fn create(state: State, headers: HeaderMap, Form(form): Form<CreateForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let parent = form.parent.as_deref().filter(|p| !p.is_empty());
    let input = GroupInput { name: form.name.clone(), description: form.description.clone() };
    let result = state.services.groups.create(&ctx.principal, parent, input).await;
    let done = match &result {
        Ok(g) => format!("Group {} created.", g.name.as_str()),
        Err(_) => String::new(),
    };
    let to = match (form.back.as_deref(), parent) {
        (Some("group"), Some(p)) => format!("/console/group?uid={}", q(p)),
        _ => "/console/groups".to_owned(),
    };
    state.after_write(&ctx, result, &done, &to).await
}
