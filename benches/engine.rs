//! Engine throughput (issue: rules engine, point 10). Run: `cargo bench --bench engine`.
//! - complete random solo games per second (target ≥ 20,000 on one core);
//! - Machine turns per second;
//! - `legal_actions` calls per second on mid-game positions.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use foreman::bots::BotKind;
use foreman::engine::{Act, Difficulty, Game, Phase, legal_actions};
use foreman::sim::{self, Seating};
use std::hint::black_box;

fn games(c: &mut Criterion) {
    let mut g = c.benchmark_group("games");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("random solo game (medium)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(sim::play(Seating::Solo(Difficulty::Medium), seed, BotKind::Random).ok())
        })
    });
    g.finish();
}

/// Positions from random games: every state where the Machine is about to play, and every
/// work-phase state after the roll.
fn positions() -> (Vec<Game>, Vec<Game>) {
    let mut machine = Vec::new();
    let mut work = Vec::new();
    for seed in 0..40 {
        let Ok(done) = sim::play(Seating::Solo(Difficulty::Medium), seed, BotKind::Random) else {
            continue;
        };
        let mut g = Game::new(done.setup().clone()).expect("setup");
        for a in done.journal() {
            match g.state().phase {
                Phase::Machine => machine.push(g.clone()),
                Phase::Work { rolled: true, .. } => work.push(g.clone()),
                _ => {}
            }
            g.apply(a.clone()).expect("replays");
        }
    }
    (machine, work)
}

fn turns(c: &mut Criterion) {
    let (machine, work) = positions();
    let mut g = c.benchmark_group("engine");
    g.throughput(Throughput::Elements(1));
    let mut i = 0;
    g.bench_function("Machine turn", |b| {
        b.iter_batched_ref(
            || {
                i = (i + 1) % machine.len();
                machine[i].clone()
            },
            |game| black_box(game.apply_digital(Act::MachineTurn).ok()),
            BatchSize::SmallInput,
        )
    });
    let mut k = 0;
    g.bench_function("legal_actions (work phase)", |b| {
        b.iter(|| {
            k = (k + 1) % work.len();
            black_box(legal_actions(work[k].state()).len())
        })
    });
    g.finish();
}

criterion_group!(benches, games, turns);
criterion_main!(benches);
