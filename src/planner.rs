//! The planner: the best work phase for the dice a player rolled. Pure, like the engine: no
//! I/O, no clock, no randomness.
//!
//! **The objective** ([`Weights`], [`worth`]): what a position is worth to its player at the
//! end of their work phase,
//!
//! > goods + prestige + means × (`engine` × fade × built cards that are not Monuments
//! > + `metal` × metal + `energy` × energy + `hand` × blueprints in hand (at most 10)),
//!
//! where fade falls from 1 in the first round to 1 − `engine_fade` in the tenth (a card built
//! late works fewer rounds), and means is 1 while the game goes on, `penultimate` in the round
//! before the last and when the plan itself ends the game (one round is left to use them), and
//! 0 in the last round, where only the score counts. A plan's **gain** is the worth after the
//! work phase less the worth before it.
//!
//! The weights were chosen by self-play against the Machine at medium, 200 games per set on
//! seeds apart from those `foreman simulate` reports (`cargo run --release --example plan_tune
//! -- 200 KEY=VALUE ...`). Wins, from the first weights (engine 1, metal 0.45, energy 0.3,
//! hand 0.35): 16; metal 0.19 and energy 0.12: 52; with engine 0.69, penultimate 0.8: 56;
//! engine 0.5: 67; the first defaults (engine 0.7 fading by 0.6, metal 0.22, energy 0.14, hand 0.33,
//! penultimate 0.8, market 0.11): 75. Around them, hand 0.2: 33 and 0.45: 52; penultimate 0.5:
//! 23 and 1: 63; a bonus for ending the game: 62–65; a penalty for ending it while behind: 58;
//! resources worth less past a cap: 61; pairs of blueprints of one tool worth more: 51 — no
//! better, so left out. Past about 70 of 200 the weights stopped mattering: the objective's
//! shape (one work phase, fixed weights) is the limit. Fitting the weights instead to the
//! points still scored after each work phase (`cargo run --release --example plan_fit -- 400`:
//! least squares over 3,927 work phases, by stage of the game) gives about 0.4 a metal, 0.1–0.2
//! an energy, 0.2 a blueprint early and 0.5–0.7 late, and nothing for a card built; those
//! weights won 37 of 200: what goes with points in self-play is not what a move is worth.
//! With the bot's market phase looking further ahead (6 choices on 6 rolls, see `bots.rs`),
//! the hand's weight was tried again on 400 games: 0.25: 139 wins, 0.33: 192, 0.4: 201 (the
//! default now), 0.5: 160; the market's 0: 188.
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
//! **Pruning** (branch and bound, `bound.rs`): a position whose bound (the most the rest of
//! the phase could still add, everything counted at its best) is no better than a plan already
//! found is not searched further; moves are tried the most promising first, and chance is
//! searched by Ballard's Star1 (an outcome only as far as it could still lift the mean).
//! Sound, so the plan stays exact (tested against the search without it); on 1,000 recorded
//! work phases, with the first weights, it searched 18% fewer positions at the 95th
//! percentile, for the same time.
//!
//! The plan returned is the best first steps up to the end of the work phase, or up to the
//! first step whose result is chance: then the player rolls (or draws) and asks again.

use crate::engine::state::{PlayerState, State};
use crate::engine::{Act, Action, CardType, Game, Inputs, Phase, RuleError, legal_actions_into};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

mod bound;

/// The objective's weights (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// A built card that is not a Monument, in the first round.
    pub engine: f64,
    /// The engine's weight falls by this share from the first round to the tenth (a card
    /// built late has fewer rounds left to work).
    pub engine_fade: f64,
    pub metal: f64,
    pub energy: f64,
    /// A blueprint in hand (at most 10 count).
    pub hand: f64,
    /// The means' share in the round before the last, and when the plan ends the game (one
    /// round is left to use them).
    pub penultimate: f64,
    /// The planner bot's market phase: a blueprint taken is worth this share of what it adds
    /// once built.
    pub market: f64,
}

