//! The final score: card by card, goods, the Machine's formula, the tie-break, the winner.

use super::app::*;
use crate::engine::Game;
use crate::engine::scoreboard;
use crate::i18n::{Tr, words};
use egui::{RichText, Ui};

/// What the final score screen asks of the window: its buttons, as commands the router
/// applies (the screen itself changes nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum FinalCommand {
    /// *Export the result*: the save dialog, for the result.
    ExportResult,
    /// *Save a copy*: the save dialog, for the game.
    SaveAs,
    /// *New game*: back to the start screen.
    NewGame,
    /// *Review the game* of a seat (issue 91, point 4).
    Review(usize),
}

/// The final score of `game`, in `tr`'s words: card by card, goods, the Machine's formula, the
/// tie-break, the winner; `said`: the last message or note. Drawn alone, from what it is given.
pub(in crate::ui) struct FinalScore<'a> {
    pub(in crate::ui) tr: &'a Tr,
    pub(in crate::ui) game: &'a Game,
    pub(in crate::ui) said: Option<&'a str>,
    /// What happened in the last round, the Machine's last turn among it (as the log says it).
    pub(in crate::ui) last_round: &'a [String],
    /// The seats whose game can be reviewed (the people's, not the bots'), with their names.
    pub(in crate::ui) reviewable: &'a [(usize, String)],
}

