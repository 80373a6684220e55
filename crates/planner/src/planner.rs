//! The planner: the best work phase for the dice a player rolled. Pure, like the engine: no
//! I/O, no clock, no randomness.
//!
//! **The objective** ([`Weights`], [`worth`]): what a position is worth to its player at the
//! end of their work phase,
//!
//! > goods + prestige + means × (`engine` × fade × built cards that are not Monuments
//! > + `usage` × rounds left × Σ [`usage`] of the built cards
//! > + `metal` × metal + `energy` × energy + the hand's worth),
//!
//! where the hand's worth is that of its 10 best blueprints: each `hand` while it can still
//! be built, plus `kept` × (its prestige + 1 for a card that is not a Monument, [`card_bonus`]),
//! and `dead` × `hand` once it cannot (a card of its name is built, and it is no Beacon or
//! Obelisk: docs/rules.md, Build), as it can only be discarded; a blueprint drawn in secret counts
//! the mean of a known card's worth over the cards it may be ([`secret_card`]);
//! where fade falls from 1 in the first round to 1 − `engine_fade` in the tenth (a card built
//! late works fewer rounds), and means is 1 while the game goes on, `penultimate` in the round
//! before the last and when the plan itself ends the game (one round is left to use them), and
//! 0 in the last round, where only the score counts; the rounds left are `length` (10) less
//! the round, and a card's [`usage`] is what it gives in a work phase. A plan's **gain** is the
//! worth after the work phase less the worth before it.
//!
//! The weights were chosen by self-play against the Machine at medium, 200 games per set on
//! seeds apart from those `foreman simulate` reports (`cargo run --release --features tools --example plan_tune
//! -- 200 KEY=VALUE ...`). Wins, from the first weights (engine 1, metal 0.45, energy 0.3,
//! hand 0.35): 16; metal 0.19 and energy 0.12: 52; with engine 0.69, penultimate 0.8: 56;
//! engine 0.5: 67; the first defaults (engine 0.7 fading by 0.6, metal 0.22, energy 0.14, hand 0.33,
//! penultimate 0.8, market 0.11): 75. Around them, hand 0.2: 33 and 0.45: 52; penultimate 0.5:
//! 23 and 1: 63; a bonus for ending the game: 62–65; a penalty for ending it while behind: 58;
//! resources worth less past a cap: 61; pairs of blueprints of one tool worth more: 51 — no
//! better, so left out. Past about 70 of 200 the weights stopped mattering: the objective's
//! shape (one work phase, fixed weights) is the limit. Fitting the weights instead to the
//! points still scored after each work phase (`cargo run --release --features tools --example plan_fit -- 400`:
//! least squares over 3,927 work phases, by stage of the game) gives about 0.4 a metal, 0.1–0.2
//! an energy, 0.2 a blueprint early and 0.5–0.7 late, and nothing for a card built; those
//! weights won 37 of 200: what goes with points in self-play is not what a move is worth.
//! With the bot's market phase looking further ahead (6 choices on 6 rolls, see `bots.rs`),
//! the hand's weight was tried again on 400 games: 0.25: 139 wins, 0.33: 192, 0.4: 201 (the
//! default now), 0.5: 160; the market's 0: 188.
//!
//! The hand valued card by card, on 400 games (the planner as of this objective; every card
//! alike, `dead` 1 and `kept` 0, won 215): `kept` 0.11, 197 wins (184 with the market phase
//! counting the same bonus again for a card taken); `dead` 0.5, 222 (the default now). A card
//! worth more by what it adds once built makes every build cost that worth, and builds fell.
//!
//! Against the Machine at hard (`plan_tune -- 200 hard KEY=VALUE`, seeds from 50,000), the
//! weights matter no more: the defaults won 50 of 200, penultimate 0.6 49, engine_fade 0.8 51,
//! hand 0.3 37, metal 0.3 with energy 0.2 43 (a 95% interval is about ±6 games). Of 120 such
//! games, the Machine ended 31 (its 12 goods), and the bot won none of them; the bot ended 89
//! and won 28 of those, behind by 2 or 3 points when it ended them: it loses the race of its
//! engine, not the timing of the end. Round by round (`cargo run --release --features tools --example race --
//! 100`, seeds from 91,000) the bot is 4.2 points behind after the first round (the Machine
//! starts with 4 cards), 4.3 after the fourth, 3.5 after the sixth, 2.4 after the eighth and
//! 1.6 after the tenth; it ended 74 of the 100 games, 1.0 point behind at the end on average
//! (22 won), and the Machine 26 (1 won, 5.1 behind). A penalty for ending the game while the
//! Machine is expected to end ahead (2 turns of its mean production and card against 3 points
//! of the player's last round), per point behind, won 50, 54 and 49 of 200 at 0.5, 1 and 2
//! (50 without): the bot's score rose by 0.3 and the Machine's by 0.7; taken out.
//!
//! Every built card counted alike was the limit: a Fitness Center (a die −1) weighed what a
//! Power Plant (a die's value in energy, every round) does. What each card gives in one work
//! phase, [`usage`], was measured by the planner itself (`cargo run --release --features tools --example
//! card_worth -- 20`: the plan's gain with the card put into the compound less without it,
//! over the work phases of 20 games of the planner bot against the Machine at hard), from
//! 0.03 a round for a Fitness Center to 0.44 for a Golem. On 400 games at hard (seeds from
//! 52,000; the first 200 from 50,000 picked the range), wins with `usage`/`engine`: 0/0.7 (as
//! before) 90, 1/0.35 106, 0.5/0.6 107, 0.3/0.6 116, 0.75/0.5 116, 0.5/0.5 119 (the default
//! now); 2/0 on 200 games 43 (50 before). On seeds 1 to 1,000 at hard (`plan_tune -- 1000 hard
//! from=1`), never tuned on: 341 wins (34.1%, 95% interval 31.2–37.1%), the objective before
//! (`usage=0 engine=0.7`) 262 (26.2%, 23.6–29.0%). With it, `hand` 0.5 won 145 of those 400
//! (0.3: 92; 0.4: 119), and is the default now: on seeds 1 to N it won 381 of 1,000 at hard
//! (38.1%, 35.1–41.2%; 341 at 0.4), 655 of 1,000 at medium (622 at 0.4; before `usage` 0.5 had
//! lost there, 160 of 400 against 201), 173 of 200 at easy (170), 59 of 400 at expert (60), and
//! 157 of 1,000 at expert.
//! Around it, on those 400 (145 wins): `length` 9, 146; 12, 143; `usage` 0.75, 139; the market
//! phase counting a blueprint taken at its engine worth next round (`engine_of`) instead of 1,
//! 150 at `market` 0.11 and 145 at 0.3. Within a 95% interval (about ±19 games) of each other:
//! the weights are again at their limit. A card's use measured in the position instead (each
//! market phase, for the cards in hand and in the market, the next work phase's gain on 3 rolls
//! with the card built less without it, in place of the table) won 114: one phase on a few
//! rolls is no measure of what a card gives over the rounds left.
//!
//! In a solo game the means' share also looks at the Machine: before its turn, the chance
//! that its production brings its goods to 12 this round (the round would then be the one
//! before the last) turns the share from 1 towards `penultimate` by that chance
//! (`anticipate` 1). On 400 games with the faster planner: without it 205 wins, with it 215,
//! at twice that 214.
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
//!   not see it before the plan is made, so it is valued by expectation over what can still
//!   be in the deck: the mean, over the cards still unseen (`State::blueprint_deck`: the deck
//!   and the hands hidden from the player, each card as likely as its copies there), of its
//!   worth in hand; with the default weights, `hand` × (1 − (1 − `dead`) × the share of the
//!   unseen cards whose name the player has built). The plan does not build or discard it in
//!   the same plan: it stops at the draw (`then_ask_again`), and asked again the planner
//!   knows the card.
//!
//!   Tried, not kept (commit 997e6d9, reverted): the card drawn made known, each card still
//!   unseen an outcome as likely as its copies, cards alike for the rest of the phase one
//!   outcome (built ones of one tool and cost; those with no blueprint of their tool in hand,
//!   which no build can use). On the first 200 of `examples/plan_time`'s work phases, one
//!   core (`plan_time 200`; as shipped: median 0.57–0.70 ms, p95 33–35 ms, 199 plans exact):
//!   every draw so, median 1,988 ms and p95 7,480 ms, 48 exact; only draws once every die is
//!   placed, 27 ms and 4,106 ms, 172 exact; and only the first card of those, 6.3 ms and
//!   827 ms, 185 exact. And that with the bound left as it was, which a known card outgrows
//!   (two soundness tests fail): a sound bound searches more. Each card drawn is a search of
//!   its own, the positions multiply at every draw, and Research draws in nearly every work
//!   phase; the slowest also hold a Golem (dice again after the last) or a Laboratory (a draw
//!   in the draw's search). The design to build instead: one search whose value is a vector
//!   over the cards a draw may give (a few dozen kinds), the position's key without the drawn
//!   card, each kind's best move taken at each position (its own build, discard or partner
//!   move where it has one); then the dice are searched once for every card, and the bound is
//!   the vector's largest part.
//!
//! **Pruning** (branch and bound, `bound.rs`): a position whose bound (the most the rest of
//! the phase could still add, everything counted at its best) is no better than a plan already
//! found is not searched further; moves are tried the most promising first, and chance is
//! searched by Ballard's Star1 (an outcome only as far as it could still lift the mean).
//! Sound, so the plan stays exact (tested against the search without it). On the 1,000
//! recorded work phases of `examples/plan_time`, positions searched at the 95th percentile:
//! 36,557 with the first bound (each card and die at its best), 26,717 when builds keep to
//! the rules (a discard of the same tool, no second card of a name), 22,611 when a build
//! costs its two blueprints' place in hand, 22,510 with the headquarters' slots, 18,365 with
//! the limit of 12 resources, 17,817 with the engine's fade, 16,541 with an empty section's
//! slots averaged; 4.77 million positions in all (8.20 before). Each position
//! also costs less: the memo's key is two 64-bit hashes, not 128 bytes, and the bound's
//! per-card parts are worked out once a search. The 95th percentile's time fell from 79 ms to
//! 36 ms.
//!
//! Tried, not kept: sleep sets (moves sharing no die, card or section, affordable together,
//! given after one another the bound the first had where it was valued, so not stepped into
//! again) stepped 4.4% fewer moves (21.1 million against 22.1) for the same 1,000 plans, and no
//! less time (p95 49.2 ms against 48.0–49.2); a chance node's outcomes searched the likeliest
//! first cut the positions' 95th percentile from 17,300 to 16,755 but left one more plan at the
//! limit (993 exact against 994). Of the 50 slowest work phases, 45 hold a Temp Agency, a Golem,
//! a Robot or a Mega Factory: dice still to come or to change, which the bound takes at any
//! value, and each of whose faces is a search of its own.
//!
//! The memo's key counts a die placed only by their number (a die placed is spent: the HQ keeps
//! its sections' values, a card activated is marked), and an HQ section's dice as a set: the
//! positions after a die rolled in the middle of the phase is spent are one position whatever
//! its face, and so are those where dice went to cards in another order. On the same 1,000
//! work phases (`plan_time`, on a machine about twice as slow as the one above): positions at
//! the 95th percentile 17,300 → 10,001, 4.86 → 2.96 million in all, time p95 85–92 → 48–51 ms,
//! 994 → 999 plans exact, every exact plan's gain the same. Then a move that rolls dice (a
//! Robot's die, a Temp Agency's reroll) is promised the bound of one of its outcomes with the
//! rolled dice at any value (`Bound::with_wild`: no face does better), and its outcomes are
//! stepped only if it is searched (most such moves are cut before): the positions' 95th
//! percentile is 9,754 and the time p95 40–47 ms against 68–73 ms for the planner before
//! these changes in the same runs (`plan_time --repeat 3`).
//! What a position cost then (callgrind over the 55 work phases around the 95th percentile,
//! a build whose player states were `Copy`): the bound about 20%, the objective 10%, copying
//! states 15%, the key 7%, the rules' steps and legal moves 10%; each child costs a step, a
//! worth and a bound (before the rolls' promise: 4.3 children a position, 7 in 10 of them cut
//! by their bound without a search).
//! Then a step into a slot holding a state of the same work phase copies only what a work
//! phase changes (the worker's state, the piles, the phase, the end's trigger:
//! `Game::step_work_into`), player states are plain copies (`Copy`), and a child's worth and
//! bound, worked out for its promise, are handed to its search, as are a chance's outcomes'
//! (kept without a heap allocation): the time p95 33–39 ms against 42–44 ms before in the same
//! runs (`plan_time --repeat 3`), the same positions searched.
//! Then the memo keeps the worth and bound of every position worked out as a move's outcome,
//! not only of those searched: 63% of those worked out (13.0 of 4.8 million on the 1,000 work
//! phases) were positions reached again by another order of the same moves. The key counts
//! dice by value instead of sorting them, and the end of the work phase is stepped into a
//! state of its own (the slots keep states of the work phase, into which a step copies only
//! the worker's). Callgrind over the first 400 work phases: 23.8 → 17.5 G instructions; the
//! time p95 34.9–35.3 ms against 42.4–46.6 ms before in the same runs (`plan_time --repeat
//! 3`, on a machine slower than the day before), the positions' 95th percentile 9,559, the
//! same gains for all 1,000 work phases. Tried, not kept: the moves tried in an order of their
//! places instead of sorting them (17.6 G instructions against 17.5), and the ends of the phase
//! turned to the front of the moves instead of a stable sort (0.1% fewer).
//! Then (callgrind over the same 400 work phases, 17.5 → 13.1 G instructions, the same gains
//! for all 1,000): a step returns no list of events and builds no `Action`
//! (`Game::step_act_into`, 8.8% fewer); the moves are tried in the order of sorting keys,
//! left in place (1.8%); each dice pattern is tried once a position in the bound (1.6%); of
//! the ends of the phase only the first and last split of the resources past 12 are tried,
//! the objective being linear in both (2.7%); the bound gives no more cards of two equal dice
//! than the dice can make pairs (2.2%, 1.4% fewer positions); the position with hidden cards
//! counted as none is kept in place, not moved twice a position (5.8%); the planner is built
//! in one codegen unit (3%; the engine too, 1% more for 20 s more of build, not kept). The time p95 17.5–25.1 ms in ten runs
//! (the median run 19.3 ms) against 23.1–34.8 ms for the build before, run alternately
//! (`plan_time --repeat 3`); 13.25 G instructions as built (the engine in one unit too: 13.10).
//! Tried, not kept: the key's words folded two at a time by 128-bit products (1.5% more
//! instructions), the unused-inputs check returning at once when none is left or skipped when
//! there are none (0.25% fewer at most: not worth a second copy of its conditions).
//!
//! The plan returned is the best first steps up to the end of the work phase, or up to the
//! first step whose result is chance: then the player rolls (or draws) and asks again.

