//! Issue 92: Traumfabrik and Little Factory at Foreman's table, driven through the window
//! (egui_kittest): started from the start screen, played, refused with the rule's reason,
//! undone, and kept after every action (a new window resumes them).

use crate::window::harness;
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use foreman::ui::ForemanApp;

fn to_start_screen(h: &mut Harness<'_, ForemanApp>) {
    if h.query_by_label("New game").is_some() {
        h.get_by_label("New game").click();
        h.run();
    }
    h.get_by_label("Little Factory").hover();
}

fn type_into(h: &mut Harness<'_, ForemanApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    h.run();
}

/// The studios 1 to `players`' scenarios (as the English window titles them), each given
/// `slots`.
fn type_slots(h: &mut Harness<'_, ForemanApp>, players: usize, slots: &str) {
    const STUDIOS: [&str; 9] = [
        "Vertigo (drama)",
        "The Ten Commandments (comedy)",
        "The Court Jester (adventure)",
        "The Grapes of Wrath (drama)",
        "Gentlemen Prefer Blondes (comedy)",
        "The King and I (adventure)",
        "Casablanca (drama)",
        "Arsenic and Old Lace (comedy)",
        "The Sea Hawk (adventure)",
    ];
    for name in &STUDIOS[..3 * players] {
        type_into(h, name, slots);
    }
}

