//! `grove advisories import` on real OSV records (the Go vulnerability database fixture in
//! `testdata/osv`): the exact advisories, a re-import that changes nothing, an updated record
//! that keeps its advisory, triage events that survive re-imports, zips, and bad records
//! reported by file and reason while the rest is imported.

#![allow(clippy::unwrap_used)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use grove::advisories::{generate, import_path, ImportReport};
use grove_domain::listing::{ListFilter, ListQuery, Pager, Visibility};
use grove_domain::model::{Advisory, Detection, EventDetail, EventKind, Fixed, ReviewState};
use grove_domain::ports::{Clock, RandomIds, Store};
use grove_domain::services::{AdvisoryService, Deps, EventInput, ImportCounts};
use grove_domain::{Timestamp, Uidp};
use grove_store_memory::MemoryStore;
use grove_test_support::ev;
use grove_test_support::fixtures::{self, FixedClock};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/testdata/osv")
}

struct Setup {
    store: Arc<dyn Store>,
    clock: Arc<FixedClock>,
    service: AdvisoryService,
    org: Uidp,
}

async fn setup() -> Setup {
    let clock = Arc::new(FixedClock::default());
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new(clock.now()));
    let org = fixtures::group(None, "catalog");
    store.create_group(&org, &ev()).await.unwrap();
    let service = AdvisoryService::new(Deps {
        store: store.clone(),
        clock: clock.clone(),
        ids: Arc::new(RandomIds),
        pager: Arc::new(Pager::new(vec![7; 32], clock.clone())),
        events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
    });
    Setup { store, clock, service, org: org.uid }
}

async fn import(s: &Setup, path: &Path) -> (ImportReport, String) {
    let mut progress = Vec::new();
    let report = import_path(&s.service, &s.org, "osv-import", path, &mut progress).await.unwrap();
    (report, String::from_utf8(progress).unwrap())
}

async fn everything(store: &dyn Store) -> Vec<Advisory> {
    store.list_advisories(&ListQuery::all(ListFilter::default(), Visibility::everything(), 10_000)).await.unwrap().items
}

fn counts(created: u64, updated: u64, unchanged: u64) -> ImportCounts {
    ImportCounts { created, updated, unchanged }
}

fn ts(text: &str) -> Timestamp {
    Timestamp::parse_rfc3339(text).unwrap()
}

/// (legacy id, package, aliases, fixed versions, latest approved event kind).
type Summary = (String, String, Vec<String>, Vec<String>, Option<EventKind>);

fn summary(a: &Advisory) -> Summary {
    let fixed = a
        .events
        .iter()
        .filter_map(|e| match &e.detail {
            EventDetail::Fixed(f) => Some(f.fixed_version.clone()),
            _ => None,
        })
        .collect();
    (a.legacy_advisory_id.clone().unwrap(), a.artifact_name.clone(), a.aliases.clone(), fixed, a.latest_approved_kind())
}

fn row(id: &str, package: &str, aliases: &[&str], fixed: &[&str]) -> Summary {
    let latest = if fixed.is_empty() { EventKind::Detection } else { EventKind::Fixed };
    (
        id.to_owned(),
        package.to_owned(),
        aliases.iter().map(|s| (*s).to_owned()).collect(),
        fixed.iter().map(|s| (*s).to_owned()).collect(),
        Some(latest),
    )
}

