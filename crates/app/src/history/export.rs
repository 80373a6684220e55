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
    written_at(secs, jiff::tz::TimeZone::UTC)
}

/// `secs` since 1970 as "YYYY-MM-DD HH:MM:SS" on this computer's clock (its time zone, with
/// summer time, from `TZ` or the system's setting; UTC where none can be read): what a player
/// reads, and what BG Stats takes as a play's date.
pub fn local_date_time(secs: i64) -> String {
    written_at(secs, jiff::tz::TimeZone::system())
}

/// `secs` in `zone`; a time past what a calendar holds (a damaged row) is its nearest end.
fn written_at(secs: i64, zone: jiff::tz::TimeZone) -> String {
    let at = jiff::Timestamp::from_second(secs).unwrap_or(if secs < 0 {
        jiff::Timestamp::MIN
    } else {
        jiff::Timestamp::MAX
    });
    at.to_zoned(zone).strftime("%Y-%m-%d %H:%M:%S").to_string()
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

/// A play of another game's seats as exported: ranked 1 for the winners, then by score.
fn other_scores(p: &super::other::OtherPlay) -> Vec<Score> {
    p.seats
        .iter()
        .map(|s| Score {
            name: s.name.clone(),
            npc: false,
            score: s.score,
            winner: s.won,
            rank: Some(if s.won {
                1
            } else {
                1 + p
                    .seats
                    .iter()
                    .filter(|o| o.won || o.score > s.score)
                    .count() as u32
            }),
            first: s.first,
        })
        .collect()
}

/// A play's `playerScores` in BG Stats' file, its players found among `names`.
fn player_scores(names: &[(String, bool)], scores: &[Score]) -> Vec<Value> {
    scores
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
        .collect()
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

/// The games beside Fantastic Factories in BG Stats' file: their id there, name, and player
/// counts. **Decision**: their BoardGameGeek numbers are not written (0): BG Stats then
/// matches them by name.
const OTHERS: [(&str, u32, &str, u32, u32); 2] = [
    ("traumfabrik", 2, "Traumfabrik", 2, 5),
    ("little-factory", 3, "Little Factory", 2, 4),
];

/// BG Stats' play file for `games` (finished ones: a play is logged when it is over).
pub fn bgstats(games: &[GameRow]) -> Value {
    bgstats_with(games, &[])
}

/// [`bgstats`], with the finished plays of the other games (Traumfabrik, Little Factory).
pub fn bgstats_with(games: &[GameRow], others: &[super::other::OtherPlay]) -> Value {
    let games: Vec<&GameRow> = games.iter().filter(|g| g.finished).collect();
    let others: Vec<&super::other::OtherPlay> = others.iter().filter(|p| p.finished).collect();
    let mut names: Vec<(String, bool)> = Vec::new();
    for g in &games {
        for s in scores(g) {
            if !names.iter().any(|(n, _)| *n == s.name) {
                names.push((s.name, s.npc));
            }
        }
    }
    for p in &others {
        for s in &p.seats {
            if !names.iter().any(|(n, _)| *n == s.name) {
                names.push((s.name.clone(), false));
            }
        }
    }
    let newest = games
        .iter()
        .map(|g| g.updated)
        .chain(others.iter().map(|p| p.updated))
        .max()
        .unwrap_or(0);
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
    let mut plays: Vec<Value> = games
        .iter()
        .map(|g| {
            let scores = player_scores(&names, &scores(g));
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
    let mut listed = vec![json!({
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
    })];
    for (kind, id, name, min, max) in OTHERS {
        let of_it: Vec<&&super::other::OtherPlay> =
            others.iter().filter(|p| p.game == kind).collect();
        if of_it.is_empty() {
            continue;
        }
        listed.push(json!({
            "id": id,
            "uuid": uuid(&format!("game:{kind}")),
            "name": name,
            "bggId": 0,
            "bggName": name,
            "highestWins": true,
            "noPoints": false,
            "cooperative": false,
            "usesTeams": false,
            "isBaseGame": 1,
            "isExpansion": 0,
            "minPlayerCount": min,
            "maxPlayerCount": max,
        }));
        for p in of_it {
            let scores = player_scores(&names, &other_scores(p));
            plays.push(json!({
                "uuid": uuid(&format!("play:{kind}:{}:{}", p.id, p.started)),
                "playDate": local_date_time(p.started),
                "entryDate": local_date_time(p.updated),
                "modificationDate": local_date_time(p.updated),
                "gameRefId": id,
                "locationRefId": 1,
                "durationMin": ((p.updated - p.started).max(0) as f64 / 60.0).round() as u32,
                "ignored": false,
                "manualWinner": false,
                "usesTeams": false,
                "comments": "Recorded by Foreman",
                "expansionPlays": [],
                "playerScores": scores,
            }));
        }
    }
    json!({
        "about": "Board game plays recorded by Foreman (Fantastic Factories, and Traumfabrik and Little Factory at the table), in BG Stats' structure",
        "userInfo": { "meRefId": 1 },
        "players": players,
        "locations": [{
            "id": 1,
            "uuid": uuid("location:Foreman"),
            "name": "Foreman",
            "modificationDate": local_date_time(newest),
        }],
        "games": listed,
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

/// `rows` under `header` as CSV (fields quoted when they must be).
fn csv_table(header: &[&str], rows: Vec<Vec<String>>) -> std::io::Result<String> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(header)?;
    for row in rows {
        out.write_record(row)?;
    }
    let bytes = out.into_inner().map_err(|e| e.into_error())?;
    String::from_utf8(bytes).map_err(std::io::Error::other)
}

/// The games as CSV, one row each: `id,date,mode,players,machine,rounds,minutes,finished,winners`.
pub fn csv_games(games: &[GameRow]) -> std::io::Result<String> {
    let rows = games
        .iter()
        .map(|g| {
            let minutes = g
                .played
                .map(|s| format!("{:.1}", s as f64 / 60.0))
                .unwrap_or_default();
            let mode = match g.mode {
                crate::engine::Mode::Digital => "digital",
                crate::engine::Mode::Companion => "companion",
            };
            vec![
                g.id.to_string(),
                local_date_time(g.started),
                mode.to_string(),
                g.seats.len().to_string(),
                g.machine.clone().unwrap_or_default(),
                g.rounds.to_string(),
                minutes,
                u8::from(g.finished).to_string(),
                g.winners().join("; "),
            ]
        })
        .collect();
    csv_table(
        &[
            "id", "date", "mode", "players", "machine", "rounds", "minutes", "finished", "winners",
        ],
        rows,
    )
}

/// Every seat of every game as CSV, one row each (the Machine's included):
/// `game,date,seat,name,kind,score,winner,rank,start_player`.
pub fn csv_players(games: &[GameRow]) -> std::io::Result<String> {
    let number = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
    let mut rows = Vec::new();
    for g in games {
        let date = local_date_time(g.started);
        for s in &g.seats {
            let kind = match &s.bot {
                Some(level) => format!("bot {level}"),
                None => "person".into(),
            };
            rows.push(vec![
                g.id.to_string(),
                date.clone(),
                (s.seat + 1).to_string(),
                s.name.clone(),
                kind,
                number(s.score),
                u8::from(s.won).to_string(),
                number(s.rank),
                u8::from(s.first).to_string(),
            ]);
        }
        if let Some(level) = &g.machine {
            let rank = match (g.finished, g.machine_won) {
                (false, _) => "",
                (true, true) => "1",
                (true, false) => "2",
            };
            rows.push(vec![
                g.id.to_string(),
                date.clone(),
                // The Machine sits after the players.
                (g.seats.len() + 1).to_string(),
                MACHINE.to_string(),
                format!("machine {level}"),
                number(g.machine_score),
                u8::from(g.machine_won).to_string(),
                rank.to_string(),
                "0".to_string(),
            ]);
        }
    }
    csv_table(
        &[
            "game",
            "date",
            "seat",
            "name",
            "kind",
            "score",
            "winner",
            "rank",
            "start_player",
        ],
        rows,
    )
}

/// The plays of Traumfabrik and Little Factory as CSV: a row per seat (game, date, finished,
/// player, score, winner, start player).
pub fn csv_other_plays(plays: &[super::other::OtherPlay]) -> std::io::Result<String> {
    let rows = plays
        .iter()
        .flat_map(|p| {
            p.seats.iter().map(move |s| {
                vec![
                    p.id.to_string(),
                    p.game.clone(),
                    local_date_time(p.started),
                    u8::from(p.finished).to_string(),
                    s.name.clone(),
                    s.score.map(|v| v.to_string()).unwrap_or_default(),
                    u8::from(s.won).to_string(),
                    u8::from(s.first).to_string(),
                ]
            })
        })
        .collect();
    csv_table(
        &[
            "play", "game", "date", "finished", "player", "score", "winner", "first",
        ],
        rows,
    )
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
        let text = csv_table(
            &["a", "b"],
            vec![
                vec!["Ann".into(), "Ann, Bo".into()],
                vec!["the \"Bo\"".into(), String::new()],
            ],
        )
        .expect("CSV");
        assert_eq!(text, "a,b\nAnn,\"Ann, Bo\"\n\"the \"\"Bo\"\"\",\n");
    }
}
