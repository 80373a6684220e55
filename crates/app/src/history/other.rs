//! The plays of the games beside Fantastic Factories (Traumfabrik, Little Factory) in the same
//! history: a play is its game, its setup, its seats with their scores and winners, recorded
//! as it is played (a new play when a game is started, the same play further on or undone).

use super::{History, HistoryError};
use rusqlite::{OptionalExtension, TransactionBehavior, params};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The table, made with the history's others (`History::begun`).
pub(super) const TABLE: &str = "CREATE TABLE IF NOT EXISTS other_plays (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup_hash TEXT NOT NULL,
    started INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    actions INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    seats TEXT NOT NULL,
    file TEXT);
    CREATE INDEX IF NOT EXISTS other_plays_game ON other_plays(game, setup_hash);";

/// A seat of a play: its name, its score (influence, points) and whether it won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherSeat {
    pub name: String,
    pub score: Option<u32>,
    pub won: bool,
    pub first: bool,
}

/// A play of another game, as the history lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherPlay {
    pub id: i64,
    /// "traumfabrik" or "little-factory".
    pub game: String,
    pub started: i64,
    pub updated: i64,
    pub actions: usize,
    pub finished: bool,
    pub seats: Vec<OtherSeat>,
    /// Its game file when last recorded (where *Resume* finds it).
    pub file: Option<std::path::PathBuf>,
}

impl OtherPlay {
    pub fn winners(&self) -> Vec<&str> {
        self.seats
            .iter()
            .filter(|s| s.won)
            .map(|s| s.name.as_str())
            .collect()
    }
}

/// What is recorded of a play as it stands.
pub struct OtherRecord<'a> {
    pub game: &'a str,
    /// The setup as its saved game writes it (a play is told from another by it).
    pub setup_json: &'a str,
    pub actions: usize,
    pub finished: bool,
    pub seats: &'a [OtherSeat],
    pub file: Option<&'a Path>,
}

