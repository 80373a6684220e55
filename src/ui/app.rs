//! The window's screens. State that must survive a restart is the game journal (written by the
//! [`Session`] on every action) and the [`Settings`] (eframe storage); everything else here is
//! what the screen shows right now.

use super::session::{InputSource, Session, SessionError};
use crate::dice::RollState;
use crate::engine::score::{TieBreak, Winner};
use crate::engine::state::{Colour, Difficulty, Phase, PlayerState, Section};
use crate::engine::{
    Act, Action, Blueprint, CardType, Contractor, Game, Inputs, Mode, PlayerSetup, RuleError,
    Setup, Tool, legal_actions, scoreboard,
};
use crate::i18n::words;
use crate::i18n::{Arg, Lang, Tr};
use crate::vision::Area;
use egui::{Color32, RichText, Ui};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Where a player's (or the Machine's) dice come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DiceSource {
    /// Foreman's own dice, from the game's seeded generator.
    #[default]
    Virtual,
    /// Real dice, the faces typed in the window.
    Typed,
    /// Real dice read by a webcam (or picture files), see the camera panel.
    Camera,
    /// Smart dice on a serial port (its own issue).
    SmartDice,
}

impl DiceSource {
    pub const ALL: [DiceSource; 4] = [
        DiceSource::Virtual,
        DiceSource::Typed,
        DiceSource::Camera,
        DiceSource::SmartDice,
    ];
    fn key(self) -> &'static str {
        match self {
            DiceSource::Virtual => "dice-virtual",
            DiceSource::Typed => "dice-typed",
            DiceSource::Camera => "dice-camera",
            DiceSource::SmartDice => "dice-smart",
        }
    }
}

/// What the window remembers between runs (the window size is kept by eframe itself).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    pub zoom: f32,
    pub dark: bool,
    /// The dice source of each seat of the last game, and last the Machine's.
    pub dice: Vec<DiceSource>,
    /// Camera: a settled roll goes to the game without a confirm.
    pub camera_automatic: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            zoom: 1.0,
            dark: true,
            dice: Vec::new(),
            camera_automatic: false,
        }
    }
}

/// The new-game form.
#[derive(Debug, Clone)]
struct StartForm {
    solo: bool,
    difficulty: Difficulty,
    mode: Mode,
    names: Vec<String>,
    colours: Vec<Colour>,
    dice: Vec<DiceSource>,
    machine_dice: DiceSource,
    open_path: String,
}

impl Default for StartForm {
    fn default() -> Self {
        StartForm {
            solo: true,
            difficulty: Difficulty::Medium,
            mode: Mode::Digital,
            names: vec!["Player 1".into()],
            colours: vec![Colour::Blue],
            dice: vec![DiceSource::Virtual],
            machine_dice: DiceSource::Virtual,
            open_path: String::new(),
        }
    }
}

/// What is carried when a die is dragged from the tray: its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DraggedDie(u8);

/// A random input the players must tell Foreman about (table-companion games).
#[derive(Debug, Clone, PartialEq)]
enum Need {
    Die(&'static str),
    Blueprint,
    Contractor,
    Tools,
}

/// An action waiting for its inputs.
#[derive(Debug, Clone)]
struct Pending {
    act: Act,
    inputs: Inputs,
    need: Need,
    search: String,
    tools: Vec<Tool>,
}

/// A dialog over the table.
#[derive(Debug, Clone)]
enum Dialog {
    /// Choose one of these actions (a card's choices, build discards, contractor targets…).
    Options { title: String, acts: Vec<Act> },
    /// Tell Foreman a die face or a revealed card.
    Input(Box<Pending>),
    /// Save a copy of the game, or export the result, to a path.
    SaveAs { path: String, export: bool },
    /// The end-of-work discard: which blueprints and resources go (the player's choice).
    Discard(Box<super::discard::DiscardForm>),
}

enum Screen {
    Start(Box<StartForm>),
    Table,
}

/// The autosaved game in the data folder (the terminal game uses the same file).
const LAST_GAME: &str = "last-game.json";

/// The Foreman window.
pub struct ForemanApp {
    pub settings: Settings,
    tr: Tr,
    screen: Screen,
    session: Option<Session>,
    data_dir: PathBuf,
    selected_die: Option<u8>,
    dialog: Option<Dialog>,
    /// The last refusal or error, shown in view until the next action.
    message: Option<String>,
    /// What the last actions caused, newest last.
    log: Vec<String>,
    /// The seed of the next new game (tests fix it; otherwise the clock gives one).
    pub next_seed: Option<u64>,
    applied_zoom: f32,
    /// When the program started, until the first frame is drawn (start-up time).
    pub started: Option<std::time::Instant>,
    /// Smart dice on a serial port, once connected.
    smart: Option<super::smart::SmartDice>,
    smart_port: String,
    /// The camera reader, once started.
    camera: Option<super::camera::CameraDice>,
    /// What the camera panel starts: "camera N", a picture file or a folder of pictures.
    pub camera_source: String,
    camera_texture: Option<(u64, egui::TextureHandle)>,
    /// The cameras found by the last *Find cameras* (not looked up every frame).
    cameras: Option<Vec<crate::dice::camera::CameraChoice>>,
    /// Marking the tray on the preview: the next drag draws the area.
    marking_tray: bool,
    mark_start: Option<egui::Pos2>,
    /// Whether a last game is on disk, looked up when the start screen opens (not per frame).
    has_last_game: bool,
}

impl ForemanApp {
    /// The window with `settings`, keeping its games in `data_dir`. The last game, if there is
    /// one, is offered on the start screen.
    pub fn new(settings: Settings, data_dir: PathBuf) -> ForemanApp {
        let has_last_game = data_dir.join(LAST_GAME).exists();
        ForemanApp {
            tr: Tr::new(settings.lang),
            settings,
            screen: Screen::Start(Box::default()),
            session: None,
            data_dir,
            selected_die: None,
            dialog: None,
            message: None,
            log: Vec::new(),
            next_seed: None,
            applied_zoom: 0.0,
            started: None,
            smart: None,
            smart_port: String::new(),
            camera: None,
            camera_source: String::new(),
            camera_texture: None,
            cameras: None,
            marking_tray: false,
            mark_start: None,
            has_last_game,
        }
    }

    fn last_game_path(&self) -> PathBuf {
        self.data_dir.join(LAST_GAME)
    }

    fn open_start_screen(&mut self) {
        self.screen = Screen::Start(Box::default());
        self.dialog = None;
        self.has_last_game = self.last_game_path().exists();
    }

    /// The open game, shared (no copy): for a screen that acts while it draws.
    fn shared_game(&self) -> Option<std::rc::Rc<Game>> {
        self.session.as_ref().map(|s| s.shared())
    }

    /// The open game, if any.
    pub fn game(&self) -> Option<&Game> {
        self.session.as_ref().map(|s| s.game())
    }

    /// What the open input picker asks for ("die", "blueprint", "contractor", "tools"), if one
    /// is open.
    pub fn asking(&self) -> Option<&'static str> {
        match &self.dialog {
            Some(Dialog::Input(p)) => Some(match p.need {
                Need::Die(_) => "die",
                Need::Blueprint => "blueprint",
                Need::Contractor => "contractor",
                Need::Tools => "tools",
            }),
            _ => None,
        }
    }

    /// Whether a dialog of choices is open.
    pub fn choosing(&self) -> bool {
        matches!(self.dialog, Some(Dialog::Options { .. }))
    }

