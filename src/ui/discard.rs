//! The end-of-work discard: the player chooses which blueprints and which resources go
//! (docs/rules.md, end of the work phase: "discarding the excess of their choice"). The engine
//! checks the choice when the action is sent; this only gathers it.

use crate::engine::state::PlayerState;
use crate::engine::{Act, Blueprint};
use crate::i18n::{Tr, words};
use egui::{RichText, Ui};

pub use crate::engine::state::{HAND_LIMIT, RESOURCE_LIMIT};

/// What the player has chosen so far.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiscardForm {
    /// One entry per copy in hand, in the hand's order: whether that copy goes.
    pub marked: Vec<(Blueprint, bool)>,
    /// Metal dropped; the rest of the resource excess is energy.
    pub metal: u32,
    /// Hidden hands: the names a secret card could have (the unseen cards), and the secret
    /// cards named so far to go (docs/rules.md, hidden hands).
    pub unseen: Vec<Blueprint>,
    pub named: Vec<Blueprint>,
}

/// How many blueprints and resources `player` must give up to end the work phase.
pub fn excess(player: &PlayerState) -> (usize, u32) {
    player.excess()
}

impl DiscardForm {
    /// Nothing marked yet; the resources split with as much energy dropped as the player has.
    pub fn new(player: &PlayerState) -> DiscardForm {
        let (_, resources) = excess(player);
        let marked = player
            .hand
            .iter()
            .flat_map(|(c, n)| std::iter::repeat_n((c, false), usize::from(n)))
            .collect();
        DiscardForm {
            marked,
            metal: resources.saturating_sub(player.energy),
            unseen: Vec::new(),
            named: Vec::new(),
        }
    }

    /// With hidden hands: `unseen` is every card still unseen, which a secret card may be.
    pub fn with_unseen(mut self, unseen: &crate::engine::state::Pile<Blueprint>) -> Self {
        self.unseen = unseen.iter().map(|(c, _)| c).collect();
        self
    }

    /// The blueprints marked to go, then the secret cards named.
    pub fn cards(&self) -> Vec<Blueprint> {
        self.marked
            .iter()
            .filter(|m| m.1)
            .map(|m| m.0)
            .chain(self.named.iter().copied())
            .collect()
    }

    /// The action, once exactly the excess is chosen; `None` before.
    pub fn act(&self, player: &PlayerState) -> Option<Act> {
        let (cards, resources) = excess(player);
        let discard = self.cards();
        (discard.len() == cards && self.metal <= resources).then(|| Act::EndWork {
            discard,
            discard_metal: self.metal,
            discard_energy: resources - self.metal,
        })
    }
}

