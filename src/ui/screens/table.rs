//! The table: the market, the player at work, the other players and the Machine, the log.

use super::app::*;
use super::card::{Shown, TILE_WIDTH, blueprint_tile, contractor_tile};
use super::die::{self, DieLook};
use super::hq;
use super::icons::{self, Icon};
use crate::engine::state::Spot;

/// Below this width (in points) the side panels are shown one at a time.
pub(in crate::ui) const NARROW: f32 = 1000.0;

/// Narrower than this (a phone), a side shown takes the whole width: the player at work is a
/// side of its own (*Your board*), not a strip beside the market (a trial at 360×740).
pub(in crate::ui) const PHONE: f32 = 600.0;

/// A market tile's width at 1280×800: two columns fit beside the player at work.
const MARKET_TILE: f32 = 132.0;
use crate::engine::state::{Colour, Phase, PlayerState};
use crate::engine::{Act, Blueprint, CardType, Game};
use crate::i18n::Tr;
use crate::i18n::words;
use egui::{Color32, RichText, Ui};

/// The table screen's own state.
#[derive(Default)]
pub(in crate::ui) struct TableView {
    pub(in crate::ui) selected_die: Option<u8>,
    /// The round, the player and whether in the market phase the centre was last drawn for:
    /// at a new one it scrolls back to the top, where the player's resources and dice are.
    pub(in crate::ui) centre_for: Option<(u32, Option<usize>, bool)>,
    /// On a narrow window, the side panel shown beside the player at work (none: the market
    /// in the market phase).
    pub(in crate::ui) side: Option<Side>,
    /// The roll last opened by itself (journal length, player): a player who closes it is
    /// not asked again until the game moves on.
    pub(in crate::ui) roll_asked: Option<(usize, usize)>,
}

/// What the table asks of the window, in the order the player asked it: the screen itself
/// changes only its own view (the die picked, the side panel).
#[derive(Debug, Clone, PartialEq)]
pub(in crate::ui) enum TableCommand {
    /// One action (a blueprint taken): the window plays it.
    Play(Act),
    /// Dice placed on the board: each its own action, in order, until one is refused.
    Place(Vec<Act>),
    /// A button with several actions behind it (a hire, an activation, a build, a refresh):
    /// the window plays a lone one or asks which.
    Choose { title: String, acts: Vec<Act> },
}

/// The window's own panels, drawn by it where the table leaves them room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum Slot {
    /// Below the other players: the smart dice and the camera, when in use.
    Devices,
    /// Below those: the log.
    Log,
    /// At the foot of the centre: the suggestion.
    Suggestion,
}

/// The table drawn from what it is given, alone: no window behind it.
pub(in crate::ui) struct TableScreen {
    pub(in crate::ui) tr: std::rc::Rc<Tr>,
    pub(in crate::ui) game: std::rc::Rc<Game>,
    /// What may be played now (on a bot's turn nothing: the bot plays).
    pub(in crate::ui) legal: Vec<Act>,
    /// The market as a companion action's cards are named, before it is played.
    pub(in crate::ui) preview: Option<crate::engine::state::State>,
    /// Where the suggestion's steps go.
    pub(in crate::ui) marks: super::marks::StepMarks,
    /// Each seat's name as the table shows it ("Anna (bot)").
    pub(in crate::ui) names: Vec<String>,
    /// For each seat whose hand this window does not show, why (its words' key).
    pub(in crate::ui) hand_hidden: Vec<Option<&'static str>>,
    /// Whether the board takes dice (not while a bot or a phone plays).
    pub(in crate::ui) board_open: bool,
    /// Whether the suggestion's panel is open.
    pub(in crate::ui) suggesting: bool,
    /// Whether the camera is on (its panel wider).
    pub(in crate::ui) camera_on: bool,
    /// Whether the camera reads this game's dice or was chosen to (on a small window, its
    /// own side).
    pub(in crate::ui) camera_used: bool,
}

