//! The planner's tests: puzzles, soundness of the pruning and of the chance nodes, the
//! memoised search against every sequence.
use super::outcomes::alike;
use super::*;
use crate::bots::{Bot, BotKind};
use crate::engine::{Difficulty, Setup};

/// The plain search: every sequence, no memo, no merging of equal positions.
fn brute(s: &mut Search, g: &State) -> f64 {
    let mut best: Option<f64> = None;
    let mut moves = Vec::new();
    s.moves_all(g, &mut moves);
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
    let g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 1)).expect("game");
    let mut st = g.state().clone();
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
    Game::at_position(g.setup().clone(), st)
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
                // The default weights, weights that value each card in hand by what it is, and
                // weights that count a built card's use and the race against the Machine.
                let w = match checked % 3 {
                    0 => Weights::default(),
                    1 => by_card(),
                    _ => racing(),
                };
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
                pruned += without.positions.saturating_sub(with.positions);
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
    let g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 3)).expect("game");
    let mut st = g.state().clone();
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
    let root = Game::at_position(g.setup().clone(), st).for_planning();
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
                let w = match checked % 3 {
                    0 => Weights::default(),
                    1 => by_card(),
                    _ => racing(),
                };
                let plan = plan_with(&g, &w, Limit::EXACT).expect("plan");
                assert!(plan.exact);
                let root = g.for_planning();
                let mut s = Search {
                    prune: false,
                    ..Search::new(root.clone(), p, w, means_count(st, &w), Limit::EXACT)
                };
                let before = worth_in(root.state(), p, &s.weights, s.means);
                let best = brute(&mut s, root.state());
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
    bound_gap_with(&Weights::default(), compound, hand, dice, metal)
}

/// [`bound_gap`] with the weights `w`.
fn bound_gap_with(w: &Weights, compound: &[&str], hand: &[&str], dice: &[u8], metal: u32) -> f64 {
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
    let means = means_count(st, w);
    let s = Search::new(g.for_planning(), 0, *w, means, Limit::EXACT);
    s.bound_of(st) - worth_in(st, 0, w, means)
}

/// docs/rules.md, work phase, Build: a build discards a second blueprint of the same tool, and
/// takes both from the hand. Two blueprints of different tools cannot be built, so the bound
/// counts nothing for them; two of one tool (Obelisk and Warehouse, hammers) can be.
#[test]
fn the_bound_counts_only_builds_the_rules_allow() {
    let apart = bound_gap(&[], &["Obelisk", "Beacon"], &[], 5);
    assert!(apart.abs() < 1e-9, "different tools: {apart}");
    let together = bound_gap(&[], &["Obelisk", "Warehouse"], &[], 5);
    // The Obelisk's 2 prestige less its metal and energy and the two cards in hand: the
    // Obelisk at a card's place (and its bonus, at the least share the hand can count: the
    // means' share if the plan ends the game), its discard at the least a card is worth (one
    // that can no longer be built).
    // Or the Warehouse (1 prestige, 3 metal and 2 energy; cards.md) at its engine worth in the
    // first round, the Obelisk its discard. One build of the two, the better.
    use crate::engine::Blueprint as B;
    let w = Weights::default();
    let bonus = |c: B| w.penultimate * card_bonus(c, &w);
    let obelisk = 2.0 - 3.0 * w.metal - w.energy - w.hand - w.dead * w.hand - bonus(B::Obelisk);
    let warehouse = 1.0 + engine_of(B::Warehouse, 1, &w)
        - 3.0 * w.metal
        - 2.0 * w.energy
        - w.hand
        - w.dead * w.hand
        - bonus(B::Warehouse);
    let best = obelisk.max(warehouse);
    assert!(
        (together - best).abs() < 1e-9,
        "one tool: {together}, not {best}"
    );
}

