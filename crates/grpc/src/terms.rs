//! `chainguard.platform.iam.v2beta1.TermsService`: a group accepts legal documents and lists
//! what it and its ancestors accepted.

use grove_proto::convert::ListQuery;
use grove_proto::iam as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `TermsService`.
#[derive(Debug, Clone)]
pub struct Terms(pub Context);

#[tonic::async_trait]
impl pb::terms_service_server::TermsService for Terms {
    async fn accept_terms(
        &self,
        request: Request<pb::AcceptTermsRequest>,
    ) -> Result<Response<pb::AcceptTermsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let accepted = self.0.services.terms.accept(&caller, &r.group, &r.document_ids).await.or_status(&self.0)?;
        Ok(Response::new(accepted.into()))
    }

    async fn list_terms_acceptances(
        &self,
        request: Request<pb::ListTermsAcceptancesRequest>,
    ) -> Result<Response<pb::ListTermsAcceptancesResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let page = ListQuery::new(None, r.page_size, &r.page_token, &r.order_by, r.skip).page().or_status(&self.0)?;
        let acceptances = self.0.services.terms.list(&caller, &r.group, &page).await.or_status(&self.0)?;
        Ok(Response::new(acceptances.into()))
    }
}
