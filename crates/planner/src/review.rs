//! The review after a game: each choice a seat made, against what the planner bot would have
//! chosen at that moment, with the points it cost by the planner's measure (issue 91, point 4).
//!
//! Every choice is judged on what the seat knew when it made it ([`Game::position_known_to`]:
//! the others' hands and the deck unknown, the seat's own cards drawn in secret hidden unless
//! it told them), never on the true game: a review of a real table's game is the review its
//! player could have been given then. Luck is not counted as a mistake: a step left to chance
//! is worth the mean of its outcomes ([`crate::planner::judge_step`]), and a market choice is
//! weighed as the bot weighs it, on the same seeded rolls or worlds for every choice
//! ([`crate::bots::judge_market`]).
//!
//! - **Market phase**: the choice (a blueprint taken, a contractor hired, a pass) against the
//!   bot's. A refresh of the market is not judged alone: the choice after it is.
//! - **Work phase**: every step after the roll, each judged from the position it was played
//!   in; the phase's cost is the sum of its steps' (the best play from each position less the
//!   step's value with the best play after it). In a solo game the phase is judged as the bot
//!   plays it: cut where a step's result is chance, each stretch played (its steps up to the
//!   chance or the phase's end) weighed against the bot's plan from the stretch's first
//!   position in the same worlds ([`crate::bots::judge_work`], seeded by what everyone saw
//!   then, as *Suggest*'s), its cost charged to the first step that leaves the plan.
//! - **The Machine's turns** (solo): where in the journal they are, for the words to show them
//!   beside the player's rounds.

use crate::bots;
use crate::engine::{Act, Action, Game, Phase, RuleError, Setup};
use crate::planner::{self, Limit, PhaseJudge, Weights};

/// Where in a round a moment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Market,
    Work,
}

/// One step played, judged.
#[derive(Debug, Clone)]
pub struct Step {
    /// The position as the seat knew it just before the step (the step is said on it).
    pub before: Game,
    /// What the seat played.
    pub act: Act,
    /// What the bot would have played instead: its first step (work) or its choice (market).
    pub best: Option<Act>,
    /// Points the step cost by the planner's measure (0: as good as the bot's, or not judged).
    pub cost: f64,
    /// The step could be judged (a card a real table never told cannot be).
    pub judged: bool,
    /// What everyone saw just before the step, as a seed ([`bots::public_seed`]): the worlds
    /// of *Suggest* then.
    pub seed: u64,
}

/// A market choice, or a whole work phase, of one round.
#[derive(Debug, Clone)]
pub struct Moment {
    pub round: u32,
    pub stage: Stage,
    pub steps: Vec<Step>,
    /// What the bot would have played from the moment's first position: its market choice,
    /// or its work phase's plan (up to the first step left to chance).
    pub bot: Vec<Act>,
}

impl Moment {
    /// The moment's cost: its steps' together.
    pub fn cost(&self) -> f64 {
        self.steps.iter().map(|s| s.cost).sum()
    }

    /// The position the moment started from, as the seat knew it.
    pub fn before(&self) -> Option<&Game> {
        self.steps.first().map(|s| &s.before)
    }

    /// The step that cost the most (none when every step cost nothing).
    pub fn worst(&self) -> Option<&Step> {
        self.steps
            .iter()
            .filter(|s| s.cost > 0.0)
            .max_by(|a, b| a.cost.total_cmp(&b.cost))
    }
}

/// A seat's game reviewed.
#[derive(Debug, Clone)]
pub struct Review {
    pub seat: usize,
    pub moments: Vec<Moment>,
    /// The Machine's turns: (round, the journal's index).
    pub machine: Vec<(u32, usize)>,
}

impl Review {
    /// Every moment's cost together.
    pub fn total(&self) -> f64 {
        self.moments.iter().map(Moment::cost).sum()
    }

