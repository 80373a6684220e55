//! Issue 87: seats nobody else can take. Each finding of the issue tried as a curious player
//! would, over real sockets on 127.0.0.1 (`foreman host`'s hub and `foreman serve`'s lobby):
//! keys handed out, seats claimed again after a restart, one seat on two devices, floods,
//! a full lobby, foreign pages and names, lobby games nobody runs, choices on older views,
//! ids used again, files readable by others, and HTTPS.

use super::seats::device::Device;
use foreman::engine::{Act, Game, Setup};
use foreman::net::guard::Limits;
use foreman::net::lobby::{Created, Hub, NewGame, Options};
use foreman::net::{SeatKeys, Table};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// One HTTP/1.1 request on a fresh connection: its status and body.
pub(crate) async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connected");
    let host = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("host"))
        .map_or(addr.to_string(), |(_, v)| v.to_string());
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers
        .iter()
        .filter(|(k, _)| !k.eq_ignore_ascii_case("host"))
    {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).await.expect("sent");
    let mut out = String::new();
    s.read_to_string(&mut out).await.expect("read");
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = out
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// Serves `hub` on a port of the loopback; its address.
pub(crate) async fn serve(hub: Arc<Hub>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bound");
    let addr = listener.local_addr().expect("an address");
    tokio::spawn(foreman::net::server::run(listener, hub));
    addr
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A digital game of `n` players, dealt.
fn dealt(n: usize, seed: u64) -> Game {
    Game::new_dealt(Setup::players(n, seed)).expect("a game")
}

async fn make(addr: SocketAddr, body: Value) -> Created {
    let (status, text) = http(addr, "POST", "/api/games", &[], &body.to_string()).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).expect("a game made")
}

/// Finding 1: `foreman host` hands no seat's key to anyone: the lobby's routes are not there,
/// the code "" included, before and after a restart.
#[test]
fn the_host_hands_out_no_key() {
    runtime().block_on(async {
        let table = Arc::new(Table::new(dealt(3, 4), None, SeatKeys::new(3)));
        let keys = table.keys();
        let addr = serve(Hub::host(Arc::clone(&table))).await;
        for path in [
            "/api/games//seats/1",
            "/api/games/%20/seats/0",
            "/api/invites/x",
        ] {
            let (status, body) = http(addr, "POST", path, &[], "").await;
            assert_eq!(status, 404, "{path}: {body}");
            assert!(
                keys.seats.iter().all(|k| !body.contains(k.as_str())),
                "{body}"
            );
        }
        let (status, _) = http(addr, "GET", "/api/games/", &[], "").await;
        assert_eq!(status, 404);
    });
}

/// Finding 2 and what to build 1: in `foreman serve` the maker gets their own seat, an
/// invitation per other seat and the spectators' link, never another seat's key; a seat is
/// claimed once, by its invitation or by the code, and the claims survive a restart.
#[test]
fn a_seat_is_claimed_once_and_stays_claimed_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rt = runtime();
    let (code, invites, keys) = rt.block_on(async {
        let hub = Hub::lobby(Some(dir.path().to_path_buf()));
        let addr = serve(Arc::clone(&hub)).await;
        let made = make(addr, json!({"names": ["Ann", "Bob", "Cid"]})).await;
        let table = hub.game(&made.code).expect("served");
        let keys = table.keys();
        assert_eq!(made.seat, keys.seats[0], "the maker's own seat");
        let text = serde_json::to_string(&made).expect("json");
        for k in &keys.seats[1..] {
            assert!(
                !text.contains(k.as_str()),
                "another seat's key went to the maker"
            );
        }
        assert_eq!(made.invites.len(), 3);
        assert!(made.invites[0].is_none());
        // Bob's invitation: its page names him, a tap takes the seat, once.
        let bob = made.invites[1].clone().expect("Bob's invitation");
        let (status, body) = http(addr, "GET", &format!("/api/invites/{bob}"), &[], "").await;
        assert_eq!(status, 200);
        assert!(
            body.contains("Bob") && body.contains("\"free\":true"),
            "{body}"
        );
        let (status, body) = http(addr, "POST", &format!("/api/invites/{bob}"), &[], "").await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(&keys.seats[1]));
        let (status, _) = http(addr, "POST", &format!("/api/invites/{bob}"), &[], "").await;
        assert_eq!(status, 409, "an invitation opens its seat once");
        // Ann's seat and Bob's are not handed out by the code.
        for seat in [0, 1] {
            let (status, body) = http(
                addr,
                "POST",
                &format!("/api/games/{}/seats/{seat}", made.code),
                &[],
                "",
            )
            .await;
            assert_eq!(status, 409, "seat {seat}: {body}");
        }
        (made.code, made.invites, keys)
    });
    drop(rt);
    // Started again on the same folder: the same keys, the same claims.
    runtime().block_on(async {
        let hub = Hub::lobby(Some(dir.path().to_path_buf()));
        let addr = serve(Arc::clone(&hub)).await;
        assert_eq!(
            hub.game(&code).expect("served again").keys().seats,
            keys.seats
        );
        for seat in [0, 1] {
            let (status, body) = http(
                addr,
                "POST",
                &format!("/api/games/{code}/seats/{seat}"),
                &[],
                "",
            )
            .await;
            assert_eq!(status, 409, "seat {seat} after a restart: {body}");
            assert!(!body.contains(keys.seats[seat].as_str()));
        }
        let bob = invites[1].clone().expect("Bob's invitation");
        assert_eq!(
            http(addr, "POST", &format!("/api/invites/{bob}"), &[], "")
                .await
                .0,
            409
        );
        // Cid's seat is still free: the code hands it out once.
        let (status, body) =
            http(addr, "POST", &format!("/api/games/{code}/seats/2"), &[], "").await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(&keys.seats[2]));
        assert_eq!(
            http(addr, "POST", &format!("/api/games/{code}/seats/2"), &[], "")
                .await
                .0,
            409
        );
    });
}

