//! The planner's time per work phase (issue: the planner, point 5). Run:
//! `cargo bench --bench planner`. The positions are the first work phases after the roll of
//! greedy games (solo at medium); all of them planned in each iteration. Percentiles over
//! 1,000 positions: `cargo run --release --features tools --example plan_time`.

use criterion::{Criterion, criterion_group, criterion_main};
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Phase, Setup};
use foreman::planner::{Limit, Weights, plan_with};
use std::hint::black_box;

fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 0..20u64 {
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, seed);
        let mut last = None;
        while !g.state().is_over() {
            if let Phase::Work { rolled: true, .. } = g.state().phase
                && last != Some(g.state().round)
            {
                last = Some(g.state().round);
                out.push(g.clone());
            }
            let Some(act) = bot.choose(&g) else { break };
            g.apply_digital(act).expect("legal");
        }
    }
    out
}

fn plan(c: &mut Criterion) {
    let all = positions();
    // Every recorded work phase planned once per iteration: the times are heavy-tailed, and a
    // different share of the heavy ones in each sample made the mean swing by half.
    c.bench_function(
        &format!(
            "plan all {} recorded work phases (window's limit)",
            all.len()
        ),
        |b| {
            b.iter(|| {
                for g in &all {
                    black_box(plan_with(g, &Weights::default(), Limit::SUGGEST).ok());
                }
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = plan
}
criterion_main!(benches);
