//! Issue 95, point 2: `/play` serves the window in a browser from its bundle, each of its files
//! with its type (the WebAssembly gzipped when the browser takes it), and nothing else: a name
//! that is not the bundle's, or a path out of its folder, is not found.

use foreman::net::Table;
use foreman::net::lobby::{Hub, Options};
use std::net::SocketAddr;
use std::sync::Arc;

/// The response to `GET path` with `headers`: the status, the head (lower-cased) and the
/// body's bytes.
async fn get(addr: SocketAddr, path: &str, headers: &str) -> (u16, String, Vec<u8>) {
    let out = super::seats::get_with(addr, path, headers).await;
    let at = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&out[..at]).to_lowercase();
    let status = head.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, head, out[at + 4..].to_vec())
}

#[test]
fn play_serves_the_bundle_and_nothing_else() {
    let dir = tempfile::tempdir().expect("a folder");
    let web = dir.path().join("web");
    std::fs::create_dir(&web).expect("made");
    std::fs::write(web.join("index.html"), "<canvas id=foreman>").expect("written");
    std::fs::write(web.join("foreman_web.js"), "export default 1;").expect("written");
    std::fs::write(web.join("foreman_worker.js"), "onmessage = null;").expect("written");
    let wasm = b"\0asm\x01\0\0\0 the window".to_vec();
    std::fs::write(web.join("foreman_web_bg.wasm"), &wasm).expect("written");
    std::fs::write(web.join("foreman_web_bg.wasm.gz"), b"zipped").expect("written");
    // Beside the bundle, and inside its folder under a name that is not the bundle's.
    std::fs::write(dir.path().join("secret.json"), "{\"seed\": 7}").expect("written");
    std::fs::write(web.join("notes.txt"), "private").expect("written");

    super::trust::runtime().block_on(async {
        let game = foreman::engine::Game::new_dealt(foreman::engine::Setup::solo(
            "P",
            foreman::engine::Difficulty::Medium,
            1,
        ))
        .expect("a game");
        let table = Arc::new(Table::new(game, None, foreman::net::SeatKeys::new(1)));
        let hub = Hub::host_with(
            table,
            Options {
                web: Some(web.clone()),
                ..Default::default()
            },
        );
        let addr = super::trust::serve(hub).await;

        let (status, head, _) = get(addr, "/play", "").await;
        assert_eq!(status, 308, "{head}");
        assert!(head.contains("location: /play/"), "{head}");

        let (status, head, body) = get(addr, "/play/", "").await;
        assert_eq!(status, 200, "{head}");
        assert!(head.contains("content-type: text/html"), "{head}");
        assert_eq!(body, b"<canvas id=foreman>");

        let (status, head, _) = get(addr, "/play/foreman_web.js", "").await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: text/javascript"), "{head}");
        // The planner's worker, a module script too.
        let (status, head, body) = get(addr, "/play/foreman_worker.js", "").await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: text/javascript"), "{head}");
        assert_eq!(body, b"onmessage = null;");

        // Plain to a browser that takes no gzip; gzipped to one that does.
        let (status, head, body) = get(addr, "/play/foreman_web_bg.wasm", "").await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: application/wasm"), "{head}");
        assert!(!head.contains("content-encoding"), "{head}");
        assert_eq!(body, wasm);
        let (status, head, body) = get(
            addr,
            "/play/foreman_web_bg.wasm",
            "Accept-Encoding: gzip, br\r\n",
        )
        .await;
        assert_eq!(status, 200);
        assert!(head.contains("content-encoding: gzip"), "{head}");
        assert_eq!(body, b"zipped");

        for path in [
            "/play/notes.txt",
            "/play/foreman_web_bg.wasm.gz",
            "/play/..%2fsecret.json",
            "/play/../secret.json",
            "/play/%2e%2e/secret.json",
        ] {
            let (status, head, body) = get(addr, path, "").await;
            assert_ne!(status, 200, "{path}: {head}");
            let text = String::from_utf8_lossy(&body);
            assert!(
                !text.contains("seed") && !text.contains("private"),
                "{path}: {text}"
            );
        }
    });
}

/// Without a bundle, `/play` says how to build one.
#[test]
fn play_without_a_bundle_says_how_to_build_it() {
    let dir = tempfile::tempdir().expect("a folder");
    super::trust::runtime().block_on(async {
        let hub = Hub::lobby_with(
            None,
            Options {
                // A folder with no bundle in it.
                web: Some(dir.path().to_path_buf()),
                ..Default::default()
            },
        );
        let addr = super::trust::serve(hub).await;
        let (status, _, body) = get(addr, "/play/", "").await;
        assert_eq!(status, 404);
        assert!(
            String::from_utf8_lossy(&body).contains("scripts/web.sh"),
            "{}",
            String::from_utf8_lossy(&body)
        );
    });
}

