//! XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03, §2.3) built from HChaCha20 and ring's
//! ChaCha20-Poly1305 (RFC 8439): the cipher of page tokens, of client secrets at rest
//! ([`crate::secrets`]) and of the server-side login's state and codes (shared with the token
//! service, which is why it is public).
//!
//! The construction is the draft's: HChaCha20 of the key and the nonce's first 16 bytes is
//! the message's subkey, and ChaCha20-Poly1305 seals under it with four zero bytes and the
//! nonce's last 8 bytes as its nonce. Its output is byte for byte that of RustCrypto's
//! `chacha20poly1305::XChaCha20Poly1305`, which sealed the tokens before (the tests compare
//! the two, so tokens issued by either open with the other). ring's assembly seals and opens a
//! page token in about a sixth of the time of RustCrypto's portable build, whose AVX2 code
//! calls its intrinsics out of line when the binary is not built for AVX2.

use chacha20::{hchacha, R20};
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, CHACHA20_POLY1305};

/// The length of a nonce: 24 bytes, enough to pick at random for every message.
pub const NONCE_LEN: usize = 24;
/// The length of the authentication tag that follows a ciphertext.
pub const TAG_LEN: usize = 16;

/// An XChaCha20-Poly1305 key.
pub struct XChaCha20Poly1305 {
    key: [u8; 32],
}

impl XChaCha20Poly1305 {
    /// A cipher under `key`.
    pub const fn new(key: [u8; 32]) -> Self {
        Self { key }
    }

    /// The ChaCha20-Poly1305 key and nonce of a message sealed with `nonce`.
    fn message_key(&self, nonce: &[u8; NONCE_LEN]) -> (LessSafeKey, Nonce) {
        let (prefix, suffix) = nonce.split_at(16);
        let prefix: [u8; 16] = prefix.try_into().unwrap_or_else(|_| unreachable!("16 of 24 bytes"));
        let subkey: [u8; 32] = hchacha::<R20>(&self.key.into(), &prefix.into()).into();
        let mut inner = [0u8; 12];
        inner[4..].copy_from_slice(suffix);
        let key = UnboundKey::new(&CHACHA20_POLY1305, &subkey)
            .unwrap_or_else(|_| unreachable!("ChaCha20-Poly1305 keys are 32 bytes"));
        (LessSafeKey::new(key), Nonce::assume_unique_for_key(inner))
    }

    /// Encrypts `in_out` in place and returns the tag that authenticates it and `aad`.
    pub fn seal_in_place(&self, nonce: &[u8; NONCE_LEN], aad: &[u8], in_out: &mut [u8]) -> [u8; TAG_LEN] {
        let (key, nonce) = self.message_key(nonce);
        let tag = key
            .seal_in_place_separate_tag(nonce, Aad::from(aad), in_out)
            .unwrap_or_else(|_| unreachable!("ChaCha20-Poly1305 refuses only messages of 256 GiB and more"));
        tag.as_ref().try_into().unwrap_or_else(|_| unreachable!("Poly1305 tags are 16 bytes"))
    }

    /// Decrypts a ciphertext followed by its tag in place and returns the plaintext; `None`
    /// when the tag does not authenticate the ciphertext and `aad` under this key and `nonce`.
    pub fn open_in_place<'a>(
        &self,
        nonce: &[u8; NONCE_LEN],
        aad: &[u8],
        ciphertext_and_tag: &'a mut [u8],
    ) -> Option<&'a mut [u8]> {
        let (key, nonce) = self.message_key(nonce);
        key.open_in_place(nonce, Aad::from(aad), ciphertext_and_tag).ok()
    }
}

/// Seals `plaintext` under `cipher` with a random nonce: `nonce ‖ ciphertext ‖ tag`.
#[must_use]
pub fn seal(cipher: &XChaCha20Poly1305, aad: &[u8], plaintext: &[u8]) -> Vec<u8> {
    let nonce: [u8; NONCE_LEN] = rand::random();
    let mut sealed = Vec::with_capacity(NONCE_LEN + plaintext.len() + TAG_LEN);
    sealed.extend_from_slice(&nonce);
    sealed.extend_from_slice(plaintext);
    let tag = cipher.seal_in_place(&nonce, aad, &mut sealed[NONCE_LEN..]);
    sealed.extend_from_slice(&tag);
    sealed
}

/// Opens what [`seal`] made; `None` when it is cut short or does not authenticate under
/// `cipher` and `aad`.
#[must_use]
pub fn open(cipher: &XChaCha20Poly1305, aad: &[u8], sealed: &[u8]) -> Option<Vec<u8>> {
    if sealed.len() < NONCE_LEN + TAG_LEN {
        return None;
    }
    let (nonce, rest) = sealed.split_at(NONCE_LEN);
    let nonce: [u8; NONCE_LEN] = nonce.try_into().ok()?;
    let mut body = rest.to_vec();
    cipher.open_in_place(&nonce, aad, &mut body).map(|plain| plain.to_vec())
}

#[cfg(test)]
mod tests {
    use chacha20poly1305::aead::{Aead as _, Payload};
    use chacha20poly1305::KeyInit as _;
    use rand::{Rng as _, RngCore as _};

    use super::*;

    fn hex(text: &str) -> Vec<u8> {
        hex::decode(text.replace([' ', '\n'], "")).unwrap()
    }

