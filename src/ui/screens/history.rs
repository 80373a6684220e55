//! *History* (issue 72): the games played, newest first, filtered by mode, player, Machine
//! difficulty and date; one game's final score and its replay (the table after any action,
//! stepped by action and by round, with the log beside it); *Resume* for a game not finished.
//! The statistics are the screen's second tab (`ui::stats`).

use super::app::{ForemanApp, Screen};
use crate::engine::score::scoreboard;
use crate::engine::state::State;
use crate::engine::{Game, Mode};
use crate::history::{Filter, GameRow};
use crate::i18n::{Tr, journal, words};
use egui::{Key, RichText, Ui};

/// How far back the list looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    All,
    Week,
    Month,
    Year,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Games,
    Statistics,
    /// Traumfabrik's and Little Factory's plays (issue 92).
    Others,
}

/// A game opened from the list: every position of its replay, and the log line of each action.
pub struct Replay {
    pub id: i64,
    pub game: Game,
    /// The state after each action (the first: before any).
    pub states: Vec<State>,
    /// The round and the log line of each action.
    pub lines: Vec<(u32, String)>,
    /// The position shown: after this many actions.
    pub at: usize,
    /// The position the log was last scrolled to.
    scrolled: Option<usize>,
    /// BG Stats' link for this play is shown, with its QR code.
    pub bgstats: bool,
}

impl Replay {
    fn new(tr: &Tr, id: i64, game: Game) -> Replay {
        let mut states = Vec::with_capacity(game.journal().len() + 1);
        let mut lines = Vec::with_capacity(game.journal().len());
        if let Ok(mut g) = Game::replay(game.setup().clone(), Vec::new()) {
            states.push(g.state().clone());
            for action in game.journal() {
                let round = g.state().round;
                let head = journal::head(tr, &g, action);
                if g.apply(action.clone()).is_err() {
                    break;
                }
                lines.push((round, head.for_seat(None).to_string()));
                states.push(g.state().clone());
            }
        }
        let at = states.len().saturating_sub(1);
        Replay {
            id,
            game,
            states,
            lines,
            at,
            scrolled: None,
            bgstats: false,
        }
    }

    fn last(&self) -> usize {
        self.states.len().saturating_sub(1)
    }

    /// Whether position `at` is a round's first: the action before it ended a round.
    pub fn round_start(&self, at: usize) -> bool {
        at > 0
            && at < self.states.len()
            && self
                .lines
                .get(at)
                .is_some_and(|l| l.0 == self.states[at].round)
            && self.states[at - 1].round < self.states[at].round
    }

    /// The first position of the round before (or of this one, when not at its start).
    pub fn round_back(&mut self) {
        let round = self.states[self.at].round;
        let start = (0..self.at)
            .rev()
            .find(|&k| self.states[k].round < round)
            .map_or(0, |k| k + 1);
        self.at = if start < self.at {
            start
        } else {
            (0..self.at)
                .rev()
                .find(|&k| k == 0 || self.states[k - 1].round < self.states[k].round)
                .unwrap_or(0)
        };
    }

    /// The first position of the next round (or the end).
    pub fn round_forward(&mut self) {
        let round = self.states[self.at].round;
        self.at = (self.at + 1..=self.last())
            .find(|&k| self.states[k].round > round)
            .unwrap_or(self.last());
    }
}

/// The screen's state.
pub struct HistoryView {
    pub tab: Tab,
    pub rows: Vec<GameRow>,
    pub people: Vec<String>,
    pub mode: Option<Mode>,
    pub player: Option<String>,
    pub machine: Option<String>,
    pub since: Since,
    pub replay: Option<Replay>,
    pub stats: Option<super::stats::StatsCache>,
    pub message: Option<String>,
    /// Where *Export every game…* wrote its files (shown beside the button).
    pub exported: Option<String>,
    /// Opened from a game on the table: *Back* returns to it.
    pub from_table: bool,
    /// The plays of the other games.
    pub others: Vec<crate::history::other::OtherPlay>,
}

