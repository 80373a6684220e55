//! Self-play for the planner's weights. `cargo run --release --example plan_tune -- GAMES
//! [KEY=VALUE ...]` plays GAMES solo games against the Machine at medium (seeds from 50,000:
//! apart from the 1..=1,000 that `foreman simulate` reports) on both cores and prints the wins,
//! with the default weights changed by each KEY=VALUE (engine, metal, energy, hand, pair,
//! metal_cap, energy_cap, excess, penultimate, market, race). Several sets separated by `/` are
//! played one after the other. `plan_tune cem GENERATIONS POPULATION GAMES` searches the
//! weights by the cross-entropy method instead. With `3p`, 3-player games instead: the planner in seat 1
//! against two greedy bots, printing the mean scores.
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Setup, Winner, scoreboard};
use foreman::planner::Weights;

/// The planner bot's market lookahead (`lookahead=K`, rolls per choice; 4 unless given).
fn lookahead(args: &[String]) -> usize {
    args.iter()
        .find_map(|a| a.strip_prefix("lookahead="))
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

fn weights(args: &[String]) -> Weights {
    let mut w = Weights::default();
    for a in args {
        let Some((k, v)) = a.split_once('=') else {
            continue;
        };
        let Ok(x) = v.parse::<f64>() else {
            eprintln!("not a number: {a}");
            std::process::exit(2);
        };
        match k {
            "engine" => w.engine = x,
            "metal" => w.metal = x,
            "energy" => w.energy = x,
            "hand" => w.hand = x,
            "pair" => w.pair = x,
            "metal_cap" => w.metal_cap = x as u32,
            "energy_cap" => w.energy_cap = x as u32,
            "excess" => w.excess = x,
            "penultimate" => w.penultimate = x,
            "market" => w.market = x,
            "race" => w.race = x,
            "lookahead" => {}
            _ => {
                eprintln!("no weight {k}");
                std::process::exit(2);
            }
        }
    }
    w
}

/// One game: (the planner's score, the best other score, whether the planner won).
fn game(w: Weights, ahead: usize, seed: u64, three: bool) -> (u32, u32, bool) {
    let setup = if three {
        Setup::players(3, seed)
    } else {
        Setup::solo("P", Difficulty::Medium, seed)
    };
    let Ok(mut g) = Game::new_dealt(setup) else {
        return (0, 0, false);
    };
    let mut bots = vec![Bot::planner(seed, w, ahead)];
    if three {
        bots.push(Bot::new(BotKind::Greedy, seed + 1));
        bots.push(Bot::new(BotKind::Greedy, seed + 2));
    }
    while !g.state().is_over() && g.journal().len() < 2_000 {
        let seat = g.state().current_player().unwrap_or(0);
        let last = bots.len() - 1;
        let Some(act) = bots[seat.min(last)].choose(&g) else {
            break;
        };
        if g.apply_digital(act).is_err() {
            break;
        }
    }
    let st = g.state();
    let mine = st.players[0].score();
    let other = if three {
        st.players[1].score().max(st.players[2].score())
    } else {
        st.machine.as_ref().map_or(0, |m| m.score())
    };
    let won = matches!(&scoreboard(st).winner, Winner::Players(p) if p.contains(&0));
    (mine, other, won)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "cem") {
        let n = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
        return cem(n(1, 8), n(2, 12) as usize, n(3, 100));
    }
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(200);
    let three = args.iter().any(|a| a == "3p");
    let rest: Vec<String> = args.iter().skip(1).cloned().collect();
    for set in rest.split(|a| a == "/") {
        let w = weights(set);
        let ahead = lookahead(set);
        let start = if three { 60_000 } else { 50_000 };
        let results: Vec<(u32, u32, bool)> = std::thread::scope(|s| {
            let half = games / 2;
            let a = s.spawn(move || {
                (start..start + half)
                    .map(|seed| game(w, ahead, seed, three))
                    .collect::<Vec<_>>()
            });
            let mut out: Vec<_> = (start + half..start + games)
                .map(|seed| game(w, ahead, seed, three))
                .collect();
            out.extend(a.join().unwrap_or_default());
            out
        });
        let n = results.len().max(1) as f64;
        let wins = results.iter().filter(|r| r.2).count();
        let mine = results.iter().map(|r| f64::from(r.0)).sum::<f64>() / n;
        let other = results.iter().map(|r| f64::from(r.1)).sum::<f64>() / n;
        println!(
            "{} | {wins}/{} wins, mean {mine:.1} against {other:.1}",
            set.join(" "),
            results.len()
        );
    }
}

