//! What `grove serve --dev` keeps between restarts: its API-token signing key, its paging
//! secret and its key-encryption key, in a data directory, so that a restart (on PostgreSQL,
//! where the data survives) does not log everyone out, invalidate page tokens or lose the
//! client secrets it sealed.
//!
//! Files are created with mode 0600 and written atomically: a second server starting at the
//! same moment reads the first one's file instead of overwriting it.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use grove_sts::SigningKey;
use rand::RngCore as _;

/// The dev signing key's file in the data directory.
const SIGNING_KEY_FILE: &str = "dev-signing-key.pem";
/// The dev paging secret's file in the data directory.
const PAGING_SECRET_FILE: &str = "dev-paging-secret";
/// The dev key-encryption key's file in the data directory (base64 of 32 bytes).
const KEK_FILE: &str = "dev-key-encryption-key";
/// The id of the dev key-encryption key.
pub const DEV_KEK_ID: &str = "dev";

/// The data directory: `configured`, else `$XDG_DATA_HOME/grove`, else
/// `$HOME/.local/share/grove`, else `.grove` in the working directory.
#[must_use]
pub fn data_dir(configured: Option<&Path>) -> PathBuf {
    if let Some(dir) = configured {
        return dir.to_path_buf();
    }
    let non_empty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    non_empty("XDG_DATA_HOME")
        .map(|d| d.join("grove"))
        .or_else(|| non_empty("HOME").map(|h| h.join(".local/share/grove")))
        .unwrap_or_else(|| PathBuf::from(".grove"))
}

/// The dev signing key kept in `dir`, generated and saved the first time.
///
/// # Errors
/// When the directory or file cannot be created or read, or the file holds no usable key.
pub fn signing_key(dir: &Path) -> anyhow::Result<SigningKey> {
    let path = dir.join(SIGNING_KEY_FILE);
    let pem = read_or_create(&path, || Ok(SigningKey::generate().context("generating a dev signing key")?.to_pem()))?;
    SigningKey::from_pem(&pem).with_context(|| format!("loading the dev signing key {}", path.display()))
}

/// The dev paging secret kept in `dir`, generated and saved the first time.
///
/// # Errors
/// When the directory or file cannot be created or read.
pub fn paging_secret(dir: &Path) -> anyhow::Result<Vec<u8>> {
    let path = dir.join(PAGING_SECRET_FILE);
    let text = read_or_create(&path, || {
        let mut secret = [0u8; 32];
        rand::thread_rng().fill_bytes(&mut secret);
        Ok(hex::encode(secret))
    })?;
    let secret = text.trim();
    anyhow::ensure!(secret.len() >= 16, "the dev paging secret in {} is too short; delete the file", path.display());
    Ok(secret.as_bytes().to_vec())
}

/// The dev key-encryption key kept in `dir` (id [`DEV_KEK_ID`]), generated and saved the
/// first time.
///
/// # Errors
/// When the directory or file cannot be created or read, or the file holds no 32-byte key.
pub fn key_encryption_key(dir: &Path) -> anyhow::Result<grove_domain::secrets::KeyEncryptionKey> {
    use base64::Engine as _;
    let path = dir.join(KEK_FILE);
    let text = read_or_create(&path, || {
        let mut key = [0u8; 32];
        rand::thread_rng().fill_bytes(&mut key);
        Ok(base64::engine::general_purpose::STANDARD.encode(key))
    })?;
    let bytes = base64::engine::general_purpose::STANDARD.decode(text.trim()).unwrap_or_default();
    let key: [u8; 32] = bytes
        .try_into()
        .map_err(|_| anyhow::anyhow!("{} holds no 32-byte base64 key; delete the file", path.display()))?;
    grove_domain::secrets::KeyEncryptionKey::new(DEV_KEK_ID, key).map_err(|e| anyhow::anyhow!("{e}"))
}

/// The file's text; when it does not exist, `make`'s text written to it first. The text goes
/// to a private temporary file that is then linked into place, which fails if another process
/// got there first; then that process's file is read.
fn read_or_create(path: &Path, make: impl FnOnce() -> anyhow::Result<String>) -> anyhow::Result<String> {
    if let Ok(text) = std::fs::read_to_string(path) {
        return Ok(text);
    }
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("creating the data directory {}", dir.display()))?;
    let temp = dir.join(format!(
        ".{}.{}",
        path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default(),
        rand::random::<u64>()
    ));
    let written = write_private(&temp, &make()?);
    let linked = written.and_then(|()| match std::fs::hard_link(&temp, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    });
    let _ = std::fs::remove_file(&temp);
    linked.with_context(|| format!("writing {}", path.display()))?;
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// Writes `text` to a new file readable by its owner only.
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn scratch() -> PathBuf {
        std::env::temp_dir().join(format!("grove-dev-state-{}", rand::random::<u64>()))
    }

    #[test]
    fn the_dev_signing_key_and_paging_secret_survive_a_restart() {
        let dir = scratch();
        let first = signing_key(&dir).unwrap();
        let again = signing_key(&dir).unwrap();
        assert_eq!(first.kid(), again.kid());
        assert_eq!(paging_secret(&dir).unwrap(), paging_secret(&dir).unwrap());
        let kek = key_encryption_key(&dir).unwrap();
        assert_eq!(kek.id(), DEV_KEK_ID);
        let ring = |k| grove_domain::secrets::SecretKeyring::new(vec![k]).unwrap();
        let owner = grove_domain::Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        let secret = grove_domain::model::ClientSecret::parse("s", "kept").unwrap();
        let sealed = ring(kek).seal(&owner, &secret).unwrap();
        let reopened = ring(key_encryption_key(&dir).unwrap()).open(&owner, &sealed).unwrap();
        assert_eq!(reopened.expose(), "kept", "the same key after a restart");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(dir.join(SIGNING_KEY_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn servers_starting_together_end_up_with_one_key() {
        let dir = scratch();
        let kids: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8).map(|_| s.spawn(|| signing_key(&dir).unwrap().kid().to_owned())).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(kids.iter().all(|k| *k == kids[0]), "{kids:?}");
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(leftovers, [SIGNING_KEY_FILE], "no temporary files are left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_data_directory_prefers_the_configured_one() {
        assert_eq!(data_dir(Some(Path::new("/srv/grove"))), PathBuf::from("/srv/grove"));
    }
}
