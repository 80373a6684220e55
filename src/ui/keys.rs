//! The keyboard at the table and the roll asked for by itself: `R` roll, `E` end the work
//! phase, `M` the Machine, `S` suggest and `N` play its next step, `1`–`5` turn the work phase
//! to a player, undo/redo and zoom; a player at a real table whose work phase starts is asked
//! for their roll at once.

use super::app::*;
use crate::engine::Act;
use crate::engine::known::Source;
use crate::engine::state::Phase;

impl ForemanApp {
    /// At a real table, a player whose work phase starts (or who is turned to) rolls first:
    /// the roll's picker opens by itself, so the faces are typed at once. Not with the
    /// Foreman contractor (the player may set dice instead), and once only: Escape closes it.
    pub(super) fn ask_for_roll(&mut self) {
        // A game served to phones: each player types their own roll there.
        if self.dialog.is_some()
            || !matches!(self.screen, Screen::Table)
            || self.input_source() != Source::Given
            || self.session.as_ref().is_some_and(|s| s.hosted().is_some())
        {
            return;
        }
        let Some(g) = self.game() else { return };
        let st = g.state();
        let (Phase::Work { rolled: false, .. }, Some(p)) = (st.phase, st.current_player()) else {
            return;
        };
        if st.players[p].pending == Some(crate::engine::Contractor::Foreman) {
            return;
        }
        let at = (g.journal().len(), p);
        if self.view.roll_asked == Some(at) {
            return;
        }
        self.view.roll_asked = Some(at);
        self.submit(Act::Roll {
            set: Default::default(),
        });
    }

    // --- Shortcuts and the top bar ------------------------------------------------------

    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() || self.dialog.is_some() || self.help.round_card {
            return;
        }
        use egui::{Key, Modifiers};
        let (undo, redo, roll, end, machine, zoom_in, zoom_out, suggest, next) =
            ctx.input_mut(|i| {
                (
                    i.consume_key(Modifiers::COMMAND, Key::Z),
                    i.consume_key(Modifiers::COMMAND, Key::Y),
                    i.consume_key(Modifiers::NONE, Key::R),
                    i.consume_key(Modifiers::NONE, Key::E),
                    i.consume_key(Modifiers::NONE, Key::M),
                    i.consume_key(Modifiers::COMMAND, Key::Plus)
                        || i.consume_key(Modifiers::COMMAND, Key::Equals),
                    i.consume_key(Modifiers::COMMAND, Key::Minus),
                    i.consume_key(Modifiers::NONE, Key::S),
                    i.consume_key(Modifiers::NONE, Key::N),
                )
            });
        if zoom_in {
            self.zoom(0.1);
        }
        if zoom_out {
            self.zoom(-0.1);
        }
        if !matches!(self.screen, Screen::Table) {
            return;
        }
        if undo {
            self.undo();
        }
        if redo {
            self.redo();
        }
        let legal = self.legal();
        if roll
            && let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Act::Roll { set } if set.is_empty()))
        {
            self.submit(a.clone());
        }
        if end {
            self.end_work();
        }
        if suggest && self.can_suggest() {
            self.suggest(ctx);
        }
        if next && self.bot_to_act().is_none() {
            if self.live_suggestion().is_some() {
                self.play_suggested(1);
            } else if self.thinking.is_some() {
                // Pressed before the plan came: said, not "ask for one first" (a trial).
                self.note = Some(self.t("suggest-thinking"));
            } else {
                // N with no plan says so (issue 89, point 4: it did nothing, silently).
                self.note = Some(self.t("suggest-none-to-play"));
            }
        }
        if machine && legal.contains(&Act::MachineTurn) {
            self.submit(Act::MachineTurn);
        }
        // Keys 1–5: the work phase turns to that player (everyone works at once), unless the
        // pointer is on the camera's picture, where a key is a die's face.
        #[cfg(not(target_arch = "wasm32"))]
        let on_picture = ctx
            .pointer_hover_pos()
            .is_some_and(|p| self.camera.picture_at.is_some_and(|r| r.contains(p)));
        #[cfg(target_arch = "wasm32")]
        let on_picture = false;
        if on_picture {
            return;
        }
        let keys = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5];
        let pressed =
            ctx.input_mut(|i| keys.iter().position(|&k| i.consume_key(Modifiers::NONE, k)));
        if let Some(seat) = pressed
            && let Some(g) = self.game()
            && crate::engine::switches(g.state()).contains(&Act::Switch { player: seat as u8 })
        {
            self.submit(Act::Switch { player: seat as u8 });
        }
    }
}
