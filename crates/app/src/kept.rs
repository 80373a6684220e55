//! The games beside Fantastic Factories (Traumfabrik, Little Factory) kept as they are played:
//! each action applied is written to the game's file at once (atomically: a crash leaves the
//! last whole save), undo takes the last action back and writes that too. The same shell for
//! every game: its rules are a [`foreman_journal::Rules`].

use crate::store::{StoreError, write_atomic};
use foreman_journal::{Journaled, LoadError, Rules};
use std::path::{Path, PathBuf};

/// A game and the file it is kept in.
#[derive(Debug, Clone)]
pub struct Kept<R: Rules> {
    pub game: Journaled<R>,
    path: PathBuf,
}

/// Why an action was not kept.
#[derive(Debug, thiserror::Error)]
pub enum KeptError<E: std::fmt::Display + std::fmt::Debug> {
    /// The rules refuse it: nothing changed.
    #[error("{0}")]
    Refused(E),
    /// It was played, but the file could not be written.
    #[error("{0}")]
    Save(StoreError),
}

/// Why a kept game cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError<E: std::fmt::Display + std::fmt::Debug> {
    #[error("{0}")]
    Read(StoreError),
    #[error("{path}: {source}")]
    Load { path: PathBuf, source: LoadError<E> },
}

impl<R: Rules> Kept<R> {
    /// A new game from `setup`, written to `path` at once.
    pub fn start(setup: R::Setup, path: &Path) -> Result<Self, KeptError<R::Error>> {
        let game = Journaled::new(setup).map_err(KeptError::Refused)?;
        let kept = Kept {
            game,
            path: path.to_path_buf(),
        };
        kept.write().map_err(KeptError::Save)?;
        Ok(kept)
    }

    /// The game kept at `path`.
    pub fn open(path: &Path) -> Result<Self, OpenError<R::Error>> {
        let text = crate::store::disk::read_to_string(path).map_err(|source| {
            OpenError::Read(StoreError::Read {
                path: path.to_path_buf(),
                source,
            })
        })?;
        let game = Journaled::<R>::load(&text).map_err(|source| OpenError::Load {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Kept {
            game,
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Applies `action` (validated first) and writes the game.
    pub fn apply(&mut self, action: R::Action) -> Result<Vec<R::Event>, KeptError<R::Error>> {
        let events = self.game.apply(action).map_err(KeptError::Refused)?;
        self.write().map_err(KeptError::Save)?;
        Ok(events)
    }

    /// Takes the last action back and writes the game; false when there was none.
    pub fn undo(&mut self) -> Result<bool, StoreError> {
        if !self.game.undo() {
            return Ok(false);
        }
        self.write()?;
        Ok(true)
    }

    fn write(&self) -> Result<(), StoreError> {
        write_atomic(&self.path, self.game.saved().to_json())
    }
}
