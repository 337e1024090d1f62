//! The audit trail page.
//!
//! The trail's API (`GET /audit/v1alpha1/entries`) is not part of this server yet; until it
//! is, the page says so plainly instead of showing an empty list that would look like "no
//! activity".

use axum::http::HeaderMap;
use axum::response::Response;

use crate::html::page;
use crate::State;

/// `GET /console/audit`.
pub(crate) async fn show(state: State, headers: HeaderMap) -> Response {
    let ctx = match state.signed_in(&headers).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let body = if state.config.audit_api {
        r#"<h1>Audit</h1><p>The audit trail of this server is served at <a href="/audit/v1alpha1/entries">/audit/v1alpha1/entries</a>.</p>"#
    } else {
        r#"<h1>Audit</h1><div class="flash" role="status"><p>This server does not keep an audit trail yet: there is no audit API (<code>/audit/v1alpha1/entries</code>) to show. Events of every change are still published to subscriptions.</p></div>"#
    };
    page(&ctx, "Audit", "Audit", body)
}
