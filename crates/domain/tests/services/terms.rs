//! TermsService: validation of document ids, who may accept and list, the acceptances and
//! event handed to the store, and the list query (the group and its ancestors, oldest first).

use grove_domain::authz::{Grant, Principal};
use grove_domain::capability::{Capability, CapabilitySet};
use grove_domain::error::Error;
use grove_domain::events::EventType;
use grove_domain::listing::{Direction, ListFilter, Ordering, PageRequest, SortField, Visibility};
use grove_domain::model::{TermsAcceptance, TermsAccepted};
use grove_domain::names::DocumentId;
use grove_domain::{Code, Uidp};

use crate::common::*;

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

fn doc(id: &str) -> DocumentId {
    DocumentId::parse("doc_id", id).expect("valid document id")
}

/// A store that must not be written to.
fn no_writes() -> MockStore {
    let mut store = MockStore::new();
    store.expect_accept_terms().never();
    store
}

/// A caller holding only `caps` on the organization.
fn holding(caps: &[Capability]) -> Principal {
    Principal::new(
        caller_uid(),
        vec![Grant { group: org(), capabilities: caps.iter().copied().collect::<CapabilitySet>() }],
        CapabilitySet::new(),
    )
}

fn acceptance(group: &Uidp, n: u64, id: &str) -> TermsAcceptance {
    TermsAcceptance { uid: nth_child(group, n), doc_id: doc(id), accepted_by: caller_uid(), create_time: ts(T0) }
}

#[test]
fn accept_records_each_distinct_document_once_as_the_caller_with_an_event_on_the_group() {
    let expected = TermsAccepted {
        group: group_a(),
        acceptances: vec![acceptance(&group_a(), 1, "tos-2026"), acceptance(&group_a(), 2, "dpa v3")],
    };
    let written = expected.clone();
    let mut store = MockStore::new();
    store
        .expect_accept_terms()
        .withf(move |accepted, event| {
            *accepted == written
                && event.event_type == EventType::TermsAccepted
                && event.group == group_a()
                && event.subject == group_a()
                && event.time == ts(T0)
        })
        .times(1)
        .returning(|_, _| Ok(2));
    let env = env(store);
    let accepted = run(env.services.terms.accept(
        &bound("owner", &org()),
        group_a().as_str(),
        &ids(&["tos-2026", "dpa v3", "tos-2026"]),
    ))
    .unwrap();
    assert_eq!(accepted, expected);
    assert_eq!(accepted.document_ids().map(DocumentId::as_str).collect::<Vec<_>>(), ["tos-2026", "dpa v3"]);
}

#[test]
fn accept_without_document_ids_is_invalid_argument_on_document_ids_and_writes_nothing() {
    let env = env(no_writes());
    let err = run(env.services.terms.accept(&bound("owner", &org()), group_a().as_str(), &[])).unwrap_err();
    assert_eq!(err, Error::invalid("document_ids", "document_ids must name at least one document"));
}

#[test]
fn accept_with_more_than_32_document_ids_is_invalid_argument_and_writes_nothing() {
    let env = env(no_writes());
    let many: Vec<String> = (0..33).map(|i| format!("doc-{i}")).collect();
    let err = run(env.services.terms.accept(&bound("owner", &org()), group_a().as_str(), &many)).unwrap_err();
    assert_eq!(err, Error::invalid("document_ids", "document_ids must name at most 32 documents"));
    let exactly: Vec<String> = (0..32).map(|i| format!("doc-{i}")).collect();
    let mut store = MockStore::new();
    store.expect_accept_terms().times(1).returning(|_, _| Ok(32));
    let env = self::env(store);
    assert!(run(env.services.terms.accept(&bound("owner", &org()), group_a().as_str(), &exactly)).is_ok());
}

#[test]
fn accept_with_bad_document_ids_names_every_bad_entry() {
    let env = env(no_writes());
    let too_long = "x".repeat(129);
    let err = run(env.services.terms.accept(
        &bound("owner", &org()),
        group_a().as_str(),
        &ids(&["tos", "bad\u{7}bell", "", &too_long, " padded", "zero\u{200B}width"]),
    ))
    .unwrap_err();
    let Error::InvalidArgument(violations) = err else { panic!("expected INVALID_ARGUMENT, got {err:?}") };
    let found: Vec<(&str, &str)> = violations.iter().map(|v| (v.field.as_str(), v.description.as_str())).collect();
    assert_eq!(
        found,
        [
            ("document_ids[1]", "document_ids[1] must not contain control characters (found U+0007)"),
            ("document_ids[2]", "document_ids[2] must not be empty"),
            ("document_ids[3]", "document_ids[3] must be at most 128 characters"),
            ("document_ids[4]", "document_ids[4] must not begin or end with a space"),
            ("document_ids[5]", "document_ids[5] must not contain invisible or formatting characters (found U+200B)"),
        ]
    );
}

