//! Issue 27: a companion game at the table's pace, through the window. Hidden hands are a
//! count on screen and a build names its cards; everyone works at once (a key per player);
//! the Machine's turn is told in words (docs/rules.md, "Decisions for a physical-table
//! companion"; docs/rules.md, solo game).

use super::window::{
    answer_pickers, answer_pickers_but_dice, choose, click, click_first_containing, harness,
    start_companion_table, start_take_and_roll, start_typed_solo_companion, suggest,
};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use foreman::engine::state::Section;
use foreman::engine::{Act, Blueprint, Phase, build_cost};
use foreman::ui::ForemanApp;

fn keys(h: &mut Harness<'_, ForemanApp>, keys: &[egui::Key]) {
    for &k in keys {
        h.key_press(k);
        h.run();
    }
}

fn current(h: &Harness<'_, ForemanApp>) -> Option<usize> {
    h.state().game().and_then(|g| g.state().current_player())
}

#[test]
fn hidden_hands_stay_off_the_screen_and_everyone_works_at_once() {
    use egui::Key::*;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 23);
    h.run();
    start_companion_table(&mut h, 2);
    answer_pickers(&mut h);
    // The hand is a count: no card of it on screen, no Build button but the one that names.
    h.get_by_label_contains("4 cards drawn in secret");
    click_first_containing(&mut h, "Take ");
    answer_pickers_but_dice(&mut h);
    click_first_containing(&mut h, "Take ");
    answer_pickers_but_dice(&mut h);
    assert!(matches!(
        h.state().game().unwrap().state().phase,
        Phase::Work {
            turn: 0,
            rolled: false
        }
    ));

    // Player 1 types a roll; player 2 starts before player 1 has finished (key 2).
    assert_eq!(h.state().asking(), Some("die"), "the roll is asked at once");
    keys(&mut h, &[Num4, Num4, Num2, Num1, Enter]);
    // The log says the roll's dice, not only that there was a roll.
    h.get_by_label_contains("rolled 4 4 2 1");
    keys(&mut h, &[Num2]);
    assert_eq!(
        current(&h),
        Some(1),
        "key 2 turns the work phase to player 2"
    );
    assert_eq!(h.state().asking(), Some("die"), "the roll is asked at once");
    keys(&mut h, &[Num5, Num5, Num1, Num2, Enter]);
    // Back to player 1 by the button: their dice are as they left them.
    click_first_containing(&mut h, "1 Player 1");
    assert_eq!(current(&h), Some(0));
    let p1 = &h.state().game().unwrap().state().players[0];
    let rolled: Vec<u8> = p1.dice.as_slice().iter().map(|d| d.value).collect();
    assert_eq!(rolled, [4, 4, 2, 1]);
    for (die, section) in [
        (0, Section::Mine),
        (1, Section::Mine),
        (2, Section::Generate),
        (3, Section::Generate),
    ] {
        h.state_mut().submit(Act::Place { die, section });
        h.run();
    }
    // Build from the secret hand: a card it could hold, named through the searchable list.
    let game = h.state().game().unwrap().clone();
    let st = game.state();
    let me = &st.players[0];
    let unseen = st.blueprint_deck;
    let card = Blueprint::ALL
        .iter()
        .copied()
        .find(|&c| {
            let (m, e) = build_cost(me, c);
            unseen.count(c) > 0
                && m <= me.metal
                && e <= me.energy
                && Blueprint::ALL
                    .iter()
                    .any(|&d| d != c && d.tool() == c.tool() && unseen.count(d) > 0)
        })
        .expect("a card to build");
    let size = me.hand_size();
    // The only card tiles of the hand are the one taken face up from the market.
    let seen: Vec<Blueprint> = me.hand.cards();
    assert_eq!(seen.len(), 1);
    let builds: Vec<String> = h
        .get_all(
            egui_kittest::kittest::By::new()
                .role(egui::Role::Button)
                .label_contains("Build "),
        )
        .map(|n| n.accesskit_node().label().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        builds,
        [
            "Build a card from your hand…".to_string(),
            format!("Build {}", seen[0].name())
        ],
        "{builds:?}"
    );
    // Issue 75, point 1: a name the list cannot offer says why, in the rules' words: a card
    // too dear for the resources held, and letters that are no card.
    let dear = Blueprint::ALL
        .iter()
        .copied()
        .find(|&c| {
            let (m, e) = build_cost(me, c);
            let name = c.name().to_lowercase();
            unseen.count(c) > 0
                && (m > me.metal || e > me.energy)
                && Blueprint::ALL.iter().all(|&o| {
                    o == c
                        || !(o.name().to_lowercase().contains(&name)
                            || o.name_fr().to_lowercase().contains(&name))
                })
        })
        .expect("a card too dear");
    click(&mut h, "Build a card from your hand…");
    h.get_by_role(egui::Role::TextInput)
        .type_text(&dear.name().to_lowercase());
    h.run();
    let (m, e) = build_cost(me, dear);
    let why = foreman::engine::RuleError::CannotAffordBuild {
        card: dear,
        metal: m,
        energy: e,
        have_metal: me.metal,
        have_energy: me.energy,
    };
    let said =
        foreman::i18n::words::refusal(&foreman::i18n::Tr::new(foreman::i18n::Lang::En), &why);
    h.get_by_label(&said);
    h.get_by_role(egui::Role::TextInput).type_text("qzx");
    h.run();
    h.get_by_label(&format!(
        "No card is called “{}qzx”.",
        dear.name().to_lowercase()
    ));
    h.key_press(egui::Key::Escape);
    h.run();
    click(&mut h, "Build a card from your hand…");
    assert!(h.state().choosing());
    // Issue 75, point 6: each Down moves the highlight one line, from the first.
    let highlighted = |h: &Harness<'_, ForemanApp>| -> Vec<usize> {
        h.get_all(egui_kittest::kittest::By::new().role(egui::Role::Button))
            .filter(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with("Build ") && l.contains(" ("))
            })
            .enumerate()
            .filter(|(_, n)| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
            .map(|(k, _)| k)
            .collect()
    };
    assert_eq!(highlighted(&h), [0]);
    keys(&mut h, &[ArrowDown, ArrowDown, ArrowDown]);
    assert_eq!(highlighted(&h), [3]);
    keys(&mut h, &[ArrowUp]);
    assert_eq!(highlighted(&h), [2]);
    h.get_by_role(egui::Role::TextInput)
        .type_text(&card.name().to_lowercase());
    h.run();
    h.key_press(Enter);
    h.run();
    // Issue 75, point 8: then which discard, each line a discard for that card only.
    if h.state().choosing() {
        let lines: Vec<String> = h
            .get_all(egui_kittest::kittest::By::new().role(egui::Role::Button))
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .filter(|l| l.contains(", discarding"))
            .collect();
        assert!(!lines.is_empty(), "the discards are asked");
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with(&format!("Build {}, discarding", card.name()))),
            "{lines:?}"
        );
        h.key_press(Enter);
        h.run();
    }
    let st = h.state().game().unwrap().state().clone();
    assert!(
        st.players[0].compound.contains(card),
        "{card} built: {:?} {:?}",
        h.state().message(),
        h.state().choosing()
    );
    // The card and its discard left the hand: secret cards named, or the one seen.
    assert_eq!(st.players[0].hand_size(), size - 2);
    assert!(st.players[0].hidden < 4, "a secret card was named");
    // Player 1 ends (key E): the work phase turns to player 2, rolled already.
    keys(&mut h, &[E]);
    assert_eq!(
        h.state().game().unwrap().state().phase,
        Phase::Work {
            turn: 1,
            rolled: true
        }
    );
    keys(&mut h, &[Num1]);
    assert_eq!(
        current(&h),
        Some(1),
        "player 1 has ended: key 1 does nothing"
    );
    keys(&mut h, &[E]);
    let st = h.state().game().unwrap().state().clone();
    assert_eq!(st.round, 2);
}