/// docs/rules.md, end of the work phase: resources past 12 are discarded. The Power Plant's
/// energy (cards.md: a 6 gives 6 energy) is worth nothing to a player holding 12 metal, who
/// would discard it, and the bound counts it no more; with 4 metal it counts. (Blueprints
/// drawn are counted at a `hand` weight of 0.4 alone here, so that the die's other use,
/// Research, at most 5/3 of a blueprint in an empty section, is worth less than the Power
/// Plant's energy.)
#[test]
fn resources_past_the_limit_count_nothing_in_the_bound() {
    let w = Weights {
        kept: 0.0,
        dead: 1.0,
        hand: 0.4,
        ..Weights::default()
    };
    let full = bound_gap_with(&w, &["Power Plant"], &[], &[6], 12);
    assert!(full < 6.0 * w.energy - 0.1, "at 12 metal: {full}");
    let room = bound_gap_with(&w, &["Power Plant"], &[], &[6], 4);
    assert!(room >= 6.0 * w.energy - 1e-9, "at 4 metal: {room}");
}

/// docs/rules.md, Machine's turn: each of the red, blue, purple and yellow dice makes a good when it
/// shows no more than the Machine's cards of its type (Training, Production, Special,
/// Utility). With 10 goods and one Training card and three Production cards, 12 goods come
/// only from both dice: 1/6 × 3/6; with 11, from either: 1 − 5/6 × 3/6; with 12, surely.
#[test]
fn the_chance_that_the_machine_ends_the_game_this_round() {
    use crate::engine::Blueprint;
    let g = Game::new_dealt(Setup::solo("P", Difficulty::Easy, 7)).expect("game");
    let mut st = g.state().clone();
    let m = st.machine.as_mut().expect("a Machine");
    m.compound = Default::default();
    m.compound.add(Blueprint::Gymnasium);
    for c in [
        Blueprint::AssemblyLine,
        Blueprint::Biolab,
        Blueprint::NuclearPlant,
    ] {
        m.compound.add(c);
    }
    let chance = |st: &mut State, goods: u32| {
        if let Some(m) = st.machine.as_mut() {
            m.goods = goods;
        }
        machine_ends_now(st)
    };
    assert!((chance(&mut st, 10) - 1.0 / 6.0 * 3.0 / 6.0).abs() < 1e-12);
    assert!((chance(&mut st, 11) - (1.0 - 5.0 / 6.0 * 3.0 / 6.0)).abs() < 1e-12);
    assert!((chance(&mut st, 12) - 1.0).abs() < 1e-12);
    assert!(chance(&mut st, 0).abs() < 1e-12);
}

/// The position of `p` with the unseen cards (`State::blueprint_deck`) only `deck`.
fn with_deck(p: &Puzzle, deck: &[crate::engine::Blueprint]) -> Game {
    let g = puzzle_position(p);
    let mut st = g.state().clone();
    let discard = &mut st.blueprint_discard;
    st.blueprint_deck.take_all(discard);
    let all: Vec<_> = st.blueprint_deck.iter().collect();
    for (c, n) in all {
        for _ in 0..n {
            st.blueprint_deck.remove(c);
        }
    }
    for &c in deck {
        st.blueprint_deck.add(c);
    }
    Game::at_position(g.setup().clone(), st)
}

fn megalith_built(dice: &[u8]) -> Puzzle {
    Puzzle {
        name: "draw".into(),
        compound: vec!["Megalith".into()],
        hand: vec![],
        dice: dice.to_vec(),
        metal: 0,
        energy: 0,
        best_points: 0,
    }
}

/// Weights that value a built card by its use in a work phase over the rounds left alone.
fn racing() -> Weights {
    Weights {
        usage: 1.0,
        engine: 0.0,
        ..Weights::default()
    }
}

/// Weights that value a card in hand by what it is (the defaults may value every card alike).
fn by_card() -> Weights {
    Weights {
        kept: 0.11,
        dead: 0.5,
        ..Weights::default()
    }
}

