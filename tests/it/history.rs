//! Issue 72: every game remembered. The history database records each game as it is played
//! (one transaction a record), imports the saved games of the data folder, survives a process
//! killed while writing and sets aside a damaged file; a game replays from it to its own final
//! score; the statistics count as the issue says; the exports have BG Stats' fields.

use foreman::bots::{Bot, BotKind};
use foreman::engine::{Act, Difficulty, Game, Mode, SavedGame, Setup, scoreboard};
use foreman::history::export::{self, MACHINE};
use foreman::history::stats;
use foreman::history::{Filter, GameRow, History, Origin, SeatRow};
use foreman::sim::{self, Seating};
use serde_json::Value;
use std::path::Path;

/// A finished game played by random bots: solo at each difficulty, or 2 to 5 players; every
/// tenth solo game at easy by the planner bot, which beats the Machine there (random bots
/// never do: the rank of a player who beats it would go untested). That bot plans each work
/// phase, and chooses in the market by the planner's objective alone, without playing ahead
/// (which the history does not need, and which made these tests minutes long).
fn finished(seed: u64) -> Game {
    let table = match seed % 6 {
        0 => Seating::Solo(Difficulty::Easy),
        1 => Seating::Solo(Difficulty::Expert),
        k => Seating::Players(k as usize),
    };
    if !seed.is_multiple_of(60) {
        return sim::play(table, seed, BotKind::Random).expect("a game to its end");
    }
    let game = Game::new(table.setup(seed)).expect("a game");
    let mut bot = Bot::planner(seed, foreman::planner::Weights::default(), 0);
    bot.rollouts = 0;
    bot.plans = 1;
    sim::play_out(game, std::slice::from_mut(&mut bot)).expect("a game to its end")
}

/// Issue 72, point 6: a game in the history replays to the same final score as its journal,
/// over 500 simulated games; the list has every game, newest first.
#[test]
fn five_hundred_games_replay_from_the_history_to_their_own_score() {
    let mut h = History::in_memory().expect("a history");
    let games: Vec<Game> = sim::on_threads(&(0..500).collect::<Vec<u64>>(), 2, finished);
    let mut ids = Vec::new();
    for (k, g) in games.iter().enumerate() {
        let id = h
            .record(g, 1_700_000_000 + k as i64 * 3600, Origin::Play, None, None)
            .expect("recorded");
        ids.push(id);
    }
    let rows = h.games(&Filter::default()).expect("the list");
    assert_eq!(rows.len(), 500);
    assert!(
        rows.windows(2).all(|w| w[0].started >= w[1].started),
        "newest first"
    );
    for (g, id) in games.iter().zip(&ids) {
        let back = h.game(*id).expect("replays");
        assert_eq!(back.journal(), g.journal());
        let want = scoreboard(g.state());
        assert_eq!(scoreboard(back.state()), want);
        let row = rows.iter().find(|r| r.id == *id).expect("listed");
        assert!(row.finished);
        for p in &want.players {
            assert_eq!(row.seats[p.seat].score, Some(p.total));
        }
        assert_eq!(row.machine_score, want.machine.as_ref().map(|m| m.total));
        if row.machine_won {
            // The Machine first: the player is second (the exports' rank; a new-user trial
            // found both ranked first).
            assert!(
                row.seats.iter().all(|s| s.rank == Some(2)),
                "{:?}",
                row.seats
            );
        } else {
            // The winners are first, and a rank never beats a better score's.
            assert!(
                row.seats
                    .iter()
                    .filter(|s| s.won)
                    .all(|s| s.rank == Some(1))
            );
            for a in &row.seats {
                for b in &row.seats {
                    if a.score > b.score {
                        assert!(a.rank <= b.rank, "{:?}", row.seats);
                    }
                }
            }
        }
    }
    // Both branches above were taken: solo games the Machine won and games it lost.
    let solo: Vec<bool> = ids
        .iter()
        .filter_map(|id| rows.iter().find(|r| r.id == *id))
        .filter(|r| r.machine_score.is_some())
        .map(|r| r.machine_won)
        .collect();
    assert!(solo.contains(&true) && solo.contains(&false), "{solo:?}");
}

fn dealt_solo(seed: u64) -> Game {
    Game::new_dealt(Setup::solo("Ada", Difficulty::Hard, seed)).expect("a game")
}

fn write(path: &Path, game: &Game) {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
    std::fs::write(path, SavedGame::from_game(game).to_json()).expect("written");
}