#[test]
fn the_machine_at_a_real_table_is_told_step_by_step() {
    use egui::Key::*;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 29);
    h.run();
    click(&mut h, "Real cards and dice on the table");
    choose(&mut h, "Dice of player 1", "Typed by hand");
    choose(&mut h, "its five coloured dice", "Typed by hand");
    click(&mut h, "Start the game");
    answer_pickers(&mut h);
    click_first_containing(&mut h, "Take ");
    answer_pickers_but_dice(&mut h);
    assert_eq!(h.state().asking(), Some("die"), "the roll is asked at once");
    keys(&mut h, &[Num6, Num6, Num6, Num6, Enter]);
    keys(&mut h, &[E]);
    let market = h.state().game().unwrap().state().market.blueprints;
    click(&mut h, "Machine's turn");
    h.get_by_label_contains("roll its five dice (red, blue, purple, yellow and green)");
    // Red 1, blue 6, purple 6, yellow 6, green 2.
    keys(&mut h, &[Num1, Num6, Num6, Num6, Num2]);
    let second = market[1].expect("a market blueprint in slot 2");
    // The roll said with its dice (a key written twice made it a bare "Rolled:").
    h.get_by_label_contains("The Machine rolled: ");
    h.get_by_label_contains(&format!(
        "Green 2: take market blueprint 2 ({}) into the Machine's compound; then reveal a blueprint from the deck to refill slot 2.",
        second.name()
    ));
    keys(&mut h, &[Enter]);
    assert_eq!(h.state().asking(), Some("blueprint"));
    h.get_by_label_contains("it goes to the market, slot 2");
    // Production is told with the compound it counts: red 1 needs one Training card.
    let m = h.state().game().unwrap().state().machine.expect("solo");
    let mut training = m.compound.of_type(foreman::engine::CardType::Training);
    if second.kind() == foreman::engine::CardType::Training {
        training += 1;
    }
    let red = if training >= 1 {
        format!("Red 1 against {training} Training cards: the Machine makes 1 goods.")
    } else {
        "Red 1 against 0 Training cards: no goods.".to_string()
    };
    h.get_by_label_contains(&red);
}

