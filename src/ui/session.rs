//! A game open in the window: the engine's [`Game`] plus its journal file. Every accepted
//! action is written to disk (atomically) before the window shows it, so killing the program
//! at any moment loses nothing; undo and redo move along the journal.

use crate::engine::{Act, Action, Events, Game, Inputs, RuleError, Setup};
use crate::net::{SeatKeys, Source, Table};
use crate::store::{self, StoreError};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum SessionError {
    #[error("{0}")]
    Rule(#[from] RuleError),
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("the game could not be rebuilt at action {index}: {source}")]
    Replay { index: usize, source: RuleError },
    /// Undo reached an action that revealed hidden information in a digital game (its index
    /// in the journal): taking it back would show what is hidden (docs/rules.md, Undo).
    #[error("undo stops at action {0}: it revealed a card or dice")]
    UndoStops(usize),
    /// Served to the players' devices, the game could not take the action.
    #[error("{0}")]
    Served(crate::net::Refusal),
}

impl From<crate::net::Refusal> for SessionError {
    fn from(r: crate::net::Refusal) -> SessionError {
        match r {
            crate::net::Refusal::Rule(e) => SessionError::Rule(e),
            crate::net::Refusal::Store(e) => SessionError::Store(e),
            other => SessionError::Served(other),
        }
    }
}

/// Where an action's dice faces come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputSource {
    /// Everything from the game's seeded generator (digital tabletop).
    Digital,
    /// Cards given by the players, dice from the game's generator.
    VirtualDice,
    /// Cards and dice given by the players.
    Given,
}

pub struct Session {
    /// The game itself (every card told included): what is played on, saved and served.
    truth: Rc<Game>,
    /// What this window shows and chooses on: the game, with the cards players told their
    /// own devices counted as hidden (`Game::seen_by`); the game itself when none are. Shared
    /// with the screen, which draws from it every frame without copying it.
    shown: Rc<Game>,
    path: PathBuf,
    /// Actions undone, most recent last, each with the inputs it had.
    redo: Vec<Action>,
    /// Served to the players' devices: the table is then the authority, and this window
    /// one of its screens (the version last taken from it).
    hosted: Option<(Arc<Table>, u64)>,
    /// The seats a device played before this window opened the game (kept with its keys).
    played: Vec<bool>,
}

impl Session {
    /// A new game written to `path` at once (so it can be resumed even before its first move).
    pub fn start(setup: Setup, path: PathBuf) -> Result<Session, SessionError> {
        let game = Game::new(setup)?;
        store::save_game(&path, &game)?;
        Ok(Session {
            shown: shown(&game),
            truth: Rc::new(game),
            path,
            redo: Vec::new(),
            hosted: None,
            played: Vec::new(),
        })
    }

    /// The game saved at `path`.
    pub fn resume(path: &Path) -> Result<Session, SessionError> {
        let game = store::load_game(path)?;
        Ok(Session {
            shown: shown(&game),
            truth: Rc::new(game),
            path: path.to_path_buf(),
            redo: Vec::new(),
            hosted: None,
            played: SeatKeys::read_for(path)
                .map(|k| k.played)
                .unwrap_or_default(),
        })
    }

    /// Serves this game to the players' devices: from now on every action, this window's
    /// and the devices', goes through the table (the same journal file). The links are kept
    /// beside the journal.
    pub fn host(&mut self) -> Result<Arc<Table>, SessionError> {
        if let Some((table, _)) = &self.hosted {
            return Ok(Arc::clone(table));
        }
        let keys = SeatKeys::kept_for(&self.path, self.truth.setup().players.len())?;
        let table = Arc::new(Table::new(
            Game::clone(&self.truth),
            Some(self.path.clone()),
            keys,
        ));
        self.hosted = Some((Arc::clone(&table), table.changes()));
        Ok(table)
    }

    /// The table this game is served from, if it is.
    pub fn hosted(&self) -> Option<&Arc<Table>> {
        self.hosted.as_ref().map(|(t, _)| t)
    }

    /// Takes the served game's changes (the devices' actions): whether there were any.
    pub fn sync(&mut self) -> bool {
        let Some((table, seen)) = &mut self.hosted else {
            return false;
        };
        let now = table.changes();
        if now == *seen {
            return false;
        }
        *seen = now;
        let game = table.game();
        self.set(game);
        self.redo.clear();
        true
    }

    /// The game itself, every card told included (the history records it).
    pub fn truth(&self) -> &Game {
        &self.truth
    }

