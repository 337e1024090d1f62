//! The layering rule, checked on the resolved dependency graph: adapters depend on the
//! domain, never on each other (only tests may reach `grove-test-support` and friends).

#![allow(clippy::unwrap_used)] // helpers outside #[test] fns: a failed unwrap is a failed test

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

/// Every adapter crate and the workspace crates its normal dependencies may name.
const ALLOWED: &[(&str, &[&str])] = &[
    ("grove-store-memory", &["grove-domain"]),
    ("grove-store-postgres", &["grove-domain"]),
    ("grove-proto", &["grove-domain"]),
    ("grove-rpc", &["grove-domain", "grove-proto"]),
    ("grove-grpc", &["grove-domain", "grove-proto", "grove-rpc"]),
    ("grove-http", &["grove-domain", "grove-proto", "grove-rpc"]),
    ("grove-v1", &["grove-domain"]),
    ("grove-sts", &["grove-domain"]),
    ("grove-events", &["grove-domain"]),
    ("grove-client", &["grove-domain", "grove-proto"]),
    ("grove-console", &["grove-domain"]),
];

fn workspace_packages() -> BTreeMap<String, Vec<(String, Option<String>)>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| (d["name"].as_str().unwrap().to_owned(), d["kind"].as_str().map(str::to_owned)))
                .collect();
            (p["name"].as_str().unwrap().to_owned(), deps)
        })
        .collect()
}

#[test]
fn adapters_depend_on_the_domain_and_never_on_each_other() {
    let packages = workspace_packages();
    let ours: Vec<&String> = packages.keys().filter(|n| n.starts_with("grove")).collect();
    let mut violations = Vec::new();
    for (adapter, allowed) in ALLOWED {
        let Some(deps) = packages.get(*adapter) else { continue };
        for (dep, kind) in deps {
            let normal = kind.is_none() || kind.as_deref() == Some("build");
            if normal && ours.contains(&dep) && !allowed.contains(&dep.as_str()) {
                violations.push(format!("{adapter} depends on {dep}"));
            }
        }
    }
    assert!(violations.is_empty(), "layering violations: {violations:?}");
    assert!(
        packages.contains_key("grove-http") && packages.contains_key("grove-store-memory"),
        "the check found the adapters"
    );
}

#[test]
fn the_domain_depends_on_no_other_workspace_crate() {
    let packages = workspace_packages();
    let domain = &packages["grove-domain"];
    let inward: Vec<_> =
        domain.iter().filter(|(d, k)| k.is_none() && d.starts_with("grove") && d != "grove-domain").collect();
    assert!(inward.is_empty(), "grove-domain depends on {inward:?}");
}
