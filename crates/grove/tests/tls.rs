//! TLS of `grove serve`, against a certificate authority made by each test: HTTP/1.1 and
//! HTTP/2 chosen by ALPN on one port, gRPC over TLS, client certificates (mTLS), and
//! certificates reloaded without a restart when their files change and on `SIGHUP`.

// Test helpers outside `#[test]` functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

#[allow(dead_code)] // Killed and free_port are for the tests that start the binary.
mod process_support;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::http::{Request, StatusCode, Version};
use base64::Engine as _;
use grove::config::{Config, TlsSettings};
use grove::serve::Server;
use http_body_util::{BodyExt as _, Empty};
use hyper::body::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo};
use process_support::Scratch;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_rustls::client::TlsStream;
use tokio_rustls::TlsConnector;

/// A certificate authority made for one test.
struct Ca {
    cert: CertificateDer<'static>,
    issuer: Issuer<'static, KeyPair>,
}

/// A certificate issued by a [`Ca`], with its key.
struct Leaf {
    cert: CertificateDer<'static>,
    key: KeyPair,
}

impl Ca {
    fn new(name: &str) -> Self {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        let cert = params.self_signed(&key).unwrap().der().clone();
        Self { cert, issuer: Issuer::new(params, key) }
    }

    /// A certificate for `names` (DNS names or IP addresses).
    fn issue(&self, names: &[&str]) -> Leaf {
        let key = KeyPair::generate().unwrap();
        let params = CertificateParams::new(names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>()).unwrap();
        let cert = params.signed_by(&key, &self.issuer).unwrap().der().clone();
        Leaf { cert, key }
    }
}

fn pem(label: &str, der: &[u8]) -> String {
    let text = base64::engine::general_purpose::STANDARD.encode(der);
    let lines: Vec<&str> = text.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).unwrap()).collect();
    format!("-----BEGIN {label}-----\n{}\n-----END {label}-----\n", lines.join("\n"))
}

/// The server's PEM files in `dir`: its certificate then the CA's (a chain), and its key.
fn write_server_files(dir: &Path, ca: &Ca, leaf: &Leaf) -> (PathBuf, PathBuf) {
    let (cert_file, key_file) = (dir.join("server.crt"), dir.join("server.key"));
    std::fs::write(&cert_file, pem("CERTIFICATE", &leaf.cert) + &pem("CERTIFICATE", &ca.cert)).unwrap();
    std::fs::write(&key_file, pem("PRIVATE KEY", &leaf.key.serialize_der())).unwrap();
    (cert_file, key_file)
}

/// A Grove serving TLS on a loopback port until dropped.
struct Grove {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    served: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Grove {
    async fn start(tls: TlsSettings) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let config = Config { listen: addr, dev: true, tls, ..Config::default() };
        let server = Server::build(config).await.unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let served = tokio::spawn(server.serve(listener, async {
            let _ = stopped.await;
        }));
        Self { addr, stop: Some(stop), served: Some(served) }
    }
}

impl Drop for Grove {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(served) = self.served.take() {
            served.abort();
        }
    }
}

fn settings(cert_file: PathBuf, key_file: PathBuf) -> TlsSettings {
    TlsSettings { cert_file: Some(cert_file), key_file: Some(key_file), ..TlsSettings::default() }
}

/// A client trusting `roots`, offering `alpn`, presenting `identity` when given.
fn client_config(roots: &[&CertificateDer<'static>], alpn: &[&[u8]], identity: Option<&Leaf>) -> Arc<ClientConfig> {
    let mut store = RootCertStore::empty();
    for root in roots {
        store.add((*root).clone()).unwrap();
    }
    let builder = ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(store);
    let mut config = match identity {
        Some(leaf) => builder
            .with_client_auth_cert(
                vec![leaf.cert.clone()],
                PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf.key.serialize_der())),
            )
            .unwrap(),
        None => builder.with_no_client_auth(),
    };
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    Arc::new(config)
}

async fn connect(addr: SocketAddr, config: Arc<ClientConfig>) -> std::io::Result<TlsStream<TcpStream>> {
    let tcp = TcpStream::connect(addr).await?;
    TlsConnector::from(config).connect(ServerName::try_from("localhost").unwrap(), tcp).await
}

