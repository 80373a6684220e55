//! Bot seats in the window (issue 29, point 4): any seat of a digital game can be a bot, easy
//! (the greedy bot) or hard (the planner bot). The bots play their own turns through the same
//! `submit` as a person's click; a person's turn waits for the person.

use crate::window::{click, harness};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use foreman::bots::{Bot, BotKind};
use foreman::engine::{BotLevel, Phase};
use foreman::ui::ForemanApp;
use std::time::Duration;

/// Sets seat `seat` (from 0) of the start form to `level` through its "Plays" list.
fn choose_plays(h: &mut Harness<'_, ForemanApp>, seat: usize, level: &str) {
    h.get_by_label_contains(&format!("Who plays seat {}.", seat + 1))
        .click();
    h.run();
    click(h, level);
}

/// Clicks `label` and lets a few frames pass (a bot thinking keeps the window repainting, so
/// it never settles as `click` expects).
fn click_and_step(h: &mut Harness<'_, ForemanApp>, label: &str) {
    h.get_by_label(label).click();
    for _ in 0..5 {
        h.step();
    }
}

/// A digital game of `players` started from the start screen, with each of `bots` (seat from
/// 0, level as the list says it) played by a bot, bots acting without a pause.
fn start_with_bots(
    dir: &std::path::Path,
    seed: u64,
    players: usize,
    bots: &[(usize, &str)],
) -> Harness<'static, ForemanApp> {
    let mut h = harness(dir, seed);
    h.state_mut().bot_pace = Duration::ZERO;
    h.run();
    click(&mut h, "2 to 5 players");
    click(&mut h, &players.to_string());
    for &(seat, level) in bots {
        choose_plays(&mut h, seat, level);
    }
    click_and_step(&mut h, "Start the game");
    h
}

