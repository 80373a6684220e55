//! "What happened", line by line: an action of the journal and its events in a language. The
//! window's log (`ui::log`) and each seat's screen (`net`) say the same lines; a card drawn in
//! secret is named only to the one who drew it.

use super::{Tr, words};
use crate::engine::{Act, Action, Event, Game};

/// One line of the log. A card drawn (`Event::Drew`) is named only for its drawer: everyone
/// else reads `secret`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    /// For whom the line is a secret, and what the others read instead.
    pub secret: Option<(usize, String)>,
    /// A line of a private action (a card told or taken back): another seat's screen does
    /// not show it at all (it would say that something was told), nor does the shared table
    /// screen when it was told on the seat's own device; told on the shared screen itself, it
    /// reads `secret` there.
    pub private: bool,
}

impl Line {
    /// The line as `seat` may read it (`None`: a spectator, or a screen shared by everyone).
    pub fn for_seat(&self, seat: Option<usize>) -> &str {
        match &self.secret {
            Some((drawer, other)) if Some(*drawer) != seat => other,
            _ => &self.text,
        }
    }

    /// The line as a seat's own screen shows it: `None` when it is another seat's private
    /// line.
    pub fn on_seat(&self, seat: Option<usize>) -> Option<&str> {
        match &self.secret {
            Some((owner, _)) if self.private && Some(*owner) != seat => None,
            _ => Some(self.for_seat(seat)),
        }
    }
}

/// The first line of `action`, said on the game `before` it: "who: what".
pub fn head(tr: &Tr, before: &Game, action: &Action) -> Line {
    let who = actor(tr, before, &action.act);
    let what = words::act(tr, before, &action.act);
    let line = |what: String| match &who {
        Some(who) => tr.t_args(
            "log-line",
            &[("who", who.clone().into()), ("what", what.into())],
        ),
        None => what,
    };
    match action.act {
        // A card told in private is named to its teller only.
        Act::Tell { player, card } => Line {
            text: line(tr.t_args(
                "act-tell-card",
                &[("card", words::card_name(tr, card).into())],
            )),
            secret: Some((usize::from(player), line(what))),
            private: true,
        },
        Act::Untell { player, card } => Line {
            text: line(tr.t_args(
                "act-untell-card",
                &[("card", words::card_name(tr, card).into())],
            )),
            secret: Some((usize::from(player), line(what))),
            private: true,
        },
        _ => Line {
            text: line(what),
            secret: None,
            private: false,
        },
    }
}

/// The lines of an action's `events`, said on the game `after` it, each indented.
pub fn events(tr: &Tr, after: &Game, events: &[Event]) -> Vec<Line> {
    let mut out = Vec::new();
    for e in events {
        let Some(text) = words::event(tr, after, e) else {
            continue;
        };
        let secret = match e {
            Event::Drew { player, .. } => {
                let name = words::player_name(tr, after, *player);
                let other = tr.t_args("ev-drew-secret", &[("name", name.into())]);
                Some((*player, format!("    {other}")))
            }
            _ => None,
        };
        out.push(Line {
            text: format!("    {text}"),
            secret,
            private: false,
        });
    }
    out
}

/// Who takes `act` now: a player's name, the Machine, or nobody (the deal).
fn actor(tr: &Tr, game: &Game, act: &Act) -> Option<String> {
    match act {
        // The table turns to a player: said on its own ("Chloé works now").
        Act::Deal | Act::Switch { .. } => None,
        Act::MachineTurn => Some(tr.t("machine")),
        Act::Tell { player, .. } | Act::Untell { player, .. } => {
            Some(words::player_name(tr, game, usize::from(*player)))
        }
        _ => game
            .state()
            .current_player()
            .map(|p| words::player_name(tr, game, p)),
    }
}
