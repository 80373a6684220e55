//! The history sent elsewhere: BG Stats' play file (its `.bgsplay` JSON: `games`, `players`,
//! `locations`, `plays` with `playerScores`), BG Stats' "create play" link for one game, and
//! CSV for spreadsheets. The Machine and bots are players marked NPC; the Machine's difficulty
//! goes in a play's `board`; the game is BoardGameGeek's 216600.

use super::GameRow;
use serde_json::{Value, json};

/// Fantastic Factories on BoardGameGeek.
pub const BGG_ID: u32 = 216_600;
const GAME: &str = "Fantastic Factories";
/// Where BG Stats takes one play as a link.
const CREATE_PLAY: &str = "https://app.bgstatsapp.com/createPlay.html?data=";

/// `secs` since 1970 as "YYYY-MM-DD HH:MM:SS" (UTC).
pub fn date_time(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    let (y, m, d) = civil(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// `secs` since 1970 as "YYYY-MM-DD HH:MM:SS" on this computer's clock (its time zone, with
/// summer time): what a player reads, and what BG Stats takes as a play's date.
pub fn local_date_time(secs: i64) -> String {
    date_time(secs + local_offset(secs))
}

/// This computer's offset from UTC at `secs`, in seconds (0 where it cannot be known).
#[cfg(unix)]
fn local_offset(secs: i64) -> i64 {
    // time_t is 32 bits on some systems.
    #[allow(irrefutable_let_patterns)]
    let Ok(t) = libc::time_t::try_from(secs) else {
        return 0;
    };
    // SAFETY: `localtime_r` reads `t` and fills `tm`, both owned here and valid for the call;
    // it is the thread-safe form (no shared static buffer).
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let filled = unsafe { libc::localtime_r(&t, &mut tm) };
    if filled.is_null() {
        0
    } else {
        // tm_gmtoff is a C long: 32 bits on some systems.
        #[allow(clippy::useless_conversion)]
        i64::from(tm.tm_gmtoff)
    }
}

#[cfg(not(unix))]
fn local_offset(_secs: i64) -> i64 {
    0
}

/// The date of `days` since 1970 (the proleptic Gregorian calendar).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A UUID-shaped name for `what`, the same every time (BG Stats matches on it).
fn uuid(what: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut g: u64 = 0x8422_2325_cbf2_9ce4;
    for b in what.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        g = (g ^ u64::from(b))
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(5);
    }
    format!(
        "{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
        h >> 32,
        (h >> 16) & 0xffff,
        h & 0xfff,
        g >> 52,
        g & 0xffff_ffff_ffff
    )
}

/// The Machine's name in the exports.
pub const MACHINE: &str = "The Machine";

/// One seat of a play as exported: name, NPC, score, winner, rank, start player.
struct Score {
    name: String,
    npc: bool,
    score: Option<u32>,
    winner: bool,
    rank: Option<u32>,
    first: bool,
}

fn scores(g: &GameRow) -> Vec<Score> {
    let mut out: Vec<Score> = g
        .seats
        .iter()
        .map(|s| Score {
            name: s.name.clone(),
            npc: s.bot.is_some(),
            score: s.score,
            winner: s.won,
            rank: s.rank,
            first: s.first,
        })
        .collect();
    if g.machine.is_some() {
        out.push(Score {
            name: MACHINE.into(),
            npc: true,
            score: g.machine_score,
            winner: g.machine_won,
            rank: g.finished.then_some(if g.machine_won { 1 } else { 2 }),
            first: false,
        });
    }
    out
}

fn board(g: &GameRow) -> String {
    g.machine
        .as_ref()
        .map(|m| format!("Machine: {m}"))
        .unwrap_or_default()
}

fn minutes(g: &GameRow) -> u32 {
    g.played.map_or(0, |s| (s as f64 / 60.0).round() as u32)
}

/// BG Stats' play file for `games` (finished ones: a play is logged when it is over).
pub fn bgstats(games: &[GameRow]) -> Value {
    let games: Vec<&GameRow> = games.iter().filter(|g| g.finished).collect();
    let mut names: Vec<(String, bool)> = Vec::new();
    for g in &games {
        for s in scores(g) {
            if !names.iter().any(|(n, _)| *n == s.name) {
                names.push((s.name, s.npc));
            }
        }
    }
    let newest = games.iter().map(|g| g.updated).max().unwrap_or(0);
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, (name, npc))| {
            json!({
                "id": i + 1,
                "uuid": uuid(&format!("player:{name}")),
                "name": name,
                "isAnonymous": false,
                "modificationDate": local_date_time(newest),
                "bggUsername": "",
                "metaData": format!("{{\"isNpc\":{}}}", u8::from(*npc)),
            })
        })
        .collect();
    let plays: Vec<Value> = games
        .iter()
        .map(|g| {
            let scores: Vec<Value> = scores(g)
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    json!({
                        "playerRefId": names.iter().position(|(n, _)| *n == s.name).map_or(0, |p| p + 1),
                        "score": s.score.map(|v| v.to_string()).unwrap_or_default(),
                        "winner": s.winner,
                        "newPlayer": false,
                        "startPlayer": s.first,
                        "rank": s.rank.unwrap_or(0),
                        "seatOrder": i + 1,
                        "team": "",
                        "role": "",
                    })
                })
                .collect();
            json!({
                "uuid": uuid(&format!("play:{}:{}", g.id, g.started)),
                "playDate": local_date_time(g.started),
                "entryDate": local_date_time(g.updated),
                "modificationDate": local_date_time(g.updated),
                "gameRefId": 1,
                "locationRefId": 1,
                "durationMin": minutes(g),
                "ignored": false,
                "manualWinner": false,
                "rounds": g.rounds,
                "board": board(g),
                "usesTeams": false,
                "comments": "Recorded by Foreman",
                "expansionPlays": [],
                "playerScores": scores,
            })
        })
        .collect();
    json!({
        "about": "Fantastic Factories plays recorded by Foreman, in BG Stats' structure",
        "userInfo": { "meRefId": 1 },
        "players": players,
        "locations": [{
            "id": 1,
            "uuid": uuid("location:Foreman"),
            "name": "Foreman",
            "modificationDate": local_date_time(newest),
        }],
        "games": [{
            "id": 1,
            "uuid": uuid("game:216600"),
            "name": GAME,
            "bggId": BGG_ID,
            "bggName": GAME,
            "bggYear": 2019,
            "highestWins": true,
            "noPoints": false,
            "cooperative": false,
            "usesTeams": false,
            "isBaseGame": 1,
            "isExpansion": 0,
            "minPlayerCount": 1,
            "maxPlayerCount": 5,
            "minPlayTime": 45,
            "maxPlayTime": 60,
        }],
        "plays": plays,
    })
}

