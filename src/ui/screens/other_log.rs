//! The log of a game beside Fantastic Factories: what happened, newest at the bottom, in a
//! side panel of its own (the table stays where it is).

use crate::i18n::Tr;
use egui::{RichText, Ui};

pub(in crate::ui) fn panel(ui: &mut Ui, id: &'static str, tr: &Tr, lines: &[String]) {
    egui::Panel::right(id)
        .resizable(true)
        .default_size(300.0)
        .show(ui, |ui| {
            ui.label(RichText::new(tr.t("other-log")).strong());
            egui::ScrollArea::vertical()
                .id_salt(id)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in lines {
                        ui.add(egui::Label::new(line.as_str()).wrap());
                    }
                });
        });
}
