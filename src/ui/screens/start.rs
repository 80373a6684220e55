//! The start screen: solo or several players, the mode, names, colours and dice sources;
//! resume the last game or open a saved one.

use super::app::*;
use crate::engine::state::{Colour, Difficulty};
use crate::engine::{Act, BotLevel, Hands, Mode, PlayerSetup, Setup};
use crate::i18n::{Tr, words};
use crate::session::Session;
use egui::{Color32, RichText, Ui};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The new-game form, remembered between runs (`Settings::setup`) as it was when a game was
/// last started from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StartForm {
    solo: bool,
    difficulty: Difficulty,
    mode: Mode,
    names: Vec<String>,
    colours: Vec<Colour>,
    dice: Vec<DiceSource>,
    /// Who plays each seat of a digital game: a person (`None`) or a bot.
    bots: Vec<Option<BotLevel>>,
    machine_dice: DiceSource,
    /// Who plays first (docs/rules.md, setup 1: "choose the first player"): a seat, or `None` for
    /// a seat drawn by the game's seed.
    first: Option<usize>,
    #[serde(skip)]
    open_path: String,
    /// The form was a table companion game before: its dice were chosen for the table then.
    was_at_the_table: bool,
}

impl Default for StartForm {
    fn default() -> Self {
        StartForm {
            solo: true,
            difficulty: Difficulty::Medium,
            mode: Mode::Digital,
            // Left empty, a name is the window's word for a player and the seat's number.
            names: vec![String::new()],
            colours: vec![Colour::Blue],
            dice: vec![DiceSource::Virtual],
            bots: vec![None],
            machine_dice: DiceSource::Virtual,
            first: Some(0),
            open_path: String::new(),
            was_at_the_table: false,
        }
    }
}

impl StartForm {
    /// A remembered form made whole again: every seat's column as long as its names, colours
    /// apart, a first player who sits at the table. A form that cannot be is the default.
    pub(in crate::ui) fn mended(mut self) -> StartForm {
        let n = self.names.len();
        let sane = (1..=5).contains(&n)
            && self.solo == (n == 1)
            && self.colours.len() == n
            && (1..n).all(|i| !self.colours[..i].contains(&self.colours[i]))
            && self.first.is_none_or(|f| f < n);
        if !sane {
            return StartForm::default();
        }
        self.dice.resize(n, first_dice(self.mode));
        self.bots.resize(n, None);
        self
    }

    /// Turning to a table companion game: players at a real table roll their real dice, so
    /// a seat still on Foreman's virtual dice is typed instead (any source can still be
    /// chosen). Only the first time: a seat set to virtual dice at the table keeps them
    /// through a turn to a digital game and back.
    fn turn_to_the_table(&mut self) {
        if std::mem::replace(&mut self.was_at_the_table, true) {
            return;
        }
        for source in self.dice.iter_mut().chain([&mut self.machine_dice]) {
            if *source == first_dice(Mode::Digital) {
                *source = first_dice(Mode::Companion);
            }
        }
    }

    /// The dice source of each seat, the Machine's last: a digital game rolls Foreman's own.
    fn dice_used(&self) -> Vec<DiceSource> {
        let mut used = self.dice.clone();
        used.push(self.machine_dice);
        if self.mode == Mode::Digital {
            used.fill(DiceSource::Virtual);
        }
        used
    }
}

/// What the start screen offers to resume, read when it opens (not per frame).
#[derive(Default)]
pub(in crate::ui) struct Offers {
    /// Whether a last game is on disk.
    pub(in crate::ui) has_last_game: bool,
    /// The last game as it was when the start screen opened: *Resume* says which it is.
    pub(in crate::ui) last_game: Option<std::rc::Rc<crate::engine::Game>>,
    /// The games put aside (by *New game* while one was unfinished): most recent first.
    pub(in crate::ui) kept: Vec<crate::store::KeptGame>,
    /// A game of Traumfabrik, of Little Factory, not yet over is kept in the data folder
    /// (resumed on its button).
    pub(in crate::ui) traumfabrik: bool,
    pub(in crate::ui) little_factory: bool,
}

