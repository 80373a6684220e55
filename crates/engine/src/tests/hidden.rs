//! A companion game at the table's pace (docs/rules.md, "Decisions for a physical-table
//! companion"): hidden hands, the opening deal in the table's order, everyone working at once.
//! Every position is reached through `apply` with the inputs a table would give.

use super::*;
use crate::state::{Census, Pile};

mod reshuffle;
mod told;

/// A companion game with hidden hands of `n` players (or solo at medium when `n` is 0), dealt
/// in the table's order with these market cards (and, solo, these Machine cards).
fn hidden_game(n: usize, market: [B; 4], machine: &[B]) -> Game {
    let setup = if n == 0 {
        Setup::solo("Ada", Difficulty::Medium, 3)
    } else {
        Setup::players(n, 3)
    }
    .companion();
    let mut g = Game::new(setup).expect("setup");
    let mut blueprints: Vec<B> = market.to_vec();
    blueprints.extend_from_slice(machine);
    let inputs = Inputs {
        tools: Some([Tool::Shovel, Tool::Gear, Tool::Wrench, Tool::Hammer]),
        blueprints: blueprints.as_slice().into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    g.apply(Action::with_inputs(Act::Deal, inputs))
        .expect("deal");
    g
}

fn full_census() -> Census {
    let mut c = Census::default();
    for &b in B::ALL {
        c.blueprints[b.index()] = u32::from(b.info().copies);
    }
    for &k in C::ALL {
        c.contractors[k.index()] = u32::from(k.info().copies);
    }
    c
}

/// Seat `p` in its work phase, rolled, with `hidden` secret cards, these seen cards and
/// resources (cards moved out of the unseen pile, so every copy stays counted once).
fn working(g: &mut Game, p: usize, hidden: u8, seen: &[B], metal: u32, energy: u32) {
    let st = &mut g.state;
    st.players[p].hidden = hidden;
    for &c in seen {
        assert!(st.blueprint_deck.remove(c), "no {c} left for the test");
        st.players[p].hand.add(c);
    }
    st.players[p].metal = metal;
    st.players[p].energy = energy;
    st.players[p].dice.clear();
    for v in [1, 2, 4, 5] {
        st.players[p].dice.push(v, crate::state::DieOrigin::Own);
    }
    let n = st.players.len();
    st.phase = Phase::Work {
        turn: (p + n - st.first_player) % n,
        rolled: true,
    };
}

#[test]
fn the_table_deal_lays_out_the_market_first_and_deals_hands_as_counts() {
    // docs/rules.md, "the opening deal in the table's order": the tools, the market's
    // blueprints 1 to 4, its contractors 1 to 4, then 4 secret cards per player.
    let market = [B::Refinery, B::Robot, B::Beacon, B::Dojo];
    let g = hidden_game(2, market, &[]);
    let st = g.state();
    assert_eq!(st.market.blueprints, market.map(Some));
    assert_eq!(
        st.market.contractors,
        [C::Architect, C::Miner, C::Investor, C::Engineer].map(Some)
    );
    for p in &st.players {
        assert_eq!((p.hidden, p.hand.len(), p.hand_size()), (4, 0, 4));
    }
    // 74 blueprints: 4 in the market, the other 70 unseen, 8 of them in the hands.
    assert_eq!(st.blueprint_deck.len(), 70);
    assert_eq!(st.deck_size(), 62);
    assert_eq!(st.census(), full_census());
    assert_eq!(
        st.phase,
        Phase::Market {
            turn: 0,
            refreshed: false
        }
    );

    // Naming a card for a hand is not asked: a fifth blueprint is an unused input.
    let mut h = Game::new(Setup::players(2, 3).companion()).expect("setup");
    let five = Inputs {
        tools: Some(Tool::ALL),
        blueprints: vec![B::Refinery, B::Robot, B::Beacon, B::Dojo, B::Biolab].into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    assert!(matches!(
        h.apply(Action::with_inputs(Act::Deal, five)),
        Err(RuleError::UnusedInputs(_))
    ));
}

#[test]
fn the_solo_table_deal_reveals_the_machine_after_the_hands() {
    // docs/rules.md, solo game: the Machine's starting compound, Monuments discarded and replaced;
    // docs/rules.md: it comes last, after the secret hands.
    let g = hidden_game(
        0,
        [B::Refinery, B::Robot, B::Beacon, B::Dojo],
        &[B::Biolab, B::Obelisk, B::Foundry, B::Robot],
    );
    let st = g.state();
    let m = st.machine.as_ref().expect("solo");
    let mut want = Pile::default();
    for c in [B::Biolab, B::Foundry, B::Robot] {
        want.add(c);
    }
    assert_eq!(m.compound, want);
    assert!(st.blueprint_discard.contains(B::Obelisk));
    assert_eq!(st.players[0].hidden, 4);
    assert_eq!(st.census(), full_census());
}

#[test]
fn a_hidden_card_is_named_when_it_is_built_and_checked_against_every_copy() {
    // docs/rules.md, hidden hands: the player names the card as it leaves the hand; it must
    // still be unseen. Refinery has 2 copies (cards.md); Refinery and Gymnasium share a tool.
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    working(&mut g, 0, 4, &[], 10, 10);
    let copies = B::Refinery.info().copies;
    let other = B::ALL
        .iter()
        .copied()
        .find(|&c| c != B::Refinery && c.tool() == B::Refinery.tool() && !c.is_monument())
        .expect("another card of the Refinery's tool");
    let before = g.state().clone();
    let build = Act::Build {
        card: B::Refinery,
        discard: other,
    };
    // One copy is in the market; take the others out of the unseen pile (into seat 1's
    // compound): no Refinery can be in a hidden hand any more.
    for _ in 1..copies {
        assert!(g.state.blueprint_deck.remove(B::Refinery));
        g.state.players[1].compound.add(B::Refinery);
    }
    let held = g.state().clone();
    let err = act(&mut g, build.clone()).unwrap_err();
    assert_eq!(
        err,
        RuleError::NotInPlay {
            card: B::Refinery,
            copies
        }
    );
    assert!(
        err.to_string().contains(&format!("all {copies} copies")),
        "{err}"
    );
    assert_eq!(g.state(), &held, "a refusal changes nothing");

    // With a copy unseen, the same build goes through: two hidden cards leave the hand.
    g.state = before;
    act(&mut g, build).expect("build from the hidden hand");
    let st = g.state();
    assert_eq!(st.players[0].hidden, 2);
    assert!(st.players[0].compound.contains(B::Refinery));
    assert!(st.blueprint_discard.contains(other));
    assert_eq!(st.census(), full_census());
}

#[test]
fn a_card_taken_from_the_market_stays_known_and_a_seen_card_is_named_first() {
    // docs/rules.md, hidden hands: "a card taken face up from the market stays known".
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    act_with(&mut g, Act::TakeBlueprint { slot: 1 }, drawn(&[B::Biolab]))
        .expect("take the Robot, reveal a Biolab to refill");
    let st = g.state();
    assert!(st.players[0].hand.contains(B::Robot));
    assert_eq!((st.players[0].hidden, st.players[0].hand_size()), (4, 5));
    // Without hidden cards, a card never seen in the hand is simply not there.
    let mut h = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    working(&mut h, 0, 0, &[B::Robot], 10, 10);
    assert_eq!(
        act(
            &mut h,
            Act::Build {
                card: B::Robot,
                discard: B::Robot
            }
        )
        .unwrap_err(),
        RuleError::NoBuildDiscard {
            card: B::Robot,
            tool: B::Robot.tool()
        }
    );
}

#[test]
fn research_draws_in_secret_and_the_deck_refills_when_only_hidden_cards_are_unseen() {
    // cards.md, Headquarters board (Research: 1 blueprint); docs/rules.md, hidden hands: the
    // draw asks for no card. docs/rules.md, setup 4: an empty deck is refilled from the discards.
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    working(&mut g, 0, 4, &[], 0, 0);
    let deck = g.state().deck_size();
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Research,
        },
    )
    .expect("research");
    assert_eq!(g.state().players[0].hidden, 5);
    assert_eq!(g.state().deck_size(), deck - 1);

    // Only hidden cards unseen: the deck is empty, and the next draw shuffles the discards.
    let st = &mut g.state;
    let unseen: Vec<B> = st.blueprint_deck.cards();
    let keep = st.hidden_total();
    for &c in &unseen[keep..] {
        st.blueprint_deck.remove(c);
        st.blueprint_discard.add(c);
    }
    assert_eq!(g.state().deck_size(), 0);
    let events = act(
        &mut g,
        Act::Place {
            die: 1,
            section: Section::Research,
        },
    )
    .expect("draw");
    assert!(events.contains(&Event::Reshuffled {
        row: Row::Blueprints
    }));
    assert_eq!(g.state().players[0].hidden, 6);
    assert!(g.state().blueprint_discard.is_empty());
    assert_eq!(g.state().census(), full_census());
}

