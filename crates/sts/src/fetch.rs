//! Fetching issuer documents (discovery, JWKS), redeeming authorization codes at token
//! endpoints, and forwarding AWS tokens to AWS STS, without becoming an SSRF proxy: `https` only
//! (plain `http` only to a loopback host, and only when allowed), no redirects, short
//! timeouts, a cap on the response size, and addresses checked after DNS resolution so a
//! public name cannot point at a private, link-local or loopback address.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use grove_domain::address::{classify, AddressRange};
use grove_domain::error::error_chain;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::Policy;
use reqwest::Url;

/// What the fetcher may reach and how much it may read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchPolicy {
    /// Allows `http://` to `localhost`, `127.0.0.1` or `[::1]`, and loopback addresses
    /// (development mode and tests only).
    pub allow_loopback: bool,
    /// Allows private (RFC 1918, CGNAT, IPv6 unique-local) addresses, for issuers inside a
    /// private network. Link-local addresses (cloud metadata services) are never allowed.
    pub allow_private_networks: bool,
    /// Connect timeout, and the deadline for a whole request.
    pub timeout: Duration,
    /// Largest response body read.
    pub max_response_bytes: usize,
}

impl Default for FetchPolicy {
    fn default() -> Self {
        Self {
            allow_loopback: false,
            allow_private_networks: false,
            timeout: Duration::from_secs(5),
            max_response_bytes: 256 * 1024,
        }
    }
}

/// Why a document could not be fetched (for the server log; clients see only that the
/// token could not be verified).
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// The URL is not one the policy allows.
    #[error("refused URL {url}: {reason}")]
    RefusedUrl {
        /// The URL.
        url: String,
        /// Why.
        reason: &'static str,
    },
    /// The server answered with another status than 200 (redirects included).
    #[error("{url} answered HTTP {status}")]
    Status {
        /// The URL.
        url: String,
        /// The status.
        status: u16,
    },
    /// The body is larger than the policy allows.
    #[error("{url} sent more than {limit} bytes")]
    TooLarge {
        /// The URL.
        url: String,
        /// The limit.
        limit: usize,
    },
    /// The body is not a JSON object.
    #[error("{url} did not send a JSON object")]
    NotJson {
        /// The URL.
        url: String,
    },
    /// Connecting, resolving (including refused addresses) or reading failed, or timed out.
    #[error("fetching {url} failed: {reason}")]
    Transport {
        /// The URL.
        url: String,
        /// The cause.
        reason: String,
    },
}

/// An HTTP client for issuer documents that follows [`FetchPolicy`].
#[derive(Debug, Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    policy: FetchPolicy,
}