    /// The `n` moments that cost the most (of those that cost anything), costliest first.
    pub fn biggest(&self, n: usize) -> Vec<&Moment> {
        let mut all: Vec<&Moment> = self.moments.iter().filter(|m| m.cost() >= 0.05).collect();
        all.sort_by(|a, b| b.cost().total_cmp(&a.cost()));
        all.truncate(n);
        all
    }

    /// The rounds the review covers, in order.
    pub fn rounds(&self) -> Vec<u32> {
        let mut r: Vec<u32> = self.moments.iter().map(|m| m.round).collect();
        r.extend(self.machine.iter().map(|m| m.0));
        r.sort_unstable();
        r.dedup();
        r
    }
}

/// Why a game cannot be reviewed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReviewError {
    #[error("the game has no player {0}")]
    NoSeat(usize),
    #[error("the game's action {0} is refused by the rules: {1}")]
    Replay(usize, RuleError),
}

/// How far each step's search goes: the window's *Suggest* limit.
pub const LIMIT: Limit = Limit::SUGGEST;

/// Reviews `seat`'s choices in the game of `setup` and `journal` (finished or not), its
/// moments judged on `threads` threads (each alone: the same review on any number). `progress`
/// is told the share of the moments judged (for a window's bar); `stop` returning true ends
/// the review early with the moments judged by then.
pub fn review(
    setup: Setup,
    journal: &[Action],
    seat: usize,
    threads: usize,
    progress: impl Fn(f64) + Sync,
    stop: impl Fn() -> bool + Sync,
) -> Result<Review, ReviewError> {
    let mut review = moments(setup, journal, seat)?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let all = review.moments.len().max(1);
    let order: Vec<u64> = (0..review.moments.len() as u64).collect();
    let moments = &review.moments;
    let judged = crate::sim::on_threads(&order, threads, |i| {
        if stop() {
            return None;
        }
        let i = i as usize;
        let mut m = moments[i].clone();
        judge(&mut m);
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(n as f64 / all as f64);
        Some(m)
    });
    review.moments = judged.into_iter().flatten().collect();
    progress(1.0);
    Ok(review)
}

/// The review's moments, not judged yet (each step as the seat knew its position, with the
/// seed of what everyone saw then: the rolls or worlds of *Suggest* then).
fn moments(setup: Setup, journal: &[Action], seat: usize) -> Result<Review, ReviewError> {
    let mut game = Game::replay(setup, Vec::new()).map_err(|(i, e)| ReviewError::Replay(i, e))?;
    if seat >= game.state().players.len() {
        return Err(ReviewError::NoSeat(seat));
    }
    let mut review = Review {
        seat,
        moments: Vec::new(),
        machine: Vec::new(),
    };
    // The seat's work phase under way (its steps may be interleaved with the others').
    let mut work: Option<Moment> = None;
    for (i, action) in journal.iter().enumerate() {
        let st = game.state();
        let round = st.round;
        let ours = st.current_player() == Some(seat) && !action.act.is_private();
        if action.act == Act::MachineTurn {
            review.machine.push((round, i));
        }
        if ours {
            let known = game.known_to(Some(seat));
            let step = |before: Game| Step {
                before,
                act: action.act.clone(),
                best: None,
                cost: 0.0,
                judged: false,
                seed: bots::public_seed(&known),
            };
            match (st.phase, &action.act) {
                (Phase::Market { .. }, Act::RefreshMarket { .. } | Act::Deal) => {}
                (Phase::Market { .. }, _) => {
                    review.moments.push(Moment {
                        round,
                        stage: Stage::Market,
                        bot: Vec::new(),
                        steps: vec![step(known.game().clone())],
                    });
                }
                (Phase::Work { rolled: true, .. }, act) if !matches!(act, Act::Switch { .. }) => {
                    work.get_or_insert_with(|| Moment {
                        round,
                        stage: Stage::Work,
                        steps: Vec::new(),
                        bot: Vec::new(),
                    })
                    .steps
                    .push(step(game.position_known_to(Some(seat))));
                }
                _ => {}
            }
        }
        game.apply(action.clone())
            .map_err(|e| ReviewError::Replay(i, e))?;
        if ours
            && matches!(action.act, Act::EndWork { .. })
            && let Some(m) = work.take()
        {
            review.moments.push(m);
        }
    }
    if let Some(m) = work.take() {
        review.moments.push(m);
    }
    Ok(review)
}