/// The Machine's dice rolled by Foreman at a real table (the camera trial of issue 90 found
/// "it goes to the market, slot 1" when its green die had taken slot 2, and "the market" when
/// a green 5 sends the card to its compound): each card asked for goes where the prompt says.
/// docs/rules.md, solo game: green 1-4 takes that market slot, refilled from the deck; 5 or 6
/// takes the deck's top card, then clears a row, refilled.
#[test]
fn the_machines_reveal_says_where_each_card_goes_with_foremans_dice() {
    use egui::Key::*;
    let mut greens = std::collections::BTreeSet::new();
    for seed in 40..52u64 {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = harness(dir.path(), seed);
        h.run();
        click(&mut h, "Real cards and dice on the table");
        choose(&mut h, "Dice of player 1", "Typed by hand");
        choose(&mut h, "its five coloured dice", "Virtual dice");
        click(&mut h, "Start the game");
        answer_pickers(&mut h);
        click_first_containing(&mut h, "Take ");
        answer_pickers_but_dice(&mut h);
        keys(&mut h, &[Num6, Num6, Num6, Num6, Enter]);
        keys(&mut h, &[E]);
        click(&mut h, "Machine's turn");
        let mut said = Vec::new();
        while let Some(need) = h.state().asking() {
            if need != "blueprint" {
                // The contractors a green 6 clears, refilled.
                super::window::answer_pickers_once_any(&mut h, need);
                continue;
            }
            let k = said.len() + 1;
            h.run();
            let prompt: Option<String> = h
                .get_all_by_label_contains(&format!("Blueprint {k} of "))
                .next()
                .map(|n| {
                    let node = n.accesskit_node();
                    node.label()
                        .or(node.value())
                        .unwrap_or_default()
                        .to_string()
                });
            let prompt =
                prompt.unwrap_or_else(|| panic!("seed {seed}: no prompt for blueprint {k}"));
            said.push(prompt);
            super::window::answer_pickers_once_any(&mut h, "blueprint");
        }
        let game = h.state().game().expect("a game").clone();
        let turn = game
            .journal()
            .iter()
            .rev()
            .find(|a| a.act == Act::MachineTurn)
            .unwrap_or_else(|| panic!("seed {seed}: the Machine played ({said:?})"));
        let green = turn.inputs.dice[4];
        greens.insert(green);
        let st = game.state();
        let machine = st.machine.expect("solo");
        assert_eq!(said.len(), turn.inputs.blueprints.len(), "seed {seed}");
        for (prompt, &card) in said.iter().zip(&turn.inputs.blueprints) {
            if prompt.contains("the Machine's compound") {
                assert!(
                    green >= 5 && machine.compound.contains(card),
                    "seed {seed}, green {green}: {prompt:?} but {card} is not there"
                );
            } else {
                let slot = (0..4)
                    .find(|&i| prompt.contains(&format!("slot {}", i + 1)))
                    .unwrap_or_else(|| panic!("seed {seed}: {prompt:?} names no place"));
                assert_eq!(
                    st.market.blueprints[slot],
                    Some(card),
                    "seed {seed}, green {green}: {prompt:?}"
                );
            }
        }
        if (1..=4).contains(&green) {
            assert_eq!(said.len(), 1, "seed {seed}: one slot refilled");
            assert!(said[0].contains(&format!("slot {green}")), "{said:?}");
        } else {
            assert!(said[0].contains("the Machine's compound"), "{said:?}");
        }
    }
    // The seeds cover a green die that takes a slot other than the first, and one of 5 or 6.
    assert!(greens.iter().any(|g| (2..=4).contains(g)), "{greens:?}");
    assert!(greens.iter().any(|&g| g >= 5), "{greens:?}");
}

