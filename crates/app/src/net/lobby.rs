//! The games one server serves (`Hub`): the one game of `foreman host` and of the window's
//! *Invite players*, or the many of `foreman serve`, made on its front page and joined by a
//! six-letter code. Who may do what (ARCHITECTURE.md, "Who may see and do what"):
//!
//! - a seat's key opens that seat only, on one device at a time (`devices`);
//! - the game's maker gets their own seat's key, one invitation per other seat and the
//!   spectators' key, never another seat's key;
//! - a stranger who knows a game's code may take a seat nobody took yet, once: a seat handed
//!   out is never handed out again, restarts included (the claims are kept with the keys);
//! - `foreman host` hands out nothing: its links are on the host's screen only.

use super::guard::{Guard, Limits};
use super::pool::Pool;
use super::seat_keys::SeatKeys;
use super::table::{Runner, Table};
use crate::engine::state::Colour;
use crate::engine::{Difficulty, Game, Mode, PlayerSetup, Setup};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};

/// A key's table and seat (`None`: the spectators').
pub type Seat = (Arc<Table>, Option<usize>);

/// How a server is set up besides its games.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub limits: Limits,
    /// Names the server answers to besides IP addresses and `localhost` (its public name).
    pub names: Vec<String>,
    /// Behind a reverse proxy: the client's address is the last of `X-Forwarded-For`.
    pub behind_proxy: bool,
    /// The window in a browser, served at `/play` from this folder (`None`: looked for where
    /// `scripts/web.sh` and the package put it, [`super::play::find`]). A folder given that
    /// holds no bundle serves none.
    pub web: Option<PathBuf>,
}

/// Everything one server serves.
pub struct Hub {
    keys: RwLock<HashMap<String, Seat>>,
    invites: RwLock<HashMap<String, (Arc<Table>, usize)>>,
    games: RwLock<HashMap<String, Arc<Table>>>,
    /// Where `foreman serve` journals its games (`None`: in memory only).
    data: Option<PathBuf>,
    /// `foreman serve --database`: the games kept in PostgreSQL, served by whichever node
    /// holds each one's lease.
    database: Option<Arc<super::database::Database>>,
    /// One game taken from the database at a time (two devices of one game arriving at once
    /// make one table).
    adopting: std::sync::Mutex<()>,
    /// Keys found in the database (a device opening its page again, carried to another node
    /// or waiting for a dead node's lease to end, is not slowed as a guesser is).
    found: std::sync::Mutex<std::collections::HashSet<String>>,
    /// The front page makes games (`foreman serve`), or only says to open a seat's link.
    pub lobby: bool,
    pub guard: Guard,
    pub pool: Pool,
    pub devices: super::devices::Devices,
    /// The browser's bundle served at `/play`, if there is one.
    pub web: Option<PathBuf>,
}

/// Why a game was not made, or a seat not handed out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The request itself is wrong (its words say why).
    Bad(String),
    /// This server holds as many games as it can.
    Full,
    /// Too many requests from this address: wait.
    Slow,
    /// No game has this code, no seat this number, no invitation this key.
    NotFound,
    /// The seat was handed out already.
    Taken,
}

impl Hub {
    fn empty(data: Option<PathBuf>, lobby: bool, options: Options) -> Hub {
        let l = &options.limits;
        let web = match options.web.clone() {
            Some(dir) => super::play::is_bundle(&dir).then_some(dir),
            None => super::play::find(),
        };
        Hub {
            web,
            keys: RwLock::new(HashMap::new()),
            invites: RwLock::new(HashMap::new()),
            games: RwLock::new(HashMap::new()),
            pool: Pool::new(l.planners, l.planner_queue, l.suggest_budget),
            guard: Guard::new(options.limits, options.names, options.behind_proxy),
            data,
            database: None,
            adopting: std::sync::Mutex::new(()),
            found: Default::default(),
            lobby,
            devices: Default::default(),
        }
    }