    /// The log "What happened", oldest first.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The message in view (a refusal's reason), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    fn t(&self, key: &str) -> String {
        self.tr.t(key)
    }

    /// A session error for the screen: a refusal in the interface language, else as it is.
    fn say(&self, e: &SessionError) -> String {
        match e {
            SessionError::Rule(r) => words::refusal(&self.tr, r),
            SessionError::UndoStops(i) => self.undo_stops(*i),
            other => other.to_string(),
        }
    }
    /// Why undo stops at the journal's action `index` (a digital game's last draw or roll).
    fn undo_stops(&self, index: usize) -> String {
        let action = self.session.as_ref().and_then(|s| {
            let game = s.shared();
            let act = game.journal().get(index)?.act.clone();
            let before = game.truncate(index).ok()?;
            Some(words::act(&self.tr, &before, &act))
        });
        self.ta(
            "undo-stops",
            &[("action", action.unwrap_or_default().into())],
        )
    }

    fn ta(&self, key: &str, args: &[(&str, Arg)]) -> String {
        self.tr.t_args(key, args)
    }

    pub fn set_lang(&mut self, lang: Lang) {
        self.settings.lang = lang;
        self.tr = Tr::new(lang);
    }

    /// Draws the whole window into `ui` (eframe calls this every frame; tests call it too).
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        ctx.set_theme(if self.settings.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        if (self.applied_zoom - self.settings.zoom).abs() > f32::EPSILON {
            ctx.set_zoom_factor(self.settings.zoom);
            self.applied_zoom = self.settings.zoom;
        }
        if let Some(smart) = self.smart.as_mut() {
            smart.drain();
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if let Some(camera) = self.camera.as_mut() {
            camera.drain();
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        self.feed_read_dice();
        self.shortcuts(&ctx);
        self.top_bar(ui);
        match &self.screen {
            Screen::Start(_) => self.start_screen(ui),
            Screen::Table => {
                if self.game().is_some_and(|g| g.state().is_over()) {
                    self.final_screen(ui);
                } else {
                    self.table(ui);
                }
            }
        }
        self.dialog_ui(&ctx);
    }

    // --- Shortcuts and the top bar ------------------------------------------------------

    fn shortcuts(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() || self.dialog.is_some() {
            return;
        }
        use egui::{Key, Modifiers};
        let (undo, redo, roll, end, machine, zoom_in, zoom_out) = ctx.input_mut(|i| {
            (
                i.consume_key(Modifiers::COMMAND, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::Y),
                i.consume_key(Modifiers::NONE, Key::R),
                i.consume_key(Modifiers::NONE, Key::E),
                i.consume_key(Modifiers::NONE, Key::M),
                i.consume_key(Modifiers::COMMAND, Key::Plus)
                    || i.consume_key(Modifiers::COMMAND, Key::Equals),
                i.consume_key(Modifiers::COMMAND, Key::Minus),
            )
        });
        if zoom_in {
            self.zoom(0.1);
        }
        if zoom_out {
            self.zoom(-0.1);
        }
        if !matches!(self.screen, Screen::Table) {
            return;
        }
        if undo {
            self.undo();
        }
        if redo {
            self.redo();
        }
        let legal = self.legal();
        if roll
            && let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Act::Roll { set } if set.is_empty()))
        {
            self.submit(a.clone());
        }
        if end {
            self.end_work();
        }
        if machine && legal.contains(&Act::MachineTurn) {
            self.submit(Act::MachineTurn);
        }
    }

    fn zoom(&mut self, by: f32) {
        self.settings.zoom = (self.settings.zoom + by).clamp(0.6, 2.5);
    }

    fn top_bar(&mut self, ui: &mut Ui) {
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.heading("Foreman");
                ui.separator();
                if matches!(self.screen, Screen::Table) {
                    if ui.button(self.t("new-game")).clicked() {
                        self.open_start_screen();
                    }
                    let can_undo = self.session.as_ref().is_some_and(|s| s.can_undo());
                    let can_redo = self.session.as_ref().is_some_and(|s| s.can_redo());
                    let r = ui
                        .add_enabled(can_undo, egui::Button::new(self.t("undo")))
                        .on_hover_text(self.t("undo-hint"));
                    let stop = self.session.as_ref().and_then(|s| s.undo_stop());
                    let r = match stop {
                        // The reason is worked out only while the pointer is on the button.
                        Some(i) if !can_undo => r.on_disabled_hover_ui(|ui| {
                            ui.label(self.undo_stops(i));
                        }),
                        _ => r,
                    };
                    if r.clicked() {
                        self.undo();
                    }
                    if ui
                        .add_enabled(can_redo, egui::Button::new(self.t("redo")))
                        .on_hover_text(self.t("redo-hint"))
                        .clicked()
                    {
                        self.redo();
                    }
                    if ui.button(self.t("save-as")).clicked() {
                        let path = self.data_dir.join("saved-game.json");
                        self.dialog = Some(Dialog::SaveAs {
                            path: path.display().to_string(),
                            export: false,
                        });
                    }
                    ui.separator();
                }
                let current = self.settings.lang;
                let mut chosen = current;
                egui::ComboBox::from_label(self.t("language"))
                    .selected_text(current.native_name())
                    .show_ui(ui, |ui| {
                        for lang in Lang::ALL {
                            ui.selectable_value(&mut chosen, lang, lang.native_name());
                        }
                    });
                if chosen != current {
                    self.set_lang(chosen);
                }
                if ui
                    .button(self.t("zoom-out"))
                    .on_hover_text(self.t("zoom-hint"))
                    .clicked()
                {
                    self.zoom(-0.1);
                }
                ui.label(format!("{:.0}%", self.settings.zoom * 100.0));
                if ui
                    .button(self.t("zoom-in"))
                    .on_hover_text(self.t("zoom-hint"))
                    .clicked()
                {
                    self.zoom(0.1);
                }
                let theme = if self.settings.dark {
                    self.t("theme-light")
                } else {
                    self.t("theme-dark")
                };
                if ui.button(theme).clicked() {
                    self.settings.dark = !self.settings.dark;
                }
            });
        });
    }

    // --- Start screen -------------------------------------------------------------------

    fn start_screen(&mut self, ui: &mut Ui) {
        let Screen::Start(form) = &mut self.screen else {
            return;
        };
        let mut form = std::mem::take(form);
        let mut start = false;
        let mut resume = false;
        let mut open = false;
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading(self.t("start-title"));
                if let Some(m) = &self.message {
                    ui.colored_label(Color32::from_rgb(230, 90, 70), m);
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut form.solo, true, self.t("solo"));
                    ui.selectable_value(&mut form.solo, false, self.t("multiplayer"));
                });
                if form.solo {
                    form.names.truncate(1);
                    form.colours.truncate(1);
                    form.dice.truncate(1);
                    ui.horizontal(|ui| {
                        ui.label(self.t("difficulty"));
                        for d in Difficulty::ALL {
                            let key = format!("difficulty-{}", d.name().to_lowercase());
                            ui.selectable_value(&mut form.difficulty, d, self.t(&key));
                        }
                    });
                } else {
                    // One player is the solo game (docs/rules.md, decisions for the program).
                    if form.names.len() < 2 {
                        resize_players(&mut form, 2);
                    }
                    ui.horizontal(|ui| {
                        ui.label(self.t("players"));
                        for n in 2..=5usize {
                            if ui
                                .selectable_label(form.names.len() == n, n.to_string())
                                .on_hover_text(self.ta("players-count", &[("count", n.into())]))
                                .clicked()
                            {
                                resize_players(&mut form, n);
                            }
                        }
                    });
                }
                ui.horizontal(|ui| {
                    ui.label(self.t("mode"));
                    ui.selectable_value(&mut form.mode, Mode::Digital, self.t("mode-digital"))
                        .on_hover_text(self.t("mode-digital-hint"));
                    ui.selectable_value(&mut form.mode, Mode::Companion, self.t("mode-companion"))
                        .on_hover_text(self.t("mode-companion-hint"));
                });
                ui.add_space(6.0);
                egui::Grid::new("players-form")
                    .striped(true)
                    .show(ui, |ui| {
                        ui.strong(self.t("name"));
                        ui.strong(self.t("colour"));
                        ui.strong(self.t("dice-source"));
                        ui.end_row();
                        for i in 0..form.names.len() {
                            let label = self.ta("player-name", &[("seat", (i + 1).into())]);
                            ui.add(
                                egui::TextEdit::singleline(&mut form.names[i])
                                    .desired_width(160.0)
                                    .hint_text(label.clone()),
                            )
                            .on_hover_text(label.clone());
                            if form.solo {
                                // The solo player's dice are white (RULES.md, solo game).
                                ui.label(words::colour(&self.tr, Colour::White));
                                let label = self.ta("dice-of", &[("seat", (i + 1).into())]);
                                self.dice_source_ui(ui, &label, &mut form.dice[i], form.mode);
                                ui.end_row();
                                continue;
                            }
                            let mut colour = form.colours[i];
                            egui::ComboBox::from_id_salt(("colour", i))
                                .selected_text(words::colour(&self.tr, colour))
                                .show_ui(ui, |ui| {
                                    for c in Colour::ALL {
                                        ui.selectable_value(
                                            &mut colour,
                                            c,
                                            words::colour(&self.tr, c),
                                        );
                                    }
                                })
                                .response
                                .on_hover_text(self.ta("colour-of", &[("seat", (i + 1).into())]));
                            if colour != form.colours[i] {
                                if let Some(j) = form.colours.iter().position(|&c| c == colour) {
                                    form.colours[j] = form.colours[i];
                                }
                                form.colours[i] = colour;
                            }
                            let label = self.ta("dice-of", &[("seat", (i + 1).into())]);
                            self.dice_source_ui(ui, &label, &mut form.dice[i], form.mode);
                            ui.end_row();
                        }
                        if form.solo {
                            ui.label(self.t("machine"));
                            ui.label("");
                            let mut d = form.machine_dice;
                            let label = self.t("machine-dice");
                            self.dice_source_ui(ui, &label, &mut d, form.mode);
                            form.machine_dice = d;
                            ui.end_row();
                        }
                    });
                ui.add_space(8.0);
                if ui
                    .button(RichText::new(self.t("start-game")).size(18.0))
                    .clicked()
                {
                    start = true;
                }
                ui.add_space(12.0);
                ui.separator();
                if ui
                    .add_enabled(self.has_last_game, egui::Button::new(self.t("resume")))
                    .on_disabled_hover_text(self.t("resume-none"))
                    .clicked()
                {
                    resume = true;
                }
                ui.horizontal(|ui| {
                    let label = self.t("open-path");
                    ui.add(
                        egui::TextEdit::singleline(&mut form.open_path)
                            .desired_width(320.0)
                            .hint_text(label.clone()),
                    )
                    .on_hover_text(label);
                    if ui.button(self.t("open")).clicked() {
                        open = true;
                    }
                });
                ui.separator();
                self.smart_dice_ui(ui);
            });
        });
        if start {
            self.start_game(&form);
        } else if resume {
            let path = self.last_game_path();
            self.resume(path, &form);
        } else if open {
            let path = PathBuf::from(form.open_path.trim());
            self.resume(path, &form);
        }
        if let Screen::Start(f) = &mut self.screen {
            *f = form;
        }
    }

    fn dice_source_ui(&self, ui: &mut Ui, label: &str, source: &mut DiceSource, mode: Mode) {
        if mode == Mode::Digital {
            ui.label(self.t("dice-virtual"))
                .on_hover_text(self.t("dice-digital-hint"));
            *source = DiceSource::Virtual;
            return;
        }
        egui::ComboBox::from_label(label)
            .selected_text(self.t(source.key()))
            .show_ui(ui, |ui| {
                for s in DiceSource::ALL {
                    ui.selectable_value(source, s, self.t(s.key()));
                }
            });
    }

    fn seed(&mut self) -> u64 {
        self.next_seed.take().unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
    }

    fn start_game(&mut self, form: &StartForm) {
        let setup = Setup {
            players: form
                .names
                .iter()
                .zip(&form.colours)
                .enumerate()
                .map(|(i, (name, &colour))| PlayerSetup {
                    name: if name.trim().is_empty() {
                        format!("Player {}", i + 1)
                    } else {
                        name.trim().to_string()
                    },
                    // RULES.md, solo game: the solo player rolls the white dice.
                    colour: if form.solo { Colour::White } else { colour },
                })
                .collect(),
            machine: form.solo.then_some(form.difficulty),
            mode: form.mode,
            first_player: 0,
            seed: self.seed(),
        };
        match Session::start(setup, self.last_game_path()) {
            Ok(s) => {
                self.settings.dice = form.dice.clone();
                self.settings.dice.push(form.machine_dice);
                self.open_session(s);
                // The opening deal is the first action.
                self.submit(Act::Deal);
            }
            Err(e) => self.message = Some(self.say(&e)),
        }
    }

    fn resume(&mut self, path: PathBuf, form: &StartForm) {
        match Session::resume(&path) {
            Ok(s) => self.open_resumed(s, form),
            Err(e) => self.message = Some(self.say(&e)),
        }
    }

    /// Puts a loaded game on the table, keeping the dice sources if they fit its seats.
    fn open_resumed(&mut self, s: Session, form: &StartForm) {
        let seats = s.game().setup().players.len() + 1;
        if self.settings.dice.len() != seats {
            self.settings.dice = form.dice.clone();
            self.settings.dice.resize(seats, DiceSource::Virtual);
        }
        self.open_session(s);
    }

    /// What `foreman` does on opening: resume the last game if it is still being played,
    /// otherwise start the default game (solo against the Machine, medium, virtual dice).
    pub fn open_default(&mut self) {
        let last = self.last_game_path();
        let damaged = match Session::resume(&last) {
            Ok(s) if !s.game().state().is_over() => {
                return self.open_resumed(s, &StartForm::default());
            }
            Ok(_) => None,
            Err(e) if last.exists() => {
                // A damaged last game is kept aside, never overwritten by the new one.
                tracing::warn!(path = %last.display(), "the last game could not be read");
                let kept = last.with_extension("damaged.json");
                let reason = self.say(&e);
                Some(match std::fs::rename(&last, &kept) {
                    Ok(()) => self.ta(
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

    /// Listens to the smart dice on `port` (a serial device or the simulator's pseudo-terminal).
    pub fn connect_smart_dice(&mut self, port: &str) {
        self.smart_port = port.to_string();
        self.smart = Some(super::smart::SmartDice::connect(port));
    }

    /// The smart dice, if connected.
    pub fn smart_dice(&self) -> Option<&super::smart::SmartDice> {
        self.smart.as_ref()
    }

    /// The colour of the die the game asks for now (when it asks for one), as smart dice
    /// report it: the player's colour, white for a solo player, the Machine's die colours in
    /// their order.
    fn wanted_colour(&self, pending: &Pending) -> Option<crate::dice::DieColour> {
        use crate::dice::DieColour as D;
        let game = self.game()?;
        let st = game.state();
        if pending.act == Act::MachineTurn {
            let k = pending.inputs.dice.len();
            let die = crate::engine::state::MachineDie::ORDER.get(k)?;
            return Some(match die {
                crate::engine::state::MachineDie::Red => D::Red,
                crate::engine::state::MachineDie::Blue => D::Blue,
                crate::engine::state::MachineDie::Purple => D::Purple,
                crate::engine::state::MachineDie::Yellow => D::Yellow,
                crate::engine::state::MachineDie::Green => D::Green,
            });
        }
        let seat = st.current_player()?;
        if st.is_solo() {
            return Some(D::White);
        }
        Some(match st.players[seat].colour {
            Colour::Red => D::Red,
            Colour::Blue => D::Blue,
            Colour::Green => D::Green,
            Colour::Purple => D::Purple,
            Colour::Yellow => D::Yellow,
            Colour::White => D::White,
        })
    }

    /// Starts the camera reader on `source`: "camera N" (or empty: the first camera), a
    /// picture file, or a folder of pictures played as a sequence.
    pub fn start_camera(&mut self, source: &str) {
        use crate::dice::camera::{Capture, Folder, FrameSource, ImageFile, Webcam};
        use std::time::Duration;
        let source = source.trim().to_string();
        self.camera_source = source.clone();
        let period = Duration::from_millis(100);
        let make: Box<dyn FnOnce() -> Box<dyn FrameSource> + Send> = {
            let path = PathBuf::from(&source);
            if source.is_empty() || source.starts_with("camera") {
                let index = source
                    .trim_start_matches("camera")
                    .trim()
                    .parse()
                    .unwrap_or(0);
                Box::new(move || Box::new(Webcam::new(index)) as Box<dyn FrameSource>)
            } else if path.is_dir() {
                Box::new(move || Box::new(Folder::new(path, 6, period)) as Box<dyn FrameSource>)
            } else {
                Box::new(move || Box::new(ImageFile::new(path, period)) as Box<dyn FrameSource>)
            }
        };
        let capture = Capture::start(make, super::camera::STILL_FRAMES);
        self.camera = Some(super::camera::CameraDice::new(
            capture,
            self.settings.camera_automatic,
        ));
        self.camera_texture = None;
    }

    /// The camera reader, if started.
    pub fn camera_dice(&self) -> Option<&super::camera::CameraDice> {
        self.camera.as_ref()
    }

    /// The camera reader, to confirm or correct from tests.
    pub fn camera_dice_mut(&mut self) -> Option<&mut super::camera::CameraDice> {
        self.camera.as_mut()
    }

    /// When the game waits for a die from a seat whose dice are read (smart dice or the
    /// camera), a waiting reading of the right colour answers it.
    fn feed_read_dice(&mut self) {
        let Some(Dialog::Input(pending)) = &self.dialog else {
            return;
        };
        if !matches!(pending.need, Need::Die(_)) {
            return;
        }
        let Some(colour) = self.wanted_colour(pending) else {
            return;
        };
        let pending = (**pending).clone();
        let face = match self.acting_dice() {
            Some(DiceSource::SmartDice) => self
                .smart
                .as_mut()
                .and_then(|s| s.take(colour))
                .map(|r| r.face),
            Some(DiceSource::Camera) => self.camera.as_mut().and_then(|c| c.take(colour)),
            _ => None,
        };
        let Some(face) = face else {
            return;
        };
        let mut inputs = pending.inputs;
        inputs.dice.push(face);
        self.submit_with(pending.act, inputs);
    }

    /// The camera panel: the source, its status, the preview with each die outlined, the
    /// tray marking, the automatic setting and the confirm button.
    fn camera_ui(&mut self, ui: &mut Ui) {
        ui.heading(self.t("camera-panel"));
        let hint = self.t("camera-source-hint");
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.camera_source)
                    .desired_width(160.0)
                    .hint_text(hint),
            );
            if self.camera.is_some() {
                if ui.button(self.t("camera-stop")).clicked() {
                    self.camera = None;
                    self.camera_texture = None;
                }
            } else if ui.button(self.t("camera-start")).clicked() {
                let source = self.camera_source.clone();
                self.start_camera(&source);
            }
        });
        if ui.button(self.t("camera-find")).clicked() {
            self.cameras = Some(crate::dice::camera::list_cameras());
        }
        match self.cameras.clone() {
            Some(cameras) if cameras.is_empty() => {
                ui.weak(self.t("camera-none"));
            }
            Some(cameras) => {
                ui.horizontal_wrapped(|ui| {
                    for c in &cameras {
                        if ui.small_button(&c.name).clicked() {
                            self.start_camera(&format!("camera {}", c.index));
                        }
                    }
                });
            }
            None => {}
        }
        let mut automatic = self.settings.camera_automatic;
        ui.checkbox(&mut automatic, self.t("camera-automatic"));
        if automatic != self.settings.camera_automatic {
            self.settings.camera_automatic = automatic;
            if let Some(c) = self.camera.as_mut() {
                c.automatic = automatic;
            }
        }
        let Some(camera) = &self.camera else {
            return;
        };
        match (&camera.running, &camera.problem) {
            (Some(name), _) => {
                ui.label(self.ta("camera-running", &[("source", name.clone().into())]));
            }
            (None, Some(p)) => {
                ui.colored_label(ui.visuals().warn_fg_color, p);
            }
            (None, None) => {
                ui.label(self.t("camera-starting"));
            }
        }
        self.camera_preview(ui);
        let has_area = self.camera.as_ref().is_some_and(|c| c.area.is_some());
        ui.horizontal(|ui| {
            let mark = if self.marking_tray {
                self.t("camera-marking")
            } else {
                self.t("camera-mark-tray")
            };
            if ui.button(mark).clicked() {
                self.marking_tray = !self.marking_tray;
            }
            if has_area
                && ui.button(self.t("camera-whole-picture")).clicked()
                && let Some(c) = self.camera.as_mut()
            {
                c.set_area(None);
            }
        });
        let Some(camera) = &self.camera else {
            return;
        };
        if let Some(roll) = &camera.proposed {
            let faces: Vec<String> = roll
                .dice
                .iter()
                .map(|d| {
                    format!(
                        "{} {}",
                        d.value,
                        words::colour_named(&self.tr, crate::vision::colour_word(d.colour))
                    )
                })
                .collect();
            ui.label(self.ta("camera-roll", &[("dice", faces.join(", ").into())]));
            if ui.button(self.t("camera-use-roll")).clicked()
                && let Some(c) = self.camera.as_mut()
            {
                c.confirm();
            }
        } else if camera.view.as_ref().is_some_and(|v| !v.dice.is_empty()) {
            ui.weak(self.t("camera-settling"));
        }
        if let Some(c) = &self.camera
            && !c.waiting.is_empty()
        {
            ui.weak(self.ta("rolls-waiting", &[("count", c.waiting.len().into())]));
        }
    }

    /// The newest frame, each die outlined with its value and colour. A click on a die shows
    /// its next value (a correction); when marking, a drag draws the tray area.
    fn camera_preview(&mut self, ui: &mut Ui) {
        let Some(camera) = &self.camera else {
            return;
        };
        let Some(view) = camera.view.clone() else {
            return;
        };
        let fresh = self
            .camera_texture
            .as_ref()
            .is_none_or(|(n, _)| *n != view.number);
        if fresh {
            let (w, h) = view.frame.dimensions();
            let image = egui::ColorImage::from_rgb([w as usize, h as usize], view.frame.as_raw());
            let texture =
                ui.ctx()
                    .load_texture("camera-frame", image, egui::TextureOptions::LINEAR);
            self.camera_texture = Some((view.number, texture));
        }
        let Some((_, texture)) = &self.camera_texture else {
            return;
        };
        let (w, h) = view.frame.dimensions();
        let width = ui.available_width().min(480.0);
        let scale = width / w as f32;
        let (rect, response) = ui.allocate_exact_size(
            egui::vec2(width, h as f32 * scale),
            egui::Sense::click_and_drag(),
        );
        let painter = ui.painter_at(rect);
        painter.image(
            texture.id(),
            rect,
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            egui::Color32::WHITE,
        );
        let to_screen = |x: f32, y: f32| rect.min + egui::vec2(x * scale, y * scale);
        let to_picture = |p: egui::Pos2| ((p.x - rect.min.x) / scale, (p.y - rect.min.y) / scale);
        if let Some(a) = camera.area {
            painter.rect_stroke(
                egui::Rect::from_min_max(
                    to_screen(a.x as f32, a.y as f32),
                    to_screen((a.x + a.width) as f32, (a.y + a.height) as f32),
                ),
                0.0,
                egui::Stroke::new(2.0, egui::Color32::from_rgb(40, 160, 255)),
                egui::StrokeKind::Outside,
            );
        }
        let dice = camera.proposed.as_ref().map_or(&view.dice, |r| &r.dice);
        for d in dice {
            let half = d.size / 2.0;
            let outline = egui::Rect::from_min_max(
                to_screen(d.x - half, d.y - half),
                to_screen(d.x + half, d.y + half),
            );
            let colour = if d.confidence >= 0.6 {
                egui::Color32::from_rgb(255, 0, 255)
            } else {
                egui::Color32::from_rgb(255, 140, 0)
            };
            painter.rect_stroke(
                outline,
                2.0,
                egui::Stroke::new(2.0, colour),
                egui::StrokeKind::Outside,
            );
            painter.text(
                outline.center_top() - egui::vec2(0.0, 2.0),
                egui::Align2::CENTER_BOTTOM,
                format!(
                    "{} {}",
                    d.value,
                    words::colour_named(&self.tr, crate::vision::colour_word(d.colour))
                ),
                egui::FontId::proportional(12.0),
                colour,
            );
        }
        if self.marking_tray {
            if response.drag_started() {
                self.mark_start = response.interact_pointer_pos();
            }
            if let (Some(start), Some(now)) = (self.mark_start, response.interact_pointer_pos()) {
                painter.rect_stroke(
                    egui::Rect::from_two_pos(start, now),
                    0.0,
                    egui::Stroke::new(1.5, egui::Color32::from_rgb(40, 160, 255)),
                    egui::StrokeKind::Middle,
                );
                if response.drag_stopped() {
                    let (x0, y0) = to_picture(start);
                    let (x1, y1) = to_picture(now);
                    let area = Area {
                        x: x0.min(x1).max(0.0) as u32,
                        y: y0.min(y1).max(0.0) as u32,
                        width: (x1 - x0).abs() as u32,
                        height: (y1 - y0).abs() as u32,
                    };
                    self.mark_start = None;
                    self.marking_tray = false;
                    if let Some(c) = self.camera.as_mut() {
                        c.set_area((area.width >= 16 && area.height >= 16).then_some(area));
                    }
                }
            }
        } else if response.clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            let (x, y) = to_picture(p);
            if let Some(c) = self.camera.as_mut() {
                c.correct_at(x, y);
            }
        }
    }

    /// The smart-dice panel: the port, the dice seen with their battery, a button to make
    /// each blink.
    fn smart_dice_ui(&mut self, ui: &mut Ui) {
        ui.heading(self.t("smart-dice-panel"));
        ui.horizontal(|ui| {
            let label = self.t("smart-port");
            ui.add(
                egui::TextEdit::singleline(&mut self.smart_port)
                    .desired_width(160.0)
                    .hint_text("/dev/ttyACM0"),
            )
            .on_hover_text(label);
            if self.smart.is_none() && ui.button(self.t("find-dice")).clicked() {
                let ports = crate::dice::serial::find_ports();
                match ports.first() {
                    Some(p) => self.smart_port = p.clone(),
                    None => self.message = Some(self.t("no-dice-found")),
                }
            }
            if self.smart.is_some() {
                if ui.button(self.t("disconnect")).clicked() {
                    self.smart = None;
                }
            } else if ui.button(self.t("connect")).clicked() && !self.smart_port.trim().is_empty() {
                let port = self.smart_port.trim().to_string();
                self.connect_smart_dice(&port);
            }
        });
        let Some(smart) = &self.smart else {
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

    /// Opens the saved game at `path` on the table (as the start screen's "Open" does).
    pub fn open_file(&mut self, path: &std::path::Path) {
        self.resume(path.to_path_buf(), &StartForm::default());
    }

    fn open_session(&mut self, s: Session) {
        self.session = Some(s);
        self.screen = Screen::Table;
        self.message = None;
        self.log.clear();
        self.selected_die = None;
        self.dialog = None;
    }

    // --- Acting -------------------------------------------------------------------------

    fn legal(&self) -> Vec<Act> {
        self.game()
            .map(|g| legal_actions(g.state()))
            .unwrap_or_default()
    }

    /// Where the inputs of the next action come from, given the mode and who acts.
    fn input_source(&self) -> InputSource {
        if self.game().is_none_or(|g| g.setup().mode == Mode::Digital) {
            return InputSource::Digital;
        }
        match self.acting_dice().unwrap_or_default() {
            DiceSource::Virtual => InputSource::VirtualDice,
            _ => InputSource::Given,
        }
    }

    /// The dice source of whoever acts now: a player's, or the Machine's (the seat after the
    /// players' in the settings).
    fn acting_dice(&self) -> Option<DiceSource> {
        let g = self.game()?;
        let st = g.state();
        let seat = match st.phase {
            Phase::Machine => g.setup().players.len(),
            _ => st.current_player()?,
        };
        self.settings.dice.get(seat).copied()
    }

    /// Sends an action to the game. In a companion game a missing die face or revealed card
    /// opens the input picker, and the action is tried again once it is given.
    pub fn submit(&mut self, act: Act) {
        self.submit_with(act, Inputs::default());
    }

    fn submit_with(&mut self, act: Act, inputs: Inputs) {
        let source = self.input_source();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        match session.act(act.clone(), inputs.clone(), source) {
            Ok(events) => {
                self.message = None;
                self.selected_die = None;
                self.dialog = None;
                let game = session.game();
                for e in &events {
                    if let Some(line) = words::event(&self.tr, game, e) {
                        self.log.push(line);
                    }
                }
                let excess = self.log.len().saturating_sub(200);
                self.log.drain(..excess);
            }
            Err(SessionError::Rule(e)) => {
                let need = match e {
                    RuleError::NeedDie(why) => Some(Need::Die(why)),
                    RuleError::NeedBlueprint => Some(Need::Blueprint),
                    RuleError::NeedContractor => Some(Need::Contractor),
                    RuleError::NeedTools => Some(Need::Tools),
                    _ => None,
                };
                // A card that cannot be in the deck (or a face that is not 1–6): ask again.
                let retry = match e {
                    RuleError::ImpossibleBlueprint { .. } if !inputs.blueprints.is_empty() => {
                        Some(Need::Blueprint)
                    }
                    RuleError::ImpossibleContractor { .. } if !inputs.contractors.is_empty() => {
                        Some(Need::Contractor)
                    }
                    _ => None,
                };
                if let Some(need) = retry {
                    let mut inputs = inputs;
                    match need {
                        Need::Blueprint => {
                            inputs.blueprints.pop();
                        }
                        _ => {
                            inputs.contractors.pop();
                        }
                    }
                    self.message = Some(words::refusal(&self.tr, &e));
                    self.dialog = Some(Dialog::Input(Box::new(Pending {
                        act,
                        inputs,
                        need,
                        search: String::new(),
                        tools: Vec::new(),
                    })));
                    return;
                }
                match need {
                    Some(need) => {
                        self.dialog = Some(Dialog::Input(Box::new(Pending {
                            act,
                            inputs,
                            need,
                            search: String::new(),
                            tools: Vec::new(),
                        })))
                    }
                    None => {
                        self.message = Some(words::refusal(&self.tr, &e));
                        self.dialog = None;
                    }
                }
            }
            Err(e) => self.message = Some(self.say(&e)),
        }
    }

    fn undo(&mut self) {
        self.step_journal(Session::undo, "undone");
    }

    fn redo(&mut self) {
        self.step_journal(Session::redo, "redone");
    }

    /// Undo or redo: moves along the journal and says in the log which action it was.
    fn step_journal(
        &mut self,
        step: fn(&mut Session) -> Result<Option<Action>, SessionError>,
        done: &str,
    ) {
        if let Some(s) = self.session.as_mut() {
            let before = s.shared();
            match step(s) {
                Ok(Some(action)) => {
                    // Described against the game as it was before the action was played.
                    let at = if done == "undone" { s.shared() } else { before };
                    let what = words::act(&self.tr, &at, &action.act);
                    self.message = None;
                    self.log.push(self.ta(done, &[("action", what.into())]));
                }
                Ok(None) => {}
                Err(e) => self.message = Some(self.say(&e)),
            }
        }
        self.selected_die = None;
        self.dialog = None;
    }

    /// Ends the work phase: at once when nothing must be discarded, else the discard choices.
    fn end_work(&mut self) {
        let ends: Vec<Act> = self
            .legal()
            .into_iter()
            .filter(|a| matches!(a, Act::EndWork { .. }))
            .collect();
        let worker = self.game().and_then(|g| {
            let st = g.state();
            st.current_player().map(|p| st.players[p].clone())
        });
        match (ends.is_empty(), worker) {
            (false, Some(player)) if super::discard::excess(&player) != (0, 0) => {
                // RULES.md, end of the work phase: the excess of the player's choice.
                self.dialog = Some(Dialog::Discard(Box::new(super::discard::DiscardForm::new(
                    &player,
                ))));
            }
            (false, _) => self.submit(ends[0].clone()),
            (true, _) => {
                if let Some(g) = self.game()
                    && let Err(e) = g.check(&Act::EndWork {
                        discard: Vec::new(),
                        discard_metal: 0,
                        discard_energy: 0,
                    })
                {
                    self.message = Some(words::refusal(&self.tr, &e));
                }
            }
        }
    }

    /// Offers `acts` (one card's or one button's choices): sends a lone one at once.
    fn choose(&mut self, title: String, acts: Vec<Act>, refusal: impl FnOnce() -> Option<String>) {
        match acts.len() {
            0 => self.message = refusal(),
            1 => self.submit(acts[0].clone()),
            _ => self.dialog = Some(Dialog::Options { title, acts }),
        }
    }

    // --- The table ----------------------------------------------------------------------

    fn table(&mut self, ui: &mut Ui) {
        let Some(game) = self.shared_game() else {
            return;
        };
        let legal = legal_actions(game.state());
        let st = game.state();
        egui::Panel::bottom("actions").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(words::phase(&self.tr, &game)).strong());
                ui.separator();
                let roll = legal
                    .iter()
                    .find(|a| matches!(a, Act::Roll { set } if set.is_empty()))
                    .cloned();
                if ui
                    .add_enabled(roll.is_some(), egui::Button::new(self.t("roll")))
                    .on_hover_text(self.t("roll-hint"))
                    .clicked()
                    && let Some(a) = roll
                {
                    self.submit(a);
                }
                let foreman: Vec<Act> = legal
                    .iter()
                    .filter(|a| matches!(a, Act::Roll { set } if !set.is_empty()))
                    .cloned()
                    .collect();
                if !foreman.is_empty() && ui.button(self.t("roll-foreman")).clicked() {
                    self.dialog = Some(Dialog::Options {
                        title: self.t("roll-foreman"),
                        acts: foreman,
                    });
                }
                let can_end = legal.iter().any(|a| matches!(a, Act::EndWork { .. }));
                if ui
                    .add_enabled(can_end, egui::Button::new(self.t("end-work")))
                    .on_hover_text(self.t("end-work-hint"))
                    .clicked()
                {
                    self.end_work();
                }
                if legal.contains(&Act::Pass) && ui.button(self.t("pass")).clicked() {
                    self.submit(Act::Pass);
                }
                if ui
                    .add_enabled(
                        legal.contains(&Act::MachineTurn),
                        egui::Button::new(self.t("machine-turn")),
                    )
                    .on_hover_text(self.t("machine-turn-hint"))
                    .clicked()
                {
                    self.submit(Act::MachineTurn);
                }
                if legal.contains(&Act::Deal) && ui.button(self.t("deal")).clicked() {
                    self.submit(Act::Deal);
                }
            });
            if let Some(m) = &self.message {
                ui.colored_label(Color32::from_rgb(230, 90, 70), format!("! {m}"));
            }
            ui.add_space(4.0);
        });
        egui::Panel::left("market")
            .resizable(true)
            .default_size(290.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.market_ui(ui, &game, &legal));
            });
        egui::Panel::right("others")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (seat, p) in st.players.iter().enumerate() {
                        if Some(seat) != self.focus_seat(&game) {
                            self.player_summary_ui(ui, &game, seat, p);
                            ui.separator();
                        }
                    }
                    if let Some(m) = &st.machine {
                        ui.heading(self.t("machine"));
                        ui.label(self.ta("goods-count", &[("count", m.goods.into())]));
                        self.compound_ui(ui, &m.compound, None);
                        ui.label(self.ta("score-so-far", &[("score", m.score().into())]));
                        ui.separator();
                    }
                    if self.smart.is_some() || self.settings.dice.contains(&DiceSource::SmartDice) {
                        self.smart_dice_ui(ui);
                        ui.separator();
                    }
                    if self.camera.is_some() || self.settings.dice.contains(&DiceSource::Camera) {
                        self.camera_ui(ui);
                        ui.separator();
                    }
                    ui.heading(self.t("log"));
                    for line in self.log.iter().rev().take(40) {
                        ui.label(line);
                    }
                });
            });
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(seat) = self.focus_seat(&game) {
                    self.active_player_ui(ui, &game, &legal, seat);
                }
            });
        });
    }

    /// The seat shown in the middle: the acting player, else the first.
    fn focus_seat(&self, game: &Game) -> Option<usize> {
        let st = game.state();
        st.current_player()
            .or((!st.players.is_empty()).then_some(0))
    }

    fn market_ui(&mut self, ui: &mut Ui, game: &Game, legal: &[Act]) {
        let st = game.state();
        ui.heading(self.t("market"));
        ui.label(RichText::new(self.t("blueprints")).strong());
        for (slot, card) in st.market.blueprints.iter().enumerate() {
            ui.horizontal(|ui| match card {
                Some(c) => {
                    let act = Act::TakeBlueprint { slot: slot as u8 };
                    let label = self.ta(
                        "take",
                        &[
                            ("card", words::card_name(&self.tr, *c).into()),
                            ("slot", (slot + 1).into()),
                        ],
                    );
                    let ok = legal.contains(&act);
                    let r = ui
                        .add_enabled(ok, egui::Button::new(label))
                        .on_hover_text(card_text(&self.tr, *c));
                    if !ok {
                        r.clone()
                            .on_disabled_hover_text(refusal(&self.tr, game, &act));
                    }
                    if r.clicked() {
                        self.submit(act);
                    }
                    ui.weak(words::tool(&self.tr, c.tool()));
                }
                None => {
                    ui.weak(self.t("empty-slot"));
                }
            });
        }
        ui.add_space(6.0);
        ui.label(RichText::new(self.t("contractors")).strong());
        for (slot, c) in st.market.contractors.iter().enumerate() {
            let tool = st.market.tools[slot];
            ui.horizontal(|ui| {
                ui.label(format!("[{}]", words::tool(&self.tr, tool)))
                    .on_hover_text(self.t("tool-token-hint"));
                match c {
                    Some(c) => {
                        let hires: Vec<Act> = legal
                            .iter()
                            .filter(|a| matches!(a, Act::Hire { slot: s, .. } if usize::from(*s) == slot))
                            .cloned()
                            .collect();
                        let label = self.ta("hire", &[("card", words::contractor_name(&self.tr, *c).into())]);
                        let r = ui
                            .add_enabled(!hires.is_empty(), egui::Button::new(label.clone()))
                            .on_hover_text(c.info().effect.clone());
                        let why = self.ta("hire-needs", &[("tool", words::tool(&self.tr, tool).into())]);
                        let r = r.on_disabled_hover_text(why);
                        if r.clicked() {
                            self.choose(label, hires, || None);
                        }
                    }
                    None => {
                        ui.weak(self.t("empty-slot"));
                    }
                }
            });
        }
        ui.add_space(6.0);
        let refreshes: Vec<Act> = legal
            .iter()
            .filter(|a| matches!(a, Act::RefreshMarket { .. }))
            .cloned()
            .collect();
        if ui
            .add_enabled(!refreshes.is_empty(), egui::Button::new(self.t("refresh")))
            .on_hover_text(self.t("refresh-hint"))
            .clicked()
        {
            let title = self.t("refresh");
            self.choose(title, refreshes, || None);
        }
        ui.add_space(6.0);
        ui.weak(self.ta(
            "deck-counts",
            &[
                ("blueprints", st.blueprint_deck.len().into()),
                ("contractors", st.contractor_deck.len().into()),
            ],
        ));
    }

    fn player_summary_ui(&self, ui: &mut Ui, game: &Game, seat: usize, p: &PlayerState) {
        let name = &game.setup().players[seat].name;
        ui.heading(RichText::new(name).color(colour_rgb(p.colour)));
        self.resources_ui(ui, p);
        self.compound_ui(ui, &p.compound, Some(p));
        ui.label(self.ta("hand-count", &[("count", p.hand.len().into())]));
    }

    fn resources_ui(&self, ui: &mut Ui, p: &PlayerState) {
        ui.horizontal_wrapped(|ui| {
            ui.label(self.ta("metal-count", &[("count", p.metal.into())]));
            ui.label(self.ta("energy-count", &[("count", p.energy.into())]));
            ui.label(self.ta("goods-count", &[("count", p.goods.into())]));
            ui.label(self.ta("prestige-count", &[("count", p.prestige().into())]));
            ui.label(self.ta("score-so-far", &[("score", p.score().into())]));
        });
    }

    /// The compound grouped by type; used cards this round are marked.
    fn compound_ui(
        &self,
        ui: &mut Ui,
        compound: &crate::engine::state::Pile<Blueprint>,
        player: Option<&PlayerState>,
    ) {
        if compound.is_empty() {
            ui.weak(self.t("compound-empty"));
            return;
        }
        for kind in CardType::ALL {
            let cards: Vec<String> = compound
                .iter()
                .filter(|(c, _)| c.kind() == kind)
                .map(|(c, n)| {
                    let used = player.is_some_and(|p| p.has_activated(c));
                    let mut s = words::card_name(&self.tr, c);
                    if n > 1 {
                        s.push_str(&format!(" ×{n}"));
                    }
                    if used {
                        s.push_str(&format!(" ({})", self.t("used")));
                    }
                    s
                })
                .collect();
            if !cards.is_empty() {
                ui.label(format!(
                    "{} ({}): {}",
                    words::kind(&self.tr, kind),
                    compound.of_type(kind),
                    cards.join(", ")
                ));
            }
        }
    }

    fn active_player_ui(&mut self, ui: &mut Ui, game: &Game, legal: &[Act], seat: usize) {
        let st = game.state();
        let p = &st.players[seat];
        let name = &game.setup().players[seat].name;
        ui.heading(RichText::new(name).color(colour_rgb(p.colour)).size(22.0));
        self.resources_ui(ui, p);
        ui.add_space(6.0);

        // The dice tray.
        ui.label(RichText::new(self.t("dice-tray")).strong());
        ui.horizontal_wrapped(|ui| {
            if p.dice.is_empty() {
                ui.weak(self.t("dice-none"));
            }
            for (i, d) in p.dice.as_slice().iter().enumerate() {
                let i = i as u8;
                let origin = self.t(&format!(
                    "origin-{}",
                    format!("{:?}", d.origin).to_lowercase()
                ));
                let label = self.ta("die", &[("n", (i + 1).into()), ("value", d.value.into())]);
                if d.placed.is_some() {
                    ui.add_enabled(false, egui::Button::new(label))
                        .on_disabled_hover_text(
                            self.ta("die-placed", &[("origin", origin.into())]),
                        );
                } else {
                    // Click to select, or drag onto an HQ section.
                    let r = ui
                        .add(
                            egui::Button::selectable(self.selected_die == Some(i), label)
                                .sense(egui::Sense::click_and_drag()),
                        )
                        .on_hover_text(self.ta("die-hint", &[("origin", origin.into())]));
                    r.dnd_set_drag_payload(DraggedDie(i));
                    if r.clicked() {
                        self.selected_die = if self.selected_die == Some(i) {
                            None
                        } else {
                            Some(i)
                        };
                    }
                }
            }
            let specialist: Vec<Act> = legal
                .iter()
                .filter(|a| matches!(a, Act::SpecialistDie { .. }))
                .cloned()
                .collect();
            if !specialist.is_empty() && ui.button(self.t("specialist-die")).clicked() {
                self.dialog = Some(Dialog::Options {
                    title: self.t("specialist-die"),
                    acts: specialist,
                });
            }
        });
        ui.add_space(6.0);

        // Headquarters: 3 sections of 3 slots.
        ui.label(RichText::new(self.t("hq")).strong());
        let mut dropped = None;
        ui.horizontal(|ui| {
            for section in Section::ALL {
                let zone = ui.vertical(|ui| {
                    let hq = &p.hq[section.index()];
                    let slots: Vec<String> = hq
                        .dice
                        .iter()
                        .map(|&v| {
                            if v == 0 {
                                "·".to_string()
                            } else {
                                v.to_string()
                            }
                        })
                        .collect();
                    ui.label(format!(
                        "{} [{}]",
                        words::section(&self.tr, section),
                        slots.join(" ")
                    ));
                    let label = self.ta(
                        "place-on",
                        &[("section", words::section(&self.tr, section).into())],
                    );
                    match self.selected_die {
                        Some(die) => {
                            // Asked of the engine for this very die: `legal_actions` lists
                            // one die per value.
                            let act = Act::Place { die, section };
                            let why = game.check(&act).err();
                            let r = ui.add_enabled(why.is_none(), egui::Button::new(label));
                            let r = match &why {
                                Some(e) => r.on_disabled_hover_text(words::refusal(&self.tr, e)),
                                None => r,
                            };
                            if r.clicked() {
                                self.submit(act);
                            }
                        }
                        None => {
                            let r = ui.add_enabled(false, egui::Button::new(label));
                            r.on_disabled_hover_text(self.t("select-die-first"));
                        }
                    }
                });
                if let Some(die) = zone.response.dnd_release_payload::<DraggedDie>() {
                    dropped = Some((die.0, section));
                }
            }
        });
        if let Some((die, section)) = dropped {
            // A die dropped on a section: placed, or refused with the reason in view.
            self.submit(Act::Place { die, section });
        }
        ui.add_space(6.0);

        // The compound, with activations.
        ui.label(RichText::new(self.t("compound")).strong());
        self.compound_ui(ui, &p.compound, Some(p));
        ui.horizontal_wrapped(|ui| {
            for (card, _) in p.compound.iter() {
                if card.is_passive() {
                    continue;
                }
                let acts: Vec<Act> = legal
                    .iter()
                    .filter(|a| match a {
                        Act::Activate { card: c, .. } => *c == card,
                        Act::Replicate { .. } => card == Blueprint::Replicator,
                        _ => false,
                    })
                    .cloned()
                    .collect();
                let label = self.ta(
                    "activate",
                    &[("card", words::card_name(&self.tr, card).into())],
                );
                let r = ui
                    .add_enabled(!acts.is_empty(), egui::Button::new(label.clone()))
                    .on_hover_text(card_text(&self.tr, card));
                let r = if acts.is_empty() {
                    r.on_disabled_hover_text(activation_refusal(&self.tr, game, card))
                } else {
                    r
                };
                if r.clicked() {
                    self.choose(label, acts, || None);
                }
            }
        });
        ui.add_space(6.0);

        // The hand, with builds.
        ui.label(RichText::new(self.ta("hand-count", &[("count", p.hand.len().into())])).strong());
        // In a companion game Foreman knows every card in hand: the players told it each one.
        {
            ui.horizontal_wrapped(|ui| {
                for (card, n) in p.hand.iter() {
                    let builds: Vec<Act> = legal
                        .iter()
                        .filter(|a| matches!(a, Act::Build { card: c, .. } if *c == card))
                        .cloned()
                        .collect();
                    let name = if n > 1 {
                        format!("{} ×{n}", words::card_name(&self.tr, card))
                    } else {
                        words::card_name(&self.tr, card)
                    };
                    ui.group(|ui| {
                        ui.vertical(|ui| {
                            ui.label(RichText::new(name).strong())
                                .on_hover_text(card_text(&self.tr, card));
                            let (m, e) = crate::engine::build_cost(p, card);
                            ui.weak(format!(
                                "{} · {}",
                                words::tool(&self.tr, card.tool()),
                                self.ta("cost", &[("metal", m.into()), ("energy", e.into())])
                            ));
                            let label = self.ta(
                                "build",
                                &[("card", words::card_name(&self.tr, card).into())],
                            );
                            let r = ui
                                .add_enabled(!builds.is_empty(), egui::Button::new(label.clone()));
                            let r = if builds.is_empty() {
                                r.on_disabled_hover_text(build_refusal(&self.tr, game, p, card))
                            } else {
                                r
                            };
                            if r.clicked() {
                                self.choose(label, builds, || None);
                            }
                        });
                    });
                }
            });
        }
    }

    // --- Final screen -------------------------------------------------------------------

    fn final_screen(&mut self, ui: &mut Ui) {
        let Some(game) = self.shared_game() else {
            return;
        };
        let board = scoreboard(game.state());
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading(self.t("final-score"));
                let winner = match &board.winner {
                    Winner::Machine => self.t("machine"),
                    Winner::Players(seats) => seats
                        .iter()
                        .map(|&s| game.setup().players[s].name.clone())
                        .collect::<Vec<_>>()
                        .join(" & "),
                };
                ui.label(
                    RichText::new(self.ta("winner", &[("name", winner.into())]))
                        .size(22.0)
                        .strong(),
                );
                if let Some(tb) = board.tie_break {
                    ui.label(self.t(match tb {
                        TieBreak::Metal => "tie-metal",
                        TieBreak::Energy => "tie-energy",
                        TieBreak::Hand => "tie-hand",
                        TieBreak::Shared => "tie-shared",
                        TieBreak::MachineWinsTies => "tie-machine",
                    }));
                }
                ui.add_space(8.0);
                for s in &board.players {
                    let name = &game.setup().players[s.seat].name;
                    ui.group(|ui| {
                        ui.heading(self.ta(
                            "player-total",
                            &[("name", name.clone().into()), ("score", s.total.into())],
                        ));
                        for line in &s.cards {
                            ui.label(format!(
                                "{} ×{} = {}",
                                words::card_name(&self.tr, line.card),
                                line.count,
                                line.prestige
                            ));
                        }
                        ui.label(self.ta("prestige-count", &[("count", s.prestige.into())]));
                        ui.label(self.ta("goods-count", &[("count", s.goods.into())]));
                        ui.weak(self.ta(
                            "tie-values",
                            &[
                                ("metal", s.metal.into()),
                                ("energy", s.energy.into()),
                                ("hand", s.hand.into()),
                            ],
                        ));
                    });
                }
                if let Some(m) = &board.machine {
                    ui.group(|ui| {
                        ui.heading(self.ta("machine-total", &[("score", m.total.into())]));
                        ui.label(self.ta(
                            "machine-formula",
                            &[
                                ("goods", m.goods.into()),
                                ("cards", m.cards.into()),
                                ("monuments", m.monuments.into()),
                            ],
                        ));
                    });
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(self.t("export-result")).clicked() {
                        self.dialog = Some(Dialog::SaveAs {
                            path: self.data_dir.join("result.json").display().to_string(),
                            export: true,
                        });
                    }
                    if ui.button(self.t("save-as")).clicked() {
                        self.dialog = Some(Dialog::SaveAs {
                            path: self.data_dir.join("saved-game.json").display().to_string(),
                            export: false,
                        });
                    }
                    if ui.button(self.t("new-game")).clicked() {
                        self.open_start_screen();
                    }
                    if ui.button(self.t("undo")).clicked() {
                        self.undo();
                    }
                });
                if let Some(m) = &self.message {
                    ui.label(m);
                }
            });
        });
    }

    // --- Dialogs ------------------------------------------------------------------------

    fn dialog_ui(&mut self, ctx: &egui::Context) {
        let Some(dialog) = self.dialog.clone() else {
            return;
        };
        let mut close = false;
        let mut send: Option<(Act, Inputs)> = None;
        let mut keep: Option<Dialog> = None;
        let modal = egui::Modal::new(egui::Id::unique("foreman-dialog")).show(ctx, |ui| {
            // One width from the first frame: a dialog never grows under the pointer.
            ui.set_width(560.0);
            match dialog {
                Dialog::Options { title, acts } => {
                    let Some(game) = self.shared_game() else {
                        return;
                    };
                    ui.heading(&title);
                    egui::ScrollArea::vertical()
                        .max_height(420.0)
                        .show(ui, |ui| {
                            for act in &acts {
                                if ui.button(words::act(&self.tr, &game, act)).clicked() {
                                    send = Some((act.clone(), Inputs::default()));
                                }
                            }
                        });
                }
                Dialog::Input(mut pending) => {
                    self.input_ui(ui, &mut pending, &mut send);
                    keep = Some(Dialog::Input(pending));
                }
                Dialog::Discard(mut form) => {
                    let Some(game) = self.shared_game() else {
                        return;
                    };
                    let st = game.state();
                    let Some(p) = st.current_player() else {
                        return;
                    };
                    match super::discard::discard_ui(ui, &self.tr, &st.players[p], &mut form) {
                        Some(act) => send = Some((act, Inputs::default())),
                        None => keep = Some(Dialog::Discard(form)),
                    }
                }
                Dialog::SaveAs { mut path, export } => {
                    ui.heading(self.t(if export { "export-result" } else { "save-as" }));
                    let label = self.t("path");
                    ui.add(egui::TextEdit::singleline(&mut path).desired_width(440.0))
                        .on_hover_text(label);
                    if ui.button(self.t("save")).clicked() {
                        self.save_to(&path, export);
                        close = true;
                    } else {
                        keep = Some(Dialog::SaveAs { path, export });
                    }
                }
            }
            ui.add_space(6.0);
            if ui.button(self.t("cancel")).clicked() {
                close = true;
            }
        });
        if modal.should_close() {
            close = true;
        }
        if let Some(k) = keep {
            self.dialog = Some(k);
        }
        if close {
            self.dialog = None;
        }
        if let Some((act, inputs)) = send {
            self.dialog = None;
            if inputs.is_empty() {
                self.submit(act);
            } else {
                self.submit_with(act, inputs);
            }
        }
    }

    /// The picker for a die face or a revealed card (companion games).
    fn input_ui(&self, ui: &mut Ui, pending: &mut Pending, send: &mut Option<(Act, Inputs)>) {
        let Some(game) = self.game() else {
            return;
        };
        ui.label(RichText::new(words::act(&self.tr, game, &pending.act)).weak());
        let st = game.state();
        match &pending.need {
            Need::Die(_) => {
                let k = pending.inputs.dice.len();
                let why = if pending.act == Act::MachineTurn {
                    let die = crate::engine::state::MachineDie::ORDER[k.min(4)];
                    self.ta(
                        "machine-die",
                        &[(
                            "colour",
                            words::colour_named(&self.tr, &format!("{die:?}")).into(),
                        )],
                    )
                } else {
                    self.ta("your-die", &[("n", (k + 1).into())])
                };
                ui.heading(self.ta("need-die", &[("why", why.into())]));
                ui.horizontal(|ui| {
                    for face in 1..=6u8 {
                        if ui
                            .button(
                                RichText::new(self.ta("face", &[("value", face.into())]))
                                    .size(18.0),
                            )
                            .clicked()
                        {
                            let mut inputs = pending.inputs.clone();
                            inputs.dice.push(face);
                            *send = Some((pending.act.clone(), inputs));
                        }
                    }
                });
            }
            Need::Blueprint => {
                ui.heading(self.t("need-blueprint"));
                let left = still_hidden(
                    &st.blueprint_deck,
                    &st.blueprint_discard,
                    &pending.inputs.blueprints,
                );
                let label = self.t("search");
                ui.add(egui::TextEdit::singleline(&mut pending.search).hint_text(label.clone()))
                    .on_hover_text(label);
                let q = pending.search.to_lowercase();
                egui::ScrollArea::vertical()
                    .max_height(360.0)
                    .show(ui, |ui| {
                        for &card in Blueprint::ALL {
                            let n = left.count(card);
                            let matches = q.is_empty()
                                || card.name().to_lowercase().contains(&q)
                                || card.name_fr().to_lowercase().contains(&q);
                            // Only cards that can still be in the deck, unless searched by name.
                            if !matches || (n == 0 && q.is_empty()) {
                                continue;
                            }
                            let text = format!("{} / {} ({n})", card.name(), card.name_fr());
                            if ui.button(text).clicked() {
                                let mut inputs = pending.inputs.clone();
                                inputs.blueprints.push(card);
                                *send = Some((pending.act.clone(), inputs));
                            }
                        }
                    });
            }
            Need::Contractor => {
                ui.heading(self.t("need-contractor"));
                let left = still_hidden(
                    &st.contractor_deck,
                    &st.contractor_discard,
                    &pending.inputs.contractors,
                );
                for &c in Contractor::ALL {
                    let n = left.count(c);
                    if n == 0 {
                        continue;
                    }
                    if ui
                        .button(format!("{} / {} ({n})", c.name(), c.name_fr()))
                        .clicked()
                    {
                        let mut inputs = pending.inputs.clone();
                        inputs.contractors.push(c);
                        *send = Some((pending.act.clone(), inputs));
                    }
                }
            }
            Need::Tools => {
                ui.heading(self.t("need-tools"));
                ui.label(
                    pending
                        .tools
                        .iter()
                        .map(|t| words::tool(&self.tr, *t))
                        .collect::<Vec<_>>()
                        .join(" · "),
                );
                ui.horizontal(|ui| {
                    for t in Tool::ALL {
                        if pending.tools.contains(&t) {
                            continue;
                        }
                        if ui.button(words::tool(&self.tr, t)).clicked() {
                            pending.tools.push(t);
                        }
                    }
                });
                if let Ok(tools) = <[Tool; 4]>::try_from(pending.tools.as_slice()) {
                    let mut inputs = pending.inputs.clone();
                    inputs.tools = Some(tools);
                    *send = Some((pending.act.clone(), inputs));
                }
            }
        }
    }

    fn save_to(&mut self, path: &str, export: bool) {
        let path = PathBuf::from(path.trim());
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let result = if export {
            let summary = crate::sim::summarise(session.game());
            match serde_json::to_string_pretty(&summary) {
                Ok(text) => crate::store::write_atomic(&path, &text).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            }
        } else {
            session.save_copy(&path).map_err(|e| e.to_string())
        };
        self.message = Some(match result {
            Ok(()) => self.ta("saved-to", &[("path", path.display().to_string().into())]),
            Err(e) => e,
        });
    }
}

