//! What every gRPC method needs: the domain services, the caller, and the error mapping.

use std::sync::Arc;

use grove_domain::authz::Principal;
use grove_domain::error::Error;
use grove_domain::services::Services;
use tonic::{Request, Status};

use crate::status::to_status;

/// The services and the error domain, shared by every service implementation.
#[derive(Debug, Clone)]
pub struct Context {
    /// The domain services.
    pub services: Arc<Services>,
    domain: Arc<str>,
}

impl Context {
    /// A context over `services` whose errors name `error_domain`.
    #[must_use]
    pub fn new(services: Arc<Services>, error_domain: &str) -> Self {
        Self { services, domain: error_domain.into() }
    }

    /// The caller, from `authorization: Bearer …` metadata.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` as REST answers it: no header, not `Bearer`, or a bad token.
    pub async fn caller<T>(&self, request: &Request<T>) -> Result<Principal, Status> {
        let header = match request.metadata().get("authorization") {
            None => None,
            Some(v) => Some(v.to_str().map_err(|_| {
                self.status(Error::Unauthenticated("the authorization metadata is not valid text".to_owned()))
            })?),
        };
        let caller = self.services.auth.authenticate(header).await.map_err(|e| self.status(e))?;
        let request_id = request.metadata().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
        tracing::Span::current().record("caller", caller.identity().as_str());
        Ok(caller.through(grove_domain::audit::Transport::Grpc, request_id))
    }

    /// `error` as a status.
    #[must_use]
    pub fn status(&self, error: Error) -> Status {
        to_status(&error, &self.domain)
    }
}

/// Turns a domain result into a gRPC one.
pub trait OrStatus<T> {
    /// The value, or the error as a status of `ctx`.
    ///
    /// # Errors
    /// The domain error as a status.
    fn or_status(self, ctx: &Context) -> Result<T, Status>;
}

impl<T> OrStatus<T> for Result<T, Error> {
    fn or_status(self, ctx: &Context) -> Result<T, Status> {
        self.map_err(|e| ctx.status(e))
    }
}
