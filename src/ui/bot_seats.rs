//! The seats a digital game's bots play (easy: the greedy bot; hard: the planner bot). When a
//! bot's seat is to act, its bot chooses on a worker thread, so the window never waits for
//! it, and its action is played as a person's click is (`ForemanApp::play`), at most one action
//! per [`ForemanApp::bot_pace`] so the table can follow what it does. A person cannot act
//! for a bot's seat.

use super::app::ForemanApp;
use crate::bots::{Bot, BotKind};
use crate::engine::{Act, Game, Phase};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;
use web_time::Instant;

/// How long a bot's actions are apart, by default.
pub const BOT_PACE: Duration = Duration::from_millis(600);

/// The bots of the game on the table, one per seat they play.
#[derive(Default)]
pub(super) struct BotSeats {
    /// Each seat's bot (`None`: a person plays it); a bot thinking is out on its thread.
    bots: Vec<Option<Bot>>,
    /// The bot thinking now: its seat, the journal's length when it began (a choice made for
    /// a position that has since changed, by an undo, is dropped) and its answer to come.
    thinking: Option<Thinking>,
    /// When the last bot action was played.
    last: Option<Instant>,
}

struct Thinking {
    seat: usize,
    journal: u64,
    answer: Receiver<(Bot, Option<Act>)>,
}

/// The seed of `seat`'s bot in a game of `setup` (the browser's worker makes the same bot).
pub(super) fn bot_seed(setup: &crate::engine::Setup, seat: usize) -> u64 {
    setup.seed ^ (seat as u64 + 1)
}

impl BotSeats {
    /// The bots of `game`'s setup (only a digital game has any: `Setup::validate`).
    pub(super) fn of(game: &Game) -> BotSeats {
        let setup = game.setup();
        BotSeats {
            bots: setup
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| {
                    let level = p.bot?;
                    Some(Bot::new(BotKind::from(level), bot_seed(setup, seat)))
                })
                .collect(),
            thinking: None,
            last: None,
        }
    }

    /// Whether `seat`'s hand is kept from the screen: a bot's, while a person plays at the
    /// table (a table of bots only shows every hand).
    pub(super) fn hides_hand(&self, seat: usize) -> bool {
        self.plays(seat) && (0..self.bots.len()).any(|s| !self.plays(s))
    }

    /// Whether the program plays `seat`.
    pub(super) fn plays(&self, seat: usize) -> bool {
        self.bots.get(seat).is_some_and(Option::is_some)
            || self.thinking.as_ref().is_some_and(|t| t.seat == seat)
    }
}

impl ForemanApp {
    /// Whether the table screen keeps `seat`'s hand to itself: a bot's while a person plays,
    /// or a seat played on its own device (*Invite players*).
    pub(super) fn hides_hand(&self, seat: usize) -> bool {
        self.bot_seats.hides_hand(seat)
            || self
                .session
                .as_ref()
                .is_some_and(|s| s.played_on_a_device(seat))
    }

    /// At a real table in the market phase, the seat to act when a device plays it at this
    /// moment: its player may be naming a card on their phone, so the window says it waits
    /// (the trial of issue 89 found it silent); anyone at the window may still act for them.
    pub(super) fn phone_at_the_table(&self) -> Option<usize> {
        let game = self.game()?;
        // In the market phase only: in the work phase everyone works at once, each on
        // their own phone (the second trial read "waiting for Ann's phone" while all rolled).
        if game.setup().mode == crate::engine::Mode::Digital
            || !matches!(game.state().phase, crate::engine::Phase::Market { .. })
        {
            return None;
        }
        let seat = game.state().current_player()?;
        self.connected(seat).then_some(seat)
    }

    /// Whether a device plays `seat` now (*Invite players*; never in a browser).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn connected(&self, seat: usize) -> bool {
        let table = self.session.as_ref().and_then(|s| s.hosted());
        self.invite
            .as_ref()
            .zip(table)
            .is_some_and(|(invite, table)| {
                invite
                    .hub
                    .connected(table)
                    .get(seat)
                    .copied()
                    .unwrap_or(false)
            })
    }

    #[cfg(target_arch = "wasm32")]
    pub(super) fn connected(&self, _seat: usize) -> bool {
        false
    }

    /// The seat to act now when it is played on its own device in an on-screen game: the
    /// table screen, which knows that hand, does not act or suggest for it (a choice would
    /// list its cards).
    pub(super) fn phone_to_act(&self) -> Option<usize> {
        let game = self.game()?;
        if game.setup().mode != crate::engine::Mode::Digital {
            return None;
        }
        let seat = game.state().current_player()?;
        (!self.bot_seats.plays(seat)
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.played_on_a_device(seat)))
        .then_some(seat)
    }
}

