//! The window's screens. State that must survive a restart is the game journal (written by the
//! [`Session`] on every action) and the [`Settings`] (eframe storage); everything else here is
//! what the screen shows right now.

use super::start::StartForm;
use crate::engine::known::Source;
use crate::engine::state::Phase;
use crate::engine::{Act, Action, Game, Inputs, Mode, RuleError, Tool, legal_actions};
use crate::i18n::words;
use crate::i18n::{Arg, Lang, Tr};
use crate::session::{Session, SessionError};
use egui::Ui;
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
    pub(super) fn key(self) -> &'static str {
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
    /// Camera: the source last started ("camera 0", a picture or a folder), offered again.
    pub camera_source: String,
    /// The "how a round goes" card was closed for good.
    pub help_seen: bool,
    /// The camera's *Teach Foreman your dice* was offered (at its first use), taken or not.
    pub dice_teach_offered: bool,
    /// The start screen's choices when a game was last started from it (issue 75, point 14).
    pub setup: Option<StartForm>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            zoom: 1.0,
            dark: true,
            dice: Vec::new(),
            camera_automatic: false,
            camera_source: String::new(),
            help_seen: false,
            dice_teach_offered: false,
            setup: None,
        }
    }
}

/// What is carried when a die is dragged from the tray: its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DraggedDie(pub(super) u8);

/// A random input the players must tell Foreman about (table-companion games).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Need {
    Die(&'static str),
    Blueprint,
    Contractor,
    Tools,
}

/// An action waiting for its inputs.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    pub(super) act: Act,
    pub(super) inputs: Inputs,
    pub(super) need: Need,
    pub(super) search: String,
    /// The highlighted match of the card picker (arrows move it, Enter takes it).
    pub(super) cursor: usize,
    /// A card was chosen with the arrows since the search last changed: Enter takes it even
    /// when the letters match several.
    pub(super) chose: bool,
    /// Where the next revealed card goes and how far along the action is, for the number of
    /// cards named when it was worked out (asked of the rules once, not every frame).
    pub(super) guide: Option<(usize, String)>,
    /// How many dice faces the action needs in all (asked of the rules once, when the die
    /// picker first shows).
    pub(super) faces: Option<Option<usize>>,
    pub(super) tools: Vec<Tool>,
}

impl Pending {
    /// An action asking for `need`, nothing searched or worked out yet.
    pub(super) fn asking(act: Act, inputs: Inputs, need: Need) -> Self {
        Pending {
            act,
            inputs,
            need,
            search: String::new(),
            cursor: 0,
            chose: false,
            guide: None,
            faces: None,
            tools: Vec::new(),
        }
    }
}

/// A dialog over the table.
#[derive(Debug, Clone)]
pub(super) enum Dialog {
    /// Choose one of these actions (a card's choices, build discards, contractor targets…).
    /// A long list (a hidden hand's cards) has a search box: a few letters narrow it, Enter
    /// takes the first.
    Options(Box<super::options::OptionsForm>),
    /// Tell Foreman a die face or a revealed card.
    Input(Box<Pending>),
    /// Save a copy of the game, or export the result, to a path.
    SaveAs { path: String, export: bool },
    /// The end-of-work discard: which blueprints and resources go (the player's choice).
    Discard(Box<super::discard::DiscardForm>),
}

pub(super) enum Screen {
    Start(Box<StartForm>),
    Table,
    #[cfg(not(target_arch = "wasm32"))]
    History(Box<super::history::HistoryView>),
    /// The games beside Fantastic Factories (issue 92), their table companions.
    LittleFactory(Box<super::little_factory::LfScreen>),
    Traumfabrik(Box<super::traumfabrik::TfScreen>),
}

/// The size of the window's small text (cards' effects, rules, notes), in points at 100%.
pub const SMALL_TEXT: f32 = 12.0;

/// The autosaved game in the data folder (the terminal game uses the same file).
pub(super) const LAST_GAME: &str = "last-game.json";

