//! The host's game, shared by every device: the one authority. Each action comes with the
//! seat it is for (a device acts only for its own), is played through the engine's `apply`
//! on a copy, journalled to disk, and only then becomes the game; every device is then told
//! the new version and reads its own view.
//!
//! - An action sent twice (the same `id` from the same seat) is played once.
//! - An action chosen on a view that has changed since is refused, unless all that changed
//!   meanwhile was other players' work (everyone works at once: their dice, cards and
//!   resources are their own).
//! - In the work phase the table turns to the seat that acts (`Act::Switch`) by itself.

use super::keys::SeatKeys;
use super::view::{SeatView, seat_view};
use crate::engine::{Act, Action, Events, Game, Inputs, Mode, Phase, RuleError, switches};
use crate::i18n::journal::{self, Line};
use crate::i18n::{Lang, Tr};
use crate::store::{self, StoreError};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};
use thiserror::Error;
use tokio::sync::watch;

/// How many changes the table remembers to judge an action chosen on an older view.
const CHANGES_KEPT: usize = 256;
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
    #[error("{0}")]
    Rule(#[from] RuleError),
    #[error("the table changed while you chose; look again")]
    Stale,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("in an on-screen game Foreman rolls the dice and deals the cards")]
    DiceNotYours,
    #[error("a spectator only watches")]
    Spectator,
    #[error("the game could not be saved: {0}")]
    Store(#[from] StoreError),
}

impl Refusal {
    /// The refusal in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let tr = tr(lang);
        match self {
            Refusal::Rule(e) => crate::i18n::words::refusal(tr, e),
            Refusal::Stale => tr.t("web-stale"),
            Refusal::NotYourTurn => tr.t("web-not-your-turn"),
            Refusal::DiceNotYours => tr.t("web-dice-not-yours"),
            Refusal::Spectator => tr.t("web-spectator"),
            Refusal::Store(e) => tr.t_args("web-not-saved", &[("why", e.to_string().into())]),
        }
    }
}

/// Where an action's dice and cards come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The game's seeded generator (an on-screen game).
    Digital,
    /// Cards given in the inputs, dice from the generator.
    VirtualDice,
    /// Everything in the inputs (a real table).
    Given,
}

/// An action played: the first time, or a repeat of one already played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    Now,
    Before,
}

/// A change of the game: by a seat (in the work phase or not) or by the host.
#[derive(Debug, Clone, Copy)]
struct Change {
    version: u64,
    seat: Option<usize>,
    work: bool,
    /// A card told in private: it changes no choice of anyone's.
    told: bool,
}

struct Inner {
    game: Game,
    path: Option<PathBuf>,
    version: u64,
    changes: VecDeque<Change>,
    ids: Vec<VecDeque<u64>>,
    /// The log in each language ([`Lang::ALL`]'s order), and the round its last heading
    /// named.
    logs: Vec<Vec<Line>>,
    logged_round: Option<u32>,
}

/// A game served to its seats.
pub struct Table {
    inner: Mutex<Inner>,
    changed: watch::Sender<u64>,
    keys: SeatKeys,
}

impl Table {
    /// Serves `game`, journalled to `path` (if any) after every action, with these links.
    pub fn new(game: Game, path: Option<PathBuf>, keys: SeatKeys) -> Table {
        let seats = game.setup().players.len();
        let logs = Lang::ALL.iter().map(|&l| log_of(tr(l), &game)).collect();
        let logged_round = logged_round(&game);
        Table {
            inner: Mutex::new(Inner {
                game,
                path,
                version: 1,
                changes: VecDeque::new(),
                ids: vec![VecDeque::new(); seats],
                logs,
                logged_round,
            }),
            changed: watch::channel(1).0,
            keys,
        }
    }

