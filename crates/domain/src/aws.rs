//! AWS identity tokens: a SigV4-signed `GetCallerIdentity` HTTP/1.1 request, base64url
//! encoded. This module decodes and parses the request and checks every rule that needs no
//! AWS secret (host, duplicate headers, signed headers, credential scope, date window); the
//! signature itself only AWS STS can check, through the [`crate::ports::AwsCallerIdentity`]
//! port.

use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine as _;
use chrono::{NaiveDateTime, TimeZone as _, Utc};

use crate::error::{Error, Result};
use crate::model::AwsIdentity;
use crate::time::Timestamp;

/// The Host a token must name unless configured otherwise.
pub const DEFAULT_STS_HOST: &str = "sts.amazonaws.com";
/// The only region a token's credential scope may name.
pub const REGION: &str = "us-east-1";
/// The only service a token's credential scope may name.
pub const SERVICE: &str = "sts";
/// The signature algorithm of the `Authorization` header.
pub const ALGORITHM: &str = "AWS4-HMAC-SHA256";
/// The header binding the token to the audience (Grove's issuer) it was made for.
pub const AUDIENCE_HEADER: &str = "chainguard-audience";
/// The header binding the token to the identity it was made for.
pub const IDENTITY_HEADER: &str = "chainguard-identity";
/// Headers the signature must cover, so none of them can be changed or added later.
pub const REQUIRED_SIGNED_HEADERS: [&str; 4] = ["host", "x-amz-date", AUDIENCE_HEADER, IDENTITY_HEADER];
/// How long after its `X-Amz-Date` a token is accepted, in seconds (AWS's own limit).
pub const MAX_AGE_SECONDS: i64 = 15 * 60;
/// How far in the future an `X-Amz-Date` may lie, in seconds (clock skew).
pub const MAX_FUTURE_SECONDS: i64 = 5 * 60;
/// The longest token read, encoded.
pub const MAX_TOKEN_LEN: usize = 16 * 1024;

const REQUEST_LINE_SUFFIX: &str = " HTTP/1.1";
const ACTION: (&str, &str) = ("Action", "GetCallerIdentity");
const VERSION: (&str, &str) = ("Version", "2011-06-15");

fn unauthenticated(message: impl Into<String>) -> Error {
    Error::Unauthenticated(message.into())
}

/// A `GetCallerIdentity` request as presented in a token: parsed, not yet checked against
/// the rules ([`SignedRequest::check`]) and not yet verified by AWS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedRequest {
    /// The path and query (origin form), as sent: what is forwarded to AWS.
    pub path_and_query: String,
    /// Every header in order, names as sent, values without surrounding blanks.
    pub headers: Vec<(String, String)>,
}

/// What a token that passed the rules is bound to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AwsBinding {
    /// The `Chainguard-Audience` header.
    pub audience: String,
    /// The `Chainguard-Identity` header.
    pub identity: String,
    /// The `X-Amz-Date` header.
    pub signed_at: Timestamp,
}

/// The parts of a SigV4 `Authorization` header the rules read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigV4Authorization {
    /// The access key id of the credential.
    pub access_key_id: String,
    /// The credential scope: `<yyyymmdd>/<region>/<service>/aws4_request`.
    pub scope: String,
    /// The lowercase names of the signed headers.
    pub signed_headers: Vec<String>,
    /// The hex signature.
    pub signature: String,
}

