//! Every game the window plays goes into the history (issue 72) as it is played: after each
//! change of the journal, with no action from the player.

use crate::engine::Game;
use crate::history::{History, Origin};
use std::path::{Path, PathBuf};

/// The window's history, and the game it last recorded.
pub struct Recorder {
    pub history: Option<History>,
    /// The file, journal length and id last recorded.
    last: Option<(PathBuf, usize, i64)>,
    /// What to tell the player once: a damaged history set aside, or one that cannot open.
    pub notice: Option<String>,
}

/// Seconds since 1970 now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Recorder {
    /// The history of `data` (made if missing, the saved games there imported). Foreman
    /// opens without it if it cannot be had; the notice says why.
    pub fn open(data: &Path) -> Recorder {
        match crate::history::open_in(data) {
            Ok(opened) => Recorder {
                history: Some(opened.history),
                last: None,
                notice: opened.set_aside.map(|p| p.display().to_string()),
            },
            Err(e) => {
                tracing::error!("no history: {e}");
                Recorder {
                    history: None,
                    last: None,
                    notice: Some(e.to_string()),
                }
            }
        }
    }

    /// Records `game` (journalled at `file`) if it changed since it was last recorded.
    pub fn record(&mut self, file: &Path, game: &Game) {
        let Some(history) = self.history.as_mut() else {
            return;
        };
        let len = game.journal().len();
        // A game no one has played yet (only its opening deal) is not a game to remember: a
        // window opened and closed leaves no row in the history.
        if len <= 1 {
            return;
        }
        let hint = match &self.last {
            Some((f, n, _)) if f == file && *n == len => return,
            Some((f, _, id)) if f == file => Some(*id),
            _ => None,
        };
        match history.record(game, now(), Origin::Play, hint, Some(file)) {
            Ok(id) => self.last = Some((file.to_path_buf(), len, id)),
            Err(e) => {
                // The journal file holds the game: the history takes it at the next start.
                tracing::warn!("the history did not record the game: {e}");
                self.last = Some((file.to_path_buf(), len, hint.unwrap_or(-1)));
            }
        }
    }
}
