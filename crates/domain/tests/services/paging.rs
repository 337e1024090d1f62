//! Paging: page size defaults and clamping, negative parameters, `order_by` parsing, and the
//! encrypted, caller-bound, expiring page token, both on the `Pager` itself and through a
//! service.

use std::sync::Arc;

use grove_domain::authz::{Grant, Principal};
use grove_domain::capability::CapabilitySet;
use grove_domain::error::Error;
use grove_domain::events::Subscription;
use grove_domain::listing::{
    Cursor, Direction, ListFilter, ListQuery, Ordering, PageRequest, Pager, Plan, SortField, SortKey, UidpFilter,
    Visibility, PAGE_TOKEN_LIFETIME_MS,
};
use grove_domain::model::{Group, Identity, Repo, Role, RoleBindingView};
use grove_domain::Uidp;

use crate::common::*;

const ALL_FIELDS: &[SortField] = &[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime];

fn pager() -> (Pager, Arc<TestClock>) {
    let clock = TestClock::at(T0);
    (Pager::new(PAGING_SECRET.to_vec(), clock.clone()), clock)
}

fn request(page_size: Option<i64>, skip: Option<i64>, order_by: Option<&str>, token: Option<&str>) -> PageRequest {
    PageRequest { page_size, page_token: token.map(str::to_owned), order_by: order_by.map(str::to_owned), skip }
}

fn plan(pager: &Pager, req: &PageRequest, filter: ListFilter) -> Result<Plan<Group>, Error> {
    pager.plan(req, &caller_uid(), filter, Visibility::everything(), ALL_FIELDS)
}

fn in_a() -> ListFilter {
    ListFilter {
        uidp: UidpFilter { descendants_of: Some(group_a()), ..UidpFilter::default() },
        ..ListFilter::default()
    }
}

/// Three groups in name order: alpha, bravo, charlie.
fn rows() -> Vec<Group> {
    let a = group_a();
    vec![
        group(&child(&a, "0000000000000003"), "alpha"),
        group(&child(&a, "0000000000000001"), "bravo"),
        group(&child(&a, "0000000000000002"), "charlie"),
    ]
}

/// Plans page one of size 2 by name over [`rows`] and returns its next page token.
fn first_page_token(pager: &Pager) -> String {
    let p = plan(pager, &request(Some(2), None, Some("name"), None), in_a()).expect("page one plans");
    let page = pager.finish(&p, store_page(rows(), 3));
    page.next_page_token.expect("more rows than the page size")
}

fn token_error() -> Error {
    Error::invalid("page_token", "page_token is not a token this server issued")
}

fn mismatch_error() -> Error {
    Error::invalid(
        "page_token",
        "page_token was issued for a different filter or order_by; repeat the original query parameters",
    )
}

#[test]
fn default_page_size_is_50_so_the_store_is_asked_for_51_rows() {
    let (pager, _) = pager();
    let p = plan(&pager, &PageRequest::default(), ListFilter::default()).unwrap();
    assert_eq!(
        p.query,
        ListQuery {
            filter: ListFilter::default(),
            visibility: Visibility::everything(),
            order: Ordering { field: SortField::Uid, direction: Direction::Asc },
            after: None,
            skip: 0,
            limit: 51,
            count_total: true,
        }
    );
}

#[test]
fn page_size_zero_means_the_default() {
    let (pager, _) = pager();
    assert_eq!(plan(&pager, &request(Some(0), None, None, None), ListFilter::default()).unwrap().query.limit, 51);
}

#[test]
fn page_size_above_200_is_lowered_to_200_so_the_store_is_asked_for_201_rows() {
    let (pager, _) = pager();
    for size in [500, 201, i64::MAX] {
        let p = plan(&pager, &request(Some(size), None, None, None), ListFilter::default()).unwrap();
        assert_eq!(p.query.limit, 201, "page_size {size}");
    }
    assert_eq!(plan(&pager, &request(Some(200), None, None, None), ListFilter::default()).unwrap().query.limit, 201);
    assert_eq!(plan(&pager, &request(Some(7), None, None, None), ListFilter::default()).unwrap().query.limit, 8);
}

