//! Self-play for the planner's weights. `cargo run --release --example plan_tune -- GAMES
//! [KEY=VALUE ...]` plays GAMES solo games against the Machine at medium (seeds from 50,000:
//! apart from the 1..=1,000 that `foreman simulate` reports) on both cores and prints the wins,
//! with the default weights changed by each KEY=VALUE (engine, engine_fade, metal, energy,
//! hand, penultimate, market, anticipate, and `lookahead`: the planner bot's rolls per market choice,
//! `looked`: how many of its best market choices it plays ahead, `hires=0`: not each
//! contractor too).
//! Several sets separated by `/` are played one after the other. With `3p`, 3-player games
//! instead: the planner in seat 1 against two greedy bots, printing the mean scores.
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Setup, Winner, scoreboard};
use foreman::planner::Weights;
use foreman::sim;

/// The planner bot's market lookahead (`lookahead=K`, rolls per choice).
fn lookahead(args: &[String]) -> usize {
    args.iter()
        .find_map(|a| a.strip_prefix("lookahead="))
        .and_then(|v| v.parse().ok())
        .unwrap_or(foreman::bots::LOOKAHEAD)
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
            "penultimate" => w.penultimate = x,
            "market" => w.market = x,
            "kept" => w.kept = x,
            "dead" => w.dead = x,
            "engine_fade" => w.engine_fade = x,
            "anticipate" => w.anticipate = x,
            "lookahead" | "hires" | "looked" => {}
            _ => {
                eprintln!("no weight {k}");
                std::process::exit(2);
            }
        }
    }
    w
}

/// One game: (the planner's score, the best other score, whether the planner won).
/// `hires`: the market lookahead plays each contractor ahead; `looked`: its best choices played.
fn game(
    w: Weights,
    (ahead, hires, looked): (usize, bool, usize),
    seed: u64,
    three: bool,
) -> (u32, u32, bool) {
    let setup = if three {
        Setup::players(3, seed)
    } else {
        Setup::solo("P", Difficulty::Medium, seed)
    };
    let mut bots = vec![Bot::planner(seed, w, ahead)];
    bots[0].hires = hires;
    bots[0].looked_at = looked;
    if three {
        bots.push(Bot::new(BotKind::Greedy, seed + 1));
        bots.push(Bot::new(BotKind::Greedy, seed + 2));
    }
    let Ok(g) = Game::new_dealt(setup) else {
        return (0, 0, false);
    };
    let Ok(g) = sim::play_out(g, &mut bots) else {
        return (0, 0, false);
    };
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
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(200);
    let three = args.iter().any(|a| a == "3p");
    let rest: Vec<String> = args.iter().skip(1).cloned().collect();
    for set in rest.split(|a| a == "/") {
        let w = weights(set);
        let ahead = lookahead(set);
        let hires = !set.iter().any(|a| a == "hires=0");
        let looked = set
            .iter()
            .find_map(|a| a.strip_prefix("looked=").and_then(|v| v.parse().ok()))
            .unwrap_or(foreman::bots::LOOKED_AT);
        let start = if three { 60_000 } else { 50_000 };
        let seeds: Vec<u64> = (start..start + games).collect();
        let results = sim::on_threads(&seeds, 2, |seed| {
            game(w, (ahead, hires, looked), seed, three)
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
