//! The planner's tests: puzzles, soundness of the pruning and of the chance nodes, the
//! memoised search against every sequence.
use super::outcomes::alike;
use super::*;
use crate::bots::{Bot, BotKind};
use crate::engine::{Difficulty, Setup};

/// The plain search: every sequence, no memo, no merging of equal positions.
fn brute(s: &Search, g: &State) -> f64 {
    let mut best: Option<f64> = None;
    let mut moves = Vec::new();
    s.moves(g, &mut moves);
    for act in moves {
        let v = if matches!(act, Act::EndWork { .. }) {
            match outcomes(&s.game, g, &act).first() {
                Some((end, _)) => worth_in(end, s.seat, &s.weights, s.means),
                None => continue,
            }
        } else {
            let next = outcomes(&s.game, g, &act);
            if next.is_empty() {
                continue;
            }
            next.iter().map(|(c, p)| brute(s, c) * p).sum::<f64>()
        };
        best = Some(best.map_or(v, |b: f64| b.max(v)));
    }
    best.unwrap_or_else(|| worth_in(g, s.seat, &s.weights, s.means))
}

#[derive(serde::Deserialize)]
struct Puzzle {
    name: String,
    compound: Vec<String>,
    hand: Vec<String>,
    dice: Vec<u8>,
    metal: u32,
    energy: u32,
    best_points: u32,
}

/// The puzzle's position: a solo game's work phase after the roll, the cards moved out of
/// the deck (every copy still counted once).
fn puzzle_position(p: &Puzzle) -> Game {
    use crate::engine::Blueprint;
    let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 1)).expect("game");
    let st = &mut g.state;
    st.hand_back_to_deck(0);
    let card =
        |n: &str| Blueprint::from_name(n).unwrap_or_else(|| panic!("{}: no card {n}", p.name));
    for n in &p.hand {
        let c = card(n);
        assert!(st.blueprint_deck.remove(c) || st.blueprint_discard.remove(c));
        st.players[0].hand.add(c);
    }
    for n in &p.compound {
        let c = card(n);
        assert!(st.blueprint_deck.remove(c) || st.blueprint_discard.remove(c));
        st.players[0].compound.add(c);
    }
    st.players[0].metal = p.metal;
    st.players[0].energy = p.energy;
    st.players[0].dice.clear();
    for &v in &p.dice {
        st.players[0]
            .dice
            .push(v, crate::engine::state::DieOrigin::Own);
    }
    st.round = 1;
    st.phase = Phase::Work {
        turn: 0,
        rolled: true,
    };
    g
}

/// Issue 29, point 6: the puzzles in `puzzles/`, solved by hand; the planner, counting
/// points only, finds each best result, and playing its plan through the rules makes it.
#[test]
fn puzzles() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("puzzles/")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{} puzzles", files.len());
    let points = Weights::POINTS;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        let puzzle: Puzzle = toml::from_str(&text).expect("a puzzle");
        let g = puzzle_position(&puzzle);
        let plan = plan_with(&g, &points, Limit::EXACT).expect("plan");
        assert!(plan.exact);
        assert!(
            (plan.gain - f64::from(puzzle.best_points)).abs() < 1e-9,
            "{}: the planner makes {} points, the puzzle's best is {}",
            puzzle.name,
            plan.gain,
            puzzle.best_points
        );
        // Played through the rules (no chance in these puzzles), the plan makes them.
        assert!(!plan.then_ask_again, "{}", puzzle.name);
        let before = g.state().players[0].score();
        let mut played = g.clone();
        for act in &plan.steps {
            played
                .apply(Action::new(act.clone()))
                .expect("the plan's step is legal");
        }
        assert_eq!(
            played.state().players[0].score() - before,
            puzzle.best_points,
            "{}",
            puzzle.name
        );
    }
}

