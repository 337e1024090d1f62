//! `chainguard.platform.vulnerabilities.v2beta1`: advisories (read-only).

use grove_domain::params::ListKind;
use grove_proto::convert::{self, ListQuery};
use grove_proto::vulnerabilities as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `AdvisoriesService`.
#[derive(Debug, Clone)]
pub struct Advisories(pub Context);

#[tonic::async_trait]
impl pb::advisories_service_server::AdvisoriesService for Advisories {
    async fn get_advisory(&self, request: Request<pb::GetAdvisoryRequest>) -> Result<Response<pb::Advisory>, Status> {
        let caller = self.0.caller(&request).await?;
        let advisory = self.0.services.advisories.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(advisory.into()))
    }

    async fn list_advisories(
        &self,
        request: Request<pb::ListAdvisoriesRequest>,
    ) -> Result<Response<pb::ListAdvisoriesResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        let (filter, page) = query.parse(ListKind::Subscriptions).or_status(&self.0)?;
        let input = convert::advisory_list_input(r);
        let advisories = self.0.services.advisories.list(&caller, filter, &input, &page).await.or_status(&self.0)?;
        Ok(Response::new(advisories.into()))
    }
}
