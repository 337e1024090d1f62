//! Identities: those the caller may list (with `lastSeenTime`), and the form that creates a
//! workload identity with a claim match or static keys.

use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::listing::ListFilter;
use grove_domain::model::Identity;
use grove_domain::services::{ClaimMatchInput, IdentityInput, RelationshipInput, StaticKeysInput};
use grove_domain::Uidp;
use serde::Deserialize;

use super::{group_options, page_of, top_groups};
use crate::html::{csrf_field, esc, next_link, page, q, time};
use crate::State;

/// The table of `identities`.
pub(crate) fn table(identities: &[Identity]) -> String {
    let mut out = String::from(
        r#"<table><thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Uid</th><th scope="col">Last seen</th></tr></thead><tbody>"#,
    );
    for i in identities {
        let seen = i.last_seen_time.map_or_else(|| "Never".to_owned(), time);
        let _ = write!(
            out,
            r#"<tr><td>{}</td><td>{}</td><td><code class="uid">{}</code></td><td>{}</td></tr>"#,
            esc(i.name.as_str()),
            super::group::relationship_kind(&i.relationship),
            esc(i.uid.as_str()),
            esc(&seen)
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// `?group=&page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    group: Option<String>,
    page_token: Option<String>,
}

/// `GET /console/identities`.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let p = &ctx.principal;
    let chosen = query.group.as_deref().and_then(|g| Uidp::parse(g).ok());
    let mut body = String::from("<h1>Identities</h1>");
    let tops = top_groups(&state.services, p).await;
    let mut creatable: Vec<_> = tops.iter().filter(|g| p.can(Capability::IdentityCreate, &g.uid)).cloned().collect();
    if let Some(c) = &chosen {
        if !creatable.iter().any(|g| &g.uid == c) && p.can(Capability::IdentityCreate, c) {
            if let Ok(g) = state.services.groups.get(p, c.as_str()).await {
                creatable.insert(0, g);
            }
        }
    }
    if !creatable.is_empty() {
        let open = chosen.is_some();
        let _ = write!(
            body,
            r#"<p><button type="button" class="primary" data-toggle="create-identity" aria-expanded="{open}" aria-controls="create-identity">Create identity</button></p>
<form id="create-identity" class="panel" method="post" action="/console/identities"{hidden}>{csrf}
<p><label for="ci-group">Group</label> <select id="ci-group" name="group">{options}</select></p>
<p><label for="ci-name">Name</label> <input id="ci-name" name="name" required maxlength="255" autocomplete="off"></p>
<p><label for="ci-description">Description</label> <input id="ci-description" name="description" maxlength="1024" autocomplete="off"></p>
<fieldset><legend>How it proves who it is</legend>
<p><input type="radio" id="ci-kind-claim" name="kind" value="claim_match" checked> <label for="ci-kind-claim">Claim match: a token from an OIDC issuer</label></p>
<p><input type="radio" id="ci-kind-static" name="kind" value="static_keys"> <label for="ci-kind-static">Static keys: tokens signed by keys you give</label></p>
</fieldset>
<p><label for="ci-issuer">Issuer</label> <input id="ci-issuer" name="issuer" required type="url" autocomplete="off" spellcheck="false"></p>
<p><label for="ci-subject">Subject</label> <input id="ci-subject" name="subject" required autocomplete="off" spellcheck="false"></p>
<p><label for="ci-audience">Audience (claim match, optional)</label> <input id="ci-audience" name="audience" autocomplete="off" spellcheck="false"></p>
<p><label for="ci-keys">Issuer keys (static keys: a JWKS document)</label> <textarea id="ci-keys" name="issuer_keys" rows="4" spellcheck="false"></textarea></p>
<p><label for="ci-expiry">Keys expire (static keys: RFC 3339 time)</label> <input id="ci-expiry" name="expiration_time" autocomplete="off" spellcheck="false" placeholder="2027-01-01T00:00:00Z"></p>
<p><button type="submit" class="primary">Create</button></p></form>"#,
            hidden = if open { "" } else { " hidden" },
            csrf = csrf_field(&ctx),
            options = group_options(&creatable, chosen.as_ref()),
        );
    }
    let (filter, base) = match &chosen {
        Some(g) => (super::children_of(g), format!("/console/identities?group={}", q(g.as_str()))),
        None => (ListFilter::default(), "/console/identities".to_owned()),
    };
    if let Some(g) = &chosen {
        let _ = write!(
            body,
            r#"<p>Identities in group <code>{}</code>. <a href="/console/identities">All identities</a></p>"#,
            esc(g.as_str())
        );
    }
    match state.services.identities.list(p, filter, &page_of(100, query.page_token.as_deref(), Some("name"))).await {
        Ok(found) if found.items.is_empty() => body.push_str("<p>No identities you may list.</p>"),
        Ok(found) => {
            body.push_str(&table(&found.items));
            body.push_str(&next_link(&base, found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, "Identities", "Identities", &body)
}

/// The create form.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateForm {
    csrf: Option<String>,
    group: String,
    name: Option<String>,
    description: Option<String>,
    kind: Option<String>,
    issuer: Option<String>,
    subject: Option<String>,
    audience: Option<String>,
    issuer_keys: Option<String>,
    expiration_time: Option<String>,
}

fn given(s: Option<&String>) -> Option<String> {
    s.map(|s| s.trim()).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// `POST /console/identities`: CreateIdentity.
pub(crate) async fn create(state: State, headers: HeaderMap, Form(form): Form<CreateForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let relationship = if form.kind.as_deref() == Some("static_keys") {
        RelationshipInput::StaticKeys(StaticKeysInput {
            issuer: given(form.issuer.as_ref()),
            subject: given(form.subject.as_ref()),
            issuer_keys: given(form.issuer_keys.as_ref()),
            expiration_time: given(form.expiration_time.as_ref()),
            audiences: given(form.audience.as_ref()).into_iter().collect(),
        })
    } else {
        RelationshipInput::ClaimMatch(ClaimMatchInput {
            issuer: given(form.issuer.as_ref()),
            subject: given(form.subject.as_ref()),
            audience: given(form.audience.as_ref()),
            ..ClaimMatchInput::default()
        })
    };
    let input = IdentityInput {
        name: form.name.clone(),
        description: form.description.clone(),
        company: None,
        relationship: Some(relationship),
    };
    let result = state.services.identities.create(&ctx.principal, &form.group, input).await;
    let done = match &result {
        Ok(i) => format!("Identity {} created with uid {}.", i.name.as_str(), i.uid),
        Err(_) => String::new(),
    };
    state.after_write(&ctx, result, &done, &format!("/console/identities?group={}", q(&form.group))).await
}
