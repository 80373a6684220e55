//! The HTTP and WebSocket server: a seat's page at `/s/KEY`, its socket at `/ws/KEY`.
//! `foreman host` serves one game; `foreman serve` many, created on its front page and joined
//! by a short code (`/api/games`). Each socket is its own task: a device that floods
//! messages waits for its own tokens, and the others go on.

use super::keys::SeatKeys;
use super::table::{Refusal, Table, tr};
use super::wire::{self, ClientMsg, MAX_MESSAGE, ServerMsg};
use crate::engine::state::Colour;
use crate::engine::{Difficulty, Game, Mode, PlayerSetup, Setup};
use crate::i18n::Lang;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::time::Instant;

/// At most this many games on one `foreman serve`.
pub const MAX_GAMES: usize = 2000;
/// A device's messages: a burst of this many, then this many a second.
const BURST: f64 = 20.0;
const PER_SECOND: f64 = 10.0;

/// A game served, with its short code (`foreman serve`) and its links.
struct Served {
    table: Arc<Table>,
    /// The seats already handed out by the code.
    claimed: Vec<bool>,
}

/// A key's table and seat (`None`: the spectators').
type Seat = (Arc<Table>, Option<usize>);

/// Everything one server serves.
pub struct Hub {
    keys: RwLock<HashMap<String, Seat>>,
    games: RwLock<HashMap<String, Served>>,
    /// Where `foreman serve` journals its games (`None`: in memory only).
    data: Option<PathBuf>,
    /// The front page makes games (`foreman serve`), or only says to open a seat's link.
    lobby: bool,
}

impl Hub {
    /// A hub for one game (`foreman host`).
    pub fn host(table: Arc<Table>) -> Arc<Hub> {
        let hub = Hub {
            keys: RwLock::new(HashMap::new()),
            games: RwLock::new(HashMap::new()),
            data: None,
            lobby: false,
        };
        hub.add(String::new(), table);
        Arc::new(hub)
    }

    /// A hub that makes games on demand (`foreman serve`), journalled in `data` if given;
    /// the games found there are served again with their links.
    pub fn lobby(data: Option<PathBuf>) -> Arc<Hub> {
        let hub = Hub {
            keys: RwLock::new(HashMap::new()),
            games: RwLock::new(HashMap::new()),
            data: data.clone(),
            lobby: true,
        };
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
                    Ok(table) => hub.add(code, Arc::new(table)),
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
        let keys = table.keys().clone();
        if let Ok(mut map) = self.keys.write() {
            for (seat, key) in keys.seats.iter().enumerate() {
                map.insert(key.clone(), (Arc::clone(&table), Some(seat)));
            }
            map.insert(keys.spectator.clone(), (Arc::clone(&table), None));
        }
        if let Ok(mut games) = self.games.write() {
            games.insert(
                code,
                Served {
                    claimed: vec![false; keys.seats.len()],
                    table,
                },
            );
        }
    }

    fn seat(&self, key: &str) -> Option<Seat> {
        self.keys.read().ok()?.get(key).cloned()
    }

    /// How many games are served.
    pub fn games(&self) -> usize {
        self.games.read().map_or(0, |g| g.len())
    }

    /// Makes a game (`foreman serve`): its code and links.
    pub fn create(&self, ask: &NewGame) -> Result<Created, String> {
        if self.games() >= MAX_GAMES {
            return Err("this server holds as many games as it can".into());
        }
        let setup = ask.setup()?;
        let mut game = Game::new(setup).map_err(|e| e.to_string())?;
        // Foreman deals on screen; at a real table the host's window tells the deal.
        if game.setup().mode == Mode::Digital {
            game.apply_digital(crate::engine::Act::Deal)
                .map_err(|e| e.to_string())?;
        }
        let code = loop {
            let code = short_code();
            if self.games.read().is_ok_and(|g| !g.contains_key(&code)) {
                break code;
            }
        };
        let path = self.data.as_ref().map(|d| d.join(format!("{code}.json")));
        let keys = match &path {
            Some(p) => {
                crate::store::save_game(p, &game).map_err(|e| e.to_string())?;
                SeatKeys::kept_for(p, game.setup().players.len()).map_err(|e| e.to_string())?
            }
            None => SeatKeys::new(game.setup().players.len()),
        };
        let table = Arc::new(Table::new(game, path, keys.clone()));
        self.add(code.clone(), table);
        Ok(Created {
            code,
            seats: keys.seats,
            spectator: keys.spectator,
        })
    }