/// What *History* asks of the window: its buttons, as commands the router applies (the
/// screen itself changes only its own view: tabs, filters, the replay's position).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum HistoryCommand {
    /// *Back*: to the game on the table, or the start screen.
    Back,
    /// *Export every game…*: BG Stats' and the CSV files, in the data folder.
    Export,
    /// A game of the list opened: its score and replay.
    Open(i64),
    /// *Resume* a game not finished.
    Resume(i64),
    /// *Resume* a play of another game ("traumfabrik" or "little-factory").
    ResumeOther(bool),
}

impl HistoryView {
    /// Draws *History* in `tr`'s words; the statistics are worked out from `history` when
    /// their tab opens. Returns the button clicked.
    pub(in crate::ui) fn ui(
        &mut self,
        ui: &mut Ui,
        tr: &Tr,
        history: Option<&crate::history::History>,
    ) -> Option<HistoryCommand> {
        let mut command = None;
        egui::Panel::top("history-tabs").show(ui, |ui| {
            ui.horizontal(|ui| {
                let back_to = if self.from_table {
                    "history-back-game"
                } else {
                    "history-back"
                };
                if ui.button(tr.t(back_to)).clicked() {
                    command = Some(HistoryCommand::Back);
                }
                ui.separator();
                ui.selectable_value(&mut self.tab, Tab::Games, tr.t("history-games"));
                ui.selectable_value(&mut self.tab, Tab::Statistics, tr.t("history-stats"));
                ui.selectable_value(&mut self.tab, Tab::Others, tr.t("history-others"));
                ui.separator();
                if ui.button(tr.t("history-export")).clicked() {
                    command = Some(HistoryCommand::Export);
                }
            });
            if let Some(said) = &self.exported {
                ui.add(egui::Label::new(said.as_str()).wrap());
            }
        });
        match self.tab {
            Tab::Others => {
                if let Some(game) = super::other_history::show(ui, tr, &self.others) {
                    command = Some(HistoryCommand::ResumeOther(game == "traumfabrik"));
                }
            }
            Tab::Statistics => {
                // Worked out when the tab opens or its player changes, not every frame.
                if self.stats.as_ref().is_none_or(|s| s.player != self.player) {
                    let summary = history
                        .and_then(|h| h.built_summary().ok())
                        .unwrap_or_default();
                    self.stats = Some(super::stats::StatsCache::new(self, &summary));
                }
                super::stats::show(ui, tr, self);
            }
            Tab::Games => {
                let now = crate::session::recorder::now();
                egui::Panel::left("history-list")
                    .resizable(true)
                    .default_size(520.0)
                    .show(ui, |ui| {
                        filters(ui, tr, self);
                        ui.separator();
                        let shown: Vec<usize> = (0..self.rows.len())
                            .filter(|&i| keep(self, &self.rows[i], now))
                            .collect();
                        ui.label(tr.t_args("history-count", &[("count", shown.len().into())]));
                        let selected = self.replay.as_ref().map(|r| r.id);
                        let h = ui.text_style_height(&egui::TextStyle::Body) * 2.6;
                        egui::ScrollArea::vertical().auto_shrink(false).show_rows(
                            ui,
                            h,
                            shown.len(),
                            |ui, range| {
                                for &i in &shown[range] {
                                    let g = &self.rows[i];
                                    let text = row_text(tr, g);
                                    if ui.selectable_label(Some(g.id) == selected, text).clicked() {
                                        command = Some(HistoryCommand::Open(g.id));
                                    }
                                }
                            },
                        );
                    });
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    if let Some(m) = &self.message {
                        ui.colored_label(ui.visuals().error_fg_color, m);
                    }
                    match self.replay.as_mut() {
                        Some(replay) => {
                            let row = self.rows.iter().find(|r| r.id == replay.id);
                            ui.horizontal(|ui| {
                                if row.is_some_and(|r| !r.finished)
                                    && ui.button(tr.t("history-resume")).clicked()
                                {
                                    command = Some(HistoryCommand::Resume(replay.id));
                                }
                                if row.is_some_and(|r| r.finished) {
                                    let label = if replay.bgstats {
                                        tr.t("history-bgstats-hide")
                                    } else {
                                        tr.t("history-bgstats-show")
                                    };
                                    if ui
                                        .button(label)
                                        .on_hover_text(tr.t("history-bgstats-hint"))
                                        .clicked()
                                    {
                                        replay.bgstats = !replay.bgstats;
                                    }
                                }
                            });
                            if let Some(r) = row.filter(|_| replay.bgstats) {
                                let link = crate::history::export::create_play_link(r);
                                ui.label(tr.t("history-bgstats-scan"));
                                super::invite::qr_code(ui, &link);
                                ui.hyperlink_to(tr.t("history-bgstats-open"), &link);
                                ui.separator();
                            }
                            replay_ui(ui, tr, replay);
                        }
                        None => {
                            ui.label(tr.t(if self.rows.is_empty() {
                                "history-empty"
                            } else {
                                "history-pick"
                            }));
                        }
                    }
                });
            }
        }
        command
    }
}

