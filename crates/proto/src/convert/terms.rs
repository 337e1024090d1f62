//! Terms acceptances on the wire: the acceptance, the answer to `AcceptTerms`, and the list.

use grove_domain::model::{TermsAcceptance, TermsAccepted};

use super::list_response;
use crate::iam as pb;

impl From<TermsAcceptance> for pb::TermsAcceptance {
    fn from(a: TermsAcceptance) -> Self {
        Self {
            org_uid: a.org_uid().to_string(),
            doc_id: a.doc_id.into(),
            accepted_by: a.accepted_by.into(),
            create_time: Some(a.create_time.into()),
        }
    }
}

impl From<TermsAccepted> for pb::AcceptTermsResponse {
    fn from(a: TermsAccepted) -> Self {
        Self { document_ids: a.document_ids().map(ToString::to_string).collect(), group: a.group.to_string() }
    }
}

list_response!(pb::ListTermsAcceptancesResponse, TermsAcceptance, terms_acceptances);
