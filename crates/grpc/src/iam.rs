//! `chainguard.platform.iam.v2beta1`: groups, identities, roles and role bindings.

use grove_domain::params::ListKind;
use grove_proto::convert::{self, ListQuery};
use grove_proto::iam as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `GroupsService`.
#[derive(Debug, Clone)]
pub struct Groups(pub Context);

#[tonic::async_trait]
impl pb::groups_service_server::GroupsService for Groups {
    async fn get_group(&self, request: Request<pb::GetGroupRequest>) -> Result<Response<pb::Group>, Status> {
        let caller = self.0.caller(&request).await?;
        let group = self.0.services.groups.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(group.into()))
    }

    async fn delete_group(&self, request: Request<pb::DeleteGroupRequest>) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.groups.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn list_groups(
        &self,
        request: Request<pb::ListGroupsRequest>,
    ) -> Result<Response<pb::ListGroupsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("name", &r.name);
        let (filter, page) = query.parse(ListKind::Named).or_status(&self.0)?;
        let groups = self.0.services.groups.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(groups.into()))
    }

    async fn create_group(&self, request: Request<pb::CreateGroupRequest>) -> Result<Response<pb::Group>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::group_input(r.group.unwrap_or_default(), None).or_status(&self.0)?;
        let parent = Some(r.parent.as_str()).filter(|p| !p.is_empty());
        let group = self.0.services.groups.create(&caller, parent, input).await.or_status(&self.0)?;
        Ok(Response::new(group.into()))
    }

    async fn update_group(&self, request: Request<pb::UpdateGroupRequest>) -> Result<Response<pb::Group>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let group = r.group.unwrap_or_default();
        let uid = group.uid.clone();
        let input = convert::group_input(group, r.update_mask.as_ref()).or_status(&self.0)?;
        let group = self.0.services.groups.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(group.into()))
    }

    async fn lookup_group(
        &self,
        request: Request<pb::LookupGroupRequest>,
    ) -> Result<Response<pb::LookupGroupResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let group = self.0.services.groups.lookup(&caller).await.or_status(&self.0)?;
        Ok(Response::new(pb::LookupGroupResponse { group: Some(group.into()) }))
    }

    async fn request_group_access(
        &self,
        request: Request<pb::RequestGroupAccessRequest>,
    ) -> Result<Response<pb::RequestGroupAccessResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.groups.request_access(&caller, &request.get_ref().group_uid).await.or_status(&self.0)?;
        Ok(Response::new(pb::RequestGroupAccessResponse {}))
    }

    async fn check_eligibility(
        &self,
        request: Request<pb::CheckEligibilityRequest>,
    ) -> Result<Response<pb::CheckEligibilityResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let eligible = self.0.services.groups.check_eligibility(&caller).await.or_status(&self.0)?;
        Ok(Response::new(pb::CheckEligibilityResponse { eligible }))
    }
}

/// `IdentitiesService`.
#[derive(Debug, Clone)]
pub struct Identities(pub Context);

#[tonic::async_trait]
impl pb::identities_service_server::IdentitiesService for Identities {
    async fn lookup_identity(
        &self,
        request: Request<pb::LookupIdentityRequest>,
    ) -> Result<Response<pb::LookupIdentityResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let uid = self.0.services.identities.lookup(&caller, &r.issuer, &r.subject).or_status(&self.0)?;
        Ok(Response::new(pb::LookupIdentityResponse { uid: uid.to_string() }))
    }

    async fn create_identity(
        &self,
        request: Request<pb::CreateIdentityRequest>,
    ) -> Result<Response<pb::Identity>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::identity_input(r.identity.unwrap_or_default(), None).or_status(&self.0)?;
        let identity = self.0.services.identities.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(identity.into()))
    }

    async fn get_identity(&self, request: Request<pb::GetIdentityRequest>) -> Result<Response<pb::Identity>, Status> {
        let caller = self.0.caller(&request).await?;
        let identity = self.0.services.identities.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(identity.into()))
    }

    async fn delete_identity(&self, request: Request<pb::DeleteIdentityRequest>) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.identities.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn update_identity(
        &self,
        request: Request<pb::UpdateIdentityRequest>,
    ) -> Result<Response<pb::Identity>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let identity = r.identity.unwrap_or_default();
        let uid = identity.uid.clone();
        let input = convert::identity_input(identity, r.update_mask.as_ref()).or_status(&self.0)?;
        let identity = self.0.services.identities.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(identity.into()))
    }

    async fn list_identities(
        &self,
        request: Request<pb::ListIdentitiesRequest>,
    ) -> Result<Response<pb::ListIdentitiesResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("name", &r.name);
        if r.relationship_type != 0 {
            // By number, so that a number no type has is refused with the REST message.
            query.text("relationship_type", &r.relationship_type.to_string());
        }
        let (filter, page) = query.parse(ListKind::Identities).or_status(&self.0)?;
        let identities = self.0.services.identities.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(identities.into()))
    }

    async fn update_identity_metadata(
        &self,
        request: Request<pb::UpdateIdentityMetadataRequest>,
    ) -> Result<Response<pb::IdentityMetadata>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let metadata = r.identity_metadata.unwrap_or_default();
        let input = convert::identity_metadata_input(metadata, r.update_mask.as_ref()).or_status(&self.0)?;
        let view = self.0.services.identities.update_metadata(&caller, input).await.or_status(&self.0)?;
        Ok(Response::new(view.into()))
    }
}

