//! A card drawn as a tile in our own graphics: a band in its type's colour with its name, its
//! tool, its metal and energy cost, its prestige, and its effect written out in the chosen
//! language; the controls that act on it (Take, Build, Activate) sit on the tile.

use super::icons::{self, Icon};
use crate::engine::{Blueprint, CardType, Contractor, Tool};
use crate::i18n::Tr;
use crate::i18n::words;
use egui::{Color32, CornerRadius, Frame, Margin, RichText, Stroke, Ui};

/// The width of a card tile at 100% zoom: wide enough that every card name of the four
/// languages breaks only between words.
pub const TILE_WIDTH: f32 = 176.0;

/// A card's cost, prestige and effect, for hover text (the card names in English and French,
/// as a player with either deck reads them).
pub(in crate::ui) fn card_text(tr: &Tr, c: Blueprint) -> String {
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
        words::card_effect(tr, c)
    )
}

/// What a blueprint tile shows besides the card itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct Shown {
    /// Copies of it (in a hand or a compound): "×2" after the name.
    pub copies: u8,
    /// The cost this player would pay (Megalith's reduction), if not the printed one.
    pub cost: Option<(u32, u32)>,
    /// Used this round (activated): the tile is faded.
    pub used: bool,
    /// Leave the effect out (a compact tile: the other players', the Machine's).
    pub compact: bool,
}

/// A blueprint's tile, `width` wide; `controls` adds what acts on it at its foot.
pub fn blueprint_tile(
    ui: &mut Ui,
    tr: &Tr,
    card: Blueprint,
    width: f32,
    shown: Shown,
    controls: impl FnOnce(&mut Ui),
) -> egui::Response {
    let info = card.info();
    let (metal, energy) = shown
        .cost
        .unwrap_or((u32::from(info.metal), u32::from(info.energy)));
    let mut name = words::card_name(tr, card);
    if shown.copies > 1 {
        name.push_str(&format!(" ×{}", shown.copies));
    }
    tile(ui, width, card.kind(), shown.used, &name, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 6.0;
            tool_of(ui, tr, card.tool());
            icons::count(
                ui,
                Icon::Metal,
                metal,
                &tr.t_args("metal-count", &[("count", metal.into())]),
            );
            icons::count(
                ui,
                Icon::Energy,
                energy,
                &tr.t_args("energy-count", &[("count", energy.into())]),
            );
            if info.prestige > 0 {
                icons::count(
                    ui,
                    Icon::Prestige,
                    u32::from(info.prestige),
                    &tr.t_args("prestige-count", &[("count", info.prestige.into())]),
                );
            }
        });
        if !shown.compact {
            ui.label(RichText::new(words::card_effect(tr, card)).small());
        }
        controls(ui);
    })
    .on_hover_text(card_text(tr, card))
}

/// A contractor's tile (contractors have no type: a neutral band).
pub fn contractor_tile(
    ui: &mut Ui,
    tr: &Tr,
    card: Contractor,
    width: f32,
    controls: impl FnOnce(&mut Ui),
) -> egui::Response {
    tile(
        ui,
        width,
        None,
        false,
        &words::contractor_name(tr, card),
        |ui| {
            ui.label(RichText::new(words::contractor_effect(tr, card)).small());
            controls(ui);
        },
    )
}

fn tool_of(ui: &mut Ui, tr: &Tr, tool: Tool) {
    let name = words::tool(tr, tool);
    icons::tool_badge(
        ui,
        tool,
        &name,
        &tr.t_args("tool-badge", &[("tool", name.clone().into())]),
    );
}

/// The frame every tile shares: a band with the name, then `body`.
fn tile(
    ui: &mut Ui,
    width: f32,
    kind: impl Into<Option<CardType>>,
    faded: bool,
    name: &str,
    body: impl FnOnce(&mut Ui),
) -> egui::Response {
    let kind = kind.into();
    let (band, on_band) = match kind {
        Some(k) => (icons::type_colour(k), icons::on_type_colour(k)),
        None => (Color32::from_rgb(60, 100, 105), Color32::WHITE),
    };
    let band = if faded {
        band.gamma_multiply(0.5)
    } else {
        band
    };
    let visuals = ui.visuals();
    let fill = visuals.faint_bg_color;
    let edge = Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color);
    // Top-down whatever the surrounding layout (a grid's cell or a wrapped row is horizontal).
    ui.allocate_ui_with_layout(
        egui::vec2(width, 0.0),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_width(width);
            Frame::new()
                .fill(fill)
                .stroke(edge)
                .corner_radius(6)
                .show(ui, |ui| {
                    ui.set_width(width - 2.0);
                    ui.spacing_mut().item_spacing.y = 3.0;
                    Frame::new()
                        .fill(band)
                        .corner_radius(CornerRadius {
                            nw: 6,
                            ne: 6,
                            sw: 0,
                            se: 0,
                        })
                        .inner_margin(Margin::symmetric(6, 3))
                        .show(ui, |ui| {
                            ui.set_width(width - 14.0);
                            ui.add(
                                egui::Label::new(RichText::new(name).strong().color(on_band))
                                    .wrap(),
                            );
                        });
                    Frame::new()
                        .inner_margin(Margin {
                            left: 6,
                            right: 6,
                            top: 0,
                            bottom: 5,
                        })
                        .show(ui, |ui| {
                            ui.set_width(width - 14.0);
                            if faded {
                                ui.multiply_opacity(0.6);
                            }
                            body(ui);
                        });
                });
        },
    )
    .response
}