impl FinalScore<'_> {
    /// Draws the screen; `beside` adds to its row of buttons (the window's *Undo*). Returns the
    /// button clicked.
    pub(in crate::ui) fn ui(
        &self,
        ui: &mut Ui,
        beside: impl FnOnce(&mut Ui),
    ) -> Option<FinalCommand> {
        let (tr, game) = (self.tr, self.game);
        let t = |k: &str| tr.t(k);
        let ta = |k: &str, a: &[(&str, crate::i18n::Arg)]| tr.t_args(k, a);
        let board = scoreboard(game.state());
        let mut command = None;
        egui::CentralPanel::default_margins().show(ui, |ui| {
            // As wide as the window: its scroll bar at the window's edge, never over the boxes.
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    super::start::centred(ui, 560.0, |ui| {
                        ui.add_space(16.0);
                        ui.heading(t("final-score"));
                        let winner = words::winner(tr, game, &board.winner);
                        ui.label(
                            RichText::new(ta("winner", &[("name", winner.into())]))
                                .size(22.0)
                                .strong(),
                        );
                        if let Some(tb) = board.tie_break {
                            ui.label(words::tie_break(tr, tb));
                        }
                        ui.add_space(8.0);
                        for s in &board.players {
                            let name = words::player_name(tr, game, s.seat);
                            let heading = ta(
                                "player-total",
                                &[("name", name.into()), ("score", s.total.into())],
                            );
                            score_group(ui, heading, |ui| {
                                for line in &s.cards {
                                    ui.label(format!(
                                        "{} ×{} = {}",
                                        words::card_name(tr, line.card),
                                        line.count,
                                        line.prestige
                                    ));
                                }
                                // The card lines' sum, said as one (issue 89, point 5: "Prestige 7"
                                // under them read as prestige counted twice).
                                ui.label(ta(
                                    "score-cards-prestige",
                                    &[("count", s.prestige.into())],
                                ));
                                ui.label(ta("goods-count", &[("count", s.goods.into())]));
                                ui.weak(ta(
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
                            let heading = ta("machine-total", &[("score", m.total.into())]);
                            score_group(ui, heading, |ui| {
                                ui.label(ta(
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
                            // Files are the computer's: a browser keeps only its own game.
                            if cfg!(not(target_arch = "wasm32")) {
                                if ui.button(t("export-result")).clicked() {
                                    command = Some(FinalCommand::ExportResult);
                                }
                                if ui.button(t("save-as")).clicked() {
                                    command = Some(FinalCommand::SaveAs);
                                }
                            }
                            if ui.button(t("new-game")).clicked() {
                                command = Some(FinalCommand::NewGame);
                            }
                            beside(ui);
                        });
                        // The review: one button for a lone player, else one per person.
                        match self.reviewable {
                            [] => {}
                            [(seat, _)] => {
                                let b = ui.button(t("review")).on_hover_text(t("review-hint"));
                                #[cfg(target_arch = "wasm32")]
                                crate::ui::web::mark("review", b.rect);
                                if b.clicked() {
                                    command = Some(FinalCommand::Review(*seat));
                                }
                            }
                            many => {
                                ui.horizontal_wrapped(|ui| {
                                    ui.label(t("review-whose")).on_hover_text(t("review-hint"));
                                    for (seat, name) in many {
                                        if ui.button(name).clicked() {
                                            command = Some(FinalCommand::Review(*seat));
                                        }
                                    }
                                });
                            }
                        }
                        if let Some(m) = self.said {
                            ui.label(m);
                        }
                        // Below the buttons (they never move): how the game ended, the
                        // Machine's last turn among it (issue 89, point 5).
                        if !self.last_round.is_empty() {
                            ui.add_space(8.0);
                            egui::CollapsingHeader::new(
                                RichText::new(t("score-last-round")).strong(),
                            )
                            .default_open(true)
                            .show(ui, |ui| {
                                for line in self.last_round {
                                    ui.add(egui::Label::new(line.as_str()).wrap());
                                }
                            });
                        }
                    })
                });
        });
        command
    }
}

impl ForemanApp {
    /// The final score screen, and what its buttons ask.
    pub(in crate::ui) fn final_screen(&mut self, ui: &mut Ui) {
        let Some(game) = self.shared_game() else {
            return;
        };
        let said = self.message.clone().or_else(|| self.note.clone());
        let seats = game.state().players.len();
        let secret: Vec<bool> = (0..seats).map(|seat| self.hides_hand(seat)).collect();
        let last_round = self.log_view.last_round(&self.tr, &game, &secret);
        // A person's game, reviewed on what they knew: never on this shared screen for a
        // seat whose hand it keeps to itself (played on its own phone).
        let reviewable: Vec<(usize, String)> = (0..seats)
            .filter(|&s| game.setup().players.get(s).is_some_and(|p| p.bot.is_none()))
            .filter(|&s| !self.hides_hand(s))
            .map(|s| (s, words::player_name(&self.tr, &game, s)))
            .collect();
        let screen = FinalScore {
            tr: &self.tr,
            game: &game,
            said: said.as_deref(),
            last_round: &last_round,
            reviewable: &reviewable,
        };
        let mut undo = false;
        let command = screen.ui(ui, |ui| undo = self.undo_button_clicked(ui));
        if undo {
            self.undo();
        }
        match command {
            Some(FinalCommand::ExportResult) => {
                self.dialog = Some(Dialog::SaveAs {
                    path: self.data_dir.join("result.json").display().to_string(),
                    export: true,
                });
            }
            Some(FinalCommand::SaveAs) => {
                self.dialog = Some(Dialog::SaveAs {
                    path: self.data_dir.join("saved-game.json").display().to_string(),
                    export: false,
                });
            }
            Some(FinalCommand::NewGame) => self.open_start_screen(),
            Some(FinalCommand::Review(seat)) => self.start_review(ui.ctx(), seat),
            None => {}
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::engine::Difficulty;
    use crate::i18n::Lang;
    use crate::sim::{Seating, play};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    /// Issue 94, point 3: a screen is drawn and tested alone, from what it is given (no window
    /// behind it), and its buttons come back as commands: a finished game's totals and message
    /// are on it, *New game* is `FinalCommand::NewGame`, *Save a copy* `SaveAs`.
    #[test]
    fn the_final_score_is_drawn_alone_and_its_buttons_are_commands() {
        let game = play(Seating::Solo(Difficulty::Easy), 3, BotKind::Greedy).expect("a game");
        assert!(game.state().is_over());
        let tr = Tr::new(Lang::En);
        let last_round = crate::ui::log::rounds(&tr, &game, &[false])
            .pop()
            .map(|r| r.lines)
            .unwrap_or_default();
        // Issue 89, point 5: the Machine's last turn is seen from the score.
        assert!(
            last_round.iter().any(|l| l.starts_with("The Machine")),
            "{last_round:?}"
        );
        let clicked = std::cell::Cell::new(None);
        let mut h = Harness::new_ui(|ui| {
            let screen = FinalScore {
                tr: &tr,
                game: &game,
                said: Some("Saved to the data folder."),
                last_round: &last_round,
                reviewable: &[(0, "Ann".to_string())],
            };
            if let Some(c) = screen.ui(ui, |ui| {
                ui.label("beside");
            }) {
                clicked.set(Some(c));
            }
        });
        h.run();
        let board = scoreboard(game.state());
        let total = tr.t_args(
            "player-total",
            &[
                ("name", words::player_name(&tr, &game, 0).into()),
                ("score", board.players[0].total.into()),
            ],
        );
        assert!(h.query_by_label(&total).is_some(), "{total}");
        // Issue 89, point 5: the card lines' sum is said as their sum, not as a second
        // "Prestige N" line.
        let sum = format!(
            "Prestige of these cards, in all: {}",
            board.players[0].prestige
        );
        assert!(h.query_by_label(&sum).is_some(), "{sum}");
        let bare = format!("Prestige {}", board.players[0].prestige);
        assert!(h.query_by_label(&bare).is_none(), "{bare}");
        assert!(h.query_by_label("Saved to the data folder.").is_some());
        assert!(h.query_by_label("beside").is_some());
        assert!(h.query_by_label(&tr.t("score-last-round")).is_some());
        for line in &last_round {
            assert!(h.query_by_label(line).is_some(), "{line}");
        }
        assert_eq!(clicked.get(), None);
        h.get_by_label(&tr.t("new-game")).click();
        h.run();
        assert_eq!(clicked.get(), Some(FinalCommand::NewGame));
        h.get_by_label(&tr.t("save-as")).click();
        h.run();
        assert_eq!(clicked.get(), Some(FinalCommand::SaveAs));
        // Issue 91, point 4: the review of the game, from the score.
        h.get_by_label(&tr.t("review")).click();
        h.run();
        assert_eq!(clicked.get(), Some(FinalCommand::Review(0)));
    }
}
