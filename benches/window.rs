//! The window's cost per frame (issue: the Foreman window, point 11). Run:
//! `cargo bench --bench window`. One frame = egui layout of the whole table plus
//! tessellation into triangles (the CPU part of a frame; the GPU draw is not counted), for a
//! 5-player digital game in round 10.

use criterion::{Criterion, criterion_group, criterion_main};
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Game, Setup};
use foreman::ui::{ForemanApp, Settings};
use std::hint::black_box;

/// A 5-player game played by random bots up to the work phase of round 10.
fn round_ten() -> Game {
    let mut game = Game::new(Setup::players(5, 42)).expect("setup");
    let mut bot = Bot::new(BotKind::Random, 42);
    while game.state().round < 10
        || !matches!(
            game.state().phase,
            foreman::engine::Phase::Work { rolled: true, .. }
        )
    {
        let act = bot.choose(&game).expect("not over");
        game.apply_digital(act).expect("legal");
        assert!(!game.state().is_over(), "the game ended before round 10");
    }
    game
}

fn frame(c: &mut Criterion) {
    let dir = std::env::temp_dir().join("foreman-bench-window");
    let game = round_ten();
    let path = dir.join("bench-game.json");
    foreman::store::save_game(&path, &game).expect("save");
    let settings = Settings {
        help_seen: true,
        ..Settings::default()
    };
    let mut app = ForemanApp::new(settings, dir.clone());
    app.open_file(&path);
    assert!(app.game().is_some(), "{:?}", app.message());
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1920.0, 1080.0),
        )),
        ..Default::default()
    };
    // Warm up fonts and layout caches as a running window would have them.
    for _ in 0..3 {
        let out = ctx.run_ui(input(), |ui| app.show(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    c.bench_function("table frame (5 players, round 10)", |b| {
        b.iter(|| {
            let out = ctx.run_ui(input(), |ui| app.show(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point).len())
        })
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
