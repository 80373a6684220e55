//! Self-play for the planner's weights: `cargo run --release --example plan_tune -- ENGINE
//! METAL ENERGY HAND [GAMES]` plays solo games against the Machine (medium) and prints the wins.
//! With `3p` after the numbers, 3-player games instead: the planner in seat 1 against two
//! greedy bots, printing the mean scores.
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
    if std::env::args().any(|x| x == "3p") {
        return three_players(w, games);
    }
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

/// The planner (seat 1) against two greedy bots: mean scores and wins.
fn three_players(w: Weights, games: u64) {
    use foreman::bots::BotKind;
    let (mut mine, mut theirs, mut wins) = (0u64, 0u64, 0u64);
    for seed in 2000..2000 + games {
        let mut g = Game::new_dealt(Setup::players(3, seed)).expect("game");
        let mut bots = [
            Bot::planner(seed, w),
            Bot::new(BotKind::Greedy, seed + 1),
            Bot::new(BotKind::Greedy, seed + 2),
        ];
        while !g.state().is_over() {
            let seat = g.state().current_player().unwrap_or(0);
            let Some(act) = bots[seat].choose(&g) else {
                break;
            };
            if g.apply_digital(act).is_err() {
                break;
            }
        }
        let st = g.state();
        mine += u64::from(st.players[0].score());
        theirs += u64::from(st.players[1].score() + st.players[2].score());
        if let foreman::engine::Winner::Players(p) = &foreman::engine::scoreboard(st).winner
            && p.contains(&0)
        {
            wins += 1;
        }
    }
    println!(
        "{w:?}, 3 players, {games} games: planner mean score {:.1} ({wins} wins), greedy {:.1}",
        mine as f64 / games as f64,
        theirs as f64 / (2 * games) as f64
    );
}