    /// The seats of the game `code`: names and whether each is still free.
    fn seats_of(&self, code: &str) -> Option<Vec<(String, bool)>> {
        let games = self.games.read().ok()?;
        let served = games.get(&code.to_ascii_uppercase())?;
        let game = served.table.game();
        Some(
            (0..game.setup().players.len())
                .map(|s| (game.setup().player_name(s), !served.claimed[s]))
                .collect(),
        )
    }

    /// A seat whose link was opened is in play: the code no longer hands it out.
    fn opened(&self, table: &Arc<Table>, seat: Option<usize>) {
        let Some(seat) = seat else {
            return;
        };
        if let Ok(mut games) = self.games.write()
            && let Some(served) = games.values_mut().find(|g| Arc::ptr_eq(&g.table, table))
            && let Some(c) = served.claimed.get_mut(seat)
        {
            *c = true;
        }
    }

    /// Hands out seat `seat` of game `code` once: its key.
    fn claim(&self, code: &str, seat: usize) -> Option<String> {
        let mut games = self.games.write().ok()?;
        let served = games.get_mut(&code.to_ascii_uppercase())?;
        let free = served.claimed.get_mut(seat).filter(|c| !**c)?;
        *free = true;
        served.table.keys().seats.get(seat).cloned()
    }
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
        if self.names.is_empty() || self.names.len() > 5 || self.names.iter().any(|n| n.len() > 40)
        {
            return Err("1 to 5 players, each name at most 40 letters".into());
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
            .map(|(n, &c)| PlayerSetup::person(n.trim(), c))
            .collect();
        let seed = rand::random();
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
            seed,
        };
        setup.validate_new().map_err(|e| e.to_string())?;
        Ok(setup)
    }
}

/// A game made: its code and links' keys.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Created {
    pub code: String,
    pub seats: Vec<String>,
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

/// The routes of `hub`.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/", get(front))
        .route("/s/{key}", get(seat_page))
        .route("/ws/{key}", get(socket))
        .route("/api/games", post(create))
        .route("/api/games/{code}", get(seats))
        .route("/api/games/{code}/seats/{seat}", post(claim))
        .layer(axum::extract::DefaultBodyLimit::max(4096))
        .with_state(hub)
}

/// Serves `hub` on `listener` until the process ends.
pub async fn run(listener: tokio::net::TcpListener, hub: Arc<Hub>) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    // Small messages go at once: without this a view waits for the peer's delayed ack.
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("no TCP_NODELAY: {e}");
        }
    });
    axum::serve(listener, router(hub)).await
}

async fn front(State(hub): State<Arc<Hub>>) -> Html<&'static str> {
    Html(if hub.lobby {
        super::page::LOBBY
    } else {
        super::page::HOST
    })
}

async fn seat_page(State(hub): State<Arc<Hub>>, Path(key): Path<String>) -> Response {
    match hub.seat(&key) {
        Some(_) => Html(super::page::SEAT).into_response(),
        None => (StatusCode::NOT_FOUND, Html(super::page::NO_SEAT)).into_response(),
    }
}

#[derive(Debug, Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

async fn socket(
    State(hub): State<Arc<Hub>>,
    Path(key): Path<String>,
    Query(q): Query<LangQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    let Some((table, seat)) = hub.seat(&key) else {
        return (StatusCode::NOT_FOUND, "no seat has this link").into_response();
    };
    hub.opened(&table, seat);
    let lang = q
        .lang
        .as_deref()
        .and_then(Lang::from_locale)
        .unwrap_or(Lang::En);
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| serve_seat(socket, table, seat, lang))
}

