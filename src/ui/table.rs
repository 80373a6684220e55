//! The table: the market, the player at work, the other players and the Machine, the log.

use super::app::*;
use super::card::card_text;
use crate::engine::state::{Colour, PlayerState, Section};
use crate::engine::{Act, Blueprint, CardType, Game, legal_actions};
use crate::i18n::Tr;
use crate::i18n::words;
use egui::{Color32, RichText, Ui};

impl ForemanApp {
    pub(super) fn table(&mut self, ui: &mut Ui) {
        let Some(game) = self.shared_game() else {
            return;
        };
        let legal = legal_actions(game.state());
        let st = game.state();
        egui::Panel::bottom("actions").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(words::phase(&self.tr, &game)).strong());
                ui.separator();
                let roll = legal
                    .iter()
                    .find(|a| matches!(a, Act::Roll { set } if set.is_empty()))
                    .cloned();
                if ui
                    .add_enabled(roll.is_some(), egui::Button::new(self.t("roll")))
                    .on_hover_text(self.t("roll-hint"))
                    .clicked()
                    && let Some(a) = roll
                {
                    self.submit(a);
                }
                let foreman: Vec<Act> = legal
                    .iter()
                    .filter(|a| matches!(a, Act::Roll { set } if !set.is_empty()))
                    .cloned()
                    .collect();
                if !foreman.is_empty() && ui.button(self.t("roll-foreman")).clicked() {
                    self.dialog = Some(Dialog::Options {
                        title: self.t("roll-foreman"),
                        acts: foreman,
                    });
                }
                let can_end = legal.iter().any(|a| matches!(a, Act::EndWork { .. }));
                if ui
                    .add_enabled(can_end, egui::Button::new(self.t("end-work")))
                    .on_hover_text(self.t("end-work-hint"))
                    .clicked()
                {
                    self.end_work();
                }
                if legal.contains(&Act::Pass) && ui.button(self.t("pass")).clicked() {
                    self.submit(Act::Pass);
                }
                if ui
                    .add_enabled(
                        legal.contains(&Act::MachineTurn),
                        egui::Button::new(self.t("machine-turn")),
                    )
                    .on_hover_text(self.t("machine-turn-hint"))
                    .clicked()
                {
                    self.submit(Act::MachineTurn);
                }
                if legal.contains(&Act::Deal) && ui.button(self.t("deal")).clicked() {
                    self.submit(Act::Deal);
                }
            });
            if let Some(m) = &self.message {
                ui.colored_label(Color32::from_rgb(230, 90, 70), format!("! {m}"));
            }
            ui.add_space(4.0);
        });
        egui::Panel::left("market")
            .resizable(true)
            .default_size(290.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.market_ui(ui, &game, &legal));
            });
        egui::Panel::right("others")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (seat, p) in st.players.iter().enumerate() {
                        if Some(seat) != self.focus_seat(&game) {
                            self.player_summary_ui(ui, &game, seat, p);
                            ui.separator();
                        }
                    }
                    if let Some(m) = &st.machine {
                        ui.heading(self.t("machine"));
                        ui.label(self.ta("goods-count", &[("count", m.goods.into())]));
                        self.compound_ui(ui, &m.compound, None);
                        ui.label(self.ta("score-so-far", &[("score", m.score().into())]));
                        ui.separator();
                    }
                    if self.smart.is_some() || self.settings.dice.contains(&DiceSource::SmartDice) {
                        self.smart_dice_ui(ui);
                        ui.separator();
                    }
                    if self.camera.is_some() || self.settings.dice.contains(&DiceSource::Camera) {
                        self.camera_ui(ui);
                        ui.separator();
                    }
                    ui.heading(self.t("log"));
                    for line in self.log.iter().rev().take(40) {
                        ui.label(line);
                    }
                });
            });
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(seat) = self.focus_seat(&game) {
                    self.active_player_ui(ui, &game, &legal, seat);
                }
            });
        });
    }

    /// The seat shown in the middle: the acting player, else the first.
    pub(super) fn focus_seat(&self, game: &Game) -> Option<usize> {
        let st = game.state();
        st.current_player()
            .or((!st.players.is_empty()).then_some(0))
    }

    pub(super) fn market_ui(&mut self, ui: &mut Ui, game: &Game, legal: &[Act]) {
        let st = game.state();
        ui.heading(self.t("market"));
        ui.label(RichText::new(self.t("blueprints")).strong());
        for (slot, card) in st.market.blueprints.iter().enumerate() {
            ui.horizontal(|ui| match card {
                Some(c) => {
                    let act = Act::TakeBlueprint { slot: slot as u8 };
                    let label = self.ta(
                        "take",
                        &[
                            ("card", words::card_name(&self.tr, *c).into()),
                            ("slot", (slot + 1).into()),
                        ],
                    );
                    let ok = legal.contains(&act);
                    let r = ui
                        .add_enabled(ok, egui::Button::new(label))
                        .on_hover_text(card_text(&self.tr, *c));
                    if !ok {
                        r.clone()
                            .on_disabled_hover_text(refusal(&self.tr, game, &act));
                    }
                    if r.clicked() {
                        self.submit(act);
                    }
                    ui.weak(words::tool(&self.tr, c.tool()));
                }
                None => {
                    ui.weak(self.t("empty-slot"));
                }
            });
        }
        ui.add_space(6.0);
        ui.label(RichText::new(self.t("contractors")).strong());
        for (slot, c) in st.market.contractors.iter().enumerate() {
            let tool = st.market.tools[slot];
            ui.horizontal(|ui| {
                ui.label(format!("[{}]", words::tool(&self.tr, tool)))
                    .on_hover_text(self.t("tool-token-hint"));
                match c {
                    Some(c) => {
                        let hires: Vec<Act> = legal
                            .iter()
                            .filter(|a| matches!(a, Act::Hire { slot: s, .. } if usize::from(*s) == slot))
                            .cloned()
                            .collect();
                        let label = self.ta("hire", &[("card", words::contractor_name(&self.tr, *c).into())]);
                        let r = ui
                            .add_enabled(!hires.is_empty(), egui::Button::new(label.clone()))
                            .on_hover_text(c.info().effect.clone());
                        let why = self.ta("hire-needs", &[("tool", words::tool(&self.tr, tool).into())]);
                        let r = r.on_disabled_hover_text(why);
                        if r.clicked() {
                            self.choose(label, hires, || None);
                        }
                    }
                    None => {
                        ui.weak(self.t("empty-slot"));
                    }
                }
            });
        }
        ui.add_space(6.0);
        let refreshes: Vec<Act> = legal
            .iter()
            .filter(|a| matches!(a, Act::RefreshMarket { .. }))
            .cloned()
            .collect();
        if ui
            .add_enabled(!refreshes.is_empty(), egui::Button::new(self.t("refresh")))
            .on_hover_text(self.t("refresh-hint"))
            .clicked()
        {
            let title = self.t("refresh");
            self.choose(title, refreshes, || None);
        }
        ui.add_space(6.0);
        ui.weak(self.ta(
            "deck-counts",
            &[
                ("blueprints", st.blueprint_deck.len().into()),
                ("contractors", st.contractor_deck.len().into()),
            ],
        ));
    }

    pub(super) fn player_summary_ui(&self, ui: &mut Ui, game: &Game, seat: usize, p: &PlayerState) {
        let name = &game.setup().players[seat].name;
        ui.heading(RichText::new(name).color(colour_rgb(p.colour)));
        self.resources_ui(ui, p);
        self.compound_ui(ui, &p.compound, Some(p));
        ui.label(self.ta("hand-count", &[("count", p.hand.len().into())]));
    }

    pub(super) fn resources_ui(&self, ui: &mut Ui, p: &PlayerState) {
        ui.horizontal_wrapped(|ui| {
            ui.label(self.ta("metal-count", &[("count", p.metal.into())]));
            ui.label(self.ta("energy-count", &[("count", p.energy.into())]));
            ui.label(self.ta("goods-count", &[("count", p.goods.into())]));
            ui.label(self.ta("prestige-count", &[("count", p.prestige().into())]));
            ui.label(self.ta("score-so-far", &[("score", p.score().into())]));
        });
    }

    /// The compound grouped by type; used cards this round are marked.
    pub(super) fn compound_ui(
        &self,
        ui: &mut Ui,
        compound: &crate::engine::state::Pile<Blueprint>,
        player: Option<&PlayerState>,
    ) {
        if compound.is_empty() {
            ui.weak(self.t("compound-empty"));
            return;
        }
        for kind in CardType::ALL {
            let cards: Vec<String> = compound
                .iter()
                .filter(|(c, _)| c.kind() == kind)
                .map(|(c, n)| {
                    let used = player.is_some_and(|p| p.has_activated(c));
                    let mut s = words::card_name(&self.tr, c);
                    if n > 1 {
                        s.push_str(&format!(" ×{n}"));
                    }
                    if used {
                        s.push_str(&format!(" ({})", self.t("used")));
                    }
                    s
                })
                .collect();
            if !cards.is_empty() {
                ui.label(format!(
                    "{} ({}): {}",
                    words::kind(&self.tr, kind),
                    compound.of_type(kind),
                    cards.join(", ")
                ));
            }
        }
    }

    pub(super) fn active_player_ui(
        &mut self,
        ui: &mut Ui,
        game: &Game,
        legal: &[Act],
        seat: usize,
    ) {
        let st = game.state();
        let p = &st.players[seat];
        let name = &game.setup().players[seat].name;
        ui.heading(RichText::new(name).color(colour_rgb(p.colour)).size(22.0));
        self.resources_ui(ui, p);
        ui.add_space(6.0);

        // The dice tray.
        ui.label(RichText::new(self.t("dice-tray")).strong());
        ui.horizontal_wrapped(|ui| {
            if p.dice.is_empty() {
                ui.weak(self.t("dice-none"));
            }
            for (i, d) in p.dice.as_slice().iter().enumerate() {
                let i = i as u8;
                let origin = self.t(&format!(
                    "origin-{}",
                    format!("{:?}", d.origin).to_lowercase()
                ));
                let label = self.ta("die", &[("n", (i + 1).into()), ("value", d.value.into())]);
                if d.placed.is_some() {
                    ui.add_enabled(false, egui::Button::new(label))
                        .on_disabled_hover_text(
                            self.ta("die-placed", &[("origin", origin.into())]),
                        );
                } else {
                    // Click to select, or drag onto an HQ section.
                    let r = ui
                        .add(
                            egui::Button::selectable(self.selected_die == Some(i), label)
                                .sense(egui::Sense::click_and_drag()),
                        )
                        .on_hover_text(self.ta("die-hint", &[("origin", origin.into())]));
                    r.dnd_set_drag_payload(DraggedDie(i));
                    if r.clicked() {
                        self.selected_die = if self.selected_die == Some(i) {
                            None
                        } else {
                            Some(i)
                        };
                    }
                }
            }
            let specialist: Vec<Act> = legal
                .iter()
                .filter(|a| matches!(a, Act::SpecialistDie { .. }))
                .cloned()
                .collect();
            if !specialist.is_empty() && ui.button(self.t("specialist-die")).clicked() {
                self.dialog = Some(Dialog::Options {
                    title: self.t("specialist-die"),
                    acts: specialist,
                });
            }
        });
        ui.add_space(6.0);

        // Headquarters: 3 sections of 3 slots.
        ui.label(RichText::new(self.t("hq")).strong());
        let mut dropped = None;
        ui.horizontal(|ui| {
            for section in Section::ALL {
                let zone = ui.vertical(|ui| {
                    let hq = &p.hq[section.index()];
                    let slots: Vec<String> = hq
                        .dice
                        .iter()
                        .map(|&v| {
                            if v == 0 {
                                "·".to_string()
                            } else {
                                v.to_string()
                            }
                        })
                        .collect();
                    ui.label(format!(
                        "{} [{}]",
                        words::section(&self.tr, section),
                        slots.join(" ")
                    ));
                    let label = self.ta(
                        "place-on",
                        &[("section", words::section(&self.tr, section).into())],
                    );
                    match self.selected_die {
                        Some(die) => {
                            // Asked of the engine for this very die: `legal_actions` lists
                            // one die per value.
                            let act = Act::Place { die, section };
                            let why = game.check(&act).err();
                            let r = ui.add_enabled(why.is_none(), egui::Button::new(label));
                            let r = match &why {
                                Some(e) => r.on_disabled_hover_text(words::refusal(&self.tr, e)),
                                None => r,
                            };
                            if r.clicked() {
                                self.submit(act);
                            }
                        }
                        None => {
                            let r = ui.add_enabled(false, egui::Button::new(label));
                            r.on_disabled_hover_text(self.t("select-die-first"));
                        }
                    }
                });
                if let Some(die) = zone.response.dnd_release_payload::<DraggedDie>() {
                    dropped = Some((die.0, section));
                }
            }
        });
        if let Some((die, section)) = dropped {
            // A die dropped on a section: placed, or refused with the reason in view.
            self.submit(Act::Place { die, section });
        }
        ui.add_space(6.0);

        // The compound, with activations.
        ui.label(RichText::new(self.t("compound")).strong());
        self.compound_ui(ui, &p.compound, Some(p));
        ui.horizontal_wrapped(|ui| {
            for (card, _) in p.compound.iter() {
                if card.is_passive() {
                    continue;
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
                let label = self.ta(
                    "activate",
                    &[("card", words::card_name(&self.tr, card).into())],
                );
                let r = ui
                    .add_enabled(!acts.is_empty(), egui::Button::new(label.clone()))
                    .on_hover_text(card_text(&self.tr, card));
                let r = if acts.is_empty() {
                    r.on_disabled_hover_text(activation_refusal(&self.tr, game, card))
                } else {
                    r
                };
                if r.clicked() {
                    self.choose(label, acts, || None);
                }
            }
        });
        ui.add_space(6.0);

        // The hand, with builds.
        ui.label(RichText::new(self.ta("hand-count", &[("count", p.hand.len().into())])).strong());
        // In a companion game Foreman knows every card in hand: the players told it each one.
        {
            ui.horizontal_wrapped(|ui| {
                for (card, n) in p.hand.iter() {
                    let builds: Vec<Act> = legal
                        .iter()
                        .filter(|a| matches!(a, Act::Build { card: c, .. } if *c == card))
                        .cloned()
                        .collect();
                    let name = if n > 1 {
                        format!("{} ×{n}", words::card_name(&self.tr, card))
                    } else {
                        words::card_name(&self.tr, card)
                    };
                    ui.group(|ui| {
                        ui.vertical(|ui| {
                            ui.label(RichText::new(name).strong())
                                .on_hover_text(card_text(&self.tr, card));
                            let (m, e) = crate::engine::build_cost(p, card);
                            ui.weak(format!(
                                "{} · {}",
                                words::tool(&self.tr, card.tool()),
                                self.ta("cost", &[("metal", m.into()), ("energy", e.into())])
                            ));
                            let label = self.ta(
                                "build",
                                &[("card", words::card_name(&self.tr, card).into())],
                            );
                            let r = ui
                                .add_enabled(!builds.is_empty(), egui::Button::new(label.clone()));
                            let r = if builds.is_empty() {
                                r.on_disabled_hover_text(build_refusal(&self.tr, game, p, card))
                            } else {
                                r
                            };
                            if r.clicked() {
                                self.choose(label, builds, || None);
                            }
                        });
                    });
                }
            });
        }
    }
}

