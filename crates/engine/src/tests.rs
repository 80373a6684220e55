//! Rule tests, card by card. Each test sets up a position (cards moved out of the deck, so
//! every copy stays counted once), then drives it only through `apply` with the dice faces and
//! revealed cards given as inputs, as a table-companion game would. Citations: cards.md rows
//! and docs/rules.md sections in `docs/`.

use super::action::{Act, Action, Bonus, CardList, Choice, DiceList, Inputs, Resource, Row};
use super::apply::{Event, Game, Setup};
use super::cards::{Blueprint as B, Contractor as C, Tool};
use super::error::RuleError;
use super::score::{Winner, scoreboard};
use super::state::{Difficulty, Phase, Section};

mod hidden;

/// A two-player game (seat 0 acting) in the work phase, after the roll, with the given
/// hand, compound, dice and resources. The market blueprints are fixed so that tests know
/// what a Replicator may copy.
fn position(hand: &[B], compound: &[B], dice: &[u8], metal: u32, energy: u32) -> Game {
    let mut g = Game::new(Setup::players(2, 7)).expect("setup");
    // Seat 0's hand (returned below), seat 1's hand, then the market's four blueprints: cards
    // the tests never need more copies of.
    let inputs = Inputs {
        tools: Some([Tool::Shovel, Tool::Gear, Tool::Wrench, Tool::Hammer]),
        blueprints: vec![
            B::Obelisk,
            B::Obelisk,
            B::Obelisk,
            B::Obelisk,
            B::RecyclingPlant,
            B::RecyclingPlant,
            B::Gymnasium,
            B::FitnessCenter,
            B::NuclearPlant,
            B::Warehouse,
            B::Megalith,
            B::Laboratory,
        ]
        .into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    g.apply(Action::with_inputs(Act::Deal, inputs))
        .expect("deal");
    let st = &mut g.state;
    // Seat 0's dealt hand goes back to the deck; the test's cards come out of it.
    st.hand_back_to_deck(0);
    for &c in hand {
        assert!(
            st.blueprint_deck.remove(c),
            "no {c} left in the deck for the test"
        );
        st.players[0].hand.add(c);
    }
    for &c in compound {
        assert!(
            st.blueprint_deck.remove(c),
            "no {c} left in the deck for the test"
        );
        st.players[0].compound.add(c);
    }
    st.players[0].metal = metal;
    st.players[0].energy = energy;
    st.players[0].dice.clear();
    for &v in dice {
        st.players[0].dice.push(v, super::state::DieOrigin::Own);
    }
    st.round = 1;
    st.phase = Phase::Work {
        turn: 0,
        rolled: true,
    };
    g
}

fn act(g: &mut Game, a: Act) -> Result<super::apply::Events, RuleError> {
    g.apply(Action::new(a))
}

fn act_with(g: &mut Game, a: Act, inputs: Inputs) -> Result<super::apply::Events, RuleError> {
    g.apply(Action::with_inputs(a, inputs))
}

fn activate(card: B, dice: &[u8], choice: Choice) -> Act {
    Act::Activate {
        card,
        dice: dice.into(),
        choice,
    }
}

fn discards(cards: &[B]) -> Choice {
    Choice {
        discard: CardList::new(cards).expect("at most two discards"),
        ..Choice::default()
    }
}

fn me(g: &Game) -> &super::state::PlayerState {
    &g.state().players[0]
}

fn drawn(cards: &[B]) -> Inputs {
    Inputs {
        blueprints: cards.into(),
        ..Inputs::default()
    }
}

/// Rolls the acting player's dice, showing `dice`.
fn roll(g: &mut Game, dice: &[u8]) {
    act_with(
        g,
        Act::Roll {
            set: DiceList::default(),
        },
        faces(dice),
    )
    .unwrap();
}

fn faces(dice: &[u8]) -> Inputs {
    Inputs {
        dice: dice.into(),
        ..Inputs::default()
    }
}

// --- HQ (cards.md, "Headquarters board") ------------------------------------------------

#[test]
fn mine_takes_four_to_six_and_says_why_not() {
    let mut g = position(&[], &[], &[2, 5], 0, 0);
    let err = act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Mine,
        },
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Mine takes a die showing 4, 5 or 6; this die shows 2"
    );
    act(
        &mut g,
        Act::Place {
            die: 1,
            section: Section::Mine,
        },
    )
    .unwrap();
    assert_eq!(me(&g).metal, 1);
}

#[test]
fn generate_gives_the_value_and_refuses_high_dice() {
    let mut g = position(&[], &[], &[3, 4], 0, 0);
    let err = act(
        &mut g,
        Act::Place {
            die: 1,
            section: Section::Generate,
        },
    )
    .unwrap_err();
    assert!(matches!(err, RuleError::SectionValue { value: 4, .. }));
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Generate,
        },
    )
    .unwrap();
    assert_eq!(me(&g).energy, 3);
}

#[test]
fn matching_bonus_generate_two_two_two_gives_eight() {
    // cards.md, matching bonus: Generate 2,2,2 → 6 + 2 = 8 energy.
    let mut g = position(&[], &[], &[2, 2, 2, 2], 0, 0);
    for d in 0..3 {
        act(
            &mut g,
            Act::Place {
                die: d,
                section: Section::Generate,
            },
        )
        .unwrap();
    }
    assert_eq!(me(&g).energy, 8);
    // A section has three slots.
    let err = act(
        &mut g,
        Act::Place {
            die: 3,
            section: Section::Generate,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::SectionFull(Section::Generate));
}

#[test]
fn research_with_a_pair_draws_four() {
    // cards.md, matching bonus: Research with a pair among 3 dice → 4 blueprints.
    let mut g = position(&[], &[], &[1, 5, 1], 0, 0);
    act_with(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Research,
        },
        drawn(&[B::Dojo]),
    )
    .unwrap();
    act_with(
        &mut g,
        Act::Place {
            die: 1,
            section: Section::Research,
        },
        drawn(&[B::Robot]),
    )
    .unwrap();
    // The matching die draws 2: both revealed cards are inputs.
    let err = act_with(
        &mut g,
        Act::Place {
            die: 2,
            section: Section::Research,
        },
        drawn(&[B::Foundry]),
    )
    .unwrap_err();
    assert_eq!(err, RuleError::NeedBlueprint);
    act_with(
        &mut g,
        Act::Place {
            die: 2,
            section: Section::Research,
        },
        drawn(&[B::Foundry, B::Golem]),
    )
    .unwrap();
    assert_eq!(me(&g).hand.len(), 4);
}

#[test]
fn a_die_is_used_once_per_round() {
    let mut g = position(&[], &[], &[5], 0, 0);
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Mine,
        },
    )
    .unwrap();
    let err = act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Research,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::DieAlreadyPlaced(1));
}

// --- Building (docs/rules.md, work phase; cards.md) --------------------------------------------

