//! The smart-dice panel: the port, the dice connected with their colour, face and battery.

use super::app::*;
use crate::dice::RollState;
use crate::i18n::{Tr, words};
use egui::Ui;

/// The smart-dice panel's own state.
#[derive(Default)]
pub struct SmartPanel {
    /// The port typed or chosen.
    pub(super) port: String,
    /// The dice, once connected.
    pub(super) dice: Option<super::smart::SmartDice>,
}

impl ForemanApp {
    /// Listens to the smart dice on `port` (a serial device or the simulator's pseudo-terminal).
    pub fn connect_smart_dice(&mut self, port: &str) {
        self.smart.port = port.to_string();
        self.smart.dice = Some(super::smart::SmartDice::connect(port));
    }

    /// The smart dice, if connected.
    pub fn smart_dice(&self) -> Option<&super::smart::SmartDice> {
        self.smart.dice.as_ref()
    }

    /// The smart-dice panel, and what it says (no dice found) as the window's message.
    pub(super) fn smart_dice_ui(&mut self, ui: &mut Ui) {
        if let Some(said) = self.smart.ui(ui, &self.tr) {
            self.message = Some(said);
        }
    }
}

impl SmartPanel {
    /// The smart-dice panel: the port, the dice seen with their battery, a button to make
    /// each blink. Returns what it has to say (no dice found).
    pub(super) fn ui(&mut self, ui: &mut Ui, tr: &Tr) -> Option<String> {
        let t = |k: &str| tr.t(k);
        let mut said = None;
        ui.heading(t("smart-dice-panel"));
        ui.horizontal(|ui| {
            let label = t("smart-port");
            ui.add(
                egui::TextEdit::singleline(&mut self.port)
                    .desired_width(160.0)
                    .hint_text("/dev/ttyACM0"),
            )
            .on_hover_text(label);
            if self.dice.is_none() && ui.button(t("find-dice")).clicked() {
                let ports = crate::dice::serial::find_ports();
                match ports.first() {
                    Some(p) => self.port = p.clone(),
                    None => said = Some(t("no-dice-found")),
                }
            }
            if self.dice.is_some() {
                if ui.button(t("disconnect")).clicked() {
                    self.dice = None;
                }
            } else if ui.button(t("connect")).clicked() && !self.port.trim().is_empty() {
                let port = self.port.trim().to_string();
                self.port = port.clone();
                self.dice = Some(super::smart::SmartDice::connect(&port));
            }
        });
        let Some(smart) = &self.dice else {
            return said;
        };
        ui.label(if smart.connected {
            t("smart-connected")
        } else {
            t("smart-not-connected")
        });
        if let Some(p) = &smart.problem {
            ui.weak(p);
        }
        let mut blink = None;
        for (id, d) in &smart.dice {
            let colour = words::colour_named(tr, d.info.colour.name());
            ui.horizontal_wrapped(|ui| {
                let battery = d.battery_mv.map_or_else(
                    || t("battery-unknown"),
                    |mv| {
                        tr.t_args(
                            "battery",
                            &[("volts", format!("{:.2}", f64::from(mv) / 1000.0).into())],
                        )
                    },
                );
                let face = match d.state {
                    Some((RollState::Rolled | RollState::OnFace, f)) => f.to_string(),
                    Some((RollState::Crooked, _)) => t("die-crooked"),
                    Some(_) => "…".to_string(),
                    None => "?".to_string(),
                };
                ui.label(format!("{colour} · {face} · {battery}"));
                if ui
                    .button(tr.t_args("blink", &[("colour", colour.clone().into())]))
                    .clicked()
                {
                    blink = Some(*id);
                }
            });
        }
        if !smart.waiting.is_empty() {
            ui.weak(tr.t_args("rolls-waiting", &[("count", smart.waiting.len().into())]));
        }
        if let Some(id) = blink {
            smart.identify(id);
        }
        said
    }
}