    /// A hub that makes games on demand and keeps them in `db` (`foreman serve --database`):
    /// it serves every game nobody serves, and goes on doing so (a node stopped or dead:
    /// its games are served here within [`super::database::LEASE`]); its own leases are
    /// renewed, and a game whose lease another node took is no longer served here.
    pub fn lobby_in_database(
        db: Arc<super::database::Database>,
        options: Options,
    ) -> Result<Arc<Hub>, super::database::DbError> {
        let mut hub = Hub::empty(None, true, options);
        hub.database = Some(Arc::clone(&db));
        let hub = Arc::new(hub);
        hub.adopt()?;
        let weak = Arc::downgrade(&hub);
        db.listen(move |code, node| {
            let Some(hub) = weak.upgrade() else {
                return false;
            };
            if !code.is_empty() && hub.database.as_ref().is_some_and(|d| d.node != node) {
                hub.forget(code);
            }
            true
        })?;
        let weak = Arc::downgrade(&hub);
        std::thread::Builder::new()
            .name("leases".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(super::database::LEASE / 4);
                    let Some(hub) = weak.upgrade() else {
                        return;
                    };
                    if let Err(e) = hub.keep_leases() {
                        tracing::warn!("leases: {e}");
                    }
                }
            })
            .map_err(|_| super::database::DbError::Closed)?;
        Ok(hub)
    }

    /// Serves the database's games that nobody serves. How many were taken.
    pub fn adopt(&self) -> Result<usize, super::database::DbError> {
        let Some(db) = &self.database else {
            return Ok(0);
        };
        let mut taken = 0;
        for code in db.unserved()? {
            match self.adopt_one(db, &code) {
                Ok(true) => taken += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!("game {code} not served: {e}"),
            }
        }
        Ok(taken)
    }

    /// Serves game `code` if nobody does: its lease taken, its journal replayed. Whether it
    /// was taken now.
    fn adopt_one(
        &self,
        db: &Arc<super::database::Database>,
        code: &str,
    ) -> Result<bool, super::database::DbError> {
        let _one = self.adopting.lock().unwrap_or_else(|e| e.into_inner());
        if self.serves(code) || !db.take(code)? {
            return Ok(false);
        }
        let stored = db.load(code)?;
        let table = Table::from_database(stored, Arc::clone(db), code.to_string());
        table.set_runner(Runner::Server { maker: 0 });
        self.add(code.to_string(), Arc::new(table));
        if let Err(e) = db.announce(code) {
            tracing::warn!("game {code} taken, not said: {e}");
        }
        Ok(true)
    }

    /// Renews this node's leases, lets go of the games another node took, and takes the
    /// games nobody serves.
    fn keep_leases(&self) -> Result<(), super::database::DbError> {
        let Some(db) = &self.database else {
            return Ok(());
        };
        let held: Vec<String> = self
            .games
            .read()
            .map(|g| g.keys().cloned().collect())
            .unwrap_or_default();
        for code in db.renew(held)? {
            tracing::warn!("game {code} is served by another node now");
            self.forget(&code);
        }
        self.adopt()?;
        Ok(())
    }

    /// Stops serving every game of the database (the node is stopping): their leases given
    /// up, their sockets closed. Nothing for a hub without a database.
    pub fn stop(&self) {
        let Some(db) = &self.database else {
            return;
        };
        let codes: Vec<String> = self
            .games
            .read()
            .map(|g| g.keys().cloned().collect())
            .unwrap_or_default();
        // An action being written lands before its lease goes, or is refused (every write is
        // fenced by the lease): none is answered "done" and lost.
        for code in &codes {
            if let Some(table) = self.games.read().ok().and_then(|g| g.get(code).cloned()) {
                table.close();
            }
        }
        match db.release_all() {
            Ok(()) => tracing::info!("{} games given up to the other nodes", codes.len()),
            Err(e) => tracing::warn!("leases not given up (they run out): {e}"),
        }
    }

    /// No longer serves game `code` (another node does, or it was put away).
    fn forget(&self, code: &str) {
        let table = match self.games.write() {
            Ok(mut g) => g.remove(code),
            Err(_) => None,
        };
        let Some(table) = table else {
            return;
        };
        table.close();
        if let Ok(mut k) = self.keys.write() {
            k.retain(|_, (t, _)| !Arc::ptr_eq(t, &table));
        }
        if let Ok(mut i) = self.invites.write() {
            i.retain(|_, (t, _)| !Arc::ptr_eq(t, &table));
        }
    }

    /// A hub for one game (`foreman host`, the window's *Invite players*).
    pub fn host(table: Arc<Table>) -> Arc<Hub> {
        Self::host_with(table, Options::default())
    }

    pub fn host_with(table: Arc<Table>, options: Options) -> Arc<Hub> {
        let hub = Hub::empty(None, false, options);
        hub.add(String::new(), table);
        Arc::new(hub)
    }

    /// A hub that makes games on demand (`foreman serve`), journalled in `data` if given;
    /// the games found there are served again with their links and their claims.
    pub fn lobby(data: Option<PathBuf>) -> Arc<Hub> {
        Self::lobby_with(data, Options::default())
    }

    pub fn lobby_with(data: Option<PathBuf>, options: Options) -> Arc<Hub> {
        let hub = Hub::empty(data.clone(), true, options);
        if let Some(dir) = &data {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                let code = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_string();
                if path.extension().is_none_or(|e| e != "json") || code.is_empty() {
                    continue;
                }
                match Table::open(&path) {
                    Ok(table) => {
                        table.set_runner(Runner::Server { maker: 0 });
                        hub.add(code, Arc::new(table));
                    }
                    Err(e) => tracing::warn!(path = %path.display(), "not served: {e}"),
                }
            }
        }
        Arc::new(hub)
    }

    /// Serves `table` alone from now on (the window's next game): the links of the game
    /// served before open nothing.
    pub fn serve_only(&self, table: Arc<Table>) {
        if let Ok(mut keys) = self.keys.write() {
            keys.clear();
        }
        if let Ok(mut games) = self.games.write() {
            games.clear();
        }
        self.add(String::new(), table);
    }

    fn add(&self, code: String, table: Arc<Table>) {
        let keys = table.keys();
        if let Ok(mut map) = self.keys.write() {
            for (seat, key) in keys.seats.iter().enumerate() {
                map.insert(key.clone(), (Arc::clone(&table), Some(seat)));
            }
            map.insert(keys.spectator.clone(), (Arc::clone(&table), None));
        }
        if let Ok(mut map) = self.invites.write() {
            for (seat, invite) in keys.invites.iter().enumerate() {
                map.insert(invite.clone(), (Arc::clone(&table), seat));
            }
        }
        if let Ok(mut games) = self.games.write() {
            games.insert(code, table);
        }
    }

    /// The table and seat a key opens, among the games served here.
    pub fn seat(&self, key: &str) -> Option<Seat> {
        self.keys.read().ok()?.get(key).cloned()
    }

    /// Whether the games are kept in a database that other nodes may serve too.
    pub fn shared(&self) -> bool {
        self.database.is_some()
    }

    /// The table and seat a key opens, a game of the database nobody serves (its node stopped
    /// or died, its lease over) served here from now on.
    pub fn seat_adopted(&self, key: &str) -> Option<Seat> {
        if let Some(seat) = self.seat(key) {
            return Some(seat);
        }
        if self.adopt_key(key) {
            return self.seat(key);
        }
        None
    }

    /// Serves the game of `key` (a seat's, the spectators' or an invitation) if it is kept in
    /// the database and nobody serves it; whether this node serves it now.
    fn adopt_key(&self, key: &str) -> bool {
        let Some(db) = &self.database else {
            return false;
        };
        if !plausible_key(key) {
            return false;
        }
        match db.key(key) {
            Ok(Some(super::database::KeyOf {
                code, node: None, ..
            })) => match self.adopt_one(db, &code) {
                Ok(_) => self.game(&code).is_some(),
                Err(e) => {
                    tracing::warn!("game {code} not served: {e}");
                    false
                }
            },
            Ok(_) => false,
            Err(e) => {
                tracing::warn!("the database: {e}");
                false
            }
        }
    }

    /// Whether `key` was found in the database before (a real key, not a guess).
    pub fn found_before(&self, key: &str) -> bool {
        self.found.lock().is_ok_and(|f| f.contains(key))
    }

    /// Where the game of `key` is served, when another node serves it (`http://host:port`).
    pub fn elsewhere(&self, key: &str) -> Option<String> {
        let db = self.database.as_ref()?;
        if !plausible_key(key) {
            return None;
        }
        let of = db.key(key).ok()??;
        if let Ok(mut f) = self.found.lock() {
            // Bounded: past a million keys the set starts again.
            if f.len() > 1_000_000 {
                f.clear();
            }
            f.insert(key.to_string());
        }
        let node = of.node?;
        (node != db.node).then(|| db.url_of(&node).ok().flatten())?
    }

    /// Where game `code` is served, when another node serves it.
    pub fn elsewhere_game(&self, code: &str) -> Option<String> {
        let db = self.database.as_ref()?;
        let code = code.to_ascii_uppercase();
        if code.len() > 12 || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        let node = db.game_node(&code).ok()??;
        let node = node?;
        (node != db.node).then(|| db.url_of(&node).ok().flatten())?
    }

    /// How many games are served.
    pub fn games(&self) -> usize {
        self.games.read().map_or(0, |g| g.len())
    }

    /// The game of `code`, if served.
    pub fn game(&self, code: &str) -> Option<Arc<Table>> {
        if code.is_empty() {
            return None;
        }
        let code = code.to_ascii_uppercase();
        if let Some(t) = self.games.read().ok()?.get(&code).cloned() {
            return Some(t);
        }
        // A game of the database nobody serves: served here from now on.
        let db = self.database.as_ref()?;
        if code.len() > 12 || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        if let Ok(Some(None)) = db.game_node(&code)
            && let Err(e) = self.adopt_one(db, &code)
        {
            tracing::warn!("game {code} not served: {e}");
        }
        self.games.read().ok()?.get(&code).cloned()
    }

    /// Whether this node serves game `code` now (nothing taken from the database).
    fn serves(&self, code: &str) -> bool {
        self.games.read().is_ok_and(|g| g.contains_key(code))
    }

    /// Makes a game (`foreman serve`), asked from `from`: its code, the maker's own seat, an
    /// invitation for each other seat and the spectators' link.
    pub fn create(&self, ask: &NewGame, from: IpAddr) -> Result<Created, Refused> {
        if !self.lobby {
            return Err(Refused::NotFound);
        }
        let setup = ask.setup().map_err(Refused::Bad)?;
        if !self.guard.new_game(from) {
            return Err(Refused::Slow);
        }
        let game = Game::new(setup).map_err(|e| Refused::Bad(e.to_string()))?;
        let seats = game.setup().players.len();
        // The count and the new game under one lock: two makers never both pass the limit.
        let mut games = self.games.write().map_err(|_| Refused::Full)?;
        if games.len() >= self.guard.limits.max_games {
            return Err(Refused::Full);
        }
        let code = loop {
            let code = short_code();
            if !games.contains_key(&code) {
                break code;
            }
        };
        let path = self.data.as_ref().map(|d| d.join(format!("{code}.json")));
        let mut keys = SeatKeys::for_lobby(seats);
        let own = keys.claim(0).unwrap_or_default();
        if let Some(p) = &path {
            crate::store::save_game(p, &game).map_err(|e| Refused::Bad(e.to_string()))?;
            keys.write_for(p).map_err(|e| Refused::Bad(e.to_string()))?;
        }
        let table = Arc::new(Table::new(game, path, keys.clone()));
        if let Some(db) = &self.database {
            db.create(&code, &table.game(), table.served(), &keys)
                .map_err(|e| Refused::Bad(e.to_string()))?;
            table.keep_in(super::table::Keep::Database {
                db: Arc::clone(db),
                code: code.clone(),
            });
        }
        // Nobody's window runs it: the server deals and plays the Machine on screen, the
        // maker's device tells them at a real table.
        table.set_runner(Runner::Server { maker: 0 });
        games.insert(code.clone(), Arc::clone(&table));
        drop(games);
        self.add(code.clone(), table);
        Ok(Created {
            code,
            seat: own,
            invites: keys
                .invites
                .iter()
                .enumerate()
                .map(|(i, k)| (i > 0).then(|| k.clone()))
                .collect(),
            spectator: keys.spectator,
        })
    }

    /// The seats of the game `code`: names and whether each is still free.
    pub fn seats_of(&self, code: &str) -> Option<Vec<(String, bool)>> {
        let table = self.game(code)?;
        let game = table.game();
        let keys = table.keys();
        Some(
            (0..game.setup().players.len())
                .map(|s| (game.setup().player_name(s), !keys.is_claimed(s)))
                .collect(),
        )
    }

    /// Hands out seat `seat` of game `code` once: its key.
    pub fn claim(&self, code: &str, seat: usize) -> Result<String, Refused> {
        let table = self.game(code).ok_or(Refused::NotFound)?;
        if seat >= table.keys().seats.len() {
            return Err(Refused::NotFound);
        }
        table
            .update_keys(|k| k.claim(seat))
            .map_err(|e| Refused::Bad(e.to_string()))?
            .ok_or(Refused::Taken)
    }

    /// The seat an invitation names (its player's name), without claiming it.
    pub fn invitation(&self, invite: &str) -> Option<(String, bool)> {
        let (table, seat) = self.invite(invite)?;
        let free = !table.keys().is_claimed(seat);
        Some((table.game().setup().player_name(seat), free))
    }

    /// Opens an invitation: its seat's key, once.
    pub fn accept(&self, invite: &str) -> Result<String, Refused> {
        let (table, seat) = self.invite(invite).ok_or(Refused::NotFound)?;
        table
            .update_keys(|k| k.claim(seat))
            .map_err(|e| Refused::Bad(e.to_string()))?
            .ok_or(Refused::Taken)
    }

    /// Whether an invitation of a game served here is `invite` (nothing looked up elsewhere).
    pub fn has_invite(&self, invite: &str) -> bool {
        self.invites.read().is_ok_and(|m| m.contains_key(invite))
    }

    /// The table and seat an invitation opens (a game of the database nobody serves is
    /// served here from now on).
    fn invite(&self, invite: &str) -> Option<(Arc<Table>, usize)> {
        if let Some(found) = self.invites.read().ok()?.get(invite).cloned() {
            return Some(found);
        }
        if self.adopt_key(invite) {
            return self.invites.read().ok()?.get(invite).cloned();
        }
        None
    }

    /// Puts away the games nobody played for the limit's idle time: no longer served, their
    /// files moved to `expired/` in the data folder. How many.
    pub fn expire(&self) -> usize {
        let idle = self.guard.limits.idle;
        let old: Vec<(String, Arc<Table>)> = match self.games.read() {
            Ok(g) => g
                .iter()
                .filter(|(code, t)| !code.is_empty() && t.idle_for() >= idle)
                .map(|(c, t)| (c.clone(), Arc::clone(t)))
                .collect(),
            Err(_) => return 0,
        };
        for (code, table) in &old {
            if let Ok(mut g) = self.games.write() {
                g.remove(code);
            }
            if let Ok(mut k) = self.keys.write() {
                k.retain(|_, (t, _)| !Arc::ptr_eq(t, table));
            }
            if let Ok(mut i) = self.invites.write() {
                i.retain(|_, (t, _)| !Arc::ptr_eq(t, table));
            }
            if let Some(db) = &self.database
                && let Err(e) = db.put_away(code)
            {
                tracing::warn!("game {code} not put away: {e}");
            }
            if let Some(dir) = &self.data {
                let aside = dir.join("expired");
                let _ = std::fs::create_dir_all(&aside);
                for name in [format!("{code}.json"), format!("{code}.json.seats")] {
                    if let Err(e) = std::fs::rename(dir.join(&name), aside.join(&name)) {
                        tracing::warn!("{name} not put away: {e}");
                    }
                }
            }
        }
        old.len()
    }

    /// Which seats of `table` have a device playing them now.
    pub fn connected(&self, table: &Table) -> Vec<bool> {
        self.devices.connected(&table.keys().seats)
    }
}

