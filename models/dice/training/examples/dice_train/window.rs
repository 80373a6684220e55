//! Pictures of Foreman's own window as a labelled source: cards, icons, boards and text that
//! are no die, and the window's drawn dice, labelled from where they were painted
//! (`ui::PaintedDice`). A camera at a Foreman table sees cards like these beside the dice.
//!
//! Games of seeds other than the window tests' (7), played by a greedy bot, pictured every
//! few actions, in each language, both themes, three window sizes and three zooms; rendered
//! in software (wgpu), so the same on every run of one machine.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use foreman::bots::{Bot, BotKind};
use foreman::i18n::Lang;
use foreman::ui::{ForemanApp, PaintedDice, Settings};
use foreman_dice_training::training::{LabelledDie, LabelledPicture, Source};

/// The source's name in the manifest.
pub const NAME: &str = "foreman-window";

/// `games` games, `per_game` pictures each.
pub fn pictures(games: u64, per_game: usize) -> anyhow::Result<Source> {
    let dir = std::env::temp_dir().join(format!("foreman-dice-window-{}", std::process::id()));
    let sizes = [(1280.0, 800.0), (1920.0, 1080.0), (1440.0, 900.0)];
    let langs = [Lang::En, Lang::Fr, Lang::Es, Lang::Ru];
    let zooms = [1.0, 0.85, 1.25];
    let mut out = Vec::new();
    for g in 0..games {
        let (w, h) = sizes[g as usize % sizes.len()];
        let settings = Settings {
            help_seen: true,
            zoom: zooms[(g as usize / 2) % zooms.len()],
            dark: g.is_multiple_of(2),
            ..Settings::default()
        };
        let mut app = ForemanApp::new(settings, dir.join(g.to_string()));
        app.next_seed = Some(100 + g);
        let mut harness = Harness::builder()
            .with_size(egui::vec2(w, h))
            .with_max_steps(30)
            .wgpu()
            .build_ui_state(|ui, app: &mut ForemanApp| app.show(ui), app);
        harness.run();
        harness
            .query_by_label("Start the game")
            .ok_or_else(|| anyhow::anyhow!("no start button in game {g}"))?
            .click();
        harness.run();
        harness
            .state_mut()
            .set_lang(langs[g as usize % langs.len()]);
        harness.run();
        let mut bot = Bot::new(BotKind::Greedy, g);
        let mut step = 0usize;
        let every = 7 + g as usize % 5;
        while out.len() < ((g + 1) as usize) * per_game {
            let Some(game) = harness.state().game().cloned() else {
                break;
            };
            let Some(act) = bot.choose(&game) else { break };
            harness.state_mut().submit(act);
            harness.run();
            step += 1;
            if step.is_multiple_of(every) {
                out.push(picture(&mut harness)?);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Source {
        name: NAME.to_string(),
        pictures: out,
    })
}

/// The window as it is now, its dice labelled.
fn picture(harness: &mut Harness<'_, ForemanApp>) -> anyhow::Result<LabelledPicture> {
    let rgba = harness.render().map_err(anyhow::Error::msg)?;
    let scale = harness.ctx.pixels_per_point();
    let dice = PaintedDice::of(&harness.ctx)
        .into_iter()
        .map(|(rect, value)| LabelledDie {
            x: rect.center().x * scale,
            y: rect.center().y * scale,
            size: rect.width().min(rect.height()) * scale,
            class: value,
        })
        .collect();
    Ok(LabelledPicture {
        image: image::DynamicImage::ImageRgba8(rgba).to_rgb8(),
        dice,
        whole: true,
    })
}