/// Issue 27, points 2 and 4: a contractor asked for in the deal says where it goes; a die told
/// wrong is corrected by selecting it (a click or the arrows) and typing its face.
#[test]
fn a_contractor_says_its_slot_and_a_told_die_is_corrected_in_place() {
    use egui::Key::*;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 31);
    start_typed_solo_companion(&mut h);
    let mut contractors = 0;
    while let Some(need) = h.state().asking() {
        if need == "contractor" {
            contractors += 1;
            h.get_by_label_contains(&format!(
                "Contractor {contractors} of 4: it goes to the market, slot {contractors}."
            ));
        }
        super::window::answer_pickers_once_any(&mut h, need);
    }
    assert_eq!(contractors, 4);
    click_first_containing(&mut h, "Take ");
    answer_pickers_but_dice(&mut h);
    assert_eq!(h.state().asking(), Some("die"));
    keys(&mut h, &[Num3, Num3, Num5, Num1]);
    // The second die was a 6: a click on it, then 6.
    click(
        &mut h,
        "Die 2: 3 (click, then type its face, to correct it)",
    );
    keys(&mut h, &[Num6]);
    // And the last a 2: the arrows go to it (Left from nothing selected is the last die).
    keys(&mut h, &[ArrowLeft, Num2]);
    keys(&mut h, &[Enter]);
    let game = h.state().game().unwrap();
    let roll = game.journal().last().expect("the roll");
    assert_eq!(roll.inputs.dice.as_slice(), &[3, 6, 5, 2]);
}

/// Issue 27, point 2 (one key per die): a roll typed faster than the window draws, its keys
/// arriving in one frame, keeps every die in the order typed; a key held down is one die; and
/// Enter in the same frame confirms the roll.
#[test]
fn a_roll_typed_in_one_frame_keeps_every_die() {
    use egui::Key::*;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 31);
    start_typed_solo_companion(&mut h);
    answer_pickers(&mut h);
    click_first_containing(&mut h, "Take ");
    answer_pickers_but_dice(&mut h);
    assert_eq!(h.state().asking(), Some("die"));
    // 4, 4 (then the 4 held down: its repeats are no dice), 4, 5, one frame.
    for key in [Num4, Num4] {
        h.key_press(key);
    }
    h.event(egui::Event::Key {
        key: Num4,
        physical_key: None,
        pressed: true,
        repeat: true,
        modifiers: Default::default(),
    });
    for key in [Num4, Num5] {
        h.key_press(key);
    }
    h.run();
    h.get_by_label("Die 4: 5 (click, then type its face, to correct it)");
    // Backspace and a 6, then Enter, again in one frame.
    for key in [Backspace, Num6, Enter] {
        h.key_press(key);
    }
    h.run();
    let game = h.state().game().unwrap();
    let roll = game.journal().last().expect("the roll");
    assert!(matches!(roll.act, Act::Roll { .. }), "{:?}", roll.act);
    assert_eq!(roll.inputs.dice.as_slice(), &[4, 4, 4, 6]);
}