/// Issue 72, point 1: the saved games of the data folder are imported once; a game further on
/// is the same game; a game undone while played is shortened, an older file never shortens
/// it; a file that does not load is skipped.
#[test]
fn the_data_folder_is_imported_once_and_a_game_stays_one_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path();
    // Two games played a few moves (a game only dealt is no one's game yet: not imported).
    let full = finished(1);
    let mut game = full.truncate(5).expect("five moves");
    write(&data.join("last-game.json"), &game);
    write(
        &data.join("games/game-1.json"),
        &finished(7).truncate(4).expect("four moves"),
    );
    write(&data.join("games/dealt.json"), &dealt_solo(6));
    std::fs::write(data.join("games/broken.json"), "{ not a game").expect("written");
    let mut opened = foreman::history::open_in(data).expect("opened");
    assert!(opened.set_aside.is_none());
    let h = &mut opened.history;
    assert_eq!(h.count().expect("count"), 2);
    assert_eq!(h.import(data).expect("again"), 0, "nothing new");
    assert_eq!(h.count().expect("count"), 2);
    // The game goes on: the same record, further on.
    let before = game.journal().len();
    game = full.truncate(before + 1).expect("one move more");
    write(&data.join("last-game.json"), &game);
    assert_eq!(h.import(data).expect("further on"), 1);
    assert_eq!(h.count().expect("count"), 2);
    let row = |h: &History| {
        h.games(&Filter::default())
            .expect("list")
            .into_iter()
            .find(|r| {
                r.actions > 0
                    && r.file
                        .as_deref()
                        .is_some_and(|f| f.ends_with("last-game.json"))
            })
            .expect("the last game")
    };
    assert_eq!(row(h).actions, before + 1);
    // An older copy of it imported does not take the record back…
    let older = game.truncate(before).expect("older");
    write(&data.join("games/older.json"), &older);
    h.import(data).expect("imported");
    assert_eq!(h.count().expect("count"), 2);
    assert_eq!(row(h).actions, before + 1);
    // …but an undo while playing does.
    let id = row(h).id;
    h.record(&older, 1, Origin::Play, Some(id), None)
        .expect("undone");
    assert_eq!(
        h.games(&Filter::default())
            .expect("list")
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.actions),
        Some(before)
    );
}

/// Issue 72, point 6: a damaged file, or another program's database, is set aside under a new
/// name (its bytes kept), and a new history begun; Foreman goes on.
#[test]
fn a_damaged_or_foreign_database_is_set_aside_and_a_new_one_begun() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(foreman::history::FILE);
    let garbage = b"SQLite format 3\0 but then only noise".repeat(200);
    std::fs::write(&path, &garbage).expect("written");
    let opened = History::open(&path).expect("opens anyway");
    let aside = opened.set_aside.expect("set aside");
    assert_eq!(std::fs::read(&aside).expect("kept"), garbage);
    assert!(
        aside.to_string_lossy().ends_with(".damaged-1"),
        "{}",
        aside.display()
    );
    let mut h = opened.history;
    h.record(&dealt_solo(1), 10, Origin::Play, None, None)
        .expect("records");
    assert_eq!(h.count().expect("count"), 1);
    drop(h);
    // A sound history opens as it is.
    let again = History::open(&path).expect("opens");
    assert!(again.set_aside.is_none());
    assert_eq!(again.history.count().expect("count"), 1);
    drop(again);
    // Another program's database.
    let other = dir.path().join("other.sqlite");
    {
        let c = rusqlite::Connection::open(&other).expect("sqlite");
        c.execute_batch("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('bread');")
            .expect("made");
    }
    let opened = History::open(&other).expect("opens anyway");
    assert!(
        opened.set_aside.is_some(),
        "a foreign database is not Foreman's"
    );
    assert_eq!(opened.history.count().expect("count"), 0);
}

