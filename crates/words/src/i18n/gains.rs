//! What a player gains, in words: a choice's or a plan's effect on their resources, goods,
//! prestige and hand ("+2 metal, +1 goods"), said the same in the window and on a seat's
//! screen.

use super::Tr;
use crate::engine::state::{PlayerState, State};
use crate::engine::{Act, Game};

/// What an action changes for a player, in short: "+2 metal, -1 energy, +1 goods" (plain ASCII
/// signs: the window's font has no arrow).
pub fn gain_text(
    tr: &Tr,
    before: &crate::engine::state::PlayerState,
    after: &crate::engine::state::PlayerState,
) -> String {
    certain_gain_text(tr, before, &[after])
}

/// Each count a player has: metal, energy, goods, prestige, cards in hand.
fn counts(p: &PlayerState) -> [(&'static str, i64); 5] {
    [
        ("gain-metal", i64::from(p.metal)),
        ("gain-energy", i64::from(p.energy)),
        ("gain-goods", i64::from(p.goods)),
        ("gain-prestige", i64::from(p.prestige())),
        ("gain-cards", p.hand_size() as i64),
    ]
}

/// What changes the same way in every one of `afters` (the same action under different draws
/// of what nobody knows yet): a change that depends on the draw is not said.
fn certain_gain_text(tr: &Tr, before: &PlayerState, afters: &[&PlayerState]) -> String {
    let was = counts(before);
    let parts: Vec<String> = (0..was.len())
        .filter_map(|i| {
            let mut changes = afters.iter().map(|a| counts(a)[i].1 - was[i].1);
            let first = changes.next()?;
            (first != 0 && changes.all(|c| c == first)).then_some((was[i].0, first))
        })
        .map(|(key, n)| {
            let sign = if n > 0 { "+" } else { "-" };
            format!(
                "{sign}{}",
                tr.t_args(
                    key,
                    &[(
                        "count",
                        u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX).into()
                    )]
                )
            )
        })
        .collect();
    parts.join(", ")
}

/// What playing `steps` from `game` brings the player, in words ("+2 metal, +1 goods"): the
/// steps played on a copy as far as they go without the table (a card or a die it must tell).
pub fn plan_brings(tr: &Tr, game: &Game, steps: &[Act]) -> Option<String> {
    let p = game.state().current_player()?;
    let mut after = game.clone();
    for step in steps {
        if after.apply_digital(step.clone()).is_err() {
            break;
        }
    }
    let gains = gain_text(tr, &game.state().players[p], &after.state().players[p]);
    (!gains.is_empty()).then_some(gains)
}

/// A choice's words with what it would change for the player who makes it ("Build Dojo,
/// discarding Golem (-1 metal, -1 energy, -2 cards)"); a hire's gift beside whom it goes to
/// ("Hire Miner (+3 metal); Bob gets the contractor's gift (+1 metal)"). The window's choices
/// and a seat's phone say it the same.
pub fn choice_line(tr: &Tr, game: &Game, act: &Act) -> String {
    let with = |text: String, gain: String| match gain.is_empty() {
        true => text,
        false => format!("{text} ({gain})"),
    };
    let st = game.state();
    let Some(p) = st.current_player() else {
        return super::words::act(tr, game, act);
    };
    let afters = foreseen(game, p, act);
    if afters.is_empty() {
        return super::words::act(tr, game, act);
    }
    let gain = |q: usize| -> String {
        let after: Vec<&PlayerState> = afters.iter().filter_map(|a| a.players.get(q)).collect();
        match st.players.get(q) {
            Some(before) if after.len() == afters.len() => certain_gain_text(tr, before, &after),
            _ => String::new(),
        }
    };
    if let Act::Hire {
        slot,
        discard,
        opponent: Some(o),
    } = act
    {
        let o = usize::from(*o);
        let own = Act::Hire {
            slot: *slot,
            discard: *discard,
            opponent: None,
        };
        let mine = with(super::words::act(tr, game, &own), gain(p));
        let theirs = with(super::words::player_name(tr, game, o), gain(o));
        return tr.t_args(
            "act-hire-gift",
            &[("act", mine.into()), ("player", theirs.into())],
        );
    }
    with(super::words::act(tr, game, act), gain(p))
}

/// The states `act` may lead to, played on the position player `p` knows under three draws of
/// what nobody knows yet (the deck's next cards, dice to come): never the game's own draw, so
/// a line never foretells the Investor's card. Empty when the rules refuse it.
fn foreseen(game: &Game, p: usize, act: &Act) -> Vec<State> {
    let known = game.position_known_to(Some(p));
    (1..=3u64)
        .filter_map(|seed| {
            let mut setup = known.setup().clone();
            setup.seed = seed;
            Game::at_position(setup, known.state().clone())
                .preview(act)
                .ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::{Colour, PlayerState};
    use crate::i18n::Lang;

    #[test]
    fn a_choice_says_what_it_gains_and_costs() {
        let before = PlayerState::new(Colour::White);
        let mut after = before;
        after.metal += 4;
        after.energy -= 1;
        after.goods += 2;
        let tr = Tr::new(Lang::En);
        assert_eq!(
            gain_text(&tr, &before, &after),
            "+4 metal, -1 energy, +2 goods"
        );
        assert_eq!(gain_text(&tr, &before, &before), "");
    }
}
