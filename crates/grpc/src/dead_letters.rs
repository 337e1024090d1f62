//! `grove.events.v1alpha1.DeadLetters`: webhook deliveries given up, listed, replayed and
//! deleted.

use grove_proto::convert::{self, ListQuery};
use grove_proto::grove_events as pb;
use tonic::{Request, Response, Status};

use crate::context::{Context, OrStatus};

/// `DeadLetters`.
#[derive(Debug, Clone)]
pub struct DeadLetters(pub Context);

#[tonic::async_trait]
impl pb::dead_letters_server::DeadLetters for DeadLetters {
    async fn list_dead_letters(
        &self,
        request: Request<pb::ListDeadLettersRequest>,
    ) -> Result<Response<pb::ListDeadLettersResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let r = request.get_ref();
        let page = ListQuery::new(None, r.page_size, &r.page_token, &r.order_by, r.skip).page().or_status(&self.0)?;
        let input = convert::dead_letter_list_input(r);
        let letters = self.0.services.dead_letters.list(&caller, input, &page).await.or_status(&self.0)?;
        Ok(Response::new(letters.into()))
    }

    async fn replay_dead_letter(
        &self,
        request: Request<pb::ReplayDeadLetterRequest>,
    ) -> Result<Response<pb::ReplayDeadLetterResponse>, Status> {
        let caller = self.0.caller(&request).await?;
        let replayed = self.0.services.dead_letters.replay(&caller, &request.get_ref().id).await.or_status(&self.0)?;
        Ok(Response::new(replayed.into()))
    }

    async fn delete_dead_letter(&self, request: Request<pb::DeleteDeadLetterRequest>) -> Result<Response<()>, Status> {
        let caller = self.0.caller(&request).await?;
        self.0.services.dead_letters.delete(&caller, &request.get_ref().id).await.or_status(&self.0)?;
        Ok(Response::new(()))
    }
}
