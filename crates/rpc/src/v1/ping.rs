//! `chainguard.platform.ping.PingService`: the first API's ping.

use grove_domain::error::Error;
use grove_domain::services::Services;
use grove_proto::chainguard::platform::ping as pb;

use crate::ping::PONG;

/// `Ping`: answers [`PONG`] to anybody, as version 2 does.
///
/// # Errors
/// None; the signature is every RPC's.
#[allow(clippy::unused_async)]
pub async fn ping(_: &Services, _: pb::PingRequest) -> Result<pb::Response, Error> {
    Ok(pb::Response { response: PONG.to_owned() })
}
