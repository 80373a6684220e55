//! A step of a work phase judged by the planner's measure: what the best play from the
//! position is worth, and what the step played is worth with the best play after it (the
//! review after a game, [`crate::review`]). Luck is not a mistake: a step whose result is
//! chance (a reroll, a card drawn) is worth the mean over its outcomes, as the planner values
//! it before the dice fall, never the outcome that came.

use super::{Limit, Plan, PlanError, Weights, follow, outcomes, searched, worth_in};
use crate::engine::{Act, Game, RuleError};

/// A work-phase step played, against the planner's best.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// The planner's plan from the position.
    pub plan: Plan,
    /// The expected worth at the end of the work phase with the best play from the position.
    pub best: f64,
    /// The same after the step played: its outcomes' mean, each played at its best after.
    pub played: f64,
}

impl Judged {
    /// What the step cost by the planner's measure (never below 0: a step is at most as good
    /// as the best one).
    pub fn cost(&self) -> f64 {
        (self.best - self.played).max(0.0)
    }
}

/// The step `played` from `game`'s position (the player at work, dice rolled) judged by the
/// planner within `limit`. A step the planning copy cannot play (a card a real table never
/// told) is [`PlanError::Stuck`].
pub fn judge_step(
    game: &Game,
    played: &Act,
    weights: &Weights,
    limit: Limit,
) -> Result<Judged, PlanError> {
    let mut done = searched(game, weights, limit, None)?;
    let plan = follow(&mut done.search, &done.root, done.value - done.before)?;
    let search = &mut done.search;
    let next = outcomes(&done.root, done.root.state(), played);
    if next.is_empty() {
        return Err(PlanError::Stuck(
            game.check(played).err().unwrap_or(RuleError::NotRolled),
        ));
    }
    let mut total = 0.0;
    for (s, p) in &next {
        let v = if matches!(played, Act::EndWork { .. }) {
            worth_in(s, search.seat, weights, search.means)
        } else {
            search.value(s, f64::NEG_INFINITY).0
        };
        total += p * v;
    }
    Ok(Judged {
        plan,
        best: done.value,
        // A search cut short by its limit may value a step a hair above its best.
        played: total.min(done.value),
    })
}