use crate::engine::state::{PlayerState, State};
use crate::engine::{
    Act, Action, Blueprint, CardType, Game, Inputs, Phase, RuleError, legal_actions_into,
};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

mod bound;
mod judge;
mod outcomes;

pub use judge::{Judged, PhaseJudge, judge_step};

use outcomes::{Slots, alike, outcomes};

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
    /// A blueprint in hand that can still be built is worth, beyond `hand`, this share of
    /// what it adds once built ([`card_bonus`]).
    pub kept: f64,
    /// A blueprint in hand that can no longer be built (its name is built) is worth this
    /// share of `hand`: it can only be discarded.
    pub dead: f64,
    /// How far the chance that the Machine ends the game this round (its goods reaching 12)
    /// turns the means' share towards `penultimate` (0: not at all; 1: by that chance).
    pub anticipate: f64,
    /// A built card that is not a Monument is also worth this share of what it gives in a
    /// work phase ([`usage`]) times the rounds left until round `length`.
    pub usage: f64,
    /// The round a game is expected to end in, for [`Weights::usage`].
    pub length: f64,
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
        kept: 0.0,
        dead: 1.0,
        anticipate: 0.0,
        usage: 0.0,
        length: 10.0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            engine: 0.5,
            engine_fade: 0.6,
            metal: 0.22,
            energy: 0.14,
            hand: 0.5,
            penultimate: 0.8,
            market: 0.11,
            kept: 0.0,
            dead: 0.5,
            anticipate: 1.0,
            usage: 0.5,
            length: 10.0,
        }
    }
}