/// Finding 3: one device per seat. A second device is told the seat is open elsewhere and
/// shows nothing of it, may not act for it, and takes it over with a tap; the first is told
/// it was taken over. The same device coming back takes its place silently.
#[test]
fn a_seat_plays_on_one_device_at_a_time() {
    runtime().block_on(async {
        let table = Arc::new(Table::new(dealt(3, 6), None, SeatKeys::new(3)));
        let keys = table.keys();
        let addr = serve(Hub::host(Arc::clone(&table))).await;
        let mut phone = Device::connect(addr, &keys.seats[0], "en", Some("phone0000")).await;
        let first = phone
            .next_within(Duration::from_secs(20))
            .await
            .expect("a message");
        assert_eq!(first["type"], "view");
        let hand = first["view"]["hand"].to_string();
        let mut other = Device::connect(addr, &keys.seats[0], "en", Some("tablet000")).await;
        let said = other
            .next_within(Duration::from_secs(20))
            .await
            .expect("a message");
        assert_eq!(said["type"], "elsewhere", "{said}");
        assert!(
            said["text"]
                .as_str()
                .is_some_and(|t| t.contains("another device"))
        );
        // It may not act for the seat, and sees nothing of it.
        let act = first["view"]["actions"][0]["act"].clone();
        let version = table.version();
        other
            .send(json!({"type": "act", "id": 1, "seen": version, "act": act}).to_string())
            .await;
        let again = other
            .next_within(Duration::from_secs(20))
            .await
            .expect("an answer");
        assert_eq!(again["type"], "elsewhere", "{again}");
        assert_eq!(table.version(), version, "nothing played");
        assert!(
            other
                .got
                .iter()
                .all(|m| !m.contains(&hand) && !m.contains("\"view\""))
        );
        // A tap: it plays the seat now, and the phone is told.
        other.send(json!({"type": "take_over"}).to_string()).await;
        let view = other.until(|m| m["type"] == "view").await;
        assert_eq!(view["view"]["seat"], 0);
        let told = phone.until(|m| m["type"] == "taken_over").await;
        assert!(
            told["text"]
                .as_str()
                .is_some_and(|t| t.contains("taken over"))
        );
        // The phone, taken over, acts for nothing.
        phone
            .send(json!({"type": "act", "id": 2, "seen": version, "act": act}).to_string())
            .await;
        assert_eq!(
            phone.until(|m| m["type"] == "elsewhere").await["type"],
            "elsewhere"
        );
        assert_eq!(table.version(), version);
        // The tablet reconnecting as itself takes its place again without a word.
        let mut back = Device::connect(addr, &keys.seats[0], "en", Some("tablet000")).await;
        assert_eq!(
            back.until(|m| m["type"] == "view" || m["type"] == "elsewhere")
                .await["type"],
            "view"
        );
        // Spectators are many at once.
        let mut a = Device::connect(addr, &keys.spectator, "en", Some("watcher01")).await;
        let mut b = Device::connect(addr, &keys.spectator, "en", Some("watcher02")).await;
        assert_eq!(a.until(|_| true).await["type"], "view");
        assert_eq!(b.until(|_| true).await["type"], "view");
    });
}

