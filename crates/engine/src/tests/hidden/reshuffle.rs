//! Secret hands when the blueprint deck runs out (issue 70). docs/rules.md, setup 4: an exhausted
//! deck is refilled by shuffling its discard pile; docs/rules.md, hidden hands: a card drawn in
//! secret is one of the cards of the deck it was drawn from. Each position starts from a table
//! deal and a deck near its end; every change after that goes through `apply`.

use super::*;
use crate::action::Resource;
use crate::legal::legal_actions;

/// The cards of the 8 secret cards dealt to two players in these tests: every copy of each.
const HANDS: [B; 8] = [
    B::Golem,
    B::Golem,
    B::Harvester,
    B::Harvester,
    B::Foundry,
    B::Foundry,
    B::Laboratory,
    B::Laboratory,
];

/// Every unseen card not in `keep` (copies counted) goes to the discard pile, or, with
/// `elsewhere`, into that seat's compound: the deck is near its end.
fn only_unseen(g: &mut Game, keep: &[B], elsewhere: Option<usize>) {
    let st = &mut g.state;
    let mut kept = Pile::default();
    for &c in keep {
        kept.add(c);
    }
    for (card, n) in st.blueprint_deck.clone().iter() {
        for _ in kept.count(card)..n {
            st.blueprint_deck.remove(card);
            match elsewhere {
                Some(seat) => st.players[seat].compound.add(card),
                None => st.blueprint_discard.add(card),
            }
        }
    }
    assert_eq!(st.blueprint_deck.len(), keep.len(), "keep is unseen");
    assert!(st.hidden_total() <= keep.len());
}

/// A 2-player table deal (market Refinery, Robot, Beacon, Dojo; 4 secret cards each), the
/// unseen cards down to [`HANDS`] and `deck`.
fn near_the_end(deck: &[B]) -> Game {
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    let mut keep = HANDS.to_vec();
    keep.extend_from_slice(deck);
    only_unseen(&mut g, &keep, None);
    assert_eq!(g.state().deck_size(), deck.len());
    g
}

fn refresh_blueprints() -> Act {
    Act::RefreshMarket {
        row: Row::Blueprints,
        pay: Resource::Energy,
    }
}

#[test]
fn the_card_revealed_after_a_reshuffle_is_one_of_the_discard_pile() {
    // Issue 70, fault 1: 2 cards left in the deck; the refresh discards the row, reveals the 2,
    // then the discard pile (the row with it) becomes the new deck.
    let mut g = near_the_end(&[B::Megalith, B::BatteryFactory]);
    let mut discard = g.state().blueprint_discard;
    for c in [B::Refinery, B::Robot, B::Beacon, B::Dojo] {
        discard.add(c);
    }
    let two = drawn(&[B::Megalith, B::BatteryFactory]);
    let (so_far, _) = g.attempt(&refresh_blueprints(), &two, false);
    assert_eq!(so_far.deck_size(), discard.len(), "the new deck");
    assert_eq!(so_far.next_reveal_options(), discard);
    // What the secret hands hold cannot come off the new deck, with the reason.
    assert!(!so_far.next_reveal_options().contains(B::Golem));
    let err = act_with(
        &mut g,
        refresh_blueprints(),
        drawn(&[B::Megalith, B::BatteryFactory, B::Golem, B::Robot]),
    )
    .unwrap_err();
    assert_eq!(err, RuleError::InSecretHands(B::Golem));
    assert!(err.to_string().contains("reshuffled"), "{err}");
    // The true cards are accepted: a Refinery of the row just discarded, a Robot.
    act_with(
        &mut g,
        refresh_blueprints(),
        drawn(&[B::Megalith, B::BatteryFactory, B::Refinery, B::Robot]),
    )
    .expect("the cards the table revealed");
    let st = g.state();
    assert_eq!(
        st.market.blueprints,
        [B::Megalith, B::BatteryFactory, B::Refinery, B::Robot].map(Some)
    );
    assert_eq!(st.census(), full_census());
    let deck = st.deck_options();
    for c in [B::Golem, B::Harvester, B::Foundry, B::Laboratory] {
        assert!(!deck.contains(c), "{c} is in hands, not in the deck");
    }
    assert_eq!(deck.len(), st.deck_size());
}

