//! The HTTP and WebSocket server: a seat's page at `/s/KEY`, its socket at `/ws/KEY`.
//! `foreman host` serves one game; `foreman serve` many, made on its front page
//! (`/api/games`), joined by an invitation (`/i/INVITE`) or by a short code. Every request's
//! `Host` and `Origin` are checked first (`guard`). Each socket is its own task: a device
//! that floods waits for its seat's and its address's tokens, and the others go on.

use super::devices::Control;
use super::lobby::Refused;
use super::table::{Refusal, Table, tr};
use super::wire::{self, ClientMsg, MAX_MESSAGE, ServerMsg};
use crate::engine::Known;
use crate::i18n::Lang;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

pub use super::lobby::{Created, Hub, NewGame};

/// The routes of `hub`: the lobby's only where it makes games.
pub fn router(hub: Arc<Hub>) -> Router {
    let mut r = Router::new()
        .route("/", get(front))
        .route("/s/{key}", get(seat_page))
        .route("/ws/{key}", get(socket));
    // The window in a browser, for a solo table or a game on one screen (issue 95).
    r = super::play::routes(r);
    if hub.lobby {
        r = r
            .route("/i/{invite}", get(invite_page))
            .route("/api/games", post(create))
            .route("/api/games/{code}", get(seats))
            .route("/api/games/{code}/seats/{seat}", post(claim))
            .route("/api/invites/{invite}", get(invitation).post(accept));
    }
    r.layer(axum::middleware::from_fn_with_state(
        Arc::clone(&hub),
        checked,
    ))
    .layer(axum::extract::DefaultBodyLimit::max(4096))
    .with_state(hub)
}

/// Serves `hub` on `listener` until the process ends (the games nobody plays put away now
/// and then).
pub async fn run(listener: tokio::net::TcpListener, hub: Arc<Hub>) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    // Small messages go at once: without this a view waits for the peer's delayed ack.
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("no TCP_NODELAY: {e}");
        }
    });
    expire_now_and_then(&hub);
    axum::serve(
        listener,
        router(hub).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}

/// Every minute, the games idle past the limit are put away.
pub fn expire_now_and_then(hub: &Arc<Hub>) {
    if !hub.lobby {
        return;
    }
    let weak = Arc::downgrade(hub);
    tokio::spawn(async move {
        let minute = Duration::from_secs(60);
        let mut every = tokio::time::interval_at(tokio::time::Instant::now() + minute, minute);
        loop {
            every.tick().await;
            let Some(hub) = weak.upgrade() else { return };
            let gone = hub.expire();
            if gone > 0 {
                tracing::info!("{gone} idle games put away");
            }
        }
    });
}

/// The `Host` and `Origin` of every request: this server's own, or refused.
async fn checked(State(hub): State<Arc<Hub>>, request: Request, next: Next) -> Response {
    match hub.guard.check(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(why) => (StatusCode::FORBIDDEN, why).into_response(),
    }
}

/// The client's address: the peer's (known when served with its connection's address), or
/// behind a proxy the one it forwards ([`super::guard::Guard::client`]).
struct Client(IpAddr);

impl axum::extract::FromRequestParts<Arc<Hub>> for Client {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        hub: &Arc<Hub>,
    ) -> Result<Client, Self::Rejection> {
        let plain = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let secure = || {
            parts
                .extensions
                .get::<ConnectInfo<super::tls::PeerAddr>>()
                .map(|c| c.0.0)
        };
        let peer = plain
            .or_else(secure)
            .unwrap_or(SocketAddr::from(([127, 0, 0, 1], 0)));
        Ok(Client(hub.guard.client(peer, &parts.headers)))
    }
}

/// A code looked up, a seat claimed or an invitation opened: refused while its address is
/// slowed (codes are not guessed by trying).
struct Lookup;

impl axum::extract::FromRequestParts<Arc<Hub>> for Lookup {
    type Rejection = Response;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        hub: &Arc<Hub>,
    ) -> Result<Lookup, Response> {
        let Ok(Client(from)) = Client::from_request_parts(parts, hub).await;
        if hub.guard.lookup(from) {
            Ok(Lookup)
        } else {
            Err(lobby_error(Refused::Slow))
        }
    }
}

