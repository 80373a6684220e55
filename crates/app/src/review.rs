//! The review after a game: [`review`] (the planner crate's `review`) weighs each choice a
//! seat made; this says it in the interface's language. The window's review on the final
//! score, a phone's (*Review my game*) and `foreman review FILE` read the same lines.

use crate::engine::{Act, Action, Game, Setup};
use crate::i18n::{Tr, journal, words};
pub use foreman_planner::review::{Moment, Review, ReviewError, Stage, Step, review};
use serde::{Deserialize, Serialize};

/// What a line is about (the window and the phone colour them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A choice as good as the planner's, or close to it (or not weighed).
    Agreed,
    /// A choice that cost half a point or more by the planner's measure.
    Cost,
    /// The Machine's turn, beside the player's.
    Machine,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Line {
    pub kind: Kind,
    pub text: String,
    /// More: the steps of a work phase, the planner's plan (a tooltip in the window).
    pub detail: Option<String>,
}

/// A review in words (sent as it is to a phone, and from the browser's worker).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Said {
    pub title: String,
    /// How the choices are weighed.
    pub measure: String,
    pub total: String,
    /// The three costliest choices, costliest first.
    pub biggest: Vec<String>,
    /// Each round: its heading and its lines.
    pub rounds: Vec<(String, Vec<Line>)>,
}

/// Points as a player reads them: one decimal, with the language's decimal mark.
fn points(tr: &Tr, p: f64) -> String {
    let s = format!("{:.1}", shown(p));
    match tr.lang() {
        crate::i18n::Lang::En => s,
        _ => s.replace('.', ","),
    }
}

/// A cost as the lines say it: to one decimal, nothing below [`AGREED`].
fn shown(p: f64) -> f64 {
    if p < AGREED {
        0.0
    } else {
        (p * 10.0).round() / 10.0
    }
}

/// Below this a choice counts as the planner's own (the measure's noise).
const AGREED: f64 = 0.05;

/// From this a choice's line is marked as one that cost points (below it, the cost is said
/// but not marked: half a point is within what the measure can tell).
const MARKED: f64 = 0.5;

/// The review of `review.seat` in the game of `setup` and `journal`, said in `tr`'s language.
pub fn say(tr: &Tr, setup: &Setup, journal: &[Action], review: &Review) -> Said {
    let seat = review.seat;
    let start = Game::replay(setup.clone(), Vec::new()).ok();
    let player = start
        .as_ref()
        .map(|g| words::player_name(tr, g, seat))
        .unwrap_or_default();
    let machine = start.map_or_else(Vec::new, |g| machine_lines(tr, g, journal, review));
    let mut rounds = Vec::new();
    for round in review.rounds() {
        let mut lines = Vec::new();
        for m in review.moments.iter().filter(|m| m.round == round) {
            lines.push(moment_line(tr, m));
        }
        for (r, text) in &machine {
            if *r == round {
                lines.push(Line {
                    kind: Kind::Machine,
                    text: text.clone(),
                    detail: None,
                });
            }
        }
        rounds.push((tr.t_args("review-round", &[("round", round.into())]), lines));
    }
    let biggest = review
        .biggest(3)
        .into_iter()
        .map(|m| biggest_line(tr, m))
        .collect();
    Said {
        title: tr.t_args("review-title", &[("player", player.clone().into())]),
        measure: tr.t_args("review-measure", &[("player", player.into())]),
        total: if review.moments.is_empty() {
            tr.t("review-none")
        } else {
            // The lines' costs as they are said, added up: the total is their sum to the
            // decimal (a trial added the rounds and found 16.9 against "about 16.7").
            let total: f64 = review.moments.iter().map(|m| shown(m.cost())).sum();
            tr.t_args("review-total", &[("points", points(tr, total).into())])
        },
        biggest,
        rounds,
    }
}

/// A step in words, on the position it was played from.
fn step_said(tr: &Tr, before: &Game, act: &Act) -> String {
    words::suggested_act(tr, before, act)
}