    /// The game as the shared screen shows it (told cards hidden).
    pub fn game(&self) -> &Game {
        &self.shown
    }
    /// The game as shown, to keep while acting on the session (a frame draws from it).
    pub fn shared(&self) -> Rc<Game> {
        Rc::clone(&self.shown)
    }

    /// Makes `game` the current game.
    fn set(&mut self, game: Game) {
        let game = Rc::new(game);
        self.shown = match game.seen_by(None) {
            Some(g) => Rc::new(g),
            None => Rc::clone(&game),
        };
        self.truth = game;
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether a device has played `seat` of this game (now, or before the window was started
    /// again): its hand is its player's own.
    pub fn played_on_a_device(&self, seat: usize) -> bool {
        match &self.hosted {
            Some((table, _)) => table.is_opened(seat),
            None => self.played.get(seat).copied().unwrap_or(false),
        }
    }

    /// Applies `act` (with `inputs` unless the generator supplies them), writes the journal,
    /// and only then makes it the current game. A refusal or a failed write changes nothing.
    pub fn act(
        &mut self,
        act: Act,
        inputs: Inputs,
        source: InputSource,
    ) -> Result<Events, SessionError> {
        if let Some((table, seen)) = &mut self.hosted {
            let source = match source {
                InputSource::Digital => Source::Digital,
                InputSource::VirtualDice => Source::VirtualDice,
                InputSource::Given => Source::Given,
            };
            let (events, game) = table.act_as_host(act, inputs, source)?;
            *seen = table.changes();
            self.set(game);
            self.redo.clear();
            return Ok(events);
        }
        let mut next = Game::clone(&self.truth);
        let events = match source {
            InputSource::Digital => next.apply_digital(act)?,
            InputSource::VirtualDice => {
                next.apply_virtual_dice(Action::with_inputs(act, inputs))?
            }
            InputSource::Given => next.apply(Action::with_inputs(act, inputs))?,
        };
        store::save_game(&self.path, &next)?;
        self.set(next);
        self.redo.clear();
        Ok(events)
    }

    pub fn can_undo(&self) -> bool {
        self.truth.journal().len() > self.truth.undo_floor()
    }

    /// Where undo stops, when it does: the index of the action that revealed hidden
    /// information (a digital game's last draw, reveal or roll).
    pub fn undo_stop(&self) -> Option<usize> {
        self.truth.undo_floor().checked_sub(1)
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last action, and returns it; in a digital game, not one that revealed a
    /// card or dice ([`Game::undo_floor`]); in a companion game anything, the opening deal
    /// included. Nothing to undo is `Ok(None)`.
    pub fn undo(&mut self) -> Result<Option<Action>, SessionError> {
        let len = self.truth.journal().len();
        let Some(last) = self.truth.journal().last().cloned() else {
            return Ok(None);
        };
        if len <= self.truth.undo_floor() {
            return Err(SessionError::UndoStops(len - 1));
        }
        let previous = self
            .truth
            .truncate(len - 1)
            .map_err(|(index, source)| SessionError::Replay { index, source })?;
        store::save_game(&self.path, &previous)?;
        self.serve(&previous);
        self.set(previous);
        self.redo.push(last.clone());
        Ok(Some(last))
    }

    /// Plays the last undone action again, exactly as it was (same dice, same cards), and
    /// returns it.
    pub fn redo(&mut self) -> Result<Option<Action>, SessionError> {
        let Some(action) = self.redo.last().cloned() else {
            return Ok(None);
        };
        let mut next = Game::clone(&self.truth);
        next.apply(action.clone())?;
        store::save_game(&self.path, &next)?;
        self.serve(&next);
        self.set(next);
        self.redo.pop();
        Ok(Some(action))
    }

    /// An undo or a redo, told to the devices.
    fn serve(&mut self, game: &Game) {
        if let Some((table, seen)) = &mut self.hosted {
            if let Err(e) = table.replace(game.clone()) {
                tracing::warn!("the devices were not told of the undo: {e}");
            }
            *seen = table.changes();
        }
    }

    /// Saves a copy of the game elsewhere (the journal keeps going to its own file).
    pub fn save_copy(&self, path: &Path) -> Result<(), SessionError> {
        store::save_game(path, &self.truth)?;
        Ok(())
    }
}

/// The game as a shared screen shows it.
fn shown(game: &Game) -> Rc<Game> {
    Rc::new(game.seen_by(None).unwrap_or_else(|| game.clone()))
}