async fn front(State(hub): State<Arc<Hub>>) -> Html<&'static str> {
    Html(if hub.lobby {
        super::page::LOBBY
    } else {
        super::page::HOST
    })
}

/// Where a key's game is served.
enum Found {
    Here(super::lobby::Seat),
    /// By another node of the database, at this address.
    Elsewhere(String),
    Nowhere,
    /// Not looked up: this address looked up too many keys of no game here.
    Slow,
}

/// Where `key`'s game is served: here, by another node, or nowhere. A key of no game served
/// here is looked up in the database at the pace codes are (`Guard::lookup`): keys are not
/// guessed by trying, nor the database loaded by it.
/// Runs `f` where waiting is harmless: on a thread for blocking work when the games are kept
/// in a database (a runtime's worker waiting on it would stall every socket it serves), at
/// once otherwise. `None`: the server is stopping.
async fn unblocked<T: Send + 'static>(
    hub: &Arc<Hub>,
    f: impl FnOnce(&Hub) -> T + Send + 'static,
) -> Option<T> {
    if !hub.shared() {
        return Some(f(hub));
    }
    let hub = Arc::clone(hub);
    tokio::task::spawn_blocking(move || f(&hub)).await.ok()
}

/// A lobby's answer worked out off the workers, or the server stopping.
fn stopping() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, "the server is stopping").into_response()
}

fn find(hub: &Hub, key: &str, from: IpAddr) -> Found {
    if let Some(seat) = hub.seat(key) {
        return Found::Here(seat);
    }
    if !hub.shared() || !super::lobby::plausible_key(key) {
        return Found::Nowhere;
    }
    if !(hub.found_before(key) || hub.guard.lookup(from)) {
        return Found::Slow;
    }
    if let Some(seat) = hub.seat_adopted(key) {
        return Found::Here(seat);
    }
    match hub.elsewhere(key) {
        Some(owner) => Found::Elsewhere(owner),
        None => Found::Nowhere,
    }
}

async fn seat_page(
    State(hub): State<Arc<Hub>>,
    Path(key): Path<String>,
    Client(from): Client,
) -> Response {
    // The page is the same on every node: its socket is carried to the game's.
    let Some(found) = unblocked(&hub, move |hub| find(hub, &key, from)).await else {
        return stopping();
    };
    match found {
        Found::Here(_) | Found::Elsewhere(_) => Html(super::page::SEAT).into_response(),
        Found::Nowhere => (StatusCode::NOT_FOUND, Html(super::page::NO_SEAT)).into_response(),
        Found::Slow => lobby_error(Refused::Slow),
    }
}

async fn invite_page(
    State(hub): State<Arc<Hub>>,
    Path(invite): Path<String>,
    Client(from): Client,
) -> Response {
    // A page that asks before it takes the seat: a link preview does not spend it.
    let known = unblocked(&hub, move |hub| {
        let kept = || hub.invitation(&invite).is_some() || hub.elsewhere(&invite).is_some();
        hub.has_invite(&invite) || (hub.shared() && hub.guard.lookup(from) && kept())
    });
    if known.await == Some(true) {
        Html(super::page::INVITE).into_response()
    } else {
        (StatusCode::NOT_FOUND, Html(super::page::NO_SEAT)).into_response()
    }
}

#[derive(Debug, Deserialize)]
struct SocketQuery {
    lang: Option<String>,
    /// The device's own name (its page keeps it): the same device coming back takes its
    /// place again.
    device: Option<String>,
}