/// What the start screen asks of the window: its buttons, as commands the router applies
/// (the screen itself changes only its form).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum StartCommand {
    /// *Start the game*, from the form as it is.
    Start,
    /// *Resume* the last game.
    Resume,
    /// *Open* the path typed (or Enter in its box).
    Open,
    /// *Browse…*: the system's file dialog.
    Browse,
    /// *Resume* the `n`-th game put aside.
    ResumeKept(usize),
    /// The path was typed on: the last error about it no longer stands.
    PathTyped,
    /// Another game at the table: Traumfabrik (true) or Little Factory.
    Other(bool),
}

/// The start screen in `tr`'s words, with the last `message` and what it `offers` to resume.
/// Drawn alone, from what it is given: it changes its form and returns the button clicked.
pub(in crate::ui) struct StartScreen<'a> {
    pub(in crate::ui) tr: &'a Tr,
    pub(in crate::ui) message: Option<&'a str>,
    pub(in crate::ui) offers: &'a Offers,
}

impl StartScreen<'_> {
    /// Draws the screen and its `form`; `below` adds to its foot (the smart-dice panel).
    pub(in crate::ui) fn ui(
        &self,
        ui: &mut Ui,
        form: &mut StartForm,
        below: impl FnOnce(&mut Ui),
    ) -> Option<StartCommand> {
        let tr = self.tr;
        let t = |k: &str| tr.t(k);
        let ta = |k: &str, a: &[(&str, crate::i18n::Arg)]| tr.t_args(k, a);
        let mut command = None;
        let mut tab_to: Option<usize> = None;
        let mut name_ids: Vec<egui::Id> = Vec::new();
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                centred(ui, 720.0, |ui| {
                    ui.add_space(16.0);
                    ui.label(RichText::new(t("start-title")).size(24.0).strong());
                    // The games beside it (issue 92), at the table.
                    ui.horizontal_wrapped(|ui| {
                        ui.label(t("other-games"));
                        // A game kept in the data folder is resumed by its button: it says so.
                        let resume = |name: &str, kept: bool| {
                            if kept {
                                ta("other-resume", &[("game", name.to_string().into())])
                            } else {
                                name.to_string()
                            }
                        };
                        if ui
                            .button(resume("Traumfabrik", self.offers.traumfabrik))
                            .on_hover_text(t("other-traumfabrik-hint"))
                            .clicked()
                        {
                            command = Some(StartCommand::Other(true));
                        }
                        if ui
                            .button(resume("Little Factory", self.offers.little_factory))
                            .on_hover_text(t("other-little-factory-hint"))
                            .clicked()
                        {
                            command = Some(StartCommand::Other(false));
                        }
                    });
                    // The error's line is kept when there is none: nothing below moves
                    // when it goes (the path box keeps its place and the keyboard).
                    ui.colored_label(Color32::from_rgb(230, 90, 70), self.message.unwrap_or(" "));
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        ui.selectable_value(&mut form.solo, true, t("solo"));
                        ui.selectable_value(&mut form.solo, false, t("multiplayer"));
                    });
                    if form.solo {
                        form.names.truncate(1);
                        form.colours.truncate(1);
                        form.dice.truncate(1);
                        form.bots.truncate(1);
                        ui.horizontal(|ui| {
                            ui.label(t("difficulty"));
                            for d in Difficulty::ALL {
                                let key = format!("difficulty-{}", d.name().to_lowercase());
                                ui.selectable_value(&mut form.difficulty, d, t(&key));
                            }
                        });
                    } else {
                        // One player is the solo game (docs/rules.md, decisions for the program).
                        if form.names.len() < 2 {
                            resize_players(form, 2);
                        }
                        ui.horizontal(|ui| {
                            ui.label(t("players"));
                            for n in 2..=5usize {
                                if ui
                                    .selectable_label(form.names.len() == n, n.to_string())
                                    .on_hover_text(ta("players-count", &[("count", n.into())]))
                                    .clicked()
                                {
                                    resize_players(form, n);
                                }
                            }
                        });
                    }
                    let mode_before = form.mode;
                    ui.horizontal(|ui| {
                        ui.label(t("mode"));
                        ui.selectable_value(&mut form.mode, Mode::Digital, t("mode-digital"))
                            .on_hover_text(t("mode-digital-hint"));
                        ui.selectable_value(&mut form.mode, Mode::Companion, t("mode-companion"))
                            .on_hover_text(t("mode-companion-hint"));
                    });
                    if mode_before == Mode::Digital && form.mode == Mode::Companion {
                        form.turn_to_the_table();
                    }
                    ui.add_space(6.0);
                    egui::Grid::new("players-form")
                        .striped(true)
                        .show(ui, |ui| {
                            ui.strong(t("name"));
                            ui.strong(t("colour"));
                            ui.strong(t("dice-source"));
                            if form.mode == Mode::Digital {
                                ui.strong(t("plays"));
                            }
                            ui.end_row();
                            for i in 0..form.names.len() {
                                let label = ta("player-name", &[("seat", (i + 1).into())]);
                                let default = ta("player-default", &[("seat", (i + 1).into())]);
                                let name = ui.add(
                                    // A grid's column is as wide as it was: the field
                                    // asks its width as a least size, or it never grows.
                                    egui::TextEdit::singleline(&mut form.names[i])
                                        .id_salt(("player-name", i))
                                        .desired_width(160.0)
                                        .min_size(egui::vec2(160.0, 0.0))
                                        .hint_text(default)
                                        // Tab is ours: it goes to the next name.
                                        .lock_focus(true),
                                );
                                // No tooltip: it covered the next seat's field (the trial of
                                // issue 89); the column says "Name", the box "Player N", and
                                // a screen reader its name.
                                name.widget_info(|| {
                                    egui::WidgetInfo::labeled(
                                        egui::Role::TextInput,
                                        true,
                                        label.clone(),
                                    )
                                });
                                name_ids.push(name.id);
                                if name.has_focus() {
                                    tab_to = tab_to.or(ui.input(|k| tabbed(k, i)));
                                }
                                if form.solo {
                                    // The solo player's dice are white (docs/rules.md, solo game).
                                    ui.label(words::colour(tr, Colour::White));
                                    let label = ta("dice-of", &[("seat", (i + 1).into())]);
                                    dice_source_ui(tr, ui, &label, &mut form.dice[i], form.mode);
                                    seat_ui(tr, ui, i, &mut form.bots[i], form.mode);
                                    ui.end_row();
                                    continue;
                                }
                                let mut colour = form.colours[i];
                                egui::ComboBox::from_id_salt(("colour", i))
                                    .selected_text(words::colour(tr, colour))
                                    .show_ui(ui, |ui| {
                                        for c in Colour::ALL {
                                            ui.selectable_value(
                                                &mut colour,
                                                c,
                                                words::colour(tr, c),
                                            );
                                        }
                                    })
                                    .response
                                    .on_hover_text(ta("colour-of", &[("seat", (i + 1).into())]));
                                if colour != form.colours[i] {
                                    if let Some(j) = form.colours.iter().position(|&c| c == colour)
                                    {
                                        form.colours[j] = form.colours[i];
                                    }
                                    form.colours[i] = colour;
                                }
                                let label = ta("dice-of", &[("seat", (i + 1).into())]);
                                dice_source_ui(tr, ui, &label, &mut form.dice[i], form.mode);
                                seat_ui(tr, ui, i, &mut form.bots[i], form.mode);
                                ui.end_row();
                            }
                            if form.solo {
                                ui.label(t("machine"));
                                ui.label("");
                                let mut d = form.machine_dice;
                                let label = t("machine-dice");
                                dice_source_ui(tr, ui, &label, &mut d, form.mode);
                                form.machine_dice = d;
                                ui.end_row();
                            }
                        });
                    if !form.solo {
                        first_player_ui(tr, ui, form);
                    }
                    ui.add_space(8.0);
                    let start_button = ui.button(RichText::new(t("start-game")).size(18.0));
                    if start_button.clicked() {
                        command = Some(StartCommand::Start);
                    }
                    // Tab from a name: the next name, and from the last one the start button.
                    match tab_to.map(|j| name_ids.get(j)) {
                        Some(Some(&id)) => ui.memory_mut(|m| m.request_focus(id)),
                        Some(None) => start_button.request_focus(),
                        None => {}
                    }
                    ui.add_space(12.0);
                    ui.separator();
                    ui.horizontal_wrapped(|ui| {
                        // A finished last game is opened on its final score.
                        let finished = self
                            .offers
                            .last_game
                            .as_ref()
                            .is_some_and(|g| g.state().is_over());
                        let resume_label = if finished {
                            t("resume-finished")
                        } else {
                            t("resume")
                        };
                        if ui
                            .add_enabled(self.offers.has_last_game, egui::Button::new(resume_label))
                            .on_disabled_hover_text(t("resume-none"))
                            .clicked()
                        {
                            command = Some(StartCommand::Resume);
                        }
                        // Which game it is: its players, its round, its mode.
                        if let Some(g) = &self.offers.last_game {
                            ui.label(game_summary(tr, g));
                        }
                    });
                    // A browser has no files to open: its games are the browser's own (the last
                    // one and those put aside, below).
                    if !cfg!(target_arch = "wasm32") {
                        ui.horizontal(|ui| {
                            let label = t("open-path");
                            let typed = ui
                                .add(
                                    egui::TextEdit::singleline(&mut form.open_path)
                                        .id_salt("open-path")
                                        .desired_width(320.0)
                                        .hint_text(label.clone()),
                                )
                                .on_hover_text(label);
                            // A new path: the last one's error no longer stands.
                            if typed.changed() {
                                command = Some(StartCommand::PathTyped);
                            }
                            // Enter in the box opens the file, as *Open* does.
                            let entered =
                                typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                            if ui
                                .button(t("browse"))
                                .on_hover_text(t("browse-hint"))
                                .clicked()
                            {
                                command = Some(StartCommand::Browse);
                            }
                            if ui.button(t("open")).clicked() || entered {
                                command = Some(StartCommand::Open);
                            }
                        });
                    }
                    // The games put aside, most recent first, below *Open*: a list that grows never moves
                    // the buttons above it.
                    if !self.offers.kept.is_empty() {
                        ui.add_space(6.0);
                        ui.label(RichText::new(t("kept-games")).strong());
                        egui::Grid::new("kept-games").striped(true).show(ui, |ui| {
                            for (i, kept) in self.offers.kept.iter().enumerate() {
                                match &kept.game {
                                    Ok(game) => {
                                        ui.label(game_summary(tr, game));
                                        if ui.button(t("resume-this")).clicked() {
                                            command = Some(StartCommand::ResumeKept(i));
                                        }
                                    }
                                    Err(e) => {
                                        ui.label(kept.path.display().to_string());
                                        ui.weak(e);
                                    }
                                }
                                ui.end_row();
                            }
                        });
                    }
                    ui.separator();
                    below(ui);
                })
            });
        });
        command
    }
}

