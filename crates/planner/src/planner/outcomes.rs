//! The outcomes of a move with their chances: one when nothing is rolled, one per face (per
//! combination of faces) of each die rolled, dice alike taken in rising faces only.

use crate::engine::state::State;
use crate::engine::{Act, Game, Inputs, RuleError};

/// Every outcome of `act` from `st` (a position of `game`) with its chance: one when nothing
/// is rolled, one per face (per combination of faces) for each die the action rolls. Empty
/// when refused.
pub(super) fn outcomes(game: &Game, st: &State, act: &Act) -> Vec<(State, f64)> {
    let mut slots = Slots::default();
    slots.outcomes(game, st, act);
    slots.states.truncate(slots.used);
    slots.states.into_iter().zip(slots.chances).collect()
}

/// States kept for reuse: the outcomes of a position's moves are stepped into them (copied
/// over, no allocation), `used` of them in use, each with its chance.
#[derive(Default)]
pub(super) struct Slots {
    pub(super) states: Vec<State>,
    pub(super) chances: Vec<f64>,
    pub(super) used: usize,
    /// By slot: it holds a state of the work phase before its end (a copy of a position
    /// searched, or a step from one that did not end the phase), so that a step into it need
    /// copy only what the work phase changes ([`Game::step_work_into`]).
    working: Vec<bool>,
}

/// Whether the dice `act` rolls are alike (a Temp Agency's reroll of several dice of one
/// origin): faces dealt to them in another order give the same position (the search's key
/// sorts a player's dice), so only rising faces are stepped, each weighted by its orders.
pub(super) fn alike(st: &State, act: &Act) -> bool {
    let (Act::Activate {
        card: crate::engine::Blueprint::TempAgency,
        dice,
        ..
    }
    | Act::Replicate {
        card: crate::engine::Blueprint::TempAgency,
        dice,
        ..
    }) = act
    else {
        return false;
    };
    let Some(p) = st.current_player().and_then(|p| st.players.get(p)) else {
        return false;
    };
    let origin = |d: &u8| p.dice.get(usize::from(*d)).map(|d| d.origin);
    dice.len() > 1
        && dice
            .iter()
            .all(|d| origin(d).is_some() && origin(d) == origin(&dice[0]))
}

/// The orders `faces` (rising) can come in: k! / (m1! m2! …) for the counts m of each face.
fn orders(faces: &[u8]) -> f64 {
    let mut n = 1.0;
    let mut run = 0.0;
    for (i, f) in faces.iter().enumerate() {
        run = if i > 0 && faces[i - 1] == *f {
            run + 1.0
        } else {
            1.0
        };
        n *= (i + 1) as f64 / run;
    }
    n
}

impl Slots {
    /// Every outcome of `act` from `st` (a position of `game`) into the next slots, with its
    /// chance: one when nothing is rolled, one per face (per combination of faces) for each
    /// die the action rolls. Empty when refused.
    pub(super) fn outcomes(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
    ) -> std::ops::Range<usize> {
        self.outcomes_in(game, st, act, alike(st, act))
    }

    /// [`Slots::outcomes`], the faces stepped in rising order only when `rising`.
    pub(super) fn outcomes_in(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
        rising: bool,
    ) -> std::ops::Range<usize> {
        // Most moves roll nothing: one step, no inputs.
        match self.plain(game, st, act) {
            Ok(next) => next,
            Err(RuleError::NeedDie(_)) => self.faces(game, st, act, rising),
            Err(_) => self.used..self.used,
        }
    }

