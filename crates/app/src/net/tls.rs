//! `foreman serve` over HTTPS: a certificate and its key (PEM files) make the server speak
//! TLS itself (rustls, with ring: nothing downloaded, no C library to install). Behind a
//! reverse proxy that holds the certificate instead, the server speaks plain HTTP on the
//! loopback (README, "Online").

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
pub use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::server::TlsStream;

#[derive(Debug, Error)]
pub enum TlsError {
    #[error("cannot read the certificate {path}: {why}")]
    Certificate { path: String, why: String },
    #[error("cannot read the key {path}: {why}")]
    Key { path: String, why: String },
    #[error("the certificate and the key do not go together: {0}")]
    Config(String),
}

/// The server's TLS settings from a certificate chain and its private key (PEM).
pub fn config(cert: &Path, key: &Path) -> Result<Arc<ServerConfig>, TlsError> {
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| TlsError::Certificate {
            path: cert.display().to_string(),
            why: e.to_string(),
        })?;
    if certs.is_empty() {
        return Err(TlsError::Certificate {
            path: cert.display().to_string(),
            why: "no certificate in it".into(),
        });
    }
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| TlsError::Key {
        path: key.display().to_string(),
        why: e.to_string(),
    })?;
    #[allow(deprecated)]
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Config(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| TlsError::Config(e.to_string()))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Connections that finished their TLS handshake, for axum. Handshakes run on their own
/// tasks (a slow or silent client holds up nobody), each within ten seconds.
pub struct TlsListener {
    ready: tokio::sync::mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
    local: SocketAddr,
}

impl TlsListener {
    pub fn new(listener: TcpListener, config: Arc<ServerConfig>) -> std::io::Result<TlsListener> {
        let local = listener.local_addr()?;
        let (tx, ready) = tokio::sync::mpsc::channel(64);
        let acceptor = TlsAcceptor::from(config);
        tokio::spawn(async move {
            loop {
                let (tcp, peer) = match listener.accept().await {
                    Ok(x) => x,
                    Err(e) => {
                        // Out of file descriptors and the like: wait, then go on.
                        tracing::warn!("accepting a connection: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                if let Err(e) = tcp.set_nodelay(true) {
                    tracing::debug!("no TCP_NODELAY: {e}");
                }
                let (acceptor, tx) = (acceptor.clone(), tx.clone());
                tokio::spawn(async move {
                    match tokio::time::timeout(Duration::from_secs(10), acceptor.accept(tcp)).await
                    {
                        Ok(Ok(tls)) => {
                            let _ = tx.send((tls, peer)).await;
                        }
                        Ok(Err(e)) => tracing::debug!("a TLS handshake failed: {e}"),
                        Err(_) => tracing::debug!("a TLS handshake took too long"),
                    }
                });
            }
        });
        Ok(TlsListener { ready, local })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(x) => x,
            // The accepting task ended: nothing more will come.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.local)
    }
}

/// A TLS client's address, as the handlers read it ([`super::server`]'s `Peer`).
#[derive(Debug, Clone, Copy)]
pub struct PeerAddr(pub SocketAddr);

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, TlsListener>>
    for PeerAddr
{
    fn connect_info(stream: axum::serve::IncomingStream<'_, TlsListener>) -> PeerAddr {
        PeerAddr(*stream.remote_addr())
    }
}

/// Serves `hub` over TLS on `listener` until the process ends.
pub async fn run(
    listener: TcpListener,
    config: Arc<ServerConfig>,
    hub: Arc<super::lobby::Hub>,
) -> std::io::Result<()> {
    let listener = TlsListener::new(listener, config)?;
    super::server::expire_now_and_then(&hub);
    axum::serve(
        listener,
        super::server::router(hub).into_make_service_with_connect_info::<PeerAddr>(),
    )
    .await
}