/// The Foreman window.
pub struct ForemanApp {
    pub settings: Settings,
    /// The window's words (shared with the screen drawn this frame).
    pub(super) tr: std::rc::Rc<Tr>,
    pub(super) screen: Screen,
    pub(super) session: Option<Session>,
    /// The table screen's own state: the die picked, the side panel, where it scrolled.
    pub(super) view: super::table::TableView,
    pub(super) data_dir: PathBuf,
    /// Every game played goes into the history as it is played.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) recorder: crate::session::recorder::Recorder,
    pub(super) dialog: Option<Dialog>,
    /// *Invite players*: the game served to the devices, and its links window.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) invite: Option<super::invite::Invite>,
    /// Where *Invite players* listens.
    #[cfg(not(target_arch = "wasm32"))]
    pub invite_at: super::invite::InviteAt,
    /// The last refusal or error, shown in view until the next action.
    pub(super) message: Option<String>,
    /// A line that tells, not refuses (a copy saved, the only discard taken): shown plainly.
    pub(super) note: Option<String>,
    /// What undo and redo last did (the log's notes); the log itself is the journal's.
    pub(super) log: Vec<Note>,
    /// The log "What happened", rebuilt from the journal when it changes.
    pub(super) log_view: super::log::LogView,
    /// The seed of the next new game (tests fix it; otherwise the clock gives one).
    pub next_seed: Option<u64>,
    pub(super) applied_zoom: f32,
    /// When the program started, until the first frame is drawn (start-up time).
    pub started: Option<web_time::Instant>,
    /// The smart dice panel: its port and the dice once connected.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) smart: super::smart_panel::SmartPanel,
    /// The camera panel: its source, the reader once started, its preview.
    #[cfg(not(target_arch = "wasm32"))]
    pub camera: super::camera_panel::CameraPanel,
    /// What the start screen offers to resume, read when it opens (not per frame).
    pub(super) offers: super::start::Offers,
    /// The help windows: the round card and the card reference.
    pub(super) help: super::reference::Help,
    /// The planner's plan shown by *Suggest*.
    pub(super) suggestion: Option<super::suggest::Suggestion>,
    /// The planner thinking about a suggestion, on its thread.
    pub(super) thinking: Option<super::suggest::Thinking>,
    /// The review after the game (from the final score), at work or shown.
    pub(super) review: Option<super::screens::review::Reviewing>,
    /// The bots of the game on the table.
    pub(super) bot_seats: super::bot_seats::BotSeats,
    /// How long a bot's actions are apart (tests make it nothing).
    pub bot_pace: std::time::Duration,
}

/// A side panel of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Market,
    Others,
    /// The player at work alone (a phone's width: no side beside it).
    Board,
    /// The camera's panel alone, its picture as large as the window allows.
    Camera,
}

impl ForemanApp {
    /// The window with `settings`, keeping its games in `data_dir`. The last game, if there is
    /// one, is offered on the start screen.
    pub fn new(settings: Settings, data_dir: PathBuf) -> ForemanApp {
        let kept_other = (
            super::traumfabrik::unfinished(&data_dir),
            super::little_factory::unfinished(&data_dir),
        );
        let has_last_game = crate::store::disk::exists(&data_dir.join(LAST_GAME));
        let last_game = crate::store::load_game(&data_dir.join(LAST_GAME))
            .ok()
            .map(std::rc::Rc::new);
        let form = settings.setup.clone().map(StartForm::mended);
        let form = form.unwrap_or_default();
        #[cfg(not(target_arch = "wasm32"))]
        let camera_source = settings.camera_source.clone();
        ForemanApp {
            tr: std::rc::Rc::new(Tr::new(settings.lang)),
            settings,
            screen: Screen::Start(Box::new(form)),
            session: None,
            view: Default::default(),
            #[cfg(not(target_arch = "wasm32"))]
            recorder: crate::session::recorder::Recorder::open(&data_dir),
            data_dir,
            dialog: None,
            #[cfg(not(target_arch = "wasm32"))]
            invite: None,
            #[cfg(not(target_arch = "wasm32"))]
            invite_at: Default::default(),
            message: None,
            note: None,
            log: Vec::new(),
            log_view: Default::default(),
            next_seed: None,
            applied_zoom: 0.0,
            started: None,
            #[cfg(not(target_arch = "wasm32"))]
            smart: Default::default(),
            #[cfg(not(target_arch = "wasm32"))]
            camera: super::camera_panel::CameraPanel {
                source: camera_source,
                ..Default::default()
            },
            offers: super::start::Offers {
                has_last_game,
                last_game,
                kept: Vec::new(),
                traumfabrik: kept_other.0,
                little_factory: kept_other.1,
            },
            help: Default::default(),
            suggestion: None,
            thinking: None,
            review: None,
            bot_seats: Default::default(),
            bot_pace: super::bot_seats::BOT_PACE,
        }
    }