/// Finding 6: *Suggest* cannot stop the server. One pool of planner threads with a bounded
/// queue; an address asks at most two at once; a request whose socket closed stops thinking.
#[test]
fn suggest_is_bounded_per_address_and_stops_with_its_socket() {
    use foreman::net::pool::Pool;
    // The pool alone: one thread, two waiting; the fourth request at once finds it full.
    let known = dealt(3, 9).known_to(Some(0));
    let pool = Pool::new(1, 2, Duration::from_secs(60));
    let tickets: Vec<_> = (0..6)
        .map(|_| pool.ask(known.clone(), 1, foreman::i18n::Lang::En))
        .collect();
    assert!(
        tickets.iter().filter(|t| t.is_none()).count() >= 3,
        "the queue is bounded"
    );
    drop(tickets);
    runtime().block_on(async {
        let limits = Limits {
            planners: 1,
            suggests_per_address: 2,
            ..Default::default()
        };
        let table = Arc::new(Table::new(dealt(3, 9), None, SeatKeys::new(3)));
        let keys = table.keys();
        let hub = Hub::host_with(
            Arc::clone(&table),
            Options {
                limits,
                ..Default::default()
            },
        );
        let addr = serve(Arc::clone(&hub)).await;
        let mut devices = Vec::new();
        for key in &keys.seats {
            let mut d = Device::connect(addr, key, "en", None).await;
            d.until(|m| m["type"] == "view").await;
            devices.push(d);
        }
        for d in devices.iter_mut() {
            d.send(json!({"type": "suggest"}).to_string()).await;
        }
        // Three asked from one address: two think (or answered), the third is told to wait.
        let mut busy = 0;
        for d in devices.iter_mut() {
            let m = d
                .until(|m| m["type"] == "suggestion" || m["type"] == "refused")
                .await;
            if m["reason"].as_str().is_some_and(|r| r.contains("busy")) {
                busy += 1;
            }
        }
        assert!(busy <= 1, "at most the third is refused");
        // A socket closed while its request thinks: the pool is free again.
        let mut d = devices.pop().expect("a device");
        d.send(json!({"type": "suggest"}).to_string()).await;
        drop(d);
        let mut idle = false;
        for _ in 0..600 {
            if hub.pool.busy() == 0 {
                idle = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(idle, "the request of a closed socket stops");
    });
}

/// Finding 7: sockets per address are capped, and a seat's messages wait for tokens kept
/// across reconnections (binary frames count too).
#[test]
fn a_client_is_bounded_whatever_sockets_it_opens() {
    runtime().block_on(async {
        let limits = Limits {
            sockets_per_address: 6,
            sockets_per_seat: 4,
            key_burst: 4.0,
            key_per_second: 0.001,
            ..Default::default()
        };
        let table = Arc::new(Table::new(dealt(3, 11), None, SeatKeys::new(3)));
        let keys = table.keys();
        let hub = Hub::host_with(
            Arc::clone(&table),
            Options {
                limits,
                ..Default::default()
            },
        );
        let addr = serve(hub).await;
        // Seat 0: at most four sockets on its key.
        let mut held = Vec::new();
        for i in 0..5 {
            let name = format!("device{i:04}");
            let mut d = Device::connect(addr, &keys.seats[0], "en", Some(&name)).await;
            let m = d.next_within(Duration::from_secs(20)).await;
            held.push((i, d, m));
        }
        let refused = held
            .iter()
            .filter(|(_, _, m)| {
                m.as_ref().is_some_and(|m| {
                    m["reason"]
                        .as_str()
                        .is_some_and(|r| r.contains("Too many connections"))
                })
            })
            .count();
        assert!(refused >= 1, "a fifth socket on one seat is refused");
        // From this address, six sockets in all.
        let mut spectators = Vec::new();
        for _ in 0..4 {
            let mut d = Device::connect(addr, &keys.spectator, "en", None).await;
            let m = d.next_within(Duration::from_secs(20)).await;
            spectators.push((d, m));
        }
        assert!(
            spectators
                .iter()
                .any(|(_, m)| m.as_ref().is_some_and(|m| m["type"] == "refused")),
            "past six sockets from one address, refused"
        );
        drop(held);
        drop(spectators);
        // Seat 1's burst of four, spent on binary frames and one text, on one socket...
        let mut d = Device::connect(addr, &keys.seats[1], "en", Some("flooder01")).await;
        d.until(|m| m["type"] == "view").await;
        use futures_util::SinkExt;
        for _ in 0..3 {
            d.ws.send(tokio_tungstenite::tungstenite::Message::binary(vec![
                0u8;
                8
            ]))
            .await
            .expect("sent");
            assert_eq!(d.until(|m| m["type"] == "refused").await["type"], "refused");
        }
        d.send(json!({"type": "lang", "lang": "fr"}).to_string())
            .await;
        d.until(|m| m["type"] == "done").await;
        drop(d);
        // ...then a new socket: its first message waits for a token it will not get soon.
        let mut again = Device::connect(addr, &keys.seats[1], "en", Some("flooder01")).await;
        again.until(|m| m["type"] == "view").await;
        again
            .send(json!({"type": "lang", "lang": "fr"}).to_string())
            .await;
        assert!(
            again.next_within(Duration::from_secs(2)).await.is_none(),
            "the seat's tokens are kept across reconnections"
        );
        // Another seat is not slowed.
        let mut other = Device::connect(addr, &keys.seats[2], "en", None).await;
        other.until(|m| m["type"] == "view").await;
        other
            .send(json!({"type": "lang", "lang": "fr"}).to_string())
            .await;
        assert_eq!(other.until(|m| m["type"] == "done").await["type"], "done");
    });
}

/// Issue 93's attack: a seat's link opened and closed again and again from one address is
/// refused (429) before anything is looked up, once its burst is spent (each opening costs a
/// look-up, and on a node of a database perhaps a query and a carried socket).
#[test]
fn a_link_opened_again_and_again_is_slowed() {
    runtime().block_on(async {
        let limits = Limits {
            opens_burst: 3.0,
            opens_per_second: 0.001,
            ..Default::default()
        };
        let table = Arc::new(Table::new(dealt(2, 12), None, SeatKeys::new(2)));
        let keys = table.keys();
        let hub = Hub::host_with(
            Arc::clone(&table),
            Options {
                limits,
                ..Default::default()
            },
        );
        let addr = serve(hub).await;
        for i in 0..3 {
            let name = format!("again{i:04}");
            let mut d = Device::connect(addr, &keys.seats[0], "en", Some(&name)).await;
            // Served: the seat's view, or, when the server has not yet seen the last device's
            // socket close, word that the seat is open elsewhere.
            d.until(|m| m["type"] == "view" || m["type"] == "elsewhere")
                .await;
        }
        let url = format!("ws://{addr}/ws/{}", keys.seats[0]);
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                assert_eq!(r.status(), 429, "the fourth opening is slowed")
            }
            Err(e) => panic!("the fourth opening: {e}"),
            Ok(_) => panic!("the fourth opening is slowed, not served"),
        }
    });
}

