//! The `foreman` command line, run as a user would.

use foreman::bots::BotKind;
use foreman::engine::{Difficulty, SavedGame};
use foreman::sim::{self, Seating};
use std::io::Write;
use std::process::{Command, Stdio};

fn foreman() -> Command {
    Command::new(env!("CARGO_BIN_EXE_foreman"))
}

pub(crate) fn run(args: &[&str]) -> (bool, String, String) {
    let out = foreman().args(args).output().expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// [`run`] with `data` as the data folder's home (`XDG_DATA_HOME`): nothing of the user's.
fn run_in(data: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let out = foreman()
        .env("XDG_DATA_HOME", data)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn simulate_json_solo_has_the_documented_fields() {
    let (ok, out, err) = run(&[
        "simulate", "--games", "3", "--seed", "5", "--solo", "hard", "--json",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object per line");
        assert_eq!(v["seed"], 5 + i as u64);
        assert!(v["rounds"].as_u64().unwrap() >= 1);
        let winner = v["winner"].as_str().unwrap();
        assert!(winner == "machine" || winner == "Player 1", "{winner}");
        let p = &v["players"][0];
        for key in [
            "name", "score", "prestige", "goods", "metal", "energy", "hand", "compound",
        ] {
            assert!(!p[key].is_null(), "players[0].{key} missing in {line}");
        }
        assert_eq!(
            p["score"].as_u64().unwrap(),
            p["prestige"].as_u64().unwrap() + p["goods"].as_u64().unwrap()
        );
        let m = &v["machine"];
        let cards = m["compound"].as_array().unwrap().len() as u64;
        assert!(
            m["score"].as_u64().unwrap() >= m["goods"].as_u64().unwrap() + cards,
            "{line}"
        );
    }
}

#[test]
fn simulate_multiplayer_text_and_json() {
    let (ok, out, err) = run(&[
        "simulate",
        "--games",
        "2",
        "--seed",
        "1",
        "--players",
        "4",
        "--bot",
        "random",
        "--json",
    ]);
    assert!(ok, "{err}");
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["players"].as_array().unwrap().len(), 4);
        assert!(v.get("machine").is_none());
    }
    let (ok, out, _) = run(&["simulate", "--games", "2", "--seed", "1", "--players", "2"]);
    assert!(ok);
    assert!(out.contains("2 games,"), "{out}");
}

/// `simulate` plays its games on several threads: each summary is that of the game played
/// alone, in the order of the seeds.
#[test]
fn games_played_on_several_threads_are_the_games_played_one_by_one() {
    let table = Seating::Solo(Difficulty::Easy);
    let seeds = [3, 4, 5, 6, 7];
    let many = sim::play_many(table, &seeds, BotKind::Greedy, 3);
    assert_eq!(many.len(), seeds.len());
    for (summary, &seed) in many.iter().zip(&seeds) {
        let alone = sim::summarise(&sim::play(table, seed, BotKind::Greedy).expect("plays"));
        let summary = summary.as_ref().expect("plays");
        assert_eq!(summary.seed, seed);
        assert_eq!(
            serde_json::to_string(summary).expect("json"),
            serde_json::to_string(&alone).expect("json")
        );
    }
}

#[test]
fn simulate_without_a_table_explains_itself() {
    let (ok, _, err) = run(&["simulate", "--games", "1"]);
    assert!(!ok);
    assert!(err.contains("--players P"), "{err}");
}

#[test]
fn score_and_replay_a_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.json");
    let game = sim::play(Seating::Solo(Difficulty::Easy), 2, BotKind::Greedy).unwrap();
    std::fs::write(&path, SavedGame::from_game(&game).to_json()).unwrap();
    let (ok, out, err) = run(&["score", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let machine = game.state().machine.as_ref().unwrap().score();
    assert!(
        out.contains(&format!("The Machine: {machine} points")),
        "{out}"
    );
    assert!(out.contains("Winner: "), "{out}");
    let (ok, out, _) = run(&["replay", path.to_str().unwrap()]);
    assert!(ok);
    assert!(
        out.starts_with(&format!(
            "{} actions replayed, all legal.",
            game.journal().len()
        )),
        "{out}"
    );

    let mut journal = game.journal().to_vec();
    let k = journal
        .iter()
        .position(|a| !a.inputs.dice.is_empty())
        .unwrap();
    journal[k].inputs.dice[0] = 0;
    std::fs::write(
        &path,
        SavedGame::new(game.setup().clone(), journal).to_json(),
    )
    .unwrap();
    let (ok, _, err) = run(&["replay", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains(&format!("action {} of", k + 1)) && err.contains("not 0"),
        "{err}"
    );
}

#[test]
fn the_terminal_game_saves_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = foreman()
        .args(["play", "--seed", "4"])
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Take the first listed action, then type nonsense, then close the input.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1\nbanana\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Type a number from 1 to"), "{text}");
    let saved = std::fs::read_to_string(dir.path().join("foreman/last-game.json")).unwrap();
    let game = SavedGame::load(&saved).unwrap();
    assert_eq!(game.journal().len(), 2, "the deal and the one action typed");
    let out = foreman()
        .args(["play", "--resume"])
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Round 1"));
}

/// Issue: rules and game integrity, point 6: a load error is said once, and a journal's number
/// past a `u8`'s last (a market slot of 255) is named as it is, never wrapped to slot 0.
#[test]
fn load_errors_are_said_once_and_numbers_from_a_file_do_not_wrap() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.json");
    std::fs::write(&cut, "{\"format\":1,").unwrap();
    let (ok, _, err) = run(&["replay", cut.to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(err.matches("ends too early").count(), 1, "{err}");
    let (ok, _, err) = run(&["score", dir.path().join("none.json").to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(err.matches("No such file").count(), 1, "{err}");
    // A market slot of 255 (docs/rules.md, market phase: slots 1 to 4).
    let mut game =
        foreman::engine::Game::new_dealt(foreman::engine::Setup::solo("You", Difficulty::Easy, 3))
            .unwrap();
    let mut journal = game.journal().to_vec();
    journal.push(foreman::engine::Action::new(
        foreman::engine::Act::TakeBlueprint { slot: 255 },
    ));
    let path = dir.path().join("slot.json");
    std::fs::write(
        &path,
        SavedGame::new(game.setup().clone(), journal).to_json(),
    )
    .unwrap();
    let (ok, _, err) = run(&["replay", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("market slot 256 does not exist"), "{err}");
    // The engine alone says the same (no overflow in a debug build).
    let e = game
        .apply(foreman::engine::Action::new(
            foreman::engine::Act::TakeBlueprint { slot: 255 },
        ))
        .unwrap_err();
    assert_eq!(e, foreman::engine::RuleError::NoSuchSlot(256));
}

/// Issue: rules and game integrity, point 9: one player is the solo game.
#[test]
fn one_player_without_the_machine_points_to_solo() {
    let (ok, _, err) = run(&["simulate", "--players", "1", "--games", "1"]);
    assert!(!ok);
    assert!(err.contains("--solo"), "{err}");
}

/// Issue: rules and game integrity, points 3 and 5: in the terminal, undo after the Machine's
/// turn does not replay the Machine (it rolled dice: undo stops there), a resumed game keeps
/// its own difficulty, and the Machine's compound counts cards, not names.
#[test]
fn the_terminal_undo_stops_at_a_roll_and_resume_keeps_the_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = foreman()
        .args(["play", "--seed", "4", "--solo", "easy"])
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The first action listed (refreshing the market reveals 4 cards), then undo.
    child.stdin.take().unwrap().write_all(b"1\nu\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Undo stops at \"refresh the market blueprints for 1 metal\""),
        "{text}"
    );
    let saved = std::fs::read_to_string(dir.path().join("foreman/last-game.json")).unwrap();
    assert_eq!(SavedGame::load(&saved).unwrap().journal().len(), 2);
    let out = foreman()
        .args(["play", "--resume"])
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("against the Machine (easy)"), "{text}");
}

/// Issue 29, point 3: `foreman plan FILE --json` prints the best work phase of a saved game's
/// player at work (steps, gain, positions), and every step is accepted by the rules in turn; a
/// game not in a work phase is told so.
#[test]
fn plan_prints_the_best_work_phase_of_a_saved_game() {
    use foreman::bots::Bot;
    use foreman::engine::{Act, Action, Game, Phase, Setup};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut game = Game::new_dealt(Setup::solo("Ada", Difficulty::Medium, 3)).expect("game");
    let mut bot = Bot::new(BotKind::Greedy, 3);
    while !matches!(game.state().phase, Phase::Work { rolled: true, .. }) {
        let act = bot.choose(&game).expect("an action");
        game.apply_digital(act).expect("legal");
    }
    let path = dir.path().join("working.json");
    std::fs::write(&path, SavedGame::from_game(&game).to_json()).expect("write");
    let (ok, out, err) = run(&["plan", path.to_str().expect("path"), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["player"], "Ada");
    assert!(v["gain"].as_f64().is_some() && v["positions"].as_u64().unwrap_or(0) > 0);
    let acts: Vec<Act> = serde_json::from_value(v["acts"].clone()).expect("acts");
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(acts.len()));
    // Issue 91, point 3: the planner bot's work phase, on what Ada knows: in a solo game the
    // objective's plan weighed against its variants' in worlds.
    let known = game.known_to(Some(0));
    let seed = foreman::bots::public_seed(&known);
    let expected = foreman::bots::suggest_work(known.game(), seed, None).expect("a plan");
    assert_eq!(acts, expected.steps);
    assert_eq!(v["weighed"].as_u64(), Some(expected.weighed as u64));
    if expected.weighed > 1 {
        assert_eq!(v["worlds"].as_u64(), Some(foreman::bots::ROLLOUTS as u64));
        assert_eq!(v["rounds"].as_u64(), Some(foreman::bots::HORIZON as u64));
    }
    for act in acts {
        let before = game.clone();
        // A step whose result is chance is the last: the game's own generator plays it.
        if game.apply(Action::new(act.clone())).is_err() {
            let mut g = before;
            g.apply_digital(act).expect("the plan's step is legal");
            game = g;
        }
    }
    // The text form numbers the steps.
    let (ok, text, _) = run(&["plan", path.to_str().expect("path")]);
    assert!(ok && text.contains("The best work phase for Ada") && text.contains("  1. "));
    // Before the roll there is nothing to plan.
    let fresh = dir.path().join("fresh.json");
    let mut new = Game::new_dealt(Setup::solo("Ada", Difficulty::Medium, 4)).expect("game");
    while !matches!(new.state().phase, Phase::Work { rolled: false, .. }) {
        let act = bot.choose(&new).expect("an action");
        new.apply_digital(act).expect("legal");
    }
    std::fs::write(&fresh, SavedGame::from_game(&new).to_json()).expect("write");
    let (ok, _, err) = run(&["plan", fresh.to_str().expect("path")]);
    assert!(!ok && err.contains("after their roll"), "{err}");
}

/// Issue 29, points 3 and 4: in the market phase `foreman plan FILE` gives the planner bot's
/// choice (the blueprint to take or the contractor to hire, each played ahead two rounds;
/// docs/rules.md, market phase), the same each time it is asked, legal, with the
/// next best choices, one line per card, none the card chosen.
#[test]
fn plan_in_the_market_phase_gives_the_planner_bots_choice() {
    use foreman::engine::{Act, Game, Phase, Setup};
    let dir = tempfile::tempdir().expect("temp dir");
    let game = Game::new_dealt(Setup::solo("Ada", Difficulty::Medium, 7)).expect("game");
    assert!(matches!(game.state().phase, Phase::Market { .. }));
    let path = dir.path().join("market.json");
    std::fs::write(&path, SavedGame::from_game(&game).to_json()).expect("write");
    let (ok, out, err) = run(&["plan", path.to_str().expect("path"), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(
        (&v["player"], &v["phase"]),
        (&"Ada".into(), &"market".into())
    );
    // A solo game's choices are played ahead two rounds in worlds drawn from what Ada knows.
    assert_eq!(v["rolls"].as_u64(), Some(foreman::bots::ROLLOUTS as u64));
    assert_eq!(v["rounds"].as_u64(), Some(foreman::bots::HORIZON as u64));
    assert!(
        v["discard_unseen"].is_null(),
        "Ada's hand is known: every card is named"
    );
    let acts: Vec<Act> = serde_json::from_value(v["acts"].clone()).expect("acts");
    assert_eq!(acts.len(), 1);
    assert!(game.check(&acts[0]).is_ok(), "{:?}", acts[0]);
    assert!(matches!(
        acts[0],
        Act::TakeBlueprint { .. } | Act::Hire { .. }
    ));
    // The same as the library gives.
    let choice = foreman::bots::suggest_market_for(&game).expect("a choice");
    assert_eq!(choice.act, acts[0]);
    let others = v["others"].as_array().expect("others");
    assert!(!others.is_empty());
    let card = |a: &Act| match a {
        Act::TakeBlueprint { slot } => (0, *slot),
        Act::Hire { slot, .. } => (1, *slot),
        other => panic!("not a market choice: {other:?}"),
    };
    let mut cards = vec![card(&acts[0])];
    let mut last = choice.gain;
    for o in others {
        let a: Act = serde_json::from_value(o["act"].clone()).expect("act");
        let g = o["gain"].as_f64().expect("gain");
        assert!(g <= last + 1e-9, "best first");
        last = g;
        assert!(!cards.contains(&card(&a)), "one line per card: {a:?}");
        cards.push(card(&a));
    }
    let (ok, again, _) = run(&["plan", path.to_str().expect("path"), "--json"]);
    assert!(ok && again == out, "asked again, the same answer");
    let (ok, text, _) = run(&["plan", path.to_str().expect("path")]);
    assert!(
        ok && text.contains("The best market choice for Ada") && text.contains("  1. "),
        "{text}"
    );
}

/// Issue 93: nodes of one database carry devices to each other in plain HTTP, behind the
/// reverse proxy that holds the certificate: an `https://` node address and a certificate on
/// a node are refused at the start, each with its reason (nothing is served, nothing hangs).
#[test]
fn a_node_of_a_database_is_reached_in_plain_http() {
    let (ok, _, err) = run(&[
        "serve",
        "--database",
        "postgres://nobody@127.0.0.1:1/none",
        "--node-url",
        "https://10.0.0.1:7878",
    ]);
    assert!(!ok, "refused");
    assert!(err.contains("plain HTTP"), "{err}");
    let (ok, _, err) = run(&[
        "serve",
        "--database",
        "postgres://nobody@127.0.0.1:1/none",
        "--cert",
        "c.pem",
        "--key",
        "k.pem",
    ]);
    assert!(!ok, "refused");
    assert!(
        err.contains("--cert") && err.contains("--database"),
        "{err}"
    );
}

/// Issue 90, point 1: `foreman dice read --count N --colour NAME` reads a roll the game waits
/// for: at most N dice, the surest, each of the seat's colour; a photo with fewer says so
/// rather than guess; an unknown colour is refused with the colours there are.
#[test]
fn dice_read_takes_the_roll_it_waits_for() {
    let photo = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/dice/d6-tray-photos/images/IMG_20191209_100728.jpg"
    );
    // A data folder of its own: nothing taught at the user's table reads here.
    let home = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| run_in(home.path(), args);
    let (ok, all, err) = run(&["dice", "read", photo]);
    assert!(ok, "{err}");
    assert!(all.contains(": 5 dice"), "{all}");
    let (ok, three, err) = run(&["dice", "read", "--count", "3", "--colour", "red", photo]);
    assert!(ok, "{err}");
    assert!(three.contains(": 3 dice"), "{three}");
    assert_eq!(three.matches(" red at ").count(), 3, "{three}");
    assert!(!three.contains("white"), "{three}");
    let (ok, eight, err) = run(&["dice", "read", "--count", "8", photo]);
    assert!(ok, "{err}");
    assert!(eight.contains("(saw 5 of the 8 dice)"), "{eight}");
    let (ok, _, err) = run(&["dice", "read", "--colour", "pink", photo]);
    assert!(!ok);
    assert!(err.contains("red, blue, green"), "{err}");
}

/// Issue 90, point 4: `foreman dice teach --truth FILE PHOTO...` teaches the reader from photos
/// whose rolls are told in a file, into the data folder; `foreman dice read` then reads with it
/// (and says so; `--shipped` reads with the model built in), `--forget` removes it; a photo
/// where the roll cannot be placed (a die missed) is said and not taught; a wrong truth file is
/// refused with its line.
#[test]
fn dice_teach_teaches_the_reader_and_forget_removes_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| run_in(home.path(), args);
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/dice/d6-tray-photos"
    );
    // Six photos with their labels as the truth (class = pips - 1).
    let mut names: Vec<String> = std::fs::read_dir(format!("{dir}/images"))
        .expect("the photos")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    // Photos of a roll's size (most hold a score of dice: the reader misses some of those).
    let faces_of = |n: &String| -> Vec<String> {
        let stem = n.rsplit_once('.').map_or(n.as_str(), |(s, _)| s);
        std::fs::read_to_string(format!("{dir}/labels/{stem}.txt"))
            .expect("label")
            .lines()
            .filter_map(|l| l.split_whitespace().next()?.parse::<u8>().ok())
            .map(|c| (c + 1).to_string())
            .collect()
    };
    names.retain(|n| (3..=6).contains(&faces_of(n).len()));
    names.truncate(6);
    assert_eq!(names.len(), 6);
    let mut truth = String::from("# the tray\n");
    for n in &names {
        let faces = faces_of(n);
        truth.push_str(&format!("{n}: {}\n", faces.join(" ")));
    }
    // One photo told with more dice than it has: a die the reader cannot find.
    let first = names[0].clone();
    truth = truth.replacen(
        &format!("{first}: "),
        &format!("{first}: 6 6 6 6 6 6 6 6 6 6 6 6 "),
        1,
    );
    let truth_file = home.path().join("truth.txt");
    std::fs::write(&truth_file, &truth).expect("write");
    let photos: Vec<String> = names.iter().map(|n| format!("{dir}/images/{n}")).collect();
    let mut args = vec![
        "dice",
        "teach",
        "--truth",
        truth_file.to_str().expect("path"),
    ];
    args.extend(photos.iter().map(String::as_str));
    let (ok, out, err) = run(&args);
    assert!(ok, "{err}");
    assert!(out.contains("not taught (teach it in the window)"), "{out}");
    assert!(out.contains("Taught 5 of 6 photos"), "{out}");
    assert!(out.contains("5 rolls taught in all"), "{out}");
    let kept = home.path().join("foreman/dice-lessons.bin");
    assert!(kept.exists(), "the lessons kept in the data folder");
    // Read with it, and said; --shipped reads with the model built in.
    let (ok, _, said) = run(&["dice", "read", &photos[1]]);
    assert!(ok, "{said}");
    assert!(
        said.contains("Reading with what was taught from 5 rolls"),
        "{said}"
    );
    let (ok, _, said) = run(&["dice", "read", "--shipped", &photos[1]]);
    assert!(ok);
    assert!(!said.contains("Reading with what was taught"), "{said}");
    // Forgotten: the files gone, the model built in reads again.
    let (ok, out, err) = run(&["dice", "teach", "--forget"]);
    assert!(ok, "{err}");
    assert!(out.contains("Forgot what was taught (5 rolls)"), "{out}");
    assert!(!kept.exists());
    let (_, _, said) = run(&["dice", "read", &photos[1]]);
    assert!(!said.contains("Reading with what was taught"), "{said}");
    // A wrong truth file: refused with its line, nothing taught.
    std::fs::write(&truth_file, format!("{}: 3 7\n", names[1])).expect("write");
    let (ok, _, err) = run(&[
        "dice",
        "teach",
        "--truth",
        truth_file.to_str().expect("path"),
        &photos[1],
    ]);
    assert!(!ok);
    assert!(
        err.contains("line 1") && err.contains("\"7\" is not a face"),
        "{err}"
    );
    assert!(!kept.exists());
}
