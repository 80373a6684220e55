//! *History*'s tab for the games beside Fantastic Factories (issue 92): their plays, newest
//! first, with each player's score and the winners, and each person's wins per game.

use crate::history::other::{OtherPlay, wins};
use crate::i18n::Tr;
use egui::{RichText, Ui};

fn game_name(kind: &str) -> &str {
    match kind {
        "traumfabrik" => "Traumfabrik",
        "little-factory" => "Little Factory",
        other => other,
    }
}

/// The tab; the play whose *Resume* was clicked (its game: "traumfabrik" or "little-factory").
pub(in crate::ui) fn show(ui: &mut Ui, tr: &Tr, plays: &[OtherPlay]) -> Option<String> {
    let mut resume = None;
    egui::CentralPanel::default_margins().show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("other-history")
            .show(ui, |ui| {
                if plays.is_empty() {
                    ui.label(tr.t("history-others-none"));
                    return;
                }
                ui.label(RichText::new(tr.t("history-others-wins")).strong());
                egui::Grid::new("other-wins").striped(true).show(ui, |ui| {
                    for r in wins(plays) {
                        ui.label(game_name(&r.game));
                        ui.label(r.name.as_str());
                        ui.label(tr.t_args(
                            "history-others-won",
                            &[("won", r.won.into()), ("played", r.played.into())],
                        ));
                        match (r.best, r.mean()) {
                            (Some(best), Some(mean)) => ui.label(tr.t_args(
                                "history-others-scores",
                                &[("best", best.into()), ("mean", format!("{mean:.1}").into())],
                            )),
                            _ => ui.label(""),
                        };
                        ui.end_row();
                    }
                });
                ui.separator();
                egui::Grid::new("other-plays").striped(true).show(ui, |ui| {
                    for p in plays {
                        ui.label(crate::history::export::local_date_time(p.started));
                        ui.label(game_name(&p.game));
                        let seats: Vec<String> = p
                            .seats
                            .iter()
                            .map(|s| match s.score {
                                Some(v) => format!("{} {v}", s.name),
                                None => s.name.clone(),
                            })
                            .collect();
                        ui.label(seats.join(", "));
                        if p.finished {
                            ui.label(tr.t_args(
                                "history-others-winners",
                                &[("names", p.winners().join(", ").into())],
                            ));
                        } else if p.file.as_ref().is_some_and(|f| f.exists()) {
                            // Unfinished and still kept: back to its table.
                            if ui.button(tr.t("history-others-resume")).clicked() {
                                resume = Some(p.game.clone());
                            }
                        } else {
                            ui.label(tr.t("history-others-unfinished"));
                        }
                        ui.end_row();
                    }
                });
            });
    });
    resume
}