/// Finding 8: the lobby cannot be filled: its limit holds under many makers at once, an
/// address makes a few games an hour, games nobody plays are put away, codes are not guessed.
#[test]
fn the_lobby_cannot_be_filled_nor_its_codes_guessed() {
    let dir = tempfile::tempdir().expect("temp dir");
    runtime().block_on(async {
        let limits = Limits {
            max_games: 5,
            games_per_hour: 1000.0,
            ..Default::default()
        };
        let hub = Hub::lobby_with(
            Some(dir.path().to_path_buf()),
            Options {
                limits,
                ..Default::default()
            },
        );
        let addr = serve(Arc::clone(&hub)).await;
        // Twenty makers at once from as many addresses: five games, never more.
        let mut made = Vec::new();
        for i in 0..20u8 {
            let hub = Arc::clone(&hub);
            made.push(tokio::task::spawn_blocking(move || {
                let ask = NewGame {
                    names: vec!["Ann".into(), "Bob".into()],
                    machine: None,
                    companion: false,
                };
                hub.create(&ask, std::net::IpAddr::from([10, 0, 0, i]))
                    .is_ok()
            }));
        }
        let mut ok = 0;
        for m in made {
            ok += usize::from(m.await.expect("joined"));
        }
        assert_eq!(ok, 5);
        assert_eq!(hub.games(), 5);
        let (status, _) = http(
            addr,
            "POST",
            "/api/games",
            &[],
            &json!({"names": ["A", "B"]}).to_string(),
        )
        .await;
        assert_eq!(status, 503, "full");
        // Codes: ten looks, then the address waits.
        let mut slowed = false;
        for _ in 0..15 {
            let (status, _) = http(addr, "GET", "/api/games/ABCDEF", &[], "").await;
            if status == 429 {
                slowed = true;
                break;
            }
            assert_eq!(status, 404);
        }
        assert!(slowed, "guessing codes is slowed");
    });
    // An address makes its few games an hour; games nobody plays are put away.
    runtime().block_on(async {
        let limits = Limits {
            games_per_hour: 2.0,
            idle: Duration::ZERO,
            ..Default::default()
        };
        let other = tempfile::tempdir().expect("temp dir");
        let hub = Hub::lobby_with(
            Some(other.path().to_path_buf()),
            Options {
                limits,
                ..Default::default()
            },
        );
        let addr = serve(Arc::clone(&hub)).await;
        let body = json!({"names": ["A", "B"]}).to_string();
        let statuses: Vec<u16> = {
            let mut s = Vec::new();
            for _ in 0..4 {
                s.push(http(addr, "POST", "/api/games", &[], &body).await.0);
            }
            s
        };
        assert_eq!(&statuses[..2], &[200, 200], "{statuses:?}");
        assert!(statuses[2..].iter().all(|&s| s == 429), "{statuses:?}");
        assert_eq!(hub.expire(), 2);
        assert_eq!(hub.games(), 0);
        let aside: Vec<_> = std::fs::read_dir(other.path().join("expired"))
            .expect("put away")
            .collect();
        assert_eq!(aside.len(), 4, "each game's journal and seats");
        // A restart does not serve them again.
        let again = Hub::lobby(Some(other.path().to_path_buf()));
        assert_eq!(again.games(), 0);
    });
}

/// Finding 9: a foreign page (its Origin) may not open a seat's socket nor make a game; a
/// foreign name in Host (DNS rebinding) is refused everywhere.
#[test]
fn foreign_pages_and_names_are_refused() {
    runtime().block_on(async {
        let hub = Hub::lobby(None);
        let addr = serve(Arc::clone(&hub)).await;
        let body = json!({"names": ["A", "B"]}).to_string();
        let (status, _) = http(
            addr,
            "POST",
            "/api/games",
            &[("Origin", "http://evil.example")],
            &body,
        )
        .await;
        assert_eq!(status, 403);
        let (status, _) = http(
            addr,
            "POST",
            "/api/games",
            &[("Host", "rebind.attacker.net:7878")],
            &body,
        )
        .await;
        assert_eq!(status, 403);
        let origin = format!("http://{addr}");
        let (status, text) = http(addr, "POST", "/api/games", &[("Origin", &origin)], &body).await;
        assert_eq!(status, 200, "the page's own origin: {text}");
        let made: Created = serde_json::from_str(&text).expect("made");
        let (status, _) = http(
            addr,
            "GET",
            &format!("/s/{}", made.seat),
            &[("Host", "rebind.attacker.net")],
            "",
        )
        .await;
        assert_eq!(status, 403);
        // The socket: from a foreign page, refused before it opens.
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/ws/{}", made.seat)
            .into_client_request()
            .expect("a request");
        req.headers_mut()
            .insert("Origin", "http://evil.example".parse().expect("a header"));
        assert!(
            tokio_tungstenite::connect_async(req).await.is_err(),
            "a foreign page's socket"
        );
        let mut req = format!("ws://{addr}/ws/{}", made.seat)
            .into_client_request()
            .expect("a request");
        req.headers_mut()
            .insert("Origin", origin.parse().expect("a header"));
        assert!(
            tokio_tungstenite::connect_async(req).await.is_ok(),
            "the page's own socket"
        );
    });
}

/// Finding 10: a name cannot write a line into the others' logs, reorder them, or hide.
#[test]
fn names_are_cleaned_of_controls_and_capped() {
    let hub = Hub::lobby(None);
    let ask = NewGame {
        names: vec![
            "Ann\n Bob drew Refinery\u{0}".into(),
            "\u{202E}Cid\u{2066}".into(),
            "x".repeat(100),
        ],
        machine: None,
        companion: false,
    };
    let made = hub
        .create(&ask, std::net::IpAddr::from([127, 0, 0, 1]))
        .expect("made");
    let table = hub.game(&made.code).expect("served");
    let game = table.game();
    let names: Vec<String> = (0..3).map(|s| game.setup().player_name(s)).collect();
    assert_eq!(names[0], "Ann Bob drew Refinery");
    assert_eq!(names[1], "Cid");
    assert_eq!(names[2].chars().count(), foreman::engine::apply::NAME_MAX);
    let view = table.view(Some(1), foreman::i18n::Lang::En);
    assert!(
        view.log
            .iter()
            .all(|l| !l.contains('\n') && !l.contains('\u{202E}'))
    );
    assert!(
        view.players
            .iter()
            .all(|p| !p.name.chars().any(|c| c.is_control()))
    );
}

