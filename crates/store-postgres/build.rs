//! Fingerprints `migrations/` so that test templates are rebuilt when a migration changes.

use std::path::Path;

fn visit(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            visit(&path, files);
        } else {
            files.push(path);
        }
    }
}

fn main() {
    let migrations = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    println!("cargo:rerun-if-changed={}", migrations.display());
    let mut files = Vec::new();
    visit(&migrations, &mut files);
    files.sort();
    // FNV-1a over relative paths and contents: stable across machines and builds.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in files {
        let relative = file.strip_prefix(&migrations).unwrap_or(&file).to_string_lossy().into_owned();
        let contents = std::fs::read(&file).unwrap_or_default();
        for byte in relative.bytes().chain([0]).chain(contents).chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=GROVE_MIGRATIONS_FINGERPRINT={hash:016x}");
}
