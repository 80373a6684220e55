//! Issue 75 as a new player found the window: the start screen keeps its last choices, Tab
//! goes from name to name, the first player is chosen, a name left empty is said in the
//! window's language; every count is said in the singular and the plural; a new round
//! scrolls the centre back to its top.

use super::window::{choose, click, harness, harness_with, open_game};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use foreman::engine::{Mode, Phase};
use foreman::i18n::{Arg, Lang, Tr};
use foreman::ui::{ForemanApp, Settings};

/// The start screen's text fields in order: the players' names, then the path to open.
fn fields(h: &Harness<'_, ForemanApp>) -> Vec<String> {
    h.get_all_by_role(egui::Role::TextInput)
        .map(|n| n.value().unwrap_or_default())
        .collect()
}

fn type_into_field(h: &mut Harness<'_, ForemanApp>, i: usize, text: &str) {
    let node = h
        .get_all_by_role(egui::Role::TextInput)
        .nth(i)
        .expect("the field");
    node.click();
    h.run();
    h.get_all_by_role(egui::Role::TextInput)
        .nth(i)
        .expect("the field")
        .type_text(text);
    h.run();
}

/// Point 14: a game started from the start screen leaves its choices there for the next one,
/// in this window and in the next run (the settings kept), and the first player chosen plays
/// first.
#[test]
fn the_start_screen_keeps_the_last_choices() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 11);
    h.run();
    click(&mut h, "2 to 5 players");
    click(&mut h, "3");
    type_into_field(&mut h, 0, "Ann");
    type_into_field(&mut h, 1, "Bo");
    click(&mut h, "Real cards and dice on the table");
    choose(&mut h, "First player", "Bo");
    click(&mut h, "Start the game");
    let setup = h.state().game().expect("a game").setup().clone();
    assert_eq!(setup.mode, Mode::Companion);
    assert_eq!(setup.first_player, 1, "Bo plays first");
    let names: Vec<&str> = setup.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bo", ""]);

    // The deal's picker waits for the first tool token: Escape puts it away.
    h.key_press(egui::Key::Escape);
    h.run();
    click(&mut h, "New game");
    assert_eq!(fields(&h)[..3], ["Ann", "Bo", ""], "the names are kept");
    h.get_by_label("First player:");

    // The next run: the settings carry the form, through eframe's storage and back.
    let settings = super::window::next_run(&mut h);
    drop(h);
    let mut again = harness_with(dir.path(), 12, settings, egui::vec2(1400.0, 1000.0));
    again.run();
    assert_eq!(fields(&again)[..3], ["Ann", "Bo", ""]);
    click(&mut again, "Start the game");
    let next = again.state().game().expect("a game").setup().clone();
    assert_eq!(next.players, setup.players);
    assert_eq!(
        (next.mode, next.first_player, next.machine),
        (Mode::Companion, 1, None)
    );
}

/// Point 14: Tab in a name goes to the next name (not to the colour beside it), Shift+Tab
/// back; from the last name, to *Start the game*.
#[test]
fn tab_goes_from_name_to_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 13);
    h.run();
    click(&mut h, "2 to 5 players");
    click(&mut h, "4");
    type_into_field(&mut h, 0, "Ann");
    for text in ["Bo", "Cy", "Di"] {
        h.key_press(egui::Key::Tab);
        h.run();
        h.get_all_by_role(egui::Role::TextInput)
            .find(|n| n.is_focused())
            .expect("a name has the focus")
            .type_text(text);
        h.run();
    }
    assert_eq!(fields(&h)[..4], ["Ann", "Bo", "Cy", "Di"]);
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    let focused: Vec<usize> = h
        .get_all_by_role(egui::Role::TextInput)
        .enumerate()
        .filter(|(_, n)| n.is_focused())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(focused, [2], "Shift+Tab: back to the third name");
    h.key_press(egui::Key::Tab);
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(
        h.get_by_label("Start the game").is_focused(),
        "from the last name to the start button"
    );
    h.key_press(egui::Key::Enter);
    h.run();
    let setup = h.state().game().expect("Enter started the game").setup();
    let names: Vec<&str> = setup.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bo", "Cy", "Di"]);
}

/// docs/rules.md, setup 1 ("choose the first player"): drawn by lot, the first player comes from the
/// game's seed, so different games start with different seats, and a replay with the same one.
#[test]
fn a_first_player_drawn_by_lot_varies_with_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut firsts = Vec::new();
    for seed in 20..26 {
        let mut h = harness(dir.path(), seed);
        h.run();
        if h.query_by_label("2 to 5 players").is_some() {
            click(&mut h, "2 to 5 players");
        }
        click(&mut h, "3");
        choose(&mut h, "First player", "Drawn by lot");
        click(&mut h, "Start the game");
        let game = h.state().game().expect("a game").clone();
        let json = foreman::engine::SavedGame::from_game(&game).to_json();
        let replayed = foreman::engine::SavedGame::load(&json).expect("the saved game replays");
        assert_eq!(
            replayed.setup().first_player,
            game.setup().first_player,
            "the same seat after a replay"
        );
        firsts.push(game.setup().first_player);
        click(&mut h, "New game");
    }
    firsts.sort_unstable();
    firsts.dedup();
    assert!(firsts.len() >= 2, "six games, one first seat: {firsts:?}");
}

