//! Experiment (issue 91, point 1): a bot whose market choice is searched by playouts of the
//! rest of the game, against the planner bot, in solo games against the Machine.
//!
//! At each of its market turns the bot takes the planner bot's best few choices
//! (`bots::suggest_market`: the choice and the next best, one per card) and plays each ahead
//! to the game's end `N` times, each time on a *determinization* of what its seat knows: the
//! position of `Game::known_to` (no seed, the deck a pile of unseen cards) given a sampled
//! seed, so every card drawn and die rolled after it is one that could come. The same
//! samples serve every choice (common random numbers). The playouts are played by the
//! planner bot without its market lookahead (quick); the choice with the best mean of
//! win + margin/20 is kept. Its work phases are the planner's. Nothing unseen is read: the
//! true game is only played on.
//!
//! `cargo run --release --example search_bot -- GAMES LEVEL K N [FIRST_SEED]` prints the
//! bot's wins and the planner bot's on the same seeds, with a 95% interval each.
use foreman::bots::{Bot, BotKind, public_seed, suggest_market};
use foreman::engine::{Act, Difficulty, Game, Phase, scoreboard};
use foreman::planner::Weights;
use foreman::sim::{Seating, on_threads, play, play_out};

/// The game's result for seat 0: (won, its score less the Machine's).
fn result(g: &Game) -> (bool, f64) {
    let board = scoreboard(g.state());
    let me = f64::from(board.players[0].total);
    let machine = board.machine.as_ref().map_or(0.0, |m| f64::from(m.total));
    let won = matches!(board.winner, foreman::engine::Winner::Players(ref w) if w.contains(&0));
    (won, me - machine)
}

/// The market choice by playouts on determinizations of what `seat` knows.
fn searched_market(game: &Game, seat: usize, k: usize, n: usize) -> Option<Act> {
    let known = game.known_to(Some(seat));
    let seed = public_seed(&known);
    let choice = suggest_market(known.game(), seed)?;
    let mut candidates = vec![choice.act.clone()];
    candidates.extend(
        choice
            .others
            .iter()
            .take(k.saturating_sub(1))
            .map(|(a, _)| a.clone()),
    );
    if candidates.len() == 1 {
        return Some(choice.act);
    }
    let mut best: Option<(f64, Act)> = None;
    for act in candidates {
        let mut total = 0.0;
        for i in 0..n {
            let mut setup = known.game().setup().clone();
            setup.seed = seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let mut g = Game::at_position(setup.clone(), known.state().clone());
            if g.apply_digital(act.clone()).is_err() {
                total = f64::NEG_INFINITY;
                break;
            }
            let Ok(end) = play_out(g, &mut [Bot::planner(setup.seed, Weights::default(), 0)])
            else {
                total = f64::NEG_INFINITY;
                break;
            };
            let (won, margin) = result(&end);
            total += f64::from(u8::from(won)) + margin / 20.0;
        }
        if best.as_ref().is_none_or(|(b, _)| total > *b) {
            best = Some((total, act));
        }
    }
    best.map(|(_, a)| a)
}

/// One solo game with the searching bot at seat 0.
fn search_game(level: Difficulty, seed: u64, k: usize, n: usize) -> (bool, f64) {
    let mut g = Game::new(Seating::Solo(level).setup(seed)).expect("a game");
    let mut planner = Bot::new(BotKind::Planner, seed);
    while !g.state().is_over() {
        let st = g.state();
        let acting = st.current_player();
        let act = if matches!(st.phase, Phase::Market { .. }) && acting == Some(0) {
            searched_market(&g, 0, k, n)
        } else {
            planner.choose(&g.position_known_to(acting))
        };
        let Some(act) = act else { break };
        g.apply_digital(act).expect("a legal choice");
    }
    result(&g)
}

/// Wins of `n` games and the 95% interval (Wilson).
fn wins(won: usize, n: usize) -> String {
    let (p, n) = (won as f64 / n as f64, n as f64);
    let z = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    format!(
        "{won} of {} ({:.1}%, 95% interval {:.1}–{:.1}%)",
        n as usize,
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let games: u64 = arg(0, "20").parse().expect("GAMES");
    let level = match arg(1, "hard").as_str() {
        "easy" => Difficulty::Easy,
        "medium" => Difficulty::Medium,
        "hard" => Difficulty::Hard,
        _ => Difficulty::Expert,
    };
    let k: usize = arg(2, "4").parse().expect("K");
    let n: usize = arg(3, "8").parse().expect("N");
    let first: u64 = arg(4, "5001").parse().expect("FIRST_SEED");
    let seeds: Vec<u64> = (first..first + games).collect();
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let t = std::time::Instant::now();
    let searched = on_threads(&seeds, threads, |s| search_game(level, s, k, n));
    let took = t.elapsed().as_secs_f64();
    let planned = on_threads(&seeds, threads, |s| {
        result(&play(Seating::Solo(level), s, BotKind::Planner).expect("a game"))
    });
    let count = |r: &[(bool, f64)]| r.iter().filter(|x| x.0).count();
    let margin = |r: &[(bool, f64)]| r.iter().map(|x| x.1).sum::<f64>() / r.len() as f64;
    let both = searched
        .iter()
        .zip(&planned)
        .filter(|(a, b)| a.0 && !b.0)
        .count();
    let lost = searched
        .iter()
        .zip(&planned)
        .filter(|(a, b)| !a.0 && b.0)
        .count();
    println!(
        "{level:?}, seeds {first}..{}, K {k}, N {n}: search bot {} (mean margin {:+.2}); planner bot {} (mean margin {:+.2}); games won by search alone {both}, by the planner alone {lost}; {:.1} s a game on {threads} threads",
        first + games,
        wins(count(&searched), searched.len()),
        margin(&searched),
        wins(count(&planned), planned.len()),
        margin(&planned),
        took / games as f64 * threads as f64,
    );
}