#[test]
fn negative_page_size_is_invalid_argument_on_page_size() {
    let (pager, _) = pager();
    let err = plan(&pager, &request(Some(-1), None, None, None), ListFilter::default()).unwrap_err();
    assert_eq!(err, Error::invalid("page_size", "page_size must not be negative"));
}

#[test]
fn negative_skip_is_invalid_argument_on_skip() {
    let (pager, _) = pager();
    let err = plan(&pager, &request(None, Some(-3), None, None), ListFilter::default()).unwrap_err();
    assert_eq!(err, Error::invalid("skip", "skip must not be negative"));
}

#[test]
fn skip_goes_to_the_store_and_is_echoed_as_skipped() {
    let (pager, _) = pager();
    let p = plan(&pager, &request(Some(2), Some(10), None, None), ListFilter::default()).unwrap();
    assert_eq!(p.query.skip, 10);
    let page = pager.finish(&p, store_page(rows()[..1].to_vec(), 11));
    assert_eq!(page.skipped, 10);
    assert_eq!(page.total_count, Some(11));
    assert_eq!(page.next_page_token, None);
}

#[test]
fn next_token_is_minted_only_when_the_store_returns_more_rows_than_the_page_size() {
    let (pager, _) = pager();
    let p = plan(&pager, &request(Some(2), None, Some("name"), None), in_a()).unwrap();
    assert_eq!(p.query.limit, 3);

    let more = pager.finish(&p, store_page(rows(), 3));
    assert_eq!(more.items, rows()[..2].to_vec());
    assert!(more.next_page_token.is_some());
    assert_eq!(more.total_count, Some(3));

    let exact = pager.finish(&p, store_page(rows()[..2].to_vec(), 2));
    assert_eq!(exact.items, rows()[..2].to_vec());
    assert_eq!(exact.next_page_token, None);

    let empty = pager.finish(&p, store_page(Vec::<Group>::new(), 0));
    assert_eq!(empty.next_page_token, None);
}

#[test]
fn next_token_round_trips_into_the_after_cursor_of_the_next_query() {
    let (pager, _) = pager();
    let token = first_page_token(&pager);
    let p = plan(&pager, &request(Some(2), None, Some("name"), Some(&token)), in_a()).unwrap();
    let last = &rows()[1];
    assert_eq!(p.query.after, Some(Cursor { key: SortKey::Text("bravo".to_owned()), uid: last.uid.clone() }));
    assert_eq!(p.query.order, Ordering { field: SortField::Name, direction: Direction::Asc });
    assert_eq!(p.query.limit, 3);
}

#[test]
fn token_for_uid_order_carries_only_the_uid() {
    let (pager, _) = pager();
    let p = plan(&pager, &request(Some(1), None, None, None), ListFilter::default()).unwrap();
    let token = pager.finish(&p, store_page(rows(), 3)).next_page_token.unwrap();
    let next = plan(&pager, &request(Some(1), None, None, Some(&token)), ListFilter::default()).unwrap();
    assert_eq!(next.query.after, Some(Cursor { key: SortKey::Uid, uid: rows()[0].uid.clone() }));
}

#[test]
fn token_for_created_at_desc_carries_the_create_time_in_milliseconds() {
    let (pager, _) = pager();
    let req = request(Some(1), None, Some("created_at desc"), None);
    let p = plan(&pager, &req, ListFilter::default()).unwrap();
    let token = pager.finish(&p, store_page(rows(), 3)).next_page_token.unwrap();
    let next =
        plan(&pager, &request(Some(1), None, Some("created_at desc"), Some(&token)), ListFilter::default()).unwrap();
    assert_eq!(next.query.after, Some(Cursor { key: SortKey::Time(T0 - DAY_MS), uid: rows()[0].uid.clone() }));
    assert_eq!(next.query.order, Ordering { field: SortField::CreateTime, direction: Direction::Desc });
}

#[test]
fn empty_page_token_means_the_first_page() {
    let (pager, _) = pager();
    let p = plan(&pager, &request(None, None, None, Some("")), ListFilter::default()).unwrap();
    assert_eq!(p.query.after, None);
}