/// Issue 29, point 1: the pruning is sound. On positions of real games with up to three
/// dice to place, the search with branch and bound finds the same value as without it,
/// and the bound is never below the value of any position the search without it reaches.
#[test]
fn branch_and_bound_loses_nothing() {
    let mut checked = 0;
    let mut pruned = 0;
    for seed in 100..140u64 {
        let setup = if seed % 2 == 0 {
            Setup::solo("P", Difficulty::Hard, seed)
        } else {
            Setup::players(3, seed)
        };
        let mut g = Game::new_dealt(setup).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, seed);
        while !g.state().is_over() && checked < 80 {
            let st = g.state();
            if let (Phase::Work { rolled: true, .. }, Some(p)) = (st.phase, st.current_player())
                && st.players[p].dice.unplaced().count() <= 3
            {
                let root = g.for_planning();
                let w = Weights::default();
                let search = |prune: bool| Search {
                    prune,
                    ..Search::new(root.clone(), p, w, means_count(st, &w), Limit::EXACT)
                };
                let mut with = search(true);
                let mut without = search(false);
                without.check_bound = true;
                let (a, exact) = with.value(root.state(), f64::NEG_INFINITY);
                let (b, _) = without.value(root.state(), f64::NEG_INFINITY);
                assert!(exact);
                assert!(
                    (a - b).abs() < 1e-9,
                    "seed {seed}: pruned {a}, unpruned {b}"
                );
                let bound = with.bound_of(root.state());
                assert!(bound >= b - 1e-9, "seed {seed}: bound {bound} below {b}");
                pruned += without.memo.len().saturating_sub(with.memo.len());
                checked += 1;
            }
            let Some(act) = bot.choose(&g) else { break };
            g.apply_digital(act).expect("legal");
        }
    }
    assert!(checked >= 60, "{checked} positions checked");
    assert!(pruned > 0, "the bound never pruned");
}

/// Issue 29, point 1 (cards.md: Temp Agency, reroll any number of unplaced dice): the
/// faces of dice rerolled together are stepped in rising order only, each weighted by the
/// orders it comes in; every position the reroll can lead to keeps the chance it has when
/// every order of the faces is stepped.
#[test]
fn rerolled_dice_keep_their_chances_when_taken_in_rising_order() {
    use crate::engine::Blueprint as B;
    use crate::engine::state::DieOrigin;
    let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 3)).expect("game");
    let st = &mut g.state;
    assert!(st.blueprint_deck.remove(B::TempAgency));
    st.players[0].compound.add(B::TempAgency);
    st.players[0].energy = 3;
    st.players[0].dice.clear();
    for v in [2, 5, 5, 1] {
        st.players[0].dice.push(v, DieOrigin::Own);
    }
    st.phase = Phase::Work {
        turn: 0,
        rolled: true,
    };
    let root = g.for_planning();
    let mut rerolls = Vec::new();
    legal_actions_into(root.state(), &mut rerolls);
    rerolls.retain(
        |a| matches!(a, Act::Activate { card: B::TempAgency, dice, .. } if dice.len() >= 2),
    );
    assert!(!rerolls.is_empty(), "no reroll of several dice");
    for act in &rerolls {
        assert!(alike(root.state(), act), "{act}");
        let chances = |rising: bool| {
            let mut slots = Slots::default();
            let r = slots.outcomes_in(&root, root.state(), act, rising);
            let mut by_key: HashMap<Key, f64> = HashMap::new();
            for i in r {
                *by_key.entry(key(&slots.states[i].players[0])).or_default() += slots.chances[i];
            }
            (by_key, slots.used)
        };
        let (rising, stepped) = chances(true);
        let (every, all) = chances(false);
        assert!(stepped < all, "{act}: {stepped} of {all} steps");
        assert_eq!(rising.len(), every.len(), "{act}");
        for (k, p) in &every {
            let q = rising.get(k).copied().unwrap_or(0.0);
            assert!((p - q).abs() < 1e-12, "{act}: {q} against {p}");
        }
    }
}

/// Issue 29, point 5: on small positions (at most two dice left to place) the memoised
/// search finds the same value as the plain search of every sequence.
#[test]
fn the_plan_is_as_good_as_trying_every_sequence() {
    let mut checked = 0;
    for seed in 0..30u64 {
        let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)).expect("game");
        let mut bot = Bot::new(BotKind::Greedy, seed);
        while !g.state().is_over() && checked < 60 {
            let st = g.state();
            if let (Phase::Work { rolled: true, .. }, Some(p)) = (st.phase, st.current_player())
                && st.players[p].dice.unplaced().count() <= 2
            {
                let plan = plan_with(&g, &Weights::default(), Limit::EXACT).expect("plan");
                assert!(plan.exact);
                let root = g.for_planning();
                let w = Weights::default();
                let s = Search {
                    prune: false,
                    ..Search::new(root.clone(), p, w, means_count(st, &w), Limit::EXACT)
                };
                let before = worth_in(root.state(), p, &s.weights, s.means);
                let best = brute(&s, root.state());
                assert!(
                    (plan.gain - (best - before)).abs() < 1e-9,
                    "seed {seed}: memoised {} against every sequence {}",
                    plan.gain,
                    best - before
                );
                checked += 1;
            }
            let Some(act) = bot.choose(&g) else { break };
            g.apply_digital(act).expect("legal");
        }
    }
    assert!(checked >= 30, "{checked} positions checked");
}

