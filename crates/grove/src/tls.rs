//! TLS for `grove serve`: the certificate chain and key from PEM files, HTTP/2 and HTTP/1.1
//! offered by ALPN on the one port, client certificates checked against a CA when one is
//! configured (mTLS), and the files read again on `SIGHUP` and whenever they change.
//!
//! A reload that fails (a half-written file, a key that does not match its certificate) is
//! logged and the certificates in use stay; connections already open keep theirs.

use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use anyhow::Context as _;
use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::{RootCertStore, ServerConfig};

/// Where the server's certificates are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    /// PEM certificate chain, the server's own certificate first.
    pub cert_file: PathBuf,
    /// PEM private key (PKCS#8, PKCS#1 or SEC1).
    pub key_file: PathBuf,
    /// PEM certificates of the CAs client certificates must chain to; `None` asks for none.
    pub client_ca_file: Option<PathBuf>,
}

/// The contents of the files a configuration was built from, to tell when they change.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Contents {
    cert: Vec<u8>,
    key: Vec<u8>,
    client_ca: Option<Vec<u8>>,
}

impl Contents {
    fn read(files: &TlsFiles) -> anyhow::Result<Self> {
        let read =
            |what: &str, path: &Path| std::fs::read(path).with_context(|| format!("reading {what} {}", path.display()));
        Ok(Self {
            cert: read("tls.cert_file", &files.cert_file)?,
            key: read("tls.key_file", &files.key_file)?,
            client_ca: files.client_ca_file.as_deref().map(|p| read("tls.client_ca_file", p)).transpose()?,
        })
    }
}

/// The server's TLS configuration, replaced in place when its files change.
#[derive(Debug)]
pub struct ReloadingTls {
    files: TlsFiles,
    /// The configuration in use, and the file contents last seen (whether or not they made
    /// a usable configuration, so that a broken file is reported once, not at every check).
    current: RwLock<(Arc<ServerConfig>, Contents)>,
}

impl ReloadingTls {
    /// Reads `files` and builds the configuration.
    ///
    /// # Errors
    /// When a file cannot be read, holds no certificate or key, or the key does not match
    /// the certificate; the message names the setting.
    pub fn load(files: TlsFiles) -> anyhow::Result<Self> {
        let contents = Contents::read(&files)?;
        let config = server_config(&files, &contents)?;
        Ok(Self { files, current: RwLock::new((config, contents)) })
    }

    /// An acceptor with the configuration in use now.
    #[must_use]
    pub fn acceptor(&self) -> tokio_rustls::TlsAcceptor {
        let current = self.current.read().unwrap_or_else(PoisonError::into_inner);
        tokio_rustls::TlsAcceptor::from(Arc::clone(&current.0))
    }

    /// Whether clients must present a certificate.
    #[must_use]
    pub fn requires_client_certificates(&self) -> bool {
        self.files.client_ca_file.is_some()
    }

    /// Reads the files again and, when they changed (or `force`), builds and uses a new
    /// configuration. Returns whether the configuration was replaced.
    ///
    /// # Errors
    /// When the files changed but cannot be read or do not make a configuration; the one in
    /// use stays.
    pub fn reload(&self, force: bool) -> anyhow::Result<bool> {
        let contents = Contents::read(&self.files)?;
        {
            let current = self.current.read().unwrap_or_else(PoisonError::into_inner);
            if !force && current.1 == contents {
                return Ok(false);
            }
        }
        let built = server_config(&self.files, &contents);
        let mut current = self.current.write().unwrap_or_else(PoisonError::into_inner);
        match built {
            Ok(config) => {
                *current = (config, contents);
                Ok(true)
            }
            Err(e) => {
                current.1 = contents;
                Err(e)
            }
        }
    }

    /// Reloads on every `SIGHUP` and whenever the files' contents change (checked every
    /// `interval`), logging each outcome, until the returned task is aborted. The signal is
    /// caught from the moment this returns. Call within a Tokio runtime.
    #[must_use]
    pub fn watch(self: Arc<Self>, interval: Duration) -> tokio::task::JoinHandle<()> {
        let mut hangups = hangups();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(interval.max(Duration::from_millis(10)));
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticks.tick().await;
            loop {
                let force = tokio::select! {
                    _ = ticks.tick() => false,
                    Some(()) = next_hangup(&mut hangups) => true,
                };
                match self.reload(force) {
                    Ok(true) => tracing::info!(
                        cert_file = %self.files.cert_file.display(),
                        trigger = if force { "SIGHUP" } else { "file change" },
                        "TLS certificates reloaded"
                    ),
                    Ok(false) => {}
                    Err(e) => {
                        tracing::error!(error = format!("{e:#}"), "TLS certificates not reloaded; the ones in use stay")
                    }
                }
            }
        })
    }
}

#[cfg(unix)]
type Hangups = Option<tokio::signal::unix::Signal>;
#[cfg(not(unix))]
type Hangups = Option<()>;

#[cfg(unix)]
fn hangups() -> Hangups {
    match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) {
        Ok(signal) => Some(signal),
        Err(e) => {
            tracing::warn!(error = %e, "SIGHUP cannot be caught; TLS files are still reloaded when they change");
            None
        }
    }
}

#[cfg(not(unix))]
fn hangups() -> Hangups {
    None
}

#[cfg(unix)]
async fn next_hangup(hangups: &mut Hangups) -> Option<()> {
    match hangups {
        Some(signal) => signal.recv().await,
        None => std::future::pending().await,
    }
}

#[cfg(not(unix))]
async fn next_hangup(_: &mut Hangups) -> Option<()> {
    std::future::pending().await
}

/// The rustls configuration of `contents`: ring's algorithms, TLS 1.2 and 1.3, ALPN `h2`
/// then `http/1.1` (gRPC clients need `h2`; browsers and curl take either).
fn server_config(files: &TlsFiles, contents: &Contents) -> anyhow::Result<Arc<ServerConfig>> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let chain = CertificateDer::pem_slice_iter(&contents.cert)
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("tls.cert_file {} is not PEM", files.cert_file.display()))?;
    anyhow::ensure!(!chain.is_empty(), "tls.cert_file {} holds no certificate", files.cert_file.display());
    let key = PrivateKeyDer::from_pem_slice(&contents.key)
        .with_context(|| format!("tls.key_file {} holds no PEM private key", files.key_file.display()))?;
    let builder = ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .context("choosing the TLS protocol versions")?;
    let builder = match (&files.client_ca_file, &contents.client_ca) {
        (Some(path), Some(pem)) => {
            let mut roots = RootCertStore::empty();
            for cert in CertificateDer::pem_slice_iter(pem) {
                let cert = cert.with_context(|| format!("tls.client_ca_file {} is not PEM", path.display()))?;
                roots.add(cert).with_context(|| format!("tls.client_ca_file {}", path.display()))?;
            }
            anyhow::ensure!(!roots.is_empty(), "tls.client_ca_file {} holds no certificate", path.display());
            let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
                .build()
                .with_context(|| format!("tls.client_ca_file {}", path.display()))?;
            builder.with_client_cert_verifier(verifier)
        }
        _ => builder.with_no_client_auth(),
    };
    let mut config = builder.with_single_cert(chain, key).with_context(|| {
        format!(
            "tls.key_file {} does not go with the certificate in tls.cert_file {}",
            files.key_file.display(),
            files.cert_file.display()
        )
    })?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}
