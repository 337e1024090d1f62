//! Client secrets at rest: sealed under a key-encryption key (KEK) from the server's
//! configuration before any store sees them, opened only for a login's token request.
//!
//! A sealed secret is stored as `v1:<key id>:<base64url(nonce ‖ ciphertext ‖ tag)>`:
//! XChaCha20-Poly1305 ([`crate::xchacha`]) under the KEK named by the key id, with the
//! identity provider's uid in the associated data, so that a ciphertext copied onto another
//! provider's row does not open. The first key of a [`SecretKeyring`] seals; every key
//! opens, so a new key is put first and old ones stay until `grove admin rotate-secrets` has
//! sealed everything again under the new one ([`SecretKeyring::needs_resealing`]).
//!
//! Rows written before secrets were sealed are marked `plain:<secret>` by the migration that
//! introduced sealing (SQL holds no key, so it can only mark them); they are read as they
//! are until `grove admin rotate-secrets` seals them. Nothing new is ever written that way:
//! without a KEK, keeping a secret fails with `FAILED_PRECONDITION`.

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::error::{Error, Result};
use crate::model::ClientSecret;
use crate::uidp::Uidp;
use crate::xchacha::{self, XChaCha20Poly1305};

/// The prefix of secrets sealed with the first (current) format.
pub const SEALED_V1_PREFIX: &str = "v1:";
/// The prefix the migration put on secrets stored in plain text before sealing existed.
pub const LEGACY_PLAIN_PREFIX: &str = "plain:";
/// Longest key id.
pub const MAX_KEY_ID_LEN: usize = 64;
/// The associated data's label: a sealed client secret is nothing else.
const AAD_LABEL: &[u8] = b"grove identity provider client secret v1\0";

/// The `FAILED_PRECONDITION` of keeping a secret on a server without a KEK.
#[must_use]
pub fn no_key_error() -> Error {
    Error::precondition(
        "KEY_ENCRYPTION_KEY_MISSING",
        "this server has no key-encryption key (secrets.key_encryption_keys), so it cannot keep a client \
         secret; configure one, or use a public client with oidc.pkceEnabled",
    )
}

/// One key-encryption key: an id (stored next to every ciphertext it seals) and 32 bytes.
/// `Debug` shows the id only.
pub struct KeyEncryptionKey {
    id: String,
    cipher: XChaCha20Poly1305,
}

impl KeyEncryptionKey {
    /// A KEK named `id` (1 to 64 of `A-Z a-z 0-9 . _ -`).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `id` for any other id.
    pub fn new(id: &str, key: [u8; 32]) -> Result<Self> {
        let valid = !id.is_empty()
            && id.len() <= MAX_KEY_ID_LEN
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
        if !valid {
            return Err(Error::invalid(
                "id",
                format!("a key-encryption key id is 1 to {MAX_KEY_ID_LEN} of the characters A-Z a-z 0-9 . _ -"),
            ));
        }
        Ok(Self { id: id.to_owned(), cipher: XChaCha20Poly1305::new(key) })
    }

    /// Its id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }
}

impl fmt::Debug for KeyEncryptionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyEncryptionKey").field("id", &self.id).finish_non_exhaustive()
    }
}

/// A client secret as the stores keep it: sealed (`v1:…`) or, for rows older than sealing,
/// marked plain (`plain:…`). Stores never see anything else.
#[derive(Clone, PartialEq, Eq)]
pub struct SealedSecret(String);

impl SealedSecret {
    /// The stored text.
    #[must_use]
    pub fn from_stored(text: String) -> Self {
        Self(text)
    }

    /// The text to store.
    #[must_use]
    pub fn as_stored(&self) -> &str {
        &self.0
    }

    /// The id of the KEK that sealed it; `None` for a legacy plain secret.
    #[must_use]
    pub fn key_id(&self) -> Option<&str> {
        self.0.strip_prefix(SEALED_V1_PREFIX).and_then(|rest| rest.split_once(':')).map(|(kid, _)| kid)
    }