    /// The game saved at `path`, served with the links kept beside it (new ones the first
    /// time, written there at once): a host started again keeps every device's link.
    pub fn open(path: &Path) -> Result<Table, StoreError> {
        let game = store::load_game(path)?;
        let keys = SeatKeys::kept_for(path, game.setup().players.len())?;
        Ok(Table::new(game, Some(path.to_path_buf()), keys))
    }

    pub fn keys(&self) -> &SeatKeys {
        &self.keys
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A thread that panicked with the lock held left the game as it was before its
        // action (every change is made on a copy): go on with it.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The version now; it grows with every change.
    pub fn version(&self) -> u64 {
        self.lock().version
    }

    /// Told the new version after every change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// A copy of the game now.
    pub fn game(&self) -> Game {
        self.lock().game.clone()
    }

    /// `seat`'s view now, in `lang` (`None`: a spectator's).
    pub fn view(&self, seat: Option<usize>, lang: Lang) -> SeatView {
        let inner = self.lock();
        let i = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        seat_view(tr(lang), &inner.game, seat, inner.version, &inner.logs[i])
    }

    /// *Suggest* for `seat` on the game now, in `lang` (up to about a second: not on a
    /// thread that serves others).
    pub fn suggest(&self, seat: usize, lang: Lang) -> Result<super::suggest::Suggestion, String> {
        let (game, version) = {
            let inner = self.lock();
            (inner.game.clone(), inner.version)
        };
        super::suggest::suggest(tr(lang), &game, seat, version)
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
        let mut inner = self.lock();
        if inner.ids.get(seat).is_some_and(|ids| ids.contains(&id)) {
            return Ok(Played::Before);
        }
        if let Act::Tell { player, .. } = act {
            // A card told from the seat's own hand: whatever the turn, never anyone else's.
            if usize::from(player) != seat {
                return Err(Refusal::NotYourTurn);
            }
            inner.play(vec![(act, inputs)], Source::Given, Some(seat))?;
            return Ok(self.played(inner, seat, id));
        }
        if !inner.may_act_on(seat, seen) {
            return Err(Refusal::Stale);
        }
        let digital = inner.game.setup().mode == Mode::Digital;
        if digital && !inputs.is_empty() {
            return Err(Refusal::DiceNotYours);
        }
        let mut steps = Vec::with_capacity(2);
        let st = inner.game.state();
        if matches!(st.phase, Phase::Work { .. }) && st.current_player() != Some(seat) {
            if !switches(st).contains(&Act::Switch { player: seat as u8 }) {
                return Err(Refusal::NotYourTurn);
            }
            steps.push((Act::Switch { player: seat as u8 }, Inputs::default()));
        } else if st.current_player() != Some(seat) {
            return Err(Refusal::NotYourTurn);
        }
        steps.push((act, inputs));
        let source = if digital {
            Source::Digital
        } else {
            Source::Given
        };
        inner.play(steps, source, Some(seat))?;
        Ok(self.played(inner, seat, id))
    }

    /// After `seat`'s message `id` was played: remembers the id and tells every device.
    fn played(&self, mut inner: MutexGuard<'_, Inner>, seat: usize, id: u64) -> Played {
        if let Some(ids) = inner.ids.get_mut(seat) {
            ids.push_back(id);
            if ids.len() > IDS_KEPT {
                ids.pop_front();
            }
        }
        let version = inner.version;
        drop(inner);
        self.changed.send_replace(version);
        Played::Now
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
        let (version, game) = (inner.version, inner.game.clone());
        drop(inner);
        self.changed.send_replace(version);
        Ok((events, game))
    }

    /// Puts `game` in the place of the one served (the host's undo): every device's next
    /// action is judged against it.
    pub fn replace(&self, game: Game) {
        let mut inner = self.lock();
        inner.logs = Lang::ALL.iter().map(|&l| log_of(tr(l), &game)).collect();
        inner.logged_round = logged_round(&game);
        inner.game = game;
        inner.version += 1;
        let version = inner.version;
        inner.changes.push_back(Change {
            version,
            seat: None,
            work: false,
            told: false,
        });
        drop(inner);
        self.changed.send_replace(version);
    }
}

impl Inner {
    /// Whether an action chosen on version `seen` may still be played for `seat`: nothing
    /// changed since, or only other seats' work in the work phase.
    fn may_act_on(&self, seat: usize, seen: u64) -> bool {
        if seen == self.version {
            return true;
        }
        if seen > self.version
            || self
                .changes
                .front()
                .is_none_or(|c| c.version > seen.saturating_add(1))
        {
            return false;
        }
        self.changes
            .iter()
            .filter(|c| c.version > seen)
            .all(|c| c.told || (c.work && c.seat.is_some_and(|s| s != seat)))
    }

