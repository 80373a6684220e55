//! The review after a game: each choice a seat made, against what the planner bot would have
//! chosen at that moment, with the points it cost by the planner's measure (issue 91, point 4).
//!
//! Every choice is judged on what the seat knew when it made it ([`Game::position_known_to`]:
//! the others' hands and the deck unknown, the seat's own cards drawn in secret hidden unless
//! it told them), never on the true game: a review of a real table's game is the review its
//! player could have been given then. Luck is not counted as a mistake: a step left to chance
//! is worth the mean of its outcomes ([`crate::planner::judge_step`]), and a market choice is
//! weighed, as the bot weighs it, through the next work phase on the same seeded rolls for
//! every choice ([`crate::bots::judge_market`]).
//!
//! - **Market phase**: the choice (a blueprint taken, a contractor hired, a pass) against the
//!   bot's. A refresh of the market is not judged alone: the choice after it is.
//! - **Work phase**: every step after the roll, each judged from the position it was played
//!   in; the phase's cost is the sum of its steps' (the best play from each position less the
//!   step's value with the best play after it).
//! - **The Machine's turns** (solo): where in the journal they are, for the words to show them
//!   beside the player's rounds.

use crate::bots;
use crate::engine::{Act, Action, Game, Phase, RuleError, Setup};
use crate::planner::{Limit, Weights, judge_step};

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
}

/// A market choice, or a whole work phase, of one round.
#[derive(Debug, Clone)]
pub struct Moment {
    pub round: u32,
    pub stage: Stage,
    /// The journal's index of its first step.
    pub at: usize,
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

/// Reviews `seat`'s choices in the game of `setup` and `journal` (finished or not). `progress`
/// is told the share of the journal gone through (for a window's bar); `stop` returning true
/// ends the review early with what it has.
pub fn review(
    setup: Setup,
    journal: &[Action],
    seat: usize,
    mut progress: impl FnMut(f64),
    stop: impl Fn() -> bool,
) -> Result<Review, ReviewError> {
    let mut game = Game::replay(setup, Vec::new()).map_err(|(i, e)| ReviewError::Replay(i, e))?;
    if seat >= game.state().players.len() {
        return Err(ReviewError::NoSeat(seat));
    }
    let weights = Weights::default();
    let mut review = Review {
        seat,
        moments: Vec::new(),
        machine: Vec::new(),
    };
    // The seat's work phase under way (its steps may be interleaved with the others').
    let mut work: Option<Moment> = None;
    for (i, action) in journal.iter().enumerate() {
        if stop() {
            break;
        }
        progress(i as f64 / journal.len().max(1) as f64);
        let st = game.state();
        let round = st.round;
        let ours = st.current_player() == Some(seat) && !action.act.is_private();
        if action.act == Act::MachineTurn {
            review.machine.push((round, i));
        }
        if ours {
            match (st.phase, &action.act) {
                (Phase::Market { .. }, Act::RefreshMarket { .. } | Act::Deal) => {}
                (Phase::Market { .. }, act) => {
                    let known = game.known_to(Some(seat));
                    let judged = bots::judge_market(known.game(), bots::public_seed(&known), act);
                    let (best, cost, ok) = match judged {
                        Some((choice, played)) => (
                            Some(choice.act),
                            played.map_or(0.0, |p| (choice.gain - p).max(0.0)),
                            played.is_some(),
                        ),
                        None => (None, 0.0, false),
                    };
                    review.moments.push(Moment {
                        round,
                        stage: Stage::Market,
                        at: i,
                        bot: best.iter().cloned().collect(),
                        steps: vec![Step {
                            before: known.game().clone(),
                            act: act.clone(),
                            best,
                            cost,
                            judged: ok,
                        }],
                    });
                }
                (Phase::Work { rolled: true, .. }, act) if !matches!(act, Act::Switch { .. }) => {
                    let known = game.position_known_to(Some(seat));
                    let judged = judge_step(&known, act, &weights, LIMIT);
                    let moment = work.get_or_insert_with(|| Moment {
                        round,
                        stage: Stage::Work,
                        at: i,
                        steps: Vec::new(),
                        bot: match &judged {
                            Ok(j) => j.plan.steps.clone(),
                            Err(_) => Vec::new(),
                        },
                    });
                    let (best, cost, ok) = match judged {
                        Ok(j) => (j.plan.steps.first().cloned(), j.cost(), true),
                        Err(_) => (None, 0.0, false),
                    };
                    moment.steps.push(Step {
                        before: known,
                        act: act.clone(),
                        best,
                        cost,
                        judged: ok,
                    });
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
    progress(1.0);
    Ok(review)
}