impl Weights {
    /// Points only: goods and prestige.
    pub const POINTS: Weights = Weights {
        engine: 0.0,
        engine_fade: 0.0,
        metal: 0.0,
        energy: 0.0,
        hand: 0.0,
        penultimate: 1.0,
        market: 0.0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            engine: 0.7,
            engine_fade: 0.6,
            metal: 0.22,
            energy: 0.14,
            hand: 0.4,
            penultimate: 0.8,
            market: 0.11,
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
    /// Every position was searched (no limit was reached): the plan is the best for the
    /// objective. When false, positions past the limit were valued as they stood.
    pub exact: bool,
}

/// How far a search may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The most distinct positions searched; past it, a position is valued as it stands (as if
    /// the player stopped there). `None`: no limit, the plan is exact.
    pub positions: Option<usize>,
}

impl Limit {
    /// No limit: the exact best plan, however long it takes.
    pub const EXACT: Limit = Limit { positions: None };
    /// The window's and the command line's: about a second at worst.
    pub const SUGGEST: Limit = Limit {
        positions: Some(200_000),
    };
    /// The planner bot's, for whole games played by the thousand.
    pub const BOT: Limit = Limit {
        positions: Some(20_000),
    };
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
    worth_in(state, seat, w, means_count(state, w))
}

/// The means' share: 1 while the game goes on for more than one round after this one, the
/// `penultimate` share in the round before the last, 0 in the last round (only the score
/// counts).
fn means_count(state: &State, w: &Weights) -> f64 {
    match state.final_round() {
        Some(r) if state.round >= r => 0.0,
        Some(r) if state.round + 1 == r => w.penultimate,
        _ => 1.0,
    }
}

fn worth_in(state: &State, seat: usize, w: &Weights, means: f64) -> f64 {
    let p = &state.players[seat];
    let score = f64::from(p.goods) + f64::from(p.prestige());
    if means == 0.0 {
        return score;
    }
    // Ending the game now leaves one round to use the means.
    let means = if state.end_triggered == Some(state.round) {
        means.min(w.penultimate)
    } else {
        means
    };
    let engine = p.compound.len() as f64 - f64::from(p.compound.of_type(CardType::Monument));
    let fade = 1.0 - w.engine_fade * (f64::from(state.round.clamp(1, 10)) - 1.0) / 9.0;
    score
        + means
            * (w.engine * fade * engine
                + w.metal * f64::from(p.metal)
                + w.energy * f64::from(p.energy)
                + w.hand * p.hand_size().min(10) as f64)
}

/// The best work phase for the player at work in `game`, with the default weights and the
/// window's limit.
pub fn plan(game: &Game) -> Result<Plan, PlanError> {
    plan_with(game, &Weights::default(), Limit::SUGGEST)
}

pub fn plan_with(game: &Game, weights: &Weights, limit: Limit) -> Result<Plan, PlanError> {
    let st = game.state();
    let (Phase::Work { rolled: true, .. }, Some(seat)) = (st.phase, st.current_player()) else {
        return Err(PlanError::NotWorking(crate::text::phase_text(game)));
    };
    // Whether the means count is decided by the round the plan is made in (ending the game
    // during it leaves one more round to use them).
    let means = means_count(st, weights);
    let root = game.for_planning();
    let mut search = Search::new(root.clone(), seat, *weights, means, limit);
    let before = worth_in(root.state(), seat, weights, means);
    let (value, _) = search.value(root.state(), f64::NEG_INFINITY);
    // Follow the best steps while their results are certain.
    let mut steps = Vec::new();
    let mut at = root.state().clone();
    let mut then_ask_again = false;
    while let Some(Some(best)) = search
        .memo
        .get(&key(&at.players[seat]))
        .map(|e| e.best.clone())
    {
        steps.push(best.clone());
        if matches!(best, Act::EndWork { .. }) {
            break;
        }
        let next = outcomes(&root, &at, &best);
        if next.len() != 1 || search.drew(&at, &next[0].0) {
            then_ask_again = true;
            break;
        }
        at = next
            .into_iter()
            .next()
            .map(|(s, _)| s)
            .ok_or(PlanError::NotWorking(String::new()))?;
    }
    if steps.is_empty() {
        return Err(PlanError::Stuck(RuleError::NotRolled));
    }
    // A plan cut short by the limit: its next steps are to be asked for again.
    if !matches!(steps.last(), Some(Act::EndWork { .. })) {
        then_ask_again = true;
    }
    Ok(Plan {
        steps,
        gain: value - before,
        then_ask_again,
        positions: search.memo.len(),
        exact: !search.cut,
    })
}