impl ForemanApp {
    /// Opens *History*, its list read now.
    pub fn open_history(&mut self) {
        let (rows, people, message) = match self.recorder.history.as_ref() {
            Some(h) => match (h.games(&Filter::default()), h.people()) {
                (Ok(rows), Ok(people)) => (rows, people, None),
                (Err(e), _) | (_, Err(e)) => (Vec::new(), Vec::new(), Some(e.to_string())),
            },
            None => (
                Vec::new(),
                Vec::new(),
                Some(self.recorder.notice.clone().unwrap_or_default()),
            ),
        };
        let from_table = matches!(self.screen, Screen::Table) && self.session.is_some();
        // From a game of Traumfabrik or Little Factory, History opens on their tab.
        let from_other = matches!(
            self.screen,
            Screen::LittleFactory(_) | Screen::Traumfabrik(_)
        );
        let others = self
            .recorder
            .history
            .as_ref()
            .and_then(|h| h.other_plays().ok())
            .unwrap_or_default();
        self.screen = Screen::History(Box::new(HistoryView {
            others,
            tab: if from_other { Tab::Others } else { Tab::Games },
            rows,
            people,
            mode: None,
            player: None,
            machine: None,
            since: Since::All,
            replay: None,
            stats: None,
            message,
            exported: None,
            from_table,
        }));
    }

    /// Opens *History* on its *Statistics* tab (worked out afresh; the list is read only if
    /// *History* is not open).
    pub fn open_statistics(&mut self) {
        if !matches!(self.screen, Screen::History(_)) {
            self.open_history();
        }
        if let Screen::History(view) = &mut self.screen {
            view.tab = Tab::Statistics;
            view.stats = None;
        }
    }

    pub(in crate::ui) fn history_screen(&mut self, ui: &mut Ui) {
        let Screen::History(view) = &mut self.screen else {
            return;
        };
        match view.ui(ui, &self.tr, self.recorder.history.as_ref()) {
            Some(HistoryCommand::Export) => self.export_history(),
            Some(HistoryCommand::Open(id)) => self.open_replay(id),
            Some(HistoryCommand::Resume(id)) => self.resume_from_history(id),
            Some(HistoryCommand::ResumeOther(true)) => self.open_traumfabrik(),
            Some(HistoryCommand::ResumeOther(false)) => self.open_little_factory(),
            Some(HistoryCommand::Back) => {
                let from_table = matches!(&self.screen, Screen::History(v) if v.from_table);
                if from_table && self.session.is_some() {
                    self.screen = Screen::Table;
                } else {
                    self.open_start_screen();
                }
            }
            None => {}
        }
    }