/// What the seat played in a moment, its steps in order.
fn played(tr: &Tr, m: &Moment) -> String {
    m.steps
        .iter()
        .map(|s| step_said(tr, &s.before, &s.act))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The planner's choice (market) or plan (work) from the moment's first position.
fn bots_play(tr: &Tr, m: &Moment) -> String {
    let Some(before) = m.before() else {
        return String::new();
    };
    words::acts_in_order(tr, before, &m.bot).join("; ")
}

fn moment_line(tr: &Tr, m: &Moment) -> Line {
    let cost = m.cost();
    let play = played(tr, m);
    let not_weighed = m.steps.iter().any(|s| !s.judged);
    let mut text = match (m.stage, cost >= AGREED) {
        (Stage::Market, false) => tr.t_args("review-market-same", &[("played", play.into())]),
        (Stage::Market, true) => tr.t_args(
            "review-market-other",
            &[
                ("played", play.into()),
                ("best", bots_play(tr, m).into()),
                ("points", points(tr, cost).into()),
            ],
        ),
        (Stage::Work, false) => tr.t_args("review-work-same", &[("played", play.into())]),
        (Stage::Work, true) => tr.t_args(
            "review-work",
            &[("played", play.into()), ("points", points(tr, cost).into())],
        ),
    };
    if not_weighed {
        text.push(' ');
        text.push_str(&tr.t("review-not-weighed"));
    }
    let detail = match (m.stage, m.worst()) {
        (Stage::Work, Some(s)) if cost >= AGREED => Some(worst_step(tr, s)),
        _ => None,
    };
    Line {
        kind: if cost >= MARKED {
            Kind::Cost
        } else {
            Kind::Agreed
        },
        text,
        detail,
    }
}

/// The costliest step of a work phase: what was played there, what the planner would have.
fn worst_step(tr: &Tr, s: &Step) -> String {
    let best = s
        .best
        .as_ref()
        .map(|b| step_said(tr, &s.before, b))
        .unwrap_or_default();
    tr.t_args(
        "review-work-slip",
        &[
            ("played", step_said(tr, &s.before, &s.act).into()),
            ("best", best.into()),
            ("points", points(tr, s.cost).into()),
        ],
    )
}

/// One of the costliest moments: a market choice against the planner's, or a work phase's
/// cost in all with its costliest step (a trial read a phase's cost beside one step as that
/// step's).
fn biggest_line(tr: &Tr, m: &Moment) -> String {
    match (m.stage, m.worst()) {
        (Stage::Work, Some(s)) => tr.t_args(
            "review-biggest-work",
            &[
                ("round", m.round.into()),
                ("points", points(tr, m.cost()).into()),
                ("played", step_said(tr, &s.before, &s.act).into()),
                (
                    "best",
                    s.best
                        .as_ref()
                        .map(|b| step_said(tr, &s.before, b))
                        .unwrap_or_default()
                        .into(),
                ),
                ("step", points(tr, s.cost).into()),
            ],
        ),
        _ => tr.t_args(
            "review-biggest-market",
            &[
                ("round", m.round.into()),
                ("points", points(tr, m.cost()).into()),
                ("played", played(tr, m).into()),
                ("best", bots_play(tr, m).into()),
            ],
        ),
    }
}

/// The Machine's turns in words, each with its round: its line and its events, as the log
/// says them to the seat reviewed (the Machine's turn is public), `game` replayed from its start.
fn machine_lines(
    tr: &Tr,
    mut game: Game,
    journal: &[Action],
    review: &Review,
) -> Vec<(u32, String)> {
    let Some(&(_, last)) = review.machine.last() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, action) in journal.iter().enumerate().take(last + 1) {
        let turn = review.machine.iter().find(|m| m.1 == i);
        let before = turn.map(|_| game.clone());
        let Ok(events) = game.apply(action.clone()) else {
            break;
        };
        if let (Some((round, _)), Some(before)) = (turn, before) {
            // Its events say it whole ("The Machine rolled …", "The Machine took …"); the
            // head line alone when it had none.
            let said: Vec<String> = journal::events(tr, &game, &events)
                .iter()
                .map(|e| e.for_seat(Some(review.seat)).trim().to_string())
                .collect();
            let text = if said.is_empty() {
                journal::head(tr, &before, action)
                    .for_seat(Some(review.seat))
                    .to_string()
            } else {
                said.join(" ")
            };
            out.push((*round, text));
        }
    }
    out
}

/// The review as the command line prints it.
pub fn as_text(tr: &Tr, said: &Said) -> String {
    let mut out = format!("{}\n{}\n\n{}\n", said.title, said.measure, said.total);
    if !said.biggest.is_empty() {
        out.push_str(&format!("\n{}\n", tr.t("review-biggest")));
        for (i, b) in said.biggest.iter().enumerate() {
            out.push_str(&format!("  {}. {b}\n", i + 1));
        }
    }
    for (heading, lines) in &said.rounds {
        out.push_str(&format!("\n{heading}\n"));
        for l in lines {
            out.push_str(&format!("  {}\n", l.text));
            if let Some(d) = &l.detail {
                out.push_str(&format!("    {d}\n"));
            }
        }
    }
    out
}