/// The best work phase found for the player at work.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// In a solo game, how many plans (the objective's and its variants', see
    /// `bots::suggest_work`) this one was chosen among, each played `rounds` rounds ahead in
    /// `worlds` games drawn from what the player knows (0: none; the objective's plan alone).
    #[serde(default)]
    pub weighed: usize,
    #[serde(default)]
    pub worlds: usize,
    #[serde(default)]
    pub rounds: usize,
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

/// Why there is no plan: data, said in each language by [`PlanError::say`] (English here
/// for the command line).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlanError {
    #[error("a plan is for a player's work phase, after their roll")]
    NotWorking,
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
        Some(_) => 1.0,
        None => 1.0 - w.anticipate * machine_ends_now(state) * (1.0 - w.penultimate),
    }
}

/// The chance that the Machine's production this round brings its goods to 12 (docs/rules.md,
/// Machine's turn: each of four dice makes a good when it shows no more than the Machine's
/// cards of its type), before its turn; 0 after it, or without a Machine.
fn machine_ends_now(state: &State) -> f64 {
    let Some(m) = &state.machine else {
        return 0.0;
    };
    if matches!(state.phase, Phase::Machine) || state.phase == Phase::Over {
        return 0.0;
    }
    let need = 12u32.saturating_sub(m.goods) as usize;
    if need == 0 {
        return 1.0;
    }
    // The chances of 0 to 4 goods.
    let mut goods = [1.0f64, 0.0, 0.0, 0.0, 0.0];
    for die in crate::engine::state::MachineDie::ORDER {
        let Some(kind) = die.card_type() else {
            continue;
        };
        let p = f64::from(m.compound.of_type(kind).min(6)) / 6.0;
        for k in (0..goods.len()).rev() {
            goods[k] = goods[k] * (1.0 - p) + if k > 0 { goods[k - 1] * p } else { 0.0 };
        }
    }
    goods.iter().skip(need).sum()
}

