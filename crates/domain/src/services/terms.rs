//! Terms operations: a group accepts legal documents, and lists what it and its ancestors
//! accepted.

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{Direction, ListFilter, Ordering, Page, PageRequest, SortField, Visibility};
use crate::model::{TermsAcceptance, TermsAccepted};
use crate::names::DocumentId;
use crate::uidp::Uidp;

use super::{authorize, checked, not_found, Deps, Violations};

/// The most document ids one `AcceptTerms` request may carry.
pub const MAX_DOCUMENTS_PER_REQUEST: usize = 32;

const SORTABLE: &[SortField] = &[SortField::CreateTime, SortField::Uid];

/// Oldest acceptance first: the order in which the terms came to apply.
const DEFAULT_ORDER: Ordering = Ordering { field: SortField::CreateTime, direction: Direction::Asc };

/// Terms operations.
#[derive(Debug, Clone)]
pub struct TermsService {
    deps: Deps,
}

impl TermsService {
    pub(crate) fn new(deps: Deps) -> Self {
        Self { deps }
    }

    /// Records that `group` accepts `document_ids`, as the calling identity. Duplicates are
    /// collapsed; documents the group already accepted keep their first acceptance. The
    /// answer echoes the group and the distinct documents of the request.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad group uid, no document id, more than
    /// [`MAX_DOCUMENTS_PER_REQUEST`], or a bad id; `NOT_FOUND` when the group does not exist or
    /// the caller may not list its terms; `PERMISSION_DENIED` without `terms.accept`.
    pub async fn accept(&self, caller: &Principal, group: &str, document_ids: &[String]) -> Result<TermsAccepted> {
        let mut v = Violations::default();
        let group = v.take(Uidp::parse_field("group", group));
        let documents = v.take(parse_documents(document_ids));
        v.finish()?;
        let (group, documents) = (checked(group)?, checked(documents)?);
        authorize(caller, Capability::TermsList, Capability::TermsAccept, "group", &group)?;
        let now = self.deps.clock.now();
        let acceptances = documents
            .into_iter()
            .map(|doc_id| TermsAcceptance {
                uid: self.deps.ids.new_child(&group),
                doc_id,
                accepted_by: caller.identity().clone(),
                create_time: now,
            })
            .collect();
        let accepted = TermsAccepted { group, acceptances };
        let event = self.deps.event(caller.origin(), EventType::TermsAccepted, &accepted.group, now);
        self.deps.store.accept_terms(&accepted, &event).await?;
        Ok(accepted)
    }

    /// Lists the acceptances of `group` and of every group above it (an organization's
    /// acceptance covers its groups), oldest first unless `order_by` says otherwise.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a bad group uid or paging parameters; `NOT_FOUND` when the
    /// group does not exist or the caller may not list its terms.
    pub async fn list(&self, caller: &Principal, group: &str, page: &PageRequest) -> Result<Page<TermsAcceptance>> {
        let group = Uidp::parse_field("group", group)?;
        authorize(caller, Capability::TermsList, Capability::TermsList, "group", &group)?;
        // Holding terms.list at the group is what lets the caller see its ancestors'
        // acceptances too, so the query is bounded by the filter, not by the caller's scopes.
        let filter = ListFilter { terms_of: Some(group.clone()), ..ListFilter::default() };
        let plan = self.deps.pager.plan_ordered(
            page,
            caller.identity(),
            filter,
            Visibility::everything(),
            SORTABLE,
            DEFAULT_ORDER,
        )?;
        if self.deps.store.get_group(&group).await?.is_none() {
            return Err(not_found("group", &group));
        }
        let rows = self.deps.store.list_terms_acceptances(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }
}

/// The distinct document ids of a request, in order, each validated.
fn parse_documents(ids: &[String]) -> Result<Vec<DocumentId>> {
    if ids.is_empty() {
        return Err(Error::invalid("document_ids", "document_ids must name at least one document"));
    }
    if ids.len() > MAX_DOCUMENTS_PER_REQUEST {
        return Err(Error::invalid(
            "document_ids",
            format!("document_ids must name at most {MAX_DOCUMENTS_PER_REQUEST} documents"),
        ));
    }
    let mut v = Violations::default();
    let mut documents: Vec<DocumentId> = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        if let Some(doc) = v.take(DocumentId::parse(&format!("document_ids[{i}]"), id)) {
            if !documents.contains(&doc) {
                documents.push(doc);
            }
        }
    }
    v.finish()?;
    Ok(documents)
}
