//! `grove-proto-gen`: compiles `crates/proto/proto/**/*.proto` with a pure-Rust compiler
//! (protox, so no system `protoc`) and writes what `grove-proto` includes:
//!
//! - `src/gen/<package>.rs`: prost messages, tonic clients and servers (every RPC has a
//!   default body answering `UNIMPLEMENTED`, so a service implements what exists);
//! - `src/gen/<package>.serde.rs`: protojson for every message (pbjson);
//! - `src/gen/descriptors.bin`: the encoded `FileDescriptorSet` with options and comments,
//!   for reflection, REST routing and OpenAPI. It also holds the `v2` packages, derived from
//!   `v2beta1` by renaming (the public API defines them as identical but for the version).
//!
//! - the generated faces of the RPCs ([`faces`]): `crates/rpc/src/gen/table.rs`, the table
//!   REST is served from, and `crates/grpc/src/gen/faces.rs`, the tonic implementations.
//!
//! `--check` writes nothing and fails when the committed files differ from what the
//! `.proto` files give. Run it as `cargo xtask proto [--check]`.
//!
//! `public-wire <sdk>` writes `crates/proto/public-wire.tsv`, the public definitions'
//! messages, enums and services as facts, from a checkout (or bare clone) of
//! chainguard-dev/sdk ([`public_wire`]). Run it as `cargo xtask public-wire <sdk>`.

mod faces;
mod public_wire;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

type Result<T> = std::result::Result<T, String>;

/// The packages that get a `v2` twin, and the path prefixes their HTTP bindings use.
const VERSIONED_PACKAGES: &[&str] = &["events", "iam", "ping", "registry", "vulnerabilities"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("public-wire") => match args.get(1) {
            Some(sdk) => public_table(Path::new(sdk)),
            None => Err("usage: grove-proto-gen public-wire <chainguard-dev/sdk checkout or bare clone>".to_owned()),
        },
        _ => run(args.iter().any(|a| a == "--check")),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grove-proto-gen: {e}");
            ExitCode::FAILURE
        }
    }
}

fn crate_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../proto")
}

/// The directories the generated files go to, each with the files it holds.
type Outputs = Vec<(PathBuf, BTreeMap<String, Vec<u8>>)>;

/// Writes `public-wire.tsv` from the public definitions in `sdk`.
fn public_table(sdk: &Path) -> Result<()> {
    let scratch = std::env::temp_dir().join(format!("grove-public-wire-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    let outcome = public_wire::proto_root(sdk, &scratch).and_then(|(root, commit)| {
        let source = format!("chainguard-dev/sdk at {commit}");
        public_wire::write_table(&root, &crate_dir().join("public-wire.tsv"), &source)
    });
    let _ = fs::remove_dir_all(&scratch);
    outcome
}

fn run(check: bool) -> Result<()> {
    let root = crate_dir();
    let proto_dir = root.join("proto");
    let scratch = std::env::temp_dir().join(format!("grove-proto-gen-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    let outcome = generate(&proto_dir, &scratch).and_then(|outputs| {
        let mut stale = Vec::new();
        for (dir, generated) in &outputs {
            if check {
                stale.extend(compare(generated, dir)?);
            } else {
                write(generated, dir)?;
            }
        }
        if stale.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "the generated code is stale ({}); run `cargo xtask proto` and commit the result",
                stale.join(", ")
            ))
        }
    });
    let _ = fs::remove_dir_all(&scratch);
    outcome
}

/// Compiles everything and returns the generated files by directory and name.
fn generate(proto_dir: &Path, scratch: &Path) -> Result<Outputs> {
    let sources = proto_files(proto_dir)?;
    let v2_dir = scratch.join("v2");
    let v2_sources = derive_v2(proto_dir, &sources, &v2_dir)?;

    // The code: v2beta1 only (v2 is served by the same implementation).
    let mut compiler = protox::Compiler::new([proto_dir]).map_err(|e| e.to_string())?;
    compiler.include_imports(true).include_source_info(true);
    compiler.open_files(&sources).map_err(|e| format!("{e:?}"))?;
    let fds = compiler.file_descriptor_set();
    let faces = faces::generate(&compiler.descriptor_pool(), VERSIONED_PACKAGES)?;
    let own_descriptors = compiler.encode_file_descriptor_set();

    // The descriptors: v2beta1 and v2 together, options and comments kept.
    let mut all = protox::Compiler::new([proto_dir, v2_dir.as_path()]).map_err(|e| e.to_string())?;
    all.include_imports(true).include_source_info(true);
    all.open_files(sources.iter().chain(&v2_sources)).map_err(|e| format!("{e:?}"))?;
    let descriptors = all.encode_file_descriptor_set();

    let code_dir = scratch.join("code");
    fs::create_dir_all(&code_dir).map_err(|e| e.to_string())?;
    let mut config = prost_build::Config::new();
    // `Empty` stays `()`; the other well-known types come from pbjson-types, which gives them
    // protojson, except `Timestamp` and `FieldMask`, whose protojson Grove writes (crate::wkt).
    config.enable_type_names().prost_types_path("::pbjson_types");
    tonic_prost_build::configure()
        .out_dir(&code_dir)
        .build_server(true)
        .build_client(true)
        .build_transport(false)
        .generate_default_stubs(true)
        .btree_map(".")
        .extern_path(".google.protobuf.Timestamp", "crate::wkt::Timestamp")
        .extern_path(".google.protobuf.FieldMask", "crate::wkt::FieldMask")
        .compile_fds_with_config(fds, config)
        .map_err(|e| format!("code generation: {e}"))?;

    pbjson_build::Builder::new()
        .register_descriptors(&own_descriptors)
        .map_err(|e| e.to_string())?
        .out_dir(&code_dir)
        .emit_fields()
        .btree_map(["."])
        .build(&[".chainguard", ".google.api", ".grove"])
        .map_err(|e| format!("protojson generation: {e}"))?;

    let mut generated = BTreeMap::new();
    for entry in fs::read_dir(&code_dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        generated.insert(name, fs::read(&path).map_err(|e| e.to_string())?);
    }
    let tree = module_tree(generated.keys().filter_map(|n| n.strip_suffix(".serde.rs")));
    generated.insert("_tree.rs".to_owned(), tree.into_bytes());
    generated.insert("descriptors.bin".to_owned(), descriptors);
    let crates = crate_dir().join("..");
    Ok(vec![
        (crate_dir().join("src/gen"), generated),
        (crates.join("rpc/src/gen"), BTreeMap::from([("table.rs".to_owned(), faces.table.into_bytes())])),
        (crates.join("grpc/src/gen"), BTreeMap::from([("faces.rs".to_owned(), faces.grpc.into_bytes())])),
    ])
}

