//! Advisories: put and get round trips (every event type, severities, findings), replacement
//! by uid, CGA ids unique per group, a group that holds advisories cannot be deleted, and
//! every list filter, order and visibility; single creates and versioned updates with
//! their events.

use std::sync::Arc;

use grove_domain::error::Error;
use grove_domain::events::{EventType, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, UidpFilter, Visibility};
use grove_domain::model::{
    Advisory, AdvisoryEvent, AdvisoryFilter, Detection, EventDetail, EventKind, FalsePositiveType, Fixed, ReviewState,
    ScanV1, Severity, SeverityType,
};
use grove_domain::ports::{Store, ADVISORY_CHANGED};
use grove_domain::Uidp;

use super::{all, list, orders, sorted_uids, walk, Setup};
use crate::ev;
use crate::fixtures::{at, child_uid};

fn event(advisory: &Uidp, n: i64, author: &str, state: ReviewState, detail: EventDetail) -> AdvisoryEvent {
    AdvisoryEvent {
        uid: child_uid(advisory, "event", &n.to_string()),
        create_time: at(1_000 + n),
        findings: Vec::new(),
        author: author.to_owned(),
        reviewer: String::new(),
        review_state: state,
        issue: None,
        detail,
    }
}

/// An advisory of `group` for `package`, with a detection by `author`.
pub(crate) fn advisory(group: &Uidp, key: &str, package: &str, aliases: &[&str], author: &str) -> Advisory {
    let uid = child_uid(group, "advisory", key);
    Advisory {
        events: vec![event(&uid, 0, author, ReviewState::Approved, EventDetail::Detection(Detection::Manual))],
        uid,
        advisory_id: format!("CGA-{key}"),
        create_time: at(10),
        update_time: at(20),
        delete_time: None,
        author: author.to_owned(),
        artifact_name: package.to_owned(),
        artifact_type: "apk".to_owned(),
        artifact_architecture: "x86_64".to_owned(),
        component_name: format!("{package}-lib"),
        component_location: format!("/usr/lib/{package}"),
        component_type: "go-module".to_owned(),
        origin: package.to_owned(),
        aliases: aliases.iter().map(|a| (*a).to_owned()).collect(),
        legacy_advisory_id: Some(format!("GO-{key}")),
        severities: Vec::new(),
    }
}

fn every_event(uid: &Uidp) -> Vec<AdvisoryEvent> {
    let details = [
        EventDetail::Detection(Detection::Nvdapi { cpe_searched: "cpe:a".into(), cpe_found: "cpe:b".into() }),
        EventDetail::Detection(Detection::Manual),
        EventDetail::Detection(Detection::Scanv1(Box::new(ScanV1 {
            scanner: "grype".into(),
            subpackage: "nginx".into(),
            component_id: "id".into(),
            component: "openssl".into(),
            component_version: "3.0.0".into(),
            component_type: "apk".into(),
            component_location: "/lib".into(),
            artifact_version: "1.25".into(),
            scanner_version: "0.70".into(),
            grype_db_built: "2024-01-01T00:00:00Z".into(),
            grype_db_checksum: "sha256:ab".into(),
        }))),
        EventDetail::TruePositiveDetermination { note: "real".into() },
        EventDetail::FalsePositiveDetermination {
            kind: FalsePositiveType::VulnerableCodeNotInExecutionPath,
            note: "unused".into(),
        },
        EventDetail::AnalysisNotPlanned { note: "a".into() },
        EventDetail::FixNotPlanned { note: "b".into() },
        EventDetail::PendingUpstreamFix { note: "c".into() },
        EventDetail::Patched { patched_versions: vec!["1.0-r1".into(), "1.1-r0".into()], note: "d".into() },
        EventDetail::Fixed(Fixed { fixed_version: "1.2".into(), note: "e".into(), ..Fixed::default() }),
    ];
    details
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let mut e = event(uid, i64::try_from(i).unwrap_or(0), "triager", ReviewState::Approved, d);
            e.findings = br#"{"matches":[]}"#.to_vec();
            e.reviewer = "lead".into();
            e.issue = Some(format!("https://example.com/issues/{i}"));
            e
        })
        .collect()
}

