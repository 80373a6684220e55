//! What `serve_load` and `serve_attack` share: an honest four-seat game played on a
//! `foreman serve --behind-proxy` by devices at an address of their own (X-Forwarded-For),
//! timed from each action sent to every seat holding the new view.

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A `target/release/foreman serve --behind-proxy` on a free port of the loopback, with
/// `more` arguments: the process, its address.
pub fn server(more: &[String]) -> (std::process::Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let server = std::process::Command::new("target/release/foreman")
        .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
        .arg("--behind-proxy")
        .args(more)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("target/release/foreman (cargo build --release first)");
    let addr = format!("127.0.0.1:{port}");
    let start = Instant::now();
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (server, addr)
}

/// An HTTP request from the client at `from`: status and body.
pub async fn http(addr: &str, from: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
        return (0, String::new());
    };
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nX-Forwarded-For: {from}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    if s.write_all(req.as_bytes()).await.is_err() {
        return (0, String::new());
    }
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    (
        status,
        out.split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string(),
    )
}

/// A seat's socket from the client at `from`, as device `device` (small messages sent at once,
/// as a browser does).
pub async fn socket(addr: &str, from: &str, key: &str, device: &str) -> Option<Socket> {
    let mut req = format!("ws://{addr}/ws/{key}?lang=en&device={device}")
        .into_client_request()
        .ok()?;
    req.headers_mut()
        .insert("X-Forwarded-For", from.parse().ok()?);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(req, None, true)
        .await
        .ok()?;
    Some(ws)
}

/// What a device of the benchmark reads of a view: its version, whether the game is over,
/// the actions it offers (the rest is skipped, not built: the load is the server's work, not
/// the reader's).
pub struct Seen {
    pub version: u64,
    pub over: bool,
    pub acts: Vec<Value>,
}

#[derive(serde::Deserialize)]
struct Said {
    #[serde(rename = "type")]
    kind: String,
    view: Option<SeenView>,
}

#[derive(serde::Deserialize)]
struct SeenView {
    version: u64,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    actions: Vec<Offered>,
}

#[derive(serde::Deserialize)]
struct Offered {
    act: Value,
}

/// Reads `ws` until its view is at `version` or later; the view.
pub async fn view_at(ws: &mut Socket, version: u64) -> Option<Seen> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .ok()??;
        let Ok(Message::Text(t)) = msg else {
            return None;
        };
        let Ok(said) = serde_json::from_str::<Said>(t.as_str()) else {
            continue;
        };
        if said.kind == "view"
            && let Some(v) = said.view
            && v.version >= version
        {
            return Some(Seen {
                version: v.version,
                over: v.over,
                acts: v.actions.into_iter().map(|o| o.act).collect(),
            });
        }
    }
}

/// Game `g`'s four devices at an address of their own: the game made, its invitations opened,
/// random actions of what each seat's view offers (a pause of 0 to 2×`think` ms before each)
/// while `go()` says so; each action's time to every seat, with `tag()` at its sending.
/// `seated` is told how long the game took to make and seat, and play begins when it returns.
pub async fn play<T, S: Future<Output = ()>>(
    addr: &str,
    g: u64,
    think: u64,
    seated: impl FnOnce(Duration) -> S,
    go: impl Fn() -> bool,
    tag: impl Fn() -> T,
) -> Vec<(T, Duration)> {
    let began = Instant::now();
    let from = format!("10.1.{}.{}", g / 200, g % 200 + 1);
    let (status, body) = http(
        addr,
        &from,
        "POST",
        "/api/games",
        r#"{"names":["A","B","C","D"]}"#,
    )
    .await;
    assert_eq!(status, 200, "a game: {body}");
    let made: Value = serde_json::from_str(&body).expect("JSON");
    // The maker's own seat, then each invitation opened.
    let mut keys = vec![made["seat"].as_str().unwrap_or_default().to_string()];
    for invite in made["invites"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let (_, body) = http(addr, &from, "POST", &format!("/api/invites/{invite}"), "").await;
        let seat: Value = serde_json::from_str(&body).expect("a seat");
        keys.push(seat["key"].as_str().unwrap_or_default().to_string());
    }
    let mut seats = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        seats.push(
            socket(addr, &from, key, &format!("game{g:06}seat{i}"))
                .await
                .expect("a socket"),
        );
    }
    let mut views = Vec::new();
    for ws in &mut seats {
        views.push(view_at(ws, 0).await.expect("a first view"));
    }
    seated(began.elapsed()).await;
    let mut rng = StdRng::seed_from_u64(g);
    let mut times = Vec::new();
    let mut id = 0u64;
    while go() && !views[0].over {
        let who: Vec<usize> = (0..4).filter(|&s| !views[s].acts.is_empty()).collect();
        if who.is_empty() {
            break;
        }
        if think > 0 {
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..2 * think))).await;
        }
        let s = who[rng.random_range(0..who.len())];
        let act = &views[s].acts[rng.random_range(0..views[s].acts.len())];
        let version = views[s].version;
        id += 1;
        let label = tag();
        let sent = Instant::now();
        let msg = json!({"type": "act", "id": id, "seen": version, "act": act});
        if seats[s].send(Message::text(msg.to_string())).await.is_err() {
            break;
        }
        for (k, ws) in seats.iter_mut().enumerate() {
            match view_at(ws, version + 1).await {
                Some(v) => views[k] = v,
                None => return times,
            }
        }
        times.push((label, sent.elapsed()));
    }
    for ws in &mut seats {
        let _ = ws.close(None).await;
    }
    times
}