/// The means' share `means` in `state`: ending the game now leaves one round to use them.
fn means_kept(state: &State, w: &Weights, means: f64) -> f64 {
    if state.end_triggered == Some(state.round) {
        means.min(w.penultimate)
    } else {
        means
    }
}

/// The engine's weight in `round`: 1 in the first, 1 − `engine_fade` from the tenth on.
fn fade(round: u32, w: &Weights) -> f64 {
    1.0 - w.engine_fade * (f64::from(round.clamp(1, 10)) - 1.0) / 9.0
}

fn worth_in(state: &State, seat: usize, w: &Weights, means: f64) -> f64 {
    let p = &state.players[seat];
    let score = f64::from(p.goods) + f64::from(p.prestige());
    if means == 0.0 {
        return score;
    }
    let means = means_kept(state, w, means);
    let engine = p.compound.len() as f64 - f64::from(p.compound.of_type(CardType::Monument));
    let fade = fade(state.round, w);
    let used = if w.usage == 0.0 {
        0.0
    } else {
        w.usage * rounds_left(state.round, w) * used_sum(p.compound.counts(), p.compound.present())
    };
    score
        + means
            * (w.engine * fade * engine
                + used
                + w.metal * f64::from(p.metal)
                + w.energy * f64::from(p.energy)
                + hand_worth(state, p, w))
}

/// The rounds a card built in `round` still works, for [`Weights::usage`].
pub(crate) fn rounds_left(round: u32, w: &Weights) -> f64 {
    (w.length - f64::from(round)).max(0.0)
}

/// What a built card that is not a Monument gives in one work phase, by the planner's own
/// measure (`cargo run --release --features tools --example card_worth -- 20`: the plan's gain with the card in
/// the compound less without it, over the work phases of 20 games of the planner bot against
/// the Machine at hard, as the objective was before it counted this); 0 for Monuments and for
/// the Temp Agency, measured at −0.09 (the positions its rerolls add reach the bot's search
/// limit sooner).
pub fn usage(card: Blueprint) -> f64 {
    use Blueprint as B;
    match card {
        B::AluminumFactory => 0.107,
        B::AssemblyLine => 0.075,
        B::BatteryFactory => 0.299,
        B::Biolab => 0.131,
        B::BlackMarket => 0.248,
        B::ConcretePlant => 0.055,
        B::Dojo => 0.064,
        B::FitnessCenter => 0.027,
        B::Foundry => 0.140,
        B::FulfillmentCenter => 0.145,
        B::Golem => 0.440,
        B::Gymnasium => 0.070,
        B::Harvester => 0.154,
        B::Incinerator => 0.227,
        B::Laboratory => 0.258,
        B::Manufactory => 0.424,
        B::MegaFactory => 0.117,
        B::Motherlode => 0.197,
        B::NuclearPlant => 0.280,
        B::PowerPlant => 0.303,
        B::RecyclingPlant => 0.145,
        B::Refinery => 0.104,
        B::Replicator => 0.152,
        B::Robot => 0.140,
        B::ScrapYard => 0.181,
        B::SolarArray => 0.218,
        B::TrashCompactor => 0.073,
        B::Warehouse => 0.159,
        B::TempAgency | B::Beacon | B::Megalith | B::Obelisk => 0.0,
    }
}

/// [`usage`] by [`Blueprint::index`].
static USAGE: std::sync::LazyLock<[f64; 32]> = std::sync::LazyLock::new(|| {
    let mut u = [0.0; 32];
    for &c in Blueprint::ALL {
        u[c.index()] = usage(c);
    }
    u
});

/// Σ copies × `per_card` over the cards of `counts` in `mask` (both by [`Blueprint::index`]).
fn pile_sum(counts: &[u8; 32], mask: u32, per_card: &[f64; 32]) -> f64 {
    let mut left = mask;
    let mut sum = 0.0;
    while left != 0 {
        let i = left.trailing_zeros() as usize;
        left &= left - 1;
        sum += f64::from(counts[i]) * per_card[i];
    }
    sum
}

/// Σ copies × [`usage`] over the cards of `counts` in `mask`.
fn used_sum(counts: &[u8; 32], mask: u32) -> f64 {
    pile_sum(counts, mask, &USAGE)
}

/// What a card built in `round` adds to the engine's part of the objective (before the means'
/// share): the faded `engine` weight and its [`usage`] over the rounds left; 0 for a Monument.
pub(crate) fn engine_of(card: Blueprint, round: u32, w: &Weights) -> f64 {
    if card.is_monument() {
        return 0.0;
    }
    w.engine * fade(round, w) + w.usage * rounds_left(round, w) * usage(card)
}

/// The names that allow a second copy in a compound (cards.md, Beacon and Obelisk).
const SEVERAL: u32 = 1 << Blueprint::Beacon as u32 | 1 << Blueprint::Obelisk as u32;

/// What a blueprint in hand that can still be built adds beyond the `hand` weight: the
/// `kept` share of what it adds once built (its prestige, and the engine of a card that is
/// not a Monument).
pub(crate) fn card_bonus(card: Blueprint, w: &Weights) -> f64 {
    w.kept * BUILT.get(card.index()).copied().unwrap_or(0.0)
}

/// Each card's prestige + 1 for a card that is not a Monument (by [`Blueprint::index`]): what
/// [`card_bonus`] takes its share of.
static BUILT: std::sync::LazyLock<[f64; 32]> = std::sync::LazyLock::new(|| {
    let mut b = [0.0; 32];
    for &c in Blueprint::ALL {
        let engine = if c.is_monument() { 0.0 } else { 1.0 };
        b[c.index()] = f64::from(c.info().prestige) + engine;
    }
    b
});

/// Σ copies × [`BUILT`] over the cards of `counts` in `mask`.
fn built_sum(counts: &[u8; 32], mask: u32) -> f64 {
    pile_sum(counts, mask, &BUILT)
}

