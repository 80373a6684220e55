//! Why a button of the table is greyed out, in the engine's words (shown on hover).

use super::*;

/// Why `act` is refused now, in the engine's words.
pub(in crate::ui) fn refusal(tr: &Tr, game: &Game, act: &Act) -> String {
    match game.check(act) {
        Err(e) => words::refusal(tr, &e),
        Ok(()) => String::new(),
    }
}

/// Why a card cannot be activated now: the engine's reason for its plainest use.
pub(in crate::ui) fn activation_refusal(tr: &Tr, game: &Game, card: Blueprint) -> String {
    let st = game.state();
    let Some(p) = st.current_player() else {
        return tr.t("not-your-turn");
    };
    if st.players[p].has_activated(card) {
        return tr.t("already-activated");
    }
    let unplaced: Vec<u8> = st.players[p].dice.unplaced().map(|i| i as u8).collect();
    let act = Act::Activate {
        card,
        dice: unplaced
            .first()
            .map(|&d| crate::engine::DiceList::from([d]))
            .unwrap_or_default(),
        choice: Default::default(),
    };
    match game.check(&act) {
        Err(e) => words::refusal(tr, &e),
        Ok(()) => tr.t("needs-a-choice"),
    }
}

/// Why a hand card cannot be built now, in the engine's words.
pub(in crate::ui) fn build_refusal(
    tr: &Tr,
    game: &Game,
    p: &PlayerState,
    card: Blueprint,
) -> String {
    let seat = game.state().players.iter().position(|q| q == p);
    let hand = seat.map_or(p.hand, |s| game.state().hand_options(s));
    let discard = hand
        .iter()
        .map(|(c, _)| c)
        .find(|&c| c.tool() == card.tool() && c != card)
        .unwrap_or(card);
    refusal(tr, game, &Act::Build { card, discard })
}
