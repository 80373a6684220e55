//! What the games beside Fantastic Factories share on screen (issue 92: "the shell shared, not
//! copied"): the page (a side panel with the log, the page centred and scrolled), its header
//! (the game's name, *Back to the start*, the notice's line kept), the words of an undo and of
//! a kept game that does not load, and the play recorded into the history as it changes.

#[cfg(not(target_arch = "wasm32"))]
use crate::history::History;
#[cfg(not(target_arch = "wasm32"))]
use crate::history::other::{OtherRecord, OtherSeat};
use crate::i18n::Tr;
use crate::kept::Kept;
use egui::{Color32, RichText, Ui};
use foreman_journal::Rules;

/// The log beside the table: what happened, newest at the bottom.
pub(in crate::ui) fn log_panel(ui: &mut Ui, id: &'static str, tr: &Tr, lines: &[String]) {
    egui::Panel::right(id)
        .resizable(true)
        .default_size(300.0)
        .min_size(240.0)
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

/// The page: centred at `width`, scrolled, `body` below its header. True when *Back to the
/// start* was clicked.
pub(in crate::ui) fn page(
    ui: &mut Ui,
    id: &'static str,
    width: f32,
    tr: &Tr,
    title: &str,
    said: Option<(String, bool)>,
    body: impl FnOnce(&mut Ui),
) -> bool {
    let mut back = false;
    egui::CentralPanel::default_margins().show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt(id).show(ui, |ui| {
            super::start::centred(ui, width, |ui| {
                ui.horizontal(|ui| {
                    ui.heading(title);
                    if ui.button(tr.t("other-back")).clicked() {
                        back = true;
                    }
                });
                // The notice's line is kept when there is none: nothing below moves.
                let (text, colour) = match &said {
                    Some((text, true)) => (text.as_str(), Color32::from_rgb(230, 90, 70)),
                    Some((text, false)) => (text.as_str(), Color32::from_rgb(120, 200, 120)),
                    None => (" ", Color32::TRANSPARENT),
                };
                ui.colored_label(colour, text);
                body(ui);
            });
        });
    });
    back
}

/// The notice for a kept game that did not load (`reason`), kept aside at `aside`.
pub(in crate::ui) fn unreadable(tr: &Tr, said: Option<(String, String)>) -> Option<(String, bool)> {
    said.map(|(reason, aside)| {
        let text = tr.t_args(
            "other-game-unreadable",
            &[("reason", reason.into()), ("path", aside.into())],
        );
        (text, true)
    })
}

/// The last action taken back: the notice to show.
pub(in crate::ui) fn undo<R: Rules>(tr: &Tr, kept: &mut Kept<R>) -> Option<(String, bool)> {
    match kept.undo() {
        Ok(_) => Some((tr.t("other-undone"), false)),
        Err(e) => Some((e.to_string(), true)),
    }
}

/// A play as it stands, for the history.
#[cfg(not(target_arch = "wasm32"))]
pub(in crate::ui) struct Play {
    pub game: &'static str,
    pub finished: bool,
    pub seats: Vec<OtherSeat>,
}

/// Records `kept`'s play into `history` when its journal changed since `recorded` (its length
/// and the play's id then), which it updates.
#[cfg(not(target_arch = "wasm32"))]
pub(in crate::ui) fn record<R: Rules>(
    history: Option<&mut History>,
    recorded: &mut Option<(usize, i64)>,
    kept: &Kept<R>,
    play: impl FnOnce() -> Play,
) {
    let Some(history) = history else {
        return;
    };
    let n = kept.game.journal().len();
    if n == 0 || recorded.is_some_and(|(len, _)| len == n) {
        return;
    }
    let play = play();
    let setup = serde_json::to_string(kept.game.setup()).unwrap_or_default();
    let record = OtherRecord {
        game: play.game,
        setup_json: &setup,
        actions: n,
        finished: play.finished,
        seats: &play.seats,
        file: Some(kept.path()),
    };
    let hint = recorded.map(|(_, id)| id);
    match history.record_other(&record, crate::session::recorder::now(), hint) {
        Ok(id) => *recorded = Some((n, id)),
        Err(e) => {
            tracing::warn!("the play was not recorded: {e}");
            *recorded = Some((n, hint.unwrap_or(0)));
        }
    }
}

/// Who plays first, chosen among the names typed (a list below them: Tab goes from name to
/// name). Shared by both games' setups.
pub(in crate::ui) fn first_player(
    ui: &mut Ui,
    tr: &Tr,
    id: &'static str,
    names: &[String],
    first: &mut usize,
) {
    let shown = |i: usize| {
        let n = names.get(i).map_or("", |n| n.trim());
        if n.is_empty() {
            tr.t_args("other-player-n", &[("n", (i + 1).into())])
        } else {
            n.to_string()
        }
    };
    *first = (*first).min(names.len().saturating_sub(1));
    egui::ComboBox::new(id, tr.t("other-first"))
        .selected_text(shown(*first))
        .show_ui(ui, |ui| {
            for i in 0..names.len() {
                ui.selectable_value(first, i, shown(i));
            }
        });
}

/// How many play: a button for each count in `range`; the names follow (true when changed).
pub(in crate::ui) fn player_count(
    ui: &mut Ui,
    tr: &Tr,
    range: std::ops::RangeInclusive<usize>,
    names: &mut Vec<String>,
) -> bool {
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(tr.t("players"));
        for n in range {
            if ui
                .selectable_label(names.len() == n, n.to_string())
                .clicked()
            {
                names.resize(n, String::new());
                changed = true;
            }
        }
    });
    changed
}