#[test]
fn build_needs_a_same_tool_discard_and_the_cost() {
    // Biolab (gear, 1 metal 3 energy); Dojo is gear, Gymnasium is shovel.
    let mut g = position(&[B::Biolab, B::Dojo, B::Gymnasium], &[], &[], 1, 3);
    let err = act(
        &mut g,
        Act::Build {
            card: B::Biolab,
            discard: B::Gymnasium,
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::WrongBuildTool {
                tool: Tool::Gear,
                ..
            }
        ),
        "{err}"
    );
    act(
        &mut g,
        Act::Build {
            card: B::Biolab,
            discard: B::Dojo,
        },
    )
    .unwrap();
    assert!(me(&g).compound.contains(B::Biolab));
    assert_eq!((me(&g).metal, me(&g).energy), (0, 0));
    assert!(g.state().blueprint_discard.contains(B::Dojo));
}

#[test]
fn build_refuses_when_short_of_resources() {
    let mut g = position(&[B::Biolab, B::Dojo], &[], &[], 1, 2);
    let err = act(
        &mut g,
        Act::Build {
            card: B::Biolab,
            discard: B::Dojo,
        },
    )
    .unwrap_err();
    assert!(matches!(err, RuleError::CannotAffordBuild { .. }));
    assert!(me(&g).hand.contains(B::Biolab), "a refusal changes nothing");
}

#[test]
fn no_second_copy_except_beacon_and_obelisk() {
    let mut g = position(&[B::Biolab, B::Dojo], &[B::Biolab], &[], 9, 9);
    let err = act(
        &mut g,
        Act::Build {
            card: B::Biolab,
            discard: B::Dojo,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::Duplicate(B::Biolab));
    // Obelisk (hammer, 3 metal 1 energy): several allowed.
    let mut g = position(&[B::Obelisk, B::Robot], &[B::Obelisk], &[], 9, 9);
    act(
        &mut g,
        Act::Build {
            card: B::Obelisk,
            discard: B::Robot,
        },
    )
    .unwrap();
    assert_eq!(me(&g).compound.count(B::Obelisk), 2);
}

#[test]
fn building_a_card_with_its_own_twin_as_discard_needs_two_copies() {
    // docs/rules.md, work phase, Build: discard *another* blueprint with the same tool. With a
    // lone Obelisk and another hammer blueprint in hand, the Obelisk cannot be its own discard.
    let mut g = position(&[B::Obelisk, B::Robot], &[], &[], 9, 9);
    let err = act(
        &mut g,
        Act::Build {
            card: B::Obelisk,
            discard: B::Obelisk,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::NeedSecondCopy(B::Obelisk));
    // With no other hammer blueprint at all, the rule that applies is the tool's.
    let mut g = position(&[B::Obelisk, B::Dojo], &[], &[], 9, 9);
    let err = act(
        &mut g,
        Act::Build {
            card: B::Obelisk,
            discard: B::Obelisk,
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        RuleError::NoBuildDiscard {
            card: B::Obelisk,
            tool: Tool::Hammer
        }
    );
}

#[test]
fn megalith_costs_one_metal_less_per_monument_down_to_zero() {
    // cards.md, Megalith: 5 metal 2 energy, −1 metal per Monument, down to 0 metal (Decisions:
    // the Russian rulebook's floor).
    let mut g = position(
        &[B::Megalith, B::Refinery],
        &[B::Obelisk, B::Obelisk],
        &[],
        3,
        2,
    );
    act(
        &mut g,
        Act::Build {
            card: B::Megalith,
            discard: B::Refinery,
        },
    )
    .unwrap();
    assert_eq!((me(&g).metal, me(&g).energy), (0, 0));
    // Five Monuments: the Megalith costs 2 energy and no metal, built with 0 metal.
    let mut g = position(&[B::Megalith, B::Refinery], &[B::Obelisk; 5], &[], 0, 2);
    act(
        &mut g,
        Act::Build {
            card: B::Megalith,
            discard: B::Refinery,
        },
    )
    .unwrap();
    assert_eq!((me(&g).metal, me(&g).energy), (0, 0));
    assert!(me(&g).compound.contains(B::Megalith));
    // Six Monuments: still no metal, never a gain.
    let mut g = position(
        &[B::Megalith, B::Refinery],
        &[
            B::Obelisk,
            B::Obelisk,
            B::Obelisk,
            B::Beacon,
            B::Beacon,
            B::Beacon,
        ],
        &[],
        1,
        2,
    );
    act(
        &mut g,
        Act::Build {
            card: B::Megalith,
            discard: B::Refinery,
        },
    )
    .unwrap();
    assert_eq!(
        (me(&g).metal, me(&g).energy),
        (1, 0),
        "no metal paid, none gained"
    );
    // The energy cost stays: with 1 energy it is refused.
    let mut g = position(&[B::Megalith, B::Refinery], &[B::Obelisk; 5], &[], 0, 1);
    assert!(matches!(
        act(
            &mut g,
            Act::Build {
                card: B::Megalith,
                discard: B::Refinery
            }
        ),
        Err(RuleError::CannotAffordBuild {
            metal: 0,
            energy: 2,
            ..
        })
    ));
}

#[test]
fn scrap_yard_and_solar_array_pay_once_per_round_not_for_themselves() {
    // cards.md, Scrap Yard (+1 metal) and Solar Array (+2 energy) after building another card.
    let mut g = position(
        &[
            B::ScrapYard,
            B::Refinery,
            B::Obelisk,
            B::Robot,
            B::Golem,
            B::TempAgency,
        ],
        &[B::SolarArray],
        &[],
        20,
        20,
    );
    act(
        &mut g,
        Act::Build {
            card: B::ScrapYard,
            discard: B::Refinery,
        },
    )
    .unwrap();
    // Solar Array fired for the Scrap Yard; the Scrap Yard not for itself.
    assert_eq!((me(&g).metal, me(&g).energy), (20 - 1, 20 - 2 + 2));
    act(
        &mut g,
        Act::Build {
            card: B::Obelisk,
            discard: B::Robot,
        },
    )
    .unwrap();
    // cards.md, "Decisions": the French reading, so the Scrap Yard pays in the round it was
    // built, for the next card (the Russian "not in the round it is built" would give 19 - 3).
    assert_eq!((me(&g).metal, me(&g).energy), (19 - 3 + 1, 20 - 1));
    act(
        &mut g,
        Act::Build {
            card: B::Golem,
            discard: B::TempAgency,
        },
    )
    .unwrap();
    assert_eq!(
        (me(&g).metal, me(&g).energy),
        (17 - 4, 19),
        "both already fired this round"
    );
}

// --- Activations, card by card (cards.md, "Blueprints") -----------------------------------

#[test]
fn aluminum_factory() {
    let mut g = position(&[], &[B::AluminumFactory], &[3, 3, 4], 0, 5);
    let err = act(
        &mut g,
        activate(B::AluminumFactory, &[0, 2], Choice::default()),
    )
    .unwrap_err();
    assert!(matches!(err, RuleError::DicePattern { .. }));
    act(
        &mut g,
        activate(B::AluminumFactory, &[0, 1], Choice::default()),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).metal, me(&g).energy), (2, 1, 0));
    let err = act(
        &mut g,
        activate(B::AluminumFactory, &[2], Choice::default()),
    )
    .unwrap_err();
    assert_eq!(err, RuleError::AlreadyActivated(B::AluminumFactory));
}

#[test]
fn assembly_line_needs_a_run_of_three() {
    let mut g = position(&[], &[B::AssemblyLine], &[3, 5, 4, 6], 0, 0);
    assert!(
        act(
            &mut g,
            activate(B::AssemblyLine, &[0, 1, 3], Choice::default())
        )
        .is_err()
    );
    act(
        &mut g,
        activate(B::AssemblyLine, &[0, 1, 2], Choice::default()),
    )
    .unwrap();
    assert_eq!(me(&g).goods, 2);
}

#[test]
fn battery_factory() {
    let mut g = position(&[], &[B::BatteryFactory], &[], 0, 3);
    assert!(matches!(
        act(&mut g, activate(B::BatteryFactory, &[], Choice::default())),
        Err(RuleError::NeedEnergy {
            needs: 4,
            have: 3,
            ..
        })
    ));
    let mut g = position(&[], &[B::BatteryFactory], &[], 0, 4);
    act(&mut g, activate(B::BatteryFactory, &[], Choice::default())).unwrap();
    assert_eq!((me(&g).goods, me(&g).energy), (1, 0));
}

#[test]
fn beacons_are_worth_two_three_four_five() {
    // French rulebook: 4 Beacons are worth 14 together.
    let g = position(&[], &[B::Beacon; 4], &[], 0, 0);
    assert_eq!(me(&g).prestige(), 14);
    let g = position(&[], &[B::Beacon, B::Beacon], &[], 0, 0);
    assert_eq!(me(&g).prestige(), 5);
    let mut g = position(&[], &[B::Beacon], &[], 0, 0);
    assert_eq!(
        act(&mut g, activate(B::Beacon, &[], Choice::default())).unwrap_err(),
        RuleError::NoActivation(B::Beacon)
    );
}

#[test]
fn biolab() {
    let mut g = position(&[], &[B::Biolab], &[2, 1], 0, 1);
    assert!(act(&mut g, activate(B::Biolab, &[0], Choice::default())).is_err());
    act(&mut g, activate(B::Biolab, &[1], Choice::default())).unwrap();
    assert_eq!((me(&g).goods, me(&g).energy), (1, 0));
}

#[test]
fn black_market_pays_the_printed_cost_at_most_four() {
    // Refinery costs 1 metal 3 energy: all 4 gained.
    let mut g = position(&[B::Refinery], &[B::BlackMarket], &[6], 0, 0);
    act(
        &mut g,
        activate(B::BlackMarket, &[0], discards(&[B::Refinery])),
    )
    .unwrap();
    assert_eq!((me(&g).metal, me(&g).energy), (1, 3));
    // Warehouse costs 3 metal 2 energy: the owner picks which 4.
    let mut g = position(&[B::Warehouse], &[B::BlackMarket], &[6], 0, 0);
    assert!(matches!(
        act(
            &mut g,
            activate(B::BlackMarket, &[0], discards(&[B::Warehouse]))
        ),
        Err(RuleError::ChoiceNeeded { .. })
    ));
    let too_much = Choice {
        metal: Some(1),
        ..discards(&[B::Warehouse])
    };
    assert!(
        act(&mut g, activate(B::BlackMarket, &[0], too_much)).is_err(),
        "1 metal + 3 energy exceeds its 2 energy"
    );
    act(
        &mut g,
        activate(
            B::BlackMarket,
            &[0],
            Choice {
                metal: Some(3),
                ..discards(&[B::Warehouse])
            },
        ),
    )
    .unwrap();
    assert_eq!((me(&g).metal, me(&g).energy), (3, 1));
    // Megalith's reduction is ignored: 5 metal 2 energy printed.
    let mut g = position(
        &[B::Megalith],
        &[B::BlackMarket, B::Obelisk, B::Obelisk],
        &[1],
        0,
        0,
    );
    act(
        &mut g,
        activate(
            B::BlackMarket,
            &[0],
            Choice {
                metal: Some(4),
                ..discards(&[B::Megalith])
            },
        ),
    )
    .unwrap();
    assert_eq!(me(&g).metal, 4);
}

#[test]
fn concrete_plant_pays_x_metal() {
    let mut g = position(&[], &[B::ConcretePlant], &[3, 3], 2, 0);
    assert!(matches!(
        act(
            &mut g,
            activate(B::ConcretePlant, &[0, 1], Choice::default())
        ),
        Err(RuleError::NeedMetal { needs: 3, .. })
    ));
    let mut g = position(&[], &[B::ConcretePlant], &[3, 3], 3, 0);
    act(
        &mut g,
        activate(B::ConcretePlant, &[0, 1], Choice::default()),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).metal), (2, 0));
}