/// Issue 72, point 6: `foreman history --import` killed with SIGKILL while it writes, four
/// times at different moments (once it has written 1, 40, 120 and 220 games, watched in the
/// database, whatever the machine's speed): the history is never damaged, every game it holds
/// is whole (its seats with it) and replays; run to the end, it holds them all.
#[test]
fn a_history_killed_while_writing_is_never_damaged() {
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().join("saved");
    let games: Vec<Game> = sim::on_threads(&(1000..1300).collect::<Vec<u64>>(), 2, finished);
    for (k, g) in games.iter().enumerate() {
        write(&saved.join(format!("game-{k:03}.json")), g);
    }
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_foreman"))
            .args(["history", "--import"])
            .arg(&saved)
            .env("XDG_DATA_HOME", dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("foreman runs")
    };
    let db = dir.path().join("foreman").join(foreman::history::FILE);
    // Games written so far, read as another process would (it may not exist yet).
    let written = || -> usize {
        let Ok(conn) =
            rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        else {
            return 0;
        };
        let _ = conn.busy_timeout(std::time::Duration::from_secs(5));
        conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
            .map_or(0, |n| n as usize)
    };
    let mut counts = Vec::new();
    for target in [1usize, 40, 120, 220] {
        let mut child = run();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while written() < target && matches!(child.try_wait(), Ok(None)) {
            assert!(
                std::time::Instant::now() < deadline,
                "no progress to {target} games"
            );
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let _ = child.kill();
        let _ = child.wait();
        let opened = History::open(&db).expect("opens");
        assert!(
            opened.set_aside.is_none(),
            "damaged after a kill at {target} games"
        );
        let rows = opened.history.games(&Filter::default()).expect("the list");
        for r in &rows {
            let g = opened.history.game(r.id).expect("a whole game");
            assert_eq!(
                r.seats.len(),
                g.setup().players.len(),
                "seats of game {}",
                r.id
            );
            assert_eq!(r.actions, g.journal().len());
        }
        counts.push(rows.len());
    }
    // The kills came while it wrote (not all before it began, not all after it ended).
    assert!(
        counts.iter().any(|&n| n > 0 && n < games.len()),
        "games recorded at each kill: {counts:?}"
    );
    let status = run().wait().expect("finished");
    assert!(status.success());
    let h = History::open(&db).expect("opens").history;
    assert_eq!(h.count().expect("count"), games.len());
}

fn seat(name: &str, score: u32, won: bool) -> SeatRow {
    SeatRow {
        seat: 0,
        name: name.into(),
        bot: None,
        score: Some(score),
        won,
        rank: Some(if won { 1 } else { 2 }),
        first: false,
    }
}

fn row(
    id: i64,
    day: i64,
    machine: Option<&str>,
    machine_won: bool,
    seats: Vec<SeatRow>,
) -> GameRow {
    GameRow {
        id,
        started: day * 86_400,
        updated: day * 86_400 + 1800,
        played: Some(1800),
        mode: Mode::Digital,
        machine: machine.map(str::to_string),
        machine_score: machine.map(|_| 30),
        rounds: 9,
        actions: 200,
        finished: true,
        machine_won,
        file: None,
        seats: seats
            .into_iter()
            .enumerate()
            .map(|(i, mut s)| {
                s.seat = i;
                s
            })
            .collect(),
    }
}

/// Issue 72, point 3: head to head counts pairwise and a tie for first is a win for each; a
/// rival is named only after 3 games together; the Machine's win rate is per difficulty, over
/// time.
#[test]
fn statistics_count_as_board_gamers_count() {
    let rows = vec![
        row(
            1,
            1,
            None,
            false,
            vec![
                seat("Ann", 40, true),
                seat("Bo", 40, true),
                seat("Cy", 20, false),
            ],
        ),
        row(
            2,
            2,
            None,
            false,
            vec![seat("Ann", 30, false), seat("Bo", 35, true)],
        ),
        row(
            3,
            3,
            None,
            false,
            vec![seat("Ann", 30, false), seat("Bo", 35, true)],
        ),
        row(4, 4, Some("expert"), true, vec![seat("Ann", 20, false)]),
        row(5, 5, Some("expert"), false, vec![seat("Ann", 40, true)]),
        row(6, 6, Some("easy"), false, vec![seat("Ann", 44, true)]),
    ];
    let pairs = stats::head_to_head(&rows);
    let ann_bo = pairs
        .iter()
        .find(|p| p.a == "Ann" && p.b == "Bo")
        .expect("a pair");
    assert_eq!((ann_bo.games, ann_bo.a_wins, ann_bo.b_wins), (3, 1, 3));
    let ann_cy = pairs
        .iter()
        .find(|p| p.a == "Ann" && p.b == "Cy")
        .expect("a pair");
    assert_eq!((ann_cy.games, ann_cy.a_wins, ann_cy.b_wins), (1, 1, 0));
    assert_eq!(stats::rival(&pairs, "Ann").as_deref(), Some("Bo"));
    assert_eq!(
        stats::rival(&pairs, "Cy"),
        None,
        "one game together is no rivalry"
    );
    let machine = stats::machine(&rows, Some("Ann"));
    assert_eq!(machine.len(), 2);
    assert_eq!(machine[0].difficulty, "easy");
    let expert = &machine[1];
    assert_eq!((expert.games, expert.wins), (2, 1));
    assert_eq!(
        expert.over_time.iter().map(|p| p[1]).collect::<Vec<_>>(),
        [0.0, 0.5]
    );
    assert_eq!(
        expert.margins.iter().map(|p| p[1]).collect::<Vec<_>>(),
        [-10.0, 10.0]
    );
    let players = stats::players(&rows);
    let ann = players.iter().find(|p| p.name == "Ann").expect("Ann");
    assert_eq!((ann.games, ann.wins, ann.best), (6, 3, 44));
    // Stacked score histograms: every series has a count in every bin, in the same order,
    // or a series' bars would stand on another bin's (its k-th bar on the k-th below it).
    let solo: &[u32] = &[3, 4, 12];
    let four: &[u32] = &[18, 19, 21];
    assert_eq!(
        stats::stacked_histograms(&[solo, four], 5),
        [
            (0, vec![2, 0]),
            (5, vec![0, 0]),
            (10, vec![1, 0]),
            (15, vec![0, 2]),
            (20, vec![0, 1]),
        ]
    );
    assert!(stats::stacked_histograms(&[&[], &[]], 5).is_empty());
}

fn percent_decoded(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).expect("hex"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("UTF-8")
}

/// Issue 72, point 4: the BG Stats file has BG Stats' fields (the Machine an NPC player, its
/// difficulty in `board`, the game BoardGameGeek's 216600); the create-play link carries one
/// play with `winner` for every player; the CSVs have a row per game and per seat.
#[test]
fn exports_have_bg_stats_fields_and_csv_rows() {
    let mut h = History::in_memory().expect("a history");
    let games: Vec<Game> = [0u64, 1, 3].iter().map(|&s| finished(s)).collect();
    for (k, g) in games.iter().enumerate() {
        h.record(
            g,
            1_790_000_000 + k as i64 * 86_400,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    }
    let rows = h.games(&Filter::default()).expect("list");
    let file = export::bgstats(&rows);
    for key in ["games", "players", "locations", "plays", "userInfo"] {
        assert!(file.get(key).is_some(), "no {key}");
    }
    let game = &file["games"][0];
    assert_eq!(game["bggId"], 216_600);
    assert_eq!(game["name"], "Fantastic Factories");
    assert_eq!(game["highestWins"], true);
    let machine = file["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["name"] == MACHINE)
        .expect("the Machine as a player");
    assert_eq!(machine["metaData"], "{\"isNpc\":1}");
    let plays = file["plays"].as_array().expect("plays");
    assert_eq!(plays.len(), 3);
    let boards: Vec<&str> = plays.iter().filter_map(|p| p["board"].as_str()).collect();
    assert!(
        boards.contains(&"Machine: easy") && boards.contains(&"Machine: expert"),
        "{boards:?}"
    );
    for play in plays {
        for key in [
            "uuid",
            "playDate",
            "entryDate",
            "gameRefId",
            "locationRefId",
            "durationMin",
            "rounds",
            "playerScores",
        ] {
            assert!(play.get(key).is_some(), "a play without {key}");
        }
        let date = play["playDate"].as_str().expect("a date");
        assert_eq!(date.len(), 19, "{date}");
        let scores = play["playerScores"].as_array().expect("scores");
        assert!(scores.iter().filter(|s| s["winner"] == true).count() >= 1);
        for s in scores {
            for key in [
                "playerRefId",
                "score",
                "winner",
                "newPlayer",
                "startPlayer",
                "rank",
                "seatOrder",
                "team",
                "role",
            ] {
                assert!(s.get(key).is_some(), "a score without {key}");
            }
            assert!(s["score"].is_string(), "BG Stats writes scores as text");
            let p = s["playerRefId"].as_u64().expect("a player") as usize;
            assert!(p >= 1 && p <= file["players"].as_array().map_or(0, Vec::len));
        }
    }
    // Each play against its game's own score card: every score, winner and start player, and
    // ranks that follow them (the winners first, a better score never ranked lower).
    let mut played = 0;
    // The plays are in the list's order (newest first), the games recorded oldest first.
    for ((g, row), play) in games.iter().zip(rows.iter().rev()).zip(plays.iter().rev()) {
        let board = scoreboard(g.state());
        let name_of = |r: &Value| {
            let i = r["playerRefId"].as_u64().expect("a player") as usize - 1;
            file["players"][i]["name"]
                .as_str()
                .expect("a name")
                .to_string()
        };
        let mut expected: Vec<(String, u32, bool, bool)> = board
            .players
            .iter()
            .map(|p| {
                let won = matches!(&board.winner, foreman::engine::Winner::Players(w) if w.contains(&p.seat));
                (g.setup().player_name(p.seat), p.total, won, p.seat == g.setup().first_player)
            })
            .collect();
        if let Some(m) = &board.machine {
            expected.push((
                MACHINE.to_string(),
                m.total,
                board.winner == foreman::engine::Winner::Machine,
                false,
            ));
        }
        let scores = play["playerScores"].as_array().expect("scores");
        assert_eq!(scores.len(), expected.len());
        for (name, total, won, first) in &expected {
            let s = scores
                .iter()
                .find(|s| name_of(s) == *name)
                .expect("a score for each");
            assert_eq!(s["score"], total.to_string(), "{name}'s score");
            assert_eq!(s["winner"], *won, "{name}: winner");
            assert_eq!(s["startPlayer"], *first, "{name}: start player");
            let rank = s["rank"].as_u64().expect("a rank");
            assert_eq!(rank == 1, *won, "{name}: rank {rank}");
            for (other, t, _, _) in &expected {
                let r = scores
                    .iter()
                    .find(|s| name_of(s) == *other)
                    .expect("a score")["rank"]
                    .as_u64()
                    .expect("a rank");
                if t > total {
                    assert!(r <= rank, "{other} {t} ranked below {name} {total}");
                }
            }
        }
        // And the CSV's rows of that game: the same scores, winners and start player.
        let players_csv = export::csv_players(&rows).expect("CSV");
        for (name, total, won, first) in &expected {
            let line = players_csv
                .lines()
                .find(|l| {
                    let c: Vec<&str> = l.split(',').collect();
                    c.first() == Some(&row.id.to_string().as_str())
                        && c.get(3) == Some(&name.as_str())
                })
                .unwrap_or_else(|| panic!("{name}'s row in game {}", row.id));
            let c: Vec<&str> = line.split(',').collect();
            assert_eq!(c[5], total.to_string(), "{line}");
            assert_eq!(c[6] == "true" || c[6] == "1", *won, "{line}");
            assert_eq!(c[8] == "true" || c[8] == "1", *first, "{line}");
        }
        played += 1;
    }
    assert_eq!(played, games.len());
    // The blueprints: copies the winners built, and seats that built each, from the
    // database's sums, as the games' own compounds say.
    let cards = stats::cards(&h.built_summary().expect("sums"));
    for c in &cards {
        let card = foreman::engine::Blueprint::ALL
            .iter()
            .copied()
            .find(|b| b.name() == c.card)
            .expect("a blueprint");
        let (mut by_winners, mut seats, mut wins) = (0, 0, 0);
        for g in &games {
            let board = scoreboard(g.state());
            let won = |s: usize| matches!(&board.winner, foreman::engine::score::Winner::Players(w) if w.contains(&s));
            for (s, p) in g.state().players.iter().enumerate() {
                let n = u32::from(p.compound.count(card));
                if n > 0 {
                    seats += 1;
                    wins += u32::from(won(s));
                    by_winners += if won(s) { n } else { 0 };
                }
            }
        }
        assert_eq!(
            (c.by_winners, c.seats, c.wins),
            (by_winners, seats, wins),
            "{}",
            c.card
        );
    }
    assert!(!cards.is_empty());
    // One play as a link.
    let link = export::create_play_link(&rows[0]);
    let prefix = "https://app.bgstatsapp.com/createPlay.html?data=";
    assert!(link.starts_with(prefix), "{link}");
    let data: Value = serde_json::from_str(&percent_decoded(&link[prefix.len()..])).expect("JSON");
    assert_eq!(data["game"]["bggId"], 216_600);
    for p in data["players"].as_array().expect("players") {
        assert!(p["winner"].is_boolean(), "winner always sent: {p}");
    }
    // CSV: a header and a row per game; per seat (the Machine's too).
    let csv = export::csv_games(&rows).expect("CSV");
    assert_eq!(csv.lines().count(), 1 + rows.len());
    assert!(csv.starts_with("id,date,mode,players,machine,rounds,minutes,finished,winners"));
    let seats: usize = rows
        .iter()
        .map(|r| r.seats.len() + usize::from(r.machine.is_some()))
        .sum();
    let players = export::csv_players(&rows).expect("CSV");
    assert_eq!(players.lines().count(), 1 + seats);
    // The Machine has a seat, after the players'.
    let solo = rows
        .iter()
        .find(|r| r.machine.is_some())
        .expect("a solo game");
    let machine_row = players
        .lines()
        .find(|l| l.starts_with(&format!("{},", solo.id)) && l.contains(",machine "))
        .expect("the Machine's row");
    let seat = machine_row.split(',').nth(2).expect("a seat column");
    assert_eq!(seat, (solo.seats.len() + 1).to_string(), "{machine_row}");
}

/// Issue 72, point 5: `foreman history`, `stats` and `export` on a data folder whose last game
/// is finished.
#[test]
fn history_stats_and_export_on_the_command_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("foreman");
    let game = finished(1);
    write(&data.join("last-game.json"), &game);
    let foreman_in = |tz: &str, args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_foreman"))
            .args(args)
            .env("XDG_DATA_HOME", dir.path())
            .env("TZ", tz)
            .output()
            .expect("foreman runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let foreman = |args: &[&str]| foreman_in("UTC0", args);
    let list = foreman(&["history"]);
    // Dates are read on the player's clock: three hours east of UTC, the listed hour is
    // three hours later (a POSIX TZ rule, so no time-zone files are needed).
    let hour = |list: &str| -> u32 {
        let at = list.find(':').expect("a time in the list");
        list[at - 2..at].parse().expect("an hour")
    };
    let east = foreman_in("XST-3", &["history"]);
    assert_eq!((hour(&list) + 3) % 24, hour(&east), "{list}\n{east}");
    assert!(
        list.contains("solo, expert") && list.contains("winner:"),
        "{list}"
    );
    let json: Value = serde_json::from_str(&foreman(&["history", "--json"])).expect("JSON");
    assert_eq!(json.as_array().map(Vec::len), Some(1));
    let stats = foreman(&["stats"]);
    assert!(
        stats.contains("Against the Machine") && stats.contains("expert"),
        "{stats}"
    );
    let file = dir.path().join("plays.bgsplay");
    let said = foreman(&["export", "--bgstats", file.to_str().expect("path")]);
    assert!(said.contains("1 finished games"), "{said}");
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("written")).expect("JSON");
    assert_eq!(v["plays"].as_array().map(Vec::len), Some(1));
    let csv = dir.path().join("games.csv");
    foreman(&["export", "--csv", csv.to_str().expect("path")]);
    assert!(dir.path().join("games-players.csv").exists());
    // The CSV's dates are on the player's clock too (issue 88, point 9): three hours east of
    // UTC, every row's hour is three hours later, in both files.
    let hours = |file: &Path| -> Vec<u32> {
        std::fs::read_to_string(file)
            .expect("written")
            .lines()
            .skip(1)
            .map(|row| {
                let date = row.split(',').nth(1).expect("a date column");
                date[11..13].parse().expect("an hour")
            })
            .collect()
    };
    let players_csv = dir.path().join("games-players.csv");
    let (utc, utc_players) = (hours(&csv), hours(&players_csv));
    foreman_in("XST-3", &["export", "--csv", csv.to_str().expect("path")]);
    let (east, east_players) = (hours(&csv), hours(&players_csv));
    assert!(!utc.is_empty() && utc_players.len() > utc.len());
    for (u, e) in utc
        .iter()
        .chain(&utc_players)
        .zip(east.iter().chain(&east_players))
    {
        assert_eq!((u + 3) % 24, *e, "{utc:?} {east:?}");
    }
    // Both at once.
    std::fs::remove_file(&file).expect("removed");
    std::fs::remove_file(&csv).expect("removed");
    foreman(&[
        "export",
        "--bgstats",
        file.to_str().expect("path"),
        "--csv",
        csv.to_str().expect("path"),
    ]);
    assert!(file.exists() && csv.exists());
    // A person renamed is the same person.
    foreman(&["history", "--rename", "Player 1", "Ada"]);
    assert!(foreman(&["stats"]).contains("Ada"));
}

/// Every QR code found in `image` (the window as rendered), decoded.
pub(crate) fn read_qr_codes(image: &image::RgbaImage) -> Vec<String> {
    let (w, h) = image.dimensions();
    let mut prepared =
        rqrr::PreparedImage::prepare_from_greyscale(w as usize, h as usize, |x, y| {
            let p = image.get_pixel(x as u32, y as u32);
            ((u16::from(p[0]) + u16::from(p[1]) + u16::from(p[2])) / 3) as u8
        });
    prepared
        .detect_grids()
        .into_iter()
        .filter_map(|g| g.decode().ok().map(|(_, text)| text))
        .collect()
}

/// Keeps what the window shows as `name`.png in the tests' own folder
/// (`target/tmp/window-shots`), to look at.
fn shot(h: &mut egui_kittest::Harness<'_, foreman::ui::app::ForemanApp>, name: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("window-shots");
    std::fs::create_dir_all(&dir).expect("the shots' folder");
    let image = h.render().expect("rendered");
    image
        .save(dir.join(format!("{name}.png")))
        .expect("a shot written");
}

/// Issue 72, points 2 and 3, in the window: a game played is in *History* with no action from
/// the player; its row opens its final score and its replay, which the arrow keys and the
/// round buttons step through; *Statistics* shows the Machine by difficulty.
#[test]
fn the_history_screen_lists_replays_and_counts_a_game_played() {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = super::window::harness(dir.path(), 3);
    let game = finished(1);
    let last = game.journal().len();
    super::window::open_game(&mut h, dir.path(), &game);
    h.run();
    super::window::click(&mut h, "History");
    h.get_all_by_label_contains("solo, Machine Expert")
        .next()
        .expect("a row")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("Total").is_some(),
        "the final score"
    );
    let at = |h: &egui_kittest::Harness<'_, foreman::ui::app::ForemanApp>| -> usize {
        h.query_all_by_label("actions played")
            .find_map(|n| n.value().and_then(|v| v.trim().parse::<f64>().ok()))
            .expect("the replay's slider") as usize
    };
    assert_eq!(at(&h), last, "the replay opens at the end");
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(at(&h), last - 1, "left: one action back");
    super::window::click(&mut h, "<< Round");
    let round_start = at(&h);
    assert!(round_start < last - 1);
    // It lands on the round's first position, and says so (not "after" the last action of
    // the round before).
    let round_at = |n: usize| {
        Game::replay(game.setup().clone(), game.journal()[..n].to_vec())
            .expect("replayed")
            .state()
            .round
    };
    assert!(round_at(round_start - 1) < round_at(round_start));
    h.get_by_label(&format!("Start of round {}", round_at(round_start)));
    h.key_press(egui::Key::ArrowUp);
    h.run();
    assert!(at(&h) < round_start, "up: a round back");
    assert!(at(&h) == 0 || round_at(at(&h) - 1) < round_at(at(&h)));
    shot(&mut h, "history");
    // BG Stats' link for this play, and its QR code to scan.
    // Home and End: the start and the end.
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(at(&h), 0, "Home: before the deal");
    h.get_by_label("Before the opening deal");
    h.key_press(egui::Key::End);
    h.run();
    assert_eq!(at(&h), last, "End: the last action");
    super::window::click(&mut h, "BG Stats: show this play as a QR code");
    let links: Vec<String> = h
        .query_all_by_label_contains("https://app.bgstatsapp.com/createPlay.html?data=")
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .collect();
    assert!(!links.is_empty(), "the play's link as a QR code");
    // The code as drawn, read back from the window's pixels: the play's link.
    let read = read_qr_codes(&h.render().expect("rendered"));
    assert!(
        read.iter()
            .any(|r| links.iter().any(|l| l.contains(r.as_str()))),
        "read {read:?}, the links {links:?}"
    );
    shot(&mut h, "history-bgstats");
    // Every game exported from the window, for BG Stats and as CSV, and where it went said.
    super::window::click(&mut h, "Export every game…");
    let exports = dir.path().join("exports");
    let file: Value = serde_json::from_str(
        &std::fs::read_to_string(exports.join("foreman.bgsplay")).expect("the play file"),
    )
    .expect("JSON");
    assert_eq!(file["plays"].as_array().map(Vec::len), Some(1));
    assert!(exports.join("foreman-games.csv").exists());
    assert!(exports.join("foreman-games-players.csv").exists());
    h.get_by_label_contains("foreman.bgsplay");
    super::window::click(&mut h, "Statistics");
    assert!(h.query_by_label_contains("Against the Machine").is_some());
    assert!(
        h.query_all_by_label("Expert").count() >= 1,
        "the difficulty's row"
    );
    shot(&mut h, "stats");
    // Opened from the table, *Back* returns to the game.
    super::window::click(&mut h, "Back to the game");
    assert!(
        h.query_by_label("Statistics").is_none(),
        "the history closed"
    );
    h.get_by_label("History");
    assert_eq!(
        h.state().game().map(|g| g.journal().len()),
        Some(last),
        "the game on the table"
    );
}