/// What the bound adds to the objective now, in the position of `compound`, `hand`, `dice`
/// and `metal` (a solo game's first round).
fn bound_gap(compound: &[&str], hand: &[&str], dice: &[u8], metal: u32) -> f64 {
    let p = Puzzle {
        name: "bound".into(),
        compound: compound.iter().map(|s| s.to_string()).collect(),
        hand: hand.iter().map(|s| s.to_string()).collect(),
        dice: dice.to_vec(),
        metal,
        energy: 0,
        best_points: 0,
    };
    let g = puzzle_position(&p);
    let st = g.state();
    let w = Weights::default();
    let means = means_count(st, &w);
    let s = Search::new(g.for_planning(), 0, w, means, Limit::EXACT);
    s.bound_of(st) - worth_in(st, 0, &w, means)
}

/// RULES.md, work phase, Build: a build discards a second blueprint of the same tool, and
/// takes both from the hand. Two blueprints of different tools cannot be built, so the bound
/// counts nothing for them; two of one tool (Obelisk and Warehouse, hammers) can be.
#[test]
fn the_bound_counts_only_builds_the_rules_allow() {
    let apart = bound_gap(&[], &["Obelisk", "Beacon"], &[], 5);
    assert!(apart.abs() < 1e-9, "different tools: {apart}");
    let together = bound_gap(&[], &["Obelisk", "Warehouse"], &[], 5);
    // The Obelisk's 2 prestige less its metal and energy and the two cards in hand.
    let w = Weights::default();
    let obelisk = 2.0 - 3.0 * w.metal - w.energy - 2.0 * w.hand;
    assert!((together - obelisk).abs() < 1e-9, "one tool: {together}");
}

/// RULES.md, end of the work phase: resources past 12 are discarded. The Power Plant's
/// energy (cards.md: a 6 gives 6 energy) is worth nothing to a player holding 12 metal, who
/// would discard it, and the bound counts it no more; with 4 metal it counts.
#[test]
fn resources_past_the_limit_count_nothing_in_the_bound() {
    let w = Weights::default();
    let full = bound_gap(&["Power Plant"], &[], &[6], 12);
    assert!(full < 6.0 * w.energy - 0.1, "at 12 metal: {full}");
    let room = bound_gap(&["Power Plant"], &[], &[6], 4);
    assert!(room >= 6.0 * w.energy - 1e-9, "at 4 metal: {room}");
}

/// RULES.md, Machine's turn: each of the red, blue, purple and yellow dice makes a good when it
/// shows no more than the Machine's cards of its type (Training, Production, Special,
/// Utility). With 10 goods and one Training card and three Production cards, 12 goods come
/// only from both dice: 1/6 × 3/6; with 11, from either: 1 − 5/6 × 3/6; with 12, surely.
#[test]
fn the_chance_that_the_machine_ends_the_game_this_round() {
    use crate::engine::Blueprint;
    let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 7)).expect("game");
    let m = g.state.machine.as_mut().expect("a Machine");
    m.compound = Default::default();
    m.compound.add(Blueprint::Gymnasium);
    for c in [
        Blueprint::AssemblyLine,
        Blueprint::Biolab,
        Blueprint::NuclearPlant,
    ] {
        m.compound.add(c);
    }
    let chance = |g: &mut Game, goods: u32| {
        if let Some(m) = g.state.machine.as_mut() {
            m.goods = goods;
        }
        machine_ends_now(&g.state)
    };
    assert!((chance(&mut g, 10) - 1.0 / 6.0 * 3.0 / 6.0).abs() < 1e-12);
    assert!((chance(&mut g, 11) - (1.0 - 5.0 / 6.0 * 3.0 / 6.0)).abs() < 1e-12);
    assert!((chance(&mut g, 12) - 1.0).abs() < 1e-12);
    assert!(chance(&mut g, 0).abs() < 1e-12);
}