    /// Writes every game for BG Stats and as CSV into the data folder's `exports`, as
    /// `foreman export` does, and says where (or why not).
    fn export_history(&mut self) {
        use crate::history::export;
        let Screen::History(view) = &mut self.screen else {
            return;
        };
        let dir = self.data_dir.join("exports");
        let bgstats = dir.join("foreman.bgsplay");
        let csv = dir.join("foreman-games.csv");
        let players = dir.join("foreman-games-players.csv");
        let others = dir.join("foreman-games-other-games.csv");
        let written = std::fs::create_dir_all(&dir)
            .map_err(|e| e.to_string())
            .and_then(|_| {
                serde_json::to_string_pretty(&export::bgstats_with(&view.rows, &view.others))
                    .map_err(|e| e.to_string())
            })
            .and_then(|text| crate::store::write_atomic(&bgstats, text).map_err(|e| e.to_string()))
            .and_then(|_| export::csv_games(&view.rows).map_err(|e| e.to_string()))
            .and_then(|text| crate::store::write_atomic(&csv, text).map_err(|e| e.to_string()))
            .and_then(|_| export::csv_players(&view.rows).map_err(|e| e.to_string()))
            .and_then(|text| crate::store::write_atomic(&players, text).map_err(|e| e.to_string()))
            .and_then(|_| export::csv_other_plays(&view.others).map_err(|e| e.to_string()))
            .and_then(|text| crate::store::write_atomic(&others, text).map_err(|e| e.to_string()));
        match written {
            Ok(()) => {
                view.exported = Some(self.tr.t_args(
                    "history-exported",
                    &[
                        ("bgstats", bgstats.display().to_string().into()),
                        ("csv", csv.display().to_string().into()),
                    ],
                ))
            }
            Err(e) => view.message = Some(e),
        }
    }

    fn open_replay(&mut self, id: i64) {
        let loaded = self.recorder.history.as_ref().map(|h| h.game(id));
        let replay = match loaded {
            Some(Ok(game)) => Some(Ok(Replay::new(&self.tr, id, game))),
            Some(Err(e)) => Some(Err(e)),
            None => None,
        };
        let Screen::History(view) = &mut self.screen else {
            return;
        };
        match replay {
            Some(Ok(replay)) => {
                view.replay = Some(replay);
                view.message = None;
            }
            Some(Err(e)) => view.message = Some(e.to_string()),
            None => {}
        }
    }

    /// Resumes a game not finished: from its own file when it still holds this game, else
    /// from a copy of the history's put among the games put aside.
    fn resume_from_history(&mut self, id: i64) {
        let Screen::History(view) = &self.screen else {
            return;
        };
        let Some(replay) = view.replay.as_ref().filter(|r| r.id == id) else {
            return;
        };
        let file = view
            .rows
            .iter()
            .find(|r| r.id == id)
            .and_then(|r| r.file.clone());
        let journal = replay.game.journal().to_vec();
        let own = file.filter(|f| {
            crate::store::load_game(f)
                .is_ok_and(|g| g.setup() == replay.game.setup() && g.journal() == journal)
        });
        let path = match own {
            Some(f) => f,
            None => {
                let dir = crate::store::games_dir(&self.data_dir);
                let path = dir.join(format!(
                    "game-{}-history.json",
                    crate::session::recorder::now()
                ));
                if let Err(e) = std::fs::create_dir_all(&dir)
                    .map_err(|e| e.to_string())
                    .and_then(|_| {
                        crate::store::save_game(&path, &replay.game).map_err(|e| e.to_string())
                    })
                {
                    if let Screen::History(view) = &mut self.screen {
                        view.message = Some(e);
                    }
                    return;
                }
                path
            }
        };
        self.open_file(&path);
    }
}