/// Issue 72, point 2: a game not finished is resumed from *History*: the table opens on it,
/// as far as it was played.
#[test]
fn an_unfinished_game_is_resumed_from_the_history() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = super::window::harness(dir.path(), 3);
    let mut game = dealt_solo(9);
    game.apply_digital(Act::TakeBlueprint { slot: 1 })
        .expect("taken");
    let played = game.journal().len();
    super::window::open_game(&mut h, dir.path(), &game);
    super::window::click(&mut h, "History");
    h.get_all_by_label_contains("not finished")
        .next()
        .expect("the game in the list")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("Total").is_none(),
        "no final score yet"
    );
    super::window::click(&mut h, "Resume this game");
    let resumed = h.state().game().expect("the table");
    assert_eq!(resumed.journal().len(), played);
    assert_eq!(resumed.setup(), game.setup());
}

/// A window opened on a new game and left before anyone plays leaves no row in the history;
/// the first action played records the game.
#[test]
fn a_game_no_one_played_is_not_remembered() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = super::window::harness(dir.path(), 3);
    h.state_mut().open_default();
    h.run();
    let rows = || {
        History::open(&dir.path().join(foreman::history::FILE))
            .expect("the history")
            .history
            .games(&Filter::default())
            .expect("its games")
            .len()
    };
    assert_eq!(rows(), 0, "only the opening deal: nothing to remember");
    h.get_all_by_label_contains("Take ")
        .next()
        .expect("a market blueprint to take")
        .click();
    h.run();
    assert_eq!(rows(), 1, "one action played: the game is in the history");
}

