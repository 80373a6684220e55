//! Saved games on disk (or in a browser's storage, [`disk`]): atomic writes (a temporary file in the same folder, flushed, then
//! renamed over the old one) so a crash never leaves a partial file, and reading with a
//! message that says what is wrong.

pub mod disk;

use crate::engine::{Game, LoadError, SavedGame};
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("cannot read {path}: {}", io_reason(.source))]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {}", io_reason(.source))]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Load { path: PathBuf, source: LoadError },
    /// `foreman serve --database`: the database refused or could not be reached.
    #[error("{0}")]
    Database(String),
}

/// An input/output error in a person's words ("no such file", not "os error 2").
fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "there is no such file or folder".into(),
        K::PermissionDenied => "permission denied".into(),
        K::IsADirectory => "it is a folder, not a file".into(),
        K::NotADirectory => "a part of the path is a file, not a folder".into(),
        K::AlreadyExists => "it exists already".into(),
        K::StorageFull => "the disk is full".into(),
        K::ReadOnlyFilesystem => "the disk is read-only".into(),
        K::InvalidData => "it is not text (UTF-8)".into(),
        _ => {
            // The system's words, without the "(os error N)" that follows them.
            let text = e.to_string();
            match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            }
        }
    }
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

/// Writes `bytes` to `path` atomically ([`disk::write_atomic`]): on a disk, a temporary file
/// of its own in the same folder (two writers never share one), readable by this user only (a
/// game holds its seed, a seat file its keys), synced, renamed over `path`, and the folder
/// synced.
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), StoreError> {
    disk::write_atomic(path, bytes.as_ref()).map_err(|source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    })
}

pub fn save_game(path: &Path, game: &Game) -> Result<(), StoreError> {
    save_game_with(path, game, None)
}

/// Saves `game` with `served`: what a served table keeps beside the journal (its version and
/// the ids of the actions played), read back by [`load_game_with`].
pub fn save_game_with(
    path: &Path,
    game: &Game,
    served: Option<serde_json::Value>,
) -> Result<(), StoreError> {
    let mut saved = SavedGame::from_game(game);
    saved.served = served;
    write_atomic(path, saved.to_json())
}

pub fn load_game(path: &Path) -> Result<Game, StoreError> {
    load_game_with(path).map(|(g, _)| g)
}

/// The game saved at `path`, and what its served table kept ([`save_game_with`]).
pub fn load_game_with(path: &Path) -> Result<(Game, Option<serde_json::Value>), StoreError> {
    let text = disk::read_to_string(path).map_err(|source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let load = |source| StoreError::Load {
        path: path.to_path_buf(),
        source,
    };
    let mut saved = SavedGame::from_json(&text).map_err(load)?;
    let served = saved.served.take();
    let game = saved.into_game().map_err(load)?;
    Ok((game, served))
}

/// Whether anyone played `game`: more than Foreman's own deal of an on-screen game (a deal
/// told at a real table is the players' work, and kept).
fn played(game: &Game) -> bool {
    game.journal().iter().any(|a| {
        !(a.act == crate::engine::Act::Deal && game.setup().mode == crate::engine::Mode::Digital)
    })
}

/// Where games put aside are kept: `games/` in the data folder.
pub fn games_dir(data: &Path) -> PathBuf {
    data.join("games")
}

/// A game put aside, for the start screen's list.
#[derive(Debug, Clone)]
pub struct KeptGame {
    pub path: PathBuf,
    /// When it was last written (seconds since 1970), for "recent first".
    pub modified: u64,
    /// The game, loaded (a file that does not load is listed with its error instead).
    pub game: Result<Game, String>,
}

/// The games put aside worth resuming: not those finished (the history keeps them), nor an
/// older copy of a game that `last` or another put aside goes on from (the same setup, its
/// journal the start of theirs). A file that does not load stays listed, with its error.
pub fn worth_resuming(kept: Vec<KeptGame>, last: Option<&Game>) -> Vec<KeptGame> {
    let games: Vec<&Game> = kept
        .iter()
        .filter_map(|k| k.game.as_ref().ok())
        .chain(last)
        .collect();
    let superseded = |g: &Game| {
        games.iter().any(|o| {
            o.setup() == g.setup()
                && o.journal().len() > g.journal().len()
                && o.journal().starts_with(g.journal())
        })
    };
    kept.iter()
        .filter(|k| match &k.game {
            Ok(g) => !g.state().is_over() && !superseded(g),
            Err(_) => true,
        })
        .cloned()
        .collect()
}

/// Puts the game at `last` aside in `games` unless it is finished: it is moved, not copied,
/// so a new game never overwrites it. A file that does not load is moved aside too. `stamp`
/// names the file (the window passes the time). Returns where it went.
pub fn keep_unfinished(
    last: &Path,
    games: &Path,
    stamp: u64,
) -> Result<Option<PathBuf>, StoreError> {
    if !disk::exists(last) {
        return Ok(None);
    }
    // A finished game is in the history; a game nobody played yet (Foreman's own deal on
    // screen, nothing else) is not worth a line under *Games put aside* (issue 89, point 6).
    if load_game(last).is_ok_and(|g| g.state().is_over() || !played(&g)) {
        return Ok(None);
    }
    let err = |source| StoreError::Write {
        path: games.to_path_buf(),
        source,
    };
    disk::create_dir_all(games).map_err(err)?;
    let target = unused(games, |n| match n {
        1 => format!("game-{stamp}.json"),
        n => format!("game-{stamp}-{}.json", n - 1),
    });
    disk::rename(last, &target).map_err(err)?;
    Ok(Some(target))
}

/// The games put aside in `games`, most recently played first.
pub fn kept_games(games: &Path) -> Vec<KeptGame> {
    let Ok(entries) = disk::list(games) else {
        return Vec::new();
    };
    let mut out: Vec<KeptGame> = entries
        .into_iter()
        .filter(|l| l.path.extension().is_some_and(|x| x == "json"))
        .map(|disk::Listed { path, modified }| {
            let game = load_game(&path).map_err(|e| e.to_string());
            KeptGame {
                path,
                modified,
                game,
            }
        })
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
    out
}

/// Moves a game file that does not load out of the way (`NAME.damaged.json`, or
/// `NAME.damaged-2.json` …): a new game never overwrites it, nor a second damaged file the
/// first. Returns where it went.
pub fn set_aside_damaged(path: &Path) -> std::io::Result<PathBuf> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = path.parent().unwrap_or(Path::new("."));
    let target = unused(dir, |n| match n {
        1 => format!("{stem}.damaged.json"),
        n => format!("{stem}.damaged-{n}.json"),
    });
    disk::rename(path, &target)?;
    Ok(target)
}