/// The next work phase after a market choice, as far as it can be foreseen: what the
/// objective expects at its end (its best play, by the planner within `limit`), averaged over
/// `rolls` (the faces of the player's next roll, as many as needed; the same rolls for every
/// choice compared). `after` is the state the choice leaves, before any unseen card is
/// revealed (see [`Game::attempt`]); other players' market turns are not foreseen.
pub fn next_work_phase(
    game: &Game,
    after: &State,
    seat: usize,
    rolls: &[[u8; 8]],
    weights: &Weights,
    limit: Limit,
) -> Option<f64> {
    // The work phase's turns start at the first player.
    let n = after.players.len();
    let turn = (seat + n - after.first_player) % n;
    let mut st = after.clone();
    st.phase = Phase::Work {
        turn,
        rolled: false,
    };
    let base = game.planning_at(st);
    let mut total = 0.0;
    for faces in rolls {
        let mut rolled = None;
        for k in 1..=faces.len() {
            let mut g = base.clone();
            let inputs = Inputs {
                dice: faces[..k].iter().copied().collect(),
                ..Inputs::default()
            };
            match g.apply(Action::with_inputs(
                Act::Roll {
                    set: Default::default(),
                },
                inputs,
            )) {
                Ok(_) => {
                    rolled = Some(g);
                    break;
                }
                Err(RuleError::NeedDie(_)) => continue,
                Err(_) => return None,
            }
        }
        let g = rolled?;
        let plan = plan_with(&g, weights, limit).ok()?;
        total += worth(g.state(), seat, weights) + plan.gain;
    }
    Some(total / rolls.len().max(1) as f64)
}

/// A move tried from a position (see [`Search::value`]).
struct Try {
    act: Act,
    /// Its outcomes' slots.
    next: std::ops::Range<usize>,
    chance: bool,
    promise: f64,
}

struct Entry {
    /// The position's value when `exact`; else a bound it does not exceed.
    value: f64,
    exact: bool,
    /// The best move (exact entries only).
    best: Option<Act>,
}

struct Search {
    /// The position searched from, for its setup: every step is `game.step`.
    game: Game,
    seat: usize,
    weights: Weights,
    means: f64,
    limit: usize,
    /// The limit was reached somewhere.
    cut: bool,
    /// Branch and bound: moves that cannot beat the best found are not searched.
    prune: bool,
    memo: HashMap<Key, Entry, BuildHasherDefault<Taken>>,
    /// Buffers of moves, tries and states kept from one position to the next (no allocation
    /// per position searched).
    spare_moves: Vec<Vec<Act>>,
    spare_tries: Vec<Vec<Try>>,
    spare_slots: Vec<Slots>,
}

/// The search's key for a position: what of the player's state can differ between two
/// positions of one work phase, packed into words (the colour never changes). Dice are told
/// apart only by their value, where they came from and where they sit, so they are sorted:
/// two positions that differ by which of two equal dice went where are the same position.
/// Equal keys are equal player states, and the other way round.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key([u64; 16]);

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // A multiply and a rotate a word, then a final mix (the memo's table takes the low
        // bits of the hash as is).
        let mut h: u64 = 0;
        for &w in &self.0 {
            h = (h.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        h ^= h >> 32;
        h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
        state.write_u64(h ^ (h >> 29));
    }
}

/// The memo's hasher: [`Key`] hashes itself to one well-mixed word, taken as it is.
#[derive(Default)]
struct Taken(u64);

impl Hasher for Taken {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used (by `Key`); anything else is folded in all the same.
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 ^= i;
    }
}