/// From the history's new-user trial: an older copy of a finished game, resumed and played
/// on, is another game from there; the finished one keeps its result and its date.
#[test]
fn an_older_copy_played_on_never_takes_a_finished_games_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = History::open(&dir.path().join("h.sqlite"))
        .expect("opened")
        .history;
    let full = finished(1);
    let done = h
        .record(&full, 1_000, Origin::Play, None, None)
        .expect("recorded");
    // The older copy, played one move further (as the finished game went): a window that
    // opened its file records it with no id of its own.
    let older = full.truncate(20).expect("older");
    let again = h
        .record(&older, 2_000, Origin::Play, None, None)
        .expect("recorded");
    assert_ne!(again, done, "another game from there");
    let rows = h.games(&Filter::default()).expect("list");
    let first = rows
        .iter()
        .find(|r| r.id == done)
        .expect("the finished game");
    assert!(first.finished);
    assert_eq!(first.actions, full.journal().len());
    assert_eq!(first.started, 1_000);
}

/// A name renamed stays renamed for a game still played: its later records go to the person
/// it was renamed to (from the history's new-user trial).
#[test]
fn a_rename_holds_for_a_game_still_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = History::open(&dir.path().join("h.sqlite"))
        .expect("opened")
        .history;
    let full = finished(1);
    let name = full.setup().player_name(0);
    let id = h
        .record(
            &full.truncate(6).expect("a few moves"),
            10,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    assert!(h.rename(&name, "Alice").expect("renamed") >= 1);
    h.record(&full, 20, Origin::Play, Some(id), None)
        .expect("recorded further on");
    let people = h.people().expect("people");
    assert!(people.contains(&"Alice".to_string()), "{people:?}");
    assert!(!people.contains(&name), "{name} is Alice now: {people:?}");
    let players = stats::players(&h.games(&Filter::default()).expect("list"));
    assert!(
        players.iter().any(|p| p.name == "Alice" && p.games == 1),
        "{players:?}"
    );
}