impl ForemanApp {
    /// The start screen, and what its buttons ask.
    pub(in crate::ui) fn start_screen(&mut self, ui: &mut Ui) {
        let Screen::Start(form) = &mut self.screen else {
            return;
        };
        let mut form = std::mem::take(form);
        let message = self.message.clone();
        #[cfg(not(target_arch = "wasm32"))]
        let (tr, smart) = (&self.tr, &mut self.smart);
        #[cfg(target_arch = "wasm32")]
        let tr = &self.tr;
        #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
        let mut said: Option<String> = None;
        let screen = StartScreen {
            tr,
            message: message.as_deref(),
            offers: &self.offers,
        };
        // The smart dice's port under their choice (none in a browser).
        #[cfg(not(target_arch = "wasm32"))]
        let command = screen.ui(ui, &mut form, |ui| said = smart.ui(ui, tr));
        #[cfg(target_arch = "wasm32")]
        let command = screen.ui(ui, &mut form, |_| ());
        if let Some(said) = said {
            self.message = Some(said);
        }
        match command {
            Some(StartCommand::Start) => {
                // Remembered for the next game (issue 75, point 14).
                self.settings.setup = Some(StartForm::clone(&form));
                self.start_game(&form);
            }
            Some(StartCommand::Resume) => {
                let path = self.last_game_path();
                self.resume(path, &form);
            }
            Some(StartCommand::Open) if form.open_path.trim().is_empty() => {
                self.message = Some(self.t("open-need-path"));
            }
            Some(StartCommand::Open) => {
                let path = PathBuf::from(form.open_path.trim());
                self.resume(path, &form);
            }
            Some(StartCommand::Browse) => match super::files::open_dialog() {
                Ok(Some(p)) => {
                    form.open_path = p.display().to_string();
                    self.resume(p, &form);
                }
                Ok(None) => {}
                Err(super::files::NoDialog) => self.message = Some(self.t("no-file-dialog")),
            },
            Some(StartCommand::ResumeKept(i)) => self.resume_kept(i, &form),
            Some(StartCommand::PathTyped) => self.message = None,
            Some(StartCommand::Other(true)) => {
                self.open_traumfabrik();
                return;
            }
            Some(StartCommand::Other(false)) => {
                self.open_little_factory();
                return;
            }
            None => {}
        }
        if let Screen::Start(f) = &mut self.screen {
            *f = form;
        }
    }
}