#[test]
fn dojo_flips_an_unplaced_die() {
    let mut g = position(&[], &[B::Dojo], &[2], 0, 1);
    act(&mut g, activate(B::Dojo, &[0], Choice::default())).unwrap();
    assert_eq!(
        me(&g).dice.get(0).map(|d| (d.value, d.placed)),
        Some((5, None))
    );
    assert_eq!(me(&g).energy, 0);
}

#[test]
fn fitness_center_lowers_but_not_a_one() {
    let mut g = position(&[], &[B::FitnessCenter], &[1, 4], 0, 1);
    assert_eq!(
        act(&mut g, activate(B::FitnessCenter, &[0], Choice::default())).unwrap_err(),
        RuleError::FitnessOnOne
    );
    act(&mut g, activate(B::FitnessCenter, &[1], Choice::default())).unwrap();
    assert_eq!(me(&g).dice.get(1).map(|d| d.value), Some(3));
}

#[test]
fn gymnasium_raises_but_not_a_six() {
    let mut g = position(&[], &[B::Gymnasium], &[6, 3], 0, 1);
    assert_eq!(
        act(&mut g, activate(B::Gymnasium, &[0], Choice::default())).unwrap_err(),
        RuleError::GymnasiumOnSix
    );
    act(&mut g, activate(B::Gymnasium, &[1], Choice::default())).unwrap();
    assert_eq!(me(&g).dice.get(1).map(|d| d.value), Some(4));
}

#[test]
fn training_cards_only_change_unplaced_dice() {
    let mut g = position(&[], &[B::Gymnasium], &[5], 0, 1);
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Mine,
        },
    )
    .unwrap();
    assert_eq!(
        act(&mut g, activate(B::Gymnasium, &[0], Choice::default())).unwrap_err(),
        RuleError::DieAlreadyPlaced(1)
    );
}