async fn put(store: &dyn Store, advisories: &[Advisory]) {
    store.put_advisories(advisories).await.expect("advisories are stored");
}

/// Every field round-trips (each event type, severities, findings); a put replaces by uid.
pub async fn advisory_put_get_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "catalog").await;
    let mut a = advisory(&org.uid, "1", "nginx", &["CVE-2024-1", "GHSA-x"], "importer");
    a.events = every_event(&a.uid);
    a.delete_time = Some(at(30));
    a.severities = vec![
        Severity { kind: SeverityType::CvssV3, score: "9.8".into() },
        Severity { kind: SeverityType::CvssV2, score: "AV:N/AC:L/Au:N/C:P/I:P/A:P".into() },
    ];
    put(&*store, std::slice::from_ref(&a)).await;
    assert_eq!(store.get_advisory(&a.uid).await.expect("the read succeeds"), Some(a.clone()));
    assert_eq!(
        store
            .get_advisories(&[a.uid.clone(), child_uid(&org.uid, "advisory", "none")])
            .await
            .expect("the read succeeds"),
        vec![a.clone()]
    );
    // A second put of the same uid replaces it, events included.
    let mut changed = a.clone();
    changed.events.truncate(2);
    changed.aliases = vec!["CVE-2024-2".into()];
    changed.update_time = at(40);
    put(&*store, std::slice::from_ref(&changed)).await;
    assert_eq!(store.get_advisory(&a.uid).await.expect("the read succeeds"), Some(changed));
    assert_eq!(store.get_advisory(&child_uid(&org.uid, "advisory", "none")).await.expect("the read succeeds"), None);
}

/// CGA ids are unique per group; a batch with a missing group writes nothing.
pub async fn advisory_ids_are_unique_per_group_and_groups_must_exist(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "catalog").await;
    let other = s.group(None, "acme").await;
    let a = advisory(&org.uid, "1", "nginx", &[], "importer");
    put(&*store, std::slice::from_ref(&a)).await;
    let mut clash = advisory(&org.uid, "2", "curl", &[], "importer");
    clash.advisory_id = a.advisory_id.clone();
    assert!(matches!(store.put_advisories(std::slice::from_ref(&clash)).await, Err(Error::AlreadyExists(_))));
    assert_eq!(store.get_advisory(&clash.uid).await.expect("the read succeeds"), None);
    // The same CGA id in another organization is another advisory.
    let mut elsewhere = advisory(&other.uid, "1", "nginx", &[], "importer");
    elsewhere.advisory_id = a.advisory_id.clone();
    put(&*store, std::slice::from_ref(&elsewhere)).await;
    // A batch with one advisory of a missing group writes nothing.
    let missing = crate::fixtures::root_uid("missing");
    let batch = [advisory(&org.uid, "3", "zlib", &[], "importer"), advisory(&missing, "4", "x", &[], "importer")];
    assert!(matches!(store.put_advisories(&batch).await, Err(Error::NotFound(_))));
    assert_eq!(store.get_advisory(&batch[0].uid).await.expect("the read succeeds"), None);
}

/// Deleting a group that holds advisories is refused.
pub async fn a_group_holding_advisories_cannot_be_deleted(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "catalog").await;
    put(&*store, &[advisory(&org.uid, "1", "nginx", &[], "importer")]).await;
    let err = store.delete_group(&org.uid, &ev()).await.expect_err("the delete is refused");
    assert_eq!(err, Error::not_empty("cannot delete group with child advisories"));
}

fn filtered(f: AdvisoryFilter) -> ListFilter {
    ListFilter { advisories: Some(Box::new(f)), ..ListFilter::default() }
}

async fn keys(store: &dyn Store, f: AdvisoryFilter) -> Vec<String> {
    let page = list::<Advisory>(store, &all(filtered(f))).await;
    let mut keys: Vec<String> =
        page.items.iter().map(|a| a.advisory_id.trim_start_matches("CGA-").to_owned()).collect();
    assert_eq!(page.total, keys.len() as u64);
    keys.sort();
    keys
}