/// A device's tokens: a burst, then a steady rate; a device out of tokens waits.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
        }
    }

    async fn take(&mut self) {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * PER_SECOND).min(BURST);
        self.at = now;
        if self.tokens < 1.0 {
            let wait = (1.0 - self.tokens) / PER_SECOND;
            tokio::time::sleep(Duration::from_secs_f64(wait)).await;
            self.tokens = 1.0;
            self.at = Instant::now();
        }
        self.tokens -= 1.0;
    }
}

/// One device's socket: its view after every change, its messages answered in order.
async fn serve_seat(mut ws: WebSocket, table: Arc<Table>, seat: Option<usize>, mut lang: Lang) {
    let mut changes = table.subscribe();
    changes.mark_unchanged();
    if send(&mut ws, &view(&table, seat, lang)).await.is_err() {
        return;
    }
    let mut bucket = Bucket::new();
    // *Suggest* thinks on a blocking thread, one at a time per device.
    let (suggested, mut suggestions) = tokio::sync::mpsc::channel::<ServerMsg>(1);
    let mut thinking = false;
    loop {
        tokio::select! {
            msg = ws.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let reason = tr(lang).t("web-text-only");
                        if send(&mut ws, &ServerMsg::Refused { id: None, reason, need: None }).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    // Closed, or an error of the connection (an oversized message among them).
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                bucket.take().await;
                if let (Ok(ClientMsg::Suggest), Some(seat)) = (wire::decode(text.as_str()), seat) {
                    if thinking {
                        let reason = tr(lang).t("suggest-thinking");
                        if send(&mut ws, &ServerMsg::Refused { id: None, reason, need: None }).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    thinking = true;
                    let (table, tx) = (Arc::clone(&table), suggested.clone());
                    tokio::task::spawn_blocking(move || {
                        // The device may have gone meanwhile: nobody to tell.
                        let _ = tx.blocking_send(suggestion(&table, seat, lang));
                    });
                    continue;
                }
                let (reply, new_lang) = answer(&table, seat, lang, text.as_str());
                if send(&mut ws, &reply).await.is_err() {
                    break;
                }
                if let Some(l) = new_lang {
                    lang = l;
                    if send(&mut ws, &view(&table, seat, lang)).await.is_err() {
                        break;
                    }
                }
            }
            Some(reply) = suggestions.recv() => {
                thinking = false;
                if send(&mut ws, &reply).await.is_err() {
                    break;
                }
            }
            changed = changes.changed() => {
                if changed.is_err() {
                    break;
                }
                changes.mark_unchanged();
                if send(&mut ws, &view(&table, seat, lang)).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// *Suggest*'s answer for `seat`, or why there is none.
fn suggestion(table: &Table, seat: usize, lang: Lang) -> ServerMsg {
    match table.suggest(seat, lang) {
        Ok(s) => ServerMsg::Suggestion {
            suggestion: Box::new(s),
        },
        Err(reason) => ServerMsg::Refused {
            id: None,
            reason,
            need: None,
        },
    }
}

fn view(table: &Table, seat: Option<usize>, lang: Lang) -> ServerMsg {
    ServerMsg::View {
        view: Box::new(table.view(seat, lang)),
    }
}

async fn send(ws: &mut WebSocket, msg: &ServerMsg) -> Result<(), axum::Error> {
    ws.send(Message::Text(msg.to_json().into())).await
}

/// The answer to one message of `seat`'s device, and the language it asked for.
pub fn answer(
    table: &Table,
    seat: Option<usize>,
    lang: Lang,
    text: &str,
) -> (ServerMsg, Option<Lang>) {
    match wire::decode(text) {
        Err(e) => (
            ServerMsg::Refused {
                id: None,
                reason: tr(lang).t_args("web-malformed", &[("why", e.to_string().into())]),
                need: None,
            },
            None,
        ),
        Ok(ClientMsg::Lang { lang: asked }) => match Lang::from_locale(&asked) {
            Some(l) => (ServerMsg::Done { id: 0 }, Some(l)),
            None => (
                ServerMsg::Refused {
                    id: None,
                    reason: tr(lang).t_args("web-no-lang", &[("lang", asked.into())]),
                    need: None,
                },
                None,
            ),
        },
        Ok(ClientMsg::Suggest) => match seat {
            Some(seat) => (suggestion(table, seat, lang), None),
            None => (
                ServerMsg::Refused {
                    id: None,
                    reason: Refusal::Spectator.say(lang),
                    need: None,
                },
                None,
            ),
        },
        Ok(ClientMsg::Act {
            id,
            seen,
            act,
            dice,
            blueprints,
            contractors,
        }) => {
            let inputs = crate::engine::Inputs {
                dice: dice.into_iter().collect(),
                blueprints: blueprints.into_iter().collect(),
                contractors: contractors.into_iter().collect(),
                tools: None,
            };
            match table.act(seat, id, seen, act, inputs) {
                Ok(_) => (ServerMsg::Done { id }, None),
                Err(e) => (refused(id, &e, lang), None),
            }
        }
    }
}

fn refused(id: u64, e: &Refusal, lang: Lang) -> ServerMsg {
    use crate::engine::RuleError;
    let need = match e {
        Refusal::Rule(RuleError::NeedBlueprint) => Some("blueprint"),
        Refusal::Rule(RuleError::NeedContractor) => Some("contractor"),
        _ => None,
    };
    ServerMsg::Refused {
        id: Some(id),
        reason: e.say(lang),
        need,
    }
}

async fn create(State(hub): State<Arc<Hub>>, body: String) -> Response {
    if !hub.lobby {
        return (StatusCode::NOT_FOUND, "this host serves one game").into_response();
    }
    let ask: NewGame = match serde_json::from_str(&body) {
        Ok(a) => a,
        Err(e) => return (StatusCode::BAD_REQUEST, e.to_string()).into_response(),
    };
    match hub.create(&ask) {
        Ok(made) => axum::Json(made).into_response(),
        Err(e) => (StatusCode::BAD_REQUEST, e).into_response(),
    }
}

#[derive(Serialize)]
struct SeatFree {
    name: String,
    free: bool,
}

async fn seats(State(hub): State<Arc<Hub>>, Path(code): Path<String>) -> Response {
    match hub.seats_of(&code) {
        Some(seats) => axum::Json(
            seats
                .into_iter()
                .map(|(name, free)| SeatFree { name, free })
                .collect::<Vec<_>>(),
        )
        .into_response(),
        None => (StatusCode::NOT_FOUND, "no game has this code").into_response(),
    }
}

async fn claim(State(hub): State<Arc<Hub>>, Path((code, seat)): Path<(String, usize)>) -> Response {
    match hub.claim(&code, seat) {
        Some(key) => axum::Json(serde_json::json!({ "key": key })).into_response(),
        None => (
            StatusCode::CONFLICT,
            "this seat is taken, or there is no such seat",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 73, point 6: a device that floods is slowed to its rate after its burst (on
    /// the runtime's paused clock, so nothing here depends on the machine's speed).
    #[tokio::test(start_paused = true)]
    async fn a_flood_waits_for_its_tokens() {
        let mut bucket = Bucket::new();
        let start = Instant::now();
        for _ in 0..BURST as usize {
            bucket.take().await;
        }
        assert_eq!(start.elapsed(), Duration::ZERO, "the burst goes at once");
        for _ in 0..30 {
            bucket.take().await;
        }
        let waited = start.elapsed().as_secs_f64();
        assert!(
            (2.9..3.2).contains(&waited),
            "30 more at 10 a second: {waited} s"
        );
    }
}
