//! `chainguard.platform.registry.v2beta1`: repos and tags.

use grove_domain::error::Error;
use grove_domain::params::ListKind;
use grove_proto::convert::{self, ListQuery};
use grove_proto::registry as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `ReposService`.
#[derive(Debug, Clone)]
pub struct Repos(pub Context);

#[tonic::async_trait]
impl pb::repos_service_server::ReposService for Repos {
    async fn get_repo(&self, request: Request<pb::GetRepoRequest>) -> Result<Response<pb::Repo>, Status> {
        let caller = self.0.caller(&request).await?;
        let repo = self.0.services.repos.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(repo.into()))
    }

    async fn create_repo(&self, request: Request<pb::CreateRepoRequest>) -> Result<Response<pb::Repo>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::repo_input(r.repo.unwrap_or_default(), None).or_status(&self.0)?;
        let repo = self.0.services.repos.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(repo.into()))
    }

    async fn update_repo(&self, request: Request<pb::UpdateRepoRequest>) -> Result<Response<pb::Repo>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let repo = r.repo.unwrap_or_default();
        let uid = repo.uid.clone();
        let input = convert::repo_input(repo, r.update_mask.as_ref()).or_status(&self.0)?;
        let repo = self.0.services.repos.update(&caller, &uid, input).await.or_status(&self.0)?;
        Ok(Response::new(repo.into()))
    }

    async fn delete_repo(&self, request: Request<pb::DeleteRepoRequest>) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.repos.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }

    async fn get_repo_readme(
        &self,
        request: Request<pb::GetRepoReadmeRequest>,
    ) -> Result<Response<pb::RepoReadme>, Status> {
        let caller = self.0.caller(&request).await?;
        let readme = self.0.services.repos.get_readme(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(readme.into()))
    }

    async fn update_repo_readme(
        &self,
        request: Request<pb::UpdateRepoReadmeRequest>,
    ) -> Result<Response<pb::RepoReadme>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let readme = r.repo_readme.unwrap_or_default();
        let uid = readme.uid.clone();
        let content = convert::readme_input(readme, r.update_mask.as_ref()).or_status(&self.0)?;
        let readme = self.0.services.repos.update_readme(&caller, &uid, &content).await.or_status(&self.0)?;
        Ok(Response::new(readme.into()))
    }

    async fn list_repos(
        &self,
        request: Request<pb::ListReposRequest>,
    ) -> Result<Response<pb::ListReposResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        query.text("name", r.name.as_deref().unwrap_or_default());
        let (filter, page) = query.parse(ListKind::Named).or_status(&self.0)?;
        let repos = self.0.services.repos.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(repos.into()))
    }
}

/// `TagsService`.
#[derive(Debug, Clone)]
pub struct Tags(pub Context);

#[tonic::async_trait]
impl pb::tags_service_server::TagsService for Tags {
    async fn get_tag(&self, request: Request<pb::GetTagRequest>) -> Result<Response<pb::Tag>, Status> {
        let caller = self.0.caller(&request).await?;
        let tag = self.0.services.tags.get(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(tag.into()))
    }

    async fn list_tags(&self, request: Request<pb::ListTagsRequest>) -> Result<Response<pb::ListTagsResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let mut query = ListQuery::new(r.uidp.as_ref(), r.page_size, &r.page_token, &r.order_by, r.skip);
        let since = match r.updated_since.map(rfc3339) {
            Some(Some(since)) => since,
            Some(None) => {
                return Err(self.0.status(Error::invalid("updated_since", "updated_since is out of range")));
            }
            None => String::new(),
        };
        let flag = |on: bool| if on { "true" } else { "" };
        query
            .text("name", &r.name)
            .text("updated_since", &since)
            .text("digest", &r.digest)
            .text("include_referrers", flag(r.include_referrers))
            .text("include_dates", flag(r.include_dates))
            .text("include_epochs", flag(r.include_epochs));
        let (filter, page) = query.parse(ListKind::Tags).or_status(&self.0)?;
        let tags = self.0.services.tags.list(&caller, filter, &page).await.or_status(&self.0)?;
        Ok(Response::new(tags.into()))
    }

    async fn create_tag(&self, request: Request<pb::CreateTagRequest>) -> Result<Response<pb::Tag>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.into_inner();
        let input = convert::tag_input(r.tag.unwrap_or_default(), None).or_status(&self.0)?;
        let tag = self.0.services.tags.create(&caller, &r.parent, input).await.or_status(&self.0)?;
        Ok(Response::new(tag.into()))
    }

    async fn delete_tag(&self, request: Request<pb::DeleteTagRequest>) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.tags.delete(&caller, &request.get_ref().uid).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }
}

/// A wire timestamp as RFC 3339 text, `None` when out of range.
fn rfc3339(t: grove_proto::wkt::Timestamp) -> Option<String> {
    t.to_datetime().map(|d| grove_domain::Timestamp::from_datetime(d).to_string())
}
