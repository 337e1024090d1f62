//! Version 1 lists have no paging: the answer `{"items": [...]}` holds every match. It is
//! streamed, fetched through the domain service page by page at the largest page size
//! (following the page tokens), each page only once the previous one is written, so the
//! memory a list costs is one page whatever the number of matches.
//!
//! The first page is fetched before the answer starts, so a refusal or a failure there keeps
//! its own status and v1 error body. Once the status line is sent it cannot change: a later
//! page that fails ends the body with an error, which aborts the response (the connection is
//! reset, HTTP/2 resets the stream), so a client sees a broken answer rather than a valid but
//! shortened list. The error is logged.

use std::future::Future;

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse as _, Response};
use futures_util::stream;
use grove_domain::listing::{Page, PageRequest, MAX_PAGE_SIZE};
use grove_domain::{Error, Result};
use serde::Serialize;

use crate::error::V1Error;

/// The v1 list envelope: `{"items": [...]}` with every match.
#[derive(Debug, Serialize)]
pub struct Items<T> {
    /// Every match the caller may see, in uid order.
    pub items: Vec<T>,
}

/// What opens the envelope: `{"items":[`, as serde writes [`Items`].
const OPEN: &[u8] = br#"{"items":["#;
/// What closes it.
const CLOSE: &[u8] = b"]}";

/// The request for the page after `page_token` (the first when `None`), at the largest size.
fn request(page_token: Option<String>) -> PageRequest {
    PageRequest { page_size: Some(i64::from(MAX_PAGE_SIZE)), page_token, order_by: None, skip: None }
}

/// The token of the page after `page`, if one follows.
fn next_token<T>(page: &Page<T>) -> Option<String> {
    page.next_page_token.clone().filter(|t| !t.is_empty())
}

/// Calls `page` with successive page requests until the last page, and returns every item.
/// Only for lookups whose size is bounded by one page of another list (the groups and roles
/// of a page of role bindings); a whole list is [`stream`]ed.
pub(crate) async fn every<T, F, Fut>(mut page: F) -> Result<Vec<T>>
where
    F: FnMut(PageRequest) -> Fut,
    Fut: Future<Output = Result<Page<T>>>,
{
    let mut items = Vec::new();
    let mut page_token = None;
    loop {
        let next = page(request(page_token)).await?;
        page_token = next_token(&next);
        items.extend(next.items);
        if page_token.is_none() {
            return Ok(items);
        }
    }
}

/// Appends `items` to `out`, each after a comma unless it is the list's first.
fn write_items<T: Serialize>(out: &mut Vec<u8>, items: &[T], first: bool) -> Result<()> {
    for (i, item) in items.iter().enumerate() {
        if i > 0 || !first {
            out.push(b',');
        }
        serde_json::to_writer(&mut *out, item).map_err(|e| Error::internal(format!("writing a v1 list item: {e}")))?;
    }
    Ok(())
}

/// Where the body stands between two chunks.
struct Rest<F> {
    fetch: F,
    page_token: String,
}

/// The answer `{"items": [...]}` of every page `fetch` returns, in order.
///
/// The first page is fetched now (its errors are the answer); when it is the last, the
/// answer is written whole. Otherwise the body is a stream whose first chunk is the opening
/// and the first page, and each next chunk fetches one more page when the client has taken
/// the previous one: the bytes are those of `Json(Items { items })` over every item.
///
/// # Errors
/// The first page's error.
pub(crate) async fn stream<T, F, Fut>(mut fetch: F) -> std::result::Result<Response, V1Error>
where
    T: Serialize + Send + 'static,
    F: FnMut(PageRequest) -> Fut + Send + 'static,
    Fut: Future<Output = Result<Page<T>>> + Send + 'static,
{
    let first = fetch(request(None)).await?;
    let mut chunk = OPEN.to_vec();
    write_items(&mut chunk, &first.items, true)?;
    let Some(page_token) = next_token(&first) else {
        chunk.extend_from_slice(CLOSE);
        return Ok(json(Body::from(chunk)));
    };
    // The items written so far: the next page's first item needs a comma when there are any.
    let wrote_any = !first.items.is_empty();
    drop(first);
    let rest = stream::unfold(Some((Rest { fetch, page_token }, wrote_any)), |state| async move {
        let (mut rest, wrote_any) = state?;
        let next = match (rest.fetch)(request(Some(rest.page_token.clone()))).await {
            Ok(next) => next,
            Err(error) => return Some((Err(aborted(&error)), None)),
        };
        let mut chunk = Vec::new();
        if let Err(error) = write_items(&mut chunk, &next.items, !wrote_any) {
            return Some((Err(aborted(&error)), None));
        }
        let wrote_any = wrote_any || !next.items.is_empty();
        match next_token(&next) {
            Some(token) => {
                rest.page_token = token;
                Some((Ok(chunk), Some((rest, wrote_any))))
            }
            None => {
                chunk.extend_from_slice(CLOSE);
                Some((Ok(chunk), None))
            }
        }
    });
    let chunks = futures_util::StreamExt::chain(stream::once(async move { Ok(chunk) }), rest);
    Ok(json(Body::from_stream(chunks)))
}