/// Finding 11: a solo game made in the lobby plays the Machine's turns by itself; a table
/// game made there is dealt, and its Machine told, from the maker's own phone.
#[test]
fn games_made_in_the_lobby_run_themselves() {
    runtime().block_on(async {
        let hub = Hub::lobby(None);
        let addr = serve(Arc::clone(&hub)).await;
        // Solo, on screen: the maker plays a round; the Machine's turn follows by itself.
        let made = make(addr, json!({"names": ["Ann"], "machine": "medium"})).await;
        let table = hub.game(&made.code).expect("served");
        let mut ann = Device::open(addr, &made.seat, "en").await;
        let mut id = 1;
        while table.game().state().round < 2 {
            assert!(
                id < 60,
                "round 1 never ended: {}",
                table.game().state().round
            );
            let acts = ann.view["actions"].as_array().cloned().unwrap_or_default();
            // Take, roll, end: the first of each that is offered.
            let pick = ["take_blueprint", "roll", "end_work", "pass", "hire"]
                .iter()
                .find_map(|k| acts.iter().position(|a| a["act"]["kind"] == *k))
                .or((!acts.is_empty()).then_some(0))
                .expect("Ann may act");
            let answer = ann.act(pick, id).await;
            assert_eq!(answer["type"], "done", "{answer}");
            id += 1;
            let v = table.version();
            ann.at(v).await;
        }
        assert!(
            table
                .game()
                .journal()
                .iter()
                .any(|a| a.act == Act::MachineTurn),
            "the Machine played"
        );
        // A table game: the maker's phone offers the deal and tells it, card by card.
        let made = make(addr, json!({"names": ["Ann", "Bob"], "companion": true})).await;
        let table = hub.game(&made.code).expect("served");
        let mut ann = Device::open(addr, &made.seat, "en").await;
        let deal = ann.view["actions"]
            .as_array()
            .and_then(|a| a.iter().position(|x| x["act"]["kind"] == "deal"))
            .expect("the maker deals");
        let bob_key = table.keys().seats[1].clone();
        let bob = Device::open(addr, &bob_key, "en").await;
        assert!(
            bob.view["actions"]
                .as_array()
                .is_none_or(|a| a.iter().all(|x| x["act"]["kind"] != "deal")),
            "only the maker deals"
        );
        let act = ann.view["actions"][deal]["act"].clone();
        let (mut blueprints, mut contractors) = (Vec::<&str>::new(), Vec::<&str>::new());
        let mut tools: Option<Value> = None;
        let cards = [
            "Dojo",
            "Golem",
            "Robot",
            "Beacon",
            "Refinery",
            "Obelisk",
            "Warehouse",
            "Biolab",
        ];
        let people = [
            "Architect",
            "Miner",
            "Investor",
            "Engineer",
            "Specialist",
            "Foreman",
        ];
        for i in 0..20 {
            let msg = json!({"type": "act", "id": 100 + i, "seen": table.version(), "act": act,
                "blueprints": blueprints, "contractors": contractors, "tools": tools});
            ann.send(msg.to_string()).await;
            let m = ann.until(|m| m["id"] == 100 + i).await;
            match m["need"].as_str() {
                Some("tools") => tools = Some(json!(["gear", "hammer", "shovel", "wrench"])),
                Some("blueprint") => blueprints.push(cards[blueprints.len()]),
                Some("contractor") => contractors.push(people[contractors.len()]),
                _ => {
                    assert_eq!(m["type"], "done", "{m}");
                    break;
                }
            }
        }
        assert_eq!(
            table.game().state().round,
            1,
            "dealt from the maker's phone"
        );
    });
}

/// Cards nobody saw in `dealt_at_a_real_table`'s deal, told in turn as the market refills.
const UNSEEN: [&str; 8] = [
    "Golem",
    "Robot",
    "Warehouse",
    "Megalith",
    "Biolab",
    "Obelisk",
    "Foundry",
    "Gymnasium",
];

/// Sends `act` for `seat` until it is played, telling the next unseen card each time the
/// table asks for one; the last answer.
fn play_told(
    table: &Table,
    seat: usize,
    act: &Act,
    id: &mut u64,
    next_card: &mut usize,
    dice: &[u8],
) -> String {
    use foreman::i18n::Lang;
    let mut blueprints: Vec<&str> = Vec::new();
    loop {
        let msg = json!({"type": "act", "id": *id, "seen": table.version(), "act": act, "dice": dice, "blueprints": blueprints});
        *id += 1;
        let out = foreman::net::server::answer(table, Some(seat), Lang::En, &msg.to_string())
            .0
            .to_json();
        if out.contains("\"need\":\"blueprint\"") && *next_card < UNSEEN.len() {
            blueprints.push(UNSEEN[*next_card]);
            *next_card += 1;
            continue;
        }
        return out;
    }
}

