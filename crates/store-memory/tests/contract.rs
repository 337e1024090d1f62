//! The store port contract suite, run against the memory store.

grove_test_support::store_contract_tests!(async {
    let now = grove_domain::Timestamp::from_unix_millis(1_795_000_000_000).expect("valid time");
    std::sync::Arc::new(grove_store_memory::MemoryStore::new(now)) as std::sync::Arc<dyn grove_domain::ports::Store>
});
