//! The planner's time per work phase, over positions recorded from real games (greedy bots:
//! solo at every difficulty and 3-player tables), one core:
//! `cargo run --release --features tools --example plan_time [POSITIONS]` prints the median, p95 and worst time,
//! the positions searched, and how many plans were exact (no limit reached). `--gains FILE`
//! writes each plan's gain, one a line, to compare two versions of the planner; `--repeat K`
//! plans each work phase K times and keeps its quickest time (on a machine shared with others).
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Phase, Setup};
use foreman::planner::{Limit, Weights, plan_with};

/// The positions to plan; `--worst`: also say which took longest.
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value_t = 1000)]
    positions: usize,
    #[arg(long)]
    worst: bool,
    #[arg(long)]
    gains: Option<std::path::PathBuf>,
    /// Plan each work phase this many times and keep its quickest time (a machine shared with
    /// others slows some runs down).
    #[arg(long, default_value_t = 1)]
    repeat: usize,
}

fn main() {
    let Args {
        positions: wanted,
        worst,
        gains,
        repeat,
    } = clap::Parser::parse();
    let mut gained = String::new();
    // The positions: each player's work phase right after the roll.
    let mut positions = Vec::new();
    let mut seed = 0u64;
    while positions.len() < wanted {
        let setup = match seed % 5 {
            4 => Setup::players(3, seed),
            k => Setup::solo("P", Difficulty::ALL[k as usize], seed),
        };
        let mut g = Game::new_dealt(setup).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, seed);
        let mut last_roll = None;
        while !g.state().is_over() && positions.len() < wanted {
            if let Phase::Work { rolled: true, turn } = g.state().phase
                && last_roll != Some((g.state().round, turn))
            {
                last_roll = Some((g.state().round, turn));
                positions.push(g.clone());
            }
            let Some(act) = bot.choose(&g) else { break };
            g.apply_digital(act).expect("legal");
        }
        seed += 1;
    }
    let mut times = Vec::new();
    let mut searched = Vec::new();
    let mut exact = 0;
    let mut slow = Vec::new();
    for (i, g) in positions.iter().enumerate() {
        let timed = || {
            let t = std::time::Instant::now();
            let plan = plan_with(g, &Weights::default(), Limit::SUGGEST).expect("a plan");
            (plan, t.elapsed().as_secs_f64() * 1000.0)
        };
        let (plan, mut ms) = timed();
        for _ in 1..repeat {
            ms = ms.min(timed().1);
        }
        if worst {
            slow.push((ms, i, plan.positions));
        }
        times.push(ms);
        searched.push(plan.positions);
        exact += usize::from(plan.exact);
        if gains.is_some() {
            gained += &format!("{} {}\n", plan.gain, plan.exact);
        }
    }
    if let Some(path) = gains {
        std::fs::write(&path, gained).expect("the gains written");
    }
    slow.sort_by(|a, b| b.0.total_cmp(&a.0));
    for &(ms, i, n) in slow.iter().take(15) {
        let st = positions[i].state();
        let p = &st.players[st.current_player().unwrap_or(0)];
        let dice: Vec<u8> = p.dice.as_slice().iter().map(|d| d.value).collect();
        println!(
            "#{i}: {ms:.0} ms, {n} positions; round {} dice {dice:?} metal {} energy {} compound {:?} hand {:?}",
            st.round,
            p.metal,
            p.energy,
            p.compound
                .iter()
                .map(|(c, k)| format!("{c:?}x{k}"))
                .collect::<Vec<_>>(),
            p.hand
                .iter()
                .map(|(c, k)| format!("{c:?}x{k}"))
                .collect::<Vec<_>>(),
        );
    }
    println!("positions in all: {}", searched.iter().sum::<usize>());
    times.sort_by(f64::total_cmp);
    searched.sort_unstable();
    let n = times.len();
    let at = |q: f64| ((n as f64 - 1.0) * q).round() as usize;
    println!(
        "{n} work phases from {seed} games: time median {:.2} ms, p95 {:.1} ms, worst {:.0} ms; \
         positions searched median {}, p95 {}, worst {}; exact {exact} of {n}",
        times[at(0.5)],
        times[at(0.95)],
        times[n - 1],
        searched[at(0.5)],
        searched[at(0.95)],
        searched[n - 1],
    );
}
