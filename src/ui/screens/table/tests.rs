use super::*;
use crate::engine::{Difficulty, Setup};
use crate::i18n::Lang;

/// The table of a solo game with Ann at work on this screen, her hand shown.
fn ann_at_work(tr: &std::rc::Rc<Tr>, game: Game, legal: Vec<Act>) -> TableScreen {
    TableScreen {
        tr: std::rc::Rc::clone(tr),
        game: std::rc::Rc::new(game),
        legal,
        preview: None,
        marks: Default::default(),
        names: vec!["Ann".into()],
        hand_hidden: vec![None],
        board_open: true,
        suggesting: false,
        camera_on: false,
        camera_used: false,
    }
}

/// Issue 25, point 3 (docs/rules.md, work phase, Build: discard *another* blueprint with the same
/// tool): with no other Shovel blueprint in hand, the disabled *Build Gymnasium* says so, in
/// the window's language; it never speaks of a second copy.
#[test]
fn the_gymnasium_refusal_names_the_shovel() {
    let game = Game::new_dealt(Setup::solo("You", Difficulty::Easy, 3)).expect("a game");
    let mut p = game.state().players[0];
    p.hand = Default::default();
    p.hand.add(Blueprint::Gymnasium);
    p.hand.add(Blueprint::Robot);
    p.metal = 5;
    p.energy = 5;
    let mut st = game.state().clone();
    st.players[0] = p;
    st.phase = Phase::Work {
        turn: 0,
        rolled: true,
    };
    let game = Game::at_position(game.setup().clone(), st);
    for (lang, shovel, copies) in [
        (Lang::En, "Shovel", "two copies"),
        (Lang::Fr, "Pelle", "deux exemplaires"),
    ] {
        let why = build_refusal(&Tr::new(lang), &game, &p, Blueprint::Gymnasium);
        assert!(why.contains(shovel), "{lang:?}: {why}");
        assert!(!why.contains(copies), "{lang:?}: {why}");
    }
}

/// Issue 94, point 3: the table is drawn and tested alone, from what it is given: a
/// blueprint taken and the refresh come back as commands, the window's own panels are
/// asked for in their slots, and a hand this window may not show says why instead.
#[test]
fn the_table_is_drawn_alone_and_its_buttons_are_commands() {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use std::cell::RefCell;
    use std::rc::Rc;
    let game = Game::new_dealt(Setup::solo("Ann", Difficulty::Easy, 3)).expect("a game");
    let tr = Rc::new(Tr::new(Lang::En));
    let legal = crate::engine::legal_actions(game.state());
    let take = Act::TakeBlueprint { slot: 0 };
    assert!(legal.contains(&take), "the market phase: {legal:?}");
    let card = game.state().market.blueprints[0].expect("a card in slot 1");
    let screen = TableScreen {
        tr: Rc::clone(&tr),
        game: Rc::new(game),
        legal,
        preview: None,
        marks: Default::default(),
        names: vec!["Ann".into()],
        hand_hidden: vec![Some("web-hand-on-phone")],
        board_open: true,
        suggesting: true,
        camera_on: false,
        camera_used: false,
    };
    let asked = RefCell::new(Vec::new());
    let slots = RefCell::new(Vec::new());
    let mut view = TableView::default();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui(|ui| {
            let commands = screen.ui(ui, &mut view, |slot, ui| {
                ui.label(format!("{slot:?} here"));
                slots.borrow_mut().push(slot);
            });
            asked.borrow_mut().extend(commands);
        });
    h.run();
    assert!(asked.borrow().is_empty());
    for slot in [Slot::Devices, Slot::Log, Slot::Suggestion] {
        assert!(slots.borrow().contains(&slot), "{slot:?}");
        assert!(h.query_by_label(&format!("{slot:?} here")).is_some());
    }
    assert!(h.query_by_label(&tr.t("web-hand-on-phone")).is_some());
    let label = tr.t_args(
        "take",
        &[
            ("card", words::card_name(&tr, card).into()),
            ("slot", 1usize.into()),
        ],
    );
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(asked.borrow().as_slice(), [TableCommand::Play(take)]);
    asked.borrow_mut().clear();
    h.get_by_label(&tr.t("refresh")).click();
    h.run();
    assert!(
        matches!(asked.borrow().as_slice(), [TableCommand::Choose { title, acts }]
            if *title == tr.t("refresh") && !acts.is_empty()
                && acts.iter().all(|a| matches!(a, Act::RefreshMarket { .. }))),
        "{:?}",
        asked.borrow()
    );
}

