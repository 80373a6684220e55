//! The history's speed with 10,000 games (issue 72, point 7). Run: `cargo bench --bench
//! history`. The history screen's first frame (the window made, the list read, laid out and
//! tessellated), the statistics' first frame (worked out and drawn), and one finished game
//! recorded into the 10,000.

use criterion::{Criterion, criterion_group, criterion_main};
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Setup};
use foreman::history::{History, Origin};
use foreman::ui::{ForemanApp, Settings};
use std::hint::black_box;

const GAMES: usize = 10_000;
const NAMES: [&str; 8] = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"];

/// 50 finished games (solo at each difficulty and 2 to 4 players), by random bots.
fn played() -> Vec<Game> {
    (0..50u64)
        .map(|k| {
            let setup = match k % 6 {
                0 => Setup::solo("Ann", Difficulty::Easy, k),
                1 => Setup::solo("Ann", Difficulty::Expert, k),
                2 => Setup::solo("Bo", Difficulty::Medium, k),
                n => Setup::players(n as usize - 1, k),
            };
            foreman::sim::play_out(
                Game::new(setup).expect("setup"),
                &mut [Bot::new(BotKind::Random, k)],
            )
            .expect("a game")
        })
        .collect()
}

/// `game` as another game: the same journal under other names and seed (a new record).
fn renamed(game: &Game, k: usize) -> Game {
    let mut setup = game.setup().clone();
    setup.seed = k as u64 + 1_000_000;
    for (i, p) in setup.players.iter_mut().enumerate() {
        p.name = NAMES[(k + i) % NAMES.len()].to_string();
    }
    Game::replay(setup, game.journal().to_vec()).expect("replays")
}

/// A data folder whose history holds 10,000 games over three years (kept between runs).
fn ten_thousand(games: &[Game]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join("foreman-bench-history");
    let file = dir.join(foreman::history::FILE);
    if History::open(&file)
        .ok()
        .is_some_and(|h| h.history.count().ok() == Some(GAMES))
    {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = History::open(&file).expect("a history").history;
    for k in 0..GAMES {
        let g = renamed(&games[k % games.len()], k);
        h.record(
            &g,
            1_700_000_000 + k as i64 * 9_000,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    }
    dir
}

fn frame(app: &mut ForemanApp, ctx: &egui::Context) -> usize {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1920.0, 1080.0),
        )),
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| app.show(ui));
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

fn history(c: &mut Criterion) {
    let games = played();
    let dir = ten_thousand(&games);
    let settings = || Settings {
        help_seen: true,
        ..Settings::default()
    };
    let ctx = egui::Context::default();
    // Fonts warmed up as a running window has them.
    let mut warm = ForemanApp::new(settings(), dir.clone());
    warm.open_history();
    for _ in 0..3 {
        frame(&mut warm, &ctx);
    }
    c.bench_function("history: first frame, 10,000 games", |b| {
        b.iter(|| {
            let mut app = ForemanApp::new(settings(), dir.clone());
            app.open_history();
            black_box(frame(&mut app, &ctx))
        })
    });
    let mut app = ForemanApp::new(settings(), dir.clone());
    c.bench_function("statistics: first frame, 10,000 games", |b| {
        b.iter(|| {
            app.open_statistics();
            black_box(frame(&mut app, &ctx))
        })
    });
    // Recorded into a copy of the 10,000, which stays as it was for the next run.
    let copy = std::env::temp_dir().join("foreman-bench-history-copy.sqlite");
    std::fs::copy(dir.join(foreman::history::FILE), &copy).expect("copied");
    let mut h = History::open(&copy).expect("opens").history;
    let mut k = GAMES;
    c.bench_function("record a finished game into 10,000", |b| {
        b.iter_batched(
            || {
                k += 1;
                renamed(&games[k % games.len()], k)
            },
            |g| {
                black_box(
                    h.record(&g, 1_800_000_000, Origin::Play, None, None)
                        .expect("recorded"),
                )
            },
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = history
}
criterion_main!(benches);
