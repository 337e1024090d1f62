//! Identity providers the caller may list: issuer, client, default role, SCIM state, and
//! the group mappings of each.

use std::fmt::Write as _;

use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::listing::ListFilter;
use serde::Deserialize;

use super::page_of;
use crate::html::{esc, next_link, page, time};
use crate::State;

/// `?page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    page_token: Option<String>,
}

/// `GET /console/identity-providers`.
pub(crate) async fn show(
    state: State,
    headers: HeaderMap,
    axum::extract::Query(query): axum::extract::Query<ListQuery>,
) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let p = &ctx.principal;
    let mut body = String::from(
        "<h1>Identity providers</h1><p>People of an organization sign in through its identity providers; SCIM keeps their accounts and groups in step.</p>",
    );
    let found = state
        .services
        .identity_providers
        .list(p, ListFilter::default(), &page_of(50, query.page_token.as_deref(), None))
        .await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No identity providers you may list.</p>"),
        Ok(found) => {
            for v in &found.items {
                let idp = &v.provider;
                let scim = if v.scim.enabled {
                    match v.scim.token_expire_time {
                        Some(t) => format!("On, token expires {}", time(t)),
                        None => "On".to_owned(),
                    }
                } else {
                    "Off".to_owned()
                };
                let _ = write!(
                    body,
                    r#"<section class="card" aria-labelledby="idp-{n}"><h2 id="idp-{n}">{name}</h2><dl>
<dt>Uid</dt><dd><code class="uid">{uid}</code></dd><dt>Issuer</dt><dd>{issuer}</dd><dt>Client id</dt><dd>{client}</dd>
<dt>Default role</dt><dd><code>{role}</code></dd><dt>SCIM</dt><dd>{scim}</dd><dt>SCIM endpoint</dt><dd>{endpoint}</dd></dl>"#,
                    n = esc(idp.uid.as_str()).replace('/', "-"),
                    name = esc(idp.name.as_str()),
                    uid = esc(idp.uid.as_str()),
                    issuer = esc(idp.oidc.issuer.as_str()),
                    client = esc(&idp.oidc.client_id),
                    role = esc(idp.default_role.as_str()),
                    endpoint =
                        if v.scim.endpoint_url.is_empty() { "—".to_owned() } else { esc(&v.scim.endpoint_url) },
                );
                let mappings = state
                    .services
                    .external_group_role_mappings
                    .list(p, super::children_of(&idp.uid), &page_of(100, None, None))
                    .await;
                match mappings {
                    Ok(m) if m.items.is_empty() => body.push_str("<p>No group mappings.</p>"),
                    Ok(m) => {
                        body.push_str(r#"<table><caption>Group mappings</caption><thead><tr><th scope="col">External group</th><th scope="col">Role</th><th scope="col">Granted in</th></tr></thead><tbody>"#);
                        for mapping in &m.items {
                            let _ = write!(
                                body,
                                "<tr><td>{}</td><td><code>{}</code></td><td><code>{}</code></td></tr>",
                                esc(mapping.external_group_id.as_str()),
                                esc(mapping.role_uid.as_str()),
                                esc(mapping.scope.as_str())
                            );
                        }
                        body.push_str("</tbody></table>");
                    }
                    Err(e) => {
                        let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
                    }
                }
                body.push_str("</section>");
            }
            body.push_str(&next_link("/console/identity-providers", found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Identity providers", "Identity providers", &body)
}