#[test]
fn foundry_turns_x_energy_into_x_metal() {
    let mut g = position(&[], &[B::Foundry], &[5], 0, 5);
    act(&mut g, activate(B::Foundry, &[0], Choice::default())).unwrap();
    assert_eq!((me(&g).metal, me(&g).energy), (5, 0));
}

#[test]
fn fulfillment_center() {
    let mut g = position(&[], &[B::FulfillmentCenter], &[4], 0, 2);
    act(
        &mut g,
        activate(B::FulfillmentCenter, &[0], Choice::default()),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).metal, me(&g).energy), (1, 1, 0));
}

#[test]
fn golem_buys_a_die_of_value_x() {
    let mut g = position(&[], &[B::Golem], &[], 0, 3);
    assert!(matches!(
        act(
            &mut g,
            activate(
                B::Golem,
                &[],
                Choice {
                    value: Some(4),
                    ..Choice::default()
                }
            )
        ),
        Err(RuleError::NeedEnergy { .. })
    ));
    act(
        &mut g,
        activate(
            B::Golem,
            &[],
            Choice {
                value: Some(3),
                ..Choice::default()
            },
        ),
    )
    .unwrap();
    assert_eq!(me(&g).dice.get(0).map(|d| d.value), Some(3));
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Generate,
        },
    )
    .unwrap();
    assert_eq!(me(&g).energy, 3);
}

#[test]
fn harvester_four_metal_or_seven_energy() {
    let mut g = position(&[], &[B::Harvester], &[2, 2], 0, 0);
    assert!(
        act(
            &mut g,
            activate(
                B::Harvester,
                &[0, 1],
                Choice {
                    bonus: Some(Bonus::Draw),
                    ..Choice::default()
                }
            )
        )
        .is_err()
    );
    act(
        &mut g,
        activate(
            B::Harvester,
            &[0, 1],
            Choice {
                bonus: Some(Bonus::Energy),
                ..Choice::default()
            },
        ),
    )
    .unwrap();
    assert_eq!(me(&g).energy, 7);
}

#[test]
fn incinerator() {
    let mut g = position(&[B::Dojo], &[B::Incinerator], &[], 1, 0);
    act(&mut g, activate(B::Incinerator, &[], discards(&[B::Dojo]))).unwrap();
    assert_eq!((me(&g).metal, me(&g).energy, me(&g).hand.len()), (0, 6, 0));
}

#[test]
fn laboratory_draws_once_per_round_when_goods_come() {
    let mut g = position(
        &[],
        &[B::Laboratory, B::Biolab, B::NuclearPlant],
        &[1, 6],
        0,
        1,
    );
    act_with(
        &mut g,
        activate(B::Biolab, &[0], Choice::default()),
        drawn(&[B::Robot]),
    )
    .unwrap();
    assert!(me(&g).hand.contains(B::Robot));
    // Second goods this round: no draw (an input would be refused as unused).
    assert!(matches!(
        act_with(
            &mut g,
            activate(B::NuclearPlant, &[1], Choice::default()),
            drawn(&[B::Dojo])
        ),
        Err(RuleError::UnusedInputs(_))
    ));
    act(&mut g, activate(B::NuclearPlant, &[1], Choice::default())).unwrap();
    assert_eq!((me(&g).goods, me(&g).hand.len()), (2, 1));
}

#[test]
fn manufactory_choices() {
    let mut g = position(&[], &[B::Manufactory], &[5, 5], 0, 0);
    act_with(
        &mut g,
        activate(
            B::Manufactory,
            &[0, 1],
            Choice {
                bonus: Some(Bonus::Draw),
                ..Choice::default()
            },
        ),
        drawn(&[B::Dojo, B::Robot]),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).hand.len()), (1, 2));
}

#[test]
fn mega_factory_gives_goods_and_a_chosen_die() {
    let mut g = position(&[], &[B::MegaFactory], &[4, 4, 4], 0, 0);
    act(
        &mut g,
        activate(
            B::MegaFactory,
            &[0, 1, 2],
            Choice {
                value: Some(6),
                ..Choice::default()
            },
        ),
    )
    .unwrap();
    assert_eq!(me(&g).goods, 2);
    assert_eq!(
        me(&g).dice.get(3).map(|d| (d.value, d.placed)),
        Some((6, None))
    );
}

#[test]
fn motherlode() {
    let mut g = position(&[], &[B::Motherlode], &[3], 0, 0);
    act(&mut g, activate(B::Motherlode, &[0], Choice::default())).unwrap();
    assert_eq!(me(&g).metal, 1);
    let mut g = position(&[], &[B::Motherlode], &[4], 0, 0);
    act(&mut g, activate(B::Motherlode, &[0], Choice::default())).unwrap();
    assert_eq!(me(&g).metal, 2);
}

#[test]
fn nuclear_plant() {
    let mut g = position(&[], &[B::NuclearPlant], &[5, 6], 0, 0);
    assert!(act(&mut g, activate(B::NuclearPlant, &[0], Choice::default())).is_err());
    act(&mut g, activate(B::NuclearPlant, &[1], Choice::default())).unwrap();
    assert_eq!((me(&g).goods, me(&g).energy), (1, 1));
}

#[test]
fn obelisk_and_megalith_prestige() {
    let g = position(&[], &[B::Obelisk, B::Obelisk, B::Megalith], &[], 0, 0);
    assert_eq!(me(&g).prestige(), 2 + 2 + 3);
}

#[test]
fn power_plant() {
    let mut g = position(&[], &[B::PowerPlant], &[6], 0, 0);
    act(&mut g, activate(B::PowerPlant, &[0], Choice::default())).unwrap();
    assert_eq!(me(&g).energy, 6);
}

#[test]
fn recycling_plant_discards_two_and_draws_one() {
    let mut g = position(&[B::Dojo, B::Robot], &[B::RecyclingPlant], &[], 0, 2);
    assert!(matches!(
        act(
            &mut g,
            activate(B::RecyclingPlant, &[], discards(&[B::Dojo]))
        ),
        Err(RuleError::DiscardCount { needs: 2, .. })
    ));
    act_with(
        &mut g,
        activate(B::RecyclingPlant, &[], discards(&[B::Dojo, B::Robot])),
        drawn(&[B::Golem]),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).energy), (1, 0));
    assert_eq!(me(&g).hand.cards(), vec![B::Golem]);
}

#[test]
fn refinery_discards_one() {
    let mut g = position(&[B::Dojo], &[B::Refinery], &[], 0, 3);
    act(&mut g, activate(B::Refinery, &[], discards(&[B::Dojo]))).unwrap();
    assert_eq!((me(&g).metal, me(&g).energy), (3, 0));
}

