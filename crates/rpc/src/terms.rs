//! `chainguard.platform.iam.v2beta1.TermsService`: a group accepts legal documents and lists
//! what it and its ancestors accepted.

use grove_domain::authz::Principal;
use grove_domain::error::Error;
use grove_domain::services::Services;
use grove_proto::convert::ListQuery;
use grove_proto::iam as pb;

/// `AcceptTerms`: records, as the caller, that `group` accepts the documents (1 to 32 ids;
/// one accepted before keeps its first acceptance). Answers the group and the distinct ids.
///
/// # Errors
/// `INVALID_ARGUMENT` for bad ids; `NOT_FOUND` / `PERMISSION_DENIED` as the service decides.
pub async fn accept_terms(
    services: &Services,
    caller: &Principal,
    request: pb::AcceptTermsRequest,
) -> Result<pb::AcceptTermsResponse, Error> {
    Ok(services.terms.accept(caller, &request.group, &request.document_ids).await?.into())
}

/// `ListTermsAcceptances`: the acceptances of `group` and of every group above it, oldest
/// first, in pages.
///
/// # Errors
/// `INVALID_ARGUMENT` for bad paging fields; `NOT_FOUND` for a group the caller cannot see.
pub async fn list_terms_acceptances(
    services: &Services,
    caller: &Principal,
    r: pb::ListTermsAcceptancesRequest,
) -> Result<pb::ListTermsAcceptancesResponse, Error> {
    let page = ListQuery::new(None, r.page_size, &r.page_token, &r.order_by, r.skip).page()?;
    Ok(services.terms.list(caller, &r.group, &page).await?.into())
}
