//! The host's game, shared by every device: the one authority. Each action comes with the
//! seat it is for (a device acts only for its own), is judged on what that seat may know
//! ([`Known`]), played through the engine's `apply` on a copy, journalled to disk, and only
//! then becomes the game; every device is then told and reads its own view.
//!
//! - An action sent twice (the same `id` from the same seat) is played once; an `id` used
//!   again for another action is refused. The ids and the version survive a restart (kept in
//!   the journal file).
//! - An action chosen on an older view is played when it still means what it meant then
//!   (the same words on the seat's screen: placing "the 3" while a 3 is free), and refused
//!   with those words otherwise.
//! - In the work phase the table turns to the seat that acts (`Act::Switch`) by itself.
//! - At a real table a refusal is the seat's own: an action that fits everything the seat
//!   may know is never refused because of a card another player told their own device; the
//!   tell that cannot be true is taken back instead (`Act::Untell`), told to its player only.
//! - Cards told in private change no version: another seat's screen does not move.

use super::log::Logs;
use super::seat_keys::SeatKeys;
use super::view::{SeatView, seat_view};
use crate::engine::{Act, Action, Events, Game, Inputs, Known, Mode, Phase, RuleError, switches};
use crate::i18n::{Lang, Tr, words};
use crate::store::{self, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};
use thiserror::Error;
use tokio::sync::watch;

pub use crate::engine::known::Source;
pub use undo::{UndoAsk, UndoDone};

mod undo;

/// How many positions the table remembers to judge an action chosen on an older view.
const POSITIONS_KEPT: usize = 32;
/// How many message ids of each seat are remembered to play a repeated one once.
const IDS_KEPT: usize = 64;

/// The four languages' words, made once for every table.
pub fn tr(lang: Lang) -> &'static Tr {
    static TRS: OnceLock<Vec<Tr>> = OnceLock::new();
    let all = TRS.get_or_init(|| Lang::ALL.iter().map(|&l| Tr::new(l)).collect());
    let i = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    &all[i]
}

/// Why an action from a device was not played.
#[derive(Debug, Error)]
pub enum Refusal {
    /// A rule, worked out on what the seat may know.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// Chosen on an older view, it no longer means what the seat chose (its words then).
    #[error("the table changed while you chose; look again")]
    Changed(Option<String>),
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("in an on-screen game Foreman rolls the dice and deals the cards")]
    DiceNotYours,
    #[error("a spectator only watches")]
    Spectator,
    #[error("this message number was already used for another action")]
    IdReused,
    #[error("Foreman could not play this now")]
    NotNow,
    #[error("nobody asked to take an action back")]
    NoUndoAsked,
    #[error(
        "there is nothing to take back: the last action revealed cards or dice, or there is none"
    )]
    NothingToTakeBack,
    #[error("only your own last action can be taken back, and someone acted since")]
    NotYourLast,
    #[error("the game could not be saved: {0}")]
    Store(#[from] StoreError),
}

impl Refusal {
    /// The refusal in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let tr = tr(lang);
        match self {
            Refusal::Rule(e) => crate::i18n::words::refusal(tr, e),
            Refusal::Changed(None) => tr.t("web-stale"),
            Refusal::Changed(Some(what)) => {
                tr.t_args("web-changed", &[("what", what.clone().into())])
            }
            Refusal::NotYourTurn => tr.t("web-not-your-turn"),
            Refusal::DiceNotYours => tr.t("web-dice-not-yours"),
            Refusal::Spectator => tr.t("web-spectator"),
            Refusal::IdReused => tr.t("web-id-reused"),
            Refusal::NotNow => tr.t("web-not-now"),
            Refusal::NoUndoAsked => tr.t("web-no-undo-asked"),
            Refusal::NothingToTakeBack => tr.t("web-nothing-to-take-back"),
            Refusal::NotYourLast => tr.t("web-not-your-last"),
            Refusal::Store(e) => tr.t_args("web-not-saved", &[("why", e.to_string().into())]),
        }
    }
}

/// An action played: the first time, or a repeat of one already played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    Now,
    Before,
}

/// What the journal file keeps besides the game: the version and each seat's last ids.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Kept {
    version: u64,
    /// Each seat's last message ids, each with its action's fingerprint.
    ids: Vec<VecDeque<(u64, u64)>>,
}

