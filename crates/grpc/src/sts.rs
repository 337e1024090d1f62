//! `chainguard.platform.oidc.SecurityTokenService` over gRPC: `Exchange` and
//! `ExchangeRefreshToken` on the same exchange as `POST /sts/exchange` and
//! `POST /sts/exchange_refresh_token`, with the presented token in `authorization: Bearer …`
//! metadata. Without an exchange configured both answer `UNIMPLEMENTED`.

use grove_domain::services::{ExchangeRequest, ExchangeService, RefreshRequest};
use grove_proto::chainguard::platform::oidc as pb;
use tonic::{Request, Response, Status};

use crate::status::to_status;

/// `SecurityTokenService`.
#[derive(Debug, Clone)]
pub struct Sts {
    /// The exchange, when this server runs one.
    pub exchange: Option<ExchangeService>,
    /// `ErrorInfo.domain` of every error.
    pub error_domain: String,
}

fn bearer<T>(request: &Request<T>) -> Result<Option<&str>, Status> {
    match request.metadata().get("authorization").map(|v| v.to_str()) {
        None => Ok(None),
        Some(Ok(v)) => Ok(Some(v)),
        Some(Err(_)) => Err(Status::unauthenticated("the authorization metadata is not valid text")),
    }
}

fn scopes(scope: &str, scopes: &[String]) -> Vec<String> {
    let mut all: Vec<String> = scopes.to_vec();
    if !scope.is_empty() {
        all.push(scope.to_owned());
    }
    all
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

impl Sts {
    fn exchange(&self) -> Result<&ExchangeService, Status> {
        self.exchange.as_ref().ok_or_else(|| Status::unimplemented("this server runs no token exchange"))
    }
}

#[tonic::async_trait]
impl pb::security_token_service_server::SecurityTokenService for Sts {
    async fn exchange(&self, request: Request<pb::ExchangeRequest>) -> Result<Response<pb::RawToken>, Status> {
        let exchange = self.exchange()?;
        let authorization = bearer(&request)?;
        let r = request.get_ref();
        let wanted = ExchangeRequest {
            audiences: r.aud.clone(),
            identity: non_empty(&r.identity),
            scopes: scopes(&r.scope, &r.scopes),
            capabilities: r.cap.clone(),
            identity_provider: non_empty(&r.identity_provider),
        };
        match exchange.exchange(authorization, &wanted).await {
            Ok(done) => {
                tracing::info!(identity = %done.identity, expiry = %done.expiry, "token exchanged over gRPC");
                Ok(Response::new(pb::RawToken {
                    token: done.token,
                    refresh_token: done.refresh_token.unwrap_or_default(),
                    expiry: Some(done.expiry.as_datetime().into()),
                }))
            }
            Err(failure) => {
                tracing::info!(reason = %failure.detail, "token exchange over gRPC refused");
                Err(to_status(&failure.error, &self.error_domain))
            }
        }
    }

    async fn exchange_refresh_token(
        &self,
        request: Request<pb::ExchangeRefreshTokenRequest>,
    ) -> Result<Response<pb::TokenPair>, Status> {
        let exchange = self.exchange()?;
        let authorization = bearer(&request)?;
        let r = request.get_ref();
        let wanted = RefreshRequest {
            audiences: r.aud.clone(),
            scopes: scopes(&r.scope, &r.scopes),
            capabilities: r.cap.clone(),
        };
        match exchange.exchange_refresh_token(authorization, &wanted).await {
            Ok(done) => {
                tracing::info!(identity = %done.identity, expiry = %done.expiry, "refresh token exchanged over gRPC");
                Ok(Response::new(pb::TokenPair {
                    token: Some(pb::RawToken {
                        token: done.token,
                        refresh_token: String::new(),
                        expiry: Some(done.expiry.as_datetime().into()),
                    }),
                    refresh_token: Some(pb::RawToken {
                        token: done.refresh_token.unwrap_or_default(),
                        refresh_token: String::new(),
                        expiry: None,
                    }),
                }))
            }
            Err(failure) => {
                tracing::info!(reason = %failure.detail, "refresh token exchange over gRPC refused");
                Err(to_status(&failure.error, &self.error_domain))
            }
        }
    }
}
