//! Self-play for the planner's weights: `cargo run --release --example plan_tune -- ENGINE
//! METAL ENERGY HAND [GAMES]` plays solo games against the Machine (medium) and prints the wins.
use foreman::bots::Bot;
use foreman::engine::{Difficulty, Game, Setup};
use foreman::planner::Weights;

fn main() {
    let a: Vec<f64> = std::env::args()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    let w = Weights {
        engine: a.first().copied().unwrap_or(1.0),
        metal: a.get(1).copied().unwrap_or(0.45),
        energy: a.get(2).copied().unwrap_or(0.3),
        hand: a.get(3).copied().unwrap_or(0.35),
    };
    let games = a.get(4).copied().unwrap_or(40.0) as u64;
    let mut wins = 0;
    let mut score = 0u64;
    for seed in 1000..1000 + games {
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)).expect("game");
        let mut bot = Bot::planner(seed, w);
        while !g.state().is_over() {
            let Some(act) = bot.choose(&g) else { break };
            if g.apply_digital(act).is_err() {
                break;
            }
        }
        let sb = foreman::engine::scoreboard(g.state());
        score += u64::from(g.state().players[0].score());
        if matches!(&sb.winner, foreman::engine::Winner::Players(p) if p.contains(&0)) {
            wins += 1;
        }
    }
    println!(
        "{w:?}: {wins}/{games} wins, mean score {:.1}",
        score as f64 / games as f64
    );
}