fn key(p: &PlayerState) -> Key {
    use crate::engine::state::Spot;
    let mut w = [0u64; 16];
    w[0] = u64::from(p.metal) | u64::from(p.energy) << 32;
    w[1] = u64::from(p.goods)
        | u64::from(p.hidden) << 32
        | p.pending.map_or(0, |c| 1 + c.index() as u64) << 40
        | u64::from(p.specialist_due) << 48
        | u64::from(p.fired.scrap_yard) << 49
        | u64::from(p.fired.solar_array) << 50
        | u64::from(p.fired.laboratory) << 51
        | u64::from(p.worked) << 52;
    let words = |counts: &[u8; 32], out: &mut [u64]| {
        for (o, chunk) in out.iter_mut().zip(counts.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            *o = u64::from_le_bytes(b);
        }
    };
    words(p.hand.counts(), &mut w[2..6]);
    words(p.compound.counts(), &mut w[6..10]);
    w[10] = p.activated;
    for (i, v) in p.hq.iter().flat_map(|s| s.dice).enumerate() {
        w[11] |= u64::from(v) << (4 * i);
    }
    // Each die in 12 bits (value, origin, spot); five to a word, sorted; their number beside
    // the HQ's.
    let mut dice = [0u16; crate::engine::state::MAX_DICE];
    let n = p.dice.as_slice().len();
    for (c, d) in dice.iter_mut().zip(p.dice.as_slice()) {
        let spot = match d.placed {
            None => 0,
            Some(Spot::Hq(s)) => 1 + s.index() as u16,
            Some(Spot::Card(b)) => 4 + b.index() as u16,
        };
        *c = u16::from(d.value) | (d.origin as u16) << 3 | spot << 6;
    }
    dice[..n].sort_unstable();
    w[11] |= (n as u64) << 40;
    for (i, &c) in dice[..n].iter().enumerate() {
        w[12 + i / 5] |= u64::from(c) << (12 * (i % 5));
    }
    Key(w)
}

impl Search {
    /// A search from `game`'s position for `seat`, with branch and bound, nothing searched yet.
    fn new(game: Game, seat: usize, weights: Weights, means: f64, limit: Limit) -> Search {
        Search {
            game,
            seat,
            weights,
            means,
            limit: limit.positions.unwrap_or(usize::MAX),
            cut: false,
            prune: true,
            memo: HashMap::default(),
            spare_moves: Vec::new(),
            spare_tries: Vec::new(),
            spare_slots: Vec::new(),
        }
    }

    /// The expected worth at the end of the work phase with the best play from `g`, when it
    /// is above `alpha` (exact: `(value, true)`). At or below `alpha` the search may stop
    /// early and answer a bound instead: `(b, false)` with the exact value ≤ `b` ≤ `alpha`
    /// (branch and bound: a move that cannot beat a plan already found is not searched).
    fn value(&mut self, g: &State, alpha: f64) -> (f64, bool) {
        self.value_known(g, key(&g.players[self.seat]), None, alpha)
    }