/// Issue 89, point 4 (docs/cards.md, Mega Factory: place X=X=X): with no three dice alike left
/// to place, *Activate Mega Factory* is greyed and says why on hover; with three 4s it
/// offers the choice of the extra die's value.
#[test]
fn mega_factory_is_greyed_without_three_dice_alike() {
    use crate::engine::state::{DieOrigin, Section, Spot};
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT, Queryable};
    use std::cell::RefCell;
    use std::rc::Rc;
    let dealt = Game::new_dealt(Setup::solo("Ann", Difficulty::Easy, 3)).expect("a game");
    let tr = Rc::new(Tr::new(Lang::En));
    let at = |values: &[u8], placed: bool| {
        let mut st = dealt.state().clone();
        let p = &mut st.players[0];
        p.compound = Default::default();
        p.compound.add(Blueprint::MegaFactory);
        p.dice.clear();
        for &v in values {
            p.dice.push(v, DieOrigin::Own);
        }
        if placed {
            for i in 0..values.len() {
                if let Some(d) = p.dice.get_mut(i) {
                    d.placed = Some(Spot::Hq(Section::Generate));
                }
            }
        }
        st.phase = Phase::Work {
            turn: 0,
            rolled: true,
        };
        Game::at_position(dealt.setup().clone(), st)
    };
    let label = tr.t_args("activate", &[("card", "Mega Factory".into())]);
    for (values, placed, open) in [
        (&[4u8, 4, 4][..], true, false),
        (&[4, 4, 1][..], false, false),
        (&[4, 4, 4][..], false, true),
    ] {
        let game = at(values, placed);
        let legal = crate::engine::legal_actions(game.state());
        let screen = ann_at_work(&tr, game, legal);
        let asked = RefCell::new(Vec::new());
        let mut view = TableView::default();
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui(|ui| {
                asked
                    .borrow_mut()
                    .extend(screen.ui(ui, &mut view, |_, _| {}));
            });
        h.run();
        let button = h.get_by_label(&label);
        assert_eq!(
            button.accesskit_node().is_disabled(),
            !open,
            "{values:?} placed {placed}"
        );
        button.click();
        h.run();
        let six_choices = |asked: &[TableCommand]| matches!(asked, [TableCommand::Choose { acts, .. }] if acts.len() == 6);
        if open {
            assert!(six_choices(&asked.borrow()), "{:?}", asked.borrow());
        } else {
            assert!(asked.borrow().is_empty(), "{:?}", asked.borrow());
        }
        asked.borrow_mut().clear();
        if placed {
            continue;
        }
        // Issue 89, point 4: die 1 dragged onto the card: its activations, or the activation
        // tried so that the rules say why not (a drop never does nothing).
        let from = h.get_by_label("Die 1: 4").rect().center();
        let to = h.get_by_label(&label).rect().center();
        h.drag_at(from);
        h.step();
        h.hover_at(from + egui::vec2(8.0, 8.0));
        h.step();
        h.hover_at(to);
        h.step();
        h.drop_at(to);
        h.run();
        if open {
            assert!(six_choices(&asked.borrow()), "{:?}", asked.borrow());
        } else {
            let tried = Act::Activate {
                card: Blueprint::MegaFactory,
                dice: crate::engine::DiceList::one(0),
                choice: Default::default(),
            };
            assert_eq!(asked.borrow().as_slice(), [TableCommand::Play(tried)]);
        }
    }
}

/// The trial of issue 95: a die picked in the tray, then *Activate Motherlode* (docs/cards.md,
/// Motherlode: place a die; 1–3 gain 1 metal, 4–6 gain 2) offered every die, the lowest first,
/// not the die picked. With a die picked, the card's activation is with that die; with none,
/// every way is offered.
#[test]
fn activate_uses_the_die_picked_in_the_tray() {
    use crate::engine::state::DieOrigin;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use std::cell::RefCell;
    use std::rc::Rc;
    let dealt = Game::new_dealt(Setup::solo("Ann", Difficulty::Easy, 3)).expect("a game");
    let tr = Rc::new(Tr::new(Lang::En));
    let mut st = dealt.state().clone();
    let p = &mut st.players[0];
    p.compound = Default::default();
    p.compound.add(Blueprint::Motherlode);
    p.dice.clear();
    for v in [3u8, 6] {
        p.dice.push(v, DieOrigin::Own);
    }
    st.phase = Phase::Work {
        turn: 0,
        rolled: true,
    };
    let game = Game::at_position(dealt.setup().clone(), st);
    let legal = crate::engine::legal_actions(game.state());
    let label = tr.t_args("activate", &[("card", "Motherlode".into())]);
    for (picked, wanted) in [
        (Some(1u8), vec![vec![1u8]]),
        (Some(0), vec![vec![0]]),
        (None, vec![vec![0], vec![1]]),
    ] {
        let screen = ann_at_work(&tr, game.clone(), legal.clone());
        let asked = RefCell::new(Vec::new());
        let mut view = TableView {
            selected_die: picked,
            ..TableView::default()
        };
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui(|ui| {
                asked
                    .borrow_mut()
                    .extend(screen.ui(ui, &mut view, |_, _| {}));
            });
        h.run();
        h.get_by_label(&label).click();
        h.run();
        let asked = asked.borrow();
        let [TableCommand::Choose { acts, .. }] = asked.as_slice() else {
            panic!("picked {picked:?}: {asked:?}");
        };
        let mut dice: Vec<Vec<u8>> = acts
            .iter()
            .map(|a| match a {
                Act::Activate { card, dice, .. } => {
                    assert_eq!(*card, Blueprint::Motherlode);
                    dice.iter().copied().collect()
                }
                other => panic!("not an activation: {other:?}"),
            })
            .collect();
        dice.sort();
        assert_eq!(dice, wanted, "picked {picked:?}");
    }
}