/// Issue 29, point 1: a blueprint drawn in secret is worth the mean, over the cards that can
/// still come (each as likely as its copies among the unseen cards), of what a known card in
/// hand is worth. A card whose name is built already can never be built (docs/rules.md, Build:
/// never a second card of the same name), so it is worth the `dead` share of its place in
/// hand; a Warehouse is worth its place and the `kept` share of what it adds once built.
#[test]
fn a_card_drawn_is_worth_the_mean_of_the_cards_still_unseen() {
    use crate::engine::Blueprint as B;
    let w = by_card();
    let drawn = |deck: &[B]| {
        let g = with_deck(&megalith_built(&[3]), deck);
        let mut st = g.state().clone();
        let before = worth_in(&st, 0, &w, 1.0);
        st.players[0].hidden += 1;
        worth_in(&st, 0, &w, 1.0) - before
    };
    let dead = drawn(&[B::Megalith]);
    assert!(
        (dead - w.dead * w.hand).abs() < 1e-12,
        "a second Megalith: {dead}"
    );
    let live = drawn(&[B::Warehouse]);
    let warehouse = w.hand + card_bonus(B::Warehouse, &w);
    assert!(live > w.hand + 0.1, "a Warehouse: {live}");
    assert!((live - warehouse).abs() < 1e-12, "a Warehouse: {live}");
    // One of each, and then three Warehouses to one Megalith.
    let half = drawn(&[B::Megalith, B::Warehouse]);
    assert!(
        (half - (dead + live) / 2.0).abs() < 1e-12,
        "half and half: {half}"
    );
    let most = drawn(&[B::Megalith, B::Warehouse, B::Warehouse, B::Warehouse]);
    assert!(
        (most - (dead + 3.0 * live) / 4.0).abs() < 1e-12,
        "three to one: {most}"
    );
    // Known, a Megalith in hand is worth what it is worth drawn.
    let g = with_deck(&megalith_built(&[3]), &[B::Warehouse]);
    let mut st = g.state().clone();
    let before = worth_in(&st, 0, &w, 1.0);
    st.players[0].hand.add(B::Megalith);
    assert!((worth_in(&st, 0, &w, 1.0) - before - dead).abs() < 1e-12);
}

/// Issue 29, point 1, in a plan: one die showing 3 can draw a blueprint (Research) or make 3
/// energy (Generate; cards.md, Headquarters). With only Megaliths left to draw, which the
/// player has built and cannot build again (docs/rules.md, Build), the energy is worth more; with
/// Warehouses left, the draw is, and the plan's gain is its mean over what may come.
#[test]
fn the_plan_draws_only_when_the_deck_is_worth_drawing_from() {
    use crate::engine::Blueprint as B;
    use crate::engine::state::Section;
    let w = by_card();
    let first = |deck: &[B]| {
        let g = with_deck(&megalith_built(&[3]), deck);
        let plan = plan_with(&g, &w, Limit::EXACT).expect("plan");
        let section = match plan.steps.first() {
            Some(Act::Place { section, .. }) => Some(*section),
            _ => None,
        };
        (section, plan.gain)
    };
    let (dead, gain) = first(&[B::Megalith, B::Megalith]);
    assert_eq!(dead, Some(Section::Generate), "only Megaliths to draw");
    assert!((gain - 3.0 * w.energy).abs() < 1e-9, "{gain}");
    let live_card = w.hand + card_bonus(B::Warehouse, &w);
    let (live, gain) = first(&[B::Warehouse, B::Warehouse]);
    assert_eq!(live, Some(Section::Research), "Warehouses to draw");
    assert!((gain - live_card).abs() < 1e-9, "{gain}");
    let mixed = [B::Megalith, B::Warehouse, B::Warehouse, B::Warehouse];
    let (section, mean) = first(&mixed);
    let expected = 0.25 * w.dead * w.hand + 0.75 * live_card;
    assert!(expected > 3.0 * w.energy);
    assert_eq!(
        section,
        Some(Section::Research),
        "three Warehouses to a Megalith"
    );
    assert!((mean - expected).abs() < 1e-9, "{mean}");
}