    /// [`Search::value`] of a position whose key is `key`, and whose bound, when given, is
    /// `bound` (the caller worked them out already).
    fn value_known(&mut self, g: &State, at: Key, bound: Option<f64>, alpha: f64) -> (f64, bool) {
        if let Some(e) = self.memo.get(&at)
            && (e.exact || e.value <= alpha)
        {
            return (e.value, e.exact);
        }
        let now = worth_in(g, self.seat, &self.weights, self.means);
        if self.memo.len() >= self.limit {
            self.cut = true;
            return (now, true);
        }
        if self.prune {
            let b =
                bound.unwrap_or_else(|| bound::bound(g, self.seat, &self.weights, self.means, now));
            if b <= alpha {
                self.memo.insert(
                    at,
                    Entry {
                        value: b,
                        exact: false,
                        best: None,
                    },
                );
                return (b, false);
            }
        }
        // The moves with their outcomes; the end of the work phase first, then the moves whose
        // result is certain, the most promising first, then those left to chance.
        // Each: the move, its outcomes, whether its result is chance, its promise (for a
        // certain move, its outcome's bound, handed on to the outcome's search).
        let mut tries: Vec<Try> = self.spare_tries.pop().unwrap_or_default();
        let mut moves = self.spare_moves.pop().unwrap_or_default();
        let mut slots = self.spare_slots.pop().unwrap_or_default();
        slots.used = 0;
        self.moves(g, &mut moves);
        for act in moves.drain(..) {
            if matches!(act, Act::EndWork { .. }) {
                let r = slots.outcomes(&self.game, g, &act);
                if let Some(end) = slots.states[r.clone()].first() {
                    let v = worth_in(end, self.seat, &self.weights, self.means);
                    tries.push(Try {
                        act,
                        next: r.start..r.start,
                        chance: false,
                        promise: v,
                    });
                }
                // Only its worth is kept.
                slots.used = r.start;
                continue;
            }
            let next = slots.outcomes(&self.game, g, &act);
            if next.is_empty() {
                continue;
            }
            let first = &slots.states[next.start];
            let chance = next.len() != 1 || self.drew(g, first);
            // A move's promise: the mean of its outcomes' bounds.
            // A certain move's promise: its outcome's bound (the most promising is searched
            // first, so the best found rises early and prunes more).
            let promise = if next.len() == 1 {
                self.bound_of(first)
            } else {
                f64::INFINITY
            };
            tries.push(Try {
                act,
                next,
                chance,
                promise,
            });
        }
        self.spare_moves.push(moves);
        if self.prune {
            // Stable: of equal promise, the rules' order stays.
            tries.sort_by(|a, b| {
                let end = |t: &Try| !matches!(t.act, Act::EndWork { .. });
                end(a)
                    .cmp(&end(b))
                    .then(a.chance.cmp(&b.chance))
                    .then(b.promise.total_cmp(&a.promise))
            });
        }
        // The best move; of equal ones, the first whose result is certain (a plan then goes
        // further before asking again). `above`: the most any move not searched, or searched
        // only as far as its bound, could be worth.
        let mut best: Option<(f64, bool, Act)> = None;
        let mut above = f64::NEG_INFINITY;
        for Try {
            act,
            next,
            chance,
            promise,
        } in tries.drain(..)
        {
            // A move must beat the best so far (or `alpha`) to matter; a certain move also
            // matters when it only equals a best left to chance.
            let floor = match &best {
                Some((b, true, _)) => alpha.max(*b - 1e-6),
                Some((b, false, _)) => alpha.max(*b),
                None => alpha,
            };
            let (v, exact) = if matches!(act, Act::EndWork { .. }) {
                (promise, true)
            } else if promise <= floor {
                above = above.max(promise);
                continue;
            } else if next.len() == 1 {
                // One outcome (a card drawn is valued as a card in hand, whatever it is); its
                // bound is the promise.
                let one = &slots.states[next.start];
                let at = key(&one.players[self.seat]);
                self.value_known(one, at, Some(promise), floor)
            } else {
                self.expected(&slots.states[next.clone()], &slots.chances[next], floor)
            };
            if !exact {
                above = above.max(v);
                continue;
            }
            let better = best.as_ref().is_none_or(|(b, b_chance, _)| {
                v > *b + 1e-9 || (v > *b - 1e-9 && *b_chance && !chance)
            });
            if better {
                best = Some((v, chance, act));
            }
        }
        let entry = match best {
            Some((v, _, a)) if v > alpha || above == f64::NEG_INFINITY => Entry {
                value: v,
                exact: true,
                best: Some(a),
            },
            Some((v, _, _)) => Entry {
                value: v.max(above),
                exact: false,
                best: None,
            },
            None if above == f64::NEG_INFINITY => Entry {
                value: now,
                exact: true,
                best: None,
            },
            None => Entry {
                value: above,
                exact: false,
                best: None,
            },
        };
        self.spare_tries.push(tries);
        self.spare_slots.push(slots);
        let answer = (entry.value, entry.exact);
        self.memo.insert(at, entry);
        answer
    }

    /// The bound of a position (infinite without pruning).
    fn bound_of(&self, st: &State) -> f64 {
        if !self.prune {
            return f64::INFINITY;
        }
        let now = worth_in(st, self.seat, &self.weights, self.means);
        bound::bound(st, self.seat, &self.weights, self.means, now)
    }

    /// The expected value of `outcomes`, each as likely as its `chances` (summing to 1), when
    /// above `alpha` (exact); else a bound at or below `alpha` (Ballard's Star1: each outcome
    /// is searched only as far as it could still lift the mean above `alpha`, the others
    /// counted at their values or bounds).
    fn expected(&mut self, outcomes: &[State], chances: &[f64], alpha: f64) -> (f64, bool) {
        let mut bounds: Vec<f64> = outcomes.iter().map(|c| self.bound_of(c)).collect();
        let mut rest: f64 = bounds.iter().zip(chances).map(|(b, p)| b * p).sum();
        let mut done = 0.0;
        for (i, (c, &p)) in outcomes.iter().zip(chances).enumerate() {
            rest -= bounds[i] * p;
            // The least this outcome must be worth for the mean to pass `alpha`.
            // Without pruning the bounds are infinite (and their sum no number): every outcome
            // is searched whole.
            let need = if alpha == f64::NEG_INFINITY || !self.prune {
                f64::NEG_INFINITY
            } else {
                (alpha - done - rest) / p
            };
            let (v, exact) = self.value(c, need);
            done += v * p;
            bounds[i] = v;
            if !exact {
                // v ≤ need: the mean cannot pass `alpha`.
                return (done + rest, false);
            }
        }
        (done, true)
    }

