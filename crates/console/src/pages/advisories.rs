//! Advisories the caller may read (its organizations' own and the catalog's), with the
//! list filters of the API.

use std::fmt::Write as _;

use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::listing::ListFilter;
use grove_domain::services::AdvisoryListInput;
use serde::Deserialize;

use super::page_of;
use crate::html::{esc, next_link, page, q, time};
use crate::State;

/// The filters of the form, each one value (empty: not filtered).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct FilterQuery {
    advisory_id: Option<String>,
    artifact_name: Option<String>,
    component_name: Option<String>,
    alias: Option<String>,
    origin: Option<String>,
    page_token: Option<String>,
}

fn one(v: Option<&String>) -> Vec<String> {
    v.map(|s| s.trim()).filter(|s| !s.is_empty()).map(str::to_owned).into_iter().collect()
}

/// `GET /console/advisories`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<FilterQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let val = |v: &Option<String>| esc(v.as_deref().unwrap_or_default());
    let mut body = format!(
        r#"<h1>Advisories</h1><form method="get" action="/console/advisories" class="filters" role="search" aria-label="Filter advisories">
<p><label for="f-id">Advisory id</label> <input id="f-id" name="advisory_id" value="{}"></p>
<p><label for="f-artifact">Artifact name</label> <input id="f-artifact" name="artifact_name" value="{}"></p>
<p><label for="f-component">Component name</label> <input id="f-component" name="component_name" value="{}"></p>
<p><label for="f-alias">Alias (such as a CVE id)</label> <input id="f-alias" name="alias" value="{}"></p>
<p><label for="f-origin">Origin</label> <input id="f-origin" name="origin" value="{}"></p>
<p><button type="submit">Filter</button> <a href="/console/advisories">Clear</a></p></form>"#,
        val(&query.advisory_id),
        val(&query.artifact_name),
        val(&query.component_name),
        val(&query.alias),
        val(&query.origin)
    );
    let input = AdvisoryListInput {
        advisory_ids: one(query.advisory_id.as_ref()),
        artifact_names: one(query.artifact_name.as_ref()),
        component_names: one(query.component_name.as_ref()),
        aliases: one(query.alias.as_ref()),
        origin: one(query.origin.as_ref()).into_iter().next(),
        ..AdvisoryListInput::default()
    };
    let found = state
        .services
        .advisories
        .list(&ctx.principal, ListFilter::default(), &input, &page_of(100, query.page_token.as_deref(), None))
        .await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No advisories match.</p>"),
        Ok(found) => {
            let _ = write!(
                body,
                r#"<table><caption>{} advisories</caption><thead><tr><th scope="col">Advisory</th><th scope="col">Artifact</th><th scope="col">Component</th><th scope="col">Aliases</th><th scope="col">Updated</th></tr></thead><tbody>"#,
                found.total_count.map_or_else(|| "Many".to_owned(), |n| n.to_string())
            );
            for a in &found.items {
                let _ = write!(
                    body,
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    esc(&a.advisory_id),
                    esc(&a.artifact_name),
                    esc(&a.component_name),
                    esc(&a.aliases.join(", ")),
                    time(a.update_time)
                );
            }
            body.push_str("</tbody></table>");
            let mut base = String::from("/console/advisories?");
            for (k, v) in [
                ("advisory_id", &query.advisory_id),
                ("artifact_name", &query.artifact_name),
                ("component_name", &query.component_name),
                ("alias", &query.alias),
                ("origin", &query.origin),
            ] {
                if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
                    let _ = write!(base, "{k}={}&", q(v));
                }
            }
            let base = base.trim_end_matches(['&', '?']).to_owned();
            body.push_str(&next_link(&base, found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Advisories", "Advisories", &body)
}
