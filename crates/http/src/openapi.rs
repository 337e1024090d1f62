//! The OpenAPI 3.1 document, generated from the handlers' annotations.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::resources::{groups, identities, registry, role_bindings, roles};

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Grove API", version = "v2beta1",
        description = "Organization hierarchy, access control and image registry metadata. Every error is a google.rpc.Status with AIP-193 details."),
    modifiers(&BearerAuth),
    security(("bearer" = [])),
    paths(
        groups::list, groups::get_one, groups::create_organization, groups::create, groups::update, groups::delete,
        identities::list, identities::get_one, identities::create, identities::update, identities::delete,
        roles::list, roles::get_one, roles::create, roles::update, roles::delete,
        role_bindings::list, role_bindings::get_one, role_bindings::create, role_bindings::update, role_bindings::delete,
        registry::list_repos, registry::get_repo, registry::create_repo, registry::update_repo, registry::delete_repo,
        registry::list_tags, registry::get_tag, registry::create_tag, registry::update_tag, registry::delete_tag,
    )
)]
struct ApiDoc;

/// The OpenAPI document as pretty JSON (what `/openapi.json` serves and the repo keeps).
#[must_use]
pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().unwrap_or_else(|_| "{}".to_owned())
}
