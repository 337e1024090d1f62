//! The [`AwsCallerIdentity`] port over HTTP: an AWS token's signed `GetCallerIdentity`
//! request is sent, unchanged, to the configured AWS STS endpoint through the SSRF-safe
//! [`Fetcher`], and the caller is read from its `GetCallerIdentityResponse` (XML, or JSON
//! when the request asked for it with `Accept: application/json`).

use async_trait::async_trait;
use grove_domain::aws::{AwsCaller, SignedRequest};
use grove_domain::ports::AwsCallerIdentity;
use grove_domain::{Error, Result};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;

use crate::fetch::{check_url, FetchError, FetchPolicy, Fetcher};

/// The public AWS STS endpoint.
pub const DEFAULT_AWS_STS_ENDPOINT: &str = "https://sts.amazonaws.com";

const REFUSED: &str = "AWS STS refused the AWS token (its signature, credentials or date)";
const UNREACHABLE: &str = "AWS STS could not be asked who signed the AWS token";

/// Headers that describe one hop or the body, which the forwarded request sets itself.
const NOT_FORWARDED: &[&str] = &[
    "connection",
    "content-length",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// Forwards AWS tokens to AWS STS; implements [`AwsCallerIdentity`].
#[derive(Debug, Clone)]
pub struct AwsStsClient {
    fetcher: Fetcher,
    endpoint: String,
}

/// Why an [`AwsStsClient`] could not be built.
#[derive(Debug, thiserror::Error)]
pub enum AwsStsClientError {
    /// The endpoint is not a URL the fetch policy allows.
    #[error(transparent)]
    Endpoint(#[from] FetchError),
    /// The HTTP client could not be built.
    #[error("building the AWS STS client: {0}")]
    Client(#[from] reqwest::Error),
}

impl AwsStsClient {
    /// A client sending to `endpoint` (scheme, host and optional port; no path) under `policy`.
    ///
    /// # Errors
    /// When `policy` refuses the endpoint or the HTTP client cannot be built.
    pub fn new(endpoint: &str, policy: FetchPolicy) -> std::result::Result<Self, AwsStsClientError> {
        check_url(endpoint, &policy)?;
        Ok(Self { fetcher: Fetcher::new(policy)?, endpoint: endpoint.trim_end_matches('/').to_owned() })
    }

    /// The endpoint requests go to.
    #[must_use]
    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }
}

#[async_trait]
impl AwsCallerIdentity for AwsStsClient {
    async fn get_caller_identity(&self, request: &SignedRequest) -> Result<AwsCaller> {
        let mut headers = HeaderMap::new();
        for (name, value) in &request.headers {
            if NOT_FORWARDED.iter().any(|n| name.eq_ignore_ascii_case(n)) {
                continue;
            }
            // The domain admitted only token names and CR/LF-free values, so this holds;
            // refusing rather than dropping keeps the forwarded request the signed one.
            let (Ok(name), Ok(value)) = (HeaderName::try_from(name.as_str()), HeaderValue::try_from(value.as_str()))
            else {
                return Err(Error::Unauthenticated("the AWS token carries a header that cannot be sent".to_owned()));
            };
            headers.append(name, value);
        }
        let url = format!("{}{}", self.endpoint, request.path_and_query);
        let (status, body) = self.fetcher.post_empty(&url, headers).await.map_err(|e| {
            tracing::warn!(error = %e, "AWS STS request failed");
            Error::Unavailable(UNREACHABLE.to_owned())
        })?;
        match status {
            200 => parse_response(&body).ok_or_else(|| {
                tracing::warn!(%url, "AWS STS answered without a GetCallerIdentityResult");
                Error::Unavailable(UNREACHABLE.to_owned())
            }),
            400..=499 => {
                tracing::info!(%url, status, body = %String::from_utf8_lossy(&body[..body.len().min(512)]), "AWS STS refused an AWS token");
                Err(Error::Unauthenticated(REFUSED.to_owned()))
            }
            _ => {
                tracing::warn!(%url, status, "AWS STS answered with an unexpected status");
                Err(Error::Unavailable(UNREACHABLE.to_owned()))
            }
        }
    }
}

/// The caller of a `GetCallerIdentityResponse`, in XML or JSON; `None` when it is neither
/// or lacks a field.
#[must_use]
pub fn parse_response(body: &[u8]) -> Option<AwsCaller> {
    let text = std::str::from_utf8(body).ok()?.trim_start();
    if text.starts_with('{') {
        let doc: Value = serde_json::from_str(text).ok()?;
        let result = &doc["GetCallerIdentityResponse"]["GetCallerIdentityResult"];
        let field = |name: &str| result[name].as_str().filter(|s| !s.is_empty()).map(str::to_owned);
        return Some(AwsCaller { account: field("Account")?, arn: field("Arn")?, user_id: field("UserId")? });
    }
    let result = element(text, "GetCallerIdentityResult")?;
    let field = |name: &str| element(result, name).map(unescape).filter(|s| !s.is_empty());
    Some(AwsCaller { account: field("Account")?, arn: field("Arn")?, user_id: field("UserId")? })
}

/// The text between `<name>` and `</name>` (the first such element, attributes allowed).
pub(crate) fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("<{name}");
    let mut from = 0;
    let content_start = loop {
        let at = from + xml[from..].find(&open)?;
        let after = &xml[at + open.len()..];
        match after.chars().next()? {
            '>' => break at + open.len() + 1,
            c if c.is_whitespace() => break at + open.len() + after.find('>')? + 1,
            // `<ArnX>` is another element.
            _ => from = at + open.len(),
        }
    };
    let end = xml[content_start..].find(&format!("</{name}>"))?;
    Some(xml[content_start..content_start + end].trim())
}

/// The five predefined XML entities, decoded.
pub(crate) fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_xml_response_yields_account_arn_and_user_id() {
        let xml = br#"<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <GetCallerIdentityResult>
    <Arn>arn:aws:sts::123456789012:assumed-role/ci&amp;cd/run-1</Arn>
    <UserId>AROAEXAMPLE:run-1</UserId>
    <Account>123456789012</Account>
  </GetCallerIdentityResult>
  <ResponseMetadata><RequestId>01234567-89ab-cdef-0123-456789abcdef</RequestId></ResponseMetadata>
</GetCallerIdentityResponse>"#;
        assert_eq!(
            parse_response(xml),
            Some(AwsCaller {
                account: "123456789012".into(),
                arn: "arn:aws:sts::123456789012:assumed-role/ci&cd/run-1".into(),
                user_id: "AROAEXAMPLE:run-1".into(),
            })
        );
    }

    #[test]
    fn the_json_response_yields_account_arn_and_user_id() {
        let json = br#"{"GetCallerIdentityResponse":{"GetCallerIdentityResult":{"Account":"123456789012",
            "Arn":"arn:aws:iam::123456789012:user/dev","UserId":"AIDAEXAMPLE"},"ResponseMetadata":{"RequestId":"x"}}}"#;
        assert_eq!(
            parse_response(json),
            Some(AwsCaller {
                account: "123456789012".into(),
                arn: "arn:aws:iam::123456789012:user/dev".into(),
                user_id: "AIDAEXAMPLE".into(),
            })
        );
    }

    #[test]
    fn responses_without_every_field_yield_nothing() {
        for body in [
            &b"<GetCallerIdentityResponse><GetCallerIdentityResult><Arn>a</Arn><UserId>u</UserId></GetCallerIdentityResult></GetCallerIdentityResponse>"[..],
            b"<ErrorResponse><Error><Code>SignatureDoesNotMatch</Code></Error></ErrorResponse>",
            b"<Account>123456789012</Account><Arn>a</Arn><UserId>u</UserId>",
            br#"{"GetCallerIdentityResponse":{"GetCallerIdentityResult":{"Account":"1"}}}"#,
            b"\xff",
            b"",
        ] {
            assert_eq!(parse_response(body), None, "{}", String::from_utf8_lossy(body));
        }
    }

    #[test]
    fn an_element_name_does_not_match_a_longer_one() {
        assert_eq!(element("<ArnX>no</ArnX><Arn>yes</Arn>", "Arn"), Some("yes"));
        assert_eq!(element("<Arn a=\"1\">yes</Arn>", "Arn"), Some("yes"));
    }

    #[test]
    fn endpoints_the_policy_refuses_are_refused_at_construction() {
        assert!(AwsStsClient::new(DEFAULT_AWS_STS_ENDPOINT, FetchPolicy::default()).is_ok());
        for endpoint in ["http://sts.amazonaws.com", "http://127.0.0.1:9", "https://169.254.169.254"] {
            assert!(AwsStsClient::new(endpoint, FetchPolicy::default()).is_err(), "{endpoint}");
        }
        let dev = FetchPolicy { allow_loopback: true, ..FetchPolicy::default() };
        assert_eq!(AwsStsClient::new("http://127.0.0.1:9/", dev).unwrap().endpoint(), "http://127.0.0.1:9");
    }
}
