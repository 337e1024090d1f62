//! `/events/v1alpha1/deadletters` (`grove.events.v1alpha1.DeadLetters`): webhook deliveries
//! the relay gave up on, listed, replayed (`{id}:replay`) and deleted with the subscription
//! capabilities of the subscription's group.

use axum::extract::State;
use axum::routing::{delete as delete_route, get};
use axum::Router;
use grove_domain::services::DeadLetterListInput;
use grove_domain::Error;
use grove_proto::grove_events as pb;

use super::custom_methods::split_verb;
use super::Empty;
use crate::error::ApiError;
use crate::extract::{Caller, Path, Query};
use crate::json::Json;
use crate::proto_schema::proto_schema;
use crate::AppState;

proto_schema!(ListDeadLettersSchema, "grove.events.v1alpha1.ListDeadLettersResponse");
proto_schema!(ReplayDeadLetterSchema, "grove.events.v1alpha1.ReplayDeadLetterResponse");

/// The dead letter routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/v1alpha1/deadletters", get(list))
        .route("/events/v1alpha1/deadletters/{id}", delete_route(delete).post(replay_verb))
}

/// A dead letter's id in the path.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct DeadLetterId {
    /// The dead letter's id (a UUID).
    #[param(example = "0b4c3f8e-5d2a-4e61-9a7b-3c2d1e0f9a8b")]
    id: String,
}

/// The filters of the query string.
fn input(query: &Query) -> Result<DeadLetterListInput, ApiError> {
    let p = query.params();
    p.given_once(["uidp.descendants_of", "uidp.children_of", "subscription"])?;
    Ok(DeadLetterListInput {
        descendants_of: p.get("uidp.descendants_of").map(str::to_owned),
        children_of: p.get("uidp.children_of").map(str::to_owned),
        subscription: p.get("subscription").map(str::to_owned),
    })
}

/// Lists the dead letters of the subscriptions the caller may list, in uid order.
#[utoipa::path(get, path = "/events/v1alpha1/deadletters", operation_id = "ListDeadLetters",
    tag = "deadletters",
    params(
        ("uidp.descendants_of" = Option<super::Uid>, Query,
            description = "Dead letters of subscriptions in this group or any group below it"),
        ("uidp.children_of" = Option<super::Uid>, Query,
            description = "Dead letters of subscriptions directly in this group"),
        ("subscription" = Option<super::Uid>, Query, description = "Dead letters of this subscription"),
        ("page_size" = Option<i32>, Query, minimum = 0,
            description = "Results per page: default 50, at most 200 (larger values are lowered to 200)"),
        ("page_token" = Option<String>, Query, description = "`nextPageToken` of the previous page"),
        ("order_by" = Option<String>, Query, description = "`uid` (the only order)"),
        ("skip" = Option<i32>, Query, minimum = 0, description = "Results to skip"),
    ),
    responses((status = 200, body = ListDeadLettersSchema), crate::openapi::ReadErrors))]
pub async fn list(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListDeadLettersResponse>, ApiError> {
    let (input, page) = (input(&query)?, query.page()?);
    Ok(Json(s.services.dead_letters.list(&caller, input, &page).await?.into()))
}

/// `POST …/deadletters/{id}:verb`: the one custom method is `replay`.
async fn replay_verb(
    state: State<AppState>,
    caller: Caller,
    Path(path): Path<String>,
) -> Result<Json<pb::ReplayDeadLetterResponse>, ApiError> {
    match split_verb(&path) {
        Some((id, "replay")) => replay(state, caller, Path(id.to_owned())).await,
        Some((_, verb)) => Err(Error::NotFound(format!("dead letters have no custom method {verb:?}")).into()),
        None => Err(Error::NotFound("POST needs a custom method: …/deadletters/{id}:replay".to_owned()).into()),
    }
}

/// Delivers a dead letter once more to its subscription's current sink; delivered, it is
/// deleted. A refused delivery keeps it and answers `FAILED_PRECONDITION` (`SINK_REFUSED`).
#[utoipa::path(post, path = "/events/v1alpha1/deadletters/{id}:replay", operation_id = "ReplayDeadLetter",
    tag = "deadletters", params(DeadLetterId),
    responses((status = 200, body = ReplayDeadLetterSchema), crate::openapi::WriteErrors))]
pub async fn replay(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<pb::ReplayDeadLetterResponse>, ApiError> {
    Ok(Json(s.services.dead_letters.replay(&caller, &id).await?.into()))
}

/// Deletes a dead letter without delivering it.
#[utoipa::path(delete, path = "/events/v1alpha1/deadletters/{id}", operation_id = "DeleteDeadLetter",
    tag = "deadletters", params(DeadLetterId),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    if split_verb(&id).is_some() {
        return Err(Error::NotFound(format!("dead letter {id} does not exist")).into());
    }
    s.services.dead_letters.delete(&caller, &id).await?;
    Ok(Json(Empty {}))
}