    /// The player's own moves: the end of the work phase as the rules list it, then every
    /// legal action that uses only the cards the player knows (a card drawn while planning is
    /// hidden and never named).
    fn moves(&self, st: &State, out: &mut Vec<Act>) {
        if st.players[self.seat].hidden == 0 {
            // The end of the work phase first: of equal plans, the shortest is kept.
            legal_actions_into(st, out);
            out.sort_by_key(|a| !matches!(a, Act::EndWork { .. }));
            return;
        }
        let mut known = st.clone();
        known.players[self.seat].hidden = 0;
        let mut all = Vec::new();
        legal_actions_into(&known, &mut all);
        out.clear();
        out.extend(crate::engine::legal::end_work_actions(st));
        out.extend(
            all.into_iter()
                .filter(|a| !matches!(a, Act::EndWork { .. })),
        );
    }

    /// Whether the step from `before` to `after` drew a card (its result is then unknown).
    fn drew(&self, before: &State, after: &State) -> bool {
        after.players[self.seat].hidden > before.players[self.seat].hidden
    }
}

/// Every outcome of `act` from `st` (a position of `game`) with its chance: one when nothing
/// is rolled, one per face (per combination of faces) for each die the action rolls. Empty
/// when refused.
fn outcomes(game: &Game, st: &State, act: &Act) -> Vec<(State, f64)> {
    let mut slots = Slots::default();
    slots.outcomes(game, st, act);
    slots.states.truncate(slots.used);
    slots.states.into_iter().zip(slots.chances).collect()
}

/// States kept for reuse: the outcomes of a position's moves are stepped into them (copied
/// over, no allocation), `used` of them in use, each with its chance.
#[derive(Default)]
struct Slots {
    states: Vec<State>,
    chances: Vec<f64>,
    used: usize,
}