/// Lets frames pass (the bots think on their own threads) until `done`, or panics after
/// `frames` frames.
fn frames_until(
    h: &mut Harness<'_, ForemanApp>,
    frames: usize,
    mut done: impl FnMut(&ForemanApp) -> bool,
) {
    for _ in 0..frames {
        if done(h.state()) {
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(done(h.state()), "still waiting after {frames} frames");
}

fn journal_len(app: &ForemanApp) -> usize {
    app.game().map_or(0, |g| g.journal().len())
}

/// Three players: the person at seat 1, an easy bot at seat 2 and a hard bot at seat 3. The
/// bots play every turn of theirs; the window never plays the person's; a person's click on
/// a bot's turn is refused with the reason; the bots are saved with the game and play on
/// after it is resumed.
#[test]
fn bot_seats_play_their_turns_and_wait_for_the_person() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = start_with_bots(dir.path(), 11, 3, &[(2, "Bot, hard"), (1, "Bot, easy")]);
    let setup = h.state().game().expect("a game").setup().clone();
    let bots: Vec<Option<BotLevel>> = setup.players.iter().map(|p| p.bot).collect();
    assert_eq!(bots, [None, Some(BotLevel::Easy), Some(BotLevel::Hard)]);
    // The person's seat is named as it is; the bots' are marked.
    assert!(h.query_by_label_contains("Player 2 (bot)").is_some());

    let mut person = Bot::new(BotKind::Greedy, 3);
    let (mut mine, mut refused) = (0, 0);
    let mut acted = [0usize; 3];
    let mut hidden_seen = 0;
    let mut bot_draws_seen = 0;
    while h.state().game().is_some_and(|g| g.state().round < 3) {
        let st = h.state().game().expect("a game").state();
        let at = st.current_player();
        if let Some(seat) = h.state().bot_to_act() {
            // A person's click on a bot's turn is refused, and changes nothing.
            if refused == 0 {
                let before = journal_len(h.state());
                let game = h.state().game().expect("a game").clone();
                let act = person.choose(&game).expect("something to do");
                h.state_mut().submit(act);
                assert_eq!(journal_len(h.state()), before);
                let said = h.state().message().unwrap_or_default().to_string();
                assert!(said.contains("(bot) is playing"), "{said}");
                refused += 1;
            }
            let before = journal_len(h.state());
            h.step();
            if journal_len(h.state()) == before {
                // The bot's seat is on show while it plays, its hand kept from the person.
                let builds: Vec<String> = h
                    .query_all_by_label_contains("Build ")
                    .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
                    .filter_map(|n| n.accesskit_node().label())
                    .collect();
                assert!(builds.is_empty(), "{builds:?}");
                assert!(
                    h.query_by_label("A bot's blueprints stay hidden, as yours do from it.")
                        .is_some()
                );
                // And none of the person's buttons works for it.
                // (the headquarters' buttons and the switches to other players included).
                let placing = h
                    .query_all_by_label_contains("Place ")
                    .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
                    .filter(|n| !n.accesskit_node().is_disabled())
                    .count();
                assert_eq!(placing, 0, "a headquarters button works on a bot's turn");
                if h.query_by_label_contains("1 Player 1").is_some() {
                    let node = h.get_by_label_contains("1 Player 1");
                    assert!(node.accesskit_node().is_disabled());
                }
                for label in ["Suggest", "End work phase", "Roll"] {
                    assert!(
                        h.get_by_label(label).accesskit_node().is_disabled(),
                        "{label} is enabled on a bot's turn"
                    );
                }
                hidden_seen += 1;
            }
            frames_until(&mut h, 3000, |app| journal_len(app) > before);
            acted[seat] += 1;
            // "What happened" says a bot drew, never what it drew.
            for n in h.query_all_by_label_contains(" drew ") {
                let node = n.accesskit_node();
                let line = node
                    .label()
                    .or(node.value())
                    .unwrap_or_default()
                    .to_string();
                if line.trim_start().starts_with("Player 1") {
                    continue;
                }
                assert!(line.ends_with("drew a blueprint"), "{line}");
                bot_draws_seen += 1;
            }
            continue;
        }
        assert_eq!(at, Some(0), "only the person's turn waits: {:?}", st.phase);
        // The person's turn: the window waits for them.
        let before = journal_len(h.state());
        for _ in 0..10 {
            h.step();
        }
        assert_eq!(
            journal_len(h.state()),
            before,
            "nobody plays for the person"
        );
        let game = h.state().game().expect("a game").clone();
        let act = person.choose(&game).expect("something to do");
        h.state_mut().submit(act);
        assert!(
            journal_len(h.state()) > before,
            "the person's action is played"
        );
        mine += 1;
    }
    let game = h.state().game().expect("a game").clone();
    let bot_actions = game.journal().len() - 1 - mine;
    assert!(
        bot_actions >= 10,
        "{bot_actions} bot actions, {mine} of the person's"
    );
    // Each bot played its own market and work turns of rounds 1 and 2 (at least a market
    // action, a roll and the end of its work phase each round), and never the person's.
    assert_eq!(acted[0], 0);
    for (seat, times) in acted.iter().enumerate().skip(1) {
        assert!(*times >= 6, "seat {} acted {times} times", seat + 1);
    }
    assert_eq!(refused, 1);
    assert!(hidden_seen > 0, "no bot's turn was seen on the table");
    assert!(bot_draws_seen > 0, "no bot's draw was seen in the log");

    // Resumed in a new window, the bots are still the bots.
    drop(h);
    let mut h = harness(dir.path(), 12);
    h.state_mut().bot_pace = Duration::ZERO;
    h.state_mut().open_default();
    let resumed = h.state().game().expect("the game resumed").clone();
    assert_eq!(resumed.setup(), &setup);
    assert_eq!(resumed.journal().len(), game.journal().len());
    // Play the person's turns until a bot has acted again.
    let start = resumed.journal().len();
    let mut steps = 0;
    while h.state().bot_to_act().is_none() {
        let game = h.state().game().expect("a game").clone();
        let act = person.choose(&game).expect("something to do");
        h.state_mut().submit(act);
        steps += 1;
        assert!(steps < 100, "no bot's turn came");
    }
    let before = journal_len(h.state());
    frames_until(&mut h, 3000, |app| journal_len(app) > before);
    assert!(journal_len(h.state()) > start + steps);
}

/// A game of bots only plays itself from the start screen to the final score.
#[test]
fn a_table_of_bots_plays_to_the_final_score() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = start_with_bots(dir.path(), 5, 2, &[(1, "Bot, easy"), (0, "Bot, easy")]);
    frames_until(&mut h, 20_000, |app| {
        app.game().is_some_and(|g| g.state().phase == Phase::Over)
    });
    h.run();
    assert!(h.query_by_label("Final score").is_some());
    let game = h.state().game().expect("a game");
    assert!(game.state().players.iter().all(|p| !p.compound.is_empty()));
}