/// Issue 29, point 2: *Suggest* shows the planner's plan as numbered steps with its gain, and
/// *Play all* plays them through the rules.
#[test]
fn suggest_shows_the_plan_and_plays_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 7);
    h.run();
    start_take_and_roll(&mut h);
    suggest(&mut h);
    let plan = h.state().suggested().expect("a plan").clone();
    assert!(!plan.steps.is_empty());
    // Issue 89, point 8: what the plan is worth in points by the game's end, with the sign
    // the planner gives it (the search's size is left to the hover).
    let worth = format!(
        "Suggested: worth about {:+.1} points by the game's end",
        plan.gain
    );
    h.get_by_label(&worth);
    assert!(h.query_by_label_contains("searched").is_none());
    h.get_by_label_contains("1. ");
    // Issue 91, point 3: the hover says what the estimate is: in a solo game, the plans the
    // suggestion was chosen among, played ahead in worlds.
    let said = if plan.weighed > 1 {
        format!(
            "Chosen among {} ways to play this phase, each played 2 rounds ahead in 8 games",
            plan.weighed
        )
    } else {
        "positions searched".to_string()
    };
    h.get_by_label(&worth).hover();
    for _ in 0..40 {
        h.step();
        if h.query_by_label_contains(&said).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.get_by_label_contains(&said);
    let before = h.state().game().unwrap().journal().len();
    click(&mut h, "Play all");
    let game = h.state().game().unwrap();
    assert_eq!(game.journal().len(), before + plan.steps.len());
    let played: Vec<Act> = game.journal()[before..]
        .iter()
        .map(|a| a.act.clone())
        .collect();
    assert_eq!(played, plan.steps);
    if !plan.then_ask_again {
        assert!(
            matches!(game.state().phase, Phase::Machine),
            "the work phase ended"
        );
    }
}

/// Issue 75, points 2 and 9: the suggestion says what it brings in the game's terms, speaks
/// the window's language after a switch, and opening it moves nothing of the board above it.
#[test]
fn the_suggestion_says_what_it_brings_follows_the_language_and_moves_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 7);
    h.run();
    start_take_and_roll(&mut h);
    let board = h.get_by_label("Headquarters").rect();
    let hand = h.get_by_label_contains("blueprints in hand").rect();
    suggest(&mut h);
    let title = h.get_by_label_contains("Suggested: ").rect();
    h.get_by_label_contains("It brings: ");
    assert_eq!(
        h.get_by_label("Headquarters").rect(),
        board,
        "the board stays put"
    );
    // Issue 89, point 3: it covers nothing of the player's own: it is in the column beside
    // the centre, and the hand stays where it was.
    let generate = h.get_by_label("Generate").rect();
    assert!(title.left() > generate.right(), "{title:?} {generate:?}");
    assert_eq!(
        h.get_by_label_contains("blueprints in hand").rect(),
        hand,
        "the hand stays put"
    );
    h.state_mut().set_lang(foreman::i18n::Lang::Fr);
    h.run();
    h.run();
    h.get_by_label_contains("d'ici la fin de la partie");
    h.get_by_label("Jouer l'étape suivante");
    assert!(h.query_by_label_contains("Suggested: ").is_none());
}

/// Issue 29, point 2: the plan is shown on the table. Each step's number is tagged on the die
/// it moves, at the die's corner; once a step is played (`N` plays the next) its tags go and
/// the next one's stay.
#[test]
fn suggest_tags_the_plan_on_the_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 7);
    h.run();
    start_take_and_roll(&mut h);
    assert!(h.query_by_label("Step 1 of the suggestion").is_none());
    suggest(&mut h);
    let plan = h.state().suggested().expect("a plan").clone();
    let game = h.state().game().unwrap().clone();
    let seat = game.state().current_player().expect("at work");
    // The first step that places a die, and the die's button.
    let (n, die, section) = plan
        .steps
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a {
            Act::Place { die, section } => Some((i + 1, *die, *section)),
            _ => None,
        })
        .expect("the plan places a die");
    let value = game.state().players[seat]
        .dice
        .get(usize::from(die))
        .expect("the die")
        .value;
    let die_rect = h.get_by_label(&format!("Die {}: {value}", die + 1)).rect();
    let label = format!("Step {n} of the suggestion");
    let on_die = h
        .get_all_by_label(&label)
        .filter(|t| t.rect().intersects(die_rect))
        .count();
    assert_eq!(on_die, 1, "{label} on die {}", die + 1);
    // The section's own button offers the plan's die, not merely the first that fits.
    let en = foreman::i18n::Tr::new(foreman::i18n::Lang::En);
    h.get_by_label(&format!(
        "Place a {value} on {}",
        foreman::i18n::words::section(&en, section)
    ));
    // Played by its key (N), step 1's tags go.
    let before = h.state().game().unwrap().journal().len();
    h.key_press(egui::Key::N);
    h.run();
    let game = h.state().game().unwrap();
    assert_eq!(game.journal().len(), before + 1);
    assert_eq!(game.journal()[before].act, plan.steps[0]);
    assert!(h.query_by_label("Step 1 of the suggestion").is_none());
    if plan.steps.len() > 2 {
        assert!(h.query_all_by_label_contains("Step 2").count() >= 1);
    }
}

