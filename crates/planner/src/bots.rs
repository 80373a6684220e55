//! Bots that play Foreman games: a random one (uniform over the legal actions) and a greedy
//! one (the legal action whose resulting state looks best). They only choose among
//! [`legal_actions`]; the engine's `apply` still judges every move.

use crate::engine::{Act, Game, Phase, State, legal_actions_into};
use crate::planner::Plan;
use crate::sim;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    Random,
    Greedy,
    /// The planner's best work phase ([`crate::planner`]); in the market phase, its best few
    /// choices by the planner's objective, each played ahead (in a solo game two rounds, in
    /// worlds drawn from what the seat knows; else the next work phase on a few seeded rolls).
    /// In a solo game its work phase is the best, in the same worlds, of the objective's plan
    /// and its variants'. Nothing unseen is peeked at.
    Planner,
}

impl BotKind {
    /// The names a bot is asked for by (the command line's `--bot`), as `FromStr` reads them.
    pub const NAMES: [&'static str; 3] = ["random", "greedy", "planner"];
}

/// A name that is none of [`BotKind::NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no bot is called {0:?} (random, greedy or planner)")]
pub struct UnknownBot(pub String);

impl std::str::FromStr for BotKind {
    type Err = UnknownBot;
    fn from_str(name: &str) -> Result<BotKind, UnknownBot> {
        match name {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            "planner" => Ok(BotKind::Planner),
            _ => Err(UnknownBot(name.to_string())),
        }
    }
}

impl From<crate::engine::BotLevel> for BotKind {
    /// A bot seat's level in the window: easy is greedy, hard the planner.
    fn from(level: crate::engine::BotLevel) -> BotKind {
        match level {
            crate::engine::BotLevel::Easy => BotKind::Greedy,
            crate::engine::BotLevel::Hard => BotKind::Planner,
        }
    }
}

pub struct Bot {
    kind: BotKind,
    rng: ChaCha8Rng,
    /// The legal actions of the last decision, kept to reuse its allocation.
    options: Vec<Act>,
    /// The planner bot's plan being played, with the position each next step expects.
    plan: Vec<(crate::engine::state::PlayerState, Act)>,
    /// The planner bot's objective.
    weights: crate::planner::Weights,
    /// The planner bot's market phase: how many rolls of the next work phase it plays ahead
    /// for each of its best choices (0: the objective of the choice alone).
    lookahead: usize,
    /// The market lookahead also plays ahead each contractor at its best discard.
    pub hires: bool,
    /// How many of its best choices the market lookahead plays ahead.
    pub looked_at: usize,
    /// The planner bot's work phase: how far each plan searches.
    pub limit: crate::planner::Limit,
    /// The planner bot's market phase in a solo game: in how many worlds each of its best
    /// choices is played ahead (0: none; the next work phase played ahead on rolls instead).
    pub rollouts: usize,
    /// The work phase's search limit in those games.
    pub rollout_limit: crate::planner::Limit,
    /// How many rounds those games are played ahead, to the seat's market phase then (0: none;
    /// the next work phase played ahead on rolls instead).
    pub horizon: usize,
    /// The planner bot's work phase in a solo game: how many plans (the objective's, then
    /// those of [`variants`] of it) are played ahead in the worlds, the best mean taken
    /// (1: the objective's plan alone).
    pub plans: usize,
}

/// The planner bot's market phase looks ahead at `LOOKED_AT` of its best choices (and each
/// contractor at its best discard), each on `LOOKAHEAD` rolls of its next work phase, each
/// planned within `LOOKAHEAD_LIMIT`. On the same 1,000 solo games at medium (`plan_tune --
/// 1000 lookahead=0 / lookahead=3`): 392 wins with 3 choices on 3 rolls, 343 without. On 400
/// games (`plan_tune -- 400 lookahead=K looked=N`): 3 on 3, 163 wins; 3 on 6, 184; 3 on 12,
/// 181; 6 on 6, 192; 12 on 6, 194; 6 on 6 planned within 20,000 positions, 183.
pub const LOOKED_AT: usize = 6;
pub const LOOKAHEAD: usize = 6;
/// In a solo game the market phase plays each of those choices ahead through the `HORIZON`
/// rounds that follow, in `ROLLOUTS` worlds drawn from what the seat knows (the same worlds for
/// every choice), each work phase planned within `ROLLOUT_LIMIT` and each later market choice
/// made by the objective alone (see [`played_out`]), and takes the best mean worth.
///
/// On the tuning seeds at hard (`plan_tune -- 400 hard from=52000 rollouts=N rlimit=L
/// horizon=H`), against 145 wins of 400 for the next work phase on 6 rolls: 2 rounds in 8
/// worlds within 2,000 positions, 203; within 1,000, 201 (the default); 12 worlds within
/// 1,000, 198; 16 worlds within 500, 192. On the first 100 of those seeds (39 wins before):
/// 2 rounds, 46; 3 rounds, 47; every game played to its end in 8 worlds (1 a win, plus a
/// twentieth of the margin over the Machine) within 1,000 positions, 43. The player of those worlds is weak alone (the market
/// by the objective, 400 games at hard: work phases within 20,000 positions, 83 wins; 3,000,
/// 69; 1,000, 45; 300, 17): what it measures is what a choice leads to, two rounds on. A market
/// decision, one core (`bot_time -- 20`): within 2,000 positions p95 931 ms, worst 5.5 s;
/// within 1,000, p95 446 ms, worst 725 ms; within 500, p95 236 ms, worst 335 ms.
pub const ROLLOUTS: usize = 8;
pub const HORIZON: usize = 2;
pub const ROLLOUT_LIMIT: crate::planner::Limit = crate::planner::Limit {
    positions: Some(1_000),
};
/// How many plans a solo work phase weighs in the worlds (see [`Bot::plans`]): the
/// objective's and its 5 [`variants`]'. On the tuning seeds at hard (`plan_tune -- 400 hard
/// from=52000 plans=N`; 201 wins with the objective's plan alone): 3 plans (keeping, building),
/// 204; 4 (and cashing in), 214; 6 (and keeping or building more), 224.
pub const PLANS: usize = 6;
const LOOKAHEAD_LIMIT: crate::planner::Limit = crate::planner::Limit {
    positions: Some(2_000),
};

impl Bot {
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075),
            options: Vec::with_capacity(64),
            plan: Vec::new(),
            weights: crate::planner::Weights::default(),
            lookahead: LOOKAHEAD,
            hires: true,
            looked_at: LOOKED_AT,
            limit: crate::planner::Limit::BOT,
            rollouts: ROLLOUTS,
            horizon: HORIZON,
            rollout_limit: ROLLOUT_LIMIT,
            plans: PLANS,
        }
    }

    /// A planner bot with these weights (for tuning them by self-play).
    pub fn planner(seed: u64, weights: crate::planner::Weights, lookahead: usize) -> Bot {
        Bot {
            weights,
            lookahead,
            ..Bot::new(BotKind::Planner, seed)
        }
    }

    /// The bot's decision for the acting player, or `None` when nobody may act (game over).
    pub fn choose(&mut self, game: &Game) -> Option<Act> {
        legal_actions_into(game.state(), &mut self.options);
        if self.options.is_empty() {
            return None;
        }
        match self.kind {
            BotKind::Planner => self.plan_step(game),
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

impl Bot {
    /// The planner bot: a plan per work phase (again after a roll or a draw inside it), the
    /// plain roll, and in the market phase the best of its choices played ahead.
    fn plan_step(&mut self, game: &Game) -> Option<Act> {
        let st = game.state();
        let seat = st.current_player();
        match (st.phase, seat) {
            (Phase::Work { rolled: true, .. }, Some(p)) => {
                // The plan's next step, while the game is where the plan expected it.
                if let Some((expected, act)) = self.plan.first()
                    && *expected == st.players[p]
                {
                    let act = act.clone();
                    self.plan.remove(0);
                    return Some(act);
                }
                self.plan.clear();
                let solo = st.is_solo();
                let plan = crate::planner::plan_with(game, &self.weights, self.limit).ok()?;
                let plan = if solo && self.plans > 1 && self.rollouts > 0 && self.horizon > 0 {
                    self.weighed_plan(game, p, plan, None)
                } else {
                    plan
                };
                let mut at = game.clone();
                for act in plan.steps {
                    let before = at.state().players[p];
                    self.plan.push((before, act.clone()));
                    match at.preview(&act) {
                        Ok(next) => at = Game::at_position(game.setup().clone(), next),
                        Err(_) => break,
                    }
                }
                let (_, first) = self.plan.remove(0);
                Some(first)
            }
            (Phase::Market { .. }, Some(_)) => {
                let options = std::mem::take(&mut self.options);
                let mut rng = self.rng.clone();
                let choice = market_choice(game, options, &mut rng, self, None);
                self.rng = rng;
                choice.map(|c| c.act)
            }
            _ => {
                // The roll (the plain one: a Foreman's chosen faces are not searched), the
                // Machine's turn, the deal.
                let plain = self
                    .options
                    .iter()
                    .position(|a| matches!(a, Act::Roll { set } if set.is_empty()));
                Some(self.options.swap_remove(plain.unwrap_or(0)))
            }
        }
    }
}

impl Bot {
    /// A solo work phase from `first`, the objective's plan: it and the plans of the
    /// objective's [`variants`] (each up to its end or its first chance) that lead elsewhere
    /// are played ahead in the same worlds as a market choice ([`played_out`]); the best mean
    /// wins. A variant's plan carries the objective's gain for where it leads (when certain).
    /// Once `stop` is set (a server's time budget), the objective's plan.
    fn weighed_plan(
        &mut self,
        game: &Game,
        p: usize,
        first: Plan,
        stop: Option<&AtomicBool>,
    ) -> Plan {
        self.weighed(game, p, first, stop, None).0
    }

    /// [`Bot::weighed_plan`], and when `played` is given (steps up to the first left to
    /// chance or the work phase's end), what they cost against the best plan in the same
    /// worlds (never below 0).
    fn weighed(
        &mut self,
        game: &Game,
        p: usize,
        first: Plan,
        stop: Option<&AtomicBool>,
        played: Option<&[Act]>,
    ) -> (Plan, Option<f64>) {
        let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let mut plans = vec![(end_of(game, &first.steps), first)];
        for w in variants(&self.weights)
            .into_iter()
            .take(self.plans.saturating_sub(1))
        {
            if stopped() {
                break;
            }
            let Ok(plan) = crate::planner::plan_with(game, &w, self.limit) else {
                continue;
            };
            let end = end_of(game, &plan.steps);
            let same = |(e, q): &(Option<State>, Plan)| {
                q.steps == plan.steps
                    || matches!((e, &end), (Some(a), Some(b)) if a.players[p] == b.players[p])
            };
            if !plans.iter().any(same) {
                plans.push((end, plan));
            }
        }
        // The steps played, when they are none of the plans.
        let asked = played.filter(|steps| !plans.iter().any(|(_, q)| q.steps == *steps));
        if plans.len() < 2 && asked.is_none() {
            return (plans.swap_remove(0).1, played.map(|_| 0.0));
        }
        let worlds: Vec<u64> = (0..self.rollouts).map(|_| self.rng.random()).collect();
        let known = game.position_known_to(Some(p));
        let mean = |steps: &[Act]| -> Option<f64> {
            let mut total = 0.0;
            for &world in &worlds {
                if stopped() {
                    return None;
                }
                total += played_out(&known, p, steps, world, self)?;
            }
            Some(total / worlds.len().max(1) as f64)
        };
        let mut means = Vec::new();
        for (_, plan) in &plans {
            means.push(mean(&plan.steps).unwrap_or(f64::NEG_INFINITY));
        }
        if stopped() {
            return (plans.swap_remove(0).1, None);
        }
        let mut best = 0;
        for (i, m) in means.iter().enumerate() {
            if *m > means[best] {
                best = i;
            }
        }
        let cost = played.and_then(|steps| {
            let m = match plans.iter().position(|(_, q)| q.steps == steps) {
                Some(i) => means[i],
                None => mean(steps)?,
            };
            Some((means[best] - m).max(0.0))
        });
        let weighed = plans.len();
        let (end, mut plan) = plans.swap_remove(best);
        if weighed > 1 {
            (plan.weighed, plan.worlds, plan.rounds) = (weighed, worlds.len(), self.horizon);
        }
        if best > 0
            && !plan.then_ask_again
            && let Some(end) = end
        {
            let w = &self.weights;
            plan.gain =
                crate::planner::worth(&end, p, w) - crate::planner::worth(game.state(), p, w);
        }
        (plan, cost)
    }
}

/// The review's work phase in a solo game ([`crate::review`]): the planner bot's plan for the
/// player at work in `game` (as [`suggest_work`] gives it with `seed`), and what the steps
/// `played` (up to the first left to chance, or the work phase's end) cost against it, weighed
/// in the same worlds. `None` when the game is not a solo one, or nothing can be planned.
pub fn judge_work(game: &Game, seed: u64, played: &[Act]) -> Option<(Plan, f64)> {
    let st = game.state();
    let p = st.current_player()?;
    if !st.is_solo() {
        return None;
    }
    let first = crate::planner::plan(game).ok()?;
    let (plan, cost) = Bot::new(BotKind::Planner, seed).weighed(game, p, first, None, Some(played));
    Some((plan, cost?))
}

/// The planner bot's work phase for the player at work in `game`: what *Suggest* and `foreman
/// plan` give. The objective's plan searched within the window's limit (cut short once `stop`
/// is set); in a solo game, weighed against its variants' plans in worlds drawn by `seed` (the
/// caller's: a seat's *Suggest* gives one from what everyone saw) as the bot weighs them.
pub fn suggest_work(
    game: &Game,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Plan, crate::planner::PlanError> {
    let first = crate::planner::plan_until(
        game,
        &crate::planner::Weights::default(),
        crate::planner::Limit::SUGGEST,
        stop.clone(),
    )?;
    let st = game.state();
    let solo = st.is_solo();
    match st.current_player() {
        Some(p) if solo => {
            let mut bot = Bot::new(BotKind::Planner, seed);
            Ok(bot.weighed_plan(game, p, first, stop.as_deref()))
        }
        _ => Ok(first),
    }
}

/// Where `steps` leave the game (`None`: one is refused). A step left to chance is previewed
/// with the game's own dice: the plans compared end at their first such step.
fn end_of(game: &Game, steps: &[Act]) -> Option<State> {
    let mut at = game.state().clone();
    for act in steps {
        let g = Game::at_position(game.setup().clone(), at);
        at = g.preview(act).ok()?;
    }
    Some(at)
}

/// The objective leaning each way a work phase can go, for plans that differ from its own:
/// keeping (the hand and resources worth more), building (the engine worth more) and cashing
/// in (the engine and hand worth less).
pub fn variants(w: &crate::planner::Weights) -> [crate::planner::Weights; 5] {
    let keep = |k: f64| crate::planner::Weights {
        hand: w.hand * k,
        metal: w.metal * k,
        energy: w.energy * k,
        ..*w
    };
    let build = |k: f64| crate::planner::Weights {
        engine: w.engine * k,
        usage: w.usage * k,
        ..*w
    };
    let cash = crate::planner::Weights {
        engine: w.engine * 0.4,
        usage: w.usage * 0.4,
        hand: w.hand * 0.6,
        ..*w
    };
    [keep(1.5), build(1.6), cash, keep(2.5), build(2.5)]
}

/// The planner's choice in the market phase, and how it was weighed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MarketChoice {
    /// The choice.
    pub act: Act,
    /// What the objective expects of it, less what the position is worth now: its next work
    /// phase played ahead (or, when nothing was played ahead, the choice alone).
    pub gain: f64,
    /// The other choices played ahead, best first, with their gains.
    pub others: Vec<(Act, f64)>,
    /// How many rolls of the next work phase each choice was played ahead on, or in a solo
    /// game, in how many worlds drawn from what the player knows.
    pub rolls: usize,
    /// How many rounds each choice was played ahead (0: none; 1: the next work phase).
    #[serde(default)]
    pub rounds: usize,
    /// The gain of a choice asked about ([`judge_market`]), weighed as the others.
    pub played: Option<f64>,
}

/// A hire's discard that a suggestion cannot name ([`State::unseen_discard`]).
pub fn unseen_discard(state: &State, act: &Act) -> Option<crate::engine::Tool> {
    state.unseen_discard(act)
}

/// The planner bot's market choice for the player choosing in `game`: what *Suggest* and
/// `foreman plan` give in the market phase. Its rolls are seeded by `seed` (the caller's: a
/// seat's *Suggest* gives one from what everyone saw), so asking again at the same moment
/// gives the same answer. `None` when nobody chooses in the market now.
pub fn suggest_market(game: &Game, seed: u64) -> Option<MarketChoice> {
    planner_market(game, seed, None)
}

/// The review's market choice ([`crate::review`]): the planner bot's choice for the player
/// choosing in `game` (as [`suggest_market`] gives it with `seed`), and what `played` is
/// worth by the same measure, weighed on the same rolls or worlds (`None`: a choice not
/// weighed, as a refresh of the market, which does not end the turn).
pub fn judge_market(game: &Game, seed: u64, played: &Act) -> Option<(MarketChoice, Option<f64>)> {
    let mut choice = planner_market(game, seed, Some(played))?;
    let worth = choice.played.take();
    Some((choice, worth))
}

/// [`suggest_market`], weighing `played` too when given.
fn planner_market(game: &Game, seed: u64, played: Option<&Act>) -> Option<MarketChoice> {
    if !matches!(game.state().phase, crate::engine::Phase::Market { .. }) {
        return None;
    }
    let bot = Bot::new(BotKind::Planner, seed);
    let mut options = Vec::new();
    legal_actions_into(game.state(), &mut options);
    let mut rng = bot.rng.clone();
    market_choice(game, options, &mut rng, &bot, played)
}

/// The market choice *Suggest* gives the player choosing now in `game`, worked out on what
/// that player may know (the others' hands and the deck unknown, no seed).
pub fn suggest_market_for(game: &Game) -> Option<MarketChoice> {
    let seat = game.state().current_player()?;
    let known = game.known_to(Some(seat));
    suggest_market(known.game(), public_seed(&known))
}

/// A seed for a seat's lookahead drawn from what everyone saw (the number of public actions),
/// never from the game's own seed: asking again at the same moment gives the same answer.
pub fn public_seed(known: &crate::engine::Known) -> u64 {
    (known.actions() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The market phase by the planner's objective: every choice valued as it leaves the
/// position (without its unseen cards), then the best `looked_at` that end the turn (and each
/// contractor at its best discard) played ahead: in a solo game `horizon` rounds in the same
/// `rollouts` worlds ([`played_out`]), else through the next work phase on the same
/// `lookahead` seeded rolls.
fn market_choice(
    game: &Game,
    options: Vec<Act>,
    rng: &mut ChaCha8Rng,
    bot: &Bot,
    played: Option<&Act>,
) -> Option<MarketChoice> {
    let st = game.state();
    let p = st.current_player()?;
    let w = bot.weights;
    let now = crate::planner::worth(st, p, &w);
    let mut ranked: Vec<(f64, Act, State)> = Vec::new();
    for act in options {
        // How far the action gets without its unseen cards: the taking and the paying, not
        // the refill (never a peek at the deck).
        let (after, _) = game.attempt(&act, &Default::default(), false);
        let noise: f64 = rng.random_range(0.0..0.001);
        let value = crate::planner::worth(&after, p, &w) + market_bonus(st, &act, &w) + noise;
        ranked.push((value, act, after));
    }
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    if bot.lookahead == 0 || ranked.len() < 2 {
        let judged = played.and_then(|p| ranked.iter().find(|r| &r.1 == p).map(|r| r.0 - now));
        let mut all = ranked.into_iter().map(|(v, a, _)| (a, v - now));
        let (act, gain) = all.next()?;
        return Some(MarketChoice {
            act,
            gain,
            others: all.collect(),
            rolls: 0,
            rounds: 0,
            played: judged,
        });
    }
    // The choice asked about, as it leaves the position (weighed ahead below when it ends the
    // turn).
    let asked = played.and_then(|p| ranked.iter().find(|r| &r.1 == p).cloned());
    // The best few choices that end the turn (not a refresh of the market) played ahead on
    // the same rolls.
    let rolls: Vec<[u8; 8]> = (0..bot.lookahead)
        .map(|_| std::array::from_fn(|_| rng.random_range(1..=6)))
        .collect();
    let first = ranked.first().map(|r| (r.1.clone(), r.0 - now));
    // The best few choices, and each contractor at its best discard: a contractor's worth is
    // mostly in the next work phase (the Specialist's die, the Hired Hands', the Foreman's
    // faces), which the position alone does not show.
    let mut hired = [false; 4];
    let mut looked = 0;
    let ends_turn = ranked.into_iter().filter(|r| {
        let first_hire = match r.1 {
            Act::RefreshMarket { .. } => return false,
            Act::Hire { slot, .. } if bot.hires => hired
                .get_mut(usize::from(slot))
                .is_some_and(|seen| !std::mem::replace(seen, true)),
            _ => false,
        };
        let keep = first_hire || looked < bot.looked_at;
        looked += usize::from(keep);
        keep
    });
    // A solo game's choices are played ahead in worlds drawn from what the seat knows; the
    // others' on the rolls (their hands and market turns would be guessed).
    let solo = st.is_solo();
    let worlds: Vec<u64> = if solo && bot.horizon > 0 {
        (0..bot.rollouts).map(|_| rng.random()).collect()
    } else {
        Vec::new()
    };
    // The worlds start from the seat's own position, whoever asks: never another hand.
    let known = (!worlds.is_empty()).then(|| game.position_known_to(Some(p)));
    let ahead = |act: &Act, after: &State| -> Option<f64> {
        if worlds.is_empty() {
            let v = crate::planner::next_work_phase(game, after, p, &rolls, &w, LOOKAHEAD_LIMIT)?;
            return Some(v + market_bonus(st, act, &w) - now);
        }
        let (mut total, known) = (0.0, known.as_ref()?);
        for &world in &worlds {
            total += played_out(known, p, std::slice::from_ref(act), world, bot)?;
        }
        Some(total / worlds.len() as f64 - now)
    };
    let mut weighed: Vec<(Act, f64)> = Vec::new();
    for (_, act, after) in ends_turn {
        if let Some(gain) = ahead(&act, &after) {
            weighed.push((act, gain));
        }
    }
    let judged = asked.and_then(|(_, act, after)| {
        if matches!(act, Act::RefreshMarket { .. }) {
            return None;
        }
        if let Some((_, g)) = weighed.iter().find(|(a, _)| *a == act) {
            return Some(*g);
        }
        ahead(&act, &after)
    });
    let (rolls, rounds) = if worlds.is_empty() {
        (rolls.len(), 1)
    } else {
        (worlds.len(), bot.horizon)
    };
    // The first of equals wins, as the choices came (best by the position first).
    let mut best: Option<usize> = None;
    for (i, (_, v)) in weighed.iter().enumerate() {
        if best.is_none_or(|b| *v > weighed[b].1) {
            best = Some(i);
        }
    }
    let Some(b) = best else {
        let (act, gain) = first?;
        return Some(MarketChoice {
            act,
            gain,
            others: Vec::new(),
            rolls: 0,
            rounds: 0,
            played: judged,
        });
    };
    let (act, gain) = weighed.remove(b);
    weighed.sort_by(|a, b| b.1.total_cmp(&a.1));
    // One line per card: a card's best way (a contractor's best discard), none for the
    // card chosen.
    let card = |a: &Act| match a {
        Act::TakeBlueprint { slot } => Some((0, *slot)),
        Act::Hire { slot, .. } => Some((1, *slot)),
        _ => None,
    };
    let mut named = vec![card(&act)];
    weighed.retain(|(a, _)| {
        let c = card(a);
        let new = c.is_none() || !named.contains(&c);
        named.push(c);
        new
    });
    Some(MarketChoice {
        act,
        gain,
        others: weighed,
        rolls,
        rounds,
        played: judged,
    })
}

/// `steps` played in a world drawn from what the seat knows (`game` is its position: the deck's
/// order and every die to come drawn by `world`, never the game's own seed), then the game
/// played on by the planner bot without market lookahead (each work phase within the bot's
/// `rollout_limit`) up to the seat's market phase `horizon` rounds later: what the objective
/// says that position is worth (its score, when the game ended before).
fn played_out(game: &Game, p: usize, steps: &[Act], world: u64, bot: &Bot) -> Option<f64> {
    let mut setup = game.setup().clone();
    setup.seed = world;
    setup.mode = crate::engine::Mode::Digital;
    let mut g = Game::at_position(setup, game.state().clone());
    for act in steps {
        g.apply_digital(act.clone()).ok()?;
    }
    let mut policy = Bot::planner(world, bot.weights, 0);
    policy.limit = bot.rollout_limit;
    policy.plans = 1;
    let end = g.state().round + bot.horizon as u32;
    // A guard: two rounds take a few hundred actions.
    for _ in 0..sim::MAX_ACTIONS {
        let st = g.state();
        if st.is_over() || (st.round >= end && matches!(st.phase, Phase::Market { .. })) {
            return Some(crate::planner::worth(st, p, &bot.weights));
        }
        let next = policy.choose(&g)?;
        g.apply_digital(next).ok()?;
    }
    None
}

/// What the market phase's choice is worth beyond the objective's count of cards: a blueprint
/// taken is worth the weights' `market` share of what it adds once built (its prestige, and
/// the engine of a card that is not a Monument): it must still be built.
fn market_bonus(before: &State, act: &Act, w: &crate::planner::Weights) -> f64 {
    let Act::TakeBlueprint { slot } = act else {
        return 0.0;
    };
    let Some(Some(card)) = before.market.blueprints.get(usize::from(*slot)) else {
        return 0.0;
    };
    let engine = if card.is_monument() { 0.0 } else { 1.0 };
    w.market * (f64::from(card.info().prestige) + engine)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Difficulty, Phase, Setup};
    use crate::planner::{Limit, Weights, next_work_phase, worth};

    /// A solo game played by the greedy bot up to its market phase in `round`.
    fn market_in(seed: u64, round: u32) -> Game {
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, seed);
        while !(g.state().round >= round && matches!(g.state().phase, Phase::Market { .. })) {
            let act = bot.choose(&g).expect("the game goes on");
            g.apply_digital(act).expect("legal");
        }
        g
    }

    /// Issue 29, point 4: the planner bot's market phase plays its choices ahead without
    /// peeking at the deck: with the deck's order changed (the game's seed, which draws the
    /// digital game's cards), every choice is the same.
    #[test]
    fn the_market_lookahead_never_peeks_at_the_deck() {
        for seed in 0..12 {
            let g = market_in(seed, 2 + seed as u32 % 4);
            let mut setup = g.setup().clone();
            setup.seed ^= 0xdead_beef;
            let other = Game::at_position(setup, g.state().clone());
            let a = Bot::new(BotKind::Planner, 9).choose(&g);
            let b = Bot::new(BotKind::Planner, 9).choose(&other);
            assert!(a.is_some(), "seed {seed}: no choice");
            assert_eq!(a, b, "seed {seed}");
        }
    }

    /// Issue 91, point 1: in a solo game the market choices are played ahead `HORIZON`
    /// rounds in `ROLLOUTS` worlds drawn from what the seat knows; at a table of players (whose
    /// hands and market turns the seat cannot see) the next work phase on `LOOKAHEAD` rolls.
    /// Asked again at the same moment, the answer is the same.
    #[test]
    fn a_solo_market_choice_is_played_ahead_rounds_in_drawn_worlds() {
        let g = market_in(4, 3);
        let choice = suggest_market(&g, 7).expect("a market choice");
        assert_eq!((choice.rounds, choice.rolls), (HORIZON, ROLLOUTS));
        assert!(!choice.others.is_empty(), "no other choice was weighed");
        assert_eq!(suggest_market(&g, 7), Some(choice));
        let mut g = Game::new_dealt(Setup::players(2, 4)).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, 4);
        while !matches!(g.state().phase, Phase::Market { .. }) || g.state().round < 2 {
            let act = bot.choose(&g).expect("the game goes on");
            g.apply_digital(act).expect("legal");
        }
        let known = g.position_known_to(g.state().current_player());
        let choice = suggest_market(&known, 7).expect("a market choice");
        assert_eq!((choice.rounds, choice.rolls), (1, LOOKAHEAD));
    }

    /// A solo game played by the greedy bot up to its work phase in `round`, rolled.
    fn work_in(seed: u64, round: u32) -> Game {
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Hard, seed)).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, seed);
        while !(g.state().round >= round
            && matches!(g.state().phase, Phase::Work { rolled: true, .. }))
        {
            let act = bot.choose(&g).expect("the game goes on");
            g.apply_digital(act).expect("legal");
        }
        g
    }

    /// Issue 91, point 1: a solo work phase weighs the objective's plan against its variants'
    /// in worlds drawn from what the seat knows: asked twice, the same plan; with the deck's
    /// order and the dice to come changed (the game's seed), the same plan (never a peek); and
    /// in some work phases a plan other than the objective's wins, which is then legal.
    #[test]
    fn a_solo_work_phase_weighs_plans_in_drawn_worlds() {
        let mut other_plans = 0;
        for seed in 0..10 {
            let g = work_in(seed, 2 + seed as u32 % 5);
            let plan = suggest_work(&g, 3, None).expect("a plan");
            assert_eq!(suggest_work(&g, 3, None).as_ref(), Ok(&plan), "seed {seed}");
            let mut setup = g.setup().clone();
            setup.seed ^= 0xdead_beef;
            let reseeded = Game::at_position(setup, g.state().clone());
            assert_eq!(
                suggest_work(&reseeded, 3, None).as_ref(),
                Ok(&plan),
                "seed {seed}"
            );
            let objective = crate::planner::plan(&g).expect("a plan");
            if plan.steps != objective.steps {
                other_plans += 1;
                assert!(
                    g.preview(&plan.steps[0]).is_ok(),
                    "seed {seed}: {:?}",
                    plan.steps
                );
            }
        }
        assert!(other_plans > 0, "the objective's plan won every time");
    }

    /// Issue 29, point 4: the next work phase after taking a blueprint is worth at least the
    /// position the take leaves (ending the work phase at once is one of its plans), and more
    /// when the dice can do something.
    #[test]
    fn the_next_work_phase_is_worth_at_least_the_position() {
        let w = Weights::default();
        let mut better = 0;
        for seed in 10..16 {
            let g = market_in(seed, 3);
            let st = g.state();
            let p = st.current_player().expect("a player's market turn");
            if st.players[p].hand_size() >= 10 {
                continue;
            }
            let take = Act::TakeBlueprint { slot: 0 };
            let (after, _) = g.attempt(&take, &Default::default(), false);
            let now = worth(&after, p, &w);
            let rolls = [[5, 5, 2, 1, 6, 3, 4, 4]];
            let ahead =
                next_work_phase(&g, &after, p, &rolls, &w, Limit::BOT).expect("a work phase");
            assert!(ahead >= now - 1e-9, "seed {seed}: {ahead} below {now}");
            better += usize::from(ahead > now + 1e-9);
        }
        assert!(better > 0, "the dice never did anything");
    }
}