impl SigV4Authorization {
    /// Parses `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when the header is not of that form.
    pub fn parse(value: &str) -> Result<Self> {
        let malformed = || unauthenticated("the AWS token's Authorization header is not a SigV4 signature");
        let rest = value.strip_prefix(ALGORITHM).and_then(|r| r.strip_prefix(' ')).ok_or_else(malformed)?;
        let (mut credential, mut signed_headers, mut signature) = (None, None, None);
        for part in rest.split(',').map(str::trim) {
            let (key, value) = part.split_once('=').ok_or_else(malformed)?;
            let slot = match key {
                "Credential" => &mut credential,
                "SignedHeaders" => &mut signed_headers,
                "Signature" => &mut signature,
                _ => return Err(malformed()),
            };
            if slot.replace(value).is_some() {
                return Err(malformed());
            }
        }
        let (Some(credential), Some(signed_headers), Some(signature)) = (credential, signed_headers, signature) else {
            return Err(malformed());
        };
        let (access_key_id, scope) = credential.split_once('/').ok_or_else(malformed)?;
        let hex_signature = signature.len() == 64 && signature.bytes().all(|b| b.is_ascii_hexdigit());
        if access_key_id.is_empty() || !hex_signature {
            return Err(malformed());
        }
        let signed_headers: Vec<String> = signed_headers.split(';').map(str::to_owned).collect();
        if signed_headers.iter().any(|h| h.is_empty() || h.bytes().any(|b| b.is_ascii_uppercase())) {
            return Err(malformed());
        }
        Ok(Self {
            access_key_id: access_key_id.to_owned(),
            scope: scope.to_owned(),
            signed_headers,
            signature: signature.to_owned(),
        })
    }
}

/// True for a header name that must appear at most once in a token.
fn must_be_single(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    matches!(name.as_str(), "host" | "authorization" | "content-length")
        || name.starts_with("x-amz-")
        || name.starts_with("chainguard-")
}

