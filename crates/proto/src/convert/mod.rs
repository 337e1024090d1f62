//! The one mapping between the wire messages and the domain, shared by every transport that
//! speaks them (gRPC and v2 REST): resources out, inputs in, list requests to list
//! parameters. One `From`/`TryFrom` (or function) per message, nothing else.

mod account_associations;
mod advisories;
mod audit;
mod dead_letters;
mod events;
mod group_invites;
mod iam;
mod identity_providers;
mod mask;
mod registry;
mod repo_settings;
mod scim;
mod scim_provisioning;
mod terms;
mod writable;

pub use account_associations::{account_association_input, account_provider_type};
pub use advisories::{advisory_list_input, advisory_list_input_from_query, event_detail};
pub use audit::audit_list_input;
pub use dead_letters::dead_letter_list_input;
pub use events::{subscription_input, ProtoJsonRenderer};
pub use group_invites::group_invite_input;
pub use iam::{
    batch_create_role_bindings, group_input, identity_input, identity_metadata_input, role_binding_input, role_input,
};
pub use identity_providers::{identity_provider_input, mapping_input};
pub use mask::Selection;
pub use registry::{repo_input, tag_input};
pub use repo_settings::{readme_input, sync_config_input};
pub use scim::{scim_expiry, scim_overlap};
pub use scim_provisioning::{scim_group_json, scim_user_filter};
pub use writable::Writable;

use grove_domain::error::Error;
use grove_domain::listing::{ListFilter, Page, PageRequest};
use grove_domain::params::{ListKind, ListParams};

use crate::common::UidpFilter;
use crate::wkt::Timestamp;

impl From<grove_domain::Timestamp> for Timestamp {
    fn from(t: grove_domain::Timestamp) -> Self {
        let ms = t.unix_millis();
        // rem_euclid keeps nanos in 0..1e9 for times before 1970; the product is below 1e9.
        Self { seconds: ms.div_euclid(1000), nanos: i32::try_from(ms.rem_euclid(1000) * 1_000_000).unwrap_or(0) }
    }
}

/// A list request's fields as the key/value pairs the domain reads list parameters from, so
/// that every transport validates them with the same rules and messages.
#[derive(Debug, Default)]
pub struct ListQuery(Vec<(String, String)>);

impl ListQuery {
    /// The hierarchy filter and the paging fields every list request has.
    #[must_use]
    pub fn new(uidp: Option<&UidpFilter>, page_size: i32, page_token: &str, order_by: &str, skip: i32) -> Self {
        let mut q = Self::default();
        if let Some(f) = uidp {
            q.text("uidp.ancestors_of", &f.ancestors_of)
                .text("uidp.descendants_of", &f.descendants_of)
                .text("uidp.children_of", &f.children_of);
            if f.in_root {
                q.text("uidp.in_root", "true");
            }
            for id in &f.ids {
                // Pushed one by one, never joined: a comma inside an id must fail as an id.
                q.0.push(("uidp.ids".to_owned(), id.clone()));
            }
        }
        if page_size != 0 {
            q.text("page_size", &page_size.to_string());
        }
        if skip != 0 {
            q.text("skip", &skip.to_string());
        }
        q.text("page_token", page_token).text("order_by", order_by);
        q
    }

    /// Adds a filter field; an empty value is the proto zero value, which means "not set".
    pub fn text(&mut self, key: &str, value: &str) -> &mut Self {
        if !value.is_empty() {
            self.0.push((key.to_owned(), value.to_owned()));
        }
        self
    }

    /// The filter of a `kind` list and the page request, validated as every transport
    /// validates them.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the field of a malformed uid, flag, enum value or text.
    pub fn parse(self, kind: ListKind) -> Result<(ListFilter, PageRequest), Error> {
        let params = ListParams::new(self.0);
        Ok((params.list_filter(kind)?, params.page_request()?))
    }

    /// The page request alone, for a list whose request has no filter fields (terms).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when a paging field is malformed.
    pub fn page(self) -> Result<PageRequest, Error> {
        ListParams::new(self.0).page_request()
    }
}

/// The paging fields of a list response: `next_page_token` (empty on the last page),
/// `total_count` and `skipped`.
#[derive(Debug)]
pub struct PageFields {
    /// Empty on the last page.
    pub next_page_token: String,
    /// Every match of the filter; absent above [`grove_domain::listing::COUNT_CAP`].
    pub total_count: Option<i64>,
    /// Echo of `skip`.
    pub skipped: i32,
}

/// Splits a page into its converted items and its paging fields.
pub fn page<T, U: From<T>>(page: Page<T>) -> (Vec<U>, PageFields) {
    let fields = PageFields {
        next_page_token: page.next_page_token.unwrap_or_default(),
        total_count: page.total_count.and_then(|n| i64::try_from(n).ok()),
        skipped: i32::try_from(page.skipped).unwrap_or(i32::MAX),
    };
    (page.items.into_iter().map(U::from).collect(), fields)
}

/// Generates `From<Page<domain>>` for a list response whose items field is `$field`.
macro_rules! list_response {
    ($response:ty, $domain:ty, $field:ident) => {
        impl From<grove_domain::listing::Page<$domain>> for $response {
            fn from(p: grove_domain::listing::Page<$domain>) -> Self {
                let (items, f) = super::page(p);
                Self {
                    $field: items,
                    next_page_token: f.next_page_token,
                    total_count: f.total_count,
                    skipped: f.skipped,
                }
            }
        }
    };
}
pub(crate) use list_response;
