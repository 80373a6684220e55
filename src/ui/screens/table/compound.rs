//! The compound of the player at work on the table: each card a tile, by type, with
//! *Activate* on it and the dice placed on it drawn.

use super::*;

impl TableScreen {
    /// The compound of `p`, the player at work. `picked`: the die picked in the tray, with which
    /// *Activate* on a card then activates it (as a die dropped on the card does). Returns an
    /// activation's ways to ask the player about, as its button's label and the actions.
    pub(super) fn compound_ui(
        &self,
        ui: &mut Ui,
        p: &PlayerState,
        picked: Option<u8>,
        (tile, body): (f32, Color32),
        out: &mut Vec<TableCommand>,
    ) -> Option<(String, Vec<Act>)> {
        let (game, legal) = (&*self.game, &self.legal);
        let marks = &self.marks;
        ui.label(RichText::new(self.tr.t("compound")).strong());
        if p.compound.is_empty() {
            ui.weak(self.tr.t("compound-empty"));
        }
        let mut chosen = None;
        for kind in CardType::ALL {
            if p.compound.of_type(kind) == 0 {
                continue;
            }
            ui.label(
                RichText::new(format!(
                    "{} ({})",
                    words::kind(&self.tr, kind),
                    p.compound.of_type(kind)
                ))
                .color(icons::type_colour(kind)),
            );
            top_wrapped(ui, |ui| {
                for (card, n) in p.compound.iter().filter(|(c, _)| c.kind() == kind) {
                    let shown = Shown {
                        copies: n,
                        used: p.has_activated(card),
                        ..Shown::default()
                    };
                    let mut clicked = None;
                    let r = blueprint_tile(ui, &self.tr, card, tile, shown, |ui| {
                        // The dice placed on it this round.
                        let on: Vec<u8> = p
                            .dice
                            .as_slice()
                            .iter()
                            .filter(|d| d.placed == Some(Spot::Card(card)))
                            .map(|d| d.value)
                            .collect();
                        if !on.is_empty() {
                            ui.horizontal(|ui| {
                                let side = ui.text_style_height(&egui::TextStyle::Body) * 1.5;
                                for v in on {
                                    let (rect, _) = ui.allocate_exact_size(
                                        egui::Vec2::splat(side),
                                        egui::Sense::hover(),
                                    );
                                    die::paint(ui, rect, v, body, DieLook::default());
                                }
                            });
                        }
                        if card.is_passive() {
                            return;
                        }
                        let acts: Vec<Act> = legal
                            .iter()
                            .filter(|a| match a {
                                Act::Activate { card: c, .. } => *c == card,
                                Act::Replicate { .. } => card == Blueprint::Replicator,
                                _ => false,
                            })
                            .cloned()
                            .collect();
                        let label = self.tr.t_args(
                            "activate",
                            &[("card", words::card_name(&self.tr, card).into())],
                        );
                        let r = ui
                            .add_enabled(!acts.is_empty(), egui::Button::new(label.clone()).wrap());
                        let r = crate::ui::disabled_because(r, || {
                            activation_refusal(&self.tr, game, card)
                        });
                        if r.clicked() {
                            clicked = Some((label, acts));
                        }
                    });
                    // A die dropped on the card, or picked in the tray before *Activate*: its
                    // activations with that die (one played, several asked), or the activation
                    // tried so the rules say why not. Without a die, every way is offered.
                    let dropped = r
                        .dnd_release_payload::<DraggedDie>()
                        .filter(|_| !card.is_passive())
                        .map(|d| d.0);
                    let with_die = match (dropped, clicked) {
                        (Some(die), _) => Some(die),
                        (None, Some((label, acts))) => {
                            if picked.is_none() {
                                chosen = Some((label, acts));
                            }
                            picked
                        }
                        (None, None) => None,
                    };
                    if let Some(die) = with_die {
                        let with: Vec<Act> = legal
                            .iter()
                            .filter(|a| match a {
                                Act::Activate { card: c, dice, .. } => {
                                    *c == card && dice.contains(&die)
                                }
                                Act::Replicate { dice, .. } => {
                                    card == Blueprint::Replicator && dice.contains(&die)
                                }
                                _ => false,
                            })
                            .cloned()
                            .collect();
                        if with.is_empty() {
                            out.push(TableCommand::Play(Act::Activate {
                                card,
                                dice: crate::engine::DiceList::one(die),
                                choice: Default::default(),
                            }));
                        } else {
                            let label = self.tr.t_args(
                                "activate",
                                &[("card", words::card_name(&self.tr, card).into())],
                            );
                            chosen = Some((label, with));
                        }
                    }
                    marks.tag(ui, &self.tr, r.rect, marks.in_compound(card));
                }
            });
        }
        chosen
    }
}
