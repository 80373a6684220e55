//! `foreman host` and `foreman serve`.

use anyhow::{Context, Result};
use std::path::PathBuf;

/// `foreman host`: the game's links, each with its QR code, then the server until stopped.
/// Nobody's window runs the table: the server deals and plays the Machine in an on-screen
/// game, and at a real table the first seat's device tells them.
pub(super) fn host(
    file: Option<PathBuf>,
    port: u16,
    bind: &str,
    address: Option<String>,
) -> Result<()> {
    use foreman::net::{Table, links, lobby::Hub, table::Runner};
    let file = file.unwrap_or_else(foreman::store::last_game_path);
    let table = Table::open(&file).with_context(|| format!("serving {}", file.display()))?;
    table.set_runner(Runner::Server { maker: 0 });
    let keys = table.keys();
    let names: Vec<String> = {
        let game = table.game();
        (0..game.setup().players.len())
            .map(|s| game.setup().player_name(s))
            .collect()
    };
    // A name given for the links is a name the server answers to.
    let options = foreman::net::lobby::Options {
        names: address.iter().cloned().collect(),
        ..Default::default()
    };
    let hub = Hub::host_with(std::sync::Arc::new(table), options);
    foreman::net::serve_blocking(hub, bind, port, false, None, |at| {
        let host = address
            .clone()
            .or_else(|| links::lan_address().map(|a| a.to_string()))
            .unwrap_or_else(|| "127.0.0.1".to_string());
        let (seats, spectators) = links::urls(&format!("http://{host}:{}", at.port()), &keys);
        println!("Serving {} on {at}", file.display());
        for (name, url) in names.iter().zip(&seats) {
            println!("\n{name}: {url}\n{}", links::qr_text(url));
        }
        println!("Spectators: {spectators}");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
    })
    .context("the server")
}

/// Where `foreman serve` keeps its games.
pub(crate) enum Keep {
    /// A folder of journal files (`--data`), or memory only.
    Folder(Option<PathBuf>),
    /// PostgreSQL (`--database`), as node `node`, reached by the other nodes at `node_url`.
    Database {
        url: String,
        node: Option<String>,
        node_url: Option<String>,
    },
}

/// `foreman serve`: games made and joined on its front page.
pub(super) fn serve(
    port: u16,
    bind: &str,
    keep: Keep,
    options: foreman::net::lobby::Options,
    tls: Option<std::sync::Arc<foreman::net::tls::ServerConfig>>,
) -> Result<()> {
    let scheme = if tls.is_some() { "https" } else { "http" };
    let mut registry: Option<(
        std::sync::Arc<foreman::net::database::Database>,
        Option<String>,
    )> = None;
    let hub = match keep {
        Keep::Folder(data) => {
            if let Some(d) = &data {
                std::fs::create_dir_all(d)
                    .with_context(|| format!("cannot make {}", d.display()))?;
                // Games hold their seeds and seats' keys: this user's only.
                use std::os::unix::fs::PermissionsExt as _;
                let _ = std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o700));
            }
            foreman::net::lobby::Hub::lobby_with(data, options)
        }
        Keep::Database {
            url,
            node,
            node_url,
        } => {
            let node = node
                .unwrap_or_else(|| format!("node-{}", &foreman::net::seat_keys::new_key()[..8]));
            let db = foreman::net::database::Database::connect(&url, &node)
                .context("the database (--database)")?;
            let db = std::sync::Arc::new(db);
            let hub =
                foreman::net::lobby::Hub::lobby_in_database(std::sync::Arc::clone(&db), options)
                    .context("the database's games")?;
            println!(
                "Node {node}: {} games in the database",
                db.games().unwrap_or(0)
            );
            registry = Some((db, node_url));
            hub
        }
    };
    foreman::net::serve_blocking(hub, bind, port, false, tls, |at| {
        // Where the other nodes carry the devices of the games served here.
        if let Some((db, node_url)) = registry {
            let url = node_url.unwrap_or_else(|| {
                let ip = if at.ip().is_unspecified() {
                    foreman::net::links::lan_address()
                        .unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]))
                } else {
                    at.ip()
                };
                format!("http://{}", std::net::SocketAddr::new(ip, at.port()))
            });
            if let Err(e) = db.register(&url) {
                eprintln!("the other nodes cannot reach this one: {e}");
            }
        }
        println!("Serving games on {at}: open {scheme}://{at}/ to make one");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
    })
    .context("the server")
}