/// A game in a line: its players (or the solo player and the Machine's difficulty), its
/// round and its mode.
pub(in crate::ui) fn game_summary(tr: &Tr, game: &crate::engine::Game) -> String {
    // A bot's seat says so: "Cara (bot)".
    let names: Vec<String> = game
        .setup()
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let name = words::player_name(tr, game, seat);
            match p.bot {
                Some(_) => format!("{name} ({})", tr.t("bot-tag")),
                None => name,
            }
        })
        .collect();
    let who = match game.setup().machine {
        Some(d) => tr.t_args(
            "summary-solo",
            &[
                ("name", names.join(", ").into()),
                (
                    "difficulty",
                    tr.t(&format!("difficulty-{}", d.name().to_lowercase()))
                        .into(),
                ),
            ],
        ),
        None => names.join(", "),
    };
    let mode = match game.setup().mode {
        Mode::Digital => tr.t("mode-digital-short"),
        Mode::Companion => tr.t("mode-companion-short"),
    };
    tr.t_args(
        "summary",
        &[
            ("who", who.into()),
            ("round", game.state().round.into()),
            ("mode", mode.into()),
        ],
    )
}

fn dice_source_ui(tr: &Tr, ui: &mut Ui, label: &str, source: &mut DiceSource, mode: Mode) {
    if mode == Mode::Digital {
        // The choice made for a companion game is kept (a digital game rolls Foreman's
        // own dice whatever it says: `StartForm::dice_used`).
        ui.label(tr.t("dice-virtual"))
            .on_hover_text(tr.t("dice-digital-hint"));
        return;
    }
    // The column's heading says what it is: the seat's words are the list's name for a
    // screen reader (and the tests), and its hover text, not a label beside it.
    egui::ComboBox::from_id_salt(("dice-source", label))
        .selected_text(tr.t(source.key()))
        .show_ui(ui, |ui| {
            for s in DiceSource::ALL {
                // A browser reaches no camera or serial port: shown, greyed, with why.
                if cfg!(target_arch = "wasm32")
                    && matches!(s, DiceSource::Camera | DiceSource::SmartDice)
                {
                    ui.add_enabled(false, egui::Button::selectable(false, tr.t(s.key())))
                        .on_disabled_hover_text(tr.t("dice-computer-only"));
                    continue;
                }
                ui.selectable_value(source, s, tr.t(s.key()));
            }
        })
        .response
        .on_hover_text(label)
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, label));
}

