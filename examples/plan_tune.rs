//! Self-play for the planner's weights. `cargo run --release --features tools --example plan_tune -- GAMES
//! [KEY=VALUE ...]` plays GAMES solo games against the Machine at medium (seeds from 50,000:
//! apart from the 1..=1,000 that `foreman simulate` reports) on both cores and prints the wins,
//! with the default weights changed by each KEY=VALUE (engine, engine_fade, metal, energy,
//! hand, penultimate, market, anticipate, and `lookahead`: the planner bot's rolls per market choice,
//! `looked`: how many of its best market choices it plays ahead, `hires=0`: not each
//! contractor too, `wlimit`: its work phase's search limit, and in solo games `rollouts`: the
//! worlds each market choice is played ahead in (0: the next work phase on rolls instead),
//! `horizon`: the rounds, `rlimit`: those work phases' search limit, `plans`: how many plans
//! each solo work phase weighs in the same worlds).
//! Several sets separated by `/` are played one after the other; `easy`, `hard` or `expert`
//! anywhere plays every set against the Machine at that level instead. With `3p`, 3-player games
//! instead: the planner in seat 1 against two greedy bots, printing the mean scores. `from=SEED`
//! anywhere starts the games' seeds there.
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Setup, Winner, scoreboard};
use foreman::planner::{Limit, Weights};
use foreman::sim;

/// Self-play of the planner's weights against the Machine (see the top of examples/plan_tune.rs).
#[derive(clap::Parser)]
struct Args {
    /// Games played with each set of weights.
    #[arg(default_value_t = 200)]
    games: u64,
    /// Weights changed, as KEY=VALUE; `/` starts another set; `3p` plays 3-player games.
    #[arg(value_parser = word)]
    words: Vec<Word>,
}

/// One word after the games: as given (to print), and what it says.
#[derive(Clone)]
struct Word {
    text: String,
    what: What,
}

#[derive(Clone, Copy)]
enum What {
    /// A weight and its value.
    Weight(fn(&mut Weights, f64), f64),
    /// `lookahead=K`: the planner bot's rolls per market choice.
    Lookahead(usize),
    /// `looked=N`: how many of its best market choices it plays ahead.
    Looked(usize),
    /// `hires=0`: not each contractor too (`hires=1`, the default: each too).
    Hires(bool),
    /// `wlimit=N`: the work phase's search limit (positions).
    WorkLimit(usize),
    /// `rollouts=N`: games played out per market choice (solo).
    Rollouts(usize),
    /// `rlimit=N`: the work phase's search limit in those games.
    RolloutLimit(usize),
    /// `horizon=N`: those games stop after N rounds, valued by the objective.
    Horizon(usize),
    /// `plans=N`: a solo work phase weighs N plans in those games (1: the objective's alone).
    Plans(usize),
    /// `/`: the next set of weights.
    Next,
    /// `3p`: 3-player games.
    ThreePlayers,
    /// `from=SEED`: the games' first seed (50,000 solo, 60,000 with `3p`, unless told).
    From(u64),
    /// `easy`, `medium`, `hard`, `expert`: the Machine's difficulty (medium unless told).
    Level(Difficulty),
}

/// A word of the command line, or why it is none.
fn word(text: &str) -> Result<Word, String> {
    let what = match text {
        "/" => What::Next,
        "3p" => What::ThreePlayers,
        "easy" => What::Level(Difficulty::Easy),
        "medium" => What::Level(Difficulty::Medium),
        "hard" => What::Level(Difficulty::Hard),
        "expert" => What::Level(Difficulty::Expert),
        _ => {
            let (key, value) = text
                .split_once('=')
                .ok_or("neither KEY=VALUE, `/` nor `3p`")?;
            let count = || {
                value
                    .parse()
                    .map_err(|_| format!("{key} takes a whole number"))
            };
            match key {
                "lookahead" => What::Lookahead(count()?),
                "from" => What::From(value.parse().map_err(|_| "from takes a seed")?),
                "looked" => What::Looked(count()?),
                "wlimit" => What::WorkLimit(count()?),
                "rollouts" => What::Rollouts(count()?),
                "rlimit" => What::RolloutLimit(count()?),
                "horizon" => What::Horizon(count()?),
                "plans" => What::Plans(count()?),
                "hires" => match value {
                    "0" => What::Hires(false),
                    "1" => What::Hires(true),
                    _ => return Err("hires takes 0 or 1".into()),
                },
                _ => {
                    let set: fn(&mut Weights, f64) = match key {
                        "engine" => |w, x| w.engine = x,
                        "metal" => |w, x| w.metal = x,
                        "energy" => |w, x| w.energy = x,
                        "hand" => |w, x| w.hand = x,
                        "penultimate" => |w, x| w.penultimate = x,
                        "market" => |w, x| w.market = x,
                        "kept" => |w, x| w.kept = x,
                        "dead" => |w, x| w.dead = x,
                        "engine_fade" => |w, x| w.engine_fade = x,
                        "anticipate" => |w, x| w.anticipate = x,
                        "usage" => |w, x| w.usage = x,
                        "length" => |w, x| w.length = x,
                        _ => return Err(format!("no weight {key}")),
                    };
                    let x = value.parse().map_err(|_| format!("{key} takes a number"))?;
                    What::Weight(set, x)
                }
            }
        }
    };
    Ok(Word {
        text: text.to_string(),
        what,
    })
}