/// True for an HTTP header name (RFC 9110 token characters).
fn is_token(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

impl SignedRequest {
    /// Whether `token` has the shape of an AWS token (base64url of an HTTP/1.1 request), as
    /// opposed to a JWT; says nothing about its validity.
    #[must_use]
    pub fn looks_like_aws_token(token: &str) -> bool {
        // Oversized tokens are not decoded here; the JWT path refuses them as too long.
        token.len() <= MAX_TOKEN_LEN
            && !token.contains('.')
            && decode(token).is_some_and(|bytes| {
                let line = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
                line.strip_suffix(b"\r").unwrap_or(line).ends_with(REQUEST_LINE_SUFFIX.as_bytes())
            })
    }

    /// Decodes a token (base64url, padded or not) and parses the HTTP/1.1 request in it: a
    /// `POST` of `/?Action=GetCallerIdentity&Version=2011-06-15` (origin form, or absolute
    /// form on `https://<host>`), CRLF line ends, no body.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` when it is anything else.
    pub fn parse(token: &str, host: &str) -> Result<Self> {
        if token.len() > MAX_TOKEN_LEN {
            return Err(unauthenticated("the AWS token is too long"));
        }
        let malformed = || unauthenticated("the AWS token is not a base64url-encoded HTTP/1.1 request");
        let bytes = decode(token).ok_or_else(malformed)?;
        let text = String::from_utf8(bytes).map_err(|_| malformed())?;
        let (head, body) = text.split_once("\r\n\r\n").ok_or_else(malformed)?;
        if !body.is_empty() {
            return Err(unauthenticated("the AWS token's request has a body"));
        }
        let mut lines = head.split("\r\n");
        let request_line = lines.next().unwrap_or_default();
        let not_get_caller_identity =
            || unauthenticated("the AWS token is not a POST of GetCallerIdentity (Version 2011-06-15)");
        let target = request_line
            .strip_suffix(REQUEST_LINE_SUFFIX)
            .and_then(|rest| rest.strip_prefix("POST "))
            .ok_or_else(not_get_caller_identity)?;
        let path_and_query = match target.strip_prefix("https://") {
            Some(absolute) => {
                let slash = absolute.find('/').ok_or_else(not_get_caller_identity)?;
                if !absolute[..slash].eq_ignore_ascii_case(host) {
                    return Err(wrong_host());
                }
                &absolute[slash..]
            }
            None => target,
        };
        if !is_get_caller_identity(path_and_query) {
            return Err(not_get_caller_identity());
        }
        let mut headers = Vec::new();
        for line in lines {
            let (name, value) = line.split_once(':').ok_or_else(malformed)?;
            if !is_token(name) || value.contains(['\r', '\n']) {
                return Err(malformed());
            }
            headers.push((name.to_owned(), value.trim_matches([' ', '\t']).to_owned()));
        }
        Ok(Self { path_and_query: path_and_query.to_owned(), headers })
    }

    /// Every value of header `name` (case-insensitive).
    pub fn header_values<'a, 'n>(&'a self, name: &'n str) -> impl Iterator<Item = &'a str> + use<'a, 'n> {
        self.headers.iter().filter(move |(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The value of header `name` when it appears exactly once.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        let mut values = self.header_values(name);
        let first = values.next();
        first.filter(|_| values.next().is_none())
    }

    /// Checks the rules no AWS secret is needed for, in this order: no repeated `Host`,
    /// `Authorization`, `Content-Length`, `X-Amz-*` or `Chainguard-*` header; `Host` is
    /// `host`; no `Transfer-Encoding` and a zero `Content-Length` if any; a SigV4
    /// `Authorization` whose scope is `<date>/us-east-1/sts/aws4_request` and whose signed
    /// headers cover [`REQUIRED_SIGNED_HEADERS`] and exist; an `X-Amz-Date` no older than
    /// [`MAX_AGE_SECONDS`] and at most [`MAX_FUTURE_SECONDS`] ahead of `now`.
    ///
    /// # Errors
    /// `UNAUTHENTICATED` naming the first rule broken.
    pub fn check(&self, host: &str, now: Timestamp) -> Result<AwsBinding> {
        for (i, (name, _)) in self.headers.iter().enumerate() {
            let repeated = self.headers[..i].iter().any(|(earlier, _)| earlier.eq_ignore_ascii_case(name));
            if repeated && must_be_single(name) {
                return Err(unauthenticated(format!("the AWS token repeats the {name} header")));
            }
        }
        let required = |name: &str, shown: &str| {
            self.header(name).ok_or_else(|| unauthenticated(format!("the AWS token has no {shown} header")))
        };
        if !required("host", "Host")?.eq_ignore_ascii_case(host) {
            return Err(wrong_host());
        }
        if self.header("transfer-encoding").is_some() || self.header("content-length").is_some_and(|l| l != "0") {
            return Err(unauthenticated("the AWS token's request has a body"));
        }
        let authorization = SigV4Authorization::parse(required("authorization", "Authorization")?)?;
        let amz_date = required("x-amz-date", "X-Amz-Date")?;
        let signed_at = parse_amz_date(amz_date)
            .ok_or_else(|| unauthenticated("the AWS token's X-Amz-Date is not of the form YYYYMMDDTHHMMSSZ"))?;
        let expected_scope = format!("{}/{REGION}/{SERVICE}/aws4_request", &amz_date[..8]);
        if authorization.scope != expected_scope {
            return Err(unauthenticated(format!(
                "the AWS token's credential scope is not {expected_scope} (its date, {REGION}, {SERVICE})"
            )));
        }
        for name in REQUIRED_SIGNED_HEADERS {
            if !authorization.signed_headers.iter().any(|h| h == name) {
                return Err(unauthenticated(format!("the AWS token's signature does not cover the {name} header")));
            }
        }
        if let Some(missing) = authorization.signed_headers.iter().find(|h| self.header_values(h).next().is_none()) {
            return Err(unauthenticated(format!("the AWS token signs a {missing} header it does not have")));
        }
        let age_ms = now.unix_millis() - signed_at.unix_millis();
        if age_ms > MAX_AGE_SECONDS * 1000 {
            return Err(unauthenticated("the AWS token has expired (X-Amz-Date is more than 15 minutes old)"));
        }
        if -age_ms > MAX_FUTURE_SECONDS * 1000 {
            return Err(unauthenticated("the AWS token is dated more than 5 minutes in the future"));
        }
        Ok(AwsBinding {
            audience: required(AUDIENCE_HEADER, "Chainguard-Audience")?.to_owned(),
            identity: required(IDENTITY_HEADER, "Chainguard-Identity")?.to_owned(),
            signed_at,
        })
    }
}

fn wrong_host() -> Error {
    unauthenticated("the AWS token's request is not addressed to the AWS STS host")
}

/// Base64url, padded or not.
fn decode(token: &str) -> Option<Vec<u8>> {
    let token = token.trim();
    if token.ends_with('=') {
        URL_SAFE.decode(token).ok()
    } else {
        URL_SAFE_NO_PAD.decode(token).ok()
    }
}

/// Path `/` with exactly the `Action` and `Version` parameters of `GetCallerIdentity`.
fn is_get_caller_identity(path_and_query: &str) -> bool {
    let Some(query) = path_and_query.strip_prefix("/?") else { return false };
    let mut params: Vec<(&str, &str)> = query.split('&').filter_map(|p| p.split_once('=')).collect();
    params.sort_unstable();
    let mut expected = [ACTION, VERSION];
    expected.sort_unstable();
    params == expected && query.split('&').count() == 2
}

/// `YYYYMMDDTHHMMSSZ`.
fn parse_amz_date(value: &str) -> Option<Timestamp> {
    if value.len() != 16 || !value.is_ascii() {
        return None;
    }
    let naive = NaiveDateTime::parse_from_str(value, "%Y%m%dT%H%M%SZ").ok()?;
    Some(Timestamp::from_datetime(Utc.from_utc_datetime(&naive)))
}

/// Who AWS says signed a `GetCallerIdentity` request (its `GetCallerIdentityResult`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AwsCaller {
    /// `Account`: the 12-digit account id.
    pub account: String,
    /// `Arn`: the caller's ARN (for an assumed role, the `assumed-role` session ARN).
    pub arn: String,
    /// `UserId`: the unique id of the caller (`<role id>:<session name>` for a role).
    pub user_id: String,
}

/// Whether an `awsIdentity` identity accepts the caller AWS named; `Err` names the failed
/// check (for logs only).
///
/// # Errors
/// The name of the first check that failed.
pub fn aws_identity_accepts(aws: &AwsIdentity, caller: &AwsCaller) -> std::result::Result<(), String> {
    if aws.account != caller.account {
        return Err(format!("account {:?} does not match", caller.account));
    }
    if !aws.arn.matches(&caller.arn) {
        return Err(format!("arn {:?} does not match", caller.arn));
    }
    if !aws.user_id.matches(&caller.user_id) {
        return Err(format!("user id {:?} does not match", caller.user_id));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Code;
    use crate::model::Matcher;
    use crate::names::Pattern;

    const HOST: &str = "sts.amazonaws.com";
    const AUD: &str = "https://auth.grove.test";
    const UID: &str = "0123456789abcdef0123456789abcdef01234567/0123456789abcdef";
    const DATE: &str = "20261124T120000Z";
    const SIG: &str = "0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e0d9f0e6e";

    fn signed_at() -> Timestamp {
        Timestamp::parse_rfc3339("2026-11-24T12:00:00Z").unwrap()
    }

    fn authorization(signed: &str, scope: &str) -> String {
        format!("{ALGORITHM} Credential=AKIDEXAMPLE/{scope}, SignedHeaders={signed}, Signature={SIG}")
    }

    fn good_authorization() -> String {
        authorization(
            "accept;chainguard-audience;chainguard-identity;host;x-amz-date",
            "20261124/us-east-1/sts/aws4_request",
        )
    }

    /// A request with `headers`, encoded as a token (padded base64url, as clients send it).
    fn token_of(request_line: &str, headers: &[(&str, &str)], body: &str) -> String {
        let mut text = format!("{request_line}\r\n");
        for (name, value) in headers {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        text.push_str("\r\n");
        text.push_str(body);
        URL_SAFE.encode(text)
    }

    fn headers_with(authorization: &str) -> Vec<(&'static str, String)> {
        vec![
            ("Host", HOST.to_owned()),
            ("Accept", "application/json".to_owned()),
            ("Authorization", authorization.to_owned()),
            ("Chainguard-Audience", AUD.to_owned()),
            ("Chainguard-Identity", UID.to_owned()),
            ("Content-Length", "0".to_owned()),
            ("X-Amz-Date", DATE.to_owned()),
        ]
    }

    fn token(headers: &[(&'static str, String)]) -> String {
        let borrowed: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        token_of("POST /?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.1", &borrowed, "")
    }

    fn check(token: &str, now: Timestamp) -> Result<AwsBinding> {
        SignedRequest::parse(token, HOST)?.check(HOST, now)
    }

    fn message(e: Error) -> String {
        assert_eq!(e.code(), Code::Unauthenticated, "{e}");
        e.to_string()
    }

    #[test]
    fn a_well_formed_token_yields_its_audience_identity_and_date() {
        let good = token(&headers_with(&good_authorization()));
        let binding = check(&good, signed_at()).unwrap();
        assert_eq!(binding, AwsBinding { audience: AUD.into(), identity: UID.into(), signed_at: signed_at() });
        let request = SignedRequest::parse(&good, HOST).unwrap();
        assert_eq!(request.path_and_query, "/?Action=GetCallerIdentity&Version=2011-06-15");
        assert_eq!(request.header("chainguard-identity"), Some(UID));
        assert!(SignedRequest::looks_like_aws_token(&good));
    }

    #[test]
    fn unpadded_base64url_and_the_absolute_form_are_accepted() {
        let headers = headers_with(&good_authorization());
        let borrowed: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let absolute = token_of(
            "POST https://sts.amazonaws.com/?Version=2011-06-15&Action=GetCallerIdentity HTTP/1.1",
            &borrowed,
            "",
        );
        let unpadded = absolute.trim_end_matches('=');
        assert!(check(unpadded, signed_at()).is_ok());
        let request = SignedRequest::parse(unpadded, HOST).unwrap();
        assert_eq!(request.path_and_query, "/?Version=2011-06-15&Action=GetCallerIdentity");
    }

    #[test]
    fn jwts_and_junk_do_not_look_like_aws_tokens() {
        assert!(!SignedRequest::looks_like_aws_token("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"));
        assert!(!SignedRequest::looks_like_aws_token("not-a-jwt"));
        assert!(!SignedRequest::looks_like_aws_token(""));
        let huge = URL_SAFE.encode(format!("POST / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_TOKEN_LEN)));
        assert!(!SignedRequest::looks_like_aws_token(&huge), "oversized tokens are not decoded");
    }

    #[test]
    fn anything_but_a_post_of_get_caller_identity_is_refused() {
        let headers = headers_with(&good_authorization());
        let borrowed: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        for line in [
            "GET /?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.1",
            "POST /?Action=AssumeRole&Version=2011-06-15 HTTP/1.1",
            "POST /?Action=GetCallerIdentity&Version=2011-06-15&Extra=1 HTTP/1.1",
            "POST /other?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.1",
            "POST /?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.0",
        ] {
            let err = SignedRequest::parse(&token_of(line, &borrowed, ""), HOST).unwrap_err();
            assert_eq!(
                message(err),
                "Unauthenticated: the AWS token is not a POST of GetCallerIdentity (Version 2011-06-15)",
                "{line}"
            );
        }
        let with_body = token_of("POST /?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.1", &borrowed, "x=1");
        assert_eq!(
            message(SignedRequest::parse(&with_body, HOST).unwrap_err()),
            "Unauthenticated: the AWS token's request has a body"
        );
        for junk in ["!!!", "aGVsbG8", &URL_SAFE.encode("POST / HTTP/1.1\nHost: x\n\n")] {
            assert_eq!(
                message(SignedRequest::parse(junk, HOST).unwrap_err()),
                "Unauthenticated: the AWS token is not a base64url-encoded HTTP/1.1 request",
                "{junk}"
            );
        }
    }

    #[test]
    fn binding_headers_must_be_signed() {
        for (unsigned, signed) in [
            ("chainguard-audience", "chainguard-identity;host;x-amz-date"),
            ("chainguard-identity", "chainguard-audience;host;x-amz-date"),
            ("host", "chainguard-audience;chainguard-identity;x-amz-date"),
            ("x-amz-date", "chainguard-audience;chainguard-identity;host"),
        ] {
            let t = token(&headers_with(&authorization(signed, "20261124/us-east-1/sts/aws4_request")));
            assert_eq!(
                message(check(&t, signed_at()).unwrap_err()),
                format!("Unauthenticated: the AWS token's signature does not cover the {unsigned} header")
            );
        }
    }

    #[test]
    fn signed_headers_must_exist() {
        let signed = "chainguard-audience;chainguard-identity;host;x-amz-date;x-amz-security-token";
        let t = token(&headers_with(&authorization(signed, "20261124/us-east-1/sts/aws4_request")));
        assert_eq!(
            message(check(&t, signed_at()).unwrap_err()),
            "Unauthenticated: the AWS token signs a x-amz-security-token header it does not have"
        );
    }

    #[test]
    fn repeated_authorization_date_and_chainguard_headers_are_refused() {
        for name in ["Authorization", "X-Amz-Date", "Chainguard-Audience", "Chainguard-Identity", "Host"] {
            let mut headers = headers_with(&good_authorization());
            let value = headers.iter().find(|(n, _)| *n == name).unwrap().1.clone();
            headers.push((name, value));
            assert_eq!(
                message(check(&token(&headers), signed_at()).unwrap_err()),
                format!("Unauthenticated: the AWS token repeats the {name} header")
            );
        }
        let mut lowercase = headers_with(&good_authorization());
        lowercase.push(("chainguard-identity", "someone-else".to_owned()));
        assert!(check(&token(&lowercase), signed_at()).is_err(), "names compare case-insensitively");
    }

    #[test]
    fn the_host_must_be_the_configured_sts_host() {
        let good = token(&headers_with(&good_authorization()));
        assert_eq!(
            message(SignedRequest::parse(&good, HOST).unwrap().check("sts.example.test", signed_at()).unwrap_err()),
            "Unauthenticated: the AWS token's request is not addressed to the AWS STS host"
        );
        let mut headers = headers_with(&good_authorization());
        headers[0].1 = "sts.us-west-2.amazonaws.com".to_owned();
        assert!(check(&token(&headers), signed_at()).is_err());
        let absolute = token_of(
            "POST https://evil.example/?Action=GetCallerIdentity&Version=2011-06-15 HTTP/1.1",
            &[("Host", HOST)],
            "",
        );
        assert_eq!(
            message(SignedRequest::parse(&absolute, HOST).unwrap_err()),
            "Unauthenticated: the AWS token's request is not addressed to the AWS STS host"
        );
    }

    #[test]
    fn the_credential_scope_must_be_the_date_us_east_1_and_sts() {
        for scope in [
            "20261123/us-east-1/sts/aws4_request",
            "20261124/eu-west-1/sts/aws4_request",
            "20261124/us-east-1/iam/aws4_request",
            "20261124/us-east-1/sts/aws5_request",
        ] {
            let t =
                token(&headers_with(&authorization("chainguard-audience;chainguard-identity;host;x-amz-date", scope)));
            assert_eq!(
                message(check(&t, signed_at()).unwrap_err()),
                "Unauthenticated: the AWS token's credential scope is not 20261124/us-east-1/sts/aws4_request \
                 (its date, us-east-1, sts)",
                "{scope}"
            );
        }
    }

    #[test]
    fn authorization_must_be_sigv4() {
        for value in [
            "Bearer x".to_owned(),
            format!("AWS4-HMAC-SHA512 Credential=A/20261124/us-east-1/sts/aws4_request, SignedHeaders=host, Signature={SIG}"),
            format!("{ALGORITHM} Credential=A/20261124/us-east-1/sts/aws4_request, SignedHeaders=host"),
            format!("{ALGORITHM} Credential=A/20261124/us-east-1/sts/aws4_request, SignedHeaders=Host, Signature={SIG}"),
            format!("{ALGORITHM} Credential=A/20261124/us-east-1/sts/aws4_request, SignedHeaders=host, Signature=zz"),
        ] {
            assert_eq!(
                SigV4Authorization::parse(&value).unwrap_err(),
                Error::Unauthenticated("the AWS token's Authorization header is not a SigV4 signature".into()),
                "{value}"
            );
        }
        let parsed = SigV4Authorization::parse(&good_authorization()).unwrap();
        assert_eq!(parsed.access_key_id, "AKIDEXAMPLE");
        assert_eq!(parsed.scope, "20261124/us-east-1/sts/aws4_request");
        assert_eq!(parsed.signed_headers.len(), 5);
    }

    #[test]
    fn x_amz_date_may_be_15_minutes_old_and_5_minutes_ahead_and_no_more() {
        let good = token(&headers_with(&good_authorization()));
        let at = |secs: i64| signed_at().plus(chrono::Duration::seconds(secs));
        assert!(check(&good, at(15 * 60)).is_ok());
        assert_eq!(
            message(check(&good, at(15 * 60 + 1)).unwrap_err()),
            "Unauthenticated: the AWS token has expired (X-Amz-Date is more than 15 minutes old)"
        );
        assert!(check(&good, at(-5 * 60)).is_ok());
        assert_eq!(
            message(check(&good, at(-5 * 60 - 1)).unwrap_err()),
            "Unauthenticated: the AWS token is dated more than 5 minutes in the future"
        );
        let mut headers = headers_with(&good_authorization());
        headers[6].1 = "2026-11-24T12:00:00Z".to_owned();
        assert_eq!(
            message(check(&token(&headers), signed_at()).unwrap_err()),
            "Unauthenticated: the AWS token's X-Amz-Date is not of the form YYYYMMDDTHHMMSSZ"
        );
    }

    #[test]
    fn binding_headers_and_a_bodyless_request_are_required() {
        let mut headers = headers_with(&good_authorization());
        headers.retain(|(n, _)| *n != "Chainguard-Audience");
        assert_eq!(
            message(check(&token(&headers), signed_at()).unwrap_err()),
            "Unauthenticated: the AWS token signs a chainguard-audience header it does not have"
        );
        let mut chunked = headers_with(&good_authorization());
        chunked.push(("Transfer-Encoding", "chunked".to_owned()));
        assert_eq!(
            message(check(&token(&chunked), signed_at()).unwrap_err()),
            "Unauthenticated: the AWS token's request has a body"
        );
    }

    #[test]
    fn the_caller_must_match_account_exactly_and_arn_and_user_id_by_value_or_pattern() {
        let aws = AwsIdentity {
            account: "123456789012".into(),
            arn: Matcher::Exact("arn:aws:sts::123456789012:assumed-role/ci/run-1".into()),
            user_id: Matcher::Pattern(Pattern::parse("p", "AROA[A-Z0-9]+:run-[0-9]+").unwrap()),
        };
        let caller = AwsCaller {
            account: "123456789012".into(),
            arn: "arn:aws:sts::123456789012:assumed-role/ci/run-1".into(),
            user_id: "AROAEXAMPLE:run-1".into(),
        };
        assert_eq!(aws_identity_accepts(&aws, &caller), Ok(()));
        let other_account = AwsCaller { account: "210987654321".into(), ..caller.clone() };
        assert!(aws_identity_accepts(&aws, &other_account).unwrap_err().starts_with("account"));
        let other_arn = AwsCaller { arn: "arn:aws:sts::123456789012:assumed-role/ci/run-2".into(), ..caller.clone() };
        assert!(aws_identity_accepts(&aws, &other_arn).unwrap_err().starts_with("arn"));
        let other_user = AwsCaller { user_id: "AROAEXAMPLE:run-1x".into(), ..caller };
        assert!(aws_identity_accepts(&aws, &other_user).unwrap_err().starts_with("user id"), "anchored");
    }
}
