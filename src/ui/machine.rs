//! The Machine at a real table (solo companion games): what the player does with their hands,
//! step by step, in words (docs/rules.md, solo game, the Machine's turn): which dice to roll, the
//! faces read or typed, then what the green die does to the market and what each production
//! die makes.

use crate::engine::state::MachineDie;
use crate::engine::{Event, Game, Inputs};
use crate::i18n::{Tr, words};

/// The Machine's turn in words, as far as the inputs given so far tell it.
pub fn steps(tr: &Tr, game: &Game, inputs: &Inputs, virtual_dice: bool) -> Vec<String> {
    let (after, events) = game.attempt(&crate::engine::Act::MachineTurn, inputs, virtual_dice);
    let dice = events.iter().find_map(|e| match e {
        Event::MachineRolled { dice } => Some(*dice),
        _ => None,
    });
    let Some(dice) = dice else {
        return vec![tr.t("machine-roll")];
    };
    let colour = |d: MachineDie| words::colour_named(tr, &format!("{d:?}"));
    let mut out = vec![
        tr.t_args(
            "machine-rolled-dice",
            &[(
                "dice",
                MachineDie::ORDER
                    .iter()
                    .zip(dice)
                    .map(|(&d, v)| format!("{} {v}", colour(d)))
                    .collect::<Vec<_>>()
                    .join(", ")
                    .into(),
            )],
        ),
    ];
    let green = dice[4];
    let st = game.state();
    out.push(match green {
        1..=4 => {
            let slot = usize::from(green - 1);
            match st.market.blueprints[slot] {
                Some(card) => tr.t_args(
                    "machine-green-take",
                    &[
                        ("value", green.into()),
                        ("slot", green.into()),
                        ("card", words::card_name(tr, card).into()),
                    ],
                ),
                None => tr.t_args(
                    "machine-green-empty",
                    &[("value", green.into()), ("slot", green.into())],
                ),
            }
        }
        5 => tr.t_args("machine-green-blueprints", &[("value", green.into())]),
        _ => tr.t_args("machine-green-contractors", &[("value", green.into())]),
    });
    // Production counts the compound with the card the green die gave (known once named).
    let taken = events
        .iter()
        .any(|e| matches!(e, Event::MachineTook { .. }));
    let empty_slot =
        (1..=4).contains(&green) && st.market.blueprints[usize::from(green - 1)].is_none();
    if !taken && !empty_slot {
        out.push(tr.t("machine-production-later"));
        return out;
    }
    let compound = after
        .machine
        .as_ref()
        .map(|m| m.compound)
        .unwrap_or_default();
    for (k, &die) in MachineDie::ORDER.iter().take(4).enumerate() {
        let Some(kind) = die.card_type() else {
            continue;
        };
        let cards = compound.of_type(kind);
        let value = dice[k];
        out.push(tr.t_args(
            if u32::from(value) <= cards {
                "machine-produces"
            } else {
                "machine-no-goods"
            },
            &[
                ("colour", colour(die).into()),
                ("value", value.into()),
                ("cards", cards.into()),
                ("type", words::kind(tr, kind).into()),
            ],
        ));
    }
    out
}