/// A real table of two, dealt, each player's market turn taken and both rolled 3 3 5 1 (told
/// dice), journalled at `path`.
fn at_work(path: &std::path::Path) -> Table {
    use foreman::i18n::Lang;
    foreman::store::save_game(path, &super::told::dealt_at_a_real_table(2, 3)).expect("saved");
    let table = Table::open(path).expect("opened");
    let (mut id, mut card) = (1, 0);
    while !matches!(
        table.game().state().phase,
        foreman::engine::Phase::Work { .. }
    ) {
        assert!(id < 40, "no work phase");
        let seat = table.game().state().current_player().expect("someone acts");
        let view = table.view(Some(seat), Lang::En);
        let act = view
            .actions
            .iter()
            .find(|a| matches!(a.act, Act::TakeBlueprint { .. }))
            .or(view.actions.first())
            .expect("an action")
            .act
            .clone();
        let out = play_told(&table, seat, &act, &mut id, &mut card, &[]);
        assert!(out.contains("done"), "{out}");
    }
    for seat in [0, 1] {
        let roll = Act::Roll {
            set: Default::default(),
        };
        let out = play_told(&table, seat, &roll, &mut id, &mut card, &[3, 3, 5, 1]);
        assert!(out.contains("done"), "{out}");
    }
    table
}

/// Finding 12: everyone at once, as promised. An action chosen on an older view is played
/// when it still means the same (the 3 placed while a 3 is free), refused with its words
/// otherwise; an id used again for another action is refused; ids and versions survive a
/// restart.
#[test]
fn choices_on_older_views_ids_and_versions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("g.json");
    let table = Arc::new(at_work(&path));
    // Ann's phone over a real socket: each message answered by its id.
    async fn send(d: &mut Device, msg: Value) -> String {
        let id = msg["id"].clone();
        d.send(msg.to_string()).await;
        d.until(|m| m["id"] == id).await.to_string()
    }
    let place = |die: u8| json!({"kind": "place", "die": die, "section": "generate"});
    let seen = table.version();
    let v = runtime().block_on(async {
        let addr = serve(Hub::host(Arc::clone(&table))).await;
        let mut ann = Device::open(addr, &table.keys().seats[0], "en").await;
        // Ann chooses "place the 3 on Generate" (die 0) on this view, twice (two taps, or
        // a tap on a view already old): the first places die 0; the second the other 3.
        let out = send(
            &mut ann,
            json!({"type": "act", "id": 500, "seen": seen, "act": place(0)}),
        )
        .await;
        assert!(out.contains("done"), "{out}");
        let out = send(
            &mut ann,
            json!({"type": "act", "id": 501, "seen": seen, "act": place(0)}),
        )
        .await;
        assert!(out.contains("done"), "the other 3: {out}");
        let generate = &table.view(Some(0), foreman::i18n::Lang::En).players[0].hq[2];
        assert_eq!(generate.1, vec![3, 3], "both 3s on Generate: {generate:?}");
        // A third time on that old view: no 3 is free, refused with what she chose.
        let out = send(
            &mut ann,
            json!({"type": "act", "id": 502, "seen": seen, "act": place(0)}),
        )
        .await;
        assert!(
            out.contains("no longer possible") && out.contains("the 3"),
            "{out}"
        );
        // Id 500 again with another action: refused; with the same one: done, played once.
        let v = table.version();
        let out = send(
            &mut ann,
            json!({"type": "act", "id": 500, "seen": v, "act": place(2)}),
        )
        .await;
        assert!(out.contains("already used"), "{out}");
        let out = send(
            &mut ann,
            json!({"type": "act", "id": 500, "seen": seen, "act": place(0)}),
        )
        .await;
        assert!(out.contains("done"), "{out}");
        assert_eq!(table.version(), v, "played once");
        v
    });
    drop(table);
    // Started again from the journal: the same version, and id 501 remembered.
    let again = Arc::new(Table::open(&path).expect("opened again"));
    assert_eq!(again.version(), v);
    runtime().block_on(async {
        let addr = serve(Hub::host(Arc::clone(&again))).await;
        let mut ann = Device::open(addr, &again.keys().seats[0], "en").await;
        assert_eq!(ann.view["version"].as_u64(), Some(v));
        let out = send(
            &mut ann,
            json!({"type": "act", "id": 501, "seen": seen, "act": place(0)}),
        )
        .await;
        assert!(out.contains("done"), "{out}");
    });
    assert_eq!(again.version(), v, "not played twice after a restart");
}

/// Finding 13: the files that hold keys and seeds are this user's only; the folder too.
#[test]
fn keys_and_seeds_are_readable_by_their_user_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let hub = Hub::lobby(Some(dir.path().to_path_buf()));
    let made = hub
        .create(
            &NewGame {
                names: vec!["A".into(), "B".into()],
                machine: None,
                companion: false,
            },
            std::net::IpAddr::from([127, 0, 0, 1]),
        )
        .expect("made");
    for name in [
        format!("{}.json", made.code),
        format!("{}.json.seats", made.code),
    ] {
        let mode = std::fs::metadata(dir.path().join(&name))
            .expect("written")
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "{name}: {mode:o}");
    }
}

