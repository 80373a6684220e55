//! Help for a first-time player: the "how a round goes" card (shown at the first launch until
//! closed for good, and from *Help*), and the card reference: every blueprint and contractor
//! with its effect, searchable by name (English or French) or by what it does.

use super::card::{Shown, TILE_WIDTH, blueprint_tile, contractor_tile};
use crate::engine::{Blueprint, Contractor};
use crate::i18n::{Tr, words};
use egui::{Context, RichText};

/// What the help windows remember while open.
#[derive(Debug, Default, Clone)]
pub struct Help {
    /// The "how a round goes" card is open.
    pub round_card: bool,
    /// The round card was offered once in this run: closed for now, it waits for the next
    /// launch (or *Help*), not for the next game opened.
    pub offered: bool,
    /// The card reference is open, with this search.
    pub reference: Option<String>,
}

/// Draws the open help windows. Returns true when the round card was closed "for good".
pub fn show(ctx: &Context, tr: &Tr, help: &mut Help) -> bool {
    let mut for_good = false;
    if help.round_card {
        // A modal card: the table waits behind it (no click nor shortcut reaches it) until it
        // is closed, by *Got it* for good, by *Close*, Escape or a click beside it for now.
        let mut close = false;
        let modal = egui::Modal::new(egui::Id::unique("help-round")).show(ctx, |ui| {
            // At most the screen's width (a phone's is 360).
            ui.set_width(460.0_f32.min(ctx.content_rect().width() - 48.0));
            ui.heading(tr.t("help-title"));
            ui.add_space(6.0);
            for key in [
                "help-market",
                "help-work",
                "help-end",
                "help-machine",
                "help-win",
            ] {
                ui.add(egui::Label::new(tr.t(key)).wrap());
                ui.add_space(4.0);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button(tr.t("help-got-it")).clicked() {
                    for_good = true;
                }
                if ui.button(tr.t("help-close")).clicked() {
                    close = true;
                }
            });
        });
        if modal.should_close() || close || for_good {
            help.round_card = false;
        }
    }
    if let Some(mut search) = help.reference.take() {
        let mut open = true;
        egui::Window::new(tr.t("reference-title"))
            .id(egui::Id::unique("card-reference"))
            .default_size([3.0 * TILE_WIDTH + 60.0, 560.0])
            // Below the top bar, whose *Cards* button closes it again (a trial found it
            // opened over the bar).
            .default_pos([12.0, 44.0])
            .open(&mut open)
            .show(ctx, |ui| {
                let r = ui.add(
                    egui::TextEdit::singleline(&mut search)
                        .hint_text(tr.t("reference-search"))
                        .desired_width(f32::INFINITY),
                );
                if r.gained_focus() || search.is_empty() {
                    r.request_focus();
                }
                let needle = search.trim().to_lowercase();
                let blueprints: Vec<Blueprint> = Blueprint::ALL
                    .iter()
                    .copied()
                    .filter(|&c| {
                        needle.is_empty()
                            || matches_search(
                                &needle,
                                &[
                                    c.name(),
                                    c.name_fr(),
                                    &words::card_name(tr, c),
                                    &words::card_effect(tr, c),
                                ],
                            )
                    })
                    .collect();
                let contractors: Vec<Contractor> = Contractor::ALL
                    .iter()
                    .copied()
                    .filter(|&c| {
                        needle.is_empty()
                            || matches_search(
                                &needle,
                                &[c.name(), c.name_fr(), &words::contractor_effect(tr, c)],
                            )
                    })
                    .collect();
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.label(RichText::new(tr.t("blueprints")).strong());
                    ui.with_layout(
                        egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true),
                        |ui| {
                            for c in &blueprints {
                                blueprint_tile(ui, tr, *c, TILE_WIDTH, Shown::default(), |ui| {
                                    ui.label(
                                        RichText::new(tr.t_args(
                                            "copies",
                                            &[("count", c.info().copies.into())],
                                        ))
                                        .small()
                                        .weak(),
                                    );
                                });
                            }
                        },
                    );
                    ui.add_space(6.0);
                    ui.label(RichText::new(tr.t("contractors")).strong());
                    ui.with_layout(
                        egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true),
                        |ui| {
                            for c in &contractors {
                                contractor_tile(ui, tr, *c, TILE_WIDTH, |_| {});
                            }
                        },
                    );
                    if blueprints.is_empty() && contractors.is_empty() {
                        ui.weak(tr.t("reference-none"));
                    }
                });
            });
        // Escape closes it, as it closes the dialogs.
        if open && !ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            help.reference = Some(search);
        }
    }
    for_good
}

/// Whether every word typed appears in one of `texts` (case left aside).
fn matches_search(needle: &str, texts: &[&str]) -> bool {
    let hay: String = texts.join(" ").to_lowercase();
    needle.split_whitespace().all(|w| hay.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_finds_by_either_name_or_by_effect() {
        assert!(matches_search("gym", &["Gymnasium", "Gymnase"]));
        assert!(matches_search("gymnase", &["Gymnasium", "Gymnase"]));
        assert!(matches_search(
            "raise 6",
            &[
                "Gymnasium",
                "Pay 1 energy: raise an unplaced die by 1 (not a 6)."
            ]
        ));
        assert!(!matches_search("robot", &["Gymnasium", "Gymnase"]));
    }
}