#[tokio::test]
async fn the_go_fixture_imports_as_exactly_these_advisories() {
    let s = setup().await;
    let (report, progress) = import(&s, &fixture()).await;
    assert_eq!((report.records, report.counts, report.skipped.len()), (5, counts(8, 0, 0), 0));
    assert_eq!(progress, "");
    let all = everything(&*s.store).await;
    let mut got: Vec<Summary> = all.iter().map(summary).collect();
    got.sort();
    let beego = "github.com/beego/beego";
    let beego2 = "github.com/beego/beego/v2";
    assert_eq!(
        got,
        vec![
            row("GO-2021-0157", "stdlib", &["CVE-2015-5739"], &["1.4.3"]),
            row("GO-2021-0159", "stdlib", &["CVE-2015-5739", "CVE-2015-5740", "CVE-2015-5741"], &["1.4.3"]),
            row("GO-2022-0463", beego, &["CVE-2022-31259", "GHSA-qx32-f6g6-fcfr"], &["1.12.9"]),
            row("GO-2022-0463", beego2, &["CVE-2022-31259", "GHSA-qx32-f6g6-fcfr"], &["2.0.3"]),
            row("GO-2022-0569", beego, &["CVE-2022-31836", "GHSA-95f9-94vc-665h"], &["1.12.11"]),
            row("GO-2022-0569", beego2, &["CVE-2022-31836", "GHSA-95f9-94vc-665h"], &["2.0.4"]),
            row("GO-2022-0572", beego, &["CVE-2021-30080", "GHSA-28r6-jm5h-mrgg"], &[]),
            row("GO-2022-0572", beego2, &["CVE-2021-30080", "GHSA-28r6-jm5h-mrgg"], &["2.0.3"]),
        ]
    );
    // One in full: GO-2022-0572 for beego/v2.
    let a = all.iter().find(|a| a.legacy_advisory_id.as_deref() == Some("GO-2022-0572") && a.artifact_name == beego2);
    let a = a.unwrap();
    assert_eq!(a.uid.parent(), Some(s.org.clone()));
    assert!(a.advisory_id.starts_with("CGA-") && a.advisory_id.len() == 18, "{}", a.advisory_id);
    assert_eq!((a.create_time, a.update_time, a.delete_time), (fixtures::base_time(), fixtures::base_time(), None));
    assert_eq!(
        (a.author.as_str(), a.artifact_type.as_str(), a.artifact_architecture.as_str()),
        ("osv-import", "library", "noarch")
    );
    assert_eq!(
        (a.component_name.as_str(), a.component_type.as_str(), a.component_location.as_str(), a.origin.as_str()),
        (beego2, "go-module", "pkg:golang/github.com/beego/beego/v2", beego2)
    );
    assert!(a.severities.is_empty());
    let events: Vec<_> =
        a.events.iter().map(|e| (e.create_time, e.author.as_str(), e.review_state, &e.detail)).collect();
    let fixed = EventDetail::Fixed(Fixed { fixed_version: "2.0.3".into(), ..Fixed::default() });
    assert_eq!(
        events,
        vec![
            (
                ts("2022-08-22T17:56:17Z"),
                "osv-import",
                ReviewState::Approved,
                &EventDetail::Detection(Detection::Manual)
            ),
            (ts("2022-08-23T19:54:38Z"), "osv-import", ReviewState::Approved, &fixed),
        ]
    );
    assert!(a.events.iter().all(|e| e.uid.parent().as_ref() == Some(&a.uid)));
}

#[tokio::test]
async fn a_re_import_changes_nothing_and_keeps_triage_events() {
    let s = setup().await;
    import(&s, &fixture()).await;
    let before = everything(&*s.store).await;
    // A triager's event, added later, survives the re-import.
    s.clock.advance_millis(1_000);
    let target = before[0].uid.to_string();
    let input = EventInput {
        author: "triager@example.com".into(),
        reviewer: "lead@example.com".into(),
        review_state: ReviewState::Approved,
        issue: Some("https://example.com/1".into()),
        findings: br#"{"matches": 1}"#.to_vec(),
        detail: EventDetail::FixNotPlanned { note: "upstream is gone".into() },
    };
    let triaged = s.service.add_event(&target, input).await.unwrap();
    assert_eq!(triaged.update_time, s.clock.now());
    assert_eq!(triaged.latest_approved_kind(), Some(EventKind::FixNotPlanned));
    let added = triaged.events.last().unwrap();
    assert_eq!((added.uid.parent(), added.author.as_str()), (Some(triaged.uid.clone()), "triager@example.com"));
    let expected: Vec<Advisory> =
        before.iter().map(|a| if a.uid == triaged.uid { triaged.clone() } else { a.clone() }).collect();

    s.clock.advance_millis(60_000);
    let (report, _) = import(&s, &fixture()).await;
    let after = everything(&*s.store).await;
    for (a, e) in after.iter().zip(&expected) {
        assert_eq!(a, e);
    }
    assert_eq!((report.records, report.counts), (5, counts(0, 0, 8)));
    assert_eq!(after, expected);
}