/// Point 13: every message with a count, in the singular and the plural, in every language
/// (Russian also in its "few" and "many" forms).
#[test]
fn counts_are_said_in_the_singular_and_the_plural() {
    let say = |lang: Lang, key: &str, args: &[(&str, i64)]| {
        let args: Vec<(&str, Arg)> = args.iter().map(|&(k, v)| (k, Arg::Num(v))).collect();
        let mut args = args;
        args.push(("card", Arg::Text("Dojo".into())));
        args.push(("type", Arg::Text("T".into())));
        args.push(("colour", Arg::Text("C".into())));
        args.push(("value", Arg::Num(3)));
        Tr::new(lang).t_args(key, &args)
    };
    /// A language, a message, its counts, and what it says.
    type Case = (
        Lang,
        &'static str,
        &'static [(&'static str, i64)],
        &'static str,
    );
    let cases: &[Case] = &[
        (
            Lang::En,
            "machine-cards",
            &[("count", 1)],
            "1 card in its compound",
        ),
        (
            Lang::En,
            "machine-cards",
            &[("count", 4)],
            "4 cards in its compound",
        ),
        (
            Lang::Fr,
            "machine-cards",
            &[("count", 1)],
            "1 carte dans son enceinte",
        ),
        (
            Lang::Es,
            "machine-cards",
            &[("count", 2)],
            "2 cartas en su complejo",
        ),
        (
            Lang::En,
            "discard-resources",
            &[("count", 1)],
            "Give up 1 resource:",
        ),
        (
            Lang::En,
            "discard-resources",
            &[("count", 3)],
            "Give up 3 resources:",
        ),
        (
            Lang::Fr,
            "discard-resources",
            &[("count", 1)],
            "Défaussez 1 ressource :",
        ),
        (
            Lang::Es,
            "discard-resources",
            &[("count", 1)],
            "Descarta 1 recurso:",
        ),
        (
            Lang::En,
            "err-impossible-card",
            &[("copies", 1)],
            "Dojo cannot be revealed: its only copy is already elsewhere on the table.",
        ),
        (
            Lang::En,
            "err-impossible-card",
            &[("copies", 2)],
            "Dojo cannot be revealed: all 2 copies are already elsewhere on the table.",
        ),
        (
            Lang::Fr,
            "err-not-in-play",
            &[("copies", 1)],
            "Dojo ne peut pas être dans cette main : son seul exemplaire est déjà en jeu.",
        ),
        (
            Lang::Es,
            "err-not-in-play",
            &[("copies", 3)],
            "Dojo no puede estar en esta mano: las 3 copias ya están en juego.",
        ),
        (
            Lang::Ru,
            "err-not-in-play",
            &[("copies", 1)],
            "«Dojo» не может быть в этой руке: её единственная копия уже в игре.",
        ),
        (
            Lang::En,
            "machine-produces",
            &[("cards", 1)],
            "C 3 against 1 T card: the Machine makes 1 goods.",
        ),
        (
            Lang::En,
            "machine-no-goods",
            &[("cards", 5)],
            "C 3 against 5 T cards: no goods.",
        ),
        (
            Lang::Ru,
            "machine-no-goods",
            &[("cards", 1)],
            "C 3 против 1 карты типа «T»: товаров нет.",
        ),
        (
            Lang::Ru,
            "machine-no-goods",
            &[("cards", 3)],
            "C 3 против 3 карт типа «T»: товаров нет.",
        ),
        (
            Lang::Fr,
            "machine-formula",
            &[("goods", 1), ("cards", 1), ("monuments", 0)],
            // French: 0 and 1 take the singular.
            "1 marchandise + 1 carte + 0 Monument",
        ),
        (
            Lang::En,
            "machine-formula",
            &[("goods", 2), ("cards", 1), ("monuments", 1)],
            "2 goods + 1 card + 1 Monument",
        ),
        (Lang::Es, "gain-goods", &[("count", 1)], "1 bien"),
        (Lang::Es, "gain-goods", &[("count", 2)], "2 bienes"),
        (Lang::Fr, "gain-goods", &[("count", 1)], "1 marchandise"),
        (Lang::En, "players-count", &[("count", 1)], "1 player"),
        (Lang::En, "players-count", &[("count", 3)], "3 players"),
    ];
    for &(lang, key, args, said) in cases {
        assert_eq!(say(lang, key, args), said, "{lang:?} {key} {args:?}");
    }
}