/// Every list filter filters, as `AdvisoryFilter::matches` defines it.
pub async fn advisories_filter_on_every_field(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "catalog").await;
    let o = &org.uid;
    let mut a1 = advisory(o, "1", "nginx", &["CVE-2024-0001", "GHSA-aaaa"], "importer");
    let mut a2 = advisory(o, "2", "nginx-dev", &["CVE-2024-0002"], "importer");
    a2.origin = "nginx".into();
    a2.artifact_architecture = "aarch64".into();
    let mut a3 = advisory(o, "3", "curl", &["CVE-2023-9999"], "importer");
    a3.artifact_type = "image".into();
    a3.component_type = "python".into();
    a3.legacy_advisory_id = None;
    // a1: fixed after the detection, reviewed; a2: a pending false positive by a triager;
    // a3: a rejected fixed event, so its latest approved event stays the detection.
    let mut fixed = event(&a1.uid, 5, "triager", ReviewState::Approved, EventDetail::Fixed(Fixed::default()));
    fixed.reviewer = "lead".into();
    a1.events.push(fixed);
    a2.events.push(event(
        &a2.uid,
        5,
        "triager",
        ReviewState::Pending,
        EventDetail::FalsePositiveDetermination { kind: FalsePositiveType::Unspecified, note: String::new() },
    ));
    a3.events.push(event(&a3.uid, 5, "bot", ReviewState::Rejected, EventDetail::Fixed(Fixed::default())));
    put(&*store, &[a1, a2, a3]).await;
    let f = AdvisoryFilter::default;
    let v = |x: &[&str]| x.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let st = &*store;
    assert_eq!(keys(st, f()).await, v(&["1", "2", "3"]));
    assert_eq!(keys(st, AdvisoryFilter { advisory_ids: v(&["CGA-1", "CGA-3"]), ..f() }).await, v(&["1", "3"]));
    assert_eq!(keys(st, AdvisoryFilter { legacy_advisory_ids: v(&["GO-2", "GO-3"]), ..f() }).await, v(&["2"]));
    assert_eq!(keys(st, AdvisoryFilter { artifact_names: v(&["nginx", "curl"]), ..f() }).await, v(&["1", "3"]));
    assert_eq!(keys(st, AdvisoryFilter { artifact_types: v(&["image"]), ..f() }).await, v(&["3"]));
    assert_eq!(keys(st, AdvisoryFilter { artifact_architectures: v(&["aarch64"]), ..f() }).await, v(&["2"]));
    assert_eq!(keys(st, AdvisoryFilter { component_names: v(&["curl-lib"]), ..f() }).await, v(&["3"]));
    assert_eq!(keys(st, AdvisoryFilter { component_types: v(&["go-module"]), ..f() }).await, v(&["1", "2"]));
    assert_eq!(keys(st, AdvisoryFilter { component_locations: v(&["/usr/lib/curl"]), ..f() }).await, v(&["3"]));
    assert_eq!(keys(st, AdvisoryFilter { aliases: v(&["GHSA-aaaa", "CVE-2023-9999"]), ..f() }).await, v(&["1", "3"]));
    // origin replaces artifact_names.
    let by_origin = AdvisoryFilter { origin: Some("nginx".into()), artifact_names: v(&["curl"]), ..f() };
    assert_eq!(keys(st, by_origin).await, v(&["1", "2"]));
    assert_eq!(keys(st, AdvisoryFilter { event_review_states: vec![ReviewState::Pending], ..f() }).await, v(&["2"]));
    assert_eq!(
        keys(st, AdvisoryFilter { event_review_states: vec![ReviewState::Rejected, ReviewState::Pending], ..f() })
            .await,
        v(&["2", "3"])
    );
    assert_eq!(keys(st, AdvisoryFilter { event_authors: v(&["triager"]), ..f() }).await, v(&["1", "2"]));
    assert_eq!(keys(st, AdvisoryFilter { exclude_event_authors: v(&["bot"]), ..f() }).await, v(&["1", "2"]));
    assert_eq!(keys(st, AdvisoryFilter { event_reviewers: v(&["lead"]), ..f() }).await, v(&["1"]));
    assert_eq!(keys(st, AdvisoryFilter { event_types: vec![EventKind::Fixed], ..f() }).await, v(&["1", "3"]));
    assert_eq!(keys(st, AdvisoryFilter { latest_event_type: Some(EventKind::Fixed), ..f() }).await, v(&["1"]));
    assert_eq!(keys(st, AdvisoryFilter { latest_event_type: Some(EventKind::Detection), ..f() }).await, v(&["2", "3"]));
    // query: a lowercased substring of the artifact name, component name or an alias.
    assert_eq!(keys(st, AdvisoryFilter { query: Some("nginx".into()), ..f() }).await, v(&["1", "2"]));
    assert_eq!(keys(st, AdvisoryFilter { query: Some("url-li".into()), ..f() }).await, v(&["3"]));
    assert_eq!(keys(st, AdvisoryFilter { query: Some("cve-2024".into()), ..f() }).await, v(&["1", "2"]));
    assert_eq!(keys(st, AdvisoryFilter { query: Some("%".into()), ..f() }).await, v(&[]));
    // Filters combine with AND.
    let both = AdvisoryFilter { query: Some("nginx".into()), artifact_architectures: v(&["x86_64"]), ..f() };
    assert_eq!(keys(st, both).await, v(&["1"]));
}