/// `GET path` over `stream` with HTTP/1.1 or HTTP/2 (as negotiated); the status and version.
async fn get(stream: TlsStream<TcpStream>, path: &str) -> Result<(StatusCode, Version), hyper::Error> {
    let h2 = stream.get_ref().1.alpn_protocol() == Some(b"h2");
    let request = Request::get(format!("https://localhost{path}")).body(Empty::<Bytes>::new()).unwrap();
    let response = if h2 {
        let (mut sender, conn) =
            hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream)).await?;
        tokio::spawn(conn);
        sender.send_request(request).await?
    } else {
        let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(conn);
        sender.send_request(request).await?
    };
    let (status, version) = (response.status(), response.version());
    response.into_body().collect().await?;
    Ok((status, version))
}

/// Whether a client trusting only `root` is served `/readyz` now.
async fn served_to(addr: SocketAddr, root: &CertificateDer<'static>) -> bool {
    match connect(addr, client_config(&[root], &[b"http/1.1"], None)).await {
        Ok(stream) => matches!(get(stream, "/readyz").await, Ok((StatusCode::OK, _))),
        Err(_) => false,
    }
}

/// Waits up to ten seconds for `check` to hold.
async fn eventually(what: &str, mut check: impl AsyncFnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "{what} did not happen within 10 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn tls_serves_http1_and_h2_chosen_by_alpn_on_one_port() {
    let dir = Scratch::new();
    let ca = Ca::new("grove test CA");
    let (cert, key) = write_server_files(&dir.0, &ca, &ca.issue(&["localhost"]));
    let grove = Grove::start(settings(cert, key)).await;

    let http1 = connect(grove.addr, client_config(&[&ca.cert], &[b"http/1.1"], None)).await.unwrap();
    assert_eq!(http1.get_ref().1.alpn_protocol(), Some(&b"http/1.1"[..]));
    assert_eq!(get(http1, "/readyz").await.unwrap(), (StatusCode::OK, Version::HTTP_11));

    let h2 = connect(grove.addr, client_config(&[&ca.cert], &[b"h2", b"http/1.1"], None)).await.unwrap();
    assert_eq!(h2.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    assert_eq!(get(h2, "/readyz").await.unwrap(), (StatusCode::OK, Version::HTTP_2));

    // A client that trusts another CA refuses the server's certificate.
    let other = Ca::new("another CA");
    let refused = connect(grove.addr, client_config(&[&other.cert], &[b"h2"], None)).await.unwrap_err();
    assert!(refused.to_string().contains("invalid peer certificate"), "{refused}");

    // Plain HTTP on the TLS port gets no HTTP answer.
    let mut plain = TcpStream::connect(grove.addr).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut plain, b"GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), tokio::io::AsyncReadExt::read_to_end(&mut plain, &mut answer))
        .await
        .unwrap();
    assert!(!answer.starts_with(b"HTTP/"), "{}", String::from_utf8_lossy(&answer));
}

#[tokio::test]
async fn grpc_is_served_over_tls() {
    let dir = Scratch::new();
    let ca = Ca::new("grove test CA");
    let (cert, key) = write_server_files(&dir.0, &ca, &ca.issue(&["localhost"]));
    let grove = Grove::start(settings(cert, key)).await;

    let (addr, config) = (grove.addr, client_config(&[&ca.cert], &[b"h2"], None));
    // The TLS is the connector's; tonic sees an already encrypted stream.
    let channel = tonic::transport::Endpoint::from_static("http://localhost")
        .connect_with_connector(tower::service_fn(move |_| {
            let config = config.clone();
            async move { Ok::<_, std::io::Error>(TokioIo::new(connect(addr, config).await?)) }
        }))
        .await
        .unwrap();
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let answer = health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await.unwrap();
    assert_eq!(answer.into_inner().status, tonic_health::pb::health_check_response::ServingStatus::Serving as i32);
}

#[tokio::test]
async fn client_certificates_are_required_when_a_client_ca_is_configured() {
    let dir = Scratch::new();
    let ca = Ca::new("server CA");
    let (cert, key) = write_server_files(&dir.0, &ca, &ca.issue(&["localhost"]));
    let clients = Ca::new("client CA");
    let client_ca_file = dir.0.join("clients.crt");
    std::fs::write(&client_ca_file, pem("CERTIFICATE", &clients.cert)).unwrap();
    let grove = Grove::start(TlsSettings { client_ca_file: Some(client_ca_file), ..settings(cert, key) }).await;

    let admitted = clients.issue(&["ci-runner"]);
    let stream = connect(grove.addr, client_config(&[&ca.cert], &[b"h2"], Some(&admitted))).await.unwrap();
    assert_eq!(get(stream, "/readyz").await.unwrap(), (StatusCode::OK, Version::HTTP_2));

    // Without a certificate, or with one from another CA, no request is answered (in TLS 1.3
    // the server's refusal reaches the client after its side of the handshake).
    let stranger = Ca::new("stranger CA").issue(&["ci-runner"]);
    for identity in [None, Some(&stranger)] {
        let outcome = match connect(grove.addr, client_config(&[&ca.cert], &[b"http/1.1"], identity)).await {
            Ok(stream) => get(stream, "/readyz").await.map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        assert!(outcome.is_err(), "served without an admitted client certificate: {outcome:?}");
    }
}

#[tokio::test]
async fn certificates_are_reloaded_when_their_files_change_and_a_broken_change_keeps_the_old_ones() {
    let dir = Scratch::new();
    let first = Ca::new("first CA");
    let (cert, key) = write_server_files(&dir.0, &first, &first.issue(&["localhost"]));
    let grove = Grove::start(TlsSettings { reload_check_ms: 50, ..settings(cert.clone(), key.clone()) }).await;
    assert!(served_to(grove.addr, &first.cert).await);

    // A key that is not PEM: the change is refused and the first certificate stays.
    std::fs::write(&key, "not a key").unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(served_to(grove.addr, &first.cert).await);

    let second = Ca::new("second CA");
    write_server_files(&dir.0, &second, &second.issue(&["localhost"]));
    eventually("serving the second certificate", async || served_to(grove.addr, &second.cert).await).await;
    assert!(!served_to(grove.addr, &first.cert).await);
}

#[cfg(unix)]
#[tokio::test]
async fn certificates_are_reloaded_on_sighup() {
    let dir = Scratch::new();
    let first = Ca::new("first CA");
    let (cert, key) = write_server_files(&dir.0, &first, &first.issue(&["localhost"]));
    // Files are checked only every hour: only the signal can make the change seen.
    let grove = Grove::start(TlsSettings { reload_check_ms: 3_600_000, ..settings(cert, key) }).await;
    assert!(served_to(grove.addr, &first.cert).await);

    let second = Ca::new("second CA");
    write_server_files(&dir.0, &second, &second.issue(&["localhost"]));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(served_to(grove.addr, &first.cert).await, "reloaded before the signal");
    let status = std::process::Command::new("kill").args(["-HUP", &std::process::id().to_string()]).status().unwrap();
    assert!(status.success());
    eventually("serving the second certificate", async || served_to(grove.addr, &second.cert).await).await;
}

#[tokio::test]
async fn tls_settings_that_cannot_serve_fail_at_start_naming_the_setting() {
    let dir = Scratch::new();
    let ca = Ca::new("grove test CA");
    let (cert, key) = write_server_files(&dir.0, &ca, &ca.issue(&["localhost"]));
    let build = async |tls: TlsSettings| {
        let config = Config { dev: true, tls, ..Config::default() };
        format!("{:#}", Server::build(config).await.err().unwrap())
    };
    let only_cert = TlsSettings { cert_file: Some(cert.clone()), ..TlsSettings::default() };
    assert_eq!(build(only_cert).await, "tls.cert_file is set but tls.key_file is not; set both");
    let missing = dir.0.join("absent.key");
    let error = build(settings(cert.clone(), missing.clone())).await;
    assert!(error.starts_with(&format!("reading tls.key_file {}", missing.display())), "{error}");
    let other_key = dir.0.join("other.key");
    std::fs::write(&other_key, pem("PRIVATE KEY", &KeyPair::generate().unwrap().serialize_der())).unwrap();
    let error = build(settings(cert.clone(), other_key.clone())).await;
    assert!(
        error.starts_with(&format!(
            "tls.key_file {} does not go with the certificate in tls.cert_file {}",
            other_key.display(),
            cert.display()
        )),
        "{error}"
    );
    drop(key);
}
