//! Roles: the built-in ones and the custom roles the caller may list, each with its
//! capabilities.

use std::fmt::Write as _;

use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::listing::ListFilter;
use grove_domain::model::Role;
use serde::Deserialize;

use super::page_of;
use crate::html::{esc, next_link, page};
use crate::State;

/// The table of `roles`.
pub(crate) fn table(roles: &[Role]) -> String {
    let mut out = String::from(
        r#"<table><thead><tr><th scope="col">Role</th><th scope="col">Kind</th><th scope="col">Description</th><th scope="col">Capabilities</th></tr></thead><tbody>"#,
    );
    for r in roles {
        let kind = if r.uid.is_root() {
            "Built in".to_owned()
        } else {
            format!(
                "Custom, in <code>{}</code>",
                esc(r.uid.parent().map(|p| p.to_string()).unwrap_or_default().as_str())
            )
        };
        let _ = write!(
            out,
            r#"<tr><th scope="row">{}</th><td>{}</td><td>{}</td><td class="caps">{}</td></tr>"#,
            esc(r.name.as_str()),
            kind,
            esc(r.description.as_str()),
            esc(&super::group::capability_list(r))
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// `?page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    page_token: Option<String>,
}

/// `GET /console/roles`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let mut body = String::from(
        "<h1>Roles</h1><p>Custom roles are created and granted from a group's page; built-in roles can be neither changed nor deleted.</p>",
    );
    let found = state
        .services
        .roles
        .list(&ctx.principal, ListFilter::default(), &page_of(200, query.page_token.as_deref(), None))
        .await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No roles you may list.</p>"),
        Ok(found) => {
            body.push_str(&table(&found.items));
            body.push_str(&next_link("/console/roles", found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Roles", "Roles", &body)
}
