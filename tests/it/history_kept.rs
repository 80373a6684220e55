//! Issue 88, point 9: the history's behaviours no test held — its filters, a rename onto someone
//! already in it, two writers at once, an older layout and one from a newer Foreman.

use foreman::engine::{Difficulty, Game, Setup, legal_actions};
use foreman::history::{Filter, History, Origin};
use foreman::sim::{self, Seating};

/// A digital game of `names` (dealt, then `moves` actions by the first legal choice).
fn game_of(names: &[&str], seed: u64, moves: usize) -> Game {
    let mut setup = Setup::players(names.len(), seed);
    for (p, name) in setup.players.iter_mut().zip(names) {
        p.name = name.to_string();
    }
    let mut game = Game::new_dealt(setup).expect("a game");
    for _ in 0..moves {
        let Some(act) = legal_actions(game.state()).into_iter().next() else {
            break;
        };
        game.apply_digital(act).expect("a legal action");
    }
    game
}

fn sorted(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort();
    ids
}

fn ids(h: &History, filter: &Filter) -> Vec<i64> {
    let mut ids: Vec<i64> = h
        .games(filter)
        .expect("a list")
        .iter()
        .map(|g| g.id)
        .collect();
    ids.sort();
    ids
}

/// *History*'s filters (issue 72, point 3: by mode, person, Machine, dates, finished) each
/// keep exactly their games; a person is found by any spelling the history knows.
#[test]
fn each_filter_keeps_exactly_its_games() {
    let mut h = History::in_memory().expect("a history");
    let duo = h
        .record(
            &game_of(&["Ann", "Bob"], 1, 6),
            1_000,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    let trio = h
        .record(
            &game_of(&["Cid", "Bob", "Dee"], 2, 6),
            2_000,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    let solo_game = sim::play(
        Seating::Solo(Difficulty::Hard),
        3,
        foreman::bots::BotKind::Random,
    )
    .expect("a solo game to its end");
    let solo_name = solo_game.setup().player_name(0);
    let solo = h
        .record(&solo_game, 3_000, Origin::Play, None, None)
        .expect("recorded");
    let all = sorted(vec![duo, trio, solo]);
    assert_eq!(ids(&h, &Filter::default()), all);
    let by = |f: Filter| ids(&h, &f);
    assert_eq!(
        by(Filter {
            player: Some("bob".into()),
            ..Default::default()
        }),
        sorted(vec![duo, trio]),
        "Bob in any case"
    );
    assert_eq!(
        by(Filter {
            player: Some(solo_name.to_uppercase()),
            ..Default::default()
        }),
        vec![solo]
    );
    assert_eq!(
        by(Filter {
            machine: Some("hard".into()),
            ..Default::default()
        }),
        vec![solo]
    );
    assert!(
        by(Filter {
            machine: Some("easy".into()),
            ..Default::default()
        })
        .is_empty()
    );
    assert_eq!(
        by(Filter {
            since: Some(1_500),
            until: Some(2_500),
            ..Default::default()
        }),
        vec![trio]
    );
    assert_eq!(
        by(Filter {
            finished_only: true,
            ..Default::default()
        }),
        vec![solo]
    );
    assert_eq!(
        by(Filter {
            mode: Some(foreman::engine::Mode::Digital),
            ..Default::default()
        }),
        all
    );
    assert!(
        by(Filter {
            mode: Some(foreman::engine::Mode::Companion),
            ..Default::default()
        })
        .is_empty()
    );
}

/// Renaming onto someone already in the history makes them one person: both names' games are
/// theirs, the old name is gone from the people and still finds them.
#[test]
fn a_rename_onto_someone_already_there_makes_one_person() {
    let mut h = History::in_memory().expect("a history");
    let ann = h
        .record(
            &game_of(&["Ann", "Bob"], 1, 6),
            1_000,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    let annie = h
        .record(
            &game_of(&["Annie", "Cid"], 2, 6),
            2_000,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    assert_eq!(h.rename("Annie", "Ann").expect("renamed"), 1);
    let people = h.people().expect("people");
    assert!(people.contains(&"Ann".to_string()), "{people:?}");
    assert!(!people.contains(&"Annie".to_string()), "{people:?}");
    let both = sorted(vec![ann, annie]);
    for name in ["Ann", "annie"] {
        assert_eq!(
            ids(
                &h,
                &Filter {
                    player: Some(name.into()),
                    ..Default::default()
                }
            ),
            both,
            "{name}"
        );
    }
    for g in h.games(&Filter::default()).expect("list") {
        assert!(
            g.seats.iter().any(|s| s.name == "Ann"),
            "game {}: {:?}",
            g.id,
            g.seats
        );
    }
}

/// Two writers on one history at once (the window and `foreman play`, or two windows): every
/// game each records is kept, none lost to the other's lock.
#[test]
fn two_writers_at_once_lose_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("history.sqlite");
    drop(History::open(&path).expect("made"));
    let writers: Vec<_> = (0..3u64)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut h = History::open(&path).expect("opened").history;
                let mut ids = Vec::new();
                for k in 0..40u64 {
                    let seed = 100 * (w + 1) + k;
                    let game = game_of(&["Ann", "Bob"], seed, 4 + k as usize % 5);
                    ids.push(
                        h.record(&game, (seed * 10) as i64, Origin::Play, None, None)
                            .expect("recorded while the other writes"),
                    );
                }
                ids
            })
        })
        .collect();
    let mut written: Vec<i64> = writers
        .into_iter()
        .flat_map(|t| t.join().expect("a writer"))
        .collect();
    written.sort();
    written.dedup();
    assert_eq!(written.len(), 120);
    let h = History::open(&path).expect("opened again");
    assert!(h.set_aside.is_none());
    assert_eq!(ids(&h.history, &Filter::default()), written);
}

