//! Bots that play Foreman games: a random one (uniform over the legal actions) and a greedy
//! one (the legal action whose resulting state looks best). They only choose among
//! [`legal_actions`]; the engine's `apply` still judges every move.

use crate::engine::{Act, Game, State, legal_actions_into};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    Random,
    Greedy,
}

pub struct Bot {
    kind: BotKind,
    rng: ChaCha8Rng,
    /// The legal actions of the last decision, kept to reuse its allocation.
    options: Vec<Act>,
}

impl Bot {
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075),
            options: Vec::with_capacity(64),
        }
    }

    /// The bot's decision for the acting player, or `None` when nobody may act (game over).
    pub fn choose(&mut self, game: &Game) -> Option<Act> {
        legal_actions_into(game.state(), &mut self.options);
        if self.options.is_empty() {
            return None;
        }
        match self.kind {
            BotKind::Random => {
                let k = self.rng.random_range(0..self.options.len());
                Some(self.options.swap_remove(k))
            }
            BotKind::Greedy => {
                let seat = game.state().current_player();
                let mut best: Option<(f64, Act)> = None;
                for act in self.options.drain(..) {
                    let Ok(next) = game.preview(&act) else {
                        continue;
                    };
                    let noise: f64 = self.rng.random_range(0.0..0.01);
                    let value = seat.map_or(0.0, |p| evaluate(&next, p)) + noise;
                    if best.as_ref().is_none_or(|(v, _)| value > *v) {
                        best = Some((value, act));
                    }
                }
                best.map(|(_, a)| a)
            }
        }
    }
}

/// A rough worth of a position for `seat`: goods and prestige first, then the means to make
/// more (compound size, resources, cards in hand, dice still unplaced).
pub fn evaluate(state: &State, seat: usize) -> f64 {
    let p = &state.players[seat];
    let unplaced = p.dice.unplaced().count() as f64;
    f64::from(p.goods) * 10.0
        + f64::from(p.prestige()) * 8.0
        + p.compound.len() as f64 * 6.0
        + f64::from(p.metal.min(12)) * 1.6
        + f64::from(p.energy.min(12)) * 1.0
        + (p.hand.len().min(10) as f64) * 1.3
        + unplaced * 0.8
}
