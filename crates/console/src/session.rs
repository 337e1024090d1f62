//! Console session cookies: an opaque random value in an `HttpOnly` cookie that names a
//! session kept by [`grove_domain::services::ConsoleSessionService`] (in the store, shared by
//! every node on it: see the crate README), and the CSRF comparison.

use sha2::{Digest as _, Sha256};

/// A message shown once on the next page (the result of a write, or why it was refused).
pub use grove_domain::services::ConsoleFlash as Flash;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "grove_console";
/// Name of the cookie that carries the CSRF token of the sign-in form (double submit).
pub const SIGN_IN_COOKIE: &str = "grove_console_sign_in";
/// Name of the cookie that binds a provider login to the browser that started it.
pub const LOGIN_COOKIE: &str = "grove_console_login";

/// A random value for a cookie or a form: 32 bytes, base64url.
#[must_use]
pub fn random_token() -> String {
    grove_domain::services::random_console_token()
}

/// Compares two secrets in time independent of where they differ.
#[must_use]
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (Sha256::digest(a.as_bytes()), Sha256::digest(b.as_bytes()));
    a.iter().zip(b.iter()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A `Set-Cookie` value: `HttpOnly`, `SameSite=Lax`, path `/console`, `Secure` when asked.
#[must_use]
pub fn cookie(name: &str, value: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={value}; Path=/console; HttpOnly; SameSite=Lax{secure}")
}

/// A `Set-Cookie` value that deletes cookie `name`.
#[must_use]
pub fn expired_cookie(name: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}=; Path=/console; Max-Age=0; HttpOnly; SameSite=Lax{secure}")
}

/// The value of cookie `name` in a `Cookie` header.
#[must_use]
pub fn read_cookie<'a>(header: Option<&'a str>, name: &str) -> Option<&'a str> {
    header?.split(';').filter_map(|pair| pair.trim().split_once('=')).find(|(n, _)| *n == name).map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_http_only_lax_under_console_and_secure_when_asked() {
        assert_eq!(cookie("a", "b", false), "a=b; Path=/console; HttpOnly; SameSite=Lax");
        assert_eq!(cookie("a", "b", true), "a=b; Path=/console; HttpOnly; SameSite=Lax; Secure");
        assert_eq!(read_cookie(Some("x=1; a=b; c=d"), "a"), Some("b"));
        assert_eq!(read_cookie(Some("x=1"), "a"), None);
    }

    #[test]
    fn secrets_compare_equal_only_when_identical() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", ""));
    }
}