/// What to build 9: a player takes back their own last action: online every other seat
/// agrees (one tap each); at a real table the host's window does.
#[test]
fn a_phone_takes_back_its_last_action_when_the_others_agree() {
    use foreman::i18n::Lang;
    use foreman::net::server::answer;
    let dir = tempfile::tempdir().expect("temp dir");
    for online in [true, false] {
        let table = at_work(&dir.path().join(format!("{online}.json")));
        if online {
            table.set_runner(foreman::net::table::Runner::Server { maker: 0 });
        }
        let say = |seat, msg: Value| {
            answer(&table, Some(seat), Lang::En, &msg.to_string())
                .0
                .to_json()
        };
        let place = json!({"kind": "place", "die": 2, "section": "mine"});
        assert!(
            say(
                0,
                json!({"type": "act", "id": 9, "seen": table.version(), "act": place})
            )
            .contains("done")
        );
        let len = table.game().journal().len();
        assert!(table.view(Some(0), Lang::En).can_undo);
        assert!(!table.view(Some(1), Lang::En).can_undo, "not Bob's action");
        // Bob may not take it back for Ann.
        assert!(say(1, json!({"type": "undo"})).contains("Only your own"));
        assert!(say(0, json!({"type": "undo"})).contains("done"));
        let bob = table.view(Some(1), Lang::En);
        let ask = bob.undo.expect("Bob is told");
        assert!(ask.text.contains("asks to take back"), "{}", ask.text);
        // Online Bob answers; at a table with a window, the window does.
        assert_eq!(ask.answer, online, "{}", ask.text);
        assert!(
            table
                .view(Some(0), Lang::En)
                .undo
                .is_some_and(|u| u.mine && !u.answer)
        );
        assert_eq!(table.game().journal().len(), len, "not yet");
        if online {
            assert!(say(1, json!({"type": "undo_answer", "yes": true})).contains("done"));
        } else {
            // At a real table the host's window says yes for the table.
            table
                .answer_undo(None, true, true)
                .expect("the window agrees");
        }
        assert_eq!(table.game().journal().len(), len - 1, "taken back");
        assert!(table.view(Some(1), Lang::En).undo.is_none());
        // Refused: the request goes, nothing is taken back.
        assert!(
            say(
                0,
                json!({"type": "act", "id": 10, "seen": table.version(), "act": place})
            )
            .contains("done")
        );
        assert!(say(0, json!({"type": "undo"})).contains("done"));
        if online {
            assert!(say(1, json!({"type": "undo_answer", "yes": false})).contains("done"));
        } else {
            table
                .answer_undo(None, false, true)
                .expect("the window refuses");
        }
        assert_eq!(table.game().journal().len(), len);
        assert!(table.view(Some(0), Lang::En).undo.is_none());
    }
}

/// What to build 6: `foreman serve` over HTTPS with a certificate and its key: the lobby page,
/// a game made and a seat's socket, all over TLS; a key that is not one is said plainly.
#[test]
fn the_lobby_speaks_https_with_a_certificate() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio_rustls::rustls;
    let dir = tempfile::tempdir().expect("temp dir");
    let made =
        rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("a certificate");
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).expect("written");
    std::fs::write(&key, made.signing_key.serialize_pem()).expect("written");
    let bad = dir.path().join("bad.pem");
    std::fs::write(&bad, "not a key").expect("written");
    let err = foreman::net::tls::config(&cert, &bad)
        .expect_err("no key in it")
        .to_string();
    assert!(err.contains("bad.pem"), "{err}");
    let config = foreman::net::tls::config(&cert, &key).expect("a TLS config");
    runtime().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bound");
        let addr = listener.local_addr().expect("an address");
        tokio::spawn(foreman::net::tls::run(listener, config, Hub::lobby(None)));
        let mut roots = rustls::RootCertStore::empty();
        roots.add(made.cert.der().clone()).expect("the certificate trusted");
        #[allow(deprecated)]
        let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
        let client = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        let connector = tokio_rustls::TlsConnector::from(std::sync::Arc::new(client));
        let name = rustls::pki_types::ServerName::try_from("localhost").expect("a name");
        let connect = || async {
            let tcp = tokio::net::TcpStream::connect(addr).await.expect("connected");
            connector.connect(name.clone(), tcp).await.expect("a TLS handshake")
        };
        let request = |method: &str, path: &str, body: &str| {
            format!("{method} {path} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}", addr.port(), body.len())
        };
        let mut s = connect().await;
        s.write_all(request("GET", "/", "").as_bytes()).await.expect("sent");
        let mut page = String::new();
        let _ = s.read_to_string(&mut page).await;
        assert!(page.starts_with("HTTP/1.1 200") && page.contains("A new game"), "{}", &page[..page.len().min(200)]);
        let mut s = connect().await;
        s.write_all(request("POST", "/api/games", r#"{"names":["Ann","Bob"]}"#).as_bytes()).await.expect("sent");
        let mut out = String::new();
        let _ = s.read_to_string(&mut out).await;
        let body = out.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        let created: Created = serde_json::from_str(body).expect("a game made over HTTPS");
        let url = format!("wss://localhost:{}/ws/{}?lang=en", addr.port(), created.seat);
        let (mut ws, _) = tokio_tungstenite::client_async(url, connect().await).await.expect("a secure socket");
        use futures_util::StreamExt;
        let first = ws.next().await.expect("a message").expect("read");
        assert!(first.to_text().expect("text").contains("\"type\":\"view\""));
    });
}