/// Logs why a streamed list stops after its status was sent, and the error that aborts it.
fn aborted(error: &Error) -> std::io::Error {
    tracing::error!(?error, "a v1 list failed after its first page was sent; the response is aborted");
    std::io::Error::other(format!("the v1 list failed after its first page: {error}"))
}

/// A 200 answer carrying `body` as JSON, as `Json` writes it.
fn json(body: Body) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use axum::http::StatusCode;
    use http_body_util::BodyExt as _;

    use super::*;

    #[derive(Debug, Clone, Serialize)]
    struct Item {
        n: usize,
        name: String,
    }

    fn items(n: usize) -> Vec<Item> {
        (0..n).map(|n| Item { n, name: format!("item \"{n}\"") }).collect()
    }

    /// A fetcher serving `pages` in order, counting its calls in `calls`; the page whose
    /// index is `fails_at` fails instead.
    fn serve(
        pages: Vec<Vec<Item>>,
        calls: Arc<AtomicUsize>,
        fails_at: Option<usize>,
    ) -> impl FnMut(PageRequest) -> std::future::Ready<Result<Page<Item>>> + Send + 'static {
        move |request| {
            let index = calls.fetch_add(1, Ordering::SeqCst);
            assert_eq!(request.page_size, Some(i64::from(MAX_PAGE_SIZE)));
            let expected_token = (index > 0).then(|| format!("after page {}", index - 1));
            assert_eq!(request.page_token, expected_token, "the pages are followed in order");
            if fails_at == Some(index) {
                return std::future::ready(Err(Error::Unavailable("the store went away".to_owned())));
            }
            std::future::ready(Ok(Page {
                items: pages[index].clone(),
                next_page_token: (index + 1 < pages.len()).then(|| format!("after page {index}")),
                total_count: None,
                skipped: 0,
            }))
        }
    }

    /// `all` in pages of `size`.
    fn paged(all: &[Item], size: usize) -> Vec<Vec<Item>> {
        all.chunks(size).map(<[Item]>::to_vec).collect()
    }

    fn run<F: Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f)
    }

    /// What `Json(Items { items })` wrote before the list was streamed.
    fn buffered(all: Vec<Item>) -> Vec<u8> {
        serde_json::to_vec(&Items { items: all }).unwrap()
    }

    #[test]
    fn pages_are_fetched_one_at_a_time_as_the_body_is_read_and_the_json_is_unchanged() {
        run(async {
            let all = items(7);
            let calls = Arc::new(AtomicUsize::new(0));
            let response = stream(serve(paged(&all, 3), calls.clone(), None)).await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
            assert_eq!(calls.load(Ordering::SeqCst), 1, "only the first page before the answer starts");

            let mut body = response.into_body();
            let mut written = Vec::new();
            let mut fetched_by_chunk = Vec::new();
            while let Some(frame) = body.frame().await {
                written.extend_from_slice(&frame.unwrap().into_data().unwrap());
                fetched_by_chunk.push(calls.load(Ordering::SeqCst));
            }
            assert_eq!(fetched_by_chunk, vec![1, 2, 3], "one page more for each chunk read, no more");
            assert_eq!(written, buffered(all), "{}", String::from_utf8_lossy(&written));
        });
    }

    #[test]
    fn a_list_of_one_page_or_none_is_written_whole_as_before() {
        run(async {
            for all in [items(0), items(1), items(3)] {
                let calls = Arc::new(AtomicUsize::new(0));
                let pages = if all.is_empty() { vec![Vec::new()] } else { paged(&all, 3) };
                let response = stream(serve(pages, calls.clone(), None)).await.unwrap();
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                assert_eq!(bytes.to_vec(), buffered(all.clone()));
                assert_eq!(calls.load(Ordering::SeqCst), 1);
            }
        });
    }

    #[test]
    fn empty_pages_add_no_stray_commas() {
        run(async {
            // A page may come back empty though more follow (rows a later filter drops).
            let all = items(4);
            for pages in [
                vec![vec![], all[..2].to_vec(), vec![], all[2..].to_vec(), vec![]],
                vec![all[..1].to_vec(), vec![], vec![], all[1..].to_vec()],
                vec![vec![], vec![]],
            ] {
                let expected: Vec<Item> = pages.concat();
                let response = stream(serve(pages, Arc::new(AtomicUsize::new(0)), None)).await.unwrap();
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                assert_eq!(bytes.to_vec(), buffered(expected), "{}", String::from_utf8_lossy(&bytes));
            }
        });
    }

    #[test]
    fn a_first_page_error_is_the_answer_and_a_later_one_aborts_the_body() {
        run(async {
            let calls = Arc::new(AtomicUsize::new(0));
            let err = stream(serve(paged(&items(7), 3), calls, Some(0))).await.unwrap_err();
            assert_eq!(err.into_response().status(), StatusCode::SERVICE_UNAVAILABLE);

            let calls = Arc::new(AtomicUsize::new(0));
            let response = stream(serve(paged(&items(7), 3), calls, Some(1))).await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "sent before the second page was fetched");
            let mut body = response.into_body();
            let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
            assert!(first.starts_with(OPEN));
            assert!(body.frame().await.unwrap().is_err(), "the second page's failure ends the body with an error");
            assert!(body.frame().await.is_none());
        });
    }
}