/// The first of the names `name(1)`, `name(2)`, … that no file in `dir` has.
fn unused(dir: &Path, name: impl Fn(u32) -> String) -> PathBuf {
    (1..)
        .map(|n| dir.join(name(n)))
        .find(|p| !disk::exists(p))
        .unwrap_or_else(|| dir.join(name(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Difficulty, Setup};

    /// Issue 25, point 5: a new game never overwrites an unfinished one; it is put aside and
    /// listed, most recent first; a finished game is not kept.
    #[test]
    fn an_unfinished_game_is_put_aside_never_overwritten() {
        let dir = tempfile::tempdir().expect("temp dir");
        let last = dir.path().join("last-game.json");
        let games = games_dir(dir.path());
        assert_eq!(
            keep_unfinished(&last, &games, 1).expect("nothing to keep"),
            None
        );
        // Issue 89, point 6: a game only dealt on screen, played by nobody, is not kept: the
        // next game takes its place.
        let mut game = Game::new_dealt(Setup::solo("You", Difficulty::Hard, 5)).expect("a game");
        save_game(&last, &game).expect("saved");
        assert_eq!(
            keep_unfinished(&last, &games, 6).expect("nothing to keep"),
            None
        );
        assert!(kept_games(&games).is_empty(), "no game put aside");
        // Once played (a blueprint taken), it is.
        game.apply_digital(crate::engine::Act::TakeBlueprint { slot: 0 })
            .expect("taken");
        save_game(&last, &game).expect("saved");
        let kept = keep_unfinished(&last, &games, 7)
            .expect("kept")
            .expect("a path");
        assert!(!last.exists());
        assert_eq!(
            kept.file_name().and_then(|n| n.to_str()),
            Some("game-7.json")
        );
        // A second one in the same second gets its own name.
        save_game(&last, &game).expect("saved");
        let again = keep_unfinished(&last, &games, 7)
            .expect("kept")
            .expect("a path");
        assert_ne!(again, kept);
        let list = kept_games(&games);
        assert_eq!(list.len(), 2);
        assert!(
            list.iter()
                .all(|k| k.game.as_ref().is_ok_and(|g| g == &game))
        );
        // A finished game stays where it is.
        let over = crate::sim::play(
            crate::sim::Seating::Solo(Difficulty::Easy),
            3,
            crate::bots::BotKind::Greedy,
        )
        .expect("a game");
        save_game(&last, &over).expect("saved");
        assert_eq!(
            keep_unfinished(&last, &games, 9).expect("nothing kept"),
            None
        );
        assert!(last.exists());
    }

    #[test]
    fn a_damaged_kept_game_is_set_aside_never_overwritten() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("little-factory.json");
        std::fs::write(&path, "{\"kind\": \"foreman-little").expect("write");
        let first = set_aside_damaged(&path).expect("set aside");
        assert_eq!(first, dir.path().join("little-factory.damaged.json"));
        std::fs::write(&path, "again").expect("write");
        let second = set_aside_damaged(&path).expect("set aside");
        assert_eq!(second, dir.path().join("little-factory.damaged-2.json"));
        assert_eq!(
            std::fs::read_to_string(&first).expect("kept"),
            "{\"kind\": \"foreman-little"
        );
        assert!(!path.exists());
    }
}
