//! A game open in the window or the terminal: a client of the game's authority ([`Table`]),
//! which writes every accepted action to the journal file (atomically) before anyone shows it,
//! so killing the program at any moment loses nothing; undo and redo move along the journal.
//! [`recorder`] keeps every game played in the history as it is played.

#[cfg(not(target_arch = "wasm32"))]
pub mod recorder;

use crate::engine::known::Source;
use crate::engine::{Act, Action, Events, Game, Inputs, RuleError, Setup};
use crate::net::{SeatKeys, Table};
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

/// The window's game: a client of its [`Table`], the one authority that writes the journal,
/// served to devices or not (the devices' actions, the window's, undo and redo all go through
/// its lock).
pub struct Session {
    /// The authority: every change of the game is its.
    table: Arc<Table>,
    /// The game itself (every card told included): what the history records.
    truth: Rc<Game>,
    /// What this window shows and chooses on: the game, with the cards players told their
    /// own devices counted as hidden (`Game::seen_by`); the game itself when none are. Shared
    /// with the screen, which draws from it every frame without copying it.
    shown: Rc<Game>,
    path: PathBuf,
    /// Actions undone, most recent last, each with the inputs it had.
    redo: Vec<Action>,
    /// The table's changes last taken (private ones included).
    seen: u64,
    /// Served to the players' devices (*Invite players*).
    served: bool,
}

impl Session {
    fn with_table(table: Table, path: PathBuf) -> Session {
        let game = table.game();
        let seen = table.changes();
        Session {
            shown: shown(&game),
            truth: Rc::new(game),
            table: Arc::new(table),
            path,
            redo: Vec::new(),
            seen,
            served: false,
        }
    }

    /// A new game written to `path` at once (so it can be resumed even before its first move).
    pub fn start(setup: Setup, path: PathBuf) -> Result<Session, SessionError> {
        let game = Game::new(setup)?;
        store::save_game(&path, &game)?;
        let n = game.setup().players.len();
        let table = Table::new(game, Some(path.clone()), SeatKeys::new(n));
        Ok(Session::with_table(table, path))
    }

    /// The game saved at `path`.
    pub fn resume(path: &Path) -> Result<Session, SessionError> {
        // The keys kept say which seats were played on devices.
        let table = Table::open_unserved(path, SeatKeys::read_for(path))?;
        Ok(Session::with_table(table, path.to_path_buf()))
    }

    /// Serves this game to the players' devices: from now on the devices act on it too. The
    /// links are kept beside the journal.
    pub fn host(&mut self) -> Result<Arc<Table>, SessionError> {
        if !self.served {
            let keys = SeatKeys::kept_for(&self.path, self.truth.setup().players.len())?;
            self.table.update_keys(|k| *k = keys)?;
            self.served = true;
        }
        Ok(Arc::clone(&self.table))
    }

    /// The table this game is served from, if it is.
    pub fn hosted(&self) -> Option<&Arc<Table>> {
        self.served.then_some(&self.table)
    }

    /// Takes the table's changes made elsewhere (the devices' actions): whether there were
    /// any.
    pub fn sync(&mut self) -> bool {
        let now = self.table.changes();
        if now == self.seen {
            return false;
        }
        self.seen = now;
        let game = self.table.game();
        self.set(game);
        self.redo.clear();
        true
    }

    /// The table's public version: an answer worked out on an older one (a bot's, the
    /// planner's) is for a position that is gone.
    pub fn version(&self) -> u64 {
        self.table.version()
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
        self.table.is_opened(seat)
    }

    /// Applies `act` (with `inputs` unless the generator supplies them) through the table,
    /// which writes the journal before anything else sees it. A refusal or a failed write
    /// changes nothing.
    pub fn act(
        &mut self,
        act: Act,
        inputs: Inputs,
        source: Source,
    ) -> Result<Events, SessionError> {
        let (events, game) = self.table.act_as_host(act, inputs, source)?;
        self.seen = self.table.changes();
        self.set(game);
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
    /// included. Nothing to undo is `Ok(None)`. Done in the table's lock, on the game this
    /// window showed: when a device acted meanwhile, nothing is taken back and the window
    /// takes the new game.
    pub fn undo(&mut self) -> Result<Option<Action>, SessionError> {
        let len = self.truth.journal().len();
        if len == 0 {
            return Ok(None);
        }
        if len <= self.truth.undo_floor() {
            return Err(SessionError::UndoStops(len - 1));
        }
        match self.table.undo_host(self.seen) {
            Ok((last, game)) => {
                self.seen = self.table.changes();
                self.set(game);
                self.redo.push(last.clone());
                Ok(Some(last))
            }
            Err(e) => {
                self.sync();
                Err(e.into())
            }
        }
    }

    /// Plays the last undone action again, exactly as it was (same dice, same cards), and
    /// returns it.
    pub fn redo(&mut self) -> Result<Option<Action>, SessionError> {
        let Some(action) = self.redo.last().cloned() else {
            return Ok(None);
        };
        match self.table.redo_host(action.clone(), self.seen) {
            Ok(game) => {
                self.seen = self.table.changes();
                self.set(game);
                self.redo.pop();
                Ok(Some(action))
            }
            Err(e) => {
                self.sync();
                Err(e.into())
            }
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