/// Issue 29, point 2, at a table with hidden hands (docs/rules.md, hidden hands): Foreman does
/// not know the cards in a player's hand, so a suggested hire names the tool of the discard,
/// not a card the hand may not hold; played (`N`), it asks which card is discarded, as the
/// hire's own button does, and nothing is played until the player names it.
#[test]
fn a_suggested_hire_from_a_hidden_hand_names_the_tool_not_a_card() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 23);
    h.run();
    start_companion_table(&mut h, 2);
    answer_pickers(&mut h);
    let game = h.state().game().unwrap().clone();
    let seat = game.state().current_player().expect("a player chooses");
    assert!(game.state().players[seat].hidden > 0, "a hidden hand");
    suggest(&mut h);
    let plan = h.state().suggested().expect("a suggestion").clone();
    let Act::Hire { slot, discard, .. } = plan.steps[0] else {
        panic!("this position's best choice is a hire: {:?}", plan.steps[0]);
    };
    let tool = foreman::bots::unseen_discard(game.state(), &plan.steps[0]).expect("unseen");
    h.get_by_label(&format!(
        "1. Hire {} (contractor {}), discarding a blueprint of your hand with the {tool:?}, if \
         you have one",
        game.state().market.contractors[usize::from(slot)]
            .expect("a contractor")
            .name(),
        slot + 1
    ));
    // The planner's stand-in for the secret card is never shown as if the hand held it.
    assert!(
        h.query_by_label_contains(&format!("discarding {}", discard.name()))
            .is_none()
    );
    // `foreman plan --json` on the saved game says the same: the discard is the tool's.
    let saved = dir.path().join("last-game.json");
    let (ok, out, err) = super::cli::run(&["plan", saved.to_str().expect("path"), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(
        v["discard_unseen"],
        format!("{tool:?}").to_lowercase().as_str()
    );
    let before = game.journal().len();
    h.key_press(egui::Key::N);
    h.run();
    assert!(h.state().choosing(), "which card is discarded is asked");
    assert_eq!(h.state().game().unwrap().journal().len(), before);
}

/// The planner thinks on its own thread; a move made before it answers makes its answer
/// stale, and a stale answer is never shown (nor played by `N`).
#[test]
fn a_suggestion_for_a_position_left_meanwhile_is_dropped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 7);
    h.run();
    click(&mut h, "Start the game");
    h.get_by_label("Suggest").click();
    h.step();
    // Taken before the planner's answer is looked at.
    h.get_all_by_label_contains("Take ")
        .next()
        .expect("a market blueprint")
        .click();
    super::window::wait_for_suggestion(&mut h);
    let len = h.state().game().unwrap().journal().len();
    assert!(h.state().suggested().is_none(), "the answer came too late");
    assert!(h.query_by_label_contains("Suggested: ").is_none());
    h.key_press(egui::Key::N);
    h.run();
    assert_eq!(
        h.state().game().unwrap().journal().len(),
        len,
        "N plays nothing"
    );
}