#[test]
fn replicator_uses_a_market_blueprint_with_its_costs() {
    // The market (see `position`): Nuclear Plant, Warehouse, Megalith, Laboratory.
    let mut g = position(&[], &[B::Replicator], &[6, 3], 0, 1);
    let err = act(
        &mut g,
        Act::Replicate {
            card: B::Megalith,
            dice: Default::default(),
            choice: Choice::default(),
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::CannotReplicate(B::Megalith));
    let err = act(
        &mut g,
        Act::Replicate {
            card: B::PowerPlant,
            dice: [1].into(),
            choice: Choice::default(),
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::NotInMarket(B::PowerPlant));
    act(
        &mut g,
        Act::Replicate {
            card: B::NuclearPlant,
            dice: [0].into(),
            choice: Choice::default(),
        },
    )
    .unwrap();
    assert_eq!(
        (me(&g).goods, me(&g).energy),
        (1, 1),
        "1 energy for the Replicator, +1 from the Nuclear Plant"
    );
    assert_eq!(
        me(&g).dice.get(0).and_then(|d| d.placed),
        Some(super::state::Spot::Card(B::Replicator))
    );
    let err = act(
        &mut g,
        Act::Replicate {
            card: B::NuclearPlant,
            dice: [1].into(),
            choice: Choice::default(),
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::AlreadyActivated(B::Replicator));
}

#[test]
fn robot_rolls_an_extra_die() {
    let mut g = position(&[], &[B::Robot], &[], 1, 0);
    assert!(matches!(
        act(&mut g, activate(B::Robot, &[], Choice::default())),
        Err(RuleError::NeedDie(_))
    ));
    assert!(matches!(
        act_with(
            &mut g,
            activate(B::Robot, &[], Choice::default()),
            faces(&[7])
        ),
        Err(RuleError::BadFace(7))
    ));
    act_with(
        &mut g,
        activate(B::Robot, &[], Choice::default()),
        faces(&[5]),
    )
    .unwrap();
    assert_eq!(
        (me(&g).metal, me(&g).dice.get(0).map(|d| d.value)),
        (0, Some(5))
    );
}

#[test]
fn temp_agency_rerolls_chosen_dice_for_one_energy() {
    let mut g = position(&[], &[B::TempAgency], &[1, 2, 3], 0, 1);
    act_with(
        &mut g,
        activate(B::TempAgency, &[0, 2], Choice::default()),
        faces(&[6, 6]),
    )
    .unwrap();
    let values: Vec<u8> = me(&g).dice.as_slice().iter().map(|d| d.value).collect();
    assert_eq!(values, vec![6, 2, 6]);
    assert_eq!(me(&g).energy, 0);
}

#[test]
fn trash_compactor() {
    let mut g = position(&[B::Dojo, B::Robot], &[B::TrashCompactor], &[2, 2], 0, 0);
    act(
        &mut g,
        activate(B::TrashCompactor, &[0, 1], discards(&[B::Dojo, B::Robot])),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).hand.len()), (2, 0));
}

#[test]
fn warehouse_needs_fourteen() {
    let mut g = position(&[], &[B::Warehouse], &[6, 5, 2, 3], 0, 0);
    assert!(
        act(
            &mut g,
            activate(B::Warehouse, &[0, 1, 2], Choice::default())
        )
        .is_err(),
        "13 is not enough"
    );
    act(
        &mut g,
        activate(B::Warehouse, &[0, 1, 3], Choice::default()),
    )
    .unwrap();
    assert_eq!((me(&g).goods, me(&g).energy), (2, 2));
}

#[test]
fn passive_cards_have_no_activation() {
    for card in [
        B::Laboratory,
        B::ScrapYard,
        B::SolarArray,
        B::Obelisk,
        B::Megalith,
    ] {
        let mut g = position(&[], &[card], &[], 0, 0);
        assert_eq!(
            act(&mut g, activate(card, &[], Choice::default())).unwrap_err(),
            RuleError::NoActivation(card)
        );
    }
}

// --- End of the work phase (docs/rules.md) -----------------------------------------------------

#[test]
fn end_of_work_keeps_ten_cards_and_twelve_resources() {
    let hand = [
        B::Dojo,
        B::Dojo,
        B::Robot,
        B::Robot,
        B::Robot,
        B::Golem,
        B::Golem,
        B::Foundry,
        B::Foundry,
        B::Biolab,
        B::Biolab,
        B::Refinery,
    ];
    let mut g = position(&hand, &[], &[], 10, 5);
    let err = act(
        &mut g,
        Act::EndWork {
            discard: vec![],
            discard_metal: 3,
            discard_energy: 0,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::HandLimit { needs: 2, got: 0 });
    let err = act(
        &mut g,
        Act::EndWork {
            discard: vec![B::Dojo, B::Robot],
            discard_metal: 2,
            discard_energy: 0,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::ResourceLimit { needs: 3, got: 2 });
    act(
        &mut g,
        Act::EndWork {
            discard: vec![B::Dojo, B::Robot],
            discard_metal: 1,
            discard_energy: 2,
        },
    )
    .unwrap();
    assert_eq!((me(&g).hand.len(), me(&g).metal, me(&g).energy), (10, 9, 3));
}

// --- Contractors (cards.md, "Contractors") ------------------------------------------------

/// A two-player game in round 1's market phase, seat 0 to choose, with the given hand and
/// energy, and the market contractors [Architect, Miner, Investor, Engineer] under tokens
/// [shovel, gear, wrench, hammer] (see `position`).
fn market_position(hand: &[B], contractor: Option<C>, energy: u32) -> Game {
    let mut g = position(hand, &[], &[], 0, energy);
    let st = &mut g.state;
    st.players[0].dice.clear();
    st.phase = Phase::Market {
        turn: 0,
        refreshed: false,
    };
    if let Some(c) = contractor {
        // Put `c` in slot 4 (hammer) in place of the Engineer.
        if let Some(old) = st.market.contractors[3].take() {
            st.contractor_deck.add(old);
        }
        assert!(st.contractor_deck.remove(c));
        st.market.contractors[3] = Some(c);
    }
    g
}

fn hire(slot: u8, discard: B, opponent: Option<u8>) -> Act {
    Act::Hire {
        slot,
        discard,
        opponent,
    }
}

fn refill(c: C) -> Inputs {
    Inputs {
        contractors: vec![c].into(),
        ..Inputs::default()
    }
}

#[test]
fn hiring_needs_the_tool_under_the_slot() {
    let mut g = market_position(&[B::Robot, B::Dojo], None, 0);
    // Slot 2 (gear) holds the Miner; Robot is a hammer.
    let err = act(&mut g, hire(1, B::Robot, Some(1))).unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::WrongHireTool {
                tool: Tool::Gear,
                ..
            }
        ),
        "{err}"
    );
    let err = act_with(&mut g, hire(1, B::Dojo, None), refill(C::Miner)).unwrap_err();
    assert_eq!(err, RuleError::OpponentNeeded(C::Miner));
    act_with(&mut g, hire(1, B::Dojo, Some(1)), refill(C::Miner)).unwrap();
    assert_eq!((me(&g).metal, g.state().players[1].metal), (3, 1 + 1));
    assert!(g.state().contractor_discard.contains(C::Miner));
}

#[test]
fn architect_draws_three_and_one_for_an_opponent() {
    let mut g = market_position(&[B::Gymnasium], None, 0);
    let inputs = Inputs {
        blueprints: vec![B::Dojo, B::Robot, B::Golem, B::Foundry].into(),
        contractors: vec![C::Specialist].into(),
        ..Inputs::default()
    };
    act_with(&mut g, hire(0, B::Gymnasium, Some(1)), inputs).unwrap();
    assert_eq!(me(&g).hand.len(), 3);
    assert!(g.state().players[1].hand.contains(B::Foundry));
}

#[test]
fn electrician() {
    let mut g = market_position(&[B::Robot], Some(C::Electrician), 0);
    act_with(&mut g, hire(3, B::Robot, Some(1)), refill(C::Specialist)).unwrap();
    assert_eq!((me(&g).energy, g.state().players[1].energy), (5, 2 + 2));
}

#[test]
fn engineer_builds_the_first_card_it_may() {
    let mut g = market_position(&[B::Robot], None, 4);
    g.state.players[0].compound.add(B::Dojo);
    assert!(g.state.blueprint_deck.remove(B::Dojo));
    let inputs = Inputs {
        blueprints: vec![B::Dojo, B::Foundry].into(),
        contractors: vec![C::Specialist].into(),
        ..Inputs::default()
    };
    act_with(&mut g, hire(3, B::Robot, None), inputs).unwrap();
    assert!(me(&g).compound.contains(B::Foundry));
    assert_eq!(me(&g).energy, 0);
    assert!(
        g.state().blueprint_discard.contains(B::Dojo),
        "the duplicate was discarded"
    );
}

#[test]
fn engineer_needs_four_energy() {
    let mut g = market_position(&[B::Robot], None, 3);
    assert!(matches!(
        act(&mut g, hire(3, B::Robot, None)),
        Err(RuleError::CannotPayContractor { cost: 4, .. })
    ));
}

#[test]
fn foreman_sets_up_to_four_dice() {
    let mut g = market_position(&[B::Robot], Some(C::Foreman), 2);
    act_with(&mut g, hire(3, B::Robot, None), refill(C::Specialist)).unwrap();
    // Seat 1's market turn (its refill is the card revealed), then seat 0 rolls.
    let mut g2 = g.clone();
    act_with(&mut g2, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Golem])).unwrap();
    assert!(
        matches!(g2.state().phase, Phase::Work { .. }),
        "the work phase"
    );
    let err = act(
        &mut g2,
        Act::Roll {
            set: DiceList::from([6, 6, 6, 6, 6]),
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::TooManySet(5));
    act_with(
        &mut g2,
        Act::Roll {
            set: DiceList::from([6, 6, 6]),
        },
        faces(&[2]),
    )
    .unwrap();
    let values: Vec<u8> = g2.state().players[0]
        .dice
        .as_slice()
        .iter()
        .map(|d| d.value)
        .collect();
    assert_eq!(values, vec![6, 6, 6, 2]);
}