#[test]
fn tampered_page_token_is_invalid_argument_on_page_token() {
    let (pager, _) = pager();
    let token = first_page_token(&pager);
    for i in [0, token.len() / 2, token.len() - 1] {
        let mut bytes = token.clone().into_bytes();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(bytes).unwrap();
        let err = plan(&pager, &request(Some(2), None, Some("name"), Some(&tampered)), in_a()).unwrap_err();
        assert_eq!(err, token_error(), "flipped byte {i}");
    }
}

#[test]
fn page_token_that_is_not_a_token_is_invalid_argument_on_page_token() {
    let (pager, _) = pager();
    for garbage in ["abc", "abc.def", ".", "!!!.!!!"] {
        let err = plan(&pager, &request(None, None, None, Some(garbage)), ListFilter::default()).unwrap_err();
        assert_eq!(err, token_error(), "{garbage}");
    }
}

#[test]
fn page_token_signed_under_another_secret_is_invalid_argument_on_page_token() {
    let (pager, clock) = pager();
    let token = first_page_token(&pager);
    let other = Pager::new(b"another node's secret".to_vec(), clock);
    let err = plan(&other, &request(Some(2), None, Some("name"), Some(&token)), in_a()).unwrap_err();
    assert_eq!(err, token_error());
}

#[test]
fn page_token_reused_with_another_filter_is_invalid_argument_on_page_token() {
    let (pager, _) = pager();
    let token = first_page_token(&pager);
    let other_filters = [
        ListFilter::default(),
        ListFilter { name: Some("bravo".to_owned()), ..in_a() },
        ListFilter { uidp: UidpFilter { children_of: Some(group_a()), ..UidpFilter::default() }, ..in_a() },
    ];
    for filter in other_filters {
        let err = plan(&pager, &request(Some(2), None, Some("name"), Some(&token)), filter.clone()).unwrap_err();
        assert_eq!(err, mismatch_error(), "{filter:?}");
    }
}

#[test]
fn page_token_reused_with_another_order_by_is_invalid_argument_on_page_token() {
    let (pager, _) = pager();
    let token = first_page_token(&pager);
    for order_by in [None, Some("name desc"), Some("created_at"), Some("uid")] {
        let err = plan(&pager, &request(Some(2), None, order_by, Some(&token)), in_a()).unwrap_err();
        assert_eq!(err, mismatch_error(), "{order_by:?}");
    }
}

#[test]
fn page_token_reused_with_a_spelling_of_the_same_order_continues() {
    let (pager, _) = pager();
    let token = first_page_token(&pager);
    let p = plan(&pager, &request(Some(2), None, Some("name asc"), Some(&token)), in_a()).unwrap();
    assert!(p.query.after.is_some());
}

fn expired_error() -> Error {
    Error::invalid("page_token", "page_token has expired; start again without it")
}

fn other_list_error() -> Error {
    Error::invalid("page_token", "page_token was issued for another list; start again without page_token")
}

#[test]
fn page_token_older_than_three_days_is_invalid_argument_on_page_token_not_a_restart() {
    let (pager, clock) = pager();
    let token = first_page_token(&pager);
    clock.advance(3 * DAY_MS + 1);
    let err = plan(&pager, &request(Some(2), None, Some("name"), Some(&token)), in_a()).unwrap_err();
    assert_eq!(err, expired_error());
}

#[test]
fn page_token_of_the_groups_list_is_refused_by_every_other_list() {
    let (pager, _) = pager();
    let p = plan(&pager, &request(Some(1), None, None, None), ListFilter::default()).unwrap();
    let token = pager.finish(&p, store_page(rows(), 3)).next_page_token.unwrap();
    let req = request(Some(1), None, None, Some(&token));
    let (caller, filter, everything) = (caller_uid(), ListFilter::default(), Visibility::everything());
    let uid = &[SortField::Uid];
    let errors = [
        pager.plan::<Identity>(&req, &caller, filter.clone(), everything.clone(), uid).unwrap_err(),
        pager.plan::<Role>(&req, &caller, filter.clone(), everything.clone(), uid).unwrap_err(),
        pager.plan::<RoleBindingView>(&req, &caller, filter.clone(), everything.clone(), uid).unwrap_err(),
        pager.plan::<Repo>(&req, &caller, filter.clone(), everything.clone(), uid).unwrap_err(),
        pager.plan::<Subscription>(&req, &caller, filter.clone(), everything.clone(), uid).unwrap_err(),
    ];
    for err in errors {
        assert_eq!(err, other_list_error());
    }
    assert!(pager.plan::<Group>(&req, &caller, filter, everything, uid).is_ok(), "the groups list takes it");
}

