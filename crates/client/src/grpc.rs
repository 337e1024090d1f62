//! The same API over gRPC (feature `grpc`): the generated tonic clients of `grove-proto` on
//! one connection, each call carrying the token as `authorization: Bearer` metadata.

use tonic::metadata::{Ascii, MetadataValue};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, ClientTlsConfig, Endpoint};
use tonic::{Request, Status};

use grove_proto::chainguard::platform::events::v2beta1::subscriptions_service_client::SubscriptionsServiceClient;
use grove_proto::chainguard::platform::vulnerabilities::v2beta1::advisories_service_client::AdvisoriesServiceClient;
use grove_proto::iam::groups_service_client::GroupsServiceClient;
use grove_proto::iam::identities_service_client::IdentitiesServiceClient;
use grove_proto::iam::role_bindings_service_client::RoleBindingsServiceClient;
use grove_proto::iam::roles_service_client::RolesServiceClient;
use grove_proto::iam::terms_service_client::TermsServiceClient;
use grove_proto::registry::repos_service_client::ReposServiceClient;
use grove_proto::registry::tags_service_client::TagsServiceClient;

use crate::error::ClientError;

/// Adds `authorization: Bearer <token>` to every call (nothing without a token).
#[derive(Debug, Clone, Default)]
pub struct BearerToken(Option<MetadataValue<Ascii>>);

impl tonic::service::Interceptor for BearerToken {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        if let Some(value) = &self.0 {
            request.metadata_mut().insert("authorization", value.clone());
        }
        Ok(request)
    }
}

/// The channel every generated client of a [`GrpcClient`] shares.
pub type Authorized = InterceptedService<Channel, BearerToken>;

/// Talks to one Grove over gRPC (the REST port; HTTP/2) with one token.
#[derive(Debug, Clone)]
pub struct GrpcClient {
    channel: Channel,
    token: BearerToken,
}

impl GrpcClient {
    /// Connects to the API at `base_url` (`http://` for h2c, `https://` for TLS with the
    /// WebPKI roots), without a token.
    ///
    /// # Errors
    /// [`ClientError::InvalidUrl`] for a URL that is not `http`/`https`, and
    /// [`ClientError::Transport`] when the connection fails.
    pub async fn connect(base_url: &str) -> Result<Self, ClientError> {
        let url = crate::client::checked_url(base_url)?;
        let transport = |e: &dyn std::error::Error| ClientError::Transport {
            url: url.clone(),
            reason: crate::client::error_chain(e),
        };
        let mut endpoint = Endpoint::from_shared(url.clone()).map_err(|e| transport(&e))?;
        if url.starts_with("https://") {
            endpoint = endpoint.tls_config(ClientTlsConfig::new().with_webpki_roots()).map_err(|e| transport(&e))?;
        }
        let channel = endpoint.connect().await.map_err(|e| transport(&e))?;
        Ok(Self { channel, token: BearerToken::default() })
    }

    /// The same client presenting `token`.
    ///
    /// # Errors
    /// [`ClientError::InvalidToken`] when the token cannot be a metadata value.
    pub fn with_token(mut self, token: &str) -> Result<Self, ClientError> {
        let value = format!("Bearer {token}").parse().map_err(|_| ClientError::InvalidToken)?;
        self.token = BearerToken(Some(value));
        Ok(self)
    }

    fn authorized(&self) -> Authorized {
        InterceptedService::new(self.channel.clone(), self.token.clone())
    }

    /// `chainguard.platform.iam.v2beta1.GroupsService`.
    #[must_use]
    pub fn groups(&self) -> GroupsServiceClient<Authorized> {
        GroupsServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.iam.v2beta1.IdentitiesService`.
    #[must_use]
    pub fn identities(&self) -> IdentitiesServiceClient<Authorized> {
        IdentitiesServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.iam.v2beta1.RolesService`.
    #[must_use]
    pub fn roles(&self) -> RolesServiceClient<Authorized> {
        RolesServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.iam.v2beta1.RoleBindingsService`.
    #[must_use]
    pub fn role_bindings(&self) -> RoleBindingsServiceClient<Authorized> {
        RoleBindingsServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.iam.v2beta1.TermsService`.
    #[must_use]
    pub fn terms(&self) -> TermsServiceClient<Authorized> {
        TermsServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.registry.v2beta1.ReposService`.
    #[must_use]
    pub fn repos(&self) -> ReposServiceClient<Authorized> {
        ReposServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.registry.v2beta1.TagsService`.
    #[must_use]
    pub fn tags(&self) -> TagsServiceClient<Authorized> {
        TagsServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.vulnerabilities.v2beta1.AdvisoriesService`.
    #[must_use]
    pub fn advisories(&self) -> AdvisoriesServiceClient<Authorized> {
        AdvisoriesServiceClient::new(self.authorized())
    }

    /// `chainguard.platform.events.v2beta1.SubscriptionsService`.
    #[must_use]
    pub fn subscriptions(&self) -> SubscriptionsServiceClient<Authorized> {
        SubscriptionsServiceClient::new(self.authorized())
    }

    /// Any other generated client of the contract over this connection and token, such as
    /// `client.service(IdentityProvidersServiceClient::new)`.
    pub fn service<C>(&self, new: impl FnOnce(Authorized) -> C) -> C {
        new(self.authorized())
    }
}