#[test]
fn hired_hands_roll_two_more_dice() {
    let mut g = market_position(&[B::Robot], Some(C::HiredHands), 3);
    act_with(&mut g, hire(3, B::Robot, None), refill(C::Specialist)).unwrap();
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Golem])).unwrap();
    act_with(
        &mut g,
        Act::Roll {
            set: DiceList::default(),
        },
        faces(&[1, 2, 3, 4, 5, 6]),
    )
    .unwrap();
    assert_eq!(g.state().players[0].dice.len(), 6);
}

/// The roll says which dice came up, for the log ("Player 1 rolled …"): the player's own four,
/// then the Hired Hands' two (cards.md, Hired Hands).
#[test]
fn a_roll_says_every_die_it_gave() {
    let mut g = market_position(&[B::Robot], Some(C::HiredHands), 3);
    act_with(&mut g, hire(3, B::Robot, None), refill(C::Specialist)).unwrap();
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Golem])).unwrap();
    let events = act_with(
        &mut g,
        Act::Roll {
            set: DiceList::default(),
        },
        faces(&[6, 2, 3, 4, 1, 5]),
    )
    .unwrap();
    assert_eq!(
        events.as_slice(),
        [Event::Rolled {
            player: 0,
            dice: [6, 2, 3, 4, 1, 5].as_slice().into(),
        }]
    );
}

#[test]
fn investor_pays_the_printed_cost() {
    let mut g = market_position(&[B::Dojo], None, 0);
    // Slot 3 (wrench) holds the Investor: discard a wrench card.
    let mut g2 = market_position(&[B::Refinery], None, 0);
    let inputs = Inputs {
        blueprints: vec![B::Megalith].into(),
        contractors: vec![C::Specialist].into(),
        ..Inputs::default()
    };
    act_with(&mut g2, hire(2, B::Refinery, None), inputs).unwrap();
    assert_eq!(
        (g2.state().players[0].metal, g2.state().players[0].energy),
        (5, 2)
    );
    assert!(act(&mut g, hire(2, B::Dojo, None)).is_err());
}

#[test]
fn specialist_gives_a_chosen_die_after_the_roll() {
    let mut g = market_position(&[B::Robot], Some(C::Specialist), 0);
    act_with(&mut g, hire(3, B::Robot, None), refill(C::Architect)).unwrap();
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Golem])).unwrap();
    act_with(
        &mut g,
        Act::Roll {
            set: DiceList::default(),
        },
        faces(&[1, 2, 3, 4]),
    )
    .unwrap();
    act(&mut g, Act::SpecialistDie { value: 6 }).unwrap();
    assert_eq!(g.state().players[0].dice.get(4).map(|d| d.value), Some(6));
    assert_eq!(
        act(&mut g, Act::SpecialistDie { value: 6 }).unwrap_err(),
        RuleError::NoSpecialist
    );
}

#[test]
fn market_refresh_once_per_turn() {
    let mut g = market_position(&[B::Robot], None, 1);
    let new_row = Inputs {
        blueprints: vec![B::Dojo, B::Robot, B::Golem, B::Foundry].into(),
        ..Inputs::default()
    };
    act_with(
        &mut g,
        Act::RefreshMarket {
            row: Row::Blueprints,
            pay: Resource::Energy,
        },
        new_row,
    )
    .unwrap();
    assert_eq!(
        g.state().market.blueprints,
        [
            Some(B::Dojo),
            Some(B::Robot),
            Some(B::Golem),
            Some(B::Foundry)
        ]
    );
    assert_eq!(
        act(
            &mut g,
            Act::RefreshMarket {
                row: Row::Contractors,
                pay: Resource::Metal
            }
        )
        .unwrap_err(),
        RuleError::AlreadyRefreshed
    );
}