impl eframe::App for ForemanApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
        if let Some(started) = self.started.take() {
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            tracing::info!("first frame laid out {ms:.0} ms after start");
            // For measuring the start-up time: `FOREMAN_FIRST_FRAME=1 foreman` prints it and
            // closes the window.
            if std::env::var_os("FOREMAN_FIRST_FRAME").is_some() {
                println!("first frame after {ms:.0} ms");
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.settings);
    }
}

fn resize_players(form: &mut StartForm, n: usize) {
    while form.names.len() < n {
        let i = form.names.len();
        form.names.push(format!("Player {}", i + 1));
        let free = Colour::ALL
            .iter()
            .copied()
            .find(|c| !form.colours.contains(c))
            .unwrap_or(Colour::Red);
        form.colours.push(free);
        form.dice.push(DiceSource::Virtual);
    }
    form.names.truncate(n);
    form.colours.truncate(n);
    form.dice.truncate(n);
}

fn colour_rgb(c: Colour) -> Color32 {
    match c {
        Colour::Red => Color32::from_rgb(220, 70, 60),
        Colour::Blue => Color32::from_rgb(80, 140, 240),
        Colour::Green => Color32::from_rgb(70, 180, 90),
        Colour::Purple => Color32::from_rgb(170, 100, 220),
        Colour::Yellow => Color32::from_rgb(230, 190, 40),
        Colour::White => Color32::from_rgb(235, 235, 230),
    }
}