/// The data of BG Stats' "create play" link for one game.
pub fn create_play(g: &GameRow) -> Value {
    let players: Vec<Value> = scores(g)
        .iter()
        .map(|s| {
            json!({
                "startPlayer": s.first,
                "name": s.name,
                "rank": s.rank.unwrap_or(0),
                "role": "",
                "score": s.score.map(|v| v.to_string()).unwrap_or_default(),
                // Short: the link is drawn as a QR code.
                "sourcePlayerId": format!("foreman:{}", s.name),
                // Always sent: one Android version of BG Stats fails without it.
                "winner": s.winner,
            })
        })
        .collect();
    json!({
        "board": board(g),
        "durationMin": minutes(g),
        "comments": "Recorded by Foreman",
        "game": {
            "bggId": BGG_ID,
            "highestWins": true,
            "name": GAME,
            "noPoints": false,
            "sourceGameId": "foreman-fantastic-factories",
        },
        "location": "Foreman",
        "playDate": local_date_time(g.started),
        "players": players,
        "sourceName": "Foreman",
        "sourcePlayId": format!("foreman:{}:{}", g.id, g.started),
    })
}

/// BG Stats' "create play" link for one game (to open, or to scan as a QR code).
pub fn create_play_link(g: &GameRow) -> String {
    let data = create_play(g).to_string();
    let mut out = String::from(CREATE_PLAY);
    for b in data.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A CSV field, quoted when it must be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The games as CSV, one row each: `id,date,mode,players,machine,rounds,minutes,finished,winners`.
pub fn csv_games(games: &[GameRow]) -> String {
    let mut out = String::from("id,date,mode,players,machine,rounds,minutes,finished,winners\n");
    for g in games {
        let minutes = g
            .played
            .map(|s| format!("{:.1}", s as f64 / 60.0))
            .unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{}\n",
            g.id,
            local_date_time(g.started),
            match g.mode {
                crate::engine::Mode::Digital => "digital",
                crate::engine::Mode::Companion => "companion",
            },
            g.seats.len(),
            g.machine.as_deref().unwrap_or(""),
            g.rounds,
            minutes,
            u8::from(g.finished),
            field(&g.winners().join("; ")),
        ));
    }
    out
}

/// Every seat of every game as CSV, one row each (the Machine's included):
/// `game,date,seat,name,kind,score,winner,rank,start_player`.
pub fn csv_players(games: &[GameRow]) -> String {
    let mut out = String::from("game,date,seat,name,kind,score,winner,rank,start_player\n");
    for g in games {
        for s in &g.seats {
            let kind = match &s.bot {
                Some(level) => format!("bot {level}"),
                None => "person".into(),
            };
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{},{}\n",
                g.id,
                local_date_time(g.started),
                s.seat + 1,
                field(&s.name),
                kind,
                s.score.map(|v| v.to_string()).unwrap_or_default(),
                u8::from(s.won),
                s.rank.map(|v| v.to_string()).unwrap_or_default(),
                u8::from(s.first),
            ));
        }
        if let Some(level) = &g.machine {
            out.push_str(&format!(
                "{},{},{},{},machine {level},{},{},{},0\n",
                g.id,
                local_date_time(g.started),
                // The Machine sits after the players.
                g.seats.len() + 1,
                MACHINE,
                g.machine_score.map(|v| v.to_string()).unwrap_or_default(),
                u8::from(g.machine_won),
                if !g.finished {
                    String::new()
                } else if g.machine_won {
                    "1".into()
                } else {
                    "2".into()
                },
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_s() {
        assert_eq!(date_time(0), "1970-01-01 00:00:00");
        assert_eq!(date_time(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(date_time(1_796_386_000), "2026-12-04 12:06:40");
        assert_eq!(date_time(1_709_251_199), "2024-02-29 23:59:59");
    }

    #[test]
    fn uuids_are_uuid_shaped_and_stable() {
        let a = uuid("player:Ann");
        assert_eq!(a, uuid("player:Ann"));
        assert_ne!(a, uuid("player:Bo"));
        let parts: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(parts, [8, 4, 4, 4, 12], "{a}");
        assert!(a.chars().all(|c| c == '-' || c.is_ascii_hexdigit()));
    }

    #[test]
    fn csv_fields_with_commas_or_quotes_are_quoted() {
        assert_eq!(field("Ann"), "Ann");
        assert_eq!(field("Ann, Bo"), "\"Ann, Bo\"");
        assert_eq!(field("the \"Bo\""), "\"the \"\"Bo\"\"\"");
    }
}
