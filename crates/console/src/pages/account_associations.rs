//! Account associations: the list of those the caller may see, and a group's own (one per
//! group, its uid the group's): its AWS account, Google Cloud project and Azure tenant, with
//! create, edit and delete (after a confirmation) for callers who hold the capability.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use axum::extract::{Form, Query};
use axum::http::HeaderMap;
use axum::response::Response;
use grove_domain::capability::Capability;
use grove_domain::error::Error;
use grove_domain::listing::ListFilter;
use grove_domain::model::{AccountAssociation, AccountProviders, AmazonAccount, AzureTenant, GoogleProject};
use grove_domain::services::AccountAssociationInput;
use serde::Deserialize;

use super::page_of;
use crate::html::{csrf_field, esc, next_link, page, q, refused, time};
use crate::{Ctx, State};

/// The navigation entry these pages sit under.
const NAV: &str = "Account associations";

/// `?page_token=`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    page_token: Option<String>,
}

/// The clouds an association names, in words (`—` for none).
fn clouds(p: &AccountProviders) -> String {
    let mut out = Vec::new();
    if let Some(a) = &p.amazon {
        out.push(format!("AWS account {}", a.account));
    }
    if let Some(g) = &p.google {
        out.push(format!("Google Cloud project {}", g.project_id));
    }
    if let Some(a) = &p.azure {
        out.push(format!("Azure tenant {}", a.tenant_id));
    }
    if p.chainguard.is_some() {
        out.push("service bindings".to_owned());
    }
    if p.github.is_some() {
        out.push("GitHub apps".to_owned());
    }
    if out.is_empty() {
        "—".to_owned()
    } else {
        out.join(", ")
    }
}