#[test]
fn the_end_of_work_discard_names_hidden_cards() {
    // docs/rules.md, end of the work phase: at most 10 blueprints; docs/rules.md, hidden hands.
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    working(&mut g, 0, 11, &[], 1, 2);
    let end = |discard: Vec<B>| Act::EndWork {
        discard,
        discard_metal: 0,
        discard_energy: 0,
    };
    assert_eq!(
        act(&mut g, end(vec![])).unwrap_err(),
        RuleError::HandLimit { needs: 1, got: 0 }
    );
    act(&mut g, end(vec![B::Biolab])).expect("a hidden Biolab discarded");
    let st = g.state();
    assert_eq!(st.players[0].hidden, 10);
    assert!(st.blueprint_discard.contains(B::Biolab));
    assert_eq!(st.census(), full_census());
}

#[test]
fn everyone_works_at_once_and_the_round_moves_on_when_all_have_ended() {
    // docs/rules.md, work phase (all players at once); docs/rules.md, "everyone works at once".
    let mut g = hidden_game(3, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    for (slot, refill) in [(0, B::Biolab), (1, B::Foundry), (2, B::Harvester)] {
        act_with(&mut g, Act::TakeBlueprint { slot }, drawn(&[refill])).expect("take");
    }
    assert_eq!(
        g.state().phase,
        Phase::Work {
            turn: 0,
            rolled: false
        }
    );
    // Player 1 rolls and places a die; player 3 rolls before player 1 has finished.
    roll(&mut g, &[4, 4, 2, 1]);
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Mine,
        },
    )
    .expect("mine");
    act(&mut g, Act::Switch { player: 2 }).expect("player 3 works now");
    assert_eq!(g.state().current_player(), Some(2));
    assert_eq!(
        g.state().phase,
        Phase::Work {
            turn: 2,
            rolled: false
        }
    );
    roll(&mut g, &[3, 3, 3, 3]);
    act(
        &mut g,
        Act::Place {
            die: 0,
            section: Section::Generate,
        },
    )
    .expect("generate");
    // Back to player 1: their dice and board are as they left them.
    act(&mut g, Act::Switch { player: 0 }).expect("back to player 1");
    assert_eq!(
        g.state().phase,
        Phase::Work {
            turn: 0,
            rolled: true
        }
    );
    assert_eq!(g.state().players[0].hq[Section::Mine.index()].len(), 1);
    act(
        &mut g,
        Act::Place {
            die: 1,
            section: Section::Mine,
        },
    )
    .expect("a second mine");
    let end = Act::EndWork {
        discard: vec![],
        discard_metal: 0,
        discard_energy: 0,
    };
    act(&mut g, end.clone()).expect("player 1 ends");
    // The next who has not ended, in turn order: player 2, who has not rolled.
    assert_eq!(
        g.state().phase,
        Phase::Work {
            turn: 1,
            rolled: false
        }
    );
    assert_eq!(
        act(&mut g, Act::Switch { player: 0 }).unwrap_err(),
        RuleError::WorkEnded(1)
    );
    assert_eq!(
        act(&mut g, Act::Switch { player: 7 }).unwrap_err(),
        RuleError::NoSuchPlayer(8)
    );
    roll(&mut g, &[6, 6, 6, 6]);
    act(&mut g, end.clone()).expect("player 2 ends");
    // Player 3 comes back rolled, with their die on Generate.
    assert_eq!(
        g.state().phase,
        Phase::Work {
            turn: 2,
            rolled: true
        }
    );
    assert_eq!(g.state().round, 1);
    act(&mut g, end).expect("player 3 ends");
    assert_eq!(g.state().round, 2);
    assert!(matches!(g.state().phase, Phase::Market { .. }));
    assert!(matches!(
        act(&mut g, Act::Switch { player: 1 }),
        Err(RuleError::WrongPhase { .. })
    ));
    // Replaying the journal gives the same state.
    let replayed = Game::replay(g.setup().clone(), g.journal().to_vec()).expect("replay");
    assert_eq!(replayed.state(), g.state());
}

#[test]
fn a_digital_game_cannot_hide_hands() {
    // A digital game deals every card itself (docs/rules.md, hidden hands are for the table).
    let mut setup = Setup::players(2, 1);
    setup.hands = crate::Hands::Hidden;
    assert_eq!(Game::new(setup).unwrap_err(), RuleError::HiddenHandsDigital);
}

#[test]
fn a_bot_plays_only_in_a_digital_game() {
    // Issue 29, point 4: any seat of a digital game can be a bot; at a real table a person
    // holds the cards, so a companion game refuses a bot seat.
    let mut setup = Setup::players(2, 1);
    setup.players[1].bot = Some(crate::BotLevel::Hard);
    let game = Game::new(setup.clone()).expect("a digital game with a bot seat");
    // The bot seat is part of the saved setup and comes back with it.
    let text = serde_json::to_string(game.setup()).expect("setup saves");
    let back: Setup = serde_json::from_str(&text).expect("setup loads");
    assert_eq!(back.players[1].bot, Some(crate::BotLevel::Hard));
    assert_eq!(back.players[0].bot, None);
    assert_eq!(
        Game::new(setup.companion()).unwrap_err(),
        RuleError::BotAtTheTable
    );
}