/// Where a served game's journal is kept.
#[derive(Clone, Default)]
pub enum Keep {
    /// Nowhere: in memory only.
    #[default]
    Nowhere,
    /// A journal file, its keys beside it.
    File(PathBuf),
    /// A game of `foreman serve --database`: its rows, written while this node holds its lease.
    #[cfg(not(target_arch = "wasm32"))]
    Database {
        db: std::sync::Arc<super::database::Database>,
        code: String,
    },
}

impl Keep {
    fn of(path: Option<PathBuf>) -> Keep {
        path.map_or(Keep::Nowhere, Keep::File)
    }

    /// Writes `next`, the game after `before`, with what the table keeps beside it.
    #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
    fn save(&self, before: &Game, next: &Game, kept: &Kept) -> Result<(), StoreError> {
        let served = serde_json::to_value(kept).ok();
        match self {
            Keep::Nowhere => Ok(()),
            Keep::File(path) => store::save_game_with(path, next, served),
            #[cfg(not(target_arch = "wasm32"))]
            Keep::Database { db, code } => {
                // The actions both journals share stay as they are.
                let from = before
                    .journal()
                    .iter()
                    .zip(next.journal())
                    .take_while(|(a, b)| a == b)
                    .count();
                let saved = if from < before.journal().len() {
                    db.save_over(code, next, from, served)
                } else {
                    db.save(code, next, from, served)
                };
                saved.map_err(|e| StoreError::Database(e.to_string()))
            }
        }
    }

    fn save_keys(&self, keys: &SeatKeys) -> Result<(), StoreError> {
        match self {
            Keep::Nowhere => Ok(()),
            Keep::File(path) => keys.write_for(path),
            #[cfg(not(target_arch = "wasm32"))]
            Keep::Database { db, code } => db
                .save_keys(code, keys)
                .map_err(|e| StoreError::Database(e.to_string())),
        }
    }
}

pub(super) struct Inner {
    game: Game,
    keep: Keep,
    /// The public version: it grows with every change everyone sees.
    version: u64,
    /// Every change, private ones included (a device's view may have changed).
    tick: u64,
    /// The positions at the last versions (to judge an action chosen on one of them).
    positions: VecDeque<(u64, crate::engine::State)>,
    ids: Vec<VecDeque<(u64, u64)>>,
    logs: Logs,
    undo: Option<UndoAsk>,
    /// How the last request to take back ended, until the next public change.
    undo_done: Option<UndoDone>,
    /// The last action everyone saw: its place in the journal and who took it.
    last: Option<(usize, Option<usize>)>,
}

/// Who runs the table's own actions (the deal, the Machine's turn) besides the seats' own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Runner {
    /// The host's window (it deals, plays the Machine and its bots).
    #[default]
    Window,
    /// Nobody's screen: the server plays an on-screen game's deal and Machine itself, and at
    /// a real table the seat given tells them (the game's maker, on their device).
    Server { maker: usize },
}

/// A game served to its seats.
pub struct Table {
    inner: Mutex<Inner>,
    changed: watch::Sender<u64>,
    keys: Mutex<SeatKeys>,
    runner: Mutex<Runner>,
    /// When the game last changed (a lobby puts away games nobody plays).
    touched: Mutex<web_time::Instant>,
    /// No longer served here (another node serves it now): its sockets close, and the
    /// devices open them again where it is served.
    closed: std::sync::atomic::AtomicBool,
}

impl Table {
    /// Serves `game`, journalled to `path` (if any) after every action, with these links.
    pub fn new(game: Game, path: Option<PathBuf>, keys: SeatKeys) -> Table {
        Self::with_kept(game, Keep::of(path), keys, Kept::default())
    }

