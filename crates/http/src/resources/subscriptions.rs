//! `/events/v2beta1/subscriptions`: webhooks that receive the CloudEvents of a group and
//! everything below it.

use axum::extract::State;
use axum::routing::get;
use axum::Router;

use crate::json::Json;
use grove_domain::error::Error;

use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{Caller, Path, Query};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::events as pb;

proto_schema!(SubscriptionSchema, "chainguard.platform.events.v2beta1.Subscription");
proto_schema!(ListSubscriptionsSchema, "chainguard.platform.events.v2beta1.ListSubscriptionsResponse");

request_schema!(SubscriptionBody, pb::Subscription, [("sink", super::fields::sink)]);

impl RestBody for pb::Subscription {}

/// The subscription routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/v2beta1/subscriptions", get(list))
        .route("/events/v2beta1/subscriptions/{*uid}", get(get_one).post(create).delete(delete))
}

/// Lists the subscriptions the caller may list (ordered by uid; they have no name).
#[utoipa::path(get, path = "/events/v2beta1/subscriptions", operation_id = "ListSubscriptions",
    tag = "subscriptions", params(super::ListParams),
    responses((status = 200, body = ListSubscriptionsSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListSubscriptionsResponse>, ApiError> {
    if query.get("name").is_some() {
        // ListSubscriptionsRequest has no name: refused, never ignored.
        return Err(Error::invalid("name", "subscriptions have no name to filter by").into());
    }
    Ok(Json(
        s.services.subscriptions.list(&caller, query.filter(ListKind::Subscriptions)?, &query.page()?).await?.into(),
    ))
}

/// Fetches one subscription.
#[utoipa::path(get, path = "/events/v2beta1/subscriptions/{uid}", operation_id = "GetSubscription",
    tag = "subscriptions", params(super::ResourceUid),
    responses((status = 200, body = SubscriptionSchema), crate::openapi::ReadErrors))]
pub async fn get_one(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Subscription>, ApiError> {
    Ok(Json(s.services.subscriptions.get(&caller, &uid).await?.into()))
}

/// Subscribes a webhook to the events of the group in the path and every group below it.
#[utoipa::path(post, path = "/events/v2beta1/subscriptions/{uid}", operation_id = "CreateSubscription",
    tag = "subscriptions", request_body = SubscriptionBody, params(super::ParentUid),
    responses((status = 200, body = SubscriptionSchema), crate::openapi::WriteErrors))]
pub async fn create(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    body: ProtoBody<pb::Subscription>,
) -> Result<Json<pb::Subscription>, ApiError> {
    Ok(Json(s.services.subscriptions.create(&caller, &parent, &body.create_input()?).await?.into()))
}

/// Deletes a subscription.
#[utoipa::path(delete, path = "/events/v2beta1/subscriptions/{uid}", operation_id = "DeleteSubscription",
    tag = "subscriptions", params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.subscriptions.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
