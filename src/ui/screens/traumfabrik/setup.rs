//! Traumfabrik's setup: who plays with which studio, each scenario's slots typed once and
//! remembered.

use super::TfScreen;
use super::words::{SCENARIOS, genre_key, parse_slots, say, title};
use crate::i18n::Tr;
use crate::kept::{Kept, KeptError};
use crate::traumfabrik::{PlayerSetup, Scenario, Setup};
use egui::{RichText, Ui};

pub(super) fn setup(ui: &mut Ui, tr: &Tr, s: &mut TfScreen) {
    ui.label(tr.t("tf-setup"));
    if super::shell::player_count(ui, tr, 2..=5, &mut s.names) {
        // Each player keeps their studio; a new one takes the next.
        let n = s.names.len();
        let studios = s.studios.clone();
        s.studios = (0..n)
            .map(|i| studios.get(i).copied().unwrap_or(i as u8 + 1))
            .collect();
    }
    ui.label(RichText::new(tr.t("tf-slots-legend")).small());
    let mut typed_all = Vec::new();
    for i in 0..s.names.len() {
        ui.group(|ui| {
            ui.horizontal(|ui| {
                let l = ui.label(tr.t_args("other-player-n", &[("n", (i + 1).into())]));
                ui.add(egui::TextEdit::singleline(&mut s.names[i]).desired_width(140.0))
                    .labelled_by(l.id);
                // The studio in one list (one stop for Tab between the name and the slots).
                let studio = s.studios[i];
                egui::ComboBox::new(("tf-studio", i), tr.t("tf-studio"))
                    .selected_text(studio.to_string())
                    .show_ui(ui, |ui| {
                        for st in 1..=5u8 {
                            ui.selectable_value(&mut s.studios[i], st, st.to_string());
                        }
                    });
            });
            egui::Grid::new(("tf-scenarios", i)).show(ui, |ui| {
                for (name, genre, studio) in SCENARIOS {
                    if studio != s.studios[i] {
                        continue;
                    }
                    let typed = s.catalogue.entry(name.to_string()).or_default();
                    let l = ui.label(format!("{} ({})", title(tr, name), tr.t(genre_key(genre))));
                    ui.add_sized(
                        [120.0, 20.0],
                        egui::TextEdit::singleline(&mut typed.slots).hint_text("D A W M"),
                    )
                    .labelled_by(l.id);
                    ui.horizontal(|ui| {
                        let l = ui.label(tr.t("tf-stars"));
                        ui.add(egui::DragValue::new(&mut typed.stars).range(-2..=9))
                            .labelled_by(l.id);
                    });
                    ui.end_row();
                    typed_all.push((i, name, genre, typed.clone()));
                }
            });
        });
    }
    super::shell::first_player(ui, tr, "tf-first", &s.names, &mut s.first);
    if ui.button(tr.t("other-start")).clicked() {
        let mut players: Vec<PlayerSetup> = (0..s.names.len())
            .map(|i| {
                let n = s.names[i].trim();
                PlayerSetup {
                    name: if n.is_empty() {
                        tr.t_args("other-player-n", &[("n", (i + 1).into())])
                    } else {
                        n.to_string()
                    },
                    scenarios: Vec::new(),
                }
            })
            .collect();
        for (i, name, genre, typed) in &typed_all {
            let Some(slots) = parse_slots(&typed.slots) else {
                s.said = Some((
                    tr.t_args("tf-bad-slots", &[("name", title(tr, name).into())]),
                    true,
                ));
                return;
            };
            players[*i].scenarios.push(Scenario {
                name: name.to_string(),
                genre: *genre,
                slots,
                stars: typed.stars,
            });
        }
        let mut studios = s.studios.clone();
        studios.sort_unstable();
        studios.dedup();
        if studios.len() != s.studios.len() {
            s.said = Some((tr.t("tf-same-studio"), true));
            return;
        }
        s.remember(typed_all.iter().map(|(_, name, _, typed)| (*name, typed)));
        let setup = Setup {
            players,
            first_player: s.first,
            places: crate::traumfabrik::Place::BOARD.to_vec(),
            pile: 7,
        };
        match Kept::start(setup, &s.path) {
            Ok(k) => {
                s.kept = Some(k);
                s.said = None;
            }
            Err(KeptError::Refused(r)) => s.said = Some((say(tr, &r), true)),
            Err(KeptError::Save(e)) => s.said = Some((e.to_string(), true)),
        }
    }
}