    /// A game kept in the database, served by this node (which holds its lease).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_database(
        stored: super::database::Stored,
        db: std::sync::Arc<super::database::Database>,
        code: String,
    ) -> Table {
        let kept = stored
            .served
            .and_then(|v| serde_json::from_value::<Kept>(v).ok())
            .unwrap_or_default();
        Table::with_kept(stored.game, Keep::Database { db, code }, stored.keys, kept)
    }

    /// What the table keeps beside its game now (the database keeps it with a new game).
    pub fn served(&self) -> Option<serde_json::Value> {
        let inner = self.lock();
        serde_json::to_value(Kept {
            version: inner.version,
            ids: inner.ids.clone(),
        })
        .ok()
    }

    /// Stops serving this table: its sockets are woken and close.
    pub fn close(&self) {
        self.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        self.changed.send_modify(|v| *v += 1);
    }

    /// Whether the table is no longer served here.
    pub fn is_closed(&self) -> bool {
        self.closed.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Keeps the game from now on as `keep` says (a lobby's game made in the database).
    pub fn keep_in(&self, keep: Keep) {
        self.lock().keep = keep;
    }

    fn with_kept(game: Game, keep: Keep, keys: SeatKeys, kept: Kept) -> Table {
        let seats = game.setup().players.len();
        let (logs, last) = replayed(&game);
        let version = kept.version.max(1);
        let mut ids = kept.ids;
        ids.resize(seats, VecDeque::new());
        let positions = VecDeque::from([(version, game.state().clone())]);
        Table {
            inner: Mutex::new(Inner {
                keep,
                version,
                tick: 0,
                positions,
                ids,
                last,
                game,
                logs,
                undo: None,
                undo_done: None,
            }),
            changed: watch::channel(0).0,
            keys: Mutex::new(keys),
            runner: Mutex::new(Runner::Window),
            touched: Mutex::new(web_time::Instant::now()),
            closed: Default::default(),
        }
    }

    /// The game saved at `path`, served with the links kept beside it (new ones the first
    /// time, written there at once): a host started again keeps every device's link, the
    /// version and the ids of the actions already played.
    pub fn open(path: &Path) -> Result<Table, StoreError> {
        let (game, extra) = store::load_game_with(path)?;
        let keys = SeatKeys::kept_for(path, game.setup().players.len())?;
        let kept = extra
            .and_then(|v| serde_json::from_value::<Kept>(v).ok())
            .unwrap_or_default();
        Ok(Table::with_kept(
            game,
            Keep::File(path.to_path_buf()),
            keys,
            kept,
        ))
    }

    /// The game saved at `path` for the window, not served yet: its version and ids as kept,
    /// its keys as kept (`None`: new ones, written only once it is served).
    pub fn open_unserved(path: &Path, keys: Option<SeatKeys>) -> Result<Table, StoreError> {
        let (game, extra) = store::load_game_with(path)?;
        let n = game.setup().players.len();
        let keys = keys
            .filter(|k| k.seats.len() == n)
            .unwrap_or_else(|| SeatKeys::new(n));
        let kept = extra
            .and_then(|v| serde_json::from_value::<Kept>(v).ok())
            .unwrap_or_default();
        Ok(Table::with_kept(
            game,
            Keep::File(path.to_path_buf()),
            keys,
            kept,
        ))
    }

    pub fn keys(&self) -> SeatKeys {
        self.keys
            .lock()
            .map(|k| k.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    /// Changes the kept keys (a seat claimed): `f` edits them, then they are written beside
    /// the journal.
    pub fn update_keys<T>(&self, f: impl FnOnce(&mut SeatKeys) -> T) -> Result<T, StoreError> {
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = keys.clone();
        let out = f(&mut next);
        let keep = self.lock().keep.clone();
        keep.save_keys(&next)?;
        *keys = next;
        Ok(out)
    }

    /// Who runs the deal and the Machine's turns: the window, or the server and a maker's
    /// device. With the server, anything due is played at once.
    pub fn set_runner(&self, runner: Runner) {
        if let Ok(mut r) = self.runner.lock() {
            *r = runner;
        }
        let mut inner = self.lock();
        if inner.run_itself(runner) {
            self.tell(inner);
        }
    }

    pub fn runner(&self) -> Runner {
        self.runner.lock().map(|r| *r).unwrap_or_default()
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Inner> {
        // A thread that panicked with the lock held left the game as it was before its
        // action (every change is made on a copy): go on with it.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The public version now; it grows with every change everyone sees.
    pub fn version(&self) -> u64 {
        self.lock().version
    }

    /// How many changes the table has seen since it was served, private ones included (the
    /// window takes the game again when it grows).
    pub fn changes(&self) -> u64 {
        self.lock().tick
    }

    /// Told of every change (a new number each time; private changes included).
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// A copy of the game now (the host's own: every secret in it).
    pub fn game(&self) -> Game {
        self.lock().game.clone()
    }

    /// What `seat` may know now, and the version.
    pub fn known(&self, seat: Option<usize>) -> (Known, u64) {
        let inner = self.lock();
        (inner.game.known_to(seat), inner.version)
    }

    /// `seat`'s view now, in `lang` (`None`: a spectator's).
    pub fn view(&self, seat: Option<usize>, lang: Lang) -> SeatView {
        let inner = self.lock();
        let known = inner.game.known_to(seat);
        let log = inner.logs.for_seat(lang, seat);
        let runs = match self.runner() {
            Runner::Server { maker } => Some(maker) == seat,
            Runner::Window => false,
        };
        let mut view = seat_view(tr(lang), &known, inner.version, &log, runs);
        view.can_undo = seat.is_some()
            && inner.undo.is_none()
            && inner.last.is_some_and(|(i, who)| {
                who == seat && i >= inner.game.undo_floor() && !inner.game.state().is_over()
            });
        if let Some(ask) = &inner.undo {
            // At a table with a window, the table screen answers for everyone.
            let window = self.runner() == Runner::Window;
            view.undo = Some(super::view::undo_view(tr(lang), &known, ask, seat, window));
        }
        view.undo_note = inner.undo_done.as_ref().map(|d| d.say(tr(lang), &known));
        view
    }

    /// Plays `act` for `seat` (a device's message `id`, chosen on version `seen`; at a real
    /// table the dice typed and the cards revealed in `inputs`).
    pub fn act(
        &self,
        seat: Option<usize>,
        id: u64,
        seen: u64,
        act: Act,
        inputs: Inputs,
    ) -> Result<Played, Refusal> {
        let Some(seat) = seat else {
            return Err(Refusal::Spectator);
        };
        let print = fingerprint(&act, &inputs);
        let mut inner = self.lock();
        if let Some(&(_, p)) = inner
            .ids
            .get(seat)
            .and_then(|ids| ids.iter().find(|(i, _)| *i == id))
        {
            return if p == print {
                Ok(Played::Before)
            } else {
                Err(Refusal::IdReused)
            };
        }
        let runner = self.runner();
        let digital = inner.game.setup().mode == Mode::Digital;
        if let Act::Tell { player, .. } | Act::Untell { player, .. } = act {
            // A card of the seat's own hand: whatever the turn, never anyone else's.
            if usize::from(player) != seat {
                return Err(Refusal::NotYourTurn);
            }
            let known = inner.game.known_to(Some(seat));
            known.check(&[(act.clone(), inputs.clone())], Source::Given)?;
            inner.play(vec![(act, inputs)], Source::Given, Some((seat, id, print)))?;
            return Ok(self.played(inner));
        }
        let act = inner.meaning_now(seat, seen, act)?;
        if digital && !inputs.is_empty() {
            return Err(Refusal::DiceNotYours);
        }
        let source = if digital {
            Source::Digital
        } else {
            Source::Given
        };
        let known = inner.game.known_to(Some(seat));
        let st = known.state();
        let mut steps = Vec::with_capacity(2);
        let hosts = matches!(act, Act::Deal | Act::MachineTurn);
        if hosts {
            // The table's own actions: at a real table made in the lobby, the maker's device
            // tells them; otherwise the host plays them.
            if digital || runner != (Runner::Server { maker: seat }) {
                return Err(Refusal::NotYourTurn);
            }
        } else if matches!(st.phase, Phase::Work { .. }) && st.current_player() != Some(seat) {
            if !switches(st).contains(&Act::Switch { player: seat as u8 }) {
                return Err(Refusal::NotYourTurn);
            }
            steps.push((Act::Switch { player: seat as u8 }, Inputs::default()));
        } else if st.current_player() != Some(seat) {
            return Err(Refusal::NotYourTurn);
        }
        steps.push((act, inputs));
        // Judged on what the seat knows: its reason, never one drawn from another's secret.
        known.check(&steps, source)?;
        let by = Some((seat, id, print));
        match inner.play(steps.clone(), source, by) {
            Ok(_) => {}
            Err(Refusal::Rule(e)) => {
                // It fits all the seat knows: a card told in private elsewhere cannot be so.
                let untell = inner.tells_against(seat, &steps, source);
                if untell.is_empty() {
                    tracing::error!(seat, "refused on the game, accepted on its view: {e}");
                    return Err(Refusal::NotNow);
                }
                let mut all = untell;
                all.extend(steps);
                inner.play(all, source, by).map_err(|e| {
                    tracing::error!(seat, "refused after the tells were taken back: {e}");
                    Refusal::NotNow
                })?;
            }
            Err(e) => return Err(e),
        }
        inner.run_itself(runner);
        Ok(self.played(inner))
    }

    /// After `seat`'s message `id` was played: remembers the id, saves, tells every device.
    fn played(&self, inner: MutexGuard<'_, Inner>) -> Played {
        self.tell(inner);
        Played::Now
    }

    /// A device plays `seat` (from now on the window keeps its hand to itself), and every
    /// screen is told who is connected.
    pub fn seat_opened(&self, seat: usize) {
        let mark = |k: &mut SeatKeys| {
            if k.played.len() <= seat {
                k.played.resize(seat + 1, false);
            }
            k.played[seat] = true;
        };
        // Kept with the keys: a window started again still keeps that hand to itself.
        if !self.is_opened(seat)
            && let Err(e) = self.update_keys(mark)
        {
            tracing::warn!("which seats play on devices was not kept: {e}");
            // Not on disk, but this run still keeps that hand off the window.
            mark(&mut self.keys.lock().unwrap_or_else(|e| e.into_inner()));
        }
        self.nudge();
    }

    /// Whether a device has played `seat` (kept with the keys, restarts included).
    pub fn is_opened(&self, seat: usize) -> bool {
        self.keys.lock().is_ok_and(|k| k.was_played(seat))
    }

    /// Wakes every screen without a change of the game (who is connected changed).
    pub fn nudge(&self) {
        let tick = self.lock().tick;
        self.changed.send_replace(tick);
    }

    /// How long since the game last changed.
    pub fn idle_for(&self) -> std::time::Duration {
        self.touched.lock().map(|t| t.elapsed()).unwrap_or_default()
    }

    pub(super) fn tell(&self, mut inner: MutexGuard<'_, Inner>) {
        if let Ok(mut t) = self.touched.lock() {
            *t = web_time::Instant::now();
        }
        inner.tick += 1;
        let tick = inner.tick;
        drop(inner);
        self.changed.send_replace(tick);
    }

    /// Plays an action for the host itself (the table screen, a bot, the Machine), its dice
    /// and cards from `source`; the events and the game after it.
    pub fn act_as_host(
        &self,
        act: Act,
        inputs: Inputs,
        source: Source,
    ) -> Result<(Events, Game), Refusal> {
        let mut inner = self.lock();
        let events = inner.play(vec![(act, inputs)], source, None)?;
        inner.run_itself(self.runner());
        let game = inner.game.clone();
        self.tell(inner);
        Ok((events, game))
    }

    /// The host's undo: takes back the last action, in the lock, when the game is still the
    /// one the window saw (`seen`: [`Table::changes`]); else refused, nothing lost. The action
    /// taken back and the game after.
    pub fn undo_host(&self, seen: u64) -> Result<(Action, Game), Refusal> {
        let mut inner = self.lock();
        if inner.tick != seen {
            return Err(Refusal::Changed(None));
        }
        let len = inner.game.journal().len();
        let Some(last) = inner.game.journal().last().cloned() else {
            return Err(Refusal::NothingToTakeBack);
        };
        if len <= inner.game.undo_floor() {
            return Err(Refusal::NothingToTakeBack);
        }
        let previous = inner
            .game
            .truncate(len - 1)
            .map_err(|(_, e)| Refusal::Rule(e))?;
        inner.set_game(previous)?;
        let game = inner.game.clone();
        self.tell(inner);
        Ok((last, game))
    }

    /// The host's redo: plays `action` again exactly (its dice and cards), in the lock, when
    /// the game is the one the window saw; the game after.
    pub fn redo_host(&self, action: Action, seen: u64) -> Result<Game, Refusal> {
        let mut inner = self.lock();
        if inner.tick != seen {
            return Err(Refusal::Changed(None));
        }
        let mut next = inner.game.clone();
        next.apply(action)?;
        inner.set_game(next)?;
        let game = inner.game.clone();
        self.tell(inner);
        Ok(game)
    }
}

/// A fingerprint of an action as a device sent it (an id used again must send the same).
fn fingerprint(act: &Act, inputs: &Inputs) -> u64 {
    let text = serde_json::to_string(&(act, inputs)).unwrap_or_default();
    crate::engine::save::fnv1a(text.as_bytes())
}

impl Inner {
    /// What `act`, chosen on version `seen`, means now: itself when nothing changed, or when
    /// the seat's screen says the same words for it now; else the action that says them now
    /// (the other 3, when the 3 chosen was placed); else refused with those words.
    fn meaning_now(&self, seat: usize, seen: u64, act: Act) -> Result<Act, Refusal> {
        if seen == self.version {
            return Ok(act);
        }
        let Some((_, then)) = self.positions.iter().find(|(v, _)| *v == seen) else {
            return Err(Refusal::Changed(None));
        };
        let then = Game::at_position(self.game.setup().clone(), then.clone());
        let en = tr(Lang::En);
        let (Some(before), Some(now)) = (
            turned(&then.known_to(Some(seat)), seat),
            turned(&self.game.known_to(Some(seat)), seat),
        ) else {
            return Err(Refusal::Changed(None));
        };
        let meant = words::act(en, &before, &act);
        let legal = crate::engine::legal_actions(now.state());
        if legal.contains(&act) && words::act(en, &now, &act) == meant {
            return Ok(act);
        }
        if let Some(same) = legal.into_iter().find(|a| words::act(en, &now, a) == meant) {
            return Ok(same);
        }
        Err(Refusal::Changed(Some(words::act(
            tr(Lang::En),
            &before,
            &act,
        ))))
    }

    /// The other seats' told cards to take back for `steps` to be played: those of the
    /// cards the steps name first, then all.
    fn tells_against(
        &self,
        seat: usize,
        steps: &[(Act, Inputs)],
        source: Source,
    ) -> Vec<(Act, Inputs)> {
        let told: Vec<(Act, Inputs)> = self
            .game
            .state()
            .players
            .iter()
            .enumerate()
            .filter(|(q, _)| *q != seat)
            .flat_map(|(q, p)| {
                p.told.iter().flat_map(move |(card, n)| {
                    let untell = Act::Untell {
                        player: q as u8,
                        card,
                    };
                    std::iter::repeat_n((untell, Inputs::default()), usize::from(n))
                })
            })
            .collect();
        let said = serde_json::to_string(steps).unwrap_or_default();
        let named: Vec<(Act, Inputs)> = told
            .iter()
            .filter(|(a, _)| {
                matches!(a, Act::Untell { card, .. } if said.contains(&format!("\"{}\"", card.name())))
            })
            .cloned()
            .collect();
        let mut probe = self.game.clone();
        let fits = named
            .iter()
            .chain(steps)
            .all(|(a, i)| apply(&mut probe, a, i, source).is_ok());
        if !named.is_empty() && fits {
            named
        } else {
            told
        }
    }

    /// Plays `steps` on a copy, writes the journal, then keeps the copy and its log lines.
    fn play(
        &mut self,
        steps: Vec<(Act, Inputs)>,
        source: Source,
        id: Option<(usize, u64, u64)>,
    ) -> Result<Events, Refusal> {
        let mut next = self.game.clone();
        let mark = self.logs.mark();
        let mut last = Events::default();
        let mut public = false;
        let mut last_public = self.last;
        for (act, inputs) in steps {
            let action = Action::with_inputs(act, inputs);
            // Said and judged on the game before the action (no copy of it).
            let (round, heads) = (next.state().round, Logs::heads(&next, &action));
            let by = (next.journal().len(), actor(&next, &action.act));
            let events = match apply(&mut next, &action.act, &action.inputs, source) {
                Ok(e) => e,
                Err(e) => {
                    self.logs.rollback(mark);
                    return Err(e.into());
                }
            };
            self.logs.add(round, &action, heads, &next, &events);
            if !action.act.is_private() {
                public = true;
                last_public = Some(by);
            }
            last = events;
        }
        // The journal, the version and the device's id in one write.
        let mut ids = self.ids.clone();
        if let Some((seat, id, print)) = id
            && let Some(list) = ids.get_mut(seat)
        {
            list.push_back((id, print));
            if list.len() > IDS_KEPT {
                list.pop_front();
            }
        }
        let kept = Kept {
            version: self.version + u64::from(public),
            ids: ids.clone(),
        };
        if let Err(e) = self.keep.save(&self.game, &next, &kept) {
            self.logs.rollback(mark);
            return Err(e.into());
        }
        self.game = next;
        self.ids = ids;
        self.last = last_public;
        if public {
            // A public change settles any request to take an action back.
            self.undo = None;
            self.undo_done = None;
            self.bump();
        }
        Ok(last)
    }

    /// Makes `game` the game (an undo or a redo of the host's): journalled first, its log
    /// made again, a new public version; a request to take back is settled by it.
    pub(super) fn set_game(&mut self, game: Game) -> Result<(), StoreError> {
        let kept = Kept {
            version: self.version + 1,
            ids: self.ids.clone(),
        };
        self.keep.save(&self.game, &game, &kept)?;
        (self.logs, self.last) = replayed(&game);
        self.game = game;
        self.undo = None;
        self.undo_done = None;
        self.bump();
        Ok(())
    }

    /// A new public version, its position remembered.
    pub(super) fn bump(&mut self) {
        self.version += 1;
        self.positions
            .push_back((self.version, self.game.state().clone()));
        while self.positions.len() > POSITIONS_KEPT {
            self.positions.pop_front();
        }
    }

    /// With the server running the table: an on-screen game's deal and Machine's turns are
    /// played at once. Whether anything was.
    fn run_itself(&mut self, runner: Runner) -> bool {
        if !matches!(runner, Runner::Server { .. }) || self.game.setup().mode != Mode::Digital {
            return false;
        }
        let mut any = false;
        loop {
            let act = match self.game.state().phase {
                Phase::Setup => Act::Deal,
                Phase::Machine => Act::MachineTurn,
                _ => break,
            };
            if let Err(e) = self.play(vec![(act, Inputs::default())], Source::Digital, None) {
                tracing::error!("the server could not play the table's own turn: {e}");
                break;
            }
            any = true;
        }
        any
    }
}

/// Plays `act` on `game`, its inputs from `source`.
fn apply(game: &mut Game, act: &Act, inputs: &Inputs, source: Source) -> Result<Events, RuleError> {
    match source {
        Source::Digital => game.apply_digital(act.clone()),
        Source::VirtualDice => {
            game.apply_virtual_dice(Action::with_inputs(act.clone(), inputs.clone()))
        }
        Source::Given => game.apply(Action::with_inputs(act.clone(), inputs.clone())),
    }
}

/// `game`'s log and its last action everyone saw (its place in the journal and who took
/// it), in one replay of the journal.
fn replayed(game: &Game) -> (Logs, Option<(usize, Option<usize>)>) {
    let mut last = None;
    let logs = Logs::of(game, |before, i, action| {
        if !action.act.is_private() {
            last = Some((i, actor(before, &action.act)));
        }
    });
    (logs, last)
}

/// Who took `act` on `before`: the acting player, or the teller (`None`: the table itself).
fn actor(before: &Game, act: &Act) -> Option<usize> {
    match act {
        Act::Tell { player, .. } | Act::Untell { player, .. } => Some(usize::from(*player)),
        Act::Deal | Act::MachineTurn | Act::Switch { .. } => None,
        _ => before.state().current_player(),
    }
}

/// The position as `seat` knows it, the work phase turned to it when it may act there.
fn turned(known: &Known, seat: usize) -> Option<Game> {
    let game = known.game();
    let st = game.state();
    if st.current_player() == Some(seat) || !matches!(st.phase, Phase::Work { .. }) {
        return Some(game.clone());
    }
    let mut g = game.clone();
    g.apply(Action::new(Act::Switch { player: seat as u8 }))
        .ok()?;
    Some(g)
}
