//! A served game's log, kept in the four languages as actions are played: each seat reads
//! the lines it may (a card drawn in secret is named only to its drawer; a card told in
//! private, or taken back, only to its teller, and another seat's screen has no line for it).

use super::table::tr;
use crate::engine::{Action, Events, Game};
use crate::i18n::journal::{self, Line};
use crate::i18n::{Lang, Tr};

/// How many lines of the log a view carries (the newest the seat may read).
pub const LOG_LINES: usize = 60;

#[derive(Debug, Clone, Default)]
pub struct Logs {
    /// The lines in each language ([`Lang::ALL`]'s order).
    lines: Vec<Vec<Line>>,
    /// The round the last heading named.
    round: Option<u32>,
}

impl Logs {
    /// The whole log of `game`, from its journal (one replay); `seen` is shown each action
    /// with the game before it and its place in the journal.
    pub fn of(game: &Game, mut seen: impl FnMut(&Game, usize, &Action)) -> Logs {
        let mut logs = Logs {
            lines: vec![Vec::new(); Lang::ALL.len()],
            round: None,
        };
        let Ok(mut replay) = Game::replay(game.setup().clone(), Vec::new()) else {
            return logs;
        };
        for (i, action) in game.journal().iter().enumerate() {
            seen(&replay, i, action);
            // The heads are said on the game before the action, the events after it (no copy
            // of the game an action).
            let round = replay.state().round;
            let heads = Logs::heads(&replay, action);
            let Ok(events) = replay.apply(action.clone()) else {
                break;
            };
            logs.add(round, action, heads, &replay, &events);
        }
        logs
    }

    /// An action's first line in each language, said on the game `before` it.
    pub fn heads(before: &Game, action: &Action) -> Vec<Line> {
        Lang::ALL
            .iter()
            .map(|&l| journal::head(tr(l), before, action))
            .collect()
    }

    /// An action's lines: its `heads` (said before it, in `round`), then its events, said on
    /// the game `after` it.
    pub fn add(
        &mut self,
        round: u32,
        action: &Action,
        heads: Vec<Line>,
        after: &Game,
        events: &Events,
    ) {
        // A private line never opens a round's heading: another seat would see it early.
        let private = action.act.is_private();
        let heading = !private && self.round != Some(round);
        for ((i, &l), head) in Lang::ALL.iter().enumerate().zip(heads) {
            let tr = tr(l);
            let lines = &mut self.lines[i];
            if heading {
                lines.push(round_line(tr, round));
            }
            lines.push(head);
            lines.extend(journal::events(tr, after, events));
        }
        if !private {
            self.round = Some(round);
        }
    }

    /// Where the log ends now, to go back to if what follows is not kept.
    pub fn mark(&self) -> (Vec<usize>, Option<u32>) {
        (self.lines.iter().map(Vec::len).collect(), self.round)
    }

    /// Back to `mark` (an action refused, or not written).
    pub fn rollback(&mut self, mark: (Vec<usize>, Option<u32>)) {
        for (lines, len) in self.lines.iter_mut().zip(mark.0) {
            lines.truncate(len);
        }
        self.round = mark.1;
    }

    /// The last [`LOG_LINES`] lines `seat` may read, in `lang`.
    pub fn for_seat(&self, lang: Lang, seat: Option<usize>) -> Vec<String> {
        let i = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        let mut out: Vec<String> = self.lines[i]
            .iter()
            .rev()
            .filter_map(|l| l.on_seat(seat))
            .take(LOG_LINES)
            .map(str::to_string)
            .collect();
        out.reverse();
        out
    }
}

/// A round's heading in the log.
fn round_line(tr: &Tr, round: u32) -> Line {
    Line {
        text: if round == 0 {
            tr.t("log-deal")
        } else {
            tr.t_args("log-round", &[("round", round.into())])
        },
        secret: None,
        private: false,
    }
}