/// Whether `g` passes the screen's filters.
fn keep(view: &HistoryView, g: &GameRow, now: i64) -> bool {
    let since = match view.since {
        Since::All => None,
        Since::Week => Some(now - 7 * 86_400),
        Since::Month => Some(now - 30 * 86_400),
        Since::Year => Some(now - 365 * 86_400),
    };
    view.mode.is_none_or(|m| m == g.mode)
        && view
            .machine
            .as_ref()
            .is_none_or(|m| g.machine.as_deref() == Some(m.as_str()))
        && since.is_none_or(|t| g.started >= t)
        && view.player.as_ref().is_none_or(|p| {
            g.seats
                .iter()
                .any(|s| s.bot.is_none() && s.name.eq_ignore_ascii_case(p))
        })
}

fn filters(ui: &mut Ui, tr: &Tr, view: &mut HistoryView) {
    ui.horizontal_wrapped(|ui| {
        let any = tr.t("history-any");
        let mode_text = |m: Option<Mode>| match m {
            None => tr.t("history-any-mode"),
            Some(Mode::Digital) => tr.t("mode-digital-short"),
            Some(Mode::Companion) => tr.t("mode-companion-short"),
        };
        egui::ComboBox::from_id_salt("history-mode")
            .selected_text(mode_text(view.mode))
            .show_ui(ui, |ui| {
                for m in [None, Some(Mode::Digital), Some(Mode::Companion)] {
                    ui.selectable_value(&mut view.mode, m, mode_text(m));
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr.t("history-filter-mode"))
            });
        egui::ComboBox::from_id_salt("history-player")
            .selected_text(
                view.player
                    .clone()
                    .unwrap_or_else(|| tr.t("history-any-player")),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.player, None, tr.t("history-any-player"));
                for p in &view.people {
                    ui.selectable_value(&mut view.player, Some(p.clone()), p);
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr.t("history-filter-player"))
            });
        let level = |m: &Option<String>| match m {
            None => tr.t("history-any-machine"),
            Some(l) => tr.t_args(
                "history-machine",
                &[("level", tr.t(&format!("difficulty-{l}")).into())],
            ),
        };
        egui::ComboBox::from_id_salt("history-machine")
            .selected_text(level(&view.machine))
            .show_ui(ui, |ui| {
                for m in [
                    None,
                    Some("easy"),
                    Some("medium"),
                    Some("hard"),
                    Some("expert"),
                ] {
                    let m = m.map(str::to_string);
                    let text = level(&m);
                    ui.selectable_value(&mut view.machine, m, text);
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::ComboBox,
                    true,
                    tr.t("history-filter-machine"),
                )
            });
        let since_text = |s: Since| match s {
            Since::All => any.clone(),
            Since::Week => tr.t("history-week"),
            Since::Month => tr.t("history-month"),
            Since::Year => tr.t("history-year"),
        };
        egui::ComboBox::from_id_salt("history-since")
            .selected_text(since_text(view.since))
            .show_ui(ui, |ui| {
                for s in [Since::All, Since::Week, Since::Month, Since::Year] {
                    ui.selectable_value(&mut view.since, s, since_text(s));
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr.t("history-filter-date"))
            });
    });
}

/// A game in the list: its date and kind, then its players and scores, and the winner.
fn row_text(tr: &Tr, g: &GameRow) -> String {
    let date = crate::history::export::local_date_time(g.started);
    let kind = match &g.machine {
        Some(l) => tr.t_args(
            "history-machine",
            &[("level", tr.t(&format!("difficulty-{l}")).into())],
        ),
        None => tr.t(match g.mode {
            Mode::Digital => "mode-digital-short",
            Mode::Companion => "mode-companion-short",
        }),
    };
    let mut scores: Vec<String> = g
        .seats
        .iter()
        .map(|s| match s.score {
            Some(v) => format!("{} {v}", s.name),
            None => s.name.clone(),
        })
        .collect();
    if g.machine.is_some() {
        let m = tr.t("machine");
        scores.push(match g.machine_score {
            Some(v) if g.finished => format!("{m} {v}"),
            _ => m,
        });
    }
    let end = if g.finished {
        let names: Vec<String> = if g.machine_won {
            vec![tr.t("machine")]
        } else {
            g.winners().iter().map(|s| s.to_string()).collect()
        };
        tr.t_args("winner", &[("name", names.join(" & ").into())])
    } else {
        tr.t_args("history-unfinished", &[("round", g.rounds.into())])
    };
    // How long it went: rounds, and minutes when timed.
    let length = match g.played.filter(|&p| p > 0) {
        Some(p) => tr.t_args(
            "history-length-timed",
            &[
                ("rounds", g.rounds.into()),
                ("minutes", ((p / 60).max(1) as u32).into()),
            ],
        ),
        None => tr.t_args("history-length", &[("rounds", g.rounds.into())]),
    };
    format!(
        "{} · {kind} · {length}\n{} — {end}",
        &date[..16],
        scores.join(", ")
    )
}

