//! Every game remembered (issue 72): an SQLite database in the data folder holds each game's
//! setup and journal, its dates and time played, its seats (people by name, bots and their
//! level; the Machine and its difficulty), the final scores and the winner.
//!
//! - A game is recorded as it is played, each record in one transaction, the database in WAL
//!   mode: a killed process or a second window never leaves it damaged.
//! - The journal files stay the truth for a game in progress; a game's record replays to the
//!   same final score as its journal (the record keeps the journal itself).
//! - A damaged or foreign file is found when the database is opened (integrity check, the
//!   application id), set aside under a new name, and a new one begun.
//! - People are the same person across games when they have the same name (case aside);
//!   [`History::rename`] merges two.

pub mod export;
pub mod other;
pub mod report;
pub mod stats;

use crate::engine::score::{Winner, scoreboard};
use crate::engine::{Action, Game, Mode, SavedGame, Setup};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// "FORE": a database of Foreman's, told apart from any other SQLite file.
const APPLICATION_ID: i32 = 0x464F_5245;
/// The schema's version.
const VERSION: i32 = 1;
/// Time between two actions counted as play, at most (a game left open over lunch is not
/// an hour of play).
const MAX_PAUSE: i64 = 300;

#[derive(Debug, Error)]
pub enum HistoryError {
    #[error("the history database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("the history database {path}: {why}")]
    File { path: PathBuf, why: String },
    #[error("a game of the history does not load: {0}")]
    Game(String),
    /// Written by a newer Foreman (its layout's version): not ours to change or set aside.
    #[error(
        "the history was written by a newer Foreman (layout {0}, this one knows {VERSION}): it is left as it is; update Foreman to add to it"
    )]
    Newer(i32),
}

/// The file name in the data folder.
pub const FILE: &str = "history.sqlite";

/// The history of the data folder `data`, with the saved games there imported. A damaged
/// database was set aside if `Opened::set_aside` says where.
pub fn open_in(data: &Path) -> Result<Opened, HistoryError> {
    let mut opened = History::open(&data.join(FILE))?;
    opened.history.import(data)?;
    Ok(opened)
}

/// The database of past games.
pub struct History {
    conn: Connection,
}

/// The history opened, and where a damaged file was put if one was found.
pub struct Opened {
    pub history: History,
    pub set_aside: Option<PathBuf>,
}

/// Where a game's record comes from: a game being played now (a shorter journal than the
/// record's is an undo), or a file imported (never shortens a record).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Play,
    Import,
}

/// One seat of a game in the history.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatRow {
    pub seat: usize,
    /// The person's name as the history knows them (the first spelling met), or the bot's.
    pub name: String,
    /// `None` for a person.
    pub bot: Option<String>,
    /// The final score, once the game is over.
    pub score: Option<u32>,
    pub won: bool,
    /// 1 for the winners, then by score.
    pub rank: Option<u32>,
    pub first: bool,
}

/// One game of the history, as its list and the statistics read it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: i64,
    /// Seconds since 1970 (UTC): first recorded, last recorded.
    pub started: i64,
    pub updated: i64,
    /// Seconds of play (pauses longer than 5 minutes not counted); `None` for a game
    /// imported from a file.
    pub played: Option<i64>,
    pub mode: Mode,
    /// A solo game's Machine difficulty ("easy" … "expert").
    pub machine: Option<String>,
    pub machine_score: Option<u32>,
    pub rounds: u32,
    pub actions: usize,
    pub finished: bool,
    /// The Machine won.
    pub machine_won: bool,
    /// Its journal file when last recorded (it may have moved since).
    pub file: Option<PathBuf>,
    pub seats: Vec<SeatRow>,
}

impl GameRow {
    /// The winners' names (or the Machine's), for a list.
    pub fn winners(&self) -> Vec<&str> {
        if self.machine_won {
            return vec!["Machine"];
        }
        self.seats
            .iter()
            .filter(|s| s.won)
            .map(|s| s.name.as_str())
            .collect()
    }
}

/// Which games a list shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    pub mode: Option<Mode>,
    /// A person's name (any spelling the history knows, case aside).
    pub player: Option<String>,
    pub machine: Option<String>,
    /// Started at or after, before (seconds since 1970).
    pub since: Option<i64>,
    pub until: Option<i64>,
    pub finished_only: bool,
}

fn setup_hash(setup: &Setup) -> String {
    let text = serde_json::to_string(setup).unwrap_or_default();
    format!("{:016x}", crate::engine::save::fnv1a(text.as_bytes()))
}

fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Digital => "digital",
        Mode::Companion => "companion",
    }
}

fn mode_of(s: &str) -> Mode {
    if s == "companion" {
        Mode::Companion
    } else {
        Mode::Digital
    }
}

impl History {
    /// The history at `path`, made if missing. A file that is not a sound Foreman history is
    /// set aside (renamed, never deleted) and a new one begun.
    pub fn open(path: &Path) -> Result<Opened, HistoryError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| HistoryError::File {
                path: dir.to_path_buf(),
                why: e.to_string(),
            })?;
        }
        let mut set_aside = None;
        if path.exists() {
            // A file that does not check, or whose tables cannot be made ours (an older
            // layout), is set aside like a damaged one; one from a newer Foreman is left alone.
            match Self::connect(path)
                .and_then(|c| Self::check(&c).map(|_| c))
                .and_then(History::begun)
            {
                Ok(history) => return Ok(Opened { history, set_aside }),
                Err(newer @ HistoryError::Newer(_)) => return Err(newer),
                Err(why) => {
                    tracing::warn!("history database set aside: {why}");
                    set_aside = Some(Self::set_aside(path)?);
                }
            }
        }
        let conn = Self::connect(path)?;
        Ok(Opened {
            history: History::begun(conn)?,
            set_aside,
        })
    }

    /// A history kept in memory only (tests, benchmarks).
    pub fn in_memory() -> Result<History, HistoryError> {
        History::begun(Connection::open_in_memory()?)
    }

    fn connect(path: &Path) -> Result<Connection, HistoryError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // The games' setups hold their seeds: this user's only (its journal files too).
        use std::os::unix::fs::PermissionsExt as _;
        if let Err(e) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)) {
            tracing::debug!("the history's permissions: {e}");
        }
        Ok(conn)
    }

    /// Whether `conn` is a sound history of Foreman's (or an empty file).
    fn check(conn: &Connection) -> Result<(), HistoryError> {
        let ok: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        if ok != "ok" {
            return Err(HistoryError::File {
                path: PathBuf::new(),
                why: format!("damaged: {ok}"),
            });
        }
        let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
        let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
        if id != APPLICATION_ID && tables > 0 {
            return Err(HistoryError::File {
                path: PathBuf::new(),
                why: "not Foreman's history".into(),
            });
        }
        let version: i32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if id == APPLICATION_ID && version > VERSION {
            return Err(HistoryError::Newer(version));
        }
        Ok(())
    }

    /// Renames the file at `path` (and its WAL files) out of the way: `history.sqlite.damaged-N`.
    fn set_aside(path: &Path) -> Result<PathBuf, HistoryError> {
        let mut n = 1u32;
        let target = loop {
            let mut name = path.as_os_str().to_os_string();
            name.push(format!(".damaged-{n}"));
            let t = PathBuf::from(name);
            if !t.exists() {
                break t;
            }
            n += 1;
        };
        std::fs::rename(path, &target).map_err(|e| HistoryError::File {
            path: path.to_path_buf(),
            why: e.to_string(),
        })?;
        for ext in ["-wal", "-shm"] {
            let mut side = path.as_os_str().to_os_string();
            side.push(ext);
            let side = PathBuf::from(side);
            if side.exists() {
                let mut to = target.as_os_str().to_os_string();
                to.push(ext);
                let _ = std::fs::rename(&side, PathBuf::from(to));
            }
        }
        Ok(target)
    }

    fn begun(conn: Connection) -> Result<History, HistoryError> {
        // WAL: a reader never waits for a writer, and a killed writer leaves the last
        // committed records whole.
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        conn.execute_batch(&format!(
            "PRAGMA synchronous = NORMAL;
             PRAGMA foreign_keys = ON;
             PRAGMA application_id = {APPLICATION_ID};
             PRAGMA user_version = {VERSION};
             CREATE TABLE IF NOT EXISTS games (
                 id INTEGER PRIMARY KEY,
                 setup_hash TEXT NOT NULL,
                 started INTEGER NOT NULL,
                 updated INTEGER NOT NULL,
                 played INTEGER,
                 mode TEXT NOT NULL,
                 players INTEGER NOT NULL,
                 machine TEXT,
                 machine_score INTEGER,
                 machine_won INTEGER NOT NULL DEFAULT 0,
                 rounds INTEGER NOT NULL,
                 actions INTEGER NOT NULL,
                 finished INTEGER NOT NULL,
                 file TEXT,
                 saved BLOB NOT NULL);
             CREATE INDEX IF NOT EXISTS games_setup ON games(setup_hash);
             CREATE INDEX IF NOT EXISTS games_started ON games(started);
             CREATE TABLE IF NOT EXISTS people (
                 id INTEGER PRIMARY KEY,
                 name TEXT NOT NULL UNIQUE COLLATE NOCASE);
             CREATE TABLE IF NOT EXISTS seats (
                 game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                 seat INTEGER NOT NULL,
                 person INTEGER REFERENCES people(id),
                 name TEXT NOT NULL,
                 bot TEXT,
                 score INTEGER,
                 won INTEGER NOT NULL DEFAULT 0,
                 rank INTEGER,
                 first INTEGER NOT NULL DEFAULT 0,
                 PRIMARY KEY (game, seat));
             CREATE INDEX IF NOT EXISTS seats_person ON seats(person);
             -- A name renamed (`rename`): a seat of that name, recorded later (a game still
             -- played), is the person it was renamed to.
             CREATE TABLE IF NOT EXISTS aliases (
                 name TEXT PRIMARY KEY COLLATE NOCASE,
                 person INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE);
             CREATE TABLE IF NOT EXISTS built (
                 game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                 seat INTEGER NOT NULL,
                 card TEXT NOT NULL,
                 count INTEGER NOT NULL,
                 won INTEGER NOT NULL);
             CREATE INDEX IF NOT EXISTS built_game ON built(game);
             -- The card statistics read this index alone, in card order.
             CREATE INDEX IF NOT EXISTS built_card ON built(card, count, won);
             {}",
            other::TABLE
        ))?;
        Ok(History { conn })
    }

    /// Records `game` as it stands at `now` (seconds since 1970), in one transaction: a new
    /// game, or the same game further on (its setup the same, one journal the start of the
    /// other). `hint`: the id this game had when last recorded; `file`: its journal file.
    /// Returns its id.
    pub fn record(
        &mut self,
        game: &Game,
        now: i64,
        from: Origin,
        hint: Option<i64>,
        file: Option<&Path>,
    ) -> Result<i64, HistoryError> {
        self.record_changed(game, now, from, hint, file)
            .map(|(id, _)| id)
    }

    /// [`History::record`], and whether the record changed.
    fn record_changed(
        &mut self,
        game: &Game,
        now: i64,
        from: Origin,
        hint: Option<i64>,
        file: Option<&Path>,
    ) -> Result<(i64, bool), HistoryError> {
        let hash = setup_hash(game.setup());
        // Immediate: the write lock is taken at the start, so a second writer (another window,
        // `foreman play`) waits its turn (busy_timeout) instead of failing on a stale read.
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let same = match hint {
            Some(id) => tx
                .query_row(
                    "SELECT id, updated, played, actions FROM games WHERE id = ?1 AND setup_hash = ?2",
                    params![id, hash],
                    |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, Option<i64>>(2)?, r.get::<_, i64>(3)?)),
                )
                .optional()?,
            None => None,
        };
        let same = match same {
            Some(s) => Some(s),
            // Played from a file of its own, a game is the one recorded only if it goes on
            // from it: an older copy played on is another game from there (it never takes
            // the place of the game recorded further on, finished or not).
            None => same_game(&tx, &hash, game.journal(), from == Origin::Play)?,
        };
        let n = game.journal().len() as i64;
        let id = match same {
            Some((id, updated, played, actions)) => {
                if n == actions || (from == Origin::Import && n < actions) {
                    // Nothing new (a file imported again, or older than its record).
                    tx.commit()?;
                    return Ok((id, false));
                }
                let played = match (from, played) {
                    (Origin::Play, Some(p)) => Some(p + (now - updated).clamp(0, MAX_PAUSE)),
                    (Origin::Play, None) => Some(0),
                    (Origin::Import, p) => p,
                };
                write_game(&tx, Some(id), game, &hash, None, now, played)?
            }
            None => {
                let played = (from == Origin::Play).then_some(0);
                write_game(&tx, None, game, &hash, Some(now), now, played)?
            }
        };
        if let Some(f) = file {
            tx.execute(
                "UPDATE games SET file = ?2 WHERE id = ?1",
                params![id, f.to_string_lossy()],
            )?;
        }
        tx.commit()?;
        Ok((id, true))
    }

    /// Imports the saved games of the data folder (the last game and those put aside) that
    /// the history does not have yet, dated by their files. Returns how many were new or
    /// further on; a file that does not load is skipped (it is reported, not lost).
    pub fn import(&mut self, data: &Path) -> Result<usize, HistoryError> {
        let mut files = vec![data.join("last-game.json")];
        files.extend(saved_games_in(&crate::store::games_dir(data)));
        self.import_files(&files)
    }

    /// Imports these saved games (see [`History::import`]).
    pub fn import_files(&mut self, files: &[PathBuf]) -> Result<usize, HistoryError> {
        let mut changed = 0;
        for file in files.iter().filter(|f| f.exists()) {
            let game = match crate::store::load_game(file) {
                Ok(g) => g,
                Err(e) => {
                    tracing::warn!("not imported into the history: {e}");
                    continue;
                }
            };
            if game.journal().len() <= 1 {
                // Only its opening deal: no one played it yet.
                continue;
            }
            let when = std::fs::metadata(file)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs() as i64);
            let (_, new) = self.record_changed(&game, when, Origin::Import, None, Some(file))?;
            changed += usize::from(new);
        }
        Ok(changed)
    }

    /// How many games the history holds.
    pub fn count(&self) -> Result<usize, HistoryError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
        Ok(n as usize)
    }

    /// The games `filter` lets through, newest first.
    pub fn games(&self, filter: &Filter) -> Result<Vec<GameRow>, HistoryError> {
        let mut rows: Vec<GameRow> = Vec::new();
        let mut index = std::collections::HashMap::new();
        {
            let mut q = self.conn.prepare_cached(
                "SELECT id, started, updated, played, mode, machine, machine_score, rounds, actions,
                        finished, machine_won, file
                 FROM games ORDER BY started DESC, id DESC",
            )?;
            let it = q.query_map([], |r| {
                Ok(GameRow {
                    id: r.get(0)?,
                    started: r.get(1)?,
                    updated: r.get(2)?,
                    played: r.get(3)?,
                    mode: mode_of(&r.get::<_, String>(4)?),
                    machine: r.get(5)?,
                    machine_score: r.get(6)?,
                    rounds: r.get(7)?,
                    actions: r.get::<_, i64>(8)? as usize,
                    finished: r.get(9)?,
                    machine_won: r.get(10)?,
                    file: r.get::<_, Option<String>>(11)?.map(PathBuf::from),
                    seats: Vec::new(),
                })
            })?;
            for row in it {
                let row = row?;
                index.insert(row.id, rows.len());
                rows.push(row);
            }
        }
        let mut q = self.conn.prepare_cached(
            "SELECT s.game, s.seat, coalesce(p.name, s.name), s.bot, s.score, s.won, s.rank, s.first
             FROM seats s LEFT JOIN people p ON p.id = s.person ORDER BY s.game, s.seat",
        )?;
        let it = q.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                SeatRow {
                    seat: r.get::<_, i64>(1)? as usize,
                    name: r.get(2)?,
                    bot: r.get(3)?,
                    score: r.get(4)?,
                    won: r.get(5)?,
                    rank: r.get(6)?,
                    first: r.get(7)?,
                },
            ))
        })?;
        for seat in it {
            let (game, seat) = seat?;
            if let Some(&i) = index.get(&game) {
                rows[i].seats.push(seat);
            }
        }
        // A person by any spelling the history knows: their name now, or one they were renamed
        // from (case aside).
        let player: Option<Vec<String>> = match &filter.player {
            None => None,
            Some(p) => {
                let p = p.trim();
                let mut names = vec![p.to_lowercase()];
                let now: Option<String> = self
                    .conn
                    .query_row(
                        "SELECT people.name FROM aliases JOIN people ON people.id = aliases.person
                         WHERE aliases.name = ?1",
                        [p],
                        |r| r.get(0),
                    )
                    .optional()?;
                names.extend(now.map(|n| n.to_lowercase()));
                Some(names)
            }
        };
        rows.retain(|g| {
            filter.mode.is_none_or(|m| m == g.mode)
                && filter
                    .machine
                    .as_ref()
                    .is_none_or(|m| g.machine.as_deref() == Some(m.as_str()))
                && filter.since.is_none_or(|t| g.started >= t)
                && filter.until.is_none_or(|t| g.started < t)
                && (!filter.finished_only || g.finished)
                && player.as_ref().is_none_or(|names| {
                    g.seats
                        .iter()
                        .any(|s| s.bot.is_none() && names.contains(&s.name.to_lowercase()))
                })
        });
        Ok(rows)
    }

    /// The game `id`, replayed from its record.
    pub fn game(&self, id: i64) -> Result<Game, HistoryError> {
        let saved: Vec<u8> =
            self.conn
                .query_row("SELECT saved FROM games WHERE id = ?1", [id], |r| r.get(0))?;
        SavedGame::load(&inflate(&saved)?).map_err(|e| HistoryError::Game(e.to_string()))
    }

    /// Every blueprint built in finished games, summed in the database: (card, copies the
    /// winners built, seats that built it, of which won). The statistics' cards
    /// ([`stats::cards`]).
    pub fn built_summary(&self) -> Result<Vec<(String, u32, u32, u32)>, HistoryError> {
        let mut q = self.conn.prepare_cached(
            "SELECT card, sum(count * won), count(*), sum(won) FROM built GROUP BY card",
        )?;
        let rows = q
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// The people the history knows, by name.
    pub fn people(&self) -> Result<Vec<String>, HistoryError> {
        let mut q = self
            .conn
            .prepare_cached("SELECT name FROM people ORDER BY name COLLATE NOCASE")?;
        let rows = q
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(rows)
    }

    /// `from` is called `to` from now on, in every game; when `to` is someone already, the
    /// two are one person. Returns how many seats changed.
    pub fn rename(&mut self, from: &str, to: &str) -> Result<usize, HistoryError> {
        let to = to.trim();
        if to.is_empty() {
            return Ok(0);
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let old: Option<i64> = tx
            .query_row(
                "SELECT id FROM people WHERE name = ?1",
                [from.trim()],
                |r| r.get(0),
            )
            .optional()?;
        let Some(old) = old else {
            return Ok(0);
        };
        let new: Option<i64> = tx
            .query_row("SELECT id FROM people WHERE name = ?1", [to], |r| r.get(0))
            .optional()?;
        let changed = match new {
            Some(new) if new != old => {
                let n = tx.execute("UPDATE seats SET person = ?1 WHERE person = ?2", [new, old])?;
                tx.execute(
                    "UPDATE aliases SET person = ?1 WHERE person = ?2",
                    [new, old],
                )?;
                tx.execute("DELETE FROM people WHERE id = ?1", [old])?;
                tx.execute(
                    "INSERT OR REPLACE INTO aliases (name, person) VALUES (?1, ?2)",
                    params![from.trim(), new],
                )?;
                n
            }
            _ => {
                tx.execute(
                    "INSERT OR REPLACE INTO aliases (name, person) VALUES (?1, ?2)",
                    params![from.trim(), old],
                )?;
                tx.execute(
                    "UPDATE people SET name = ?1 WHERE id = ?2",
                    params![to, old],
                )?;
                tx.query_row("SELECT count(*) FROM seats WHERE person = ?1", [old], |r| {
                    r.get::<_, i64>(0)
                })? as usize
            }
        };
        tx.commit()?;
        Ok(changed)
    }
}

/// The `.json` files of `dir` (none if it cannot be read), in name order.
pub fn saved_games_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// A saved game's JSON, compressed (a journal's JSON shrinks about tenfold).
fn deflate(json: &str) -> Result<Vec<u8>, HistoryError> {
    use std::io::Write as _;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    z.write_all(json.as_bytes())
        .and_then(|_| z.finish())
        .map_err(|e| HistoryError::Game(e.to_string()))
}

/// The JSON of a saved game kept by [`deflate`].
fn inflate(bytes: &[u8]) -> Result<String, HistoryError> {
    use std::io::Read as _;
    let mut out = String::new();
    flate2::read::ZlibDecoder::new(bytes)
        .read_to_string(&mut out)
        .map_err(|e| HistoryError::Game(format!("its journal is damaged: {e}")))?;
    Ok(out)
}

/// A game's record as a new one is matched to it: id, updated, played, actions.
type Kept = (i64, i64, Option<i64>, i64);

/// The game of the history with this setup whose journal starts the same as `journal` (or
/// is started by it): (id, updated, played, actions).
fn same_game(
    tx: &rusqlite::Transaction<'_>,
    hash: &str,
    journal: &[Action],
    going_on: bool,
) -> Result<Option<Kept>, HistoryError> {
    let mut q = tx.prepare_cached(
        "SELECT id, updated, played, actions, saved FROM games WHERE setup_hash = ?1 ORDER BY id DESC",
    )?;
    let rows = q
        .query_map([hash], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, Option<i64>>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, Vec<u8>>(4)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    for (id, updated, played, actions, saved) in rows {
        if going_on && actions > journal.len() as i64 {
            continue;
        }
        let Some(kept) = inflate(&saved)
            .ok()
            .and_then(|json| serde_json::from_str::<SavedGame>(&json).ok())
        else {
            continue;
        };
        let k = kept.journal.len().min(journal.len());
        if kept.journal[..k] == journal[..k] {
            return Ok(Some((id, updated, played, actions)));
        }
    }
    Ok(None)
}

/// Writes the game's row (a new one when `id` is `None`), its seats and what they built.
fn write_game(
    tx: &rusqlite::Transaction<'_>,
    id: Option<i64>,
    game: &Game,
    hash: &str,
    started: Option<i64>,
    now: i64,
    played: Option<i64>,
) -> Result<i64, HistoryError> {
    let setup = game.setup();
    let st = game.state();
    let finished = st.is_over();
    let board = scoreboard(st);
    let saved = deflate(
        &serde_json::to_string(&SavedGame::from_game(game))
            .map_err(|e| HistoryError::Game(e.to_string()))?,
    )?;
    let machine = setup.machine.map(|d| format!("{d:?}").to_lowercase());
    let machine_score = board.machine.as_ref().map(|m| m.total);
    let machine_won = finished && board.winner == Winner::Machine;
    let id = match id {
        Some(id) => {
            tx.execute(
                "UPDATE games SET updated = ?2, played = ?3, rounds = ?4, actions = ?5,
                        finished = ?6, machine_score = ?7, machine_won = ?8, saved = ?9
                 WHERE id = ?1",
                params![
                    id,
                    now,
                    played,
                    st.round,
                    game.journal().len() as i64,
                    finished,
                    machine_score,
                    machine_won,
                    saved
                ],
            )?;
            tx.execute("DELETE FROM seats WHERE game = ?1", [id])?;
            tx.execute("DELETE FROM built WHERE game = ?1", [id])?;
            id
        }
        None => {
            tx.execute(
                "INSERT INTO games (setup_hash, started, updated, played, mode, players, machine,
                        machine_score, machine_won, rounds, actions, finished, saved)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    hash,
                    started.unwrap_or(now),
                    now,
                    played,
                    mode_name(setup.mode),
                    setup.players.len() as i64,
                    machine,
                    machine_score,
                    machine_won,
                    st.round,
                    game.journal().len() as i64,
                    finished,
                    saved
                ],
            )?;
            tx.last_insert_rowid()
        }
    };
    let winners: Vec<usize> = match (&board.winner, finished) {
        (Winner::Players(w), true) => w.clone(),
        _ => Vec::new(),
    };
    for (seat, p) in setup.players.iter().enumerate() {
        let name = setup.player_name(seat);
        let person = match p.bot {
            Some(_) => None,
            None => {
                let alias: Option<i64> = tx
                    .query_row(
                        "SELECT person FROM aliases WHERE name = ?1",
                        [name.trim()],
                        |r| r.get(0),
                    )
                    .optional()?;
                match alias {
                    Some(person) => Some(person),
                    None => {
                        tx.execute(
                            "INSERT OR IGNORE INTO people (name) VALUES (?1)",
                            [name.trim()],
                        )?;
                        Some(tx.query_row(
                            "SELECT id FROM people WHERE name = ?1",
                            [name.trim()],
                            |r| r.get::<_, i64>(0),
                        )?)
                    }
                }
            }
        };
        let total = board.players.get(seat).map(|s| s.total);
        let rank = finished.then(|| {
            if machine_won {
                // Solo: the Machine is first.
                2
            } else if winners.contains(&seat) {
                1
            } else {
                // One more than the seats ahead (the winners first, then by score).
                1 + board
                    .players
                    .iter()
                    .filter(|o| {
                        o.seat != seat && (winners.contains(&o.seat) || Some(o.total) > total)
                    })
                    .count() as u32
            }
        });
        tx.execute(
            "INSERT INTO seats (game, seat, person, name, bot, score, won, rank, first)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                id,
                seat as i64,
                person,
                name,
                p.bot.map(|b| format!("{b:?}").to_lowercase()),
                finished.then_some(total).flatten(),
                winners.contains(&seat),
                rank,
                seat == setup.first_player
            ],
        )?;
        if finished {
            for (card, n) in st.players[seat].compound.iter() {
                tx.execute(
                    "INSERT INTO built (game, seat, card, count, won) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![id, seat as i64, card.name(), n, winners.contains(&seat)],
                )?;
            }
        }
    }
    Ok(id)
}