/// Whether the dice `act` rolls are alike (a Temp Agency's reroll of several dice of one
/// origin): faces dealt to them in another order give the same position (the search's key
/// sorts a player's dice), so only rising faces are stepped, each weighted by its orders.
fn alike(st: &State, act: &Act) -> bool {
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
    fn outcomes(&mut self, game: &Game, st: &State, act: &Act) -> std::ops::Range<usize> {
        self.outcomes_in(game, st, act, alike(st, act))
    }

    /// [`Slots::outcomes`], the faces stepped in rising order only when `rising`.
    fn outcomes_in(
        &mut self,
        game: &Game,
        st: &State,
        act: &Act,
        rising: bool,
    ) -> std::ops::Range<usize> {
        let start = self.used;
        // Most moves roll nothing: one step, no inputs.
        match self.step(game, st, &Action::new(act.clone()), 1.0) {
            Ok(()) => return start..self.used,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::engine::{Difficulty, Setup};

    /// The plain search: every sequence, no memo, no merging of equal positions.
    fn brute(s: &Search, g: &State) -> f64 {
        let mut best: Option<f64> = None;
        let mut moves = Vec::new();
        s.moves(g, &mut moves);
        for act in moves {
            let v = if matches!(act, Act::EndWork { .. }) {
                match outcomes(&s.game, g, &act).first() {
                    Some((end, _)) => worth_in(end, s.seat, &s.weights, s.means),
                    None => continue,
                }
            } else {
                let next = outcomes(&s.game, g, &act);
                if next.is_empty() {
                    continue;
                }
                next.iter().map(|(c, p)| brute(s, c) * p).sum::<f64>()
            };
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
        best.unwrap_or_else(|| worth_in(g, s.seat, &s.weights, s.means))
    }

    #[derive(serde::Deserialize)]
    struct Puzzle {
        name: String,
        compound: Vec<String>,
        hand: Vec<String>,
        dice: Vec<u8>,
        metal: u32,
        energy: u32,
        best_points: u32,
    }

    /// The puzzle's position: a solo game's work phase after the roll, the cards moved out of
    /// the deck (every copy still counted once).
    fn puzzle_position(p: &Puzzle) -> Game {
        use crate::engine::Blueprint;
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 1)).expect("game");
        let st = &mut g.state;
        let dealt = st.players[0].hand;
        for (c, n) in dealt.iter() {
            for _ in 0..n {
                st.players[0].hand.remove(c);
                st.blueprint_deck.add(c);
            }
        }
        let card =
            |n: &str| Blueprint::from_name(n).unwrap_or_else(|| panic!("{}: no card {n}", p.name));
        for n in &p.hand {
            let c = card(n);
            assert!(st.blueprint_deck.remove(c) || st.blueprint_discard.remove(c));
            st.players[0].hand.add(c);
        }
        for n in &p.compound {
            let c = card(n);
            assert!(st.blueprint_deck.remove(c) || st.blueprint_discard.remove(c));
            st.players[0].compound.add(c);
        }
        st.players[0].metal = p.metal;
        st.players[0].energy = p.energy;
        st.players[0].dice.clear();
        for &v in &p.dice {
            st.players[0]
                .dice
                .push(v, crate::engine::state::DieOrigin::Own);
        }
        st.round = 1;
        st.phase = Phase::Work {
            turn: 0,
            rolled: true,
        };
        g
    }

    /// Issue 29, point 6: the puzzles in `puzzles/`, solved by hand; the planner, counting
    /// points only, finds each best result, and playing its plan through the rules makes it.
    #[test]
    fn puzzles() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("puzzles/")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        assert!(files.len() >= 10, "{} puzzles", files.len());
        let points = Weights::POINTS;
        for f in files {
            let text = std::fs::read_to_string(&f).expect("read");
            let puzzle: Puzzle = toml::from_str(&text).expect("a puzzle");
            let g = puzzle_position(&puzzle);
            let plan = plan_with(&g, &points, Limit::EXACT).expect("plan");
            assert!(plan.exact);
            assert!(
                (plan.gain - f64::from(puzzle.best_points)).abs() < 1e-9,
                "{}: the planner makes {} points, the puzzle's best is {}",
                puzzle.name,
                plan.gain,
                puzzle.best_points
            );
            // Played through the rules (no chance in these puzzles), the plan makes them.
            assert!(!plan.then_ask_again, "{}", puzzle.name);
            let before = g.state().players[0].score();
            let mut played = g.clone();
            for act in &plan.steps {
                played
                    .apply(Action::new(act.clone()))
                    .expect("the plan's step is legal");
            }
            assert_eq!(
                played.state().players[0].score() - before,
                puzzle.best_points,
                "{}",
                puzzle.name
            );
        }
    }

    /// Issue 29, point 1: the pruning is sound. On positions of real games with up to three
    /// dice to place, the search with branch and bound finds the same value as without it,
    /// and the bound is never below that value.
    #[test]
    fn branch_and_bound_loses_nothing() {
        let mut checked = 0;
        let mut pruned = 0;
        for seed in 100..140u64 {
            let setup = if seed % 2 == 0 {
                Setup::solo("P", Difficulty::Hard, seed)
            } else {
                Setup::players(3, seed)
            };
            let mut g = Game::new_dealt(setup).expect("game");
            let mut bot = Bot::new(BotKind::Greedy, seed);
            while !g.state().is_over() && checked < 80 {
                let st = g.state();
                if let (Phase::Work { rolled: true, .. }, Some(p)) = (st.phase, st.current_player())
                    && st.players[p].dice.unplaced().count() <= 3
                {
                    let root = g.for_planning();
                    let w = Weights::default();
                    let search = |prune: bool| Search {
                        prune,
                        ..Search::new(root.clone(), p, w, means_count(st, &w), Limit::EXACT)
                    };
                    let mut with = search(true);
                    let mut without = search(false);
                    let (a, exact) = with.value(root.state(), f64::NEG_INFINITY);
                    let (b, _) = without.value(root.state(), f64::NEG_INFINITY);
                    assert!(exact);
                    assert!(
                        (a - b).abs() < 1e-9,
                        "seed {seed}: pruned {a}, unpruned {b}"
                    );
                    let bound = with.bound_of(root.state());
                    assert!(bound >= b - 1e-9, "seed {seed}: bound {bound} below {b}");
                    pruned += without.memo.len().saturating_sub(with.memo.len());
                    checked += 1;
                }
                let Some(act) = bot.choose(&g) else { break };
                g.apply_digital(act).expect("legal");
            }
        }
        assert!(checked >= 60, "{checked} positions checked");
        assert!(pruned > 0, "the bound never pruned");
    }

    /// Issue 29, point 1 (cards.md: Temp Agency, reroll any number of unplaced dice): the
    /// faces of dice rerolled together are stepped in rising order only, each weighted by the
    /// orders it comes in; every position the reroll can lead to keeps the chance it has when
    /// every order of the faces is stepped.
    #[test]
    fn rerolled_dice_keep_their_chances_when_taken_in_rising_order() {
        use crate::engine::Blueprint as B;
        use crate::engine::state::DieOrigin;
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 3)).expect("game");
        let st = &mut g.state;
        assert!(st.blueprint_deck.remove(B::TempAgency));
        st.players[0].compound.add(B::TempAgency);
        st.players[0].energy = 3;
        st.players[0].dice.clear();
        for v in [2, 5, 5, 1] {
            st.players[0].dice.push(v, DieOrigin::Own);
        }
        st.phase = Phase::Work {
            turn: 0,
            rolled: true,
        };
        let root = g.for_planning();
        let mut rerolls = Vec::new();
        legal_actions_into(root.state(), &mut rerolls);
        rerolls.retain(
            |a| matches!(a, Act::Activate { card: B::TempAgency, dice, .. } if dice.len() >= 2),
        );
        assert!(!rerolls.is_empty(), "no reroll of several dice");
        for act in &rerolls {
            assert!(alike(root.state(), act), "{act}");
            let chances = |rising: bool| {
                let mut slots = Slots::default();
                let r = slots.outcomes_in(&root, root.state(), act, rising);
                let mut by_key: HashMap<Key, f64> = HashMap::new();
                for i in r {
                    *by_key.entry(key(&slots.states[i].players[0])).or_default() +=
                        slots.chances[i];
                }
                (by_key, slots.used)
            };
            let (rising, stepped) = chances(true);
            let (every, all) = chances(false);
            assert!(stepped < all, "{act}: {stepped} of {all} steps");
            assert_eq!(rising.len(), every.len(), "{act}");
            for (k, p) in &every {
                let q = rising.get(k).copied().unwrap_or(0.0);
                assert!((p - q).abs() < 1e-12, "{act}: {q} against {p}");
            }
        }
    }

    /// Issue 29, point 5: on small positions (at most two dice left to place) the memoised
    /// search finds the same value as the plain search of every sequence.
    #[test]
    fn the_plan_is_as_good_as_trying_every_sequence() {
        let mut checked = 0;
        for seed in 0..30u64 {
            let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)).expect("game");
            let mut bot = Bot::new(BotKind::Greedy, seed);
            while !g.state().is_over() && checked < 60 {
                let st = g.state();
                if let (Phase::Work { rolled: true, .. }, Some(p)) = (st.phase, st.current_player())
                    && st.players[p].dice.unplaced().count() <= 2
                {
                    let plan = plan_with(&g, &Weights::default(), Limit::EXACT).expect("plan");
                    assert!(plan.exact);
                    let root = g.for_planning();
                    let w = Weights::default();
                    let s = Search {
                        prune: false,
                        ..Search::new(root.clone(), p, w, means_count(st, &w), Limit::EXACT)
                    };
                    let before = worth_in(root.state(), p, &s.weights, s.means);
                    let best = brute(&s, root.state());
                    assert!(
                        (plan.gain - (best - before)).abs() < 1e-9,
                        "seed {seed}: memoised {} against every sequence {}",
                        plan.gain,
                        best - before
                    );
                    checked += 1;
                }
                let Some(act) = bot.choose(&g) else { break };
                g.apply_digital(act).expect("legal");
            }
        }
        assert!(checked >= 30, "{checked} positions checked");
    }
}