#[test]
fn page_token_exactly_three_days_old_still_continues() {
    let (pager, clock) = pager();
    let token = first_page_token(&pager);
    assert_eq!(PAGE_TOKEN_LIFETIME_MS, 3 * DAY_MS);
    clock.advance(3 * DAY_MS);
    let p = plan(&pager, &request(Some(2), None, Some("name"), Some(&token)), in_a()).unwrap();
    assert_eq!(p.query.after.map(|c| c.uid), Some(rows()[1].uid.clone()));
}

#[test]
fn order_by_accepts_the_documented_forms() {
    use Direction::{Asc, Desc};
    use SortField::{CreateTime, Name, Uid, UpdateTime};
    let cases = [
        ("name", Name, Asc),
        ("name desc", Name, Desc),
        ("name asc", Name, Asc),
        ("created_at desc", CreateTime, Desc),
        ("created_at", CreateTime, Asc),
        ("create_time", CreateTime, Asc),
        ("createTime desc", CreateTime, Desc),
        ("updated_at", UpdateTime, Asc),
        ("uid asc", Uid, Asc),
        ("uid", Uid, Asc),
        ("  name   DESC ", Name, Desc),
    ];
    for (text, field, direction) in cases {
        assert_eq!(Ordering::parse(Some(text), ALL_FIELDS), Ok(Ordering { field, direction }), "{text:?}");
    }
    assert_eq!(Ordering::parse(None, ALL_FIELDS), Ok(Ordering { field: Uid, direction: Asc }));
    assert_eq!(Ordering::parse(Some(""), ALL_FIELDS), Ok(Ordering { field: Uid, direction: Asc }));
}

#[test]
fn order_by_an_unknown_field_or_direction_is_invalid_argument_on_order_by() {
    let expected = Error::invalid(
        "order_by",
        "order_by must be one of uid, name, created_at, updated_at optionally followed by \" asc\" or \" desc\"",
    );
    for text in ["colour", "name sideways", "name desc extra", "desc", "Name"] {
        assert_eq!(Ordering::parse(Some(text), ALL_FIELDS), Err(expected.clone()), "{text:?}");
    }
}

#[test]
fn order_by_a_field_the_resource_cannot_sort_by_is_invalid_argument_on_order_by() {
    let (pager, _) = pager();
    let err = pager
        .plan::<Group>(
            &request(None, None, Some("name"), None),
            &caller_uid(),
            ListFilter::default(),
            Visibility::everything(),
            &[SortField::Uid, SortField::CreateTime],
        )
        .unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "order_by",
            "order_by must be one of uid, created_at optionally followed by \" asc\" or \" desc\""
        )
    );
}

#[test]
fn group_list_asks_the_store_for_one_row_more_than_the_page_size() {
    let mut store = MockStore::new();
    store
        .expect_list_groups()
        .withf(|q: &ListQuery| q.limit == 51 && q.skip == 0 && q.after.is_none())
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    store
        .expect_list_groups()
        .withf(|q: &ListQuery| q.limit == 201 && q.skip == 4)
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    let env = env(store);
    let owner = bound("owner", &org());
    let first = run(env.services.groups.list(&owner, ListFilter::default(), &PageRequest::default())).unwrap();
    assert_eq!(first.skipped, 0);
    let big = request(Some(500), Some(4), None, None);
    let second = run(env.services.groups.list(&owner, ListFilter::default(), &big)).unwrap();
    assert_eq!(second.skipped, 4);
}