/// One game: (the planner's score, the best other score, whether the planner won).
/// `hires`: the market lookahead plays each contractor ahead; `looked`: its best choices played.
fn game(
    w: Weights,
    (ahead, hires, looked): (usize, bool, usize),
    (wlimit, rollouts, rlimit, horizon, plans): (usize, usize, usize, usize, usize),
    seed: u64,
    three: bool,
    level: Difficulty,
) -> (u32, u32, bool) {
    let setup = if three {
        Setup::players(3, seed)
    } else {
        Setup::solo("P", level, seed)
    };
    let mut bots = vec![Bot::planner(seed, w, ahead)];
    bots[0].hires = hires;
    bots[0].looked_at = looked;
    bots[0].limit = Limit {
        positions: Some(wlimit),
    };
    bots[0].rollouts = rollouts;
    bots[0].horizon = horizon;
    bots[0].plans = plans;
    bots[0].rollout_limit = Limit {
        positions: Some(rlimit),
    };
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
    let Args { games, words } = clap::Parser::parse();
    let three = words
        .iter()
        .any(|word| matches!(word.what, What::ThreePlayers));
    let level = words
        .iter()
        .find_map(|word| match word.what {
            What::Level(d) => Some(d),
            _ => None,
        })
        .unwrap_or(Difficulty::Medium);
    for set in words.split(|word| matches!(word.what, What::Next)) {
        let mut w = Weights::default();
        let (mut ahead, mut hires, mut looked) =
            (foreman::bots::LOOKAHEAD, true, foreman::bots::LOOKED_AT);
        let mut plans = foreman::bots::PLANS;
        let (mut wlimit, mut rollouts, mut rlimit, mut horizon) = (
            20_000,
            foreman::bots::ROLLOUTS,
            foreman::bots::ROLLOUT_LIMIT.positions.unwrap_or(2_000),
            foreman::bots::HORIZON,
        );
        for word in set {
            match word.what {
                What::Weight(set, x) => set(&mut w, x),
                What::Lookahead(k) => ahead = k,
                What::Looked(n) => looked = n,
                What::Hires(h) => hires = h,
                What::WorkLimit(n) => wlimit = n,
                What::Rollouts(n) => rollouts = n,
                What::RolloutLimit(n) => rlimit = n,
                What::Horizon(n) => horizon = n,
                What::Plans(n) => plans = n,
                What::Next | What::ThreePlayers | What::Level(_) | What::From(_) => {}
            }
        }
        let start = words
            .iter()
            .find_map(|word| match word.what {
                What::From(s) => Some(s),
                _ => None,
            })
            .unwrap_or(if three { 60_000 } else { 50_000 });
        let seeds: Vec<u64> = (start..start + games).collect();
        let results = sim::on_threads(&seeds, 2, |seed| {
            game(
                w,
                (ahead, hires, looked),
                (wlimit, rollouts, rlimit, horizon, plans),
                seed,
                three,
                level,
            )
        });
        let n = results.len().max(1) as f64;
        let wins = results.iter().filter(|r| r.2).count();
        let mine = results.iter().map(|r| f64::from(r.0)).sum::<f64>() / n;
        let other = results.iter().map(|r| f64::from(r.1)).sum::<f64>() / n;
        let said: Vec<&str> = set.iter().map(|word| word.text.as_str()).collect();
        let p = wins as f64 / n;
        let (low, high) = sim::wilson(wins, results.len());
        println!(
            "{} | {wins}/{} wins ({:.1}%, 95% interval {:.1}–{:.1}%), mean {mine:.1} against {other:.1}",
            said.join(" "),
            results.len(),
            100.0 * p,
            100.0 * low,
            100.0 * high,
        );
    }
}
