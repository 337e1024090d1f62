//! Repositories the caller may list, and a repository's tags with their digests and
//! deprecation.

use std::fmt::Write as _;

use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::listing::ListFilter;
use serde::Deserialize;

use super::{children_of, page_of};
use crate::html::{esc, next_link, page, q, refused, time};
use crate::State;

/// `?page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    page_token: Option<String>,
}

/// `GET /console/repositories`.
pub(crate) async fn repos_page(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let mut body = String::from("<h1>Repositories</h1>");
    let found = state
        .services
        .repos
        .list(&ctx.principal, ListFilter::default(), &page_of(100, query.page_token.as_deref(), Some("name")))
        .await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No repositories you may list.</p>"),
        Ok(found) => {
            body.push_str(r#"<table><thead><tr><th scope="col">Repository</th><th scope="col">Description</th><th scope="col">Catalog tier</th><th scope="col">Updated</th></tr></thead><tbody>"#);
            for r in &found.items {
                let _ = write!(
                    body,
                    r#"<tr><td><a href="/console/repository?uid={}">{}</a></td><td>{}</td><td>{:?}</td><td>{}</td></tr>"#,
                    q(r.uid.as_str()),
                    esc(r.name.as_str()),
                    esc(r.description.as_str()),
                    r.catalog_tier,
                    time(r.update_time)
                );
            }
            body.push_str("</tbody></table>");
            body.push_str(&next_link("/console/repositories", found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Repositories", "Repositories", &body)
}

/// `?uid=&page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct RepoQuery {
    uid: String,
    page_token: Option<String>,
}

/// `GET /console/repository`: one repository and its tags.
pub(crate) async fn repo_page(state: State, headers: HeaderMap, Query(query): Query<RepoQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let repo = match state.services.repos.get(&ctx.principal, &query.uid).await {
        Ok(r) => r,
        Err(e) => return refused(&ctx, "Repositories", "Repository", &e),
    };
    let mut body = format!(
        r#"<nav aria-label="Breadcrumb" class="crumbs"><ol><li><a href="/console/repositories">Repositories</a></li><li><span aria-current="page">{name}</span></li></ol></nav><h1>{name}</h1><p>{desc}</p><p class="meta">Uid <code>{uid}</code></p>"#,
        name = esc(repo.name.as_str()),
        desc = esc(repo.description.as_str()),
        uid = esc(repo.uid.as_str()),
    );
    let found = state
        .services
        .tags
        .list(&ctx.principal, children_of(&repo.uid), &page_of(100, query.page_token.as_deref(), Some("name")))
        .await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No tags.</p>"),
        Ok(found) => {
            body.push_str(r#"<table><caption>Tags</caption><thead><tr><th scope="col">Tag</th><th scope="col">Digest</th><th scope="col">Deprecated</th><th scope="col">Updated</th></tr></thead><tbody>"#);
            for t in &found.items {
                let _ = write!(
                    body,
                    r#"<tr><td>{}</td><td><code class="uid">{}</code></td><td>{}</td><td>{}</td></tr>"#,
                    esc(t.name.as_str()),
                    esc(t.digest.as_str()),
                    if t.deprecated { "Yes" } else { "No" },
                    time(t.update_time)
                );
            }
            body.push_str("</tbody></table>");
            body.push_str(&next_link(
                &format!("/console/repository?uid={}", q(repo.uid.as_str())),
                found.next_page_token.as_ref(),
            ));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Repositories", repo.name.as_str(), &body)
}
