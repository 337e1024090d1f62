//! `chainguard.platform.events.v2beta1`: webhook subscriptions.

use grove_domain::params::ListKind;
use grove_proto::convert::{ListQuery, Writable as _};
use grove_proto::events as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `SubscriptionsService`.
#[derive(Debug, Clone)]
pub struct Subscriptions(pub Context);

#[tonic::async_trait]
impl pb::subscriptions_service_server::SubscriptionsService for Subscriptions {
    async fn get_subscription(
        &self,
        request: Request<pb::GetSubscriptionRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        let caller = self.0.caller(&request).await?;
        let subscription =
            self.0.services.subscriptions.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(subscription.into()))
    }

    async fn create_subscription(
        &self,
        request: Request<pb::CreateSubscriptionRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let sink = r.subscription.unwrap_or_default().into_input(None).or_status(&self.0)?;
        let subscription = self.0.services.subscriptions.create(&caller, &r.parent, &sink).await.or_status(&self.0)?;
        Ok(Response::new(subscription.into()))
    }

    async fn list_subscriptions(
        &self,
        request: Request<pb::ListSubscriptionsRequest>,
    ) -> Result<Response<pb::ListSubscriptionsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        let (filter, page) = query.parse(ListKind::Subscriptions).or_status(&self.0)?;
        let subscriptions = self.0.services.subscriptions.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(subscriptions.into()))
    }

    async fn delete_subscription(
        &self,
        request: Request<pb::DeleteSubscriptionRequest>,
    ) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.subscriptions.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }
}
