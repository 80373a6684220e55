//! What each blueprint built is worth in one work phase, by the planner's own measure:
//! `cargo run --release --features tools --example card_worth [GAMES]` plays GAMES solo games of the planner
//! bot against the Machine at hard (seeds from 90,000: apart from those tuned on and those
//! reported), and at each of its work phases, after the roll, plans the phase again with each
//! card that is not a Monument added to its compound. A card's worth in a work phase is the
//! plan's gain with it less the gain without it (the objective's goods, resources and cards
//! in hand), averaged over the work phases; printed by card, early (rounds 1–4) and late, as
//! the table `planner::usage` was made from (with the objective as it was then: no `usage`,
//! `engine` 0.7, and the bot playing by it).
use foreman::bots::Bot;
use foreman::engine::{Blueprint, Difficulty, Game, Phase, Setup};
use foreman::planner::{Limit, Weights, plan_with};

/// The objective before it counted what a card gives ([`foreman::planner::usage`]).
fn before() -> Weights {
    Weights {
        usage: 0.0,
        engine: 0.7,
        ..Weights::default()
    }
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let seeds: Vec<u64> = (90_000..90_000 + games).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cards: Vec<Blueprint> = Blueprint::ALL
        .iter()
        .copied()
        .filter(|c| !c.is_monument())
        .collect();
    // Per game: for each card, (sum early, n early, sum late, n late).
    let per_game = foreman::sim::on_threads(&seeds, threads, |seed| {
        let mut sums = vec![[0.0f64; 4]; cards.len()];
        let setup = Setup::solo("P", Difficulty::Hard, seed);
        let Ok(mut g) = Game::new_dealt(setup) else {
            return sums;
        };
        let mut bot = Bot::planner(seed, before(), foreman::bots::LOOKAHEAD);
        let mut last_roll = None;
        while !g.state().is_over() {
            let st = g.state();
            if let (Phase::Work { rolled: true, turn }, Some(seat)) =
                (st.phase, st.current_player())
                && last_roll != Some((st.round, turn))
            {
                last_roll = Some((st.round, turn));
                let known = g.position_known_to(Some(seat));
                let w = before();
                if let Ok(base) = plan_with(&known, &w, Limit::BOT) {
                    for (i, &c) in cards.iter().enumerate() {
                        if known.state().players[seat].compound.contains(c) {
                            continue;
                        }
                        let mut s = known.state().clone();
                        s.players[seat].compound.add(c);
                        let with = Game::at_position(known.setup().clone(), s);
                        if let Ok(p) = plan_with(&with, &w, Limit::BOT) {
                            let k = if st.round <= 4 { 0 } else { 2 };
                            sums[i][k] += p.gain - base.gain;
                            sums[i][k + 1] += 1.0;
                        }
                    }
                }
            }
            let acting = g.state().current_player();
            let Some(act) = bot.choose(&g.position_known_to(acting)) else {
                break;
            };
            if g.apply_digital(act).is_err() {
                break;
            }
        }
        sums
    });
    let mut total = vec![[0.0f64; 4]; cards.len()];
    for sums in per_game {
        for (t, s) in total.iter_mut().zip(sums) {
            for k in 0..4 {
                t[k] += s[k];
            }
        }
    }
    println!("card, worth a work phase early (rounds 1-4), late, all");
    for (c, t) in cards.iter().zip(&total) {
        let mean = |s: f64, n: f64| if n > 0.0 { s / n } else { 0.0 };
        println!(
            "{:?}: {:.3} {:.3} {:.3}",
            c,
            mean(t[0], t[1]),
            mean(t[2], t[3]),
            mean(t[0] + t[2], t[1] + t[3])
        );
    }
}
