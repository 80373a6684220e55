//! Saved games (setup + journal): round trip, and refusals that say where and why.

use foreman::bots::BotKind;
use foreman::engine::Difficulty;
use foreman::engine::{LoadError, RuleError, SavedGame};
use foreman::sim::{self, Seating};
use foreman::store;

fn finished_game() -> foreman::engine::Game {
    sim::play(Seating::Solo(Difficulty::Hard), 11, BotKind::Greedy).expect("a complete game")
}

#[test]
fn a_saved_game_loads_to_the_same_state() {
    let game = finished_game();
    let text = SavedGame::from_game(&game).to_json();
    let loaded = SavedGame::load(&text).expect("loads");
    assert_eq!(loaded.state(), game.state());
    assert_eq!(loaded.journal(), game.journal());
}

#[test]
fn a_truncated_file_says_so() {
    let text = SavedGame::from_game(&finished_game()).to_json();
    let cut = &text[..text.len() / 2];
    assert!(
        matches!(SavedGame::load(cut), Err(LoadError::Truncated { .. })),
        "{:?}",
        SavedGame::load(cut).err()
    );
}

#[test]
fn garbage_and_foreign_files_are_refused() {
    let err = SavedGame::load("hello").unwrap_err();
    assert!(matches!(err, LoadError::Syntax { line: 1, .. }), "{err}");
    let err = SavedGame::load(r#"{"kind": "spreadsheet"}"#).unwrap_err();
    assert_eq!(err, LoadError::NotAGame("spreadsheet".into()));
    let text = SavedGame::from_game(&finished_game()).to_json().replacen(
        "\"format\": 2",
        "\"format\": 99",
        1,
    );
    assert_eq!(
        SavedGame::load(&text).unwrap_err(),
        LoadError::Format {
            found: 99,
            expected: 2
        }
    );
}

#[test]
fn an_edited_die_face_breaks_the_checksum() {
    let saved = SavedGame::from_game(&finished_game());
    let mut edited = saved.clone();
    let k = edited
        .journal
        .iter()
        .position(|a| !a.inputs.dice.is_empty())
        .expect("a roll");
    edited.journal[k].inputs.dice[0] = if edited.journal[k].inputs.dice[0] == 6 {
        5
    } else {
        6
    };
    let text = serde_json::to_string(&edited).unwrap();
    assert!(matches!(
        SavedGame::load(&text),
        Err(LoadError::Checksum { .. })
    ));
}

#[test]
fn an_illegal_action_is_named_with_its_number_and_reason() {
    let saved = SavedGame::from_game(&finished_game());
    let mut journal = saved.journal.clone();
    let k = journal
        .iter()
        .position(|a| !a.inputs.dice.is_empty())
        .expect("a roll");
    journal[k].inputs.dice[0] = 9;
    let total = journal.len();
    let err = SavedGame::new(saved.setup.clone(), journal)
        .into_game()
        .unwrap_err();
    assert_eq!(
        err,
        LoadError::Action {
            number: k + 1,
            total,
            act: "roll".into(),
            reason: RuleError::BadFace(9)
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "action {} of {total} (roll) is not allowed: a die shows 1 to 6, not 9",
            k + 1
        )
    );
}

#[test]
fn files_are_written_atomically_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/game.json");
    let game = finished_game();
    store::save_game(&path, &game).expect("saved");
    assert!(
        !dir.path().join("sub/game.json.tmp").exists(),
        "no temporary file is left"
    );
    assert_eq!(
        store::load_game(&path).expect("loaded").state(),
        game.state()
    );
    let missing = store::load_game(&dir.path().join("nope.json")).unwrap_err();
    assert!(missing.to_string().starts_with("cannot read"), "{missing}");
}

/// Issue 27: saves written before hidden hands (format 1, by the Foreman of commit ef04dd9)
/// still load, replay to the same end, and score exactly as that Foreman scored them (its
/// `foreman score` output is kept beside each file).
#[test]
fn format_1_saves_still_load_and_score_as_they_did() {
    for name in ["format1-digital-3-players", "format1-companion-solo"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves");
        let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("fixture");
        assert!(text.contains("\"format\": 1"), "{name} is a format 1 file");
        let game = SavedGame::load(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.state().is_over(), "{name}");
        assert_eq!(game.setup().hands, foreman::engine::Hands::Open, "{name}");
        let old = std::fs::read_to_string(dir.join(format!("{name}.score.txt"))).expect("score");
        assert_eq!(foreman::text::scoreboard_text(&game), old, "{name}");
        // Saved again, it is format 2 with the same setup and journal.
        let again = SavedGame::from_game(&game);
        assert_eq!(again.format, 2);
        let reloaded = SavedGame::load(&again.to_json()).expect("reloads");
        assert_eq!(reloaded.state(), game.state());
    }
}