async fn socket(
    State(hub): State<Arc<Hub>>,
    Path(key): Path<String>,
    Query(q): Query<SocketQuery>,
    Client(from): Client,
    ws: WebSocketUpgrade,
) -> Response {
    // A link opened again and again is slowed before anything is looked up.
    if !hub.guard.open(from) {
        return lobby_error(Refused::Slow);
    }
    let looked = {
        let key = key.clone();
        unblocked(&hub, move |hub| find(hub, &key, from)).await
    };
    let Some(found) = looked else {
        return stopping();
    };
    let (table, seat) = match found {
        Found::Here(seat) => seat,
        // Another node serves the game: the socket is carried there.
        Found::Elsewhere(owner) => {
            let mut path = format!("/ws/{key}?");
            if let Some(lang) = q.lang.as_deref().and_then(Lang::from_locale) {
                path.push_str(&format!("lang={}&", lang.code()));
            }
            if let Some(d) = q.device.as_deref().filter(|d| {
                (8..=64).contains(&d.len()) && d.chars().all(|c| c.is_ascii_alphanumeric())
            }) {
                path.push_str(&format!("device={d}"));
            }
            return ws
                .max_message_size(MAX_MESSAGE)
                .max_frame_size(MAX_MESSAGE)
                .on_upgrade(move |mut socket| async move {
                    // Carried sockets count against their address here too.
                    let Some(_counted) = hub.guard.socket(from) else {
                        let _ = socket.send(Message::Close(None)).await;
                        return;
                    };
                    super::carry::socket(socket, owner, path, from).await
                });
        }
        Found::Nowhere => {
            return (StatusCode::NOT_FOUND, "no seat has this link").into_response();
        }
        Found::Slow => return lobby_error(Refused::Slow),
    };
    let lang = q
        .lang
        .as_deref()
        .and_then(Lang::from_locale)
        .unwrap_or(Lang::En);
    let device = q
        .device
        .filter(|d| (8..=64).contains(&d.len()) && d.chars().all(|c| c.is_ascii_alphanumeric()))
        .unwrap_or_else(super::seat_keys::new_key);
    let seated = Seated {
        hub,
        table,
        seat,
        key,
        device,
        from,
    };
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| seated.serve(socket, lang))
}

/// A device on a seat's link.
struct Seated {
    hub: Arc<Hub>,
    table: Arc<Table>,
    seat: Option<usize>,
    key: String,
    device: String,
    from: IpAddr,
}

/// What a *Suggest* being thought about was asked on: the seat's own position.
type Asked = (
    crate::engine::Phase,
    crate::engine::state::Market,
    Option<crate::engine::state::PlayerState>,
);

fn asked_on(known: &Known) -> Asked {
    let st = known.state();
    (
        st.phase,
        st.market,
        known.seat().and_then(|s| st.players.get(s).cloned()),
    )
}

