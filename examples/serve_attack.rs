//! One client attacking a `foreman serve` while honest games play on it (issue 87, what to
//! build 4), on the loopback only, bounded in time: first the honest games alone (the
//! baseline), then the same games while one address floods messages and binary frames, opens
//! as many sockets as it can, asks *Suggest* over and over at a position where the planner
//! reaches its limit, makes games and guesses codes. For every honest action, the time from
//! sending it to every seat of its game holding the new view, in both phases of the same run.
//!
//!     cargo build --release && cargo run --release --example serve_attack -- [GAMES] [SECONDS] [THINK_MS]
//!
//! (defaults 20 four-seat games, 30 s a phase, players pausing 0 to 2×THINK_MS ms, THINK_MS
//! 300; the server is `target/release/foreman serve --behind-proxy`, each client giving its
//! own address in X-Forwarded-For; the clients run in this process, on the same cores).

use foreman::engine::{Game, Phase, Setup};
use foreman::net::SeatKeys;
use foreman::planner::{Limit, Weights, plan_with};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// An HTTP request from the client at `from`: status and body.
async fn http(addr: &str, from: &str, method: &str, path: &str, body: &str) -> (u16, String) {
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

async fn socket(addr: &str, from: &str, key: &str, device: &str) -> Option<Socket> {
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

/// One honest game from its own address: made, its invitations opened, played until `stop`;
/// each action's time to every seat, and whether it was during the attack.
async fn honest(
    addr: String,
    g: usize,
    think: u64,
    attack: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
) -> Vec<(bool, Duration)> {
    let from = format!("10.1.{}.{}", g / 200, g % 200 + 1);
    let (status, body) = http(
        &addr,
        &from,
        "POST",
        "/api/games",
        r#"{"names":["A","B","C","D"]}"#,
    )
    .await;
    assert_eq!(status, 200, "an honest game: {body}");
    let made: Value = serde_json::from_str(&body).expect("JSON");
    let mut keys = vec![made["seat"].as_str().unwrap_or_default().to_string()];
    for invite in made["invites"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let (_, body) = http(&addr, &from, "POST", &format!("/api/invites/{invite}"), "").await;
        let key: Value = serde_json::from_str(&body).expect("a seat");
        keys.push(key["key"].as_str().unwrap_or_default().to_string());
    }
    let mut seats = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        seats.push(
            socket(&addr, &from, key, &format!("honest{g:04}seat{i}"))
                .await
                .expect("a socket"),
        );
    }
    let mut views = Vec::new();
    for ws in &mut seats {
        views.push(view_at(ws, 0).await.expect("a first view"));
    }
    let mut rng = StdRng::seed_from_u64(g as u64);
    let mut times = Vec::new();
    let mut id = 0u64;
    while !stop.load(Ordering::Relaxed) && views[0]["over"] != true {
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
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..2 * think.max(1)))).await;
        let s = who[rng.random_range(0..who.len())];
        let acts = views[s]["actions"].as_array().cloned().unwrap_or_default();
        let act = &acts[rng.random_range(0..acts.len())]["act"];
        let version = views[s]["version"].as_u64().unwrap_or(0);
        id += 1;
        let during = attack.load(Ordering::Relaxed);
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
        times.push((during, sent.elapsed()));
    }
    times
}

/// What the attacker got through.
#[derive(Default)]
struct Got {
    sockets_in: AtomicUsize,
    sockets_refused: AtomicUsize,
    sent: AtomicUsize,
    answered: AtomicUsize,
    suggestions: AtomicUsize,
    busy: AtomicUsize,
    games_made: AtomicUsize,
    games_refused: AtomicUsize,
    lookups_answered: AtomicUsize,
    lookups_slowed: AtomicUsize,
}