/// The start screen's games put aside: not a finished game, nor an older copy of a game the
/// last game or another put aside goes on from (from the history's new-user trial).
#[test]
fn games_put_aside_are_those_worth_resuming() {
    use foreman::store::{KeptGame, worth_resuming};
    let full = finished(1);
    let kept = |game: Game, name: &str| KeptGame {
        path: name.into(),
        modified: 0,
        game: Ok(game),
    };
    let list = vec![
        kept(full.clone(), "finished.json"),
        kept(full.truncate(10).expect("older"), "older.json"),
        kept(full.truncate(30).expect("newer"), "newer.json"),
        kept(finished(7).truncate(8).expect("another"), "another.json"),
        KeptGame {
            path: "broken.json".into(),
            modified: 0,
            game: Err("not a game".into()),
        },
    ];
    let names = |list: Vec<KeptGame>| -> Vec<String> {
        list.iter().map(|k| k.path.display().to_string()).collect()
    };
    // The finished game is not listed, and the copies it goes on from neither.
    assert_eq!(
        names(worth_resuming(list.clone(), None)),
        ["another.json", "broken.json"]
    );
    // Without it: the newer copy is, the older one is not.
    let unfinished: Vec<KeptGame> = list[1..].to_vec();
    assert_eq!(
        names(worth_resuming(unfinished.clone(), None)),
        ["newer.json", "another.json", "broken.json"]
    );
    // The last game going on from both: neither.
    let last = full.truncate(40).expect("the last game");
    assert_eq!(
        names(worth_resuming(unfinished, Some(&last))),
        ["another.json", "broken.json"]
    );
}
