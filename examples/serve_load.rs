//! The load of many games on one `foreman serve` (issue 73, point 9), on the loopback only,
//! bounded in count and time: GAMES 4-seat digital games (4 sockets each) play random legal
//! actions, each chosen among what the acting seat's own view offers. For every action, the
//! time from sending it to every seat of its game holding the new view; the server's memory
//! per game and its CPU per action.
//!
//!     cargo build --release && cargo run --release --example serve_load -- [GAMES] [ACTIONS] [THINK_MS]
//!
//! (defaults 200 games, 25 actions each, a pause of 0 to 2×THINK_MS ms before each action,
//! THINK_MS 500: a player thinks; 0 plays as fast as the sockets go; the server is
//! `target/release/foreman serve --behind-proxy`, each game's devices giving an address of
//! their own in X-Forwarded-For; the devices run in this process, on the same cores).

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The server's resident memory (kB) and CPU time (s), from /proc.
fn usage(pid: u32) -> (u64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or_default();
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (rss, ticks / 100.0)
}

/// A POST from the client at `from` (the server runs behind its "proxy": this process).
async fn post(addr: &str, from: &str, path: &str, body: &str) -> Value {
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("the server");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nX-Forwarded-For: {from}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("sent");
    let mut out = String::new();
    s.read_to_string(&mut out).await.expect("read");
    let json = out.split("\r\n\r\n").nth(1).unwrap_or("null");
    serde_json::from_str(json).expect("JSON")
}

/// Reads `ws` until its view is at `version` or later; the view.
async fn view_at(ws: &mut Socket, version: u64) -> Option<Value> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .ok()??;
        let Ok(Message::Text(t)) = msg else {
            return None;
        };
        let v: Value = serde_json::from_str(t.as_str()).ok()?;
        if v["type"] == "view" && v["view"]["version"].as_u64() >= Some(version) {
            return Some(v["view"].clone());
        }
    }
}

/// One game's four devices playing `actions` actions; each action's time to every seat.
async fn play(
    addr: String,
    seed: u64,
    actions: usize,
    think: u64,
    deadline: Instant,
) -> Vec<Duration> {
    // Each game's players at an address of their own, as friends online are.
    let from = format!("10.1.{}.{}", seed / 200, seed % 200 + 1);
    let made = post(&addr, &from, "/api/games", r#"{"names":["A","B","C","D"]}"#).await;
    // The maker's own seat, then each invitation opened.
    let mut keys = vec![made["seat"].as_str().unwrap_or_default().to_string()];
    for invite in made["invites"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let seat = post(&addr, &from, &format!("/api/invites/{invite}"), "").await;
        keys.push(seat["key"].as_str().unwrap_or_default().to_string());
    }
    let mut seats: Vec<Socket> = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/ws/{key}?device=load{seed:06}seat{i}")
            .into_client_request()
            .expect("a request");
        req.headers_mut()
            .insert("X-Forwarded-For", from.parse().expect("an address"));
        // As a browser does: small messages sent at once (no Nagle).
        let (ws, _) = tokio_tungstenite::connect_async_with_config(req, None, true)
            .await
            .expect("a socket");
        seats.push(ws);
    }
    let mut views = Vec::new();
    for ws in &mut seats {
        views.push(view_at(ws, 0).await.expect("a first view"));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut times = Vec::new();
    for id in 0..actions as u64 {
        if Instant::now() > deadline || views[0]["over"] == true {
            break;
        }
        let who: Vec<usize> = (0..4)
            .filter(|&s| {
                views[s]["actions"]
                    .as_array()
                    .is_some_and(|a| !a.is_empty())
            })
            .collect();
        if who.is_empty() {
            break;
        }
        if think > 0 {
            let pause = rng.random_range(0..2 * think);
            tokio::time::sleep(Duration::from_millis(pause)).await;
        }
        let s = who[rng.random_range(0..who.len())];
        let acts = views[s]["actions"].as_array().cloned().unwrap_or_default();
        let act = &acts[rng.random_range(0..acts.len())]["act"];
        let version = views[s]["version"].as_u64().unwrap_or(0);
        let msg = json!({"type": "act", "id": id, "seen": version, "act": act});
        let sent = Instant::now();
        if seats[s].send(Message::text(msg.to_string())).await.is_err() {
            break;
        }
        for (k, ws) in seats.iter_mut().enumerate() {
            match view_at(ws, version + 1).await {
                Some(v) => views[k] = v,
                None => return times,
            }
        }
        times.push(sent.elapsed());
    }
    for ws in &mut seats {
        let _ = ws.close(None).await;
    }
    times
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let actions: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(25);
    let think: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(500);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let mut server = std::process::Command::new("target/release/foreman")
        .args([
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--behind-proxy",
        ])
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
    let (rss0, cpu0) = usage(server.id());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    // At most 3 minutes of play whatever the counts.
    let deadline = Instant::now() + Duration::from_secs(180);
    let began = Instant::now();
    let (times, rss_playing) = rt.block_on(async {
        let mut tasks = Vec::new();
        for g in 0..games {
            tasks.push(tokio::spawn(play(
                addr.clone(),
                g as u64,
                actions,
                think,
                deadline,
            )));
        }
        // Memory while every game is open (each task holds its sockets until its last action).
        tokio::time::sleep(Duration::from_secs(3)).await;
        let rss = usage(server.id()).0;
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap_or_default());
        }
        (all, rss)
    });
    let wall = began.elapsed();
    let (_, cpu1) = usage(server.id());
    let _ = server.kill();
    let _ = server.wait();
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let q = |p: f64| {
        ms.get(((ms.len() as f64 * p) as usize).min(ms.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{games} games, {} connections, {} actions in {:.1} s (a pause of 0 to {} ms before each)",
        games * 4,
        ms.len(),
        wall.as_secs_f64(),
        2 * think
    );
    println!(
        "action to every seat's view: median {:.1} ms, p95 {:.1} ms, worst {:.1} ms",
        q(0.5),
        q(0.95),
        q(1.0)
    );
    println!(
        "server memory: {:.1} MB at start, {:.1} MB with every game open: {:.0} kB per game",
        rss0 as f64 / 1024.0,
        rss_playing as f64 / 1024.0,
        rss_playing.saturating_sub(rss0) as f64 / games.max(1) as f64
    );
    println!(
        "server CPU: {:.1} s over {:.1} s of play ({:.0}% of one core), {:.2} ms per action",
        cpu1 - cpu0,
        wall.as_secs_f64(),
        100.0 * (cpu1 - cpu0) / wall.as_secs_f64(),
        1000.0 * (cpu1 - cpu0) / ms.len().max(1) as f64
    );
}
