//! `grove.audit.v1alpha1.AuditService`: the audit trail.

use grove_proto::convert::{self, ListQuery};
use grove_proto::grove_audit as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `AuditService`.
#[derive(Debug, Clone)]
pub struct Audit(pub Context);

#[tonic::async_trait]
impl pb::audit_service_server::AuditService for Audit {
    async fn list_audit_entries(
        &self,
        request: Request<pb::ListAuditEntriesRequest>,
    ) -> Result<Response<pb::ListAuditEntriesResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let page = ListQuery::new(None, r.page_size, &r.page_token, &r.order_by, r.skip).page().or_status(&self.0)?;
        let input = convert::audit_list_input(r).or_status(&self.0)?;
        let entries = self.0.services.audit.list(&caller, input, &page).await.or_status(&self.0)?;
        Ok(Response::new(entries.into()))
    }
}
