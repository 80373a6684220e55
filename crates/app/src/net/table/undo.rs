//! Taking back an action asked from a phone: the player asks for their own last public
//! action; online every other seat agrees (one tap each), at a table with a window the table
//! screen does; a refusal, or any public action, ends the request. Cards told in private since
//! are told again where they still can be.

use super::{Inner, Refusal, Table, tr};
use crate::engine::Known;
use crate::i18n::{Lang, Tr, words};

/// A seat's request to take back its own last action, and who agreed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoAsk {
    pub seat: usize,
    /// The journal's length when it was asked: the action to take back is the last one.
    pub at: usize,
    /// The action's words in each language ([`Lang::ALL`]'s order), as a shared screen
    /// says them.
    pub words: Vec<String>,
    /// The seats that agreed (online, every other seat must).
    pub agreed: Vec<bool>,
}

/// How a request to take back ended: taken back, or refused by a seat (`None`: the table
/// screen).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoDone {
    pub seat: usize,
    pub words: Vec<String>,
    pub refused: Option<Option<usize>>,
}

impl UndoDone {
    /// What every screen says of it.
    pub fn say(&self, tr: &Tr, known: &Known) -> String {
        let i = Lang::ALL.iter().position(|&l| l == tr.lang()).unwrap_or(0);
        let what = self.words.get(i).cloned().unwrap_or_default();
        let name = words::player_name(tr, known.game(), self.seat);
        match self.refused {
            None => tr.t_args(
                "web-undo-taken",
                &[("name", name.into()), ("what", what.into())],
            ),
            Some(by) => {
                let by = by.map_or_else(
                    || tr.t("web-undo-table"),
                    |s| words::player_name(tr, known.game(), s),
                );
                tr.t_args(
                    "web-undo-refused",
                    &[("by", by.into()), ("what", what.into())],
                )
            }
        }
    }
}

impl Table {
    /// `seat` asks to take back its own last action (a device's *Take back*): the host's
    /// window, or online every other seat, agrees.
    pub fn ask_undo(&self, seat: Option<usize>) -> Result<(), Refusal> {
        let Some(seat) = seat else {
            return Err(Refusal::Spectator);
        };
        let mut inner = self.lock();
        let Some((at, who)) = inner.last else {
            return Err(Refusal::NothingToTakeBack);
        };
        if at < inner.game.undo_floor() || inner.game.state().is_over() {
            return Err(Refusal::NothingToTakeBack);
        }
        if who != Some(seat) {
            return Err(Refusal::NotYourLast);
        }
        let before = inner.game.truncate(at).map_err(|(_, e)| Refusal::Rule(e))?;
        let act = inner.game.journal()[at].act.clone();
        let shown = before.known_to(None);
        let words = Lang::ALL
            .iter()
            .map(|&l| words::act(tr(l), shown.game(), &act))
            .collect();
        let mut agreed = vec![false; inner.game.setup().players.len()];
        agreed[seat] = true;
        inner.undo = Some(UndoAsk {
            seat,
            at,
            words,
            agreed,
        });
        inner.settle_undo()?;
        self.tell(inner);
        Ok(())
    }

    /// `seat` agrees to the action taken back that another seat asked for (or not: the
    /// request goes); `host`: the host's window, whose word settles it alone.
    pub fn answer_undo(&self, seat: Option<usize>, yes: bool, host: bool) -> Result<(), Refusal> {
        let mut inner = self.lock();
        let Some(ask) = inner.undo.as_mut() else {
            return Err(Refusal::NoUndoAsked);
        };
        if !host && (seat.is_none() || seat == Some(ask.seat)) {
            return Err(Refusal::NotYourTurn);
        }
        if !yes {
            let refused = if host { None } else { seat };
            inner.undo_done = inner.undo.take().map(|ask| UndoDone {
                seat: ask.seat,
                words: ask.words,
                refused: Some(refused),
            });
        } else if host {
            ask.agreed.iter_mut().for_each(|a| *a = true);
        } else if let Some(a) = seat.and_then(|s| ask.agreed.get_mut(s)) {
            *a = true;
        }
        inner.settle_undo()?;
        self.tell(inner);
        Ok(())
    }

    /// A request to take an action back, if one waits.
    pub fn undo_asked(&self) -> Option<UndoAsk> {
        self.lock().undo.clone()
    }
}

impl Inner {
    /// Takes the action back once every seat agreed (the host's window for all of them).
    /// Whether it was.
    pub(super) fn settle_undo(&mut self) -> Result<bool, Refusal> {
        let Some(ask) = &self.undo else {
            return Ok(false);
        };
        if self.last.map(|(i, _)| i) != Some(ask.at) {
            self.undo = None;
            return Ok(false);
        }
        if !ask.agreed.iter().all(|&a| a) {
            return Ok(false);
        }
        // The journal without that action; the cards told in private since are told again
        // where they still can be.
        let journal = self.game.journal();
        let mut previous = self
            .game
            .truncate(ask.at)
            .map_err(|(_, e)| Refusal::Rule(e))?;
        for action in &journal[ask.at + 1..] {
            if action.act.is_private() && previous.apply(action.clone()).is_err() {
                tracing::info!("a card told is hidden again after an action was taken back");
            }
        }
        let done = self.undo.take().map(|ask| UndoDone {
            seat: ask.seat,
            words: ask.words,
            refused: None,
        });
        self.set_game(previous)?;
        self.undo_done = done;
        Ok(true)
    }
}