// --- Inputs from the table ---------------------------------------------------------------

#[test]
fn a_sixth_obelisk_cannot_be_revealed() {
    // cards.md: 5 Obelisks. Four are in seat 0's... compound here, one in hand.
    let mut g = position(&[B::Obelisk], &[B::Obelisk; 4], &[3], 0, 0);
    let err = act_with(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Research,
        },
        drawn(&[B::Obelisk]),
    )
    .unwrap_err();
    assert_eq!(
        err,
        RuleError::ImpossibleBlueprint {
            card: B::Obelisk,
            copies: 5
        }
    );
}

#[test]
fn a_face_of_seven_is_refused() {
    let mut g = market_position(&[B::Robot], None, 0);
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Golem])).unwrap();
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Dojo])).unwrap();
    assert_eq!(
        act_with(
            &mut g,
            Act::Roll {
                set: DiceList::default()
            },
            faces(&[1, 2, 7, 4])
        )
        .unwrap_err(),
        RuleError::BadFace(7)
    );
}

// --- The Machine and the end (docs/rules.md, solo game; end of the game) -----------------------

/// Ends the acting player's work phase, dropping the excess (metal first, the last cards).
fn end_work(g: &mut Game) {
    let p = g.state().current_player().expect("a player acts");
    let pl = &g.state().players[p];
    let excess = pl.resources().saturating_sub(12);
    let m = excess.min(pl.metal);
    let discard: Vec<B> = pl
        .hand
        .cards()
        .into_iter()
        .rev()
        .take(pl.hand.len().saturating_sub(10))
        .collect();
    act(
        g,
        Act::EndWork {
            discard,
            discard_metal: m,
            discard_energy: excess - m,
        },
    )
    .unwrap();
}

fn solo_game(machine: &[B]) -> Game {
    let mut g = Game::new(Setup::solo("Solène", Difficulty::Easy, 3)).expect("setup");
    let mut blueprints = vec![
        B::Dojo,
        B::Robot,
        B::Golem,
        B::Foundry,
        B::AluminumFactory,
        B::PowerPlant,
        B::Obelisk,
        B::Beacon,
    ];
    blueprints.extend_from_slice(machine);
    let inputs = Inputs {
        tools: Some([Tool::Hammer, Tool::Wrench, Tool::Gear, Tool::Shovel]),
        blueprints: blueprints.into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    g.apply(Action::with_inputs(Act::Deal, inputs))
        .expect("deal");
    g
}

/// A solo game whose Machine starts with `machine`, played to the Machine's first turn: the
/// player takes market slot 4, rolls four 5s and ends the work phase.
fn at_machine_turn(machine: &[B]) -> Game {
    let mut g = solo_game(machine);
    act_with(
        &mut g,
        Act::TakeBlueprint { slot: 3 },
        drawn(&[B::Harvester]),
    )
    .unwrap();
    act_with(
        &mut g,
        Act::Roll {
            set: DiceList::default(),
        },
        faces(&[5, 5, 5, 5]),
    )
    .unwrap();
    end_work(&mut g);
    assert_eq!(g.state().phase, Phase::Machine);
    g
}

#[test]
fn machine_starting_compound_skips_monuments() {
    let mut g = Game::new(Setup::solo("S", Difficulty::Easy, 3)).expect("setup");
    let inputs = Inputs {
        tools: Some(Tool::ALL),
        blueprints: vec![
            B::Dojo,
            B::Robot,
            B::Golem,
            B::Foundry,
            B::AluminumFactory,
            B::PowerPlant,
            B::Obelisk,
            B::Beacon,
            B::Megalith,
            B::Biolab,
            B::Robot,
        ]
        .into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    g.apply(Action::with_inputs(Act::Deal, inputs)).unwrap();
    let m = g.state().machine.as_ref().unwrap();
    assert_eq!(m.compound.cards(), vec![B::Biolab, B::Robot]);
    assert!(g.state().blueprint_discard.contains(B::Megalith));
}

#[test]
fn machine_produces_two_goods_as_in_the_rulebook() {
    // French rulebook, solo example: blue and purple are ≤ their card counts, red and yellow
    // are not → 2 goods.
    let mut g = at_machine_turn(&[B::Biolab, B::Robot]);
    // red 3, blue 2, purple 1, yellow 2, green 1: takes market slot 1 (Aluminum Factory).
    let events = act_with(
        &mut g,
        Act::MachineTurn,
        Inputs {
            dice: vec![3, 2, 1, 2, 1].into(),
            blueprints: vec![B::Dojo].into(),
            ..Inputs::default()
        },
    )
    .unwrap();
    let m = g.state().machine.as_ref().unwrap();
    assert_eq!(m.goods, 2);
    assert!(m.compound.contains(B::AluminumFactory));
    assert!(events.contains(&Event::MachineTook {
        card: B::AluminumFactory,
        slot: Some(0)
    }));
    assert_eq!(g.state().round, 2);
}

#[test]
fn machine_green_five_and_six_reveal_then_discard_a_row() {
    let mut g = at_machine_turn(&[B::Biolab, B::Robot]);
    let inputs = Inputs {
        dice: vec![6, 6, 6, 6, 6].into(),
        blueprints: vec![B::Warehouse].into(),
        contractors: vec![C::Foreman, C::Specialist, C::Specialist, C::Specialist].into(),
        ..Inputs::default()
    };
    act_with(&mut g, Act::MachineTurn, inputs).unwrap();
    let st = g.state();
    assert!(st.machine.as_ref().unwrap().compound.contains(B::Warehouse));
    assert_eq!(
        st.market.contractors,
        [
            Some(C::Foreman),
            Some(C::Specialist),
            Some(C::Specialist),
            Some(C::Specialist)
        ]
    );
    assert_eq!(st.contractor_discard.len(), 4);
}

#[test]
fn the_game_ends_after_the_round_following_the_trigger() {
    // docs/rules.md: 10 cards in a compound triggers; finish the round, then one more round.
    let mut g = position(
        &[B::Obelisk, B::Robot],
        &[
            B::Obelisk,
            B::Obelisk,
            B::Obelisk,
            B::Beacon,
            B::Beacon,
            B::Dojo,
            B::Biolab,
            B::Foundry,
        ],
        &[],
        9,
        9,
    );
    act(
        &mut g,
        Act::Build {
            card: B::Obelisk,
            discard: B::Robot,
        },
    )
    .unwrap();
    assert_eq!(g.state().end_triggered, None, "9 cards");
    let mut g = position(
        &[B::Obelisk, B::Robot],
        &[
            B::Obelisk,
            B::Obelisk,
            B::Obelisk,
            B::Beacon,
            B::Beacon,
            B::Dojo,
            B::Biolab,
            B::Foundry,
            B::Golem,
        ],
        &[],
        9,
        9,
    );
    let events = act(
        &mut g,
        Act::Build {
            card: B::Obelisk,
            discard: B::Robot,
        },
    )
    .unwrap();
    assert!(events.contains(&Event::EndTriggered { round: 1 }));
    assert_eq!(g.state().final_round(), Some(2));
    // Finish round 1 (both players' work), play round 2 in full: then the game is over.
    end_work(&mut g);
    roll(&mut g, &[1, 1, 1, 1]);
    end_work(&mut g);
    assert_eq!(g.state().round, 2);
    assert!(!g.state().is_over());
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Dojo])).unwrap();
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Golem])).unwrap();
    for _ in 0..2 {
        roll(&mut g, &[1, 1, 1, 1]);
        end_work(&mut g);
    }
    assert!(g.state().is_over());
    assert_eq!(
        act(
            &mut g,
            Act::Roll {
                set: DiceList::default()
            }
        )
        .unwrap_err(),
        RuleError::GameOver
    );
}