/// The seat whose bot is to act in `game` now: the player at their market or work turn, or in
/// a solo game the Machine's turn when the solo player is a bot (a person starts the Machine
/// by its button).
pub(super) fn seat_to_act(game: &Game) -> Option<usize> {
    let st = game.state();
    match st.phase {
        Phase::Market { .. } | Phase::Work { .. } => st.current_player(),
        Phase::Machine => Some(0),
        Phase::Setup | Phase::Over => None,
    }
}

impl ForemanApp {
    /// Whether the seat to act now is a bot's.
    pub fn bot_to_act(&self) -> Option<usize> {
        let seat = seat_to_act(self.game()?)?;
        self.bot_seats.plays(seat).then_some(seat)
    }

    /// A seat's name as the table shows it: "Anna (bot)" for a bot's seat.
    pub(super) fn seat_name(&self, game: &Game, seat: usize) -> String {
        let name = crate::i18n::words::player_name(&self.tr, game, seat);
        if self.bot_seats.plays(seat) {
            format!("{name} ({})", self.t("bot-tag"))
        } else {
            name
        }
    }

    /// Lets the bot whose seat is to act play: starts its thinking, or plays what it chose.
    /// Called every frame.
    pub(super) fn play_bots(&mut self, ctx: &egui::Context) {
        let Some(game) = self.game() else { return };
        let journal = self.version();
        if game.state().is_over() {
            return;
        }
        if let Some(t) = &self.bot_seats.thinking {
            match t.answer.try_recv() {
                Ok((bot, act)) => {
                    let (seat, asked_at) = (t.seat, t.journal);
                    self.bot_seats.thinking = None;
                    if let Some(slot) = self.bot_seats.bots.get_mut(seat) {
                        *slot = Some(bot);
                    }
                    // A position that changed meanwhile (an undo) is thought about again.
                    if asked_at == journal
                        && let Some(act) = act
                    {
                        self.play(act, crate::engine::Inputs::default());
                        self.bot_seats.last = Some(Instant::now());
                    }
                    ctx.request_repaint();
                }
                // Not yet: the bot's thread wakes the window when it has chosen.
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    // The bot's thread ended without an answer: the seat waits for a person.
                    tracing::error!(seat = t.seat, "a bot stopped without choosing");
                    self.bot_seats.thinking = None;
                }
            }
            return;
        }
        let Some(seat) = self.bot_to_act() else {
            return;
        };
        if let Some(last) = self.bot_seats.last {
            let wait = self.bot_pace.saturating_sub(last.elapsed());
            if !wait.is_zero() {
                ctx.request_repaint_after(wait);
                return;
            }
        }
        // What the bot's seat may know: never another hand, the deck or the seed.
        let Some(position) = self.game().map(|g| g.position_known_to(Some(seat))) else {
            return;
        };
        let Some(mut bot) = self.bot_seats.bots.get_mut(seat).and_then(Option::take) else {
            return;
        };
        let (tx, answer) = std::sync::mpsc::channel();
        let window = ctx.clone();
        // The bot's choice (`chosen`: the browser's worker's), its bot handed back.
        let finish = move |chosen: Option<Option<Act>>| {
            let act = chosen.unwrap_or_else(|| bot.choose(&position));
            // The window may have closed the game meanwhile: nobody to answer then.
            if tx.send((bot, act)).is_ok() {
                window.request_repaint();
            }
        };
        // A browser's page has one thread: its worker chooses, the page drawing meanwhile
        // (no worker: the page itself).
        #[cfg(target_arch = "wasm32")]
        let spawned = {
            let Some(game) = self.game() else { return };
            let job = super::worker::Job::Bot {
                game: crate::engine::SavedGame::from_game(game).to_json(),
                seat,
            };
            super::web::in_worker(job, move |reply| {
                match reply
                    .as_deref()
                    .map(serde_json::from_str::<super::worker::Reply>)
                {
                    Some(Ok(super::worker::Reply::Bot(act))) => finish(Some(act)),
                    _ => super::web::think_now(move || finish(None)),
                }
            });
            Ok::<(), std::io::Error>(())
        };
        #[cfg(not(target_arch = "wasm32"))]
        let spawned = super::think(format!("bot {}", seat + 1), move || finish(None));
        match spawned {
            Ok(_) => {
                self.bot_seats.thinking = Some(Thinking {
                    seat,
                    journal,
                    answer,
                });
            }
            Err(e) => {
                tracing::error!(%e, "no thread for a bot");
                self.message = Some(e.to_string());
            }
        }
    }
}