    /// True for a secret the migration marked plain.
    #[must_use]
    pub fn is_legacy_plain(&self) -> bool {
        self.0.starts_with(LEGACY_PLAIN_PREFIX)
    }
}

impl fmt::Debug for SealedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.key_id() {
            Some(kid) => write!(f, "SealedSecret(v1, key {kid:?})"),
            None if self.is_legacy_plain() => f.write_str("SealedSecret(legacy plain, <redacted>)"),
            None => f.write_str("SealedSecret(<unreadable>)"),
        }
    }
}

/// The server's KEKs: the first seals, all open. May be empty (a server that keeps no
/// secrets: sealing then fails with `FAILED_PRECONDITION`).
#[derive(Debug, Default)]
pub struct SecretKeyring {
    keys: Vec<KeyEncryptionKey>,
}

fn aad(owner: &Uidp) -> Vec<u8> {
    let mut aad = AAD_LABEL.to_vec();
    aad.extend_from_slice(owner.as_str().as_bytes());
    aad
}

impl SecretKeyring {
    /// A keyring of `keys`, the first of which seals.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when two keys share an id.
    pub fn new(keys: Vec<KeyEncryptionKey>) -> Result<Self> {
        for (i, key) in keys.iter().enumerate() {
            if keys[..i].iter().any(|k| k.id == key.id) {
                return Err(Error::invalid("id", format!("key-encryption key id {:?} is given twice", key.id)));
            }
        }
        Ok(Self { keys })
    }

    /// True when there is no key (nothing can be sealed).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The id of the key that seals.
    #[must_use]
    pub fn current_id(&self) -> Option<&str> {
        self.keys.first().map(KeyEncryptionKey::id)
    }

    /// Seals `secret` for the identity provider `owner` under the current key.
    ///
    /// # Errors
    /// `FAILED_PRECONDITION` ([`no_key_error`]) when the keyring is empty.
    pub fn seal(&self, owner: &Uidp, secret: &ClientSecret) -> Result<SealedSecret> {
        let key = self.keys.first().ok_or_else(no_key_error)?;
        let sealed = xchacha::seal(&key.cipher, &aad(owner), secret.expose().as_bytes());
        Ok(SealedSecret(format!("{SEALED_V1_PREFIX}{}:{}", key.id, URL_SAFE_NO_PAD.encode(sealed))))
    }

