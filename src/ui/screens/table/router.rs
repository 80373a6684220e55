//! The window's side of the table: the screen drawn with the window's own panels in its
//! slots, and what the player asked of it played after the frame.

use super::*;

impl ForemanApp {
    /// The table screen, its own panels drawn where it leaves them room, and what the player
    /// asked of it played.
    pub(in crate::ui) fn table(&mut self, ui: &mut Ui) {
        let Some(game) = self.shared_game() else {
            return;
        };
        // On a bot's turn the person's buttons are all disabled: the bot plays.
        let legal = self.legal();
        self.actions_bar(ui, &game, &legal);
        let seats = game.setup().players.len();
        let screen = TableScreen {
            tr: std::rc::Rc::clone(&self.tr),
            preview: self.market_preview(&game),
            marks: self.step_marks(&game),
            names: {
                // Served to phones: each seat's name says whether a device plays it now
                // (issue 89, point 14).
                #[cfg(not(target_arch = "wasm32"))]
                let connected = self.invite.as_ref().and_then(|invite| {
                    let table = self.session.as_ref().and_then(|s| s.hosted())?;
                    Some(invite.hub.connected(table))
                });
                #[cfg(target_arch = "wasm32")]
                let connected: Option<Vec<bool>> = None;
                (0..seats)
                    .map(|s| {
                        let name = self.seat_name(&game, s);
                        match connected.as_ref().and_then(|c| c.get(s)) {
                            Some(true) => format!("{name} · {}", self.t("web-connected")),
                            Some(false) => format!("{name} · {}", self.t("web-not-connected")),
                            None => name,
                        }
                    })
                    .collect()
            },
            hand_hidden: (0..seats)
                .map(|s| {
                    if self.bot_seats.hides_hand(s) {
                        Some("bot-hand-hidden")
                    } else if self.hides_hand(s) {
                        Some("web-hand-on-phone")
                    } else {
                        None
                    }
                })
                .collect(),
            board_open: self.bot_to_act().is_none() && self.phone_to_act().is_none(),
            suggesting: self.thinking.is_some() || self.suggestion.is_some(),
            camera_on: self.camera_on(),
            camera_used: self.camera_used(),
            game,
            legal,
        };
        let mut view = std::mem::take(&mut self.view);
        let mut suggested = 0;
        let commands = screen.ui(ui, &mut view, |slot, ui| match slot {
            // No camera or smart dice in a browser.
            #[cfg(target_arch = "wasm32")]
            Slot::Devices => {}
            #[cfg(not(target_arch = "wasm32"))]
            Slot::Devices => {
                if self.smart.dice.is_some() || self.settings.dice.contains(&DiceSource::SmartDice)
                {
                    self.smart_dice_ui(ui);
                    ui.separator();
                }
                if self.camera_used() {
                    self.camera_ui(ui);
                    ui.separator();
                }
            }
            Slot::Log => {
                ui.heading(self.t("log"));
                let secret: Vec<bool> = (0..seats).map(|seat| self.hides_hand(seat)).collect();
                let notes: Vec<String> = self.log.iter().map(|n| n.say(&self.tr)).collect();
                self.log_view
                    .show(ui, &self.tr, &screen.game, &secret, &notes);
            }
            Slot::Suggestion => suggested = self.suggestion_ui(ui),
        });
        self.view = view;
        for command in commands {
            match command {
                TableCommand::Play(act) => self.submit(act),
                TableCommand::Place(acts) => {
                    for act in acts {
                        self.submit(act);
                        if self.message.is_some() {
                            break;
                        }
                    }
                }
                TableCommand::Choose { title, acts } => self.choose(title, acts, || None),
            }
        }
        self.play_suggested(suggested);
    }

    /// The market as a companion action's cards are named (the market fills in as they are).
    fn market_preview(&self, game: &Game) -> Option<crate::engine::state::State> {
        match &self.dialog {
            Some(Dialog::Input(p)) if !p.inputs.is_empty() => Some(
                game.attempt(
                    &p.act,
                    &p.inputs,
                    self.input_source() == crate::engine::known::Source::VirtualDice,
                )
                .0,
            ),
            _ => None,
        }
    }
}
