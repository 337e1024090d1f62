//! SubscriptionService: what a server that records no events answers.

use grove_domain::error::Error;

use crate::common::*;

#[test]
fn creating_a_subscription_on_a_server_without_events_is_a_failed_precondition_and_writes_nothing() {
    let mut store = MockStore::new();
    store.expect_create_subscription().never();
    let env = env(store);
    let service = env.services.subscriptions.clone().without_events();
    let caller = bound("owner", &org());
    let err = run(service.create(&caller, org().as_str(), "https://hooks.example.com/grove")).unwrap_err();
    assert_eq!(
        err,
        Error::precondition(
            "EVENTS_NOT_RECORDED",
            "this server records no events (events.record = false), so a subscription would receive nothing"
        )
    );
}

#[test]
fn a_caller_who_may_not_create_subscriptions_is_told_so_before_learning_events_are_off() {
    let mut store = MockStore::new();
    store.expect_create_subscription().never();
    let env = env(store);
    let service = env.services.subscriptions.clone().without_events();
    let err = run(service.create(&bound("viewer", &org()), org().as_str(), "https://hooks.example.com/grove"));
    assert_eq!(err.unwrap_err().code(), grove_domain::Code::PermissionDenied);
}