/// Point 10: a new round turns the centre back to its top (the player's name, resources and
/// dice in view), after the player scrolled down to a hand of 12 cards.
#[test]
fn a_new_round_scrolls_the_centre_back_to_its_top() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = super::window::big_hand_game(12, false);
    let settings = Settings {
        help_seen: true,
        ..Settings::default()
    };
    let mut h = harness_with(dir.path(), 3, settings, egui::vec2(1280.0, 800.0));
    open_game(&mut h, dir.path(), &game);
    let name = |h: &Harness<'_, ForemanApp>| {
        h.get_all_by_label("You")
            .next()
            .map(|n| n.rect().top())
            .expect("the player's name")
    };
    let top = name(&h);
    let round = h.state().game().unwrap().state().round;
    // The wheel over the centre, far down.
    let centre = egui::pos2(640.0, 500.0);
    h.hover_at(centre);
    for _ in 0..10 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -400.0),
            modifiers: egui::Modifiers::NONE,
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
        });
        h.run();
    }
    let scrolled = name(&h);
    assert!(scrolled < top - 100.0, "scrolled: {scrolled} against {top}");
    // The end of the work phase with its discard (its own test goes through the dialog).
    let end = foreman::engine::legal_actions(h.state().game().unwrap().state())
        .into_iter()
        .find(|a| matches!(a, foreman::engine::Act::EndWork { .. }))
        .expect("the work phase can end");
    h.state_mut().submit(end);
    h.run();
    click(&mut h, "Machine's turn");
    assert!(
        matches!(
            h.state().game().unwrap().state().phase,
            Phase::Market { .. }
        ),
        "{:?}",
        h.state().game().unwrap().state().phase
    );
    assert_eq!(h.state().game().unwrap().state().round, round + 1);
    let back = name(&h);
    assert!(
        (back - top).abs() < 1.0,
        "a new round: the name at {back}, at the top {top}"
    );
}

/// From a new player's trial (issue 75): hiring the Miner, each gain is said beside whom it
/// goes to: the hirer's +3 metal after the hire, the opponent's +1 metal after their name
/// (cards.md, Miner: gain 3 metal; an opponent of your choice gains 1).
#[test]
fn a_hires_gift_says_each_gain_beside_whom_it_goes_to() {
    use foreman::engine::{Act, Contractor, Game, Setup, legal_actions};
    // A 2-player game where the first player can hire the Miner.
    let game = (0..500)
        .filter_map(|seed| Game::new_dealt(Setup::players(2, seed)).ok())
        .find(|g| {
            let st = g.state();
            st.market.contractors.iter().position(|c| *c == Some(Contractor::Miner)).is_some_and(|slot| {
                legal_actions(st).iter().any(|a| {
                    matches!(a, Act::Hire { slot: s, opponent: Some(1), .. } if usize::from(*s) == slot)
                })
            })
        })
        .expect("a game where the Miner can be hired");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 3);
    open_game(&mut h, dir.path(), &game);
    click(&mut h, "Hire Miner");
    // The discard first (unless only one fits), then the opponent.
    for _ in 0..3 {
        if h.query_all_by_label_contains("gets the contractor's gift")
            .next()
            .is_some()
        {
            break;
        }
        let first = h
            .query_all_by_role(egui::Role::Button)
            .map(|n| n.accesskit_node().label().unwrap_or_default())
            .find(|l| l.starts_with("Hire Miner"));
        match first {
            Some(label) => click(&mut h, &label),
            None => break,
        }
    }
    let line = h
        .query_all_by_label_contains("gets the contractor's gift")
        .map(|n| {
            let node = n.accesskit_node();
            node.label().or(node.value()).unwrap_or_default()
        })
        .next()
        .expect("the opponent's choice");
    assert!(
        line.contains(
            "(+3 metal, -1 blueprint in hand); Player 2 (+1 metal) gets the contractor's gift"
        ),
        "{line}"
    );
}

/// Point 10, as a new player found it again: placing dice one by one (and picking one up)
/// moves nothing below the headquarters: the hand stays where it was (its heading's line).
#[test]
fn placing_dice_moves_nothing_below_the_headquarters() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 41);
    h.run();
    super::window::start_take_and_roll(&mut h);
    let build_top = |h: &Harness<'_, ForemanApp>| {
        h.query_all_by_label_contains("blueprints in hand")
            .map(|n| n.rect().top())
            .next()
            .expect("the hand's heading")
    };
    let top = build_top(&h);
    // Pick a die up: the buttons under the headquarters keep their line.
    h.get_by_label_contains("Die 1:").click();
    h.run();
    assert_eq!(build_top(&h), top, "a die selected");
    h.get_by_label_contains("Die 1:").click();
    h.run();
    let mut placed = 0;
    loop {
        let clicked = match h
            .query_all_by_label_contains("Place a ")
            .find(|n| !n.accesskit_node().is_disabled())
        {
            Some(place) => {
                place.click();
                true
            }
            None => false,
        };
        if !clicked {
            break;
        }
        h.run();
        placed += 1;
        assert_eq!(build_top(&h), top, "after {placed} dice placed");
    }
    assert!(placed >= 2, "{placed} dice placed");
}