/// The objective's `usage`: a built card is worth what it gives in a work phase
/// (`planner::usage`, measured by `examples/card_worth.rs`) over the rounds left. With 3 metal,
/// 3 energy and no die, a Power Plant (3 metal; cards.md: a die X for X energy each round) and
/// a Biolab (1 metal and 3 energy; a 1 and 1 energy for 1 good) cannot both be built, and
/// neither can work this round. Valuing every built card alike, the cheaper Biolab is built;
/// valuing each by its use, the Power Plant.
#[test]
fn a_card_that_works_more_is_built_first() {
    use crate::engine::Blueprint as B;
    let p = Puzzle {
        name: "Power Plant or Biolab".into(),
        compound: vec![],
        hand: ["Power Plant", "Biolab", "Dojo"].map(String::from).to_vec(),
        dice: vec![],
        metal: 3,
        energy: 3,
        best_points: 1,
    };
    let g = puzzle_position(&p);
    let built = |w: &Weights| {
        let plan = plan_with(&g, w, Limit::EXACT).expect("plan");
        plan.steps
            .iter()
            .find_map(|a| match a {
                Act::Build { card, .. } => Some(*card),
                _ => None,
            })
            .expect("a build")
    };
    let alike = Weights {
        usage: 0.0,
        engine: 0.7,
        ..Weights::default()
    };
    assert_eq!(built(&alike), B::Biolab);
    let by_use = Weights {
        usage: 0.5,
        engine: 0.5,
        ..Weights::default()
    };
    assert!(usage(B::PowerPlant) > usage(B::Biolab));
    assert_eq!(built(&by_use), B::PowerPlant);
}

/// The memo's key: a die placed is spent (the rules never look at it again: the HQ keeps its
/// section's values, and a card activated is marked so), so positions that differ only by
/// the face a spent die showed, or by the order an HQ section's dice came in, are one
/// position; a free die's face, or a section's values, tell positions apart.
#[test]
fn positions_differing_by_a_spent_dies_face_are_one() {
    use crate::engine::Blueprint;
    use crate::engine::state::{DieOrigin, Section, Spot};
    let g = puzzle_position(&Puzzle {
        name: "key".into(),
        compound: vec!["Biolab".into(), "Robot".into()],
        hand: vec![],
        dice: vec![2, 5],
        metal: 1,
        energy: 2,
        best_points: 0,
    });
    let base = g.state().players[0];
    let with = |robot: u8, placed: bool| {
        let mut p = base;
        p.dice.push(robot, DieOrigin::Robot);
        if placed && let Some(d) = p.dice.get_mut(2) {
            d.placed = Some(Spot::Card(Blueprint::Biolab));
        }
        p
    };
    // Spent on the Biolab: its face no longer counts.
    assert!(key(&with(3, true)) == key(&with(6, true)));
    // Free: it does.
    assert!(key(&with(3, false)) != key(&with(6, false)));
    // An HQ section's values count, not the order they came in.
    let hq = |values: [u8; 3]| {
        let mut p = base;
        p.hq[Section::Generate.index()].dice = values;
        key(&p)
    };
    assert!(hq([1, 2, 0]) == hq([2, 1, 0]));
    assert!(hq([1, 2, 0]) != hq([1, 3, 0]));
}

/// With dice rolled and rerolled in the middle of the phase (a Robot, a Temp Agency), the
/// memoised search, its positions merged when a spent die's face is all that tells them
/// apart, finds the value of the plain search of every sequence.
#[test]
fn merged_positions_keep_the_value_of_every_sequence_with_dice_to_come() {
    let positions = [
        (vec!["Robot", "Biolab", "Power Plant"], vec![3, 5], 1, 2),
        (vec!["Robot", "Motherlode", "Biolab"], vec![2, 6], 2, 1),
        (
            vec!["Temp Agency", "Power Plant", "Biolab"],
            vec![1, 4],
            0,
            2,
        ),
        (
            vec!["Robot", "Temp Agency", "Nuclear Plant"],
            vec![6, 1],
            1,
            1,
        ),
    ];
    for (compound, dice, metal, energy) in positions {
        let g = puzzle_position(&Puzzle {
            name: format!("{compound:?}"),
            compound: compound.iter().map(|c| c.to_string()).collect(),
            hand: vec![],
            dice,
            metal,
            energy,
            best_points: 0,
        });
        for w in [Weights::default(), Weights::POINTS, racing()] {
            let plan = plan_with(&g, &w, Limit::EXACT).expect("plan");
            let root = g.for_planning();
            let st = root.state();
            let mut s = Search {
                prune: false,
                ..Search::new(root.clone(), 0, w, means_count(st, &w), Limit::EXACT)
            };
            let before = worth_in(st, 0, &s.weights, s.means);
            let best = brute(&mut s, st);
            assert!(
                (plan.gain - (best - before)).abs() < 1e-9,
                "{compound:?}: memoised {} against every sequence {}",
                plan.gain,
                best - before
            );
        }
    }
}