/// Whether `key` looks like a key (32 hexadecimal digits): anything else is not looked up.
pub fn plausible_key(key: &str) -> bool {
    key.len() == 32 && key.chars().all(|c| c.is_ascii_hexdigit())
}

/// A game asked of `foreman serve`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub names: Vec<String>,
    /// Solo against the Machine: its difficulty ("easy", "medium", "hard", "expert").
    #[serde(default)]
    pub machine: Option<String>,
    /// Real cards and dice on the table.
    #[serde(default)]
    pub companion: bool,
}

impl NewGame {
    fn setup(&self) -> Result<Setup, String> {
        if self.names.is_empty() || self.names.len() > 5 || self.names.iter().any(|n| n.len() > 200)
        {
            return Err("1 to 5 players, each name at most 24 letters".into());
        }
        let machine = match self.machine.as_deref() {
            None => None,
            Some(d) => Some(
                Difficulty::ALL
                    .into_iter()
                    .find(|x| x.name().eq_ignore_ascii_case(d))
                    .ok_or_else(|| format!("no difficulty called {d:?}"))?,
            ),
        };
        let solo = machine.is_some();
        let players = self
            .names
            .iter()
            .zip(if solo {
                &[Colour::White][..]
            } else {
                &Colour::ALL[..]
            })
            .map(|(n, &c)| PlayerSetup::person(n, c))
            .collect();
        let setup = Setup {
            players,
            machine,
            mode: if self.companion {
                Mode::Companion
            } else {
                Mode::Digital
            },
            hands: if self.companion {
                crate::engine::Hands::Hidden
            } else {
                crate::engine::Hands::Open
            },
            first_player: 0,
            seed: rand::random(),
        };
        setup.validate_new().map_err(|e| e.to_string())?;
        Ok(setup)
    }
}

/// A game made: its code, the maker's own seat's key, each other seat's invitation (`None`
/// for the maker's), the spectators' key.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Created {
    pub code: String,
    pub seat: String,
    pub invites: Vec<Option<String>>,
    pub spectator: String,
}

/// Six letters and digits that are not read one for another (no 0/O, 1/I/L).
fn short_code() -> String {
    const ABC: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    use rand::Rng;
    let mut rng = rand::rng();
    (0..6)
        .map(|_| char::from(ABC[rng.random_range(0..ABC.len())]))
        .collect()
}
