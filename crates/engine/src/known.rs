//! What one seat may know of a game: the only game a seat's answers are worked out on (its
//! view, its refusals, the actions offered, *Suggest*, a bot's choice). It is the game with
//! every secret of the others made an unknown, the way a player at the table holds it:
//!
//! - every other player's hand is a count of hidden cards, each any of the cards unseen
//!   (the deck and those hands together): in an on-screen game the engine knows them, the
//!   seat does not; at a real table the cards others told their own devices are hidden again;
//! - there is no seed (the deck's order and the dice to come) and no journal (a journal holds
//!   every card drawn): the position is all there is, with the public facts a screen shows
//!   (how many public actions, the Machine's last roll).
//!
//! Two games that differ only in what the seat may not know give the same `Known` (tested by
//! `tests/it/secrecy.rs`), so nothing computed from it can tell them apart.

use super::action::{Act, Action, Inputs};
use super::apply::{Game, Hands, Mode};
use super::error::RuleError;
use super::state::State;

/// Where an action's dice and cards come from when it is tried on a [`Known`] position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The game's generator (an on-screen game).
    Digital,
    /// Cards given with the action, dice from the generator.
    VirtualDice,
    /// Everything given with the action (a real table).
    Given,
}

/// One seat's knowledge of a game (`seat: None`: what everyone at the table may see).
#[derive(Debug, Clone)]
pub struct Known {
    game: Game,
    seat: Option<usize>,
    mode: Mode,
    actions: usize,
    machine_dice: Vec<u8>,
}

impl PartialEq for Known {
    fn eq(&self, other: &Known) -> bool {
        self.game.setup == other.game.setup
            && self.game.state == other.game.state
            && self.seat == other.seat
            && self.mode == other.mode
            && self.actions == other.actions
            && self.machine_dice == other.machine_dice
    }
}

impl Game {
    /// What `seat` may know of this game ([`Known`]); `None`: a spectator, who holds no hand.
    pub fn known_to(&self, seat: Option<usize>) -> Known {
        let actions = self.journal.iter().filter(|a| !a.act.is_private()).count();
        let machine_dice = self
            .journal
            .iter()
            .rev()
            .find(|a| a.act == Act::MachineTurn)
            .map(|a| a.inputs.dice.to_vec())
            .unwrap_or_default();
        Known {
            game: self.position_known_to(seat),
            seat,
            mode: self.setup.mode,
            actions,
            machine_dice,
        }
    }

    /// The position alone of [`Game::known_to`] (no journal is read: a bot's decision costs
    /// one copy of the state).
    pub fn position_known_to(&self, seat: Option<usize>) -> Game {
        let mut state = self
            .state
            .seen_by(seat)
            .unwrap_or_else(|| self.state.clone());
        // On screen the engine deals every hand and knows it; at a real table a hand's named
        // cards are those everyone saw taken (the told ones are hidden again above).
        let mut hid = false;
        if self.setup.mode == Mode::Digital {
            for q in 0..state.players.len() {
                if Some(q) != seat {
                    hid |= hide_hand(&mut state, q);
                }
            }
        }
        let mut setup = self.setup.clone();
        setup.seed = 0;
        if hid {
            setup.hands = Hands::Hidden;
        }
        Game::at_position(setup, state)
    }
}

/// Player `q`'s named cards become hidden ones among the unseen: whether any did.
fn hide_hand(state: &mut State, q: usize) -> bool {
    let hand = std::mem::take(&mut state.players[q].hand);
    state.players[q].told = Default::default();
    let mut any = false;
    for (card, n) in hand.iter() {
        for _ in 0..n {
            state.players[q].hidden += 1;
            state.blueprint_deck.add(card);
            any = true;
        }
    }
    if any {
        // What a secret card may be is now any unseen card: the seat never learnt more.
        state.secrets = None;
    }
    any
}

impl Known {
    /// The position as the seat knows it: its state, its setup without a seed, no journal.
    /// An action chosen on it is played on the game itself.
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn state(&self) -> &State {
        &self.game.state
    }
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }
    /// The game's own mode (the position's setup may count hands as hidden).
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// How many actions everyone saw (cards told in private are not counted).
    pub fn actions(&self) -> usize {
        self.actions
    }
    /// The Machine's five dice as last rolled (empty before its first turn).
    pub fn machine_dice(&self) -> &[u8] {
        &self.machine_dice
    }

    /// Whether `steps` would be accepted, played in order on this position with their inputs
    /// from `source`; the first refusal is the reason, worked out on what the seat knows.
    pub fn check(&self, steps: &[(Act, Inputs)], source: Source) -> Result<(), RuleError> {
        let mut g = self.game.clone();
        for (act, inputs) in steps {
            match source {
                Source::Digital => g.apply_digital(act.clone()).map(|_| ())?,
                Source::VirtualDice => g
                    .apply_virtual_dice(Action::with_inputs(act.clone(), inputs.clone()))
                    .map(|_| ())?,
                Source::Given => g
                    .apply(Action::with_inputs(act.clone(), inputs.clone()))
                    .map(|_| ())?,
            }
        }
        Ok(())
    }
}

impl Act {
    /// An action only its own player's device hears of (a card told or taken back).
    pub fn is_private(&self) -> bool {
        matches!(self, Act::Tell { .. } | Act::Untell { .. })
    }
}