impl History {
    /// Records a play at `now`: the play `hint` (its id when last recorded) further on or
    /// taken back, else the unfinished play of the same game and setup (or the finished one of
    /// the same journal's length), else a new play.
    /// Returns its id.
    pub fn record_other(
        &mut self,
        r: &OtherRecord<'_>,
        now: i64,
        hint: Option<i64>,
    ) -> Result<i64, HistoryError> {
        let hash = format!(
            "{:016x}",
            crate::engine::save::fnv1a(r.setup_json.as_bytes())
        );
        let seats = serde_json::to_string(r.seats).unwrap_or_else(|_| "[]".into());
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let found: Option<i64> = match hint {
            Some(id) => tx
                .query_row(
                    "SELECT id FROM other_plays WHERE id = ?1 AND game = ?2 AND setup_hash = ?3",
                    params![id, r.game, hash],
                    |row| row.get(0),
                )
                .optional()?,
            // Opened again (no id known): the unfinished play of that setup, or the finished
            // one of that very journal's length (a finished game looked at again is not
            // another play; a rematch starts shorter).
            None => tx
                .query_row(
                    "SELECT id FROM other_plays WHERE game = ?1 AND setup_hash = ?2
                     AND (finished = 0 OR actions = ?3)
                     ORDER BY updated DESC LIMIT 1",
                    params![r.game, hash, r.actions as i64],
                    |row| row.get(0),
                )
                .optional()?,
        };
        let file = r.file.map(|f| f.to_string_lossy().into_owned());
        let id = match found {
            Some(id) => {
                tx.execute(
                    "UPDATE other_plays SET updated = ?2, actions = ?3, finished = ?4, seats = ?5,
                     file = ?6 WHERE id = ?1",
                    params![id, now, r.actions as i64, r.finished, seats, file],
                )?;
                id
            }
            None => {
                tx.execute(
                    "INSERT INTO other_plays (game, setup_hash, started, updated, actions, finished, seats, file)
                     VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7)",
                    params![r.game, hash, now, r.actions as i64, r.finished, seats, file],
                )?;
                tx.last_insert_rowid()
            }
        };
        tx.commit()?;
        Ok(id)
    }

    /// Every play of the other games, newest first. A seat list that does not read (a
    /// damaged row) is shown empty.
    pub fn other_plays(&self) -> Result<Vec<OtherPlay>, HistoryError> {
        let mut stmt = self.conn.prepare(
            "SELECT id, game, started, updated, actions, finished, seats, file FROM other_plays
             ORDER BY updated DESC, id DESC",
        )?;
        let rows = stmt.query_map([], |row| {
            let seats: String = row.get(6)?;
            Ok(OtherPlay {
                id: row.get(0)?,
                game: row.get(1)?,
                started: row.get(2)?,
                updated: row.get(3)?,
                actions: row.get::<_, i64>(4)?.max(0) as usize,
                finished: row.get(5)?,
                seats: serde_json::from_str(&seats).unwrap_or_default(),
                file: row
                    .get::<_, Option<String>>(7)?
                    .map(std::path::PathBuf::from),
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }
}

/// A person's record at one game: finished plays, wins, best and total score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub game: String,
    pub name: String,
    pub won: u32,
    pub played: u32,
    pub best: Option<u32>,
    /// The scores' sum, over the plays with a score.
    pub total: u32,
    pub scored: u32,
}

impl Record {
    /// The mean score, over the plays with a score.
    pub fn mean(&self) -> Option<f64> {
        (self.scored > 0).then(|| f64::from(self.total) / f64::from(self.scored))
    }
}

/// Each person's record per game (finished plays; a name in any case is one person), by game,
/// most wins first.
pub fn wins(plays: &[OtherPlay]) -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for p in plays.iter().filter(|p| p.finished) {
        for s in &p.seats {
            let at = out
                .iter()
                .position(|r| r.game == p.game && r.name.eq_ignore_ascii_case(&s.name));
            let i = at.unwrap_or_else(|| {
                out.push(Record {
                    game: p.game.clone(),
                    name: s.name.clone(),
                    won: 0,
                    played: 0,
                    best: None,
                    total: 0,
                    scored: 0,
                });
                out.len() - 1
            });
            let r = &mut out[i];
            r.won += u32::from(s.won);
            r.played += 1;
            if let Some(v) = s.score {
                r.best = Some(r.best.map_or(v, |b| b.max(v)));
                r.total += v;
                r.scored += 1;
            }
        }
    }
    out.sort_by(|a, b| {
        a.game
            .cmp(&b.game)
            .then(b.won.cmp(&a.won))
            .then(a.name.cmp(&b.name))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(name: &str, score: u32, won: bool) -> OtherSeat {
        OtherSeat {
            name: name.into(),
            score: Some(score),
            won,
            first: false,
        }
    }

    #[test]
    fn a_play_is_recorded_further_on_undone_and_a_rematch_is_another_play() {
        let mut h = History::in_memory().expect("history");
        let seats = [seat("Ana", 3, false), seat("Ben", 1, false)];
        let mut r = OtherRecord {
            game: "little-factory",
            setup_json: "{\"players\":[\"Ana\",\"Ben\"]}",
            actions: 3,
            finished: false,
            seats: &seats,
            file: None,
        };
        let id = h.record_other(&r, 100, None).expect("recorded");
        // Further on, then taken back: the same play, its actions as they stand.
        r.actions = 5;
        assert_eq!(h.record_other(&r, 110, Some(id)).expect("on"), id);
        r.actions = 4;
        assert_eq!(h.record_other(&r, 120, Some(id)).expect("undone"), id);
        // Opened again after a restart (no id known): the unfinished play of that setup.
        let won = [seat("Ana", 10, true), seat("Ben", 1, false)];
        r.seats = &won;
        r.finished = true;
        assert_eq!(h.record_other(&r, 130, None).expect("resumed"), id);
        // The finished game opened again and looked at: the same play.
        assert_eq!(h.record_other(&r, 135, None).expect("looked at"), id);
        // The same players again: a new play, the finished one kept.
        r.finished = false;
        r.actions = 1;
        r.seats = &seats;
        let again = h.record_other(&r, 140, None).expect("rematch");
        assert_ne!(again, id);
        let plays = h.other_plays().expect("plays");
        assert_eq!(plays.len(), 2);
        assert_eq!(plays[1].id, id);
        assert!(plays[1].finished);
        assert_eq!(plays[1].winners(), vec!["Ana"]);
        assert_eq!(plays[1].actions, 4);
        // Records count finished plays only: Ana won her one, with 10.
        let records = wins(&plays);
        assert_eq!(records.len(), 2);
        assert_eq!(
            (
                records[0].name.as_str(),
                records[0].won,
                records[0].played,
                records[0].best
            ),
            ("Ana", 1, 1, Some(10))
        );
        assert_eq!(records[0].mean(), Some(10.0));
        assert_eq!(
            (
                records[1].name.as_str(),
                records[1].won,
                records[1].played,
                records[1].best
            ),
            ("Ben", 0, 1, Some(1))
        );
    }
}