    fn seal(cipher: &XChaCha20Poly1305, nonce: &[u8; NONCE_LEN], aad: &[u8], plaintext: &[u8]) -> Vec<u8> {
        let mut sealed = plaintext.to_vec();
        let tag = cipher.seal_in_place(nonce, aad, &mut sealed);
        sealed.extend_from_slice(&tag);
        sealed
    }

    /// The test vector of draft-irtf-cfrg-xchacha-03, appendix A.3.1.
    #[test]
    fn seals_the_drafts_test_vector() {
        let key: [u8; 32] = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f").try_into().unwrap();
        let nonce: [u8; NONCE_LEN] = hex("404142434445464748494a4b4c4d4e4f5051525354555657").try_into().unwrap();
        let aad = hex("50515253c0c1c2c3c4c5c6c7");
        let plaintext = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
        let expected = hex("bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb
             731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452
             2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9
             21f9664c97637da9768812f615c68b13b52e
             c0875924c1c7987947deafd8780acf49");
        let cipher = XChaCha20Poly1305::new(key);
        let mut sealed = seal(&cipher, &nonce, &aad, plaintext);
        assert_eq!(sealed, expected);
        assert_eq!(cipher.open_in_place(&nonce, &aad, &mut sealed).map(|p| p.to_vec()), Some(plaintext.to_vec()));
    }

    /// Tokens sealed by RustCrypto's XChaCha20-Poly1305 (before this module) open here, and
    /// the other way round: the same bytes for every length up to four blocks and past them.
    #[test]
    fn matches_rustcrypto_xchacha20poly1305_both_ways() {
        let mut rng = rand::thread_rng();
        for len in (0..=300).chain([1_000, 4_096]) {
            let mut key = [0u8; 32];
            let mut nonce = [0u8; NONCE_LEN];
            rng.fill_bytes(&mut key);
            rng.fill_bytes(&mut nonce);
            let plaintext: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            let aad = [rng.gen::<u8>()];
            let theirs = chacha20poly1305::XChaCha20Poly1305::new(&key.into());
            let ours = XChaCha20Poly1305::new(key);

            let sealed = seal(&ours, &nonce, &aad, &plaintext);
            let expected = theirs.encrypt(&nonce.into(), Payload { msg: &plaintext, aad: &aad }).unwrap();
            assert_eq!(sealed, expected, "length {len}");
            assert_eq!(theirs.decrypt(&nonce.into(), Payload { msg: &sealed, aad: &aad }).unwrap(), plaintext);
            let mut theirs_sealed = expected.clone();
            let opened = ours.open_in_place(&nonce, &aad, &mut theirs_sealed).map(|p| p.to_vec());
            assert_eq!(opened, Some(plaintext), "length {len}");
        }
    }

    #[test]
    fn refuses_a_changed_byte_anywhere_a_wrong_key_nonce_or_aad_and_a_cut_tag() {
        let cipher = XChaCha20Poly1305::new([7; 32]);
        let nonce = [9; NONCE_LEN];
        let sealed = seal(&cipher, &nonce, &[3], b"a page token's body");
        for i in 0..sealed.len() {
            let mut changed = sealed.clone();
            changed[i] ^= 1;
            assert_eq!(cipher.open_in_place(&nonce, &[3], &mut changed), None, "byte {i}");
        }
        let open = |cipher: &XChaCha20Poly1305, nonce: &[u8; NONCE_LEN], aad: &[u8], bytes: &[u8]| {
            cipher.open_in_place(nonce, aad, &mut bytes.to_vec()).map(|p| p.to_vec())
        };
        assert_eq!(open(&XChaCha20Poly1305::new([8; 32]), &nonce, &[3], &sealed), None);
        let mut other_nonce = nonce;
        other_nonce[0] ^= 1;
        assert_eq!(open(&cipher, &other_nonce, &[3], &sealed), None);
        other_nonce = nonce;
        other_nonce[23] ^= 1;
        assert_eq!(open(&cipher, &other_nonce, &[3], &sealed), None);
        assert_eq!(open(&cipher, &nonce, &[2], &sealed), None);
        assert_eq!(open(&cipher, &nonce, &[3], &sealed[..sealed.len() - 1]), None);
        assert_eq!(open(&cipher, &nonce, &[3], &sealed[..TAG_LEN - 1]), None);
        assert_eq!(open(&cipher, &nonce, &[3], &sealed), Some(b"a page token's body".to_vec()));
    }

    #[test]
    fn seal_and_open_round_trip_with_a_fresh_nonce_and_refuse_other_aad_or_short_input() {
        let cipher = XChaCha20Poly1305::new([5; 32]);
        let (a, b) = (super::seal(&cipher, b"aad", b"secret"), super::seal(&cipher, b"aad", b"secret"));
        assert_ne!(a, b, "a new nonce each time");
        assert_eq!(a.len(), NONCE_LEN + 6 + TAG_LEN);
        assert_eq!(super::open(&cipher, b"aad", &a), Some(b"secret".to_vec()));
        assert_eq!(super::open(&cipher, b"other", &a), None);
        assert_eq!(super::open(&cipher, b"aad", &a[..NONCE_LEN + TAG_LEN - 1]), None);
    }
}