/// Issue 29, point 1: a blueprint drawn in the middle of a plan is valued by expectation over
/// what can still be in the deck. A Gymnasium (shovel) in hand, 4 metal and 4 energy, one die
/// showing 1: Research (cards.md: any die draws 1 blueprint) may draw a Motherlode (shovel,
/// 1 metal and 3 energy, 1 prestige), which can then be built with the Gymnasium as its
/// discard (RULES.md, Build: the discard has the same tool), or an Obelisk (hammer), which
/// nothing in hand can partner. Counting points only, the draw is worth one point times the
/// Motherlodes' share of the deck.
#[test]
fn a_card_drawn_is_valued_by_what_the_deck_may_give() {
    use crate::engine::Blueprint as B;
    use crate::engine::Section;
    for (motherlodes, obelisks) in [(2u8, 0u8), (1, 3), (0, 4)] {
        let p = Puzzle {
            name: "draw".into(),
            compound: vec![],
            hand: vec!["Gymnasium".into()],
            dice: vec![1],
            metal: 4,
            energy: 4,
            best_points: 0,
        };
        let mut g = puzzle_position(&p);
        let deck = &mut g.state.blueprint_deck;
        *deck = Default::default();
        for _ in 0..motherlodes {
            deck.add(B::Motherlode);
        }
        for _ in 0..obelisks {
            deck.add(B::Obelisk);
        }
        let plan = plan_with(&g, &Weights::POINTS, Limit::EXACT).expect("plan");
        let share = f64::from(motherlodes) / f64::from(motherlodes + obelisks);
        assert!(
            (plan.gain - share).abs() < 1e-9,
            "{motherlodes} Motherlodes, {obelisks} Obelisks: gain {}",
            plan.gain
        );
        if motherlodes > 0 {
            assert!(
                matches!(
                    plan.steps.first(),
                    Some(Act::Place {
                        section: Section::Research,
                        ..
                    })
                ),
                "{:?}",
                plan.steps
            );
            assert!(plan.then_ask_again, "a draw ends the plan: {:?}", plan.steps);
        }
    }
}

/// Issue 29, point 1: the cards a draw may give, by the part they can play in the rest of the
/// work phase, each as likely as its copies among the unseen cards. With a Motherlode, an
/// Aluminum Factory and a Concrete Plant built (shovels; the last two cost 2 metal and 2
/// energy) and a Gymnasium (shovel) in hand: built cards can only be discarded, and the
/// Black Market pays a discard's cost, so the Aluminum Factory and the Concrete Plant are one
/// outcome and the Motherlode another; a Gymnasium or an Incinerator (shovels, not built) may
/// be built with the Gymnasium in hand (one outcome each); Obelisks (hammer) have no partner
/// in hand and stay one card drawn in secret.
#[test]
fn a_draw_gives_one_outcome_per_part_a_card_can_play() {
    use super::outcomes::reveal_one;
    use crate::engine::Blueprint as B;
    let p = Puzzle {
        name: "reveal".into(),
        compound: vec![
            "Motherlode".into(),
            "Aluminum Factory".into(),
            "Concrete Plant".into(),
        ],
        hand: vec!["Gymnasium".into()],
        dice: vec![1],
        metal: 4,
        energy: 4,
        best_points: 0,
    };
    let mut g = puzzle_position(&p);
    let deck = &mut g.state.blueprint_deck;
    *deck = Default::default();
    for (card, n) in [
        (B::AluminumFactory, 1),
        (B::ConcretePlant, 1),
        (B::Motherlode, 1),
        (B::Gymnasium, 2),
        (B::Incinerator, 2),
        (B::Obelisk, 3),
    ] {
        for _ in 0..n {
            deck.add(card);
        }
    }
    let mut outcomes = reveal_one(g.state(), 0);
    outcomes.sort_by_key(|(c, _)| c.map(|c| c.index()));
    let total: f64 = outcomes.iter().map(|(_, w)| w).sum();
    assert!((total - 1.0).abs() < 1e-12, "{outcomes:?}");
    let expected = [
        (None, 3.0 / 10.0),
        (Some(B::AluminumFactory), 2.0 / 10.0),
        (Some(B::Gymnasium), 2.0 / 10.0),
        (Some(B::Incinerator), 2.0 / 10.0),
        (Some(B::Motherlode), 1.0 / 10.0),
    ];
    let mut expected = expected.to_vec();
    expected.sort_by_key(|(c, _)| c.map(|c: B| c.index()));
    assert_eq!(outcomes.len(), expected.len(), "{outcomes:?}");
    for ((c, w), (ec, ew)) in outcomes.iter().zip(&expected) {
        assert_eq!(c, ec);
        assert!((w - ew).abs() < 1e-12, "{c:?}: {w} against {ew}");
    }
}
