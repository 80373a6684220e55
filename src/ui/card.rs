//! A card: its name, type, tool, cost, prestige and effect in the chosen language.

use crate::engine::Blueprint;
use crate::i18n::Tr;
use crate::i18n::words;

/// A card's cost, prestige and effect (cards.md), for hover text.
pub(super) fn card_text(tr: &Tr, c: Blueprint) -> String {
    let info = c.info();
    format!(
        "{} / {}\n{} · {}\n{}\n{}",
        c.name(),
        c.name_fr(),
        words::kind(tr, c.kind()),
        tr.t_args(
            "cost-prestige",
            &[
                ("metal", info.metal.into()),
                ("energy", info.energy.into()),
                ("prestige", info.prestige.into()),
            ],
        ),
        words::tool(tr, c.tool()),
        info.activation
    )
}