    pub(super) fn last_game_path(&self) -> PathBuf {
        self.data_dir.join(LAST_GAME)
    }

    pub(super) fn open_start_screen(&mut self) {
        let form = self.settings.setup.clone().map(StartForm::mended);
        self.screen = Screen::Start(Box::new(form.unwrap_or_default()));
        self.dialog = None;
        self.review = None;
        self.offers.has_last_game = crate::store::disk::exists(&self.last_game_path());
        self.offers.last_game = crate::store::load_game(&self.last_game_path())
            .ok()
            .map(std::rc::Rc::new);
        self.offers.traumfabrik = super::traumfabrik::unfinished(&self.data_dir);
        self.offers.little_factory = super::little_factory::unfinished(&self.data_dir);
        self.offers.kept = crate::store::worth_resuming(
            crate::store::kept_games(&crate::store::games_dir(&self.data_dir)),
            self.offers.last_game.as_deref(),
        );
    }

    /// Puts the last game aside if it is unfinished, so that nothing overwrites it; says so
    /// when it cannot (and then nothing may be started over it).
    pub(super) fn keep_last_game(&mut self) -> bool {
        let stamp = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let games = crate::store::games_dir(&self.data_dir);
        match crate::store::keep_unfinished(&self.last_game_path(), &games, stamp) {
            Ok(kept) => {
                if let Some(path) = kept {
                    tracing::info!(path = %path.display(), "the unfinished game was put aside");
                }
                true
            }
            Err(e) => {
                self.message = Some(e.to_string());
                false
            }
        }
    }

    /// The open game, shared (no copy): for a screen that acts while it draws.
    pub(super) fn shared_game(&self) -> Option<std::rc::Rc<Game>> {
        self.session.as_ref().map(|s| s.shared())
    }

    /// The version of the open game's table: it grows with every change (an undo too), so an
    /// answer worked out on an older one is for a position that is gone.
    pub fn version(&self) -> u64 {
        self.session.as_ref().map_or(0, |s| s.version())
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

    /// The inputs told so far to the open picker (the cards named in this action).
    pub fn pending_inputs(&self) -> Option<&Inputs> {
        match &self.dialog {
            Some(Dialog::Input(p)) => Some(&p.inputs),
            _ => None,
        }
    }

    /// The plan *Suggest* shows, if any.
    pub fn suggested(&self) -> Option<&crate::planner::Plan> {
        self.suggestion.as_ref().map(|s| &s.plan)
    }

    /// Whether a dialog of choices is open.
    pub fn choosing(&self) -> bool {
        matches!(self.dialog, Some(Dialog::Options(_)))
    }

    /// The window's notes in the log (undo, redo), oldest first, in its language now.
    pub fn log(&self) -> Vec<String> {
        self.log.iter().map(|n| n.say(&self.tr)).collect()
    }

    /// The note in view (what was done, not a refusal), if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The message in view (a refusal's reason), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    pub(super) fn t(&self, key: &str) -> String {
        self.tr.t(key)
    }