#[test]
fn accept_with_a_malformed_group_and_no_documents_names_both_fields() {
    let env = env(no_writes());
    let err = run(env.services.terms.accept(&bound("owner", &org()), "not a uid", &[])).unwrap_err();
    let Error::InvalidArgument(violations) = err else { panic!("expected INVALID_ARGUMENT, got {err:?}") };
    let fields: Vec<&str> = violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["group", "document_ids"]);
}

#[test]
fn a_caller_who_cannot_list_terms_at_the_group_is_told_it_does_not_exist() {
    for caller in [bound("viewer", &org()), bound("editor", &org()), bound("owner", &group_b()), nobody()] {
        let env = env(no_writes());
        let err = run(env.services.terms.accept(&caller, group_a().as_str(), &ids(&["tos"]))).unwrap_err();
        assert_eq!(err, Error::NotFound(format!("group {} does not exist", group_a())));
    }
}

#[test]
fn a_caller_who_can_list_but_not_accept_terms_is_permission_denied() {
    let env = env(no_writes());
    let err = run(env.services.terms.accept(&holding(&[Capability::TermsList]), group_a().as_str(), &ids(&["tos"])))
        .unwrap_err();
    assert_eq!(err, Error::PermissionDenied(format!("the caller lacks terms.accept on {}", group_a())));
}

#[test]
fn accept_for_a_group_the_store_does_not_have_passes_not_found_through() {
    let mut store = MockStore::new();
    let missing = Error::NotFound(format!("group {} does not exist", group_a()));
    let returned = missing.clone();
    store.expect_accept_terms().times(1).returning(move |_, _| Err(returned.clone()));
    let env = env(store);
    let err = run(env.services.terms.accept(&bound("owner", &org()), group_a().as_str(), &ids(&["tos"]))).unwrap_err();
    assert_eq!(err, missing);
}

#[test]
fn list_asks_for_the_group_and_its_ancestors_oldest_first_whatever_the_caller_sees() {
    let mut store = MockStore::new();
    store.expect_get_group().times(1).returning(|uid| Ok(Some(group(uid, "a"))));
    store
        .expect_list_terms_acceptances()
        .withf(|q| {
            q.filter == ListFilter { terms_of: Some(group_a()), ..ListFilter::default() }
                && q.visibility == Visibility::everything()
                && q.order == Ordering { field: SortField::CreateTime, direction: Direction::Asc }
                && q.limit == 51
        })
        .times(1)
        .returning(|_| Ok(store_page(vec![acceptance(&org(), 1, "tos")], 1)));
    let env = env(store);
    let page =
        run(env.services.terms.list(&bound("owner", &group_a()), group_a().as_str(), &PageRequest::default())).unwrap();
    assert_eq!(page.items, [acceptance(&org(), 1, "tos")]);
    assert_eq!(page.items[0].org_uid(), org());
    assert_eq!(page.items[0].group_uid(), org());
    assert_eq!((page.total_count, page.next_page_token), (Some(1), None));
}

#[test]
fn list_orders_by_uid_or_create_time_only() {
    let mut store = MockStore::new();
    store.expect_get_group().never();
    store.expect_list_terms_acceptances().never();
    let env = env(store);
    let request = PageRequest { order_by: Some("name".to_owned()), ..PageRequest::default() };
    let err = run(env.services.terms.list(&bound("owner", &org()), org().as_str(), &request)).unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "order_by",
            "order_by must be one of created_at, uid optionally followed by \" asc\" or \" desc\""
        )
    );
}

#[test]
fn list_of_a_group_that_does_not_exist_is_not_found_and_lists_nothing() {
    let mut store = MockStore::new();
    store.expect_get_group().times(1).returning(|_| Ok(None));
    store.expect_list_terms_acceptances().never();
    let env = env(store);
    let err =
        run(env.services.terms.list(&bound("owner", &org()), group_a().as_str(), &PageRequest::default())).unwrap_err();
    assert_eq!(err, Error::NotFound(format!("group {} does not exist", group_a())));
}

#[test]
fn list_by_a_caller_without_terms_list_at_the_group_is_not_found() {
    for caller in [bound("viewer", &org()), bound("owner", &group_a()), holding(&[Capability::TermsAccept])] {
        let mut store = MockStore::new();
        store.expect_get_group().never();
        store.expect_list_terms_acceptances().never();
        let env = env(store);
        let err = run(env.services.terms.list(&caller, org().as_str(), &PageRequest::default())).unwrap_err();
        assert_eq!(err.code(), Code::NotFound, "{caller:?}");
    }
}

#[test]
fn list_of_a_malformed_group_is_invalid_argument_on_group() {
    let env = env(MockStore::new());
    let err = run(env.services.terms.list(&bound("owner", &org()), "x/y", &PageRequest::default())).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    let Error::InvalidArgument(violations) = err else { unreachable!() };
    assert_eq!(violations[0].field, "group");
}
