//! The review after a game (issue 91, point 4): from the final score, a player's choices
//! round by round against the planner bot's, with what each cost in points by the game's end,
//! the three costliest first and the Machine's turns beside. Worked out on a thread of its own
//! (a step at a time, each judged from what the player knew then: `crate::review`), its
//! progress shown meanwhile; *Back to the score* stops it.

use super::app::*;
use crate::i18n::Tr;
use crate::review::{Kind, Said};
use egui::{RichText, Ui};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// What the review screen shows.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::ui) enum Shown {
    /// Still at work: the player reviewed, and the share of the game gone through (0 to 1).
    Working {
        player: String,
        done: f32,
    },
    Done(Box<Said>),
    Failed(String),
}

/// What the review screen asks of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum ReviewCommand {
    /// *Back to the score*.
    Back,
}

/// The review screen, drawn alone from what it is given.
pub(in crate::ui) struct ReviewScreen<'a> {
    pub(in crate::ui) tr: &'a Tr,
    pub(in crate::ui) shown: &'a Shown,
}

impl ReviewScreen<'_> {
    pub(in crate::ui) fn ui(&self, ui: &mut Ui) -> Option<ReviewCommand> {
        let tr = self.tr;
        let mut command = None;
        egui::CentralPanel::default_margins().show(ui, |ui| {
            // The way back stays at the top, where it was, whatever the review's length.
            ui.add_space(8.0);
            super::start::centred(ui, 760.0, |ui| {
                if ui.button(tr.t("review-back")).clicked() {
                    command = Some(ReviewCommand::Back);
                }
            });
            ui.add_space(4.0);
            // Its own scroll (the score's is kept apart: back on the score, it is where it was).
            egui::ScrollArea::vertical()
                .id_salt("review")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    super::start::centred(ui, 760.0, |ui| match self.shown {
                        Shown::Working { player, done } => {
                            ui.heading(
                                tr.t_args("review-title", &[("player", player.clone().into())]),
                            );
                            let percent = (done * 100.0).round() as u32;
                            ui.label(tr.t_args("review-working", &[("percent", percent.into())]));
                            ui.add(egui::ProgressBar::new(*done));
                        }
                        Shown::Failed(reason) => {
                            ui.colored_label(
                                ui.visuals().error_fg_color,
                                tr.t_args("review-failed", &[("reason", reason.clone().into())]),
                            );
                        }
                        Shown::Done(said) => said_ui(ui, tr, said),
                    });
                });
        });
        command
    }
}

/// A finished review: what it measures, its total, the three costliest choices, then each
/// round's lines (a choice that cost points in the warning colour, the Machine's turns weak).
fn said_ui(ui: &mut Ui, tr: &Tr, said: &Said) {
    ui.heading(&said.title);
    ui.add(egui::Label::new(RichText::new(&said.measure).weak()).wrap());
    ui.add_space(6.0);
    ui.label(RichText::new(&said.total).strong().size(17.0));
    if !said.biggest.is_empty() {
        ui.add_space(6.0);
        ui.group(|ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr.t("review-biggest")).strong());
            for (i, b) in said.biggest.iter().enumerate() {
                ui.add(egui::Label::new(format!("{}. {b}", i + 1)).wrap());
            }
        });
    }
    let warn = ui.visuals().warn_fg_color;
    for (heading, lines) in &said.rounds {
        ui.add_space(8.0);
        ui.label(RichText::new(heading).strong().size(16.0));
        for line in lines {
            let text = match line.kind {
                Kind::Agreed => RichText::new(&line.text),
                Kind::Cost => RichText::new(&line.text).color(warn),
                Kind::Machine => RichText::new(&line.text).weak(),
            };
            ui.add(egui::Label::new(text).wrap());
            if let Some(d) = &line.detail {
                ui.indent(d, |ui| {
                    ui.add(egui::Label::new(RichText::new(d).small()).wrap());
                });
            }
        }
    }
}

/// The review at work on its thread, or done.
pub(in crate::ui) struct Reviewing {
    shown: Shown,
    done: Arc<AtomicU32>,
    stop: Arc<AtomicBool>,
    answer: Option<Receiver<Shown>>,
    /// In a browser, the review's own worker (dropped with the review, it stops).
    #[cfg(target_arch = "wasm32")]
    _worker: Option<crate::ui::web::OwnWorker>,
}

impl Reviewing {
    /// Where the review is, in a word (the browser's test hook, `ui::web`).
    #[cfg(target_arch = "wasm32")]
    pub(in crate::ui) fn stage(&self) -> &'static str {
        match self.shown {
            Shown::Working { .. } => "working",
            Shown::Done(_) => "done",
            Shown::Failed(_) => "failed",
        }
    }
}