/// Draws the choice; returns the action when the player confirms it.
pub fn discard_ui(
    ui: &mut Ui,
    tr: &Tr,
    player: &PlayerState,
    form: &mut DiscardForm,
) -> Option<Act> {
    let (cards, resources) = excess(player);
    ui.heading(tr.t("end-work-discards"));
    ui.label(tr.t_args(
        "end-work-limits",
        &[
            ("hand", HAND_LIMIT.into()),
            ("resources", RESOURCE_LIMIT.into()),
        ],
    ));
    ui.add_space(6.0);
    if cards > 0 {
        let chosen = form.cards().len();
        ui.label(
            RichText::new(tr.t_args(
                "discard-blueprints",
                &[("count", cards.into()), ("chosen", chosen.into())],
            ))
            .strong(),
        );
        egui::ScrollArea::vertical()
            .id_salt("discard-cards")
            .max_height(260.0)
            .show(ui, |ui| {
                // Three columns of tick boxes: every name reads whole at any dialog width.
                egui::Grid::new("discard-grid")
                    .num_columns(3)
                    .spacing([12.0, 4.0])
                    .show(ui, |ui| {
                        for (i, (card, marked)) in form.marked.iter_mut().enumerate() {
                            // A full choice: another card is unmarked first.
                            let full = chosen >= cards && !*marked;
                            ui.add_enabled_ui(!full, |ui| {
                                ui.checkbox(marked, words::card_name(tr, *card));
                            });
                            if i % 3 == 2 {
                                ui.end_row();
                            }
                        }
                    });
            });
        // Secret cards: the player names each one that goes; unticking takes it back.
        if player.hidden > 0 {
            let mut unnamed = None;
            for (i, card) in form.named.iter().enumerate() {
                let mut on = true;
                ui.checkbox(&mut on, words::card_name(tr, *card));
                if !on {
                    unnamed = Some(i);
                }
            }
            if let Some(i) = unnamed {
                form.named.remove(i);
            }
            let room = chosen < cards && form.named.len() < usize::from(player.hidden);
            ui.add_enabled_ui(room, |ui| {
                let mut pick = None;
                egui::ComboBox::from_id_salt("discard-hidden")
                    .selected_text(tr.t("discard-name-hidden"))
                    .width(320.0)
                    .show_ui(ui, |ui| {
                        for &c in &form.unseen {
                            if ui
                                .selectable_label(false, words::card_name(tr, c))
                                .clicked()
                            {
                                pick = Some(c);
                            }
                        }
                    });
                if let Some(c) = pick {
                    form.named.push(c);
                }
            });
        }
        ui.add_space(6.0);
    }
    if resources > 0 {
        let least = resources.saturating_sub(player.energy);
        let most = resources.min(player.metal);
        form.metal = form.metal.clamp(least, most);
        ui.label(
            RichText::new(tr.t_args("discard-resources", &[("count", resources.into())])).strong(),
        );
        ui.horizontal(|ui| {
            ui.add_enabled(
                most > least,
                egui::Slider::new(&mut form.metal, least..=most).text(tr.t("res-metal")),
            );
            ui.label(tr.t_args(
                "discard-split",
                &[
                    ("metal", form.metal.into()),
                    ("energy", (resources - form.metal).into()),
                ],
            ));
        });
        ui.add_space(6.0);
    }
    let act = form.act(player);
    let confirm = ui.add_enabled(act.is_some(), egui::Button::new(tr.t("end-work")));
    if act.is_none() {
        confirm.on_disabled_hover_text(
            tr.t_args("discard-blueprints-left", &[("count", cards.into())]),
        );
        None
    } else if confirm.clicked() {
        act
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::Colour;

    /// docs/rules.md, hidden hands: secret cards that go are named (any unseen card), and
    /// count toward the excess with the seen ones marked.
    #[test]
    fn secret_cards_are_named_into_the_discard() {
        let mut p = PlayerState::new(Colour::Red);
        p.hand.add(Blueprint::Robot);
        p.hidden = 11;
        assert_eq!(excess(&p), (2, 0));
        let mut unseen = crate::engine::state::Pile::default();
        unseen.add(Blueprint::Dojo);
        unseen.add(Blueprint::Golem);
        let mut form = DiscardForm::new(&p).with_unseen(&unseen);
        assert_eq!(form.unseen, vec![Blueprint::Dojo, Blueprint::Golem]);
        form.named.push(Blueprint::Golem);
        assert_eq!(form.act(&p), None, "one of two");
        form.marked[0].1 = true;
        assert_eq!(
            form.act(&p),
            Some(Act::EndWork {
                discard: vec![Blueprint::Robot, Blueprint::Golem],
                discard_metal: 0,
                discard_energy: 0,
            })
        );
    }

    /// docs/rules.md, end of the work phase: the action is offered only once exactly the excess
    /// is chosen, and it carries the cards and the split the player chose.
    #[test]
    fn the_choice_becomes_the_action_once_it_is_whole() {
        let mut p = PlayerState::new(Colour::White);
        for c in [
            Blueprint::Robot,
            Blueprint::Robot,
            Blueprint::Dojo,
            Blueprint::Golem,
            Blueprint::Foundry,
            Blueprint::Biolab,
            Blueprint::Refinery,
            Blueprint::Obelisk,
            Blueprint::Beacon,
            Blueprint::Megalith,
            Blueprint::Incinerator,
            Blueprint::Harvester,
        ] {
            p.hand.add(c);
        }
        p.metal = 9;
        p.energy = 6;
        assert_eq!(excess(&p), (2, 3));
        let mut form = DiscardForm::new(&p);
        assert_eq!(form.marked.len(), 12);
        assert_eq!(form.act(&p), None, "nothing chosen yet");
        form.marked[0].1 = true;
        assert_eq!(form.act(&p), None, "one card of two");
        let dojo = form.marked.iter().position(|m| m.0 == Blueprint::Dojo);
        form.marked[dojo.expect("Dojo in hand")].1 = true;
        form.metal = 1;
        assert_eq!(
            form.act(&p),
            Some(Act::EndWork {
                discard: vec![form.marked[0].0, Blueprint::Dojo],
                discard_metal: 1,
                discard_energy: 2,
            })
        );
    }
}
