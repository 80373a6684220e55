//! The Foreman window (eframe/egui): start screen, the table, the final score.
//!
//! - [`app`]: [`ForemanApp`], the routing between screens and their controls; every game
//!   change is an engine action sent through the [`crate::session::Session`], which writes the
//!   journal before showing it;
//! - `screens/`: the start screen, the table, the final score, *History* and *Statistics*;
//!   `widgets/`: card tiles, dice, the headquarters board, icons;
//! - [`smart`]: smart dice on a serial port, their rolls waiting for the game;
//! - [`discard`]: the end-of-work discard, the player's choice of blueprints and resources.
//!
//! Every word shown comes from [`crate::i18n`].
//!
//! Nothing here decides a rule: what is allowed comes from `legal_actions`, and a refusal shows
//! the engine's reason.

mod actions;
mod screens;
mod widgets;
// The screens and widgets under their own names, as the rest of the window calls them.
#[cfg(not(target_arch = "wasm32"))]
use screens::history;
use screens::{little_factory, start, table, traumfabrik};
pub use widgets::die::PaintedDice;
use widgets::{card, die, hq, icons};
pub mod app;
mod bot_seats;
#[cfg(not(target_arch = "wasm32"))]
pub mod camera;
#[cfg(not(target_arch = "wasm32"))]
mod camera_panel;
mod dialogs;
pub mod discard;
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod invite;
mod keys;
mod log;
mod machine;
mod marks;
mod options;
mod reference;
#[cfg(not(target_arch = "wasm32"))]
pub mod smart;
#[cfg(not(target_arch = "wasm32"))]
mod smart_panel;
mod steps;
mod suggest;
#[cfg(target_arch = "wasm32")]
mod web;
mod worker;

pub use app::{DiceSource, ForemanApp, Settings};
#[cfg(not(target_arch = "wasm32"))]
pub use invite::InviteAt;
pub use start::StartForm;
pub use worker::{Job, Reply, worker_job, worker_job_with};

#[cfg(not(target_arch = "wasm32"))]
/// Opens the window; returns when it is closed. `started` is when the program started.
pub fn run(started: std::time::Instant) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Foreman")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 560.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Foreman",
        options,
        Box::new(|cc| {
            let settings = kept_settings(cc.storage);
            let mut app = ForemanApp::new(settings, crate::store::data_dir());
            app.started = Some(started);
            app.open_default();
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| {
        anyhow::anyhow!(
            "cannot open the window ({e}). Without a display, play in the terminal: foreman play"
        )
    })
}

/// The settings eframe kept from the last run, else the defaults in the system's language.
pub fn kept_settings(storage: Option<&dyn eframe::Storage>) -> Settings {
    kept_settings_in(storage, |v| std::env::var(v).ok())
}

/// [`kept_settings`], the system's language read from `var` (the environment's `LANG`,
/// `LC_ALL`…; a browser's language in a browser).
pub fn kept_settings_in(
    storage: Option<&dyn eframe::Storage>,
    var: impl Fn(&str) -> Option<String>,
) -> Settings {
    storage
        .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
        .unwrap_or_else(|| Settings {
            lang: crate::i18n::Lang::of_system(var).unwrap_or_default(),
            ..Settings::default()
        })
}

/// The window's frames and what eframe keeps between runs (the settings).
impl eframe::App for ForemanApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
        #[cfg(target_arch = "wasm32")]
        self.expose(ui.ctx(), _frame);
        if let Some(started) = self.started.take() {
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            tracing::info!("first frame laid out {ms:.0} ms after start");
            // For measuring the start-up time: `FOREMAN_FIRST_FRAME=1 foreman` prints it and
            // closes the window.
            if std::env::var_os("FOREMAN_FIRST_FRAME").is_some() {
                println!("first frame after {ms:.0} ms");
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.settings);
    }
    /// Settings reach the disk within a second of a change (eframe writes only what changed),
    /// so a language or theme chosen is kept even if the program is killed soon after.
    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(1)
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// Has a dice source's thread repaint `ctx` after each report, from the first frame it is
/// drained on (the window then needs no timer to look for its events).
fn repaint_on(wake: &crate::dice::Wake, ctx: &egui::Context) {
    if !wake.is_set() {
        let ctx = ctx.clone();
        wake.set(move || ctx.request_repaint());
    }
}

/// Runs `work` on a thread of its own called `name` (the planner, a bot, the review), so the
/// window goes on drawing. A browser has no threads: there they go to its worker
/// (`ui::worker`), or run at once when it has none (`web::think_now`).
#[cfg(not(target_arch = "wasm32"))]
fn think(name: String, work: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name)
        .spawn(work)
        .map(|_| ())
}

/// `r` with the reason it is disabled shown on hover, worked out only then (a refusal asks the
/// rules on a copy of the game: not for every button in every frame).
fn disabled_because(r: egui::Response, why: impl FnOnce() -> String) -> egui::Response {
    r.on_disabled_hover_ui(|ui| {
        ui.set_max_width(ui.spacing().tooltip_width);
        ui.add(egui::Label::new(why()));
    })
}