/// Every order pages exactly; visibility and hierarchy filters apply.
pub async fn advisories_order_page_and_respect_visibility(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "catalog").await;
    let other = s.group(None, "acme").await;
    let mut made = Vec::new();
    for i in 0..5_i64 {
        let group = if i == 4 { &other.uid } else { &org.uid };
        let mut a = advisory(group, &i.to_string(), "pkg", &[], "importer");
        a.create_time = at(100 - i);
        a.update_time = at(200 + i % 2);
        made.push(a);
    }
    put(&*store, &made).await;
    for order in orders(&[SortField::Uid, SortField::CreateTime, SortField::UpdateTime]) {
        let query = ListQuery { order, ..ListQuery::all(ListFilter::default(), Visibility::everything(), 2) };
        let rows = walk::<Advisory>(&*store, &query, 2, 5).await;
        assert_eq!(rows.iter().map(|a| a.uid.clone()).collect::<Vec<_>>(), sorted_uids(&made, order), "{order:?}");
    }
    let only_org = Visibility { scopes: Some(vec![org.uid.clone()].into()), root_level: false };
    let page = list::<Advisory>(&*store, &ListQuery::all(ListFilter::default(), only_org, 100)).await;
    assert_eq!(page.total, 4);
    assert!(page.items.iter().all(|a| a.uid.is_descendant_of(&org.uid)));
    let children = ListFilter {
        uidp: UidpFilter { children_of: Some(other.uid.clone()), ..UidpFilter::default() },
        ..ListFilter::default()
    };
    let page = list::<Advisory>(&*store, &all(children)).await;
    assert_eq!(page.items, vec![made[4].clone()]);
}