/// A history file of an older layout (Foreman's, but without the tables as they are now) is
/// set aside, never deleted, and a new one begun that records.
#[test]
fn an_older_layout_is_set_aside_and_a_new_history_begun() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("history.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).expect("a file");
        conn.execute_batch(
            "PRAGMA application_id = 1179603525;
             CREATE TABLE games (id INTEGER PRIMARY KEY, started INTEGER, saved BLOB);
             INSERT INTO games (started, saved) VALUES (1, x'00');",
        )
        .expect("an older layout");
    }
    let opened = History::open(&path).expect("opened");
    let aside = opened.set_aside.expect("the older file set aside");
    assert!(aside.exists(), "kept at {}", aside.display());
    let mut h = opened.history;
    h.record(
        &game_of(&["Ann", "Bob"], 1, 5),
        10,
        Origin::Play,
        None,
        None,
    )
    .expect("the new history records");
    assert_eq!(h.games(&Filter::default()).expect("list").len(), 1);
}

/// A history written by a newer Foreman (a later layout version) is not ours to change: this
/// Foreman says so, and neither rewrites its version nor sets it aside (the newer one would
/// lose it).
#[test]
fn a_history_from_a_newer_foreman_is_left_as_it_is() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("history.sqlite");
    {
        let mut h = History::open(&path).expect("made").history;
        h.record(
            &game_of(&["Ann", "Bob"], 1, 5),
            10,
            Origin::Play,
            None,
            None,
        )
        .expect("recorded");
    }
    {
        let conn = rusqlite::Connection::open(&path).expect("the file");
        conn.execute_batch("PRAGMA user_version = 99;")
            .expect("a newer version");
    }
    let err = match History::open(&path) {
        Ok(_) => panic!("a newer history opened as ours"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("newer"), "{err}");
    let conn = rusqlite::Connection::open(&path).expect("still there");
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("its version");
    assert_eq!(version, 99, "its version untouched");
    let games: i64 = conn
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .expect("its games");
    assert_eq!(games, 1);
    assert!(
        std::fs::read_dir(dir.path())
            .expect("the folder")
            .flatten()
            .all(|e| !e.file_name().to_string_lossy().contains("damaged")),
        "nothing set aside"
    );
}
