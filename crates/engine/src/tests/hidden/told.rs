//! A card told in private (docs/rules.md, "A card told in private"; issue 73): a player with
//! their own screen names a card they drew in secret. The engine knows it from then on; every
//! other screen still counts it as hidden (`State::seen_by`).

use super::*;

const MARKET: [B; 4] = [B::Refinery, B::Robot, B::Beacon, B::Dojo];

fn tell(player: u8, card: B) -> Act {
    Act::Tell { player, card }
}

#[test]
fn a_card_told_in_private_is_known_to_the_engine_and_hidden_from_every_other_screen() {
    let mut g = hidden_game(2, MARKET, &[]);
    let before = g.state().clone();
    // Seat 1 tells a card while seat 0 has the market turn: nothing else moves.
    act(&mut g, tell(1, B::Golem)).expect("a card still unseen");
    let st = g.state();
    assert_eq!(st.phase, before.phase);
    assert_eq!(st.players[1].hidden, 3);
    assert!(st.players[1].hand.contains(B::Golem));
    assert!(st.players[1].told.contains(B::Golem));
    assert_eq!(st.players[1].hand_size(), 4);
    assert_eq!(st.census(), full_census());
    assert_eq!(st.deck_size(), before.deck_size());

    // Every other screen sees the hand it saw before the card was told.
    for viewer in [None, Some(0)] {
        let shown = st.seen_by(viewer).expect("a told card to hide");
        assert_eq!(shown.players[1].hidden, 4, "{viewer:?}");
        assert!(shown.players[1].hand.is_empty(), "{viewer:?}");
        assert!(shown.players[1].told.is_empty(), "{viewer:?}");
        assert_eq!(shown.blueprint_deck, before.blueprint_deck, "{viewer:?}");
        assert_eq!(shown.deck_size(), st.deck_size());
        assert_eq!(shown.census(), full_census());
        // The told card is still one the hidden hand may hold, as any unseen card.
        shown.can_give(1, &[B::Golem]).expect("still possible");
    }
    // Its teller's screen has nothing to hide.
    assert!(st.seen_by(Some(1)).is_none());

    // Replayed from its journal, the game is the same (a save keeps the told card).
    let replayed = Game::replay(g.setup().clone(), g.journal().to_vec()).expect("replay");
    assert_eq!(replayed, g);
}

#[test]
fn a_card_told_is_checked_as_a_card_leaving_the_hand() {
    // docs/rules.md, hidden hands: a copy must still be unseen. Beacon's copies (cards.md): one
    // in the market, the others moved into seat 0's compound here.
    let mut g = hidden_game(2, MARKET, &[]);
    let copies = B::Beacon.info().copies;
    for _ in 1..copies {
        assert!(g.state.blueprint_deck.remove(B::Beacon));
        g.state.players[0].compound.add(B::Beacon);
    }
    let held = g.state().clone();
    assert_eq!(
        act(&mut g, tell(1, B::Beacon)).unwrap_err(),
        RuleError::NotInPlay {
            card: B::Beacon,
            copies
        }
    );
    assert_eq!(g.state(), &held, "a refusal changes nothing");
    // Both Dojos (cards.md: 2 copies): one in the market, one unseen. Told once, a second
    // is refused, as no copy is left for it (found in a new-user trial: it was accepted).
    act(&mut g, tell(1, B::Dojo)).expect("the unseen Dojo");
    let held = g.state().clone();
    assert!(act(&mut g, tell(1, B::Dojo)).is_err(), "a third Dojo");
    assert_eq!(g.state(), &held);
    assert_eq!(g.state().census(), full_census());
    // Four told, nothing is left to tell.
    for c in [B::Golem, B::Golem, B::Harvester] {
        act(&mut g, tell(1, c)).expect("unseen cards");
    }
    assert_eq!(g.state().players[1].hidden, 0);
    let err = act(&mut g, tell(1, B::Laboratory)).unwrap_err();
    assert_eq!(err, RuleError::NothingToTell);
    assert!(err.to_string().contains("no card drawn in secret"), "{err}");
    // Before the deal nobody holds a card.
    let mut fresh = Game::new(Setup::players(2, 3).companion()).expect("setup");
    assert!(matches!(
        act(&mut fresh, tell(0, B::Golem)),
        Err(RuleError::WrongPhase { .. })
    ));
}

#[test]
fn a_told_card_leaves_the_hand_unnamed_and_a_seen_copy_goes_first() {
    // docs/rules.md, work phase, Build: the card and a discard of the same tool, from hand.
    let mut g = hidden_game(2, MARKET, &[]);
    let other = B::ALL
        .iter()
        .copied()
        .find(|&c| c != B::Refinery && c.tool() == B::Refinery.tool() && !c.is_monument())
        .expect("another card of the Refinery's tool");
    working(&mut g, 0, 4, &[], 10, 10);
    act(&mut g, tell(0, B::Refinery)).expect("the other Refinery is unseen");
    act(&mut g, tell(0, other)).expect("unseen");
    act(
        &mut g,
        Act::Build {
            card: B::Refinery,
            discard: other,
        },
    )
    .expect("both told: nothing to name");
    let st = g.state();
    assert_eq!((st.players[0].hidden, st.players[0].hand_size()), (2, 2));
    assert!(st.players[0].told.is_empty() && st.players[0].hand.is_empty());
    assert_eq!(st.census(), full_census());

    // A hand holding a Golem the table saw and a Golem told: the seen one goes first, so
    // the other screens learn nothing about the hidden cards.
    let mut h = hidden_game(2, MARKET, &[]);
    working(&mut h, 0, 3, &[B::Golem], 10, 10);
    act(&mut h, tell(0, B::Golem)).expect("the second Golem");
    let gear = B::ALL
        .iter()
        .copied()
        .find(|&c| c != B::Golem && c.tool() == B::Golem.tool() && !c.is_monument())
        .expect("another card of the Golem's tool");
    act(&mut h, tell(0, gear)).expect("unseen");
    act(
        &mut h,
        Act::Build {
            card: gear,
            discard: B::Golem,
        },
    )
    .expect("build");
    let p = &h.state().players[0];
    assert_eq!((p.hand.count(B::Golem), p.told.count(B::Golem)), (1, 1));
    let shown = h.state().seen_by(Some(1)).expect("hidden from seat 1");
    assert_eq!(shown.players[0].hand.count(B::Golem), 0);
    // One hidden card left and the told Golem: two cards the others cannot name.
    assert_eq!(shown.players[0].hidden, 2);
}
