//! HTML building: escaping, the page layout (landmarks, navigation, sign-out) and the
//! plain page that shows a refusal.

use std::fmt::Write as _;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use grove_domain::error::Error;
use grove_domain::Timestamp;

use crate::session::Flash;
use crate::{assets, status_of, Ctx};

/// The navigation: label and path, in the order shown.
pub(crate) const NAV: &[(&str, &str)] = &[
    ("Groups", "/console/groups"),
    ("Identities", "/console/identities"),
    ("Roles", "/console/roles"),
    ("Invites", "/console/invites"),
    ("Identity providers", "/console/identity-providers"),
    ("Account associations", "/console/account-associations"),
    ("Repositories", "/console/repositories"),
    ("Advisories", "/console/advisories"),
    ("Audit", "/console/audit"),
    ("Subscriptions", "/console/subscriptions"),
    ("Dead letters", "/console/dead-letters"),
];

/// Escapes text for an element's content or a quoted attribute value.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a query parameter value.
pub(crate) fn q(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// A time as `2026-11-29 01:02:03 UTC`.
pub(crate) fn time(t: Timestamp) -> String {
    chrono::DateTime::from_timestamp_millis(t.unix_millis())
        .map_or_else(|| t.unix_millis().to_string(), |d| d.format("%Y-%m-%d %H:%M:%S UTC").to_string())
}

/// The hidden CSRF field of a form.
pub(crate) fn csrf_field(ctx: &Ctx) -> String {
    format!(r#"<input type="hidden" name="csrf" value="{}">"#, esc(&ctx.csrf))
}

fn head(title: &str) -> String {
    let v = assets::version();
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{} · Grove console</title>
<link rel="icon" href="/console/static/favicon.svg?v={v}" type="image/svg+xml">
<link rel="stylesheet" href="/console/static/console.css?v={v}">
<script src="/console/static/console.js?v={v}" defer></script>
</head>
"#,
        esc(title)
    )
}

/// A message shown once: an alert for a refusal, a status for a confirmation.
pub(crate) fn flash(flash: Option<&Flash>) -> String {
    let Some(f) = flash else { return String::new() };
    let mut out = if f.error {
        format!(r#"<div class="flash error" role="alert"><p>{}</p>"#, esc(&f.text))
    } else {
        format!(r#"<div class="flash done" role="status"><p>{}</p>"#, esc(&f.text))
    };
    if let Some(code) = &f.invite_code {
        let _ = write!(
            out,
            r#"<p><label for="invite-code">Invite code</label> <input id="invite-code" class="code" readonly value="{}"> <button type="button" class="copy" data-copy="invite-code">Copy</button></p><p>This code is shown only now: copy it before leaving the page.</p>"#,
            esc(code)
        );
    }
    out.push_str("</div>");
    out
}

/// A whole page for a signed-in caller: skip link, banner with the navigation and
/// `Sign out`, and `main` holding the heading `title` and `body`.
pub(crate) fn page(ctx: &Ctx, current: &str, title: &str, body: &str) -> Response {
    let mut out = head(title);
    out.push_str(r##"<body><a class="skip" href="#main">Skip to main content</a><header class="top"><span class="brand">Grove</span><nav aria-label="Console"><ul>"##);
    for (label, path) in NAV {
        let aria = if *label == current { r#" aria-current="page""# } else { "" };
        let _ = write!(out, r#"<li><a href="{path}"{aria}>{label}</a></li>"#);
    }
    let _ = write!(
        out,
        r#"</ul></nav><form class="sign-out" method="post" action="/console/sign-out">{}<span class="who" title="{}">Signed in as <strong>{}</strong></span> <button type="submit">Sign out</button></form></header><main id="main" tabindex="-1">"#,
        csrf_field(ctx),
        esc(ctx.identity.as_str()),
        esc(&ctx.display)
    );
    out.push_str(&flash(ctx.flash.as_ref()));
    out.push_str(body);
    out.push_str("</main></body></html>");
    html_response(StatusCode::OK, out)
}

/// A page without the navigation (sign-in, refusals before sign-in).
pub(crate) fn bare(status: StatusCode, title: &str, body: &str) -> Response {
    let mut out = head(title);
    let _ = write!(
        out,
        r#"<body><header class="top"><span class="brand">Grove</span></header><main id="main"><h1>{}</h1>{body}</main></body></html>"#,
        esc(title)
    );
    html_response(status, out)
}

/// The answer to a refused page: the status of the API and the message, plainly.
pub(crate) fn error_page(e: &Error) -> Response {
    let status = status_of(e.code());
    bare(
        status,
        "Request refused",
        &format!(
            r#"<div role="alert" class="flash error"><p>{}</p></div><p><a href="/console/groups">Back to Groups</a></p>"#,
            esc(&e.to_string())
        ),
    )
}

/// A page inside the layout whose content is only a refusal (a page the caller may not read).
pub(crate) fn refused(ctx: &Ctx, current: &str, title: &str, e: &Error) -> Response {
    let body =
        format!(r#"<h1>{}</h1><div role="alert" class="flash error"><p>{}</p></div>"#, esc(title), esc(&e.to_string()));
    let mut r = page(ctx, current, title, &body);
    *r.status_mut() = status_of(e.code());
    r
}

/// An HTML answer.
pub(crate) fn html_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

/// A "next page" link when there is one, keeping `base` (a path with its query).
pub(crate) fn next_link(base: &str, token: Option<&String>) -> String {
    match token {
        Some(t) => {
            let sep = if base.contains('?') { '&' } else { '?' };
            format!(r#"<p><a href="{}{sep}page_token={}">Next page</a></p>"#, esc(base), q(t))
        }
        None => String::new(),
    }
}
