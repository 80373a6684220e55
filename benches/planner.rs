//! The planner's time per work phase (issue: the planner, point 5). Run:
//! `cargo bench --bench planner`. The positions are the first work phases after the roll of
//! greedy games (solo at medium); one plan per iteration, taken in turn. Percentiles over
//! 1,000 positions: `cargo run --release --example plan_time`.

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
    let mut k = 0;
    c.bench_function("plan a recorded work phase (window's limit)", |b| {
        b.iter(|| {
            k = (k + 1) % all.len();
            black_box(plan_with(&all[k], &Weights::default(), Limit::SUGGEST).ok())
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = plan
}
criterion_main!(benches);
