//! The saved game: the setup plus the action journal, as JSON with a format version and a
//! checksum. Loading replays the journal through `apply`, so a saved game can never hold a
//! state the rules would not reach; a damaged or edited file is refused with where and why.

use super::action::Action;
use super::apply::{Game, Setup};
use super::error::RuleError;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The current save format. Format 2 added hidden hands (`setup.hands`) and the work phase's
/// turn to another player (`switch`); a format 1 file has neither, and loads and replays as it
/// always did. Other formats are refused with a clear message.
pub const FORMAT: u32 = 2;

/// The formats this Foreman reads.
pub const READS: [u32; 2] = [1, 2];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always "foreman-game", so a stray JSON file is recognised as not being a game.
    pub kind: String,
    pub format: u32,
    pub setup: Setup,
    pub journal: Vec<Action>,
    /// FNV-1a 64 of the setup and journal as written (hex), to catch damage and hand edits.
    pub checksum: String,
    /// What a served table keeps with the game (its version, the ids of the actions played):
    /// not part of the game, not in the checksum, absent from older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub served: Option<serde_json::Value>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum LoadError {
    #[error("not a saved game (line {line}, column {column}): {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "the file ends too early (line {line}, column {column}): it was cut off while being written or copied"
    )]
    Truncated { line: usize, column: usize },
    #[error("this is not a Foreman saved game (kind {0:?})")]
    NotAGame(String),
    #[error("saved with format {found}; this Foreman reads format {expected}")]
    Format { found: u32, expected: u32 },
    #[error(
        "the checksum does not match: the file was damaged or edited by hand (expected {expected}, found {found})"
    )]
    Checksum { expected: String, found: String },
    #[error("the game's setup is not valid: {0}")]
    Setup(RuleError),
    #[error("action {number} of {total} ({act}) is not allowed: {reason}")]
    Action {
        number: usize,
        total: usize,
        act: String,
        reason: RuleError,
    },
}

/// FNV-1a 64 of `bytes`: the saved game's checksum, and a served table's fingerprint of an
/// action sent.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    h.finish()
}

fn checksum(setup: &Setup, journal: &[Action]) -> String {
    // Serialising these plain data types cannot fail; an empty text would only weaken the
    // checksum, never panic.
    let text = serde_json::to_string(&(setup, journal)).unwrap_or_default();
    format!("{:016x}", fnv1a(text.as_bytes()))
}

impl SavedGame {
    pub fn from_game(game: &Game) -> SavedGame {
        SavedGame::new(game.setup().clone(), game.journal().to_vec())
    }

    /// A saved game from a setup and a journal, with its checksum computed (the journal is
    /// only checked when it is replayed).
    pub fn new(setup: Setup, journal: Vec<Action>) -> SavedGame {
        let checksum = checksum(&setup, &journal);
        SavedGame {
            kind: "foreman-game".into(),
            format: FORMAT,
            setup,
            journal,
            checksum,
            served: None,
        }
    }

    /// The saved game as pretty JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Parses a saved game's text (no replay yet).
    pub fn from_json(text: &str) -> Result<SavedGame, LoadError> {
        // Check the envelope before the body so an old or foreign file says so plainly.
        let value: serde_json::Value = serde_json::from_str(text).map_err(json_error)?;
        if let Some(kind) = value.get("kind").and_then(|k| k.as_str())
            && kind != "foreman-game"
        {
            return Err(LoadError::NotAGame(kind.to_string()));
        }
        if let Some(found) = value.get("format").and_then(|f| f.as_u64())
            && !READS.iter().any(|&r| u64::from(r) == found)
        {
            return Err(LoadError::Format {
                found: found as u32,
                expected: FORMAT,
            });
        }
        let saved: SavedGame = serde_json::from_str(text).map_err(json_error)?;
        if saved.kind != "foreman-game" {
            return Err(LoadError::NotAGame(saved.kind));
        }
        Ok(saved)
    }

    /// Replays the journal: the resulting game, or the first action refused and why.
    pub fn into_game(self) -> Result<Game, LoadError> {
        let expected = checksum(&self.setup, &self.journal);
        if expected != self.checksum {
            return Err(LoadError::Checksum {
                expected,
                found: self.checksum,
            });
        }
        self.setup.validate().map_err(LoadError::Setup)?;
        let total = self.journal.len();
        let acts: Vec<String> = self.journal.iter().map(|a| a.act.to_string()).collect();
        Game::replay(self.setup, self.journal).map_err(|(i, reason)| LoadError::Action {
            number: i + 1,
            total,
            act: acts.get(i).cloned().unwrap_or_default(),
            reason,
        })
    }

    /// Parses and replays in one step.
    pub fn load(text: &str) -> Result<Game, LoadError> {
        Self::from_json(text)?.into_game()
    }
}

fn json_error(e: serde_json::Error) -> LoadError {
    if e.is_eof() {
        LoadError::Truncated {
            line: e.line(),
            column: e.column(),
        }
    } else {
        // serde's words end with where they are ("at line 1 column 64"): said once, before.
        let text = e.to_string();
        let message = match text.rfind(" at line ") {
            Some(at) => text[..at].to_string(),
            None => text,
        };
        LoadError::Syntax {
            line: e.line(),
            column: e.column(),
            message,
        }
    }
}