#[tokio::test]
async fn an_updated_record_updates_its_advisory_and_keeps_its_uid() {
    let s = setup().await;
    import(&s, &fixture()).await;
    let before = everything(&*s.store).await;
    let dir = tempdir("updated");
    let mut record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture().join("GO-2022-0572.json")).unwrap()).unwrap();
    record["modified"] = "2023-01-01T00:00:00Z".into();
    record["affected"][0]["ranges"][0]["events"] = serde_json::json!([{"introduced": "0"}, {"fixed": "1.12.12"}]);
    std::fs::write(dir.join("GO-2022-0572.json"), serde_json::to_vec(&record).unwrap()).unwrap();
    let later = s.clock.advance_millis(5_000);
    let (report, _) = import(&s, &dir).await;
    // Both packages change: beego gets a fix, beego/v2's fix event moves to the new `modified`.
    assert_eq!(report.counts, counts(0, 2, 0));
    let after = everything(&*s.store).await;
    assert_eq!(after.iter().map(|a| &a.uid).collect::<Vec<_>>(), before.iter().map(|a| &a.uid).collect::<Vec<_>>());
    let beego = after
        .iter()
        .find(|a| {
            a.legacy_advisory_id.as_deref() == Some("GO-2022-0572") && a.artifact_name == "github.com/beego/beego"
        })
        .unwrap();
    assert_eq!((beego.create_time, beego.update_time), (fixtures::base_time(), later));
    assert_eq!(summary(beego).3, vec!["1.12.12".to_owned()]);
    assert_eq!(after.iter().filter(|a| a.update_time == later).count(), 2);
}

#[tokio::test]
async fn bad_records_are_reported_by_file_and_reason_and_the_rest_is_imported() {
    let s = setup().await;
    let dir = tempdir("bad");
    std::fs::copy(fixture().join("GO-2021-0157.json"), dir.join("a-good.json")).unwrap();
    std::fs::write(dir.join("b-truncated.json"), b"{\"id\": \"GO-1\", ").unwrap();
    std::fs::write(
        dir.join("c-array.json"),
        br#"[{"id": "X-1", "modified": "2024-01-01T00:00:00Z", "affected": [{"package": {"ecosystem": "Go", "name": "m"}}]},
            {"id": "X-2", "affected": []}]"#,
    )
    .unwrap();
    std::fs::write(dir.join("ignored.txt"), b"not a record").unwrap();
    let (report, progress) = import(&s, &dir).await;
    assert_eq!((report.records, report.counts), (2, counts(2, 0, 0)));
    let place = |name: &str| dir.join(name).display().to_string();
    let skipped: Vec<(String, String)> = report.skipped.clone();
    assert_eq!(skipped.len(), 2);
    assert_eq!(skipped[0].0, place("b-truncated.json"));
    assert!(skipped[0].1.starts_with("not JSON: "), "{}", skipped[0].1);
    assert_eq!(skipped[1], (format!("{}[1]", place("c-array.json")), "modified is missing".to_owned()));
    assert_eq!(progress.lines().count(), 2);
    assert!(progress.contains(&format!("skipped {}[1]: modified is missing", place("c-array.json"))));
    let mut ids: Vec<String> =
        everything(&*s.store).await.iter().filter_map(|a| a.legacy_advisory_id.clone()).collect();
    ids.sort();
    assert_eq!(ids, ["GO-2021-0157", "X-1"]);
}

#[tokio::test]
async fn a_zip_as_published_imports_like_the_files_it_holds() {
    let s = setup().await;
    let dir = tempdir("zip");
    let path = dir.join("Go.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for entry in std::fs::read_dir(fixture()).unwrap() {
        let entry = entry.unwrap().path();
        if entry.extension().is_some_and(|e| e == "json") {
            zip.start_file(entry.file_name().unwrap().to_string_lossy(), options).unwrap();
            zip.write_all(&std::fs::read(&entry).unwrap()).unwrap();
        }
    }
    zip.finish().unwrap();
    let (report, _) = import(&s, &path).await;
    assert_eq!((report.records, report.counts, report.skipped.len()), (5, counts(8, 0, 0), 0));
    let from_files = setup().await;
    import(&from_files, &fixture()).await;
    assert_eq!(everything(&*s.store).await, everything(&*from_files.store).await);
}

#[tokio::test]
async fn generated_records_import_and_reimport_as_unchanged() {
    let s = setup().await;
    let mut progress = Vec::new();
    let report = generate(&s.service, &s.org, "generator", 1_200, &mut progress).await.unwrap();
    assert_eq!((report.records, report.counts), (1_200, counts(1_200, 0, 0)));
    let again = generate(&s.service, &s.org, "generator", 1_200, &mut progress).await.unwrap();
    assert_eq!(again.counts, counts(0, 0, 1_200));
    let withdrawn = everything(&*s.store).await.iter().filter(|a| a.delete_time.is_some()).count();
    assert_eq!(withdrawn, 120);
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grove-advisories-{name}-{}", Uidp::random_root()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