/// What to build 9, at a real table: a phone asks to take back its player's last action; the
/// table window shows who asks and what, and its *Agree* takes it back for everyone.
#[test]
fn the_table_window_answers_a_phones_take_back() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = super::window::harness(dir.path(), 5);
    h.state_mut().invite_at = foreman::ui::InviteAt {
        bind: "127.0.0.1".into(),
        port: 0,
    };
    super::window::open_game(
        &mut h,
        dir.path(),
        &super::told::dealt_at_a_real_table(2, 5),
    );
    let (addr, key) = super::seats::invited(&mut h, 0);
    let rt = runtime();
    let before = rt.block_on(async {
        let mut phone = Device::open(addr, &key, "en").await;
        let take = phone.view["actions"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["act"]["kind"] == "take_blueprint"))
            .map(|x| x["act"].clone())
            .expect("a card to take");
        let mut blueprints: Vec<&str> = Vec::new();
        for id in 1..4 {
            let msg = json!({"type": "act", "id": id, "seen": phone.view["version"], "act": take, "blueprints": blueprints});
            phone.send(msg.to_string()).await;
            let m = phone.until(|m| m["id"] == id).await;
            if m["need"] == "blueprint" {
                blueprints.push("Golem");
                continue;
            }
            assert_eq!(m["type"], "done", "{m}");
            break;
        }
        phone.until(|m| m["type"] == "view" && m["view"]["can_undo"] == true).await;
        phone.send(json!({"type": "undo"}).to_string()).await;
        assert_eq!(phone.until(|m| m["id"] == 0).await["type"], "done");
        phone.view["hand"].as_array().map_or(0, Vec::len)
    });
    let mut asked = false;
    for _ in 0..200 {
        h.run();
        if h.query_by_label_contains("asks to take back").is_some() {
            asked = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(asked, "the window shows the request");
    let len = h.state().game().expect("a game").journal().len();
    super::window::click(&mut h, "Agree");
    for _ in 0..5 {
        h.run();
    }
    let game = h.state().game().expect("a game");
    assert_eq!(game.journal().len(), len - 1, "taken back");
    assert!(h.query_by_label_contains("asks to take back").is_none());
    let after = rt.block_on(async {
        let phone = Device::open(addr, &key, "en").await;
        phone.view["hand"].as_array().map_or(0, Vec::len)
    });
    assert_eq!(after + 1, before, "the card taken is back in the market");
}

/// Found by a new player: with *Invite players*, the table window showed the hand of the
/// player at work although that player plays on a phone. A seat played on its own device
/// keeps its hand off the table screen: no card of it, not even in the log's draws.
#[test]
fn the_table_window_never_shows_a_hand_played_on_a_phone() {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    use std::collections::HashSet;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = super::window::harness(dir.path(), 5);
    h.state_mut().invite_at = foreman::ui::InviteAt {
        bind: "127.0.0.1".into(),
        port: 0,
    };
    let start = dealt(2, 31);
    // What everyone saw: the market before Ann takes from it, and all after.
    let mut seen = HashSet::new();
    super::seats::public_cards(&start, &mut seen);
    super::window::open_game(&mut h, dir.path(), &start);
    let (addr, ann) = super::seats::invited(&mut h, 0);
    let links: Vec<String> = h
        .query_all_by_label_contains("http://127.0.0.1:")
        .filter_map(|n| n.value())
        .filter(|v| v.starts_with("http://"))
        .collect();
    let bob = links[1].rsplit('/').next().expect("a key").to_string();
    let rt = runtime();
    rt.block_on(async {
        let mut a = Device::open(addr, &ann, "en").await;
        let _b = Device::open(addr, &bob, "en").await;
        // Ann takes a card on her phone: Bob is at work, on the table screen too.
        let i = a.view["actions"]
            .as_array()
            .and_then(|x| x.iter().position(|v| v["act"]["kind"] == "take_blueprint"))
            .expect("a card to take");
        assert_eq!(a.act(i, 1).await["type"], "done");
    });
    for _ in 0..20 {
        h.run();
    }
    let game = h.state().game().cloned().expect("a game");
    let public = super::seats::public_cards(&game, &mut seen);
    let secret: Vec<_> = game
        .state()
        .players
        .iter()
        .flat_map(|p| p.hand.iter().map(|(c, _)| c))
        .filter(|c| !public.contains(c))
        .collect();
    assert!(!secret.is_empty(), "cards in hand nobody saw");
    let said: Vec<String> = h
        .query_all(egui_kittest::kittest::By::new())
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .filter(|l| l.contains("Build") || l.contains("hand"))
        .collect();
    assert!(
        h.query_by_label_contains("blueprints are on their own phone")
            .is_some(),
        "the hand is said to be on the phone: {said:?}, journal {}, at work {:?}",
        game.journal().len(),
        game.state().current_player()
    );
    for card in secret {
        let on: Vec<String> = h
            .query_all_by_label_contains(card.name())
            .map(|n| {
                // A button's label, or a text's words (egui gives those as its value).
                let node = n.accesskit_node();
                node.label()
                    .or(node.value())
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        assert!(on.is_empty(), "{card} on the table screen: {on:?}");
    }
    // The window does not act or suggest for a seat played on its phone.
    assert!(
        h.query_by_label("Suggest")
            .is_some_and(|n| n.accesskit_node().is_disabled()),
        "Suggest for a phone's seat"
    );
    // Started again, before any phone is back: still hidden.
    let saved = h.state().game().cloned().expect("a game");
    drop(h);
    let mut again = super::window::harness(dir.path(), 5);
    super::window::open_game(&mut again, dir.path(), &saved);
    for _ in 0..5 {
        again.run();
    }
    assert!(
        again
            .query_by_label_contains("blueprints are on their own phone")
            .is_some(),
        "hidden after a restart too"
    );
    for (card, _) in saved.state().players[1].hand.iter() {
        if !public.contains(&card) {
            assert_eq!(
                again.query_all_by_label_contains(card.name()).count(),
                0,
                "{card} after a restart"
            );
        }
    }
}
