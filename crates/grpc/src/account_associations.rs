//! `chainguard.platform.iam.v2beta1.AccountAssociationsService`: one domain call per RPC.

use grove_domain::params::ListKind;
use grove_proto::convert::{self, ListQuery};
use grove_proto::iam as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `AccountAssociationsService`.
#[derive(Debug, Clone)]
pub struct AccountAssociations(pub Context);

#[tonic::async_trait]
impl pb::account_associations_service_server::AccountAssociationsService for AccountAssociations {
    async fn get_account_association(
        &self,
        request: Request<pb::GetAccountAssociationRequest>,
    ) -> Result<Response<pb::AccountAssociation>, Status> {
        let caller = self.0.caller(&request).await?;
        let a = self.0.services.account_associations.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(a.into()))
    }

    async fn create_account_association(
        &self,
        request: Request<pb::CreateAccountAssociationRequest>,
    ) -> Result<Response<pb::AccountAssociation>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input =
            convert::account_association_input(r.account_association.unwrap_or_default(), None).or_status(&self.0)?;
        let a = self.0.services.account_associations.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(a.into()))
    }

    async fn delete_account_association(
        &self,
        request: Request<pb::DeleteAccountAssociationRequest>,
    ) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.account_associations.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn list_account_associations(
        &self,
        request: Request<pb::ListAccountAssociationsRequest>,
    ) -> Result<Response<pb::ListAccountAssociationsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("name", &r.name);
        let (filter, page) = query.parse(ListKind::Named).or_status(&self.0)?;
        let list = self.0.services.account_associations.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(list.into()))
    }

    async fn update_account_association(
        &self,
        request: Request<pb::UpdateAccountAssociationRequest>,
    ) -> Result<Response<pb::AccountAssociation>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let a = r.account_association.unwrap_or_default();
        let uid = a.uid.clone();
        let input = convert::account_association_input(a, r.update_mask.as_ref()).or_status(&self.0)?;
        let a = self.0.services.account_associations.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(a.into()))
    }

    async fn check_account_association(
        &self,
        request: Request<pb::CheckAccountAssociationRequest>,
    ) -> Result<Response<pb::CheckAccountAssociationResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let provider = convert::account_provider_type(r.provider_type).or_status(&self.0)?;
        let result = self.0.services.account_associations.check(&caller, &r.uid, provider).await.or_status(&self.0)?;
        Ok(Response::new(result.into()))
    }
}