    /// Plays `steps` on a copy, writes the journal, then keeps the copy and its log lines.
    fn play(
        &mut self,
        steps: Vec<(Act, Inputs)>,
        source: Source,
        seat: Option<usize>,
    ) -> Result<Events, Refusal> {
        let mut next = self.game.clone();
        let mut lines: Vec<Vec<Line>> = vec![Vec::new(); Lang::ALL.len()];
        let mut logged_round = self.logged_round;
        let mut works = Vec::new();
        let mut last = Events::default();
        for (act, inputs) in steps {
            let round = next.state().round;
            // A card told changes nothing another seat chose on.
            let work = matches!(next.state().phase, Phase::Work { .. });
            let told = matches!(act, Act::Tell { .. });
            let action = Action::with_inputs(act, inputs);
            for (i, &l) in Lang::ALL.iter().enumerate() {
                if logged_round != Some(round) {
                    lines[i].push(round_line(tr(l), round));
                }
                lines[i].push(journal::head(tr(l), &next, &action));
            }
            logged_round = Some(round);
            let events: Events = match source {
                Source::Digital => next.apply_digital(action.act)?,
                Source::VirtualDice => next.apply_virtual_dice(action)?,
                Source::Given => next.apply(action)?,
            };
            for (i, &l) in Lang::ALL.iter().enumerate() {
                lines[i].extend(journal::events(tr(l), &next, &events));
            }
            works.push((work, told));
            last = events;
        }
        if let Some(path) = &self.path {
            store::save_game(path, &next)?;
        }
        self.game = next;
        self.logged_round = logged_round;
        for (log, new) in self.logs.iter_mut().zip(lines) {
            log.extend(new);
        }
        for (work, told) in works {
            self.version += 1;
            self.changes.push_back(Change {
                version: self.version,
                seat,
                work,
                told,
            });
        }
        while self.changes.len() > CHANGES_KEPT {
            self.changes.pop_front();
        }
        Ok(last)
    }
}

/// A round's heading in the log.
fn round_line(tr: &Tr, round: u32) -> Line {
    Line {
        text: if round == 0 {
            tr.t("log-deal")
        } else {
            tr.t_args("log-round", &[("round", round.into())])
        },
        secret: None,
    }
}

/// The round of the last action of `game`'s journal (its log's last heading).
fn logged_round(game: &Game) -> Option<u32> {
    let mut replay = Game::replay(game.setup().clone(), Vec::new()).ok()?;
    let mut round = None;
    for action in game.journal() {
        round = Some(replay.state().round);
        replay.apply(action.clone()).ok()?;
    }
    round
}

/// The whole log of `game` in one language, from its journal.
fn log_of(tr: &Tr, game: &Game) -> Vec<Line> {
    let mut out = Vec::new();
    let Ok(mut replay) = Game::replay(game.setup().clone(), Vec::new()) else {
        return out;
    };
    let mut round = None;
    for action in game.journal() {
        if round != Some(replay.state().round) {
            round = Some(replay.state().round);
            out.push(round_line(tr, replay.state().round));
        }
        let head = journal::head(tr, &replay, action);
        let Ok(events) = replay.apply(action.clone()) else {
            break;
        };
        out.push(head);
        out.extend(journal::events(tr, &replay, &events));
    }
    out
}
