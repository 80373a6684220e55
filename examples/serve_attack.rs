//! One client attacking a `foreman serve` while honest games play on it (issue 87, what to
//! build 4), on the loopback only, bounded in time: first the honest games alone (the
//! baseline), then the same games while one address floods messages and binary frames, opens
//! as many sockets as it can, asks *Suggest* over and over at a position where the planner
//! reaches its limit, makes games and guesses codes. For every honest action, the time from
//! sending it to every seat of its game holding the new view, in both phases of the same run.
//!
//!     cargo build --release && cargo run --release --features tools --example serve_attack -- [GAMES] [SECONDS] [THINK_MS]
//!         [--database postgres://… [--nodes N]]
//!
//! With `--database` (an empty database), N nodes keep the games in PostgreSQL (issue 93): the
//! honest games are made on them in turn, and the attacker reaches the node that does not serve
//! its game (its sockets carried to the owner, its guesses looked up in the database).
//!
//! (defaults 20 four-seat games, 30 s a phase, players pausing 0 to 2×THINK_MS ms, THINK_MS
//! 300; the server is `target/release/foreman serve --behind-proxy`, each client giving its
//! own address in X-Forwarded-For; the clients run in this process, on the same cores).

#[path = "serving/mod.rs"]
mod serving;

use foreman::engine::{Game, Phase, Setup};
use foreman::net::SeatKeys;
use foreman::planner::{Limit, Weights, plan_with};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serving::{http, socket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

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
    reconnects: AtomicUsize,
    reconnects_seated: AtomicUsize,
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

/// The honest games, how long the attack lasts (s), the longest pause between two honest
/// actions (ms).
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value_t = 20)]
    games: usize,
    #[arg(default_value_t = 30)]
    seconds: u64,
    #[arg(default_value_t = 300)]
    think: u64,
    /// Keep the games in this PostgreSQL database (an empty one).
    #[arg(long)]
    database: Option<String>,
    /// How many nodes serve the database.
    #[arg(long, default_value_t = 2, requires = "database")]
    nodes: usize,
}

fn main() {
    let Args {
        games,
        seconds,
        think,
        database,
        nodes,
    } = clap::Parser::parse();
    let capped = capped_position().expect("a position at the planner's limit");
    let mut keys = SeatKeys::for_lobby(2);
    let attack_key = keys.claim(0).expect("seat 0");
    keys.claim(1);
    let data = tempfile::tempdir().expect("a data folder");
    // The servers, the address the honest games are made on in turn, and the attacker's.
    let (servers, addrs, attack_addr) = match &database {
        None => {
            let path = data.path().join("ATTACK.json");
            foreman::store::save_game(&path, &capped).expect("saved");
            keys.write_for(&path).expect("keys saved");
            let data = data.path().to_string_lossy().to_string();
            let (server, addr) = serving::server(&["--data".to_string(), data]);
            (vec![server], vec![addr.clone()], addr)
        }
        Some(url) => {
            // The attacker's game kept in the database, served by nobody: a node takes it.
            let db = foreman::net::database::Database::connect(url, "attack-setup")
                .expect("the database");
            db.create("ATTACK", &capped, None, &keys)
                .expect("the attacker's game kept");
            db.release_all().expect("its lease given up");
            let mut servers = Vec::new();
            let mut addrs = Vec::new();
            for n in 0..nodes.max(2) {
                let (server, addr) = serving::server(&[
                    "--database".to_string(),
                    url.clone(),
                    "--node".to_string(),
                    format!("node{n}"),
                ]);
                servers.push(server);
                addrs.push(addr);
            }
            // The attacker goes to a node that does not serve its game.
            let start = Instant::now();
            let owner = loop {
                if let Ok(Some(Some(owner))) = db.game_node("ATTACK") {
                    break owner;
                }
                assert!(
                    start.elapsed() < Duration::from_secs(20),
                    "nobody serves it"
                );
                std::thread::sleep(Duration::from_millis(100));
            };
            let other = (0..addrs.len())
                .find(|n| format!("node{n}") != owner)
                .unwrap_or(0);
            println!("the attacker's game is served by {owner}; it reaches node{other}");
            let attack_addr = addrs[other].clone();
            (servers, addrs, attack_addr)
        }
    };
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
            let addr = addrs[g % addrs.len()].clone();
            let (attack, stop) = (Arc::clone(&attack), Arc::clone(&stop));
            tasks.push(tokio::spawn(async move {
                let go = || !stop.load(Ordering::Relaxed);
                serving::play(
                    &addr,
                    g as u64,
                    think,
                    |_| async {},
                    go,
                    || attack.load(Ordering::Relaxed),
                )
                .await
            }));
        }
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        // The attack, from one address.
        attack.store(true, Ordering::Relaxed);
        let quit = Arc::new(AtomicBool::new(false));
        let mut attackers = Vec::new();
        for i in 0..100 {
            attackers.push(tokio::spawn(flood(
                attack_addr.clone(),
                attack_key.clone(),
                format!("attacker{i:04}"),
                Arc::clone(&got),
                Arc::clone(&quit),
            )));
        }
        // Its seat's link opened and closed again as fast as it goes.
        for r in 0..4 {
            let (a, key, got, quit) = (
                attack_addr.clone(),
                attack_key.clone(),
                Arc::clone(&got),
                Arc::clone(&quit),
            );
            attackers.push(tokio::spawn(async move {
                while !quit.load(Ordering::Relaxed) {
                    got.reconnects.fetch_add(1, Ordering::Relaxed);
                    if let Some(mut ws) =
                        socket(&a, "10.66.6.6", &key, &format!("again{r:05}")).await
                    {
                        if let Ok(Some(Ok(Message::Text(t)))) =
                            tokio::time::timeout(Duration::from_secs(2), ws.next()).await
                            && t.contains("\"view\"")
                        {
                            got.reconnects_seated.fetch_add(1, Ordering::Relaxed);
                        }
                        let _ = ws.close(None).await;
                    }
                }
            }));
        }
        let (a, g2, q2) = (attack_addr.clone(), Arc::clone(&got), Arc::clone(&quit));
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
    for mut server in servers {
        let _ = server.kill();
        let _ = server.wait();
    }
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
        "the attacker: {} sockets in, {} refused; {} messages sent, {} answered; {} suggestions, {} told busy; games made {} refused {}; code lookups answered {} slowed {}; its link opened again {} times, {} with a view",
        g(&got.sockets_in),
        g(&got.sockets_refused),
        g(&got.sent),
        g(&got.answered),
        g(&got.suggestions),
        g(&got.busy),
        g(&got.games_made),
        g(&got.games_refused),
        g(&got.lookups_answered),
        g(&got.lookups_slowed),
        g(&got.reconnects),
        g(&got.reconnects_seated)
    );
}