/// The weights as a vector, for the cross-entropy search.
const KEYS: [&str; 11] = [
    "engine",
    "metal",
    "energy",
    "hand",
    "pair",
    "metal_cap",
    "energy_cap",
    "excess",
    "penultimate",
    "market",
    "race",
];

fn to_vec(w: &Weights) -> [f64; 11] {
    [
        w.engine,
        w.metal,
        w.energy,
        w.hand,
        w.pair,
        f64::from(w.metal_cap.min(20)),
        f64::from(w.energy_cap.min(20)),
        w.excess,
        w.penultimate,
        w.market,
        w.race,
    ]
}

fn from_vec(v: &[f64; 11]) -> Weights {
    let args: Vec<String> = KEYS
        .iter()
        .zip(v)
        .map(|(k, x)| format!("{k}={x}"))
        .collect();
    weights(&args)
}

/// The cross-entropy method: each generation samples `pop` weight sets around the mean,
/// plays each on the same `games` seeds (new seeds each generation), and moves the mean and
/// spread to the best quarter. The figure is wins plus a hundredth of the mean margin.
fn cem(generations: u64, pop: usize, games: u64) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let mut mean = to_vec(&Weights {
        metal_cap: 20,
        energy_cap: 20,
        ..Weights::default()
    });
    let lo = [0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 2.0, 0.0, 0.0, 0.0, 0.0];
    let hi = [3.0, 1.5, 1.0, 1.5, 1.0, 20.0, 20.0, 1.0, 1.0, 1.5, 1.0];
    let mut spread = [0.4, 0.2, 0.15, 0.25, 0.4, 5.0, 5.0, 0.3, 0.3, 0.3, 0.3];
    for g in 0..generations {
        let start = 50_000 + g * games;
        let mut scored: Vec<(f64, [f64; 11])> = Vec::new();
        for k in 0..pop {
            let mut v = mean;
            if k > 0 {
                for i in 0..11 {
                    let z: f64 = (0..4).map(|_| rng.random_range(-1.0..1.0)).sum::<f64>() * 0.87;
                    v[i] = (mean[i] + z * spread[i]).clamp(lo[i], hi[i]);
                }
            }
            let w = from_vec(&v);
            let results: Vec<(u32, u32, bool)> = std::thread::scope(|s| {
                let half = games / 2;
                let a = s.spawn(move || {
                    (start..start + half)
                        .map(|seed| game(w, 0, seed, false))
                        .collect::<Vec<_>>()
                });
                let mut out: Vec<_> = (start + half..start + games)
                    .map(|seed| game(w, 0, seed, false))
                    .collect();
                out.extend(a.join().unwrap_or_default());
                out
            });
            let wins = results.iter().filter(|r| r.2).count() as f64;
            let margin = results
                .iter()
                .map(|r| f64::from(r.0) - f64::from(r.1))
                .sum::<f64>()
                / results.len().max(1) as f64;
            let fig = wins + margin / 100.0 * games as f64 / 10.0;
            println!(
                "gen {g} #{k}: {wins} wins, margin {margin:.2} | {}",
                show(&v)
            );
            scored.push((fig, v));
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let elite = (pop / 4).max(2);
        for i in 0..11 {
            let m = scored[..elite].iter().map(|s| s.1[i]).sum::<f64>() / elite as f64;
            let var = scored[..elite]
                .iter()
                .map(|s| (s.1[i] - m).powi(2))
                .sum::<f64>()
                / elite as f64;
            mean[i] = m;
            spread[i] = (0.5 * spread[i] + 0.5 * var.sqrt()).max((hi[i] - lo[i]) * 0.02);
        }
        println!("gen {g} mean | {}", show(&mean));
    }
}

fn show(v: &[f64; 11]) -> String {
    KEYS.iter()
        .zip(v)
        .map(|(k, x)| format!("{k}={x:.3}"))
        .collect::<Vec<_>>()
        .join(" ")
}