/// One game: its final score, then the table after the action chosen, with the log.
fn replay_ui(ui: &mut Ui, tr: &Tr, replay: &mut Replay) {
    let last = replay.last();
    // Arrow keys step by action (left, right) and by round (up, down).
    let keys = ui.input(|i| {
        (
            i.key_pressed(Key::ArrowLeft),
            i.key_pressed(Key::ArrowRight),
            i.key_pressed(Key::ArrowUp),
            i.key_pressed(Key::ArrowDown),
            (i.key_pressed(Key::Home), i.key_pressed(Key::End)),
        )
    });
    let focus_free = ui.memory(|m| m.focused().is_none());
    if focus_free {
        if keys.0 {
            replay.at = replay.at.saturating_sub(1);
        }
        if keys.1 {
            replay.at = (replay.at + 1).min(last);
        }
        if keys.2 {
            replay.round_back();
        }
        if keys.3 {
            replay.round_forward();
        }
        if keys.4.0 {
            replay.at = 0;
        }
        if keys.4.1 {
            replay.at = last;
        }
    }
    if replay.game.state().is_over() {
        final_score(ui, tr, &replay.game);
        ui.separator();
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr.t("history-round-back")).clicked() {
            replay.round_back();
        }
        if ui.button(tr.t("history-step-back")).clicked() {
            replay.at = replay.at.saturating_sub(1);
        }
        if ui.button(tr.t("history-step-forward")).clicked() {
            replay.at = (replay.at + 1).min(last);
        }
        if ui.button(tr.t("history-round-forward")).clicked() {
            replay.round_forward();
        }
    });
    // The slider on its own row, as wide as the panel leaves beside its number and label.
    ui.horizontal(|ui| {
        let label = tr.t("history-actions");
        let text = ui.painter().layout_no_wrap(
            label.clone(),
            egui::TextStyle::Body.resolve(ui.style()),
            egui::Color32::WHITE,
        );
        let beside = text.size().x + 3.0 * ui.spacing().interact_size.x + 16.0;
        ui.spacing_mut().slider_width = (ui.available_width() - beside).max(120.0);
        ui.add(
            egui::Slider::new(&mut replay.at, 0..=last)
                .text(label)
                .integer(),
        );
    });
    ui.label(RichText::new(tr.t("history-keys")).small().weak());
    let at_start = replay.at == 0 || replay.round_start(replay.at);
    let st = &replay.states[replay.at.min(last)];
    ui.label(
        RichText::new(
            match replay.at.checked_sub(1).and_then(|k| replay.lines.get(k)) {
                // A round's first position says so (not the last action of the round before).
                Some(_) if replay.round_start(replay.at) => tr.t_args(
                    "history-round-start",
                    &[("round", replay.states[replay.at].round.into())],
                ),
                Some((round, line)) => tr.t_args(
                    "history-after",
                    &[("round", (*round).into()), ("line", line.clone().into())],
                ),
                None => tr.t("history-start"),
            },
        )
        .strong(),
    );
    ui.columns(2, |cols| {
        egui::ScrollArea::vertical()
            .id_salt("replay-board")
            .show(&mut cols[0], |ui| board(ui, tr, &replay.game, st));
        egui::ScrollArea::vertical()
            .id_salt("replay-log")
            .show(&mut cols[1], |ui| {
                let mut round = None;
                for (k, (r, line)) in replay.lines.iter().enumerate() {
                    if round != Some(*r) {
                        round = Some(*r);
                        // A round's heading stands for its first position: chosen there,
                        // a click goes there.
                        let current = at_start && k == replay.at;
                        let resp = ui.selectable_label(
                            current,
                            RichText::new(tr.t_args("log-round", &[("round", (*r).into())]))
                                .strong(),
                        );
                        if resp.clicked() {
                            replay.at = k;
                        }
                        if current && replay.scrolled != Some(replay.at) {
                            resp.scroll_to_me(Some(egui::Align::Center));
                            replay.scrolled = Some(replay.at);
                        }
                    }
                    let current = k + 1 == replay.at && !at_start;
                    let resp = ui.selectable_label(current, line);
                    if resp.clicked() {
                        replay.at = k + 1;
                    }
                    if current && replay.scrolled != Some(replay.at) {
                        resp.scroll_to_me(Some(egui::Align::Center));
                        replay.scrolled = Some(replay.at);
                    }
                }
            });
    });
}