    /// Opens the secret of identity provider `owner` (a legacy plain one is read as it is).
    ///
    /// # Errors
    /// `INTERNAL` (the detail names the key id, never the secret) when the key that sealed it
    /// is not configured, or it does not open under that key for this provider.
    pub fn open(&self, owner: &Uidp, sealed: &SealedSecret) -> Result<ClientSecret> {
        if let Some(plain) = sealed.0.strip_prefix(LEGACY_PLAIN_PREFIX) {
            return Ok(ClientSecret::from_stored(plain.to_owned()));
        }
        let unreadable = |why: &str| Error::internal(format!("the client secret of identity provider {owner} {why}"));
        let rest = sealed.0.strip_prefix(SEALED_V1_PREFIX).ok_or_else(|| unreadable("is in no known format"))?;
        let (kid, body) = rest.split_once(':').ok_or_else(|| unreadable("is in no known format"))?;
        let key = self.keys.iter().find(|k| k.id == kid).ok_or_else(|| {
            unreadable(&format!("is sealed under key-encryption key {kid:?}, which is not configured"))
        })?;
        let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|_| unreadable("is not valid base64url"))?;
        let plain = xchacha::open(&key.cipher, &aad(owner), &bytes)
            .ok_or_else(|| unreadable(&format!("does not open under key-encryption key {kid:?}")))?;
        let text = String::from_utf8(plain).map_err(|_| unreadable("is not text"))?;
        Ok(ClientSecret::from_stored(text))
    }

    /// A keyring of one random key that lives as long as this process: what seals console
    /// sessions on a server that has no configured key (they then open on this process only).
    #[must_use]
    pub fn ephemeral() -> Self {
        let id = format!("process-{:016x}", rand::random::<u64>());
        let key = KeyEncryptionKey { id, cipher: XChaCha20Poly1305::new(rand::random()) };
        Self { keys: vec![key] }
    }

    /// Seals `plaintext` under the current key, bound to `aad` (which names what the secret
    /// is and whose it is): the same format as client secrets, for other secrets at rest.
    ///
    /// # Errors
    /// `FAILED_PRECONDITION` ([`no_key_error`]) when the keyring is empty.
    pub fn seal_bytes(&self, aad: &[u8], plaintext: &[u8]) -> Result<SealedSecret> {
        let key = self.keys.first().ok_or_else(no_key_error)?;
        let sealed = xchacha::seal(&key.cipher, aad, plaintext);
        Ok(SealedSecret(format!("{SEALED_V1_PREFIX}{}:{}", key.id, URL_SAFE_NO_PAD.encode(sealed))))
    }

    /// Opens what [`Self::seal_bytes`] sealed with the same `aad`; `None` when its key is not
    /// in this keyring or it does not open (another `aad`, tampered, another format).
    #[must_use]
    pub fn open_bytes(&self, aad: &[u8], sealed: &SealedSecret) -> Option<Vec<u8>> {
        let (kid, body) = sealed.0.strip_prefix(SEALED_V1_PREFIX)?.split_once(':')?;
        let key = self.keys.iter().find(|k| k.id == kid)?;
        xchacha::open(&key.cipher, aad, &URL_SAFE_NO_PAD.decode(body).ok()?)
    }

    /// True when `sealed` is not sealed under the current key (a legacy plain secret, or one
    /// sealed under an older key): what `grove admin rotate-secrets` seals again.
    #[must_use]
    pub fn needs_resealing(&self, sealed: &SealedSecret) -> bool {
        sealed.key_id() != self.current_id()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> Uidp {
        Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap()
    }

    fn kek(id: &str, byte: u8) -> KeyEncryptionKey {
        KeyEncryptionKey::new(id, [byte; 32]).unwrap()
    }

    fn secret(s: &str) -> ClientSecret {
        ClientSecret::parse("oidc.clientSecret", s).unwrap()
    }

    #[test]
    fn a_sealed_secret_names_its_key_hides_the_secret_and_opens_only_for_its_provider() {
        let ring = SecretKeyring::new(vec![kek("k1", 1)]).unwrap();
        let sealed = ring.seal(&owner(), &secret("hunter2-client-secret")).unwrap();
        assert!(sealed.as_stored().starts_with("v1:k1:"), "{}", sealed.as_stored());
        assert!(!sealed.as_stored().contains("hunter2"));
        assert_eq!(sealed.key_id(), Some("k1"));
        assert_eq!(format!("{sealed:?}"), "SealedSecret(v1, key \"k1\")");
        assert_eq!(ring.open(&owner(), &sealed).unwrap().expose(), "hunter2-client-secret");
        assert_ne!(ring.seal(&owner(), &secret("hunter2-client-secret")).unwrap(), sealed, "a fresh nonce");

        let other = Uidp::parse("0123456789abcdef0123456789abcdef01234567/fedcba9876543210").unwrap();
        assert_eq!(
            ring.open(&other, &sealed).unwrap_err(),
            Error::internal(format!(
                "the client secret of identity provider {other} does not open under key-encryption key \"k1\""
            ))
        );
        let mut tampered = sealed.as_stored().to_owned();
        tampered.pop();
        tampered.push(if sealed.as_stored().ends_with('A') { 'B' } else { 'A' });
        assert!(ring.open(&owner(), &SealedSecret::from_stored(tampered)).is_err());
    }

    #[test]
    fn an_old_key_opens_until_removed_and_resealing_moves_secrets_to_the_new_key() {
        let old = SecretKeyring::new(vec![kek("old", 1)]).unwrap();
        let sealed = old.seal(&owner(), &secret("s3cret")).unwrap();
        let rotated = SecretKeyring::new(vec![kek("new", 2), kek("old", 1)]).unwrap();
        assert_eq!(rotated.current_id(), Some("new"));
        assert_eq!(rotated.open(&owner(), &sealed).unwrap().expose(), "s3cret", "the old key still opens");
        assert!(rotated.needs_resealing(&sealed));
        let resealed = rotated.seal(&owner(), &rotated.open(&owner(), &sealed).unwrap()).unwrap();
        assert!(!rotated.needs_resealing(&resealed));
        let new_only = SecretKeyring::new(vec![kek("new", 2)]).unwrap();
        assert_eq!(new_only.open(&owner(), &resealed).unwrap().expose(), "s3cret");
        assert_eq!(
            new_only.open(&owner(), &sealed).unwrap_err(),
            Error::internal(format!(
                "the client secret of identity provider {} is sealed under key-encryption key \"old\", which is not \
                 configured",
                owner()
            ))
        );
    }

    #[test]
    fn sealed_bytes_open_only_with_their_associated_data_and_an_ephemeral_key_only_in_its_keyring() {
        let ring = SecretKeyring::new(vec![kek("k1", 1)]).unwrap();
        let sealed = ring.seal_bytes(b"label\0one", b"token-text").unwrap();
        assert!(sealed.as_stored().starts_with("v1:k1:"), "{}", sealed.as_stored());
        assert_eq!(ring.open_bytes(b"label\0one", &sealed), Some(b"token-text".to_vec()));
        assert_eq!(ring.open_bytes(b"label\0two", &sealed), None);
        assert_eq!(SecretKeyring::new(vec![kek("k1", 2)]).unwrap().open_bytes(b"label\0one", &sealed), None);
        let ephemeral = SecretKeyring::ephemeral();
        assert!(ephemeral.current_id().unwrap().starts_with("process-"));
        let mine = ephemeral.seal_bytes(b"a", b"b").unwrap();
        assert_eq!(ephemeral.open_bytes(b"a", &mine), Some(b"b".to_vec()));
        assert_eq!(SecretKeyring::ephemeral().open_bytes(b"a", &mine), None, "another process's key");
        assert_eq!(SecretKeyring::default().seal_bytes(b"a", b"b"), Err(no_key_error()));
    }

    #[test]
    fn legacy_plain_secrets_open_as_they_are_and_always_need_resealing() {
        let ring = SecretKeyring::new(vec![kek("k1", 1)]).unwrap();
        let legacy = SealedSecret::from_stored("plain:v1:looks:sealed".to_owned());
        assert!(legacy.is_legacy_plain());
        assert_eq!(legacy.key_id(), None);
        assert_eq!(ring.open(&owner(), &legacy).unwrap().expose(), "v1:looks:sealed");
        assert!(ring.needs_resealing(&legacy));
        assert_eq!(format!("{legacy:?}"), "SealedSecret(legacy plain, <redacted>)");
    }

    #[test]
    fn without_a_key_nothing_is_sealed_and_key_ids_are_checked() {
        let empty = SecretKeyring::default();
        assert_eq!(empty.seal(&owner(), &secret("x")), Err(no_key_error()));
        assert!(matches!(empty.seal(&owner(), &secret("x")), Err(Error::FailedPrecondition(_))));
        for bad in ["", "a:b", "with space", &"k".repeat(65)] {
            assert!(KeyEncryptionKey::new(bad, [0; 32]).is_err(), "{bad:?}");
        }
        assert!(SecretKeyring::new(vec![kek("a", 1), kek("a", 2)]).is_err());
        assert_eq!(format!("{:?}", kek("a", 1)), "KeyEncryptionKey { id: \"a\", .. }");
    }
}