/// The cards `p` can no longer build: a card of their name is built (but Beacons and Obelisks).
fn dead(p: &PlayerState) -> u32 {
    p.compound.present() & !SEVERAL
}

/// What one blueprint drawn in secret is worth in `p`'s hand: the expectation, over the cards
/// that may still come (`State::blueprint_deck`: the deck, and the hands hidden from `p`,
/// each card as likely as its copies there), of a known card's worth.
pub(crate) fn secret_card(state: &State, p: &PlayerState, w: &Weights) -> f64 {
    let deck = &state.blueprint_deck;
    let total = deck.len();
    if total == 0 {
        return w.hand;
    }
    let counts = deck.counts();
    let dead = deck.present() & dead(p);
    let mut sum = if w.kept == 0.0 {
        0.0
    } else {
        w.kept * built_sum(counts, deck.present() & !dead)
    };
    if w.dead != 1.0 {
        let mut left = dead;
        let mut n = 0u32;
        while left != 0 {
            n += u32::from(counts[left.trailing_zeros() as usize]);
            left &= left - 1;
        }
        sum -= (1.0 - w.dead) * w.hand * f64::from(n);
    }
    w.hand + sum / total as f64
}

/// The worth of `p`'s hand: each of its 10 best blueprints at the `hand` weight and its
/// [`card_bonus`] while it can still be built, each card drawn in secret at
/// [`secret_card`].
fn hand_worth(state: &State, p: &PlayerState, w: &Weights) -> f64 {
    let size = p.hand_size();
    if w.kept == 0.0 && w.dead == 1.0 {
        return w.hand * size.min(10) as f64;
    }
    let secret = if p.hidden > 0 {
        secret_card(state, p, w)
    } else {
        0.0
    };
    let alive = p.hand.present() & !dead(p);
    if size <= 10 {
        let mut total = w.hand * p.hand.len() as f64 + f64::from(p.hidden) * secret;
        if w.kept != 0.0 {
            total += w.kept * built_sum(p.hand.counts(), alive);
        }
        if w.dead != 1.0 {
            let counts = p.hand.counts();
            let mut left = p.hand.present() & !alive;
            while left != 0 {
                total -=
                    (1.0 - w.dead) * w.hand * f64::from(counts[left.trailing_zeros() as usize]);
                left &= left - 1;
            }
        }
        return total;
    }
    // Past 10, the best 10 count.
    // Each kind of card once, with its copies (a secret card is one kind): the best first.
    let built = &*BUILT;
    let mut kinds = [(0.0f64, 0u32); 33];
    let mut n = 0;
    if p.hidden > 0 {
        kinds[0] = (secret, u32::from(p.hidden));
        n = 1;
    }
    for (card, copies) in p.hand.iter() {
        let i = card.index();
        let v = if alive >> i & 1 == 1 {
            w.hand + w.kept * built[i]
        } else {
            w.dead * w.hand
        };
        if let Some(k) = kinds.get_mut(n) {
            *k = (v, u32::from(copies));
            n += 1;
        }
    }
    let kinds = &mut kinds[..n];
    kinds.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
    let mut left = 10u32;
    let mut total = 0.0;
    for &(v, copies) in kinds.iter() {
        let k = copies.min(left);
        total += v * f64::from(k);
        left -= k;
    }
    total
}

/// The best work phase for the player at work in `game`, with the default weights and the
/// window's limit.
pub fn plan(game: &Game) -> Result<Plan, PlanError> {
    plan_with(game, &Weights::default(), Limit::SUGGEST)
}

pub fn plan_with(game: &Game, weights: &Weights, limit: Limit) -> Result<Plan, PlanError> {
    plan_until(game, weights, limit, None)
}

