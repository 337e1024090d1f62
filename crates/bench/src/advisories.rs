//! The advisory scenarios: `--advisories N` synthetic OSV records (see
//! `grove_domain::osv::synthetic_record`) imported into the bench organization through the
//! same service and batches as `grove advisories import` (the import rate is reported), then
//! lists with a selective filter, a `query` substring, page 1 and page 200, through the API
//! and as raw store calls, with their `EXPLAIN` plans.

use std::sync::Arc;
use std::time::Instant;

use anyhow::Context as _;
use grove_domain::listing::{Cursor, ListFilter, ListQuery, Pager, SortField, Sortable as _, Visibility};
use grove_domain::model::{Advisory, AdvisoryFilter};
use grove_domain::osv;
use grove_domain::ports::{AdvisoryStore as _, Clock, RandomIds, Store, SystemClock};
use grove_domain::services::{AdvisoryService, Deps};
use grove_domain::Uidp;
use grove_store_postgres::{ListPlans, ListResource, PostgresStore};

/// Records per import batch (as `grove advisories import`).
const BATCH: usize = 500;

/// Imports `count` synthetic records into `org`; the records per second.
pub async fn seed(store: &Arc<PostgresStore>, org: &Uidp, count: u64) -> anyhow::Result<f64> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let dyn_store: Arc<dyn Store> = store.clone();
    let service = AdvisoryService::new(Deps {
        store: dyn_store,
        clock: clock.clone(),
        ids: Arc::new(RandomIds),
        pager: Arc::new(Pager::new(vec![1; 32], clock)),
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    });
    let started = Instant::now();
    let mut batch: Vec<Advisory> = Vec::with_capacity(BATCH);
    for i in 0..count {
        batch.extend(osv::advisories(osv::synthetic_record(i), org, "generator").map_err(|e| anyhow::anyhow!("{e}"))?);
        if batch.len() >= BATCH {
            service.import(std::mem::take(&mut batch)).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        }
        if (i + 1) % 100_000 == 0 {
            eprintln!("imported {} advisories, {:.0}/s", i + 1, (i + 1) as f64 / started.elapsed().as_secs_f64());
        }
    }
    service.import(batch).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let rate = count as f64 / started.elapsed().as_secs_f64().max(0.001);
    let mut conn = store.pool().get().await?;
    diesel_async::SimpleAsyncConnection::batch_execute(&mut *conn, "VACUUM ANALYZE advisories").await?;
    Ok(rate)
}

/// A component name that selects about `count / 50 000` advisories.
#[must_use]
pub fn selective_component(i: usize) -> String {
    format!("example.com/pkg-{:05}", (i * 7_919) % 50_000)
}

/// A `query` substring matching the advisories of one package.
#[must_use]
pub fn substring(i: usize) -> String {
    format!("pkg-{:05}", (i * 7_919) % 50_000)
}

/// A store list query of `filter` in uid order, seeing `org`'s subtree.
#[must_use]
pub fn query(org: &Uidp, filter: AdvisoryFilter, after: Option<Cursor>, limit: u64) -> ListQuery {
    ListQuery {
        after,
        ..ListQuery::all(
            ListFilter { advisories: Some(Box::new(filter)), ..ListFilter::default() },
            Visibility { scopes: Some(vec![org.clone()].into()), root_level: false },
            limit,
        )
    }
}

/// The store cursor of page 200.
pub async fn page200_cursor(store: &PostgresStore, org: &Uidp, page_size: u64) -> anyhow::Result<Cursor> {
    let mut after = None;
    for _ in 0..199 {
        let page = store
            .list_advisories(&query(org, AdvisoryFilter::default(), after.clone(), page_size))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let last = page.items.last().context("fewer than 200 pages of advisories")?;
        after = Some(Cursor { key: last.sort_key(SortField::Uid), uid: last.uid().clone() });
    }
    after.context("no cursor")
}

/// The plans of the advisory lists.
pub async fn plans(store: &PostgresStore, org: &Uidp, page_size: u64) -> anyhow::Result<Vec<(String, ListPlans)>> {
    let page200 = page200_cursor(store, org, page_size).await?;
    let mut out = Vec::new();
    for (label, q) in [
        (
            "advisories: component_names",
            query(
                org,
                AdvisoryFilter { component_names: vec![selective_component(1)], ..AdvisoryFilter::default() },
                None,
                page_size + 1,
            ),
        ),
        (
            "advisories: query substring",
            query(org, AdvisoryFilter { query: Some(substring(1)), ..AdvisoryFilter::default() }, None, page_size + 1),
        ),
        ("advisories: page 1", query(org, AdvisoryFilter::default(), None, page_size + 1)),
        ("advisories: page 200", query(org, AdvisoryFilter::default(), Some(page200), page_size + 1)),
    ] {
        let plans = store.explain_list(ListResource::Advisories, &q).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        out.push((label.to_owned(), plans));
    }
    Ok(out)
}
