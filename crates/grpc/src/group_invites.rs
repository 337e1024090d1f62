//! `chainguard.platform.iam.v2beta1.GroupInvitesService` (no update), and
//! `chainguard.platform.auth.Auth/Register`, the redemption of invite codes (the other RPCs
//! of the public auth service are not served).

use grove_domain::params::ListKind;
use grove_proto::auth as auth_pb;
use grove_proto::convert::{self, ListQuery};
use grove_proto::iam as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `GroupInvitesService`.
#[derive(Debug, Clone)]
pub struct GroupInvites(pub Context);

#[tonic::async_trait]
impl pb::group_invites_service_server::GroupInvitesService for GroupInvites {
    async fn create_group_invite(
        &self,
        request: Request<pb::CreateGroupInviteRequest>,
    ) -> Result<Response<pb::GroupInvite>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::group_invite_input(r.group_invite.unwrap_or_default(), None).or_status(&self.0)?;
        let invite = self.0.services.group_invites.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(invite.into()))
    }

    async fn get_group_invite(
        &self,
        request: Request<pb::GetGroupInviteRequest>,
    ) -> Result<Response<pb::GroupInvite>, Status> {
        let caller = self.0.caller(&request).await?;
        let invite = self.0.services.group_invites.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(invite.into()))
    }

    async fn delete_group_invite(
        &self,
        request: Request<pb::DeleteGroupInviteRequest>,
    ) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.group_invites.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn list_group_invites(
        &self,
        request: Request<pb::ListGroupInvitesRequest>,
    ) -> Result<Response<pb::ListGroupInvitesResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("key_id", &r.key_id);
        let (filter, page) = query.parse(ListKind::GroupInvites).or_status(&self.0)?;
        let invites = self.0.services.group_invites.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(invites.into()))
    }
}

/// `chainguard.platform.auth.Auth` (Register only).
#[derive(Debug, Clone)]
pub struct Auth(pub Context);

#[tonic::async_trait]
impl auth_pb::auth_server::Auth for Auth {
    async fn register(
        &self,
        request: Request<auth_pb::RegistrationRequest>,
    ) -> Result<Response<auth_pb::Session>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let joined =
            self.0.services.registration.register(&caller, &r.code, &r.identity_id).await.or_status(&self.0)?;
        Ok(Response::new(auth_pb::Session { identity: joined.identity.to_string(), group: joined.group.to_string() }))
    }
}