/// Who plays first: a seat by its name, or one drawn by lot (docs/rules.md, setup 1).
fn first_player_ui(tr: &Tr, ui: &mut Ui, form: &mut StartForm) {
    let word = |first: Option<usize>| match first {
        Some(i) => match form.names.get(i).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => tr.t_args("player-default", &[("seat", (i + 1).into())]),
        },
        None => tr.t("first-by-lot"),
    };
    let label = tr.t("first-player");
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(&label);
        // Its name for a screen reader (and the tests), apart from the label beside it.
        let label = label.trim_end_matches([':', ' ', '\u{a0}']).to_string();
        let mut first = form.first;
        egui::ComboBox::from_id_salt("first-player")
            .selected_text(word(first))
            .show_ui(ui, |ui| {
                for i in 0..form.names.len() {
                    ui.selectable_value(&mut first, Some(i), word(Some(i)));
                }
                ui.selectable_value(&mut first, None, word(None));
            })
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
        form.first = first;
    });
}

/// Who plays seat `i` of a digital game: a person, or a bot (easy or hard). A companion
/// game's seats are all people.
fn seat_ui(tr: &Tr, ui: &mut Ui, i: usize, bot: &mut Option<BotLevel>, mode: Mode) {
    if mode != Mode::Digital {
        return;
    }
    let word = |b: Option<BotLevel>| match b {
        None => tr.t("seat-person"),
        Some(BotLevel::Easy) => tr.t("seat-bot-easy"),
        Some(BotLevel::Hard) => tr.t("seat-bot-hard"),
    };
    egui::ComboBox::from_id_salt(("plays", i))
        .selected_text(word(*bot))
        .show_ui(ui, |ui| {
            ui.selectable_value(bot, None, word(None));
            for level in BotLevel::ALL {
                ui.selectable_value(bot, Some(level), word(Some(level)));
            }
        })
        .response
        .on_hover_text(tr.t_args("seat-bot-hint", &[("seat", (i + 1).into())]));
}

