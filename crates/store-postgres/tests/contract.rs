//! The store port contract suite (`grove-test-support`) against Postgres: every case on a
//! fresh database of its own, dropped afterwards.

use std::sync::Arc;

use grove_domain::ports::Store;
use grove_store_postgres::testing::TestDatabase;
use grove_test_support::contract::StoreFixture;

/// A throwaway database as a contract fixture.
struct PgFixture(TestDatabase);

impl PgFixture {
    async fn create() -> Self {
        Self(TestDatabase::create().await.expect("a test database (is PostgreSQL running at TEST_DATABASE_URL?)"))
    }
}

#[async_trait::async_trait]
impl StoreFixture for PgFixture {
    fn store(&self) -> Arc<dyn Store> {
        self.0.store()
    }

    async fn cleanup(self) {
        self.0.cleanup().await.expect("the test database is dropped");
    }
}

grove_test_support::store_contract_tests!(PgFixture::create());
