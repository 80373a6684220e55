//! Saved games on disk: atomic writes (a temporary file in the same folder, flushed, then
//! renamed over the old one) so a crash never leaves a partial file, and reading with a
//! message that says what is wrong.

use crate::engine::{Game, LoadError, SavedGame};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Load { path: PathBuf, source: LoadError },
}

/// Where Foreman keeps its own files: `$XDG_DATA_HOME/foreman`, else `~/.local/share/foreman`,
/// else `./.foreman`.
pub fn data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("foreman");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        return PathBuf::from(h).join(".local/share/foreman");
    }
    PathBuf::from(".foreman")
}

/// The autosaved game that "resume" opens.
pub fn last_game_path() -> PathBuf {
    data_dir().join("last-game.json")
}

/// Writes `text` to `path` atomically.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), StoreError> {
    let err = |source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(err)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f = fs::File::create(&tmp).map_err(err)?;
    f.write_all(text.as_bytes()).map_err(err)?;
    f.sync_all().map_err(err)?;
    drop(f);
    fs::rename(&tmp, path).map_err(err)
}

pub fn save_game(path: &Path, game: &Game) -> Result<(), StoreError> {
    write_atomic(path, &SavedGame::from_game(game).to_json())
}

pub fn load_game(path: &Path) -> Result<Game, StoreError> {
    let text = fs::read_to_string(path).map_err(|source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    SavedGame::load(&text).map_err(|source| StoreError::Load {
        path: path.to_path_buf(),
        source,
    })
}
