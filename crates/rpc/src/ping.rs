//! `chainguard.platform.ping.v2beta1.PingService` (and its `v2` twin): is the API up?

use grove_domain::error::Error;
use grove_domain::services::Services;
use grove_proto::chainguard::platform::ping::v2beta1 as pb;

/// What every ping answers, in every version.
pub const PONG: &str = "pong";

/// `Ping`: answers [`PONG`] to anybody, without touching the store (a load balancer's probe
/// of the API itself; `/readyz` is the one that asks the store).
///
/// # Errors
/// None; the signature is every RPC's.
#[allow(clippy::unused_async)]
pub async fn ping(_: &Services, _: pb::PingRequest) -> Result<pb::PingResponse, Error> {
    Ok(pb::PingResponse { response: PONG.to_owned() })
}