/// Issue 95, point 2: the browser's worker thinks *Suggest* for a saved game as the window
/// does on a computer: the same plan at work and the same market choice as the planner gives
/// on what the player at work may know; no saved game, a refusal said.
#[test]
fn the_browsers_worker_suggests_what_the_window_does() {
    use foreman::bots::{self, Bot, BotKind};
    use foreman::engine::{Game, Phase, SavedGame, Setup};
    use foreman::ui::{Job, Reply, worker_job};
    let reply = |g: &Game| -> Reply {
        let job = Job::Suggest {
            game: SavedGame::from_game(g).to_json(),
        };
        serde_json::from_str(&worker_job(&serde_json::to_string(&job).expect("json")))
            .expect("a reply")
    };
    // The worker's reply is JSON: an expected reply as JSON carries it (a number read back may
    // differ from the one written in its last digit).
    let as_json = |r: Reply| -> Reply {
        serde_json::from_str(&serde_json::to_string(&r).expect("json")).expect("a reply")
    };
    let mut g =
        Game::new_dealt(Setup::solo("P", foreman::engine::Difficulty::Medium, 3)).expect("a game");
    let mut bot = Bot::new(BotKind::Greedy, 3);
    let (mut markets, mut works) = (0, 0);
    while !g.state().is_over() && (markets < 2 || works < 2) {
        let known = g.known_to(g.state().current_player());
        let seed = bots::public_seed(&known);
        match g.state().phase {
            Phase::Market { .. } if g.state().current_player().is_some() => {
                let expected = bots::suggest_market(known.game(), seed);
                assert!(expected.is_some(), "a market choice");
                assert_eq!(reply(&g), as_json(Reply::Market(expected)));
                markets += 1;
            }
            Phase::Work { rolled: true, .. } if works < 2 => {
                let expected = bots::suggest_work(known.game(), seed, None).expect("a plan");
                assert_eq!(reply(&g), as_json(Reply::Plan(expected)));
                works += 1;
            }
            _ => {}
        }
        let act = bot.choose(&g).expect("the game goes on");
        g.apply_digital(act).expect("a bot's action");
    }
    assert!(
        markets >= 2 && works >= 2,
        "{markets} markets, {works} work phases asked"
    );
    for bad in [
        "{\"not\": \"a job\"}".to_string(),
        serde_json::to_string(&Job::Suggest {
            game: "{\"not\": \"a game\"}".into(),
        })
        .expect("json"),
    ] {
        assert!(
            matches!(
                serde_json::from_str::<Reply>(&worker_job(&bad)),
                Ok(Reply::Unreadable(_))
            ),
            "{bad}"
        );
    }
}

/// Issue 95, point 2: a bot's seat in a browser chooses in the worker as the window's thread
/// does: the same choices, one after another, as the same bot made from the game's setup,
/// choosing on what its seat may know; a seat no bot plays is refused.
#[test]
fn the_browsers_worker_chooses_for_a_bot_as_the_window_does() {
    use foreman::bots::{Bot, BotKind};
    use foreman::engine::{BotLevel, Game, SavedGame, Setup};
    use foreman::ui::{Job, Reply, worker_job};
    let mut setup = Setup::players(2, 21);
    setup.players[1].bot = Some(BotLevel::Hard);
    let mut g = Game::new_dealt(setup).expect("a game");
    let mut ann = Bot::new(BotKind::Greedy, 1);
    let mut mirror = Bot::new(BotKind::Planner, g.setup().seed ^ 2);
    let ask = |g: &Game, seat: usize| -> Reply {
        let job = Job::Bot {
            game: SavedGame::from_game(g).to_json(),
            seat,
        };
        serde_json::from_str(&worker_job(&serde_json::to_string(&job).expect("json")))
            .expect("a reply")
    };
    let mut chosen = 0;
    while !g.state().is_over() && chosen < 12 {
        let act = if g.state().current_player() == Some(1) {
            let expected = mirror.choose(&g.position_known_to(Some(1)));
            assert_eq!(ask(&g, 1), Reply::Bot(expected.clone()), "choice {chosen}");
            chosen += 1;
            expected.expect("the bot chooses")
        } else {
            ann.choose(&g).expect("Ann plays")
        };
        g.apply_digital(act).expect("legal");
    }
    assert_eq!(chosen, 12, "the bot chose twelve times");
    assert!(matches!(ask(&g, 0), Reply::Unreadable(_)), "Ann is no bot");
}

/// Issue 95, point 2: the review in a browser is thought in a worker of its own; its words are
/// the window's (the same review, said in the language asked), its progress is told as it goes,
/// and a game that is no saved game is refused.
#[test]
fn the_browsers_worker_reviews_a_game_as_the_window_does() {
    use foreman::bots::BotKind;
    use foreman::engine::{Difficulty, SavedGame};
    use foreman::i18n::{Lang, Tr};
    use foreman::sim::{self, Seating};
    use foreman::ui::{Job, Reply, worker_job};
    let game = sim::play(Seating::Solo(Difficulty::Medium), 8, BotKind::Greedy).expect("a game");
    let (setup, journal) = (game.setup().clone(), game.journal().to_vec());
    let reviewed =
        foreman::review::review(setup.clone(), &journal, 0, 1, |_| {}, || false).expect("a review");
    let expected = foreman::review::say(&Tr::new(Lang::Fr), &setup, &journal, &reviewed);
    let job = Job::Review {
        game: SavedGame::from_game(&game).to_json(),
        seat: 0,
        lang: Lang::Fr,
    };
    // Its progress told as it goes (the page's bar), to the end.
    let told = std::sync::atomic::AtomicU64::new(0);
    let reply: Reply = serde_json::from_str(&foreman::ui::worker_job_with(
        &serde_json::to_string(&job).expect("json"),
        &|share| {
            told.fetch_max(
                (share * 1000.0) as u64,
                std::sync::atomic::Ordering::Relaxed,
            );
        },
    ))
    .expect("a reply");
    assert_eq!(reply, Reply::Review(Ok(expected)));
    assert_eq!(
        told.into_inner(),
        1000,
        "the review's progress told to its end"
    );
    let job = Job::Review {
        game: "{}".into(),
        seat: 0,
        lang: Lang::En,
    };
    assert!(matches!(
        serde_json::from_str(&worker_job(&serde_json::to_string(&job).expect("json"))),
        Ok(Reply::Unreadable(_))
    ));
}