impl TableScreen {
    /// Draws the table: the market, the player at work, the other players and the Machine;
    /// `slot` draws the window's own panels where they go ([`Slot`]). Changes only `view`;
    /// returns what the player asked, in order.
    pub(in crate::ui) fn ui(
        &self,
        ui: &mut Ui,
        view: &mut TableView,
        mut slot: impl FnMut(Slot, &mut Ui),
    ) -> Vec<TableCommand> {
        let mut out = Vec::new();
        let game = &*self.game;
        let st = game.state();
        // Wide screens get full-width market tiles and a wider log; on a narrow one (a small
        // window, or a large zoom) the market and the other players are shown one at a time
        // beside the player at work, by the buttons of the bottom bar.
        let width = ui.ctx().content_rect().width();
        let wide = width >= 1500.0;
        let narrow = width < NARROW;
        let phone = width < PHONE;
        let in_market = matches!(st.phase, Phase::Market { .. });
        // A new round, player or phase: the centre back at its top, and on a narrow window
        // the side panel the phase needs (the market in the market phase, then the board).
        let now = (st.round, st.current_player(), in_market);
        let new_turn = view.centre_for != Some(now);
        if new_turn {
            view.centre_for = Some(now);
            view.side = None;
        }
        // A roll awaited with the camera on: its picture beside the board by itself.
        let rolling = matches!(st.phase, Phase::Work { rolled: false, .. } | Phase::Machine);
        let (show_market, show_others, show_camera) = if narrow {
            match view.side {
                Some(Side::Market) => (true, false, false),
                Some(Side::Others) => (false, true, false),
                Some(Side::Camera) => (false, false, self.camera_used),
                Some(Side::Board) => (false, false, false),
                None => (in_market, false, self.camera_on && rolling),
            }
        } else {
            (true, true, false)
        };
        if show_camera {
            side_panel(
                egui::Panel::right("camera-side"),
                phone,
                width,
                (width * 0.55).max(360.0),
            )
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("camera-side")
                    .show(ui, |ui| slot(Slot::Devices, ui));
            });
        }
        if show_market {
            let size = if wide {
                2.0 * TILE_WIDTH + 40.0
            } else {
                2.0 * MARKET_TILE + 36.0
            };
            side_panel(egui::Panel::left("market"), phone, width, size).show(ui, |ui| {
                let tile = if wide { TILE_WIDTH } else { MARKET_TILE };
                egui::ScrollArea::vertical().show(ui, |ui| self.market_ui(ui, tile, &mut out));
            });
        }
        if show_others {
            // With the camera on, a panel of its own, wider (each with the width the player
            // gives it): the picture's dice and their labels must be readable.
            let camera_on = self.camera_on;
            let size = match (camera_on, wide) {
                (true, true) => 600.0,
                (true, false) => 400.0,
                (false, true) => 380.0,
                (false, false) => 300.0,
            };
            let panel = egui::Panel::right(if camera_on { "others-camera" } else { "others" });
            side_panel(panel, phone, width, size).show(ui, |ui| {
                // The suggestion at the head of the column: it covers nothing of the
                // player's own board, hand or compound (issue 89, point 3).
                if self.suggesting {
                    egui::ScrollArea::vertical()
                        .id_salt("suggestion")
                        .max_height(ui.available_height() * 0.5)
                        .show(ui, |ui| slot(Slot::Suggestion, ui));
                }
                // The camera's picture and roll need more room than the log.
                let share = if self.camera_on { 0.85 } else { 0.55 };
                egui::ScrollArea::vertical()
                    .id_salt("others")
                    .max_height(ui.available_height() * share)
                    .show(ui, |ui| {
                        // The camera at the head of the column while it is on: its
                        // picture and *Use this roll* no longer move as the Machine's
                        // dice come and go above them (the second trial of issue 89).
                        if self.camera_on {
                            slot(Slot::Devices, ui);
                            ui.separator();
                        }
                        for (seat, p) in st.players.iter().enumerate() {
                            if Some(seat) != focus_seat(game) {
                                self.player_summary_ui(ui, seat, p);
                                ui.separator();
                            }
                        }
                        if let Some(m) = &st.machine {
                            self.machine_ui(ui, m);
                            ui.separator();
                        }
                        if !self.camera_on {
                            slot(Slot::Devices, ui);
                        }
                    });
                slot(Slot::Log, ui);
            });
        }
        // On a phone a side shown is the whole screen: the player at work waits behind it.
        if phone && (show_market || show_others || show_camera) {
            return out;
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            // Without the column beside (a narrow window): the suggestion at the foot of the
            // centre, at most a third of it, its own lines scrolled; opening it moves nothing
            // above it.
            if self.suggesting && !show_others {
                let most = ui.available_height() / 3.0;
                egui::Panel::bottom("suggestion")
                    .resizable(false)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("suggestion")
                            .max_height(most)
                            .show(ui, |ui| slot(Slot::Suggestion, ui));
                    });
            }
            let mut centre = egui::ScrollArea::vertical().id_salt("centre");
            if new_turn {
                centre = centre.vertical_scroll_offset(0.0);
            }
            centre.show(ui, |ui| {
                if let Some(seat) = focus_seat(game) {
                    self.active_player_ui(ui, view, seat, &mut out);
                }
            });
        });
        out
    }

    /// The market: four blueprints and four contractors as card tiles, the tool token drawn
    /// above each contractor; the refresh and the decks' counts below.
    fn market_ui(&self, ui: &mut Ui, width: f32, out: &mut Vec<TableCommand>) {
        let (game, legal) = (&*self.game, &self.legal);
        // While a companion action's cards are being named, the market fills in as they are.
        let st = self.preview.as_ref().unwrap_or(game.state());
        let marks = &self.marks;
        ui.heading(self.tr.t("market"));
        ui.label(RichText::new(self.tr.t("blueprints")).strong());
        let mut take = None;
        for row in [0usize, 2] {
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                for slot in row..row + 2 {
                    let card = &st.market.blueprints[slot];
                    match card {
                        Some(c) => {
                            let r =
                                blueprint_tile(ui, &self.tr, *c, width, Shown::default(), |ui| {
                                    let act = Act::TakeBlueprint { slot: slot as u8 };
                                    let label = self.tr.t_args(
                                        "take",
                                        &[
                                            ("card", words::card_name(&self.tr, *c).into()),
                                            ("slot", (slot + 1).into()),
                                        ],
                                    );
                                    let ok = legal.contains(&act);
                                    let r = ui.add_enabled(ok, egui::Button::new(label).wrap());
                                    let r = super::disabled_because(r, || {
                                        refusal(&self.tr, game, &act)
                                    });
                                    if r.clicked() {
                                        take = Some(act);
                                    }
                                });
                            marks.tag(ui, &self.tr, r.rect, &marks.market[slot]);
                        }
                        None => {
                            ui.weak(self.tr.t("empty-slot"));
                        }
                    }
                }
            });
            ui.add_space(6.0);
        }
        if let Some(act) = take {
            out.push(TableCommand::Play(act));
        }
        ui.add_space(6.0);
        ui.label(RichText::new(self.tr.t("contractors")).strong());
        let mut hire = None;
        for row in [0usize, 2] {
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                for slot in row..row + 2 {
                    let c = &st.market.contractors[slot];
                    let tool = st.market.tools[slot];
                    ui.vertical(|ui| {
                        // The tool token above the contractor's slot.
                        let name = words::tool(&self.tr, tool);
                        let token = self.tr.t_args("tool-token", &[("tool", name.clone().into())]);
                        icons::tool_badge(ui, tool, &name, &token)
                            .on_hover_text(self.tr.t("tool-token-hint"));
                        match c {
                            Some(c) => {
                                let r = contractor_tile(ui, &self.tr, *c, width, |ui| {
                                    let hires: Vec<Act> = legal
                                        .iter()
                                        .filter(|a| matches!(a, Act::Hire { slot: s, .. } if usize::from(*s) == slot))
                                        .cloned()
                                        .collect();
                                    let label = self.tr.t_args(
                                        "hire",
                                        &[("card", words::contractor_name(&self.tr, *c).into())],
                                    );
                                    let why = self.tr.t_args(
                                        "hire-needs",
                                        &[("tool", words::tool(&self.tr, tool).into())],
                                    );
                                    let r = ui
                                        .add_enabled(!hires.is_empty(), egui::Button::new(label.clone()).wrap())
                                        .on_disabled_hover_text(why);
                                    if r.clicked() {
                                        hire = Some((label, hires));
                                    }
                                });
                                marks.tag(ui, &self.tr, r.rect, &marks.contractors[slot]);
                            }
                            None => {
                                ui.weak(self.tr.t("empty-slot"));
                            }
                        }
                    });
                }
            });
            ui.add_space(6.0);
        }
        if let Some((title, acts)) = hire {
            out.push(TableCommand::Choose { title, acts });
        }
        ui.add_space(6.0);
        let refreshes: Vec<Act> = legal
            .iter()
            .filter(|a| matches!(a, Act::RefreshMarket { .. }))
            .cloned()
            .collect();
        if ui
            .add_enabled(
                !refreshes.is_empty(),
                egui::Button::new(self.tr.t("refresh")),
            )
            .on_hover_text(self.tr.t("refresh-hint"))
            .clicked()
        {
            let title = self.tr.t("refresh");
            out.push(TableCommand::Choose {
                title,
                acts: refreshes,
            });
        }
        ui.add_space(6.0);
        ui.weak(self.tr.t_args(
            "deck-counts",
            &[
                ("blueprints", st.deck_size().into()),
                ("contractors", st.contractor_deck.len().into()),
            ],
        ));
    }

    /// Another player, in short: name, resources, compound by type, hand size.
    fn player_summary_ui(&self, ui: &mut Ui, seat: usize, p: &PlayerState) {
        let name = self.names[seat].clone();
        ui.horizontal(|ui| {
            colour_swatch(ui, p.colour);
            ui.heading(name);
        });
        self.resources_ui(ui, p);
        self.compound_list_ui(ui, &p.compound, Some(p));
        ui.label(
            self.tr
                .t_args("hand-count", &[("count", p.hand_size().into())]),
        );
    }

    /// The Machine: its goods, its compound by type (what its dice are compared with) and its
    /// five coloured dice as last rolled.
    fn machine_ui(&self, ui: &mut Ui, m: &crate::engine::state::MachineState) {
        let game = &*self.game;
        ui.heading(self.tr.t("machine"));
        ui.horizontal_wrapped(|ui| {
            icons::count(
                ui,
                Icon::Goods,
                m.goods,
                &self.tr.t_args("goods-count", &[("count", m.goods.into())]),
            );
            icons::count(
                ui,
                Icon::Cards,
                m.compound.len() as u32,
                &self
                    .tr
                    .t_args("machine-cards", &[("count", m.compound.len().into())]),
            );
            ui.label(
                self.tr
                    .t_args("score-so-far", &[("score", m.score().into())]),
            );
        });
        // Its last roll: red, blue, purple, yellow, green (docs/rules.md, Machine's turn).
        if let Some(roll) = game
            .journal()
            .iter()
            .rev()
            .find(|a| a.act == Act::MachineTurn)
            .filter(|a| a.inputs.dice.len() == 5)
        {
            ui.horizontal(|ui| {
                ui.label(self.tr.t("machine-rolled"));
                let side = ui.text_style_height(&egui::TextStyle::Body) * 1.6;
                for (k, &v) in roll.inputs.dice.iter().enumerate() {
                    let die = crate::engine::state::MachineDie::ORDER[k];
                    let colour = machine_die_rgb(die);
                    let name = self.tr.t_args(
                        "machine-die-value",
                        &[
                            (
                                "colour",
                                words::colour_named(&self.tr, &format!("{die:?}")).into(),
                            ),
                            ("value", v.into()),
                        ],
                    );
                    die::die(
                        ui,
                        v,
                        colour,
                        side,
                        DieLook {
                            placed: false,
                            selected: false,
                        },
                        &name,
                    )
                    .on_hover_text(name);
                }
            });
        }
        self.compound_list_ui(ui, &m.compound, None);
    }

    fn resources_ui(&self, ui: &mut Ui, p: &PlayerState) {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 10.0;
            icons::count(
                ui,
                Icon::Metal,
                p.metal,
                &self.tr.t_args("metal-count", &[("count", p.metal.into())]),
            );
            icons::count(
                ui,
                Icon::Energy,
                p.energy,
                &self
                    .tr
                    .t_args("energy-count", &[("count", p.energy.into())]),
            );
            icons::count(
                ui,
                Icon::Goods,
                p.goods,
                &self.tr.t_args("goods-count", &[("count", p.goods.into())]),
            );
            icons::count(
                ui,
                Icon::Prestige,
                p.prestige(),
                &self
                    .tr
                    .t_args("prestige-count", &[("count", p.prestige().into())]),
            );
            ui.label(
                self.tr
                    .t_args("score-so-far", &[("score", p.score().into())]),
            );
        });
    }

    /// A compound as lines by type ("Production (3): Biolab, Foundry ×2"), cards counted, for
    /// the players not at work and the Machine; cards used this round are marked.
    fn compound_list_ui(
        &self,
        ui: &mut Ui,
        compound: &crate::engine::state::Pile<Blueprint>,
        player: Option<&PlayerState>,
    ) {
        if compound.is_empty() {
            ui.weak(self.tr.t("compound-empty"));
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
                        s.push_str(&format!(" ({})", self.tr.t("used")));
                    }
                    s
                })
                .collect();
            if !cards.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                    ui.painter()
                        .rect_filled(rect, 2.0, icons::type_colour(kind));
                    ui.label(format!(
                        "{} ({}): {}",
                        words::kind(&self.tr, kind),
                        compound.of_type(kind),
                        cards.join(", ")
                    ));
                });
            }
        }
    }

    /// The player at work: resources, the dice tray, the headquarters board, the compound by
    /// type as tiles with *Activate* on each and the dice placed on it, and the hand as tiles
    /// that wrap into rows, each with *Build*.
    fn active_player_ui(
        &self,
        ui: &mut Ui,
        view: &mut TableView,
        seat: usize,
        out: &mut Vec<TableCommand>,
    ) {
        let (game, legal) = (&*self.game, &self.legal);
        let st = game.state();
        let p = &st.players[seat];
        let marks = &self.marks;
        let name = self.names[seat].clone();
        let body = colour_rgb(p.colour);
        // Tiles grow with the room (four to a row on a wide screen), dice too.
        let tile = ((ui.available_width() - 32.0) / 4.0).clamp(TILE_WIDTH, 1.4 * TILE_WIDTH);
        let wide = ui.available_width() >= 1000.0;
        ui.horizontal_wrapped(|ui| {
            colour_swatch(ui, p.colour);
            ui.heading(RichText::new(name).size(22.0));
            ui.add_space(12.0);
            self.resources_ui(ui, p);
        });
        ui.add_space(4.0);

        // The dice tray: dice drawn with their pips; click to select, or drag onto a section.
        ui.label(RichText::new(self.tr.t("dice-tray")).strong());
        // Room for the step tags astride the dice's corners, kept whether a plan is shown or
        // not: a suggestion never moves the board.
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            if p.dice.is_empty() {
                ui.weak(self.tr.t("dice-none"));
            }
            let side = ui.text_style_height(&egui::TextStyle::Body) * if wide { 3.4 } else { 2.6 };
            for (i, d) in p.dice.as_slice().iter().enumerate() {
                let i = i as u8;
                let origin = self.tr.t(&format!(
                    "origin-{}",
                    format!("{:?}", d.origin).to_lowercase()
                ));
                let label = self
                    .tr
                    .t_args("die", &[("n", (i + 1).into()), ("value", d.value.into())]);
                let look = DieLook {
                    selected: view.selected_die == Some(i),
                    placed: d.placed.is_some(),
                };
                let r = die::die(ui, d.value, body, side, look, &label);
                marks.tag_die(ui, &self.tr, r.rect, i);
                if look.placed {
                    r.on_hover_text(self.tr.t_args("die-placed", &[("origin", origin.into())]));
                    continue;
                }
                let r = r.on_hover_text(format!(
                    "{label}\n{}",
                    self.tr.t_args("die-hint", &[("origin", origin.into())])
                ));
                r.dnd_set_drag_payload(DraggedDie(i));
                if r.clicked() {
                    view.selected_die = if view.selected_die == Some(i) {
                        None
                    } else {
                        Some(i)
                    };
                }
            }
            let specialist: Vec<Act> = legal
                .iter()
                .filter(|a| matches!(a, Act::SpecialistDie { .. }))
                .cloned()
                .collect();
            if !specialist.is_empty() && ui.button(self.tr.t("specialist-die")).clicked() {
                out.push(TableCommand::Choose {
                    title: self.tr.t("specialist-die"),
                    acts: specialist,
                });
            }
        });
        ui.add_space(6.0);

        // The headquarters board.
        ui.label(RichText::new(self.tr.t("hq")).strong());
        // One placement, or all the dice a section takes (each its own action, in order); on
        // a bot's turn the board is only to be watched.
        let placed = ui
            .add_enabled_ui(self.board_open, |ui| {
                hq::board(ui, &self.tr, game, p, body, view.selected_die, marks)
            })
            .inner;
        if !placed.is_empty() {
            out.push(TableCommand::Place(placed));
        }
        ui.add_space(6.0);

        // The compound by type, each card a tile with Activate on it and its dice drawn.
        let mut chosen = self.compound_ui(ui, p, view.selected_die, (tile, body), out);
        ui.add_space(6.0);

        // The hand: every card a tile; the tiles wrap into rows. With hidden hands only the
        // cards taken face up are tiles; the secret ones are a count, and a build from them
        // names its cards (docs/rules.md, hidden hands).
        ui.label(
            RichText::new(
                self.tr
                    .t_args("hand-count", &[("count", p.hand_size().into())]),
            )
            .strong(),
        );
        // A bot's hand is as secret from the people at the table as theirs are from it, and a
        // hand played on its own phone is its player's.
        if let Some(why) = self.hand_hidden[seat] {
            ui.weak(self.tr.t(why));
            return;
        }
        if p.hidden > 0 {
            ui.horizontal_wrapped(|ui| {
                ui.label(self.tr.t_args("hand-hidden", &[("count", p.hidden.into())]));
                let builds: Vec<Act> = legal
                    .iter()
                    .filter(|a| matches!(a, Act::Build { .. }))
                    .cloned()
                    .collect();
                let label = self.tr.t("build-from-hand");
                let r = ui
                    .add_enabled(!builds.is_empty(), egui::Button::new(label.clone()))
                    .on_hover_text(self.tr.t("build-from-hand-hint"));
                if r.clicked() {
                    chosen = Some((label, builds));
                }
            });
        }
        top_wrapped(ui, |ui| {
            for (card, n) in p.hand.iter() {
                let builds: Vec<Act> = legal
                    .iter()
                    .filter(|a| matches!(a, Act::Build { card: c, .. } if *c == card))
                    .cloned()
                    .collect();
                let shown = Shown {
                    copies: n,
                    cost: Some(crate::engine::build_cost(p, card)),
                    ..Shown::default()
                };
                let r = blueprint_tile(ui, &self.tr, card, tile, shown, |ui| {
                    let label = self.tr.t_args(
                        "build",
                        &[("card", words::card_name(&self.tr, card).into())],
                    );
                    let r =
                        ui.add_enabled(!builds.is_empty(), egui::Button::new(label.clone()).wrap());
                    let r = super::disabled_because(r, || build_refusal(&self.tr, game, p, card));
                    if r.clicked() {
                        chosen = Some((label, builds.clone()));
                    }
                });
                marks.tag(ui, &self.tr, r.rect, marks.in_hand(card));
            }
        });
        if let Some((title, acts)) = chosen {
            out.push(TableCommand::Choose { title, acts });
        }
    }
}

