//! The final score: card by card, goods, the Machine's formula, the tie-break, the winner.

use super::app::*;
use crate::engine::score::{TieBreak, Winner};
use crate::engine::scoreboard;
use crate::i18n::words;
use egui::{RichText, Ui};

impl ForemanApp {
    pub(in crate::ui) fn final_screen(&mut self, ui: &mut Ui) {
        let Some(game) = self.shared_game() else {
            return;
        };
        let board = scoreboard(game.state());
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                super::start::centred(ui, 560.0, |ui| {
                    ui.add_space(16.0);
                    ui.heading(self.t("final-score"));
                    let winner = match &board.winner {
                        Winner::Machine => self.t("machine"),
                        Winner::Players(seats) => seats
                            .iter()
                            .map(|&s| words::player_name(&self.tr, &game, s))
                            .collect::<Vec<_>>()
                            .join(" & "),
                    };
                    ui.label(
                        RichText::new(self.ta("winner", &[("name", winner.into())]))
                            .size(22.0)
                            .strong(),
                    );
                    if let Some(tb) = board.tie_break {
                        ui.label(self.t(match tb {
                            TieBreak::Metal => "tie-metal",
                            TieBreak::Energy => "tie-energy",
                            TieBreak::Hand => "tie-hand",
                            TieBreak::Shared => "tie-shared",
                            TieBreak::MachineWinsTies => "tie-machine",
                        }));
                    }
                    ui.add_space(8.0);
                    for s in &board.players {
                        let name = words::player_name(&self.tr, &game, s.seat);
                        let heading = self.ta(
                            "player-total",
                            &[("name", name.into()), ("score", s.total.into())],
                        );
                        score_group(ui, heading, |ui| {
                            for line in &s.cards {
                                ui.label(format!(
                                    "{} ×{} = {}",
                                    words::card_name(&self.tr, line.card),
                                    line.count,
                                    line.prestige
                                ));
                            }
                            ui.label(self.ta("prestige-count", &[("count", s.prestige.into())]));
                            ui.label(self.ta("goods-count", &[("count", s.goods.into())]));
                            ui.weak(self.ta(
                                "tie-values",
                                &[
                                    ("metal", s.metal.into()),
                                    ("energy", s.energy.into()),
                                    ("hand", s.hand.into()),
                                ],
                            ));
                        });
                    }
                    if let Some(m) = &board.machine {
                        let heading = self.ta("machine-total", &[("score", m.total.into())]);
                        score_group(ui, heading, |ui| {
                            ui.label(self.ta(
                                "machine-formula",
                                &[
                                    ("goods", m.goods.into()),
                                    ("cards", m.cards.into()),
                                    ("monuments", m.monuments.into()),
                                ],
                            ));
                        });
                    }
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button(self.t("export-result")).clicked() {
                            self.dialog = Some(Dialog::SaveAs {
                                path: self.data_dir.join("result.json").display().to_string(),
                                export: true,
                            });
                        }
                        if ui.button(self.t("save-as")).clicked() {
                            self.dialog = Some(Dialog::SaveAs {
                                path: self.data_dir.join("saved-game.json").display().to_string(),
                                export: false,
                            });
                        }
                        if ui.button(self.t("new-game")).clicked() {
                            self.open_start_screen();
                        }
                        self.undo_button(ui);
                    });
                    if let Some(m) = self.message.as_ref().or(self.note.as_ref()) {
                        ui.label(m);
                    }
                })
            });
        });
    }
}

/// One side's score: a full-width group headed by its total.
fn score_group(ui: &mut Ui, heading: String, body: impl FnOnce(&mut Ui)) {
    ui.group(|ui| {
        ui.set_width(ui.available_width());
        ui.heading(heading);
        body(ui);
    });
}
