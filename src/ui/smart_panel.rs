//! The smart-dice panel: the port, the dice connected with their colour, face and battery.

use super::app::*;
use crate::dice::RollState;
use crate::i18n::words;
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

    /// The smart-dice panel: the port, the dice seen with their battery, a button to make
    /// each blink.
    pub(super) fn smart_dice_ui(&mut self, ui: &mut Ui) {
        ui.heading(self.t("smart-dice-panel"));
        ui.horizontal(|ui| {
            let label = self.t("smart-port");
            ui.add(
                egui::TextEdit::singleline(&mut self.smart.port)
                    .desired_width(160.0)
                    .hint_text("/dev/ttyACM0"),
            )
            .on_hover_text(label);
            if self.smart.dice.is_none() && ui.button(self.t("find-dice")).clicked() {
                let ports = crate::dice::serial::find_ports();
                match ports.first() {
                    Some(p) => self.smart.port = p.clone(),
                    None => self.message = Some(self.t("no-dice-found")),
                }
            }
            if self.smart.dice.is_some() {
                if ui.button(self.t("disconnect")).clicked() {
                    self.smart.dice = None;
                }
            } else if ui.button(self.t("connect")).clicked() && !self.smart.port.trim().is_empty() {
                let port = self.smart.port.trim().to_string();
                self.connect_smart_dice(&port);
            }
        });
        let Some(smart) = &self.smart.dice else {
            return;
        };
        ui.label(if smart.connected {
            self.t("smart-connected")
        } else {
            self.t("smart-not-connected")
        });
        if let Some(p) = &smart.problem {
            ui.weak(p);
        }
        let mut blink = None;
        for (id, d) in &smart.dice {
            let colour = words::colour_named(&self.tr, d.info.colour.name());
            ui.horizontal_wrapped(|ui| {
                let battery = d.battery_mv.map_or_else(
                    || self.t("battery-unknown"),
                    |mv| {
                        self.ta(
                            "battery",
                            &[("volts", format!("{:.2}", f64::from(mv) / 1000.0).into())],
                        )
                    },
                );
                let face = match d.state {
                    Some((RollState::Rolled | RollState::OnFace, f)) => f.to_string(),
                    Some((RollState::Crooked, _)) => self.t("die-crooked"),
                    Some(_) => "…".to_string(),
                    None => "?".to_string(),
                };
                ui.label(format!("{colour} · {face} · {battery}"));
                if ui
                    .button(self.ta("blink", &[("colour", colour.clone().into())]))
                    .clicked()
                {
                    blink = Some(*id);
                }
            });
        }
        if !smart.waiting.is_empty() {
            ui.weak(self.ta("rolls-waiting", &[("count", smart.waiting.len().into())]));
        }
        if let Some(id) = blink {
            smart.identify(id);
        }
    }
}