/// The seat shown in the middle: the acting player, else the first.
pub(in crate::ui) fn focus_seat(game: &Game) -> Option<usize> {
    let st = game.state();
    st.current_player()
        .or((!st.players.is_empty()).then_some(0))
}

/// A side panel as wide as `size` and resizable, or on a phone the window's whole `width`.
fn side_panel(panel: egui::Panel, phone: bool, width: f32, size: f32) -> egui::Panel {
    if phone {
        panel.resizable(false).exact_size(width)
    } else {
        panel.resizable(true).default_size(size)
    }
}

/// A player's colour as a small die-like square, outlined so that white reads on a light
/// theme too (a name in white would not).
fn colour_swatch(ui: &mut Ui, c: Colour) {
    // A die of the player's colour showing five pips: it reads as the player's dice, not as
    // a box to tick.
    let side = ui.text_style_height(&egui::TextStyle::Heading);
    let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(side), egui::Sense::hover());
    super::die::paint(
        ui,
        rect.shrink(1.0),
        5,
        colour_rgb(c),
        super::die::DieLook::default(),
    );
}

/// A row of tiles that wraps, each tile hanging from the row's top.
fn top_wrapped(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    ui.with_layout(
        egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true),
        |ui| {
            ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
            add(ui);
        },
    );
}

/// The Machine's dice colours (docs/rules.md, Machine's turn).
pub(in crate::ui) fn machine_die_rgb(d: crate::engine::state::MachineDie) -> Color32 {
    use crate::engine::state::MachineDie as D;
    match d {
        D::Red => Color32::from_rgb(200, 50, 45),
        D::Blue => Color32::from_rgb(50, 100, 210),
        D::Purple => Color32::from_rgb(130, 70, 180),
        D::Yellow => Color32::from_rgb(235, 195, 40),
        D::Green => Color32::from_rgb(50, 150, 70),
    }
}

pub(in crate::ui) fn colour_rgb(c: Colour) -> Color32 {
    match c {
        Colour::Red => Color32::from_rgb(220, 70, 60),
        Colour::Blue => Color32::from_rgb(80, 140, 240),
        Colour::Green => Color32::from_rgb(70, 180, 90),
        Colour::Purple => Color32::from_rgb(170, 100, 220),
        Colour::Yellow => Color32::from_rgb(230, 190, 40),
        Colour::White => Color32::from_rgb(235, 235, 230),
    }
}

mod compound;
mod refusals;
mod router;
pub(in crate::ui) use refusals::{activation_refusal, build_refusal, refusal};

#[cfg(test)]
mod tests;
