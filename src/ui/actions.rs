//! The bar at the bottom of the table: the round's buttons (roll, suggest, end the work phase,
//! the Machine, the deal), which stay in place, then the phase and the players of the work
//! phase (everyone works at once).

use super::app::*;
use super::table::{NARROW, PHONE};
use crate::engine::state::Phase;
use crate::engine::{Act, Game};
use crate::i18n::words;
use egui::{Color32, RichText, Ui};

impl ForemanApp {
    pub(super) fn actions_bar(&mut self, ui: &mut Ui, game: &Game, legal: &[Act]) {
        let st = game.state();
        egui::Panel::bottom("actions").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                let width = ui.ctx().content_rect().width();
                if width < NARROW {
                    let mut sides = vec![(Side::Market, "market"), (Side::Others, "others")];
                    // On a phone the player's own board is a side as well.
                    if width < PHONE {
                        sides.insert(0, (Side::Board, "board-side"));
                    }
                    // The camera's own side: its picture squeezed under the others at
                    // 800×560 could not be read (issue 89, point 7).
                    if self.camera_used() {
                        sides.push((Side::Camera, "camera-side"));
                    }
                    for (side, key) in sides {
                        let on = self.view.side == Some(side);
                        if ui.selectable_label(on, self.t(key)).clicked() {
                            self.view.side = if on { None } else { Some(side) };
                        }
                    }
                    ui.separator();
                }
                // The round's buttons first, in one place whatever the phase says: the
                // pointer that took a blueprint finds Roll where it was.
                let roll = legal
                    .iter()
                    .find(|a| matches!(a, Act::Roll { set } if set.is_empty()))
                    .cloned();
                if ui
                    .add_enabled(roll.is_some(), egui::Button::new(self.t("roll")))
                    .on_hover_text(self.t("roll-hint"))
                    .clicked()
                    && let Some(a) = roll
                {
                    self.submit(a);
                }
                if ui
                    .add_enabled(self.can_suggest(), egui::Button::new(self.t("suggest")))
                    .on_hover_text(self.t("suggest-hint"))
                    .clicked()
                {
                    self.suggest(ui.ctx());
                }
                let can_end = legal.iter().any(|a| matches!(a, Act::EndWork { .. }));
                if ui
                    .add_enabled(can_end, egui::Button::new(self.t("end-work")))
                    .on_hover_text(self.t("end-work-hint"))
                    .clicked()
                {
                    self.end_work();
                }
                // Only a solo game has the Machine.
                if st.is_solo()
                    && ui
                        .add_enabled(
                            legal.contains(&Act::MachineTurn),
                            egui::Button::new(self.t("machine-turn")),
                        )
                        .on_hover_text(self.t("machine-turn-hint"))
                        .clicked()
                {
                    self.submit(Act::MachineTurn);
                }
                let foreman: Vec<Act> = legal
                    .iter()
                    .filter(|a| matches!(a, Act::Roll { set } if !set.is_empty()))
                    .cloned()
                    .collect();
                self.choices_button(ui, "roll-foreman", foreman);
                if legal.contains(&Act::Pass) && ui.button(self.t("pass")).clicked() {
                    self.submit(Act::Pass);
                }
                if legal.contains(&Act::Deal) && ui.button(self.t("deal")).clicked() {
                    self.submit(Act::Deal);
                }
                ui.separator();
                ui.label(RichText::new(words::phase(&self.tr, game)).strong());
                // A bot's turn: what it does shows on the table, one action at a time.
                if let Some(seat) = self.bot_to_act() {
                    let name = self.seat_name(game, seat);
                    ui.separator();
                    ui.spinner();
                    ui.label(
                        RichText::new(self.ta("bot-playing", &[("name", name.into())])).strong(),
                    );
                }
                // A seat played on its own phone: the table screen only watches it.
                if let Some(seat) = self.phone_to_act() {
                    let name = self.seat_name(game, seat);
                    ui.separator();
                    ui.label(self.ta("web-plays-on-phone", &[("name", name.into())]));
                }
                // At a real table, a seat whose phone is connected may be naming a card there.
                if let Some(seat) = self.phone_at_the_table() {
                    let name = self.seat_name(game, seat);
                    ui.separator();
                    ui.label(self.ta("web-waiting-phone", &[("name", name.into())]));
                }
                // Everyone works at once: a button (or the key 1–5) per player turns the work
                // phase to them; a tick marks whoever has ended. A bot's turn is not cut short.
                if matches!(st.phase, Phase::Work { .. }) && st.players.len() > 1 {
                    ui.separator();
                    let now = st.current_player();
                    let bot_turn = self.bot_to_act().is_some();
                    for (seat, p) in st.players.iter().enumerate() {
                        let name = self.seat_name(game, seat);
                        let text = if p.worked {
                            format!("{} {name} ({})", seat + 1, self.t("work-done"))
                        } else {
                            format!("{} {name}", seat + 1)
                        };
                        let r = ui
                            .add_enabled(
                                !p.worked && !bot_turn,
                                egui::Button::selectable(Some(seat) == now, text),
                            )
                            .on_hover_text(self.ta("switch-hint", &[("key", (seat + 1).into())]));
                        if r.clicked() && Some(seat) != now {
                            self.submit(Act::Switch { player: seat as u8 });
                        }
                    }
                }
            });
            // One line kept for a refusal or a note, shown or not: nothing moves when one comes.
            let line = ui.text_style_height(&egui::TextStyle::Body);
            ui.allocate_ui(egui::vec2(ui.available_width(), line), |ui| {
                ui.set_min_height(line);
                if let Some(m) = &self.message {
                    ui.colored_label(Color32::from_rgb(230, 90, 70), format!("! {m}"));
                } else if let Some(n) = &self.note {
                    ui.label(n);
                }
            });
            ui.add_space(4.0);
        });
    }
}