impl Drop for Reviewing {
    /// A review left (the way back, a new game) stops its thread.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl ForemanApp {
    /// Starts the review of `seat`'s game on a thread of its own.
    pub(in crate::ui) fn start_review(&mut self, ctx: &egui::Context, seat: usize) {
        let Some(game) = self.game() else {
            return;
        };
        let setup = game.setup().clone();
        let journal = game.journal().to_vec();
        let player = crate::i18n::words::player_name(&self.tr, game, seat);
        let tr = Tr::new(self.tr.lang());
        let done = Arc::new(AtomicU32::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        #[cfg(target_arch = "wasm32")]
        let tx_for_worker = tx.clone();
        let (d, s, window) = (done.clone(), stop.clone(), ctx.clone());
        let work = move || {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let reviewed = crate::review::review(
                setup.clone(),
                &journal,
                seat,
                threads,
                |share| {
                    d.store((share * 1000.0) as u32, Ordering::Relaxed);
                    window.request_repaint();
                },
                || s.load(Ordering::Relaxed),
            );
            let shown = match reviewed {
                Ok(r) => Shown::Done(Box::new(crate::review::say(&tr, &setup, &journal, &r))),
                Err(e) => Shown::Failed(e.to_string()),
            };
            if tx.send(shown).is_ok() {
                window.request_repaint();
            }
        };
        // A browser's page has one thread: the review's own worker thinks, the page drawing
        // meanwhile and its bar moving (no worker: the page itself).
        #[cfg(target_arch = "wasm32")]
        let worker = {
            let job = crate::ui::worker::Job::Review {
                game: crate::engine::SavedGame::from_game(game).to_json(),
                seat,
                lang: self.tr.lang(),
            };
            let window = ctx.clone();
            let (d, w) = (done.clone(), ctx.clone());
            let progress = move |share: f64| {
                d.store((share * 1000.0) as u32, Ordering::Relaxed);
                w.request_repaint();
            };
            crate::ui::web::in_own_worker(job, progress, move |reply| {
                use crate::ui::worker::Reply;
                let shown = match reply.as_deref().map(serde_json::from_str::<Reply>) {
                    Some(Ok(Reply::Review(Ok(said)))) => Shown::Done(Box::new(said)),
                    Some(Ok(Reply::Review(Err(e)))) => Shown::Failed(e),
                    _ => return crate::ui::web::think_now(work),
                };
                if tx_for_worker.send(shown).is_ok() {
                    window.request_repaint();
                }
            })
        };
        #[cfg(not(target_arch = "wasm32"))]
        if let Err(e) = crate::ui::think("review".into(), work) {
            tracing::error!("no thread for the review: {e}");
            self.message = Some(e.to_string());
            return;
        }
        self.review = Some(Reviewing {
            shown: Shown::Working { player, done: 0.0 },
            done,
            stop,
            answer: Some(rx),
            #[cfg(target_arch = "wasm32")]
            _worker: worker,
        });
    }

    /// The review screen (in place of the final score while a review is open).
    pub(in crate::ui) fn review_screen(&mut self, ui: &mut Ui) {
        let Some(r) = &mut self.review else {
            return;
        };
        if let Some(rx) = &r.answer {
            match rx.try_recv() {
                Ok(shown) => {
                    r.shown = shown;
                    r.answer = None;
                }
                Err(TryRecvError::Empty) => {
                    if let Shown::Working { done, .. } = &mut r.shown {
                        *done = r.done.load(Ordering::Relaxed) as f32 / 1000.0;
                    }
                }
                Err(TryRecvError::Disconnected) => {
                    r.shown = Shown::Failed("the review stopped".into());
                    r.answer = None;
                }
            }
        }
        let screen = ReviewScreen {
            tr: &self.tr,
            shown: &r.shown,
        };
        if screen.ui(ui) == Some(ReviewCommand::Back) {
            self.review = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::engine::Difficulty;
    use crate::i18n::Lang;
    use crate::sim::{Seating, play};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    /// Issue 91, point 4: the review of a finished solo game is drawn alone: its title, its
    /// total, a line for each round's market choice, and the Machine's turns beside them;
    /// *Back to the score* is the screen's command.
    #[test]
    fn a_review_is_drawn_round_by_round_with_the_machine_beside() {
        let game = play(Seating::Solo(Difficulty::Easy), 5, BotKind::Greedy).expect("a game");
        assert!(game.state().is_over());
        let tr = Tr::new(Lang::En);
        let r = crate::review::review(game.setup().clone(), game.journal(), 0, 2, |_| {}, || false)
            .expect("reviewed");
        let said = crate::review::say(&tr, game.setup(), game.journal(), &r);
        let shown = Shown::Done(Box::new(said.clone()));
        let clicked = std::cell::Cell::new(None);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui(|ui| {
                let screen = ReviewScreen {
                    tr: &tr,
                    shown: &shown,
                };
                if let Some(c) = screen.ui(ui) {
                    clicked.set(Some(c));
                }
            });
        h.run();
        assert!(h.query_by_label(&said.title).is_some(), "{}", said.title);
        assert!(h.query_by_label(&said.total).is_some(), "{}", said.total);
        assert!(h.query_by_label("Round 1").is_some());
        let first = &said.rounds[0].1;
        assert!(
            first.iter().any(|l| l.text.starts_with("Market: ")),
            "{first:?}"
        );
        assert!(first.iter().any(|l| l.kind == Kind::Machine), "{first:?}");
        assert!(
            h.query_by_label(&first[0].text).is_some(),
            "{}",
            first[0].text
        );
        h.get_by_label(&tr.t("review-back")).click();
        h.run();
        assert_eq!(clicked.get(), Some(ReviewCommand::Back));
    }
}
