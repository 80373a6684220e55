//! The planner: the best work phase for the dice a player rolled. Pure, like the engine: no
//! I/O, no clock, no randomness.
//!
//! **The objective** ([`Weights`], [`worth`]): what a position is worth to its player at the
//! end of their work phase,
//!
//! > goods + prestige + `engine` × built cards that are not Monuments
//! > + `metal` × metal + `energy` × energy + `hand` × blueprints in hand (at most 10),
//!
//! with the means (the engine, resources and hand) worth nothing in the game's last round,
//! where only the score counts. A plan's **gain** is the worth after the work phase less the
//! worth before it. The weights were chosen by self-play: `foreman simulate --bot planner`
//! against the Machine, the set that won most kept (README, "The planner").
//!
//! **The search** is exact for that objective within one work phase: every sequence of the
//! player's own actions (placements, activations, the Replicator, training cards, builds, the
//! Specialist's die) up to the end of the work phase, each position searched once
//! (memoised on the player's whole state: equal positions reached in different orders are the
//! same position), dice of equal value taken as one (as `legal_actions` lists them).
//! Chance inside the phase is valued by expectation:
//! - a die rolled in the middle of a plan (the Robot's, the Temp Agency's rerolls): the mean
//!   over every face of the best play that follows;
//! - a blueprint drawn (Research, Laboratory, Manufactory, Recycling Plant): the player does
//!   not see it before the plan is made, so it is valued as a card in hand, whatever it is,
//!   and the plan never builds or discards it. Asking again after the draw may do better.
//!
//! The plan returned is the best first steps up to the end of the work phase, or up to the
//! first step whose result is chance: then the player rolls (or draws) and asks again.

use crate::engine::state::{PlayerState, State};
use crate::engine::{Act, Action, CardType, Game, Inputs, Phase, RuleError, legal_actions};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The objective's weights (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    pub engine: f64,
    pub metal: f64,
    pub energy: f64,
    pub hand: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            engine: 1.0,
            metal: 0.45,
            energy: 0.3,
            hand: 0.35,
        }
    }
}

/// The best work phase found for the player at work.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The steps in order; the last ends the work phase, unless `then_ask_again`.
    pub steps: Vec<Act>,
    /// The objective's expected gain over the whole work phase.
    pub gain: f64,
    /// The last step's result is chance (a die rolled, a card drawn): play the steps, then
    /// ask for a plan again.
    pub then_ask_again: bool,
    /// Distinct positions searched.
    pub positions: usize,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlanError {
    #[error("a plan is for a player's work phase, after their roll; the game is in {0}")]
    NotWorking(String),
    #[error("nothing can be played: {0}")]
    Stuck(RuleError),
}

/// What `state` is worth to `seat` (the objective).
pub fn worth(state: &State, seat: usize, w: &Weights) -> f64 {
    worth_in(state, seat, w, means_count(state))
}

/// 1 while the game goes on after this round, 0 in its last round (only the score counts).
fn means_count(state: &State) -> f64 {
    let last_round = state.final_round().is_some_and(|r| state.round >= r);
    if last_round { 0.0 } else { 1.0 }
}

fn worth_in(state: &State, seat: usize, w: &Weights, means: f64) -> f64 {
    let p = &state.players[seat];
    let engine = p.compound.len() as f64 - f64::from(p.compound.of_type(CardType::Monument));
    f64::from(p.goods)
        + f64::from(p.prestige())
        + means
            * (w.engine * engine
                + w.metal * f64::from(p.metal)
                + w.energy * f64::from(p.energy)
                + w.hand * p.hand_size().min(10) as f64)
}

/// The best work phase for the player at work in `game`, with the default weights.
pub fn plan(game: &Game) -> Result<Plan, PlanError> {
    plan_with(game, &Weights::default())
}

pub fn plan_with(game: &Game, weights: &Weights) -> Result<Plan, PlanError> {
    let st = game.state();
    let (Phase::Work { rolled: true, .. }, Some(seat)) = (st.phase, st.current_player()) else {
        return Err(PlanError::NotWorking(crate::text::phase_text(game)));
    };
    // Whether the means count is decided by the round the plan is made in (ending the game
    // during it leaves one more round to use them).
    let means = means_count(st);
    let mut search = Search {
        seat,
        weights: *weights,
        means,
        memo: HashMap::default(),
    };
    let root = game.for_planning();
    let before = worth_in(root.state(), seat, weights, means);
    let value = search.value(&root);
    // Follow the best steps while their results are certain.
    let mut steps = Vec::new();
    let mut at = root;
    let mut then_ask_again = false;
    loop {
        let Some(Some(best)) = search
            .memo
            .get(&key(&at.state().players[seat]))
            .map(|e| e.best.clone())
        else {
            break;
        };
        steps.push(best.clone());
        if matches!(best, Act::EndWork { .. }) {
            break;
        }
        let next = outcomes(&at, &best);
        if next.len() != 1 || search.drew(&at, &next[0]) {
            then_ask_again = true;
            break;
        }
        at = next.into_iter().next().ok_or(PlanError::NotWorking(String::new()))?;
    }
    if steps.is_empty() {
        return Err(PlanError::Stuck(RuleError::NotRolled));
    }
    Ok(Plan {
        steps,
        gain: value - before,
        then_ask_again,
        positions: search.memo.len(),
    })
}

