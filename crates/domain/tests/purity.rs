//! `grove-domain` stays pure: no async runtime, web framework, HTTP stack, gRPC or database
//! crate may appear anywhere in its non-dev dependency closure, as resolved by Cargo.
//!
//! The closure follows normal and build dependency edges (dev-dependencies, such as the
//! `mock` feature turned on for these tests, are not part of what embedders get), on every
//! target platform, with features as Cargo resolves them for the workspace.

use std::collections::{BTreeMap, VecDeque};
use std::process::Command;

use serde_json::Value;

/// Crates the domain must never pull in, however indirectly.
const FORBIDDEN: &[&str] = &[
    "tokio",
    "axum",
    "hyper",
    "tonic",
    "diesel",
    "diesel-async",
    "deadpool",
    "reqwest",
    "sqlx",
    "tower",
    "http",
    "async-std",
    "mio",
];

/// `cargo metadata` for this crate's workspace, parsed.
fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let output = Command::new(&cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path", manifest])
        .output()
        .unwrap_or_else(|e| panic!("could not run {cargo} metadata: {e}"));
    assert!(output.status.success(), "cargo metadata failed:\n{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("cargo metadata: missing string {key:?} in {v}"))
}

fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().map_or(&[], Vec::as_slice)
}

/// True when a resolved dependency edge is used outside tests (normal or build).
fn is_non_dev(dep: &Value) -> bool {
    array(dep, "dep_kinds").iter().any(|k| k["kind"].as_str() != Some("dev"))
}

/// Every package reachable from the package named `root` over non-dev edges, by package
/// name, with the shortest chain of package names leading to it (`root` first).
fn non_dev_closure(metadata: &Value, root: &str) -> BTreeMap<String, Vec<String>> {
    let names: BTreeMap<&str, &str> =
        array(metadata, "packages").iter().map(|p| (str_field(p, "id"), str_field(p, "name"))).collect();
    let nodes: BTreeMap<&str, &Value> =
        array(&metadata["resolve"], "nodes").iter().map(|n| (str_field(n, "id"), n)).collect();
    let root_id = names
        .iter()
        .find(|(_, name)| **name == root)
        .map(|(id, _)| *id)
        .unwrap_or_else(|| panic!("cargo metadata lists no package {root}"));

    let mut paths: BTreeMap<&str, Vec<String>> = BTreeMap::from([(root_id, vec![root.to_owned()])]);
    let mut queue = VecDeque::from([root_id]);
    while let Some(id) = queue.pop_front() {
        let node = nodes.get(id).unwrap_or_else(|| panic!("cargo metadata resolves no node {id}"));
        for dep in array(node, "deps").iter().filter(|d| is_non_dev(d)) {
            let dep_id = str_field(dep, "pkg");
            if paths.contains_key(dep_id) {
                continue;
            }
            let mut path = paths[id].clone();
            path.push(names.get(dep_id).copied().unwrap_or(dep_id).to_owned());
            paths.insert(dep_id, path);
            queue.push_back(dep_id);
        }
    }
    paths.into_values().map(|path| (path.last().cloned().unwrap_or_default(), path)).collect()
}

/// One line per forbidden crate in the closure: the crate and how it is reached.
fn violations(closure: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    FORBIDDEN
        .iter()
        .filter_map(|name| closure.get(*name).map(|path| format!("{name} (via {})", path.join(" -> "))))
        .collect()
}

#[test]
fn grove_domain_depends_on_no_runtime_transport_or_database_crate() {
    let closure = non_dev_closure(&metadata(), "grove-domain");
    // The walk really follows edges: the domain's own direct and indirect dependencies show.
    for expected in ["serde", "thiserror", "regex", "regex-syntax"] {
        assert!(closure.contains_key(expected), "{expected} missing from the closure {:?}", closure.keys());
    }
    let found = violations(&closure);
    assert!(
        found.is_empty(),
        "grove-domain must stay pure, but its non-dev dependencies pull in:\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn the_check_names_an_offending_crate_and_its_path_and_ignores_dev_edges() {
    let normal = serde_json::json!([{ "kind": null, "target": null }]);
    let dev = serde_json::json!([{ "kind": "dev", "target": null }]);
    let build = serde_json::json!([{ "kind": "build", "target": null }]);
    let metadata = serde_json::json!({
        "packages": [
            { "id": "d", "name": "grove-domain" },
            { "id": "f", "name": "foo" },
            { "id": "t", "name": "tokio" },
            { "id": "b", "name": "bar" },
            { "id": "a", "name": "axum" },
            { "id": "s", "name": "shim" },
            { "id": "m", "name": "mio" },
        ],
        "resolve": { "nodes": [
            { "id": "d", "deps": [
                { "name": "foo", "pkg": "f", "dep_kinds": normal },
                { "name": "bar", "pkg": "b", "dep_kinds": dev },
            ] },
            { "id": "f", "deps": [
                { "name": "tokio", "pkg": "t", "dep_kinds": normal },
                { "name": "shim", "pkg": "s", "dep_kinds": build },
            ] },
            { "id": "t", "deps": [] },
            { "id": "b", "deps": [{ "name": "axum", "pkg": "a", "dep_kinds": normal }] },
            { "id": "a", "deps": [] },
            { "id": "s", "deps": [{ "name": "mio", "pkg": "m", "dep_kinds": normal }] },
            { "id": "m", "deps": [] },
        ] },
    });
    let closure = non_dev_closure(&metadata, "grove-domain");
    assert_eq!(
        violations(&closure),
        ["tokio (via grove-domain -> foo -> tokio)", "mio (via grove-domain -> foo -> shim -> mio)"]
    );
}
