//! What the planner's means turn out to be worth, measured by self-play: `cargo run --release
//! --features tools --example plan_fit -- [GAMES]` plays solo games against the Machine at medium with the
//! planner bot (seeds from 70,000, apart from those `simulate` reports and `plan_tune` plays),
//! records the position at the end of each of its work phases, and fits, for each stage of the
//! game, the points the player still scored after it (least squares) on the means the
//! objective weighs: cards built that are not Monuments, metal, energy, blueprints in hand.
//! The fitted slopes are what one more of each was worth in points to come.
use foreman::bots::Bot;
use foreman::engine::{Act, CardType, Difficulty, Game, Setup};
use foreman::planner::Weights;

/// (stage, features, points still to come)
type Row = (usize, [f64; 5], f64);

const STAGES: [(u32, u32); 4] = [(1, 3), (4, 6), (7, 8), (9, 99)];

fn game(seed: u64) -> Vec<Row> {
    let Ok(mut g) = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)) else {
        return Vec::new();
    };
    let mut bot = Bot::planner(seed, Weights::default(), 0);
    let mut seen: Vec<(usize, [f64; 5], u32)> = Vec::new();
    while !g.state().is_over() && g.journal().len() < 2_000 {
        let Some(act) = bot.choose(&g) else { break };
        let end = matches!(act, Act::EndWork { .. });
        let round = g.state().round;
        if g.apply_digital(act).is_err() {
            break;
        }
        if end {
            let p = &g.state().players[0];
            let engine =
                p.compound.len() as f64 - f64::from(p.compound.of_type(CardType::Monument));
            let x = [
                1.0,
                engine,
                f64::from(p.metal),
                f64::from(p.energy),
                p.hand_size() as f64,
            ];
            let stage = STAGES
                .iter()
                .position(|(a, b)| (*a..=*b).contains(&round))
                .unwrap_or(3);
            seen.push((stage, x, p.score()));
        }
    }
    let last = g.state().players[0].score();
    seen.into_iter()
        .map(|(s, x, score)| (s, x, f64::from(last - score)))
        .collect()
}

/// Least squares: the b minimising |X b − y|², by the normal equations.
fn fit(rows: &[&Row]) -> Option<[f64; 5]> {
    let mut a = [[0.0f64; 6]; 5];
    for (_, x, y) in rows {
        for i in 0..5 {
            for j in 0..5 {
                a[i][j] += x[i] * x[j];
            }
            a[i][5] += x[i] * y;
        }
    }
    for c in 0..5 {
        let pivot = (c..5).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        a.swap(c, pivot);
        if a[c][c].abs() < 1e-9 {
            return None;
        }
        let row = a[c];
        for (r, other) in a.iter_mut().enumerate() {
            if r != c {
                let f = other[c] / row[c];
                for (x, y) in other.iter_mut().zip(row).skip(c) {
                    *x -= f * y;
                }
            }
        }
    }
    Some(std::array::from_fn(|i| a[i][5] / a[i][i]))
}

/// The games to fit on.
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value_t = 300)]
    games: u64,
}

fn main() {
    let Args { games } = clap::Parser::parse();
    let seeds: Vec<u64> = (70_000..70_000 + games).collect();
    let rows: Vec<Row> = foreman::sim::on_threads(&seeds, 2, game)
        .into_iter()
        .flatten()
        .collect();
    println!("{} work phases from {games} games", rows.len());
    for (k, (a, b)) in STAGES.iter().enumerate() {
        let of: Vec<&Row> = rows.iter().filter(|r| r.0 == k).collect();
        match fit(&of) {
            Some(b_) => println!(
                "rounds {a}-{b} ({} phases): points to come = {:.2} + {:.2} engine + {:.2} metal + {:.2} energy + {:.2} hand",
                of.len(),
                b_[0],
                b_[1],
                b_[2],
                b_[3],
                b_[4]
            ),
            None => println!("rounds {a}-{b}: too few phases to fit"),
        }
    }
}
