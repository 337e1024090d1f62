//! `chainguard.platform.iam.v2beta1`: identity providers (with their SCIM token RPCs) and
//! their external group role mappings.

use grove_domain::params::ListKind;
use grove_proto::convert::{self, ListQuery};
use grove_proto::grove_iam;
use grove_proto::iam as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `IdentityProvidersService`.
#[derive(Debug, Clone)]
pub struct IdentityProviders(pub Context);

#[tonic::async_trait]
impl pb::identity_providers_service_server::IdentityProvidersService for IdentityProviders {
    async fn list_identity_providers(
        &self,
        request: Request<pb::ListIdentityProvidersRequest>,
    ) -> Result<Response<pb::ListIdentityProvidersResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("name", &r.name);
        let (filter, page) = query.parse(ListKind::Named).or_status(&self.0)?;
        let idps = self.0.services.identity_providers.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(idps.into()))
    }

    async fn get_identity_provider(
        &self,
        request: Request<pb::GetIdentityProviderRequest>,
    ) -> Result<Response<pb::IdentityProvider>, Status> {
        let caller = self.0.caller(&request).await?;
        let idp = self.0.services.identity_providers.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(idp.into()))
    }

    async fn create_identity_provider(
        &self,
        request: Request<pb::CreateIdentityProviderRequest>,
    ) -> Result<Response<pb::IdentityProvider>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input =
            convert::identity_provider_input(r.identity_provider.unwrap_or_default(), None).or_status(&self.0)?;
        let idp = self.0.services.identity_providers.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(idp.into()))
    }

    async fn update_identity_provider(
        &self,
        request: Request<pb::UpdateIdentityProviderRequest>,
    ) -> Result<Response<pb::IdentityProvider>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let idp = r.identity_provider.unwrap_or_default();
        let uid = idp.uid.clone();
        let input = convert::identity_provider_input(idp, r.update_mask.as_ref()).or_status(&self.0)?;
        let idp = self.0.services.identity_providers.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(idp.into()))
    }

    async fn delete_identity_provider(
        &self,
        request: Request<pb::DeleteIdentityProviderRequest>,
    ) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.identity_providers.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn generate_scim_token(
        &self,
        request: Request<pb::GenerateScimTokenRequest>,
    ) -> Result<Response<pb::GenerateScimTokenResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let expiry = convert::scim_expiry(r.expire_time, r.never_expires).or_status(&self.0)?;
        let issued =
            self.0.services.scim.generate(&caller, &r.identity_provider_uid, expiry).await.or_status(&self.0)?;
        Ok(Response::new(issued.into()))
    }

    async fn regenerate_scim_token(
        &self,
        request: Request<pb::RegenerateScimTokenRequest>,
    ) -> Result<Response<pb::RegenerateScimTokenResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let expiry = convert::scim_expiry(r.expire_time, r.never_expires).or_status(&self.0)?;
        let overlap = convert::scim_overlap(r.overlap).or_status(&self.0)?;
        let issued = self
            .0
            .services
            .scim
            .regenerate(&caller, &r.identity_provider_uid, overlap, expiry, &r.etag)
            .await
            .or_status(&self.0)?;
        Ok(Response::new(issued.into()))
    }

    async fn revoke_scim_token(
        &self,
        request: Request<pb::RevokeScimTokenRequest>,
    ) -> Result<Response<pb::RevokeScimTokenResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let uid = &request.get_ref().identity_provider_uid;
        let revoked = self.0.services.scim.revoke(&caller, uid).await.or_status(&self.0)?;
        Ok(Response::new(revoked.into()))
    }

    async fn set_scim_enabled(
        &self,
        request: Request<pb::SetScimEnabledRequest>,
    ) -> Result<Response<pb::SetScimEnabledResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let set = self
            .0
            .services
            .scim
            .set_enabled(&caller, &r.identity_provider_uid, r.enabled, &r.etag)
            .await
            .or_status(&self.0)?;
        Ok(Response::new(set.into()))
    }
}

/// `ExternalGroupRoleMappingsService`.
#[derive(Debug, Clone)]
pub struct ExternalGroupRoleMappings(pub Context);

#[tonic::async_trait]
impl pb::external_group_role_mappings_service_server::ExternalGroupRoleMappingsService for ExternalGroupRoleMappings {
    async fn get_external_group_role_mapping(
        &self,
        request: Request<pb::GetExternalGroupRoleMappingRequest>,
    ) -> Result<Response<pb::ExternalGroupRoleMapping>, Status> {
        let caller = self.0.caller(&request).await?;
        let uid = &request.get_ref().uid;
        let mapping = self.0.services.external_group_role_mappings.get(&caller, uid).await.or_status(&self.0)?;
        Ok(Response::new(mapping.into()))
    }

    async fn create_external_group_role_mapping(
        &self,
        request: Request<pb::CreateExternalGroupRoleMappingRequest>,
    ) -> Result<Response<pb::ExternalGroupRoleMapping>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input =
            convert::mapping_input(r.external_group_role_mapping.unwrap_or_default(), None).or_status(&self.0)?;
        let mapping =
            self.0.services.external_group_role_mappings.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(mapping.into()))
    }

    async fn delete_external_group_role_mapping(
        &self,
        request: Request<pb::DeleteExternalGroupRoleMappingRequest>,
    ) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        let uid = &request.get_ref().uid;
        self.0.services.external_group_role_mappings.delete(&caller, uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn batch_delete_external_group_role_mappings(
        &self,
        request: Request<pb::BatchDeleteExternalGroupRoleMappingsRequest>,
    ) -> Result<Response<pb::BatchDeleteExternalGroupRoleMappingsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let deleted = self
            .0
            .services
            .external_group_role_mappings
            .batch_delete(&caller, &r.parent, &r.names)
            .await
            .or_status(&self.0)?;
        Ok(Response::new(deleted.into()))
    }

    async fn list_external_group_role_mappings(
        &self,
        request: Request<pb::ListExternalGroupRoleMappingsRequest>,
    ) -> Result<Response<pb::ListExternalGroupRoleMappingsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("identity_provider_uid", &r.identity_provider_uid);
        let (filter, page) = query.parse(ListKind::ExternalGroupRoleMappings).or_status(&self.0)?;
        let mappings =
            self.0.services.external_group_role_mappings.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(mappings.into()))
    }
}

/// `ScimUsersService`: the users identity providers' SCIM clients provisioned.
#[derive(Debug, Clone)]
pub struct ScimUsers(pub Context);

#[tonic::async_trait]
impl grove_iam::scim_users_service_server::ScimUsersService for ScimUsers {
    async fn list_scim_users(
        &self,
        request: Request<grove_iam::ListScimUsersRequest>,
    ) -> Result<Response<grove_iam::ListScimUsersResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let page = ListQuery::new(None, r.page_size, &r.page_token, &r.order_by, r.skip).page().or_status(&self.0)?;
        let filter = convert::scim_user_filter(r);
        let users = self.0.services.scim_provisioning.list_scim_users(&caller, &r.parent, filter, &page).await;
        Ok(Response::new(users.or_status(&self.0)?.into()))
    }
}