/// The nested `pub mod` tree that mirrors the packages, each including its code and its
/// protojson (generated code refers to other packages by `super::` paths).
fn module_tree<'a>(packages: impl Iterator<Item = &'a str>) -> String {
    #[derive(Default)]
    struct Node(BTreeMap<String, Node>, Option<String>);
    fn render(node: &Node, depth: usize, out: &mut String) {
        let pad = "    ".repeat(depth);
        if let Some(package) = &node.1 {
            out.push_str(&format!("{pad}include!(\"{package}.rs\");\n{pad}include!(\"{package}.serde.rs\");\n"));
        }
        for (name, child) in &node.0 {
            out.push_str(&format!("{pad}#[allow(missing_docs, clippy::all, clippy::pedantic, clippy::nursery)]\n"));
            out.push_str(&format!("{pad}pub mod {name} {{\n"));
            render(child, depth + 1, out);
            out.push_str(&format!("{pad}}}\n"));
        }
    }
    let mut root = Node::default();
    for package in packages {
        let mut node = &mut root;
        for part in package.split('.') {
            node = node.0.entry(part.to_owned()).or_default();
        }
        node.1 = Some(package.to_owned());
    }
    let mut out = String::from("// Generated by grove-proto-gen (`cargo xtask proto`); do not edit.\n");
    render(&root, 0, &mut out);
    out
}

/// Every `.proto` under `dir`, relative to it, sorted.
fn proto_files(dir: &Path) -> Result<Vec<PathBuf>> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
        for entry in fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                walk(base, &path, out)?;
            } else if path.extension().is_some_and(|e| e == "proto") {
                out.push(path.strip_prefix(base).map_err(|e| e.to_string())?.to_path_buf());
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files)?;
    files.sort();
    Ok(files)
}

/// Writes a `v2` copy of every `chainguard/platform/<pkg>/v2beta1/` file into `out`: the
/// package, imports, type references and HTTP paths renamed from `v2beta1` to `v2`.
fn derive_v2(proto_dir: &Path, sources: &[PathBuf], out: &Path) -> Result<Vec<PathBuf>> {
    let mut derived = Vec::new();
    for source in sources {
        let text = source.to_string_lossy().replace('\\', "/");
        let Some(pkg) =
            VERSIONED_PACKAGES.iter().find(|p| text.starts_with(&format!("chainguard/platform/{p}/v2beta1/")))
        else {
            continue;
        };
        let body = fs::read_to_string(proto_dir.join(source)).map_err(|e| e.to_string())?;
        let mut renamed = body;
        for p in VERSIONED_PACKAGES {
            renamed = renamed
                .replace(&format!("chainguard.platform.{p}.v2beta1"), &format!("chainguard.platform.{p}.v2"))
                .replace(&format!("chainguard/platform/{p}/v2beta1/"), &format!("chainguard/platform/{p}/v2/"))
                .replace(&format!("\"/{p}/v2beta1/"), &format!("\"/{p}/v2/"));
        }
        let target = PathBuf::from(text.replace(&format!("/{pkg}/v2beta1/"), &format!("/{pkg}/v2/")));
        let path = out.join(&target);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        fs::write(&path, renamed).map_err(|e| e.to_string())?;
        derived.push(target);
    }
    Ok(derived)
}

fn write(generated: &BTreeMap<String, Vec<u8>>, dir: &Path) -> Result<()> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    for entry in fs::read_dir(dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if !generated.contains_key(name) {
            fs::remove_file(&path).map_err(|e| e.to_string())?;
        }
    }
    for (name, bytes) in generated {
        fs::write(dir.join(name), bytes).map_err(|e| e.to_string())?;
    }
    println!("wrote {} files to {}", generated.len(), dir.display());
    Ok(())
}

/// The files of `dir` that differ from `generated`, are missing or should not be there.
fn compare(generated: &BTreeMap<String, Vec<u8>>, dir: &Path) -> Result<Vec<String>> {
    let mut stale = Vec::new();
    for (name, bytes) in generated {
        if fs::read(dir.join(name)).ok().as_ref() != Some(bytes) {
            stale.push(dir.join(name).display().to_string());
        }
    }
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries {
            let name = entry.map_err(|e| e.to_string())?.file_name().to_string_lossy().into_owned();
            if !generated.contains_key(&name) {
                stale.push(dir.join(name).display().to_string());
            }
        }
    }
    if stale.is_empty() {
        println!("the generated code in {} is up to date", dir.display());
    }
    Ok(stale)
}
