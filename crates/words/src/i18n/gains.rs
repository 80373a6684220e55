//! What a player gains, in words: a choice's or a plan's effect on their resources, goods,
//! prestige and hand ("+2 metal, +1 goods"), said the same in the window and on a seat's
//! screen.

use super::Tr;
use crate::engine::{Act, Game};

/// What an action changes for a player, in short: "+2 metal, -1 energy, +1 goods" (plain ASCII
/// signs: the window's font has no arrow).
pub fn gain_text(
    tr: &Tr,
    before: &crate::engine::state::PlayerState,
    after: &crate::engine::state::PlayerState,
) -> String {
    let change = |b: u32, a: u32| i64::from(a) - i64::from(b);
    let parts: Vec<String> = [
        ("gain-metal", change(before.metal, after.metal)),
        ("gain-energy", change(before.energy, after.energy)),
        ("gain-goods", change(before.goods, after.goods)),
        ("gain-prestige", change(before.prestige(), after.prestige())),
        (
            "gain-cards",
            change(before.hand_size() as u32, after.hand_size() as u32),
        ),
    ]
    .into_iter()
    .filter(|&(_, n)| n != 0)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::{Colour, PlayerState};
    use crate::i18n::Lang;

    #[test]
    fn a_choice_says_what_it_gains_and_costs() {
        let before = PlayerState::new(Colour::White);
        let mut after = before.clone();
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