#[test]
fn group_list_token_continues_after_the_last_row_of_the_previous_page() {
    let last_uid: Uidp = rows()[1].uid.clone();
    let mut store = MockStore::new();
    store
        .expect_list_groups()
        .withf(|q: &ListQuery| q.after.is_none())
        .times(1)
        .returning(|_| Ok(store_page(rows(), 3)));
    let expected_after = Cursor { key: SortKey::Text("bravo".to_owned()), uid: last_uid };
    store
        .expect_list_groups()
        .withf(move |q: &ListQuery| q.after.as_ref() == Some(&expected_after) && q.filter == in_a())
        .times(1)
        .returning(|_| Ok(store_page(rows()[2..].to_vec(), 3)));
    let env = env(store);
    let owner = bound("owner", &org());

    let first = run(env.services.groups.list(&owner, in_a(), &request(Some(2), None, Some("name"), None))).unwrap();
    assert_eq!(first.items, rows()[..2].to_vec());
    let token = first.next_page_token.expect("a second page follows");

    env.clock.advance(60_000);
    let second =
        run(env.services.groups.list(&owner, in_a(), &request(Some(2), None, Some("name"), Some(&token)))).unwrap();
    assert_eq!(second.items, rows()[2..].to_vec());
    assert_eq!(second.next_page_token, None);
    assert_eq!(second.total_count, Some(3));
}

#[test]
fn list_with_bad_paging_parameters_never_reaches_the_store() {
    let mut store = MockStore::new();
    store.expect_list_groups().never();
    store.expect_list_role_bindings().never();
    let env = env(store);
    let owner = bound("owner", &org());
    let s = &env.services;
    let err = run(s.groups.list(&owner, ListFilter::default(), &request(Some(-5), None, None, None))).unwrap_err();
    assert_eq!(err, Error::invalid("page_size", "page_size must not be negative"));
    let err = run(s.groups.list(&owner, ListFilter::default(), &request(None, None, None, Some("forged.token"))))
        .unwrap_err();
    assert_eq!(err, token_error());
    // Role bindings have no name to sort by.
    let err =
        run(s.role_bindings.list(&owner, ListFilter::default(), &request(None, None, Some("name"), None))).unwrap_err();
    assert_eq!(
        err,
        Error::invalid(
            "order_by",
            "order_by must be one of uid, created_at optionally followed by \" asc\" or \" desc\""
        )
    );
}

#[test]
fn group_list_token_replayed_by_another_caller_is_invalid_argument_and_never_reaches_the_store() {
    let mut store = MockStore::new();
    store.expect_list_groups().times(1).returning(|_| Ok(store_page(rows(), 5)));
    let env = env(store);
    let owner = bound("owner", &org());
    let first = run(env.services.groups.list(&owner, in_a(), &request(Some(2), None, Some("name"), None))).unwrap();
    let token = first.next_page_token.expect("a second page follows");

    let other = Principal::new(
        child(&org(), "dddddddddddddddd"),
        vec![Grant { group: group_b(), capabilities: role_capabilities("viewer") }],
        CapabilitySet::new(),
    );
    let err =
        run(env.services.groups.list(&other, in_a(), &request(Some(2), None, Some("name"), Some(&token)))).unwrap_err();
    assert_eq!(
        err,
        Error::invalid("page_token", "page_token was issued to another caller; start again without page_token")
    );
}

#[test]
fn group_list_token_presented_to_the_identity_list_is_invalid_argument_and_never_reaches_the_store() {
    let mut store = MockStore::new();
    store.expect_list_groups().times(1).returning(|_| Ok(store_page(rows(), 45)));
    store.expect_list_identities().never();
    let env = env(store);
    let owner = bound("owner", &org());
    let first =
        run(env.services.groups.list(&owner, ListFilter::default(), &request(Some(2), None, None, None))).unwrap();
    let token = first.next_page_token.expect("a second page follows");
    let err =
        run(env.services.identities.list(&owner, ListFilter::default(), &request(Some(2), None, None, Some(&token))))
            .unwrap_err();
    assert_eq!(err, other_list_error());
}

#[test]
fn group_list_token_presented_after_three_days_is_invalid_argument_and_never_reaches_the_store() {
    let mut store = MockStore::new();
    store.expect_list_groups().times(1).returning(|_| Ok(store_page(rows(), 5)));
    let env = env(store);
    let owner = bound("owner", &org());
    let first = run(env.services.groups.list(&owner, in_a(), &request(Some(2), None, Some("name"), None))).unwrap();
    let token = first.next_page_token.expect("a second page follows");
    env.clock.advance(3 * DAY_MS + 1);
    let err =
        run(env.services.groups.list(&owner, in_a(), &request(Some(2), None, Some("name"), Some(&token)))).unwrap_err();
    assert_eq!(err, expired_error());
}
