//! Advisories: the catalog organization is visible to every holder of `advisories.list`,
//! other advisories only below the caller's bindings; bad filters name every field and
//! reach no store. Writes need the advisory capabilities no built-in role has, emit their
//! events, and are written over the version they were computed from.

use grove_domain::authz::{Grant, Principal};
use grove_domain::capability::Capability;
use grove_domain::error::{Error, FieldViolation};
use grove_domain::events::EventType;
use grove_domain::listing::{ListFilter, ListQuery, PageRequest, Visibility};
use grove_domain::model::{Advisory, AdvisoryEvent, AdvisoryFilter, EventDetail, EventKind, Fixed, ReviewState};
use grove_domain::ports::ADVISORY_CHANGED;
use grove_domain::services::{AdvisoryInput, AdvisoryListInput, EventInput};
use grove_domain::Uidp;

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
    let want =
        (Visibility { scopes: Some(vec![group_a(), catalog.clone()].into()), root_level: false }, expected_filter);
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

/// A caller holding exactly `capabilities` on the organization (a custom role).
fn holding(capabilities: &[Capability]) -> Principal {
    Principal::new(
        caller_uid(),
        vec![Grant { group: org(), capabilities: capabilities.iter().copied().collect() }],
        Default::default(),
    )
}

fn advisory_uid() -> Uidp {
    child(&org(), "00000000000000a1")
}

/// A stored advisory of the organization with one pending detection.
fn stored() -> Advisory {
    let uid = advisory_uid();
    Advisory {
        uid: uid.clone(),
        advisory_id: "CGA-2345-6789-cfgh".into(),
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
        delete_time: None,
        author: "importer".into(),
        artifact_name: "nginx".into(),
        artifact_type: "apk".into(),
        artifact_architecture: "x86_64".into(),
        component_name: "openssl".into(),
        component_location: "/usr/lib".into(),
        component_type: "apk".into(),
        origin: "nginx".into(),
        aliases: vec!["CVE-2026-1".into()],
        events: vec![AdvisoryEvent {
            uid: child(&uid, "00000000000000e1"),
            create_time: ts(T0 - DAY_MS),
            findings: Vec::new(),
            author: "scanner".into(),
            reviewer: String::new(),
            review_state: ReviewState::Pending,
            issue: None,
            detail: EventDetail::Detection(grove_domain::model::Detection::Manual),
        }],
        legacy_advisory_id: None,
        severities: Vec::new(),
    }
}

fn fixed(state: ReviewState, reviewer: &str) -> EventInput {
    EventInput {
        author: "triager@example.com".into(),
        reviewer: reviewer.into(),
        review_state: state,
        issue: None,
        findings: Vec::new(),
        detail: EventDetail::Fixed(Fixed { fixed_version: "1.2.3".into(), ..Fixed::default() }),
    }
}

fn input() -> AdvisoryInput {
    AdvisoryInput {
        author: Some("triager@example.com".into()),
        artifact_name: Some("curl".into()),
        artifact_type: Some("apk".into()),
        aliases: Some(vec!["CVE-2026-2".into()]),
        ..AdvisoryInput::default()
    }
}

fn no_advisory_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_create_advisory().never();
    store.expect_update_advisory().never();
    store.expect_put_advisories().never();
    store
}