/// `GET /console/account-associations`: every association the caller may list.
pub(crate) async fn list(state: State, headers: HeaderMap, Query(query): Query<ListQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let mut body = String::from(
        "<h1>Account associations</h1><p>A group's account association links it to cloud accounts (an AWS account, a Google Cloud project, an Azure tenant). Open a group's association to change it.</p>",
    );
    let found = state
        .services
        .account_associations
        .list(&ctx.principal, ListFilter::default(), &page_of(100, query.page_token.as_deref(), None))
        .await;
    match found {
        Ok(found) if found.items.is_empty() => body.push_str(
            r#"<p>No account associations you may list. A group's page links to its association, where one can be created.</p>"#,
        ),
        Ok(found) => {
            body.push_str(r#"<table><caption>Account associations</caption><thead><tr><th scope="col">Name</th><th scope="col">Group</th><th scope="col">Clouds</th><th scope="col">Updated</th></tr></thead><tbody>"#);
            for a in &found.items {
                let _ = write!(
                    body,
                    r#"<tr><td><a href="/console/account-association?uid={}">{}</a></td><td><code class="uid">{}</code></td><td>{}</td><td>{}</td></tr>"#,
                    q(a.uid.as_str()),
                    esc(a.name.as_str()),
                    esc(a.uid.as_str()),
                    esc(&clouds(&a.providers)),
                    time(a.update_time)
                );
            }
            body.push_str("</tbody></table>");
            body.push_str(&next_link("/console/account-associations", found.next_page_token.as_ref()));
        }
        Err(e) => {
            let _ = write!(body, r#"<p role="alert">{}</p>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, NAV, NAV, &body)
}

/// `?uid=`: the group.
#[derive(Debug, Deserialize)]
pub(crate) struct UidQuery {
    uid: String,
}

/// The fields of the create and edit forms, filled from `a` when there is one.
fn fields(ctx: &Ctx, group: &str, a: Option<&AccountAssociation>, mode: &str) -> String {
    let p = a.map(|a| &a.providers);
    let amazon = p.and_then(|p| p.amazon.as_ref()).map(|x| x.account.as_str()).unwrap_or_default();
    let google_id = p.and_then(|p| p.google.as_ref()).map(|x| x.project_id.as_str()).unwrap_or_default();
    let google_number = p.and_then(|p| p.google.as_ref()).map(|x| x.project_number.as_str()).unwrap_or_default();
    let azure_tenant = p.and_then(|p| p.azure.as_ref()).map(|x| x.tenant_id.as_str()).unwrap_or_default();
    let azure_clients = p
        .and_then(|p| p.azure.as_ref())
        .map(|x| x.client_ids.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("\n"))
        .unwrap_or_default();
    format!(
        r#"{csrf}<input type="hidden" name="uid" value="{uid}"><input type="hidden" name="mode" value="{mode}">
<p><label for="aa-name">Name</label> <input id="aa-name" name="name" required maxlength="255" value="{name}" autocomplete="off"></p>
<p><label for="aa-description">Description</label> <input id="aa-description" name="description" maxlength="1024" value="{description}" autocomplete="off"></p>
<fieldset><legend>AWS</legend><p><label for="aa-amazon">AWS account id</label> <input id="aa-amazon" name="amazon_account" inputmode="numeric" pattern="[0-9]{{12}}" value="{amazon}" autocomplete="off" aria-describedby="aa-amazon-help"></p><p id="aa-amazon-help" class="help">12 digits; leave empty for none.</p></fieldset>
<fieldset><legend>Google Cloud</legend><p><label for="aa-google-id">Google Cloud project id</label> <input id="aa-google-id" name="google_project_id" value="{google_id}" autocomplete="off" spellcheck="false"></p><p><label for="aa-google-number">Google Cloud project number</label> <input id="aa-google-number" name="google_project_number" inputmode="numeric" value="{google_number}" autocomplete="off"></p></fieldset>
<fieldset><legend>Azure</legend><p><label for="aa-azure-tenant">Azure tenant id</label> <input id="aa-azure-tenant" name="azure_tenant_id" value="{azure_tenant}" autocomplete="off" spellcheck="false"></p><p><label for="aa-azure-clients">Azure client ids</label> <textarea id="aa-azure-clients" name="azure_client_ids" rows="3" spellcheck="false" aria-describedby="aa-azure-help">{azure_clients}</textarea></p><p id="aa-azure-help" class="help">One <code>component=client-id</code> per line.</p></fieldset>"#,
        csrf = csrf_field(ctx),
        uid = esc(group),
        name = esc(a.map(|a| a.name.as_str()).unwrap_or_default()),
        description = esc(a.map(|a| a.description.as_str()).unwrap_or_default()),
        amazon = esc(amazon),
        google_id = esc(google_id),
        google_number = esc(google_number),
        azure_tenant = esc(azure_tenant),
        azure_clients = esc(&azure_clients),
    )
}

/// The association as a description list.
fn details(a: &AccountAssociation) -> String {
    let mut out = String::from("<dl>");
    let _ = write!(out, "<dt>Name</dt><dd>{}</dd>", esc(a.name.as_str()));
    if !a.description.as_str().is_empty() {
        let _ = write!(out, "<dt>Description</dt><dd>{}</dd>", esc(a.description.as_str()));
    }
    let p = &a.providers;
    let none = "—".to_owned();
    let _ = write!(
        out,
        "<dt>AWS account</dt><dd>{}</dd>",
        p.amazon.as_ref().map_or_else(|| none.clone(), |x| esc(&x.account))
    );
    let _ = write!(
        out,
        "<dt>Google Cloud project</dt><dd>{}</dd>",
        p.google
            .as_ref()
            .map_or_else(|| none.clone(), |x| format!("{} (number {})", esc(&x.project_id), esc(&x.project_number)))
    );
    let _ = write!(
        out,
        "<dt>Azure tenant</dt><dd>{}</dd>",
        p.azure.as_ref().map_or_else(
            || none.clone(),
            |x| {
                let clients: Vec<String> =
                    x.client_ids.iter().map(|(k, v)| format!("{}: {}", esc(k), esc(v))).collect();
                format!("{} (clients {})", esc(&x.tenant_id), clients.join(", "))
            }
        )
    );
    if let Some(c) = &p.chainguard {
        let bindings: Vec<String> =
            c.service_bindings.iter().map(|(k, v)| format!("{} → <code>{}</code>", esc(k), esc(v.as_str()))).collect();
        let _ = write!(out, "<dt>Service bindings</dt><dd>{}</dd>", bindings.join(", "));
    }
    if let Some(g) = &p.github {
        let apps: Vec<String> = g
            .app_installations
            .iter()
            .map(|(app, installs)| format!("app {app}: {} installation(s)", installs.len()))
            .collect();
        let _ = write!(out, "<dt>GitHub apps</dt><dd>{}</dd>", esc(&apps.join(", ")));
    }
    let _ = write!(
        out,
        "<dt>Created</dt><dd>{}</dd><dt>Updated</dt><dd>{}</dd></dl>",
        time(a.create_time),
        time(a.update_time)
    );
    out
}

/// `GET /console/account-association?uid=`: a group's association, with the forms the
/// caller may use.
pub(crate) async fn show(state: State, headers: HeaderMap, Query(query): Query<UidQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let p = &ctx.principal;
    let group = match state.services.groups.get(p, &query.uid).await {
        Ok(g) => g,
        Err(e) => return refused(&ctx, NAV, "Account association", &e),
    };
    let uid = &group.uid;
    let quid = q(uid.as_str());
    let title = format!("Account association of {}", group.name.as_str());
    let mut body = format!(
        r#"<nav aria-label="Breadcrumb" class="crumbs"><ol><li><a href="/console/account-associations">Account associations</a></li><li><a href="/console/group?uid={quid}">{name}</a></li><li><span aria-current="page">Account association</span></li></ol></nav><h1>{title}</h1>"#,
        name = esc(group.name.as_str()),
        title = esc(&title),
    );
    match state.services.account_associations.get(p, uid.as_str()).await {
        Ok(a) => {
            body.push_str(&details(&a));
            let may_update = p.can(Capability::AccountAssociationsUpdate, uid);
            let may_delete = p.can(Capability::AccountAssociationsDelete, uid);
            if may_update || may_delete {
                body.push_str(r#"<div class="actions">"#);
                if may_update {
                    body.push_str(r#"<button type="button" data-toggle="edit-association" aria-expanded="false" aria-controls="edit-association">Edit account association</button>"#);
                }
                if may_delete {
                    let _ = write!(
                        body,
                        r#"<a class="button danger" href="/console/account-association/delete?uid={quid}">Delete account association</a>"#
                    );
                }
                body.push_str("</div>");
            }
            if may_update {
                let _ = write!(
                    body,
                    r#"<form id="edit-association" class="panel" method="post" action="/console/account-association" hidden>{}<p><button type="submit" class="primary">Save</button></p></form>"#,
                    fields(&ctx, uid.as_str(), Some(&a), "update")
                );
            }
        }
        Err(Error::NotFound(_)) => {
            body.push_str("<p>This group has no account association.</p>");
            if p.can(Capability::AccountAssociationsCreate, uid) {
                let _ = write!(
                    body,
                    r#"<p><button type="button" class="primary" data-toggle="create-association" aria-expanded="false" aria-controls="create-association">Create account association</button></p>
<form id="create-association" class="panel" method="post" action="/console/account-association" hidden>{}<p><button type="submit" class="primary">Create</button></p></form>"#,
                    fields(&ctx, uid.as_str(), None, "create")
                );
            }
        }
        Err(e) => {
            let _ = write!(body, r#"<div role="alert" class="flash error"><p>{}</p></div>"#, esc(&e.to_string()));
        }
    }
    page(&ctx, NAV, &title, &body)
}

/// The create and edit form.
#[derive(Debug, Deserialize)]
pub(crate) struct SaveForm {
    csrf: Option<String>,
    uid: String,
    mode: Option<String>,
    name: Option<String>,
    description: Option<String>,
    amazon_account: Option<String>,
    google_project_id: Option<String>,
    google_project_number: Option<String>,
    azure_tenant_id: Option<String>,
    azure_client_ids: Option<String>,
}

fn given(s: Option<&String>) -> &str {
    s.map_or("", |s| s.trim())
}

impl SaveForm {
    /// The input the form stands for: every section it shows is set (an empty one cleared);
    /// service bindings and GitHub apps, which it does not show, are left as they are.
    fn input(&self) -> AccountAssociationInput {
        let amazon = given(self.amazon_account.as_ref());
        let (google_id, google_number) =
            (given(self.google_project_id.as_ref()), given(self.google_project_number.as_ref()));
        let tenant = given(self.azure_tenant_id.as_ref());
        let client_ids: BTreeMap<String, String> = given(self.azure_client_ids.as_ref())
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| match l.split_once('=') {
                Some((k, v)) => (k.trim().to_owned(), v.trim().to_owned()),
                None => (l.to_owned(), String::new()),
            })
            .collect();
        AccountAssociationInput {
            name: Some(given(self.name.as_ref()).to_owned()),
            description: Some(given(self.description.as_ref()).to_owned()),
            amazon: Some((!amazon.is_empty()).then(|| AmazonAccount { account: amazon.to_owned() })),
            google: Some(
                (!google_id.is_empty() || !google_number.is_empty()).then(|| GoogleProject {
                    project_id: google_id.to_owned(),
                    project_number: google_number.to_owned(),
                }),
            ),
            azure: Some(
                (!tenant.is_empty() || !client_ids.is_empty())
                    .then(|| AzureTenant { tenant_id: tenant.to_owned(), client_ids }),
            ),
            chainguard: None,
            github: None,
        }
    }
}

/// `POST /console/account-association`: CreateAccountAssociation or UpdateAccountAssociation.
pub(crate) async fn save(state: State, headers: HeaderMap, Form(form): Form<SaveForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let to = format!("/console/account-association?uid={}", q(&form.uid));
    let services = &state.services.account_associations;
    if form.mode.as_deref() == Some("create") {
        let result = services.create(&ctx.principal, &form.uid, form.input()).await;
        state.after_write(&ctx, result, "Account association created.", &to).await
    } else {
        let result = services.update(&ctx.principal, &form.uid, form.input()).await;
        state.after_write(&ctx, result, "Account association saved.", &to).await
    }
}

/// `GET /console/account-association/delete?uid=`: the confirmation.
pub(crate) async fn confirm_delete(state: State, headers: HeaderMap, Query(query): Query<UidQuery>) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let a = match state.services.account_associations.get(&ctx.principal, &query.uid).await {
        Ok(a) => a,
        Err(e) => return refused(&ctx, NAV, "Delete account association", &e),
    };
    let title = format!("Delete account association {}?", a.name.as_str());
    let body = format!(
        r#"<h1>{title}</h1><p>Account association <strong>{name}</strong> of group <code>{uid}</code> links: {clouds}.</p>
<p>Deleting it unlinks these accounts from the group; workloads that rely on them lose that link.</p>
<form method="post" action="/console/account-association/delete">{csrf}<input type="hidden" name="uid" value="{uid}"><button type="submit" class="danger">Delete {name}</button> <a href="/console/account-association?uid={quid}">Cancel</a></form>"#,
        title = esc(&title),
        name = esc(a.name.as_str()),
        uid = esc(a.uid.as_str()),
        quid = q(a.uid.as_str()),
        clouds = esc(&clouds(&a.providers)),
        csrf = csrf_field(&ctx),
    );
    page(&ctx, NAV, &title, &body)
}

/// `POST /console/account-association/delete`: DeleteAccountAssociation.
pub(crate) async fn delete(state: State, headers: HeaderMap, Form(form): Form<super::UidForm>) -> Response {
    let ctx = match state.writer(&headers, form.csrf.as_deref()).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let result = state.services.account_associations.delete(&ctx.principal, &form.uid).await;
    state
        .after_write(
            &ctx,
            result,
            "Account association deleted.",
            &format!("/console/account-association?uid={}", q(&form.uid)),
        )
        .await
}