#[test]
fn little_factory_is_played_refused_undone_and_resumed_in_the_window() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), 1);
    h.run();
    to_start_screen(&mut h);
    h.get_by_label("Little Factory").click();
    h.run();
    h.get_by_label("Start the game").click();
    h.run();
    h.get_by_label("Player 1's turn: activate buildings, then produce or exchange.");
    // LF, Exchange: "Lors de votre premier tour, vous ne pouvez qu'échanger."
    h.get_by_label("First turn: exchange only (give the start-coin tile).");
    // Production is there, greyed, and so is the end of the turn (the action comes first).
    assert!(
        h.get_by_label("Produce").accesskit_node().is_disabled(),
        "no production on the first turn"
    );
    assert!(
        h.get_by_label("End the turn")
            .accesskit_node()
            .is_disabled()
    );
    // The tile of 3 for resources of 2 and 2: refused with the rule.
    h.get_by_role_and_label(Role::CheckBox, "Start-coin tile")
        .click();
    type_into(&mut h, "coins of the resources got:", "2 2");
    h.get_by_label("Exchange").click();
    h.run();
    h.get_by_label("The cards got are worth 4 coins, more than the 3 given.");
    // Three cards of 1: the hand holds 3.
    h.get_by_role_and_label(Role::TextInput, "coins of the resources got:")
        .click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "coins of the resources got:")
        .type_text("1 1 1");
    h.run();
    h.get_by_label("Exchange").click();
    h.run();
    h.get_by_label("3 / 7");
    // The log says it.
    h.get_by_label("Player 1 exchanges 1 for 3.");
    assert!(
        !h.get_by_label("End the turn")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_label("End the turn").click();
    h.run();
    h.get_by_label("Player 1 ends the turn.");
    h.get_by_label("Player 2's turn: activate buildings, then produce or exchange.");
    // Undo takes the end of the turn back.
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("The last action was taken back.");
    assert!(
        !h.get_by_label("End the turn")
            .accesskit_node()
            .is_disabled()
    );
    drop(h);
    // A new window: the game kept is resumed where it was.
    let mut h = harness(dir.path(), 2);
    h.run();
    if h.query_by_label("New game").is_some() {
        h.get_by_label("New game").click();
        h.run();
    }
    h.get_by_label("Little Factory (resume)").click();
    h.run();
    h.get_by_label("3 / 7");
    assert!(
        !h.get_by_label("End the turn")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_traumfabrik_auction_and_a_film_finished_in_the_window() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), 1);
    h.run();
    to_start_screen(&mut h);
    h.get_by_label("Traumfabrik").click();
    h.run();
    // The players' count (the first "2"; the studios' buttons follow).
    h.get_all_by_label("2").next().expect("2 players").click();
    h.run();
    // Studio 1 and studio 2: each scenario's slots typed once (a director's slot and a crew's).
    type_slots(&mut h, 2, "D C");
    h.get_by_label("Start the game").click();
    h.run();
    h.get_by_label("Round 1 of 4, place 1 of 8");
    h.get_by_label("Auction for: D4");
    // Two players: no screens, the contracts are shown (TF, Setup).
    assert_eq!(h.get_all_by_label("12 contracts").count(), 2);
    // Player 1 bids 0 (the least), player 2 passes: TF, "une mise de « zéro » est autorisée".
    h.get_by_label("Bid").click();
    h.run();
    h.get_by_label("Pass").click();
    h.run();
    h.get_by_label("Player 1 places the tile chosen on a slot below:");
    // The log: the bid, the pass, the sharing (nothing to share).
    h.get_by_label("Player 1 bids 0.");
    h.get_by_label("Player 2 passes.");
    assert_eq!(
        h.get_all_by_label(
            "Player 1 wins the auction for 0: the centre's 0 shared, 0 to each other player, 0 left there."
        )
        .count(),
        2,
        "said above the table and in the log"
    );
    // The director cannot go on the crew's slot: that slot's button is disabled.
    let crew = h
        .get_all_by_label("C·")
        .next()
        .expect("Vertigo's crew slot");
    assert!(crew.accesskit_node().is_disabled());
    h.get_all_by_label("D·")
        .next()
        .expect("Vertigo's director slot")
        .click();
    h.run();
    h.get_by_label("D4");
    // The next famous place: a crew of 2 and music, won by player 1 for nothing.
    type_into(&mut h, "Tiles:", "C2 M1");
    h.get_by_label("Tell them").click();
    h.run();
    h.get_by_label("Auction for: C2 M1");
    h.get_by_label("Pass").click();
    h.run();
    // Player 2 alone in: the tiles are theirs for nothing.
    h.get_by_label("Player 2 places the tile chosen on a slot below:");
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("Bid").click();
    h.run();
    h.get_by_label("Pass").click();
    h.run();
    h.get_by_label("Player 1 places the tile chosen on a slot below:");
    // Vertigo's crew slot finishes it: 4 + 2 = 6, the first drama (TF, Awards).
    h.get_all_by_label("C·")
        .next()
        .expect("Vertigo's crew slot")
        .click();
    h.run();
    // Its token beside it, and what it took said: 6 stars, the token 6.
    h.get_by_label("Player 1 finishes a film of 6 stars: it takes the token 6.");
    assert!(h.query_all_by_label("6").count() >= 1);
    h.get_by_label("first drama film (5): Vertigo");
    h.get_by_label("Player 1 finished a film and takes the scenario on top of the pile:");
    type_into(&mut h, "Slots:", "W");
    h.get_by_label("Take it").click();
    h.run();
    h.get_by_label("Player 1 places the tile chosen on a slot below:");
    h.get_by_label("Discard").click();
    h.run();
    h.get_by_label("The famous place's tiles (2 or 3):");
}