#[test]
fn a_triager_creates_an_advisory_with_its_events_a_fresh_cga_id_and_a_created_event() {
    let mut store = MockStore::new();
    let uid = nth_child(&org(), 1);
    let expected = Advisory {
        uid: uid.clone(),
        advisory_id: grove_domain::osv::cga_id(&["api", uid.as_str()]),
        create_time: ts(T0),
        update_time: ts(T0),
        delete_time: None,
        author: "triager@example.com".into(),
        artifact_name: "curl".into(),
        artifact_type: "apk".into(),
        artifact_architecture: String::new(),
        component_name: String::new(),
        component_location: String::new(),
        component_type: String::new(),
        origin: "curl".into(),
        aliases: vec!["CVE-2026-2".into()],
        events: vec![AdvisoryEvent {
            uid: nth_child(&uid, 2),
            create_time: ts(T0),
            findings: Vec::new(),
            author: "triager@example.com".into(),
            reviewer: String::new(),
            review_state: ReviewState::Pending,
            issue: None,
            detail: EventDetail::Fixed(Fixed { fixed_version: "1.2.3".into(), ..Fixed::default() }),
        }],
        legacy_advisory_id: None,
        severities: Vec::new(),
    };
    let written = expected.clone();
    store
        .expect_create_advisory()
        .withf(move |a, e| {
            *a == written && e.event_type == EventType::AdvisoryCreated && e.subject == written.uid && e.group == org()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let caller = holding(&[Capability::AdvisoriesCreate]);
    let created =
        run(env.services.advisories.create(&caller, org().as_str(), input(), vec![fixed(ReviewState::Pending, "")]))
            .unwrap();
    assert_eq!(created, expected);
    assert!(created.advisory_id.starts_with("CGA-"));
}

#[test]
fn no_built_in_role_writes_advisories_and_a_review_needs_approve() {
    let env = env(no_advisory_writes());
    let o = org();
    for role in ["owner", "editor", "viewer"] {
        let err = run(env.services.advisories.create(&bound(role, &o), o.as_str(), input(), Vec::new())).unwrap_err();
        assert_eq!(err, Error::PermissionDenied(format!("the caller lacks advisories.create on {o}")), "{role}");
    }
    let creator = holding(&[Capability::AdvisoriesCreate]);
    let approved = vec![fixed(ReviewState::Approved, "lead@example.com")];
    let err = run(env.services.advisories.create(&creator, o.as_str(), input(), approved)).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks advisories.approve on {o}")));
    // A group the caller cannot see at all is not found.
    let elsewhere = Uidp::from_static("9999999999999999999999999999999999999999");
    let err = run(env.services.advisories.create(&creator, elsewhere.as_str(), input(), Vec::new())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {elsewhere} does not exist")));
}

#[test]
fn a_create_without_required_fields_names_every_bad_field_and_writes_nothing() {
    let env = env(no_advisory_writes());
    let bad = AdvisoryInput {
        advisory_id: Some("CVE-2026-1".into()),
        aliases: Some(vec!["CVE-1".into(), "CVE-1".into()]),
        component_name: Some("a\nb".into()),
        ..AdvisoryInput::default()
    };
    let event = EventInput { author: String::new(), findings: b"{nope".to_vec(), ..fixed(ReviewState::Pending, "") };
    let caller = holding(&[Capability::AdvisoriesCreate]);
    let err = run(env.services.advisories.create(&caller, org().as_str(), bad, vec![event])).unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument(vec![
            FieldViolation::new("author", "author is required"),
            FieldViolation::new("artifactName", "artifactName is required"),
            FieldViolation::new("artifactType", "artifactType is required"),
            FieldViolation::new("componentName", "componentName must be at most 1024 bytes without control characters"),
            FieldViolation::new(
                "advisoryId",
                "advisoryId must look like CGA-xxxx-xxxx-xxxx (letters 23456789cfghjmpqrvwx)"
            ),
            FieldViolation::new("aliases", "alias CVE-1 is given twice"),
            FieldViolation::new("events[0].author", "events[0].author is required"),
            FieldViolation::new("events[0].findings", "events[0].findings must be JSON"),
        ])
    );
}

#[test]
fn an_update_that_lost_a_race_is_computed_again_over_the_newer_version() {
    let mut store = MockStore::new();
    let first = stored();
    // Someone else added an event in between.
    let mut newer = stored();
    newer.update_time = ts(T0);
    newer.events.push(AdvisoryEvent { uid: child(&advisory_uid(), "00000000000000e2"), ..newer.events[0].clone() });
    let reads = std::sync::Mutex::new(vec![newer.clone(), first.clone()]);
    store.expect_get_advisory().times(2).returning(move |_| Ok(reads.lock().unwrap().pop()));
    let expected_times = std::sync::Mutex::new(vec![newer.update_time, first.update_time]);
    store
        .expect_update_advisory()
        .withf(|a, _, e| a.artifact_name == "nginx-mainline" && e.event_type == EventType::AdvisoryUpdated)
        .times(2)
        .returning(move |a, expected, _| {
            assert_eq!(Some(expected), expected_times.lock().unwrap().pop());
            if a.events.len() == 1 {
                Err(Error::precondition(ADVISORY_CHANGED, "changed"))
            } else {
                Ok(())
            }
        });
    let env = env(store);
    let caller = holding(&[Capability::AdvisoriesUpdate]);
    let change = AdvisoryInput { artifact_name: Some("nginx-mainline".into()), ..AdvisoryInput::default() };
    let updated = run(env.services.advisories.update(&caller, advisory_uid().as_str(), change)).unwrap();
    // Both events kept; the origin followed the artifact it was; the time moved past the
    // newer version's even though the clock still shows it.
    assert_eq!(updated.events, newer.events);
    assert_eq!((updated.artifact_name.as_str(), updated.origin.as_str()), ("nginx-mainline", "nginx-mainline"));
    assert_eq!(updated.update_time, ts(T0 + 1));
}

#[test]
fn an_update_that_keeps_losing_gives_up_unavailable_and_a_cga_id_never_changes() {
    let mut store = MockStore::new();
    store.expect_get_advisory().returning(|_| Ok(Some(stored())));
    store.expect_update_advisory().times(4).returning(|_, _, _| Err(Error::precondition(ADVISORY_CHANGED, "changed")));
    let env = env(store);
    let caller = holding(&[Capability::AdvisoriesUpdate]);
    let uid = advisory_uid();
    let change = AdvisoryInput { author: Some("someone".into()), ..AdvisoryInput::default() };
    let err = run(env.services.advisories.update(&caller, uid.as_str(), change)).unwrap_err();
    assert_eq!(err, Error::Unavailable(format!("advisory {uid} kept changing; try again")));
    let rename = AdvisoryInput { advisory_id: Some("CGA-2222-2222-2222".into()), ..AdvisoryInput::default() };
    let err = run(env.services.advisories.update(&caller, uid.as_str(), rename)).unwrap_err();
    assert_eq!(
        err,
        Error::invalid("advisoryId", "advisoryId is CGA-2345-6789-cfgh and cannot change (to CGA-2222-2222-2222)")
    );
}

#[test]
fn delete_withdraws_once_and_viewers_may_not() {
    let mut store = MockStore::new();
    let withdrawn = Advisory { delete_time: Some(ts(T0)), update_time: ts(T0), ..stored() };
    let reads = std::sync::Mutex::new(vec![withdrawn.clone(), stored()]);
    store.expect_get_advisory().times(2).returning(move |_| Ok(reads.lock().unwrap().pop()));
    let expected = withdrawn.clone();
    store
        .expect_update_advisory()
        .withf(move |a, at, e| *a == expected && *at == ts(T0 - DAY_MS) && e.event_type == EventType::AdvisoryDeleted)
        .times(1)
        .returning(|_, _, _| Ok(()));
    let env = env(store);
    let uid = advisory_uid();
    let err = run(env.services.advisories.delete(&bound("viewer", &org()), uid.as_str())).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks advisories.delete on {uid}")));
    let deleter = holding(&[Capability::AdvisoriesDelete]);
    assert_eq!(run(env.services.advisories.delete(&deleter, uid.as_str())).unwrap(), withdrawn);
    // Withdrawn already: nothing to write.
    assert_eq!(run(env.services.advisories.delete(&deleter, uid.as_str())).unwrap(), withdrawn);
    let elsewhere = child(&Uidp::from_static("9999999999999999999999999999999999999999"), "00000000000000a1");
    let err = run(env.services.advisories.delete(&deleter, elsewhere.as_str())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("advisory {elsewhere} does not exist")));
}

#[test]
fn approving_an_event_needs_approve_and_an_approved_event_keeps_its_state() {
    let mut store = MockStore::new();
    let approved = {
        let mut a = stored();
        a.events[0].review_state = ReviewState::Approved;
        a.events[0].reviewer = "lead@example.com".into();
        a
    };
    let reads = std::sync::Mutex::new(vec![approved.clone(), stored(), stored()]);
    store.expect_get_advisory().times(3).returning(move |_| Ok(reads.lock().unwrap().pop()));
    let expected = approved.clone();
    store
        .expect_update_advisory()
        .withf(move |a, _, e| {
            a.events == expected.events
                && e.event_type == EventType::AdvisoryEventUpdated
                && e.subject == expected.events[0].uid
                && e.group == org()
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    let env = env(store);
    let event = stored().events[0].uid.clone();
    let approve = |e: &AdvisoryEvent| EventInput {
        author: e.author.clone(),
        reviewer: "lead@example.com".into(),
        review_state: ReviewState::Approved,
        issue: e.issue.clone(),
        findings: e.findings.clone(),
        detail: e.detail.clone(),
    };
    let updater = holding(&[Capability::AdvisoriesUpdate]);
    let err = run(env.services.advisories.update_event(&updater, event.as_str(), approve)).unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks advisories.approve on {}", advisory_uid())));
    let approver = holding(&[Capability::AdvisoriesUpdate, Capability::AdvisoriesApprove]);
    let written = run(env.services.advisories.update_event(&approver, event.as_str(), approve)).unwrap();
    assert_eq!(written, approved.events[0]);
    let reject = |e: &AdvisoryEvent| EventInput { review_state: ReviewState::Rejected, ..approve(e) };
    let err = run(env.services.advisories.update_event(&approver, event.as_str(), reject)).unwrap_err();
    assert_eq!(
        err,
        Error::precondition("REVIEW_STATE_TERMINAL", format!("event {event} is approved and keeps that review state"))
    );
}