/// `RolesService`.
#[derive(Debug, Clone)]
pub struct Roles(pub Context);

#[tonic::async_trait]
impl pb::roles_service_server::RolesService for Roles {
    async fn get_role(&self, request: Request<pb::GetRoleRequest>) -> Result<Response<pb::Role>, Status> {
        let caller = self.0.caller(&request).await?;
        let role = self.0.services.roles.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(role.into()))
    }

    async fn list_roles(
        &self,
        request: Request<pb::ListRolesRequest>,
    ) -> Result<Response<pb::ListRolesResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("name", &r.name);
        let (filter, page) = query.parse(ListKind::Named).or_status(&self.0)?;
        let roles = self.0.services.roles.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(roles.into()))
    }

    async fn create_role(&self, request: Request<pb::CreateRoleRequest>) -> Result<Response<pb::Role>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::role_input(r.role.unwrap_or_default(), None).or_status(&self.0)?;
        let role = self.0.services.roles.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(role.into()))
    }

    async fn update_role(&self, request: Request<pb::UpdateRoleRequest>) -> Result<Response<pb::Role>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let role = r.role.unwrap_or_default();
        let uid = role.uid.clone();
        let input = convert::role_input(role, r.update_mask.as_ref()).or_status(&self.0)?;
        let role = self.0.services.roles.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(role.into()))
    }

    async fn delete_role(&self, request: Request<pb::DeleteRoleRequest>) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.roles.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }
}

/// `RoleBindingsService`.
#[derive(Debug, Clone)]
pub struct RoleBindings(pub Context);

#[tonic::async_trait]
impl pb::role_bindings_service_server::RoleBindingsService for RoleBindings {
    async fn create_role_binding(
        &self,
        request: Request<pb::CreateRoleBindingRequest>,
    ) -> Result<Response<pb::RoleBinding>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::role_binding_input(r.role_binding.unwrap_or_default(), None).or_status(&self.0)?;
        let binding = self.0.services.role_bindings.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(binding.into()))
    }

    async fn batch_create_role_bindings(
        &self,
        request: Request<pb::BatchCreateRoleBindingsRequest>,
    ) -> Result<Response<pb::BatchCreateRoleBindingsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let (parent, requests, role) = convert::batch_create_role_bindings(request.into_inner()).or_status(&self.0)?;
        let views =
            self.0.services.role_bindings.batch_create(&caller, &parent, requests, &role).await.or_status(&self.0)?;
        Ok(Response::new(views.into()))
    }

    async fn delete_role_binding(
        &self,
        request: Request<pb::DeleteRoleBindingRequest>,
    ) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.role_bindings.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn get_role_binding(
        &self,
        request: Request<pb::GetRoleBindingRequest>,
    ) -> Result<Response<pb::RoleBinding>, Status> {
        let caller = self.0.caller(&request).await?;
        let binding = self.0.services.role_bindings.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(binding.into()))
    }

    async fn list_role_bindings(
        &self,
        request: Request<pb::ListRoleBindingsRequest>,
    ) -> Result<Response<pb::ListRoleBindingsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("identity", &r.identity).text("group", &r.group).text("role", &r.role);
        let (filter, page) = query.parse(ListKind::RoleBindings).or_status(&self.0)?;
        let bindings = self.0.services.role_bindings.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(bindings.into()))
    }

    async fn update_role_binding(
        &self,
        request: Request<pb::UpdateRoleBindingRequest>,
    ) -> Result<Response<pb::RoleBinding>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let binding = r.role_binding.unwrap_or_default();
        let uid = binding.uid.clone();
        let input = convert::role_binding_input(binding, r.update_mask.as_ref()).or_status(&self.0)?;
        let binding = self.0.services.role_bindings.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(binding.into()))
    }
}