#[test]
fn a_little_factory_play_goes_into_the_history_and_bg_stats_file() {
    // LF, End: "Un joueur a atteint ou dépassé un total de 10 Points d'influence ... ce joueur
    // remporte la partie": a building of 10 influence, got for the start tile, ends it at once.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), 1);
    h.run();
    to_start_screen(&mut h);
    h.get_by_label("Little Factory").click();
    h.run();
    type_into(&mut h, "Player 1", "Ana");
    h.get_by_label("Start the game").click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Start-coin tile")
        .click();
    type_into(&mut h, "buildings got (influence/coins):", "10/3");
    h.get_by_label("Exchange").click();
    h.run();
    // Said on the table and in the log.
    assert_eq!(
        h.get_all_by_label("Ana reaches 10 influence and wins!")
            .count(),
        2
    );
    // History, its other games: the play, its winner, and Ana's wins.
    h.get_by_label("History").click();
    h.run();
    h.get_by_label("Other games").click();
    h.run();
    h.get_by_label("won by Ana");
    h.get_by_label("Ana 10, Player 2 0");
    h.get_by_label("1 won of 1");
    h.get_by_label("0 won of 1");
    h.get_by_label("best 10, mean 10.0");
    h.get_by_label("best 0, mean 0.0");
    // Exported for BG Stats with the Fantastic Factories games.
    h.get_by_label("Export every game…").click();
    h.run();
    let text = std::fs::read_to_string(dir.path().join("exports/foreman.bgsplay"))
        .expect("the BG Stats file");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let games = v["games"].as_array().expect("games");
    let lf = games
        .iter()
        .find(|g| g["name"] == "Little Factory")
        .expect("Little Factory listed");
    let plays: Vec<&serde_json::Value> = v["plays"]
        .as_array()
        .expect("plays")
        .iter()
        .filter(|p| p["gameRefId"] == lf["id"])
        .collect();
    assert_eq!(plays.len(), 1);
    let scores = plays[0]["playerScores"].as_array().expect("scores");
    assert_eq!(scores[0]["score"], "10");
    assert_eq!(scores[0]["winner"], true);
    assert_eq!(scores[0]["rank"], 1);
    assert_eq!(scores[1]["winner"], false);
    assert_eq!(scores[1]["rank"], 2);
    // And a spreadsheet's rows, a seat each.
    let csv = std::fs::read_to_string(dir.path().join("exports/foreman-games-other-games.csv"))
        .expect("the CSV");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[1].contains(",little-factory,"), "{}", lines[1]);
    assert!(lines[1].ends_with(",1,Ana,10,1,1"), "{}", lines[1]);
    assert!(lines[2].ends_with(",1,Player 2,0,0,0"), "{}", lines[2]);
}

#[test]
fn a_damaged_traumfabrik_game_is_said_and_kept_aside() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = dir.path().join("traumfabrik.json");
    std::fs::write(
        &kept,
        "{\"kind\": \"foreman-traumfabrik\", \"format\": 1, \"setup\": ",
    )
    .expect("write");
    let mut h = harness(dir.path(), 1);
    h.run();
    to_start_screen(&mut h);
    // A file that does not load is no game to resume: opened, it is said and set aside.
    h.get_by_label("Traumfabrik").click();
    h.run();
    let aside = dir.path().join("traumfabrik.damaged.json");
    let said = format!(
        "The game kept could not be read ({}: the file ends too early: it was cut off while being written or copied); it is kept aside as {}, and a new one can be started.",
        kept.display(),
        aside.display()
    );
    h.get_by_label(&said);
    assert_eq!(
        std::fs::read_to_string(&aside).expect("kept aside"),
        "{\"kind\": \"foreman-traumfabrik\", \"format\": 1, \"setup\": "
    );
    // The setup is offered for a new game.
    h.get_by_label("Start the game");
}

#[test]
fn at_three_players_the_contracts_stay_behind_the_screens() {
    // TF, Setup: "Chaque joueur prend un écran studio derrière lequel il cache ses contrats. A
    // deux joueurs, les écrans ne sont pas nécessaires": from three, the shared screen shows
    // no one's contracts but while their button is held.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), 1);
    h.run();
    to_start_screen(&mut h);
    h.get_by_label("Traumfabrik").click();
    h.run();
    type_slots(&mut h, 3, "D W");
    h.get_by_label("Start the game").click();
    h.run();
    h.get_by_label("Auction for: D4");
    assert!(h.query_all_by_label("12 contracts").next().is_none());
    assert_eq!(h.get_all_by_label("Hold to see the contracts").count(), 3);
}

#[test]
fn an_unfinished_play_is_resumed_from_the_history() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), 1);
    h.run();
    to_start_screen(&mut h);
    h.get_by_label("Little Factory").click();
    h.run();
    h.get_by_label("Start the game").click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Start-coin tile")
        .click();
    type_into(&mut h, "coins of the resources got:", "1 1 1");
    h.get_by_label("Exchange").click();
    h.run();
    h.get_by_label("Back to the start").click();
    h.run();
    // The start screen says a game is kept.
    h.get_by_label("Little Factory (resume)");
    h.get_by_label("History").click();
    h.run();
    h.get_by_label("Other games").click();
    h.run();
    h.get_by_label("Resume").click();
    h.run();
    h.get_by_label("3 / 7");
    assert!(
        !h.get_by_label("End the turn")
            .accesskit_node()
            .is_disabled()
    );
}
