//! `chainguard.platform.events.Subscriptions`: the first API's webhook subscriptions, over
//! the same service as `v2beta1` (its fields named `id` and `parent_id`, its list unpaged).

use grove_domain::authz::Principal;
use grove_domain::error::Error;
use grove_domain::listing::PageRequest;
use grove_domain::params::ListKind;
use grove_domain::services::Services;
use grove_proto::chainguard::platform::events as pb;
use grove_proto::convert::ListQuery;
use grove_proto::events as v2;

/// The largest page the list asks the service for while it gathers every match.
const PAGE: i32 = 200;

fn from_v2(s: v2::Subscription) -> pb::Subscription {
    pb::Subscription { id: s.uid, sink: s.sink }
}

/// An error with the first API's field names (`parent` → `parent_id`, `uid` → `id`).
fn v1_names(error: Error) -> Error {
    match error {
        Error::InvalidArgument(mut violations) => {
            for v in &mut violations {
                let renamed = match v.field.as_str() {
                    "parent" => "parent_id",
                    "uid" => "id",
                    _ => continue,
                };
                v.description = v.description.replacen(&v.field, renamed, 1);
                renamed.clone_into(&mut v.field);
            }
            Error::InvalidArgument(violations)
        }
        other => other,
    }
}

/// `Create`: subscribes `subscription.sink` to the events of `parent_id` and below.
///
/// # Errors
/// As the `v2beta1` create, with the first API's field names.
pub async fn create(
    services: &Services,
    caller: &Principal,
    r: pb::CreateSubscriptionRequest,
) -> Result<pb::Subscription, Error> {
    let sink = r.subscription.unwrap_or_default().sink;
    let created = services.subscriptions.create(caller, &r.parent_id, &sink).await.map_err(v1_names)?;
    Ok(from_v2(created.into()))
}

/// `List`: every subscription the caller may list under the filter (and with `id`, only
/// that one), gathered page by page.
///
/// # Errors
/// `INVALID_ARGUMENT` for a malformed uid in the filter.
pub async fn list(
    services: &Services,
    caller: &Principal,
    r: pb::SubscriptionFilter,
) -> Result<pb::SubscriptionList, Error> {
    let mut query = ListQuery::new(r.uidp.as_ref(), PAGE, "", "", 0);
    if !r.id.is_empty() {
        query.text("uidp.ids", &r.id);
    }
    let (filter, mut page) = query.parse(ListKind::Subscriptions)?;
    let mut items = Vec::new();
    loop {
        let listed = services.subscriptions.list(caller, filter.clone(), &page).await?;
        items.extend(listed.items.into_iter().map(|s| from_v2(s.into())));
        match listed.next_page_token {
            Some(token) => page = PageRequest { page_token: Some(token), ..page },
            None => return Ok(pb::SubscriptionList { items }),
        }
    }
}

/// `Delete`: ends the subscription `id`.
///
/// # Errors
/// As the `v2beta1` delete, with the first API's field names.
pub async fn delete(services: &Services, caller: &Principal, r: pb::DeleteSubscriptionRequest) -> Result<(), Error> {
    services.subscriptions.delete(caller, &r.id).await.map_err(v1_names)
}
