//! A step of a work phase judged by the planner's measure: what the best play from the
//! position is worth, and what the step played is worth with the best play after it (the
//! review after a game, [`crate::review`]). Luck is not a mistake: a step whose result is
//! chance (a reroll, a card drawn) is worth the mean over its outcomes, as the planner values
//! it before the dice fall, never the outcome that came.

use super::{
    Limit, Plan, PlanError, Searched, Weights, follow, key, means_count, outcomes, searched,
    worth_in,
};
use crate::engine::{Act, Game, Phase, RuleError};

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
    PhaseJudge::new(*weights, limit).judge(game, played)
}

/// The steps of one work phase judged one after another, on one search: a step's position is
/// one the search of the phase's first reached (its memo and its bound hold there), so the
/// steps after the first cost next to nothing. A position it did not reach (a card drawn and
/// then known, a search cut short by its limit) starts a search of its own.
pub struct PhaseJudge {
    weights: Weights,
    limit: Limit,
    done: Option<Searched>,
}

impl PhaseJudge {
    pub fn new(weights: Weights, limit: Limit) -> PhaseJudge {
        PhaseJudge {
            weights,
            limit,
            done: None,
        }
    }

    /// [`judge_step`], on the phase's search where it reached the position.
    pub fn judge(&mut self, game: &Game, played: &Act) -> Result<Judged, PlanError> {
        let st = game.state();
        let (Phase::Work { rolled: true, .. }, Some(seat)) = (st.phase, st.current_player()) else {
            return Err(PlanError::NotWorking);
        };
        let now = game.for_planning();
        let means = means_count(st, &self.weights);
        let reached = self.done.as_ref().is_some_and(|d| {
            d.search.seat == seat
                && d.search.means == means
                && !d.search.cut
                && d.search.reached(&key(&now.state().players[seat]))
        });
        let done = match &mut self.done {
            Some(d) if reached => d,
            slot => slot.insert(searched(game, &self.weights, self.limit, None)?),
        };
        let search = &mut done.search;
        let before = worth_in(now.state(), seat, &self.weights, means);
        let (best, _) = search.value(now.state(), f64::NEG_INFINITY);
        let plan = follow(search, &now, best - before)?;
        let next = outcomes(&now, now.state(), played);
        if next.is_empty() {
            return Err(PlanError::Stuck(
                game.check(played).err().unwrap_or(RuleError::NotRolled),
            ));
        }
        let mut total = 0.0;
        for (s, p) in &next {
            let v = if matches!(played, Act::EndWork { .. }) {
                worth_in(s, seat, &self.weights, means)
            } else {
                search.value(s, f64::NEG_INFINITY).0
            };
            total += p * v;
        }
        Ok(Judged {
            plan,
            best,
            // A search cut short by its limit may value a step a hair above its best.
            played: total.min(best),
        })
    }
}