    /// A session error for the screen: a refusal in the interface language, else as it is.
    pub(super) fn say(&self, e: &SessionError) -> String {
        match e {
            SessionError::Rule(r) => words::refusal(&self.tr, r),
            SessionError::UndoStops(i) => self.undo_stops(*i),
            other => other.to_string(),
        }
    }
    /// Why undo stops at the journal's action `index` (a digital game's last draw or roll).
    pub(super) fn undo_stops(&self, index: usize) -> String {
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

    pub(super) fn ta(&self, key: &str, args: &[(&str, Arg)]) -> String {
        self.tr.t_args(key, args)
    }

    pub fn set_lang(&mut self, lang: Lang) {
        self.settings.lang = lang;
        self.tr = std::rc::Rc::new(Tr::new(lang));
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
            // Readable from a chair: the small text (cards' effects, rules) is 12 points at
            // 100%, in both themes.
            for theme in [egui::Theme::Dark, egui::Theme::Light] {
                ctx.style_mut_of(theme, |style| {
                    style.text_styles.insert(
                        egui::TextStyle::Small,
                        egui::FontId::proportional(SMALL_TEXT),
                    );
                });
            }
            self.applied_zoom = self.settings.zoom;
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(smart) = self.smart.dice.as_mut() {
            smart.drain(&ctx);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(camera) = self.camera.dice.as_mut() {
            camera.drain(&ctx);
        }
        // The devices' actions, when the game is served.
        if self.session.as_mut().is_some_and(|s| s.sync()) {
            self.log.clear();
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.invite_window(&ctx);
        self.undo_request(&ctx);
        self.feed_read_dice();
        self.shortcuts(&ctx);
        // Drawn again this frame if the camera's picture still is.
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.camera.picture_at = None;
        }
        self.ask_for_roll();
        if matches!(self.screen, Screen::Table) {
            self.play_bots(&ctx);
        }
        self.poll_suggestion(&ctx);
        self.top_bar(ui);
        match &self.screen {
            Screen::Start(_) => self.start_screen(ui),
            #[cfg(not(target_arch = "wasm32"))]
            Screen::History(_) => self.history_screen(ui),
            Screen::LittleFactory(_) => self.little_factory_screen(ui),
            Screen::Traumfabrik(_) => self.traumfabrik_screen(ui),
            Screen::Table => {
                if !self.game().is_some_and(|g| g.state().is_over()) {
                    // An undo took the game back from its end: its review is gone with it.
                    self.review = None;
                    self.table(ui);
                } else if self.review.is_some() {
                    self.review_screen(ui);
                } else {
                    self.final_screen(ui);
                }
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.session {
            self.recorder.record(s.path(), s.truth());
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(path) = self.recorder.notice.take() {
            self.message = Some(self.ta("history-set-aside", &[("path", path.into())]));
        }
        self.dialog_ui(&ctx);
        // The round card waits behind a dialog the game asks (the deal's first card at a
        // real table): a click meant for one never lands on the other.
        let held = self.dialog.is_some() && self.help.round_card;
        if held {
            self.help.round_card = false;
        }
        if super::reference::show(&ctx, &self.tr, &mut self.help) {
            self.settings.help_seen = true;
        }
        if held {
            self.help.round_card = true;
        }
    }

    pub(super) fn zoom(&mut self, by: f32) {
        self.settings.zoom = (self.settings.zoom + by).clamp(0.6, 2.5);
    }

    pub(super) fn top_bar(&mut self, ui: &mut Ui) {
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.heading("Foreman");
                ui.separator();
                if matches!(self.screen, Screen::Table) {
                    if ui.button(self.t("new-game")).clicked() {
                        self.open_start_screen();
                    }
                    self.undo_button(ui);
                    let can_redo = self.session.as_ref().is_some_and(|s| s.can_redo());
                    if ui
                        .add_enabled(can_redo, egui::Button::new(self.t("redo")))
                        .on_hover_text(self.t("redo-hint"))
                        .clicked()
                    {
                        self.redo();
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button(self.t("web-invite"))
                        .on_hover_text(self.t("web-invite-hint"))
                        .clicked()
                    {
                        let ctx = ui.ctx().clone();
                        self.invite_players(&ctx);
                    }
                    if cfg!(not(target_arch = "wasm32")) && ui.button(self.t("save-as")).clicked() {
                        let path = self.data_dir.join("saved-game.json");
                        self.dialog = Some(Dialog::SaveAs {
                            path: path.display().to_string(),
                            export: false,
                        });
                    }
                }
                #[cfg(not(target_arch = "wasm32"))]
                if !matches!(self.screen, Screen::History(_))
                    && ui
                        .button(self.t("history"))
                        .on_hover_text(self.t("history-hint"))
                        .clicked()
                {
                    self.open_history();
                }
                ui.separator();
                let current = self.settings.lang;
                let mut chosen = current;
                // The language's own name says what the list is: no label beside it (the top
                // bar stays on one line at 150%); its name for a screen reader, and its hover.
                let label = self.t("language");
                egui::ComboBox::from_id_salt("language")
                    .selected_text(current.native_name())
                    .show_ui(ui, |ui| {
                        for lang in Lang::ALL {
                            ui.selectable_value(&mut chosen, lang, lang.native_name());
                        }
                    })
                    .response
                    .on_hover_text(&label)
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
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
                ui.separator();
                // Help and the card list are Fantastic Factories': not on the other games'
                // screens (their rules are on their own pages).
                let other_game = matches!(
                    self.screen,
                    Screen::LittleFactory(_) | Screen::Traumfabrik(_)
                );
                if !other_game
                    && ui
                        .button(self.t("help"))
                        .on_hover_text(self.t("help-title"))
                        .clicked()
                {
                    self.help.round_card = !self.help.round_card;
                }
                if !other_game
                    && ui
                        .button(self.t("reference"))
                        .on_hover_text(self.t("reference-title"))
                        .clicked()
                {
                    self.help.reference = match self.help.reference {
                        Some(_) => None,
                        None => Some(String::new()),
                    };
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

    /// The colour of the die the game asks for now (when it asks for one), as smart dice
    /// report it: the player's colour, white for a solo player, the Machine's die colours in
    /// their order.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn wanted_colour(&self, pending: &Pending) -> Option<crate::dice::DieColour> {
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
        use crate::engine::state::Colour;
        Some(match st.players[seat].colour {
            Colour::Red => D::Red,
            Colour::Blue => D::Blue,
            Colour::Green => D::Green,
            Colour::Purple => D::Purple,
            Colour::Yellow => D::Yellow,
            Colour::White => D::White,
        })
    }

    /// Opens the saved game at `path` on the table (as the start screen's "Open" does).
    pub fn open_file(&mut self, path: &std::path::Path) {
        self.resume(path.to_path_buf(), &StartForm::default());
    }

    pub(super) fn open_session(&mut self, s: Session) {
        // The first time a game is on the table, the round card says how a round goes (not
        // over a final score: a finished game has no round to go).
        if !self.settings.help_seen && !self.help.offered && !s.game().state().is_over() {
            self.help.round_card = true;
            self.help.offered = true;
        }
        self.bot_seats = super::bot_seats::BotSeats::of(s.game());
        self.session = Some(s);
        self.screen = Screen::Table;
        self.message = None;
        self.note = None;
        self.log.clear();
        self.view.selected_die = None;
        self.dialog = None;
    }

    // --- Acting -------------------------------------------------------------------------

    /// What the person at the window may do now: nothing on a bot's turn.
    pub(super) fn legal(&self) -> Vec<Act> {
        if self.bot_to_act().is_some() || self.phone_to_act().is_some() {
            return Vec::new();
        }
        self.game()
            .map(|g| legal_actions(g.state()))
            .unwrap_or_default()
    }

    /// Where the inputs of the next action come from, given the mode and who acts.
    pub(super) fn input_source(&self) -> Source {
        if self.game().is_none_or(|g| g.setup().mode == Mode::Digital) {
            return Source::Digital;
        }
        match self.acting_dice().unwrap_or_default() {
            DiceSource::Virtual => Source::VirtualDice,
            _ => Source::Given,
        }
    }

    /// The dice source of whoever acts now: a player's, or the Machine's (the seat after the
    /// players' in the settings).
    pub(super) fn acting_dice(&self) -> Option<DiceSource> {
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

    /// A person's action. A bot's seat is the bot's to play: on its turn the action is
    /// refused with the reason.
    pub(super) fn submit_with(&mut self, act: Act, inputs: Inputs) {
        if let Some(seat) = self.bot_to_act()
            && let Some(g) = self.shared_game()
        {
            let name = self.seat_name(&g, seat);
            self.message = Some(self.ta("bot-playing", &[("name", name.into())]));
            return;
        }
        if let Some(seat) = self.phone_to_act()
            && !matches!(act, Act::Switch { .. })
            && let Some(g) = self.shared_game()
        {
            let name = self.seat_name(&g, seat);
            self.message = Some(self.ta("web-plays-on-phone", &[("name", name.into())]));
            return;
        }
        self.play(act, inputs);
    }

    /// Plays `act` for whoever is to act (a person through `submit_with`, a bot directly).
    pub(super) fn play(&mut self, act: Act, inputs: Inputs) {
        let source = self.input_source();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        match session.act(act.clone(), inputs.clone(), source) {
            Ok(_) => {
                self.message = None;
                self.note = None;
                self.view.selected_die = None;
                self.dialog = None;
                // What it caused is in the log, rebuilt from the journal; undo's notes end.
                self.log.clear();
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
                    self.dialog = Some(Dialog::Input(Box::new(Pending::asking(act, inputs, need))));
                    return;
                }
                match need {
                    Some(need) => {
                        self.dialog =
                            Some(Dialog::Input(Box::new(Pending::asking(act, inputs, need))))
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

    /// *Undo*: disabled where undo stops (a digital game's last draw or roll), saying why.
    pub(super) fn undo_button(&mut self, ui: &mut Ui) {
        if self.undo_button_clicked(ui) {
            self.undo();
        }
    }

    /// The *Undo* button (its reason on hover when disabled): whether it was clicked.
    pub(super) fn undo_button_clicked(&self, ui: &mut Ui) -> bool {
        let can_undo = self.session.as_ref().is_some_and(|s| s.can_undo());
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
        r.clicked()
    }

    pub(super) fn undo(&mut self) {
        self.step_journal(Session::undo, "undone");
    }

    pub(super) fn redo(&mut self) {
        self.step_journal(Session::redo, "redone");
    }

    /// Undo or redo: moves along the journal and says in the log which action it was.
    pub(super) fn step_journal(
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
                    self.message = None;
                    self.log.push(Note {
                        key: if done == "undone" { "undone" } else { "redone" },
                        act: action.act,
                        at,
                    });
                }
                Ok(None) => {}
                Err(e) => self.message = Some(self.say(&e)),
            }
        }
        self.view.selected_die = None;
        self.dialog = None;
    }

    /// Ends the work phase: at once when nothing must be discarded, else the discard choices.
    pub(super) fn end_work(&mut self) {
        let ends: Vec<Act> = self
            .legal()
            .into_iter()
            .filter(|a| matches!(a, Act::EndWork { .. }))
            .collect();
        let worker = self.game().and_then(|g| {
            let st = g.state();
            st.current_player().map(|p| st.players[p])
        });
        match (ends.is_empty(), worker) {
            (false, Some(player)) if super::discard::excess(&player) != (0, 0) => {
                // docs/rules.md, end of the work phase: the excess of the player's choice.
                let unseen = self
                    .game()
                    .map(|g| g.state().blueprint_deck)
                    .unwrap_or_default();
                self.dialog = Some(Dialog::Discard(Box::new(
                    super::discard::DiscardForm::new(&player).with_unseen(&unseen),
                )));
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
    pub(super) fn choose(
        &mut self,
        title: String,
        acts: Vec<Act>,
        refusal: impl FnOnce() -> Option<String>,
    ) {
        match acts.len() {
            0 => self.message = refusal(),
            1 => {
                // Said when it was a choice the player might have expected to make.
                let said = matches!(acts[0], Act::Build { .. } | Act::Hire { .. })
                    .then(|| self.shared_game())
                    .flatten()
                    .map(|g| words::act(&self.tr, &g, &acts[0]));
                self.submit(acts[0].clone());
                if self.message.is_none()
                    && let Some(what) = said
                {
                    self.note = Some(self.ta("only-choice", &[("action", what.into())]));
                }
            }
            _ => {
                self.dialog = Some(Dialog::Options(Box::new(super::options::OptionsForm::new(
                    title, acts,
                ))))
            }
        }
    }

    /// A button, shown while `acts` are open, that offers them ([`Self::choose`]).
    pub(super) fn choices_button(&mut self, ui: &mut Ui, key: &str, acts: Vec<Act>) {
        if !acts.is_empty() && ui.button(self.t(key)).clicked() {
            self.choose(self.t(key), acts, || None);
        }
    }
}

/// A line the window adds to the log (an action taken back or played again), said in the
/// window's language each time it is shown (a language chosen later says it too).
pub(super) struct Note {
    key: &'static str,
    act: Act,
    /// The game the action is described on (as it was before the action).
    at: std::rc::Rc<Game>,
}

impl Note {
    pub(super) fn say(&self, tr: &Tr) -> String {
        let what = words::act(tr, &self.at, &self.act);
        tr.t_args(self.key, &[("action", what.into())])
    }
}