#[test]
fn a_secret_card_is_one_of_the_deck_it_was_drawn_from() {
    // Issue 70, fault 2: both Refineries are out of the deck (one in the market, one in the
    // discard pile) while the hands draw; after the reshuffle they are in the new deck.
    let mut g = near_the_end(&[B::Megalith, B::BatteryFactory]);
    let refinery = RuleError::NotInPlay {
        card: B::Refinery,
        copies: 2,
    };
    assert_eq!(g.state().can_give(0, &[B::Refinery]), Err(refinery.clone()));
    act_with(
        &mut g,
        refresh_blueprints(),
        drawn(&[B::Megalith, B::BatteryFactory, B::Robot, B::Beacon]),
    )
    .expect("refresh through a reshuffle");
    // Neither hand has drawn since: a Refinery still cannot be in it, and the refusal says why.
    for p in 0..2 {
        let err = g.state().can_give(p, &[B::Refinery]).unwrap_err();
        assert_eq!(err, RuleError::NotDrawn(B::Refinery));
        assert!(err.to_string().contains("when this hand's secret cards"));
        g.state()
            .can_give(p, &[B::Golem])
            .expect("a card of the old deck");
    }
    // Player 1 takes the Robot; the table reveals a Refinery to refill.
    act_with(
        &mut g,
        Act::TakeBlueprint { slot: 2 },
        drawn(&[B::Refinery]),
    )
    .expect("a Refinery of the new deck");
    // Player 2 refreshes: the second Refinery comes off the deck and is accepted.
    act_with(
        &mut g,
        refresh_blueprints(),
        drawn(&[B::Refinery, B::Dojo, B::Megalith, B::Obelisk]),
    )
    .expect("the second Refinery");
    assert_eq!(g.state().census(), full_census());
    // Player 2 takes that Refinery. In the work phase, player 1 builds from the secret hand:
    // a Golem (hammer) with a Warehouse (hammer, only in the new deck) is refused, with a
    // Harvester (hammer, of the old deck) accepted.
    act_with(&mut g, Act::TakeBlueprint { slot: 0 }, drawn(&[B::Robot])).expect("take");
    assert_eq!(
        g.state().can_give(0, &[B::Refinery]),
        Err(refinery),
        "one Refinery in a seen hand, the other discarded"
    );
    roll(&mut g, &[1, 2, 3, 4]);
    g.state.players[0].metal = 10;
    let err = act(
        &mut g,
        Act::Build {
            card: B::Golem,
            discard: B::Warehouse,
        },
    )
    .unwrap_err();
    assert_eq!(err, RuleError::NotDrawn(B::Warehouse));
    act(
        &mut g,
        Act::Build {
            card: B::Golem,
            discard: B::Harvester,
        },
    )
    .expect("Golem and Harvester were in the old deck");
    // The old deck's pool is now down to 6: the other hand cannot hold both Golems any more.
    assert_eq!(
        g.state().can_give(1, &[B::Golem, B::Golem]),
        Err(RuleError::NamedTooOften {
            card: B::Golem,
            named: 2,
            most: 1
        })
    );
    g.state().can_give(1, &[B::Golem]).expect("the other Golem");
    assert_eq!(g.state().census(), full_census());
}