/// A moment judged: each step's cost and the bot's choice (market: on the rolls or worlds of
/// the step's seed; work: in a solo game as the bot plays it, else every step on one search of
/// the phase where it can).
fn judge(m: &mut Moment) {
    match m.stage {
        Stage::Market => {
            let Some(s) = m.steps.first_mut() else {
                return;
            };
            if let Some((choice, played)) = bots::judge_market(&s.before, s.seed, &s.act) {
                s.cost = played.map_or(0.0, |p| (choice.gain - p).max(0.0));
                s.judged = played.is_some();
                m.bot = vec![choice.act.clone()];
                s.best = Some(choice.act);
            }
        }
        Stage::Work if solo(m) => judge_solo_work(m),
        Stage::Work => {
            let mut judge = PhaseJudge::new(Weights::default(), LIMIT);
            for (k, s) in m.steps.iter_mut().enumerate() {
                let Ok(j) = judge.judge(&s.before, &s.act) else {
                    continue;
                };
                if k == 0 {
                    m.bot = j.plan.steps.clone();
                }
                s.cost = j.cost();
                s.best = j.plan.steps.first().cloned();
                s.judged = true;
            }
        }
    }
}

/// Whether the moment is a solo game's (the player against the Machine).
fn solo(m: &Moment) -> bool {
    m.before().is_some_and(|g| g.state().is_solo())
}

/// A solo work phase judged as the bot plays it ([`bots::judge_work`]): cut where a step's
/// result is chance (the bot plans again there), each stretch's steps weighed against the
/// bot's plan from its first position in the same worlds; the cost goes to the first step
/// that leaves the bot's plan. A stretch that cannot be weighed is judged step by step.
fn judge_solo_work(m: &mut Moment) {
    let mut start = 0;
    while start < m.steps.len() {
        let mut end = start;
        while end < m.steps.len() {
            let s = &m.steps[end];
            end += 1;
            if matches!(s.act, Act::EndWork { .. }) || planner::left_to_chance(&s.before, &s.act) {
                break;
            }
        }
        let stretch = &mut m.steps[start..end];
        let played: Vec<Act> = stretch.iter().map(|s| s.act.clone()).collect();
        match bots::judge_work(&stretch[0].before, stretch[0].seed, &played) {
            Some((plan, cost)) => {
                if start == 0 {
                    m.bot = plan.steps.clone();
                }
                let left = played
                    .iter()
                    .zip(&plan.steps)
                    .position(|(a, b)| a != b)
                    .unwrap_or(played.len().min(plan.steps.len()));
                for (k, s) in stretch.iter_mut().enumerate() {
                    s.judged = true;
                    s.best = (k <= left).then(|| plan.steps.get(k).cloned()).flatten();
                    s.cost = if k == left { cost } else { 0.0 };
                }
                // Played as the plan to its end: nothing to charge.
                if left >= stretch.len()
                    && let Some(last) = stretch.last_mut()
                {
                    last.cost += cost;
                }
            }
            None => {
                let mut judge = PhaseJudge::new(Weights::default(), LIMIT);
                for (k, s) in stretch.iter_mut().enumerate() {
                    let Ok(j) = judge.judge(&s.before, &s.act) else {
                        continue;
                    };
                    if start == 0 && k == 0 {
                        m.bot = j.plan.steps.clone();
                    }
                    s.cost = j.cost();
                    s.best = j.plan.steps.first().cloned();
                    s.judged = true;
                }
            }
        }
        start = end;
    }
}
