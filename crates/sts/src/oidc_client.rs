//! Grove as an OAuth client of OpenID providers ([`OidcClient`]): their endpoints from the
//! discovery document, and authorization codes redeemed at their token endpoint with the
//! client secret (`client_secret_basic`: HTTP Basic of the form-urlencoded id and secret,
//! RFC 6749 §2.3.1; or `client_secret_post`). Every request goes through the [`Fetcher`]
//! and its SSRF rules, so a provider's document cannot point Grove at a private address.

use async_trait::async_trait;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use grove_domain::ports::{ClientAuthMethod, CodeRedemption, OidcClient, ProviderEndpoints};
use grove_domain::{Error, Result};
use serde_json::Value;

use crate::fetch::Fetcher;

/// Longest error code or description of a provider repeated in a log message.
const MAX_QUOTED: usize = 200;

/// [`OidcClient`] over HTTP.
#[derive(Debug, Clone)]
pub struct OidcHttpClient {
    fetcher: Fetcher,
}

impl OidcHttpClient {
    /// A client fetching with `fetcher`.
    #[must_use]
    pub fn new(fetcher: Fetcher) -> Self {
        Self { fetcher }
    }
}

/// RFC 6749 appendix B: `application/x-www-form-urlencoded` of one value, as HTTP Basic of a
/// client id and secret needs it.
fn form_encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// The `Authorization` header of `client_secret_basic`.
fn basic_authorization(client_id: &str, secret: &str) -> String {
    format!("Basic {}", STANDARD.encode(format!("{}:{}", form_encode(client_id), form_encode(secret))))
}

/// The token request's form body and headers for `r`.
fn token_request(r: &CodeRedemption) -> (String, reqwest::header::HeaderMap) {
    let mut form = form_urlencoded::Serializer::new(String::new());
    form.append_pair("grant_type", "authorization_code");
    form.append_pair("code", &r.code);
    form.append_pair("redirect_uri", &r.redirect_uri);
    if let Some(verifier) = &r.code_verifier {
        form.append_pair("code_verifier", verifier);
    }
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::ACCEPT, reqwest::header::HeaderValue::from_static("application/json"));
    match r.auth_method {
        ClientAuthMethod::ClientSecretBasic => {
            let value = basic_authorization(&r.client_id, r.client_secret.expose());
            if let Ok(mut value) = reqwest::header::HeaderValue::from_str(&value) {
                value.set_sensitive(true);
                headers.insert(reqwest::header::AUTHORIZATION, value);
            }
        }
        ClientAuthMethod::ClientSecretPost => {
            form.append_pair("client_id", &r.client_id);
            form.append_pair("client_secret", r.client_secret.expose());
        }
    }
    (form.finish(), headers)
}

fn quoted(v: Option<&Value>) -> String {
    v.and_then(Value::as_str).unwrap_or_default().chars().take(MAX_QUOTED).collect()
}

#[async_trait]
impl OidcClient for OidcHttpClient {
    async fn endpoints(&self, issuer: &str) -> Result<ProviderEndpoints> {
        let url = format!("{}/.well-known/openid-configuration", issuer.trim_end_matches('/'));
        let unusable = |why: String| Error::Unavailable(format!("the identity provider's discovery document {why}"));
        let doc = self.fetcher.get_json(&url).await.map_err(|e| unusable(format!("could not be fetched: {e}")))?;
        if doc.get("issuer").and_then(Value::as_str) != Some(issuer) {
            return Err(unusable(format!("at {url} names another issuer")));
        }
        let endpoint = |key: &str| {
            doc.get(key)
                .and_then(Value::as_str)
                .filter(|u| !u.is_empty())
                .map(str::to_owned)
                .ok_or_else(|| unusable(format!("at {url} has no {key}")))
        };
        let methods = match doc.get("token_endpoint_auth_methods_supported") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => Some(items.iter().filter_map(Value::as_str).map(str::to_owned).collect()),
            Some(_) => {
                return Err(unusable(format!("at {url} has a token_endpoint_auth_methods_supported that is no list")))
            }
        };
        Ok(ProviderEndpoints {
            authorization_endpoint: endpoint("authorization_endpoint")?,
            token_endpoint: endpoint("token_endpoint")?,
            token_endpoint_auth_methods: methods,
        })
    }

    async fn redeem_code(&self, redemption: &CodeRedemption) -> Result<String> {
        let (body, headers) = token_request(redemption);
        let url = &redemption.token_endpoint;
        let (status, answer) = self
            .fetcher
            .post_form(url, headers, body)
            .await
            .map_err(|e| Error::Unavailable(format!("the identity provider's token endpoint: {e}")))?;
        let json: Option<serde_json::Map<String, Value>> = serde_json::from_slice(&answer).ok();
        if status != 200 {
            let error = json.as_ref().map(|j| (quoted(j.get("error")), quoted(j.get("error_description"))));
            let (code, description) = error.unwrap_or_default();
            return Err(Error::PermissionDenied(format!(
                "the token endpoint answered HTTP {status} {code}: {description}"
            )));
        }
        json.as_ref()
            .and_then(|j| j.get("id_token"))
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .ok_or_else(|| Error::PermissionDenied("the token endpoint answered without an ID token".to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use grove_domain::model::ClientSecret;

    use super::*;

    fn redemption(method: ClientAuthMethod) -> CodeRedemption {
        CodeRedemption {
            token_endpoint: "https://login.example.com/token".into(),
            code: "the code".into(),
            redirect_uri: "https://grove.example/sts/oauth/callback".into(),
            code_verifier: Some("verifier".into()),
            client_id: "grove app:1".into(),
            client_secret: ClientSecret::parse("s", "p@ss word+/=").unwrap(),
            auth_method: method,
        }
    }

    #[test]
    fn basic_sends_the_form_urlencoded_id_and_secret_in_the_header_only() {
        let (body, headers) = token_request(&redemption(ClientAuthMethod::ClientSecretBasic));
        assert_eq!(
            body,
            "grant_type=authorization_code&code=the+code&redirect_uri=https%3A%2F%2Fgrove.example%2Fsts%2Foauth%2F\
             callback&code_verifier=verifier"
        );
        let header = headers.get(reqwest::header::AUTHORIZATION).unwrap();
        assert!(header.is_sensitive());
        let encoded = header.to_str().unwrap().strip_prefix("Basic ").unwrap();
        let decoded = String::from_utf8(STANDARD.decode(encoded).unwrap()).unwrap();
        assert_eq!(decoded, "grove+app%3A1:p%40ss+word%2B%2F%3D");
    }

    #[test]
    fn post_sends_id_and_secret_in_the_body_and_no_authorization_header() {
        let mut r = redemption(ClientAuthMethod::ClientSecretPost);
        r.code_verifier = None;
        let (body, headers) = token_request(&r);
        assert_eq!(
            body,
            "grant_type=authorization_code&code=the+code&redirect_uri=https%3A%2F%2Fgrove.example%2Fsts%2Foauth%2F\
             callback&client_id=grove+app%3A1&client_secret=p%40ss+word%2B%2F%3D"
        );
        assert_eq!(headers.get(reqwest::header::AUTHORIZATION), None);
        assert_eq!(headers.get(reqwest::header::ACCEPT).map(|v| v.to_str().unwrap()), Some("application/json"));
    }
}
