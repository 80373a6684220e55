//! Every seat on its own screen (issue 73): the host serves a game to each player's device,
//! over HTTP and WebSockets (`server`), from one authority (`table::Table`); each device
//! receives only its seat's view (`view`), and sends actions for its own seat (`wire`).
//! A seat's link carries a key of 128 random bits (`keys`); the page is embedded (`page`).

#[cfg(not(target_arch = "wasm32"))]
pub mod carry;
#[cfg(not(target_arch = "wasm32"))]
pub mod database;
#[cfg(not(target_arch = "wasm32"))]
pub mod devices;
#[cfg(not(target_arch = "wasm32"))]
pub mod guard;
#[cfg(not(target_arch = "wasm32"))]
pub mod links;
#[cfg(not(target_arch = "wasm32"))]
pub mod lobby;
pub mod log;
#[cfg(not(target_arch = "wasm32"))]
pub mod page;
#[cfg(not(target_arch = "wasm32"))]
pub mod play;
#[cfg(not(target_arch = "wasm32"))]
pub mod pool;
pub mod seat_keys;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;
pub mod suggest;
pub mod table;
#[cfg(not(target_arch = "wasm32"))]
pub mod tls;
pub mod view;
pub mod wire;

pub use seat_keys::SeatKeys;
pub use table::{Played, Refusal, Source, Table};

#[cfg(not(target_arch = "wasm32"))]
/// Serves `hub` on `bind:port` until the process ends, on a runtime of its own; with
/// `any_port`, on a port the system gives when `port` is taken; over HTTPS with `secure`.
pub fn serve_blocking(
    hub: std::sync::Arc<lobby::Hub>,
    bind: &str,
    port: u16,
    any_port: bool,
    secure: Option<std::sync::Arc<tls::ServerConfig>>,
    ready: impl FnOnce(std::net::SocketAddr),
) -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind((bind, port)).await {
            Err(e) if any_port && e.kind() == std::io::ErrorKind::AddrInUse => {
                tokio::net::TcpListener::bind((bind, 0)).await?
            }
            other => other?,
        };
        ready(listener.local_addr()?);
        let shared = hub.shared().then(|| std::sync::Arc::clone(&hub));
        let serving = async move {
            match secure {
                Some(config) => tls::run(listener, config, hub).await,
                None => server::run(listener, hub).await,
            }
        };
        let Some(hub) = shared else {
            return serving.await;
        };
        // A node of a database stopped (Ctrl-C, SIGTERM) gives its games up at once: another
        // node serves them to the devices that open them again, without waiting for leases
        // to run out.
        tokio::select! {
            served = serving => served,
            stopped = stop_asked() => {
                let _ = tokio::task::spawn_blocking(move || hub.stop()).await;
                stopped
            }
        }
    })
}

/// Ctrl-C or SIGTERM.
#[cfg(not(target_arch = "wasm32"))]
async fn stop_asked() -> std::io::Result<()> {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        c = tokio::signal::ctrl_c() => c,
        _ = term.recv() => Ok(()),
    }
}