/// One of the attacker's sockets: floods until `stop`, asking Suggest at every turn.
async fn flood(addr: String, key: String, device: String, got: Arc<Got>, stop: Arc<AtomicBool>) {
    const FROM: &str = "10.66.6.6";
    let Some(ws) = socket(&addr, FROM, &key, &device).await else {
        got.sockets_refused.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let (mut tx, mut rx) = ws.split();
    let first = rx.next().await;
    if !matches!(&first, Some(Ok(Message::Text(t))) if t.contains("\"view\"") || t.contains("elsewhere"))
    {
        got.sockets_refused.fetch_add(1, Ordering::Relaxed);
        return;
    }
    got.sockets_in.fetch_add(1, Ordering::Relaxed);
    let reader = {
        let got = Arc::clone(&got);
        tokio::spawn(async move {
            while let Some(Ok(Message::Text(t))) = rx.next().await {
                got.answered.fetch_add(1, Ordering::Relaxed);
                if t.contains("\"suggestion\"") {
                    got.suggestions.fetch_add(1, Ordering::Relaxed);
                } else if t.contains("busy") {
                    got.busy.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    let mut n = 0u64;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let msg = match n % 4 {
            0 => Message::binary(vec![0u8; 4096]),
            1 => Message::text(r#"{"type":"lang","lang":"fr"}"#),
            2 => Message::text("{garbage"),
            _ => Message::text(r#"{"type":"suggest"}"#),
        };
        // As fast as the socket takes them (the server reads each after its tokens).
        match tokio::time::timeout(Duration::from_millis(500), tx.send(msg)).await {
            Ok(Ok(())) => {
                got.sent.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Err(_)) => break,
            Err(_) => {}
        }
    }
    reader.abort();
}

/// A 2-player on-screen game at seat 0's work phase, rolled, where the planner reaches its
/// limit (found by playing planner bots).
fn capped_position() -> Option<Game> {
    let started = Instant::now();
    for seed in 1..400u64 {
        let mut g = Game::new_dealt(Setup::players(2, seed)).ok()?;
        let mut bot = foreman::bots::Bot::new(foreman::bots::BotKind::Planner, seed);
        while !g.state().is_over() && g.journal().len() < 600 {
            let st = g.state();
            if matches!(st.phase, Phase::Work { rolled: true, .. })
                && st.current_player() == Some(0)
            {
                let known = g.known_to(Some(0));
                if plan_with(known.game(), &Weights::default(), Limit::SUGGEST)
                    .is_ok_and(|p| !p.exact)
                {
                    println!(
                        "a capped position: seed {seed}, action {} ({:.0} s to find)",
                        g.journal().len(),
                        started.elapsed().as_secs_f64()
                    );
                    return Some(g);
                }
            }
            let act = bot.choose(&g.position_known_to(g.state().current_player()))?;
            g.apply_digital(act).ok()?;
        }
    }
    None
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let think: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let data = tempfile::tempdir().expect("a data folder");
    let capped = capped_position().expect("a position at the planner's limit");
    let path = data.path().join("ATTACK.json");
    foreman::store::save_game(&path, &capped).expect("saved");
    let mut keys = SeatKeys::for_lobby(2);
    let attack_key = keys.claim(0).expect("seat 0");
    keys.claim(1);
    keys.write_for(&path).expect("keys saved");
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
        .arg("--data")
        .arg(data.path())
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
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let attack = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let got = Arc::new(Got::default());
    let times = rt.block_on(async {
        let mut tasks = Vec::new();
        for g in 0..games {
            tasks.push(tokio::spawn(honest(
                addr.clone(),
                g,
                think,
                Arc::clone(&attack),
                Arc::clone(&stop),
            )));
        }
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        // The attack, from one address.
        attack.store(true, Ordering::Relaxed);
        let quit = Arc::new(AtomicBool::new(false));
        let mut attackers = Vec::new();
        for i in 0..100 {
            attackers.push(tokio::spawn(flood(
                addr.clone(),
                attack_key.clone(),
                format!("attacker{i:04}"),
                Arc::clone(&got),
                Arc::clone(&quit),
            )));
        }
        let (a, g2, q2) = (addr.clone(), Arc::clone(&got), Arc::clone(&quit));
        attackers.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(66);
            while !q2.load(Ordering::Relaxed) {
                let (status, _) = http(
                    &a,
                    "10.66.6.6",
                    "POST",
                    "/api/games",
                    r#"{"names":["X","Y","Z","W","V"]}"#,
                )
                .await;
                let c = if status == 200 {
                    &g2.games_made
                } else {
                    &g2.games_refused
                };
                c.fetch_add(1, Ordering::Relaxed);
                let code: String = (0..6)
                    .map(|_| {
                        char::from(b"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[rng.random_range(0..31)])
                    })
                    .collect();
                let (status, _) =
                    http(&a, "10.66.6.6", "GET", &format!("/api/games/{code}"), "").await;
                let c = if status == 429 {
                    &g2.lookups_slowed
                } else {
                    &g2.lookups_answered
                };
                c.fetch_add(1, Ordering::Relaxed);
            }
        }));
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        stop.store(true, Ordering::Relaxed);
        quit.store(true, Ordering::Relaxed);
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap_or_default());
        }
        for a in attackers {
            a.abort();
        }
        all
    });
    let _ = server.kill();
    let _ = server.wait();
    let stats = |during: bool| {
        let mut ms: Vec<f64> = times
            .iter()
            .filter(|(d, _)| *d == during)
            .map(|(_, t)| t.as_secs_f64() * 1000.0)
            .collect();
        ms.sort_by(f64::total_cmp);
        let q = |p: f64| {
            ms.get(((ms.len() as f64 * p) as usize).min(ms.len().saturating_sub(1)))
                .copied()
                .unwrap_or(0.0)
        };
        (ms.len(), q(0.5), q(0.95), q(1.0))
    };
    let (n0, m0, p0, w0) = stats(false);
    let (n1, m1, p1, w1) = stats(true);
    println!(
        "{games} honest four-seat games, players pausing 0 to {} ms; {seconds} s alone, then {seconds} s under attack",
        2 * think
    );
    println!(
        "action to every seat's view, alone:        {n0} actions, median {m0:.1} ms, p95 {p0:.1} ms, worst {w0:.1} ms"
    );
    println!(
        "action to every seat's view, under attack: {n1} actions, median {m1:.1} ms, p95 {p1:.1} ms, worst {w1:.1} ms (target p95 ≤ 25 ms)"
    );
    let g = |c: &AtomicUsize| c.load(Ordering::Relaxed);
    println!(
        "the attacker: {} sockets in, {} refused; {} messages sent, {} answered; {} suggestions, {} told busy; games made {} refused {}; code lookups answered {} slowed {}",
        g(&got.sockets_in),
        g(&got.sockets_refused),
        g(&got.sent),
        g(&got.answered),
        g(&got.suggestions),
        g(&got.busy),
        g(&got.games_made),
        g(&got.games_refused),
        g(&got.lookups_answered),
        g(&got.lookups_slowed)
    );
}