/// `create_advisory` creates one advisory with its `advisory.created` event (or nothing: a
/// taken CGA id or uid, a missing group); `update_advisory` replaces it only over the
/// version it names, with the event's data by the advisory write rule (the advisory, the
/// advisory event that is the subject, or `{}` for a delete).
pub async fn advisory_create_and_versioned_update_store_their_events(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let (from, until) = (at(-1_000_000), at(1_000_000_000));
    let setup = store.claim_events(from, until, 1_000).await.expect("claim setup events");
    let ids: Vec<_> = setup.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, from).await.expect("deliver setup events");
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let event = |t: EventType, subject: &Uidp| NewEvent::new(t, subject, at(5_000), renderer.clone());
    let json = |v: grove_proto::vulnerabilities::Advisory| serde_json::to_string(&v).unwrap_or_default();

    let a = advisory(&org.uid, "one", "nginx", &["CVE-1"], "importer");
    let created = event(EventType::AdvisoryCreated, &a.uid);
    store.create_advisory(&a, &created).await.expect("create");
    assert_eq!(store.get_advisory(&a.uid).await.expect("get"), Some(a.clone()));
    let same_id = Advisory { uid: child_uid(&org.uid, "advisory", "two"), ..a.clone() };
    let err = store
        .create_advisory(&same_id, &event(EventType::AdvisoryCreated, &same_id.uid))
        .await
        .expect_err("a taken CGA id");
    assert_eq!(err, Error::AlreadyExists(format!("an advisory with id CGA-one already exists in group {}", org.uid)));
    let same_uid = Advisory { advisory_id: "CGA-other".into(), ..a.clone() };
    let err =
        store.create_advisory(&same_uid, &event(EventType::AdvisoryCreated, &a.uid)).await.expect_err("a taken uid");
    assert!(matches!(err, Error::AlreadyExists(_)), "{err:?}");
    let nowhere = advisory(&Uidp::random_root(), "one", "nginx", &[], "importer");
    let err = store
        .create_advisory(&nowhere, &event(EventType::AdvisoryCreated, &nowhere.uid))
        .await
        .expect_err("a missing group");
    assert_eq!(
        err,
        Error::NotFound(format!("group {} does not exist", nowhere.uid.parent().unwrap_or_else(|| unreachable!())))
    );

    // A new event over the stored version; the data is that event alone.
    let mut next = a.clone();
    let added = event_of(&a.uid, 7);
    next.events.push(added.clone());
    next.update_time = at(30);
    let appended = event(EventType::AdvisoryEventCreated, &added.uid);
    store.update_advisory(&next, a.update_time, &appended).await.expect("update");
    assert_eq!(store.get_advisory(&a.uid).await.expect("get"), Some(next.clone()));
    // Over the old version again: refused, nothing written.
    let mut stale = a.clone();
    stale.artifact_name = "stale".into();
    let err = store
        .update_advisory(&stale, a.update_time, &event(EventType::AdvisoryUpdated, &a.uid))
        .await
        .expect_err("a stale version");
    assert!(matches!(&err, Error::FailedPrecondition(p) if p.kind == ADVISORY_CHANGED), "{err:?}");
    assert_eq!(store.get_advisory(&a.uid).await.expect("get"), Some(next.clone()));
    let missing = advisory(&org.uid, "missing", "curl", &[], "importer");
    let err = store
        .update_advisory(&missing, missing.update_time, &event(EventType::AdvisoryUpdated, &missing.uid))
        .await
        .expect_err("a missing advisory");
    assert_eq!(err, Error::NotFound(format!("advisory {} does not exist", missing.uid)));
    // The lists see the maintained columns of the new version.
    let by_author = AdvisoryFilter { event_authors: vec!["triager".into()], ..AdvisoryFilter::default() };
    let found = store
        .list_advisories(&all(ListFilter { advisories: Some(Box::new(by_author)), ..ListFilter::default() }))
        .await
        .expect("list");
    assert_eq!(found.items, [next.clone()]);
    // A delete's data is empty.
    let mut withdrawn = next.clone();
    withdrawn.delete_time = Some(at(40));
    withdrawn.update_time = at(40);
    let deleted = event(EventType::AdvisoryDeleted, &a.uid);
    store.update_advisory(&withdrawn, next.update_time, &deleted).await.expect("delete");

    let events = store.claim_events(from, until, 1_000).await.expect("claim");
    let seen: Vec<_> = events.iter().map(|e| (e.id.clone(), e.subject.clone(), e.group.clone())).collect();
    assert_eq!(
        seen,
        [
            (created.id.clone(), a.uid.clone(), org.uid.clone()),
            (appended.id.clone(), added.uid.clone(), org.uid.clone()),
            (deleted.id.clone(), a.uid.clone(), org.uid.clone()),
        ]
    );
    assert_eq!(events[0].data, json(a.into()));
    let added_json =
        serde_json::to_string(&grove_proto::vulnerabilities::AdvisoryEvent::from(added)).unwrap_or_default();
    assert_eq!(events[1].data, added_json);
    assert_eq!(events[2].data, "{}");
}

fn event_of(advisory: &Uidp, n: i64) -> AdvisoryEvent {
    AdvisoryEvent {
        reviewer: "lead".into(),
        findings: br#"{"matches":[]}"#.to_vec(),
        issue: Some("https://example.com/issues/1".into()),
        ..event(
            advisory,
            n,
            "triager",
            ReviewState::Pending,
            EventDetail::Fixed(Fixed { fixed_version: "1.2".into(), ..Fixed::default() }),
        )
    }
}
