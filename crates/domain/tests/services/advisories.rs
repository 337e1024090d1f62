//! Advisories: the catalog organization is visible to every holder of `advisories.list`,
//! other advisories only below the caller's bindings; bad filters name every field and
//! reach no store.

use grove_domain::error::Error;
use grove_domain::listing::{ListFilter, ListQuery, PageRequest, Visibility};
use grove_domain::model::{AdvisoryFilter, EventKind, ReviewState};
use grove_domain::services::AdvisoryListInput;

use crate::common::*;

#[test]
fn a_viewer_lists_its_group_and_the_catalog_with_the_filters_parsed() {
    let mut store = MockStore::new();
    let catalog = grove_domain::Uidp::from_static("cccccccccccccccccccccccccccccccccccccccc");
    let expected_filter = AdvisoryFilter {
        aliases: vec!["CVE-1".into(), "CVE-2".into()],
        event_review_states: vec![ReviewState::Approved],
        latest_event_type: Some(EventKind::Fixed),
        query: Some("nginx".into()),
        ..AdvisoryFilter::default()
    };
    let want = (Visibility { scopes: Some(vec![group_a(), catalog.clone()]), root_level: false }, expected_filter);
    store
        .expect_list_advisories()
        .withf(move |q: &ListQuery| (q.visibility.clone(), *q.filter.advisories.clone().unwrap()) == want)
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    let mut env = env(store);
    env.services.advisories = env.services.advisories.clone().with_catalog(Some(catalog));
    let input = AdvisoryListInput {
        aliases: vec!["CVE-2".into(), "CVE-1".into(), "CVE-2".into()],
        event_review_states: vec![2],
        latest_event_type: Some(3),
        query: Some("NGINX".into()),
        ..AdvisoryListInput::default()
    };
    let viewer = bound("viewer", &group_a());
    run(env.services.advisories.list(&viewer, ListFilter::default(), &input, &PageRequest::default())).unwrap();
}

#[test]
fn bad_filters_name_every_field_and_reach_no_store() {
    let env = env(MockStore::new());
    let input = AdvisoryListInput {
        event_types: vec![0],
        event_review_states: vec![9],
        latest_event_type: Some(12),
        query: Some("x".repeat(300)),
        component_names: vec!["a\u{0}b".into()],
        ..AdvisoryListInput::default()
    };
    let err = run(env.services.advisories.list(
        &bound("viewer", &group_a()),
        ListFilter::default(),
        &input,
        &PageRequest::default(),
    ))
    .unwrap_err();
    let Error::InvalidArgument(violations) = err else { panic!("{err:?}") };
    let fields: Vec<&str> = violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["component_names", "event_review_states", "event_types", "latest_event_type", "query"]);
}

#[test]
fn without_advisories_list_the_catalog_answers_not_found_without_a_store_call() {
    let mut env = env(MockStore::new());
    env.services.advisories = env.services.advisories.clone().with_catalog(Some(org()));
    let advisory = child(&org(), "0000000000000001");
    let err = run(env.services.advisories.get(&nobody(), advisory.as_str())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("advisory {advisory} does not exist")));
}