struct Entry {
    value: f64,
    best: Option<Act>,
}

struct Search {
    seat: usize,
    weights: Weights,
    means: f64,
    memo: HashMap<PlayerState, Entry, BuildHasherDefault<Fx>>,
}

/// A fast hasher for the memo (FxHash: a multiply and a rotate per word); the keys are the
/// program's own states, never chosen by an adversary.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The search's key for a position: the player's state with the dice in a canonical order
/// (dice are told apart only by their value, where they came from and where they sit, so two
/// positions that differ by which of two equal dice went where are the same position).
fn key(p: &PlayerState) -> PlayerState {
    let mut k = p.clone();
    let mut dice: Vec<crate::engine::state::Die> = p.dice.as_slice().to_vec();
    dice.sort_by_key(|d| (d.value, d.origin as u8, d.placed.map(spot_order)));
    k.dice = crate::engine::state::Dice::from_dice(&dice);
    k
}

fn spot_order(s: crate::engine::state::Spot) -> (u8, u8) {
    match s {
        crate::engine::state::Spot::Hq(section) => (0, section.index() as u8),
        crate::engine::state::Spot::Card(card) => (1, card.index() as u8),
    }
}

impl Search {
    /// The expected worth at the end of the work phase with the best play from `g`.
    fn value(&mut self, g: &Game) -> f64 {
        let key = key(&g.state().players[self.seat]);
        if let Some(e) = self.memo.get(&key) {
            return e.value;
        }
        let mut best: Option<(f64, Act)> = None;
        for act in self.moves(g) {
            let v = if matches!(act, Act::EndWork { .. }) {
                let mut end = g.clone();
                match end.apply(Action::new(act.clone())) {
                    Ok(_) => worth_in(end.state(), self.seat, &self.weights, self.means),
                    Err(_) => continue,
                }
            } else {
                let next = outcomes(g, &act);
                if next.is_empty() {
                    continue;
                }
                let n = next.len() as f64;
                next.iter().map(|c| self.value(c)).sum::<f64>() / n
            };
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                best = Some((v, act));
            }
        }
        let (value, best) = match best {
            Some((v, a)) => (v, Some(a)),
            None => (
                worth_in(g.state(), self.seat, &self.weights, self.means),
                None,
            ),
        };
        self.memo.insert(key, Entry { value, best });
        value
    }

    /// The player's own moves: every legal action that uses only the cards the player knows
    /// (a card drawn while planning is hidden and never named), and the end of the work
    /// phase as the rules list it.
    fn moves(&self, g: &Game) -> Vec<Act> {
        let st = g.state();
        if st.players[self.seat].hidden == 0 {
            return legal_actions(st);
        }
        let mut known = st.clone();
        known.players[self.seat].hidden = 0;
        let mut out: Vec<Act> = legal_actions(&known)
            .into_iter()
            .filter(|a| !matches!(a, Act::EndWork { .. }))
            .collect();
        out.extend(
            legal_actions(st)
                .into_iter()
                .filter(|a| matches!(a, Act::EndWork { .. })),
        );
        out
    }

    /// Whether the step from `before` to `after` drew a card (its result is then unknown).
    fn drew(&self, before: &Game, after: &Game) -> bool {
        after.state().players[self.seat].hidden > before.state().players[self.seat].hidden
    }
}

/// Every outcome of `act` from `g`, equally likely: one when nothing is rolled, one per face
/// (per combination of faces) for each die the action rolls. Empty when refused.
fn outcomes(g: &Game, act: &Act) -> Vec<Game> {
    let mut pending = vec![Inputs::default()];
    let mut out = Vec::new();
    while let Some(inputs) = pending.pop() {
        let mut c = g.clone();
        match c.apply(Action::with_inputs(act.clone(), inputs.clone())) {
            Ok(_) => out.push(c),
            Err(RuleError::NeedDie(_)) => {
                for v in 1..=6 {
                    let mut more = inputs.clone();
                    more.dice.push(v);
                    pending.push(more);
                }
            }
            Err(_) => {}
        }
    }
    out
}