impl Fetcher {
    /// A fetcher following `policy`.
    ///
    /// # Errors
    /// When the TLS backend cannot be initialised.
    pub fn new(policy: FetchPolicy) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .redirect(Policy::none())
            .connect_timeout(policy.timeout)
            .timeout(policy.timeout)
            .no_proxy()
            .user_agent(concat!("grove-sts/", env!("CARGO_PKG_VERSION")))
            .dns_resolver(Arc::new(GuardedResolver { policy: policy.clone() }))
            .build()?;
        Ok(Self { client, policy })
    }

    /// The policy in force.
    #[must_use]
    pub fn policy(&self) -> &FetchPolicy {
        &self.policy
    }

    /// GETs `url` and parses the body as a JSON object.
    ///
    /// # Errors
    /// [`FetchError`] when the URL is refused, the request fails, the status is not 200, or
    /// the body is too large or not a JSON object.
    pub async fn get_json(&self, url: &str) -> Result<serde_json::Map<String, serde_json::Value>, FetchError> {
        let parsed = check_url(url, &self.policy)?;
        let transport = |e: reqwest::Error| FetchError::Transport { url: url.to_owned(), reason: error_chain(&e) };
        let response = self.client.get(parsed).header("accept", "application/json").send().await.map_err(transport)?;
        if response.status() != reqwest::StatusCode::OK {
            return Err(FetchError::Status { url: url.to_owned(), status: response.status().as_u16() });
        }
        let body = self.read_limited(url, response).await?;
        serde_json::from_slice(&body).map_err(|_| FetchError::NotJson { url: url.to_owned() })
    }

    /// POSTs an empty body with `headers` to `url` (a `Host` among them replaces the URL's),
    /// and returns the status and body of the answer, whatever the status.
    ///
    /// # Errors
    /// [`FetchError`] when the URL is refused, the request fails, or the body is too large.
    pub async fn post_empty(
        &self,
        url: &str,
        headers: reqwest::header::HeaderMap,
    ) -> Result<(u16, Vec<u8>), FetchError> {
        let parsed = check_url(url, &self.policy)?;
        let transport = |e: reqwest::Error| FetchError::Transport { url: url.to_owned(), reason: error_chain(&e) };
        let response = self.client.post(parsed).headers(headers).body(Vec::new()).send().await.map_err(transport)?;
        let status = response.status().as_u16();
        Ok((status, self.read_limited(url, response).await?))
    }

    /// POSTs the form `body` (`application/x-www-form-urlencoded`) with `headers` (an `Accept`
    /// among them when the caller wants one) to `url`, and returns the status and body of the answer, whatever the status.
    ///
    /// # Errors
    /// [`FetchError`] when the URL is refused, the request fails, or the body is too large.
    pub async fn post_form(
        &self,
        url: &str,
        headers: reqwest::header::HeaderMap,
        body: String,
    ) -> Result<(u16, Vec<u8>), FetchError> {
        let parsed = check_url(url, &self.policy)?;
        let transport = |e: reqwest::Error| FetchError::Transport { url: url.to_owned(), reason: error_chain(&e) };
        let response = self
            .client
            .post(parsed)
            .headers(headers)
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .map_err(transport)?;
        let status = response.status().as_u16();
        Ok((status, self.read_limited(url, response).await?))
    }

    /// The body of `response`, refused beyond the policy's size limit.
    async fn read_limited(&self, url: &str, mut response: reqwest::Response) -> Result<Vec<u8>, FetchError> {
        let transport = |e: reqwest::Error| FetchError::Transport { url: url.to_owned(), reason: error_chain(&e) };
        let limit = self.policy.max_response_bytes;
        let too_large = || FetchError::TooLarge { url: url.to_owned(), limit };
        if response.content_length().is_some_and(|n| n > limit as u64) {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(transport)? {
            if body.len() + chunk.len() > limit {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

/// Checks scheme, credentials and literal addresses of `url` against `policy`.
///
/// # Errors
/// [`FetchError::RefusedUrl`] saying why.
pub fn check_url(url: &str, policy: &FetchPolicy) -> Result<Url, FetchError> {
    let refuse = |reason| FetchError::RefusedUrl { url: url.to_owned(), reason };
    let parsed = Url::parse(url).map_err(|_| refuse("not a URL"))?;
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(refuse("credentials in the URL"));
    }
    let host = parsed.host().ok_or_else(|| refuse("no host"))?;
    let loopback_name = match &host {
        url::Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
        url::Host::Ipv4(ip) => ip.is_loopback(),
        url::Host::Ipv6(ip) => ip.is_loopback(),
    };
    match parsed.scheme() {
        "https" => {}
        "http" if loopback_name && policy.allow_loopback => {}
        "http" => return Err(refuse("plain http is only allowed to a loopback host in development mode")),
        _ => return Err(refuse("only https URLs are fetched")),
    }
    let literal = match host {
        url::Host::Ipv4(ip) => Some(IpAddr::V4(ip)),
        url::Host::Ipv6(ip) => Some(IpAddr::V6(ip)),
        url::Host::Domain(_) => None,
    };
    if literal.is_some_and(|ip| !ip_allowed(ip, policy)) {
        return Err(refuse("the address is in a range issuers may not be fetched from"));
    }
    Ok(parsed)
}

/// Whether an address may be connected to under `policy`.
#[must_use]
pub fn ip_allowed(ip: IpAddr, policy: &FetchPolicy) -> bool {
    match classify(ip) {
        AddressRange::Public => true,
        AddressRange::Loopback => policy.allow_loopback,
        AddressRange::Private => policy.allow_private_networks,
        AddressRange::Never => false,
    }
}

/// Resolves names with the system resolver and drops addresses the policy refuses.
struct GuardedResolver {
    policy: FetchPolicy,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy.clone();
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let allowed: Vec<SocketAddr> = found.into_iter().filter(|a| ip_allowed(a.ip(), &policy)).collect();
            if allowed.is_empty() {
                let refused: Box<dyn std::error::Error + Send + Sync> =
                    format!("{host} resolves only to addresses issuers may not be fetched from").into();
                return Err(refused);
            }
            let addrs: Addrs = Box::new(allowed.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strict() -> FetchPolicy {
        FetchPolicy::default()
    }

    fn dev() -> FetchPolicy {
        FetchPolicy { allow_loopback: true, ..FetchPolicy::default() }
    }

    #[test]
    fn only_https_or_allowed_loopback_http_urls_pass() {
        assert!(check_url("https://issuer.example/.well-known/openid-configuration", &strict()).is_ok());
        for url in ["http://issuer.example", "ftp://issuer.example", "file:///etc/passwd", "https://u:p@issuer.example"]
        {
            assert!(check_url(url, &dev()).is_err(), "{url}");
        }
        for url in ["http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9/x"] {
            assert!(check_url(url, &strict()).is_err(), "{url}");
            assert!(check_url(url, &dev()).is_ok(), "{url}");
        }
        assert!(check_url("http://10.0.0.1/", &dev()).is_err());
    }

    #[test]
    fn literal_addresses_in_refused_ranges_are_refused_even_over_https() {
        for url in [
            "https://169.254.169.254/latest/meta-data",
            "https://10.1.2.3/",
            "https://192.168.0.1/",
            "https://127.0.0.1/",
            "https://[::ffff:127.0.0.1]/",
            "https://[64:ff9b::7f00:1]/",
            "https://[64:ff9b::a9fe:a9fe]/",
            "https://[2002:a00:1::]/",
            "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
            "https://[::127.0.0.1]/",
            "https://[fec0::1]/",
            "https://[fe80::1]/",
            "https://[fd00::1]/",
            "https://0.0.0.0/",
        ] {
            assert!(check_url(url, &strict()).is_err(), "{url}");
        }
        assert!(check_url("https://8.8.8.8/", &strict()).is_ok());
    }

    #[test]
    fn private_networks_open_only_when_allowed_and_link_local_never() {
        let private = FetchPolicy { allow_private_networks: true, ..FetchPolicy::default() };
        for ip in [
            "10.0.0.1",
            "172.16.0.1",
            "192.168.1.1",
            "100.64.0.1",
            "fd12::1",
            "fec0::1",
            "64:ff9b::a00:1",
            "64:ff9b:1::808:808",
            "2002:c0a8:101::1",
        ] {
            let ip: IpAddr = ip.parse().unwrap();
            assert!(!ip_allowed(ip, &strict()), "{ip}");
            assert!(ip_allowed(ip, &private), "{ip}");
        }
        for ip in ["169.254.169.254", "fe80::1", "224.0.0.1", "255.255.255.255", "64:ff9b::a9fe:a9fe", "::8.8.8.8"] {
            let ip: IpAddr = ip.parse().unwrap();
            let everything =
                FetchPolicy { allow_loopback: true, allow_private_networks: true, ..FetchPolicy::default() };
            assert!(!ip_allowed(ip, &everything), "{ip}");
        }
        assert!(ip_allowed("1.1.1.1".parse().unwrap(), &strict()));
        assert!(ip_allowed("2606:4700::1111".parse().unwrap(), &strict()));
    }
}