/// Issue 29, points 2 and 4: in the market phase *Suggest* shows the planner bot's choice,
/// naming the card (docs/rules.md, market phase: take a blueprint or hire a contractor), with the
/// next best beside it; *Play the next step* takes it, and the suggestion goes.
#[test]
fn suggest_in_the_market_phase_names_the_card_to_take() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 7);
    h.run();
    click(&mut h, "Start the game");
    assert!(matches!(
        h.state().game().unwrap().state().phase,
        Phase::Market { .. }
    ));
    suggest(&mut h);
    let plan = h.state().suggested().expect("a suggestion").clone();
    assert_eq!(plan.steps.len(), 1);
    let game = h.state().game().unwrap().clone();
    let en = foreman::i18n::Tr::new(foreman::i18n::Lang::En);
    let line = match plan.steps[0] {
        Act::TakeBlueprint { slot } => format!(
            "1. Take {} (market blueprint {})",
            foreman::i18n::words::card_name(
                &en,
                game.state().market.blueprints[usize::from(slot)].expect("a card")
            ),
            slot + 1
        ),
        Act::Hire { slot, .. } => format!(
            "1. Hire {} (contractor {})",
            foreman::i18n::words::contractor_name(
                &en,
                game.state().market.contractors[usize::from(slot)].expect("a contractor")
            ),
            slot + 1
        ),
        ref other => panic!("not a market choice: {other:?}"),
    };
    // What the estimate is, in the title's hover (issue 89, point 8).
    h.get_by_label_contains("Suggested: worth about").hover();
    for _ in 0..40 {
        h.step();
        if h.query_by_label_contains("2 rounds played ahead in 8 games")
            .is_some()
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.get_by_label_contains("2 rounds played ahead in 8 games");
    h.get_by_label_contains(&line);
    // Tagged on the table: of the market's buttons, the one in the tag's column and nearest
    // below it is the suggested one.
    let tag = h.get_by_label("Step 1 of the suggestion").rect();
    let button = line.trim_start_matches("1. ");
    let nearest = h
        .get_all_by_role(egui::accesskit::Role::Button)
        .filter(|b| {
            let r = b.rect();
            r.left() <= tag.center().x
                && tag.center().x <= r.left() + 140.0
                && r.top() > tag.bottom()
        })
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .expect("a button under the tag");
    let name = nearest.accesskit_node().label().unwrap_or_default();
    // "Take Golem (market blueprint 1)" is the button "Take Golem"; a hire's, "Hire Miner".
    let wanted = button.split(" (").next().unwrap_or(button);
    assert_eq!(name, wanted, "the tag sits on the suggested card's tile");
    let others = h.get_all_by_label_contains("or: ").count();
    assert!((1..=2).contains(&others), "{others} next best shown");
    let before = game.journal().len();
    click(&mut h, "Play the next step");
    let game = h.state().game().unwrap();
    assert_eq!(game.journal().len(), before + 1);
    assert_eq!(game.journal()[before].act, plan.steps[0]);
    h.run();
    assert!(h.state().suggested().is_none());
    assert!(h.query_by_label("Play the next step").is_none());
}

/// At a real table the players roll their own dice: turning to a table companion game makes
/// every seat's dice typed (the Machine's too), a source chosen there (virtual dice too) is
/// kept through a turn to a digital game and back, and a digital game rolls Foreman's own dice
/// whatever was chosen.
#[test]
fn a_table_companion_game_types_its_dice_unless_told_otherwise() {
    use foreman::ui::DiceSource::{self, Camera, Typed, Virtual};
    // The start screen clicked through `clicks`, then the game started: each seat's dice.
    let dice_used = |seed: u64, clicks: &[&str]| -> Vec<DiceSource> {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = harness(dir.path(), seed);
        h.run();
        for label in clicks.iter().chain(&["Start the game"]) {
            click(&mut h, label);
        }
        h.state().settings.dice.clone()
    };
    let camera = [
        "Real cards and dice on the table",
        "Dice of player 1",
        "Camera",
    ];
    assert_eq!(
        dice_used(
            31,
            &[
                &camera[..],
                &[
                    "On screen: Foreman deals and rolls",
                    "Real cards and dice on the table"
                ]
            ]
            .concat()
        ),
        vec![Camera, Typed]
    );
    assert_eq!(
        dice_used(
            32,
            &[&camera[..], &["On screen: Foreman deals and rolls"]].concat()
        ),
        vec![Virtual, Virtual]
    );
    // Virtual dice chosen at the table are kept through a turn to a digital game and back.
    let virtual_dice = [
        "Real cards and dice on the table",
        "Dice of player 1",
        "Virtual dice",
    ];
    assert_eq!(
        dice_used(
            34,
            &[
                &virtual_dice[..],
                &[
                    "On screen: Foreman deals and rolls",
                    "Real cards and dice on the table"
                ]
            ]
            .concat()
        ),
        vec![Virtual, Typed]
    );
    // Players added once the game is a companion one type their dice too.
    let four = dice_used(
        33,
        &["2 to 5 players", "Real cards and dice on the table", "4"],
    );
    assert_eq!(four[..4], [Typed; 4]);
}