/// Each player's total, prestige and goods, the winner first.
fn final_score(ui: &mut Ui, tr: &Tr, game: &Game) {
    let board = scoreboard(game.state());
    let winner = words::winner(tr, game, &board.winner);
    ui.heading(tr.t_args("winner", &[("name", winner.into())]));
    if let Some(tb) = board.tie_break {
        ui.label(words::tie_break(tr, tb));
    }
    egui::Grid::new("history-score")
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new(tr.t("score-prestige")).strong());
            ui.label(RichText::new(tr.t("score-goods")).strong());
            ui.label(RichText::new(tr.t("score-total")).strong());
            ui.end_row();
            for p in &board.players {
                ui.label(words::player_name(tr, game, p.seat));
                ui.label(p.prestige.to_string());
                ui.label(p.goods.to_string());
                ui.label(RichText::new(p.total.to_string()).strong());
                ui.end_row();
            }
            if let Some(m) = &board.machine {
                ui.label(tr.t("machine"));
                // Not prestige: the Machine counts its cards and Monuments.
                ui.label(tr.t_args(
                    "history-machine-cards",
                    &[("cards", m.cards.into()), ("monuments", m.monuments.into())],
                ));
                ui.label(m.goods.to_string());
                ui.label(RichText::new(m.total.to_string()).strong());
                ui.end_row();
            }
        });
}

/// The table at one position: the market, each player, the Machine.
fn board(ui: &mut Ui, tr: &Tr, game: &Game, st: &State) {
    let width = 150.0;
    ui.label(RichText::new(tr.t("web-market")).strong());
    tiles(ui, |ui| {
        for c in st.market.blueprints.iter().flatten() {
            super::card::blueprint_tile(ui, tr, *c, width, compact(), |_| {});
        }
    });
    ui.horizontal_wrapped(|ui| {
        for c in st.market.contractors.iter().flatten() {
            ui.label(format!("· {}", words::contractor_name(tr, *c)));
        }
    });
    for (seat, p) in st.players.iter().enumerate() {
        ui.separator();
        ui.label(
            RichText::new(format!(
                "{} — {}",
                words::player_name(tr, game, seat),
                tr.t_args(
                    "history-player-line",
                    &[
                        ("metal", p.metal.into()),
                        ("energy", p.energy.into()),
                        ("goods", p.goods.into()),
                        ("prestige", p.prestige().into()),
                        ("hand", p.hand_size().into()),
                    ],
                )
            ))
            .strong(),
        );
        let dice: Vec<String> = p
            .dice
            .as_slice()
            .iter()
            .map(|d| d.value.to_string())
            .collect();
        if !dice.is_empty() {
            ui.label(tr.t_args("history-dice", &[("dice", dice.join(" ").into())]));
        }
        tiles(ui, |ui| {
            for (c, n) in p.compound.iter() {
                let mut shown = compact();
                shown.copies = n;
                super::card::blueprint_tile(ui, tr, c, width, shown, |_| {});
            }
        });
    }
    if let Some(m) = &st.machine {
        ui.separator();
        ui.label(
            RichText::new(format!(
                "{} — {}",
                tr.t("machine"),
                tr.t_args(
                    "history-machine-line",
                    &[("goods", m.goods.into()), ("score", m.score().into())]
                )
            ))
            .strong(),
        );
        tiles(ui, |ui| {
            for (c, n) in m.compound.iter() {
                let mut shown = compact();
                shown.copies = n;
                super::card::blueprint_tile(ui, tr, c, width, shown, |_| {});
            }
        });
    }
}