/// A card's cost, prestige and effect (cards.md), for hover text.
fn card_text(tr: &Tr, c: Blueprint) -> String {
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
        info.activation
    )
}

/// The cards that can still come off a deck, given those already named in this action: the
/// deck's, then (once it is used up, as the engine reshuffles) the discard pile's.
fn still_hidden<C: crate::engine::state::CardId>(
    deck: &crate::engine::state::Pile<C>,
    discard: &crate::engine::state::Pile<C>,
    named: &[C],
) -> crate::engine::state::Pile<C> {
    let mut left = *deck;
    let mut reshuffled = false;
    for &c in named {
        if left.is_empty() && !reshuffled {
            left = *discard;
            reshuffled = true;
        }
        left.remove(c);
    }
    if left.is_empty() && !reshuffled {
        left = *discard;
    }
    left
}

/// Why `act` is refused now, in the engine's words.
fn refusal(tr: &Tr, game: &Game, act: &Act) -> String {
    match game.check(act) {
        Err(e) => words::refusal(tr, &e),
        Ok(()) => String::new(),
    }
}

/// Why a card cannot be activated now: the engine's reason for its plainest use.
fn activation_refusal(tr: &Tr, game: &Game, card: Blueprint) -> String {
    let st = game.state();
    let Some(p) = st.current_player() else {
        return tr.t("not-your-turn");
    };
    if st.players[p].has_activated(card) {
        return tr.t("already-activated");
    }
    let unplaced: Vec<u8> = st.players[p].dice.unplaced().map(|i| i as u8).collect();
    let act = Act::Activate {
        card,
        dice: unplaced
            .first()
            .map(|&d| crate::engine::DiceList::from([d]))
            .unwrap_or_default(),
        choice: Default::default(),
    };
    match game.check(&act) {
        Err(e) => words::refusal(tr, &e),
        Ok(()) => tr.t("needs-a-choice"),
    }
}

/// Why a hand card cannot be built now, in the engine's words.
fn build_refusal(tr: &Tr, game: &Game, p: &PlayerState, card: Blueprint) -> String {
    let discard = p
        .hand
        .iter()
        .map(|(c, _)| c)
        .find(|&c| c.tool() == card.tool() && c != card)
        .unwrap_or(card);
    refusal(tr, game, &Act::Build { card, discard })
}
