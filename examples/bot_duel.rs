//! The planner bot against the planner bot as it was before a built card counted what it gives
//! (`usage` 0, `engine` 0.7, `hand` 0.4), at one 3-player table with a greedy bot:
//! `cargo run --release --features tools --example bot_duel [GAMES]` plays GAMES games (seeds from 1), the
//! three seats turned round game by game, every bot choosing on what its seat may know, and
//! prints each planner's wins and mean score, and how often the new one scored more than the
//! old one, less, and as much (the share of the games not tied, with a 95% interval).
use foreman::bots::{Bot, BotKind, LOOKAHEAD};
use foreman::engine::{Game, Setup, Winner, scoreboard};
use foreman::planner::Weights;
use foreman::sim;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let before = Weights {
        usage: 0.0,
        engine: 0.7,
        hand: 0.4,
        ..Weights::default()
    };
    let seeds: Vec<u64> = (1..=games).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Per game: (new score, old score, new won, old won).
    let results = sim::on_threads(&seeds, threads, |seed| {
        // Seat of the new bot, the old one the next, the greedy bot the last.
        let new = (seed % 3) as usize;
        let old = (new + 1) % 3;
        let mut bots: Vec<Bot> = (0..3)
            .map(|seat| {
                if seat == new {
                    Bot::new(BotKind::Planner, seed)
                } else if seat == old {
                    Bot::planner(seed, before, LOOKAHEAD)
                } else {
                    Bot::new(BotKind::Greedy, seed)
                }
            })
            .collect();
        let g = Game::new_dealt(Setup::players(3, seed)).ok()?;
        let g = sim::play_out(g, &mut bots).ok()?;
        let st = g.state();
        let won =
            |seat: usize| matches!(&scoreboard(st).winner, Winner::Players(p) if p.contains(&seat));
        Some((
            st.players[new].score(),
            st.players[old].score(),
            won(new),
            won(old),
        ))
    });
    let played: Vec<_> = results.into_iter().flatten().collect();
    let n = played.len().max(1) as f64;
    let mean = |f: fn(&(u32, u32, bool, bool)) -> u32| {
        played.iter().map(|r| f64::from(f(r))).sum::<f64>() / n
    };
    let wins = |f: fn(&(u32, u32, bool, bool)) -> bool| played.iter().filter(|r| f(r)).count();
    let more = played.iter().filter(|r| r.0 > r.1).count();
    let equal = played.iter().filter(|r| r.0 == r.1).count();
    let less = played.len() - more - equal;
    // The share of the games one of them scored more in (ties left out) that the new bot
    // scored more in, with its 95% interval.
    let p = more as f64 / (more + less).max(1) as f64;
    let (low, high) = sim::wilson(more, more + less);
    println!(
        "{} games: the planner bot won {} (mean {:.1}), the one before {} (mean {:.1}); \
         the planner bot scored more than the one before in {more}, less in {less}, as much \
         in {equal}: more in {:.1}% of the games not tied (95% interval {:.1}–{:.1}%)",
        played.len(),
        wins(|r| r.2),
        mean(|r| r.0),
        wins(|r| r.3),
        mean(|r| r.1),
        100.0 * p,
        100.0 * low,
        100.0 * high,
    );
}
