//! Version 1 lists have no paging: every match is fetched through the domain service, page
//! by page at the largest page size, following the page tokens.

use std::future::Future;

use grove_domain::listing::{Page, PageRequest, MAX_PAGE_SIZE};
use grove_domain::Result;
use serde::Serialize;

/// The v1 list envelope: `{"items": [...]}` with every match.
#[derive(Debug, Serialize)]
pub struct Items<T> {
    /// Every match the caller may see, in uid order.
    pub items: Vec<T>,
}

/// Calls `page` with successive page requests until the last page, and returns every item.
pub(crate) async fn every<T, F, Fut>(mut page: F) -> Result<Vec<T>>
where
    F: FnMut(PageRequest) -> Fut,
    Fut: Future<Output = Result<Page<T>>>,
{
    let mut items = Vec::new();
    let mut page_token = None;
    loop {
        let request = PageRequest { page_size: Some(i64::from(MAX_PAGE_SIZE)), page_token, order_by: None, skip: None };
        let next = page(request).await?;
        items.extend(next.items);
        match next.next_page_token.filter(|t| !t.is_empty()) {
            Some(token) => page_token = Some(token),
            None => return Ok(items),
        }
    }
}