/// Tiles in rows, their tops in line.
fn tiles(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    ui.with_layout(
        egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true),
        add,
    );
}

fn compact() -> super::card::Shown {
    super::card::Shown {
        compact: true,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Setup;
    use crate::history::SeatRow;
    use crate::i18n::Lang;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use std::cell::{Cell, RefCell};

    fn row(id: i64, name: &str, finished: bool) -> GameRow {
        GameRow {
            id,
            started: 1_700_000_000 + id * 86_400,
            updated: 1_700_000_000 + id * 86_400 + 1800,
            played: Some(1800),
            mode: Mode::Digital,
            machine: Some("medium".into()),
            machine_score: finished.then_some(30),
            rounds: 9,
            actions: 200,
            finished,
            machine_won: false,
            file: None,
            seats: vec![SeatRow {
                seat: 0,
                name: name.into(),
                bot: None,
                score: finished.then_some(31),
                won: finished,
                rank: finished.then_some(1),
                first: true,
            }],
        }
    }

    /// Issue 94, point 3: *History* is drawn and tested alone, from its own view: a game of
    /// the list clicked, *Resume*, *Export* and *Back* come back as commands for the window.
    #[test]
    fn history_is_drawn_alone_and_its_buttons_are_commands() {
        let tr = Tr::new(Lang::En);
        let rows = vec![row(5, "Ann", false), row(6, "Bo", true)];
        let bo = row_text(&tr, &rows[1]);
        let game = Game::new_dealt(Setup::solo("Ann", crate::engine::Difficulty::Medium, 3))
            .expect("a game");
        let view = RefCell::new(HistoryView {
            tab: Tab::Games,
            rows,
            people: vec!["Ann".into(), "Bo".into()],
            mode: None,
            player: None,
            machine: None,
            since: Since::All,
            replay: Some(Replay::new(&tr, 5, game)),
            stats: None,
            message: None,
            exported: None,
            from_table: false,
            others: Vec::new(),
        });
        let clicked = Cell::new(None);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui(|ui| {
                if let Some(c) = view.borrow_mut().ui(ui, &tr, None) {
                    clicked.set(Some(c));
                }
            });
        h.run();
        assert_eq!(clicked.get(), None);
        h.get_by_label(&bo).click();
        h.run();
        assert_eq!(clicked.get(), Some(HistoryCommand::Open(6)));
        h.get_by_label(&tr.t("history-resume")).click();
        h.run();
        assert_eq!(clicked.get(), Some(HistoryCommand::Resume(5)));
        h.get_by_label(&tr.t("history-export")).click();
        h.run();
        assert_eq!(clicked.get(), Some(HistoryCommand::Export));
        h.get_by_label(&tr.t("history-back")).click();
        h.run();
        assert_eq!(clicked.get(), Some(HistoryCommand::Back));
        // The tabs are the view's own: *Statistics* changes it, and asks nothing.
        clicked.set(None);
        h.get_by_label(&tr.t("history-stats")).click();
        h.run();
        assert_eq!(view.borrow().tab, Tab::Statistics);
        assert_eq!(clicked.get(), None);
    }
}
