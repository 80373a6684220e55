//! *Suggest* for one seat: the planner's plan for its work phase, or its best market choice,
//! worked out on what that seat may know ([`Known`]: the others' hands and the deck as
//! unknowns, no seed), so a suggestion never tells more than the seat's own screen does.

use super::view::ActionView;
use crate::engine::state::Phase;
use crate::engine::{Act, Action, Game, Known, switches};
use crate::i18n::{Tr, gains, words};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A suggestion for a seat: steps to play in order (the first may be sent as it is).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suggestion {
    /// The table's version it was worked out on.
    pub version: u64,
    /// What it is worth ("Suggested: worth about +3.2 points by the game's end").
    pub title: String,
    /// What that estimate is (the positions searched, the rolls played ahead).
    #[serde(default)]
    pub hint: String,
    pub steps: Vec<ActionView>,
    /// What the steps bring, and what to do after them, in words.
    pub notes: Vec<String>,
}

/// The suggestion for the seat `known` is for, or why there is none, in `tr`'s language.
/// Takes up to about a second (the window's limit), less once `stop` is set (the best plan
/// found by then).
pub fn suggest(
    tr: &Tr,
    known: &Known,
    version: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Suggestion, String> {
    let Some(seat) = known.seat() else {
        return Err(tr.t("web-spectator"));
    };
    let game = known.game();
    let st = game.state();
    let turned;
    let at = if st.current_player() == Some(seat) {
        game
    } else if switches(st).contains(&Act::Switch { player: seat as u8 }) {
        let mut g = game.clone();
        g.apply(Action::new(Act::Switch { player: seat as u8 }))
            .map_err(|e| words::refusal(tr, &e))?;
        turned = g;
        &turned
    } else {
        return Err(tr.t("suggest-nothing"));
    };
    // Cards Foreman was not told: a step may name one the player does not hold.
    let guess = at.state().players.get(seat).is_some_and(|p| p.hidden > 0);
    // The market's lookahead rolls are seeded by what everyone saw, never by the game's seed.
    let seed = crate::bots::public_seed(known);
    let mut suggestion = suggestion_at(tr, at, version, seed, stop)?;
    if guess {
        suggestion.notes.push(tr.t("suggest-hidden"));
    }
    Ok(suggestion)
}

fn suggestion_at(
    tr: &Tr,
    at: &Game,
    version: u64,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Suggestion, String> {
    let step = |act: &Act| ActionView {
        group: String::new(),
        label: words::act(tr, at, act),
        act: act.clone(),
    };
    match at.state().phase {
        Phase::Market { .. } => {
            let choice =
                crate::bots::suggest_market(at, seed).ok_or_else(|| tr.t("suggest-nothing"))?;
            Ok(Suggestion {
                version,
                title: tr.t_args(
                    "suggest-title",
                    &[("gain", format!("{:+.1}", choice.gain).into())],
                ),
                hint: market_hint(tr, &choice),
                steps: vec![step(&choice.act)],
                notes: Vec::new(),
            })
        }
        Phase::Work { rolled: true, .. } => {
            let plan =
                crate::bots::suggest_work(at, seed, stop).map_err(|e| plan_refusal(tr, &e))?;
            let mut notes = Vec::new();
            if let Some(g) = gains::plan_brings(tr, at, &plan.steps) {
                notes.push(tr.t_args("suggest-brings", &[("gains", g.into())]));
            }
            if plan.then_ask_again {
                notes.push(tr.t("suggest-again"));
            }
            Ok(Suggestion {
                version,
                title: tr.t_args(
                    "suggest-title",
                    &[("gain", format!("{:+.1}", plan.gain).into())],
                ),
                hint: work_hint(tr, &plan),
                // Each step said on the game as the steps before leave it.
                steps: words::acts_in_order(tr, at, &plan.steps)
                    .into_iter()
                    .zip(&plan.steps)
                    .map(|(label, act)| ActionView {
                        group: String::new(),
                        label,
                        act: act.clone(),
                    })
                    .collect(),
                notes,
            })
        }
        _ => Err(tr.t("suggest-nothing")),
    }
}

/// Why no plan was found, in `tr`'s language.
pub fn plan_refusal(tr: &Tr, e: &crate::planner::PlanError) -> String {
    match e {
        crate::planner::PlanError::NotWorking => tr.t("suggest-nothing"),
        crate::planner::PlanError::Stuck(e) => crate::i18n::words::refusal(tr, e),
    }
}

/// What a work phase's estimate is, in `tr`'s language: the positions searched, and in a solo
/// game the plans it was chosen among, played ahead in worlds drawn from what the player knows.
pub fn work_hint(tr: &Tr, plan: &crate::planner::Plan) -> String {
    let hint = tr.t_args(
        "suggest-title-hint",
        &[("positions", plan.positions.into())],
    );
    if plan.weighed < 2 {
        return hint;
    }
    let weighed = tr.t_args(
        "suggest-work-weighed-hint",
        &[
            ("plans", plan.weighed.into()),
            ("rounds", plan.rounds.into()),
            ("games", plan.worlds.into()),
        ],
    );
    format!("{hint} {weighed}")
}

/// What a market choice's estimate is, in `tr`'s language: rounds played ahead in worlds drawn
/// from what the player knows, the next work phase on a few rolls, or the position alone.
pub fn market_hint(tr: &Tr, choice: &crate::bots::MarketChoice) -> String {
    if choice.rounds > 1 {
        tr.t_args(
            "suggest-market-ahead-hint",
            &[
                ("rounds", choice.rounds.into()),
                ("games", choice.rolls.into()),
            ],
        )
    } else if choice.rolls > 0 {
        tr.t_args("suggest-market-hint", &[("rolls", choice.rolls.into())])
    } else {
        tr.t("suggest-market-plain-hint")
    }
}