impl ForemanApp {
    /// Resumes the `i`-th game put aside: the game now open is put aside in its place (unless
    /// finished), and the chosen one becomes the last game.
    pub(in crate::ui) fn resume_kept(&mut self, i: usize, form: &StartForm) {
        let Some(chosen) = self.offers.kept.get(i).map(|k| k.path.clone()) else {
            return;
        };
        if !self.keep_last_game() {
            return;
        }
        let last = self.last_game_path();
        if let Err(e) = std::fs::rename(&chosen, &last) {
            self.message = Some(format!("{}: {e}", chosen.display()));
            return;
        }
        self.resume(last, form);
    }

    pub(in crate::ui) fn seed(&mut self) -> u64 {
        self.next_seed.take().unwrap_or_else(|| {
            web_time::SystemTime::now()
                .duration_since(web_time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
    }

    pub(in crate::ui) fn start_game(&mut self, form: &StartForm) {
        // An unfinished game is put aside first: a new game never overwrites it.
        if !self.keep_last_game() {
            return;
        }
        let seed = self.seed();
        let setup = Setup {
            players: form
                .names
                .iter()
                .zip(&form.colours)
                .enumerate()
                .map(|(i, (name, &colour))| PlayerSetup {
                    // Left empty, the name is said in the window's language, whichever it is
                    // when said ("Player 1", "Joueur 1").
                    name: name.trim().to_string(),
                    // docs/rules.md, solo game: the solo player rolls the white dice.
                    colour: if form.solo { Colour::White } else { colour },
                    bot: match form.mode {
                        Mode::Digital => form.bots.get(i).copied().flatten(),
                        Mode::Companion => None,
                    },
                })
                .collect(),
            machine: form.solo.then_some(form.difficulty),
            mode: form.mode,
            // A companion game keeps each player's hand theirs (docs/rules.md, hidden hands).
            hands: match form.mode {
                Mode::Companion => Hands::Hidden,
                Mode::Digital => Hands::Open,
            },
            // Drawn by lot: by the game's seed, so that its replay draws the same seat.
            first_player: form
                .first
                .filter(|&f| f < form.names.len())
                .unwrap_or((seed % form.names.len().max(1) as u64) as usize),
            seed,
        };
        match Session::start(setup, self.last_game_path()) {
            Ok(s) => {
                self.settings.dice = form.dice_used();
                self.open_session(s);
                // The opening deal is the first action.
                self.submit(Act::Deal);
            }
            Err(e) => self.message = Some(self.say(&e)),
        }
    }

    pub(in crate::ui) fn resume(&mut self, path: PathBuf, form: &StartForm) {
        match Session::resume(&path) {
            Ok(s) => self.open_resumed(s, form),
            Err(e) => self.message = Some(self.say(&e)),
        }
    }

    /// Puts a loaded game on the table, keeping the dice sources if they fit its seats.
    pub(in crate::ui) fn open_resumed(&mut self, s: Session, form: &StartForm) {
        let seats = s.game().setup().players.len() + 1;
        if self.settings.dice.len() != seats {
            self.settings.dice = form.dice.clone();
            self.settings.dice.resize(seats, DiceSource::Virtual);
        }
        self.open_session(s);
    }

    /// What `foreman` does on opening: resume the last game if it is still being played,
    /// otherwise start the default game (solo against the Machine, medium, virtual dice).
    /// A page reloaded in a browser is the same table, not the program opened again: a game
    /// just ended shows its final score there until *New game* (it has no history to go to).
    pub fn open_default(&mut self) {
        let last = self.last_game_path();
        let reloaded_page = cfg!(target_arch = "wasm32");
        let damaged = match Session::resume(&last) {
            Ok(s) if !s.game().state().is_over() || reloaded_page => {
                return self.open_resumed(s, &StartForm::default());
            }
            Ok(_) => None,
            Err(e) if last.exists() => {
                // A damaged last game is kept aside, never overwritten by the new one.
                tracing::warn!(path = %last.display(), "the last game could not be read");
                let reason = self.say(&e);
                Some(match crate::store::set_aside_damaged(&last) {
                    Ok(kept) => self.ta(
                        "last-game-damaged",
                        &[
                            ("reason", reason.into()),
                            ("path", kept.display().to_string().into()),
                        ],
                    ),
                    Err(io) => format!("{reason} ({io})"),
                })
            }
            Err(_) => None,
        };
        self.start_game(&StartForm::default());
        if damaged.is_some() {
            self.message = damaged;
        }
    }
}

/// The dice a seat starts with: Foreman's own in a digital game, typed at a real table (its
/// players roll their own).
fn first_dice(mode: Mode) -> DiceSource {
    match mode {
        Mode::Digital => DiceSource::Virtual,
        Mode::Companion => DiceSource::Typed,
    }
}

/// Where Tab, pressed in seat `i`'s name, goes: the next seat's name (Shift+Tab: the one
/// before).
fn tabbed(input: &egui::InputState, i: usize) -> Option<usize> {
    if !input.key_pressed(egui::Key::Tab) {
        return None;
    }
    if input.modifiers.shift_only() {
        i.checked_sub(1)
    } else if !input.modifiers.any() {
        Some(i + 1)
    } else {
        None
    }
}

pub(in crate::ui) fn resize_players(form: &mut StartForm, n: usize) {
    while form.names.len() < n {
        form.names.push(String::new());
        let free = Colour::ALL
            .iter()
            .copied()
            .find(|c| !form.colours.contains(c))
            .unwrap_or(Colour::Red);
        form.colours.push(free);
        form.dice.push(first_dice(form.mode));
        form.bots.push(None);
    }
    form.names.truncate(n);
    form.colours.truncate(n);
    form.dice.truncate(n);
    form.bots.truncate(n);
    if form.first.is_some_and(|f| f >= n) {
        form.first = Some(0);
    }
}

/// A column `width` wide (or the screen's width, if less) in the middle of `ui`: a screen of a
/// few lines reads as a page, not as a corner of a wide window.
pub(in crate::ui) fn centred<R>(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    let width = width.min(ui.available_width());
    let side = ((ui.available_width() - width) / 2.0).max(0.0);
    ui.horizontal_top(|ui| {
        ui.add_space(side);
        ui.vertical(|ui| {
            ui.set_width(width);
            add(ui)
        })
        .inner
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use egui::Key;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use std::cell::{Cell, RefCell};

    /// Issue 94, point 3: the start screen is drawn and tested alone, from what it is given:
    /// its form changes under the player's clicks, its buttons come back as commands, and
    /// *Resume* with no last game gives none.
    #[test]
    fn the_start_screen_is_drawn_alone_and_its_buttons_are_commands() {
        let tr = Tr::new(Lang::En);
        let offers = Offers::default();
        let form = RefCell::new(StartForm::default());
        let clicked = Cell::new(None);
        let mut h = Harness::new_ui(|ui| {
            let screen = StartScreen {
                tr: &tr,
                message: Some("That file is not a saved game."),
                offers: &offers,
            };
            if let Some(c) = screen.ui(ui, &mut form.borrow_mut(), |ui| {
                ui.label("below");
            }) {
                clicked.set(Some(c));
            }
        });
        h.run();
        assert!(h.query_by_label("That file is not a saved game.").is_some());
        assert!(h.query_by_label("below").is_some());
        // No last game: *Resume* is there, disabled, and a click asks nothing.
        h.get_by_label(&tr.t("resume")).click();
        h.run();
        assert_eq!(clicked.get(), None);
        // Several players: the form, not the window, takes the change.
        h.get_by_label(&tr.t("multiplayer")).click();
        h.run();
        assert_eq!(form.borrow().names.len(), 2);
        assert!(!form.borrow().solo);
        h.get_by_label(&tr.t("start-game")).click();
        h.run();
        assert_eq!(clicked.get(), Some(StartCommand::Start));
        // A path typed, then Enter: the screen asks to open it.
        h.get_by_label(&tr.t("open-path")).click();
        h.run();
        h.get_by_label(&tr.t("open-path")).type_text("saved.json");
        h.run();
        assert_eq!(clicked.get(), Some(StartCommand::PathTyped));
        assert_eq!(form.borrow().open_path, "saved.json");
        h.key_press(Key::Enter);
        h.run();
        assert_eq!(clicked.get(), Some(StartCommand::Open));
    }

    /// Issue 89, point 1: the error above the path box goes away at the first letter typed
    /// (the window clears it): the box keeps the keyboard, every letter typed after lands in
    /// it, and it does not move.
    #[test]
    fn the_path_box_keeps_the_keyboard_when_the_error_above_it_goes() {
        let tr = Tr::new(Lang::En);
        let offers = Offers::default();
        let form = RefCell::new(StartForm::default());
        let message = RefCell::new(Some("That file is not a saved game.".to_string()));
        let mut h = Harness::new_ui(|ui| {
            let shown = message.borrow().clone();
            let screen = StartScreen {
                tr: &tr,
                message: shown.as_deref(),
                offers: &offers,
            };
            if let Some(StartCommand::PathTyped) = screen.ui(ui, &mut form.borrow_mut(), |_| {}) {
                *message.borrow_mut() = None;
            }
        });
        h.run();
        let at = h.get_by_label(&tr.t("open-path")).rect();
        h.get_by_label(&tr.t("open-path")).click();
        h.run();
        for letter in ["s", "a", "v", "e", "d"] {
            h.get_by_label(&tr.t("open-path")).type_text(letter);
            h.run();
        }
        assert!(message.borrow().is_none(), "the error went away");
        assert_eq!(form.borrow().open_path, "saved");
        assert_eq!(
            h.get_by_label(&tr.t("open-path")).rect(),
            at,
            "the box stays put"
        );
    }
}