    /// The outcomes of `act`, a move that rolls dice, one per face (per combination of
    /// faces), in rising order only when `rising`; see [`Slots::outcomes_in`].
    pub(super) fn faces(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
        rising: bool,
    ) -> std::ops::Range<usize> {
        let start = self.used;
        let mut pending: Vec<Inputs> = (1..=6)
            .map(|v| Inputs {
                dice: std::iter::once(v).collect(),
                ..Inputs::default()
            })
            .collect();
        while let Some(inputs) = pending.pop() {
            let weight = if rising { orders(&inputs.dice) } else { 1.0 };
            match self.step(game, st, act, &inputs, weight) {
                Ok(()) => {}
                Err(RuleError::NeedDie(_)) => {
                    let last = inputs.dice.last().copied().unwrap_or(1);
                    for v in 1..=6 {
                        if rising && v < last {
                            continue;
                        }
                        let mut more = inputs.clone();
                        more.dice.push(v);
                        pending.push(more);
                    }
                }
                Err(_) => {}
            }
        }
        // The outcomes the rules allow, equally likely in every order of the faces.
        let total: f64 = self.chances[start..self.used].iter().sum();
        for c in &mut self.chances[start..self.used] {
            *c /= total;
        }
        start..self.used
    }

    /// `act` stepped from `st` with nothing rolled, into the next slot: its one outcome, or
    /// why not (`RuleError::NeedDie`: it rolls dice, see [`Slots::outcomes`]).
    pub(super) fn plain(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
    ) -> Result<std::ops::Range<usize>, RuleError> {
        let start = self.used;
        self.step(game, st, act, &Inputs::default(), 1.0)?;
        Ok(start..self.used)
    }

    /// For a move whose result is a roll (`act` needs dice): one of its outcomes, every die
    /// it rolls showing 1, stepped into the next slot (its place given), and which of the
    /// player's dice the roll sets (bits by place: those whose faces differ when the roll
    /// shows 2s instead). `None` when a roll of 1s is refused, or the two outcomes differ by
    /// more than their dice's faces: then the move's outcomes are to be stepped one by one.
    pub(super) fn rolled(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
        seat: usize,
    ) -> Option<(usize, u32)> {
        let start = self.used;
        let faces = |v: u8, k: usize| Inputs {
            dice: std::iter::repeat_n(v, k).collect(),
            ..Inputs::default()
        };
        let mut k = 1;
        loop {
            match self.step(game, st, act, &faces(1, k), 1.0) {
                Ok(()) => break,
                Err(RuleError::NeedDie(_)) if k < crate::engine::state::MAX_DICE => k += 1,
                Err(_) => return None,
            }
        }
        let twos = self.step(game, st, act, &faces(2, k), 1.0);
        self.used = start + 1;
        twos.ok()?;
        let (ones, twos) = (&self.states[start], &self.states[start + 1]);
        let (a, b) = (&ones.players[seat], &twos.players[seat]);
        if a.dice.len() != b.dice.len() {
            self.used = start;
            return None;
        }
        let mut wild = 0u32;
        for (i, (x, y)) in a.dice.as_slice().iter().zip(b.dice.as_slice()).enumerate() {
            if x.value != y.value {
                wild |= 1 << i;
            }
        }
        // Apart from the rolled dice's faces, the two outcomes are one position.
        let mut same = *b;
        for (i, d) in a.dice.as_slice().iter().enumerate() {
            if let Some(e) = same.dice.get_mut(i) {
                e.value = d.value;
            }
        }
        if same != *a || wild == 0 {
            self.used = start;
            return None;
        }
        Some((start, wild))
    }

    /// One step into the next free slot with its `weight`, kept when the rules allow it.
    fn step(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
        inputs: &Inputs,
        weight: f64,
    ) -> Result<(), RuleError> {
        // Every position stepped from is a state of the work phase before its end.
        if self.states.len() == self.used {
            self.states.push(st.clone());
            self.chances.push(0.0);
            self.working.push(true);
        }
        let slot = &mut self.states[self.used];
        let ends = matches!(act, Act::EndWork { .. });
        let stepped = match st.current_player() {
            Some(seat) if !ends && self.working[self.used] => {
                game.step_work_into(st, act, inputs, slot, seat)
            }
            _ => game.step_act_into(st, act, inputs, slot),
        };
        // A refused step leaves no meaningful position: copied whole next time.
        self.working[self.used] = !ends && stepped.is_ok();
        stepped?;
        self.chances[self.used] = weight;
        self.used += 1;
        Ok(())
    }
}
