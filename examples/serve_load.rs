//! The load of many games on one `foreman serve` (issue 73, point 9), on the loopback only,
//! bounded in count and time: GAMES 4-seat digital games (4 sockets each) play random legal
//! actions, each chosen among what the acting seat's own view offers. For every action, the
//! time from sending it to every seat of its game holding the new view; the server's memory
//! per game and its CPU per action.
//!
//!     cargo build --release && cargo run --release --features tools --example serve_load -- [GAMES] [ACTIONS] [THINK_MS]
//!         [--database postgres://… [--nodes N]]
//!
//! With `--database`, the games are kept in PostgreSQL by N nodes (`foreman serve --database`),
//! each game made on and played at node `g % N`, and the database's rows and bytes per game
//! are said at the end.
//!
//! Every game is made and seated first (as at a club's evening, not all in the same second);
//! play begins when the last is, and the time to make and seat them is said on its own.
//!
//! (defaults 200 games, 25 actions each, a pause of 0 to 2×THINK_MS ms before each action,
//! THINK_MS 500: a player thinks; 0 plays as fast as the sockets go; the server is
//! `target/release/foreman serve --behind-proxy`, each game's devices giving an address of
//! their own in X-Forwarded-For; the devices run in this process, on the same cores).

#[path = "serving/mod.rs"]
mod serving;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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

/// The load: four-seat games, each seat's actions, the longest pause between two (ms).
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value_t = 200)]
    games: usize,
    #[arg(default_value_t = 25)]
    actions: usize,
    #[arg(default_value_t = 500)]
    think: u64,
    /// Keep the games in this PostgreSQL database (an empty one: its tables are counted).
    #[arg(long)]
    database: Option<String>,
    /// How many nodes serve the database.
    #[arg(long, default_value_t = 1, requires = "database")]
    nodes: usize,
}

/// A node of the load: games without limits, kept in `database` when given.
fn server(database: Option<&str>, node: usize) -> (std::process::Child, String) {
    let mut args: Vec<String> = ["--max-games", "100000", "--games-per-hour", "100000"]
        .map(String::from)
        .to_vec();
    if let Some(url) = database {
        args.extend(["--database".into(), url.to_string()]);
        args.extend(["--node".into(), format!("bench{node}")]);
    }
    serving::server(&args)
}

fn main() {
    let Args {
        games,
        actions,
        think,
        database,
        nodes,
    } = clap::Parser::parse();
    let nodes = if database.is_some() { nodes.max(1) } else { 1 };
    let servers: Vec<(std::process::Child, String)> =
        (0..nodes).map(|n| server(database.as_deref(), n)).collect();
    let server = &servers[0].0;
    let addrs: Vec<String> = servers.iter().map(|(_, a)| a.clone()).collect();
    let rss0 = usage(server.id()).0;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    // At most 3 minutes of play whatever the counts.
    let deadline = Instant::now() + Duration::from_secs(180);
    let seated = Arc::new(std::sync::Mutex::new(Vec::new()));
    let (start, started) = tokio::sync::watch::channel(false);
    let (times, (rss_playing, cpu0, wall), setup) = rt.block_on(async {
        let mut tasks = Vec::new();
        for g in 0..games {
            let addr = addrs[g % addrs.len()].clone();
            let (seated, mut started) = (Arc::clone(&seated), started.clone());
            tasks.push(tokio::spawn(async move {
                let seated = |took: Duration| async move {
                    if let Ok(mut s) = seated.lock() {
                        s.push(took);
                    }
                    let _ = started.wait_for(|go| *go).await;
                };
                // At most `actions` actions, within the deadline.
                let played = Arc::new(AtomicUsize::new(0));
                let go = || {
                    Instant::now() < deadline && played.fetch_add(1, Ordering::Relaxed) < actions
                };
                serving::play(&addr, g as u64, think, seated, go, || ()).await
            }));
        }
        // Play begins when every game is seated (or a game failed: its task ended).
        let setting = Instant::now();
        while seated.lock().map_or(0, |s| s.len()) < games
            && !tasks.iter().any(|t| t.is_finished())
            && setting.elapsed() < Duration::from_secs(120)
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let setup = setting.elapsed();
        // Memory with every game open, CPU counted from the first action.
        let (rss, cpu) = usage(server.id());
        let playing = Instant::now();
        let _ = start.send(true);
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap_or_default().into_iter().map(|(_, d)| d));
        }
        (all, (rss, cpu, playing.elapsed()), setup)
    });
    let (_, cpu1) = usage(server.id());
    for (mut s, _) in servers {
        let _ = s.kill();
        let _ = s.wait();
    }
    let ms = sorted_ms(&times);
    let q = |p: f64| quantile(&ms, p);
    let made = sorted_ms(&seated.lock().map(|s| s.clone()).unwrap_or_default());
    println!(
        "setting up: {} of {games} games made and seated in {:.1} s, each in: median {:.0} ms, p95 {:.0} ms",
        made.len(),
        setup.as_secs_f64(),
        quantile(&made, 0.5),
        quantile(&made, 0.95)
    );
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
    if let Some(url) = &database {
        database_size(url, games);
    }
    println!(
        "server memory (node 1): {:.1} MB at start, {:.1} MB with its games open: {:.0} kB per game",
        rss0 as f64 / 1024.0,
        rss_playing as f64 / 1024.0,
        rss_playing.saturating_sub(rss0) as f64 / games.div_ceil(nodes).max(1) as f64
    );
    println!(
        "server CPU (node 1): {:.1} s over {:.1} s of play ({:.0}% of one core), {:.2} ms per action",
        cpu1 - cpu0,
        wall.as_secs_f64(),
        100.0 * (cpu1 - cpu0) / wall.as_secs_f64(),
        1000.0 * (cpu1 - cpu0) / ms.len().max(1) as f64
    );
}

fn sorted_ms(times: &[Duration]) -> Vec<f64> {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    ms
}

fn quantile(ms: &[f64], p: f64) -> f64 {
    ms.get(((ms.len() as f64 * p) as usize).min(ms.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0.0)
}

/// The database's rows and bytes per game (tables with their indexes and TOAST).
fn database_size(url: &str, games: usize) {
    let mut c = match postgres::Client::connect(url, postgres::NoTls) {
        Ok(c) => c,
        Err(e) => {
            println!("the database: {e}");
            return;
        }
    };
    let mut rows = 0i64;
    let mut bytes = 0i64;
    for table in ["games", "actions", "seat_keys"] {
        let n: i64 = c
            .query_one(&format!("SELECT count(*) FROM {table}"), &[])
            .map_or(0, |r| r.get(0));
        let b: i64 = c
            .query_one(&format!("SELECT pg_total_relation_size('{table}')"), &[])
            .map_or(0, |r| r.get(0));
        println!("database: {table} {n} rows, {:.1} MB", b as f64 / 1e6);
        rows += n;
        bytes += b;
    }
    let kept: i64 = c
        .query_one("SELECT count(*) FROM games", &[])
        .map_or(1, |r| r.get(0));
    println!(
        "database: {:.1} rows and {:.1} kB per game ({kept} games kept, {games} played now)",
        rows as f64 / kept.max(1) as f64,
        bytes as f64 / 1000.0 / kept.max(1) as f64
    );
}