/// [`plan_with`], cut short once `stop` is set (by a server's time budget, or when the
/// device that asked went away): the best plan found by then, as past the limit.
pub fn plan_until(
    game: &Game,
    weights: &Weights,
    limit: Limit,
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Result<Plan, PlanError> {
    let mut done = searched(game, weights, limit, stop)?;
    follow(&mut done.search, &done.root, done.value - done.before)
}

/// A search from the position of the player at work, done.
struct Searched {
    search: Search,
    /// The position searched from (the game as the planner sees it).
    root: Game,
    /// The position's worth, and its value (the best play's expected worth at the end).
    before: f64,
    value: f64,
}

fn searched(
    game: &Game,
    weights: &Weights,
    limit: Limit,
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Result<Searched, PlanError> {
    let st = game.state();
    let (Phase::Work { rolled: true, .. }, Some(seat)) = (st.phase, st.current_player()) else {
        return Err(PlanError::NotWorking);
    };
    // Whether the means count is decided by the round the plan is made in (ending the game
    // during it leaves one more round to use them).
    let means = means_count(st, weights);
    let root = game.for_planning();
    let mut search = Search::new(root.clone(), seat, *weights, means, limit);
    search.stop = stop;
    let before = worth_in(root.state(), seat, weights, means);
    let (value, _) = search.value(root.state(), f64::NEG_INFINITY);
    Ok(Searched {
        search,
        root,
        before,
        value,
    })
}

/// The plan a search found from `root`'s position: its best steps while their results are
/// certain, its `gain` given.
fn follow(search: &mut Search, root: &Game, gain: f64) -> Result<Plan, PlanError> {
    let seat = search.seat;
    // Follow the best steps while their results are certain.
    let mut steps = Vec::new();
    let mut at = root.state().clone();
    let mut then_ask_again = false;
    while let Some(Some(best)) = search
        .memo
        .get(&key(&at.players[seat]))
        .map(|e| search.moves_kept.get(e.best as usize).cloned())
    {
        let next = outcomes(root, &at, &best);
        // A position is known by its key, and the best move was found at the first position
        // of that key searched: where dice alike lie at other places in the list, its dice may
        // not be this position's. Then the plan stops before it, and is asked for again.
        if next.is_empty() {
            then_ask_again = true;
            break;
        }
        steps.push(best.clone());
        if matches!(best, Act::EndWork { .. }) {
            break;
        }
        if next.len() != 1 || search.drew(&at, &next[0].0) {
            then_ask_again = true;
            break;
        }
        at = next
            .into_iter()
            .next()
            .map(|(s, _)| s)
            .ok_or(PlanError::NotWorking)?;
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
        gain,
        then_ask_again,
        positions: search.positions,
        exact: !search.cut,
        weighed: 0,
        worlds: 0,
        rounds: 0,
    })
}

/// Whether `act`'s result, from `game`'s position (the player at work), is left to chance (a
/// die rolled, a card drawn): a plan stops there, and asks again.
pub fn left_to_chance(game: &Game, act: &Act) -> bool {
    let root = game.for_planning();
    let st = root.state();
    let Some(seat) = st.current_player() else {
        return false;
    };
    let next = outcomes(&root, st, act);
    next.len() > 1
        || next
            .first()
            .is_some_and(|(s, _)| s.players[seat].hidden > st.players[seat].hidden)
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
    /// It rolls dice: its outcomes are stepped only when it is searched (`next` is empty till
    /// then).
    rolls: bool,
    promise: f64,
    /// A certain move's outcome: its key, and whether the memo knows its exact value (then
    /// `promise` is that value).
    key: Option<(Key, bool)>,
    /// A certain move's outcome not known exactly: its worth (else not a number).
    now: f64,
}

struct Entry {
    /// The position's value when `exact`; else a bound it does not exceed (never above the
    /// position's own bound, [`Bound::of`](bound::Bound::of)).
    value: f64,
    /// The position's worth ([`worth_in`]), kept with its bound: a position reached again
    /// by another order of the same moves (most are: 63% of the positions valued on
    /// `plan_time`'s 1,000 work phases) is not valued again.
    now: f64,
    exact: bool,
    /// The position was searched (or cut by its bound when its search began); else only its
    /// worth and bound were worked out, for its promise as a move's outcome.
    searched: bool,
    /// The best move (exact entries only), as its place in [`Search::moves_kept`] (`u32::MAX`:
    /// none). Kept apart, so that the memo's entries stay small (a search's time goes mostly
    /// to reading them).
    best: u32,
}

struct Search {
    /// The position searched from, for its setup: every step is `game.step`.
    game: Game,
    seat: usize,
    weights: Weights,
    means: f64,
    limit: usize,
    /// Set from outside (a time budget, a device gone): the search stops as at its limit.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The limit was reached somewhere.
    cut: bool,
    /// Branch and bound: moves that cannot beat the best found are not searched.
    prune: bool,
    bound: bound::Bound,
    /// Tests: every position valued exactly is checked against its bound.
    #[cfg(test)]
    check_bound: bool,
    memo: HashMap<Key, Entry, BuildHasherDefault<Taken>>,
    /// The positions searched: the memo's entries but those only valued (`Entry::searched`).
    positions: usize,
    /// The best moves of the memo's exact entries.
    moves_kept: Vec<Act>,
    /// Buffers of moves, tries and states kept from one position to the next (no allocation
    /// per position searched).
    spare_moves: Vec<Vec<Act>>,
    spare_tries: Vec<Vec<Try>>,
    /// Spare lists of the order moves are tried in (as sorting keys).
    spare_orders: Vec<Vec<u128>>,
    spare_slots: Vec<Slots>,
    /// A position of the work phase with the player's hidden cards counted as none
    /// ([`Search::moves`]), kept from one position to the next.
    known: State,
    /// The end of the work phase stepped from a position, kept from one to the next.
    end: State,
}

/// The search's key for a position: what of the player's state can differ between two
/// positions of one work phase, packed into words (the colour never changes), then folded
/// into two independent 64-bit hashes. Free dice are told apart only by their value and
/// where they came from, so they are sorted; placed dice only by their number (a die placed is
/// spent): two positions that differ by which of two equal dice went where, or by the face a
/// die now spent showed, are the same position. Equal player states have equal keys;
/// two different ones share a key with a chance of about 2⁻¹²⁸ a pair (about 10⁻²⁸ in a
/// search of 200,000 positions), and the memo's entries are small (a search touches
/// hundreds of thousands of them).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key(u64, u64);

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0);
    }
}

/// The memo's hasher: [`Key`] is a well-mixed word already, taken as it is.
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

