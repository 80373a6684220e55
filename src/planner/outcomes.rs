//! The outcomes of a move with their chances: one when nothing is rolled, one per face (per
//! combination of faces) of each die rolled, dice alike taken in rising faces only; and for a
//! move that draws blueprints, one per card it may draw that could change the rest of the
//! work phase (see [`Slots::reveal`]).

use crate::engine::state::State;
use crate::engine::{Act, Action, Blueprint, Game, Inputs, RuleError, Tool};

/// Every outcome of `act` from `st` (a position of `game`) with its chance: one when nothing
/// is rolled, one per face (per combination of faces) for each die the action rolls. Empty
/// when refused.
#[cfg(test)]
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
    /// The last move stepped drew blueprints for the player at work: its result is chance
    /// even when the cards it drew come out as one outcome.
    pub(super) drew: bool,
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
        let start = self.used;
        self.drew = false;
        // Most moves roll nothing: one step, no inputs.
        match self.step(game, st, &Action::new(act.clone()), 1.0) {
            Ok(()) => return self.reveal(st, start..self.used),
            Err(RuleError::NeedDie(_)) => {}
            Err(_) => return start..start,
        }
        let mut pending: Vec<Inputs> = (1..=6)
            .map(|v| Inputs {
                dice: std::iter::once(v).collect(),
                ..Inputs::default()
            })
            .collect();
        while let Some(inputs) = pending.pop() {
            let weight = if rising { orders(&inputs.dice) } else { 1.0 };
            match self.step(
                game,
                st,
                &Action::with_inputs(act.clone(), inputs.clone()),
                weight,
            ) {
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
        self.reveal(st, start..self.used)
    }

    /// The outcomes in `range` (the last stepped from `st`) in which the player at work drew
    /// blueprints, each replaced by the cards it may have drawn, each as likely as its copies
    /// among the cards the player has not seen (`State::blueprint_deck`: the deck, and hands
    /// hidden from them), one card after another. Cards that play the same part in the rest
    /// of the work phase are one outcome:
    /// - a card already built (and not a Beacon or Obelisk) can only be discarded: those of
    ///   one tool and one cost are alike (the Black Market pays a discard's cost);
    /// - a card with no blueprint of its tool in hand cannot be built this phase (RULES.md,
    ///   Build: the discard has the same tool), nor partner one: those stay one card drawn in
    ///   secret, valued as a card in hand and never played, as before the draw was known;
    /// - any other card is an outcome of its own, which the rest of the plan may build.
    ///
    /// Equal positions reached by other orders of the cards are one outcome.
    fn reveal(&mut self, st: &State, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let Some(seat) = st.current_player() else {
            return range;
        };
        let before = st.players.get(seat).map_or(0, |p| p.hidden);
        let drawn = |s: &State| s.players.get(seat).map_or(0, |p| p.hidden.saturating_sub(before));
        if !range.clone().any(|i| drawn(&self.states[i]) > 0) {
            return range;
        }
        self.drew = true;
        let start = range.start;
        let stepped: Vec<(State, f64)> = range
            .map(|i| (self.states[i].clone(), self.chances[i]))
            .collect();
        self.used = start;
        for (s, chance) in stepped {
            // A draw with dice still to place stays in secret (see above).
            let n = if s.players[seat].dice.unplaced().next().is_none() {
                drawn(&s).min(1)
            } else {
                0
            };
            let mut frontier = vec![(s, chance)];
            for _ in 0..n {
                let mut next: Vec<(State, f64)> = Vec::new();
                for (s, c) in frontier {
                    for (card, share) in reveal_one(&s, seat) {
                        let mut r = s.clone();
                        if let Some(card) = card {
                            let p = &mut r.players[seat];
                            p.hidden = p.hidden.saturating_sub(1);
                            p.hand.add(card);
                            r.blueprint_deck.remove(card);
                        }
                        let k = super::key(&r.players[seat]);
                        match next.iter_mut().find(|(o, _)| super::key(&o.players[seat]) == k) {
                            Some((_, w)) => *w += c * share,
                            None => next.push((r, c * share)),
                        }
                    }
                }
                frontier = next;
            }
            for (s, c) in frontier {
                if self.states.len() == self.used {
                    self.states.push(s);
                    self.chances.push(c);
                } else {
                    self.states[self.used] = s;
                    self.chances[self.used] = c;
                }
                self.used += 1;
            }
        }
        start..self.used
    }

    /// One step into the next free slot with its `weight`, kept when the rules allow it.
    fn step(
        &mut self,
        game: &Game,
        st: &State,
        action: &Action,
        weight: f64,
    ) -> Result<(), RuleError> {
        if self.states.len() == self.used {
            self.states.push(st.clone());
            self.chances.push(0.0);
        }
        game.step_into(st, action, &mut self.states[self.used])?;
        self.chances[self.used] = weight;
        self.used += 1;
        Ok(())
    }
}

/// The card one draw gives the player `seat` of `s` (whose hand counts it as drawn in
/// secret), by the part it can play in the rest of the work phase (see [`Slots::reveal`]):
/// `None` for the cards left in secret, else a card standing for its kind, each with its
/// chance. Empty of chance when nothing is unseen: then the draw is one outcome, as it was.
pub(super) fn reveal_one(s: &State, seat: usize) -> Vec<(Option<Blueprint>, f64)> {
    let total = s.blueprint_deck.len();
    let Some(p) = s.players.get(seat) else {
        return vec![(None, 1.0)];
    };
    if total == 0 {
        return vec![(None, 1.0)];
    }
    let total = total as f64;
    let mut secret = 0.0;
    // A built card's kind: its tool and cost.
    let mut built: Vec<((Tool, u8, u8), Blueprint, f64)> = Vec::new();
    let mut out: Vec<(Option<Blueprint>, f64)> = Vec::new();
    for (card, n) in s.blueprint_deck.iter() {
        if n == 0 {
            continue;
        }
        let share = f64::from(n) / total;
        let info = card.info();
        if !card.allows_several() && p.compound.contains(card) {
            let kind = (info.tool, info.metal, info.energy);
            match built.iter_mut().find(|(k, _, _)| *k == kind) {
                Some((_, _, w)) => *w += share,
                None => built.push((kind, card, share)),
            }
        } else if p.hand.iter().any(|(c, m)| m > 0 && c.tool() == info.tool) {
            out.push((Some(card), share));
        } else {
            secret += share;
        }
    }
    out.extend(built.into_iter().map(|(_, card, w)| (Some(card), w)));
    if secret > 0.0 {
        out.push((None, secret));
    }
    out
}