#[test]
fn solo_tie_goes_to_the_machine_and_multiplayer_ties_use_metal() {
    let mut g = solo_game(&[B::Biolab, B::Robot]);
    g.state.players[0].goods = 2; // Machine: 0 goods + 2 cards = 2.
    assert_eq!(scoreboard(g.state()).winner, Winner::Machine);
    g.state.players[0].goods = 3;
    assert_eq!(scoreboard(g.state()).winner, Winner::Players(vec![0]));
    let mut g = position(&[], &[], &[], 4, 0);
    g.state.players[1].metal = 5;
    g.state.players[0].goods = 3;
    g.state.players[1].goods = 3;
    let board = scoreboard(g.state());
    assert_eq!(board.winner, Winner::Players(vec![1]));
    assert_eq!(board.tie_break, Some(super::score::TieBreak::Metal));
}

/// docs/rules.md, dice: a six-sided die shows each face equally often. The game's own generator
/// (one per action, from the setup seed and the action's number) must be fair and repeatable.
#[test]
fn virtual_dice_are_fair_and_repeat_for_the_same_action() {
    use rand::Rng;
    let mut counts = [0u32; 7];
    for action in 0..10_000u64 {
        let mut rng = super::apply::SplitMix64::for_action(42, action);
        for _ in 0..6 {
            counts[usize::from(rng.random_range(1..=6u8))] += 1;
        }
    }
    // 60,000 rolls: each face 10,000 ± 400 (more than 4 standard deviations).
    for (face, &n) in counts.iter().enumerate().skip(1) {
        assert!((9_600..=10_400).contains(&n), "face {face}: {n} of 60,000");
    }
    let roll = |seed, action| {
        let mut rng = super::apply::SplitMix64::for_action(seed, action);
        [(); 8].map(|_| rng.random_range(1..=6u8))
    };
    assert_eq!(roll(7, 3), roll(7, 3));
    assert_ne!(roll(7, 3), roll(7, 4));
    assert_ne!(roll(7, 3), roll(8, 3));
}

/// cards.md: no card discards more than two blueprints (Recycling Plant, Trash Compactor), so
/// a journal naming three for one choice is refused when read, with the reason.
#[test]
fn a_choice_naming_three_discards_is_refused_when_read() {
    let two: Choice = serde_json::from_str(r#"{"discard":["Dojo","Robot"]}"#).unwrap();
    assert_eq!(&two.discard[..], &[B::Dojo, B::Robot]);
    let err = serde_json::from_str::<Choice>(r#"{"discard":["Dojo","Robot","Golem"]}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("no card discards more than 2"), "{err}");
}

#[test]
fn digital_undo_does_not_cross_a_draw_or_a_roll_and_companion_undo_crosses_anything() {
    // docs/rules.md, decisions for the program, Undo: in a digital game undo does not take back
    // an action that revealed hidden information.
    use super::apply::Mode;
    use super::state::Section;
    let mut g = Game::new_dealt(Setup::solo("You", Difficulty::Medium, 77)).expect("setup");
    assert_eq!(
        g.undo_floor(),
        1,
        "the deal revealed the hands and the market"
    );
    g.apply_digital(Act::TakeBlueprint { slot: 0 })
        .expect("take");
    // Taking a market card refills the market from the deck: a card revealed.
    assert_eq!(g.undo_floor(), g.journal().len());
    g.apply_digital(Act::Roll {
        set: DiceList::default(),
    })
    .expect("roll");
    assert_eq!(
        g.undo_floor(),
        g.journal().len(),
        "the roll showed the dice"
    );
    // Seed 77 rolls a die of 4 or more (the check below is never skipped).
    let die = g.state().players[0]
        .dice
        .as_slice()
        .iter()
        .position(|d| d.value >= 4)
        .map(|i| i as u8)
        .expect("a die for the Mine");
    g.apply_digital(Act::Place {
        die,
        section: Section::Mine,
    })
    .expect("mine");
    assert_eq!(
        g.undo_floor(),
        g.journal().len() - 1,
        "a Mine placement reveals nothing"
    );
    let die = g.state().players[0]
        .dice
        .unplaced()
        .next()
        .map(|i| i as u8)
        .expect("a die left");
    g.apply_digital(Act::Place {
        die,
        section: Section::Research,
    })
    .expect("research");
    assert_eq!(g.undo_floor(), g.journal().len(), "Research drew a card");
    // A companion game: the table is the truth; undo may go back to the start.
    let mut setup = Setup::solo("You", Difficulty::Medium, 77);
    setup.mode = Mode::Companion;
    let companion = Game::replay(setup, g.journal().to_vec()).expect("replays");
    assert_eq!(companion.undo_floor(), 0);
}

#[test]
fn the_solo_player_rolls_white_and_one_player_is_the_solo_game() {
    // docs/rules.md, solo game: "You play with the 4 white dice".
    let solo = Setup::solo("You", Difficulty::Easy, 1);
    assert_eq!(solo.players[0].colour, super::state::Colour::White);
    assert!(Game::new(solo).is_ok());
    // docs/rules.md, decisions for the program: the rulebooks have no one-player game without
    // the Machine.
    assert_eq!(
        Game::new(Setup::players(1, 1)).unwrap_err(),
        RuleError::OnePlayerIsSolo
    );
    // docs/rules.md, components: white dice are the shared extras of a game of several players.
    let mut two = Setup::players(2, 1);
    two.players[1].colour = super::state::Colour::White;
    assert_eq!(Game::new(two).unwrap_err(), RuleError::WhiteIsSolo);
    // A game saved before these checks (one player, no Machine) still replays and plays on.
    let mut old = Game::replay(Setup::players(1, 1), Vec::new()).expect("an old setup loads");
    old.apply_digital(Act::Deal).expect("its deal");
    let again = Game::replay(old.setup().clone(), old.journal().to_vec()).expect("replays");
    assert_eq!(again, old);
}