impl Seated {
    /// One device's socket: its view after every change that changes it, its messages
    /// answered in order.
    async fn serve(self, mut ws: WebSocket, mut lang: Lang) {
        let hub = Arc::clone(&self.hub);
        let Some(_counted) = hub.guard.socket(self.from) else {
            let _ = send(&mut ws, &refusal(tr(lang).t("web-too-many-sockets"))).await;
            return;
        };
        // A seat's link: its device and a few told it is open elsewhere; the spectators' link:
        // many watchers (each address still counted).
        let most = match self.seat {
            Some(_) => hub.guard.limits.sockets_per_seat,
            None => hub.guard.limits.spectators_per_game,
        };
        let Some(socket) = hub.devices.open(&self.key, most) else {
            let _ = send(&mut ws, &refusal(tr(lang).t("web-too-many-sockets"))).await;
            return;
        };
        let (tell, mut told) = tokio::sync::mpsc::unbounded_channel::<Control>();
        // Spectators are many at once; a seat is played on one device.
        let mut holds =
            self.seat.is_none() || hub.devices.arrive(&socket, &self.device, tell.clone());
        let mut changes = self.table.subscribe();
        changes.mark_unchanged();
        self.arrived(holds);
        let mut last: Option<String> = None;
        if !self.greet(&mut ws, holds, lang, &mut last).await {
            return;
        }
        let mut thinking: Option<(super::pool::Ticket, Asked, super::guard::Counted<'_>)> = None;
        // The last review sent on this socket: the game's version, its language, the answer.
        let mut reviewed: Option<(u64, Lang, ServerMsg)> = None;
        loop {
            tokio::select! {
                msg = ws.recv() => {
                    let text = match msg {
                        Some(Ok(Message::Text(t))) => Some(t),
                        Some(Ok(Message::Binary(_))) => None,
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        // Closed, or an error of the connection (an oversized message among them).
                        Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    };
                    // Every message counts, binary ones too, against the seat and the address
                    // (kept across reconnections).
                    let wait = hub.guard.message(&self.key, self.from);
                    if !wait.is_zero() {
                        tokio::time::sleep(wait).await;
                    }
                    let Some(text) = text else {
                        if send(&mut ws, &refusal(tr(lang).t("web-text-only"))).await.is_err() {
                            break;
                        }
                        continue;
                    };
                    let decoded = wire::decode(text.as_str());
                    if matches!(decoded, Ok(ClientMsg::TakeOver)) {
                        if self.seat.is_some() && !holds {
                            hub.devices.take_over(&socket, &self.device, tell.clone());
                            holds = true;
                            self.arrived(true);
                        }
                        last = None;
                        if !self.send_view(&mut ws, lang, &mut last).await {
                            break;
                        }
                        continue;
                    }
                    if !holds {
                        // Nothing of the seat for a device that does not play it.
                        if !self.greet(&mut ws, false, lang, &mut last).await {
                            break;
                        }
                        continue;
                    }
                    // A review is seconds of the planner's time: counted as *Suggest* is,
                    // worked out off the workers.
                    if matches!(decoded, Ok(ClientMsg::Review)) {
                        // Asked again on the same game (a flood, a second tap): the same answer,
                        // not the planner's seconds again.
                        let version = self.table.version();
                        let kept = reviewed
                            .as_ref()
                            .filter(|(v, l, _)| *v == version && *l == lang)
                            .map(|(_, _, reply)| reply.clone());
                        let reply = match (self.seat, kept) {
                            (_, Some(reply)) => reply,
                            (None, _) => refusal(Refusal::Spectator.say(lang)),
                            (Some(seat), None) => match hub.guard.suggest(self.from) {
                            None => refusal(tr(lang).t("web-planner-busy")),
                            Some(counted) => {
                                let table = Arc::clone(&self.table);
                                let answered = tokio::task::spawn_blocking(move || {
                                    review_answer(&table, seat, lang)
                                })
                                .await;
                                drop(counted);
                                match answered {
                                    Ok(reply) => {
                                        reviewed = Some((version, lang, reply.clone()));
                                        reply
                                    }
                                    Err(_) => break,
                                }
                            }
                            },
                        };
                        if send(&mut ws, &reply).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    if matches!(decoded, Ok(ClientMsg::Suggest)) {
                        let reply = match (&thinking, self.seat) {
                            (_, None) => Some(refusal(Refusal::Spectator.say(lang))),
                            (Some(_), _) => Some(refusal(tr(lang).t("suggest-thinking"))),
                            (None, Some(_)) => match hub.guard.suggest(self.from) {
                                None => Some(refusal(tr(lang).t("web-planner-busy"))),
                                Some(counted) => {
                                    let (known, version) = self.table.known(self.seat);
                                    let on = asked_on(&known);
                                    match hub.pool.ask(known, version, lang) {
                                        Some(ticket) => {
                                            thinking = Some((ticket, on, counted));
                                            None
                                        }
                                        None => Some(refusal(tr(lang).t("web-planner-busy"))),
                                    }
                                }
                            },
                        };
                        if let Some(reply) = reply && send(&mut ws, &reply).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    // With a database the answer waits on its write: off the workers.
                    let (table, seat) = (Arc::clone(&self.table), self.seat);
                    let Some((reply, new_lang)) =
                        unblocked(&hub, move |_| answer(&table, seat, lang, text.as_str())).await
                    else {
                        break;
                    };
                    if send(&mut ws, &reply).await.is_err() {
                        break;
                    }
                    if let Some(l) = new_lang {
                        lang = l;
                        last = None;
                        if !self.send_view(&mut ws, lang, &mut last).await {
                            break;
                        }
                    }
                }
                reply = async {
                    match thinking.as_mut() {
                        Some((ticket, _, _)) => (&mut ticket.answer).await.ok(),
                        None => std::future::pending().await,
                    }
                } => {
                    thinking = None;
                    if let Some(reply) = reply && send(&mut ws, &reply).await.is_err() {
                        break;
                    }
                }
                control = told.recv() => {
                    match control {
                        Some(Control::TakenOver) => {
                            holds = false;
                            thinking = None;
                            let t = tr(lang);
                            let msg = ServerMsg::TakenOver {
                                text: t.t("web-taken-over"),
                                take: t.t("web-take-over"),
                            };
                            last = None;
                            if send(&mut ws, &msg).await.is_err() {
                                break;
                            }
                        }
                        None => break,
                    }
                }
                changed = changes.changed() => {
                    if changed.is_err() || self.table.is_closed() {
                        break;
                    }
                    changes.mark_unchanged();
                    if !holds {
                        continue;
                    }
                    // A suggestion for a position of the seat's that is gone stops thinking.
                    if let Some((_, on, _)) = &thinking
                        && asked_on(&self.table.known(self.seat).0) != *on
                    {
                        thinking = None;
                        if send(&mut ws, &refusal(tr(lang).t("suggest-stale"))).await.is_err() {
                            break;
                        }
                    }
                    if !self.send_view(&mut ws, lang, &mut last).await {
                        break;
                    }
                }
            }
        }
        drop(thinking);
        drop(socket);
        // Who is connected changed.
        self.table.nudge();
    }

    /// This socket plays its seat now (`holds`): the table is told, and every screen.
    fn arrived(&self, holds: bool) {
        match self.seat {
            Some(seat) if holds => self.table.seat_opened(seat),
            _ => self.table.nudge(),
        }
    }

    /// The first word to a device: its view, or that the seat is open elsewhere.
    async fn greet(
        &self,
        ws: &mut WebSocket,
        holds: bool,
        lang: Lang,
        last: &mut Option<String>,
    ) -> bool {
        if holds {
            return self.send_view(ws, lang, last).await;
        }
        let t = tr(lang);
        let msg = ServerMsg::Elsewhere {
            text: t.t("web-elsewhere"),
            take: t.t("web-take-over"),
        };
        send(ws, &msg).await.is_ok()
    }

    /// Sends the seat's view when it differs from the last one sent (a change another seat
    /// keeps to itself sends nothing). False when the socket is gone.
    async fn send_view(&self, ws: &mut WebSocket, lang: Lang, last: &mut Option<String>) -> bool {
        let mut view = self.table.view(self.seat, lang);
        view.connected = self.hub.connected(&self.table);
        let text = ServerMsg::View {
            view: Box::new(view),
        }
        .to_json();
        if last.as_deref() == Some(text.as_str()) {
            return true;
        }
        let ok = ws.send(Message::Text(text.clone().into())).await.is_ok();
        *last = Some(text);
        ok
    }
}

fn refusal(reason: String) -> ServerMsg {
    ServerMsg::Refused {
        id: None,
        reason,
        need: None,
    }
}

async fn send(ws: &mut WebSocket, msg: &ServerMsg) -> Result<(), axum::Error> {
    ws.send(Message::Text(msg.to_json().into())).await
}

/// The answer to one message of `seat`'s device (but *Suggest* and taking the seat over,
/// which the socket answers itself), and the language it asked for.
pub fn answer(
    table: &Table,
    seat: Option<usize>,
    lang: Lang,
    text: &str,
) -> (ServerMsg, Option<Lang>) {
    match wire::decode(text) {
        Err(e) => (
            refusal(tr(lang).t_args("web-malformed", &[("why", e.to_string().into())])),
            None,
        ),
        Ok(ClientMsg::Lang { lang: asked }) => match Lang::from_locale(&asked) {
            Some(l) => (ServerMsg::Done { id: 0 }, Some(l)),
            None => (
                refusal(tr(lang).t_args("web-no-lang", &[("lang", asked.into())])),
                None,
            ),
        },
        Ok(ClientMsg::Suggest) => match seat {
            Some(_) => {
                let (known, version) = table.known(seat);
                (suggestion(&known, version, lang), None)
            }
            None => (refusal(Refusal::Spectator.say(lang)), None),
        },
        Ok(ClientMsg::Review) => match seat {
            Some(s) => (review_answer(table, s, lang), None),
            None => (refusal(Refusal::Spectator.say(lang)), None),
        },
        Ok(ClientMsg::TakeOver) => (ServerMsg::Done { id: 0 }, None),
        Ok(ClientMsg::Undo) => match table.ask_undo(seat) {
            Ok(()) => (ServerMsg::Done { id: 0 }, None),
            Err(e) => (refusal(e.say(lang)), None),
        },
        Ok(ClientMsg::UndoAnswer { yes }) => match table.answer_undo(seat, yes, false) {
            Ok(()) => (ServerMsg::Done { id: 0 }, None),
            Err(e) => (refusal(e.say(lang)), None),
        },
        Ok(ClientMsg::Act {
            id,
            seen,
            act,
            dice,
            blueprints,
            contractors,
            tools,
        }) => {
            let inputs = crate::engine::Inputs {
                dice: dice.into_iter().collect(),
                blueprints: blueprints.into_iter().collect(),
                contractors: contractors.into_iter().collect(),
                tools,
            };
            match table.act(seat, id, seen, act, inputs) {
                Ok(_) => (ServerMsg::Done { id }, None),
                Err(e) => (refused(id, &e, lang), None),
            }
        }
    }
}

/// The review of `seat`'s game once it is over (issue 91, point 4): each of its choices is
/// judged on what that seat knew when it made it (`Game::position_known_to`, step by step:
/// never another hand, the deck or the seed), and said in `lang`.
pub fn review_answer(table: &Table, seat: usize, lang: Lang) -> ServerMsg {
    let game = table.game();
    if !game.state().is_over() {
        return refusal(tr(lang).t("web-review-after"));
    }
    let (setup, journal) = (game.setup(), game.journal());
    match crate::review::review(setup.clone(), journal, seat, 1, |_| {}, || false) {
        Ok(r) => ServerMsg::Review {
            review: Box::new(crate::review::say(tr(lang), setup, journal, &r)),
        },
        Err(e) => refusal(tr(lang).t_args("review-failed", &[("reason", e.to_string().into())])),
    }
}

/// *Suggest*'s answer for the seat `known` is for, worked out here and now (the socket asks
/// the pool instead).
pub fn suggestion(known: &Known, version: u64, lang: Lang) -> ServerMsg {
    match super::suggest::suggest(tr(lang), known, version, None) {
        Ok(s) => ServerMsg::Suggestion {
            suggestion: Box::new(s),
        },
        Err(reason) => refusal(reason),
    }
}

fn refused(id: u64, e: &Refusal, lang: Lang) -> ServerMsg {
    use crate::engine::RuleError;
    let need = match e {
        Refusal::Rule(RuleError::NeedBlueprint) => Some("blueprint"),
        Refusal::Rule(RuleError::NeedContractor) => Some("contractor"),
        Refusal::Rule(RuleError::NeedTools) => Some("tools"),
        Refusal::Rule(RuleError::NeedDie(_)) => Some("die"),
        _ => None,
    };
    ServerMsg::Refused {
        id: Some(id),
        reason: e.say(lang),
        need,
    }
}

fn lobby_error(e: Refused) -> Response {
    match e {
        Refused::Bad(why) => (StatusCode::BAD_REQUEST, why).into_response(),
        Refused::Full => (
            StatusCode::SERVICE_UNAVAILABLE,
            "this server holds as many games as it can",
        )
            .into_response(),
        Refused::Slow => (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", "60")],
            "too many requests from your address: wait a minute",
        )
            .into_response(),
        Refused::NotFound => (
            StatusCode::NOT_FOUND,
            "no game, seat or invitation has this code",
        )
            .into_response(),
        Refused::Taken => (StatusCode::CONFLICT, "this seat is taken").into_response(),
    }
}

async fn create(State(hub): State<Arc<Hub>>, Client(from): Client, body: String) -> Response {
    let ask: NewGame = match serde_json::from_str(&body) {
        Ok(a) => a,
        Err(e) => return (StatusCode::BAD_REQUEST, e.to_string()).into_response(),
    };
    match unblocked(&hub, move |hub| hub.create(&ask, from)).await {
        Some(Ok(made)) => axum::Json(made).into_response(),
        Some(Err(e)) => lobby_error(e),
        None => stopping(),
    }
}

#[derive(Serialize)]
struct SeatFree {
    name: String,
    free: bool,
}

/// A lobby's request answered here, or carried to the node that serves its game.
enum Answered<T> {
    Here(T),
    Elsewhere(String),
}

/// A lobby request: `look` (off the workers) finds it served here or by another node; here,
/// `answer` says it; elsewhere, `method path` is carried to that node.
async fn here_or_carried<T: Send + 'static>(
    hub: &Arc<Hub>,
    from: IpAddr,
    (method, path): (&str, String),
    look: impl FnOnce(&Hub) -> Answered<T> + Send + 'static,
    answer: impl FnOnce(T) -> Response,
) -> Response {
    match unblocked(hub, look).await {
        Some(Answered::Here(t)) => answer(t),
        Some(Answered::Elsewhere(owner)) => {
            super::carry::request(&owner, method, &path, "", from).await
        }
        None => stopping(),
    }
}

/// Game `code` served here, or the node that serves it.
fn game_here<T>(hub: &Hub, code: &str, here: impl FnOnce() -> T) -> Answered<T> {
    if hub.game(code).is_none()
        && let Some(owner) = hub.elsewhere_game(code)
    {
        return Answered::Elsewhere(owner);
    }
    Answered::Here(here())
}

async fn seats(
    State(hub): State<Arc<Hub>>,
    Path(code): Path<String>,
    Client(from): Client,
    _: Lookup,
) -> Response {
    let path = format!("/api/games/{}", code.to_ascii_uppercase());
    here_or_carried(
        &hub,
        from,
        ("GET", path),
        move |hub| game_here(hub, &code, || hub.seats_of(&code)),
        |seats| match seats {
            Some(seats) => axum::Json(
                seats
                    .into_iter()
                    .map(|(name, free)| SeatFree { name, free })
                    .collect::<Vec<_>>(),
            )
            .into_response(),
            None => lobby_error(Refused::NotFound),
        },
    )
    .await
}

async fn claim(
    State(hub): State<Arc<Hub>>,
    Path((code, seat)): Path<(String, usize)>,
    Client(from): Client,
    _: Lookup,
) -> Response {
    let path = format!("/api/games/{}/seats/{seat}", code.to_ascii_uppercase());
    here_or_carried(
        &hub,
        from,
        ("POST", path),
        move |hub| game_here(hub, &code, || hub.claim(&code, seat)),
        key_or_why,
    )
    .await
}

/// A seat's key handed out, or why not.
fn key_or_why(handed: Result<String, Refused>) -> Response {
    match handed {
        Ok(key) => axum::Json(serde_json::json!({ "key": key })).into_response(),
        Err(e) => lobby_error(e),
    }
}

async fn invitation(
    State(hub): State<Arc<Hub>>,
    Path(invite): Path<String>,
    Client(from): Client,
    _: Lookup,
) -> Response {
    let path = format!("/api/invites/{invite}");
    here_or_carried(
        &hub,
        from,
        ("GET", path),
        move |hub| {
            let found = hub.invitation(&invite);
            if found.is_none()
                && let Some(owner) = hub.elsewhere(&invite)
            {
                return Answered::Elsewhere(owner);
            }
            Answered::Here(found)
        },
        |found| match found {
            Some((name, free)) => {
                axum::Json(serde_json::json!({ "name": name, "free": free })).into_response()
            }
            None => lobby_error(Refused::NotFound),
        },
    )
    .await
}

async fn accept(
    State(hub): State<Arc<Hub>>,
    Path(invite): Path<String>,
    Client(from): Client,
    _: Lookup,
) -> Response {
    let path = format!("/api/invites/{invite}");
    here_or_carried(
        &hub,
        from,
        ("POST", path),
        move |hub| {
            let taken = hub.accept(&invite);
            if matches!(taken, Err(Refused::NotFound))
                && let Some(owner) = hub.elsewhere(&invite)
            {
                return Answered::Elsewhere(owner);
            }
            Answered::Here(taken)
        },
        key_or_why,
    )
    .await
}