#[test]
fn naming_a_card_twice_says_so() {
    // Issue 70, fault 3; cards.md, Recycling Plant: discard 2 blueprints + pay 2 energy. One
    // Dojo is in the market, the other is unseen: a secret hand holds at most one.
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    let mut keep = HANDS.to_vec();
    keep.extend_from_slice(&[B::Dojo, B::Megalith]);
    only_unseen(&mut g, &keep, None);
    working(&mut g, 0, 4, &[], 0, 4);
    let plant = g.state.blueprint_discard.remove(B::RecyclingPlant);
    assert!(plant);
    g.state.players[0].compound.add(B::RecyclingPlant);
    let err = act(
        &mut g,
        activate(B::RecyclingPlant, &[], discards(&[B::Dojo, B::Dojo])),
    )
    .unwrap_err();
    assert_eq!(
        err,
        RuleError::NamedTooOften {
            card: B::Dojo,
            named: 2,
            most: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "Dojo is named 2 times, and this hand can hold only 1 of them"
    );
    act(
        &mut g,
        activate(B::RecyclingPlant, &[], discards(&[B::Dojo, B::Golem])),
    )
    .expect("one Dojo and a Golem");
    assert_eq!(g.state().census(), full_census());
}

#[test]
fn the_engineer_stops_when_neither_deck_nor_discard_holds_a_card_to_build() {
    // Issue 70, fault 4; cards.md, Engineer and its decision: nothing is built when neither the
    // deck nor its discard pile holds a card the player may build. The deck holds 2 cards the
    // player has built; the secret hands hold cards they could build, but those are not in the
    // deck.
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    let mut keep = HANDS.to_vec();
    keep.extend_from_slice(&[B::Biolab, B::Incinerator]);
    // Everything else is in player 2's compound: the discard pile is empty.
    only_unseen(&mut g, &keep, Some(1));
    let st = &mut g.state;
    for c in [B::Biolab, B::Incinerator] {
        assert!(st.players[1].compound.remove(c));
        st.players[0].compound.add(c);
    }
    // A Robot (hammer, the Engineer's token) in hand to hire with, and the energy; a Robot
    // built already, so the one discarded to hire cannot be built either.
    for _ in 0..2 {
        assert!(st.players[1].compound.remove(B::Robot));
    }
    st.players[0].hand.add(B::Robot);
    st.players[0].compound.add(B::Robot);
    let built = st.players[0].compound;
    st.players[0].energy = 4;
    assert_eq!(st.market.tools[3], Tool::Hammer);
    let hire = Act::Hire {
        slot: 3,
        discard: B::Robot,
        opponent: None,
    };
    let inputs = Inputs {
        blueprints: vec![B::Biolab, B::Incinerator].into(),
        contractors: vec![C::Miner].into(),
        ..Inputs::default()
    };
    let events = act_with(&mut g, hire, inputs).expect("two reveals, nothing built");
    let skipped = events
        .iter()
        .filter(|e| matches!(e, Event::EngineerSkipped { .. }))
        .count();
    assert_eq!(skipped, 2);
    assert!(!events.iter().any(|e| matches!(e, Event::Built { .. })));
    let st = g.state();
    assert_eq!(st.blueprint_discard.len(), 3, "Biolab, Incinerator, Robot");
    assert_eq!(st.players[0].compound, built);
    assert_eq!(st.census(), full_census());
}

#[test]
fn a_secret_hand_may_pass_when_it_may_hold_no_card_to_hire_with() {
    // Issue 70, fault 5; docs/rules.md and docs/rules.md, market phase: pass only when one can
    // neither take a blueprint nor hire. The row is empty and only the Architect (shovel) is
    // left; a secret hand may hold no shovel blueprint.
    let blocked = |g: &mut Game| {
        let st = &mut g.state;
        for slot in 0..4 {
            if let Some(c) = st.market.blueprints[slot].take() {
                st.players[1].compound.add(c);
            }
        }
        for slot in 1..4 {
            if let Some(c) = st.market.contractors[slot].take() {
                st.contractor_discard.add(c);
            }
        }
        assert_eq!(st.market.tools[0], Tool::Shovel);
    };
    let mut g = near_the_end(&[B::Megalith, B::BatteryFactory]);
    blocked(&mut g);
    act(&mut g, Act::Pass).expect("the hidden cards may all be of other tools");
    assert!(legal_actions(g.state()).contains(&Act::Pass));

    // Secret hands drawn from a deck of shovel blueprints only: they must hold one.
    let shovels = [
        B::AluminumFactory,
        B::AluminumFactory,
        B::ConcretePlant,
        B::ConcretePlant,
        B::Gymnasium,
        B::Gymnasium,
        B::Gymnasium,
        B::Motherlode,
    ];
    let mut g = hidden_game(2, [B::Refinery, B::Robot, B::Beacon, B::Dojo], &[]);
    only_unseen(&mut g, &shovels, None);
    assert_eq!(g.state().deck_size(), 0);
    act_with(
        &mut g,
        refresh_blueprints(),
        drawn(&[B::Megalith, B::Dojo, B::Robot, B::Beacon]),
    )
    .expect("the discard pile is the new deck");
    act_with(
        &mut g,
        Act::TakeBlueprint { slot: 0 },
        drawn(&[B::Refinery]),
    )
    .expect("take");
    blocked(&mut g);
    assert!(matches!(
        act(&mut g, Act::Pass),
        Err(RuleError::WrongPhase { .. })
    ));
    assert!(!legal_actions(g.state()).contains(&Act::Pass));
    let hires: Vec<Act> = legal_actions(g.state())
        .into_iter()
        .filter(|a| matches!(a, Act::Hire { .. }))
        .collect();
    assert_eq!(hires.len(), 4, "{hires:?}");
    assert!(
        hires
            .iter()
            .all(|a| matches!(a, Act::Hire { discard, .. } if discard.tool() == Tool::Shovel)),
        "{hires:?}"
    );
}

#[test]
fn a_card_told_before_or_after_a_reshuffle_is_hidden_again_on_other_screens() {
    // docs/rules.md, "A card told in private", with docs/rules.md setup 4's reshuffle: the other
    // screens' position is one the table could be in (every copy counted once, the told card
    // still possible in the hidden hand, not in the new deck), whether the card was told
    // before the reshuffle or after it.
    let tell = Act::Tell {
        player: 1,
        card: B::Golem,
    };
    let refresh = drawn(&[B::Megalith, B::BatteryFactory, B::Robot, B::Beacon]);
    for told_first in [false, true] {
        let mut g = near_the_end(&[B::Megalith, B::BatteryFactory]);
        if told_first {
            act(&mut g, tell.clone()).expect("an unseen card");
        }
        act_with(&mut g, refresh_blueprints(), refresh.clone()).expect("refresh, reshuffle");
        if !told_first {
            act(&mut g, tell.clone()).expect("a card of the old deck");
        }
        let st = g.state();
        assert!(st.secrets.is_some(), "a history of the secret cards");
        assert_eq!(st.players[1].hidden, 3);
        let shown = st.seen_by(Some(0)).expect("hidden from seat 0");
        assert_eq!(shown.players[1].hidden, 4);
        assert_eq!(shown.census(), full_census());
        assert_eq!(shown.deck_size(), st.deck_size());
        assert!(!shown.deck_options().contains(B::Golem), "{told_first}");
        shown.can_give(1, &[B::Golem]).expect("still possible");
        shown
            .can_give(1, &[B::Golem, B::Harvester])
            .expect("two cards of the old deck");
        assert!(
            shown.can_give(1, &[B::Refinery]).is_err(),
            "a card of the new deck was never drawn"
        );
    }
}
