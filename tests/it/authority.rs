//! Issue 94, what to build 1: one authority. The window's session is a client of its table,
//! the only writer of the journal: a device's action racing the window's *Undo* is never
//! lost, an answer worked out before an undo and another action is recognised as old, and two
//! writers of one file never share a temporary file.

use foreman::engine::known::Source;
use foreman::engine::{Act, Setup};
use foreman::i18n::Lang;
use foreman::net::server::answer;
use foreman::session::Session;
use serde_json::json;

/// A 2-player game at a real table in the window's session, dealt as the table told it.
fn at_a_real_table(dir: &std::path::Path) -> Session {
    let mut s =
        Session::start(Setup::players(2, 5).companion(), dir.join("c.json")).expect("a game");
    for action in super::told::dealt_at_a_real_table(2, 5).journal() {
        s.act(action.act.clone(), action.inputs.clone(), Source::Given)
            .expect("dealt");
    }
    s
}

#[test]
fn a_devices_action_racing_the_windows_undo_is_never_lost() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = at_a_real_table(dir.path());
    s.host().expect("served");
    let table = s.hosted().cloned().expect("a table");
    // Ann's phone takes the market's Dojo (the Golem revealed) after the window last looked
    // (no frame has synced it).
    let msg = json!({"type": "act", "id": 1, "seen": table.version(),
        "act": {"kind": "take_blueprint", "slot": 1}, "blueprints": ["Golem"]});
    let (reply, _) = answer(&table, Some(0), Lang::En, &msg.to_string());
    assert!(reply.to_json().contains("done"), "{}", reply.to_json());
    let len = table.game().journal().len();
    // The window's Undo, clicked on what it showed: refused, the phone's action kept.
    assert!(
        s.undo().is_err(),
        "an undo on a game the window had not seen"
    );
    assert_eq!(
        table.game().journal().len(),
        len,
        "the phone's action is kept"
    );
    assert_eq!(
        s.truth().journal().len(),
        len,
        "the window took the new game"
    );
    // Seen now: Undo takes back the last action, the phone's, in the table's lock.
    let undone = s.undo().expect("undone").expect("an action");
    assert!(matches!(undone.act, Act::TakeBlueprint { slot: 1 }));
    assert_eq!(table.game().journal().len(), len - 1);
    // The file is the table's journal: opened again, the same game.
    let again = Session::resume(&dir.path().join("c.json")).expect("resumed");
    assert_eq!(again.truth(), &table.game());
}

/// An answer (a bot's choice, a suggestion) is kept with the version it was worked out on:
/// an undo and another action give back the journal's length, never the version.
#[test]
fn an_undo_and_another_action_never_bring_an_old_version_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = Session::start(Setup::players(2, 5).companion(), dir.path().join("c.json"))
        .expect("a game");
    let deal = super::told::dealt_at_a_real_table(2, 5);
    for action in deal.journal() {
        s.act(action.act.clone(), action.inputs.clone(), Source::Given)
            .expect("dealt");
    }
    // At a real table anything can be taken back: Ann takes the market's Dojo, the Beacon.
    let asked_at = (s.version(), s.truth().journal().len());
    let take = |s: &mut Session, slot: u8| {
        let inputs = foreman::engine::Inputs {
            blueprints: [foreman::engine::Blueprint::Golem].as_slice().into(),
            ..Default::default()
        };
        s.act(Act::TakeBlueprint { slot }, inputs, Source::Given)
            .expect("taken");
    };
    take(&mut s, 1);
    let after_first = (s.version(), s.truth().journal().len());
    s.undo().expect("undone");
    take(&mut s, 2);
    let after_second = (s.version(), s.truth().journal().len());
    assert_eq!(after_first.1, after_second.1, "the same journal length");
    assert_ne!(after_first.0, after_second.0, "never the same version");
    assert!(after_second.0 > after_first.0 && after_first.0 > asked_at.0);
}

/// Two writers of one file, at once, many times: every write whole, no temporary file left,
/// none shared.
#[test]
fn two_writers_never_share_a_temporary_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.json");
    let texts = ["a".repeat(200_000), "b".repeat(150_000)];
    std::thread::scope(|scope| {
        for text in &texts {
            let path = path.clone();
            scope.spawn(move || {
                for _ in 0..50 {
                    foreman::store::write_atomic(&path, text.as_bytes()).expect("written");
                }
            });
        }
    });
    let read = std::fs::read_to_string(&path).expect("read");
    assert!(
        texts.contains(&read),
        "a whole write, not a mix ({} bytes)",
        read.len()
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("listed")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 1, "no temporary file left: {left:?}");
}