/// Two independent hashes of the key's words (a multiply and a rotate a word with different
/// constants, then a final mix each).
fn fold(w: &[u64; 16]) -> Key {
    let (mut a, mut b): (u64, u64) = (0, 0x243f_6a88_85a3_08d3);
    for &x in w {
        a = (a.rotate_left(23) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        b = (b.rotate_left(29) ^ x).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    }
    let mix = |mut h: u64, m: u64| {
        h ^= h >> 32;
        h = h.wrapping_mul(m);
        h ^ (h >> 29)
    };
    Key(mix(a, 0xd6e8_feb8_6659_fd93), mix(b, 0xff51_afd7_ed55_8ccd))
}

fn key(p: &PlayerState) -> Key {
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
    // Each section's dice as a set of values (the matching bonus counts equal values, in any
    // order of placing): how many of each value, 2 bits each (3 dice at most a section), 16
    // bits a section.
    for (k, section) in p.hq.iter().enumerate() {
        for &v in &section.dice {
            if v > 0 {
                w[11] += 1 << (16 * k + 2 * usize::from(v.min(7)));
            }
        }
    }
    // The free dice as a set of (value, origin): how many of each, 4 bits each (no more than
    // 4 dice of one origin: the player's own), 8 values by 8 origins (7 now) in words 12 to
    // 15; the placed ones only by their number (a die placed is spent: the rules never look at
    // it again, the HQ's values are counted above and the cards activated in `activated`), so
    // that two positions differing only by which face a spent die showed are one position.
    let mut placed = 0u64;
    for d in p.dice.as_slice() {
        if d.placed.is_some() {
            placed += 1;
        } else {
            let i = usize::from(d.value.min(7)) * 8 + (d.origin as usize).min(7);
            w[12 + i / 16] += 1 << (4 * (i % 16));
        }
    }
    w[11] |= placed << 48;
    fold(&w)
}

impl Search {
    /// Whether the search was told to stop (read every 1,024 positions: an atomic load is
    /// cheap, but not free).
    fn stopped(&self) -> bool {
        self.positions.is_multiple_of(1024)
            && self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// A search from `game`'s position for `seat`, with branch and bound, nothing searched yet.
    fn new(game: Game, seat: usize, weights: Weights, means: f64, limit: Limit) -> Search {
        Search {
            bound: bound::Bound::new(game.state(), seat, &weights, means),
            end: game.state().clone(),
            known: game.state().clone(),
            game,
            seat,
            weights,
            means,
            limit: limit.positions.unwrap_or(usize::MAX),
            stop: None,
            cut: false,
            prune: true,
            #[cfg(test)]
            check_bound: false,
            memo: HashMap::with_capacity_and_hasher(1 << 12, BuildHasherDefault::default()),
            positions: 0,
            moves_kept: Vec::new(),
            spare_moves: Vec::new(),
            spare_tries: Vec::new(),
            spare_orders: Vec::new(),
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

    /// [`Search::value`] of a position whose key is `key`, and whose worth and bound, when
    /// given, are `given` (the caller worked them out already).
    fn value_known(
        &mut self,
        g: &State,
        at: Key,
        given: Option<(f64, f64)>,
        alpha: f64,
    ) -> (f64, bool) {
        if let Some(e) = self.memo.get(&at)
            && (e.exact || e.value <= alpha)
        {
            return (e.value, e.exact);
        }
        let now = match given {
            Some((now, _)) => now,
            None => worth_in(g, self.seat, &self.weights, self.means),
        };
        if self.positions >= self.limit || self.stopped() {
            self.cut = true;
            return (now, true);
        }
        // The position's own bound (infinite without pruning).
        let own = match given {
            Some((_, b)) => b,
            None if self.prune => self.bound.of(g, now),
            None => f64::INFINITY,
        };
        if self.prune && own <= alpha {
            self.record(
                at,
                Entry {
                    value: own,
                    now,
                    exact: false,
                    searched: true,
                    best: u32::MAX,
                },
            );
            return (own, false);
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
                // Only its worth is kept: stepped into a state of its own, so that the slots
                // keep states of the work phase (a step into one copies only the worker's).
                let ended = self
                    .game
                    .step_act_into(g, &act, &Inputs::default(), &mut self.end)
                    .is_ok();
                if ended {
                    let v = worth_in(&self.end, self.seat, &self.weights, self.means);
                    tries.push(Try {
                        act,
                        next: slots.used..slots.used,
                        chance: false,
                        rolls: false,
                        promise: v,
                        key: None,
                        now: f64::NAN,
                    });
                }
                continue;
            }
            let next = match slots.plain(&self.game, g, &act) {
                Ok(next) => next,
                // A move that rolls dice: its promise is the bound of one outcome with the
                // rolled dice at any value (no face does better, and no mean over them), its
                // outcomes stepped only if it is searched: most are cut before (a Temp
                // Agency's reroll of four dice has 126).
                Err(RuleError::NeedDie(_)) => {
                    let promise = match self
                        .prune
                        .then(|| slots.rolled(&self.game, g, &act, self.seat))
                        .flatten()
                    {
                        Some((at, wild)) => {
                            let one = &slots.states[at];
                            let now = worth_in(one, self.seat, &self.weights, self.means);
                            slots.used = at;
                            self.bound.with_wild(one, now, wild)
                        }
                        None => f64::INFINITY,
                    };
                    tries.push(Try {
                        act,
                        next: 0..0,
                        chance: true,
                        rolls: true,
                        promise,
                        key: None,
                        now: f64::NAN,
                    });
                    continue;
                }
                Err(_) => continue,
            };
            let first = &slots.states[next.start];
            let chance = next.len() != 1 || self.drew(g, first);
            // A move's promise: the mean of its outcomes' bounds.
            // A certain move's promise: its outcome's bound (the most promising is searched
            // first, so the best found rises early and prunes more).
            // An outcome the memo holds already: its exact value, or the bound it was given.
            let (promise, key, now) = if next.len() == 1 {
                let k = key(&first.players[self.seat]);
                let (now, b, exact) = self.known_or_valued(k, first);
                (b, Some((k, exact)), now)
            } else {
                (f64::INFINITY, None, f64::NAN)
            };
            tries.push(Try {
                act,
                next,
                chance,
                rolls: false,
                promise,
                key,
                now,
            });
        }
        self.spare_moves.push(moves);
        // The order the moves are tried in: the ends of the phase first, then those whose
        // value is known, then those of certain result, each the most promising first; of
        // equal promise, the rules' order stays. Sorted as keys, the moves left in place.
        let mut order = self.spare_orders.pop().unwrap_or_default();
        order.extend(tries.iter().enumerate().map(|(i, t)| {
            // The end of the work phase first: of equal plans, the shortest is kept.
            let end = u128::from(!matches!(t.act, Act::EndWork { .. })) << 2;
            let class = if self.prune {
                end | u128::from(!matches!(t.key, Some((_, true)))) << 1 | u128::from(t.chance)
            } else {
                end
            };
            // The promise's order (as `f64::total_cmp`), the highest first.
            let bits = t.promise.to_bits();
            let rising = if bits >> 63 == 1 {
                !bits
            } else {
                bits | 1 << 63
            };
            let falling = if self.prune { !rising } else { 0 };
            class << 96 | u128::from(falling) << 32 | i as u128
        }));
        order.sort_unstable();
        // The best move; of equal ones, the first whose result is certain (a plan then goes
        // further before asking again). `above`: the most any move not searched, or searched
        // only as far as its bound, could be worth.
        let mut best: Option<(f64, bool, Act)> = None;
        let mut above = f64::NEG_INFINITY;
        for &i in &order {
            let Some(t) = tries.get_mut(i as u32 as usize) else {
                continue;
            };
            let act = std::mem::replace(&mut t.act, Act::Pass);
            let (next, chance, rolls, promise, at, child_now) =
                (t.next.clone(), t.chance, t.rolls, t.promise, t.key, t.now);
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
            } else if let Some((at, known)) = at {
                // One outcome (a card drawn is valued as a card in hand, whatever it is); its
                // value (when known) or bound is the promise.
                if known {
                    (promise, true)
                } else {
                    let given = Some((child_now, promise));
                    self.value_known(&slots.states[next.start], at, given, floor)
                }
            } else if rolls {
                let next = slots.faces(&self.game, g, &act, alike(g, &act));
                if next.is_empty() {
                    continue;
                }
                let (v, exact) =
                    self.expected(&slots.states[next.clone()], &slots.chances[next], floor);
                #[cfg(test)]
                if self.check_bound && exact {
                    assert!(promise >= v - 1e-9, "a roll's promise {promise} below {v}");
                }
                (v, exact)
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
        // A bound found by the search is kept no higher than the position's own.
        let (value, exact, best) = match best {
            Some((v, _, a)) if v > alpha || above == f64::NEG_INFINITY => {
                self.moves_kept.push(a);
                (v, true, (self.moves_kept.len() - 1) as u32)
            }
            Some((v, _, _)) => (v.max(above).min(own), false, u32::MAX),
            None if above == f64::NEG_INFINITY => (now, true, u32::MAX),
            None => (above.min(own), false, u32::MAX),
        };
        let entry = Entry {
            value,
            now,
            exact,
            searched: true,
            best,
        };
        tries.clear();
        self.spare_tries.push(tries);
        order.clear();
        self.spare_orders.push(order);
        self.spare_slots.push(slots);
        #[cfg(test)]
        if self.check_bound && entry.exact {
            let b = self.bound_of(g);
            assert!(
                b >= entry.value - 1e-9,
                "bound {b} below the value {} of {:?}",
                entry.value,
                g.players[self.seat]
            );
        }
        let answer = (entry.value, entry.exact);
        self.record(at, entry);
        answer
    }

    /// Keeps a position's entry, searched: counted once among the positions searched.
    fn record(&mut self, at: Key, entry: Entry) {
        match self.memo.insert(at, entry) {
            Some(old) if old.searched => {}
            _ => self.positions += 1,
        }
    }

    /// Whether the position of `key` was searched.
    fn reached(&self, at: &Key) -> bool {
        self.memo.get(at).is_some_and(|e| e.searched)
    }

    /// The worth of the position `st` (of key `at`) and the most it can be worth (its exact
    /// value when known, else its bound or a lower one found), and whether that is exact;
    /// from the memo when it holds the position, else worked out and kept there.
    fn known_or_valued(&mut self, at: Key, st: &State) -> (f64, f64, bool) {
        if let Some(e) = self.memo.get(&at) {
            return (e.now, e.value, e.exact);
        }
        let (now, b) = self.worth_and_bound(st);
        self.memo.insert(
            at,
            Entry {
                value: b,
                now,
                exact: false,
                searched: false,
                best: u32::MAX,
            },
        );
        (now, b, false)
    }

    /// The bound of a position (infinite without pruning).
    #[cfg(test)]
    fn bound_of(&self, st: &State) -> f64 {
        self.worth_and_bound(st).1
    }

    /// The worth of a position, and its bound (infinite without pruning).
    fn worth_and_bound(&self, st: &State) -> (f64, f64) {
        let now = worth_in(st, self.seat, &self.weights, self.means);
        if !self.prune {
            return (now, f64::INFINITY);
        }
        (now, self.bound.of(st, now))
    }

    /// The expected value of `outcomes`, each as likely as its `chances` (summing to 1), when
    /// above `alpha` (exact); else a bound at or below `alpha` (Ballard's Star1: each outcome
    /// is searched only as far as it could still lift the mean above `alpha`, the others
    /// counted at their values or bounds).
    fn expected(&mut self, outcomes: &[State], chances: &[f64], alpha: f64) -> (f64, bool) {
        // Each outcome's key, worth and most (no allocation for up to 32 outcomes).
        let known: smallvec::SmallVec<[(Key, f64, f64); 32]> = outcomes
            .iter()
            .map(|c| {
                let k = key(&c.players[self.seat]);
                let (now, most, _) = self.known_or_valued(k, c);
                (k, now, most)
            })
            .collect();
        let mut rest: f64 = known.iter().zip(chances).map(|((_, _, b), p)| b * p).sum();
        let mut done = 0.0;
        for (i, (c, &p)) in outcomes.iter().zip(chances).enumerate() {
            let (k, now, most) = known[i];
            rest -= most * p;
            // The least this outcome must be worth for the mean to pass `alpha`.
            // Without pruning the bounds are infinite (and their sum no number): every outcome
            // is searched whole.
            let need = if alpha == f64::NEG_INFINITY || !self.prune {
                f64::NEG_INFINITY
            } else {
                (alpha - done - rest) / p
            };
            let (v, exact) = self.value_known(c, k, Some((now, most)), need);
            done += v * p;
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
    fn moves(&mut self, st: &State, out: &mut Vec<Act>) {
        self.moves_all(st, out);
        // The ends of the phase differ only in how the resources past 12 are split between
        // metal and energy (in the rules' order: metal given up rising), and the objective is
        // linear in both: the best is the first or the last, and of equal ones the first.
        let ends = out
            .iter()
            .rev()
            .take_while(|a| matches!(a, Act::EndWork { .. }))
            .count();
        if ends > 2 {
            let n = out.len();
            out.drain(n - ends + 1..n - 1);
        }
    }

    /// Every one of the player's own moves, the ends of the work phase last (as the rules
    /// list them; they are tried first).
    fn moves_all(&mut self, st: &State, out: &mut Vec<Act>) {
        if st.players[self.seat].hidden == 0 {
            legal_actions_into(st, out);
            return;
        }
        // A position of this search, its player's hidden cards counted as none: only what the
        // work phase changes is copied.
        self.known.copy_work_from(st, self.seat);
        self.known.players[self.seat].hidden = 0;
        legal_actions_into(&self.known, out);
        while matches!(out.last(), Some(Act::EndWork { .. })) {
            out.pop();
        }
        crate::engine::legal::end_work_actions_into(st, out);
    }

    /// Whether the step from `before` to `after` drew a card (its result is then unknown).
    fn drew(&self, before: &State, after: &State) -> bool {
        after.players[self.seat].hidden > before.players[self.seat].hidden
    }
}

#[cfg(test)]
mod tests;