pub(super) fn colour_rgb(c: Colour) -> Color32 {
    match c {
        Colour::Red => Color32::from_rgb(220, 70, 60),
        Colour::Blue => Color32::from_rgb(80, 140, 240),
        Colour::Green => Color32::from_rgb(70, 180, 90),
        Colour::Purple => Color32::from_rgb(170, 100, 220),
        Colour::Yellow => Color32::from_rgb(230, 190, 40),
        Colour::White => Color32::from_rgb(235, 235, 230),
    }
}

/// Why `act` is refused now, in the engine's words.
pub(super) fn refusal(tr: &Tr, game: &Game, act: &Act) -> String {
    match game.check(act) {
        Err(e) => words::refusal(tr, &e),
        Ok(()) => String::new(),
    }
}

/// Why a card cannot be activated now: the engine's reason for its plainest use.
pub(super) fn activation_refusal(tr: &Tr, game: &Game, card: Blueprint) -> String {
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
pub(super) fn build_refusal(tr: &Tr, game: &Game, p: &PlayerState, card: Blueprint) -> String {
    let discard = p
        .hand
        .iter()
        .map(|(c, _)| c)
        .find(|&c| c.tool() == card.tool() && c != card)
        .unwrap_or(card);
    refusal(tr, game, &Act::Build { card, discard })
}
